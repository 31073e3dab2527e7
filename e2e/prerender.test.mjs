// The page rendered at build time (src/bin/prerender.rs, Trunk's post-build hook): the served HTML holds
// the kind tour's first narration and the stage before any script runs; without JavaScript it is still a
// readable first step; with JavaScript the app takes over without an error or a layout shift and plays;
// a link to another view never shows the English default first; each language and each tour has a page
// of its own, rendered at build time in its language, which a query that only moves within it does not hide.
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
  for (const hook of ["narration", "stage", "play"]) {
    assert.match(html, new RegExp(`data-testid="?${hook}"?[ >]`), `${hook} is in the HTML`);
  }
  // The stage is a picture of the same markup beside the page, in each theme.
  assert.match(html, /<img loading="?lazy"? decoding="?async"? src="?stage\.svg"?/);
  assert.match(html, /<source srcset="?stage-dark\.svg"? media="?\(prefers-color-scheme: dark\)"?>/);
  for (const file of ["stage.svg", "stage-dark.svg"]) {
    const svg = await (await fetch(shared.server.url + file)).text();
    for (const hook of ["stage-node", "stage-cidr-cell"]) assert.match(svg, new RegExp(`data-testid="${hook}"`), `${hook} is in ${file}`);
    assert.match(svg, /data-node="kind-control-plane"/);
  }
  // The tour's stops are a file beside the page, fetched once it is parsed (e2e/tour-stops.test.mjs).
  assert.match(html, /<html [^>]*data-stops="?stops\.html"?[ >]/);
  assert.ok((await fetch(shared.server.url + "stops.html")).ok, "its stops");
  assert.ok(Buffer.byteLength(html) < 60_000, `the HTML is ${Buffer.byteLength(html)} bytes`);
});

test("without JavaScript the page is the kind tour's first step with its picture", async () => {
  const context = await shared.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(shared.server.url);
  assert.ok(await page.getByTestId("narration").isVisible());
  assert.match(await page.getByTestId("step-text").textContent(), new RegExp(INTRO));
  assert.ok(await page.getByTestId("stage").isVisible());
  const picture = page.locator(".stage-picture img");
  await page.waitForFunction(() => document.querySelector(".stage-picture img")?.complete);
  const [width, shown] = await picture.evaluate((img) => [img.naturalWidth, img.getBoundingClientRect().width]);
  assert.ok(width === 1000 && shown > 800, `the stage's picture is drawn across the stage (${width}, ${shown} px)`);
  await page.screenshot({ path: `${ARTIFACTS}/prerendered-no-js.png` });
  await context.close();
});

test("with JavaScript the app takes over the same view without a shift, and plays", async () => {
  for (const [path, viewport] of [["", { width: 1280, height: 800 }], ["", { width: 390, height: 844 }], ["ja/tour/kind/", { width: 1280, height: 800 }]]) {
    const { page, assertClean } = await openPage(shared.browser, shared.server.url + path, viewport, () => {
      window.__shifts = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (!e.hadRecentInput) window.__shifts += e.value; }))
        .observe({ type: "layout-shift", buffered: true });
    });
    await settled(page);
    // Until the app has drawn all it draws (the cards after the first paint, the editor last) in its
    // fonts, and the browser has scored the frames since.
    await page.getByTestId("scenario-editor").waitFor({ state: "attached" });
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shifts = await page.evaluate(() => window.__shifts);
    assert.ok(shifts < 0.01, `/${path} at ${viewport.width} px: layout shift from navigation until the app has drawn every card: ${shifts}`);
    // The kind tour pauses at once for its first question; answered, it plays on (to its next
    // question, at about 1 s).
    await page.getByTestId("play").click();
    await page.getByTestId("quiz-choice").first().click();
    await page.getByTestId("quiz-feedback").waitFor();
    await page.getByTestId("play").click();
    await page.waitForFunction(() => /t = (0\.[3-9]|[1-9])/.test(document.querySelector("[data-testid=clock]").textContent));
    await page.getByTestId("pause").click();
    assertClean();
    await page.close();
  }
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
  // It went to the Japanese page before anything was painted.
  assert.match(new URL(page.url()).pathname, /^\/ja\//);
  await context.close();
});

