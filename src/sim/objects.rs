//! The API objects (Nodes, Pods) and what the machine behind a node holds: its namespaces, host-local's
//! store, the conflist and the sandboxes. Plain data: the actors change them, the views read them.

use super::chain::Chain;
use super::clock::VirtualTime;
use super::name::Name;
use super::object::ObjectRef;
use super::sandbox::SandboxFacts;
use super::settings::IpamDataDir;
use crate::ipam::flannel::ScratchStore;
use crate::ipam::hostlocal::{IpamConfig, Store};
use crate::ipam::kindnet::CniConfigWriter;
use crate::ipam::ptp::{NetNs, Uplink};
use rustc_hash::FxHasher;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::net::IpAddr;
use std::rc::Rc;

/// A hash map with rustc's Fx hash: fast on short keys, and the same on every platform.
pub(crate) type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// A pod created without a node that kube-scheduler has not bound yet ([`super::scheduler`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unscheduled {
    pub name: Name,
    /// `spec.tolerations`.
    pub tolerations: Vec<super::taints::Toleration>,
    /// Whether its `FailedScheduling` Event is recorded: the recorder counts a repeat on that one
    /// Event (`x2 over …`) rather than adding another, so it is told once.
    pub failed: bool,
}

/// A Node object and the machine behind it.
#[derive(Debug, Clone)]
pub(crate) struct NodeObj {
    /// Tells apart two nodes of one name (deleted and re-added).
    pub(crate) uid: u64,
    /// The node's name, shared by the events of everything on it.
    pub(crate) name: Name,
    /// `spec.podCIDRs` as stored (strings).
    pub(crate) pod_cidrs: Vec<String>,
    /// `status.addresses` of type InternalIP, IPv4 first: what kindnetd routes the node's podCIDRs via.
    pub(crate) internal_ips: Vec<IpAddr>,
    /// The node's root network namespace.
    pub(crate) netns: NetNs,
    /// Its neighbour table's entries for pod addresses.
    pub(crate) neighbours: super::neighbours::Neighbours,
    /// Its `eth0` on the kind network, from which the namespace is built again at boot.
    pub(crate) uplink: Uplink,
    /// The `dataDir` of the conflist this node's kindnetd writes (fixed when the node was added); on a
    /// flannel node host-local's default, `/var/lib/cni/networks`.
    pub(crate) ipam_data_dir: IpamDataDir,
    /// The CNI chain it runs (fixed when the node was added).
    pub(crate) cni: Chain,
    /// flanneld's and the flannel plugin's files, on a flannel node.
    pub(crate) flannel: Option<Box<FlannelFiles>>,
    /// The node's own flanneld annotated it (`flannel.alpha.coreos.com/kube-subnet-manager: "true"`,
    /// `public-ip`, `backend-data` with its VtepMAC): only then is its podCIDR a lease the other nodes'
    /// flanneld route (`handleAddLeaseEvent`).
    pub(crate) flannel_annotated: bool,
    /// How many times the machine booted after its first start; a reboot ends the loops of the boot before.
    pub(crate) boot: u32,
    /// Down between a `node reboot` and its kubelet's start.
    pub(crate) down: bool,
    /// Sandboxes containerd still has on record from before a reboot (ID and what ADD gave them),
    /// whose network namespace is gone: `StopPodSandbox` runs CNI DEL for them with `CNI_NETNS=""`.
    pub(crate) dead_sandboxes: Vec<(Name, Rc<SandboxFacts>)>,
    /// host-local's directory `/run/cni-ipam-state/kindnet`, from the first CNI call on.
    pub(crate) store: Option<Store>,
    /// The store's path, shared by the entries that name it.
    pub(crate) store_dir: Option<Rc<str>>,
    /// `/etc/cni/net.d/10-kindnet.conflist`, once kindnetd wrote it. Shared, as every sandbox reads it.
    pub(crate) conflist: Option<Rc<str>>,
    /// kindnetd's writer (remembers the last inputs).
    pub(crate) writer: CniConfigWriter,
    /// host-local's view of the current conflist and ptp's `mtu` from it (see `runtime::load_chain`).
    pub(crate) chain: Option<Rc<LoadedChain>>,
    /// Pod sandboxes by sandbox ID (looked up with the ID the pod or the queued work shares, so the
    /// 64-digit keys are recognised by address).
    pub(crate) sandboxes: FxHashMap<Name, Sandbox>,
    /// How many pods the kubelet admitted here and still counts against `--max-pods`: those whose
    /// object exists and that were not rejected (the admission handler counts the pod manager's pods).
    pub(crate) admitted_pods: u32,
}

