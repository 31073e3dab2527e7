//! The one reducer: it holds the playback core ([`Playback`]) and the page's own state (playing, speed,
//! what is selected), and forwards each action to the core. Components read view models off the core
//! and send actions; nothing here validates, formats or simulates.

use crate::sim::command::Command;
use crate::sim::playback::{Playback, DEFAULT_SPEED, SPEEDS};
use crate::sim::{ClusterSettings, DeletionMode};
use crate::sim::{Touched, VirtualTime};
use crate::tours::TourId;
use std::cell::{Cell, Ref, RefCell};
use std::rc::Rc;
use yew::Reducible;

/// Real milliseconds of simulation work per animation tick, leaving the rest of a frame to rendering.
const FRAME_BUDGET_MS: f64 = 8.0;
/// Real milliseconds per tick of work in hand (reading, building, rewinding): with the redraw that
/// may follow it, well inside a 50 ms task.
const WORK_BUDGET_MS: f64 = 5.0;
/// Real milliseconds per tick for taking apart runs done with, which nothing shown waits on.
const CHORE_BUDGET_MS: f64 = 2.0;
/// Real milliseconds of work a learner's own change (a scrub, a step, a setting) gets at once, before
/// the page draws again: enough for a built-in scenario's rewind, well inside a 50 ms task.
const CHANGE_BUDGET_MS: f64 = 16.0;
/// While the simulation cannot keep up with the clock, the view is redrawn only every this many ticks:
/// the ticks in between go to the simulation instead of redrawing a cluster that changes every tick.
const BEHIND_REDRAW_EVERY: u32 = 4;

/// The page's state.
#[derive(Clone)]
pub struct Studio {
    /// The playback core. Shared with the previous state and advanced in place: cloning a cluster of
    /// thousands of pods on every frame would not keep up. `version` says when it changed.
    core: Rc<RefCell<Playback>>,
    /// Counts the core's changes (views compare it instead of the core).
    version: u64,
    /// Playing or paused.
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// The event the learner selected in the log (index into the simulation's events).
    pub selected_event: Option<usize>,
    /// The pod whose `ip addr` / `ip route` view is open.
    pub selected_pod: Option<String>,
    /// The node picked on the stage.
    pub selected_node: Option<String>,
    /// Whether the keyboard shortcuts dialog is open.
    pub help: bool,
    /// Whether the tours ask their questions (`quiz=0` turns them off).
    pub quiz: bool,
    /// The question asked now, and the answer once given.
    pub asked: Option<Asked>,
    /// The steps of the loaded tour whose question was answered: each is asked once.
    answered: Vec<usize>,
    /// Ticks in a row on which the simulation fell behind the clock (counted without a redraw).
    behind_ticks: Rc<Cell<u32>>,
}

/// A question of the tour, asked before the step that answers it; the answer does not change the
/// simulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asked {
    /// The step that answers it.
    pub step: usize,
    /// The choice picked, once answered.
    pub answer: Option<usize>,
}

/// What the page can ask for.
pub enum Action {
    /// Real time passed while playing (milliseconds).
    Tick(f64),
    /// Do a slice of the core's work in hand.
    Work,
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
    /// Run commands at the current time (the learner's actions).
    Apply(Vec<Command>),
    /// Put cluster settings in force and replay to the same time.
    Settings(Box<ClusterSettings>),
    /// Go to a tour step.
    TourStep(usize),
    /// Select an event of the log.
    SelectEvent(Option<usize>),
    /// Open a pod's network view.
    SelectPod(Option<String>),
    /// Answer the question asked with choice `index`: the step that answers it then plays.
    Answer(usize),
    /// Pick a node on the stage: its details card comes first and the stage zooms into it.
    SelectNode(Option<String>),
    /// Choose how "delete pod" deletes.
    DeletionMode(DeletionMode),
}

impl Studio {
    /// A page showing `playback`, with a learner's change's worth of its work done before the first
    /// render (a link's scenario refused early, or small, is then drawn as it is from the start).
    pub fn new(mut playback: Playback) -> Self {
        work_for(&mut playback, CHANGE_BUDGET_MS);
        Studio {
            core: Rc::new(RefCell::new(playback)),
            version: 0,
            playing: false,
            speed: DEFAULT_SPEED,
            selected_event: None,
            selected_pod: None,
            selected_node: None,
            help: false,
            quiz: true,
            asked: None,
            answered: Vec::new(),
            behind_ticks: Rc::default(),
        }
    }

    /// The same, with the tours' questions on or off.
    pub fn with_quiz(mut self, quiz: bool) -> Self {
        self.quiz = quiz;
        self
    }

