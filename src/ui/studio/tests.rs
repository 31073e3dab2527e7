//! The reducer: tours' questions, and what the page shows kept between moments.
use super::*;

fn kind_tour(quiz: bool) -> Studio {
    let mut studio = Studio::new(Player::default()).with_quiz(quiz);
    studio.reduce(Action::Load {
        text: crate::sim::builtin::KIND.to_string(),
        tour: Some(TourId::Kind),
    });
    finish(&mut studio);
    studio
}

fn finish(studio: &mut Studio) {
    while studio.has_work() {
        studio.reduce(Action::Work);
    }
}

fn current_step(studio: &Studio) -> Option<usize> {
    studio.player.cursor().current_step()
}

#[test]
fn a_question_is_asked_before_its_step_and_the_step_plays_once_answered() {
    let mut studio = kind_tour(true);
    // The kind tour asks before its first step (the control plane's subnet) and its second
    // (kind-worker2's).
    studio.reduce(Action::TourStep(0));
    assert_eq!(
        studio.asked,
        Some(Asked {
            step: 0,
            answer: None
        })
    );
    assert_eq!(
        current_step(&studio),
        None,
        "the introduction, until answered"
    );
    studio.reduce(Action::Answer(0));
    finish(&mut studio);
    assert_eq!(current_step(&studio), Some(0));
    studio.reduce(Action::TourStep(1));
    assert_eq!(
        studio.asked,
        Some(Asked {
            step: 1,
            answer: None
        })
    );
    assert_eq!(
        current_step(&studio),
        Some(0),
        "the step waits for the answer"
    );
    studio.reduce(Action::Answer(0));
    finish(&mut studio);
    assert_eq!(
        studio.asked,
        Some(Asked {
            step: 1,
            answer: Some(Answer::Picked(0))
        })
    );
    assert_eq!(current_step(&studio), Some(1));
    // Back and forth again: asked once.
    studio.reduce(Action::TourStep(0));
    studio.reduce(Action::TourStep(1));
    assert_eq!(studio.asked, None);
}

#[test]
fn the_answer_changes_nothing_in_the_simulation() {
    let answer = |choice| {
        let mut studio = kind_tour(true);
        studio.reduce(Action::TourStep(1));
        studio.reduce(Action::Answer(choice));
        finish(&mut studio);
        studio
    };
    let (right, wrong) = (answer(1), answer(2));
    let mut off = kind_tour(false);
    off.reduce(Action::TourStep(1));
    finish(&mut off);
    assert_eq!(off.asked, None);
    let off = off.player.cursor();
    for studio in [&right, &wrong] {
        let cursor = studio.player.cursor();
        assert_eq!(cursor.now(), off.now());
        assert_eq!(cursor.sim().state(), off.sim().state());
    }
}

#[test]
fn playing_pauses_at_a_question_before_the_moment_of_its_step() {
    let mut studio = kind_tour(true);
    studio.reduce(Action::TourStep(0));
    studio.reduce(Action::Answer(0));
    finish(&mut studio);
    studio.reduce(Action::Play);
    let step_time = studio
        .player
        .cursor()
        .run()
        .step_time(1)
        .expect("step 1 happens");
    for _ in 0..200 {
        if !studio.playing {
            break;
        }
        studio.reduce(Action::Tick(50.0));
    }
    assert!(!studio.playing);
    assert_eq!(
        studio.asked,
        Some(Asked {
            step: 1,
            answer: None
        })
    );
    assert!(studio.player.cursor().now() < step_time);
}

