//! The state at one virtual time, as plain serialisable data: what `podip state` prints and what a view
//! draws. Nothing here is computed anew: it is read off the simulated objects and the allocators.

use super::chain::calico::view::{
    bird_routes, merge_routes, node_blocks, state as calico_state, CalicoState,
};
use super::chain::Chain;
use super::clock::VirtualTime;
use super::event::Event;
use super::name::Name;
use super::neighbours::Neighbour;
use super::objects::{PodObj, PodPhase};
use super::simulation::Simulation;
use crate::ipam::bridge::netconf::DEFAULT_BR_NAME;
use crate::ipam::goip::{ip_string, net_string};
use crate::ipam::hostlocal::store::{container_id, LAST_IP_FILE_PREFIX};
use crate::ipam::ptp::iproute2::{ip6_route_lines, ip_route_lines};
use crate::ipam::ptp::sysctl::sysctl_lines;
use crate::ipam::ptp::LinkKind;
use crate::order;
use serde::Serialize;
use std::collections::BTreeMap;

/// Everything at one time.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct State {
    /// The virtual time.
    pub time_ms: VirtualTime,
    /// kcm's node IPAM controller, once it runs.
    pub cluster: Option<ClusterState>,
    /// Nodes by name.
    pub nodes: Vec<NodeState>,
    /// Pods whose API object exists, by name.
    pub pods: Vec<PodState>,
    /// Every event so far.
    pub events: Vec<Event>,
    /// Calico's IP pools and blocks, on a Calico cluster once calico-node created them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calico: Option<CalicoState>,
}

/// The node IPAM controller's bitmaps.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClusterState {
    /// One per `--cluster-cidr`, in order.
    pub cidr_sets: Vec<CidrSetState>,
    /// `--service-cluster-ip-range` (primary, secondary), as validated.
    pub service_cidrs: Vec<String>,
}

/// One cidrset.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CidrSetState {
    /// The cluster CIDR.
    pub cluster_cidr: String,
    /// The node mask.
    pub node_mask_size: u8,
    /// `maxCIDRs`.
    pub max_cidrs: u64,
    /// `allocatedCIDRs`.
    pub allocated_cidrs: u64,
    /// `nextCandidate`: where `AllocateNext` starts scanning.
    pub next_candidate: u64,
}

/// A node and its machine.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeState {
    /// `metadata.name`.
    pub name: String,
    /// `spec.podCIDRs`.
    pub pod_cidrs: Vec<String>,
    /// host-local's directory.
    pub ipam: IpamState,
    /// `/etc/cni/net.d/10-kindnet.conflist`, once written.
    pub conflist: Option<String>,
    /// Pod veths on the node.
    pub veths: Vec<VethState>,
    /// `ip route` then `ip -6 route` on the node.
    pub routes: Vec<String>,
    /// The sysctls ptp wrote on the node (`NAME = VALUE`): forwarding, then `accept_ra` per host veth.
    pub sysctl: Vec<String>,
    /// Sandboxes whose CNI DEL is scheduled.
    pub pending_dels: Vec<PendingDel>,
    /// The machine is down between a `node reboot` and its kubelet's start.
    pub rebooting: bool,
    /// The CNI chain it runs (left out for kindnet's, so kind's state reads as before).
    #[serde(skip_serializing_if = "is_kindnet")]
    pub cni: Chain,
    /// `/run/flannel/subnet.env`, once flanneld wrote it (a flannel node).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subnet_env: Option<String>,
    /// The bridge the pods' veths are ports of (`cni0`), once the bridge plugin made it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bridge: Option<BridgeState>,
    /// The Calico blocks affine to the node (its `spec.podCIDR` plays no part in them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub calico_blocks: Vec<String>,
}

/// The bridge plugin's bridge on a node.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BridgeState {
    /// `cni0`.
    pub name: String,
    /// Its ifindex.
    pub ifindex: u32,
    /// Its MTU (its ports' smallest; 1500 with none).
    pub mtu: u32,
    /// Whether it has a carrier: a port is up (with none, `NO-CARRIER` and its routes `linkdown`).
    pub carrier: bool,
    /// Its addresses (the gateway, `10.244.1.1/24`), IPv4 first.
    pub addresses: Vec<String>,
}

