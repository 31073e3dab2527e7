//! A node on the stage: its machine as the story needs it (addresses, podCIDRs, host-local's range and
//! files), its pods with their network namespace, veth pair and route, and the tile a node becomes in
//! a big cluster.

use super::calico::{Borrowed, StageCalico};
use super::places::POD_BOXES;
use super::recent::Recent;
use crate::ipam::goip::net_string;
use crate::ipam::ptp::netns::NetNs;
use crate::order;
use crate::playback::views::VethPair;
use crate::playback::Unseen;
use crate::sim::chain::Chain;
use crate::sim::grid::{AddressGrid, CellStatus};
use crate::sim::objects::FxHashMap;
use crate::sim::state::{NodeState, PodState, VethState};
use crate::sim::{Simulation, VirtualDuration, VirtualTime};
use ipnet::IpNet;
use std::collections::BTreeMap;

/// The host-local strip's cells: an aligned block of addresses around the cursor.
pub const RANGE_CELLS: usize = 16;
/// At most this many pod cells per node.
pub const MAX_POD_CELLS: usize = 128;
/// At most this many files of host-local's directory listed on a node.
pub const MAX_FILES: usize = 6;

/// A node whole: its machine as the story needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct StageNode {
    /// `metadata.name`.
    pub name: String,
    /// Its place (colour) in the run: the order it first registered.
    pub slot: usize,
    /// `status.addresses` InternalIP(s).
    pub internal_ips: Vec<String>,
    /// `spec.podCIDRs`, once patched.
    pub pod_cidrs: Vec<String>,
    /// Why it has none, if kube-controller-manager said (`CIDRNotAvailable`).
    pub failure: Option<String>,
    /// The machine is down, rebooting.
    pub rebooting: bool,
    /// kindnetd wrote the conflist (or the flannel pod installed it).
    pub conflist: bool,
    /// host-local's range around its cursor.
    pub range: Option<RangeStrip>,
    /// host-local's directory.
    pub dir: String,
    /// Its first files.
    pub files: Vec<String>,
    /// How many files in all.
    pub files_total: usize,
    /// Its pods (objects, and ghosts waiting for CNI DEL or just gone), by name.
    pub pods: Vec<StagePod>,
    /// Whether the pods are many: drawn as cells, not namespaces.
    pub pods_as_cells: bool,
    /// Pods not drawn past [`MAX_POD_CELLS`].
    pub pods_hidden: usize,
}

/// What a node's CNI chain puts on the node beside its pods, for the stage: keyed by the node's name
/// ([`super::Stage::chains`]), one per node drawn whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageChain {
    /// The node's name ([`StageNode::name`]).
    pub node: String,
    /// The CNI chain it runs.
    pub cni: Chain,
    /// Where its conflist is (`/etc/cni/net.d/10-kindnet.conflist`, `…/10-flannel.conflist`).
    pub conflist_path: &'static str,
    /// `FLANNEL_SUBNET` of `/run/flannel/subnet.env` once flanneld wrote it (`10.244.1.1/24`).
    pub flannel_subnet: Option<String>,
    /// On a flannel node once the first ADD made it: the bridge `cni0`, drawn as a bar holding each
    /// pod's veth (the pods whose `VethPair::master` names it), with its gateway.
    pub bridge: Option<StageBridge>,
    /// The node's routes to the other nodes' pods: flanneld's through `flannel.1`
    /// (`10.244.2.0/24 via 10.244.2.0 dev flannel.1 onlink`) or kindnetd's via their InternalIPs.
    pub node_routes: Vec<String>,
    /// Its neighbour entries for pod addresses on the bridge (`10.244.1.3 dev cni0 … STALE`): they
    /// outlive the pods' veths. ptp's sit on each pod's own veth and go with it.
    pub neighbours: Vec<StageNeighbour>,
    /// On a Calico node: its affine blocks and their blackhole routes (its `spec.podCIDR` is unused).
    pub calico: Option<StageCalico>,
}

