//! flannel's chain against Debian's bridge: the delegate configuration podip's flannel plugin builds from
//! flanneld's `subnet.env` (kube-flannel's `hairpinMode` and `isDefaultGateway`), run by the real bridge
//! and host-local beside podip's bridge model — the kind story, a /29 to exhaustion and the wrap, and a
//! dual-stack pod.

use super::bench::Bench;
use super::node::NodeSpec;
use super::{bench, ips};

/// A kubeadm worker with flannel: 10.244.1.0/24 of flannel's default 10.244.0.0/16, `eth0` MTU 1500, so
/// vxlan's `FLANNEL_MTU` is 1450.
const WORKER: NodeSpec = NodeSpec {
    pod_cidrs: &["10.244.1.0/24"],
    mtu: 1500,
    uplink: &[("172.18.0.3/16", "172.18.0.1")],
};

fn flannel(name: &'static str, node: &NodeSpec, ipv6_network: Option<&str>) -> Option<Bench> {
    bench(|| Bench::flannel(name, node, "10.244.0.0/16", ipv6_network))
}

#[test]
#[ignore = "runs the real CNI plugins as root: scripts/test-all.sh runs it"]
fn kind_story_on_flannels_bridge() {
    let Some(mut bench) = flannel("flannel", &WORKER, None) else {
        return;
    };
    assert_eq!(bench.add("a"), ips(&["10.244.1.2"]));
    assert_eq!(bench.add("b"), ips(&["10.244.1.3"]));
    assert_eq!(bench.add("c"), ips(&["10.244.1.4"]));
    bench.del("b");
    // b's file and veth went with its DEL; the node still routes the whole subnet to cni0.
    assert!(!bench.files().iter().any(|(name, _)| name == "10.244.1.3"));
    assert!(bench
        .node_routes()
        .contains(&"10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1".to_string()));
    // d gets the next address after last_reserved_ip, not b's.
    assert_eq!(bench.add("d"), ips(&["10.244.1.5"]));
    for pod in ["a", "c", "d"] {
        bench.del(pod);
    }
    // The bridge stays, without a carrier, with its address; its MTU is back to 1500.
    assert!(bench.node_links().contains(&"cni0".to_string()));
}

#[test]
#[ignore = "runs the real CNI plugins as root: scripts/test-all.sh runs it"]
fn a_29_to_exhaustion_on_flannels_bridge() {
    let Some(mut bench) = flannel(
        "flannel-exhaustion",
        &NodeSpec {
            pod_cidrs: &["10.244.0.0/29"],
            mtu: 1500,
            uplink: &[("172.18.0.2/16", "172.18.0.1")],
        },
        None,
    ) else {
        return;
    };
    for (n, ip) in [
        "10.244.0.2",
        "10.244.0.3",
        "10.244.0.4",
        "10.244.0.5",
        "10.244.0.6",
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(bench.add(&format!("p-{}", n + 1)), ips(&[ip]));
    }
    // The bridge made the veth pair before it asked host-local; the runtime's DEL removes it.
    assert_eq!(
        bench.add("p6"),
        Err(
            "failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.6"
                .into()
        )
    );
    bench.del("p-2");
    assert_eq!(bench.add("p6"), ips(&["10.244.0.3"]));
}

#[test]
#[ignore = "runs the real CNI plugins as root: scripts/test-all.sh runs it"]
fn a_dual_stack_pod_on_flannels_bridge() {
    let Some(mut bench) = flannel(
        "flannel-dual",
        &NodeSpec {
            pod_cidrs: &["10.244.1.0/24", "fd00:10:244:1::/64"],
            mtu: 1500,
            uplink: &[
                ("172.18.0.3/16", "172.18.0.1"),
                ("fc00:f853:ccd:e793::3/64", "fc00:f853:ccd:e793::1"),
            ],
        },
        Some("fd00:10:244::/56"),
    ) else {
        return;
    };
    assert_eq!(bench.add("a"), ips(&["10.244.1.2", "fd00:10:244:1::2"]));
    assert_eq!(bench.add("b"), ips(&["10.244.1.3", "fd00:10:244:1::3"]));
    bench.del("a");
    bench.del("b");
}
