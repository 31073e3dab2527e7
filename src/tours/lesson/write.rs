//! A draft written as a lesson file, which [`super::parse`] reads back as the same tour: what "download
//! the lesson" gives, and the form the built-in lessons are kept in.

use super::blocks::marker;
use super::draft::{source_line, Draft, DraftScenario, DraftStep};
use super::inline::{code_span, escape_start};
use crate::i18n::Lang;
use crate::tours::{LessonText, Tour};
use std::fmt::Write;

/// `tour` as a lesson file.
pub fn write(tour: &Tour) -> String {
    Draft::of(tour).write()
}

impl Draft {
    /// The draft as a lesson file.
    pub fn write(&self) -> String {
        let mut out = String::new();
        out.push_str("# ");
        paragraph(&mut out, &self.title);
        match &self.scenario {
            DraftScenario::Builtin(name) => {
                let _ = writeln!(out, "- scenario: {}\n", code_span(name));
            }
            DraftScenario::Written(text) => {
                let fence = "`".repeat(3.max(longest_backtick_run(text) + 1));
                // Typed in the app, the text may not end its last line.
                let end = if text.ends_with('\n') { "" } else { "\n" };
                let _ = writeln!(out, "{fence}podip\n{text}{end}{fence}\n");
            }
        }
        paragraph(&mut out, &self.intro);
        for step in &self.steps {
            if let Some(question) = &step.question {
                out.push_str("## Question\n\n");
                paragraph(&mut out, &question.text);
                for (index, choice) in question.choices.iter().enumerate() {
                    let mark = if index == question.correct { 'x' } else { ' ' };
                    let _ = writeln!(out, "- [{mark}] {}", escape_start(&choice.en));
                    for (lang, translated, of) in translations(choice) {
                        let _ =
                            writeln!(out, "  {} {}", marker(lang, of), escape_start(translated));
                    }
                }
                out.push('\n');
                paragraph(&mut out, &question.why);
            }
            write_step(&mut out, step);
        }
        if !self.sources.is_empty() {
            out.push_str("## Sources\n\n");
            for source in &self.sources {
                let _ = writeln!(out, "- {}", source_line(source));
            }
        }
        while out.ends_with("\n\n") {
            out.pop();
        }
        out
    }
}

fn write_step(out: &mut String, step: &DraftStep) {
    let _ = writeln!(out, "## {}\n", step.id);
    let _ = writeln!(out, "- waits for: {}", code_span(step.waits_for.trim()));
    if !step.shows.is_empty() {
        let names: Vec<String> = step.shows.iter().map(|n| code_span(n)).collect();
        let _ = writeln!(out, "- shows: {}", names.join(" "));
    }
    if let Some(command) = &step.command {
        let _ = writeln!(out, "- command: {}", code_span(command));
    }
    out.push('\n');
    paragraph(out, &step.words);
}

/// A text's English as a paragraph, then each translation as a paragraph of its own.
fn paragraph(out: &mut String, text: &LessonText) {
    let _ = writeln!(out, "{}\n", escape_start(&text.en));
    for (lang, translated, of) in translations(text) {
        let _ = writeln!(out, "{} {}\n", marker(lang, of), escape_start(translated));
    }
}

/// A text's translations that say something other than its English (a choice such as `10.244.1.0/24`
/// reads the same in every language, and the reader gives the English where a translation is missing),
/// stale or not, each with the fingerprint of the English it was written for where that is known.
fn translations(text: &LessonText) -> impl Iterator<Item = (Lang, &str, Option<u32>)> {
    [Lang::Zh, Lang::Ja]
        .into_iter()
        .filter_map(|lang| Some((lang, text.translation(lang)?, text.written_for(lang))))
        .filter(|(_, translated, _)| *translated != text.en)
}

fn longest_backtick_run(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}
