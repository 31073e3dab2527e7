//! The node's side of the machine: its namespace, cabled by its `eth0` to a namespace standing for
//! Docker's network as a kind node is, and the sysctls podip models read from it.

use super::compare::parse_mac;
use super::kernel::{header_name, Netns};
use podip::ipam::ptp::{MacAddr, Uplink};
use std::net::IpAddr;

/// The node a bench stands up.
pub struct NodeSpec {
    /// Its `spec.podCIDRs`.
    pub pod_cidrs: &'static [&'static str],
    /// Its `eth0` MTU, which kindnetd copies into the conflist.
    pub mtu: u32,
    /// Its `eth0` addresses and, for each, the default gateway (Docker's network in kind).
    pub uplink: &'static [(&'static str, &'static str)],
}

/// The node's namespace with `lo` up and an `eth0` whose peer is in a namespace standing for Docker's
/// network, addressed as `spec` says; and the [`Uplink`] that makes podip's node the same.
pub fn node_with_uplink(name: &str, spec: &NodeSpec) -> (Netns, Netns, Uplink) {
    let wire = Netns::create(&format!("{name}-wire"));
    let node = Netns::create(&format!("{name}-node"));
    let mtu = spec.mtu.to_string();
    node.ip(&["link", "set", "lo", "up"]);
    node.ip(&[
        "link", "add", "eth0", "mtu", &mtu, "type", "veth", "peer", "name", "eth0", "mtu", &mtu,
        "netns", &wire.name,
    ]);
    // ptp's forwarding writes show only from a known start; a kind node's own values are its image's.
    node.write_sysctl("net/ipv4/ip_forward", "0");
    node.write_sysctl("net/ipv6/conf/all/forwarding", "0");
    // The uplink's IPv6 address is usable at once, as Docker's long-settled one is.
    node.write_sysctl("net/ipv6/conf/eth0/accept_dad", "0");
    wire.ip(&["link", "set", "eth0", "up"]);
    node.ip(&["link", "set", "eth0", "up"]);
    let mut uplink = Uplink {
        addresses: Vec::new(),
        gateways: Vec::new(),
        mtu: spec.mtu,
        mac: MacAddr([0; 6]),
        peer_ifindex: 0,
        first_free_ifindex: node.first_free_ifindex,
    };
    for (address, gateway) in spec.uplink {
        let net: ipnet::IpNet = address.parse().expect("an address with its prefix");
        // netlink's AddrAdd, as Docker configures it, fills in the IPv4 broadcast.
        let brd: &[&str] = if net.addr().is_ipv4() {
            &["brd", "+"]
        } else {
            &[]
        };
        let mut add = vec!["addr", "add", address];
        add.extend_from_slice(brd);
        add.extend_from_slice(&["dev", "eth0"]);
        node.ip(&add);
        node.ip(&["route", "add", "default", "via", gateway, "dev", "eth0"]);
        uplink.addresses.push(net);
        uplink
            .gateways
            .push(gateway.parse::<IpAddr>().expect("a gateway address"));
    }
    let eth0 = |ns: &Netns| {
        ns.links()
            .into_iter()
            .find(|l| l.name == "eth0")
            .expect("eth0 was just made")
    };
    let ours = eth0(&node);
    uplink.mac = parse_mac(&ours.mac).expect("eth0 has a MAC");
    uplink.first_free_ifindex = ours.ifindex;
    uplink.peer_ifindex = eth0(&wire).ifindex;
    (node, wire, uplink)
}

/// The sysctls podip models, as `sysctl` prints them: forwarding where ptp turned it on
/// ([`node_with_uplink`] set both to 0 first), then `accept_ra` of each link the plugins made, in the
/// ifindex order of `links` (the node's `ip -o link`).
pub fn real_sysctls(node: &Netns, links: &[String]) -> Vec<String> {
    let values = node.net_sysctls();
    let mut lines = Vec::new();
    for (path, name) in [
        ("ipv4/ip_forward", "net.ipv4.ip_forward"),
        ("ipv6/conf/all/forwarding", "net.ipv6.conf.all.forwarding"),
    ] {
        if values.get(path).is_some_and(|v| v == "1") {
            lines.push(format!("{name} = 1"));
        }
    }
    for link in links.iter().filter_map(|line| header_name(line)) {
        if link == "lo" || link == "eth0" {
            continue;
        }
        if let Some(value) = values.get(&format!("ipv6/conf/{link}/accept_ra")) {
            lines.push(format!("net.ipv6.conf.{link}.accept_ra = {value}"));
        }
    }
    lines
}
