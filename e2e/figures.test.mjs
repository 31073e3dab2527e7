// <podip-figure> (static/podip-figure.js, src/ui/figure/): the example page's figures share one wasm
// instance, each drawn at its view; autoplay plays only on screen; reduced motion holds the view; a bad
// figure says why inside itself and the rest work; keyboard and axe-core; without JavaScript every figure
// is its SVG; the script works from another origin; the build's SVGs are what `podip figure` prints.
//   node --test --test-reporter=spec e2e/figures.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useServerAndBrowser, openPage, serve, axeViolations, readmeLesson, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();
const EXAMPLE = "figures-example.html";

/** The figure `id` (its data-testid on the element), drawn: its shadow root's figure. */
const drawn = (page, id) => page.locator(`podip-figure[data-testid=${id}] [data-testid=figure]`);

/** Wait until the figure `id` is drawn with `attribute` = `value` (on its <figure>). */
async function figureHas(page, id, attribute, value, timeout = 30_000) {
  await drawn(page, id).and(page.locator(`[${attribute}="${value}"]`)).waitFor({ timeout });
}

/** `n` animation frames. */
const frames = (page, n) =>
  page.evaluate((n) => new Promise((resolve) => {
    const next = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
    next(n);
  }), n);

test("the example page: one wasm request, every figure drawn at its view, its link to the app", async () => {
  const wasm = [];
  const { page, assertClean } = await openPage(shared.browser, "about:blank");
  page.on("request", (request) => request.url().endsWith(".wasm") && wasm.push(request.url()));
  await page.goto(shared.server.url + EXAMPLE);
  await figureHas(page, "kind", "data-step", "8");
  await figureHas(page, "ja", "data-step", "3");
  await figureHas(page, "dark", "data-step", "4");
  await drawn(page, "inline").and(page.locator("[data-time='4000']")).waitFor();
  assert.equal(wasm.length, 1, `one wasm request: ${wasm.join(", ")}`);
  assert.equal(await page.evaluate(() => document.querySelectorAll("podip-figure").length), 4);
  // Each draws the stage with its own numbers; the Japanese one speaks Japanese.
  assert.match(await drawn(page, "inline").locator("[data-testid=stage]").textContent(), /10\.244\.1\.0\/24/);
  assert.match(await drawn(page, "ja").getByTestId("figure-count").textContent(), /ステップ 3/);
  assert.match(await drawn(page, "ja").getByTestId("figure-caption").textContent(), /./);
  assert.equal(await drawn(page, "dark").getByTestId("figure-prev").count(), 0, "controls=none");
  assert.equal(await drawn(page, "inline").getByTestId("figure-play").count(), 1, "controls=full");
  assert.equal(
    await drawn(page, "kind").getByTestId("figure-open").getAttribute("href"),
    `${shared.server.url}tour/kind/?step=8`,
  );
  // Each figure is named for assistive technology.
  assert.match(await drawn(page, "kind").getAttribute("aria-label"), /^podip figure: the kind cluster — step 8 of 10/);
  await page.screenshot({ path: `${ARTIFACTS}/figures-example.png`, fullPage: true });
  assert.deepEqual(await axeViolations(page), []);
  assertClean();
  await page.close();
});

test("the example page fits every size and theme, each figure's labels at 11 px or more", async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  for (const [width, height] of [[1024, 768], [1280, 800], [1920, 1080], [390, 844]]) {
    for (const colorScheme of ["light", "dark"]) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await page.goto(shared.server.url + EXAMPLE);
      // Each drawn by the engine, as a reader's press would have it: laid out for its own width.
      await page.evaluate(() => document.querySelectorAll("podip-figure").forEach((f) => f.wake()));
      for (const id of ["inline", "kind", "ja", "dark"]) await drawn(page, id).waitFor();
      // Each stage laid out for its own width (its picture one unit to a CSS pixel).
      await page.waitForFunction(() => [...document.querySelectorAll("podip-figure")].every((f) => {
        const svg = f.shadowRoot.querySelector("[data-testid=stage] svg");
        return svg && Math.abs(svg.viewBox.baseVal.width - svg.getBoundingClientRect().width) <= 2;
      }));
      const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - innerWidth);
      assert.ok(overflow <= 0, `${width}×${height} ${colorScheme}: ${overflow} px wider than the window`);
      const smallest = await page.evaluate(() => Math.min(...[...document.querySelectorAll("podip-figure")].flatMap((f) =>
        [...f.shadowRoot.querySelectorAll("[data-testid=stage] svg text")].filter((t) => t.getBBox().width > 0)
          .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))));
      assert.ok(smallest >= 10.9, `${width}×${height}: a label at ${smallest.toFixed(1)} px`);
      assert.match(await drawn(page, "dark").getByTestId("figure-count").textContent(), /第 4 步/);
      await page.screenshot({ path: `${ARTIFACTS}/figures-${width}x${height}-${colorScheme}.png`, fullPage: true });
    }
  }
  await context.close();
});

