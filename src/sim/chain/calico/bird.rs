//! BIRD on each Calico node, as calico-node's confd configures it: a `blackhole` for each block affine
//! to the node (`node/filesystem/etc/calico/confd/templates/bird_aggr.cfg.template`, the static
//! protocol's `route <block> blackhole`), exported over BGP, and in the kernel a route through `tunl0`
//! to every block another node exports, and to each address a node holds in a block not its own
//! (borrowed: exported as a /32), via that node's address (`confd/pkg/backends/calico/bgp_processor.go`,
//! `processIPPool`: `krt_tunnel="tunl0"` in the kernel filter of an IP-in-IP pool).
//!
//! Each node's table changes by events: when a block's export changes (claimed, released, an address
//! borrowed or given back), when a node's calico-node starts (BIRD comes up and learns its peers'
//! routes, and they learn its), and when a node goes down or is deleted (its BGP sessions close and its
//! peers withdraw its routes). The routes are logged on the node whose table changes, so a node's card
//! changes only with its own events.

use super::Calico;
use crate::ipam::calico::node::{BirdHop as Hop, BirdRoute};
use crate::ipam::calico::IpamEvent;
use crate::order;
use crate::sim::clock::VirtualDuration;
use crate::sim::cluster::{Action, Cluster};
use crate::sim::event::{EventKind, Reason};
use crate::sim::message::Message;
use crate::sim::name::Name;
use crate::sim::object::ObjectRef;
use crate::sim::objects::FxHashMap;
use crate::sim::objects::NodeObj;
use crate::sim::upstream;
use ipnet::IpNet;
use std::collections::BTreeMap;
use std::net::IpAddr;

/// What BIRD exports for one block: the node it is affine to, and the addresses of it that other
/// nodes hold, each with its node.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Export {
    /// The block's node (`host:<node>` affinity), if any.
    owner: Option<String>,
    /// Addresses held by a node other than the owner (or by any node, for a block of none).
    borrowed: BTreeMap<IpAddr, String>,
}

/// Every node's BIRD: what each block exports and the routes each running BIRD installed.
#[derive(Debug, Clone, Default)]
pub(crate) struct Bird {
    /// Each block's export, by CIDR.
    exports: BTreeMap<IpNet, Export>,
    /// The table of each node whose calico-node runs, in name order.
    tables: Tables,
}

/// The running BIRDs' tables, by node.
type Tables = BTreeMap<String, Table>;

/// One node's BIRD routes, with the names its events are logged under.
#[derive(Debug, Clone)]
struct Table {
    object: ObjectRef,
    node: Name,
    /// By destination (listed in order by [`routes`]).
    routes: FxHashMap<IpNet, Hop>,
}

/// A route a node's BIRD added (`true`) or removed, with the names its event is logged under.
type Change = (ObjectRef, Name, BirdRoute, bool);

impl Table {
    fn change(&self, dst: IpNet, hop: Hop, added: bool) -> Change {
        (
            self.object.clone(),
            self.node.clone(),
            BirdRoute { dst, hop },
            added,
        )
    }
}

/// The blocks whose export `events` may have changed: claims, releases, and a borrow or a release
/// in a block that exports borrowed addresses. An address of a node's own block changes nothing.
fn changed_blocks(bird: &Bird, events: &[IpamEvent]) -> Vec<IpNet> {
    let mut blocks: Vec<IpNet> = events
        .iter()
        .filter_map(|event| match event {
            IpamEvent::Affinity { .. }
            | IpamEvent::Assigned {
                borrowed: false, ..
            } => None,
            IpamEvent::AffinityDeleted { cidr, .. }
            | IpamEvent::BlockCreated { cidr, .. }
            | IpamEvent::BlockAffinityCleared(cidr)
            | IpamEvent::BlockDeleted(cidr)
            | IpamEvent::Assigned { cidr, .. } => Some(*cidr),
            IpamEvent::Released { cidr, .. } => bird
                .exports
                .get(cidr)
                .filter(|export| !export.borrowed.is_empty())
                .map(|_| *cidr),
        })
        .collect();
    order::sort(&mut blocks);
    blocks.dedup();
    blocks
}

/// The nodes, whose IPv4 InternalIPs BIRD routes by while their machines are up.
type Peers = FxHashMap<Name, NodeObj>;

