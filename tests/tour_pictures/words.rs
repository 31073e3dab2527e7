//! Reading a step's words: its clauses, and the pods, nodes, addresses and counts each names.

use std::collections::BTreeSet;

/// An address as the words write it: whole (`10.244.1.2`, `10.244.1.0/24`, `fd00:10:244:1::2`) or by
/// its last part (`.4`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    Whole(String),
    Last(String),
}

impl Address {
    pub fn written(&self) -> &str {
        match self {
            Address::Whole(s) | Address::Last(s) => s,
        }
    }

    pub fn is_subnet(&self) -> bool {
        matches!(self, Address::Whole(s) if s.contains('/') && !s.ends_with("/32") && !s.ends_with("/128"))
    }

    /// Whether `ip` (as the stage holds it) is this address.
    pub fn is(&self, ip: &str) -> bool {
        match self {
            Address::Whole(s) => {
                let bare = s
                    .strip_suffix("/32")
                    .or_else(|| s.strip_suffix("/128"))
                    .unwrap_or(s);
                ip == s || ip == bare || ip.strip_suffix("/32") == Some(bare)
            }
            Address::Last(last) => {
                !ip.contains(['/', ':']) && ip.ends_with(last.as_str()) && {
                    let head = &ip[..ip.len() - last.len()];
                    head.ends_with(|c: char| c.is_ascii_digit())
                }
            }
        }
    }
}

/// What one clause of a step's words names, split into what the picture must hold and what the
/// words name as gone (the step's entry in `NOT_ON_STAGE`).
#[derive(Debug, Default)]
pub struct Clause {
    /// The clause as written.
    pub text: String,
    /// Pods named, in order.
    pub pods: Vec<String>,
    /// Nodes named, in order.
    pub nodes: Vec<String>,
    /// Pods and nodes named as gone.
    pub gone_names: Vec<String>,
    /// Addresses named, in order.
    pub addresses: Vec<Address>,
    /// Addresses named as gone.
    pub gone_addresses: Vec<Address>,
}

impl Clause {
    /// Clause `text`, naming `pods` and `nodes` of the scenario; `gone` as in `NOT_ON_STAGE`.
    pub fn read(text: String, (pods, nodes): (&[String], &[String]), gone: &[&str]) -> Clause {
        let gone_addresses: Vec<Address> = gone.iter().flat_map(|t| addresses(t)).collect();
        let (mut clause, mut gone_names) = (Clause::default(), Vec::new());
        for (names, live) in [(pods, &mut clause.pods), (nodes, &mut clause.nodes)] {
            for name in named(&text, names) {
                match gone.contains(&name.as_str()) {
                    true => gone_names.push(name),
                    false => live.push(name),
                }
            }
        }
        for address in addresses(&text) {
            match gone_addresses.contains(&address) {
                true => clause.gone_addresses.push(address),
                false => clause.addresses.push(address),
            }
        }
        Clause {
            text,
            gone_names,
            ..clause
        }
    }

    /// Whether the clause has one of `words`.
    pub fn says(&self, words: &[&str]) -> bool {
        words.iter().any(|w| self.text.contains(w))
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// The text with quoted messages ('…', “…”, 「…」) cut out, and those messages.
pub fn unquote(text: &str) -> (String, Vec<String>) {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut quotes = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let opens_ascii = c == '\''
            && (i == 0 || chars[i - 1].is_whitespace() || chars[i - 1] == '(')
            && chars.get(i + 1).is_some_and(|n| !n.is_whitespace());
        let close = match c {
            '“' => Some('”'),
            '「' => Some('」'),
            '‘' => Some('’'),
            '\'' if opens_ascii => Some('\''),
            _ => None,
        };
        let end = close.and_then(|close| {
            (i + 1..chars.len()).find(|&j| {
                chars[j] == close
                    && (close != '\'' || chars.get(j + 1).is_none_or(|n| !n.is_alphanumeric()))
            })
        });
        match end {
            Some(end) => {
                quotes.push(chars[i + 1..end].iter().collect());
                out.push('|');
                i = end + 1;
            }
            None => {
                out.push(c);
                i += 1;
            }
        }
    }
    (out, quotes)
}

/// The clauses of a text: split at sentence and clause marks, brackets, and quotes cut out.
pub fn clauses(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let breaks = matches!(
            c,
            '。' | '；' | '，' | '、' | '：' | ';' | '(' | ')' | '（' | '）' | '|' | '—'
        ) || (matches!(c, '.' | ',' | ':' | '!' | '?')
            && next.is_none_or(char::is_whitespace));
        if breaks {
            out.push(String::new());
        } else if let Some(last) = out.last_mut() {
            last.push(c);
        }
    }
    out.retain(|c| !c.trim().is_empty());
    out
}

