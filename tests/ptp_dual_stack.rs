//! ptp with IPv6 and dual-stack IPAM results: one IPConfig per family, routes `0.0.0.0/0` and `::/0`
//! (kindnet's dual-stack conflist), rendered as `ip -6 route` prints IPv6 (metric, `pref medium`, no scope).

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::ipam::cni::{CniResult, IpConfig, Route};
use podip::ipam::ptp::iproute2::{ip6_route_lines, ip_addr_lines, ip_route_lines};
use podip::ipam::ptp::{cmd_add, cmd_del, Entropy, MacAddr, NetNs, Uplink};

fn dual_stack_node() -> NetNs {
    NetNs::node(&Uplink {
        addresses: vec![
            "172.18.0.3/16".parse().unwrap(),
            "fc00:f853:ccd:e793::3/64".parse().unwrap(),
        ],
        gateways: vec![
            "172.18.0.1".parse().unwrap(),
            "fc00:f853:ccd:e793::1".parse().unwrap(),
        ],
        mtu: 1500,
        mac: MacAddr([0x02, 0x42, 0xac, 0x12, 0x00, 0x03]),
        peer_ifindex: 9,
        first_free_ifindex: 2,
    })
}

fn ip_config(address: &str, gateway: &str) -> IpConfig {
    IpConfig {
        interface: None,
        address: address.parse().unwrap(),
        gateway: Some(gateway.parse().unwrap()),
    }
}

fn route(dst: &str) -> Route {
    Route {
        dst: dst.parse().unwrap(),
        gw: None,
    }
}

fn ipv6_only() -> CniResult {
    CniResult {
        cni_version: "0.3.1".into(),
        interfaces: vec![],
        ips: vec![ip_config("fd00:10:244:1::2/64", "fd00:10:244:1::1")],
        routes: vec![route("::/0")],
    }
}

fn dual_stack() -> CniResult {
    CniResult {
        cni_version: "0.3.1".into(),
        interfaces: vec![],
        ips: vec![
            ip_config("10.244.1.2/24", "10.244.1.1"),
            ip_config("fd00:10:244:1::2/64", "fd00:10:244:1::1"),
        ],
        routes: vec![route("0.0.0.0/0"), route("::/0")],
    }
}

#[test]
fn ipv6_pod_routes_replace_the_connected_prefix() {
    let mut node = dual_stack_node();
    let mut entropy = Entropy::from_seed(6);
    let mut pod = NetNs::pod(entropy.netns_name(), 2);
    cmd_add(&mut node, &mut pod, "eth0", ipv6_only(), 1500, &mut entropy).unwrap();
    assert_eq!(
        ip6_route_lines(&pod),
        [
            "::1 dev lo proto kernel metric 256 pref medium",
            "fd00:10:244:1::1 dev eth0 src fd00:10:244:1::2 metric 1024 pref medium",
            "fd00:10:244:1::/64 via fd00:10:244:1::1 dev eth0 src fd00:10:244:1::2 metric 1024 pref medium",
            "fe80::/64 dev eth0 proto kernel metric 256 pref medium",
            "default via fd00:10:244:1::1 dev eth0 metric 1024 pref medium",
        ]
    );
    assert!(ip_route_lines(&pod).is_empty());
    let addrs = ip_addr_lines(&pod);
    let eth0_addrs: Vec<&String> = addrs
        .iter()
        .skip(6)
        .filter(|l| l.starts_with("    inet"))
        .collect();
    assert_eq!(eth0_addrs[0], "    inet6 fd00:10:244:1::2/64 scope global");
    assert!(
        eth0_addrs[1].starts_with("    inet6 fe80::") && eth0_addrs[1].ends_with("/64 scope link")
    );
}

#[test]
fn ipv6_host_veth_holds_the_gateway_128_and_a_route_to_the_pod() {
    let mut node = dual_stack_node();
    let mut entropy = Entropy::from_seed(6);
    let mut pod = NetNs::pod(entropy.netns_name(), 2);
    let result = cmd_add(&mut node, &mut pod, "eth0", ipv6_only(), 1500, &mut entropy).unwrap();
    let veth = &result.interfaces[0].name;
    assert_eq!(
        ip6_route_lines(&node),
        [
            "::1 dev lo proto kernel metric 256 pref medium".to_string(),
            "fc00:f853:ccd:e793::/64 dev eth0 proto kernel metric 256 pref medium".to_string(),
            format!("fd00:10:244:1::1 dev {veth} proto kernel metric 256 pref medium"),
            format!("fd00:10:244:1::2 dev {veth} metric 1024 pref medium"),
            "fe80::/64 dev eth0 proto kernel metric 256 pref medium".to_string(),
            format!("fe80::/64 dev {veth} proto kernel metric 256 pref medium"),
            "default via fc00:f853:ccd:e793::1 dev eth0 metric 1024 pref medium".to_string(),
        ]
    );
    assert!(
        ip_addr_lines(&node).contains(&"    inet6 fd00:10:244:1::1/128 scope global".to_string())
    );
}

