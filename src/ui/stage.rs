//! The stage: one SVG picture of the cluster, drawn from the core's [`Stage`] view model. This file only
//! places shapes; every address, phase and countdown comes from the model. Motion is CSS (appear,
//! travel, draw, retract, fade), so `prefers-reduced-motion` turns it off in one rule.

use super::studio::Action;
use crate::i18n::{ui as t, Lang};
use crate::sim::grid::CellStatus;
use crate::sim::playback::stage::{
    KcmStrip, NodeTile, RangeStrip, Stage, StageNode, StagePhase, StagePod, STRIP_CELLS,
};
use crate::sim::playback::views::seconds;
use crate::sim::{Touched, VirtualTime};
use std::rc::Rc;
use yew::prelude::*;

/// The picture's width in SVG units when wide, and when one node is shown at a time (phones).
const WIDE: f64 = 1000.0;
const NARROW: f64 = 440.0;
/// Heights of the cidrset strip and of a node box.
const STRIP_H: f64 = 104.0;
const NODE_H: f64 = 404.0;
const GAP: f64 = 16.0;
const PAD: f64 = 8.0;
/// Owner colours (CSS classes `owner-N`), by a node's slot.
const OWNER_COLOURS: usize = 6;

/// Props of the stage.
#[derive(Properties, PartialEq)]
pub struct StageProps {
    /// The page's language.
    pub lang: Lang,
    /// The picture at the current time.
    pub stage: Rc<Stage>,
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
        let left = (width - 2.0 * PAD - GAP) * 0.42;
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
    let strip_cells = if *narrow { 12 } else { STRIP_CELLS as usize };
    let kcm_strip = stage.kcm.clone().map(Rc::new);
    let height = STRIP_H + GAP + NODE_H + PAD;
    let switcher = (*narrow && present.len() > 1).then(|| {
        html! {
            <div class="stage-switch" role="group" aria-label={t::STAGE_NODES.get(lang)}>
                { for present.iter().map(|node| {
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
                { kcm(&KcmProps { strip: kcm_strip.clone(), width, cells: strip_cells, touched_node: stage.touched.as_ref().and_then(|t| t.node.clone()), lang }) }
                if tiles && !*narrow {
                    { node_tiles(&TilesProps { tiles: &stage.tiles, hidden: stage.tiles_hidden, width: (width - 2.0 * PAD - GAP) * 0.42, dispatch: dispatch.clone(), lang }) }
                }
                { for boxes.iter().enumerate().map(|(i, (node, x, w))| match node {
                    Some(node) => html! {
                        { node_box(&NodeBoxProps { node, x: *x, w: *w,
                            token_from: token_from(kcm_strip.as_deref(), strip_cells, node, *x),
                            touched: stage.touched.clone().filter(|t| t.node.as_deref() == Some(&*node.name)),
                            dispatch: dispatch.clone(), lang }) }
                    },
                    None => html! {
                        <g key={format!("empty-{i}")}>{ rect("node-slot", *x, STRIP_H + GAP, *w, NODE_H, 10) }</g>
                    },
                }) }
            </svg>
            <figcaption class="stage-note">{ t::STAGE_SLOWED.get(lang) }</figcaption>
        </figure>
    }
}

/// Where the PATCH token of `node` (its box at `x`) starts: the cidrset cell allocated to it.
fn token_from(
    kcm: Option<&KcmStrip>,
    strip_cells: usize,
    node: &StageNode,
    x: f64,
) -> Option<(f64, f64)> {
    let y = STRIP_H + GAP;
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
        let cell_w = ((width - 48.0) / cells.len().max(1) as f64).min(40.0);
        Some((24.0 + index as f64 * cell_w - (x + 16.0), 46.0 - (y + 50.0)))
    })
}

/// A rectangle, in whole SVG units.
fn rect(class: &'static str, x: f64, y: f64, w: f64, h: f64, rx: u8) -> Html {
    html! { <rect class={class} x={px(x)} y={px(y)} width={px(w)} height={px(h)} rx={rx.to_string()} /> }
}

/// A line of text; `anchor` is `start`, `middle` or `end`.
fn text(class: &'static str, x: f64, y: f64, anchor: &'static str, content: String) -> Html {
    html! { <text class={class} x={px(x)} y={px(y)} text-anchor={anchor}>{ content }</text> }
}

/// A vertical cable from `y1` down to `y2`, its length 1 so CSS can draw and retract it.
fn cable(class: &'static str, x: f64, y1: f64, y2: f64) -> Html {
    html! { <line class={class} x1={px(x)} y1={px(y1)} x2={px(x)} y2={px(y2)} pathLength="1" /> }
}

fn owner(slot: usize) -> String {
    format!("owner-{}", slot % OWNER_COLOURS)
}

fn px(v: f64) -> String {
    // Whole units: formatting floats would bring float printing into the wasm.
    (v.round() as i64).to_string()
}

/// kube-controller-manager's cidrset as a strip of cells, its cursor under the next candidate.
/// What the cidrset strip draws.
struct KcmProps {
    strip: Option<Rc<KcmStrip>>,
    width: f64,
    cells: usize,
    /// The node the selected event touched.
    touched_node: Option<String>,
    lang: Lang,
}

fn kcm(props: &KcmProps) -> Html {
    let KcmProps {
        strip: kcm,
        width,
        cells,
        touched_node,
        lang,
    } = props;
    let (width, cells, lang) = (*width, *cells, *lang);
    let Some(kcm) = kcm else {
        return html! {
            <g class="kcm">
                { rect("panel", PAD, PAD, width - 2.0 * PAD, STRIP_H - PAD, 10) }
                { text("title", 24.0, 36.0, "start", "kube-controller-manager".to_string()) }
                { text("muted", 24.0, 62.0, "start", t::STAGE_NO_IPAM.get(lang).to_string()) }
            </g>
        };
    };
    let drawn = &kcm.cells[..kcm.cells.len().min(cells)];
    let cell_w = ((width - 48.0) / drawn.len().max(1) as f64).min(40.0);
    let touched_node = touched_node.as_deref();
    let summary = t::STAGE_CIDRSET.fill(
        lang,
        &[
            &kcm.cluster_cidr,
            &kcm.node_mask.to_string(),
            &kcm.used.to_string(),
            &kcm.max.to_string(),
            &kcm.next_candidate.to_string(),
        ],
    );
    let per_cell =
        (kcm.cell_len > 1).then(|| t::STAGE_PER_CELL.fill(lang, &[&kcm.cell_len.to_string()]));
    html! {
        <g class="kcm">
            { rect("panel", PAD, PAD, width - 2.0 * PAD, STRIP_H - PAD, 10) }
            { text("title", 24.0, 34.0, "start", "kube-controller-manager".to_string()) }
            <text class="muted small" x={px(width - 24.0)} y={if width > 600.0 { "34" } else { "52" }} text-anchor="end">
                { summary }{ for per_cell.map(|p| format!(" · {p}")) }
                if kcm.not_drawn > 0 && cells as u64 >= STRIP_CELLS {
                    { format!(" · {}", t::STAGE_NOT_DRAWN.fill(lang, &[&kcm.not_drawn.to_string()])) }
                }
            </text>
            { for drawn.iter().enumerate().map(|(i, cell)| {
                let x = 24.0 + i as f64 * cell_w;
                let y = if width > 600.0 { 46.0 } else { 60.0 };
                let owned = cell.owner.as_ref();
                let class = classes!(
                    "cidr-cell",
                    owned.map(|(_, slot)| owner(*slot)),
                    owned.is_some().then_some("held"),
                    (cell.used > 0 && owned.is_none()).then_some("used"),
                    cell.service.then_some("service"),
                    owned.is_some_and(|(o, _)| Some(o.as_str()) == touched_node).then_some("touched"),
                );
                let title = match owned {
                    Some((o, _)) => format!("{} · {} · {o}", cell.index, cell.block),
                    None if cell.service => format!("{} · {} · service", cell.index, cell.block),
                    None => format!("{} · {}", cell.index, cell.block),
                };
                html! {
                    <g key={cell.index.to_string()} class={class} data-testid="stage-cidr-cell" data-index={cell.index.to_string()} data-owner={owned.map(|(o, _)| o.clone())}>
                        <title>{ title }</title>
                        { rect("", x + 1.0, y, cell_w - 3.0, 26.0, 3) }
                        if cell.service {
                            <rect class="service-mark" x={px(x + 1.0)} y={px(y)} width={px(cell_w - 3.0)} height="26" rx="3" fill="url(#stage-hatch)" />
                        }
                        if cell_w >= 22.0 {
                            { text("cell-index", x + cell_w / 2.0 - 1.0, y + 17.0, "middle", cell.index.to_string()) }
                        }
                    </g>
                }
            }) }
            { for drawn.iter().position(|c| c.cursor).map(|i| {
                let x = 24.0 + i as f64 * cell_w + cell_w / 2.0 - 1.0;
                let y = if width > 600.0 { 76.0 } else { 90.0 };
                html! {
                    <g class="cursor" data-testid="stage-cursor" data-index={kcm.next_candidate.to_string()} style={format!("transform: translate({}px, {}px)", px(x), px(y))}>
                        <path d="M0,0 l-6,9 h12 z" />
                        <text x="10" y="10">{ "nextCandidate" }</text>
                    </g>
                }
            }) }

        </g>
    }
}

/// Every node as a tile (a big cluster): name, podCIDR, addresses held.
/// What the tiles draw.
struct TilesProps<'a> {
    tiles: &'a [NodeTile],
    hidden: usize,
    width: f64,
    dispatch: Callback<Action>,
    lang: Lang,
}

fn node_tiles(props: &TilesProps<'_>) -> Html {
    let TilesProps {
        tiles,
        hidden,
        width,
        dispatch,
        lang,
    } = props;
    let (hidden, width, lang) = (*hidden, *width, *lang);
    let top = STRIP_H + GAP;
    let n = tiles.len().max(1) as f64;
    // Columns so the tiles fill the area about evenly.
    let cols = ((n * width / NODE_H).sqrt().ceil()).max(1.0);
    let rows = (n / cols).ceil().max(1.0);
    let (tw, th) = (
        (width / cols).min(170.0),
        ((NODE_H - 20.0) / rows).min(64.0),
    );
    html! {
        <g class="tiles" role="list" aria-label={t::STAGE_NODES.get(lang)}>
            { for tiles.iter().enumerate().map(|(i, tile)| html! {
                { tile_view(&TileProps { tile, x: PAD + (i as f64 % cols) * tw,
                    y: top + (i as f64 / cols).floor() * th, tw, th, dispatch: dispatch.clone() }) }
            }) }
            if hidden > 0 {
                { text("muted small", PAD, top + NODE_H - 4.0, "start", t::MORE_NODES.fill(lang, &[&hidden.to_string()])) }
            }
        </g>
    }
}

/// What a node box draws.
struct NodeBoxProps<'a> {
    node: &'a StageNode,
    x: f64,
    w: f64,
    /// Where the PATCH token starts, relative to the podCIDR label: the cidrset cell allocated.
    token_from: Option<(f64, f64)>,
    /// What the selected event touched, when it is on this node.
    touched: Option<Touched>,
    dispatch: Callback<Action>,
    lang: Lang,
}

/// What a tile draws.
struct TileProps<'a> {
    tile: &'a NodeTile,
    x: f64,
    y: f64,
    tw: f64,
    th: f64,
    dispatch: Callback<Action>,
}

