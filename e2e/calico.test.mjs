// A Calico cluster in a release build: the calico-blocks tour stepped to the stop where e borrows an
// address from kind-control-plane's block. The stage marks e's address as borrowed (whose block, which
// node), strikes kind-worker2's spec.podCIDR as unused by calico-ipam, and draws the IP pool under
// kube-controller-manager's strip; at a laptop's and a phone's size, light and dark, in English and
// Japanese, with screenshots.
//   node --test --test-reporter=spec e2e/calico.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, shows, startTour, tourStep, atStep, animationsEnded, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const stageNode = (page, name) => page.locator(`[data-testid=stage-node][data-node="${name}"]`);
const BORROWING_STOP = 7;

/** What the borrowing stop must show, in any language and size. */
async function borrowingShown(page, lang) {
  const worker2 = stageNode(page, "kind-worker2");
  await worker2.waitFor();
  // e's address, marked as borrowed from kind-control-plane's block.
  const badge = worker2.locator("[data-testid=stage-borrowed][data-pod=e]");
  await badge.waitFor();
  assert.equal(await badge.getAttribute("data-block"), "10.244.0.0/26");
  assert.equal(await badge.getAttribute("data-from"), "kind-control-plane");
  assert.equal(await badge.getAttribute("data-shows"), "borrowed:10.244.0.2");
  assert.match(await badge.locator("text").textContent(), lang === "ja" ? /借用/ : /borrowed/);
  assert.match(await badge.locator("title").textContent(), /10\.244\.0\.2.*10\.244\.0\.0\/26.*kind-control-plane/);
  assert.match(await worker2.locator("[data-testid=stage-pod][data-pod=e] .ip").first().textContent(), /10\.244\.0\.2/);
  // The node's podCIDR, drawn and marked as unused by Calico's IPAM; it has no block of its own.
  const podcidr = worker2.locator(".podcidr-group");
  assert.equal(await podcidr.getAttribute("data-unused"), "calico-ipam");
  assert.match(await podcidr.locator(".podcidr").first().textContent(), /10\.244\.0\.64\/27/);
  assert.match(await podcidr.locator("title").first().textContent(), lang === "ja" ? /Calico の IPAM は使わない/ : /unused by Calico's IPAM/);
  assert.equal(await worker2.getByTestId("stage-block").count(), 0, "kind-worker2 has no block");
  // Its tunl0 took an address of kind-control-plane's block too, before any pod.
  const tunnel = worker2.getByTestId("stage-tunnel");
  assert.equal(await tunnel.getAttribute("data-address"), "10.244.0.1");
  assert.equal(await tunnel.getAttribute("data-borrowed"), "10.244.0.0/26");
  assert.equal(await tunnel.locator("text").textContent(), "tunl0 10.244.0.1");
  assert.ok(await tunnel.isVisible(), "kind-worker2's tunl0 chip is drawn");
  // The pool under kube-controller-manager's strip, where the room keeps the panel.
  const pool = page.getByTestId("stage-pool");
  if (await pool.count()) {
    assert.equal(await pool.getAttribute("data-cidr"), "10.244.0.0/25");
    assert.equal(await pool.getAttribute("data-block-size"), "26");
  }
}

/** The node cards: calico-ipam's blocks beside the podCIDR it does not read, and no host-local directory. */
async function cardsShown(page, lang) {
  const card = (name) => page.locator(`[data-testid=node][data-node="${name}"]`);
  await card("kind-worker").waitFor();
  const blocks = card("kind-worker").getByTestId("calico-blocks");
  assert.match(await blocks.textContent(), lang === "ja" ? /calico-ipam のブロック：10\.244\.0\.64\/26$/ : /^calico-ipam blocks: 10\.244\.0\.64\/26$/);
  assert.match(await card("kind-worker").locator(".podcidr").first().textContent(), /10\.244\.0\.32\/27/);
  assert.match(await card("kind-worker2").getByTestId("calico-blocks").textContent(), lang === "ja" ? /未割り当て/ : /none yet/);
  assert.equal(await page.getByTestId("ipam-dir").count(), 0, "calico-ipam keeps no files on the node");
  // The card's own words: a pod's address sits in the block, outside the podCIDR.
  const a = card("kind-worker").locator("[data-testid=pod][data-pod=a] .pod-ip");
  assert.match(await a.textContent(), /^10\.244\.0\.6[5-9]$/);
}

test("the calico-blocks tour from its button to the borrowing stop: e's borrowed address, kind-worker2's unused podCIDR", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await startTour(page, "calico-blocks");
  await tourStep(page, 1);
  // Step 1: kind-control-plane's block beside its podCIDR.
  const block = stageNode(page, "kind-control-plane").locator("[data-testid=stage-block]");
  await block.waitFor();
  assert.equal(await block.getAttribute("data-block"), "10.244.0.0/26");
  assert.equal(await block.getAttribute("data-affinity"), "confirmed");
  await tourStep(page, BORROWING_STOP - 1);
  await atStep(page, BORROWING_STOP);
  await borrowingShown(page, "en");
  // kind-worker's block: tunl0's .64 and a, c, d.
  const worker = stageNode(page, "kind-worker").locator("[data-testid=stage-block]");
  assert.equal(await worker.getAttribute("data-block"), "10.244.0.64/26");
  assert.match(await worker.locator("text").textContent(), /^10\.244\.0\.64\/26( 4\/64( confirmed)?)?$/);
  const own = stageNode(page, "kind-worker").getByTestId("stage-tunnel");
  assert.equal(await own.getAttribute("data-address"), "10.244.0.64");
  assert.equal(await own.getAttribute("data-borrowed"), null, "kind-worker's tunl0 address is its own block's");
  assertClean();
  await page.close();
});

test("the borrowing stop at a laptop's and a phone's size, light and dark, in English and Japanese", async () => {
  for (const [prefix, lang] of [["", "en"], ["ja/", "ja"]]) {
    for (const [theme, width, height] of [["light", 1280, 800], ["dark", 1280, 800], ["light", 390, 844], ["dark", 390, 844]]) {
      const url = `${shared.server.url}${prefix}tour/calico-blocks/?quiz=0&theme=${theme}&step=${BORROWING_STOP}`;
      const { page, assertClean } = await openPage(shared.browser, url, { width, height });
      await settled(page);
      await page.locator(`html[lang="${lang}"]`).waitFor({ state: "attached" });
      await atStep(page, BORROWING_STOP);
      await borrowingShown(page, lang);
      await cardsShown(page, lang);
      await shows(page, "step-text", "10.244.0.2");
      await animationsEnded(page);
      await page.locator("figure.stage").screenshot({ path: `${ARTIFACTS}/calico-${lang}-${width}x${height}-${theme}.png` });
      await page.locator('[data-testid=node][data-node="kind-worker"]').screenshot({ path: `${ARTIFACTS}/calico-card-${lang}-${width}x${height}-${theme}.png` });
      assertClean();
      await page.close();
    }
  }
});
