//! Building a new [`Run`] in slices: the text read a few lines at a time, the run probed to its horizon
//! for the timeline, then replayed to the time to show. Each slice stops when its caller's time is up,
//! so a page spreads a big scenario over many frames; the run is handed over whole, with a [`Cursor`]
//! at the time asked, and what the page shows stays until then.

use super::cursor::Cursor;
use super::run::Run;
use super::scrap::Scrap;
use super::slices::{run_until, Progress};
use crate::sim::scenario::Reader;
use crate::sim::ClusterSettings;
use crate::sim::{EventLog, Scenario, Simulation, VirtualDuration, VirtualTime};
use crate::tours::{Told, TourId};
use std::rc::Rc;

/// How far past a scenario's end its run is probed for what it started (a CNI DEL `del_lag` after a
/// delete at the very end, a sandbox retry).
const PROBE_PAST_END: VirtualDuration = VirtualDuration::from_secs(60);
/// Shown after the last event, to see its result.
const AFTER_LAST_EVENT: VirtualDuration = VirtualDuration::from_millis(500);

/// A new run being built from a scenario text, and where its cursor starts.
pub struct Loader {
    /// How far it is.
    stage: Stage,
    /// The tour the text is told by, if any.
    tour: Option<Told>,
    /// The time the new cursor shows.
    show_at: VirtualTime,
    /// The tour step the new cursor is at, kept from the view a changed text replaces.
    tour_step: Option<usize>,
    /// The tour step to go to once built.
    go_to: Option<usize>,
}

/// What a loader's slice of work came to.
pub enum Loading {
    /// More to do.
    Working(Loader),
    /// The new run, with a cursor at the time asked.
    Ready(Box<Cursor>),
    /// The text does not parse (`line N: …`): the text and why.
    Refused(String, String),
}

enum Stage {
    /// The text being read.
    Reading(Box<Parse>),
    /// The scenario's run being built.
    Building(Box<Build>),
}

impl Loader {
    /// Build `text` (the tour `tour`, if any) to show at `show_at`.
    pub fn new(text: String, tour: Option<TourId>, show_at: VirtualTime) -> Loader {
        Loader::told(text, tour.map(Told::from), show_at)
    }

    /// Build `text`, told by `tour` (a built-in tour or a lesson), to show at `show_at`.
    pub fn told(text: String, tour: Option<Told>, show_at: VirtualTime) -> Loader {
        Loader {
            stage: Stage::Reading(Box::new(Parse::new(text))),
            tour,
            show_at,
            tour_step: None,
            go_to: None,
        }
    }

    /// The same, with the new cursor at tour step `step` (a text changed under a step shown keeps it).
    pub fn at_step(mut self, step: Option<usize>) -> Loader {
        self.tour_step = step;
        self
    }

    /// Show the new run at `time` once built.
    pub fn seek(&mut self, time: VirtualTime) {
        self.show_at = time;
    }

    /// Go to step `index` of the tour once built.
    pub fn go_to_step(&mut self, index: usize) {
        self.go_to = Some(index);
    }

    /// The text being built.
    pub fn text(&self) -> &str {
        match &self.stage {
            Stage::Reading(parse) => &parse.text,
            Stage::Building(build) => &build.text,
        }
    }

    /// The tour being built, if any.
    pub fn tour(&self) -> Option<TourId> {
        self.tour.and_then(Told::builtin)
    }

    /// The built-in tour or lesson telling the run being built, if any.
    pub fn teller(&self) -> Option<Told> {
        self.tour
    }

    /// The time the new run is shown at.
    pub fn show_at(&self) -> VirtualTime {
        self.show_at
    }

    /// The tour step the new cursor is at.
    pub fn tour_step(&self) -> Option<usize> {
        self.tour_step
    }

    /// Where the scenario being built ends, once its text is read.
    pub fn scenario_end(&self) -> VirtualTime {
        match &self.stage {
            Stage::Reading(_) => VirtualTime::ZERO,
            Stage::Building(build) => build.scenario.end,
        }
    }

