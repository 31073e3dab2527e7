//! Replays every file of the cargo-fuzz corpus (`fuzz/corpus/netconf/`) through the netconf loader
//! and the plugin commands, as the fuzz target does, so a regression shows up in `cargo test` too.
// Native only: proptest needs an OS entropy source, and corpus replay reads files.
#![cfg(not(target_arch = "wasm32"))]

use podip::ipam::hostlocal::{
    cmd_add, cmd_check, cmd_del, load_ipam_config, load_ipam_config_from_conflist, Store,
};
use std::path::Path;

/// The fuzz target's body: config JSON, optionally a NUL byte and a `CNI_ARGS` string.
fn replay(data: &[u8]) {
    let (netconf, cni_args) = match data.iter().position(|&b| b == 0) {
        Some(nul) => (&data[..nul], String::from_utf8_lossy(&data[nul + 1..])),
        None => (data, "".into()),
    };
    let _ = load_ipam_config_from_conflist(netconf, 0, &cni_args);
    let Ok((ipam, version)) = load_ipam_config(netconf, &cni_args) else {
        return;
    };
    for set in &ipam.ranges {
        let _ = (set.to_string(), set.usable_count());
    }
    let mut store = Store::new(&ipam.data_dir, &ipam.name);
    for id in ["a", "b", "a"] {
        let _ = cmd_add(&ipam, &version, &mut store, id, "eth0");
    }
    let _ = cmd_check(&mut store, "a", "eth0");
    cmd_del(&ipam, &mut store, "a", "eth0");
    let _ = cmd_add(&ipam, &version, &mut store, "c", "eth0");
    for name in store.ls() {
        let _ = store.cat(&name);
    }
}

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
        let outcome = std::panic::catch_unwind(|| replay(&data));
        assert!(outcome.is_ok(), "panic on {}", file.display());
    }
}
