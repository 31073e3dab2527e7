//! Every text exists in every language, the Kubernetes words stay as the real tools print them, the
//! Chinese and Japanese follow the glossary (`docs/glossary.md`, as the tables of rules `GLOSSARY` and
//! `BANNED` and the rules of form below), and the catalogs the page loads its Chinese and Japanese from
//! (`static/i18n/`) are these texts. After changing a text, regenerate the catalogs with
//! `PODIP_BLESS=1 cargo test --test i18n`.
//!
//! Native only: in the wasm a text holds just its English (`Text::new`).
#![cfg(not(target_arch = "wasm32"))]

use podip::i18n::{narration, ui, Lang, Text};
use podip::tours::TourId;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Every text with its name: the interface's and the article's.
fn every_text() -> Vec<(String, Text)> {
    let mut all = app_texts();
    all.extend(podip::article::texts());
    all.extend(podip::ui::build::article::texts());
    all
}

/// Every text of the interface (the page's catalogs hold their translations) with its name.
fn app_texts() -> Vec<(String, Text)> {
    let mut all: Vec<(String, Text)> = ui::all()
        .into_iter()
        .map(|(name, text)| (name.to_string(), text))
        .collect();
    for id in TourId::ALL {
        all.extend(id.tour().texts());
    }
    all.extend(narration::all());
    all.extend(podip::playback::Hop::texts());
    all.extend(podip::ui::figure::sentence::texts());
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
fn a_count_of_one_has_its_own_english_and_the_same_translations() {
    let all: BTreeMap<String, Text> = every_text().into_iter().collect();
    let ones: Vec<_> = all
        .iter()
        .filter(|(name, _)| name.ends_with("_ONE"))
        .collect();
    assert!(ones.len() >= 8, "{} texts for a count of one", ones.len());
    for (name, one) in ones {
        let many = all[name.trim_end_matches("_ONE")];
        assert_ne!(one.en, many.en, "{name}: English says one apart");
        assert_eq!(
            (one.zh, one.ja),
            (many.zh, many.ja),
            "{name}: no plural in Chinese or Japanese"
        );
    }
    assert_eq!(
        ui::MORE_PODS.counted(ui::MORE_PODS_ONE, Lang::En, 1),
        "… and 1 more pod"
    );
    assert_eq!(
        ui::MORE_PODS.counted(ui::MORE_PODS_ONE, Lang::En, 2),
        "… and 2 more pods"
    );
    assert_eq!(
        ui::STAGE_VETHS.counted(ui::STAGE_VETHS_ONE, Lang::Ja, 1),
        "veth ペア 1 組"
    );
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
        for (name, text) in app_texts() {
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

// The glossary (`docs/glossary.md`): one English term, one rendering in each language.
// Two tables of rules and the rules of form run over every text, so texts added later are checked too:
// where the English uses a term, the translation uses its rendering; renderings readers take for
// something else, or English words left in Chinese and Japanese prose, are refused; and the punctuation
// and the endings of notes follow the glossary's rules.

/// A term of the glossary: where the English says one of `en`, the Chinese says one of `zh` and the
/// Japanese one of `ja`.
struct Term {
    /// The English spellings, whole words, case as written: a capitalised `Node` or `Release` is the API
    /// kind or the function, which stays English. The terms are tried in the table's order and a
    /// spelling found is set aside, so "node IPAM controller" comes before "node" and "controller".
    en: &'static [&'static str],
    /// The Chinese rendering (one of).
    zh: &'static [&'static str],
    /// The Japanese rendering (one of).
    ja: &'static [&'static str],
    /// Texts where the English word is something else: a scenario command (`cluster`, `node add`).
    except: &'static [&'static str],
}

/// Texts that list the scenario commands, which stay as typed.
const COMMANDS: &[&str] = &["EDITOR_LEDE"];
/// Texts whose only "nodes" is the command `kubectl get nodes -o json`.
const NODE_COMMANDS: &[&str] = &["EDITOR_LEDE", "IMPORT_INTRO", "IMPORT_PASTE"];

/// The titles that name the wrap ラップアラウンド: the exhaustion tour's and the article's section on it.
const WRAP_TITLES: &[&str] = &["tour exhaustion title", "article exhaustion title"];

