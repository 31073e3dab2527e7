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

#[test]
fn each_tour_asks_at_least_two_questions_before_steps_it_has() {
    for words in &narration::TOURS {
        assert!(words.questions.len() >= 2, "{}", words.name);
        for question in words.questions {
            assert!(question.before_step < words.steps.len(), "{}", words.name);
            assert!(question.choices.len() >= 2 && question.correct < question.choices.len());
        }
    }
}

/// The state of tour `name` at the moment of its step `step`.
fn at_step(name: &str, step: usize) -> podip::sim::state::State {
    let (_, anchors) = builtin::TOURS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a tour");
    let scenario =
        Rc::new(Scenario::parse(builtin::by_name(name).expect("built in")).expect("parses"));
    let (_, events) = Simulation::timeline(scenario.clone());
    let time = builtin::tour_step_times(anchors, events.iter())[step].expect("the step happens");
    Simulation::at(&scenario, time).state()
}

/// The right answer of the question asked before `step`, in English.
fn answer(name: &str, step: usize) -> &'static str {
    let question = narration::question(name, step).expect("a question");
    question.choices[question.correct].en
}

#[test]
fn the_right_answers_are_what_the_steps_show() {
    let pod_ip = |state: &podip::sim::state::State, pod: &str| {
        state
            .pods
            .iter()
            .find(|p| p.name == pod)
            .map(|p| p.ips.join(","))
            .unwrap_or_default()
    };
    let pod_cidrs = |state: &podip::sim::state::State, node: &str| {
        state
            .nodes
            .iter()
            .find(|n| n.name == node)
            .map(|n| n.pod_cidrs.clone())
            .unwrap_or_default()
    };
    // kind: kind-worker2's subnet; d's address after b's release.
    assert_eq!(
        pod_cidrs(&at_step("kind", 1), "kind-worker2"),
        [answer("kind", 1)]
    );
    let d = pod_ip(&at_step("kind", 9), "d");
    assert!(d.ends_with(answer("kind", 9)), "{d}");
    // b's files go with CNI DEL, 2.3 s after its object.
    assert!(answer("kind", 8).contains("2.3 s"));
    // planning: node-e's subnet once node-b's is released; the fifth node gets none at first.
    assert!(pod_cidrs(&at_step("planning", 1), "node-e").is_empty());
    assert_eq!(
        pod_cidrs(&at_step("planning", 3), "node-e"),
        [answer("planning", 3)]
    );
    // exhaustion: p6 gets .3 on its retry.
    // (status.podIPs comes 5 ms after host-local's reservation: read last_reserved_ip.)
    let last = at_step("exhaustion", 2).nodes[0]
        .ipam
        .last_reserved_ip
        .get("0")
        .cloned()
        .unwrap_or_default();
    assert!(last.ends_with(answer("exhaustion", 2)), "{last}");
    // kcm-restart: node-d gets a fresh subnet; node-e, after the restart, node-b's old one.
    assert_eq!(
        pod_cidrs(&at_step("kcm-restart", 1), "node-d"),
        [answer("kcm-restart", 1)]
    );
    assert!(
        answer("kcm-restart", 3).starts_with(&pod_cidrs(&at_step("kcm-restart", 3), "node-e")[0])
    );
    // max-pods: web-62 admitted but without an address, then .2 on its retry.
    let failed = at_step("max-pods", 2);
    assert!(failed
        .pods
        .iter()
        .any(|p| p.name == "web-62" && p.ips.is_empty()));
    let retried = at_step("max-pods", 4).nodes[0]
        .ipam
        .last_reserved_ip
        .get("0")
        .cloned()
        .unwrap_or_default();
    assert!(retried.ends_with(answer("max-pods", 4)), "{retried}");
    // reboot-leak: web-1 comes back on .7; ten files for five pods; three pods get .4–.6, two fail.
    let rebooted = at_step("reboot-leak", 4);
    assert!(pod_ip(&rebooted, "web-1").ends_with(answer("reboot-leak", 4)));
    let disk_files = |state: &podip::sim::state::State| {
        state
            .nodes
            .iter()
            .find(|n| n.name == "disk-worker")
            .map_or(0, |n| n.ipam.reserved.len())
    };
    assert_eq!(
        disk_files(&at_step("reboot-leak", 6)).to_string(),
        answer("reboot-leak", 6)
    );
    let full = at_step("reboot-leak", 9);
    let running: Vec<String> = (1..=5)
        .map(|n| pod_ip(&full, &format!("web-{n}")))
        .filter(|ip| !ip.is_empty())
        .collect();
    assert_eq!(running, ["10.244.0.4", "10.244.0.5", "10.244.0.6"]);
    assert!(answer("reboot-leak", 8).starts_with("Three get .4–.6"));
    assert_eq!(disk_files(&full), 13);
    // why-round-robin: job-2 gets .3; next-1 wraps to .2.
    assert!(pod_ip(&at_step("why-round-robin", 2), "job-2").ends_with(answer("why-round-robin", 2)));
    assert!(
        pod_ip(&at_step("why-round-robin", 5), "next-1").ends_with(answer("why-round-robin", 5))
    );
    // dual-stack: two podCIDRs per node, two IP files for a.
    assert_eq!(pod_cidrs(&at_step("dual-stack", 0), "kind-worker").len(), 2);
    let state = at_step("dual-stack", 2);
    let a = state
        .pods
        .iter()
        .find(|p| p.name == "a")
        .and_then(|p| p.container_id.clone());
    let files = state
        .nodes
        .iter()
        .flat_map(|n| n.ipam.reserved.values())
        .filter(|holder| Some(*holder) == a.as_ref())
        .count();
    assert_eq!(files, 2);
}
