// Trunk's post_build hook (Trunk.toml). In a release build it splits the wasm Trunk staged in two with
// tools/wasm-split: the functions tools/wasm-split/first-paint.txt names (what the page runs up to its
// first paint; scripts/split-profile.mjs writes the list) stay in `<name>_bg.wasm`, the rest moves to
// `<name>_bg.deferred.wasm`, which src/ui/split.rs fetches once the page has painted.
// It also keeps the unsplit module, names and all, as target/wasm-split/full.wasm for split-profile.mjs.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

if (process.env.TRUNK_PROFILE !== "release") process.exit(0);
const staging = process.env.TRUNK_STAGING_DIR;
const tool = "tools/wasm-split";
const bin = "target/wasm-split/tool/release/podip-wasm-split";
execFileSync(
  "cargo",
  ["build", "--release", "--locked", "--quiet", "--manifest-path", `${tool}/Cargo.toml`, "--target-dir", "target/wasm-split/tool"],
  { stdio: "inherit" },
);

const wasm = readdirSync(staging).find((name) => name.endsWith("_bg.wasm"));
if (!wasm) throw new Error(`no _bg.wasm in ${staging}`);
const path = join(staging, wasm);
mkdirSync("target/wasm-split", { recursive: true });
copyFileSync(path, "target/wasm-split/full.wasm");
const deferred = wasm.replace(/_bg\.wasm$/, "_bg.deferred.wasm");
execFileSync(bin, ["split", path, `${tool}/first-paint.txt`, `${path}.primary`, join(staging, deferred)], {
  stdio: "inherit",
});
renameSync(`${path}.primary`, path);

// Trunk wrote the unsplit module's digest into the preload link's integrity attribute: the primary
// module's goes there, and the deferred one's beside it, for the loader's fetch (src/ui/split.rs).
const html = join(staging, "index.html");
const text = readFileSync(html, "utf8");
const sha384 = (file) => `sha384-${createHash("sha384").update(readFileSync(file)).digest("base64")}`;
const [digest, deferredDigest] = [sha384(path), sha384(join(staging, deferred))];
let found = false;
const updated = text.replace(/<link\b[^>]*>/g, (tag) => {
  if (!tag.includes(wasm)) return tag;
  found = true;
  const attributes = tag.replace(/integrity=("?)sha384-[A-Za-z0-9+/=]+\1/, `integrity=$1${digest}$1`);
  return attributes.replace(/^<link\b/, `<link data-deferred-integrity="${deferredDigest}"`);
});
if (!found) throw new Error(`index.html has no link to ${wasm}`);
writeFileSync(html, updated);
