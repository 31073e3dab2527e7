//! View models: what each part of the page draws, computed from a cursor natively and tested here, so
//! a component only turns them into markup.

use super::{Cursor, Unseen};
use crate::ipam::flannel::DEFAULT_SUBNET_FILE;
use crate::ipam::ptp::iproute2::{
    bridge_link_lines, ip6_route_lines, ip_addr_lines, ip_route_lines,
};
use crate::sim::chain::Chain;
use crate::sim::command::Command;
use crate::sim::grid::AddressGrid;
use crate::sim::message::Message;
use crate::sim::state::{NodeState, PodState, State, VethState};
use crate::sim::{Event, EventKind, EventLog, ObjectRef, Touched, VirtualDuration, VirtualTime};
use std::ops::Range;

/// At most this many node cards are drawn; the address map shows every node.
pub const MAX_NODE_CARDS: usize = 8;
/// At most this many pod rows (and listing lines) per node card.
pub const MAX_ROWS: usize = 16;
/// At most this many `ip route` lines per node card: a pod has two, its /32 and its veth's `fe80::/64`.
pub const MAX_ROUTE_LINES: usize = 2 * MAX_ROWS;

/// `1.234 s`: a virtual time as the page shows it. Integer arithmetic: no float formatting in the wasm.
pub fn seconds(time: VirtualTime) -> String {
    let ms = time.as_millis();
    format!("{}.{:03} s", ms / 1000, ms % 1000)
}

/// One node's card.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeCard {
    /// `metadata.name`.
    pub name: String,
    /// `spec.podCIDRs`.
    pub pod_cidrs: Vec<String>,
    /// `cat` of the node's conflist (kindnetd's, or its flannel chain's), once written: the command and
    /// the file.
    pub conflist: Option<(String, String)>,
    /// The node's CNI chain.
    pub cni: Chain,
    /// `cat /run/flannel/subnet.env`, once flanneld wrote it: the command and the file.
    pub subnet_env: Option<(String, String)>,
    /// `bridge link` on a flannel node once its bridge exists: the command and its lines (the ports).
    pub bridge_link: Option<(String, Vec<String>)>,
    /// host-local's first range, address by address.
    pub grid: Option<AddressGrid>,
    /// `ls` of host-local's directory; `None` on a chain whose IPAM keeps no files on the node
    /// (calico-ipam's addresses are in the datastore's blocks).
    pub ls_command: Option<String>,
    /// The blocks affine to the node, on a chain whose IPAM is calico-ipam: its addresses come from them,
    /// not from `spec.podCIDR`.
    pub calico_blocks: Option<Vec<String>>,
    /// Its first files, each with its contents (CRLF shown).
    pub files: Vec<IpFile>,
    /// How many files there are in all.
    pub files_total: usize,
    /// Its first pods, by name.
    pub pods: Vec<PodRow>,
    /// How many pods there are in all.
    pub pods_total: usize,
    /// Pods whose object is gone while their CNI DEL is still to come.
    pub pending_dels: Vec<PendingDel>,
    /// The first lines of the node's `ip route`.
    pub routes: Vec<String>,
    /// How many lines there are in all.
    pub routes_total: usize,
    /// The first sysctls ptp wrote on the node (`NAME = VALUE`).
    pub sysctl: Vec<String>,
    /// How many there are in all.
    pub sysctl_total: usize,
}

/// One file of host-local's directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IpFile {
    /// Its name: an IP, `last_reserved_ip.0`, `lock`.
    pub name: String,
    /// Its contents as `cat -A` would make the CRLF visible (`<containerID>\r\n` then `eth0`).
    pub shown: String,
}

/// A pod on its node's card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodRow {
    /// `metadata.name`.
    pub name: String,
    /// `kubectl get pods`' STATUS.
    pub status: &'static str,
    /// `status.podIPs`, comma-separated.
    pub ips: String,
    /// Its veth pair, once ptp made it.
    pub veth: Option<VethPair>,
}

