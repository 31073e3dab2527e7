//! The stage's view model: the picture of the cluster at the current time, read off the playback
//! natively (kube-controller-manager's cidrset, each node's machine, each pod's namespace and veth
//! pair), so the component only places shapes.
//!
//! The picture is a function of the scenario and the time alone: the nodes' places come from the
//! whole run's timeline (the order they first register), so a node joining never moves another one.

use super::views::VethPair;
use super::Playback;
use crate::ipam::goip::net_string;
use crate::order;
use crate::sim::grid::{AddressGrid, CellStatus};
use crate::sim::objects::FxHashMap;
use crate::sim::state::{NodeState, PodState, VethState};
use crate::sim::{EventLog, Reason, Touched, VirtualDuration, VirtualTime};
use ipnet::IpNet;

/// Up to this many nodes are drawn whole, side by side; more are drawn as tiles, with one zoomed in.
pub const WHOLE_NODES: usize = 5;
/// At most this many node tiles.
pub const MAX_TILES: usize = 256;
/// The cidrset strip's cells: single node subnets while the ones in use fit, blocks of them beyond.
pub const STRIP_CELLS: u64 = 32;
/// The host-local strip's cells: an aligned block of addresses around the cursor.
pub const RANGE_CELLS: usize = 16;
/// Pods drawn as namespaces with their cables; more are drawn as cells.
pub const POD_BOXES: usize = 8;
/// At most this many pod cells per node.
pub const MAX_POD_CELLS: usize = 128;
/// At most this many files of host-local's directory listed on a node.
pub const MAX_FILES: usize = 6;
/// How long (virtual time) a pod whose sandbox is gone stays drawn, fading.
pub const GONE_SHOWN: VirtualDuration = VirtualDuration::from_millis(500);
/// How many of the latest events are read for failures and pods just gone.
const RECENT_EVENTS: usize = 4_096;

/// Where the stage draws each node of a run, read once off its timeline.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Places {
    /// The nodes in the order they first register: each keeps its place as others join.
    pub slots: Vec<String>,
    /// Each slot's share of the width: 3, plus one per pod created on it, up to [`POD_BOXES`].
    pub weights: Vec<u32>,
}

impl Places {
    /// The places of the run whose events are `timeline`.
    pub fn of(timeline: &EventLog) -> Places {
        let mut slots: Vec<String> = Vec::new();
        let mut index: FxHashMap<&str, usize> = FxHashMap::default();
        let mut pods: Vec<Vec<&str>> = Vec::new();
        for event in timeline.iter() {
            match event.reason {
                Reason::NodeRegistered => {
                    let name = event.object.strip_prefix("node/").unwrap_or(&event.object);
                    if !index.contains_key(name) {
                        index.insert(name, slots.len());
                        slots.push(name.to_string());
                        pods.push(Vec::new());
                    }
                }
                Reason::PodCreated => {
                    let slot = event
                        .node
                        .as_deref()
                        .and_then(|node| index.get(node).copied());
                    if let Some(on) = slot.map(|i| &mut pods[i]) {
                        if on.len() < POD_BOXES && !on.contains(&&*event.object) {
                            on.push(&event.object);
                        }
                    }
                }
                _ => {}
            }
        }
        Places {
            weights: pods.iter().map(|on| 3 + on.len() as u32).collect(),
            slots,
        }
    }
}

/// The whole picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Stage {
    /// kube-controller-manager's first cidrset, once the node IPAM controller runs.
    pub kcm: Option<KcmStrip>,
    /// Node slots in the order nodes first register in the run; `None` before a slot's node has joined
    /// (or after it left).
    pub nodes: Vec<Option<StageNode>>,
    /// Tiles of every node, when there are more than [`WHOLE_NODES`] (then `nodes` holds the zoomed one).
    pub tiles: Vec<NodeTile>,
    /// Nodes not tiled past [`MAX_TILES`].
    pub tiles_hidden: usize,
    /// The node in front: zoomed into as tiles, shown alone on a phone.
    pub focus: Option<String>,
    /// Each slot's share of the width: more for the nodes that run pods in the run, so the worker of
    /// the kind tour has room for its pods and the control plane does not (fixed for the whole run).
    pub weights: Vec<u32>,
    /// What the selected event touched.
    pub touched: Option<Touched>,
}

