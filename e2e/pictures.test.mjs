// Every word is on the picture: at every stop of every tour — each step opened by its link, and with the
// question asked before the next step up — what the step declares its picture shows (`Step::shows`, listed
// on the stage as `data-must-show`, each thing `kind:name@node`) is drawn: found by its `data-shows` name
// (docs/architecture.md) inside its node's box, inside the window, not under the question card, not cut
// ("…"), and in the presenter view at 14 px or more. The presenter view at 1024 × 768 and 1920 × 1080 in
// the three languages, and the page at 1280 × 800 and on phones (390 × 844, 360 × 800) in English (its
// labels are the presenter's, with more room). One browser for the whole matrix, a page per case (a tour at a size in a language) that opens
// each step by its link; every wait is for a state shown, never for a time.
// Every failure is written to e2e/artifacts/pictures-failures.txt. A stop known to fail is listed in
// e2e/pictures-known.json (its stop, the thing and why) and expected; a listed one that passes fails the
// test as a new failure does, so the list only shrinks.
//   node --test --test-reporter=spec e2e/pictures.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { useServerAndBrowser, settled, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const ALL_TOURS = ["kind", "planning", "exhaustion", "dual-stack", "kcm-restart", "max-pods", "reboot-leak",
  "why-round-robin", "node-network", "kubeadm-flannel", "calico-blocks"];
// PICTURES_TOURS=reboot-leak,planning walks those tours alone (and expects only their known failures).
const TOURS = process.env.PICTURES_TOURS?.split(",").filter((t) => ALL_TOURS.includes(t)) ?? ALL_TOURS;
const VIEWS = [
  { width: 1024, height: 768, present: true, langs: ["en", "zh", "ja"] },
  { width: 1920, height: 1080, present: true, langs: ["en", "zh", "ja"] },
  { width: 1280, height: 800, present: false, langs: ["en"] },
  // Phones: the page as a learner holds it, one node at a time.
  { width: 390, height: 844, present: false, langs: ["en"] },
  { width: 360, height: 800, present: false, langs: ["en"] },
];
const KNOWN = new URL("./pictures-known.json", import.meta.url);
// Cases at once: a case mostly waits on its page, so more than the machine's two cores.
const AT_ONCE = Number(process.env.PICTURES_AT_ONCE) || 4;

/** What of the stage's declared things the room cannot see, each with why. */
function unseen(page, { present }) {
  return page.evaluate((present) => {
    const stage = document.querySelector("[data-testid=stage]");
    const declared = (stage.dataset.mustShow ?? "").split(" ").filter(Boolean);
    const card = (() => {
      const r = document.querySelector(".quiz")?.getBoundingClientRect();
      return r && r.height > 0 ? r : null;
    })();
    const problem = (el) => {
      const box = el.getBoundingClientRect();
      if (!box.width && !box.height) return "not drawn (no size)";
      if (box.left < -0.5 || box.top < -0.5 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5) {
        return `outside the window (${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)} of ${innerWidth}×${innerHeight})`;
      }
      if (card && box.left < card.right && box.right > card.left && box.top < card.bottom && box.bottom > card.top) {
        return "under the question card";
      }
      const texts = [...el.querySelectorAll("text"), ...(el.tagName === "text" ? [el] : [])];
      const cut = texts.find((t) => t.textContent.includes("…"));
      if (cut) return `cut: "${cut.textContent}"`;
      if (present) {
        for (const t of texts) {
          const svg = t.ownerSVGElement;
          // The picture is scaled to fit its element both ways (a max-height keeps it within its room).
          const { width, height } = svg.getBoundingClientRect();
          const view = svg.viewBox.baseVal;
          const size = parseFloat(getComputedStyle(t).fontSize) * Math.min(width / view.width, height / view.height);
          if (size < 13.9) return `set at ${size.toFixed(1)} px: "${t.textContent}"`;
        }
      }
      return null;
    };
    const out = [];
    for (const full of declared) {
      const at = full.lastIndexOf("@");
      const [name, node] = at >= 0 ? [full.slice(0, at), full.slice(at + 1)] : [full, null];
      const scope = node ? document.querySelector(`[data-testid=stage-node][data-node="${node}"]`) : stage;
      if (!scope) {
        out.push({ thing: full, problem: "its node is not drawn" });
        continue;
      }
      const named = [scope, ...scope.querySelectorAll("[data-shows]")]
        .filter((el) => (el.getAttribute("data-shows") ?? "").split(" ").includes(name));
      if (!named.length) {
        out.push({ thing: full, problem: "not drawn" });
        continue;
      }
      const problems = named.map(problem);
      if (problems.every(Boolean)) out.push({ thing: full, problem: problems[0] });
    }
    return { declared: declared.length, out };
  }, present);
}