fn is_kindnet(chain: &Chain) -> bool {
    *chain == Chain::Kindnet
}

/// host-local's directory on a node.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct IpamState {
    /// The directory (`/run/cni-ipam-state/kindnet`), once host-local ran.
    pub dir: Option<String>,
    /// IP → container ID of each IP file.
    pub reserved: BTreeMap<String, String>,
    /// Range ID → `last_reserved_ip.<id>`.
    pub last_reserved_ip: BTreeMap<String, String>,
    /// `ls` of the directory.
    pub ls: Vec<String>,
}

/// A pod's host-side veth.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VethState {
    /// `vethXXXXXXXX`.
    pub name: String,
    /// Its ifindex on the node.
    pub ifindex: u32,
    /// The pod's `eth0` ifindex (in the pod's namespace).
    pub peer_ifindex: u32,
    /// The pod it belongs to.
    pub pod: String,
    /// The bridge it is a port of (`cni0`), on a flannel node.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub master: Option<String>,
}

/// A CNI DEL that will run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PendingDel {
    /// The pod (its object may be gone already).
    pub pod: String,
    /// The sandbox ID.
    pub container_id: String,
    /// When DEL runs.
    pub at_ms: VirtualTime,
}

/// A pod whose object exists.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PodState {
    /// `metadata.name`.
    pub name: String,
    /// `spec.nodeName`: empty while the scheduler has not bound the pod.
    pub node: String,
    /// `status.podIPs`.
    pub ips: Vec<String>,
    /// `status.phase`.
    pub phase: &'static str,
    /// kubectl's STATUS column: `Pending`, `ContainerCreating`, `Running`, `Terminating`.
    pub status: &'static str,
    /// The current sandbox's ID.
    pub container_id: Option<String>,
    /// `metadata.deletionTimestamp` + grace, while Terminating.
    pub deletion_deadline_ms: Option<VirtualTime>,
}

impl State {
    /// The state as `podip state` prints it and the page exports it: pretty JSON and a final newline.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        let mut text = serde_json::to_string_pretty(self)?;
        text.push('\n');
        Ok(text)
    }
}

impl Simulation {
    /// The state now.
    pub fn state(&self) -> State {
        State {
            events: self.cluster.events.iter().cloned().collect(),
            ..self.snapshot()
        }
    }

    /// The state now without the event log, which only grows: what a view redraws on every frame
    /// (it reads [`Simulation::events`] directly instead of copying the log each time).
    pub fn snapshot(&self) -> State {
        self.snapshot_with_full_nodes(usize::MAX)
    }

