//! The numbers of a text as a reader takes them: whole addresses and subnets (`10.244.1.2`,
//! `10.244.1.0/24`, `fd00:10:244:1::2`), an IPv4 address by its last part (`.5`, each end of
//! `.2–.6`), a prefix length alone (`/24`) and plain counts (`256 subnets`), each with where it is. A
//! whole address is read after `=` too (`FLANNEL_SUBNET=10.244.1.1/24`), where a count is a name's.

use std::net::IpAddr;
use std::ops::Range;

/// A number as the words write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// A whole address, with its prefix length if written (`10.244.1.0/24`, `10.244.1.1/32`).
    Whole(IpAddr, Option<u8>),
    /// An IPv4 address by its last part: `.5`.
    Last(u8),
    /// A prefix length written alone: `/24`.
    Prefix(u8),
    /// A count: a number standing alone, not a time, a version or a part of a name.
    Count(u64),
}

/// Whether `c`, just before a number, makes it part of a word, a name or a longer number.
fn joins_before(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '.' | ':' | '/' | '#' | '-' | '^' | '@' | '$' | '=')
}

/// Whether the text from a number's end makes it part of a longer token.
fn joins_after(rest: &str) -> bool {
    let mut chars = rest.chars();
    match chars.next() {
        Some(c) if c.is_alphanumeric() || matches!(c, '_' | '@') => true,
        // A label's colon or a clause's dash ends the number; `:80`, `/24`, `-1` continue it.
        Some(':' | '/' | '-') => chars.next().is_some_and(char::is_alphanumeric),
        Some('.') => chars.next().is_some_and(|n| n.is_ascii_digit()),
        _ => false,
    }
}

/// Whether the text after a count names a unit of time (`2 s`, `5 ms`, `10 秒`): a duration, not a
/// count.
fn is_time(rest: &str) -> bool {
    let rest = rest.strip_prefix(' ').unwrap_or(rest);
    let unit = |u: &str| {
        rest.strip_prefix(u)
            .is_some_and(|after| after.chars().next().is_none_or(|c| !c.is_alphabetic()))
    };
    unit("s")
        || unit("ms")
        || ["秒", "毫秒", "ミリ秒", "分"]
            .iter()
            .any(|u| rest.starts_with(u))
}

/// The leading run of ASCII digits of `text`.
fn digits(text: &str) -> &str {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    &text[..end]
}

/// A whole address or subnet at the start of `text`, and its length in bytes.
fn whole(text: &str) -> Option<(Token, usize)> {
    let end = text
        .find(|c: char| !(c.is_ascii_hexdigit() || matches!(c, '.' | ':' | '/')))
        .unwrap_or(text.len());
    let mut candidate = &text[..end];
    // A sentence's full stop or a label's colon after the address is not part of it.
    while !candidate.is_empty() {
        let (ip, prefix) = candidate.split_once('/').unwrap_or((candidate, ""));
        let prefix_ok = prefix.is_empty() && !candidate.ends_with('/')
            || (!prefix.is_empty() && prefix.chars().all(|c| c.is_ascii_digit()));
        if let (Ok(addr), true) = (ip.parse::<IpAddr>(), prefix_ok) {
            let dotted = addr.is_ipv6() || ip.split('.').count() == 4;
            let length = prefix.parse::<u8>().ok();
            if dotted && (prefix.is_empty() || length.is_some()) {
                return Some((Token::Whole(addr, length), candidate.len()));
            }
        }
        match candidate.strip_suffix(['.', ':']) {
            Some(shorter) => candidate = shorter,
            None => return None,
        }
    }
    None
}

/// The numbers of `text`, in order, each with its byte range.
pub fn tokens(text: &str) -> Vec<(Range<usize>, Token)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let Some(c) = rest.chars().next() else { break };
        let before = text[..at].chars().next_back();
        let free = before.is_none_or(|b| !joins_before(b));
        // `NAME=10.244.1.1/24`: the value of a setting, an address to a reader.
        let assigned = before == Some('=');
        // host-local's `10.244.0.1-10.244.0.14`: a range of two whole addresses.
        let ranged = before == Some('-')
            && text[..at - 1].ends_with(|b: char| b.is_ascii_digit())
            && c.is_ascii_digit();
        let found = if !free && !ranged && !assigned {
            None
        } else if c.is_ascii_hexdigit() {
            let to_next = |after: &str| {
                after.starts_with('-') && after[1..].starts_with(|n: char| n.is_ascii_digit())
            };
            whole(rest)
                .filter(|(_, len)| !joins_after(&rest[*len..]) || to_next(&rest[*len..]))
                .or_else(|| {
                    let run = digits(rest);
                    let after = &rest[run.len()..];
                    // `10–15 s` is a span of time, each end a duration.
                    let span = after.starts_with(['–', '~', '〜']);
                    let count =
                        free && !run.is_empty() && !joins_after(after) && !span && !is_time(after);
                    count
                        .then(|| run.parse().ok().map(|n| (Token::Count(n), run.len())))
                        .flatten()
                })
        } else if free && (c == '.' || c == '/') {
            let run = digits(&rest[1..]);
            let after = &rest[1 + run.len()..];
            let number = run.parse::<u8>().ok().filter(|_| !joins_after(after));
            number.map(|n| match c {
                '.' => (Token::Last(n), 1 + run.len()),
                _ => (Token::Prefix(n), 1 + run.len()),
            })
        } else {
            None
        };
        match found {
            Some((token, len)) => {
                out.push((at..at + len, token));
                at += len;
            }
            None => at += c.len_utf8(),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Token> {
        tokens(text).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn the_numbers_of_a_text_are_read_as_a_reader_takes_them() {
        let ip = |s: &str| s.parse::<IpAddr>().expect("an address");
        assert_eq!(
            read("d gets 10.244.1.5, not b's .3: every node gets a /24 of 10.244.0.0/16."),
            [
                Token::Whole(ip("10.244.1.5"), None),
                Token::Last(3),
                Token::Prefix(24),
                Token::Whole(ip("10.244.0.0"), Some(16)),
            ]
        );
        assert_eq!(
            read("web-1 to web-61 get .2–.62 of 64 addresses; fd00:10:244:1::/64 and fd00:10:244:1::2."),
            [
                Token::Last(2),
                Token::Last(62),
                Token::Count(64),
                Token::Whole(ip("fd00:10:244:1::"), Some(64)),
                Token::Whole(ip("fd00:10:244:1::2"), None),
            ]
        );
        assert_eq!(
            read("FLANNEL_SUBNET=10.244.1.1/24, IP=fd00::5, --max-pods=110, CNI_IFNAME=eth0"),
            [
                Token::Whole(ip("10.244.1.1"), Some(24)),
                Token::Whole(ip("fd00::5"), None)
            ]
        );
        assert_eq!(
            read("range set: 10.244.0.1-10.244.0.14'"),
            [
                Token::Whole(ip("10.244.0.1"), None),
                Token::Whole(ip("10.244.0.14"), None)
            ]
        );
        // Not numbers of the run: times, versions, files, issues, names, a cursor's file.
        assert!(read(
            "2.3 s, 10–15 s, 5 ms, 2 秒, 1.22, cniVersion 1.1.0, 10-kindnet.conflist, #3039, web-61, last_reserved_ip.0, @if4, /etc/cni"
        )
        .is_empty());
    }
}
