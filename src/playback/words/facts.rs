//! The facts of two runs of one story, paired: what the tour's own run holds and what the run shown
//! holds in its place — from the settings, and from their logs read event by event while they tell the
//! same story.

use super::tokens::{tokens, Token};
use crate::sim::{ClusterSettings, Event, Reason};
use ipnet::IpNet;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// A value of a run that words may name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Value {
    Addr(IpAddr),
    Net(IpNet),
    Prefix(u8),
    Count(u64),
}

/// What the tour's own run holds, and what the run shown holds in its place.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Fact {
    pub(super) own: Value,
    pub(super) shown: Value,
    /// The node it belongs to, if one: a last part (`.1`) is read on the step's node first.
    pub(super) node: Option<String>,
}

/// `/32` or `/128`: an address, not a subnet.
pub(super) fn host_length(ip: IpAddr) -> u8 {
    match ip {
        IpAddr::V4(_) => 32,
        IpAddr::V6(_) => 128,
    }
}

/// The facts the settings give: the cluster CIDRs, the node masks, how many node subnets there are,
/// how many addresses a node subnet has and host-local hands out, the kubelet's `--max-pods`.
pub(super) fn settings_facts(own: &ClusterSettings, shown: &ClusterSettings) -> Vec<Fact> {
    let mut facts = Vec::new();
    let mut fact = |own, shown| {
        facts.push(Fact {
            own,
            shown,
            node: None,
        })
    };
    let families = own
        .config
        .cluster_cidrs
        .iter()
        .zip(&shown.config.cluster_cidrs);
    let masks = own
        .config
        .node_cidr_mask_sizes
        .iter()
        .zip(&shown.config.node_cidr_mask_sizes);
    for ((own_cidr, shown_cidr), (own_mask, shown_mask)) in families.zip(masks) {
        fact(Value::Net(*own_cidr), Value::Net(*shown_cidr));
        fact(
            Value::Prefix(own_cidr.prefix_len()),
            Value::Prefix(shown_cidr.prefix_len()),
        );
        fact(Value::Prefix(*own_mask), Value::Prefix(*shown_mask));
        let subnets = |cidr: &IpNet, mask: &u8| {
            mask.checked_sub(cidr.prefix_len())
                .filter(|bits| *bits < 40)
                .map(|bits| 1u64 << bits)
        };
        if let (Some(a), Some(b)) = (subnets(own_cidr, own_mask), subnets(shown_cidr, shown_mask)) {
            fact(Value::Count(a), Value::Count(b));
        }
        if let (IpNet::V4(_), IpNet::V4(_)) = (own_cidr, shown_cidr) {
            for (a, b) in sizes(*own_mask).into_iter().zip(sizes(*shown_mask)) {
                fact(Value::Count(a), Value::Count(b));
            }
        }
    }
    fact(
        Value::Count(u64::from(own.knobs.max_pods)),
        Value::Count(u64::from(shown.knobs.max_pods)),
    );
    facts
}

/// An IPv4 node subnet's size and the addresses host-local hands out of it (the network address, the
/// gateway and the broadcast left out).
fn sizes(mask: u8) -> Vec<u64> {
    match 32u8.checked_sub(mask) {
        Some(bits @ 2..=31) => vec![1u64 << bits, (1u64 << bits) - 3],
        _ => Vec::new(),
    }
}

/// A run's cluster CIDRs and node masks, one per family.
pub(super) type Ipam<'a> = (&'a [IpNet], &'a [u8]);