    /// Like [`Simulation::snapshot`], but only the first `full_nodes` nodes (in name order) carry their
    /// machine's state (host-local directory, conflist, veths, routes, pending DELs) and only their pods
    /// are listed; the other nodes carry their name and `spec.podCIDRs` only. A view that draws a few
    /// node cards of a big cluster need not format thousands of pods and route lines on every frame.
    pub fn snapshot_with_full_nodes(&self, full_nodes: usize) -> State {
        // The drawn nodes' names in order, searched by halving: a view of 64 busy nodes checks ~7,000
        // pods against them on every frame.
        let nodes = self.cluster.nodes_in_name_order();
        let drawn: Option<Vec<&str>> = (full_nodes < nodes.len()).then(|| {
            nodes
                .iter()
                .take(full_nodes)
                .map(|(name, _)| &***name)
                .collect()
        });
        let drawn_nodes = |pod: &PodObj| {
            drawn
                .as_ref()
                .is_none_or(|drawn| drawn.binary_search(&&*pod.node).is_ok())
        };
        // The pods are kept in slots, in no name order;
        // the snapshot lists them by name, as `kubectl get pods` does.
        let pods: Vec<(&Name, &PodObj)> = self
            .cluster
            .pods
            .iter()
            .filter(|(_, pod)| drawn_nodes(pod))
            .map(|(_, pod)| (&pod.name, pod))
            .collect();
        // The scheduler's pods not bound yet: Pending, with no node.
        let unbound = self.cluster.unscheduled.iter().map(|u| PodState {
            name: u.name.to_string(),
            node: String::new(),
            ips: Vec::new(),
            phase: "Pending",
            status: "Pending",
            container_id: None,
            deletion_deadline_ms: None,
        });
        let mut pods: Vec<PodState> = order::sorted_by(pods, |a, b| a.0.cmp(b.0))
            .into_iter()
            .map(|(_, pod)| pod_state(pod))
            .chain(unbound)
            .collect();
        order::sort_by(&mut pods, |a, b| a.name.cmp(&b.name));
        State {
            time_ms: self.cluster.now,
            calico: calico_state(&self.cluster),
            cluster: self.node_ipam.as_ref().map(|ipam| ClusterState {
                cidr_sets: ipam
                    .allocator
                    .cidr_sets()
                    .iter()
                    .map(|set| CidrSetState {
                        cluster_cidr: net_string(&set.cluster_cidr()),
                        node_mask_size: set.node_mask_size(),
                        max_cidrs: set.max_cidrs(),
                        allocated_cidrs: set.allocated_cidrs(),
                        next_candidate: set.next_candidate(),
                    })
                    .collect(),
                service_cidrs: self
                    .cluster
                    .config
                    .iter()
                    .flat_map(|c| [c.service_cidr, c.secondary_service_cidr])
                    .flatten()
                    .map(|net| net_string(&net))
                    .collect(),
            }),
            nodes: nodes
                .iter()
                .enumerate()
                .filter_map(|(index, (name, node))| {
                    if index < full_nodes {
                        self.node_state(name)
                    } else {
                        Some(NodeState {
                            name: name.to_string(),
                            pod_cidrs: node.pod_cidrs.clone(),
                            ipam: IpamState::default(),
                            conflist: None,
                            veths: Vec::new(),
                            routes: Vec::new(),
                            sysctl: Vec::new(),
                            pending_dels: Vec::new(),
                            rebooting: node.down,
                            cni: node.cni,
                            subnet_env: None,
                            bridge: None,
                            calico_blocks: Vec::new(),
                        })
                    }
                })
                .collect(),
            pods,
            events: Vec::new(),
        }
    }

    /// The pods bound to node `name` whose objects exist, by name: what its card lists.
    pub fn pods_on(&self, name: &str) -> Vec<PodState> {
        let pods: Vec<&PodObj> = self
            .cluster
            .pods
            .iter()
            .map(|(_, pod)| pod)
            .filter(|pod| &*pod.node == name)
            .collect();
        order::sorted_by(pods, |a, b| a.name.cmp(&b.name))
            .into_iter()
            .map(pod_state)
            .collect()
    }

    /// `ip neigh` on node `name`: its entries for pod addresses, in the order they were learned.
    pub fn node_neighbours(&self, name: &str) -> Vec<Neighbour> {
        self.cluster
            .nodes
            .get(name)
            .map(|node| node.neighbours.live(&node.netns).cloned().collect())
            .unwrap_or_default()
    }

