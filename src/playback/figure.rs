//! A figure's playback (`<podip-figure>`): its own [`Cursor`] over a [`Run`] that every figure of the
//! same scenario on the page shares ([`Runs`]). A figure shows one view (a tour step, a time, or its
//! run's end); with `autoplay` it plays up to that view when it comes on screen — from the step
//! before, so the reader sees the step happen — and holds there.

use super::{Cursor, Loader, Loading, Run, DEFAULT_SPEED};
use crate::share::figure::FigureSpec;
use crate::sim::VirtualTime;
use crate::tours::{lesson, Told, Tour, TourId};
use std::rc::Rc;

/// The lessons of the figures on a page, each read and checked once however many figures show it.
#[derive(Default)]
pub struct Lessons {
    read: Vec<(String, Result<&'static Tour, String>)>,
}

impl Lessons {
    /// The lesson `text` (named `name`, its file's stem), read and held to its run; or its problems,
    /// one a line (`line N: …`). A lesson read is kept for the page's life, as its runs are.
    pub fn read(&mut self, name: &str, text: &str) -> Result<&'static Tour, String> {
        if let Some((_, read)) = self.read.iter().find(|(t, _)| t == text) {
            return read.clone();
        }
        let read = match lesson::check(name, text) {
            Ok(checked) => Ok(&*Box::leak(Box::new(checked.lesson.tour))),
            Err(problems) => Err(problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")),
        };
        self.read.push((text.to_string(), read.clone()));
        read
    }
}

/// The runs of the figures on a page, one per scenario.
#[derive(Default)]
pub struct Runs {
    runs: Vec<Rc<Run>>,
}

impl Runs {
    /// A cursor at the start of the run of `text` (the tour `tour`, if any): the run already built for
    /// another figure, or built now; the scenario's error (`line N: …`) if it does not read.
    pub fn cursor(&mut self, text: &str, tour: Option<TourId>) -> Result<Cursor, String> {
        self.told_cursor(text, tour.map(Told::from))
    }

    /// [`Runs::cursor`] of a run told by a built-in tour or a lesson.
    pub fn told_cursor(&mut self, text: &str, tour: Option<Told>) -> Result<Cursor, String> {
        if let Some(run) = self
            .runs
            .iter()
            .find(|run| run.text() == text && run.teller() == tour)
        {
            return Ok(Cursor::new(run.clone()));
        }
        let mut loader = Loader::told(text.to_string(), tour, VirtualTime::ZERO);
        loop {
            match loader.work(&mut || true) {
                Loading::Working(next) => loader = next,
                Loading::Ready(cursor) => {
                    self.runs.push(cursor.run().clone());
                    return Ok(*cursor);
                }
                Loading::Refused(_, err) => return Err(err),
            }
        }
    }

    /// How many runs are built.
    pub fn len(&self) -> usize {
        self.runs.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }
}

/// One figure's playback.
pub struct Figure {
    cursor: Cursor,
    /// The view it shows: where autoplay ends.
    view: VirtualTime,
    /// Where autoplay starts: the step before the view's (the run's start for a time, or the first step).
    from: VirtualTime,
    /// Playing until: the view (autoplay) or the run's end (the reader pressed play).
    until: Option<VirtualTime>,
    /// Autoplay has played (or was given up for the reader's own moves): it does not start again.
    autoplayed: bool,
}

impl Figure {
    /// The figure `spec` at its view, its run shared through `runs`.
    pub fn open(runs: &mut Runs, spec: &FigureSpec) -> Result<Figure, String> {
        let (text, tour) = spec
            .scenario()
            .ok_or("a lesson's figure is drawn once its lesson is read")?;
        Figure::open_told(runs, spec, text, tour.map(Told::from))
    }

    /// The figure `spec` of the lesson `lesson` (read by [`Lessons::read`]) at its view: its step
    /// `spec.step`, which the lesson must have.
    pub fn open_lesson(
        runs: &mut Runs,
        spec: &FigureSpec,
        lesson: &'static Tour,
    ) -> Result<Figure, String> {
        let steps = lesson.steps.len();
        if let Some(step) = spec.step.filter(|&step| step >= steps) {
            return Err(format!(
                "step={} is past the lesson's last step ({steps})",
                step + 1
            ));
        }
        Figure::open_told(runs, spec, lesson.scenario(), Some(Told::Lesson(lesson)))
    }

