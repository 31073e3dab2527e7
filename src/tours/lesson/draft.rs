//! A lesson being written: what the app's "Write a lesson" edits, step by step — steps added at an
//! event, moved, deleted, their words and questions typed — and writes as a lesson file
//! ([`Draft::write`], the one writer: [`super::write`] writes a tour through it). A draft holds what
//! its author typed even where it is wrong (an event reason that does not exist): the file it writes
//! says so at its line when checked.

use super::{parse, reasons, Problem};
use crate::i18n::Lang;
use crate::sim::builtin;
use crate::tours::{LessonText, ScenarioSource, Source, Tour};

/// A lesson being written.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// The title.
    pub title: LessonText,
    /// Its scenario.
    pub scenario: DraftScenario,
    /// Said before the first step.
    pub intro: LessonText,
    /// The steps, in the order written.
    pub steps: Vec<DraftStep>,
    /// The user reports and upstream threads the story is told from.
    pub sources: Vec<Source>,
}

/// A draft's scenario: a built-in's name, or the scenario's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftScenario {
    /// A built-in scenario, by name (`kind`).
    Builtin(String),
    /// A scenario written out.
    Written(String),
}

/// A step being written.
#[derive(Debug, Clone, PartialEq)]
pub struct DraftStep {
    /// Its id (`a-reserved`).
    pub id: String,
    /// The event it waits for, as typed: `REASON OBJECT` (`IPAMReserve pod/a`).
    pub waits_for: String,
    /// What its picture must show, by name (`pod:a@kind-worker`).
    pub shows: Vec<String>,
    /// The command that shows it on a real cluster.
    pub command: Option<String>,
    /// Its words.
    pub words: LessonText,
    /// The question asked before it.
    pub question: Option<DraftQuestion>,
}

/// A question being written.
#[derive(Debug, Clone, PartialEq)]
pub struct DraftQuestion {
    /// The question.
    pub text: LessonText,
    /// The choices, in the order shown.
    pub choices: Vec<LessonText>,
    /// The index of the right one.
    pub correct: usize,
    /// Why, shown once answered.
    pub why: LessonText,
}

/// A text of a draft, by where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The title.
    Title,
    /// The introduction.
    Intro,
    /// Step N's words.
    Words(usize),
    /// The question before step N.
    Question(usize),
    /// Choice C of the question before step N.
    Choice(usize, usize),
    /// Why, for the question before step N.
    Why(usize),
}

/// What an author does to a draft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Type the title.
    Title(String),
    /// Type the introduction.
    Intro(String),
    /// Add a step at `at` (an index of the steps) waiting for the event `REASON OBJECT`.
    AddStep {
        /// Where it goes among the steps.
        at: usize,
        /// The event it waits for.
        waits_for: String,
    },
    /// Type step `step`'s id.
    StepId(usize, String),
    /// Type the event step `step` waits for.
    WaitsFor(usize, String),
    /// Type step `step`'s words.
    Words(usize, String),
    /// Move step `step` one place earlier (`true`) or later.
    Move(usize, bool),
    /// Delete step `step`.
    Delete(usize),
    /// Ask a question before step `step` (two choices to start with), or stop asking it.
    Question(usize, bool),
    /// Type the question before step `step`.
    QuestionText(usize, String),
    /// Type choice `choice` of the question before step `step`.
    Choice(usize, usize, String),
    /// Add a choice to the question before step `step`.
    AddChoice(usize),
    /// Mark choice `choice` right in the question before step `step`.
    Correct(usize, usize),
    /// Type why, for the question before step `step`.
    Why(usize, String),
    /// Type what step `step`'s picture must show: names split at spaces.
    Shows(usize, String),
    /// Add `name` to what step `step`'s picture must show, unless it is there.
    Show(usize, String),
    /// Type the command that shows step `step` on a real cluster (blank: none).
    Command(usize, String),
    /// Type the sources, one a line: `[label](https://…)`.
    Sources(String),
    /// Type a text's translation into Chinese or Japanese (blank: none), for its English as it is.
    Translate(Lang, Field, String),
    /// Say a text's translation still says what its English does (it is no longer stale).
    StillSays(Lang, Field),
    /// Type a text's English (what the edits of the title, the words, a choice… are).
    English(Field, String),
    /// Type the name of the built-in scenario the lesson runs.
    ScenarioName(String),
    /// Type the scenario written out.
    ScenarioText(String),
}

