// Every word is on the picture: at a tour stop in the presenter view, on a 1024 × 768 and a 1920 × 1080
// projector, what the step's words name is drawn — found by its `data-shows` name (docs/architecture.md),
// inside the window, not under the question card, not cut, and at 14 px or more. One browser runs the
// whole matrix, a new page per case; every wait is for a state shown, never for a time.
//   node --test --test-reporter=spec e2e/pictures.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServerAndBrowser, settled, shows, ARTIFACTS } from "./harness.mjs";

const shared = useServerAndBrowser();

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
];

/** Each stop (kind: 6 a-route, 8 b-deleted; kubeadm-flannel: 1 subnet-env, 6 b-deleted, 7 b-released;
 *  node-network: 3 route-to-kind-worker2, 5 db-running) and what its words name there: the node it is on and its `data-shows` name. `press`: the
 *  number of PageDowns after the link (one brings up the question asked before the next step). */
const CASES = [
  { tour: "kind", step: 6, node: "kind-worker", shows: ["veth-address:10.244.1.1/32"] },
  { tour: "kind", step: 8, node: "kind-worker", shows: ["ip-file:b", "ip-file:10.244.1.3"] },
  { tour: "kubeadm-flannel", step: 1, node: "worker-1", shows: ["subnet-env:10.244.1.1/24"] },
  { tour: "kubeadm-flannel", step: 6, node: "worker-1", shows: ["ip-file:b"] },
  // The question before step 7 is up: the squeezed stage keeps the gateway and flannel.1's route.
  {
    tour: "kubeadm-flannel", step: 6, press: 1, node: "worker-1",
    shows: ["gateway:10.244.1.1/24", "route-dev:flannel.1", "route:10.244.2.0/24"],
  },
  { tour: "kubeadm-flannel", step: 7, node: "worker-1", shows: ["neighbour:10.244.1.3", "neighbour-state:10.244.1.3:STALE"] },
  { tour: "node-network", step: 3, node: "kind-worker", shows: ["route:10.244.2.0/24", "route:10.244.0.0/24"] },
  { tour: "node-network", step: 5, node: null, shows: ["packet:web>db"] },
];

/** What the page draws of `name` (within node `node`'s box): whether it is there, its box, whether a
 *  text of it is cut, its smallest rendered type, and the question card's box. */
function drawn(page, node, name) {
  return page.evaluate(
    ([node, name]) => {
      const scope = node ? document.querySelector(`[data-testid=stage-node][data-node="${node}"]`) : document;
      const el = scope?.querySelector(`[data-shows~="${name}"]`);
      if (!el) return { found: false };
      const box = el.getBoundingClientRect();
      const texts = [...el.querySelectorAll("text"), ...(el.tagName === "text" ? [el] : [])];
      const sizes = texts.map((t) => {
        const svg = t.ownerSVGElement;
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return parseFloat(getComputedStyle(t).fontSize) * scale;
      });
      const card = document.querySelector(".quiz")?.getBoundingClientRect();
      return {
        found: true,
        box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
        cut: texts.some((t) => t.textContent.includes("…")),
        smallest: sizes.length ? Math.min(...sizes) : null,
        card: card && card.height > 0 ? { left: card.left, top: card.top, right: card.right, bottom: card.bottom } : null,
        window: { width: innerWidth, height: innerHeight },
      };
    },
    [node, name],
  );
}

test("at each stop the presenter view draws what the step's words name, whole and readable", async () => {
  const failures = [];
  for (const size of SIZES) {
    for (const c of CASES) {
      const context = await shared.browser.newContext({ viewport: size });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (err) => errors.push(err.message));
      const at = `${c.tour} step ${c.step}${c.press ? ` + ${c.press} press` : ""} at ${size.width}×${size.height}`;
      await page.goto(`${shared.server.url}?tour=${c.tour}&step=${c.step}&present=1`);
      await settled(page);
      await page.locator(".app.presenting").waitFor();
      await shows(page, "step-count", `step ${c.step} of`);
      for (let i = 0; i < (c.press ?? 0); i++) {
        await page.keyboard.press("PageDown");
        await page.getByTestId("quiz").waitFor();
      }
      // The stage drawn for the room it was given (it measures, then lays out).
      await page.locator("[data-testid=stage] svg").waitFor();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (const name of c.shows) {
        const d = await drawn(page, c.node, name);
        if (!d.found) {
          failures.push(`${at}: ${name} is not drawn`);
          continue;
        }
        const { box, window: w } = d;
        if (box.left < 0 || box.top < 0 || box.right > w.width + 0.5 || box.bottom > w.height + 0.5) {
          failures.push(`${at}: ${name} lies outside the window (${JSON.stringify(box)})`);
        }
        const card = d.card;
        if (card && box.left < card.right && box.right > card.left && box.top < card.bottom && box.bottom > card.top) {
          failures.push(`${at}: ${name} is under the question card`);
        }
        if (d.cut) failures.push(`${at}: ${name} is cut`);
        if (d.smallest !== null && d.smallest < 13.9) failures.push(`${at}: ${name} is set at ${d.smallest.toFixed(1)} px`);
      }
      if (failures.length) await page.screenshot({ path: `${ARTIFACTS}/pictures-${c.tour}-${c.step}-${size.width}.png` });
      assert.deepEqual(errors, [], `${at}: page errors`);
      await context.close();
    }
  }
  assert.deepEqual(failures, []);
});

test("node-network's packet passes every hop from web's eth0 to db", async () => {
  for (const size of SIZES) {
    const context = await shared.browser.newContext({ viewport: size });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}?tour=node-network&step=5&present=1`);
    await settled(page);
    await shows(page, "step-count", "step 5 of");
    const packet = page.locator('[data-shows~="packet:web>db"]');
    await packet.waitFor({ state: "attached" });
    const hops = await packet.locator("circle").evaluateAll((dots) => dots.map((d) => d.dataset.shows));
    assert.deepEqual(hops, [
      "hop:pod:kind-worker:web",
      "hop:veth:kind-worker:web",
      "hop:route:kind-worker:10.244.2.0/24",
      "hop:route:kind-worker2:10.244.2.2/32",
      "hop:veth:kind-worker2:db",
      "hop:pod:kind-worker2:db",
    ], `at ${size.width}×${size.height}`);
    await context.close();
  }
});
