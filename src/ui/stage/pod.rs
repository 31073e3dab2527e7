//! A node's pods: its root namespace with a veth end per pod, the cables, and each pod's namespace as
//! a box; many pods as cells.

use super::layout::{
    failure_line, fit, fit_bold, fit_first, fit_link, fit_mono, font, mono_width, text_width,
    CELL_PITCH, GRID_GAP, INSET, POD_GAP, POD_LINE, POD_NAME_Y, VETH_END_H,
};
use super::node::NodeBox;
use super::svg::{cable, px, rect, text};
use crate::i18n::ui as t;
use crate::i18n::Lang;
use crate::playback::stage::{StageBridge, StagePhase, StagePod};
use crate::playback::views::{seconds, VethPair};
use crate::sim::VirtualTime;
use crate::tours::Shows;
use yew::prelude::*;

/// A pod cell's size.
const CELL_SIZE: f64 = 12.0;
/// The countdown ring's radius, and its centre's inset from the pod box's top right corner.
const RING_R: u8 = 9;
const RING_INSET: f64 = 16.0;

impl NodeBox<'_> {
    /// The node's root namespace with a veth end per pod, the cables, and the pods' namespaces.
    pub(super) fn pods(&self) -> Html {
        let NodeBox {
            node,
            x,
            y,
            w,
            rows,
            ..
        } = self;
        let (x, y, w, lang) = (*x, *y, *w, self.lang);
        let touched_pod = self.touched.as_ref().and_then(|t| t.pod.as_deref());
        let band_y = y + rows.band_y;
        let inner = w - 2.0 * INSET;
        // A flannel node's bridge: its name and gateway at the end of the band's label line.
        let bridge = self.bridge();
        let bridge_label = bridge.map(|b| format!("{} {}", b.name, b.gateways.join(" ")));
        // ptp's: the gateway address every host veth carries, said once.
        let veth_addresses = match bridge {
            Some(_) => None,
            None => node
                .pods
                .iter()
                .find(|p| !p.host_addresses.is_empty())
                .map(|p| p.host_addresses.clone()),
        };
        let veth_label = veth_addresses
            .as_ref()
            .map(|a| format!("veth {}", a.join(" ")));
        let veth_title: String = node
            .pods
            .iter()
            .filter_map(|p| {
                Some(format!(
                    "{}: inet {}",
                    p.veth.as_ref()?.name,
                    p.host_addresses.first()?
                ))
            })
            .collect::<Vec<_>>()
            .join("\n");
        let bridge_label_w = bridge_label
            .as_ref()
            .or(veth_label.as_ref())
            .as_ref()
            .map_or(0.0, |l| mono_width(l, font::SMALL) + 10.0);
        let label = t::STAGE_ROOT_NETNS.get(lang);
        let short = t::STAGE_ROOT_NETNS_SHORT.get(lang);
        let least = t::STAGE_ROOT_NETNS_LEAST.get(lang);
        let label_room = w - 30.0 - bridge_label_w;
        // Where not even the shortest form fits beside the veth's address, the label goes (its
        // title stays).
        let label_shown = match text_width(least, font::SMALL) <= label_room {
            true => fit_first(&[label, short, least], label_room, font::SMALL),
            false => String::new(),
        };
        let band = html! {
            <>
            <g class="root-netns">
                if !rows.band_label || label_shown != label {
                    <title>{ label }</title>
                }
                { rect("", x + 12.0, band_y, w - 24.0, rows.band.h, 6) }
                if rows.band_label {
                    { text("muted small", x + 18.0, band_y - 4.0, "start", label_shown) }
                }
            </g>
            if let (Some(line), Some(addresses), true) = (veth_label.clone(), veth_addresses.as_ref(), rows.band_label) {
                <g class="veth-address" data-testid="stage-veth-address"
                    data-shows={Shows::list(addresses.iter().map(|a| Shows::VethAddress(a)))}>
                    <title>{ veth_title.clone() }</title>
                    { text("mono small", x + w - 18.0, band_y - 4.0, "end", line) }
                </g>
            }
            { for bridge.map(|bridge| {
                let bar_y = band_y + rows.band.veth_y - 3.0;
                let tooltip = match bridge.carrier {
                    true => t::STAGE_BRIDGE.for_count(t::STAGE_BRIDGE_ONE, bridge.ports.len()).fill(lang, &[&bridge.name, &bridge.gateways.join(", "), &bridge.ports.len().to_string(), &bridge.mtu.to_string()]),
                    false => format!("{} · {}", t::STAGE_BRIDGE.fill(lang, &[&bridge.name, &bridge.gateways.join(", "), "0", &bridge.mtu.to_string()]), t::STAGE_BRIDGE_DOWN.get(lang)),
                };
                html! {
                    <g class={classes!("bridge", (!bridge.carrier).then_some("down"))} data-testid="stage-bridge" data-bridge={bridge.name.clone()}
                        data-gateway={bridge.gateways.join(",")} data-carrier={bridge.carrier.to_string()}>
                        <title>{ tooltip }</title>
                        { rect("bridge-bar", x + 16.0, bar_y, w - 32.0, VETH_END_H + 6.0, 4) }
                        <g data-shows={Shows::list(std::iter::once(Shows::Bridge(&bridge.name)).chain(bridge.gateways.iter().map(|g| Shows::Gateway(g))))}>
                            if rows.band_label {
                                { text("mono small bridge-label", x + w - 18.0, band_y - 4.0, "end", bridge_label.clone().unwrap_or_default()) }
                            } else {
                                { text("mono small bridge-label", x + w - INSET, band_y + rows.band.route_y + 12.0, "end", bridge_label.clone().unwrap_or_default()) }
                            }
                        </g>
                    </g>
                }
            }) }
            </>
        };
        if node.pods.is_empty() {
            return html! {
                <>
                    { band }
                    { self.node_routes() }
                    { text("muted", x + INSET, y + rows.foot_y, "start", fit(t::STAGE_NO_PODS.get(lang), inner, font::BASE)) }
                </>
            };
        }
        // Where the band counts the veth pairs it has no room to draw: on a flannel node's bar.
        let count_y = match rows.bridged {
            true => band_y + rows.band.veth_y + 14.0,
            false => band_y + 24.0,
        };
        let failure = node
            .pods
            .iter()
            .find_map(|p| p.failure.as_ref().map(|f| (p.name.clone(), f.clone())));
        let failure = failure.map(|(pod, failure)| {
            html! {
                <text class="failure small" x={px(x + INSET)} y={px(y + rows.foot_y)} data-shows={Shows::Pod(&pod).to_string()}>
                    <title>{ format!("{pod}: {failure}") }</title>
                    { failure_line(&pod, &failure, inner) }
                </text>
            }
        });
        if let Some(per_row) = rows.pods_as_cells {
            // The pods the step names, by name and address, as many as the line holds whole.
            let mut at = x + INSET;
            let mut named = Vec::new();
            let failing = node
                .pods
                .iter()
                .find(|p| p.failure.is_some())
                .map(|p| p.name.as_str());
            for pod in self
                .named
                .iter()
                .filter_map(|name| node.pods.iter().find(|p| p.name == *name))
            {
                if Some(pod.name.as_str()) == failing {
                    continue;
                }
                let label = std::iter::once(pod.name.as_str())
                    .chain(pod.ips.iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join(" ");
                let width = mono_width(&label, font::SMALL);
                if at + width > x + w - INSET {
                    break;
                }
                named.push((at, label, pod));
                at += width + 14.0;
            }
            let named = rows.named_y.map(|named_y| html! {
                <g class="named-pods">
                    { for named.into_iter().map(|(at, label, pod)| html! {
                        <text class="mono small" x={px(at)} y={px(y + named_y)}
                            data-shows={Shows::list(std::iter::once(Shows::Pod(&pod.name)).chain(pod.ips.iter().map(|ip| Shows::Address(ip))))}>
                            { label }
                        </text>
                    }) }
                </g>
            });
            return html! {
                <>
                    { band }
                    { self.node_routes() }
                    { self.veth_count(count_y) }
                    <g class="pod-cells">
                        { for node.pods.iter().enumerate().map(|(i, pod)| {
                            let cx = x + INSET + (i % per_row) as f64 * CELL_PITCH;
                            let cy = y + rows.pods_y + (i / per_row) as f64 * CELL_PITCH;
                            html! {
                                <g key={pod.name.clone()} class={classes!("pod-cell", pod.phase.as_str(), (touched_pod == Some(pod.name.as_str())).then_some("touched"), pod.borrowed.is_some().then_some("borrowed"))}
                                    data-testid="stage-pod" data-pod={pod.name.clone()} data-phase={pod.phase.as_str()}>
                                    <title>{ format!("{} {} {}", pod.name, pod.ips.join(", "), pod_status(pod, lang)) }</title>
                                    { rect("", cx, cy, CELL_SIZE, CELL_SIZE, 2) }
                                    if pod.veth.is_some() {
                                        <g data-testid="stage-veth" data-pod={pod.name.clone()} />
                                    }
                                    { for countdown_for_readers(pod) }
                                </g>
                            }
                        }) }
                        { for named }
                        { for failure }
                        if node.pods_hidden > 0 {
                            { text("muted small", x + w - INSET, y + rows.foot_y, "end", t::MORE_PODS.counted(t::MORE_PODS_ONE, lang, node.pods_hidden)) }
                        }
                    </g>
                </>
            };
        }
        let pw = rows.pod_w;
        // In rows of boxes there is no room for a cable each: the band counts the veth pairs.
        let cols = rows.pod_grid.unwrap_or(node.pods.len()).max(1);
        html! {
            <>
                { band }
                { self.node_routes() }
                if rows.pod_grid.is_some() {
                    { self.veth_count(count_y) }
                }
                { for node.pods.iter().enumerate().map(|(i, pod)| {
                    let (col, row) = ((i % cols) as f64, (i / cols) as f64);
                    let pod_y = y + rows.pods_y + row * (rows.pod_h + GRID_GAP);
                    self.pod_shape(pod, x + INSET + col * (pw + POD_GAP), pod_y, pw)
                }) }
                { for failure }
            </>
        }
    }

    /// The band's count of veth pairs, where it has no room to draw them, then the pairs the step
    /// names: each pod's host end and its routes, as many as the line holds whole.
    fn veth_count(&self, count_y: f64) -> Html {
        let (node, lang) = (self.node, self.lang);
        let count = t::STAGE_VETHS.counted(
            t::STAGE_VETHS_ONE,
            lang,
            node.pods.iter().filter(|p| p.veth.is_some()).count(),
        );
        let tags: Vec<(&StagePod, &VethPair, Vec<String>, String)> = self
            .veths_named
            .iter()
            .filter_map(|name| node.pods.iter().find(|p| p.name == *name))
            .filter_map(|pod| {
                let veth = pod.veth.as_ref()?;
                let prefixes = pod.route_prefixes();
                let shown = std::iter::once(veth.name.as_str())
                    .chain(prefixes.iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join(" ");
                Some((pod, veth, prefixes, shown))
            })
            .collect();
        let start = self.x + 18.0;
        let end = self.x + self.w - INSET;
        let count_w = text_width(&count, font::SMALL) + 8.0;
        // When the line holds the count or the first pair the step names but not both, the pair takes
        // the count's place.
        let first_w = tags
            .first()
            .map_or(0.0, |tag| mono_width(&tag.3, font::SMALL) + 10.0);
        let counted = tags.is_empty() || start + count_w + first_w <= end;
        let mut at = start + if counted { count_w } else { 0.0 };
        let named: Vec<Html> = tags
            .into_iter()
            .map_while(|(pod, veth, prefixes, shown)| {
                let tag_w = mono_width(&shown, font::SMALL) + 10.0;
                if at + tag_w > end {
                    return None;
                }
                let tag_x = at;
                at += tag_w + 6.0;
                let shows = Shows::list(
                    [Shows::Veth(&pod.name), Shows::Veth(&veth.name)]
                        .into_iter()
                        .chain(prefixes.iter().map(|p| Shows::Route(p))),
                );
                Some(html! {
                    <g class="veth named-veth" data-testid="stage-named-veth" data-pod={pod.name.clone()} data-shows={shows}>
                        <title>{ t::VETH_PAIR.fill(lang, &[&veth.ifindex.to_string(), &veth.name, &veth.peer_ifindex.to_string()]) }</title>
                        { rect("veth-end", tag_x, count_y - 12.0, tag_w, 16.0, 4) }
                        { text("mono small", tag_x + 5.0, count_y, "start", shown) }
                    </g>
                })
            })
            .collect();
        html! {
            <>
                if counted {
                    <text class="muted small" x={px(start)} y={px(count_y)}>{ count }</text>
                }
                { for named }
            </>
        }
    }

    /// The bridge drawn on a flannel node's band, once the first ADD made it.
    fn bridge(&self) -> Option<&StageBridge> {
        let bridge = self.chain.and_then(|c| c.bridge.as_ref());
        bridge.filter(|_| self.rows.bridged)
    }

    /// A flannel node's routes where ptp's `/32`s go: the connected route on the bridge, one for
    /// all its pods, then flanneld's to the other nodes' subnets (left out of a bare box).
    fn node_routes(&self) -> Html {
        let rows = self.rows;
        let Some(chain) = self.chain.filter(|_| rows.bridged) else {
            return html! {};
        };
        let band_y = self.y + rows.band_y;
        let room = self.w - 2.0 * INSET;
        let tag = |row: usize, class: &'static str, shown: String, title: String, route: String| {
            let shows = Shows::list(
                route
                    .split(',')
                    .map(Shows::Route)
                    .chain(dev_of(&shown).map(Shows::RouteDev)),
            );
            let shown = fit_mono(&shown, room - 10.0, font::SMALL);
            let tag_w = (mono_width(&shown, font::SMALL) + 10.0).min(room);
            let (tag_x, tag_y) = (
                self.x + INSET,
                band_y + rows.band.route_y + row as f64 * rows.band.route_row,
            );
            html! {
                <g class={classes!("route", class)} data-testid="stage-node-route" data-route={route} data-shows={shows}>
                    <title>{ title }</title>
                    { rect("", tag_x, tag_y, tag_w, 16.0, 8) }
                    { text("mono small", tag_x + 5.0, tag_y + 12.0, "start", shown) }
                </g>
            }
        };
        let connected = chain.bridge.as_ref().and_then(|bridge| {
            let route = bridge.connected_route.clone()?;
            let shown = bridge.connected_prefix()?;
            let prefix = route.split_whitespace().next()?.to_string();
            Some(tag(0, "connected", shown, route, prefix))
        });
        let (prefixes, dev) = chain.node_route_prefixes();
        let others = (rows.node_routes && !prefixes.is_empty()).then(|| {
            // As `ip route` words it: the destinations and the device they all leave by.
            let shown = match &dev {
                Some(dev) => format!("{} dev {dev}", prefixes.join(", ")),
                None => prefixes.join(", "),
            };
            tag(
                1,
                "to-nodes",
                shown,
                chain.node_routes.join("\n"),
                prefixes.join(","),
            )
        });
        let neighbours = rows.neighbours_row.map(|row| {
            let tag_y = band_y + rows.band.route_y + row as f64 * rows.band.route_row;
            let mut at = self.x + INSET;
            let end = self.x + self.w - INSET;
            let placed: Vec<Html> = chain
                .neighbours
                .iter()
                .map_while(|n| {
                    let shown = format!("{} {}", n.ip, n.state);
                    let tag_w = mono_width(&shown, font::SMALL) + 10.0;
                    if at + tag_w > end {
                        return None;
                    }
                    let tag_x = at;
                    at += tag_w + 6.0;
                    Some(html! {
                        <g class={classes!("neighbour", n.orphan.then_some("orphan"))} data-testid="stage-neighbour" data-ip={n.ip.clone()}
                            data-shows={Shows::list([Shows::Neighbour(&n.ip), Shows::NeighbourState(&n.ip, n.state)])}>
                            <title>{ format!("ip neigh: {}", n.line) }</title>
                            { rect("", tag_x, tag_y, tag_w, 16.0, 3) }
                            { text("mono small", tag_x + 5.0, tag_y + 12.0, "start", shown) }
                        </g>
                    })
                })
                .collect();
            html! { <g class="neighbours">{ for placed }</g> }
        });
        html! { <>{ for connected }{ for others }{ for neighbours }</> }
    }

    /// One pod, its box `w` wide at `(x, pod_y)`: its namespace box, its veth pair as a cable to the
    /// node's end, its routes as tags (in rows of boxes, only named).
    fn pod_shape(&self, pod: &StagePod, x: f64, pod_y: f64, w: f64) -> Html {
        let lang = self.lang;
        let touched = self.touched.as_ref();
        let touched_veth = pod
            .veth
            .as_ref()
            .is_some_and(|v| touched.and_then(|t| t.veth.as_deref()) == Some(v.name.as_str()));
        let touched = touched.and_then(|t| t.pod.as_deref()) == Some(pod.name.as_str());
        let rows = self.rows;
        let band_y = self.y + rows.band_y;
        let cabled = rows.pod_grid.is_none();
        let cx = x + w / 2.0;
        let select = self.on_pod.clone().map(|on_pod| {
            let name = pod.name.clone();
            Callback::from(move |e: MouseEvent| {
                e.stop_propagation();
                on_pod.emit(name.clone())
            })
        });
        let key = self.on_pod.clone().map(|on_pod| {
            let name = pod.name.clone();
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" {
                    e.stop_propagation();
                    on_pod.emit(name.clone())
                }
            })
        });
        let button = self.on_pod.is_some();
        let phase = pod.phase.as_str();
        let status = pod_status(pod, lang);
        let label = format!("{} {} {}", pod.name, pod.ips.join(", "), status);
        let (ring_x, ring_y) = (x + w - RING_INSET, pod_y + RING_INSET);
        let families = pod.ips.len().max(1);
        let lines = families + if rows.eth0 { 2 } else { 1 };
        let status_y = pod_y + POD_NAME_Y + POD_LINE * lines as f64 - 2.0;
        let veth_y = band_y + rows.band.veth_y;
        let ip_size = if rows.tight { font::SMALL } else { font::BASE };
        let cut = pod.ips.iter().any(|ip| mono_width(ip, ip_size) > w - 10.0);
        // The whole addresses, shown under the box while the pod has focus or the pointer, kept
        // inside the node's box.
        let whole = pod.ips.join(" · ");
        let tip_w = mono_width(&whole, font::SMALL) + 12.0;
        let (left, right) = (self.x + INSET, self.x + self.w - INSET);
        let tip_x = x.min(right - tip_w).max(left);
        // Calico: an address borrowed from another node's block, marked at the end of the name's line.
        let badge_text = t::STAGE_BORROWED.get(lang);
        let badge = pod
            .borrowed
            .as_ref()
            .filter(|_| pod.countdown.is_none())
            .map(|from| {
                let tag_w = text_width(badge_text, font::SMALL) + 10.0;
                let owner = from.from.as_deref().unwrap_or("-");
                let title = t::STAGE_BORROWED_FROM.fill(lang, &[&pod.ips.join(", "), &from.block, owner]);
                let (bx, by) = (x + w - 6.0 - tag_w, pod_y + 6.0);
                (tag_w, html! {
                    <g class="borrowed-badge" data-testid="stage-borrowed" data-pod={pod.name.clone()} data-block={from.block.clone()} data-from={from.from.clone()}
                        data-shows={Shows::list(pod.ips.iter().map(|ip| Shows::Borrowed(ip)))}>
                        <title>{ title }</title>
                        { rect("", bx, by, tag_w, 16.0, 8) }
                        { text("small", bx + tag_w / 2.0, by + 12.0, "middle", badge_text.to_string()) }
                    </g>
                })
            });
        let badge_w = badge.as_ref().map_or(0.0, |(tag_w, _)| tag_w + 4.0);
        let badge = badge.map(|(_, html)| html);
        html! {
            <g key={pod.name.clone()} class={classes!("stage-pod", phase, touched.then_some("touched"), (!pod.object).then_some("ghost"))}
                data-testid="stage-pod" data-pod={pod.name.clone()} data-phase={phase} data-shows={Shows::Pod(&pod.name).to_string()}
                tabindex={button.then_some("0")} role={button.then_some("button")} aria-label={label} onclick={select} onkeydown={key}>
                if let (Some(veth), false) = (&pod.veth, cabled) {
                    <g class="veth" data-testid="stage-veth" data-pod={pod.name.clone()}>
                        <title>{ t::VETH_PAIR.fill(lang, &[&veth.ifindex.to_string(), &veth.name, &veth.peer_ifindex.to_string()]) }</title>
                        { for pod.routes.iter().zip(pod.route_prefixes()).map(|(route, prefix)| html! {
                            <g class="route" data-testid="stage-route" data-pod={pod.name.clone()} data-route={prefix}><title>{ route }</title></g>
                        }) }
                    </g>
                }
                if let (Some(veth), true) = (&pod.veth, cabled) {
                    <g class={classes!("veth", touched_veth.then_some("touched"))} data-testid="stage-veth" data-pod={pod.name.clone()} data-master={veth.master.clone()}
                        data-shows={Shows::list([Shows::Veth(&pod.name), Shows::Veth(&veth.name)])}>
                        <title>{ t::VETH_PAIR.fill(lang, &[&veth.ifindex.to_string(), &veth.name, &veth.peer_ifindex.to_string()]) }</title>
                        { rect("veth-end", x, veth_y, w, VETH_END_H, 4) }
                        { text("mono small", cx, veth_y + 14.0, "middle", fit_link(&veth.node_end, w - 6.0, font::SMALL)) }
                        { cable("cable", cx, veth_y + VETH_END_H, pod_y) }
                        { for pod.routes.iter().zip(pod.route_prefixes()).enumerate().map(|(i, (route, prefix))| {
                            // A tag may reach into the gaps beside its pod's box.
                            let room = w + POD_GAP - 2.0;
                            let shown = fit_mono(&prefix, room - 10.0, font::SMALL);
                            let tag_w = (mono_width(&shown, font::SMALL) + 10.0).min(room);
                            let tag_y = band_y + rows.band.route_y + i as f64 * rows.band.route_row;
                            html! {
                                <g class="route" data-testid="stage-route" data-pod={pod.name.clone()} data-route={prefix.clone()} data-shows={Shows::Route(&prefix).to_string()}>
                                    <title>{ route }</title>
                                    { rect("", cx - tag_w / 2.0, tag_y, tag_w, 16.0, 8) }
                                    { text("mono small", cx, tag_y + 12.0, "middle", shown) }
                                </g>
                            }
                        }) }
                    </g>
                }
                if pod.phase == StagePhase::Gone && cabled {
                    { cable("cable retracting", cx, veth_y + VETH_END_H, pod_y) }
                }
                { rect("pod-box", x, pod_y, w, rows.pod_h, 8) }
                { text("pod-name", x + 8.0, pod_y + POD_NAME_Y, "start", fit_bold(&pod.name, w - badge_w - if pod.countdown.is_some() { 40.0 } else { 12.0 }, font::BASE)) }
                { for badge }
                // Each family's address on its line; a narrow box sets them at 11 px rather than cut
                // them, and one still too long is whole under the box while the pod has focus.
                { for pod.ips.iter().enumerate().map(|(i, ip)| {
                    let (class, size) = if rows.tight { ("mono ip tight", font::SMALL) } else { ("mono ip", font::BASE) };
                    let class = classes!(class, pod.borrowed.is_some().then_some("borrowed"));
                    html! { <text class={class} x={px(x + 6.0)} y={px(pod_y + POD_NAME_Y + POD_LINE * (i + 1) as f64)} data-shows={Shows::Address(ip).to_string()}>{ fit_mono(ip, w - 10.0, size) }</text> }
                }) }
                if let (Some(veth), true) = (&pod.veth, rows.eth0) {
                    { text("mono small muted", x + 8.0, pod_y + POD_NAME_Y + POD_LINE * (families + 1) as f64, "start", fit_link(&veth.pod_end, w - 12.0, font::SMALL)) }
                }
                if cut {
                    <g class="pod-tip" aria-hidden="true">
                        { rect("", tip_x, self.y + rows.foot_y - 13.0, tip_w, 18.0, 4) }
                        { text("mono small", tip_x + 6.0, self.y + rows.foot_y, "start", whole.clone()) }
                    </g>
                }
                if let Some((left, fraction)) = pod.countdown {
                    <g class="countdown" data-testid="stage-countdown" data-pod={pod.name.clone()}>
                        <circle class="ring-track" cx={px(ring_x)} cy={px(ring_y)} r={RING_R.to_string()} />
                        <circle class="ring" cx={px(ring_x)} cy={px(ring_y)} r={RING_R.to_string()} pathLength="1"
                            style={format!("stroke-dashoffset: 0.{:03}", px((1.0 - fraction) * 999.0))}
                            transform={format!("rotate(-90 {} {})", px(ring_x), px(ring_y))} />
                        { text("small countdown-text", x + 8.0, status_y, "start", format!("DEL {}", seconds(VirtualTime(left.as_millis())))) }
                    </g>
                } else {
                    { text("small phase", x + 8.0, status_y, "start", status_line(status, w - 12.0)) }
                }
            </g>
        }
    }
}

