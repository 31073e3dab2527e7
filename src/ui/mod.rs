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
mod stage;
mod studio;
mod timeline;
mod tours;

pub use page::App;

/// Mount the app on `<body>`. A panic is logged and leaves its message on `<html data-panic>`; the abort that follows
/// is a WebAssembly trap, which the page's own script reports in place (`index.html`), in the words
/// `page.rs` keeps on `<html>` for it.
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
    yew::Renderer::<App>::new().render();
}
