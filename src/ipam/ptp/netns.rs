//! Network namespaces as the kernel keeps them: per-namespace ifindexes, links, addresses, main-table routes.
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
//! * **Routes** (`net/ipv4/fib_trie.c`, `net/ipv6/ip6_fib.c`): only the main table (what `ip route` shows).
//!   IPv4 keeps one route per (prefix, tos, metric) unless the request allows a second; IPv6 refuses only an
//!   identical next hop. Deleting a link flushes every route through it.

use super::links::{IfAddr, IfName, Link, LinkKind, LinkNetns, MacAddr};
use super::routes::{fib_dump_order, Errno, Route, RouteProto, RouteScope};
use crate::order;
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
    /// links, and a hash that differs rules a link out without comparing names (that comparison was 6 %
    /// of a large run's instructions).
    link_names: Vec<u64>,
    /// The main table's routes through each link, beside it (`link_routes[i]` go through `links[i]`),
    /// each with the number it was added as. Kept by device because deleting a link flushes its
    /// routes: a node's table holds a route per other node and two per pod, and walking it for every
    /// pod's DEL was a large run's largest source of cache misses. The numbers keep the insertion order
    /// that breaks ties in a dump ([`NetNs::routes`]).
    link_routes: Vec<Vec<(u32, Route)>>,
    /// How many routes the table holds.
    route_total: usize,
    /// The number the next route added gets.
    next_route_seq: u32,
    /// Once the table is large, how many routes there are per destination, by hash (see
    /// [`RouteIndex`]).
    index: Option<RouteIndex>,
    /// The next ifindex the kernel will hand out here.
    next_ifindex: u32,
}

