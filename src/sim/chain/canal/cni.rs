//! CNI ADD and DEL through Canal's chain: the calico plugin puts the node's podCIDR in place of
//! `usePodCidr` and runs host-local over it, then `DoNetworking` (the `cali` veth, the pod's
//! `169.254.1.1` routes, the node's `/32`); DEL removes the veth, then host-local releases by container
//! ID. The node's routes to the other nodes are flanneld's.

use crate::ipam::calico::dataplane::do_networking;
use crate::ipam::hostlocal::{self, load_ipam_config_from_netconf, IpamConfig, NetConf, Store};
use crate::ipam::ptp::NetNs;
use crate::sim::chain::calico::cni::networked;
use crate::sim::chain::flannel::flanneld;
use crate::sim::chain::seam::{nothing, step_count, Actors, Told};
use crate::sim::cluster::Cluster;
use crate::sim::message::SandboxStep;
use crate::sim::name::Name;
use crate::sim::objects::NodeObj;
use crate::sim::sandbox::{SandboxFacts, IF_NAME};
use crate::sim::upstream;
use std::rc::Rc;

/// Canal's row of actors: the canal pod (install-cni, then flanneld) starts after the node registers.
pub(crate) const ACTORS: Actors = Actors {
    prepare: nothing,
    down: nothing,
    deleted: nothing,
    start_agent: flanneld::start,
    add,
    del,
};

/// host-local's configuration as the calico plugin hands it over: `usePodCidr` replaced by the node's
/// first podCIDR (`ReplaceHostLocalIPAMPodCIDRs`).
fn host_local(node: &NodeObj) -> Result<(IpamConfig, String), String> {
    let Some(pod_cidr) = node.pod_cidrs.first() else {
        return Err(format!(
            "failed to get PodCIDR for node {}: no podCIDR assigned",
            node.name
        ));
    };
    let conf = NetConf {
        name: super::SPEC.network.to_string(),
        cni_version: "0.3.1".to_string(),
        ipam_type: "host-local".to_string(),
        data_dir: String::new(),
        routes: Vec::new(),
        ranges: vec![vec![pod_cidr.clone()]],
    };
    load_ipam_config_from_netconf(&conf, "IgnoreUnknown=1").map_err(|err| err.to_string())
}

/// CNI ADD: host-local over the podCIDR, then the calico plugin's dataplane.
fn add(
    cluster: &mut Cluster,
    node_name: &Name,
    facts: &mut SandboxFacts,
    pod_netns: &mut NetNs,
) -> Result<Vec<Told>, String> {
    let Cluster { nodes, entropy, .. } = cluster;
    let Some(node) = nodes.get_mut(node_name) else {
        return Err(String::new());
    };
    let (ipam, cni_version) = host_local(node)?;
    let store = node
        .store
        .get_or_insert_with(|| Store::new(&ipam.data_dir, &ipam.name));
    let store_dir = node.store_dir.get_or_insert_with(|| Rc::from(store.dir()));
    facts.store_dir = Rc::clone(store_dir);
    let id = &*facts.sandbox_id;
    let result = hostlocal::cmd_add(&ipam, &cni_version, store, id, IF_NAME)
        .map_err(|err| err.to_string())?;
    let Some(ip) = result.ips.first().map(|ip| ip.address.addr()) else {
        return Err("IPAM plugin returned missing IP config".to_string());
    };
    let pod = facts.pod().to_string();
    let veth = match do_networking(
        &mut node.netns,
        pod_netns,
        "default",
        &pod,
        IF_NAME,
        ip,
        entropy,
    ) {
        Ok(veth) => veth,
        Err(err) => {
            hostlocal::cmd_del(&ipam, store, id, IF_NAME);
            return Err(err.to_string());
        }
    };
    facts.reserved = result.ips.iter().map(|ip| ip.address.addr()).collect();
    let mut told: Vec<Told> = (0..step_count(facts.reserved.len()))
        .map(|range| Told::Step(SandboxStep::Reserved(range), &upstream::HOSTLOCAL_GET))
        .collect();
    told.extend(networked(facts, &node.netns, veth));
    Ok(told)
}

/// CNI DEL: the pod's `eth0` (its `cali` peer and `/32` go with it), then host-local's release.
fn del(
    cluster: &mut Cluster,
    node_name: &Name,
    pod: Option<&mut NetNs>,
    facts: &SandboxFacts,
) -> Vec<Told> {
    let Some(node) = cluster.nodes.get_mut(node_name) else {
        return Vec::new();
    };
    let mut told = Vec::new();
    if let Some(pod) = pod {
        if crate::ipam::ptp::cmd_del(&mut node.netns, Some(pod), IF_NAME).is_some() {
            told.push(Told::Step(
                SandboxStep::VethDeleted,
                &upstream::CALICO_CLEANUP,
            ));
        }
    }
    let released = match (host_local(node).ok(), node.store.as_mut()) {
        (Some((ipam, _)), Some(store)) => {
            hostlocal::cmd_del(&ipam, store, &facts.sandbox_id, IF_NAME)
        }
        _ => Vec::new(),
    };
    told.push(Told::Released(released));
    told
}
