// A presentation remote: the keys it sends (PageDown / PageUp; some send the arrows, space, or B and `.` to
// blank the screen) walk a tour in the presenter view and in the page — a question, then its answer on the
// next press, then the step, whose motion plays at 1× (b's countdown runs to its CNI DEL) — and do
// nothing while typing in a field. Every wait is for a state shown, never for a time.
//   node --test --test-reporter=spec e2e/remote.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, shows, stepShown, atStep, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

/** The virtual time the narration says, in ms. */
async function clockMs(page) {
  const [, s, ms] = (await page.getByTestId("step-count").textContent()).match(/t = (\d+)\.(\d{3}) s/);
  return Number(s) * 1000 + Number(ms);
}

/** b's countdown to its CNI DEL, in ms, as the stage draws it (`DEL 1.234 s`); null without one. */
const countdownMs = (page) =>
  page.evaluate(() => {
    const text = document.querySelector("[data-testid=stage-countdown][data-pod=b] .countdown-text")?.textContent;
    const [, s, ms] = text?.match(/DEL (\d+)\.(\d{3}) s/) ?? [];
    return s === undefined ? null : Number(s) * 1000 + Number(ms);
  });

/** Wait until b's countdown satisfies `predicate` (a function of the ms left, as source text). */
const countdownUntil = (page, predicate) =>
  page.waitForFunction((predicate) => {
    const text = document.querySelector("[data-testid=stage-countdown][data-pod=b] .countdown-text")?.textContent;
    const [, s, ms] = text?.match(/DEL (\d+)\.(\d{3}) s/) ?? [];
    return s !== undefined && new Function("left", `return ${predicate}`)(Number(s) * 1000 + Number(ms));
  }, predicate, { timeout: 30_000 });

test("in the presenter view the remote's presses play b's countdown, then ask, then answer", async () => {
  // At step 7 (c running); the kind tour's questions on.
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&step=7&present=1`, { width: 1024, height: 768 });
  await settled(page);
  await page.locator(".app.presenting").waitFor();
  await shows(page, "step-count", "step 7 of");

  // PageDown: b is deleted, and its countdown runs from the step's moment at 1×.
  await page.keyboard.press("PageDown");
  await shows(page, "step-count", "step 8 of");
  const entered = await clockMs(page);
  await countdownUntil(page, "left < 2000");
  await page.screenshot({ path: `${ARTIFACTS}/remote-present-countdown.png` });
  // It stops a millisecond before CNI DEL: still step 8, b's network still there, nothing asked yet.
  await countdownUntil(page, "left <= 1");
  await shows(page, "step-count", "step 8 of");
  assert.ok((await clockMs(page)) > entered + 2000, "the clock ran through the countdown");
  assert.equal(await page.locator("[data-testid=stage-veth][data-pod=b]").count() > 0, true, "b's veth waits for CNI DEL");
  assert.equal(await page.getByTestId("quiz").count(), 0);

  // → : the question before b's CNI DEL, over the same picture.
  await page.keyboard.press("ArrowRight");
  await page.getByTestId("quiz").waitFor();
  assert.match(await page.getByTestId("quiz").textContent(), /When do its IP file, veth and route go\?/);
  assert.equal(await stepShown(page), 8, "the question first");
  assert.equal(await page.getByTestId("quiz-feedback").count(), 0);
  await page.screenshot({ path: `${ARTIFACTS}/remote-present-question.png` });

  // Space: its answer, for the room's predictions, and the step that answers it.
  await page.keyboard.press(" ");
  await page.getByTestId("quiz-feedback").waitFor();
  // In the presenter view the verdict heads the answer and its why is a page at a time under it.
  assert.match(await page.getByTestId("quiz-feedback").textContent(), /^The answer: When CNI DEL runs, 2\.3 s later\.$/);
  assert.match(await page.getByTestId("quiz-why").textContent(), /^The kubelet first stops/);
  await atStep(page, 9);
  assert.deepEqual(await page.getByTestId("quiz-choice").evaluateAll((els) => els.map((el) => el.dataset.correct)), ["false", "true", "false"]);
  await page.locator("[data-testid=stage-veth][data-pod=b]").waitFor({ state: "detached" });
  await page.screenshot({ path: `${ARTIFACTS}/remote-present-answer.png` });

  // PageUp: b deleted again, its countdown running again.
  await page.keyboard.press("PageUp");
  await shows(page, "step-count", "step 8 of");
  await countdownUntil(page, "left < 2200");

  // B blanks the screen; the next press only shows it again, where it was.
  await page.keyboard.press("b");
  await page.locator(".app.presenting.blank").waitFor();
  assert.equal(await page.getByTestId("stage").isVisible(), false, "nothing shows on a blank screen");
  const step = await stepShown(page);
  await page.keyboard.press("PageDown");
  await page.locator(".app.presenting:not(.blank)").waitFor();
  assert.equal(await stepShown(page), step);
  await page.keyboard.press(".");
  await page.locator(".app.presenting.blank").waitFor();
  await page.keyboard.press(".");
  await page.locator(".app.presenting:not(.blank)").waitFor();
  assertClean();
  await page.close();
});

test("in the page PageDown and PageUp walk the tour as a remote does, and not while typing", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind`, { width: 1280, height: 800 });
  await settled(page);
  await page.getByTestId("narration").waitFor();
  // The question before step 1, then its answer and the step.
  await page.keyboard.press("PageDown");
  await page.getByTestId("quiz").waitFor();
  assert.equal(await stepShown(page), 0);
  await page.keyboard.press("PageDown");
  await page.getByTestId("quiz-feedback").waitFor();
  assert.match(await page.getByTestId("quiz-feedback").textContent(), /^The answer: 10\.244\.0\.0\/24\./);
  await shows(page, "step-count", "step 1 of");
  // Its motion plays up to the next step's moment (the transport shows it playing), and stops before it.
  const entered = await clockMs(page);
  await page.getByTestId("play").waitFor();
  const stopped = await clockMs(page);
  assert.ok(stopped > entered, `the clock ran from ${entered} to ${stopped} ms`);
  assert.equal(await stepShown(page), 1);
  assert.equal(await page.evaluate(() => scrollY), 0, "PageDown walked the tour, not the page");
  // The next press asks before step 2, over the picture where the motion stopped; the one after answers
  // and shows step 2, after that moment.
  await page.keyboard.press("PageDown");
  await page.getByTestId("quiz").filter({ hasText: /kind-worker2/ }).waitFor();
  assert.equal(await clockMs(page), stopped, "the question stops nothing and moves nothing");
  await page.keyboard.press("PageDown");
  await shows(page, "step-count", "step 2 of");
  await page.getByTestId("quiz-feedback").waitFor();
  assert.ok((await clockMs(page)) > stopped, "step 2 comes after where the motion stopped");
  // PageUp: step 1 again.
  await page.keyboard.press("PageUp");
  await shows(page, "step-count", "step 1 of");
  await page.getByTestId("play").waitFor();

  // In the scenario editor the keys are the field's: nothing moves, nothing plays.
  const editor = page.getByTestId("scenario-editor");
  await editor.focus();
  const before = await page.getByTestId("step-count").textContent();
  for (const key of ["PageDown", "PageUp", " ", "ArrowRight", "b"]) await page.keyboard.press(key);
  await settled(page);
  assert.equal(await page.getByTestId("step-count").textContent(), before);
  assert.equal(await page.getByTestId("play").count(), 1, "not playing");
  assertClean();
  await page.close();
});
