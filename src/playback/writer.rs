//! "Write a lesson": the draft being written ([`Draft`]), the file it writes and that file's problems
//! at their lines, checked against the run after every edit; and the event of the run shown a new
//! step waits for — the one picked in the log, or the last at the playhead.

use super::Cursor;
use crate::sim::Event;
use crate::tours::lesson::draft::{insertion_point, Draft, Edit};
use crate::tours::lesson::{self, reasons, Problem};
use crate::tours::{Tour, TourId};

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
            draft,
            text,
            checked,
            added: None,
        }
    }

    /// A writer starting from the built-in lesson `from` (its file as this build holds it), or from
    /// an empty lesson.
    pub fn starting_from(from: Option<TourId>) -> Writer {
        let draft = from
            .and_then(|id| Draft::read(id.source()).ok())
            .unwrap_or_else(Draft::empty);
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

    /// Do `edit`, then write and check the file again.
    pub fn edit(&mut self, edit: Edit) {
        let added = match &edit {
            Edit::AddStep { at, .. } => Some((*at).min(self.draft.steps.len())),
            _ => None,
        };
        let mut draft = std::mem::replace(&mut self.draft, Draft::empty());
        draft.edit(edit);
        *self = Writer::new(draft);
        self.added = added;
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
        let events: Vec<String> = cursor.events().iter().map(waits_for).collect();
        let placed = place(&self.draft, &events);
        self.edit(Edit::AddStep {
            at: insertion_point(&placed, picked.index),
            waits_for: picked.waits_for,
        });
    }
}

/// An event as a step waits for it: `IPAMReserve pod/a`.
fn waits_for(event: &Event) -> String {
    format!("{} {}", reasons::name(event.reason), event.object)
}

/// Where each step of `draft` is in `events` (each `REASON OBJECT`), each searched after the
/// previous step's; `None` for a step whose event does not come.
fn place(draft: &Draft, events: &[String]) -> Vec<Option<usize>> {
    let mut from = 0;
    draft
        .steps
        .iter()
        .map(|step| {
            let wanted = step
                .waits_for
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let found = events[from.min(events.len())..]
                .iter()
                .position(|e| *e == wanted)
                .map(|at| from + at)?;
            from = found + 1;
            Some(found)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
