//! The page's playback: the run shown and its [`Cursor`], a [`Loader`] building the next run while
//! the page keeps showing this one, and what the learner's last change left (the text refused and
//! why). Loading and moving back happen in slices ([`Player::work`]) so a page never blocks; the run
//! shown is replaced whole once the next one is ready.

mod change;

use super::cursor::{Cursor, Played};
use super::loader::{Loader, Loading};
use super::run::Run;
use super::scrap::Scrap;
use super::slices::Progress;
use super::LinkRefusal;
use crate::share::figure::LessonFrom;
use crate::sim::{builtin, VirtualTime};
use crate::sim::{ClusterSettings, DeletionMode};
use crate::tours::{Told, Tour, TourId};
use std::rc::Rc;

/// A run shown, the next one being loaded, and the learner's choices that outlive both.
pub struct Player {
    /// The cursor shown, over the run shown.
    cursor: Cursor,
    /// The next run being built, and why.
    loading: Option<(Loader, Request)>,
    /// `line N: ...` from the last text that did not parse (or an action that was refused).
    error: Option<String>,
    /// A text loaded and refused: the editor keeps it over the run shown.
    refused_text: Option<String>,
    /// What of the link the page was opened with could not be used.
    link_refusals: Vec<LinkRefusal>,
    /// Which load the text shown comes from ([`Player::loads`]).
    load: u32,
    /// How many texts were asked to load so far.
    loads: u32,
    /// How "delete pod" deletes.
    deletion_mode: DeletionMode,
    /// The tour step last gone to (a link's `step=`), until the clock is moved otherwise: a step the
    /// run lacks is then said, not passed over in silence.
    wanted_step: Option<usize>,
    /// Runs done with, taken apart in slices.
    scrap: Scrap,
    /// Where the lesson told comes from, while the run shown is a lesson's (a link's): its link says so.
    lesson: Option<(LessonFrom, &'static Tour)>,
}

/// Why a text is being loaded, and which load it comes from (a change to a text keeps its load's).
#[derive(Clone, Copy)]
struct Request {
    origin: Origin,
    load: u32,
}

/// What a refusal of a text means.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// A text loaded (the editor's, a tour's): refused, it stays in the editor with its error.
    Load,
    /// The text of the link the page opened: refused, it stays in the editor and the link says why.
    Link,
    /// The text changed by an action or a setting: refused, the text stays as it was.
    Change,
}

impl Default for Player {
    /// The kind tour at its start.
    fn default() -> Self {
        Self::load(builtin::KIND.to_string(), Some(TourId::Kind)).unwrap_or_else(|err| {
            // The built-in scenario is covered by tests; should it ever fail, say why on an empty cluster.
            let mut empty = Player::showing(Cursor::new(Rc::new(Run::empty())));
            empty.error = Some(err);
            empty
        })
    }
}

impl Player {
    fn showing(cursor: Cursor) -> Player {
        Player {
            cursor,
            loading: None,
            error: None,
            refused_text: None,
            link_refusals: Vec::new(),
            load: 0,
            loads: 0,
            deletion_mode: DeletionMode::default(),
            wanted_step: None,
            scrap: Scrap::default(),
            lesson: None,
        }
    }

    /// `text` at time 0, simulated at once, or the parse error.
    pub fn load(text: String, tour: Option<TourId>) -> Result<Self, String> {
        let mut loader = Loader::new(text, tour, VirtualTime::ZERO);
        loop {
            match loader.work(&mut || true) {
                Loading::Working(next) => loader = next,
                Loading::Ready(cursor) => return Ok(Player::showing(*cursor)),
                Loading::Refused(_, err) => return Err(err),
            }
        }
    }

    /// The default view, with `text` (a link's scenario) to read and simulate as work in hand; a text
    /// refused stays in the editor with its error, as a link refusal.
    pub(super) fn opening(text: String, tour: Option<TourId>) -> Self {
        Player::opening_told(text, tour.map(Told::from))
    }

    /// [`Player::opening`] of a run told by a built-in tour or a lesson.
    pub(super) fn opening_told(text: String, tour: Option<Told>) -> Self {
        let mut player = Player::default();
        player.start(Loader::told(text, tour, VirtualTime::ZERO), Origin::Link);
        player
    }

    /// The tour or lesson telling the run in hand, or else the run shown.
    pub(super) fn teller(&self) -> Option<Told> {
        match &self.loading {
            Some((loader, _)) => loader.teller(),
            None => self.cursor.run().teller(),
        }
    }

    /// Where the lesson shown comes from (a link's), while the run shown tells it.
    pub(super) fn lesson(&self) -> Option<&LessonFrom> {
        let (from, tour) = self.lesson.as_ref()?;
        let told = self.cursor.run().told()?;
        std::ptr::eq(told, *tour).then_some(from)
    }

    /// Remember where the lesson `tour` comes from.
    pub(super) fn set_lesson(&mut self, from: LessonFrom, tour: &'static Tour) {
        self.lesson = Some((from, tour));
    }

