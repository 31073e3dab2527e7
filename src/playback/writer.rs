//! "Write a lesson": the draft being written ([`Draft`]), the file it writes and that file's problems
//! at their lines, checked against the run after every edit; and the event of the run shown a new
//! step waits for — the one picked in the log, or the last at the playhead.

use super::Cursor;
use crate::sim::{Event, EventLog, ObjectKind};
use crate::tours::lesson::draft::{insertion_point, Draft, Edit};
use crate::tours::lesson::{self, reasons, Problem};
use crate::tours::{Shows, Tour, TourId};

/// The lesson being written, its file, and that file checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Writer {
    /// What the author wrote.
    draft: Draft,
    /// The draft as a lesson file.
    text: String,
    /// The file checked: the tour it tells, or its problems at their lines.
    checked: Result<Tour, Vec<Problem>>,
    /// The step the last edit added, for the page to put the author in its words.
    added: Option<usize>,
    /// The part of the lesson each line of the file writes (the first line's at 0).
    parts: Vec<Part>,
    /// The step being edited, which the learner's view shows.
    following: Option<usize>,
    /// The thing last picked on the stage, as a step's `shows` names it (`pod:a@kind-worker`).
    thing: Option<String>,
}

/// A part of the lesson, as its file writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The title and the introduction.
    Head,
    /// The scenario: its name, or its fenced text.
    Scenario,
    /// A step, with the question before it.
    Step(usize),
    /// The sources.
    Sources,
}

/// A thing picked on the stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Thing {
    /// A node, by name.
    Node(String),
    /// A pod, by name.
    Pod(String),
    /// host-local's IP file on a node: the node, and the file's name (its address).
    IpFile(String, String),
}

impl Thing {
    /// Whether `event` is about it: its object's (`pod/a`), or for a file, a step on its node that
    /// reserves or releases it.
    fn touched_by(&self, event: &Event) -> bool {
        let object = |kind: ObjectKind, name: &str| {
            event.object.kind() == kind && event.object.name() == name
        };
        match self {
            Thing::Node(node) => object(ObjectKind::Node, node),
            Thing::Pod(pod) => object(ObjectKind::Pod, pod),
            Thing::IpFile(node, file) => {
                event.node.as_deref() == Some(node.as_str())
                    && event.touched().ip_file.as_deref() == Some(file.as_str())
            }
        }
    }

    /// Its name in a step's `shows`, on `node`: `pod:a@kind-worker`, `ip-file:10.244.1.2@kind-worker`.
    fn shows(&self, node: &str) -> String {
        let shows = match self {
            Thing::Node(node) => Shows::Node(node),
            Thing::Pod(pod) => Shows::Pod(pod),
            Thing::IpFile(_, file) => Shows::IpFile(file),
        };
        format!("{shows}@{node}")
    }
}

/// The event a step added now would wait for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picked {
    /// Its index in the run's events.
    pub index: usize,
    /// `REASON OBJECT`, as a step waits for it.
    pub waits_for: String,
}

impl Writer {
    /// The writer of `draft`.
    pub fn new(draft: Draft) -> Writer {
        let text = draft.write();
        let checked = lesson::check("lesson", &text).map(|checked| checked.lesson.tour);
        Writer {
            parts: parts(&text),
            draft,
            text,
            checked,
            added: None,
            following: None,
            thing: None,
        }
    }

    /// A writer starting from the built-in lesson `from` (its file as this build holds it, with the
    /// translations of the catalogs installed where it has none), or from an empty lesson.
    pub fn starting_from(from: Option<TourId>) -> Writer {
        #[allow(unused_mut)] // Natively a built-in's file holds its translations.
        let mut draft = from
            .and_then(|id| Draft::read(id.source()).ok())
            .unwrap_or_else(Draft::empty);
        #[cfg(target_arch = "wasm32")]
        draft.translate(|lang, en| crate::i18n::catalog::lookup(lang, en).map(str::to_string));
        Writer::new(draft)
    }

    /// What the author wrote.
    pub fn draft(&self) -> &Draft {
        &self.draft
    }

    /// The lesson file.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The file's problems, in the order of their lines (none when it checks).
    pub fn problems(&self) -> &[Problem] {
        self.checked.as_ref().err().map_or(&[], Vec::as_slice)
    }