test("autoplay plays the step only while the figure is on screen, and once", async () => {
  // Short enough that the kind figure starts below the fold.
  const { page, assertClean } = await openPage(shared.browser, shared.server.url + EXAMPLE, { width: 1024, height: 360 });
  await figureHas(page, "kind", "data-step", "8");
  await frames(page, 20);
  assert.equal(await drawn(page, "kind").getAttribute("data-playing"), "false", "off screen: held at its view");
  await page.locator("podip-figure[data-testid=kind]").scrollIntoViewIfNeeded();
  await figureHas(page, "kind", "data-playing", "true");
  assert.equal(await drawn(page, "kind").getAttribute("data-step"), "7", "it plays from the step before");
  // Scrolled away, it holds where it was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(page, 5);
  const held = await drawn(page, "kind").getAttribute("data-time");
  await frames(page, 30);
  assert.equal(await drawn(page, "kind").getAttribute("data-time"), held, "off screen, the clock is stopped");
  assert.equal(await drawn(page, "kind").getAttribute("data-playing"), "true", "paused, not given up");
  await page.locator("podip-figure[data-testid=kind]").scrollIntoViewIfNeeded();
  await figureHas(page, "kind", "data-step", "8");
  await figureHas(page, "kind", "data-playing", "false");
  assertClean();
  await page.close();
});

test("with reduced motion an autoplay figure stays at its view", async () => {
  const context = await shared.browser.newContext({ reducedMotion: "reduce", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(shared.server.url + EXAMPLE);
  await page.locator("podip-figure[data-testid=kind]").scrollIntoViewIfNeeded();
  await figureHas(page, "kind", "data-step", "8");
  await frames(page, 30);
  assert.equal(await drawn(page, "kind").getAttribute("data-playing"), "false");
  assert.equal(await drawn(page, "kind").getAttribute("data-step"), "8");
  await context.close();
});

test("a bad figure says why inside itself; the others go on working; keys move a figure", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url + EXAMPLE);
  await figureHas(page, "kind", "data-step", "8");
  await page.evaluate(() => {
    const bad = document.createElement("podip-figure");
    bad.dataset.testid = "bad-scenario";
    const script = document.createElement("script");
    script.type = "text/podip";
    script.textContent = "cluster --cluster-cidr=10.244.0.0/16\nfly away\n";
    bad.append(script);
    const unknown = document.createElement("podip-figure");
    unknown.dataset.testid = "bad-tour";
    unknown.setAttribute("tour", "nope");
    document.body.prepend(bad, unknown);
  });
  const problem = (id) => page.locator(`podip-figure[data-testid=${id}] [data-testid=figure-problem]`);
  await problem("bad-scenario").waitFor();
  assert.match(await problem("bad-scenario").textContent(), /^This podip figure cannot be drawn: line 2: /);
  assert.match(await problem("bad-tour").textContent(), /tour="nope" is not valid: one of kind, planning/);
  // The others still draw and answer.
  await drawn(page, "inline").focus();
  await page.keyboard.press("ArrowRight");
  await drawn(page, "inline").and(page.locator(":not([data-time='4000'])")).waitFor();
  const after = Number(await drawn(page, "inline").getAttribute("data-time"));
  assert.ok(after > 4000, `the next event: ${after}`);
  await page.keyboard.press("ArrowLeft");
  await drawn(page, "inline").and(page.locator(`:not([data-time='${after}'])`)).waitFor();
  assert.ok(Number(await drawn(page, "inline").getAttribute("data-time")) < after, "the event before");
  // On screen, the kind figure plays its step (autoplay) first; then the reader steps back.
  await page.locator("podip-figure[data-testid=kind]").scrollIntoViewIfNeeded();
  await drawn(page, "kind").and(page.locator(":not(.fast)[data-step='8'][data-playing=false]")).waitFor();
  await drawn(page, "kind").getByTestId("figure-prev").click();
  await figureHas(page, "kind", "data-step", "7");
  // An attribute changed draws the figure again.
  await page.evaluate(() => document.querySelector("podip-figure[data-testid=kind]").setAttribute("step", "2"));
  await figureHas(page, "kind", "data-step", "2");
  assertClean();
  await page.close();
});

