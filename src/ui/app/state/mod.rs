//! The one reducer: it owns the playback ([`Player`]) and the page's own state (playing, speed, what is
//! selected), and forwards each action to the playback. After each change it computes what the page
//! shows as a plain value ([`Shown`]): view models behind `Rc`, each kept when equal to the last, so
//! the components that draw them are skipped by Yew when they did not change. Nothing here validates,
//! formats or simulates.

use super::view::{
    cards, log, map, Answer, Asked, Clock, Cluster, EditorShown, ExportShown, PodShown,
    SettingsShown, Shown, TourShown,
};
use crate::i18n::Lang;
use crate::ipam::capacity::CapacityPlan;
use crate::playback::export::Download;
use crate::playback::words::TourWords;
use crate::playback::{Player, DEFAULT_SPEED, SPEEDS};
use crate::share::Theme;
use crate::sim::command::Command;
use crate::sim::preset::{self, PodIps};
use crate::sim::VirtualTime;
use crate::sim::{ClusterSettings, DeletionMode, DraftField, SettingsDraft};
use crate::tours::TourId;
use crate::ui::shared::{keep, Shared};
use crate::ui::timing::{
    now_ms, BENCH_TICKS_PLAYING_FAST, CHANGE_BUDGET_MS, CHORE_BUDGET_MS, FRAME_BUDGET_MS,
    WORK_BUDGET_MS,
};
pub use edit::SettingsEdit;
use ipnet::IpNet;
use std::rc::Rc;

/// The app's one state: the playback, the page's language and theme, the settings card's fields as
/// typed, the question asked, and what the learner picked.
pub struct AppState {
    /// The page's language.
    pub lang: Lang,
    /// The theme chosen, `None` to follow the system.
    pub theme: Option<Theme>,
    /// Why the language last chosen could not be shown, until closed.
    pub unavailable: Option<String>,
    /// The notice of what of the page's link was refused is closed.
    pub link_problem_closed: bool,
    /// The settings card's fields as typed, and why they were refused.
    edit: SettingsEdit,
    /// The playback: the run shown, its cursor, the run being loaded.
    player: Player,
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
    /// The node new pods go to, as chosen in the actions bar.
    pub pod_node: String,
    /// The address map's zoom window per cluster CIDR; `None` shows the whole range.
    pub map_windows: Vec<Option<IpNet>>,
    /// Whether the keyboard shortcuts dialog is open.
    pub help: bool,
    /// Whether the tours ask their questions (`quiz=0` turns them off).
    pub quiz: bool,
    /// The presenter view: only the stage and the step's words, filling the window.
    pub presenting: bool,
    /// The presenter view's screen blanked (a remote's blank-screen key), until the next press.
    pub blank: bool,
    /// A step entered by a press plays its motion at 1× up to this moment, the next step's, and stops
    /// just before it (b's countdown runs to its CNI DEL).
    motion: Option<VirtualTime>,
    /// The question asked now, and the answer once given.
    pub asked: Option<Asked>,
    /// The steps of the loaded tour whose question was answered: each is asked once.
    answered: Vec<usize>,
    /// Why the last export could not be made.
    pub export_problem: Option<String>,
    /// What the page shows, computed after each change.
    shown: Shown,
}

/// A file of the view to download.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFile {
    /// The scenario text.
    Scenario,
    /// The state at the playhead, as `podip state` prints it.
    State,
    /// The transcript up to the playhead, as `podip run` prints it.
    Transcript,
}

