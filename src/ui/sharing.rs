//! The view's link in the browser: [`Link::to_query_deflated`] with a long scenario deflated by the
//! browser's own `CompressionStream("deflate-raw")`, the format [`crate::share::inflate_scenario`]
//! reads. A deflate encoder in Rust would be ~9 KB of the page's compressed wasm (README, "Budgets and
//! measurements"); the browser's is asynchronous, so callers await the link.

use crate::share::Link;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    /// The Compression Streams API's transform stream (web-sys has it only behind
    /// `web_sys_unstable_apis`). It is a `ReadableWritablePair`: `readable` and `writable`.
    type CompressionStream;

    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;
}

/// The query string of `link`. Should the browser refuse to deflate, the scenario goes plain in
/// `scenario=`: a longer link that still opens the same view.
pub async fn view_query(link: Link) -> String {
    let deflated = match link.scenario_to_deflate() {
        Some(text) => deflate_raw(text.as_bytes()).await.ok(),
        None => None,
    };
    link.to_query_deflated(deflated.as_deref())
}

/// `bytes` as a raw deflate stream (RFC 1951), by the browser.
pub async fn deflate_raw(bytes: &[u8]) -> Result<Vec<u8>, JsValue> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
    let compressor = CompressionStream::new("deflate-raw")?;
    let deflated = blob.stream().pipe_through(compressor.unchecked_ref());
    let response = web_sys::Response::new_with_opt_readable_stream(Some(&deflated))?;
    let buffer = JsFuture::from(response.array_buffer()?).await?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
