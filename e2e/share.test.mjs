// In a release build: shared links reproduce a view, embed mode and its height messages, the
// three languages, keyboard-only operation, hostile links, and an axe-core audit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useServerAndBrowser, openPage, settled, startTour, tourStep, ARTIFACTS, axeViolations, animationsEnded } from "./harness.mjs";

const shared = useServerAndBrowser();

/** What a learner sees of the cluster: the clock, every node's podCIDR and every pod's address. */
async function view(page) {
  return page.evaluate(() => ({
    clock: document.querySelector("[data-testid=clock]")?.textContent,
    nodes: [...document.querySelectorAll("[data-testid=node]")].map((n) => `${n.dataset.node} ${n.querySelector(".podcidr")?.textContent}`),
    pods: [...document.querySelectorAll("[data-testid=pod]")].map((p) => `${p.dataset.pod} ${p.querySelector(".pod-ip")?.textContent}`),
    files: [...document.querySelectorAll("[data-testid=ipam-dir] .file summary")].map((f) => f.textContent),
  }));
}

test("a shared link reproduces the same addresses at the same time, with settings and a scenario", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await startTour(page, "kind");
  await tourStep(page, 7);
  // Change a setting: the link carries it as a readable parameter.
  await page.getByTestId("node-mask").fill("25");
  await settled(page);
  await page.getByTestId("copy-link").click();
  const link = await page.getByTestId("link").inputValue();
  // The tour is the link's page (`tour/kind/`, rendered at build time); the rest is its query.
  assert.match(new URL(link).pathname, /\/tour\/kind\/$/);
  assert.match(link, /[?&]node-mask=25(&|$)/);
  assert.match(link, /[?&]t=[\d.]+m?s(&|$)/);
  // The address bar follows the view while paused, so a reload or a bookmark keeps it too.
  assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, new URL(link).pathname + new URL(link).search);
  const before = await view(page);
  assert.ok(before.pods.some((p) => p.startsWith("c 10.244.0.")), JSON.stringify(before.pods));

  const { page: other, assertClean: otherClean } = await openPage(shared.browser, link);
  await settled(other);
  await other.getByTestId("narration").waitFor();
  assert.deepEqual(await view(other), before);
  assert.equal(await other.getByTestId("node-mask").inputValue(), "25");
  await other.screenshot({ path: `${ARTIFACTS}/shared-link.png` });

  // A scenario of one's own travels deflated in s=, and comes back byte for byte.
  // Each press once the page shows what the one before asked (a step is refused while work is in hand).
  for (const testId of ["add-node", "add-pod", "step"]) {
    await other.getByTestId(testId).click();
    await settled(other);
  }
  await other.getByTestId("copy-link").click();
  const ownLink = await other.getByTestId("link").inputValue();
  assert.match(ownLink, /[?&]s=[A-Za-z0-9_-]+/);
  const ownView = await view(other);
  const { page: third, assertClean: thirdClean } = await openPage(shared.browser, ownLink);
  await settled(third);
  await third.getByTestId("scenario-editor").waitFor();
  assert.equal(await third.getByTestId("scenario-editor").inputValue(), await other.getByTestId("scenario-editor").inputValue());
  assert.deepEqual(await view(third), ownView);
  assertClean();
  otherClean();
  thirdClean();
});