/// A node as a tile: its name, podCIDR and how full host-local's range is; picking it zooms in.
fn tile_view(props: &TileProps<'_>) -> Html {
    let TileProps {
        tile,
        x,
        y,
        tw,
        th,
        dispatch,
    } = props;
    let (x, y, tw, th) = (*x, *y, *tw, *th);
    let fill = if tile.usable > 0 {
        tile.held as f64 / tile.usable as f64
    } else {
        0.0
    };
    let pick = {
        let (dispatch, name) = (dispatch.clone(), tile.name.clone());
        move || dispatch.emit(Action::SelectNode(Some(name.clone())))
    };
    let on_click = {
        let pick = pick.clone();
        Callback::from(move |_: MouseEvent| pick())
    };
    let on_key = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" {
            pick()
        }
    });
    let label = format!(
        "{} {} · {}/{}",
        tile.name,
        tile.pod_cidrs.join(", "),
        tile.held,
        tile.usable
    );
    html! {
        <g key={tile.name.clone()} class={classes!("tile", owner(tile.slot), tile.pod_cidrs.is_empty().then_some("no-cidr"))} data-testid="stage-tile" data-node={tile.name.clone()} role="listitem button" tabindex="0" aria-label={label.clone()} onclick={on_click} onkeydown={on_key}>
            <title>{ label }</title>
            { rect("tile-box", x + 1.0, y + 1.0, tw - 3.0, th - 3.0, 3) }
            { rect("tile-fill", x + 1.0, y + th - 6.0, (tw - 3.0) * fill, 4.0, 0) }
            if tw >= 56.0 && th >= 26.0 {
                { text("tile-name", x + 5.0, y + 14.0, "start", clip(&tile.name, tw / 6.5)) }
            }
            if tw >= 100.0 && th >= 44.0 {
                { text("tile-name muted", x + 5.0, y + 30.0, "start", tile.pod_cidrs.first().cloned().unwrap_or_default()) }
            }
        </g>
    }
}

