//! Where a lesson may come from when a page fetches it (a figure's `lesson="…"`, a link's lesson): an
//! https address, an http one on the reader's own machine (an author's preview), or a path on the
//! page's own site; and what the page says, plainly, when the fetch fails.

/// The most characters of a lesson's address.
pub const MAX_ADDRESS_LEN: usize = 2_048;

/// `given` if a page may fetch a lesson from it, trimmed; else why not.
///
/// # Examples
/// ```
/// use podip::tours::lesson::address::fetchable;
/// assert_eq!(fetchable(" /lessons/mine.md "), Ok("/lessons/mine.md"));
/// assert!(fetchable("https://example.org/mine.md").is_ok());
/// assert!(fetchable("javascript:alert(1)").unwrap_err().contains("https"));
/// ```
pub fn fetchable(given: &str) -> Result<&str, String> {
    let address = given.trim();
    let refused = |why: &str| {
        Err(format!(
            "the lesson's address {address:?} {why}; a lesson comes from an https address or a path on this site"
        ))
    };
    if address.is_empty() {
        return Err("the lesson's address is empty".to_string());
    }
    if address.chars().count() > MAX_ADDRESS_LEN {
        return refused(&format!("is longer than {MAX_ADDRESS_LEN} characters"));
    }
    if address.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return refused("holds spaces or control characters");
    }
    if address.starts_with("//") || address.starts_with("\\\\") {
        return refused("names another site without https:");
    }
    match scheme(address) {
        None => Ok(address),
        Some(scheme) if scheme.eq_ignore_ascii_case("https") => Ok(address),
        Some(scheme) if scheme.eq_ignore_ascii_case("http") && on_this_machine(address) => {
            Ok(address)
        }
        Some(scheme) => refused(&format!("is {scheme}:")),
    }
}

/// The scheme of `address`, if it has one (`https` of `https://…`): letters, digits, `+`, `-` and `.`
/// before the first `:`, with no `/`, `?` or `#` before it.
fn scheme(address: &str) -> Option<&str> {
    let colon = address.find(':')?;
    let head = &address[..colon];
    let first = head.chars().next()?;
    (first.is_ascii_alphabetic()
        && head
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some(head)
}

/// `http://localhost…`, `http://127.0.0.1…` or `http://[::1]…`: browsers trust the reader's own machine.
fn on_this_machine(address: &str) -> bool {
    let Some(rest) = address.get("http://".len()..) else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    };
    matches!(
        host.to_ascii_lowercase().as_str(),
        "localhost" | "127.0.0.1" | "::1"
    )
}

/// A lesson's name from its address: its file's stem (`mine` of `…/lessons/mine.md?x`), or `lesson`.
pub fn name_of(address: &str) -> &str {
    let path = address.split(['?', '#']).next().unwrap_or_default();
    let file = path.rsplit('/').next().unwrap_or_default();
    let stem = file.split('.').next().unwrap_or_default();
    if stem.is_empty() {
        "lesson"
    } else {
        stem
    }
}

/// What the page says when the lesson at `address` could not be fetched: `status` is the HTTP answer's
/// (`Some((404, "Not Found"))`), or `None` when the browser had none to give — no network, or another
/// site that does not let this one read the file (CORS).
pub fn fetch_failed(address: &str, status: Option<(u16, &str)>) -> String {
    match status {
        Some((code, text)) => format!(
            "the lesson {address} could not be fetched: the server answered HTTP {code} {text}"
        )
        .trim_end()
        .to_string(),
        None => format!(
            "the lesson {address} could not be fetched: no answer, or its server does not let this \
             site read it (CORS: it must send Access-Control-Allow-Origin)"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_this_machine_and_paths_are_fetched() {
        for given in [
            "https://example.org/l/mine.md",
            "HTTPS://example.org/mine.md",
            "http://localhost:3000/mine.md",
            "http://127.0.0.1/mine.md",
            "http://[::1]:8080/mine.md",
            "/lessons/mine.md",
            "lessons/mine.md",
            "../mine.md?v=2",
            "mine.md#x:y",
        ] {
            assert_eq!(fetchable(given), Ok(given), "{given}");
        }
    }

    #[test]
    fn other_schemes_and_sites_are_refused_by_name() {
        for (given, said) in [
            ("javascript:alert(1)", "is javascript:"),
            ("data:text/plain,hi", "is data:"),
            ("http://example.org/mine.md", "is http:"),
            ("http://localhost.evil.org/mine.md", "is http:"),
            ("file:///etc/passwd", "is file:"),
            ("//example.org/mine.md", "another site"),
            ("/a b.md", "spaces"),
            ("", "empty"),
        ] {
            let err = fetchable(given).expect_err(given);
            assert!(err.contains(said), "{given}: {err}");
        }
        let long = format!("/{}", "a".repeat(MAX_ADDRESS_LEN));
        assert!(fetchable(&long).unwrap_err().contains("longer"));
    }

    #[test]
    fn names_and_failures() {
        assert_eq!(name_of("https://h/lessons/mine.md?x=1"), "mine");
        assert_eq!(name_of("/"), "lesson");
        assert_eq!(
            fetch_failed("/l.md", Some((404, "Not Found"))),
            "the lesson /l.md could not be fetched: the server answered HTTP 404 Not Found"
        );
        assert!(fetch_failed("https://h/l.md", None).contains("CORS"));
    }
}
