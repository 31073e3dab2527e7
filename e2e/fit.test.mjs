// The tour fits the screen it is shown on: at each size a learner or a trainer has (laptops, a 1024 × 768
// projector, a full-HD one, a tablet upright, a phone upright and on its side), in the three languages and both themes, the
// step's words, its previous / next controls, the transport and the whole stage lie in the window with no
// scrolling, the masthead's controls within its width, the article's link and each select's chosen option whole, and no text of the stage renders below 11 CSS px. Then the presenter view: by its key, its
// button and a link, its arrows and Escape, audited by axe-core; its stage's smallest label 14 px or more
// on a 1024 × 768 projector and larger at 1920 × 1080. Screenshots of every case are kept in
// e2e/artifacts/fit-*.png.
//   node --test --test-reporter=spec e2e/fit.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, shows, stepShown, animationsEnded, ARTIFACTS, axeViolations } from "./harness.mjs";

const shared = useServerAndBrowser();

const SIZES = [[1024, 768], [768, 1024], [1280, 720], [1280, 800], [1366, 768], [1440, 900], [1920, 1080], [390, 844], [844, 390]];
const LANGS = ["en", "zh", "ja"];
const THEMES = ["light", "dark"];
/** The smallest a label of the stage may render, in CSS px. */
const MIN_LABEL_PX = 11;

/** The page at rest: its language's fonts loaded, every animation that ends ended. */
async function atRest(page, lang) {
  await settled(page);
  await page.locator(`html[lang="${lang === "zh" ? "zh-Hans" : lang}"]`).waitFor({ state: "attached" });
  await page.evaluate(() => document.fonts.ready);
  await animationsEnded(page);
}

/** What lies outside the window of those that must be in it, and the stage's texts drawn too small. */
function measure(minPx) {
  const inside = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  };
  const must = {
    "step words": document.querySelector("[data-testid=step-text]"),
    "previous step": document.querySelector("[data-testid=tour-prev]"),
    "next step": document.querySelector("[data-testid=tour-next]"),
    play: document.querySelector("[data-testid=play], [data-testid=pause]"),
    scrubber: document.querySelector("[data-testid=scrubber]"),
    clock: document.querySelector("[data-testid=clock]"),
    stage: document.querySelector("[data-testid=stage] svg"),
  };
  const outside = Object.entries(must)
    .filter(([, el]) => !el || !inside(el))
    .map(([name, el]) => `${name} ${el ? JSON.stringify(el.getBoundingClientRect()) : "missing"}`);
  // The masthead's controls within the window's width (on a phone it sits below the theatre): a long
  // tagline must not push one off.
  for (const el of document.querySelectorAll(".masthead button, .masthead select, .masthead summary")) {
    const r = el.getBoundingClientRect();
    if (r.width && el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && (r.left < -0.5 || r.right > innerWidth + 0.5)) outside.push(`masthead "${el.textContent.trim().slice(0, 24)}" ${JSON.stringify(r)}`);
  }
  // The article's link whole, beside the toolbar rather than under it.
  const title = document.querySelector(".masthead .title"), link = title?.querySelector(".article-link"), bar = document.querySelector(".masthead .toolbar");
  if (link && bar) {
    const [l, t, b] = [link, title, bar].map((el) => el.getBoundingClientRect());
    const sameRow = l.bottom > b.top && l.top < b.bottom;
    if (l.right > t.right + 0.5 || (sameRow && l.right > b.left + 0.5)) outside.push(`the article link cut (${l.right.toFixed(0)} px; its title ends at ${t.right.toFixed(0)}, the toolbar starts at ${b.left.toFixed(0)})`);
  }
  // A select shows its chosen option whole (the text, its padding and the arrow's 20 px).
  const pen = document.createElement("canvas").getContext("2d");
  for (const el of document.querySelectorAll(".masthead select, .transport select")) {
    const style = getComputedStyle(el);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.selectedOptions[0]?.text ?? "";
    const needed = pen.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 20;
    if (el.checkVisibility() && needed > el.getBoundingClientRect().width + 0.5) outside.push(`select "${text}" cut (${needed.toFixed(0)} px in ${el.getBoundingClientRect().width.toFixed(0)})`);
  }
  if (document.documentElement.scrollWidth > innerWidth + 0.5) outside.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
  // The words wholly shown: their box does not scroll.
  const body = document.querySelector(".narration-body");
  if (body && body.scrollHeight > body.clientHeight + 1) outside.push(`step words cut (${body.scrollHeight} > ${body.clientHeight})`);
  const small = [];
  for (const text of document.querySelectorAll("[data-testid=stage] svg text")) {
    const box = text.getBoundingClientRect();
    if (!box.width || text.closest(".sr-only") || text.classList.contains("sr-only")) continue;
    const px = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(text.getScreenCTM().a, text.getScreenCTM().b);
    if (px < minPx - 0.05) small.push(`"${text.textContent}" ${px.toFixed(1)} px`);
  }
  return { outside, small: small.slice(0, 5), scrolled: scrollY };
}

