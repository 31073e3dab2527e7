//! The stage: one SVG picture of the cluster, drawn from the core's [`Stage`] view model. These files
//! only place shapes; every address, phase and countdown comes from the model. Motion is CSS (appear,
//! travel, draw, retract, fade), so `prefers-reduced-motion` turns it off in one rule.
//!
//! * `kcm.rs` — kube-controller-manager's cidrset as a strip of cells.
//! * `node.rs` — a node whole, with host-local's strip and files; `pod.rs` — its pods and cables.
//! * `tiles.rs` — a big cluster's nodes as tiles; `packet.rs` — the packet a step tells, across nodes.
//! * `layout.rs` — where everything goes for the width measured (`measure.rs`), one SVG unit to a CSS
//!   pixel; `svg.rs` — shapes in whole units, text cut to a width.

mod entrances;
mod kcm;
mod layout;
mod measure;
mod node;
mod packet;
mod pod;
mod svg;
mod tiles;

use crate::i18n::{ui as t, Lang};
use crate::playback::stage::{KcmStrip, Stage, StageNode, StagePod};
use crate::tours::{On, Shows};
use crate::ui::shared::Shared;
use kcm::CidrsetStrip;
use layout::{presenter_zoom, slide_zoom, Layout, StripPlace, DEFAULT_W};
use node::NodeBox;
use std::rc::Rc;
use svg::{owner, px, rect};
use tiles::TileGrid;
use yew::prelude::*;

/// Props of the stage.
#[derive(Properties, PartialEq)]
pub struct StageProps {
    /// The page's language.
    pub lang: Lang,
    /// The picture at the current time.
    pub stage: Shared<Stage>,
    /// A node picked (its box, tile or switcher button): the node's name.
    pub on_node: Callback<String>,
    /// A pod picked (its box): the pod's name. Without it, pods are not buttons.
    #[prop_or_default]
    pub on_pod: Option<Callback<String>>,
    /// An IP file picked (its chip): its node and its name (the address). Without it, files are not
    /// buttons.
    #[prop_or_default]
    pub on_file: Option<Callback<(String, String)>>,
    /// The page gives the stage a box of its own height (the theatre): the picture fits the height
    /// measured there.
    #[prop_or_default]
    pub fill: bool,
    /// Drawn this wide instead of the width measured (a picture written without a browser).
    #[prop_or_default]
    pub width: Option<u32>,
    /// Measured after the browser's next layout rather than as it mounts (one of many figures).
    #[prop_or_default]
    pub measure_later: bool,
    /// The presenter view: type sized for a room ([`layout::presenter_zoom`]), detail dropped to keep it.
    #[prop_or_default]
    pub present: bool,
    /// In a slide the host scales (reveal.js): the scale a 1024 × 768 projector shows the slide at, so
    /// type is sized for the room there ([`layout::slide_zoom`]).
    #[prop_or_default]
    pub slide: Option<f64>,
    /// A figure: the picture holds still from step to step ([`Layout::steady`]).
    #[prop_or_default]
    pub steady: bool,
}

