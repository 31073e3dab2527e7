//! The packet a tour step tells, from a pod to a pod on another node, as the stage draws it: each hop
//! it takes read off the nodes' routes, so it stops where the model has no route on.

use super::{StageChain, StageNode};
use crate::tours::{On, Shows};
use ipnet::IpNet;
use std::net::IpAddr;

/// A packet between two pods, hop by hop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StagePacket {
    /// The sending pod and the receiving one.
    pub from: String,
    pub to: String,
    /// Its hops in order, as far as the routes take it.
    pub hops: Vec<Hop>,
}

/// One hop of a packet: the thing on the picture it passes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hop {
    /// A pod's `eth0` (it leaves for its gateway), or the pod it reaches.
    Pod { node: String, pod: String },
    /// A pod's host veth on its node.
    Veth { node: String, pod: String },
    /// A node's route to another node's podCIDR (`10.244.2.0/24 via 172.18.0.4 dev eth0`): its
    /// destination.
    NodeRoute { node: String, prefix: String },
    /// The receiving node's route to the pod (`10.244.2.2/32`, ptp's scope host route).
    PodRoute {
        node: String,
        pod: String,
        prefix: String,
    },
}

impl Hop {
    /// The node the hop is on.
    pub fn node(&self) -> &str {
        match self {
            Hop::Pod { node, .. }
            | Hop::Veth { node, .. }
            | Hop::NodeRoute { node, .. }
            | Hop::PodRoute { node, .. } => node,
        }
    }
}

/// The packet a step tells (the one its picture declares, [`Shows::Packet`]), from what `nodes`
/// and `chains` hold.
pub(super) fn packet_of(
    shows: &[On],
    nodes: &[&StageNode],
    chains: &[StageChain],
) -> Option<StagePacket> {
    let (from, to) = shows
        .iter()
        .flat_map(On::things)
        .find_map(|thing| match thing {
            Shows::Packet(from, to) => Some((from, to)),
            _ => None,
        })?;
    let find = |pod: &str| {
        nodes.iter().find_map(|node| {
            let found = node.pods.iter().find(|p| p.name == pod && p.object)?;
            Some((*node, found))
        })
    };
    let ((from_node, from_pod), (to_node, to_pod)) = (find(from)?, find(to)?);
    let dst: IpAddr = to_pod.ips.first()?.parse().ok()?;
    let mut hops = vec![Hop::Pod {
        node: from_node.name.clone(),
        pod: from.to_string(),
    }];
    if from_pod.veth.is_none() {
        return Some(StagePacket::new(from, to, hops));
    }
    hops.push(Hop::Veth {
        node: from_node.name.clone(),
        pod: from.to_string(),
    });
    // The sending node's longest route that holds the address, among those to other nodes.
    let route = chains
        .iter()
        .find(|c| c.node == from_node.name)
        .and_then(|chain| {
            let (prefixes, _) = chain.node_route_prefixes();
            prefixes
                .into_iter()
                .filter_map(|p| Some((p.parse::<IpNet>().ok()?, p)))
                .filter(|(net, _)| net.contains(&dst))
                .max_by_key(|(net, _)| net.prefix_len())
        });
    let Some((_, prefix)) = route else {
        return Some(StagePacket::new(from, to, hops));
    };
    hops.push(Hop::NodeRoute {
        node: from_node.name.clone(),
        prefix,
    });
    let host_route = to_pod
        .route_prefixes()
        .into_iter()
        .find(|p| p.parse::<IpNet>().is_ok_and(|net| net.addr() == dst));
    if let Some(prefix) = host_route {
        hops.push(Hop::PodRoute {
            node: to_node.name.clone(),
            pod: to.to_string(),
            prefix,
        });
        hops.push(Hop::Veth {
            node: to_node.name.clone(),
            pod: to.to_string(),
        });
        hops.push(Hop::Pod {
            node: to_node.name.clone(),
            pod: to.to_string(),
        });
    }
    Some(StagePacket::new(from, to, hops))
}

impl StagePacket {
    fn new(from: &str, to: &str, hops: Vec<Hop>) -> StagePacket {
        StagePacket {
            from: from.to_string(),
            to: to.to_string(),
            hops,
        }
    }
}
