//! Host veth names: `RandomVethName` (`veth` + 8 hex digits from 4 random bytes) and `makeVeth`'s retry,
//! which only happens when the kernel says "exists" *and* the pod namespace has a link of the peer's name.

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::ipam::cni::{CniResult, IpConfig};
use podip::ipam::ptp::{cmd_add, Entropy, MacAddr, NetNs, PtpError, Uplink};
use std::rc::Rc;

fn node() -> NetNs {
    NetNs::node(&Uplink {
        addresses: vec!["172.18.0.3/16".parse().unwrap()],
        gateways: vec!["172.18.0.1".parse().unwrap()],
        mtu: 1500,
        mac: MacAddr([0x02, 0x42, 0xac, 0x12, 0x00, 0x03]),
        peer_ifindex: 9,
        first_free_ifindex: 2,
    })
}

/// A host-local result on `10.244.1.0/24`.
fn ipam(ip: &str) -> CniResult {
    ipam_in(ip, "10.244.1.1")
}

/// A host-local result in the /24 whose gateway is `gateway`. Extra interfaces in one pod need their own
/// subnet: ptp's exclusive `<gateway>/32` route would otherwise clash with the first interface's.
fn ipam_in(ip: &str, gateway: &str) -> CniResult {
    CniResult {
        cni_version: "0.3.1".into(),
        interfaces: vec![],
        ips: vec![IpConfig {
            interface: None,
            address: format!("{ip}/24").parse().unwrap(),
            gateway: Some(gateway.parse().unwrap()),
        }],
        routes: vec![],
    }
}

/// Runs ADDs for `count` pods from one seed; returns (host veth name, host MAC, pod MAC) per pod.
fn run(seed: u64, count: u8) -> Vec<(String, String, String)> {
    let mut node = node();
    let mut entropy = Entropy::from_seed(seed);
    (0..count)
        .map(|n| {
            let mut pod = NetNs::pod(entropy.netns_name(), 2);
            let r = cmd_add(
                &mut node,
                &mut pod,
                "eth0",
                ipam(&format!("10.244.1.{}", n + 2)),
                1500,
                &mut entropy,
            )
            .unwrap();
            (
                r.interfaces[0].name.clone(),
                r.interfaces[0].mac.clone(),
                r.interfaces[1].mac.clone(),
            )
        })
        .collect()
}

#[test]
fn same_seed_same_names_and_macs() {
    assert_eq!(run(42, 5), run(42, 5));
    assert_ne!(run(42, 5), run(43, 5));
}

#[test]
fn names_and_macs_have_the_kernel_shapes() {
    for (name, host_mac, pod_mac) in run(7, 20) {
        assert_eq!(name.len(), 12);
        assert!(name.starts_with("veth"));
        assert!(name[4..]
            .chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        for mac in [host_mac, pod_mac] {
            let first = u8::from_str_radix(&mac[..2], 16).unwrap();
            assert_eq!(first & 0x01, 0, "unicast: {mac}");
            assert_eq!(first & 0x02, 0x02, "locally administered: {mac}");
        }
    }
}

#[test]
fn netns_names_look_like_containerds() {
    let name = Entropy::from_seed(1).netns_name();
    let parts: Vec<&str> = name.trim_start_matches("cni-").split('-').collect();
    assert!(name.starts_with("cni-"));
    assert_eq!(
        parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
        [8, 4, 4, 4, 12]
    );
    assert_eq!(
        NetNs::pod(Rc::clone(&name), 2).path(),
        format!("/var/run/netns/{name}")
    );
}

#[test]
fn retries_when_the_name_is_taken_on_the_node_and_present_in_the_pod() {
    let mut node = node();
    let seed = 11;
    // Pod A takes the first name seed 11 draws.
    let mut pod_a = NetNs::pod("cni-a", 2);
    let first = cmd_add(
        &mut node,
        &mut pod_a,
        "eth0",
        ipam("10.244.1.2"),
        1500,
        &mut Entropy::from_seed(seed),
    )
    .unwrap()
    .interfaces[0]
        .name
        .clone();
    // Pod B already has a link called like that (a second interface named after it).
    let mut pod_b = NetNs::pod("cni-b", 2);
    cmd_add(
        &mut node,
        &mut pod_b,
        &first,
        ipam_in("10.244.9.3", "10.244.9.1"),
        1500,
        &mut Entropy::from_seed(99),
    )
    .unwrap();

    let mut probe = Entropy::from_seed(seed);
    let expected =
        [probe.random_veth_name(), probe.random_veth_name()].map(|name| name.to_string());
    assert_eq!(expected[0], first);
    let result = cmd_add(
        &mut node,
        &mut pod_b,
        "eth0",
        ipam("10.244.1.4"),
        1500,
        &mut Entropy::from_seed(seed),
    )
    .unwrap();
    assert_eq!(result.interfaces[0].name, expected[1]);
}

#[test]
fn a_clash_on_the_node_alone_is_an_error_not_a_retry() {
    let mut node = node();
    let mut pod_a = NetNs::pod("cni-a", 2);
    let first = cmd_add(
        &mut node,
        &mut pod_a,
        "eth0",
        ipam("10.244.1.2"),
        1500,
        &mut Entropy::from_seed(12),
    )
    .unwrap()
    .interfaces[0]
        .name
        .clone();
    let mut pod_b = NetNs::pod("cni-b", 2);
    let err = cmd_add(
        &mut node,
        &mut pod_b,
        "eth0",
        ipam("10.244.1.3"),
        1500,
        &mut Entropy::from_seed(12),
    )
    .unwrap_err();
    assert_eq!(
        err,
        PtpError::VethExists {
            container: "eth0".into(),
            peer: first.clone()
        }
    );
    assert_eq!(
        err.to_string(),
        format!("container veth name (\"eth0\") peer provided (\"{first}\") already exists")
    );
}

#[test]
fn ten_clashes_exhaust_the_retries() {
    let mut node = node();
    let seed = 13;
    let mut probe = Entropy::from_seed(seed);
    let names: Vec<String> = (0..10)
        .map(|_| probe.random_veth_name().to_string())
        .collect();
    // The pod holds eth0 and a link for each of the ten names, so each attempt gets "exists" and retries.
    let mut pod = NetNs::pod("cni-full", 2);
    let mut other = Entropy::from_seed(1000);
    for (n, name) in ["eth0".to_string()].iter().chain(&names).enumerate() {
        let ipam = ipam_in(
            &format!("10.244.{}.2", n + 1),
            &format!("10.244.{}.1", n + 1),
        );
        cmd_add(&mut node, &mut pod, name, ipam.clone(), 1500, &mut other).unwrap();
    }
    let err = cmd_add(
        &mut node,
        &mut pod,
        "eth0",
        ipam("10.244.1.100"),
        1500,
        &mut Entropy::from_seed(seed),
    )
    .unwrap_err();
    assert_eq!(err, PtpError::NoUniqueVethName);
    assert_eq!(err.to_string(), "failed to find a unique veth name");
}
