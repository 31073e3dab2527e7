// In a release build: a lesson by link — fetched from ?lesson=ADDRESS, or carried in the link itself
// (l=, deflated as a scenario's s=) — opens as a tour at its step=, in the page and the presenter view;
// a lesson not written in the page's language says so in one line; a missing file and a broken
// lesson say why in place, over the default view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useServerAndBrowser, serve, openPage, settled, readmeLesson, ARTIFACTS } from "./harness.mjs";

// PODIP_DIST: a build of one's own (the default is dist/).
const shared = useServerAndBrowser(process.env.PODIP_DIST ?? "dist");

/** A directory served with CORS (another origin, as an instructor's site), holding `files`. */
async function lessonHost(files) {
  const dir = await mkdtemp(join(tmpdir(), "lesson-link-"));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return serve(dir, "/", { cors: true });
}

/** The narration's step, its words, and whether the step's picture (a's address file) is drawn. */
async function shownStep(page) {
  await page.getByTestId("narration").waitFor();
  return {
    step: await page.getByTestId("narration").getAttribute("data-step"),
    count: await page.getByTestId("step-count").textContent(),
    words: await page.getByTestId("step-text").textContent(),
    file: await page.locator('[data-testid=stage-file][data-file="10.244.1.2"]').count(),
  };
}

function noPanic(problems) {
  assert.deepEqual(problems.filter((p) => p.startsWith("pageerror") || /panicked/.test(p)), []);
}

test("?lesson=ADDRESS&step=2 opens the lesson as a tour at its step, its words and picture, in the page and the presenter view", async (t) => {
  const host = await lessonHost({ "mine.md": await readmeLesson() });
  t.after(() => host.close());
  const address = encodeURIComponent(`${host.url}mine.md`);
  const { page, problems } = await openPage(shared.browser, `${shared.server.url}?lesson=${address}&step=2&quiz=0`);
  await settled(page);
  const shown = await shownStep(page);
  assert.equal(shown.step, "2");
  assert.match(shown.count, /Where pod a's address comes from/);
  assert.match(shown.words, /host-local creates the file 10\.244\.1\.2/);
  assert.ok(shown.file > 0, "a's address file is drawn");
  assert.equal(await page.getByTestId("link-problem").count(), 0);
  await page.screenshot({ path: `${ARTIFACTS}/lesson-link.png` });
  // Its next step, as a built-in tour's.
  await page.getByTestId("tour-next").click();
  await settled(page);
  assert.match(await page.getByTestId("step-text").textContent(), /ptp adds a \/32 route to pod a/);
  noPanic(problems);
  await page.close();

  const presenter = await openPage(shared.browser, `${shared.server.url}?lesson=${address}&step=2&quiz=0&present=1`);
  await settled(presenter.page);
  assert.equal(await presenter.page.getByTestId("narration").getAttribute("data-step"), "2");
  assert.ok(await presenter.page.getByTestId("leave-present").isVisible());
  noPanic(presenter.problems);
  await presenter.page.close();

  // In Chinese, the lesson's English words with a one-line note.
  const zh = await openPage(shared.browser, `${shared.server.url}?lesson=${address}&step=2&quiz=0&lang=zh`);
  await settled(zh.page);
  assert.match(await zh.page.getByTestId("step-text").textContent(), /host-local creates the file/);
  assert.match(await zh.page.getByTestId("lesson-in-english").textContent(), /以英文显示/);
  noPanic(zh.problems);
  await zh.page.close();
});

test("a link carrying the lesson itself (l=, deflated) opens it at its step", async () => {
  const packed = deflateRawSync(Buffer.from(await readmeLesson())).toString("base64url");
  const { page, problems } = await openPage(shared.browser, `${shared.server.url}?l=${packed}&step=2&quiz=0`);
  await settled(page);
  const shown = await shownStep(page);
  assert.equal(shown.step, "2");
  assert.match(shown.words, /host-local creates the file 10\.244\.1\.2/);
  assert.ok(shown.file > 0);
  // The view's link carries it again.
  await page.getByTestId("copy-link").click();
  const link = new URL(await page.getByTestId("link").inputValue());
  assert.ok(link.searchParams.get("l"), link.href);
  assert.equal(link.searchParams.get("step"), "2");
  noPanic(problems);
  await page.close();
});

test("a missing lesson and a broken one say why in place, over the default view", async (t) => {
  const broken = (await readmeLesson()).replace("IPAMReserve pod/a", "IPAMReserved pod/a");
  const host = await lessonHost({ "broken.md": broken });
  t.after(() => host.close());
  // A path on the app's own site that is not there (its 404), and a broken lesson on another site.
  for (const [address, said] of [
    ["lessons/missing.md", /lessons\/missing\.md could not be fetched: the server answered HTTP 404/],
    [encodeURIComponent(`${host.url}broken.md`), /line 33: no event reason IPAMReserved/],
  ]) {
    const { page, problems } = await openPage(shared.browser, `${shared.server.url}?lesson=${address}&step=2`);
    await settled(page);
    await page.getByTestId("link-problem").waitFor();
    assert.match(await page.getByTestId("link-problem").textContent(), said, address);
    // The page keeps working: the kind tour is there to start.
    await page.getByTestId("tour-kind").click();
    await settled(page);
    assert.equal(await page.getByTestId("narration").getAttribute("data-step"), "0");
    noPanic(problems);
    await page.close();
  }
});
