//! A lesson's blocks read as a tour: the title and what stands under it (the introduction, the
//! scenario), then one section per `##` heading — a step (`## a-reserved`), the question before the
//! step after it (`## Question`), the sources (`## Sources`).

use super::blocks::{Block, Translation};
use super::inline::{unescape_start, value};
use super::{reasons, Lesson, Problem, MAX_STEPS, MAX_WORDS_CHARS};
use crate::i18n::Lang;
use crate::sim::{builtin, Scenario};
use crate::tours::{LessonText, On, Question, ScenarioSource, Source, Step, Tour};

/// Where each part of a lesson is in its file (1-based lines).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lines {
    /// The title.
    pub title: usize,
    /// The scenario: its setting, or its fenced block's opening line (the scenario's line N is the
    /// file's line `scenario + N`).
    pub scenario: usize,
    /// Each step's heading, in the tour's order.
    pub steps: Vec<usize>,
    /// Each step's `waits for`.
    pub waits_for: Vec<usize>,
    /// Each question's heading, in the tour's order.
    pub questions: Vec<usize>,
}

/// What reading gave: the lesson as far as it could be read (if it has a scenario), and every problem
/// met.
pub(super) struct Read {
    pub lesson: Option<Lesson>,
    pub problems: Vec<Problem>,
}

/// The settings a step's list may hold.
const STEP_SETTINGS: [&str; 3] = ["waits for", "shows", "command"];

/// A lesson being read.
#[derive(Default)]
struct Reader {
    problems: Vec<Problem>,
    lines: Lines,
    intro: Option<LessonText>,
    scenario: Option<ScenarioSource>,
    steps: Vec<Step>,
    questions: Vec<Question>,
    sources: Vec<Source>,
    /// A question read, waiting for the step after it: the question and its heading's line.
    asked: Option<(Question, usize)>,
    /// How many step headings were met, read or not.
    step_headings: usize,
}

/// The tour `blocks` write, named `name`.
pub(super) fn read(name: &str, blocks: &[Block]) -> Read {
    let mut reader = Reader::default();
    let mut rest = blocks;
    let title = match blocks.first() {
        Some(Block::Heading {
            line,
            level: 1,
            text,
            translations,
        }) => {
            rest = &blocks[1..];
            reader.lines.title = *line;
            Some(reader.text(text, translations))
        }
        first => {
            let line = first.map_or(1, Block::line);
            reader.problem(line, "a lesson starts with its title: `# Title`");
            None
        }
    };
    // Sections: what stands under the title, then one per `##` heading.
    let mut sections = rest.split_inclusive(|b| matches!(b, Block::Heading { level: 2, .. }));
    let mut head = sections.next().unwrap_or_default();
    let mut heading = None;
    loop {
        let (body, next) = match head.split_last() {
            Some((last @ Block::Heading { level: 2, .. }, body)) => (body, Some(last)),
            _ => (head, None),
        };
        match heading {
            None => reader.preamble(body),
            Some(heading) => reader.section(heading, body),
        }
        let Some(next) = next else { break };
        heading = Some(next);
        head = sections.next().unwrap_or_default();
    }
    if let Some((_, line)) = reader.asked.take() {
        reader.problem(
            line,
            "a question before a missing step: write the step that answers it after it",
        );
    }
    let title_line = reader.lines.title.max(1);
    if reader.scenario.is_none() {
        let names: Vec<&str> = builtin::ALL.iter().map(|(name, _)| *name).collect();
        reader.problem(
            title_line,
            format!(
                "no scenario: add `- scenario: NAME` (a built-in: {}) or a ```podip block",
                names.join(", ")
            ),
        );
    }
    if reader.intro.is_none() {
        reader.problem(title_line, "no introduction: a paragraph under the title");
    }
    if reader.step_headings == 0 {
        reader.problem(title_line, "no step: a step is a `## step-id` heading");
    }
    let Reader {
        problems,
        lines,
        intro,
        scenario,
        steps,
        questions,
        sources,
        ..
    } = reader;
    // With problems, what was read still goes to the check of its run, which reports its own.
    let lesson = scenario.map(|scenario| Lesson {
        tour: Tour {
            name: name.to_string(),
            scenario,
            title: title.unwrap_or_default(),
            intro: intro.unwrap_or_default(),
            steps,
            questions,
            sources,
        },
        lines,
    });
    Read { lesson, problems }
}

