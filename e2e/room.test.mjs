// Every stop is one screen: every tour walked with a remote's PageDown alone in the presenter view, on a
// 1024 × 768 and a 1920 × 1080 projector, in the three languages. At every stop every word of the caption
// lies inside the window and inside its box (no box that scrolls: a remote cannot scroll), and the walk
// reaches the last page of the last step's words. Stops are told apart by what the caption shows, never
// by time. One browser for the whole matrix.
//   node --test --test-reporter=spec e2e/room.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, settled, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const TOURS = ["kind", "planning", "exhaustion", "dual-stack", "kcm-restart", "max-pods", "reboot-leak",
  "why-round-robin", "node-network", "kubeadm-flannel"];
const SIZES = [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }];
const LANGS = ["en", "zh", "ja"];
// The stops looked at: saved for these, in English at the small projector.
const SHOT = new Set(["kind", "kubeadm-flannel", "node-network"]);

/** What the caption shows at this stop, once the page has laid its text out. */
const stop = (page) =>
  page.evaluate(() => {
    const narration = document.querySelector("[data-testid=narration]");
    const box = document.querySelector("[data-testid=caption-box]");
    return {
      part: narration?.dataset.part ?? null,
      heading: document.querySelector("[data-testid=step-count]")?.textContent ?? "",
      page: box ? `${box.dataset.page}/${box.dataset.pages}` : "",
      step: Number(narration?.dataset.step),
      steps: Number(narration?.dataset.steps),
    };
  });

/** The caption's words that the room cannot read: outside the window, or cut by a box they overflow. */
const unseen = (page) =>
  page.evaluate(() => {
    const out = [];
    const narration = document.querySelector("[data-testid=narration]");
    const boxes = [...narration.querySelectorAll("*")].filter((el) => {
      const style = getComputedStyle(el);
      return /(auto|scroll|hidden)/.test(style.overflowY + style.overflowX);
    });
    for (const box of boxes) {
      // A 1 px box with its text clipped is for screen readers, not the room.
      if (box.clientHeight <= 2 || box.clientWidth <= 2) continue;
      if (box.scrollHeight > box.clientHeight + 1) {
        out.push(`a box holds more than it shows (${box.scrollHeight} > ${box.clientHeight}): "${box.textContent.trim().slice(0, 60)}"`);
      }
      const style = getComputedStyle(box);
      if (/(auto|scroll)/.test(style.overflowY)) out.push(`a box that scrolls: ${box.className}`);
    }
    for (const el of narration.querySelectorAll("*")) {
      if ([...el.childNodes].every((n) => n.nodeType !== Node.TEXT_NODE || !n.textContent.trim())) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === "hidden") continue;
      if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {
        out.push(`outside the window (${Math.round(r.top)}–${Math.round(r.bottom)} of ${innerHeight}): "${el.textContent.trim().slice(0, 60)}"`);
      }
    }
    return out;
  });

for (const size of SIZES) {
  for (const lang of LANGS) {
    test(`every stop of every tour is one screen at ${size.width} × ${size.height} in ${lang}`, async () => {
      const problems = [];
      for (const tour of TOURS) {
        const context = await shared.browser.newContext({ viewport: size });
        const page = await context.newPage();
        const errors = [];
        page.on("pageerror", (err) => errors.push(err.message));
        page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
        await page.goto(`${shared.server.url}?tour=${tour}&present=1&lang=${lang}`);
        await settled(page);
        await page.locator(".app.presenting [data-testid=narration]").waitFor();
        await page.waitForFunction(() => document.querySelector("[data-testid=caption-box]")?.dataset.laidOut === "true");
        const seen = [];
        let last = await stop(page);
        for (let n = 0; n < 120; n++) {
          for (const problem of await unseen(page)) problems.push(`${tour} ${last.heading} ${last.part} ${last.page}: ${problem}`);
          if (SHOT.has(tour) && lang === "en" && size.width === 1024) {
            await page.screenshot({ path: `${ARTIFACTS}/room-${tour}-${String(n + 1).padStart(2, "0")}.png` });
          }
          seen.push(last);
          const [shownPage, pages] = last.page.split("/");
          if (last.part === "words" && last.step === last.steps && shownPage === pages) break;
          const before = JSON.stringify(last);
          await page.keyboard.press("PageDown");
          // The next stop, laid out; or nothing, at the tour's end.
          const moved = await page
            .waitForFunction(
              (before) => {
                const narration = document.querySelector("[data-testid=narration]");
                const box = document.querySelector("[data-testid=caption-box]");
                const now = {
                  part: narration?.dataset.part ?? null,
                  heading: document.querySelector("[data-testid=step-count]")?.textContent ?? "",
                  page: box ? `${box.dataset.page}/${box.dataset.pages}` : "",
                };
                const laidOut = !box || box.dataset.laidOut === "true";
                // The heading's clock runs while a step's motion plays: compare without it.
                const strip = (s) => JSON.stringify([s.part, s.page, s.heading.replace(/\(t = [^)]*\)|（t = [^）]*）/g, "")]);
                return laidOut && strip(now) !== strip(JSON.parse(before));
              },
              before,
              { timeout: 3_000 },
            )
            .then(() => true, () => false);
          if (!moved) break;
          last = await stop(page);
        }
        assert.ok(seen.length < 120, `${tour} (${lang}): the walk never ended`);
        const end = seen[seen.length - 1];
        assert.equal(end.part, "words", `${tour} (${lang}) ends on its last step's words, not ${end.part}: ${end.heading}`);
        assert.ok(!end.page || end.page.split("/")[0] === end.page.split("/")[1], `${tour} (${lang}) reaches the last page: ${end.page}`);
        assert.equal(end.step, end.steps, `${tour} (${lang}) ends at its last step: ${end.heading}`);
        assert.deepEqual(errors, [], `${tour} (${lang}): the page reported errors`);
        await context.close();
      }
      assert.deepEqual(problems.slice(0, 40), [], `words the room cannot read (${problems.length}):\n${problems.slice(0, 40).join("\n")}`);
    });
  }
}

// An embedded player in a docs column or a slide (800 × 600): its picture starts in the frame's first
// screen, above the step's words, and its clock is inside the frame.
test("an embedded tour step shows its picture first and its whole clock at 800 × 600", async () => {
  const context = await shared.browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?embed=1&tour=kind&step=8`);
  await settled(page);
  const stage = await page.getByTestId("stage").boundingBox();
  const words = await page.getByTestId("narration").boundingBox();
  assert.ok(stage.y < 100, `the stage starts at y ${stage.y}`);
  assert.ok(stage.y < words.y, "the picture comes before the words");
  const clock = await page.getByTestId("clock").boundingBox();
  assert.ok(clock.x >= 0 && clock.x + clock.width <= 800, `the clock lies at x ${clock.x}–${clock.x + clock.width}`);
  await context.close();
});