/// What the page can ask for.
pub enum Action {
    /// Real time passed while playing (milliseconds), at an animation frame: the simulation moves on
    /// for at most [`FRAME_BUDGET_MS`], and what the page shows is computed in the same pass.
    Tick(f64),
    /// Do a slice of the playback's work in hand.
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
    /// Enter (`Some(true)`), leave or toggle (`None`) the presenter view.
    Present(Option<bool>),
    /// An arrow key, forwards (`true`) or back: a press ([`Action::Press`]) in the presenter view, the
    /// next or previous moment otherwise.
    Arrow(bool),
    /// A presenter's press (a remote's PageDown / PageUp, or the presenter view's arrows and space),
    /// forwards (`true`) or back. With a tour: the next step's question, then its answer, then the
    /// step, whose motion then plays at 1× up to the next step's moment; back, the step before (its
    /// motion too), or away from a question not answered. Without a tour, the next or previous moment.
    Press(bool),
    /// A remote's blank-screen key in the presenter view: blank the screen, or show it again.
    Blank,
    /// The Escape key: closes the shortcuts dialog if open, else leaves the presenter view.
    Escape,
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
        tour: Option<TourId>,
    },
    /// Run commands at the current time (the learner's actions).
    Apply(Vec<Command>),
    /// Put cluster settings in force and replay to the same time.
    Settings(Box<ClusterSettings>),
    /// Go to a tour step.
    TourStep(usize),
    /// Load the tour's own scenario again at the step shown: the words describe that cluster.
    OwnCluster,
    /// Select an event of the log.
    SelectEvent(Option<usize>),
    /// Open a pod's network view.
    SelectPod(Option<String>),
    /// Answer the question asked with choice `index`: the step that answers it then plays.
    Answer(usize),
    /// Pick a node on the stage: its details card comes first and the stage zooms into it.
    SelectNode(Option<String>),
    /// Choose the node new pods go to.
    PodNode(String),
    /// Zoom the address map of a cluster CIDR into a block (`None`: the whole range).
    Zoom(usize, Option<IpNet>),
    /// Choose how "delete pod" deletes.
    DeletionMode(DeletionMode),
    /// Download a file of the view.
    Export(ExportFile),
    /// Say why an export could not be made (`None`: nothing to say).
    ExportProblem(Option<String>),
    /// Show the page in this language (its words are loaded).
    Language(Lang),
    /// The language chosen could not be loaded: why, said until closed (`None`: close it).
    LanguageUnavailable(Option<String>),
    /// Choose the theme (`None`: follow the system).
    Theme(Option<Theme>),
    /// Close the notice of what of the page's link was refused.
    CloseLinkProblem,
    /// A field of the settings card typed: in force if valid, else refused in words.
    EditSetting(DraftField, String),
    /// A preset picked on the settings card by name (`""`: the cluster's own settings).
    Preset(String),
}

impl AppState {
    /// A page showing `player`, with a learner's change's worth of its work done before the first
    /// render (a link's scenario refused early, or small, is then drawn as it is from the start).
    pub fn new(mut player: Player) -> Self {
        work_for(&mut player, CHANGE_BUDGET_MS);
        let edit = SettingsEdit::of(&player);
        let mut state = AppState {
            lang: Lang::default(),
            theme: None,
            unavailable: None,
            link_problem_closed: false,
            edit,
            shown: Shown::of_nothing(),
            player,
            playing: false,
            speed: DEFAULT_SPEED,
            selected_event: None,
            selected_pod: None,
            selected_node: None,
            pod_node: String::new(),
            map_windows: Vec::new(),
            help: false,
            quiz: true,
            presenting: false,
            blank: false,
            motion: None,
            asked: None,
            answered: Vec::new(),
            export_problem: None,
        };
        state.refresh();
        state
    }

    /// The same, with the tours' questions on or off.
    pub fn with_quiz(mut self, quiz: bool) -> Self {
        self.quiz = quiz;
        self
    }

    /// The same, in language `lang` and theme `theme` (why a language is unavailable, if one is).
    pub fn in_language(
        mut self,
        lang: Lang,
        theme: Option<Theme>,
        unavailable: Option<String>,
    ) -> Self {
        self.lang = lang;
        self.theme = theme;
        self.unavailable = unavailable;
        self.refresh();
        self
    }

    /// The same, in the presenter view or not.
    pub fn with_presenting(mut self, presenting: bool) -> Self {
        self.presenting = presenting;
        self.refresh();
        self
    }

    /// What the page shows.
    pub fn shown(&self) -> &Shown {
        &self.shown
    }

    /// Whether the playback has anything to do (done in slices, [`Action::Work`]).
    pub fn has_work(&self) -> bool {
        self.player.has_work()
    }

    /// Playing at 4× or faster (or instant): views draw less and animate nothing, since no one follows
    /// a single step at that pace.
    pub fn playing_fast(&self) -> bool {
        self.playing && self.motion.is_none() && SPEEDS[self.speed].1.is_none_or(|rate| rate >= 4.0)
    }

    /// A file of the view at the playhead.
    pub fn export(&self, file: ExportFile) -> Result<Download, String> {
        let cursor = self.player.cursor();
        match file {
            ExportFile::Scenario => Ok(Download {
                contents: self.player.text().to_string(),
                ..cursor.run().export_scenario()
            }),
            ExportFile::State => cursor.export_state().map_err(|e| e.to_string()),
            ExportFile::Transcript => Ok(cursor.export_transcript()),
        }
    }

