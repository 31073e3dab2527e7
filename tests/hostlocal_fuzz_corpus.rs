//! Replays every file of the cargo-fuzz corpus (`fuzz/corpus/netconf/`) through the netconf loader
//! and the plugin commands, as the fuzz target does, so a regression shows up in `cargo test` too.
// Native only: proptest needs an OS entropy source, and corpus replay reads files.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../fuzz/replay/netconf.rs"]
mod netconf;

use std::path::Path;

#[test]
fn corpus_replays_without_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/netconf");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fuzz corpus directory")
        .map(|entry| entry.expect("directory entry").path())
        .collect();
    files.sort();
    assert!(
        !files.is_empty() && files.len() <= 50,
        "{} files",
        files.len()
    );
    for file in files {
        let data = std::fs::read(&file).expect("corpus file");
        let outcome = std::panic::catch_unwind(|| netconf::replay(&data));
        assert!(outcome.is_ok(), "panic on {}", file.display());
    }
}
