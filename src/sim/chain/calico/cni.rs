//! CNI ADD and DEL through Calico's chain (`cni-plugin/pkg/plugin/plugin.go`, `k8s/k8s.go`
//! `CmdAddK8s`): calico-ipam first (`AutoAssign` with the handle `k8s-pod-network.<containerID>` and the
//! pod's attributes), then `DoNetworking`; DEL tears the veth down and calico-ipam releases by handle
//! (`ReleaseByHandle`), a missing handle ignored so a repeated DEL succeeds.

use super::told::ipam_told;
use super::{bird, calico_node};
use super::{unix_nano, Calico};
use crate::ipam::calico::dataplane::{do_networking, CaliVeth};
use crate::ipam::calico::plugin::{self, get_handle_id, Families, Workload, NETWORK_NAME};
use crate::ipam::calico::{IpamError, IpamEvent};
use crate::ipam::ptp::NetNs;
use crate::sim::chain::seam::{nothing, Actors, Told};
use crate::sim::cluster::Cluster;
use crate::sim::message::SandboxStep;
use crate::sim::name::Name;
use crate::sim::sandbox::{select_pod_ips, SandboxFacts, IF_NAME};
use crate::sim::upstream;
use ipnet::IpNet;

/// The calico plugin's refusal before calico-node wrote its node name (`cmdAdd`, `cmdDel`): `os.Stat`'s
/// error, then the plugin's advice.
pub const NODENAME_MISSING: &str = "stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/";

/// Calico's row of actors: calico-node writes the conflist and claims the tunnel's block once it runs;
/// the calico plugin and calico-ipam do ADD and DEL.
pub(crate) const ACTORS: Actors = Actors {
    prepare: nothing,
    down: bird::down,
    deleted: super::kube_controllers::node_deleted,
    start_agent: calico_node::start,
    add,
    del,
};

/// CNI ADD: calico-ipam, then the `cali` veth and the node's route to the pod.
fn add(
    cluster: &mut Cluster,
    node_name: &Name,
    facts: &mut SandboxFacts,
    pod_netns: &mut NetNs,
) -> Result<Vec<Told>, String> {
    let now = unix_nano(cluster.now.as_millis());
    let Cluster { nodes, calico, .. } = cluster;
    if !nodes.contains_key(node_name) {
        return Err(String::new());
    }
    // calico-node writes /var/lib/calico/nodename after it made the pool; the pool is the cluster's
    // and every calico-node makes it alike, so no pool means no node got that far.
    let Some(Calico { ipam, .. }) = calico.as_deref_mut() else {
        return Err(NODENAME_MISSING.to_string());
    };
    ipam.now_unix_nano = now;
    let pod = facts.pod().to_string();
    let workload = Workload {
        container_id: &facts.sandbox_id,
        node: node_name,
        namespace: "default",
        pod: &pod,
    };
    let assigned = plugin::cmd_add(ipam, &workload, Families::default());
    let events = ipam.take_events();
    let handle = get_handle_id(NETWORK_NAME, &facts.sandbox_id);
    let mut told = ipam_told(ipam, &events, Some(&handle));
    super::told::written(cluster, &events, false);
    let Cluster {
        nodes,
        entropy,
        calico,
        ..
    } = cluster;
    let (Some(node), Some(Calico { ipam, .. })) = (nodes.get_mut(node_name), calico.as_deref_mut())
    else {
        return Err(String::new());
    };
    let ips = assigned.map_err(|err| err.to_string())?;
    let Some(ip) = ips.first().map(IpNet::addr) else {
        return Err(IpamError::NoPoolsForNode(node_name.to_string()).to_string());
    };
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
            // The plugin releases what IPAM gave when the dataplane fails (`ReleaseIPAllocation`).
            let _ = plugin::cmd_del(ipam, &facts.sandbox_id);
            ipam.take_events();
            return Err(err.to_string());
        }
    };
    facts.reserved = ips.iter().map(IpNet::addr).collect();
    told.extend(networked(facts, &node.netns, veth));
    Ok(told)
}

/// The sandbox's facts from the `cali` veth `DoNetworking` made on a node with `netns` (its addresses
/// in `facts.reserved` already), and what it tells: the pair, then the node's route to the pod.
/// Canal's chain runs the same plugin.
pub(crate) fn networked(facts: &mut SandboxFacts, netns: &NetNs, veth: CaliVeth) -> [Told; 2] {
    facts.reordered_ips = select_pod_ips(&facts.reserved);
    facts.host_veth = veth.host_name;
    facts.host_index = veth.host_index;
    facts.eth0_index = veth.cont_index;
    facts.routes = netns
        .routes_via(veth.host_index)
        .into_iter()
        .cloned()
        .collect();
    [
        Told::Step(SandboxStep::VethCreated, &upstream::CALICO_DO_NETWORKING),
        Told::Step(SandboxStep::RouteAdded(0), &upstream::CALICO_SETUP_ROUTES),
    ]
}

/// CNI DEL: the pod's `eth0` goes (its `cali` peer and the node's `/32` with it), then calico-ipam
/// releases the handle's addresses.
fn del(
    cluster: &mut Cluster,
    node_name: &Name,
    pod: Option<&mut NetNs>,
    facts: &SandboxFacts,
) -> Vec<Told> {
    let now = unix_nano(cluster.now.as_millis());
    let Cluster { nodes, calico, .. } = cluster;
    let mut told = Vec::new();
    if let (Some(node), Some(pod)) = (nodes.get_mut(node_name), pod) {
        if crate::ipam::ptp::cmd_del(&mut node.netns, Some(pod), IF_NAME).is_some() {
            told.push(Told::Step(
                SandboxStep::VethDeleted,
                &upstream::CALICO_CLEANUP,
            ));
        }
    }
    let mut events = Vec::new();
    if let Some(Calico { ipam, .. }) = calico.as_deref_mut() {
        ipam.now_unix_nano = now;
        let _ = plugin::cmd_del(ipam, &facts.sandbox_id);
        events = ipam.take_events();
        told.extend(released_told(&events));
    }
    super::told::written(cluster, &events, false);
    super::kube_controllers::pod_or_block_changed(cluster);
    told
}

/// The release of a DEL, told per block from the sandbox's addresses.
fn released_told(events: &[IpamEvent]) -> Vec<Told> {
    events
        .iter()
        .filter_map(|event| match event {
            IpamEvent::Released { cidr, .. } => Some(Told::Step(
                SandboxStep::BlockReleased(cidr.prefix_len()),
                &upstream::CALICO_RELEASE_BY_HANDLE,
            )),
            _ => None,
        })
        .collect()
}
