//! Node → `spec.podCIDRs`: kube-controller-manager's `RangeAllocator`, without its clock and goroutines.
//!
//! Models kubernetes `pkg/controller/nodeipam/ipam/range_allocator.go`: `NewCIDRRangeAllocator`,
//! `filterOutServiceRange`, `occupyCIDRs`, `AllocateOrOccupyCIDR`, `ReleaseCIDR` and the decision part of
//! `updateCIDRsAllocation`. The informer handlers, the work queue (or, before 1.30, the channel and its 30
//! workers), the PATCH retries and the event recorder belong to the simulation; here every call is one
//! synchronous step on the bitmaps, and what upstream would log or record comes back as values.
//!
//! One [`CidrSet`] is kept per cluster CIDR, in `--cluster-cidr` order, so a dual-stack node gets one
//! podCIDR per family in that order. Two upstream behaviours are kept on purpose because they are worth
//! seeing:
//!
//! * **Dual-stack leak.** When a later set is full, the CIDRs already taken from earlier sets are not given
//!   back ([`RangeAllocator::allocate_or_occupy_cidr`]).
//! * **Round robin survives release.** A released subnet comes back only after the cursor wraps
//!   ([`CidrSet::allocate_next`]); pre-existing nodes are occupied without moving the cursor, so a restarted
//!   kcm hands out the lowest free subnet next.
//!
//! Node objects hold their CIDRs as strings (`spec.podCIDRs`), so a malformed one fails the way upstream
//! fails, with upstream's text.

use super::cidrset::{CidrSet, CidrSetError};
use super::goip::{net_string, parse_cidr_sloppy, ParseCidrError};
use super::kcm::NodeIpamConfig;
use ipnet::IpNet;
use std::fmt;

/// The parts of a `v1.Node` the range allocator reads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Node {
    /// `metadata.name`.
    pub name: String,
    /// `spec.podCIDRs`, as stored in the API: strings, one per family, in `--cluster-cidr` order.
    pub pod_cidrs: Vec<String>,
}

impl Node {
    /// A node named `name` with no podCIDRs yet (what a kubelet registers).
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            pod_cidrs: Vec::new(),
        }
    }

    /// A node that already carries `pod_cidrs` (for example, one that existed before kcm restarted).
    pub fn with_pod_cidrs<S: Into<String>>(
        name: impl Into<String>,
        pod_cidrs: impl IntoIterator<Item = S>,
    ) -> Self {
        Self {
            name: name.into(),
            pod_cidrs: pod_cidrs.into_iter().map(Into::into).collect(),
        }
    }

    /// `spec.podCIDR`, the legacy single field. The API server's v1 conversion keeps it equal to
    /// `spec.podCIDRs[0]` (empty when there is none), so it is derived rather than stored.
    pub fn pod_cidr(&self) -> &str {
        self.pod_cidrs.first().map_or("", String::as_str)
    }
}

/// The `type` of a recorded Node event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventType {
    /// `v1.EventTypeNormal`: what `RecordNodeStatusChange` hard-coded in older releases.
    Normal,
    /// `v1.EventTypeWarning`: what the newest `range_allocator.go` passes.
    Warning,
}

/// A Node event as `RecordNodeStatusChange` records it (`nodeutil` / `controllerutil`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeEvent {
    /// The event type (newest form: `Warning`).
    pub event_type: EventType,
    /// The reason, which is also the new "status": `CIDRNotAvailable` or `CIDRAssignmentFailed`.
    pub reason: &'static str,
    /// `Node <name> status is now: <reason>`.
    pub message: String,
}

impl NodeEvent {
    /// `RecordNodeStatusChange(recorder, node, v1.EventTypeWarning, new_status)`.
    fn status_change(node_name: &str, new_status: &'static str) -> Self {
        Self {
            event_type: EventType::Warning,
            reason: new_status,
            message: format!("Node {node_name} status is now: {new_status}"),
        }
    }
}

/// `CIDRNotAvailable`: the event reason when a cluster CIDR has no free node subnet.
pub const CIDR_NOT_AVAILABLE: &str = "CIDRNotAvailable";
/// `CIDRAssignmentFailed`: the event reason when every PATCH attempt failed.
pub const CIDR_ASSIGNMENT_FAILED: &str = "CIDRAssignmentFailed";
/// `cidrUpdateRetries`: PATCH attempts made back to back by `updateCIDRsAllocation`.
pub const CIDR_UPDATE_RETRIES: usize = 3;

