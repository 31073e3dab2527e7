//! A cursor over a [`Run`]: the simulation at one virtual time, and what the presentation clock holds
//! on screen. Cheap to create (a run at time 0); several can move over one run, each on its own.
//! Moving forward advances the simulation in place; moving back re-simulates from the start, in slices
//! ([`Cursor::work`]), showing the old time until the new one is reached. A tour step stands right
//! after its own event, even when more happens at that moment: the simulation runs only as far as
//! the action that logged it, and what that action logged after it is hidden ([`Cursor::later`]).

use super::run::Run;
use super::scrap::Scrap;
use super::slices::{run_until, Progress};
use super::{MOMENT_SHOWN_MS, SPEEDS};
use crate::sim::{Simulation, VirtualDuration, VirtualTime};
use std::rc::Rc;

/// The simulation of a run at one time.
pub struct Cursor {
    /// The run it moves over.
    run: Rc<Run>,
    /// The simulation at the current time.
    sim: Simulation,
    /// A move in hand, done in slices.
    moving: Option<Move>,
    /// The tour step navigated to (steps can share one moment, so time alone is ambiguous).
    tour_step: Option<usize>,
    /// The last event shown, when the cursor stands inside a moment (right after a step's event).
    through: Option<usize>,
    /// Real milliseconds the current moment has been on screen while playing ([`MOMENT_SHOWN_MS`]).
    shown_ms: f64,
    /// Simulations it rewound from, to take apart.
    scrap: Scrap,
}

/// A move in hand.
enum Move {
    /// Running the shown simulation forward to here (through that event, if set).
    Forward(VirtualTime, Option<usize>),
    /// Re-simulating from the start to `target` (seeking back); shown once there.
    Rewind {
        /// The run being brought to `target`.
        sim: Box<Simulation>,
        /// Where it goes.
        target: VirtualTime,
        /// Only through this event of that moment, if set.
        through: Option<usize>,
    },
}

/// What a stretch of [`Cursor::play`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// What is shown moved (the time, the events shown, or the step): the picture is drawn again.
    pub moved: bool,
    /// The clock stands where it was to stop (or at the run's end): playing ends.
    pub stopped: bool,
}

impl Cursor {
    /// A cursor at the start of `run`.
    pub fn new(run: Rc<Run>) -> Cursor {
        let sim = Simulation::new(run.scenario().clone());
        Cursor::at(run, sim, None)
    }

    /// A cursor over `run` whose simulation is `sim`, at tour step `tour_step`.
    pub(super) fn at(run: Rc<Run>, sim: Simulation, tour_step: Option<usize>) -> Cursor {
        // Replayed through the step's event (the loader does), it stands right after it.
        let through = tour_step
            .filter(|&step| run.step_time(step) == Some(sim.now()))
            .and_then(|step| run.step_event(step))
            .filter(|event| sim.last_action_events().contains(event));
        Cursor {
            run,
            sim,
            moving: None,
            tour_step,
            through,
            shown_ms: 0.0,
            scrap: Scrap::default(),
        }
    }

    /// The run it moves over.
    pub fn run(&self) -> &Rc<Run> {
        &self.run
    }

    /// The simulation at the current time, for the view models.
    pub fn sim(&self) -> &Simulation {
        &self.sim
    }

    /// The current virtual time.
    pub fn now(&self) -> VirtualTime {
        self.sim.now()
    }

    /// The tour step navigated (or played) to, while the clock stays at its moment.
    pub fn tour_step(&self) -> Option<usize> {
        self.tour_step
            .filter(|&i| self.run.step_time(i) == Some(self.now()))
    }

    /// The step shown: the one navigated (or played) to while the clock stays at its moment, otherwise
    /// the last step reached; `None` before the first (the introduction).
    pub fn current_step(&self) -> Option<usize> {
        let now = self.now();
        self.tour_step().or_else(|| {
            self.run
                .step_times()
                .iter()
                .rposition(|t| t.is_some_and(|t| t <= now))
        })
    }

    /// How many events are shown: all so far, or those up to the step's event when the cursor stands
    /// inside a moment.
    pub fn shown_events(&self) -> usize {
        let logged = self.sim.events().len();
        self.through.map_or(logged, |last| (last + 1).min(logged))
    }

    /// What happened at this moment after the event shown: the rest of the action that logged it, which
    /// the views hide (empty unless the cursor stands inside a moment).
    pub fn later(&self) -> impl Iterator<Item = &crate::sim::Event> {
        self.sim.events().iter().skip(self.shown_events())
    }

    /// Whether the clock has reached the horizon (or where the run halted).
    pub fn at_end(&self) -> bool {
        self.now() >= self.run.horizon() || self.sim.halted()
    }

