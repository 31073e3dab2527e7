//! The Yew front end: a thin view over the core. Components render state from [`crate::ipam`] and send
//! actions; no component computes an address or a capacity figure.

mod actions;
mod capacity;
mod editor;
mod map;
mod nodes;
mod ruler;
mod settings;
mod studio;
mod timeline;
mod tours;

use actions::Actions;
use editor::Editor;
use gloo_timers::callback::Interval;
use map::AddressMapView;
use nodes::{Nodes, PodView};
use settings::Settings;
use studio::{Action, Studio};
use timeline::{EventLog, Transport};
use tours::Tours;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// How often the clock ticks while playing (real milliseconds).
const TICK_MS: u32 = 50;

/// The whole page: one reducer owns the simulation; every part renders it and sends actions.
#[function_component(App)]
pub fn app() -> Html {
    let studio = use_reducer(Studio::default);
    {
        // The animation clock: while playing, tell the reducer how much real time passed.
        let studio = studio.clone();
        use_effect_with(studio.playing, move |playing| {
            let ticker = playing.then(|| {
                let mut last = js_sys::Date::now();
                Interval::new(TICK_MS, move || {
                    let now = js_sys::Date::now();
                    studio.dispatch(Action::Tick(now - last));
                    last = now;
                })
            });
            move || drop(ticker)
        });
    }
    let on_key = {
        let studio = studio.clone();
        Callback::from(move |e: KeyboardEvent| {
            let typing = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                });
            if typing {
                return;
            }
            let action = match e.key().as_str() {
                " " if studio.playing => Action::Pause,
                " " => Action::Play,
                "ArrowRight" => Action::Step,
                "ArrowLeft" => Action::StepBack,
                _ => return,
            };
            e.prevent_default();
            studio.dispatch(action);
        })
    };
    html! {
        <div class="app" onkeydown={on_key}>
            <header class="masthead">
                <h1>{ "podip" }</h1>
                <p class="tagline">{ "How Kubernetes gives a Pod its IP address — the node IPAM controller's subnets, then host-local's addresses, exactly as the real code does it." }</p>
            </header>
            <div class="timebar"><Transport studio={studio.clone()} /></div>
            <main class="layout">
                <div class="col-main">
                    <Tours studio={studio.clone()} />
                    <Actions studio={studio.clone()} />
                    <Nodes studio={studio.clone()} />
                    <PodView studio={studio.clone()} />
                    <AddressMapView studio={studio.clone()} />
                </div>
                <div class="col-side">
                    <EventLog studio={studio.clone()} />
                    <Settings studio={studio.clone()} />
                    <Editor studio={studio.clone()} />
                </div>
            </main>
        </div>
    }
}

/// Mount the app on `<body>`, after installing a panic hook that reports in the page, not a blank screen.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        report_panic(&info.to_string());
    }));
    yew::Renderer::<App>::new().render();
}

/// Show a panic in a banner, so a learner sees what happened instead of a frozen page.
fn report_panic(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(banner) = document.create_element("div") else {
        return;
    };
    banner.set_class_name("panic-banner");
    banner.set_attribute("role", "alert").ok();
    banner.set_text_content(Some(&format!(
        "podip stopped because of a bug: {message}. Reload the page; please report this with what you typed."
    )));
    if let Some(body) = document.body() {
        body.prepend_with_node_1(banner.unchecked_ref()).ok();
    }
}
