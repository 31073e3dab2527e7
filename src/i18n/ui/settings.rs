//! The words of the settings card, the capacity plan and the scenario editor.

use super::cluster::{CNI, HINT_CNI, HINT_MAX_PODS};
use crate::i18n::{texts, Text};
use crate::sim::KnobId;

texts! {
    // Settings.
    /// Heading.
    SETTINGS => { en: "Cluster settings", zh: "集群设置", ja: "クラスター設定" },
    /// --cluster-cidr hint.
    HINT_CLUSTER_CIDR => {
        en: "one CIDR, or IPv4,IPv6 for dual-stack",
        zh: "一个 CIDR；双栈时写 IPv4,IPv6",
        ja: "CIDR を 1 つ、デュアルスタックなら IPv4,IPv6",
    },
    /// --node-cidr-mask-size hint.
    HINT_NODE_MASK => {
        en: "single-stack; empty = per-family default",
        zh: "单栈；留空 = 各地址族的默认值",
        ja: "シングルスタック用。空欄ならアドレスファミリーごとのデフォルト値",
    },
    /// IPv4 mask hint.
    HINT_NODE_MASK_V4 => { en: "default 24", zh: "默认 24", ja: "デフォルト 24" },
    /// IPv6 mask hint.
    HINT_NODE_MASK_V6 => { en: "default 64", zh: "默认 64", ja: "デフォルト 64" },
    /// Service range hint.
    HINT_SERVICE => { en: "kind: 10.96.0.0/16", zh: "kind：10.96.0.0/16", ja: "kind：10.96.0.0/16" },
    /// The DEL lag field.
    DEL_LAG => {
        en: "DEL lag (immediate delete → CNI DEL)",
        zh: "DEL 延迟（立即删除 → CNI DEL）",
        ja: "DEL の遅れ（即時削除 → CNI DEL）",
    },
    /// Its hint.
    HINT_DEL_LAG => { en: "measured in kind: 2.3 s", zh: "kind 实测：2.3 秒", ja: "kind での実測：2.3 秒" },
    /// Deletion mode.
    POD_DELETION => { en: "pod deletion", zh: "Pod 删除方式", ja: "Pod の削除方法" },
    /// Immediate deletion.
    IMMEDIATE => {
        en: "immediate (--grace-period=0 --force)",
        zh: "立即（--grace-period=0 --force）",
        ja: "即時（--grace-period=0 --force）",
    },
    /// Graceful deletion.
    GRACEFUL => { en: "graceful (30 s grace period)", zh: "优雅（30 秒宽限期）", ja: "グレースフル（猶予期間 30 秒）" },
    /// Before kcm's error text.
    REFUSED => { en: "refused:", zh: "被拒绝：", ja: "拒否：" },
    /// In the same place while the flags are valid.
    ACCEPTED => {
        en: "kube-controller-manager starts with these flags; the cluster and the figures below follow them.",
        zh: "kube-controller-manager 接受这些参数并启动；下面的集群和数字随之更新。",
        ja: "kube-controller-manager はこれらのフラグで起動します。下のクラスターと数値はそれに従います。",
    },
    /// Under [`ACCEPTED`], before each warning kcm logs about the flags (an unparsable service range).
    LOGS_WARNING => {
        en: "It logs a warning, and the range it cannot parse is not kept out of the node subnets:",
        zh: "它会记录一条警告，无法解析的范围不会从节点子网中排除：",
        ja: "警告をログに出します。解析できない範囲はノードサブネットから除外されません：",
    },
    /// After it.
    STILL_SHOWING => {
        en: "Still showing the last valid cluster.",
        zh: "仍显示上一个有效的集群。",
        ja: "最後に有効だったクラスターを表示したままです。",
    },

    // Capacity.
    /// A family's heading: {0} node mask.
    SPLIT_INTO => { en: " split into /{0} node subnets", zh: " 划分为 /{0} 的节点子网", ja: " を /{0} のノードサブネットに分割" },
    /// Figure.
    NODE_SUBNETS => { en: "node subnets", zh: "节点子网数", ja: "ノードサブネット数" },
    /// Figure.
    ADDRESSES_PER_NODE => { en: "addresses per node", zh: "每个节点的地址数", ja: "ノードあたりのアドレス数" },
    /// Figure.
    USABLE_PER_NODE => { en: "usable pod IPs per node", zh: "每个节点可用的 Pod IP", ja: "ノードあたりの利用可能な Pod IP" },
    /// Figure.
    USABLE_TOTAL => { en: "usable pod IPs in all", zh: "可用 Pod IP 总数", ja: "利用可能な Pod IP の合計" },
    /// Figure.
    FIRST_SUBNET => { en: "first node subnet", zh: "第一个节点子网", ja: "最初のノードサブネット" },
    /// Figure.
    LAST_SUBNET => { en: "last node subnet", zh: "最后一个节点子网", ja: "最後のノードサブネット" },
    /// Figure (the flag stays).
    MAX_PODS => { en: "kubelet --max-pods", zh: "kubelet --max-pods", ja: "kubelet --max-pods" },
    /// Note: nothing usable.
    TOO_SMALL => {
        en: "host-local: too small to allocate from",
        zh: "host-local：太小，无法分配",
        ja: "host-local：小さすぎて割り当て不可",
    },
    /// Note: IPv4 exclusions.
    EXCLUDED_V4 => {
        en: "host-local: network, gateway (.1) and broadcast excluded",
        zh: "host-local：不含网络地址、网关（.1）和广播地址",
        ja: "host-local：ネットワークアドレス、ゲートウェイ（.1）、ブロードキャストは除外",
    },
    /// Note: IPv6 exclusions.
    EXCLUDED_V6 => {
        en: "host-local: network and gateway (::1) excluded; IPv6 has no broadcast",
        zh: "host-local：不含网络地址和网关（::1）；IPv6 没有广播地址",
        ja: "host-local：ネットワークアドレスとゲートウェイ（::1）は除外。IPv6 はブロードキャストなし",
    },
    /// Note.
    PER_NODE_TIMES => { en: "per node × node subnets", zh: "每节点 × 节点子网数", ja: "ノードあたり × ノードサブネット数" },
    /// Note.
    INDEX_ZERO => {
        en: "index 0: the control-plane node in kind",
        zh: "索引 0：kind 中的控制平面节点",
        ja: "インデックス 0：kind ではコントロールプレーンノード",
    },
    /// Note: {0} index.
    INDEX_N => { en: "index {0}", zh: "索引 {0}", ja: "インデックス {0}" },
    /// Note.
    MAX_PODS_FITS => {
        en: "default; fits in a node's usable addresses",
        zh: "默认值；在节点可用地址数之内",
        ja: "デフォルト。ノードの利用可能アドレス数以内",
    },
    /// Note.
    MAX_PODS_EXCEEDS => {
        en: "default; more than a node's usable addresses",
        zh: "默认值；超过节点可用地址数",
        ja: "デフォルト。ノードの利用可能アドレス数を超過",
    },
    /// The ruler: {0} cluster bits, {1} node bits, {2} pod bits.
    RULER => {
        en: "{0} cluster-prefix bits, {1} node-index bits, {2} pod-host bits",
        zh: "集群前缀占 {0} 位，节点索引占 {1} 位，Pod 主机位占 {2} 位",
        ja: "クラスタープレフィックス {0} ビット、ノードインデックス {1} ビット、Pod ホスト部 {2} ビット",
    },
    /// One bit: {0} position, {1} role.
    BIT => { en: "bit {0}: {1}", zh: "第 {0} 位：{1}", ja: "ビット {0}：{1}" },
    /// Bit role.
    ROLE_CLUSTER => { en: "cluster prefix", zh: "集群前缀", ja: "クラスタープレフィックス" },
    /// Bit role.
    ROLE_NODE => { en: "node index", zh: "节点索引", ja: "ノードインデックス" },
    /// Bit role.
    ROLE_POD => { en: "pod host", zh: "Pod 主机位", ja: "Pod ホスト部" },
    /// Ruler key: {0} bits.
    KEY_CLUSTER => {
        en: "c: cluster prefix — {0} bits fixed by --cluster-cidr",
        zh: "c：集群前缀——{0} 位，由 --cluster-cidr 固定",
        ja: "c：クラスタープレフィックス——{0} ビット（--cluster-cidr で固定）",
    },
    /// Ruler key: {0} bits.
    KEY_NODE => {
        en: "n: node index — {0} bits pick one of 2^{0} node subnets",
        zh: "n：节点索引——{0} 位，从 2^{0} 个节点子网中选一个",
        ja: "n：ノードインデックス——{0} ビットで 2^{0} 個のノードサブネットから 1 つを選択",
    },
    /// Ruler key: {0} 1 bit.
    KEY_NODE_ONE => {
        en: "n: node index — {0} bit picks one of 2^{0} node subnets",
        zh: "n：节点索引——{0} 位，从 2^{0} 个节点子网中选一个",
        ja: "n：ノードインデックス——{0} ビットで 2^{0} 個のノードサブネットから 1 つを選択",
    },
    /// Ruler key: {0} bits.
    KEY_POD => {
        en: "p: pod host — {0} bits pick one of 2^{0} addresses",
        zh: "p：Pod 主机位——{0} 位，从 2^{0} 个地址中选一个",
        ja: "p：Pod ホスト部——{0} ビットで 2^{0} 個のアドレスから 1 つを選択",
    },
    /// Ruler key: {0} 1 bit.
    KEY_POD_ONE => {
        en: "p: pod host — {0} bit picks one of 2^{0} addresses",
        zh: "p：Pod 主机位——{0} 位，从 2^{0} 个地址中选一个",
        ja: "p：Pod ホスト部——{0} ビットで 2^{0} 個のアドレスから 1 つを選択",
    },

    // The scenario editor.
    /// Heading.
    SCENARIO => { en: "Scenario", zh: "场景", ja: "シナリオ" },
    /// Lede.
    EDITOR_LEDE => {
        en: "One command per line: cluster, node add/delete/reboot, pod add/delete, kcm restart, wait, set. Your actions are appended here.",
        zh: "每行一条命令：cluster、node add/delete/reboot、pod add/delete、kcm restart、wait、set。你的操作会追加到这里。",
        ja: "1 行に 1 コマンド：cluster、node add/delete/reboot、pod add/delete、kcm restart、wait、set。操作した内容はここに追記されます。",
    },
    /// podip's limits on a scenario: {0} nodes, {1} pods, {2} per add-many, {3} of virtual time.
    EDITOR_LIMITS => {
        en: "Limits: at most {0} nodes and {1} pods created in a scenario, {2} per add-many, {3} of virtual time.",
        zh: "限制：一个场景中最多 {0} 个节点、创建 {1} 个 Pod，每条 add-many 最多 {2} 个，虚拟时间最长 {3}。",
        ja: "制限：1 つのシナリオで作成できるのはノード {0} 個、Pod {1} 個まで、add-many 1 行につき {2} 個まで、仮想時間は {3} までです。",
    },
    /// The text area, for screen readers.
    SCENARIO_TEXT => { en: "scenario text", zh: "场景文本", ja: "シナリオのテキスト" },
    /// Run button.
    RUN_SCENARIO => { en: "run scenario", zh: "运行场景", ja: "シナリオを実行" },
}

/// The label and the hint of a setting the settings card shows (`sim::settings::KNOBS`), by its id.
pub fn knob_words(id: KnobId) -> Option<(Text, Text)> {
    match id {
        KnobId::MaxPods => Some((MAX_PODS, HINT_MAX_PODS)),
        KnobId::DelLag => Some((DEL_LAG, HINT_DEL_LAG)),
        KnobId::Cni => Some((CNI, HINT_CNI)),
        _ => None,
    }
}
