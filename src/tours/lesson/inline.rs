//! Text within a block: a lesson's words are Markdown's inline text, kept as written (code spans,
//! emphasis and links included) — but a paragraph or item that must start with what Markdown would read
//! as the start of a list, heading or quote starts with a backslash, which the reader drops and the
//! writer adds. A setting's value may be a code span (`` `IPAMReserve pod/a` ``), read as its content.

/// Whether a text starting with `text` would be read as something other than text at a line's start.
fn starts_a_block(text: &str) -> bool {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    text.starts_with([
        '\\', '#', '-', '+', '*', '>', '=', '|', '~', '`', '[', '<', '_',
    ]) || (digits > 0
        && matches!(text.as_bytes().get(digits), Some(b'.' | b')'))
        && text[digits + 1..]
            .chars()
            .next()
            .is_none_or(char::is_whitespace))
}

/// A text as a block's text: with a backslash before it where it would start something else.
pub(super) fn escape_start(text: &str) -> String {
    match starts_a_block(text) {
        true => format!("\\{text}"),
        false => text.to_string(),
    }
}

/// A block's text as the lesson's: without the backslash [`escape_start`] puts before it.
pub(super) fn unescape_start(text: &str) -> &str {
    match text.strip_prefix('\\') {
        Some(rest)
            if rest.starts_with(|c: char| c.is_ascii_punctuation() || c.is_ascii_digit()) =>
        {
            rest
        }
        _ => text,
    }
}

/// A value as a code span: in backticks one more than the longest run inside it, padded with a space
/// where it starts or ends with a backtick or a space.
pub(super) fn code_span(value: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in value.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let ticks = "`".repeat(longest + 1);
    let pad = value.starts_with(['`', ' ']) || value.ends_with(['`', ' ']);
    let space = if pad { " " } else { "" };
    format!("{ticks}{space}{value}{space}{ticks}")
}

/// A setting's value: a code span's content, or the value as written.
pub(super) fn value(text: &str) -> &str {
    let text = text.trim();
    let ticks = text.bytes().take_while(|&b| b == b'`').count();
    if ticks == 0 || text.len() < 2 * ticks + 1 {
        return text;
    }
    let fence = &text[..ticks];
    let Some(inner) = text[ticks..].strip_suffix(fence) else {
        return text;
    };
    // The closing run is exactly as long as the opening one.
    if inner.ends_with('`') || inner.starts_with('`') && !inner.starts_with(' ') {
        return text;
    }
    match inner.strip_prefix(' ').and_then(|i| i.strip_suffix(' ')) {
        Some(unpadded) if !inner.trim().is_empty() => unpadded,
        _ => inner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_that_would_start_a_block_is_escaped_and_read_back() {
        for text in [
            "- not a list",
            "# no heading",
            "1. no list",
            "\\r\\n",
            "\\x",
            "[ ] no",
            "plain",
            "2.3 s later",
        ] {
            let written = escape_start(text);
            assert_eq!(unescape_start(&written), text, "{written}");
        }
        assert_eq!(escape_start("2.3 s later"), "2.3 s later");
        assert_eq!(escape_start("2. later"), "\\2. later");
        assert_eq!(escape_start("plain .5"), "plain .5");
    }

    #[test]
    fn a_code_span_holds_any_value() {
        for value in [
            "IPAMReserve pod/a",
            "a `b` c",
            "`x`",
            " x ",
            "``",
            "jsonpath='{.spec}'",
        ] {
            assert_eq!(
                super::value(&code_span(value)),
                value,
                "{}",
                code_span(value)
            );
        }
        assert_eq!(super::value("IPAMReserve pod/a"), "IPAMReserve pod/a");
        assert_eq!(super::value("`half"), "`half");
    }
}