#[test]
fn dual_stack_configures_both_families_on_one_pair() {
    let mut node = dual_stack_node();
    let mut entropy = Entropy::from_seed(8);
    let mut pod = NetNs::pod(entropy.netns_name(), 2);
    let result = cmd_add(
        &mut node,
        &mut pod,
        "eth0",
        dual_stack(),
        1500,
        &mut entropy,
    )
    .unwrap();
    let veth = result.interfaces[0].name.clone();
    assert_eq!(result.ips.len(), 2);
    assert!(result.ips.iter().all(|ipc| ipc.interface == Some(1)));
    assert_eq!(
        ip_route_lines(&pod),
        [
            "default via 10.244.1.1 dev eth0",
            "10.244.1.0/24 via 10.244.1.1 dev eth0 src 10.244.1.2",
            "10.244.1.1 dev eth0 scope link src 10.244.1.2",
        ]
    );
    assert_eq!(ip6_route_lines(&pod).len(), 5);
    assert!(ip_route_lines(&node).contains(&format!("10.244.1.2 dev {veth} scope host")));
    assert!(ip6_route_lines(&node).contains(&format!(
        "fd00:10:244:1::2 dev {veth} metric 1024 pref medium"
    )));

    let host_addrs: Vec<String> = ip_addr_lines(&node)
        .into_iter()
        .skip_while(|l| !l.starts_with("3: "))
        .filter(|l| l.starts_with("    inet"))
        .collect();
    assert_eq!(
        host_addrs[0],
        format!("    inet 10.244.1.1/32 scope global {veth}")
    );
    assert_eq!(host_addrs[1], "    inet6 fd00:10:244:1::1/128 scope global");
    assert!(host_addrs[2].ends_with("/64 scope link"));

    cmd_del(&mut node, Some(&mut pod), "eth0").unwrap();
    assert!(!ip_route_lines(&node).iter().any(|l| l.contains(&veth)));
    assert!(!ip6_route_lines(&node).iter().any(|l| l.contains(&veth)));
}

#[test]
fn every_host_veth_carries_the_same_gateway_address() {
    let mut node = dual_stack_node();
    let mut entropy = Entropy::from_seed(9);
    for host in 2..5 {
        let mut pod = NetNs::pod(entropy.netns_name(), 2);
        let mut ipam = dual_stack();
        ipam.ips[0].address = format!("10.244.1.{host}/24").parse().unwrap();
        ipam.ips[1].address = format!("fd00:10:244:1::{host}/64").parse().unwrap();
        cmd_add(
            &mut node,
            &mut pod,
            "eth0",
            ipam.clone(),
            1500,
            &mut entropy,
        )
        .unwrap();
    }
    let gateway_lines = ip_addr_lines(&node)
        .iter()
        .filter(|l| l.starts_with("    inet 10.244.1.1/32 scope global veth"))
        .count();
    assert_eq!(gateway_lines, 3);
}

#[test]
fn ptp_writes_forwarding_for_the_families_in_use_and_accept_ra_on_each_host_veth() {
    use podip::ipam::ptp::sysctl::sysctl_lines;
    // ipforward_linux.go EnableForward: one sysctl per family of the result's IPs;
    // link_linux.go SetupVethWithName: accept_ra=0 on the host end, gone with the link.
    let mut node = dual_stack_node();
    assert!(
        sysctl_lines(&node).is_empty(),
        "nothing written before the first ADD"
    );
    let mut entropy = Entropy::from_seed(6);
    let mut v6_pod = NetNs::pod(entropy.netns_name(), 2);
    let v6 = cmd_add(
        &mut node,
        &mut v6_pod,
        "eth0",
        ipv6_only(),
        1500,
        &mut entropy,
    )
    .unwrap();
    let v6_veth = v6.interfaces[0].name.clone();
    assert_eq!(
        sysctl_lines(&node),
        [
            "net.ipv6.conf.all.forwarding = 1".to_string(),
            format!("net.ipv6.conf.{v6_veth}.accept_ra = 0"),
        ]
    );
    let mut dual_pod = NetNs::pod(entropy.netns_name(), 2);
    let dual = cmd_add(
        &mut node,
        &mut dual_pod,
        "eth0",
        dual_stack(),
        1500,
        &mut entropy,
    )
    .unwrap();
    let dual_veth = dual.interfaces[0].name.clone();
    assert_eq!(
        sysctl_lines(&node),
        [
            "net.ipv4.ip_forward = 1".to_string(),
            "net.ipv6.conf.all.forwarding = 1".to_string(),
            format!("net.ipv6.conf.{v6_veth}.accept_ra = 0"),
            format!("net.ipv6.conf.{dual_veth}.accept_ra = 0"),
        ]
    );
    // The pod's own namespace gets none of them.
    assert!(sysctl_lines(&dual_pod).is_empty());
    // CNI DEL removes the veth and its accept_ra; forwarding stays on.
    cmd_del(&mut node, Some(&mut v6_pod), "eth0");
    assert_eq!(
        sysctl_lines(&node),
        [
            "net.ipv4.ip_forward = 1".to_string(),
            "net.ipv6.conf.all.forwarding = 1".to_string(),
            format!("net.ipv6.conf.{dual_veth}.accept_ra = 0"),
        ]
    );
}
