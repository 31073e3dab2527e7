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
use super::cluster::{Action, PodObj, PodPhase, Simulation};
use super::event::{EventKind, Name, Reason};
use super::runtime::SandboxError;
use super::upstream;
use crate::ipam::goip::GoIp;
use std::fmt::Write as _;

/// The container every simulated pod runs (named in `Killing`).
pub const CONTAINER_NAME: &str = "app";

impl Simulation {
    /// A pod bound to `node` is created; the kubelet picks it up after the watch latency plus the
    /// sandbox setup time.
    pub(crate) fn pod_add(&mut self, name: &str, node: &str, requested_ip: Option<String>) {
        let Some((node_uid, node_name)) = self.nodes.get(node).map(|n| (n.uid, n.name.clone()))
        else {
            return;
        };
        if self.pods.contains_key(name) {
            return;
        }
        let uid = self.uid();
        let object = Name::from(format!("pod/{name}"));
        self.pods.insert(
            name.to_string(),
            PodObj {
                uid,
                object: object.clone(),
                node: node.to_string(),
                node_uid,
                requested_ip: requested_ip.clone(),
                phase: PodPhase::Pending,
                ips: Vec::new(),
                sandbox_id: None,
                sync_started: false,
                deletion: None,
            },
        );
        let requested = requested_ip
            .map(|ip| format!(", requesting IP {ip}"))
            .unwrap_or_default();
        self.log(
            object,
            EventKind::Step,
            Reason::PodCreated,
            format_args!("Pod {name} created with spec.nodeName={node}{requested}"),
            Some(node_name),
            &upstream::POD_CREATE,
        );
        let after = self.settings.watch_latency + self.settings.sandbox_setup;
        self.schedule(
            after,
            Action::KubeletSyncPod {
                pod: name.to_string(),
                uid,
            },
        );
    }

    /// `SyncPod` for a pod without a sandbox: `createPodSandbox`, or a retry after `backOffPeriod`.
    pub(crate) fn kubelet_sync_pod(&mut self, name: &str, uid: u64) {
        let Some(pod) = self.pods.get_mut(name).filter(|p| p.uid == uid) else {
            return;
        };
        if pod.deletion.is_some() || pod.sandbox_id.is_some() {
            return;
        }
        if self
            .nodes
            .get(&pod.node)
            .is_none_or(|n| n.uid != pod.node_uid)
        {
            return;
        }
        pod.sync_started = true;
        let (node, requested_ip) = (pod.node.clone(), pod.requested_ip.clone());
        let object = pod.object.clone();
        match self.run_pod_sandbox(&node, name, &object, requested_ip.as_deref()) {
            Ok((sandbox_id, _)) => {
                if let Some(pod) = self.pods.get_mut(name) {
                    pod.sandbox_id = Some(sandbox_id.clone());
                }
                self.schedule(
                    self.settings.api_latency,
                    Action::PodStatus {
                        pod: name.to_string(),
                        uid,
                        sandbox_id,
                    },
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
                let node = self.node_name(&node);
                self.log(
                    object,
                    EventKind::Warning,
                    reason,
                    format_args!("{err}"),
                    Some(node),
                    upstream,
                );
                self.schedule(
                    self.settings.sandbox_retry_period,
                    Action::KubeletSyncPod {
                        pod: name.to_string(),
                        uid,
                    },
                );
            }
        }
    }

    /// The status manager writes `status.podIP(s)` from `PodSandboxStatus`.
    pub(crate) fn kubelet_status_update(&mut self, name: &str, uid: u64, sandbox_id: &str) {
        let Some(pod) = self.pods.get_mut(name).filter(|p| p.uid == uid) else {
            return;
        };
        if pod.deletion.is_some() || pod.sandbox_id.as_deref() != Some(sandbox_id) {
            return;
        }
        let Some((node, sandbox)) = self
            .nodes
            .get(&pod.node)
            .filter(|n| n.uid == pod.node_uid)
            .and_then(|n| Some((n.name.clone(), n.sandboxes.get(sandbox_id)?)))
        else {
            return;
        };
        pod.ips = sandbox.ips.clone();
        pod.phase = PodPhase::Running;
        // Written straight into the message: this runs for every pod, and per-IP strings would only be
        // joined again. `write!` into a `String` cannot fail.
        let mut message = String::from("status.podIP=");
        if let Some(primary) = pod.ips.first() {
            let _ = write!(message, "{}", GoIp(*primary));
        }
        message.push_str(" status.podIPs=[");
        for (i, ip) in pod.ips.iter().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            let _ = write!(message, "{sep}{}", GoIp(*ip));
        }
        message.push_str("] phase=Running");
        let object = pod.object.clone();
        self.log(
            object,
            EventKind::Step,
            Reason::PodIPsAssigned,
            format_args!("{message}"),
            Some(node),
            &upstream::KUBELET_POD_IPS,
        );
    }

