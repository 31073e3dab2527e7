//! CNI ADD and DEL through a flannel chain: the flannel plugin reads `subnet.env` (or, on DEL, the
//! delegate it saved) and hands its delegate to the bridge plugin, which makes `cni0`, the veth pair on
//! it, asks host-local and puts the gateway on `cni0` last. What the bridge did is returned for the
//! log, in `bridge.go`'s order.

use super::flanneld;
use crate::ipam::bridge::{self, CmdArgs};
use crate::ipam::flannel;
use crate::ipam::hostlocal::store::container_id;
use crate::ipam::hostlocal::Store;
use crate::ipam::ptp::iproute2::route_lines_via;
use crate::ipam::ptp::{IfName, NetNs};
use crate::sim::chain::seam::{nothing, step_count, Actors, Told};
use crate::sim::cluster::Cluster;
use crate::sim::event::Reason;
use crate::sim::message::SandboxStep;
use crate::sim::name::Name;
use crate::sim::objects::NodeObj;
use crate::sim::sandbox::{select_pod_ips, SandboxFacts, IF_NAME};
use crate::sim::upstream;
use ipnet::IpNet;
use std::net::IpAddr;
use std::rc::Rc;

/// kube-flannel's row of actors: its pod starts after the node registers; its `install-cni` writes
/// the conflist.
pub(crate) const ACTORS: Actors = Actors {
    prepare: nothing,
    down: nothing,
    deleted: nothing,
    start_agent: flanneld::start,
    add,
    del,
};

/// k3s' row of actors: its agent writes the conflist before containerd and the kubelet start.
pub(crate) const K3S_ACTORS: Actors = Actors {
    prepare: flanneld::k3s_prepare,
    down: nothing,
    deleted: nothing,
    ..ACTORS
};

/// CNI ADD in `bridge.go`'s order: the bridge, the veth pair on it, IPAM, and only once the pod's
/// interface is configured the gateway on the bridge.
fn add(
    cluster: &mut Cluster,
    node_name: &Name,
    facts: &mut SandboxFacts,
    pod_netns: &mut NetNs,
) -> Result<Vec<Told>, String> {
    let bridge = flannel_add(cluster, node_name, facts, pod_netns)?;
    let mut told = Vec::new();
    if let Some(text) = bridge.created {
        told.push(Told::Text(
            Reason::BridgeCreated,
            text,
            &upstream::BRIDGE_SETUP_BRIDGE,
        ));
    }
    told.push(Told::Step(
        SandboxStep::VethCreated,
        &upstream::BRIDGE_SETUP_VETH,
    ));
    told.extend(
        (0..step_count(facts.reserved.len()))
            .map(|range| Told::Step(SandboxStep::Reserved(range), &upstream::HOSTLOCAL_GET)),
    );
    if let Some(text) = bridge.gateway {
        told.push(Told::Text(
            Reason::BridgeGatewayAdded,
            text,
            &upstream::BRIDGE_ENSURE_ADDR,
        ));
    }
    Ok(told)
}

/// CNI DEL in the bridge's order: the interface, then IPAM. Without the pod's namespace only IPAM's
/// release is told.
fn del(
    cluster: &mut Cluster,
    node_name: &Name,
    pod: Option<&mut NetNs>,
    facts: &SandboxFacts,
) -> Vec<Told> {
    let Some(node) = cluster.nodes.get_mut(node_name) else {
        return Vec::new();
    };
    let live = pod.is_some();
    let (released, gone) = flannel_del(node, pod, facts);
    let mut told = Vec::new();
    if live && gone {
        told.push(Told::Step(SandboxStep::VethDeleted, &upstream::BRIDGE_DEL));
    }
    told.push(Told::Released(released));
    told
}

