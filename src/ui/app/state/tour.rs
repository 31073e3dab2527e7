//! A tour and its questions: a step gone to (or its question asked first), a question answered, a
//! scenario loaded, and the tour's own cluster again.

use super::{Action, AppState};
use crate::ui::app::view::{Answer, Asked};

impl AppState {
    /// Carry out an action of the tours ([`Action::TourStep`], [`Action::Answer`], [`Action::Load`],
    /// [`Action::OwnCluster`]); whether the page is to be drawn again.
    pub(super) fn tour(&mut self, action: Action) -> bool {
        match action {
            Action::TourStep(index) => {
                self.playing = false;
                let ahead = self.question_ahead() == Some(index);
                if ahead && self.asked.as_ref().is_none_or(|a| a.step != index) {
                    self.asked = Some(Asked {
                        step: index,
                        answer: None,
                    });
                } else {
                    self.asked = None;
                    self.change(|player| player.go_to_step(index));
                }
            }
            Action::Answer(choice) => {
                let Some(Asked { step, answer: None }) = self.asked else {
                    return false;
                };
                self.asked = Some(Asked {
                    step,
                    answer: Some(Answer::Picked(choice)),
                });
                self.answered.push(step);
                self.change(|player| player.go_to_step(step));
            }
            Action::Load { text, tour } => {
                self.asked = None;
                self.answered.clear();
                self.change(|player| player.reload(text, tour));
            }
            Action::OwnCluster => {
                let cursor = self.player.cursor();
                let (tour, step) = (cursor.run().tour(), cursor.current_step());
                let Some((tour, text)) = tour.map(|t| (t, t.tour().scenario)) else {
                    return false;
                };
                self.asked = None;
                self.change(|player| {
                    player.reload(text.to_string(), Some(tour));
                    if let Some(index) = step {
                        player.go_to_step(index);
                    }
                });
            }
            // Another concern's, which `reduce` hands it.
            _ => return false,
        }
        self.refresh()
    }

    /// The step whose question would be asked before the clock reaches it: the next step of the tour,
    /// when it has a question not answered yet.
    pub(super) fn question_ahead(&self) -> Option<usize> {
        let cursor = self.player.cursor();
        let step = cursor.current_step().map_or(0, |i| i + 1);
        (self.quiz
            && !self.answered.contains(&step)
            && cursor.run().tour()?.tour().question_before(step).is_some())
        .then_some(step)
    }
}
