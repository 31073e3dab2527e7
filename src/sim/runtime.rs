//! containerd and libcni on a node: `RunPodSandbox` makes the netns and runs the conflist's plugins with
//! `CNI_COMMAND=ADD` (ptp, which runs host-local, then portmap); `StopPodSandbox` runs them in reverse
//! with `CNI_COMMAND=DEL`.
//!
//! host-local's own loader ([`load_ipam_config_from_netconf`]) reads the ptp entry of the conflist
//! kindnetd wrote, from the values the writer rendered it from (the tests check this equals decoding
//! the text), so a bad podCIDR fails with host-local's text. portmap has no port mappings to set up
//! here and passes the result through; it is named in the steps but not modelled further. On a flannel
//! node ADD and DEL go through flannel and the bridge plugin instead (`runtime/flannel_chain.rs`).

mod flannel_chain;

use super::chain::Chain;
use super::cluster::Cluster;
use super::event::{EventKind, Reason};
use super::message::{Message, ReleasedText, SandboxStep};
use super::name::Name;
use super::object::ObjectRef;
use super::objects::{LoadedChain, Sandbox};
use super::sandbox::{select_pod_ips, PodUid, SandboxFacts, IF_NAME};
use super::upstream;
use crate::ipam::hostlocal::{self, load_ipam_config_from_netconf, Store};
use crate::ipam::ptp::{self, IfName, NetNs, Route};
use flannel_chain::{flannel_add, flannel_del, BridgeSteps};
use ipnet::IpNet;
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
    let plugin = if chain.is_flannel() { "flannel" } else { "ptp" };
    format!("plugin type=\"{plugin}\" failed (add): {err}")
}

/// The routes ptp added through a host veth (`ip.AddHostRoute`), leaving out the `fe80::/64` the kernel
/// adds for every link that comes up.
fn ptp_host_routes(node: &NetNs, ifindex: u32) -> Vec<Route> {
    let added = node.routes_via_where(ifindex, &|route| !is_link_local_prefix(&route.dst));
    // Sized exactly: the facts of every sandbox of a run stay in its log.
    let mut routes = Vec::with_capacity(added.len());
    routes.extend(added.into_iter().cloned());
    routes
}

/// `fe80::/64`, the prefix route of every link's link-local address.
fn is_link_local_prefix(dst: &IpNet) -> bool {
    matches!(dst, IpNet::V6(net) if net.addr().is_unicast_link_local())
}

