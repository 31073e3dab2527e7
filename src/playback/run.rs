//! A scenario's whole run, immutable once built ([`super::Loader`]) and shared by `Rc` between the
//! cursors that move over it: the scenario and its text, the timeline of every event up to the
//! horizon, where the stage places each node, and when each step of its tour happens.

use super::gap::TourGap;
use super::path::{self, Hop, PathShown};
use super::stage::Places;
use crate::ipam::capacity::CapacityPlan;
use crate::share::Link;
use crate::sim::upstream::Upstream;
use crate::sim::{ClusterSettings, EventLog, Scenario, VirtualTime};
use crate::tours::{On, Shows, Told, Tour, TourId};
use std::cell::OnceCell;
use std::rc::Rc;

/// A scenario and everything that happens in it.
pub struct Run {
    /// The scenario text: the source of truth the editor shows and links carry.
    text: String,
    /// What it parsed to.
    scenario: Rc<Scenario>,
    /// The settings it sets.
    settings: ClusterSettings,
    /// The tour it tells, if any: a built-in scenario's, or a lesson's.
    tour: Option<Told>,
    /// Every event up to the horizon (the tours' anchors, the scrubber's marks, the stage's places).
    timeline: EventLog,
    /// Where the timeline ends: after the last thing the scenario makes happen.
    horizon: VirtualTime,
    /// Where the run halted at podip's limit on events ([`crate::sim::limits::MAX_EVENTS`]), if it did.
    halted_at: Option<VirtualTime>,
    /// Where the stage draws each node, read off the timeline.
    places: Places,
    /// When each step of the tour happens (`None`: it does not happen).
    step_times: Vec<Option<VirtualTime>>,
    /// The number of the event each step is shown at, in the timeline.
    step_events: Vec<Option<usize>>,
    /// What of its tour the run does not tell as written, if anything.
    gap: Option<TourGap>,
    /// What a link to this run says besides the time: read from its text once, when first asked.
    link: OnceCell<Link>,
}

impl Run {
    /// The run of `scenario` (read from `text`) whose events up to `horizon` are `timeline`.
    pub(super) fn new(
        text: String,
        scenario: Rc<Scenario>,
        settings: ClusterSettings,
        tour: Option<Told>,
        timeline: EventLog,
        horizon: VirtualTime,
        halted_at: Option<VirtualTime>,
    ) -> Run {
        // Each step waits for an event of the run ([`crate::tours`]), never for a hard-coded time, so
        // the narration follows the simulation when a setting changes.
        let found = tour
            .map(|told| told.tour().step_events(timeline.iter()))
            .unwrap_or_default();
        let gap = (tour.and_then(Told::builtin))
            .and_then(|id| TourGap::of(id, settings.knobs.cni, &found));
        Run {
            gap,
            places: Places::of(&timeline),
            text,
            scenario,
            settings,
            tour,
            timeline,
            horizon,
            halted_at,
            step_times: found.iter().map(|f| f.map(|(_, time)| time)).collect(),
            step_events: found.iter().map(|f| f.map(|(index, _)| index)).collect(),
            link: OnceCell::new(),
        }
    }

    /// The run of an empty scenario.
    pub fn empty() -> Run {
        let scenario = Rc::new(Scenario::default());
        let settings = ClusterSettings::of(&scenario);
        let horizon = scenario.end;
        Run::new(
            String::new(),
            scenario,
            settings,
            None,
            EventLog::default(),
            horizon,
            None,
        )
    }

    /// What a link to this run says besides the time and step: its tour with the settings that differ
    /// from the tour's, or its text. The same for the run's life, so it is read once.
    pub fn link(&self) -> &Link {
        self.link.get_or_init(|| self.link_of(&self.text))
    }

    /// The scenario text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The scenario that runs.
    pub fn scenario(&self) -> &Rc<Scenario> {
        &self.scenario
    }

    /// The settings it sets.
    pub fn settings(&self) -> &ClusterSettings {
        &self.settings
    }

    /// The built-in tour it is, if any.
    pub fn tour(&self) -> Option<TourId> {
        self.tour.and_then(Told::builtin)
    }

