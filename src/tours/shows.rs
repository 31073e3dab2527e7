//! What a step's picture must show, as data beside its words: each thing by the name the stage gives
//! it in `data-shows` (`pod:a`, `ip-file:10.244.1.3`, `route:10.244.2.0/24`), so the native test
//! finds it in the view model and the browser test on the page from one list. The stage writes its
//! `data-shows` names through [`Shows`]'s `Display`: the kinds are named here alone.

use std::fmt;

/// One thing the stage draws, by its kind and name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shows<'a> {
    /// A node's box: `node:kind-worker`.
    Node(&'a str),
    /// A pod's box (or its cell): `pod:a`.
    Pod(&'a str),
    /// A pod's address, written in its box: `address:10.244.1.2`.
    Address(&'a str),
    /// A node's podCIDR in its head: `pod-cidr:10.244.1.0/24`.
    PodCidr(&'a str),
    /// host-local's file of an address, by the address or by the pod holding it: `ip-file:b`.
    IpFile(&'a str),
    /// A pod's veth pair, by the pod or by the host veth's name: `veth:a`.
    Veth(&'a str),
    /// A route on the node: a pod's `/32`, a bridge's connected route, a route to another node.
    Route(&'a str),
    /// The device a node's routes to the other nodes leave by: `route-dev:flannel.1`.
    RouteDev(&'a str),
    /// A ptp host veth's address: `veth-address:10.244.1.1/32`.
    VethAddress(&'a str),
    /// A bridge: `bridge:cni0`.
    Bridge(&'a str),
    /// A bridge's gateway address: `gateway:10.244.1.1/24`.
    Gateway(&'a str),
    /// A neighbour entry on a bridge, by its address: `neighbour:10.244.1.3`.
    Neighbour(&'a str),
    /// A neighbour entry in a state: `neighbour-state:10.244.1.3:STALE`.
    NeighbourState(&'a str, &'a str),
    /// A file the chain reads: `file:10-kindnet.conflist`, `file:subnet.env`.
    File(&'a str),
    /// flanneld's subnet as subnet.env holds it: `subnet-env:10.244.1.1/24`.
    SubnetEnv(&'a str),
    /// A packet from a pod to a pod on another node, drawn across the stage: `packet:web>db`.
    Packet(&'a str, &'a str),
}

impl Shows<'_> {
    /// Things as one `data-shows` value: their names, space-separated.
    pub fn list<'b>(things: impl IntoIterator<Item = Shows<'b>>) -> String {
        let names: Vec<String> = things.into_iter().map(|thing| thing.to_string()).collect();
        names.join(" ")
    }

    /// Whether the thing is drawn across the stage rather than inside one node's box.
    pub fn across_nodes(&self) -> bool {
        matches!(self, Shows::Packet(..))
    }
}

impl fmt::Display for Shows<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shows::Node(node) => write!(f, "node:{node}"),
            Shows::Pod(pod) => write!(f, "pod:{pod}"),
            Shows::Address(ip) => write!(f, "address:{ip}"),
            Shows::PodCidr(cidr) => write!(f, "pod-cidr:{cidr}"),
            Shows::IpFile(file) => write!(f, "ip-file:{file}"),
            Shows::Veth(veth) => write!(f, "veth:{veth}"),
            Shows::Route(prefix) => write!(f, "route:{prefix}"),
            Shows::RouteDev(dev) => write!(f, "route-dev:{dev}"),
            Shows::VethAddress(address) => write!(f, "veth-address:{address}"),
            Shows::Bridge(bridge) => write!(f, "bridge:{bridge}"),
            Shows::Gateway(gateway) => write!(f, "gateway:{gateway}"),
            Shows::Neighbour(ip) => write!(f, "neighbour:{ip}"),
            Shows::NeighbourState(ip, state) => write!(f, "neighbour-state:{ip}:{state}"),
            Shows::File(name) => write!(f, "file:{name}"),
            Shows::SubnetEnv(subnet) => write!(f, "subnet-env:{subnet}"),
            Shows::Packet(from, to) => write!(f, "packet:{from}>{to}"),
        }
    }
}

/// What a step's picture must show on node `.0` (a packet: across the stage, from that node).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct On(pub &'static str, pub &'static [Shows<'static>]);

impl On {
    /// Each thing as the page lists it in `data-must-show`: `pod:a@kind-worker`, `packet:web>db`.
    pub fn names(&self) -> impl Iterator<Item = String> + '_ {
        self.1.iter().map(|thing| match thing.across_nodes() {
            true => thing.to_string(),
            false => format!("{thing}@{}", self.0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thing_is_named_as_the_stage_names_it_and_scoped_to_its_node() {
        let on = On(
            "worker-1",
            &[
                Shows::IpFile("b"),
                Shows::NeighbourState("10.244.1.3", "STALE"),
                Shows::Packet("web", "db"),
            ],
        );
        assert_eq!(
            on.names().collect::<Vec<_>>(),
            [
                "ip-file:b@worker-1",
                "neighbour-state:10.244.1.3:STALE@worker-1",
                "packet:web>db",
            ]
        );
    }
}
