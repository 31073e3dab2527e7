//! The allocators, one module per upstream file, so a learner can hold ours beside upstream's.
//!
//! Pod IPs come from two allocators in series:
//!
//! 1. **Node subnets** — kube-controller-manager's node IPAM controller.
//!    * [`kcm`]: the `--cluster-cidr` / `--node-cidr-mask-size*` / `--service-cluster-ip-range` flags and
//!      their validation (`cmd/kube-controller-manager/app/core.go`, `node_ipam_controller.go`).
//!    * [`cidrset`]: the bitmap of node subnets of one cluster CIDR (`ipam/cidrset/cidr_set.go`).
//!    * [`range_allocator`]: node add/delete → `spec.podCIDRs` (`ipam/range_allocator.go`).
//!    * [`address_map`]: the cluster CIDR drawn as a grid of node subnets, aggregated and zoomable.
//!    * [`capacity`]: what a pair of masks means for cluster size (the planner's figures).
//! 2. **Pod addresses** — the CNI chain kind installs on each node (kindnet: ptp + host-local + portmap).
//!    * [`cni`]: the CNI result types shared by the plugins (`containernetworking/cni` `types/100`).
//!    * [`hostlocal`]: the host-local IPAM plugin: config, ranges, the on-disk store, the allocator.
//!    * [`ptp`]: the ptp plugin: veth pair, addresses and routes in the pod and on the node.
//!    * [`kindnet`]: kindnetd's rendering of `10-kindnet.conflist` from a node's podCIDRs.
//!    * flannel's chain (kubeadm with flannel, k3s): [`flanneld`] writes `subnet.env` from the node's
//!      podCIDR and routes to the other nodes over `flannel.1`; [`flannel`], the CNI plugin, turns it into a
//!      configuration for [`bridge`], which puts every pod's veth on one bridge, `cni0`.
//! 3. **Calico's own IPAM** ([`calico`]), which bypasses the node subnets: IP pools cut into blocks that
//!    nodes claim by affinity and borrow from each other, the `calico-ipam` plugin and the node's side.
//!
//! Addresses are printed in Go's string form ([`goip`]), because that is what the real tools show.

pub mod address_map;
pub mod bridge;
pub mod calico;
pub mod capacity;
pub mod cidrset;
pub mod cni;
pub mod flannel;
pub mod flanneld;
pub mod goip;
pub mod hostlocal;
pub mod kcm;
pub mod kindnet;
pub mod ptp;
pub mod range_allocator;