/// One node whole: header, host-local's strip, its files, its root namespace with the veth ends, and
/// its pods joined to them by cables.
fn node_box(props: &NodeBoxProps<'_>) -> Html {
    let NodeBoxProps {
        node,
        x,
        w,
        token_from,
        touched,
        dispatch,
        lang,
    } = props;
    let (x, w, lang) = (*x, *w, *lang);
    let y = STRIP_H + GAP;
    let touched = touched.as_ref();
    let touched_pod = touched.and_then(|t| t.pod.as_deref());
    let touched_file = touched.and_then(|t| t.ip_file.as_deref());
    let touched_veth = touched.and_then(|t| t.veth.as_deref());
    let select_node = {
        let (dispatch, name) = (dispatch.clone(), node.name.clone());
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::SelectNode(Some(name.clone()))))
    };
    let key_node = {
        let (dispatch, name) = (dispatch.clone(), node.name.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                dispatch.emit(Action::SelectNode(Some(name.clone())))
            }
        })
    };
    let ips = node.internal_ips.join(", ");
    html! {
        <g key={node.name.clone()} class={classes!("stage-node", owner(node.slot), touched.is_some().then_some("touched"), node.rebooting.then_some("rebooting"))} data-testid="stage-node" data-node={node.name.clone()} onclick={select_node}>
            { rect("node-box", x, y, w, NODE_H, 10) }
            // The node's name is its button: the pods inside the box are buttons of their own.
            <g class="node-head" tabindex="0" role="button" aria-label={t::NODE_LABEL.fill(lang, &[&node.name])} onkeydown={key_node}>
                { rect("head-hit", x + 8.0, y + 6.0, w - 16.0, 26.0, 4) }
                { text("title", x + 16.0, y + 24.0, "start", node.name.clone()) }
            </g>
            if node.rebooting {
                { text("reboot-badge small", x + w - 16.0, y + 24.0, "end", t::STAGE_REBOOTING.get(lang).to_string()) }
            }
            { text("muted small", x + 16.0, y + 42.0, "start", format!("InternalIP {ips}")) }
            if node.pod_cidrs.is_empty() {
                <text class={classes!("podcidr", node.failure.is_some().then_some("failure"))} x={px(x + 16.0)} y={px(y + 62.0)}>
                    { for node.failure.as_ref().map(|f| html! { <title>{ f }</title> }) }
                    { if node.failure.is_some() { "CIDRNotAvailable" } else { t::STAGE_NO_PODCIDR.get(lang) } }
                </text>
            } else {
                <g class="podcidr-group" key={node.pod_cidrs.join(",")}>
                    <text class="podcidr" x={px(x + 16.0)} y={px(y + 62.0)}>
                        <tspan class="label">{ "podCIDR " }</tspan>{ node.pod_cidrs.join(", ") }
                    </text>
                    { for token_from.map(|(dx, dy)| html! {
                        <g class="patch-token" style={format!("--from-x: {}px; --from-y: {}px", px(dx), px(dy))} aria-hidden="true">
                            { rect("", x + 16.0, y + 50.0, 52.0, 16.0, 8) }
                            { text("", x + 42.0, y + 62.0, "middle", "PATCH".to_string()) }
                        </g>
                    }) }
                </g>
            }
            if node.conflist {
                <text class="conflist small" x={px(x + 16.0)} y={px(y + 80.0)}>
                    <title>{ "/etc/cni/net.d/10-kindnet.conflist" }</title>{ "✓ 10-kindnet.conflist" }
                </text>
            } else {
                { text("muted small", x + 16.0, y + 80.0, "start", t::NO_CNI_CONFIG.get(lang).to_string()) }
            }
            { for node.range.as_ref().map(|range| range_strip(range, x + 16.0, y + 92.0, w - 32.0, touched_file, lang)) }
            { files(node, x + 16.0, y + 162.0, w - 32.0, touched_file) }
            { pods(node, x, y, w, touched_pod, touched_veth, dispatch, lang) }
        </g>
    }
}

