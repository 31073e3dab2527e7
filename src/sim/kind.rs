//! kind's nodes: each is a container on kind's Docker network (`pkg/cluster/internal/providers/docker/`),
//! whose kubelet registers the Node object with the address Docker gave it; deleting the Node takes the
//! machine along and leaves its pods to podgc.

use super::cluster::{Action, Cluster};
use super::event::{EventKind, Reason};
use super::name::Name;
use super::object::ObjectRef;
use super::objects::{FlannelFiles, FxHashMap, NodeObj};
use super::pods::PodRef;
use super::settings::IpamDataDir;
use super::upstream;
use crate::ipam::capacity::KUBELET_DEFAULT_MAX_PODS;
use crate::ipam::goip::GoIp;
use crate::ipam::kindnet::CniConfigWriter;
use crate::ipam::ptp::{MacAddr, NetNs, Uplink};
use crate::order;
use ipnet::IpNet;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// kind's Docker network's IPv6 prefix, `fc00:f853:ccd:e793::/64` (`pkg/cluster/internal/providers/docker/network.go`);
/// its gateway is `::1` and the nodes follow from `::2`, as their IPv4 addresses from `172.18.0.2`.
const KIND_NETWORK_IPV6: u128 = 0xfc00_f853_0ccd_e793_0000_0000_0000_0000;

/// The kubelet registers the node: a Node object, a machine with its uplink on the kind network.
/// Returns the node's uid.
pub(crate) fn node_add(cluster: &mut Cluster, name: &str, pod_cidrs: &[String]) -> u64 {
    let uid = cluster.uid();
    cluster.nodes_registered += 1;
    let n = cluster.nodes_registered;
    // Docker's kind network hands out 172.18.0.2, .3, … in creation order.
    let host = 1 + n;
    let octets = [(host >> 8) as u8, host as u8];
    let ipv4 = IpAddr::V4(Ipv4Addr::new(172, 18, octets[0], octets[1]));
    let mut addresses = vec![IpNet::new(ipv4, 16).unwrap_or_default()];
    let mut gateways = vec![IpAddr::V4(Ipv4Addr::new(172, 18, 0, 1))];
    // For an IPv6 or dual-stack cluster kind's Docker network also has IPv6, and the kubelet's
    // --node-ip names the node's address of each family the cluster has (IPv6 alone for IPv6).
    let (has_v4, has_v6) = cluster.config.as_ref().map_or((true, false), |c| {
        (
            c.cluster_cidrs.iter().any(|n| matches!(n, IpNet::V4(_))),
            c.cluster_cidrs.iter().any(|n| matches!(n, IpNet::V6(_))),
        )
    });
    let mut internal_ips = Vec::new();
    if has_v4 {
        internal_ips.push(ipv4);
    }
    if has_v6 {
        let ipv6 = IpAddr::V6(Ipv6Addr::from(KIND_NETWORK_IPV6 + u128::from(host)));
        addresses.push(IpNet::new(ipv6, 64).unwrap_or_default());
        gateways.push(IpAddr::V6(Ipv6Addr::from(KIND_NETWORK_IPV6 + 1)));
        internal_ips.push(ipv6);
    }
    let uplink = Uplink {
        addresses,
        gateways,
        mtu: cluster.settings.node_mtu,
        mac: MacAddr([0x02, 0x42, 0xac, 0x12, octets[0], octets[1]]),
        peer_ifindex: 8 + 2 * n,
        first_free_ifindex: cluster.settings.node_first_ifindex,
    };
    let netns = NetNs::node(&uplink);
    let node_name = Name::from(name);
    cluster.nodes_changed();
    cluster.nodes.insert(
        node_name.clone(),
        NodeObj {
            uid,
            name: node_name,
            pod_cidrs: pod_cidrs.to_vec(),
            internal_ips: internal_ips.clone(),
            netns,
            uplink,
            // The delegate's IPAM has no `dataDir`: host-local's default, on disk.
            ipam_data_dir: if cluster.settings.cni.is_flannel() {
                IpamDataDir::VarLibCniNetworks
            } else {
                cluster.settings.ipam_data_dir
            },
            cni: cluster.settings.cni,
            flannel: cluster
                .settings
                .cni
                .is_flannel()
                .then(|| Box::new(FlannelFiles::default())),
            flannel_annotated: false,
            boot: 0,
            down: false,
            dead_sandboxes: Vec::new(),
            store: None,
            store_dir: None,
            conflist: None,
            writer: CniConfigWriter::new(cluster.settings.node_mtu),
            chain: None,
            // Room for the kubelet's default `--max-pods` from the start: a full node's table then
            // never moves its sandboxes (each with its namespace inline) to a larger one.
            sandboxes: FxHashMap::with_capacity_and_hasher(
                KUBELET_DEFAULT_MAX_PODS as usize,
                Default::default(),
            ),
            admitted_pods: 0,
            neighbours: Default::default(),
        },
    );
    // k3s' agent writes its conflist before it starts containerd and the kubelet.
    super::flannel::k3s_prepare(cluster, name);
    let preset = if pod_cidrs.is_empty() {
        String::new()
    } else {
        format!(" with spec.podCIDRs=[{}]", pod_cidrs.join(","))
    };
    cluster.log(
        ObjectRef::node(name),
        EventKind::Step,
        Reason::NodeRegistered,
        format_args!(
            "Node {name} registered (InternalIP {}){preset}",
            internal_ips
                .iter()
                .map(|ip| GoIp(*ip).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(name.into()),
        &upstream::KUBELET_REGISTER_NODE,
    );
    uid
}

/// The Node object is deleted; the machine goes with it. Pods bound to it become orphans for podgc.
pub(crate) fn node_delete(cluster: &mut Cluster, name: &str) {
    let Some(node) = cluster.nodes.remove(name) else {
        return;
    };
    cluster.nodes_changed();
    cluster.log(
        ObjectRef::node(name),
        EventKind::Step,
        Reason::NodeDeleted,
        format_args!("Node {name} deleted"),
        Some(name.into()),
        &upstream::NODE_DELETE,
    );
    cluster.schedule(
        cluster.settings.watch_latency,
        Action::NodeIpamRelease {
            node: name.to_string(),
            pod_cidrs: node.pod_cidrs,
        },
    );
    let orphans: Vec<(&Name, PodRef)> = cluster
        .pods
        .iter()
        .filter(|(_, pod)| pod.node_uid == node.uid)
        .map(|(at, pod)| (&pod.name, at))
        .collect();
    // podgc's checks are queued in name order, so a replay is the same whatever the slots' order.
    let orphans: Vec<PodRef> = order::sorted_by(orphans, |a, b| a.cmp(b))
        .into_iter()
        .map(|(_, at)| at)
        .collect();
    for pod in orphans {
        cluster.schedule(cluster.settings.podgc_quarantine, Action::PodGc { pod });
    }
}
