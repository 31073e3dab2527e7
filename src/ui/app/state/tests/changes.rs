//! Settings never change silently: a preset that replaces what the learner set, and a tour that
//! loads its own cluster over the learner's, say so with a way back that puts it all back; a tour on
//! another chain than its own says so and never strands the learner.
use super::{finish, kind_tour};
use crate::ipam::kcm::KcmFlag;
use crate::playback::Player;
use crate::share::Link;
use crate::sim::VirtualTime;
use crate::tours::TourId;
use crate::ui::app::state::{Action, AppState};

fn mask(state: &AppState) -> String {
    KcmFlag::NodeCidrMaskSize
        .value(&state.shown().edit.fields.flags)
        .to_string()
}

/// The kind tour with the k3s preset picked on it, at its start.
fn kind_under_k3s() -> AppState {
    let mut state = kind_tour(false);
    state.reduce(Action::Preset("k3s".into()));
    finish(&mut state);
    state
}

#[test]
fn a_preset_says_which_typed_flag_it_replaced_and_undo_puts_the_cluster_back() {
    let mut state = kind_tour(false);
    state.reduce(Action::EditSetting(
        crate::sim::DraftField::Flag(KcmFlag::NodeCidrMaskSize),
        "26".into(),
    ));
    finish(&mut state);
    let (text, settings) = (state.player.text().to_string(), state.player.settings());
    assert!(text.contains("--node-cidr-mask-size=26"), "{text}");
    state.reduce(Action::Preset("kubeadm".into()));
    finish(&mut state);
    let replaced = state.shown().edit.replaced.clone().expect("said");
    assert_eq!(replaced.preset.name, "kubeadm");
    // Only what the learner set: kind's own --cluster-cidr and max-pods are not the learner's.
    assert_eq!(replaced.fields, ["--node-cidr-mask-size=26"]);
    assert_ne!(mask(&state), "26");
    assert_ne!(state.player.text(), text);
    state.reduce(Action::UndoPreset);
    finish(&mut state);
    assert_eq!(mask(&state), "26");
    assert_eq!(state.shown().edit.replaced, None);
    assert_eq!(state.shown().edit.refusal, None);
    assert_eq!(state.player.text(), text, "the scenario as it was");
    assert_eq!(state.player.settings(), settings);
    assert_eq!(state.player.cursor().run().tour(), Some(TourId::Kind));
}

#[test]
fn a_preset_over_the_scenarios_own_fields_replaces_nothing_of_the_learners() {
    let mut state = kind_tour(false);
    state.reduce(Action::Preset("kubeadm".into()));
    finish(&mut state);
    assert_eq!(state.shown().edit.replaced, None);
    // A field typed after it takes the way back away: undo would lose it.
    let mut state = kind_tour(false);
    state.reduce(Action::EditSetting(
        crate::sim::DraftField::Flag(KcmFlag::NodeCidrMaskSize),
        "26".into(),
    ));
    state.reduce(Action::Preset("k3s".into()));
    assert!(state.shown().edit.replaced.is_some());
    state.reduce(Action::EditSetting(
        crate::sim::DraftField::Flag(KcmFlag::NodeCidrMaskSize),
        "25".into(),
    ));
    assert_eq!(state.shown().edit.replaced, None);
    assert!(!state.reduce(Action::UndoPreset));
}

#[test]
fn a_tour_opened_over_the_learners_cluster_says_so_and_restores_it() {
    let mut state = kind_under_k3s();
    state.reduce(Action::TourStep(3));
    finish(&mut state);
    let (text, now) = (state.player.text().to_string(), state.player.cursor().now());
    state.reduce(Action::Load {
        text: crate::sim::builtin::KUBEADM_FLANNEL.to_string(),
        tour: Some(TourId::KubeadmFlannel),
    });
    finish(&mut state);
    assert_eq!(
        state.shown().tour.replaced,
        Some(TourId::KubeadmFlannel.into())
    );
    assert_eq!(state.player.text(), crate::sim::builtin::KUBEADM_FLANNEL);
    state.reduce(Action::RestoreCluster);
    finish(&mut state);
    assert_eq!(state.shown().tour.replaced, None);
    assert_eq!(state.player.text(), text, "the learner's scenario");
    assert_eq!(state.player.cursor().run().tour(), Some(TourId::Kind));
    assert_eq!(state.player.cursor().current_step(), Some(3));
    assert_eq!(state.player.cursor().now(), now);
    assert_eq!(
        state.shown().edit.fields.knob(crate::sim::KnobId::Cni),
        "k3s-flannel"
    );
}

#[test]
fn a_tour_opened_over_another_tours_own_cluster_replaces_nothing() {
    let mut state = kind_tour(false);
    state.reduce(Action::Load {
        text: crate::sim::builtin::KUBEADM_FLANNEL.to_string(),
        tour: Some(TourId::KubeadmFlannel),
    });
    finish(&mut state);
    assert_eq!(state.shown().tour.replaced, None);
    assert!(!state.reduce(Action::RestoreCluster));
}

#[test]
fn the_kind_tour_under_k3s_says_so_at_its_start_and_presses_reach_its_last_step() {
    let mut state = kind_under_k3s().with_presenting(true);
    let gap = state
        .shown()
        .tour
        .gap
        .clone()
        .expect("said at the introduction");
    assert_eq!(gap.retold, Some(TourId::KubeadmFlannel));
    let last = TourId::Kind.tour().steps.len() - 1;
    let mut stops = Vec::new();
    for _ in 0..200 {
        state.reduce(Action::Press(true));
        finish(&mut state);
        while state.playing {
            state.reduce(Action::Tick(1_000.0));
        }
        let step = state.player.cursor().current_step();
        if stops.last() != Some(&step) {
            stops.push(step);
        }
        if step == Some(last) {
            break;
        }
    }
    assert_eq!(stops.last(), Some(&Some(last)), "{stops:?}");
    for lacked in &gap.missing {
        assert!(!stops.contains(&Some(*lacked)), "{lacked} in {stops:?}");
    }
    // The next-step button goes on past a lacked step too.
    let before_gap = gap.missing[0] - 1;
    state.reduce(Action::TourStep(before_gap));
    finish(&mut state);
    let next = state.shown().tour.next_step().expect("a step after");
    assert!(next > gap.missing[0] && !gap.lacks(next));
}