/// host-local's range: the addresses around the cursor, the cursor after `last_reserved_ip`.
fn range_strip(
    range: &RangeStrip,
    x: f64,
    y: f64,
    w: f64,
    touched_file: Option<&str>,
    lang: Lang,
) -> Html {
    let n = range.cells.len().max(1) as f64;
    let cell_w = (w / n).min(30.0);
    let last = range
        .last_reserved_ip
        .as_ref()
        .map(|ip| format!(" · last_reserved_ip {ip}"))
        .unwrap_or_default();
    html! {
        <g class="range" aria-label={t::STAGE_RANGE.fill(lang, &[&range.subnet])}>
            { text("muted small", x, y + 8.0, "start", format!("host-local {}{last}", range.subnet)) }
            { for range.cells.iter().enumerate().map(|(i, cell)| {
                let cx = x + i as f64 * cell_w;
                let status = match cell.status {
                    CellStatus::Network | CellStatus::Broadcast => "edge",
                    CellStatus::Gateway => "gateway",
                    CellStatus::Reserved => "reserved",
                    CellStatus::Orphaned => "orphaned",
                    CellStatus::Freed => "freed",
                    CellStatus::Free => "free",
                };
                html! {
                    <g key={cell.ip.clone()} class={classes!("addr", status, (touched_file == Some(cell.ip.as_str())).then_some("touched"))} data-ip={cell.ip.clone()}>
                        <title>{ format!("{} · {status}", cell.ip) }</title>
                        { rect("", cx + 1.0, y + 16.0, cell_w - 3.0, 20.0, 3) }
                        if cell_w >= 22.0 {
                            { text("addr-label", cx + cell_w / 2.0 - 1.0, y + 48.0, "middle", cell.label.clone()) }
                        }
                    </g>
                }
            }) }
            { for range.cells.iter().position(|c| c.next).map(|i| {
                let cx = x + i as f64 * cell_w;
                html! {
                    <rect class="host-cursor" data-testid="stage-host-cursor" width={px(cell_w - 1.0)} height="24" rx="4" x="0" y="0"
                        style={format!("transform: translate({}px, {}px)", px(cx), px(y + 14.0))} />
                }
            }) }
        </g>
    }
}

