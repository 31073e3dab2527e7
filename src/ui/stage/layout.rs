//! Where the stage's parts go for a width, in SVG units drawn one to a CSS pixel: a pure function of the
//! picture's model and the room, so it is tested natively. A narrow picture drops detail by level (cell
//! labels every Nth, pods as cells, one node at a time) rather than setting type smaller; a short one
//! drops rows by [`Level`] (files, the InternalIP line, host-local's strip, the summaries' and
//! `eth0` lines).

use crate::playback::stage::{
    Hop, KcmStrip, Stage, StageCalico, StageChain, StageNode, STRIP_CELLS,
};

mod chips;
mod keep;
mod ladder;
mod rows;
mod steady;
#[cfg(test)]
mod tests;
mod text;

pub(super) use chips::{failure_line, flow_chips, route_chip_labels, CHIP_H, CHIP_ROW_H};
pub(super) use keep::Keep;
pub(super) use rows::{
    ChainRows, Level, NodeRows, CELL_PITCH, GRID_GAP, INSET, POD_GAP, POD_LINE, POD_NAME_Y,
    VETH_END_H,
};
pub(super) use text::{
    bold_width, fit, fit_bold, fit_first, fit_link, fit_mono, mono_width, text_width,
};

/// Wider than this the picture is laid out at this width and scaled up (bigger type on a projector).
pub(super) const MAX_W: f64 = 1080.0;
/// Narrower than this nothing fits; the picture is laid out at this width (the page scrolls).
pub(super) const MIN_W: f64 = 300.0;
/// The width before the stage is measured (the page rendered at build time).
pub(super) const DEFAULT_W: f64 = 1000.0;
/// Below this width the stage shows one node at a time.
const ONE_NODE_BELOW: f64 = 600.0;
/// The gap between parts and the picture's margin.
pub(super) const GAP: f64 = 16.0;
const BARE_GAP: f64 = 6.0;
pub(super) const PAD: f64 = 8.0;
/// The share of the width the tiles take beside the node zoomed into, and their area's least height.
pub(super) const TILES_SHARE: f64 = 0.42;
const TILES_MIN_H: f64 = 300.0;
/// Where the first cidrset cell (and the title) starts, from the picture's left edge; as much is left
/// right. A cell's widest and narrowest, and its height.
pub(super) const CELLS_X: f64 = 24.0;
const CELL_MAX_W: f64 = 40.0;
const CELL_MIN_W: f64 = 18.0;
pub(super) const CELL_H: f64 = 26.0;
/// Below this picture width the cidrset's summary takes a line of its own, under the title.
const SUMMARY_BESIDE_TITLE_W: f64 = 600.0;
/// A cidrset strip's rows: to the title's baseline, to its cells, and below the cells (the cursor).
const STRIP_TITLE_Y: f64 = 20.0;
const STRIP_CELLS_Y: f64 = 28.0;
const STRIP_SUMMARY_LINE: f64 = 18.0;
const STRIP_CURSOR_H: f64 = 44.0;
/// Strips side by side: their cells' top, under their summaries.
const ABREAST_CELLS_Y: f64 = 22.0;
/// A Calico IP pool's line at the foot of kube-controller-manager's panel.
pub(super) const POOL_LINE: f64 = 18.0;
/// The cidrset panel's title, and the room it keeps from a summary beside it.
pub(super) const TITLE: &str = "kube-controller-manager";
const SUMMARY_BESIDE_TITLE_ROOM: f64 = 200.0;
/// A node box's narrowest, side by side; and the pods of the run it must have room for in a row.
const NODE_MIN_W: f64 = 150.0;
const SIDE_BY_SIDE_PODS: usize = 4;

/// A node's podCIDR line when kube-controller-manager could not allocate one (the Event's reason).
pub(super) const CIDR_NOT_AVAILABLE: &str = "CIDRNotAvailable";