/// A veth pair: the pod's `eth0` and the node's end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VethPair {
    /// The node's end (`vethXXXXXXXX`).
    pub name: String,
    /// The pod end as `ip link` names it in the pod: `eth0@ifN`, N the node end's ifindex.
    pub pod_end: String,
    /// The node end as `ip link` names it on the node: `vethXXXXXXXX@ifM`, M the pod end's ifindex.
    pub node_end: String,
    /// The node end's ifindex.
    pub ifindex: u32,
    /// The pod end's ifindex.
    pub peer_ifindex: u32,
    /// The bridge the node's end is a port of (`cni0`), on a flannel node.
    pub master: Option<String>,
}

/// A pod whose object is gone, waiting for its CNI DEL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingDel {
    /// The pod's name.
    pub pod: String,
    /// Its sandbox's ID.
    pub container_id: String,
    /// How long until CNI DEL runs.
    pub remaining: VirtualDuration,
    /// Its veth pair, which stays until CNI DEL.
    pub veth: Option<VethPair>,
}

/// `ip addr` and `ip route` inside a pod's network namespace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodNetwork {
    /// The namespace's path (`/var/run/netns/cni-…`).
    pub netns: String,
    /// `ip addr`'s lines.
    pub addr: Vec<String>,
    /// `ip route`'s and `ip -6 route`'s lines.
    pub routes: Vec<String>,
}

impl NodeCard {
    fn new(cursor: &Cursor, node: NodeState) -> NodeCard {
        let sim = cursor.sim();
        let store = sim.node_store(&node.name);
        let files = node
            .ipam
            .ls
            .iter()
            .take(MAX_ROWS)
            .map(|name| IpFile {
                shown: show_crlf(&store.and_then(|s| s.cat(name)).unwrap_or_default()),
                name: name.clone(),
            })
            .collect();
        let pods = cursor.pods_shown_on(&node.name);
        let rows = pods
            .iter()
            .take(MAX_ROWS)
            .map(|pod| pod_row(pod, &node))
            .collect();
        let now = cursor.now();
        NodeCard {
            pod_cidrs: node.pod_cidrs.clone(),
            conflist: node
                .conflist
                .clone()
                .map(|text| (format!("$ cat {}", node.cni.conflist_path()), text)),
            cni: node.cni,
            subnet_env: node
                .subnet_env
                .clone()
                .map(|text| (format!("$ cat {DEFAULT_SUBNET_FILE}"), text)),
            bridge_link: node.bridge.as_ref().map(|_| {
                let ports: Vec<String> = sim
                    .node_netns(&node.name)
                    .map(bridge_link_lines)
                    .unwrap_or_default()
                    .into_iter()
                    // Only the ports of the pods shown.
                    .filter(|line| {
                        node.veths
                            .iter()
                            .any(|v| line.contains(&format!(": {}@", v.name)))
                    })
                    .collect();
                ("$ bridge link".to_string(), ports)
            }),
            grid: cursor.grid_shown(&node.name),
            ls_command: node
                .ipam
                .dir
                .as_deref()
                .or(Some(node.cni.default_ipam_dir()).filter(|dir| !dir.is_empty()))
                .map(|dir| format!("$ ls {dir}")),
            calico_blocks: (node.cni == Chain::Calico).then(|| node.calico_blocks.clone()),
            files,
            files_total: node.ipam.ls.len(),
            pods: rows,
            pods_total: pods.len(),
            pending_dels: node
                .pending_dels
                .iter()
                .take(MAX_ROWS)
                .map(|pending| PendingDel {
                    pod: pending.pod.clone(),
                    container_id: pending.container_id.clone(),
                    remaining: pending.at_ms - now,
                    veth: veth_of(&pending.pod, &node),
                })
                .collect(),
            routes: node.routes.iter().take(MAX_ROUTE_LINES).cloned().collect(),
            routes_total: node.routes.len(),
            sysctl: node.sysctl.iter().take(MAX_ROUTE_LINES).cloned().collect(),
            sysctl_total: node.sysctl.len(),
            name: node.name,
        }
    }
}

