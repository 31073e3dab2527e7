// UI budgets of issue 5, measured in headless Chromium on a release build (a measurement, not a test):
//   node e2e/perf.mjs            (after `trunk build --release --offline`; BASE=<another build's dist> to
//                                compare the playing with it side by side)
// Prints: first meaningful paint of the kind tour, layout shift while it plays, a settings change's
// re-render time, scrubbing the longest built-in scenario, and while playing 64 nodes × 110 pods at 8×:
// frame intervals, each frame's main-thread work (from a trace) and long tasks over 50 ms.
import { serve, launch, PLAYING_SCENARIO } from "./harness.mjs";

const server = await serve(process.env.DIST ?? "dist");
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

// First meaningful paint: the first paint after the kind tour's narration is in the document. A paint
// entry (first-contentful-paint) after the insertion is that paint; otherwise the frame after it.
await page.addInitScript(() => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector("[data-testid=narration]")) return;
    observer.disconnect();
    window.__narrationInserted = performance.now();
    requestAnimationFrame(() => setTimeout(() => (window.__framePainted = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
});
await page.goto(server.url);
await page.getByTestId("narration").waitFor();
await page.waitForFunction(() => window.__framePainted);
const paint = await page.evaluate(() => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
  return fcp !== undefined && fcp >= window.__narrationInserted ? fcp : window.__framePainted;
});
console.log(`first meaningful paint (kind tour narration painted): ${paint.toFixed(0)} ms after navigation start`);

