//! A node's machine reboots: what survives and what the kubelet and containerd do when it is up again.
//!
//! Down, everything in memory and on tmpfs is gone: the containers, every network namespace (and so
//! the veths and the `/32` routes in the node's), `/run` (kind's host-local `dataDir`). On disk stay
//! the conflist in `/etc/cni/net.d`, containerd's sandbox records in `/var/lib/containerd`, and
//! host-local's files if its `dataDir` is on disk (its default, `/var/lib/cni/networks`).
//!
//! Up, the kubelet records `Rebooted` (`nodestatus.MachineInfo`: the boot ID changed) and syncs its
//! pods, and kindnetd, a new process, writes the conflist again. Each pod's sandbox is not ready, so
//! `SyncPod` records `SandboxChanged`, kills the pod first (`killPodWithSyncResult` stops every
//! sandbox containerd lists for it) and then creates a new sandbox: a new CNI ADD, a new address. containerd's `StopPodSandbox` finds the old netns closed and runs CNI DEL with an empty
//! `CNI_NETNS` — ptp hands that to host-local first (`ipam.ExecDel`), which releases by container ID.
//! If containerd no longer has those records (podip's hypothesis for the leaks users report after hard
//! power-offs; see `docs/upstream-notes.md`), nothing ever runs DEL for them, and their files on disk
//! hold their addresses for good: the leak.

use super::chain;
use super::cluster::{Action, Cluster};
use super::event::{EventKind, Reason};
use super::name::Name;
use super::object::ObjectRef;
use super::objects::PodPhase;
use super::pods::PodRef;
use super::runtime;
use super::sandbox::SandboxFacts;
use super::upstream;
use crate::ipam::ptp::NetNs;
use crate::order;
use std::rc::Rc;

/// What containerd still knows of a node's sandboxes after the node rebooted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxRecords {
    /// Its records survive on disk (the normal case): the old sandboxes get CNI DEL when their pods
    /// are synced again.
    Kept,
    /// Its records are gone: no CNI DEL ever comes for the old sandboxes.
    Lost,
}

/// `node reboot`: the machine goes down now and is up `reboot_downtime` later.
pub(crate) fn node_reboot(cluster: &mut Cluster, name: &str, records: SandboxRecords) {
    let Some(node) = cluster.nodes.get_mut(name).filter(|n| !n.down) else {
        return;
    };
    node.down = true;
    node.boot += 1;
    node.netns = NetNs::node(&node.uplink);
    node.neighbours = Default::default();
    node.writer.restart();
    // `/run/flannel/subnet.env` is on tmpfs and `flannel.1` went with the namespace; the flannel
    // plugin's saved delegates in /var/lib/cni/flannel are on disk.
    if let Some(files) = node.flannel.as_deref_mut() {
        files.subnet_env = None;
        files.vxlan = None;
        files.running = false;
        files.exits = 0;
    }
    let gone: Vec<(Name, Rc<SandboxFacts>)> = std::mem::take(&mut node.sandboxes)
        .into_iter()
        .map(|(id, sandbox)| (id, sandbox.facts))
        .collect();
    let gone = order::sorted_by(gone, |a, b| a.0.cmp(&b.0));
    let sandboxes = gone.len();
    match records {
        SandboxRecords::Kept => node.dead_sandboxes.extend(gone),
        SandboxRecords::Lost => node.dead_sandboxes.clear(),
    }
    let data_dir = node.ipam_data_dir;
    if !data_dir.survives_reboot() {
        node.store = None;
    }
    let (files, dir) = node.store.as_ref().map_or((0, String::new()), |store| {
        (store.reserved_count(), store.dir().to_string())
    });
    // What the node's network namespace held besides the pods' ends: ptp's routes, or flannel's bridge.
    let links = node.cni.spec().reboot_links;
    let (uid, cni) = (node.uid, node.cni);
    forget_sandboxes(cluster, uid);
    let ipam = if data_dir.survives_reboot() {
        format!("host-local's {files} IP files in {dir} stay on disk")
    } else {
        format!("{} is a new, empty tmpfs", data_dir.path())
    };
    let runtime = match records {
        SandboxRecords::Kept => "containerd keeps its records of them",
        SandboxRecords::Lost => "containerd has lost its records of them",
    };
    cluster.log(
        ObjectRef::node(name),
        EventKind::Step,
        Reason::NodeReboot,
        format_args!(
            "{name} reboots: its {sandboxes} sandboxes' containers, network namespaces, {links} are gone \
             and {runtime}; {ipam}"
        ),
        Some(name.into()),
        &upstream::CONTAINERD_SANDBOX_METADATA,
    );
    (chain::actors(cni).down)(cluster, name);
    cluster.schedule(
        cluster.settings.reboot_downtime,
        Action::NodeBoot {
            node: name.to_string(),
            uid,
        },
    );
}

