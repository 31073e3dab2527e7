//! Invariants of the cidrset (`cidr_set.go`), stated in words and checked on random histories.
//!
//! The paged bitmap is checked against a plain `Vec<bool>` model of upstream's algorithm: scan from the
//! cursor with wrap-around, Occupy/Release over `getBeginningAndEndIndices`' index range.
// Property tests run natively only (proptest needs an OS entropy source).
#![cfg(not(target_arch = "wasm32"))]

use ipnet::{IpNet, Ipv4Net, Ipv6Net};
use podip::ipam::cidrset::{CidrSet, CidrSetError};
use proptest::prelude::*;
use std::collections::HashSet;
use std::net::{Ipv4Addr, Ipv6Addr};

/// A cluster CIDR of either family with a node mask at most `max_diff` bits longer (IPv6 capped at 16).
fn cluster_and_mask(max_diff: u8) -> impl Strategy<Value = (IpNet, u8)> {
    let v4 = (0u8..=24, 0u8..=max_diff, any::<u32>()).prop_map(|(prefix, diff, bits)| {
        let net = Ipv4Net::new(Ipv4Addr::from(bits), prefix).expect("prefix <= 32");
        (IpNet::V4(net.trunc()), (prefix + diff).min(32))
    });
    let v6 = (0u8..=112, 0u8..=max_diff.min(16), any::<u128>()).prop_map(|(prefix, diff, bits)| {
        let net = Ipv6Net::new(Ipv6Addr::from(bits), prefix).expect("prefix <= 128");
        (IpNet::V6(net.trunc()), prefix + diff)
    });
    prop_oneof![v4, v6]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Node subnets never overlap each other and always lie inside the cluster CIDR.
    #[test]
    fn subnets_are_disjoint_and_inside_the_cluster((cluster, mask) in cluster_and_mask(9)) {
        let mut set = CidrSet::new(cluster, mask).expect("valid pair");
        let count = set.max_cidrs().min(300);
        let mut seen = HashSet::new();
        for _ in 0..count {
            let subnet = set.allocate_next().expect("not yet full");
            prop_assert_eq!(subnet.prefix_len(), mask);
            prop_assert!(cluster.contains(&subnet), "{} outside {}", subnet, cluster);
            // Equal-sized aligned subnets overlap only if they are the same subnet.
            prop_assert!(seen.insert(subnet), "{} handed out twice", subnet);
        }
    }

    /// Allocating everything, releasing everything and allocating everything again yields the same
    /// subnets in the same, ascending, order (the cursor has wrapped back to 0).
    #[test]
    fn allocate_release_allocate_repeats_in_ascending_order((cluster, mask) in cluster_and_mask(8)) {
        let mut set = CidrSet::new(cluster, mask).expect("valid pair");
        let max = set.max_cidrs();
        let first: Vec<IpNet> = (0..max).map(|_| set.allocate_next().expect("free")).collect();
        prop_assert_eq!(set.allocate_next(), Err(CidrSetError::RangeNoCidrsRemaining));
        prop_assert!(first.windows(2).all(|w| w[0].addr() < w[1].addr()), "not ascending");
        for subnet in &first {
            set.release(subnet).expect("inside");
        }
        let second: Vec<IpNet> = (0..max).map(|_| set.allocate_next().expect("free")).collect();
        prop_assert_eq!(first, second);
    }

    /// A released subnet is not handed out again until the cursor has wrapped past the end.
    #[test]
    fn released_subnet_waits_for_the_wrap(
        (cluster, mask) in cluster_and_mask(7).prop_filter("room to wrap", |(c, m)| m - c.prefix_len() >= 2),
        allocated_share in 0.1f64..0.9,
        released_pick in any::<prop::sample::Index>(),
    ) {
        let mut set = CidrSet::new(cluster, mask).expect("valid pair");
        let max = set.max_cidrs();
        let allocated = ((max as f64 * allocated_share) as u64).clamp(1, max - 1);
        let subnets: Vec<IpNet> = (0..allocated).map(|_| set.allocate_next().expect("free")).collect();
        let released = subnets[released_pick.index(subnets.len())];
        set.release(&released).expect("inside");
        for _ in allocated..max {
            prop_assert_ne!(set.allocate_next().expect("free"), released);
        }
        prop_assert_eq!(set.allocate_next(), Ok(released));
    }

    /// max_cidrs equals 2^(node mask − cluster mask); IPv6 refuses a difference over 16.
    #[test]
    fn max_cidrs_is_two_to_the_mask_difference(prefix in 0u8..=96, diff in 0u8..=32, v6 in any::<bool>()) {
        let (cluster, mask) = if v6 {
            (IpNet::V6(Ipv6Net::new(Ipv6Addr::from(0xfd00u128 << 112), prefix).expect("valid").trunc()), prefix + diff)
        } else {
            let prefix = prefix.min(32);
            (IpNet::V4(Ipv4Net::new(Ipv4Addr::new(10, 0, 0, 0), prefix).expect("valid").trunc()), (prefix + diff).min(32))
        };
        match CidrSet::new(cluster, mask) {
            Ok(set) => {
                prop_assert!(!(v6 && diff > 16));
                prop_assert_eq!(set.max_cidrs(), 1u64 << (mask - cluster.prefix_len()));
            }
            Err(err) => {
                prop_assert!(v6 && diff > 16);
                prop_assert_eq!(err, CidrSetError::SubNetTooBig);
            }
        }
    }
}