    /// The step whose question would be asked before the clock reaches it: the next step of the tour,
    /// when it has a question not answered yet.
    fn question_ahead(&self) -> Option<usize> {
        let cursor = self.player.cursor();
        let step = cursor.current_step().map_or(0, |i| i + 1);
        (self.quiz
            && !self.answered.contains(&step)
            && cursor.run().tour()?.tour().question_before(step).is_some())
        .then_some(step)
    }

    /// Change the playback. Work the change starts gets a slice at once, so what is small (a tour, a
    /// step, a setting) is done before the page draws again.
    fn change(&mut self, f: impl FnOnce(&mut Player)) {
        let was_busy = self.player.busy();
        f(&mut self.player);
        if self.player.busy() && !was_busy {
            work_for(&mut self.player, CHANGE_BUDGET_MS);
        }
    }

    /// Compute what the page shows; the page is drawn again (its parts compare what they draw). A new
    /// scenario (a tour, the editor's, a link's) brings its own settings into the card's fields.
    fn refresh(&mut self) -> bool {
        self.refresh_for(false)
    }

    /// [`AppState::refresh`], for a tick of the clock (`tick`) or anything else.
    fn refresh_for(&mut self, tick: bool) -> bool {
        if self.edit.load != self.player.load_number() {
            self.edit = SettingsEdit::of(&self.player);
        }
        self.shown = self.show(&self.shown, tick);
        true
    }

    /// The card's fields as `edited`: in force if valid over the settings in force, else refused.
    fn submit(&mut self, edited: SettingsDraft) {
        match edited.validate(&self.player.settings()) {
            Ok(settings) => {
                self.edit.refusal = None;
                self.change(|player| player.set_settings(settings));
            }
            Err(err) => self.edit.refusal = Some(err),
        }
        self.edit.fields = edited;
    }