    /// The settings of the scenario being built, once its text is read.
    pub fn settings(&self) -> Option<&ClusterSettings> {
        match &self.stage {
            Stage::Reading(_) => None,
            Stage::Building(build) => Some(&build.settings),
        }
    }

    /// How far it has come.
    pub fn progress(&self) -> Progress {
        match &self.stage {
            Stage::Reading(parse) => parse.progress(),
            Stage::Building(build) => build.progress(self.show_at),
        }
    }

    /// Read the rest of the text at once: a change made while it is read builds on it.
    pub fn read(self) -> Loading {
        self.work_while(&mut || true, false)
    }

    /// Work while `more_time()` says there is time.
    pub fn work(self, more_time: &mut dyn FnMut() -> bool) -> Loading {
        self.work_while(more_time, true)
    }

    /// Read, then (when `build`) build while there is time.
    fn work_while(self, more_time: &mut dyn FnMut() -> bool, build: bool) -> Loading {
        let Loader {
            stage,
            tour,
            show_at,
            tour_step,
            go_to,
        } = self;
        let again = |stage| {
            Loading::Working(Loader {
                stage,
                tour,
                show_at,
                tour_step,
                go_to,
            })
        };
        let mut building = match stage {
            Stage::Reading(mut parse) => match parse.work(more_time) {
                None => return again(Stage::Reading(parse)),
                Some(Err(err)) => return Loading::Refused(parse.text, err.to_string()),
                Some(Ok(())) => {
                    let Parse { text, reader, .. } = *parse;
                    let building = Box::new(Build::new(text, reader.finish()));
                    if !build || !more_time() {
                        return again(Stage::Building(building));
                    }
                    building
                }
            },
            Stage::Building(building) => building,
        };
        // A step is shown right after its event, so the replay stops there when it shows one.
        let step = tour.zip(go_to.or(tour_step));
        if !build || !building.work(show_at, step, more_time) {
            return again(Stage::Building(building));
        }
        let (run, sim) = building.finish(tour);
        let mut cursor = Cursor::at(Rc::new(run), sim, tour_step);
        if let Some(step) = go_to {
            cursor.go_to_step(step);
        }
        Loading::Ready(Box::new(cursor))
    }

    /// Give it up: its runs go to `scrap`.
    pub fn scrap(self, scrap: &mut Scrap) {
        if let Stage::Building(build) = self.stage {
            for sim in build.retired {
                scrap.sim(sim);
            }
            match build.stage {
                Pass::Probe(sim) | Pass::Replay { sim, .. } => scrap.sim(sim),
            }
        }
    }
}

/// A scenario text being read, some lines at a time (a line of `add-many` names thousands of pods).
struct Parse {
    text: String,
    /// Where the next line starts.
    offset: usize,
    reader: Reader,
}

impl Parse {
    fn new(text: String) -> Parse {
        Parse {
            text,
            offset: 0,
            reader: Reader::default(),
        }
    }

    /// Read lines while there is time: `None` while there are more, else whether the text parsed.
    fn work(
        &mut self,
        more_time: &mut dyn FnMut() -> bool,
    ) -> Option<Result<(), crate::sim::ScenarioError>> {
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

    /// How far it has come, in bytes of the text.
    fn progress(&self) -> Progress {
        Progress {
            done: VirtualTime(self.offset as u64),
            total: VirtualTime(self.text.len() as u64),
        }
    }
}

/// A scenario's run being built.
struct Build {
    text: String,
    scenario: Rc<Scenario>,
    settings: ClusterSettings,
    /// How far it is.
    stage: Pass,
    /// Runs done with, to take apart in slices ([`Simulation::dismantle`]).
    retired: Vec<Simulation>,
}

/// A build's two runs.
enum Pass {
    /// The run probed to the scenario's end and a minute more, for the timeline.
    Probe(Simulation),
    /// The run replayed to the time shown (replaying is work in slices like the rest; copying a
    /// probe of thousands of pods would be one long task).
    Replay {
        /// Every event of the probe's run.
        timeline: EventLog,
        /// Where the timeline ends: after the last thing the run made happen.
        horizon: VirtualTime,
        /// Where the probe's run halted at podip's limit on events, if it did.
        halted_at: Option<VirtualTime>,
        /// The event (and its time) of the step shown, which the replay stops right after.
        through: Option<(usize, VirtualTime)>,
        /// The run being replayed.
        sim: Simulation,
    },
}

impl Build {
    fn new(text: String, scenario: Scenario) -> Build {
        let scenario = Rc::new(scenario);
        Build {
            text,
            settings: ClusterSettings::of(&scenario),
            stage: Pass::Probe(Simulation::new(scenario.clone())),
            scenario,
            retired: Vec::new(),
        }
    }

