//! What a guided tour is made of: its words per step, its questions and the reports it is told from.

use super::Text;

/// A tour's words; `name` is the built-in scenario name.
pub struct TourNarration {
    /// The built-in scenario's name (`kind`, `planning`, `exhaustion`, `dual-stack`).
    pub name: &'static str,
    /// The tour button's title.
    pub title: Text,
    /// Said before the first step.
    pub intro: Text,
    /// One text per step, in the order of the tour's anchors in [`crate::sim::builtin::TOURS`].
    pub steps: &'static [Text],
    /// Questions asked before the steps that answer them.
    pub questions: &'static [Question],
    /// The user reports and upstream threads the story is told from.
    pub sources: &'static [Source],
}

/// A report or upstream thread a tour is told from.
pub struct Source {
    /// `owner/repo#number`.
    pub label: &'static str,
    /// Where to read it.
    pub url: &'static str,
}

/// A question the tour asks before step `before_step` (an index into `steps`): the learner predicts,
/// then the step plays and `why` says what happened, naming the upstream function.
pub struct Question {
    /// The step that answers it.
    pub before_step: usize,
    /// The question.
    pub text: Text,
    /// The choices, in the order shown.
    pub choices: &'static [Text],
    /// The index of the right one.
    pub correct: usize,
    /// Why, shown once answered.
    pub why: Text,
}
