//! The one reducer that owns the simulation: user action → scenario text → simulation → state → view.
//!
//! The scenario text is the single source of truth. Playing moves the virtual clock; scrubbing
//! re-simulates from the start ([`Simulation::at`]); every user action (add a node, delete a pod, change
//! a flag) becomes a line of the scenario language at the current time, so what a learner did can be
//! copied into the editor, shared, and replayed byte for byte.

use super::settings::Fields;
use crate::i18n::ui as t;
use crate::i18n::Lang;
use crate::share::{Link, Overrides};
use crate::sim::scenario::{body_lines, replace_preamble};
use crate::sim::{
    builtin, Event, Scenario, Simulation, State, Touched, VirtualDuration, VirtualTime,
};
use std::cell::{Cell, Ref, RefCell};
use std::rc::Rc;
use yew::Reducible;

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

/// Real milliseconds of simulation work per animation tick, leaving the rest of a frame to rendering.
const FRAME_BUDGET_MS: f64 = 8.0;
/// While the simulation cannot keep up with the clock (thousands of pods created at once), the view is
/// redrawn only every this many ticks: the ticks in between go to the simulation, instead of redrawing a
/// cluster that changes completely every tick and falling further behind.
const BEHIND_REDRAW_EVERY: u32 = 4;

/// How a pod is deleted by the "delete pod" action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DeletionMode {
    /// `kubectl delete pod --grace-period=0 --force`: object first, network `del_lag` later.
    Immediate,
    /// `kubectl delete pod` with `terminationGracePeriodSeconds: 30`: network first, object later.
    Graceful,
}

/// Everything the page shows, derived from `text` and `time`.
#[derive(Clone)]
pub struct Studio {
    /// The scenario text, source of truth.
    pub text: String,
    /// The last text that parsed.
    pub scenario: Rc<Scenario>,
    /// `line N: ...` from the last text that did not parse (or an action that was refused).
    pub error: Option<String>,
    /// The simulation at `now`. Moving forward advances it in place (cloning a cluster of thousands of
    /// pods on every frame would not keep up); moving back replaces it with a re-simulation.
    sim: Rc<RefCell<Simulation>>,
    /// Its virtual time.
    now: VirtualTime,
    /// Its state without the event log, read once per change: every node's name and podCIDRs, no pods
    /// and no node's machine. The node cards read those of the nodes they redraw from the simulation
    /// (while playing fast, two of eight per redraw: the whole snapshot of eight busy nodes was a third
    /// of a redraw's script).
    pub state: Rc<State>,
    /// Where the timeline ends: after the last thing the scenario makes happen.
    pub horizon: VirtualTime,
    /// Every event up to the horizon (for the tours' narration and the scrubber's marks).
    pub timeline: Rc<Vec<Event>>,
    /// Playing or paused.
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// The built-in scenario (tour) loaded, if any.
    pub tour: Option<&'static str>,
    /// The tour step the learner navigated to (steps can share one moment, so time alone is ambiguous).
    pub tour_step: Option<usize>,
    /// Counts loads, so views that keep their own edits (the settings fields) start afresh.
    pub generation: u32,
    /// The event the learner selected in the log (index into the simulation's events).
    pub selected_event: Option<usize>,
    /// The pod whose `ip addr` / `ip route` view is open.
    pub selected_pod: Option<String>,
    /// Deletion mode of the "delete pod" action.
    pub deletion_mode: DeletionMode,
    /// Whether the keyboard shortcuts dialog is open.
    pub help: bool,
    /// Ticks in a row on which the simulation fell behind the clock.
    behind_ticks: Rc<Cell<u32>>,
}

/// What the page can ask for.
pub enum Action {
    /// Real time passed while playing (milliseconds).
    Tick(f64),
    /// Start or resume playing (from the start when at the end).
    Play,
    /// Stop the clock.
    Pause,
    /// Play when paused, pause when playing (the space bar).
    TogglePlay,
    /// A speed faster (positive) or slower (negative), within [`SPEEDS`].
    SpeedBy(i32),
    /// Open (`Some(true)`), close or toggle (`None`) the shortcuts dialog.
    Help(Option<bool>),
    /// Run to the next moment something happens.
    Step,
    /// Go back to the previous moment something happened.
    StepBack,
    /// Jump to a virtual time (re-simulating from the start).
    Seek(VirtualTime),
    /// Pick a playback speed (index into [`SPEEDS`]).
    Speed(usize),
    /// Load a scenario text (editor or tour), from time 0.
    Load {
        /// The text.
        text: String,
        /// The built-in name, for a tour.
        tour: Option<&'static str>,
    },
    /// Append scenario lines at the current time (user actions).
    Append(Vec<String>),
    /// Replace the `cluster` / `set` preamble (the settings panel) and replay to the same time.
    Preamble(Vec<String>),
    /// Go to a tour step: its index and the time of its event.
    TourStep(usize, VirtualTime),
    /// Select an event of the log.
    SelectEvent(Option<usize>),
    /// Open a pod's network view.
    SelectPod(Option<String>),
    /// Choose how "delete pod" deletes.
    DeletionMode(DeletionMode),
}