impl Draft {
    /// A lesson with nothing in it yet but a title, an introduction and kind's scenario.
    pub fn empty() -> Draft {
        Draft {
            title: LessonText::english("My lesson"),
            scenario: DraftScenario::Builtin("kind".to_string()),
            intro: LessonText::english("What this lesson shows."),
            steps: Vec::new(),
            sources: Vec::new(),
        }
    }

    /// `tour` as a draft.
    pub fn of(tour: &Tour) -> Draft {
        let steps = tour.steps.iter().map(|step| {
            let question = tour.questions.iter().find(|q| q.before == step.id);
            DraftStep {
                id: step.id.clone(),
                waits_for: format!("{} {}", reasons::name(step.waits_for.0), step.waits_for.1),
                shows: step.shows.iter().flat_map(|on| on.names()).collect(),
                command: step.command.clone(),
                words: step.words.clone(),
                question: question.map(|q| DraftQuestion {
                    text: q.text.clone(),
                    choices: q.choices.clone(),
                    correct: q.correct,
                    why: q.why.clone(),
                }),
            }
        });
        Draft {
            title: tour.title.clone(),
            scenario: match &tour.scenario {
                ScenarioSource::Builtin { name, .. } => DraftScenario::Builtin(name.to_string()),
                ScenarioSource::Written(text) => DraftScenario::Written(text.clone()),
            },
            intro: tour.intro.clone(),
            steps: steps.collect(),
            sources: tour.sources.clone(),
        }
    }

    /// The draft a lesson file holds, or its problems.
    pub fn read(text: &str) -> Result<Draft, Vec<Problem>> {
        parse("lesson", text).map(|lesson| Draft::of(&lesson.tour))
    }

    /// The scenario's text (a built-in's name that is no built-in has none).
    pub fn scenario_text(&self) -> Option<&str> {
        match &self.scenario {
            DraftScenario::Builtin(name) => builtin::by_name(name),
            DraftScenario::Written(text) => Some(text),
        }
    }

    /// The text at `field`, if there is one.
    pub fn text(&self, field: Field) -> Option<&LessonText> {
        let question = |step: usize| self.steps.get(step)?.question.as_ref();
        match field {
            Field::Title => Some(&self.title),
            Field::Intro => Some(&self.intro),
            Field::Words(step) => Some(&self.steps.get(step)?.words),
            Field::Question(step) => Some(&question(step)?.text),
            Field::Choice(step, choice) => question(step)?.choices.get(choice),
            Field::Why(step) => Some(&question(step)?.why),
        }
    }

    fn text_mut(&mut self, field: Field) -> Option<&mut LessonText> {
        let step = match field {
            Field::Title => return Some(&mut self.title),
            Field::Intro => return Some(&mut self.intro),
            Field::Words(step)
            | Field::Question(step)
            | Field::Choice(step, _)
            | Field::Why(step) => self.steps.get_mut(step)?,
        };
        let question = step.question.as_mut();
        match field {
            Field::Words(_) => Some(&mut step.words),
            Field::Question(_) => Some(&mut question?.text),
            Field::Choice(_, choice) => question?.choices.get_mut(choice),
            _ => Some(&mut question?.why),
        }
    }

