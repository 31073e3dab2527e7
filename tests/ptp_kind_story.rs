//! ptp on a kind worker, against the measured story (pods .189/.190/.191 on 10.244.1.0/24; pod `eth0@if704`,
//! node `veth25040d0e@if11`, `10.244.1.189 dev veth25040d0e scope host`) and ptp.go's cmdAdd/cmdDel.

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::ipam::cni::{CniResult, IpConfig, Route};
use podip::ipam::ptp::iproute2::{ip6_route_lines, ip_addr_lines, ip_link_lines, ip_route_lines};
use podip::ipam::ptp::{cmd_add, cmd_del, Entropy, MacAddr, NetNs, PtpError, Uplink};

fn kind_worker() -> NetNs {
    NetNs::node(&Uplink {
        addresses: vec!["172.18.0.3/16".parse().unwrap()],
        gateways: vec!["172.18.0.1".parse().unwrap()],
        mtu: 65535,
        mac: MacAddr([0x02, 0x42, 0xac, 0x12, 0x00, 0x03]),
        peer_ifindex: 9,
        first_free_ifindex: 2,
    })
}

/// What host-local returns for kindnet's single-stack conflist.
fn host_local_v4(ip: &str) -> CniResult {
    CniResult {
        cni_version: "0.3.1".into(),
        interfaces: vec![],
        ips: vec![IpConfig {
            interface: None,
            address: format!("{ip}/24").parse().unwrap(),
            gateway: Some("10.244.1.1".parse().unwrap()),
        }],
        routes: vec![Route {
            dst: "0.0.0.0/0".parse().unwrap(),
            gw: None,
        }],
    }
}

/// A pod netns as the measured Docker Desktop kernel makes it: lo plus nine fallback tunnels, so eth0 is 11.
fn measured_pod(entropy: &mut Entropy) -> NetNs {
    NetNs::pod(entropy.netns_name(), 11)
}

#[test]
fn three_pods_get_paired_veths_and_the_measured_routes() {
    let mut node = kind_worker();
    let mut entropy = Entropy::from_seed(2026);
    let mut pods = Vec::new();
    for ip in ["10.244.1.189", "10.244.1.190", "10.244.1.191"] {
        let mut pod = measured_pod(&mut entropy);
        let result = cmd_add(
            &mut node,
            &mut pod,
            "eth0",
            host_local_v4(ip),
            65535,
            &mut entropy,
        )
        .unwrap();
        pods.push((ip, pod, result));
    }

    for (n, (ip, pod, result)) in pods.iter().enumerate() {
        let host_ifindex = 3 + n as u32;
        let host = &result.interfaces[0];
        let eth0 = pod.link_by_name("eth0").unwrap();
        assert_eq!(eth0.ifindex, 11);
        assert!(ip_link_lines(pod)[1].starts_with(&format!(
            "11: eth0@if{host_ifindex}: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 65535 qdisc noqueue state UP \
             mode DEFAULT group default qlen 1000\\    link/ether {} brd ff:ff:ff:ff:ff:ff link-netnsid 0",
            eth0.mac
        )));
        assert_eq!(
            ip_route_lines(pod),
            [
                "default via 10.244.1.1 dev eth0".to_string(),
                format!("10.244.1.0/24 via 10.244.1.1 dev eth0 src {ip}"),
                format!("10.244.1.1 dev eth0 scope link src {ip}"),
            ]
        );
        let netns_name = pod.path().trim_start_matches("/var/run/netns/").to_string();
        assert_eq!(
            ip_link_lines(&node)[host_ifindex as usize - 1],
            format!(
                "{host_ifindex}: {}@if11: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 65535 qdisc noqueue state UP \
                 mode DEFAULT group default qlen 1000\\    link/ether {} brd ff:ff:ff:ff:ff:ff link-netns {netns_name}",
                host.name, host.mac
            )
        );
        // Result: [host veth, eth0 in the sandbox], every IP on interface 1.
        assert_eq!(result.interfaces[1].name, "eth0");
        assert_eq!(result.interfaces[1].sandbox, pod.path());
        assert!(result.interfaces[0].sandbox.is_empty());
        assert!(result.ips.iter().all(|ipc| ipc.interface == Some(1)));
    }

    let veth = |n: usize| pods[n].2.interfaces[0].name.clone();
    assert_eq!(
        ip_route_lines(&node),
        [
            "default via 172.18.0.1 dev eth0".to_string(),
            format!("10.244.1.189 dev {} scope host", veth(0)),
            format!("10.244.1.190 dev {} scope host", veth(1)),
            format!("10.244.1.191 dev {} scope host", veth(2)),
            "172.18.0.0/16 dev eth0 proto kernel scope link src 172.18.0.3".to_string(),
        ]
    );
}

