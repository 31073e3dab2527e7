//! What a Calico node's tools show, read off the datastore and the node: `ip route` with BIRD's routes (a
//! `blackhole` per block affine to the node, each other node's blocks via its InternalIP through
//! `tunl0`, as the node's BIRD installed them), the blocks by node, and a node's IPAM facts for the
//! state.

use super::bird;
use super::Calico;
use crate::ipam::calico::store::{block_affinity_name, cidr_to_name};
use crate::ipam::goip::ip_to_u128;
use crate::order;
use crate::sim::clock::VirtualTime;
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
    order::sort_by_key(&mut keyed, |(key, _)| *key);
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

/// `kubectl get ipamblocks.crd.projectcalico.org`: every block's object by name, with its age.
pub(crate) fn kubectl_get_ipamblocks(cluster: &Cluster) -> Vec<String> {
    let Some(calico) = cluster.calico.as_deref() else {
        return vec![NO_RESOURCES.to_string()];
    };
    let rows = calico
        .blocks_created
        .iter()
        .map(|(cidr, created)| (cidr_to_name(cidr), *created))
        .collect();
    kubectl_table(cluster, rows)
}

/// `kubectl get blockaffinities.crd.projectcalico.org`: every affinity's object by name, with its age.
pub(crate) fn kubectl_get_blockaffinities(cluster: &Cluster) -> Vec<String> {
    let Some(calico) = cluster.calico.as_deref() else {
        return vec![NO_RESOURCES.to_string()];
    };
    let rows = calico
        .affinities_created
        .iter()
        .map(|((host, cidr), created)| (block_affinity_name(host, cidr), *created))
        .collect();
    kubectl_table(cluster, rows)
}

/// What kubectl says when a cluster-scoped list is empty.
const NO_RESOURCES: &str = "No resources found";

/// kubectl's table for a CRD without printer columns: NAME and AGE, in name order (as the API server
/// lists them), aligned as cli-runtime's tabwriter aligns them (padding 3, at least 6 wide).
fn kubectl_table(cluster: &Cluster, mut rows: Vec<(String, VirtualTime)>) -> Vec<String> {
    if rows.is_empty() {
        return vec![NO_RESOURCES.to_string()];
    }
    order::sort(&mut rows);
    let width = rows
        .iter()
        .map(|(name, _)| name.len())
        .chain(["NAME".len()])
        .max()
        .unwrap_or(0)
        .saturating_add(3)
        .max(6);
    let mut lines = vec![format!("{:<width$}AGE", "NAME")];
    lines.extend(rows.into_iter().map(|(name, created)| {
        let age = cluster.now.as_millis().saturating_sub(created.as_millis());
        format!("{name:<width$}{}", human_duration(age / 1000))
    }));
    lines
}

/// `duration.HumanDuration` (`k8s.io/apimachinery/pkg/util/duration`), which kubectl's AGE column uses,
/// for whole `seconds`.
fn human_duration(seconds: u64) -> String {
    let minutes = seconds / 60;
    let hours = minutes / 60;
    match (seconds, minutes, hours) {
        (s, _, _) if s < 120 => format!("{s}s"),
        (s, m, _) if m < 10 && s % 60 == 0 => format!("{m}m"),
        (s, m, _) if m < 10 => format!("{m}m{}s", s % 60),
        (_, m, _) if m < 180 => format!("{m}m"),
        (_, m, h) if h < 8 && m % 60 == 0 => format!("{h}h"),
        (_, m, h) if h < 8 => format!("{h}h{}m", m % 60),
        (_, _, h) if h < 48 => format!("{h}h"),
        (_, _, h) if h < 24 * 8 && h % 24 == 0 => format!("{}d", h / 24),
        (_, _, h) if h < 24 * 8 => format!("{}d{}h", h / 24, h % 24),
        (_, _, h) if h < 24 * 365 * 2 => format!("{}d", h / 24),
        (_, _, h) if h < 24 * 365 * 8 && h / 24 % 365 == 0 => format!("{}y", h / 24 / 365),
        (_, _, h) if h < 24 * 365 * 8 => format!("{}y{}d", h / 24 / 365, h / 24 % 365),
        (_, _, h) => format!("{}y", h / 24 / 365),
    }
}

#[cfg(test)]
mod tests {
    use super::human_duration;

    /// `duration_test.go`'s `TestHumanDuration` and some of `TestHumanDurationBoundaries`, in seconds.
    #[test]
    fn human_duration_reads_as_kubectls_age() {
        const H: u64 = 3600;
        let table: [(u64, &str); 20] = [
            (1, "1s"),
            (70, "70s"),
            (190, "3m10s"),
            (70 * 60, "70m"),
            (47 * H, "47h"),
            (49 * H, "2d1h"),
            ((8 * 24 + 2) * H, "8d"),
            (367 * 24 * H, "367d"),
            ((365 * 2 * 24 + 25) * H, "2y1d"),
            ((365 * 8 * 24 + 2) * H, "8y"),
            (0, "0s"),
            (119, "119s"),
            (120, "2m"),
            (121, "2m1s"),
            (8 * H + 59 * 60, "8h"),
            (2 * 24 * H, "2d"),
            (8 * 24 * H - 1, "7d23h"),
            (2 * 365 * 24 * H - 1, "729d"),
            (2 * 365 * 24 * H, "2y"),
            (8 * 365 * 24 * H - 1, "7y364d"),
        ];
        for (seconds, want) in table {
            assert_eq!(human_duration(seconds), want, "{seconds}s");
        }
    }
}
