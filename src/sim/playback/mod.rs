//! The playback core: what the page shows and does, with no browser in it. It owns the scenario (its
//! text, the source of truth the editor and links carry), the simulation at the current virtual time,
//! the whole run's timeline, the tour and the cluster settings; it takes typed commands and transport
//! moves, and computes the view models the page draws ([`views`]). The Yew front end holds one and
//! renders what it returns, as Yew's `game_of_life` keeps `conway.rs` free of Yew.
//!
//! * [`link`] — the view as a [`crate::share::Link`] and back.
//! * [`tour`] — where each step of a guided tour happens, and which step is shown.
//! * [`views`] — node cards, a pod's network, the capacity plan, the names actions use next.
//! * [`export`] — the files the page downloads: the scenario, the state, the transcript, their names.
//! * [`work`] — the work a request takes, done in slices ([`Playback::work`]) so a page never blocks.

pub mod export;
mod jobs;
pub mod link;
pub mod stage;
pub mod tour;
pub mod views;
pub mod work;

use super::command::Command;
use super::{
    builtin, ClusterSettings, DeletionMode, EventLog, Scenario, ScenarioError, Simulation,
    VirtualDuration, VirtualTime,
};
pub use jobs::Progress;
use jobs::{Build, Job, Parse};
use std::rc::Rc;

/// Playback speeds offered, as virtual milliseconds per real millisecond; `None` is "instant".
pub const SPEEDS: [(&str, Option<f64>); 7] = [
    ("0.25×", Some(0.25)),
    ("0.5×", Some(0.5)),
    ("1×", Some(1.0)),
    ("2×", Some(2.0)),
    ("4×", Some(4.0)),
    ("8×", Some(8.0)),
    ("instant", None),
];

/// The speed a page starts at (1×).
pub const DEFAULT_SPEED: usize = 2;

/// While playing at 1× or slower, each moment something happens stays on screen at least this many
/// real milliseconds: CNI ADD's steps are milliseconds apart in virtual time and would flash by.
pub const MOMENT_SHOWN_MS: f64 = 600.0;

/// The scenario, the simulation at the current time, and the timeline of the whole run.
pub struct Playback {
    /// The scenario text: the source of truth the editor shows and links carry.
    text: String,
    /// The last text that parsed.
    scenario: Rc<Scenario>,
    /// The settings in force (read from the scenario, plus the deletion mode).
    settings: ClusterSettings,
    /// `line N: ...` from the last text that did not parse (or an action that was refused).
    error: Option<String>,
    /// The simulation at the current time. Moving forward advances it in place; moving back
    /// re-simulates from the start.
    sim: Simulation,
    /// Where the timeline ends: after the last thing the scenario makes happen.
    horizon: VirtualTime,
    /// Every event up to the horizon (the tours' anchors, the scrubber's marks).
    timeline: Rc<EventLog>,
    /// The built-in scenario (tour) loaded, if any.
    tour: Option<&'static str>,
    /// The tour step navigated to (steps can share one moment, so time alone is ambiguous).
    tour_step: Option<usize>,
    /// Counts loads, so views that keep their own edits (the settings fields) start afresh.
    generation: u32,
    /// Where the run halted at podip's limit on events ([`crate::sim::limits::MAX_EVENTS`]), if it did.
    halted_at: Option<VirtualTime>,
    /// What of the link the page was opened with could not be used.
    link_refusals: Vec<LinkRefusal>,
    /// Runs and logs done with, taken apart in slices ([`Playback::work`]): dropping a run of
    /// thousands of pods at once is one long task for a page.
    retired: Vec<Retired>,
    /// Work in hand before the view shows what was asked last ([`work`]).
    job: Option<Job<Playback, Plan>>,
    /// Where the stage draws each node of the run ([`stage::Places`]), read off the timeline.
    places: Rc<stage::Places>,
    /// Real milliseconds the current moment has been on screen while playing ([`MOMENT_SHOWN_MS`]).
    shown_ms: f64,
}

