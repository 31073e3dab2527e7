//! The transport: the clock's ticks and the work in hand, play and pause, the speed, a step either
//! way and a seek.

use super::{work_for, Action, AppState};
use crate::playback::{Player, DEFAULT_SPEED, SPEEDS};
use crate::sim::VirtualTime;
use crate::ui::app::view::Asked;
use crate::ui::timing::{
    now_ms, BENCH_TICKS_PLAYING_FAST, CHORE_BUDGET_MS, FRAME_BUDGET_MS, WORK_BUDGET_MS,
};

impl AppState {
    /// Carry out an action of the transport ([`Action::Tick`], [`Action::Play`], [`Action::Seek`] …);
    /// whether the page is to be drawn again.
    pub(super) fn transport(&mut self, action: Action) -> bool {
        match action {
            Action::Work => {
                if !self.player.has_work() {
                    return false;
                }
                let before = self.player.progress().map(|p| p.percent());
                // Taking apart runs done with waits on nothing: it gets slivers between frames.
                let ms = if before.is_some() {
                    WORK_BUDGET_MS
                } else {
                    CHORE_BUDGET_MS
                };
                let all_done = work_for(&mut self.player, ms);
                // Drawn again when what is shown changes, the progress shown moves, or nothing is left.
                if self.player.progress().map(|p| p.percent()) == before && !all_done {
                    return false;
                }
            }
            Action::Tick(real_ms) => return self.tick(real_ms),
            Action::Bench => {
                if !(self.playing_fast() && self.shown.bench_age >= BENCH_TICKS_PLAYING_FAST) {
                    return false;
                }
            }
            Action::Play => {
                if self.player.cursor().at_end() {
                    self.change(|player| player.seek(VirtualTime::ZERO));
                }
                self.playing = true;
            }
            Action::Pause => self.playing = false,
            Action::TogglePlay => {
                let action = if self.playing {
                    Action::Pause
                } else {
                    Action::Play
                };
                return self.reduce(action);
            }
            Action::SpeedBy(delta) => {
                self.speed = self
                    .speed
                    .saturating_add_signed(delta as isize)
                    .min(SPEEDS.len() - 1);
            }
            Action::Speed(index) => self.speed = index.min(SPEEDS.len() - 1),
            Action::Step => {
                self.playing = false;
                self.change(Player::step);
            }
            Action::StepBack => {
                self.playing = false;
                self.change(Player::step_back);
            }
            Action::Seek(time) => {
                self.asked = None;
                self.change(|player| player.seek(time));
            }
            // Another concern's, which `reduce` hands it.
            _ => return false,
        }
        self.refresh()
    }

    /// `real_ms` of real time passed at an animation frame: the work in hand, or the clock played on
    /// up to where it stops ([`AppState::until`]); whether the page is to be drawn again: when the
    /// picture moved, or playing stopped.
    fn tick(&mut self, real_ms: f64) -> bool {
        if self.player.busy() {
            return self.reduce(Action::Work);
        }
        if !self.playing {
            return false;
        }
        let (until, question) = self.until();
        // A step's motion plays at 1× whatever the speed picked: the room sees it in real time.
        let speed = match self.motion {
            Some(_) => one_x(),
            None => self.speed,
        };
        let deadline = now_ms() + FRAME_BUDGET_MS;
        let played = self
            .player
            .play(real_ms, speed, until, || now_ms() < deadline);
        if played.stopped {
            self.playing = false;
            self.motion = None;
            // The tour pauses at a question before the moment of the step that answers it.
            if let Some(step) = question.filter(|_| self.player.cursor().now() >= until) {
                self.asked = Some(Asked { step, answer: None });
            }
            return self.refresh();
        }
        played.moved && self.refresh_for(true)
    }

    /// Where playing stops, and the question asked there: the end of a press's motion; else the last
    /// millisecond before the step of the next question; else the run's end.
    fn until(&self) -> (VirtualTime, Option<usize>) {
        if let Some(until) = self.motion {
            return (until, None);
        }
        let run = self.player.cursor().run();
        let question = self
            .question_ahead()
            .and_then(|step| Some((run.before_step(step)?, step)));
        match question {
            Some((until, step)) => (until, Some(step)),
            None => (run.horizon(), None),
        }
    }
}

/// The speed a step's motion plays at, 1×.
fn one_x() -> usize {
    SPEEDS
        .iter()
        .position(|(_, rate)| *rate == Some(1.0))
        .unwrap_or(DEFAULT_SPEED)
}
