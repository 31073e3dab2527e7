//! flanneld on a node of a flannel cluster (`set cni=flannel` or `k3s-flannel`), and the conflist its
//! DaemonSet (or k3s) installs.
//!
//! `kindnet_start_delay` after its node registers (or its machine boots), the node's flannel pod
//! starts: kube-flannel's `install-cni` init container copies `cni-conf.json` to
//! `/etc/cni/net.d/10-flannel.conflist` (k3s' agent writes its own conflist into its own directory,
//! `createCNIConf`), then flanneld (`--ip-masq --kube-subnet-mgr`, backend vxlan) registers the network:
//!
//! * `AcquireLease`: the lease is the node's `spec.podCIDR`. Without one, kube-flannel's flanneld fails
//!   (`node "…" pod cidr not assigned`), exits, and its container is restarted after the kubelet's
//!   first back-off (`sandbox_retry_period`, 10 s, podip's approximation of `CrashLoopBackOff`); k3s
//!   waits for the podCIDR instead (`waitForPodCIDR`) and goes on when the Node changes.
//! * the vxlan device `flannel.1` (MTU the uplink's less 50, `<subnet network>/32`), then
//!   `/run/flannel/subnet.env` (`WriteSubnetFile`), which the flannel CNI plugin reads at every ADD —
//!   a pod whose ADD comes before it fails with the plugin's `failed to load flannel 'subnet.env' file`.
//! * `handleSubnetEvents`: a route per other node's lease, `<subnet> via <subnet network> dev flannel.1
//!   onlink`, added when flanneld's Node informer sees the lease and removed when the node goes. The
//!   informer's events arrive `watch_latency` after a Node changes (`watch_all`).
//!
//! Dual-stack is `net-conf.json`'s: kube-flannel's manifest as shipped enables IPv4 alone, so its pods
//! get no IPv6 address; k3s enables IPv6 for dual-stack CIDRs, and its `subnet.env` and the plugin's
//! delegate carry both families. k3s' `flannel-v6.1` device and its IPv6 routes are not modelled, nor
//! the vxlan FDB and ARP entries flanneld writes beside each route, nor its masquerade rules.

use super::chain::Chain;
use super::cluster::{Action, Cluster};
use super::event::{EventKind, Reason};
use super::kindnet;
use super::message::{Message, NodeRouteChange};
use super::name::Name;
use super::object::ObjectRef;
use super::upstream;
use crate::ipam::flannel::DEFAULT_SUBNET_FILE;
use crate::ipam::flanneld::{
    acquire_lease, create_vxlan_device, vxlan_device, vxlan_mtu, vxlan_route, write_subnet_file,
    SubnetConfig, DEFAULT_VNI,
};
use crate::ipam::goip::parse_cidr;
use ipnet::IpNet;
use std::rc::Rc;

/// The node's CNI agent starts (a node joined, or its machine booted): kindnetd, or the flannel pod.
pub(crate) fn start_cni_agent(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    let flannel = cluster
        .nodes
        .get(name)
        .is_some_and(|node| node.cni.is_flannel());
    if flannel {
        start(cluster, name, uid, boot);
    } else {
        kindnet::start(cluster, name, uid, boot);
    }
}

/// The node's flannel pod starts `kindnet_start_delay` from now.
pub(crate) fn start(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    cluster.schedule(
        cluster.settings.kindnet_start_delay,
        Action::FlannelStart {
            node: name.to_string(),
            uid,
            boot,
        },
    );
}

/// Whether `name` is the node of this uid and boot, up.
fn current(cluster: &Cluster, name: &str, uid: u64, boot: u32) -> bool {
    cluster
        .nodes
        .get(name)
        .is_some_and(|n| n.uid == uid && n.boot == boot && !n.down)
}

/// The flannel pod starts: the conflist is installed, then flanneld registers the network.
pub(crate) fn run(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    if !current(cluster, name, uid, boot) {
        return;
    }
    install_conflist(cluster, name);
    register(cluster, name, uid, boot);
}

