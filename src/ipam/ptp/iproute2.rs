//! What iproute2 prints for a [`NetNs`]: `ip -o link`, `ip addr`, `ip route`, `ip -6 route`, and for a
//! bridge's ports `ip link show master <bridge>` and `bridge link`.
//!
//! The formats follow iproute2's `ipaddress.c` (`print_linkinfo`, `print_addrinfo`) and `iproute.c`
//! (`print_route`): host prefixes print without their length, a zero-length prefix prints as `default`,
//! `proto boot` and `scope universe` are hidden, IPv6 routes always show `metric` and `pref medium`, and
//! IPv6 routes have no scope. iproute2 ends many fields with a space, so real lines often carry a trailing
//! blank; these functions return lines with trailing whitespace trimmed, as a terminal shows them.
//!
//! Dump order is the kernel's: links by ifindex; IPv4 routes by the fib trie's key order (network address
//! ascending, a longer prefix before a shorter one on the same address); IPv6 routes in the post-order walk of
//! the fib6 radix tree (more specific first, `default` last). Addresses by family, IPv4 first.
//!
//! A route through a device without a carrier (an empty bridge) carries the kernel's `RTNH_F_LINKDOWN`,
//! which `ip` prints as `linkdown` after the metric (`print_rt_flags`).

use super::links::{IfAddr, Link, LinkKind, LinkNetns};
use super::netns::NetNs;
use super::routes::{Route, RouteProto, RouteScope};
use crate::ipam::goip::{ip_string, GoIp};
use ipnet::IpNet;
use std::fmt;

/// `ip -o link`: one line per link, the two lines of `ip link` joined by `\`.
///
/// # Examples
/// ```
/// use podip::ipam::ptp::{iproute2::ip_link_lines, NetNs};
/// let pod = NetNs::pod("cni-0", 2);
/// assert_eq!(
///     ip_link_lines(&pod),
///     ["1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default \
///       qlen 1000\\    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00"]
/// );
/// ```
pub fn ip_link_lines(ns: &NetNs) -> Vec<String> {
    ns.links()
        .iter()
        .map(|link| format!("{}\\{}", link_header(ns, link, true), link_detail(link)))
        .collect()
}

/// `ip link show master <bridge>`: the two lines of `ip link` for each port of the bridge named
/// `bridge`, by ifindex; nothing if there is no such bridge.
pub fn ip_link_show_master_lines(ns: &NetNs, bridge: &str) -> Vec<String> {
    let Some(master) = ns.link_by_name(bridge).map(|l| l.ifindex) else {
        return Vec::new();
    };
    ns.ports(master)
        .flat_map(|link| [link_header(ns, link, true), link_detail(link)])
        .collect()
}

/// `bridge link`: one line per bridge port (`bridge/link.c`, `print_linkinfo`). The tool names a veth's
/// peer by looking its ifindex up in *this* namespace, so a pod's `eth0` (ifindex 2 there) reads as the
/// node's own ifindex 2 (`veth…@eth0` on a kind node). A veth's port cost is 2 (its 10 Gb/s,
/// `port_cost`), the default priority 32.
pub fn bridge_link_lines(ns: &NetNs) -> Vec<String> {
    ns.links()
        .iter()
        .filter_map(|link| {
            let port = link.port?;
            let peer = match &link.kind {
                LinkKind::Veth { peer_ifindex, .. } => Some(
                    ns.link_by_index(*peer_ifindex)
                        .map_or_else(|| format!("if{peer_ifindex}"), |l| l.name.to_string()),
                ),
                _ => None,
            };
            let name = match peer {
                Some(peer) => format!("{}@{peer}", link.name),
                None => link.name.to_string(),
            };
            let master = ns
                .link_by_index(port.master)
                .map_or_else(|| format!("if{}", port.master), |l| l.name.to_string());
            let (flags, state) = if ns.has_carrier(link.ifindex) {
                (UP_FLAGS, "forwarding")
            } else {
                (NO_CARRIER_FLAGS, "disabled")
            };
            Some(format!(
                "{}: {name}: <{flags}> mtu {} master {master} state {state} priority 32 cost 2",
                link.ifindex, link.mtu
            ))
        })
        .collect()
}

