//! The in-memory disk store (`backend/disk/backend.go`) and the plugin commands (`main.go`).
//!
//! Upstream's `backend_test.go` in the index belongs to an unmerged JSON-key branch; its
//! "cleans up v0 and v1 reservations" row is reproduced here with mainline's semantics, where the
//! bare-ID (v0) files are released only when no `<id>\r\n<ifname>` file matched.

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::ipam::hostlocal::{cmd_add, cmd_check, cmd_del, load_ipam_config, Store};
use std::net::IpAddr;

fn ip(s: &str) -> IpAddr {
    s.parse().expect("literal IP")
}

/// "writes the correct reservation file" (mainline format) and "treats v0 reservations as reserved".
#[test]
fn reserve_writes_crlf_file_and_last_reserved_ip() {
    let mut store = Store::new("/tmp/host_local_artifacts", "netname");
    assert!(store.reserve(" asdf\n", "eth1", ip("10.0.0.1"), "1"));
    assert_eq!(store.cat("10.0.0.1").as_deref(), Some("asdf\r\neth1"));
    assert_eq!(store.cat("last_reserved_ip.1").as_deref(), Some("10.0.0.1"));
    assert!(
        !store.reserve("asdf", "eth1", ip("10.0.0.1"), "1"),
        "O_EXCL"
    );
    assert_eq!(store.cat("lock").as_deref(), Some(""));
    assert_eq!(store.path("lock"), "/tmp/host_local_artifacts/netname/lock");

    store.write_ip_file(ip("10.0.0.2"), "asdf");
    assert!(!store.reserve("asdf", "eth1", ip("10.0.0.2"), "1"));
    assert_eq!(store.last_reserved_ip("1"), Some(ip("10.0.0.1")));
}

/// "cleans up v0 and v1 reservations", mainline semantics.
#[test]
fn release_by_id_with_legacy_fallback() {
    let mut store = Store::new("", "netname");
    store.write_ip_file(ip("10.0.0.2"), "id1");
    store.write_ip_file(ip("10.0.0.3"), "id2");
    store.write_ip_file(ip("10.0.0.4"), "id1\r\neth0");
    store.write_ip_file(ip("10.0.0.5"), "id1\r\neth1");
    store.write_ip_file(ip("10.0.0.6"), "id2\r\neth0");
    store.write_ip_file(ip("10.0.0.7"), "id2\r\neth1");
    assert_eq!(
        store.get_by_id("id1", "eth0"),
        [ip("10.0.0.2"), ip("10.0.0.4")]
    );

    assert_eq!(store.release_by_id("id1", "eth0"), [ip("10.0.0.4")]);
    let exists = |store: &Store, s: &str| store.cat(s).is_some();
    for (addr, want) in [
        ("10.0.0.2", true),
        ("10.0.0.3", true),
        ("10.0.0.4", false),
        ("10.0.0.5", true),
        ("10.0.0.6", true),
        ("10.0.0.7", true),
    ] {
        assert_eq!(exists(&store, addr), want, "{addr}");
    }
    // Nothing matches id1/eth0 any more, so the bare-ID file goes now.
    assert_eq!(store.release_by_id("id1", "eth0"), [ip("10.0.0.2")]);
    assert!(store.release_by_id("unknown", "eth0").is_empty());
}

/// `GetByID` order is `filepath.Walk`'s (bytewise names), `ls` likewise; `cat` only knows Go names.
#[test]
fn listing_and_lookup() {
    let mut store = Store::new("/run/cni-ipam-state/", "kindnet");
    for last in [2, 10, 100] {
        store.reserve("c", "eth0", ip(&format!("10.244.1.{last}")), "0");
    }
    store.reserve("c", "eth0", ip("fd00:10:244:1::a"), "1");
    assert_eq!(
        store.ls(),
        [
            "10.244.1.10",
            "10.244.1.100",
            "10.244.1.2",
            "fd00:10:244:1::a",
            "last_reserved_ip.0",
            "last_reserved_ip.1",
            "lock"
        ]
    );
    assert_eq!(store.dir(), "/run/cni-ipam-state/kindnet");
    assert_eq!(store.get_by_id("c", "eth0")[0], ip("10.244.1.10"));
    assert!(store.find_by_id("c", "eth0"));
    assert!(!store.find_by_id("c", "eth1"));
    assert!(store.has_reserved_ip("c", ip("10.244.1.2")));
    assert!(!store.has_reserved_ip("d", ip("10.244.1.2")));
    assert_eq!(store.cat("::ffff:10.244.1.2"), None);
    assert_eq!(store.cat("nope"), None);
    store.release(ip("10.244.1.2"));
    assert_eq!(store.reserved_count(), 3);
    assert_eq!(store.last_reserved_ip("0"), Some(ip("10.244.1.100")));
}

