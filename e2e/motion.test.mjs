// A press's motion is drawn: PageDown into "b deleted" plays b's countdown at 1× up to its CNI DEL, and
// the room sees it run — read at every animation frame, many values, each no later than the last — in
// the presenter view at 1024 × 768 and 1920 × 1080 and in the page. Every wait is for a state shown;
// the 2.5 s window is what is measured, never what a wait is for.
//   node --test --test-reporter=spec e2e/motion.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, stepShown, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

/** How long the frames are read, from the first that shows the step (real ms). */
const WINDOW_MS = 2_500;

/** Start reading, at every animation frame from the first that shows step `step` for WINDOW_MS, the
 *  narration's clock and b's countdown as drawn; `window.motionFrames` holds them, `.done` once read. */
const startReading = (page, step) =>
  page.evaluate(
    ([step, windowMs]) => {
      const frames = [];
      window.motionFrames = frames;
      const text = (selector) => document.querySelector(selector)?.textContent ?? null;
      let start = null;
      const frame = (now) => {
        const count = text("[data-testid=step-count]");
        if (start === null && count?.includes(`step ${step} of`)) start = now;
        if (start !== null) {
          frames.push({
            at: now - start,
            clock: count?.match(/t = (\d+\.\d{3}) s/)?.[1] ?? null,
            countdown: text("[data-testid=stage-countdown][data-pod=b] .countdown-text"),
          });
          if (now - start >= windowMs) {
            frames.done = true;
            return;
          }
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    [step, WINDOW_MS],
  );

/** Press PageDown until step `step` is shown (a stop's words may take presses of their own). */
async function pressInto(page, step) {
  for (let press = 0; press < 8 && (await stepShown(page)) !== step; press++) {
    await page.keyboard.press("PageDown");
    await settled(page);
  }
  assert.equal(await stepShown(page), step, `PageDown reached step ${step}`);
}

/** Milliseconds of a `1.234` reading. */
const ms = (seconds) => Math.round(Number(seconds) * 1000);

/** The frames read: b's countdown (ms left) and the clock (ms) as they changed, asserted to run. */
async function assertRan(page, label) {
  await page.waitForFunction(() => window.motionFrames?.done, null, { timeout: 30_000 });
  const frames = await page.evaluate(() => window.motionFrames);
  const changes = (values) => values.filter((v, i) => i === 0 || v !== values[i - 1]);
  const left = changes(frames.map((f) => f.countdown?.match(/DEL (\d+\.\d{3}) s/)?.[1]).filter(Boolean).map(ms));
  const clock = changes(frames.map((f) => f.clock).filter(Boolean).map(ms));
  const seen = `${frames.length} frames; countdown ${left.join(" ")}; clock ${clock.join(" ")}`;
  assert.ok(frames.length >= 60, `${label}: frames were drawn (${seen})`);
  assert.equal(left[0], 2_300, `${label}: the step starts with the full ring (${seen})`);
  assert.ok(left.length >= 20, `${label}: the countdown runs, not two states (${seen})`);
  assert.ok(left.every((v, i) => i === 0 || v < left[i - 1]), `${label}: the countdown only goes down (${seen})`);
  assert.ok(left[0] - left.at(-1) >= 1_000, `${label}: it ran more than a second in ${WINDOW_MS} ms (${seen})`);
  assert.ok(clock.length >= 20, `${label}: the clock runs with it (${seen})`);
  assert.ok(clock.every((v, i) => i === 0 || v > clock[i - 1]), `${label}: the clock only goes forward (${seen})`);
  // Each countdown reading is the clock's distance to CNI DEL: one clock drives both.
  const del = clock[0] + left[0];
  for (const f of frames.filter((f) => f.clock && f.countdown)) {
    assert.equal(ms(f.clock) + ms(f.countdown.match(/DEL (\d+\.\d{3}) s/)[1]), del, `${label}: ${JSON.stringify(f)}`);
  }
  return del;
}

/** Then it stops a millisecond before CNI DEL, still at its step, b's veth still there. */
async function assertStopsBeforeDel(page, step, del, label) {
  await page
    .locator("[data-testid=stage-countdown][data-pod=b] .countdown-text")
    .filter({ hasText: "DEL 0.001 s" })
    .waitFor({ timeout: 30_000 });
  assert.equal(await stepShown(page), step, label);
  assert.match(await page.getByTestId("step-count").textContent(), new RegExp(`t = ${((del - 1) / 1000).toFixed(3).replace(".", "\\.")} s`));
  assert.ok((await page.locator("[data-testid=stage-veth][data-pod=b]").count()) > 0, `${label}: b's veth waits for CNI DEL`);
}

for (const { label, url, viewport, from, into } of [
  { label: "kind, presenter view, 1024 × 768", url: "?tour=kind&step=7&present=1", viewport: { width: 1024, height: 768 }, from: 7, into: 8 },
  { label: "kind, the page", url: "?tour=kind&step=7", viewport: { width: 1280, height: 800 }, from: 7, into: 8 },
  { label: "kubeadm-flannel, presenter view, 1920 × 1080", url: "?tour=kubeadm-flannel&step=5&present=1", viewport: { width: 1920, height: 1080 }, from: 5, into: 6 },
]) {
  test(`a press into b deleted draws its countdown running: ${label}`, async () => {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}${url}`, viewport);
    await settled(page);
    assert.equal(await stepShown(page), from);
    await startReading(page, into);
    await pressInto(page, into);
    const del = await assertRan(page, label);
    await page.screenshot({ path: `${ARTIFACTS}/motion-${label.replace(/[^a-z0-9]+/gi, "-")}.png` });
    await assertStopsBeforeDel(page, into, del, label);
    assertClean();
    await page.close();
  });
}
