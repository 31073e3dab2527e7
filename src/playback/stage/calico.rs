//! Calico's IPAM as the stage draws it: the pool where kube-controller-manager's strip is, and on each
//! Calico node its affine blocks beside its `spec.podCIDR`, which calico-ipam does not read, the blackhole
//! route BIRD sets for each block, and which pods' addresses are borrowed from another node's block.

use crate::ipam::calico::node::ipip_tunnel_handle;
use crate::ipam::calico::Ipam;
use crate::ipam::goip::{ip_string, net_string};
use crate::order;
use crate::sim::Simulation;
use std::collections::BTreeMap;

/// An IP pool, as `calicoctl get ippool -o wide` and `calicoctl ipam show` tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StagePool {
    /// `metadata.name` (`default-ipv4-ippool`).
    pub name: String,
    /// `spec.cidr`.
    pub cidr: String,
    /// `spec.blockSize`.
    pub block_size: u8,
    /// How many blocks the pool holds.
    pub blocks: u128,
    /// How many of them exist (claimed by a node, or left without affinity).
    pub claimed: usize,
}

/// A block affine to a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageBlock {
    /// The block's CIDR (`10.244.0.64/26`).
    pub cidr: String,
    /// Addresses allocated in it.
    pub used: usize,
    /// Addresses it has.
    pub size: usize,
    /// The `BlockAffinity`'s state: `pending`, `confirmed`, `pendingDeletion`.
    pub affinity: String,
}

/// What Calico's IPAM puts on a node, for the stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageCalico {
    /// The blocks affine to the node, in the order its affinities are listed.
    pub blocks: Vec<StageBlock>,
    /// BIRD's `blackhole` routes, one per affine block (`blackhole 10.244.0.64/26 proto bird`).
    pub blackholes: Vec<String>,
    /// tunl0's address, which calico-node took before any pod (`ipip-tunnel-addr-<node>`).
    pub tunnel: Option<StageTunnel>,
}

/// The node's IP-in-IP tunnel address, and whose block it is borrowed from when it is not the node's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageTunnel {
    /// The address (`10.244.0.1`).
    pub address: String,
    /// Set when the pool had no free block for the node.
    pub borrowed: Option<Borrowed>,
}

/// Where a borrowed address comes from: a block affine to another node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Borrowed {
    /// The block (`10.244.0.0/26`).
    pub block: String,
    /// The node it is affine to, if any.
    pub from: Option<String>,
}

fn ipam(sim: &Simulation) -> Option<&Ipam> {
    sim.cluster.calico.as_deref().map(|calico| &calico.ipam)
}

impl StagePool {
    /// The pools of `sim`'s datastore, once calico-node created them.
    pub(super) fn all(sim: &Simulation) -> Vec<StagePool> {
        let Some(ipam) = ipam(sim) else {
            return Vec::new();
        };
        ipam.pools()
            .iter()
            .map(|pool| StagePool {
                name: pool.name.clone(),
                cidr: net_string(&pool.cidr),
                block_size: pool.block_size,
                blocks: pool.num_blocks(),
                claimed: ipam
                    .blocks()
                    .keys()
                    .filter(|block| pool.cidr.contains(*block))
                    .count(),
            })
            .collect()
    }
}

impl StageCalico {
    /// Node `name`'s blocks, blackholes (from its `routes` as shown) and tunl0's address, marked when it
    /// is among the cluster's `borrowed` ones; `None` off a Calico cluster.
    pub(super) fn of(
        sim: &Simulation,
        name: &str,
        routes: &[String],
        borrowed: &BTreeMap<String, Borrowed>,
    ) -> Option<StageCalico> {
        let ipam = ipam(sim)?;
        let blocks = ipam
            .affinities()
            .filter(|affinity| affinity.host == name)
            .map(|affinity| {
                let block = ipam.blocks().get(&affinity.cidr);
                StageBlock {
                    cidr: net_string(&affinity.cidr),
                    used: block.map_or(0, |b| b.num_addresses() - b.num_free_addresses()),
                    size: block.map_or(0, |b| b.num_addresses()),
                    affinity: affinity.state.to_string(),
                }
            })
            .collect();
        let tunnel = ipam
            .ips_by_handle(&ipip_tunnel_handle(name))
            .ok()
            .and_then(|ips| ips.first().map(|ip| ip_string(*ip)))
            .map(|address| StageTunnel {
                borrowed: borrowed.get(&address).cloned(),
                address,
            });
        Some(StageCalico {
            blocks,
            tunnel,
            blackholes: routes
                .iter()
                .filter(|route| route.starts_with("blackhole "))
                .cloned()
                .collect(),
        })
    }

    /// The destinations of the blackhole routes (`10.244.0.64/26`).
    pub fn blackhole_prefixes(&self) -> Vec<String> {
        self.blackholes
            .iter()
            .filter_map(|route| route.split_whitespace().nth(1))
            .map(str::to_string)
            .collect()
    }
}

/// Every address in use on a node other than its block's, by address: whose block it is borrowed from.
pub(super) fn borrowed(sim: &Simulation) -> BTreeMap<String, Borrowed> {
    let Some(ipam) = ipam(sim) else {
        return BTreeMap::new();
    };
    order::map(ipam.blocks().values().flat_map(|block| {
        block
            .non_affine_allocations()
            .into_iter()
            .map(move |(ip, _)| {
                (
                    ip_string(ip),
                    Borrowed {
                        block: net_string(&block.cidr),
                        from: block.host().map(str::to_string),
                    },
                )
            })
    }))
}
