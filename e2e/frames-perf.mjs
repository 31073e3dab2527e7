// Frames while playing 64 nodes × 110 pods at 8× (issue 53's budget), builds side by side (a
// measurement, not a test):
//   DISTS=dist-before,dist ROUNDS=5 node e2e/frames-perf.mjs
// Each round plays every build once, in turn, in a fresh page of one browser, and reads a Chromium
// trace: a frame's work is the renderer main thread's tasks between one BeginMainThreadFrame and the
// next (e2e/perf.mjs's method). Wall time is what the budget counts; on a machine shared with other
// work it swells with the waits for a core, so each frame's thread time (the tasks' CPU time) is
// printed beside it, the figure to compare builds by there. Frames of 4 ms or more are split by kind:
// the animation frame's callback (the tick or the drawing: script), timers (work in slices, Yew's
// scheduler going on after a yield), style, layout, paint.
import { serve, launch, PLAYING_SCENARIO } from "./harness.mjs";

const dists = (process.env.DISTS ?? "dist").split(",");
const rounds = Number(process.env.ROUNDS ?? 3);
const browser = await launch();
const servers = await Promise.all(dists.map((dist) => serve(dist)));
const results = dists.map(() => []);

const KINDS = {
  FireAnimationFrame: "animation frame", TimerFire: "timer", FunctionCall: "script", UpdateLayoutTree: "style",
  Layout: "layout", PrePaint: "pre-paint", Paint: "paint", Layerize: "layerize", MinorGC: "gc", MajorGC: "gc",
};

/** Each frame's work (wall and thread time, ms) and its parts by kind, from a trace. */
function frames(trace) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args.name === "CrRendererMain");
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  // Top-level tasks only (a task run inside another is counted in it).
  const tasks = [];
  for (const t of onMain.filter((e) => e.ph === "X" && e.name === "ThreadControllerImpl::RunTask").sort((a, b) => a.ts - b.ts)) {
    const last = tasks.at(-1);
    if (!last || t.ts >= last.ts + last.dur) tasks.push(t);
  }
  const starts = onMain.filter((e) => e.name === "BeginMainThreadFrame").map((e) => e.ts).sort((a, b) => a - b);
  // Top-level events only: a layout forced by a script is the script's.
  const marked = onMain.filter((e) => e.ph === "X" && KINDS[e.name]).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const top = [];
  let end = -Infinity;
  for (const e of marked) {
    if (e.ts >= end) top.push(e);
    end = Math.max(end, e.ts + e.dur);
  }
  return starts.slice(1).map((to, k) => {
    const from = starts[k];
    const overlap = (t) => Math.max(0, Math.min(t.ts + t.dur, to) - Math.max(t.ts, from));
    const wall = tasks.reduce((sum, t) => sum + overlap(t), 0) / 1000;
    // A task's thread time, shared among the frames it spans as its wall time is.
    const thread = tasks.reduce((sum, t) => sum + (t.dur > 0 ? (t.tdur ?? t.dur) * overlap(t) / t.dur : 0), 0) / 1000;
    const parts = {};
    for (const e of top.filter((e) => e.ts >= from && e.ts < to)) parts[KINDS[e.name]] = (parts[KINDS[e.name]] ?? 0) + e.dur / 1000;
    return { wall, thread, parts };
  });
}

async function play(url) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.getByTestId("narration").waitFor();
  await page.getByTestId("scenario-editor").fill(PLAYING_SCENARIO);
  await page.getByTestId("run-scenario").click();
  await page.waitForFunction(() => !document.querySelector("[data-testid=progress]")
    && !document.querySelector("[data-testid=clock]").textContent.includes("/ 10.800 s"));
  await page.getByTestId("speed").selectOption({ label: "8×" });
  await browser.startTracing(page, { categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline.frame", "v8"] });
  await page.evaluate(async () => {
    document.querySelector("[data-testid=play]").click();
    let n = 0;
    await new Promise((resolve) => {
      const frame = () => (++n < 240 && document.querySelector("[data-testid=pause]") ? requestAnimationFrame(frame) : resolve());
      requestAnimationFrame(frame);
    });
    // The frame after the clock stops is drawn after the loop ends; its task is counted too.
    await new Promise((resolve) => setTimeout(resolve, 250));
  });
  const trace = await browser.stopTracing();
  await page.close();
  return frames(trace);
}

const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const figures = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${at(sorted, 0.5).toFixed(1)}, p95 ${at(sorted, 0.95).toFixed(1)}, max ${sorted.at(-1).toFixed(1)} ms, ${sorted.filter((v) => v > 50).length} over 50 ms`;
};

for (let round = 0; round < rounds; round++) {
  for (const [i, dist] of dists.entries()) {
    const drawn = await play(servers[i].url);
    results[i].push(drawn);
    const busy = drawn.filter((f) => f.wall >= 4);
    const parts = {};
    busy.forEach((f) => Object.entries(f.parts).forEach(([kind, ms]) => (parts[kind] = (parts[kind] ?? 0) + ms / busy.length)));
    console.log(`${dist}, round ${round + 1}: ${drawn.length} frames; wall ${figures(drawn.map((f) => f.wall))}; thread ${figures(drawn.map((f) => f.thread))}`);
    console.log(`  frames of 4 ms or more (${busy.length}), on average: ${Object.entries(parts).sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`).join(", ")}`);
  }
}
for (const [i, dist] of dists.entries()) {
  const all = results[i].flat();
  const p95 = (key) => results[i].map((r) => at(r.map((f) => f[key]).sort((a, b) => a - b), 0.95)).sort((a, b) => a - b).map((v) => v.toFixed(1)).join(" ");
  console.log(`${dist}: ${rounds} rounds, ${all.length} frames. Wall: ${figures(all.map((f) => f.wall))} (each round's p95: ${p95("wall")}). Thread: ${figures(all.map((f) => f.thread))} (each round's p95: ${p95("thread")})`);
}
await browser.close();
await Promise.all(servers.map((server) => server.close()));
