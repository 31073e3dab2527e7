// Settings never change silently, and no tour dead-ends: a preset says which of the learner's flags it
// replaced (Undo puts them back), a tour opened over the learner's cluster says so (Restore), and the
// kind tour under k3s says at its start that its chain lacks some steps, passes over them with
// PageDown to its last step, and offers both ways on: its own cluster, and kubeadm-flannel, the same
// story on flannel's bridge. Screenshots of the notices in the page at 1280 × 800 and the presenter
// view at 1024 × 768, light and dark, in the three languages.
//   node --test --test-reporter=spec e2e/chains.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, shows, stepShown, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

/** How many steps the tour has: its step count's hidden sizer says "step N of N". */
const stepsInAll = async (page) => Number((await page.locator(".narration .step-count.sizer").textContent()).match(/of (\d+)/)?.[1]);

/** PageDown until the narration shows the tour's last step; the steps shown on the way. */
async function pressToTheEnd(page) {
  const seen = [];
  const last = await stepsInAll(page);
  // A remote's keys walk the tour unless a field has the focus (the preset's select, just picked).
  await page.evaluate(() => document.activeElement?.blur());
  for (let i = 0; i < 40 && (await stepShown(page)) !== last; i++) {
    const before = await stepShown(page);
    await page.keyboard.press("PageDown");
    await page.waitForFunction(
      (was) => Number(document.querySelector("[data-testid=step-count]")?.textContent.match(/step (\d+) of/)?.[1] ?? 0) !== was,
      before,
    );
    await settled(page);
    seen.push(await stepShown(page));
  }
  assert.equal(await stepShown(page), last, `PageDown reached the last step: ${seen}`);
  return seen;
}

/** The kind tour (questions off) with the k3s preset picked, at its introduction. */
async function kindUnderK3s(query = "") {
  const opened = await openPage(shared.browser, `${shared.server.url}?quiz=0${query}`);
  const { page } = opened;
  await settled(page);
  await page.getByTestId("preset").selectOption("k3s");
  await settled(page);
  await page.getByTestId("tour-gap").waitFor();
  return opened;
}

test("a preset says which flag the learner typed it replaced, and Undo puts it back", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&quiz=0`);
  await settled(page);
  await page.getByTestId("node-mask").fill("26");
  await settled(page);
  // The scenario's own settings are no one's to be told about.
  assert.equal(await page.getByTestId("preset-replaced").count(), 0);
  await page.getByTestId("preset").selectOption("kubeadm");
  await settled(page);
  await shows(page, "preset-replaced", "The kubeadm preset replaced your --node-cidr-mask-size=26.");
  assert.notEqual(await page.getByTestId("node-mask").inputValue(), "26");
  await page.locator("section.settings").screenshot({ path: `${ARTIFACTS}/chains-preset-replaced.png` });
  await page.getByTestId("preset-undo").click();
  await settled(page);
  assert.equal(await page.getByTestId("node-mask").inputValue(), "26");
  assert.equal(await page.getByTestId("preset-replaced").count(), 0);
  assert.equal(await page.getByTestId("cni").inputValue(), "kindnet", "the chain as it was");
  assertClean();
});

test("the kind tour under k3s says so at its start, and PageDown passes over what its chain lacks to the last step", async () => {
  const { page, assertClean } = await kindUnderK3s();
  const gap = page.getByTestId("tour-gap");
  assert.match(await gap.textContent(), /Told on kindnet's ptp, not your k3s' flannel bridge\./);
  const missing = (await gap.getAttribute("data-missing")).split(" ").map(Number);
  // ptp's veth and its /32 route (steps 5 and 6) never happen on a bridge.
  assert.ok(missing.includes(5) && missing.includes(6), `${missing}`);
  assert.match(await gap.textContent(), new RegExp(`Steps ${missing.slice(0, -1).join(", ")} and ${missing.at(-1)} are skipped\\.`));
  await page.getByTestId("narration").screenshot({ path: `${ARTIFACTS}/chains-gap-1280.png` });
  // Short: its sentence and its two ways on in a few lines of the narration's column.
  const lines = await gap.evaluate((p) => p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight));
  assert.ok(lines <= 6.5, `the notice takes ${lines.toFixed(1)} lines`);
  const seen = await pressToTheEnd(page);
  for (const step of missing) assert.ok(!seen.includes(step), `step ${step} passed over: ${seen}`);
  // Beside a step passed over, the notice again.
  await gap.waitFor();
  // The next-step button goes on too: from step 4 to the next step that happens.
  const before = missing[0] - 1;
  for (let i = 0; i < 20 && (await stepShown(page)) !== before; i++) {
    await page.keyboard.press("PageUp");
    await settled(page);
  }
  assert.equal(await stepShown(page), before);
  assert.equal(await page.getByTestId("tour-next").isEnabled(), true);
  await page.getByTestId("tour-next").click();
  await settled(page);
  assert.ok((await stepShown(page)) > missing[0]);
  assertClean();
});

test("a tour another chain tells whole says nothing of chains", async () => {
  // kcm-restart is kube-controller-manager's story: every step happens on k3s' bridge too.
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kcm-restart&quiz=0`);
  await settled(page);
  await page.getByTestId("preset").selectOption("k3s");
  await settled(page);
  await page.getByTestId("tour-replaced").or(page.getByTestId("narration")).first().waitFor();
  assert.equal(await page.getByTestId("tour-gap").count(), 0);
  assertClean();
});

