//! An entry's message: the facts it is written from, and the texts of the log (upstream's where
//! upstream logs one).

use super::chain::Chain;
use super::clock::VirtualDuration;
use super::name::Name;
use super::object::ObjectRef;
use super::sandbox::{SandboxFacts, IF_NAME};
use crate::ipam::calico::node::{BirdHop, BirdRoute};
use crate::ipam::calico::plugin::NETWORK_NAME;
use crate::ipam::goip::GoIp;
use crate::ipam::ptp::iproute2::RouteLine;
use crate::ipam::ptp::links::IfName;
use crate::ipam::ptp::netns::NETNS_RUN_DIR;
use crate::ipam::ptp::routes::Route;
use ipnet::IpNet;
use serde::{Serialize, Serializer};
use std::fmt;
use std::net::IpAddr;
use std::rc::Rc;

/// An entry's message, kept as the facts it is made of and written out only when shown (its `Display`,
/// and its serialisation as a string, are the text): a large run logs ~400,000 entries, a view shows a
/// few dozen.
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
        object: ObjectRef,
        /// Who deleted it and why.
        why: PodDeletion,
    },
    /// The pod got a `deletionTimestamp` (boxed: graceful deletes are few, and the log's entries are
    /// as large as their largest kind).
    PodTerminating(Box<PodTermination>),
    /// kindnetd changed a route to another node's podCIDR.
    NodeRoute(Rc<NodeRouteChange>),
    /// A node's BIRD added or removed a route (boxed: a large Calico run logs one per node per block).
    BirdRoute {
        /// The route, as in the node's table.
        route: Box<BirdRoute>,
        /// Added, or removed.
        added: bool,
    },
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
    /// The chain whose agent changed it: kindnetd's `syncRoute`, or flanneld's `handleSubnetEvents`.
    pub chain: Chain,
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
    pub object: ObjectRef,
    /// `spec.nodeName`.
    pub node: Name,
    /// `CNI_ARGS` `IP=`, if requested.
    pub requested_ip: Option<Rc<str>>,
}

/// What a [`Message::PodTerminating`] tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodTermination {
    /// `pod/<name>`.
    pub object: ObjectRef,
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
    /// libcni's DEL with an empty `CNI_NETNS`: the sandbox's netns went with a reboot.
    CniDelNoNetns,
    /// host-local removed the file of reserved address `n` (of [`SandboxFacts::reserved`]).
    Released(u16),
    /// calico-ipam assigned the sandbox's addresses in its block of this prefix length, affine to the
    /// node (`AutoAssign`).
    BlockAssigned(u8),
    /// calico-ipam released the sandbox's addresses in its block of this prefix length
    /// (`ReleaseByHandle`).
    BlockReleased(u8),
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

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Text(text) => f.write_str(text),
            Message::Static(text) => f.write_str(text),
            Message::PodCreated(created) => {
                write!(
                    f,
                    "Pod {} created with spec.nodeName={}",
                    created.object.name(),
                    created.node
                )?;
                match &created.requested_ip {
                    Some(ip) => write!(f, ", requesting IP {ip}"),
                    None => Ok(()),
                }
            }
            Message::PodDeleted { object, why } => {
                write!(f, "Pod {} {}", object.name(), why.text())
            }
            Message::PodTerminating(terminating) => write!(
                f,
                "Pod {} deleted with grace period {}: deletionTimestamp set, Terminating",
                terminating.object.name(),
                terminating.grace
            ),
            Message::NodeRoute(change) if change.chain.runs_flanneld() => write!(
                f,
                "flanneld handleSubnetEvents: {} node {}'s lease through flannel.1: {}",
                if change.added { "route to" } else { "removed the route to" },
                change.to_node,
                change.line()
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
            Message::BirdRoute { route, added } => {
                let why = match (route.hop, route.dst.prefix_len() == route.dst.max_prefix_len()) {
                    (BirdHop::Blackhole, _) => "the node's own block, exported to its peers",
                    (BirdHop::Via(_), false) => "another node's block, learned over BGP",
                    (BirdHop::Via(_), true) => {
                        "an address another node borrowed, learned over BGP as a /32"
                    }
                };
                let verb = if *added { "added" } else { "removed" };
                write!(f, "BIRD {verb} the route {route} ({why})")
            }
            Message::Sandbox { step, facts } => sandbox_text(f, *step, facts),
        }
    }
}