/// Two namespaces are equal when what they hold is; the index is a cache of the routes.
impl PartialEq for NetNs {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
            && self.links == other.links
            && self.link_names == other.link_names
            && self.link_routes == other.link_routes
            && self.next_route_seq == other.next_route_seq
            && self.next_ifindex == other.next_ifindex
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
            link_routes: Vec::with_capacity(2),
            route_total: 0,
            next_route_seq: 0,
            index: None,
            next_ifindex: 1,
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
        dump_order(
            self.link_routes
                .iter()
                .flatten()
                .filter(|(_, r)| matches!(r.dst, IpNet::V6(_)) == v6)
                .collect(),
        )
    }

    /// Main-table routes through device `ifindex`, IPv4 then IPv6, each in dump order (`ip route show
    /// dev X` and `ip -6 route show dev X`).
    pub fn routes_via(&self, ifindex: u32) -> Vec<&Route> {
        self.routes_via_where(ifindex, &|_| true)
    }

    /// The routes through device `ifindex` that `keep` accepts, in the order of [`NetNs::routes_via`].
    pub fn routes_via_where(&self, ifindex: u32, keep: &dyn Fn(&Route) -> bool) -> Vec<&Route> {
        let through = self
            .link_position(ifindex)
            .map(|pos| &self.link_routes[pos]);
        dump_order(
            through
                .into_iter()
                .flatten()
                .filter(|(_, r)| keep(r))
                .collect(),
        )
    }

    /// Every main-table route, by device.
    fn all_routes(&self) -> impl Iterator<Item = &Route> + '_ {
        self.link_routes.iter().flatten().map(|(_, r)| r)
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
            LinkKind::Loopback => Vec::with_capacity(1),
            LinkKind::Veth { .. } => Vec::new(),
        };
        self.link_routes.insert(pos, routes);
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
            },
        );
        ifindex
    }

    /// Makes room for `routes` routes through device `ifindex`: every pod has its two veth ends, and a
    /// vector grown push by push held half as much again as it used.
    pub(crate) fn reserve_routes(&mut self, ifindex: u32, routes: usize) {
        if let Some(pos) = self.link_position(ifindex) {
            self.link_routes[pos].reserve_exact(routes);
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

    /// Unregisters a device, flushing its routes (both families). Returns the link.
    pub(crate) fn remove_link(&mut self, ifindex: u32) -> Option<Link> {
        let pos = self.link_position(ifindex)?;
        let flushed = self.link_routes.remove(pos);
        self.route_total -= flushed.len();
        if let Some(index) = &mut self.index {
            for (_, route) in &flushed {
                index.remove(route);
            }
        }
        self.link_names.remove(pos);
        Some(self.links.remove(pos))
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
            }),
            IpNet::V6(_) => Some(Route {
                dst: local.trunc(),
                gateway: None,
                dev: ifindex,
                scope: RouteScope::Universe,
                src: None,
                proto: RouteProto::Kernel,
                metric: 256,
            }),
        };
        if let Some(route) = prefix_route {
            // A second address in a prefix the link already routes reuses the existing prefix route.
            if !self.link_routes[pos].iter().any(|(_, r)| *r == route) {
                self.push_route(pos, route);
            }
        }
        true
    }

    /// `RTM_NEWROUTE` into the main table. `exclusive` is `NLM_F_EXCL` (netlink's `RouteAdd`; `RouteAddEcmp`
    /// omits it).
    pub fn add_route(&mut self, route: Route, exclusive: bool) -> Result<(), Errno> {
        // fib_create_info checks the device before fib_table_insert looks for conflicts.
        let pos = self.link_position(route.dev).ok_or(Errno::NoSuchDevice)?;
        if self
            .index
            .as_ref()
            .is_some_and(|index| !index.may_have(&route.dst))
        {
            self.push_route(pos, route);
            return Ok(());
        }
        let same_key = |r: &&Route| r.dst == route.dst && r.metric == route.metric;
        let conflict = match route.dst {
            // fib_table_insert: an alias with the same prefix, tos and priority blocks an exclusive add,
            // and an identical one blocks any add.
            IpNet::V4(_) => self
                .all_routes()
                .filter(same_key)
                .any(|r| exclusive || (r.dev == route.dev && r.gateway == route.gateway)),
            // fib6_add_rt2node: only a duplicate next hop (same device and gateway) is refused.
            IpNet::V6(_) => self
                .all_routes()
                .filter(same_key)
                .any(|r| r.dev == route.dev && r.gateway == route.gateway),
        };
        if conflict {
            return Err(Errno::Exist);
        }
        self.push_route(pos, route);
        Ok(())
    }

    /// Adds a route through `links[link]`, keeping the index (made once the table reaches
    /// [`ROUTE_INDEX_FROM`]).
    fn push_route(&mut self, link: usize, route: Route) {
        if let Some(index) = &mut self.index {
            index.add(&route);
        } else if self.route_total + 1 >= ROUTE_INDEX_FROM {
            let mut index = RouteIndex::default();
            for r in self.all_routes().chain([&route]) {
                index.add(r);
            }
            self.index = Some(index);
        }
        self.link_routes[link].push((self.next_route_seq, route));
        // Wraps after 2^32 routes, far past any scenario; only aliases' ties would then dump reordered.
        self.next_route_seq = self.next_route_seq.wrapping_add(1);
        self.route_total += 1;
    }

    /// Removes the `at`th route through `links[link]`, keeping the index.
    fn remove_route_at(&mut self, link: usize, at: usize) {
        let (_, route) = self.link_routes[link].remove(at);
        self.route_total -= 1;
        if let Some(index) = &mut self.index {
            index.remove(&route);
        }
    }

    /// Where the first route through `dev` that `matches` accepts is: its link's place and its own.
    fn find_route(&self, dev: u32, matches: impl Fn(&Route) -> bool) -> Option<(usize, usize)> {
        let link = self.link_position(dev)?;
        let at = self.link_routes[link]
            .iter()
            .position(|(_, r)| matches(r))?;
        Some((link, at))
    }

    /// `RTM_DELROUTE` matching destination and device, any scope/proto/metric (netlink's `RouteDel` with
    /// `SCOPE_NOWHERE`). Deletes the first match.
    pub fn del_route(&mut self, dst: IpNet, dev: u32) -> Result<(), Errno> {
        let (link, at) = self
            .find_route(dev, |r| r.dst == dst)
            .ok_or(Errno::NoSuchProcess)?;
        self.remove_route_at(link, at);
        Ok(())
    }

    /// `RouteListFiltered(family, &Route{Dst: dst}, RT_FILTER_DST)` for each of the sorted `dsts`: the
    /// main table's routes to exactly that destination, whatever their gateway, device or metric, in
    /// dump order. One walk of the table for all of them: kindnetd asks once per node of the cluster,
    /// and a node's table holds a route per node and two per pod.
    pub fn routes_to_each(&self, dsts: &[IpNet]) -> Vec<Vec<Route>> {
        let mut found = vec![Vec::new(); dsts.len()];
        for numbered in self.link_routes.iter().flatten() {
            if let Ok(i) = dsts.binary_search(&numbered.1.dst) {
                found[i].push(numbered);
            }
        }
        found
            .into_iter()
            .map(|routes| dump_order(routes).into_iter().cloned().collect())
            .collect()
    }

    /// The connected routes (no gateway of their own, not `scope host`) as prefix, device and the
    /// number the route was added as (later ones are larger): where the kernel looks up the device of a
    /// route that names only a gateway (`fib_check_nh`).
    pub fn connected_routes(&self) -> Vec<(IpNet, u32, u32)> {
        self.link_routes
            .iter()
            .flatten()
            .filter(|(_, r)| r.gateway.is_none() && r.scope != RouteScope::Host)
            .map(|(added_as, r)| (r.dst, r.dev, *added_as))
            .collect()
    }

    /// `RTM_DELROUTE` of this very route (netlink's `RouteDel(&route)` with a route it listed).
    pub fn remove_route(&mut self, route: &Route) -> Result<(), Errno> {
        let (link, at) = self
            .find_route(route.dev, |r| r == route)
            .ok_or(Errno::NoSuchProcess)?;
        self.remove_route_at(link, at);
        Ok(())
    }

    /// Every ifindex in use, for invariant checks.
    pub fn ifindexes(&self) -> impl Iterator<Item = u32> + '_ {
        self.links.iter().map(|l| l.ifindex)
    }
}