test("from the notice, the tour's own cluster tells every step", async () => {
  const { page, assertClean } = await kindUnderK3s();
  await page.getByTestId("gap-own-cluster").click();
  await settled(page);
  assert.equal(await page.getByTestId("tour-gap").count(), 0);
  assert.equal(await page.getByTestId("cni").inputValue(), "kindnet");
  const seen = await pressToTheEnd(page);
  assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assertClean();
});

test("from the notice, the same story on flannel's bridge, and the learner's cluster back", async () => {
  const { page, assertClean } = await kindUnderK3s();
  const retold = page.getByTestId("gap-retold");
  assert.equal(await retold.getAttribute("data-tour"), "kubeadm-flannel");
  await retold.click();
  await settled(page);
  await page.locator('[data-testid="tour-kubeadm-flannel"][aria-pressed=true]').waitFor();
  // Opening it replaced the learner's k3s cluster: said, with the way back.
  await shows(page, "tour-replaced", "Opening “kubeadm + flannel” loaded the tour's own cluster in place of yours.");
  assert.equal(await page.getByTestId("tour-gap").count(), 0);
  const seen = await pressToTheEnd(page);
  assert.equal(seen.length, await stepsInAll(page));
  await page.getByTestId("restore-cluster").click();
  await settled(page);
  await page.locator('[data-testid="tour-kind"][aria-pressed=true]').waitFor();
  assert.equal(await page.getByTestId("cni").inputValue(), "k3s-flannel");
  await page.getByTestId("tour-gap").waitFor();
  assert.equal(await page.getByTestId("tour-replaced").count(), 0);
  assertClean();
});

test("a link to a step the chain lacks opens with the notice, and its own cluster opens that step", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&cni=k3s-flannel&step=6&quiz=0`);
  await settled(page);
  await shows(page, "tour-gap", "The link opens step 6, which never happens in this cluster.");
  assert.equal(await stepShown(page), 0);
  await page.getByTestId("gap-own-cluster").click();
  await settled(page);
  await shows(page, "step-count", "step 6 of 10");
  assertClean();
});

test("the notices, in the page and the presenter view, light and dark, in three languages", async () => {
  for (const lang of ["en", "zh", "ja"]) {
    for (const theme of ["light", "dark"]) {
      const query = `&lang=${lang}&theme=${theme}`;
      // The page at 1280 × 800: the chain's notice at the introduction, then the kind tour over it.
      const { page, assertClean } = await kindUnderK3s(query);
      await page.screenshot({ path: `${ARTIFACTS}/chains-gap-${lang}-${theme}-1280.png` });
      await page.getByTestId("gap-retold").click();
      await settled(page);
      await page.getByTestId("tour-replaced").waitFor();
      await page.screenshot({ path: `${ARTIFACTS}/chains-replaced-${lang}-${theme}-1280.png` });
      assertClean();
      await page.close();
      // The presenter view at 1024 × 768: the notice inside the window at the introduction and at step
      // 4, beside step 5, which k3s' bridge never makes.
      for (const [stop, step] of [["intro", ""], ["beside", "&step=4"]]) {
        const present = await openPage(
          shared.browser,
          `${shared.server.url}?tour=kind&cni=k3s-flannel&quiz=0&present=1${step}${query}`,
          { width: 1024, height: 768 },
        );
        await settled(present.page);
        const notice = present.page.getByTestId("tour-gap");
        await notice.waitFor();
        const box = await notice.boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= 768 && box.x + box.width <= 1024, `${lang} ${theme} ${stop}: ${JSON.stringify(box)}`);
        await present.page.screenshot({ path: `${ARTIFACTS}/chains-gap-${lang}-${theme}-present-${stop}.png` });
        present.assertClean();
        await present.page.close();
      }
    }
  }
});
