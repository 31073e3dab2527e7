// A page of figures on a phone before and after its engine (a measurement, not a test), in headless
// Chromium on a release build:
//   node e2e/facade-perf.mjs            (after `trunk build --release --offline`)
// The phone profile of e2e/phone-perf.mjs (CPU 4× slower, 9 Mbit/s down, 40 ms, gzip as hosts send it,
// an empty cache per load), a page of 8 tours' figures from another origin; medians of RUNS (5):
// * the figures drawn from their pictures, from navigation start;
// * a press of next: until the figure shows the next step and its picture is decoded (budget 100 ms);
// * a press of play: until the figure plays, the engine's fetch included (budget 1500 ms);
// * the bytes transferred before the press (encodedDataLength, everything: pictures and words too).
import { serve, launch, phonePage } from "./harness.mjs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RUNS = Number(process.env.RUNS ?? 5);
const app = await serve(process.env.DIST ?? "dist", "/", { cors: true, gzip: true });
const FIGURES = [["kind", 8], ["kind", 3], ["planning", 2], ["exhaustion", 3], ["dual-stack", 2], ["kcm-restart", 3], ["max-pods", 2], ["reboot-leak", 5]];
const dir = await mkdtemp(join(tmpdir(), "facade-perf-"));
await writeFile(join(dir, "index.html"), `<!doctype html><html lang="en"><meta charset="utf-8"><title>8 figures</title><link rel="icon" href="data:,">
<style>podip-figure{display:block}</style><script type="module" src="${app.url}podip-figure.js"></script>
${FIGURES.map(([tour, step]) => `<podip-figure tour="${tour}" step="${step}" controls="full"></podip-figure>`).join("\n")}`);
const host = await serve(dir);
const browser = await launch();

async function load() {
  const { context, page: tab, cdp } = await phonePage(browser);
  let bytes = 0;
  cdp.on("Network.loadingFinished", (event) => (bytes += event.encodedDataLength));
  await tab.goto(host.url);
  await tab.waitForFunction(() => [...document.querySelectorAll("podip-figure")].every((f) => f.shadowRoot?.querySelector("[data-testid=figure]")), null, { timeout: 60_000, polling: 100 });
  const drawn = await tab.evaluate(() => performance.now());
  await tab.waitForLoadState("networkidle");
  const before = bytes;
  const step = await tab.evaluate(async () => {
    const figure = document.querySelector("podip-figure");
    const at = performance.now();
    figure.shadowRoot.querySelector("[data-testid=figure-next]").click();
    const image = figure.shadowRoot.querySelector("[data-testid=figure][data-step='9'] image");
    // The next step's picture, decoded as an <img> of the same file would be.
    const img = new Image();
    img.src = image.getAttribute("href");
    await img.decode();
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    return performance.now() - at;
  });
  const play = await tab.evaluate(async () => {
    const figure = document.querySelectorAll("podip-figure")[1];
    const at = performance.now();
    figure.shadowRoot.querySelector("[data-testid=figure-play]").click();
    await new Promise((resolve) => {
      const check = () => (figure.shadowRoot.querySelector("[data-testid=figure][data-playing=true]") ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - at;
  });
  await context.close();
  return { drawn, step, play, before };
}

await load(); // not counted: the browser's first load pays for starting its processes
const samples = [];
for (let i = 0; i < RUNS; i++) samples.push(await load());
const median = (key) => [...samples.map((s) => s[key])].sort((a, b) => a - b)[samples.length >> 1];
console.log(`8 figures on the phone profile, medians of ${RUNS}: drawn from their pictures ${median("drawn").toFixed(0)} ms after navigation, ${(median("before") / 1024).toFixed(0)} KB transferred before a press (pictures and words included)`);
console.log(`a press of next to its picture shown: ${median("step").toFixed(0)} ms (budget 100); a press of play to playing, the engine fetched: ${median("play").toFixed(0)} ms (budget 1500)`);
console.log(`each run: ${samples.map((s) => `${s.step.toFixed(0)}/${s.play.toFixed(0)}`).join(" ")} ms (next/play)`);
await browser.close();
await host.close();
await app.close();