/// Why `occupyCIDRs` refused a node's `spec.podCIDRs`; `Display` is upstream's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OccupyCidrsError {
    /// A podCIDR does not parse. Upstream prints the legacy `spec.podCIDR`, whichever entry was bad.
    Parse {
        /// The node name.
        node: String,
        /// `spec.podCIDR` (see [`Node::pod_cidr`]).
        pod_cidr: String,
    },
    /// More podCIDRs than cluster CIDRs (for example after a dual-stack cluster went single-stack).
    IndexNotConfigured {
        /// The node name.
        node: String,
        /// The podCIDR as stored.
        cidr: String,
        /// Its position in `spec.podCIDRs`.
        index: usize,
    },
    /// The matching cidrset refused the CIDR.
    Occupy {
        /// The parsed podCIDR (network form).
        cidr: IpNet,
        /// Its position in `spec.podCIDRs`.
        index: usize,
        /// The node name.
        node: String,
        /// The cidrset's error.
        err: CidrSetError,
    },
}

impl fmt::Display for OccupyCidrsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Parse { node, pod_cidr } => {
                write!(f, "failed to parse node {node}, CIDR {pod_cidr}")
            }
            Self::IndexNotConfigured { node, cidr, index } => write!(
                f,
                "node:{node} has an allocated cidr: {cidr} at index:{index} that does not exist in cluster cidrs configuration"
            ),
            Self::Occupy {
                cidr,
                index,
                node,
                err,
            } => write!(
                f,
                "failed to mark cidr[{}] at idx [{index}] as occupied for node: {node}: {err}",
                net_string(cidr)
            ),
        }
    }
}

impl std::error::Error for OccupyCidrsError {}

/// Why `NewCIDRRangeAllocator` failed, which stops kcm's node IPAM controller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeAllocatorError {
    /// `NewCIDRSet` refused a cluster CIDR and its node mask; upstream returns the error unwrapped.
    CidrSet(CidrSetError),
    /// An existing node's podCIDRs could not be occupied.
    OccupyCidrs(OccupyCidrsError),
    /// Not upstream (which indexes past the end of `NodeCIDRMaskSizes` and panics): a cluster CIDR
    /// without a node mask size.
    MissingNodeMaskSize {
        /// The index of the cluster CIDR.
        index: usize,
    },
}

impl fmt::Display for RangeAllocatorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::CidrSet(err) => err.fmt(f),
            Self::OccupyCidrs(err) => err.fmt(f),
            Self::MissingNodeMaskSize { index } => write!(
                f,
                "no node mask size for cluster CIDR at index {index} (kube-controller-manager would panic)"
            ),
        }
    }
}

impl std::error::Error for RangeAllocatorError {}

/// Why `AllocateOrOccupyCIDR` failed; the caller requeues the node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AllocateError {
    /// The node already had podCIDRs and `occupyCIDRs` refused them.
    OccupyCidrs(OccupyCidrsError),
    /// A cidrset is full. Subnets already taken from earlier sets for this node stay taken.
    CidrNotAvailable {
        /// The index of the cluster CIDR that was full.
        index: usize,
        /// The cidrset's error (`ErrCIDRRangeNoCIDRsRemaining`).
        err: CidrSetError,
        /// The `CIDRNotAvailable` event recorded on the node.
        event: NodeEvent,
    },
}

impl fmt::Display for AllocateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OccupyCidrs(err) => err.fmt(f),
            Self::CidrNotAvailable { index, err, .. } => write!(
                f,
                "failed to allocate cidr from cluster cidr at idx:{index}: {err}"
            ),
        }
    }
}

impl std::error::Error for AllocateError {}

/// Why `ReleaseCIDR` stopped; podCIDRs before the failing one are already released.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReleaseCidrError {
    /// A podCIDR does not parse.
    Parse {
        /// Its position in `spec.podCIDRs`.
        index: usize,
        /// The podCIDR as stored.
        cidr: String,
        /// The node name.
        node: String,
        /// The parser's error.
        err: ParseCidrError,
    },
    /// More podCIDRs than cluster CIDRs.
    IndexNotConfigured {
        /// The node name.
        node: String,
        /// The podCIDR as stored.
        cidr: String,
        /// Its position in `spec.podCIDRs`.
        index: usize,
    },
    /// The matching cidrset refused the CIDR.
    Release {
        /// Its position in `spec.podCIDRs`.
        index: usize,
        /// The podCIDR as stored.
        cidr: String,
        /// The cidrset's error.
        err: CidrSetError,
    },
}

