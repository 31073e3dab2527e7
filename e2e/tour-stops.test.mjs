// A tour page steps before its engine: with the app's wasm held back (as on a slow link), the page
// built at build time walks the tour from its stops (src/ui/build/tour_stops.rs): the next-step control
// and a remote's PageDown / PageUp show the step's words and its stage's picture at once, a question
// with its choices, and the link's step= follows; a press only the engine answers (a choice, a play)
// is marked and given to the app when it arrives. The app then opens at the step the reader reached,
// in place: the same words, no frame back at the introduction, no layout shift.
//   node --test --test-reporter=spec e2e/tour-stops.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

/** In the page before its scripts: the layout shift without recent input, and the `data-step` of the
 *  narration drawn at every animation frame once the app has taken over. */
function observe() {
  window.__shift = 0;
  window.__steps = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (!e.hadRecentInput) window.__shift += e.value; }))
    .observe({ type: "layout-shift", buffered: true });
  const look = () => {
    if (!document.documentElement.hasAttribute("data-view")) {
      const step = document.querySelector("#podip [data-testid=narration]")?.dataset.step;
      if (window.__steps.at(-1) !== step) window.__steps.push(step);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** A page of `path` whose app's wasm is held until `release()`. */
async function held(path, viewport, locale = "en-US") {
  const context = await shared.browser.newContext({ viewport, locale });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => { if (msg.type() === "error") problems.push(msg.text()); });
  let release;
  const wasm = new Promise((resolve) => { release = resolve; });
  await page.route(/podip-web-.*_bg\.wasm$/, async (route) => { await wasm; await route.continue(); });
  await page.addInitScript(observe);
  await page.goto(shared.server.url + path);
  await page.getByTestId("narration").waitFor();
  // The page's stops, fetched once it is parsed, except where the test presses before they arrive.
  if (!path.includes("quiz=0")) await page.locator("#podip[data-stops-read]").waitFor({ state: "attached", timeout: 10_000 });
  return { context, page, release, problems };
}

/** The stage's entrances running (a part fading in, a PATCH token flying; not the endless pulses that
 *  mark a state), read in the page. */
function entrances() {
  const canvas = document.querySelector("#podip [data-testid=stage] .stage-canvas");
  return canvas.getAnimations({ subtree: true })
    .filter((a) => a.playState === "running" && a.effect.getComputedTiming().endTime !== Infinity).length;
}

const view = (page) => page.evaluate(() => document.documentElement.dataset.view);
const words = (page) => page.getByTestId("step-text").textContent();
const picture = (page) => page.evaluate(async () => {
  const img = document.querySelector("#podip .stage-picture img");
  await img.decode().catch(() => {});
  return { src: img.currentSrc, width: img.naturalWidth };
});

for (const [lang, path, step3] of [["en", "tour/kind/", "kindnetd on kind-worker sees its podCIDR"], ["ja", "ja/tour/kind/", "kind-worker 上の kindnetd が自ノードの podCIDR を見て"]]) {
  for (const viewport of [{ width: 1024, height: 768 }, { width: 390, height: 844 }]) {
    test(`${lang} at ${viewport.width} px: Next three times shows step 3 before the engine; the app takes it over in place`, async () => {
      const { context, page, release, problems } = await held(`${path}?quiz=0`, viewport, lang === "ja" ? "ja-JP" : "en-US");
      const name = `${ARTIFACTS}/tour-stops-${lang}-${viewport.width}`;
      for (let i = 0; i < 3; i++) await page.getByTestId("tour-next").click();
      // At once, or as the stops arrive, if the presses came before them.
      await page.locator('[data-testid=narration][data-step="3"]').waitFor({ timeout: 10_000 });
      assert.equal(await view(page), "prerendered", "the engine has not arrived");
      const before = await words(page);
      assert.ok(before.includes(step3), `step 3's words: ${before}`);
      const shown = await picture(page);
      // The picture is drawn for a phone's and a 1024 x 768 window's stage, one node at a time as the
      // app shows it there.
      const [file, width] = viewport.width <= 900 ? ["stage-3-narrow.svg", 356] : viewport.width < 1200 ? ["stage-3-projector.svg", 701] : ["stage-3.svg", 1000];
      assert.ok(shown.src.endsWith(`${path}${file}`) && shown.width === width, `step 3's picture: ${JSON.stringify(shown)}`);
      assert.equal(new URL(page.url()).searchParams.get("step"), "3", "the link follows");
      assert.equal(await page.locator("[aria-busy=true]").count(), 0, "nothing waits");
      await page.screenshot({ path: `${name}-before.png` });
      release();
      await page.waitForFunction(() => !document.documentElement.hasAttribute("data-view") && document.querySelector("#podip [data-testid=stage] svg"), null, { timeout: 60_000 });
      await page.evaluate(() => document.fonts.ready);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.equal(await page.getByTestId("narration").getAttribute("data-step"), "3", "the app shows step 3");
      assert.equal(await words(page), before, "in the same words");
      const steps = await page.evaluate(() => window.__steps);
      assert.deepEqual(steps, ["3"], "no frame of another step once the app drew");
      const shift = await page.evaluate(() => window.__shift);
      assert.ok(shift < 0.01, `layout shift ${shift}`);
      assert.equal(await page.evaluate(entrances), 0, "what was there before the engine does not enter again");
      await page.screenshot({ path: `${name}-after.png` });
      // What a press brings does enter.
      await page.getByTestId("tour-next").click();
      await page.waitForFunction(entrances, null, { timeout: 10_000 });
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}

test("a question is asked before its step; a choice waits for the engine, which answers it", async () => {
  const { context, page, release, problems } = await held("tour/kind/", { width: 1024, height: 768 });
  await page.getByTestId("tour-next").click();
  const question = await page.getByTestId("quiz").textContent();
  assert.ok(question.length > 10, "the question is shown");
  assert.ok((await page.getByTestId("quiz-choice").count()) >= 2, "with its choices");
  assert.equal(new URL(page.url()).searchParams.get("step"), null, "asked at the introduction");
  await page.getByTestId("quiz-choice").first().click();
  assert.equal(await page.getByTestId("quiz-choice").first().getAttribute("aria-busy"), "true", "the choice waits");
  release();
  await page.getByTestId("quiz-feedback").waitFor({ timeout: 60_000 });
  assert.equal(await page.getByTestId("quiz").textContent(), question, "the app asked the same question");
  assert.equal(await page.getByTestId("narration").getAttribute("data-step"), "1", "and answered it with its step");
  assert.equal(await page.locator("[aria-busy=true]").count(), 0, "no mark left");
  const shift = await page.evaluate(() => window.__shift);
  assert.ok(shift < 0.01, `layout shift ${shift}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a remote's PageDown and PageUp walk the tour before the engine; the answer waits for it", async () => {
  const { context, page, release, problems } = await held("tour/kind/", { width: 1024, height: 768 });
  const at = () => page.getByTestId("narration").getAttribute("data-step");
  await page.keyboard.press("PageDown");
  assert.equal(await page.getByTestId("quiz").count(), 1, "the question first");
  await page.keyboard.press("PageUp");
  assert.equal(await page.getByTestId("quiz").count(), 0, "back to where it was asked");
  await page.keyboard.press("PageDown");
  await page.getByTestId("tour-next").click();
  assert.equal(await at(), "1", "the next-step control passes the question");
  await page.keyboard.press("PageDown");
  await page.keyboard.press("PageUp");
  assert.equal(await at(), "1");
  // → is the app's next event, not a tour step: the engine's, marked on its control.
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.getByTestId("step").getAttribute("aria-busy"), "true");
  // Then PageDown at the next question: its answer is the engine's, marked on the next-step control.
  await page.keyboard.press("PageDown");
  const asked = await page.getByTestId("quiz").count();
  if (asked) {
    await page.keyboard.press("PageDown");
    assert.equal(await page.getByTestId("tour-next").getAttribute("aria-busy"), "true", "the answer waits");
    assert.equal(await page.getByTestId("step").getAttribute("aria-busy"), null, "the last press is kept");
  }
  const step = await at();
  release();
  if (asked) {
    await page.getByTestId("quiz-feedback").waitFor({ timeout: 60_000 });
    assert.equal(await at(), String(Number(step) + 1), "the app answered, at the step");
  } else {
    await page.waitForFunction(() => !document.documentElement.hasAttribute("data-view"), null, { timeout: 60_000 });
    assert.equal(await at(), step);
  }
  assert.equal(await page.locator("[aria-busy=true]").count(), 0, "no mark left");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a link to a step opens the page at it from its stops, and the previous control walks back", async () => {
  const { context, page, release, problems } = await held("tour/kind/?step=5&quiz=0", { width: 1024, height: 768 });
  await page.locator('[data-testid=narration][data-step="5"]').waitFor({ timeout: 10_000 });
  await page.getByTestId("tour-prev").click();
  assert.equal(await page.getByTestId("narration").getAttribute("data-step"), "4");
  assert.equal(new URL(page.url()).searchParams.get("step"), "4");
  release();
  await page.waitForFunction(() => !document.documentElement.hasAttribute("data-view"), null, { timeout: 60_000 });
  assert.equal(await page.getByTestId("narration").getAttribute("data-step"), "4");
  assert.deepEqual(problems, []);
  await context.close();
});

test("ja: presses while the engine loads its texts are where the app opens", async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1024, height: 768 }, locale: "ja-JP" });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(err.message));
  let release, asked;
  const texts = new Promise((resolve) => { release = resolve; });
  const loading = new Promise((resolve) => { asked = resolve; });
  // The engine has arrived and waits for its Japanese texts: the page still steps from its stops.
  await page.route(/i18n\/ja\.json$/, async (route) => { asked(); await texts; await route.continue(); });
  await page.goto(`${shared.server.url}ja/tour/kind/?quiz=0`);
  await page.locator("#podip[data-stops-read]").waitFor({ state: "attached", timeout: 10_000 });
  await loading;
  for (let i = 0; i < 2; i++) await page.getByTestId("tour-next").click();
  await page.locator('[data-testid=narration][data-step="2"]').waitFor({ timeout: 10_000 });
  assert.equal(await view(page), "prerendered", "the app has not drawn");
  const before = await words(page);
  release();
  await page.waitForFunction(() => !document.documentElement.hasAttribute("data-view"), null, { timeout: 60_000 });
  assert.equal(await page.getByTestId("narration").getAttribute("data-step"), "2", "the app opens at step 2");
  assert.equal(await words(page), before, "in the same words");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the root page walks its tour with the tour page's pictures", async () => {
  const { context, page, release, problems } = await held("?quiz=0", { width: 1280, height: 800 });
  for (let i = 0; i < 3; i++) await page.getByTestId("tour-next").click();
  await page.locator('[data-testid=narration][data-step="3"]').waitFor({ timeout: 10_000 });
  const shown = await picture(page);
  assert.ok(shown.src.endsWith("/tour/kind/stage-3.svg") && shown.width > 0, `step 3's picture: ${JSON.stringify(shown)}`);
  release();
  await page.waitForFunction(() => !document.documentElement.hasAttribute("data-view"), null, { timeout: 60_000 });
  assert.equal(await page.getByTestId("narration").getAttribute("data-step"), "3");
  assert.deepEqual(problems, []);
  await context.close();
});