// Layout shift while the kind tour plays at 4×, as the browser scores it (the layout-shift entries CLS
// sums), split by what moved: the event log's rows (they keep their places: new ones come below and the
// list scrolls), the node cards and what lies below them as nodes join, and anything else (the e2e test
// "the page holds still" fails on anything but the node cards and what lies below them).
await page.getByTestId("speed").selectOption({ label: "4×" });
const shift = await page.evaluate(async () => {
  const sums = { log: 0, nodes: 0, other: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const groups = entry.sources.map(({ node }) => {
        const element = node?.nodeType === 1 ? node : node?.parentElement;
        if (element?.closest(".event-log")) return "log";
        return element?.closest(".nodes, .card.map, .pod-view") ? "nodes" : "other";
      });
      // An entry scores a whole frame: it counts as "other" if anything else moved in it, then "nodes".
      sums[["other", "nodes", "log"].find((group) => groups.includes(group)) ?? "other"] += entry.value;
    }
  });
  observer.observe({ type: "layout-shift" });
  document.querySelector("[data-testid=play]").click();
  await new Promise((resolve) => {
    const check = () => (document.querySelector("[data-testid=play]") ? setTimeout(resolve, 300) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
  observer.disconnect();
  return sums;
});
console.log(`layout shift while the kind tour plays at 4×: ${(shift.log + shift.nodes + shift.other).toFixed(3)} (the event log's rows ${shift.log.toFixed(3)}, node cards and below ${shift.nodes.toFixed(3)}, elsewhere ${shift.other.toFixed(3)})`);
await page.getByTestId("speed").selectOption({ label: "1×" });

const settingsMs = await page.evaluate(async () => {
  const input = document.querySelector("[data-testid=node-mask]");
  const figure = document.querySelector("[data-figure=node-subnets] .value");
  const start = performance.now();
  input.value = "23";
  input.dispatchEvent(new InputEvent("input", { bubbles: true }));
  await new Promise((resolve) => {
    const check = () => (figure.isConnected && document.querySelector("[data-figure=node-subnets] .value").textContent === "128" ? resolve() : requestAnimationFrame(check));
    check();
  });
  return performance.now() - start;
});
console.log(`settings change (--node-cidr-mask-size 24 → 23) re-rendered in ${settingsMs.toFixed(1)} ms`);

// Scrubbing the longest built-in scenario (693 pods of history) back and forth: a step back re-simulates
// from the start, a step forward runs on; timed from the scrubber's input to the frame after the clock
// shows the new time.
await page.getByTestId("load-kind-measured").click();
await page.getByTestId("run-scenario").click();
const scrubMs = await page.evaluate(async () => {
  const times = [];
  for (const ms of [39000, 31000, 35000, 30500, 38000, 32000, 36000, 31500, 34000, 30800]) {
    const scrubber = document.querySelector("[data-testid=scrubber]");
    scrubber.value = String(ms);
    const start = performance.now();
    scrubber.dispatchEvent(new Event("input", { bubbles: true }));
    const want = `t = ${(ms / 1000).toFixed(3)} s`;
    await new Promise((resolve) => {
      const check = () => (document.querySelector("[data-testid=clock]").textContent.startsWith(want) ? requestAnimationFrame(resolve) : requestAnimationFrame(check));
      check();
    });
    times.push(performance.now() - start);
  }
  return times;
});
console.log(`scrubbing kind-measured (forward and back between 30.5 and 39 s): ${scrubMs.map((t) => t.toFixed(0)).join(", ")} ms`);

// Playing 64 nodes × 110 pods at 8× in the build served at `url`, printed under `label`.
async function playing(url, label) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.getByTestId("narration").waitFor();
  await page.getByTestId("scenario-editor").fill(PLAYING_SCENARIO);
  const loadStart = Date.now();
  await page.getByTestId("run-scenario").click();
  // Loaded when the run shown is the new one: its horizon, not the kind tour's, and no progress left.
  await page.waitForFunction(() => !document.querySelector("[data-testid=progress]")
    && !document.querySelector("[data-testid=clock]").textContent.includes("/ 10.800 s"));
  console.log(`${label} loading the 64 × 110 scenario: ${Date.now() - loadStart} ms`);
  await page.getByTestId("speed").selectOption({ label: "8×" });
  // Frame *intervals* from requestAnimationFrame cannot go below the display's 16.7 ms; the main thread's
  // busy time per frame (CDP's cumulative TaskDuration over the frames drawn) is the work each frame cost.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const taskSeconds = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration").value;
  // PROFILE=1: a CPU profile of the playing, summed by function (self time), to see where frames go.
  // Function names need a build that keeps them: add -g to index.html's data-wasm-opt-params, build into
  // dist-profile (`trunk build --release --offline --dist dist-profile`), then DIST=dist-profile.
  if (process.env.PROFILE) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  // A trace of the playing: each frame's main-thread work (the renderer main thread's tasks between one
  // BeginMainThreadFrame and the next), the frame time below the display's 16.7 ms interval.
  await browser.startTracing(page, { categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline.frame"] });
  const busyBefore = await taskSeconds();
  const result = await page.evaluate(async () => {
    const long = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration))).observe({ type: "longtask", buffered: false });
    // Which work a long task was: the animation frame holding it, split into script (by what ran it) and
    // the render (style, layout, paint).
    const blocked = [];
    new PerformanceObserver((list) => list.getEntries().filter((e) => e.blockingDuration > 0).forEach((e) => blocked.push(
      `frame of ${e.duration.toFixed(0)} ms: script ${e.scripts.map((s) => `${s.invoker} ${s.duration.toFixed(0)}`).join(", ") || "none"}, render ${(e.startTime + e.duration - e.renderStart).toFixed(0)} ms`,
    ))).observe({ type: "long-animation-frame", buffered: false });
    const frames = [];
    document.querySelector("[data-testid=play]").click();
    let last = performance.now();
    await new Promise((resolve) => {
      const tick = (now) => {
        frames.push(now - last);
        last = now;
        if (frames.length < 240 && document.querySelector("[data-testid=pause]")) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    // The frame after the clock stops is drawn after the loop ends; its task is counted too.
    await new Promise((resolve) => setTimeout(resolve, 250));
    frames.sort((a, b) => a - b);
    return { frames: frames.length, median: frames[Math.floor(frames.length / 2)], p95: frames[Math.floor(frames.length * 0.95)], longTasks: long.length, longest: Math.max(0, ...long), blocked };
  });
  const trace = await browser.stopTracing();
  const busyPerFrame = ((await taskSeconds()) - busyBefore) * 1000 / result.frames;
  const frameWork = (() => {
    const events = JSON.parse(trace.toString()).traceEvents;
    const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args.name === "CrRendererMain");
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
    const tasks = onMain.filter((e) => e.ph === "X" && e.name === "ThreadControllerImpl::RunTask");
    const starts = onMain.filter((e) => e.name === "BeginMainThreadFrame").map((e) => e.ts).sort((a, b) => a - b);
    const work = starts.slice(1).map((to, k) => tasks.reduce((sum, t) => sum + Math.max(0, Math.min(t.ts + t.dur, to) - Math.max(t.ts, starts[k])), 0) / 1000);
    work.sort((a, b) => a - b);
    return { frames: work.length, median: work[work.length >> 1], p95: work[Math.floor(work.length * 0.95)], max: work.at(-1) };
  })();
  if (process.env.PROFILE) {
    const { profile } = await cdp.send("Profiler.stop");
    const selfMs = new Map();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const name = byId.get(id).callFrame.functionName || "(anonymous)";
      selfMs.set(name, (selfMs.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
    console.log(`CPU profile while playing (self time, ${total.toFixed(0)} ms sampled):`);
    [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([name, ms]) => console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name.slice(0, 110)}`));
  }
  console.log(`${label} playing 64 nodes × 110 pods at 8×: main-thread work ${busyPerFrame.toFixed(1)} ms per frame on average`);
  console.log(`${label} playing 64 nodes × 110 pods at 8×: ${result.frames} frames, median ${result.median.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms; long tasks > 50 ms: ${result.longTasks} (longest ${result.longest.toFixed(0)} ms)`);
  console.log(`${label} playing 64 nodes × 110 pods at 8×: each frame's main-thread work (trace, ${frameWork.frames} frames): median ${frameWork.median.toFixed(1)} ms, p95 ${frameWork.p95.toFixed(1)} ms, longest ${frameWork.max.toFixed(1)} ms`);
  result.blocked.forEach((frame) => console.log(`  long task in a ${frame}`));
  await page.close();
}

// BASE=<another build>: the same measurement of it first, side by side with this build's.
if (process.env.BASE) {
  const base = await serve(process.env.BASE);
  await playing(base.url, "base:");
  await base.close();
}
await playing(server.url, process.env.BASE ? "new: " : "");
await browser.close();
await server.close();