impl Reader {
    fn problem(&mut self, line: usize, message: impl Into<String>) {
        self.problems.push(Problem::at(line, message));
    }

    /// A text and its translations; a language given twice is a problem.
    fn text(&mut self, en: &str, translations: &[Translation]) -> LessonText {
        let mut text = LessonText::english(unescape_start(en));
        for Translation {
            line,
            lang,
            text: translated,
            of,
        } in translations
        {
            match text.translation_mut(*lang) {
                Some(slot @ None) => {
                    *slot = Some(unescape_start(translated).to_string());
                    text.set_written_for(*lang, *of);
                }
                _ => self.problem(
                    *line,
                    format!("a second {} translation of the same text", lang.tag()),
                ),
            }
        }
        text
    }

    /// What stands under the title: the introduction and the scenario.
    fn preamble(&mut self, blocks: &[Block]) {
        for block in blocks {
            match block {
                Block::Paragraph {
                    line,
                    text,
                    translations,
                } => match self.intro {
                    None => self.intro = Some(self.text(text, translations)),
                    Some(_) => self.problem(*line, "the introduction is one paragraph"),
                },
                Block::Item { line, text, .. } => match setting(text) {
                    Some(("scenario", name)) => match builtin::ALL.iter().find(|(n, _)| *n == name)
                    {
                        Some(&(name, text)) => {
                            self.set_scenario(*line, ScenarioSource::Builtin { name, text })
                        }
                        None => {
                            let names: Vec<&str> = builtin::ALL.iter().map(|(n, _)| *n).collect();
                            self.problem(
                                *line,
                                format!(
                                    "no built-in scenario {name} (there are: {})",
                                    names.join(", ")
                                ),
                            );
                        }
                    },
                    _ => self.problem(
                        *line,
                        "under the title a list item is the scenario: `- scenario: NAME`",
                    ),
                },
                Block::Fence { line, info, body } if *info == "podip" => {
                    if let Err(err) = Scenario::parse(body) {
                        let message = err.to_string();
                        let message = message
                            .strip_prefix(&format!("line {}: ", err.line))
                            .unwrap_or(&message);
                        self.problem(line + err.line, message);
                    }
                    self.set_scenario(*line, ScenarioSource::Written(body.clone()));
                }
                Block::Fence { line, .. } => {
                    self.problem(*line, "a lesson's fenced block is its scenario: ```podip")
                }
                Block::Heading { line, level, .. } => self.heading_problem(*line, *level),
            }
        }
    }

    fn set_scenario(&mut self, line: usize, scenario: ScenarioSource) {
        match self.scenario {
            None => (self.scenario, self.lines.scenario) = (Some(scenario), line),
            Some(_) => {
                let first = self.lines.scenario;
                self.problem(
                    line,
                    format!("a second scenario (the first is at line {first})"),
                );
            }
        }
    }

    fn heading_problem(&mut self, line: usize, level: usize) {
        match level {
            1 => self.problem(line, "a lesson has one title (`#`); a step is `## step-id`"),
            _ => self.problem(
                line,
                "a lesson's headings are its title (`#`) and its sections (`##`)",
            ),
        }
    }

    /// The section under `heading`.
    fn section(&mut self, heading: &Block, blocks: &[Block]) {
        let Block::Heading {
            line,
            text,
            translations,
            ..
        } = heading
        else {
            return;
        };
        let line = *line;
        if !translations.is_empty() {
            self.problem(line, "a section's heading is not translated");
        }
        let name = *text;
        if name.eq_ignore_ascii_case("question") {
            if let Some((_, before)) = self.asked.take() {
                self.problem(
                    before,
                    "a question before a missing step: another question follows it",
                );
            }
            if let Some(question) = self.question(line, blocks) {
                self.asked = Some((question, line));
            }
            return;
        }
        if name.eq_ignore_ascii_case("sources") {
            if let Some((_, before)) = self.asked.take() {
                self.problem(
                    before,
                    "a question before a missing step: the sources follow it",
                );
            }
            self.sources(blocks);
            return;
        }
        self.step(line, name, blocks);
    }

