//! The stage: one SVG picture of the cluster, drawn from the core's [`Stage`] view model. These files
//! only place shapes; every address, phase and countdown comes from the model. Motion is CSS (appear,
//! travel, draw, retract, fade), so `prefers-reduced-motion` turns it off in one rule.
//!
//! * `kcm.rs` — kube-controller-manager's cidrset as a strip of cells.
//! * `node.rs` — a node whole, with host-local's strip and files; `pod.rs` — its pods and cables.
//! * `tiles.rs` — a big cluster's nodes as tiles.
//! * `layout.rs` — the picture's sizes; `svg.rs` — shapes in whole units, text cut to a width.

mod kcm;
mod layout;
mod node;
mod pod;
mod svg;
mod tiles;

use super::shown::Shared;
use super::studio::Action;
use crate::i18n::{ui as t, Lang};
use crate::sim::playback::stage::{KcmStrip, Stage, StageNode, STRIP_CELLS};
use kcm::{cell_width, CidrsetStrip, CELLS_X, CELLS_Y};
use layout::{GAP, NARROW, NODES_Y, NODE_H, PAD, STRIP_H, WIDE};
use node::{NodeBox, INSET, TOKEN_Y};
use std::rc::Rc;
use svg::{owner, px, rect};
use tiles::TileGrid;
use yew::prelude::*;

/// The share of the width the tiles take beside the node zoomed into.
const TILES_SHARE: f64 = 0.42;
/// The cidrset cells drawn when one node is shown at a time.
const NARROW_STRIP_CELLS: usize = 12;

/// Props of the stage.
#[derive(Properties, PartialEq)]
pub struct StageProps {
    /// The page's language.
    pub lang: Lang,
    /// The picture at the current time.
    pub stage: Shared<Stage>,
    /// Sends actions.
    pub dispatch: Callback<Action>,
    /// One node at a time (a phone's width).
    #[prop_or_default]
    pub narrow: bool,
}

/// The stage.
#[function_component(StageView)]
pub fn stage_view(props: &StageProps) -> Html {
    let StageProps {
        lang,
        stage,
        dispatch,
        narrow,
    } = props;
    let lang = *lang;
    let width = if *narrow { NARROW } else { WIDE };
    let tiles = !stage.tiles.is_empty();
    // Which node boxes are drawn, and where.
    let present: Vec<&StageNode> = stage.nodes.iter().flatten().collect();
    let focus = stage.focus.as_ref();
    let boxes: Vec<(Option<&StageNode>, f64, f64)> = if *narrow {
        let node = present
            .iter()
            .find(|n| Some(&n.name) == focus)
            .or(present.first())
            .copied();
        vec![(node, PAD, width - 2.0 * PAD)]
    } else if tiles {
        let left = (width - 2.0 * PAD - GAP) * TILES_SHARE;
        vec![(
            present.first().copied(),
            PAD + left + GAP,
            width - 2.0 * PAD - left - GAP,
        )]
    } else {
        // Each slot's share of the width, as the model weighs it.
        let n = stage.nodes.len().max(1) as f64;
        let total: u32 = stage.weights.iter().sum::<u32>().max(1);
        let room = width - 2.0 * PAD - (n - 1.0) * GAP;
        let mut left = PAD;
        stage
            .nodes
            .iter()
            .zip(&stage.weights)
            .map(|(node, weight)| {
                let w = room * f64::from(*weight) / f64::from(total);
                left += w + GAP;
                (node.as_ref(), left - w - GAP, w)
            })
            .collect()
    };
    let strip_cells = if *narrow {
        NARROW_STRIP_CELLS
    } else {
        STRIP_CELLS as usize
    };
    let kcm_strip = stage.kcm.clone().map(Rc::new);
    let height = STRIP_H + GAP + NODE_H + PAD;
    // On a phone the switcher's row is there from the start, so the picture does not move down when a
    // second node joins; its buttons come with the second node.
    let switchable = present.len() > 1;
    let switcher = narrow.then(|| {
        html! {
            <div class="stage-switch" role="group" aria-label={t::STAGE_NODES.get(lang)}>
                { for present.iter().filter(|_| switchable).map(|node| {
                    let on_click = {
                        let (dispatch, name) = (dispatch.clone(), node.name.clone());
                        Callback::from(move |_: MouseEvent| dispatch.emit(Action::SelectNode(Some(name.clone()))))
                    };
                    let pressed = Some(&node.name) == focus;
                    html! { <button onclick={on_click} aria-pressed={pressed.to_string()} class={owner(node.slot)}>{ &node.name }</button> }
                }) }
            </div>
        }
    });
    html! {
        <figure class={classes!("stage", narrow.then_some("narrow"))} data-testid="stage">
            { for switcher }
            <svg viewBox={format!("0 0 {} {}", px(width), px(height))} role="group" aria-label={t::STAGE.get(lang)}>
                <defs>
                    <pattern id="stage-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <line x1="0" y1="0" x2="0" y2="6" class="hatch" />
                    </pattern>
                </defs>
                { CidrsetStrip { strip: kcm_strip.clone(), width, cells: strip_cells, touched_node: stage.touched.as_ref().and_then(|t| t.node.clone()), lang }.view() }
                if tiles && !*narrow {
                    { TileGrid { tiles: &stage.tiles, hidden: stage.tiles_hidden, width: (width - 2.0 * PAD - GAP) * TILES_SHARE, dispatch: dispatch.clone(), lang }.view() }
                }
                { for boxes.iter().enumerate().map(|(i, (node, x, w))| match node {
                    Some(node) => NodeBox { node, x: *x, w: *w,
                        token_from: token_from(kcm_strip.as_deref(), strip_cells, node, *x),
                        touched: stage.touched.clone().filter(|t| t.node.as_deref() == Some(&*node.name)),
                        dispatch: dispatch.clone(), lang }.view(),
                    None => html! {
                        <g key={format!("empty-{i}")}>{ rect("node-slot", *x, NODES_Y, *w, NODE_H, 10) }</g>
                    },
                }) }
            </svg>
            <figcaption class="stage-note">{ t::STAGE_SLOWED.get(lang) }</figcaption>
        </figure>
    }
}

/// Where the PATCH token of `node` (its box at `x`) starts, from where it lands: the cidrset cell
/// allocated to it.
fn token_from(
    kcm: Option<&KcmStrip>,
    strip_cells: usize,
    node: &StageNode,
    x: f64,
) -> Option<(f64, f64)> {
    kcm.and_then(|kcm| {
        let cells = &kcm.cells[..kcm.cells.len().min(strip_cells)];
        let index = cells
            .iter()
            .position(|c| c.owner.as_ref().is_some_and(|(o, _)| *o == node.name))?;
        let width = if strip_cells < STRIP_CELLS as usize {
            NARROW
        } else {
            WIDE
        };
        let cell_w = cell_width(width, cells.len());
        Some((
            CELLS_X + index as f64 * cell_w - (x + INSET),
            CELLS_Y - (NODES_Y + TOKEN_Y),
        ))
    })
}
