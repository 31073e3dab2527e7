// The release build made with `trunk build --release --public-url /podip/` (into dist-subpath/, by
// scripts/test-all.sh) works when a host serves it from that sub-path: assets, links and the embed page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled } from "./harness.mjs";

const shared = useServerAndBrowser("dist-subpath", "/podip/");

test("served under /podip/, the app, its shared links and the embed example work", async () => {
  assert.match(shared.server.url, /\/podip\/$/);
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&step=3`);
  await settled(page);
  await page.getByTestId("narration").waitFor();
  assert.match(await page.getByTestId("step-count").textContent(), /step 3 of 10/);
  await page.getByTestId("copy-link").click();
  assert.match(await page.getByTestId("link").inputValue(), /\/podip\/tour\/kind\/\?/);
  assertClean();

  const host = await openPage(shared.browser, `${shared.server.url}embed-example.html`);
  const frame = host.page.frameLocator("[data-testid=embed-kind]");
  await frame.getByTestId("narration").waitFor();
  const full = await frame.getByRole("link", { name: /Open in podip/ }).getAttribute("href");
  assert.match(full, /^\/podip\/tour\/kind\//);
  host.assertClean();
});