/// Occurrences of `name` in `text` as a whole word; a one-letter pod name (`a`) only where it cannot
/// be the English article.
pub fn find_name(text: &str, name: &str) -> Vec<usize> {
    text.match_indices(name)
        .filter(|(at, _)| {
            let before = text[..*at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            let whole = before.is_none_or(|c| !is_word_char(c) && c != '.' && c != '/')
                && after.is_none_or(|c| !is_word_char(c));
            let article = name == "a" && {
                let rest = &text[at + 1..];
                !(rest.starts_with("'s")
                    || rest.starts_with(" gets")
                    || rest.starts_with(" 拿到")
                    || rest.starts_with(" 的")
                    || rest.starts_with(" は")
                    || rest.starts_with(" の")
                    || text[..*at].ends_with("Pod "))
            };
            whole && !article
        })
        .map(|(at, _)| at)
        .collect()
}

/// Words between two names that make a range (`web-1 to web-5`, `.4 から .14`).
pub const RANGE_WORDS: &[&str] = &["–", "…", "~", "〜", " to ", " 到 ", " から ", "-"];

/// The pods of `names` the text names, ranges (`web-1 to web-5`, `web-1…3`) expanded, in order.
pub fn named(text: &str, names: &[String]) -> Vec<String> {
    let mut found: Vec<(usize, String)> = Vec::new();
    for name in names {
        for at in find_name(text, name) {
            found.push((at, name.clone()));
            // A range up to a later name of the same stem.
            let (Some((stem, first)), rest) = (name.rsplit_once('-'), &text[at + name.len()..])
            else {
                continue;
            };
            let Ok(first) = first.parse::<u32>() else {
                continue;
            };
            for word in RANGE_WORDS {
                let Some(after) = rest.strip_prefix(word) else {
                    continue;
                };
                let after = after.trim_start();
                let after = after.strip_prefix(&format!("{stem}-")).unwrap_or(after);
                let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
                if let Ok(last) = digits.parse::<u32>() {
                    for n in first + 1..=last {
                        let between = format!("{stem}-{n}");
                        if names.contains(&between) {
                            found.push((at + n as usize - first as usize, between));
                        }
                    }
                }
                break;
            }
        }
    }
    found.sort();
    let mut seen = BTreeSet::new();
    found
        .into_iter()
        .filter(|(_, name)| seen.insert(name.clone()))
        .map(|(_, name)| name)
        .collect()
}

/// The addresses a text names, in order, ranges of last parts (`.4–.6`, `.4 to .14`) expanded.
pub fn addresses(text: &str) -> Vec<Address> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let boundary = |i: usize| {
        i == 0 || {
            let c = chars[i - 1];
            !(c.is_alphanumeric() || matches!(c, '.' | ':' | '_' | '-'))
        }
    };
    while i < chars.len() {
        if !boundary(i) {
            i += 1;
            continue;
        }
        // A whole address: digits and dots (IPv4) or hex and colons (IPv6), maybe a prefix length.
        let token: String = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_hexdigit() || matches!(c, '.' | ':' | '/'))
            .collect();
        let token = token.trim_end_matches(['.', ':']).to_string();
        let (ip, prefix) = token.split_once('/').unwrap_or((&token, ""));
        let whole = ip.parse::<std::net::IpAddr>().is_ok()
            && (ip.contains(':') || ip.split('.').count() == 4)
            && prefix.chars().all(|c| c.is_ascii_digit());
        if whole && !token.is_empty() {
            out.push(Address::Whole(token.clone()));
            i += token.chars().count();
            continue;
        }
        // A last part: `.N`, maybe the start of a range `.N–.M`.
        if chars[i] == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
            let digits: String = chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            let end = i + 1 + digits.len();
            if chars.get(end).is_some_and(|c| c.is_alphanumeric()) {
                i = end;
                continue;
            }
            let first: u32 = digits.parse().unwrap_or_default();
            let rest: String = chars[end..].iter().collect();
            let range_end = RANGE_WORDS.iter().find_map(|word| {
                let after = rest.strip_prefix(word)?.trim_start().strip_prefix('.')?;
                let last: String = after.chars().take_while(char::is_ascii_digit).collect();
                last.parse::<u32>().ok()
            });
            match range_end {
                Some(last) if last > first => {
                    out.extend((first..=last).map(|n| Address::Last(format!(".{n}"))));
                    // Past the range's second end.
                    let skip = rest.find(&format!(".{last}")).map_or(0, |at| {
                        rest[..at].chars().count() + 1 + last.to_string().len()
                    });
                    i = end + skip;
                }
                _ => {
                    out.push(Address::Last(format!(".{first}")));
                    i = end;
                }
            }
            continue;
        }
        i += 1;
    }
    out
}