test("embed mode hides the page chrome, links to the full app and posts its height to the host", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?embed=1&tour=kind&controls=0`);
  await settled(page);
  await page.getByTestId("narration").waitFor();
  assert.equal(await page.locator(".masthead").count(), 0, "no masthead");
  assert.equal(await page.getByTestId("scenario-editor").count(), 0, "no editor");
  assert.equal(await page.getByTestId("play").count(), 0, "controls=0 hides the controls");
  assert.equal(await page.getByTestId("tour-kind").count(), 0, "no tour chooser");
  const full = await page.getByRole("link", { name: /Open in podip/ }).getAttribute("href");
  assert.match(full, /^\/tour\/kind\//);
  assert.doesNotMatch(full, /embed=1/);
  assertClean();

  // The example host page embeds the player twice and sizes each frame from its messages, heard from
  // the host's first script on (a player may post before the host's page has loaded).
  const host = await openPage(shared.browser, `${shared.server.url}embed-example.html`, { width: 1000, height: 900 }, () => {
    window.__heights = new Map();
    addEventListener("message", (e) => {
      if (e.data?.type !== "podip:height") return;
      const frame = [...document.querySelectorAll("iframe")].findIndex((f) => f.contentWindow === e.source);
      window.__heights.set(frame, e.data.height);
    });
  });
  await host.page.waitForFunction(() => window.__heights.size >= 2, null, { timeout: 30_000 }).catch(() => {});
  const heights = await host.page.evaluate(() => [...window.__heights.values()]);
  assert.ok(heights.length >= 2 && heights.every((h) => h > 100), `heights posted: ${heights}`);
  const frames = await host.page.locator("iframe").evaluateAll((fs) => fs.map((f) => f.getBoundingClientRect().height));
  assert.ok(frames.every((h) => h > 300), `frames sized: ${frames}`);
  const second = host.page.frameLocator("[data-testid=embed-exhaustion]");
  await second.getByTestId("narration").waitFor();
  assert.equal(await second.locator("html").getAttribute("lang"), "ja");
  assert.equal(await second.locator("html").getAttribute("data-theme"), "dark");
  await host.page.screenshot({ path: `${ARTIFACTS}/embed-example.png`, fullPage: true });
  host.assertClean();
});

test("each language renders the kind tour with every word in that language", async () => {
  const expected = {
    en: { lang: "en", play: "▶ play", tours: "Guided tours", script: /^[\x00-\x7F–—…×→←▶◀❚·’]*$/u },
    zh: { lang: "zh-Hans", play: "▶ 播放", tours: "导览", script: /[\u4e00-\u9fff]/u },
    ja: { lang: "ja", play: "▶ 再生", tours: "ガイドツアー", script: /[\u3040-\u30ff]/u },
  };
  for (const [tag, want] of Object.entries(expected)) {
    const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?tour=kind&lang=${tag}&quiz=0`);
    await settled(page);
    await page.getByTestId("narration").waitFor();
    await page.locator(`html[lang="${want.lang}"]`).waitFor({ state: "attached" });
    assert.equal(await page.locator("html").getAttribute("lang"), want.lang);
    assert.equal((await page.getByTestId("play").locator(":scope > :not(.sizer)").textContent()).trim(), want.play);
    assert.equal(await page.locator("#tours-title").textContent(), want.tours);
    for (let step = 0; step < 10; step++) {
      const text = await page.getByTestId("step-text").textContent();
      assert.ok(text.trim().length > 10, `${tag} step ${step} has narration`);
      assert.match(text, want.script, `${tag} step ${step}: ${text}`);
      // Terms stay as the tools print them.
      if (step === 4) assert.match(text, /last_reserved_ip\.0/);
      await page.getByTestId("tour-next").click();
      await settled(page);
    }
    assert.equal(await page.getByTestId("pod").filter({ hasText: "10.244.1.5" }).count(), 1, "d has .5");
    await page.screenshot({ path: `${ARTIFACTS}/kind-${tag}.png` });
    assertClean();
  }
  // The browser's language is used when the link names none.
  const context = await shared.browser.newContext({ locale: "ja-JP" });
  const page = await context.newPage();
  await page.goto(shared.server.url);
  await page.getByTestId("narration").waitFor();
  await page.locator("html[lang=ja]").waitFor({ state: "attached" });
  assert.equal(await page.locator("html").getAttribute("lang"), "ja");
  await context.close();
});

test("a language whose texts cannot be loaded leaves the page in English, saying why", async () => {
  // Chinese and Japanese are fetched from i18n/ (the wasm holds only English): switching fetches them,
  // and a failed fetch keeps the page readable.
  const page = await shared.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route("**/i18n/ja.json", (route) => route.fulfill({ status: 503, body: "" }));
  await page.goto(`${shared.server.url}?tour=kind&lang=ja`);
  await settled(page);
  await page.getByTestId("narration").waitFor();
  await page.getByTestId("lang-problem").waitFor();
  assert.equal(await page.locator("html").getAttribute("lang"), "en");
  assert.equal(await page.locator("#tours-title").textContent(), "Guided tours");
  assert.match(await page.getByTestId("lang-problem").textContent(), /日本語 texts could not be loaded \(i18n\/ja\.json: HTTP 503\)/);
  assert.equal(await page.getByTestId("lang").inputValue(), "en");
  // Chosen again in the switcher, it fails again, and the switcher shows the page's language.
  await page.getByTestId("lang-problem").getByRole("button").click();
  await page.getByTestId("lang").selectOption("ja");
  await page.getByTestId("lang-problem").waitFor();
  assert.equal(await page.getByTestId("lang").inputValue(), "en");
  assert.equal(await page.locator("#tours-title").textContent(), "Guided tours");
  await page.getByTestId("lang").selectOption("zh-Hans");
  await page.locator("#tours-title", { hasText: "导览" }).waitFor();
  assert.equal(await page.locator("html").getAttribute("lang"), "zh-Hans");
  assert.equal(await page.getByTestId("lang-problem").count(), 0);
  await page.close();
});

