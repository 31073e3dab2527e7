//! Calico's chain (`set cni=calico`), as its manifest (`manifests/calico.yaml`) installs it: calico-node's
//! `install-cni` writes `/etc/cni/net.d/10-calico.conflist` (calico with calico-ipam, then portmap), and
//! calico-node's startup creates the default IP pool and gives `tunl0` an address, which claims the
//! node's first block ([`calico_node`]). A sandbox's CNI ADD runs the calico plugin: calico-ipam's
//! `AutoAssign` from the node's affine blocks, claiming or borrowing as `libcalico-go/lib/ipam` does,
//! then `DoNetworking` (the `cali` veth, the pod's `169.254.1.1` routes, the node's `/32`); DEL releases
//! by the handle `k8s-pod-network.<containerID>` ([`cni`]). The datastore is the cluster's one
//! [`Ipam`], `Calico`; each node's BIRD (a `blackhole` per affine block, each other node's blocks
//! through `tunl0`) follows what it exports, by events (`bird`); calico-kube-controllers cleans up a
//! deleted node's blocks ([`kube_controllers`]); [`view`] is what the tools print. The node's
//! `spec.podCIDR`, which kube-controller-manager still sets, plays no part.

pub(crate) mod bird;
pub mod calico_node;
pub mod cni;
pub mod kube_controllers;
mod told;
pub mod view;

use super::spec::ChainSpec;
use crate::ipam::calico::Ipam;
use crate::sim::clock::VirtualTime;
use ipnet::IpNet;
use std::collections::{BTreeMap, BTreeSet};

/// Calico's row of data.
pub const SPEC: ChainSpec = ChainSpec {
    name: "calico",
    conflist_path: "/etc/cni/net.d/10-calico.conflist",
    bin_dir: "/opt/cni/bin",
    network: "k8s-pod-network",
    // calico-ipam keeps no files on the node: its blocks are in the datastore.
    default_ipam_dir: "",
    add_plugins: "calico (→ calico-ipam), portmap",
    del_plugins: "portmap, calico (→ calico-ipam)",
    first_plugin: "calico",
    conflist: None,
    bridged: false,
    flanneld: false,
    flannel_ipv6: false,
    reboot_links: "cali veths, tunl0 and their routes",
};

/// Calico's datastore in the cluster (the `crd.projectcalico.org` objects): pools, blocks, affinities,
/// handles, created by the first calico-node to start.
#[derive(Debug, Clone, Default)]
pub(crate) struct Calico {
    /// The IPAM datastore and its client.
    pub(crate) ipam: Ipam,
    /// Each node's BIRD: the routes it installed.
    pub(crate) bird: bird::Bird,
    /// When each `IPAMBlock` was created (its `metadata.creationTimestamp`), by CIDR.
    pub(crate) blocks_created: BTreeMap<IpNet, VirtualTime>,
    /// When each `BlockAffinity` was created, by node and block.
    pub(crate) affinities_created: BTreeMap<(String, IpNet), VirtualTime>,
    /// Nodes deleted from the API whose IPAM kube-controllers has not cleaned up yet, by name.
    pub(crate) gone: BTreeSet<String>,
    /// When kube-controllers' IPAM controller syncs next, if a sync is queued.
    pub(crate) sync_due: Option<VirtualTime>,
    /// Syncs failed in a row: the retry's back-off.
    pub(crate) sync_failures: u32,
}

/// The wall clock Calico writes into blocks and affinities: a fixed day plus the run's virtual time, so
/// a run is the same every time.
pub(crate) fn unix_nano(now_ms: u64) -> i64 {
    const START: i64 = 1_767_225_600_000_000_000; // 2026-01-01T00:00:00Z
    START.saturating_add(i64::try_from(now_ms).unwrap_or(i64::MAX / 1_000_000) * 1_000_000)
}