/// flanneld's Node informer saw a change: a lease to route (or to forget), or, on k3s, the podCIDR
/// `waitForPodCIDR` waits for.
pub(crate) fn watch(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    if !current(cluster, name, uid, boot) {
        return;
    }
    let Some(node) = cluster.nodes.get(name) else {
        return;
    };
    let registered = node
        .flannel
        .as_ref()
        .is_some_and(|f| f.subnet_env.is_some());
    // The pod has started once the conflist is there.
    let started = node.conflist.is_some();
    if registered {
        sync_routes(cluster, name);
    } else if started && node.cni == Chain::K3sFlannel {
        register(cluster, name, uid, boot);
    }
}

/// After anything that changes the node list: flanneld's informer on every flannel node hears of it.
pub(crate) fn watch_all(cluster: &mut Cluster) {
    let nodes: Vec<(Name, u64, u32)> = cluster
        .nodes_in_name_order()
        .into_iter()
        .filter(|(_, node)| node.cni.is_flannel() && !node.down)
        .map(|(name, node)| (name.clone(), node.uid, node.boot))
        .collect();
    for (node, uid, boot) in nodes {
        cluster.schedule(
            cluster.settings.watch_latency,
            Action::FlannelWatch {
                node: node.to_string(),
                uid,
                boot,
            },
        );
    }
}

/// kube-flannel's `install-cni` (or k3s' `createCNIConf`) writes the chain's conflist.
fn install_conflist(cluster: &mut Cluster, name: &str) {
    let Some(node) = cluster.nodes.get_mut(name) else {
        return;
    };
    let chain = node.cni;
    let Some(text) = chain.flannel_conflist() else {
        return;
    };
    node.conflist = Some(Rc::from(text));
    let path = chain.conflist_path();
    let (who, upstream) = match chain {
        Chain::K3sFlannel => ("k3s wrote", &upstream::K3S_CREATE_CNI_CONF),
        _ => (
            "kube-flannel's install-cni copied cni-conf.json to",
            &upstream::KUBE_FLANNEL_INSTALL_CNI,
        ),
    };
    cluster.log(
        ObjectRef::node(name),
        EventKind::Step,
        Reason::CNIConfigWritten,
        format_args!(
            "{who} {path} (network cbr0: {}; plugins in {})",
            chain.add_plugins(),
            chain.bin_dir()
        ),
        Some(name.into()),
        upstream,
    );
}

/// flanneld's `RegisterNetwork`: the lease, `flannel.1`, `subnet.env`, then the routes to the other
/// nodes' leases.
fn register(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    let Some(node) = cluster.nodes.get(name) else {
        return;
    };
    let pod_cidr = node.pod_cidrs.first().map_or("", String::as_str);
    let lease = match acquire_lease(name, pod_cidr, &node.pod_cidrs) {
        Ok(lease) => lease,
        Err(err) => {
            if node.cni == Chain::Flannel {
                cluster.log(
                    ObjectRef::node(name),
                    EventKind::Warning,
                    Reason::FlannelLeaseFailed,
                    format_args!("Error registering network: failed to acquire lease: {err}"),
                    Some(name.into()),
                    &upstream::FLANNELD_ACQUIRE_LEASE,
                );
                // The container exits; the kubelet restarts it after its first back-off.
                cluster.schedule(
                    cluster.settings.sandbox_retry_period,
                    Action::FlannelStart {
                        node: name.to_string(),
                        uid,
                        boot,
                    },
                );
            }
            return;
        }
    };
    let uplink_mtu = node.uplink.mtu;
    // kube-flannel's net-conf.json `Network` is the cluster's Pod range (kubeadm's docs match them;
    // k3s writes it from --cluster-cidr), one per family.
    let cluster_cidrs = cluster
        .config
        .as_ref()
        .map(|c| c.cluster_cidrs.clone())
        .unwrap_or_default();
    let chain = cluster.nodes.get(name).map_or(Chain::Flannel, |n| n.cni);
    let config = SubnetConfig {
        network: cluster_cidrs.iter().copied().find(|n| n.addr().is_ipv4()),
        ipv6_network: chain
            .flannel_ipv6()
            .then(|| cluster_cidrs.iter().copied().find(|n| n.addr().is_ipv6()))
            .flatten(),
    };
    let mac = cluster.entropy.random_mac();
    let object = ObjectRef::node(name);
    if let Some(device) = vxlan_device(DEFAULT_VNI, uplink_mtu, &lease) {
        let Some(node) = cluster.nodes.get_mut(name) else {
            return;
        };
        let ifindex = create_vxlan_device(&mut node.netns, &device, mac);
        if let Some(files) = node.flannel.as_deref_mut() {
            files.vxlan = ifindex;
        }
        cluster.log(
            object.clone(),
            EventKind::Step,
            Reason::VxlanDeviceCreated,
            format_args!(
                "flanneld acquired the lease {} (spec.podCIDR) and created {}: vxlan id {}, mtu {}, {}",
                lease.subnet.map(|s| s.to_string()).unwrap_or_default(),
                device.name,
                device.vni,
                device.mtu,
                device.address
            ),
            Some(name.into()),
            &upstream::FLANNELD_VXLAN_DEVICE,
        );
    }
    let text = write_subnet_file(&config, true, &lease, vxlan_mtu(uplink_mtu));
    if let Some(files) = cluster
        .nodes
        .get_mut(name)
        .and_then(|n| n.flannel.as_deref_mut())
    {
        files.subnet_env = Some(Rc::from(text.as_str()));
    }
    cluster.log(
        object,
        EventKind::Step,
        Reason::SubnetEnvWritten,
        format_args!(
            "flanneld wrote {DEFAULT_SUBNET_FILE}: {}",
            text.lines().collect::<Vec<_>>().join(" ")
        ),
        Some(name.into()),
        &upstream::FLANNELD_WRITE_SUBNET_FILE,
    );
    sync_routes(cluster, name);
}

