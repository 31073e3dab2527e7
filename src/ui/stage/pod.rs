//! A node's pods: its root namespace with a veth end per pod, the cables, and each pod's namespace as
//! a box; many pods as cells.

use super::layout::{NODES_Y, NODE_H};
use super::node::{NodeBox, INSET};
use super::svg::{cable, clip, px, rect, text};
use crate::i18n::ui as t;
use crate::i18n::Lang;
use crate::sim::playback::stage::{StagePhase, StagePod};
use crate::sim::playback::views::seconds;
use crate::sim::VirtualTime;
use crate::ui::studio::Action;
use yew::prelude::*;

/// Tops, from the node box's top, of the root namespace's band and of the pods' boxes.
const BAND_Y: f64 = 224.0;
const PODS_Y: f64 = 306.0;
/// The band's height.
const BAND_H: f64 = 40.0;
/// The gap between two pod boxes; a node has room for at least this many.
const POD_GAP: f64 = 10.0;
const MIN_POD_SLOTS: usize = 3;
/// A pod box's height, and the baselines in it of the name, the addresses, `eth0` and the status.
const POD_H: f64 = 76.0;
const POD_NAME_Y: f64 = 18.0;
const POD_IP_Y: f64 = 36.0;
const POD_ETH0_Y: f64 = 52.0;
const POD_STATUS_Y: f64 = 68.0;
/// Below this width a pod box sets its addresses smaller rather than cut them.
const TIGHT_POD_W: f64 = 96.0;
/// The veth's node end in the band (its top below the band's, its height), and the route's tag.
const VETH_END_Y: f64 = 14.0;
const VETH_END_H: f64 = 20.0;
const ROUTE_Y: f64 = 44.0;
const ROUTE_W: f64 = 88.0;
/// Many pods are drawn as cells this far apart, the first row this far below the band's top.
const CELL_PITCH: f64 = 15.0;
const CELL_SIZE: f64 = 12.0;
const CELLS_Y: f64 = 52.0;
/// The countdown ring's radius, and its centre's inset from the pod box's top right corner.
const RING_R: u8 = 9;
const RING_INSET: f64 = 16.0;