    /// One node's state, if it exists.
    pub fn node_state(&self, name: &str) -> Option<NodeState> {
        let node = self.cluster.nodes.get(name)?;
        let ipam = node
            .store
            .as_ref()
            .map_or_else(IpamState::default, |store| {
                let ls = store.ls();
                let mut last_reserved_ip = BTreeMap::new();
                for file in &ls {
                    if let Some(range_id) = file.strip_prefix(LAST_IP_FILE_PREFIX) {
                        if let Some(ip) = store.cat(file) {
                            last_reserved_ip.insert(range_id.to_string(), ip);
                        }
                    }
                }
                // Inserted one by one: collecting a map sorts first, and that sort is compiled per
                // iterator type.
                let mut reserved = BTreeMap::new();
                for (ip, content) in store.reservations() {
                    let id = container_id(content);
                    reserved.insert(ip_string(ip), id.to_string());
                }
                IpamState {
                    dir: Some(store.dir().to_string()),
                    reserved,
                    last_reserved_ip,
                    ls,
                }
            });
        // Each sandbox's host end, found by its ifindex, listed in link order as `ip link` would.
        let veths = node
            .sandboxes
            .values()
            .filter_map(|s| {
                let link = node.netns.link_by_index(s.facts.host_index)?;
                match link.kind {
                    LinkKind::Veth { peer_ifindex, .. } if link.name == s.facts.host_veth => {
                        Some(VethState {
                            name: link.name.to_string(),
                            ifindex: link.ifindex,
                            peer_ifindex,
                            pod: s.facts.pod().to_string(),
                            master: link
                                .port
                                .and_then(|port| node.netns.link_by_index(port.master))
                                .map(|bridge| bridge.name.to_string()),
                        })
                    }
                    _ => None,
                }
            })
            .collect();
        let veths = order::sorted_by(veths, |a: &VethState, b| a.ifindex.cmp(&b.ifindex));
        let mut routes = match node.cni {
            Chain::Calico => merge_routes(
                ip_route_lines(&node.netns),
                bird_routes(&self.cluster, name),
            ),
            _ => ip_route_lines(&node.netns),
        };
        routes.extend(ip6_route_lines(&node.netns));
        let pending_dels: Vec<PendingDel> = node
            .sandboxes
            .iter()
            .filter_map(|(id, s)| {
                s.del_at.map(|at_ms| PendingDel {
                    pod: s.facts.pod().to_string(),
                    container_id: id.to_string(),
                    at_ms,
                })
            })
            .collect();
        // Sandboxes are kept unordered; by due time, then ID, for a stable listing.
        let pending_dels = order::sorted_by(pending_dels, |a, b| {
            (a.at_ms, &a.container_id).cmp(&(b.at_ms, &b.container_id))
        });
        Some(NodeState {
            name: name.to_string(),
            pod_cidrs: node.pod_cidrs.clone(),
            ipam,
            conflist: node.conflist.as_deref().map(str::to_string),
            veths,
            routes,
            sysctl: sysctl_lines(&node.netns),
            pending_dels,
            rebooting: node.down,
            cni: node.cni,
            subnet_env: node
                .flannel
                .as_ref()
                .and_then(|f| f.subnet_env.as_deref())
                .map(str::to_string),
            bridge: node
                .netns
                .link_by_name(DEFAULT_BR_NAME)
                .filter(|link| matches!(link.kind, LinkKind::Bridge { .. }))
                .map(|link| BridgeState {
                    name: link.name.to_string(),
                    ifindex: link.ifindex,
                    mtu: link.mtu,
                    carrier: node.netns.has_carrier(link.ifindex),
                    addresses: link
                        .addrs
                        .iter()
                        .filter(|a| a.scope() == "global")
                        .map(|a| net_string(&a.local))
                        .collect(),
                }),
            calico_blocks: node_blocks(&self.cluster, name),
        })
    }
}

/// A pod as `kubectl get pod` shows it.
fn pod_state(pod: &PodObj) -> PodState {
    PodState {
        name: pod.name.to_string(),
        node: pod.node.to_string(),
        ips: pod.ips().iter().map(|ip| ip_string(*ip)).collect(),
        phase: match pod.phase {
            PodPhase::Pending => "Pending",
            PodPhase::Running => "Running",
            PodPhase::Failed => "Failed",
        },
        status: match (pod.deletion, pod.phase, pod.sync_started) {
            (Some(_), _, _) => "Terminating",
            (None, PodPhase::Running, _) => "Running",
            // kubectl shows a rejected pod's `status.reason`.
            (None, PodPhase::Failed, _) => "OutOfpods",
            (None, PodPhase::Pending, true) => "ContainerCreating",
            (None, PodPhase::Pending, false) => "Pending",
        },
        container_id: pod.sandbox_id.as_deref().map(str::to_string),
        deletion_deadline_ms: pod.deletion,
    }
}
