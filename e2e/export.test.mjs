// Export in a release build: from the kind tour at step 8, the scenario, the state, the transcript and
// the stage's picture download with names saying the story and the time; the scenario loads back to the
// same state at the same time; the SVG is well-formed, self-contained, light and names every node; the
// PNG is the same picture at twice its size; the embed code opens the same view in the player.
//   node --test --test-reporter=spec e2e/export.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { useServerAndBrowser, openPage, settled, shows, startTour, tourStep, ARTIFACTS, axeViolations, animationsEnded } from "./harness.mjs";

const shared = useServerAndBrowser();

/** Click the export menu's item `testid` and wait for its download: { name, bytes }. */
async function download(page, testid) {
  const summary = page.getByTestId("export");
  if (!(await page.locator("details.export-menu").evaluate((d) => d.open))) await summary.click();
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testid).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** The SVG text parsed by the page's own XML parser: its root's name, a parse error if any, its texts. */
const parseSvg = (page, svg) =>
  page.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    const error = doc.querySelector("parsererror");
    return {
      root: doc.documentElement.localName,
      error: error?.textContent ?? null,
      texts: [...doc.querySelectorAll("text")].map((t) => t.textContent),
      title: doc.querySelector("svg > title")?.textContent ?? null,
      viewBox: doc.documentElement.getAttribute("viewBox"),
      styled: doc.querySelectorAll("[style], style").length,
    };
  }, svg);

/** A PNG's width and height from its IHDR chunk, after checking its signature. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "PNG magic bytes");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The stage's picture on the page, as its viewBox's width and height. */
const stageSize = (page) =>
  page.locator("[data-testid=stage] svg").evaluate((svg) => svg.getAttribute("viewBox").split(" ").slice(2).map(Number));

