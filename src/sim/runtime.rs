//! containerd and libcni on a node: `RunPodSandbox` makes the netns and runs the conflist's plugins with
//! `CNI_COMMAND=ADD`; `StopPodSandbox` runs them in reverse with `CNI_COMMAND=DEL`. What the plugins do
//! is the node's chain's (`sim::chain`, through its row of `Actors`); this
//! file is the runtime around them: the sandbox's ID and netns, the order the log tells it in, the
//! teardown DEL after a failed ADD and the sandbox's record.

use super::chain::seam::Told;
use super::chain::{self, Chain};
use super::cluster::Cluster;
use super::event::{EventKind, Reason};
use super::message::{Message, ReleasedText, SandboxStep};
use super::name::Name;
use super::object::ObjectRef;
use super::objects::Sandbox;
use super::sandbox::{PodUid, SandboxFacts};
use super::upstream;
use crate::ipam::ptp::{IfName, NetNs};
use std::fmt;
use std::net::IpAddr;
use std::rc::Rc;

/// The kubelet's network error while containerd's CNI has no config (`updateRuntimeUp`: `container runtime
/// network not ready: %v` of CRI's `NetworkReady` condition, which containerd fills from go-cni's
/// `ErrCNINotInitialized`). It is the node's `Ready=False` message (`KubeletNotReady`) and, after
/// `network is not ready: `, the pod's `NetworkNotReady` Event.
pub const NETWORK_NOT_READY: &str = "container runtime network not ready: NetworkReady=false \
     reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized";

/// Why `RunPodSandbox` failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SandboxError {
    /// No CNI config yet: the runtime reports `NetworkReady=false` and the kubelet does not even try.
    NetworkNotReady,
    /// A plugin failed during ADD; containerd tore the network down again.
    Setup {
        /// The sandbox ID that was tried.
        sandbox_id: String,
        /// libcni's error: `plugin type="ptp" failed (add): <plugin's error>`.
        err: String,
    },
}

impl fmt::Display for SandboxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // kubelet.go's SyncPod error when runtimeState.networkErrors() is set.
            Self::NetworkNotReady => write!(f, "network is not ready: {NETWORK_NOT_READY}"),
            // kuberuntime_sandbox.go wraps the gRPC error; containerd's sandbox_run.go wraps libcni's.
            Self::Setup { sandbox_id, err } => write!(
                f,
                "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for \
                 sandbox \"{sandbox_id}\": {err}"
            ),
        }
    }
}

/// What libcni says when the first plugin (ptp, or flannel) failed ADD (`AddNetworkList`,
/// `pluginDescription`: the plugin entry has no `name`, so only its type is shown).
fn plugin_failed(chain: Chain, err: impl fmt::Display) -> String {
    format!(
        "plugin type=\"{}\" failed (add): {err}",
        chain.spec().first_plugin
    )
}

/// `RunPodSandbox` on `node` for `pod`: a sandbox ID and netns, then CNI ADD. On success the sandbox
/// is recorded on the node and its facts are returned.
pub(crate) fn run_pod_sandbox(
    cluster: &mut Cluster,
    node_name: &Name,
    object: &ObjectRef,
    pod_uid: PodUid,
    requested_ip: Option<&Rc<str>>,
) -> Result<Rc<SandboxFacts>, SandboxError> {
    let Some(node) = cluster.nodes.get(node_name) else {
        return Err(SandboxError::NetworkNotReady);
    };
    if node.conflist.is_none() {
        return Err(SandboxError::NetworkNotReady);
    }
    let on_node = node.name.clone();
    let chain = node.cni;
    let mut facts = SandboxFacts {
        object: object.clone(),
        sandbox_id: Name::from(cluster.entropy.sandbox_id()),
        chain,
        bridge: None,
        netns_name: cluster.entropy.netns_name(),
        requested_ip: requested_ip.cloned(),
        pod_uid,
        // Known once host-local has run on the node; `cni_add` sets it the first time.
        store_dir: node.store_dir.clone().unwrap_or_else(|| Rc::from("")),
        reserved: Vec::new(),
        reordered_ips: Vec::new(),
        host_veth: IfName::EMPTY,
        host_index: 0,
        eth0_index: 0,
        routes: Vec::new(),
    };
    let mut pod_netns = NetNs::pod(
        Rc::clone(&facts.netns_name),
        cluster.settings.pod_first_ifindex,
    );
    let added = (chain::actors(chain).add)(cluster, node_name, &mut facts, &mut pod_netns);
    // Logged once the attempt is over, when the facts they are written from are known; nothing else
    // is logged in between, so the order is the one the steps happened in.
    let facts = Rc::new(facts);
    let log = |cluster: &mut Cluster, step, upstream| {
        log_sandbox_step(cluster, step, &facts, &on_node, upstream)
    };
    log(
        cluster,
        SandboxStep::Created,
        &upstream::CONTAINERD_RUN_SANDBOX,
    );
    log(cluster, SandboxStep::CniAdd, &upstream::LIBCNI_ADD);
    let told = match added {
        Ok(told) => told,
        Err(err) => {
            // RunPodSandbox defers the network's teardown before it sets the network up, so a failed
            // ADD is followed by a DEL through the chain (done by the chain's ADD) before the error
            // returns.
            log(cluster, SandboxStep::CniDel, &upstream::LIBCNI_DEL);
            return Err(SandboxError::Setup {
                sandbox_id: facts.sandbox_id.to_string(),
                err: plugin_failed(chain, err),
            });
        }
    };
    tell(cluster, &facts, &on_node, told);
    record_sandbox(cluster, node_name, &facts, pod_netns);
    Ok(facts)
}