/// A neighbour entry of a node, as `ip neigh` prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageNeighbour {
    /// The address (`10.244.1.3`).
    pub ip: String,
    /// The device (`cni0`).
    pub dev: String,
    /// `STALE`.
    pub state: &'static str,
    /// The whole line.
    pub line: String,
    /// No pod shown holds the address any more.
    pub orphan: bool,
}

impl StageChain {
    /// Node `name`'s chain as `scene` shows it, from its `state` as shown.
    fn of(scene: &Scene, name: &str, state: &NodeState) -> StageChain {
        StageChain {
            node: name.to_string(),
            cni: state.cni,
            conflist_path: state.cni.conflist_path(),
            flannel_subnet: state.subnet_env.as_deref().and_then(|env| {
                env.lines()
                    .find_map(|line| line.strip_prefix("FLANNEL_SUBNET="))
                    .map(str::to_string)
            }),
            neighbours: neighbours(scene, state),
            bridge: stage_bridge(state),
            node_routes: node_routes(state),
            calico: match state.cni {
                Chain::Calico => StageCalico::of(scene.sim, name, &state.routes, &scene.borrowed),
                _ => None,
            },
        }
    }
}

impl StageChain {
    /// The node's routes the stage draws as chips: BIRD's blackholes (on Calico), then those to the
    /// other nodes.
    pub fn route_lines(&self) -> impl Iterator<Item = &String> {
        let blackholes = self.calico.iter().flat_map(|c| &c.blackholes);
        blackholes.chain(&self.node_routes)
    }

    /// The destinations of [`StageChain::node_routes`] (`10.244.2.0/24`), and the device they leave
    /// by, when all leave by one (`flannel.1`).
    pub fn node_route_prefixes(&self) -> (Vec<String>, Option<String>) {
        let prefixes = self
            .node_routes
            .iter()
            .filter_map(|route| route.split_whitespace().next())
            .map(str::to_string)
            .collect();
        let devs: Vec<&str> = self.node_routes.iter().filter_map(|r| dev_of(r)).collect();
        let dev = devs
            .first()
            .filter(|first| devs.iter().all(|dev| dev == *first))
            .map(|dev| dev.to_string());
        (prefixes, dev)
    }
}

impl StageBridge {
    /// Its connected route's destination and device, as a tag says it (`10.244.1.0/24 dev cni0`).
    pub fn connected_prefix(&self) -> Option<String> {
        let route = self.connected_route.as_deref()?;
        let dst = route.split_whitespace().next()?;
        Some(format!("{dst} dev {}", self.name))
    }
}

/// The word after `dev` in a route line.
fn dev_of(route: &str) -> Option<&str> {
    let mut words = route.split_whitespace();
    words.find(|w| *w == "dev").and(words.next())
}

/// The bridge plugin's bridge on a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageBridge {
    /// `cni0`.
    pub name: String,
    /// Its gateway address with the node's mask (`10.244.1.1/24`), IPv4 first.
    pub gateways: Vec<String>,
    /// Its connected route, `10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1` (with
    /// `linkdown` while no port is up), IPv4's.
    pub connected_route: Option<String>,
    /// Its MTU.
    pub mtu: u32,
    /// Whether a port is up (drawn dim without: `NO-CARRIER`, `state DOWN`).
    pub carrier: bool,
    /// Its ports, the pods' host veths in ifindex order: the pods drawn on the bar.
    pub ports: Vec<String>,
}

/// host-local's range as a strip of addresses.
#[derive(Debug, Clone, PartialEq)]
pub struct RangeStrip {
    /// The range's subnet.
    pub subnet: String,
    /// The addresses drawn.
    pub cells: Vec<RangeCell>,
    /// `last_reserved_ip.0`, once written.
    pub last_reserved_ip: Option<String>,
    /// Addresses in the subnet in all.
    pub size: u128,
}

