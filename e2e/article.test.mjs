// The article (read/, ja/read/, zh/read/; src/article.rs, src/ui/build/article.rs): each language's page is in
// the HTML before any script, reads without JavaScript with every figure's picture, brings its figures
// alive with one wasm request (each reaching its step as it comes into view), answers its questions
// when opened, opens at a section's anchor, links both ways with the app, prints with every figure, and
// is axe-core clean.
//   node --test --test-reporter=spec e2e/article.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, axeViolations, holdWasm, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();
const PAGES = [["read/", "en", "Where does a Pod's IP come from?"], ["ja/read/", "ja", "Pod の IP はどこから来るのか"], ["zh/read/", "zh-Hans", "Pod 的 IP 从哪里来？"]];

test("each language's article is in the HTML, and reads without JavaScript with every figure's picture", async () => {
  for (const [path, lang, title] of PAGES) {
    const html = await (await fetch(shared.server.url + path)).text();
    assert.ok(html.startsWith(`<!DOCTYPE html><html lang="${lang}">`), path);
    assert.ok(html.includes(`<h1>${title}</h1>`), path);
    assert.ok(html.includes("10.244.1.189"), `${path}: the measured numbers`);
  }
  const context = await shared.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(shared.server.url + "read/");
  const images = page.locator("podip-figure img");
  // Ten figures, Calico's blocks the last.
  assert.equal(await images.count(), 10);
  for (let i = 0; i < 10; i++) {
    await images.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction((i) => document.querySelectorAll("podip-figure img")[i].naturalWidth > 0, i);
  }
  // A question shows its choices to predict from, and opens to its answer without a script.
  const question = page.getByTestId("question").first();
  assert.ok((await question.locator("li").count()) >= 2, "its choices");
  assert.equal(await question.locator("details p").first().isVisible(), false, "the answer hidden");
  await question.locator("summary").click();
  assert.match(await question.locator("details").textContent(), /✓ .*AllocateNext/s);
  // The sentence reads with kind's numbers; its fields, which would do nothing, are disabled.
  assert.match(await page.getByTestId("sentence").textContent(), /has 256 of them, each of 256 addresses/);
  assert.equal(await page.getByTestId("sentence-mask").isDisabled(), true);
  assert.equal(await page.getByTestId("sentence-slider").isDisabled(), true);
  await context.close();
});

test("the figures come alive with one wasm request, each at its step once it has been on screen", async () => {
  const wasm = [];
  // Each figure is drawn once: its shadow root counted as it is made.
  const { page, assertClean } = await openPage(shared.browser, "about:blank", undefined, () => {
    window.__drawn = 0;
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      if (this.localName === "podip-figure") window.__drawn++;
      return attach.call(this, init);
    };
  });
  page.on("request", (request) => request.url().endsWith(".wasm") && wasm.push(request.url()));
  await page.goto(shared.server.url + "ja/read/");
  // The first section's figure is the sentence's: the build's waits as its picture until the sentence,
  // reached (on screen), fetches the engine and is drawn with its own.
  await page.locator("podip-sentence").scrollIntoViewIfNeeded();
  await page.locator("[data-testid=sentence][data-live=true]").waitFor();
  const figures = page.locator("podip-figure");
  const count = await figures.count();
  for (let i = 0; i < count; i++) {
    const figure = figures.nth(i);
    const step = await figure.getAttribute("step");
    await figure.scrollIntoViewIfNeeded();
    // Autoplay plays the step when it comes on screen (the figure is no longer drawn as a still, .fast)
    // and holds there.
    await figure.locator(`[data-testid=figure]:not(.fast)[data-step="${step}"][data-playing=false]`).waitFor({ timeout: 30_000 });
  }
  assert.equal(wasm.length, 1);
  assert.equal(await page.evaluate(() => window.__drawn), count, "each figure drawn once");
  assert.match(await figures.first().locator("[data-testid=figure-count]").textContent(), /ステップ 1 \/ 10/);
  assert.deepEqual(await axeViolations(page), []);
  assertClean();
  await page.close();
});

