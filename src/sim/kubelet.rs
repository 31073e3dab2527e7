//! Pods: creation through the API and the kubelet's sync (admission, sandbox, CNI ADD,
//! `status.podIPs`), with its retries. How they go away is in [`pod_deletion`](super::pod_deletion).

use super::cluster::{Action, Cluster};
use super::event::{EventKind, Reason};
use super::jitter;
use super::message::{Message, PodCreation, SandboxStep};
use super::name::Name;
use super::object::ObjectRef;
use super::objects::{PodObj, PodPhase};
use super::pods::PodRef;
use super::reboot;
use super::runtime::{self, SandboxError};
use super::sandbox::{PodUid, SandboxFacts};
use super::upstream;
use std::rc::Rc;

/// A pod bound to `node` is created; the kubelet picks it up after the watch latency plus the
/// sandbox setup time.
pub(crate) fn pod_add(cluster: &mut Cluster, name: &str, node: &str, requested_ip: Option<&str>) {
    if cluster.unscheduled.iter().any(|u| u.name == name) {
        return;
    }
    start(cluster, name, node, requested_ip, false);
}

/// The scheduler bound the pod `name` to `node` (its Binding sets `spec.nodeName`): the `Scheduled`
/// Event, then the node's kubelet picks it up as it does a pod created bound.
pub(crate) fn pod_bound(cluster: &mut Cluster, name: &str, node: &str) {
    start(cluster, name, node, None, true);
}

fn start(
    cluster: &mut Cluster,
    name: &str,
    node: &str,
    requested_ip: Option<&str>,
    scheduled: bool,
) {
    let Some((node_uid, node_name)) = cluster.nodes.get(node).map(|n| (n.uid, n.name.clone()))
    else {
        return;
    };
    if cluster.pods.get(name).is_some() {
        return;
    }
    let uid = cluster.uid();
    let object = ObjectRef::pod(name);
    let requested_ip: Option<Rc<str>> = requested_ip.map(Rc::from);
    let pod = cluster.pods.insert(PodObj {
        uid,
        name: Name::from(name),
        object: object.clone(),
        node: node_name.clone(),
        node_uid,
        requested_ip: requested_ip.clone(),
        phase: PodPhase::Pending,
        status_sandbox: None,
        sandbox_id: None,
        sync_started: false,
        deletion: None,
    });
    if scheduled {
        // The scheduler's Event: `Successfully assigned <namespace>/<name> to <node>`.
        let assigned = format!("Successfully assigned default/{name} to {node_name}");
        cluster.log(
            object,
            EventKind::Step,
            Reason::Scheduled,
            format_args!("{assigned}"),
            Some(node_name),
            &upstream::SCHEDULER_BIND,
        );
    } else {
        cluster.log_message(
            object.clone(),
            EventKind::Step,
            Reason::PodCreated,
            Message::PodCreated(Rc::new(PodCreation {
                object,
                node: node_name.clone(),
                requested_ip,
            })),
            Some(node_name),
            &upstream::POD_CREATE,
        );
    }
    let after = cluster.settings.watch_latency + cluster.settings.sandbox_setup;
    let boot = cluster.nodes.get(node).map_or(0, |n| n.boot);
    cluster.schedule(after, Action::KubeletSyncPod { pod, boot });
}

