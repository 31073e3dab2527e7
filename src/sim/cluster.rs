//! The simulated cluster: API objects, the machines behind the nodes, the actors' queue, and the public
//! driving API ([`Simulation`]).
//!
//! Each actor lives in its own file as `impl Simulation` blocks: [`node_ipam`](super::node_ipam)
//! (kube-controller-manager), [`kindnet`](super::kindnet) (kindnetd), [`kubelet`](super::kubelet) (the
//! kubelet with containerd and the CNI chain). This file holds what they share and the dispatch.

use super::clock::{VirtualDuration, VirtualTime};
use super::event::{Event, EventKind, Reason};
use super::kindnet::KindnetListing;
use super::log::EventLog;
use super::message::Message;
use super::name::Name;
pub use super::objects::PodPhase;
pub(crate) use super::objects::{FxHashMap, LoadedChain, NodeObj, PodObj, Sandbox};
use super::pods::{PodRef, Pods};
use super::queue::EventQueue;
use super::sandbox::SandboxFacts;
use super::scenario::{Command, Scenario};
use super::settings::SimSettings;
use super::upstream::{self, Upstream};
use crate::ipam::capacity::KUBELET_DEFAULT_MAX_PODS;
use crate::ipam::goip::GoIp;
use crate::ipam::hostlocal::Store;
use crate::ipam::kcm::NodeIpamConfig;
use crate::ipam::kindnet::CniConfigWriter;
use crate::ipam::ptp::{Entropy, MacAddr, NetNs, Uplink};
use crate::ipam::range_allocator::RangeAllocator;
use crate::order;
use ipnet::IpNet;
use std::collections::BTreeSet;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::rc::Rc;

/// kind's Docker network's IPv6 prefix, `fc00:f853:ccd:e793::/64` (`pkg/cluster/internal/providers/docker/network.go`);
/// its gateway is `::1` and the nodes follow from `::2`, as their IPv4 addresses from `172.18.0.2`.
const KIND_NETWORK_IPV6: u128 = 0xfc00_f853_0ccd_e793_0000_0000_0000_0000;

/// kube-controller-manager's node IPAM controller (≥ 1.30 workqueue form).
#[derive(Debug, Clone)]
pub(crate) struct NodeIpam {
    /// The range allocator's bitmaps.
    pub(crate) allocator: RangeAllocator,
    /// `cidrallocator_node`: keys waiting (dedup as the workqueue does).
    pub(crate) queued: BTreeSet<String>,
    /// Per-key failure counts of the rate limiter (`ItemExponentialFailureRateLimiter.failures`). Keyed
    /// like the pods' index, so the wasm has one such map.
    pub(crate) failures: FxHashMap<Name, u32>,
}

/// What the queue holds: a scenario command or an actor's next move.
#[derive(Debug, Clone)]
pub(crate) enum Action {
    /// `scenario.commands[i]`.
    Command(usize),
    /// kcm builds its allocator from the nodes that exist now.
    NodeIpamStart,
    /// A worker takes the node's key off `cidrallocator_node`.
    NodeIpamSync { node: String },
    /// The informer delete handler: `ReleaseCIDR` of the final object.
    NodeIpamRelease {
        node: String,
        pod_cidrs: Vec<String>,
    },
    /// kindnetd's reconcile loop on `node`.
    KindnetReconcile { node: String, uid: u64 },
    /// The kubelet syncs the pod: `RunPodSandbox` and CNI ADD.
    KubeletSyncPod { pod: PodRef },
    /// The kubelet's status update with the sandbox's IPs.
    PodStatus {
        pod: PodRef,
        sandbox: Rc<SandboxFacts>,
    },
    /// The kubelet starts killing the pod's containers.
    KubeletKill {
        object: Name,
        node: Name,
        node_uid: u64,
    },
    /// containerd's `StopPodSandbox`: CNI DEL, netns removed.
    StopPodSandbox {
        node: Name,
        node_uid: u64,
        sandbox_id: Name,
    },
    /// The status manager deletes a terminated pod's object.
    DeletePodObject { pod: PodRef },
    /// podgc deletes a pod whose node is gone.
    PodGc { pod: PodRef },
}

