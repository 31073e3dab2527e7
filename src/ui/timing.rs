//! The timing policy of every product in one place: how often a clock ticks, and how many real
//! milliseconds each kind of work may take before the browser draws. A 50 ms task is a long task
//! (the page stutters); a frame at 60 Hz is 16.7 ms. How long a moment stays on screen while playing is
//! the playback's ([`crate::playback::MOMENT_SHOWN_MS`]), in the same real milliseconds.

/// How often the app's clock ticks while playing (real ms). Each tick moves the simulation at an
/// animation frame, and the page draws it at the next.
pub const APP_TICK_MS: f64 = 50.0;

/// A tick is due this much before [`APP_TICK_MS`] has passed: frames come every 16.7 ms, give or take,
/// and a tick waiting for the frame after would come at 66 ms.
pub const FRAME_SLACK_MS: f64 = 8.0;

/// The most real time one tick counts: a hidden tab gets no animation frames, and coming back, the
/// playback goes on from where it was rather than leaping ahead by the time away.
pub const MAX_TICK_MS: f64 = 250.0;

/// Real ms of simulation a tick of the app may run; the view models are computed in the same frame
/// (the drawing in the next), so this is a quarter of a frame (a big cluster at 8× then plays slower
/// than 8×, and no frame runs long).
pub const FRAME_BUDGET_MS: f64 = 4.0;

/// Playing at 4× or faster, the bench below the first screen (the node cards, the map, the log) is
/// drawn again every this many ticks (800 ms), in a frame between two ticks; the stage and the clock
/// at every tick. Its turn is a playing frame's longest, so it comes seldom.
pub const BENCH_TICKS_PLAYING_FAST: u32 = 16;

/// Real ms per slice of work in hand (reading, building, rewinding a run): with the redraw that may
/// follow it, well inside a 50 ms task.
pub const WORK_BUDGET_MS: f64 = 5.0;

/// Real ms per slice for taking apart runs done with, which nothing shown waits on.
pub const CHORE_BUDGET_MS: f64 = 2.0;

/// Real ms of work a learner's own change (a scrub, a step, a setting) gets at once, before the page
/// draws again: enough for a built-in scenario's rewind, well inside a 50 ms task.
pub const CHANGE_BUDGET_MS: f64 = 16.0;

/// How often a playing figure's clock ticks (real ms): half the app's rate, as a page may play eight
/// at once (motion is CSS; a tick moves the time shown and the countdowns).
pub const FIGURE_TICK_MS: u32 = 100;

/// A figure's tick stops its work after this many ms, so eight figures playing keep frames short.
pub const FIGURE_TICK_BUDGET_MS: f64 = 6.0;

/// Milliseconds on a clock that only moves forward: the browser's, or natively (the page rendered at
/// build time, the reducer's tests) the process's.
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}