/// `SyncPod` for a pod without a sandbox: `createPodSandbox`, or a retry after `backOffPeriod` and its
/// jitter (10–15 s; 1–1.5 s while the network is not ready). `boot` is the node's boot the sync was
/// queued in: a reboot ends the kubelet's work of the boot before.
pub(crate) fn sync_pod(cluster: &mut Cluster, at: PodRef, boot: u32) {
    let Some(pod) = cluster.pods.at_mut(at) else {
        return;
    };
    if pod.deletion.is_some() || pod.sandbox_id.is_some() {
        return;
    }
    if cluster
        .nodes
        .get(&pod.node)
        .is_none_or(|n| n.uid != pod.node_uid || n.boot != boot || n.down)
    {
        return;
    }
    if !pod.sync_started && !admit(cluster, at) {
        return;
    }
    let Some(pod) = cluster.pods.at_mut(at) else {
        return;
    };
    pod.sync_started = true;
    let (node, requested_ip) = (pod.node.clone(), pod.requested_ip.clone());
    let object = pod.object.clone();
    let pod_uid = PodUid::new(cluster.settings.seed, pod.uid);
    reboot::clear_pod_ips(cluster, at, &node);
    reboot::stop_old_sandboxes(cluster, &node, &object);
    match runtime::run_pod_sandbox(cluster, &node, &object, pod_uid, requested_ip.as_ref()) {
        Ok(sandbox) => {
            if let Some(pod) = cluster.pods.at_mut(at) {
                pod.sandbox_id = Some(sandbox.sandbox_id.clone());
            }
            cluster.schedule(
                cluster.settings.api_latency,
                Action::PodStatus { pod: at, sandbox },
            );
        }
        Err(err) => {
            let (reason, upstream, retry) = match err {
                SandboxError::NetworkNotReady => (
                    Reason::NetworkNotReady,
                    &upstream::KUBELET_NETWORK_NOT_READY,
                    cluster
                        .jitter
                        .back_off(jitter::BACK_OFF_ON_TRANSIENT_ERROR_PERIOD),
                ),
                SandboxError::Setup { .. } => (
                    Reason::FailedCreatePodSandBox,
                    &upstream::KUBERUNTIME_SYNC_POD,
                    cluster
                        .jitter
                        .back_off(cluster.settings.sandbox_retry_period),
                ),
            };
            let node = cluster.node_name(&node);
            cluster.log(
                object,
                EventKind::Warning,
                reason,
                format_args!("{err}"),
                Some(node),
                upstream,
            );
            cluster.schedule(retry, Action::KubeletSyncPod { pod: at, boot });
        }
    }
}

/// `canAdmitPod` (`kubelet.go`) on the pod's first sync: the predicate admit handler's resource check counts the
/// pods the kubelet already admitted against `--max-pods` (`set max-pods`, 110 by default). A pod over it is rejected: a
/// Warning `OutOfpods`, phase Failed, and no sandbox, so no CNI ADD and no address.
fn admit(cluster: &mut Cluster, at: PodRef) -> bool {
    let Some(pod) = cluster.pods.at(at) else {
        return false;
    };
    let (node_name, object) = (pod.node.clone(), pod.object.clone());
    let Some(node) = cluster.nodes.get_mut(&node_name) else {
        return false;
    };
    let used = node.admitted_pods;
    let capacity = cluster.settings.max_pods;
    if used < capacity {
        node.admitted_pods += 1;
        return true;
    }
    if let Some(pod) = cluster.pods.at_mut(at) {
        pod.phase = PodPhase::Failed;
    }
    let node = cluster.node_name(&node_name);
    cluster.log(
        object,
        EventKind::Warning,
        Reason::OutOfpods,
        format_args!(
            "Node didn't have enough resource: pods, requested: 1, used: {used}, capacity: {capacity}"
        ),
        Some(node),
        &upstream::KUBELET_ADMIT,
    );
    false
}

/// A pod object is gone: the kubelet no longer counts it against `--max-pods`.
pub(crate) fn forget(cluster: &mut Cluster, pod: &PodObj) {
    if !pod.sync_started || pod.phase == PodPhase::Failed {
        return;
    }
    if let Some(node) = cluster
        .nodes
        .get_mut(&pod.node)
        .filter(|n| n.uid == pod.node_uid)
    {
        node.admitted_pods = node.admitted_pods.saturating_sub(1);
    }
}

/// The status manager writes `status.podIP(s)` from `PodSandboxStatus`.
pub(crate) fn status_update(cluster: &mut Cluster, at: PodRef, sandbox: Rc<SandboxFacts>) {
    let Some(pod) = cluster.pods.at_mut(at) else {
        return;
    };
    if pod.deletion.is_some() || pod.sandbox_id.as_ref() != Some(&sandbox.sandbox_id) {
        return;
    }
    let Some(node) = cluster
        .nodes
        .get(&pod.node)
        .filter(|n| n.uid == pod.node_uid && n.sandboxes.contains_key(&sandbox.sandbox_id))
        .map(|n| n.name.clone())
    else {
        return;
    };
    pod.status_sandbox = Some(Rc::clone(&sandbox));
    pod.phase = PodPhase::Running;
    // The pod runs: its first packet asks the node for its gateway.
    let now = cluster.now;
    if let Some(on) = cluster.nodes.get_mut(&node) {
        if let Some(pod_sandbox) = on.sandboxes.get(&sandbox.sandbox_id) {
            on.neighbours
                .pod_reached(&on.netns, &pod_sandbox.netns, &sandbox, now);
        }
    }
    runtime::log_sandbox_step(
        cluster,
        SandboxStep::PodIps,
        &sandbox,
        &node,
        &upstream::KUBELET_POD_IPS,
    );
}
