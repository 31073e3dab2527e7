//! The figures' browser entry point that Trunk builds (`data-bin="podip-figures"`): the functions
//! `podip-figure.js` calls for each `<podip-figure>` and explorable sentence of a page. It names only
//! the figure, so the linker leaves out what only the app uses (the cards, the editor, import and
//! export, the settings): a page of figures loads this smaller engine.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("podip-figures is the WebAssembly engine of <podip-figure>: `trunk build` makes it; the native tool is `podip`.");
    std::process::exit(2);
}

/// What `static/podip-figure.js` calls: a figure connected (drawn in `root`, its shadow root's
/// container), disconnected, or scrolled on or off screen; an explorable sentence connected.
#[cfg(target_arch = "wasm32")]
mod figures {
    use podip::ui::figure;
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen(js_name = connectFigure)]
    pub fn connect_figure(host: JsValue, root: web_sys::Element, app_root: String) {
        if let Some(host) = figure::element(host) {
            figure::connect(host, root, app_root);
        }
    }

    #[wasm_bindgen(js_name = disconnectFigure)]
    pub fn disconnect_figure(host: JsValue) {
        if let Some(host) = figure::element(host) {
            figure::disconnect(&host);
        }
    }

    #[wasm_bindgen(js_name = connectSentence)]
    pub fn connect_sentence(host: web_sys::Element, app_root: String) {
        podip::ui::figure::sentence::connect(host, app_root);
    }

    #[wasm_bindgen(js_name = figureOnScreen)]
    pub fn figure_on_screen(host: JsValue, on_screen: bool) {
        if let Some(host) = figure::element(host) {
            figure::on_screen(&host, on_screen);
        }
    }
}