/// What of a link could not be used, beyond what `Link::parse` already refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkRefusal {
    /// The link's scenario does not parse (`line N: …`); it stays in the editor over the default view.
    Scenario(String),
    /// The link's settings were refused (kube-controller-manager's text).
    Settings(String),
}

/// Something done with, to take apart in slices.
enum Retired {
    Run(Box<Simulation>),
    Log(EventLog),
}

/// What to do with a scenario text once it is read.
pub(super) struct Plan {
    /// A load shows a refused text with its error (the editor keeps it); a change refused leaves the
    /// text as it was.
    load: bool,
    /// The text came with a link: a refusal is also the link's.
    from_link: bool,
    /// The tour it is, if any.
    tour: Option<&'static str>,
    /// The time to show.
    show_at: VirtualTime,
    /// The tour step to go to.
    then_step: Option<usize>,
    /// Carried over from the playback it replaces.
    generation: u32,
    tour_step: Option<usize>,
    deletion_mode: DeletionMode,
}

impl Default for Playback {
    /// The kind tour at its start.
    fn default() -> Self {
        Self::load(builtin::KIND.to_string(), Some("kind")).unwrap_or_else(|err| {
            // The built-in scenario is covered by tests; should it ever fail, say why on an empty cluster.
            let mut empty = Self::unbuilt(String::new(), Scenario::default(), None);
            empty.error = Some(err);
            empty
        })
    }
}

impl Playback {
    /// A playback of `scenario` that still has to simulate it: its job is to build itself.
    fn unbuilt(text: String, scenario: Scenario, tour: Option<&'static str>) -> Self {
        let scenario = Rc::new(scenario);
        Playback {
            text,
            settings: ClusterSettings::of(&scenario),
            sim: Simulation::new(scenario.clone()),
            horizon: scenario.end,
            scenario,
            error: None,
            timeline: Rc::default(),
            tour,
            tour_step: None,
            generation: 0,
            halted_at: None,
            link_refusals: Vec::new(),
            retired: Vec::new(),
            job: None,
            shown_ms: 0.0,
            places: Rc::default(),
        }
    }

    /// `text` at time 0, simulated, or the parse error.
    pub fn load(text: String, tour: Option<&'static str>) -> Result<Self, String> {
        let scenario = Scenario::parse(&text).map_err(|e| e.to_string())?;
        // Nothing is shown before it is built: an empty playback stands in until then.
        let mut playback = Self::unbuilt(String::new(), Scenario::default(), tour);
        playback.build(Self::unbuilt(text, scenario, tour), VirtualTime::ZERO);
        playback.finish();
        Ok(playback)
    }

    /// The default view, with `text` (a link's scenario) to read and simulate as work in hand
    /// ([`Playback::work`]); a text refused stays in the editor with its error, as a link refusal.
    pub fn opening(text: String, tour: Option<&'static str>) -> Self {
        let mut playback = Playback::default();
        let plan = Plan {
            load: true,
            from_link: true,
            tour,
            generation: playback.generation + 1,
            ..playback.plan(VirtualTime::ZERO)
        };
        playback.read(text, plan);
        playback
    }

    /// A plan that keeps what this playback carries over, to show at `show_at`.
    fn plan(&self, show_at: VirtualTime) -> Plan {
        Plan {
            load: false,
            from_link: false,
            tour: self.tour,
            show_at,
            then_step: None,
            generation: self.generation,
            tour_step: self.tour_step,
            deletion_mode: self.settings.deletion_mode,
        }
    }

    /// Start reading `text` to carry out `plan`; the view keeps what it shows meanwhile.
    fn read(&mut self, text: String, plan: Plan) {
        self.replace_job(Job::Parse(Box::new(Parse::new(text, plan))));
    }

    /// Read a text in hand to its end at once: a change made while one is read builds on it.
    fn settle_reading(&mut self) {
        if let Some(Job::Parse(mut parse)) = self.job.take() {
            if let Some(result) = parse.work(&mut || true) {
                self.after_reading(*parse, result);
            }
        }
    }

