// The visualizer in a release build: the kind tour's exact addresses and the 2.3 s DEL lag, the other
// tours, the actions, the editor, and a bad mask — with screenshots kept in e2e/artifacts/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, shows, startTour, tourStep, runBuiltin, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const node = (page, name) => page.locator(`[data-testid=node][data-node="${name}"]`);
const pod = (page, name) => page.locator(`[data-testid=pod][data-pod="${name}"]`);
const podIp = (page, name) => pod(page, name).locator(".pod-ip").textContent();
const clock = async (page) => Number((await page.getByTestId("clock").textContent()).match(/t = ([\d.]+) s/)[1]);
const files = async (page, nodeName) =>
  node(page, nodeName).locator("[data-testid=ipam-dir] .file summary").allTextContents();

test("kind tour: /24 per node, .2 .3 .4, b's file, veth and route go 2.3 s after its object, d gets .5", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await startTour(page, "kind");
  await tourStep(page, 2);
  assert.equal(await node(page, "kind-control-plane").locator(".podcidr code").textContent(), "10.244.0.0/24");
  assert.equal(await node(page, "kind-worker").locator(".podcidr code").textContent(), "10.244.1.0/24");
  assert.equal(await node(page, "kind-worker2").locator(".podcidr code").textContent(), "10.244.2.0/24");

  await tourStep(page, 5); // step 7: c has its address
  assert.equal(await podIp(page, "a"), "10.244.1.2");
  assert.equal(await podIp(page, "b"), "10.244.1.3");
  assert.equal(await podIp(page, "c"), "10.244.1.4");
  assert.deepEqual(await files(page, "kind-worker"), ["10.244.1.2", "10.244.1.3", "10.244.1.4", "last_reserved_ip.0", "lock"]);
  assert.equal(await node(page, "kind-worker").getByTestId("veth").count(), 3);
  // kindnetd's conflist opens under its badge, with the node's podCIDR as host-local's range.
  const conflist = node(page, "kind-worker").getByTestId("conflist");
  await conflist.locator("summary").click();
  assert.match(await conflist.locator("pre").textContent(), /\[ \{ "subnet": "10\.244\.1\.0\/24" \} \]/);
  assert.match(await conflist.locator("pre").textContent(), /"type": "ptp"[\s\S]*"type": "portmap"/);
  await page.screenshot({ path: `${ARTIFACTS}/kind-abc.png`, fullPage: true });

  await tourStep(page, 1); // step 8: b's object is gone, its network is not
  const deletedAt = await clock(page);
  assert.equal(await pod(page, "b").count(), 0);
  assert.match(await page.getByTestId("countdown").textContent(), /CNI DEL in 2\.300 s/);
  assert.ok((await files(page, "kind-worker")).includes("10.244.1.3"));
  // b's veth pair stays until CNI DEL: the Chinese article counts the worker's veths during the lag.
  assert.equal(await node(page, "kind-worker").getByTestId("veth").count(), 3);
  assert.match(await node(page, "kind-worker").locator(".routes pre").textContent(), /10\.244\.1\.3 dev veth[0-9a-f]{8} scope host/);
  await page.screenshot({ path: `${ARTIFACTS}/kind-b-deleted.png`, fullPage: true });

  await tourStep(page, 1); // step 9: CNI DEL
  assert.equal(Math.round((await clock(page) - deletedAt) * 1000), 2300);
  assert.ok(!(await files(page, "kind-worker")).includes("10.244.1.3"));
  assert.doesNotMatch(await node(page, "kind-worker").locator(".routes pre").textContent(), /10\.244\.1\.3 /);
  assert.equal(await page.getByTestId("countdown").count(), 0);
  assert.equal(await node(page, "kind-worker").getByTestId("veth").count(), 2);

  await tourStep(page, 1); // step 10: d
  assert.equal(await podIp(page, "d"), "10.244.1.5");
  assert.match(await page.getByTestId("step-text").textContent(), /not b's \.3/);
  await page.screenshot({ path: `${ARTIFACTS}/kind-d.png`, fullPage: true });

  // Pointing at an address of the grid names it: b's freed .3, and .6 after last_reserved_ip (d's .5).
  const worker = node(page, "kind-worker");
  const grid = worker.locator("svg.address-grid");
  await grid.scrollIntoViewIfNeeded();
  const box = await grid.boundingBox();
  const pointAt = async (index) => {
    await page.mouse.move(box.x + ((index % 32) + 0.5) * (box.width / 32), box.y + (Math.floor(index / 32) + 0.5) * (box.height / 8));
    return worker.locator(".grid-readout").textContent();
  };
  assert.equal(await pointAt(3), "10.244.1.3 — freed, waits for the wrap");
  assert.equal(await pointAt(5), "10.244.1.5 — reserved");
  assert.equal(await pointAt(6), "10.244.1.6 — free — next candidate after last_reserved_ip");
  assert.equal(await pointAt(255), "10.244.1.255 — broadcast");

  // Selecting an event names the upstream code it models and marks what it touched.
  const select = (text) => page.getByTestId("event-log").locator("li", { hasText: text }).first().locator("button").click();
  const touched = (name) => node(page, name).locator(".touched").evaluateAll((els) => els.map((el) => el.dataset.file ?? el.dataset.pod ?? el.textContent));
  await select("AllocateNext: 10.244.1.0/24");
  assert.match(await page.getByTestId("upstream").textContent(), /AllocateNext in kubernetes\/kubernetes\/pkg\/controller\/nodeipam\/ipam\/cidrset\/cidr_set\.go/);
  assert.match(await node(page, "kind-worker").getAttribute("class"), /\btouched\b/);
  assert.deepEqual(await touched("kind-worker"), []);
  assert.deepEqual(await page.locator(".map-cell.touched").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label"))), ["10.244.1.0/24 — 1 of 1 subnets used by kind-worker"]);
  await select("host-local reserved 10.244.1.5");
  assert.deepEqual(await touched("kind-worker"), ["10.244.1.5", "d"]);
  // .5 is the grid's sixth address: column 5 of the first row, 10 units a cell.
  assert.equal(await worker.getByTestId("grid-touched").getAttribute("d"), "M50 0h10v10h-10z");
  await select("node route: 10.244.1.5");
  assert.deepEqual(await touched("kind-worker"), ["d", await worker.locator("pre .touched").textContent()]);
  assert.match(await worker.locator("pre .touched").textContent(), /^10\.244\.1\.5 dev veth[0-9a-f]{8} scope host$/);
  assert.deepEqual(await touched("kind-control-plane"), []);
  assert.doesNotMatch(await node(page, "kind-control-plane").getAttribute("class"), /\btouched\b/);
  await worker.screenshot({ path: `${ARTIFACTS}/kind-touched-route.png` });
  assertClean();
});

test("kind-measured: the Chinese measurement's numbers, .189–.192 and eth0@if704 ↔ veth…@if11", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await runBuiltin(page, "kind-measured");
  // After the history and a, b, c: scrub to 31 s, once the scrubber spans the loaded run.
  assert.ok(Number(await page.getByTestId("scrubber").getAttribute("max")) >= 31000, "the run reaches 31 s");
  await page.getByTestId("scrubber").evaluate((el) => {
    el.value = "31000";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await settled(page);
  await shows(page, "clock", /^t = 31\.000 s/);
  assert.equal(await clock(page), 31);
  assert.equal(await podIp(page, "a"), "10.244.1.189");
  assert.equal(await podIp(page, "b"), "10.244.1.190");
  assert.equal(await podIp(page, "c"), "10.244.1.191");
  assert.match(await pod(page, "a").textContent(), /eth0@if704/);
  assert.match(await pod(page, "a").textContent(), /veth[0-9a-f]{8}@if11/);
  assert.deepEqual(await files(page, "kind-worker"), ["10.244.1.189", "10.244.1.190", "10.244.1.191", "last_reserved_ip.0", "lock"]);
  await node(page, "kind-worker").screenshot({ path: `${ARTIFACTS}/kind-measured-worker.png` });
  assertClean();
});

// Layout shifts while a tour plays, as the browser scores them (the layout-shift entries behind CLS),
// named by the element that moved. What may move: the event log's rows (newest first, so each entry
// pushes the older ones down) and what lies below the node cards when a node joins (the cards grow at
// the end of the column). Nothing else: not the narration, the actions, the settings, the log's card.
async function shiftsWhilePlaying(page, { question = false } = {}) {
  await page.evaluate((question) => {
    window.__moved = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        for (const source of entry.sources) {
          const element = source.node?.nodeType === 1 ? source.node : source.node?.parentElement;
          if (element?.closest(".nodes, .card.map, .pod-view")) continue;
          // A question asked is put first in the step's words, by design: what is below it there moves.
          if (question && element?.closest(".narration-body")) continue;
          // Sub-pixel jitter (a label's width by 0.9 px as its text changes) is no visible move.
          const [was, is] = [source.previousRect, source.currentRect];
          if (Math.max(Math.abs(was.x - is.x), Math.abs(was.y - is.y), Math.abs(was.width - is.width), Math.abs(was.height - is.height)) < 1) continue;
          const name = element ? `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}` : "(a removed node)";
          window.__moved.push(`${name} "${(element?.textContent ?? "").slice(0, 30)}": (${source.previousRect.x}, ${source.previousRect.y}) → (${source.currentRect.x}, ${source.currentRect.y}), ${source.previousRect.width} × ${source.previousRect.height} → ${source.currentRect.width} × ${source.currentRect.height}`);
        }
      }
    }).observe({ type: "layout-shift" });
  }, question);
  await page.getByTestId("speed").selectOption({ label: "4×" });
  // Pressed from the page's own script: a shift within 500 ms of a real input is not counted by the
  // browser, and the first step comes that soon.
  await page.evaluate(() => document.querySelector("[data-testid=play]").click());
  await page.getByTestId("pause").waitFor();
  await page.getByTestId("play").waitFor({ timeout: 30_000 });
  return page.evaluate(() => window.__moved);
}

