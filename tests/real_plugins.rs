//! podip's model against the real plugins: Debian's `containernetworking-plugins` (`/usr/lib/cni`) run in
//! network namespaces this test creates and removes (one for the node, one per sandbox, one standing for
//! Docker's network at the other end of the node's `eth0`; nothing leaves the machine), fed the conflist
//! podip's kindnetd writes — or, for flannel's chain (`real_plugins/flannel_bridge.rs`), the bridge
//! configuration podip's flannel plugin builds from flanneld's `subnet.env` — with host-local's `dataDir`
//! in a temporary directory. After every ADD and DEL, podip's model and the machine must hold the same:
//! every file of host-local's directory, byte for byte; the node's and each pod's `ip -o link`, `ip addr`,
//! `ip route` and `ip -6 route` against podip's iproute2 renderings (links, kinds, bridge ports and
//! hairpin, MTUs, peers, addresses, routes, `bridge link`); the node's and each pod's sysctls; the
//! chain's result or its error text. What legitimately differs is normalised where it is done, with its
//! reason.
//!
//! It needs root and the plugins, so `cargo test` ignores it; `scripts/test-all.sh` runs it as a layer
//! of its own (`PODIP_REAL_PLUGINS=1 cargo test --test real_plugins -- --include-ignored`), where a
//! missing prerequisite is a failure. Run by hand without that variable, it says what is missing and
//! passes.
//!
//! The harness (`real_plugins/`) is chain-agnostic: a chain is a `ModelChain` (podip's conflist and its
//! ADD and DEL); the namespaces, libcni's way of calling the plugins and the comparison serve any.
#![cfg(not(target_arch = "wasm32"))]

#[path = "real_plugins/bench.rs"]
mod bench;
#[path = "real_plugins/compare.rs"]
mod compare;
#[path = "real_plugins/flannel_bridge.rs"]
mod flannel_bridge;
#[path = "real_plugins/kernel.rs"]
mod kernel;
#[path = "real_plugins/libcni.rs"]
mod libcni;
#[path = "real_plugins/model.rs"]
mod model;
#[path = "real_plugins/node.rs"]
mod node;

use bench::Bench;
use node::NodeSpec;
use std::io::Write;

/// Why the real plugins cannot run here, if they cannot.
fn missing_prerequisite() -> Option<String> {
    let root = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let uids = status.lines().find(|l| l.starts_with("Uid:"))?.to_string();
            Some(uids.split_whitespace().nth(2) == Some("0"))
        })
        .unwrap_or(false);
    if !std::path::Path::new(&format!("{}/ptp", libcni::CNI_PATH)).exists() {
        Some(format!(
            "{}/ptp is missing: `apt-get install containernetworking-plugins` (scripts/dev.sh install does)",
            libcni::CNI_PATH
        ))
    } else if std::process::Command::new("ip").arg("-V").output().is_err() {
        Some("iproute2's `ip` is missing: `apt-get install iproute2`".into())
    } else if !root {
        Some("not root: network namespaces and the plugins need root".into())
    } else {
        None
    }
}

/// A bench running kindnet's chain, or `None` (after saying why) where the plugins cannot run and
/// `PODIP_REAL_PLUGINS=1` does not demand them.
fn kindnet(name: &'static str, node: &NodeSpec) -> Option<Bench> {
    bench(|| Bench::kindnet(name, node))
}

/// The bench `make` builds, or `None` (after saying why) where the plugins cannot run and
/// `PODIP_REAL_PLUGINS=1` does not demand them.
fn bench(make: impl FnOnce() -> Bench) -> Option<Bench> {
    match missing_prerequisite() {
        None => Some(make()),
        Some(why) if std::env::var("PODIP_REAL_PLUGINS").as_deref() == Ok("1") => {
            panic!("PODIP_REAL_PLUGINS=1, but {why}")
        }
        Some(why) => {
            // Straight to stderr: the test harness shows what `eprintln!` prints only for a failure.
            let _ = writeln!(std::io::stderr(), "real_plugins: skipped, {why}");
            None
        }
    }
}

/// The measured kind worker: 10.244.1.0/24, `eth0` 172.18.0.3/16 on Docker's network, MTU 65535.
const KIND_WORKER: NodeSpec = NodeSpec {
    pod_cidrs: &["10.244.1.0/24"],
    mtu: 65535,
    uplink: &[("172.18.0.3/16", "172.18.0.1")],
};

