//! kube-controller-manager's cidrsets (one per cluster CIDR) as the stage draws them: a strip of node-subnet cells, single
//! while the subnets in use fit, blocks of them beyond.

use super::places::slot_of;
use crate::ipam::goip::net_string;
use crate::sim::Simulation;
use ipnet::IpNet;

/// The cidrset strip's cells: single node subnets while the ones in use fit, blocks of them beyond.
pub const STRIP_CELLS: u64 = 32;

/// A cidrset as a strip of node-subnet cells.
#[derive(Debug, Clone, PartialEq)]
pub struct KcmStrip {
    /// `--cluster-cidr`.
    pub cluster_cidr: String,
    /// `--node-cidr-mask-size`.
    pub node_mask: u8,
    /// `allocatedCIDRs` of `maxCIDRs`.
    pub used: u64,
    /// `maxCIDRs`.
    pub max: u64,
    /// `nextCandidate`.
    pub next_candidate: u64,
    /// Node subnets per cell (1: each cell is one subnet).
    pub cell_len: u64,
    /// The cells drawn, in index order.
    pub cells: Vec<StripCell>,
    /// Node subnets after the last cell that are not drawn.
    pub not_drawn: u64,
}

/// One cell of the cidrset strip.
#[derive(Debug, Clone, PartialEq)]
pub struct StripCell {
    /// The index of its first node subnet.
    pub index: u64,
    /// Its block (a node subnet when the cells are single).
    pub block: String,
    /// How many of its subnets are allocated.
    pub used: u64,
    /// The node holding it (the first one, for a block), and its slot.
    pub owner: Option<(String, usize)>,
    /// The service range covers some of it (`filterOutServiceRange` marked it used).
    pub service: bool,
    /// `nextCandidate` is in it.
    pub cursor: bool,
}

impl KcmStrip {
    /// One strip per cidrset of `sim` (a dual-stack cluster has one per family, in `--cluster-cidr`
    /// order), once the node IPAM controller runs; `slots` colour owners.
    pub(super) fn all(sim: &Simulation, slots: &[String]) -> Vec<KcmStrip> {
        (0..sim.cidr_sets().len())
            .filter_map(|family| KcmStrip::of(sim, slots, family))
            .collect()
    }

    /// The strip of `sim`'s cidrset number `family`.
    fn of(sim: &Simulation, slots: &[String], family: usize) -> Option<KcmStrip> {
        let set = sim.cidr_sets().get(family)?;
        // Single subnets from index 0 while the cursor and the subnets held fit; blocks beyond. The
        // whole cluster CIDR's map (at most 256 cells) tells how far the subnets in use reach.
        let max = set.max_cidrs();
        let highest = sim
            .address_map(0, None)
            .and_then(|whole| {
                let last = whole.cells.iter().rev().find(|c| c.used > 0)?;
                Some(last.first_index + last.len - 1)
            })
            .unwrap_or(0)
            .max(set.next_candidate());
        let node_mask = set.node_mask_size();
        let cluster = set.cluster_cidr();
        let span = node_mask - cluster.prefix_len();
        let base = STRIP_CELLS.trailing_zeros() as u8;
        let mut window_bits = base.min(span);
        while window_bits < span && (1u64 << window_bits) <= highest {
            window_bits += 1;
        }
        let block_bits = window_bits.saturating_sub(base);
        let window = IpNet::new(cluster.addr(), node_mask - window_bits).unwrap_or(cluster);
        let map = sim.address_map(family, Some(window));
        let cells: Vec<StripCell> = map
            .map(|map| {
                map.cells
                    .chunks((1u64 << block_bits).div_ceil(map.cell_len).max(1) as usize)
                    .map(|chunk| {
                        let first = &chunk[0];
                        let owner = chunk.iter().flat_map(|c| c.owners.first()).next();
                        StripCell {
                            index: first.first_index,
                            block: if chunk.len() == 1 {
                                net_string(&first.block)
                            } else {
                                let prefix =
                                    first.block.prefix_len() - chunk.len().trailing_zeros() as u8;
                                IpNet::new(first.block.addr(), prefix)
                                    .map_or_else(|_| net_string(&first.block), |b| net_string(&b))
                            },
                            used: chunk.iter().map(|c| c.used).sum(),
                            owner: owner.map(|o| (o.clone(), slot_of(slots, o))),
                            service: chunk.iter().any(|c| c.service > 0),
                            cursor: chunk.iter().any(|c| c.next_candidate),
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();
        let drawn: u64 = 1u64 << window_bits;
        Some(KcmStrip {
            cluster_cidr: net_string(&cluster),
            node_mask,
            used: set.allocated_cidrs(),
            max,
            next_candidate: set.next_candidate(),
            cell_len: 1 << block_bits,
            cells,
            not_drawn: max.saturating_sub(drawn),
        })
    }
}
