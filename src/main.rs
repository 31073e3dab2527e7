//! The browser entry point that Trunk builds (`data-bin="podip-web"`).

/// talc instead of std's dlmalloc: smaller code in the shipped wasm. Single-threaded wasm, so no lock.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

#[cfg(target_arch = "wasm32")]
fn main() {
    podip::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("podip-web is the WebAssembly front end: serve it with `scripts/dev.sh serve`; the native tool is `podip`.");
    std::process::exit(2);
}
