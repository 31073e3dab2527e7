//! A node's neighbour (ARP) table, as `ip neigh` lists it: an entry for each pod address the node has
//! exchanged packets with, on the device the node reaches the address through.
//!
//! A pod's first packet off its namespace asks for its gateway, the node: `arp_process` answers a
//! request for a local address and learns the sender with `neigh_event_ns`, which makes the entry
//! `STALE` (`net/core/neighbour.c`). podip models no data traffic after that, so nothing confirms an
//! entry to `REACHABLE` and it stays `STALE`. The entry belongs to its device: on ptp that is the pod's
//! host veth, and `neigh_ifdown` flushes it when CNI DEL deletes the veth; on a bridge it is `cni0`,
//! which outlives every pod, so the entry stays after the veth goes (containernetworking/plugins#858).
//! The periodic collector leaves the table alone while it holds fewer than `gc_thresh1` entries.

use super::cluster::Cluster;
use super::objects::NodeObj;
use super::sandbox::SandboxFacts;
use super::{Simulation, VirtualTime};
use crate::ipam::ptp::links::MacAddr;
use crate::ipam::ptp::netns::NetNs;
use std::net::IpAddr;

/// `net.ipv4.neigh.default.gc_thresh1`: below this many entries the collector removes none.
pub const GC_THRESH1: usize = 128;
/// `gc_stale_time`: past `gc_thresh1`, an entry unused this long is collected.
const GC_STALE_MS: u64 = 60_000;

/// An entry's `NUD_*` state, as `ip neigh` prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NudState {
    /// Learned from the pod's own ARP request and not confirmed since.
    Stale,
}

impl NudState {
    /// `ip neigh`'s word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            NudState::Stale => "STALE",
        }
    }
}

/// One entry of a node's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Neighbour {
    /// The pod's address.
    pub ip: IpAddr,
    /// The device the entry is on (`cni0`, or ptp's host veth), and its ifindex.
    pub dev: String,
    pub ifindex: u32,
    /// The pod's `eth0` MAC address when it was learned.
    pub lladdr: MacAddr,
    pub state: NudState,
    /// When it was last updated.
    pub updated: VirtualTime,
}

impl Neighbour {
    /// As `ip neigh` prints it: `10.244.1.3 dev cni0 lladdr 0a:58:… STALE`.
    pub fn line(&self) -> String {
        format!(
            "{} dev {} lladdr {} {}",
            self.ip,
            self.dev,
            self.lladdr,
            self.state.as_str()
        )
    }
}

/// A node's table (empty again after a reboot: it lives in the root namespace).
#[derive(Debug, Clone, Default)]
pub(crate) struct Neighbours {
    entries: Vec<Neighbour>,
}

impl Neighbours {
    /// The entries whose device is still in `netns` (`neigh_ifdown` flushed the others).
    fn live<'a>(&'a self, netns: &'a NetNs) -> impl Iterator<Item = &'a Neighbour> {
        self.entries.iter().filter(|n| {
            netns
                .link_by_index(n.ifindex)
                .is_some_and(|link| *link.name == *n.dev)
        })
    }
}

/// The pod of `sandbox` runs and its first packet reached its node: the node learns each of its IPv4
/// addresses on the device its route to the pod leaves by (IPv6 resolves by NDP, not modelled).
pub(crate) fn pod_reached(cluster: &mut Cluster, node: &str, sandbox: &SandboxFacts) {
    let now = cluster.now;
    let Some(node) = cluster.nodes.get_mut(node) else {
        return;
    };
    let NodeObj {
        netns,
        neighbours,
        sandboxes,
        ..
    } = node;
    let Some(veth) = netns.link_by_index(sandbox.host_index) else {
        return;
    };
    // A bridge's port has no address of its own: the node reaches the pod through the bridge.
    let dev = veth
        .port
        .and_then(|port| netns.link_by_index(port.master))
        .unwrap_or(veth);
    let (dev, ifindex) = (dev.name.to_string(), dev.ifindex);
    let Some(lladdr) = sandboxes
        .get(&sandbox.sandbox_id)
        .and_then(|s| s.netns.link_by_index(sandbox.eth0_index))
        .map(|eth0| eth0.mac)
    else {
        return;
    };
    let live: Vec<Neighbour> = neighbours.live(netns).cloned().collect();
    let mut entries = live;
    if entries.len() >= GC_THRESH1 {
        entries.retain(|n| now.0.saturating_sub(n.updated.0) < GC_STALE_MS);
    }
    for ip in sandbox.ips().iter().filter(|ip| ip.is_ipv4()) {
        entries.retain(|n| !(n.ip == *ip && n.ifindex == ifindex));
        entries.push(Neighbour {
            ip: *ip,
            dev: dev.clone(),
            ifindex,
            lladdr,
            state: NudState::Stale,
            updated: now,
        });
    }
    neighbours.entries = entries;
}

impl Simulation {
    /// `ip neigh` on node `name`: its entries for pod addresses, in the order they were learned.
    pub fn node_neighbours(&self, name: &str) -> Vec<Neighbour> {
        self.cluster
            .nodes
            .get(name)
            .map(|node| node.neighbours.live(&node.netns).cloned().collect())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use crate::sim::{builtin, Scenario, Simulation};

    fn at_end(text: &str) -> Simulation {
        let mut sim = Simulation::new(Scenario::parse(text).expect("a built-in scenario"));
        sim.run_to_end();
        sim
    }

    fn line_for(sim: &Simulation, node: &str, ip: &str) -> Option<String> {
        sim.node_neighbours(node)
            .iter()
            .find(|n| n.ip.to_string() == ip)
            .map(|n| n.line())
    }

    #[test]
    fn on_a_bridge_the_entry_for_a_deleted_pod_stays_stale_on_cni0() {
        let sim = at_end(builtin::KUBEADM_FLANNEL);
        // b's .3 was deleted and its veth went at CNI DEL; a, c and d still run.
        let b = line_for(&sim, "worker-1", "10.244.1.3").expect("b's entry outlives its veth");
        assert!(b.starts_with("10.244.1.3 dev cni0 lladdr "), "{b}");
        assert!(b.ends_with(" STALE"), "{b}");
        for ip in ["10.244.1.2", "10.244.1.4", "10.244.1.5"] {
            let line = line_for(&sim, "worker-1", ip).expect("a running pod's entry");
            assert!(line.contains(" dev cni0 "), "{line}");
        }
    }

    #[test]
    fn on_ptp_the_entry_goes_with_the_host_veth() {
        let sim = at_end(builtin::KIND);
        assert_eq!(line_for(&sim, "kind-worker", "10.244.1.3"), None);
        let a = line_for(&sim, "kind-worker", "10.244.1.2").expect("a's entry");
        let veth = sim
            .node_state("kind-worker")
            .and_then(|n| n.veths.into_iter().find(|v| v.pod == "a"))
            .expect("a's veth");
        assert!(a.contains(&format!(" dev {} ", veth.name)), "{a}");
    }

    #[test]
    fn each_entry_names_its_pods_mac_address() {
        let sim = at_end(builtin::KUBEADM_FLANNEL);
        let entries = sim.node_neighbours("worker-1");
        assert!(entries.iter().all(|n| n.lladdr.0 != [0; 6]));
        let macs: std::collections::BTreeSet<_> = entries.iter().map(|n| n.lladdr.0).collect();
        assert_eq!(macs.len(), entries.len(), "one MAC per pod");
    }
}
