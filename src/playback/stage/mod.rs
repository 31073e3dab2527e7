//! The stage's view model: the picture of the cluster at a cursor's time, read off the simulation
//! natively, so the component only places shapes.
//!
//! * `kcm.rs` — kube-controller-manager's cidrset as a strip of node subnets.
//! * `node.rs` — each node's machine, each pod's namespace and veth pair; a node as a tile.
//! * `places.rs` — where each node of a run is drawn.
//! * `packet.rs` — the packet a step tells, hop by hop across two nodes.
//! * `recent.rs` — what the latest events say that the objects do not keep.
//!
//! The picture is a function of the scenario, the time and the event shown (a tour step stands right
//! after its own event, [`super::Unseen`]): the nodes' places come from the whole run's timeline (the
//! order they first register), so a node joining never moves another one.

use super::Cursor;
use crate::sim::{Simulation, Touched};
use crate::tours::On;
pub use calico::{Borrowed, StageBlock, StageCalico, StagePool, StageTunnel};
pub use kcm::{KcmStrip, StripCell, STRIP_CELLS};
use node::Scene;
pub use node::{
    NodeTile, RangeCell, RangeStrip, StageBridge, StageChain, StageNeighbour, StageNode,
    StagePhase, StagePod, MAX_FILES, MAX_POD_CELLS, RANGE_CELLS,
};
pub use packet::{Hop, StagePacket};
use places::slot_of;
pub use places::{Places, POD_BOXES};
use recent::Recent;
pub use recent::GONE_SHOWN;

/// Up to this many nodes are drawn whole, side by side; more are drawn as tiles, with one zoomed in.
pub const WHOLE_NODES: usize = 5;
/// At most this many node tiles.
pub const MAX_TILES: usize = 256;

mod calico;
#[cfg(test)]
mod calico_tests;
mod kcm;
mod node;
mod packet;
mod places;
mod recent;
#[cfg(test)]
mod tests;

/// The whole picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Stage {
    /// kube-controller-manager's cidrsets, one per cluster CIDR, once the node IPAM controller runs.
    pub kcm: Vec<KcmStrip>,
    /// Calico's IP pools, drawn beside kube-controller-manager's strip (which still splits the cluster
    /// CIDR into podCIDRs Calico's IPAM does not read).
    pub pools: Vec<StagePool>,
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
    /// What the selected event touched, or else the tour step's own event: the step's focus, which the
    /// stage marks and keeps at every level of detail.
    pub touched: Option<Touched>,
    /// The CNI chain of each node in `nodes`, by its name: its bridge, its routes to the other nodes
    /// and flanneld's subnet.
    pub chains: Vec<StageChain>,
    /// The packet the tour step tells, from a pod to a pod on another node.
    pub packet: Option<StagePacket>,
    /// The tour step shown, counted from 0.
    pub step: Option<usize>,
    /// How many steps the tour has (0 without a tour).
    pub steps: usize,
    /// What the step shown declares its picture shows ([`crate::tours::Step::shows`]).
    pub shows: &'static [On],
    /// Pods created without a node that the scheduler has not bound, in creation order: drawn
    /// outside the nodes.
    pub unscheduled: Vec<String>,
    /// The scheduler's `FailedScheduling` message for them, once an attempt failed.
    pub failed_scheduling: Option<String>,
}

