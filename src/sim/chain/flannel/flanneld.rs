//! flanneld on a node of a flannel cluster (`set cni=flannel` or `k3s-flannel`), and the conflist its
//! DaemonSet (or k3s) installs.
//!
//! kube-flannel: `kindnet_start_delay` after its node registers (or its machine boots), the node's
//! flannel pod starts: its `install-cni` init container copies `cni-conf.json` to
//! `/etc/cni/net.d/10-flannel.conflist`, then flanneld (`--ip-masq --kube-subnet-mgr`, backend vxlan)
//! registers the network. k3s: its agent writes its own conflist into its own directory
//! (`flannel.Prepare` → `createCNIConf`) before it starts containerd and the kubelet, so the node is
//! never NotReady for want of one; its flannel starts later, in the agent. `RegisterNetwork`:
//!
//! * `AcquireLease`: the lease is the node's `spec.podCIDR`. Without one, kube-flannel's flanneld fails
//!   (`node "…" pod cidr not assigned`) and exits; k3s waits for the podCIDR instead (`waitForPodCIDR`)
//!   and goes on when the Node changes. With one, flanneld annotates its Node
//!   (`kube-subnet-manager`, `public-ip`, `backend-data`), then checks the podCIDR against
//!   `net-conf.json`'s `Network`: kube-flannel's manifest says `10.244.0.0/16` whatever the cluster's
//!   CIDR, so under any other `--pod-network-cidr` it fails (`… doesn't contain … PodCIDR of the … node`)
//!   and exits; k3s writes `Network` from its own `--cluster-cidr` (`createFlannelConf`).
//! * `configureDeviceIPv4IPv6`: an IPv6-only podCIDR under kube-flannel's IPv4 `Network` fails (`IPv4 is
//!   enabled but the lease has no IPv4`); otherwise the vxlan device `flannel.1` (MTU the uplink's less
//!   50, `<subnet network>/32`), then `/run/flannel/subnet.env` (`WriteSubnetFile`), which the flannel
//!   CNI plugin reads at every ADD — a pod whose ADD comes before it fails with the plugin's
//!   `failed to load flannel 'subnet.env' file`.
//! * An exited flanneld container is restarted by the kubelet: at its next relist the first time, then
//!   after its back-off (10 s, doubling, at most 5 min); the init container does not run again.
//! * `handleSubnetEvents`: a route per other node's lease, `<subnet> via <subnet network> dev flannel.1
//!   onlink`, added when flanneld's Node informer sees a Node its own flanneld has annotated, and
//!   removed when the node goes. The informer's events arrive `watch_latency` after a Node changes
//!   (`watch_all`).
//!
//! Dual-stack is `net-conf.json`'s: kube-flannel's manifest as shipped enables IPv4 alone, so its pods
//! get no IPv6 address; k3s enables IPv6 for dual-stack CIDRs, and its `subnet.env` and the plugin's
//! delegate carry both families. k3s' `flannel-v6.1` device and its IPv6 routes are not modelled, nor
//! the vxlan FDB and ARP entries flanneld writes beside each route, nor its masquerade rules, nor the
//! `flannel.1` link `RegisterNetwork` makes before `AcquireLease` (left without an address when it fails).

use crate::ipam::flannel::DEFAULT_SUBNET_FILE;
use crate::ipam::flanneld::{
    acquire_lease, configure_device, create_vxlan_device, vxlan_device, vxlan_mtu, vxlan_route,
    write_subnet_file, SubnetConfig, DEFAULT_VNI,
};
use crate::ipam::goip::{parse_cidr, GoIp};
use crate::sim::chain::canal::canal_conflist;
use crate::sim::chain::Chain;
use crate::sim::clock::VirtualDuration;
use crate::sim::cluster::{Action, Cluster};
use crate::sim::event::{EventKind, Reason};
use crate::sim::message::{Message, NodeRouteChange};
use crate::sim::name::Name;
use crate::sim::object::ObjectRef;
use crate::sim::upstream;
use ipnet::{IpNet, Ipv4Net};
use std::net::Ipv4Addr;
use std::rc::Rc;

/// kube-flannel's `net-conf.json` `Network` as its manifest ships it (`Documentation/kube-flannel.yml`,
/// the `kube-flannel-cfg` ConfigMap): the Pod range kubeadm's docs pair it with.
pub const KUBE_FLANNEL_NETWORK: Ipv4Net = match Ipv4Net::new(Ipv4Addr::new(10, 244, 0, 0), 16) {
    Ok(net) => net,
    Err(_) => panic!("a /16 is a valid prefix"),
};

