//! `podip` on the command line: the same core as the web app, printed as text or JSON.
//!
//! Native only; the wasm32 build of the package (for the browser tests) gets an empty stub.

#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod figure_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod import_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod kcm_args;
#[cfg(not(target_arch = "wasm32"))]
mod lesson_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod output;
#[cfg(not(target_arch = "wasm32"))]
mod scenario_cmd;

/// The CLI allocates with mimalloc: with glibc's malloc the simulation budget's churn run (issue 4) took
/// 572 ms, a third of it in `malloc_consolidate`/`unlink_chunk`/`_int_free`; with mimalloc 352 ms. The
/// simulation benchmark uses the same allocator; the wasm build keeps std's dlmalloc (measured against
/// talc in Chromium, see the README).
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
