//! The one reducer: it owns the playback ([`Player`]) and the page's own state (playing, speed, what is
//! selected), and hands each action to its concern, which forwards it to the playback: the transport
//! (`transport.rs`), the tours and their questions (`tour.rs`), the presenter view (`presenter.rs`),
//! the learner's changes to the cluster (`edit.rs`), the page around the stage (`chrome.rs`) and the
//! lesson being written (`writer.rs`). After
//! each change it computes what the page shows as a plain value ([`Shown`], `show.rs`): view models
//! behind `Rc`, each kept when equal to the last, so the components that draw them are skipped by Yew
//! when they did not change. Nothing here validates, formats or simulates.

use super::view::{Asked, CaptionLayout, Shown};
use crate::i18n::Lang;
use crate::playback::export::Download;
use crate::playback::writer::Writer;
use crate::playback::{Player, DEFAULT_SPEED, SPEEDS};
use crate::share::Theme;
use crate::sim::command::Command;
use crate::sim::VirtualTime;
use crate::sim::{ClusterSettings, DeletionMode, DraftField};
use crate::tours::TourId;
use crate::ui::timing::{now_ms, CHANGE_BUDGET_MS};
pub use fields::{PresetReplaced, SettingsEdit};
use ipnet::IpNet;
use std::rc::Rc;
pub use writer::WriterAction;

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
    /// The presenter view shows, under the caption, the command that shows the step on a real cluster
    /// (the C key), until the key is pressed again.
    pub show_command: bool,
    /// A step entered by a press plays its motion at 1× up to here, the last millisecond before the
    /// next step's moment (b's countdown runs to its CNI DEL).
    motion: Option<VirtualTime>,
    /// The question asked now, and the answer once given.
    pub asked: Option<Asked>,
    /// Where the presenter's caption is within the stop shown.
    caption: presenter::CaptionAt,
    /// How the page last laid out the caption's text.
    caption_layout: Option<Rc<CaptionLayout>>,
    /// The learner's cluster the tour shown replaced with its own, for the way back.
    restore: Option<tour::ClusterBefore>,
    /// The steps of the loaded tour whose question was answered: each is asked once.
    answered: Vec<usize>,
    /// Why the last export could not be made.
    pub export_problem: Option<String>,
    /// The lesson being written, once started.
    writer: Option<Rc<Writer>>,
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
    /// for at most [`FRAME_BUDGET_MS`](crate::ui::timing::FRAME_BUDGET_MS), and what the page shows is computed in the same pass.
    Tick(f64),
    /// Do a slice of the playback's work in hand.
    Work,
    /// An animation frame between ticks while playing: playing fast, the bench below the first screen
    /// is drawn here when its turn has come, so a frame holds the stage's drawing or the bench's, not both.
    Bench,
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
    /// The C key in the presenter view: show the step's command on a real cluster, or hide it.
    ToggleCommand,
    /// The page laid out the presenter's caption: where its lines start in the caption's box.
    CaptionLaidOut(CaptionLayout),
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
    /// Load the tour that tells the same story on the cluster's chain, at the same place in the story.
    Retold,
    /// Load the learner's cluster a tour replaced with its own, as it was.
    RestoreCluster,
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
    /// Put back the fields and the settings the last preset replaced.
    UndoPreset,
    /// Write a lesson.
    Writer(WriterAction),
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
            show_command: false,
            motion: None,
            asked: None,
            caption: Default::default(),
            caption_layout: None,
            restore: None,
            answered: Vec::new(),
            export_problem: None,
            writer: None,
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

    /// Carry out `action`, handed to its concern; whether the page is to be drawn again.
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
                | Action::Retold
                | Action::RestoreCluster
                | Action::Answer(_)
                | Action::Load { .. }
                | Action::Apply(_)
                | Action::Settings(_)
                | Action::EditSetting(..)
                | Action::Preset(_)
                | Action::UndoPreset
                | Action::DeletionMode(_)
                | Action::Writer(
                    WriterAction::Start(_)
                        | WriterAction::Play
                        | WriterAction::Follow(_)
                        | WriterAction::Pick(_)
                )
        ) {
            self.motion = None;
        }
        match action {
            Action::Tick(_)
            | Action::Work
            | Action::Bench
            | Action::Play
            | Action::Pause
            | Action::TogglePlay
            | Action::SpeedBy(_)
            | Action::Speed(_)
            | Action::Step
            | Action::StepBack
            | Action::Seek(_) => self.transport(action),
            Action::TourStep(_)
            | Action::Answer(_)
            | Action::Load { .. }
            | Action::OwnCluster
            | Action::Retold
            | Action::RestoreCluster => self.tour(action),
            Action::Present(_)
            | Action::Arrow(_)
            | Action::Press(_)
            | Action::Blank
            | Action::ToggleCommand
            | Action::CaptionLaidOut(_)
            | Action::Escape => self.presenter(action),
            Action::Apply(_)
            | Action::Settings(_)
            | Action::DeletionMode(_)
            | Action::EditSetting(..)
            | Action::Preset(_)
            | Action::UndoPreset => self.edit(action),
            Action::Help(_)
            | Action::SelectEvent(_)
            | Action::SelectPod(_)
            | Action::SelectNode(_)
            | Action::PodNode(_)
            | Action::Zoom(..)
            | Action::Export(_)
            | Action::ExportProblem(_)
            | Action::Language(_)
            | Action::LanguageUnavailable(_)
            | Action::Theme(_)
            | Action::CloseLinkProblem => self.chrome(action),
            Action::Writer(action) => self.write(action),
        }
    }
}

/// Do `ms` of the playback's work in hand; whether it is all done.
fn work_for(player: &mut Player, ms: f64) -> bool {
    let deadline = now_ms() + ms;
    player.work(|| now_ms() < deadline)
}

mod chrome;
mod edit;
mod fields;
mod presenter;
mod show;
#[cfg(test)]
mod tests;
mod tour;
mod transport;
mod writer;