#[test]
fn addresses_match_ip_addr_in_pod_and_on_node() {
    let mut node = kind_worker();
    let mut entropy = Entropy::from_seed(1);
    let mut pod = measured_pod(&mut entropy);
    let result = cmd_add(
        &mut node,
        &mut pod,
        "eth0",
        host_local_v4("10.244.1.189"),
        65535,
        &mut entropy,
    )
    .unwrap();
    let eth0 = pod.link_by_name("eth0").unwrap();
    let link_local = eth0.mac.eui64_link_local();
    assert_eq!(
        ip_addr_lines(&pod),
        [
            "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000".to_string(),
            "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00".into(),
            "    inet 127.0.0.1/8 scope host lo".into(),
            "       valid_lft forever preferred_lft forever".into(),
            "    inet6 ::1/128 scope host".into(),
            "       valid_lft forever preferred_lft forever".into(),
            "11: eth0@if3: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 65535 qdisc noqueue state UP group default qlen 1000"
                .into(),
            format!("    link/ether {} brd ff:ff:ff:ff:ff:ff link-netnsid 0", eth0.mac),
            "    inet 10.244.1.189/24 brd 10.244.1.255 scope global eth0".into(),
            "       valid_lft forever preferred_lft forever".into(),
            format!("    inet6 {link_local}/64 scope link"),
            "       valid_lft forever preferred_lft forever".into(),
        ]
    );
    let host = node.link_by_name(&result.interfaces[0].name).unwrap();
    let host_lines: Vec<String> = ip_addr_lines(&node)
        .into_iter()
        .skip_while(|l| !l.starts_with("3: "))
        .collect();
    assert_eq!(
        host_lines[2],
        format!("    inet 10.244.1.1/32 scope global {}", host.name)
    );
    assert_eq!(
        host_lines[4],
        format!("    inet6 {}/64 scope link", host.mac.eui64_link_local())
    );
    // The pod's IPv6 table holds only what the kernel adds on its own.
    assert_eq!(
        ip6_route_lines(&pod),
        [
            "::1 dev lo proto kernel metric 256 pref medium",
            "fe80::/64 dev eth0 proto kernel metric 256 pref medium"
        ]
    );
}

#[test]
fn the_measured_link_local_follows_from_the_measured_mac() {
    // Pod a: link/ether 36:5b:27:4a:97:ab, inet6 fe80::345b:27ff:fe4a:97ab/64.
    let mac = MacAddr([0x36, 0x5b, 0x27, 0x4a, 0x97, 0xab]);
    assert_eq!(mac.to_string(), "36:5b:27:4a:97:ab");
    assert_eq!(
        mac.eui64_link_local().to_string(),
        "fe80::345b:27ff:fe4a:97ab"
    );
}

#[test]
fn churned_node_reaches_the_measured_ifindex_704() {
    let mut node = kind_worker();
    let mut entropy = Entropy::from_seed(704);
    // eth0 is 2; 701 pods come and go (veths 3…703), and ifindexes are never reused.
    for _ in 0..701 {
        let mut pod = measured_pod(&mut entropy);
        cmd_add(
            &mut node,
            &mut pod,
            "eth0",
            host_local_v4("10.244.1.100"),
            65535,
            &mut entropy,
        )
        .unwrap();
        assert!(cmd_del(&mut node, Some(&mut pod), "eth0").is_some());
    }
    let mut pod = measured_pod(&mut entropy);
    let result = cmd_add(
        &mut node,
        &mut pod,
        "eth0",
        host_local_v4("10.244.1.189"),
        65535,
        &mut entropy,
    )
    .unwrap();
    let veth = &result.interfaces[0].name;
    assert!(ip_link_lines(&pod)[1].starts_with("11: eth0@if704: "));
    assert!(ip_link_lines(&node)[2].starts_with(&format!("704: {veth}@if11: ")));
    assert!(ip_route_lines(&node).contains(&format!("10.244.1.189 dev {veth} scope host")));
}

