// A step press answered on a tour page, on a phone (a measurement, not a test), in headless Chromium on
// a release build:
//   node e2e/tour-perf.mjs                            (after `trunk build --release --offline`)
//   BASE=/tmp/dist-base node e2e/tour-perf.mjs        (DIST beside another built site, interleaved)
// The phone profile of e2e/phone-perf.mjs (CPU 4× slower, 9 Mbit/s down, 1.5 Mbit/s up, 40 ms latency,
// 390 × 844, gzip as hosts send, a fresh context per load). At the first contentful paint of PATH
// (tour/kind/?quiz=0) the page's next-step control is pressed, as a reader pressing as soon as it is
// on screen; in page time from navigation start, medians of RUNS (5):
// * answered: the narration says step 1 (the page's stops, or the app once it has taken the press);
// * pictured: step 1's stage is on screen (its picture decoded, or the app's own stage drawn);
// * app live: the wasm has taken the page over (as phone-perf.mjs's "controls live");
// beside them the first contentful paint, DOMContentLoaded and the bytes of the page's HTML and of all
// it loaded by the load event (CDP's encodedDataLength).
import { launch, phonePage, interleavedBuilds } from "./harness.mjs";

const RUNS = Number(process.env.RUNS ?? 5);
const PATH = process.env.TOUR_PATH ?? "tour/kind/?quiz=0";
const browser = await launch();

/** In the page before its scripts: press the next-step control at the first contentful paint, and note
 *  when step 1 is said, drawn, and when the app has taken over. */
function watch() {
  const note = (name) => { if (window[name] === undefined) window[name] = performance.now(); };
  const check = () => {
    const html = document.documentElement;
    if (!html) return;
    const app = !html.hasAttribute("data-view") && !document.querySelector("#podip > .prerendered");
    if (app && document.querySelector("#podip [data-testid=play]")) note("__appLive");
    if (window.__pressed === undefined) return;
    if (document.querySelector('#podip [data-testid=narration][data-step="1"]')) note("__answered");
    const img = document.querySelector("#podip .stage-picture img");
    const drawn = app ? document.querySelector("#podip [data-testid=stage] svg") : img?.complete && img.naturalWidth > 0 && /stage-1(-dark)?\.svg$/.test(img.currentSrc);
    if (window.__answered !== undefined && drawn) note("__pictured");
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener("load", check, true);
  // At the first frame after the first contentful paint (a paint observer's report may come late on a
  // busy main thread).
  const press = () => {
    if (!performance.getEntriesByName("first-contentful-paint").length) return requestAnimationFrame(press);
    document.querySelector("#podip [data-testid=tour-next]")?.click();
    window.__pressed = performance.now();
    check();
  };
  requestAnimationFrame(press);
}

async function load(server) {
  const { context, page: tab, cdp } = await phonePage(browser);
  let bytes = 0, html = 0;
  const documents = new Set();
  cdp.on("Network.responseReceived", (event) => { if (event.type === "Document") documents.add(event.requestId); });
  cdp.on("Network.loadingFinished", (event) => { bytes += event.encodedDataLength; if (documents.has(event.requestId)) html += event.encodedDataLength; });
  await tab.addInitScript(watch);
  await tab.goto(server.url + PATH, { waitUntil: "commit" });
  await tab.waitForFunction(() => window.__pictured !== undefined && window.__appLive !== undefined, null, { timeout: 60_000, polling: 100 });
  await tab.waitForLoadState("load");
  const result = await tab.evaluate(() => ({
    pressed: window.__pressed, answered: window.__answered, pictured: window.__pictured, live: window.__appLive,
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    dcl: performance.getEntriesByType("navigation")[0]?.domContentLoadedEventEnd,
  }));
  await context.close();
  return { ...result, bytes, html };
}

const samples = await interleavedBuilds(RUNS, load);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const ms = (runs, key) => `${median(runs.map((r) => r[key])).toFixed(0)} ms`;
console.log(`phone: CPU 4× slower, 9 Mbit/s down, 1.5 Mbit/s up, 40 ms latency, 390 × 844, empty cache; /${PATH}; ${RUNS} rounds`);
for (const [build, runs] of Object.entries(samples)) {
  console.log(`  ${build.padEnd(4)} step answered ${ms(runs, "answered")} (${runs.map((r) => r.answered.toFixed(0)).join(" ")}), pictured ${ms(runs, "pictured")}; pressed at ${ms(runs, "pressed")}, `
    + `answered ${median(runs.map((r) => r.answered - r.pressed)).toFixed(0)} ms and pictured ${median(runs.map((r) => r.pictured - r.pressed)).toFixed(0)} ms after`);
  console.log(`       first contentful paint ${ms(runs, "fcp")}, DOMContentLoaded ${ms(runs, "dcl")}, app live ${ms(runs, "live")}; `
    + `HTML ${(median(runs.map((r) => r.html)) / 1e3).toFixed(1)} KB, ${(median(runs.map((r) => r.bytes)) / 1e6).toFixed(2)} MB by load`);
}
await browser.close();