/// host-local's directory: a chip per file.
fn files(node: &StageNode, x: f64, y: f64, w: f64, touched_file: Option<&str>) -> Html {
    // Chips flow left to right, as wide as their names, wrapping at the box's edge; two rows fit above
    // the node's namespace, and what does not fit is counted.
    const ROWS: f64 = 2.0;
    let (mut fx, mut fy) = (x, y + 8.0);
    let placed: Vec<(&String, f64, f64, f64)> = node
        .files
        .iter()
        .map(|file| {
            let chip_w = file.chars().count() as f64 * 6.7 + 12.0;
            if fx + chip_w > x + w && fx > x {
                fx = x;
                fy += 20.0;
            }
            let at = (file, fx, fy, chip_w);
            fx += chip_w + 6.0;
            at
        })
        .take_while(|(_, _, fy, _)| *fy < y + 8.0 + 20.0 * ROWS)
        .collect();
    let more = node.files_total.saturating_sub(placed.len());
    html! {
        <g class="files">
            { text("muted small", x, y, "start", format!("ls {}", node.dir)) }
            { for placed.into_iter().map(|(file, fx, fy, chip_w)| {
                html! {
                    <g key={file.clone()} class={classes!("file", (touched_file == Some(file.as_str())).then_some("touched"))} data-testid="stage-file" data-file={file.clone()}>
                        { rect("", fx, fy, chip_w, 16.0, 3) }
                        <text x={px(fx + 5.0)} y={px(fy + 12.0)}>{ file }</text>
                    </g>
                }
            }) }
            if more > 0 {
                { text("muted small", x + w, y, "end", format!("+{more}")) }
            }
        </g>
    }
}

