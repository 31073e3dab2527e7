//! kube-controller-manager's node IPAM controller as an actor (`range_allocator.go`, ≥ 1.30 workqueue
//! form): informer handlers enqueue node names on `cidrallocator_node`, a worker runs `syncNode`, and a
//! failure is requeued with per-item exponential backoff (5 ms doubling), emitting `CIDRNotAvailable`
//! each time.
//!
//! Not modelled: the queue's overall 10 qps / burst 100 bucket (it only matters past 100 retries a
//! second), PATCH failures (the simulated API server always answers), the Update handler's extra syncs
//! (they find the podCIDRs already set and only re-occupy them).

use super::cluster::{Action, Cluster};
use super::event::{EventKind, Reason};
use super::name::Name;
use super::object::ObjectRef;
use super::objects::FxHashMap;
use super::upstream;
use crate::ipam::cidrset::CidrSet;
use crate::ipam::goip::net_string;
use crate::ipam::range_allocator::{
    AllocateError, CidrUpdateDecision, Node, RangeAllocator, RangeAllocatorError,
};
use ipnet::IpNet;
use std::collections::BTreeSet;

/// kube-controller-manager's node IPAM controller (≥ 1.30 workqueue form).
#[derive(Debug, Clone)]
pub(crate) struct NodeIpam {
    /// The range allocator's bitmaps.
    pub(crate) allocator: RangeAllocator,
    /// `cidrallocator_node`: keys waiting (dedup as the workqueue does).
    queued: BTreeSet<String>,
    /// Per-key failure counts of the rate limiter (`ItemExponentialFailureRateLimiter.failures`). Keyed
    /// like the pods' index, so the wasm has one such map.
    failures: FxHashMap<Name, u32>,
}

impl NodeIpam {
    /// `NewCIDRRangeAllocator` with the nodes that exist now, then the informer's initial list enqueues
    /// every node (in the API's name order). `None` when there are no flags yet or the controller failed
    /// to start.
    pub(crate) fn start(cluster: &mut Cluster) -> Option<NodeIpam> {
        let config = cluster.config.clone()?;
        // `startNodeIpamController` returns "not started" at once, and kcm logs it at its start.
        if !config.allocate_node_cidrs {
            cluster.log(
                ObjectRef::component("kube-controller-manager"),
                EventKind::Step,
                Reason::NodeIpamStarted,
                format_args!(
                    "\"Warning: skipping controller\" controller=\"node-ipam-controller\" \
                     (--allocate-node-cidrs is not set: no node gets a podCIDR)"
                ),
                None,
                &upstream::KCM_START_CONTROLLERS,
            );
            return None;
        }
        let existing: Vec<Node> = cluster
            .nodes_in_name_order()
            .into_iter()
            .filter(|(_, node)| !node.pod_cidrs.is_empty())
            .map(|(name, node)| Node::with_pod_cidrs(name.to_string(), node.pod_cidrs.clone()))
            .collect();
        // NewCIDRRangeAllocator builds the sets, filters out the service range, then occupies the nodes
        // one by one; the first bad node stops the controller, so nothing is logged before all are in.
        // Each node's Occupy entry shows the sets as its own Occupy left them, not the final count.
        let mut occupied = Vec::with_capacity(existing.len());
        let started = RangeAllocator::new(&config, &[]).and_then(|mut allocator| {
            let sets = describe_sets(&allocator);
            for node in &existing {
                allocator
                    .occupy_cidrs(node)
                    .map_err(RangeAllocatorError::OccupyCidrs)?;
                occupied.push(describe_sets(&allocator));
            }
            Ok((allocator, sets))
        });
        let (allocator, sets) = match started {
            Ok(started) => started,
            Err(err) => {
                cluster.log(
                    ObjectRef::component("kube-controller-manager"),
                    EventKind::Warning,
                    Reason::NodeIpamStarted,
                    format_args!("Error starting \"node-ipam-controller\": {err}"),
                    None,
                    &upstream::RANGE_ALLOCATOR_NEW,
                );
                return None;
            }
        };
        let mut message = format!(
            "Started node IPAM controller (RangeAllocator): {}",
            sets.join("; ")
        );
        for warning in &config.warnings {
            message.push_str(&format!("; {warning}"));
        }
        cluster.log(
            ObjectRef::component("kube-controller-manager"),
            EventKind::Step,
            Reason::NodeIpamStarted,
            format_args!("{message}"),
            None,
            &upstream::RANGE_ALLOCATOR_NEW,
        );
        for (node, sets) in existing.iter().zip(&occupied) {
            log_cidr_steps(
                cluster,
                &node.name,
                &node.pod_cidrs,
                Reason::CIDROccupied,
                sets,
            );
        }
        let mut ipam = NodeIpam {
            allocator,
            queued: Default::default(),
            failures: Default::default(),
        };
        let names: Vec<Name> = cluster
            .nodes_in_name_order()
            .into_iter()
            .map(|(name, _)| name.clone())
            .collect();
        for name in names {
            ipam.enqueue(cluster, &name);
        }
        Some(ipam)
    }