/// `name`'s IPv4 InternalIP, while its machine is up.
fn peer_ip(peers: &Peers, name: &str) -> Option<IpAddr> {
    let node = peers.get(name).filter(|node| !node.down)?;
    node.internal_ips.iter().find(|ip| ip.is_ipv4()).copied()
}

/// The route to `dst` a node `on` installs for `export`'s owner or holder `by`, if that BIRD is up.
fn hop(tables: &Tables, peers: &Peers, on: &str, by: &str) -> Option<Hop> {
    if by == on {
        return Some(Hop::Blackhole);
    }
    via(tables, peers, by)
}

/// The route other nodes install to what `by` exports: through its address, while its BIRD runs.
fn via(tables: &Tables, peers: &Peers, by: &str) -> Option<Hop> {
    tables
        .contains_key(by)
        .then(|| peer_ip(peers, by).map(Hop::Via))?
}

/// The routes `export` of `block` gives node `on`.
fn routes_of(
    tables: &Tables,
    peers: &Peers,
    on: &str,
    block: IpNet,
    export: &Export,
) -> Vec<(IpNet, Hop)> {
    let mut routes = Vec::new();
    if let Some(owner) = &export.owner {
        routes.extend(hop(tables, peers, on, owner).map(|hop| (block, hop)));
    }
    for (ip, holder) in &export.borrowed {
        if holder != on {
            routes.extend(hop(tables, peers, on, holder).map(|hop| (IpNet::from(*ip), hop)));
        }
    }
    routes
}

/// The blocks of `events` whose export changed reach every BIRD as soon as what wrote them is told:
/// at once when it is (`told`), else queued behind the action that wrote them (confd's watch and BGP
/// take no modelled time).
pub(crate) fn changed(cluster: &mut Cluster, events: &[IpamEvent], told: bool) {
    let Some(calico) = cluster.calico.as_deref() else {
        return;
    };
    let blocks = changed_blocks(&calico.bird, events);
    if blocks.is_empty() {
        return;
    }
    if told {
        refresh(cluster, &blocks);
    } else {
        cluster.schedule(VirtualDuration::ZERO, Action::CalicoBird { blocks });
    }
}

/// The nodes (BIRD's peers, with their addresses) beside Calico's state, both of the cluster.
fn peers_and_calico(cluster: &mut Cluster) -> Option<(&Peers, &mut Calico)> {
    let Cluster { nodes, calico, .. } = cluster;
    Some((&*nodes, calico.as_deref_mut()?))
}

/// Each of `blocks` exported as the datastore now holds it; every running BIRD's routes for them
/// follow.
pub(crate) fn refresh(cluster: &mut Cluster, blocks: &[IpNet]) {
    if blocks.is_empty() {
        return;
    }
    let Some((peers, calico)) = peers_and_calico(cluster) else {
        return;
    };
    let mut changes = Vec::new();
    for &block in blocks {
        let export = calico.ipam.blocks().get(&block).map(|b| Export {
            owner: b.host().map(str::to_string),
            borrowed: order::map(b.non_affine_allocations()),
        });
        let old = calico.bird.exports.get(&block).cloned().unwrap_or_default();
        let new = export.unwrap_or_default();
        if old == new {
            continue;
        }
        let mut dsts = order::set(old.borrowed.keys().map(|ip| IpNet::from(*ip)));
        dsts.extend(new.borrowed.keys().map(|ip| IpNet::from(*ip)));
        dsts.insert(block);
        // Each exported destination with its exporter and the route the other nodes take to it.
        let exported: Vec<(IpNet, &str, Option<Hop>)> = new
            .owner
            .iter()
            .map(|owner| (block, owner.as_str()))
            .chain(
                new.borrowed
                    .iter()
                    .map(|(ip, holder)| (IpNet::from(*ip), holder.as_str())),
            )
            .map(|(dst, by)| (dst, by, via(&calico.bird.tables, peers, by)))
            .collect();
        for (on, table) in &mut calico.bird.tables {
            for dst in &dsts {
                // The owner's blackhole; no route on the node that holds a borrowed address.
                let has = exported
                    .iter()
                    .filter(|(to, ..)| to == dst)
                    .filter_map(|&(to, by, via)| match by == on {
                        true if to == block => Some(Hop::Blackhole),
                        true => None,
                        false => via,
                    })
                    .next_back();
                let had = table.routes.get(dst).copied();
                if had != has {
                    changes.extend(had.map(|hop| table.change(*dst, hop, false)));
                    changes.extend(has.map(|hop| table.change(*dst, hop, true)));
                    match has {
                        Some(hop) => table.routes.insert(*dst, hop),
                        None => table.routes.remove(dst),
                    };
                }
            }
        }
        if new == Export::default() {
            calico.bird.exports.remove(&block);
        } else {
            calico.bird.exports.insert(block, new);
        }
    }
    log(cluster, changes);
}