    /// The cursor shown; its run is the run shown.
    pub fn cursor(&self) -> &Cursor {
        &self.cursor
    }

    /// The cursor shown, taken out (natively, to look at one run).
    pub fn into_cursor(self) -> Cursor {
        self.cursor
    }

    /// The scenario text the editor shows: the run's, or a text loaded and refused.
    pub fn text(&self) -> &str {
        self.refused_text
            .as_deref()
            .unwrap_or(self.cursor.run().text())
    }

    /// The text the editor holds when it was refused (the run shown is then the last one read).
    pub(super) fn refused_text(&self) -> Option<&str> {
        self.refused_text.as_deref()
    }

    /// Why the last text or action was refused.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// What of the link the page was opened with could not be used.
    pub fn link_refusals(&self) -> &[LinkRefusal] {
        &self.link_refusals
    }

    /// Which load the text shown comes from: views that keep their own edits (the settings fields)
    /// start afresh on a new one, not on a change to the text.
    pub fn load_number(&self) -> u32 {
        self.load
    }

    /// The settings in force, or coming into force with the scenario being built.
    pub fn settings(&self) -> ClusterSettings {
        let settings = self
            .loading
            .as_ref()
            .and_then(|(loader, _)| loader.settings())
            .unwrap_or(self.cursor.run().settings());
        ClusterSettings {
            deletion_mode: self.deletion_mode,
            ..settings.clone()
        }
    }

    /// The tour step last gone to, when the run shown lacks it (a link to a step another chain never
    /// makes).
    pub fn missing_step(&self) -> Option<usize> {
        let run = self.cursor.run();
        self.wanted_step
            .filter(|&i| !self.busy() && run.tour().is_some() && run.step_time(i).is_none())
    }

    /// How far the work in hand has come, while there is some.
    pub fn progress(&self) -> Option<Progress> {
        match &self.loading {
            Some((loader, _)) => Some(loader.progress()),
            None => self.cursor.progress(),
        }
    }

    /// Whether work is in hand (what is shown is not yet what was asked).
    pub fn busy(&self) -> bool {
        self.loading.is_some() || self.cursor.busy()
    }

    /// Whether anything is left to do: work in hand, or runs done with still to take apart.
    pub fn has_work(&self) -> bool {
        self.busy() || self.cursor.has_work() || !self.scrap.is_empty()
    }

    /// Do the work in hand while `more_time()` says there is time; whether it is all done.
    pub fn work(&mut self, mut more_time: impl FnMut() -> bool) -> bool {
        self.work_while(&mut more_time)
    }

    fn work_while(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        if let Some((loader, request)) = self.loading.take() {
            match loader.work(more_time) {
                Loading::Working(loader) => {
                    self.loading = Some((loader, request));
                    return false;
                }
                Loading::Ready(cursor) => self.show(*cursor, request),
                Loading::Refused(text, err) => self.refuse(text, err, request.origin),
            }
            if !more_time() {
                return !self.has_work();
            }
        }
        if !self.cursor.work(more_time) {
            return false;
        }
        self.scrap.dismantle(more_time) && !self.has_work()
    }

    /// Do all the work in hand (natively, where nothing waits on a frame).
    pub fn finish(&mut self) {
        while !self.work(|| true) {}
    }

    /// Show the run `cursor` moves over, loaded for `request`.
    fn show(&mut self, cursor: Cursor, request: Request) {
        let old = std::mem::replace(&mut self.cursor, cursor);
        old.scrap(&mut self.scrap);
        self.error = None;
        self.refused_text = None;
        self.load = request.load;
    }

    /// Say why `text`, loaded for `origin`, was refused.
    fn refuse(&mut self, text: String, err: String, origin: Origin) {
        if origin == Origin::Link {
            self.link_refusals.push(LinkRefusal::Scenario(err.clone()));
        }
        if origin != Origin::Change {
            self.refused_text = Some(text);
        }
        self.error = Some(err);
    }

    /// Put `loader` in hand in place of the one there, whose runs are taken apart in slices. A text
    /// loaded is a new load; a text changed belongs to the load of the text it changes.
    fn start(&mut self, loader: Loader, origin: Origin) {
        let load = match origin {
            Origin::Load | Origin::Link => {
                self.loads += 1;
                self.loads
            }
            Origin::Change => self
                .loading
                .as_ref()
                .map_or(self.load, |(_, request)| request.load),
        };
        if let Some((given_up, _)) = self.loading.replace((loader, Request { origin, load })) {
            given_up.scrap(&mut self.scrap);
        }
    }

    /// Load `text` (the editor's, or a tour's) from time 0; a text that does not parse stays with its
    /// error and the last scenario stays on screen.
    pub fn reload(&mut self, text: String, tour: Option<Told>) {
        self.wanted_step = None;
        self.start(Loader::told(text, tour, VirtualTime::ZERO), Origin::Load);
    }

    /// Tell `tour` (a lesson written in the app, read from `text`) over its scenario from time 0: its
    /// link carries the lesson itself.
    pub fn reload_lesson(&mut self, tour: &'static Tour, text: String) {
        self.reload(tour.scenario().to_string(), Some(Told::Lesson(tour)));
        self.set_lesson(LessonFrom::Written(text), tour);
    }

