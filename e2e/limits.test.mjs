// Issue "Nothing a learner types or a link carries can freeze or crash the page", in a release build:
// the four scenarios that used to take the page down (16,000 nodes; 2,000 nodes × 110 pods; 30 ×
// 100,000 pods on one node; 300 nodes with 40 rounds of 11,000 pods created and deleted) are refused,
// as a link and typed into the editor, with `line N: …` naming the limit, over the default view; the
// budget scenario (256 nodes × 110 pods, churned) is accepted and simulated in slices with a progress
// indicator while the page answers input. Throughout, no long task over 50 ms and no page error.
//   node --test --test-reporter=spec e2e/limits.test.mjs     (DIST=dir to test another build than dist/)
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useServerAndBrowser, openPage, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser(process.env.DIST ?? "dist");

/** Chromium reports a task as long when it takes more than this. */
const LONG_TASK_MS = 50;
/** While the page simulates, a round trip to it (a script evaluated) comes back within this. */
const ROUND_TRIP_MS = 200;
/** The longest a link's query may be (`share::MAX_QUERY_LEN`): the links here stay under it, so it is
 *  their scenario that is refused, not the link whole. */
const MAX_QUERY_LEN = 64 * 1024;
/** A podip link carries a scenario of more than this many bytes deflated (`share::PLAIN_SCENARIO_MAX`). */
const PLAIN_SCENARIO_MAX = 200;

// ---------------------------------------------------------------------------------------------------
// The scenarios, each with what its refusal says: `line N: …` and the limit's words.

/** Lines, with the line number of the first that `refused(line, state)` picks out. */
function scenario(name, build) {
  const lines = [];
  let refusedAt = null;
  build((line, over = false) => {
    lines.push(line);
    if (over && refusedAt === null) refusedAt = lines.length;
  });
  return { name, text: lines.join("\n") + "\n", refusedAt, lines: lines.length };
}

const REFUSED = [
  // 16,000 `node add` lines: the 301st node is over the limit.
  {
    ...scenario("16,000 node add lines", (line) => {
      line("cluster --cluster-cidr=10.0.0.0/8 --node-cidr-mask-size=24");
      for (let i = 1; i <= 16000; i++) line(`node add n${i}`, i === 301);
    }),
    limit: "more than 300 nodes in one scenario (podip's limit",
  },
  // 2,000 nodes, each with 110 pods: the 301st node is over the limit (33,000 pods before it are fine).
  {
    ...scenario("2,000 nodes × pod add-many --count=110", (line) => {
      line("cluster --cluster-cidr=10.0.0.0/8 --node-cidr-mask-size=24");
      for (let i = 1; i <= 2000; i++) {
        line(`node add n${i}`, i === 301);
        line(`pod add-many n${i}-p --node=n${i} --count=110`);
      }
      line("wait 5s");
    }),
    limit: "more than 300 nodes in one scenario (podip's limit",
  },
  // 30 × 100,000 pods on one node: the first add-many is over the 10,000 per line.
  {
    ...scenario("30 × pod add-many --count=100000 on one node", (line) => {
      line("cluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=24");
      line("node add big");
      for (let i = 1; i <= 30; i++) line(`pod add-many p${i} --node=big --count=100000`, true);
      line("wait 5s");
    }),
    limit: 'invalid --count "100000": want a whole number from 1 to 10000',
    plain: true,
  },
  // 300 nodes, 40 rounds of 100 nodes × 110 pods created and deleted: the pod that makes 50,001 is over.
  {
    ...scenario("300 nodes, 40 rounds of 100 × 110 pods created and deleted", (line) => {
      line("cluster --cluster-cidr=10.0.0.0/8 --node-cidr-mask-size=24");
      for (let i = 1; i <= 300; i++) line(`node add n${i}`);
      let pods = 0;
      for (let r = 1; r <= 40; r++) {
        for (let i = 1; i <= 100; i++) {
          pods += 110;
          line(`pod add-many r${r}-n${i} --node=n${i} --count=110`, pods > 50000);
        }
        line("wait 5s");
        for (let i = 1; i <= 100; i++) line(`pod delete-many r${r}-n${i} --count=110`);
        line("wait 5s");
      }
    }),
    limit: "more than 50000 pods created in one scenario (podip's limit)",
  },
];