impl ReleaseCidrError {
    /// The position in `spec.podCIDRs` of the podCIDR that failed: those before it were released.
    pub fn index(&self) -> usize {
        match self {
            Self::Parse { index, .. }
            | Self::IndexNotConfigured { index, .. }
            | Self::Release { index, .. } => *index,
        }
    }
}

impl fmt::Display for ReleaseCidrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Parse { cidr, node, err, .. } => {
                write!(f, "failed to parse CIDR {cidr} on Node {node}: {err}")
            }
            Self::IndexNotConfigured { node, cidr, index } => write!(
                f,
                "node:{node} has an allocated cidr: {cidr} at index:{index} that does not exist in cluster cidrs configuration"
            ),
            Self::Release { cidr, err, .. } => write!(f, "error when releasing CIDR {cidr}: {err}"),
        }
    }
}

impl std::error::Error for ReleaseCidrError {}

/// The strategic-merge PATCH `PatchNodeCIDRs` sends: `spec.podCIDR` and `spec.podCIDRs`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeCidrPatch {
    /// `spec.podCIDR`: the first allocated CIDR.
    pub pod_cidr: String,
    /// `spec.podCIDRs`: every allocated CIDR, in Go string form.
    pub pod_cidrs: Vec<String>,
}

/// What `updateCIDRsAllocation` does with reserved CIDRs, given the node as the informer now sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CidrUpdateDecision {
    /// The node already has exactly these podCIDRs: an earlier PATCH went through but its answer was
    /// lost. Nothing to do.
    AlreadyAllocated,
    /// The node has other podCIDRs; the reserved ones were released again.
    ReleasedReserved,
    /// The node has none: send this PATCH (up to [`CIDR_UPDATE_RETRIES`] times).
    Patch(NodeCidrPatch),
}

/// `rangeAllocator`: one [`CidrSet`] per cluster CIDR and what kcm would have logged.
#[derive(Debug, Clone)]
pub struct RangeAllocator {
    /// `clusterCIDRs`, in `--cluster-cidr` order.
    cluster_cidrs: Vec<IpNet>,
    /// `cidrSets`, indexed like `cluster_cidrs`.
    cidr_sets: Vec<CidrSet>,
    /// kcm's error-level log lines that do not fail the call (klog text form, message first).
    logs: Vec<String>,
}

impl RangeAllocator {
    /// `NewCIDRRangeAllocator`: build one set per cluster CIDR, filter out the primary then the secondary
    /// service CIDR, then occupy the podCIDRs of `existing_nodes` in list order.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::kcm::KcmFlags;
    /// use podip::ipam::range_allocator::{Node, RangeAllocator};
    /// let config = KcmFlags::kind_defaults().validate().unwrap();
    /// let existing = [Node::with_pod_cidrs("kind-control-plane", ["10.244.0.0/24"])];
    /// let mut allocator = RangeAllocator::new(&config, &existing).unwrap();
    /// // Occupying does not move the cursor, so the scan starts at index 0 and skips the occupied subnet.
    /// let cidrs = allocator.allocate_or_occupy_cidr(&Node::new("kind-worker")).unwrap();
    /// assert_eq!(cidrs[0].to_string(), "10.244.1.0/24");
    /// ```
    pub fn new(
        config: &NodeIpamConfig,
        existing_nodes: &[Node],
    ) -> Result<Self, RangeAllocatorError> {
        let mut cidr_sets = Vec::with_capacity(config.cluster_cidrs.len());
        for (index, cidr) in config.cluster_cidrs.iter().enumerate() {
            let mask = config
                .node_cidr_mask_sizes
                .get(index)
                .copied()
                .ok_or(RangeAllocatorError::MissingNodeMaskSize { index })?;
            cidr_sets.push(CidrSet::new(*cidr, mask).map_err(RangeAllocatorError::CidrSet)?);
        }
        let mut allocator = Self {
            cluster_cidrs: config.cluster_cidrs.clone(),
            cidr_sets,
            logs: Vec::new(),
        };
        for service_cidr in [config.service_cidr, config.secondary_service_cidr]
            .into_iter()
            .flatten()
        {
            allocator.filter_out_service_range(&service_cidr);
        }
        for node in existing_nodes {
            // Nodes without podCIDRs are skipped; the first bad one stops the controller.
            allocator
                .occupy_cidrs(node)
                .map_err(RangeAllocatorError::OccupyCidrs)?;
        }
        Ok(allocator)
    }

    /// `clusterCIDRs`, in `--cluster-cidr` order.
    pub fn cluster_cidrs(&self) -> &[IpNet] {
        &self.cluster_cidrs
    }

