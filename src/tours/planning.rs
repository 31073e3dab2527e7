//! The `planning` tour: its scenario, its steps (each waiting for an event of the run) and their words,
//! and the questions asked before the steps that answer them.

use super::legacy::{On, Question, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const PLANNING: Tour = Tour {
    id: TourId::Planning,
    scenario: builtin::PLANNING,
    title: text! {
        en: "planning a cluster",
        zh: "规划集群",
        ja: "クラスターの計画",
    },
    intro: text! {
        en: "Two flags size a cluster: /16 with /24 gives 2^(24−16) = 256 nodes of 2^(32−24) = 256 addresses. Here a /22 split into /24 subnets holds just four nodes; change the masks in the settings and watch the same story re-plan.",
        zh: "集群的规模由两个参数决定：/16 配 /24，得到 2^(24−16) = 256 个节点，每个节点 2^(32−24) = 256 个地址。这里把 /22 切成 /24 子网，只容得下四个节点；在设置里改一改掩码，看看同一场景下的规划如何变化。",
        ja: "クラスターの規模は 2 つのフラグで決まります。/16 と /24 なら 2^(24−16) = 256 ノード、各ノード 2^(32−24) = 256 アドレスです。ここでは /22 を /24 のサブネットに分けるので、ノードは 4 つしか入りません。設定でマスクを変えると、同じシナリオで計画がどう変わるかを確認できます。",
    },
    steps: &[
        Step {
            id: "fourth-node",
            waits_for: (Reason::PodCIDRPatched, "node/node-d"),
            shows: &[
                On("node-a", &[PodCidr("10.244.0.0/24")]),
                On("node-b", &[PodCidr("10.244.1.0/24")]),
                On("node-c", &[PodCidr("10.244.2.0/24")]),
                On("node-d", &[PodCidr("10.244.3.0/24")]),
            ],
            command: None,
            words: text! {
                en: "Four nodes, four /24 subnets: the /22 is full, and the round-robin cursor has wrapped back to index 0.",
                zh: "四个节点，四个 /24 子网：/22 已经分满，轮询（round-robin）游标也绕回到了索引 0。",
                ja: "ノードが 4 つ、/24 サブネットも 4 つです。/22 は使い切られ、ラウンドロビンのカーソルは一周してインデックス 0 に戻っています。",
            },
        },
        Step {
            id: "cidr-not-available",
            waits_for: (Reason::CIDRNotAvailable, "node/node-e"),
            shows: &[On("node-e", &[Node("node-e")])],
            command: None,
            words: text! {
                en: "The fifth node gets CIDRNotAvailable: allocatedCIDRs == maxCIDRs, so the allocation fails with ErrCIDRRangeNoCIDRsRemaining before a bit is scanned. The workqueue retries the node with exponential backoff (5 ms, doubling). kindnetd writes node-e's conflist all the same, with an empty subnet: until node-e has a /24, a pod there would fail in host-local (invalid CIDR address).",
                zh: "第五个节点得到 CIDRNotAvailable：allocatedCIDRs == maxCIDRs，所以还没扫描位图，分配就以 ErrCIDRRangeNoCIDRsRemaining 失败。工作队列以指数退避重试这个节点（从 5 毫秒开始，每次翻倍）。kindnetd 照样为 node-e 写出 conflist，只是 subnet 为空：在 node-e 拿到 /24 之前，放到那里的 Pod 会在 host-local 失败（invalid CIDR address）。",
                ja: "5 番目のノードには CIDRNotAvailable が出ます。allocatedCIDRs == maxCIDRs なので、割り当てはビットマップを走査する前に ErrCIDRRangeNoCIDRsRemaining で失敗します。ワークキューはこのノードを指数バックオフ（5 ミリ秒から倍々）で再試行します。それでも kindnetd は node-e の conflist を書きますが、subnet は空です。node-e が /24 を得るまで、そこに置かれた Pod は host-local で失敗します（invalid CIDR address）。",
            },
        },
        Step {
            id: "node-b-released",
            waits_for: (Reason::CIDRReleased, "node/node-b"),
            shows: &[],
            command: None,
            words: text! {
                en: "node-b is deleted: its /24 is released. Releasing never moves the cursor.",
                zh: "node-b 被删除，它的 /24 随之释放。释放从不移动游标。",
                ja: "node-b が削除され、その /24 が解放されます。解放でカーソルが動くことはありません。",
            },
        },
        Step {
            id: "node-e-gets-index-1",
            waits_for: (Reason::PodCIDRPatched, "node/node-e"),
            shows: &[On("node-e", &[PodCidr("10.244.1.0/24")])],
            command: None,
            words: text! {
                en: "On its next retry node-e gets the freed 10.244.1.0/24: the scan from the cursor finds index 1.",
                zh: "node-e 在下一次重试时拿到刚释放的 10.244.1.0/24：从游标开始的扫描找到了索引 1。",
                ja: "次の再試行で、node-e は解放された 10.244.1.0/24 を受け取ります。カーソルからの走査がインデックス 1 を見つけるからです。",
            },
        },
    ],
    questions: &[
        Question {
            before: "cidr-not-available",
            text: text! {
                en: "10.244.0.0/22 split into /24 subnets holds four, and four nodes have one. What happens to the fifth node?",
                zh: "10.244.0.0/22 按 /24 划分只有四个节点子网，四个节点已各占一个。第五个节点会怎样？",
                ja: "10.244.0.0/22 を /24 に分けるとノードサブネットは 4 個で、4 台のノードが 1 個ずつ使っています。5 台目のノードはどうなるでしょう？",
            },
            choices: &[
                text! { en: "It gets a smaller /25", zh: "分到一个更小的 /25", ja: "より小さい /25 を受け取る" },
                text! { en: "CIDRNotAvailable: it stays without a podCIDR and is retried", zh: "CIDRNotAvailable：它没有 podCIDR，并被重试", ja: "CIDRNotAvailable：podCIDR なしのまま再試行される" },
                text! { en: "It shares node-a's /24", zh: "与 node-a 共用 /24", ja: "node-a の /24 を共用する" },
            ],
            correct: 1,
            why: text! {
                en: "AllocateNext sees allocatedCIDRs == maxCIDRs and returns ErrCIDRRangeNoCIDRsRemaining; the range allocator records CIDRNotAvailable and the workqueue retries the node with backoff.",
                zh: "AllocateNext 发现 allocatedCIDRs == maxCIDRs，返回 ErrCIDRRangeNoCIDRsRemaining；RangeAllocator 记录 CIDRNotAvailable，工作队列以退避方式重试该节点。",
                ja: "AllocateNext は allocatedCIDRs == maxCIDRs を見て ErrCIDRRangeNoCIDRsRemaining を返します。RangeAllocator は CIDRNotAvailable を記録し、ワークキューがバックオフしながらノードを再試行します。",
            },
        },
        Question {
            before: "node-e-gets-index-1",
            text: text! {
                en: "node-b is deleted and its 10.244.1.0/24 released. Which subnet does node-e get on its next retry?",
                zh: "node-b 被删除，它的 10.244.1.0/24 被释放。node-e 下次重试时会分到哪个子网？",
                ja: "node-b が削除され、その 10.244.1.0/24 が解放されます。node-e は次の再試行でどのサブネットを受け取るでしょう？",
            },
            choices: &[
                text! { en: "10.244.1.0/24", zh: "10.244.1.0/24", ja: "10.244.1.0/24" },
                text! { en: "10.244.4.0/24", zh: "10.244.4.0/24", ja: "10.244.4.0/24" },
                text! { en: "None until kube-controller-manager restarts", zh: "在 kube-controller-manager 重启前都没有", ja: "kube-controller-manager が再起動するまでなし" },
            ],
            correct: 0,
            why: text! {
                en: "ReleaseCIDR clears node-b's bit; AllocateNext scans from nextCandidate, wraps, and finds index 1, the only free one. 10.244.4.0/24 lies outside the /22.",
                zh: "ReleaseCIDR 清除 node-b 的位；AllocateNext 从 nextCandidate 扫描并绕回，找到唯一空闲的索引 1。10.244.4.0/24 不在这个 /22 之内。",
                ja: "ReleaseCIDR が node-b のビットを消し、AllocateNext は nextCandidate から走査して一周し、唯一空いているインデックス 1 を見つけます。10.244.4.0/24 はこの /22 の外です。",
            },
        },
    ],
    sources: &[],
};
