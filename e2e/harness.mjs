// Shared end-to-end harness: serve dist/ on 127.0.0.1, drive Debian's Chromium with playwright-core,
// and fail on any page error or console error.
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { readFile, mkdir } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

export const ARTIFACTS = "e2e/artifacts";

/** Serve `root` (default dist/) under `prefix` (default `/`) on an ephemeral port; resolves to
 *  { url, close }, `url` ending in the prefix. Paths outside the prefix are 404, as on a host that
 *  serves the app from a sub-path. With `cors`, every file may be read from another origin (the header
 *  a host of podip's figures sends). With `gzip`, a response is compressed for a browser that accepts
 *  it, as most hosts do (a measurement of a page's load over a network wants that). */
export async function serve(root = "dist", prefix = "/", { cors = false, gzip = false } = {}) {
  const compressed = new Map();
  // Large headers: a test sends a 1 MB query string, as a hostile link would.
  const server = createServer({ maxHeaderSize: 4 << 20 }, async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (!pathname.startsWith(prefix)) {
      res.writeHead(404);
      res.end("not found");
      return;
    }
    const path = normalize("/" + pathname.slice(prefix.length)).replace(/^(\.\.[/\\])+/, "");
    const file = join(root, path.endsWith("/") ? join(path, "index.html") : path);
    try {
      const body = await readFile(file);
      const compress = gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
      res.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        ...(cors ? { "access-control-allow-origin": "*" } : {}),
        ...(compress ? { "content-encoding": "gzip" } : {}),
      });
      if (compress && !compressed.has(file)) compressed.set(file, gzipSync(body));
      res.end(compress ? compressed.get(file) : body);
    } catch {
      res.writeHead(404);
      res.end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}${prefix}`, close: () => new Promise((r) => server.close(r)) };
}

/** Launch headless Chromium with the flags this closed network needs. */
export async function launch() {
  await mkdir(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/** The first contentful paint of `url` in a fresh browser context at 1280 × 800, in ms (the
 *  measurements compare pages by it). */
export async function firstContentfulPaint(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 30_000 });
  const value = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0].startTime);
  await context.close();
  return value;
}

/** A new page that records page errors and console errors; call `assertClean()` at the end. */
export async function openPage(browser, url, viewport = { width: 1280, height: 800 }, init = null, initArg = undefined) {
  const page = await browser.newPage({ viewport });
  // A script to run in the page before its own (say, to listen for what it posts from the start).
  if (init) await page.addInitScript(init, initArg);
  const problems = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console.error: ${msg.text()}`);
  });
  await page.goto(url);
  return {
    page,
    problems,
    assertClean() {
      if (problems.length) throw new Error(`the page reported errors:\n${problems.join("\n")}`);
    },
  };
}

/** For a test file: serve `root` under `prefix` and launch Chromium before its tests, close both after.
 *  The returned object's `server` and `browser` are set once the tests run. */
