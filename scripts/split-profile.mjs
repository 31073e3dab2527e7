// Writes tools/wasm-split/first-paint.txt, the functions the release build keeps in its first load
// (scripts/split-wasm.mjs): every function the page calls, in headless Chromium, up to its first paint and
// while it then waits for the rest of the code (src/ui/split.rs), for the page as it opens in English,
// Chinese and Japanese and for the embedded player at the tour's start (the embedded player opened at a
// later step, with pods and veth pairs drawn, would add 15 KB: it loads the rest before it paints). Run it after a change to what the
// first paint runs (the end-to-end test "the first paint needs only the first load" fails until then):
//   trunk build --release --offline && node scripts/split-profile.mjs && trunk build --release --offline
// It instruments target/wasm-split/full.wasm (the unsplit module the last release build left, with
// function names), serves the build with it in place of the split modules (scripts/profile-build.sh), and records each function's
// first call against the time the rest of the code would have come.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, launch } from "../e2e/harness.mjs";

const OUT = "tools/wasm-split/first-paint.txt";
const bin = "target/wasm-split/tool/release/podip-wasm-split";
const PAGES = ["", "?lang=ja", "?lang=zh", "?embed=1&tour=kind"];

const work = mkdtempSync(join(tmpdir(), "podip-split-profile-"));
try {
  // The build in one module without integrity digests (profile-build.sh), its wasm then instrumented.
  const dist = join(work, "dist");
  execFileSync("scripts/profile-build.sh", [dist], { stdio: "inherit" });
  const wasm = readdirSync(dist).find((name) => name.endsWith("_bg.wasm"));
  execFileSync(bin, ["instrument", "target/wasm-split/full.wasm", join(dist, wasm), join(work, "names.txt")], {
    stdio: "inherit",
  });
  const names = readFileSync(join(work, "names.txt"), "utf8").split("\n");

  const server = await serve(dist);
  const browser = await launch();
  const kept = new Set();
  try {
    for (const query of PAGES) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on("pageerror", (err) => console.error(`pageerror: ${err.message}`));
      await page.addInitScript(({ count, ready }) => {
        const first = new Float64Array(count).fill(Infinity);
        window.__firstCalls = first;
        const mark = (i) => {
          if (first[i] === Infinity) first[i] = performance.now();
        };
        // The loader's imports: `split_load` asks for the rest of the code once the page has painted;
        // the promise `split_fetched` hands back is held half a second, as on a slow network, so what the
        // page does on its own while it waits for the rest counts as the first load's too.
        const HOLD_MS = 500;
        const loaderAt = (bindings) =>
          Object.fromEntries(Object.entries(bindings).map(([name, f]) => {
            // wasm-bindgen imports it from the snippet as it is, or through a shim (`__wbg_split_fetched_…`).
            if (name !== "split_fetched" && !name.startsWith("__wbg_split_fetched_")) return [name, f];
            return [name, (...args) => new Promise((resolve) => setTimeout(() => {
              window.__restAt = performance.now();
              resolve(f(...args));
            }, HOLD_MS))];
          }));
        const withMark = (imports) => ({
          ...Object.fromEntries(Object.entries(imports).map(([module, bindings]) => [module, loaderAt(bindings)])),
          podip_profile: { mark },
        });
        const { instantiate, instantiateStreaming } = WebAssembly;
        WebAssembly.instantiate = (source, imports) => instantiate(source, withMark(imports));
        WebAssembly.instantiateStreaming = (source, imports) => instantiateStreaming(source, withMark(imports));
      }, { count: names.length });
      await page.goto(server.url + query);
      await page.waitForFunction(() => window.__restAt);
      const calls = await page.evaluate(() => [...window.__firstCalls].map((t) => t < window.__restAt));
      const before = calls.flatMap((called, i) => (called && names[i] ? [names[i]] : []));
      console.log(`${query || "/"}: ${before.length} functions before the rest of the code comes`);
      before.forEach((name) => kept.add(name));
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const header = "# Written by scripts/split-profile.mjs: what the page runs up to its first paint (tools/wasm-split).\n";
  writeFileSync(OUT, header + [...kept].sort().join("\n") + "\n");
  console.log(`${OUT}: ${kept.size} functions`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
