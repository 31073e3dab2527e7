//! The page's playback: the run shown and its [`Cursor`], a [`Loader`] building the next run while
//! the page keeps showing this one, and what the learner's last change left (the text refused and
//! why). Loading and moving back happen in slices ([`Player::work`]) so a page never blocks; the run
//! shown is replaced whole once the next one is ready.

use super::cursor::Cursor;
use super::loader::{Loader, Loading};
use super::run::Run;
use super::scrap::Scrap;
use super::slices::Progress;
use super::{with_preamble, LinkRefusal};
use crate::sim::command::Command;
use crate::sim::{builtin, VirtualDuration, VirtualTime};
use crate::sim::{ClusterSettings, DeletionMode};
use crate::tours::TourId;
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
    /// Runs done with, taken apart in slices.
    scrap: Scrap,
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

/// What a change builds on.
struct Latest<'a> {
    text: &'a str,
    /// The scenario's end.
    end: VirtualTime,
    /// The time shown.
    time: VirtualTime,
    tour: Option<TourId>,
    tour_step: Option<usize>,
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
            scrap: Scrap::default(),
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
        let mut player = Player::default();
        player.start(Loader::new(text, tour, VirtualTime::ZERO), Origin::Link);
        player
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

    /// Read a text in hand to its end at once: a change made while one is read builds on it.
    fn settle_reading(&mut self) {
        if let Some((loader, request)) = self.loading.take() {
            match loader.read() {
                Loading::Working(loader) => self.loading = Some((loader, request)),
                Loading::Ready(cursor) => self.show(*cursor, request),
                Loading::Refused(text, err) => self.refuse(text, err, request.origin),
            }
        }
    }

    /// What a change builds on: the scenario being built (its text read), or the one shown.
    fn latest(&self) -> Latest<'_> {
        match &self.loading {
            Some((loader, _)) => Latest {
                text: loader.text(),
                end: loader.scenario_end(),
                time: loader.show_at(),
                tour: loader.tour(),
                tour_step: loader.tour_step(),
            },
            None => Latest {
                text: self.text(),
                end: self.cursor.run().scenario().end,
                time: self.cursor.target(),
                tour: self.cursor.run().tour(),
                tour_step: self.cursor.tour_step(),
            },
        }
    }

    /// Load `text` (the editor's, or a tour's) from time 0; a text that does not parse stays with its
    /// error and the last scenario stays on screen.
    pub fn reload(&mut self, text: String, tour: Option<TourId>) {
        self.start(Loader::new(text, tour, VirtualTime::ZERO), Origin::Load);
    }

    /// Run `commands` at the current time (the end of the scenario, if the learner scrubbed back
    /// before it): they become lines of the scenario, so what a learner did can be replayed. A command
    /// the scenario refuses leaves everything as it was, with the error.
    pub fn apply(&mut self, commands: &[Command]) {
        self.settle_reading();
        let latest = self.latest();
        let end = latest.end;
        let at = latest.time.max(end);
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
        let step = latest.tour_step;
        self.change(text, at, None, step);
    }

    /// Put `settings` in force: the scenario's preamble (`set del-lag`, `set seed`, `cluster`) is
    /// written from them, and the story replays to the same time.
    pub fn set_settings(&mut self, settings: ClusterSettings) {
        self.settle_reading();
        self.deletion_mode = settings.deletion_mode;
        if settings.preamble() == self.settings().preamble() {
            return;
        }
        let latest = self.latest();
        let text = with_preamble(latest.text, &settings.preamble());
        let (time, tour, step) = (latest.time, latest.tour, latest.tour_step);
        self.change(text, time, tour, step);
    }

    /// Replace the text (with `tour` still loaded, or none) and replay to `time` at tour step `step`; a
    /// text the scenario refuses leaves everything as it was, with the error.
    fn change(
        &mut self,
        text: String,
        time: VirtualTime,
        tour: Option<TourId>,
        step: Option<usize>,
    ) {
        let loader = Loader::new(text, tour, time).at_step(step);
        self.start(loader, Origin::Change);
    }

    /// Jump to a virtual time (at most the horizon), as work in hand.
    pub fn seek(&mut self, time: VirtualTime) {
        match &mut self.loading {
            Some((loader, _)) => loader.seek(time),
            None => self.cursor.seek(time),
        }
    }

    /// Go to step `index` of the tour, at its moment.
    pub fn go_to_step(&mut self, index: usize) {
        match &mut self.loading {
            Some((loader, _)) => loader.go_to_step(index),
            None => self.cursor.go_to_step(index),
        }
    }

    /// Run to the next moment something is logged.
    pub fn step(&mut self) {
        if !self.busy() {
            self.cursor.step();
        }
    }

    /// Go back to the previous moment something happened.
    pub fn step_back(&mut self) {
        if !self.busy() {
            self.cursor.step_back();
        }
    }

    /// Play `real_ms` at `speed` ([`Cursor::play`]), or do the work in hand while there is some.
    pub fn play(
        &mut self,
        real_ms: f64,
        speed: usize,
        mut more_time: impl FnMut() -> bool,
    ) -> bool {
        if self.busy() {
            return self.work_while(&mut more_time);
        }
        self.cursor.play(real_ms, speed, &mut more_time)
    }

    /// Record what of the page's link could not be used.
    pub(super) fn refuse_link(&mut self, refusal: LinkRefusal) {
        self.link_refusals.push(refusal);
    }

    /// Settle a link's scenario at once: its settings go over it.
    pub(super) fn read_now(&mut self) {
        self.settle_reading();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playback::DEFAULT_SPEED;
    use crate::tours::TourId;

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
        player.reload(builtin::PLANNING.into(), Some(TourId::Planning));
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
        player.reload(builtin::KIND.into(), Some(TourId::Kind));
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

    #[test]
    fn a_settings_change_rewrites_the_preamble_and_keeps_the_rest() {
        let text = "# a story\nset del-lag=2.3s\ncluster --cluster-cidr=10.244.0.0/16\nnode add a\nwait 1s\n";
        let mut player = Player::load(text.into(), None).expect("parses");
        let mut settings = player
            .settings()
            .draft()
            .with_flag(crate::ipam::kcm::KcmFlag::NodeCidrMaskSize, "23".into())
            .validate(&player.settings())
            .expect("valid");
        settings.knobs.del_lag = VirtualDuration::from_millis(5000);
        player.set_settings(settings);
        player.finish();
        assert_eq!(
            player.text(),
            "set del-lag=5s\ncluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=23\n# a story\nnode add a\nwait 1s\n"
        );
        assert_eq!(player.settings().config.node_cidr_mask_sizes, vec![23]);
    }

    #[test]
    fn an_action_is_a_line_at_the_current_time() {
        let mut player = Player::default();
        player.seek(player.cursor().run().horizon());
        player.finish();
        let run = player.cursor().run();
        let gap = run.horizon() - run.scenario().end;
        player.apply(&[Command::NodeAdd {
            name: "node-1".into(),
            pod_cidrs: Vec::new(),
        }]);
        player.finish();
        assert!(player.error().is_none(), "{:?}", player.error());
        assert!(player
            .text()
            .ends_with(&format!("wait {gap}\nnode add node-1\n")));
        assert_eq!(player.cursor().run().tour(), None);
    }

    #[test]
    fn a_refused_action_changes_nothing() {
        let mut player = Player::default();
        let text = player.text().to_string();
        player.apply(&[Command::NodeDelete {
            name: "nope".into(),
        }]);
        player.finish();
        assert_eq!(player.text(), text);
        assert!(player
            .error()
            .is_some_and(|e| e.contains("nodes \"nope\" not found")));
    }

    /// The deletion mode is the learner's, kept across loads; it writes nothing in the scenario.
    #[test]
    fn the_deletion_mode_outlives_a_load_and_changes_no_text() {
        let mut player = Player::default();
        let text = player.text().to_string();
        let mut settings = player.settings();
        settings.deletion_mode = DeletionMode::Graceful;
        player.set_settings(settings);
        player.finish();
        assert_eq!(player.text(), text);
        player.reload(builtin::PLANNING.into(), Some(TourId::Planning));
        player.finish();
        assert_eq!(player.settings().deletion_mode, DeletionMode::Graceful);
    }

    // A cursor over a run.

    #[test]
    fn the_kind_tour_steps_forward_and_names_the_step_it_is_at() {
        let mut cursor = Cursor::new(Player::default().cursor().run().clone());
        assert_eq!(cursor.current_step(), None);
        let times = cursor.run().step_times().to_vec();
        assert!(times.len() >= 2 && times.iter().all(Option::is_some));
        cursor.go_to_step(1);
        cursor.finish();
        assert_eq!(cursor.current_step(), Some(1));
        assert_eq!(Some(cursor.now()), times[1]);
    }

    /// Two cursors over one run move each on its own.
    #[test]
    fn cursors_over_one_run_move_on_their_own() {
        let run = Player::default().cursor().run().clone();
        let (mut first, mut second) = (Cursor::new(run.clone()), Cursor::new(run));
        first.seek(VirtualTime(4_000));
        first.finish();
        second.go_to_step(1);
        second.finish();
        assert_eq!(first.now(), VirtualTime(4_000));
        assert_eq!(Some(second.now()), second.run().step_time(1));
        assert!(Rc::ptr_eq(first.run(), second.run()));
    }

    /// While a rewind is in hand the view keeps its time; a later seek takes over the same run.
    #[test]
    fn a_rewind_shows_the_old_time_until_it_is_done() {
        let mut cursor = Player::load(builtin::KIND_MEASURED.into(), None)
            .expect("parses")
            .into_cursor();
        cursor.seek(cursor.run().horizon());
        cursor.finish();
        let end = cursor.now();
        cursor.seek(VirtualTime(2_000));
        assert!(!cursor.work(&mut countdown(1)));
        assert_eq!(cursor.now(), end);
        cursor.seek(VirtualTime(3_000));
        cursor.finish();
        assert_eq!(cursor.now(), VirtualTime(3_000));
    }

    /// The files kind-worker's stage shows.
    fn worker_files(cursor: &Cursor) -> Vec<String> {
        let stage = cursor.stage(None, None);
        let worker = stage
            .nodes
            .iter()
            .flatten()
            .find(|n| n.name == "kind-worker");
        worker.map(|n| n.files.clone()).unwrap_or_default()
    }

    /// Steps of one moment stand each right after its own event: at pod a's reservation only a's file
    /// (b's and c's come later at that moment), at a's veth no route yet; stepping back within the
    /// moment and out of it again shows the same.
    #[test]
    fn a_step_stands_right_after_its_event_within_its_moment() {
        let mut cursor = Player::default().into_cursor();
        let tour = TourId::Kind.tour();
        let step = |id| tour.step_index(id).expect("a kind step");
        let a_route = |cursor: &Cursor| {
            let stage = cursor.stage(None, None);
            let worker = stage
                .nodes
                .iter()
                .flatten()
                .find(|n| n.name == "kind-worker");
            worker
                .and_then(|n| n.pods.iter().find(|p| p.name == "a"))
                .map(|a| (a.veth.is_some(), a.routes.len()))
        };
        for _ in 0..2 {
            cursor.go_to_step(step("a-reserved"));
            cursor.finish();
            assert_eq!(
                worker_files(&cursor),
                ["10.244.1.2", "last_reserved_ip.0", "lock"]
            );
            assert_eq!(a_route(&cursor), Some((false, 0)));
            cursor.go_to_step(step("a-veth"));
            cursor.finish();
            assert_eq!(a_route(&cursor), Some((true, 0)));
            cursor.go_to_step(step("c-running"));
            cursor.finish();
            assert_eq!(worker_files(&cursor).len(), 5);
        }
        cursor.go_to_step(step("a-route"));
        cursor.finish();
        assert_eq!(a_route(&cursor), Some((true, 1)));
        assert_eq!(cursor.current_step(), Some(step("a-route")));
        assert_eq!(
            worker_files(&cursor).len(),
            3,
            "b's and c's come later at that moment"
        );
    }

    /// Each step's source line is the upstream function its event models.
    #[test]
    fn a_steps_source_is_the_upstream_code_of_its_event() {
        let cursor = Player::default().into_cursor();
        let tour = TourId::Kind.tour();
        let source = |id| {
            let index = tour.step_index(id).expect("a kind step");
            cursor.run().step_source(index).expect("a source").function
        };
        assert_eq!(source("a-reserved"), "Get");
        assert_eq!(source("a-veth"), "setupContainerVeth");
    }

    /// Playing at 1× walks a moment's steps in order, each held on screen, then the rest of the moment:
    /// a's file alone, then b's and c's.
    #[test]
    fn playing_walks_the_steps_of_a_moment_then_the_rest_of_it() {
        let mut cursor = Player::default().into_cursor();
        let tour = TourId::Kind.tour();
        let a_reserved = tour.step_index("a-reserved").expect("a kind step");
        cursor.go_to_step(a_reserved - 1);
        cursor.finish();
        let mut seen: Vec<(Option<usize>, usize)> = Vec::new();
        for _ in 0..400 {
            cursor.play(50.0, DEFAULT_SPEED, &mut || true);
            let shown = (cursor.tour_step(), worker_files(&cursor).len());
            if seen.last() != Some(&shown) {
                seen.push(shown);
            }
            if worker_files(&cursor).len() == 5 {
                break;
            }
        }
        let at = |id| tour.step_index(id);
        assert_eq!(
            seen.into_iter()
                .filter(|(step, _)| step.is_some())
                .collect::<Vec<_>>(),
            [
                (at("conflist-written"), 0),
                (at("a-reserved"), 3),
                (at("a-veth"), 3),
                (at("a-route"), 3),
                (at("a-route"), 5),
            ],
            "then the rest of the moment, b's and c's files, under the last step's words"
        );
    }

    fn countdown(mut n: u32) -> impl FnMut() -> bool {
        move || {
            n = n.saturating_sub(1);
            n > 0
        }
    }
}
