//! The event log: what `kubectl get events` would show, interleaved with the low-level steps under it.

use super::clock::{VirtualDuration, VirtualTime};
use super::runtime::{SandboxFacts, IF_NAME};
use super::upstream::Upstream;
use crate::ipam::goip::GoIp;
use crate::ipam::ptp::iproute2::RouteLine;
use crate::ipam::ptp::netns::NETNS_RUN_DIR;
use serde::{Serialize, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::net::IpAddr;
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

impl Reason {
    /// The reason of the entry that tells a sandbox step.
    pub fn for_sandbox_step(step: SandboxStep) -> Self {
        match step {
            SandboxStep::Created => Reason::SandboxCreated,
            SandboxStep::CniAdd => Reason::CNIAdd,
            SandboxStep::Reserved(_) => Reason::IPAMReserve,
            SandboxStep::VethCreated => Reason::VethCreated,
            SandboxStep::RouteAdded(_) => Reason::RouteAdded,
            SandboxStep::PodIps => Reason::PodIPsAssigned,
            SandboxStep::CniDel => Reason::CNIDel,
            SandboxStep::Released(_) => Reason::IPAMRelease,
            SandboxStep::VethDeleted => Reason::VethDeleted,
            SandboxStep::RouteRemoved(_) => Reason::RouteRemoved,
            SandboxStep::Removed => Reason::SandboxRemoved,
        }
    }
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
    /// The message (for Events, Kubernetes' text), written out when displayed.
    pub message: Message,
    /// The node the step happened on or concerns, if any (for views of that node).
    pub node: Option<Name>,
    /// The upstream code modelled: a reference to one of the [`upstream`](super::upstream) constants,
    /// so the ~400,000 entries of a large run do not each carry four string slices.
    pub upstream: &'static Upstream,
}

/// An entry's message, kept as the facts it is made of and written out only when shown (its `Display`,
/// and its serialisation as a string, are the text). A pod's life logs about fourteen entries and a
/// large run ~400,000: formatting each as it happened (a string apiece, written and later freed) was a
/// large share of a run's time and memory, while a view shows a few dozen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// A text written when the entry was logged (the rare entries: nodes, errors).
    Text(Box<str>),
    /// A fixed text.
    Static(&'static str),
    /// `Pod <name> created with spec.nodeName=<node>[, requesting IP <ip>]`.
    PodCreated {
        /// `pod/<name>`.
        object: Name,
        /// `spec.nodeName`.
        node: Name,
        /// `CNI_ARGS` `IP=`, if requested.
        requested_ip: Option<Rc<str>>,
    },
    /// `Pod <name> <why>`: the object is gone.
    PodDeleted {
        /// `pod/<name>`.
        object: Name,
        /// Who deleted it and why.
        why: &'static str,
    },
    /// The pod got a `deletionTimestamp`.
    PodTerminating {
        /// `pod/<name>`.
        object: Name,
        /// The grace period.
        grace: VirtualDuration,
    },
    /// A step of a sandbox's life, told from what containerd and the CNI plugins did for it.
    Sandbox {
        /// Which step.
        step: SandboxStep,
        /// The sandbox.
        facts: Rc<SandboxFacts>,
    },
}

/// The sandbox steps a [`Message::Sandbox`] tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxStep {
    /// `RunPodSandbox`: ID and netns.
    Created,
    /// libcni's ADD with its environment.
    CniAdd,
    /// host-local reserved the sandbox's address of range set `n`.
    Reserved(usize),
    /// ptp made the veth pair.
    VethCreated,
    /// ptp added node route `n` (of [`SandboxFacts::routes`]).
    RouteAdded(usize),
    /// The kubelet wrote `status.podIPs`.
    PodIps,
    /// libcni's DEL.
    CniDel,
    /// host-local removed the file of this address.
    Released(IpAddr),
    /// The pod's `eth0` was deleted, its peer with it.
    VethDeleted,
    /// Node route `n` went with the veth.
    RouteRemoved(usize),
    /// The sandbox and its netns are gone.
    Removed,
}

impl Message {
    /// A message written now.
    pub fn text(text: impl Into<Box<str>>) -> Self {
        Message::Text(text.into())
    }
}

/// `pod/<name>` without its `pod/`.
pub(crate) fn pod_name(object: &Name) -> &str {
    object.strip_prefix("pod/").unwrap_or(object)
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Text(text) => f.write_str(text),
            Message::Static(text) => f.write_str(text),
            Message::PodCreated {
                object,
                node,
                requested_ip,
            } => {
                write!(
                    f,
                    "Pod {} created with spec.nodeName={node}",
                    pod_name(object)
                )?;
                match requested_ip {
                    Some(ip) => write!(f, ", requesting IP {ip}"),
                    None => Ok(()),
                }
            }
            Message::PodDeleted { object, why } => write!(f, "Pod {} {why}", pod_name(object)),
            Message::PodTerminating { object, grace } => write!(
                f,
                "Pod {} deleted with grace period {grace}: deletionTimestamp set, Terminating",
                pod_name(object)
            ),
            Message::Sandbox { step, facts } => sandbox_text(f, *step, facts),
        }
    }
}