    /// The step whose question would be asked before the clock reaches it: the next step of the tour,
    /// when it has a question not answered yet.
    fn question_ahead(&self) -> Option<usize> {
        let core = self.core();
        let step = core.current_step().map_or(0, |i| i + 1);
        (self.quiz
            && !self.answered.contains(&step)
            && TourId::from_name(core.tour()?)?
                .tour()
                .question_before(step)
                .is_some())
        .then_some(step)
    }

    /// The playback core, to read view models from.
    pub fn core(&self) -> Ref<'_, Playback> {
        self.core.borrow()
    }

    /// Whether the core has anything to do (done in slices, [`Action::Work`]).
    pub fn has_work(&self) -> bool {
        self.core().has_work()
    }

    /// Playing at 4× or faster (or instant): views draw less and animate nothing, since no one follows
    /// a single step at that pace.
    pub fn playing_fast(&self) -> bool {
        self.playing && SPEEDS[self.speed].1.is_none_or(|rate| rate >= 4.0)
    }

    /// What the selected log entry touched, for the views that mark it (node cards, address map).
    pub fn touched(&self) -> Option<Touched> {
        self.core().touched(self.selected_event?)
    }

    /// Change the core; the views see a new version. Work the change starts gets a slice at once, so
    /// what is small (a tour, a step, a setting) is done before the page draws again.
    fn change(mut self, f: impl FnOnce(&mut Playback)) -> Self {
        {
            let mut core = self.core.borrow_mut();
            let was_busy = core.busy();
            f(&mut core);
            if core.busy() && !was_busy {
                work_for(&mut core, CHANGE_BUDGET_MS);
            }
        }
        self.version += 1;
        self
    }
}

/// Milliseconds on a clock that only moves forward: the browser's, or natively (the page rendered at
/// build time) the process's.
pub(super) fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}

/// Do `ms` of the core's work in hand; whether it is all done.
fn work_for(core: &mut Playback, ms: f64) -> bool {
    let deadline = now_ms() + ms;
    core.work(|| now_ms() < deadline)
}

impl Reducible for Studio {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        let next = match action {
            Action::Work => {
                if !next.core().has_work() {
                    return self;
                }
                let before = next.core().progress().map(|p| p.percent());
                // Taking apart runs done with waits on nothing: it gets slivers between frames.
                let ms = if before.is_some() {
                    WORK_BUDGET_MS
                } else {
                    CHORE_BUDGET_MS
                };
                let all_done = work_for(&mut next.core.borrow_mut(), ms);
                // Redrawn when what is shown changes, the progress shown moves, or nothing is left
                // (the ticking stops then): not on every slice of taking apart a run done with.
                if next.core().progress().map(|p| p.percent()) == before && !all_done {
                    return self;
                }
                next.change(|_| ())
            }
            Action::Tick(real_ms) => {
                if next.core().busy() {
                    return self.reduce(Action::Work);
                }
                if !next.playing {
                    return self;
                }
                // The tour pauses at a question before the moment of the step that answers it.
                if let Some(step) = next.question_ahead() {
                    let rate = SPEEDS[next.speed].1;
                    let at = next.core().step_time(step);
                    let now = next.core().now();
                    let reached = at.is_some_and(|at| {
                        rate.is_none_or(|rate| {
                            now.as_millis() as f64 + real_ms * rate >= at.as_millis() as f64
                        })
                    });
                    if reached {
                        next.playing = false;
                        next.asked = Some(Asked { step, answer: None });
                        return Rc::new(next);
                    }
                }
                let behind = next.behind_ticks.get();
                if behind > 0 && (behind + 1).is_multiple_of(BEHIND_REDRAW_EVERY) {
                    // Behind: this tick only redraws (the simulation's work would make it a long task).
                    next.behind_ticks.set(behind + 1);
                } else {
                    let deadline = now_ms() + FRAME_BUDGET_MS;
                    let caught_up = next
                        .core
                        .borrow_mut()
                        .play(real_ms, next.speed, || now_ms() < deadline);
                    if !caught_up {
                        // The simulation moved in place; the view keeps its last picture this tick.
                        next.behind_ticks.set(behind + 1);
                        return self;
                    }
                    next.behind_ticks.set(0);
                }
                let mut next = next.change(|_| ());
                if next.core().at_end() {
                    next.playing = false;
                }
                next
            }
            Action::Play => {
                let mut next = if next.core().at_end() {
                    next.change(|core| core.seek(VirtualTime::ZERO))
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
            Action::Speed(index) => {
                next.speed = index.min(SPEEDS.len() - 1);
                next
            }
            Action::Help(open) => {
                next.help = open.unwrap_or(!next.help);
                next
            }
            Action::Step => {
                next.playing = false;
                next.change(Playback::step)
            }
            Action::StepBack => {
                next.playing = false;
                next.change(Playback::step_back)
            }
            Action::Seek(time) => {
                next.asked = None;
                next.change(|core| core.seek(time))
            }
            Action::TourStep(index) => {
                next.playing = false;
                let ahead = next.question_ahead() == Some(index);
                if ahead && next.asked.as_ref().is_none_or(|a| a.step != index) {
                    next.asked = Some(Asked {
                        step: index,
                        answer: None,
                    });
                    return Rc::new(next);
                }
                next.asked = None;
                next.change(|core| core.go_to_step(index))
            }
            Action::Answer(choice) => {
                let Some(Asked { step, answer: None }) = next.asked else {
                    return self;
                };
                next.asked = Some(Asked {
                    step,
                    answer: Some(choice),
                });
                next.answered.push(step);
                next.change(|core| core.go_to_step(step))
            }
            Action::Load { text, tour } => {
                next.asked = None;
                next.answered.clear();
                next.change(|core| core.reload(text, tour))
            }
            Action::Apply(commands) => next.change(|core| core.apply(&commands)),
            Action::Settings(settings) => next.change(|core| core.set_settings(*settings)),
            Action::DeletionMode(mode) => next.change(|core| {
                let mut settings = core.settings().clone();
                settings.deletion_mode = mode;
                core.set_settings(settings);
            }),
            Action::SelectEvent(index) => {
                next.selected_event = index;
                next
            }
            Action::SelectPod(pod) => {
                next.selected_pod = pod;
                next
            }
            Action::SelectNode(node) => {
                next.selected_node = node;
                next
            }
        };
        Rc::new(next)
    }
}

impl PartialEq for Studio {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.core, &other.core)
            && self.version == other.version
            && self.playing == other.playing
            && self.speed == other.speed
            && self.selected_event == other.selected_event
            && self.selected_pod == other.selected_pod
            && self.selected_node == other.selected_node
            && self.quiz == other.quiz
            && self.asked == other.asked
            && self.help == other.help
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind_tour(quiz: bool) -> Rc<Studio> {
        let studio = Rc::new(Studio::new(Playback::default()).with_quiz(quiz));
        let studio = studio.reduce(Action::Load {
            text: crate::sim::builtin::KIND.to_string(),
            tour: Some("kind"),
        });
        let studio = studio.reduce(Action::Work);
        studio.core.borrow_mut().finish();
        studio
    }

