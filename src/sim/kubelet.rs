//! Pods: creation through the API, the kubelet's sync (sandbox, CNI ADD, `status.podIPs`), retries, and
//! the two deletion paths (BEHAVIOUR.md §7).
//!
//! * **Immediate** (`--grace-period=0`, the default here): the object is gone at once; the kubelet sees
//!   `SyncLoop REMOVE`, kills the container with the 2 s minimum grace, then `StopPodSandbox` runs CNI DEL —
//!   `del_lag` after the object went (object first, network later).
//! * **Graceful**: the object gets a `deletionTimestamp` (`Terminating`); the kubelet kills the containers
//!   (SIGTERM, SIGKILL at the end of the grace period), `StopPodSandbox` runs CNI DEL, and only then does the
//!   status manager delete the object (network first, object later).

use super::clock::VirtualDuration;
use super::cluster::{Action, Cluster};
use super::event::{EventKind, Reason};
use super::message::{Message, PodCreation, PodDeletion, PodTermination, SandboxStep};
use super::name::Name;
use super::objects::{PodObj, PodPhase};
use super::pods::PodRef;
use super::runtime::{self, SandboxError};
use super::sandbox::{PodUid, SandboxFacts};
use super::upstream;
use crate::ipam::capacity::KUBELET_DEFAULT_MAX_PODS;
use std::rc::Rc;

/// `killContainer`'s `minimumGracePeriodInSeconds` (`kuberuntime_container.go`): a container gets at
/// least 2 s between SIGTERM and SIGKILL, whatever the grace period.
const MINIMUM_GRACE_PERIOD: VirtualDuration = VirtualDuration::from_secs(2);

/// The container every simulated pod runs (named in `Killing`).
pub const CONTAINER_NAME: &str = "app";

/// The `Killing` Event's message for [`CONTAINER_NAME`].
const KILLING_MESSAGE: &str = "Stopping container app";

/// A pod bound to `node` is created; the kubelet picks it up after the watch latency plus the
/// sandbox setup time.
pub(crate) fn pod_add(cluster: &mut Cluster, name: &str, node: &str, requested_ip: Option<&str>) {
    let Some((node_uid, node_name)) = cluster.nodes.get(node).map(|n| (n.uid, n.name.clone()))
    else {
        return;
    };
    if cluster.pods.get(name).is_some() {
        return;
    }
    let uid = cluster.uid();
    let object = Name::prefixed("pod/", name);
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
    let after = cluster.settings.watch_latency + cluster.settings.sandbox_setup;
    cluster.schedule(after, Action::KubeletSyncPod { pod });
}

/// `SyncPod` for a pod without a sandbox: `createPodSandbox`, or a retry after `backOffPeriod`.
pub(crate) fn sync_pod(cluster: &mut Cluster, at: PodRef) {
    let Some(pod) = cluster.pods.at_mut(at) else {
        return;
    };
    if pod.deletion.is_some() || pod.sandbox_id.is_some() {
        return;
    }
    if cluster
        .nodes
        .get(&pod.node)
        .is_none_or(|n| n.uid != pod.node_uid)
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
            let reason = match err {
                SandboxError::NetworkNotReady => Reason::NetworkNotReady,
                SandboxError::Setup { .. } => Reason::FailedCreatePodSandBox,
            };
            let upstream = match err {
                SandboxError::NetworkNotReady => &upstream::KUBELET_NETWORK_NOT_READY,
                SandboxError::Setup { .. } => &upstream::KUBELET_CREATE_SANDBOX,
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
            cluster.schedule(
                cluster.settings.sandbox_retry_period,
                Action::KubeletSyncPod { pod: at },
            );
        }
    }
}

/// `canAdmitPod` on the pod's first sync: the predicate admit handler's resource check counts the
/// pods the kubelet already admitted against `--max-pods` (110). A pod over it is rejected: a
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
    if used < KUBELET_DEFAULT_MAX_PODS {
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
            "Node didn't have enough resource: pods, requested: 1, used: {used}, capacity: {KUBELET_DEFAULT_MAX_PODS}"
        ),
        Some(node),
        &upstream::KUBELET_ADMIT,
    );
    false
}

/// A pod object is gone: the kubelet no longer counts it against `--max-pods`.
fn forget(cluster: &mut Cluster, pod: &PodObj) {
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
    runtime::log_sandbox_step(
        cluster,
        SandboxStep::PodIps,
        &sandbox,
        &node,
        &upstream::KUBELET_POD_IPS,
    );
}

