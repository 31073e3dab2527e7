//! The bridge plugin against upstream's own tests (`plugins/main/bridge/bridge_test.go`) where they apply
//! without a kernel: the ADD/DEL table's gateway addresses, interfaces and default routes, the stable
//! bridge MAC, the IP released when ADD fails after IPAM, the VLAN-ID check, the refused flag pairs, and
//! DEL of an unconfigured bridge; then the node and pod flannel's delegate leaves (BEHAVIOUR.md §9).

use podip::ipam::bridge::{cmd_add, cmd_del, netconf::load_net_conf, CmdArgs};
use podip::ipam::hostlocal::Store;
use podip::ipam::ptp::iproute2::{bridge_link_lines, ip_link_show_master_lines, ip_route_lines};
use podip::ipam::ptp::sysctl::sysctl_lines;
use podip::ipam::ptp::{Entropy, LinkKind, MacAddr, NetNs, Uplink};

/// `BRNAME` of the upstream tests.
const BRNAME: &str = "bridge0";

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

/// `testCase.netConfJSON` for a layer-3 bridge with `isDefaultGateway` and the given ranges.
fn conf(subnets: &[&str]) -> String {
    let ranges: Vec<String> = subnets
        .iter()
        .map(|s| format!(r#"[{{"subnet":"{s}"}}]"#))
        .collect();
    format!(
        r#"{{"cniVersion":"1.0.0","name":"testConfig","type":"bridge","bridge":"{BRNAME}","isDefaultGateway":true,
            "ipam":{{"type":"host-local","dataDir":"/tmp/bridge-test","ranges":[{}]}}}}"#,
        ranges.join(",")
    )
}

fn args<'a>(id: &'a str, stdin: &'a str) -> CmdArgs<'a> {
    CmdArgs {
        container_id: id,
        if_name: "eth0",
        args: "",
        stdin: stdin.as_bytes(),
    }
}

/// "configures and deconfigures a bridge and veth with default route with ADD/DEL": (subnets, expGWCIDRs).
#[test]
fn the_add_del_table() {
    for (subnets, exp_gw_cidrs) in [
        (&["10.1.2.0/24"][..], &["10.1.2.1/24"][..]),
        (&["2001:db8::0/64"], &["2001:db8::1/64"]),
        (
            &["192.168.0.0/24", "fd00::0/64"],
            &["192.168.0.1/24", "fd00::1/64"],
        ),
        (
            &["192.168.0.0/24", "fd00::0/64", "2001:db8::0/64"],
            &["192.168.0.1/24", "fd00::1/64", "2001:db8::1/64"],
        ),
    ] {
        let stdin = conf(subnets);
        let (mut node, mut disk, mut entropy) = (node(), None::<Store>, Entropy::from_seed(1));
        let mut pod = NetNs::pod("cni-test", 2);
        let result = cmd_add(
            &mut node,
            &mut pod,
            args("dummy", &stdin),
            &mut disk,
            &mut entropy,
        )
        .unwrap_or_else(|err| panic!("{subnets:?}: {err}"));
        let names: Vec<&str> = result.interfaces.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names.len(), 3);
        assert_eq!((names[0], names[2]), (BRNAME, "eth0"));
        assert!(names[1].starts_with("veth"));
        assert!(result.interfaces.iter().all(|i| i.mac.len() == 17));
        assert_eq!(result.interfaces[2].sandbox, pod.path());

        let bridge = node.link_by_name(BRNAME).unwrap();
        assert!(matches!(bridge.kind, LinkKind::Bridge { carrier: true }));
        assert_eq!(bridge.mac.text(), result.interfaces[0].mac);
        let bridge_addrs: Vec<String> = bridge.addrs.iter().map(|a| a.local.to_string()).collect();
        for cidr in exp_gw_cidrs {
            assert!(
                bridge_addrs.contains(&cidr.to_string()),
                "{subnets:?}: {cidr} on the bridge"
            );
        }
        // The veth's MAC differs from the bridge's.
        let veth = node.link_by_name(names[1]).unwrap();
        assert_ne!(veth.mac, bridge.mac);
        assert_eq!(veth.port.map(|p| p.master), Some(bridge.ifindex));
        // The pod: one address per range, and a default route per family via the first gateway.
        assert!(result.ips.iter().all(|ip| ip.interface == Some(2)));
        for gw in exp_gw_cidrs {
            let gw = gw.split('/').next().unwrap();
            let default = if gw.contains(':') {
                "::/0"
            } else {
                "0.0.0.0/0"
            };
            let want_first = exp_gw_cidrs
                .iter()
                .find(|c| c.contains(':') == gw.contains(':'));
            if want_first.is_some_and(|first| first.starts_with(gw)) {
                assert!(result
                    .routes
                    .iter()
                    .any(|r| r.dst.to_string() == default && r.gw.unwrap().to_string() == gw));
            }
        }

        cmd_del(&mut node, Some(&mut pod), args("dummy", &stdin), &mut disk).unwrap();
        assert!(node.link_by_name(names[1]).is_none(), "the veth goes");
        assert!(node.link_by_name(BRNAME).is_some(), "the bridge stays");
        assert_eq!(disk.unwrap().reserved_count(), 0);
    }
}

