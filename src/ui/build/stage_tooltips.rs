//! The stage in Chinese and Japanese, rendered as the page is at build time (Yew's server-side
//! rendering): every tooltip says what it names in the page's language, none in the stage's CSS words.

use crate::i18n::{ui as t, Lang};
use crate::playback::stage::Stage;
use crate::playback::Player;
use crate::sim::builtin;
use crate::sim::VirtualTime;
use crate::ui::app::state::AppState;
use crate::ui::shared::Shared;
use crate::ui::stage::StageView;
use yew::prelude::*;

/// The words the stage's tooltips once said in English whatever the page's language: its CSS
/// classes for an address (`10.244.1.2 · reserved`), a cidrset cell and a pod's phase.
const CLASS_WORDS: &[&str] = &[
    "reserved",
    "orphaned",
    "freed",
    "free",
    "gateway",
    "edge",
    "network",
    "broadcast",
    "service",
    "pending",
    "adding",
    "running",
    "deleting",
    "gone",
];

/// The class words a tooltip ends its parts with (`10.244.1.2 · reserved`, `web-1 10.244.1.2
/// running`); a name such as `kind-worker` is one word, and an error quoted whole is upstream's
/// English.
fn class_words(tooltip: &str) -> Vec<&str> {
    tooltip
        .split(" · ")
        .filter_map(|part| part.split_whitespace().last())
        .filter(|word| CLASS_WORDS.contains(word))
        .collect()
}

#[derive(Properties, PartialEq)]
struct AtTheEnd {
    stage: Shared<Stage>,
    lang: Lang,
}

/// The stage at the end of a built-in scenario.
#[function_component]
fn StageAtTheEnd(props: &AtTheEnd) -> Html {
    html! { <StageView lang={props.lang} stage={props.stage.clone()} on_node={Callback::noop()} /> }
}

/// The stage's tooltips (SVG `<title>`s) at the end of `scenario`, rendered in `lang`.
fn tooltips(scenario: &'static str, lang: Lang) -> Vec<String> {
    let text = builtin::by_name(scenario).expect("a built-in scenario");
    let mut player = Player::load(text.to_string(), crate::tours::TourId::from_name(scenario))
        .expect("a built-in scenario loads");
    player.seek(VirtualTime(u64::MAX));
    player.finish();
    let stage = AppState::new(player).shown().stage.shared();
    let renderer = yew::LocalServerRenderer::<StageAtTheEnd>::with_props(AtTheEnd { stage, lang })
        .hydratable(false);
    let html = futures::executor::block_on(renderer.render());
    html.split("<title>")
        .skip(1)
        .filter_map(|rest| rest.split("</title>").next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_stages_tooltips_are_in_the_pages_language() {
    assert_eq!(class_words("10.244.1.2 · reserved"), ["reserved"]);
    assert_eq!(class_words("3 · 10.96.0.0/24 · service"), ["service"]);
    assert_eq!(class_words("web-1 10.244.0.7 running"), ["running"]);
    assert!(class_words("web-1 10.244.0.7 Running · kind-worker").is_empty());
    assert!(class_words(
        "a: FailedCreatePodSandBox failed to setup network for sandbox: 10.244.0.1-10.244.0.14"
    )
    .is_empty());
    for lang in [Lang::Zh, Lang::Ja] {
        let shown: Vec<String> = [
            "kind",
            "reboot-leak",
            "service-overlap",
            "exhaustion",
            "kubeadm-flannel",
        ]
        .into_iter()
        .flat_map(|scenario| tooltips(scenario, lang))
        .collect();
        for tooltip in &shown {
            assert!(class_words(tooltip).is_empty(), "{lang:?}: {tooltip:?}");
        }
        // What the tooltips name is drawn: the test sees the addresses and cells it checks.
        let all = shown.join("\n");
        for label in [t::CELL_RESERVED, t::CELL_ORPHANED, t::CELL_FREE] {
            assert!(
                all.contains(label.get(lang)),
                "{lang:?}: no {:?} in\n{all}",
                label.en
            );
        }
        assert!(
            all.contains(t::MAP_CELL_SERVICE.get(lang)),
            "{lang:?}: no service cell in\n{all}"
        );
    }
}
