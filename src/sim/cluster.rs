//! The cluster the actors act on: the API objects and the machines behind the nodes, with the clock, the
//! settings in force, the log and the queue of what happens next (`Action`).
//!
//! Every actor is a function over a `&mut Cluster` (and over its own state, if it keeps any): it reads
//! and changes the objects, logs what it did now and queues what it does next. Only the driver
//! ([`Simulation`](super::Simulation)) moves the clock and takes actions off the queue.

use super::chain::calico::Calico;
use super::clock::{VirtualDuration, VirtualTime};
use super::event::{Event, EventKind, Reason};
use super::jitter::Jitter;
use super::log::EventLog;
use super::message::Message;
use super::name::Name;
use super::object::ObjectRef;
use super::objects::{FxHashMap, NodeObj, Unscheduled};
use super::pods::{PodRef, Pods};
use super::queue::EventQueue;
use super::sandbox::SandboxFacts;
use super::settings::SimSettings;
use super::upstream::Upstream;
use crate::ipam::kcm::NodeIpamConfig;
use crate::ipam::ptp::Entropy;
use crate::order;
use std::fmt;
use std::rc::Rc;

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
    /// calico-node's pod on `node` starts: its conflist, the pool, the tunnel's address.
    CalicoNodeStart { node: String, uid: u64, boot: u32 },
    /// Every node's BIRD follows these blocks' export as the datastore holds it now.
    CalicoBird { blocks: Vec<ipnet::IpNet> },
    /// calico-kube-controllers' IPAM controller syncs (`syncIPAM`).
    CalicoIpamSync,
    /// kindnetd's reconcile loop on `node`.
    KindnetReconcile { node: String, uid: u64, boot: u32 },
    /// The flannel pod on `node` starts: its conflist, then flanneld.
    FlannelStart { node: String, uid: u64, boot: u32 },
    /// The kubelet restarts kube-flannel's exited flanneld container (its init container does not run
    /// again).
    FlanneldRestart { node: String, uid: u64, boot: u32 },
    /// flanneld's Node informer on `node` sees the node list as it is now.
    FlannelWatch { node: String, uid: u64, boot: u32 },
    /// The rebooted machine is up: its kubelet and containerd start.
    NodeBoot { node: String, uid: u64 },
    /// kube-scheduler tries to bind a pod created without a node.
    SchedulePod { name: Name },
    /// The kubelet syncs the pod: `RunPodSandbox` and CNI ADD.
    KubeletSyncPod { pod: PodRef, boot: u32 },
    /// The kubelet's status update with the sandbox's IPs.
    PodStatus {
        pod: PodRef,
        sandbox: Rc<SandboxFacts>,
    },
    /// The kubelet starts killing the pod's containers.
    KubeletKill {
        object: ObjectRef,
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

/// The objects and machines of one run, with its clock, settings, log and queue.
#[derive(Debug, Clone)]
pub(crate) struct Cluster {
    /// The current virtual time.
    pub(crate) now: VirtualTime,
    /// Settings in force now (`set` lines change them as they run).
    pub(crate) settings: SimSettings,
    /// What is due next.
    pub(crate) queue: EventQueue<Action>,
    /// Everything that happened.
    pub(crate) events: EventLog,
    /// Every random draw of names and IDs.
    pub(crate) entropy: Entropy,
    /// The kubelet's retry waits (`wait.Jitter`).
    pub(crate) jitter: Jitter,
    /// The next object uid.
    pub(crate) next_uid: u64,
    /// How many machines ever joined (for their addresses on the node network).
    pub(crate) nodes_registered: u32,
    /// The `cluster` line's flags as validated (kcm's node IPAM configuration), once that line ran.
    pub(crate) config: Option<NodeIpamConfig>,
    /// Nodes by name, hashed because every pod's sandbox, CNI and status steps look their node up;
    /// whoever lists them uses [`Cluster::nodes_in_name_order`].
    pub(crate) nodes: FxHashMap<Name, NodeObj>,
    /// Machines `kubeadm reset` left without a Node object, by name, for a `kubeadm join` of that name.
    pub(crate) machines: FxHashMap<Name, Box<NodeObj>>,
    /// Pods, in slots with an index by name (see [`Pods`]); whoever lists them sorts.
    pub(crate) pods: Pods,
    /// Pods created without a node that the scheduler has not bound, in creation order.
    pub(crate) unscheduled: Vec<Unscheduled>,
    /// Moves whenever a node comes or goes, its podCIDRs change or the cluster's flags do, as the node
    /// list's `resourceVersion` would: what kindnetd read of the list holds until it moves.
    pub(crate) nodes_version: u64,
    /// Calico's datastore, once the first calico-node created the pool.
    pub(crate) calico: Option<Box<Calico>>,
}

impl Cluster {
    /// A cluster at time 0 with nothing in it, room made for `pods` pods at once.
    pub(crate) fn new(settings: SimSettings, pods: usize) -> Self {
        Cluster {
            now: VirtualTime::ZERO,
            entropy: Entropy::from_seed(settings.seed),
            jitter: Jitter::from_seed(settings.seed),
            settings,
            queue: EventQueue::new(),
            events: EventLog::default(),
            next_uid: 1,
            nodes_registered: 0,
            config: None,
            nodes: FxHashMap::default(),
            machines: FxHashMap::default(),
            pods: Pods::with_capacity(pods),
            unscheduled: Vec::new(),
            nodes_version: 0,
            calico: None,
        }
    }

    /// A node became Ready (its CNI config is written) or joined: kube-scheduler moves its
    /// unschedulable pods back to the active queue on the node's add or update, as the taint plugin
    /// asks it to.
    pub(crate) fn node_ready(&mut self) {
        let names: Vec<Name> = self.unscheduled.iter().map(|u| u.name.clone()).collect();
        for name in names {
            self.schedule(self.settings.watch_latency, Action::SchedulePod { name });
        }
    }

    /// The nodes sorted by name, the order the API lists them in.
    pub(crate) fn nodes_in_name_order(&self) -> Vec<(&Name, &NodeObj)> {
        order::sorted_by(self.nodes.iter().collect(), |a, b| a.0.cmp(b.0))
    }

    /// The node's name for an event's `node` field: the live node's shared one, or a new one once the
    /// node is gone.
    pub(crate) fn node_name(&self, node: &str) -> Name {
        self.nodes
            .get(node)
            .map_or_else(|| Name::from(node), |n| n.name.clone())
    }

    /// A node came or went, or its podCIDRs or the cluster's flags changed (see [`Cluster::nodes_version`]).
    pub(crate) fn nodes_changed(&mut self) {
        self.nodes_version += 1;
    }

    /// Queue `action` `after` from now, behind what is already due then.
    pub(crate) fn schedule(&mut self, after: VirtualDuration, action: Action) {
        self.queue.push(self.now + after, action);
    }

    /// A new object's uid.
    pub(crate) fn uid(&mut self) -> u64 {
        let uid = self.next_uid;
        self.next_uid += 1;
        uid
    }

    /// Record an event now whose message is written now (the rare entries; see [`Message`]).
    pub(crate) fn log(
        &mut self,
        object: ObjectRef,
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
        object: ObjectRef,
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
}
