//! What a Calico node's tools show, read off the datastore and the node: `ip route` with BIRD's routes (a
//! `blackhole` per block affine to the node, each other node's blocks via its InternalIP through
//! `tunl0`, as the node's BIRD installed them), the blocks by node, and a node's IPAM facts for the
//! state.

use super::bird;
use super::Calico;
use crate::ipam::goip::ip_to_u128;
use crate::sim::cluster::Cluster;
use ipnet::IpNet;
use std::net::IpAddr;

/// BIRD's routes on `node` as its table holds them (see [`super::bird`]): its blocks' blackholes, the
/// tunnel routes to the other nodes' blocks, and a `/32` through the tunnel to each address another
/// node borrowed, each with the prefix it is for.
pub(crate) fn bird_routes(cluster: &Cluster, node: &str) -> Vec<(IpNet, String)> {
    cluster
        .calico
        .as_deref()
        .map_or_else(Vec::new, |calico| bird::routes(calico, node))
}

/// `ip route` on a Calico node: the kernel's and the plugin's routes (`lines`, as `ip` prints the node's
/// namespace) with BIRD's, in the order the kernel dumps them (`default` first, then by prefix).
pub(crate) fn merge_routes(lines: Vec<String>, bird: Vec<(IpNet, String)>) -> Vec<String> {
    let mut keyed: Vec<((u8, u128, u8), String)> = lines
        .into_iter()
        .map(|line| (key_of(&line), line))
        .collect();
    keyed.extend(
        bird.into_iter()
            .map(|(net, line)| ((1, ip_to_u128(net.network()), net.prefix_len()), line)),
    );
    keyed.sort_by_key(|(key, _)| *key);
    keyed.into_iter().map(|(_, line)| line).collect()
}

/// Where a line of `ip route` sorts: `default` first, then by its destination's address and length.
fn key_of(line: &str) -> (u8, u128, u8) {
    let dst = line.split_whitespace().next().unwrap_or_default();
    if dst == "default" {
        return (0, 0, 0);
    }
    let net = dst
        .parse::<IpNet>()
        .ok()
        .or_else(|| dst.parse::<IpAddr>().ok().map(IpNet::from));
    net.map_or((2, 0, 0), |net| {
        (1, ip_to_u128(net.network()), net.prefix_len())
    })
}

/// The blocks of the pool, each with its affinity and how many of its addresses are in use, and the
/// addresses borrowed from it (in use by another node): what `calicoctl ipam show --show-blocks` and the
/// state tell.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BlockView {
    /// The block's CIDR.
    pub cidr: String,
    /// `host:<node>` affinity's node, if any.
    pub affinity: Option<String>,
    /// How many addresses it has.
    pub addresses: usize,
    /// How many are allocated.
    pub in_use: usize,
    /// Addresses allocated to a node other than the block's (`borrowed`), with that node.
    pub borrowed: Vec<(String, String)>,
}

/// Every block in the datastore, by CIDR.
pub(crate) fn blocks(cluster: &Cluster) -> Vec<BlockView> {
    let Some(Calico { ipam, .. }) = cluster.calico.as_deref() else {
        return Vec::new();
    };
    ipam.blocks()
        .values()
        .map(|block| BlockView {
            cidr: block.cidr.to_string(),
            affinity: block.host().map(str::to_string),
            addresses: block.num_addresses(),
            in_use: block.num_addresses() - block.num_free_addresses(),
            borrowed: block
                .non_affine_allocations()
                .into_iter()
                .map(|(ip, node)| (crate::ipam::goip::ip_string(ip), node))
                .collect(),
        })
        .collect()
}

/// An IP pool as `calicoctl get ippool -o wide` tells it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PoolView {
    /// `metadata.name`.
    pub name: String,
    /// `spec.cidr`.
    pub cidr: String,
    /// `spec.blockSize`.
    pub block_size: u8,
    /// How many blocks it holds.
    pub blocks: u128,
    /// How many addresses each block has.
    pub block_addresses: u128,
}

/// Calico's datastore at one time: its pools and blocks.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CalicoState {
    /// The IP pools.
    pub pools: Vec<PoolView>,
    /// Every block, by CIDR, with its affinity and borrowed addresses.
    pub blocks: Vec<BlockView>,
    /// `IPAMConfiguration`'s `strictAffinity`.
    pub strict_affinity: bool,
}

/// The datastore's state, once the first calico-node created it.
pub(crate) fn state(cluster: &Cluster) -> Option<CalicoState> {
    let Calico { ipam, .. } = cluster.calico.as_deref()?;
    Some(CalicoState {
        pools: ipam
            .pools()
            .iter()
            .map(|pool| PoolView {
                name: pool.name.clone(),
                cidr: pool.cidr.to_string(),
                block_size: pool.block_size,
                blocks: pool.num_blocks(),
                block_addresses: pool.block_addresses(),
            })
            .collect(),
        blocks: blocks(cluster),
        strict_affinity: ipam.config.strict_affinity,
    })
}

