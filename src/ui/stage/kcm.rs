//! kube-controller-manager's cidrset as a strip of node-subnet cells, its cursor under the next
//! candidate.

use super::layout::{PAD, STRIP_H};
use super::svg::{owner, px, rect, text};
use crate::i18n::{ui as t, Lang};
use crate::sim::playback::stage::{KcmStrip, STRIP_CELLS};
use std::rc::Rc;
use yew::prelude::*;

/// Where the first cell (and the title) starts, from the picture's left edge; as much is left right.
pub(super) const CELLS_X: f64 = 24.0;
/// The cells' top while the summary fits beside the title.
pub(super) const CELLS_Y: f64 = 46.0;
/// The cells' top when the summary takes a line of its own (a narrow picture).
const CELLS_Y_NARROW: f64 = 60.0;
/// Below this picture width the summary takes a line of its own.
const SUMMARY_BESIDE_TITLE_W: f64 = 600.0;
/// A cell's widest, and its height.
const CELL_MAX_W: f64 = 40.0;
const CELL_H: f64 = 26.0;
/// Baselines of the title (and of the summary beside it), of the summary on a line of its own, and,
/// without node IPAM, of the title and its note.
const TITLE_Y: f64 = 34.0;
const SUMMARY_Y_NARROW: f64 = 52.0;
const IDLE_TITLE_Y: f64 = 36.0;
const IDLE_NOTE_Y: f64 = 62.0;
/// The cursor's tip, below the cells' top.
const CURSOR_BELOW: f64 = 30.0;

/// The width of each of `cells` cells in a picture `width` wide.
pub(super) fn cell_width(width: f64, cells: usize) -> f64 {
    ((width - 2.0 * CELLS_X) / cells.max(1) as f64).min(CELL_MAX_W)
}

/// The cidrset strip: what it draws.
pub(super) struct CidrsetStrip {
    /// The cidrset, once the node IPAM controller runs.
    pub strip: Option<Rc<KcmStrip>>,
    /// The picture's width.
    pub width: f64,
    /// How many cells are drawn.
    pub cells: usize,
    /// The node the selected event touched.
    pub touched_node: Option<String>,
    pub lang: Lang,
}

impl CidrsetStrip {
    pub(super) fn view(&self) -> Html {
        let (width, cells, lang) = (self.width, self.cells, self.lang);
        let Some(kcm) = &self.strip else {
            return html! {
                <g class="kcm">
                    { rect("panel", PAD, PAD, width - 2.0 * PAD, STRIP_H - PAD, 10) }
                    { text("title", CELLS_X, IDLE_TITLE_Y, "start", "kube-controller-manager".to_string()) }
                    { text("muted", CELLS_X, IDLE_NOTE_Y, "start", t::STAGE_NO_IPAM.get(lang).to_string()) }
                </g>
            };
        };
        let drawn = &kcm.cells[..kcm.cells.len().min(cells)];
        let cell_w = cell_width(width, drawn.len());
        let beside = width > SUMMARY_BESIDE_TITLE_W;
        let cells_y = if beside { CELLS_Y } else { CELLS_Y_NARROW };
        let summary_y = if beside { TITLE_Y } else { SUMMARY_Y_NARROW };
        let touched_node = self.touched_node.as_deref();
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
                { text("title", CELLS_X, TITLE_Y, "start", "kube-controller-manager".to_string()) }
                <text class="muted small" x={px(width - CELLS_X)} y={px(summary_y)} text-anchor="end">
                    { summary }{ for per_cell.map(|p| format!(" · {p}")) }
                    if kcm.not_drawn > 0 && cells as u64 >= STRIP_CELLS {
                        { format!(" · {}", t::STAGE_NOT_DRAWN.fill(lang, &[&kcm.not_drawn.to_string()])) }
                    }
                </text>
                { for drawn.iter().enumerate().map(|(i, cell)| {
                    let x = CELLS_X + i as f64 * cell_w;
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
                        None if cell.service => format!("{} · {}{}", cell.index, cell.block, t::MAP_CELL_SERVICE.get(lang)),
                        None => format!("{} · {}", cell.index, cell.block),
                    };
                    html! {
                        <g key={cell.index.to_string()} class={class} data-testid="stage-cidr-cell" data-index={cell.index.to_string()} data-owner={owned.map(|(o, _)| o.clone())}>
                            <title>{ title }</title>
                            { rect("", x + 1.0, cells_y, cell_w - 3.0, CELL_H, 3) }
                            if cell.service {
                                <rect class="service-mark" x={px(x + 1.0)} y={px(cells_y)} width={px(cell_w - 3.0)} height={px(CELL_H)} rx="3" fill="url(#stage-hatch)" />
                            }
                            if cell_w >= 22.0 {
                                { text("cell-index", x + cell_w / 2.0 - 1.0, cells_y + 17.0, "middle", cell.index.to_string()) }
                            }
                        </g>
                    }
                }) }
                { for drawn.iter().position(|c| c.cursor).map(|i| {
                    let x = CELLS_X + i as f64 * cell_w + cell_w / 2.0 - 1.0;
                    let y = cells_y + CURSOR_BELOW;
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
}