/// Type sizes of the stage's CSS (`.stage …` in style.css), in CSS pixels; none below 11.
pub(super) mod font {
    pub const BASE: f64 = 13.0;
    pub const TITLE: f64 = 15.0;
    pub const SMALL: f64 = 11.0;
    pub const PODCIDR: f64 = 14.0;
}

/// The presenter view's smallest label on a 1024 × 768 projector, in CSS px: a room reads it from 5–10 m.
const PRESENT_SMALLEST: f64 = 14.0;
/// The projector the presenter view's type is sized for; a larger screen gets larger type in
/// proportion, so the room reads the same share of the screen.
const PROJECTOR: (f64, f64) = (1024.0, 768.0);

/// CSS pixels to an SVG unit in the presenter view on a window `window` wide and tall: the smallest
/// label ([`font::SMALL`]) at 14 px on a 1024 × 768 projector and in proportion on a larger screen, never
/// less. The picture is laid out for its room divided by this, so it drops detail rather than type.
pub(super) fn presenter_zoom(window: (f64, f64)) -> f64 {
    let larger = (window.0 / PROJECTOR.0)
        .min(window.1 / PROJECTOR.1)
        .max(1.0);
    PRESENT_SMALLEST / font::SMALL * larger
}

/// CSS pixels to an SVG unit in a slide a host scales `scale` screen pixels to a CSS pixel on a
/// 1024 × 768 projector (a reveal.js deck): the smallest label at the presenter's 14 px there, and the
/// same picture, in proportion, on a larger screen; never less than one unit to a pixel.
pub(super) fn slide_zoom(scale: f64) -> f64 {
    match scale.is_finite() && scale > 0.0 {
        true => (PRESENT_SMALLEST / (font::SMALL * scale)).max(1.0),
        false => 1.0,
    }
}

/// Label every Nth of cells `cell_w` wide whose widest label is `label_w`: 1 when all fit, 0 when even
/// one cell in four has no room.
pub(super) fn label_every(cell_w: f64, label_w: f64) -> usize {
    // Two units of room between a label and its neighbour's.
    let need = label_w + 2.0;
    [1, 2, 4]
        .into_iter()
        .find(|n| *n as f64 * cell_w >= need)
        .unwrap_or(0)
}

/// The whole picture's places.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Layout {
    /// The picture's width and height in SVG units.
    pub width: f64,
    pub height: f64,
    /// One node at a time (with the switcher).
    pub one_node: bool,
    /// The cidrset panel: each strip's places, and the panel's bottom.
    pub strips: Vec<StripPlace>,
    pub strip_h: f64,
    /// The top of the node boxes (and the tiles).
    pub nodes_y: f64,
    /// The node boxes drawn: the slot in [`Stage::nodes`] (or the zoomed node), left edge and rows.
    pub boxes: Vec<BoxPlace>,
    /// The tiles' area width and height, when a big cluster's nodes are tiled.
    pub tiles: Option<(f64, f64)>,
}

/// One cidrset strip's places.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct StripPlace {
    /// Baselines of the title (the first strip's) and of the summary; the summary beside the title, and
    /// the room it has.
    pub title_y: Option<f64>,
    pub summary_y: f64,
    pub beside: bool,
    pub summary_w: f64,
    /// The strip's left edge and width (its summary's and its cells').
    pub x: f64,
    pub span: f64,
    /// The cells' top, how many are drawn, each one's width, and which have their index (every Nth).
    pub cells_y: f64,
    pub cells: usize,
    pub cell_w: f64,
    pub label_every: usize,
}

/// A node box's place.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct BoxPlace {
    /// Its node: an index into [`Stage::nodes`] (`None` for the zoomed node of tiles).
    pub slot: Option<usize>,
    pub x: f64,
    pub w: f64,
    /// Its rows, with its height; `None` for a slot whose node has not joined (an empty frame).
    pub rows: Option<NodeRows>,
    pub h: f64,
}

