//! CNI ADD and DEL through kindnet's chain: ptp runs host-local (IPAM first), then builds the veth pair
//! and the pod's routes on the node; DEL runs host-local's DEL and deletes `eth0`, taking the host veth
//! and its `/32` route along.
//!
//! host-local's own loader ([`load_ipam_config_from_netconf`]) reads the ptp entry of the conflist
//! kindnetd wrote, from the values the writer rendered it from (the tests check this equals decoding
//! the text), so a bad podCIDR fails with host-local's text. portmap has no port mappings to set up
//! here and passes the result through; it is named in the steps but not modelled further.

use super::kindnetd;
use crate::ipam::hostlocal::{self, load_ipam_config_from_netconf, Store};
use crate::ipam::ptp::{self, NetNs, Route};
use crate::sim::chain::seam::{nothing, step_count, Actors, Told};
use crate::sim::cluster::Cluster;
use crate::sim::message::SandboxStep;
use crate::sim::name::Name;
use crate::sim::objects::LoadedChain;
use crate::sim::sandbox::{select_pod_ips, SandboxFacts, IF_NAME};
use crate::sim::upstream;
use ipnet::IpNet;
use std::rc::Rc;

/// kindnet's row of actors: kindnetd writes the conflist once it runs; ptp and host-local do ADD and DEL.
pub(crate) const ACTORS: Actors = Actors {
    prepare: nothing,
    down: nothing,
    deleted: nothing,
    start_agent: kindnetd::start,
    add,
    del,
};

/// CNI ADD: host-local's reservations, then ptp's veth pair and its routes on the node, as ptp does them.
fn add(
    cluster: &mut Cluster,
    node_name: &Name,
    facts: &mut SandboxFacts,
    pod_netns: &mut NetNs,
) -> Result<Vec<Told>, String> {
    cni_add(cluster, node_name, facts, pod_netns)?;
    let mut told: Vec<Told> = (0..step_count(facts.reserved.len()))
        .map(|range| Told::Step(SandboxStep::Reserved(range), &upstream::HOSTLOCAL_GET))
        .collect();
    told.push(Told::Step(
        SandboxStep::VethCreated,
        &upstream::PTP_SETUP_VETH,
    ));
    told.extend(
        (0..step_count(facts.routes.len()))
            .map(|n| Told::Step(SandboxStep::RouteAdded(n), &upstream::PTP_HOST_ROUTE)),
    );
    Ok(told)
}

/// CNI DEL: ptp runs host-local's DEL, which releases by container ID, then deletes the pod's `eth0`
/// when its namespace is still there (the host veth and its routes go with it).
fn del(
    cluster: &mut Cluster,
    node_name: &Name,
    pod: Option<&mut NetNs>,
    facts: &SandboxFacts,
) -> Vec<Told> {
    let Some(node) = cluster.nodes.get_mut(node_name) else {
        return Vec::new();
    };
    let released = match (node.chain.as_deref(), node.store.as_mut()) {
        (Some(chain), Some(store)) => {
            hostlocal::cmd_del(&chain.ipam, store, &facts.sandbox_id, IF_NAME)
        }
        _ => Vec::new(),
    };
    let mut told = vec![Told::Released(released)];
    let Some(pod) = pod else {
        return told;
    };
    if ptp::cmd_del(&mut node.netns, Some(pod), IF_NAME).is_some() {
        told.push(Told::Step(SandboxStep::VethDeleted, &upstream::PTP_DEL));
        told.extend(
            (0..step_count(facts.routes.len()))
                .map(|n| Told::Step(SandboxStep::RouteRemoved(n), &upstream::PTP_DEL)),
        );
    }
    told
}

/// The routes ptp added through a host veth (`ip.AddHostRoute`), leaving out the `fe80::/64` the kernel
/// adds for every link that comes up.
fn ptp_host_routes(node: &NetNs, ifindex: u32) -> Vec<Route> {
    let added = node.routes_via_where(ifindex, &|route| !is_link_local_prefix(&route.dst));
    // Sized exactly: the facts of every sandbox of a run stay in its log.
    let mut routes = Vec::with_capacity(added.len());
    routes.extend(added.into_iter().cloned());
    routes
}

/// `fe80::/64`, the prefix route of every link's link-local address.
fn is_link_local_prefix(dst: &IpNet) -> bool {
    matches!(dst, IpNet::V6(net) if net.addr().is_unicast_link_local())
}

