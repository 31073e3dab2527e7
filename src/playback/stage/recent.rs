//! What the latest events say that the objects do not keep: failures and pods just gone.

use crate::sim::{Reason, Simulation, VirtualDuration};

/// How long (virtual time) a pod whose sandbox is gone stays drawn, fading.
pub const GONE_SHOWN: VirtualDuration = VirtualDuration::from_millis(500);
/// How many of the latest events are read for failures and pods just gone.
const RECENT_EVENTS: usize = 4_096;

/// What the latest events say that the objects do not keep: failures and pods just gone.
pub(super) struct Recent {
    /// (pod, its Event as `kubectl describe pod` lists it: reason, then message) of the latest
    /// sandbox failures.
    pod_failures: Vec<(String, String)>,
    /// (node, message) of the latest `CIDRNotAvailable`.
    node_failures: Vec<(String, String)>,
    /// Pods whose sandbox went within [`GONE_SHOWN`].
    pub(super) gone: Vec<Gone>,
}

/// A pod whose sandbox went a moment ago, and its node.
pub(super) struct Gone {
    pub(super) pod: String,
    pub(super) node: String,
}

impl Recent {
    pub(super) fn read(sim: &Simulation) -> Recent {
        let now = sim.now();
        let mut recent = Recent {
            pod_failures: Vec::new(),
            node_failures: Vec::new(),
            gone: Vec::new(),
        };
        // The reason first: reading an object's kind and name out of its reference, for each of
        // thousands of events at every frame, was most of this.
        for event in sim.events().iter().rev().take(RECENT_EVENTS) {
            match event.reason {
                Reason::FailedCreatePodSandBox | Reason::NetworkNotReady => {
                    if let Some(pod) = event.object.as_pod().map(str::to_string) {
                        if !recent.pod_failures.iter().any(|(p, _)| *p == pod) {
                            let line = format!("{:?} {}", event.reason, event.message);
                            recent.pod_failures.push((pod, line));
                        }
                    }
                }
                Reason::CIDRNotAvailable => {
                    if let Some(node) = event.object.as_node().map(str::to_string) {
                        if !recent.node_failures.iter().any(|(n, _)| *n == node) {
                            recent.node_failures.push((node, event.message.to_string()));
                        }
                    }
                }
                Reason::SandboxRemoved if now - event.time_ms < GONE_SHOWN => {
                    if let (Some(pod), Some(node)) = (event.object.as_pod(), event.node.as_deref())
                    {
                        recent.gone.push(Gone {
                            pod: pod.to_string(),
                            node: node.to_string(),
                        });
                    }
                }
                _ => {}
            }
        }
        recent
    }

    pub(super) fn pod_failure(&self, pod: &str) -> Option<String> {
        self.pod_failures
            .iter()
            .find(|(p, _)| p == pod)
            .map(|(_, m)| m.clone())
    }

    pub(super) fn node_failure(&self, node: &str) -> Option<String> {
        self.node_failures
            .iter()
            .find(|(n, _)| n == node)
            .map(|(_, m)| m.clone())
    }
}