test("the kind tour works from the keyboard alone", async () => {
  const { page, assertClean } = await openPage(shared.browser, `${shared.server.url}?quiz=0`);
  await settled(page);
  await page.getByTestId("narration").waitFor();
  // Tab to the kind tour's button and press Enter.
  let focused = "";
  for (let i = 0; i < 40 && focused !== "tour-kind"; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.dataset?.testid ?? "");
  }
  assert.equal(focused, "tour-kind", "the tour button is reachable with Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, "none", "focus is visible");
  await page.keyboard.press("Enter");
  await settled(page);
  // → steps to the next event, ← back; the live region announces each step.
  await page.keyboard.press("ArrowRight");
  await settled(page);
  await page.keyboard.press("ArrowRight");
  await settled(page);
  const announced = await page.getByTestId("announcer").textContent();
  assert.match(announced, /^At \d+\.\d{3} s: /);
  const t1 = await page.getByTestId("clock").textContent();
  await page.keyboard.press("ArrowLeft");
  await settled(page);
  assert.notEqual(await page.getByTestId("clock").textContent(), t1);
  // + and - change the speed; ? opens the shortcuts, Escape closes them.
  const speed = await page.getByTestId("speed").inputValue();
  await page.keyboard.press("+");
  await settled(page);
  assert.equal(Number(await page.getByTestId("speed").inputValue()), Number(speed) + 1);
  await page.keyboard.press("-");
  await settled(page);
  assert.equal(await page.getByTestId("speed").inputValue(), speed);
  await page.keyboard.press("?");
  await page.getByTestId("help-dialog").waitFor();
  await page.keyboard.press("Escape");
  await page.getByTestId("help-dialog").waitFor({ state: "detached" });
  // Space plays and pauses.
  await page.keyboard.press(" ");
  await page.getByTestId("pause").waitFor();
  await page.keyboard.press(" ");
  await page.getByTestId("play").waitFor();
  // The tour's own buttons, with Tab and Enter, reach the last step: d gets .5.
  focused = "";
  for (let i = 0; i < 40 && focused !== "tour-next"; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.dataset?.testid ?? "");
  }
  assert.equal(focused, "tour-next");
  for (let i = 0; i < 12; i++) {
    if (await page.getByTestId("tour-next").isDisabled()) break;
    await page.keyboard.press("Enter");
    // A press counts from the step shown: wait until the page shows the one asked for.
    await settled(page);
  }
  assert.match(await page.getByTestId("step-count").textContent(), /step 10 of 10/);
  assert.equal(await page.getByTestId("pod").filter({ hasText: "10.244.1.5" }).count(), 1);
  assertClean();
});

test("hostile links are refused in words, never as markup, and the defaults stay", async () => {
  const cases = [
    ["a script in the scenario", `?scenario=${encodeURIComponent('<script>window.pwned=1</script><img src=x onerror="window.pwned=1">')}`],
    ["a 1 MB parameter", `?tour=kind&scenario=${"A".repeat(1 << 20)}`],
    ["invalid base64", "?s=%%%not-base64!!&tour=exhaustion"],
    ["not a deflate stream", "?s=AAAA&tour=kind"],
    ["a zip bomb", `?s=${deflateRawSync(Buffer.alloc((256 << 10) + 1, "x")).toString("base64url")}&tour=kind`],
    ["garbage everywhere", "?tour=%3Cb%3Ex&lang=xx&theme=%22%3E&t=-1&step=NaN&cluster-cidr=%3Ci%3E"],
  ];
  for (const [what, query] of cases) {
    const { page, assertClean } = await openPage(shared.browser, shared.server.url + query);
    await settled(page);
    await page.getByTestId("narration").or(page.getByTestId("scenario-error")).first().waitFor();
    assert.equal(await page.evaluate(() => window.pwned), undefined, `${what}: nothing ran`);
    assert.equal(await page.locator("main script, main img").count(), 0, `${what}: nothing injected`);
    assert.ok(
      (await page.getByTestId("link-problem").count()) + (await page.locator(".scenario-error.shown").count()) > 0,
      `${what}: a message says what was refused`,
    );
    assertClean();
  }
});

test("axe-core finds no serious or critical violation, in light and dark, in English and Japanese", async () => {
  for (const query of ["?tour=kind&step=8&theme=light", "?tour=kind&step=8&theme=dark&lang=ja", "?embed=1&tour=kind&step=4"]) {
    const { page, assertClean } = await openPage(shared.browser, shared.server.url + query);
    await settled(page);
    await page.getByTestId("narration").waitFor();
    const lang = new URLSearchParams(query).get("lang") ?? "en";
    await page.locator(`html[lang="${lang}"]`).waitFor({ state: "attached" });
    // Audit the page at rest: a pod fading in (0.35 s) has, for that moment, less contrast, and whether
    // the audit caught one mid-fade depended on the machine's speed.
    await animationsEnded(page);
    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], `${query}: ${violations.join("\n")}`);
    assertClean();
  }
});

test("a step past the tour's last is said in place, in the page's language and in the embedded player, and the tour opens at its introduction", async () => {
  for (const [path, said] of [
    ["tour/calico-blocks/?step=9", /step=9 is past the last step \(7\)/],
    ["ja/tour/kind/?step=11", /step=11 は最後のステップ（10）より後です/],
    ["?embed=1&tour=kind&step=30", /step=30 is past the last step \(10\)/],
  ]) {
    const { page, assertClean } = await openPage(shared.browser, shared.server.url + path);
    await settled(page);
    await page.getByTestId("link-problem").waitFor();
    assert.match(await page.getByTestId("link-problem").textContent(), said, path);
    assert.equal(await page.getByTestId("narration").getAttribute("data-step"), "0", path);
    assertClean();
  }
});
