// The article's explorable sentence on a phone (a measurement, not a test), in headless Chromium on a
// release build:
//   node e2e/sentence-perf.mjs                        (after `trunk build --release --offline`)
//   BASE=/tmp/dist-base node e2e/sentence-perf.mjs    (DIST beside another built site, interleaved)
// The phone profile of e2e/phone-perf.mjs (CPU 4× slower, 9 Mbit/s down, 1.5 Mbit/s up, 40 ms latency,
// 390 × 844, gzip as hosts send, a fresh context per load). At the first contentful paint of `read/`
// the reader drags the sentence's slider one step (it is scrolled to the middle of the window first):
// the fields the build rendered take the value at once, and the engine, fetched then (if the sentence's
// coming on screen has not fetched it already), starts from it. In page time, medians of RUNS (5):
// * dragged: at the first contentful paint;
// * live: the engine has drawn the sentence;
// * answered: the sentence's words say the dragged mask's numbers.
// The budget (issue 53): the first drag answered within 1.5 s, the engine's fetch included.
import { launch, phonePage, interleavedBuilds } from "./harness.mjs";

const RUNS = Number(process.env.RUNS ?? 5);
const browser = await launch();

/** In the page before its scripts: drag the sentence's slider at the first contentful paint (once its
 *  script has made it take input), and note when the engine draws it and its words follow. */
function watch() {
  const note = (name) => { if (window[name] === undefined) window[name] = performance.now(); };
  const drag = () => {
    const slider = document.querySelector("[data-testid=sentence-slider]");
    if (!performance.getEntriesByName("first-contentful-paint").length || !slider || slider.disabled) return requestAnimationFrame(drag);
    slider.scrollIntoView({ block: "center" });
    const words = document.querySelector(".sentence-words").textContent;
    slider.value = String(Number(slider.value) + 1);
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    note("__dragged");
    const answered = () => {
      if (document.querySelector("[data-testid=sentence][data-live=true]")) note("__live");
      if (document.querySelector(".sentence-words")?.textContent !== words) note("__answered");
      if (window.__live === undefined || window.__answered === undefined) requestAnimationFrame(answered);
    };
    answered();
  };
  requestAnimationFrame(drag);
}

async function load(server) {
  const { context, page: tab } = await phonePage(browser);
  await tab.addInitScript(watch);
  await tab.goto(server.url + "read/", { waitUntil: "commit" });
  await tab.waitForFunction(() => window.__answered !== undefined && window.__live !== undefined, null, { timeout: 60_000, polling: 100 });
  const result = await tab.evaluate(() => ({ dragged: window.__dragged, live: window.__live, answered: window.__answered }));
  await context.close();
  return result;
}

const samples = await interleavedBuilds(RUNS, load);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(`phone: CPU 4× slower, 9 Mbit/s down, 1.5 Mbit/s up, 40 ms latency, 390 × 844, empty cache; /read/; ${RUNS} rounds`);
for (const [build, runs] of Object.entries(samples)) {
  console.log(`  ${build.padEnd(4)} first drag answered ${median(runs.map((r) => r.answered - r.dragged)).toFixed(0)} ms after it (budget 1500; each: ${runs.map((r) => (r.answered - r.dragged).toFixed(0)).join(" ")}); `
    + `dragged at ${median(runs.map((r) => r.dragged)).toFixed(0)} ms, the engine's sentence live at ${median(runs.map((r) => r.live)).toFixed(0)} ms`);
}
await browser.close();
