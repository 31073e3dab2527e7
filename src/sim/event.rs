//! The event log: what `kubectl get events` would show, interleaved with the low-level steps under it.

use super::clock::VirtualTime;
use super::upstream::Upstream;
use serde::{Serialize, Serializer};
use std::fmt;
use std::ops::Deref;
use std::rc::Rc;

/// Whether an entry is a Kubernetes Event or a step below the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum EventKind {
    /// A `v1.Event` of type `Normal`, as `kubectl get events` lists it.
    Normal,
    /// A `v1.Event` of type `Warning`.
    Warning,
    /// A step with no Event of its own: an API write, a cidrset or host-local operation, a CNI call, a
    /// link or route change.
    Step,
}

/// What happened, machine-readably, so a view can pick what to show after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Reason {
    /// Node object created (kubelet registration or `--pod-cidr` preset).
    NodeRegistered,
    /// Node object deleted.
    NodeDeleted,
    /// kcm started its node IPAM controller (`NewCIDRRangeAllocator`).
    NodeIpamStarted,
    /// cidrset `AllocateNext` handed out a subnet.
    CIDRAllocated,
    /// cidrset `Occupy` marked a subnet (preset podCIDR).
    CIDROccupied,
    /// cidrset `Release` cleared a subnet.
    CIDRReleased,
    /// kcm PATCHed `spec.podCIDR(s)`.
    PodCIDRPatched,
    /// `CIDRNotAvailable` Event.
    CIDRNotAvailable,
    /// A failed node sync was requeued with backoff.
    NodeSyncRequeued,
    /// kindnetd wrote the conflist.
    CNIConfigWritten,
    /// `NetworkNotReady` Event: no CNI config yet.
    NetworkNotReady,
    /// Pod object created.
    PodCreated,
    /// containerd made the sandbox and its netns.
    SandboxCreated,
    /// CNI ADD started.
    CNIAdd,
    /// host-local reserved an address.
    IPAMReserve,
    /// ptp made the veth pair.
    VethCreated,
    /// ptp added the `/32` route on the node.
    RouteAdded,
    /// The kubelet wrote `status.podIPs`.
    PodIPsAssigned,
    /// `FailedCreatePodSandBox` Event.
    FailedCreatePodSandBox,
    /// The API set `deletionTimestamp` (graceful delete).
    PodTerminating,
    /// `Killing` Event: the kubelet stops the container.
    Killing,
    /// CNI DEL started.
    CNIDel,
    /// host-local removed an address's file.
    IPAMRelease,
    /// The veth pair went away.
    VethDeleted,
    /// The `/32` route on the node went away.
    RouteRemoved,
    /// The netns was removed with the sandbox.
    SandboxRemoved,
    /// The Pod object is gone.
    PodDeleted,
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Event {
    /// When, in virtual milliseconds.
    pub time_ms: VirtualTime,
    /// `node/<name>` or `pod/<name>` (kubectl's `OBJECT` column).
    pub object: Name,
    /// Normal/Warning Event, or a step.
    pub kind: EventKind,
    /// The reason (for Events, the one Kubernetes records).
    pub reason: Reason,
    /// The message (for Events, Kubernetes' text).
    pub message: String,
    /// The node the step happened on or concerns, if any (for views of that node).
    pub node: Option<Name>,
    /// The upstream code modelled: a reference to one of the [`upstream`](super::upstream) constants,
    /// so the ~400,000 entries of a large run do not each carry four string slices.
    pub upstream: &'static Upstream,
}

/// An object's or node's name as the log holds it: shared, so the dozen entries one pod's life logs
/// point at one string instead of each copying it (the 256-node churn logs ~400,000 entries). It reads,
/// compares, prints and serialises as the plain string.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(Rc<str>);

impl Deref for Name {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Name {
    fn from(name: &str) -> Self {
        Name(Rc::from(name))
    }
}

impl From<String> for Name {
    fn from(name: String) -> Self {
        Name(Rc::from(name))
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

/// As `str` displays, honouring width and alignment (the transcript pads the object column).
impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}
