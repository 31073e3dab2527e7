// The budgets of `<podip-figure>` (a measurement, not a test), in headless Chromium on a release build:
//   node e2e/figures-perf.mjs            (after `trunk build --release --offline`)
// A page of 8 figures and a page of 1, each served from another origin than podip's build:
// * the time from the script's start to every figure drawn from its pictures (no wasm), and then,
//   every figure's play pressed, to every figure drawn by the engine and playing (budget: one wasm
//   request, 400 ms);
// * the page's memory once drawn by the engine: the JS heap plus the wasm's linear memory (budget: 8
//   figures at most 2× one);
// * the 8 figures playing at once at 1× (each pressed play): long tasks over 50 ms (budget: none) and
//   each frame's main-thread work, from a trace (budget: p95 ≤ 12 ms);
// * the first paint with the figures' SVGs in the HTML, before any script.
import { serve, launch } from "./harness.mjs";
import { mkdtemp, writeFile, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dist = process.env.DIST ?? "dist";
const app = await serve(dist, "/", { cors: true });
const glue = (await readFile(join(dist, "podip-figure.js"), "utf8")).match(/glue: "([^"]+)"/)[1];
const FIGURES = [
  ["kind", 8], ["kind", 3], ["planning", 2], ["exhaustion", 3], ["dual-stack", 4], ["kcm-restart", 3], ["max-pods", 2], ["reboot-leak", 5],
];
const dir = await mkdtemp(join(tmpdir(), "figures-"));
const page = (n, figures = FIGURES) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>${n} figures</title><link rel="icon" href="data:,">
<style>body{margin:0;font:16px system-ui}main{display:grid;grid-template-columns:repeat(4,1fr);gap:8px;padding:8px}podip-figure{margin:0}podip-figure img{width:100%;height:auto;display:block}</style>
<script type="module" src="${app.url}podip-figure.js"></script>
<main>${figures.slice(0, n).map(([tour, step]) => `<podip-figure tour="${tour}" step="${step}" controls="full"><img src="${app.url}figures/en/${tour}/${step}.svg" alt="${tour} step ${step}"></podip-figure>`).join("\n")}</main>`;
await writeFile(join(dir, "8.html"), page(8));
await writeFile(join(dir, "1.html"), page(1));
// An article's case: eight figures of one story, each at its own step.
await writeFile(join(dir, "8-kind.html"), page(8, [1, 2, 3, 4, 5, 6, 8, 10].map((step) => ["kind", step])));
const host = await serve(dir);
const browser = await launch();

/** Open `file` of the host; resolves once every figure is drawn, with the measurements of the load. */
async function load(file) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const tab = await context.newPage();
  // The script's start: it defines the element as it runs.
  await tab.addInitScript(() => {
    const define = customElements.define.bind(customElements);
    customElements.define = (...args) => {
      window.__scriptStart = performance.now();
      return define(...args);
    };
  });
  const wasm = [];
  tab.on("request", (request) => request.url().endsWith(".wasm") && wasm.push(request.url()));
  await tab.goto(host.url + file);
  const count = Number(file.split(/[.-]/)[0]);
  await tab.waitForFunction((count) => [...document.querySelectorAll("podip-figure")].filter((f) => f.shadowRoot?.querySelector("[data-testid=figure][data-time]")).length === count, count, { timeout: 30_000, polling: "raf" });
  const picturedAt = await tab.evaluate(() => performance.now());
  const before = [...wasm];
  // Every figure's play pressed: the engine fetched, each figure drawn by it and playing.
  const pressedAt = await tab.evaluate(() => {
    for (const figure of document.querySelectorAll("podip-figure")) figure.shadowRoot.querySelector("[data-testid=figure-play]").click();
    return performance.now();
  });
  await tab.waitForFunction((count) => [...document.querySelectorAll("podip-figure")].filter((f) => f.drawn && f.shadowRoot.querySelector("[data-testid=figure][data-playing=true]")).length === count, count, { timeout: 30_000, polling: "raf" });
  const drawnAt = await tab.evaluate(() => performance.now());
  // Paused again, at the step each played to.
  await tab.evaluate(() => document.querySelectorAll("podip-figure").forEach((f) => f.shadowRoot.querySelector("[data-testid=figure][data-playing=true] [data-testid=figure-play]")?.click()));
  const scriptStart = await tab.evaluate(() => window.__scriptStart);
  const fcp = await tab.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
  const cdp = await context.newCDPSession(tab);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  const linear = await tab.evaluate(async (url) => (await (await import(url)).default()).memory.buffer.byteLength, app.url + glue);
  return { context, tab, wasm, before, pictured: picturedAt - scriptStart, drawn: drawnAt - pressedAt, fcp, memory: usedSize + linear, heap: usedSize, linear };
}

const one = await load("1.html");
await one.context.close();
const kind = await load("8-kind.html");
await kind.context.close();
const eight = await load("8.html");
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
console.log(`8 figures of 7 tours: every figure drawn from its pictures ${eight.pictured.toFixed(0)} ms after the script started, with ${eight.before.length} wasm request(s) (8 of the kind tour: ${kind.pictured.toFixed(0)} ms)`);
console.log(`then every play pressed: ${eight.wasm.length} wasm request(s); every figure drawn by the engine and playing ${eight.drawn.toFixed(0)} ms after the presses (budget 400 ms); 8 of the kind tour: ${kind.drawn.toFixed(0)} ms`);
const memory = (load) => `${mb(load.memory)} (JS heap ${mb(load.heap)} + wasm ${mb(load.linear)}): ${(load.memory / one.memory).toFixed(2)}×`;
console.log(`memory: 1 figure ${mb(one.memory)} (JS heap ${mb(one.heap)} + wasm ${mb(one.linear)}); 8 of the kind tour ${memory(kind)}; 8 of 7 tours ${memory(eight)} (budget 2×)`);
console.log(`first contentful paint with the figures' SVGs in the HTML: ${eight.fcp?.toFixed(0)} ms after navigation`);