/// The flags of a broadcast link that is up with a carrier.
const UP_FLAGS: &str = "BROADCAST,MULTICAST,UP,LOWER_UP";

/// The flags of a broadcast link that is up without a carrier (an empty bridge).
const NO_CARRIER_FLAGS: &str = "NO-CARRIER,BROADCAST,MULTICAST,UP";

/// `ip addr`: per link the header, the `link/` line, and two lines per address.
pub fn ip_addr_lines(ns: &NetNs) -> Vec<String> {
    let mut lines = Vec::new();
    for link in ns.links() {
        lines.push(link_header(ns, link, false));
        lines.push(link_detail(link));
        for addr in &link.addrs {
            lines.push(addr_line(link, addr));
            lines.push("       valid_lft forever preferred_lft forever".to_string());
        }
    }
    lines
}

/// `ip route`: the IPv4 main table.
///
/// # Examples
/// ```
/// use podip::ipam::ptp::{iproute2::ip_route_lines, MacAddr, NetNs, Uplink};
/// let node = NetNs::node(&Uplink {
///     addresses: vec!["172.18.0.3/16".parse().unwrap()],
///     gateways: vec!["172.18.0.1".parse().unwrap()],
///     mtu: 65535,
///     mac: MacAddr([0x02, 0x42, 0xac, 0x12, 0x00, 0x03]),
///     peer_ifindex: 12,
///     first_free_ifindex: 2,
/// });
/// assert_eq!(
///     ip_route_lines(&node),
///     ["default via 172.18.0.1 dev eth0", "172.18.0.0/16 dev eth0 proto kernel scope link src 172.18.0.3"]
/// );
/// ```
pub fn ip_route_lines(ns: &NetNs) -> Vec<String> {
    ns.routes(false)
        .into_iter()
        .map(|r| route_line(ns, r))
        .collect()
}

/// `ip -6 route`: the IPv6 main table.
pub fn ip6_route_lines(ns: &NetNs) -> Vec<String> {
    ns.routes(true)
        .into_iter()
        .map(|r| route_line(ns, r))
        .collect()
}

/// The `ip route` and `ip -6 route` lines of the routes through one device (IPv4 first), in full form —
/// what a view shows when a veth comes or goes, without formatting the whole table.
pub fn route_lines_via(ns: &NetNs, ifindex: u32) -> Vec<String> {
    ns.routes_via(ifindex)
        .into_iter()
        .map(|r| route_line(ns, r))
        .collect()
}

/// `<ifindex>: <name>[@if<peer>]: <flags> mtu … qdisc noqueue [master <bridge>] state … [mode DEFAULT]
/// group default qlen 1000`; `ip addr` omits the `mode`.
fn link_header(ns: &NetNs, link: &Link, with_mode: bool) -> String {
    let (name, flags, state) = match &link.kind {
        LinkKind::Loopback => (link.name.to_string(), "LOOPBACK,UP,LOWER_UP", "UNKNOWN"),
        LinkKind::Veth { peer_ifindex, .. } => {
            (format!("{}@if{}", link.name, peer_ifindex), UP_FLAGS, "UP")
        }
        LinkKind::Bridge { carrier: true } => (link.name.to_string(), UP_FLAGS, "UP"),
        LinkKind::Bridge { carrier: false } => (link.name.to_string(), NO_CARRIER_FLAGS, "DOWN"),
        LinkKind::Vxlan { .. } => (link.name.to_string(), UP_FLAGS, "UNKNOWN"),
    };
    let master = link
        .port
        .and_then(|port| ns.link_by_index(port.master))
        .map_or_else(String::new, |bridge| format!(" master {}", bridge.name));
    let mode = if with_mode { " mode DEFAULT" } else { "" };
    // A vxlan device has no transmit queue (`txqueuelen 0`), and `ip` leaves `qlen` out.
    let qlen = match link.kind {
        LinkKind::Vxlan { .. } => "",
        _ => " qlen 1000",
    };
    format!(
        "{}: {name}: <{flags}> mtu {} qdisc noqueue{master} state {state}{mode} group default{qlen}",
        link.ifindex, link.mtu
    )
}

