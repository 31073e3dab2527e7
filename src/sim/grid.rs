//! What a node's address grid shows: every address of its host-local range in order, with the role
//! host-local gives it (network, gateway, broadcast, reserved, behind or after the cursor).
//!
//! Read off the node's loaded conflist (`Range` with host-local's canonical bounds) and its store
//! (`reservations`, `last_reserved_ip.0`); nothing is recomputed in a view.

use super::simulation::Simulation;
use crate::ipam::address_map::{address_map, AddressMap};
use crate::ipam::cidrset::CidrSet;
use crate::ipam::flannel::{load_flannel_subnet_env, DEFAULT_SUBNET_FILE};
use crate::ipam::goip::{ip_string, ip_to_u128, parse_cidr_sloppy, u128_to_ip};
use crate::ipam::hostlocal::store::container_id;
use crate::ipam::hostlocal::Range;
use ipnet::IpNet;
use serde::Serialize;

/// At most this many addresses are drawn; a bigger range shows its first ones.
pub const MAX_GRID_CELLS: u128 = 256;

/// The role of one address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CellStatus {
    /// The subnet's network address (below `rangeStart`).
    Network,
    /// The range's gateway, which the iterator skips.
    Gateway,
    /// The IPv4 broadcast (above `rangeEnd`).
    Broadcast,
    /// An IP file exists for it.
    Reserved,
    /// An IP file exists for it, but no sandbox on the node holds it any more (a reboot took the
    /// sandbox): it stays until a CNI DEL for its container ID comes, if one ever does.
    Orphaned,
    /// Free, but the cursor already passed it: it is handed out again only after the walk wraps.
    Freed,
    /// Free, ahead of the cursor.
    Free,
}

/// One address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GridCell {
    /// Go string form.
    pub ip: String,
    /// Its role.
    pub status: CellStatus,
    /// The iterator's first candidate: the address after `last_reserved_ip`.
    pub next: bool,
}

/// A node's grid (first range set, first range: the IPv4 one on dual-stack kind nodes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AddressGrid {
    /// The range's subnet.
    pub subnet: String,
    /// The addresses drawn, from the network address up.
    pub cells: Vec<GridCell>,
    /// Whether the subnet has more addresses than drawn.
    pub truncated: bool,
}

impl Simulation {
    /// kcm's cidrsets, one per cluster CIDR, once the node IPAM controller runs.
    pub fn cidr_sets(&self) -> &[CidrSet] {
        self.node_ipam
            .as_ref()
            .map(|ipam| ipam.allocator.cidr_sets())
            .unwrap_or(&[])
    }

    /// The address map of cluster CIDR number `family` (flag order) through `window` (the whole
    /// cluster CIDR when `None`): blocks of node subnets with the nodes whose `spec.podCIDRs` fall in
    /// them and the service ranges the allocator filtered out. `None` before the node IPAM controller
    /// runs, or for a window outside the cluster CIDR.
    pub fn address_map(&self, family: usize, window: Option<IpNet>) -> Option<AddressMap> {
        let set = self.cidr_sets().get(family)?;
        let owners: Vec<(IpNet, String)> = self
            .cluster
            .nodes_in_name_order()
            .into_iter()
            .flat_map(|(name, node)| {
                node.pod_cidrs.iter().filter_map(move |cidr| {
                    parse_cidr_sloppy(cidr)
                        .ok()
                        .map(|(_, net)| (net, name.to_string()))
                })
            })
            .collect();
        let services: Vec<IpNet> = self
            .cluster
            .config
            .iter()
            .flat_map(|c| [c.service_cidr, c.secondary_service_cidr])
            .flatten()
            .collect();
        address_map(
            set,
            window.unwrap_or_else(|| set.cluster_cidr()),
            &owners,
            &services,
        )
    }

    /// The address grid of a node's host-local range, once kindnet wrote its conflist (or, on a
    /// flannel node, flanneld its subnet.env).
    pub fn node_address_grid(&self, node: &str) -> Option<AddressGrid> {
        let node = self.cluster.nodes.get(node)?;
        let range = match (&node.chain, &node.flannel) {
            (Some(chain), _) => chain.ipam.ranges.first()?.ranges().first()?.clone(),
            // flannel hands host-local FLANNEL_SUBNET's network without bounds (`delegate_conf`):
            // the range's defaults, read from the file at every ADD.
            (None, Some(files)) => {
                let env = load_flannel_subnet_env(DEFAULT_SUBNET_FILE, files.subnet_env.as_deref());
                Range::with_defaults(env.ok()?.sn?)?
            }
            (None, None) => return None,
        };
        // The range's family only, ascending as `reservations` lists them: searched, since a set of
        // them would cost the page's wasm a tree's code.
        let family = range.range_start.is_ipv4();
        let reserved: Vec<(u128, bool)> = node
            .store
            .iter()
            .flat_map(|s| s.reservations())
            .filter(|(ip, _)| ip.is_ipv4() == family)
            .map(|(ip, content)| {
                let held = node.sandboxes.contains_key(container_id(content));
                (ip_to_u128(ip), held)
            })
            .collect();
        let last = node
            .store
            .as_ref()
            .and_then(|s| s.last_reserved_ip("0"))
            .filter(|ip| range.contains(*ip))
            .map(ip_to_u128);
        let (start, end) = (ip_to_u128(range.range_start), ip_to_u128(range.range_end));
        let gateway = ip_to_u128(range.gateway);
        // host-local's first candidate: after last_reserved_ip, wrapping, skipping the gateway.
        let mut next = last.map_or(start, |l| if l >= end { start } else { l + 1 });
        if next == gateway {
            next = if next >= end { start } else { next + 1 };
        }
        let network = ip_to_u128(range.subnet.network());
        let size = (ip_to_u128(range.subnet.broadcast()) - network).saturating_add(1);
        let drawn = size.min(MAX_GRID_CELLS);
        let cells = (0..drawn)
            .map(|offset| {
                let value = network + offset;
                let status = if value == gateway {
                    CellStatus::Gateway
                } else if value < start {
                    CellStatus::Network
                } else if value > end {
                    CellStatus::Broadcast
                } else if let Ok(at) = reserved.binary_search_by_key(&value, |(ip, _)| *ip) {
                    if reserved[at].1 {
                        CellStatus::Reserved
                    } else {
                        CellStatus::Orphaned
                    }
                } else if last.is_some_and(|l| value <= l) {
                    CellStatus::Freed
                } else {
                    CellStatus::Free
                };
                GridCell {
                    ip: ip_string(u128_to_ip(value, range.subnet.network())),
                    status,
                    next: value == next,
                }
            })
            .collect();
        Some(AddressGrid {
            subnet: crate::ipam::goip::net_string(&range.subnet),
            cells,
            truncated: size > drawn,
        })
    }
}
