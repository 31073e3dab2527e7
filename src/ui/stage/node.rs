//! One node whole: header, host-local's strip, its files, its root namespace with the veth ends, and
//! its pods joined to them by cables (`pod.rs`).

use super::layout::{NODES_Y, NODE_H};
use super::svg::{owner, px, rect, text};
use crate::i18n::{ui as t, Lang};
use crate::sim::grid::CellStatus;
use crate::sim::playback::stage::{RangeStrip, StageNode};
use crate::sim::Touched;
use crate::ui::studio::Action;
use yew::prelude::*;

/// The contents' inset from the box's sides.
pub(super) const INSET: f64 = 16.0;
/// Baselines, from the box's top, of the name, the InternalIP, the podCIDR and the conflist.
const NAME_Y: f64 = 24.0;
const IP_Y: f64 = 42.0;
const PODCIDR_Y: f64 = 62.0;
const CONFLIST_Y: f64 = 80.0;
/// Tops, from the box's top, of host-local's strip and of its files.
const RANGE_Y: f64 = 92.0;
const FILES_Y: f64 = 162.0;
/// The PATCH token (the podCIDR flying in from the cidrset): its top from the box's top, its size.
pub(super) const TOKEN_Y: f64 = 50.0;
const TOKEN_W: f64 = 52.0;
const TOKEN_H: f64 = 16.0;
/// A file chip's height, the gap between chips, its width per character of the name and beside it.
const CHIP_H: f64 = 16.0;
const CHIP_GAP: f64 = 6.0;
const CHIP_CHAR_W: f64 = 6.7;
const CHIP_PADDING: f64 = 12.0;
/// A row of file chips; two fit above the node's namespace, and what does not fit is counted.
const CHIP_ROW_H: f64 = 20.0;
const CHIP_ROWS: f64 = 2.0;
/// host-local's strip: a cell's widest, its top and height below the strip's label.
const ADDR_MAX_W: f64 = 30.0;
const ADDR_Y: f64 = 16.0;
const ADDR_H: f64 = 20.0;

/// A node box: what it draws.
pub(super) struct NodeBox<'a> {
    pub node: &'a StageNode,
    /// Its left edge and width.
    pub x: f64,
    pub w: f64,
    /// Where the PATCH token starts, relative to the token's place: the cidrset cell allocated.
    pub token_from: Option<(f64, f64)>,
    /// What the selected event touched, when it is on this node.
    pub touched: Option<Touched>,
    pub dispatch: Callback<Action>,
    pub lang: Lang,
}

