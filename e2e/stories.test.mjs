// The stories of things that break, played to their ends with their questions answered: reboot-leak (a
// rebooting node on the stage, files of sandboxes that are gone, host-local's exhaustion text, the user
// reports linked) and why-round-robin (the walk wraps to .2; a "why" question).
//   node --test --test-reporter=spec e2e/stories.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const choices = (page) => page.getByTestId("quiz-choice");
const stepCount = async (page) => (await page.getByTestId("step-count").textContent()).match(/step (\d+) of (\d+)/)?.slice(1);
const stageNode = (page, name) => page.locator(`[data-testid=stage-node][data-node="${name}"]`);
const stagePod = (page, name) => page.locator(`[data-testid=stage-pod][data-pod="${name}"]`);
const pending = async (page) => (await page.getByTestId("quiz").count()) > 0 && (await page.getByTestId("quiz-feedback").count()) === 0;

/** One press of "next step", then the answer `answer(questionText)` picks if a question came up. */
async function next(page, answer) {
  await page.getByTestId("tour-next").click();
  await settled(page);
  if (!(await pending(page))) return null;
  const question = await page.getByTestId("quiz").textContent();
  await choices(page).filter({ hasText: answer(question) }).first().click();
  await settled(page);
  return { question, feedback: await page.getByTestId("quiz-feedback").textContent() };
}

test("reboot-leak: a reboot on the stage, files of gone sandboxes, the disk node exhausted, the tmpfs node not", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=reboot-leak`);
  await settled(page);
  const answers = [];
  const pick = (q) => (/new sandbox get/.test(q) ? /^\.7$/ : /How many IP files/.test(q) ? /^5$/ : /Three get/);
  await next(page, pick); // step 1
  await next(page, pick); // step 2: both reboot
  assert.deepEqual(await stepCount(page), ["2", "12"]);
  for (const node of ["disk-worker", "tmpfs-worker"]) {
    assert.match(await stageNode(page, node).getAttribute("class"), /\brebooting\b/);
    assert.match(await stageNode(page, node).textContent(), /rebooting/);
  }
  // On disk the five files stay, their sandboxes gone; on the tmpfs there are none.
  assert.equal(await stageNode(page, "disk-worker").locator(".addr.orphaned").count(), 5);
  assert.equal(await stageNode(page, "tmpfs-worker").locator(".addr.orphaned").count(), 0);
  await page.screenshot({ path: `${ARTIFACTS}/story-reboot.png` });
  while (await page.getByTestId("tour-next").isEnabled()) {
    const asked = await next(page, pick);
    if (asked) answers.push(asked);
  }
  assert.deepEqual(await stepCount(page), ["12", "12"]);
  // Three questions: .7 (right), 5 files (wrong: 10), three get .4–.6 (right).
  assert.equal(answers.length, 3);
  assert.match(answers[0].feedback, /^Right\. host-local's Get starts after last_reserved_ip/);
  assert.match(answers[1].feedback, /^Not this time: the answer is 10\./);
  assert.match(answers[2].feedback, /^Right\./);
  const stage = await page.getByTestId("stage").textContent();
  assert.match(stage, /FailedCreatePodSandBox[\s\S]*no IP addresses available in range set: 10\.244\.0\.1-10\.244\.0\.14/);
  for (const pod of ["web-4", "web-5"]) assert.equal(await stagePod(page, pod).getAttribute("data-phase"), "pending");
  assert.match(await stagePod(page, "web-1").textContent(), /10\.244\.0\.4\b/);
  assert.match(await stagePod(page, "api-1").textContent(), /10\.244\.0\.18\b/);
  // The user reports it is told from, as links.
  const sources = page.getByTestId("tour-sources").locator("a");
  assert.equal(await sources.count(), 10);
  assert.equal(await sources.first().getAttribute("href"), "https://github.com/kubernetes/kubernetes/issues/108121");
  await page.screenshot({ path: `${ARTIFACTS}/story-reboot-leak-end.png` });
  assertClean();
});

test("why-round-robin: .3 after .2's release, .2 again only after the walk wraps, and why", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=why-round-robin`);
  await settled(page);
  const answers = [];
  const pick = (q) => (/job-2 get/.test(q) ? /^\.14$/ : /next-1 get/.test(q) ? /^\.2$/ : /late delete/);
  while (await page.getByTestId("tour-next").isEnabled()) {
    const asked = await next(page, pick);
    if (asked) answers.push(asked);
  }
  assert.deepEqual(await stepCount(page), ["8", "8"]);
  assert.equal(answers.length, 3);
  assert.match(answers[0].feedback, /^Not this time: the answer is \.3\./);
  assert.match(answers[1].feedback, /^Right\. After rangeEnd \(\.14\)/);
  assert.match(answers[2].feedback, /^Right\. ovn-kubernetes .*#1502.*containernetworking\/cni#194/);
  assert.match(await stagePod(page, "next-1").textContent(), /10\.244\.0\.2\b/);
  assert.match(await stagePod(page, "next-2").textContent(), /10\.244\.0\.3\b/);
  assertClean();
});