impl Layout {
    /// Laid out at `level`; `lean`: a step's addresses kept as host-local's files alone; `only`: these
    /// slots' nodes alone, side by side in equal shares.
    fn at(
        stage: &Stage,
        width: f64,
        one_node: bool,
        focus: Option<&str>,
        level: Level,
        lean: bool,
        only: Option<&[usize]>,
    ) -> Layout {
        let tiled = !stage.tiles.is_empty();
        let forced = one_node;
        let room = width - 2.0 * PAD;
        let side_by_side = (!one_node && !tiled && width >= ONE_NODE_BELOW && only.is_none())
            .then(|| side_by_side(stage, room))
            .flatten();
        let one_node = match tiled {
            true => one_node || width < ONE_NODE_BELOW,
            false => side_by_side.is_none() && only.is_none(),
        };
        // One node at a time, but the step names things on several: those nodes share the width.
        let beside = side_by_side.is_none() && !tiled && !forced && width >= ONE_NODE_BELOW;
        let named = match (only, beside, named_slots(stage)) {
            (Some(slots), ..) => Some(shares(slots.to_vec(), room)),
            (None, true, slots) if slots.len() > 1 => Some(shares(slots, room)),
            _ => None,
        };
        let bare = level == Level::Bare;
        let (strips, strip_h) = strips(&stage.kcm, width, bare);
        // Calico's IP pools, a line each at the panel's foot.
        let strip_h = strip_h + POOL_LINE * stage.pools.len() as f64;
        let nodes_y = strip_h + if bare { BARE_GAP } else { GAP };
        let mut tiles = None;
        // Slots' nodes at their places, side by side.
        let placed = |places: Vec<(usize, (f64, f64))>| -> Vec<BoxPlace> {
            let node = |slot: usize| stage.nodes[slot].as_ref();
            let boxes = places.into_iter();
            boxes
                .map(|(slot, at)| place(stage, node(slot), Some(slot), at, level, lean))
                .collect()
        };
        let mut boxes: Vec<BoxPlace> = match (side_by_side, named) {
            (Some(places), _) => placed(places.into_iter().enumerate().collect()),
            (None, Some(named)) => placed(named),
            (None, None) if one_node => {
                let shown = stage
                    .nodes
                    .iter()
                    .enumerate()
                    .filter_map(|(slot, n)| Some((slot, n.as_ref()?)))
                    .find(|(_, n)| Some(n.name.as_str()) == focus)
                    .or_else(|| {
                        stage
                            .nodes
                            .iter()
                            .enumerate()
                            .find_map(|(slot, n)| Some((slot, n.as_ref()?)))
                    });
                let slot = (!tiled).then(|| shown.map(|(slot, _)| slot)).flatten();
                vec![place(
                    stage,
                    shown.map(|(_, n)| n),
                    slot,
                    (PAD, room),
                    level,
                    lean,
                )]
            }
            (None, None) => {
                let left = (room - GAP) * TILES_SHARE;
                let node = stage.nodes.iter().flatten().next();
                vec![place(
                    stage,
                    node,
                    None,
                    (PAD + left + GAP, room - left - GAP),
                    level,
                    lean,
                )]
            }
        };
        // The picture is as tall as the tallest box gets in the run, so the page below it holds still.
        let tallest = boxes
            .iter()
            .map(|b| {
                // A box beside others reserves its slot's run; one alone, the busiest slot's.
                let weights = match (b.slot, one_node) {
                    (Some(slot), false) => &stage.weights[slot..=slot],
                    _ => &stage.weights[..],
                };
                let pods = weights
                    .iter()
                    .map(|w| w.saturating_sub(3))
                    .max()
                    .unwrap_or(0);
                b.h.max(rows::reserved(stage, pods as usize, b.w, level))
            })
            .fold(0.0, f64::max);
        if tiled && !one_node {
            let h = tallest.max(TILES_MIN_H);
            tiles = Some(((room - GAP) * TILES_SHARE, h));
            boxes
                .iter_mut()
                .filter(|b| b.rows.is_none())
                .for_each(|b| b.h = h);
        }
        let tallest = tiles.map_or(tallest, |(_, h)| tallest.max(h));
        // A slot whose node has not joined is a frame as tall as the others.
        for b in boxes.iter_mut().filter(|b| b.rows.is_none()) {
            b.h = tallest;
        }
        Layout {
            width,
            height: nodes_y + tallest + PAD,
            one_node,
            strips,
            strip_h,
            nodes_y,
            boxes,
            tiles,
        }
    }
}

