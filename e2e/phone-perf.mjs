// Time to live on a phone (a measurement, not a test), in headless Chromium on a release build:
//   node e2e/phone-perf.mjs                          (after `trunk build --release --offline`)
//   BASE=/tmp/dist-base node e2e/phone-perf.mjs      (DIST beside another built site, side by side)
// A phone emulated through CDP: CPU 4× slower, 9 Mbit/s down, 1.5 Mbit/s up, 40 ms latency, 390 × 844,
// a fresh context (empty cache) per load. In page time from navigation start, medians of RUNS (5):
// * the article (read/): its first live figure, a <podip-figure> whose shadow root holds its
//   [data-testid=figure] (until then it shows its pre-rendered SVG): drawn by podip-figure.js from the
//   build's pictures, with its steps, before any wasm (which it fetches when the figure plays); budget
//   2000 ms;
// * the app (/): its controls live, when the wasm has taken the pre-rendered markup away (`data-view`
//   off <html>, no `#podip > .prerendered`) and drawn its own play button; budget 1500 ms.
// Beside each: when the wasm's response ended, the first contentful paint, and the bytes transferred
// (CDP's encodedDataLength, of what finished by then and by the load event), gzip-compressed as most
// hosts send them.
import { launch, phonePage, interleavedBuilds } from "./harness.mjs";

const RUNS = Number(process.env.RUNS ?? 5);
const PAGES = {
  article: { path: "read/", what: "first live figure", mark: "__figureLive", wasm: /podip-figures_bg\.wasm$/, budget: 2000 },
  app: { path: "", what: "controls live", mark: "__appLive", wasm: /podip-web-[0-9a-f]+_bg\.wasm$/, budget: 1500 },
};

const browser = await launch();

/** In the page before its scripts: note, in page time, the first moment each measure's condition holds. */
function watch() {
  const check = () => {
    const html = document.documentElement;
    if (window.__appLive === undefined && html && !html.hasAttribute("data-view")
      && !document.querySelector("#podip > .prerendered") && document.querySelector("#podip [data-testid=play]")) {
      window.__appLive = performance.now();
    }
    if (window.__figureLive === undefined) {
      const live = [...document.querySelectorAll("podip-figure")].findIndex((f) => f.shadowRoot?.querySelector("[data-testid=figure]"));
      if (live >= 0) [window.__figureLive, window.__figureIndex] = [performance.now(), live];
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-view"] });
  // A figure draws inside its shadow root, which a document's observer does not see: watch each too.
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    observer.observe(root, { childList: true, subtree: true });
    return root;
  };
}

/** One load of `page` from `server` on the phone profile; resolves to its measurements. */
async function load(server, page) {
  const { context, page: tab, cdp } = await phonePage(browser);
  let bytes = 0;
  cdp.on("Network.loadingFinished", (event) => (bytes += event.encodedDataLength));
  await tab.addInitScript(watch);
  await tab.goto(server.url + page.path, { waitUntil: "commit" });
  // Polled every 100 ms, not every frame: the poll is work on the throttled main thread too.
  await tab.waitForFunction((mark) => window[mark] !== undefined, page.mark, { timeout: 60_000, polling: 100 });
  await tab.waitForLoadState("load");
  const result = await tab.evaluate(({ mark, wasm }) => ({
    live: window[mark],
    figure: window.__figureIndex,
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    wasmEnd: performance.getEntriesByType("resource").find((r) => new RegExp(wasm).test(r.name))?.responseEnd,
  }), { mark: page.mark, wasm: page.wasm.source });
  await context.close();
  return { ...result, bytes };
}

// Each round loads every page of each build, interleaved so a busy moment of the machine falls on both alike.
const rounds = await interleavedBuilds(RUNS, async (server) => {
  const loaded = {};
  for (const [name, page] of Object.entries(PAGES)) loaded[name] = await load(server, page);
  return loaded;
});

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const ms = (values) => `${median(values).toFixed(0)} ms`;
console.log(`phone: CPU 4× slower, 9 Mbit/s down, 1.5 Mbit/s up, 40 ms latency, 390 × 844, empty cache; ${RUNS} rounds`);
for (const [name, page] of Object.entries(PAGES)) {
  console.log(`${name} (/${page.path}): ${page.what}, budget ${page.budget} ms`);
  for (const [build, loads] of Object.entries(rounds)) {
    const runs = loads.map((loaded) => loaded[name]);
    const live = runs.map((r) => r.live);
    const verdict = median(live) <= page.budget ? "met" : "over";
    console.log(`  ${build.padEnd(4)} median ${ms(live).padStart(7)} ${verdict.padEnd(4)} (${live.map((v) => v.toFixed(0)).join(" ")})`);
    const which = name === "article" ? `; first live: figure #${[...new Set(runs.map((r) => r.figure + 1))].join("/")} of the page` : "";
    // A page of figures draws them from their pictures: no wasm by then.
    const wasm = runs.some((r) => r.wasmEnd === undefined) ? "no wasm fetched by then" : `wasm response ended ${ms(runs.map((r) => r.wasmEnd))}, live ${ms(runs.map((r) => r.live - r.wasmEnd))} after it`;
    console.log(`       ${wasm}; `
      + `first contentful paint ${ms(runs.map((r) => r.fcp ?? NaN))}; ${(median(runs.map((r) => r.bytes)) / 1e6).toFixed(2)} MB transferred${which}`);
  }
}
await browser.close();