/// calico-node started on `node`: its BIRD comes up with every route its peers export and its own
/// blackholes, and its peers learn the routes it exports.
pub(crate) fn up(cluster: &mut Cluster, node: &str) {
    let Some((peers, calico)) = peers_and_calico(cluster) else {
        return;
    };
    let bird = &mut calico.bird;
    bird.tables.insert(
        node.to_string(),
        Table {
            object: ObjectRef::node(node),
            node: Name::from(node),
            routes: FxHashMap::default(),
        },
    );
    // What the node learns: every export; what its peers learn: the exports it owns or holds.
    let own: Vec<(IpNet, &Export)> = bird
        .exports
        .iter()
        .filter(|(_, export)| {
            export.owner.as_deref() == Some(node)
                || export.borrowed.values().any(|holder| holder == node)
        })
        .map(|(block, export)| (*block, export))
        .collect();
    let mut learned = Vec::new();
    for on in bird.tables.keys() {
        let exports: Vec<(IpNet, &Export)> = if on == node {
            bird.exports
                .iter()
                .map(|(block, export)| (*block, export))
                .collect()
        } else {
            own.clone()
        };
        for (block, export) in exports {
            learned.extend(
                routes_of(&bird.tables, peers, on, block, export)
                    .into_iter()
                    .map(|(dst, hop)| (on.clone(), dst, hop)),
            );
        }
    }
    let mut changes = Vec::new();
    for (on, dst, hop) in learned {
        let Some(table) = bird.tables.get_mut(&on) else {
            continue;
        };
        if table.routes.insert(dst, hop) != Some(hop) {
            changes.push(table.change(dst, hop, true));
        }
    }
    log(cluster, changes);
}

/// `node`'s machine went down or its Node was deleted: its BIRD stops (its routes go with the kernel's
/// table or the machine), and its peers withdraw every route through it.
pub(crate) fn down(cluster: &mut Cluster, node: &str) {
    let Some(calico) = cluster.calico.as_deref_mut() else {
        return;
    };
    if calico.bird.tables.remove(node).is_none() {
        return;
    }
    let via: Vec<IpNet> = calico
        .bird
        .exports
        .iter()
        .flat_map(|(block, export)| {
            let own = (export.owner.as_deref() == Some(node)).then_some(*block);
            let held = export
                .borrowed
                .iter()
                .filter(|(_, holder)| *holder == node)
                .map(|(ip, _)| IpNet::from(*ip));
            own.into_iter().chain(held).collect::<Vec<_>>()
        })
        .collect();
    let mut changes = Vec::new();
    for table in calico.bird.tables.values_mut() {
        for dst in &via {
            if let Some(hop) = table.routes.remove(dst) {
                changes.push(table.change(*dst, hop, false));
            }
        }
    }
    log(cluster, changes);
}

/// BIRD's routes on `node`, each with its destination, in the destinations' order.
pub(crate) fn routes(calico: &Calico, node: &str) -> Vec<(IpNet, String)> {
    let Some(table) = calico.bird.tables.get(node) else {
        return Vec::new();
    };
    let mut routes: Vec<(IpNet, Hop)> =
        table.routes.iter().map(|(dst, hop)| (*dst, *hop)).collect();
    order::sort_by_key(&mut routes, |(dst, _)| *dst);
    routes
        .into_iter()
        .map(|(dst, hop)| (dst, BirdRoute { dst, hop }.to_string()))
        .collect()
}

/// Each route added or removed, logged on its node.
fn log(cluster: &mut Cluster, changes: Vec<Change>) {
    for (object, node, route, added) in changes {
        let reason = if added {
            Reason::NodeRouteAdded
        } else {
            Reason::NodeRouteRemoved
        };
        cluster.log_message(
            object,
            EventKind::Step,
            reason,
            Message::BirdRoute {
                route: Box::new(route),
                added,
            },
            Some(node),
            if route.hop == Hop::Blackhole {
                &upstream::CALICO_BIRD_AGGR
            } else {
                &upstream::CALICO_BIRD_IPAM
            },
        );
    }
}