/// The machine is up: the kubelet reports the reboot and syncs the node's pods, kindnetd starts again.
pub(crate) fn node_boot(cluster: &mut Cluster, name: &str, uid: u64) {
    let Some(node) = cluster.nodes.get_mut(name).filter(|n| n.uid == uid) else {
        return;
    };
    node.down = false;
    let boot = node.boot;
    let cni = node.cni;
    let boot_id = cluster.entropy.boot_id();
    // k3s' agent writes its conflist again before it starts the kubelet.
    (chain::actors(cni).prepare)(cluster, name);
    cluster.log(
        ObjectRef::node(name),
        EventKind::Warning,
        Reason::Rebooted,
        format_args!("Node {name} has been rebooted, boot id: {boot_id}"),
        Some(name.into()),
        &upstream::KUBELET_REBOOTED,
    );
    (chain::actors(cni).start_agent)(cluster, name, uid, boot);
    let pods: Vec<(&Name, PodRef)> = cluster
        .pods
        .iter()
        .filter(|(_, pod)| {
            pod.node_uid == uid
                && pod.deletion.is_none()
                && pod.sync_started
                && pod.phase != PodPhase::Failed
        })
        .map(|(at, pod)| (&pod.name, at))
        .collect();
    let pods: Vec<PodRef> = order::sorted_by(pods, |a, b| a.cmp(b))
        .into_iter()
        .map(|(_, at)| at)
        .collect();
    let after = cluster.settings.watch_latency + cluster.settings.sandbox_setup;
    for pod in pods {
        cluster.schedule(after, Action::KubeletSyncPod { pod, boot });
    }
    // A pod deleted while the node was down is not synced again: the kubelet stops its old sandboxes
    // (a terminating pod's kill, or garbage collection of a pod that is gone).
    let node_name = cluster.node_name(name);
    let leftover: Vec<Name> = cluster.nodes.get(name).map_or_else(Vec::new, |node| {
        node.dead_sandboxes
            .iter()
            .filter(|(_, facts)| {
                cluster
                    .pods
                    .get(facts.pod())
                    .is_none_or(|pod| pod.node_uid != uid || pod.deletion.is_some())
            })
            .map(|(id, _)| id.clone())
            .collect()
    });
    for sandbox_id in leftover {
        cluster.schedule(
            cluster.settings.watch_latency,
            Action::StopPodSandbox {
                node: node_name.clone(),
                node_uid: uid,
                sandbox_id,
            },
        );
    }
}

/// The kubelet's first status of a pod whose sandbox a reboot took: no ready sandbox, so no IPs.
/// Every pod on the node `uid` loses its sandbox: the runtime that held them is gone (a reboot, a
/// `kubeadm reset`), so the kubelet starts each again.
pub(crate) fn forget_sandboxes(cluster: &mut Cluster, uid: u64) {
    let on_node: Vec<PodRef> = cluster
        .pods
        .iter()
        .filter(|(_, pod)| pod.node_uid == uid)
        .map(|(at, _)| at)
        .collect();
    for at in on_node {
        if let Some(pod) = cluster.pods.at_mut(at) {
            pod.sandbox_id = None;
        }
    }
}

pub(crate) fn clear_pod_ips(cluster: &mut Cluster, at: PodRef, node: &Name) {
    let Some(pod) = cluster
        .pods
        .at_mut(at)
        .filter(|p| p.status_sandbox.is_some())
    else {
        return;
    };
    pod.status_sandbox = None;
    let object = pod.object.clone();
    cluster.log(
        object,
        EventKind::Step,
        Reason::PodIPsCleared,
        format_args!("status.podIPs=[] phase=Running (no ready sandbox)"),
        Some(node.clone()),
        &upstream::KUBERUNTIME_GET_POD_STATUS,
    );
}

/// `SyncPod` of a pod containerd still has a sandbox of from before the reboot: the Event
/// `SandboxChanged` (the pod had a sandbox, and it is not ready), then `killPodWithSyncResult`:
/// `StopPodSandbox` for each such sandbox. A pod whose records were lost has none, and `SyncPod`
/// creates its sandbox as for a new pod, with no Event.
pub(crate) fn stop_old_sandboxes(cluster: &mut Cluster, node_name: &Name, object: &ObjectRef) {
    let Some(node) = cluster.nodes.get_mut(node_name) else {
        return;
    };
    let (old, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut node.dead_sandboxes)
        .into_iter()
        .partition(|(_, facts)| facts.object == *object);
    node.dead_sandboxes = kept;
    if !old.is_empty() {
        let node = cluster.node_name(node_name);
        cluster.log(
            object.clone(),
            EventKind::Normal,
            Reason::SandboxChanged,
            format_args!("Pod sandbox changed, it will be killed and re-created."),
            Some(node),
            &upstream::KUBERUNTIME_SYNC_POD,
        );
    }
    for (_, facts) in old {
        runtime::stop_dead_sandbox(cluster, node_name, &facts);
    }
}
