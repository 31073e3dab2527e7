//! The Yew front end: a thin view over the playback core ([`crate::playback`]). The reducer
//! (`studio/`) owns the playback and the learner's picks, and after each action computes what the
//! page shows as a plain value (`shown.rs`): view models behind `Rc`, kept when unchanged, so each
//! component gets only what it draws as `PartialEq` props and Yew skips the ones that did not change.
//! No component borrows the simulation, validates, computes an address or assembles scenario text.
//! Words come from [`crate::i18n`] in the page's [`Lang`](crate::i18n::Lang), passed down in props.
//!
//! * `page.rs` — the app, which owns the studio and ticks it (clock, work), and the page, with
//!   the hooks that tie it to the browser (keyboard, address bar); `embed.rs` — the embedded player;
//!   `opened.rs` — reading the link the page opened with.
//! * the cards: `tours.rs`, `timeline.rs` (transport and event log), `nodes.rs` with `address_grid.rs`,
//!   `map.rs`, `settings.rs` with `capacity.rs` and `ruler.rs`, `actions.rs`, `editor.rs`, `chrome.rs`.
//! * `language.rs` and `sharing.rs` — the browser's side of translations and links; `export.rs` — the
//!   export menu (files of the view, the stage's picture, the embed code), `picture.rs` — the stage's
//!   picture as a file.
//! * `figure.rs` — a `<podip-figure>` in another page; `figure_svg.rs` — its picture without a browser,
//!   `page_figures.rs` — those of a page's figures with a scenario of their own, read from the page;
//!   `article.rs` — the article's pages at build time; `sentence.rs` — its explorable sentence;
//!   `article_parts.rs` — the figure and commands both draw.

mod actions;
mod address_grid;
#[cfg(not(target_arch = "wasm32"))]
pub mod article;
mod article_parts;
mod capacity;
mod chrome;
mod editor;
mod embed;
#[cfg(not(target_arch = "wasm32"))]
pub mod embed_figures;
mod export;
pub mod figure;
#[cfg(not(target_arch = "wasm32"))]
pub mod figure_svg;
mod import;
pub mod language;
mod map;
mod markup;
mod nodes;
mod opened;
mod page;
#[cfg(not(target_arch = "wasm32"))]
pub mod page_figures;
mod picture;
#[cfg(not(target_arch = "wasm32"))]
pub mod prerender;
mod ruler;
pub mod sentence;
mod settings;
pub mod sharing;
mod shown;
mod stage;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod stage_tooltips;
mod studio;
mod timeline;
mod tours;

pub use page::App;

/// Mount the app on `<div id="podip">`, over the markup rendered at build time; when the page's head
/// script found that markup is this view's (`<html data-view="prerendered">`), the app starts in that
/// view at once instead of reading the link first. A panic is logged and leaves its message on
/// `<html data-panic>`; the abort that follows is a WebAssembly trap, which the page's own script
/// reports in place (`index.html`), in the words `page.rs` keeps on `<html>` for it.
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
    let props = page::AppProps {
        opened: at_once.then(|| opened::Opened::page(link)),
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
