#!/usr/bin/env bash
# The release build with the wasm's function names kept, for CPU profiles that name Rust functions:
#   scripts/profile-build.sh [OUT]          (default OUT: dist-profile; after `trunk build --release`)
#   PROFILE=1 DIST=dist-profile node e2e/perf.mjs
# It copies dist/ and replaces the wasm with the same cargo output put through wasm-bindgen --keep-debug
# and wasm-opt -Oz -g with index.html's flags: the shipped build plus a name section (keeping names can
# change an optimization here and there, so profile with it, do not time with it).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-dist-profile}"
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rm -rf "$out" && cp -r dist "$out"
wasm-bindgen --target web --keep-debug --out-dir "$work" target/wasm32-unknown-unknown/release/podip-web.wasm
flags="$(sed -n 's/.*data-wasm-opt-params="\([^"]*\)".*/\1/p' index.html)"
# shellcheck disable=SC2086 # the flags are words
wasm-opt -Oz -g --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue $flags \
  "$work/podip-web_bg.wasm" -o "$out"/podip-web-*_bg.wasm
echo "$out: the release build with function names"
