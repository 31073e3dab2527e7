// What a CKA cohort reads on a real cluster, in the presenter view at 1024 × 768 and 1920 × 1080:
// node-network's first step draws kind-worker NotReady and web waiting with the kubelet's own Event
// (NetworkNotReady, no sandbox tried), both whole and inside the window, and the C key
// shows, on one line under the caption and inside the window, the command that
// shows the step on a real cluster; C again hides it.
//   node --test --test-reporter=spec e2e/commands.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, openPage, settled, shows, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

test("node-network's first step: NetworkNotReady on web, and its command on C", async () => {
  const size = { width: 1024, height: 768 };
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=node-network&step=1&present=1&quiz=0`, size);
  await settled(page);
  await page.locator(".app.presenting").waitFor();
  await shows(page, "step-count", "step 1 of");

  const stage = await page.getByTestId("stage").textContent();
  assert.match(stage, /web: NetworkNotReady/);
  assert.doesNotMatch(stage, /FailedCreatePodSandBox/, "the kubelet tried no sandbox");

  assert.equal(await page.getByTestId("step-command").count(), 0, "hidden until asked for");
  await page.keyboard.press("c");
  const command = page.getByTestId("step-command");
  await command.waitFor();
  assert.equal(await command.textContent(), "$ kubectl describe pod web");
  const box = await command.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width, `inside the window: ${JSON.stringify(box)}`);
  const uncut = await command.evaluate((el) => el.scrollWidth <= el.clientWidth);
  assert.ok(uncut, "the command is not cut");
  const fontPx = await command.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  assert.ok(fontPx >= 14, `${fontPx}px`);
  await page.screenshot({ path: `${ARTIFACTS}/commands-node-network-1-1024x768.png` });

  // The next presses (the step's words may take two pages): the command follows the step.
  for (let i = 0; i < 3 && !(await page.getByTestId("step-count").textContent()).includes("step 2 of"); i++) {
    await page.keyboard.press("PageDown");
    await settled(page);
  }
  await shows(page, "step-count", "step 2 of");
  await shows(page, "step-command", "ls /etc/cni/net.d");
  await page.screenshot({ path: `${ARTIFACTS}/commands-node-network-2-1024x768.png` });

  await page.keyboard.press("C");
  await page.getByTestId("step-command").waitFor({ state: "detached" });
  assertClean();
});

for (const size of [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
  test(`node-network's first step at ${size.width} × ${size.height}: NotReady and NetworkNotReady whole in the window`, async () => {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=node-network&present=1&step=1`, size);
    await settled(page);
    await page.locator(".app.presenting").waitFor();
    const notReady = page.locator('[data-testid=stage-node][data-node="kind-worker"] [data-testid=stage-not-ready]');
    await notReady.waitFor();
    const failure = page.locator('[data-testid=stage-node][data-node="kind-worker"] text.failure');
    await failure.waitFor();
    const drawn = async (locator, what) => {
      // What is drawn, without the title a pointer shows.
      const text = await locator.evaluate((el) => [...el.childNodes].filter((n) => n.nodeName !== "title").map((n) => n.textContent).join(""));
      const box = await locator.boundingBox();
      assert.ok(box, `${what} is drawn`);
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height,
        `${what} inside the window: ${JSON.stringify(box)}`);
      return text;
    };
    assert.match(await drawn(notReady, "NotReady"), /^NotReady/);
    const line = await drawn(failure, "web's failure");
    assert.match(line, /^web: NetworkNotReady/);
    // The reason is never cut, and neither is the kubelet's message: it is whole or left to the title.
    assert.doesNotMatch(line, /…/, `uncut: ${line}`);
    await page.screenshot({ path: `${ARTIFACTS}/commands-node-network-1-${size.width}x${size.height}-notready.png` });
    assertClean();
  });
}

// kubeadm init without a CNI: coredns' pods, left to the scheduler, are on no node — listed outside the
// nodes with the scheduler's FailedScheduling until kube-flannel's conflist makes the node Ready.
test("coredns-pending: the unscheduled pods outside the nodes, then in the Ready node's box", async () => {
  const size = { width: 1280, height: 800 };
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=coredns-pending&t=10s`, size);
  await settled(page);
  await shows(page, "stage-unscheduled", "coredns-1, coredns-2");
  const line = page.getByTestId("stage-unscheduled");
  assert.match(await line.textContent(), /FailedScheduling: 0\/1 nodes are available: 1 node\(s\) had untolerated taint \{node\.kubernetes\.io\/not-ready: \}/);
  assert.equal(await page.locator('[data-testid=stage-node][data-node="control-plane"] [data-testid=stage-not-ready]').count(), 1);
  const box = await line.boundingBox();
  assert.ok(box && box.y + box.height <= size.height, `inside the window: ${JSON.stringify(box)}`);
  await page.screenshot({ path: `${ARTIFACTS}/commands-coredns-pending-10s.png` });

  const { page: later } = await openPage(shared.browser, `${shared.server.url}?tour=coredns-pending&t=25s`, size);
  await settled(later);
  await later.locator('[data-testid=stage-node][data-node="control-plane"]').filter({ hasText: "coredns-2" }).waitFor();
  assert.equal(await later.getByTestId("stage-unscheduled").count(), 0);
  await later.screenshot({ path: `${ARTIFACTS}/commands-coredns-pending-25s.png` });
  assertClean();
});