/// containerd keeps the sandbox that came up, with its namespace.
fn record_sandbox(
    cluster: &mut Cluster,
    node_name: &Name,
    facts: &Rc<SandboxFacts>,
    pod_netns: NetNs,
) {
    if let Some(node) = cluster.nodes.get_mut(node_name) {
        node.sandboxes.insert(
            facts.sandbox_id.clone(),
            Sandbox {
                facts: Rc::clone(facts),
                netns: Box::new(pod_netns),
                del_at: None,
            },
        );
    }
}

/// Record a step of a sandbox's life, told from its facts, on the sandbox's pod and node.
pub(crate) fn log_sandbox_step(
    cluster: &mut Cluster,
    step: SandboxStep,
    facts: &Rc<SandboxFacts>,
    node: &Name,
    upstream: &'static upstream::Upstream,
) {
    cluster.log_message(
        facts.object.clone(),
        EventKind::Step,
        Reason::for_sandbox_step(step),
        Message::Sandbox {
            step,
            facts: Rc::clone(facts),
        },
        Some(node.clone()),
        upstream,
    );
}

/// `StopPodSandbox` of a sandbox whose netns went with a reboot: containerd finds the netns closed and
/// runs CNI DEL with `CNI_NETNS=""`. The chain's IPAM releases by container ID; nothing of the pod's
/// namespace is left to delete.
pub(crate) fn stop_dead_sandbox(cluster: &mut Cluster, node_name: &Name, facts: &Rc<SandboxFacts>) {
    let Some(on_node) = cluster.nodes.get(node_name).map(|node| node.name.clone()) else {
        return;
    };
    let told = (chain::actors(facts.chain).del)(cluster, node_name, None, facts);
    log_sandbox_step(
        cluster,
        SandboxStep::CniDelNoNetns,
        facts,
        &on_node,
        &upstream::LIBCNI_DEL,
    );
    tell(cluster, facts, &on_node, told);
    log_sandbox_step(
        cluster,
        SandboxStep::Removed,
        facts,
        &on_node,
        &upstream::CONTAINERD_STOP_SANDBOX,
    );
}

/// `StopPodSandbox`: CNI DEL through the node's chain, then the netns is removed.
pub(crate) fn stop_pod_sandbox(
    cluster: &mut Cluster,
    node_name: &Name,
    node_uid: u64,
    sandbox_id: &Name,
) {
    let Some(node) = cluster
        .nodes
        .get_mut(node_name)
        .filter(|n| n.uid == node_uid)
    else {
        return;
    };
    let Some(mut sandbox) = node.sandboxes.remove(sandbox_id) else {
        // Gone with a reboot: containerd's record, if it kept one, still gets its DEL.
        let dead = node
            .dead_sandboxes
            .iter()
            .position(|(id, _)| id == sandbox_id);
        if let Some((_, facts)) = dead.map(|at| node.dead_sandboxes.remove(at)) {
            stop_dead_sandbox(cluster, node_name, &facts);
        }
        return;
    };
    let facts = sandbox.facts;
    let on_node = node.name.clone();
    let told =
        (chain::actors(facts.chain).del)(cluster, node_name, Some(&mut sandbox.netns), &facts);
    log_sandbox_step(
        cluster,
        SandboxStep::CniDel,
        &facts,
        &on_node,
        &upstream::LIBCNI_DEL,
    );
    tell(cluster, &facts, &on_node, told);
    log_sandbox_step(
        cluster,
        SandboxStep::Removed,
        &facts,
        &on_node,
        &upstream::CONTAINERD_STOP_SANDBOX,
    );
}

/// The chain's steps of an ADD or a DEL, told in its order on the sandbox's pod and node.
fn tell(cluster: &mut Cluster, facts: &Rc<SandboxFacts>, on_node: &Name, told: Vec<Told>) {
    for step in told {
        match step {
            Told::Step(step, upstream) => log_sandbox_step(cluster, step, facts, on_node, upstream),
            Told::Text(reason, text, upstream) => cluster.log_message(
                facts.object.clone(),
                EventKind::Step,
                reason,
                Message::text(text),
                Some(on_node.clone()),
                upstream,
            ),
            Told::Released(released) => log_released(cluster, facts, on_node, released),
        }
    }
}

/// host-local's releases of a DEL, told from the sandbox's facts.
fn log_released(
    cluster: &mut Cluster,
    facts: &Rc<SandboxFacts>,
    on_node: &Name,
    released: Vec<IpAddr>,
) {
    let log = |cluster: &mut Cluster, step, upstream| {
        log_sandbox_step(cluster, step, facts, on_node, upstream)
    };
    for ip in released {
        // What host-local releases is what it reserved for this ID; anything else is written out.
        match facts
            .reserved
            .iter()
            .position(|reserved| *reserved == ip)
            .and_then(|n| u16::try_from(n).ok())
        {
            Some(n) => log(
                cluster,
                SandboxStep::Released(n),
                &upstream::HOSTLOCAL_RELEASE,
            ),
            None => cluster.log(
                facts.object.clone(),
                EventKind::Step,
                Reason::IPAMRelease,
                format_args!(
                    "{}",
                    ReleasedText {
                        ip,
                        dir: &facts.store_dir
                    }
                ),
                Some(on_node.clone()),
                &upstream::HOSTLOCAL_RELEASE,
            ),
        }
    }
}
