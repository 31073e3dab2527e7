// In a release build: "Write a lesson"'s translations, IP files picked on its stage, and a draft kept
// by the first writer (serde JSON) — by keyboard alone. A translation whose English changed after it
// is flagged stale, the learner's view shows the English with its one-line note, and "The
// translation still matches" clears it; axe finds nothing serious; screenshots of the card at
// 1280 × 800 and 390 × 844, light and dark, with the page in English, Chinese and Japanese.
//   node --test --test-reporter=spec e2e/writer-translations.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, axeViolations, animationsEnded, ARTIFACTS, press, typeInto } from "./harness.mjs";

const shared = useServerAndBrowser(process.env.PODIP_DIST ?? "dist");

/** The lesson file as the card shows it, without its line numbers. */
async function fileText(page) {
  return page.getByTestId("writer-text").evaluate((pre) =>
    [...pre.querySelectorAll(".writer-line")]
      .map((line) => line.textContent.slice(line.firstChild.textContent.length).replace(/\n$/, ""))
      .join("\n"));
}

/** Choose the language the texts are written in, by keyboard: `en`, `zh-Hans` or `ja`. */
async function writeIn(page, tag) {
  const select = page.getByTestId("writer-writing");
  await select.focus();
  await select.selectOption(tag);
  assert.equal(await select.inputValue(), tag);
}

/** A fresh page with no draft kept, at `path` (`""`, `zh/`, `ja/`) and `theme`, kind's lesson started. */
async function startKind(path = "", theme = "light", viewport = undefined) {
  const opened = await openPage(shared.browser, `${shared.server.url}${path}?theme=${theme}`, viewport);
  const { page } = opened;
  await settled(page);
  await page.evaluate(() => localStorage.removeItem("podip.lesson-draft"));
  await page.reload();
  await settled(page);
  await press(page.getByTestId("writer-from"), "ArrowDown");
  await press(page.getByTestId("writer-start"));
  await settled(page);
  await page.waitForFunction(() => document.querySelector("[data-testid=writer-text]")?.textContent.includes("<!-- zh -->"));
  return opened;
}

test("a step's English edited: its translations are stale, shown in English with the note, until retyped or said to still match", async () => {
  const { page, assertClean } = await startKind();
  const steps = page.getByTestId("writer-step");
  const first = steps.nth(0);
  const english = await first.getByTestId("writer-words").inputValue();
  await typeInto(first.getByTestId("writer-words"), `${english} Retold.`);
  // The file records the English the translations were written for: the one before.
  await page.waitForFunction(() => /<!-- zh [0-9a-f]{8} -->/.test(document.querySelector("[data-testid=writer-text]")?.textContent));

  await writeIn(page, "zh-Hans");
  const status = page.getByTestId("writer-translated");
  await status.filter({ hasText: /1 of them stale/ }).waitFor();
  const translation = first.getByTestId("writer-translation").filter({ has: page.getByTestId("writer-words") });
  assert.equal(await translation.getAttribute("data-stale"), "true");
  assert.match(await translation.locator(".writer-english").textContent(), /Retold\.$/);
  const chinese = await first.getByTestId("writer-words").inputValue();
  assert.ok(chinese.length > 0 && !chinese.includes("Retold"));
  // The learner's view, in Chinese, shows the English of the stale text with the one-line note.
  await first.getByTestId("writer-words").focus();
  const learner = page.getByTestId("writer-learner");
  await learner.getByTestId("writer-learner-words").filter({ hasText: "Retold." }).waitFor();
  await learner.getByTestId("writer-learner-english").waitFor();
  await page.screenshot({ path: `${ARTIFACTS}/writer-stale-1280.png` });
  assert.deepEqual(await axeViolations(page, "[data-testid=writer]"), []);

  // Its link, opened in Chinese: the page shows the stale text's English with the one-line note.
  await press(page.getByTestId("writer-copy-link"));
  const link = new URL(await page.getByTestId("writer-link").inputValue());
  link.searchParams.set("lang", "zh");
  link.searchParams.set("step", "1");
  link.searchParams.set("quiz", "0");
  const opened = await openPage(shared.browser, link.href);
  await settled(opened.page);
  await opened.page.getByTestId("step-text").filter({ hasText: "Retold." }).waitFor();
  await opened.page.getByTestId("lesson-in-english").filter({ hasText: "译自旧版英文" }).waitFor();
  opened.assertClean();
  await opened.page.close();

  // Said to still match: not stale, and the learner sees the Chinese again.
  await press(translation.getByTestId("writer-still-says"));
  await status.filter({ hasText: /0 of them stale/ }).waitFor();
  await learner.getByTestId("writer-learner-words").filter({ hasText: chinese }).waitFor();
  assert.equal(await learner.getByTestId("writer-learner-english").count(), 0);
  // The Japanese is still stale; retyping it is another way to bring it up to date.
  await writeIn(page, "ja");
  await status.filter({ hasText: /1 of them stale/ }).waitFor();
  await typeInto(first.getByTestId("writer-words"), "組み込みのステップを言い直しました。");
  await status.filter({ hasText: /0 of them stale/ }).waitFor();
  const file = await fileText(page);
  assert.match(file, /\n<!-- ja [0-9a-f]{8} --> 組み込みのステップを言い直しました。\n/);
  // A translation added where there was none: the title of an empty lesson.
  await writeIn(page, "en");
  assert.equal(await page.getByTestId("writer-translated").count(), 0);
  assertClean();
  await page.close();
});