/// The facts two events of the same place in their logs pair, or `None` where the stories part: another
/// reason or object, other counts in the message, or an address host-local hands out at another place
/// in its node's range.
pub(super) fn paired(
    own: &Event,
    shown: &Event,
    own_ipam: Ipam,
    shown_ipam: Ipam,
) -> Option<Vec<Fact>> {
    let (own_cidrs, masks) = own_ipam;
    if own.reason != shown.reason || own.object != shown.object {
        return None;
    }
    let (own_text, shown_text) = (own.message.to_string(), shown.message.to_string());
    let (own_tokens, shown_tokens) = (tokens(&own_text), tokens(&shown_text));
    let counts = |tokens: &[(std::ops::Range<usize>, Token)]| -> Vec<u64> {
        let counts = tokens.iter().filter_map(|(_, t)| match t {
            Token::Count(n) => Some(*n),
            _ => None,
        });
        counts.collect()
    };
    if counts(&own_tokens) != counts(&shown_tokens) {
        return None;
    }
    let wholes = |tokens: Vec<(std::ops::Range<usize>, Token)>| -> Vec<(IpAddr, Option<u8>)> {
        let wholes = tokens.into_iter().filter_map(|(_, t)| match t {
            Token::Whole(ip, prefix) => Some((ip, prefix)),
            _ => None,
        });
        wholes.collect()
    };
    let (own_wholes, shown_wholes) = (wholes(own_tokens), wholes(shown_tokens));
    if own_wholes.len() != shown_wholes.len() {
        return None;
    }
    let node = own.touched().node;
    // Other nodes' subnets are named too (kindnetd's routes to them): only these events name the node's own.
    let own_subnet = matches!(
        own.reason,
        Reason::CIDRAllocated
            | Reason::CIDROccupied
            | Reason::CIDRReleased
            | Reason::PodCIDRPatched
            | Reason::CNIConfigWritten
    );
    let mut facts = Vec::new();
    let mut fact = |own, shown| {
        facts.push(Fact {
            own,
            shown,
            node: node.clone(),
        })
    };
    for ((a, a_len), (b, b_len)) in own_wholes.into_iter().zip(shown_wholes) {
        if a.is_ipv4() != b.is_ipv4() {
            return None;
        }
        let host = host_length(a);
        match (a_len.filter(|p| *p != host), b_len.filter(|p| *p != host)) {
            (None, None) => fact(Value::Addr(a), Value::Addr(b)),
            (Some(p), Some(q)) => {
                let (Ok(own_net), Ok(shown_net)) = (IpNet::new(a, p), IpNet::new(b, q)) else {
                    continue;
                };
                let (own_net, shown_net) = (own_net.trunc(), shown_net.trunc());
                fact(Value::Net(own_net), Value::Net(shown_net));
                fact(Value::Prefix(p), Value::Prefix(q));
                // The event's node's own subnet: its range's addresses and sizes.
                let family = own_cidrs.iter().position(|c| c.contains(&own_net));
                if own_subnet && family.and_then(|f| masks.get(f)) == Some(&p) {
                    for (own_value, shown_value) in range_values(own_net, shown_net) {
                        fact(own_value, shown_value);
                    }
                }
            }
            _ => return None,
        }
    }
    // host-local hands out the address at the same place in its node's range, or the story differs.
    if own.reason == Reason::IPAMReserve {
        let place = |ip: IpAddr, (cidrs, masks): Ipam| {
            let family = cidrs.iter().position(|c| c.contains(&ip))?;
            Some(offset_in(ip, *masks.get(family)?))
        };
        for fact in &facts {
            if let (Value::Addr(a), Value::Addr(b)) = (fact.own, fact.shown) {
                if place(a, own_ipam) != place(b, shown_ipam) {
                    return None;
                }
            }
        }
    }
    Some(facts)
}

/// Where `ip` stands in its subnet of prefix length `len`.
fn offset_in(ip: IpAddr, len: u8) -> u128 {
    let (value, bits) = match ip {
        IpAddr::V4(v4) => (u128::from(u32::from(v4)), 32u32),
        IpAddr::V6(v6) => (u128::from(v6), 128u32),
    };
    let host_bits = bits.saturating_sub(u32::from(len));
    match host_bits {
        128 => value,
        _ => value & ((1u128 << host_bits) - 1),
    }
}

/// A node subnet's network, gateway, first pod address, range end and broadcast (IPv4), and its size
/// and the addresses host-local hands out, paired with the same of `shown`.
fn range_values(own: IpNet, shown: IpNet) -> Vec<(Value, Value)> {
    let mut out = Vec::new();
    let at = |net: IpNet, offset: i128| -> Option<IpAddr> {
        match net {
            IpNet::V4(v4) => {
                let base = if offset < 0 {
                    u32::from(v4.broadcast())
                } else {
                    u32::from(v4.network())
                };
                let value = i128::from(base) + if offset < 0 { offset + 1 } else { offset };
                u32::try_from(value)
                    .ok()
                    .map(|v| IpAddr::V4(Ipv4Addr::from(v)))
            }
            IpNet::V6(v6) if offset >= 0 => {
                let value = u128::from(v6.network()).checked_add(offset as u128)?;
                Some(IpAddr::V6(Ipv6Addr::from(value)))
            }
            IpNet::V6(_) => None,
        }
    };
    // Offsets from the network address, and from the broadcast (-1 the broadcast, -2 the range end).
    for offset in [0, 1, 2, -1, -2] {
        if let (Some(a), Some(b)) = (at(own, offset), at(shown, offset)) {
            out.push((Value::Addr(a), Value::Addr(b)));
        }
    }
    if let (IpNet::V4(_), IpNet::V4(_)) = (own, shown) {
        for (a, b) in sizes(own.prefix_len())
            .into_iter()
            .zip(sizes(shown.prefix_len()))
        {
            out.push((Value::Count(a), Value::Count(b)));
        }
    }
    out
}
