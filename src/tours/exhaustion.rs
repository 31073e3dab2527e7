//! The `exhaustion` tour: its scenario, its steps (each waiting for an event of the run) and their words,
//! and the questions asked before the steps that answer them.

use super::legacy::{On, Question, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const EXHAUSTION: Tour = Tour {
    id: TourId::Exhaustion,
    scenario: builtin::EXHAUSTION,
    title: text! {
        en: "exhaustion and wrap-around",
        zh: "耗尽与绕回",
        ja: "枯渇とラップアラウンド",
    },
    intro: text! {
        en: "A /29 node subnet has 8 addresses. host-local's range runs from rangeStart .1 to rangeEnd .6 — the network .0 and the broadcast .7 lie outside it — and its iterator skips the gateway .1, leaving five.",
        zh: "一个 /29 的节点子网有 8 个地址。host-local 的范围从 rangeStart .1 到 rangeEnd .6——网络地址 .0 和广播地址 .7 不在其中——它的迭代器又跳过网关 .1，只剩五个。",
        ja: "/29 のノードサブネットには 8 個のアドレスがあります。host-local の範囲は rangeStart .1 から rangeEnd .6 まで（ネットワークアドレス .0 とブロードキャスト .7 は範囲外）で、さらにイテレーターがゲートウェイ .1 を飛ばすので、残りは 5 個です。",
    },
    steps: &[
        Step {
            id: "p6-fails",
            waits_for: (Reason::FailedCreatePodSandBox, "pod/p6"),
            shows: &[On("tiny", &[Pod("p6")])],
            command: None,
            words: text! {
                en: "The sixth pod fails. containerd first runs CNI DEL through the chain to tear down what the ADD began; then the kubelet records FailedCreatePodSandBox with host-local's 'no IP addresses available in range set', and retries the sandbox.",
                zh: "第六个 Pod 失败。containerd 先沿插件链执行 CNI DEL，清理 ADD 中途已经创建的部分；随后 kubelet 记录 FailedCreatePodSandBox，原因是 host-local 报出的“no IP addresses available in range set”，并会重试创建沙箱。",
                ja: "6 番目の Pod は失敗します。containerd はまずチェーン全体に CNI DEL を実行し、ADD が途中まで作成したものを削除します。そのあと kubelet が host-local のエラー「no IP addresses available in range set」とともに FailedCreatePodSandBox を記録し、サンドボックスの作成を再試行します。",
            },
        },
        Step {
            id: "p-2-released",
            waits_for: (Reason::IPAMRelease, "pod/p-2"),
            shows: &[On("tiny", &[Pod("p-2")])],
            command: None,
            words: text! {
                en: "p-2's DEL runs 2.3 s after its deletion and frees .3 — behind the cursor.",
                zh: "p-2 删除 2.3 秒后，它的 DEL 执行，释放了 .3——但游标早已越过了 .3。",
                ja: "p-2 の DEL は削除の 2.3 秒後に実行され、.3 を解放します。ただしカーソルはすでに .3 を通り過ぎています。",
            },
        },
        Step {
            id: "p6-wraps",
            waits_for: (Reason::PodIPsAssigned, "pod/p6"),
            shows: &[On("tiny", &[Pod("p6"), Address("10.0.0.3"), IpFile("p6")])],
            command: None,
            words: text! {
                en: "On the retry the walk wraps past .6 and finds .3, and the kubelet writes it to p6's status.podIPs: a freed address returns only after the wrap.",
                zh: "重试时，遍历越过 .6 绕回开头，找到 .3，kubelet 把它写进 p6 的 status.podIPs：释放的地址只有在绕回之后才会再被分配。",
                ja: "再試行では走査が .6 を越えて一周して .3 を見つけ、kubelet がそれを p6 の status.podIPs に書き込みます。解放されたアドレスが戻ってくるのは、一周した後だけです。",
            },
        },
        Step {
            id: "p7-wraps-again",
            waits_for: (Reason::IPAMReserve, "pod/p7"),
            shows: &[On("tiny", &[Pod("p7"), Address("10.0.0.2")])],
            command: None,
            words: text! {
                en: "p-1 was deleted too; p7 wraps again and takes .2.",
                zh: "p-1 也被删除了；p7 再次绕回，拿到 .2。",
                ja: "p-1 も削除されています。p7 は再び一周して .2 を取ります。",
            },
        },
    ],
    questions: &[
        Question {
            before: "p6-fails",
            text: text! {
                en: "This /29 node has 5 addresses for pods, all held, and one more pod arrives: what happens?",
                zh: "这个 /29 节点有 5 个可分给 Pod 的地址，都已被占用，第 6 个 Pod 到来：会怎样？",
                ja: "この /29 ノードで Pod に使えるアドレスは 5 個で、すべて割り当て済みです。6 個目の Pod が来ると、どうなるでしょう？",
            },
            choices: &[
                text! { en: "It gets the broadcast address .7", zh: "它拿到广播地址 .7", ja: "ブロードキャストアドレス .7 を受け取る" },
                text! { en: "FailedCreatePodSandBox, and the kubelet retries", zh: "FailedCreatePodSandBox，kubelet 会重试", ja: "FailedCreatePodSandBox になり、kubelet が再試行する" },
                text! { en: "It waits Pending for another node", zh: "保持 Pending，等待其他节点", ja: "別のノードを待って Pending のまま" },
            ],
            correct: 1,
            why: text! {
                en: "host-local's range on a /29 is .2–.6 (network, gateway .1 and broadcast left out); Get walks all of it and fails with 'no IP addresses available in range set'. The pod is bound to this node, so the kubelet retries the sandbox.",
                zh: "/29 上 host-local 的地址范围是 .2–.6（不含网络地址、网关 .1 和广播地址）；Get 遍历整个范围后失败，报“no IP addresses available in range set”。Pod 已绑定到这个节点，所以 kubelet 会重试沙箱。",
                ja: "/29 での host-local の範囲は .2–.6 です（ネットワークアドレス、ゲートウェイ .1、ブロードキャストを除く）。Get は範囲全体を調べて「no IP addresses available in range set」で失敗します。Pod はこのノードにバインドされているので、kubelet がサンドボックスを再試行します。",
            },
        },
        Question {
            before: "p6-wraps",
            text: text! {
                en: "p-2 is deleted and its .3 released; last_reserved_ip is .6. Which address does p6 get on its retry?",
                zh: "p-2 被删除，它的 .3 被释放；last_reserved_ip 是 .6。p6 重试时拿到哪个地址？",
                ja: "p-2 が削除されて .3 が解放されました。last_reserved_ip は .6 です。p6 は再試行でどのアドレスを受け取るでしょう？",
            },
            choices: &[
                text! { en: ".3", zh: ".3", ja: ".3" },
                text! { en: ".7", zh: ".7", ja: ".7" },
                text! { en: "None: the range is still full", zh: "没有：范围仍然是满的", ja: "なし：範囲はまだ満杯" },
            ],
            correct: 0,
            why: text! {
                en: "Get starts after last_reserved_ip (.6), wraps to the range start, skips .2 (held) and takes the first free address: .3.",
                zh: "Get 从 last_reserved_ip（.6）之后开始，绕回范围开头，跳过已占用的 .2，取第一个空闲地址：.3。",
                ja: "Get は last_reserved_ip（.6）の次から始め、一周して範囲の先頭に戻り、割り当て済みの .2 を飛ばして最初の空きアドレス .3 を取ります。",
            },
        },
    ],
    sources: &[],
};
