//! The release build ships its wasm in two parts (tools/wasm-split, scripts/split-wasm.mjs): the code
//! the page runs up to its first paint, and the rest, fetched once the page has painted. Each function
//! of the rest leaves a stub behind that calls `split_load(true)` when it finds its slot in the table
//! `__podip_split` empty, so a function needed early loads the rest synchronously instead of failing.
//! In a build that is not split (debug, tests) there is no such table and nothing here waits.

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(inline_js = r#"
let primary = null;
let deferred = null;
let fetching = null;
let installed;
const ready = new Promise((resolve) => (installed = resolve));

// Trunk preloads the primary module; the deferred one lies beside it, named by scripts/split-wasm.mjs,
// which also wrote its digest on that link.
const preload = () => document.querySelector('link[rel=preload][href$="_bg.wasm"]');

function deferredUrl() {
  const link = preload();
  const primaryUrl = link ? link.href
    : performance.getEntriesByType("resource").map((entry) => entry.name).find((name) => name.endsWith("_bg.wasm"));
  if (!primaryUrl) throw new Error("podip: cannot tell where the deferred wasm is");
  return primaryUrl.replace(/_bg\.wasm$/, "_bg.deferred.wasm");
}

function install(module) {
  if (deferred) return;
  deferred = new WebAssembly.Instance(module, { primary }).exports;
  const table = primary.__podip_split;
  for (const slot in deferred) table.set(Number(slot), deferred[slot]);
  installed();
}

export function split_init(exports) {
  primary = exports;
}

export function split_load(now) {
  if (deferred || !primary || !primary.__podip_split) return;
  if (!now) {
    // Checked against the digest as Trunk checks the primary module; a synchronous load (below) cannot be.
    const integrity = preload()?.dataset.deferredIntegrity;
    fetching ??= Promise.resolve()
      .then(() => fetch(deferredUrl(), integrity ? { integrity } : {}))
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        return response.arrayBuffer();
      })
      .then((bytes) => WebAssembly.compile(bytes))
      .then(install)
      .catch((err) => console.warn(`podip: fetching the deferred wasm failed (${err}); it loads when first needed`));
    return;
  }
  // Needed before the fetch above finished: a wasm call cannot wait, so load it synchronously.
  const url = deferredUrl();
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) throw new Error(`podip: loading ${url} failed: ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  install(new WebAssembly.Module(bytes));
}

// Settles once the rest is in, by either way, or the fetch failed.
export function split_fetched() {
  return fetching ? Promise.race([fetching, ready]) : Promise.resolve();
}
"#)]
extern "C" {
    fn split_init(exports: &JsValue);
    /// tools/wasm-split finds this import by its name (`is_loader`): the stubs call it.
    fn split_load(now: bool);
    fn split_fetched() -> js_sys::Promise;
}

/// Tell the loader where the primary module's exports are; before any deferred function can run.
pub fn init() {
    split_init(&wasm_bindgen::exports());
}

/// Fetch the rest of the code in the background and wait for it (at once when the build is not split;
/// after a failed fetch too, when each deferred function loads it on its first call).
pub async fn load_rest() {
    split_load(false);
    // The promise never rejects: a failed fetch was reported and leaves loading to the stubs.
    let _ = JsFuture::from(split_fetched()).await;
}
