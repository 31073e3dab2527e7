//! The event log: what `kubectl get events` would show, interleaved with the low-level steps under it.

use super::clock::{VirtualDuration, VirtualTime};
use super::runtime::{SandboxFacts, IF_NAME};
use super::upstream::Upstream;
use crate::ipam::goip::GoIp;
use crate::ipam::ptp::iproute2::RouteLine;
use crate::ipam::ptp::links::IfName;
use crate::ipam::ptp::netns::NETNS_RUN_DIR;
use crate::ipam::ptp::routes::Route;
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
    /// kindnetd added a route to another node's podCIDR via its InternalIP (`syncRoute`).
    NodeRouteAdded,
    /// kindnetd removed a route to a podCIDR through a gateway that is not its node's InternalIP.
    NodeRouteRemoved,
    /// A pass of kindnetd's reconcile loop failed.
    KindnetReconcileFailed,
    /// `NetworkNotReady` Event: no CNI config yet.
    NetworkNotReady,
    /// Pod object created.
    PodCreated,
    /// The kubelet rejected the pod at admission: its node runs `--max-pods` pods already.
    OutOfpods,
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

/// What an entry touched, for a view to point at: the node, the pod, and for a sandbox's step the IP
/// file, host veth or node route of that step, each named as the node's listings name it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Touched {
    /// The node it happened on or concerns.
    pub node: Option<String>,
    /// The pod, for the entries of a `pod/<name>`.
    pub pod: Option<String>,
    /// host-local's IP file (named by its address), reserved or released.
    pub ip_file: Option<String>,
    /// The node's end of the veth pair, created or deleted.
    pub veth: Option<String>,
    /// The node route as `ip route` prints it, added or removed.
    pub route: Option<String>,
}

impl Event {
    /// What this entry touched.
    pub fn touched(&self) -> Touched {
        let mut touched = Touched {
            node: self
                .node
                .as_deref()
                .or_else(|| self.object.strip_prefix("node/"))
                .map(str::to_string),
            pod: self.object.strip_prefix("pod/").map(str::to_string),
            ..Touched::default()
        };
        if let Message::NodeRoute(change) = &self.message {
            touched.route = Some(change.line().to_string());
        }
        if let Message::Sandbox { step, facts } = &self.message {
            let host_veth = &*facts.host_veth;
            match *step {
                SandboxStep::Reserved(n) | SandboxStep::Released(n) => {
                    touched.ip_file = facts
                        .reserved
                        .get(usize::from(n))
                        .map(|ip| GoIp(*ip).to_string());
                }
                SandboxStep::VethCreated | SandboxStep::VethDeleted => {
                    touched.veth = Some(host_veth.to_string());
                }
                SandboxStep::RouteAdded(n) | SandboxStep::RouteRemoved(n) => {
                    touched.route = facts.routes.get(usize::from(n)).map(|route| {
                        RouteLine {
                            route,
                            dev: Some(host_veth),
                        }
                        .to_string()
                    });
                }
                _ => {}
            }
        }
        touched
    }
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
    PodCreated(Rc<PodCreation>),
    /// `Pod <name> <why>`: the object is gone.
    PodDeleted {
        /// `pod/<name>`.
        object: Name,
        /// Who deleted it and why.
        why: PodDeletion,
    },
    /// The pod got a `deletionTimestamp` (boxed: graceful deletes are few, and the log's entries are
    /// as large as their largest kind).
    PodTerminating(Box<PodTermination>),
    /// kindnetd changed a route to another node's podCIDR.
    NodeRoute(Rc<NodeRouteChange>),
    /// A step of a sandbox's life, told from what containerd and the CNI plugins did for it.
    Sandbox {
        /// Which step.
        step: SandboxStep,
        /// The sandbox.
        facts: Rc<SandboxFacts>,
    },
}