test("the tour's words, controls, transport and whole stage fit the first screen at every size, language and theme", async () => {
  const problems = [];
  for (const [width, height] of SIZES) {
    for (const lang of LANGS) {
      for (const theme of THEMES) {
        const name = `${width}x${height}-${lang}-${theme}`;
        const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&step=5&quiz=0&lang=${lang}&theme=${theme}`, { width, height });
        await atRest(page, lang);
        await page.getByTestId("stage-veth").first().waitFor();
        const { outside, small, scrolled } = await page.evaluate(measure, MIN_LABEL_PX);
        await page.screenshot({ path: `${ARTIFACTS}/fit-${name}.png` });
        if (scrolled) problems.push(`${name}: the page opened scrolled by ${scrolled} px`);
        if (outside.length) problems.push(`${name}: outside the window: ${outside.join("; ")}`);
        if (small.length) problems.push(`${name}: stage text below ${MIN_LABEL_PX} px: ${small.join(", ")}`);
        assertClean();
        await page.close();
      }
    }
  }
  assert.deepEqual(problems, []);
});

test("the tour chooser takes one row", async () => {
  for (const [width, height] of SIZES) {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&quiz=0`, { width, height });
    await settled(page);
    const tops = await page.locator(".tour-buttons button").evaluateAll((els) => new Set(els.map((el) => Math.round(el.offsetTop))).size);
    assert.equal(tops, 1, `${width}x${height}: the tour buttons lie in one row`);
    assertClean();
    await page.close();
  }
});

/** Whether the presenter view is on: the page's class, and the stage filling the window's width. */
async function presenting(page) {
  const on = await page.locator(".app.presenting").count();
  if (!on) return false;
  const stage = await page.getByTestId("stage").boundingBox();
  const { width } = page.viewportSize();
  assert.ok(stage.width > width * 0.85, `the stage fills the width (${stage.width} of ${width})`);
  assert.equal(await page.locator(".masthead").isVisible(), false, "the masthead is hidden");
  assert.equal(await page.getByTestId("scrubber").isVisible(), false, "the transport is hidden");
  return true;
}

test("the presenter view: P and the button enter it, the arrows walk the tour, Escape leaves", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&quiz=0`, { width: 1280, height: 720 });
  await settled(page);
  assert.equal(await presenting(page), false);
  await page.keyboard.press("p");
  await page.locator(".app.presenting").waitFor();
  assert.ok(await presenting(page));
  await page.keyboard.press("ArrowRight");
  await shows(page, "step-count", "step 1 of");
  await page.keyboard.press("ArrowRight");
  await shows(page, "step-count", "step 2 of");
  await page.keyboard.press("ArrowLeft");
  await shows(page, "step-count", "step 1 of");
  assert.equal(await stepShown(page), 1);
  // The caption is sized for the back of a room.
  const size = await page.getByTestId("step-text").evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  assert.ok(size >= 24, `the caption's type is large (${size} px)`);
  // Full screen was asked for by the key press, and leaving it leaves the view; without full screen, Escape.
  await page.keyboard.press("Escape");
  await page.locator(".app:not(.presenting)").waitFor();
  assert.equal(await page.evaluate(() => document.fullscreenElement), null);
  await page.getByTestId("present").click();
  await page.locator(".app.presenting").waitFor();
  await page.getByTestId("leave-present").click();
  await page.locator(".app:not(.presenting)").waitFor();
  assertClean();
  await page.close();
});

test("a link with present=1 opens the presenter view, which axe-core finds clean in light and dark", async () => {
  for (const [query, lang] of [["?tour=reboot-leak&step=9&quiz=0&present=1&theme=light", "en"], ["?tour=kind&step=2&present=1&theme=dark&lang=ja", "ja"]]) {
    const { page, assertClean } = await openPage(shared.browser, shared.server.url + query, { width: 1920, height: 1080 });
    await atRest(page, lang);
    assert.ok(await presenting(page), `${query}: presenting`);
    await page.screenshot({ path: `${ARTIFACTS}/fit-present-${lang}.png` });
    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], `${query}: ${violations.join("\n")}`);
    assertClean();
    await page.close();
  }
});