    fn limit(&self) -> VirtualTime {
        self.scenario.end + PROBE_PAST_END
    }

    /// Probe, take the probe apart, then replay to `show_at` (or through the event of `step`, a tour
    /// and a step of it, when that is at `show_at` or to be gone to), while there is time; whether all
    /// is done.
    fn work(
        &mut self,
        show_at: VirtualTime,
        step: Option<(Told, usize)>,
        more_time: &mut dyn FnMut() -> bool,
    ) -> bool {
        let limit = self.limit();
        if let Pass::Probe(probe) = &mut self.stage {
            if !run_until(probe, limit, None, more_time) {
                return false;
            }
            let halted_at = probe.halted().then(|| probe.now());
            let timeline = probe.take_events();
            let last_event = timeline.last().map_or(VirtualTime::ZERO, |e| e.time_ms);
            // A halted run shows nothing after it halted.
            let end = if halted_at.is_some() {
                last_event
            } else {
                self.scenario.end.max(last_event)
            };
            let through = step.and_then(|(tour, index)| {
                let found = tour.tour().step_events(timeline.iter());
                found.get(index).copied().flatten()
            });
            let replay = Pass::Replay {
                timeline,
                horizon: end + AFTER_LAST_EVENT,
                halted_at,
                through,
                sim: Simulation::new(self.scenario.clone()),
            };
            if let Pass::Probe(probe) = std::mem::replace(&mut self.stage, replay) {
                self.retired.push(probe);
            }
        }
        while let Some(run) = self.retired.last_mut() {
            if !run.dismantle(more_time) {
                return false;
            }
            self.retired.pop();
        }
        match &mut self.stage {
            Pass::Replay {
                horizon,
                sim,
                through: Some((event, time)),
                ..
            } if *time <= *horizon => run_until(sim, *time, Some(*event), more_time),
            Pass::Replay { horizon, sim, .. } => {
                run_until(sim, show_at.min(*horizon), None, more_time)
            }
            Pass::Probe(_) => false,
        }
    }

    /// The run built and its simulation at the time to show (once [`Build::work`] said it is done).
    fn finish(self, tour: Option<Told>) -> (Run, Simulation) {
        match self.stage {
            Pass::Replay {
                timeline,
                horizon,
                halted_at,
                sim,
                ..
            } => (
                Run::new(
                    self.text,
                    self.scenario,
                    self.settings,
                    tour,
                    timeline,
                    horizon,
                    halted_at,
                ),
                sim,
            ),
            // Not reached: a build is finished once its replay is done.
            Pass::Probe(sim) => (
                Run::new(
                    self.text,
                    self.scenario,
                    self.settings,
                    tour,
                    EventLog::default(),
                    VirtualTime::ZERO,
                    None,
                ),
                sim,
            ),
        }
    }

    /// How far it has come: the probe's run, then the replay's.
    fn progress(&self, show_at: VirtualTime) -> Progress {
        let done = match &self.stage {
            Pass::Probe(probe) => probe.now().as_millis(),
            Pass::Replay { sim, .. } => self.limit().as_millis() + sim.now().as_millis(),
        };
        Progress {
            done: VirtualTime(done),
            total: VirtualTime(self.limit().as_millis() + show_at.as_millis()),
        }
    }
}
