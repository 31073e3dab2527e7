//! Network namespaces as the kernel keeps them: per-namespace ifindexes, links, addresses, and a main
//! routing table (`route_table.rs`).
//!
//! Only what ptp touches is modelled, with the kernel rules that decide what `ip` prints afterwards:
//!
//! * **ifindex** (`net/core/dev.c`, `dev_index_reserve`): each namespace hands out its own indexes, cyclically
//!   upward, never reusing a freed one until it wraps. So a pod's `eth0` is 2 when only `lo` precedes it, and
//!   the node's veths climb (`veth25040d0e` was 704 in the kind measurement).
//! * **Addresses** (`net/ipv4/devinet.c`, `net/ipv6/addrconf.c`): an IPv4 address adds a connected route
//!   `<net>/<len> dev X proto kernel scope link src <addr>` unless it is a /32; an IPv6 address adds
//!   `<net>/<len> dev X proto kernel metric 256` for every length, /128 included. A link coming up with a
//!   carrier gets an EUI-64 link-local address and `fe80::/64 dev X proto kernel metric 256`.
//! * **Routes** (`route_table.rs`): only the main table; deleting a link flushes every route through it.
//! * **Bridges** (`netns/bridge.rs`): a bridge device, its ports, its carrier and MTU as ports come and go.

use super::links::{IfAddr, IfName, Link, LinkKind, LinkNetns, MacAddr};
use super::route_table::RouteTable;
use super::routes::{Errno, Route, RouteProto, RouteScope};
use ipnet::IpNet;
use rustc_hash::FxHasher;
use std::hash::{BuildHasher, BuildHasherDefault};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::rc::Rc;

/// The node's uplink, `eth0`.
const NODE_UPLINK: IfName = IfName::literal("eth0");

/// `lo`.
const LOOPBACK_NAME: IfName = IfName::literal("lo");

/// Where a namespace is, which is how `ip` and the CNI runtime name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetNsId {
    /// The node's own (initial) namespace: it has no name under `/var/run/netns`.
    Root,
    /// A namespace containerd created and bind-mounted at `/var/run/netns/<name>` (its name shared with
    /// the peer veth that points at it and the sandbox's record).
    Named(Rc<str>),
}

/// The node's own `eth0`: in kind, a veth into the Docker bridge network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uplink {
    /// Addresses with prefix, e.g. `172.18.0.3/16` (and `fc00:f853:ccd:e793::3/64` when dual-stack).
    pub addresses: Vec<IpNet>,
    /// Default gateways, e.g. `172.18.0.1`.
    pub gateways: Vec<IpAddr>,
    /// MTU; kindnet copies it into the conflist (`computeBridgeMTU`).
    pub mtu: u32,
    /// Hardware address.
    pub mac: MacAddr,
    /// ifindex of the Docker-side peer, as in `eth0@if<peer>`.
    pub peer_ifindex: u32,
    /// ifindex for `eth0`; later links (the pods' veths) follow it.
    pub first_free_ifindex: u32,
}

/// The directory containerd bind-mounts pod namespaces under (`pkg/netns`, `nsRunDir`).
pub const NETNS_RUN_DIR: &str = "/var/run/netns";

/// The loopback MTU (`drivers/net/loopback.c`: 64 KiB).
const LOOPBACK_MTU: u32 = 65536;

/// `lo`'s addresses, `127.0.0.1/8` and `::1/128` (constants: every sandbox's namespace gets them).
const LOOPBACK_ADDRS: [IpNet; 2] = [
    IpNet::new_assert(IpAddr::V4(Ipv4Addr::LOCALHOST), 8),
    IpNet::new_assert(IpAddr::V6(Ipv6Addr::LOCALHOST), 128),
];

/// One network namespace: its links and its main routing table.
#[derive(Debug, Clone)]
pub struct NetNs {
    /// Root or named.
    id: NetNsId,
    /// Links ordered by ifindex (the order `ip link` dumps them).
    links: Vec<Link>,
    /// A hash of each link's name, beside it: ptp checks every new veth name against all the node's
    /// links, and a hash that differs rules a link out without comparing names.
    link_names: Vec<u64>,
    /// The main table, its routes kept at their device's place in `links`.
    table: RouteTable,
    /// The next ifindex the kernel will hand out here.
    next_ifindex: u32,
    /// `net.ipv4.ip_forward` / `net.ipv6.conf.all.forwarding`, as far as something here wrote them.
    forwarding: Forwarding,
}

