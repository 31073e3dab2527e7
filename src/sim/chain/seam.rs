//! The seam between a node's life and its chain: `Actors`, the functions a chain gives for each moment
//! (registration or boot, its agent's start, CNI ADD, CNI DEL), and `Told`, what an ADD or a DEL did
//! as the log tells it, in the plugins' own order.

use crate::ipam::ptp::NetNs;
use crate::sim::cluster::Cluster;
use crate::sim::event::Reason;
use crate::sim::message::SandboxStep;
use crate::sim::name::Name;
use crate::sim::sandbox::SandboxFacts;
use crate::sim::upstream::Upstream;
use std::net::IpAddr;

/// A chain's row of actors.
pub(crate) struct Actors {
    /// The node registered or its machine booted, before containerd and the kubelet start (k3s writes
    /// its conflist then).
    pub(crate) prepare: fn(&mut Cluster, &str),
    /// The node's machine went down to reboot.
    pub(crate) down: fn(&mut Cluster, &str),
    /// The Node object was deleted (a cluster-wide controller of the chain cleans up after it).
    pub(crate) deleted: fn(&mut Cluster, &str),
    /// The node's CNI agent starts (kindnetd, the flannel pod), for the node of this uid and boot.
    pub(crate) start_agent: fn(&mut Cluster, &str, u64, u32),
    /// CNI ADD of a sandbox on a node whose conflist is written: fills in the facts and returns its
    /// steps, or the first plugin's error after containerd's teardown DEL through the chain.
    pub(crate) add: CniAdd,
    /// CNI DEL of a sandbox on the named node, its pod's namespace given when it is still there;
    /// returns its steps.
    pub(crate) del: fn(&mut Cluster, &Name, Option<&mut NetNs>, &SandboxFacts) -> Vec<Told>,
}

/// A chain's CNI ADD of a sandbox on the named node, into the pod's namespace: its steps, or the first
/// plugin's error.
pub(crate) type CniAdd =
    fn(&mut Cluster, &Name, &mut SandboxFacts, &mut NetNs) -> Result<Vec<Told>, String>;

/// One step of an ADD or a DEL, as the log tells it on the sandbox's pod and node.
#[derive(Debug)]
pub(crate) enum Told {
    /// A step told from the sandbox's facts.
    Step(SandboxStep, &'static Upstream),
    /// A step told in its own words.
    Text(Reason, String, &'static Upstream),
    /// The IPAM plugin released these addresses.
    Released(Vec<IpAddr>),
}

/// How many of a sandbox's reservations or routes its entries can number (a `u16` keeps an entry
/// small); a sandbox has one or two of each.
pub(crate) fn step_count(len: usize) -> u16 {
    u16::try_from(len).unwrap_or(u16::MAX)
}

/// Nothing to do at this moment.
pub(crate) fn nothing(_: &mut Cluster, _: &str) {}