// All eight playing at once.
const tab = eight.tab;
await browser.startTracing(tab, { categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline.frame"] });
const result = await tab.evaluate(async () => {
  const long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration))).observe({ type: "longtask", buffered: false });
  for (const figure of document.querySelectorAll("podip-figure")) figure.shadowRoot.querySelector("[data-testid=figure-play]").click();
  const frames = [];
  let last = performance.now();
  await new Promise((resolve) => {
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      const playing = [...document.querySelectorAll("podip-figure")].filter((f) => f.shadowRoot.querySelector("[data-playing=true]")).length;
      if (frames.length < 300 && playing > 0) requestAnimationFrame(tick);
      else resolve();
    };
    requestAnimationFrame(tick);
  });
  return { frames: frames.length, longTasks: long.length, longest: Math.max(0, ...long) };
});
const trace = await browser.stopTracing();
const events = JSON.parse(trace.toString()).traceEvents;
const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args.name === "CrRendererMain");
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
const tasks = onMain.filter((e) => e.ph === "X" && e.name === "ThreadControllerImpl::RunTask");
const starts = onMain.filter((e) => e.name === "BeginMainThreadFrame").map((e) => e.ts).sort((a, b) => a - b);
const work = starts.slice(1).map((to, k) => tasks.reduce((sum, t) => sum + Math.max(0, Math.min(t.ts + t.dur, to) - Math.max(t.ts, starts[k])), 0) / 1000).sort((a, b) => a - b);
console.log(`8 figures playing at 1×: ${result.frames} frames; long tasks > 50 ms: ${result.longTasks} (longest ${result.longest.toFixed(0)} ms); each frame's main-thread work (trace, ${work.length} frames): median ${work[work.length >> 1].toFixed(1)} ms, p95 ${work[Math.floor(work.length * 0.95)].toFixed(1)} ms (budget 12 ms), longest ${work.at(-1).toFixed(1)} ms`);
await eight.context.close();
await browser.close();
await host.close();
await app.close();