/// One step of a history on `10.0.0.0/8` split into `/26`s (2^18 subnets, four bitmap pages).
#[derive(Debug, Clone)]
enum Op {
    Allocate,
    /// Occupy `<offset>/<prefix>` inside the cluster.
    Occupy(u8, u32),
    /// Release `<offset>/<prefix>` inside the cluster.
    Release(u8, u32),
}

const CLUSTER_BASE: u32 = 10 << 24;
const CLUSTER_PREFIX: u8 = 8;
const NODE_MASK: u8 = 26;
const MAX: usize = 1 << (NODE_MASK - CLUSTER_PREFIX);

fn op() -> impl Strategy<Value = Op> {
    // Prefixes from the cluster's own down to below a node subnet, weighted to large ranges so that
    // whole pages fill and empty.
    let range = (CLUSTER_PREFIX..=30u8, any::<u32>());
    prop_oneof![
        4 => Just(Op::Allocate),
        2 => range.clone().prop_map(|(p, o)| Op::Occupy(p, o)),
        1 => range.prop_map(|(p, o)| Op::Release(p, o)),
    ]
}

fn ops() -> impl Strategy<Value = Vec<Op>> {
    prop::collection::vec(op(), 1..60)
}

fn cidr_of(prefix: u8, offset: u32) -> IpNet {
    let host_bits = offset & (u32::MAX >> CLUSTER_PREFIX);
    let net = Ipv4Net::new(Ipv4Addr::from(CLUSTER_BASE | host_bits), prefix).expect("prefix <= 32");
    IpNet::V4(net.trunc())
}

/// The spec's model: a bool per subnet, a counter and a cursor, as `cidr_set.go` describes them.
struct Model {
    used: Vec<bool>,
    allocated: u64,
    next_candidate: usize,
    /// `cidrset_cidrs_allocations_total` and `cidrset_cidrs_releases_total`: one per bit that changed.
    allocations_total: u64,
    releases_total: u64,
}

impl Model {
    fn new() -> Self {
        Self {
            used: vec![false; MAX],
            allocated: 0,
            next_candidate: 0,
            allocations_total: 0,
            releases_total: 0,
        }
    }

    fn allocate(&mut self) -> Option<usize> {
        let found = (0..MAX)
            .map(|i| (self.next_candidate + i) % MAX)
            .find(|&i| !self.used[i])?;
        self.used[found] = true;
        self.allocated += 1;
        self.allocations_total += 1;
        self.next_candidate = (found + 1) % MAX;
        Some(found)
    }

    /// `getBeginningAndEndIndices` for a CIDR inside the cluster.
    fn range(prefix: u8, offset: u32) -> std::ops::RangeInclusive<usize> {
        if prefix <= CLUSTER_PREFIX {
            return 0..=MAX - 1;
        }
        // prefix > CLUSTER_PREFIX here, so the shift is in 1..32.
        let prefix_mask = u32::MAX << (32 - prefix);
        let network = (offset & (u32::MAX >> CLUSTER_PREFIX)) & prefix_mask;
        let last = network | (u32::MAX >> prefix);
        let shift = 32 - NODE_MASK;
        (network >> shift) as usize..=(last >> shift) as usize
    }

    fn mark(&mut self, prefix: u8, offset: u32, value: bool) {
        for i in Self::range(prefix, offset) {
            if self.used[i] != value {
                self.used[i] = value;
                if value {
                    self.allocated += 1;
                    self.allocations_total += 1;
                } else {
                    self.allocated -= 1;
                    self.releases_total += 1;
                }
            }
        }
    }
}

