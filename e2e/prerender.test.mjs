// The page rendered at build time (src/bin/prerender.rs, Trunk's post-build hook): the served HTML holds
// the kind tour's first narration and the stage before any script runs; without JavaScript it is still a
// readable first step; with JavaScript the app takes over without an error or a layout shift and plays;
// a link to another view never shows the English default first.
//   node --test --test-reporter=spec e2e/prerender.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

/** The default view's first narration, in English. */
const INTRO = "A three-node kind cluster as measured";

test("the served HTML holds the first narration and the stage before any script runs", async () => {
  const html = await (await fetch(shared.server.url)).text();
  assert.ok(html.includes(INTRO), "the narration is in the HTML");
  for (const hook of ["narration", "stage", "stage-node", "stage-cidr-cell", "play"]) {
    assert.match(html, new RegExp(`data-testid="?${hook}"?[ >]`), `${hook} is in the HTML`);
  }
  assert.match(html, /data-node="?kind-control-plane"?/);
  assert.ok(Buffer.byteLength(html) < 60_000, `the HTML is ${Buffer.byteLength(html)} bytes`);
});

test("without JavaScript the page is the kind tour's first step with its picture", async () => {
  const context = await shared.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(shared.server.url);
  assert.ok(await page.getByTestId("narration").isVisible());
  assert.match(await page.getByTestId("step-text").textContent(), new RegExp(INTRO));
  assert.ok(await page.getByTestId("stage").isVisible());
  assert.equal(await page.getByTestId("stage-node").count(), 1, "the control plane, at 0 s");
  await page.screenshot({ path: `${ARTIFACTS}/prerendered-no-js.png` });
  await context.close();
});

test("with JavaScript the app takes over the same view without a shift, and plays", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url, { width: 1280, height: 800 }, () => {
    window.__shifts = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (!e.hadRecentInput) window.__shifts += e.value; }))
      .observe({ type: "layout-shift", buffered: true });
  });
  await settled(page);
  // Until the app has drawn all it draws (the cards after the first paint, the editor last) in its
  // fonts, and the browser has scored the frames since.
  await page.getByTestId("scenario-editor").waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shifts = await page.evaluate(() => window.__shifts);
  assert.ok(shifts < 0.01, `layout shift from navigation until the app has drawn every card: ${shifts}`);
  await page.getByTestId("play").click();
  // (The kind tour pauses before its first question, at about 1 s.)
  await page.waitForFunction(() => /t = (0\.[3-9]|[1-9])/.test(document.querySelector("[data-testid=clock]").textContent));
  await page.getByTestId("pause").click();
  assertClean();
});

test("a link to another view never shows the English default first", async () => {
  // What would give the default view away: its first narration, or (in the player) the page's header.
  for (const [query, sign] of [["?lang=ja", INTRO], ["?tour=exhaustion&step=3", INTRO], ["?embed=1", "Keyboard shortcuts"]]) {
    const { page, assertClean } = await openPage(shared.browser, shared.server.url + query, { width: 1280, height: 800 }, (sign) => {
      // What is visible at each animation frame until the app has drawn.
      window.__frames = [];
      const look = () => {
        const mount = document.getElementById("podip");
        const visible = mount && getComputedStyle(mount).visibility !== "hidden" ? mount.innerText : "";
        window.__frames.push(visible.includes(sign));
        if (window.__frames.length < 120) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    }, sign);
    await settled(page);
    const frames = await page.evaluate(() => window.__frames);
    assert.ok(frames.length > 0 && !frames.includes(true), `${query}: the English default was seen at a frame`);
    assertClean();
  }
});

test("a browser whose first language is Japanese does not see the English default either", async () => {
  const context = await shared.browser.newContext({ locale: "ja-JP" });
  const page = await context.newPage();
  await page.addInitScript((intro) => {
    window.__seen = false;
    const look = () => {
      const mount = document.getElementById("podip");
      if (mount && getComputedStyle(mount).visibility !== "hidden" && mount.innerText.includes(intro)) window.__seen = true;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, INTRO);
  await page.goto(shared.server.url);
  await page.getByTestId("narration").waitFor();
  await page.waitForFunction(() => document.documentElement.lang === "ja");
  assert.equal(await page.evaluate(() => window.__seen), false);
  await context.close();
});