/// What a [`Message::NodeRoute`] tells: the route kindnetd's `syncRoute` added or removed on its node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeRouteChange {
    /// The other node, whose podCIDR the route leads to.
    pub to_node: Name,
    /// The route, as in the node's table.
    pub route: Route,
    /// Its device's name (`eth0`).
    pub dev: IfName,
    /// Added (`Adding route`) or removed (`Removing invalid route`).
    pub added: bool,
}

impl NodeRouteChange {
    /// The route as `ip route` prints it on the node.
    pub fn line(&self) -> RouteLine<'_> {
        RouteLine {
            route: &self.route,
            dev: Some(self.dev.as_str()),
        }
    }
}

/// What a [`Message::PodCreated`] tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodCreation {
    /// `pod/<name>`.
    pub object: Name,
    /// `spec.nodeName`.
    pub node: Name,
    /// `CNI_ARGS` `IP=`, if requested.
    pub requested_ip: Option<Rc<str>>,
}

/// What a [`Message::PodTerminating`] tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodTermination {
    /// `pod/<name>`.
    pub object: Name,
    /// The grace period.
    pub grace: VirtualDuration,
}

/// Who deleted a Pod object, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodDeletion {
    /// `kubectl delete --grace-period=0 --force`.
    Immediate,
    /// The status manager, once the pod terminated.
    StatusManager,
    /// podgc, for a pod bound to a node that is gone.
    Orphaned,
}

impl PodDeletion {
    /// The rest of `Pod <name> …`.
    pub fn text(self) -> &'static str {
        match self {
            PodDeletion::Immediate => "deleted (grace period 0: the object is gone at once)",
            PodDeletion::StatusManager => "terminated: the status manager deleted the object",
            PodDeletion::Orphaned => "bound to a node that no longer exists: deleted by podgc",
        }
    }
}

/// The sandbox steps a [`Message::Sandbox`] tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxStep {
    /// `RunPodSandbox`: ID and netns.
    Created,
    /// libcni's ADD with its environment.
    CniAdd,
    /// host-local reserved the sandbox's address of range set `n`.
    Reserved(u16),
    /// ptp made the veth pair.
    VethCreated,
    /// ptp added node route `n` (of [`SandboxFacts::routes`]).
    RouteAdded(u16),
    /// The kubelet wrote `status.podIPs`.
    PodIps,
    /// libcni's DEL.
    CniDel,
    /// host-local removed the file of reserved address `n` (of [`SandboxFacts::reserved`]).
    Released(u16),
    /// The pod's `eth0` was deleted, its peer with it.
    VethDeleted,
    /// Node route `n` went with the veth.
    RouteRemoved(u16),
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
            Message::PodCreated(created) => {
                write!(
                    f,
                    "Pod {} created with spec.nodeName={}",
                    pod_name(&created.object),
                    created.node
                )?;
                match &created.requested_ip {
                    Some(ip) => write!(f, ", requesting IP {ip}"),
                    None => Ok(()),
                }
            }
            Message::PodDeleted { object, why } => {
                write!(f, "Pod {} {}", pod_name(object), why.text())
            }
            Message::PodTerminating(terminating) => write!(
                f,
                "Pod {} deleted with grace period {}: deletionTimestamp set, Terminating",
                pod_name(&terminating.object),
                terminating.grace
            ),
            Message::NodeRoute(change) if change.added => write!(
                f,
                "kindnetd syncRoute: to node {}'s podCIDR via its InternalIP: {}",
                change.to_node,
                change.line()
            ),
            Message::NodeRoute(change) => write!(
                f,
                "kindnetd syncRoute: Removing invalid route (its gateway is not node {}'s InternalIP): {}",
                change.to_node,
                change.line()
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
                 CNI_ARGS=IgnoreUnknown=1;K8S_POD_NAMESPACE=default;K8S_POD_NAME={};K8S_POD_INFRA_CONTAINER_ID={id};K8S_POD_UID={}",
                facts.pod(),
                facts.pod_uid
            )?;
            if let Some(ip) = &facts.requested_ip {
                write!(f, ";IP={ip}")?;
            }
            f.write_str("; plugins ptp (→ host-local), portmap")
        }
        SandboxStep::Reserved(range) => {
            let Some(ip) = facts.reserved.get(usize::from(range)).map(|ip| GoIp(*ip)) else {
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
            match facts.routes.get(usize::from(n)) {
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
            if let Some(primary) = facts.ips().first() {
                write!(f, "{}", GoIp(*primary))?;
            }
            f.write_str(" status.podIPs=[")?;
            for (i, ip) in facts.ips().iter().enumerate() {
                let sep = if i == 0 { "" } else { "," };
                write!(f, "{sep}{}", GoIp(*ip))?;
            }
            f.write_str("] phase=Running")
        }
        SandboxStep::CniDel => write!(
            f,
            "CNI DEL kindnet: CNI_CONTAINERID={id} CNI_IFNAME={IF_NAME} CNI_NETNS={NETNS_RUN_DIR}/{netns}; plugins portmap, ptp (→ host-local)"
        ),
        SandboxStep::Released(n) => match facts.reserved.get(usize::from(n)) {
            Some(ip) => fmt::Display::fmt(&ReleasedText { ip: *ip, dir }, f),
            None => Ok(()),
        },
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

/// host-local's release of `ip` from the store at `dir`.
pub(crate) struct ReleasedText<'a> {
    /// The address released.
    pub(crate) ip: IpAddr,
    /// The store's directory.
    pub(crate) dir: &'a str,
}

impl fmt::Display for ReleasedText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ip, dir) = (GoIp(self.ip), self.dir);
        write!(
            f,
            "host-local released {ip}: removed {dir}/{ip} (last_reserved_ip unchanged)"
        )
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