pub(crate) fn ips(list: &[&str]) -> Result<Vec<String>, String> {
    Ok(list.iter().map(|ip| ip.to_string()).collect())
}

#[test]
#[ignore = "runs the real CNI plugins as root: scripts/test-all.sh runs it"]
fn kind_story_on_ptp() {
    let Some(mut bench) = kindnet("kind", &KIND_WORKER) else {
        return;
    };
    assert_eq!(bench.add("a"), ips(&["10.244.1.2"]));
    assert_eq!(bench.add("b"), ips(&["10.244.1.3"]));
    assert_eq!(bench.add("c"), ips(&["10.244.1.4"]));
    bench.del("b");
    // b's file, veth pair and /32 route went with its DEL.
    assert!(!bench.files().iter().any(|(name, _)| name == "10.244.1.3"));
    assert!(!bench
        .node_routes()
        .iter()
        .any(|route| route.starts_with("10.244.1.3 ")));
    let veths = bench
        .node_links()
        .into_iter()
        .filter(|name| name.starts_with("veth"))
        .count();
    assert_eq!(veths, 2);
    // d gets the next address after last_reserved_ip, not b's.
    assert_eq!(bench.add("d"), ips(&["10.244.1.5"]));
}

#[test]
#[ignore = "runs the real CNI plugins as root: scripts/test-all.sh runs it"]
fn a_29_to_exhaustion_and_the_wrap() {
    let Some(mut bench) = kindnet(
        "exhaustion",
        &NodeSpec {
            pod_cidrs: &["10.0.0.0/29"],
            mtu: 1500,
            uplink: &[("172.18.0.2/16", "172.18.0.1")],
        },
    ) else {
        return;
    };
    for (n, ip) in ["10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5", "10.0.0.6"]
        .into_iter()
        .enumerate()
    {
        assert_eq!(bench.add(&format!("p-{}", n + 1)), ips(&[ip]));
    }
    assert_eq!(
        bench.add("p6"),
        Err(
            "failed to allocate for range 0: no IP addresses available in range set: 10.0.0.1-10.0.0.6"
                .into()
        )
    );
    bench.del("p-2");
    // The retry walks on past .6 and wraps to the freed .3.
    assert_eq!(bench.add("p6"), ips(&["10.0.0.3"]));
    bench.del("p-1");
    assert_eq!(bench.add("p7"), ips(&["10.0.0.2"]));
}

#[test]
#[ignore = "runs the real CNI plugins as root: scripts/test-all.sh runs it"]
fn a_dual_stack_pod() {
    let Some(mut bench) = kindnet(
        "dual",
        &NodeSpec {
            pod_cidrs: &["10.244.1.0/24", "fd00:10:244:1::/64"],
            mtu: 1500,
            uplink: &[
                ("172.18.0.3/16", "172.18.0.1"),
                ("fc00:f853:ccd:e793::3/64", "fc00:f853:ccd:e793::1"),
            ],
        },
    ) else {
        return;
    };
    assert_eq!(bench.add("a"), ips(&["10.244.1.2", "fd00:10:244:1::2"]));
    assert_eq!(bench.add("b"), ips(&["10.244.1.3", "fd00:10:244:1::3"]));
    bench.del("a");
}

#[test]
#[ignore = "runs the real CNI plugins as root: scripts/test-all.sh runs it"]
fn a_requested_ip() {
    let Some(mut bench) = kindnet("requested", &KIND_WORKER) else {
        return;
    };
    assert_eq!(
        bench.add_requesting("r", "10.244.1.10"),
        ips(&["10.244.1.10"])
    );
    // A requested IP moves last_reserved_ip too: the next pod continues after it.
    assert_eq!(bench.add("s"), ips(&["10.244.1.11"]));
    assert_eq!(
        bench.add_requesting("t", "10.244.1.10"),
        Err("failed to allocate for range 0: requested IP address 10.244.1.10 is not available in range set 10.244.1.1-10.244.1.254".into())
    );
    assert_eq!(
        bench.add_requesting("u", "10.244.1.1"),
        Err("failed to allocate for range 0: requested ip 10.244.1.1 is subnet's gateway".into())
    );
    // No range set holds it: host-local hands out the next address, then gives it back.
    assert_eq!(
        bench.add_requesting("v", "10.9.9.9"),
        Err("failed to allocate all requested IPs: 10.9.9.9".into())
    );
    assert_eq!(bench.add("w"), ips(&["10.244.1.13"]));
    bench.del("r");
}