impl Default for Studio {
    fn default() -> Self {
        Self::loaded(builtin::KIND.to_string(), Some("kind")).unwrap_or_else(|err| {
            // The built-in scenario is covered by tests; should it ever fail, say why on an empty cluster.
            let mut empty = Self::empty();
            empty.error = Some(err);
            empty
        })
    }
}

impl Studio {
    /// Nothing loaded: no commands, time 0.
    fn empty() -> Self {
        let scenario = Rc::new(Scenario {
            commands: Vec::new(),
            end: VirtualTime::ZERO,
        });
        Self::from_scenario(String::new(), scenario, None)
    }

    fn from_scenario(text: String, scenario: Rc<Scenario>, tour: Option<&'static str>) -> Self {
        let sim = Simulation::new(scenario.clone());
        let (horizon, timeline) = Simulation::timeline(scenario.clone());
        let timeline = Rc::new(timeline);
        Studio {
            text,
            state: Rc::new(sim.snapshot_with_full_nodes(0)),
            now: sim.now(),
            sim: Rc::new(RefCell::new(sim)),
            scenario,
            error: None,
            horizon,
            timeline,
            playing: false,
            speed: 2,
            tour,
            generation: 0,
            tour_step: None,
            selected_event: None,
            selected_pod: None,
            deletion_mode: DeletionMode::Immediate,
            help: false,
            behind_ticks: Rc::default(),
        }
    }

    /// A studio showing `text` at time 0, or the parse error.
    pub fn loaded(text: String, tour: Option<&'static str>) -> Result<Self, String> {
        let scenario = Rc::new(Scenario::parse(&text).map_err(|e| e.to_string())?);
        Ok(Self::from_scenario(text, scenario, tour))
    }

    /// Playing at 4× or faster (or instant): views draw less and animate nothing, since no one follows
    /// a single step at that pace.
    pub fn playing_fast(&self) -> bool {
        self.playing && SPEEDS[self.speed].1.is_none_or(|rate| rate >= 4.0)
    }

    /// The current virtual time.
    pub fn time(&self) -> VirtualTime {
        self.now
    }

    /// The simulation, for views that read its machines (stores, namespaces, cidrsets, events).
    pub fn sim(&self) -> Ref<'_, Simulation> {
        self.sim.borrow()
    }

    /// What the selected log entry touched, for the views that mark it (node cards, address map).
    pub fn touched(&self) -> Option<Touched> {
        let index = self.selected_event?;
        self.sim().events().get(index).map(Event::touched)
    }

    fn with_sim(mut self, sim: Simulation) -> Self {
        self.sim = Rc::new(RefCell::new(sim));
        self.refresh()
    }

    fn refresh(mut self) -> Self {
        let sim = self.sim.borrow();
        let (now, state) = (sim.now(), Rc::new(sim.snapshot_with_full_nodes(0)));
        drop(sim);
        self.now = now;
        self.state = state;
        self
    }

    /// Play towards `target`, but stop after [`FRAME_BUDGET_MS`] of work: in a burst the virtual clock
    /// falls behind real time for a few frames rather than blocking the page. Whether it got there.
    fn advance_within_frame(&self, target: VirtualTime) -> bool {
        let deadline = js_sys::Date::now() + FRAME_BUDGET_MS;
        let mut sim = self.sim.borrow_mut();
        loop {
            if sim.step_until(target).is_none() {
                sim.run_to(target);
                return true;
            }
            if js_sys::Date::now() >= deadline {
                return false;
            }
        }
    }

    fn seek(self, time: VirtualTime) -> Self {
        let time = time.min(self.horizon);
        if time >= self.now {
            self.sim.borrow_mut().run_to(time);
            self.refresh()
        } else {
            let sim = Simulation::at(&self.scenario, time);
            self.with_sim(sim)
        }
    }

    /// Replace the text and replay to `time` (clamped to the new horizon).
    fn retext(mut self, text: String, time: VirtualTime) -> Self {
        match Scenario::parse(&text) {
            Ok(scenario) => {
                self.scenario = Rc::new(scenario);
                let (horizon, timeline) = Simulation::timeline(self.scenario.clone());
                (self.horizon, self.timeline) = (horizon, Rc::new(timeline));
                self.text = text;
                self.error = None;
                let sim = Simulation::at(&self.scenario, time.min(self.horizon));
                self.with_sim(sim)
            }
            Err(err) => {
                self.error = Some(err.to_string());
                self
            }
        }
    }
}