/// An object's or node's name, or a sandbox's ID, as the log and the maps hold it: shared, so the dozen
/// entries one pod's life logs point at one string instead of each copying it (the 256-node churn logs
/// ~400,000 entries). It reads, compares, prints and serialises as the plain string.
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

impl Name {
    /// `<prefix><name>`, e.g. a pod's `pod/<name>` object, built in a stack buffer when it fits: one
    /// allocation (the shared string) instead of a `String` first, per pod of a run.
    pub(crate) fn prefixed(prefix: &str, name: &str) -> Name {
        let mut buffer = [0u8; 320];
        let len = prefix.len() + name.len();
        match buffer.get_mut(..len) {
            Some(out) => {
                out[..prefix.len()].copy_from_slice(prefix.as_bytes());
                out[prefix.len()..].copy_from_slice(name.as_bytes());
                // Two `str`s joined: always UTF-8.
                Name::from(std::str::from_utf8(out).unwrap_or_default())
            }
            None => Name::from([prefix, name].concat()),
        }
    }
}

impl From<&str> for Name {
    fn from(name: &str) -> Self {
        Name(Rc::from(name))
    }
}

/// A string already shared (a sandbox ID as containerd's generator made it) becomes a name without a copy.
impl From<Rc<str>> for Name {
    fn from(name: Rc<str>) -> Self {
        Name(name)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A large run logs ~400,000 entries, and an entry is as large as its largest kind of message:
    /// rare kinds are boxed, sandbox steps number their facts instead of copying them.
    #[test]
    fn an_entry_stays_small() {
        assert!(
            std::mem::size_of::<Message>() <= 24,
            "{}",
            std::mem::size_of::<Message>()
        );
        assert!(
            std::mem::size_of::<Event>() <= 80,
            "{}",
            std::mem::size_of::<Event>()
        );
    }

    /// A pod's object name, from the stack buffer and, for a name longer than it, from a `String`.
    #[test]
    fn prefixed_names() {
        assert_eq!(&*Name::prefixed("pod/", "a"), "pod/a");
        assert_eq!(&*Name::prefixed("", ""), "");
        let long = "x".repeat(400);
        assert_eq!(&*Name::prefixed("pod/", &long), format!("pod/{long}"));
    }
}
