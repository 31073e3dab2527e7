//! kindnetd as an actor (`images/kindnetd/cmd/kindnetd/main.go`): starts some time after its node
//! registers, then every `kindnet_resync_period` lists the nodes and reconciles them in the list's
//! (name) order:
//! - its own node: writes the conflist through `CNIConfigWriter` — from its first pass on, with
//!   `"subnet": ""` while kcm has not given the node a podCIDR (the own-node branch of `reconcileNode`
//!   has no "has no CIDR" check);
//! - every other node: `syncRoute` keeps a route to that node's podCIDRs via its InternalIP, deleting a
//!   route to the same destination through another gateway first. Nothing removes the route to a node
//!   that is gone.
//!
//! An error ends the pass, so the nodes listed after it are not reconciled. Upstream retries the same
//! list five times, 0–4 s apart, then panics and the kubelet restarts the container; here the next pass,
//! `kindnet_resync_period` later, tries again. In a single-stack cluster another node without a podCIDR
//! is such an error: kindnetd hands `""` to `netlink.ParseIPNet`.
//!
//! A node's InternalIPs are those it registered with (one per family of the cluster, as kind's
//! `--node-ip`); kindnetd skips a family a node has no InternalIP of. Not modelled: the masquerade
//! agent; nothing about a pod's own address depends on it.

use crate::ipam::goip::parse_cidr;
use crate::ipam::kindnet::{compute_cni_config_inputs, CniConfigInputs, CNI_CONFIG_PATH};
use crate::ipam::ptp::links::IfName;
use crate::ipam::ptp::routes::{Errno, Route, RouteScope};
use crate::order;
use crate::sim::cluster::{Action, Cluster};
use crate::sim::event::{EventKind, Reason};
use crate::sim::message::{Message, NodeRouteChange};
use crate::sim::name::Name;
use crate::sim::object::ObjectRef;
use crate::sim::upstream;
use ipnet::IpNet;
use std::net::IpAddr;
use std::rc::Rc;

/// What every node's kindnetd shares here: the node list as their passes read it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Kindnet {
    /// The list (see [`KindnetListing`]) and the [`Cluster::nodes_version`] it was read at.
    listing: Option<(u64, KindnetListing)>,
}

/// The nodes as a pass of kindnetd lists them, in the API's (name) order, with every podCIDR among
/// them sorted: the same for every node's kindnetd until a node or its podCIDRs change, so it is read
/// once, not once per node (a cluster of 256 nodes runs 256 passes).
#[derive(Debug, Clone)]
pub(crate) struct KindnetListing {
    nodes: Vec<Listed>,
    dsts: Vec<IpNet>,
}

/// What one pass reads of a listed node.
#[derive(Debug, Clone)]
struct Listed {
    name: Name,
    /// Its `InternalIP`s (one per family of the cluster).
    ips: Vec<IpAddr>,
    /// What `reconcileNode` takes as the node's podCIDRs — `spec.podCIDRs` for a dual-stack kindnetd,
    /// `[spec.podCIDR]` (possibly `""`) otherwise — as `netlink.ParseIPNet` reads each, with whether
    /// kindnetd's `splitCIDRs` counts it as IPv6 (what does not parse counts as IPv4, `""` included).
    pod_cidrs: Vec<(Result<IpNet, String>, bool)>,
}

/// What one pass shares between its steps.
struct Pass<'a> {
    /// The node kindnetd runs on.
    name: &'a str,
    /// `node/<name>`, the object of its entries.
    object: ObjectRef,
    /// The node's name as its entries carry it.
    node: Name,
    /// The node's connected routes (prefix, device, when added), where the kernel looks a gateway up.
    connected: Option<Vec<(IpNet, u32, u32)>>,
    /// How many routes the pass may still add (the destinations the table has no route to), until the
    /// first add has made room for them all on its device.
    to_reserve: usize,
}

/// kindnetd's DaemonSet pod starts on a node that joined: its first pass comes `kindnet_start_delay`
/// later.
pub(crate) fn start(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    cluster.schedule(
        cluster.settings.kindnet_start_delay,
        Action::KindnetReconcile {
            node: name.to_string(),
            uid,
            boot,
        },
    );
}

