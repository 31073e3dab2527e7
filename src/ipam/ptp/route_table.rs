//! The main routing table of one namespace (`net/ipv4/fib_trie.c`, `net/ipv6/ip6_fib.c`): only the main
//! table, what `ip route` shows. IPv4 keeps one route per (prefix, tos, metric) unless the request allows a
//! second; IPv6 refuses only an identical next hop. Deleting a link flushes every route through it.
//!
//! The table keeps its routes by device, in the order of the namespace's links: the namespace says which
//! place a device has, the table holds the routes at that place.

use super::routes::{fib_dump_order, Errno, Route, RouteScope};
use crate::order;
use ipnet::IpNet;
use rustc_hash::FxHasher;
use std::hash::{BuildHasher, BuildHasherDefault};

/// One namespace's main table.
#[derive(Debug, Clone)]
pub(super) struct RouteTable {
    /// The routes through each link, at the link's place (`link_routes[i]` go through the namespace's
    /// `i`th link), each with the number it was added as. Kept by device because deleting a link flushes
    /// its routes: a pod's DEL then drops its veth's routes without walking the node's table, which holds
    /// a route per other node and two per pod. The numbers keep the insertion order that breaks ties in a
    /// dump ([`RouteTable::routes`]).
    link_routes: Vec<Vec<(u32, Route)>>,
    /// How many routes the table holds.
    route_total: usize,
    /// The number the next route added gets.
    next_route_seq: u32,
    /// Once the table is large, how many routes there are per destination, by hash (see
    /// [`RouteIndex`]).
    index: Option<RouteIndex>,
}

/// Two tables are equal when the routes they hold are, in the same order; the index is a cache of them.
impl PartialEq for RouteTable {
    fn eq(&self, other: &Self) -> bool {
        self.link_routes == other.link_routes && self.next_route_seq == other.next_route_seq
    }
}

impl Eq for RouteTable {}

impl RouteTable {
    /// An empty table, with room for a pod namespace's two links (`lo` and `eth0`).
    pub(super) fn new() -> Self {
        RouteTable {
            link_routes: Vec::with_capacity(2),
            route_total: 0,
            next_route_seq: 0,
            index: None,
        }
    }

    /// A link took place `link`; `routes` is the room its routes get.
    pub(super) fn insert_link(&mut self, link: usize, routes: usize) {
        self.link_routes.insert(link, Vec::with_capacity(routes));
    }

    /// The link at place `link` is gone: its routes are flushed (both families).
    pub(super) fn remove_link(&mut self, link: usize) {
        let flushed = self.link_routes.remove(link);
        self.route_total -= flushed.len();
        if let Some(index) = &mut self.index {
            for (_, route) in &flushed {
                index.remove(route);
            }
        }
    }

    /// Makes room for `routes` more routes through the link at place `link`.
    pub(super) fn reserve(&mut self, link: usize, routes: usize) {
        self.link_routes[link].reserve_exact(routes);
    }

    /// Whether the link at place `link` has this very route.
    pub(super) fn link_has(&self, link: usize, route: &Route) -> bool {
        self.link_routes[link].iter().any(|(_, r)| r == route)
    }

    /// `fib_table_insert` / `fib6_add_rt2node` of a route through the link at place `link`, whose
    /// device the namespace has checked. `exclusive` is `NLM_F_EXCL`.
    pub(super) fn add(&mut self, link: usize, route: Route, exclusive: bool) -> Result<(), Errno> {
        if self
            .index
            .as_ref()
            .is_some_and(|index| !index.may_have(&route.dst))
        {
            self.push(link, route);
            return Ok(());
        }
        let same_key = |r: &&Route| r.dst == route.dst && r.metric == route.metric;
        let conflict = match route.dst {
            // fib_table_insert: an alias with the same prefix, tos and priority blocks an exclusive add,
            // and an identical one blocks any add.
            IpNet::V4(_) => self
                .all()
                .filter(same_key)
                .any(|r| exclusive || (r.dev == route.dev && r.gateway == route.gateway)),
            // fib6_add_rt2node: only a duplicate next hop (same device and gateway) is refused.
            IpNet::V6(_) => self
                .all()
                .filter(same_key)
                .any(|r| r.dev == route.dev && r.gateway == route.gateway),
        };
        if conflict {
            return Err(Errno::Exist);
        }
        self.push(link, route);
        Ok(())
    }