    /// The Add handler: enqueue the node.
    pub(crate) fn node_added(&mut self, cluster: &mut Cluster, name: &str) {
        self.enqueue(cluster, name);
    }

    /// `queue.Add`: the key is picked up after the watch latency, once even if added twice.
    fn enqueue(&mut self, cluster: &mut Cluster, name: &str) {
        if self.queued.insert(name.to_string()) {
            cluster.schedule(
                cluster.settings.watch_latency,
                Action::NodeIpamSync {
                    node: name.to_string(),
                },
            );
        }
    }

    /// `syncNode`: a missing node needs nothing; otherwise `AllocateOrOccupyCIDR` and, for a new
    /// allocation, `updateCIDRsAllocation`'s PATCH.
    pub(crate) fn sync(&mut self, cluster: &mut Cluster, name: &str) {
        self.queued.remove(name);
        if let Some(node) = cluster.nodes.get(name) {
            let api_node = Node::with_pod_cidrs(name, node.pod_cidrs.clone());
            match self.allocator.allocate_or_occupy_cidr(&api_node) {
                Ok(cidrs) if cidrs.is_empty() => {
                    log_cidr_steps(
                        cluster,
                        name,
                        &api_node.pod_cidrs,
                        Reason::CIDROccupied,
                        &describe_sets(&self.allocator),
                    );
                    self.failures.remove(name);
                }
                Ok(cidrs) => {
                    log_allocations(cluster, name, &cidrs, &self.allocator);
                    match self.allocator.update_cidrs_allocation(&api_node, &cidrs) {
                        CidrUpdateDecision::Patch(patch) => {
                            if let Some(node) = cluster.nodes.get_mut(name) {
                                node.pod_cidrs = patch.pod_cidrs.clone();
                                cluster.nodes_changed();
                            }
                            cluster.log(
                                ObjectRef::node(name),
                                EventKind::Step,
                                Reason::PodCIDRPatched,
                                format_args!(
                                    "PATCH node {name}: spec.podCIDR={} spec.podCIDRs=[{}]",
                                    patch.pod_cidr,
                                    patch.pod_cidrs.join(",")
                                ),
                                Some(name.into()),
                                &upstream::RANGE_ALLOCATOR_UPDATE,
                            );
                        }
                        CidrUpdateDecision::AlreadyAllocated
                        | CidrUpdateDecision::ReleasedReserved => {}
                    }
                    self.failures.remove(name);
                }
                Err(err) => self.failed(cluster, name, err),
            }
        }
    }