/// CNI ADD through the chain: host-local reserves, ptp builds the veth pair and routes. Fills in
/// `facts`; on failure returns the plugin's error after the rollback containerd and ptp do.
fn cni_add(
    cluster: &mut Cluster,
    node_name: &Name,
    facts: &mut SandboxFacts,
    pod_netns: &mut NetNs,
) -> Result<(), String> {
    let cni_args = facts.requested_ip.as_ref().map(|ip| {
        format!(
            "IgnoreUnknown=1;K8S_POD_NAMESPACE=default;K8S_POD_NAME={};K8S_POD_INFRA_CONTAINER_ID={};K8S_POD_UID={};IP={ip}",
            facts.pod(),
            facts.sandbox_id,
            facts.pod_uid
        )
    });
    let chain = load_chain(cluster, node_name, cni_args.as_deref())?;
    let Some(node) = cluster.nodes.get_mut(node_name) else {
        return Err(String::new());
    };
    let store = node
        .store
        .get_or_insert_with(|| Store::new(&chain.ipam.data_dir, &chain.ipam.name));
    let store_dir = node.store_dir.get_or_insert_with(|| Rc::from(store.dir()));
    facts.store_dir = Rc::clone(store_dir);
    let sandbox_id = &*facts.sandbox_id;
    let ipam_result =
        match hostlocal::cmd_add(&chain.ipam, &chain.cni_version, store, sandbox_id, IF_NAME) {
            Ok(result) => result,
            Err(err) => {
                // containerd's deferred teardown runs CNI DEL for the failed sandbox; host-local
                // already rolled back, and ptp finds no link.
                hostlocal::cmd_del(&chain.ipam, store, sandbox_id, IF_NAME);
                ptp::cmd_del(&mut node.netns, Some(pod_netns), IF_NAME);
                return Err(err.to_string());
            }
        };
    let veth = match ptp::cmd_add_setup(
        &mut node.netns,
        pod_netns,
        IF_NAME,
        &ipam_result,
        chain.mtu,
        &mut cluster.entropy,
    ) {
        Ok(veth) => veth,
        Err(err) => {
            // ptp's deferred ipam.ExecDel gives the addresses back; containerd's teardown DEL then
            // deletes the pod's `eth0` if ptp made it, and the node's end of the pair goes with it.
            hostlocal::cmd_del(&chain.ipam, store, sandbox_id, IF_NAME);
            ptp::cmd_del(&mut node.netns, Some(pod_netns), IF_NAME);
            return Err(err.to_string());
        }
    };
    // ptp's printed result (interfaces, MAC texts) is not needed: what the log tells is read here.
    facts.reserved = ipam_result.ips.iter().map(|ip| ip.address.addr()).collect();
    facts.reordered_ips = select_pod_ips(&facts.reserved);
    facts.host_veth = veth.host_name;
    facts.host_index = veth.host_index;
    facts.eth0_index = veth.cont_index;
    facts.routes = ptp_host_routes(&node.netns, veth.host_index);
    Ok(())
}

/// The conflist as the plugins read it: cached per node while the file is unchanged, except when a
/// requested IP makes `CNI_ARGS` matter (then host-local loads it afresh with them). Fails with
/// host-local's text.
fn load_chain(
    cluster: &mut Cluster,
    node_name: &Name,
    cni_args: Option<&str>,
) -> Result<Rc<LoadedChain>, String> {
    let Some(node) = cluster.nodes.get_mut(node_name) else {
        return Err(String::new());
    };
    if cni_args.is_none() {
        if let Some(chain) = &node.chain {
            return Ok(Rc::clone(chain));
        }
    }
    // Written together with the conflist, which the caller found.
    let Some(inputs) = node.writer.written() else {
        return Err(String::new());
    };
    // K8S_* args are ignored thanks to IgnoreUnknown=1, so without IP= the result is the same for
    // every pod and can be kept.
    let (ipam, cni_version) =
        load_ipam_config_from_netconf(&inputs.ptp_netconf(), cni_args.unwrap_or("IgnoreUnknown=1"))
            .map_err(|err| err.to_string())?;
    let chain = Rc::new(LoadedChain {
        ipam,
        cni_version,
        mtu: inputs.mtu,
    });
    if cni_args.is_none() {
        node.chain = Some(Rc::clone(&chain));
    }
    Ok(chain)
}
