// In a release build: a lesson from a link is someone else's text. Markup in every field of it is shown
// as text — no script runs, no element or link of the lesson's appears — in the page, the presenter
// view and a figure; a lesson too large, with too many steps, not UTF-8 or linking a javascript:
// source is refused with its problem in place, and the page keeps working.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useServerAndBrowser, serve, openPage, settled, readmeLesson } from "./harness.mjs";

const shared = useServerAndBrowser(process.env.PODIP_DIST ?? "dist");

/** Markup that would run or draw something if a lesson's text were read as HTML or as a link. */
const MARKUP = `<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 1"><b onmouseover="window.__pwned = 1">bold</b> [link](javascript:window.__pwned=1)`;

/** README's lesson with the markup in every field: title, introduction, its translation, the question,
 *  each choice, the why, each step's words and command. */
async function markupLesson() {
  const lesson = await readmeLesson();
  const replaced = [
    ["# Where pod a's address comes from", `# Where pod a's address comes from ${MARKUP}`],
    ["<!-- ja --> Pod a のアドレスはどこから来るのか", `<!-- ja --> Pod a のアドレスはどこから来るのか ${MARKUP}`],
    ["A kind cluster as", `${MARKUP} A kind cluster as`],
    ["Which one does pod a get?", `Which one does pod a get? ${MARKUP}`],
    ["- [ ] 10.244.1.1", `- [ ] 10.244.1.1 ${MARKUP}`],
    ["- [x] 10.244.1.2", `- [x] 10.244.1.2 ${MARKUP}`],
    ["The walk starts", `${MARKUP} The walk starts`],
    ["kind-worker gets the next free /24", `kind-worker gets the next free /24 ${MARKUP}`],
    ["host-local creates the file", `host-local creates the file ${MARKUP}`],
    ["ptp adds a /32 route", `ptp adds a /32 route ${MARKUP}`],
    ["- command: `docker exec kind-worker ip route`", `- command: \`docker exec kind-worker ip route ${MARKUP}\``],
  ];
  return replaced.reduce((text, [from, to]) => {
    assert.ok(text.includes(from), from);
    return text.replace(from, to);
  }, lesson);
}

/** A directory served with CORS (another origin, as an instructor's site), holding `files`. */
async function lessonHost(files) {
  const dir = await mkdtemp(join(tmpdir(), "hostile-lesson-"));
  for (const [name, body] of Object.entries(files)) await writeFile(join(dir, name), body);
  return serve(dir, "/", { cors: true });
}

/** Nothing of the markup ran or became an element or a link, in the page or any figure's shadow root. */
async function nothingRan(page, dialogs, where) {
  const found = await page.evaluate(() => {
    const roots = [document, ...[...document.querySelectorAll("podip-figure")].map((f) => f.shadowRoot).filter(Boolean)];
    const all = (selector) => roots.flatMap((root) => [...root.querySelectorAll(selector)]);
    return {
      pwned: window.__pwned ?? null,
      images: all('img[src="x"]').length,
      bold: all("b[onmouseover]").length,
      handlers: all("[onerror], [onmouseover]").length,
      links: all('a[href^="javascript:"], a[href^="data:"]').map((a) => a.getAttribute("href")),
    };
  });
  assert.deepEqual(found, { pwned: null, images: 0, bold: 0, handlers: 0, links: [] }, where);
  assert.deepEqual(dialogs, [], where);
}

function watched(page) {
  const dialogs = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss();
  });
  return dialogs;
}

