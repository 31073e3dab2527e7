//! One input of the netconf fuzz target, shared by the target (`fuzz_targets/netconf.rs`) and the corpus
//! replay of the normal test suite (`tests/hostlocal_fuzz_corpus.rs`), so both check the same thing:
//! the loader never panics on any bytes, and an accepted config survives ADD, CHECK and DEL.

use podip::ipam::hostlocal::{
    cmd_add, cmd_check, cmd_del, load_ipam_config, load_ipam_config_from_conflist, Store,
};

/// Config JSON, optionally a NUL byte and a `CNI_ARGS` string.
pub fn replay(data: &[u8]) {
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