test("playing shows in turn the steps that happen at one moment (pod a's file, veth and route)", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&step=3&quiz=0`);
  await settled(page);
  await shows(page, "step-count", "step 3 of");
  // Every step the narration shows from here, frame by frame, until step 7.
  await page.evaluate(() => {
    window.__steps = [];
    const look = () => {
      const step = document.querySelector("[data-testid=step-count]")?.textContent.match(/step (\d+) of/)?.[1];
      if (step && window.__steps.at(-1) !== step) window.__steps.push(step);
      if (step !== "7") requestAnimationFrame(look);
    };
    look();
  });
  await page.getByTestId("play").click();
  await shows(page, "step-count", "step 7 of");
  await page.getByTestId("pause").click();
  assert.deepEqual(await page.evaluate(() => window.__steps), ["3", "4", "5", "6", "7"]);
  assertClean();
});

test("the page holds still while a tour plays: narration, actions, the log's rows and settings keep their places", async () => {
  // With the questions on, playing stops at the first one: the question must not move the lines above it.
  for (const [viewport, tour, quiz] of [[{ width: 1280, height: 800 }, "kind", 0], [{ width: 1280, height: 800 }, "kind", 1], [{ width: 1280, height: 800 }, "exhaustion", 0], [{ width: 390, height: 844 }, "kind", 0]]) {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=${tour}&quiz=${quiz}`, viewport);
    await settled(page);
    await page.getByTestId("narration").waitFor();
    await page.getByTestId("event-log").waitFor({ state: "attached" });
    const moved = await shiftsWhilePlaying(page, { question: quiz === 1 });
    assert.deepEqual(moved, [], `${tour} (quiz=${quiz}) at ${viewport.width} px: these moved`);
    assertClean();
    await page.close();
  }
});

