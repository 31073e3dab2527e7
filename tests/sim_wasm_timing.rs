//! The simulation's budgets timed in headless Chromium, with the app's allocator (std's dlmalloc, as
//! `src/main.rs` sets none): the churn (256 nodes × 110 pods, half deleted and re-created), simulated and
//! then dropped, and scrubbing the longest built-in scenario. Measurements, not tests of the time: they
//! print the elapsed wall time and assert only that the work happened. The first run in a page also pays
//! for V8 compiling the hot functions with its optimizing tier while its baseline code runs; the later
//! runs do not. Ignored in the normal suite because a debug build takes long; run them with
//!
//! ```sh
//! CHROMEDRIVER=/usr/bin/chromedriver cargo test --release --target wasm32-unknown-unknown \
//!     --test sim_wasm_timing -- --include-ignored --nocapture
//! ```
#![cfg(target_arch = "wasm32")]

#[path = "../benches/common/churn.rs"]
mod churn;

use podip::sim::Simulation;
use wasm_bindgen::JsCast;
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

/// Scrubbing: re-simulating the longest built-in scenario (693 pods of history before the story) to a
/// time, as the scrubber does; the budget is 50 ms for the default scenarios.
#[wasm_bindgen_test]
#[ignore = "a measurement: run with --include-ignored, preferably with --release"]
fn scrub_kind_measured_in_chromium() {
    let scenario = podip::sim::Scenario::parse(podip::sim::builtin::KIND_MEASURED).expect("parses");
    let mut times: Vec<f64> = (0..21)
        .map(|_| {
            let started = js_sys::Date::now();
            let state = Simulation::at(&scenario, podip::sim::VirtualTime(31_000)).state();
            assert!(!state.pods.is_empty());
            js_sys::Date::now() - started
        })
        .collect();
    // The first runs as baseline-tier code; the scrubber's later calls find the optimized code.
    let first = times.remove(0);
    times.sort_by(f64::total_cmp);
    console_log!(
        "scrub kind-measured to 31 s: first {first} ms, then {} to {} ms, median {} ms (20 more)",
        times[0],
        times[19],
        times[10]
    );
}

/// The largest scenario the limits accept, loaded as the page loads it (its whole run for the
/// timeline, halting at the most events podip shows, and the run replayed to time 0), at once: the
/// page does the same work in slices between frames.
#[wasm_bindgen_test]
#[ignore = "a measurement: run with --include-ignored, preferably with --release"]
async fn largest_accepted_scenario_in_chromium() {
    let text = churn::largest_scenario();
    for run in 1..=3 {
        let started = js_sys::Date::now();
        let playback =
            podip::playback::Player::load(text.clone(), None).expect("within the limits");
        let built = playback.cursor().run();
        let loaded = js_sys::Date::now() - started;
        // The wasm's memory only grows: its size now is the peak so far.
        let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
        let buffer: js_sys::ArrayBuffer = memory.buffer().unchecked_into();
        console_log!(
            "largest run {run}: loaded in {loaded} ms ({} events, halted at {:?}); wasm memory {} MiB",
            built.timeline().len(),
            built.halted_at(),
            buffer.byte_length() / (1 << 20)
        );
        drop(playback);
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
}
