//! A tour and its questions: a step gone to (or its question asked first), a question answered, a
//! scenario loaded, the tour's own cluster again, the same story on the cluster's chain, and the
//! learner's cluster back after a tour replaced it.

use super::{Action, AppState};
use crate::sim::VirtualTime;
use crate::tours::Told;
use crate::ui::app::view::{Answer, Asked};

/// The learner's cluster a tour's own replaced: the scenario text, the tour it was shown with and
/// where it stood, for the way back.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ClusterBefore {
    /// The tour (or lesson) opened over it.
    pub(super) tour: Told,
    /// Its scenario text.
    text: String,
    /// The tour it was shown with, if any.
    was: Option<Told>,
    /// The tour step it stood at, if at one.
    step: Option<usize>,
    /// The time it stood at.
    time: VirtualTime,
}

impl AppState {
    /// Carry out an action of the tours ([`Action::TourStep`], [`Action::Answer`], [`Action::Load`],
    /// [`Action::OwnCluster`], [`Action::Retold`], [`Action::RestoreCluster`]); whether the page is to
    /// be drawn again.
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
                // A tour opened over a cluster the learner changed says so, with the way back.
                let tour = tour.map(Told::from);
                let replaced = tour.and_then(|tour| self.cluster_before(tour));
                self.open(text, tour, None);
                self.restore = replaced;
            }
            Action::OwnCluster => {
                let cursor = self.player.cursor();
                let step = self.player.missing_step().or(cursor.current_step());
                // A built-in tour's or a lesson's own.
                let Some(tour) = cursor.run().teller() else {
                    return false;
                };
                // The learner's cluster stays a click away; the questions answered stay answered.
                let replaced = self.cluster_before(tour);
                let answered = std::mem::take(&mut self.answered);
                self.open(tour.tour().scenario().to_string(), Some(tour), step);
                (self.restore, self.answered) = (replaced, answered);
            }
            Action::Retold => {
                let run = self.player.cursor().run();
                let Some(gap) = run.gap().filter(|gap| gap.retold.is_some()) else {
                    return false;
                };
                let step = self
                    .player
                    .missing_step()
                    .or(self.player.cursor().current_step());
                let (tour, step) = (gap.retold, gap.retold_step(step));
                let Some(tour) = tour.map(Told::from) else {
                    return false;
                };
                let replaced = self.cluster_before(tour);
                self.open(tour.tour().scenario().to_string(), Some(tour), step);
                self.restore = replaced;
            }
            Action::RestoreCluster => {
                let Some(before) = self.restore.take() else {
                    return false;
                };
                self.open(before.text, before.was, before.step);
                if before.step.is_none() {
                    self.change(|player| player.seek(before.time));
                }
            }
            // Another concern's, which `reduce` hands it.
            _ => return false,
        }
        self.refresh()
    }

    /// Load `text` (of `tour`) at its step `step` (`None`: its start), asking nothing yet.
    fn open(&mut self, text: String, tour: Option<Told>, step: Option<usize>) {
        self.asked = None;
        self.answered.clear();
        self.restore = None;
        self.change(|player| {
            player.reload(text, tour);
            if let Some(index) = step {
                player.go_to_step(index);
            }
        });
    }

    /// The cluster shown, when opening `tour`'s own would replace what the learner changed: a text
    /// that is no tour's own scenario (settings, actions or the editor's), with where it stood.
    fn cluster_before(&self, tour: Told) -> Option<ClusterBefore> {
        let (text, cursor) = (self.player.text(), self.player.cursor());
        let was = cursor.run().teller();
        let own = was.is_some_and(|was| was.tour().scenario() == text);
        (!own && !text.trim().is_empty()).then(|| ClusterBefore {
            tour,
            text: text.to_string(),
            was,
            step: cursor.tour_step(),
            time: cursor.now(),
        })
    }

    /// The step whose question would be asked before the clock reaches it: the next step of the tour,
    /// when it has a question not answered yet.
    pub(super) fn question_ahead(&self) -> Option<usize> {
        let cursor = self.player.cursor();
        let step = cursor.run().next_step(cursor.current_step())?;
        (self.quiz
            && !self.answered.contains(&step)
            && cursor.run().told()?.question_before(step).is_some())
        .then_some(step)
    }
}
