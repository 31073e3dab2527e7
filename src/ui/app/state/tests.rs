//! The reducer: tours' questions, and what the page shows kept between moments.
use super::*;
use crate::ui::app::view::Answer;

mod changes;
mod writer;

fn kind_tour(quiz: bool) -> AppState {
    let mut state = AppState::new(Player::default()).with_quiz(quiz);
    state.reduce(Action::Load {
        text: crate::sim::builtin::KIND.to_string(),
        tour: Some(TourId::Kind),
    });
    finish(&mut state);
    state
}

fn finish(state: &mut AppState) {
    while state.has_work() {
        state.reduce(Action::Work);
    }
}

fn current_step(state: &AppState) -> Option<usize> {
    state.player.cursor().current_step()
}

#[test]
fn a_question_is_asked_before_its_step_and_the_step_plays_once_answered() {
    let mut state = kind_tour(true);
    // The kind tour asks before its first step (the control plane's subnet) and its second
    // (kind-worker2's).
    state.reduce(Action::TourStep(0));
    assert_eq!(
        state.asked,
        Some(Asked {
            step: 0,
            answer: None
        })
    );
    assert_eq!(
        current_step(&state),
        None,
        "the introduction, until answered"
    );
    state.reduce(Action::Answer(0));
    finish(&mut state);
    assert_eq!(current_step(&state), Some(0));
    state.reduce(Action::TourStep(1));
    assert_eq!(
        state.asked,
        Some(Asked {
            step: 1,
            answer: None
        })
    );
    assert_eq!(
        current_step(&state),
        Some(0),
        "the step waits for the answer"
    );
    state.reduce(Action::Answer(0));
    finish(&mut state);
    assert_eq!(
        state.asked,
        Some(Asked {
            step: 1,
            answer: Some(Answer::Picked(0))
        })
    );
    assert_eq!(current_step(&state), Some(1));
    // Back and forth again: asked once.
    state.reduce(Action::TourStep(0));
    state.reduce(Action::TourStep(1));
    assert_eq!(state.asked, None);
}

#[test]
fn the_answer_changes_nothing_in_the_simulation() {
    let answer = |choice| {
        let mut state = kind_tour(true);
        state.reduce(Action::TourStep(1));
        state.reduce(Action::Answer(choice));
        finish(&mut state);
        state
    };
    let (right, wrong) = (answer(1), answer(2));
    let mut off = kind_tour(false);
    off.reduce(Action::TourStep(1));
    finish(&mut off);
    assert_eq!(off.asked, None);
    let off = off.player.cursor();
    for state in [&right, &wrong] {
        let cursor = state.player.cursor();
        assert_eq!(cursor.now(), off.now());
        assert_eq!(cursor.sim().state(), off.sim().state());
    }
}

#[test]
fn playing_pauses_at_a_question_before_the_moment_of_its_step() {
    let mut state = kind_tour(true);
    state.reduce(Action::TourStep(0));
    state.reduce(Action::Answer(0));
    finish(&mut state);
    state.reduce(Action::Play);
    let step_time = state
        .player
        .cursor()
        .run()
        .step_time(1)
        .expect("step 1 happens");
    for _ in 0..200 {
        if !state.playing {
            break;
        }
        state.reduce(Action::Tick(50.0));
    }
    assert!(!state.playing);
    assert_eq!(
        state.asked,
        Some(Asked {
            step: 1,
            answer: None
        })
    );
    assert_eq!(
        state.player.cursor().now(),
        VirtualTime(step_time.as_millis() - 1),
        "the last millisecond before it, where a press's motion stops too"
    );
}

