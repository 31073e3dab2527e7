// In a release build: "Write a lesson", by keyboard alone — start an empty lesson, pick events in the
// event log, add two steps there with their words and a question before the first; a bad event name is
// said at its line; the file downloads and its link is copied; a reload keeps what was written; and the
// lesson plays in the theatre as a learner sees it (and from its link). axe finds nothing serious in
// the card; screenshots at 1280 × 800 and 390 × 844.
//   node --test --test-reporter=spec e2e/writer.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { useServerAndBrowser, openPage, settled, axeViolations, animationsEnded, ARTIFACTS, press, typeInto } from "./harness.mjs";

const shared = useServerAndBrowser(process.env.PODIP_DIST ?? "dist");

/** Pick the event `reason object` in the event log by keyboard. */
async function pickEvent(page, reason, object) {
  const row = page
    .locator("[data-testid=event-log] button")
    .filter({ has: page.locator(".event-reason", { hasText: new RegExp(`^${reason}$`) }) })
    .filter({ has: page.locator(".event-object", { hasText: new RegExp(`^${object}$`) }) })
    .first();
  await press(row);
  await page.getByTestId("writer-picked").filter({ hasText: `${reason} ${object}` }).waitFor();
}

/** The lesson file as the card shows it, without its line numbers. */
async function fileText(page) {
  return page.getByTestId("writer-text").evaluate((pre) =>
    [...pre.querySelectorAll(".writer-line")]
      .map((line) => line.textContent.slice(line.firstChild.textContent.length).replace(/\n$/, ""))
      .join("\n"));
}

test("a two-step lesson with a question, written by keyboard, checks, downloads, links, survives a reload and plays", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await settled(page);
  const writer = page.getByTestId("writer");
  await writer.waitFor();

  // Start from an empty lesson: the select, then Tab to "Start writing".
  await page.getByTestId("writer-from").focus();
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), "writer-start");
  await page.keyboard.press("Enter");
  await settled(page);
  await typeInto(page.getByTestId("writer-title"), "Pod a, step by step");
  await typeInto(page.getByTestId("writer-intro"), "host-local hands pod a its address, then ptp routes to it.");

  // Scrub to the run's end (End on the scrubber), then pick events in the log.
  await press(page.getByTestId("scrubber"), "End");
  await settled(page);
  await pickEvent(page, "RouteAdded", "pod/a");
  await press(page.getByTestId("writer-add"));
  // The author is put in the new step's words.
  await page.waitForFunction(() => document.activeElement?.id === "writer-words-0");
  await page.keyboard.type("ptp adds a /32 route to pod a through its veth.");
  await pickEvent(page, "IPAMReserve", "pod/a");
  await press(page.getByTestId("writer-add"));
  // Its event comes first in the run: it goes first.
  await page.waitForFunction(() => document.activeElement?.id === "writer-words-0");
  await page.keyboard.type("host-local reserves 10.244.1.2 for pod a.");
  const steps = page.getByTestId("writer-step");
  assert.equal(await steps.count(), 2);
  assert.deepEqual(await page.getByTestId("writer-step-id").evaluateAll((ids) => ids.map((i) => i.value)), ["a-ipamreserve", "a-routeadded"]);

  // A question before the first step.
  await press(steps.nth(0).getByTestId("writer-ask"));
  await typeInto(steps.nth(0).getByTestId("writer-question"), "Which address does pod a get?");
  await typeInto(steps.nth(0).getByTestId("writer-choice").nth(0), "10.244.1.1");
  await typeInto(steps.nth(0).getByTestId("writer-choice").nth(1), "10.244.1.2");
  await press(steps.nth(0).getByTestId("writer-right").nth(1), "Space");
  await typeInto(steps.nth(0).getByTestId("writer-why"), "host-local skips the gateway, .1.");
  await page.getByTestId("writer-problems").filter({ hasText: "The lesson checks: 2 steps" }).waitFor();

  // A bad event name: said at its line, and that line is the step's `waits for`.
  const waitsFor = steps.nth(1).getByTestId("writer-waits-for");
  await typeInto(waitsFor, "RouteAddedd pod/a");
  const problem = page.getByTestId("writer-problems").locator("li").first();
  await problem.filter({ hasText: "no event reason RouteAddedd" }).waitFor();
  const line = Number((await problem.textContent()).match(/^line (\d+):/)[1]);
  const lines = (await fileText(page)).split("\n");
  assert.match(lines[line - 1], /^- waits for: `RouteAddedd pod\/a`$/);
  assert.equal(await page.locator(`#writer-line-${line}.wrong`).count(), 1);
  await typeInto(waitsFor, "RouteAdded pod/a");
  await page.getByTestId("writer-problems").filter({ hasText: "The lesson checks: 2 steps" }).waitFor();
  const file = await fileText(page);
  assert.match(file, /^# Pod a, step by step\n/);
  assert.match(file, /## Question\n\nWhich address does pod a get\?\n\n- \[ \] 10\.244\.1\.1\n- \[x\] 10\.244\.1\.2\n/);

  // Download: the file as shown.
  const [download] = await Promise.all([page.waitForEvent("download"), press(page.getByTestId("writer-download"))]);
  assert.equal(download.suggestedFilename(), "lesson.md");
  // The file ends in a newline, which the numbered lines do not show.
  assert.equal(await readFile(await download.path(), "utf8"), `${file}\n`);
  // Copy link: a link carrying the lesson.
  await press(page.getByTestId("writer-copy-link"));
  const link = await page.getByTestId("writer-link").inputValue();
  assert.match(link, /[?&]l=/);

  assert.deepEqual(await axeViolations(page, "[data-testid=writer]"), []);
  // The card's top, below the sticky transport.
  const cardTop = () => writer.evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 90));
  await cardTop();
  await page.screenshot({ path: `${ARTIFACTS}/writer-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await cardTop();
  await page.screenshot({ path: `${ARTIFACTS}/writer-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A reload keeps what was written.
  await page.reload();
  await settled(page);
  await page.getByTestId("writer-title").waitFor();
  assert.equal(await page.getByTestId("writer-title").inputValue(), "Pod a, step by step");
  assert.equal(await fileText(page), file);

  // Played as a learner: the theatre tells it, its question asked before the first step.
  await press(page.getByTestId("writer-play"));
  await settled(page);
  await page.getByTestId("step-count").filter({ hasText: "Pod a, step by step" }).waitFor();
  await press(page.getByTestId("tour-next"));
  await page.getByTestId("quiz").filter({ hasText: "Which address does pod a get?" }).waitFor();
  await press(page.getByTestId("quiz-choice").nth(1));
  await page.getByTestId("step-text").filter({ hasText: "host-local reserves 10.244.1.2 for pod a." }).waitFor();
  await page.screenshot({ path: `${ARTIFACTS}/writer-played.png` });
  assertClean();

  // The copied link opens the lesson in a fresh page.
  const opened = await openPage(shared.browser, link);
  await settled(opened.page);
  await opened.page.getByTestId("step-count").filter({ hasText: "Pod a, step by step" }).waitFor();
  opened.assertClean();
});