/// The glossary's rows, one a line.
#[rustfmt::skip]
const GLOSSARY: &[Term] = &[
    Term { en: &["node IPAM controller"], zh: &["node IPAM 控制器"], ja: &["node IPAM コントローラー"], except: &[] },
    Term { en: &["controller", "controllers"], zh: &["控制器"], ja: &["コントローラー"], except: &[] },
    Term { en: &["cluster CIDR", "cluster CIDRs"], zh: &["集群 CIDR"], ja: &["クラスター CIDR"], except: &[] },
    Term { en: &["your cluster", "Your cluster"], zh: &["你的集群"], ja: &["お使いのクラスター"], except: &[] },
    Term { en: &["cluster", "clusters", "Cluster", "cluster-prefix"], zh: &["集群"], ja: &["クラスター"], except: COMMANDS },
    Term { en: &["control plane", "control-plane"], zh: &["控制平面"], ja: &["コントロールプレーン"], except: &[] },
    Term { en: &["worker", "workers"], zh: &["工作节点"], ja: &["ワーカー"], except: &[] },
    Term { en: &["lesson", "lessons"], zh: &["课程"], ja: &["レッスン"], except: &[] },
    Term { en: &["node index", "node-index"], zh: &["节点索引"], ja: &["ノードインデックス"], except: &[] },
    Term { en: &["index", "indexes"], zh: &["索引"], ja: &["インデックス"], except: &[] },
    Term { en: &["pod host", "pod-host"], zh: &["Pod 主机位"], ja: &["Pod ホスト部"], except: &[] },
    Term { en: &["host veth", "host veths"], zh: &["节点侧 veth"], ja: &["ホスト側 veth"], except: &[] },
    // A Linux bridge (cni0); the plugin's type name stays English where only the plugin is named.
    Term { en: &["bridge", "bridges"], zh: &["网桥"], ja: &["ブリッジ"], except: &["PRESET_CNI_MINIKUBE", "explain SubnetEnvWritten", "BRIDGE_LINK_TIP"] },
    // kubernetes.io's spelling: Init 容器 / Init コンテナ.
    Term { en: &["init container", "init containers"], zh: &["Init 容器"], ja: &["Init コンテナ"], except: &[] },
    Term { en: &["pod", "pods", "Pod", "Pods"], zh: &["Pod"], ja: &["Pod"], except: COMMANDS },
    Term { en: &["node", "nodes"], zh: &["节点"], ja: &["ノード"], except: NODE_COMMANDS },
    // A plugin that runs another with its configuration (flannel → bridge, ptp → host-local).
    Term { en: &["delegate", "delegates", "delegated", "delegating", "delegation"], zh: &["委托"], ja: &["委譲"], except: &[] },
    // The plugins a conflist lists, run in order.
    Term { en: &["chain", "chains"], zh: &["插件链"], ja: &["チェーン"], except: &[] },
    Term { en: &["kube-controller-manager"], zh: &["kube-controller-manager"], ja: &["kube-controller-manager"], except: &[] },
    // In prose; the binary `kube-apiserver` stays as is.
    Term { en: &["API server"], zh: &["API 服务器"], ja: &["API サーバー"], except: &[] },
    Term { en: &["kubelet"], zh: &["kubelet"], ja: &["kubelet"], except: &[] },
    Term { en: &["kindnetd"], zh: &["kindnetd"], ja: &["kindnetd"], except: &[] },
    Term { en: &["containerd"], zh: &["containerd"], ja: &["containerd"], except: &[] },
    // host-local hands an address to a container.
    Term { en: &["reserve", "reserves", "reserved"], zh: &["占用", "分配"], ja: &["割り当て"], except: &[] },
    Term { en: &["used up"], zh: &["用完"], ja: &["使い切"], except: &[] },
    // A subnet in the cidrset (使用中), an address in host-local's range (割り当て済み); not a moment
    // held on screen, nor a link that could not be used.
    Term { en: &["used", "held"], zh: &["占用"], ja: &["使用中", "割り当て"], except: &["STAGE_SLOWED", "LINK_PROBLEM"] },
    Term { en: &["release", "releases", "released", "freed", "frees"], zh: &["释放"], ja: &["解放"], except: &[] },
    Term { en: &["cursor"], zh: &["游标"], ja: &["カーソル"], except: &[] },
    Term { en: &["round robin", "round-robin"], zh: &["轮询"], ja: &["ラウンドロビン"], except: &[] },
    // ラップアラウンド only in a title.
    Term { en: &["wrap", "wraps", "wrapped", "wrap-around"], zh: &["绕回"], ja: &["一周"], except: WRAP_TITLES },
    Term { en: &["sandbox", "sandboxes"], zh: &["沙箱"], ja: &["サンドボックス"], except: &[] },
    Term { en: &["network namespace", "network namespaces"], zh: &["网络命名空间"], ja: &["ネットワーク名前空間"], except: &[] },
    Term { en: &["graceful"], zh: &["优雅"], ja: &["グレースフル"], except: &[] },
    Term { en: &["grace period"], zh: &["宽限期"], ja: &["猶予期間"], except: &[] },
    Term { en: &["address family", "family", "families", "per-family"], zh: &["地址族"], ja: &["アドレスファミリー"], except: &[] },
    Term { en: &["dual-stack"], zh: &["双栈"], ja: &["デュアルスタック"], except: &[] },
    Term { en: &["single-stack"], zh: &["单栈"], ja: &["シングルスタック"], except: &[] },
    Term { en: &["workqueue"], zh: &["工作队列"], ja: &["ワークキュー"], except: &[] },
    Term { en: &["upstream"], zh: &["上游"], ja: &["アップストリーム"], except: &[] },
    Term { en: &["default"], zh: &["默认"], ja: &["デフォルト"], except: &[] },
    Term { en: &["iterator"], zh: &["迭代器"], ja: &["イテレーター"], except: &[] },
    Term { en: &["instant"], zh: &["即时"], ja: &["即時"], except: &[] },
    // The kubelet's admission of a pod (canAdmitPod), one word whether a noun or a verb.
    Term { en: &["admission", "Admission", "admit", "admits", "admitted"], zh: &["准入"], ja: &["受け入れ"], except: &[] },
    Term { en: &["phase"], zh: &["阶段"], ja: &["フェーズ"], except: &[] },
    Term { en: &["primary"], zh: &["主"], ja: &["プライマリー"], except: &[] },
    // Seconds in prose; `2.3s` only inside literal values.
    Term { en: &["s"], zh: &["秒"], ja: &["秒"], except: &[] },
    Term { en: &["ms"], zh: &["毫秒"], ja: &["ミリ秒"], except: &[] },
];

/// Where a refused rendering counts.
enum At {
    /// Anywhere in the text.
    Anywhere,
    /// As a whole word (an English word left in the prose, not part of `kube-controller-manager`).
    Word,
    /// As a unit right after a number (`2.3s`, `30 s`).
    AfterNumber,
}

/// A rendering refused in Chinese or Japanese.
struct Banned {
    langs: &'static [Lang],
    text: &'static str,
    at: At,
    /// Given what precedes and what follows, the match is fine after all (`クラスタ` in `クラスター`).
    unless: fn(before: &str, after: &str) -> bool,
    why: &'static str,
    except: &'static [&'static str],
}