    /// Adds a route through the link at place `link`, keeping the index (made once the table reaches
    /// [`ROUTE_INDEX_FROM`]).
    pub(super) fn push(&mut self, link: usize, route: Route) {
        if let Some(index) = &mut self.index {
            index.add(&route);
        } else if self.route_total + 1 >= ROUTE_INDEX_FROM {
            let mut index = RouteIndex::default();
            for r in self.all().chain([&route]) {
                index.add(r);
            }
            self.index = Some(index);
        }
        self.link_routes[link].push((self.next_route_seq, route));
        // Wraps after 2^32 routes, far past any scenario; only aliases' ties would then dump reordered.
        self.next_route_seq = self.next_route_seq.wrapping_add(1);
        self.route_total += 1;
    }

    /// Where among the routes through the link at place `link` the first one `matches` accepts is.
    pub(super) fn position(&self, link: usize, matches: impl Fn(&Route) -> bool) -> Option<usize> {
        self.link_routes[link].iter().position(|(_, r)| matches(r))
    }

    /// Removes the `at`th route through the link at place `link`, keeping the index.
    pub(super) fn remove_at(&mut self, link: usize, at: usize) {
        let (_, route) = self.link_routes[link].remove(at);
        self.route_total -= 1;
        if let Some(index) = &mut self.index {
            index.remove(&route);
        }
    }

    /// Routes of one family in the order the kernel dumps them.
    pub(super) fn routes(&self, v6: bool) -> Vec<&Route> {
        dump_order(
            self.link_routes
                .iter()
                .flatten()
                .filter(|(_, r)| matches!(r.dst, IpNet::V6(_)) == v6)
                .collect(),
        )
    }

    /// The routes through the link at place `link` that `keep` accepts, IPv4 then IPv6, each in dump
    /// order.
    pub(super) fn via(&self, link: usize, keep: &dyn Fn(&Route) -> bool) -> Vec<&Route> {
        dump_order(
            self.link_routes[link]
                .iter()
                .filter(|(_, r)| keep(r))
                .collect(),
        )
    }

    /// The routes to exactly each of the sorted `dsts`, in dump order, from one walk of the table.
    pub(super) fn routes_to_each(&self, dsts: &[IpNet]) -> Vec<Vec<Route>> {
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
    /// number the route was added as.
    pub(super) fn connected_routes(&self) -> Vec<(IpNet, u32, u32)> {
        self.link_routes
            .iter()
            .flatten()
            .filter(|(_, r)| r.gateway.is_none() && r.scope != RouteScope::Host)
            .map(|(added_as, r)| (r.dst, r.dev, *added_as))
            .collect()
    }

    /// Every route, by device.
    pub(super) fn all(&self) -> impl Iterator<Item = &Route> + '_ {
        self.link_routes.iter().flatten().map(|(_, r)| r)
    }
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

#[cfg(test)]
impl RouteTable {
    /// How many routes the table counts.
    pub(super) fn route_total(&self) -> usize {
        self.route_total
    }

    /// Asserts that a large table's index counts exactly the routes there are, and its total too.
    pub(super) fn assert_index_counts_routes(&self) {
        let index = self.index.as_ref().expect("a large table has an index");
        let mut expected = RouteIndex::default();
        for r in self.all() {
            expected.add(r);
        }
        assert!(index.by_dst == expected.by_dst);
        assert_eq!(self.route_total, self.all().count());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn net(text: &str) -> IpNet {
        text.parse().expect("literal prefix")
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
}
