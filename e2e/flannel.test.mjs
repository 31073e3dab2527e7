// A flannel node in a release build: the kubeadm + flannel tour's steps (subnet.env, the bridge cni0
// with its gateway and the pods' veths on it, one connected route instead of a /32 per pod, b's veth
// leaving cni0 at CNI DEL, d's .5) and the k3s preset's stage and node card, in the three languages;
// the settings card's chain chooser. Screenshots of a flannel node with pods at a laptop's and a
// phone's size, light and dark.
//   node --test --test-reporter=spec e2e/flannel.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, shows, startTour, tourStep, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const LANGS = [
  { prefix: "", lang: "en", bridge: /^bridge cni0: gateway 10\.244\.1\.1\/24, 3 ports/, written: "subnet.env written" },
  { prefix: "zh/", lang: "zh-Hans", bridge: /^网桥 cni0：网关 10\.244\.1\.1\/24，3 个端口/, written: "已写入 subnet.env" },
  { prefix: "ja/", lang: "ja", bridge: /^ブリッジ cni0：ゲートウェイ 10\.244\.1\.1\/24、ポート 3 個/, written: "subnet.env 書き込み済み" },
];

const stageNode = (page, name) => page.locator(`[data-testid=stage-node][data-node="${name}"]`);
const bridge = (page, node) => stageNode(page, node).getByTestId("stage-bridge");
const vethMasters = (page, node) =>
  stageNode(page, node).getByTestId("stage-veth").evaluateAll((els) => els.map((el) => `${el.dataset.pod} ${el.dataset.master ?? "-"}`));
const nodeRoutes = (page, node) =>
  stageNode(page, node).getByTestId("stage-node-route").evaluateAll((els) => els.map((el) => el.dataset.route));
const card = (page, node) => page.locator(`[data-testid=node][data-node="${node}"]`);

/** Open the tour's page in a language at step `step` (from 1), questions off, once its run stands there. */
async function openStep(page, prefix, step) {
  await page.goto(`${shared.server.url}${prefix}tour/kubeadm-flannel/?quiz=0&step=${step}`);
  await settled(page);
}

test("the kubeadm + flannel tour in three languages: cni0 with its gateway and veths, one route, subnet.env", async () => {
  for (const { prefix, lang, bridge: tooltip, written } of LANGS) {
    const { page, assertClean } = await openPage(shared.browser, "about:blank");
    // Step 1: flanneld's subnet.env, named on the conflist line; no bridge before the first ADD.
    await openStep(page, prefix, 1);
    await page.locator(`html[lang="${lang}"]`).waitFor({ state: "attached" });
    const conflist = stageNode(page, "worker-1").getByTestId("stage-conflist");
    assert.equal(await conflist.getAttribute("data-path"), "/etc/cni/net.d/10-flannel.conflist");
    assert.match(await conflist.textContent(), /10-flannel\.conflist/);
    // flanneld's subnet.env on a line of its own, under the conflist.
    assert.match(await stageNode(page, "worker-1").getByTestId("stage-subnet-env").textContent(), /subnet\.env.*10\.244\.1\.1\/24/);
    assert.equal(await bridge(page, "worker-1").count(), 0, `${lang}: cni0 comes with the first ADD`);
    await shows(page, "step-text", "FLANNEL_SUBNET=10.244.1.1/24");

    // Step 5: a, b and c on cni0; one connected route; flanneld's to the other nodes.
    await openStep(page, prefix, 5);
    const bar = bridge(page, "worker-1");
    assert.equal(await bar.getAttribute("data-bridge"), "cni0");
    assert.equal(await bar.getAttribute("data-gateway"), "10.244.1.1/24");
    assert.equal(await bar.getAttribute("data-carrier"), "true");
    assert.match(await bar.locator("title").textContent(), tooltip);
    assert.deepEqual(await vethMasters(page, "worker-1"), ["a cni0", "b cni0", "c cni0"]);
    // The connected route (its device named where the row has room), and flanneld's to the other nodes.
    const routes = await nodeRoutes(page, "worker-1");
    assert.match(routes[0], /^10\.244\.1\.0\/24( dev cni0)?$/);
    assert.deepEqual(routes.slice(1), ["10.244.0.0/24,10.244.2.0/24"]);
    assert.equal(await stageNode(page, "worker-1").getByTestId("stage-route").count(), 0, "no /32 per pod");
    // The node card: flanneld's file, the bridge's ports, the chain's conflist.
    const worker = card(page, "worker-1");
    const env = worker.getByTestId("subnet-env");
    assert.equal((await env.locator("summary").textContent()).trim(), written);
    assert.match(await env.locator("pre").textContent(), /^FLANNEL_NETWORK=10\.244\.0\.0\/16\nFLANNEL_SUBNET=10\.244\.1\.1\/24\nFLANNEL_MTU=1450/);
    const ports = (await worker.getByTestId("bridge-link").locator("pre").textContent()).split("\n");
    assert.equal(ports.length, 3);
    assert.ok(ports.every((line) => /^\d+: veth[0-9a-f]{8}@eth0: .* master cni0 state forwarding/.test(line)), ports.join("\n"));
    // @eth0 is the peer's name in the pod's namespace, which the card says under the ports.
    const tip = await worker.getByTestId("bridge-link-tip").textContent();
    assert.match(tip, lang === "en" ? /the peer's interface, eth0 inside the pod's network namespace/ : /vethXXXXXXXX@eth0/);
    assert.equal(await worker.getByTestId("conflist").getAttribute("data-path"), "/etc/cni/net.d/10-flannel.conflist");
    assert.match(await worker.locator(".routes pre").last().textContent(), /^10\.244\.1\.0\/24 dev cni0 proto kernel scope link src 10\.244\.1\.1$/m);

    // Step 7: b's veth has left cni0 at its CNI DEL; the bridge and its gateway stay.
    await openStep(page, prefix, 7);
    assert.deepEqual(await vethMasters(page, "worker-1"), ["a cni0", "c cni0"]);
    assert.equal(await bridge(page, "worker-1").getAttribute("data-gateway"), "10.244.1.1/24");
    await shows(page, "step-text", "containernetworking/cni#88");

    // Step 8: d on the bridge with .5.
    await openStep(page, prefix, 8);
    assert.deepEqual(await vethMasters(page, "worker-1"), ["a cni0", "c cni0", "d cni0"]);
    await shows(page, "step-text", "10.244.1.5");
    assertClean();
    await page.close();
  }
});

