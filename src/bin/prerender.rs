//! The page's default view rendered to HTML at build time, with the same Yew components the browser
//! runs: Trunk's post-build hook (`Trunk.toml`) runs it on the staged `index.html`, so the page paints
//! before its wasm arrives; the app then draws the same view over it.
//!
//!   prerender INDEX_HTML      replace the page's `<div id="podip">` with the rendered view

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: prerender INDEX_HTML");
        std::process::exit(2);
    };
    let page = match std::fs::read_to_string(&path) {
        Ok(page) => page,
        Err(err) => {
            eprintln!("prerender: {path}: {err}");
            std::process::exit(1);
        }
    };
    let rendered = podip::ui::prerender::render_default_view();
    match podip::ui::prerender::insert(&page, &rendered) {
        Some(page) => {
            if let Err(err) = std::fs::write(&path, page) {
                eprintln!("prerender: {path}: {err}");
                std::process::exit(1);
            }
        }
        None => {
            eprintln!("prerender: {path} has no {}", podip::ui::prerender::MOUNT);
            std::process::exit(1);
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