/// `CNI_ARGS` as containerd passes it (`IP=` when the pod requests an address).
fn cni_args(facts: &SandboxFacts) -> String {
    let mut args = format!(
        "IgnoreUnknown=1;K8S_POD_NAMESPACE=default;K8S_POD_NAME={};K8S_POD_INFRA_CONTAINER_ID={};K8S_POD_UID={}",
        facts.pod(),
        facts.sandbox_id,
        facts.pod_uid
    );
    if let Some(ip) = &facts.requested_ip {
        args.push_str(&format!(";IP={ip}"));
    }
    args
}

/// What an ADD did to the node's bridge, as the log tells it.
#[derive(Debug, Default)]
struct BridgeSteps {
    /// `setupBridge` made `cni0` (the node's first ADD, or its first after a reboot).
    created: Option<String>,
    /// `ensureAddr` put a gateway on it, with the connected route that came with the address.
    gateway: Option<String>,
}

/// CNI ADD through a flannel chain: flannel reads `subnet.env`, saves its delegate and hands it to
/// the bridge plugin, which makes `cni0` if needed, the veth pair on it, asks host-local, configures
/// the pod's `eth0` and puts the gateway on `cni0` if it is not there yet. Fills in `facts`; returns
/// what this ADD did to the bridge, or the plugin's error after containerd's teardown DEL through the
/// chain.
fn flannel_add(
    cluster: &mut Cluster,
    node_name: &Name,
    facts: &mut SandboxFacts,
    pod_netns: &mut NetNs,
) -> Result<BridgeSteps, String> {
    let args = cni_args(facts);
    let Cluster { nodes, entropy, .. } = cluster;
    let Some(node) = nodes.get_mut(node_name) else {
        return Err(String::new());
    };
    let conf = node.cni.flannel_plugin_conf().unwrap_or_default();
    let bridge_name = crate::ipam::bridge::netconf::DEFAULT_BR_NAME;
    let had_bridge = node.netns.link_by_name(bridge_name).is_some();
    let had_addrs: Vec<IpNet> = node
        .netns
        .link_by_name(bridge_name)
        .map(|link| link.addrs.iter().map(|a| a.local).collect())
        .unwrap_or_default();
    let files = node.flannel.get_or_insert_with(Default::default);
    let subnet_env = files.subnet_env.clone();
    let id = &*facts.sandbox_id;
    let (netns, store) = (&mut node.netns, &mut node.store);
    let added = flannel::cmd_add(
        &conf,
        id,
        subnet_env.as_deref(),
        &mut files.scratch,
        |_, delegate| {
            let cmd = CmdArgs {
                container_id: id,
                if_name: IF_NAME,
                args: &args,
                stdin: delegate,
            };
            bridge::cmd_add(netns, pod_netns, cmd, store, entropy).map_err(|err| err.to_string())
        },
    );
    let result = match added {
        Ok(result) => result,
        Err(err) => {
            // containerd's deferred teardown: DEL through the chain, flannel reading its saved delegate.
            del_through_chain(
                &conf,
                id,
                &args,
                &mut files.scratch,
                netns,
                Some(pod_netns),
                store,
            );
            return Err(err.to_string());
        }
    };
    if let Some(store) = &node.store {
        let dir = node.store_dir.get_or_insert_with(|| Rc::from(store.dir()));
        facts.store_dir = Rc::clone(dir);
    }
    facts.reserved = result.ips.iter().map(|ip| ip.address.addr()).collect();
    facts.reordered_ips = select_pod_ips(&facts.reserved);
    let host = result
        .interfaces
        .get(1)
        .and_then(|veth| node.netns.link_by_name(&veth.name));
    facts.host_veth = host.map_or(IfName::EMPTY, |link| link.name);
    facts.host_index = host.map_or(0, |link| link.ifindex);
    facts.eth0_index = pod_netns.link_by_name(IF_NAME).map_or(0, |l| l.ifindex);
    let Some(bridge) = node.netns.link_by_name(bridge_name) else {
        return Ok(BridgeSteps::default());
    };
    facts.bridge = Some(bridge.name);
    let created = (!had_bridge).then(|| {
        format!(
            "bridge {} created on the node (ifindex {}, mtu {}) and set up, no address on it yet",
            bridge.name, bridge.ifindex, bridge.mtu
        )
    });
    // The gateways this ADD put on the bridge, leaving out the link-local address the kernel gives it
    // once a port is up.
    let gateways: Vec<IpNet> = bridge
        .addrs
        .iter()
        .map(|a| a.local)
        .filter(|a| {
            !had_addrs.contains(a)
                && !matches!(a.addr(), IpAddr::V6(v6) if v6.is_unicast_link_local())
        })
        .collect();
    let routes = route_lines_via(&node.netns, bridge.ifindex);
    let connected: Vec<&str> = gateways
        .iter()
        .filter_map(|gateway| {
            let prefix = format!("{} ", gateway.trunc());
            routes.iter().find(|line| line.starts_with(&prefix))
        })
        .map(String::as_str)
        .collect();
    let gateway = (!gateways.is_empty()).then(|| {
        let list: Vec<String> = gateways.iter().map(IpNet::to_string).collect();
        format!(
            "the bridge plugin put the gateway{} {} on {} (isGateway): {}",
            if list.len() > 1 { "s" } else { "" },
            list.join(" and "),
            bridge.name,
            connected.join(", ")
        )
    });
    Ok(BridgeSteps { created, gateway })
}

