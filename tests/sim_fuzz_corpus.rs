//! Replay the fuzz corpus of the scenario parser (`fuzz/corpus/scenario/`) as an ordinary test, so every
//! input a fuzz run found interesting keeps passing without a long fuzz run in CI. Same checks as the
//! fuzz target: parsing never panics; an accepted, small scenario simulates to its end.
#![cfg(not(target_arch = "wasm32"))]

use podip::sim::{Scenario, Simulation, VirtualTime};
use std::path::PathBuf;

#[test]
fn scenario_corpus_replays_without_panics() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/scenario");
    let entries = std::fs::read_dir(&dir).expect("the corpus directory exists");
    let mut replayed = 0;
    for entry in entries {
        let path = entry.expect("readable entry").path();
        // A running fuzzer replaces files as it reduces them; one that vanished is not a failure.
        let Ok(data) = std::fs::read(&path) else {
            continue;
        };
        replayed += 1;
        let Ok(text) = std::str::from_utf8(&data) else {
            continue;
        };
        let Ok(scenario) = Scenario::parse(text) else {
            continue;
        };
        if scenario.commands.len() > 300 || scenario.end > VirtualTime(600_000) {
            continue;
        }
        let mut sim = Simulation::new(scenario);
        sim.run_to_end();
        serde_json::to_string(&sim.state()).expect("state serialises");
    }
    assert!(replayed >= 5, "only {replayed} corpus files");
}