test("without JavaScript every figure is its SVG, written by the build", async () => {
  const context = await shared.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(shared.server.url + EXAMPLE);
  const figures = await page.locator("podip-figure").count();
  const images = page.locator("podip-figure img");
  assert.equal(await images.count(), figures, "every figure holds its picture");
  // The figure with a scenario of its own too: the page's two nodes, web and api on the second.
  const inline = page.locator("podip-figure[data-testid=inline] img");
  await inline.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector("podip-figure[data-testid=inline] img").complete);
  const svg = await (await fetch(new URL(await inline.getAttribute("src"), shared.server.url + EXAMPLE))).text();
  assert.match(svg, /^<\?xml[^]*<svg /);
  for (const drawn of [">control-plane<", ">worker<", "host-local 10.244.1.0/24", ">web<", ">api<"]) {
    assert.ok(svg.includes(drawn), `the page's own cluster, drawn: ${drawn}`);
  }
  for (let i = 0; i < figures; i++) {
    await images.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction((i) => document.querySelectorAll("podip-figure img")[i].complete, i);
    const size = await images.nth(i).evaluate((img) => [img.naturalWidth, img.getBoundingClientRect().height]);
    assert.equal(size[0], 960, "the build's width");
    assert.ok(size[1] > 200, `drawn: ${size}`);
  }
  await page.screenshot({ path: `${ARTIFACTS}/figures-no-js.png`, fullPage: true });
  await context.close();
});

test("the build's SVG of a tour step is what `podip figure` prints", async () => {
  const cli = (args, input) => execFileSync("cargo", ["run", "--quiet", "--bin", "podip", "--", "figure", ...args], { encoding: "utf8", input });
  assert.equal(cli(["--tour", "kind", "--step", "8"]), await readFile("dist/figures/en/kind/8.svg", "utf8"));
  assert.equal(
    cli(["--tour", "exhaustion", "--step", "3", "--lang", "ja", "--theme", "dark"]),
    await readFile("dist/figures/ja/exhaustion/3-dark.svg", "utf8"),
  );
  // The example page's figure with a scenario of its own: the build drew it from the page's scenario.
  const example = await readFile(`dist/${EXAMPLE}`, "utf8");
  const [, attributes, scenario, src] = example.match(
    /<podip-figure ([^>]*)data-testid="inline">\s*<script type="text\/podip">([^<]*)<\/script>[^]*?<img src="\.\/([^"]+)"/,
  );
  assert.match(attributes, /t="4s"/);
  assert.equal(cli(["--scenario", "-", "--t", "4s"], scenario), await readFile(`dist/${src}`, "utf8"));
});

test("a page on another origin uses the script and the engine from podip's", async () => {
  const app = await serve("dist", "/", { cors: true });
  const dir = await mkdtemp(join(tmpdir(), "host-"));
  await writeFile(join(dir, "index.html"), `<!doctype html><html lang="en"><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
    <script type="module" src="${app.url}podip-figure.js"></script>
    <h1>A page of someone else's</h1>
    <podip-figure tour="kind" step="5" data-testid="remote"></podip-figure>
    <podip-figure tour="planning" step="2" lang="zh" data-testid="remote-zh"></podip-figure>`);
  const host = await serve(dir);
  assert.notEqual(new URL(host.url).port, new URL(app.url).port);
  const { page, assertClean } = await openPage(shared.browser, host.url);
  await figureHas(page, "remote", "data-step", "5");
  await figureHas(page, "remote-zh", "data-step", "2");
  assert.match(await drawn(page, "remote-zh").getByTestId("figure-count").textContent(), /第 2 步/);
  assert.ok((await drawn(page, "remote").getByTestId("figure-open").getAttribute("href")).startsWith(app.url));
  assertClean();
  await page.close();
  await host.close();
  await app.close();
});