/// `handleSubnetEvents` for what the informer holds now: a route through `flannel.1` to every other
/// node's IPv4 lease, none to a lease that is gone. Each change is logged as it is made.
fn sync_routes(cluster: &mut Cluster, name: &str) {
    let leases: Vec<(Name, IpNet)> = cluster
        .nodes_in_name_order()
        .into_iter()
        .filter(|(other, _)| &***other != name)
        .filter_map(|(other, node)| {
            let subnet = node
                .pod_cidrs
                .iter()
                .filter_map(|cidr| parse_cidr(cidr).ok().map(|(_, net)| net))
                .find(|net| net.addr().is_ipv4())?;
            Some((other.clone(), subnet))
        })
        .collect();
    let Some(node) = cluster.nodes.get_mut(name) else {
        return;
    };
    let Some(dev) = node.flannel.as_ref().and_then(|f| f.vxlan) else {
        return;
    };
    let Some(dev_name) = node.netns.link_by_index(dev).map(|l| l.name) else {
        return;
    };
    let routed: Vec<_> = node
        .netns
        .routes_via(dev)
        .into_iter()
        .filter(|route| route.gateway.is_some())
        .cloned()
        .collect();
    let mut changes = Vec::new();
    for route in routed {
        let kept = leases
            .iter()
            .any(|(_, subnet)| vxlan_route(*subnet, dev) == route);
        if !kept && node.netns.remove_route(&route).is_ok() {
            let to_node = leases
                .iter()
                .find(|(_, subnet)| *subnet == route.dst)
                .map_or_else(|| Name::from(route.dst.to_string()), |(n, _)| n.clone());
            changes.push((to_node, route, false));
        }
    }
    for (to_node, subnet) in leases {
        let route = vxlan_route(subnet, dev);
        if node.netns.routes_via(dev).contains(&&route) {
            continue;
        }
        if node.netns.add_route(route.clone(), true).is_ok() {
            changes.push((to_node, route, true));
        }
    }
    for (to_node, route, added) in changes {
        let change = NodeRouteChange {
            to_node,
            route,
            dev: dev_name,
            added,
            chain: Chain::Flannel,
        };
        cluster.log_message(
            ObjectRef::node(name),
            EventKind::Step,
            if added {
                Reason::NodeRouteAdded
            } else {
                Reason::NodeRouteRemoved
            },
            Message::NodeRoute(Rc::new(change)),
            Some(name.into()),
            &upstream::FLANNELD_HANDLE_SUBNET_EVENTS,
        );
    }
}