    /// `cidrSets`, indexed like [`cluster_cidrs`](Self::cluster_cidrs), for drawing the address map.
    pub fn cidr_sets(&self) -> &[CidrSet] {
        &self.cidr_sets
    }

    /// What kcm logged at error level without failing (klog's text form, message then key/values):
    /// service-range Occupy errors, "Node already has a CIDR allocated", PATCH failures and the release
    /// errors inside `updateCIDRsAllocation`.
    pub fn logs(&self) -> &[String] {
        &self.logs
    }

    /// `filterOutServiceRange`: occupy the whole service CIDR in every cluster CIDR it overlaps, so no
    /// node subnet covers a service address. Occupy errors are only logged.
    pub fn filter_out_service_range(&mut self, service_cidr: &IpNet) {
        for (index, (cluster_cidr, set)) in self
            .cluster_cidrs
            .iter()
            .zip(self.cidr_sets.iter_mut())
            .enumerate()
        {
            if !overlaps(cluster_cidr, service_cidr) {
                continue;
            }
            if let Err(err) = set.occupy(service_cidr) {
                self.logs.push(format!(
                    "\"Error filtering out service cidr out cluster cidr\" err=\"{err}\" CIDR=\"{}\" index={index} serviceCIDR=\"{}\"",
                    net_string(cluster_cidr),
                    net_string(service_cidr)
                ));
            }
        }
    }

    /// `occupyCIDRs`: mark `spec.podCIDRs[i]` used in set *i*, in order; the first failure stops.
    pub fn occupy_cidrs(&mut self, node: &Node) -> Result<(), OccupyCidrsError> {
        for (index, cidr) in node.pod_cidrs.iter().enumerate() {
            let pod_cidr = parse_cidr_sloppy(cidr)
                .map_err(|_| OccupyCidrsError::Parse {
                    node: node.name.clone(),
                    pod_cidr: node.pod_cidr().to_string(),
                })?
                .1;
            let set = self.cidr_sets.get_mut(index).ok_or_else(|| {
                OccupyCidrsError::IndexNotConfigured {
                    node: node.name.clone(),
                    cidr: cidr.clone(),
                    index,
                }
            })?;
            set.occupy(&pod_cidr)
                .map_err(|err| OccupyCidrsError::Occupy {
                    cidr: pod_cidr,
                    index,
                    node: node.name.clone(),
                    err,
                })?;
        }
        Ok(())
    }

    /// `AllocateOrOccupyCIDR`: a node with podCIDRs has them occupied (idempotent) and gets an empty list
    /// back, since there is nothing to patch; a node without gets the next free subnet of every set, in
    /// `--cluster-cidr` order, to hand to [`update_cidrs_allocation`](Self::update_cidrs_allocation).
    ///
    /// If a set is full the call fails with `CIDRNotAvailable`, and — as upstream — the subnets already
    /// taken from earlier sets for this node are **not** released.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::kcm::KcmFlags;
    /// use podip::ipam::range_allocator::{Node, RangeAllocator};
    /// let flags = KcmFlags { cluster_cidr: "10.244.0.0/24,fd00::/64".into(),
    ///     node_cidr_mask_size_ipv6: "64".into(), ..Default::default() };
    /// let mut allocator = RangeAllocator::new(&flags.validate().unwrap(), &[]).unwrap();
    /// let cidrs = allocator.allocate_or_occupy_cidr(&Node::new("a")).unwrap();
    /// assert_eq!(cidrs.len(), 2);
    /// let err = allocator.allocate_or_occupy_cidr(&Node::new("b")).unwrap_err();
    /// assert_eq!(err.to_string(), "failed to allocate cidr from cluster cidr at idx:0: \
    ///     CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range");
    /// ```
    pub fn allocate_or_occupy_cidr(&mut self, node: &Node) -> Result<Vec<IpNet>, AllocateError> {
        if !node.pod_cidrs.is_empty() {
            self.occupy_cidrs(node)
                .map_err(AllocateError::OccupyCidrs)?;
            return Ok(Vec::new());
        }
        let mut allocated = Vec::with_capacity(self.cidr_sets.len());
        for (index, set) in self.cidr_sets.iter_mut().enumerate() {
            let cidr = set
                .allocate_next()
                .map_err(|err| AllocateError::CidrNotAvailable {
                    index,
                    err,
                    event: NodeEvent::status_change(&node.name, CIDR_NOT_AVAILABLE),
                })?;
            allocated.push(cidr);
        }
        Ok(allocated)
    }