test("a built-in lesson edited beside its learner's view keeps every part, picks on its stage, and loads back identical from its link", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await settled(page);
  await page.evaluate(() => localStorage.removeItem("podip.lesson-draft"));
  await page.reload();
  await settled(page);
  const writer = page.getByTestId("writer");
  await writer.waitFor();

  // Start from kind: the select (ArrowDown past the empty lesson), then "Start writing".
  await press(page.getByTestId("writer-from"), "ArrowDown");
  assert.equal(await page.getByTestId("writer-from").inputValue(), "kind");
  await press(page.getByTestId("writer-start"));
  await settled(page);
  // Its file, translations and all, is lessons/kind.md: the catalogs give back what the wasm lacks.
  const kind = (await readFile("lessons/kind.md", "utf8")).replace(/\n$/, "");
  await page.waitForFunction(() => document.querySelector("[data-testid=writer-text]")?.textContent.includes("<!-- zh -->"));
  assert.equal(await fileText(page), kind);

  // Typing the title's English keeps its Chinese and Japanese, marked as written for the English
  // before (stale): the title's line and its two translations' markers change, nothing else.
  await typeInto(page.getByTestId("writer-title"), "The kind cluster, retold");
  await page.waitForFunction(() => document.querySelector("[data-testid=writer-text]")?.textContent.includes("# The kind cluster, retold"));
  const edited = (await fileText(page)).split("\n");
  const differ = kind.split("\n").map((line, i) => [line, edited[i]]).filter(([line, now]) => line !== now);
  assert.equal(differ.length, 3);
  assert.equal(differ[0][0], kind.split("\n")[0]);
  for (const [line, now] of differ.slice(1)) assert.equal(now, line.replace(/^<!-- (zh|ja) -->/, (_, l) => `<!-- ${l} ${now.slice(8, 16)} -->`));

  // Editing step 5 shows it as a learner sees it, beside the fields, the stage at its event.
  const steps = page.getByTestId("writer-step");
  const fifth = steps.nth(4);
  await fifth.getByTestId("writer-words").focus();
  const learner = page.getByTestId("writer-learner");
  await learner.getByTestId("writer-learner-step").filter({ hasText: "Step 5 of" }).waitFor();
  const words = await fifth.getByTestId("writer-words").inputValue();
  assert.equal(await learner.getByTestId("writer-learner-words").textContent(), words);
  const waitsFor = await fifth.getByTestId("writer-waits-for").inputValue();
  // The playhead at the step's event: a step added now would wait for it.
  await page.getByTestId("writer-picked").filter({ hasText: `waits for ${waitsFor}.` }).waitFor();
  await learner.getByTestId("stage").waitFor();

  // A pod picked on the learner's stage by keyboard: its next event, for step 5 to wait for, and
  // its name, for step 5 to show.
  await settled(page);
  const pod = learner.locator("[data-testid=stage-pod][data-pod=a][role=button]").first();
  await press(pod);
  await page.getByTestId("writer-picked").filter({ hasText: "pod/a" }).waitFor();
  const showHere = learner.getByTestId("writer-show-here");
  await showHere.filter({ hasText: "pod:a@kind-worker" }).waitFor();
  const shows = await fifth.getByTestId("writer-shows").inputValue();
  await press(showHere);
  if (!shows.split(" ").includes("pod:a@kind-worker")) {
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=writer-shows]")][4]?.value.includes("pod:a@kind-worker"));
  }
  const waitHere = learner.getByTestId("writer-wait-here");
  const picked = (await page.getByTestId("writer-picked").textContent()).match(/waits for (\S+ pod\/a)/)[1];
  await press(waitHere);
  await page.waitForFunction((picked) => [...document.querySelectorAll("[data-testid=writer-waits-for]")][4]?.value === picked, picked);
  // Back to the step's own event.
  await typeInto(fifth.getByTestId("writer-waits-for"), waitsFor);

  // A command, a source and the scenario written out; their problems at their lines.
  await typeInto(fifth.getByTestId("writer-command"), "kubectl get pod a -o wide");
  await page.waitForFunction(() => document.querySelector("[data-testid=writer-text]")?.textContent.includes("- command: `kubectl get pod a -o wide`"));
  const sources = page.getByTestId("writer-sources");
  await typeInto(sources, "not a link");
  await page.getByTestId("writer-part-problems").filter({ hasText: "a source is a link" }).waitFor();
  await typeInto(sources, "[kind#1](https://github.com/kubernetes-sigs/kind/issues/1)");
  await page.waitForFunction(() => document.querySelector("[data-testid=writer-text]")?.textContent.includes("- [kind#1](https://github.com/kubernetes-sigs/kind/issues/1)"));
  await press(page.getByTestId("writer-write-out"));
  const scenario = page.getByTestId("writer-scenario-text");
  await scenario.waitFor();
  await scenario.focus();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("pod addd x\n");
  const scenarioProblem = page.getByTestId("writer-part-problems").filter({ hasText: "usage: pod add" }).first();
  await scenarioProblem.waitFor();
  const line = Number((await scenarioProblem.locator("li").first().textContent()).match(/^line (\d+):/)[1]);
  assert.match((await fileText(page)).split("\n")[line - 1], /addd/);
  assert.equal(await page.locator(`#writer-line-${line}.wrong`).count(), 1);
  await page.keyboard.press("Backspace");
  for (let i = 0; i < "pod addd x".length; i++) await page.keyboard.press("Backspace");
  await page.getByTestId("writer-problems").filter({ hasText: "The lesson checks" }).waitFor();
  const file = await fileText(page);
  assert.match(file, /^```podip$/m);
  assert.match(file, /<!-- ja -->/);

  // The stage's moment drawn to its end (a colour part-way through its change is no colour to judge).
  await settled(page);
  await animationsEnded(page);
  const violations = await axeViolations(page, "[data-testid=writer]");
  if (violations.length) await page.screenshot({ path: `${ARTIFACTS}/writer-axe.png`, fullPage: true });
  assert.deepEqual(violations, []);
  // Editing step 6 shows it from the top of the learner's view, which stands beside the step at
  // 1280 × 800 and below the fields at 390 × 844.
  const sixth = steps.nth(5);
  await sixth.evaluate((step) => window.scrollTo(0, step.getBoundingClientRect().top + window.scrollY - 90));
  await sixth.getByTestId("writer-words").focus();
  await learner.getByTestId("writer-learner-step").filter({ hasText: "Step 6 of" }).waitFor();
  await page.waitForFunction(() => document.getElementById("writer-side")?.scrollTop === 0);
  const box = async (locator) => locator.evaluate((el) => el.getBoundingClientRect().toJSON());
  const [step, view] = [await box(sixth), await box(learner.getByTestId("writer-learner-words"))];
  assert.ok(view.left >= step.right, `the learner's view is beside the step: ${JSON.stringify({ step, view })}`);
  assert.ok(view.top >= 48 && view.bottom <= 800, `the learner's words are on screen: ${JSON.stringify(view)}`);
  await page.screenshot({ path: `${ARTIFACTS}/writer-learner-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  const [fields, stacked] = [await box(writer.locator(".writer-draft")), await box(learner)];
  assert.ok(stacked.top >= fields.bottom, "on a phone the learner's view is below the fields");
  await learner.evaluate((view) => window.scrollTo(0, view.getBoundingClientRect().top + window.scrollY - 90));
  await page.screenshot({ path: `${ARTIFACTS}/writer-learner-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Its link opens the lesson; started from the lesson open, the writer holds the same file.
  await press(page.getByTestId("writer-copy-link"));
  const link = await page.getByTestId("writer-link").inputValue();
  assertClean();
  const opened = await openPage(shared.browser, link);
  await settled(opened.page);
  await opened.page.getByTestId("step-count").filter({ hasText: "The kind cluster, retold" }).waitFor();
  await press(opened.page.getByTestId("writer-from"), "ArrowDown");
  assert.equal(await opened.page.getByTestId("writer-from").inputValue(), "open");
  await press(opened.page.getByTestId("writer-start"));
  await opened.page.getByTestId("writer-text").waitFor();
  assert.equal(await fileText(opened.page), file);
  opened.assertClean();
});
