//! The packet a step tells drawn over the node boxes: a line through each hop it takes (a pod's
//! `eth0`, its host veth, the node's route to the other node, that node's `/32`, the pod), with a ring
//! on each; hops on a node not drawn are left out. A ring sits on the edge of what it marks, where the
//! cable meets it or at the route's end toward the packet's last node, so it covers little of its words.

use super::layout::{
    flow_chips, route_chip_labels, BoxPlace, Layout, CHIP_H, CHIP_ROW_H, GRID_GAP, INSET, POD_GAP,
    VETH_END_H,
};
use super::svg::px;
use crate::playback::stage::{Hop, Stage, StageNode};
use crate::tours::Shows;
use yew::prelude::*;

/// The packet of `stage`, laid out by `layout`.
pub(super) fn packet(stage: &Stage, layout: &Layout) -> Html {
    let Some(packet) = stage.packet.as_ref() else {
        return html! {};
    };
    // Which end of a route's chip the packet leaves by: the one facing its last node.
    let box_x = |hop: Option<&Hop>| Some(drawn(stage, layout, hop?.node())?.1.x);
    let rightward = box_x(packet.hops.last()) >= box_x(packet.hops.first());
    let points: Vec<(f64, f64, &Hop)> = packet
        .hops
        .iter()
        .filter_map(|hop| Some((at(stage, layout, hop, rightward)?, hop)))
        .map(|((x, y), hop)| (x, y, hop))
        .collect();
    let line = points
        .iter()
        .map(|(x, y, _)| format!("{},{}", px(*x), px(*y)))
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <g class="packet" data-testid="stage-packet" data-shows={Shows::Packet(&packet.from, &packet.to).to_string()}
            data-hops={packet.hops.len().to_string()} data-drawn={points.len().to_string()}>
            <title>{ format!("{} → {}", packet.from, packet.to) }</title>
            <polyline class="packet-line" points={line} />
            { for points.iter().map(|(x, y, hop)| html! {
                <circle class="packet-hop" cx={px(*x)} cy={px(*y)} r="5" data-shows={hop_shows(hop)} />
            }) }
        </g>
    }
}

/// The hop as the scheme of `data-shows` names it (`hop:route:kind-worker:10.244.2.0/24`).
fn hop_shows(hop: &Hop) -> String {
    match hop {
        Hop::Pod { node, pod } => format!("hop:pod:{node}:{pod}"),
        Hop::Veth { node, pod } => format!("hop:veth:{node}:{pod}"),
        Hop::NodeRoute { node, prefix } => format!("hop:route:{node}:{prefix}"),
        Hop::PodRoute { node, prefix, .. } => format!("hop:route:{node}:{prefix}"),
    }
}

/// Where `hop` is on the picture, when its node is drawn with its pods as boxes; a route's chip is
/// marked at its right end when the packet goes `rightward`, else at its left.
fn at(stage: &Stage, layout: &Layout, hop: &Hop, rightward: bool) -> Option<(f64, f64)> {
    let (node, place) = drawn(stage, layout, hop.node())?;
    let rows = place.rows.as_ref()?;
    if rows.pods_as_cells.is_some() {
        return None;
    }
    let (top, band_y) = (layout.nodes_y, layout.nodes_y + rows.band_y);
    let pod_at = |pod: &str| {
        let i = node.pods.iter().position(|p| p.name == pod)?;
        let cols = rows.pod_grid.unwrap_or(node.pods.len()).max(1);
        let (col, row) = ((i % cols) as f64, (i / cols) as f64);
        let x = place.x + INSET + col * (rows.pod_w + POD_GAP);
        Some((
            x + rows.pod_w / 2.0,
            top + rows.pods_y + row * (rows.pod_h + GRID_GAP),
        ))
    };
    match hop {
        Hop::Pod { pod, .. } => pod_at(pod),
        Hop::Veth { pod, .. } => {
            pod_at(pod).map(|(x, _)| (x, band_y + rows.band.veth_y + VETH_END_H))
        }
        Hop::PodRoute { pod, .. } => pod_at(pod).map(|(x, _)| (x, band_y + rows.band.route_y)),
        Hop::NodeRoute { prefix, .. } => {
            let chain = stage.chains.iter().find(|c| c.node == node.name)?;
            if rows.bridged {
                let y = band_y + rows.band.route_y + rows.band.route_row + 8.0;
                return Some((place.x + INSET + 40.0, y));
            }
            let inner = place.w - 2.0 * INSET;
            let labels = route_chip_labels(&super::layout::node_route_chips(chain), inner);
            let i = labels
                .iter()
                .position(|l| l.split_whitespace().next() == Some(prefix))?;
            let (fx, row, w) = *flow_chips(&labels, inner).get(i)?;
            let y = top + rows.routes_y? + row as f64 * CHIP_ROW_H + CHIP_H / 2.0;
            Some((place.x + INSET + fx + if rightward { w } else { 0.0 }, y))
        }
    }
}

/// Node `name` and its box, when it is drawn.
fn drawn<'a>(
    stage: &'a Stage,
    layout: &'a Layout,
    name: &str,
) -> Option<(&'a StageNode, &'a BoxPlace)> {
    layout.boxes.iter().find_map(|place| {
        let node = match place.slot {
            Some(slot) => stage.nodes.get(slot)?.as_ref()?,
            None => stage
                .nodes
                .iter()
                .flatten()
                .find(|n| Some(n.name.as_str()) == stage.focus.as_deref())?,
        };
        (node.name == name).then_some((node, place))
    })
}