/// The node's root namespace with a veth end per pod, the cables, and the pods' namespaces.
#[allow(clippy::too_many_arguments)]
fn pods(
    node: &StageNode,
    x: f64,
    y: f64,
    w: f64,
    touched_pod: Option<&str>,
    touched_veth: Option<&str>,
    dispatch: &Callback<Action>,
    lang: Lang,
) -> Html {
    let band_y = y + 224.0;
    let pod_y = y + 306.0;
    let inner = w - 32.0;
    let band = html! {
        <g class="root-netns">
            { rect("", x + 12.0, band_y, w - 24.0, 40.0, 6) }
            { text("muted small", x + 18.0, band_y - 4.0, "start", clip(t::STAGE_ROOT_NETNS.get(lang), (w - 30.0) / 6.0)) }
        </g>
    };
    if node.pods.is_empty() {
        return html! {
            <>
                { band }
                { text("muted", x + 16.0, pod_y + 30.0, "start", t::STAGE_NO_PODS.get(lang).to_string()) }
            </>
        };
    }
    let failure = node
        .pods
        .iter()
        .find_map(|p| p.failure.as_ref().map(|f| (p.name.clone(), f.clone())));
    let failure = failure.map(|(pod, failure)| {
        html! {
            <text class="failure small" x={px(x + 16.0)} y={px(y + NODE_H - 12.0)}>
                <title>{ format!("{pod}: FailedCreatePodSandBox {failure}") }</title>
                { clip(&format!("{pod}: FailedCreatePodSandBox — {failure}"), (w - 32.0) / 7.0) }
            </text>
        }
    });
    if node.pods_as_cells {
        let per_row = ((inner / 15.0).floor() as usize).max(1);
        return html! {
            <>
                { band }
                <text class="muted small" x={px(x + 18.0)} y={px(band_y + 24.0)}>
                    { t::STAGE_VETHS.fill(lang, &[&node.pods.iter().filter(|p| p.veth.is_some()).count().to_string()]) }
                </text>
                <g class="pod-cells">
                    { for node.pods.iter().enumerate().map(|(i, pod)| {
                        let cx = x + 16.0 + (i % per_row) as f64 * 15.0;
                        let cy = band_y + 52.0 + (i / per_row) as f64 * 15.0;
                        html! {
                            <g key={pod.name.clone()} class={classes!("pod-cell", pod.phase.as_str(), (touched_pod == Some(pod.name.as_str())).then_some("touched"))}
                                data-testid="stage-pod" data-pod={pod.name.clone()} data-phase={pod.phase.as_str()}>
                                <title>{ format!("{} {} {}", pod.name, pod.ips.join(", "), pod.phase.as_str()) }</title>
                                { rect("", cx, cy, 12.0, 12.0, 2) }
                                if pod.veth.is_some() {
                                    <g data-testid="stage-veth" data-pod={pod.name.clone()} />
                                }
                                { for countdown_hook(pod) }
                            </g>
                        }
                    }) }
                    { for failure }
                    if node.pods_hidden > 0 {
                        { text("muted small", x + w - 16.0, y + NODE_H - 10.0, "end", t::MORE_PODS.fill(lang, &[&node.pods_hidden.to_string()])) }
                    }
                </g>
            </>
        };
    }
    let slots = node.pods.len().max(3) as f64;
    let pw = (inner - (slots - 1.0) * 10.0) / slots;
    html! {
        <>
            { band }
            { for node.pods.iter().enumerate().map(|(i, pod)| {
                let px0 = x + 16.0 + i as f64 * (pw + 10.0);
                pod_shape(pod, px0, pw, band_y, pod_y, touched_pod == Some(pod.name.as_str()),
                    pod.veth.as_ref().is_some_and(|v| touched_veth == Some(v.name.as_str())), dispatch, lang)
            }) }
            { for failure }
        </>
    }
}