/** The stop shown, as the page tells it: the step, the caption's part and page, whether a question is up. */
const stop = (page) =>
  page.evaluate(() => ({
    step: document.querySelector("[data-testid=stage]")?.dataset.step ?? "",
    part: document.querySelector("[data-testid=narration]")?.dataset.part ?? "",
    page: document.querySelector("[data-testid=caption-box]")?.dataset.page ?? "",
    quiz: !!document.querySelector("[data-testid=quiz]"),
  }));

/** Two animation frames: the stage laid out for the room it measured. */
const drawn = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Walks one tour at one view in one language; returns what was not seen, stop by stop. */
async function walk(tour, view, lang, counted, expected) {
  const context = await shared.browser.newContext({ viewport: { width: view.width, height: view.height } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  const failures = [];
  const where = `${tour} ${view.present ? "presenter" : "page"} ${view.width}×${view.height} ${lang}`;
  const look = async (label) => {
    await drawn(page);
    const { declared, out } = await unseen(page, view);
    counted.things += declared;
    counted.stops += 1;
    // A stop is saved as a picture when it fails in a way not known before.
    if (out.some(({ thing }) => !expected.has(`${where}, ${label} | ${thing}`))) {
      const shot = `${ARTIFACTS}/pictures-${tour}-${label.replace(/\W+/g, "-")}-${view.width}-${lang}.png`;
      await page.screenshot({ path: shot });
    }
    failures.push(...out.map(({ thing, problem }) => ({ stop: `${where}, ${label}`, thing, problem })));
  };
  const open = async (step) => {
    await page.goto(`${shared.server.url}?tour=${tour}&step=${step}&lang=${lang}${view.present ? "&present=1" : ""}`);
    await settled(page);
    await page.locator(`[data-testid=stage][data-step^="${step} "]`).waitFor({ state: "attached" });
  };
  await open(1);
  // The stage says which step it shows and of how many: "1 10".
  const steps = Number((await page.getByTestId("stage").getAttribute("data-step")).split(" ")[1]);
  for (let step = 1; step <= steps; step++) {
    if (step > 1) await open(step);
    await look(`step ${step}`);
    // The last step has no question after it; the page is looked at step by step.
    if (!view.present || step === steps) continue;
    // PageDown through the step's words: a question asked before the next step comes up, or the next
    // step (no question), or nothing more (the last step's last page).
    let before = await stop(page);
    for (let press = 0; press < 8; press++) {
      await page.keyboard.press("PageDown");
      const moved = await page.waitForFunction(
        (was) => {
          const now = {
            step: document.querySelector("[data-testid=stage]")?.dataset.step ?? "",
            part: document.querySelector("[data-testid=narration]")?.dataset.part ?? "",
            page: document.querySelector("[data-testid=caption-box]")?.dataset.page ?? "",
            quiz: !!document.querySelector("[data-testid=quiz]"),
          };
          return JSON.stringify(now) !== JSON.stringify(was) ? now : null;
        },
        before,
        { timeout: 5_000 },
      ).then((h) => h.jsonValue()).catch(() => null);
      if (!moved) {
        failures.push({ stop: `${where}, step ${step}`, thing: "press", problem: "a press changed nothing before the next stop" });
        break;
      }
      if (moved.quiz && moved.part === "question") {
        await look(`question before step ${step + 1}`);
        break;
      }
      if (moved.step !== before.step) break;
      before = moved;
    }
  }
  assert.deepEqual(errors, [], `${where}: page errors`);
  await context.close();
  return failures;
}

test("at every stop of every tour what the step declares is drawn, whole and readable, in the window", async () => {
  const cases = VIEWS.flatMap((view) => view.langs.flatMap((lang) => TOURS.map((tour) => ({ tour, view, lang }))));
  const known = JSON.parse(await readFile(KNOWN, "utf8")).filter((k) => TOURS.includes(k.stop.split(" ")[0]));
  const key = ({ stop, thing }) => `${stop} | ${thing}`;
  const expected = new Set(known.map(key));
  const counted = { stops: 0, things: 0 };
  const failures = [];
  const queue = [...cases];
  await Promise.all(Array.from({ length: AT_ONCE }, async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      failures.push(...(await walk(c.tour, c.view, c.lang, counted, expected)));
    }
  }));
  console.log(`${counted.stops} stops, ${counted.things} declared things looked at`);
  assert.ok(counted.stops >= cases.length * 4, `only ${counted.stops} stops walked`);
  assert.ok(counted.things > counted.stops, `only ${counted.things} things declared`);
  const line = (f) => `${key(f)}: ${f.problem.replace(/\s*\n\s*/g, " ⏎ ")}`;
  const found = new Set(failures.map(key));
  const fresh = failures.filter((f) => !expected.has(key(f))).map(line).sort();
  const passing = known.filter((k) => !found.has(key(k))).map((k) => `${key(k)} (known: ${k.why})`).sort();
  await writeFile(`${ARTIFACTS}/pictures-failures.txt`, [
    `${failures.length} failures, ${failures.length - fresh.length} of them known (e2e/pictures-known.json)`,
    ...failures.map((f) => `${expected.has(key(f)) ? "known" : "NEW  "} ${line(f)}`).sort(),
    ...passing.map((p) => `PASSES, drop it from the known list: ${p}`),
    "",
  ].join("\n"));
  assert.deepEqual(fresh, [], "new failures (all in e2e/artifacts/pictures-failures.txt)");
  assert.deepEqual(passing, [], "known failures that pass now: drop them from e2e/pictures-known.json");
});

