//! A built-in lesson as the wasm holds it: its file without the Chinese and Japanese lines, cut at
//! compile time. The page loads those from its catalogs (`static/i18n/`) in the reader's language only,
//! as it does every text (`crate::i18n::Text::new`): in the file they were ~22 KB of the first load.
//! A translation is one line (`<!-- zh --> …`, `<!-- zh 1a2b3c4d --> …`), so cutting it leaves the
//! English as the reader reads it (`tests/lessons.rs` holds that).

/// The markers of the lines cut: a translation's, with or without its fingerprint.
const MARKERS: [&[u8]; 2] = [b"<!-- zh ", b"<!-- ja "];

/// Whether the line starting at byte `at` of `text` is a translation.
const fn is_translation(text: &[u8], mut at: usize) -> bool {
    while at < text.len() && (text[at] == b' ' || text[at] == b'\t') {
        at += 1;
    }
    let mut m = 0;
    while m < MARKERS.len() {
        let marker = MARKERS[m];
        let mut k = 0;
        while k < marker.len() && at + k < text.len() && text[at + k] == marker[k] {
            k += 1;
        }
        if k == marker.len() {
            return true;
        }
        m += 1;
    }
    false
}

/// Where the line starting at `at` ends, past its newline.
const fn line_end(text: &[u8], at: usize) -> usize {
    let mut end = at;
    while end < text.len() && text[end] != b'\n' {
        end += 1;
    }
    if end < text.len() {
        end + 1
    } else {
        end
    }
}

/// The length of `text` without its translations.
pub const fn len(text: &str) -> usize {
    let text = text.as_bytes();
    let (mut at, mut len) = (0, 0);
    while at < text.len() {
        let end = line_end(text, at);
        if !is_translation(text, at) {
            len += end - at;
        }
        at = end;
    }
    len
}

/// `text` without its translations, `N` ([`len`]) bytes.
pub const fn bytes<const N: usize>(text: &str) -> [u8; N] {
    let text = text.as_bytes();
    let mut out = [0; N];
    let (mut at, mut n) = (0, 0);
    while at < text.len() {
        let end = line_end(text, at);
        if !is_translation(text, at) {
            let mut k = at;
            while k < end {
                out[n] = text[k];
                n += 1;
                k += 1;
            }
        }
        at = end;
    }
    out
}

/// A built-in lesson file: whole natively, its English alone in the wasm.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! lesson_file {
    ($path:expr) => {
        include_str!($path)
    };
}

/// A built-in lesson file: whole natively, its English alone in the wasm.
#[cfg(target_arch = "wasm32")]
macro_rules! lesson_file {
    ($path:expr) => {{
        const WHOLE: &str = include_str!($path);
        const BYTES: [u8; $crate::tours::english::len(WHOLE)] =
            $crate::tours::english::bytes(WHOLE);
        const ENGLISH: &str = match ::core::str::from_utf8(&BYTES) {
            Ok(text) => text,
            Err(_) => panic!("a lesson file is UTF-8, and cutting whole lines keeps it so"),
        };
        ENGLISH
    }};
}
pub(crate) use lesson_file;

/// `lesson_file!`'s English, at run time: what the wasm holds, for the native tests.
pub fn english_only(text: &str) -> String {
    let mut out = vec![0; len(text)];
    let bytes = text.as_bytes();
    let (mut at, mut n) = (0, 0);
    while at < bytes.len() {
        let end = line_end(bytes, at);
        if !is_translation(bytes, at) {
            out[n..n + end - at].copy_from_slice(&bytes[at..end]);
            n += end - at;
        }
        at = end;
    }
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    /// A translation's line is cut with or without its fingerprint; a comment that only starts like
    /// one (`<!-- zhx -->`) stays, as the reader reads it as a comment.
    #[test]
    fn translations_are_cut_with_their_fingerprints() {
        let text = "# T\n<!-- zh --> 题\n  <!-- ja 1a2b3c4d --> 題\n<!-- zhx -->\nwords\n";
        assert_eq!(super::english_only(text), "# T\n<!-- zhx -->\nwords\n");
    }
}