impl Studio {
    /// The studio a link describes, and what of the link could not be used (in `lang`). A link's
    /// scenario that does not parse is kept in the editor with its error, over the default tour.
    pub fn from_link(link: &Link, lang: Lang) -> (Studio, Vec<String>) {
        let mut problems = Vec::new();
        let tour = link
            .tour
            .as_deref()
            .and_then(|name| builtin::ALL.iter().find(|(n, _)| *n == name))
            .map(|(name, _)| *name);
        let text = link
            .scenario
            .clone()
            .or_else(|| tour.and_then(builtin::by_name).map(str::to_string));
        let mut studio = match text {
            None => Studio::default(),
            Some(text) => Studio::loaded(text.clone(), tour).unwrap_or_else(|err| {
                problems.push(err.clone());
                let mut fallback = Studio::default();
                (fallback.text, fallback.error) = (text, Some(err));
                fallback
            }),
        };
        if !link.overrides.is_empty() && studio.error.is_none() {
            let mut fields = Fields::from_studio(&studio);
            let o = &link.overrides;
            for (value, field) in [
                (&o.cluster_cidr, &mut fields.flags.cluster_cidr),
                (&o.node_mask, &mut fields.flags.node_cidr_mask_size),
                (
                    &o.node_mask_ipv4,
                    &mut fields.flags.node_cidr_mask_size_ipv4,
                ),
                (
                    &o.node_mask_ipv6,
                    &mut fields.flags.node_cidr_mask_size_ipv6,
                ),
                (&o.service_cidr, &mut fields.flags.service_cluster_ip_range),
                (&o.del_lag, &mut fields.del_lag),
            ] {
                if let Some(value) = value {
                    field.clone_from(value);
                }
            }
            match fields.lines() {
                Ok(lines) => {
                    let text = replace_preamble(&studio.text, &lines);
                    studio = studio.retext(text, VirtualTime::ZERO);
                }
                Err(err) => problems.push(t::LINK_SETTINGS_REFUSED.fill(lang, &[&err])),
            }
        }
        let step = link.step.and_then(|index| {
            let time = super::tours::step_time(&studio, index)?;
            Some((index, time))
        });
        studio = match (step, link.time) {
            (Some((index, time)), _) => {
                studio.tour_step = Some(index);
                studio.seek(time)
            }
            (None, Some(time)) => studio.seek(time),
            (None, None) => studio,
        };
        (studio, problems)
    }

    /// The link that reproduces this view: a tour by name (with the settings that differ from it), or
    /// the scenario text itself; the time and the tour step.
    pub fn link(&self) -> Link {
        let tour_text = self.tour.and_then(builtin::by_name);
        let (scenario, overrides) = match tour_text {
            Some(text) if text == self.text => (None, Overrides::default()),
            Some(text) if body_lines(text) == body_lines(&self.text) => {
                let (tour, now) = match Scenario::parse(text) {
                    Ok(scenario) => (Fields::from_scenario(&scenario), Fields::from_studio(self)),
                    Err(_) => return self.link_with_text(),
                };
                let differs = |a: &String, b: &String| (a != b).then(|| b.clone());
                let (a, b) = (&tour.flags, &now.flags);
                (
                    None,
                    Overrides {
                        cluster_cidr: differs(&a.cluster_cidr, &b.cluster_cidr),
                        node_mask: differs(&a.node_cidr_mask_size, &b.node_cidr_mask_size),
                        node_mask_ipv4: differs(
                            &a.node_cidr_mask_size_ipv4,
                            &b.node_cidr_mask_size_ipv4,
                        ),
                        node_mask_ipv6: differs(
                            &a.node_cidr_mask_size_ipv6,
                            &b.node_cidr_mask_size_ipv6,
                        ),
                        service_cidr: differs(
                            &a.service_cluster_ip_range,
                            &b.service_cluster_ip_range,
                        ),
                        del_lag: differs(&tour.del_lag, &now.del_lag),
                    },
                )
            }
            _ => return self.link_with_text(),
        };
        Link {
            tour: self.tour.map(str::to_string),
            scenario,
            overrides,
            ..self.link_with_text()
        }
    }

