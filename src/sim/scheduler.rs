//! kube-scheduler, for a pod created without `spec.nodeName`: it binds the pod to a node whose `Ready`
//! is `True`. A node without a CNI config is `NotReady` and carries the node lifecycle controller's
//! `node.kubernetes.io/not-ready:NoSchedule` taint, which an ordinary pod does not tolerate, so while no
//! node is Ready the pod stays `Pending` with a `FailedScheduling` Event. A pod that tolerates the taint
//! ([`super::taints`]) is bound to a NotReady node too, and waits there in `ContainerCreating`
//! (`NetworkNotReady`) until the node has a CNI config.

use super::cluster::{Action, Cluster};
use super::event::{EventKind, Reason};
use super::kubelet;
use super::name::Name;
use super::object::ObjectRef;
use super::objects::{NodeObj, Unscheduled};
use super::taints::{self, Taint, Toleration};
use super::upstream;

/// The lifecycle controller's taint on a `NotReady` node, as the scheduler's message prints it: its
/// key and its empty value.
pub const NOT_READY_TAINT: &str = "{node.kubernetes.io/not-ready: }";

/// `FailedScheduling`'s message when none of `nodes` nodes is Ready: the taint plugin's reason for
/// each, and preemption's, which cannot help a pod that no node tolerates; with no node at all,
/// `ErrNoNodesAvailable`.
pub fn failed_scheduling(nodes: usize) -> String {
    if nodes == 0 {
        return "no nodes available to schedule pods".to_string();
    }
    format!(
        "0/{nodes} nodes are available: {nodes} node(s) had untolerated taint {NOT_READY_TAINT}. \
         preemption: 0/{nodes} nodes are available: {nodes} Preemption is not helpful for scheduling."
    )
}

/// The taints a node carries in the model: the lifecycle controller's not-ready one while it has no CNI
/// config.
pub(crate) fn node_taints(node: &NodeObj) -> &'static [Taint] {
    if node.conflist.is_none() {
        &[taints::NOT_READY]
    } else {
        &[]
    }
}

/// `pod add NAME` with no node: the object is created unbound, and the scheduler sees it after the
/// watch latency.
pub(crate) fn pod_created(cluster: &mut Cluster, name: &str, tolerations: &[Toleration]) {
    let taken =
        cluster.pods.get(name).is_some() || cluster.unscheduled.iter().any(|u| u.name == *name);
    if taken {
        return;
    }
    cluster.unscheduled.push(Unscheduled {
        name: Name::from(name),
        tolerations: tolerations.to_vec(),
        failed: false,
    });
    cluster.schedule(
        cluster.settings.watch_latency,
        Action::SchedulePod {
            name: Name::from(name),
        },
    );
}

/// A deleted pod the scheduler has not bound leaves its queue.
pub(crate) fn pod_deleted(cluster: &mut Cluster, name: &str) -> bool {
    let before = cluster.unscheduled.len();
    cluster.unscheduled.retain(|u| u.name != *name);
    cluster.unscheduled.len() != before
}

/// One scheduling attempt of `name`: bound to the node running the fewest pods (ties by name) among
/// those whose taints it tolerates, as the default scoring's least-allocated resources spread pods of
/// equal requests; or, with no such node, `FailedScheduling` once, waiting for a node to change.
pub(crate) fn schedule(cluster: &mut Cluster, name: &Name) {
    let Some(at) = cluster.unscheduled.iter().position(|u| u.name == *name) else {
        return;
    };
    let tolerations = &cluster.unscheduled[at].tolerations;
    let feasible = cluster
        .nodes_in_name_order()
        .into_iter()
        .filter(|(_, node)| {
            !node.down && taints::untolerated(node_taints(node), tolerations).is_none()
        })
        .map(|(node, _)| node.clone())
        .min_by_key(|node| cluster.pods.iter().filter(|(_, p)| p.node == *node).count());
    let Some(node) = feasible else {
        if !cluster.unscheduled[at].failed {
            cluster.unscheduled[at].failed = true;
            let nodes = cluster.nodes.len();
            cluster.log(
                ObjectRef::pod(name),
                EventKind::Warning,
                Reason::FailedScheduling,
                format_args!("{}", failed_scheduling(nodes)),
                None,
                &upstream::SCHEDULER_TAINT_TOLERATION,
            );
        }
        return;
    };
    cluster.unscheduled.remove(at);
    kubelet::pod_bound(cluster, name, &node);
}
