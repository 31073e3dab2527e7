//! The Yew front end: a thin view over the playback core ([`crate::playback`]), one folder per
//! product over what they share. No component borrows the simulation, validates, computes an address
//! or assembles scenario text. Words come from [`crate::i18n`] in the page's
//! [`Lang`](crate::i18n::Lang), passed down in props.
//!
//! * `app/` — the app (`/`, the tours' pages): its state and reducer (`state/`), what the page shows
//!   as a plain value (`view.rs`: view models behind `shared::Shared`, kept when unchanged, so each
//!   component gets only what it draws and Yew skips the ones that did not change), the page
//!   (`mod.rs`) and one file per card.
//! * `figure/` — `<podip-figure>` in any page, and the article's explorable sentence.
//! * `build/` (native only) — what the build writes: the pages per language and tour, the article,
//!   every figure's SVG, the mdBook preprocessor's expansion.
//! * Shared by them: `stage/` (the picture), `words.rs` (a step's path and source line), `ruler.rs`,
//!   `markup.rs`, `shared.rs`, `timing.rs` (every clock and work budget), and the browser's side of
//!   translations (`language.rs`) and links (`sharing.rs`).
//!
//! A product uses the shared parts and the products listed before it in `docs/architecture.md`'s
//! table of `ui`'s products, never the others (`tests/layers.rs`).

pub mod app;
#[cfg(not(target_arch = "wasm32"))]
pub mod build;
pub mod figure;
pub mod language;
mod markup;
mod ruler;
mod shared;
pub mod sharing;
mod stage;
mod timing;
mod words;

pub use app::App;

/// Mount the app on `<div id="podip">`, over the markup rendered at build time; when the page's head
/// script found that markup is this view's (`<html data-view="prerendered">`), the app starts in that
/// view at once instead of reading the link first. A panic is logged and leaves its message on
/// `<html data-panic>`; the abort that follows is a WebAssembly trap, which the page's own script
/// reports in place (`index.html`), in the words `app/mod.rs` keeps on `<html>` for it.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            root.set_attribute("data-panic", &info.to_string()).ok();
        }
    }));
    let document = web_sys::window().and_then(|w| w.document());
    let root = document.as_ref().and_then(|d| d.document_element());
    // A page without the app's mount point holds figures (`<podip-figure>`), drawn as they connect.
    let Some(mount) = document.and_then(|d| d.get_element_by_id("podip")) else {
        return;
    };
    let prerendered = root
        .as_ref()
        .and_then(|r| r.get_attribute("data-view"))
        .is_some_and(|view| view == "prerendered");
    // The page's own view (its path's language and tour, and a query that only moves within it).
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    // A query with a scenario of its own is never the page's own view (index.html): none is inflated here.
    let (link, problems) =
        crate::share::Link::parse_with(&query, |_| Err(crate::share::LinkProblem::BadDeflate));
    let link = link.on_page(&sharing::page_below_root());
    // English needs nothing loaded: the app draws the page's own view at once.
    let at_once = prerendered
        && problems.is_empty()
        && link.lang.unwrap_or_default() == crate::i18n::Lang::En;
    // Otherwise its texts are loaded first: the markup rendered at build time stays on screen until
    // the app draws over it (and takes it away then, with `data-view`).
    let kept = (prerendered && !at_once)
        .then(|| keep_prerendered(&mount))
        .flatten();
    let host = match kept {
        Some(host) => host,
        None => {
            // The markup makes way for the app, drawn in the same task (no paint in between): as the
            // page's own view, else as the view the link asks for, which the page hides until then.
            mount.set_inner_html("");
            if let Some(root) = &root {
                root.remove_attribute("data-view").ok();
            }
            mount
        }
    };
    let props = app::AppProps {
        opened: at_once.then(|| app::opened::Opened::page(link)),
    };
    yew::Renderer::<App>::with_root_and_props(host, props).render();
}

/// The markup in `mount` wrapped in `div.prerendered`, and an empty element after it for the app.
#[cfg(target_arch = "wasm32")]
fn keep_prerendered(mount: &web_sys::Element) -> Option<web_sys::Element> {
    let document = web_sys::window()?.document()?;
    let kept = document.create_element("div").ok()?;
    kept.set_class_name("prerendered");
    while let Some(child) = mount.first_child() {
        kept.append_child(&child).ok()?;
    }
    let host = document.create_element("div").ok()?;
    mount.append_child(&kept).ok()?;
    mount.append_child(&host).ok()?;
    Some(host)
}