/// The blocks affine to `node`, by CIDR.
pub(crate) fn node_blocks(cluster: &Cluster, node: &str) -> Vec<String> {
    cluster.calico.as_deref().map_or_else(Vec::new, |calico| {
        calico
            .ipam
            .affine_blocks(node, 4)
            .iter()
            .map(IpNet::to_string)
            .collect()
    })
}

/// `calicoctl ipam show [--show-blocks]` (`calicoctl/commands/ipam/show.go`): the pool's row, then each
/// block's, drawn as olekukonko/tablewriter draws them (headers centred, numbers to the right).
pub(crate) fn ipam_show(cluster: &Cluster, show_blocks: bool) -> Vec<String> {
    let Some(Calico { ipam, .. }) = cluster.calico.as_deref() else {
        return Vec::new();
    };
    let mut rows: Vec<[String; 5]> = Vec::new();
    for pool in ipam.pools() {
        let blocks: Vec<_> = ipam
            .blocks()
            .values()
            .filter(|block| pool.cidr.contains(&block.cidr))
            .collect();
        let in_use: usize = blocks
            .iter()
            .map(|b| b.num_addresses() - b.num_free_addresses())
            .sum();
        let capacity = pool.num_blocks() * pool.block_addresses();
        rows.push(usage_row("IP Pool", &pool.cidr, in_use as u128, capacity));
        if show_blocks {
            rows.extend(blocks.iter().map(|b| {
                let used = b.num_addresses() - b.num_free_addresses();
                usage_row("Block", &b.cidr, used as u128, b.num_addresses() as u128)
            }));
        }
    }
    const HEADER: [&str; 5] = ["GROUPING", "CIDR", "IPS TOTAL", "IPS IN USE", "IPS FREE"];
    let widths: Vec<usize> = (0..5)
        .map(|c| {
            rows.iter()
                .map(|row| row[c].len())
                .chain([HEADER[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let border = format!(
        "+{}+",
        widths
            .iter()
            .map(|w| "-".repeat(w + 2))
            .collect::<Vec<_>>()
            .join("+")
    );
    let line = |cells: Vec<String>| format!("| {} |", cells.join(" | "));
    let header = HEADER
        .iter()
        .zip(&widths)
        .map(|(text, width)| {
            let gap = width - text.len();
            format!("{}{text}{}", " ".repeat(gap / 2), " ".repeat(gap - gap / 2))
        })
        .collect();
    let mut lines = vec![border.clone(), line(header), border.clone()];
    for row in &rows {
        lines.push(line(
            row.iter()
                .zip(&widths)
                .map(|(cell, width)| match cell.parse::<u128>() {
                    Ok(_) => format!("{cell:>width$}"),
                    Err(_) => format!("{cell:<width$}"),
                })
                .collect(),
        ));
    }
    lines.push(border);
    lines
}

/// A row of `genRow`: total, in use and free, each with its share (`%.f%%`, to the nearest integer).
fn usage_row(kind: &str, cidr: &IpNet, in_use: u128, capacity: u128) -> [String; 5] {
    let percent = |n: u128| (n * 200 + capacity).checked_div(capacity * 2).unwrap_or(0);
    let free = capacity.saturating_sub(in_use);
    [
        kind.to_string(),
        cidr.to_string(),
        capacity.to_string(),
        format!("{in_use} ({}%)", percent(in_use)),
        format!("{free} ({}%)", percent(free)),
    ]
}

/// `calicoctl ipam show --ip=IP`: whether it is in use and its attributes (Go's `%v` of a map, keys in
/// order), or the client's error when it is not assigned.
pub(crate) fn ipam_show_ip(cluster: &Cluster, ip: IpAddr) -> Vec<String> {
    let Some(Calico { ipam, .. }) = cluster.calico.as_deref() else {
        return Vec::new();
    };
    let ip_text = crate::ipam::goip::ip_string(ip);
    let attribute = ipam
        .blocks()
        .values()
        .find(|block| block.cidr.contains(&ip))
        .and_then(|block| block.attribute_of(ip).map(|attr| (block, attr)));
    match attribute {
        Some((_, attr)) => {
            let pairs: Vec<String> = attr
                .active_owner_attrs
                .iter()
                .map(|(key, value)| format!("{key}:{value}"))
                .collect();
            vec![
                format!("IP {ip_text} is in use"),
                format!("Attributes: map[{}]", pairs.join(" ")),
            ]
        }
        None => vec![format!("IP {ip_text} is not assigned in block")],
    }
}