impl Cursor {
    /// The stage at the current time; `focus` is the node picked, put in front ([`Stage::focus`]).
    pub fn stage(&self, selected_event: Option<usize>, focus: Option<&str>) -> Stage {
        let run = self.run();
        let slots = &run.places().slots;
        // The step shown, however it was entered: a press plays on past the step's moment (its
        // motion), and what the step names stays marked and kept until the next step.
        let shown_step = self.current_step().and_then(|step| run.step_event(step));
        let touched = selected_event.or(shown_step).and_then(|i| self.touched(i));
        let sim = self.sim();
        // The step shown is in front however it was entered: a press plays on past the step's moment
        // (its motion), and its node stays in front until the next step.
        let step_node = self
            .current_step()
            .and_then(|step| run.step_event(step))
            .and_then(|i| self.touched(i))
            .and_then(|t| t.node);
        let concerned = touched.as_ref().and_then(|t| t.node.clone()).or(step_node);
        let focus = front_node(sim, slots, focus, concerned.as_deref());
        let scene = Scene {
            sim,
            del_lag: run.settings().knobs.del_lag,
            recent: Recent::read(sim),
            unseen: self.unseen(),
            borrowed: calico::borrowed(sim),
        };
        let whole = slots.len() <= WHOLE_NODES;
        let (drawn, tiles, tiles_hidden): (Vec<_>, _, _) = if whole {
            let drawn = slots
                .iter()
                .enumerate()
                .map(|(slot, name)| StageNode::with_chain(&scene, name, slot))
                .collect();
            (drawn, Vec::new(), 0)
        } else {
            let node = focus
                .as_deref()
                .and_then(|name| StageNode::with_chain(&scene, name, slot_of(slots, name)));
            let present: Vec<(usize, &String)> = slots
                .iter()
                .enumerate()
                .filter(|(_, name)| sim.cluster.nodes.contains_key(name.as_str()))
                .collect();
            // host-local's addresses per node subnet of the first family, as the planner counts them.
            let usable = run
                .capacity_plan()
                .families
                .first()
                .map_or(0, |f| f.usable_pod_ips_per_node);
            let tiles = present
                .iter()
                .take(MAX_TILES)
                .map(|&(slot, name)| NodeTile::of(sim, name, slot, usable))
                .collect();
            (vec![node], tiles, present.len().saturating_sub(MAX_TILES))
        };
        let mut chains: Vec<StageChain> = Vec::new();
        let nodes: Vec<Option<StageNode>> = drawn
            .into_iter()
            .map(|both| {
                both.map(|(node, chain)| {
                    chains.push(chain);
                    node
                })
            })
            .collect();
        let step = run
            .told()
            .zip(self.current_step())
            .and_then(|(tour, i)| tour.steps.get(i));
        let drawn: Vec<&StageNode> = nodes.iter().flatten().collect();
        let packet = packet::packet_of(step.map_or(&[], |step| &step.shows), &drawn, &chains);
        let unscheduled: Vec<String> = sim
            .cluster
            .unscheduled
            .iter()
            .map(|u| u.name.to_string())
            .collect();
        // An attempt after a node joined counts it too: the message's N is the nodes there are.
        let failed_scheduling = sim
            .cluster
            .unscheduled
            .iter()
            .any(|u| u.failed)
            .then(|| crate::sim::scheduler::failed_scheduling(sim.cluster.nodes.len()));
        Stage {
            unscheduled,
            failed_scheduling,
            step: run.told().and(self.current_step()),
            steps: run.told().map_or(0, |tour| tour.steps.len()),
            shows: step.map_or(&[], |step| &step.shows),
            packet,
            chains,
            kcm: KcmStrip::all(sim, slots),
            pools: StagePool::all(sim),
            nodes,
            tiles,
            tiles_hidden,
            focus,
            weights: if whole {
                run.places().weights.clone()
            } else {
                Vec::new()
            },
            touched,
        }
    }
}

/// The node in front: the one picked, else the one the selected event (or the step shown) concerns, else the first running
/// pods (a steady choice while a burst lands everywhere), else the first there is.
fn front_node(
    sim: &Simulation,
    slots: &[String],
    picked: Option<&str>,
    concerned: Option<&str>,
) -> Option<String> {
    let exists = |name: &str| sim.cluster.nodes.contains_key(name);
    let running = |n: &&String| {
        sim.cluster
            .nodes
            .get(n.as_str())
            .is_some_and(|n| n.admitted_pods > 0)
    };
    picked
        .filter(|f| exists(f))
        .map(str::to_string)
        .or_else(|| concerned.map(str::to_string))
        .filter(|f| exists(f))
        .or_else(|| slots.iter().find(running).cloned())
        .or_else(|| slots.iter().find(|n| exists(n)).cloned())
}