    /// The tour whose steps it places, if any: a built-in tour's, or a lesson's.
    pub fn told(&self) -> Option<&'static Tour> {
        self.tour.map(Told::tour)
    }

    /// What tells it, if anything.
    pub fn teller(&self) -> Option<Told> {
        self.tour
    }

    /// Every event of the whole run.
    pub fn timeline(&self) -> &EventLog {
        &self.timeline
    }

    /// Where the timeline ends.
    pub fn horizon(&self) -> VirtualTime {
        self.horizon
    }

    /// Where the run halted at podip's limit on events, if it did: the view shows up to there.
    pub fn halted_at(&self) -> Option<VirtualTime> {
        self.halted_at
    }

    /// Where the stage draws each node.
    pub fn places(&self) -> &Places {
        &self.places
    }

    /// When each step of the tour happens in the whole run (`None`: it does not happen).
    pub fn step_times(&self) -> &[Option<VirtualTime>] {
        &self.step_times
    }

    /// When step `index` of the tour happens, if it does.
    pub fn step_time(&self, index: usize) -> Option<VirtualTime> {
        self.step_times.get(index).copied().flatten()
    }

    /// The step after `current` (`None`: the introduction) that happens in the run: steps whose events
    /// never come are passed over, so a tour on another chain goes on to its end.
    pub fn next_step(&self, current: Option<usize>) -> Option<usize> {
        let from = current.map_or(0, |i| i + 1);
        (from..self.step_times.len()).find(|&i| self.step_times[i].is_some())
    }

    /// The step before `current` that happens in the run, if any.
    pub fn previous_step(&self, current: usize) -> Option<usize> {
        (0..current.min(self.step_times.len()))
            .rev()
            .find(|&i| self.step_times[i].is_some())
    }

    /// What of its tour the run does not tell as written: another chain than the tour's, or steps
    /// that never happen.
    pub fn gap(&self) -> Option<&TourGap> {
        self.gap.as_ref()
    }

    /// The last millisecond before step `index`'s moment, if it happens: where playing stops when that
    /// step waits for a press or a question (the step itself is the press's, or the answer's, to show).
    pub fn before_step(&self, index: usize) -> Option<VirtualTime> {
        self.step_time(index)
            .map(|at| VirtualTime(at.as_millis().saturating_sub(1)))
    }

    /// Where step `index`'s motion ends when a press enters it (the app's, a reveal.js fragment's): the
    /// last millisecond before the next step's moment, when that is later than the step's own.
    pub fn motion_until(&self, index: usize) -> Option<VirtualTime> {
        self.step_time(index)
            .zip(
                self.next_step(Some(index))
                    .and_then(|next| self.before_step(next)),
            )
            .and_then(|(at, until)| (until > at).then_some(until))
    }

    /// The number in the timeline of the event step `index` is shown at, if it happens: the step's
    /// picture is the state right after it, even when more happens at the same moment.
    pub fn step_event(&self, index: usize) -> Option<usize> {
        self.step_events.get(index).copied().flatten()
    }

    /// The upstream code step `index`'s event models: the source line under the step's words, so the
    /// words need not name functions.
    pub fn step_source(&self, index: usize) -> Option<&'static Upstream> {
        self.timeline
            .get(self.step_event(index)?)
            .map(|event| event.upstream)
    }

    /// The path as the introduction draws it: whole, named for the cluster's chain.
    pub fn path(&self) -> PathShown {
        PathShown {
            chain: self.settings.knobs.cni,
            lit: Vec::new(),
        }
    }

    /// Where step `index` stands on the path: the hops its event belongs to, named for the cluster's
    /// chain.
    pub fn step_path(&self, index: usize) -> PathShown {
        let chain = self.settings.knobs.cni;
        let event = self.step_event(index).and_then(|i| self.timeline.get(i));
        let event_hops = event.map_or(&[][..], |event| Hop::of(event.reason, chain));
        let step = self.told().and_then(|tour| tour.steps.get(index));
        let things = || {
            step.into_iter()
                .flat_map(|step| step.shows.iter())
                .flat_map(On::things)
        };
        // A packet drawn across the stage is what its step is about: the hops of the routes it takes.
        let packet = things().any(|thing| matches!(thing, Shows::Packet(..)));
        let shown: Vec<Hop> = things()
            .filter(|thing| !packet || !matches!(thing, Shows::Address(_) | Shows::Pod(_)))
            .flat_map(|thing| path::hops_of(&thing))
            .copied()
            .collect();
        let event_hops = if packet { &[][..] } else { event_hops };
        PathShown {
            chain,
            lit: match event {
                Some(_) => path::step_hops(event_hops, &shown),
                None => Vec::new(),
            },
        }
    }

    /// The capacity the cluster's flags give.
    pub fn capacity_plan(&self) -> CapacityPlan {
        CapacityPlan::from_config(&self.settings.config).with_max_pods(self.settings.knobs.max_pods)
    }

    /// Its timeline, to take apart ([`super::Scrap`]).
    pub(super) fn into_timeline(self) -> EventLog {
        self.timeline
    }
}
