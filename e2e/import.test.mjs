// Your cluster: a preset fills the settings (and a platform without node subnets says so), a pasted
// `kubectl get nodes -o json` is loaded as a scenario the stage draws, with the core's report; bad
// input is refused in place and changes nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { useServerAndBrowser, openPage, settled, shows, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();
const KIND_DUAL = await readFile(new URL("../tests/data/nodes-kubectl.json", import.meta.url), "utf8");
const figure = (page, key) => page.locator(`[data-figure=${key}] .value`).first();
const reportFigure = (page, key) => page.getByTestId("import-report").locator(`[data-figure=${key}] .value`).first();

test("a preset fills kube-controller-manager's flags and --max-pods, with its sources", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url);
  await settled(page);
  await figure(page, "node-subnets").waitFor();
  await page.getByTestId("preset").selectOption("openshift");
  await settled(page);
  assert.equal(await page.getByTestId("cluster-cidr").inputValue(), "10.128.0.0/14");
  assert.equal(await page.getByTestId("node-mask").inputValue(), "23");
  assert.equal(await page.getByTestId("max-pods").inputValue(), "250");
  assert.equal(await figure(page, "node-subnets").textContent(), "512");
  assert.equal(await figure(page, "max-pods").textContent(), "250");
  const note = page.getByTestId("preset-note");
  assert.match(await note.textContent(), /hostPrefix 23/);
  // A platform whose chain podip does not model: which it runs, and which podip draws instead.
  assert.match(await note.textContent(), /OVN-Kubernetes[^]*podip draws kindnet's chain/);
  assert.ok((await note.locator("a").count()) >= 1);
  // The scenario now carries the kubelet's --max-pods.
  assert.match(await page.getByTestId("scenario-editor").inputValue(), /^set max-pods=250$/m);

  // A platform whose Pod IPs do not come from node subnets: said in one sentence, nothing changes.
  await page.getByTestId("preset").selectOption("eks-vpc-cni");
  await shows(page, "preset-note", /no node subnets to split/);
  assert.equal(await page.getByTestId("cluster-cidr").inputValue(), "10.128.0.0/14");
  await page.locator("section.settings").screenshot({ path: `${ARTIFACTS}/preset-1280.png` });
  assertClean();
});

test("a pasted node list is shown on the stage with what the next node gets", async () => {
  for (const [theme, width, height] of [["light", 1280, 800], ["dark", 390, 844]]) {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?theme=${theme}`, { width, height });
    await settled(page);
    await page.getByTestId("import-text").fill(KIND_DUAL);
    await page.getByTestId("import-run").click();
    await settled(page);
    // kind's single-stack settings do not hold dual-stack podCIDRs: kcm's own text, and a suggestion.
    assert.match(
      await page.getByTestId("import-error").textContent(),
      /kind-control-plane has an allocated cidr: fd00:10:244::\/64 at index:1 that does not exist in cluster cidrs configuration/,
    );
    await page.getByTestId("import-suggested").click();
    await settled(page);
    const report = page.getByTestId("import-report");
    await report.waitFor();
    assert.match(await page.getByTestId("import-source").textContent(), /10\.244\.0\.0\/16,fd00:10:244::\/56/);
    assert.match(await report.locator('[data-node="kind-worker3"]').textContent(), /10\.244\.1\.0\/24, fd00:10:244:1::\/64/);
    assert.equal(await reportFigure(page, "next").locator("code").textContent(), "10.244.3.0/24, fd00:10:244:3::/64");
    assert.equal(await reportFigure(page, "more-fit").textContent(), "253");
    // The stage draws the imported nodes through the simulation: kind-worker2 keeps its podCIDR.
    await page.getByTestId("stage").waitFor();
    const owners = await page.getByTestId("stage-cidr-cell").evaluateAll((cells) =>
      cells.filter((c) => c.dataset.owner).map((c) => `${c.dataset.index}:${c.dataset.owner}`),
    );
    assert.ok(owners.includes("0:kind-control-plane"), owners.join(" "));
    assert.ok(owners.includes("2:kind-worker2"), owners.join(" "));
    assert.match(await page.getByTestId("scenario-editor").inputValue(), /^node add kind-worker3$/m);
    assert.match(await reportFigure(page, "per-node").textContent(), /^253/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${ARTIFACTS}/import-stage-${width}-${theme}.png` });
    await page.getByTestId("import").screenshot({ path: `${ARTIFACTS}/import-report-${width}-${theme}.png` });
    assertClean();
  }
});

test("bad input is refused in place and changes nothing", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url);
  await page.getByTestId("import-text").waitFor();
  await settled(page);
  const before = await page.getByTestId("stage").innerHTML();
  const error = page.getByTestId("import-error");
  const cases = [
    ["not json at all", /Not JSON/],
    ['{"kind":"List","items":[{"kind":"Pod","metadata":{"name":"p"}}]}', /items\[0\] is a Pod, not a Node/],
    ['{"kind":"ConfigMap"}', /Not a list of nodes \(kind "ConfigMap"\)/],
    [
      '{"kind":"NodeList","items":[{"metadata":{"name":"old"},"spec":{"podCIDRs":["10.99.0.0/24"]}},{"metadata":{"name":"new"},"spec":{"podCIDRs":["10.244.0.0/24"]}}]}',
      /would not start[\s\S]*cidr 10\.99\.0\.0\/24 is out the range of cluster cidr 10\.244\.0\.0\/16/,
    ],
  ];
  for (const [text, expected] of cases) {
    await page.getByTestId("import-text").fill(text);
    await page.getByTestId("import-run").click();
    await settled(page);
    await shows(page, "import-error", expected);
    assert.match(await error.textContent(), expected, text);
    assert.equal(await page.getByTestId("stage").innerHTML(), before, `${text}: the stage is unchanged`);
  }
  // The same one in Japanese, by the glossary.
  await page.goto(`${shared.server.url}?lang=ja`);
  await settled(page);
  await page.locator("html[lang=ja]").waitFor({ state: "attached" });
  await page.getByTestId("import-text").fill("{");
  await page.getByTestId("import-run").click();
  await shows(page, "import-error", /JSON ではありません/);
  assert.match(await page.getByTestId("import-error").textContent(), /JSON ではありません/);
  assertClean();
});

test("a node's card shows the sysctls ptp wrote: forwarding, and accept_ra=0 on each host veth", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&t=10s`);
  await settled(page);
  const sysctl = page.locator('[data-testid=node][data-node="kind-worker"] [data-testid=sysctl] pre');
  await sysctl.waitFor();
  const lines = (await sysctl.textContent()).split("\n");
  assert.equal(lines[0], "net.ipv4.ip_forward = 1");
  assert.ok(lines.slice(1).every((l) => /^net\.ipv6\.conf\.veth[0-9a-f]{8}\.accept_ra = 0$/.test(l)), lines.join(" | "));
  assert.ok(lines.length >= 2);
  assertClean();
});