/// The forwarding sysctls ptp's `ip.EnableForward` writes (`pkg/ip/ipforward_linux.go`): `true` once
/// written to 1. Their value before is the node image's and kernel's, which podip does not model.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Forwarding {
    /// `net.ipv4.ip_forward` (`/proc/sys/net/ipv4/ip_forward`).
    pub ipv4: bool,
    /// `net.ipv6.conf.all.forwarding`.
    pub ipv6: bool,
}

/// Two namespaces are equal when what they hold is (the table's index is a cache of its routes).
impl PartialEq for NetNs {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
            && self.links == other.links
            && self.link_names == other.link_names
            && self.table == other.table
            && self.next_ifindex == other.next_ifindex
            && self.forwarding == other.forwarding
    }
}

impl Eq for NetNs {}

impl NetNs {
    /// An empty namespace with `lo` (ifindex 1, `127.0.0.1/8` and `::1/128`, up); the next link gets
    /// `first_free_ifindex`.
    ///
    /// `first_free_ifindex` is 2 on a plain kernel. Kernels that create per-namespace fallback tunnel devices
    /// (`tunl0`, `gre0`, `sit0`, `ip6tnl0`, …) push it higher: the kind measurement's pod `eth0` was 11.
    /// Those devices are not modelled, only the gap they leave.
    pub fn new(id: NetNsId, first_free_ifindex: u32) -> Self {
        let mut ns = NetNs {
            id,
            // A pod's namespace holds `lo` and `eth0`.
            links: Vec::with_capacity(2),
            link_names: Vec::with_capacity(2),
            table: RouteTable::new(),
            next_ifindex: 1,
            forwarding: Forwarding::default(),
        };
        let lo = ns.add_link(
            LOOPBACK_NAME,
            LinkKind::Loopback,
            LOOPBACK_MTU,
            MacAddr([0; 6]),
        );
        ns.next_ifindex = first_free_ifindex.clamp(2, MAX_IFINDEX);
        for addr in LOOPBACK_ADDRS {
            ns.add_addr(lo, addr);
        }
        ns
    }

    /// The node's root namespace with its uplink `eth0` configured the way Docker leaves a kind node: the
    /// uplink's addresses (with their connected routes) and a default route per gateway.
    pub fn node(uplink: &Uplink) -> Self {
        let mut ns = NetNs::new(NetNsId::Root, uplink.first_free_ifindex);
        let kind = LinkKind::Veth {
            peer_ifindex: uplink.peer_ifindex,
            peer_netns: LinkNetns::Id(0),
        };
        let eth0 = ns.add_link(NODE_UPLINK, kind, uplink.mtu, uplink.mac);
        ns.carrier_up(eth0);
        for address in &uplink.addresses {
            ns.add_addr(eth0, *address);
        }
        for gateway in &uplink.gateways {
            let default = match gateway {
                IpAddr::V4(_) => IpNet::V4(Default::default()),
                IpAddr::V6(_) => IpNet::V6(Default::default()),
            };
            // Two gateways of one family would be an ECMP pair; the second is refused as in the kernel.
            let _ = ns.add_route(
                Route::new(default, Some(*gateway), eth0, RouteScope::Universe),
                true,
            );
        }
        ns
    }

    /// A pod namespace named `cni-<uuid>` (see [`super::Entropy::netns_name`]).
    pub fn pod(name: impl Into<Rc<str>>, first_free_ifindex: u32) -> Self {
        NetNs::new(NetNsId::Named(name.into()), first_free_ifindex)
    }

    /// Root or named.
    pub fn id(&self) -> &NetNsId {
        &self.id
    }

    /// The path a CNI runtime passes as `CNI_NETNS`: `/var/run/netns/<name>`; `/proc/1/ns/net` for the root.
    pub fn path(&self) -> String {
        match &self.id {
            NetNsId::Root => "/proc/1/ns/net".to_string(),
            NetNsId::Named(name) => {
                let mut path = String::with_capacity(NETNS_RUN_DIR.len() + 1 + name.len());
                path.push_str(NETNS_RUN_DIR);
                path.push('/');
                path.push_str(name);
                path
            }
        }
    }