/// The kubelet's `genericPlegRelistPeriod` (`pkg/kubelet/kubelet.go`): an exited container is noticed,
/// and the first time restarted at once, at the next relist.
const PLEG_RELIST_PERIOD: VirtualDuration = VirtualDuration::from_secs(1);

/// `MaxContainerBackOff` (`pkg/kubelet/kubelet.go`): the cap of a crashing container's back-off.
const MAX_CONTAINER_BACK_OFF: VirtualDuration = VirtualDuration::from_secs(300);

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

/// The flannel pod starts: kube-flannel's init container installs the conflist, then flanneld
/// registers the network (k3s wrote its conflist when its agent started: [`k3s_prepare`]).
pub(crate) fn run(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    if !current(cluster, name, uid, boot) {
        return;
    }
    match cluster.nodes.get(name).map(|n| n.cni) {
        Some(Chain::Flannel) => install_conflist(cluster, name),
        Some(Chain::Canal) => install_canal_conflist(cluster, name),
        _ => {}
    }
    restart(cluster, name, uid, boot);
}

/// flanneld starts (again): the kubelet restarted its container, whose init container does not run
/// again.
pub(crate) fn restart(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    if !current(cluster, name, uid, boot) {
        return;
    }
    if let Some(files) = cluster
        .nodes
        .get_mut(name)
        .and_then(|n| n.flannel.as_deref_mut())
    {
        files.running = true;
    }
    register(cluster, name, uid, boot);
}

/// k3s' agent starts on the node (`flannel.Prepare`): it writes its conflist before containerd and the
/// kubelet start. Nothing on another chain.
pub(crate) fn k3s_prepare(cluster: &mut Cluster, name: &str) {
    if cluster.nodes.get(name).map(|n| n.cni) == Some(Chain::K3sFlannel) {
        install_conflist(cluster, name);
    }
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
    let files = node.flannel.as_deref();
    let registered = files.is_some_and(|f| f.subnet_env.is_some());
    let waiting = files.is_some_and(|f| f.running) && node.cni == Chain::K3sFlannel;
    if registered {
        sync_routes(cluster, name);
    } else if waiting {
        register(cluster, name, uid, boot);
    }
}

