// What the browser does before the first paint of a page (a measurement, not a test): a Chromium trace of
// each load, summed by kind of work up to the first contentful paint — parsing, style, layout, paint,
// raster — as main-thread CPU time (a trace event's thread duration, which a busy machine's waits for a
// core do not swell), with the first contentful paint's wall time beside it. Builds and peers load in
// interleaved rounds, so a busy moment falls on each alike; medians of ROUNDS.
//   node e2e/paint-trace.mjs [path…]      (after `trunk build --release --offline`)
//   DISTS=before=/tmp/old-dist,dist PEERS=vsc=/tmp/vsc/dist ROUNDS=9 node e2e/paint-trace.mjs
// JS=0 loads with scripts off (then Chromium loads a lazy image at once, as if it were not lazy);
// PHONE=1 emulates the phone profile (CPU 4× slower, 9 Mbit/s, 40 ms).
import { serve, launch } from "./harness.mjs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const named = (list) => list.split(",").filter(Boolean).map((entry) => (entry.includes("=") ? entry.split("=") : [entry, entry]));
const dists = named(process.env.DISTS ?? "dist");
const peers = named(process.env.PEERS ?? "");
const paths = process.argv.slice(2).length ? process.argv.slice(2) : [""];
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const plainDir = await mkdtemp(join(tmpdir(), "plain-"));
await writeFile(join(plainDir, "index.html"), "<!doctype html><html lang=en><meta charset=utf-8><title>plain</title><p>One paragraph of plain text, as a baseline for the first paint.</p>");
const servers = [];
const serveDir = async (dir) => { const server = await serve(dir); servers.push(server); return server.url; };
const targets = [["plain HTML", await serveDir(plainDir)]];
for (const [name, dir] of dists) {
  const url = await serveDir(dir);
  for (const path of paths) targets.push([`${name} /${path}`, url + path]);
}
for (const [name, dir] of peers) targets.push([name, await serveDir(dir)]);

const KINDS = {
  ParseHTML: "parse HTML", ParseAuthorStyleSheet: "parse CSS", UpdateLayoutTree: "style", Layout: "layout",
  PrePaint: "pre-paint", Paint: "paint", Layerize: "layerize", RasterTask: "raster",
};
const browser = await launch();
async function once(url) {
  const context = await browser.newContext({ javaScriptEnabled: process.env.JS !== "0", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (process.env.PHONE === "1") {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "blink.user_timing", "loading", "v8"] });
  await page.goto(url, { waitUntil: "load" });
  // A measurement, not a test: the first frames are in the trace a moment after the load.
  await page.waitForTimeout(300);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const start = events.find((e) => e.name === "navigationStart")?.ts;
  const fcp = events.find((e) => e.name === "firstContentfulPaint")?.ts;
  if (!start || !fcp) return undefined;
  const work = { fcp: (fcp - start) / 1000 };
  for (const e of events) {
    const kind = KINDS[e.name];
    if (!kind || e.ph !== "X" || e.ts < start || e.ts > fcp) continue;
    work[kind] = (work[kind] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
  }
  return work;
}

const samples = new Map(targets.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, url] of targets) {
    const work = await once(url);
    if (work) samples.get(name).push(work);
  }
}
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
const kinds = [...new Set(Object.values(KINDS))];
for (const [name, runs] of samples) {
  const parts = kinds.map((kind) => [kind, median(runs.map((r) => r[kind] ?? 0))]).filter(([, ms]) => ms >= 0.05);
  const total = parts.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`${name.padEnd(28)} FCP ${median(runs.map((r) => r.fcp)).toFixed(0).padStart(4)} ms; thread work before it ${total.toFixed(1)} ms: ${parts.sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(", ")}`);
}
await browser.close();
for (const server of servers) await server.close();