/// "creates a bridge with a stable MAC addresses": the bridge keeps its MAC through ADD and DEL.
#[test]
fn the_bridge_mac_is_stable() {
    let stdin = conf(&["10.1.2.0/24"]);
    let (mut node, mut disk, mut entropy) = (node(), None, Entropy::from_seed(3));
    let mut macs = Vec::new();
    for id in ["a", "b"] {
        let mut pod = NetNs::pod(format!("cni-{id}"), 2);
        cmd_add(
            &mut node,
            &mut pod,
            args(id, &stdin),
            &mut disk,
            &mut entropy,
        )
        .unwrap();
        macs.push(node.link_by_name(BRNAME).unwrap().mac);
        cmd_del(&mut node, Some(&mut pod), args(id, &stdin), &mut disk).unwrap();
        macs.push(node.link_by_name(BRNAME).unwrap().mac);
    }
    assert!(macs.windows(2).all(|w| w[0] == w[1]));
}

/// "checks ip release in case of error": a failure after IPAM (here `ensureAddr` finding another IPv4
/// address on the bridge) gives the address back.
#[test]
fn a_failure_after_ipam_releases_the_ip() {
    let (mut node, mut disk, mut entropy) = (node(), None::<Store>, Entropy::from_seed(4));
    let first = conf(&["10.1.2.0/24"]);
    let mut pod = NetNs::pod("cni-a", 2);
    cmd_add(
        &mut node,
        &mut pod,
        args("a", &first),
        &mut disk,
        &mut entropy,
    )
    .unwrap();
    let before = disk.as_ref().unwrap().reserved_count();
    let other = conf(&["10.1.3.0/24"]);
    let mut pod_b = NetNs::pod("cni-b", 2);
    let err = cmd_add(
        &mut node,
        &mut pod_b,
        args("b", &other),
        &mut disk,
        &mut entropy,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"failed to set bridge addr: "bridge0" already has an IP address different from 10.1.3.1/24"#
    );
    assert_eq!(disk.unwrap().reserved_count(), before);
}

/// "check vlan id when loading net conf".
#[test]
fn the_vlan_id_check() {
    for (vlan, err) in [
        (0, None),
        (
            -100,
            Some("invalid VLAN ID -100 (must be between 0 and 4094)"),
        ),
        (
            5000,
            Some("invalid VLAN ID 5000 (must be between 0 and 4094)"),
        ),
    ] {
        let json = format!(
            r#"{{"cniVersion":"1.0.0","name":"testConfig","type":"bridge","vlan":{vlan}}}"#
        );
        let got = load_net_conf(json.as_bytes()).err().map(|e| e.to_string());
        assert_eq!(got.as_deref(), err);
    }
}