    /// Carry out `action`; whether the page is to be drawn again.
    pub fn reduce(&mut self, action: Action) -> bool {
        // A step's motion lasts until the clock or the run is moved otherwise.
        if matches!(
            action,
            Action::Play
                | Action::Pause
                | Action::Step
                | Action::StepBack
                | Action::Seek(_)
                | Action::TourStep(_)
                | Action::OwnCluster
                | Action::Answer(_)
                | Action::Load { .. }
                | Action::Apply(_)
                | Action::Settings(_)
                | Action::EditSetting(..)
                | Action::Preset(_)
                | Action::DeletionMode(_)
        ) {
            self.motion = None;
        }
        match action {
            Action::Work => {
                if !self.player.has_work() {
                    return false;
                }
                let before = self.player.progress().map(|p| p.percent());
                // Taking apart runs done with waits on nothing: it gets slivers between frames.
                let ms = if before.is_some() {
                    WORK_BUDGET_MS
                } else {
                    CHORE_BUDGET_MS
                };
                let all_done = work_for(&mut self.player, ms);
                // Drawn again when what is shown changes, the progress shown moves, or nothing is left.
                if self.player.progress().map(|p| p.percent()) == before && !all_done {
                    return false;
                }
            }
            Action::Tick(real_ms) => {
                if self.player.busy() {
                    return self.reduce(Action::Work);
                }
                if !self.playing {
                    return false;
                }
                if let Some(until) = self.motion {
                    return self.play_motion(real_ms, until);
                }
                // The tour pauses at a question before the moment of the step that answers it.
                if let Some(step) = self.question_ahead() {
                    let rate = SPEEDS[self.speed].1;
                    let cursor = self.player.cursor();
                    let at = cursor.run().step_time(step);
                    let now = cursor.now();
                    let reached = at.is_some_and(|at| {
                        rate.is_none_or(|rate| {
                            now.as_millis() as f64 + real_ms * rate >= at.as_millis() as f64
                        })
                    });
                    if reached {
                        self.playing = false;
                        self.asked = Some(Asked { step, answer: None });
                        return self.refresh();
                    }
                }
                let deadline = now_ms() + FRAME_BUDGET_MS;
                self.player
                    .play(real_ms, self.speed, || now_ms() < deadline);
                if self.player.cursor().at_end() {
                    self.playing = false;
                }
                return self.refresh_for(true);
            }
            Action::Play => {
                if self.player.cursor().at_end() {
                    self.change(|player| player.seek(VirtualTime::ZERO));
                }
                self.playing = true;
            }
            Action::Pause => self.playing = false,
            Action::TogglePlay => {
                let action = if self.playing {
                    Action::Pause
                } else {
                    Action::Play
                };
                return self.reduce(action);
            }
            Action::SpeedBy(delta) => {
                self.speed = self
                    .speed
                    .saturating_add_signed(delta as isize)
                    .min(SPEEDS.len() - 1);
            }
            Action::Speed(index) => self.speed = index.min(SPEEDS.len() - 1),
            Action::Help(open) => self.help = open.unwrap_or(!self.help),
            Action::Present(on) => {
                self.presenting = on.unwrap_or(!self.presenting);
                self.blank &= self.presenting;
            }
            Action::Escape if self.help => self.help = false,
            Action::Escape => {
                self.presenting = false;
                self.blank = false;
            }
            Action::Arrow(forwards) if self.presenting => {
                return self.reduce(Action::Press(forwards))
            }
            Action::Arrow(true) => return self.reduce(Action::Step),
            Action::Arrow(false) => return self.reduce(Action::StepBack),
            // A press on a blank screen shows it again, where it was.
            Action::Press(_) if self.blank => self.blank = false,
            Action::Press(forwards) => {
                if self.player.cursor().run().tour().is_none() {
                    let action = if forwards {
                        Action::Step
                    } else {
                        Action::StepBack
                    };
                    return self.reduce(action);
                }
                self.press(forwards);
            }
            Action::Blank => self.blank = self.presenting && !self.blank,
            Action::Step => {
                self.playing = false;
                self.change(Player::step);
            }
            Action::StepBack => {
                self.playing = false;
                self.change(Player::step_back);
            }
            Action::Seek(time) => {
                self.asked = None;
                self.change(|player| player.seek(time));
            }
            Action::TourStep(index) => {
                self.playing = false;
                let ahead = self.question_ahead() == Some(index);
                if ahead && self.asked.as_ref().is_none_or(|a| a.step != index) {
                    self.asked = Some(Asked {
                        step: index,
                        answer: None,
                    });
                } else {
                    self.asked = None;
                    self.change(|player| player.go_to_step(index));
                }
            }
            Action::Answer(choice) => {
                let Some(Asked { step, answer: None }) = self.asked else {
                    return false;
                };
                self.asked = Some(Asked {
                    step,
                    answer: Some(Answer::Picked(choice)),
                });
                self.answered.push(step);
                self.change(|player| player.go_to_step(step));
            }
            Action::Load { text, tour } => {
                self.asked = None;
                self.answered.clear();
                self.change(|player| player.reload(text, tour));
            }
            Action::OwnCluster => {
                let cursor = self.player.cursor();
                let (tour, step) = (cursor.run().tour(), cursor.current_step());
                let Some((tour, text)) = tour.map(|t| (t, t.tour().scenario)) else {
                    return false;
                };
                self.asked = None;
                self.change(|player| {
                    player.reload(text.to_string(), Some(tour));
                    if let Some(index) = step {
                        player.go_to_step(index);
                    }
                });
            }
            Action::Apply(commands) => self.change(|player| player.apply(&commands)),
            Action::Settings(settings) => self.change(|player| player.set_settings(*settings)),
            Action::DeletionMode(mode) => self.change(|player| {
                let mut settings = player.settings();
                settings.deletion_mode = mode;
                player.set_settings(settings);
            }),
            Action::SelectEvent(index) => self.selected_event = index,
            Action::SelectPod(pod) => self.selected_pod = pod,
            Action::SelectNode(node) => self.selected_node = node,
            Action::PodNode(node) => self.pod_node = node,
            Action::Zoom(family, window) => {
                self.map_windows
                    .resize(self.map_windows.len().max(family + 1), None);
                self.map_windows[family] = window;
            }
            Action::Export(_) => return false,
            Action::ExportProblem(problem) => self.export_problem = problem,
            Action::Language(lang) => {
                self.lang = lang;
                self.unavailable = None;
            }
            Action::LanguageUnavailable(why) => self.unavailable = why,
            Action::Theme(theme) => self.theme = theme,
            Action::CloseLinkProblem => self.link_problem_closed = true,
            Action::EditSetting(field, text) => {
                let edited = self.edit.fields.clone().edit(field, text);
                self.submit(edited);
            }
            Action::Preset(name) => {
                // A platform without node subnets is only explained: it changes nothing.
                self.edit.elsewhere = None;
                if let Some(preset) = preset::by_name(&name) {
                    if preset.pod_ips == PodIps::Elsewhere {
                        self.edit.elsewhere = Some(preset);
                    } else {
                        let edited = self.edit.fields.clone().with_preset(preset);
                        self.submit(edited);
                    }
                }
            }
        }
        self.refresh()
    }
}

