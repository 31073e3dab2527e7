//! `podip` on the command line: the same core as the web app, printed as text or JSON.
//!
//! Native only; the wasm32 build of the package (for the browser tests) gets an empty stub.

#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod scenario_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod transcript;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
