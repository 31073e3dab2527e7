//! A pod's two deletion paths (docs/upstream-notes.md §21):
//!
//! * **Immediate** (`--grace-period=0`, the default here): the object is gone at once; the kubelet sees
//!   `SyncLoop REMOVE`, kills the container with the 2 s minimum grace, then `StopPodSandbox` runs CNI DEL —
//!   `del_lag` after the object went (object first, network later).
//! * **Graceful**: the object gets a `deletionTimestamp` (`Terminating`); the kubelet kills the containers
//!   (SIGTERM, SIGKILL at the end of the grace period), `StopPodSandbox` runs CNI DEL, and only then does the
//!   status manager delete the object (network first, object later).
//!
//! podgc deletes the pods of a node that is gone.

use super::chain::calico::kube_controllers;
use super::clock::VirtualDuration;
use super::cluster::{Action, Cluster};
use super::event::{EventKind, Reason};
use super::kubelet;
use super::message::{Message, PodDeletion, PodTermination};
use super::name::Name;
use super::object::ObjectRef;
use super::pods::PodRef;
use super::upstream;

/// `killContainer`'s `minimumGracePeriodInSeconds` (`kuberuntime_container.go`): a container gets at
/// least 2 s between SIGTERM and SIGKILL, whatever the grace period.
const MINIMUM_GRACE_PERIOD: VirtualDuration = VirtualDuration::from_secs(2);

/// The container every simulated pod runs (named in `Killing`).
pub const CONTAINER_NAME: &str = "app";

/// The `Killing` Event's message for [`CONTAINER_NAME`].
const KILLING_MESSAGE: &str = "Stopping container app";

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
            kubelet::forget(cluster, &removed);
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
        kube_controllers::pod_or_block_changed(cluster);
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
pub(crate) fn kill(cluster: &mut Cluster, object: ObjectRef, node: &Name, node_uid: u64) {
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
    kubelet::forget(cluster, &pod);
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
    kube_controllers::pod_or_block_changed(cluster);
}
