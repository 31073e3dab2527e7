//! The `kcm-restart` tour: its scenario, its steps (each waiting for an event of the run) and their words,
//! and the questions asked before the steps that answer them.

use super::legacy::{On, Question, Source, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const KCM_RESTART: Tour = Tour {
    id: TourId::KcmRestart,
    scenario: builtin::KCM_RESTART,
    title: text! {
        en: "kube-controller-manager restarts",
        zh: "kube-controller-manager 重启",
        ja: "kube-controller-manager の再起動",
    },
    intro: text! {
        en: "Three nodes in 10.244.0.0/16 split into /24 subnets: node-a, node-b and node-c get indexes 0, 1 and 2, and the cursor stands at 3. Then node-b goes.",
        zh: "10.244.0.0/16 按 /24 划分为节点子网，集群中有三个节点：node-a、node-b、node-c 分到索引 0、1、2，游标停在 3。随后 node-b 被删除。",
        ja: "10.244.0.0/16 を /24 のノードサブネットに分割したクラスターに、ノードが 3 台あります。node-a、node-b、node-c がインデックス 0、1、2 を受け取り、カーソルは 3 にあります。その後 node-b が削除されます。",
    },
    steps: &[
        Step {
            id: "node-b-released",
            waits_for: (Reason::CIDRReleased, "node/node-b"),
            shows: &[],
            command: None,
            words: text! {
                en: "node-b is deleted: kube-controller-manager clears its bit, and 10.244.1.0/24 is free. nextCandidate stays at 3.",
                zh: "node-b 被删除：kube-controller-manager 清除它的位，10.244.1.0/24 空了出来。nextCandidate 仍停在 3。",
                ja: "node-b が削除されます。kube-controller-manager がそのビットを消し、10.244.1.0/24 が空きます。nextCandidate は 3 のままです。",
            },
        },
        Step {
            id: "node-d-after-cursor",
            waits_for: (Reason::PodCIDRPatched, "node/node-d"),
            shows: &[On("node-d", &[PodCidr("10.244.3.0/24")])],
            command: None,
            words: text! {
                en: "node-d joins and gets 10.244.3.0/24, not the freed 10.244.1.0/24: the scan starts at nextCandidate, and index 1 comes back only after the cursor wraps round the /16.",
                zh: "node-d 加入，分到 10.244.3.0/24，而不是刚释放的 10.244.1.0/24：扫描从 nextCandidate 开始，索引 1 要等游标在 /16 中绕回之后才会再被分配。",
                ja: "node-d が参加し、解放された 10.244.1.0/24 ではなく 10.244.3.0/24 を受け取ります。走査は nextCandidate から始まるので、インデックス 1 が戻ってくるのはカーソルが /16 を一周した後です。",
            },
        },
        Step {
            id: "kcm-restarted",
            waits_for: (Reason::NodeIpamStarted, "kube-controller-manager"),
            shows: &[
                On("node-a", &[PodCidr("10.244.0.0/24")]),
                On("node-c", &[PodCidr("10.244.2.0/24")]),
                On("node-d", &[PodCidr("10.244.3.0/24")]),
            ],
            command: None,
            words: text! {
                en: "kube-controller-manager restarts. The cidrset lives in its memory only: a new one starts with nextCandidate 0 and occupies the podCIDR each node carries (node-a, node-c, node-d). The rest of that memory starts over too: the Service range is filtered out again, a subnet a failed PATCH left marked for no node is free again, and the workqueue's backoff begins anew.",
                zh: "kube-controller-manager 重启。cidrset 只存在于它的内存中：新建的 cidrset 从 nextCandidate 0 开始，并占用各节点已有的 podCIDR（node-a、node-c、node-d）。内存中的其他状态也一并重来：Service 网段被重新过滤掉，某次 PATCH 失败后被标记为已占用、却没有任何节点持有的子网重新变为空闲，工作队列的退避也从头开始。",
                ja: "kube-controller-manager が再起動します。cidrset はメモリー上にしかないため、新しい cidrset が nextCandidate 0 から作られ、各ノードが持つ podCIDR（node-a、node-c、node-d）を使用中にします。メモリー上のほかの状態もすべて最初からです。Service の範囲はあらためて除外されます。PATCH の失敗で使用中の印が付いたまま、どのノードも持っていなかったサブネットは、空きに戻ります。ワークキューのバックオフも一からやり直しになります。",
            },
        },
        Step {
            id: "node-e-lowest-free",
            waits_for: (Reason::PodCIDRPatched, "node/node-e"),
            shows: &[On("node-e", &[PodCidr("10.244.1.0/24")])],
            command: None,
            words: text! {
                en: "node-e joins and gets 10.244.1.0/24: from index 0 the first free subnet is node-b's old one. Before the restart it would have got 10.244.4.0/24; the order in which subnets are handed out depends on the controller's uptime.",
                zh: "node-e 加入，分到 10.244.1.0/24：从索引 0 开始，第一个空闲子网就是 node-b 原来的那个。如果没有重启，它会分到 10.244.4.0/24；子网的分配顺序取决于控制器运行了多久。",
                ja: "node-e が参加し、10.244.1.0/24 を受け取ります。インデックス 0 から見て最初の空きサブネットは node-b が使っていたものです。再起動がなければ 10.244.4.0/24 だったはずで、サブネットが払い出される順序はコントローラーの稼働時間しだいです。",
            },
        },
    ],
    questions: &[
        Question {
            before: "node-d-after-cursor",
            text: text! {
                en: "node-b's 10.244.1.0/24 was released and nextCandidate is 3. Which subnet does node-d get?",
                zh: "node-b 的 10.244.1.0/24 已被释放，nextCandidate 是 3。node-d 会分到哪个子网？",
                ja: "node-b の 10.244.1.0/24 は解放され、nextCandidate は 3 です。node-d が受け取るサブネットはどれでしょう？",
            },
            choices: &[
                text! { en: "10.244.1.0/24", zh: "10.244.1.0/24", ja: "10.244.1.0/24" },
                text! { en: "10.244.3.0/24", zh: "10.244.3.0/24", ja: "10.244.3.0/24" },
                text! { en: "None until the cursor wraps", zh: "在游标绕回之前一个也没有", ja: "カーソルが一周するまでなし" },
            ],
            correct: 1,
            why: text! {
                en: "AllocateNext scans from nextCandidate (3) and takes index 3; the released index 1 is reused only once the scan wraps past the end of the /16.",
                zh: "AllocateNext 从 nextCandidate（3）开始扫描，取索引 3；释放的索引 1 要等扫描越过 /16 末尾绕回后才会复用。",
                ja: "AllocateNext は nextCandidate（3）から走査してインデックス 3 を取ります。解放されたインデックス 1 が再利用されるのは、走査が /16 の終わりを越えて一周してからです。",
            },
        },
        Question {
            before: "node-e-lowest-free",
            text: text! {
                en: "kube-controller-manager has restarted. Which subnet does node-e get?",
                zh: "kube-controller-manager 已经重启。node-e 会分到哪个子网？",
                ja: "kube-controller-manager が再起動しました。node-e が受け取るサブネットはどれでしょう？",
            },
            choices: &[
                text! { en: "10.244.4.0/24, after node-d's", zh: "10.244.4.0/24，排在 node-d 之后", ja: "10.244.4.0/24（node-d の次）" },
                text! { en: "10.244.1.0/24, node-b's old one", zh: "10.244.1.0/24，node-b 原来的子网", ja: "10.244.1.0/24（node-b が使っていたもの）" },
                text! { en: "10.244.0.0/24, shared with node-a", zh: "10.244.0.0/24，与 node-a 共用", ja: "10.244.0.0/24（node-a と共用）" },
            ],
            correct: 1,
            why: text! {
                en: "The new cidrset starts with nextCandidate 0 and only the nodes' own podCIDR occupied (occupyCIDRs); AllocateNext finds index 1 free first.",
                zh: "新的 cidrset 从 nextCandidate 0 开始，只有各节点的 podCIDR 被占用（occupyCIDRs）；AllocateNext 首先找到空闲的索引 1。",
                ja: "新しい cidrset は nextCandidate 0 から始まり、使用中なのはノードの podCIDR（occupyCIDRs）だけです。AllocateNext は最初にインデックス 1 が空いているのを見つけます。",
            },
        },
    ],
    sources: &[
        Source {
            label: "kubernetes/kubernetes#29058",
            url: "https://github.com/kubernetes/kubernetes/issues/29058",
        },
        Source {
            label: "kubernetes/kubernetes#29062",
            url: "https://github.com/kubernetes/kubernetes/pull/29062",
        },
        Source {
            label: "kubernetes/kubernetes#20048",
            url: "https://github.com/kubernetes/kubernetes/issues/20048",
        },
    ],
};