fn pod_row(pod: &PodState, node: &NodeState) -> PodRow {
    PodRow {
        name: pod.name.clone(),
        status: pod.status,
        ips: pod.ips.join(", "),
        veth: veth_of(&pod.name, node),
    }
}

/// The veth pair of `pod` on `node`, while it exists.
fn veth_of(pod: &str, node: &NodeState) -> Option<VethPair> {
    node.veths.iter().find(|v| v.pod == pod).map(VethPair::of)
}

impl VethPair {
    /// The pair of a node's veth, named as `ip link` names its two ends.
    pub fn of(v: &VethState) -> VethPair {
        VethPair {
            name: v.name.clone(),
            pod_end: format!("eth0@if{}", v.ifindex),
            node_end: format!("{}@if{}", v.name, v.peer_ifindex),
            ifindex: v.ifindex,
            peer_ifindex: v.peer_ifindex,
            master: v.master.clone(),
        }
    }
}

/// `cat -A`-style: make the CRLF visible, since it is the surprise.
fn show_crlf(content: &str) -> String {
    content.replace("\r\n", "\\r\\n\n")
}

/// The names the action buttons use next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionNames {
    /// The nodes, by name.
    pub nodes: Vec<String>,
    /// The node new pods go to: the one chosen if it exists, else the first worker, else the first.
    pub target: String,
    /// `node-N`, the first not taken.
    pub next_node: String,
    /// `pod-N`, the first the scenario has not used.
    pub next_pod: String,
    /// `batchN`, the first the scenario has not used (for `add-many`).
    pub next_batch: String,
}

/// One row of the event log, as `kubectl get events` words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRow {
    /// When (`1.234 s`).
    pub time: String,
    /// `Normal`, `Warning`, or a step of a sandbox.
    pub kind: EventKind,
    /// The reason (`CIDRAssignmentFailed`).
    pub reason: String,
    /// The object (`node/kind-worker`).
    pub object: ObjectRef,
    /// The node it happened on or concerns.
    pub node: Option<String>,
    /// The message.
    pub message: String,
}

impl ActionNames {
    /// `add-many` of the next batch on the target node, `count` as typed: a count that is not a
    /// number is 0, which the scenario refuses with its `line N: …` naming the range.
    pub fn add_many(&self, count: &str) -> Command {
        Command::PodAddMany {
            prefix: self.next_batch.clone(),
            node: self.target.clone(),
            count: count.trim().parse().unwrap_or(0),
        }
    }
}

impl Cursor {
    /// What the rest of the moment made after the event shown, hidden from the views.
    pub fn unseen(&self) -> Unseen {
        Unseen::of(self.later())
    }

    /// The whole state as shown: right after the event shown, with the events up to it.
    pub fn state_shown(&self) -> State {
        let unseen = self.unseen();
        let mut state = self.sim().state();
        state
            .nodes
            .iter_mut()
            .for_each(|node| unseen.hide_in_node(node));
        state
            .pods
            .iter_mut()
            .for_each(|pod| unseen.hide_in_pod(pod));
        state.events.truncate(self.shown_events());
        state
    }

    /// Node `name` as shown: right after the event shown.
    pub fn node_shown(&self, name: &str) -> Option<NodeState> {
        let mut node = self.sim().node_state(name)?;
        self.unseen().hide_in_node(&mut node);
        Some(node)
    }

    /// The pods of node `name` as shown.
    pub fn pods_shown_on(&self, name: &str) -> Vec<PodState> {
        let unseen = self.unseen();
        let mut pods = self.sim().pods_on(name);
        for pod in &mut pods {
            unseen.hide_in_pod(pod);
        }
        pods
    }