/// The cidrset as a strip of node-subnet cells.
#[derive(Debug, Clone, PartialEq)]
pub struct KcmStrip {
    /// `--cluster-cidr`.
    pub cluster_cidr: String,
    /// `--node-cidr-mask-size`.
    pub node_mask: u8,
    /// `allocatedCIDRs` of `maxCIDRs`.
    pub used: u64,
    /// `maxCIDRs`.
    pub max: u64,
    /// `nextCandidate`.
    pub next_candidate: u64,
    /// Node subnets per cell (1: each cell is one subnet).
    pub cell_len: u64,
    /// The cells drawn, in index order.
    pub cells: Vec<StripCell>,
    /// Node subnets after the last cell that are not drawn.
    pub not_drawn: u64,
}

/// One cell of the cidrset strip.
#[derive(Debug, Clone, PartialEq)]
pub struct StripCell {
    /// The index of its first node subnet.
    pub index: u64,
    /// Its block (a node subnet when the cells are single).
    pub block: String,
    /// How many of its subnets are allocated.
    pub used: u64,
    /// The node holding it (the first one, for a block), and its slot.
    pub owner: Option<(String, usize)>,
    /// The service range covers some of it (`filterOutServiceRange` marked it used).
    pub service: bool,
    /// `nextCandidate` is in it.
    pub cursor: bool,
}

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
    /// kindnetd wrote the conflist.
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
    /// Its `/32 scope host` route on the node, while it exists.
    pub route: Option<String>,
    /// Time left until CNI DEL, and that as a fraction of the DEL lag.
    pub countdown: Option<(VirtualDuration, f64)>,
    /// The sandbox's last failure (`FailedCreatePodSandBox` with host-local's text).
    pub failure: Option<String>,
}

