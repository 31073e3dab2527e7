// The tours' questions: predict, then the step plays and the feedback says whether the prediction held
// and why (naming the upstream function); right and wrong answers, the keyboard, playing pausing at a
// question, `quiz=0`, and the embedded player.
//   node --test --test-reporter=spec e2e/quiz.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, shows, startTour, tourStep, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const choices = (page) => page.getByTestId("quiz-choice");
const stepCount = async (page) => (await page.getByTestId("step-count").textContent()).match(/step (\d+) of/)?.[1];

test("a wrong and a right prediction in the kind tour, each followed by its step and why", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url);
  await startTour(page, "kind");
  await page.getByTestId("tour-next").click(); // the question before step 1
  await settled(page);
  await page.getByTestId("quiz").waitFor();
  assert.match(await page.getByTestId("quiz").textContent(), /kind-control-plane registers first: which does it get\?/);
  await choices(page).nth(0).click(); // 10.244.0.0/24: right
  await settled(page);
  assert.match(await page.getByTestId("quiz-feedback").textContent(), /^Right\. AllocateNext/);
  await shows(page, "step-count", "step 1 of");
  await page.getByTestId("tour-next").click(); // the question before step 2
  await settled(page);
  await page.getByTestId("quiz").waitFor();
  assert.match(await page.getByTestId("quiz").textContent(), /Which subnet will kind-worker2 get\?/);
  assert.equal(await stepCount(page), "1", "the step waits for the answer");
  assert.equal(await choices(page).count(), 3);
  assert.equal(await choices(page).first().getAttribute("data-correct"), null, "no verdict before answering");
  await choices(page).nth(0).click(); // 10.244.1.0/24: wrong
  await settled(page);
  assert.deepEqual(await choices(page).evaluateAll((els) => els.map((el) => el.dataset.correct)), ["false", "true", "false"]);
  const feedback = await page.getByTestId("quiz-feedback").textContent();
  assert.match(feedback, /Not this time: the answer is 10\.244\.2\.0\/24\./);
  assert.match(feedback, /AllocateNext/);
  assert.equal(await stepCount(page), "2", "the step played");
  assert.match(await page.locator("[data-testid=stage-node][data-node=kind-worker2]").textContent(), /10\.244\.2\.0\/24/);
  await page.screenshot({ path: `${ARTIFACTS}/quiz-wrong.png` });

  // On to the question before d, answering those on the way (host-local's range, a's address, the
  // host veths' address, b's CNI DEL) with their second choice, right or not.
  const unanswered = async () => (await page.getByTestId("quiz").count()) > 0 && (await page.getByTestId("quiz-feedback").count()) === 0;
  for (let i = 0; i < 12; i++) {
    await page.getByTestId("tour-next").click();
    await settled(page);
    if (!(await unanswered())) continue;
    if (/address will d get/.test(await page.getByTestId("quiz").textContent())) break;
    await choices(page).nth(1).click();
    await settled(page);
  }
  assert.match(await page.getByTestId("quiz").textContent(), /Which address will d get/);
  await choices(page).filter({ hasText: /^\.5$/ }).click();
  await settled(page);
  assert.match(await page.getByTestId("quiz-feedback").textContent(), /^Right\. host-local's Get starts after last_reserved_ip/);
  assert.equal(await stepCount(page), "10");
  assert.match(await page.locator("[data-testid=stage-pod][data-pod=d] .ip").textContent(), /10\.244\.1\.5/);
  assertClean();
});

test("answering with the keyboard, and playing pauses at a question", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=exhaustion`);
  await settled(page);
  await page.getByTestId("play").click();
  await page.getByTestId("quiz").waitFor({ timeout: 30_000 });
  await page.getByTestId("play").waitFor(); // paused
  assert.match(await page.getByTestId("quiz").textContent(), /one more pod arrives/);
  assert.doesNotMatch(await page.getByTestId("stage").textContent(), /FailedCreatePodSandBox/, "paused before p6's sandbox fails");
  await choices(page).nth(1).focus();
  await page.keyboard.press("Enter");
  await settled(page);
  assert.match(await page.getByTestId("quiz-feedback").textContent(), /^Right\./);
  assert.equal(await page.locator("[data-testid=stage-pod][data-pod=p6]").getAttribute("data-phase"), "pending");
  assertClean();
});

test("quiz=0 turns the questions off; the embedded player asks them", async () => {
  const off = await openPage(shared.browser, `${shared.server.url}?tour=kind&quiz=0`);
  await tourStep(off.page, 10);
  assert.equal(await off.page.getByTestId("quiz").count(), 0);
  assert.equal(await stepCount(off.page), "10");
  off.assertClean();

  const embed = await openPage(shared.browser, `${shared.server.url}?embed=1&tour=kind`);
  await settled(embed.page);
  await embed.page.getByTestId("tour-next").click(); // the question before step 1
  await settled(embed.page);
  await embed.page.getByTestId("quiz").waitFor();
  assert.match(await embed.page.getByTestId("quiz").textContent(), /kind-control-plane/);
  embed.assertClean();
});