const ZH: &[Lang] = &[Lang::Zh];
const JA: &[Lang] = &[Lang::Ja];
const BOTH: &[Lang] = &[Lang::Zh, Lang::Ja];

fn never(_: &str, _: &str) -> bool {
    false
}
fn long_vowel(_: &str, after: &str) -> bool {
    after.starts_with('ー')
}
fn in_an_address(_: &str, after: &str) -> bool {
    after.starts_with(|c: char| c.is_ascii_hexdigit() || c == ':' || c == '/')
}
/// The first `n` characters of `text`.
fn head(text: &str, n: usize) -> &str {
    text.char_indices().nth(n).map_or(text, |(i, _)| &text[..i])
}
/// "最小の" / "最低的" said of a subnet by its address, or of something else (最低 2 秒).
fn lowest_by_address(before: &str, after: &str) -> bool {
    before.ends_with("地址")
        || !head(after, 8).contains("サブネット") && !head(after, 8).contains("子网")
}
/// One ellipsis, ……: a … that is half of one.
fn in_an_ellipsis(before: &str, after: &str) -> bool {
    before.ends_with('…') || after.starts_with('…')
}
/// "に分けた" / "划分的" followed by the nodes (`3 ノード`, `三个节点`) rather than the node subnets.
fn not_the_nodes(_: &str, after: &str) -> bool {
    let rest = after.trim_start_matches(|c: char| {
        c.is_ascii_digit() || " 一二三四五六七八九十两个台つの".contains(c)
    });
    !(rest.starts_with("ノード") || rest.starts_with("节点"))
        || rest.starts_with("ノードサブネット")
        || rest.starts_with("节点子网")
}