    /// The tour the file tells, when it checks: what a learner is shown.
    pub fn tour(&self) -> Option<&Tour> {
        self.checked.as_ref().ok()
    }

    /// The step the last edit added, if it added one.
    pub fn added(&self) -> Option<usize> {
        self.added
    }

    /// The problems at the lines of `part`.
    pub fn problems_in(&self, part: Part) -> impl Iterator<Item = &Problem> {
        let parts = &self.parts;
        self.problems()
            .iter()
            .filter(move |p| p.line.checked_sub(1).and_then(|at| parts.get(at)) == Some(&part))
    }

    /// The step being edited, which the learner's view shows.
    pub fn following(&self) -> Option<usize> {
        self.following.filter(|&step| step < self.draft.steps.len())
    }

    /// Follow step `step`: the learner's view shows it.
    pub fn follow(&mut self, step: usize) {
        self.following = Some(step);
    }

    /// The thing last picked on the stage, as a step's `shows` names it.
    pub fn thing(&self) -> Option<&str> {
        self.thing.as_deref()
    }

    /// Do `edit`, then write and check the file again; a step added is followed.
    pub fn edit(&mut self, edit: Edit) {
        let added = match &edit {
            Edit::AddStep { at, .. } => Some((*at).min(self.draft.steps.len())),
            _ => None,
        };
        let mut draft = std::mem::replace(&mut self.draft, Draft::empty());
        draft.edit(edit);
        let (following, thing) = (added.or(self.following), self.thing.take());
        *self = Writer::new(draft);
        (self.added, self.following, self.thing) = (added, following, thing);
    }

    /// The event of `cursor`'s run (this lesson's) step `step` waits for, searched after the
    /// previous steps' as the learner's run finds them.
    pub fn step_event(&self, cursor: &Cursor, step: usize) -> Option<usize> {
        if !self.runs_here(cursor) {
            return None;
        }
        place(&self.draft, cursor.run().timeline())
            .get(step)
            .copied()
            .flatten()
    }

    /// Pick `thing` on `cursor`'s stage: the event of the run a step about it waits for — its
    /// next event from the playhead, else its last before — kept with its name for `shows` (on the
    /// node of its events).
    pub fn pick(&mut self, cursor: &Cursor, thing: &Thing) -> Option<usize> {
        if !self.runs_here(cursor) {
            return None;
        }
        let of_it = |e: &Event| thing.touched_by(e);
        let timeline = cursor.run().timeline();
        let from = cursor.shown_events();
        let next = timeline.since(from).position(of_it);
        let index = next.map(|at| from + at).or_else(|| {
            (0..from)
                .rev()
                .find(|&at| timeline.get(at).is_some_and(of_it))
        })?;
        let node = (timeline.since(index).chain(timeline.iter()))
            .filter(|e| of_it(e))
            .find_map(|e| e.node.as_ref())?;
        self.thing = Some(thing.shows(node));
        Some(index)
    }

    /// Whether `cursor` runs this lesson's scenario (a step can be added at its events).
    pub fn runs_here(&self, cursor: &Cursor) -> bool {
        self.draft.scenario_text() == Some(cursor.run().text())
    }

    /// The event a step added now waits for, in `cursor`'s run (this lesson's): the event `selected`
    /// in the log, else the last one shown at the playhead.
    pub fn picked(&self, cursor: &Cursor, selected: Option<usize>) -> Option<Picked> {
        if !self.runs_here(cursor) {
            return None;
        }
        let index = selected.or(cursor.shown_events().checked_sub(1))?;
        let event = cursor.events().get(index)?;
        Some(Picked {
            index,
            waits_for: waits_for(event),
        })
    }

    /// Add a step waiting for `picked`, after the steps whose events come at or before it in
    /// `cursor`'s run.
    pub fn add_step(&mut self, cursor: &Cursor, picked: Picked) {
        let placed = place(&self.draft, cursor.events());
        self.edit(Edit::AddStep {
            at: insertion_point(&placed, picked.index),
            waits_for: picked.waits_for,
        });
    }
}

