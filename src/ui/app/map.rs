//! The address map of the cluster CIDR: node subnets coloured by the node holding them, free ones,
//! service-range overlap and the round-robin cursor; aggregated and zoomable for big clusters.

use super::state::Action;
use super::view::MapFamily as MapFamilyShown;
use crate::i18n::{ui as t, Lang};
use crate::ipam::address_map::AddressMap;
use crate::ipam::goip::net_string;
use crate::ui::shared::Shared;
use ipnet::IpNet;
use yew::prelude::*;

/// Props of the address map.
#[derive(Properties, PartialEq)]
pub struct MapProps {
    /// The page's language.
    pub lang: Lang,
    /// Each cluster CIDR's map over its zoom window.
    pub map: Shared<Vec<MapFamilyShown>>,
    /// The node the selected log entry concerns: its subnet is marked.
    pub touched: Option<String>,
    /// Sends actions (the zoom).
    pub dispatch: Callback<Action>,
}

/// One grid per cluster CIDR.
#[function_component(AddressMapView)]
pub fn address_map_view(props: &MapProps) -> Html {
    let MapProps {
        lang,
        map,
        touched,
        dispatch,
    } = props;
    let lang = *lang;
    let on_zoom = {
        let dispatch = dispatch.clone();
        use_callback((), move |(family, target): (usize, Option<IpNet>), _| {
            dispatch.emit(Action::Zoom(family, target))
        })
    };
    html! {
        <section class="card map" aria-labelledby="map-title">
            <h2 id="map-title">{ t::MAP_TITLE.get(lang) }</h2>
            if map.is_empty() {
                <p class="empty">{ t::MAP_NOT_STARTED.get(lang) }</p>
            }
            { for map.iter().enumerate().map(|(family, shown)| {
                let caption = t::MAP_CAPTION.fill(lang, &[
                    &shown.map.cell_len.to_string(), &shown.node_mask.to_string(),
                    &shown.allocated.to_string(), &shown.max.to_string(), &shown.next_candidate.to_string()]);
                html! {
                    <MapFamily {lang} {family} zoomed={shown.zoomed} map={shown.map.clone()} colours={shown.colours.clone()} {caption} zoom_out={shown.zoom_out} touched={touched.clone()} on_zoom={on_zoom.clone()} />
                }
            }) }
            <p class="legend">
                <span class="key free">{ t::LEGEND_FREE.get(lang) }</span>
                <span class="key full">{ t::LEGEND_HELD.get(lang) }</span>
                <span class="key partial">{ t::LEGEND_PARTIAL.get(lang) }</span>
                <span class="key service">{ t::LEGEND_SERVICE.get(lang) }</span>
                <span class="key cursor">{ t::LEGEND_CURSOR.get(lang) }</span>
            </p>
        </section>
    }
}

/// Props of one cluster CIDR's grid: all it draws, by value, so an unchanged map is not drawn again.
#[derive(Properties, PartialEq)]
pub struct MapFamilyProps {
    /// The page's language.
    pub lang: Lang,
    /// Which cluster CIDR (flag order).
    pub family: usize,
    /// The window's cells.
    pub map: AddressMap,
    /// The colour (node index modulo the palette) of each cell's first owner.
    pub colours: Vec<Option<usize>>,
    /// The figures after the window's prefix.
    pub caption: String,
    /// Whether the window is a block inside the cluster CIDR.
    pub zoomed: bool,
    /// The window one level out (`None`: the whole cluster CIDR).
    pub zoom_out: Option<IpNet>,
    /// The node the selected log entry concerns, whose subnet is marked.
    pub touched: Option<String>,
    /// Sets the window of a family.
    pub on_zoom: Callback<(usize, Option<IpNet>)>,
}

/// One cluster CIDR's map: a grid of blocks, each zoomable until it is a single node subnet.
#[function_component(MapFamily)]
fn map_family(props: &MapFamilyProps) -> Html {
    let MapFamilyProps {
        family,
        map,
        colours,
        caption,
        zoomed,
        zoom_out,
        touched,
        on_zoom,
        lang,
    } = props;
    let lang = *lang;
    let zoom = |target: Option<IpNet>| {
        let (on_zoom, family) = (on_zoom.clone(), *family);
        Callback::from(move |_: MouseEvent| on_zoom.emit((family, target)))
    };
    let cells = map.cells.iter().zip(colours).map(|(cell, owner)| {
        let class = classes!(
            "map-cell",
            if cell.used == 0 { "free" } else if cell.used == cell.len { "full" } else { "partial" },
            owner.map(|o| format!("owner-{o}")),
            (cell.service > 0).then_some("service"),
            cell.next_candidate.then_some("cursor"),
            touched.as_ref().filter(|node| cell.owners.contains(node)).map(|_| "touched"),
        );
        let label = format!(
            "{}{}{}{}",
            t::MAP_CELL.fill(lang, &[&net_string(&cell.block), &cell.used.to_string(), &cell.len.to_string()]),
            if cell.owners.is_empty() { String::new() } else { t::MAP_CELL_BY.fill(lang, &[&cell.owners.join(", ")]) },
            if cell.service > 0 { t::MAP_CELL_SERVICE.get(lang) } else { "" },
            if cell.next_candidate { t::MAP_CELL_CURSOR.get(lang) } else { "" },
        );
        let onclick = (cell.len > 1).then(|| zoom(Some(cell.block)));
        html! {
            <button class={class} title={label.clone()} aria-label={label} onclick={onclick} disabled={cell.len == 1}>
                if cell.len == 1 {
                    <span class="map-owner">{ cell.owners.first().cloned().unwrap_or_default() }</span>
                }
            </button>
        }
    });
    html! {
        <div class="map-family">
            <p class="map-caption">
                <code>{ net_string(&map.window) }</code>
                { caption }
                if *zoomed {
                    <button class="zoom-out" onclick={zoom(*zoom_out)}>{ t::ZOOM_OUT.get(lang) }</button>
                }
            </p>
            <div class="map-grid">{ for cells }</div>
        </div>
    }
}