    /// The figure `spec` of the run of `text` told by `tour` (a built-in tour or a lesson, whose step
    /// `spec.step` it shows), at its view.
    pub fn open_told(
        runs: &mut Runs,
        spec: &FigureSpec,
        text: &str,
        tour: Option<Told>,
    ) -> Result<Figure, String> {
        let mut cursor = runs.told_cursor(text, tour)?;
        let run = cursor.run().clone();
        let (from, view) = match (spec.step, spec.time) {
            (Some(step), _) => (
                step.checked_sub(1)
                    .and_then(|before| run.step_time(before))
                    .unwrap_or(VirtualTime::ZERO),
                run.step_time(step).unwrap_or(run.horizon()),
            ),
            (None, Some(time)) => (VirtualTime::ZERO, time.min(run.horizon())),
            (None, None) => (VirtualTime::ZERO, run.horizon()),
        };
        match spec.step {
            Some(step) => cursor.go_to_step(step),
            None => cursor.seek(view),
        }
        cursor.finish();
        Ok(Figure {
            cursor,
            view,
            from,
            until: None,
            autoplayed: !spec.autoplay,
        })
    }

    /// The cursor shown.
    pub fn cursor(&self) -> &Cursor {
        &self.cursor
    }

    /// Whether it is playing.
    pub fn playing(&self) -> bool {
        self.until.is_some()
    }

    /// It came on screen: an autoplay not yet played starts from the step before its view.
    pub fn on_screen(&mut self) {
        if !self.autoplayed {
            self.autoplayed = true;
            self.cursor.seek(self.from);
            self.cursor.finish();
            self.until = Some(self.view);
        }
    }

    /// Play to the run's end from here (from the start when at the end), or pause.
    pub fn toggle_play(&mut self) {
        self.autoplayed = true;
        if self.until.take().is_some() {
            return;
        }
        if self.cursor.at_end() {
            self.cursor.seek(VirtualTime::ZERO);
            self.cursor.finish();
        }
        self.until = Some(self.cursor.run().horizon());
    }

    /// The next (`forward`) or previous step of its tour; the next or previous event without one.
    /// Playing stops.
    pub fn step(&mut self, forward: bool) {
        self.autoplayed = true;
        self.until = None;
        let run = self.cursor.run().clone();
        let current = self.cursor.current_step();
        let target = match (forward, current) {
            (true, None) => Some(0),
            (true, Some(i)) => Some(i + 1),
            (false, Some(i)) => i.checked_sub(1),
            (false, None) => None,
        }
        .filter(|&i| run.step_time(i).is_some());
        match (run.step_times().is_empty(), target) {
            (false, Some(index)) => self.cursor.go_to_step(index),
            (false, None) if !forward => self.cursor.seek(VirtualTime::ZERO),
            (false, None) => {}
            (true, _) if forward => self.cursor.step(),
            (true, _) => self.cursor.step_back(),
        }
        self.cursor.finish();
    }

    /// Entered by a press forward (a reveal.js fragment shown): its step's motion plays at 1× up to the
    /// last millisecond before the next step's moment, as a press in the app plays it, in place of
    /// autoplay.
    pub fn entered_forward(&mut self) {
        let step = self.cursor.current_step();
        if let Some(until) = step.and_then(|step| self.cursor.run().motion_until(step)) {
            self.autoplayed = true;
            self.until = Some(until);
        }
    }

    /// Play `real_ms` at 1× up to where it plays to, the moments held on screen as the app holds them,
    /// while `more_time()`; whether the picture or the step shown moved.
    pub fn tick(&mut self, real_ms: f64, more_time: &mut dyn FnMut() -> bool) -> bool {
        let Some(until) = self.until else {
            return false;
        };
        let played = self.cursor.play(real_ms, DEFAULT_SPEED, until, more_time);
        if played.stopped {
            self.until = None;
        }
        played.moved
    }