/** The simulation budget's scenario (`benches/common/churn.rs`): 256 nodes of a /16 in /24s, 110 pods
 *  each, 55 per node deleted at once and 55 new ones created after the DEL lag. */
const BUDGET = (() => {
  const nodes = Array.from({ length: 256 }, (_, n) => `n${String(n).padStart(3, "0")}`);
  const lines = ["cluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=24"];
  for (const n of nodes) lines.push(`node add ${n}`);
  lines.push("wait 1s");
  for (const n of nodes) lines.push(`pod add-many ${n}-a --node=${n} --count=110`);
  lines.push("wait 1s");
  for (const n of nodes) lines.push(`pod delete-many ${n}-a --count=55`);
  lines.push("wait 3s");
  for (const n of nodes) lines.push(`pod add-many ${n}-b --node=${n} --count=55`);
  lines.push("wait 1s");
  return lines.join("\n") + "\n";
})();

/** The query of a link to `text`: deflated in `s=` as podip writes it (a raw deflate stream, RFC 1951,
 *  base64url without padding) unless `plain`. */
function linkQuery(text, plain = false) {
  return plain
    ? `?scenario=${encodeURIComponent(text)}`
    : `?s=${deflateRawSync(Buffer.from(text), { level: 9 }).toString("base64url")}`;
}

// ---------------------------------------------------------------------------------------------------
// Watching the page: long tasks (and the long animation frames that hold them, to say what they were),
// and when the parts that matter here come and go, all in `performance.now()` since navigation.

