//! A lesson held to its run: its scenario simulated as the page plays it, and each step's event found
//! in order — a step whose event never comes names the events its object does get, nearest first; a
//! step whose event comes before the previous step's says the steps are out of order.

use super::reasons::{self, distance};
use super::{read_as_far_as_it_goes, Lesson, Problem};
use crate::order;
use crate::sim::{transcript, Event, Scenario, Simulation, VirtualTime};
use std::collections::BTreeSet;
use std::fmt::Write;
use std::rc::Rc;

/// A lesson whose steps all come in its run, in order.
pub struct Checked {
    /// The lesson.
    pub lesson: Lesson,
    /// Its scenario.
    pub scenario: Rc<Scenario>,
    /// Where its run's timeline ends.
    pub horizon: VirtualTime,
    /// Every event of the run up to there.
    pub events: Vec<Event>,
    /// The number of the event each step is shown at.
    pub placed: Vec<usize>,
}

/// The lesson `text` (named `name`), checked: read, its scenario run, each step's event found in order;
/// or every problem, in the order of their lines.
///
/// # Examples
/// ```
/// use podip::tours::lesson;
/// let text = [
///     "# b goes", "", "- scenario: `kind`", "", "b is deleted.", "",
///     "## b-gone", "", "- waits for: `RouteRemoved pod/b`", "", "Its route goes.", "",
///     "## b-deleted", "", "- waits for: `PodDeleted pod/b`", "", "Its object goes first.",
/// ]
/// .join("\n");
/// let problems = lesson::check("mine", &text).err().unwrap();
/// assert!(problems[0].to_string().starts_with("line 15: steps out of order"));
/// ```
pub fn check(name: &str, text: &str) -> Result<Checked, Vec<Problem>> {
    let (lesson, mut problems) = read_as_far_as_it_goes(name, text);
    // A scenario that does not parse has its problem from the reader already.
    let Some((lesson, Ok(scenario))) = lesson.map(|lesson| {
        let scenario = Scenario::parse(lesson.tour.scenario());
        (lesson, scenario)
    }) else {
        return Err(problems);
    };
    let scenario = Rc::new(scenario);
    let (horizon, events) = Simulation::timeline(scenario.clone());
    let found = lesson.tour.step_events(events.iter());
    problems.extend(
        (0..found.len())
            .filter(|&index| found[index].is_none())
            .map(|index| missing_step(&lesson, &events, &found, index)),
    );
    if !problems.is_empty() {
        order::sort_by_key(&mut problems, |p| p.line);
        return Err(problems);
    }
    let placed = found.iter().flatten().map(|(index, _)| *index).collect();
    Ok(Checked {
        lesson,
        scenario,
        horizon,
        events,
        placed,
    })
}

/// Why step `index`'s event is not found after the previous step's.
fn missing_step(
    lesson: &Lesson,
    events: &[Event],
    found: &[Option<(usize, VirtualTime)>],
    index: usize,
) -> Problem {
    let step = &lesson.tour.steps[index];
    let (reason, object) = (step.waits_for.0, step.waits_for.1.as_str());
    let line = lesson.lines.waits_for[index];
    let waited = format!("{} {object}", reasons::name(reason));
    // The step before it that was found, where the search for this one started.
    let previous = (0..index).rev().find_map(|i| Some((i, found[i]?)));
    let anchor = previous.map_or(0, |(_, (event, _))| event);
    let of_object: Vec<(usize, &Event)> = events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.object == object)
        .collect();
    if of_object.is_empty() {
        let mut objects: Vec<String> = order::set(events.iter().map(|e| e.object.to_string()))
            .into_iter()
            .collect();
        order::sort_by_key(&mut objects, |o| distance(object, o));
        objects.truncate(8);
        return Problem::at(
            line,
            format!(
                "step {}: {object} never appears in the run (its objects, nearest first: {})",
                step.id,
                objects.join(", ")
            ),
        );
    }
    if let Some((at, event)) = of_object.iter().find(|(_, e)| e.reason == reason) {
        if let Some((before, (_, time))) = previous.filter(|_| *at <= anchor) {
            return Problem::at(
                line,
                format!(
                    "steps out of order: step {} waits for {waited}, at {}, which comes before step {} ({}) at {time}",
                    step.id,
                    event.time_ms,
                    before + 1,
                    lesson.tour.steps[before].id
                ),
            );
        }
    }
    let mut nearest = of_object.clone();
    order::sort_by_key(&mut nearest, |(at, _)| at.abs_diff(anchor));
    let mut named = BTreeSet::new();
    let gets: Vec<String> = nearest
        .iter()
        .filter(|(_, e)| named.insert(e.reason as usize))
        .take(8)
        .map(|(_, e)| format!("{} at {}", reasons::name(e.reason), e.time_ms))
        .collect();
    let after = match previous {
        Some((before, _)) => format!(
            " after step {} ({})",
            before + 1,
            lesson.tour.steps[before].id
        ),
        None => String::new(),
    };
    Problem::at(
        line,
        format!(
            "step {}: {waited} never comes{after}; {object} gets, nearest first: {}",
            step.id,
            gets.join(", ")
        ),
    )
}

impl Checked {
    /// The run's transcript (`podip run`'s, up to where the timeline ends) with each step placed after
    /// the line of its event: its number and id, its question, its words.
    pub fn transcript(&self) -> String {
        let text = transcript(
            &mut Simulation::new(self.scenario.clone()),
            self.horizon,
            usize::MAX,
        );
        let tour = &self.lesson.tour;
        let mut out = String::new();
        let mut next_event = 0;
        let mut steps = tour.steps.iter().zip(&self.placed).enumerate().peekable();
        for line in text.lines() {
            out.push_str(line);
            out.push('\n');
            let Some(event) = self.events.get(next_event) else {
                continue;
            };
            if !is_line_of(line, event) {
                continue;
            }
            while let Some((index, (step, _))) = steps.next_if(|(_, (_, &at))| at == next_event) {
                let _ = writeln!(
                    out,
                    "{:>10}  ── step {} of {} · {} ──",
                    "",
                    index + 1,
                    tour.steps.len(),
                    step.id
                );
                if let Some(question) = tour.question_before(index) {
                    let right = question
                        .choices
                        .get(question.correct)
                        .map_or("", |c| c.en.as_str());
                    let _ = writeln!(
                        out,
                        "{:>10}  asked before: {} (right: {right})",
                        "", question.text.en
                    );
                }
                let _ = writeln!(out, "{:>10}  {}", "", step.words.en);
            }
            next_event += 1;
        }
        out
    }
}

/// Whether a transcript line is the line of `event`: its time, reason and object in their columns.
fn is_line_of(line: &str, event: &Event) -> bool {
    let columns = format!(
        " {:<22} {:<24} ",
        reasons::name(event.reason),
        event.object.to_string()
    );
    line.trim_start().starts_with(&event.time_ms.to_string()) && line.contains(&columns)
}