/// Refused renderings, one a line.
#[rustfmt::skip]
const BANNED: &[Banned] = &[
    Banned { langs: ZH, text: "预留", at: At::Anywhere, unless: never, why: "readers take 预留 for excluded addresses: 占用 / 分配", except: &[] },
    Banned { langs: JA, text: "予約", at: At::Anywhere, unless: never, why: "readers take 予約 for excluded addresses: 割り当て", except: &[] },
    Banned { langs: JA, text: "ノード番号", at: At::Anywhere, unless: never, why: "the index is a subnet slot, not a node's number: インデックス", except: &[] },
    Banned { langs: ZH, text: "Pod 主机", at: At::Anywhere, unless: |_, after| after.starts_with('位'), why: "the pod's host machine: Pod 主机位", except: &[] },
    Banned { langs: JA, text: "Pod ホスト", at: At::Anywhere, unless: |_, after| after.starts_with('部'), why: "the pod's host machine: Pod ホスト部", except: &[] },
    Banned { langs: JA, text: "クラスタ", at: At::Anywhere, unless: long_vowel, why: "クラスター, with the long vowel mark", except: &[] },
    Banned { langs: JA, text: "コントローラ", at: At::Anywhere, unless: long_vowel, why: "コントローラー, with the long vowel mark", except: &[] },
    Banned { langs: JA, text: "イテレータ", at: At::Anywhere, unless: long_vowel, why: "イテレーター, with the long vowel mark", except: &[] },
    Banned { langs: JA, text: "アロケータ", at: At::Anywhere, unless: long_vowel, why: "アロケーター, with the long vowel mark", except: &[] },
    Banned { langs: JA, text: "スケジューラ", at: At::Anywhere, unless: long_vowel, why: "スケジューラー, with the long vowel mark", except: &[] },
    Banned { langs: JA, text: "ハンドラ", at: At::Anywhere, unless: long_vowel, why: "ハンドラー, with the long vowel mark", except: &[] },
    // kubernetes.io/ja writes these four without the long vowel mark, against its own rule for -er, -ry.
    Banned { langs: JA, text: "コンテナー", at: At::Anywhere, unless: never, why: "コンテナ, without the long vowel mark (kubernetes.io/ja)", except: &[] },
    Banned { langs: JA, text: "バイナリー", at: At::Anywhere, unless: never, why: "バイナリ, without the long vowel mark (kubernetes.io/ja)", except: &[] },
    Banned { langs: JA, text: "プロキシー", at: At::Anywhere, unless: never, why: "プロキシ, without the long vowel mark (kubernetes.io/ja)", except: &[] },
    Banned { langs: JA, text: "リポジトリー", at: At::Anywhere, unless: never, why: "リポジトリ, without the long vowel mark (kubernetes.io/ja)", except: &[] },
    Banned { langs: JA, text: "サーバ", at: At::Anywhere, unless: long_vowel, why: "サーバー, with the long vowel mark", except: &[] },
    Banned { langs: BOTH, text: "API server", at: At::Word, unless: never, why: "the API server in prose is API 服务器 / API サーバー (kube-apiserver stays)", except: &[] },
    Banned { langs: JA, text: "ディレクトリ", at: At::Anywhere, unless: long_vowel, why: "ディレクトリー, with the long vowel mark", except: &[] },
    Banned { langs: JA, text: "既定", at: At::Anywhere, unless: never, why: "default is デフォルト", except: &[] },
    Banned { langs: JA, text: "上流", at: At::Anywhere, unless: never, why: "upstream is アップストリーム, and say whose", except: &[] },
    // 上游 modifies a noun (上游的 kindnetd, 上游代码, 上游讨论); alone as the subject it says no one.
    Banned { langs: ZH, text: "上游", at: At::Anywhere, unless: |_, after| ["的", "代码", "讨论"].iter().any(|noun| after.starts_with(noun)), why: "say whose: 上游的 kindnetd, 上游代码", except: &[] },
    Banned { langs: JA, text: "ラップアラウンド", at: At::Anywhere, unless: never, why: "wrap is 一周 (ラップアラウンド only in a title)", except: WRAP_TITLES },
    Banned { langs: ZH, text: "瞬间", at: At::Anywhere, unless: never, why: "the instant speed is 即时", except: &[] },
    Banned { langs: ZH, text: "已使用", at: At::Anywhere, unless: never, why: "a used subnet is 已占用", except: &[] },
    Banned { langs: ZH, text: "已用", at: At::Anywhere, unless: |_, after| after.starts_with('完'), why: "a used subnet is 已占用", except: &[] },
    Banned { langs: JA, text: "使用済み", at: At::Anywhere, unless: never, why: "a used subnet is 使用中", except: &[] },
    Banned { langs: ZH, text: "节点一侧", at: At::Anywhere, unless: never, why: "the host veth is 节点侧 veth", except: &[] },
    Banned { langs: ZH, text: "节点上的 veth", at: At::Anywhere, unless: never, why: "the host veth is 节点侧 veth", except: &[] },
    Banned { langs: JA, text: "ポッド", at: At::Anywhere, unless: never, why: "Pod is never translated", except: &[] },
    Banned { langs: BOTH, text: "controller", at: At::Word, unless: never, why: "translate controller: 控制器 / コントローラー", except: &[] },
    Banned { langs: BOTH, text: "worker", at: At::Word, unless: never, why: "translate worker: 工作节点 / ワーカー", except: &[] },
    Banned { langs: BOTH, text: "workers", at: At::Word, unless: never, why: "translate worker: 工作节点 / ワーカー", except: &[] },
    Banned { langs: BOTH, text: "workqueue", at: At::Word, unless: never, why: "translate workqueue: 工作队列 / ワークキュー", except: &[] },
    Banned { langs: BOTH, text: "index", at: At::Word, unless: never, why: "translate index: 索引 / インデックス", except: &[] },
    Banned { langs: BOTH, text: "cluster CIDR", at: At::Word, unless: never, why: "translate cluster: 集群 / クラスター", except: &[] },
    Banned { langs: BOTH, text: "control plane", at: At::Word, unless: never, why: "translate control plane: 控制平面 / コントロールプレーン", except: &[] },
    Banned { langs: BOTH, text: "control-plane", at: At::Word, unless: never, why: "translate control plane: 控制平面 / コントロールプレーン", except: &[] },
    Banned { langs: BOTH, text: "s", at: At::AfterNumber, unless: never, why: "seconds in prose are 秒 (2.3s only inside literal values)", except: &[] },
    Banned { langs: BOTH, text: "ms", at: At::AfterNumber, unless: never, why: "milliseconds in prose are 毫秒 / ミリ秒", except: &[] },
    Banned { langs: BOTH, text: ":", at: At::Anywhere, unless: in_an_address, why: "one colon style: the full-width ：", except: &[] },
    Banned { langs: BOTH, text: "'", at: At::Anywhere, unless: never, why: "quote with 「」 / “”", except: &[] },
    Banned { langs: BOTH, text: "...", at: At::Anywhere, unless: never, why: "one ellipsis style: ……", except: &[] },
    Banned { langs: BOTH, text: "…", at: At::Anywhere, unless: in_an_ellipsis, why: "one ellipsis style: ……, never a single …", except: &[] },
    // Behind the cursor reads as ahead of it, where the walk is still to go: say the cursor has passed it.
    Banned { langs: ZH, text: "游标后", at: At::Anywhere, unless: never, why: "say the cursor has passed the address: 游标已越过 .3", except: &[] },
    Banned { langs: JA, text: "カーソルの後", at: At::Anywhere, unless: never, why: "say the cursor has passed the address: カーソルは .3 を通り過ぎています", except: &[] },
    Banned { langs: JA, text: "異常終了", at: At::Anywhere, unless: never, why: "a process's abnormal exit, not a machine's unclean shutdown", except: &[] },
    // Every node subnet has the same size: the lowest is the lowest address.
    Banned { langs: JA, text: "最小の", at: At::Anywhere, unless: lowest_by_address, why: "node subnets are one size: say by address (アドレス順で最初の)", except: &[] },
    Banned { langs: ZH, text: "最低的", at: At::Anywhere, unless: lowest_by_address, why: "node subnets are one size: say by address (地址最低的)", except: &[] },
    Banned { langs: ZH, text: "最小的", at: At::Anywhere, unless: lowest_by_address, why: "node subnets are one size: say by address (地址最低的)", except: &[] },
    Banned { langs: JA, text: "既に", at: At::Anywhere, unless: never, why: "write すでに in kana", except: &[] },
    Banned { langs: JA, text: "プライマリ", at: At::Anywhere, unless: long_vowel, why: "プライマリー, with the long vowel mark", except: &[] },
    Banned { langs: ZH, text: "起点", at: At::Anywhere, unless: never, why: "the settings' preset is 预设", except: &[] },
    Banned { langs: JA, text: "出発点", at: At::Anywhere, unless: never, why: "the settings' preset is プリセット", except: &[] },
    Banned { langs: JA, text: "あなたの", at: At::Anywhere, unless: never, why: "your cluster is お使いのクラスター", except: &[] },
    Banned { langs: ZH, text: "接纳", at: At::Anywhere, unless: never, why: "one word for the kubelet's admission: 准入", except: &[] },
    Banned { langs: JA, text: "アドミッション", at: At::Anywhere, unless: never, why: "one word for the kubelet's admission: 受け入れ", except: &[] },
    Banned { langs: BOTH, text: "phase", at: At::Word, unless: never, why: "translate phase: 阶段 / フェーズ", except: &[] },
    // The cluster CIDR is split into node subnets; the nodes are not split.
    Banned { langs: JA, text: "に分けた", at: At::Anywhere, unless: not_the_nodes, why: "the range is split into node subnets, not the nodes", except: &[] },
    Banned { langs: ZH, text: "初始化容器", at: At::Anywhere, unless: never, why: "kubernetes.io's spelling: Init 容器", except: &[] },
    Banned { langs: ZH, text: "init 容器", at: At::Anywhere, unless: never, why: "kubernetes.io's spelling: Init 容器", except: &[] },
    Banned { langs: JA, text: "init コンテナ", at: At::Anywhere, unless: never, why: "kubernetes.io's spelling: Init コンテナ", except: &[] },
    // 交给 reads as handing the next plugin over, not running it with a configuration.
    Banned { langs: ZH, text: "交给", at: At::Anywhere, unless: never, why: "a plugin delegates: 委托 (passing something on: 传给, 分配给)", except: &[] },
    // 链接 is a link; a chain of plugins is one word.
    Banned { langs: ZH, text: "链", at: At::Anywhere, unless: |before, after| before.ends_with("插件") || after.starts_with('接'), why: "one word for the chain: 插件链", except: &[] },
    Banned { langs: ZH, text: "划分的", at: At::Anywhere, unless: not_the_nodes, why: "the range is split into node subnets, not the nodes", except: &[] },
];

