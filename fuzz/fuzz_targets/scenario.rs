//! Fuzz the scenario parser, and simulate whatever it accepts (small enough to stay fast).
//!
//! Parsing must never panic on any text; an accepted scenario must run to its end and produce a state
//! without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use podip::sim::{Scenario, Simulation, VirtualTime};

/// Bounds that keep one input under a few milliseconds: kindnetd resyncs every 10 s and `add-many`
/// can ask for 100,000 pods, both fine for the engine but too slow per fuzz input.
const MAX_COMMANDS: usize = 300;
const MAX_END: VirtualTime = VirtualTime(600_000);

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(scenario) = Scenario::parse(text) else {
        return;
    };
    if scenario.commands.len() > MAX_COMMANDS || scenario.end > MAX_END {
        return;
    }
    let mut sim = Simulation::new(scenario);
    sim.run_to_end();
    let _ = serde_json::to_string(&sim.state());
});
