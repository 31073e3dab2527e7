//! The browser entry point that Trunk builds (`data-bin="podip-web"`).

#[cfg(target_arch = "wasm32")]
fn main() {
    podip::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("podip-web is the WebAssembly front end: serve it with `scripts/dev.sh serve`; the native tool is `podip`.");
    std::process::exit(2);
}
