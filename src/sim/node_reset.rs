//! A kubeadm node taken out and put back by hand: `kubeadm reset` on its machine, `kubectl delete
//! node`, and later `kubeadm join` on the same machine (a `node add` of its name, [`super::kind`]); and
//! `ip link delete` on a machine, the cure for what the reset leaves.
//!
//! `kubeadm reset`'s `cleanup-node` phase (`cmd/kubeadm/app/cmd/phases/reset/cleanupnode.go`) stops the
//! kubelet, stops and removes every pod sandbox through the CRI (`RemoveContainers`: `StopPodSandbox`,
//! whose CNI DEL takes each pod's veth and address back, then `RemovePodSandbox`), and empties
//! `/etc/kubernetes/manifests`, `/var/lib/kubelet` and `/etc/kubernetes/pki`. It leaves the CNI
//! configuration and the links the plugins made, and says so (`manualCleanupInstructions`): the
//! conflist in `/etc/cni/net.d`, the bridge `cni0` with its gateway, `flannel.1`, `/run/flannel/subnet.env`
//! and host-local's directory. When the machine joins again and kube-controller-manager gives it another
//! podCIDR (round robin: the freed one is behind the cursor), the bridge plugin's `ensureAddr` finds
//! the old gateway on `cni0` and every ADD fails until someone runs `ip link delete cni0`.

use super::cluster::Cluster;
use super::event::{EventKind, Reason};
use super::kind;
use super::name::Name;
use super::object::ObjectRef;
use super::runtime;
use super::upstream;
use crate::ipam::ptp::IfName;
use crate::order;

/// `kubeadm reset`'s words about what it leaves (`manualCleanupInstructions`, `cmd/kubeadm/app/cmd/
/// reset.go`), on one line.
pub const MANUAL_CLEANUP_INSTRUCTIONS: &str = "The reset process does not perform cleanup of CNI \
     plugin configuration, network filtering rules and kubeconfig files. For information on how to \
     perform this cleanup manually, please see: https://k8s.io/docs/reference/setup-tools/kubeadm/kubeadm-reset/";

/// `node reset NAME`: `kubeadm reset` on the node's machine, then `kubectl delete node NAME`. The
/// machine waits, as the reset left it, for a `node add` of its name. Nothing on a machine that is down.
pub(crate) fn node_reset(cluster: &mut Cluster, name: &str) {
    let Some(node) = cluster.nodes.get(name).filter(|n| !n.down) else {
        return;
    };
    let (node_name, uid) = (node.name.clone(), node.uid);
    // `RemoveContainers` walks the runtime's list of sandboxes; podip's in ID order.
    let live: Vec<Name> =
        order::sorted_by(node.sandboxes.keys().cloned().collect(), |a, b| a.cmp(b));
    let stopped = live.len() + node.dead_sandboxes.len();
    for id in live {
        runtime::stop_pod_sandbox(cluster, &node_name, uid, &id);
    }
    let dead = cluster
        .nodes
        .get_mut(name)
        .map(|n| std::mem::take(&mut n.dead_sandboxes))
        .unwrap_or_default();
    for (_, facts) in dead {
        runtime::stop_dead_sandbox(cluster, &node_name, &facts);
    }
    super::reboot::forget_sandboxes(cluster, uid);
    let Some(node) = cluster.nodes.get_mut(name) else {
        return;
    };
    // The kubelet is stopped and the flannel pod's containers are gone: a new kubelet, a new
    // kindnetd or flannel pod, each with its own memory, come with the join.
    node.writer.restart();
    node.chain = None;
    node.admitted_pods = 0;
    if let Some(files) = node.flannel.as_deref_mut() {
        files.running = false;
        files.exits = 0;
    }
    let kept = kept_by_reset(node);
    cluster.log(
        ObjectRef::node(name),
        EventKind::Step,
        Reason::NodeReset,
        format_args!(
            "kubeadm reset on {name}: the kubelet stopped, {stopped} pod sandboxes stopped and removed, \
             /etc/kubernetes/manifests, /var/lib/kubelet and /etc/kubernetes/pki emptied; left as they \
             were: {kept}. {MANUAL_CLEANUP_INSTRUCTIONS}"
        ),
        Some(node_name),
        &upstream::KUBEADM_RESET_CLEANUP_NODE,
    );
    if let Some(machine) = kind::delete_object(cluster, name) {
        cluster.machines.insert(Name::from(name), Box::new(machine));
    }
}