impl Kindnet {
    /// One pass of kindnetd's main loop on node `name`.
    pub(crate) fn reconcile(&mut self, cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
        // The machine rebooted (or is down): this process is gone; the new boot starts its own loop.
        if cluster
            .nodes
            .get(name)
            .is_none_or(|n| n.uid != uid || n.boot != boot || n.down)
        {
            return;
        }
        let version = cluster.nodes_version;
        if self
            .listing
            .as_ref()
            .is_none_or(|(read_at, _)| *read_at != version)
        {
            self.listing = Some((version, list(cluster)));
        }
        let Some((_, listing)) = &self.listing else {
            return;
        };
        let mut table = RouteView {
            routes: cluster
                .nodes
                .get(name)
                .map(|node| node.netns.routes_to_each(&listing.dsts))
                .unwrap_or_default(),
            dsts: &listing.dsts,
        };
        let mut pass = Pass {
            name,
            object: ObjectRef::node(name),
            node: name.into(),
            connected: None,
            to_reserve: table
                .routes
                .iter()
                .filter(|routes| routes.is_empty())
                .count(),
        };
        for other in &listing.nodes {
            let result = if &*other.name == name {
                write_conflist(cluster, name);
                Ok(())
            } else {
                other.ips.iter().try_for_each(|ip| {
                    let same_family = other.pod_cidrs.iter().filter(|(_, v6)| *v6 == ip.is_ipv6());
                    same_family.into_iter().try_for_each(|(dst, _)| {
                        let dst = dst.clone()?;
                        sync_route(cluster, &mut pass, &other.name, *ip, dst, &mut table)
                    })
                })
            };
            if let Err(err) = result {
                cluster.log(
                    pass.object.clone(),
                    EventKind::Warning,
                    Reason::KindnetReconcileFailed,
                    format_args!("Failed to reconcile routes, retrying after error: {err}"),
                    Some(pass.node.clone()),
                    &upstream::KINDNET_RECONCILE,
                );
                break;
            }
        }
        cluster.schedule(
            cluster.settings.kindnet_resync_period,
            Action::KindnetReconcile {
                node: name.to_string(),
                uid,
                boot,
            },
        );
    }
}

/// The own-node branch of `reconcileNode`: `CNIConfigWriter.Write` of the node's inputs.
fn write_conflist(cluster: &mut Cluster, name: &str) {
    let Some(node) = cluster.nodes.get_mut(name) else {
        return;
    };
    let inputs = CniConfigInputs {
        ipam_data_dir: node.ipam_data_dir.path(),
        ..compute_cni_config_inputs(&node.pod_cidrs)
    };
    let Some(text) = node.writer.write(inputs) else {
        return;
    };
    // A restarted kindnetd writes the same file again: host-local's view of it still holds.
    if node.conflist.as_deref() != Some(text.as_str()) {
        node.chain = None;
    }
    // An empty subnet (no podCIDR yet) is shown as the file has it, not as no range at all.
    let ranges = node.writer.written().map_or_else(String::new, |inputs| {
        let shown: Vec<&str> = inputs
            .pod_cidrs
            .iter()
            .map(|cidr| if cidr.is_empty() { "\"\"" } else { cidr })
            .collect();
        shown.join(",")
    });
    node.conflist = Some(text.into());
    cluster.node_ready();
    cluster.log(
        ObjectRef::node(name),
        EventKind::Step,
        Reason::CNIConfigWritten,
        format_args!(
            "kindnetd wrote {CNI_CONFIG_PATH} (ptp + host-local ranges [{ranges}], portmap)"
        ),
        Some(name.into()),
        &upstream::KINDNET_WRITE,
    );
}

/// What every pass reads of the nodes (see [`KindnetListing`]).
fn list(cluster: &Cluster) -> KindnetListing {
    // kindnetd's IP family comes from POD_SUBNET, which kind sets to the cluster's pod subnet: kcm's
    // --cluster-cidr (two entries only when dual-stack).
    let dual_stack = cluster
        .config
        .as_ref()
        .is_some_and(|c| c.cluster_cidrs.len() > 1);
    let nodes: Vec<Listed> = cluster
        .nodes_in_name_order()
        .into_iter()
        .map(|(node_name, node)| {
            let cidrs: Vec<&str> = if dual_stack {
                node.pod_cidrs.iter().map(String::as_str).collect()
            } else {
                vec![node.pod_cidrs.first().map_or("", String::as_str)]
            };
            Listed {
                name: node_name.clone(),
                ips: node.internal_ips.clone(),
                pod_cidrs: cidrs
                    .into_iter()
                    .map(|cidr| {
                        let parsed = parse_ip_net(cidr);
                        let v6 = parsed.as_ref().is_ok_and(|net| net.addr().is_ipv6());
                        (parsed, v6)
                    })
                    .collect(),
            }
        })
        .collect();
    // A node's own podCIDRs are among them; its pass never asks for those.
    let dsts: Vec<IpNet> = nodes
        .iter()
        .flat_map(|node| node.pod_cidrs.iter())
        .filter_map(|(dst, _)| dst.as_ref().ok().copied())
        .collect();
    let mut dsts = order::sorted_by(dsts, IpNet::cmp);
    dsts.dedup();
    KindnetListing { nodes, dsts }
}

