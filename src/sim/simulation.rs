//! The driver: [`Simulation`] takes the actors' actions off the queue in order, moves the clock, hands
//! each action to its actor, and is the public driving API (`step`, `advance`, `run_to`,
//! [`Simulation::at`] for scrubbing, [`Simulation::timeline`]).

use super::chain::calico::view::{self, bird_routes, merge_routes};
use super::chain::calico::{bird, calico_node, kube_controllers};
use super::chain::flannel::flanneld as flannel;
use super::chain::kindnet::kindnetd::Kindnet;
use super::chain::{self, Chain};
use super::clock::{VirtualDuration, VirtualTime};
use super::cluster::{Action, Cluster};
use super::event::Event;
use super::jitter::Jitter;
use super::kind;
use super::kubelet;
use super::limits;
use super::log::EventLog;
use super::node_ipam::NodeIpam;
use super::node_reset;
use super::pod_deletion;
use super::reboot;
use super::runtime;
use super::scenario::{Command, Scenario};
use super::scheduler;
use super::settings::{Setting, SimSettings};
use crate::ipam::hostlocal::Store;
use crate::ipam::ptp::iproute2::ip_route_lines;
use crate::ipam::ptp::{Entropy, NetNs};
use std::net::IpAddr;
use std::rc::Rc;

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
    scenario: Rc<Scenario>,
    /// The objects and machines, the clock, the log and the queue.
    pub(crate) cluster: Cluster,
    /// kcm's controller, once started (and if it started).
    pub(crate) node_ipam: Option<NodeIpam>,
    /// How many events there were when the last action began: it logged the ones after.
    last_action_from: usize,
    /// What every node's kindnetd shares.
    kindnet: Kindnet,
}

