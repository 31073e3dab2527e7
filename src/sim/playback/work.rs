//! The playback's work in slices. Each request that takes simulating (a new scenario, a rewind, a jump
//! forward) starts a job (`jobs.rs`); [`Playback::work`] does as much of it as the caller's time
//! allows, so a page can spread a big scenario over many frames and stay responsive. Until a job is
//! done the view shows what it showed before (a rewind or a new scenario swaps in whole when ready; a
//! jump forward moves the clock as it goes). A new scenario is simulated twice: once to its horizon for
//! the timeline, once to the time shown.

use super::jobs::{run_until, Job, Progress};
use super::stage::Places;
use super::{Plan, Playback, Retired};
use std::rc::Rc;

impl Playback {
    /// How far the work in hand has come, while there is some.
    pub fn progress(&self) -> Option<Progress> {
        Some(match self.job.as_ref()? {
            Job::Parse(parse) => parse.progress(),
            Job::Build(build) => build.progress(),
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

    /// Whether work is in hand (what is shown is not yet what was asked).
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Whether anything is left to do: work in hand, or runs done with still to take apart.
    pub fn has_work(&self) -> bool {
        self.job.is_some() || !self.retired.is_empty()
    }

    /// Keep `old`'s run and log to take apart in slices.
    fn retire(&mut self, old: Playback) {
        let Playback {
            sim,
            timeline,
            mut retired,
            ..
        } = old;
        self.retired.append(&mut retired);
        self.retired.push(Retired::Run(Box::new(sim)));
        if let Ok(log) = Rc::try_unwrap(timeline) {
            self.retired.push(Retired::Log(log));
        }
    }

    /// Put `job` in hand in place of the one there: the runs of one given up are taken apart in slices.
    pub(super) fn replace_job(&mut self, job: Job<Playback, Plan>) {
        match self.job.replace(job) {
            Some(Job::Build(build)) => {
                let runs = build.into_runs();
                self.retired
                    .extend(runs.into_iter().map(|run| Retired::Run(Box::new(run))));
            }
            Some(Job::Rewind { sim, .. }) => self.retired.push(Retired::Run(sim)),
            Some(Job::Parse(_) | Job::Forward { .. }) | None => {}
        }
    }

    /// Take apart what is done with while there is time; whether it is all gone.
    fn dismantle(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        while let Some(last) = self.retired.last_mut() {
            let gone = match last {
                Retired::Run(sim) => sim.dismantle(more_time),
                Retired::Log(log) => loop {
                    if !log.drop_chunk() {
                        break true;
                    }
                    if !more_time() {
                        break false;
                    }
                },
            };
            if !gone {
                return false;
            }
            self.retired.pop();
        }
        true
    }

    /// Do the work in hand while `more_time()` says there is time; whether it is all done.
    pub fn work(&mut self, mut more_time: impl FnMut() -> bool) -> bool {
        self.work_while(&mut more_time)
    }

    /// [`Playback::work`], compiled once for every caller's clock.
    pub(super) fn work_while(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        while let Some(job) = self.job.take() {
            let done = match job {
                Job::Parse(mut parse) => match parse.work(more_time) {
                    Some(result) => {
                        self.after_reading(*parse, result);
                        true
                    }
                    None => {
                        self.job = Some(Job::Parse(parse));
                        false
                    }
                },
                Job::Build(mut build) => {
                    if build.work(more_time) {
                        let (mut next, built) = build.finish();
                        if let Some(built) = built {
                            next.horizon = built.horizon;
                            next.timeline = built.timeline;
                            next.places = Rc::new(Places::of(&next.timeline));
                            next.sim = built.sim;
                            next.halted_at = built.halted_at;
                            if let Some(step) = built.then_step {
                                next.go_to_step(step);
                            }
                        }
                        let old = std::mem::replace(self, next);
                        self.retire(old);
                        true
                    } else {
                        self.job = Some(Job::Build(build));
                        false
                    }
                }
                Job::Rewind { mut sim, target } => {
                    if run_until(&mut sim, target, more_time) {
                        let old = std::mem::replace(&mut self.sim, *sim);
                        self.retired.push(Retired::Run(Box::new(old)));
                        true
                    } else {
                        self.job = Some(Job::Rewind { sim, target });
                        false
                    }
                }
                Job::Forward { target } => {
                    if run_until(&mut self.sim, target, more_time) {
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
        self.dismantle(more_time)
    }

    /// Do all the work in hand (natively, where nothing waits on a frame).
    pub fn finish(&mut self) {
        self.work(|| true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{builtin, VirtualTime};

    /// Work done a few steps at a time ends where work done at once does.
    #[test]
    fn building_in_slices_ends_where_building_at_once_does() {
        let whole = Playback::load(builtin::KIND_MEASURED.into(), None).expect("parses");
        let mut sliced = Playback::opening(builtin::KIND_MEASURED.into(), None);
        let mut slices = 0;
        while sliced.busy() {
            sliced.work(countdown(5));
            slices += 1;
            let progress = sliced.progress();
            assert!(progress.is_none_or(|p| p.percent() <= 100), "{progress:?}");
        }
        assert!(slices > 3, "{slices}");
        assert_eq!(sliced.horizon(), whole.horizon());
        assert_eq!(sliced.timeline().len(), whole.timeline().len());
        assert_eq!(sliced.now(), VirtualTime::ZERO);
        assert_eq!(sliced.text(), builtin::KIND_MEASURED);
    }

    /// A text is read a few lines at a time too; one refused leaves the view and says where.
    #[test]
    fn a_refused_text_read_in_slices_keeps_the_view() {
        let mut text = String::from(builtin::EXHAUSTION);
        text.push_str("node delete nowhere\n");
        let mut playback = Playback::default();
        playback.reload(text.clone(), None);
        let mut slices = 0;
        while !playback.work(countdown(3)) {
            slices += 1;
        }
        assert!(slices > 2, "{slices}");
        assert_eq!(playback.tour(), Some("kind"));
        assert_eq!(playback.text(), text);
        assert!(playback
            .error()
            .is_some_and(|e| e.contains("nodes \"nowhere\" not found")));
    }

    /// While a rewind is in hand the view keeps its time; a later seek takes over the same run.
    #[test]
    fn a_rewind_shows_the_old_time_until_it_is_done() {
        let mut playback = Playback::load(builtin::KIND_MEASURED.into(), None).expect("parses");
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

    /// A run replaced is taken apart in slices too, after what is shown has changed.
    #[test]
    fn the_run_replaced_is_taken_apart_in_slices() {
        let mut playback = Playback::load(builtin::KIND_MEASURED.into(), None).expect("parses");
        playback.seek(playback.horizon());
        playback.finish();
        playback.reload(builtin::KIND.into(), Some("kind"));
        let (mut slices, mut shown_at) = (0, None);
        while playback.has_work() {
            playback.work(countdown(2));
            slices += 1;
            if !playback.busy() && shown_at.is_none() {
                shown_at = Some(slices);
            }
        }
        assert_eq!(playback.tour(), Some("kind"));
        assert!(
            shown_at.is_some_and(|at| at + 2 < slices),
            "{shown_at:?} of {slices}"
        );
    }

    fn countdown(mut n: u32) -> impl FnMut() -> bool {
        move || {
            n = n.saturating_sub(1);
            n > 0
        }
    }
}