/// Words (in the three languages) that tell pods run, in a clause about pods.
pub const RUNNING_WORDS: &[&str] = &[
    "running",
    "Running",
    "pods run",
    "run five pods",
    "runs its five pods",
    "运行",
    "跑着",
    "動いて",
];

/// The counts a clause says: standalone numbers (not parts of addresses or times) and small
/// number words.
pub fn numbers(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || ".:/-^".contains(chars[i - 1])));
        if !starts {
            i += 1;
            continue;
        }
        let digits: String = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        i += digits.len();
        let ends = chars
            .get(i)
            .is_none_or(|c| !(c.is_alphanumeric() || ".:/-".contains(*c)));
        if ends {
            out.extend(digits.parse::<usize>().ok());
        }
    }
    let lower = text.to_lowercase();
    for (word, n) in [
        ("three", 3),
        ("five", 5),
        ("ten", 10),
        ("三个", 3),
        ("五个", 5),
        ("十个", 10),
    ] {
        if !find_name(&lower, word).is_empty() || (!word.is_ascii() && text.contains(word)) {
            out.push(n);
        }
    }
    out
}

/// Words (in the three languages) for host-local's files.
pub const FILE_WORDS: &[&str] = &["file", "文件", "ファイル"];

/// Words (in the three languages) that tell a clause's pods failed.
pub const FAIL_WORDS: &[&str] = &["fail", "失败", "失敗"];

#[test]
fn the_words_are_read_as_written() {
    assert_eq!(
        addresses("web-1 to web-3 take .4–.6 of 10.244.0.0/28; fd00:10:244:1::2, .4 to .14."),
        [
            [".4", ".5", ".6"].map(|s| Address::Last(s.into())).to_vec(),
            vec![
                Address::Whole("10.244.0.0/28".into()),
                Address::Whole("fd00:10:244:1::2".into())
            ],
            (4..=14).map(|n| Address::Last(format!(".{n}"))).collect(),
        ]
        .concat()
    );
    // Not addresses: a file's suffix, a version, a time, a cniVersion.
    assert!(addresses("last_reserved_ip.0, main.go, 2.3 s, 1.1.0, /32").is_empty());
    let pods: Vec<String> = ["a", "b", "web-1", "web-2", "web-3", "web-10"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        named("web-1 to web-3 take", &pods),
        ["web-1", "web-2", "web-3"]
    );
    assert_eq!(
        named("web-1 から web-3 が", &pods),
        ["web-1", "web-2", "web-3"]
    );
    assert_eq!(
        named("web-1…3 and web-10", &pods),
        ["web-1", "web-2", "web-3", "web-10"]
    );
    assert_eq!(
        named("a /32 route; Pod a's sandbox; b gets", &pods),
        ["a", "b"]
    );
    assert_eq!(
        unquote("fails: 'no IP addresses available', b's file; 「x」"),
        (
            "fails: |, b's file; |".to_string(),
            vec!["no IP addresses available".to_string(), "x".to_string()]
        )
    );
}
