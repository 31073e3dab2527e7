//! A cursor over a [`Run`]: the simulation at one virtual time, and what the presentation clock holds
//! on screen. Cheap to create (a run at time 0); several can move over one run, each on its own.
//! Moving forward advances the simulation in place; moving back re-simulates from the start, in slices
//! ([`Cursor::work`]), showing the old time until the new one is reached.

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
    /// Real milliseconds the current moment has been on screen while playing ([`MOMENT_SHOWN_MS`]).
    shown_ms: f64,
    /// Simulations it rewound from, to take apart.
    scrap: Scrap,
}

/// A move in hand.
enum Move {
    /// Running the shown simulation forward to here.
    Forward(VirtualTime),
    /// Re-simulating from the start to `target` (seeking back); shown once there.
    Rewind {
        /// The run being brought to `target`.
        sim: Box<Simulation>,
        /// Where it goes.
        target: VirtualTime,
    },
}

impl Cursor {
    /// A cursor at the start of `run`.
    pub fn new(run: Rc<Run>) -> Cursor {
        let sim = Simulation::new(run.scenario().clone());
        Cursor::at(run, sim, None)
    }

    /// A cursor over `run` whose simulation is `sim`, at tour step `tour_step`.
    pub(super) fn at(run: Rc<Run>, sim: Simulation, tour_step: Option<usize>) -> Cursor {
        Cursor {
            run,
            sim,
            moving: None,
            tour_step,
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
            Move::Rewind { sim, target } => Progress {
                done: sim.now(),
                total: *target,
            },
            Move::Forward(target) => Progress {
                done: self.sim.now(),
                total: *target,
            },
        })
    }

    /// The time a move in hand goes to, or now.
    pub fn target(&self) -> VirtualTime {
        match &self.moving {
            Some(Move::Rewind { target, .. } | Move::Forward(target)) => *target,
            None => self.now(),
        }
    }

    /// Jump to a virtual time (at most the horizon): forward in place, back by re-simulating; either
    /// way as work in hand ([`Cursor::work`]).
    pub fn seek(&mut self, time: VirtualTime) {
        let time = time.min(self.run.horizon());
        self.moving = Some(match self.moving.take() {
            // A rewind under way that has not passed the new time goes on to it.
            Some(Move::Rewind { sim, .. }) if sim.now() <= time => {
                Move::Rewind { sim, target: time }
            }
            earlier => {
                if let Some(Move::Rewind { sim, .. }) = earlier {
                    self.scrap.sim(*sim);
                }
                if time >= self.now() {
                    Move::Forward(time)
                } else {
                    Move::Rewind {
                        sim: Box::new(Simulation::new(self.run.scenario().clone())),
                        target: time,
                    }
                }
            }
        });
    }

    /// Go to step `index` of the tour, at its moment.
    pub fn go_to_step(&mut self, index: usize) {
        if let Some(time) = self.run.step_time(index) {
            self.tour_step = Some(index);
            self.seek(time);
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

    /// Play `real_ms` milliseconds at `speed` (an index into [`SPEEDS`]), doing the simulation's work
    /// while `more_time()` says there is time left in this frame. Whether the clock got there: in a
    /// burst (thousands of pods created at once) it falls behind real time for a few frames rather
    /// than blocking the page. A move in hand is worked on instead.
    pub fn play(
        &mut self,
        real_ms: f64,
        speed: usize,
        more_time: &mut dyn FnMut() -> bool,
    ) -> bool {
        if self.busy() {
            return self.work(more_time);
        }
        let horizon = self.run.horizon();
        let target = match SPEEDS.get(speed).and_then(|s| s.1) {
            Some(rate) if rate <= 1.0 => self.presented(real_ms, rate),
            Some(rate) => {
                self.now() + VirtualDuration::from_millis((real_ms * rate).round() as u64)
            }
            None => horizon,
        }
        .min(horizon);
        run_until(&mut self.sim, target, more_time)
    }

    /// Where the clock goes in `real_ms` at `rate` when each moment something happens is held on
    /// screen for [`MOMENT_SHOWN_MS`]: it stops at the next event's moment, and passes it only once the
    /// moment before was shown that long — each of the tour's steps at that moment in turn.
    fn presented(&mut self, real_ms: f64, rate: f64) -> VirtualTime {
        self.shown_ms += real_ms;
        let now = self.now();
        // Steps of the tour that share this moment are shown in turn, each held as a moment is.
        if let Some(shown) = self.tour_step() {
            if self.run.step_time(shown + 1) == Some(now) {
                if self.shown_ms >= MOMENT_SHOWN_MS {
                    self.shown_ms = 0.0;
                    self.tour_step = Some(shown + 1);
                }
                return now;
            }
        }
        let free = now + VirtualDuration::from_millis((real_ms * rate).round() as u64);
        let next = self
            .run
            .timeline()
            .get(self.sim.events().len())
            .map(|e| e.time_ms)
            .filter(|next| *next > now && *next <= free);
        match next {
            Some(next) if self.shown_ms >= MOMENT_SHOWN_MS => {
                self.shown_ms = 0.0;
                // At a moment of several steps, the first is shown first.
                self.tour_step = self.run.step_times().iter().position(|t| *t == Some(next));
                next
            }
            Some(next) => VirtualTime(next.0 - 1).max(now),
            None => free,
        }
    }

    /// Do the move in hand, then take apart what it left, while `more_time()` says there is time;
    /// whether the move is done (what is shown is where it was asked to be).
    pub fn work(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        let done = match self.moving.take() {
            None => true,
            Some(Move::Forward(target)) => {
                let there = run_until(&mut self.sim, target, more_time);
                if !there {
                    self.moving = Some(Move::Forward(target));
                }
                there
            }
            Some(Move::Rewind { mut sim, target }) => {
                if run_until(&mut sim, target, more_time) {
                    let old = std::mem::replace(&mut self.sim, *sim);
                    self.scrap.sim(old);
                    true
                } else {
                    self.moving = Some(Move::Rewind { sim, target });
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
