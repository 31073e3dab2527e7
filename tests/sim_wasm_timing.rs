//! The simulation budget's churn (256 nodes × 110 pods, half deleted and re-created) timed in headless
//! Chromium, with the app's allocator (std's dlmalloc, as `src/main.rs` sets none). A measurement, not a test of the time: it prints the elapsed wall
//! time and asserts only that the run happened. The first run in the page also pays for V8 compiling the
//! hot functions with its optimizing tier while its baseline code runs (0.3–0.5 s here); the later runs
//! do not. Ignored in the normal suite because a debug build takes
//! long; run it with
//!
//! ```sh
//! CHROMEDRIVER=/usr/bin/chromedriver cargo test --release --target wasm32-unknown-unknown \
//!     --test sim_wasm_timing -- --include-ignored --nocapture
//! ```
#![cfg(target_arch = "wasm32")]

#[path = "../benches/common/churn.rs"]
mod churn;

use podip::sim::Simulation;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
#[ignore = "a measurement: run with --include-ignored, preferably with --release"]
async fn churn_in_chromium() {
    // Shared, as the app and the native benchmark share it: copying the commands is not the run.
    let scenario = std::rc::Rc::new(churn::churn_scenario());
    for run in 1..=3 {
        let started = js_sys::Date::now();
        let mut sim = Simulation::new(std::rc::Rc::clone(&scenario));
        sim.run_to_end();
        let simulated = js_sys::Date::now() - started;
        let events = sim.events().len();
        drop(sim);
        let dropped = js_sys::Date::now() - started;
        console_log!("churn run {run}: simulated in {simulated} ms, {dropped} ms with the run dropped ({events} events)");
        assert!(events > 0);
        // Hand the page back between runs: the runner polls it over WebDriver and gives up on a page
        // that stays busy for 20 s.
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
}