/** The smallest size a text of the stage renders at, in CSS px, and the text. */
function smallestLabel() {
  let smallest = { px: Infinity, text: "" };
  for (const text of document.querySelectorAll("[data-testid=stage] svg text")) {
    const box = text.getBoundingClientRect();
    if (!box.width || text.classList.contains("sr-only")) continue;
    const ctm = text.getScreenCTM();
    const px = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(ctm.a, ctm.b);
    if (px < smallest.px) smallest = { px, text: text.textContent };
  }
  return smallest;
}

/** The smallest label the presenter view may draw on a 1024 × 768 projector, read from 5–10 m. */
const PRESENT_MIN_LABEL_PX = 14;
/** The stage's room in the presenter view, in CSS px (`PRESENTER_ROOMS` in src/ui/stage/layout/tests.rs,
 * where every tour step is laid out to fit it): the page must give the stage that room. */
const PRESENTER_ROOMS = { 1024: [950, 368], 1920: [1846, 549] };

test("the presenter view's stage labels are 14 px or more on a 1024 × 768 projector, larger at 1920 × 1080", async () => {
  // Steps with the most on the stage: three nodes' pods, b's countdown, a failure, dual stack, the
  // rebooted node's leaked files.
  const views = ["tour=kind&step=5", "tour=kind&step=8", "tour=exhaustion&step=3", "tour=dual-stack&step=4", "tour=reboot-leak&step=12", "tour=max-pods&step=3"];
  const problems = [];
  for (const view of views) {
    const smallest = {};
    for (const [width, height] of [[1024, 768], [1920, 1080]]) {
      const name = `${width}x${height}-${view.replace(/[=&]/g, "-")}`;
      const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?${view}&quiz=0&present=1`, { width, height });
      await atRest(page, "en");
      assert.ok(await presenting(page), `${name}: presenting`);
      // Laid out for the room measured (the picture fits the window).
      await page.waitForFunction(() => {
        const svg = document.querySelector("[data-testid=stage] svg");
        return svg && svg.getBoundingClientRect().bottom <= innerHeight;
      });
      smallest[width] = await page.evaluate(smallestLabel);
      const room = await page.locator(".stage-canvas").evaluate((c) => [c.clientWidth, c.clientHeight]);
      const [w, h] = PRESENTER_ROOMS[width];
      if (Math.abs(room[0] - w) > 2 || room[1] < h - 2) problems.push(`${name}: the stage's room is ${room.join(" × ")}, not the ${w} × ${h} its layout is tested at`);
      await page.screenshot({ path: `${ARTIFACTS}/fit-present-${name}.png` });
      assertClean();
      await page.close();
    }
    const [projector, fullHd] = [smallest[1024], smallest[1920]];
    if (projector.px < PRESENT_MIN_LABEL_PX - 0.05) problems.push(`${view} at 1024 × 768: "${projector.text}" at ${projector.px.toFixed(1)} px`);
    if (!(fullHd.px > projector.px + 1)) problems.push(`${view} at 1920 × 1080: "${fullHd.text}" at ${fullHd.px.toFixed(1)} px, not larger than ${projector.px.toFixed(1)} px`);
  }
  assert.deepEqual(problems, []);
});

test("the presenter view on a 1024 × 768 projector shows every step's caption whole, in every tour", async () => {
  const TOURS = ["kind", "planning", "exhaustion", "dual-stack", "kcm-restart", "max-pods", "reboot-leak", "why-round-robin", "node-network", "kubeadm-flannel"];
  const cut = [];
  for (const tour of TOURS) {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=${tour}&step=1&quiz=0&present=1`, { width: 1024, height: 768 });
    await atRest(page, "en");
    const [, total] = (await page.getByTestId("step-count").textContent()).match(/of (\d+)/);
    for (let step = 1; step <= Number(total); step++) {
      if (step > 1) {
        await page.getByTestId("tour-next").click();
        await shows(page, "step-count", `step ${step} of`);
      }
      // Whole: nothing of the words, the source line or a notice lies outside the caption's box.
      const overflow = await page.locator(".theatre-side").evaluate((side) => side.scrollHeight - side.clientHeight);
      if (overflow > 1) cut.push(`${tour} step ${step}: ${overflow} px cut`);
    }
    assertClean();
    await page.close();
  }
  assert.deepEqual(cut, []);
});
