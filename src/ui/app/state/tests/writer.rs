//! "Write a lesson" in the reducer: started, a step added at the event picked, played as a learner with
//! its question asked, as a built-in tour's are.
use super::*;
use crate::tours::lesson::draft::Edit;

#[test]
fn a_lesson_written_and_played_asks_its_question_before_its_step() {
    let mut state = AppState::new(Player::default());
    state.reduce(WriterAction::Start(None).into());
    finish(&mut state);
    let horizon = state.player.cursor().run().horizon();
    state.reduce(Action::Seek(horizon));
    finish(&mut state);
    let events = state.player.cursor().events();
    let reserved = (0..events.len())
        .find(|&i| {
            events
                .get(i)
                .is_some_and(|e| e.reason == crate::sim::Reason::IPAMReserve && e.object == "pod/a")
        })
        .expect("pod a is reserved");
    state.reduce(Action::SelectEvent(Some(reserved)));
    let picked = state
        .shown()
        .writer
        .picked
        .clone()
        .expect("an event picked");
    assert_eq!(picked.waits_for, "IPAMReserve pod/a");
    state.reduce(WriterAction::AddHere.into());
    for edit in [
        Edit::Words(0, "host-local reserves 10.244.1.2.".into()),
        Edit::Question(0, true),
        Edit::QuestionText(0, "Which address?".into()),
        Edit::Choice(0, 0, "10.244.1.1".into()),
        Edit::Choice(0, 1, "10.244.1.2".into()),
        Edit::Correct(0, 1),
        Edit::Why(0, "The gateway is skipped.".into()),
    ] {
        state.reduce(WriterAction::Edit(edit).into());
    }
    let writer = state.shown().writer.writer.clone().expect("a writer");
    assert_eq!(writer.problems(), &[], "{}", writer.text());
    state.reduce(WriterAction::Play.into());
    finish(&mut state);
    let told = state.player.cursor().run().told().expect("the lesson told");
    assert_eq!(told.steps[0].id, "a-ipamreserve");
    state.reduce(Action::TourStep(0));
    assert_eq!(
        state.asked,
        Some(Asked {
            step: 0,
            answer: None
        })
    );
}

/// Editing a step puts the playhead at its event; a pod picked on the stage picks its next event for
/// the next step, and its name for a step's `shows`.
#[test]
fn the_step_edited_is_shown_and_a_pod_picked_gives_its_event() {
    use crate::playback::writer::Thing;
    let mut state = AppState::new(Player::default());
    state.reduce(WriterAction::Start(Some(crate::tours::TourId::Kind)).into());
    finish(&mut state);
    state.reduce(WriterAction::Follow(4).into());
    finish(&mut state);
    let writer = state.shown().writer.writer.clone().expect("a writer");
    let step = &writer.draft().steps[4];
    let cursor = state.player.cursor();
    let shown = cursor
        .events()
        .get(cursor.shown_events() - 1)
        .expect("an event");
    assert_eq!(
        format!(
            "{} {}",
            crate::tours::lesson::reasons::name(shown.reason),
            shown.object
        ),
        step.waits_for
    );
    state.reduce(WriterAction::Pick(Thing::Pod("b".into())).into());
    finish(&mut state);
    let picked = state
        .shown()
        .writer
        .picked
        .clone()
        .expect("an event picked");
    assert!(picked.waits_for.ends_with(" pod/b"), "{picked:?}");
    let writer = state.shown().writer.writer.clone().expect("a writer");
    assert_eq!(writer.thing(), Some("pod:b@kind-worker"));
    assert_eq!(writer.following(), Some(4));
}
