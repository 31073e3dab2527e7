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
    /// A Calico block affine to the node: `block:10.244.0.64/26`.
    Block(&'a str),
    /// A pod's address borrowed from another node's Calico block: `borrowed:10.244.0.2`.
    Borrowed(&'a str),
}

impl<'a> Shows<'a> {
    /// Things as one `data-shows` value: their names, space-separated.
    pub fn list<'b>(things: impl IntoIterator<Item = Shows<'b>>) -> String {
        let names: Vec<String> = things.into_iter().map(|thing| thing.to_string()).collect();
        names.join(" ")
    }

    /// The kinds of thing, by the prefix of their names.
    pub const KINDS: [&'static str; 18] = [
        "node",
        "pod",
        "address",
        "pod-cidr",
        "ip-file",
        "veth",
        "route",
        "route-dev",
        "veth-address",
        "bridge",
        "gateway",
        "neighbour",
        "neighbour-state",
        "file",
        "subnet-env",
        "packet",
        "block",
        "borrowed",
    ];

    /// The thing a name names, as [`Shows`]'s `Display` writes it (`pod:a`, `packet:web>db`).
    pub fn parse(name: &'a str) -> Option<Shows<'a>> {
        let (kind, value) = name.split_once(':')?;
        if value.is_empty() {
            return None;
        }
        Some(match kind {
            "node" => Shows::Node(value),
            "pod" => Shows::Pod(value),
            "address" => Shows::Address(value),
            "pod-cidr" => Shows::PodCidr(value),
            "ip-file" => Shows::IpFile(value),
            "veth" => Shows::Veth(value),
            "route" => Shows::Route(value),
            "route-dev" => Shows::RouteDev(value),
            "veth-address" => Shows::VethAddress(value),
            "bridge" => Shows::Bridge(value),
            "gateway" => Shows::Gateway(value),
            "neighbour" => Shows::Neighbour(value),
            "neighbour-state" => {
                let (ip, state) = value.rsplit_once(':')?;
                (!ip.is_empty() && !state.is_empty()).then_some(Shows::NeighbourState(ip, state))?
            }
            "file" => Shows::File(value),
            "subnet-env" => Shows::SubnetEnv(value),
            "block" => Shows::Block(value),
            "borrowed" => Shows::Borrowed(value),
            "packet" => {
                let (from, to) = value.split_once('>')?;
                (!from.is_empty() && !to.is_empty()).then_some(Shows::Packet(from, to))?
            }
            _ => return None,
        })
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
            Shows::Block(cidr) => write!(f, "block:{cidr}"),
            Shows::Borrowed(ip) => write!(f, "borrowed:{ip}"),
        }
    }
}

/// What a step's picture must show on one node (a packet: across the stage, from that node).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct On {
    /// The node.
    pub node: String,
    /// Each thing by the stage's name for it (`pod:a`, `packet:web>db`), as [`Shows`] writes it.
    things: Vec<String>,
}

impl On {
    /// The things `things` on `node`.
    pub fn new<'a>(node: &str, things: impl IntoIterator<Item = Shows<'a>>) -> On {
        On {
            node: node.to_string(),
            things: things.into_iter().map(|thing| thing.to_string()).collect(),
        }
    }

    /// The things, in the order written.
    pub fn things(&self) -> impl Iterator<Item = Shows<'_>> {
        self.things.iter().filter_map(|name| Shows::parse(name))
    }

    /// How many things.
    pub fn len(&self) -> usize {
        self.things.len()
    }

    /// Whether it names no thing.
    pub fn is_empty(&self) -> bool {
        self.things.is_empty()
    }

    /// Each thing as the page lists it in `data-must-show`: `pod:a@kind-worker`, `packet:web>db`.
    pub fn names(&self) -> impl Iterator<Item = String> + '_ {
        self.things().map(|thing| match thing.across_nodes() {
            true => thing.to_string(),
            false => format!("{thing}@{}", self.node),
        })
    }

    /// The things of a list of `data-must-show` names (space-separated), grouped by node in the order
    /// written: the inverse of [`On::names`]. A packet, named without a node, goes with the things
    /// before it, or names its node itself (`packet:web>db@kind-worker`).
    ///
    /// # Examples
    /// ```
    /// use podip::tours::{On, Shows};
    /// let on = On::parse_names("pod:web@worker-1 packet:web>db pod:db@worker-2").unwrap();
    /// assert_eq!(on, [
    ///     On::new("worker-1", [Shows::Pod("web"), Shows::Packet("web", "db")]),
    ///     On::new("worker-2", [Shows::Pod("db")]),
    /// ]);
    /// assert!(On::parse_names("pod:web").is_err());
    /// ```
    pub fn parse_names(list: &str) -> Result<Vec<On>, String> {
        let mut groups: Vec<On> = Vec::new();
        for name in list.split_whitespace() {
            let (thing, node) = match name.rsplit_once('@') {
                Some((thing, node)) => (thing, Some(node)),
                None => (name, None),
            };
            let Some(parsed) = Shows::parse(thing) else {
                return Err(format!(
                    "{name} names no thing the stage draws (the kinds: {})",
                    Shows::KINDS.join(", ")
                ));
            };
            let node = match (node, parsed.across_nodes(), groups.last()) {
                (Some(node), _, _) if !node.is_empty() => node.to_string(),
                (None, true, Some(last)) => last.node.clone(),
                (None, true, None) => {
                    return Err(format!(
                        "{name} follows no thing of the node it leaves from: write {name}@NODE"
                    ))
                }
                _ => return Err(format!("{name} names no node: write {thing}@NODE")),
            };
            match groups.last_mut().filter(|last| last.node == node) {
                Some(last) => last.things.push(parsed.to_string()),
                None => groups.push(On::new(&node, [parsed])),
            }
        }
        Ok(groups)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn worker() -> On {
        On::new(
            "worker-1",
            [
                Shows::IpFile("b"),
                Shows::NeighbourState("10.244.1.3", "STALE"),
                Shows::Packet("web", "db"),
            ],
        )
    }

    #[test]
    fn a_thing_is_named_as_the_stage_names_it_and_scoped_to_its_node() {
        assert_eq!(
            worker().names().collect::<Vec<_>>(),
            [
                "ip-file:b@worker-1",
                "neighbour-state:10.244.1.3:STALE@worker-1",
                "packet:web>db",
            ]
        );
    }

    #[test]
    fn the_names_are_read_back_as_the_things() {
        let list = [
            worker(),
            On::new("worker-2", [Shows::NeighbourState("fd00::3", "REACHABLE")]),
        ];
        let names: Vec<String> = list.iter().flat_map(On::names).collect();
        assert_eq!(On::parse_names(&names.join(" ")), Ok(list.to_vec()));
        for name in [
            "file",
            "nothing:x@n",
            "pod:a",
            "packet:a>b",
            "packet:ab@n",
            "pod:@n",
        ] {
            assert!(On::parse_names(name).is_err(), "{name}");
        }
    }
}