/// A node box `w` wide at `x`, for `node` of `stage` (or an empty frame); `lean` as [`Layout::at`].
fn place(
    stage: &Stage,
    node: Option<&StageNode>,
    slot: Option<usize>,
    (x, w): (f64, f64),
    level: Level,
    lean: bool,
) -> BoxPlace {
    let rows = node.map(|n| {
        let named = stage.shows.iter().filter(|on| on.node == n.name);
        let mut keep =
            Keep::of(stage.touched.as_ref(), n).or(Keep::naming(named.flat_map(|on| on.things())));
        if lean {
            keep.files |= keep.addresses;
            keep.addresses = false;
        }
        // The packet the step tells leaves by this node's route to the other node.
        keep.routes |= stage.packet.as_ref().is_some_and(|p| {
            p.hops
                .iter()
                .any(|hop| matches!(hop, Hop::NodeRoute { node, .. } if *node == n.name))
        });
        NodeRows::of(n, w, level, keep, chain_rows(stage, n))
    });
    BoxPlace {
        slot,
        x,
        w,
        h: rows.as_ref().map_or(0.0, |r| r.height),
        rows,
    }
}

/// The slots of the nodes present on which the step shown declares things, in the stage's order.
fn named_slots(stage: &Stage) -> Vec<usize> {
    stage
        .nodes
        .iter()
        .enumerate()
        .filter_map(|(slot, node)| Some((slot, node.as_ref()?)))
        .filter(|(_, node)| {
            stage
                .shows
                .iter()
                .any(|on| on.node == node.name && on.things().any(|thing| !thing.across_nodes()))
        })
        .map(|(slot, _)| slot)
        .collect()
}

/// `slots` side by side in `room`, in equal shares: each slot with its left edge and width.
fn shares(slots: Vec<usize>, room: f64) -> Vec<(usize, (f64, f64))> {
    let n = slots.len().max(1) as f64;
    let w = (room - (n - 1.0) * GAP) / n;
    slots
        .into_iter()
        .enumerate()
        .map(|(i, slot)| (slot, (PAD + i as f64 * (w + GAP), w)))
        .collect()
}

/// What node `node`'s chain adds to its box.
fn chain_rows(stage: &Stage, node: &StageNode) -> ChainRows {
    let Some(chain) = stage.chains.iter().find(|c| c.node == node.name) else {
        return ChainRows::default();
    };
    ChainRows {
        bridged: chain.cni.is_flannel(),
        subnet_env: chain.flannel_subnet.is_some(),
        node_routes: match chain.cni.is_flannel() {
            true => Vec::new(),
            false => node_route_chips(chain),
        },
        neighbours: chain.neighbours.iter().any(|n| n.orphan),
        veth_address: node.pods.iter().any(|p| !p.host_addresses.is_empty()),
        calico_blocks: chain.calico.as_ref().map(block_chips),
    }
}