    /// Carry out a read text's plan: build its scenario, or say why it was refused.
    fn after_reading(&mut self, parse: Parse<Plan>, result: Result<(), ScenarioError>) {
        let (text, scenario, plan) = parse.finish();
        if let Err(err) = result {
            let err = err.to_string();
            if plan.from_link {
                self.refuse_link(LinkRefusal::Scenario(err.clone()));
            }
            if plan.load {
                self.text = text;
            }
            self.error = Some(err);
            return;
        }
        let mut next = Self::unbuilt(text, scenario, plan.tour);
        next.generation = plan.generation;
        next.tour_step = plan.tour_step;
        next.settings.deletion_mode = plan.deletion_mode;
        next.link_refusals = std::mem::take(&mut self.link_refusals);
        self.error = None;
        self.build(next, plan.show_at);
        if let Some(Job::Build(build)) = self.job.as_mut() {
            build.then_step = plan.then_step;
        }
    }

    /// What the view will show once the work in hand is done: the scenario being built, or this.
    fn latest(&self) -> (&Playback, VirtualTime) {
        match self.job.as_ref() {
            Some(Job::Build(build)) => (&build.next, build.show_at),
            _ => (self, self.target()),
        }
    }

    /// The time a seek in hand goes to, or now.
    fn target(&self) -> VirtualTime {
        match self.job.as_ref() {
            Some(Job::Rewind { target, .. } | Job::Forward { target }) => *target,
            Some(Job::Build(build)) => build.show_at,
            Some(Job::Parse(parse)) => parse.then.show_at,
            None => self.now(),
        }
    }

    /// Start building `next`, to be shown at `show_at`; the view keeps what it shows meanwhile.
    fn build(&mut self, next: Playback, show_at: VirtualTime) {
        let scenario = next.scenario.clone();
        self.replace_job(Job::Build(Box::new(Build::new(next, scenario, show_at))));
    }

    /// Load `text` (the editor's, or a tour's) from time 0; a text that does not parse stays with its
    /// error and the last scenario stays on screen.
    pub fn reload(&mut self, text: String, tour: Option<&'static str>) {
        // A text still being read is given up: this one takes its place.
        if let Some(Job::Parse(_)) = self.job {
            self.job = None;
        }
        let (latest, _) = self.latest();
        let plan = Plan {
            load: true,
            tour,
            tour_step: None,
            generation: latest.generation + 1,
            ..latest.plan(VirtualTime::ZERO)
        };
        self.read(text, plan);
    }

    /// Record what of the page's link could not be used, with the playback the view is going to.
    fn refuse_link(&mut self, refusal: LinkRefusal) {
        match self.job.as_mut() {
            Some(Job::Build(build)) => build.next.link_refusals.push(refusal),
            _ => self.link_refusals.push(refusal),
        }
    }

    /// What of the link the page was opened with could not be used.
    pub fn link_refusals(&self) -> &[LinkRefusal] {
        &self.link_refusals
    }

    /// The scenario text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The scenario that runs.
    pub fn scenario(&self) -> &Rc<Scenario> {
        &self.scenario
    }

    /// Why the last text or action was refused.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The simulation at the current time, for the view models.
    pub fn sim(&self) -> &Simulation {
        &self.sim
    }

    /// The current virtual time.
    pub fn now(&self) -> VirtualTime {
        self.sim.now()
    }

    /// Where the timeline ends.
    pub fn horizon(&self) -> VirtualTime {
        self.horizon
    }

    /// Every event of the whole run.
    pub fn timeline(&self) -> &Rc<EventLog> {
        &self.timeline
    }

