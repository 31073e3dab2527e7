//! The path a Pod's address takes, as a tour draws it: kube-controller-manager splits the cluster
//! CIDR → the node's `spec.podCIDR` → the node's CNI agent → the conflist → the runtime runs CNI ADD →
//! the plugins → the kubelet writes the Pod's `status.podIPs`. On kindnet the agent writes the conflist;
//! on flannel's chain the conflist is static (kube-flannel's install-cni copies it, k3s writes its own)
//! and flanneld's `subnet.env` is what the flannel plugin reads at every ADD. The tour's introduction
//! draws the path whole, and each step lights the hops its own event belongs to.

use crate::i18n::{text, Text};
use crate::order;
use crate::sim::chain::Chain;
use crate::sim::Reason;
use crate::tours::Shows;

/// k3s' agent, which runs flannel inside its own process: the one stop named in words.
const K3S_FLANNEL: Text = text! {
    en: "k3s' flannel",
    zh: "k3s 内置的 flannel",
    ja: "k3s 組み込みの flannel",
};

/// One hop of the path, in the order an address travels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Hop {
    /// kube-controller-manager's node IPAM controller: the cluster CIDR split into node subnets.
    Controller,
    /// The node's `spec.podCIDR(s)`, where the controller's choice is written.
    PodCidr,
    /// The node's CNI agent, which reads the node's podCIDR: kindnetd, or flanneld.
    Agent,
    /// The conflist the runtime reads: kindnetd's, or the one kube-flannel's install-cni copies (k3s
    /// writes its own).
    Config,
    /// The container runtime (containerd), which starts the sandbox.
    Runtime,
    /// The CNI call it makes, ADD at start and DEL at removal.
    Cni,
    /// The chain's plugins: ptp + host-local, or flannel (reading `subnet.env`) → bridge + host-local.
    Plugins,
    /// The kubelet, which reads the sandbox's addresses back.
    Kubelet,
    /// The Pod's `status.podIPs`, what `kubectl get pod -o wide` prints.
    PodIps,
}

impl Hop {
    /// The path, in order.
    pub const ALL: [Hop; 9] = [
        Hop::Controller,
        Hop::PodCidr,
        Hop::Agent,
        Hop::Config,
        Hop::Runtime,
        Hop::Cni,
        Hop::Plugins,
        Hop::Kubelet,
        Hop::PodIps,
    ];

    /// The hop's name on a node of `chain`: upstream's names, the same in every language, but for k3s'
    /// flannel, which is no binary of its own.
    pub fn label(self, chain: Chain) -> Text {
        let name = match (self, chain) {
            (Hop::Controller, _) => "kube-controller-manager",
            (Hop::PodCidr, _) => "spec.podCIDR",
            (Hop::Agent, Chain::Kindnet) => "kindnetd",
            (Hop::Agent, Chain::Flannel) => "flanneld",
            (Hop::Agent, Chain::K3sFlannel) => return K3S_FLANNEL,
            (Hop::Agent, Chain::Calico) => "calico-node",
            (Hop::Agent, Chain::Canal) => "canal (flanneld)",
            (Hop::Config, Chain::Kindnet) => Chain::Kindnet.conflist_name(),
            (Hop::Config, Chain::Flannel) => "install-cni → 10-flannel.conflist",
            (Hop::Config, Chain::K3sFlannel) => "k3s → 10-flannel.conflist",
            (Hop::Config, Chain::Calico) => "install-cni → 10-calico.conflist",
            (Hop::Config, Chain::Canal) => "install-cni → 10-canal.conflist",
            (Hop::Runtime, _) => "containerd",
            (Hop::Cni, _) => "CNI ADD / DEL",
            (Hop::Plugins, Chain::Kindnet) => "ptp + host-local",
            (Hop::Plugins, Chain::Flannel | Chain::K3sFlannel) => {
                "subnet.env → flannel → bridge + host-local"
            }
            (Hop::Plugins, Chain::Calico) => "calico + calico-ipam",
            (Hop::Plugins, Chain::Canal) => "calico + host-local",
            (Hop::Kubelet, _) => "kubelet",
            (Hop::PodIps, _) => "status.podIPs",
        };
        Text::new(name, name, name)
    }

    /// The names of the hops said in words, with a name each, for the catalogs and the tests.
    pub fn texts() -> Vec<(String, Text)> {
        vec![("path k3s-flannel agent".to_string(), K3S_FLANNEL)]
    }