test("a translation added to an empty lesson is written with its English's fingerprint and survives a reload", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url);
  await settled(page);
  await page.evaluate(() => localStorage.removeItem("podip.lesson-draft"));
  await page.reload();
  await settled(page);
  await press(page.getByTestId("writer-start"));
  await typeInto(page.getByTestId("writer-title"), "Mine");
  await writeIn(page, "zh-Hans");
  await typeInto(page.getByTestId("writer-title"), "我的课程");
  await page.waitForFunction(() => /^# Mine\n\n<!-- zh [0-9a-f]{8} --> 我的课程$/m.test(
    [...document.querySelectorAll("[data-testid=writer-text] .writer-line")].map((l) => l.textContent.replace(/^\d+/, "").replace(/\n$/, "")).join("\n")));
  const file = await fileText(page);
  await page.reload();
  await settled(page);
  await page.getByTestId("writer-title").waitFor();
  assert.equal(await fileText(page), file);
  assertClean();
  await page.close();
});

test("an IP file picked on the learner's stage by keyboard moves the playhead to the step writing it, for a step to show", async () => {
  const { page, assertClean } = await startKind();
  const steps = page.getByTestId("writer-step");
  const fifth = steps.nth(4);
  await fifth.getByTestId("writer-words").focus();
  const learner = page.getByTestId("writer-learner");
  await learner.getByTestId("writer-learner-step").filter({ hasText: "Step 5 of" }).waitFor();
  await settled(page);
  const file = learner.locator("[data-testid=stage-file][role=button]").first();
  await file.waitFor();
  const [name, label] = [await file.getAttribute("data-file"), await file.getAttribute("aria-label")];
  assert.match(label, new RegExp(`^IP file ${name.replace(/\./g, "\\.")} on node `));
  await press(file);
  await page.getByTestId("writer-picked").filter({ hasText: /IPAM(Reserve|Release) pod\// }).waitFor();
  const showHere = learner.getByTestId("writer-show-here").filter({ hasText: `ip-file:${name}@` });
  await showHere.waitFor();
  await press(showHere);
  await page.waitForFunction((name) => [...document.querySelectorAll("[data-testid=writer-shows]")][4]?.value.includes(`ip-file:${name}@`), name);
  assertClean();
  await page.close();
});

test("a draft the first writer kept as JSON is read once and kept in the line form after", async () => {
  const json = JSON.stringify({
    title: { en: "Kept as JSON", zh: "以 JSON 保存", ja: null },
    scenario: { Builtin: "kind" },
    intro: { en: "What it shows.", zh: null, ja: null },
    steps: [{ id: "a-ipamreserve", waits_for: "IPAMReserve pod/a", shows: [], command: null, words: { en: "a gets .2", zh: null, ja: null }, question: null }],
    sources: [],
  });
  const { page, assertClean } = await openPage(shared.browser, shared.server.url, undefined,
    (json) => { if (!sessionStorage.getItem("seeded")) { localStorage.setItem("podip.lesson-draft", json); sessionStorage.setItem("seeded", "1"); } }, json);
  await settled(page);
  await page.getByTestId("writer-title").waitFor();
  assert.equal(await page.getByTestId("writer-title").inputValue(), "Kept as JSON");
  assert.match(await fileText(page), /^# Kept as JSON\n\n<!-- zh --> 以 JSON 保存\n/);
  await page.waitForFunction(() => localStorage.getItem("podip.lesson-draft")?.startsWith("podip draft 2\n"));
  assertClean();
  await page.close();
});

test("the writer translating, at a laptop's and a phone's size, light and dark, with the page in English, Chinese and Japanese", async () => {
  for (const [path, lang, writing] of [["", "en", "zh-Hans"], ["zh/", "zh-Hans", "zh-Hans"], ["ja/", "ja", "ja"]]) {
    for (const [theme, width, height] of [["light", 1280, 800], ["dark", 1280, 800], ["light", 390, 844], ["dark", 390, 844]]) {
      const { page, assertClean } = await startKind(path, theme, { width, height });
      await page.locator(`html[lang="${lang}"]`).waitFor({ state: "attached" });
      const first = page.getByTestId("writer-step").nth(0);
      await writeIn(page, "en");
      await typeInto(first.getByTestId("writer-words"), "Edited, so its translations are stale.");
      await writeIn(page, writing);
      await first.getByTestId("writer-stale").waitFor();
      await first.getByTestId("writer-words").focus();
      await animationsEnded(page);
      // Nothing of the card past the window's right edge (the page's own width is the tour bar's).
      const past = await page.getByTestId("writer").evaluate((card) => [...card.querySelectorAll(".writer-draft *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).map((el) => el.outerHTML.slice(0, 80)));
      assert.deepEqual(past, [], `${width}×${height} ${theme} ${lang}`);
      if (theme === "dark" && width === 1280) assert.deepEqual(await axeViolations(page, "[data-testid=writer]"), []);
      await page.getByTestId("writer-langs").evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
      await page.screenshot({ path: `${ARTIFACTS}/writer-translating-${lang}-${width}x${height}-${theme}.png` });
      await first.getByTestId("writer-stale").evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 300));
      await page.screenshot({ path: `${ARTIFACTS}/writer-translating-${lang}-${width}x${height}-${theme}-stale.png` });
      assertClean();
      await page.close();
    }
  }
});
