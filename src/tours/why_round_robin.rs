//! The `why-round-robin` tour: its scenario, its steps (each waiting for an event of the run) and their words,
//! and the questions asked before the steps that answer them.

use super::legacy::{On, Question, Source, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const WHY_ROUND_ROBIN: Tour = Tour {
    id: TourId::WhyRoundRobin,
    scenario: builtin::WHY_ROUND_ROBIN,
    title: text! {
        en: "why round robin?",
        zh: "为什么要轮询？",
        ja: "なぜラウンドロビンか",
    },
    intro: text! {
        en: "One node with a /28 subnet: host-local's range is .1–.14, the gateway .1 is skipped, so pods get .2–.14. Pods come and go quickly.",
        zh: "一个节点，子网为 /28：host-local 的范围是 .1–.14，跳过网关 .1，所以 Pod 使用 .2–.14。Pod 来去频繁。",
        ja: "/28 のサブネットを持つノードが 1 台です。host-local の範囲は .1–.14 で、ゲートウェイ .1 は飛ばされるので Pod は .2–.14 を使います。Pod が次々に作られては消えます。",
    },
    steps: &[
        Step {
            id: "job-1-gets-2",
            waits_for: (Reason::PodIPsAssigned, "pod/job-1"),
            shows: &[On(
                "kind-worker",
                &[Pod("job-1"), Address("10.244.0.2"), IpFile("10.244.0.2")],
            )],
            command: None,
            words: text! {
                en: "job-1 gets 10.244.0.2, the first address after the gateway .1. last_reserved_ip is now .2.",
                zh: "job-1 拿到 10.244.0.2，也就是网关 .1 之后的第一个地址。此时 last_reserved_ip 是 .2。",
                ja: "job-1 は、ゲートウェイ .1 の次にある最初のアドレス 10.244.0.2 を受け取ります。これで last_reserved_ip は .2 です。",
            },
        },
        Step {
            id: "job-1-released",
            waits_for: (Reason::IPAMRelease, "pod/job-1"),
            shows: &[On("kind-worker", &[Pod("job-1")])],
            command: None,
            words: text! {
                en: "job-1 is deleted; 2.3 s later CNI DEL removes the file 10.244.0.2. last_reserved_ip stays .2: host-local's release removes the file and nothing else.",
                zh: "job-1 被删除；2.3 秒后 CNI DEL 删除文件 10.244.0.2。last_reserved_ip 仍是 .2：host-local 释放地址时只删除文件，别的都不动。",
                ja: "job-1 が削除され、2.3 秒後に CNI DEL がファイル 10.244.0.2 を消します。last_reserved_ip は .2 のままです。host-local が解放で消すのはファイルだけです。",
            },
        },
        Step {
            id: "job-2-gets-3",
            waits_for: (Reason::PodIPsAssigned, "pod/job-2"),
            shows: &[On("kind-worker", &[Pod("job-2"), Address("10.244.0.3")])],
            command: None,
            words: text! {
                en: "job-2 gets .3, not the free .2: host-local starts at the address after last_reserved_ip and walks forward. The cursor has already passed .2.",
                zh: "job-2 拿到的是 .3，而不是空闲的 .2：host-local 从 last_reserved_ip 之后的地址开始向前遍历，游标已经越过了 .2。",
                ja: "job-2 が受け取るのは、空いている .2 ではなく .3 です。host-local は last_reserved_ip の次のアドレスから先へ走査するので、カーソルはすでに .2 を通り過ぎています。",
            },
        },
        Step {
            id: "walk-reaches-end",
            waits_for: (Reason::PodIPsAssigned, "pod/batch-11"),
            shows: &[On(
                "kind-worker",
                &[Address("10.244.0.4"), Address("10.244.0.14")],
            )],
            command: None,
            words: text! {
                en: "Eleven pods walk the rest of the range, .4 to .14: the cursor has reached rangeEnd.",
                zh: "又来了十一个 Pod，依次拿到剩下的 .4 到 .14：游标走到了 rangeEnd。",
                ja: "さらに 11 個の Pod が残りの .4 から .14 を順に受け取り、カーソルは rangeEnd に達します。",
            },
        },
        Step {
            id: "all-freed",
            waits_for: (Reason::IPAMRelease, "pod/batch-11"),
            shows: &[On("kind-worker", &[Pod("job-2")])],
            command: None,
            words: text! {
                en: "job-2 and the eleven are deleted: .2–.14 are all free again, and last_reserved_ip is .14.",
                zh: "job-2 和这十一个 Pod 被删除：.2–.14 再次全部空闲，last_reserved_ip 是 .14。",
                ja: "job-2 と 11 個の Pod が削除され、.2–.14 はすべて空きに戻ります。last_reserved_ip は .14 です。",
            },
        },
        Step {
            id: "next-1-wraps-to-2",
            waits_for: (Reason::PodIPsAssigned, "pod/next-1"),
            shows: &[On("kind-worker", &[Pod("next-1"), Address("10.244.0.2")])],
            command: None,
            words: text! {
                en: "next-1 gets .2: after rangeEnd the walk wraps to rangeStart. .2 comes back a whole walk round the range after it was freed.",
                zh: "next-1 分到 .2：越过 rangeEnd 后遍历绕回 rangeStart。.2 在释放之后，要等遍历绕完整个范围一圈才回来。",
                ja: "next-1 は .2 を受け取ります。rangeEnd の後、走査は一周して rangeStart に戻ります。.2 が戻ってくるのは、解放されてから範囲を丸ごと一周した後です。",
            },
        },
        Step {
            id: "next-2-freed-seconds-ago",
            waits_for: (Reason::PodIPsAssigned, "pod/next-2"),
            shows: &[On("kind-worker", &[Pod("next-2"), Address("10.244.0.3")])],
            command: None,
            words: text! {
                en: "next-2 gets .3, freed only seconds ago: round robin delays reuse by one walk round the range, not by a time.",
                zh: "next-2 拿到 .3，而它几秒前才被释放：轮询把复用推迟的是绕范围一圈，而不是一段时间。",
                ja: "next-2 は、数秒前に解放されたばかりの .3 を受け取ります。ラウンドロビンが再利用を遅らせるのは範囲 1 周分であって、時間ではありません。",
            },
        },
        Step {
            id: "freed-seconds-ago",
            waits_for: (Reason::PodIPsAssigned, "pod/next-3"),
            shows: &[On("kind-worker", &[Pod("next-3"), Address("10.244.0.4")])],
            command: None,
            words: text! {
                en: "next-3 gets .4. Why delay reuse at all? A new pod on a just-freed address confuses audits and logs, and the old pod's late delete may hit it (ovn-kubernetes#1502). On a bridge the node's ARP entry for the address outlives the old pod's veth (containernetworking/cni#88); with kindnet's ptp it goes with the pod's host veth at DEL.",
                zh: "next-3 拿到 .4。那为什么要推迟复用？刚释放的地址立刻给了新 Pod，审计和日志会分不清是哪个 Pod，旧 Pod 迟到的删除事件也可能打到新 Pod 上（ovn-kubernetes#1502）。在网桥上，节点为这个地址记下的 ARP 表项在旧 Pod 的 veth 删掉后还在（containernetworking/cni#88）；kindnet 用的是 ptp，这个表项在 DEL 时随 Pod 的节点侧 veth 一起删除。",
                ja: "next-3 は .4 を受け取ります。では、なぜ再利用を遅らせるのでしょうか。解放直後のアドレスを新しい Pod に渡すと、監査やログでどの Pod のことか分からなくなり、古い Pod の遅れて届いた削除が新しい Pod に当たることもあります（ovn-kubernetes#1502）。ブリッジでは、ノードがそのアドレスについて持つ ARP エントリーが古い Pod の veth より長く残ります（containernetworking/cni#88）。kindnet の ptp では、このエントリーは DEL で Pod のホスト側 veth と一緒に消えます。",
            },
        },
    ],
    questions: &[
        Question {
            before: "job-2-gets-3",
            text: text! {
                en: "job-1's .2 was released. Which address does job-2 get?",
                zh: "job-1 的 .2 已被释放。job-2 会分到哪个地址？",
                ja: "job-1 の .2 は解放されました。job-2 が受け取るアドレスはどれでしょう？",
            },
            choices: &[
                text! { en: ".2", zh: ".2", ja: ".2" },
                text! { en: ".3", zh: ".3", ja: ".3" },
                text! { en: ".14", zh: ".14", ja: ".14" },
            ],
            correct: 1,
            why: text! {
                en: "host-local's Get starts at the address after last_reserved_ip (.2), which is .3, and skips any address that has a file; the cursor has already passed the freed .2.",
                zh: "host-local 的 Get 从 last_reserved_ip（.2）之后的地址 .3 开始，跳过有文件的地址；游标已经越过了释放的 .2。",
                ja: "host-local の Get は last_reserved_ip（.2）の次のアドレス .3 から始まり、ファイルのあるアドレスは飛ばします。カーソルは、解放された .2 をすでに通り過ぎています。",
            },
        },
        Question {
            before: "next-1-wraps-to-2",
            text: text! {
                en: ".2–.14 are free and last_reserved_ip is .14, the end of the range. Which address does next-1 get?",
                zh: ".2–.14 全部空闲，last_reserved_ip 是范围末尾的 .14。next-1 会拿到哪个地址？",
                ja: ".2–.14 はすべて空いていて、last_reserved_ip は範囲の末尾の .14 です。next-1 が受け取るのはどのアドレスでしょう？",
            },
            choices: &[
                text! { en: ".2", zh: ".2", ja: ".2" },
                text! { en: ".15", zh: ".15", ja: ".15" },
                text! { en: "None: the walk is at the end", zh: "没有：遍历已到末尾", ja: "なし：走査が末尾に到達" },
            ],
            correct: 0,
            why: text! {
                en: "After rangeEnd (.14) Get's iterator wraps to rangeStart (.1); the gateway .1 is skipped, so .2, free since job-1 went. .15 is the broadcast address, outside the range.",
                zh: "越过 rangeEnd（.14）之后，Get 的迭代器绕回 rangeStart（.1）；网关 .1 被跳过，于是拿到自 job-1 离开后一直空闲的 .2。.15 是广播地址，不在范围内。",
                ja: "rangeEnd（.14）を過ぎると、Get のイテレーターは一周して rangeStart（.1）に戻ります。ゲートウェイ .1 は飛ばすので、job-1 がいなくなってから空いている .2 になります。.15 はブロードキャストアドレスで、範囲の外です。",
            },
        },
        Question {
            before: "freed-seconds-ago",
            text: text! {
                en: "Why does host-local hand a freed address out again only after a whole walk?",
                zh: "为什么 host-local 释放的地址，要等遍历整整一圈之后才会再分配出去？",
                ja: "host-local が解放したアドレスを、範囲を 1 周するまで割り当て直さないのはなぜでしょう？",
            },
            choices: &[
                text! { en: "It cannot see that an address is free until the walk comes back", zh: "遍历回来之前，它看不出地址已经空闲", ja: "走査が戻ってくるまで、アドレスが空いたことが分からないから" },
                text! { en: "So that an address does not go to a new pod while logs, audits or a late delete still mean the old one", zh: "免得日志、审计或迟到的删除事件还指向旧 Pod 时，地址就已经给了新 Pod", ja: "ログや監査、遅れて届く削除がまだ古い Pod を指しているうちに、アドレスが新しい Pod に渡らないようにするため" },
                text! { en: "To spread pods evenly for routing", zh: "为了让 Pod 均匀分布，方便路由", ja: "ルーティングのために Pod を均等に散らすため" },
            ],
            correct: 1,
            why: text! {
                en: "ovn-kubernetes made its allocator round robin against audit and log confusion and races between a delete and an add (#1502). host-local took last_reserved_ip after addresses handed out again at once hit stale ARP entries on kubenet's bridge (containernetworking/cni#194): the node's entry sits on the bridge and outlives the old pod's veth. With ptp it sits on the pod's own host veth and goes with it at DEL. Either way it only delays reuse: next-2 got .3 seconds after it was freed, once the walk had wrapped.",
                zh: "ovn-kubernetes 把分配器改成轮询，是为了避免审计和日志混淆，以及删除与添加事件之间的竞争（#1502）。host-local 引入 last_reserved_ip，则是因为在 kubenet 的网桥上立即复用地址会撞上过期的 ARP 表项（containernetworking/cni#194）：节点的表项挂在网桥上，旧 Pod 的 veth 删掉后它还在。用 ptp 时，表项挂在 Pod 自己的节点侧 veth 上，DEL 时随 veth 一起删除。无论哪种理由，它都只是推迟复用：遍历绕回之后，next-2 在 .3 被释放几秒后就拿到了它。",
                ja: "ovn-kubernetes がアロケーターをラウンドロビンにしたのは、監査やログの混乱と、削除と追加の競合を避けるためです（#1502）。host-local が last_reserved_ip を持つようになったのは、kubenet のブリッジでアドレスをすぐ割り当て直すと古い ARP エントリーに当たったからです（containernetworking/cni#194）。ノードのエントリーはブリッジ上にあり、古い Pod の veth が消えても残ります。ptp では、エントリーは Pod 自身のホスト側 veth 上にあり、DEL で veth と一緒に消えます。いずれにしても再利用を遅らせるだけで、走査が一周した後は、next-2 が解放から数秒で .3 を受け取りました。",
            },
        },
    ],
    sources: &[
        Source {
            label: "containernetworking/cni#194",
            url: "https://github.com/containernetworking/cni/issues/194",
        },
        Source {
            label: "containernetworking/cni#88",
            url: "https://github.com/containernetworking/cni/issues/88",
        },
        Source {
            label: "ovn-kubernetes/ovn-kubernetes#1502",
            url: "https://github.com/ovn-kubernetes/ovn-kubernetes/pull/1502",
        },
    ],
};