/// `kubectl delete pod NAME --grace-period=N` (0: `--force`).
pub(crate) fn pod_delete(cluster: &mut Cluster, name: &str, grace_period_seconds: u64) {
    let Some((pod, obj)) = cluster
        .pods
        .find(name)
        .and_then(|pod| Some((pod, cluster.pods.at(pod)?)))
    else {
        return;
    };
    let (node, node_uid) = (obj.node.clone(), obj.node_uid);
    let (object, sandbox_id) = (obj.object.clone(), obj.sandbox_id.clone());
    let deletion = obj.deletion;
    let node_alive = cluster.nodes.get(&*node).is_some_and(|n| n.uid == node_uid);
    let sandbox_id = sandbox_id.filter(|_| node_alive);
    if grace_period_seconds == 0 || !node_alive {
        if let Some(removed) = cluster.pods.remove(pod) {
            forget(cluster, &removed);
        }
        let node_name = cluster.node_name(&node);
        cluster.log_message(
            object.clone(),
            EventKind::Step,
            Reason::PodDeleted,
            Message::PodDeleted {
                object: object.clone(),
                why: PodDeletion::Immediate,
            },
            Some(node_name),
            &upstream::POD_STRATEGY_DELETE,
        );
        if let Some(sandbox_id) = sandbox_id {
            cluster.schedule(
                cluster.settings.watch_latency,
                Action::KubeletKill {
                    object,
                    node: node.clone(),
                    node_uid,
                },
            );
            // del_lag is the measured case, a container that ignores SIGTERM and is killed after
            // killContainer's 2 s minimum; one that exits on SIGTERM ends it sooner.
            let lag = cluster
                .settings
                .sigterm_exit
                .map_or(cluster.settings.del_lag, |exit| {
                    let exit = exit.min(MINIMUM_GRACE_PERIOD);
                    cluster
                        .settings
                        .del_lag
                        .min(cluster.settings.watch_latency + exit + cluster.settings.sandbox_stop)
                });
            mark_sandbox_del(cluster, &node, node_uid, sandbox_id, lag);
        }
        return;
    }
    let grace = VirtualDuration::from_secs(grace_period_seconds);
    // A second delete of a Terminating pod may only shorten its grace period (the API's
    // CheckGracefulDelete); the kubelet then restarts the kill with the shorter one.
    if deletion.is_some_and(|deadline| deadline <= cluster.now + grace) {
        return;
    }
    if let Some(obj) = cluster.pods.at_mut(pod) {
        obj.deletion = Some(cluster.now + grace);
    }
    let node_name = cluster.node_name(&node);
    cluster.log_message(
        object.clone(),
        EventKind::Step,
        Reason::PodTerminating,
        Message::PodTerminating(Box::new(PodTermination {
            object: object.clone(),
            grace,
        })),
        Some(node_name),
        &upstream::POD_STRATEGY_DELETE,
    );
    let watch = cluster.settings.watch_latency;
    let Some(sandbox_id) = sandbox_id else {
        // Nothing runs: the kubelet finishes termination at once and the status manager deletes.
        cluster.schedule(
            watch + cluster.settings.api_latency,
            Action::DeletePodObject { pod },
        );
        return;
    };
    cluster.schedule(
        watch,
        Action::KubeletKill {
            object,
            node: node.clone(),
            node_uid,
        },
    );
    // killContainer waits at least minimumGracePeriodInSeconds before the SIGKILL.
    let kill_after = grace.max(MINIMUM_GRACE_PERIOD);
    let exit = cluster
        .settings
        .sigterm_exit
        .map_or(kill_after, |exit| exit.min(kill_after));
    let del_after = watch + exit + cluster.settings.sandbox_stop;
    mark_sandbox_del(cluster, &node, node_uid, sandbox_id, del_after);
    cluster.schedule(
        del_after + cluster.settings.api_latency,
        Action::DeletePodObject { pod },
    );
}

/// Schedule `StopPodSandbox` for the pod's sandbox, and remember when (for the countdown view). A
/// kill restarted with a shorter grace period brings it forward; the one scheduled before then finds
/// the sandbox gone.
fn mark_sandbox_del(
    cluster: &mut Cluster,
    node: &Name,
    node_uid: u64,
    sandbox_id: Name,
    after: VirtualDuration,
) {
    let at = cluster.now + after;
    let Some(sandbox) = cluster
        .nodes
        .get_mut(node)
        .and_then(|n| n.sandboxes.get_mut(&sandbox_id))
        .filter(|s| s.del_at.is_none_or(|due| at < due))
    else {
        return;
    };
    sandbox.del_at = Some(at);
    cluster.schedule(
        after,
        Action::StopPodSandbox {
            node: node.clone(),
            node_uid,
            sandbox_id,
        },
    );
}

/// `killContainer`: the `Killing` event.
pub(crate) fn kill(cluster: &mut Cluster, object: Name, node: &Name, node_uid: u64) {
    let Some(node) = cluster
        .nodes
        .get(node)
        .filter(|n| n.uid == node_uid)
        .map(|n| n.name.clone())
    else {
        return;
    };
    cluster.log_message(
        object,
        EventKind::Normal,
        Reason::Killing,
        Message::Static(KILLING_MESSAGE),
        Some(node),
        &upstream::KUBELET_KILL_CONTAINER,
    );
}

/// The status manager deletes the terminated pod's object (grace 0).
pub(crate) fn status_manager_delete(cluster: &mut Cluster, at: PodRef) {
    remove_pod_object(
        cluster,
        at,
        &upstream::STATUS_MANAGER_DELETE,
        PodDeletion::StatusManager,
    );
}

/// podgc deletes a pod whose node no longer exists.
pub(crate) fn podgc_orphaned(cluster: &mut Cluster, at: PodRef) {
    let Some(pod) = cluster.pods.at(at) else {
        return;
    };
    if cluster
        .nodes
        .get(&pod.node)
        .is_some_and(|n| n.uid == pod.node_uid)
    {
        return;
    }
    remove_pod_object(
        cluster,
        at,
        &upstream::PODGC_ORPHANED,
        PodDeletion::Orphaned,
    );
}

fn remove_pod_object(
    cluster: &mut Cluster,
    at: PodRef,
    upstream: &'static upstream::Upstream,
    why: PodDeletion,
) {
    let Some(pod) = cluster.pods.remove(at) else {
        return;
    };
    forget(cluster, &pod);
    let (object, node) = (pod.object, pod.node);
    let node = cluster.node_name(&node);
    cluster.log_message(
        object.clone(),
        EventKind::Step,
        Reason::PodDeleted,
        Message::PodDeleted { object, why },
        Some(node),
        upstream,
    );
}
