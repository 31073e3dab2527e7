//! Invariants of the bridge model under any sequence of pod ADDs and DELs on one flannel node (a /28, so
//! the range fills up and wraps).
// Property tests run natively only (proptest needs an OS entropy source).
#![cfg(not(target_arch = "wasm32"))]

use podip::ipam::bridge::{cmd_add, cmd_del, CmdArgs};
use podip::ipam::hostlocal::Store;
use podip::ipam::ptp::iproute2::ip_route_lines;
use podip::ipam::ptp::{Entropy, LinkKind, MacAddr, NetNs, Uplink};
use proptest::prelude::*;
use std::collections::BTreeMap;

const DELEGATE: &str = r#"{"cniVersion":"0.3.1","hairpinMode":true,"ipMasq":false,"ipam":{"ranges":[[{"subnet":"10.244.1.0/28"}]],"routes":[{"dst":"10.244.0.0/16"}],"type":"host-local"},"isDefaultGateway":true,"isGateway":true,"mtu":1450,"name":"cbr0","type":"bridge"}"#;

fn args(id: &str) -> CmdArgs<'_> {
    CmdArgs {
        container_id: id,
        if_name: "eth0",
        args: "",
        stdin: DELEGATE.as_bytes(),
    }
}

proptest! {
    /// Once the first pod came, `cni0` is there for good, with the gateway and the one connected route;
    /// its ports are exactly the live pods' host veths, each with hairpin on and the delegate's MTU; it
    /// has a carrier exactly while it has a port, and host-local holds one file per live pod.
    #[test]
    fn the_bridge_holds_exactly_the_live_pods(ops in prop::collection::vec((any::<bool>(), 0u8..20), 1..60)) {
        let mut node = NetNs::node(&Uplink {
            addresses: vec!["172.18.0.3/16".parse().unwrap()],
            gateways: vec!["172.18.0.1".parse().unwrap()],
            mtu: 1500,
            mac: MacAddr([2, 0x42, 0xac, 0x12, 0, 3]),
            peer_ifindex: 9,
            first_free_ifindex: 2,
        });
        let (mut disk, mut entropy) = (None::<Store>, Entropy::from_seed(9));
        let mut live: BTreeMap<String, (NetNs, String)> = BTreeMap::new();
        for (add, n) in ops {
            let id = format!("pod-{n}");
            if add && !live.contains_key(&id) {
                let mut pod = NetNs::pod(format!("cni-{n}"), 2);
                match cmd_add(&mut node, &mut pod, args(&id), &mut disk, &mut entropy) {
                    Ok(result) => {
                        live.insert(id, (pod, result.interfaces[1].name.clone()));
                    }
                    Err(err) => {
                        // Only a full range fails; the runtime's DEL removes the pair it left.
                        prop_assert!(err.to_string().contains("no IP addresses available"), "{}", err);
                        cmd_del(&mut node, Some(&mut pod), args(&id), &mut disk).unwrap();
                    }
                }
            } else if let Some((mut pod, _)) = live.remove(&id) {
                cmd_del(&mut node, Some(&mut pod), args(&id), &mut disk).unwrap();
            }
            let Some(cni0) = node.link_by_name("cni0") else {
                prop_assert!(live.is_empty());
                continue;
            };
            let cni0 = cni0.clone();
            let ports: Vec<String> = node.ports(cni0.ifindex).map(|l| l.name.to_string()).collect();
            let mut veths: Vec<String> = live.values().map(|(_, veth)| veth.clone()).collect();
            veths.sort();
            let mut sorted_ports = ports.clone();
            sorted_ports.sort();
            prop_assert_eq!(sorted_ports, veths);
            prop_assert!(node.ports(cni0.ifindex).all(|l| l.mtu == 1450 && l.port.is_some_and(|p| p.hairpin)));
            prop_assert_eq!(cni0.kind.clone(), LinkKind::Bridge { carrier: !live.is_empty() });
            prop_assert_eq!(cni0.mtu, if live.is_empty() { 1500 } else { 1450 });
            prop_assert!(cni0.addrs.iter().any(|a| a.local.to_string() == "10.244.1.1/28"));
            let connected = ip_route_lines(&node)
                .into_iter()
                .filter(|r| r.starts_with("10.244.1.0/28 dev cni0 proto kernel"))
                .count();
            prop_assert_eq!(connected, 1);
            prop_assert_eq!(disk.as_ref().map_or(0, Store::reserved_count), live.len());
        }
    }
}