impl NodeBox<'_> {
    pub(super) fn view(&self) -> Html {
        let NodeBox {
            node,
            x,
            w,
            token_from,
            dispatch,
            lang,
            ..
        } = self;
        let (x, w, lang) = (*x, *w, *lang);
        let y = NODES_Y;
        let touched = self.touched.as_ref();
        let touched_file = touched.and_then(|t| t.ip_file.as_deref());
        let select_node = {
            let (dispatch, name) = (dispatch.clone(), node.name.clone());
            Callback::from(move |_: MouseEvent| {
                dispatch.emit(Action::SelectNode(Some(name.clone())))
            })
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
                    { text("title", x + INSET, y + NAME_Y, "start", node.name.clone()) }
                </g>
                if node.rebooting {
                    { text("reboot-badge small", x + w - INSET, y + NAME_Y, "end", t::STAGE_REBOOTING.get(lang).to_string()) }
                }
                { text("muted small", x + INSET, y + IP_Y, "start", format!("InternalIP {ips}")) }
                if node.pod_cidrs.is_empty() {
                    <text class={classes!("podcidr", node.failure.is_some().then_some("failure"))} x={px(x + INSET)} y={px(y + PODCIDR_Y)}>
                        { for node.failure.as_ref().map(|f| html! { <title>{ f }</title> }) }
                        { if node.failure.is_some() { "CIDRNotAvailable" } else { t::STAGE_NO_PODCIDR.get(lang) } }
                    </text>
                } else {
                    <g class="podcidr-group" key={node.pod_cidrs.join(",")}>
                        <text class="podcidr" x={px(x + INSET)} y={px(y + PODCIDR_Y)}>
                            <tspan class="label">{ "podCIDR " }</tspan>{ node.pod_cidrs.join(", ") }
                        </text>
                        { for token_from.map(|(dx, dy)| html! {
                            <g class="patch-token" style={format!("--from-x: {}px; --from-y: {}px", px(dx), px(dy))} aria-hidden="true">
                                { rect("", x + INSET, y + TOKEN_Y, TOKEN_W, TOKEN_H, 8) }
                                { text("", x + INSET + TOKEN_W / 2.0, y + PODCIDR_Y, "middle", "PATCH".to_string()) }
                            </g>
                        }) }
                    </g>
                }
                if node.conflist {
                    <text class="conflist small" x={px(x + INSET)} y={px(y + CONFLIST_Y)}>
                        <title>{ "/etc/cni/net.d/10-kindnet.conflist" }</title>{ "✓ 10-kindnet.conflist" }
                    </text>
                } else {
                    { text("muted small", x + INSET, y + CONFLIST_Y, "start", t::NO_CNI_CONFIG.get(lang).to_string()) }
                }
                { for node.range.as_ref().map(|range| range_strip(range, x + INSET, y + RANGE_Y, w - 2.0 * INSET, touched_file, lang)) }
                { files(node, x + INSET, y + FILES_Y, w - 2.0 * INSET, touched_file) }
                { self.pods() }
            </g>
        }
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
    let cell_w = (w / n).min(ADDR_MAX_W);
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
                        <title>{ format!("{} · {}", cell.ip, t::cell_status(cell.status).get(lang)) }</title>
                        { rect("", cx + 1.0, y + ADDR_Y, cell_w - 3.0, ADDR_H, 3) }
                        if cell_w >= 22.0 {
                            { text("addr-label", cx + cell_w / 2.0 - 1.0, y + ADDR_Y + ADDR_H + 12.0, "middle", cell.label.clone()) }
                        }
                    </g>
                }
            }) }
            { for range.cells.iter().position(|c| c.next).map(|i| {
                let cx = x + i as f64 * cell_w;
                html! {
                    <rect class="host-cursor" data-testid="stage-host-cursor" width={px(cell_w - 1.0)} height="24" rx="4" x="0" y="0"
                        style={format!("transform: translate({}px, {}px)", px(cx), px(y + ADDR_Y - 2.0))} />
                }
            }) }
        </g>
    }
}

/// host-local's directory: a chip per file.
fn files(node: &StageNode, x: f64, y: f64, w: f64, touched_file: Option<&str>) -> Html {
    // Chips flow left to right, as wide as their names, wrapping at the box's edge.
    let first_row = y + 8.0;
    let (mut fx, mut fy) = (x, first_row);
    let placed: Vec<(&String, f64, f64, f64)> = node
        .files
        .iter()
        .map(|file| {
            let chip_w = file.chars().count() as f64 * CHIP_CHAR_W + CHIP_PADDING;
            if fx + chip_w > x + w && fx > x {
                fx = x;
                fy += CHIP_ROW_H;
            }
            let at = (file, fx, fy, chip_w);
            fx += chip_w + CHIP_GAP;
            at
        })
        .take_while(|(_, _, fy, _)| *fy < first_row + CHIP_ROW_H * CHIP_ROWS)
        .collect();
    let more = node.files_total.saturating_sub(placed.len());
    html! {
        <g class="files">
            { text("muted small", x, y, "start", format!("ls {}", node.dir)) }
            { for placed.into_iter().map(|(file, fx, fy, chip_w)| {
                html! {
                    <g key={file.clone()} class={classes!("file", (touched_file == Some(file.as_str())).then_some("touched"))} data-testid="stage-file" data-file={file.clone()}>
                        { rect("", fx, fy, chip_w, CHIP_H, 3) }
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
