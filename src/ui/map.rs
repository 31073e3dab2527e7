//! The address map of the cluster CIDR: node subnets coloured by the node holding them, free ones,
//! service-range overlap and the round-robin cursor; aggregated and zoomable for big clusters.

use super::studio::Studio;
use crate::ipam::address_map::{address_map, zoom_out};
use crate::ipam::goip::{net_string, parse_cidr_sloppy};
use ipnet::IpNet;
use yew::prelude::*;

/// Props: the studio.
#[derive(Properties, PartialEq)]
pub struct MapProps {
    /// The studio.
    pub studio: UseReducerHandle<Studio>,
}

/// One grid per cluster CIDR.
#[function_component(AddressMapView)]
pub fn address_map_view(props: &MapProps) -> Html {
    let studio = &props.studio;
    // The zoom window per cluster CIDR; `None` shows the whole range.
    let windows = use_state(Vec::<Option<IpNet>>::new);
    let owners: Vec<(IpNet, String)> = studio
        .state
        .nodes
        .iter()
        .flat_map(|n| {
            n.pod_cidrs.iter().filter_map(|c| {
                parse_cidr_sloppy(c)
                    .ok()
                    .map(|(_, net)| (net, n.name.clone()))
            })
        })
        .collect();
    let services: Vec<IpNet> = studio
        .state
        .cluster
        .iter()
        .flat_map(|c| c.service_cidrs.iter())
        .filter_map(|c| parse_cidr_sloppy(c).ok().map(|(_, net)| net))
        .collect();
    let node_index = |name: &str| {
        studio
            .state
            .nodes
            .iter()
            .position(|n| n.name == name)
            .unwrap_or(0)
    };
    let sim = studio.sim();
    let sets = sim.cidr_sets();
    html! {
        <section class="card map" aria-labelledby="map-title">
            <h2 id="map-title">{ "Address map of --cluster-cidr" }</h2>
            if sets.is_empty() {
                <p class="empty">{ "kube-controller-manager's node IPAM controller has not started yet." }</p>
            }
            { for sets.iter().enumerate().map(|(i, set)| {
                let window = windows.get(i).copied().flatten().unwrap_or_else(|| set.cluster_cidr());
                let Some(map) = address_map(set, window, &owners, &services) else { return html! {} };
                let zoom = |target: Option<IpNet>| {
                    let windows = windows.clone();
                    Callback::from(move |_: MouseEvent| {
                        let mut next = (*windows).clone();
                        next.resize(next.len().max(i + 1), None);
                        next[i] = target;
                        windows.set(next);
                    })
                };
                let zoomed = map.window != set.cluster_cidr();
                let cells = map.cells.iter().map(|cell| {
                    let owner = cell.owners.first().map(|o| node_index(o) % 8);
                    let class = classes!(
                        "map-cell",
                        if cell.used == 0 { "free" } else if cell.used == cell.len { "full" } else { "partial" },
                        owner.map(|o| format!("owner-{o}")),
                        (cell.service > 0).then_some("service"),
                        cell.next_candidate.then_some("cursor"),
                    );
                    let label = format!(
                        "{} — {} of {} subnets used{}{}{}",
                        net_string(&cell.block), cell.used, cell.len,
                        if cell.owners.is_empty() { String::new() } else { format!(" by {}", cell.owners.join(", ")) },
                        if cell.service > 0 { ", overlaps the service range" } else { "" },
                        if cell.next_candidate { ", next candidate of AllocateNext" } else { "" },
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
                            { format!(" — each cell {} /{} subnet{} · {} of {} used · next candidate: index {}",
                                map.cell_len, set.node_mask_size(), if map.cell_len == 1 { "" } else { "s" },
                                set.allocated_cidrs(), set.max_cidrs(), set.next_candidate()) }
                            if zoomed {
                                <button class="zoom-out" onclick={zoom(Some(zoom_out(set, map.window)).filter(|w| *w != set.cluster_cidr()))}>{ "zoom out" }</button>
                            }
                        </p>
                        <div class="map-grid">{ for cells }</div>
                    </div>
                }
            }) }
            <p class="legend">
                <span class="key free">{ "free" }</span>
                <span class="key full">{ "held by a node (colour per node)" }</span>
                <span class="key service">{ "overlaps --service-cluster-ip-range" }</span>
                <span class="key cursor">{ "next candidate (round-robin cursor)" }</span>
            </p>
        </section>
    }
}