/// After anything that changes the node list: flanneld's informer on every flannel node hears of it.
pub(crate) fn watch_all(cluster: &mut Cluster) {
    let nodes: Vec<(Name, u64, u32)> = cluster
        .nodes_in_name_order()
        .into_iter()
        .filter(|(_, node)| node.cni.runs_flanneld() && !node.down)
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

/// The canal pod's `install-cni` writes `10-canal.conflist` for its node before its flannel container
/// starts.
fn install_canal_conflist(cluster: &mut Cluster, name: &str) {
    let Some(node) = cluster.nodes.get_mut(name) else {
        return;
    };
    node.conflist = Some(Rc::from(canal_conflist(name)));
    let path = node.cni.conflist_path();
    cluster.node_ready();
    cluster.log(
        ObjectRef::node(name),
        EventKind::Step,
        Reason::CNIConfigWritten,
        format_args!(
            "the canal pod's install-cni wrote {path} (calico with host-local on the node's podCIDR, usePodCidr; then portmap and bandwidth)"
        ),
        Some(name.into()),
        &upstream::CALICO_INSTALL_CNI,
    );
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
    cluster.node_ready();
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

/// flanneld's `net-conf.json` on a node of `chain` in a cluster of `cluster_cidrs`: kube-flannel's
/// manifest as shipped (IPv4 alone, [`KUBE_FLANNEL_NETWORK`] whatever the cluster's CIDR), or what k3s'
/// `createFlannelConf` writes from `--cluster-cidr` (IPv6 too on a dual-stack cluster).
fn net_config(chain: Chain, cluster_cidrs: &[IpNet]) -> SubnetConfig {
    let family = |v6: bool| {
        cluster_cidrs
            .iter()
            .copied()
            .find(|n| n.addr().is_ipv6() == v6)
    };
    SubnetConfig {
        network: match chain {
            // RKE2's canal chart writes `Network` from the cluster CIDR, as k3s does.
            Chain::K3sFlannel | Chain::Canal => family(false),
            Chain::Flannel | Chain::Kindnet | Chain::Calico => {
                Some(IpNet::V4(KUBE_FLANNEL_NETWORK))
            }
        },
        ipv6_network: chain.flannel_ipv6().then(|| family(true)).flatten(),
    }
}

/// flanneld's `RegisterNetwork`: the lease (annotating the Node), `flannel.1`, `subnet.env`, then the
/// routes to the other nodes' leases. A failure is logged in flanneld's words; kube-flannel's
/// container exits and is restarted, k3s waits for a podCIDR.
fn register(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    let Some(node) = cluster.nodes.get(name) else {
        return;
    };
    let chain = node.cni;
    let cluster_cidrs = cluster
        .config
        .as_ref()
        .map(|c| c.cluster_cidrs.clone())
        .unwrap_or_default();
    let config = net_config(chain, &cluster_cidrs);
    let pod_cidr = node.pod_cidrs.first().map_or("", String::as_str);
    let acquired = acquire_lease(name, pod_cidr, &node.pod_cidrs, &config);
    let annotated = match &acquired {
        Ok(_) => true,
        Err(err) => err.annotated(),
    };
    if annotated {
        annotate(cluster, name);
    }
    let lease = acquired
        .map_err(|err| {
            (
                format!("failed to acquire lease: {err}"),
                &upstream::FLANNELD_ACQUIRE_LEASE,
            )
        })
        .and_then(|lease| {
            configure_device(&config, &lease)
                .map(|()| lease)
                .map_err(|err| (err.to_string(), &upstream::FLANNELD_VXLAN_DEVICE))
        });
    let lease = match lease {
        Ok(lease) => lease,
        Err((err, upstream)) => {
            // k3s waits for the podCIDR (`waitForPodCIDR`) and writes a Network that holds it.
            if chain == Chain::Flannel {
                cluster.log(
                    ObjectRef::node(name),
                    EventKind::Warning,
                    Reason::FlannelLeaseFailed,
                    format_args!("Error registering network: {err}"),
                    Some(name.into()),
                    upstream,
                );
                exited(cluster, name, uid, boot);
            }
            return;
        }
    };
    let Some(node) = cluster.nodes.get(name) else {
        return;
    };
    let uplink_mtu = node.uplink.mtu;
    let public_ip = node.internal_ips.first().copied();
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
        // A device kept from before (a reset machine's) keeps its own address.
        let mac = ifindex
            .and_then(|i| node.netns.link_by_index(i))
            .map_or(mac, |link| link.mac);
        cluster.log(
            object.clone(),
            EventKind::Step,
            Reason::VxlanDeviceCreated,
            format_args!(
                "flanneld acquired the lease {} (spec.podCIDR), annotated node {name} \
                 (kube-subnet-manager=true, public-ip {}, backend-data VtepMAC {}) and created {}: \
                 vxlan id {}, mtu {}, {}",
                lease.subnet.map(|s| s.to_string()).unwrap_or_default(),
                public_ip.map(|ip| GoIp(ip).to_string()).unwrap_or_default(),
                mac.text(),
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

/// `AcquireLease`'s PATCH of the Node's annotations: from now on the other nodes' flanneld see its
/// podCIDR as a lease, once their informers hear of the change.
fn annotate(cluster: &mut Cluster, name: &str) {
    let Some(node) = cluster.nodes.get_mut(name) else {
        return;
    };
    if !node.flannel_annotated {
        node.flannel_annotated = true;
        watch_all(cluster);
    }
}

/// kube-flannel's flanneld exited: the kubelet restarts its container at its next relist the first
/// time, then after a back-off of 10 s (`sandbox_retry_period`, the kubelet's `backOffPeriod`)
/// doubling with every exit, at most 5 min.
fn exited(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    let Some(files) = cluster
        .nodes
        .get_mut(name)
        .and_then(|n| n.flannel.as_deref_mut())
    else {
        return;
    };
    files.running = false;
    files.exits += 1;
    let back_off = match files.exits - 1 {
        0 => PLEG_RELIST_PERIOD,
        n => cluster
            .settings
            .sandbox_retry_period
            .exponential(n - 1, MAX_CONTAINER_BACK_OFF),
    };
    cluster.schedule(
        back_off,
        Action::FlanneldRestart {
            node: name.to_string(),
            uid,
            boot,
        },
    );
}

/// `handleSubnetEvents` for what the informer holds now: a route through `flannel.1` to every other
/// node's IPv4 lease — a Node its own flanneld has annotated (`handleAddLeaseEvent` skips the others)
/// — and none to a lease that is gone. Each change is logged as it is made.
fn sync_routes(cluster: &mut Cluster, name: &str) {
    let leases: Vec<(Name, IpNet)> = cluster
        .nodes_in_name_order()
        .into_iter()
        .filter(|(other, node)| &***other != name && node.flannel_annotated)
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
