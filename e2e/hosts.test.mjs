// Figures where authors write: a small site built with each real tool — mdBook with the mdbook-podip
// preprocessor, Hugo with integrations/hugo's shortcode, MkDocs with Material (navigation.instant on),
// a reveal.js deck — each served from its own origin, podip's build from another. In each: every figure
// drawn at its step (from its pictures, the engine once a figure needs it), one wasm request, the
// figure's words between 11 and 22 px and the same size in every host, the host's theme followed, no console error; in reveal.js the fragments step the figure
// and → moves the deck, not the figure, and the PDF export shows each fragment's step. Each docs tool
// also shows a lesson's step (README's complete lesson): mdBook from the book's file at build
// time (and a broken one stops the build at its line) and from another origin, Hugo and MkDocs from a
// file the site serves. The tools are installed by scripts/dev.sh (pinned).
//   node --test --test-reporter=spec e2e/hosts.test.mjs
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, serve, openPage, readmeLesson, ARTIFACTS } from "./harness.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const podip = await serve(join(ROOT, "dist"), "/", { cors: true });
const browser = await launch();
const servers = [podip];
after(async () => {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
});

const script = `${podip.url}podip-figure.js`;
// A site of lessons on an origin of its own, which lets other sites read them (CORS).
const lessonDir = await mkdtemp(join(tmpdir(), "podip-lessons-"));
const elsewhere = await serve(lessonDir, "/", { cors: true });
servers.push(elsewhere);

// The README's snippets, as an author copies them, with this build's address: what the sites below are
// built from, so the README cannot drift from what works.
const README = (await readFile(join(ROOT, "README.md"), "utf8")).replaceAll("https://YOUR-HOST/podip/podip-figure.js", script);
/** The first fenced block of `lang` after `marker` in the README. */
function snippet(marker, lang) {
  const from = README.indexOf(marker);
  assert.ok(from >= 0, `README has ${marker}`);
  const block = README.slice(from).match(new RegExp("```" + lang + "\\n([\\s\\S]*?)\\n\\s*```"));
  assert.ok(block, `README has a ${lang} block after ${marker}`);
  return block[1].split("\n").map((line) => line.replace(/^  /, "")).join("\n") + "\n";
}
/** The first `code` span after `marker` in the README that starts with `start`. */
function inline(marker, start) {
  const from = README.indexOf(marker);
  const span = README.slice(from).split("`").find((piece, i) => i % 2 === 1 && piece.startsWith(start));
  assert.ok(span, `README has \`${start}…\` after ${marker}`);
  return span;
}
/** README's complete lesson, as written there (steps: worker-subnet, a-reserved, a-route). */
const LESSON = await readmeLesson(ROOT);
await writeFile(join(lessonDir, "mine.md"), LESSON);
/** Each step's words, as the caption must say them. */
const LESSON_WORDS = { 1: /kind-worker gets the next free \/24/, 2: /host-local creates the file 10\.244\.1\.2/, 3: /ptp adds a \/32 route to pod a/ };

/** The lesson figure `i` of the page at `step`: its words in the caption, its title in the count, and
 *  the step's picture (pod a's address file on kind-worker from step 2). */
