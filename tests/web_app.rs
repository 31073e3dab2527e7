//! The app mounted in a real headless Chromium: the DOM shows the core's figures, errors and the kind story.
#![cfg(target_arch = "wasm32")]

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use podip::i18n::{catalog, Lang};
use podip::share::{deflate_scenario, Link, LinkProblem, MAX_QUERY_LEN, MAX_SCENARIO_LEN};
use podip::ui::language::parse_catalog;
use podip::ui::sharing::{parse_link, view_query};
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
    mount_at("").await
}

/// Mount the app as if the page had been opened with `query` (the app keeps its link in the address
/// bar, so every mount starts from a known one).
async fn mount_at(query: &str) -> Element {
    install_catalogs();
    let window = web_sys::window().expect("a window");
    let path = window.location().pathname().expect("a path");
    window
        .history()
        .expect("history")
        .replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{query}")),
        )
        .expect("replaceState");
    let root = document().create_element("div").expect("div");
    document()
        .body()
        .expect("body")
        .append_child(&root)
        .expect("append");
    yew::Renderer::<App>::with_root(root.clone()).render();
    // The settings, map, log and editor come a frame after the first paint; a link's scenario is
    // read and simulated in slices after it.
    for _ in 0..100 {
        settle().await;
        let shown = root.query_selector(".settings").ok().flatten().is_some();
        let working = root
            .query_selector("[data-testid=progress]")
            .ok()
            .flatten()
            .is_some();
        if shown && !working {
            break;
        }
    }
    root
}

/// The Chinese and Japanese texts, which the page fetches from its server: the test runner's serves
/// only the tests.
fn install_catalogs() {
    let parse = |json| parse_catalog(json).expect("catalog parses");
    catalog::install(Lang::Zh, parse(include_str!("../static/i18n/zh-Hans.json")));
    catalog::install(Lang::Ja, parse(include_str!("../static/i18n/ja.json")));
}

/// Yew renders on the next tick of the scheduler and the page draws a change at the animation frame
/// after it: wait two frames (ours may run first in the next one), then a tick.
async fn settle() {
    for _ in 0..2 {
        let frame = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .expect("a window")
                .request_animation_frame(&resolve)
                .expect("requestAnimationFrame");
        });
        wasm_bindgen_futures::JsFuture::from(frame)
            .await
            .expect("a frame");
    }
    gloo_timers::future::TimeoutFuture::new(30).await;
}

fn text(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .expect("valid selector")
        .unwrap_or_else(|| panic!("{selector} is on the page"))
        .text_content()
        .unwrap_or_default()
}

/// Wait until the page has no simulation work in hand (its progress indicator gone).
async fn settled(root: &Element) {
    for _ in 0..100 {
        settle().await;
        if root
            .query_selector("[data-testid=progress]")
            .ok()
            .flatten()
            .is_none()
        {
            return;
        }
    }
}

/// Wait until `done` holds (a change is drawn a frame or more after it is made on a loaded machine);
/// the assertion that follows says what it is if it never does.
async fn until(done: impl Fn() -> bool) {
    for _ in 0..100 {
        if done() {
            return;
        }
        settle().await;
    }
}