    /// Every text of the draft, by where it is, in the order of the file.
    pub fn fields(&self) -> Vec<Field> {
        let mut fields = vec![Field::Title, Field::Intro];
        for (i, step) in self.steps.iter().enumerate() {
            if let Some(question) = &step.question {
                fields.push(Field::Question(i));
                fields.extend((0..question.choices.len()).map(|c| Field::Choice(i, c)));
                fields.push(Field::Why(i));
            }
            fields.push(Field::Words(i));
        }
        fields
    }

    /// Do `edit`; an edit of a step or a choice there is not does nothing. Typing a text changes
    /// its English and keeps its translations, which are stale once it says something else.
    pub fn edit(&mut self, edit: Edit) {
        let len = self.steps.len();
        let english = |field: Field, text: String| Edit::English(field, text);
        let edit = match edit {
            Edit::Title(text) => english(Field::Title, text),
            Edit::Intro(text) => english(Field::Intro, text),
            Edit::Words(step, text) => english(Field::Words(step), text),
            Edit::QuestionText(step, text) => english(Field::Question(step), text),
            Edit::Choice(step, choice, text) => english(Field::Choice(step, choice), text),
            Edit::Why(step, text) => english(Field::Why(step), text),
            edit => edit,
        };
        match edit {
            Edit::English(field, text) => {
                if let Some(said) = self.text_mut(field) {
                    said.set_english(text);
                }
            }
            Edit::Translate(lang, field, text) => {
                if let Some(said) = self.text_mut(field) {
                    said.translate(lang, text);
                }
            }
            Edit::StillSays(lang, field) => {
                if let Some(said) = self.text_mut(field) {
                    said.confirm(lang);
                }
            }
            Edit::Title(_)
            | Edit::Intro(_)
            | Edit::Words(..)
            | Edit::QuestionText(..)
            | Edit::Choice(..)
            | Edit::Why(..) => {}
            Edit::AddStep { at, waits_for } => {
                let id = self.new_id(&waits_for);
                let step = DraftStep {
                    id,
                    waits_for,
                    shows: Vec::new(),
                    command: None,
                    words: LessonText::default(),
                    question: None,
                };
                self.steps.insert(at.min(len), step);
            }
            Edit::Move(step, earlier) => {
                let other = if earlier {
                    step.checked_sub(1)
                } else {
                    Some(step + 1)
                };
                if let Some(other) = other.filter(|&o| o < len && step < len) {
                    self.steps.swap(step, other);
                }
            }
            Edit::Delete(step) if step < len => {
                self.steps.remove(step);
            }
            Edit::Delete(_) => {}
            Edit::StepId(step, id) => self.with_step(step, |s| s.id = id),
            Edit::WaitsFor(step, event) => self.with_step(step, |s| s.waits_for = event),
            Edit::Shows(step, names) => self.with_step(step, |s| {
                s.shows = names.split_whitespace().map(str::to_string).collect()
            }),
            Edit::Show(step, name) => self.with_step(step, |s| {
                if !s.shows.contains(&name) {
                    s.shows.push(name)
                }
            }),
            Edit::Command(step, command) => self.with_step(step, |s| {
                s.command = (!command.trim().is_empty()).then_some(command)
            }),
            Edit::Sources(text) => self.sources = text.lines().filter_map(source).collect(),
            Edit::ScenarioName(name) => self.scenario = DraftScenario::Builtin(name),
            Edit::ScenarioText(text) => self.scenario = DraftScenario::Written(text),
            Edit::Question(step, asked) => self.with_step(step, |s| {
                s.question = asked.then(|| DraftQuestion {
                    text: LessonText::default(),
                    choices: vec![LessonText::default(), LessonText::default()],
                    correct: 0,
                    why: LessonText::default(),
                })
            }),
            Edit::AddChoice(step) => {
                self.with_question(step, |q| q.choices.push(LessonText::default()))
            }
            Edit::Correct(step, choice) => self.with_question(step, |q| {
                if choice < q.choices.len() {
                    q.correct = choice;
                }
            }),
        }
    }

