// The first paint of the page rendered at build time, and when the app takes over (a measurement, not a
// test), on a local server and over a 4 Mbit/s, 40 ms link, each five times:
//   node e2e/first-paint.mjs            (after `trunk build --release --offline`; DIST=dir for another)
// Prints the first contentful paint (the narration and the stage are in the HTML, so it is the first
// paint with both), and "interactive": when the app has drawn over the markup, so the play button works.
import { serve, launch } from "./harness.mjs";

const server = await serve(process.env.DIST ?? "dist");
const browser = await launch();
const RUNS = 5;

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
await browser.close();
await server.close();
