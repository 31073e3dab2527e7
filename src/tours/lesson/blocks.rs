//! A lesson file's lines grouped into the blocks of its format: headings, paragraphs, list items, fenced
//! blocks, each with the line it starts on and the translations written under it. The subset of
//! Markdown a lesson uses, read by its own grammar (`docs/lessons.md`); what a lesson has no use for
//! (quotes, tables, numbered lists) is a problem at its line, not something silently dropped.

use super::Problem;
use crate::i18n::Lang;

/// One block of a lesson file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Block<'a> {
    /// `# Title`, `## step-id`: its level and text.
    Heading {
        line: usize,
        level: usize,
        text: &'a str,
        translations: Vec<Translation>,
    },
    /// Lines of text up to a blank line, joined by spaces.
    Paragraph {
        line: usize,
        text: String,
        translations: Vec<Translation>,
    },
    /// `- …`: a list item, its continuation lines joined by spaces.
    Item {
        line: usize,
        text: String,
        translations: Vec<Translation>,
    },
    /// A fenced block: its info string, and its body from the line after the fence on.
    Fence {
        line: usize,
        info: &'a str,
        body: String,
    },
}

impl Block<'_> {
    /// The line the block starts on.
    pub(super) fn line(&self) -> usize {
        match self {
            Block::Heading { line, .. }
            | Block::Paragraph { line, .. }
            | Block::Item { line, .. }
            | Block::Fence { line, .. } => *line,
        }
    }

    /// Where a translation under the block goes, if a block of its kind has one.
    fn translations_mut(&mut self) -> Option<&mut Vec<Translation>> {
        match self {
            Block::Heading { translations, .. }
            | Block::Paragraph { translations, .. }
            | Block::Item { translations, .. } => Some(translations),
            Block::Fence { .. } => None,
        }
    }
}

/// `<!-- zh --> …`: the text above it in another language, one line; `<!-- zh 1a2b3c4d --> …` records
/// the fingerprint of the English it was written for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Translation {
    /// Its line.
    pub line: usize,
    /// Its language.
    pub lang: Lang,
    /// The text after the marker.
    pub text: String,
    /// The fingerprint of the English it translates, if the marker records it.
    pub of: Option<u32>,
}

/// The marker that opens a translation into `lang`, written for the English of fingerprint `of`
/// where it is known: `<!-- zh -->`, `<!-- zh 1a2b3c4d -->`.
pub(super) fn marker(lang: Lang, of: Option<u32>) -> String {
    match of {
        None => format!("<!-- {} -->", tag(lang)),
        Some(of) => format!("<!-- {} {of:08x} -->", tag(lang)),
    }
}

fn tag(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Zh => "zh",
        Lang::Ja => "ja",
    }
}

/// A line opening with a translation's marker: its language, its fingerprint if recorded, the text.
fn translation(line: &str) -> Option<(Lang, Option<u32>, &str)> {
    let rest = line.strip_prefix("<!--")?.trim_start();
    let lang = [Lang::Zh, Lang::Ja]
        .into_iter()
        .find(|&lang| rest.starts_with(tag(lang)))?;
    let (inside, text) = rest[2..].split_once("-->")?;
    let of = match inside.trim() {
        "" => None,
        hex if hex.len() == 8 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            Some(u32::from_str_radix(hex, 16).ok()?)
        }
        _ => return None,
    };
    // `<!-- zh -->` with a space: `<!-- zhx -->` is a comment.
    (inside.is_empty() || inside.starts_with(' ')).then_some((lang, of, text.trim()))
}