function watch() {
  window.__longTasks = [];
  window.__frames = [];
  window.__marks = [];
  const mark = (what) => window.__marks.push({ what, at: performance.now() });
  window.__mark = mark;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!(e.blockingDuration > 0)) continue;
        window.__frames.push({
          start: e.startTime,
          duration: e.duration,
          render: e.startTime + e.duration - e.renderStart,
          scripts: e.scripts.map((s) => `${s.invoker} ${s.duration.toFixed(0)} ms`).join(", ") || "none",
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {
    // Long animation frames only explain long tasks; without them the tasks are still counted.
  }
  const watched = {
    progress: "[data-testid=progress]",
    "link-problem": "[data-testid=link-problem]",
    narration: "[data-testid=narration]",
    "scenario-error": ".scenario-error.shown",
    editor: "[data-testid=scenario-editor]",
  };
  const present = {};
  const check = () => {
    for (const [name, selector] of Object.entries(watched)) {
      const now = document.querySelector(selector) !== null;
      if (now !== (present[name] ?? false)) {
        present[name] = now;
        mark(`${name} ${now ? "shown" : "gone"}`);
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
}

/** A page watched from its navigation on (see `watch`), with the harness's page-error record. */
async function openWatched(url) {
  const opened = await openPage(shared.browser, "about:blank");
  await opened.page.addInitScript(watch);
  await opened.page.goto(url);
  return opened;
}

/** Wait until the page has been quiet a while: `ms` of timers, then an idle callback (a long task
 *  shows up in the observer once it has ended, so this also lets the last ones be reported). */
async function settle(page, ms = 1500) {
  await page.evaluate(
    (ms) => new Promise((resolve) => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 5000 }), ms)),
    ms,
  );
}

/** Mark a step of the test in the page's record; resolves to its time. */
function mark(page, what) {
  return page.evaluate((what) => (window.__mark(what), performance.now()), what);
}

/** The long tasks over 50 ms that started at or after `since`, each said with what happened just
 *  before it and the long animation frame that held it. */
async function longTasks(page, since = 0) {
  const { tasks, marks, frames } = await page.evaluate(() => ({ tasks: window.__longTasks, marks: window.__marks, frames: window.__frames }));
  return tasks
    .filter((t) => t.duration > LONG_TASK_MS && t.start >= since)
    .map((t) => {
      const before = marks.filter((m) => m.at <= t.start + t.duration).at(-1);
      const frame = frames.find((f) => f.start <= t.start + 1 && t.start < f.start + f.duration);
      return (
        `${t.duration.toFixed(0)} ms long task at ${t.start.toFixed(0)} ms` +
        (before ? ` (last event before its end: ${before.what} at ${before.at.toFixed(0)} ms)` : "") +
        (frame ? ` in a ${frame.duration.toFixed(0)} ms frame: script ${frame.scripts}, render ${frame.render.toFixed(0)} ms` : "")
      );
    });
}

/** What a test found wrong, gathered so that one run reports all of it, asserted empty at its end. */
class Findings {
  list = [];
  check(ok, message) {
    if (!ok) this.list.push(message);
  }
  async noLongTask(page, since, what) {
    const long = await longTasks(page, since);
    this.check(long.length === 0, `${what}: no long task over ${LONG_TASK_MS} ms, but:\n    ${long.join("\n    ")}`);
  }
  assertNone() {
    assert.deepEqual(this.list, [], `\n${this.list.map((f) => `- ${f}`).join("\n")}`);
  }
}

/** What the learner sees of the view: the clock, the tour and its step, the node cards. */
function picture(page) {
  return page.evaluate(() => ({
    clock: document.querySelector("[data-testid=clock]")?.textContent,
    tour: document.querySelector("[data-testid=step-count]")?.textContent,
    nodes: [...document.querySelectorAll("[data-testid=node]")].map((n) => n.dataset.node),
    pods: document.querySelectorAll("[data-testid=pod]").length,
  }));
}

/** The default view: the kind tour, its narration and its nodes. */
async function checkDefaultView(page, found, what) {
  found.check(await page.getByTestId("narration").isVisible(), `${what}: the kind tour's narration is shown`);
  found.check((await page.getByTestId("tour-kind").getAttribute("aria-pressed")) === "true", `${what}: the kind tour is the one loaded`);
  const { nodes } = await picture(page);
  found.check(nodes.length > 0 && nodes.every((n) => n.startsWith("kind-")), `${what}: the kind tour's node cards are shown: ${nodes}`);
}

/** Print what happened while the test set the page up (not judged there): long tasks since `since`. */
async function report(page, since, what) {
  const long = await longTasks(page, since);
  if (long.length) console.log(`${what} (not judged here):\n  ${long.join("\n  ")}`);
}

// ---------------------------------------------------------------------------------------------------

test("each scenario over podip's limits, opened as a link, is refused in place over the default view", async () => {
  const found = new Findings();
  for (const [index, s] of REFUSED.entries()) {
    const query = linkQuery(s.text, s.plain);
    assert.ok(query.length < MAX_QUERY_LEN, `${s.name}: the link (${query.length} bytes) is under the query limit`);
    assert.ok(s.plain || s.text.length > PLAIN_SCENARIO_MAX, `${s.name}: podip would link it in s=`);
    const { page, problems } = await openWatched(shared.server.url + query);
    const what = `${s.name} as a link (${query.length} bytes)`;
    const want = `line ${s.refusedAt}: ${s.limit}`;
    await page.getByTestId("link-problem").waitFor({ timeout: 30_000 });
    await page.locator(".scenario-error.shown").waitFor({ timeout: 30_000 });
    await settle(page);
    const banner = await page.getByTestId("link-problem").textContent();
    found.check(banner.includes(want), `${what}: the banner says ${want}: ${banner}`);
    const error = (await page.getByTestId("scenario-error").textContent()).trim();
    found.check(error.startsWith(want), `${what}: the editor's error says ${want}: ${error}`);
    found.check((await page.getByTestId("scenario-editor").inputValue()) === s.text, `${what}: the refused text is in the editor`);
    await checkDefaultView(page, found, what);
    const marks = await page.evaluate(() => window.__marks.map((m) => m.what));
    found.check(!marks.includes("progress shown"), `${what}: a refused scenario is not simulated: ${marks}`);
    await found.noLongTask(page, 0, `${what}, from navigation to idle`);
    found.check(problems.length === 0, `${what}: page errors:\n    ${problems.join("\n    ")}`);
    await page.screenshot({ path: `${ARTIFACTS}/limits-link-${index + 1}.png` });
    await page.close();
  }
  found.assertNone();
});

test("each scenario over podip's limits, typed into the editor and run, is refused and the picture stays", async () => {
  const found = new Findings();
  const { page, problems } = await openWatched(shared.server.url);
  await page.getByTestId("narration").waitFor();
  await page.getByTestId("scenario-editor").waitFor();
  await settle(page);
  await report(page, 0, "the default page's load");
  const before = await picture(page);
  for (const s of REFUSED) {
    const what = `${s.name} run from the editor`;
    const filling = await mark(page, `filling the editor with ${s.name}`);
    await page.getByTestId("scenario-editor").fill(s.text, { timeout: 300_000 });
    await settle(page, 500);
    // Typing is not running: what the page did with the text as it came in is reported, not judged here.
    await report(page, filling, `${s.name}: while the editor was filled (${s.text.length} bytes)`);
    const run = await mark(page, `run ${s.name}`);
    await page.getByTestId("run-scenario").click();
    const want = `line ${s.refusedAt}: ${s.limit}`;
    await page.locator(".scenario-error.shown").waitFor({ timeout: 30_000 });
    await page.waitForFunction((want) => document.querySelector("[data-testid=scenario-error]").textContent.includes(want), want, { timeout: 30_000 }).catch(() => {});
    await settle(page);
    const error = (await page.getByTestId("scenario-error").textContent()).trim();
    found.check(error.startsWith(want), `${what}: the editor's error says ${want}: ${error}`);
    const now = await picture(page);
    found.check(JSON.stringify(now) === JSON.stringify(before), `${what}: the previous picture stays: ${JSON.stringify(before)} → ${JSON.stringify(now)}`);
    await checkDefaultView(page, found, what);
    const after = (await page.evaluate(() => window.__marks)).filter((m) => m.at >= run).map((m) => m.what);
    found.check(!after.includes("progress shown"), `${what}: a refused scenario is not simulated: ${after}`);
    await found.noLongTask(page, run, `${what}, from the click to idle`);
  }
  found.check(problems.length === 0, `page errors:\n    ${problems.join("\n    ")}`);
  await page.screenshot({ path: `${ARTIFACTS}/limits-editor.png` });
  await page.close();
  found.assertNone();
});

/** While the progress indicator is shown: the page answers (round trips of a script evaluated, a theme
 *  switch) and the indicator moves. Resolves to what was measured. */
async function probeWhileWorking(page, { timeout = 60_000 } = {}) {
  const start = Date.now();
  const trips = [];
  const percents = [];
  let visible = false;
  let theme = null;
  while (Date.now() - start < timeout) {
    const sent = Date.now();
    const seen = await page.evaluate(() => {
      const progress = document.querySelector("[data-testid=progress]");
      const box = progress?.getBoundingClientRect();
      return { now: performance.now(), progress: progress && { text: progress.textContent, visible: box.width > 0 && box.height > 0 } };
    });
    if (!seen.progress) {
      // Not yet there (the page still starting) or already gone.
      if (trips.length || Date.now() - start > 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    trips.push({ ms: Date.now() - sent, at: seen.now });
    visible ||= seen.progress.visible;
    percents.push(seen.progress.text);
    if (theme === null && trips.length >= 3) {
      // A theme switch is a whole page's re-render, asked for in the middle of the work.
      theme = await page.evaluate(async () => {
        const select = document.querySelector("[data-testid=theme]");
        const wanted = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
        const start = performance.now();
        select.value = wanted;
        select.dispatchEvent(new Event("change", { bubbles: true }));
        await new Promise((resolve) => {
          const check = () => (document.documentElement.dataset.theme === wanted ? resolve() : requestAnimationFrame(check));
          check();
        });
        return { ms: performance.now() - start, at: start, busy: document.querySelector("[data-testid=progress]") !== null };
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { trips, percents: [...new Set(percents)], visible, theme };
}

function checkResponsive(probe, found, what) {
  found.check(probe.trips.length > 0, `${what}: the progress indicator was seen`);
  found.check(probe.visible, `${what}: the progress indicator is visible`);
  found.check(
    probe.trips.every((t) => t.ms <= ROUND_TRIP_MS),
    `${what}: round trips to the page while it works within ${ROUND_TRIP_MS} ms: ${probe.trips.map((t) => `${t.ms} ms (at ${t.at.toFixed(0)})`).join(", ")}`,
  );
  found.check(probe.theme !== null, `${what}: a theme switch was tried while working`);
  if (probe.theme) found.check(probe.theme.ms <= ROUND_TRIP_MS, `${what}: a theme switch while working took ${probe.theme.ms.toFixed(0)} ms`);
}

function describeProbe(probe) {
  const ms = probe.trips.map((t) => t.ms);
  return (
    `round trips while working ${Math.min(...ms)}–${Math.max(...ms)} ms (${ms.length}), ` +
    `theme switch ${probe.theme?.ms.toFixed(0)} ms, progress seen: ${probe.percents.join(" | ")}`
  );
}

test("the budget scenario (256 nodes × 110 pods, churned) opened as a link simulates in slices, with progress, while the page answers", async () => {
  const found = new Findings();
  const query = linkQuery(BUDGET);
  const what = `budget scenario as a link (${query.length} bytes)`;
  const { page, problems } = await openWatched(shared.server.url + query);
  const probe = await probeWhileWorking(page);
  await page.getByTestId("progress").waitFor({ state: "detached", timeout: 60_000 });
  await page.locator("[data-testid=node][data-node=n000]").waitFor({ timeout: 10_000 });
  await settle(page);
  const marks = await page.evaluate(() => window.__marks);
  const shown = marks.find((m) => m.what === "progress shown");
  const gone = marks.findLast((m) => m.what === "progress gone");
  console.log(`${what}: progress shown ${shown?.at.toFixed(0)} ms after navigation, gone ${gone?.at.toFixed(0)} ms after it; ${describeProbe(probe)}`);
  found.check(shown && gone && gone.at > shown.at, `${what}: the progress indicator came and went: ${JSON.stringify(marks)}`);
  checkResponsive(probe, found, what);
  const { nodes } = await picture(page);
  found.check(nodes[0] === "n000", `${what}: the first nodes are shown: ${nodes}`);
  found.check((await page.locator(".scenario-error.shown").count()) === 0, `${what}: the scenario is accepted`);
  found.check((await page.getByTestId("link-problem").count()) === 0, `${what}: nothing of the link is refused`);
  await found.noLongTask(page, 0, `${what}, from navigation to idle`);
  found.check(problems.length === 0, `${what}: page errors:\n    ${problems.join("\n    ")}`);
  await page.screenshot({ path: `${ARTIFACTS}/limits-budget-link.png` });
  await page.close();
  found.assertNone();
});

test("the budget scenario run from the editor simulates in slices, with progress, keeping the previous picture meanwhile", async () => {
  const found = new Findings();
  const what = "budget scenario run from the editor";
  const { page, problems } = await openWatched(shared.server.url);
  await page.getByTestId("narration").waitFor();
  await page.getByTestId("scenario-editor").waitFor();
  await settle(page);
  await report(page, 0, "the default page's load");
  const before = await picture(page);
  const filling = await mark(page, "filling the editor with the budget scenario");
  await page.getByTestId("scenario-editor").fill(BUDGET);
  await settle(page, 500);
  await report(page, filling, `while the editor was filled (${BUDGET.length} bytes)`);
  const run = await mark(page, "run the budget scenario");
  const clicked = Date.now();
  await page.getByTestId("run-scenario").click();
  // The previous picture stays while it works.
  const during = await picture(page);
  const stillBusy = (await page.getByTestId("progress").count()) > 0;
  const probe = await probeWhileWorking(page);
  await page.getByTestId("progress").waitFor({ state: "detached", timeout: 60_000 });
  await page.locator("[data-testid=node][data-node=n000]").waitFor({ timeout: 10_000 });
  const doneMs = Date.now() - clicked;
  await settle(page);
  const marks = (await page.evaluate(() => window.__marks)).filter((m) => m.at >= run);
  const shown = marks.find((m) => m.what === "progress shown");
  const gone = marks.findLast((m) => m.what === "progress gone");
  console.log(
    `${what}: progress shown ${(shown?.at - run).toFixed(0)} ms after the click, gone ${(gone?.at - run).toFixed(0)} ms after it ` +
      `(${doneMs} ms as the test saw it); ${describeProbe(probe)}`,
  );
  found.check(shown && gone && gone.at > shown.at, `${what}: the progress indicator came and went: ${JSON.stringify(marks)}`);
  found.check(!stillBusy || JSON.stringify(during.nodes) === JSON.stringify(before.nodes), `${what}: while it works, the previous picture stays: ${during.nodes}`);
  checkResponsive(probe, found, what);
  const { nodes } = await picture(page);
  found.check(nodes[0] === "n000", `${what}: the first nodes are shown: ${nodes}`);
  found.check((await page.locator(".scenario-error.shown").count()) === 0, `${what}: the scenario is accepted`);
  await found.noLongTask(page, run, `${what}, from the click to idle`);
  found.check(problems.length === 0, `${what}: page errors:\n    ${problems.join("\n    ")}`);
  await page.screenshot({ path: `${ARTIFACTS}/limits-budget-editor.png` });
  await page.close();
  found.assertNone();
});