    /// Give each text without a translation into Chinese or Japanese the one `lookup` finds for its
    /// English: a built-in lesson as the wasm holds it, its translations from the page's catalogs.
    pub fn translate(&mut self, lookup: impl Fn(Lang, &str) -> Option<String>) {
        let fill = |text: &mut LessonText| {
            for (lang, slot) in [(Lang::Zh, &mut text.zh), (Lang::Ja, &mut text.ja)] {
                if slot.is_none() {
                    *slot = lookup(lang, &text.en);
                }
            }
        };
        fill(&mut self.title);
        fill(&mut self.intro);
        for step in &mut self.steps {
            fill(&mut step.words);
            if let Some(question) = &mut step.question {
                fill(&mut question.text);
                question.choices.iter_mut().for_each(fill);
                fill(&mut question.why);
            }
        }
    }

    /// The sources as typed: one a line, `[label](url)`.
    pub fn sources_text(&self) -> String {
        let lines: Vec<String> = self.sources.iter().map(source_line).collect();
        lines.join("\n")
    }

    fn with_step(&mut self, step: usize, f: impl FnOnce(&mut DraftStep)) {
        if let Some(step) = self.steps.get_mut(step) {
            f(step);
        }
    }

    fn with_question(&mut self, step: usize, f: impl FnOnce(&mut DraftQuestion)) {
        if let Some(question) = self.steps.get_mut(step).and_then(|s| s.question.as_mut()) {
            f(question);
        }
    }

    /// A step id for a step waiting for `waits_for` that no step has: its object's name and its
    /// reason (`IPAMReserve pod/a` → `a-ipamreserve`), numbered when taken.
    fn new_id(&self, waits_for: &str) -> String {
        let mut parts = waits_for.split_whitespace();
        let reason = parts.next().unwrap_or_default();
        let object = parts.next().unwrap_or_default();
        let name = object.rsplit('/').next().unwrap_or_default();
        let slug: String = format!("{name}-{reason}")
            .chars()
            .map(|c| match c.to_ascii_lowercase() {
                c @ ('a'..='z' | '0'..='9') => c,
                _ => '-',
            })
            .collect();
        let slug: Vec<&str> = slug.split('-').filter(|part| !part.is_empty()).collect();
        let base = match slug.join("-") {
            base if base.is_empty() => "step".to_string(),
            base => base.chars().take(48).collect(),
        };
        let taken = |id: &str| self.steps.iter().any(|s| s.id == id);
        std::iter::once(base.clone())
            .chain((2..).map(|n| format!("{base}-{n}")))
            .find(|id| !taken(id))
            .unwrap_or(base)
    }
}

/// A source as a line of the file, after its `- `: `[label](url)`; one typed otherwise, as typed.
pub fn source_line(source: &Source) -> String {
    match source.url.is_empty() {
        true => source.label.clone(),
        false => format!("[{}]({})", source.label, source.url),
    }
}

/// A source typed on a line: `[label](url)`, after an optional `- `; a line that is no link is kept
/// as typed (with no address), for the checker to say so at its line. A blank line is none.
fn source(line: &str) -> Option<Source> {
    let line = line.trim();
    let line = line.strip_prefix("- ").unwrap_or(line).trim();
    if line.is_empty() {
        return None;
    }
    let link = line
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(')'))
        .and_then(|rest| rest.split_once("]("));
    Some(match link {
        Some((label, url)) if !url.is_empty() => Source {
            label: label.to_string(),
            url: url.to_string(),
        },
        _ => Source {
            label: line.to_string(),
            url: String::new(),
        },
    })
}

/// Where a step waiting for the event at `event` (an index of the run's events) goes: after every step
/// placed at or before it (`placed`: each step's event, `None` for one not placed).
pub fn insertion_point(placed: &[Option<usize>], event: usize) -> usize {
    placed
        .iter()
        .rposition(|at| at.is_some_and(|at| at <= event))
        .map_or(0, |last| last + 1)
}