test("the tour from its button, step by step, and its pictures at a laptop's and a phone's size", async () => {
  for (const [theme, width, height] of [["light", 1280, 800], ["dark", 1280, 800], ["light", 390, 844], ["dark", 390, 844]]) {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0&theme=${theme}`, { width, height });
    await startTour(page, "kubeadm-flannel");
    await tourStep(page, 1);
    await shows(page, "step-text", "/run/flannel/subnet.env");
    await tourStep(page, 1); // a's ADD made cni0
    await bridge(page, "worker-1").waitFor();
    await tourStep(page, 3); // past host-local and the gateway on cni0, c runs: three veths on cni0
    assert.deepEqual(await vethMasters(page, "worker-1"), ["a cni0", "b cni0", "c cni0"]);
    // On a phone the stage shows one node at a time: the one the step is about.
    await page.locator("figure.stage").screenshot({ path: `${ARTIFACTS}/flannel-${width}x${height}-${theme}.png` });
    await tourStep(page, 1); // b deleted: its veth waits on cni0 for CNI DEL
    assert.deepEqual(await vethMasters(page, "worker-1"), ["a cni0", "b cni0", "c cni0"]);
    await page.locator("[data-testid=stage-countdown][data-pod=b]").first().waitFor({ state: "attached" });
    await tourStep(page, 2); // d
    assert.deepEqual(await vethMasters(page, "worker-1"), ["a cni0", "c cni0", "d cni0"]);
    assertClean();
    await page.close();
  }
});

test("the k3s preset draws its nodes on flannel's bridge, in three languages; the chain is a choice", async () => {
  for (const { prefix, lang, written } of LANGS) {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}${prefix}?quiz=0`);
    await settled(page);
    await page.locator(`html[lang="${lang}"]`).waitFor({ state: "attached" });
    await page.getByTestId("preset").selectOption("k3s");
    await settled(page);
    assert.equal(await page.getByTestId("cni").inputValue(), "k3s-flannel");
    assert.match(await page.getByTestId("scenario-editor").inputValue(), /^set cni=k3s-flannel$/m);
    // The whole story: scrub to the run's end.
    await page.getByTestId("scrubber").evaluate((el) => {
      el.value = el.max;
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await settled(page);
    const bar = bridge(page, "kind-worker");
    await bar.waitFor();
    assert.equal(await bar.getAttribute("data-gateway"), "10.42.1.1/24");
    assert.deepEqual(await vethMasters(page, "kind-worker"), ["a cni0", "c cni0", "d cni0"]);
    assert.equal(
      await stageNode(page, "kind-worker").getByTestId("stage-conflist").getAttribute("data-path"),
      "/var/lib/rancher/k3s/agent/etc/cni/net.d/10-flannel.conflist",
    );
    const env = card(page, "kind-worker").getByTestId("subnet-env");
    assert.equal((await env.locator("summary").textContent()).trim(), written);
    assert.match(await env.locator("pre").textContent(), /FLANNEL_SUBNET=10\.42\.1\.1\/24/);
    if (lang === "en") {
      await page.locator("figure.stage").screenshot({ path: `${ARTIFACTS}/flannel-k3s-1280x800-light.png` });
      // Back to kind's chain: ptp's /32 per pod, no bridge.
      await page.getByTestId("cni").selectOption("kindnet");
      await settled(page);
      await stageNode(page, "kind-worker").getByTestId("stage-route").first().waitFor();
      assert.equal(await bridge(page, "kind-worker").count(), 0);
    }
    assertClean();
    await page.close();
  }
});
