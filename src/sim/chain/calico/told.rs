//! What Calico's IPAM wrote, as the log tells it: affinities in their states, blocks claimed, addresses
//! assigned or borrowed (`IpamEvent`s, in the order IPAM wrote them).

use crate::ipam::calico::store::cidr_to_name;
use crate::ipam::calico::{BlockAffinityState, Ipam, IpamEvent};
use crate::sim::chain::seam::Told;
use crate::sim::cluster::Cluster;
use crate::sim::event::{EventKind, Reason};
use crate::sim::message::{GoIps, SandboxStep};
use crate::sim::object::ObjectRef;
use crate::sim::upstream;
use ipnet::IpNet;
use std::fmt;

/// What IPAM wrote, told: affinities, blocks, and (for a pod's `handle`) the addresses assigned.
pub(crate) fn ipam_told(ipam: &Ipam, events: &[IpamEvent], handle: Option<&str>) -> Vec<Told> {
    events
        .iter()
        .enumerate()
        .filter_map(|(at, event)| {
            Some(match event {
                IpamEvent::Affinity { host, cidr, state } => {
                    // getPendingAffinity writes it pending, then getBlockFromAffinity writes it again.
                    let again = at
                        .checked_sub(1)
                        .and_then(|before| events.get(before))
                        .is_some_and(|before| before == event);
                    let why = match state {
                        BlockAffinityState::Pending if again => {
                            " again (getBlockFromAffinity, before it creates the block)"
                        }
                        BlockAffinityState::Pending => " (getPendingAffinity: claimed before the block exists)",
                        BlockAffinityState::Confirmed => " (the block is the node's)",
                        BlockAffinityState::PendingDeletion => " (being released)",
                    };
                    Told::Text(
                        Reason::BlockAffinity,
                        format!(
                            "BlockAffinity {host}-{} of block {cidr} for node {host}: state {state}{why}",
                            key(cidr)
                        ),
                        if *state == BlockAffinityState::PendingDeletion {
                            &upstream::CALICO_RELEASE_BLOCK_AFFINITY
                        } else {
                            &upstream::CALICO_CLAIM_AFFINE_BLOCK
                        },
                    )
                }
                IpamEvent::AffinityDeleted { host, cidr } => Told::Text(
                    Reason::BlockAffinity,
                    format!("BlockAffinity {host}-{} of block {cidr} deleted", key(cidr)),
                    &upstream::CALICO_RELEASE_BLOCK_AFFINITY,
                ),
                IpamEvent::BlockCreated { cidr, host } => Told::Text(
                    Reason::BlockClaimed,
                    format!(
                        "IPAMBlock {} created with affinity host:{host}: {cidr}, {} addresses unallocated",
                        key(cidr),
                        ipam.blocks().get(cidr).map_or(0, |b| b.num_addresses())
                    ),
                    &upstream::CALICO_CLAIM_AFFINE_BLOCK,
                ),
                IpamEvent::BlockAffinityCleared(cidr) => Told::Text(
                    Reason::BlockAffinity,
                    format!("IPAMBlock {} keeps its addresses but no affinity", key(cidr)),
                    &upstream::CALICO_RELEASE_BLOCK_AFFINITY,
                ),
                IpamEvent::BlockDeleted(cidr) => Told::Text(
                    Reason::BlockAffinity,
                    format!("IPAMBlock {} deleted", key(cidr)),
                    &upstream::CALICO_RELEASE_BLOCK_AFFINITY,
                ),
                IpamEvent::Assigned {
                    cidr,
                    host,
                    ips,
                    borrowed,
                } => {
                    let handle = handle?;
                    if !*borrowed {
                        // Told from the sandbox's addresses, written only when shown.
                        return Some(Told::Step(
                            SandboxStep::BlockAssigned(cidr.prefix_len()),
                            &upstream::CALICO_AUTO_ASSIGN,
                        ));
                    }
                    let list = GoIps(ips.clone());
                    let owner = Owner(ipam.blocks().get(cidr).and_then(|b| b.host()));
                    Told::Text(
                        Reason::IPBorrowed,
                        format!(
                            "calico-ipam borrowed {list} for {host} from block {cidr}, affine to {owner}: no block of the pool was free to claim (strictAffinity false); handle {handle}"
                        ),
                        &upstream::CALICO_AUTO_ASSIGN,
                    )
                }
                IpamEvent::Released { .. } => return None,
            })
        })
        .collect()
}