test("a link naming a tour or a language goes to its page before any paint; a choice of English stays", async () => {
  for (const [locale, path, pathname, params] of [
    ["en-US", "?tour=planning&step=2&quiz=0", "/tour/planning/", { step: "2", tour: null, lang: null }],
    ["en-US", "?tour=exhaustion&lang=ja", "/ja/tour/exhaustion/", { tour: null, lang: null }],
    ["ja-JP", "tour/kind/?lang=en", "/tour/kind/", { lang: "en" }],
    // No page: the app says so, and shows the default view, whose page the address bar then names.
    ["en-US", "?tour=no-such-tour", "/tour/kind/", {}],
  ]) {
    const context = await shared.browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(shared.server.url + path);
    await settled(page);
    const url = new URL(page.url());
    assert.equal(url.pathname, pathname, `${locale} ${path}`);
    for (const [name, value] of Object.entries(params)) assert.equal(url.searchParams.get(name), value, `${locale} ${path}: ${name}`);
    await context.close();
  }
});

test("each language and each tour is a page of its own, in its language before any script runs", async () => {
  const cases = [
    ["ja/", "ja", "podip — Kubernetes が Pod に IP を割り当てる仕組み", "ガイドツアー"],
    ["zh/", "zh-Hans", "podip — Kubernetes 如何为 Pod 分配 IP", "导览"],
    ["tour/kind/", "en", "the kind cluster — podip", "Guided tours"],
    ["ja/tour/reboot-leak/", "ja", "再起動によるアドレスのリーク — podip", "disk-worker"],
  ];
  for (const [path, lang, title, words] of cases) {
    const html = await (await fetch(shared.server.url + path)).text();
    assert.match(html, new RegExp(`<html lang="?${lang}"?[ >]`), `${path}: its language on <html>`);
    assert.ok(html.includes(`<title>${title}</title>`), `${path}: its title`);
    assert.ok(html.includes(words), `${path}: its words`);
    assert.match(html, /data-testid="?stage"?[ >]/, `${path}: its stage`);
  }
});

test("a page's own view with a query that moves within it paints at once, then the app shows the step", async () => {
  for (const [path, lang, step] of [["ja/tour/kind/?step=3&quiz=0", "ja", /ステップ 3 \//], ["tour/kind/?step=8&quiz=0&theme=dark", "en", /step 8 of 10/]]) {
    const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // What the first frame shows: the markup, visible (not hidden until the app draws).
    await page.addInitScript(() => {
      const look = () => {
        const mount = document.getElementById("podip");
        if (!mount) return requestAnimationFrame(look);
        window.__firstFrame = { visible: getComputedStyle(mount).visibility !== "hidden", text: mount.innerText.length, lang: document.documentElement.lang };
      };
      requestAnimationFrame(look);
    });
    await page.goto(shared.server.url + path);
    await settled(page);
    const first = await page.evaluate(() => window.__firstFrame);
    assert.ok(first.visible && first.text > 100, `${path}: the first frame shows the page (${JSON.stringify(first)})`);
    assert.equal(first.lang, lang === "zh" ? "zh-Hans" : lang);
    await page.getByTestId("step-count").filter({ hasText: step }).waitFor();
    assert.equal(await page.getByTestId("narration").count(), 1, "the markup made way for the app");
    await context.close();
  }
});

test("a press on the built page before the app has drawn is marked, then taken by the app", async () => {
  // A tour's step is shown at once from the page's stops (e2e/tour-stops.test.mjs), but not from a time
  // (t=), which is no stop: that press waits for the app.
  for (const [path, press, shown] of [["tour/kind/?quiz=0&t=0s", "tour-next", '[data-testid=narration][data-step="1"]'], ["", "play", "[data-testid=quiz-choice]"]]) {
    const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The app's wasm is held until the press is made, as on a slow link.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route(/podip-web-.*_bg\.wasm$/, async (route) => { await held; await route.continue(); });
    await page.goto(shared.server.url + path);
    await page.getByTestId(press).click();
    assert.equal(await page.getByTestId(press).getAttribute("aria-busy"), "true", `${press}: marked as waiting`);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.view), "prerendered", "the app has not drawn");
    release();
    await page.locator(shown).first().waitFor({ timeout: 60_000 });
    assert.equal(await page.locator("[aria-busy=true]").count(), 0, `${path}: no mark left`);
    await context.close();
  }
});