/// The flag pairs cmdAdd refuses before it touches anything.
#[test]
fn refused_flag_pairs() {
    for (extra, want) in [
        (
            r#""hairpinMode":true,"promiscMode":true"#,
            "cannot set hairpin mode and promiscuous mode at the same time",
        ),
        (
            r#""disableContainerInterface":true,"ipam":{"type":"host-local"}"#,
            "cannot use IPAM when DisableContainerInterface flag is set",
        ),
    ] {
        let stdin = format!(r#"{{"cniVersion":"1.0.0","name":"n","type":"bridge",{extra}}}"#);
        let (mut node, mut disk, mut entropy) = (node(), None, Entropy::from_seed(5));
        let mut pod = NetNs::pod("cni-x", 2);
        let err = cmd_add(
            &mut node,
            &mut pod,
            args("x", &stdin),
            &mut disk,
            &mut entropy,
        )
        .unwrap_err();
        assert_eq!(err.to_string(), want);
        assert!(node.link_by_name("cni0").is_none());
    }
}

/// "deconfigures an unconfigured bridge with DEL", and DEL without a namespace.
#[test]
fn del_of_nothing_succeeds() {
    let stdin = conf(&["10.1.2.0/24"]);
    let (mut node, mut disk) = (node(), None);
    cmd_del(&mut node, None, args("nobody", &stdin), &mut disk).unwrap();
    let mut pod = NetNs::pod("cni-empty", 2);
    cmd_del(&mut node, Some(&mut pod), args("nobody", &stdin), &mut disk).unwrap();
}

/// flannel's delegate on a kubeadm worker, as observed with the real plugins (BEHAVIOUR.md §9): the
/// connected route on `cni0`, the pod's three routes, hairpin on, the sysctls; after the last DEL the
/// bridge stays without a carrier, its MTU back to 1500, its routes `linkdown`.
#[test]
fn flannels_delegate_on_a_worker() {
    let stdin = r#"{"cniVersion":"0.3.1","hairpinMode":true,"ipMasq":false,"ipam":{"ranges":[[{"subnet":"10.244.1.0/24"}]],"routes":[{"dst":"10.244.0.0/16"}],"type":"host-local"},"isDefaultGateway":true,"isGateway":true,"mtu":1450,"name":"cbr0","type":"bridge"}"#;
    let (mut node, mut disk, mut entropy) = (node(), None::<Store>, Entropy::from_seed(6));
    let mut pod = NetNs::pod("cni-a", 2);
    let result = cmd_add(
        &mut node,
        &mut pod,
        args("a", stdin),
        &mut disk,
        &mut entropy,
    )
    .unwrap();
    assert_eq!(disk.as_ref().unwrap().dir(), "/var/lib/cni/networks/cbr0");
    let routes: Vec<String> = result
        .routes
        .iter()
        .map(|r| format!("{} {:?}", r.dst, r.gw))
        .collect();
    assert_eq!(routes, ["10.244.0.0/16 None", "0.0.0.0/0 Some(10.244.1.1)"]);
    assert_eq!(
        ip_route_lines(&pod),
        [
            "default via 10.244.1.1 dev eth0",
            "10.244.0.0/16 via 10.244.1.1 dev eth0",
            "10.244.1.0/24 dev eth0 proto kernel scope link src 10.244.1.2",
        ]
    );
    assert!(ip_route_lines(&node)
        .contains(&"10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1".to_string()));
    let veth = &result.interfaces[1].name;
    assert_eq!(
        bridge_link_lines(&node),
        [format!(
            "4: {veth}@eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 master cni0 state forwarding priority 32 cost 2"
        )]
    );
    assert!(ip_link_show_master_lines(&node, "cni0")[0].contains(" master cni0 state UP "));
    assert_eq!(
        sysctl_lines(&node),
        [
            "net.ipv4.ip_forward = 1".to_string(),
            "net.ipv6.conf.cni0.accept_ra = 0".to_string(),
            format!("net.ipv6.conf.{veth}.accept_ra = 0"),
        ]
    );
    assert_eq!(
        sysctl_lines(&pod),
        [
            "net.ipv6.conf.eth0.accept_dad = 0",
            "net.ipv4.conf.eth0.arp_notify = 1"
        ]
    );

    cmd_del(&mut node, Some(&mut pod), args("a", stdin), &mut disk).unwrap();
    let cni0 = node.link_by_name("cni0").unwrap();
    assert!(matches!(cni0.kind, LinkKind::Bridge { carrier: false }));
    assert_eq!(cni0.mtu, 1500);
    assert!(ip_route_lines(&node).contains(
        &"10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1 linkdown".to_string()
    ));
    assert_eq!(disk.unwrap().ls(), ["last_reserved_ip.0", "lock"]);
}