    /// Node `name`'s address grid as shown.
    pub fn grid_shown(&self, name: &str) -> Option<AddressGrid> {
        let mut grid = self.sim().node_address_grid(name)?;
        self.unseen().hide_in_grid(name, &mut grid);
        Some(grid)
    }

    /// Every event so far.
    pub fn events(&self) -> &EventLog {
        self.sim().events()
    }

    /// The log's rows for events `range` (of [`Cursor::events`]).
    pub fn log_rows(&self, range: Range<usize>) -> Vec<LogRow> {
        self.events()
            .iter()
            .skip(range.start)
            .take(range.len())
            .map(|event| LogRow {
                time: seconds(event.time_ms),
                kind: event.kind,
                reason: format!("{:?}", event.reason),
                object: event.object.clone(),
                node: event
                    .node
                    .as_deref()
                    .or_else(|| event.object.as_node())
                    .map(str::to_string),
                message: event.message.to_string(),
            })
            .collect()
    }

    /// The CNI chain of the node event `index` happened on: the one its sandbox or route was made by,
    /// else its node's, else the cluster's.
    pub fn event_chain(&self, index: usize) -> Chain {
        let event = self.events().get(index);
        let made_by = event.and_then(|event| match &event.message {
            Message::Sandbox { facts, .. } => Some(facts.chain),
            Message::NodeRoute(change) => Some(change.chain),
            _ => None,
        });
        let node = event.and_then(|event| event.node.as_deref().or_else(|| event.object.as_node()));
        made_by
            .or_else(|| self.sim().node_cni(node?))
            .unwrap_or(self.run().settings().knobs.cni)
    }

    /// What event `index` touched, if there is one.
    pub fn touched(&self, index: usize) -> Option<Touched> {
        self.events().get(index).map(Event::touched)
    }

    /// The names of every node, in name order.
    pub fn node_names(&self) -> Vec<String> {
        self.sim()
            .cluster
            .nodes_in_name_order()
            .into_iter()
            .map(|(name, _)| name.to_string())
            .collect()
    }

    /// The card of node `name`, if it exists.
    pub fn node_card(&self, name: &str) -> Option<NodeCard> {
        Some(NodeCard::new(self, self.node_shown(name)?))
    }

    /// `ip addr` / `ip route` inside `pod`, or `None` while it has no namespace.
    pub fn pod_network(&self, pod: &str) -> Option<PodNetwork> {
        let netns = self.sim().pod_netns(pod)?;
        let mut routes = ip_route_lines(netns);
        routes.extend(ip6_route_lines(netns));
        Some(PodNetwork {
            netns: netns.path(),
            addr: ip_addr_lines(netns),
            routes,
        })
    }