export function useServerAndBrowser(root = "dist", prefix = "/") {
  const shared = {};
  before(async () => {
    shared.server = await serve(root, prefix);
    shared.browser = await launch();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}

/** Wait until the app has started and has no simulation work in hand (its progress indicator gone), so
 *  that what was last asked is what the page shows. The app takes `data-view` off `<html>` (set by
 *  index.html's head script) as it mounts, in the task that draws its first view; small work is done
 *  before the page draws again; a big scenario is simulated in slices over many frames, with progress. */
export async function settled(page, timeout = 60_000) {
  await page.waitForFunction(() => !document.documentElement.hasAttribute("data-view"), null, { timeout });
  // Two frames: what was just asked is drawn by then (with its progress, if it has work).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(() => !document.querySelector("[data-testid=progress]"), null, { timeout });
}

/** Wait until the element `testId` shows `text` (a substring or a RegExp). */
export async function shows(page, testId, text, timeout = 30_000) {
  await page.getByTestId(testId).filter({ hasText: text }).first().waitFor({ state: "attached", timeout });
}

/** The tour step the narration shows (1 for the first), or 0 at the introduction. */
export async function stepShown(page) {
  // The narration says which step it shows, whatever its heading says (a question's stops are headed
  // as the question's in the presenter view).
  return Number(await page.getByTestId("narration").getAttribute("data-step"));
}

/** Wait until the narration shows tour step `n` (1 for the first). */
export async function atStep(page, n, timeout = 30_000) {
  await page.locator(`[data-testid=narration][data-step="${n}"]`).waitFor({ state: "attached", timeout });
}

/** Start tour `name` from its button; resolves once its run is in place: its button pressed, no work in
 *  hand, the clock at its start. */
export async function startTour(page, name) {
  await settled(page);
  await page.getByTestId(`tour-${name}`).click();
  await settled(page);
  await page.locator(`[data-testid="tour-${name}"][aria-pressed=true]`).waitFor();
  await shows(page, "clock", /^t = 0\.000 s/);
}

/** `n` steps on with questions off (`quiz=0`), each pressed once the step before is shown, and each
 *  waited for until the narration shows it. */
export async function tourStep(page, n) {
  await settled(page);
  for (let i = 0; i < n; i++) {
    const next = (await stepShown(page)) + 1;
    await page.getByTestId("tour-next").click();
    await settled(page);
    await shows(page, "step-count", `step ${next} of`);
  }
}

/** Load built-in scenario `name` from the editor's buttons and run it from the editor; resolves once
 *  its run is in place (the editor holds its text, which `scenarios/NAME.podip` is, and no work is in hand). */
export async function runBuiltin(page, name) {
  const text = await readFile(new URL(`../scenarios/${name}.podip`, import.meta.url), "utf8");
  const editor = page.getByTestId("scenario-editor");
  await settled(page);
  await page.getByTestId(`load-${name}`).click();
  await settled(page);
  await page.waitForFunction((want) => document.querySelector("[data-testid=scenario-editor]")?.value === want, text);
  await page.getByTestId("run-scenario").click();
  await settled(page);
  assert.equal(await editor.inputValue(), text);
}

/** axe-core's serious and critical violations in `page`, within the element `selector` (the whole
 *  document by default), each as `id (impact): the first targets`. */
export async function axeViolations(page, selector = null) {
  const axe = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.addScriptTag({ content: axe });
  return page.evaluate(async (selector) => {
    const result = await window.axe.run(selector ? document.querySelector(selector) : document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  }, selector);
}

/** The complete lesson of README's "Write a lesson", as written there (steps: worker-subnet,
 *  a-reserved, a-route; a question before a-reserved). */
export async function readmeLesson(root = ".") {
  const doc = await readFile(join(root, "README.md"), "utf8");
  const block = doc.slice(doc.indexOf("## Write a lesson")).match(/```markdown\n([\s\S]*?)\n```/);
  assert.ok(block, "README has its complete lesson");
  return `${block[1]}\n`;
}

/** The cluster the frame budgets are measured on: 64 nodes of 110 pods each, played at 8×. */
/** A fresh context and page on the phone profile the measurements share (CPU 4× slower, 9 Mbit/s down,
 *  1.5 Mbit/s up, 40 ms latency, 390 × 844), with the page's DevTools session. */
export async function phonePage(browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8 });
  return { context, page, cdp };
}

/** This build and, with `BASE=<another built site>`, that one beside it (`DIST=` names this one, `dist`
 *  by default), each served gzip-compressed as hosts send it: `load(server)` once, not counted (a
 *  browser's first load pays for starting its processes), then in `runs` interleaved rounds. Resolves to
 *  each build's results, `base` first. */
export async function interleavedBuilds(runs, load) {
  const dirs = { new: process.env.DIST ?? "dist", ...(process.env.BASE ? { base: process.env.BASE } : {}) };
  const servers = Object.fromEntries(await Promise.all(Object.entries(dirs).map(async ([name, dir]) => [name, await serve(dir, "/", { gzip: true })])));
  const builds = Object.keys(dirs).sort();
  try {
    await load(servers[builds[0]]);
    const samples = Object.fromEntries(builds.map((build) => [build, []]));
    for (let round = 0; round < runs; round++) {
      for (const build of round % 2 ? [...builds].reverse() : builds) samples[build].push(await load(servers[build]));
    }
    return samples;
  } finally {
    for (const server of Object.values(servers)) await server.close();
  }
}

/** Hold `page`'s wasm back until the function returned is called: the page as it is before its engine. */
export async function holdWasm(page) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route("**/*.wasm", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export const PLAYING_SCENARIO = [
  "cluster --cluster-cidr=10.0.0.0/8 --node-cidr-mask-size=24",
  ...Array.from({ length: 64 }, (_, i) => `node add n${i + 1}`),
  "wait 1s",
  ...Array.from({ length: 64 }, (_, i) => `pod add-many p${i + 1} --node=n${i + 1} --count=110`),
  "wait 5s",
].join("\n");

/** Wait until every animation that ends has ended, of what the page draws: Chrome does not advance an
 *  animation content-visibility skips (a node card off screen), which ends only once it is shown. */
export async function animationsEnded(page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .filter((a) => !(a.effect?.target instanceof Element) || a.effect.target.checkVisibility({ contentVisibilityAuto: true }))
        .map((a) => a.finished),
    ),
  );
}

/** Focus the element `locator` and press `key` on it (a keyboard user's Tab lands there). */
export async function press(locator, key = "Enter") {
  await locator.focus();
  await locator.press(key);
}

/** Type `text` into the focused field `locator`, replacing what it held. */
export async function typeInto(locator, text) {
  await locator.focus();
  await locator.press("Control+a");
  await locator.pressSequentially(text);
}