/// What of the CNI's the reset leaves on the machine, as the node shows it now.
fn kept_by_reset(node: &super::objects::NodeObj) -> String {
    let mut kept = Vec::new();
    if node.conflist.is_some() {
        kept.push(format!("{} in /etc/cni/net.d", node.cni.conflist_name()));
    }
    for link in node.netns.links() {
        let addrs: Vec<String> = link
            .addrs
            .iter()
            .filter(|a| !matches!(a.local.addr(), std::net::IpAddr::V6(v6) if v6.is_unicast_link_local()))
            .map(|a| a.local.to_string())
            .collect();
        let cni_made = matches!(
            link.kind,
            crate::ipam::ptp::LinkKind::Bridge { .. } | crate::ipam::ptp::LinkKind::Vxlan { .. }
        );
        if cni_made {
            kept.push(match addrs.is_empty() {
                true => link.name.to_string(),
                false => format!("{} with {}", link.name, addrs.join(", ")),
            });
        }
    }
    if let Some(env) = node.flannel.as_ref().and_then(|f| f.subnet_env.as_deref()) {
        let subnet = env
            .lines()
            .find_map(|line| line.strip_prefix("FLANNEL_SUBNET="))
            .unwrap_or("");
        kept.push(format!("/run/flannel/subnet.env (FLANNEL_SUBNET={subnet})"));
    }
    if node.store.is_some() {
        kept.push(format!(
            "host-local's {}",
            node.store_dir.as_deref().unwrap_or("directory")
        ));
    }
    if kept.is_empty() {
        "nothing of the CNI's".to_string()
    } else {
        kept.join(", ")
    }
}

/// `node exec NAME ip link delete DEVICE`: the kernel unregisters the link of the node's machine (a
/// node's, or one `kubeadm reset` left), with its addresses and routes; a bridge frees its ports. The
/// bridge plugin makes `cni0` anew at the next ADD, with the gateway `subnet.env` names.
pub(crate) fn link_delete(cluster: &mut Cluster, name: &str, link: IfName) {
    let Some(machine) = cluster
        .nodes
        .get_mut(name)
        .or_else(|| cluster.machines.get_mut(name).map(|m| &mut **m))
        .filter(|n| !n.down)
    else {
        return;
    };
    let found = machine.netns.link_by_name(&link).map(|l| l.ifindex);
    let text = match found.and_then(|ifindex| machine.netns.remove_link(ifindex)) {
        Some(gone) => {
            let addrs: Vec<String> = gone
                .addrs
                .iter()
                .filter(|a| !matches!(a.local.addr(), std::net::IpAddr::V6(v6) if v6.is_unicast_link_local()))
                .map(|a| a.local.to_string())
                .collect();
            let with = match addrs.is_empty() {
                true => String::new(),
                false => format!(", with {} and its routes,", addrs.join(", ")),
            };
            format!(
                "ip link delete {} on {name}: the link{with} is gone",
                &*link
            )
        }
        // iproute2's text when the kernel knows no such link.
        None => format!(
            "ip link delete {} on {name}: Cannot find device {:?}",
            &*link, &*link
        ),
    };
    cluster.log(
        ObjectRef::node(name),
        EventKind::Step,
        Reason::LinkDeleted,
        format_args!("{text}"),
        Some(Name::from(name)),
        &upstream::IPROUTE2_LINK_DELETE,
    );
}
