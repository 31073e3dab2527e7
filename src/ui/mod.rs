//! The Yew front end: a thin view over the playback core ([`crate::sim::playback`]). The reducer
//! (`studio.rs`) holds the core; components render its view models and send typed actions; no component
//! validates, computes an address or assembles scenario text. Words come from [`crate::i18n`] in the
//! page's [`Lang`], passed down in props.
//!
//! * `page.rs` — the app and the page, with the hooks that tie it to the browser (clock, keyboard,
//!   address bar); `embed.rs` — the embedded player; `opened.rs` — reading the link the page opened with.
//! * the cards: `tours.rs`, `timeline.rs` (transport and event log), `nodes.rs` with `address_grid.rs`,
//!   `map.rs`, `settings.rs` with `capacity.rs` and `ruler.rs`, `actions.rs`, `editor.rs`, `chrome.rs`.
//! * `language.rs` and `sharing.rs` — the browser's side of translations and links.

mod actions;
mod address_grid;
mod capacity;
mod chrome;
mod editor;
mod embed;
pub mod language;
mod map;
mod markup;
mod nodes;
mod opened;
mod page;
mod ruler;
mod settings;
pub mod sharing;
mod studio;
mod timeline;
mod tours;

use crate::i18n::{ui as t, Lang};
pub use page::App;
use wasm_bindgen::JsCast;

/// Mount the app on `<body>`, after installing a panic hook that reports in the page, not a blank screen.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        report_panic(&info.to_string());
    }));
    yew::Renderer::<App>::new().render();
}

/// Show a panic in a banner, so a learner sees what happened instead of a frozen page, with a way back
/// to the default view (reloading would open the same link again).
fn report_panic(message: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let (Ok(banner), Ok(back)) = (document.create_element("div"), document.create_element("a"))
    else {
        return;
    };
    let lang = document
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or_default();
    banner.set_class_name("panic-banner");
    banner.set_attribute("role", "alert").ok();
    banner.set_attribute("data-testid", "crash").ok();
    banner.set_text_content(Some(&format!("{} ", t::PANIC.fill(lang, &[message]))));
    back.set_text_content(Some(t::OPEN_DEFAULT.get(lang)));
    let path = window.location().pathname().unwrap_or_default();
    back.set_attribute("href", &path).ok();
    banner.append_child(&back).ok();
    if let Some(body) = document.body() {
        body.prepend_with_node_1(banner.unchecked_ref()).ok();
    }
}