test("markup in every field of a lesson is shown as text, in the page, the presenter view and a figure", async (t) => {
  const text = await markupLesson();
  const host = await lessonHost({ "markup.md": text });
  t.after(() => host.close());
  const address = encodeURIComponent(`${host.url}markup.md`);
  const carried = deflateRawSync(Buffer.from(text)).toString("base64url");
  for (const query of [`lesson=${address}`, `l=${carried}`, `lesson=${address}&lang=ja`]) {
    const { page, problems } = await openPage(shared.browser, `${shared.server.url}?${query}&step=2`);
    const dialogs = watched(page);
    await settled(page);
    await page.getByTestId("narration").waitFor();
    // The question before step 2 and its choices, then the step: each as text, markup and all.
    const narration = page.getByTestId("narration");
    await page.waitForFunction(() => document.querySelector("[data-testid=narration]")?.textContent.includes("onerror"));
    assert.match(await narration.textContent(), /<img src="x" onerror="window.__pwned = 1">/, query);
    assert.equal(await page.getByTestId("link-problem").count(), 0, query);
    await nothingRan(page, dialogs, query);
    // Every stop of the presenter view, each caption page, with the command under it.
    await page.keyboard.press("p");
    await page.locator(".presenting").waitFor();
    for (let press = 0; press < 14; press++) {
      await page.keyboard.press("PageDown");
      await settled(page);
      await nothingRan(page, dialogs, `${query}, press ${press + 1}`);
    }
    assert.deepEqual(problems.filter((p) => p.startsWith("pageerror") || /panicked/.test(p)), [], query);
    await page.close();
  }
  // In a figure on the instructor's own page: the lesson's words under the picture, as text. podip
  // is served from another origin, which lets pages load it (CORS).
  const app = await serve(process.env.PODIP_DIST ?? "dist", "/", { cors: true });
  t.after(() => app.close());
  const figurePage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<script type="module" src="${app.url}podip-figure.js"></script></head>
<body><podip-figure lesson="markup.md" step="3" controls="full" style="display:block"></podip-figure>
<podip-figure tour="kind" step="8" style="display:block"></podip-figure></body></html>`;
  const site = await lessonHost({ "markup.md": text, "index.html": figurePage });
  t.after(() => site.close());
  const { page } = await openPage(shared.browser, `${site.url}index.html`);
  const dialogs = watched(page);
  await page.waitForFunction(() => document.querySelector("podip-figure")?.shadowRoot?.textContent.includes("ptp adds a /32 route"), null, { timeout: 60_000 });
  const caption = await page.evaluate(() => document.querySelector("podip-figure").shadowRoot.textContent);
  assert.match(caption, /ptp adds a \/32 route <script>window.__pwned = 1<\/script>/);
  await nothingRan(page, dialogs, "figure");
  // The other figure of the page draws too.
  await page.waitForFunction(() => document.querySelectorAll("podip-figure")[1]?.shadowRoot?.querySelector("svg"), null, { timeout: 60_000 });
  await page.close();
});

test("a lesson too large, with too many steps, not UTF-8 or linking a javascript: source is refused in place, and the page keeps working", async (t) => {
  const lesson = await readmeLesson();
  const step = "## s\n- waits for: `PodCreated pod/a`\nw\n";
  const files = {
    "huge.md": Buffer.alloc(10 * 1024 * 1024, "word "),
    "steps.md": `# Steps\n\n- scenario: \`kind\`\n\nMany.\n\n${Array.from({ length: 10_000 }, (_, i) => step.replace("## s", `## s${i}`)).join("\n")}`,
    "same-event.md": `# Again\n\n- scenario: \`kind\`\n\nAgain.\n\n${step.repeat(100_000)}`,
    "bytes.md": Buffer.concat([Buffer.from("# Title\n\nAn intro"), Buffer.from([0xff, 0xfe]), Buffer.from("\n")]),
    "script-source.md": lesson.replace(
      "- [kubernetes-sigs/kind#1014](https://github.com/kubernetes-sigs/kind/issues/1014)",
      "- [click](javascript:window.__pwned=1)\n- [data](data:text/html,<script>window.__pwned=1</script>)",
    ),
  };
  const host = await lessonHost(files);
  t.after(() => host.close());
  for (const [name, said] of [
    ["huge.md", /the file is 10240 KB; a lesson is at most 256 KB/],
    ["steps.md", /a lesson is at most 256 KB|a lesson has at most 100 steps/],
    ["same-event.md", /a lesson is at most 256 KB/],
    ["bytes.md", /line 3: the file is not UTF-8 text/],
    ["script-source.md", /line \d+: a source links to an https:\/\/ address/],
  ]) {
    const { page, problems } = await openPage(shared.browser, `${shared.server.url}?lesson=${encodeURIComponent(host.url + name)}&step=2`);
    const dialogs = watched(page);
    await settled(page);
    await page.getByTestId("link-problem").waitFor();
    assert.match(await page.getByTestId("link-problem").textContent(), said, name);
    await nothingRan(page, dialogs, name);
    // The page keeps working: the kind tour is there to start.
    await page.getByTestId("tour-kind").click();
    await settled(page);
    assert.equal(await page.getByTestId("narration").getAttribute("data-step"), "0", name);
    assert.deepEqual(problems.filter((p) => p.startsWith("pageerror") || /panicked/.test(p)), [], name);
    await page.close();
  }
});