/// One address of the range.
#[derive(Debug, Clone, PartialEq)]
pub struct RangeCell {
    /// The address.
    pub ip: String,
    /// Its last part (`.2`, `:a`), the cell's label.
    pub label: String,
    /// Its role.
    pub status: CellStatus,
    /// host-local's next candidate.
    pub next: bool,
}

/// Where a pod is in its life, as the stage draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StagePhase {
    /// Scheduled, no sandbox yet (or its sandbox failed).
    Pending,
    /// Sandbox created, CNI ADD done or under way, `status.podIPs` not written yet.
    Adding,
    /// Its IPs are in `status.podIPs`.
    Running,
    /// Terminating, or its object gone while CNI DEL is still to come.
    Deleting,
    /// Its sandbox was torn down a moment ago.
    Gone,
}

impl StagePhase {
    /// The name the page's tests read (`data-phase`).
    pub fn as_str(self) -> &'static str {
        match self {
            StagePhase::Pending => "pending",
            StagePhase::Adding => "adding",
            StagePhase::Running => "running",
            StagePhase::Deleting => "deleting",
            StagePhase::Gone => "gone",
        }
    }
}

/// A pod: its network namespace, and what CNI ADD made for it on the node.
#[derive(Debug, Clone, PartialEq)]
pub struct StagePod {
    /// `metadata.name`.
    pub name: String,
    /// Where it is in its life.
    pub phase: StagePhase,
    /// Whether its object exists (a ghost's does not).
    pub object: bool,
    /// `status.podIPs`, or the IPs its files still hold while it waits for CNI DEL.
    pub ips: Vec<String>,
    /// Its IP files' names.
    pub ip_files: Vec<String>,
    /// Its veth pair, while it exists.
    pub veth: Option<VethPair>,
    /// Its routes on the node, one per family (`/32 scope host`, then the `/128`), while they exist.
    pub routes: Vec<String>,
    /// The addresses on its host veth (ptp's gateway as a `/32`, `10.244.1.1/32`; none on a bridge's
    /// port).
    pub host_addresses: Vec<String>,
    /// Time left until CNI DEL, and that as a fraction of the DEL lag.
    pub countdown: Option<(VirtualDuration, f64)>,
    /// The sandbox's last failure as its Event: its reason, then its message (`NetworkNotReady network is
    /// not ready: …`, `FailedCreatePodSandBox Failed to create pod sandbox: …`).
    pub failure: Option<String>,
    /// On Calico: its address is borrowed from another node's block.
    pub borrowed: Option<Borrowed>,
}

impl StagePod {
    /// Its routes' destinations as prefixes (`10.244.1.2/32`, `fd00:10:244:1::2/128`): `ip route`
    /// prints a host route without its length.
    pub fn route_prefixes(&self) -> Vec<String> {
        self.routes
            .iter()
            .filter_map(|route| route.split_whitespace().next())
            .map(|dst| match dst {
                _ if dst.contains('/') => dst.to_string(),
                _ if dst.contains(':') => format!("{dst}/128"),
                _ => format!("{dst}/32"),
            })
            .collect()
    }
}

/// A node as a tile of a big cluster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeTile {
    /// `metadata.name`.
    pub name: String,
    /// Its slot.
    pub slot: usize,
    /// `spec.podCIDRs`.
    pub pod_cidrs: Vec<String>,
    /// IP files in host-local's directory (addresses held).
    pub held: usize,
    /// Addresses host-local can hand out in its first range.
    pub usable: u128,
}

/// What drawing a node reads: the simulation at a time, the DEL lag, what the latest events say, and
/// what the rest of the moment made after the event shown.
pub(super) struct Scene<'a> {
    pub(super) sim: &'a Simulation,
    pub(super) del_lag: VirtualDuration,
    pub(super) recent: Recent,
    pub(super) unseen: Unseen,
    /// Calico's borrowed addresses, by address.
    pub(super) borrowed: BTreeMap<String, Borrowed>,
}