test("the kind tour at step 8: every file, the scenario loading back to the same state, the picture", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await startTour(page, "kind");
  await tourStep(page, 8);
  const clock = (await page.getByTestId("clock").textContent()).match(/t = (\d+)\.(\d{3}) s/);
  const ms = Number(clock[1]) * 1000 + Number(clock[2]);
  const t = `${ms / 1000}s`;

  const scenario = await download(page, "export-scenario");
  assert.equal(scenario.name, "podip-kind.podip");
  assert.equal(scenario.bytes.toString(), await page.getByTestId("scenario-editor").inputValue());

  const state = await download(page, "export-state");
  assert.equal(state.name, `podip-kind-t${t}.json`);
  const json = JSON.parse(state.bytes.toString());
  assert.equal(json.time_ms, ms);
  assert.deepEqual(json.pods.map((p) => `${p.name} ${p.ips.join(",")}`), ["a 10.244.1.2", "c 10.244.1.4"]);
  assert.equal(json.nodes.find((n) => n.name === "kind-worker").pending_dels[0].pod, "b");

  const transcript = await download(page, "export-transcript");
  assert.equal(transcript.name, `podip-kind-t${t}.txt`);
  const lines = transcript.bytes.toString().trimEnd().split("\n");
  assert.match(lines.at(-1), new RegExp(`^ +${(ms / 1000).toFixed(3)}s  shown up to here; the scenario ends at 8\\.000s$`));
  assert.ok(lines.some((l) => /PodDeleted +pod\/b /.test(l)), "b's deletion is in it");
  assert.ok(!lines.some((l) => /IPAMRelease/.test(l)), "b's CNI DEL, after the playhead, is not");

  const svg = await download(page, "export-svg");
  assert.equal(svg.name, `podip-kind-t${t}.svg`);
  const text = svg.bytes.toString();
  await writeFile(`${ARTIFACTS}/export-kind-step8.svg`, svg.bytes);
  assert.ok(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"'));
  const parsed = await parseSvg(page, text);
  assert.equal(parsed.error, null, "the SVG parses as XML");
  assert.equal(parsed.root, "svg");
  for (const node of json.nodes) assert.ok(parsed.texts.includes(node.name), `${node.name} is in the picture`);
  for (const pod of ["a", "b", "c"]) assert.ok(parsed.texts.includes(pod), `pod ${pod} is in the picture`);
  const when = `step 8 of 10 · t = ${(ms / 1000).toFixed(3)} s`;
  assert.equal(parsed.title, `podip · the kind cluster · ${when}`);
  assert.ok(parsed.texts.includes("podip · the kind cluster") && parsed.texts.includes(when), "the title is drawn above the stage");
  // The picture as the page draws it (one SVG unit to a CSS pixel), the title's band above it.
  const [width, height] = await stageSize(page);
  assert.equal(parsed.viewBox, `0 -56 ${width} ${height + 56}`);
  // Self-contained: colours and fonts resolved, no stylesheet, no custom properties.
  assert.equal(parsed.styled, 0);
  assert.ok(!/var\(|light-dark\(/.test(text), "no CSS variables left");
  assert.match(text, /fill="rgb\(20, 23, 31\)"/, "the light theme's ink");
  // Dashes along a pathLength (cables, b's countdown ring) in the shapes' own units, for every reader.
  assert.ok(!text.includes("pathLength"), "no pathLength left");
  assert.match(text, /<circle [^>]*class="ring"[^>]* stroke-dasharray="57"/, "b's ring, 2π × 9 long");

  const png = await download(page, "export-png");
  assert.equal(png.name, `podip-kind-t${t}.png`);
  assert.deepEqual(pngSize(png.bytes), { width: 2 * width, height: 2 * (height + 56) });
  await writeFile(`${ARTIFACTS}/export-kind-step8.png`, png.bytes);

  // The scenario loads back: pasted in the editor, run, scrubbed to the same time.
  await page.getByTestId("scenario-editor").fill(scenario.bytes.toString());
  await page.getByTestId("run-scenario").click();
  await settled(page);
  // The run from the editor is in place once the tour's button is no longer pressed.
  await page.locator("[data-testid=tour-kind][aria-pressed=false]").waitFor();
  await page.getByTestId("scrubber").evaluate((scrubber, ms) => {
    scrubber.value = String(ms);
    scrubber.dispatchEvent(new Event("input", { bubbles: true }));
  }, ms);
  await settled(page);
  await shows(page, "clock", `t = ${(ms / 1000).toFixed(3)} s`);
  const again = await download(page, "export-state");
  assert.equal(again.name, `podip-scenario-t${t}.json`);
  assert.equal(again.bytes.toString(), state.bytes.toString(), "the same state at the same time");
  assertClean();
});

test("the picture is light whatever the page's theme, and a phone's is one node wide", async () => {
  for (const [name, viewport] of [["wide", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0&theme=dark&tour=kind&step=10`, viewport);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/export-menu-${name}-dark.png` });
    const svg = (await download(page, "export-svg")).bytes.toString();
    await page.screenshot({ path: `${ARTIFACTS}/export-menu-${name}-dark-open.png` });
    const parsed = await parseSvg(page, svg);
    assert.equal(parsed.error, null);
    assert.match(svg, /fill="rgb\(20, 23, 31\)"/, "the light theme's ink");
    assert.ok(!svg.includes("rgb(232, 235, 241)"), "not the dark theme's ink");
    const [width, height] = await stageSize(page);
    assert.ok(name === "wide" ? width >= 800 : width <= 400, `${name}: ${width} wide`);
    assert.equal(await page.locator("[data-testid=stage-node]").count(), name === "wide" ? 3 : 1);
    assert.equal(parsed.viewBox, `0 -56 ${width} ${height + 56}`);
    const png = await download(page, "export-png");
    assert.deepEqual(pngSize(png.bytes), { width: 2 * width, height: 2 * (height + 56) });
    await writeFile(`${ARTIFACTS}/export-kind-step10-${name}.png`, png.bytes);
    assertClean();
  }
});

test("the export menu works from the keyboard, and the embed code opens this view in the player", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0&tour=kind&step=4`);
  await settled(page);
  await page.getByTestId("export").focus();
  await page.keyboard.press("Enter");
  assert.equal(await page.locator("details.export-menu").evaluate((d) => d.open), true);
  for (const id of ["export-scenario", "export-state", "export-transcript", "export-svg", "export-png", "copy-embed"]) {
    assert.ok((await page.getByTestId(id).textContent()).trim().length > 0, `${id} has a label`);
  }
  await page.getByTestId("copy-embed").focus();
  await page.keyboard.press("Enter");
  const code = await page.getByTestId("embed-code").inputValue();
  const src = code.match(/<iframe src="([^"]+)"/)[1].replaceAll("&amp;", "&");
  const url = new URL(src);
  assert.equal(url.searchParams.get("embed"), "1");
  assert.match(url.pathname, /\/tour\/kind\/$/, "the tour is the embed's page");
  assert.equal(url.searchParams.get("step"), "4");
  assert.match(code, /podip:height/);
  // Space on the menu's button toggles the menu, not playback.
  await page.getByTestId("export").focus();
  await page.keyboard.press(" ");
  assert.equal(await page.locator("details.export-menu").evaluate((d) => d.open), false);
  assert.equal(await page.getByTestId("pause").count(), 0, "still paused");
  const player = await openPage(shared.browser, src);
  await settled(player.page);
  assert.equal(await player.page.locator(".embed [data-testid=stage]").count(), 1);
  assert.match(await player.page.getByTestId("step-count").textContent(), /step 4 of/);
  player.assertClean();
  assertClean();
});

test("the open menu, in Japanese and dark, with the embed code shown: labelled, and axe-core finds nothing serious", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0&tour=kind&step=8&lang=ja&theme=dark`);
  await settled(page);
  await page.locator("html[lang=ja]").waitFor({ state: "attached" });
  await page.getByTestId("export").click();
  await page.getByTestId("copy-embed").click();
  await page.getByTestId("embed-code").waitFor();
  assert.equal(await page.getByTestId("export-state").textContent(), "この時点の状態（.json）");
  await page.screenshot({ path: `${ARTIFACTS}/export-menu-ja-dark.png` });
  const png = await download(page, "export-png");
  await writeFile(`${ARTIFACTS}/export-kind-step8-ja.png`, png.bytes);
  await animationsEnded(page);
  const violations = await axeViolations(page, "details.export-menu");
  assert.deepEqual(violations, [], violations.join("\n"));
  assertClean();
});