/// The stage.
#[function_component(StageView)]
pub fn stage_view(props: &StageProps) -> Html {
    let StageProps {
        lang,
        stage,
        on_node,
        on_pod,
        on_file,
        fill,
        width: fixed_width,
        measure_later,
        present,
        slide,
        steady,
    } = props;
    let lang = *lang;
    let canvas = use_node_ref();
    let measured = measure::use_size(canvas.clone(), !*measure_later);
    entrances::use_entrances_finished(canvas.clone(), measured.is_some());
    // The height the theatre gives the picture: a taller one drops rows to fit (files, the InternalIP
    // line, host-local's strip, then labels and spacing).
    let max_height = measured.filter(|_| *fill).map(|room| room.height);
    let focus = stage.focus.as_deref();
    // The presenter view lays the picture out for a room this many times smaller, and it is drawn
    // that much larger.
    let zoom = match (present, measured, slide) {
        (true, Some(room), _) => {
            presenter_zoom((f64::from(room.window.0), f64::from(room.window.1)))
        }
        (false, _, Some(scale)) => slide_zoom(*scale),
        _ => 1.0,
    };
    let room_w = fixed_width
        .or(measured.map(|room| room.width))
        .map_or(DEFAULT_W, f64::from)
        / zoom;
    let room_h = max_height.map(|h| f64::from(h) / zoom);
    let layout = match steady {
        true => Layout::steady(stage, room_w, focus, room_h),
        false => Layout::of(stage, room_w, false, focus, room_h),
    };
    let width = layout.width;
    // Scaled up, the picture stays within the height it is given (centred in its width).
    let fit_height = max_height.map(|h| format!("max-height: {h}px"));
    let present: Vec<&StageNode> = stage.nodes.iter().flatten().collect();
    // One node at a time: the switcher's row is there from the start, so the picture does not move
    // down when a second node joins; its buttons come with the second node.
    let switchable = present.len() > 1;
    // In the theatre the row is there at every width: the page rendered at build time cannot know
    // whether the window shows one node at a time, and the picture must not move when the app knows.
    let switcher = (layout.one_node || *fill).then(|| {
        html! {
            <div class="stage-switch" role="group" aria-label={t::STAGE_NODES.get(lang)}>
                { for present.iter().filter(|_| switchable).map(|node| {
                    let on_click = {
                        let (on_node, name) = (on_node.clone(), node.name.clone());
                        Callback::from(move |_: MouseEvent| on_node.emit(name.clone()))
                    };
                    let pressed = Some(node.name.as_str()) == focus;
                    html! { <button onclick={on_click} aria-pressed={pressed.to_string()} class={owner(node.slot)}>{ &node.name }</button> }
                }) }
            </div>
        }
    });
    html! {
        <figure class={classes!("stage", layout.one_node.then_some("narrow"), fill.then_some("fill"))} data-testid="stage"
            data-step={stage.step.map(|i| format!("{} {}", i + 1, stage.steps))}
            data-must-show={stage.shows.iter().flat_map(On::names).collect::<Vec<_>>().join(" ")}
            style={slide.map(|_| format!("--stage-zoom: {zoom}"))}>
            { for switcher }
            <div class="stage-canvas" ref={canvas}>
            <svg viewBox={format!("0 0 {} {}", px(width), px(layout.height))} style={fit_height} role="group" aria-label={t::STAGE.get(lang)}>
                { picture(stage, &layout, on_node, on_pod, on_file, lang) }
            </svg>
            </div>
            if !stage.unscheduled.is_empty() {
                // Outside the nodes: a pod the scheduler has not bound is on none of them.
                <p class="stage-note stage-unscheduled" data-testid="stage-unscheduled">
                    { t::STAGE_UNSCHEDULED.get(lang) }{ stage.unscheduled.join(", ") }
                    { for stage.failed_scheduling.as_ref().map(|message| html! {
                        <span class="failure" title={message.clone()}>
                            { format!(" · FailedScheduling: {}", message.split(". preemption:").next().unwrap_or(message)) }
                        </span>
                    }) }
                </p>
            }
            <figcaption class="stage-note">{ t::STAGE_SLOWED.get(lang) }</figcaption>
        </figure>
    }
}

/// The picture laid out `width` units wide for a file of its own (no zoom, no picks), within `room_h`
/// units of height if given (rows dropped as the page's stage drops them): its parts for the file's
/// `<svg>`, and its height in the same units.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn file_picture(
    stage: &Stage,
    width: u32,
    room_h: Option<u32>,
    lang: Lang,
) -> (Html, u32) {
    let room_h = room_h.map(f64::from);
    let layout = Layout::of(
        stage,
        f64::from(width),
        false,
        stage.focus.as_deref(),
        room_h,
    );
    let height = layout.height.round() as u32;
    (
        picture(stage, &layout, &Callback::noop(), &None, &None, lang),
        height,
    )
}

