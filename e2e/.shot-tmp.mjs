import { serve, launch } from "/work/main/e2e/harness.mjs";
const server = await serve("/work/main/dist");
const browser = await launch();
const views = (process.env.VIEWS ?? "wide-light,wide-dark,narrow-light").split(",");
const query = process.env.Q ?? "?step=8";
for (const v of views) {
  const [size, theme] = v.split("-");
  const viewport = size === "wide" ? { width: 1280, height: 800 } : { width: 390, height: 844 };
  const ctx = await browser.newContext({ viewport, colorScheme: theme, reducedMotion: process.env.RM ? "reduce" : "no-preference" });
  const page = await ctx.newPage();
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  page.on("console", (m) => m.type() === "error" && console.log("console", m.text()));
  await page.goto(server.url + query);
  await page.waitForSelector("[data-testid=stage]");
  await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
  await page.screenshot({ path: `/tmp/shots/${process.env.NAME ?? "s"}-${v}.png`, fullPage: !!process.env.FULL });
  console.log(v, await page.evaluate(() => [...document.querySelectorAll("[data-testid=stage-pod]")].map(p => `${p.dataset.pod}:${p.dataset.phase}`).join(" ")));
  await ctx.close();
}
await browser.close(); await server.close();
