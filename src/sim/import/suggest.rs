//! A cluster CIDR and node masks guessed from the nodes' podCIDRs, for an import without settings.

use super::ImportedNode;
use crate::ipam::goip::{net_string, parse_cidr_sloppy};
use crate::ipam::kcm::{KcmFlags, DEFAULT_NODE_MASK_CIDR_IPV4, DEFAULT_NODE_MASK_CIDR_IPV6};
use ipnet::IpNet;

/// Why there is no suggestion: no node carries a podCIDR that parses.
pub(super) const NONE: &str =
    "no node has a podCIDR to suggest a cluster CIDR from: give --cluster-cidr or a preset";

/// Node-index bits a suggestion leaves at least (256 subnets), as kind's /16 → /24 and /56 → /64 do.
const SPARE_INDEX_BITS: u8 = 8;

/// Per family (in the order the first podCIDRs show them): the shortest podCIDR prefix as the node mask,
/// and the smallest network holding every podCIDR of the family, widened to leave
/// `SPARE_INDEX_BITS` node-index bits where the address allows. `None` without a podCIDR.
///
/// # Examples
/// ```
/// use podip::sim::import::{parse_nodes, suggest_flags};
/// let nodes = parse_nodes(r#"{"kind":"NodeList","items":[
///   {"metadata":{"name":"a"},"spec":{"podCIDRs":["10.244.0.0/24","fd00:10:244::/64"]}},
///   {"metadata":{"name":"b"},"spec":{"podCIDRs":["10.244.7.0/24","fd00:10:244:7::/64"]}}]}"#).unwrap();
/// let flags = suggest_flags(&nodes).unwrap();
/// assert_eq!(flags.cluster_cidr, "10.244.0.0/16,fd00:10:244::/56");
/// assert_eq!((flags.node_cidr_mask_size_ipv4.as_str(), flags.node_cidr_mask_size_ipv6.as_str()), ("", ""));
/// ```
pub fn suggest_flags(nodes: &[ImportedNode]) -> Option<KcmFlags> {
    let mut families: Vec<Vec<IpNet>> = Vec::with_capacity(2);
    for cidr in nodes.iter().flat_map(|node| &node.pod_cidrs) {
        let Ok((_, net)) = parse_cidr_sloppy(cidr) else {
            continue;
        };
        match families
            .iter_mut()
            .find(|family| family[0].max_prefix_len() == net.max_prefix_len())
        {
            Some(family) => family.push(net),
            None => families.push(vec![net]),
        }
    }
    let suggested: Vec<(IpNet, u8)> = families.iter().filter_map(|f| cover(f)).collect();
    let (first, rest) = suggested.split_first()?;
    let mut flags = KcmFlags {
        cluster_cidr: suggested
            .iter()
            .map(|(net, _)| net_string(net))
            .collect::<Vec<_>>()
            .join(","),
        ..KcmFlags::default()
    };
    let default_mask = |net: &IpNet| match net {
        IpNet::V4(_) => DEFAULT_NODE_MASK_CIDR_IPV4,
        IpNet::V6(_) => DEFAULT_NODE_MASK_CIDR_IPV6,
    };
    let shown = |(net, mask): &(IpNet, u8)| {
        if *mask == default_mask(net) {
            String::new()
        } else {
            mask.to_string()
        }
    };
    if rest.is_empty() {
        flags.node_cidr_mask_size = shown(first);
    } else {
        for family in &suggested {
            match family.0 {
                IpNet::V4(_) => flags.node_cidr_mask_size_ipv4 = shown(family),
                IpNet::V6(_) => flags.node_cidr_mask_size_ipv6 = shown(family),
            }
        }
    }
    Some(flags)
}

/// The cluster CIDR covering `nets` and the node mask, for one family.
fn cover(nets: &[IpNet]) -> Option<(IpNet, u8)> {
    let node_mask = nets.iter().map(IpNet::prefix_len).min()?;
    let widest = node_mask.saturating_sub(SPARE_INDEX_BITS);
    let mut cover = nets[0].trunc();
    while cover.prefix_len() > widest || !nets.iter().all(|net| cover.contains(net)) {
        cover = cover.supernet()?;
    }
    Some((cover, node_mask))
}