/// A running simulation of one scenario.
///
/// # Examples
/// ```
/// use podip::sim::{Scenario, Simulation, VirtualDuration};
/// let scenario = Scenario::parse(podip::sim::builtin::KIND).unwrap();
/// let mut sim = Simulation::new(scenario.clone());
/// sim.run_to_end();
/// let state = sim.state();
/// assert_eq!(state.nodes[1].pod_cidrs, ["10.244.1.0/24"]);
/// // Scrubbing: re-simulate from the start to any time.
/// let earlier = Simulation::at(&scenario, podip::sim::VirtualTime(1_000));
/// assert!(earlier.events().len() < sim.events().len());
/// ```
#[derive(Debug, Clone)]
pub struct Simulation {
    /// The scenario driving it.
    pub(crate) scenario: Rc<Scenario>,
    /// Settings in force now (`set` lines change them as they run).
    pub(crate) settings: SimSettings,
    /// The current virtual time.
    pub(crate) now: VirtualTime,
    /// What is due next.
    pub(crate) queue: EventQueue<Action>,
    /// Everything that happened.
    pub(crate) events: EventLog,
    /// Every random draw.
    pub(crate) entropy: Entropy,
    /// The next object uid.
    pub(crate) next_uid: u64,
    /// How many nodes ever registered (for their Docker-network addresses).
    pub(crate) nodes_registered: u32,
    /// The `cluster` flags as validated, once that line ran.
    pub(crate) cluster: Option<NodeIpamConfig>,
    /// kcm's controller, once started (and if it started).
    pub(crate) node_ipam: Option<NodeIpam>,
    /// Nodes by name. A hash map: every pod's sandbox, CNI and status steps look their node up, and a
    /// tree's string comparisons were 7 % of a big run; whoever lists them uses
    /// [`Simulation::nodes_in_name_order`].
    pub(crate) nodes: FxHashMap<Name, NodeObj>,
    /// Pods, in slots with an index by name (see [`Pods`]); whoever lists them sorts.
    pub(crate) pods: Pods,
    /// The node list as kindnetd's passes read it, until a node or its podCIDRs change (every node's
    /// kindnetd lists every node; see [`KindnetListing`]).
    pub(crate) kindnet_listing: Option<Rc<KindnetListing>>,
}

impl Simulation {
    /// A simulation at time 0 with the scenario's commands queued.
    pub fn new(scenario: impl Into<Rc<Scenario>>) -> Self {
        let scenario: Rc<Scenario> = scenario.into();
        let mut queue = EventQueue::new();
        for (index, command) in scenario.commands.iter().enumerate() {
            queue.push(command.at, Action::Command(index));
        }
        // Every pod a scenario creates may live at once; its objects' table is made for that many.
        let pods_added = scenario
            .commands
            .iter()
            .filter(|c| matches!(c.command, Command::PodAdd { .. }))
            .count();
        let settings = SimSettings::default();
        Simulation {
            entropy: Entropy::from_seed(settings.seed),
            settings,
            scenario,
            now: VirtualTime::ZERO,
            queue,
            events: EventLog::default(),
            next_uid: 1,
            nodes_registered: 0,
            cluster: None,
            node_ipam: None,
            nodes: FxHashMap::default(),
            pods: Pods::with_capacity(pods_added),
            kindnet_listing: None,
        }
    }

    /// The scenario re-simulated from the start to `time`: what a scrubbing view shows.
    pub fn at(scenario: &Scenario, time: VirtualTime) -> Self {
        let mut sim = Simulation::new(scenario.clone());
        sim.run_to(time);
        sim
    }

    /// The current virtual time.
    pub fn now(&self) -> VirtualTime {
        self.now
    }

    /// Where the scenario ends (after its last `wait`).
    pub fn end(&self) -> VirtualTime {
        self.scenario.end
    }

