//! Nodes join and leave: a node's machine sits on the cluster's node network (kind's Docker network, or
//! a kubeadm lab's, [`super::node_network`]) and its kubelet registers the Node object with the address
//! the machine has; deleting the Node takes the machine along and leaves its pods to podgc, unless
//! `kubeadm reset` left the machine for a later join ([`super::node_reset`]).

use super::chain;
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
use crate::ipam::ptp::NetNs;
use crate::order;
use ipnet::IpNet;

/// The kubelet registers the node: a Node object, on a machine of the cluster's node network (see
/// [`super::node_network`]) — a new one, or the one `kubeadm reset` left under that name (`kubeadm
/// join`), with what the reset kept. Returns the node's uid.
pub(crate) fn node_add(cluster: &mut Cluster, name: &str, pod_cidrs: &[String]) -> u64 {
    let uid = cluster.uid();
    let rejoined = cluster.machines.remove(name);
    let rejoin = rejoined.is_some();
    let node = match rejoined {
        Some(machine) => NodeObj {
            uid,
            pod_cidrs: pod_cidrs.to_vec(),
            flannel_annotated: false,
            ..*machine
        },
        None => new_machine(cluster, name, uid, pod_cidrs),
    };
    let internal_ips = node.internal_ips.clone();
    let cni = node.cni;
    cluster.nodes_changed();
    cluster.nodes.insert(Name::from(name), node);
    // A scheduler's pod that failed may fit now (the taint plugin asks for a node's add).
    cluster.node_ready();
    // k3s' agent writes its conflist before it starts containerd and the kubelet.
    (chain::actors(cni).prepare)(cluster, name);
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
            "Node {name} registered{} (InternalIP {}){preset}",
            if rejoin {
                " by kubeadm join on the machine kubeadm reset left"
            } else {
                ""
            },
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

/// A new machine for the node `name`, the `nodes_registered`-th on the cluster's node network.
fn new_machine(cluster: &mut Cluster, name: &str, uid: u64, pod_cidrs: &[String]) -> NodeObj {
    cluster.nodes_registered += 1;
    // For an IPv6 or dual-stack cluster the kubelet's --node-ip names the node's address of each
    // family the cluster has; without node IPAM (no cluster CIDR) the node has its IPv4 one.
    let families = cluster
        .config
        .as_ref()
        .filter(|c| !c.cluster_cidrs.is_empty())
        .map_or((true, false), |c| {
            (
                c.cluster_cidrs.iter().any(|n| matches!(n, IpNet::V4(_))),
                c.cluster_cidrs.iter().any(|n| matches!(n, IpNet::V6(_))),
            )
        });
    let machine = cluster.settings.node_network.machine(
        cluster.nodes_registered,
        families,
        cluster.settings.node_mtu,
        cluster.settings.node_first_ifindex,
    );
    let netns = NetNs::node(&machine.uplink);
    NodeObj {
        uid,
        name: Name::from(name),
        pod_cidrs: pod_cidrs.to_vec(),
        internal_ips: machine.internal_ips,
        netns,
        uplink: machine.uplink,
        // The delegate's IPAM has no `dataDir`: host-local's default, on disk.
        ipam_data_dir: if cluster.settings.cni.runs_flanneld() {
            IpamDataDir::VarLibCniNetworks
        } else {
            cluster.settings.ipam_data_dir
        },
        cni: cluster.settings.cni,
        flannel: cluster
            .settings
            .cni
            .runs_flanneld()
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
    }
}

/// The Node object is deleted; the machine goes with it. Pods bound to it become orphans for podgc.
pub(crate) fn node_delete(cluster: &mut Cluster, name: &str) {
    delete_object(cluster, name);
}

/// The Node object is deleted (its podCIDRs released, its pods left to podgc); returns the machine.
pub(crate) fn delete_object(cluster: &mut Cluster, name: &str) -> Option<NodeObj> {
    let node = cluster.nodes.remove(name)?;
    cluster.nodes_changed();
    (chain::actors(node.cni).deleted)(cluster, name);
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
            pod_cidrs: node.pod_cidrs.clone(),
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
    Some(node)
}