test("node-network's packet passes every hop from web's eth0 to db", async () => {
  for (const view of VIEWS.filter((v) => v.present)) {
    const context = await shared.browser.newContext({ viewport: { width: view.width, height: view.height } });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}?tour=node-network&step=5&present=1`);
    await settled(page);
    const packet = page.locator('[data-shows~="packet:web>db"]');
    await packet.waitFor({ state: "attached" });
    const hops = await packet.locator("circle").evaluateAll((dots) => dots.map((d) => d.dataset.shows));
    assert.deepEqual(hops, [
      "hop:pod:kind-worker:web",
      "hop:veth:kind-worker:web",
      "hop:route:kind-worker:10.244.2.0/24",
      "hop:route:kind-worker2:10.244.2.2/32",
      "hop:veth:kind-worker2:db",
      "hop:pod:kind-worker2:db",
    ], `at ${view.width}×${view.height}`);
    // The route that carries it stays legible: its ring sits at the chip's end, clear of its words.
    const covered = await page.evaluate(() => {
      const ring = document.querySelector('[data-shows="hop:route:kind-worker:10.244.2.0/24"]').getBoundingClientRect();
      return [...document.querySelectorAll("[data-testid=stage] text")]
        .filter((t) => t.textContent.includes("10.244.2.0/24"))
        .map((t) => t.getBoundingClientRect())
        .filter((r) => r.left < ring.right && ring.left < r.right && r.top < ring.bottom && ring.top < r.bottom).length;
    });
    assert.equal(covered, 0, `at ${view.width}×${view.height}: the route's ring covers its words`);
    await context.close();
  }
});
