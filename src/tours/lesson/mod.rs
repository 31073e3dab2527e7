//! A lesson file: a tour written as Markdown, by anyone (`docs/lessons.md` is its reference, with a
//! complete example). The ten built-in tours are such files (`lessons/*.md`), read by this same
//! parser.
//!
//! * `blocks.rs` groups the file's lines into headings, paragraphs, list items and fenced blocks, each
//!   with its line and the translations under it;
//! * `read.rs` reads those blocks as a [`Tour`]: its title, introduction and scenario, its steps, the
//!   questions before them, its sources;
//! * [`draft`] is a lesson being written in the app, step by step, and `write.rs` writes it (or a
//!   [`Tour`]) as a file the reader reads as the same tour; `kept.rs` is the draft as the browser keeps
//!   it between visits;
//! * [`mod@check`] runs the lesson's scenario and holds its steps to the run: each step's event comes, in
//!   order;
//! * [`reasons`] names every event reason a step may wait for;
//! * [`address`] says where a page may fetch a lesson from, and why a fetch failed.
//!
//! Every problem is a [`Problem`] at its line, and a file has them all reported at once; nothing a file
//! holds makes the reader panic, and the limits are checked before anything is read.

pub mod address;
mod blocks;
pub mod check;
pub mod draft;
mod inline;
mod kept;
mod legacy;
mod read;
pub mod reasons;
mod write;

pub use check::{check, Checked};
pub use read::Lines;
pub use write::write;

use super::Tour;
use crate::order;
use std::fmt;

/// The largest lesson file read, in bytes.
pub const MAX_FILE_BYTES: usize = 256 * 1024;
/// The most steps a lesson has.
pub const MAX_STEPS: usize = 100;
/// The most characters of words a step has, in each language.
pub const MAX_WORDS_CHARS: usize = 2_000;

/// What is wrong with a lesson, at a line of its file. Displays as `line N: …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl Problem {
    /// A problem at `line`.
    pub fn at(line: usize, message: impl Into<String>) -> Problem {
        Problem {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A lesson as its file wrote it: the tour, and the line each part of it is on.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// The tour it tells.
    pub tour: Tour,
    /// Where each part is in the file.
    pub lines: Lines,
}

/// The lesson a file holds, named `name` (its file's stem: `kind`, `my-cluster`), or every problem it
/// has, in the order of their lines.
///
/// # Examples
/// ```
/// use podip::tours::lesson;
/// let text = [
///     "# Pod a", "", "- scenario: `kind`", "", "A pod gets an address.", "",
///     "## a-reserved", "", "- waits for: `IPAMReserve pod/a`", "", "host-local reserves .2.",
/// ]
/// .join("\n");
/// let lesson = lesson::parse("mine", &text).unwrap();
/// assert_eq!(lesson.tour.steps[0].id, "a-reserved");
/// let broken = text.replace("IPAMReserve", "IPAMReserved");
/// let problems = lesson::parse("mine", &broken).unwrap_err();
/// assert!(problems[0].to_string().starts_with("line 9: no event reason IPAMReserved"));
/// ```
pub fn parse(name: &str, text: &str) -> Result<Lesson, Vec<Problem>> {
    match read_as_far_as_it_goes(name, text) {
        (Some(lesson), problems) if problems.is_empty() => Ok(lesson),
        (_, problems) => Err(problems),
    }
}

/// The lesson `text` holds as far as it could be read (if it names a scenario), and every problem met,
/// in the order of their lines.
fn read_as_far_as_it_goes(name: &str, text: &str) -> (Option<Lesson>, Vec<Problem>) {
    if let Some(problem) = too_large(text.len()) {
        return (None, vec![problem]);
    }
    let (blocks, mut problems) = blocks::blocks(text);
    let read = read::read(name, &blocks);
    problems.extend(read.problems);
    order::sort_by_key(&mut problems, |p| p.line);
    (read.lesson, problems)
}

/// The problem of a file of `len` bytes past [`MAX_FILE_BYTES`], checked before anything is read.
fn too_large(len: usize) -> Option<Problem> {
    (len > MAX_FILE_BYTES).then(|| {
        Problem::at(
            1,
            format!(
                "the file is {} KB; a lesson is at most {} KB",
                len.div_ceil(1024),
                MAX_FILE_BYTES / 1024
            ),
        )
    })
}

/// A file's bytes as a lesson's text: at most [`MAX_FILE_BYTES`], UTF-8 (invalid UTF-8 is a problem at
/// the line it is on).
pub fn text_of(bytes: &[u8]) -> Result<&str, Problem> {
    if let Some(problem) = too_large(bytes.len()) {
        return Err(problem);
    }
    std::str::from_utf8(bytes).map_err(|err| {
        let valid = &bytes[..err.valid_up_to()];
        let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
        Problem::at(
            line,
            "the file is not UTF-8 text (a lesson is Markdown in UTF-8)",
        )
    })
}

/// [`parse`] of a file's bytes ([`text_of`]).
pub fn parse_bytes(name: &str, bytes: &[u8]) -> Result<Lesson, Vec<Problem>> {
    parse(name, text_of(bytes).map_err(|problem| vec![problem])?)
}
