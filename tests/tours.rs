//! Every guided tour's steps happen in its scenario, in order, and each has its words.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::i18n::narration;
use podip::sim::{builtin, Scenario, Simulation};
use std::rc::Rc;

#[test]
fn each_tour_step_is_anchored_on_an_event_its_scenario_makes_happen_in_order() {
    for (name, anchors) in builtin::TOURS {
        let text = builtin::by_name(name).expect("a tour plays a built-in scenario");
        let scenario = Scenario::parse(text).expect("built-in scenarios parse");
        let (_, events) = Simulation::timeline(Rc::new(scenario));
        let times = builtin::tour_step_times(anchors, events.iter());
        assert!(
            times.iter().all(Option::is_some),
            "{name}: a step's event never happens: {times:?}"
        );
        assert!(
            times.windows(2).all(|w| w[0] <= w[1]),
            "{name}: steps out of order: {times:?}"
        );
    }
}

#[test]
fn each_tour_has_as_many_narrated_steps_as_anchors() {
    assert_eq!(builtin::TOURS.len(), narration::TOURS.len());
    for ((name, anchors), words) in builtin::TOURS.iter().zip(&narration::TOURS) {
        assert_eq!(*name, words.name);
        assert_eq!(anchors.len(), words.steps.len(), "{name}");
    }
}

#[test]
fn the_kind_tour_reaches_d_at_its_last_step() {
    let (_, anchors) = builtin::TOURS[0];
    let scenario = Scenario::parse(builtin::KIND).expect("parses");
    let (_, events) = Simulation::timeline(Rc::new(scenario.clone()));
    let last = builtin::tour_step_times(anchors, events.iter())
        .last()
        .copied()
        .flatten()
        .expect("the last step happens");
    let state = Simulation::at(&scenario, last).state();
    let d = state.pods.iter().find(|p| p.name == "d").expect("d exists");
    assert_eq!(d.ips, ["10.244.1.5"]);
}
