#!/usr/bin/env bash
# Every test layer, in order; stops at the first failure. A layer that runs no test is a failure too.
# Called by `scripts/dev.sh test` after the tools are installed (and by .ci/run through it).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
export CHROMEDRIVER=/usr/bin/chromedriver
export CARGO_TERM_COLOR=never

log() { printf '\n\033[1m==> %s\033[0m\n' "$*" >&2; }

# Sum "N passed" over cargo's "test result:" lines; fail when nothing ran.
require_passed() {
  local layer=$1 output=$2 passed
  passed=$(grep -Eo 'test result: ok\. [0-9]+ passed' "$output" | awk '{s += $4} END {print s + 0}')
  if [ "$passed" -eq 0 ]; then
    echo "$layer ran no test" >&2
    exit 1
  fi
  echo "$layer: $passed tests passed" >&2
}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

log "format, lints (native and wasm32) and doc links"
cargo fmt --all -- --check
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --lib

log "layer 1: native cargo test (core, property tests, CLI, fuzz corpus replay, doctests)"
cargo test 2>&1 | tee "$out/native.txt"
require_passed "native" "$out/native.txt"

log "layer 1b: the real CNI plugins (/usr/lib/cni) in network namespaces, against podip's model"
# PODIP_REAL_PLUGINS=1: a missing plugin, `ip` or root fails the layer instead of skipping it. The
# namespaces need root; as another user, cargo runs the test binary (built as that user) under sudo.
runner=()
if [ "$(id -u)" != 0 ]; then
  host=$(rustc -vV | sed -n 's/^host: //p' | tr 'a-z-' 'A-Z_')
  runner=("CARGO_TARGET_${host}_RUNNER=sudo --preserve-env=PODIP_REAL_PLUGINS")
fi
env "${runner[@]}" PODIP_REAL_PLUGINS=1 cargo test --test real_plugins -- --include-ignored 2>&1 \
  | tee "$out/real-plugins.txt"
require_passed "real plugins" "$out/real-plugins.txt"

log "layer 2: wasm-bindgen-test (core under wasm32 in Node, UI components in headless Chromium)"
cargo test --target wasm32-unknown-unknown 2>&1 | tee "$out/wasm.txt"
require_passed "wasm32" "$out/wasm.txt"

log "layer 3: end-to-end in Chromium against a release build"
trunk build --release --offline
# The same build for a host that serves it from a sub-path (GitHub Pages serves /<repository>/).
trunk build --release --offline --public-url /podip/ --dist dist-subpath
# What each product loads, wasm + JS + CSS, gzip -9: the app's first load (budget 320 KB), the figures'
# engine (220 KB), a page of figures before any interaction (30 KB, its ceiling too); the app and the
# engine are over (README, "Budgets"), and their ceilings keep them from growing unseen.
node scripts/size-budget.mjs dist 320 670 220 500 30 30
# A test that hangs fails (after 20 minutes) instead of holding CI to its limit.
node --test --test-reporter=spec --test-timeout=1200000 e2e/ 2>&1 | tee "$out/e2e.txt"
if ! grep -Eq '^ℹ pass [1-9]' "$out/e2e.txt"; then
  echo "end-to-end ran no test" >&2
  exit 1
fi
log "all layers passed"
