// The article's budgets (a measurement, not a test), in headless Chromium on a release build:
//   node e2e/article-perf.mjs            (after `trunk build --release --offline`)
// * first contentful paint of each language's article beside the app's page in that language, in
//   interleaved rounds (medians of 7): the article's no later than the app's;
// * scrolling the whole English article at a reader's pace with its figures playing as they come into
//   view: wasm requests (budget one) and long tasks (budget: none over 50 ms).
import { serve, launch, firstContentfulPaint } from "./harness.mjs";

const server = await serve(process.env.DIST ?? "dist");
const browser = await launch();
const RUNS = Number(process.env.RUNS ?? 7);

const fcp = (path) => firstContentfulPaint(browser, server.url + path);

const paths = ["", "read/", "ja/", "ja/read/", "zh/", "zh/read/"];
const samples = new Map(paths.map((p) => [p, []]));
for (let i = 0; i < RUNS; i++) {
  for (const path of i % 2 ? [...paths].reverse() : paths) samples.get(path).push(await fcp(path));
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
for (const [path, values] of samples) {
  console.log(`/${path.padEnd(10)} first contentful paint median ${median(values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(" ")})`);
}

const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
const wasm = [];
page.on("request", (request) => request.url().endsWith(".wasm") && wasm.push(request.url()));
await page.goto(server.url + "read/");
// Every figure drawn (from its pictures), but the sentence's, which waits for the sentence to be reached.
await page.waitForFunction(() => [...document.querySelectorAll("podip-figure")].every((f) => f.closest("podip-sentence:not([data-drawn])") || f.shadowRoot?.querySelector("[data-testid=figure]")));
const result = await page.evaluate(async () => {
  const long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(Math.round(e.duration)))).observe({ type: "longtask" });
  // A reader's pace: 200 px every 250 ms to the end.
  while (window.scrollY + innerHeight < document.documentElement.scrollHeight - 2) {
    window.scrollBy(0, 200);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return { long, height: document.documentElement.scrollHeight };
});
console.log(`scrolling the article (${result.height} px) with its figures playing: ${wasm.length} wasm request(s); long tasks over 50 ms: ${result.long.length}${result.long.length ? ` (${result.long.join(", ")} ms)` : ""}`);
await context.close();
await browser.close();
await server.close();