    /// The step `## id` and its blocks.
    fn step(&mut self, line: usize, id: &str, blocks: &[Block]) {
        self.step_headings += 1;
        if !is_step_id(id) {
            self.problem(
                line,
                format!("`## {id}`: a section is a step's id (lowercase letters, digits and dashes), `Question` or `Sources`"),
            );
            return;
        }
        if let Some(first) = self.steps.iter().position(|s| s.id == id) {
            let at = self.lines.steps[first];
            self.problem(
                line,
                format!("a second step {id} (the first is at line {at})"),
            );
        }
        if self.steps.len() == MAX_STEPS {
            self.problem(line, format!("a lesson has at most {MAX_STEPS} steps"));
        }
        let (mut waits_for, mut shows, mut command, mut words) = (None, None, None, None);
        let mut waits_for_line = line;
        for block in blocks {
            match block {
                Block::Item { line, text, .. } => {
                    let Some((key, value)) =
                        setting(text).filter(|(key, _)| STEP_SETTINGS.contains(key))
                    else {
                        self.problem(
                            *line,
                            format!(
                                "a step's list item is one of its settings: {}",
                                STEP_SETTINGS.map(|k| format!("`- {k}: …`")).join(", ")
                            ),
                        );
                        continue;
                    };
                    let given = match key {
                        "waits for" => {
                            waits_for_line = *line;
                            waits_for.replace(self.waits_for(*line, value)).is_some()
                        }
                        "shows" => shows.replace(self.shows(*line, value)).is_some(),
                        _ => command.replace(value.to_string()).is_some(),
                    };
                    if given {
                        self.problem(*line, format!("a second `{key}` for step {id}"));
                    }
                }
                Block::Paragraph {
                    line,
                    text,
                    translations,
                } => {
                    let text = self.text(text, translations);
                    self.words_limit(*line, &text, translations);
                    if words.replace(text).is_some() {
                        self.problem(*line, "a step's words are one paragraph");
                    }
                }
                Block::Fence { line, .. } => self.problem(
                    *line,
                    "a step has no fenced block; the scenario stands under the title",
                ),
                Block::Heading { line, level, .. } => self.heading_problem(*line, *level),
            }
        }
        let waits_for = match waits_for {
            Some(Some(waits_for)) => Some(waits_for),
            Some(None) => None,
            None => {
                self.problem(
                    line,
                    format!("step {id} waits for no event: add `- waits for: REASON pod/NAME`"),
                );
                None
            }
        };
        if words.is_none() {
            self.problem(
                line,
                format!("step {id} has no words: a paragraph under its settings"),
            );
        }
        if let Some((mut question, asked_at)) = self.asked.take() {
            question.before = id.to_string();
            self.lines.questions.push(asked_at);
            self.questions.push(question);
        }
        if let (Some(waits_for), Some(words)) = (waits_for, words) {
            self.lines.steps.push(line);
            self.lines.waits_for.push(waits_for_line);
            self.steps.push(Step {
                id: id.to_string(),
                waits_for,
                shows: shows.flatten().unwrap_or_default(),
                command,
                words,
            });
        }
    }

    /// `REASON OBJECT`: the event a step waits for.
    fn waits_for(&mut self, line: usize, value: &str) -> Option<(crate::sim::Reason, String)> {
        let parts: Vec<&str> = value.split_whitespace().collect();
        let [reason, object] = parts[..] else {
            self.problem(
                line,
                format!(
                    "`waits for: {value}`: an event is its reason and object, `IPAMReserve pod/a`"
                ),
            );
            return None;
        };
        match reasons::by_name(reason) {
            Some(found) => Some((found, object.to_string())),
            None => {
                let names = reasons::nearest_names(reason);
                self.problem(
                    line,
                    format!(
                        "no event reason {reason} (the reasons, nearest first: {})",
                        names.join(", ")
                    ),
                );
                None
            }
        }
    }

    fn shows(&mut self, line: usize, value: &str) -> Option<Vec<On>> {
        let names = value.replace('`', " ");
        On::parse_names(&names)
            .map_err(|message| self.problem(line, message))
            .ok()
    }

