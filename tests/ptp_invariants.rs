//! Invariants of the veth model under any sequence of pod ADDs and DELs on one node.
// Property tests run natively only (proptest needs an OS entropy source).
#![cfg(not(target_arch = "wasm32"))]

use podip::ipam::cni::{CniResult, IpConfig, Route};
use podip::ipam::ptp::iproute2::ip_route_lines;
use podip::ipam::ptp::{
    cmd_add, cmd_del, Entropy, LinkKind, LinkNetns, MacAddr, NetNs, NetNsId, Uplink,
};
use proptest::prelude::*;
use std::collections::HashSet;

fn node() -> NetNs {
    NetNs::node(&Uplink {
        addresses: vec!["172.18.0.3/16".parse().unwrap()],
        gateways: vec!["172.18.0.1".parse().unwrap()],
        mtu: 65535,
        mac: MacAddr([0x02, 0x42, 0xac, 0x12, 0x00, 0x03]),
        peer_ifindex: 9,
        first_free_ifindex: 2,
    })
}

fn ipam(host: u8) -> CniResult {
    CniResult {
        cni_version: "0.3.1".into(),
        interfaces: vec![],
        ips: vec![IpConfig {
            interface: None,
            address: format!("10.244.1.{host}/24").parse().unwrap(),
            gateway: Some("10.244.1.1".parse().unwrap()),
        }],
        routes: vec![Route {
            dst: "0.0.0.0/0".parse().unwrap(),
            gw: None,
        }],
    }
}

/// `Some(i)`: delete the i-th live pod (mod count); `None`: add a pod.
fn ops() -> impl Strategy<Value = Vec<Option<usize>>> {
    prop::collection::vec(prop::option::of(0usize..64), 1..60)
}

proptest! {
    /// Whatever pods come and go: ifindexes are unique in every namespace, every host veth's peer is a live
    /// pod's eth0 that points back at it, and the node has exactly one `scope host` route per live pod.
    #[test]
    fn veth_pairs_stay_paired(seed in any::<u64>(), ops in ops()) {
        let mut node = node();
        let mut entropy = Entropy::from_seed(seed);
        let mut pods: Vec<NetNs> = Vec::new();
        let mut next_host = 2u8;
        for op in ops {
            match op {
                Some(i) if !pods.is_empty() => {
                    let mut pod = pods.remove(i % pods.len());
                    prop_assert!(cmd_del(&mut node, Some(&mut pod), "eth0").is_some());
                }
                _ => {
                    let mut pod = NetNs::pod(entropy.netns_name(), 2);
                    cmd_add(&mut node, &mut pod, "eth0", ipam(next_host), 65535, &mut entropy).unwrap();
                    next_host = next_host % 250 + 2;
                    pods.push(pod);
                }
            }
        }

        for ns in pods.iter().chain(std::iter::once(&node)) {
            let indexes: Vec<u32> = ns.ifindexes().collect();
            let unique: HashSet<u32> = indexes.iter().copied().collect();
            prop_assert_eq!(unique.len(), indexes.len());
        }
        let host_veths: Vec<_> = node.links().iter().filter(|l| l.name.starts_with("veth")).collect();
        prop_assert_eq!(host_veths.len(), pods.len());
        for veth in host_veths {
            let LinkKind::Veth { peer_ifindex, peer_netns: LinkNetns::Named(name) } = &veth.kind else {
                panic!("host veth {} does not name its pod netns", veth.name);
            };
            let pod = pods.iter().find(|p| p.id() == &NetNsId::Named(name.clone())).unwrap();
            let eth0 = pod.link_by_index(*peer_ifindex).unwrap();
            prop_assert_eq!(&eth0.name, "eth0");
            prop_assert_eq!(&eth0.kind, &LinkKind::Veth { peer_ifindex: veth.ifindex, peer_netns: LinkNetns::Id(0) });
        }
        let host_routes = ip_route_lines(&node).iter().filter(|l| l.ends_with("scope host")).count();
        prop_assert_eq!(host_routes, pods.len());
    }

    /// The same seed replays the same namespaces, byte for byte.
    #[test]
    fn a_seed_replays_exactly(seed in any::<u64>(), count in 1u8..8) {
        let build = || {
            let mut node = node();
            let mut entropy = Entropy::from_seed(seed);
            let pods: Vec<NetNs> = (0..count)
                .map(|n| {
                    let mut pod = NetNs::pod(entropy.netns_name(), 2);
                    cmd_add(&mut node, &mut pod, "eth0", ipam(n + 2), 65535, &mut entropy).unwrap();
                    pod
                })
                .collect();
            (node, pods)
        };
        prop_assert_eq!(build(), build());
    }
}