    /// Whether a move is in hand (what is shown is not yet where it was asked to be).
    pub fn busy(&self) -> bool {
        self.moving.is_some()
    }

    /// Whether anything is left to do: a move, or simulations to take apart.
    pub fn has_work(&self) -> bool {
        self.moving.is_some() || !self.scrap.is_empty()
    }

    /// How far the move in hand has come, while there is one.
    pub fn progress(&self) -> Option<Progress> {
        Some(match self.moving.as_ref()? {
            Move::Rewind { sim, target, .. } => Progress {
                done: sim.now(),
                total: *target,
            },
            Move::Forward(target, _) => Progress {
                done: self.sim.now(),
                total: *target,
            },
        })
    }

    /// The time a move in hand goes to, or now.
    pub fn target(&self) -> VirtualTime {
        match &self.moving {
            Some(Move::Rewind { target, .. } | Move::Forward(target, _)) => *target,
            None => self.now(),
        }
    }

    /// Jump to a virtual time (at most the horizon): forward in place, back by re-simulating; either
    /// way as work in hand ([`Cursor::work`]).
    pub fn seek(&mut self, time: VirtualTime) {
        self.seek_through(time, None);
    }

    /// Seek to `time`, and with `through` only as far as that event of its moment.
    fn seek_through(&mut self, time: VirtualTime, through: Option<usize>) {
        // The moment jumped to is held on screen from now, however long the one before was.
        self.shown_ms = 0.0;
        let time = time.min(self.run.horizon());
        let logged = self.sim.events().len();
        // Standing right after the action that logged `through`, only what is hidden changes.
        let there =
            |last: usize| self.now() == time && self.sim.last_action_events().contains(&last);
        if through.is_some_and(there) && !self.busy() {
            self.through = through;
            return;
        }
        let ahead =
            time > self.now() || (time == self.now() && through.is_none_or(|last| logged <= last));
        self.moving = Some(match self.moving.take() {
            // A rewind under way that has not passed the new time goes on to it.
            Some(Move::Rewind { sim, .. })
                if sim.now() < time || (sim.now() == time && through.is_none()) =>
            {
                Move::Rewind {
                    sim,
                    target: time,
                    through,
                }
            }
            earlier => {
                if let Some(Move::Rewind { sim, .. }) = earlier {
                    self.scrap.sim(*sim);
                }
                if ahead {
                    Move::Forward(time, through)
                } else {
                    Move::Rewind {
                        sim: Box::new(Simulation::new(self.run.scenario().clone())),
                        target: time,
                        through,
                    }
                }
            }
        });
    }

    /// Go to the moment of event `index` of the run, shown as far as that event.
    pub fn show_event(&mut self, index: usize) {
        if let Some(time) = self.run.timeline().get(index).map(|e| e.time_ms) {
            self.tour_step = None;
            self.seek_through(time, Some(index));
        }
    }

    /// Go to step `index` of the tour: the state right after its event.
    pub fn go_to_step(&mut self, index: usize) {
        if let Some(time) = self.run.step_time(index) {
            self.tour_step = Some(index);
            self.seek_through(time, self.run.step_event(index));
        }
    }

    /// Run to the next moment something is logged (at most the horizon): the time of the next event of
    /// the run, which the timeline holds.
    pub fn step(&mut self) {
        if self.busy() {
            return;
        }
        let next = self
            .run
            .timeline()
            .get(self.sim.events().len())
            .map_or(self.run.horizon(), |e| e.time_ms);
        self.seek(next.max(self.now()));
    }

    /// Go back to the previous moment something happened.
    pub fn step_back(&mut self) {
        if self.busy() {
            return;
        }
        let now = self.now();
        let before = self
            .sim
            .events()
            .iter()
            .rev()
            .map(|e| e.time_ms)
            .find(|t| *t < now)
            .unwrap_or(VirtualTime::ZERO);
        self.seek(before);
    }