impl AppState {
    /// What the page shows, keeping the parts of `last` that did not change.
    fn show(&self, last: &Shown, tick: bool) -> Shown {
        let state = self;
        let player = &self.player;
        let cursor = player.cursor();
        let run = cursor.run();
        let now = cursor.now();
        let touched = state.selected_event.and_then(|i| cursor.touched(i));
        let playing_fast = state.playing_fast();
        let cluster: Cluster = (run.scenario().clone().into(), cursor.shown_events());
        // Ticks playing fast draw the bench below the first screen (the cards, the map, the log, the
        // actions' names) only every BENCH_TICKS_PLAYING_FAST: no one reads it at that pace, and it is
        // most of a frame's drawing. Anything else draws it at once.
        let bench_due = !(tick && playing_fast) || last.bench_age + 1 >= BENCH_TICKS_PLAYING_FAST;
        let bench_age = if bench_due { 0 } else { last.bench_age + 1 };
        Shown {
            lang: state.lang,
            theme: state.theme,
            unavailable: state.unavailable.clone(),
            link_problem_closed: state.link_problem_closed,
            edit: keep(&last.edit, state.edit.clone()),
            playing: state.playing,
            playing_fast,
            speed: state.speed,
            help: state.help,
            presenting: state.presenting,
            blank: state.blank && state.presenting,
            selected_pod: state.selected_pod.clone(),
            selected_node: state.selected_node.clone(),
            deletion_mode: player.settings().deletion_mode,
            clock: Clock {
                now,
                horizon: run.horizon(),
                halted_at: run.halted_at(),
                progress: player.progress().map(|p| p.percent()),
            },
            tour: Shared::new(TourShown {
                name: run.tour(),
                step_times: run.step_times().to_vec(),
                current: cursor.current_step(),
                now,
                horizon: run.horizon(),
                asked: state.asked.clone(),
                // Paired with the tour's own run once per run: kept while the run is the same.
                words: match last.tour.words.is_of(run) {
                    true => last.tour.words.clone(),
                    false => Rc::new(TourWords::of(run)),
                },
                sources: (0..run.step_times().len())
                    .map(|i| run.step_source(i))
                    .collect(),
                path: match cursor.current_step() {
                    Some(i) => run.step_path(i),
                    None => run.path(),
                },
            }),
            stage: last.stage.next(
                (
                    cluster.clone(),
                    now,
                    state.selected_event,
                    state.selected_node.clone(),
                ),
                |(_, _, event, node)| cursor.stage(*event, node.as_deref()),
            ),
            cards: match bench_due {
                true => keep(
                    &last.cards,
                    cards(
                        cursor,
                        state.selected_node.as_ref(),
                        (&last.cards, &last.cards_from),
                    ),
                ),
                false => last.cards.clone(),
            },
            map: match bench_due {
                true => last.map.next(
                    (cluster.clone(), state.map_windows.clone()),
                    |(_, windows)| map(cursor, windows),
                ),
                false => last.map.clone(),
            },
            names: match bench_due {
                true => last.names.next(
                    (cluster.clone(), state.pod_node.clone()),
                    |(_, pod_node)| cursor.action_names(pod_node),
                ),
                false => last.names.clone(),
            },
            cards_from: match bench_due {
                true => cluster,
                false => last.cards_from.clone(),
            },
            log: match bench_due {
                true => log(cursor, state.selected_event, playing_fast, &last.log),
                false => last.log.clone(),
            },
            bench_age,
            pod: state.selected_pod.as_ref().map(|pod| {
                Shared::new(PodShown {
                    name: pod.clone(),
                    network: cursor.pod_network(pod),
                })
            }),
            editor: keep(
                &last.editor,
                EditorShown {
                    text: player.text().to_string(),
                    error: player.error().map(str::to_string),
                },
            ),
            settings: last
                .settings
                .next(player.settings(), |settings| SettingsShown {
                    capacity: CapacityPlan::from_config(&settings.config)
                        .with_max_pods(settings.knobs.max_pods),
                    settings: settings.clone(),
                }),
            link: keep(&last.link, player.link()),
            refusals: match last.refusals.as_slice() == player.link_refusals() {
                true => last.refusals.clone(),
                false => Shared::new(player.link_refusals().to_vec()),
            },
            export: Shared::new(ExportShown {
                svg: cursor.export_file_name("svg"),
                png: cursor.export_file_name("png"),
                problem: state.export_problem.clone(),
            }),
            touched,
        }
    }
}

/// Do `ms` of the playback's work in hand; whether it is all done.
fn work_for(player: &mut Player, ms: f64) -> bool {
    let deadline = now_ms() + ms;
    player.work(|| now_ms() < deadline)
}

mod edit;
mod remote;
#[cfg(test)]
mod tests;
