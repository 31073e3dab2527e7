//! The jobs a playback does in slices: a new scenario's run probed to its horizon and replayed to the
//! time shown, a rewind re-simulated from the start, a jump forward. Each knows how far it has come and
//! stops when its caller's time is up; none knows what it is building for (`N`, the playback).

use crate::sim::scenario::Reader;
use crate::sim::{EventLog, Scenario, ScenarioError, Simulation, VirtualDuration, VirtualTime};
use std::rc::Rc;

/// How far past a scenario's end its run is probed for what it started (a CNI DEL `del_lag` after a
/// delete at the very end, a sandbox retry).
const PROBE_PAST_END: VirtualDuration = VirtualDuration::from_secs(60);
/// Shown after the last event, to see its result.
const AFTER_LAST_EVENT: VirtualDuration = VirtualDuration::from_millis(500);

/// Work still to do before the view shows what was asked.
pub(super) enum Job<N, M> {
    /// A scenario text being read (`M`: what to do with it).
    Parse(Box<Parse<M>>),
    /// A new scenario: its whole run, probed to find the horizon and every event.
    Build(Box<Build<N>>),
    /// Re-simulating from the start to `target` (seeking back).
    Rewind {
        /// The run being brought to `target`.
        sim: Box<Simulation>,
        /// Where it goes.
        target: VirtualTime,
    },
    /// Running the shown simulation forward to `target`.
    Forward {
        /// Where it goes.
        target: VirtualTime,
    },
}

/// A scenario text being read, some lines at a time (a line of `add-many` names thousands of pods).
pub(super) struct Parse<M> {
    text: String,
    /// Where the next line starts.
    offset: usize,
    reader: Reader,
    /// What to do with the scenario.
    pub(super) then: M,
}

impl<M> Parse<M> {
    pub(super) fn new(text: String, then: M) -> Parse<M> {
        Parse {
            text,
            offset: 0,
            reader: Reader::default(),
            then,
        }
    }

    /// Read lines while there is time: `None` while there are more, else whether the text parsed.
    pub(super) fn work(
        &mut self,
        more_time: &mut dyn FnMut() -> bool,
    ) -> Option<Result<(), ScenarioError>> {
        loop {
            let rest = &self.text[self.offset..];
            if rest.is_empty() {
                return Some(Ok(()));
            }
            let (line, next) = match rest.find('\n') {
                Some(end) => (&rest[..end], self.offset + end + 1),
                None => (rest, self.text.len()),
            };
            if let Err(err) = self
                .reader
                .read_line(line.strip_suffix('\r').unwrap_or(line))
            {
                return Some(Err(err));
            }
            self.offset = next;
            if !more_time() {
                return None;
            }
        }
    }

    /// The text and what was read of it, and what to do with it.
    pub(super) fn finish(self) -> (String, Scenario, M) {
        (self.text, self.reader.finish(), self.then)
    }

    /// How far it has come, in bytes of the text.
    pub(super) fn progress(&self) -> Progress {
        Progress {
            done: VirtualTime(self.offset as u64),
            total: VirtualTime(self.text.len() as u64),
        }
    }
}

/// A new scenario being built.
pub(super) struct Build<N> {
    /// What it becomes, with the [`Built`] run.
    pub(super) next: N,
    /// The scenario.
    scenario: Rc<Scenario>,
    /// How far it is.
    stage: Stage,
    /// Runs done with, to take apart in slices ([`Simulation::dismantle`]).
    retired: Vec<Simulation>,
    /// The time to show once built.
    pub(super) show_at: VirtualTime,
    /// The tour step to go to once built.
    pub(super) then_step: Option<usize>,
}

/// A build's two runs.
enum Stage {
    /// The run probed to the scenario's end and a minute more, for the timeline.
    Probe(Simulation),
    /// The run replayed to the time shown (replaying is work in slices like the rest; copying a
    /// probe of thousands of pods would be one long task).
    Replay {
        /// Every event of the probe's run.
        timeline: Rc<EventLog>,
        /// Where the timeline ends: after the last thing the run made happen.
        horizon: VirtualTime,
        /// Where the probe's run halted at podip's limit on events, if it did.
        halted_at: Option<VirtualTime>,
        /// The run being replayed.
        sim: Simulation,
    },
}

/// A scenario's run, built.
pub(super) struct Built {
    /// Where its timeline ends.
    pub(super) horizon: VirtualTime,
    /// Every event of the run.
    pub(super) timeline: Rc<EventLog>,
    /// The run at the time to show.
    pub(super) sim: Simulation,
    /// Where the run halted at podip's limit on events, if it did.
    pub(super) halted_at: Option<VirtualTime>,
    /// The tour step to go to.
    pub(super) then_step: Option<usize>,
}