    /// Play `real_ms` milliseconds at `speed` (an index into [`SPEEDS`]) up to `until` and no further
    /// (the run's end, the last millisecond before a question's step, or the end of a press's motion),
    /// doing the simulation's work while `more_time()` says there is time left in this frame. In a burst
    /// (thousands of pods created at once) the clock falls behind real time for a few frames rather than
    /// blocking the page. A move in hand is worked on instead. The one clock of every product: whoever
    /// plays draws when [`Played::moved`] and stops when [`Played::stopped`].
    pub fn play(
        &mut self,
        real_ms: f64,
        speed: usize,
        until: VirtualTime,
        more_time: &mut dyn FnMut() -> bool,
    ) -> Played {
        if self.busy() {
            let done = self.work(more_time);
            return Played {
                moved: done,
                stopped: false,
            };
        }
        let until = until.min(self.run.horizon());
        if self.now() >= until || self.at_end() {
            return Played {
                moved: false,
                stopped: true,
            };
        }
        let before = self.shown();
        let (target, through) = match SPEEDS.get(speed).and_then(|s| s.1) {
            Some(rate) if rate <= 1.0 => self.presented(real_ms, rate, until),
            Some(rate) => (
                (self.now() + VirtualDuration::from_millis((real_ms * rate).round() as u64))
                    .min(until),
                None,
            ),
            None => (until, None),
        };
        if run_until(&mut self.sim, target, through, more_time) {
            self.through = through;
        }
        Played {
            moved: self.shown() != before,
            stopped: self.now() >= until || self.at_end(),
        }
    }

    /// What is on screen: the time, how many events are shown, and the step.
    fn shown(&self) -> (VirtualTime, usize, Option<usize>) {
        (self.now(), self.shown_events(), self.tour_step)
    }

    /// Where the clock goes in `real_ms` at `rate`, at most to `until`, when each moment something
    /// happens is held on screen for [`MOMENT_SHOWN_MS`]: with the next event's moment in reach it
    /// waits where it stands, and goes to it only once the moment before was shown that long — each of
    /// the tour's steps at that moment in turn.
    fn presented(
        &mut self,
        real_ms: f64,
        rate: f64,
        until: VirtualTime,
    ) -> (VirtualTime, Option<usize>) {
        self.shown_ms += real_ms;
        let now = self.now();
        // Inside a moment: the tour's next step at it, then the rest of the moment, each held in turn.
        if let Some(shown) = self.through {
            let rest = self.sim.events().len() > shown + 1
                || self
                    .run
                    .timeline()
                    .get(self.sim.events().len())
                    .is_some_and(|e| e.time_ms == now);
            if rest {
                if self.shown_ms < MOMENT_SHOWN_MS {
                    return (now, Some(shown));
                }
                self.shown_ms = 0.0;
                let next_step = self
                    .tour_step()
                    .map(|step| step + 1)
                    .filter(|&step| self.run.step_time(step) == Some(now));
                if let Some(step) = next_step {
                    self.tour_step = Some(step);
                    return (now, self.run.step_event(step));
                }
                return (now, None);
            }
        }
        let free = (now + VirtualDuration::from_millis((real_ms * rate).round() as u64)).min(until);
        let next = self
            .run
            .timeline()
            .get(self.sim.events().len())
            .map(|e| e.time_ms)
            .filter(|next| *next > now && *next <= free);
        match next {
            Some(next) if self.shown_ms >= MOMENT_SHOWN_MS => {
                self.shown_ms = 0.0;
                // At a moment of several steps, the first is shown first, right after its event.
                self.tour_step = self.run.step_times().iter().position(|t| *t == Some(next));
                (
                    next,
                    self.tour_step.and_then(|step| self.run.step_event(step)),
                )
            }
            // The moment shown waits where it stands (a step entered stays at its own time).
            Some(_) => (now, None),
            None => (free, None),
        }
    }

    /// Do the move in hand, then take apart what it left, while `more_time()` says there is time;
    /// whether the move is done (what is shown is where it was asked to be).
    pub fn work(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        let done = match self.moving.take() {
            None => true,
            Some(Move::Forward(target, through)) => {
                let there = run_until(&mut self.sim, target, through, more_time);
                if there {
                    self.through = through;
                } else {
                    self.moving = Some(Move::Forward(target, through));
                }
                there
            }
            Some(Move::Rewind {
                mut sim,
                target,
                through,
            }) => {
                if run_until(&mut sim, target, through, more_time) {
                    let old = std::mem::replace(&mut self.sim, *sim);
                    self.scrap.sim(old);
                    self.through = through;
                    true
                } else {
                    self.moving = Some(Move::Rewind {
                        sim,
                        target,
                        through,
                    });
                    false
                }
            }
        };
        if done && more_time() {
            self.scrap.dismantle(more_time);
        }
        done
    }

    /// Do all the work in hand (natively, where nothing waits on a frame).
    pub fn finish(&mut self) {
        while self.has_work() {
            self.work(&mut || true);
        }
    }

    /// Its simulations, to take apart.
    pub(super) fn scrap(self, scrap: &mut Scrap) {
        let Cursor {
            run,
            sim,
            moving,
            scrap: own,
            ..
        } = self;
        scrap.append(own);
        scrap.sim(sim);
        if let Some(Move::Rewind { sim, .. }) = moving {
            scrap.sim(*sim);
        }
        scrap.run(run);
    }
}

#[cfg(test)]
mod tests;