/// `ReleaseByKey` walks every file: an ID that equals an IP string removes the matching
/// `last_reserved_ip.*`, and a blank ID removes `lock` (which `disk.New` recreates next time).
#[test]
fn release_walks_every_file() {
    let mut store = Store::new("", "n");
    store.reserve("c", "eth0", ip("10.0.0.5"), "0");
    store.release_by_id("10.0.0.5", "eth0");
    assert_eq!(store.ls(), ["10.0.0.5", "lock"]);
    assert!(store.find_by_id(" ", "eth0"));
    store.release_by_id(" ", "eth0");
    assert_eq!(store.ls(), ["10.0.0.5"]);
    store.reopen();
    assert_eq!(store.ls(), ["10.0.0.5", "lock"]);
}

const DUAL: &str = r#"{"cniVersion": "0.3.1", "name": "kindnet", "ipam": {"type": "host-local",
    "dataDir": "/run/cni-ipam-state", "routes": [{"dst": "0.0.0.0/0"}, {"dst": "::/0"}],
    "ranges": [[{"subnet": "10.244.1.0/24"}], [{"subnet": "fd00:10:244:1::/64"}]]}}"#;

/// main.go `cmdAdd` / `cmdCheck` / `cmdDel` on kind's dual-stack config.
#[test]
fn add_check_del_dual_stack() {
    let (conf, version) = load_ipam_config(DUAL.as_bytes(), "").unwrap();
    let mut store = Store::new(&conf.data_dir, &conf.name);
    let result = cmd_add(&conf, &version, &mut store, "c1", "eth0").unwrap();
    assert_eq!(result.cni_version, "0.3.1");
    let addresses: Vec<String> = result.ips.iter().map(|c| c.address.to_string()).collect();
    assert_eq!(addresses, ["10.244.1.2/24", "fd00:10:244:1::2/64"]);
    assert_eq!(result.routes, conf.routes);
    assert_eq!(
        store.cat("last_reserved_ip.1").as_deref(),
        Some("fd00:10:244:1::2")
    );

    assert!(cmd_check(&mut store, "c1", "eth0").is_ok());
    assert_eq!(
        cmd_check(&mut store, "c2", "eth0").unwrap_err().to_string(),
        "host-local: Failed to find address added by container c2"
    );
    assert_eq!(
        cmd_add(&conf, &version, &mut store, "c1", "eth0").unwrap_err().to_string(),
        "failed to allocate for range 0: 10.244.1.2 has been allocated to c1, duplicate allocation is not allowed"
    );
    assert_eq!(cmd_del(&conf, &mut store, "c1", "eth0").len(), 2);
    assert!(
        cmd_del(&conf, &mut store, "c1", "eth0").is_empty(),
        "DEL is idempotent"
    );
    assert_eq!(
        store.ls(),
        ["last_reserved_ip.0", "last_reserved_ip.1", "lock"]
    );
}

/// `cmdAdd` rollback: a failure in range set 1 releases what set 0 got; unused requested IPs too.
#[test]
fn add_rolls_back() {
    let (conf, version) = load_ipam_config(DUAL.as_bytes(), "IP=fd00:10:244:1::1").unwrap();
    let mut store = Store::new(&conf.data_dir, &conf.name);
    assert_eq!(
        cmd_add(&conf, &version, &mut store, "c1", "eth0")
            .unwrap_err()
            .to_string(),
        "failed to allocate for range 1: requested ip fd00:10:244:1::1 is subnet's gateway"
    );
    assert_eq!(store.reserved_count(), 0);

    let (conf, version) = load_ipam_config(DUAL.as_bytes(), "IP=192.168.0.9").unwrap();
    assert_eq!(
        cmd_add(&conf, &version, &mut store, "c1", "eth0")
            .unwrap_err()
            .to_string(),
        "failed to allocate all requested IPs: 192.168.0.9"
    );
    assert_eq!(store.reserved_count(), 0);

    let (conf, version) = load_ipam_config(DUAL.as_bytes(), "IP=10.244.1.77").unwrap();
    let result = cmd_add(&conf, &version, &mut store, "c1", "eth0").unwrap();
    assert_eq!(result.ips[0].address.to_string(), "10.244.1.77/24");
}

/// `resolvConf` names a file the simulated node does not have.
#[test]
fn add_with_resolv_conf() {
    let json =
        r#"{"name": "n", "ipam": {"subnet": "10.0.0.0/24", "resolvConf": "/etc/resolv.conf"}}"#;
    let (conf, version) = load_ipam_config(json.as_bytes(), "").unwrap();
    let mut store = Store::new(&conf.data_dir, &conf.name);
    assert_eq!(
        cmd_add(&conf, &version, &mut store, "c", "eth0")
            .unwrap_err()
            .to_string(),
        "open /etc/resolv.conf: no such file or directory"
    );
}
