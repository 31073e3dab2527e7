// The release build's wasm in two parts (src/ui/split.rs, tools/wasm-split): the page paints from the
// first load alone and fetches the rest after its first paint; a deferred function needed before the
// rest has come loads it synchronously, so the page works either way.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { useServerAndBrowser, openPage, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const DEFERRED = /_bg\.deferred\.wasm$/;
const STALE = "run `node scripts/split-profile.mjs` after a release build, then build again (README, First load)";

/** How the page fetched the deferred wasm: each request's initiator and start time. */
const loads = (page) =>
  page.evaluate((pattern) => ({
    requests: performance
      .getEntriesByType("resource")
      .filter((entry) => new RegExp(pattern).test(entry.name))
      .map((entry) => ({ by: entry.initiatorType, at: entry.startTime })),
  }), DEFERRED.source);

test("the build is split: a first load and a deferred wasm beside it", () => {
  const names = readdirSync("dist");
  assert.equal(names.filter((name) => DEFERRED.test(name)).length, 1, `dist holds ${names.join(", ")}`);
});

for (const [what, query] of [["the page", ""], ["the Japanese page", "?lang=ja"], ["the embedded player", "?embed=1&tour=kind"]]) {
  test(`${what} paints from the first load and fetches the rest after its first paint`, async () => {
    const { page, assertClean } = await openPage(shared.browser, "about:blank");
    // The first frame drawn with the clock in the document (the first contentful paint can come later
    // still, while a font for the page's language loads).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector("[data-testid=clock]")) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (window.__firstFrame = performance.now()), 0));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(shared.server.url + query);
    // The rest has come once the fetch has finished.
    await page.waitForFunction((pattern) =>
      performance.getEntriesByType("resource").some((entry) => new RegExp(pattern).test(entry.name) && entry.responseEnd > 0),
      DEFERRED.source);
    const { requests } = await loads(page);
    const firstFrame = await page.evaluate(() => window.__firstFrame);
    assert.deepEqual(requests.map((r) => r.by), ["fetch"], `a function outside the first load ran before the first paint: ${STALE}`);
    assert.ok(firstFrame !== undefined && requests[0].at >= firstFrame,
      `the rest was asked for at ${requests[0].at} ms, before the first frame at ${firstFrame} ms`);
    assertClean();
  });
}

test("a deferred function needed before the rest has come loads it at once, and the page works", async () => {
  const { page, problems, assertClean } = await openPage(shared.browser, "about:blank");
  // The background fetch never answers: the page's second stage waits for it, so load it through a
  // deferred function, as a click during a slow fetch would.
  await page.route(DEFERRED, (route) => (route.request().resourceType() === "fetch" ? undefined : route.continue()));
  await page.goto(shared.server.url);
  await page.getByTestId("narration").waitFor();
  await page.getByTestId("tour-next").click();
  await page.getByTestId("tour-next").click();
  assert.equal(
    await page.locator('[data-testid=node][data-node="kind-worker"] .podcidr code').textContent(),
    "10.244.1.0/24",
  );
  const { requests } = await loads(page);
  assert.ok(requests.some((r) => r.by === "xmlhttprequest"), `requests: ${JSON.stringify(requests)}`);
  // The rest is in, so the page's second stage is drawn without the fetch.
  await page.getByTestId("cluster-cidr").waitFor();
  await page.screenshot({ path: `${ARTIFACTS}/split-loaded-at-once.png` });
  assert.deepEqual(problems, []);
  assertClean();
});

test("the rest is fetched with the digest the build wrote: altered bytes are refused", async () => {
  const { page, problems } = await openPage(shared.browser, "about:blank");
  const warnings = [];
  page.on("console", (msg) => msg.type() === "warning" && warnings.push(msg.text()));
  // The background fetch gets one byte changed; a synchronous load afterwards gets the real module.
  await page.route(DEFERRED, async (route) => {
    if (route.request().resourceType() !== "fetch") return route.continue();
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[body.length - 1] ^= 1;
    return route.fulfill({ response, body });
  });
  await page.goto(shared.server.url);
  await page.getByTestId("narration").waitFor();
  await page.getByTestId("cluster-cidr").waitFor();
  assert.ok(warnings.some((text) => /podip: fetching the deferred wasm failed/.test(text)), `warnings: ${warnings.join("; ")}`);
  const integrity = await page.locator('link[rel=preload][href$="_bg.wasm"]').getAttribute("data-deferred-integrity");
  assert.match(integrity, /^sha384-[A-Za-z0-9+/]+=*$/);
  // Chromium reports the refused bytes itself; nothing else went wrong.
  assert.ok(problems.length > 0 && problems.every((text) => /integrity/.test(text)), `problems: ${problems.join("; ")}`);
});