/// How many of a sandbox's reservations or routes its entries can number (a `u16` keeps an entry
/// small); a sandbox has one or two of each.
fn step_count(len: usize) -> u16 {
    u16::try_from(len).unwrap_or(u16::MAX)
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
    let added = if chain.is_flannel() {
        flannel_add(cluster, node_name, &mut facts, &mut pod_netns)
    } else {
        cni_add(cluster, node_name, &mut facts, &mut pod_netns).map(|()| BridgeSteps::default())
    };
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
    let bridge = match added {
        Ok(bridge) => bridge,
        Err(err) => {
            // RunPodSandbox defers the network's teardown before it sets the network up, so a failed
            // ADD is followed by a DEL through the chain (done in `cni_add`) before the error returns.
            log(cluster, SandboxStep::CniDel, &upstream::LIBCNI_DEL);
            return Err(SandboxError::Setup {
                sandbox_id: facts.sandbox_id.to_string(),
                err: plugin_failed(chain, err),
            });
        }
    };
    let reservations = |cluster: &mut Cluster| {
        for range in 0..step_count(facts.reserved.len()) {
            log(
                cluster,
                SandboxStep::Reserved(range),
                &upstream::HOSTLOCAL_GET,
            );
        }
    };
    if chain.is_flannel() {
        // The bridge plugin's order: the bridge, the veth pair on it, IPAM, and only once the pod's
        // interface is configured the gateway on the bridge.
        let bridge_step = |cluster: &mut Cluster, reason, text: &str, upstream| {
            cluster.log(
                facts.object.clone(),
                EventKind::Step,
                reason,
                format_args!("{text}"),
                Some(on_node.clone()),
                upstream,
            );
        };
        if let Some(text) = &bridge.created {
            bridge_step(
                cluster,
                Reason::BridgeCreated,
                text,
                &upstream::BRIDGE_SETUP_BRIDGE,
            );
        }
        log(
            cluster,
            SandboxStep::VethCreated,
            &upstream::BRIDGE_SETUP_VETH,
        );
        reservations(cluster);
        if let Some(text) = &bridge.gateway {
            bridge_step(
                cluster,
                Reason::BridgeGatewayAdded,
                text,
                &upstream::BRIDGE_ENSURE_ADDR,
            );
        }
    } else {
        // ptp's: IPAM first, then the veth pair and the pod's routes on the node.
        reservations(cluster);
        log(cluster, SandboxStep::VethCreated, &upstream::PTP_SETUP_VETH);
        for n in 0..step_count(facts.routes.len()) {
            log(
                cluster,
                SandboxStep::RouteAdded(n),
                &upstream::PTP_HOST_ROUTE,
            );
        }
    }
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

/// CNI ADD through the chain: host-local reserves, ptp builds the veth pair and routes. Fills in
/// `facts`; on failure returns the plugin's error after the rollback containerd and ptp do.
fn cni_add(
    cluster: &mut Cluster,
    node_name: &Name,
    facts: &mut SandboxFacts,
    pod_netns: &mut NetNs,
) -> Result<(), String> {
    let cni_args = facts.requested_ip.as_ref().map(|ip| {
        format!(
            "IgnoreUnknown=1;K8S_POD_NAMESPACE=default;K8S_POD_NAME={};K8S_POD_INFRA_CONTAINER_ID={};K8S_POD_UID={};IP={ip}",
            facts.pod(),
            facts.sandbox_id,
            facts.pod_uid
        )
    });
    let chain = load_chain(cluster, node_name, cni_args.as_deref())?;
    let Some(node) = cluster.nodes.get_mut(node_name) else {
        return Err(String::new());
    };
    let store = node
        .store
        .get_or_insert_with(|| Store::new(&chain.ipam.data_dir, &chain.ipam.name));
    let store_dir = node.store_dir.get_or_insert_with(|| Rc::from(store.dir()));
    facts.store_dir = Rc::clone(store_dir);
    let sandbox_id = &*facts.sandbox_id;
    let ipam_result =
        match hostlocal::cmd_add(&chain.ipam, &chain.cni_version, store, sandbox_id, IF_NAME) {
            Ok(result) => result,
            Err(err) => {
                // containerd's deferred teardown runs CNI DEL for the failed sandbox; host-local
                // already rolled back, and ptp finds no link.
                hostlocal::cmd_del(&chain.ipam, store, sandbox_id, IF_NAME);
                ptp::cmd_del(&mut node.netns, Some(pod_netns), IF_NAME);
                return Err(err.to_string());
            }
        };
    let veth = match ptp::cmd_add_setup(
        &mut node.netns,
        pod_netns,
        IF_NAME,
        &ipam_result,
        chain.mtu,
        &mut cluster.entropy,
    ) {
        Ok(veth) => veth,
        Err(err) => {
            // ptp's deferred ipam.ExecDel gives the addresses back; containerd's teardown DEL then
            // deletes the pod's `eth0` if ptp made it, and the node's end of the pair goes with it.
            hostlocal::cmd_del(&chain.ipam, store, sandbox_id, IF_NAME);
            ptp::cmd_del(&mut node.netns, Some(pod_netns), IF_NAME);
            return Err(err.to_string());
        }
    };
    // ptp's printed result (interfaces, MAC texts) is not needed: what the log tells is read here.
    facts.reserved = ipam_result.ips.iter().map(|ip| ip.address.addr()).collect();
    facts.reordered_ips = select_pod_ips(&facts.reserved);
    facts.host_veth = veth.host_name;
    facts.host_index = veth.host_index;
    facts.eth0_index = veth.cont_index;
    facts.routes = ptp_host_routes(&node.netns, veth.host_index);
    Ok(())
}

/// The conflist as the plugins read it: cached per node while the file is unchanged, except when a
/// requested IP makes `CNI_ARGS` matter (then host-local loads it afresh with them). Fails with
/// host-local's text.
fn load_chain(
    cluster: &mut Cluster,
    node_name: &Name,
    cni_args: Option<&str>,
) -> Result<Rc<LoadedChain>, String> {
    let Some(node) = cluster.nodes.get_mut(node_name) else {
        return Err(String::new());
    };
    if cni_args.is_none() {
        if let Some(chain) = &node.chain {
            return Ok(Rc::clone(chain));
        }
    }
    // Written together with the conflist, which the caller found.
    let Some(inputs) = node.writer.written() else {
        return Err(String::new());
    };
    // K8S_* args are ignored thanks to IgnoreUnknown=1, so without IP= the result is the same for
    // every pod and can be kept.
    let (ipam, cni_version) =
        load_ipam_config_from_netconf(&inputs.ptp_netconf(), cni_args.unwrap_or("IgnoreUnknown=1"))
            .map_err(|err| err.to_string())?;
    let chain = Rc::new(LoadedChain {
        ipam,
        cni_version,
        mtu: inputs.mtu,
    });
    if cni_args.is_none() {
        node.chain = Some(Rc::clone(&chain));
    }
    Ok(chain)
}

/// `StopPodSandbox` of a sandbox whose netns went with a reboot: containerd finds the netns closed and
/// runs CNI DEL with `CNI_NETNS=""`. ptp runs host-local's DEL first, which releases by container ID,
/// then returns (nothing of the pod's namespace is left to delete).
pub(crate) fn stop_dead_sandbox(
    cluster: &mut Cluster,
    node_name: &Name,
    sandbox_id: &Name,
    facts: &Rc<SandboxFacts>,
) {
    let Some(node) = cluster.nodes.get_mut(node_name) else {
        return;
    };
    let released = if facts.chain.is_flannel() {
        flannel_del(node, None, facts).0
    } else {
        match (node.chain.as_deref(), node.store.as_mut()) {
            (Some(chain), Some(store)) => {
                hostlocal::cmd_del(&chain.ipam, store, sandbox_id, IF_NAME)
            }
            _ => Vec::new(),
        }
    };
    let on_node = node.name.clone();
    let log = |cluster: &mut Cluster, step, upstream| {
        log_sandbox_step(cluster, step, facts, &on_node, upstream)
    };
    log(cluster, SandboxStep::CniDelNoNetns, &upstream::LIBCNI_DEL);
    log_released(cluster, facts, &on_node, released);
    log(
        cluster,
        SandboxStep::Removed,
        &upstream::CONTAINERD_STOP_SANDBOX,
    );
}

/// `StopPodSandbox`: CNI DEL (portmap, then ptp, which runs host-local DEL and deletes `eth0`, taking
/// the host veth and its `/32` route along), then the netns is removed.
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
        if let Some((id, facts)) = dead.map(|at| node.dead_sandboxes.remove(at)) {
            stop_dead_sandbox(cluster, node_name, &id, &facts);
        }
        return;
    };
    let facts = sandbox.facts;
    if facts.chain.is_flannel() {
        let (released, gone) = flannel_del(node, Some(&mut sandbox.netns), &facts);
        let on_node = node.name.clone();
        let log = |cluster: &mut Cluster, step, upstream| {
            log_sandbox_step(cluster, step, &facts, &on_node, upstream)
        };
        log(cluster, SandboxStep::CniDel, &upstream::LIBCNI_DEL);
        // The bridge's order: the interface, then IPAM.
        if gone {
            log(cluster, SandboxStep::VethDeleted, &upstream::BRIDGE_DEL);
        }
        log_released(cluster, &facts, &on_node, released);
        log(
            cluster,
            SandboxStep::Removed,
            &upstream::CONTAINERD_STOP_SANDBOX,
        );
        return;
    }
    let released = match (node.chain.as_deref(), node.store.as_mut()) {
        (Some(chain), Some(store)) => hostlocal::cmd_del(&chain.ipam, store, sandbox_id, IF_NAME),
        _ => Vec::new(),
    };
    let gone = ptp::cmd_del(&mut node.netns, Some(&mut sandbox.netns), IF_NAME);
    let on_node = node.name.clone();
    let log = |cluster: &mut Cluster, step, upstream| {
        log_sandbox_step(cluster, step, &facts, &on_node, upstream)
    };
    log(cluster, SandboxStep::CniDel, &upstream::LIBCNI_DEL);
    log_released(cluster, &facts, &on_node, released);
    if gone.is_some() {
        log(cluster, SandboxStep::VethDeleted, &upstream::PTP_DEL);
        for n in 0..step_count(facts.routes.len()) {
            log(cluster, SandboxStep::RouteRemoved(n), &upstream::PTP_DEL);
        }
    }
    log(
        cluster,
        SandboxStep::Removed,
        &upstream::CONTAINERD_STOP_SANDBOX,
    );
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
