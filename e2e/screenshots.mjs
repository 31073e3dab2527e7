// The README's pictures, taken again from a release build (not a test: it asserts nothing):
//   trunk build --release --offline && node e2e/screenshots.mjs [directory]     (docs/ by default)
// Each is taken once the page shows what it is of: the app started with no work in hand, its language
// and fonts loaded, its animations finished.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { serve, launch, settled } from "./harness.mjs";

const out = process.argv[2] ?? "docs";

/** A page of `url` at `viewport`, at rest in `lang`. */
async function open(browser, url, viewport, lang = "en") {
  const page = await browser.newPage({ viewport });
  page.on("pageerror", (err) => console.error(`${url}: ${err.message}`));
  await page.goto(url);
  await settled(page);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: "attached" });
  await atRest(page);
  return page;
}

/** Fonts loaded and every animation of the document that ends, ended. */
async function atRest(page) {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished)),
  );
}

await mkdir(out, { recursive: true });
const server = await serve("dist");
const browser = await launch();
try {
  const laptop = { width: 1280, height: 800 };

  const tour = await open(browser, `${server.url}?tour=kind&step=8&quiz=0`, laptop);
  await tour.getByTestId("stage-countdown").first().waitFor();
  await tour.screenshot({ path: join(out, "kind-tour.png") });

  const ja = await open(browser, `${server.url}?tour=kind&step=10&quiz=0&lang=ja`, laptop, "ja");
  await ja.screenshot({ path: join(out, "kind-ja.png") });

  // The presenter view, as a projector shows it.
  const present = await open(browser, `${server.url}?tour=kind&step=8&quiz=0&present=1`, { width: 1920, height: 1080 });
  await present.getByTestId("stage-countdown").first().waitFor();
  await present.screenshot({ path: join(out, "present.png") });

  const planner = await open(browser, server.url, laptop);
  await planner.locator("section.settings [data-figure=node-subnets]").waitFor();
  await planner.locator("section.settings").screenshot({ path: join(out, "planner.png") });

  // The example host page: two players, the second in Japanese and dark, each sized from its messages.
  const host = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await host.goto(`${server.url}embed-example.html`);
  for (const [frame, lang] of [["embed-kind", "en"], ["embed-exhaustion", "ja"]]) {
    const player = host.frameLocator(`[data-testid=${frame}]`);
    await player.getByTestId("narration").waitFor();
    await player.locator(`html[lang="${lang}"]`).waitFor({ state: "attached" });
  }
  // The players' own animations too (a PATCH token flying in), each in its frame.
  for (const frame of host.frames()) await atRest(frame);
  await host.screenshot({ path: join(out, "embed.png") });
  // The article at its host-local section: the prose, the live figure at that step, the commands under it.
  const article = await browser.newPage({ viewport: { width: 1280, height: 1200 } });
  await article.goto(`${server.url}read/#host-local`);
  await article.locator("podip-figure[step='4'] [data-testid=figure]:not(.fast)[data-playing=false]").waitFor();
  await atRest(article);
  // The figures' own animations, in their shadow roots.
  await article.evaluate(() => Promise.all([...document.querySelectorAll("podip-figure")].flatMap((f) =>
    (f.shadowRoot?.getAnimations() ?? []).filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished))));
  await article.screenshot({ path: join(out, "article.png") });
  console.log(`kind-tour.png, kind-ja.png, present.png, planner.png, embed.png, article.png written to ${out}/`);
} finally {
  await browser.close();
  await server.close();
}
