//! The one-line notices that say what changed besides what the learner asked for, each with its way
//! back: a preset that replaced fields the learner set, a tour that loaded its own cluster over the
//! learner's, and a tour whose story the cluster shown does not tell whole (another CNI chain, steps
//! that never happen).

use crate::i18n::{texts, Lang, Text};
use crate::sim::Chain;

texts! {
    /// A preset replaced fields the learner had set: {0} the preset, {1} the fields with the values
    /// they had (`--node-cidr-mask-size=26`).
    PRESET_REPLACED => {
        en: "The {0} preset replaced your {1}.",
        zh: "预设 {0} 替换了你设置的 {1}。",
        ja: "プリセット {0} が、設定していた {1} を置き換えました。",
    },
    /// A lesson (a link's) with texts not written in the page's language: those are shown in English.
    LESSON_IN_ENGLISH => {
        en: "Parts of this lesson are not written in this language, or were translated from an older English: they are shown in English.",
        zh: "本课程有部分内容没有中文版本，或译自旧版英文，以英文显示。",
        ja: "このレッスンには日本語で書かれていない部分、または古い英語から翻訳された部分があり、英語で表示しています。",
    },
    /// Its way back: the fields and the cluster as they were before the preset.
    UNDO => { en: "Undo", zh: "撤销", ja: "元に戻す" },
    /// A tour opened over a cluster the learner had changed: {0} the tour's title.
    TOUR_REPLACED => {
        en: "Opening “{0}” loaded the tour's own cluster in place of yours.",
        zh: "打开“{0}”时载入了导览自己的集群，替换了你的集群。",
        ja: "「{0}」を開いたため、お使いのクラスターの代わりにツアー本来のクラスターを読み込みました。",
    },
    /// Its way back: the scenario, settings and place shown before the tour opened.
    RESTORE_CLUSTER => { en: "Restore your cluster", zh: "恢复你的集群", ja: "お使いのクラスターに戻す" },
    /// A tour shown on another chain than its own: {0} the tour's chain, {1} the cluster's.
    GAP_CHAIN => {
        en: "Told on {0}, not your {1}.",
        zh: "本导览基于 {0}，不是你的 {1}。",
        ja: "このツアーは {0} が前提で、お使いの {1} ではありません。",
    },
    /// One step of the tour never happens in the cluster shown and is passed over: {0} its number.
    GAP_STEP => {
        en: "Step {0} is skipped.",
        zh: "跳过第 {0} 步。",
        ja: "ステップ {0} は飛ばします。",
    },
    /// Several: {0} their numbers (`5 and 6`).
    GAP_STEPS => {
        en: "Steps {0} are skipped.",
        zh: "跳过第 {0} 步。",
        ja: "ステップ {0} は飛ばします。",
    },
    /// A link asked for a step the cluster shown never reaches: {0} its number.
    LINK_STEP_MISSING => {
        en: "The link opens step {0}, which never happens in this cluster.",
        zh: "链接要打开第 {0} 步，但这一步在这个集群里不会发生。",
        ja: "リンクはステップ {0} を開こうとしましたが、このステップはこのクラスターでは起きません。",
    },
    /// The way to the same story on the cluster's kind of chain: {0} that tour's title.
    RETOLD_ON => {
        en: "On your chain: {0}",
        zh: "你的插件链上：{0}",
        ja: "お使いのチェーンで：{0}",
    },
    /// And: between the last two of a list of step numbers.
    AND => { en: " and ", zh: "、", ja: "、" },
    /// kindnet's chain, as a notice names it.
    CHAIN_KINDNET => { en: "kindnet's ptp", zh: "kindnet 的 ptp", ja: "kindnet の ptp" },
    /// kube-flannel's chain.
    CHAIN_FLANNEL => {
        en: "kube-flannel's bridge",
        zh: "kube-flannel 的网桥",
        ja: "kube-flannel のブリッジ",
    },
    /// k3s' embedded flannel's chain.
    CHAIN_K3S_FLANNEL => {
        en: "k3s' flannel bridge",
        zh: "k3s 内置 flannel 的网桥",
        ja: "k3s 組み込み flannel のブリッジ",
    },
    CHAIN_CANAL => {
        en: "Canal's cali veths",
        zh: "Canal 的 cali veth",
        ja: "Canal の cali veth",
    },
    CHAIN_CALICO => {
        en: "Calico's IP pool blocks",
        zh: "Calico 的 IP 池地址块",
        ja: "Calico の IP プールのブロック",
    },
}

/// A chain as a notice names it.
pub fn chain_words(chain: Chain) -> Text {
    match chain {
        Chain::Kindnet => CHAIN_KINDNET,
        Chain::Flannel => CHAIN_FLANNEL,
        Chain::K3sFlannel => CHAIN_K3S_FLANNEL,
        Chain::Calico => CHAIN_CALICO,
        Chain::Canal => CHAIN_CANAL,
    }
}

/// The tour steps `steps` (counted from 0) that never happen, as a notice says it in `lang`.
///
/// # Examples
/// ```
/// use podip::i18n::{ui, Lang};
/// assert_eq!(ui::missing_steps(&[4], Lang::En), "Step 5 is skipped.");
/// assert_eq!(ui::missing_steps(&[2, 4, 5], Lang::En), "Steps 3, 5 and 6 are skipped.");
/// #[cfg(not(target_arch = "wasm32"))]
/// assert_eq!(ui::missing_steps(&[4, 5], Lang::Zh), "跳过第 5、6 步。");
/// ```
pub fn missing_steps(steps: &[usize], lang: Lang) -> String {
    let numbers: Vec<String> = steps.iter().map(|i| (i + 1).to_string()).collect();
    match numbers.as_slice() {
        [] => String::new(),
        [one] => GAP_STEP.fill(lang, &[one]),
        [rest @ .., last] => {
            let comma = if lang == Lang::En { ", " } else { "、" };
            let list = format!("{}{}{last}", rest.join(comma), AND.get(lang));
            GAP_STEPS.fill(lang, &[&list])
        }
    }
}