impl StageNode {
    /// Node `name` (in `slot`) as `scene` shows it, with its chain, while it exists: both from one
    /// reading of its state (which writes out every route and file of the node).
    pub(super) fn with_chain(
        scene: &Scene,
        name: &str,
        slot: usize,
    ) -> Option<(StageNode, StageChain)> {
        let mut state = scene.sim.node_state(name)?;
        scene.unseen.hide_in_node(&mut state);
        let chain = StageChain::of(scene, name, &state);
        Some((StageNode::of(scene, name, slot, &state)?, chain))
    }

    /// Node `name` (in `slot`) as `scene` shows it, from its `state` as shown.
    fn of(scene: &Scene, name: &str, slot: usize, state: &NodeState) -> Option<StageNode> {
        let (sim, del_lag, recent) = (scene.sim, scene.del_lag, &scene.recent);
        let obj = sim.cluster.nodes.get(name)?;
        let mut objects = sim.pods_on(name);
        for pod in &mut objects {
            scene.unseen.hide_in_pod(pod);
        }
        let held = Held::of(state);
        let now = sim.now();
        let mut pods: Vec<StagePod> = objects
            .iter()
            .map(|pod| stage_pod(pod, state, &held, now, del_lag, recent))
            .collect();
        // Ghosts: pods whose object is gone while their sandbox waits for CNI DEL.
        for pending in &state.pending_dels {
            if !pods.iter().any(|p| p.name == pending.pod) {
                let mut ghost = held.network_of(&pending.pod, Some(&pending.container_id));
                ghost.phase = StagePhase::Deleting;
                ghost.countdown = Some(countdown(pending.at_ms - now, del_lag));
                pods.push(ghost);
            }
        }
        for gone in recent.gone.iter().filter(|g| g.node == name) {
            if !pods.iter().any(|p| p.name == gone.pod) {
                pods.push(StagePod {
                    name: gone.pod.clone(),
                    phase: StagePhase::Gone,
                    object: false,
                    ips: Vec::new(),
                    ip_files: Vec::new(),
                    veth: None,
                    routes: Vec::new(),
                    host_addresses: Vec::new(),
                    countdown: None,
                    failure: None,
                    borrowed: None,
                });
            }
        }
        for pod in &mut pods {
            pod.host_addresses = host_addresses(&obj.netns, pod.veth.as_ref());
            pod.borrowed = pod
                .ips
                .iter()
                .find_map(|ip| scene.borrowed.get(ip))
                .cloned();
        }
        let mut pods = order::sorted_by(pods, |a, b| a.name.cmp(&b.name));
        let pods_as_cells = pods.len() > POD_BOXES;
        let pods_hidden = pods.len().saturating_sub(MAX_POD_CELLS);
        pods.truncate(MAX_POD_CELLS);
        Some(StageNode {
            name: name.to_string(),
            slot,
            internal_ips: obj.internal_ips.iter().map(ToString::to_string).collect(),
            failure: if state.pod_cidrs.is_empty() {
                recent.node_failure(name)
            } else {
                None
            },
            pod_cidrs: state.pod_cidrs.clone(),
            rebooting: state.rebooting,
            conflist: state.conflist.is_some(),
            range: sim.node_address_grid(name).map(|mut grid| {
                scene.unseen.hide_in_grid(name, &mut grid);
                range_strip(&grid, state)
            }),
            dir: state
                .ipam
                .dir
                .clone()
                .unwrap_or_else(|| state.cni.default_ipam_dir().to_string()),
            files: state.ipam.ls.iter().take(MAX_FILES).cloned().collect(),
            files_total: state.ipam.ls.len(),
            pods,
            pods_as_cells,
            pods_hidden,
        })
    }
}

impl NodeTile {
    /// Node `name` (in `slot`) as a tile; `usable` is host-local's addresses per node subnet.
    pub(super) fn of(sim: &Simulation, name: &str, slot: usize, usable: u128) -> NodeTile {
        let node = sim.cluster.nodes.get(name);
        let pod_cidrs = node.map(|n| n.pod_cidrs.clone()).unwrap_or_default();
        NodeTile {
            name: name.to_string(),
            slot,
            usable: if pod_cidrs.is_empty() { 0 } else { usable },
            pod_cidrs,
            held: node
                .and_then(|n| n.store.as_ref())
                .map_or(0, |s| s.reservations().count()),
        }
    }
}

