//! Replay the fuzz corpus of the scenario parser (`fuzz/corpus/scenario/`) as an ordinary test, so every
//! input a fuzz run found interesting keeps passing without a long fuzz run in CI. Same checks as the
//! fuzz target: parsing never panics; an accepted, small scenario simulates to its end.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../fuzz/replay/scenario.rs"]
mod scenario;

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
        scenario::replay(&data);
    }
    assert!(replayed >= 5, "only {replayed} corpus files");
}