/// A node card that did not change between two ticks is shared at the same address, so Yew skips it.
#[test]
fn a_card_that_did_not_change_is_kept_between_ticks() {
    let mut studio = kind_tour(false);
    studio.reduce(Action::Seek(VirtualTime(2_000)));
    finish(&mut studio);
    let before = studio.shown().cards.clone();
    studio.reduce(Action::Seek(VirtualTime(2_110)));
    finish(&mut studio);
    let after = &studio.shown().cards;
    let same = |name: &str| {
        let find = |cards: &super::super::shown::Cards| {
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
    use super::super::shown::{cards, map, Cards};
    for (name, text) in crate::sim::builtin::ALL {
        let mut studio =
            Studio::new(Player::load(text.to_string(), TourId::from_name(name)).expect("loads"));
        let horizon = studio.player.cursor().run().horizon().as_millis();
        let moments = (0..horizon)
            .step_by(37)
            .chain((0..horizon).rev().step_by(997));
        for ms in moments {
            studio.reduce(Action::Seek(VirtualTime(ms)));
            finish(&mut studio);
            let afresh = cards(
                studio.player.cursor(),
                None,
                (&Cards::default(), &Default::default()),
            );
            let kept: Vec<_> = studio.shown().cards.cards.iter().map(|c| &**c).collect();
            let afresh: Vec<_> = afresh.cards.iter().map(|c| &**c).collect();
            assert!(kept == afresh, "{name} at {ms} ms");
            let cursor = studio.player.cursor();
            assert!(*studio.shown().map == map(cursor, &[]), "{name} at {ms} ms");
            assert!(
                *studio.shown().names == cursor.action_names(""),
                "{name} at {ms} ms"
            );
        }
    }
}

#[test]
fn in_the_presenter_view_the_arrows_walk_the_tour_and_escape_leaves() {
    let mut studio = kind_tour(false);
    let last = TourId::Kind.tour().steps.len() - 1;
    // Outside it, an arrow is the next moment: the tour's first step is a moment later than time 0.
    studio.reduce(Action::Arrow(true));
    finish(&mut studio);
    let moment = studio.player.cursor().now();
    assert!(moment > VirtualTime::ZERO);
    studio.reduce(Action::Seek(VirtualTime::ZERO));
    finish(&mut studio);

    studio.reduce(Action::Present(None));
    assert!(studio.shown().presenting);
    for want in 0..=last {
        studio.reduce(Action::Arrow(true));
        finish(&mut studio);
        assert_eq!(current_step(&studio), Some(want));
    }
    // Past the last step, nothing moves.
    studio.reduce(Action::Arrow(true));
    finish(&mut studio);
    assert_eq!(current_step(&studio), Some(last));
    studio.reduce(Action::Arrow(false));
    finish(&mut studio);
    assert_eq!(current_step(&studio), Some(last - 1));

    // Escape closes the shortcuts first, then leaves the presenter view.
    studio.reduce(Action::Help(Some(true)));
    studio.reduce(Action::Escape);
    assert!(!studio.shown().help && studio.shown().presenting);
    studio.reduce(Action::Escape);
    assert!(!studio.shown().presenting);
}

#[test]
fn the_presenter_view_without_a_tour_steps_through_moments() {
    let mut studio = Studio::new(Player::default()).with_presenting(true);
    studio.reduce(Action::Load {
        text: crate::sim::builtin::KIND.to_string(),
        tour: None,
    });
    finish(&mut studio);
    studio.reduce(Action::Arrow(true));
    finish(&mut studio);
    assert!(studio.player.cursor().now() > VirtualTime::ZERO);
    assert_eq!(current_step(&studio), None);
}

/// A remote's press walks the tour as a room follows it: a question, then its answer, then the step,
/// whose motion plays at 1× up to the next step's moment (b's countdown runs to its CNI DEL).
#[test]
fn a_press_asks_then_answers_then_plays_the_steps_motion() {
    let mut studio = kind_tour(true);
    let run = studio.player.cursor().run().clone();
    // Step 7 is b deleted, step 8 its CNI DEL 2.3 s later (asked before), step 9 d's address.
    let (deleted, released) = (
        run.step_time(7).expect("b is deleted"),
        run.step_time(8).expect("b is released"),
    );
    studio.reduce(Action::TourStep(6));
    studio.reduce(Action::Answer(0));
    finish(&mut studio);
    assert_eq!(current_step(&studio), Some(6));

    studio.reduce(Action::Press(true));
    finish(&mut studio);
    assert_eq!(current_step(&studio), Some(7));
    assert_eq!(studio.player.cursor().now(), deleted);
    assert!(studio.playing, "the step's motion plays");
    let mut ticks = 0;
    while studio.playing && ticks < 1_000 {
        studio.reduce(Action::Tick(50.0));
        ticks += 1;
    }
    assert!(!studio.playing);
    assert_eq!(
        studio.player.cursor().now(),
        VirtualTime(released.as_millis() - 1),
        "it stops just before the next step"
    );
    assert_eq!(current_step(&studio), Some(7));
    assert_eq!(studio.asked, None, "the question waits for the press");

    studio.reduce(Action::Press(true));
    assert_eq!(
        studio.asked,
        Some(Asked {
            step: 8,
            answer: None
        })
    );
    assert_eq!(current_step(&studio), Some(7), "the question first");
    studio.reduce(Action::Press(true));
    finish(&mut studio);
    assert_eq!(
        studio.asked,
        Some(Asked {
            step: 8,
            answer: Some(Answer::Shown)
        })
    );
    assert_eq!(
        current_step(&studio),
        Some(8),
        "then its answer, at its step"
    );

    // Back: the step before, its motion again; a question not answered is left by a press back.
    studio.reduce(Action::Press(false));
    finish(&mut studio);
    assert_eq!(current_step(&studio), Some(7));
    assert!(studio.playing && studio.asked.is_none());
    studio.reduce(Action::Press(true));
    finish(&mut studio);
    assert_eq!(
        current_step(&studio),
        Some(8),
        "answered once: not asked again"
    );
    studio.reduce(Action::Press(true));
    assert!(studio
        .asked
        .as_ref()
        .is_some_and(|a| a.step == 9 && a.answer.is_none()));
    studio.reduce(Action::Press(false));
    assert_eq!(studio.asked, None);
    assert_eq!(current_step(&studio), Some(8));
}

/// The presenter view: the arrows are presses; a remote's blank key blanks the screen until the next
/// press, which shows it where it was.
#[test]
fn in_the_presenter_view_the_arrows_press_and_a_blank_key_waits_for_the_next_press() {
    let mut studio = kind_tour(false).with_presenting(true);
    studio.reduce(Action::Arrow(true));
    finish(&mut studio);
    assert_eq!(current_step(&studio), Some(0));
    studio.reduce(Action::Blank);
    assert!(studio.shown().blank);
    studio.reduce(Action::Press(true));
    assert!(!studio.shown().blank);
    assert_eq!(
        current_step(&studio),
        Some(0),
        "the press only shows the screen again"
    );
    studio.reduce(Action::Blank);
    studio.reduce(Action::Escape);
    assert!(!studio.shown().blank && !studio.shown().presenting);
    // Outside the presenter view there is nothing to blank.
    studio.reduce(Action::Blank);
    assert!(!studio.shown().blank);
}