    #[test]
    fn a_question_is_asked_before_its_step_and_the_step_plays_once_answered() {
        let studio = kind_tour(true).reduce(Action::TourStep(0));
        assert_eq!(studio.asked, None);
        // The kind tour asks before its second step (kind-worker2's subnet).
        let asking = studio.reduce(Action::TourStep(1));
        assert_eq!(
            asking.asked,
            Some(Asked {
                step: 1,
                answer: None
            })
        );
        assert_eq!(
            asking.core().current_step(),
            Some(0),
            "the step waits for the answer"
        );
        let answered = asking.reduce(Action::Answer(0));
        answered.core.borrow_mut().finish();
        assert_eq!(
            answered.asked,
            Some(Asked {
                step: 1,
                answer: Some(0)
            })
        );
        assert_eq!(answered.core().current_step(), Some(1));
        // Back and forth again: asked once.
        let again = answered
            .reduce(Action::TourStep(0))
            .reduce(Action::TourStep(1));
        assert_eq!(again.asked, None);
    }

    #[test]
    fn the_answer_changes_nothing_in_the_simulation() {
        let right = kind_tour(true)
            .reduce(Action::TourStep(1))
            .reduce(Action::Answer(1));
        right.core.borrow_mut().finish();
        let wrong = kind_tour(true)
            .reduce(Action::TourStep(1))
            .reduce(Action::Answer(2));
        wrong.core.borrow_mut().finish();
        let off = kind_tour(false).reduce(Action::TourStep(1));
        off.core.borrow_mut().finish();
        assert_eq!(off.asked, None);
        for studio in [&right, &wrong] {
            assert_eq!(studio.core().now(), off.core().now());
            assert_eq!(studio.core().sim().state(), off.core().sim().state());
        }
    }

    #[test]
    fn playing_pauses_at_a_question_before_the_moment_of_its_step() {
        let mut studio = kind_tour(true)
            .reduce(Action::TourStep(0))
            .reduce(Action::Play);
        let step_time = studio.core().step_time(1).expect("step 1 happens");
        for _ in 0..200 {
            if !studio.playing {
                break;
            }
            studio = studio.reduce(Action::Tick(50.0));
        }
        assert!(!studio.playing);
        assert_eq!(
            studio.asked,
            Some(Asked {
                step: 1,
                answer: None
            })
        );
        assert!(studio.core().now() < step_time);
    }
}