    /// A failed sync: the `CIDRNotAvailable` event if that was the cause, then `AddRateLimited`.
    fn failed(&mut self, cluster: &mut Cluster, name: &str, err: AllocateError) {
        if let AllocateError::CidrNotAvailable { event, .. } = &err {
            cluster.log(
                ObjectRef::node(name),
                EventKind::Warning,
                Reason::CIDRNotAvailable,
                format_args!("{}", event.message),
                Some(name.into()),
                &upstream::RANGE_ALLOCATOR_ALLOCATE,
            );
        }
        let failures = self.failures.get(name).copied().unwrap_or(0);
        let delay = cluster
            .settings
            .node_ipam_backoff_base
            .exponential(failures, cluster.settings.node_ipam_backoff_max);
        self.failures.insert(name.into(), failures + 1);
        cluster.log(
            ObjectRef::node(name),
            EventKind::Step,
            Reason::NodeSyncRequeued,
            format_args!("error syncing '{name}': {err}, requeuing (retry in {delay})"),
            Some(name.into()),
            &upstream::RANGE_ALLOCATOR_REQUEUE,
        );
        if self.queued.insert(name.to_string()) {
            cluster.schedule(
                delay,
                Action::NodeIpamSync {
                    node: name.to_string(),
                },
            );
        }
    }

    /// The Delete handler: `ReleaseCIDR` on the deleted object, then the key is enqueued (and its sync
    /// finds no node).
    pub(crate) fn release(&mut self, cluster: &mut Cluster, name: &str, pod_cidrs: &[String]) {
        let result = self
            .allocator
            .release_cidr(&Node::with_pod_cidrs(name, pod_cidrs.to_vec()));
        // Only the podCIDRs before a failing one were released.
        let released = result
            .as_ref()
            .err()
            .map_or(pod_cidrs.len(), |err| err.index());
        let released = pod_cidrs.get(..released).unwrap_or(pod_cidrs);
        log_cidr_steps(
            cluster,
            name,
            released,
            Reason::CIDRReleased,
            &describe_sets(&self.allocator),
        );
        if let Err(err) = result {
            cluster.log(
                ObjectRef::node(name),
                EventKind::Step,
                Reason::CIDRReleased,
                format_args!("Error releasing CIDR for node {name}: {err}"),
                Some(name.into()),
                &upstream::RANGE_ALLOCATOR_RELEASE,
            );
        }
        self.failures.remove(name);
        self.enqueue(cluster, name);
    }
}

/// One step per podCIDR `AllocateNext` gave the node, each with its set as described after it.
fn log_allocations(cluster: &mut Cluster, name: &str, cidrs: &[IpNet], allocator: &RangeAllocator) {
    for (cidr, set) in cidrs.iter().zip(allocator.cidr_sets()) {
        let index = set.get_index_for_ip(cidr.network()).unwrap_or_default();
        cluster.log(
            ObjectRef::node(name),
            EventKind::Step,
            Reason::CIDRAllocated,
            format_args!(
                "AllocateNext: {} (index {index}) for node {name}; {}",
                net_string(cidr),
                describe_set(set)
            ),
            Some(name.into()),
            &upstream::CIDRSET_ALLOCATE_NEXT,
        );
    }
}

/// One step per podCIDR for an `Occupy` or `Release`, each with its set as described after it.
fn log_cidr_steps(
    cluster: &mut Cluster,
    name: &str,
    pod_cidrs: &[String],
    reason: Reason,
    sets: &[String],
) {
    let (verb, upstream) = match reason {
        Reason::CIDRReleased => ("Release", &upstream::CIDRSET_RELEASE),
        _ => ("Occupy", &upstream::CIDRSET_OCCUPY),
    };
    for (cidr, set) in pod_cidrs.iter().zip(sets) {
        cluster.log(
            ObjectRef::node(name),
            EventKind::Step,
            reason,
            format_args!("{verb}: {cidr} of node {name}; {set}"),
            Some(name.into()),
            upstream,
        );
    }
}

/// Each of the allocator's sets as [`describe_set`] tells it.
fn describe_sets(allocator: &RangeAllocator) -> Vec<String> {
    allocator.cidr_sets().iter().map(describe_set).collect()
}

/// `10.244.0.0/16 in /24s: 3/256 used, next candidate 3`.
fn describe_set(set: &CidrSet) -> String {
    format!(
        "{} in /{}s: {}/{} used, next candidate {}",
        net_string(&set.cluster_cidr()),
        set.node_mask_size(),
        set.allocated_cidrs(),
        set.max_cidrs(),
        set.next_candidate()
    )
}