/// A Calico node's blocks as their chips may say them, longest first: `10.244.0.64/26 4/64 confirmed`,
/// without the affinity's state, the CIDR alone (the chip's title says it all); then tunl0's address
/// (`tunl0 10.244.0.64`), in each.
pub(super) fn block_chips(calico: &StageCalico) -> [Vec<String>; 3] {
    let blocks = &calico.blocks;
    let tunnel = calico
        .tunnel
        .as_ref()
        .map(|t| format!("tunl0 {}", t.address));
    [
        blocks
            .iter()
            .map(|b| format!("{} {}/{} {}", b.cidr, b.used, b.size, b.affinity))
            .chain(tunnel.clone())
            .collect(),
        blocks
            .iter()
            .map(|b| format!("{} {}/{}", b.cidr, b.used, b.size))
            .chain(tunnel.clone())
            .collect(),
        blocks
            .iter()
            .map(|b| b.cidr.clone())
            .chain(tunnel)
            .collect(),
    ]
}

/// kindnetd's routes as their chips say them: `10.244.2.0/24 via 172.18.0.4`; on a Calico node BIRD's
/// blackholes first (`blackhole 10.244.0.64/26`).
pub(super) fn node_route_chips(chain: &StageChain) -> Vec<String> {
    chain
        .route_lines()
        .map(|route| route.split(" dev ").next().unwrap_or(route))
        // BIRD's `proto bird` says nothing the chip's title does not.
        .map(|route| route.trim_end_matches(" proto bird").to_string())
        .collect()
}

