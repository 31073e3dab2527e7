//! The playback's work in slices: a new scenario's run probed to its horizon, a rewind re-simulated from
//! the start, a jump forward. Each request starts a [`Job`]; [`Playback::work`] does as much of it as
//! the caller's time allows, so a page can spread a big scenario over many frames and stay responsive.
//! Until a job is done the view shows what it showed before (a rewind or a new scenario swaps in whole
//! when ready; a jump forward moves the clock as it goes). A new scenario is simulated twice: once to
//! its horizon for the timeline, once to the time shown.

use super::Playback;
use crate::sim::{Event, Simulation, VirtualDuration, VirtualTime};
use std::rc::Rc;

/// How far past a scenario's end its run is probed for what it started (a CNI DEL `del_lag` after a
/// delete at the very end, a sandbox retry).
const PROBE_PAST_END: VirtualDuration = VirtualDuration::from_secs(60);
/// Shown after the last event, to see its result.
const AFTER_LAST_EVENT: VirtualDuration = VirtualDuration::from_millis(500);

/// Work still to do before the view shows what was asked.
#[derive(Clone)]
pub(super) enum Job {
    /// A new scenario: its whole run, probed to find the horizon and every event.
    Build(Box<Build>),
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
pub(super) struct Build {
    /// The playback it becomes (its simulation, horizon and timeline are filled in when done).
    pub(super) next: Playback,
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

impl Build {
    pub(super) fn new(next: Playback, show_at: VirtualTime) -> Build {
        Build {
            probe: Simulation::new(next.scenario.clone()),
            next,
            events: Vec::new(),
            show_at,
            replay: None,
            then_step: None,
        }
    }

    fn limit(&self) -> VirtualTime {
        self.next.scenario.end + PROBE_PAST_END
    }

    /// Where the timeline ends: after the last thing the run made happen.
    fn horizon(&self) -> VirtualTime {
        let last_event = self.events.last().map_or(VirtualTime::ZERO, |e| e.time_ms);
        self.next.scenario.end.max(last_event) + AFTER_LAST_EVENT
    }

    /// Probe, then replay, while there is time; whether both are done.
    fn work(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
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
            self.replay = Some(Simulation::new(self.next.scenario.clone()));
        }
        let target = self.show_at.min(self.horizon());
        match &mut self.replay {
            Some(replay) => run_until(replay, target, more_time),
            None => true,
        }
    }

    /// The playback, built.
    fn finish(self) -> Playback {
        let horizon = self.horizon();
        let Build {
            mut next,
            events,
            replay,
            then_step,
            ..
        } = self;
        next.horizon = horizon;
        next.timeline = Rc::new(events);
        if let Some(replay) = replay {
            next.sim = replay;
        }
        if let Some(step) = then_step {
            next.go_to_step(step);
        }
        next
    }
}

impl Playback {
    /// How far the work in hand has come, while there is some.
    pub fn progress(&self) -> Option<Progress> {
        Some(match self.job.as_ref()? {
            // The probe's run, then the replay's.
            Job::Build(build) => {
                let replayed = build
                    .replay
                    .as_ref()
                    .map_or(VirtualTime::ZERO, Simulation::now);
                let total = build.limit().as_millis() + build.show_at.as_millis();
                Progress {
                    done: VirtualTime(build.probe.now().as_millis() + replayed.as_millis()),
                    total: VirtualTime(total),
                }
            }
            Job::Rewind { sim, target } => Progress {
                done: sim.now(),
                total: *target,
            },
            Job::Forward { target } => Progress {
                done: self.sim.now(),
                total: *target,
            },
        })
    }

    /// Whether work is in hand.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Do the work in hand while `more_time()` says there is time; whether it is all done.
    pub fn work(&mut self, mut more_time: impl FnMut() -> bool) -> bool {
        while let Some(job) = self.job.take() {
            let done = match job {
                Job::Build(mut build) => {
                    if build.work(&mut more_time) {
                        *self = build.finish();
                        true
                    } else {
                        self.job = Some(Job::Build(build));
                        false
                    }
                }
                Job::Rewind { mut sim, target } => {
                    if run_until(&mut sim, target, &mut more_time) {
                        self.sim = *sim;
                        true
                    } else {
                        self.job = Some(Job::Rewind { sim, target });
                        false
                    }
                }
                Job::Forward { target } => {
                    if run_until(&mut self.sim, target, &mut more_time) {
                        true
                    } else {
                        self.job = Some(Job::Forward { target });
                        false
                    }
                }
            };
            if !done || !more_time() {
                return self.job.is_none();
            }
        }
        true
    }

    /// Do all the work in hand (natively, where nothing waits on a frame).
    pub fn finish(&mut self) {
        self.work(|| true);
    }
}

/// Run `sim` towards `target` while there is time; whether it got there.
fn run_until(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::builtin;

    /// Work done a few steps at a time ends where work done at once does.
    #[test]
    fn building_in_slices_ends_where_building_at_once_does() {
        let whole = Playback::load(builtin::EXHAUSTION.into(), None).expect("parses");
        let mut sliced = Playback::open(builtin::EXHAUSTION.into(), None).expect("parses");
        let mut slices = 0;
        while !sliced.work(countdown(5)) {
            slices += 1;
            let progress = sliced.progress().expect("busy while not done");
            assert!(progress.percent() <= 100);
        }
        assert!(slices > 3, "{slices}");
        assert_eq!(sliced.horizon(), whole.horizon());
        assert_eq!(sliced.timeline().len(), whole.timeline().len());
        assert_eq!(sliced.now(), VirtualTime::ZERO);
        assert!(!sliced.busy());
    }

    /// While a rewind is in hand the view keeps its time; a later seek takes over the same run.
    #[test]
    fn a_rewind_shows_the_old_time_until_it_is_done() {
        let mut playback = Playback::default();
        playback.seek(playback.horizon());
        playback.finish();
        let end = playback.now();
        playback.seek(VirtualTime(2_000));
        assert!(!playback.work(countdown(1)));
        assert_eq!(playback.now(), end);
        playback.seek(VirtualTime(3_000));
        playback.finish();
        assert_eq!(playback.now(), VirtualTime(3_000));
    }

    /// An action while a scenario is still being built applies to that scenario, not the one shown.
    #[test]
    fn actions_while_building_apply_to_the_scenario_being_built() {
        let mut playback = Playback::default();
        playback.reload(builtin::PLANNING.into(), Some("planning"));
        playback.apply(&[crate::sim::command::Command::NodeAdd {
            name: "node-z".into(),
            pod_cidrs: Vec::new(),
        }]);
        playback.finish();
        assert!(playback.text().starts_with(builtin::PLANNING.trim_end()));
        assert!(playback.text().ends_with("node add node-z\n"));
        assert_eq!(playback.tour(), None);
    }

    fn countdown(mut n: u32) -> impl FnMut() -> bool {
        move || {
            n = n.saturating_sub(1);
            n > 0
        }
    }
}
