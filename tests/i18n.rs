//! Every text exists in every language, the Kubernetes words stay as the real tools print them, and the
//! catalogs the page loads its Chinese and Japanese from (`static/i18n/`) are these texts. After
//! changing a text, regenerate the catalogs with `PODIP_BLESS=1 cargo test --test i18n`.
//!
//! Native only: in the wasm a text holds just its English (`Text::new`).
#![cfg(not(target_arch = "wasm32"))]

use podip::i18n::{narration, ui, Lang, Text};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Every text of the interface with its name.
fn every_text() -> Vec<(String, Text)> {
    let mut all: Vec<(String, Text)> = ui::ALL
        .iter()
        .map(|(name, text)| (name.to_string(), *text))
        .collect();
    all.extend(narration::all());
    all
}

/// The terms of an English text: tokens that are flags, numbers, addresses, file names, function
/// names or acronyms — what must appear verbatim in every translation.
fn terms(english: &str) -> Vec<&str> {
    english
        .split(|c: char| c.is_whitespace() || ",;()'\"“”".contains(c))
        .map(|t| t.trim_end_matches(['.', ':', '!', '?']))
        // A plural acronym is the acronym: "IPs" → "IP", "PATCHes" → "PATCH".
        .map(
            |t| match t.strip_suffix("es").or_else(|| t.strip_suffix('s')) {
                Some(stem) if stem.len() > 1 && stem.chars().all(|c| c.is_ascii_uppercase()) => {
                    stem
                }
                _ => t,
            },
        )
        .filter(|t| !t.is_empty())
        .filter(|t| {
            let chars: Vec<char> = t.chars().collect();
            t.starts_with('-')
                || chars.iter().any(|c| c.is_ascii_digit())
                || chars.windows(3).any(|w| {
                    w[0].is_alphanumeric() && "_./:@=".contains(w[1]) && w[2].is_alphanumeric()
                })
                || chars.iter().skip(1).any(|c| c.is_ascii_uppercase())
        })
        .collect()
}

/// `{0}`, `{1}`, … in a text, sorted.
fn placeholders(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .match_indices('{')
        .filter_map(|(i, _)| {
            let rest = &text[i + 1..];
            let close = rest.find('}')?;
            rest[..close]
                .parse::<usize>()
                .ok()
                .map(|n| format!("{{{n}}}"))
        })
        .collect();
    found.sort();
    found.dedup();
    found
}

#[test]
fn no_text_is_missing_or_empty_in_any_language() {
    let all = every_text();
    assert!(all.len() > 150, "only {} texts", all.len());
    for (name, text) in &all {
        for lang in Lang::ALL {
            assert!(
                !text.get(lang).trim().is_empty(),
                "{name} is empty in {lang:?}"
            );
        }
    }
}

#[test]
fn translations_are_not_english_left_in_place() {
    // A text identical in all three languages is fine only when it is nothing but terms and symbols.
    for (name, text) in every_text() {
        for lang in [Lang::Zh, Lang::Ja] {
            if text.get(lang) == text.en {
                let words: Vec<&str> = text
                    .en
                    .split_whitespace()
                    .filter(|w| terms(w).is_empty())
                    .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
                    .filter(|w| w.chars().any(|c| c.is_alphabetic()))
                    .collect();
                assert!(
                    words
                        .iter()
                        .all(|w| ["kubelet", "index", "kind"].contains(w)),
                    "{name} is left in English in {lang:?}: {:?}",
                    text.en
                );
            }
        }
    }
}

#[test]
fn every_placeholder_of_the_english_is_in_every_translation() {
    for (name, text) in every_text() {
        let expected = placeholders(text.en);
        for lang in [Lang::Zh, Lang::Ja] {
            assert_eq!(placeholders(text.get(lang)), expected, "{name} in {lang:?}");
        }
    }
}

#[test]
fn kubernetes_terms_flags_and_file_names_stay_in_their_original_form() {
    for (name, text) in every_text() {
        for term in terms(text.en) {
            for lang in [Lang::Zh, Lang::Ja] {
                assert!(
                    text.get(lang).contains(term),
                    "{name}: {term:?} is missing from the {lang:?} text {:?}",
                    text.get(lang)
                );
            }
        }
    }
}

#[test]
fn the_term_rule_catches_what_it_should() {
    assert_eq!(
        terms("kcm PATCHes spec.podCIDR with --cluster-cidr=10.244.0.0/16 (AllocateNext in cidr_set.go)."),
        [
            "PATCH",
            "spec.podCIDR",
            "--cluster-cidr=10.244.0.0/16",
            "AllocateNext",
            "cidr_set.go"
        ]
    );
    assert!(terms("the pod gets an address from the node").is_empty());
}

#[test]
fn the_catalogs_the_page_loads_are_the_translations_of_the_texts() {
    for lang in [Lang::Zh, Lang::Ja] {
        // Keyed by the English, so two texts with the same English must agree on their translation.
        let mut catalog = BTreeMap::new();
        for (name, text) in every_text() {
            if let Some(other) = catalog.insert(text.en, text.get(lang)) {
                assert_eq!(
                    other,
                    text.get(lang),
                    "{name} shares its English with another text but not its {lang:?} translation"
                );
            }
        }
        let actual = serde_json::to_string_pretty(&catalog).expect("strings serialise") + "\n";
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("static/i18n")
            .join(format!("{}.json", lang.tag()));
        if std::env::var_os("PODIP_BLESS").is_some() {
            std::fs::write(&path, &actual).expect("write the catalog");
            continue;
        }
        let expected = std::fs::read_to_string(&path)
            .unwrap_or_else(|err| panic!("{}: {err} (PODIP_BLESS=1 writes it)", path.display()));
        assert!(
            actual == expected,
            "{} is not the texts' {lang:?} (PODIP_BLESS=1 regenerates it)",
            path.display()
        );
    }
}