    /// How a link in another namespace refers to this one.
    pub(crate) fn seen_from_peer(&self) -> LinkNetns {
        match &self.id {
            // The first (and here only) namespace id a pod namespace assigns is 0, to the node's.
            NetNsId::Root => LinkNetns::Id(0),
            NetNsId::Named(name) => LinkNetns::Named(Rc::clone(name)),
        }
    }

    /// Whether a link in another namespace that names its peer's namespace `as_seen` means this one.
    pub(crate) fn is_seen_as(&self, as_seen: &LinkNetns) -> bool {
        match (&self.id, as_seen) {
            (NetNsId::Root, LinkNetns::Id(id)) => *id == 0,
            (NetNsId::Named(name), LinkNetns::Named(seen)) => name == seen,
            _ => false,
        }
    }

    /// All links, by ifindex.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The link with this name.
    pub fn link_by_name(&self, name: &str) -> Option<&Link> {
        let hash = name_hash(name.as_bytes());
        self.link_names
            .iter()
            .zip(&self.links)
            .find(|(h, l)| **h == hash && l.name.as_bytes() == name.as_bytes())
            .map(|(_, l)| l)
    }

    /// The link with this ifindex.
    pub fn link_by_index(&self, ifindex: u32) -> Option<&Link> {
        self.link_position(ifindex).map(|pos| &self.links[pos])
    }

    /// Where the link with this ifindex sits in `links`. [`NetNs::add_link`] keeps `links` sorted by
    /// ifindex, so a binary search finds it: a node's namespace holds a veth per pod, and every route line
    /// and address change looks one up.
    fn link_position(&self, ifindex: u32) -> Option<usize> {
        self.links
            .binary_search_by_key(&ifindex, |l| l.ifindex)
            .ok()
    }

    /// Main-table routes of one family in the order the kernel dumps them.
    pub fn routes(&self, v6: bool) -> Vec<&Route> {
        self.table.routes(v6)
    }

    /// Main-table routes through device `ifindex`, IPv4 then IPv6, each in dump order (`ip route show
    /// dev X` and `ip -6 route show dev X`).
    pub fn routes_via(&self, ifindex: u32) -> Vec<&Route> {
        self.routes_via_where(ifindex, &|_| true)
    }

    /// The routes through device `ifindex` that `keep` accepts, in the order of [`NetNs::routes_via`].
    pub fn routes_via_where(&self, ifindex: u32, keep: &dyn Fn(&Route) -> bool) -> Vec<&Route> {
        self.link_position(ifindex)
            .map_or_else(Vec::new, |pos| self.table.via(pos, keep))
    }

    /// Registers a device; the kernel picks the ifindex. Returns it.
    ///
    /// `dev_index_reserve` takes the first free index from the namespace's cursor on
    /// (`xa_alloc_cyclic` over 1..=`INT_MAX`), wrapping to 1 past `INT_MAX`, and moves the cursor past it.
    pub(crate) fn add_link(&mut self, name: IfName, kind: LinkKind, mtu: u32, mac: MacAddr) -> u32 {
        let mut ifindex = self.next_ifindex;
        // A namespace holds far fewer than `MAX_IFINDEX` links, so a free index turns up.
        while self.link_position(ifindex).is_some() {
            ifindex = next_ifindex(ifindex);
        }
        self.next_ifindex = next_ifindex(ifindex);
        // Sorted by ifindex: after a wrap the new link goes before the older ones.
        let pos = self.links.partition_point(|l| l.ifindex < ifindex);
        self.link_names.insert(pos, name_hash(name.as_bytes()));
        // A loopback gets `::1/128`; what a veth end gets, its creator knows (see
        // [`NetNs::reserve_routes`]).
        let routes = match kind {
            LinkKind::Loopback => 1,
            LinkKind::Veth { .. } | LinkKind::Bridge { .. } | LinkKind::Vxlan { .. } => 0,
        };
        self.table.insert_link(pos, routes);
        self.links.insert(
            pos,
            Link {
                ifindex,
                name,
                kind,
                mtu,
                mac,
                // Two is what every link here ends up with (`lo`'s two, a veth end's IPv4 address and
                // link-local one); an empty `Vec` would grow straight to four on its first address.
                addrs: Vec::with_capacity(2),
                accept_ra: None,
                port: None,
                sysctls: Vec::new(),
            },
        );
        ifindex
    }