    /// A problem for each language of `text` past the limit on a step's words.
    fn words_limit(&mut self, line: usize, text: &LessonText, translations: &[Translation]) {
        for lang in Lang::ALL {
            let Some(written) = text.translation(lang) else {
                continue;
            };
            let chars = written.chars().count();
            if chars > MAX_WORDS_CHARS {
                let at = translations
                    .iter()
                    .find(|t| t.lang == lang)
                    .map_or(line, |t| t.line);
                self.problem(at, format!("a step's words are at most {MAX_WORDS_CHARS} characters; these are {chars}"));
            }
        }
    }

    /// The question under a `## Question` heading at `line`: its text, its choices, why.
    fn question(&mut self, line: usize, blocks: &[Block]) -> Option<Question> {
        let (mut text, mut choices, mut correct, mut why) = (None, Vec::new(), Vec::new(), None);
        for block in blocks {
            match block {
                Block::Paragraph {
                    line,
                    text: said,
                    translations,
                } => {
                    let said = self.text(said, translations);
                    let slot = if choices.is_empty() {
                        &mut text
                    } else {
                        &mut why
                    };
                    if slot.replace(said).is_some() {
                        self.problem(
                            *line,
                            "a question is a paragraph, its choices, and a paragraph saying why",
                        );
                    }
                }
                Block::Item {
                    line,
                    text: item,
                    translations,
                } => {
                    let (right, choice) = match item.get(..3) {
                        Some("[ ]") => (false, &item[3..]),
                        Some("[x]" | "[X]") => (true, &item[3..]),
                        _ => {
                            self.problem(
                                *line,
                                "a choice starts with `[ ]`, or `[x]` for the right one",
                            );
                            continue;
                        }
                    };
                    if why.is_some() {
                        self.problem(*line, "the choices come before the paragraph saying why");
                    }
                    if right {
                        correct.push(choices.len());
                    }
                    choices.push(self.text(choice.trim_start(), translations));
                }
                Block::Fence { line, .. } => self.problem(*line, "a question has no fenced block"),
                Block::Heading { line, level, .. } => self.heading_problem(*line, *level),
            }
        }
        if choices.len() < 2 {
            self.problem(line, "a question has at least two choices: `- [ ] …` items");
        }
        match correct.len() {
            1 => {}
            0 => self.problem(line, "no choice is marked right: mark one `- [x]`"),
            n => self.problem(line, format!("{n} choices are marked right; one is")),
        }
        if text.is_none() {
            self.problem(
                line,
                "the question has no text: a paragraph before its choices",
            );
        }
        if why.is_none() {
            self.problem(
                line,
                "the question does not say why: a paragraph after its choices",
            );
        }
        Some(Question {
            before: String::new(),
            text: text?,
            choices,
            correct: *correct.first()?,
            why: why?,
        })
    }

    /// `- [label](https://…)` items.
    fn sources(&mut self, blocks: &[Block]) {
        for block in blocks {
            let source = match block {
                Block::Item { text, .. } => link(text),
                _ => None,
            };
            match source {
                Some(source) if source.url.starts_with("https://") => self.sources.push(source),
                Some(_) => self.problem(block.line(), "a source links to an https:// address"),
                None => self.problem(
                    block.line(),
                    "a source is a link in a list item: `- [owner/repo#123](https://…)`",
                ),
            }
        }
    }
}

/// `key: value` of a list item: its key (lowercase) and its value (a code span's content).
fn setting(item: &str) -> Option<(&str, &str)> {
    let (key, rest) = item.split_once(':')?;
    let key = key.trim();
    let known = ["scenario"]
        .iter()
        .chain(STEP_SETTINGS.iter())
        .find(|k| k.eq_ignore_ascii_case(key))?;
    Some((known, value(rest)))
}

/// `[label](url)`.
fn link(item: &str) -> Option<Source> {
    let (label, rest) = item.strip_prefix('[')?.split_once("](")?;
    let url = rest.strip_suffix(')')?;
    (!label.is_empty() && !url.is_empty() && !url.contains(char::is_whitespace)).then(|| Source {
        label: label.to_string(),
        url: url.to_string(),
    })
}

/// Whether `id` is a step's id: lowercase ASCII letters, digits and dashes, starting with a letter or
/// digit, at most 64 long.
fn is_step_id(id: &str) -> bool {
    id.len() <= 64
        && id.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}