test("a mask dragged before the engine has come is where the sentence starts when it comes", async () => {
  const { page, assertClean } = await openPage(shared.browser, "about:blank");
  // The engine held back until the reader has dragged.
  let release = await holdWasm(page);
  await page.goto(shared.server.url + "read/");
  const sentence = page.getByTestId("sentence");
  assert.equal(await page.locator("podip-sentence[data-typed]").count(), 0, "nothing marked before a reader types");
  await page.getByTestId("sentence-slider").fill("26");
  // The field and the slider say the same mask; the numbers wait, marked, for the engine.
  assert.equal(await page.getByTestId("sentence-mask").inputValue(), "26");
  await page.locator("podip-sentence[aria-busy=true][data-typed]").waitFor();
  assert.match(await sentence.locator(".sentence-words").textContent(), /has 256 of them/);
  release();
  await page.locator("[data-testid=sentence][data-live=true]").waitFor();
  assert.match(await sentence.locator(".sentence-words").textContent(), /has 1024 of them, each of 64 addresses, and host-local hands out 61/);
  assert.equal(await page.getByTestId("sentence-mask").inputValue(), "26");
  assert.equal(await page.getByTestId("sentence-slider").inputValue(), "26");
  await page.getByTestId("sentence-figure").locator("[data-testid=stage]").filter({ hasText: "10.244.0.0/26" }).waitFor();
  // A mask the controller refuses, typed before the engine, is said as it is typed after it.
  await page.goto("about:blank");
  await page.unroute("**/*.wasm");
  release = await holdWasm(page);
  await page.goto(shared.server.url + "read/");
  await page.getByTestId("sentence-mask").fill("8");
  release();
  await page.getByTestId("sentence-refused").filter({ hasText: "must be less than or equal to --node-cidr-mask-size" }).waitFor();
  assert.match(await sentence.locator(".sentence-words").textContent(), /has 256 of them/, "kind's numbers stand");
  assertClean();
  await page.close();
});

test("the explorable sentence follows the mask typed in place, and refuses one in kube-controller-manager's words", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url + "read/");
  const sentence = page.getByTestId("sentence");
  // Drawn by the wasm over the same sentence rendered at build time, once reached.
  await page.locator("podip-sentence").hover();
  await page.locator("[data-testid=sentence][data-live=true]").waitFor();
  assert.match(await sentence.locator(".sentence-words").textContent(), /has 256 of them, each of 256 addresses, and host-local hands out 253/);
  await page.getByTestId("sentence-mask").fill("26");
  await page.waitForFunction(() => /has 1024 of them, each of 64 addresses, and host-local hands out 61/.test(document.querySelector(".sentence-words").textContent));
  assert.equal(await sentence.locator(".bit.pod").count(), 6, "the ruler's pod host bits");
  // The section's figure and commands follow: kind's story under --node-cidr-mask-size=26, at the
  // tour's first step, the control plane's subnet a /26.
  const explored = page.getByTestId("sentence-figure");
  await explored.locator("[data-testid=stage]").filter({ hasText: "10.244.0.0/26" }).waitFor();
  assert.match(await explored.locator("[data-testid=stage]").textContent(), /1 of 1024 used/);
  assert.match(await page.getByTestId("section-cluster-cidr").getByTestId("shell").textContent(), /\["10\.244\.0\.0\/26"\]/);
  // "Open in podip" carries that story to the app, at that moment.
  await explored.locator('[data-testid=figure-open][href*="?s="][href$="&t=10ms"]').waitFor();
  // Its next event is the story's own: the workers register under the reader's mask.
  await explored.getByTestId("figure-next").click();
  await explored.locator("[data-testid=stage]").filter({ hasText: "10.244.0.64/26" }).waitFor();
  assert.deepEqual(await axeViolations(page), [], "the sentence, its slider and its story's figure");
  await page.getByTestId("sentence-mask").fill("8");
  await page.getByTestId("sentence-refused").filter({ hasText: "must be less than or equal to --node-cidr-mask-size" }).waitFor();
  assert.match(await sentence.locator(".sentence-words").textContent(), /has 1024 of them/, "the last numbers accepted stay");
  assert.equal(await page.getByTestId("sentence-mask").getAttribute("aria-invalid"), "true");
  await page.getByTestId("sentence-cidr").fill("10.0.0.0/12");
  await page.getByTestId("sentence-mask").fill("20");
  await page.waitForFunction(() => /has 256 of them, each of 4096 addresses, and host-local hands out 4093/.test(document.querySelector(".sentence-words").textContent));
  // Back to kind's own flags: the tour's figure again.
  await page.getByTestId("sentence-cidr").fill("10.244.0.0/16");
  await page.getByTestId("sentence-mask").fill("24");
  await page.locator("[data-testid=section-cluster-cidr] podip-figure[tour=kind]").locator("[data-testid=figure][data-step='1']").waitFor();
  assert.equal(await page.getByTestId("sentence-figure").count(), 0);
  assertClean();
  await page.close();
  const ja = await openPage(shared.browser, shared.server.url + "ja/read/");
  await ja.page.locator("podip-sentence").scrollIntoViewIfNeeded();
  await ja.page.locator("[data-testid=sentence][data-live=true]").waitFor();
  // Dragged rather than typed: the slider (here by its keyboard, as a drag's steps) sets the same mask.
  await ja.page.getByTestId("sentence-slider").press("ArrowRight");
  await ja.page.locator("[data-testid=sentence-mask]").evaluate((input) => input.value === "25" || Promise.reject(input.value));
  await ja.page.waitForFunction(() => /サブネットは 512 個、それぞれのアドレスは 128 個/.test(document.querySelector(".sentence-words").textContent));
  ja.assertClean();
  await ja.page.close();
});