/// A node card that did not change between two ticks is shared at the same address, so Yew skips it.
#[test]
fn a_card_that_did_not_change_is_kept_between_ticks() {
    let mut state = kind_tour(false);
    state.reduce(Action::Seek(VirtualTime(2_000)));
    finish(&mut state);
    let before = state.shown().cards.clone();
    state.reduce(Action::Seek(VirtualTime(2_110)));
    finish(&mut state);
    let after = &state.shown().cards;
    let same = |name: &str| {
        let find = |cards: &crate::ui::app::view::Cards| {
            cards.cards.iter().find(|c| c.name == name).cloned()
        };
        match (find(&before), find(after)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    };
    // Pod a is added on kind-worker at 2.110 s; the control plane did not change.
    assert!(same("kind-control-plane"));
    assert!(!same("kind-worker"));
}

/// A card kept because no event concerned its node is the card computed afresh, and so are the
/// address map and the actions' names kept while no event happened, at every moment of every
/// built-in story, forward and back.
#[test]
fn what_is_kept_between_moments_is_what_is_computed_afresh() {
    use crate::ui::app::view::{cards, map, Cards};
    for (name, text) in crate::sim::builtin::ALL {
        let mut state =
            AppState::new(Player::load(text.to_string(), TourId::from_name(name)).expect("loads"));
        let horizon = state.player.cursor().run().horizon().as_millis();
        let moments = (0..horizon)
            .step_by(37)
            .chain((0..horizon).rev().step_by(997));
        for ms in moments {
            state.reduce(Action::Seek(VirtualTime(ms)));
            finish(&mut state);
            let afresh = cards(
                state.player.cursor(),
                None,
                (&Cards::default(), &Default::default()),
            );
            let kept: Vec<_> = state.shown().cards.cards.iter().map(|c| &**c).collect();
            let afresh: Vec<_> = afresh.cards.iter().map(|c| &**c).collect();
            assert!(kept == afresh, "{name} at {ms} ms");
            let cursor = state.player.cursor();
            assert!(*state.shown().map == map(cursor, &[]), "{name} at {ms} ms");
            assert!(
                *state.shown().names == cursor.action_names(""),
                "{name} at {ms} ms"
            );
        }
    }
}

#[test]
fn in_the_presenter_view_the_arrows_walk_the_tour_and_escape_leaves() {
    let mut state = kind_tour(false);
    let last = TourId::Kind.tour().steps.len() - 1;
    // Outside it, an arrow is the next moment: the tour's first step is a moment later than time 0.
    state.reduce(Action::Arrow(true));
    finish(&mut state);
    let moment = state.player.cursor().now();
    assert!(moment > VirtualTime::ZERO);
    state.reduce(Action::Seek(VirtualTime::ZERO));
    finish(&mut state);

    state.reduce(Action::Present(None));
    assert!(state.shown().presenting);
    for want in 0..=last {
        state.reduce(Action::Arrow(true));
        finish(&mut state);
        assert_eq!(current_step(&state), Some(want));
    }
    // Past the last step, nothing moves.
    state.reduce(Action::Arrow(true));
    finish(&mut state);
    assert_eq!(current_step(&state), Some(last));
    state.reduce(Action::Arrow(false));
    finish(&mut state);
    assert_eq!(current_step(&state), Some(last - 1));

    // Escape closes the shortcuts first, then leaves the presenter view.
    state.reduce(Action::Help(Some(true)));
    state.reduce(Action::Escape);
    assert!(!state.shown().help && state.shown().presenting);
    state.reduce(Action::Escape);
    assert!(!state.shown().presenting);
}

#[test]
fn the_presenter_view_without_a_tour_steps_through_moments() {
    let mut state = AppState::new(Player::default()).with_presenting(true);
    state.reduce(Action::Load {
        text: crate::sim::builtin::KIND.to_string(),
        tour: None,
    });
    finish(&mut state);
    state.reduce(Action::Arrow(true));
    finish(&mut state);
    assert!(state.player.cursor().now() > VirtualTime::ZERO);
    assert_eq!(current_step(&state), None);
}

/// A remote's press walks the tour as a room follows it: a question, then its answer, then the step,
/// whose motion plays at 1× up to the next step's moment (b's countdown runs to its CNI DEL).
#[test]
fn a_press_asks_then_answers_then_plays_the_steps_motion() {
    let mut state = kind_tour(true);
    let run = state.player.cursor().run().clone();
    // Step 7 is b deleted, step 8 its CNI DEL 2.3 s later (asked before), step 9 d's address.
    let (deleted, released) = (
        run.step_time(7).expect("b is deleted"),
        run.step_time(8).expect("b is released"),
    );
    state.reduce(Action::TourStep(6));
    state.reduce(Action::Answer(0));
    finish(&mut state);
    assert_eq!(current_step(&state), Some(6));

    state.reduce(Action::Press(true));
    finish(&mut state);
    assert_eq!(current_step(&state), Some(7));
    assert_eq!(state.player.cursor().now(), deleted);
    assert!(state.playing, "the step's motion plays");
    // Every tick that moves the picture draws it: the countdown is drawn running, not in two states.
    let mut drawn = vec![state.shown().clock.now];
    let mut ticks = 0;
    while state.playing && ticks < 1_000 {
        let before = state.shown().clock.now;
        if state.reduce(Action::Tick(50.0)) {
            drawn.push(state.shown().clock.now);
        } else {
            assert_eq!(
                state.player.cursor().now(),
                before,
                "a tick not drawn did not move"
            );
        }
        ticks += 1;
    }
    assert!(!state.playing);
    drawn.dedup();
    assert!(drawn.len() >= 40, "{} times drawn: {drawn:?}", drawn.len());
    assert_eq!(
        state.player.cursor().now(),
        VirtualTime(released.as_millis() - 1),
        "it stops just before the next step"
    );
    assert_eq!(current_step(&state), Some(7));
    assert_eq!(state.asked, None, "the question waits for the press");

    state.reduce(Action::Press(true));
    assert_eq!(
        state.asked,
        Some(Asked {
            step: 8,
            answer: None
        })
    );
    assert_eq!(current_step(&state), Some(7), "the question first");
    state.reduce(Action::Press(true));
    finish(&mut state);
    assert_eq!(
        state.asked,
        Some(Asked {
            step: 8,
            answer: Some(Answer::Shown)
        })
    );
    assert_eq!(
        current_step(&state),
        Some(8),
        "then its answer, at its step"
    );

    // Back: the step before, its motion again; a question not answered is left by a press back.
    state.reduce(Action::Press(false));
    finish(&mut state);
    assert_eq!(current_step(&state), Some(7));
    assert!(state.playing && state.asked.is_none());
    state.reduce(Action::Press(true));
    finish(&mut state);
    assert_eq!(
        current_step(&state),
        Some(8),
        "answered once: not asked again"
    );
    state.reduce(Action::Press(true));
    assert!(state
        .asked
        .as_ref()
        .is_some_and(|a| a.step == 9 && a.answer.is_none()));
    state.reduce(Action::Press(false));
    assert_eq!(state.asked, None);
    assert_eq!(current_step(&state), Some(8));
}

/// The presenter view: the arrows are presses; a remote's blank key blanks the screen until the next
/// press, which shows it where it was.
#[test]
fn in_the_presenter_view_the_arrows_press_and_a_blank_key_waits_for_the_next_press() {
    let mut state = kind_tour(false).with_presenting(true);
    state.reduce(Action::Arrow(true));
    finish(&mut state);
    assert_eq!(current_step(&state), Some(0));
    state.reduce(Action::Blank);
    assert!(state.shown().blank);
    state.reduce(Action::Press(true));
    assert!(!state.shown().blank);
    assert_eq!(
        current_step(&state),
        Some(0),
        "the press only shows the screen again"
    );
    state.reduce(Action::Blank);
    state.reduce(Action::Escape);
    assert!(!state.shown().blank && !state.shown().presenting);
    // Outside the presenter view there is nothing to blank.
    state.reduce(Action::Blank);
    assert!(!state.shown().blank);
}

/// The language, the theme and the card's fields are the one state's: an action changes them, the page
/// shows them, and a view model they do not touch is kept.
#[test]
fn language_theme_and_the_settings_fields_live_in_the_one_state() {
    let mut state = kind_tour(false);
    let stage = state.shown().stage.clone();
    state.reduce(Action::Language(Lang::Ja));
    state.reduce(Action::Theme(Some(Theme::Dark)));
    let shown = state.shown();
    assert_eq!((shown.lang, shown.theme), (Lang::Ja, Some(Theme::Dark)));
    assert!(
        shown.stage.shared() == stage.shared(),
        "the picture does not depend on the words"
    );
    state.reduce(Action::LanguageUnavailable(Some("zh: offline".into())));
    assert_eq!(state.shown().unavailable.as_deref(), Some("zh: offline"));
    state.reduce(Action::Language(Lang::Zh));
    assert_eq!(
        state.shown().unavailable,
        None,
        "a language shown closes the notice"
    );
}

#[test]
fn a_refused_field_stays_as_typed_and_a_valid_one_goes_in_force() {
    use crate::ipam::kcm::KcmFlag;
    let mut state = kind_tour(false);
    let field = DraftField::Flag(KcmFlag::NodeCidrMaskSize);
    let in_force = |state: &AppState| {
        KcmFlag::NodeCidrMaskSize
            .value(&state.player.settings().draft().flags)
            .to_string()
    };
    // kind leaves the flag to its default (24).
    let before = in_force(&state);
    state.reduce(Action::EditSetting(field, "7".into()));
    let edit = state.shown().edit.clone();
    assert_eq!(KcmFlag::NodeCidrMaskSize.value(&edit.fields.flags), "7");
    assert!(
        edit.refusal.is_some(),
        "a /7 node mask under a /16 is refused"
    );
    assert_eq!(in_force(&state), before, "the settings in force stay");
    state.reduce(Action::EditSetting(field, "25".into()));
    finish(&mut state);
    assert_eq!(state.shown().edit.refusal, None);
    assert_eq!(in_force(&state), "25");
    assert_eq!(
        state.shown().settings.capacity.families[0].node_subnets,
        512,
        "the capacity follows the settings in force"
    );
    // A new scenario brings its own fields.
    state.reduce(Action::Load {
        text: crate::sim::builtin::KIND.to_string(),
        tour: Some(TourId::Kind),
    });
    finish(&mut state);
    assert_eq!(
        KcmFlag::NodeCidrMaskSize.value(&state.shown().edit.fields.flags),
        before
    );
}

#[test]
fn a_platform_without_node_subnets_is_explained_and_changes_nothing() {
    let mut state = kind_tour(false);
    let before = state.player.settings();
    let elsewhere = crate::sim::preset::ALL
        .iter()
        .find(|p| p.pod_ips == crate::sim::preset::PodIps::Elsewhere)
        .expect("a platform whose pods get addresses elsewhere");
    state.reduce(Action::Preset(elsewhere.name.to_string()));
    assert_eq!(state.shown().edit.elsewhere, Some(elsewhere));
    assert_eq!(state.player.settings(), before);
    state.reduce(Action::Preset(String::new()));
    assert_eq!(state.shown().edit.elsewhere, None);
}

/// Playing fast, a tick draws the stage and the clock; the bench below the first screen is drawn every
/// few ticks in a frame between ticks, and at once by anything else (a pause here).
#[test]
fn playing_fast_the_bench_is_drawn_every_few_ticks_between_them() {
    use crate::ui::timing::BENCH_TICKS_PLAYING_FAST;
    let mut state = kind_tour(false);
    // 4×, the slowest speed that counts as fast: the kind tour's 10.8 s last the test's ticks.
    let fast = SPEEDS
        .iter()
        .position(|(label, _)| *label == "4×")
        .expect("4×");
    state.reduce(Action::Speed(fast));
    state.reduce(Action::Play);
    let (log, stage) = (state.shown().log.clone(), state.shown().stage.shared());
    state.reduce(Action::Tick(50.0));
    assert!(
        state.shown().stage.shared() != stage,
        "the stage moves with the clock"
    );
    assert!(
        state.shown().log == log,
        "the log waits for the bench's turn"
    );
    assert!(
        !state.reduce(Action::Bench),
        "a frame before its turn draws nothing"
    );
    for _ in 1..BENCH_TICKS_PLAYING_FAST {
        state.reduce(Action::Tick(50.0));
    }
    assert!(
        state.shown().log == log,
        "a tick's frame holds the stage alone"
    );
    let stage = state.shown().stage.shared();
    assert!(state.reduce(Action::Bench), "its turn came");
    assert!(state.shown().log != log, "the bench is drawn");
    assert!(
        state.shown().stage.shared() == stage,
        "the stage is kept as it was, so its component is skipped"
    );
    assert!(!state.reduce(Action::Bench), "once a turn");
    // No frame between ticks (a machine too slow for one): a tick draws it after twice as long.
    let log = state.shown().log.clone();
    for _ in 1..2 * BENCH_TICKS_PLAYING_FAST {
        state.reduce(Action::Tick(50.0));
    }
    assert!(
        state.shown().log == log,
        "still waiting for a frame of its own"
    );
    state.reduce(Action::Tick(50.0));
    assert!(state.shown().log != log, "drawn by a tick at last");
    let log = state.shown().log.clone();
    state.reduce(Action::Tick(50.0));
    state.reduce(Action::Pause);
    assert!(
        state.shown().log != log,
        "paused, the bench shows the moment"
    );
}