    /// `ip.EnableForward`: forwarding on for the family of each address (its `echo1` writes only what
    /// is not already 1, so a second pod changes nothing).
    pub(crate) fn enable_forward(&mut self, addresses: impl IntoIterator<Item = IpAddr>) {
        for address in addresses {
            match address {
                IpAddr::V4(_) => self.forwarding.ipv4 = true,
                IpAddr::V6(_) => self.forwarding.ipv6 = true,
            }
        }
    }

    /// What the forwarding sysctls were set to here.
    pub fn forwarding(&self) -> Forwarding {
        self.forwarding
    }

    /// Writes `net.ipv6.conf.<link>.accept_ra`.
    pub(crate) fn set_accept_ra(&mut self, ifindex: u32, value: u8) {
        if let Some(pos) = self.link_position(ifindex) {
            self.links[pos].accept_ra = Some(value);
        }
    }

    /// Makes room for `routes` routes through device `ifindex`: every pod has its two veth ends, and a
    /// vector grown push by push holds up to half as much again as it uses.
    pub(crate) fn reserve_routes(&mut self, ifindex: u32, routes: usize) {
        if let Some(pos) = self.link_position(ifindex) {
            self.table.reserve(pos, routes);
        }
    }

    /// Points a veth end at its peer once both ends have their indexes.
    pub(crate) fn set_veth_peer(&mut self, ifindex: u32, peer: u32) {
        if let Some(Link {
            kind: LinkKind::Veth { peer_ifindex, .. },
            ..
        }) = self.link_position(ifindex).map(|pos| &mut self.links[pos])
        {
            *peer_ifindex = peer;
        }
    }

    /// Unregisters a device, flushing its routes (both families); a bridge frees its ports first
    /// (`br_dev_delete`). Returns the link.
    pub(crate) fn remove_link(&mut self, ifindex: u32) -> Option<Link> {
        for link in &mut self.links {
            if link.port.is_some_and(|port| port.master == ifindex) {
                link.port = None;
            }
        }
        let pos = self.link_position(ifindex)?;
        self.table.remove_link(pos);
        self.link_names.remove(pos);
        let link = self.links.remove(pos);
        if let Some(port) = link.port {
            // br_del_if: the bridge loses a port.
            self.port_removed(port.master);
        }
        Some(link)
    }

    /// The carrier came up: the kernel generates the EUI-64 link-local address and its `fe80::/64` route.
    pub(crate) fn carrier_up(&mut self, ifindex: u32) {
        let Some(mac) = self.link_by_index(ifindex).map(|l| l.mac) else {
            return;
        };
        if let Ok(net) = IpNet::new(IpAddr::V6(mac.eui64_link_local()), 64) {
            self.add_addr(ifindex, net);
        }
    }

    /// `ip addr add`: the address plus the kernel's prefix route (see the module docs). Returns `false` if
    /// the link has the address already (the kernel's `EEXIST`).
    pub fn add_addr(&mut self, ifindex: u32, local: IpNet) -> bool {
        let Some(pos) = self.link_position(ifindex) else {
            return false;
        };
        let link = &mut self.links[pos];
        let is_loopback = link.kind == LinkKind::Loopback;
        if link.addrs.iter().any(|a| a.local.addr() == local.addr()) {
            return false;
        }
        let addr = IfAddr { local };
        match local {
            IpNet::V4(_) => {
                let v4_count = link
                    .addrs
                    .iter()
                    .filter(|a| a.local.addr().is_ipv4())
                    .count();
                link.addrs.insert(v4_count, addr);
            }
            IpNet::V6(_) => {
                // Insert before the first address of an equal or narrower scope (global > link > host).
                let rank = |a: &IfAddr| match a.scope() {
                    "global" => 2,
                    "link" => 1,
                    _ => 0,
                };
                let new_rank = rank(&addr);
                let pos = link
                    .addrs
                    .iter()
                    .position(|a| a.local.addr().is_ipv6() && rank(a) <= new_rank)
                    .unwrap_or(link.addrs.len());
                link.addrs.insert(pos, addr);
            }
        }
        let prefix_route = match local {
            // A /32 has no connected route; loopback's 127.0.0.0/8 lives in the local table only.
            IpNet::V4(v4) if v4.prefix_len() == 32 || is_loopback => None,
            IpNet::V4(_) => Some(Route {
                dst: local.trunc(),
                gateway: None,
                dev: ifindex,
                scope: RouteScope::Link,
                src: Some(local.addr()),
                proto: RouteProto::Kernel,
                metric: 0,
                onlink: false,
            }),
            IpNet::V6(_) => Some(Route {
                dst: local.trunc(),
                gateway: None,
                dev: ifindex,
                scope: RouteScope::Universe,
                src: None,
                proto: RouteProto::Kernel,
                metric: 256,
                onlink: false,
            }),
        };
        if let Some(route) = prefix_route {
            // A second address in a prefix the link already routes reuses the existing prefix route.
            if !self.table.link_has(pos, &route) {
                self.table.push(pos, route);
            }
        }
        true
    }