    fn link_with_text(&self) -> Link {
        Link {
            tour: self.tour.map(str::to_string),
            scenario: Some(self.text.clone()),
            time: (self.now > VirtualTime::ZERO).then_some(self.now),
            step: self.tour_step,
            ..Link::default()
        }
    }
}

impl Reducible for Studio {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        let now = next.time();
        let next = match action {
            Action::Tick(real_ms) => {
                if !next.playing {
                    return self;
                }
                // From the simulation's own time: while it is behind, the view's time lags it.
                let base = next.sim().now();
                let target = match SPEEDS[next.speed].1 {
                    Some(rate) => {
                        base + VirtualDuration::from_millis((real_ms * rate).round() as u64)
                    }
                    None => next.horizon,
                };
                let target = target.min(next.horizon);
                let behind = next.behind_ticks.get();
                if behind > 0 && (behind + 1).is_multiple_of(BEHIND_REDRAW_EVERY) {
                    // Behind: this tick only redraws (the simulation's work would make it a long task).
                    next.behind_ticks.set(behind + 1);
                } else if next.advance_within_frame(target) {
                    next.behind_ticks.set(0);
                } else {
                    // The simulation moved in place; the view keeps its last picture this tick.
                    next.behind_ticks.set(behind + 1);
                    return self;
                }
                let mut next = next.refresh();
                if next.time() >= next.horizon {
                    next.playing = false;
                }
                next
            }
            Action::Play => {
                let mut next = if now >= next.horizon {
                    next.seek(VirtualTime::ZERO)
                } else {
                    next
                };
                next.playing = true;
                next
            }
            Action::Pause => {
                next.playing = false;
                next
            }
            Action::TogglePlay => {
                let action = if next.playing {
                    Action::Pause
                } else {
                    Action::Play
                };
                return self.reduce(action);
            }
            Action::SpeedBy(delta) => {
                next.speed = next
                    .speed
                    .saturating_add_signed(delta as isize)
                    .min(SPEEDS.len() - 1);
                next
            }
            Action::Help(open) => {
                next.help = open.unwrap_or(!next.help);
                next
            }
            Action::Step => {
                next.playing = false;
                let horizon = next.horizon;
                next.sim.borrow_mut().run_to_next_event(horizon);
                next.refresh()
            }
            Action::StepBack => {
                next.playing = false;
                let before = next
                    .sim()
                    .events()
                    .iter()
                    .rev()
                    .map(|e| e.time_ms)
                    .find(|t| *t < now)
                    .unwrap_or(VirtualTime::ZERO);
                next.seek(before)
            }
            Action::Seek(time) => next.seek(time),
            Action::TourStep(index, time) => {
                next.playing = false;
                next.tour_step = Some(index);
                next.seek(time)
            }
            Action::Speed(index) => {
                next.speed = index.min(SPEEDS.len() - 1);
                next
            }
            Action::Load { text, tour } => match Studio::loaded(text.clone(), tour) {
                Ok(mut loaded) => {
                    loaded.generation = next.generation + 1;
                    loaded.speed = next.speed;
                    loaded.deletion_mode = next.deletion_mode;
                    loaded
                }
                Err(err) => {
                    next.text = text;
                    next.error = Some(err);
                    next
                }
            },
            Action::Append(lines) => {
                // Actions happen at the end of the scenario; a learner who scrubbed back is moved there.
                let at = now.max(next.scenario.end);
                let mut text = next.text.trim_end().to_string();
                let gap = at.as_millis() - next.scenario.end.as_millis();
                if gap > 0 {
                    text.push_str(&format!("\nwait {gap}ms"));
                }
                for line in &lines {
                    text.push('\n');
                    text.push_str(line);
                }
                text.push('\n');
                next.tour = None;
                next.retext(text, at)
            }
            Action::Preamble(lines) => {
                let text = replace_preamble(&next.text, &lines);
                next.retext(text, now)
            }
            Action::SelectEvent(index) => {
                next.selected_event = index;
                next
            }
            Action::SelectPod(pod) => {
                next.selected_pod = pod;
                next
            }
            Action::DeletionMode(mode) => {
                next.deletion_mode = mode;
                next
            }
        };
        Rc::new(next)
    }
}

impl PartialEq for Studio {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.state, &other.state)
            && self.text == other.text
            && self.error == other.error
            && self.playing == other.playing
            && self.speed == other.speed
            && self.selected_event == other.selected_event
            && self.tour_step == other.tour_step
            && self.selected_pod == other.selected_pod
            && self.deletion_mode == other.deletion_mode
            && self.help == other.help
    }
}