#[test]
fn del_removes_the_pair_and_the_host_route_and_is_idempotent() {
    let mut node = kind_worker();
    let mut entropy = Entropy::from_seed(3);
    let mut b = measured_pod(&mut entropy);
    let mut d = measured_pod(&mut entropy);
    cmd_add(
        &mut node,
        &mut b,
        "eth0",
        host_local_v4("10.244.1.190"),
        65535,
        &mut entropy,
    )
    .unwrap();
    let d_result = cmd_add(
        &mut node,
        &mut d,
        "eth0",
        host_local_v4("10.244.1.192"),
        65535,
        &mut entropy,
    )
    .unwrap();
    let veths = |node: &NetNs| {
        node.links()
            .iter()
            .filter(|l| l.name.starts_with("veth"))
            .count()
    };
    assert_eq!(veths(&node), 2);

    let removed = cmd_del(&mut node, Some(&mut d), "eth0").unwrap();
    assert_eq!(removed.name.as_str(), d_result.interfaces[0].name);
    assert_eq!(veths(&node), 1);
    assert!(d.link_by_name("eth0").is_none());
    assert!(ip_route_lines(&d).is_empty());
    assert!(!ip_route_lines(&node)
        .iter()
        .any(|l| l.starts_with("10.244.1.192 ")));
    assert!(ip_route_lines(&node)
        .iter()
        .any(|l| l.starts_with("10.244.1.190 ")));

    // Repeated DEL, DEL for a vanished netns, DEL of a name that never existed: all success, no change.
    let before = node.clone();
    assert!(cmd_del(&mut node, Some(&mut d), "eth0").is_none());
    assert!(cmd_del(&mut node, None, "eth0").is_none());
    assert!(cmd_del(&mut node, Some(&mut b), "net1").is_none());
    assert_eq!(node, before);
}

#[test]
fn add_errors_carry_upstream_text() {
    let mut node = kind_worker();
    let mut entropy = Entropy::from_seed(4);
    let mut pod = measured_pod(&mut entropy);
    let empty = CniResult {
        cni_version: "0.3.1".into(),
        ..CniResult::default()
    };
    let err = cmd_add(
        &mut node,
        &mut pod,
        "eth0",
        empty.clone(),
        65535,
        &mut entropy,
    )
    .unwrap_err();
    assert_eq!(err, PtpError::MissingIpConfig);
    assert_eq!(err.to_string(), "IPAM plugin returned missing IP config");

    let err = cmd_add(
        &mut node,
        &mut pod,
        "eth0",
        host_local_v4("10.244.1.2"),
        65536,
        &mut entropy,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "failed to make veth pair: invalid argument"
    );

    // A second ADD into the same netns: eth0 exists there, the peer name does not, so no retry.
    cmd_add(
        &mut node,
        &mut pod,
        "eth0",
        host_local_v4("10.244.1.2"),
        65535,
        &mut entropy,
    )
    .unwrap();
    let mut probe = entropy.clone();
    let next_name = probe.random_veth_name();
    let err = cmd_add(
        &mut node,
        &mut pod,
        "eth0",
        host_local_v4("10.244.1.3"),
        65535,
        &mut entropy,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("container veth name (\"eth0\") peer provided (\"{next_name}\") already exists")
    );
}

#[test]
fn unset_mtu_is_the_kernel_default() {
    let mut node = kind_worker();
    let mut entropy = Entropy::from_seed(5);
    let mut pod = measured_pod(&mut entropy);
    let result = cmd_add(
        &mut node,
        &mut pod,
        "eth0",
        host_local_v4("10.244.1.2"),
        0,
        &mut entropy,
    )
    .unwrap();
    assert_eq!(pod.link_by_name("eth0").unwrap().mtu, 1500);
    assert_eq!(
        node.link_by_name(&result.interfaces[0].name).unwrap().mtu,
        1500
    );
}