    /// `kubectl delete pod NAME --grace-period=N` (0: `--force`).
    pub(crate) fn pod_delete(&mut self, name: &str, grace_period_seconds: u64) {
        let Some(pod) = self.pods.get(name) else {
            return;
        };
        let (uid, node, node_uid) = (pod.uid, pod.node.clone(), pod.node_uid);
        let object = pod.object.clone();
        let node_alive = self.nodes.get(&node).is_some_and(|n| n.uid == node_uid);
        let has_sandbox = pod.sandbox_id.is_some() && node_alive;
        if grace_period_seconds == 0 || !node_alive {
            self.pods.remove(name);
            let node_name = self.node_name(&node);
            self.log(
                object,
                EventKind::Step,
                Reason::PodDeleted,
                format_args!("Pod {name} deleted (grace period 0: the object is gone at once)"),
                Some(node_name),
                &upstream::POD_STRATEGY_DELETE,
            );
            if has_sandbox {
                self.schedule(
                    self.settings.watch_latency,
                    Action::KubeletKill {
                        pod: name.to_string(),
                        node: node.clone(),
                        node_uid,
                    },
                );
                self.mark_sandbox_del(name, &node, node_uid, self.settings.del_lag);
            }
            return;
        }
        if pod.deletion.is_some() {
            return;
        }
        let grace = VirtualDuration::from_secs(grace_period_seconds);
        if let Some(pod) = self.pods.get_mut(name) {
            pod.deletion = Some(self.now + grace);
        }
        let node_name = self.node_name(&node);
        self.log(
            object,
            EventKind::Step,
            Reason::PodTerminating,
            format_args!(
                "Pod {name} deleted with grace period {grace}: deletionTimestamp set, Terminating"
            ),
            Some(node_name),
            &upstream::POD_STRATEGY_DELETE,
        );
        let watch = self.settings.watch_latency;
        if !has_sandbox {
            // Nothing runs: the kubelet finishes termination at once and the status manager deletes.
            self.schedule(
                watch + self.settings.api_latency,
                Action::DeletePodObject {
                    pod: name.to_string(),
                    uid,
                },
            );
            return;
        }
        self.schedule(
            watch,
            Action::KubeletKill {
                pod: name.to_string(),
                node: node.clone(),
                node_uid,
            },
        );
        let exit = self
            .settings
            .sigterm_exit
            .map_or(grace, |exit| exit.min(grace));
        let del_after = watch + exit + self.settings.sandbox_stop;
        self.mark_sandbox_del(name, &node, node_uid, del_after);
        self.schedule(
            del_after + self.settings.api_latency,
            Action::DeletePodObject {
                pod: name.to_string(),
                uid,
            },
        );
    }

    /// Schedule `StopPodSandbox` for the pod's sandbox, and remember when (for the countdown view).
    fn mark_sandbox_del(&mut self, pod: &str, node: &str, node_uid: u64, after: VirtualDuration) {
        let at = self.now + after;
        let Some(node_obj) = self.nodes.get_mut(node) else {
            return;
        };
        let ids: Vec<String> = node_obj
            .sandboxes
            .iter_mut()
            .filter(|(_, s)| s.pod == pod && s.del_at.is_none())
            .map(|(id, s)| {
                s.del_at = Some(at);
                id.clone()
            })
            .collect();
        for sandbox_id in ids {
            self.schedule(
                after,
                Action::StopPodSandbox {
                    node: node.to_string(),
                    node_uid,
                    sandbox_id,
                },
            );
        }
    }

    /// `killContainer`: the `Killing` event.
    pub(crate) fn kubelet_kill(&mut self, pod: &str, node: &str, node_uid: u64) {
        let Some(node) = self
            .nodes
            .get(node)
            .filter(|n| n.uid == node_uid)
            .map(|n| n.name.clone())
        else {
            return;
        };
        self.log(
            format!("pod/{pod}").into(),
            EventKind::Normal,
            Reason::Killing,
            format_args!("Stopping container {CONTAINER_NAME}"),
            Some(node),
            &upstream::KUBELET_KILL_CONTAINER,
        );
    }

    /// The status manager deletes the terminated pod's object (grace 0).
    pub(crate) fn status_manager_delete(&mut self, name: &str, uid: u64) {
        self.remove_pod_object(
            name,
            uid,
            &upstream::STATUS_MANAGER_DELETE,
            "terminated: the status manager deleted the object",
        );
    }

    /// podgc deletes a pod whose node no longer exists.
    pub(crate) fn podgc_orphaned(&mut self, name: &str, uid: u64) {
        let Some(pod) = self.pods.get(name).filter(|p| p.uid == uid) else {
            return;
        };
        if self
            .nodes
            .get(&pod.node)
            .is_some_and(|n| n.uid == pod.node_uid)
        {
            return;
        }
        self.remove_pod_object(
            name,
            uid,
            &upstream::PODGC_ORPHANED,
            "bound to a node that no longer exists: deleted by podgc",
        );
    }

    fn remove_pod_object(
        &mut self,
        name: &str,
        uid: u64,
        upstream: &'static upstream::Upstream,
        why: &str,
    ) {
        let Some(pod) = self.pods.get(name).filter(|p| p.uid == uid) else {
            return;
        };
        let (object, node) = (pod.object.clone(), pod.node.clone());
        self.pods.remove(name);
        let node = self.node_name(&node);
        self.log(
            object,
            EventKind::Step,
            Reason::PodDeleted,
            format_args!("Pod {name} {why}"),
            Some(node),
            upstream,
        );
    }
}