/// The block of the sandbox's first address with `prefix`, and its addresses in it.
fn in_block(facts: &SandboxFacts, prefix: u8) -> (String, GoIps) {
    let block = facts
        .reserved
        .first()
        .and_then(|ip| IpNet::new(*ip, prefix).ok())
        .map(|net| net.trunc());
    let ips = facts
        .reserved
        .iter()
        .filter(|ip| block.is_some_and(|block| block.contains(*ip)))
        .copied()
        .collect();
    (block.map(|b| b.to_string()).unwrap_or_default(), GoIps(ips))
}

/// Addresses as Go prints them, joined by ", ".
pub(crate) struct GoIps(pub(crate) Vec<IpAddr>);

impl fmt::Display for GoIps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, ip) in self.0.iter().enumerate() {
            if n > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", GoIp(*ip))?;
        }
        Ok(())
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
    let network = facts.chain.network();
    let del_plugins = facts.chain.del_plugins();
    match step {
        SandboxStep::Created => write!(
            f,
            "RunPodSandbox: sandbox {id}, netns {NETNS_RUN_DIR}/{netns}"
        ),
        SandboxStep::CniAdd => {
            write!(
                f,
                "CNI ADD {network}: CNI_CONTAINERID={id} CNI_IFNAME={IF_NAME} CNI_NETNS={NETNS_RUN_DIR}/{netns} \
                 CNI_ARGS=IgnoreUnknown=1;K8S_POD_NAMESPACE=default;K8S_POD_NAME={};K8S_POD_INFRA_CONTAINER_ID={id};K8S_POD_UID={}",
                facts.pod(),
                facts.pod_uid
            )?;
            if let Some(ip) = &facts.requested_ip {
                write!(f, ";IP={ip}")?;
            }
            write!(f, "; plugins {}", facts.chain.add_plugins())
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
        SandboxStep::VethCreated => {
            write!(
                f,
                "veth pair: {host_veth}@if{eth0} on the node (ifindex {host}) <-> {IF_NAME}@if{host} in {netns} (ifindex {eth0})",
                eth0 = facts.eth0_index,
                host = facts.host_index
            )?;
            match &facts.bridge {
                Some(bridge) => write!(f, "; {host_veth} is a port of {bridge} (hairpin on)"),
                None => Ok(()),
            }
        }
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
            "CNI DEL {network}: CNI_CONTAINERID={id} CNI_IFNAME={IF_NAME} CNI_NETNS={NETNS_RUN_DIR}/{netns}; plugins {del_plugins}"
        ),
        SandboxStep::CniDelNoNetns => write!(
            f,
            "CNI DEL {network}: CNI_CONTAINERID={id} CNI_IFNAME={IF_NAME} CNI_NETNS= (its netns {netns} went with the reboot); plugins {del_plugins}"
        ),
        SandboxStep::Released(n) => match facts.reserved.get(usize::from(n)) {
            Some(ip) => fmt::Display::fmt(&ReleasedText { ip: *ip, dir }, f),
            None => Ok(()),
        },
        SandboxStep::BlockAssigned(prefix) => {
            let (block, ips) = in_block(facts, prefix);
            write!(
                f,
                "calico-ipam assigned {ips} from block {block}, affine to this node: the lowest address on the block's unallocated list; handle {NETWORK_NAME}.{id}"
            )
        }
        SandboxStep::BlockReleased(prefix) => {
            let (block, ips) = in_block(facts, prefix);
            write!(
                f,
                "calico-ipam released {ips} from block {block} (ReleaseByHandle {NETWORK_NAME}.{id}): back on the block's unallocated list, at its end"
            )
        }
        SandboxStep::VethDeleted => {
            write!(
                f,
                "deleted {IF_NAME} in the pod; its peer {host_veth} (ifindex {}) went with it",
                facts.host_index
            )?;
            match &facts.bridge {
                Some(bridge) => write!(f, ", leaving {bridge}"),
                None => Ok(()),
            }
        }
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