test("the event log follows the newest entry; scrolled up, its rows stay put with no blank above them", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&quiz=0`);
  await settled(page);
  await page.getByTestId("cluster-cidr").waitFor();
  await page.getByTestId("speed").selectOption({ label: "4×" });
  await page.getByTestId("play").click();
  await page.getByTestId("play").waitFor({ timeout: 30_000 });
  const log = page.getByTestId("event-log");
  // Oldest first: the newest entry is the last row, and the list is scrolled to it once drawn.
  await page
    .waitForFunction(() => {
      const el = document.querySelector("[data-testid=event-log]");
      return /NodeRouteAdded/.test(el.lastElementChild?.textContent) && el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    }, null, { timeout: 10_000 })
    .catch(() => {});
  const end = await log.evaluate((el) => ({
    last: el.lastElementChild.textContent,
    atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 2,
  }));
  assert.match(end.last, /NodeRouteAdded/);
  assert.ok(end.atEnd, "the log follows the newest entry");
  // Scrolling up takes away the space the rows that left had kept: a row on screen stays where it is.
  const moved = await log.evaluate(async (el) => {
    const probe = el.children[el.children.length - 3];
    el.scrollTop -= 100;
    const was = probe.getBoundingClientRect().top;
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    return Math.abs(probe.getBoundingClientRect().top - was);
  });
  assert.ok(moved < 1, `a row on screen moved by ${moved} px as the reader scrolled`);
  await log.evaluate((el) => (el.scrollTop = 0));
  assert.match(await log.evaluate((el) => el.firstElementChild.className), /\bevent\b/, "the first row, not a blank, is at the top");
  await log.screenshot({ path: `${ARTIFACTS}/kind-log-scrolled-up.png` });
  assertClean();
});

test("the other tours tell their stories", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  const cases = [
    ["planning", /CIDRNotAvailable/],
    ["exhaustion", /no IP addresses available in range set: 10\.0\.0\.1-10\.0\.0\.6/],
    ["dual-stack", /fd00:10:244:1::\/64/],
  ];
  for (const [name, expected] of cases) {
    await startTour(page, name);
    await page.getByTestId("speed").selectOption({ label: "instant" });
    await page.getByTestId("play").click();
    // Played to its end: the clock at the horizon, back to paused.
    await page.waitForFunction(() => /^t = ([\d.]+) s \/ \1 s$/.test(document.querySelector("[data-testid=clock]").textContent));
    await page.getByTestId("play").waitFor();
    assert.match(await page.locator("main").textContent(), expected, name);
    await page.screenshot({ path: `${ARTIFACTS}/tour-${name}.png`, fullPage: true });
  }
  assertClean();
});

test("actions: add a node, add a pod, delete it immediately", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await settled(page);
  await page.getByTestId("speed").selectOption({ label: "instant" });
  await page.getByTestId("play").click();
  await page.waitForFunction(() => /^t = ([\d.]+) s \/ \1 s$/.test(document.querySelector("[data-testid=clock]").textContent));
  await page.getByTestId("play").waitFor();
  // Each press once the page shows what the one before asked (a step is refused while work is in hand).
  const press = async (testId) => {
    await page.getByTestId(testId).click();
    await settled(page);
  };

  await press("add-node");
  for (let i = 0; i < 4; i++) await press("step");
  assert.equal(await node(page, "node-1").locator(".podcidr code").textContent(), "10.244.3.0/24");

  await page.getByTestId("pod-node-select").selectOption("kind-worker");
  await press("add-pod");
  for (let i = 0; i < 6; i++) await press("step");
  assert.equal(await podIp(page, "pod-1"), "10.244.1.6");

  await pod(page, "pod-1").getByRole("button", { name: "delete pod pod-1" }).click();
  await settled(page);
  assert.equal(await pod(page, "pod-1").count(), 0);
  assert.match(await page.getByTestId("countdown").textContent(), /CNI DEL in 2\.300 s/);
  await page.screenshot({ path: `${ARTIFACTS}/actions.png`, fullPage: true });
  assertClean();
});

test("a bad mask shows upstream's text and keeps the cluster; the editor reports lines", async () => {
  const { page, assertClean } = await openPage(shared.browser, shared.server.url);
  await settled(page);
  await page.getByTestId("node-mask").fill("abc");
  assert.match(
    await page.getByTestId("settings-error").textContent(),
    /invalid argument "abc" for "--node-cidr-mask-size" flag: strconv\.ParseInt: parsing "abc": invalid syntax/,
  );
  await page.getByTestId("scenario-editor").fill("cluster --cluster-cidr=10.244.0.0/16\nnode add\n");
  await page.getByTestId("run-scenario").click();
  await shows(page, "scenario-error", /^line 2: /);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}/mobile-390.png`, fullPage: true });
  assertClean();
});
