//! The address map of a cluster CIDR: the cidrset's node subnets drawn as a grid of at most
//! [`MAX_CELLS`] cells, like a CIDR visualizer.
//!
//! A cluster CIDR can hold 2^24 node subnets (an IPv4 `/8` split into `/32`s), far too many to draw one
//! by one. So the map shows a *window* of the index space split into aligned blocks of 2^k subnets: each
//! block is itself a CIDR (prefix `node_mask − k`), so a learner can zoom into any cell and the cell's
//! label stays a real prefix. Counts come from [`CidrSet::count_used`], which skips whole pages, so a map
//! costs at most [`MAX_CELLS`] page-level counts whatever the cluster size.

use super::cidrset::CidrSet;
use super::goip::{ip_to_u128, u128_to_ip};
use ipnet::IpNet;
use serde::Serialize;

/// At most this many cells are drawn (a 16 × 16 grid).
pub const MAX_CELLS: u64 = 256;

/// One cell: an aligned block of node subnets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MapCell {
    /// The block as a prefix (a single node subnet when `len == 1`).
    pub block: IpNet,
    /// Index of the block's first node subnet in the cidrset.
    pub first_index: u64,
    /// Number of node subnets in the block.
    pub len: u64,
    /// How many of them are marked used.
    pub used: u64,
    /// The owners (e.g. node names) holding subnets in this block, in the order given.
    pub owners: Vec<String>,
    /// How many subnets of the block the service CIDR(s) cover.
    pub service: u64,
    /// The cidrset's `nextCandidate` falls in this block.
    pub next_candidate: bool,
}

/// A window of the map: which part of the index space, and its cells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AddressMap {
    /// The window as a prefix (the cluster CIDR when not zoomed).
    pub window: IpNet,
    /// Node subnets per cell.
    pub cell_len: u64,
    /// The cells, in index order.
    pub cells: Vec<MapCell>,
}

/// Draw `window` (the cluster CIDR or an aligned block inside it) of `set`.
///
/// `owners` are the podCIDRs handed out, with who holds them; `services` the service CIDRs that
/// `filterOutServiceRange` occupied. Returns `None` when the window does not lie in the cluster CIDR.
///
/// # Examples
/// ```
/// use podip::ipam::{address_map::address_map, cidrset::CidrSet};
/// let mut set = CidrSet::new("10.0.0.0/8".parse().unwrap(), 24).unwrap();
/// let first = set.allocate_next().unwrap();
/// let map = address_map(&set, set.cluster_cidr(), &[(first, "kind-control-plane".into())], &[]).unwrap();
/// assert_eq!(map.cells.len(), 256);
/// assert_eq!(map.cell_len, 256); // each cell is a /16 of 256 node /24s
/// assert_eq!(map.cells[0].block.to_string(), "10.0.0.0/16");
/// assert_eq!((map.cells[0].used, map.cells[0].owners.len()), (1, 1));
/// ```
pub fn address_map(
    set: &CidrSet,
    window: IpNet,
    owners: &[(IpNet, String)],
    services: &[IpNet],
) -> Option<AddressMap> {
    let window = window.trunc();
    let cluster = set.cluster_cidr();
    let node_mask = set.node_mask_size();
    if !cluster.contains(&window) || window.prefix_len() > node_mask {
        return None;
    }
    let (window_first, window_last) = set.get_beginning_and_end_indices(&window).ok()?;
    let window_len = window_last - window_first + 1;
    let cell_len = window_len.div_ceil(MAX_CELLS).next_power_of_two();
    let cell_prefix = node_mask - cell_len.trailing_zeros() as u8;
    let ranges = |nets: &[IpNet]| -> Vec<(u64, u64)> {
        nets.iter()
            .filter_map(|net| set.get_beginning_and_end_indices(net).ok())
            .collect()
    };
    let owner_ranges: Vec<(u64, u64, &str)> = owners
        .iter()
        .filter_map(|(net, who)| {
            set.get_beginning_and_end_indices(net)
                .ok()
                .map(|(a, b)| (a, b, who.as_str()))
        })
        .collect();
    let service_ranges = ranges(services);
    // Subnets shared by the inclusive index ranges [a, b] and [lo, hi].
    let overlap = |(a, b): (u64, u64), lo: u64, hi: u64| {
        let (from, to) = (a.max(lo), b.min(hi));
        if from <= to {
            to - from + 1
        } else {
            0
        }
    };
    let cells = (0..window_len.div_ceil(cell_len))
        .map(|c| {
            let first_index = window_first + c * cell_len;
            let last_index = first_index + cell_len - 1;
            let base = set.index_to_cidr_block(first_index);
            let block = IpNet::new(base.addr(), cell_prefix).unwrap_or(base);
            let mut cell_owners: Vec<String> = Vec::new();
            for &(a, b, who) in &owner_ranges {
                if overlap((a, b), first_index, last_index) > 0
                    && !cell_owners.iter().any(|o| o == who)
                {
                    cell_owners.push(who.to_string());
                }
            }
            let service = service_ranges
                .iter()
                .map(|&range| overlap(range, first_index, last_index))
                .sum();
            MapCell {
                block,
                first_index,
                len: cell_len,
                used: set.count_used(first_index..last_index + 1),
                owners: cell_owners,
                service,
                next_candidate: (first_index..=last_index).contains(&set.next_candidate()),
            }
        })
        .collect();
    Some(AddressMap {
        window,
        cell_len,
        cells,
    })
}

/// The parent window one zoom level out (16× larger), clipped to the cluster CIDR.
pub fn zoom_out(set: &CidrSet, window: IpNet) -> IpNet {
    let cluster = set.cluster_cidr();
    let prefix = window
        .prefix_len()
        .saturating_sub(4)
        .max(cluster.prefix_len());
    let network = ip_to_u128(window.network());
    IpNet::new(u128_to_ip(network, window.network()), prefix)
        .map(|net| net.trunc())
        .unwrap_or(cluster)
}
