//! The app's browser entry point that Trunk builds (`data-bin="podip-web"`): the app on its own page.
//! A page of figures loads the other, `podip-figures` (`src/bin/figures.rs`), which leaves the app's
//! bench out.

#[cfg(target_arch = "wasm32")]
fn main() {
    podip::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("podip-web is the WebAssembly front end: serve it with `scripts/dev.sh serve`; the native tool is `podip`.");
    std::process::exit(2);
}