async function checkLesson(page, i, step, host) {
  const figure = page.locator("podip-figure").nth(i).locator(`[data-testid=figure][data-step="${step}"]`);
  await figure.waitFor({ timeout: 30_000 });
  assert.match(await figure.getByTestId("figure-caption").textContent(), LESSON_WORDS[step], `${host}: the lesson's step ${step} words`);
  assert.match(await figure.getByTestId("figure-count").textContent(), /Where pod a's address comes from/, `${host}: the lesson's title`);
  const file = figure.locator('[data-testid=stage] [data-testid=stage-file][data-file="10.244.1.2"]');
  assert.equal(await file.count() > 0, step >= 2, `${host}: a's address file drawn at step ${step}`);
}

/** The caption's font size of each host's figure, to compare across hosts. */
const captionPx = {};

/** A site folder built by `build` into `out`, served on an origin of its own. */
async function site(name, build) {
  const dir = await mkdtemp(join(tmpdir(), `podip-${name}-`));
  const out = await build(dir);
  const server = await serve(out);
  servers.push(server);
  return server.url;
}

/** The first figure of the page drawn by the engine, as a reader's press of play would have it. */
async function wakeFirst(page) {
  await page.locator("podip-figure").first().evaluate((el) => el.wake());
  await page.waitForFunction(() => document.querySelector("podip-figure").drawn && document.querySelector("podip-figure").shadowRoot.querySelector("[data-testid=figure] [data-testid=stage] svg text"), null, { timeout: 30_000 });
}

/** Each figure of the page drawn at its step (a tour's from its pictures); then the first drawn by the
 *  engine: one wasm request for the page; the words' sizes; no error. */
async function checkFigures(page, wasm, host, steps) {
  const figures = page.locator("podip-figure [data-testid=figure]");
  await figures.nth(steps.length - 1).waitFor({ timeout: 30_000 });
  for (const [i, step] of steps.entries()) {
    await page.locator("podip-figure").nth(i).locator(`[data-testid=figure][data-step="${step}"]`).waitFor({ timeout: 30_000 });
  }
  await wakeFirst(page);
  assert.equal(wasm.length, 1, `${host}: one wasm request, not ${wasm.join(", ")}`);
  const sizes = await page.locator("podip-figure").first().evaluate((el) =>
    [...el.shadowRoot.querySelectorAll(".figure-caption, .figure-bar, .figure-bar button")].map((e) => parseFloat(getComputedStyle(e).fontSize)));
  assert.ok(sizes.length, `${host}: the figure has words`);
  for (const px of sizes) assert.ok(px >= 11 && px <= 22, `${host}: the figure's words at ${px} px`);
  captionPx[host] = sizes[0];
  // In the page's layout px: a deck that scales its slides (reveal.js) scales the host's words too.
  const labels = await page.locator("podip-figure").first().evaluate((el) => {
    const svg = el.shadowRoot.querySelector("[data-testid=stage] svg");
    const scale = svg.clientWidth / (svg.viewBox.baseVal.width || svg.clientWidth);
    return [...svg.querySelectorAll("text")].filter((t) => t.getBoundingClientRect().width)
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getCTM().a * scale);
  });
  assert.ok(labels.length && Math.min(...labels) >= 10.95, `${host}: a stage label at ${Math.min(...labels)} px`);
}

/** A page of `url` with the wasm requests it makes counted. */
async function open(url, options) {
  const wasm = [];
  const opened = await openPage(browser, "about:blank", options);
  opened.page.on("request", (r) => r.url().endsWith(".wasm") && wasm.push(r.url()));
  await opened.page.goto(url);
  return { ...opened, wasm };
}

/** The figure's colour scheme, as the shadow root resolves it. */
const schemeOf = (page, i = 0) =>
  page.locator("podip-figure").nth(i).evaluate((el) => getComputedStyle(el.shadowRoot.querySelector(".figure-root")).colorScheme);

