//! The Yew front end: a thin view over the core. Components render state from [`crate::ipam`] and send
//! actions; no component computes an address or a capacity figure.

mod planner;
mod ruler;

use planner::Planner;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    html! {
        <>
            <header class="masthead">
                <h1>{ "podip" }</h1>
                <p class="tagline">{ "How Kubernetes gives a Pod its IP address — the node IPAM controller's subnets, then host-local's addresses, exactly as the real code does it." }</p>
            </header>
            <main>
                <Planner />
            </main>
        </>
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