    /// Whether it can go a step back, and forward.
    pub fn can_step(&self) -> (bool, bool) {
        let now = self.cursor.now();
        let run = self.cursor.run();
        (now > VirtualTime::ZERO, now < run.horizon())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::figure::FigureSpec;

    fn spec(attributes: &[(&str, &str)], inline: Option<&str>) -> FigureSpec {
        FigureSpec::read_pairs(attributes, inline, None).expect("a figure")
    }

    /// A lesson of two steps on the built-in kind scenario.
    const LESSON: &str = "# Pod a\n\n- scenario: `kind`\n\nA pod gets an address.\n\n## a-reserved\n\n- waits for: `IPAMReserve pod/a`\n\nhost-local reserves .2.\n\n## a-route\n\n- waits for: `RouteAdded pod/a`\n\nptp adds its route.\n";

    #[test]
    fn figures_of_one_lesson_share_its_reading_and_its_run() {
        let (mut lessons, mut runs) = (Lessons::default(), Runs::default());
        let tour = lessons.read("mine", LESSON).expect("reads");
        assert!(std::ptr::eq(
            tour,
            lessons.read("other", LESSON).expect("read once")
        ));
        let lesson_spec = |step: &str| {
            FigureSpec::read_with_lesson(
                |name| (name == "step").then(|| step.to_string()),
                None,
                Some(LESSON),
                None,
            )
            .expect("a figure")
        };
        let a = Figure::open_lesson(&mut runs, &lesson_spec("1"), tour).expect("step 1");
        let b = Figure::open_lesson(&mut runs, &lesson_spec("2"), tour).expect("step 2");
        assert_eq!(runs.len(), 1);
        assert!(Rc::ptr_eq(a.cursor().run(), b.cursor().run()));
        assert_eq!(
            (a.cursor().current_step(), b.cursor().current_step()),
            (Some(0), Some(1))
        );
        assert_eq!(
            Figure::open_lesson(&mut runs, &lesson_spec("3"), tour).err(),
            Some("step=3 is past the lesson's last step (2)".to_string())
        );
        let broken = LESSON.replace("IPAMReserve", "IPAMReserved");
        let problems = lessons.read("mine", &broken).expect_err("broken");
        assert!(
            problems.starts_with("line 9: no event reason IPAMReserved"),
            "{problems}"
        );
        assert!(
            Figure::open(&mut runs, &lesson_spec("1")).is_err(),
            "a lesson opens by its lesson"
        );
    }

    #[test]
    fn figures_of_one_scenario_share_its_run_each_at_its_own_time() {
        let mut runs = Runs::default();
        let a =
            Figure::open(&mut runs, &spec(&[("tour", "kind"), ("step", "3")], None)).expect("a");
        let b =
            Figure::open(&mut runs, &spec(&[("tour", "kind"), ("step", "8")], None)).expect("b");
        let c = Figure::open(&mut runs, &spec(&[("tour", "planning")], None)).expect("c");
        assert_eq!(runs.len(), 2);
        assert!(Rc::ptr_eq(a.cursor().run(), b.cursor().run()));
        assert!(!Rc::ptr_eq(a.cursor().run(), c.cursor().run()));
        assert_eq!(a.cursor().current_step(), Some(2));
        assert_eq!(b.cursor().current_step(), Some(7));
        assert_eq!(
            b.cursor().now(),
            b.cursor().run().step_time(7).expect("step 8 happens")
        );
        assert!(c.cursor().at_end(), "no step or time: the run's end");
    }

    #[test]
    fn autoplay_plays_the_step_from_the_one_before_and_holds_at_its_view() {
        let mut runs = Runs::default();
        let mut figure = Figure::open(
            &mut runs,
            &spec(&[("tour", "kind"), ("step", "8"), ("autoplay", "")], None),
        )
        .expect("a figure");
        let run = figure.cursor().run().clone();
        let (before, view) = (run.step_time(6).expect("7"), run.step_time(7).expect("8"));
        assert_eq!(
            figure.cursor().now(),
            view,
            "the view before it is on screen"
        );
        figure.on_screen();
        assert_eq!(figure.cursor().now(), before);
        assert!(figure.playing());
        let mut frames = 0;
        while figure.playing() {
            figure.tick(16.0, &mut || true);
            frames += 1;
            assert!(figure.cursor().now() <= view, "never past its view");
            assert!(frames < 100_000, "it gets there");
        }
        assert_eq!(figure.cursor().now(), view);
        figure.on_screen();
        assert!(!figure.playing(), "once");
    }

    #[test]
    fn autoplay_of_a_step_sharing_its_moment_with_the_one_before_ends_at_once() {
        let mut runs = Runs::default();
        let mut figure = Figure::open(
            &mut runs,
            &spec(&[("tour", "kind"), ("step", "6"), ("autoplay", "")], None),
        )
        .expect("a figure");
        let run = figure.cursor().run().clone();
        assert_eq!(
            run.step_time(4),
            run.step_time(5),
            "kind's steps 5 and 6 are one moment"
        );
        figure.on_screen();
        assert!(figure.playing());
        assert!(!figure.tick(100.0, &mut || true), "nothing moves");
        assert!(!figure.playing(), "and it is over");
        assert_eq!(figure.cursor().current_step(), Some(5));
    }

    #[test]
    fn playing_through_steps_that_share_a_moment_shows_each_in_turn() {
        let mut runs = Runs::default();
        let mut figure = Figure::open(&mut runs, &spec(&[("tour", "kind"), ("step", "3")], None))
            .expect("a figure");
        let run = figure.cursor().run().clone();
        assert!(run.step_time(3) == run.step_time(5) && run.step_time(2) < run.step_time(3));
        figure.toggle_play();
        let mut shown = vec![figure.cursor().current_step()];
        let mut frames = 0;
        while figure.cursor().now() < run.step_time(6).expect("step 7") {
            if figure.tick(16.0, &mut || true) {
                shown.push(figure.cursor().current_step());
            }
            frames += 1;
            assert!(frames < 100_000, "it gets there");
        }
        shown.dedup();
        assert_eq!(
            shown,
            [2, 3, 4, 5, 6].map(Some),
            "kind's steps 4, 5 and 6 are one moment, each shown"
        );
    }

    #[test]
    fn steps_walk_the_tour_or_the_events_of_a_scenario_of_its_own() {
        let mut runs = Runs::default();
        let mut tour =
            Figure::open(&mut runs, &spec(&[("tour", "kind"), ("step", "2")], None)).expect("tour");
        tour.step(true);
        assert_eq!(tour.cursor().current_step(), Some(2));
        tour.step(false);
        tour.step(false);
        assert_eq!(tour.cursor().current_step(), Some(0));
        tour.step(false);
        assert_eq!(
            tour.cursor().now(),
            VirtualTime::ZERO,
            "before the first step: the start"
        );
        let text =
            "cluster --cluster-cidr=10.244.0.0/16\nnode add a\nwait 1s\npod add x --node=a\n";
        let mut own = Figure::open(&mut runs, &spec(&[("t", "0s")], Some(text))).expect("own");
        assert_eq!(own.can_step(), (false, true));
        own.step(true);
        assert!(own.cursor().now() > VirtualTime::ZERO);
        own.step(false);
        assert_eq!(own.cursor().now(), VirtualTime::ZERO);
    }

    #[test]
    fn a_scenario_that_does_not_read_says_its_line() {
        let mut runs = Runs::default();
        let text = "cluster --cluster-cidr=10.244.0.0/16\nfly away\n";
        let err = Figure::open(&mut runs, &spec(&[], Some(text))).err();
        assert!(
            err.as_ref().is_some_and(|e| e.starts_with("line 2:")),
            "{err:?}"
        );
        assert!(runs.is_empty());
    }

    /// A fragment entered forward plays the step's motion, b's countdown at 1×, to the last
    /// millisecond before CNI DEL, still at b deleted; where the next step shares the moment, nothing.
    #[test]
    fn a_step_entered_forward_plays_its_motion_to_before_the_next_step() {
        let mut runs = Runs::default();
        let mut figure = Figure::open(&mut runs, &spec(&[("tour", "kind"), ("step", "8")], None))
            .expect("a figure");
        let deleted = figure.cursor().current_step().expect("b deleted");
        let until = figure.cursor().run().before_step(deleted + 1);
        let mut times = vec![figure.cursor().now()];
        figure.entered_forward();
        figure.on_screen();
        for _ in 0..100 {
            if !figure.playing() {
                break;
            }
            if figure.tick(100.0, &mut || true) {
                times.push(figure.cursor().now());
            }
        }
        assert!(!figure.playing());
        assert_eq!(Some(figure.cursor().now()), until);
        assert_eq!(figure.cursor().current_step(), Some(deleted));
        assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
        assert!(times.len() >= 15, "{times:?}");

        let mut veth = Figure::open(&mut runs, &spec(&[("tour", "kind"), ("step", "5")], None))
            .expect("a figure");
        veth.entered_forward();
        assert!(!veth.playing(), "a's route comes at the same moment");
    }

    #[test]
    fn play_runs_to_the_end_and_pauses() {
        let mut runs = Runs::default();
        let mut figure = Figure::open(&mut runs, &spec(&[("tour", "kind"), ("step", "1")], None))
            .expect("a figure");
        figure.toggle_play();
        assert!(figure.playing());
        assert!(figure.tick(5_000.0, &mut || true));
        figure.toggle_play();
        assert!(!figure.playing());
        assert!(!figure.tick(5_000.0, &mut || true), "paused: nothing moves");
    }
}