/// What flanneld and the flannel plugin keep on a node.
#[derive(Debug, Clone, Default)]
pub(crate) struct FlannelFiles {
    /// `/run/flannel/subnet.env`, once flanneld wrote it (on tmpfs: gone with a reboot).
    pub(crate) subnet_env: Option<Rc<str>>,
    /// `/var/lib/cni/flannel`: each sandbox's delegate configuration (on disk).
    pub(crate) scratch: ScratchStore,
    /// `flannel.1`'s ifindex, once flanneld made it.
    pub(crate) vxlan: Option<u32>,
    /// flanneld is running: started and not exited (k3s' waits in `waitForPodCIDR` meanwhile).
    pub(crate) running: bool,
    /// How many times kube-flannel's container exited since the machine booted: the kubelet's
    /// back-off for its next restart (kept in the kubelet's memory, so a reboot forgets it).
    pub(crate) exits: u32,
}

/// The conflist as the plugins read it.
#[derive(Debug, Clone)]
pub(crate) struct LoadedChain {
    /// host-local's `LoadIPAMConfig` of the ptp entry (no requested IP).
    pub(crate) ipam: IpamConfig,
    /// The conflist's `cniVersion`.
    pub(crate) cni_version: String,
    /// ptp's `mtu`, 0 when absent.
    pub(crate) mtu: u32,
}

/// A pod sandbox on a node: its netns and what CNI ADD gave it.
#[derive(Debug, Clone)]
pub(crate) struct Sandbox {
    /// What CNI ADD did for it.
    pub(crate) facts: Rc<SandboxFacts>,
    /// The pod's network namespace, boxed so the room a node's sandbox table keeps spare stays small.
    pub(crate) netns: Box<NetNs>,
    /// When CNI DEL is due, once the pod is going away.
    pub(crate) del_at: Option<VirtualTime>,
}

/// `status.phase` of a pod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodPhase {
    /// Not running yet (no sandbox, or no IP written yet).
    Pending,
    /// The sandbox has its IPs and the kubelet wrote them.
    Running,
    /// The kubelet rejected it at admission (`OutOfpods`): it never runs.
    Failed,
}

/// A Pod object.
#[derive(Debug, Clone)]
pub(crate) struct PodObj {
    /// Tells apart two pods of one name.
    pub(crate) uid: u64,
    /// `metadata.name`.
    pub(crate) name: Name,
    /// `pod/<name>`, the object of its events.
    pub(crate) object: ObjectRef,
    /// `spec.nodeName`.
    pub(crate) node: Name,
    /// The uid of the node it was bound to when created.
    pub(crate) node_uid: u64,
    /// `CNI_ARGS` `IP=`, if requested.
    pub(crate) requested_ip: Option<Rc<str>>,
    /// `status.phase`.
    pub(crate) phase: PodPhase,
    /// The sandbox whose IPs the kubelet wrote as `status.podIPs` (shared, not copied per pod).
    pub(crate) status_sandbox: Option<Rc<SandboxFacts>>,
    /// The current sandbox's ID (`CNI_CONTAINERID`).
    pub(crate) sandbox_id: Option<Name>,
    /// Whether the kubelet tried to start it (kubectl then says `ContainerCreating`).
    pub(crate) sync_started: bool,
    /// `metadata.deletionTimestamp`, once deleted gracefully.
    pub(crate) deletion: Option<VirtualTime>,
}

impl PodObj {
    /// `status.podIPs`.
    pub(crate) fn ips(&self) -> &[IpAddr] {
        self.status_sandbox.as_ref().map_or(&[], |s| s.ips())
    }
}
