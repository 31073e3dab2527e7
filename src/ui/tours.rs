//! Guided tours: the source articles' stories replayed from the built-in scenarios, with narration
//! written for this tool. Each step is anchored on an event of the simulation (its reason and object),
//! never on a hard-coded time, so the narration follows the simulation if a setting changes.

use super::studio::{Action, Studio};
use super::timeline::seconds;
use crate::sim::{builtin, Reason, VirtualTime};
use yew::prelude::*;

/// One narrated step: shown from the first matching event on.
pub struct TourStep {
    /// The event reason it waits for.
    pub reason: Reason,
    /// The event's object (`node/NAME`, `pod/NAME`).
    pub object: &'static str,
    /// What to say.
    pub text: &'static str,
}

/// A tour: a built-in scenario and its narration.
pub struct Tour {
    /// The built-in scenario's name (and the `tour-<name>` test id).
    pub name: &'static str,
    /// The button's title.
    pub title: &'static str,
    /// Said before the first step.
    pub intro: &'static str,
    /// The steps, in order.
    pub steps: &'static [TourStep],
}

/// The four tours of the source articles.
pub const TOURS: [Tour; 4] = [
    Tour {
        name: "kind",
        title: "the kind cluster",
        intro: "A three-node kind cluster as measured: kube-controller-manager runs with --cluster-cidr=10.244.0.0/16 and no node mask, so every node gets a /24. Press play or step.",
        steps: &[
            TourStep { reason: Reason::CIDRAllocated, object: "node/kind-control-plane", text: "The control-plane node registers first. AllocateNext (cidr_set.go) scans the bitmap from nextCandidate 0 and hands out index 0: 10.244.0.0/24." },
            TourStep { reason: Reason::PodCIDRPatched, object: "node/kind-worker2", text: "The workers follow in registration order: 10.244.1.0/24 and 10.244.2.0/24. kcm PATCHes spec.podCIDR and spec.podCIDRs of each node; the cursor now points at index 3." },
            TourStep { reason: Reason::CNIConfigWritten, object: "node/kind-worker", text: "kindnetd on kind-worker sees its podCIDR and writes /etc/cni/net.d/10-kindnet.conflist: ptp with host-local over 10.244.1.0/24, then portmap. Until now a pod could not have started there." },
            TourStep { reason: Reason::IPAMReserve, object: "pod/a", text: "Pod a's sandbox starts and containerd runs CNI ADD. host-local has no last_reserved_ip.0 yet, starts at rangeStart, skips the gateway .1 and creates the file 10.244.1.2 — content: the sandbox ID, \\r\\n, eth0. Open it in the listing." },
            TourStep { reason: Reason::VethCreated, object: "pod/a", text: "ptp makes the veth pair: eth0 in the pod, vethXXXXXXXX on the node; each end's name says @if and the other end's ifindex." },
            TourStep { reason: Reason::RouteAdded, object: "pod/a", text: "On the node: a /32 'scope host' route to the pod through its veth — no bridge. Every pod's host veth carries the same gateway address, 10.244.1.1/32." },
            TourStep { reason: Reason::PodIPsAssigned, object: "pod/c", text: "b and c get .3 and .4, one after another. last_reserved_ip.0 now holds 10.244.1.4." },
            TourStep { reason: Reason::PodDeleted, object: "pod/b", text: "b is deleted with --grace-period=0 --force: its Pod object is gone at once. But its IP file, veth and route are still on the node — watch the countdown." },
            TourStep { reason: Reason::IPAMRelease, object: "pod/b", text: "2.3 s after the object disappeared — the kubelet killed the container (at least 2 s) and StopPodSandbox ran CNI DEL — the file 10.244.1.3, the veth and the /32 route go together." },
            TourStep { reason: Reason::PodIPsAssigned, object: "pod/d", text: "d gets 10.244.1.5, not b's .3: host-local continues after last_reserved_ip. The freed .3 comes back only after the walk wraps past .254. (The measured worker had run pods before, so there it was .189/.190/.191 and d got .192.)" },
        ],
    },
    Tour {
        name: "planning",
        title: "planning a cluster",
        intro: "Two flags size a cluster: /16 with /24 gives 2^(24−16) = 256 nodes of 2^(32−24) = 256 addresses. Here a /22 in /24s holds just four nodes; change the masks in the settings and watch the same story re-plan.",
        steps: &[
            TourStep { reason: Reason::PodCIDRPatched, object: "node/node-d", text: "Four nodes, four /24s: the /22 is full, and the round-robin cursor has wrapped back to index 0." },
            TourStep { reason: Reason::CIDRNotAvailable, object: "node/node-e", text: "The fifth node gets CIDRNotAvailable: AllocateNext finds no clear bit. The workqueue retries it with exponential backoff (5 ms, doubling)." },
            TourStep { reason: Reason::CIDRReleased, object: "node/node-b", text: "node-b is deleted: its /24 is released. Release never moves the cursor." },
            TourStep { reason: Reason::PodCIDRPatched, object: "node/node-e", text: "On its next retry node-e gets the freed 10.244.1.0/24: the scan from the cursor finds index 1." },
        ],
    },
    Tour {
        name: "exhaustion",
        title: "exhaustion and wrap-around",
        intro: "A /29 node subnet has 8 addresses; host-local skips the network .0, the gateway .1 and the broadcast .7, leaving five.",
        steps: &[
            TourStep { reason: Reason::FailedCreatePodSandBox, object: "pod/p6", text: "The sixth pod fails: FailedCreatePodSandBox with host-local's 'no IP addresses available in range set'. The kubelet retries the sandbox." },
            TourStep { reason: Reason::IPAMRelease, object: "pod/p-2", text: "p-2's DEL runs 2.3 s after its deletion and frees .3 — behind the cursor." },
            TourStep { reason: Reason::IPAMReserve, object: "pod/p6", text: "On the retry the walk wraps past .6 and finds .3: a freed address returns only after the wrap." },
            TourStep { reason: Reason::IPAMReserve, object: "pod/p7", text: "p-1 was deleted too; p7 wraps again and takes .2." },
        ],
    },
    Tour {
        name: "dual-stack",
        title: "dual-stack",
        intro: "Two cluster CIDRs, one per family, with per-family masks (--node-cidr-mask-size is refused with dual-stack). Each node gets one podCIDR per family.",
        steps: &[
            TourStep { reason: Reason::PodCIDRPatched, object: "node/kind-worker", text: "kind-worker gets 10.244.1.0/24 and fd00:10:244:1::/64, in --cluster-cidr order." },
            TourStep { reason: Reason::IPAMReserve, object: "pod/a", text: "kindnet wrote one host-local range set per podCIDR, so CNI ADD reserves one address per family: last_reserved_ip.0 for IPv4, last_reserved_ip.1 for IPv6." },
            TourStep { reason: Reason::PodIPsAssigned, object: "pod/a", text: "containerd reports IPv4 as the primary IP; status.podIPs lists both." },
            TourStep { reason: Reason::IPAMRelease, object: "pod/a", text: "a's DEL releases both files together, 2.3 s after its object went." },
        ],
    },
];

