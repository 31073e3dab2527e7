//! A presenter's caption as the room reads it: a stop's words in pages that each fit the caption's box,
//! one page a press, never a box that scrolls. The page measures where its lines start (the browser
//! lays the words out); which words each page holds is decided here.

use std::ops::Range;

/// The pieces a line may break between: a word with the spaces after it, or one Chinese or Japanese
/// character (with the punctuation that must stay on its line), in reading order. Joined, they are
/// the text.
///
/// # Examples
///
/// ```
/// use podip::playback::caption::pieces;
/// assert_eq!(pieces("b is gone."), ["b ", "is ", "gone."]);
/// assert_eq!(pieces("b 已删除。"), ["b ", "已", "删", "除。"]);
/// ```
pub fn pieces(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|&(_, n)| n);
        let end = i + c.len_utf8();
        let breaks_after = match next {
            None => true,
            // A space ends a word; the spaces after it stay with it.
            Some(n) if n.is_whitespace() => false,
            Some(_) if c.is_whitespace() => true,
            // Closing punctuation never starts a line, opening punctuation never ends one.
            Some(n) if closes(n) || opens(c) => false,
            Some(n) => is_wide(c) || is_wide(n),
        };
        if breaks_after {
            out.push(&text[start..end]);
            start = end;
        }
    }
    out
}

/// A character laid out one em wide, between any two of which a line may break.
fn is_wide(c: char) -> bool {
    matches!(c as u32, 0x2E80..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// Punctuation that opens what comes after it: it stays at the start of its line.
fn opens(c: char) -> bool {
    "（「『【(".contains(c)
}

/// Punctuation that closes what comes before it: it stays at the end of its line.
fn closes(c: char) -> bool {
    "，。、；：！？）」』】…,.;:!?)".contains(c)
}

/// The pages of a caption: `line_starts` are the indexes of the pieces each laid-out line starts with
/// (the first is 0), `pieces` how many there are, and `lines` how many lines the box holds. A page
/// begins at a line's start, so laid out alone it breaks its lines where the whole text did. A box
/// that holds less than a line still shows one line a page.
///
/// # Examples
///
/// ```
/// use podip::playback::caption::pages;
/// // Five lines in a box of two: three presses.
/// assert_eq!(pages(&[0, 4, 9, 13, 20], 24, 2), [0..9, 9..20, 20..24]);
/// ```
pub fn pages(line_starts: &[usize], pieces: usize, lines: usize) -> Vec<Range<usize>> {
    let lines = lines.max(1);
    let starts: Vec<usize> = line_starts
        .iter()
        .copied()
        .filter(|&start| start < pieces)
        .collect();
    let mut out: Vec<Range<usize>> = starts.chunks(lines).map(|chunk| chunk[0]..pieces).collect();
    for i in 1..out.len() {
        out[i - 1].end = out[i].start;
    }
    if out.is_empty() && pieces > 0 {
        out.push(0..pieces);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces are the text, cut only where a line may break.
    #[test]
    fn pieces_join_back_into_the_text() {
        for text in [
            "d gets 10.244.1.5, not b's .3: host-local continues after last_reserved_ip.",
            "b 的 .3 已空闲；a、c 占用 .2 和 .4。",
            "b の .3 は空いていて、a と c には .2 と .4 が割り当てられています。",
            "  two  spaces ",
            "",
        ] {
            assert_eq!(pieces(text).concat(), text);
            assert!(pieces(text).iter().all(|piece| !piece.is_empty()));
        }
        assert_eq!(pieces("「cni0」です。"), ["「cni0」", "で", "す。"]);
    }

    /// Every piece is on exactly one page, in order, and no page holds more lines than the box.
    #[test]
    fn pages_cover_the_words_once_in_order() {
        let starts = [0, 3, 7, 12, 15, 19, 25];
        for lines in 1..=8 {
            let pages = pages(&starts, 30, lines);
            assert_eq!(pages.first().map(|p| p.start), Some(0));
            assert_eq!(pages.last().map(|p| p.end), Some(30));
            for pair in pages.windows(2) {
                assert_eq!(pair[0].end, pair[1].start);
            }
            for page in &pages {
                let held = starts.iter().filter(|s| page.contains(s)).count();
                assert!(held <= lines.max(1), "{lines}: {page:?}");
            }
            assert_eq!(pages.len(), starts.len().div_ceil(lines));
        }
        assert_eq!(pages(&[0], 5, 0), pages(&[], 5, 1));
        assert_eq!(pages(&[0], 5, 0).first(), Some(&(0..5)));
        assert!(pages(&[], 0, 3).is_empty());
    }
}
