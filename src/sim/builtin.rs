//! The scenarios shipped with podip (the `.podip` files under `scenarios/`); the guided tours over
//! them are in [`crate::tours`].

/// kind's measured story: three nodes, pods a, b, c, b deleted, d gets the next address.
pub const KIND: &str = include_str!("../../scenarios/kind.podip");
/// The kind story with the measurement's own numbers (.189–.192, `eth0@if704`), after a replayed history.
pub const KIND_MEASURED: &str = include_str!("../../scenarios/kind-measured.podip");
/// A /22 in /24s: four nodes fit, the fifth waits for a released subnet.
pub const PLANNING: &str = include_str!("../../scenarios/planning.podip");
/// A /29 node: exhaustion, `FailedCreatePodSandBox`, recovery and wrap-around.
pub const EXHAUSTION: &str = include_str!("../../scenarios/exhaustion.podip");
/// Dual stack: one podCIDR and one address per family.
pub const DUAL_STACK: &str = include_str!("../../scenarios/dual-stack.podip");
/// IPv6 only.
pub const IPV6: &str = include_str!("../../scenarios/ipv6.podip");
/// kube-controller-manager restarts: its new cursor starts at 0, so a released subnet comes back at once.
pub const KCM_RESTART: &str = include_str!("../../scenarios/kcm-restart.podip");
/// The kubelet's --max-pods over a /26 node: pods admitted beyond host-local's 61 addresses fail in CNI ADD.
pub const MAX_PODS: &str = include_str!("../../scenarios/max-pods.podip");
/// A node reboots while host-local's files are on disk and containerd lost its sandbox records: the files leak.
pub const REBOOT_LEAK: &str = include_str!("../../scenarios/reboot-leak.podip");
/// Pods come and go on one node: a freed address comes back only after the walk wraps.
pub const WHY_ROUND_ROBIN: &str = include_str!("../../scenarios/why-round-robin.podip");
/// A node NotReady until its CNI config exists, then the route to another node's pods.
pub const NODE_NETWORK: &str = include_str!("../../scenarios/node-network.podip");
/// The kind story on a kubeadm cluster with kube-flannel: the bridge cni0, one connected route.
pub const KUBEADM_FLANNEL: &str = include_str!("../../scenarios/kubeadm-flannel.podip");
/// kubeadm's `--pod-network-cidr` outside kube-flannel's `Network`: flanneld fails and restarts, pods
/// fail ADD for want of `subnet.env`.
pub const KUBEADM_FLANNEL_CIDR: &str = include_str!("../../scenarios/kubeadm-flannel-cidr.podip");
/// `kubeadm init` without a CNI: coredns' pods, left to the scheduler, stay Pending on the not-ready
/// taint until kube-flannel writes the conflist, then are bound and get addresses.
pub const COREDNS_PENDING: &str = include_str!("../../scenarios/coredns-pending.podip");
/// `kubeadm init` without `--pod-network-cidr`: no node gets a podCIDR, flanneld crash-loops on `pod
/// cidr not assigned`, and every pod's ADD fails for want of `subnet.env`.
pub const KUBEADM_NO_POD_CIDR: &str = include_str!("../../scenarios/kubeadm-no-pod-cidr.podip");
/// A worker reset and joined again gets another podCIDR; the stale `cni0` keeps the old gateway and
/// the bridge plugin fails every ADD until `ip link delete cni0`.
pub const KUBEADM_RESET_CNI0: &str = include_str!("../../scenarios/kubeadm-reset-cni0.podip");
/// The kind story on Calico: blocks claimed by affinity beside unused podCIDRs, a node borrowing.
pub const CALICO_BLOCKS: &str = include_str!("../../scenarios/calico-blocks.podip");
/// A service range inside the cluster CIDR.
pub const SERVICE_OVERLAP: &str = include_str!("../../scenarios/service-overlap.podip");

/// Every built-in scenario by name (the file name without `.podip`).
pub const ALL: [(&str, &str); 18] = [
    ("kind", KIND),
    ("kind-measured", KIND_MEASURED),
    ("planning", PLANNING),
    ("exhaustion", EXHAUSTION),
    ("dual-stack", DUAL_STACK),
    ("ipv6", IPV6),
    ("service-overlap", SERVICE_OVERLAP),
    ("kcm-restart", KCM_RESTART),
    ("max-pods", MAX_PODS),
    ("reboot-leak", REBOOT_LEAK),
    ("why-round-robin", WHY_ROUND_ROBIN),
    ("node-network", NODE_NETWORK),
    ("kubeadm-flannel", KUBEADM_FLANNEL),
    ("kubeadm-flannel-cidr", KUBEADM_FLANNEL_CIDR),
    ("coredns-pending", COREDNS_PENDING),
    ("kubeadm-no-pod-cidr", KUBEADM_NO_POD_CIDR),
    ("kubeadm-reset-cni0", KUBEADM_RESET_CNI0),
    ("calico-blocks", CALICO_BLOCKS),
];

/// A built-in scenario's text by name.
pub fn by_name(name: &str) -> Option<&'static str> {
    ALL.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}