test("nothing moves when the figures take over, from the top or from a section's anchor, on a laptop, a projector and a phone", async () => {
  for (const [path, viewport] of [["read/", { width: 1280, height: 800 }], ["read/#delete", { width: 1280, height: 800 }], ["zh/read/#host-local", { width: 1920, height: 1080 }], ["ja/read/#veth", { width: 390, height: 844 }], ["zh/read/", { width: 390, height: 844 }]]) {
    const page = await shared.browser.newPage({ viewport });
    await page.addInitScript(() => {
      window.__cls = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (!e.hadRecentInput) window.__cls += e.value; }))
        .observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(shared.server.url + path);
    // Each figure drawn (from its pictures, or by the engine once on screen: they autoplay), but the
    // sentence's, which waits for the sentence.
    await page.waitForFunction(() => [...document.querySelectorAll("podip-figure")].every((f) => f.closest("podip-sentence:not([data-drawn])") || f.shadowRoot?.querySelector("[data-testid=figure] [data-testid=stage] svg")));
    await page.locator("podip-sentence").scrollIntoViewIfNeeded();
    await page.locator("[data-testid=sentence][data-live=true]").waitFor();
    // Two frames: a shift of the last drawing is reported by then.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const cls = await page.evaluate(() => window.__cls);
    assert.ok(cls < 0.01, `${path} at ${viewport.width}: layout shift ${cls.toFixed(4)}`);
    await page.close();
  }
});

test("a section's anchor opens there; the article and the app link to each other", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url + "read/#delete");
  const top = await page.getByTestId("section-delete").evaluate((e) => e.getBoundingClientRect().top);
  assert.ok(Math.abs(top) < 40, `the section at the top: ${top}`);
  await page.getByRole("link", { name: "日本語" }).click();
  await page.waitForURL(/\/ja\/read\/$/);
  await page.getByRole("link", { name: "podip", exact: true }).click();
  await page.waitForURL(/\/ja\/$/);
  await page.getByTestId("article-link").click();
  await page.waitForURL(/\/ja\/read\/$/);
  assertClean();
  await page.close();
});

test("the article prints with every figure", async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(shared.server.url + "read/");
  await page.emulateMedia({ media: "print" });
  for (const figure of await page.locator("podip-figure").all()) {
    await figure.scrollIntoViewIfNeeded();
  }
  await page.waitForFunction(() => [...document.querySelectorAll("podip-figure")].every((f) =>
    f.shadowRoot?.querySelector("[data-testid=stage] svg") || f.querySelector("img")?.complete));
  const pdf = await page.pdf({ format: "A4" });
  assert.ok(pdf.length > 100_000, `a PDF of ${pdf.length} bytes`);
  await page.screenshot({ path: `${ARTIFACTS}/article-print.png`, fullPage: true });
  await context.close();
});