/// Props: the studio and its dispatcher.
#[derive(Properties, PartialEq)]
pub struct ToursProps {
    /// The studio.
    pub studio: UseReducerHandle<Studio>,
}

/// The tour buttons and, when a tour is loaded, its narration for the current time.
#[function_component(Tours)]
pub fn tours(props: &ToursProps) -> Html {
    let studio = &props.studio;
    let start = |tour: &'static Tour| {
        let studio = studio.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = builtin::by_name(tour.name) {
                studio.dispatch(Action::Load {
                    text: text.to_string(),
                    tour: Some(tour.name),
                });
            }
        })
    };
    let narration = studio.tour.and_then(|name| TOURS.iter().find(|t| t.name == name)).map(|tour| {
        let times = step_times(studio, tour);
        let now = studio.time();
        // The step navigated to, while the clock stays at its moment; otherwise the last step reached.
        let current = studio
            .tour_step
            .filter(|&i| times.get(i).copied().flatten() == Some(now))
            .or_else(|| times.iter().rposition(|t| t.is_some_and(|t| t <= now)));
        let go = |index: Option<usize>| {
            let studio = studio.clone();
            let target = index.and_then(|i| times.get(i).copied().flatten().map(|t| (i, t)));
            Callback::from(move |_: MouseEvent| match target {
                Some((i, time)) => studio.dispatch(Action::TourStep(i, time)),
                None => studio.dispatch(Action::Seek(VirtualTime::ZERO)),
            })
        };
        let previous = current.and_then(|i| i.checked_sub(1));
        let next = current.map_or(0, |i| i + 1);
        let has_next = times.get(next).copied().flatten().is_some();
        html! {
            <div class="narration" data-testid="narration" aria-live="polite">
                <p class="step-count">{ match current {
                    Some(i) => format!("{} — step {} of {} (t = {})", tour.title, i + 1, tour.steps.len(), seconds(now)),
                    None => format!("{} — introduction", tour.title),
                } }</p>
                <p class="step-text">{ current.map_or(tour.intro, |i| tour.steps[i].text) }</p>
                <div class="tour-nav">
                    <button data-testid="tour-prev" disabled={current.is_none()} onclick={go(previous)}>{ "◀ previous step" }</button>
                    <button data-testid="tour-next" disabled={!has_next} onclick={go(Some(next))}>{ "next step ▶" }</button>
                </div>
            </div>
        }
    });
    html! {
        <section class="card tours" aria-labelledby="tours-title">
            <h2 id="tours-title">{ "Guided tours" }</h2>
            <div class="tour-buttons">
                { for TOURS.iter().map(|tour| html! {
                    <button data-testid={format!("tour-{}", tour.name)} class={classes!((studio.tour == Some(tour.name)).then_some("active"))} onclick={start(tour)}>{ tour.title }</button>
                }) }
            </div>
            { for narration }
        </section>
    }
}

/// When each step's event first happens in the whole run (in order: a step's event is searched after the
/// previous step's), `None` when it never does.
pub fn step_times(studio: &Studio, tour: &Tour) -> Vec<Option<VirtualTime>> {
    let mut from = 0;
    tour.steps
        .iter()
        .map(|step| {
            let found = studio.timeline[from.min(studio.timeline.len())..]
                .iter()
                .position(|e| e.reason == step.reason && e.object == step.object)
                .map(|i| from + i);
            found.map(|i| {
                from = i + 1;
                studio.timeline[i].time_ms
            })
        })
        .collect()
}