/// `syncRoute(nodeIP, [dst])` on the pass's node, for a podCIDR of `to_node`. Each change is
/// logged as it is made, as kindnetd logs before it calls netlink.
fn sync_route(
    cluster: &mut Cluster,
    pass: &mut Pass<'_>,
    to_node: &Name,
    ip: IpAddr,
    dst: IpNet,
    table: &mut RouteView<'_>,
) -> Result<(), String> {
    let Some(listed) = table
        .dsts
        .binary_search(&dst)
        .ok()
        .and_then(|i| table.routes.get_mut(i))
    else {
        return Ok(());
    };
    let mut found = false;
    let mut at = 0;
    while let Some(route) = listed.get(at) {
        if route.gateway == Some(ip) {
            found = true;
            at += 1;
            continue;
        }
        let route = listed.remove(at);
        let Some(node) = cluster.nodes.get_mut(pass.name) else {
            return Ok(());
        };
        node.netns.remove_route(&route).map_err(|e| e.to_string())?;
        let dev = node.netns.link_by_index(route.dev).map(|link| link.name);
        log_route_change(cluster, pass, to_node, route, dev, false);
    }
    if found {
        return Ok(());
    }
    let Some(node) = cluster.nodes.get_mut(pass.name) else {
        return Ok(());
    };
    // RouteAdd{Dst, Gw}: the kernel refuses a destination with host bits and picks the device from
    // the gateway.
    if dst != dst.trunc() {
        return Err(Errno::InvalidArgument.to_string());
    }
    let connected = pass
        .connected
        .get_or_insert_with(|| node.netns.connected_routes());
    let dev = gateway_device(connected, ip).map_err(|e| e.to_string())?;
    let route = Route::new(dst, Some(ip), dev, RouteScope::Universe);
    // A node's first pass adds a route per other node, all through `eth0`: room made for them at once
    // leaves no doubling's spare half.
    node.netns
        .reserve_routes(dev, std::mem::take(&mut pass.to_reserve));
    node.netns
        .add_route(route.clone(), true)
        .map_err(|e| e.to_string())?;
    let dev = node.netns.link_by_index(route.dev).map(|link| link.name);
    // Usually the first route to `dst`: room for it alone, not the four a push makes room for.
    listed.reserve_exact(1);
    listed.push(route.clone());
    log_route_change(cluster, pass, to_node, route, dev, true);
    Ok(())
}

/// Logs a route `syncRoute` added (`Adding route`) or removed (`Removing invalid route`) through
/// the device named `dev`.
fn log_route_change(
    cluster: &mut Cluster,
    pass: &Pass<'_>,
    to_node: &Name,
    route: Route,
    dev: Option<IfName>,
    added: bool,
) {
    // A route's device exists while the route does.
    let Some(dev) = dev else {
        return;
    };
    let reason = if added {
        Reason::NodeRouteAdded
    } else {
        Reason::NodeRouteRemoved
    };
    let change = NodeRouteChange {
        to_node: to_node.clone(),
        route,
        dev,
        added,
        chain: crate::sim::chain::Chain::Kindnet,
    };
    cluster.log_message(
        pass.object.clone(),
        EventKind::Step,
        reason,
        Message::NodeRoute(Rc::new(change)),
        Some(pass.node.clone()),
        &upstream::KINDNET_SYNC_ROUTE,
    );
}

/// A node's routes to the podCIDRs one pass of kindnetd looks at, by destination.
struct RouteView<'a> {
    /// The destinations, sorted.
    dsts: &'a [IpNet],
    /// The routes to each.
    routes: Vec<Vec<Route>>,
}

/// `netlink.ParseIPNet`: `net.ParseCIDR`, keeping the address's host bits.
fn parse_ip_net(cidr: &str) -> Result<IpNet, String> {
    let (addr, net) = parse_cidr(cidr).map_err(|_| format!("invalid CIDR address: {cidr}"))?;
    Ok(IpNet::new(addr, net.prefix_len()).unwrap_or(net))
}

/// The device the kernel gives a route that names only a gateway (`fib_check_nh`): that of the most
/// specific connected route holding the gateway, the newest of equally specific ones (fib_trie puts a
/// new alias first); `ENETUNREACH` if none does.
fn gateway_device(connected: &[(IpNet, u32, u32)], gateway: IpAddr) -> Result<u32, Errno> {
    connected
        .iter()
        .filter(|(net, _, _)| net.contains(&gateway))
        .max_by_key(|(net, _, added_as)| (net.prefix_len(), *added_as))
        .map(|(_, dev, _)| *dev)
        .ok_or(Errno::NetworkUnreachable)
}