/// A text cut to the width of `chars` Latin characters with an ellipsis (the whole in its title). A
/// Chinese or Japanese character is as wide as two: counted as one, the Japanese label of the node's
/// namespace ran past its card.
fn clip(text: &str, chars: f64) -> String {
    let max = chars.max(8.0) as usize;
    let width = |c: char| if is_wide(c) { 2 } else { 1 };
    if text.chars().map(width).sum::<usize>() <= max {
        return text.to_string();
    }
    // One place is the ellipsis's.
    let mut room = max - 1;
    let cut: String = text
        .chars()
        .take_while(|&c| {
            let fits = width(c) <= room;
            room = room.saturating_sub(width(c));
            fits
        })
        .collect();
    format!("{cut}…")
}

/// East Asian wide characters: hangul, CJK and its punctuation, kana, and the full-width forms.
fn is_wide(c: char) -> bool {
    matches!(c, '\u{1100}'..='\u{115f}' | '\u{2e80}'..='\u{a4cf}' | '\u{ac00}'..='\u{d7a3}'
        | '\u{f900}'..='\u{faff}' | '\u{fe30}'..='\u{fe4f}' | '\u{ff00}'..='\u{ff60}' | '\u{ffe0}'..='\u{ffe6}')
}

fn countdown_hook(pod: &StagePod) -> Option<Html> {
    pod.countdown.map(|(left, _)| {
        html! { <text class="sr-only" data-testid="stage-countdown" data-pod={pod.name.clone()}>{ seconds(VirtualTime(left.as_millis())) }</text> }
    })
}

