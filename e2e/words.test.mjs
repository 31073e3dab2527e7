// A step's words follow the run: the kind tour under a /26 node mask names the run's addresses, and
// a source line under the words links the upstream code the step's event models; a step whose words
// cannot follow the settings says that they describe the tour's own cluster, and its button loads the
// tour's own scenario again at the same step.
//   node --test --test-reporter=spec e2e/words.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, shows, startTour, tourStep, stepShown, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

test("under a /26 mask the kind tour's last step names the run's addresses, with its source line", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await startTour(page, "kind");
  await tourStep(page, 10);
  await shows(page, "step-text", "d gets 10.244.1.5, not b's .3");
  const source = page.getByTestId("step-source").locator("a");
  assert.match(await source.textContent(), /^\S+\.go · \S+$/);
  assert.match(await source.getAttribute("href"), /^https:\/\/github\.com\//);
  await page.getByTestId("node-mask").fill("26");
  await settled(page);
  await shows(page, "step-text", "d gets 10.244.0.69, not b's .67");
  assert.equal(await stepShown(page), 10);
  assert.equal(await page.getByTestId("own-cluster").count(), 0);
  await page.locator(".theatre").screenshot({ path: `${ARTIFACTS}/words-kind-26.png` });
  assertClean();
});

test("a step whose words cannot follow the settings says so, and goes back to the tour's cluster", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await startTour(page, "why-round-robin");
  await tourStep(page, 2);
  const written = await page.getByTestId("step-text").textContent();
  await page.getByTestId("node-mask").fill("26");
  await settled(page);
  await page.getByTestId("own-cluster").waitFor();
  assert.equal(await page.getByTestId("step-text").textContent(), written);
  await page.locator(".theatre").screenshot({ path: `${ARTIFACTS}/words-own-cluster.png` });
  await page.getByTestId("own-cluster-back").click();
  await settled(page);
  await page.getByTestId("own-cluster").waitFor({ state: "detached" });
  assert.equal(await stepShown(page), 2);
  assert.equal(await page.getByTestId("node-mask").inputValue(), "28");
  assertClean();
});

test("the kind tour draws the path of a Pod's address, whole in its introduction and lit at each step", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await startTour(page, "kind");
  const whole = page.getByTestId("path-whole");
  const path = page.getByTestId("path-map");
  await whole.locator("li").first().waitFor();
  assert.deepEqual(await whole.locator(".hop-name").allTextContents(), [
    "kube-controller-manager", "spec.podCIDR", "kindnetd", "10-kindnet.conflist", "containerd",
    "CNI ADD / DEL", "ptp + host-local", "kubelet", "status.podIPs",
  ]);
  assert.equal(await path.locator("li.lit").count(), 0);
  await tourStep(page, 1);
  assert.equal(await whole.count(), 0, "the whole path is the introduction's");
  await page.locator('[data-testid="path-map"] li.lit').first().waitFor();
  assert.deepEqual(await path.locator("li.lit .hop-name").allTextContents(), ["kube-controller-manager", "spec.podCIDR"]);
  await tourStep(page, 6);
  await shows(page, "step-text", "kubectl get pods -o wide");
  // Step 7 tells the status and the host veths' shared address its picture shows: the plugins lit too.
  assert.deepEqual(await path.locator("li.lit .hop-name").allTextContents(), ["ptp + host-local", "kubelet", "status.podIPs"]);
  await page.locator(".theatre").screenshot({ path: `${ARTIFACTS}/path-kind-7.png` });
  assertClean();
});