test("mdBook: {{#podip …}} through the preprocessor, in the root's 62.5 % and the coal theme", async () => {
  execFileSync("cargo", ["build", "--quiet", "--bin", "mdbook-podip"], { cwd: ROOT, stdio: "inherit" });
  const url = await site("mdbook", async (dir) => {
    await mkdir(join(dir, "src"));
    const toml = snippet("* **mdBook**", "toml").replace("[preprocessor.podip]\n", `[preprocessor.podip]\ncommand = "${join(process.env.CARGO_TARGET_DIR ?? join(ROOT, "target"), "debug/mdbook-podip")}"\n`);
    await writeFile(join(dir, "book.toml"), `[book]\ntitle = "podip in mdBook"\n\n${toml}`);
    await writeFile(join(dir, "src/SUMMARY.md"), "# Summary\n\n- [Pod IPs](pod-ips.md)\n");
    const line = inline("* **mdBook**", "{{#podip");
    assert.equal(line, "{{#podip tour=kind step=8}}");
    const lessonLine = inline("* **mdBook**", "{{#podip lesson");
    assert.equal(lessonLine, "{{#podip lesson=lessons/mine.md step=2}}");
    await mkdir(join(dir, "src/lessons"));
    await writeFile(join(dir, "src/lessons/mine.md"), LESSON);
    const chapter = `# Pod IPs\n\nThe kind story:\n\n${line}\n\nAnd on a bridge:\n\n{{#podip tour=kubeadm-flannel step=3}}\n\nA lesson of the book's own:\n\n${lessonLine}\n\nAnd from another site:\n\n<podip-figure lesson="${elsewhere.url}mine.md" step="3"></podip-figure>\n`;
    await writeFile(join(dir, "src/pod-ips.md"), chapter);
    // A broken lesson stops the build, at its file and line.
    await writeFile(join(dir, "src/lessons/broken.md"), LESSON.replace("IPAMReserve pod/a", "IPAMReserved pod/a"));
    await writeFile(join(dir, "src/pod-ips.md"), chapter.replace("lessons/mine.md", "lessons/broken.md"));
    const failed = (() => { try { execFileSync("mdbook", ["build", dir], { stdio: "pipe" }); } catch (err) { return String(err.stderr); } })();
    assert.match(failed ?? "the build went on", /src\/lessons\/broken\.md:33: no event reason IPAMReserved/);
    await writeFile(join(dir, "src/pod-ips.md"), chapter);
    execFileSync("mdbook", ["build", dir], { stdio: "inherit" });
    return join(dir, "book");
  });
  const { page, wasm, assertClean } = await open(`${url}pod-ips.html`);
  await checkFigures(page, wasm, "mdBook", ["8", "3", "2", "3"]);
  assert.equal(await page.locator("podip-figure img[src^='data:image/svg+xml']").count(), 3, "each figure the book drew holds its picture");
  await checkLesson(page, 2, 2, "mdBook");
  await checkLesson(page, 3, 3, "mdBook, a lesson from another origin");
  // The lesson's poster is its step's picture: its title, and a's file.
  const poster = Buffer.from((await page.locator("podip-figure").nth(2).locator("img").getAttribute("src")).split(",")[1], "base64").toString();
  assert.match(poster, /Where pod a(&#39;|'|&apos;)s address comes from/);
  assert.match(poster, /10\.244\.1\.2/);
  // mdBook's theme switch: coal is dark, and the figure follows it.
  await page.evaluate(() => { document.documentElement.className = "coal"; });
  await page.waitForFunction(() => getComputedStyle(document.querySelector("podip-figure").shadowRoot.querySelector(".figure-root")).colorScheme === "dark");
  await page.screenshot({ path: `${ARTIFACTS}/host-mdbook.png` });
  assertClean();
});

test("Hugo: the shortcode, the script once per page", async () => {
  const url = await site("hugo", async (dir) => {
    await cp(join(ROOT, "integrations/hugo/layouts"), join(dir, "layouts"), { recursive: true });
    await mkdir(join(dir, "layouts/_default"), { recursive: true });
    await mkdir(join(dir, "content"));
    const params = inline("* **Hugo**", "[params.podip]").replace("] script", "]\nscript");
    await writeFile(join(dir, "hugo.toml"), `baseURL = "/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n${params}\n`);
    await writeFile(join(dir, "layouts/_default/single.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title><link rel="icon" href="data:,"><style>html { font-size: 15px }</style></head><body><main>{{ .Content }}</main></body></html>`);
    await writeFile(join(dir, "layouts/_default/list.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>home</title></head><body></body></html>`);
    const line = inline("* **Hugo**", "{{< podip");
    const lessonLine = inline("* **Hugo**", "{{< podip lesson");
    await mkdir(join(dir, "static/lessons"), { recursive: true });
    await writeFile(join(dir, "static/lessons/mine.md"), LESSON);
    await writeFile(join(dir, "content/pod-ips.md"), `---\ntitle: Pod IPs\n---\n\nThe kind story:\n\n${line}\n\nIn Japanese, playing:\n\n{{< podip tour="dual-stack" step="2" lang="ja" >}}\n\nA lesson:\n\n${lessonLine}\n\n{{< podip lesson="lessons/mine.md" step="3" >}}\n`);
    execFileSync("hugo", ["--source", dir, "--destination", join(dir, "public"), "--quiet"], { stdio: "inherit" });
    return join(dir, "public");
  });
  const { page, wasm, assertClean } = await open(`${url}pod-ips/`);
  await checkFigures(page, wasm, "Hugo", ["8", "2", "2", "3"]);
  await checkLesson(page, 2, 2, "Hugo");
  await checkLesson(page, 3, 3, "Hugo");
  assert.equal(await page.locator(`script[src="${script}"]`).count(), 1, "the script once");
  await page.screenshot({ path: `${ARTIFACTS}/host-hugo.png` });
  assertClean();
});

test("MkDocs with Material: the snippet survives Markdown, and a page reached by instant navigation draws its figures", async () => {
  const url = await site("mkdocs", async (dir) => {
    await mkdir(join(dir, "docs"));
    const extra = snippet("* **MkDocs**", "yaml");
    await writeFile(join(dir, "mkdocs.yml"), `site_name: podip in MkDocs\nuse_directory_urls: false\nsite_url: http://127.0.0.1/\ntheme:\n  name: material\n  font: false\n  features: [navigation.instant]\n  palette:\n    scheme: slate\n${extra}nav: [index.md, pod-ips.md]\n`);
    await writeFile(join(dir, "docs/index.md"), "# Home\n\nNo figure here: [the figures](pod-ips.md).\n");
    const line = inline("* **MkDocs**", "<podip-figure");
    const lessonLine = inline("* **MkDocs**", "<podip-figure lesson");
    await mkdir(join(dir, "docs/lessons"));
    await writeFile(join(dir, "docs/lessons/mine.lesson"), LESSON);
    await writeFile(join(dir, "docs/pod-ips.md"), `# Pod IPs\n\nThe kind story:\n\n${line}\n\nAnd exhaustion:\n\n<podip-figure tour="exhaustion" step="3"></podip-figure>\n\nA lesson:\n\n${lessonLine}\n`);
    execFileSync("mkdocs", ["build", "--quiet", "--config-file", join(dir, "mkdocs.yml"), "--site-dir", join(dir, "site")], { stdio: "inherit" });
    return join(dir, "site");
  });
  const { page, wasm, assertClean } = await open(`${url}index.html`);
  // Material's instant navigation makes the link absolute, and swaps the page in without a reload.
  await page.locator("article a", { hasText: "the figures" }).click();
  await page.locator("h1", { hasText: "Pod IPs" }).waitFor();
  await checkFigures(page, wasm, "MkDocs", ["8", "3", "2"]);
  await checkLesson(page, 2, 2, "MkDocs");
  assert.equal(await schemeOf(page), "dark", "Material's slate scheme is dark");
  await page.screenshot({ path: `${ARTIFACTS}/host-mkdocs.png` });
  assertClean();
});

test("reveal.js: figures draw when their slide is shown; fragments step the figure, → moves the deck", async () => {
  const url = await site("reveal", async (dir) => {
    await cp(join(ROOT, "node_modules/reveal.js/dist"), join(dir, "reveal"), { recursive: true });
    await writeFile(join(dir, "index.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>deck</title><link rel="icon" href="data:,">
      <link rel="stylesheet" href="reveal/reveal.css"><link rel="stylesheet" href="reveal/theme/black.css">
      <script type="module" src="${script}"></script></head><body><div class="reveal"><div class="slides">
      <section><h2>Pod IPs</h2></section>
      <section>${inline("* **reveal.js**", "<podip-figure")}
        <p class="fragment">a's veth</p><p class="fragment">a's route</p></section>
      <section><podip-figure tour="kubeadm-flannel" step="3"></podip-figure></section>
      </div></div><script type="module">import Reveal from "./reveal/reveal.mjs"; Reveal.initialize({ hash: true });</script></body></html>`);
    return dir;
  });
  const { page, wasm, assertClean } = await open(`${url}index.html`, { width: 1280, height: 720 });
  await page.waitForFunction(() => document.querySelector(".reveal.ready"));
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => location.hash === "#/1");
  const step = (i = 0) => page.locator("podip-figure").nth(i).locator("[data-testid=figure]").getAttribute("data-step");
  await page.locator("podip-figure").first().locator('[data-testid=figure][data-step="4"]').waitFor({ timeout: 30_000 });
  assert.equal(await schemeOf(page), "dark", "reveal's black theme is dark");
  for (const expected of ["5", "6", "5"]) {
    await page.keyboard.press(expected === "5" && (await step()) === "6" ? "ArrowLeft" : "ArrowRight");
    await page.locator("podip-figure").first().locator(`[data-testid=figure][data-step="${expected}"]`).waitFor({ timeout: 30_000 });
  }
  // Past the fragments, → moves the deck; the figure keeps its step.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => location.hash === "#/2");
  assert.equal(await step(0), "6");
  await checkFigures(page, wasm, "reveal.js", ["6", "3"]);
  await page.screenshot({ path: `${ARTIFACTS}/host-reveal.png` });
  assertClean();
  // The PDF export: a page per fragment state, each figure at the step its fragments say.
  const pdf = await open(`${url}index.html?print-pdf`, { width: 1280, height: 720 });
  for (const [i, expected] of ["4", "5", "6", "3"].entries()) {
    await pdf.page.locator("podip-figure").nth(i).locator(`[data-testid=figure][data-step="${expected}"]`).waitFor({ timeout: 30_000 });
  }
  pdf.assertClean();
});

test("reveal.js on a projector: a figure fits its slide, labels at 14 screen px, steps 8 and 9 keep the IP files, boxes hold still", async () => {
  // The README's figure (kind steps 4 to 6), kind steps 8 and 9 without `fit`, and the same with `fit`
  // and a height, each with its fragment lines under it; in a dark theme and a light one.
  const slides = `<section><h2>Pod IPs</h2></section>
      <section>${inline("* **reveal.js**", "<podip-figure")}
        <p class="fragment">a's veth</p><p class="fragment">a's route</p></section>
      <section><podip-figure tour="kind" step="8" fragments></podip-figure><p class="fragment">CNI DEL</p></section>
      <section><podip-figure tour="kind" step="8" fragments fit style="height: 520px"></podip-figure><p class="fragment">CNI DEL</p></section>`;
  const url = await site("deck", async (dir) => {
    await cp(join(ROOT, "node_modules/reveal.js/dist"), join(dir, "reveal"), { recursive: true });
    for (const theme of ["black", "white"]) {
      await writeFile(join(dir, `${theme}.html`), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>deck</title><link rel="icon" href="data:,">
      <link rel="stylesheet" href="reveal/reveal.css"><link rel="stylesheet" href="reveal/theme/${theme}.css">
      <script type="module" src="${script}"></script></head><body><div class="reveal"><div class="slides">${slides}</div></div>
      <script type="module">import Reveal from "./reveal/reveal.mjs"; Reveal.initialize({ hash: true });</script></body></html>`);
    }
    return dir;
  });
  const steps = { 1: ["4", "5", "6"], 2: ["8", "9"], 3: ["8", "9"] };
  for (const [width, height, theme] of [[1024, 768, "black"], [1920, 1080, "white"], [1024, 768, "white"], [1920, 1080, "black"]]) {
    const at = `${width} × ${height}, ${theme}`;
    const { page, assertClean } = await open(`${url}${theme}.html`, { width, height });
    await page.waitForFunction(() => document.querySelector(".reveal.ready"));
    for (const [slide, shown] of Object.entries(steps)) {
      await page.evaluate((n) => { location.hash = `#/${n}`; }, slide);
      const figure = page.locator("podip-figure").nth(slide - 1);
      // The engine's figure, whose type is sized for the room (a reader's play, or a fragment shown).
      await figure.evaluate((el) => el.wake());
      const boxes = [];
      for (const [i, step] of shown.entries()) {
        if (i) await page.keyboard.press("ArrowRight");
        await figure.locator(`[data-testid=figure][data-step="${step}"] [data-testid=stage] svg text`).first().waitFor({ timeout: 30_000 });
        // Laid out for its measured room, and reveal's slide transition over.
        await page.waitForTimeout(1500);
        const seen = await figure.evaluate((el) => {
          const svg = el.shadowRoot.querySelector("[data-testid=stage] svg");
          const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, width: r.width, height: r.height }; };
          // Screen px: the picture's units to the screen, reveal's scale included (the stage scales no
          // text), the picture fitted inside its element if it is too tall for it.
          const { width: w, height: h } = svg.getBoundingClientRect();
          const unit = Math.min(w / svg.viewBox.baseVal.width, h / svg.viewBox.baseVal.height);
          const labels = [...svg.querySelectorAll("text")].filter((t) => t.getBoundingClientRect().width)
            .map((t) => ({ text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * unit }));
          const scale = el.getBoundingClientRect().width / el.offsetWidth;
          const tabs = [...el.shadowRoot.querySelectorAll(".stage-switch button")]
            .map((b) => ({ text: b.textContent, px: parseFloat(getComputedStyle(b).fontSize) * scale }));
          const worker = svg.querySelector('[data-testid=stage-node][data-node="kind-worker"] rect.node-box');
          const files = [...svg.querySelectorAll("[data-testid=stage-file]")].filter((f) => f.getBoundingClientRect().width);
          return {
            figure: box(el), slides: box(el.closest(".slides")), window: innerHeight,
            fragments: [...el.closest("section").querySelectorAll(".fragment")].map(box),
            labels: [...labels, ...tabs], worker: worker && box(worker),
            files: files.map((f) => f.dataset.file), svg: box(svg),
            filesInside: files.every((f) => { const r = f.getBoundingClientRect(), s = svg.getBoundingClientRect(); return r.top >= s.top - 1 && r.bottom <= s.bottom + 1; }),
          };
        });
        const where = `${at}, slide ${slide}, step ${step}`;
        assert.ok(seen.figure.bottom <= seen.window + 0.5 && seen.figure.bottom <= seen.slides.bottom + 0.5,
          `${where}: the figure ends at y ${seen.figure.bottom.toFixed(0)} of ${seen.window} (the slide at ${seen.slides.bottom.toFixed(0)})`);
        for (const line of seen.fragments) {
          assert.ok(line.top >= seen.figure.bottom - 0.5 && line.bottom <= seen.window + 0.5,
            `${where}: a fragment line at y ${line.top.toFixed(0)}–${line.bottom.toFixed(0)}, the figure ending at ${seen.figure.bottom.toFixed(0)}`);
        }
        const smallest = seen.labels.reduce((a, b) => (b.px < a.px ? b : a));
        assert.ok(smallest.px >= 13.95, `${where}: "${smallest.text}" at ${smallest.px.toFixed(1)} screen px`);
        if (step === "8") assert.ok(seen.files.includes("10.244.1.3"), `${where}: b's IP file 10.244.1.3 is drawn (${seen.files})`);
        if (step === "9") {
          assert.ok(seen.files.includes("10.244.1.2") && seen.files.includes("10.244.1.4") && !seen.files.includes("10.244.1.3"),
            `${where}: the files row holds a's and c's, not b's (${seen.files})`);
        }
        assert.ok(seen.filesInside, `${where}: the files row lies inside the picture`);
        assert.ok(seen.worker, `${where}: kind-worker is drawn`);
        boxes.push(seen.worker);
      }
      for (const b of boxes.slice(1)) {
        assert.ok(Math.abs(b.width - boxes[0].width) < 0.5 && Math.abs(b.height - boxes[0].height) < 0.5,
          `${at}, slide ${slide}: kind-worker's box is ${boxes.map((x) => `${x.width.toFixed(0)} × ${x.height.toFixed(0)}`).join(", then ")} across the fragments`);
      }
      await page.screenshot({ path: `${ARTIFACTS}/host-reveal-${width}x${height}-${theme}-${slide}.png` });
    }
    assertClean();
    await page.close();
  }
});

test("one figure's words are the same size in every host", () => {
  const sizes = Object.values(captionPx);
  assert.equal(sizes.length, 4, JSON.stringify(captionPx));
  assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, JSON.stringify(captionPx));
});

test("reveal.js: a fragment shown forward plays the step's motion at 1×, b's countdown running on the slide", async () => {
  const url = await site("reveal-motion", async (dir) => {
    await cp(join(ROOT, "node_modules/reveal.js/dist"), join(dir, "reveal"), { recursive: true });
    await writeFile(join(dir, "index.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>deck</title><link rel="icon" href="data:,">
      <link rel="stylesheet" href="reveal/reveal.css"><link rel="stylesheet" href="reveal/theme/black.css">
      <script type="module" src="${script}"></script></head><body><div class="reveal"><div class="slides">
      <section><podip-figure tour="kind" step="7" fragments></podip-figure><p class="fragment">b is deleted</p></section>
      </div></div><script type="module">import Reveal from "./reveal/reveal.mjs"; Reveal.initialize({ hash: true });</script></body></html>`);
    return dir;
  });
  const { page, assertClean } = await open(`${url}index.html`, { width: 1024, height: 768 });
  await page.waitForFunction(() => document.querySelector(".reveal.ready"));
  await page.locator('podip-figure [data-testid=figure][data-step="7"]').waitFor({ timeout: 30_000 });
  // At every animation frame from the first that shows step 8, the figure's time and b's countdown as
  // drawn (its ring's words, or the words for readers where the cell has no room), until DEL 0.001 s.
  await page.evaluate(() => {
    const frames = [];
    window.motionFrames = frames;
    const frame = () => {
      const figure = document.querySelector("podip-figure")?.shadowRoot?.querySelector("[data-testid=figure]");
      const countdown = figure?.querySelector("[data-testid=stage-countdown][data-pod=b] .countdown-text, text[data-testid=stage-countdown][data-pod=b]");
      if (figure?.dataset.step === "8" || frames.length) {
        frames.push({ step: figure?.dataset.step, time: Number(figure?.dataset.time), countdown: countdown?.textContent ?? null });
      }
      if (frames.at(-1)?.countdown?.includes("0.001 s")) frames.done = true;
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => window.motionFrames?.done, null, { timeout: 30_000 });
  const frames = await page.evaluate(() => window.motionFrames);
  const left = frames
    .map((f) => f.countdown?.match(/(\d+)\.(\d{3}) s/))
    .filter(Boolean)
    .map(([, s, ms]) => Number(s) * 1000 + Number(ms))
    .filter((v, i, all) => i === 0 || v !== all[i - 1]);
  const seen = `${frames.length} frames; countdown ${left.join(" ")}`;
  assert.equal(left[0], 2_300, `the step starts with the full ring (${seen})`);
  assert.ok(left.length >= 15, `the countdown runs on the slide, not two states (${seen})`);
  assert.ok(left.every((v, i) => i === 0 || v < left[i - 1]), `it only goes down (${seen})`);
  assert.equal(left.at(-1), 1, `it stops a millisecond before CNI DEL (${seen})`);
  assert.ok(frames.every((f) => f.step === "8"), `at b deleted throughout (${seen})`);
  // One clock: the figure's time and the countdown add up to CNI DEL's moment at every frame.
  const del = frames[0].time + left[0];
  for (const f of frames.filter((f) => f.countdown)) {
    const [, s, ms] = f.countdown.match(/(\d+)\.(\d{3}) s/);
    assert.equal(f.time + Number(s) * 1000 + Number(ms), del, JSON.stringify(f));
  }
  await page.locator('podip-figure [data-testid=figure][data-playing="false"]').waitFor();
  await page.screenshot({ path: `${ARTIFACTS}/host-reveal-motion.png` });
  // Back, and forward again: a fragment hidden shows step 7 as it is; shown again, the motion again.
  await page.keyboard.press("ArrowLeft");
  await page.locator('podip-figure [data-testid=figure][data-step="7"][data-playing="false"]').waitFor({ timeout: 30_000 });
  await page.keyboard.press("ArrowRight");
  await page.locator('podip-figure [data-testid=figure][data-step="8"][data-playing="true"]').waitFor({ timeout: 30_000 });
  assertClean();
});