/// Runs a history; returns what every `allocate_next` handed out (as indices) and the final set.
fn run(history: &[Op]) -> (Vec<Option<u64>>, CidrSet) {
    let cluster =
        IpNet::V4(Ipv4Net::new(Ipv4Addr::from(CLUSTER_BASE), CLUSTER_PREFIX).expect("valid"));
    let mut set = CidrSet::new(cluster, NODE_MASK).expect("valid pair");
    let mut handed_out = Vec::new();
    for op in history {
        match *op {
            Op::Allocate => handed_out.push(
                set.allocate_next()
                    .ok()
                    .and_then(|subnet| set.get_index_for_ip(subnet.addr()).ok()),
            ),
            Op::Occupy(prefix, offset) => set.occupy(&cidr_of(prefix, offset)).expect("inside"),
            Op::Release(prefix, offset) => set.release(&cidr_of(prefix, offset)).expect("inside"),
        }
    }
    (handed_out, set)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The paged bitmap agrees with the plain model after every history: same subnets handed out, the
    /// allocated count equals the number of bits set, and every bit matches.
    #[test]
    fn paged_bitmap_matches_the_model(history in ops()) {
        let mut model = Model::new();
        let expected: Vec<Option<u64>> = history
            .iter()
            .filter_map(|op| match *op {
                Op::Allocate => Some(model.allocate().map(|i| i as u64)),
                Op::Occupy(p, o) => { model.mark(p, o, true); None }
                Op::Release(p, o) => { model.mark(p, o, false); None }
            })
            .collect();
        let (handed_out, set) = run(&history);
        prop_assert_eq!(handed_out, expected);
        prop_assert_eq!(set.allocated_cidrs(), model.allocated);
        prop_assert_eq!(set.count_used(0..set.max_cidrs()), set.allocated_cidrs());
        prop_assert_eq!(set.next_candidate(), model.next_candidate as u64);
        prop_assert_eq!(set.metrics().allocations_total, model.allocations_total);
        prop_assert_eq!(set.metrics().releases_total, model.releases_total);
        for (index, &used) in model.used.iter().enumerate() {
            prop_assert_eq!(set.is_used(index as u64), used, "bit {}", index);
        }
    }

    /// Occupy and Release never move the cursor; only AllocateNext does.
    #[test]
    fn occupy_and_release_never_move_the_cursor(history in ops()) {
        let (_, mut set) = run(&history);
        for op in &history {
            let before = set.next_candidate();
            match *op {
                Op::Occupy(p, o) => set.occupy(&cidr_of(p, o)).expect("inside"),
                Op::Release(p, o) => set.release(&cidr_of(p, o)).expect("inside"),
                Op::Allocate => continue,
            }
            prop_assert_eq!(set.next_candidate(), before);
        }
    }

    /// The same history always gives the same result (no hidden randomness or clock).
    #[test]
    fn deterministic_for_a_given_history(history in ops()) {
        let (first, a) = run(&history);
        let (second, b) = run(&history);
        prop_assert_eq!(first, second);
        prop_assert_eq!(a.allocated_cidrs(), b.allocated_cidrs());
        prop_assert_eq!(a.next_candidate(), b.next_candidate());
        prop_assert_eq!(a.metrics(), b.metrics());
    }
}

/// `0.0.0.0/0` in `/32`s holds 2^32 subnets. Occupying the whole range (a `/0` service range) sets every
/// bit as upstream's loop does, in pages rather than bit by bit (which froze the page); releasing half of
/// it and allocating again work on the filled pages.
#[test]
fn the_whole_ipv4_space_in_32s_fills_and_empties_in_pages() {
    let all = IpNet::V4(Ipv4Net::new(Ipv4Addr::UNSPECIFIED, 0).expect("valid"));
    let mut set = CidrSet::new(all, 32).expect("valid pair");
    set.occupy(&all).expect("the cluster itself");
    assert_eq!(set.allocated_cidrs(), 1 << 32);
    assert_eq!(set.metrics().allocations_total, 1 << 32);
    assert!(matches!(
        set.allocate_next(),
        Err(CidrSetError::RangeNoCidrsRemaining)
    ));
    let upper_half = IpNet::V4(Ipv4Net::new(Ipv4Addr::new(128, 0, 0, 0), 1).expect("valid"));
    // Upstream's 32-bit index compare refuses every /32-sized index range here, even a /1.
    assert!(set.release(&upper_half).is_err());
    set.release(&all).expect("the cluster itself");
    assert_eq!(set.allocated_cidrs(), 0);
    assert_eq!(set.metrics().releases_total, 1 << 32);
    assert_eq!(
        set.allocate_next().expect("empty again"),
        IpNet::V4(Ipv4Net::new(Ipv4Addr::UNSPECIFIED, 32).expect("valid"))
    );
}

/// `AllocateNext` on a full set checks the counter before scanning: the error leaves the cursor, the
/// bitmap and every metric as they were (docs/upstream-notes.md, point 5).
#[test]
fn a_full_set_refuses_without_touching_the_cursor_or_the_metrics() {
    let cluster = IpNet::V4(Ipv4Net::new(Ipv4Addr::new(10, 0, 0, 0), 30).expect("valid"));
    let mut set = CidrSet::new(cluster, 32).expect("valid pair");
    for _ in 0..3 {
        set.allocate_next().expect("room");
    }
    let third = IpNet::V4(Ipv4Net::new(Ipv4Addr::new(10, 0, 0, 3), 32).expect("valid"));
    set.occupy(&third).expect("inside");
    let (cursor, metrics) = (set.next_candidate(), set.metrics().clone());
    assert_eq!(cursor, 3);
    assert!(matches!(
        set.allocate_next(),
        Err(CidrSetError::RangeNoCidrsRemaining)
    ));
    assert_eq!(set.next_candidate(), cursor);
    assert_eq!(set.metrics(), &metrics);
    assert_eq!(set.allocated_cidrs(), 4);
}
