// The stage in a release build: the kind tour seen on the picture (three nodes and their /24s, the
// cidrset's owners and cursor, a, b, c with .2 .3 .4 and their cables, b's countdown and its cable gone
// 2.3 s after its object, d with .5), the motion of a CNI ADD and none with reduced motion, selection
// from the stage, and the other tours' failures (the first screen at every size: fit.test.mjs).
//   node --test --test-reporter=spec e2e/stage.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, startTour, tourStep, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const stageNode = (page, name) => page.locator(`[data-testid=stage-node][data-node="${name}"]`);
const stagePod = (page, name) => page.locator(`[data-testid=stage-pod][data-pod="${name}"]`);
const veth = (page, name) => page.locator(`[data-testid=stage-veth][data-pod="${name}"]`);
const countdown = (page, name) => page.locator(`[data-testid=stage-countdown][data-pod="${name}"]`);
const clock = async (page) => Number((await page.getByTestId("clock").textContent()).match(/t = ([\d.]+) s/)[1]);

/** Each stage pod as `name phase ip…`, in the order drawn. */
const pods = (page) =>
  page.getByTestId("stage-pod").evaluateAll((els) =>
    els.map((el) => `${el.dataset.pod} ${el.dataset.phase} ${el.querySelector(".ip")?.textContent ?? ""}`.trim()),
  );

test("the kind tour on the stage: subnets from the cidrset, addresses, cables, b's countdown, d's .5", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await startTour(page, "kind");
  await tourStep(page, 2);
  for (const [name, cidr] of [["kind-control-plane", "10.244.0.0/24"], ["kind-worker", "10.244.1.0/24"], ["kind-worker2", "10.244.2.0/24"]]) {
    assert.match(await stageNode(page, name).textContent(), new RegExp(cidr.replaceAll(".", "\\.")));
  }
  const owners = await page.locator("[data-testid=stage-cidr-cell][data-owner]").evaluateAll((els) => els.map((el) => `${el.dataset.index}=${el.dataset.owner}`));
  assert.deepEqual(owners, ["0=kind-control-plane", "1=kind-worker", "2=kind-worker2"]);
  assert.equal(await page.getByTestId("stage-cursor").getAttribute("data-index"), "3");

  await tourStep(page, 5); // step 7: c has its address
  assert.deepEqual(await pods(page), ["a running 10.244.1.2", "b running 10.244.1.3", "c running 10.244.1.4"]);
  for (const name of ["a", "b", "c"]) assert.equal(await veth(page, name).count(), 1, `${name}'s cable`);
  assert.match(await veth(page, "a").textContent(), /veth[0-9a-f]{8}@if2/);

  await tourStep(page, 1); // step 8: b's object is gone, its network is not
  const deletedAt = await clock(page);
  assert.equal(await stagePod(page, "b").getAttribute("data-phase"), "deleting");
  assert.equal(await veth(page, "b").count(), 1, "b's cable stays until CNI DEL");
  assert.match(await countdown(page, "b").textContent(), /2\.300 s/);
  await page.screenshot({ path: `${ARTIFACTS}/stage-b-countdown.png` });

  await tourStep(page, 1); // step 9: CNI DEL
  assert.equal(Math.round(((await clock(page)) - deletedAt) * 1000), 2300);
  assert.equal(await veth(page, "b").count(), 0);
  assert.equal(await countdown(page, "b").count(), 0);
  assert.ok(["gone", undefined].includes(await stagePod(page, "b").getAttribute("data-phase").catch(() => undefined)));

  await tourStep(page, 1); // step 10: d
  assert.ok((await pods(page)).includes("d running 10.244.1.5"));
  assert.equal(await veth(page, "d").count(), 1);
  await page.screenshot({ path: `${ARTIFACTS}/stage-d.png` });
  assertClean();
});