/// The part of the lesson each line of `text`, a file [`Draft::write`] wrote, belongs to.
fn parts(text: &str) -> Vec<Part> {
    let (mut part, mut steps, mut fence) = (Part::Head, 0, None::<&str>);
    text.lines()
        .map(|line| {
            if let Some(close) = fence {
                fence = (line.trim_end() != close).then_some(close);
                return Part::Scenario;
            }
            if part == Part::Head && line.starts_with("```") && line.ends_with("podip") {
                fence = line.strip_suffix("podip");
                return Part::Scenario;
            }
            if part == Part::Head && line.starts_with("- scenario:") {
                return Part::Scenario;
            }
            match line.strip_prefix("## ") {
                Some("Sources") => part = Part::Sources,
                // A question goes with the step after it.
                Some("Question") => part = Part::Step(steps),
                Some(_) => {
                    part = Part::Step(steps);
                    steps += 1;
                }
                None => {}
            }
            part
        })
        .collect()
}

/// An event as a step waits for it: `IPAMReserve pod/a`.
fn waits_for(event: &Event) -> String {
    format!("{} {}", reasons::name(event.reason), event.object)
}

/// Where each step of `draft` is in `events`, each searched after the previous step's; `None` for a
/// step whose event does not come (or is no `REASON OBJECT`). Compared in place: a large run has
/// hundreds of thousands of events.
fn place(draft: &Draft, events: &EventLog) -> Vec<Option<usize>> {
    let mut from = 0;
    draft
        .steps
        .iter()
        .map(|step| {
            let mut wanted = step.waits_for.split_whitespace();
            let (reason, object) = (wanted.next()?, wanted.next()?);
            if wanted.next().is_some() {
                return None;
            }
            let found = (events.since(from))
                .position(|e| e.object == *object && reasons::name(e.reason) == reason)
                .map(|at| from + at)?;
            from = found + 1;
            Some(found)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::playback::Player;
    use crate::tours::lesson::draft::DraftScenario;

    fn kind_cursor() -> Cursor {
        let text = crate::sim::builtin::by_name("kind").unwrap().to_string();
        let mut player = Player::load(text, None).unwrap();
        player.seek(player.cursor().run().horizon());
        player.finish();
        player.into_cursor()
    }

    #[test]
    fn a_built_in_lesson_starts_as_its_file_and_checks() {
        let writer = Writer::starting_from(Some(TourId::Kind));
        assert_eq!(writer.text(), TourId::Kind.source());
        assert!(writer.problems().is_empty());
        assert_eq!(
            writer.tour().map(|t| &t.steps),
            Some(&TourId::Kind.tour().steps)
        );
    }

    #[test]
    fn an_empty_lesson_says_it_has_no_step() {
        let writer = Writer::starting_from(None);
        assert_eq!(
            writer.draft().scenario,
            DraftScenario::Builtin("kind".into())
        );
        let problems: Vec<String> = writer.problems().iter().map(|p| p.to_string()).collect();
        assert!(
            problems.iter().any(|p| p.contains("no step")),
            "{problems:?}"
        );
    }

    /// Steps added at events picked in any order land in the run's order, and the lesson checks.
    #[test]
    fn steps_added_at_picked_events_follow_the_run() {
        let cursor = kind_cursor();
        let mut writer = Writer::starting_from(None);
        let find = |wanted: &str| {
            let events: Vec<String> = cursor.events().iter().map(waits_for).collect();
            events.iter().position(|e| e == wanted).unwrap()
        };
        for wanted in ["RouteAdded pod/a", "IPAMReserve pod/a"] {
            let picked = writer.picked(&cursor, Some(find(wanted))).unwrap();
            assert_eq!(picked.waits_for, wanted);
            writer.add_step(&cursor, picked);
        }
        let ids: Vec<&str> = writer.draft().steps.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["a-ipamreserve", "a-routeadded"]);
        assert_eq!(writer.added(), Some(0));
        writer.edit(Edit::Words(0, "Reserved.".into()));
        writer.edit(Edit::Words(1, "Routed.".into()));
        assert_eq!(writer.problems(), &[] as &[Problem], "{}", writer.text());
        // Without a pick, the last event at the playhead.
        let last = writer.picked(&cursor, None).unwrap();
        assert_eq!(last.index, cursor.shown_events() - 1);
    }

    #[test]
    fn a_run_of_another_scenario_offers_no_event() {
        let cursor = kind_cursor();
        let writer = Writer::starting_from(Some(TourId::Planning));
        assert!(!writer.runs_here(&cursor));
        assert_eq!(writer.picked(&cursor, Some(0)), None);
    }

    #[test]
    fn a_bad_event_name_is_a_problem_at_its_line() {
        let mut writer = Writer::starting_from(None);
        writer.edit(Edit::AddStep {
            at: 0,
            waits_for: "IPAMReserved pod/a".into(),
        });
        writer.edit(Edit::Words(0, "Reserved.".into()));
        assert_eq!(writer.problems()[0].line, 9);
        assert_eq!(writer.tour(), None);
    }

    /// Typing a text changes its English; its translations stay, marked stale (written for the
    /// English before), and every part the card does not show stays as the file had it.
    #[test]
    fn editing_a_lesson_keeps_its_translations_and_every_other_part() {
        let mut writer = Writer::starting_from(Some(TourId::Kind));
        let before = writer.draft().clone();
        writer.edit(Edit::Title("Kind, retold".into()));
        writer.edit(Edit::Words(1, "Said again.".into()));
        let after = writer.draft();
        assert_eq!(after.title.en, "Kind, retold");
        assert_eq!(after.title.zh, before.title.zh);
        assert!(after.title.ja.is_some());
        assert_eq!(after.steps[1].words.ja, before.steps[1].words.ja);
        assert_eq!(after.steps[1].shows, before.steps[1].shows);
        assert_eq!(after.steps[1].command, before.steps[1].command);
        assert_eq!(after.sources, before.sources);
        assert_eq!(after.scenario, before.scenario);
        assert!(writer.text().contains("<!-- zh -->"));
        for lang in [Lang::Zh, Lang::Ja] {
            assert!(after.title.stale(lang) && after.steps[1].words.stale(lang));
            assert!(!after.steps[0].words.stale(lang));
        }
        // Only the two lines typed and their translations' markers differ from the built-in file.
        let of = crate::tours::fingerprint(&before.title.en);
        let changed: Vec<(&str, &str)> = TourId::Kind
            .source()
            .lines()
            .zip(writer.text().lines())
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(changed.len(), 6, "{changed:?}");
        assert_eq!(
            changed[1].1,
            changed[1].0.replace("zh -->", &format!("zh {of:08x} -->"))
        );
    }

    #[test]
    fn each_line_of_the_file_belongs_to_its_part() {
        let writer = Writer::starting_from(Some(TourId::RebootLeak));
        let draft = writer.draft();
        let text: Vec<&str> = writer.text().lines().collect();
        let part = |line: usize| writer.parts[line];
        assert_eq!(part(0), Part::Head);
        let scenario = text
            .iter()
            .position(|l| l.starts_with("- scenario:"))
            .unwrap();
        assert_eq!(part(scenario), Part::Scenario);
        for (i, step) in draft.steps.iter().enumerate() {
            let heading = format!("## {}", step.id);
            let at = text.iter().position(|l| *l == heading).unwrap();
            assert_eq!(part(at), Part::Step(i), "{heading}");
            assert_eq!(part(at + 2), Part::Step(i), "{heading}: its waits for");
        }
        let first_question = text.iter().position(|l| *l == "## Question").unwrap();
        let answered = (first_question..text.len())
            .find(|&l| text[l].starts_with("## ") && l > first_question)
            .unwrap();
        assert_eq!(part(first_question), part(answered));
        let sources = text.iter().position(|l| *l == "## Sources").unwrap();
        assert_eq!(part(text.len() - 1), Part::Sources);
        assert_eq!(part(sources), Part::Sources);
    }

    /// A scenario written out, the steps' shows and commands and the sources are edited; each one's
    /// problems are at the lines of its part.
    #[test]
    fn problems_are_told_by_the_part_they_are_in() {
        let mut writer = Writer::starting_from(None);
        writer.edit(Edit::AddStep {
            at: 0,
            waits_for: "IPAMReserve pod/a".into(),
        });
        writer.edit(Edit::Words(0, "Reserved.".into()));
        assert!(writer.problems().is_empty(), "{:?}", writer.problems());
        writer.edit(Edit::Shows(
            0,
            "pod:a@kind-worker  ip-file:a@kind-worker ".into(),
        ));
        writer.edit(Edit::Command(0, "kubectl get pod a -o wide".into()));
        writer.edit(Edit::Sources(
            "[kind#1](https://github.com/kubernetes-sigs/kind/issues/1)\nnot a link".into(),
        ));
        let step = &writer.draft().steps[0];
        assert_eq!(step.shows, ["pod:a@kind-worker", "ip-file:a@kind-worker"]);
        assert_eq!(step.command.as_deref(), Some("kubectl get pod a -o wide"));
        let sources: Vec<&Problem> = writer.problems_in(Part::Sources).collect();
        assert_eq!(sources.len(), 1, "{:?}", writer.problems());
        assert_eq!(writer.problems().len(), 1);
        writer.edit(Edit::Sources(
            "- [kind#1](https://github.com/kubernetes-sigs/kind/issues/1)".into(),
        ));
        assert!(writer.problems().is_empty(), "{:?}", writer.problems());
        let kind = crate::sim::builtin::by_name("kind").unwrap();
        writer.edit(Edit::ScenarioText(kind.replacen("pod add", "pod addd", 1)));
        let scenario: Vec<&Problem> = writer.problems_in(Part::Scenario).collect();
        assert_eq!(scenario.len(), 1, "{:?}", writer.problems());
        assert_eq!(writer.problems().len(), 1);
        // Typed without its last newline, the scenario still closes its fence.
        writer.edit(Edit::ScenarioText(kind.trim_end().to_string()));
        assert!(writer.problems().is_empty(), "{:?}", writer.problems());
        writer.edit(Edit::Command(0, "  ".into()));
        assert_eq!(writer.draft().steps[0].command, None);
    }

    #[test]
    fn a_thing_picked_on_the_stage_gives_its_next_event_and_its_name() {
        let text = crate::sim::builtin::by_name("kind").unwrap().to_string();
        let player = Player::load(text, None).unwrap();
        let cursor = player.into_cursor();
        let mut writer = Writer::starting_from(None);
        let pod = Thing::Pod("a".into());
        let index = writer.pick(&cursor, &pod).expect("pod a has events");
        let event = cursor.run().timeline().get(index).unwrap();
        assert!(event.object == "pod/a");
        assert!(index >= cursor.shown_events());
        assert_eq!(writer.thing(), Some("pod:a@kind-worker"));
        // The name survives an edit, and is shown once however often it is added.
        writer.edit(Edit::AddStep {
            at: 0,
            waits_for: waits_for(event),
        });
        let name = writer.thing().unwrap().to_string();
        writer.edit(Edit::Show(0, name.clone()));
        writer.edit(Edit::Show(0, name));
        assert_eq!(writer.draft().steps[0].shows, ["pod:a@kind-worker"]);
        // The step added is followed, and its event is where it was picked.
        assert_eq!(writer.following(), Some(0));
        assert_eq!(writer.step_event(&cursor, 0), Some(index));
        let node = Thing::Node("kind-worker".into());
        let index = writer.pick(&cursor, &node).unwrap();
        assert!(cursor.run().timeline().get(index).unwrap().object == "node/kind-worker");
        assert_eq!(writer.thing(), Some("node:kind-worker@kind-worker"));
        assert_eq!(writer.pick(&cursor, &Thing::Node("nowhere".into())), None);
    }

    /// An IP file picked gives the next step that reserves or releases it, and its `shows` name.
    #[test]
    fn an_ip_file_picked_gives_the_step_that_writes_it() {
        let text = crate::sim::builtin::by_name("kind").unwrap().to_string();
        let cursor = Player::load(text, None).unwrap().into_cursor();
        let mut writer = Writer::starting_from(None);
        let file = Thing::IpFile("kind-worker".into(), "10.244.1.2".into());
        let index = writer.pick(&cursor, &file).expect("a's file is written");
        let event = cursor.run().timeline().get(index).unwrap();
        assert_eq!(waits_for(event), "IPAMReserve pod/a");
        assert_eq!(writer.thing(), Some("ip-file:10.244.1.2@kind-worker"));
        // Past its reservation, the next event of the file is the next that touches it, if any.
        let later = writer
            .pick(&kind_cursor(), &file)
            .expect("its last event before");
        let event = kind_cursor().run().timeline().get(later).unwrap().clone();
        assert_eq!(event.touched().ip_file.as_deref(), Some("10.244.1.2"));
        let elsewhere = Thing::IpFile("kind-control-plane".into(), "10.244.1.2".into());
        assert_eq!(writer.pick(&cursor, &elsewhere), None);
    }
}
