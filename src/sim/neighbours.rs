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

use super::clock::VirtualTime;
use super::sandbox::SandboxFacts;
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

/// Whether `n`'s device is still there (`neigh_ifdown` flushed the entries of one that is not).
fn is_live(netns: &NetNs, n: &Neighbour) -> bool {
    netns
        .link_by_index(n.ifindex)
        .is_some_and(|link| *link.name == *n.dev)
}

/// A node's table (empty again after a reboot: it lives in the root namespace).
#[derive(Debug, Clone, Default)]
pub(crate) struct Neighbours {
    entries: Vec<Neighbour>,
}

impl Neighbours {
    /// `ip neigh` on the node whose root namespace is `netns`: the entries for pod addresses, in the
    /// order they were learned, whose device is still there (`neigh_ifdown` flushed the others).
    pub(crate) fn live<'a>(&'a self, netns: &'a NetNs) -> impl Iterator<Item = &'a Neighbour> {
        self.entries.iter().filter(|n| is_live(netns, n))
    }

    /// The pod of `sandbox` runs and its first packet reached the node whose root namespace is
    /// `netns`: the node learns each of the pod's IPv4 addresses, from its `eth0` in `pod_netns`, on the
    /// device its route to the pod leaves by (IPv6 resolves by NDP, not modelled).
    pub(crate) fn pod_reached(
        &mut self,
        netns: &NetNs,
        pod_netns: &NetNs,
        sandbox: &SandboxFacts,
        now: VirtualTime,
    ) {
        let Some(veth) = netns.link_by_index(sandbox.host_index) else {
            return;
        };
        // A bridge's port has no address of its own: the node reaches the pod through the bridge.
        let dev = veth
            .port
            .and_then(|port| netns.link_by_index(port.master))
            .unwrap_or(veth);
        let (dev, ifindex) = (dev.name.to_string(), dev.ifindex);
        let Some(lladdr) = pod_netns
            .link_by_index(sandbox.eth0_index)
            .map(|eth0| eth0.mac)
        else {
            return;
        };
        let entries = &mut self.entries;
        // Entries of deleted devices are dropped only once there may be `gc_thresh1` live ones: fewer
        // stored means fewer live.
        if entries.len() >= GC_THRESH1 {
            entries.retain(|n| is_live(netns, n));
        }
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
    }
}
