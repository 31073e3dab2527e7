//! The table of settings (`podip::sim::KNOBS`) is their one source: every reader — a scenario's `set`
//! line, the cluster's settings and their preamble, the settings card, a link, the README — reads it,
//! and whatever a setting reads it writes back the same.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::share::Link;
use podip::sim::{ClusterSettings, KnobId, Scenario, Setting, SettingsDraft, SimSettings, KNOBS};

/// Texts some setting or other reads: each setting must read at least one besides its default.
const SAMPLES: &[&str] = &[
    "0",
    "1",
    "7",
    "68",
    "250",
    "4294967295",
    "18446744073709551615",
    "0s",
    "300ms",
    "2.3s",
    "1m30s",
    "never",
    "/run/cni-ipam-state",
    "/var/lib/cni/networks",
    "flannel",
    "k3s-flannel",
    "vagrant",
];

#[test]
fn whatever_a_setting_reads_it_writes_back_the_same() {
    for knob in &KNOBS {
        let default = knob.default_value();
        assert_eq!(default.name(), knob.name);
        assert_eq!(default.reach(), knob.reach, "{}", knob.name);
        assert_eq!(
            knob.parse(&default.value_text()),
            Ok(default),
            "{}",
            knob.name
        );
        let read: Vec<Setting> = SAMPLES
            .iter()
            .filter_map(|text| knob.parse(text).ok())
            .collect();
        assert!(
            read.iter().any(|setting| *setting != default),
            "{} reads none of the samples but its default",
            knob.name
        );
        for setting in read {
            let line = setting.to_string();
            let (name, value) = line.split_once('=').expect("NAME=VALUE");
            assert_eq!(Setting::parse(name, value), Ok(setting), "{line}");
            let mut settings = SimSettings::default();
            settings.apply(setting);
            assert_eq!(knob.get(&settings), setting, "{line}");
        }
    }
}

#[test]
fn names_are_kebab_case_and_unique_and_a_refusal_lists_them_all() {
    let mut names: Vec<&str> = KNOBS.iter().map(|knob| knob.name).collect();
    assert!(names
        .iter()
        .all(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '-')));
    let refusal = Setting::parse("no-such", "1")
        .expect_err("unknown")
        .to_string();
    assert!(
        refusal.ends_with(&format!("(known: {})", names.join(", "))),
        "{refusal}"
    );
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), KNOBS.len());
}

#[test]
fn what_the_card_or_a_link_changes_the_cluster_carries_in_its_preamble() {
    for knob in &KNOBS {
        if knob.reach.card || knob.reach.link {
            assert!(knob.reach.preamble.is_some(), "{}", knob.name);
        }
    }
    let card: Vec<&str> = SettingsDraft::card_knobs()
        .iter()
        .map(|knob| knob.name)
        .collect();
    assert_eq!(card, ["max-pods", "del-lag", "cni"]);
    // Every setting the cluster carries comes back from the preamble its settings write.
    let kind = ClusterSettings::of(&Scenario::default());
    let mut draft = kind.draft();
    for knob in KNOBS.iter().filter(|knob| knob.reach.preamble.is_some()) {
        let changed = SAMPLES
            .iter()
            .find(|text| knob.parse(text).is_ok_and(|s| s != knob.default_value()))
            .expect("a sample other than the default");
        draft = draft.with_knob(knob.id, changed.to_string());
    }
    let changed = draft.validate(&kind).expect("valid");
    let text: String = changed
        .preamble()
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    let scenario = Scenario::parse(&text).expect("the preamble parses");
    assert_eq!(ClusterSettings::of(&scenario), changed, "{text}");
}

#[test]
fn a_link_carries_exactly_the_settings_marked_for_links() {
    for knob in &KNOBS {
        let query = format!("?{}=2.3s", knob.name);
        let (link, _) = Link::parse(&query);
        assert_eq!(
            link.overrides.knob(knob.id).is_some(),
            knob.reach.link,
            "{query}"
        );
        if knob.reach.link {
            assert_eq!(link.to_query(), query);
        }
    }
}

/// The rows of the README's table of settings: (name, default, where beyond `set`).
fn readme_rows() -> Vec<(String, String, String)> {
    let readme = include_str!("../README.md");
    let table = readme
        .split_once("| setting | default |")
        .expect("the README has a table of settings")
        .1;
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|row| {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let unquote = |cell: &str| cell.trim_matches('`').to_string();
            (unquote(cells[1]), unquote(cells[2]), cells[4].to_string())
        })
        .collect()
}

#[test]
fn the_readme_has_one_row_per_setting_with_its_default_and_where_else_it_is_read() {
    let rows = readme_rows();
    let names: Vec<&str> = rows.iter().map(|(name, _, _)| name.as_str()).collect();
    let knobs: Vec<&str> = KNOBS.iter().map(|knob| knob.name).collect();
    assert_eq!(names, knobs, "the README's rows, in the table's order");
    for (knob, (name, default, beyond)) in KNOBS.iter().zip(&rows) {
        assert_eq!(*default, knob.default_value().value_text(), "{name}");
        assert_eq!(beyond.contains("settings card"), knob.reach.card, "{name}");
        assert_eq!(beyond.contains("links"), knob.reach.link, "{name}");
        assert_eq!(beyond.is_empty(), knob.reach.preamble.is_none(), "{name}");
    }
}

/// In the wasm a text holds just its English.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_card_has_words_for_its_settings_in_every_language_and_none_for_others() {
    use podip::i18n::{ui::knob_words, Lang};
    for knob in &KNOBS {
        let words = knob_words(knob.id);
        assert_eq!(words.is_some(), knob.reach.card, "{}", knob.name);
        for text in words.into_iter().flat_map(|(label, hint)| [label, hint]) {
            for lang in Lang::ALL {
                assert!(!text.get(lang).is_empty(), "{} in {lang:?}", knob.name);
            }
        }
    }
}

#[test]
fn the_chain_is_a_setting_of_the_cluster_its_card_and_its_links_carry() {
    use podip::sim::Chain;
    let kind = ClusterSettings::of(&Scenario::default());
    assert_eq!(kind.knobs.cni, Chain::Kindnet);
    // kindnet is the default: a preamble of kind's settings has no `set cni` line.
    assert!(!kind
        .preamble()
        .iter()
        .any(|line| line.to_string().starts_with("set cni=")));
    let flannel = kind
        .draft()
        .with_knob(KnobId::Cni, "flannel".into())
        .validate(&kind)
        .expect("a chain podip models");
    assert_eq!(flannel.knobs.cni, Chain::Flannel);
    assert!(flannel
        .preamble()
        .iter()
        .any(|line| line.to_string() == "set cni=flannel"));
    assert_eq!(
        kind.draft()
            .with_knob(KnobId::Cni, "weave".into())
            .validate(&kind),
        Err(
            "cni: \"weave\" is not one of kindnet, flannel, k3s-flannel, calico, canal".to_string()
        )
    );
    let (link, _) = Link::parse("?tour=kind&cni=flannel");
    assert_eq!(link.overrides.knob(KnobId::Cni), Some("flannel"));
}