/// One pod: its namespace box, its veth pair as a cable to the node's end, its route as a tag.
#[allow(clippy::too_many_arguments)]
fn pod_shape(
    pod: &StagePod,
    x: f64,
    w: f64,
    band_y: f64,
    pod_y: f64,
    touched: bool,
    touched_veth: bool,
    dispatch: &Callback<Action>,
    lang: Lang,
) -> Html {
    let cx = x + w / 2.0;
    let select = {
        let (dispatch, name) = (dispatch.clone(), pod.name.clone());
        Callback::from(move |e: MouseEvent| {
            e.stop_propagation();
            dispatch.emit(Action::SelectPod(Some(name.clone())))
        })
    };
    let key = {
        let (dispatch, name) = (dispatch.clone(), pod.name.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.stop_propagation();
                dispatch.emit(Action::SelectPod(Some(name.clone())))
            }
        })
    };
    let phase = pod.phase.as_str();
    let status = match pod.phase {
        StagePhase::Pending => t::STAGE_PENDING.get(lang),
        StagePhase::Adding => t::STAGE_ADDING.get(lang),
        StagePhase::Running => "Running",
        StagePhase::Deleting if pod.object => "Terminating",
        StagePhase::Deleting => t::OBJECT_GONE.get(lang),
        StagePhase::Gone => t::STAGE_GONE.get(lang),
    };
    let label = format!("{} {} {}", pod.name, pod.ips.join(", "), status);
    html! {
        <g key={pod.name.clone()} class={classes!("stage-pod", phase, touched.then_some("touched"), (!pod.object).then_some("ghost"))}
            data-testid="stage-pod" data-pod={pod.name.clone()} data-phase={phase}
            tabindex="0" role="button" aria-label={label} onclick={select} onkeydown={key}>
            if let Some(veth) = &pod.veth {
                <g class={classes!("veth", touched_veth.then_some("touched"))} data-testid="stage-veth" data-pod={pod.name.clone()}>
                    <title>{ t::VETH_PAIR.fill(lang, &[&veth.ifindex.to_string(), &veth.name, &veth.peer_ifindex.to_string()]) }</title>
                    { rect("veth-end", x, band_y + 14.0, w, 20.0, 4) }
                    { text("mono small", cx, band_y + 28.0, "middle", clip(&veth.node_end, w / 6.4)) }
                    { cable("cable", cx, band_y + 34.0, pod_y) }
                    if let Some(route) = &pod.route {
                        <g class="route" data-testid="stage-route" data-pod={pod.name.clone()}>
                            <title>{ route }</title>
                            { rect("", cx - 44.0, band_y + 44.0, 88.0, 16.0, 8) }
                            { text("mono small", cx, band_y + 56.0, "middle", pod.route_prefix().unwrap_or_default()) }
                        </g>
                    }
                </g>
            }
            if pod.phase == StagePhase::Gone {
                { cable("cable retracting", cx, band_y + 34.0, pod_y) }
            }
            { rect("pod-box", x, pod_y, w, 76.0, 8) }
            { text("pod-name", x + 8.0, pod_y + 18.0, "start", pod.name.clone()) }
            // A narrow box sets the address smaller rather than cut it: it is what the box is for.
            if w < 96.0 {
                { text("mono ip tight", x + 6.0, pod_y + 36.0, "start", clip(&pod.ips.join(", "), (w - 8.0) / 6.0)) }
            } else {
                { text("mono ip", x + 8.0, pod_y + 36.0, "start", clip(&pod.ips.join(", "), (w - 12.0) / 7.6)) }
            }
            if let Some(veth) = &pod.veth {
                { text("mono small muted", x + 8.0, pod_y + 52.0, "start", veth.pod_end.clone()) }
            }
            if let Some((left, fraction)) = pod.countdown {
                <g class="countdown" data-testid="stage-countdown" data-pod={pod.name.clone()}>
                    <circle class="ring-track" cx={px(x + w - 16.0)} cy={px(pod_y + 16.0)} r="9" />
                    <circle class="ring" cx={px(x + w - 16.0)} cy={px(pod_y + 16.0)} r="9" pathLength="1"
                        style={format!("stroke-dashoffset: 0.{:03}", px((1.0 - fraction) * 999.0))}
                        transform={format!("rotate(-90 {} {})", px(x + w - 16.0), px(pod_y + 16.0))} />
                    { text("small countdown-text", x + 8.0, pod_y + 68.0, "start", format!("DEL {}", seconds(VirtualTime(left.as_millis())))) }
                </g>
            } else {
                { text("small phase", x + 8.0, pod_y + 68.0, "start", clip(status, (w - 12.0) / 6.2)) }
            }
        </g>
    }
}

#[cfg(test)]
mod tests {
    use super::clip;

    #[test]
    fn a_clipped_text_fits_its_width_in_latin_and_cjk_characters() {
        assert_eq!(
            clip("node network namespace", 30.0),
            "node network namespace"
        );
        assert_eq!(
            clip("node network namespace (host veth ends)", 12.0),
            "node networ…"
        );
        // 12 Latin widths: five CJK characters and the ellipsis.
        assert_eq!(clip("ノードのネットワーク名前空間", 12.0), "ノードのネ…");
        assert_eq!(clip("节点网络", 8.0), "节点网络");
    }
}
