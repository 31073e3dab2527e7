// In a release build: "Write a lesson", by keyboard alone — start an empty lesson, pick events in the
// event log, add two steps there with their words and a question before the first; a bad event name is
// said at its line; the file downloads and its link is copied; a reload keeps what was written; and the
// lesson plays in the theatre as a learner sees it (and from its link). axe finds nothing serious in
// the card; screenshots at 1280 × 800 and 390 × 844.
//   node --test --test-reporter=spec e2e/writer.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { useServerAndBrowser, openPage, settled, axeViolations, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser(process.env.PODIP_DIST ?? "dist");

/** Focus the element `locator` and press `key` on it (a keyboard user's Tab lands there). */
async function press(locator, key = "Enter") {
  await locator.focus();
  await locator.press(key);
}

/** Type `text` into the focused field `locator`, replacing what it held. */
async function typeInto(locator, text) {
  await locator.focus();
  await locator.press("Control+a");
  await locator.pressSequentially(text);
}

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
