//! Links in the browser: [`Link::parse_with`] and [`Link::to_query_deflated`] with `s=` inflated and
//! deflated by the browser's own `DecompressionStream` and `CompressionStream` ("deflate-raw"), in the
//! format [`crate::share::inflate_scenario`] and [`crate::share::deflate_scenario`] read and write
//! natively. miniz_oxide in the page cost 8.6 KB more of its compressed first load than this (README,
//! "Budgets and measurements"); the browser's streams are asynchronous, so callers await links.

use crate::i18n::Lang;
use crate::share::{scenario_text, unpack_scenario, Link, LinkProblem, MAX_SCENARIO_LEN};
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ReadableStream, ReadableStreamDefaultReader, ReadableStreamReadResult};

#[wasm_bindgen]
extern "C" {
    /// The Compression Streams API's transform streams (web-sys has them only behind
    /// `web_sys_unstable_apis`). Each is a `ReadableWritablePair`: `readable` and `writable`.
    type CompressionStream;

    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;

    type DecompressionStream;

    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
}

/// [`Link::parse`] of `query`, with each `s=` and `l=` inflated by the browser.
pub async fn parse_link(query: &str) -> (Link, Vec<LinkProblem>) {
    let mut inflated = Vec::new();
    for packed in Link::packed_scenarios(query) {
        inflated.push(inflate_scenario(&packed).await);
    }
    let mut inflated = inflated.into_iter();
    Link::parse_with(query, |_| {
        inflated.next().unwrap_or(Err(LinkProblem::BadDeflate))
    })
}

/// [`crate::share::inflate_scenario`], inflating in the browser.
async fn inflate_scenario(packed: &str) -> Result<String, LinkProblem> {
    let bytes = unpack_scenario(packed)?;
    let inflated = inflate_raw(&bytes, MAX_SCENARIO_LEN).await?;
    scenario_text(inflated)
}

/// A raw deflate stream inflated by the browser, read chunk by chunk so that one inflating past
/// `limit` bytes (a zip bomb) is stopped there.
pub async fn inflate_raw(bytes: &[u8], limit: usize) -> Result<Vec<u8>, LinkProblem> {
    let bad = |_| LinkProblem::BadDeflate;
    let decompressor = DecompressionStream::new("deflate-raw").map_err(bad)?;
    let reader: ReadableStreamDefaultReader = through(bytes, decompressor.unchecked_ref())
        .map_err(bad)?
        .get_reader()
        .unchecked_into();
    let mut out = Vec::new();
    loop {
        let chunk: ReadableStreamReadResult = JsFuture::from(reader.read())
            .await
            .map_err(bad)?
            .unchecked_into();
        if chunk.get_done().unwrap_or(true) {
            return Ok(out);
        }
        out.extend(chunk.get_value().unchecked_into::<Uint8Array>().to_vec());
        if out.len() > limit {
            // Nobody waits for the cancellation; a rejection of it has nothing left to stop.
            let _ = reader.cancel();
            return Err(LinkProblem::ScenarioTooLong);
        }
    }
}

/// `bytes` streamed through a transform stream.
fn through(
    bytes: &[u8],
    transform: &web_sys::ReadableWritablePair,
) -> Result<ReadableStream, JsValue> {
    let parts = js_sys::Array::of1(&Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
    Ok(blob.stream().pipe_through(transform))
}

/// The query string of `link`. Should the browser refuse to deflate, the scenario goes plain in
/// `scenario=`: a longer link that still opens the same view.
pub async fn view_query(link: Link) -> String {
    let deflated = match link.scenario_to_deflate() {
        Some(text) => deflate_raw(text.as_bytes()).await.ok(),
        None => None,
    };
    let lesson = match link.lesson_to_deflate() {
        Some(text) => deflate_raw(text.as_bytes()).await.ok(),
        None => None,
    };
    link.to_query_packed(deflated.as_deref(), lesson.as_deref())
}

/// The app's root path (`/`, or `/podip/` on a host that serves it from a sub-path): the `<base>` the
/// build writes in every page.
pub fn app_root() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .and_then(|base| web_sys::Url::new(&base).ok())
        .map_or_else(|| "/".to_string(), |url| url.pathname())
}

/// The page's path below the app's root (`ja/tour/kind/`), which [`crate::share::pages`] reads.
pub fn page_below_root() -> String {
    let path = web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_default();
    path.strip_prefix(&app_root()).unwrap_or("").to_string()
}

/// The view's address from the origin: the root, the page of its language and tour, and the query of
/// the rest.
pub async fn view_address(link: Link) -> String {
    let (path, mut rest) = link.split_page();
    // English has no prefix, and the page's head sends a Chinese or Japanese browser to its own
    // language: a choice of English says so in the query there.
    if link.lang == Some(Lang::En) && browser_lang() != Lang::En {
        rest.lang = Some(Lang::En);
    }
    format!("{}{path}{}", app_root(), view_query(rest).await)
}

/// `link`'s view in the app whose root is the address `root` (a figure's "Open in podip ↗").
pub async fn address_below(root: &str, link: Link) -> String {
    let (path, rest) = link.split_page();
    format!("{root}{path}{}", view_query(rest).await)
}

/// The language the browser prefers among podip's (English when it names none of them).
pub fn browser_lang() -> Lang {
    let languages: Vec<String> = web_sys::window()
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|l| l.as_string())
                .collect()
        })
        .unwrap_or_default();
    Lang::negotiate(languages.iter().map(String::as_str))
}

/// The view's whole URL: this origin and [`view_address`].
pub async fn view_url(link: Link) -> String {
    let origin = web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    format!("{origin}{}", view_address(link).await)
}

/// `bytes` as a raw deflate stream (RFC 1951), by the browser.
pub async fn deflate_raw(bytes: &[u8]) -> Result<Vec<u8>, JsValue> {
    let compressor = CompressionStream::new("deflate-raw")?;
    let deflated = through(bytes, compressor.unchecked_ref())?;
    let response = web_sys::Response::new_with_opt_readable_stream(Some(&deflated))?;
    let buffer = JsFuture::from(response.array_buffer()?).await?;
    Ok(Uint8Array::new(&buffer).to_vec())
}