/// The addresses host-local holds for `sandbox_id` on this store: what its DEL releases.
fn held_by(store: Option<&Store>, sandbox_id: &str) -> Vec<IpAddr> {
    store.map_or_else(Vec::new, |store| {
        store
            .reservations()
            .filter(|(_, content)| container_id(content) == sandbox_id)
            .map(|(ip, _)| ip)
            .collect()
    })
}

/// CNI DEL through a flannel chain: flannel reads the sandbox's saved delegate back and runs the
/// bridge's DEL (the pod's `eth0` first, its peer leaving `cni0`, then host-local). Returns the
/// addresses host-local released and whether the veth pair was there to delete.
fn flannel_del(
    node: &mut NodeObj,
    pod: Option<&mut NetNs>,
    facts: &SandboxFacts,
) -> (Vec<IpAddr>, bool) {
    let args = cni_args(facts);
    let id = &*facts.sandbox_id;
    let released = held_by(node.store.as_ref(), id);
    let had_veth = node.netns.link_by_index(facts.host_index).is_some() && facts.host_index != 0;
    let conf = node.cni.flannel_plugin_conf().unwrap_or_default();
    let files = node.flannel.get_or_insert_with(Default::default);
    let (netns, store) = (&mut node.netns, &mut node.store);
    del_through_chain(&conf, id, &args, &mut files.scratch, netns, pod, store);
    let gone = had_veth && node.netns.link_by_index(facts.host_index).is_none();
    let still_held = held_by(node.store.as_ref(), id);
    let released = released
        .into_iter()
        .filter(|ip| !still_held.contains(ip))
        .collect();
    (released, gone)
}

/// CNI DEL through flannel's chain: flannel reads back the delegate it saved at ADD and hands it to the
/// bridge plugin. Its error is not the caller's: containerd's teardown and a sandbox's removal go on.
fn del_through_chain(
    conf: &[u8],
    id: &str,
    args: &str,
    scratch: &mut flannel::ScratchStore,
    netns: &mut NetNs,
    pod: Option<&mut NetNs>,
    store: &mut Option<Store>,
) {
    let _ = flannel::cmd_del(conf, id, scratch, |_, delegate| {
        let cmd = CmdArgs {
            container_id: id,
            if_name: IF_NAME,
            args,
            stdin: delegate,
        };
        bridge::cmd_del(netns, pod, cmd, store).map_err(|err| err.to_string())
    });
}
