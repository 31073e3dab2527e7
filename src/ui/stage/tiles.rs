//! A big cluster's nodes as tiles beside the node zoomed into: name, podCIDR, addresses held.

use super::layout::{fit, font, PAD};
use super::svg::{owner, rect, text};
use crate::i18n::{ui as t, Lang};
use crate::playback::stage::NodeTile;
use yew::prelude::*;

/// A tile's widest and tallest.
const TILE_MAX_W: f64 = 170.0;
const TILE_MAX_H: f64 = 64.0;
/// Room left under the tiles for the count of those not tiled.
const FOOT_H: f64 = 20.0;

/// The tiles of every node: what they draw.
pub(super) struct TileGrid<'a> {
    pub tiles: &'a [NodeTile],
    /// Nodes not tiled.
    pub hidden: usize,
    /// The width the tiles share, their area's top and height.
    pub width: f64,
    pub top: f64,
    pub height: f64,
    pub on_node: Callback<String>,
    pub lang: Lang,
}

impl TileGrid<'_> {
    pub(super) fn view(&self) -> Html {
        let (hidden, width, lang) = (self.hidden, self.width, self.lang);
        let (top, height) = (self.top, self.height);
        let n = self.tiles.len().max(1) as f64;
        // Columns so the tiles fill the area about evenly.
        let cols = ((n * width / height).sqrt().ceil()).max(1.0);
        let rows = (n / cols).ceil().max(1.0);
        let (tw, th) = (
            (width / cols).min(TILE_MAX_W),
            ((height - FOOT_H) / rows).min(TILE_MAX_H),
        );
        html! {
            <g class="tiles" role="list" aria-label={t::STAGE_NODES.get(lang)}>
                { for self.tiles.iter().enumerate().map(|(i, tile)| tile_view(tile,
                    PAD + (i as f64 % cols) * tw, top + (i as f64 / cols).floor() * th, (tw, th),
                    &self.on_node)) }
                if hidden > 0 {
                    { text("muted small", PAD, top + height - 4.0, "start", t::MORE_NODES.counted(t::MORE_NODES_ONE, lang, hidden)) }
                }
            </g>
        }
    }
}

/// A node as a tile `(tw, th)` at `(x, y)`: its name, podCIDR and how full host-local's range is;
/// picking it zooms in.
fn tile_view(
    tile: &NodeTile,
    x: f64,
    y: f64,
    (tw, th): (f64, f64),
    on_node: &Callback<String>,
) -> Html {
    let fill = if tile.usable > 0 {
        tile.held as f64 / tile.usable as f64
    } else {
        0.0
    };
    let pick = {
        let (on_node, name) = (on_node.clone(), tile.name.clone());
        move || on_node.emit(name.clone())
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
                { text("tile-name", x + 5.0, y + 14.0, "start", fit(&tile.name, tw - 10.0, font::SMALL)) }
            }
            if tw >= 140.0 && th >= 44.0 {
                { text("tile-name muted", x + 5.0, y + 30.0, "start", tile.pod_cidrs.first().cloned().unwrap_or_default()) }
            }
        </g>
    }
}
