// What the browser does before the first paint of a page (a measurement, not a test): a Chromium trace of
// each load, with JavaScript off (the HTML and CSS alone) or on, summed by kind of work up to the first
// contentful paint — parsing, style, layout, paint, raster — with the largest single tasks.
//   node e2e/paint-trace.mjs [path…]      (after `trunk build --release --offline`; JS=1 to keep scripts on)
import { serve, launch } from "./harness.mjs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const server = await serve(process.env.DIST ?? "dist");
const browser = await launch();
const plainDir = await mkdtemp(join(tmpdir(), "plain-"));
await writeFile(join(plainDir, "index.html"), "<!doctype html><html lang=en><meta charset=utf-8><title>plain</title><p>One paragraph of plain text, as a baseline for the first paint.</p>");
const plain = await serve(plainDir);
const paths = process.argv.slice(2);
const targets = [["plain HTML", plain.url], ...(paths.length ? paths : ["", "ja/", "tour/kind/"]).map((p) => [`podip /${p}`, server.url + p])];
const KINDS = {
  ParseHTML: "parse HTML", ParseAuthorStyleSheet: "parse CSS", UpdateLayoutTree: "style", Layout: "layout",
  PrePaint: "pre-paint", Paint: "paint", Layerize: "layerize", RasterTask: "raster", EvaluateScript: "script",
  "v8.compile": "script", CommitLoad: "commit", HitTest: "hit test", ScheduleStyleRecalculation: "schedule style",
};

for (const [name, url] of targets) {
  const totals = new Map();
  let fcpSum = 0;
  const RUNS = 5;
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ javaScriptEnabled: process.env.JS === "1", viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "loading", "v8"] });
    await page.goto(url, { waitUntil: "load" });
    // A measurement, not a test: the first frames are in the trace a moment after the load.
    await page.waitForTimeout(300);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    await context.close();
    const events = trace.traceEvents ?? trace;
    const start = events.find((e) => e.name === "navigationStart")?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
    const fcp = events.find((e) => e.name === "firstContentfulPaint")?.ts;
    if (!fcp) continue;
    fcpSum += (fcp - start) / 1000;
    for (const e of events) {
      const kind = KINDS[e.name];
      if (!kind || e.ph !== "X" || e.ts < start || e.ts > fcp) continue;
      totals.set(kind, (totals.get(kind) ?? 0) + (e.dur ?? 0) / 1000 / RUNS);
    }
  }
  const parts = [...totals].sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(", ");
  console.log(`${name.padEnd(22)} FCP ${(fcpSum / RUNS).toFixed(0).padStart(4)} ms (mean of ${RUNS}); main-thread work before it (ms): ${parts}`);
}
await browser.close();
await server.close();
await plain.close();