/// Whether `c` continues a word: `kube-controller-manager`, `last_reserved_ip`, `node-b` and `s=` are
/// one word each.
fn joins(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-_=".contains(c)
}

/// Whether `text[start..end]` stands alone: not inside a longer word, a flag, a file name or a path,
/// nor the `s` of `b's`.
fn is_whole_word(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    !before.is_some_and(|c| joins(c) || "./'".contains(c)) && !after.is_some_and(joins)
}

/// Whether `text[start..end]` is a unit right after a number (`2.3s`, `30 s`; not the `s` of `k3s`).
fn is_a_unit(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].strip_suffix(' ').unwrap_or(&text[..start]);
    let number = before.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    number.len() < before.len()
        && !number.ends_with(joins)
        && !text[end..].starts_with(|c: char| c.is_ascii_alphanumeric())
}

/// Whether `text[..start]` leaves a quotation open: an error text quoted in 「」 or “” is the tool's
/// English, not prose.
fn is_quoted(text: &str, start: usize) -> bool {
    let before = &text[..start];
    before.matches('「').count() > before.matches('」').count()
        || before.matches('“').count() > before.matches('”').count()
}

/// Whether `c` is Chinese or Japanese script (kanji, hiragana, katakana with its long vowel mark).
fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}')
}

/// `text[start..end]` with eight characters either side, to find the place.
fn around(text: &str, start: usize, end: usize) -> &str {
    let from = text[..start]
        .char_indices()
        .rev()
        .nth(7)
        .map_or(0, |(i, _)| i);
    let to = text[end..]
        .char_indices()
        .nth(8)
        .map_or(text.len(), |(i, _)| end + i);
    &text[from..to]
}

/// Where `text` has a 。 inside the parentheses of a sentence (`61 個（.2–.62。…を除く）です`): a 。 ends
/// the sentence the parenthesis is part of. A parenthesis after a sentence's end is a sentence of its
/// own, and may hold several.
fn stop_inside_parentheses(text: &str) -> Option<usize> {
    // For each parenthesis open, whether it stands as a sentence of its own.
    let mut open: Vec<bool> = Vec::new();
    let mut last = None;
    for (i, c) in text.char_indices() {
        match c {
            '（' => open.push(last.is_none_or(|p| "。！？".contains(p))),
            '）' => {
                open.pop();
            }
            '。' if open.last() == Some(&false) => return Some(i),
            _ => {}
        }
        if !c.is_whitespace() {
            last = Some(c);
        }
    }
    None
}

/// Texts that name what a button or a key does, which Japanese says with a verb (閉じる, 戻る).
const ACTIONS: &[&str] = &[
    "CLOSE",
    "KEY_ESCAPE",
    "KEY_ARROWS",
    "KEY_SPEED",
    "BACK",
    "BACK_LABEL",
    "STEP_LABEL",
    "OPEN_DEFAULT",
    "THEME_SYSTEM",
    "OWN_CLUSTER_BACK",
    "UNDO",
    "RESTORE_CLUSTER",
];

/// Whether `name` is a heading of the article's sections, which a Japanese article (Qiita, Zenn) writes
/// as a sentence in the plain form (`kindnetd が CNI の設定を書き込む`) rather than bent into a noun
/// phrase (`kindnetd が書く CNI の設定`).
fn is_an_article_heading(name: &str) -> bool {
    name.starts_with("article ") && name.ends_with(" title")
}

/// Whether a Japanese text that is no sentence (a note, a label, a title) ends in the plain form of a
/// verb or an adjective (`収まる`, `来ない`, `多い`) rather than in a noun (`以内`, `割り当て不可`). A
/// quiz's choices answer "what happens?" and may, and so may the article's headings.
fn ends_in_the_plain_form(name: &str, ja: &str) -> bool {
    let ja = ja.trim_end();
    let polite = ["ます", "です", "ました", "ません", "でした", "ください"];
    !ACTIONS.contains(&name)
        && !name.contains(" choice ")
        && !is_an_article_heading(name)
        && !ja.ends_with(['。', '？', '！'])
        && !polite.iter().any(|ending| ja.ends_with(ending))
        && ja.ends_with(|c: char| "るうくぐすつぬぶむいただ".contains(c))
}