test("a lesson's figures: by address and written inside, one fetch for two figures, its words and picture; a broken lesson and failed fetches say why in place", async () => {
  const lesson = await readmeLesson();
  const app = await serve("dist", "/", { cors: true });
  const dir = await mkdtemp(join(tmpdir(), "lesson-host-"));
  await writeFile(join(dir, "mine.md"), lesson);
  const elsewhere = await mkdtemp(join(tmpdir(), "lesson-elsewhere-"));
  await writeFile(join(elsewhere, "mine.md"), lesson);
  // Another origin that does not let other sites read its files (no CORS headers).
  const closed = await serve(elsewhere);
  const broken = lesson.replace("IPAMReserve pod/a", "IPAMReserved pod/a").replace("RouteAdded pod/a", "RouteAdded pod/zz");
  await writeFile(join(dir, "index.html"), `<!doctype html><html lang="en"><meta charset="utf-8"><title>lessons</title><link rel="icon" href="data:,">
    <script type="module" src="${app.url}podip-figure.js"></script>
    <podip-figure lesson="mine.md" step="2" data-testid="by-path"></podip-figure>
    <podip-figure lesson="/mine.md" step="3" data-testid="by-path-3"></podip-figure>
    <podip-figure step="1" data-testid="written"><script type="text/podip-lesson">${lesson}</script></podip-figure>
    <podip-figure step="1" data-testid="broken"><script type="text/podip-lesson">${broken}</script></podip-figure>
    <podip-figure lesson="mine.md" step="9" data-testid="past"></podip-figure>
    <podip-figure lesson="missing.md" step="1" data-testid="missing"></podip-figure>
    <podip-figure lesson="${closed.url}mine.md" step="1" data-testid="cors"></podip-figure>
    <podip-figure lesson="javascript:alert(1)" data-testid="scheme"></podip-figure>`);
  const host = await serve(dir);
  const fetched = [];
  const { page, problems } = await openPage(shared.browser, "about:blank");
  page.on("request", (r) => r.url().endsWith("/mine.md") && fetched.push(r.url()));
  await page.goto(host.url);
  await figureHas(page, "by-path", "data-step", "2");
  await figureHas(page, "by-path-3", "data-step", "3");
  await figureHas(page, "written", "data-step", "1");
  const caption = (id) => drawn(page, id).getByTestId("figure-caption").textContent();
  assert.match(await caption("by-path"), /host-local creates the file 10\.244\.1\.2/);
  assert.match(await caption("by-path-3"), /ptp adds a \/32 route to pod a/);
  assert.match(await caption("written"), /kind-worker gets the next free \/24/);
  assert.match(await drawn(page, "by-path").getByTestId("figure-count").textContent(), /Where pod a's address comes from/);
  // The step's picture: a's address file on kind-worker.
  await drawn(page, "by-path").locator('[data-testid=stage-file][data-file="10.244.1.2"]').first().waitFor({ state: "attached" });
  // Two figures of one address, one fetch of it (the path and "/mine.md" are the same file).
  assert.deepEqual(fetched.filter((u) => u.startsWith(host.url)), [`${host.url}mine.md`]);
  const problem = (id) => page.locator(`podip-figure[data-testid=${id}] [data-testid=figure-problem]`);
  for (const [id, said] of [
    ["broken", /line 33: no event reason IPAMReserved[^]*line 41: step a-route: pod\/zz never appears in the run/],
    ["past", /step=9 is past the lesson's last step \(3\)/],
    ["missing", /missing\.md could not be fetched: the server answered HTTP 404/],
    ["cors", /could not be fetched: no answer, or its server does not let this site read it \(CORS/],
    ["scheme", /is javascript:; a lesson comes from an https address or a path on this site/],
  ]) {
    await problem(id).waitFor({ timeout: 30_000 });
    assert.match(await problem(id).textContent(), said, id);
  }
  // "Open in podip ↗": the lesson's scenario at the step's moment.
  assert.ok((await drawn(page, "by-path").getByTestId("figure-open").getAttribute("href")).startsWith(app.url));
  assert.deepEqual(problems.filter((p) => p.startsWith("pageerror") || /panicked/.test(p)), []);
  await page.screenshot({ path: `${ARTIFACTS}/figure-lessons.png`, fullPage: true });
  await page.close();
  await Promise.all([host.close(), closed.close(), app.close()]);
});
