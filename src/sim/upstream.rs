//! Which upstream code each simulated step models, so a view can say "this is `AllocateNext` in
//! cidr_set.go" and link to it.

use serde::Serialize;

/// An upstream file and function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Upstream {
    /// `owner/repo` on GitHub.
    pub repo: &'static str,
    /// The file's path in the repository.
    pub file: &'static str,
    /// The function (or method) modelled.
    pub function: &'static str,
    /// Where to read it.
    pub url: &'static str,
}

macro_rules! upstream {
    ($(#[$doc:meta])* $name:ident, $repo:literal, $file:literal, $function:literal) => {
        $(#[$doc])*
        pub const $name: Upstream = Upstream {
            repo: $repo,
            file: $file,
            function: $function,
            // `blob/HEAD` is the repository's default branch, whatever it is called.
            url: concat!("https://github.com/", $repo, "/blob/HEAD/", $file),
        };
    };
}

upstream!(
    /// The kubelet registers its Node object.
    KUBELET_REGISTER_NODE, "kubernetes/kubernetes", "pkg/kubelet/kubelet_node_status.go", "registerWithAPIServer");
upstream!(
    /// The kubelet's node status: a boot ID other than the recorded one is a `Rebooted` Event.
    KUBELET_REBOOTED, "kubernetes/kubernetes", "pkg/kubelet/nodestatus/setters.go", "MachineInfo");
upstream!(
    /// containerd's sandbox records, persisted on disk (`recover` loads them when containerd starts).
    CONTAINERD_SANDBOX_METADATA, "containerd/containerd", "internal/cri/store/sandbox/metadata.go", "Metadata");
upstream!(
    /// The node IPAM controller's informer delete handler releases the node's CIDRs.
    RANGE_ALLOCATOR_RELEASE, "kubernetes/kubernetes", "pkg/controller/nodeipam/ipam/range_allocator.go", "ReleaseCIDR");
upstream!(
    /// A worker syncs a node from the `cidrallocator_node` queue.
    RANGE_ALLOCATOR_SYNC, "kubernetes/kubernetes", "pkg/controller/nodeipam/ipam/range_allocator.go", "syncNode");
upstream!(
    /// A failed sync is requeued with per-item exponential backoff.
    RANGE_ALLOCATOR_REQUEUE, "kubernetes/kubernetes", "pkg/controller/nodeipam/ipam/range_allocator.go", "processNextNodeWorkItem");
upstream!(
    /// No free node subnet: the `CIDRNotAvailable` event.
    RANGE_ALLOCATOR_ALLOCATE, "kubernetes/kubernetes", "pkg/controller/nodeipam/ipam/range_allocator.go", "AllocateOrOccupyCIDR");
upstream!(
    /// The PATCH of `spec.podCIDR` / `spec.podCIDRs`.
    RANGE_ALLOCATOR_UPDATE, "kubernetes/kubernetes", "pkg/controller/nodeipam/ipam/range_allocator.go", "updateCIDRsAllocation");
upstream!(
    /// The next free node subnet, round robin.
    CIDRSET_ALLOCATE_NEXT, "kubernetes/kubernetes", "pkg/controller/nodeipam/ipam/cidrset/cidr_set.go", "AllocateNext");
upstream!(
    /// Mark a node subnet used without moving the cursor.
    CIDRSET_OCCUPY, "kubernetes/kubernetes", "pkg/controller/nodeipam/ipam/cidrset/cidr_set.go", "Occupy");
upstream!(
    /// Clear a node subnet without moving the cursor.
    CIDRSET_RELEASE, "kubernetes/kubernetes", "pkg/controller/nodeipam/ipam/cidrset/cidr_set.go", "Release");
upstream!(
    /// kcm's start: cidrsets, service range filtering, occupancy of existing nodes.
    RANGE_ALLOCATOR_NEW, "kubernetes/kubernetes", "pkg/controller/nodeipam/ipam/range_allocator.go", "NewCIDRRangeAllocator");
upstream!(
    /// kindnetd writes `/etc/cni/net.d/10-kindnet.conflist`.
    KINDNET_WRITE, "kubernetes-sigs/kind", "images/kindnetd/cmd/kindnetd/cni.go", "CNIConfigWriter.Write");
upstream!(
    /// kindnetd keeps a route to another node's podCIDR via that node's InternalIP.
    KINDNET_SYNC_ROUTE, "kubernetes-sigs/kind", "images/kindnetd/cmd/kindnetd/routes.go", "syncRoute");
upstream!(
    /// kindnetd's main loop: list the nodes, reconcile each, retry a failed pass.
    KINDNET_RECONCILE, "kubernetes-sigs/kind", "images/kindnetd/cmd/kindnetd/main.go", "main");
upstream!(
    /// The kubelet's admission check of a new pod against the node's resources (`--max-pods`).
    KUBELET_ADMIT, "kubernetes/kubernetes", "pkg/kubelet/kubelet.go", "canAdmitPod");
upstream!(
    /// The scheduler's taint filter: a node with a `NoSchedule` taint the pod does not tolerate fails it.
    SCHEDULER_TAINT_TOLERATION, "kubernetes/kubernetes", "pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go", "Filter");
upstream!(
    /// The scheduler binds the pod to the node it picked and records `Scheduled`.
    SCHEDULER_BIND, "kubernetes/kubernetes", "pkg/scheduler/schedule_one.go", "bind");
upstream!(
    /// The kubelet refuses to sync a pod while the runtime's network is not ready.
    KUBELET_NETWORK_NOT_READY, "kubernetes/kubernetes", "pkg/kubelet/kubelet.go", "SyncPod");
upstream!(
    /// The kubelet's `SyncPod` records `SandboxChanged` before it kills a pod whose sandbox is not ready,
    /// and `FailedCreatePodSandBox` when creating a sandbox failed.
    KUBERUNTIME_SYNC_POD, "kubernetes/kubernetes", "pkg/kubelet/kuberuntime/kuberuntime_manager.go", "SyncPod");
upstream!(
    /// The runtime's view of a pod: its IPs come from the latest sandbox only while that one is ready.
    KUBERUNTIME_GET_POD_STATUS, "kubernetes/kubernetes", "pkg/kubelet/kuberuntime/kuberuntime_manager.go", "GetPodStatus");
upstream!(
    /// containerd creates the pod's network namespace and calls CNI.
    CONTAINERD_RUN_SANDBOX, "containerd/containerd", "internal/cri/server/sandbox_run.go", "RunPodSandbox");
upstream!(
    /// libcni runs the conflist's plugins in order with `CNI_COMMAND=ADD`.
    LIBCNI_ADD, "containernetworking/cni", "libcni/api.go", "AddNetworkList");
upstream!(
    /// libcni runs the plugins in reverse order with `CNI_COMMAND=DEL`.
    LIBCNI_DEL, "containernetworking/cni", "libcni/api.go", "DelNetworkList");
upstream!(
    /// host-local reserves the next address after `last_reserved_ip`.
    HOSTLOCAL_GET, "containernetworking/plugins", "plugins/ipam/host-local/backend/allocator/allocator.go", "Get");
upstream!(
    /// host-local removes the container's IP files.
    HOSTLOCAL_RELEASE, "containernetworking/plugins", "plugins/ipam/host-local/backend/disk/backend.go", "ReleaseByID");
upstream!(
    /// host-local ADD failed for a range set.
    HOSTLOCAL_CMD_ADD, "containernetworking/plugins", "plugins/ipam/host-local/main.go", "cmdAdd");
upstream!(
    /// ptp makes the veth pair (`ip.SetupVeth`).
    PTP_SETUP_VETH, "containernetworking/plugins", "plugins/main/ptp/ptp.go", "setupContainerVeth");
upstream!(
    /// ptp's `/32` route to the pod on the node (`ip.AddHostRoute`).
    PTP_HOST_ROUTE, "containernetworking/plugins", "plugins/main/ptp/ptp.go", "setupHostVeth");
upstream!(
    /// ptp deletes the pod's interface, which takes the host veth and its route along.
    PTP_DEL, "containernetworking/plugins", "plugins/main/ptp/ptp.go", "cmdDel");
upstream!(
    /// The kubelet writes `status.podIP` / `status.podIPs` from the sandbox status.
    KUBELET_POD_IPS, "kubernetes/kubernetes", "pkg/kubelet/kubelet_pods.go", "generateAPIPodStatus");
upstream!(
    /// The kubelet kills a pod's containers (`Killing`).
    KUBELET_KILL_CONTAINER, "kubernetes/kubernetes", "pkg/kubelet/kuberuntime/kuberuntime_container.go", "killContainer");
upstream!(
    /// containerd tears down the sandbox network (CNI DEL) and removes the netns.
    CONTAINERD_STOP_SANDBOX, "containerd/containerd", "internal/cri/server/sandbox_stop.go", "StopPodSandbox");
upstream!(
    /// The API server's delete: at once with grace 0, else a `deletionTimestamp`.
    POD_STRATEGY_DELETE, "kubernetes/kubernetes", "pkg/registry/core/pod/strategy.go", "CheckGracefulDelete");
upstream!(
    /// The status manager deletes a terminated pod's object (grace 0).
    STATUS_MANAGER_DELETE, "kubernetes/kubernetes", "pkg/kubelet/status/status_manager.go", "syncPod");
upstream!(
    /// A pod object is created (by `kubectl` or a controller) with `spec.nodeName` set.
    POD_CREATE, "kubernetes/kubernetes", "pkg/registry/core/pod/strategy.go", "PrepareForCreate");
upstream!(
    /// An object is deleted from the API (a Node; a Pod with grace period 0).
    NODE_DELETE, "kubernetes/kubernetes", "staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go", "Delete");
upstream!(
    /// The pod garbage collector deletes pods bound to a node that is gone.
    PODGC_ORPHANED, "kubernetes/kubernetes", "pkg/controller/podgc/gc_controller.go", "gcOrphaned");
upstream!(
    /// kube-flannel's DaemonSet: its `install-cni` init container copies `cni-conf.json` to
    /// `/etc/cni/net.d/10-flannel.conflist` before flanneld starts.
    KUBE_FLANNEL_INSTALL_CNI, "flannel-io/flannel", "Documentation/kube-flannel.yml", "install-cni");
upstream!(
    /// k3s' agent writes its flannel conflist into its own CNI directory before its flannel starts.
    K3S_CREATE_CNI_CONF, "k3s-io/k3s", "pkg/agent/flannel/setup.go", "createCNIConf");
upstream!(
    /// calico-node's `install-cni` writes `10-calico.conflist` and its kubeconfig.
    CALICO_INSTALL_CNI, "projectcalico/calico", "cni-plugin/pkg/install/install.go", "Install");
upstream!(
    /// calico-node's startup creates the default pool from `CALICO_IPV4POOL_CIDR` or kubeadm's `podSubnet`.
    CALICO_CONFIGURE_IP_POOLS, "projectcalico/calico", "node/pkg/lifecycle/startup/startup.go", "configureIPPools");
upstream!(
    /// calico-node's startup creates the default pool, and exits when the client refuses it.
    CALICO_CREATE_IP_POOL, "projectcalico/calico", "node/pkg/lifecycle/startup/startup.go", "createIPPool");
upstream!(
    /// kube-controllers' IPAM controller checks a deleted node's addresses for leaks.
    CALICO_CHECK_ALLOCATIONS, "projectcalico/calico", "kube-controllers/pkg/controllers/node/ipam.go", "checkAllocations");
upstream!(
    /// kube-controllers' IPAM controller releases confirmed leaks (`ReleaseIPs`).
    CALICO_GARBAGE_COLLECT_KNOWN_LEAKS, "projectcalico/calico", "kube-controllers/pkg/controllers/node/ipam.go", "garbageCollectKnownLeaks");
upstream!(
    /// kube-controllers' IPAM controller releases a deleted node's affinities (`ReleaseHostAffinities`).
    CALICO_CLEANUP_NODE, "projectcalico/calico", "kube-controllers/pkg/controllers/node/ipam.go", "cleanupNode");
upstream!(
    /// BIRD's static routes: a blackhole for each block affine to the node.
    CALICO_BIRD_AGGR, "projectcalico/calico", "node/filesystem/etc/calico/confd/templates/bird_aggr.cfg.template", "static");
upstream!(
    /// BIRD's kernel routes to the blocks and borrowed addresses its peers export, through `tunl0`.
    CALICO_BIRD_IPAM, "projectcalico/calico", "confd/pkg/backends/calico/bgp_processor.go", "processIPPool");
upstream!(
    /// The calico plugin refuses to run before calico-node wrote `/var/lib/calico/nodename`.
    CALICO_CMD_ADD, "projectcalico/calico", "cni-plugin/pkg/plugin/plugin.go", "cmdAdd");
upstream!(
    /// calico-node gives the node's IP-in-IP device its address from the node's block.
    CALICO_ASSIGN_HOST_TUNNEL_ADDR, "projectcalico/calico", "node/pkg/allocateip/allocateip.go", "assignHostTunnelAddr");
upstream!(
    /// A node claims a block: affinity pending, the block created, affinity confirmed.
    CALICO_CLAIM_AFFINE_BLOCK, "projectcalico/calico", "libcalico-go/lib/ipam/ipam_block_reader_writer.go", "claimAffineBlock");
upstream!(
    /// A block's affinity is released (the block deleted when empty).
    CALICO_RELEASE_BLOCK_AFFINITY, "projectcalico/calico", "libcalico-go/lib/ipam/ipam_block_reader_writer.go", "releaseBlockAffinity");
upstream!(
    /// calico-ipam's `AutoAssign`: the node's blocks, a new block, or borrowing.
    CALICO_AUTO_ASSIGN, "projectcalico/calico", "libcalico-go/lib/ipam/ipam.go", "autoAssign");
upstream!(
    /// calico-ipam's DEL: the handle's addresses go back to their blocks.
    CALICO_RELEASE_BY_HANDLE, "projectcalico/calico", "libcalico-go/lib/ipam/ipam.go", "ReleaseByHandle");
upstream!(
    /// The calico plugin's dataplane: the `cali` veth, the pod's address and `169.254.1.1` routes.
    CALICO_DO_NETWORKING, "projectcalico/calico", "cni-plugin/internal/pkg/utils/linux/dataplane_linux.go", "DoNetworking");
upstream!(
    /// The calico plugin's route to the pod on the node, `scope link` through its `cali` veth.
    CALICO_SETUP_ROUTES, "projectcalico/calico", "cni-plugin/internal/pkg/utils/linux/dataplane_linux.go", "SetupRoutes");
upstream!(
    /// The calico plugin's DEL removes the pod's interface, and the `cali` peer with it.
    CALICO_CLEANUP, "projectcalico/calico", "cni-plugin/internal/pkg/utils/linux/dataplane_linux.go", "CleanUpNamespace");
upstream!(
    /// flanneld's kube subnet manager: the lease is the node's `spec.podCIDR`.
    FLANNELD_ACQUIRE_LEASE, "flannel-io/flannel", "pkg/subnet/kube/kube.go", "AcquireLease");
upstream!(
    /// flanneld's vxlan backend makes `flannel.1` and gives it the subnet's network address.
    FLANNELD_VXLAN_DEVICE, "flannel-io/flannel", "pkg/backend/vxlan/vxlan.go", "RegisterNetwork");
upstream!(
    /// flanneld writes `/run/flannel/subnet.env` for the CNI plugin.
    FLANNELD_WRITE_SUBNET_FILE, "flannel-io/flannel", "pkg/subnet/subnet.go", "WriteSubnetFile");
upstream!(
    /// flanneld routes another node's lease through `flannel.1`, and removes the route when it goes.
    FLANNELD_HANDLE_SUBNET_EVENTS, "flannel-io/flannel", "pkg/backend/vxlan/vxlan_network.go", "handleSubnetEvents");
upstream!(
    /// The bridge plugin makes `cni0` (once), sets `accept_ra = 0` and brings it up; no address yet.
    BRIDGE_SETUP_BRIDGE, "containernetworking/plugins", "plugins/main/bridge/bridge.go", "setupBridge");
upstream!(
    /// After IPAM and the pod's interface, the bridge plugin puts the gateway on the bridge (`isGateway`),
    /// which gives the node the connected route to the subnet.
    BRIDGE_ENSURE_ADDR, "containernetworking/plugins", "plugins/main/bridge/bridge.go", "ensureAddr");
upstream!(
    /// The bridge plugin makes the veth pair and enslaves its host end to the bridge.
    BRIDGE_SETUP_VETH, "containernetworking/plugins", "plugins/main/bridge/bridge.go", "setupVeth");
upstream!(
    /// The bridge plugin's DEL: the pod's interface first (its peer leaves the bridge), then IPAM DEL.
    BRIDGE_DEL, "containernetworking/plugins", "plugins/main/bridge/bridge.go", "cmdDel");
upstream!(
    /// kube-controller-manager starts its controllers; one whose init says "not started" (the node
    /// IPAM controller without `--allocate-node-cidrs`) is skipped with a warning.
    KCM_START_CONTROLLERS, "kubernetes/kubernetes", "cmd/kube-controller-manager/app/controllermanager.go", "StartController");
upstream!(
    /// `kubeadm reset`'s `cleanup-node` phase: the kubelet stopped, the containers removed, kubeadm's
    /// directories emptied; CNI's configuration and links are left.
    KUBEADM_RESET_CLEANUP_NODE, "kubernetes/kubernetes", "cmd/kubeadm/app/cmd/phases/reset/cleanupnode.go", "runCleanupNode");
upstream!(
    /// `ip link delete DEVICE`: the kernel unregisters the link with its addresses and routes (a bridge
    /// frees its ports first).
    IPROUTE2_LINK_DELETE, "iproute2/iproute2", "ip/iplink.c", "iplink_modify");