/// Wait until the text at `selector` is what `drawn` expects (the page draws a change at the frame
/// after it is made); the assertion that follows says what it is if it never comes.
async fn drawn(root: &Element, selector: &str, drawn: impl Fn(&str) -> bool) {
    for _ in 0..100 {
        let shown = root.query_selector(selector).ok().flatten();
        if shown.is_some_and(|el| drawn(&el.text_content().unwrap_or_default())) {
            return;
        }
        settle().await;
    }
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
    settled(root).await;
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
    drawn(&root, "[data-figure=node-subnets] .value", |t| t == "1024").await;
    assert_eq!(text(&root, "[data-figure=node-subnets] .value"), "1024");
    assert_eq!(text(&root, "[data-figure=usable-per-node] .value"), "61");

    assert!(text(&root, "[data-testid=settings-accepted]")
        .starts_with("kube-controller-manager starts"));

    type_into(&root, "cluster-cidr", "10.244.0.0/33").await;
    drawn(&root, "[data-testid=settings-error]", |t| !t.is_empty()).await;
    assert!(text(&root, "[data-testid=settings-error]")
        .contains("failed to parse cidr value:\"10.244.0.0/33\" with error:invalid CIDR address: 10.244.0.0/33"));
    assert_eq!(text(&root, "[data-figure=node-subnets] .value"), "1024");
    // A refusal takes the acceptance's place.
    assert!(root
        .query_selector("[data-testid=settings-accepted]")
        .expect("selector")
        .is_none());

    type_into(&root, "cluster-cidr", "10.244.0.0/28").await;
    drawn(&root, "[data-testid=settings-error]", |t| {
        t.contains("mask size")
    })
    .await;
    assert!(text(&root, "[data-testid=settings-error]").contains(
        "Controller: Invalid --cluster-cidr, mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family"
    ));

    type_into(&root, "cluster-cidr", "fd00:10:244::/56").await;
    type_into(&root, "node-mask", "").await;
    drawn(&root, "[data-figure=last-subnet] .value", |t| {
        t.contains(':')
    })
    .await;
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

/// kube-controller-manager does not refuse a service range it cannot parse: it logs a warning and
/// starts without keeping that range out of the node subnets (`startNodeIpamController`). The page says
/// so in place, in kcm's words, instead of accepting the field silently.
#[wasm_bindgen_test]
async fn an_unparsable_service_range_is_accepted_with_kcms_warning() {
    let root = mount().await;
    assert!(root
        .query_selector("[data-testid=settings-warning]")
        .expect("selector")
        .is_none());
    type_into(&root, "service-cidr", "garbage").await;
    assert_eq!(text(&root, "[data-testid=settings-error]"), "");
    assert!(text(&root, "[data-testid=settings-warning]").ends_with(
        "\"Warning: unsuccessful parsing of service CIDR\" CIDR=\"garbage\" err=\"invalid CIDR address: garbage\""
    ));
    type_into(&root, "service-cidr", "10.96.0.0/16").await;
    let warned = || {
        root.query_selector("[data-testid=settings-warning]")
            .expect("selector")
            .is_some()
    };
    until(|| !warned()).await;
    assert!(!warned(), "a valid service range leaves no warning");
}

async fn click(root: &Element, testid: &str) {
    let button: web_sys::HtmlElement = root
        .query_selector(&format!("[data-testid={testid}]"))
        .expect("valid selector")
        .unwrap_or_else(|| panic!("{testid} is on the page"))
        .unchecked_into();
    button.click();
    settled(root).await;
}

#[wasm_bindgen_test]
async fn kind_tour_steps_show_the_measured_story() {
    // The tour's questions are off here: e2e/quiz.test.mjs answers them.
    let root = mount_at("?quiz=0").await;
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
    // b's veth pair stays until CNI DEL: the worker keeps its pods' three during the lag.
    assert_eq!(
        root.query_selector_all("[data-node=kind-worker] [data-testid=veth]")
            .expect("selector")
            .length(),
        3
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

async fn choose(root: &Element, testid: &str, value: &str) {
    let select: web_sys::HtmlSelectElement = root
        .query_selector(&format!("[data-testid={testid}]"))
        .expect("valid selector")
        .unwrap_or_else(|| panic!("{testid} is on the page"))
        .unchecked_into();
    select.set_value(value);
    let event = web_sys::Event::new("change").expect("event");
    select.dispatch_event(&event).expect("dispatch");
    settle().await;
}

#[wasm_bindgen_test]
async fn switching_the_language_changes_the_words_not_the_view() {
    let root = mount_at("?tour=kind&step=8&lang=en").await;
    let clock = text(&root, "[data-testid=clock]");
    assert_eq!(text(&root, "[data-testid=countdown]"), "CNI DEL in 2.300 s");
    choose(&root, "lang", "ja").await;
    assert_eq!(text(&root, "#tours-title"), "ガイドツアー");
    assert_eq!(
        text(&root, "[data-testid=countdown]"),
        "2.300 s 後に CNI DEL"
    );
    assert_eq!(text(&root, "[data-testid=clock]"), clock);
    choose(&root, "lang", "zh-Hans").await;
    assert_eq!(text(&root, "#tours-title"), "导览");
    assert_eq!(
        text(&root, "[data-testid=step-count]"),
        "kind 集群——第 8 步，共 10 步（t = 4.000 s）"
    );
}

#[wasm_bindgen_test]
async fn a_link_opens_the_view_it_names() {
    let root = mount_at("?tour=kind&node-mask=25&t=2.11s&lang=en").await;
    assert_eq!(text(&root, "[data-testid=clock]"), "t = 2.110 s / 10.800 s");
    assert_eq!(
        text(&root, "[data-node=kind-worker] .podcidr code"),
        "10.244.0.128/25"
    );
    // That the address bar follows the view is tested end to end (e2e/share.test.mjs): here other
    // tests' apps share the address bar.
}

#[wasm_bindgen_test]
async fn the_browsers_deflate_is_what_a_link_inflates() {
    // The page deflates `s=` with CompressionStream; Link::parse inflates with miniz_oxide, as the
    // native tests' links (tests/share_props.rs) do.
    for text in [
        "cluster --cluster-cidr=10.244.0.0/16\nnode add a\npod add p1 a\n".repeat(40),
        "# 三节点 kind 集群／ノード\nnode add kind-worker\n".repeat(30),
        (0..2_000)
            .map(|i| char::from(b'a' + (i * 7 % 26) as u8))
            .collect(),
    ] {
        let link = Link {
            scenario: Some(text.clone()),
            ..Link::default()
        };
        let query = view_query(link.clone()).await;
        assert!(query.starts_with("?s="), "{query}");
        assert!(
            query.len() < text.len(),
            "{} bytes for {}",
            query.len(),
            text.len()
        );
        assert_eq!(Link::parse(&query), (link, vec![]));
    }
}

#[wasm_bindgen_test]
async fn the_browser_reads_links_as_link_parse_does() {
    // The page inflates s= with DecompressionStream; natively (and in the CLI's tests) miniz_oxide does.
    let scenario = "cluster --cluster-cidr=10.244.0.0/16\nnode add a\npod add p1 a\n".repeat(40);
    let bomb = deflate_scenario(&"x".repeat(MAX_SCENARIO_LEN + 1));
    let not_utf8 = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&[0xff, 0xfe], 9));
    for query in [
        format!("?s={}&t=1s", deflate_scenario(&scenario)),
        format!("?tour=kind&s={}", deflate_scenario("node add 三\n")),
        format!("?s={bomb}&tour=kind"),
        format!("?s={not_utf8}"),
        "?s=AAAA&lang=ja".to_string(),
        "?s=%%%&s=".to_string(),
        format!("?s={}&s={}", deflate_scenario("a"), deflate_scenario("b")),
        format!("?s={}", "A".repeat(MAX_QUERY_LEN)),
    ] {
        assert_eq!(parse_link(&query).await, Link::parse(&query), "{query:.60}");
    }
    assert_eq!(
        parse_link(&format!("?s={bomb}")).await.1,
        vec![LinkProblem::ScenarioTooLong]
    );
}

#[wasm_bindgen_test]
async fn a_broken_link_says_what_it_refused_and_shows_the_kind_tour() {
    let root = mount_at("?s=%%%&lang=klingon&t=soon").await;
    let message = text(&root, "[data-testid=link-problem]");
    assert!(message.contains("s= is not base64url"), "{message}");
    assert!(
        message.contains("lang=\"klingon\" is not valid"),
        "{message}"
    );
    assert!(message.contains("t=\"soon\" is not valid"), "{message}");
    assert_eq!(text(&root, "[data-testid=clock]"), "t = 0.000 s / 10.800 s");
    // In the page's language, with the parameter as given.
    let root = mount_at("?lang=ja&s=%%%&theme=neon").await;
    let message = text(&root, "[data-testid=link-problem]");
    assert!(
        message.contains("s= が base64url ではありません"),
        "{message}"
    );
    assert!(message.contains("theme=\"neon\" は無効です"), "{message}");
}

#[wasm_bindgen_test]
async fn the_shortcuts_dialog_opens_and_closes() {
    // The keys themselves act on the whole document, so they are tested end to end (e2e/share.test.mjs),
    // where one app is on the page; here other tests' apps share the document.
    let root = mount_at("?tour=kind&lang=en").await;
    click(&root, "help").await;
    let dialog = text(&root, "[data-testid=help-dialog]");
    assert!(
        dialog.contains("play / pause") && dialog.contains("slower / faster"),
        "{dialog}"
    );
    let close: web_sys::HtmlElement = root
        .query_selector("[data-testid=help-dialog] button")
        .expect("selector")
        .expect("a close button")
        .unchecked_into();
    close.click();
    settle().await;
    assert!(root
        .query_selector("[data-testid=help-dialog]")
        .expect("selector")
        .is_none());
}

/// A node of a 31-node cluster: `ip route` holds a route per other node (kindnetd's `syncRoute`) besides
/// its pods' two lines each, and the card says how many lines it leaves out, not a count of pods.
#[wasm_bindgen_test]
async fn a_node_card_names_how_many_route_lines_it_leaves_out() {
    let mut text = String::from("cluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=24\n");
    for n in 0..30 {
        text.push_str(&format!("node add z{n:02}\n"));
    }
    text.push_str("node add a\nwait 1s\npod add p --node=a\nwait 1s\n");
    let query: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("scenario", &text)
        .append_pair("t", "2s")
        .append_pair("lang", "en")
        .finish();
    let root = mount_at(&format!("?{query}")).await;
    let card = root
        .query_selector("[data-testid=node][data-node=a]")
        .expect("selector")
        .expect("a's card");
    let routes = text_of(&card, ".routes pre");
    let lines: Vec<&str> = routes.lines().collect();
    assert_eq!(lines.len(), 32);
    // kcm's first sync takes the nodes in name order, so a has 10.244.0.0/24 and z00 the next.
    assert_eq!(lines[1], "10.244.0.2 dev vethab2667e3 scope host");
    assert_eq!(lines[2], "10.244.1.0/24 via 172.18.0.2 dev eth0");
    // default, the pod's /32, 30 other nodes, the uplink's prefix, ::1 and two fe80::/64: 36 lines.
    assert_eq!(text_of(&card, ".routes .more"), "… and 4 more routes");
}

fn text_of(element: &Element, selector: &str) -> String {
    element
        .query_selector(selector)
        .expect("valid selector")
        .unwrap_or_else(|| panic!("{selector} is in the element"))
        .text_content()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_event_log_is_oldest_first_and_follows_the_newest_entry() {
    let root = mount_at("?quiz=0").await;
    click(&root, "tour-kind").await;
    // The first stage's log is drawn once the rest of the code is in (at once: this build is not split).
    settle().await;
    let reasons = |root: &Element| -> Vec<String> {
        let rows = root
            .query_selector_all("[data-testid=event-log] .event .event-reason")
            .expect("selector");
        (0..rows.length())
            .filter_map(|i| rows.item(i).and_then(|row| row.text_content()))
            .collect()
    };
    for _ in 0..3 {
        click(&root, "tour-next").await;
    }
    let early = reasons(&root);
    assert!(early.len() > 3, "{early:?}");
    // The control plane's node registers before kube-controller-manager's IPAM starts.
    assert_eq!(
        early.iter().take(2).map(String::as_str).collect::<Vec<_>>(),
        ["NodeRegistered", "NodeIpamStarted"],
        "{early:?}"
    );
    click(&root, "tour-next").await;
    let later = reasons(&root);
    // Oldest first: what was drawn is still there in order, and the new entries come after it.
    assert_eq!(&later[..early.len()], &early[..], "{later:?}");
    assert!(later.len() > early.len());
    let list = root
        .query_selector("[data-testid=event-log]")
        .expect("selector")
        .expect("the log is on the page");
    let at_end = || list.scroll_top() + list.client_height() >= list.scroll_height() - 2;
    until(at_end).await;
    assert!(at_end(), "the log follows the newest entry");
}
