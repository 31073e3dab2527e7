//! The jobs a playback does in slices: a new scenario's run probed to its horizon and replayed to the
//! time shown, a rewind re-simulated from the start, a jump forward. Each knows how far it has come and
//! stops when its caller's time is up; none knows what it is building for (`N`, the playback).

use crate::sim::{Event, Scenario, Simulation, VirtualDuration, VirtualTime};
use std::rc::Rc;

/// How far past a scenario's end its run is probed for what it started (a CNI DEL `del_lag` after a
/// delete at the very end, a sandbox retry).
const PROBE_PAST_END: VirtualDuration = VirtualDuration::from_secs(60);
/// Shown after the last event, to see its result.
const AFTER_LAST_EVENT: VirtualDuration = VirtualDuration::from_millis(500);

/// Work still to do before the view shows what was asked.
#[derive(Clone)]
pub(super) enum Job<N> {
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

/// A new scenario being built.
#[derive(Clone)]
pub(super) struct Build<N> {
    /// What it becomes, with the [`Built`] run.
    pub(super) next: N,
    /// The scenario.
    scenario: Rc<Scenario>,
    /// The run, probed to the scenario's end and a minute more.
    probe: Simulation,
    /// The probe's events, copied as it logs them.
    events: Vec<Event>,
    /// The time to show once built.
    pub(super) show_at: VirtualTime,
    /// Once the probe is done: the run replayed to `show_at` (replaying is work in slices like the
    /// rest; copying a probe of thousands of pods would be one long task).
    replay: Option<Simulation>,
    /// The tour step to go to once built.
    pub(super) then_step: Option<usize>,
}

/// How far the current job has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Virtual time simulated.
    pub done: VirtualTime,
    /// Virtual time to simulate.
    pub total: VirtualTime,
}

impl Progress {
    /// Done, in percent (0–100).
    pub fn percent(&self) -> u64 {
        (self.done.as_millis().saturating_mul(100) / self.total.as_millis().max(1)).min(100)
    }
}

/// A scenario's run, built.
pub(super) struct Built {
    /// Where its timeline ends: after the last thing the run made happen.
    pub(super) horizon: VirtualTime,
    /// Every event of the run.
    pub(super) timeline: Rc<Vec<Event>>,
    /// The run at the time to show.
    pub(super) sim: Simulation,
    /// The tour step to go to.
    pub(super) then_step: Option<usize>,
}

impl<N> Build<N> {
    pub(super) fn new(next: N, scenario: Rc<Scenario>, show_at: VirtualTime) -> Build<N> {
        Build {
            probe: Simulation::new(scenario.clone()),
            scenario,
            next,
            events: Vec::new(),
            show_at,
            replay: None,
            then_step: None,
        }
    }

    fn limit(&self) -> VirtualTime {
        self.scenario.end + PROBE_PAST_END
    }

    /// Where the timeline ends: after the last thing the run made happen.
    fn horizon(&self) -> VirtualTime {
        let last_event = self.events.last().map_or(VirtualTime::ZERO, |e| e.time_ms);
        self.scenario.end.max(last_event) + AFTER_LAST_EVENT
    }

    /// Probe, then replay, while there is time; whether both are done.
    pub(super) fn work(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        if self.replay.is_none() {
            let limit = self.limit();
            loop {
                let stepped = self.probe.step_until(limit).is_some();
                let log = self.probe.events();
                self.events
                    .extend((self.events.len()..log.len()).filter_map(|i| log.get(i).cloned()));
                if !stepped {
                    break;
                }
                if !more_time() {
                    return false;
                }
            }
            self.replay = Some(Simulation::new(self.scenario.clone()));
        }
        let target = self.show_at.min(self.horizon());
        match &mut self.replay {
            Some(replay) => run_until(replay, target, more_time),
            None => true,
        }
    }

    /// What it becomes, and the run built.
    pub(super) fn finish(self) -> (N, Built) {
        let horizon = self.horizon();
        let sim = self.replay.unwrap_or(self.probe);
        let built = Built {
            horizon,
            timeline: Rc::new(self.events),
            sim,
            then_step: self.then_step,
        };
        (self.next, built)
    }

    /// How far it has come: the probe's run, then the replay's.
    pub(super) fn progress(&self) -> Progress {
        let replayed = self
            .replay
            .as_ref()
            .map_or(VirtualTime::ZERO, Simulation::now);
        Progress {
            done: VirtualTime(self.probe.now().as_millis() + replayed.as_millis()),
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
    loop {
        if sim.step_until(target).is_none() {
            sim.run_to(target);
            return true;
        }
        if !more_time() {
            return false;
        }
    }
}