fn countdown(remaining: VirtualDuration, del_lag: VirtualDuration) -> (VirtualDuration, f64) {
    let total = del_lag.as_millis().max(1) as f64;
    (
        remaining,
        (remaining.as_millis() as f64 / total).clamp(0.0, 1.0),
    )
}

/// A node's files, veths and routes found by their holder, veth and device: a node of 110 pods would
/// otherwise be searched 110 times on every frame.
struct Held<'a> {
    files: FxHashMap<&'a str, Vec<&'a String>>,
    veths: FxHashMap<&'a str, &'a VethState>,
    routes: FxHashMap<&'a str, Vec<&'a String>>,
}

impl<'a> Held<'a> {
    fn of(node: &'a NodeState) -> Held<'a> {
        let mut files: FxHashMap<&str, Vec<&String>> = FxHashMap::default();
        for (ip, holder) in &node.ipam.reserved {
            files.entry(holder.as_str()).or_default().push(ip);
        }
        // `10.244.1.2 dev vethab2667e3 scope host`: the word after `dev`. A veth's routes are ptp's to
        // its pod's addresses, one per family, and the kernel's (`proto kernel`: `fe80::/64`, the
        // host end's IPv6 address), which are no pod's.
        let mut routes: FxHashMap<&str, Vec<&String>> = FxHashMap::default();
        for route in node.routes.iter().filter(|r| !r.contains("proto kernel")) {
            let mut words = route.split_whitespace();
            if let Some(dev) = words.find(|w| *w == "dev").and(words.next()) {
                let list = routes.entry(dev).or_default();
                // IPv4 first, as the pod's addresses are listed.
                match route.contains(':') {
                    true => list.push(route),
                    false => list.insert(0, route),
                }
            }
        }
        Held {
            files,
            veths: node.veths.iter().map(|v| (v.pod.as_str(), v)).collect(),
            routes,
        }
    }

    /// A pod's network as its node holds it: the files of its sandbox, its veth pair and its route.
    fn network_of(&self, pod: &str, container_id: Option<&str>) -> StagePod {
        let ip_files: Vec<String> = container_id
            .and_then(|id| self.files.get(id))
            .map(|ips| ips.iter().map(|ip| ip.to_string()).collect())
            .unwrap_or_default();
        let veth = self.veths.get(pod).map(|v| VethPair::of(v));
        let routes = veth
            .as_ref()
            .and_then(|v| self.routes.get(v.name.as_str()))
            .map(|list| list.iter().map(|r| r.to_string()).collect())
            .unwrap_or_default();
        StagePod {
            name: pod.to_string(),
            phase: StagePhase::Pending,
            object: false,
            ips: ip_files.clone(),
            ip_files,
            veth,
            routes,
            host_addresses: Vec::new(),
            countdown: None,
            failure: None,
            borrowed: None,
        }
    }
}

/// The global addresses `ip addr` shows on a pod's host veth.
fn host_addresses(netns: &NetNs, veth: Option<&VethPair>) -> Vec<String> {
    let Some(link) = veth.and_then(|v| netns.link_by_index(v.ifindex)) else {
        return Vec::new();
    };
    link.addrs
        .iter()
        .filter(|a| a.scope() == "global")
        .map(|a| net_string(&a.local))
        .collect()
}

fn stage_pod(
    pod: &PodState,
    node: &NodeState,
    held: &Held,
    now: VirtualTime,
    del_lag: VirtualDuration,
    recent: &Recent,
) -> StagePod {
    let mut drawn = held.network_of(&pod.name, pod.container_id.as_deref());
    drawn.object = true;
    let pending = node.pending_dels.iter().find(|p| p.pod == pod.name);
    drawn.phase = if pod.deletion_deadline_ms.is_some() || pending.is_some() {
        StagePhase::Deleting
    } else if !pod.ips.is_empty() {
        StagePhase::Running
    } else if pod.container_id.is_some() {
        StagePhase::Adding
    } else {
        StagePhase::Pending
    };
    if !pod.ips.is_empty() {
        drawn.ips = pod.ips.clone();
    }
    drawn.countdown = pending.map(|p| countdown(p.at_ms - now, del_lag));
    if drawn.phase == StagePhase::Pending {
        drawn.failure = recent.pod_failure(&pod.name);
    }
    drawn
}

/// The bridge as `state` shows it, with its ports among the veths shown.
fn stage_bridge(state: &NodeState) -> Option<StageBridge> {
    let bridge = state.bridge.as_ref()?;
    let dev = format!(" dev {} ", bridge.name);
    Some(StageBridge {
        name: bridge.name.clone(),
        gateways: bridge.addresses.clone(),
        connected_route: state
            .routes
            .iter()
            .find(|route| route.contains(&dev) && route.contains("proto kernel scope link"))
            .cloned(),
        mtu: bridge.mtu,
        carrier: bridge.carrier,
        ports: state
            .veths
            .iter()
            .filter(|veth| veth.master.as_deref() == Some(bridge.name.as_str()))
            .map(|veth| veth.name.clone())
            .collect(),
    })
}

/// The node's neighbour entries on its bridge, those whose address no pod holds first.
fn neighbours(scene: &Scene, state: &NodeState) -> Vec<StageNeighbour> {
    let Some(bridge) = state.bridge.as_ref() else {
        return Vec::new();
    };
    let held: Vec<String> = scene
        .sim
        .pods_on(&state.name)
        .into_iter()
        .flat_map(|pod| pod.ips)
        .chain(state.ipam.reserved.keys().cloned())
        .collect();
    let entries: Vec<StageNeighbour> = scene
        .sim
        .node_neighbours(&state.name)
        .into_iter()
        .filter(|n| n.dev == bridge.name)
        .map(|n| StageNeighbour {
            ip: n.ip.to_string(),
            orphan: !held.contains(&n.ip.to_string()),
            dev: n.dev.clone(),
            state: n.state.as_str(),
            line: n.line(),
        })
        .collect();
    order::sorted_by(entries, |a, b| b.orphan.cmp(&a.orphan))
}

/// The routes with a gateway that lead to other nodes: through `flannel.1` or via an InternalIP on
/// `eth0`, leaving out the default route.
fn node_routes(state: &NodeState) -> Vec<String> {
    state
        .routes
        .iter()
        .filter(|route| route.contains(" via ") && !route.starts_with("default"))
        .cloned()
        .collect()
}

fn range_strip(grid: &AddressGrid, node: &NodeState) -> RangeStrip {
    // The aligned block of addresses holding the next candidate, so the cursor is always in view.
    let cursor = grid.cells.iter().position(|c| c.next).unwrap_or(0);
    let start = cursor / RANGE_CELLS * RANGE_CELLS;
    let cells = grid
        .cells
        .iter()
        .skip(start)
        .take(RANGE_CELLS)
        .map(|cell| RangeCell {
            label: last_part(&cell.ip),
            ip: cell.ip.clone(),
            status: cell.status,
            next: cell.next,
        })
        .collect();
    let size = grid.subnet.parse::<IpNet>().map_or(0, |net| {
        1u128 << (net.max_prefix_len() - net.prefix_len()).min(127)
    });
    RangeStrip {
        subnet: grid.subnet.clone(),
        cells,
        last_reserved_ip: node.ipam.last_reserved_ip.get("0").cloned(),
        size,
    }
}

/// `.2` of `10.244.1.2`, `:a` of `fd00::a`.
fn last_part(ip: &str) -> String {
    match ip.rfind(['.', ':']) {
        Some(at) => ip[at..].to_string(),
        None => ip.to_string(),
    }
}