    /// `ReleaseCIDR`: clear `spec.podCIDRs[i]` in set *i*, in order; the first failure stops, leaving the
    /// earlier ones released. A node without podCIDRs is a no-op.
    pub fn release_cidr(&mut self, node: &Node) -> Result<(), ReleaseCidrError> {
        for (index, cidr) in node.pod_cidrs.iter().enumerate() {
            let pod_cidr = parse_cidr_sloppy(cidr)
                .map_err(|err| ReleaseCidrError::Parse {
                    index,
                    cidr: cidr.clone(),
                    node: node.name.clone(),
                    err,
                })?
                .1;
            let set = self.cidr_sets.get_mut(index).ok_or_else(|| {
                ReleaseCidrError::IndexNotConfigured {
                    node: node.name.clone(),
                    cidr: cidr.clone(),
                    index,
                }
            })?;
            set.release(&pod_cidr)
                .map_err(|err| ReleaseCidrError::Release {
                    index,
                    cidr: cidr.clone(),
                    err,
                })?;
        }
        Ok(())
    }

    /// `updateCIDRsAllocation` up to the PATCH: given the node as the informer sees it now and the CIDRs
    /// reserved for it, decide. Podcidrs are compared as strings, exactly as upstream does.
    pub fn update_cidrs_allocation(
        &mut self,
        node: &Node,
        allocated: &[IpNet],
    ) -> CidrUpdateDecision {
        let cidrs: Vec<String> = allocated.iter().map(net_string).collect();
        if node.pod_cidrs == cidrs {
            return CidrUpdateDecision::AlreadyAllocated;
        }
        if !node.pod_cidrs.is_empty() {
            self.logs.push(format!(
                "\"Node already has a CIDR allocated. Releasing the new one\" node=\"{}\" podCIDRs=[{}]",
                node.name,
                node.pod_cidrs.join(" ")
            ));
            self.release_reserved(allocated, |err, index, cidr| {
                format!("\"Error when releasing CIDR\" err=\"{err}\" index={index} CIDR=\"{cidr}\"")
            });
            return CidrUpdateDecision::ReleasedReserved;
        }
        CidrUpdateDecision::Patch(NodeCidrPatch {
            pod_cidr: cidrs.first().cloned().unwrap_or_default(),
            pod_cidrs: cidrs,
        })
    }

    /// The end of `updateCIDRsAllocation` when every PATCH attempt failed: record `CIDRAssignmentFailed`
    /// and, unless the last error was a server timeout (the PATCH may have gone through), release the
    /// reserved CIDRs. The caller requeues the node with the PATCH error.
    pub fn patch_failed(
        &mut self,
        node_name: &str,
        allocated: &[IpNet],
        server_timeout: bool,
    ) -> NodeEvent {
        let cidrs: Vec<String> = allocated.iter().map(net_string).collect();
        self.logs.push(format!(
            "\"Failed to update node PodCIDR after multiple attempts\" node=\"{node_name}\" podCIDRs=[{}]",
            cidrs.join(" ")
        ));
        if !server_timeout {
            self.logs.push(format!(
                "\"CIDR assignment for node failed. Releasing allocated CIDR\" node=\"{node_name}\""
            ));
            self.release_reserved(allocated, |err, _, _| {
                format!("\"Error releasing allocated CIDR for node\" err=\"{err}\" node=\"{node_name}\"")
            });
        }
        NodeEvent::status_change(node_name, CIDR_ASSIGNMENT_FAILED)
    }

    /// Release reserved CIDRs set by set, logging (not returning) errors as upstream does.
    fn release_reserved(
        &mut self,
        allocated: &[IpNet],
        log_line: impl Fn(&CidrSetError, usize, String) -> String,
    ) {
        for (index, (cidr, set)) in allocated.iter().zip(self.cidr_sets.iter_mut()).enumerate() {
            if let Err(err) = set.release(cidr) {
                self.logs.push(log_line(&err, index, net_string(cidr)));
            }
        }
    }
}

/// The overlap test of `filterOutServiceRange` (and `getBeginningAndEndIndices`): `a` contains `b`'s
/// address masked to `a`'s prefix, or the reverse. CIDRs of different families never overlap.
fn overlaps(a: &IpNet, b: &IpNet) -> bool {
    let masked = |net: &IpNet, prefix_len: u8| {
        IpNet::new(net.addr(), prefix_len)
            .ok()
            .map(|masked| masked.network())
    };
    let a_holds_b = masked(b, a.prefix_len()).is_some_and(|ip| a.contains(&ip));
    let b_holds_a = masked(a, b.prefix_len()).is_some_and(|ip| b.contains(&ip));
    a_holds_b || b_holds_a
}
