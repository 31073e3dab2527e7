//! One input of the scenario fuzz target, shared by the target (`fuzz_targets/scenario.rs`) and the
//! corpus replay of the normal test suite (`tests/sim_fuzz_corpus.rs`): parsing never panics on any
//! text; an accepted scenario small enough to stay fast runs to its end and its state serialises.

use podip::sim::{Scenario, Simulation, VirtualTime};

/// Bounds that keep one input under a few milliseconds, tighter than podip's limits (`sim::limits`, which
/// the parser applies): kindnetd resyncs every 10 s and `add-many` can ask for 10,000 pods, fine for a
/// page but too slow per fuzz input.
const MAX_COMMANDS: usize = 300;
const MAX_END: VirtualTime = VirtualTime(600_000);

/// Parse `data` as a scenario and, when it is accepted and small, simulate it to its end.
pub fn replay(data: &[u8]) {
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
    serde_json::to_string(&sim.state()).expect("state serialises");
}
