//! "Write a lesson": the draft started from a built-in lesson or an empty one (or kept from the last
//! visit), edited, a step added at the event picked, and played in the theatre as a learner sees it.

use super::{Action, AppState};
use crate::playback::writer::{Thing, Writer};
use crate::tours::lesson::draft::{Draft, Edit};
use crate::tours::{Told, Tour, TourId};
use std::rc::Rc;

/// What the author does.
pub enum WriterAction {
    /// Start from the built-in lesson (`None`: an empty one), and show its run in the theatre.
    Start(Option<TourId>),
    /// Start from the lesson the theatre tells (a link's, or one played), every part of it kept.
    Open,
    /// Take up the draft kept from the last visit.
    Restore(Box<Draft>),
    /// Follow step N: the learner's view shows it, the playhead at its event.
    Follow(usize),
    /// Pick a thing on the stage: the event a step about it waits for is picked, the playhead at it.
    Pick(Thing),
    /// Edit the draft.
    Edit(Edit),
    /// Add a step at the event picked in the log, or the last at the playhead.
    AddHere,
    /// Play the lesson in the theatre as a learner sees it (its scenario alone, while it does not
    /// check).
    Play,
}

impl AppState {
    /// Carry out a [`WriterAction`]; whether the page is to be drawn again.
    pub(super) fn write(&mut self, action: WriterAction) -> bool {
        match action {
            WriterAction::Start(from) => {
                self.writer = Some(Rc::new(Writer::starting_from(from)));
                self.play_written();
            }
            WriterAction::Open => {
                let Some(Told::Lesson(tour)) = self.player.cursor().run().teller() else {
                    return false;
                };
                self.writer = Some(Rc::new(Writer::new(Draft::of(tour))));
            }
            WriterAction::Restore(draft) => self.writer = Some(Rc::new(Writer::new(*draft))),
            WriterAction::Follow(step) => {
                let Some(writer) = self.writer.as_mut().filter(|w| w.following() != Some(step))
                else {
                    return false;
                };
                Rc::make_mut(writer).follow(step);
                if let Some(index) = writer.step_event(self.player.cursor(), step) {
                    self.selected_event = None;
                    self.change(|player| player.show_event(index));
                }
            }
            WriterAction::Pick(thing) => {
                let Some(writer) = &mut self.writer else {
                    return false;
                };
                let Some(index) = Rc::make_mut(writer).pick(self.player.cursor(), &thing) else {
                    return false;
                };
                self.playing = false;
                self.selected_event = Some(index);
                self.change(|player| player.show_event(index));
            }
            WriterAction::Edit(edit) => {
                let Some(writer) = &mut self.writer else {
                    return false;
                };
                Rc::make_mut(writer).edit(edit);
            }
            WriterAction::AddHere => {
                let (Some(writer), cursor) = (&mut self.writer, self.player.cursor()) else {
                    return false;
                };
                let Some(picked) = writer.picked(cursor, self.selected_event) else {
                    return false;
                };
                Rc::make_mut(writer).add_step(cursor, picked);
            }
            WriterAction::Play => self.play_written(),
        }
        self.refresh()
    }

    /// Load the lesson written in the theatre, told as a tour when it checks.
    fn play_written(&mut self) {
        let Some(writer) = &self.writer else { return };
        self.playing = false;
        self.selected_event = None;
        self.asked = None;
        self.answered.clear();
        self.restore = None;
        match writer.tour() {
            Some(tour) => {
                // A lesson played is kept for the page's life, as a link's lesson is.
                let tour: &'static Tour = Box::leak(Box::new(tour.clone()));
                let text = writer.text().to_string();
                self.change(|player| player.reload_lesson(tour, text));
            }
            None => {
                let Some(text) = writer.draft().scenario_text().map(str::to_string) else {
                    return;
                };
                self.change(|player| player.reload(text, None));
            }
        }
    }
}

impl From<WriterAction> for Action {
    fn from(action: WriterAction) -> Action {
        Action::Writer(action)
    }
}