#[test]
fn each_way_on_from_the_notice_tells_the_whole_story() {
    // Its own cluster, at the step shown.
    let mut state = kind_under_k3s();
    state.reduce(Action::TourStep(3));
    finish(&mut state);
    state.reduce(Action::OwnCluster);
    finish(&mut state);
    assert_eq!(state.player.text(), crate::sim::builtin::KIND);
    assert_eq!(state.shown().tour.gap, None);
    assert_eq!(state.player.cursor().current_step(), Some(3));
    assert_eq!(state.shown().tour.replaced, Some(TourId::Kind.into()));
    state.reduce(Action::RestoreCluster);
    finish(&mut state);
    assert!(state.shown().tour.gap.is_some(), "the k3s cluster again");
    // The same story on the learner's chain, at the same place in it, the learner's cluster a click
    // away.
    let mut state = kind_under_k3s();
    let b_deleted = TourId::Kind.tour().step_index("b-deleted");
    state.reduce(Action::TourStep(b_deleted.expect("a step")));
    finish(&mut state);
    let text = state.player.text().to_string();
    state.reduce(Action::Retold);
    finish(&mut state);
    let run = state.player.cursor().run();
    assert_eq!(run.tour(), Some(TourId::KubeadmFlannel));
    assert_eq!(run.gap(), None);
    assert_eq!(
        state.player.cursor().current_step(),
        TourId::KubeadmFlannel.tour().step_index("b-deleted")
    );
    assert_eq!(
        state.shown().tour.replaced,
        Some(TourId::KubeadmFlannel.into())
    );
    state.reduce(Action::RestoreCluster);
    finish(&mut state);
    assert_eq!(state.player.text(), text);
}

#[test]
fn a_link_to_a_step_the_run_lacks_opens_with_the_notice() {
    let a_veth = TourId::Kind.tour().step_index("a-veth").expect("a step");
    let (link, _) = Link::parse(&format!("?tour=kind&cni=k3s-flannel&step={}", a_veth + 1));
    let mut state = AppState::new(Player::from_link(&link));
    finish(&mut state);
    let tour = &state.shown().tour;
    assert_eq!(tour.missing_step, Some(a_veth));
    assert!(tour.gap.as_ref().is_some_and(|gap| gap.lacks(a_veth)));
    assert_eq!(state.player.cursor().now(), VirtualTime::ZERO);
    // Its own cluster opens at the step the link asked for.
    state.reduce(Action::OwnCluster);
    finish(&mut state);
    assert_eq!(state.player.cursor().current_step(), Some(a_veth));
    assert_eq!(state.shown().tour.missing_step, None);
}

/// An author's lesson under other settings keeps its steps and is told as written, with the notice
/// and the way back to the lesson's own cluster, where the built-ins retell.
#[test]
fn a_lesson_under_other_settings_keeps_its_steps_and_says_its_words_are_its_own() {
    let doc = include_str!("../../../../../README.md");
    let doc = &doc[doc.find("## Write a lesson").expect("the section")..];
    let block = &doc[doc.find("```markdown\n").expect("the example") + 12..];
    let text = format!("{}\n", &block[..block.find("\n```\n").expect("its end")]);
    let query = Link::carrying_lesson(&text, Some(1)).expect("it fits");
    let (link, _) = Link::parse(&query);
    let mut state = AppState::new(Player::from_link(&link));
    finish(&mut state);
    let lesson = state.player.cursor().run().teller().expect("the lesson");
    let steps = lesson.tour().steps.len();
    assert_eq!(state.player.cursor().current_step(), Some(1));
    let said = state.shown().tour.words.step(1, crate::i18n::Lang::En);
    assert!(!said.expect("words").own_cluster, "its own settings");
    let own_text = state.player.text().to_string();
    state.reduce(Action::EditSetting(
        crate::sim::DraftField::Flag(KcmFlag::NodeCidrMaskSize),
        "26".into(),
    ));
    finish(&mut state);
    let run = state.player.cursor().run();
    assert_eq!(run.teller(), Some(lesson), "still told by the lesson");
    assert_eq!(run.step_times().len(), steps);
    assert_eq!(state.player.cursor().current_step(), Some(1));
    let said = state.shown().tour.words.step(1, crate::i18n::Lang::En);
    let said = said.expect("words");
    assert!(said.own_cluster, "{said:?}");
    assert_eq!(said.text, lesson.tour().steps[1].words.en, "as written");
    // The way back: the lesson's own cluster at the same step, the learner's a click away.
    state.reduce(Action::OwnCluster);
    finish(&mut state);
    assert_eq!(state.player.text(), own_text);
    assert_eq!(state.player.cursor().run().teller(), Some(lesson));
    assert_eq!(state.player.cursor().current_step(), Some(1));
    assert_eq!(state.shown().tour.replaced, Some(lesson));
    state.reduce(Action::RestoreCluster);
    finish(&mut state);
    assert!(state.player.text().contains("--node-cidr-mask-size=26"));
    assert_eq!(state.player.cursor().run().teller(), Some(lesson));
}