    /// `RTM_NEWROUTE` into the main table. `exclusive` is `NLM_F_EXCL` (netlink's `RouteAdd`; `RouteAddEcmp`
    /// omits it).
    pub fn add_route(&mut self, route: Route, exclusive: bool) -> Result<(), Errno> {
        // fib_create_info checks the device before fib_table_insert looks for conflicts.
        let pos = self.link_position(route.dev).ok_or(Errno::NoSuchDevice)?;
        self.table.add(pos, route, exclusive)
    }

    /// Where the first route through `dev` that `matches` accepts is: its link's place and its own.
    fn find_route(&self, dev: u32, matches: impl Fn(&Route) -> bool) -> Option<(usize, usize)> {
        let link = self.link_position(dev)?;
        let at = self.table.position(link, matches)?;
        Some((link, at))
    }

    /// `RTM_DELROUTE` matching destination and device, any scope/proto/metric (netlink's `RouteDel` with
    /// `SCOPE_NOWHERE`). Deletes the first match.
    pub fn del_route(&mut self, dst: IpNet, dev: u32) -> Result<(), Errno> {
        let (link, at) = self
            .find_route(dev, |r| r.dst == dst)
            .ok_or(Errno::NoSuchProcess)?;
        self.table.remove_at(link, at);
        Ok(())
    }

    /// `RouteListFiltered(family, &Route{Dst: dst}, RT_FILTER_DST)` for each of the sorted `dsts`: the
    /// main table's routes to exactly that destination, whatever their gateway, device or metric, in
    /// dump order. One walk of the table for all of them: kindnetd asks once per node of the cluster,
    /// and a node's table holds a route per node and two per pod.
    pub fn routes_to_each(&self, dsts: &[IpNet]) -> Vec<Vec<Route>> {
        self.table.routes_to_each(dsts)
    }

    /// The connected routes (no gateway of their own, not `scope host`) as prefix, device and the
    /// number the route was added as (later ones are larger): where the kernel looks up the device of a
    /// route that names only a gateway (`fib_check_nh`).
    pub fn connected_routes(&self) -> Vec<(IpNet, u32, u32)> {
        self.table.connected_routes()
    }

    /// `RTM_DELROUTE` of this very route (netlink's `RouteDel(&route)` with a route it listed).
    pub fn remove_route(&mut self, route: &Route) -> Result<(), Errno> {
        let (link, at) = self
            .find_route(route.dev, |r| r == route)
            .ok_or(Errno::NoSuchProcess)?;
        self.table.remove_at(link, at);
        Ok(())
    }

    /// Every ifindex in use, for invariant checks.
    pub fn ifindexes(&self) -> impl Iterator<Item = u32> + '_ {
        self.links.iter().map(|l| l.ifindex)
    }
}

/// The largest ifindex the kernel hands out (`INT_MAX`: `xa_limit_31b`).
pub const MAX_IFINDEX: u32 = i32::MAX as u32;

/// The index after `ifindex` in the kernel's cyclic order: 1 follows [`MAX_IFINDEX`] (0 is never used).
fn next_ifindex(ifindex: u32) -> u32 {
    if ifindex >= MAX_IFINDEX {
        1
    } else {
        ifindex + 1
    }
}

/// The hash [`NetNs::link_by_name`] compares first.
fn name_hash(name: &[u8]) -> u64 {
    BuildHasherDefault::<FxHasher>::default().hash_one(name)
}

mod bridge;
#[cfg(test)]
mod tests;
