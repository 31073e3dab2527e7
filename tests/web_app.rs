//! The app mounted in a real headless Chromium: the DOM shows the core's figures, errors and the kind story.
#![cfg(target_arch = "wasm32")]

use podip::ui::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a document")
}

async fn mount() -> Element {
    let root = document().create_element("div").expect("div");
    document()
        .body()
        .expect("body")
        .append_child(&root)
        .expect("append");
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    root
}

/// Yew renders on the next tick of the scheduler.
async fn settle() {
    gloo_timers::future::TimeoutFuture::new(30).await;
}

fn text(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .expect("valid selector")
        .unwrap_or_else(|| panic!("{selector} is on the page"))
        .text_content()
        .unwrap_or_default()
}

async fn type_into(root: &Element, testid: &str, value: &str) {
    let input: HtmlInputElement = root
        .query_selector(&format!("[data-testid={testid}]"))
        .expect("valid selector")
        .expect("input is on the page")
        .unchecked_into();
    input.set_value(value);
    let event = web_sys::InputEvent::new("input").expect("event");
    input.dispatch_event(&event).expect("dispatch");
    settle().await;
}

#[wasm_bindgen_test]
async fn shows_kind_defaults() {
    let root = mount().await;
    assert_eq!(text(&root, "[data-figure=node-subnets] .value"), "256");
    assert_eq!(
        text(&root, "[data-figure=addresses-per-node] .value"),
        "256"
    );
    assert_eq!(text(&root, "[data-figure=usable-per-node] .value"), "253");
    assert_eq!(
        text(&root, "[data-figure=last-subnet] .value"),
        "10.244.255.0/24"
    );
    assert_eq!(text(&root, "[data-figure=max-pods] .value"), "110");
    assert_eq!(
        root.query_selector_all(".bit.node")
            .expect("selector")
            .length(),
        8
    );
    assert_eq!(text(&root, "[data-testid=settings-error]"), "");
}

#[wasm_bindgen_test]
async fn a_new_mask_replans_and_a_bad_cidr_keeps_the_last_plan() {
    let root = mount().await;
    type_into(&root, "node-mask", "26").await;
    assert_eq!(text(&root, "[data-figure=node-subnets] .value"), "1024");
    assert_eq!(text(&root, "[data-figure=usable-per-node] .value"), "61");

    type_into(&root, "cluster-cidr", "10.244.0.0/33").await;
    assert!(text(&root, "[data-testid=settings-error]")
        .contains("failed to parse cidr value:\"10.244.0.0/33\" with error:invalid CIDR address: 10.244.0.0/33"));
    assert_eq!(text(&root, "[data-figure=node-subnets] .value"), "1024");

    type_into(&root, "cluster-cidr", "10.244.0.0/28").await;
    assert!(text(&root, "[data-testid=settings-error]").contains(
        "Controller: Invalid --cluster-cidr, mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family"
    ));

    type_into(&root, "cluster-cidr", "fd00:10:244::/56").await;
    type_into(&root, "node-mask", "").await;
    assert_eq!(text(&root, "[data-testid=settings-error]"), "");
    assert_eq!(
        text(&root, "[data-figure=last-subnet] .value"),
        "fd00:10:244:ff::/64"
    );
    assert_eq!(
        root.query_selector_all(".bit").expect("selector").length(),
        128
    );
}

async fn click(root: &Element, testid: &str) {
    let button: web_sys::HtmlElement = root
        .query_selector(&format!("[data-testid={testid}]"))
        .expect("valid selector")
        .unwrap_or_else(|| panic!("{testid} is on the page"))
        .unchecked_into();
    button.click();
    settle().await;
}

#[wasm_bindgen_test]
async fn kind_tour_steps_show_the_measured_story() {
    let root = mount().await;
    click(&root, "tour-kind").await;
    for _ in 0..7 {
        click(&root, "tour-next").await;
    }
    let ips: Vec<String> = ["a", "b", "c"]
        .iter()
        .map(|p| text(&root, &format!("[data-testid=pod][data-pod={p}] .pod-ip")))
        .collect();
    assert_eq!(ips, ["10.244.1.2", "10.244.1.3", "10.244.1.4"]);
    click(&root, "tour-next").await;
    assert!(root
        .query_selector("[data-testid=pod][data-pod=b]")
        .expect("selector")
        .is_none());
    assert_eq!(text(&root, "[data-testid=countdown]"), "CNI DEL in 2.300 s");
    assert_eq!(
        root.query_selector_all("[data-node=kind-worker] [data-testid=veth]")
            .expect("selector")
            .length(),
        2
    );
    click(&root, "tour-next").await;
    assert!(root
        .query_selector("[data-testid=countdown]")
        .expect("selector")
        .is_none());
    click(&root, "tour-next").await;
    assert_eq!(
        text(&root, "[data-testid=pod][data-pod=d] .pod-ip"),
        "10.244.1.5"
    );
}
