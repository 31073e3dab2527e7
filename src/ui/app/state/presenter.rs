//! The presenter view and a presenter's presses (a remote's PageDown / PageUp, the presenter view's
//! arrows and space): a tour a press at a time, as a room follows it — a step's question, then its
//! answer with the step, then the step's words, and a step entered by a press playing its motion at 1×
//! up to the next step's moment. A part whose text is longer than the caption's box takes as many
//! presses as it has pages.

use super::{Action, AppState};
use crate::sim::VirtualTime;
use crate::ui::app::view::{Answer, Asked, Caption, CaptionLayout, Part};
use std::rc::Rc;

impl AppState {
    /// Carry out an action of the presenter view ([`Action::Present`], [`Action::Arrow`],
    /// [`Action::Press`], [`Action::Blank`], [`Action::ToggleCommand`], [`Action::Escape`]); whether the
    /// page is to be drawn again.
    pub(super) fn presenter(&mut self, action: Action) -> bool {
        match action {
            Action::Present(on) => {
                self.presenting = on.unwrap_or(!self.presenting);
                self.blank &= self.presenting;
            }
            Action::Escape if self.help => self.help = false,
            Action::Escape => {
                self.presenting = false;
                self.blank = false;
            }
            Action::Arrow(forwards) if self.presenting => {
                return self.reduce(Action::Press(forwards))
            }
            Action::Arrow(true) => return self.reduce(Action::Step),
            Action::Arrow(false) => return self.reduce(Action::StepBack),
            // A press on a blank screen shows it again, where it was.
            Action::Press(_) if self.blank => self.blank = false,
            Action::Press(forwards) => {
                if self.player.cursor().run().told().is_none() {
                    let action = if forwards {
                        Action::Step
                    } else {
                        Action::StepBack
                    };
                    return self.reduce(action);
                }
                self.press(forwards);
            }
            Action::Blank => self.blank = self.presenting && !self.blank,
            Action::ToggleCommand => self.show_command = self.presenting && !self.show_command,
            Action::CaptionLaidOut(layout) => {
                if self.caption_layout.as_deref() == Some(&layout) {
                    return false;
                }
                self.caption_layout = Some(Rc::new(layout));
            }
            // Another concern's, which `reduce` hands it.
            _ => return false,
        }
        self.refresh()
    }

    /// The stop shown: the step and the question asked.
    fn stop(&self) -> Stop {
        (self.player.cursor().current_step(), self.asked.clone())
    }

    /// Where the caption is within the stop shown (its start, when the stop changed since).
    fn caption_here(&self) -> CaptionAt {
        let stop = self.stop();
        match self.caption.stop == stop {
            true => self.caption.clone(),
            false => CaptionAt {
                stop,
                ..CaptionAt::default()
            },
        }
    }

    /// The presenter's caption at the stop shown; `None` outside the presenter view.
    pub(super) fn caption(&self) -> Option<Caption> {
        let here = self.caption_here();
        let current = here.stop.0;
        let part = match &here.stop.1 {
            Some(Asked { answer: None, .. }) => Part::Question,
            Some(Asked { step, .. }) if Some(*step) == current && !here.words => Part::Answer,
            _ => Part::Words,
        };
        self.presenting.then(|| Caption {
            part,
            page: here.page,
            layout: self.caption_layout.clone(),
        })
    }

    /// How many pages the caption's text takes at the stop shown, as the page laid it out.
    fn caption_pages(&self, part: Part) -> usize {
        self.shown
            .tour
            .paged_text(part, self.lang)
            .map_or(1, |text| {
                CaptionLayout::pages_of(self.caption_layout.as_deref(), &text).len()
            })
    }

    /// A press within the stop shown in the presenter view: the next (or previous) page of its text,
    /// or from the answer to the step's words and back; whether it was one.
    fn press_within_stop(&mut self, forwards: bool) -> bool {
        let Some(caption) = self.caption() else {
            return false;
        };
        let mut here = self.caption_here();
        match (forwards, caption.part) {
            (true, part) if here.page + 1 < self.caption_pages(part) => here.page += 1,
            (true, Part::Answer) => {
                here.words = true;
                here.page = 0;
            }
            (false, _) if here.page > 0 => here.page -= 1,
            (false, Part::Words) if here.words => {
                here.words = false;
                here.page = 0;
            }
            _ => return false,
        }
        self.caption = here;
        true
    }

    /// A press with a tour loaded ([`Action::Press`]).
    fn press(&mut self, forwards: bool) {
        if self.press_within_stop(forwards) {
            return;
        }
        let current = self.player.cursor().current_step();
        let unanswered = self
            .asked
            .as_ref()
            .filter(|asked| asked.answer.is_none())
            .map(|asked| asked.step);
        match (forwards, unanswered) {
            // The question shown: its answer, and the step that answers it.
            (true, Some(step)) => {
                self.asked = Some(Asked {
                    step,
                    answer: Some(Answer::Shown),
                });
                self.answered.push(step);
                self.enter(step);
            }
            // Back from a question not answered: the step it was asked at, as it was.
            (false, Some(_)) => {
                self.asked = None;
                self.playing = false;
                self.motion = None;
            }
            (true, None) => {
                // Steps the run lacks (another chain's) are passed over.
                let Some(next) = self.player.cursor().run().next_step(current) else {
                    return;
                };
                if self.question_ahead() == Some(next) {
                    self.playing = false;
                    self.motion = None;
                    self.asked = Some(Asked {
                        step: next,
                        answer: None,
                    });
                } else {
                    self.asked = None;
                    self.enter(next);
                }
            }
            (false, None) => {
                self.asked = None;
                let run = self.player.cursor().run();
                match current.and_then(|i| run.previous_step(i)) {
                    Some(i) => self.enter(i),
                    _ => {
                        self.playing = false;
                        self.motion = None;
                        self.change(|player| player.seek(VirtualTime::ZERO));
                    }
                }
            }
        }
    }

    /// Go to tour step `index` by a press: its moment, then its motion at 1× up to the last millisecond
    /// before the next step's moment when that is later (the room sees a countdown run rather than a
    /// frozen picture); the clock plays it as it plays the rest ([`AppState::tick`]).
    fn enter(&mut self, index: usize) {
        self.change(|player| player.go_to_step(index));
        self.motion = self.player.cursor().run().motion_until(index);
        self.playing = self.motion.is_some();
    }
}

/// A stop of a tour: the step shown and the question asked.
type Stop = (Option<usize>, Option<Asked>);

/// Where the presenter's caption is within a stop.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct CaptionAt {
    /// The stop it belongs to.
    stop: Stop,
    /// The answer has been read: the step's words are shown in its place.
    words: bool,
    /// The page of the part's text shown.
    page: usize,
}