/// The nodes side by side in `room`: each slot's share of the width as the model weighs it, but no
/// box narrower than its pods and names need; `None` when they do not all fit.
fn side_by_side(stage: &Stage, room: f64) -> Option<Vec<(f64, f64)>> {
    let n = stage.nodes.len().max(1);
    let room = room - (n - 1) as f64 * GAP;
    let needs: Vec<f64> = stage
        .nodes
        .iter()
        .zip(&stage.weights)
        .map(|(node, weight)| {
            // The weight is 3 and one per pod of the run, up to the pod boxes drawn.
            let pods = node
                .as_ref()
                .map_or(0, |n| n.pods.len())
                .max(weight.saturating_sub(3) as usize)
                .min(SIDE_BY_SIDE_PODS);
            // Its name and first podCIDR whole (the podCIDR's label may go), or the allocation's
            // failure in its place, with a few units to spare for rounding.
            let text = node.as_ref().map_or(0.0, |n| {
                let failed = n.failure.is_some().then_some(CIDR_NOT_AVAILABLE);
                let podcidr = n
                    .pod_cidrs
                    .first()
                    .map(String::as_str)
                    .or(failed)
                    .map_or(0.0, |c| text_width(c, font::PODCIDR));
                bold_width(&n.name, font::TITLE).max(podcidr) + 2.0 * INSET + 8.0
            });
            NODE_MIN_W.max(text).max(rows::pods_width(pods))
        })
        .collect();
    if needs.iter().sum::<f64>() > room || needs.len() != stage.nodes.len() {
        return None;
    }
    // Shares by weight; a box below its need gets its need, the others share what is left. A node
    // alone takes the width even when nothing is weighed (several then keep their needs: wider boxes
    // would set more pods a row, and cut their names).
    let alone = stage.nodes.iter().flatten().count() == 1;
    let weight = |i: usize| match alone && stage.nodes[i].is_some() {
        true => stage.weights[i].max(1),
        false => stage.weights[i],
    };
    let mut fixed = vec![false; n];
    let mut widths = vec![0.0; n];
    loop {
        let left = room - (0..n).filter(|i| fixed[*i]).map(|i| needs[i]).sum::<f64>();
        let total: u32 = (0..n).filter(|i| !fixed[*i]).map(weight).sum();
        let mut changed = false;
        for i in 0..n {
            widths[i] = if fixed[i] {
                needs[i]
            } else {
                left * f64::from(weight(i)) / f64::from(total.max(1))
            };
            if !fixed[i] && widths[i] < needs[i] {
                fixed[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut x = PAD;
    Some(
        widths
            .into_iter()
            .map(|w| {
                x += w + GAP;
                (x - w - GAP, w)
            })
            .collect(),
    )
}

/// The cidrset strips stacked in their panel, one per family, in a picture `width` wide (`bare`: the
/// first summary beside the title, cut, whatever the width); and the panel's bottom.
fn strips(kcm: &[KcmStrip], width: f64, bare: bool) -> (Vec<StripPlace>, f64) {
    if bare && kcm.len() > 1 {
        return strips_abreast(kcm, width);
    }
    let beside = bare || width > SUMMARY_BESIDE_TITLE_W;
    // Beside the title the summary has what the title leaves; on a line of its own, the width.
    let title_w = if bare {
        bold_width(TITLE, font::TITLE) + 12.0
    } else {
        SUMMARY_BESIDE_TITLE_ROOM
    };
    let cells = (((width - 2.0 * CELLS_X) / CELL_MIN_W).floor() as usize).min(STRIP_CELLS as usize);
    let mut top = PAD;
    let places: Vec<StripPlace> = kcm
        .iter()
        .enumerate()
        .map(|(i, strip)| {
            let first = i == 0;
            let own_line = !(first && beside);
            let title_y = first.then_some(top + STRIP_TITLE_Y);
            let summary_y = match (first, beside) {
                (true, true) => top + STRIP_TITLE_Y,
                (true, false) => top + STRIP_TITLE_Y + STRIP_SUMMARY_LINE,
                (false, _) => top + STRIP_TITLE_Y - 4.0,
            };
            let cells_y = top
                + STRIP_CELLS_Y
                + if first && own_line {
                    STRIP_SUMMARY_LINE
                } else {
                    0.0
                };
            let drawn = strip.cells.len().min(cells);
            let cell_w = ((width - 2.0 * CELLS_X) / drawn.max(1) as f64).min(CELL_MAX_W);
            let widest = strip.cells[..drawn]
                .iter()
                .map(|c| mono_width(&c.index.to_string(), font::SMALL))
                .fold(0.0, f64::max);
            top = cells_y + STRIP_CURSOR_H;
            StripPlace {
                x: CELLS_X,
                span: width - 2.0 * CELLS_X,
                title_y,
                summary_y,
                beside: first && beside,
                summary_w: width - 2.0 * CELLS_X - if first && beside { title_w } else { 0.0 },
                cells_y,
                cells: drawn,
                cell_w,
                label_every: label_every(cell_w - 3.0, widest),
            }
        })
        .collect();
    // Without node IPAM the panel holds the title and a note.
    let bottom = if places.is_empty() {
        PAD + 64.0
    } else {
        top + 4.0
    };
    (places, bottom)
}

/// The barest panel of several families: their strips side by side, each under its summary, without the
/// panel's title (it is the panel's tooltip).
fn strips_abreast(kcm: &[KcmStrip], width: f64) -> (Vec<StripPlace>, f64) {
    let n = kcm.len() as f64;
    let span = (width - 2.0 * CELLS_X - (n - 1.0) * GAP) / n;
    let cells = ((span / CELL_MIN_W).floor() as usize).min(STRIP_CELLS as usize);
    let cells_y = PAD + ABREAST_CELLS_Y;
    let places = kcm
        .iter()
        .enumerate()
        .map(|(i, strip)| {
            let drawn = strip.cells.len().min(cells);
            let cell_w = (span / drawn.max(1) as f64).min(CELL_MAX_W);
            let widest = strip.cells[..drawn]
                .iter()
                .map(|c| mono_width(&c.index.to_string(), font::SMALL))
                .fold(0.0, f64::max);
            StripPlace {
                x: CELLS_X + i as f64 * (span + GAP),
                span,
                title_y: None,
                summary_y: cells_y - 6.0,
                beside: false,
                summary_w: span,
                cells_y,
                cells: drawn,
                cell_w,
                label_every: label_every(cell_w - 3.0, widest),
            }
        })
        .collect();
    (places, cells_y + STRIP_CURSOR_H)
}