impl NodeBox<'_> {
    /// The node's root namespace with a veth end per pod, the cables, and the pods' namespaces.
    pub(super) fn pods(&self) -> Html {
        let NodeBox { node, x, w, .. } = self;
        let (x, w, lang) = (*x, *w, self.lang);
        let y = NODES_Y;
        let touched_pod = self.touched.as_ref().and_then(|t| t.pod.as_deref());
        let band_y = y + BAND_Y;
        let pod_y = y + PODS_Y;
        let inner = w - 2.0 * INSET;
        let band = html! {
            <g class="root-netns">
                { rect("", x + 12.0, band_y, w - 24.0, BAND_H, 6) }
                { text("muted small", x + 18.0, band_y - 4.0, "start", clip(t::STAGE_ROOT_NETNS.get(lang), (w - 30.0) / 6.0)) }
            </g>
        };
        if node.pods.is_empty() {
            return html! {
                <>
                    { band }
                    { text("muted", x + INSET, pod_y + 30.0, "start", t::STAGE_NO_PODS.get(lang).to_string()) }
                </>
            };
        }
        let failure = node
            .pods
            .iter()
            .find_map(|p| p.failure.as_ref().map(|f| (p.name.clone(), f.clone())));
        let failure = failure.map(|(pod, failure)| {
            html! {
                <text class="failure small" x={px(x + INSET)} y={px(y + NODE_H - 12.0)}>
                    <title>{ format!("{pod}: FailedCreatePodSandBox {failure}") }</title>
                    { clip(&format!("{pod}: FailedCreatePodSandBox — {failure}"), inner / 7.0) }
                </text>
            }
        });
        if node.pods_as_cells {
            let per_row = ((inner / CELL_PITCH).floor() as usize).max(1);
            return html! {
                <>
                    { band }
                    <text class="muted small" x={px(x + 18.0)} y={px(band_y + 24.0)}>
                        { t::STAGE_VETHS.fill(lang, &[&node.pods.iter().filter(|p| p.veth.is_some()).count().to_string()]) }
                    </text>
                    <g class="pod-cells">
                        { for node.pods.iter().enumerate().map(|(i, pod)| {
                            let cx = x + INSET + (i % per_row) as f64 * CELL_PITCH;
                            let cy = band_y + CELLS_Y + (i / per_row) as f64 * CELL_PITCH;
                            html! {
                                <g key={pod.name.clone()} class={classes!("pod-cell", pod.phase.as_str(), (touched_pod == Some(pod.name.as_str())).then_some("touched"))}
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
                        { for failure }
                        if node.pods_hidden > 0 {
                            { text("muted small", x + w - INSET, y + NODE_H - 10.0, "end", t::MORE_PODS.fill(lang, &[&node.pods_hidden.to_string()])) }
                        }
                    </g>
                </>
            };
        }
        let slots = node.pods.len().max(MIN_POD_SLOTS) as f64;
        let pw = (inner - (slots - 1.0) * POD_GAP) / slots;
        html! {
            <>
                { band }
                { for node.pods.iter().enumerate().map(|(i, pod)| {
                    self.pod_shape(pod, x + INSET + i as f64 * (pw + POD_GAP), pw)
                }) }
                { for failure }
            </>
        }
    }

    /// One pod, its box `w` wide at `x`: its namespace box, its veth pair as a cable to the node's end,
    /// its route as a tag.
    fn pod_shape(&self, pod: &StagePod, x: f64, w: f64) -> Html {
        let lang = self.lang;
        let touched = self.touched.as_ref();
        let touched_veth = pod
            .veth
            .as_ref()
            .is_some_and(|v| touched.and_then(|t| t.veth.as_deref()) == Some(v.name.as_str()));
        let touched = touched.and_then(|t| t.pod.as_deref()) == Some(pod.name.as_str());
        let band_y = NODES_Y + BAND_Y;
        let pod_y = NODES_Y + PODS_Y;
        let cx = x + w / 2.0;
        let select = {
            let (dispatch, name) = (self.dispatch.clone(), pod.name.clone());
            Callback::from(move |e: MouseEvent| {
                e.stop_propagation();
                dispatch.emit(Action::SelectPod(Some(name.clone())))
            })
        };
        let key = {
            let (dispatch, name) = (self.dispatch.clone(), pod.name.clone());
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" {
                    e.stop_propagation();
                    dispatch.emit(Action::SelectPod(Some(name.clone())))
                }
            })
        };
        let phase = pod.phase.as_str();
        let status = pod_status(pod, lang);
        let label = format!("{} {} {}", pod.name, pod.ips.join(", "), status);
        let (ring_x, ring_y) = (x + w - RING_INSET, pod_y + RING_INSET);
        html! {
            <g key={pod.name.clone()} class={classes!("stage-pod", phase, touched.then_some("touched"), (!pod.object).then_some("ghost"))}
                data-testid="stage-pod" data-pod={pod.name.clone()} data-phase={phase}
                tabindex="0" role="button" aria-label={label} onclick={select} onkeydown={key}>
                if let Some(veth) = &pod.veth {
                    <g class={classes!("veth", touched_veth.then_some("touched"))} data-testid="stage-veth" data-pod={pod.name.clone()}>
                        <title>{ t::VETH_PAIR.fill(lang, &[&veth.ifindex.to_string(), &veth.name, &veth.peer_ifindex.to_string()]) }</title>
                        { rect("veth-end", x, band_y + VETH_END_Y, w, VETH_END_H, 4) }
                        { text("mono small", cx, band_y + VETH_END_Y + 14.0, "middle", clip(&veth.node_end, w / 6.4)) }
                        { cable("cable", cx, band_y + VETH_END_Y + VETH_END_H, pod_y) }
                        if let Some(route) = &pod.route {
                            <g class="route" data-testid="stage-route" data-pod={pod.name.clone()}>
                                <title>{ route }</title>
                                { rect("", cx - ROUTE_W / 2.0, band_y + ROUTE_Y, ROUTE_W, 16.0, 8) }
                                { text("mono small", cx, band_y + ROUTE_Y + 12.0, "middle", pod.route_prefix().unwrap_or_default()) }
                            </g>
                        }
                    </g>
                }
                if pod.phase == StagePhase::Gone {
                    { cable("cable retracting", cx, band_y + VETH_END_Y + VETH_END_H, pod_y) }
                }
                { rect("pod-box", x, pod_y, w, POD_H, 8) }
                { text("pod-name", x + 8.0, pod_y + POD_NAME_Y, "start", pod.name.clone()) }
                // A narrow box sets the address smaller rather than cut it: it is what the box is for.
                if w < TIGHT_POD_W {
                    { text("mono ip tight", x + 6.0, pod_y + POD_IP_Y, "start", clip(&pod.ips.join(", "), (w - 8.0) / 6.0)) }
                } else {
                    { text("mono ip", x + 8.0, pod_y + POD_IP_Y, "start", clip(&pod.ips.join(", "), (w - 12.0) / 7.6)) }
                }
                if let Some(veth) = &pod.veth {
                    { text("mono small muted", x + 8.0, pod_y + POD_ETH0_Y, "start", veth.pod_end.clone()) }
                }
                if let Some((left, fraction)) = pod.countdown {
                    <g class="countdown" data-testid="stage-countdown" data-pod={pod.name.clone()}>
                        <circle class="ring-track" cx={px(ring_x)} cy={px(ring_y)} r={RING_R.to_string()} />
                        <circle class="ring" cx={px(ring_x)} cy={px(ring_y)} r={RING_R.to_string()} pathLength="1"
                            style={format!("stroke-dashoffset: 0.{:03}", px((1.0 - fraction) * 999.0))}
                            transform={format!("rotate(-90 {} {})", px(ring_x), px(ring_y))} />
                        { text("small countdown-text", x + 8.0, pod_y + POD_STATUS_Y, "start", format!("DEL {}", seconds(VirtualTime(left.as_millis())))) }
                    </g>
                } else {
                    { text("small phase", x + 8.0, pod_y + POD_STATUS_Y, "start", clip(status, (w - 12.0) / 6.2)) }
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

fn countdown_for_readers(pod: &StagePod) -> Option<Html> {
    pod.countdown.map(|(left, _)| {
        html! { <text class="sr-only" data-testid="stage-countdown" data-pod={pod.name.clone()}>{ seconds(VirtualTime(left.as_millis())) }</text> }
    })
}
