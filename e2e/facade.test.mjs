// A page of figures before its engine (static/podip-figure.js): eight tours' figures drawn from the
// build's pictures and words, stepped by buttons and keys, with no wasm fetched and only the script and
// the stylesheet loaded (what scripts/size-budget.mjs counts as a page of figures before interaction);
// a press on play fetches the engine, marks the button meanwhile, and plays once it is drawn in place,
// in the pictures' box (nothing below it moves).
//   node --test --test-reporter=spec e2e/facade.test.mjs
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useServerAndBrowser, openPage, serve, holdWasm, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();
// podip's build on an origin of its own that lets other sites read it (CORS), as GitHub Pages does.
const podip = await serve("dist", "/", { cors: true });
after(() => podip.close());
const TOURS = [["kind", 8], ["kind", 3], ["planning", 2], ["exhaustion", 3], ["kubeadm-flannel", 3], ["dual-stack", 2], ["kind", 1], ["planning", 1]];

/** A page of someone else's with eight figures of podip's, the last with every control. */
async function pageOfFigures() {
  const dir = await mkdtemp(join(tmpdir(), "facade-"));
  const figures = TOURS.map(([tour, step], i) =>
    `<podip-figure tour="${tour}" step="${step}" data-testid="f${i}"${i === TOURS.length - 1 ? ' controls="full"' : ""}></podip-figure>`);
  await writeFile(join(dir, "index.html"), `<!doctype html><html lang="en"><meta charset="utf-8"><title>figures</title><link rel="icon" href="data:,">
    <script type="module" src="${podip.url}podip-figure.js"></script>
    <h1>Eight figures</h1>
    ${figures.join("\n")}`);
  return serve(dir);
}

/** The figure `i`'s <figure>, in its shadow root. */
const figure = (page, i) => page.locator(`podip-figure[data-testid=f${i}] [data-testid=figure]`);

test("a page of eight figures steps from its pictures with no wasm, loading only the script and the stylesheet", async () => {
  const host = await pageOfFigures();
  const { page, assertClean } = await openPage(shared.browser, "about:blank");
  const loaded = [];
  page.on("request", (r) => r.url().startsWith(podip.url) && loaded.push(new URL(r.url()).pathname));
  await page.goto(host.url);
  for (const [i, [, step]] of TOURS.entries()) await figure(page, i).and(page.locator(`[data-step="${step}"]`)).waitFor();
  // Its words and its bar, as the engine's figure says them.
  assert.match(await figure(page, 0).getByTestId("figure-count").textContent(), /the kind cluster — step 8 of 10/);
  assert.match(await figure(page, 0).getByTestId("figure-caption").textContent(), /./);
  assert.equal(await figure(page, 0).getByTestId("figure-open").getAttribute("href"), `${podip.url}tour/kind/?step=8`);
  // Stepped by its buttons and keys.
  await figure(page, 1).getByTestId("figure-next").click();
  await figure(page, 1).and(page.locator("[data-step='4']")).waitFor();
  assert.match(await figure(page, 1).getByTestId("figure-count").textContent(), /step 4 of 10/);
  await figure(page, 2).focus();
  await page.keyboard.press("ArrowLeft");
  await figure(page, 2).and(page.locator("[data-step='1']")).waitFor();
  const picture = await figure(page, 2).locator("[data-testid=stage] image").getAttribute("href");
  assert.equal(picture, `${podip.url}figures/en/planning/1.svg`);
  await page.locator("podip-figure[data-testid=f7]").scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll("podip-figure")].every((f) => f.shadowRoot?.querySelector("[data-testid=stage] image")));
  await page.screenshot({ path: `${ARTIFACTS}/figures-before-engine.png`, fullPage: true });
  const code = loaded.filter((path) => /\.(js|css|wasm)$/.test(path));
  assert.deepEqual([...new Set(code.map((path) => path.replace(/-[0-9a-f]+\.css$/, ".css")))].sort(), ["/podip-figure.js", "/style.css"], code.join(", "));
  assert.ok(loaded.every((path) => !path.endsWith(".wasm")), "no wasm");
  assertClean();
  await page.close();
  await host.close();
});

test("play fetches the engine, marks the press meanwhile, and plays in place", async () => {
  const host = await pageOfFigures();
  const { page, assertClean } = await openPage(shared.browser, "about:blank");
  // The wasm held back until the mark is seen: the press waits for it.
  const release = await holdWasm(page);
  await page.goto(host.url);
  const last = TOURS.length - 1;
  await figure(page, last).and(page.locator("[data-step='1']")).waitFor();
  const box = () => page.locator(`podip-figure[data-testid=f${last}]`).evaluate((el) => el.getBoundingClientRect().height);
  const before = await box();
  await figure(page, last).getByTestId("figure-play").click();
  await figure(page, last).locator("[data-testid=figure-play][aria-busy=true]").waitFor();
  release();
  // The engine's figure, playing from the step shown.
  await figure(page, last).and(page.locator("[data-playing=true]")).waitFor({ timeout: 30_000 });
  assert.equal(await figure(page, last).getByTestId("figure-play").getAttribute("aria-pressed"), "true");
  assert.equal(await page.locator(`podip-figure[data-testid=f${last}] .figure-root`).count(), 1, "drawn in the pictures' place");
  const after = await box();
  assert.ok(Math.abs(after - before) < 1, `nothing moves: ${before.toFixed(1)} px from its pictures, ${after.toFixed(1)} px by the engine`);
  // The other figures keep their pictures until a reader asks more of them.
  assert.equal(await page.locator("podip-figure[data-testid=f0]").evaluate((el) => !!el.shadowRoot.querySelector("[data-testid=stage] image")), true);
  assertClean();
  await page.close();
  await host.close();
});