    /// The names the actions use next, with `chosen` the node picked for new pods.
    pub fn action_names(&self, chosen: &str) -> ActionNames {
        let nodes = self.node_names();
        let target = if nodes.iter().any(|n| n == chosen) {
            chosen.to_string()
        } else {
            nodes
                .iter()
                .find(|n| n.contains("worker"))
                .or(nodes.first())
                .cloned()
                .unwrap_or_default()
        };
        let next_node = (1..)
            .map(|i| format!("node-{i}"))
            .find(|n| !nodes.contains(n))
            .unwrap_or_default();
        // The first name the scenario has not used yet, so repeated clicks never collide.
        let unused = |prefix: &str| {
            (1..)
                .map(|i| format!("{prefix}{i}"))
                .find(|name| !self.run().text().contains(&format!(" {name} ")))
                .unwrap_or_default()
        };
        ActionNames {
            target,
            next_node,
            next_pod: unused("pod-"),
            next_batch: unused("batch"),
            nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playback::Player;

    fn at_end() -> Cursor {
        let mut cursor = Player::default().into_cursor();
        cursor.seek(cursor.run().horizon());
        cursor.finish();
        cursor
    }

    /// An event is told for its node's chain: every event of the kubeadm-flannel run is a flannel
    /// node's, every one of the kind run a kindnet node's.
    #[test]
    fn an_events_chain_is_its_nodes() {
        let tours = [
            (crate::tours::TourId::KubeadmFlannel, Chain::Flannel),
            (crate::tours::TourId::Kind, Chain::Kindnet),
        ];
        for (tour, chain) in tours {
            let player = Player::load(tour.tour().scenario().into(), Some(tour)).expect("loads");
            let mut cursor = player.into_cursor();
            cursor.seek(cursor.run().horizon());
            cursor.finish();
            let veths: Vec<usize> = (0..cursor.events().len())
                .filter(|&i| cursor.events()[i].reason == crate::sim::Reason::VethCreated)
                .collect();
            assert!(!veths.is_empty(), "{tour:?}");
            for i in veths {
                assert_eq!(cursor.event_chain(i), chain, "{tour:?} event {i}");
            }
        }
    }

    /// The kind tour at step 8 (index 7): b's object is gone, its IP file, veth and route wait for
    /// CNI DEL (the Chinese article counts 4 veths on the worker during the lag).
    #[test]
    fn the_worker_card_during_the_del_lag_keeps_bs_file_veth_and_route() {
        let mut playback = Player::default().into_cursor();
        playback.go_to_step(7);
        playback.finish();
        let card = playback
            .node_card("kind-worker")
            .expect("the worker exists");
        assert_eq!(card.pod_cidrs, ["10.244.1.0/24"]);
        let [pending] = card.pending_dels.as_slice() else {
            panic!("{:?}", card.pending_dels);
        };
        assert_eq!(pending.pod, "b");
        assert!(pending.remaining > VirtualDuration::ZERO);
        // b's veth pair stays until CNI DEL: the worker has its pods' three.
        assert!(pending
            .veth
            .as_ref()
            .is_some_and(|v| v.node_end.starts_with("veth")));
        assert!(card.files.iter().any(|f| f.name == "10.244.1.3"));
        let b_file = card.files.iter().find(|f| f.name == "10.244.1.3");
        assert!(b_file.is_some_and(|f| f.shown.contains("\\r\\n\neth0")));
        assert!(card
            .routes
            .iter()
            .any(|r| r.starts_with("10.244.1.3 dev veth")));
        assert!(!card.pods.iter().any(|p| p.name == "b"));
        assert!(card
            .pods
            .iter()
            .filter_map(|p| p.veth.as_ref())
            .all(|v| v.pod_end.starts_with("eth0@if") && v.node_end.starts_with("veth")));
    }

    #[test]
    fn a_pods_network_lists_its_address_and_its_default_route() {
        let playback = at_end();
        let network = playback.pod_network("a").expect("a has a namespace");
        assert!(network.netns.starts_with("/var/run/netns/cni-"));
        assert!(network
            .addr
            .iter()
            .any(|l| l.contains("inet 10.244.1.2/24")));
        assert!(network
            .routes
            .iter()
            .any(|l| l.starts_with("default via 10.244.1.1")));
    }

    #[test]
    fn actions_pick_the_worker_and_unused_names() {
        let at_end = at_end();
        let names = at_end.action_names("");
        assert_eq!(names.target, "kind-worker");
        assert_eq!(names.next_node, "node-1");
        assert_eq!(names.next_pod, "pod-1");
        assert_eq!(at_end.action_names("kind-worker2").target, "kind-worker2");
        let many = names.add_many(" 3 ").to_string();
        assert_eq!(many, "pod add-many batch1 --node=kind-worker --count=3");
        let mut player = Player::default();
        player.seek(player.cursor().run().horizon());
        player.apply(&[names.add_many("lots")]);
        player.finish();
        assert!(player
            .error()
            .is_some_and(|e| e.contains("invalid --count \"0\"")));
    }

    #[test]
    fn seconds_are_shown_to_the_millisecond() {
        assert_eq!(seconds(VirtualTime(2_300)), "2.300 s");
        assert_eq!(seconds(VirtualTime(0)), "0.000 s");
    }
}