/// A pod cell's time left until CNI DEL, for screen readers and tests (the cell has no room to show it).
/// Where a pod is in its life, in words: Kubernetes' own for the phases `kubectl` prints.
fn pod_status(pod: &StagePod, lang: Lang) -> &'static str {
    match pod.phase {
        StagePhase::Pending => t::STAGE_PENDING.get(lang),
        StagePhase::Adding => t::STAGE_ADDING.get(lang),
        StagePhase::Running => "Running",
        StagePhase::Deleting if pod.object => "Terminating",
        StagePhase::Deleting => t::OBJECT_GONE.get(lang),
        StagePhase::Gone => t::STAGE_GONE.get(lang),
    }
}

/// A pod's status on its line `w` wide: whole, or where that would be cut its first word, the phase
/// `kubectl` prints (`Pending`), the whole being the box's label.
fn status_line(status: &str, w: f64) -> String {
    let whole = fit(status, w, font::SMALL);
    match whole == status {
        true => whole,
        false => fit(
            status.split([' ', '（']).next().unwrap_or(status),
            w,
            font::SMALL,
        ),
    }
}

fn countdown_for_readers(pod: &StagePod) -> Option<Html> {
    pod.countdown.map(|(left, _)| {
        html! { <text class="sr-only" data-testid="stage-countdown" data-pod={pod.name.clone()}>{ seconds(VirtualTime(left.as_millis())) }</text> }
    })
}

/// The word after `dev` in a route as a tag says it.
fn dev_of(route: &str) -> Option<&str> {
    let mut words = route.split_whitespace();
    words.find(|w| *w == "dev").and(words.next())
}
