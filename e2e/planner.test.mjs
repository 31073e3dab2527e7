// The capacity planner in a release build: type a mask, see the capacity change; type a bad CIDR, see
// kube-controller-manager's message in place while the last valid plan stays.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const figure = (page, key) => page.locator(`[data-figure=${key}] .value`).first();

test("kind defaults, then a new mask re-plans the cluster", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url);
  await settled(page);
  await assert.doesNotReject(figure(page, "node-subnets").waitFor());
  assert.equal(await figure(page, "node-subnets").textContent(), "256");
  assert.equal(await figure(page, "usable-per-node").textContent(), "253");
  await page.screenshot({ path: `${ARTIFACTS}/planner-1280.png`, fullPage: true });

  await page.getByTestId("node-mask").fill("22");
  await settled(page);
  assert.equal(await figure(page, "node-subnets").textContent(), "64");
  assert.equal(await figure(page, "addresses-per-node").textContent(), "1024");
  assert.equal(await figure(page, "usable-per-node").textContent(), "1021");
  assert.equal(await figure(page, "last-subnet").textContent(), "10.244.252.0/22");
  assertClean();
});

test("an invalid CIDR shows the upstream text in place and keeps the last plan", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url);
  await settled(page);
  await figure(page, "node-subnets").waitFor();
  await page.getByTestId("cluster-cidr").fill("10.244.0/16");
  await settled(page);
  const error = page.getByTestId("settings-error");
  assert.match(
    await error.textContent(),
    /failed to parse cidr value:"10\.244\.0\/16" with error:invalid CIDR address: 10\.244\.0\/16/,
  );
  assert.equal(await figure(page, "node-subnets").textContent(), "256");

  await page.getByTestId("cluster-cidr").fill("fd00::/32");
  await settled(page);
  await page.getByTestId("node-mask").fill("");
  await settled(page);
  assert.match(await error.textContent(), /New CIDR set failed; the node CIDR size is too big/);

  await page.getByTestId("cluster-cidr").fill("10.244.0.0/16");
  await settled(page);
  await page.getByTestId("node-mask").fill("24");
  await settled(page);
  assert.equal(await error.textContent(), "");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("cluster-cidr").fill("10.244.0.0/33");
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/planner-390-error.png`, fullPage: true });
  assertClean();
});