/// The picture's parts laid out by `layout`, for the `<svg>` that holds them: the page's, or a file's.
fn picture(
    stage: &Stage,
    layout: &Layout,
    on_node: &Callback<String>,
    on_pod: &Option<Callback<String>>,
    on_file: &Option<Callback<(String, String)>>,
    lang: Lang,
) -> Html {
    let width = layout.width;
    let focus = stage.focus.as_deref();
    let present: Vec<&StageNode> = stage.nodes.iter().flatten().collect();
    let kcm_strips: Vec<Rc<KcmStrip>> = stage.kcm.iter().cloned().map(Rc::new).collect();
    let touched_node = stage.touched.as_ref().and_then(|t| t.node.clone());
    html! {
        <>
        <defs>
            <pattern id="stage-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <line x1="0" y1="0" x2="0" y2="6" class="hatch" />
            </pattern>
        </defs>
        { CidrsetStrip { strips: &kcm_strips, pools: &stage.pools, places: &layout.strips, width, bottom: layout.strip_h, touched_node: touched_node.clone(), lang }.view() }
        if let Some((tiles_w, tiles_h)) = layout.tiles {
            { TileGrid { tiles: &stage.tiles, hidden: stage.tiles_hidden, width: tiles_w, top: layout.nodes_y, height: tiles_h, on_node: on_node.clone(), lang }.view() }
        }
        { for layout.boxes.iter().enumerate().map(|(i, place)| {
            let node = match place.slot {
                Some(slot) => stage.nodes.get(slot).and_then(Option::as_ref),
                None => present.iter().find(|n| Some(n.name.as_str()) == focus).or(present.first()).copied(),
            };
            match (node, &place.rows) {
                (Some(node), Some(rows)) => NodeBox { node, x: place.x, y: layout.nodes_y, w: place.w, rows,
                    chain: stage.chains.iter().find(|c| c.node == node.name),
                    token_from: token_from(&stage.kcm, layout.strips.first(), node),
                    touched: stage.touched.clone().filter(|t| t.node.as_deref() == Some(&*node.name)),
                    on_node: on_node.clone(), on_pod: on_pod.clone(), on_file: on_file.clone(), named: named_pods(stage, node), veths_named: veths_named(stage, node), lang }.view(),
                _ => html! {
                    <g key={format!("empty-{i}")}>{ rect("node-slot", place.x, layout.nodes_y, place.w, place.h, 10) }</g>
                },
            }
        }) }
        { packet::packet(stage, layout) }
        </>
    }
}

/// The pods on `node` the step shown names: by name, or by an address one of them holds.
fn named_pods(stage: &Stage, node: &StageNode) -> Vec<String> {
    pods_named(stage, node, |thing, pod| match thing {
        Shows::Pod(name) => pod.name == *name,
        Shows::Address(ip) => pod.ips.iter().any(|held| held == ip),
        _ => false,
    })
}

/// The pods on `node` whose veth pair the step shown names: by the pod, by the host end, or by a
/// route to the pod.
fn veths_named(stage: &Stage, node: &StageNode) -> Vec<String> {
    pods_named(stage, node, |thing, pod| {
        pod.veth.as_ref().is_some_and(|veth| match thing {
            Shows::Veth(name) => pod.name == *name || veth.name == *name,
            Shows::Route(prefix) => pod.route_prefixes().iter().any(|r| r == prefix),
            _ => false,
        })
    })
}

/// The pods on `node` the step shown names, each once, in the order named; `names` says whether a
/// thing names a pod.
fn pods_named(
    stage: &Stage,
    node: &StageNode,
    names: impl Fn(&Shows, &StagePod) -> bool,
) -> Vec<String> {
    let things = stage
        .shows
        .iter()
        .filter(|on| on.node == node.name)
        .flat_map(On::things);
    let mut named: Vec<String> = Vec::new();
    for thing in things {
        let pod = node.pods.iter().find(|pod| names(&thing, pod));
        if let Some(pod) = pod.filter(|p| !named.contains(&p.name)) {
            named.push(pod.name.clone());
        }
    }
    named
}

/// Where the PATCH token of `node` starts: the first family's cidrset cell allocated to it.
fn token_from(
    kcm: &[KcmStrip],
    place: Option<&StripPlace>,
    node: &StageNode,
) -> Option<(f64, f64)> {
    let (kcm, place) = (kcm.first()?, place?);
    let index = kcm.cells[..kcm.cells.len().min(place.cells)]
        .iter()
        .position(|c| c.owner.as_ref().is_some_and(|(o, _)| *o == node.name))?;
    Some((place.x + index as f64 * place.cell_w, place.cells_y))
}