/// A table of this many routes gets a [`RouteIndex`]: a pod's holds five, a node's two per pod and one
/// per other node, and the conflict check of every route added would otherwise walk it all.
const ROUTE_INDEX_FROM: usize = 16;

/// Counts of a table's routes by a hash of their destination, in a fixed array of buckets. A bucket at
/// zero proves no route goes there, so adding a route to a new destination skips the walk (the kernel's
/// FIB is a trie; a walk is this model's cost, not the kernel's). A bucket two destinations share only
/// costs a walk. Buckets rather than a hash map: no hash-map code in the page's wasm for it.
///
/// A count is a byte that stops at 255 and then stays there: such a bucket always costs a walk, and
/// only a destination with hundreds of routes (every veth's `fe80::/64`) can fill one. Bytes rather
/// than `u32`s buy four times the buckets in the same 16 KB, so a node's few hundred destinations
/// share a bucket with a new one a quarter as often, and each of those walks visits every device.
#[derive(Debug, Clone)]
struct RouteIndex {
    by_dst: Box<[u8; INDEX_BUCKETS]>,
}

/// Bits of the hash that pick a bucket.
const INDEX_BITS: u32 = 14;

/// Buckets: a node's table holds a route per other node and two per pod, so a few hundred
/// destinations leave about 98 % of them empty.
const INDEX_BUCKETS: usize = 1 << INDEX_BITS;

impl Default for RouteIndex {
    fn default() -> Self {
        RouteIndex {
            by_dst: Box::new([0; INDEX_BUCKETS]),
        }
    }
}

impl RouteIndex {
    fn add(&mut self, route: &Route) {
        let count = &mut self.by_dst[dst_bucket(&route.dst)];
        *count = count.saturating_add(1);
    }

    fn remove(&mut self, route: &Route) {
        let count = &mut self.by_dst[dst_bucket(&route.dst)];
        // A full bucket no longer knows how many routes it counts.
        if *count != u8::MAX {
            *count = count.saturating_sub(1);
        }
    }

    /// Whether a route to `dst` may be in the table.
    fn may_have(&self, dst: &IpNet) -> bool {
        self.by_dst[dst_bucket(dst)] > 0
    }
}

