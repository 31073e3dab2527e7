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
