//! What a step's picture holds, read off the stage's view model as the page draws it: its nodes and
//! pods, and each node's chain (flanneld's subnet, the bridge `cni0`, the node's routes).

use super::words::Address;
use podip::playback::stage::{Stage, StageNode, StagePhase, StagePod};
use podip::sim::grid::CellStatus;
use std::collections::BTreeSet;

/// The stage at a step, and the addresses it shows.
pub struct Picture {
    pub stage: Stage,
    /// Addresses shown as taken: a file of host-local (listed, or a cell drawn as held), a node's
    /// subnet (on the node, a tile, or a cell of the cidrset strip drawn with its owner).
    taken: BTreeSet<String>,
    /// Every address shown: the taken ones, pods' addresses and routes, `last_reserved_ip`, the
    /// gateway, nodes' InternalIPs, the ranges' and the cluster's CIDRs.
    shown: BTreeSet<String>,
}

impl Picture {
    pub fn of(stage: Stage) -> Picture {
        let mut taken = BTreeSet::new();
        let mut shown = BTreeSet::new();
        for kcm in &stage.kcm {
            shown.insert(kcm.cluster_cidr.clone());
            let owned = kcm.cells.iter().filter(|c| c.owner.is_some());
            taken.extend(owned.map(|c| c.block.clone()));
        }
        for tile in &stage.tiles {
            taken.extend(tile.pod_cidrs.iter().cloned());
        }
        for node in stage.nodes.iter().flatten() {
            taken.extend(node.pod_cidrs.iter().cloned());
            taken.extend(node.files.iter().cloned());
            shown.extend(node.internal_ips.iter().cloned());
            if let Some(range) = &node.range {
                shown.insert(range.subnet.clone());
                shown.extend(range.last_reserved_ip.iter().cloned());
                for cell in &range.cells {
                    match cell.status {
                        CellStatus::Reserved | CellStatus::Orphaned => {
                            taken.insert(cell.ip.clone())
                        }
                        CellStatus::Gateway => shown.insert(cell.ip.clone()),
                        _ => false,
                    };
                }
            }
            for pod in &node.pods {
                taken.extend(pod.ip_files.iter().cloned());
                shown.extend(pod.ips.iter().cloned());
                shown.extend(pod.route_prefixes());
            }
        }
        // A flannel node's chain: flanneld's subnet, the bridge's gateway, the node's routes.
        for chain in &stage.chains {
            shown.extend(chain.flannel_subnet.iter().cloned());
            shown.extend(chain.node_route_prefixes().0);
            if let Some(bridge) = &chain.bridge {
                shown.extend(bridge.gateways.iter().cloned());
                let connected = bridge.connected_route.as_deref();
                shown.extend(
                    connected
                        .and_then(|r| r.split_whitespace().next())
                        .map(str::to_string),
                );
            }
        }
        // Calico: the pools' CIDRs, and each node's blocks (taken: affine to it) and their blackholes.
        shown.extend(stage.pools.iter().map(|p| p.cidr.clone()));
        for calico in stage.chains.iter().filter_map(|c| c.calico.as_ref()) {
            taken.extend(calico.blocks.iter().map(|b| b.cidr.clone()));
            shown.extend(calico.blackhole_prefixes());
        }
        shown.extend(taken.iter().cloned());
        Picture {
            stage,
            taken,
            shown,
        }
    }

    pub fn nodes(&self) -> impl Iterator<Item = &StageNode> {
        self.stage.nodes.iter().flatten()
    }

    pub fn pods(&self) -> impl Iterator<Item = &StagePod> {
        self.nodes().flat_map(|n| n.pods.iter())
    }

    pub fn pod(&self, name: &str) -> Option<&StagePod> {
        self.pods().find(|p| p.name == name)
    }

    /// A node's bridge drawn (`cni0`), and which of its ports are drawn: the host veths on it.
    pub fn bridge_ports(&self) -> Option<Vec<String>> {
        let bridged = self.stage.chains.iter().find(|c| c.bridge.is_some())?;
        bridged.bridge.as_ref().map(|b| b.ports.clone())
    }

    /// A pod drawn as alive (not the fading mark of one just gone).
    pub fn live_pod(&self, name: &str) -> bool {
        self.pod(name).is_some_and(|p| p.phase != StagePhase::Gone)
    }

    /// A node drawn whole or as a tile.
    pub fn has_node(&self, name: &str) -> bool {
        self.nodes().any(|n| n.name == name) || self.stage.tiles.iter().any(|t| t.name == name)
    }

    pub fn shows(&self, address: &Address) -> bool {
        self.shown.iter().any(|ip| address.is(ip))
    }

    pub fn takes(&self, address: &Address) -> bool {
        self.taken.iter().any(|ip| address.is(ip))
    }

    /// Pods drawn running, per node.
    pub fn running_per_node(&self) -> Vec<usize> {
        let running = |n: &StageNode| {
            let running = n.pods.iter().filter(|p| p.phase == StagePhase::Running);
            running.count()
        };
        self.nodes().map(running).collect()
    }

    /// IP files per node, on the nodes whose whole range is drawn (so they can be counted).
    pub fn ip_files_per_node(&self) -> Vec<usize> {
        let held = |c: &&podip::playback::stage::RangeCell| {
            matches!(c.status, CellStatus::Reserved | CellStatus::Orphaned)
        };
        self.nodes()
            .filter_map(|n| n.range.as_ref())
            .filter(|r| r.size <= r.cells.len() as u128)
            .map(|r| r.cells.iter().filter(held).count())
            .collect()
    }

    /// Each node's `last_reserved_ip.0`, as its range strip shows it.
    pub fn last_reserved_ips(&self) -> Vec<String> {
        self.nodes()
            .filter_map(|n| n.range.as_ref()?.last_reserved_ip.clone())
            .collect()
    }
}

/// Whether `pod` holds `address`, in its status or as its files.
pub fn holds(pod: &StagePod, address: &Address) -> bool {
    pod.ips.iter().chain(&pod.ip_files).any(|ip| address.is(ip))
}