/// FxHash's high bits are its well-mixed ones.
fn dst_bucket(dst: &IpNet) -> usize {
    (BuildHasherDefault::<FxHasher>::default().hash_one(dst) >> (64 - INDEX_BITS)) as usize
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

/// Routes with the numbers they were added as, in the order the kernel dumps them: IPv4 before IPv6,
/// then [`fib_dump_order`] and metric. The sort is [`crate::order`]'s, so it is not compiled per caller.
fn dump_order(routes: Vec<&(u32, Route)>) -> Vec<&Route> {
    if routes.len() < 2 {
        // Nothing to order: most devices' routes once the kernel's `fe80::/64` is left out.
        return routes.into_iter().map(|(_, r)| r).collect();
    }
    // A total order (ties end at the insertion number), so the unstable sort is exact.
    order::sorted_by(routes, |(na, a), (nb, b)| {
        let v6 = matches!(a.dst, IpNet::V6(_));
        v6.cmp(&matches!(b.dst, IpNet::V6(_)))
            .then_with(|| fib_dump_order(&a.dst, &b.dst))
            .then(a.metric.cmp(&b.metric))
            // fib_trie puts a new alias before an equal one; ip6_fib appends after it.
            .then(if v6 { na.cmp(nb) } else { nb.cmp(na) })
    })
    .into_iter()
    .map(|(_, r)| r)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn net(text: &str) -> IpNet {
        text.parse().expect("literal prefix")
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("literal address")
    }

    fn name(text: &str) -> IfName {
        IfName::new(text).expect("a name of at most 15 bytes")
    }

    /// (destination, device, gateway) of one family's routes in dump order.
    fn dump(ns: &NetNs, v6: bool) -> Vec<(IpNet, u32, Option<IpAddr>)> {
        ns.routes(v6)
            .into_iter()
            .map(|r| (r.dst, r.dev, r.gateway))
            .collect()
    }

    /// fib_table_insert: an exclusive IPv4 add conflicts with any route of the same prefix and metric,
    /// on any device; a non-exclusive one only with an identical next hop, and the new alias dumps
    /// first. ip6_fib refuses only a duplicate next hop and appends aliases after the older one.
    #[test]
    fn route_conflicts_and_alias_order() {
        // Devices 5 and 6.
        let mut ns = NetNs::new(NetNsId::Root, 5);
        for dev in ["veth5", "veth6"] {
            ns.add_link(
                name(dev),
                LinkKind::Loopback,
                1500,
                MacAddr([2, 0, 0, 0, 0, 5]),
            );
        }
        let (v4, v6, via) = (
            net("10.244.1.2/32"),
            net("fd00::2/128"),
            Some(ip("fe80::1")),
        );
        // (destination, gateway, device, exclusive, the kernel's answer), added in this order.
        for (dst, gateway, dev, exclusive, want) in [
            (v4, None, 5, true, Ok(())),
            (v4, None, 6, true, Err(Errno::Exist)),
            (v4, None, 5, false, Err(Errno::Exist)),
            (v4, None, 6, false, Ok(())),
            (v6, None, 5, true, Ok(())),
            (v6, None, 6, true, Ok(())),
            (v6, via, 5, true, Ok(())),
            (v6, via, 5, false, Err(Errno::Exist)),
        ] {
            let scope = if dst == v4 {
                RouteScope::Host
            } else {
                RouteScope::Universe
            };
            assert_eq!(
                ns.add_route(Route::new(dst, gateway, dev, scope), exclusive),
                want,
                "{dst} via {gateway:?} dev {dev}, exclusive: {exclusive}"
            );
        }
        assert_eq!(dump(&ns, false), [(v4, 6, None), (v4, 5, None)]);
        assert_eq!(
            dump(&ns, true)
                .into_iter()
                .filter(|(dst, _, _)| *dst == v6)
                .collect::<Vec<_>>(),
            [(v6, 5, None), (v6, 6, None), (v6, 5, via)]
        );
    }

    /// `dev_index_reserve`: indexes climb, a freed one is not reused, and past `INT_MAX` the cursor wraps
    /// to the first free index (1 is `lo`'s), keeping the links in ifindex order.
    #[test]
    fn ifindexes_climb_skip_freed_ones_and_wrap_past_int_max() {
        let mac = MacAddr([2, 0, 0, 0, 0, 1]);
        let mut ns = NetNs::new(NetNsId::Root, 2);
        let a = ns.add_link(name("a"), LinkKind::Loopback, 1500, mac);
        let b = ns.add_link(name("b"), LinkKind::Loopback, 1500, mac);
        assert_eq!((a, b), (2, 3));
        assert!(ns.remove_link(a).is_some());
        assert_eq!(ns.add_link(name("c"), LinkKind::Loopback, 1500, mac), 4);

        let mut ns = NetNs::new(NetNsId::Root, MAX_IFINDEX - 1);
        let indexes: Vec<u32> = ["a", "b", "c", "d"]
            .iter()
            .map(|n| ns.add_link(name(n), LinkKind::Loopback, 1500, mac))
            .collect();
        assert_eq!(indexes, [MAX_IFINDEX - 1, MAX_IFINDEX, 2, 3]);
        assert_eq!(
            ns.ifindexes().collect::<Vec<_>>(),
            [1, 2, 3, MAX_IFINDEX - 1, MAX_IFINDEX]
        );
        assert_eq!(ns.link_by_name("c").map(|l| l.ifindex), Some(2));
        assert_eq!(
            ns.link_by_index(MAX_IFINDEX).map(|l| l.name.as_str()),
            Some("b")
        );
        // A start beyond the kernel's range is clamped into it.
        let mut ns = NetNs::new(NetNsId::Root, u32::MAX);
        assert_eq!(
            ns.add_link(name("a"), LinkKind::Loopback, 1500, mac),
            MAX_IFINDEX
        );
    }

    /// Deleting a route takes the first match on its device; deleting a link flushes its routes and
    /// frees their prefixes for an exclusive add on another device.
    /// The index of a large table counts exactly the routes there are, through adds, deletes, link
    /// flushes and addresses; and the checks it lets skip give the walk's answers.
    #[test]
    fn a_large_tables_index_counts_its_routes_and_keeps_the_walks_answers() {
        fn consistent(ns: &NetNs) {
            let index = ns.index.as_ref().expect("a large table has an index");
            let mut expected = RouteIndex::default();
            for r in ns.all_routes() {
                expected.add(r);
            }
            assert!(index.by_dst == expected.by_dst);
            assert_eq!(ns.route_total, ns.all_routes().count());
        }
        let mut ns = NetNs::new(NetNsId::Root, 2);
        // Veths, not loopbacks: a loopback's IPv4 prefix routes live in the local table.
        let veth = || LinkKind::Veth {
            peer_ifindex: 2,
            peer_netns: LinkNetns::Id(0),
        };
        let mut devs = Vec::new();
        for n in 0..8u8 {
            let mac = MacAddr([2, 0, 0, 0, 0, n]);
            let dev = ns.add_link(name(&format!("veth{n}")), veth(), 1500, mac);
            ns.carrier_up(dev);
            devs.push(dev);
        }
        // 24 host routes: past the index's threshold.
        for n in 0..24u32 {
            let dst = net(&format!("10.244.1.{}/32", n + 2));
            let dev = devs[(n % 8) as usize];
            assert_eq!(
                ns.add_route(Route::new(dst, None, dev, RouteScope::Host), true),
                Ok(())
            );
        }
        consistent(&ns);
        // An exclusive add to a taken prefix on another device is still refused.
        let taken = net("10.244.1.5/32");
        assert_eq!(
            ns.add_route(Route::new(taken, None, devs[7], RouteScope::Host), true),
            Err(Errno::Exist)
        );
        // Each device already routes fe80::/64: a second link-local address reuses it.
        let routes = ns.route_total;
        assert!(ns.add_addr(devs[0], net("fe80::1234/64")));
        assert_eq!(ns.route_total, routes);
        // A pseudo-random walk of deletes, flushes and re-adds.
        let mut seed = 0x2545_f491_u32;
        for _ in 0..400 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let n = (seed >> 16) % 40;
            let dst = net(&format!("10.244.1.{}/32", n + 2));
            let dev = devs[((seed >> 8) % 8) as usize];
            match seed % 4 {
                0 => {
                    let walk = ns.all_routes().any(|r| r.dst == dst && r.metric == 0);
                    let added = ns.add_route(Route::new(dst, None, dev, RouteScope::Host), true);
                    assert_eq!(added.is_err(), walk);
                }
                1 => {
                    let walk = ns.all_routes().any(|r| r.dst == dst && r.dev == dev);
                    assert_eq!(ns.del_route(dst, dev).is_ok(), walk);
                }
                2 => {
                    let mac = MacAddr([2, 0, 0, 0, 1, (seed >> 24) as u8]);
                    ns.remove_link(dev);
                    let readded = ns.add_link(name(&format!("v{seed:x}")), veth(), 1500, mac);
                    let position = devs.iter().position(|d| *d == dev).expect("known device");
                    devs[position] = readded;
                    ns.carrier_up(readded);
                    assert!(ns.all_routes().all(|r| r.dev != dev));
                }
                _ => {
                    let before = ns.route_total;
                    let address = net(&format!("10.{}.0.1/24", n));
                    let fresh = !ns
                        .all_routes()
                        .any(|r| r.dev == dev && r.dst == address.trunc());
                    if ns.add_addr(dev, address) {
                        assert_eq!(ns.route_total, before + usize::from(fresh));
                    }
                }
            }
            consistent(&ns);
        }
    }

    /// A bucket counts up and back down to proving absence; one that filled up never proves it again.
    #[test]
    fn an_index_bucket_that_filled_up_stays_maybe() {
        let route = |dst: &str| Route::new(net(dst), None, 2, RouteScope::Host);
        let mut index = RouteIndex::default();
        let few = route("10.244.1.2/32");
        for _ in 0..3 {
            index.add(&few);
        }
        for _ in 0..3 {
            assert!(index.may_have(&few.dst));
            index.remove(&few);
        }
        assert!(!index.may_have(&few.dst));
        let many = route("fe80::/64");
        for _ in 0..300 {
            index.add(&many);
        }
        for _ in 0..300 {
            index.remove(&many);
        }
        assert!(index.may_have(&many.dst));
    }

    #[test]
    fn route_delete_and_link_flush() {
        let mut ns = NetNs::new(NetNsId::Root, 2);
        let veth = ns.add_link(
            name("veth1"),
            LinkKind::Loopback,
            1500,
            MacAddr([2, 0, 0, 0, 0, 1]),
        );
        let pod = net("10.244.1.2/32");
        let other = net("10.244.1.3/32");
        assert_eq!(
            ns.add_route(Route::new(pod, None, veth, RouteScope::Host), true),
            Ok(())
        );
        assert_eq!(
            ns.add_route(Route::new(other, None, veth, RouteScope::Host), true),
            Ok(())
        );
        assert_eq!(ns.del_route(other, veth), Ok(()));
        assert_eq!(ns.del_route(other, veth), Err(Errno::NoSuchProcess));
        assert_eq!(ns.del_route(pod, veth + 1), Err(Errno::NoSuchProcess));
        assert!(ns.remove_link(veth).is_some());
        assert!(ns.routes_via(veth).is_empty());
        let next = ns.add_link(
            name("veth2"),
            LinkKind::Loopback,
            1500,
            MacAddr([2, 0, 0, 0, 0, 2]),
        );
        assert_eq!(
            ns.add_route(Route::new(pod, None, next, RouteScope::Host), true),
            Ok(())
        );
        assert_eq!(dump(&ns, false), [(pod, next, None)]);
    }

    /// A device's routes, kept beside it, dump in the order a walk of the whole table gives them; a
    /// link's removal takes exactly its routes, and a route through a device the namespace lacks is
    /// refused with `ENODEV` before any conflict check.
    #[test]
    fn routes_kept_by_device_dump_as_one_table() {
        let mut ns = NetNs::new(NetNsId::Root, 2);
        let mac = MacAddr([2, 0, 0, 0, 0, 1]);
        let old = ns.add_link(name("veth0"), LinkKind::Loopback, 1500, mac);
        ns.carrier_up(old);
        let new = ns.add_link(name("veth1"), LinkKind::Loopback, 1500, mac);
        ns.carrier_up(new);
        for (dst, dev) in [
            ("10.244.1.2/32", old),
            ("10.244.1.4/32", new),
            ("10.244.1.3/32", new),
            ("10.244.1.5/32", old),
        ] {
            assert_eq!(
                ns.add_route(Route::new(net(dst), None, dev, RouteScope::Host), true),
                Ok(())
            );
        }
        let whole = |ns: &NetNs, dev: u32| -> Vec<Route> {
            let mut routes = ns.routes(false);
            routes.extend(ns.routes(true));
            routes
                .into_iter()
                .filter(|r| r.dev == dev)
                .cloned()
                .collect()
        };
        for dev in [old, new] {
            let via: Vec<Route> = ns.routes_via(dev).into_iter().cloned().collect();
            assert_eq!(via, whole(&ns, dev));
        }
        assert_eq!(
            ns.routes_via(new).iter().map(|r| r.dst).collect::<Vec<_>>(),
            [net("10.244.1.3/32"), net("10.244.1.4/32"), net("fe80::/64")]
        );
        let kept = whole(&ns, old);
        assert!(ns.remove_link(new).is_some());
        assert!(ns.routes_via(new).is_empty());
        assert_eq!(whole(&ns, old), kept);
        assert_eq!(
            ns.add_route(
                Route::new(net("10.244.1.2/32"), None, new, RouteScope::Host),
                true
            ),
            Err(Errno::NoSuchDevice)
        );
        assert_eq!(Errno::NoSuchDevice.to_string(), "no such device");
    }
}
