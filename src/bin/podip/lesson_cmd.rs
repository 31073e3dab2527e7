//! `podip lesson check FILE` and `podip lesson run FILE`: a lesson file read and held to its run, as
//! the page reads it, every problem with its line.

use podip::i18n::Lang;
use podip::tours::lesson::{self, Checked};
use podip::tours::TourId;
use std::io::Read;

/// What to do with a lesson.
#[derive(clap::Subcommand)]
pub enum LessonCommand {
    /// Read a lesson, run its scenario and hold its steps to the run: every problem, with its line.
    Check {
        #[arg(help = format!("The lesson: a file, `-` for standard input, or `builtin:NAME` ({})", TourId::names()))]
        file: String,
    },
    /// Print the run's transcript (as `podip run` does) with the lesson's steps placed in it.
    Run {
        #[arg(help = format!("The lesson: a file, `-` for standard input, or `builtin:NAME` ({})", TourId::names()))]
        file: String,
    },
}

/// The lesson at `source` (a path, `-`, `builtin:NAME`): its name, its label for messages and its bytes.
pub fn read_lesson(source: &str) -> Result<(String, String, Vec<u8>), String> {
    if let Some(name) = source.strip_prefix("builtin:") {
        let id = TourId::from_name(name).ok_or_else(|| {
            format!(
                "no built-in lesson {name:?} (there are: {})",
                TourId::names()
            )
        })?;
        return Ok((
            name.to_string(),
            format!("lessons/{name}.md"),
            id.source().into(),
        ));
    }
    let mut bytes = Vec::new();
    let result = match source {
        "-" => std::io::stdin()
            .take(lesson::MAX_FILE_BYTES as u64 + 1)
            .read_to_end(&mut bytes),
        path => std::fs::File::open(path).and_then(|file| {
            file.take(lesson::MAX_FILE_BYTES as u64 + 1)
                .read_to_end(&mut bytes)
        }),
    };
    result.map_err(|err| format!("cannot read {source}: {err}"))?;
    let name = std::path::Path::new(source)
        .file_stem()
        .and_then(|stem| stem.to_str())
        .filter(|_| source != "-")
        .unwrap_or("lesson");
    let label = if source == "-" { "<stdin>" } else { source };
    Ok((name.to_string(), label.to_string(), bytes))
}

/// The lesson at `source`, checked; or every problem, one a line, each with its file and line.
pub fn checked(source: &str) -> Result<Checked, String> {
    let (name, label, bytes) = read_lesson(source)?;
    let text = lesson::text_of(&bytes).map_err(|problem| report(&label, &[problem]))?;
    lesson::check(&name, text).map_err(|problems| report(&label, &problems))
}

/// Problems as `FILE:LINE: message`, one a line.
fn report(label: &str, problems: &[lesson::Problem]) -> String {
    let lines: Vec<String> = problems
        .iter()
        .map(|p| format!("{label}:{}: {}", p.line, p.message))
        .collect();
    format!("{} problem(s)\n{}", problems.len(), lines.join("\n"))
}

/// Run `command`.
pub fn run(command: &LessonCommand) -> Result<String, String> {
    match command {
        LessonCommand::Check { file } => {
            let checked = checked(file)?;
            let tour = &checked.lesson.tour;
            let last = checked.placed.last().and_then(|&i| checked.events.get(i));
            let mut out = format!(
                "{file}: {} steps, {} questions; every step's event comes in its run, in order (the last at {})\n",
                tour.steps.len(),
                tour.questions.len(),
                last.map_or_else(String::new, |event| event.time_ms.to_string()),
            );
            for lang in [Lang::Zh, Lang::Ja] {
                let (written, all) = tour.written_in(lang);
                let stale = tour.stale_in(lang);
                if written < all {
                    let stale = match stale {
                        0 => String::new(),
                        n => format!(" ({n} of them stale: written for an English changed since)"),
                    };
                    out.push_str(&format!(
                        "{}: {written} of {all} texts written; the page shows the others in English{stale}\n",
                        lang.native_name()
                    ));
                }
            }
            Ok(out)
        }
        LessonCommand::Run { file } => Ok(checked(file)?.transcript()),
    }
}