/// What `text` (named `name`) does against the glossary and its rules of form, one line per
/// complaint.
fn glossary_complaints(name: &str, text: &Text) -> Vec<String> {
    let mut complaints = Vec::new();
    let mut english = text.en.to_string();
    for term in GLOSSARY {
        let mut found = false;
        for spelling in term.en {
            let starts: Vec<usize> = english
                .match_indices(spelling)
                .map(|(start, _)| start)
                .filter(|&start| is_whole_word(&english, start, start + spelling.len()))
                .collect();
            for start in starts {
                found = true;
                english.replace_range(start..start + spelling.len(), &" ".repeat(spelling.len()));
            }
        }
        if !found || term.except.contains(&name) {
            continue;
        }
        for (lang, renderings) in [(Lang::Zh, term.zh), (Lang::Ja, term.ja)] {
            let translation = text.get(lang);
            if !renderings
                .iter()
                .any(|rendering| translation.contains(rendering))
            {
                complaints.push(format!(
                    "{name}: the English says {:?}, so the {lang:?} says {}: {translation:?}",
                    term.en[0],
                    renderings.join(" or ")
                ));
            }
        }
    }
    for rule in BANNED {
        if rule.except.contains(&name) {
            continue;
        }
        for &lang in rule.langs {
            let translation = text.get(lang);
            let hit = translation.match_indices(rule.text).find(|&(start, _)| {
                let end = start + rule.text.len();
                let placed = match rule.at {
                    At::Anywhere => true,
                    At::Word => is_whole_word(translation, start, end),
                    At::AfterNumber => is_a_unit(translation, start, end),
                };
                placed
                    && !is_quoted(translation, start)
                    && !(rule.unless)(&translation[..start], &translation[end..])
            });
            if let Some((start, _)) = hit {
                let context = around(translation, start, start + rule.text.len());
                complaints.push(format!(
                    "{name}: the {lang:?} has {:?} in {context:?}: {}",
                    rule.text, rule.why
                ));
            }
        }
    }
    // Rule 2: a space between CJK and Latin text or numbers; rule 3: full-width parentheses.
    for lang in [Lang::Zh, Lang::Ja] {
        let translation = text.get(lang);
        let chars: Vec<char> = translation.chars().collect();
        let latin = |c: char| c.is_ascii_alphanumeric() || c == '(' || c == ')';
        let unspaced: Vec<String> = chars
            .windows(2)
            .filter(|pair| {
                (is_cjk(pair[0]) && latin(pair[1])) || (latin(pair[0]) && is_cjk(pair[1]))
            })
            .map(|pair| format!("{:?}", pair.iter().collect::<String>()))
            .collect();
        if !unspaced.is_empty() {
            complaints.push(format!(
                "{name}: the {lang:?} has {}: a space between CJK and Latin text, full-width （）",
                unspaced.join(", ")
            ));
        }
    }
    // Rule 3: full-width punctuation carries its own space: none after ： or 。.
    for lang in [Lang::Zh, Lang::Ja] {
        let translation = text.get(lang);
        for stop in ["： ", "。 "] {
            if let Some(at) = translation.find(stop) {
                complaints.push(format!(
                    "{name}: the {lang:?} has a space after {:?} in {:?}: full-width punctuation needs none",
                    stop.trim_end(),
                    around(translation, at, at + stop.len())
                ));
            }
        }
    }
    // Rule 3: no 。 inside the parentheses of a sentence.
    for lang in [Lang::Zh, Lang::Ja] {
        let translation = text.get(lang);
        if let Some(at) = stop_inside_parentheses(translation) {
            complaints.push(format!(
                "{name}: the {lang:?} has 。 inside the parentheses of a sentence in {:?}: end the sentence after the parenthesis",
                around(translation, at, at + '。'.len_utf8())
            ));
        }
    }
    // Rule 4: a Japanese note, label or title ends in a noun.
    if ends_in_the_plain_form(name, text.get(Lang::Ja)) {
        complaints.push(format!(
            "{name}: the Ja note {:?} ends in the plain form: a note, label or title ends in a noun (割り当て不可)",
            text.get(Lang::Ja)
        ));
    }
    complaints
}

#[test]
fn every_text_follows_the_glossary() {
    let complaints: Vec<String> = every_text()
        .iter()
        .flat_map(|(name, text)| glossary_complaints(name, text))
        .collect();
    assert!(
        complaints.is_empty(),
        "{} complaints against the glossary (docs/glossary.md):\n{}",
        complaints.len(),
        complaints.join("\n")
    );
}