impl StagePod {
    /// Its route's destination as a prefix (`10.244.1.2/32`): `ip route` prints a host route without
    /// its length.
    pub fn route_prefix(&self) -> Option<String> {
        let dst = self.route.as_deref()?.split_whitespace().next()?;
        Some(match dst {
            _ if dst.contains('/') => dst.to_string(),
            _ if dst.contains(':') => format!("{dst}/128"),
            _ => format!("{dst}/32"),
        })
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

impl Playback {
    /// The stage at the current time; `focus` is the node picked, put in front ([`Stage::focus`]).
    pub fn stage(&self, selected_event: Option<usize>, focus: Option<&str>) -> Stage {
        let slots = &self.places.slots;
        let touched = selected_event.and_then(|i| self.touched(i));
        let recent = Recent::read(self);
        let sim = self.sim();
        let kcm = sim.cidr_sets().first().map(|set| {
            // Single subnets from index 0 while the cursor and the subnets held fit; blocks beyond. The
            // whole cluster CIDR's map (at most 256 cells) tells how far the subnets in use reach.
            let max = set.max_cidrs();
            let highest = sim
                .address_map(0, None)
                .and_then(|whole| {
                    let last = whole.cells.iter().rev().find(|c| c.used > 0)?;
                    Some(last.first_index + last.len - 1)
                })
                .unwrap_or(0)
                .max(set.next_candidate());
            let node_mask = set.node_mask_size();
            let cluster = set.cluster_cidr();
            let span = node_mask - cluster.prefix_len();
            let base = STRIP_CELLS.trailing_zeros() as u8;
            let mut window_bits = base.min(span);
            while window_bits < span && (1u64 << window_bits) <= highest {
                window_bits += 1;
            }
            let block_bits = window_bits.saturating_sub(base);
            let window = IpNet::new(cluster.addr(), node_mask - window_bits).unwrap_or(cluster);
            let map = sim.address_map(0, Some(window));
            let cells: Vec<StripCell> = map
                .map(|map| {
                    map.cells
                        .chunks((1u64 << block_bits).div_ceil(map.cell_len).max(1) as usize)
                        .map(|chunk| {
                            let first = &chunk[0];
                            let owner = chunk.iter().flat_map(|c| c.owners.first()).next();
                            StripCell {
                                index: first.first_index,
                                block: if chunk.len() == 1 {
                                    net_string(&first.block)
                                } else {
                                    let prefix = first.block.prefix_len()
                                        - chunk.len().trailing_zeros() as u8;
                                    IpNet::new(first.block.addr(), prefix).map_or_else(
                                        |_| net_string(&first.block),
                                        |b| net_string(&b),
                                    )
                                },
                                used: chunk.iter().map(|c| c.used).sum(),
                                owner: owner.map(|o| (o.clone(), slot_of(slots, o))),
                                service: chunk.iter().any(|c| c.service > 0),
                                cursor: chunk.iter().any(|c| c.next_candidate),
                            }
                        })
                        .collect()
                })
                .unwrap_or_default();
            let drawn: u64 = 1u64 << window_bits;
            KcmStrip {
                cluster_cidr: net_string(&cluster),
                node_mask,
                used: set.allocated_cidrs(),
                max,
                next_candidate: set.next_candidate(),
                cell_len: 1 << block_bits,
                cells,
                not_drawn: max.saturating_sub(drawn),
            }
        });
        // The node in front: the one picked, else the one the selected event touched, else the first
        // running pods (a steady choice while a burst lands everywhere), else the first there is.
        let exists = |name: &str| sim.cluster.nodes.contains_key(name);
        let focus = focus
            .filter(|f| exists(f))
            .map(str::to_string)
            .or_else(|| touched.as_ref().and_then(|t| t.node.clone()))
            .filter(|f| exists(f))
            .or_else(|| {
                let running = |n: &&String| {
                    sim.cluster
                        .nodes
                        .get(n.as_str())
                        .is_some_and(|n| n.admitted_pods > 0)
                };
                slots.iter().find(running).cloned()
            })
            .or_else(|| slots.iter().find(|n| exists(n)).cloned());
        let whole = slots.len() <= WHOLE_NODES;
        let (nodes, tiles, tiles_hidden) = if whole {
            let nodes = slots
                .iter()
                .enumerate()
                .map(|(slot, name)| self.stage_node(name, slot, &recent))
                .collect();
            (nodes, Vec::new(), 0)
        } else {
            let node = focus
                .as_deref()
                .and_then(|name| self.stage_node(name, slot_of(slots, name), &recent));
            let present: Vec<(usize, &String)> = slots
                .iter()
                .enumerate()
                .filter(|(_, name)| sim.cluster.nodes.contains_key(name.as_str()))
                .collect();
            // host-local's addresses per node subnet of the first family, as the planner counts them.
            let usable = self
                .capacity_plan()
                .families
                .first()
                .map_or(0, |f| f.usable_pod_ips_per_node);
            let tiles = present
                .iter()
                .take(MAX_TILES)
                .map(|&(slot, name)| self.node_tile(name, slot, usable))
                .collect();
            (vec![node], tiles, present.len().saturating_sub(MAX_TILES))
        };
        let weights = if whole {
            self.places.weights.clone()
        } else {
            Vec::new()
        };
        Stage {
            kcm,
            nodes,
            tiles,
            tiles_hidden,
            focus,
            weights,
            touched,
        }
    }

    /// The nodes of the whole run in the order they first register: each keeps its place.
    pub fn node_slots(&self) -> &[String] {
        &self.places.slots
    }

    fn stage_node(&self, name: &str, slot: usize, recent: &Recent) -> Option<StageNode> {
        let sim = self.sim();
        let obj = sim.cluster.nodes.get(name)?;
        let state = sim.node_state(name)?;
        let objects = sim.pods_on(name);
        let held = Held::of(&state);
        let del_lag = self.settings().knobs.del_lag;
        let now = self.now();
        let mut pods: Vec<StagePod> = objects
            .iter()
            .map(|pod| stage_pod(pod, &state, &held, now, del_lag, recent))
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
                    route: None,
                    countdown: None,
                    failure: None,
                });
            }
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
            range: sim
                .node_address_grid(name)
                .map(|grid| range_strip(&grid, &state)),
            dir: state
                .ipam
                .dir
                .clone()
                .unwrap_or_else(|| "/run/cni-ipam-state/kindnet".to_string()),
            files: state.ipam.ls.iter().take(MAX_FILES).cloned().collect(),
            files_total: state.ipam.ls.len(),
            pods,
            pods_as_cells,
            pods_hidden,
        })
    }

    fn node_tile(&self, name: &str, slot: usize, usable: u128) -> NodeTile {
        let node = self.sim().cluster.nodes.get(name);
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

fn slot_of(slots: &[String], name: &str) -> usize {
    slots.iter().position(|s| s == name).unwrap_or(0)
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
    routes: FxHashMap<&'a str, &'a String>,
}

impl<'a> Held<'a> {
    fn of(node: &'a NodeState) -> Held<'a> {
        let mut files: FxHashMap<&str, Vec<&String>> = FxHashMap::default();
        for (ip, holder) in &node.ipam.reserved {
            files.entry(holder.as_str()).or_default().push(ip);
        }
        // `10.244.1.2 dev vethab2667e3 scope host`: the word after `dev`; a veth's first route is its
        // pod's address (its `fe80::/64` comes after).
        let mut routes: FxHashMap<&str, &String> = FxHashMap::default();
        for route in &node.routes {
            let mut words = route.split_whitespace();
            if let Some(dev) = words.find(|w| *w == "dev").and(words.next()) {
                routes.entry(dev).or_insert(route);
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
        let route = veth
            .as_ref()
            .and_then(|v| self.routes.get(v.name.as_str()))
            .map(|r| r.to_string());
        StagePod {
            name: pod.to_string(),
            phase: StagePhase::Pending,
            object: false,
            ips: ip_files.clone(),
            ip_files,
            veth,
            route,
            countdown: None,
            failure: None,
        }
    }
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

/// What the latest events say that the objects do not keep: failures and pods just gone.
struct Recent {
    /// (pod, message) of the latest sandbox failures.
    pod_failures: Vec<(String, String)>,
    /// (node, message) of the latest `CIDRNotAvailable`.
    node_failures: Vec<(String, String)>,
    /// Pods whose sandbox went within [`GONE_SHOWN`].
    gone: Vec<Gone>,
}

struct Gone {
    pod: String,
    node: String,
}

impl Recent {
    fn read(playback: &Playback) -> Recent {
        let now = playback.now();
        let mut recent = Recent {
            pod_failures: Vec::new(),
            node_failures: Vec::new(),
            gone: Vec::new(),
        };
        for event in playback.sim().events().iter().rev().take(RECENT_EVENTS) {
            let name = |prefix: &str| event.object.strip_prefix(prefix).map(str::to_string);
            match event.reason {
                Reason::FailedCreatePodSandBox | Reason::NetworkNotReady => {
                    if let Some(pod) = name("pod/") {
                        if !recent.pod_failures.iter().any(|(p, _)| *p == pod) {
                            recent.pod_failures.push((pod, event.message.to_string()));
                        }
                    }
                }
                Reason::CIDRNotAvailable => {
                    if let Some(node) = name("node/") {
                        if !recent.node_failures.iter().any(|(n, _)| *n == node) {
                            recent.node_failures.push((node, event.message.to_string()));
                        }
                    }
                }
                Reason::SandboxRemoved if now - event.time_ms < GONE_SHOWN => {
                    if let (Some(pod), Some(node)) = (name("pod/"), event.node.as_deref()) {
                        recent.gone.push(Gone {
                            pod,
                            node: node.to_string(),
                        });
                    }
                }
                _ => {}
            }
        }
        recent
    }

    fn pod_failure(&self, pod: &str) -> Option<String> {
        self.pod_failures
            .iter()
            .find(|(p, _)| p == pod)
            .map(|(_, m)| m.clone())
    }

    fn node_failure(&self, node: &str) -> Option<String> {
        self.node_failures
            .iter()
            .find(|(n, _)| n == node)
            .map(|(_, m)| m.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::builtin;

    fn at(name: &'static str, ms: u64) -> Playback {
        let mut playback = Playback::load(builtin::by_name(name).unwrap().to_string(), Some(name))
            .expect("a built-in scenario loads");
        playback.seek(VirtualTime(ms));
        playback.finish();
        playback
    }

    fn node<'a>(stage: &'a Stage, name: &str) -> &'a StageNode {
        stage
            .nodes
            .iter()
            .flatten()
            .find(|n| n.name == name)
            .unwrap_or_else(|| panic!("{name} is drawn"))
    }

    fn pod<'a>(node: &'a StageNode, name: &str) -> Option<&'a StagePod> {
        node.pods.iter().find(|p| p.name == name)
    }

    #[test]
    fn nodes_keep_the_places_they_register_in_and_join_when_their_object_appears() {
        let early = at("kind", 500).stage(None, None);
        assert_eq!(early.nodes.len(), 3);
        assert_eq!(
            early.nodes[0].as_ref().map(|n| n.name.as_str()),
            Some("kind-control-plane")
        );
        assert!(early.nodes[1].is_none() && early.nodes[2].is_none());
        let later = at("kind", 1_500).stage(None, None);
        let names: Vec<_> = later
            .nodes
            .iter()
            .flatten()
            .map(|n| (n.slot, n.name.as_str()))
            .collect();
        assert_eq!(
            names,
            [
                (0, "kind-control-plane"),
                (1, "kind-worker"),
                (2, "kind-worker2")
            ]
        );
        assert_eq!(node(&later, "kind-worker").pod_cidrs, ["10.244.1.0/24"]);
        assert_eq!(node(&later, "kind-worker").internal_ips, ["172.18.0.3"]);
        assert!(node(&later, "kind-worker").conflist);
        // The worker runs a, b, c and d in the run: it gets the room.
        assert_eq!(later.weights, [3, 7, 3]);
    }

    #[test]
    fn the_node_in_front_is_the_one_picked_else_the_first_running_pods() {
        let playback = at("kind", 2_115);
        assert_eq!(
            playback.stage(None, None).focus.as_deref(),
            Some("kind-worker")
        );
        let picked = playback.stage(None, Some("kind-worker2"));
        assert_eq!(picked.focus.as_deref(), Some("kind-worker2"));
        let gone = playback.stage(None, Some("no-such-node"));
        assert_eq!(gone.focus.as_deref(), Some("kind-worker"));
        assert_eq!(
            at("kind", 500).stage(None, None).focus.as_deref(),
            Some("kind-control-plane")
        );
    }

    #[test]
    fn the_cidrset_strip_shows_each_subnet_its_owner_and_the_cursor() {
        let stage = at("kind", 1_500).stage(None, None);
        let kcm = stage.kcm.expect("the node IPAM controller runs");
        assert_eq!(
            (kcm.cluster_cidr.as_str(), kcm.node_mask),
            ("10.244.0.0/16", 24)
        );
        assert_eq!(
            (kcm.used, kcm.max, kcm.next_candidate, kcm.cell_len),
            (3, 256, 3, 1)
        );
        assert_eq!(kcm.cells.len() as u64, STRIP_CELLS);
        assert_eq!(kcm.not_drawn, 256 - STRIP_CELLS);
        let owners: Vec<_> = kcm.cells[..4].iter().map(|c| c.owner.clone()).collect();
        assert_eq!(
            owners,
            [
                Some(("kind-control-plane".to_string(), 0)),
                Some(("kind-worker".to_string(), 1)),
                Some(("kind-worker2".to_string(), 2)),
                None
            ]
        );
        assert_eq!(kcm.cells[1].block, "10.244.1.0/24");
        let cursors: Vec<u64> = kcm
            .cells
            .iter()
            .filter(|c| c.cursor)
            .map(|c| c.index)
            .collect();
        assert_eq!(cursors, [3]);
    }

    #[test]
    fn a_pod_adds_then_runs_with_its_cable_route_and_file() {
        // 2.110 s: sandbox, ADD, host-local, veth and route; 2.115 s: status.podIPs.
        let adding = at("kind", 2_110).stage(None, None);
        let a = pod(node(&adding, "kind-worker"), "a")
            .expect("a is drawn")
            .clone();
        assert_eq!(a.phase, StagePhase::Adding);
        assert_eq!(a.ip_files, ["10.244.1.2"]);
        assert!(a
            .veth
            .as_ref()
            .is_some_and(|v| v.pod_end.starts_with("eth0@if")));
        assert_eq!(a.route_prefix().as_deref(), Some("10.244.1.2/32"));
        assert_eq!(
            a.route.as_deref(),
            Some(format!("10.244.1.2 dev {} scope host", a.veth.unwrap().name).as_str())
        );
        let running = at("kind", 2_115).stage(None, None);
        let worker = node(&running, "kind-worker");
        let ips: Vec<_> = worker
            .pods
            .iter()
            .map(|p| (p.name.as_str(), p.phase, p.ips.join(",")))
            .collect();
        assert_eq!(
            ips,
            [
                ("a", StagePhase::Running, "10.244.1.2".to_string()),
                ("b", StagePhase::Running, "10.244.1.3".to_string()),
                ("c", StagePhase::Running, "10.244.1.4".to_string())
            ]
        );
        let range = worker.range.as_ref().expect("host-local's range");
        assert_eq!(range.last_reserved_ip.as_deref(), Some("10.244.1.4"));
        let next: Vec<_> = range
            .cells
            .iter()
            .filter(|c| c.next)
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(next, [".5"]);
        let pending = at("kind", 2_050).stage(None, None);
        assert_eq!(
            pod(node(&pending, "kind-worker"), "a").map(|p| p.phase),
            Some(StagePhase::Pending)
        );
    }

    #[test]
    fn a_pod_deleted_at_once_keeps_its_veth_route_and_file_until_cni_del() {
        // b's object goes at 4.000 s; CNI DEL runs 2.3 s later.
        let lag = at("kind", 5_000).stage(None, None);
        let worker = node(&lag, "kind-worker");
        let b = pod(worker, "b").expect("b is drawn as a ghost");
        assert_eq!((b.phase, b.object), (StagePhase::Deleting, false));
        assert_eq!(b.ip_files, ["10.244.1.3"]);
        assert!(b.veth.is_some() && b.route.is_some());
        let (left, fraction) = b.countdown.expect("b counts down to CNI DEL");
        assert_eq!(left, VirtualDuration::from_millis(1_300));
        assert!((fraction - 1_300.0 / 2_300.0).abs() < 1e-9);
        // The Chinese article counts the worker's veths during the lag: its pods' three.
        assert_eq!(worker.pods.iter().filter(|p| p.veth.is_some()).count(), 3);
        let just_after = at("kind", 6_300).stage(None, None);
        let b = pod(node(&just_after, "kind-worker"), "b").expect("b fades out");
        assert_eq!(b.phase, StagePhase::Gone);
        assert!(
            b.veth.is_none() && b.route.is_none() && b.ip_files.is_empty() && b.countdown.is_none()
        );
        let later = at("kind", 7_400).stage(None, None);
        let worker = node(&later, "kind-worker");
        assert!(pod(worker, "b").is_none());
        assert_eq!(
            pod(worker, "d").map(|p| p.ips.clone()),
            Some(vec!["10.244.1.5".to_string()])
        );
    }

    #[test]
    fn failures_are_drawn_with_upstreams_text() {
        let exhaustion = at("exhaustion", u64::MAX);
        let times = exhaustion.step_times();
        let failed = at("exhaustion", times[0].unwrap().0).stage(None, None);
        let p6 = failed
            .nodes
            .iter()
            .flatten()
            .find_map(|n| pod(n, "p6"))
            .expect("p6 is drawn");
        assert_eq!(p6.phase, StagePhase::Pending);
        assert!(p6
            .failure
            .as_deref()
            .is_some_and(|f| f.contains("no IP addresses available in range set")));
        let planning = at("planning", u64::MAX);
        let times = planning.step_times();
        let refused = at("planning", times[1].unwrap().0).stage(None, None);
        // Five nodes are drawn whole.
        assert!(refused.tiles.is_empty());
        let e = refused.stage_node_named("node-e");
        assert!(e.is_some_and(|e| e.pod_cidrs.is_empty()));
        assert!(e
            .and_then(|n| n.failure.as_deref())
            .is_some_and(|f| f.contains("CIDRNotAvailable")));
    }

    impl Stage {
        fn stage_node_named(&self, name: &str) -> Option<&StageNode> {
            self.nodes.iter().flatten().find(|n| n.name == name)
        }
    }

    #[test]
    fn a_big_cluster_is_drawn_as_tiles_with_one_node_zoomed_in() {
        let mut text =
            String::from("cluster --cluster-cidr=10.0.0.0/16 --node-cidr-mask-size=24\n");
        for i in 0..100 {
            text.push_str(&format!("node add n{i:03}\n"));
        }
        text.push_str("wait 2s\npod add-many p --node=n042 --count=20\nwait 2s\n");
        let mut playback = Playback::load(text, None).expect("it parses");
        playback.seek(playback.horizon());
        playback.finish();
        let stage = playback.stage(None, None);
        assert_eq!(stage.tiles.len(), 100);
        assert!(stage
            .tiles
            .iter()
            .all(|t| t.pod_cidrs.len() == 1 && t.usable == 253));
        let zoomed = stage
            .stage_node_named("n042")
            .expect("the busiest node is zoomed in");
        assert!(zoomed.pods_as_cells);
        assert_eq!(zoomed.pods.len(), 20);
        assert_eq!(stage.tiles[42].held, 20);
        let kcm = stage.kcm.expect("kcm");
        // 100 subnets held and the cursor at 100: 128 subnets in blocks of 4.
        assert_eq!(
            (kcm.cell_len, kcm.cells.len() as u64, kcm.not_drawn),
            (4, STRIP_CELLS, 128)
        );
        assert!(kcm.cells[..25].iter().all(|c| c.used == 4));
        assert!(kcm.cells[25].cursor);
        let chosen = playback.stage(None, Some("n007"));
        assert!(chosen.stage_node_named("n007").is_some());
    }
}

#[cfg(test)]
mod presentation {
    use super::*;
    use crate::sim::playback::{DEFAULT_SPEED, MOMENT_SHOWN_MS, SPEEDS};

    /// Frames of 50 ms at `speed` from 2 s in the kind tour: the phases pod a shows, in order, with
    /// how many frames each lasted.
    fn frames_of_a(speed: usize) -> Vec<(StagePhase, usize)> {
        let mut playback = Playback::default();
        playback.seek(VirtualTime(2_000));
        playback.finish();
        let mut seen: Vec<(StagePhase, usize)> = Vec::new();
        while playback.now() < VirtualTime(2_500) {
            playback.play(50.0, speed, || true);
            let stage = playback.stage(None, None);
            let phase = stage
                .nodes
                .iter()
                .flatten()
                .flat_map(|n| &n.pods)
                .find(|p| p.name == "a")
                .map(|p| p.phase);
            match (phase, seen.last_mut()) {
                (Some(phase), Some((last, n))) if *last == phase => *n += 1,
                (Some(phase), _) => seen.push((phase, 1)),
                (None, _) => {}
            }
        }
        seen
    }

    #[test]
    fn at_1x_each_step_of_cni_add_stays_on_screen_for_a_moment() {
        assert_eq!(SPEEDS[DEFAULT_SPEED].1, Some(1.0));
        let seen = frames_of_a(DEFAULT_SPEED);
        let phases: Vec<StagePhase> = seen.iter().map(|(p, _)| *p).collect();
        assert_eq!(
            phases,
            [StagePhase::Pending, StagePhase::Adding, StagePhase::Running]
        );
        // ADD at 2.110 s, status.podIPs at 2.115 s: 5 ms, held for MOMENT_SHOWN_MS.
        let adding_frames = seen[1].1;
        assert!(adding_frames as f64 * 50.0 >= MOMENT_SHOWN_MS, "{seen:?}");
    }

    #[test]
    fn faster_than_1x_the_clock_is_not_held() {
        let seen = frames_of_a(DEFAULT_SPEED + 2);
        assert!(
            seen.iter().all(|(p, _)| *p != StagePhase::Adding),
            "{seen:?}"
        );
    }
}

#[cfg(test)]
mod graceful {
    use super::*;

    /// `kubectl delete pod` with a grace period: Terminating, the network goes first (CNI DEL), then
    /// the object.
    #[test]
    fn a_graceful_delete_takes_the_network_first_then_the_object() {
        let text = "cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\npod add a --node=w\nwait 1s\npod delete a --grace-period=30\nwait 40s\n";
        let mut playback = Playback::load(text.to_string(), None).expect("it parses");
        let mut seen: Vec<(StagePhase, bool, bool)> = Vec::new();
        // Killed after the 30 s grace period: CNI DEL at 32.110 s, the object 5 ms later.
        for ms in [1_500, 2_500, 20_000, 32_110, 32_115, 32_400, 33_500] {
            playback.seek(VirtualTime(ms));
            playback.finish();
            let stage = playback.stage(None, None);
            let a = stage
                .nodes
                .iter()
                .flatten()
                .flat_map(|n| &n.pods)
                .find(|p| p.name == "a")
                .map(|a| (a.phase, a.object, a.veth.is_some()));
            if let Some(a) = a {
                if seen.last() != Some(&a) {
                    seen.push(a);
                }
            }
        }
        assert_eq!(
            seen,
            [
                (StagePhase::Running, true, true),
                (StagePhase::Deleting, true, true),
                (StagePhase::Deleting, true, false),
                (StagePhase::Gone, false, false),
            ],
            "Terminating with its network, then without it, then gone with its object"
        );
    }
}
