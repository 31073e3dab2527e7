//! The event log's entries: what `kubectl get events` would show, interleaved with the low-level steps
//! under it, and what each entry touched.

use super::clock::VirtualTime;
use super::message::{Message, SandboxStep};
use super::name::Name;
use super::object::ObjectRef;
use super::upstream::Upstream;
use crate::ipam::goip::GoIp;
use crate::ipam::ptp::iproute2::RouteLine;
use serde::Serialize;

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
    /// The node's machine went down to reboot.
    NodeReboot,
    /// `kubeadm reset` ran on the node's machine (its sandboxes stopped, the CNI's files and links
    /// left); the Node object is deleted next.
    NodeReset,
    /// `ip link delete` ran on a node's machine.
    LinkDeleted,
    /// `Rebooted` Event: the kubelet found a new boot ID.
    Rebooted,
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
    /// kindnetd wrote the conflist (or, on a flannel cluster, kube-flannel's init container or k3s
    /// installed it).
    CNIConfigWritten,
    /// kindnetd added a route to another node's podCIDR via its InternalIP (`syncRoute`), or flanneld
    /// one to another node's lease through `flannel.1` (`handleSubnetEvents`).
    NodeRouteAdded,
    /// kindnetd removed a route to a podCIDR through a gateway that is not its node's InternalIP, or
    /// flanneld the route to a lease that is gone.
    NodeRouteRemoved,
    /// A pass of kindnetd's reconcile loop failed.
    KindnetReconcileFailed,
    /// flanneld's `RegisterNetwork` failed: no podCIDR on its node, one outside `net-conf.json`'s
    /// `Network` (`AcquireLease`), or no IPv4 lease under an IPv4 `Network` (`configureDeviceIPv4IPv6`).
    /// kube-flannel's container exits and the kubelet restarts it.
    FlannelLeaseFailed,
    /// flanneld made its vxlan device `flannel.1`.
    VxlanDeviceCreated,
    /// flanneld wrote `/run/flannel/subnet.env`.
    SubnetEnvWritten,
    /// `NetworkNotReady` Event: no CNI config yet.
    NetworkNotReady,
    /// Pod object created.
    PodCreated,
    /// kube-scheduler found no node for a pod created without one: every node is NotReady and
    /// carries the `node.kubernetes.io/not-ready:NoSchedule` taint.
    FailedScheduling,
    /// kube-scheduler bound a pod created without a node (`Successfully assigned …`).
    Scheduled,
    /// The kubelet rejected the pod at admission: its node runs `--max-pods` pods already.
    OutOfpods,
    /// containerd made the sandbox and its netns.
    SandboxCreated,
    /// CNI ADD started.
    CNIAdd,
    /// host-local reserved an address.
    IPAMReserve,
    /// The bridge plugin made the node's bridge `cni0` and set it up, with no address yet (the first
    /// pod's ADD, `setupBridge`).
    BridgeCreated,
    /// The bridge plugin put the gateway on `cni0` (`ensureAddr`, after IPAM and the pod's interface),
    /// and with it the kernel's connected route to the node's subnet.
    BridgeGatewayAdded,
    /// ptp (or the bridge plugin) made the veth pair.
    VethCreated,
    /// ptp added the `/32` route on the node.
    RouteAdded,
    /// The kubelet wrote `status.podIPs`.
    PodIPsAssigned,
    /// The kubelet wrote empty `status.podIPs`: the pod has no ready sandbox (after a reboot).
    PodIPsCleared,
    /// `SandboxChanged` Event: the pod's sandbox is not ready, so the kubelet kills it and creates a new one.
    SandboxChanged,
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
    /// calico-node created the default IP pool (`configureIPPools`).
    IPPoolCreated,
    /// A `BlockAffinity` was written (pending, confirmed) or deleted (`claimAffineBlock`,
    /// `releaseBlockAffinity`).
    BlockAffinity,
    /// An `IPAMBlock` was created with the node's affinity (`claimAffineBlock`).
    BlockClaimed,
    /// calico-ipam gave a pod an address from a block affine to another node (`AutoAssign`'s borrowing).
    IPBorrowed,
    /// calico-node gave `tunl0` its address (`assignHostTunnelAddr`).
    TunnelAddressAssigned,
    /// calico-node's startup failed and it exits (`createIPPool`, `utils.Terminate`).
    CalicoNodeFailed,
}

impl Reason {
    /// The reason of the entry that tells a sandbox step.
    pub fn for_sandbox_step(step: SandboxStep) -> Self {
        match step {
            SandboxStep::Created => Reason::SandboxCreated,
            SandboxStep::CniAdd => Reason::CNIAdd,
            SandboxStep::Reserved(_) | SandboxStep::BlockAssigned(_) => Reason::IPAMReserve,
            SandboxStep::VethCreated => Reason::VethCreated,
            SandboxStep::RouteAdded(_) => Reason::RouteAdded,
            SandboxStep::PodIps => Reason::PodIPsAssigned,
            SandboxStep::CniDel | SandboxStep::CniDelNoNetns => Reason::CNIDel,
            SandboxStep::Released(_) | SandboxStep::BlockReleased(_) => Reason::IPAMRelease,
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
    pub object: ObjectRef,
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
    /// The node's CNI configuration, written: its conflist, or flanneld's `subnet.env`.
    pub conflist: bool,
}

impl Event {
    /// What this entry touched.
    pub fn touched(&self) -> Touched {
        let mut touched = Touched {
            node: self
                .node
                .as_deref()
                .or_else(|| self.object.as_node())
                .map(str::to_string),
            pod: self.object.as_pod().map(str::to_string),
            ..Touched::default()
        };
        // flanneld's subnet.env is the other half of a flannel node's CNI configuration.
        touched.conflist = matches!(
            self.reason,
            Reason::CNIConfigWritten | Reason::SubnetEnvWritten
        );
        match &self.message {
            Message::NodeRoute(change) => touched.route = Some(change.line().to_string()),
            Message::BirdRoute { route, .. } => touched.route = Some(route.to_string()),
            _ => {}
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
}