    /// Jump to a virtual time (at most the horizon), as work in hand.
    pub fn seek(&mut self, time: VirtualTime) {
        self.wanted_step = None;
        match &mut self.loading {
            Some((loader, _)) => loader.seek(time),
            None => self.cursor.seek(time),
        }
    }

    /// Go to the moment of event `index` of the run shown, as far as that event (none while another
    /// run loads: the index is of this one's).
    pub fn show_event(&mut self, index: usize) {
        if self.loading.is_none() {
            self.wanted_step = None;
            self.cursor.show_event(index);
        }
    }

    /// Go to step `index` of the tour, at its moment.
    pub fn go_to_step(&mut self, index: usize) {
        self.wanted_step = Some(index);
        match &mut self.loading {
            Some((loader, _)) => loader.go_to_step(index),
            None => self.cursor.go_to_step(index),
        }
    }

    /// Run to the next moment something is logged.
    pub fn step(&mut self) {
        self.wanted_step = None;
        if !self.busy() {
            self.cursor.step();
        }
    }

    /// Go back to the previous moment something happened.
    pub fn step_back(&mut self) {
        self.wanted_step = None;
        if !self.busy() {
            self.cursor.step_back();
        }
    }

    /// Play `real_ms` at `speed` up to `until` ([`Cursor::play`]), or do the work in hand while there is
    /// some (moved once it is done).
    pub fn play(
        &mut self,
        real_ms: f64,
        speed: usize,
        until: VirtualTime,
        mut more_time: impl FnMut() -> bool,
    ) -> Played {
        if self.busy() {
            let done = self.work_while(&mut more_time);
            return Played {
                moved: done,
                stopped: false,
            };
        }
        let played = self.cursor.play(real_ms, speed, until, &mut more_time);
        if played.moved {
            self.wanted_step = None;
        }
        played
    }

    /// Record what of the page's link could not be used.
    pub(super) fn refuse_link(&mut self, refusal: LinkRefusal) {
        self.link_refusals.push(refusal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::command::Command;

    /// Work done a few steps at a time ends where work done at once does.
    #[test]
    fn building_in_slices_ends_where_building_at_once_does() {
        let whole = Player::load(builtin::KIND_MEASURED.into(), None).expect("parses");
        let mut sliced = Player::opening(builtin::KIND_MEASURED.into(), None);
        let mut slices = 0;
        while sliced.busy() {
            sliced.work(countdown(5));
            slices += 1;
            let progress = sliced.progress();
            assert!(progress.is_none_or(|p| p.percent() <= 100), "{progress:?}");
        }
        assert!(slices > 3, "{slices}");
        let (sliced, whole) = (sliced.cursor().run(), whole.cursor().run());
        assert_eq!(sliced.horizon(), whole.horizon());
        assert_eq!(sliced.timeline().len(), whole.timeline().len());
        assert_eq!(sliced.text(), builtin::KIND_MEASURED);
    }

    /// A text is read a few lines at a time too; one refused leaves the view and says where.
    #[test]
    fn a_refused_text_read_in_slices_keeps_the_view() {
        let mut text = String::from(builtin::EXHAUSTION);
        text.push_str("node delete nowhere\n");
        let mut player = Player::default();
        player.reload(text.clone(), None);
        let mut slices = 0;
        while !player.work(countdown(3)) {
            slices += 1;
        }
        assert!(slices > 2, "{slices}");
        assert_eq!(player.cursor().run().tour(), Some(TourId::Kind));
        assert_eq!(player.text(), text);
        assert!(player
            .error()
            .is_some_and(|e| e.contains("nodes \"nowhere\" not found")));
    }

    /// An action while a scenario is still being built applies to that scenario, not the one shown.
    #[test]
    fn actions_while_building_apply_to_the_scenario_being_built() {
        let mut player = Player::default();
        player.reload(builtin::PLANNING.into(), Some(TourId::Planning.into()));
        player.apply(&[Command::NodeAdd {
            name: "node-z".into(),
            pod_cidrs: Vec::new(),
        }]);
        player.finish();
        assert!(player.text().starts_with(builtin::PLANNING.trim_end()));
        assert!(player.text().ends_with("node add node-z\n"));
        assert_eq!(player.cursor().run().tour(), None);
    }

    /// A run replaced is taken apart in slices too, after what is shown has changed.
    #[test]
    fn the_run_replaced_is_taken_apart_in_slices() {
        let mut player = Player::load(builtin::KIND_MEASURED.into(), None).expect("parses");
        player.seek(player.cursor().run().horizon());
        player.finish();
        player.reload(builtin::KIND.into(), Some(TourId::Kind.into()));
        let (mut slices, mut shown_at) = (0, None);
        while player.has_work() {
            player.work(countdown(2));
            slices += 1;
            if !player.busy() && shown_at.is_none() {
                shown_at = Some(slices);
            }
        }
        assert_eq!(player.cursor().run().tour(), Some(TourId::Kind));
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