    /// The settings in force now.
    pub fn settings(&self) -> &SimSettings {
        &self.settings
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &EventLog {
        &self.events
    }

    /// Process the next action if it is due no later than the scenario's end; the clock moves to its
    /// time. Returns that time, or `None` when nothing more happens within the scenario.
    pub fn step(&mut self) -> Option<VirtualTime> {
        let (time, action) = self.queue.pop_due(self.scenario.end)?;
        self.now = self.now.max(time);
        self.dispatch(action);
        Some(time)
    }

    /// What "step" means to a learner: run to the next moment an action is due (at most `limit`), and
    /// on from moment to moment until something is logged, since some due actions change nothing
    /// visible (a resync with nothing to do). Returns the time reached.
    pub fn run_to_next_event(&mut self, limit: VirtualTime) -> VirtualTime {
        let logged = self.events.len();
        loop {
            let at = self
                .queue
                .peek_time()
                .filter(|t| *t <= limit)
                .unwrap_or(limit);
            self.run_to(at);
            if self.events.len() != logged || self.now >= limit {
                return self.now;
            }
        }
    }

    /// Process the next action due at or before `limit`, if any, moving the clock to its time; `None`
    /// when nothing is due by then. A view uses it to spread a burst (thousands of pods created at one
    /// instant) over several frames instead of freezing the page for one long task.
    pub fn step_until(&mut self, limit: VirtualTime) -> Option<VirtualTime> {
        let (time, action) = self.queue.pop_due(limit)?;
        self.now = self.now.max(time);
        self.dispatch(action);
        Some(time)
    }

    /// Run everything due within `duration` from now, and move the clock there.
    pub fn advance(&mut self, duration: VirtualDuration) {
        self.run_to(self.now + duration);
    }

    /// Run everything due at or before `time`, and move the clock there (never backwards).
    pub fn run_to(&mut self, time: VirtualTime) {
        while let Some((at, action)) = self.queue.pop_due(time) {
            self.now = self.now.max(at);
            self.dispatch(action);
        }
        self.now = self.now.max(time);
    }

    /// Run the scenario to its end.
    pub fn run_to_end(&mut self) {
        self.run_to(self.scenario.end);
    }

    /// Where a timeline of `scenario` ends, and every event up to there: the scenario's end, or later
    /// if what it started still happens after it (a CNI DEL `del_lag` after a delete at the very end, a
    /// sandbox retry), plus half a second to see the result. It looks a minute past the end; periodic
    /// resyncs that change nothing log no events, so they do not stretch it.
    pub fn timeline(scenario: Rc<Scenario>) -> (VirtualTime, Vec<Event>) {
        let end = scenario.end;
        let mut probe = Simulation::new(scenario);
        probe.run_to(end + VirtualDuration::from_secs(60));
        let last_event = probe.events.last().map_or(VirtualTime::ZERO, |e| e.time_ms);
        let horizon = end.max(last_event) + VirtualDuration::from_millis(500);
        // Logged as the clock moved, so in time order.
        let events = probe
            .events
            .into_iter()
            .take_while(|e| e.time_ms <= horizon)
            .collect();
        (horizon, events)
    }

    /// The nodes sorted by name, the order the API lists them in.
    pub(crate) fn nodes_in_name_order(&self) -> Vec<(&Name, &NodeObj)> {
        order::sorted_by(self.nodes.iter().collect(), |a, b| a.0.cmp(b.0))
    }

    /// The node's root namespace (for `ip link` / `ip route` views).
    pub fn node_netns(&self, node: &str) -> Option<&NetNs> {
        self.nodes.get(node).map(|n| &n.netns)
    }

    /// The node's host-local directory, once host-local has run there.
    pub fn node_store(&self, node: &str) -> Option<&Store> {
        self.nodes.get(node).and_then(|n| n.store.as_ref())
    }

    /// The namespace of the pod's current sandbox.
    pub fn pod_netns(&self, pod: &str) -> Option<&NetNs> {
        let pod = self.pods.get(pod)?;
        let id = pod.sandbox_id.as_ref()?;
        self.nodes
            .get(&*pod.node)
            .filter(|n| n.uid == pod.node_uid)?
            .sandboxes
            .get(id)
            .map(|s| &*s.netns)
    }

    /// The pod's current sandbox: its ID (`CNI_CONTAINERID`) and IPs in containerd's order. The sandbox
    /// may outlive the Pod object until CNI DEL, but then it is no longer found by the pod's name.
    pub fn pod_sandbox(&self, pod: &str) -> Option<(&str, &[IpAddr])> {
        let pod = self.pods.get(pod)?;
        let id = pod.sandbox_id.as_ref()?;
        let sandbox = self
            .nodes
            .get(&*pod.node)
            .filter(|n| n.uid == pod.node_uid)?
            .sandboxes
            .get(id)?;
        Some((id, sandbox.facts.ips()))
    }

    /// `spec.podCIDRs` of a node, if it exists.
    pub fn node_pod_cidrs(&self, node: &str) -> Option<&[String]> {
        self.nodes.get(node).map(|n| n.pod_cidrs.as_slice())
    }

    /// The node's `/etc/cni/net.d/10-kindnet.conflist`, once written.
    pub fn node_conflist(&self, node: &str) -> Option<&str> {
        self.nodes.get(node)?.conflist.as_deref()
    }

    /// The node's name for an event's `node` field: the live node's shared one, or a new one once the
    /// node is gone.
    pub(crate) fn node_name(&self, node: &str) -> Name {
        self.nodes
            .get(node)
            .map_or_else(|| Name::from(node), |n| n.name.clone())
    }

    pub(crate) fn schedule(&mut self, after: VirtualDuration, action: Action) {
        self.queue.push(self.now + after, action);
    }

    pub(crate) fn uid(&mut self) -> u64 {
        let uid = self.next_uid;
        self.next_uid += 1;
        uid
    }

    /// Record an event now whose message is written now (the rare entries; see [`Message`]).
    pub(crate) fn log(
        &mut self,
        object: Name,
        kind: EventKind,
        reason: Reason,
        message: fmt::Arguments<'_>,
        node: Option<Name>,
        upstream: &'static Upstream,
    ) {
        let text = message.to_string();
        self.log_message(object, kind, reason, Message::text(text), node, upstream);
    }

    /// Record an event now.
    pub(crate) fn log_message(
        &mut self,
        object: Name,
        kind: EventKind,
        reason: Reason,
        message: Message,
        node: Option<Name>,
        upstream: &'static Upstream,
    ) {
        self.events.push(Event {
            time_ms: self.now,
            object,
            kind,
            reason,
            message,
            node,
            upstream,
        });
    }

    fn dispatch(&mut self, action: Action) {
        match action {
            Action::Command(index) => {
                let scenario = Rc::clone(&self.scenario);
                if let Some(command) = scenario.commands.get(index) {
                    self.run_command(&command.command);
                }
            }
            Action::NodeIpamStart => self.node_ipam_start(),
            Action::NodeIpamSync { node } => self.node_ipam_sync(&node),
            Action::NodeIpamRelease { node, pod_cidrs } => {
                self.node_ipam_release(&node, &pod_cidrs)
            }
            Action::KindnetReconcile { node, uid } => self.kindnet_reconcile(&node, uid),
            Action::KubeletSyncPod { pod } => self.kubelet_sync_pod(pod),
            Action::PodStatus { pod, sandbox } => self.kubelet_status_update(pod, sandbox),
            Action::KubeletKill {
                object,
                node,
                node_uid,
            } => self.kubelet_kill(object, &node, node_uid),
            Action::StopPodSandbox {
                node,
                node_uid,
                sandbox_id,
            } => self.stop_pod_sandbox(&node, node_uid, &sandbox_id),
            Action::DeletePodObject { pod } => self.status_manager_delete(pod),
            Action::PodGc { pod } => self.podgc_orphaned(pod),
        }
    }

    fn run_command(&mut self, command: &Command) {
        match command {
            Command::Set { name, value } => {
                // Validated by the parser; a seed change reseeds the generator from here on.
                if self.settings.set(name, value).is_ok() && name == "seed" {
                    self.entropy = Entropy::from_seed(self.settings.seed);
                }
            }
            Command::Cluster { config, .. } => {
                self.cluster = Some(config.clone());
                self.kindnet_listing = None;
                // Queued behind the commands of this same instant, so nodes added with the cluster exist
                // when kcm starts: their preset podCIDRs are occupied at startup.
                self.schedule(VirtualDuration::ZERO, Action::NodeIpamStart);
            }
            Command::NodeAdd { name, pod_cidrs } => self.node_add(name, pod_cidrs),
            Command::NodeDelete { name } => self.node_delete(name),
            Command::PodAdd { name, node, ip } => self.pod_add(name, node, ip.as_deref()),
            Command::PodDelete {
                name,
                grace_period_seconds,
            } => self.pod_delete(name, *grace_period_seconds),
        }
    }

    /// The kubelet registers the node: a Node object, a machine with its uplink on the kind network.
    fn node_add(&mut self, name: &str, pod_cidrs: &[String]) {
        let uid = self.uid();
        self.nodes_registered += 1;
        let n = self.nodes_registered;
        // Docker's kind network hands out 172.18.0.2, .3, … in creation order.
        let host = 1 + n;
        let octets = [(host >> 8) as u8, host as u8];
        let ipv4 = IpAddr::V4(Ipv4Addr::new(172, 18, octets[0], octets[1]));
        let mut addresses = vec![IpNet::new(ipv4, 16).unwrap_or_default()];
        let mut gateways = vec![IpAddr::V4(Ipv4Addr::new(172, 18, 0, 1))];
        // For an IPv6 or dual-stack cluster kind's Docker network also has IPv6, and the kubelet's
        // --node-ip names the node's address of each family the cluster has (IPv6 alone for IPv6).
        let (has_v4, has_v6) = self.cluster.as_ref().map_or((true, false), |c| {
            (
                c.cluster_cidrs.iter().any(|n| matches!(n, IpNet::V4(_))),
                c.cluster_cidrs.iter().any(|n| matches!(n, IpNet::V6(_))),
            )
        });
        let mut internal_ips = Vec::new();
        if has_v4 {
            internal_ips.push(ipv4);
        }
        if has_v6 {
            let ipv6 = IpAddr::V6(Ipv6Addr::from(KIND_NETWORK_IPV6 + u128::from(host)));
            addresses.push(IpNet::new(ipv6, 64).unwrap_or_default());
            gateways.push(IpAddr::V6(Ipv6Addr::from(KIND_NETWORK_IPV6 + 1)));
            internal_ips.push(ipv6);
        }
        let netns = NetNs::node(&Uplink {
            addresses,
            gateways,
            mtu: self.settings.node_mtu,
            mac: MacAddr([0x02, 0x42, 0xac, 0x12, octets[0], octets[1]]),
            peer_ifindex: 8 + 2 * n,
            first_free_ifindex: self.settings.node_first_ifindex,
        });
        let node_name = Name::from(name);
        self.kindnet_listing = None;
        self.nodes.insert(
            node_name.clone(),
            NodeObj {
                uid,
                name: node_name,
                pod_cidrs: pod_cidrs.to_vec(),
                internal_ips: internal_ips.clone(),
                netns,
                store: None,
                store_dir: None,
                conflist: None,
                writer: CniConfigWriter::new(self.settings.node_mtu),
                chain: None,
                // Room for the kubelet's default `--max-pods` from the start: a full node's table then
                // never moves its sandboxes (each with its namespace inline) to a larger one.
                sandboxes: FxHashMap::with_capacity_and_hasher(
                    KUBELET_DEFAULT_MAX_PODS as usize,
                    Default::default(),
                ),
                admitted_pods: 0,
            },
        );
        let preset = if pod_cidrs.is_empty() {
            String::new()
        } else {
            format!(" with spec.podCIDRs=[{}]", pod_cidrs.join(","))
        };
        self.log(
            format!("node/{name}").into(),
            EventKind::Step,
            Reason::NodeRegistered,
            format_args!(
                "Node {name} registered (InternalIP {}){preset}",
                internal_ips
                    .iter()
                    .map(|ip| GoIp(*ip).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Some(name.into()),
            &upstream::KUBELET_REGISTER_NODE,
        );
        self.node_ipam_node_added(name);
        self.schedule(
            self.settings.kindnet_start_delay,
            Action::KindnetReconcile {
                node: name.to_string(),
                uid,
            },
        );
    }

    /// The Node object is deleted; the machine goes with it. Pods bound to it become orphans for podgc.
    fn node_delete(&mut self, name: &str) {
        let Some(node) = self.nodes.remove(name) else {
            return;
        };
        self.kindnet_listing = None;
        self.log(
            format!("node/{name}").into(),
            EventKind::Step,
            Reason::NodeDeleted,
            format_args!("Node {name} deleted"),
            Some(name.into()),
            &upstream::NODE_DELETE,
        );
        self.schedule(
            self.settings.watch_latency,
            Action::NodeIpamRelease {
                node: name.to_string(),
                pod_cidrs: node.pod_cidrs,
            },
        );
        let orphans: Vec<(&Name, PodRef)> = self
            .pods
            .iter()
            .filter(|(_, pod)| pod.node_uid == node.uid)
            .map(|(at, pod)| (&pod.name, at))
            .collect();
        // podgc's checks are queued in name order, so a replay is the same whatever the slots' order.
        let orphans: Vec<PodRef> = order::sorted_by(orphans, |a, b| a.cmp(b))
            .into_iter()
            .map(|(_, at)| at)
            .collect();
        for pod in orphans {
            self.schedule(self.settings.podgc_quarantine, Action::PodGc { pod });
        }
    }
}