/// Where calico-node's `AutoAssign` for tunl0 (its `events`) took the address from: the first
/// address of a block it claimed for the node, another address of the node's block, or one borrowed
/// from another node's block when the pool had none free.
pub(crate) fn tunnel_source(ipam: &Ipam, events: &[IpamEvent]) -> String {
    let Some((cidr, ips, borrowed)) = events.iter().find_map(|event| match event {
        IpamEvent::Assigned {
            cidr,
            ips,
            borrowed,
            ..
        } => Some((cidr, ips, *borrowed)),
        _ => None,
    }) else {
        return String::new();
    };
    let claimed = (events.iter())
        .any(|event| matches!(event, IpamEvent::BlockCreated { cidr: c, .. } if c == cidr));
    if borrowed {
        let owner = Owner(ipam.blocks().get(cidr).and_then(|b| b.host()));
        format!("borrowed from block {cidr}, affine to {owner}: no block of the pool was free to claim (strictAffinity false)")
    } else if claimed && ips.first() == Some(&cidr.network()) {
        "the first address of the node's first block".to_string()
    } else {
        format!("from the node's block {cidr}")
    }
}

/// The node a block is affine to, or "no node".
struct Owner<'a>(Option<&'a str>);

impl fmt::Display for Owner<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(host) => write!(f, "node {host}"),
            None => f.write_str("no node"),
        }
    }
}

/// A block's name as its `IPAMBlock` and `BlockAffinity` objects carry it (`192-168-162-128-26`).
fn key(cidr: &IpNet) -> String {
    cidr_to_name(cidr)
}

/// IPAM's writes told on `object` at `node` (calico-node's own, outside a sandbox).
pub(crate) fn tell_ipam_events(
    cluster: &mut Cluster,
    object: &ObjectRef,
    node: &str,
    events: Vec<IpamEvent>,
    handle: Option<&str>,
) {
    let told = match cluster.calico.as_deref() {
        Some(calico) => ipam_told(&calico.ipam, &events, handle),
        None => return,
    };
    for step in told {
        if let Told::Text(reason, text, upstream) = step {
            cluster.log(
                object.clone(),
                EventKind::Step,
                reason,
                format_args!("{text}"),
                Some(node.into()),
                upstream,
            );
        }
    }
}

/// What IPAM wrote reaches the API server's objects (their creation times, for `kubectl get`) and,
/// through confd, every node's BIRD, at once if the writes are `told` already.
pub(crate) fn written(cluster: &mut Cluster, events: &[IpamEvent], told: bool) {
    let now = cluster.now;
    let Some(calico) = cluster.calico.as_deref_mut() else {
        return;
    };
    for event in events {
        match event {
            IpamEvent::Affinity { host, cidr, .. } => {
                calico
                    .affinities_created
                    .entry((host.clone(), *cidr))
                    .or_insert(now);
            }
            IpamEvent::AffinityDeleted { host, cidr } => {
                calico.affinities_created.remove(&(host.clone(), *cidr));
            }
            IpamEvent::BlockCreated { cidr, .. } => {
                calico.blocks_created.insert(*cidr, now);
            }
            IpamEvent::BlockDeleted(cidr) => {
                calico.blocks_created.remove(cidr);
            }
            _ => {}
        }
    }
    super::bird::changed(cluster, events, told);
}
