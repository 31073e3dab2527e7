// The first paint of the page rendered at build time, and when the app takes over (a measurement, not a
// test), on a local server and over a 4 Mbit/s, 40 ms link, each five times:
//   node e2e/first-paint.mjs            (after `trunk build --release --offline`; DIST=dir for another)
// Prints the first contentful paint (the narration and the stage are in the HTML, so it is the first
// paint with both), and "interactive": when the app has drawn over the markup, so the play button works.
// Then, side by side in one run (a fresh browser context per load, medians of RUNS): a plain static HTML
// page of one paragraph, podip's pages and shared links, and the peers given as PEERS=name=dir,… (each a
// built static site; see docs/measurements.md for how to build them).
import { serve, launch, firstContentfulPaint } from "./harness.mjs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const server = await serve(process.env.DIST ?? "dist");
const browser = await launch();
const RUNS = Number(process.env.RUNS ?? 5);

async function once(throttled) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false, latency: 40, downloadThroughput: (4e6 / 8), uploadThroughput: (4e6 / 8),
    });
  }
  await page.addInitScript(() => {
    // The app drew: the page's `data-view` mark is gone (ui::start removes it as it mounts) and the
    // markup under #podip is the app's.
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.view === undefined && document.querySelector("#podip [data-testid=play]")) {
        observer.disconnect();
        window.__interactive = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.goto(server.url);
  await page.waitForFunction(() => window.__interactive, null, { timeout: 30_000 });
  const result = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    interactive: window.__interactive,
  }));
  await context.close();
  return result;
}

const range = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms (median ${values.sort((a, b) => a - b)[values.length >> 1].toFixed(0)})`;
for (const throttled of [false, true]) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(throttled));
  const link = throttled ? "over 4 Mbit/s, 40 ms" : "local server";
  console.log(`${link}: first contentful paint (narration and stage) ${range(runs.map((r) => r.fcp))}; interactive ${range(runs.map((r) => r.interactive))}`);
}
/** The first contentful paint of `url` in a fresh context, in ms. */
const fcp = (url) => firstContentfulPaint(browser, url);

const plainDir = await mkdtemp(join(tmpdir(), "plain-"));
await writeFile(join(plainDir, "index.html"), "<!doctype html><html lang=en><meta charset=utf-8><title>plain</title><p>One paragraph of plain text, as a baseline for the first paint.</p>");
const plain = await serve(plainDir);
const peers = await Promise.all(
  (process.env.PEERS ?? "").split(",").filter(Boolean).map(async (entry) => {
    const [name, dir] = entry.split("=");
    return [name, await serve(dir)];
  }),
);
const targets = [
  ["plain HTML", plain.url],
  ...["", "ja/", "zh/", "tour/kind/", "ja/tour/reboot-leak/", "?tour=kind&step=8"].map((path) => [`podip /${path}`, server.url + path]),
  ...peers.map(([name, peer]) => [name, peer.url]),
];
const samples = new Map(targets.map(([name]) => [name, []]));
// Interleaved rounds, so a busy moment of the machine falls on every target alike.
for (let i = 0; i < RUNS; i++) {
  for (const [name, url] of targets) samples.get(name).push(await fcp(url));
}
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
const base = median(samples.get("plain HTML"));
for (const [name, values] of samples) {
  console.log(`${name.padEnd(28)} first contentful paint ${median(values).toFixed(0).padStart(4)} ms (${(median(values) / base).toFixed(2)}× plain)`);
}
await browser.close();
await server.close();
await plain.close();
for (const [, peer] of peers) await peer.close();