impl Simulation {
    /// A simulation at time 0 with the scenario's commands queued.
    pub fn new(scenario: impl Into<Rc<Scenario>>) -> Self {
        let scenario: Rc<Scenario> = scenario.into();
        // Every pod a scenario creates may live at once; its objects' table is made for that many.
        let pods_added = scenario
            .commands
            .iter()
            .filter(|c| matches!(c.command, Command::PodAdd { .. }))
            .count();
        let mut cluster = Cluster::new(SimSettings::default(), pods_added);
        for (index, command) in scenario.commands.iter().enumerate() {
            cluster.queue.push(command.at, Action::Command(index));
        }
        Simulation {
            scenario,
            cluster,
            node_ipam: None,
            last_action_from: 0,
            kindnet: Kindnet::default(),
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
        self.cluster.now
    }

    /// Where the scenario ends (after its last `wait`).
    pub fn end(&self) -> VirtualTime {
        self.scenario.end
    }

    /// The settings in force now.
    pub fn settings(&self) -> &SimSettings {
        &self.cluster.settings
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &EventLog {
        &self.cluster.events
    }

    /// Every event of the run, taken out of it.
    pub fn take_events(&mut self) -> EventLog {
        std::mem::take(&mut self.cluster.events)
    }

    /// Take a finished run apart a piece at a time while `more_time()` says there is time; whether it
    /// is all gone. Dropping a run of thousands of pods at once is one long task for a page.
    pub fn dismantle(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        loop {
            let node = self.cluster.nodes.keys().next().cloned();
            let dropped = match node {
                Some(name) => self.cluster.nodes.remove(&name).is_some(),
                None => self.cluster.pods.drop_some(512) || self.cluster.events.drop_chunk(),
            };
            if !dropped {
                return true;
            }
            if !more_time() {
                return false;
            }
        }
    }

    /// Whether the run stopped at podip's limit on events ([`limits::MAX_EVENTS`]): nothing more is
    /// processed and the clock stays where it stopped.
    pub fn halted(&self) -> bool {
        self.cluster.events.len() >= limits::MAX_EVENTS
    }

    /// The next action due at or before `limit`, unless the run has [`halted`](Self::halted).
    fn pop_due(&mut self, limit: VirtualTime) -> Option<(VirtualTime, Action)> {
        if self.halted() {
            return None;
        }
        self.cluster.queue.pop_due(limit)
    }

    /// Process the next action if it is due no later than the scenario's end; the clock moves to its
    /// time. Returns that time, or `None` when nothing more happens within the scenario.
    pub fn step(&mut self) -> Option<VirtualTime> {
        let (time, action) = self.pop_due(self.scenario.end)?;
        self.cluster.now = self.cluster.now.max(time);
        self.dispatch(action);
        Some(time)
    }

    /// What "step" means to a learner: run to the next moment an action is due (at most `limit`), and
    /// on from moment to moment until something is logged, since some due actions change nothing
    /// visible (a resync with nothing to do). Returns the time reached.
    pub fn run_to_next_event(&mut self, limit: VirtualTime) -> VirtualTime {
        let logged = self.cluster.events.len();
        loop {
            let at = self
                .cluster
                .queue
                .peek_time()
                .filter(|t| *t <= limit)
                .unwrap_or(limit);
            self.run_to(at);
            if self.cluster.events.len() != logged || self.cluster.now >= limit || self.halted() {
                return self.cluster.now;
            }
        }
    }

    /// Process the next action due at or before `limit`, if any, moving the clock to its time; `None`
    /// when nothing is due by then. A view uses it to spread a burst (thousands of pods created at one
    /// instant) over several frames instead of freezing the page for one long task.
    pub fn step_until(&mut self, limit: VirtualTime) -> Option<VirtualTime> {
        let (time, action) = self.pop_due(limit)?;
        self.cluster.now = self.cluster.now.max(time);
        self.dispatch(action);
        Some(time)
    }

    /// Run everything due within `duration` from now, and move the clock there.
    pub fn advance(&mut self, duration: VirtualDuration) {
        self.run_to(self.cluster.now + duration);
    }

    /// Run everything due at or before `time`, and move the clock there (never backwards; not at all
    /// once the run has halted).
    pub fn run_to(&mut self, time: VirtualTime) {
        while let Some((at, action)) = self.pop_due(time) {
            self.cluster.now = self.cluster.now.max(at);
            self.dispatch(action);
        }
        if !self.halted() {
            self.cluster.now = self.cluster.now.max(time);
        }
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
        let last_event = probe
            .cluster
            .events
            .last()
            .map_or(VirtualTime::ZERO, |e| e.time_ms);
        let horizon = end.max(last_event) + VirtualDuration::from_millis(500);
        // Logged as the clock moved, so in time order.
        let events = probe
            .cluster
            .events
            .into_iter()
            .take_while(|e| e.time_ms <= horizon)
            .collect();
        (horizon, events)
    }

    /// `ip route` on the node: its namespace's routes, with BIRD's on a Calico node.
    pub fn node_ip_routes(&self, node: &str) -> Option<Vec<String>> {
        let obj = self.cluster.nodes.get(node)?;
        let lines = ip_route_lines(&obj.netns);
        Some(match obj.cni {
            Chain::Calico => merge_routes(lines, bird_routes(&self.cluster, node)),
            _ => lines,
        })
    }

    /// `calicoctl ipam show [--show-blocks]` on a Calico cluster (nothing before calico-node made the pool).
    pub fn calico_ipam_show(&self, show_blocks: bool) -> Vec<String> {
        view::ipam_show(&self.cluster, show_blocks)
    }

    /// `calicoctl ipam show --ip=IP` on a Calico cluster.
    pub fn calico_ipam_show_ip(&self, ip: std::net::IpAddr) -> Vec<String> {
        view::ipam_show_ip(&self.cluster, ip)
    }

    /// `kubectl get ipamblocks.crd.projectcalico.org` on a Calico cluster.
    pub fn kubectl_get_ipamblocks(&self) -> Vec<String> {
        view::kubectl_get_ipamblocks(&self.cluster)
    }

    /// `kubectl get blockaffinities.crd.projectcalico.org` on a Calico cluster.
    pub fn kubectl_get_blockaffinities(&self) -> Vec<String> {
        view::kubectl_get_blockaffinities(&self.cluster)
    }

    /// The node's root namespace (for `ip link` / `ip route` views).
    pub fn node_netns(&self, node: &str) -> Option<&NetNs> {
        self.cluster.nodes.get(node).map(|n| &n.netns)
    }

    /// The node's host-local directory, once host-local has run there.
    pub fn node_store(&self, node: &str) -> Option<&Store> {
        self.cluster.nodes.get(node).and_then(|n| n.store.as_ref())
    }

    /// The namespace of the pod's current sandbox.
    pub fn pod_netns(&self, pod: &str) -> Option<&NetNs> {
        let pod = self.cluster.pods.get(pod)?;
        let id = pod.sandbox_id.as_ref()?;
        self.cluster
            .nodes
            .get(&*pod.node)
            .filter(|n| n.uid == pod.node_uid)?
            .sandboxes
            .get(id)
            .map(|s| &*s.netns)
    }

    /// The pod's current sandbox: its ID (`CNI_CONTAINERID`) and IPs in containerd's order. The sandbox
    /// may outlive the Pod object until CNI DEL, but then it is no longer found by the pod's name.
    pub fn pod_sandbox(&self, pod: &str) -> Option<(&str, &[IpAddr])> {
        let pod = self.cluster.pods.get(pod)?;
        let id = pod.sandbox_id.as_ref()?;
        let sandbox = self
            .cluster
            .nodes
            .get(&*pod.node)
            .filter(|n| n.uid == pod.node_uid)?
            .sandboxes
            .get(id)?;
        Some((id, sandbox.facts.ips()))
    }

    /// `status.podIPs` of the Pod object, as the API holds it (empty until the kubelet posts them), if
    /// the object exists. The runtime's sandbox may have its addresses earlier (`pod_sandbox`).
    pub fn pod_status_ips(&self, pod: &str) -> Option<&[IpAddr]> {
        self.cluster.pods.get(pod).map(|pod| pod.ips())
    }

    /// `spec.podCIDRs` of a node, if it exists.
    pub fn node_pod_cidrs(&self, node: &str) -> Option<&[String]> {
        self.cluster.nodes.get(node).map(|n| n.pod_cidrs.as_slice())
    }

    /// The node's conflist (`/etc/cni/net.d/10-kindnet.conflist`, or its chain's), once written.
    pub fn node_conflist(&self, node: &str) -> Option<&str> {
        self.cluster.nodes.get(node)?.conflist.as_deref()
    }

    /// The CNI chain the node runs.
    pub fn node_cni(&self, node: &str) -> Option<Chain> {
        self.cluster.nodes.get(node).map(|n| n.cni)
    }

    /// The node's `/run/flannel/subnet.env`, once flanneld wrote it (a flannel node).
    pub fn node_subnet_env(&self, node: &str) -> Option<&str> {
        self.cluster
            .nodes
            .get(node)?
            .flannel
            .as_ref()?
            .subnet_env
            .as_deref()
    }

    /// The events the last action logged (one action can log several at one moment: a sandbox's CNI
    /// ADD logs its reservation, veth pair and route).
    pub fn last_action_events(&self) -> std::ops::Range<usize> {
        self.last_action_from..self.cluster.events.len()
    }

    /// Hands the action to its actor.
    fn dispatch(&mut self, action: Action) {
        self.last_action_from = self.cluster.events.len();
        let nodes_version = self.cluster.nodes_version;
        self.act(action);
        // flanneld learns of the nodes through its informer; kindnetd lists them on its own schedule.
        if self.cluster.nodes_version != nodes_version {
            flannel::watch_all(&mut self.cluster);
        }
    }

    /// The actor's part of [`Simulation::dispatch`].
    fn act(&mut self, action: Action) {
        let cluster = &mut self.cluster;
        match action {
            Action::Command(index) => {
                let scenario = Rc::clone(&self.scenario);
                if let Some(command) = scenario.commands.get(index) {
                    self.run_command(&command.command);
                }
            }
            Action::NodeIpamStart => {
                if let Some(started) = NodeIpam::start(cluster) {
                    self.node_ipam = Some(started);
                }
            }
            Action::NodeIpamSync { node } => {
                if let Some(ipam) = &mut self.node_ipam {
                    ipam.sync(cluster, &node);
                }
            }
            Action::NodeIpamRelease { node, pod_cidrs } => {
                if let Some(ipam) = &mut self.node_ipam {
                    ipam.release(cluster, &node, &pod_cidrs);
                }
            }
            Action::KindnetReconcile { node, uid, boot } => {
                self.kindnet.reconcile(cluster, &node, uid, boot)
            }
            Action::CalicoNodeStart { node, uid, boot } => {
                calico_node::run(cluster, &node, uid, boot)
            }
            Action::CalicoIpamSync => kube_controllers::sync(cluster),
            Action::CalicoBird { blocks } => bird::refresh(cluster, &blocks),
            Action::FlannelStart { node, uid, boot } => flannel::run(cluster, &node, uid, boot),
            Action::FlanneldRestart { node, uid, boot } => {
                flannel::restart(cluster, &node, uid, boot)
            }
            Action::FlannelWatch { node, uid, boot } => flannel::watch(cluster, &node, uid, boot),
            Action::NodeBoot { node, uid } => reboot::node_boot(cluster, &node, uid),
            Action::SchedulePod { name } => scheduler::schedule(cluster, &name),
            Action::KubeletSyncPod { pod, boot } => kubelet::sync_pod(cluster, pod, boot),
            Action::PodStatus { pod, sandbox } => kubelet::status_update(cluster, pod, sandbox),
            Action::KubeletKill {
                object,
                node,
                node_uid,
            } => pod_deletion::kill(cluster, object, &node, node_uid),
            Action::StopPodSandbox {
                node,
                node_uid,
                sandbox_id,
            } => runtime::stop_pod_sandbox(cluster, &node, node_uid, &sandbox_id),
            Action::DeletePodObject { pod } => pod_deletion::status_manager_delete(cluster, pod),
            Action::PodGc { pod } => pod_deletion::podgc_orphaned(cluster, pod),
        }
    }

    /// A scenario command takes effect now.
    fn run_command(&mut self, command: &Command) {
        let cluster = &mut self.cluster;
        match command {
            Command::Set(setting) => {
                cluster.settings.apply(*setting);
                // A seed change reseeds the generator from here on.
                if let Setting::Seed(seed) = setting {
                    cluster.entropy = Entropy::from_seed(*seed);
                    cluster.jitter = Jitter::from_seed(*seed);
                }
            }
            Command::Cluster { config, .. } => {
                cluster.config = Some(config.clone());
                cluster.nodes_changed();
                // Queued behind the commands of this same instant, so nodes added with the cluster exist
                // when kcm starts: their preset podCIDRs are occupied at startup. Without
                // --allocate-node-cidrs it only says it skips the controller.
                cluster.schedule(VirtualDuration::ZERO, Action::NodeIpamStart);
            }
            Command::NodeAdd { name, pod_cidrs } => self.node_add(name, pod_cidrs),
            Command::NodeDelete { name } => kind::node_delete(cluster, name),
            Command::NodeReboot { name, sandboxes } => {
                reboot::node_reboot(cluster, name, *sandboxes)
            }
            Command::NodeReset { name } => node_reset::node_reset(cluster, name),
            Command::LinkDelete { node, link } => node_reset::link_delete(cluster, node, *link),
            // The new process lists the nodes and occupies their podCIDRs: NodeIpamStart again.
            Command::KcmRestart => cluster.schedule(VirtualDuration::ZERO, Action::NodeIpamStart),
            Command::PodAdd { name, node, ip } => {
                kubelet::pod_add(cluster, name, node, ip.as_deref())
            }
            Command::PodAddUnbound { name, tolerations } => {
                scheduler::pod_created(cluster, name, tolerations)
            }
            Command::PodDelete {
                name,
                grace_period_seconds,
            } => {
                // One the scheduler has not bound has no kubelet to stop it: the object just goes.
                if !scheduler::pod_deleted(cluster, name) {
                    pod_deletion::pod_delete(cluster, name, *grace_period_seconds)
                }
            }
            // The scenario expands these into the commands above.
            Command::Wait(_) | Command::PodAddMany { .. } | Command::PodDeleteMany { .. } => {}
        }
    }

    /// A node joins; kcm's informer Add handler and kindnetd's DaemonSet see it.
    fn node_add(&mut self, name: &str, pod_cidrs: &[String]) {
        let uid = kind::node_add(&mut self.cluster, name, pod_cidrs);
        if let Some(ipam) = &mut self.node_ipam {
            ipam.node_added(&mut self.cluster, name);
        }
        if let Some(cni) = self.cluster.nodes.get(name).map(|node| node.cni) {
            (chain::actors(cni).start_agent)(&mut self.cluster, name, uid, 0);
        }
    }
}