test("a CNI ADD animates at 1x, each step held on screen; with reduced motion nothing animates", async () => {
  for (const reducedMotion of ["no-preference", "reduce"]) {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
    await page.emulateMedia({ reducedMotion });
    await startTour(page, "kind");
    await tourStep(page, 2); // 1.010 s: the workers have their subnets; a, b, c come at 2 s
    // Record pod a's phase as it changes, with the animations running at that moment.
    await page.evaluate(() => {
      window.__phases = [];
      const stage = document.querySelector("[data-testid=stage]");
      new MutationObserver(() => {
        const phase = stage.querySelector("[data-testid=stage-pod][data-pod=a]")?.dataset.phase;
        if (phase && window.__phases.at(-1)?.phase !== phase) {
          window.__phases.push({ phase, at: performance.now(), animations: document.getAnimations().length });
        }
      }).observe(stage, { subtree: true, childList: true, attributes: true });
    });
    await page.getByTestId("play").click();
    await stagePod(page, "a").and(page.locator("[data-phase=running]")).waitFor({ timeout: 30_000 });
    await page.getByTestId("pause").click();
    const phases = await page.evaluate(() => window.__phases);
    assert.deepEqual(phases.map((p) => p.phase), ["pending", "adding", "running"]);
    const [, adding, running] = phases;
    if (reducedMotion === "reduce") {
      assert.equal(adding.animations, 0, "no animation with prefers-reduced-motion");
    } else {
      assert.ok(adding.animations > 0, "the ADD animates");
    }
    // ADD to status.podIPs is 5 ms of virtual time; at 1x the moment is held 0.6 s on screen.
    assert.ok(running.at - adding.at >= 400, `a was adding for ${Math.round(running.at - adding.at)} ms`);
    assertClean();
  }
});

test("picking on the stage opens details and marks the log; the keyboard reaches nodes and pods", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?step=7`);
  await settled(page);
  await stagePod(page, "b").click();
  await page.getByTestId("pod-view").waitFor();
  assert.match(await page.getByTestId("pod-view").textContent(), /inet 10\.244\.1\.3\/24/);
  const related = await page.locator(".event.related .event-object").allTextContents();
  assert.ok(related.length > 0 && related.every((o) => o === "pod/b"), `b's log entries are marked: ${related}`);
  await page.getByTestId("pod-view").getByRole("button").click();
  await stageNode(page, "kind-worker2").click({ position: { x: 20, y: 20 } });
  assert.equal(await page.getByTestId("node").first().getAttribute("data-node"), "kind-worker2", "its card comes first");
  // Tab reaches a stage node; Enter picks it.
  await stageNode(page, "kind-control-plane").locator(".node-head").focus();
  await page.keyboard.press("Enter");
  assert.equal(await page.getByTestId("node").first().getAttribute("data-node"), "kind-control-plane");
  await stagePod(page, "a").focus();
  await page.keyboard.press("Enter");
  assert.match(await page.getByTestId("pod-view").textContent(), /inet 10\.244\.1\.2\/24/);
  // Selecting an event in the log marks what it touched on the stage.
  await page.getByTestId("event-log").locator("li", { hasText: "host-local reserved 10.244.1.3" }).first().locator("button").click();
  assert.match(await page.locator("[data-testid=stage-file][data-file='10.244.1.3']").getAttribute("class"), /\btouched\b/);
  assert.match(await stagePod(page, "b").getAttribute("class"), /\btouched\b/);
  assert.match(await stageNode(page, "kind-worker").getAttribute("class"), /\btouched\b/);
  await page.getByTestId("event-log").locator("li", { hasText: "AllocateNext: 10.244.2.0/24" }).first().locator("button").click();
  assert.match(await page.locator("[data-testid=stage-cidr-cell][data-index='2']").getAttribute("class"), /\btouched\b/);
  const names = await page.locator("[data-testid=stage] [tabindex='0']").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
  assert.ok(names.length >= 6 && names.every((n) => n && n.length > 0), "every focusable shape has a name");
  assertClean();
});

test("the other tours: a pod without an address says host-local's text; a node without a subnet says CIDRNotAvailable", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await startTour(page, "exhaustion");
  await tourStep(page, 1);
  assert.equal(await stagePod(page, "p6").getAttribute("data-phase"), "pending");
  assert.match(await page.getByTestId("stage").textContent(), /FailedCreatePodSandBox[\s\S]*no IP addresses available in range set/);
  await page.screenshot({ path: `${ARTIFACTS}/stage-exhaustion.png` });

  await startTour(page, "planning");
  await tourStep(page, 2);
  assert.equal(await page.getByTestId("stage-node").count(), 5);
  assert.match(await stageNode(page, "node-e").textContent(), /CIDRNotAvailable/);
  await page.screenshot({ path: `${ARTIFACTS}/stage-planning.png` });
  assertClean();
});