/// The texts of a sandbox's steps.
fn sandbox_text(
    f: &mut fmt::Formatter<'_>,
    step: SandboxStep,
    facts: &SandboxFacts,
) -> fmt::Result {
    let id = &facts.sandbox_id;
    let netns = &facts.netns_name;
    let dir = &facts.store_dir;
    let host_veth = &facts.host_veth;
    match step {
        SandboxStep::Created => write!(
            f,
            "RunPodSandbox: sandbox {id}, netns {NETNS_RUN_DIR}/{netns}"
        ),
        SandboxStep::CniAdd => {
            write!(
                f,
                "CNI ADD kindnet: CNI_CONTAINERID={id} CNI_IFNAME={IF_NAME} CNI_NETNS={NETNS_RUN_DIR}/{netns} \
                 CNI_ARGS=IgnoreUnknown=1;K8S_POD_NAMESPACE=default;K8S_POD_NAME={};K8S_POD_INFRA_CONTAINER_ID={id}",
                facts.pod()
            )?;
            if let Some(ip) = &facts.requested_ip {
                write!(f, ";IP={ip}")?;
            }
            f.write_str("; plugins ptp (→ host-local), portmap")
        }
        SandboxStep::Reserved(range) => {
            let Some(ip) = facts.reserved.get(range).map(|ip| GoIp(*ip)) else {
                return Ok(());
            };
            write!(
                f,
                "host-local reserved {ip}: {dir}/{ip} = \"{id}\\r\\n{IF_NAME}\", last_reserved_ip.{range} = {ip}"
            )
        }
        SandboxStep::VethCreated => write!(
            f,
            "veth pair: {host_veth}@if{eth0} on the node (ifindex {host}) <-> {IF_NAME}@if{host} in {netns} (ifindex {eth0})",
            eth0 = facts.eth0_index,
            host = facts.host_index
        ),
        SandboxStep::RouteAdded(n) | SandboxStep::RouteRemoved(n) => {
            let lead = if matches!(step, SandboxStep::RouteAdded(_)) {
                "node route"
            } else {
                "node route gone"
            };
            match facts.routes.get(n) {
                Some(route) => write!(
                    f,
                    "{lead}: {}",
                    RouteLine {
                        route,
                        dev: Some(host_veth)
                    }
                ),
                None => f.write_str(lead),
            }
        }
        SandboxStep::PodIps => {
            f.write_str("status.podIP=")?;
            if let Some(primary) = facts.ips.first() {
                write!(f, "{}", GoIp(*primary))?;
            }
            f.write_str(" status.podIPs=[")?;
            for (i, ip) in facts.ips.iter().enumerate() {
                let sep = if i == 0 { "" } else { "," };
                write!(f, "{sep}{}", GoIp(*ip))?;
            }
            f.write_str("] phase=Running")
        }
        SandboxStep::CniDel => write!(
            f,
            "CNI DEL kindnet: CNI_CONTAINERID={id} CNI_IFNAME={IF_NAME} CNI_NETNS={NETNS_RUN_DIR}/{netns}; plugins portmap, ptp (→ host-local)"
        ),
        SandboxStep::Released(ip) => {
            let ip = GoIp(ip);
            write!(
                f,
                "host-local released {ip}: removed {dir}/{ip} (last_reserved_ip unchanged)"
            )
        }
        SandboxStep::VethDeleted => write!(
            f,
            "deleted {IF_NAME} in the pod; its peer {host_veth} (ifindex {}) went with it",
            facts.host_index
        ),
        SandboxStep::Removed => write!(
            f,
            "sandbox {id} stopped, netns {NETNS_RUN_DIR}/{netns} removed"
        ),
    }
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Message {
    /// Whether the text is `other`, compared as it is written out, without building it.
    fn reads(&self, other: &str) -> bool {
        /// A writer that checks each piece against the rest of the expected text.
        struct Expect<'a>(&'a str);
        impl fmt::Write for Expect<'_> {
            fn write_str(&mut self, piece: &str) -> fmt::Result {
                self.0 = self.0.strip_prefix(piece).ok_or(fmt::Error)?;
                Ok(())
            }
        }
        let mut expect = Expect(other);
        fmt::write(&mut expect, format_args!("{self}")).is_ok() && expect.0.is_empty()
    }
}

impl PartialEq<str> for Message {
    fn eq(&self, other: &str) -> bool {
        self.reads(other)
    }
}

impl PartialEq<&str> for Message {
    fn eq(&self, other: &&str) -> bool {
        self.reads(other)
    }
}

/// An object's or node's name as the log holds it: shared, so the dozen entries one pod's life logs
/// point at one string instead of each copying it (the 256-node churn logs ~400,000 entries). It reads,
/// compares, prints and serialises as the plain string.
///
/// Two names are equal when they read the same; one shared string is recognised by its address first, so
/// a map keyed by `Name` and searched with a clone of its key (as the actors' queued work carries the pod's
/// or node's name) does not compare the text.
#[derive(Clone, Eq, PartialOrd, Ord)]
pub struct Name(Rc<str>);

impl PartialEq for Name {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

/// The text's hash, as [`Borrow<str>`] requires of a key searched by `&str`.
impl Hash for Name {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (*self.0).hash(state);
    }
}

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

/// So maps keyed by `Name` are searched with a `&str`.
impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
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