#[test]
fn the_glossary_rules_catch_what_they_should() {
    let english = "The node IPAM controller reserves index 3 of the cluster's range; the host veth goes 2.3 s later.";
    let bad = Text::new(
        english,
        "node IPAM controller 在集群中预留 index 3；节点一侧 veth 在 2.3s 后消失。上游会重试。",
        "上流はクラスタの node IPAM controller がノード番号 3 を予約します。ホスト側 veth は 2.3 s 後に消えます(1つ):",
    );
    let complaints = glossary_complaints("sample", &bad).join("\n");
    for expected in [
        "the Zh says node IPAM 控制器",
        "the Ja says node IPAM コントローラー",
        "the Zh says 占用 or 分配",
        "the Ja says 割り当て",
        "the Zh says 索引",
        "the Ja says インデックス",
        "the Zh says 节点侧 veth",
        "the Ja says クラスター",
        "the Zh says 秒",
        "the Ja says 秒",
        "the Zh has \"预留\"",
        "the Ja has \"予約\"",
        "the Ja has \"ノード番号\"",
        "the Ja has \"クラスタ\"",
        "the Zh has \"controller\"",
        "the Ja has \"controller\"",
        "the Zh has \"index\"",
        "the Zh has \"节点一侧\"",
        "the Zh has \"上游\"",
        "the Ja has \"上流\"",
        "the Zh has \"s\" in \"th 在 2.3s 后消失。",
        "the Ja has \"s\"",
        "the Ja has \":\"",
        "the Ja has \"す(\", \"1つ\"",
    ] {
        assert!(
            complaints.contains(expected),
            "no complaint {expected:?} in:\n{complaints}"
        );
    }
    let good = Text::new(
        english,
        "node IPAM 控制器在集群中占用索引 3；节点侧 veth 在 2.3 秒后消失。",
        "クラスターの node IPAM コントローラーがインデックス 3 を割り当てます。ホスト側 veth は 2.3 秒後に消えます。",
    );
    assert_eq!(glossary_complaints("sample", &good), Vec::<String>::new());
    // Words inside names, flags and addresses are not the words: `kube-controller-manager`, `ifindex`,
    // `node-b`, `--cluster-cidr`, `fd00::/64`, `b's`, `k3s`; nor is an error text quoted whole.
    let names = Text::new(
        "kube-controller-manager gives node-b fd00::/64 from --cluster-cidr; b's eth0 shows its peer's ifindex. k3s-killall.sh: 'range 0: full'.",
        "kube-controller-manager 从 --cluster-cidr 给 node-b 分出 fd00::/64；b 的 eth0 显示对端的 ifindex。k3s-killall.sh：“range 0: full”。",
        "kube-controller-manager が --cluster-cidr から node-b に fd00::/64 を割り当てます。b の eth0 には相手の ifindex が表示されます。k3s-killall.sh：「range 0: full」。",
    );
    assert_eq!(glossary_complaints("sample", &names), Vec::<String>::new());
}

#[test]
fn the_rules_of_form_catch_what_they_should() {
    let english = "After an unclean shutdown the kubelet admits the pod; its phase is Failed, and the primary IP of your cluster is behind the cursor. Next: the lowest free subnet...";
    let bad = Text::new(
        english,
        "非正常关机后 kubelet 接纳了这个 Pod，phase 为 Failed；你的集群的主 IP 在游标后面。下一个： 最低的空闲子网...（起点。见上）",
        "異常終了の後、kubelet は Pod をアドミッションし、phase は Failed です。 あなたのクラスターのプライマリ IP は既にカーソルの後ろです。次：空いている最小のサブネット…（出発点。上を参照）...",
    );
    let complaints = glossary_complaints("sample", &bad).join("\n");
    for expected in [
        "the Zh says 准入",
        "the Ja says 受け入れ",
        "the Zh says 阶段",
        "the Ja says フェーズ",
        "the Ja says プライマリー",
        "the Ja says お使いのクラスター",
        "the Zh has \"接纳\"",
        "the Ja has \"アドミッション\"",
        "the Zh has \"phase\"",
        "the Ja has \"phase\"",
        "the Ja has \"プライマリ\"",
        "the Ja has \"あなたの\"",
        "the Ja has \"既に\"",
        "the Zh has \"游标后\"",
        "the Ja has \"カーソルの後\"",
        "the Ja has \"異常終了\"",
        "the Zh has \"最低的\"",
        "the Ja has \"最小の\"",
        "the Zh has \"起点\"",
        "the Ja has \"出発点\"",
        "the Zh has \"...\"",
        "the Ja has \"...\"",
        "the Ja has \"…\"",
        "the Zh has 。 inside the parentheses of a sentence in \"子网...（起点。见上）\"",
        "the Ja has 。 inside the parentheses of a sentence",
        "the Zh has a space after \"：\"",
        "the Ja has a space after \"。\"",
    ] {
        assert!(
            complaints.contains(expected),
            "no complaint {expected:?} in:\n{complaints}"
        );
    }
    let good = Text::new(
        english,
        "非正常关机后 kubelet 准入了这个 Pod，阶段为 Failed；你的集群的主 IP：游标已越过 .3。下一个：地址最低的空闲子网……（见上）。（括号里可以是完整的句子。两句。）",
        "異常なシャットダウンの後、kubelet は Pod を受け入れ、フェーズは Failed です。お使いのクラスターのプライマリー IP：カーソルはすでに .3 を通り過ぎています。次：アドレス順で最初の空きサブネット……（上を参照）。（括弧だけで文になることもあります。2 文です。）",
    );
    assert_eq!(glossary_complaints("sample", &good), Vec::<String>::new());

    // The range is split into node subnets, not the nodes.
    let split = "Three nodes in 10.244.0.0/16 split into /24 subnets.";
    let bad = Text::new(
        split,
        "10.244.0.0/16 按 /24 划分的三个节点。",
        "10.244.0.0/16 を /24 に分けた 3 ノードです。",
    );
    let complaints = glossary_complaints("sample", &bad).join("\n");
    assert!(complaints.contains("the Zh has \"划分的\""), "{complaints}");
    assert!(
        complaints.contains("the Ja has \"に分けた\""),
        "{complaints}"
    );
    let good = Text::new(
        split,
        "10.244.0.0/16 按 /24 划分为节点子网，集群中有三个节点。",
        "10.244.0.0/16 を /24 のノードサブネットに分割したクラスターに、ノードが 3 台あります。",
    );
    assert_eq!(glossary_complaints("sample", &good), Vec::<String>::new());

    // A note ends in a noun; a button and a quiz's choice may end in a verb.
    let fits = |ja| {
        Text::new(
            "fits in a node's usable addresses",
            "在节点可用地址数之内",
            ja,
        )
    };
    for plain in [
        "ノードの使えるアドレスに収まる",
        "ノードサブネットから来ない",
        "ノードのアドレスより多い",
    ] {
        let complaints = glossary_complaints("MAX_PODS_SET_FITS", &fits(plain)).join("\n");
        assert!(
            complaints.contains("ends in the plain form"),
            "{plain}: {complaints}"
        );
        assert_eq!(
            glossary_complaints("tour x question 1 choice 2", &fits(plain)),
            Vec::<String>::new()
        );
    }
    assert_eq!(
        glossary_complaints("MAX_PODS_SET_FITS", &fits("ノードの利用可能アドレス数以内")),
        Vec::<String>::new()
    );
    let close = Text::new("close", "关闭", "閉じる");
    assert_eq!(glossary_complaints("CLOSE", &close), Vec::<String>::new());
    assert!(!glossary_complaints("CLOSE_NOTE", &close).is_empty());
}