/// The indented `link/…` line.
fn link_detail(link: &Link) -> String {
    match &link.kind {
        LinkKind::Loopback => {
            "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00".to_string()
        }
        LinkKind::Veth { peer_netns, .. } => {
            let netns = match peer_netns {
                LinkNetns::Id(id) => format!("link-netnsid {id}"),
                LinkNetns::Named(name) => format!("link-netns {name}"),
            };
            format!("    link/ether {} brd ff:ff:ff:ff:ff:ff {netns}", link.mac)
        }
        LinkKind::Bridge { .. } | LinkKind::Vxlan { .. } => {
            format!("    link/ether {} brd ff:ff:ff:ff:ff:ff", link.mac)
        }
    }
}

/// `inet <a>/<len> [brd <b>] scope <s> <label>` or `inet6 <a>/<len> scope <s>`.
fn addr_line(link: &Link, addr: &IfAddr) -> String {
    let local = format!(
        "{}/{}",
        ip_string(addr.local.addr()),
        addr.local.prefix_len()
    );
    match addr.local {
        IpNet::V4(v4) => {
            // vishvananda/netlink's AddrAdd fills in the broadcast below /31; loopback's 127.0.0.1/8 comes
            // from the kernel without one.
            let brd = if v4.prefix_len() < 31 && link.kind != LinkKind::Loopback {
                format!(" brd {}", v4.broadcast())
            } else {
                String::new()
            };
            format!("    inet {local}{brd} scope {} {}", addr.scope(), link.name)
        }
        IpNet::V6(_) => format!("    inet6 {local} scope {}", addr.scope()),
    }
}

/// One `ip route` line (see the module docs for what is shown).
fn route_line(ns: &NetNs, route: &Route) -> String {
    let line = RouteLine {
        route,
        dev: ns.link_by_index(route.dev).map(|link| link.name.as_str()),
    };
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = line.write(&mut text, !ns.has_carrier(route.dev));
    text
}

/// One line of `ip route` / `ip -6 route` for `route`, whose device is named `dev` (`None` when the
/// device is not known: `dev if<N>`). A value rather than a string so an event can keep the route and
/// write the line only when it is shown.
#[derive(Debug, Clone, Copy)]
pub struct RouteLine<'a> {
    /// The route.
    pub route: &'a Route,
    /// Its device's name.
    pub dev: Option<&'a str>,
}

impl fmt::Display for RouteLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl RouteLine<'_> {
    /// The line, with `linkdown` when the route's device has no carrier.
    fn write(&self, f: &mut dyn fmt::Write, linkdown: bool) -> fmt::Result {
        let route = self.route;
        let is_v6 = matches!(route.dst, IpNet::V6(_));
        if route.dst.prefix_len() == 0 {
            f.write_str("default")?;
        } else if route.dst.prefix_len() == route.dst.max_prefix_len() {
            write!(f, "{}", GoIp(route.dst.addr()))?;
        } else {
            write!(
                f,
                "{}/{}",
                GoIp(route.dst.network()),
                route.dst.prefix_len()
            )?;
        }
        if let Some(gw) = route.gateway {
            write!(f, " via {}", GoIp(gw))?;
        }
        match self.dev {
            Some(name) => write!(f, " dev {name}")?,
            None => write!(f, " dev if{}", route.dev)?,
        }
        if route.proto == RouteProto::Kernel {
            f.write_str(" proto kernel")?;
        }
        if !is_v6 {
            match route.scope {
                RouteScope::Universe => {}
                RouteScope::Link => f.write_str(" scope link")?,
                RouteScope::Host => f.write_str(" scope host")?,
            }
        }
        if let Some(src) = route.src {
            write!(f, " src {}", GoIp(src))?;
        }
        if is_v6 || route.metric != 0 {
            write!(f, " metric {}", route.metric)?;
        }
        if route.onlink {
            f.write_str(" onlink")?;
        }
        if linkdown {
            f.write_str(" linkdown")?;
        }
        if is_v6 {
            f.write_str(" pref medium")?;
        }
        Ok(())
    }
}