    /// The hops an event of `reason` happens at on a node of `chain`: where a step waiting for it
    /// stands on the path.
    pub fn of(reason: Reason, chain: Chain) -> &'static [Hop] {
        use Reason::*;
        match reason {
            // flanneld writes subnet.env for the flannel plugin; the conflist is install-cni's (or k3s').
            SubnetEnvWritten => &[Hop::Agent, Hop::Plugins],
            CNIConfigWritten if chain.is_flannel() => &[Hop::Config],
            NodeIpamStarted | CIDRAllocated | CIDROccupied | CIDRReleased | CIDRNotAvailable
            | NodeSyncRequeued => &[Hop::Controller],
            PodCIDRPatched => &[Hop::Controller, Hop::PodCidr],
            NodeRouteAdded
            | NodeRouteRemoved
            | KindnetReconcileFailed
            | FlannelLeaseFailed
            | VxlanDeviceCreated
            | IPPoolCreated
            | TunnelAddressAssigned
            | CalicoNodeFailed => &[Hop::Agent],
            CNIConfigWritten => &[Hop::Agent, Hop::Config],
            // The kubelet reports the runtime's "cni plugin not initialized" while no conflist exists.
            NetworkNotReady => &[Hop::Config, Hop::Runtime, Hop::Kubelet],
            SandboxCreated | SandboxChanged | SandboxRemoved => &[Hop::Runtime],
            FailedCreatePodSandBox => &[Hop::Runtime, Hop::Cni],
            CNIAdd | CNIDel => &[Hop::Runtime, Hop::Cni],
            IPAMReserve | IPAMRelease | BridgeCreated | BridgeGatewayAdded | VethCreated
            | RouteAdded | VethDeleted | RouteRemoved | BlockAffinity | BlockClaimed
            | IPBorrowed => &[Hop::Plugins],
            OutOfpods | Killing | PodTerminating => &[Hop::Kubelet],
            PodIPsAssigned | PodIPsCleared => &[Hop::Kubelet, Hop::PodIps],
            // The object goes, and with it what it held.
            NodeDeleted => &[Hop::PodCidr],
            PodDeleted => &[Hop::PodIps],
            // What a reboot means to the path: whether host-local's directory keeps its files.
            NodeReboot | Rebooted => &[Hop::Plugins],
            // What a reset leaves and the cure take are the plugins' bridge and files.
            NodeReset | LinkDeleted => &[Hop::Plugins],
            // No node is Ready while none has a CNI config: that is what keeps the pod unbound.
            FailedScheduling => &[Hop::Config],
            NodeRegistered | PodCreated | Scheduled => &[],
        }
    }
}

/// The hops a thing a step's picture shows stands at ([`Shows`]): host-local's files, the veths,
/// a pod's `/32` and a bridge's entries are the plugins'; a route to another node's subnet and the
/// device it leaves by are the agent's; `subnet.env` is the agent's output and the plugins' input.
pub fn hops_of(thing: &Shows) -> &'static [Hop] {
    match thing {
        Shows::PodCidr(_) => &[Hop::PodCidr],
        Shows::IpFile(_)
        | Shows::Veth(_)
        | Shows::VethAddress(_)
        | Shows::Bridge(_)
        | Shows::Gateway(_)
        | Shows::Neighbour(_)
        | Shows::NeighbourState(..) => &[Hop::Plugins],
        Shows::Route(prefix) if prefix.ends_with("/32") || prefix.ends_with("/128") => {
            &[Hop::Plugins]
        }
        Shows::Route(_) | Shows::RouteDev(_) => &[Hop::Agent],
        Shows::SubnetEnv(_) => &[Hop::Agent, Hop::Plugins],
        Shows::File(name) if name.ends_with(".conflist") => &[Hop::Config],
        Shows::File(_) => &[Hop::Agent, Hop::Plugins],
        Shows::Address(_) => &[Hop::PodIps],
        // calico-ipam's blocks and the addresses borrowed from them: what the plugins hand out.
        Shows::Block(_) | Shows::Borrowed(_) => &[Hop::Plugins],
        Shows::Node(_) | Shows::Pod(_) | Shows::Packet(..) => &[],
    }
}

/// Where a step stands on the path: its event's hops, with those of what its picture shows; where
/// the two do not meet, the picture's alone — a step whose picture is elsewhere on the path than its
/// event is about what it shows (b deleted is about the file, veth and route its object leaves behind;
/// the packet across nodes about the routes it takes, not the kubelet that ran db).
pub fn step_hops(event: &[Hop], shown: &[Hop]) -> Vec<Hop> {
    let meet = event.iter().any(|hop| shown.contains(hop));
    let mut lit: Vec<Hop> = match (meet, shown.is_empty()) {
        (false, false) => shown.to_vec(),
        _ => event.iter().chain(shown).copied().collect(),
    };
    order::sort(&mut lit);
    lit.dedup();
    lit
}

/// The path as a tour draws it: the chain its nodes run, and the hops lit (none in the introduction,
/// which draws the path whole).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathShown {
    /// The chain the hops are named for.
    pub chain: Chain,
    /// The hops the step stands at.
    pub lit: Vec<Hop>,
}

impl PathShown {
    /// Each hop with its name and whether it is lit.
    pub fn hops(&self) -> impl Iterator<Item = (Hop, Text, bool)> + '_ {
        Hop::ALL
            .into_iter()
            .map(|hop| (hop, hop.label(self.chain), self.lit.contains(&hop)))
    }
}

#[cfg(test)]
mod tests;
