//! kube-controller-manager's cidrsets, one strip of node-subnet cells per cluster CIDR, each cursor
//! under its next candidate.

use super::layout::{fit, font, StripPlace, CELLS_X, CELL_H, PAD, POOL_LINE, TITLE};
use super::svg::{owner, px, rect, text};
use crate::i18n::{ui as t, Lang};
use crate::playback::stage::{KcmStrip, StagePool, STRIP_CELLS};
use std::rc::Rc;
use yew::prelude::*;

/// The cursor's tip, below the cells' top.
const CURSOR_BELOW: f64 = 30.0;

/// The cidrset strips: what they draw.
pub(super) struct CidrsetStrip<'a> {
    /// The cidrsets, once the node IPAM controller runs.
    pub strips: &'a [Rc<KcmStrip>],
    /// Calico's IP pools, a line each at the panel's foot: kcm still splits the cluster CIDR.
    pub pools: &'a [StagePool],
    /// Where each goes.
    pub places: &'a [StripPlace],
    /// The picture's width, and the panel's bottom.
    pub width: f64,
    pub bottom: f64,
    /// The node the selected event touched.
    pub touched_node: Option<String>,
    pub lang: Lang,
}

impl CidrsetStrip<'_> {
    pub(super) fn view(&self) -> Html {
        let (width, lang) = (self.width, self.lang);
        // Left out to keep a step's focus on a node in a short room (`Layout::of`).
        if self.bottom <= 0.0 {
            return Html::default();
        }
        let panel = rect("panel", PAD, PAD, width - 2.0 * PAD, self.bottom - PAD, 10);
        if self.strips.is_empty() {
            return html! {
                <g class="kcm">
                    { panel }
                    { text("title", CELLS_X, PAD + 28.0, "start", TITLE.to_string()) }
                    { text("muted", CELLS_X, PAD + 54.0, "start", fit(t::STAGE_NO_IPAM.get(lang), width - 2.0 * CELLS_X, font::BASE)) }
                </g>
            };
        }
        html! {
            <g class="kcm">
                if self.places.iter().all(|p| p.title_y.is_none()) {
                    <title>{ TITLE }</title>
                }
                { panel }
                { for self.strips.iter().zip(self.places).map(|(kcm, place)| self.strip(kcm, place)) }
                { self.pools() }
            </g>
        }
    }

    /// Each IP pool at the panel's foot, under the strips.
    fn pools(&self) -> Html {
        let (width, lang, n) = (self.width, self.lang, self.pools.len());
        html! {
            { for self.pools.iter().enumerate().map(|(i, pool)| {
                let line = t::STAGE_POOL.fill(lang, &[&pool.name, &pool.cidr, &pool.block_size.to_string(), &pool.claimed.to_string(), &pool.blocks.to_string()]);
                let y = self.bottom - 8.0 - (n - 1 - i) as f64 * POOL_LINE;
                html! {
                    <text class="pool small" x={px(CELLS_X)} y={px(y)} data-testid="stage-pool" data-cidr={pool.cidr.clone()} data-block-size={pool.block_size.to_string()}>
                        <title>{ &line }</title>
                        { fit(&line, width - 2.0 * CELLS_X, font::SMALL) }
                    </text>
                }
            }) }
        }
    }

    fn strip(&self, kcm: &KcmStrip, place: &StripPlace) -> Html {
        let (width, lang) = (self.width, self.lang);
        let drawn = &kcm.cells[..kcm.cells.len().min(place.cells)];
        let cell_w = place.cell_w;
        let cells_y = place.cells_y;
        let touched_node = self.touched_node.as_deref();
        let mut summary = t::STAGE_CIDRSET.fill(
            lang,
            &[
                &kcm.cluster_cidr,
                &kcm.node_mask.to_string(),
                &kcm.used.to_string(),
                &kcm.max.to_string(),
                &kcm.next_candidate.to_string(),
            ],
        );
        if kcm.cell_len > 1 {
            summary += &format!(
                " · {}",
                t::STAGE_PER_CELL.fill(lang, &[&kcm.cell_len.to_string()])
            );
        }
        if kcm.not_drawn > 0 && place.cells as u64 >= STRIP_CELLS {
            summary += &format!(
                " · {}",
                t::STAGE_NOT_DRAWN.fill(lang, &[&kcm.not_drawn.to_string()])
            );
        }
        let shown = fit(&summary, place.summary_w, font::SMALL);
        let (summary_x, anchor) = if place.beside {
            (width - CELLS_X, "end")
        } else {
            (place.x, "start")
        };
        html! {
            <g class="cidrset" key={kcm.cluster_cidr.clone()} data-cluster-cidr={kcm.cluster_cidr.clone()}>
                if let Some(title_y) = place.title_y {
                    { text("title", CELLS_X, title_y, "start", TITLE.to_string()) }
                }
                <text class="muted small" x={px(summary_x)} y={px(place.summary_y)} text-anchor={anchor}>
                    if shown != summary {
                        <title>{ &summary }</title>
                    }
                    { shown }
                </text>
                { for drawn.iter().enumerate().map(|(i, cell)| {
                    let x = place.x + i as f64 * cell_w;
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
                    let labelled = place.label_every > 0 && i % place.label_every == 0;
                    html! {
                        <g key={cell.index.to_string()} class={class} data-testid="stage-cidr-cell" data-index={cell.index.to_string()} data-owner={owned.map(|(o, _)| o.clone())}>
                            <title>{ title }</title>
                            { rect("", x + 1.0, cells_y, cell_w - 3.0, CELL_H, 3) }
                            if cell.service {
                                <rect class="service-mark" x={px(x + 1.0)} y={px(cells_y)} width={px(cell_w - 3.0)} height={px(CELL_H)} rx="3" fill="url(#stage-hatch)" />
                            }
                            if labelled {
                                { text("cell-index", x + cell_w / 2.0 - 1.0, cells_y + 17.0, "middle", cell.index.to_string()) }
                            }
                        </g>
                    }
                }) }
                { for drawn.iter().position(|c| c.cursor).map(|i| {
                    let x = place.x + i as f64 * cell_w + cell_w / 2.0 - 1.0;
                    let y = cells_y + CURSOR_BELOW;
                    // The label goes left of the tip when right of it would leave the strip's room.
                    let (label_x, label_anchor) = if x + 10.0 + 90.0 > place.x + place.span + CELLS_X - PAD { ("-10", "end") } else { ("10", "start") };
                    html! {
                        <g class="cursor" data-testid="stage-cursor" data-index={kcm.next_candidate.to_string()} style={format!("transform: translate({}px, {}px)", px(x), px(y))}>
                            <path d="M0,0 l-6,9 h12 z" />
                            <text x={label_x} y="10" text-anchor={label_anchor}>{ "nextCandidate" }</text>
                        </g>
                    }
                }) }
            </g>
        }
    }
}