/// How far the current job has come: virtual time simulated of the time to simulate (bytes of text,
/// while reading it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Done.
    pub done: VirtualTime,
    /// To do.
    pub total: VirtualTime,
}

impl Progress {
    /// Done, in percent (0–100).
    pub fn percent(&self) -> u64 {
        (self.done.as_millis().saturating_mul(100) / self.total.as_millis().max(1)).min(100)
    }
}

impl<N> Build<N> {
    pub(super) fn new(next: N, scenario: Rc<Scenario>, show_at: VirtualTime) -> Build<N> {
        Build {
            stage: Stage::Probe(Simulation::new(scenario.clone())),
            scenario,
            next,
            show_at,
            then_step: None,
            retired: Vec::new(),
        }
    }

    fn limit(&self) -> VirtualTime {
        self.scenario.end + PROBE_PAST_END
    }

    /// Probe, take the probe apart, then replay, while there is time; whether all is done.
    pub(super) fn work(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        if let Stage::Probe(probe) = &mut self.stage {
            if !run_until(probe, self.scenario.end + PROBE_PAST_END, more_time) {
                return false;
            }
            let replay = Stage::Replay {
                timeline: Rc::default(),
                horizon: VirtualTime::ZERO,
                halted_at: None,
                sim: Simulation::new(self.scenario.clone()),
            };
            if let (
                Stage::Probe(probe),
                Stage::Replay {
                    timeline,
                    horizon,
                    halted_at,
                    ..
                },
            ) = (std::mem::replace(&mut self.stage, replay), &mut self.stage)
            {
                *halted_at = probe.halted().then(|| probe.now());
                let mut probe = probe;
                let events = probe.take_events();
                self.retired.push(probe);
                let last_event = events.last().map_or(VirtualTime::ZERO, |e| e.time_ms);
                // A halted run shows nothing after it halted.
                let end = if halted_at.is_some() {
                    last_event
                } else {
                    self.scenario.end.max(last_event)
                };
                *horizon = end + AFTER_LAST_EVENT;
                *timeline = Rc::new(events);
            }
        }
        while let Some(run) = self.retired.last_mut() {
            if !run.dismantle(more_time) {
                return false;
            }
            self.retired.pop();
        }
        match &mut self.stage {
            Stage::Replay { horizon, sim, .. } => {
                run_until(sim, self.show_at.min(*horizon), more_time)
            }
            Stage::Probe(_) => false,
        }
    }

    /// The runs it holds, given up before it is done.
    pub(super) fn into_runs(self) -> Vec<Simulation> {
        let mut runs = self.retired;
        match self.stage {
            Stage::Probe(sim) | Stage::Replay { sim, .. } => runs.push(sim),
        }
        runs
    }

    /// What it becomes, and the run built (once [`Build::work`] said it is done).
    pub(super) fn finish(self) -> (N, Option<Built>) {
        let built = match self.stage {
            Stage::Replay {
                timeline,
                horizon,
                halted_at,
                sim,
            } => Some(Built {
                horizon,
                timeline,
                sim,
                halted_at,
                then_step: self.then_step,
            }),
            Stage::Probe(_) => None,
        };
        (self.next, built)
    }

    /// How far it has come: the probe's run, then the replay's.
    pub(super) fn progress(&self) -> Progress {
        let done = match &self.stage {
            Stage::Probe(probe) => probe.now().as_millis(),
            Stage::Replay { sim, .. } => self.limit().as_millis() + sim.now().as_millis(),
        };
        Progress {
            done: VirtualTime(done),
            total: VirtualTime(self.limit().as_millis() + self.show_at.as_millis()),
        }
    }
}

/// Run `sim` towards `target` while there is time; whether it got there.
pub(super) fn run_until(
    sim: &mut Simulation,
    target: VirtualTime,
    more_time: &mut dyn FnMut() -> bool,
) -> bool {
    for step in 1u32.. {
        if sim.step_until(target).is_none() {
            sim.run_to(target);
            return true;
        }
        // The clock is asked every few actions: in a browser asking costs more than an action.
        if step % ACTIONS_PER_LOOK == 0 && !more_time() {
            return false;
        }
    }
    false
}

/// How many actions run between two looks at the caller's clock.
const ACTIONS_PER_LOOK: u32 = 32;