/// What one line is.
enum Line<'a> {
    Blank,
    Heading(usize, &'a str),
    Translation(Lang, Option<u32>, &'a str),
    /// A comment closed on its line, or the start of one that is not (`false`).
    Comment(bool),
    Item(&'a str),
    Fence(&'a str),
    /// Markdown a lesson has no use for.
    Unused(&'static str),
    Text(&'a str),
}

/// Whether `line` (trimmed) starts a numbered list item: `1.` or `1)` and a space.
fn numbered(line: &str) -> bool {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0
        && matches!(line.as_bytes().get(digits), Some(b'.' | b')'))
        && line[digits + 1..].starts_with([' ', '\t'])
}

fn classify(raw: &str) -> Line<'_> {
    let line = raw.trim();
    if line.is_empty() {
        return Line::Blank;
    }
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    if (1..=6).contains(&hashes)
        && (line.len() == hashes || line[hashes..].starts_with([' ', '\t']))
    {
        return Line::Heading(hashes, line[hashes..].trim());
    }
    if let Some((lang, of, text)) = translation(line) {
        return Line::Translation(lang, of, text);
    }
    if line.starts_with("<!--") {
        return Line::Comment(line.contains("-->"));
    }
    if line.starts_with("```") || line.starts_with("~~~") {
        return Line::Fence(line);
    }
    if let Some(item) = ["- ", "* ", "+ "].iter().find_map(|b| line.strip_prefix(b)) {
        return Line::Item(item.trim());
    }
    if numbered(line) {
        return Line::Unused("a numbered list (a question's choices are `- [ ]` items)");
    }
    if line.starts_with('>') {
        return Line::Unused("a quote");
    }
    if line.starts_with('|') {
        return Line::Unused("a table");
    }
    if line.len() >= 3
        && line
            .bytes()
            .all(|b| b == b'-' || b == b'=' || b == b'*' || b == b'_' || b == b' ')
    {
        return Line::Unused("a rule or heading underline");
    }
    Line::Text(line)
}

/// Where text on the next line goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum After {
    /// A blank line, a heading, a fence or the start: text starts a paragraph.
    Break,
    /// A paragraph or item line: text continues it.
    Text,
    /// A translation: text directly under it is a second line, which a translation may not have.
    Translation,
}

/// The blocks of `text`, and the problems of lines no block takes.
pub(super) fn blocks(text: &str) -> (Vec<Block<'_>>, Vec<Problem>) {
    let mut blocks: Vec<Block> = Vec::new();
    let mut problems = Vec::new();
    let mut after = After::Break;
    // The block a translation belongs to: the last heading, paragraph or item, until another block.
    let mut translatable = false;
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    while let Some((number, raw)) = lines.next() {
        match classify(raw) {
            Line::Blank => after = After::Break,
            Line::Heading(level, heading) => {
                blocks.push(Block::Heading {
                    line: number,
                    level,
                    text: heading,
                    translations: Vec::new(),
                });
                (after, translatable) = (After::Break, true);
            }
            Line::Translation(lang, of, translated) => {
                let last = blocks.last_mut().filter(|_| translatable);
                match last.and_then(Block::translations_mut) {
                    Some(translations) => translations.push(Translation {
                        line: number,
                        lang,
                        text: translated.to_string(),
                        of,
                    }),
                    None => problems.push(Problem::at(
                        number,
                        "a translation with no text above it to translate",
                    )),
                }
                after = After::Translation;
            }
            Line::Comment(closed) => {
                if !closed && !lines.by_ref().any(|(_, l)| l.contains("-->")) {
                    problems.push(Problem::at(number, "this comment is never closed (-->)"));
                }
            }
            Line::Fence(fence) => {
                let (mark, len) = (
                    fence.as_bytes()[0],
                    fence
                        .bytes()
                        .take_while(|&b| b == fence.as_bytes()[0])
                        .count(),
                );
                let info = fence[len..].trim();
                let mut body = String::new();
                let mut closed = false;
                for (_, l) in lines.by_ref() {
                    let t = l.trim();
                    if t.bytes().take_while(|&b| b == mark).count() >= len
                        && t.bytes().all(|b| b == mark)
                    {
                        closed = true;
                        break;
                    }
                    body.push_str(l);
                    body.push('\n');
                }
                if !closed {
                    problems.push(Problem::at(number, "this fenced block is never closed"));
                }
                blocks.push(Block::Fence {
                    line: number,
                    info,
                    body,
                });
                (after, translatable) = (After::Break, false);
            }
            Line::Item(item) => {
                blocks.push(Block::Item {
                    line: number,
                    text: item.to_string(),
                    translations: Vec::new(),
                });
                (after, translatable) = (After::Text, true);
            }
            Line::Unused(what) => {
                problems.push(Problem::at(
                    number,
                    format!("{what} is not part of a lesson"),
                ));
                (after, translatable) = (After::Break, false);
            }
            Line::Text(line) => match (after, blocks.last_mut()) {
                (After::Text, Some(Block::Paragraph { text, .. } | Block::Item { text, .. })) => {
                    text.push(' ');
                    text.push_str(line);
                }
                (After::Translation, _) => {
                    problems.push(Problem::at(
                        number,
                        "a translation is one line: join this line to the one above, or leave a blank line before it",
                    ));
                }
                _ => {
                    blocks.push(Block::Paragraph {
                        line: number,
                        text: line.to_string(),
                        translations: Vec::new(),
                    });
                    (after, translatable) = (After::Text, true);
                }
            },
        }
    }
    (blocks, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_group_into_blocks_with_their_translations() {
        let (blocks, problems) = blocks(
            "# Title\n<!-- zh --> 标题\n\nOne\ntwo.\n\n<!-- ja 1a2b3c4d --> 一。\n\n- [x] a\n  <!-- zh --> 甲\n- b\n  more\n\n```podip\nwait 1s\n```\n",
        );
        assert_eq!(problems, []);
        let zh = |line, text: &str| Translation {
            line,
            lang: Lang::Zh,
            text: text.into(),
            of: None,
        };
        assert_eq!(
            blocks,
            [
                Block::Heading {
                    line: 1,
                    level: 1,
                    text: "Title",
                    translations: vec![zh(2, "标题")]
                },
                Block::Paragraph {
                    line: 4,
                    text: "One two.".into(),
                    translations: vec![Translation {
                        line: 7,
                        lang: Lang::Ja,
                        text: "一。".into(),
                        of: Some(0x1a2b_3c4d),
                    }],
                },
                Block::Item {
                    line: 9,
                    text: "[x] a".into(),
                    translations: vec![zh(10, "甲")]
                },
                Block::Item {
                    line: 11,
                    text: "b more".into(),
                    translations: vec![]
                },
                Block::Fence {
                    line: 14,
                    info: "podip",
                    body: "wait 1s\n".into()
                },
            ]
        );
    }

    #[test]
    fn what_a_lesson_has_no_use_for_is_a_problem_at_its_line() {
        let lines = |text| blocks(text).1.iter().map(|p| p.line).collect::<Vec<_>>();
        let text = "<!-- zh --> 无\n> quote\n1. one\nText\n<!-- zh --> 文\nmore\n```\nopen\n<!-- in the fence";
        assert_eq!(lines(text), [1, 2, 3, 6, 7]);
        assert_eq!(lines("Text\n\n<!-- open\n\nstill a comment"), [3]);
    }
}