    /// The tour loaded, if any.
    pub fn tour(&self) -> Option<&'static str> {
        self.tour
    }

    /// The tour step navigated to, if any.
    pub fn tour_step(&self) -> Option<usize> {
        self.tour_step
    }

    /// How many scenarios were loaded before this one.
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// The settings in force, or coming into force with the scenario being built.
    pub fn settings(&self) -> &ClusterSettings {
        &self.latest().0.settings
    }

    /// Jump to a virtual time (at most the horizon): forward in place, back by re-simulating; either
    /// way as work in hand ([`Playback::work`]).
    pub fn seek(&mut self, time: VirtualTime) {
        match self.job.as_mut() {
            Some(Job::Build(build)) => return build.show_at = time,
            Some(Job::Parse(parse)) => return parse.then.show_at = time,
            _ => {}
        }
        let time = time.min(self.horizon);
        let job = match self.job.take() {
            Some(Job::Rewind { sim, .. }) if sim.now() <= time => Job::Rewind { sim, target: time },
            earlier => {
                self.job = earlier;
                if time >= self.now() {
                    Job::Forward { target: time }
                } else {
                    Job::Rewind {
                        sim: Box::new(Simulation::new(self.scenario.clone())),
                        target: time,
                    }
                }
            }
        };
        self.replace_job(job);
    }

    /// Go to step `index` of the tour, at its moment.
    pub fn go_to_step(&mut self, index: usize) {
        match self.job.as_mut() {
            Some(Job::Build(build)) => return build.then_step = Some(index),
            Some(Job::Parse(parse)) => return parse.then.then_step = Some(index),
            _ => {}
        }
        if let Some(time) = self.step_time(index) {
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
            .timeline
            .get(self.sim.events().len())
            .map_or(self.horizon, |e| e.time_ms);
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

    /// Whether the clock has reached the horizon (or where the run halted).
    pub fn at_end(&self) -> bool {
        self.now() >= self.horizon || self.sim.halted()
    }

    /// Where the run halted at podip's limit on events, if it did: the view shows up to there.
    pub fn halted_at(&self) -> Option<VirtualTime> {
        self.halted_at
    }

    /// Play `real` milliseconds at `speed` (an index into [`SPEEDS`]), doing the simulation's work
    /// while `more_time()` says there is time left in this frame. Whether the clock got there: in a
    /// burst (thousands of pods created at once) it falls behind real time for a few frames rather
    /// than blocking the page.
    pub fn play(
        &mut self,
        real_ms: f64,
        speed: usize,
        mut more_time: impl FnMut() -> bool,
    ) -> bool {
        self.play_while(real_ms, speed, &mut more_time)
    }

    fn play_while(
        &mut self,
        real_ms: f64,
        speed: usize,
        more_time: &mut dyn FnMut() -> bool,
    ) -> bool {
        if self.busy() {
            return self.work_while(more_time);
        }
        let target = match SPEEDS.get(speed).and_then(|s| s.1) {
            Some(rate) if rate <= 1.0 => self.presented(real_ms, rate),
            Some(rate) => {
                self.now() + VirtualDuration::from_millis((real_ms * rate).round() as u64)
            }
            None => self.horizon,
        }
        .min(self.horizon);
        jobs::run_until(&mut self.sim, target, more_time)
    }

    /// Where the clock goes in `real_ms` at `rate` when each moment something happens is held on
    /// screen for [`MOMENT_SHOWN_MS`]: it stops at the next event's moment, and passes it only once the
    /// moment before was shown that long.
    fn presented(&mut self, real_ms: f64, rate: f64) -> VirtualTime {
        self.shown_ms += real_ms;
        let now = self.now();
        let free = now + VirtualDuration::from_millis((real_ms * rate).round() as u64);
        let next = self
            .timeline
            .get(self.sim.events().len())
            .map(|e| e.time_ms)
            .filter(|next| *next > now && *next <= free);
        match next {
            Some(next) if self.shown_ms >= MOMENT_SHOWN_MS => {
                self.shown_ms = 0.0;
                next
            }
            Some(next) => VirtualTime(next.0 - 1).max(now),
            None => free,
        }
    }

    /// Run `commands` at the current time (the end of the scenario, if the learner scrubbed back
    /// before it): they become lines of the scenario, so what a learner did can be replayed. A command
    /// the scenario refuses leaves everything as it was, with the error.
    pub fn apply(&mut self, commands: &[Command]) {
        self.settle_reading();
        let (latest, now) = self.latest();
        let end = latest.scenario.end;
        let at = now.max(end);
        let mut text = latest.text.trim_end().to_string();
        let gap = at - end;
        let lines = (gap > VirtualDuration::ZERO)
            .then_some(Command::Wait(gap))
            .into_iter()
            .chain(commands.iter().cloned());
        for line in lines {
            text.push('\n');
            text.push_str(&line.to_string());
        }
        text.push('\n');
        self.retext(text, at, None);
    }

    /// Put `settings` in force: the scenario's preamble (`set del-lag`, `set seed`, `cluster`) is
    /// written from them, and the story replays to the same time.
    pub fn set_settings(&mut self, settings: ClusterSettings) {
        self.settle_reading();
        self.settings.deletion_mode = settings.deletion_mode;
        if let Some(Job::Build(build)) = self.job.as_mut() {
            build.next.settings.deletion_mode = settings.deletion_mode;
        }
        let (latest, now) = self.latest();
        if settings.preamble() == latest.settings.preamble() {
            return;
        }
        let text = with_preamble(&latest.text, &settings.preamble());
        let tour = latest.tour;
        self.retext(text, now, tour);
    }

    /// Replace the text (with `tour` still loaded, or none) and replay to `time`; a text the scenario
    /// refuses leaves everything as it was, with the error.
    fn retext(&mut self, text: String, time: VirtualTime, tour: Option<&'static str>) {
        let (latest, _) = self.latest();
        let plan = Plan {
            tour,
            ..latest.plan(time)
        };
        self.read(text, plan);
    }
}

/// `text` with the lines [`ClusterSettings::owns`] replaced by `preamble`, put first; the other lines
/// (comments too) keep their order and their words.
fn with_preamble(text: &str, preamble: &[Command]) -> String {
    let mut out: String = preamble.iter().map(|c| format!("{c}\n")).collect();
    for line in body_lines(text) {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The lines of a text other than those its settings own.
fn body_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|line| {
        !matches!(Command::parse(line), Ok(Some(command)) if ClusterSettings::owns(&command))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settings_change_rewrites_the_preamble_and_keeps_the_rest() {
        let text = "# a story\nset del-lag=2.3s\ncluster --cluster-cidr=10.244.0.0/16\nnode add a\nwait 1s\n";
        let mut playback = Playback::load(text.into(), None).expect("parses");
        let mut settings = playback
            .settings()
            .draft()
            .with_flag(crate::ipam::kcm::KcmFlag::NodeCidrMaskSize, "23".into())
            .validate(playback.settings())
            .expect("valid");
        settings.knobs.del_lag = VirtualDuration::from_millis(5000);
        playback.set_settings(settings);
        playback.finish();
        assert_eq!(
            playback.text(),
            "set del-lag=5s\ncluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=23\n# a story\nnode add a\nwait 1s\n"
        );
        assert_eq!(playback.settings().config.node_cidr_mask_sizes, vec![23]);
    }

    #[test]
    fn an_action_is_a_line_at_the_current_time() {
        let mut playback = Playback::default();
        playback.seek(playback.horizon());
        playback.finish();
        let gap = playback.horizon() - playback.scenario().end;
        playback.apply(&[Command::NodeAdd {
            name: "node-1".into(),
            pod_cidrs: Vec::new(),
        }]);
        playback.finish();
        assert!(playback.error().is_none(), "{:?}", playback.error());
        assert!(playback
            .text()
            .ends_with(&format!("wait {gap}\nnode add node-1\n")));
        assert_eq!(playback.tour(), None);
    }

    #[test]
    fn a_refused_action_changes_nothing() {
        let mut playback = Playback::default();
        let text = playback.text().to_string();
        playback.apply(&[Command::NodeDelete {
            name: "nope".into(),
        }]);
        playback.finish();
        assert_eq!(playback.text(), text);
        assert!(playback
            .error()
            .is_some_and(|e| e.contains("nodes \"nope\" not found")));
    }
}