#[test]
fn the_kubernetes_io_spellings_catch_what_they_should() {
    // kubernetes.io/ja and kubernetes.io/zh-cn: コンテナ, バイナリ, プロキシ, リポジトリ without the long
    // vowel mark, サーバー with it, and the API server in prose as API 服务器 / API サーバー.
    let english = "The API server answers the kubelet; the container runtime pulls a binary through a proxy from a repository.";
    let bad = Text::new(
        english,
        "API server 回应 kubelet；容器运行时通过代理从仓库拉取二进制文件。",
        "API server が kubelet に応答します。コンテナーランタイムはプロキシー経由でリポジトリーからバイナリーを取得します。API サーバ も同じです。",
    );
    let complaints = glossary_complaints("sample", &bad).join("\n");
    for expected in [
        "the Zh says API 服务器",
        "the Ja says API サーバー",
        "the Zh has \"API server\"",
        "the Ja has \"API server\"",
        "the Ja has \"コンテナー\"",
        "the Ja has \"バイナリー\"",
        "the Ja has \"プロキシー\"",
        "the Ja has \"リポジトリー\"",
        "the Ja has \"サーバ\"",
    ] {
        assert!(
            complaints.contains(expected),
            "no complaint {expected:?} in:\n{complaints}"
        );
    }
    let good = Text::new(
        english,
        "API 服务器回应 kubelet；容器运行时通过代理从仓库拉取二进制文件。",
        "API サーバーが kubelet に応答します。コンテナランタイムはプロキシ経由でリポジトリからバイナリを取得します。",
    );
    assert_eq!(glossary_complaints("sample", &good), Vec::<String>::new());
    // The binary's name stays: kube-apiserver is no API server of the prose.
    let binary = Text::new(
        "kube-apiserver removes the object.",
        "kube-apiserver 删除该对象。",
        "kube-apiserver がオブジェクトを削除します。",
    );
    assert_eq!(glossary_complaints("sample", &binary), Vec::<String>::new());
}

#[test]
fn init_containers_delegation_and_the_chain_are_said_one_way() {
    let english = "kube-flannel's init container copies the conflist; the chain runs flannel, which delegates to the bridge plugin and its bridge cni0.";
    let bad = Text::new(
        english,
        "kube-flannel 的初始化容器复制 conflist；链运行 flannel，由它把工作交给 bridge 插件。init 容器也一样。",
        "kube-flannel の init コンテナが conflist をコピーします。プラグイン列は flannel を実行し、flannel が bridge プラグインに処理を渡します。",
    );
    let complaints = glossary_complaints("sample", &bad).join("\n");
    for expected in [
        "the Zh says Init 容器",
        "the Ja says Init コンテナ",
        "the Zh says 委托",
        "the Ja says 委譲",
        "the Zh says 插件链",
        "the Ja says チェーン",
        "the Zh has \"初始化容器\"",
        "the Zh has \"init 容器\"",
        "the Ja has \"init コンテナ\"",
        "the Zh has \"交给\"",
        "the Zh has \"链\"",
    ] {
        assert!(
            complaints.contains(expected),
            "no complaint {expected:?} in:\n{complaints}"
        );
    }
    let good = Text::new(
        english,
        "kube-flannel 的 Init 容器复制 conflist；插件链运行 flannel，由 flannel 委托 bridge 插件执行，网桥是 cni0。复制链接。",
        "kube-flannel の Init コンテナが conflist をコピーします。チェーンは flannel を実行し、flannel が bridge プラグインに委譲します。ブリッジは cni0 です。",
    );
    assert_eq!(glossary_complaints("sample", &good), Vec::<String>::new());
}

#[test]
fn the_articles_headings_read_as_headings() {
    // A heading of the article may be a sentence in the plain form, as a Japanese article's are; a note
    // may not.
    let heading = Text::new(
        "kindnetd writes the CNI configuration",
        "kindnetd 写入 CNI 配置",
        "kindnetd が CNI の設定を書き込む",
    );
    assert_eq!(
        glossary_complaints("article conflist title", &heading),
        Vec::<String>::new()
    );
    assert!(glossary_complaints("CONFLIST_NOTE", &heading)
        .join("\n")
        .contains("ends in the plain form"));
    // ラップアラウンド only in a title: the exhaustion tour's and the article's section on it.
    let wrap = Text::new(
        "Running out, and the wrap",
        "耗尽与绕回",
        "枯渇とラップアラウンド",
    );
    assert_eq!(
        glossary_complaints("article exhaustion title", &wrap),
        Vec::<String>::new()
    );
    let complaints = glossary_complaints("article exhaustion paragraph 1", &wrap).join("\n");
    assert!(complaints.contains("the Ja says 一周"), "{complaints}");
    assert!(
        complaints.contains("the Ja has \"ラップアラウンド\""),
        "{complaints}"
    );
}
