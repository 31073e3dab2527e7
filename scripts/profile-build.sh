#!/usr/bin/env bash
# The release build with the wasm's function names kept, for CPU profiles that name Rust functions:
#   scripts/profile-build.sh [OUT]          (default OUT: dist-profile; after `trunk build --release`)
#   PROFILE=1 DIST=dist-profile node e2e/perf.mjs
# It copies dist/ and puts back the module the release build split (README, "First load"): Trunk's
# post_build hook keeps it, names and all, as target/wasm-split/full.wasm, which is the shipped code in one
# module. The integrity digests name the split modules, so the copy's index.html goes without them.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-dist-profile}"
rm -rf "$out" && cp -r dist "$out"
rm -f "$out"/*_bg.deferred.wasm
cp target/wasm-split/full.wasm "$out"/podip-web-*_bg.wasm
sed -i -E 's/ (data-deferred-)?integrity="?sha384-[A-Za-z0-9+\/=]+"?//g' "$out/index.html"
echo "$out: the release build in one module, with function names"