test("a cluster of many nodes is drawn as tiles, one zoomed in; a tile picks the node", async () => {
  const lines = ["cluster --cluster-cidr=10.0.0.0/16 --node-cidr-mask-size=24"];
  for (let i = 0; i < 40; i++) lines.push(`node add n${String(i).padStart(2, "0")}`);
  lines.push("wait 2s", "pod add-many web --node=n07 --count=30", "wait 2s");
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?scenario=${encodeURIComponent(lines.join("\n"))}&t=4s`);
  await settled(page);
  assert.equal(await page.getByTestId("stage-tile").count(), 40);
  assert.equal(await page.getByTestId("stage-node").count(), 1);
  assert.equal(await stageNode(page, "n07").count(), 1, "the busiest node is zoomed in");
  assert.equal(await stageNode(page, "n07").getByTestId("stage-pod").count(), 30);
  await page.locator("[data-testid=stage-tile][data-node=n31]").click();
  await stageNode(page, "n31").waitFor();
  assert.match(await stageNode(page, "n31").textContent(), /10\.0\.31\.0\/24/);
  await page.screenshot({ path: `${ARTIFACTS}/stage-tiles.png` });
  assertClean();
});

test("the kcm-restart tour: a fresh subnet before the restart, the lowest free one after it", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kcm-restart&quiz=0`);
  await settled(page);
  await tourStep(page, 2); // node-d joins
  assert.match(await stageNode(page, "node-d").textContent(), /10\.244\.3\.0\/24/);
  await tourStep(page, 2); // after the restart, node-e joins
  assert.match(await page.getByTestId("step-count").textContent(), /step 4 of 4/);
  assert.match(await stageNode(page, "node-e").textContent(), /10\.244\.1\.0\/24/);
  assert.equal(await page.locator("[data-testid=stage-cidr-cell][data-index='1']").getAttribute("data-owner"), "node-e");
  await page.screenshot({ path: `${ARTIFACTS}/stage-kcm-restart.png` });
  assertClean();
});

test("the max-pods tour: the planner flags 110 pods on a /26; the 62nd pod fails in host-local, then gets .2", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=max-pods&quiz=0`);
  await settled(page);
  assert.match(await page.locator(".settings").textContent(), /more than a node's usable addresses/);
  await tourStep(page, 3); // web-62's sandbox fails
  assert.equal(await stagePod(page, "web-62").getAttribute("data-phase"), "pending");
  assert.match(await page.getByTestId("stage").textContent(), /web-62: FailedCreatePodSandBox[\s\S]*no IP addresses available in range set/);
  await tourStep(page, 2); // its retry
  assert.match(await page.getByTestId("step-count").textContent(), /step 5 of 5/);
  assert.ok(["adding", "running"].includes(await stagePod(page, "web-62").getAttribute("data-phase")));
  assert.match(await stagePod(page, "web-62").textContent(), /10\.244\.0\.2\b/);
  assertClean();
});

/** The smallest a visible text of the stage is drawn, in CSS px (its font size times the picture's scale). */
const smallestText = (page) =>
  page.getByTestId("stage").evaluate((stage) =>
    Math.min(...[...stage.querySelectorAll("svg text")]
      .filter((t) => t.getClientRects().length > 0 && !t.classList.contains("sr-only"))
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)));

test("no stage label is drawn below 11 px, from a phone to a projector; dual stack shows both families", async () => {
  for (const viewport of [{ width: 1024, height: 768 }, { width: 1280, height: 800 }, { width: 1920, height: 1080 }, { width: 390, height: 844 }, { width: 844, height: 390 }]) {
    for (const query of ["tour=kind&step=5", "tour=dual-stack&step=3", "tour=reboot-leak&step=9&lang=ja"]) {
      const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?${query}&quiz=0`, viewport);
      await settled(page);
      await page.locator("[data-testid=stage-node]").first().waitFor();
      const smallest = await smallestText(page);
      assert.ok(smallest >= 10.99, `${query} at ${viewport.width} × ${viewport.height}: a label at ${smallest.toFixed(2)} px`);
      if (query.startsWith("tour=dual-stack")) {
        const strips = await page.locator("[data-testid=stage] .cidrset").evaluateAll((els) => els.map((el) => el.dataset.clusterCidr));
        assert.deepEqual(strips, ["10.244.0.0/16", "fd00:10:244::/56"]);
        const routes = await page.locator("[data-testid=stage-route][data-pod=a]").evaluateAll((els) => els.map((el) => el.dataset.route));
        assert.deepEqual(routes, ["10.244.1.2/32", "fd00:10:244:1::2/128"]);
        assert.match(await stagePod(page, "a").getAttribute("aria-label"), /10\.244\.1\.2, fd00:10:244:1::2/);
      }
      await page.getByTestId("stage").screenshot({ path: `${ARTIFACTS}/stage-${query.split("&")[0].slice(5)}-${viewport.width}x${viewport.height}.png` });
      assertClean();
      await page.close();
    }
  }
});
