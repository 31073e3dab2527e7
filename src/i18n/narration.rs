//! The guided tours' narration and the explanation of each simulation event [`Reason`], in English,
//! Simplified Chinese and Japanese.
//!
//! The English of the tours is the reference, and the Chinese and Japanese say the same thing. Each
//! tour has one text per step, in the order of the step anchors (reason and object) of
//! [`crate::sim::builtin::TOURS`].
//!
//! The translations borrow the terminology of the source articles: the source-code walk through Pod
//! IP management in its Japanese version (サンドボックス, サブネット, ラウンドロビン) and the Chinese
//! measurements in a kind cluster (沙箱, 网络命名空间, 主机路由, 对端, 往后分配). Kubernetes terms,
//! flags, file names, function names, error texts and numbers stay in their English form in every
//! language, exactly as the tools print them.
//!
//! Every explanation names the upstream function the event models (see `crate::sim::upstream`).

pub use super::tour::{Question, Source, TourNarration};
use super::{stories, text, Text};
use crate::sim::Reason;

/// The question tour `tour` asks before step `step`, if any.
pub fn question(tour: &str, step: usize) -> Option<&'static Question> {
    TOURS
        .iter()
        .find(|t| t.name == tour)?
        .questions
        .iter()
        .find(|q| q.before_step == step)
}

/// The narration of the tours, in the order of the tour buttons.
pub const TOURS: [TourNarration; 8] = [
    TourNarration {
        name: "kind",
        title: text! {
            en: "the kind cluster",
            zh: "kind 集群",
            ja: "kind クラスター",
        },
        intro: text! {
            en: "A three-node kind cluster as measured: kube-controller-manager runs with --cluster-cidr=10.244.0.0/16 and no node mask, so every node gets a /24. Press play or step.",
            zh: "按实测还原的三节点 kind 集群：kube-controller-manager 以 --cluster-cidr=10.244.0.0/16 启动，没有指定节点掩码，所以每个节点分到一个 /24。点击播放，或单步执行。",
            ja: "実測どおりの 3 ノードの kind クラスターです。kube-controller-manager は --cluster-cidr=10.244.0.0/16 で起動し、ノードのマスク長は指定されていないので、各ノードには /24 が割り当てられます。再生するか、1 ステップずつ進めてください。",
        },
        steps: &[
            text! {
                en: "The control-plane node registers first. AllocateNext (cidr_set.go) scans the bitmap from nextCandidate 0 and hands out index 0: 10.244.0.0/24.",
                zh: "控制平面节点最先注册。AllocateNext（cidr_set.go）从 nextCandidate 0 开始扫描位图，分出索引 0：10.244.0.0/24。",
                ja: "最初にコントロールプレーンノードが登録されます。AllocateNext（cidr_set.go）は nextCandidate 0 からビットマップを走査し、インデックス 0 の 10.244.0.0/24 を払い出します。",
            },
            text! {
                en: "The workers follow in registration order: 10.244.1.0/24 and 10.244.2.0/24. kcm PATCHes spec.podCIDR and spec.podCIDRs of each node; the cursor now points at index 3.",
                zh: "两个工作节点按注册顺序依次拿到 10.244.1.0/24 和 10.244.2.0/24。kcm 用 PATCH 写入每个节点的 spec.podCIDR 和 spec.podCIDRs；游标现在指向索引 3。",
                ja: "ワーカーが登録順に続き、10.244.1.0/24 と 10.244.2.0/24 を受け取ります。kcm は各ノードの spec.podCIDR と spec.podCIDRs を PATCH で設定します。カーソルはいまインデックス 3 を指しています。",
            },
            text! {
                en: "kindnetd on kind-worker sees its podCIDR and writes /etc/cni/net.d/10-kindnet.conflist: ptp with host-local over 10.244.1.0/24, then portmap. Until now a pod could not have started there.",
                zh: "kind-worker 上的 kindnetd 看到本节点的 podCIDR，写出 /etc/cni/net.d/10-kindnet.conflist：先是 ptp（IPAM 为 host-local，范围 10.244.1.0/24），然后是 portmap。在此之前，这个节点上的 Pod 无法启动。",
                ja: "kind-worker 上の kindnetd が自ノードの podCIDR を見て、/etc/cni/net.d/10-kindnet.conflist を書き出します。中身は 10.244.1.0/24 を範囲とする host-local 付きの ptp、続いて portmap です。それまでは、このノードで Pod は起動できませんでした。",
            },
            text! {
                en: "Pod a's sandbox starts and containerd runs CNI ADD. host-local has no last_reserved_ip.0 yet, starts at rangeStart, skips the gateway .1 and creates the file 10.244.1.2 — content: the sandbox ID, \\r\\n, eth0. Open it in the listing.",
                zh: "Pod a 的沙箱启动，containerd 执行 CNI ADD。host-local 还没有 last_reserved_ip.0，于是从 rangeStart 开始，跳过网关 .1，创建文件 10.244.1.2——内容是沙箱 ID、\\r\\n、eth0。可以在文件列表里打开看看。",
                ja: "Pod a のサンドボックスが起動し、containerd が CNI ADD を実行します。host-local にはまだ last_reserved_ip.0 がないので rangeStart から始め、ゲートウェイ .1 を飛ばしてファイル 10.244.1.2 を作ります。中身はサンドボックス ID、\\r\\n、eth0 です。一覧から開いてみてください。",
            },
            text! {
                en: "ptp makes the veth pair: eth0 in the pod, vethXXXXXXXX on the node; each end's name says @if and the other end's ifindex.",
                zh: "ptp 创建一对 veth：Pod 里是 eth0，节点上是 vethXXXXXXXX；每一端的名字里都带着 @if 和对端的 ifindex，两头互指。",
                ja: "ptp が veth ペアを作ります。Pod の中は eth0、ノード上は vethXXXXXXXX です。どちらの端の名前にも、@if と相手側の ifindex が付いています。",
            },
            text! {
                en: "On the node: a /32 'scope host' route to the pod through its veth — no bridge. Every pod's host veth carries the same gateway address, 10.244.1.1/32.",
                zh: "节点上有一条经由 veth 通往该 Pod 的 /32 主机路由（scope host）——没有网桥。每个 Pod 的节点侧 veth 都带着同一个网关地址 10.244.1.1/32。",
                ja: "ノード上には、veth を経由して Pod へ向かう /32 の scope host ルートがあります。ブリッジはありません。各 Pod のホスト側 veth には、どれも同じゲートウェイアドレス 10.244.1.1/32 が付いています。",
            },
            text! {
                en: "b and c get .3 and .4, one after another. last_reserved_ip.0 now holds 10.244.1.4.",
                zh: "b 和 c 依次拿到 .3 和 .4。last_reserved_ip.0 现在记录的是 10.244.1.4。",
                ja: "b と c が続けて .3 と .4 を受け取ります。last_reserved_ip.0 の中身はいま 10.244.1.4 です。",
            },
            text! {
                en: "b is deleted with --grace-period=0 --force: its Pod object is gone at once. But its IP file, veth and route are still on the node — watch the countdown.",
                zh: "b 以 --grace-period=0 --force 删除：它的 Pod 对象立刻消失。但它的 IP 文件、veth 和路由还留在节点上——请看倒计时。",
                ja: "b を --grace-period=0 --force で削除します。Pod オブジェクトはすぐに消えます。しかし IP ファイル、veth、ルートはまだノード上に残っています。カウントダウンに注目してください。",
            },
            text! {
                en: "2.3 s after the object disappeared — the kubelet killed the container (at least 2 s) and StopPodSandbox ran CNI DEL — the file 10.244.1.3, the veth and the /32 route go together.",
                zh: "对象消失 2.3 秒后，文件 10.244.1.3、veth 和 /32 路由一起消失：在这 2.3 秒里，kubelet 先停掉容器（至少 2 秒），再由 StopPodSandbox 执行 CNI DEL。",
                ja: "オブジェクトが消えてから 2.3 秒後に、ファイル 10.244.1.3、veth、/32 ルートがまとめて消えます。この 2.3 秒のうちに、kubelet がコンテナーを停止し（最低 2 秒）、StopPodSandbox が CNI DEL を実行したのです。",
            },
            text! {
                en: "d gets 10.244.1.5, not b's .3: host-local continues after last_reserved_ip. The freed .3 comes back only after the walk wraps past .254. (The measured worker had run pods before, so there it was .189/.190/.191 and d got .192: the kind-measured scenario replays that.)",
                zh: "d 拿到的是 10.244.1.5，而不是 b 释放的 .3：host-local 从 last_reserved_ip 之后继续往后分配。释放的 .3 要等遍历越过 .254、绕回一圈后才会复用。（实测的工作节点之前跑过 Pod，所以那里是 .189/.190/.191，d 拿到 .192：kind-measured 场景重现了这一过程。）",
                ja: "d が受け取るのは 10.244.1.5 で、b の .3 ではありません。host-local は last_reserved_ip の次から割り当てを続けるからです。解放された .3 が再び使われるのは、走査が .254 を越えて一周した後です。（実測したワーカーでは以前に Pod が動いていたため .189/.190/.191 となり、d は .192 を受け取りました。kind-measured シナリオでそれを再現できます。）",
            },
        ],
        questions: &[
            Question {
                before_step: 1,
                text: text! {
                    en: "kind-control-plane got 10.244.0.0/24. The two workers register next, kind-worker first. Which subnet will kind-worker2 get?",
                    zh: "kind-control-plane 分到了 10.244.0.0/24。接下来两个工作节点注册，kind-worker 在前。kind-worker2 会分到哪个子网？",
                    ja: "kind-control-plane は 10.244.0.0/24 を受け取りました。次に 2 台のワーカーが登録され、kind-worker が先です。kind-worker2 が受け取るサブネットはどれでしょう？",
                },
                choices: &[
                    text! { en: "10.244.1.0/24", zh: "10.244.1.0/24", ja: "10.244.1.0/24" },
                    text! { en: "10.244.2.0/24", zh: "10.244.2.0/24", ja: "10.244.2.0/24" },
                    text! { en: "10.244.0.0/24, shared with the control plane", zh: "10.244.0.0/24，与控制平面共用", ja: "10.244.0.0/24（コントロールプレーンと共用）" },
                ],
                correct: 1,
                why: text! {
                    en: "AllocateNext (cidr_set.go) scans the bitmap from nextCandidate and takes the first free index, node by node in the order they are synced: kind-worker index 1, kind-worker2 index 2. A subnet is never shared.",
                    zh: "AllocateNext（cidr_set.go）从 nextCandidate 开始扫描位图，按节点同步的顺序逐个取第一个空闲索引：kind-worker 是索引 1，kind-worker2 是索引 2。子网从不共用。",
                    ja: "AllocateNext（cidr_set.go）は nextCandidate からビットマップを走査し、同期された順にノードごとに最初の空きインデックスを取ります。kind-worker はインデックス 1、kind-worker2 はインデックス 2 です。サブネットが共用されることはありません。",
                },
            },
            Question {
                before_step: 8,
                text: text! {
                    en: "b's Pod object is gone. When do its IP file, veth and route go?",
                    zh: "b 的 Pod 对象已经不在了。它的 IP 文件、veth 和路由什么时候消失？",
                    ja: "b の Pod オブジェクトはもうありません。IP ファイル、veth、ルートはいつ消えるでしょう？",
                },
                choices: &[
                    text! { en: "At once, with the object", zh: "立即，与对象一起", ja: "オブジェクトと同時に、すぐ" },
                    text! { en: "When CNI DEL runs, 2.3 s later", zh: "CNI DEL 执行时，即 2.3 秒后", ja: "CNI DEL が実行されるとき（2.3 秒後）" },
                    text! { en: "Never: host-local keeps the file until the range wraps", zh: "永不：host-local 保留文件直到地址范围绕回", ja: "消えない：範囲が一周するまで host-local がファイルを残す" },
                ],
                correct: 1,
                why: text! {
                    en: "The kubelet first kills b's containers (at least minimumGracePeriodInSeconds, 2 s); only then StopPodSandbox runs CNI DEL: host-local's Release removes the file, ptp's cmdDel the veth pair and its /32 route, together.",
                    zh: "kubelet 先杀掉 b 的容器（至少 minimumGracePeriodInSeconds，即 2 秒）；之后 StopPodSandbox 才执行 CNI DEL：host-local 的 Release 删除文件，ptp 的 cmdDel 删除 veth 对和 /32 路由，三者一起消失。",
                    ja: "kubelet はまず b のコンテナーを停止します（少なくとも minimumGracePeriodInSeconds の 2 秒）。その後で StopPodSandbox が CNI DEL を実行し、host-local の Release がファイルを、ptp の cmdDel が veth ペアと /32 ルートを、まとめて削除します。",
                },
            },
            Question {
                before_step: 9,
                text: text! {
                    en: "Pod b (.3) was deleted and a, c hold .2 and .4. Which address will d get: .3, .5 or .2?",
                    zh: "Pod b（.3）已被删除，a、c 占用 .2 和 .4。d 会拿到哪个地址：.3、.5 还是 .2？",
                    ja: "Pod b（.3）は削除され、a と c には .2 と .4 が割り当てられています。d が受け取るのは .3、.5、.2 のどれでしょう？",
                },
                choices: &[
                    text! { en: ".3, the one b freed", zh: ".3，b 释放的地址", ja: ".3（b が解放したアドレス）" },
                    text! { en: ".5", zh: ".5", ja: ".5" },
                    text! { en: ".2", zh: ".2", ja: ".2" },
                ],
                correct: 1,
                why: text! {
                    en: "host-local's Get starts after last_reserved_ip (.4) and hands out .5; b's .3 is handed out again only after the walk wraps past the end of the range.",
                    zh: "host-local 的 Get 从 last_reserved_ip（.4）之后开始分配，拿到 .5；b 的 .3 要等遍历绕回范围开头之后才会再次分配。",
                    ja: "host-local の Get は last_reserved_ip（.4）の次から割り当てるので .5 になります。b の .3 が再び割り当てられるのは、走査が範囲の終わりを越えて一周した後です。",
                },
            },
        ],
        sources: &[],
    },
    TourNarration {
        name: "planning",
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
            text! {
                en: "Four nodes, four /24 subnets: the /22 is full, and the round-robin cursor has wrapped back to index 0.",
                zh: "四个节点，四个 /24 子网：/22 已经分满，轮询（round-robin）游标也绕回到了索引 0。",
                ja: "ノードが 4 つ、/24 サブネットも 4 つです。/22 は使い切られ、ラウンドロビンのカーソルは一周してインデックス 0 に戻っています。",
            },
            text! {
                en: "The fifth node gets CIDRNotAvailable: AllocateNext sees allocatedCIDRs == maxCIDRs and fails with ErrCIDRRangeNoCIDRsRemaining before scanning a bit. The workqueue retries the node with exponential backoff (5 ms, doubling). kindnetd writes node-e's conflist all the same, with an empty subnet: until node-e has a /24, a pod there would fail in host-local (invalid CIDR address).",
                zh: "第五个节点得到 CIDRNotAvailable：AllocateNext 发现 allocatedCIDRs == maxCIDRs，还没扫描位图就以 ErrCIDRRangeNoCIDRsRemaining 失败。工作队列以指数退避重试这个节点（从 5 毫秒开始，每次翻倍）。kindnetd 照样为 node-e 写出 conflist，只是 subnet 为空：在 node-e 拿到 /24 之前，放到那里的 Pod 会在 host-local 失败（invalid CIDR address）。",
                ja: "5 番目のノードには CIDRNotAvailable が出ます。AllocateNext は allocatedCIDRs == maxCIDRs を見て、ビットマップを走査する前に ErrCIDRRangeNoCIDRsRemaining で失敗します。ワークキューはこのノードを指数バックオフ（5 ミリ秒から倍々）で再試行します。それでも kindnetd は node-e の conflist を書きますが、subnet は空です。node-e が /24 を得るまで、そこに置かれた Pod は host-local で失敗します（invalid CIDR address）。",
            },
            text! {
                en: "node-b is deleted: its /24 is released. Release never moves the cursor.",
                zh: "node-b 被删除，它的 /24 随之释放。Release 从不移动游标。",
                ja: "node-b が削除され、その /24 が解放されます。Release はカーソルを動かしません。",
            },
            text! {
                en: "On its next retry node-e gets the freed 10.244.1.0/24: the scan from the cursor finds index 1.",
                zh: "node-e 在下一次重试时拿到刚释放的 10.244.1.0/24：从游标开始的扫描找到了索引 1。",
                ja: "次の再試行で、node-e は解放された 10.244.1.0/24 を受け取ります。カーソルからの走査がインデックス 1 を見つけるからです。",
            },
        ],
        questions: &[
            Question {
                before_step: 1,
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
                before_step: 3,
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
    },
    TourNarration {
        name: "exhaustion",
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
            text! {
                en: "The sixth pod fails. containerd first runs CNI DEL through the chain to tear down what the ADD began; then the kubelet records FailedCreatePodSandBox with host-local's 'no IP addresses available in range set', and retries the sandbox.",
                zh: "第六个 Pod 失败。containerd 先沿插件链执行 CNI DEL，清理 ADD 中途已经创建的部分；随后 kubelet 记录 FailedCreatePodSandBox，原因是 host-local 报出的“no IP addresses available in range set”，并会重试创建沙箱。",
                ja: "6 番目の Pod は失敗します。containerd はまずチェーン全体に CNI DEL を実行し、ADD が途中まで作成したものを削除します。そのあと kubelet が host-local のエラー「no IP addresses available in range set」とともに FailedCreatePodSandBox を記録し、サンドボックスの作成を再試行します。",
            },
            text! {
                en: "p-2's DEL runs 2.3 s after its deletion and frees .3 — behind the cursor.",
                zh: "p-2 删除 2.3 秒后，它的 DEL 执行，释放了 .3——但游标早已越过了 .3。",
                ja: "p-2 の DEL は削除の 2.3 秒後に実行され、.3 を解放します。ただしカーソルはすでに .3 を通り過ぎています。",
            },
            text! {
                en: "On the retry the walk wraps past .6 and finds .3: a freed address returns only after the wrap.",
                zh: "重试时，遍历越过 .6 绕回开头，找到 .3：释放的地址只有在绕回之后才会再被分配。",
                ja: "再試行では走査が .6 を越えて一周し、.3 を見つけます。解放されたアドレスが戻ってくるのは、一周した後だけです。",
            },
            text! {
                en: "p-1 was deleted too; p7 wraps again and takes .2.",
                zh: "p-1 也被删除了；p7 再次绕回，拿到 .2。",
                ja: "p-1 も削除されています。p7 は再び一周して .2 を取ります。",
            },
        ],
        questions: &[
            Question {
                before_step: 0,
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
                before_step: 2,
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
    },
    TourNarration {
        name: "dual-stack",
        title: text! {
            en: "dual-stack",
            zh: "双栈",
            ja: "デュアルスタック",
        },
        intro: text! {
            en: "Two cluster CIDRs, one per family, with per-family masks (--node-cidr-mask-size is refused with dual-stack). Each node gets one podCIDR per family.",
            zh: "两个集群 CIDR，每个地址族一个，掩码也按地址族分别设置（双栈下 --node-cidr-mask-size 会被拒绝）。每个节点在每个地址族各分到一个 podCIDR。",
            ja: "クラスター CIDR は 2 つで、アドレスファミリーごとに 1 つずつです。マスク長もファミリーごとに設定します（デュアルスタックでは --node-cidr-mask-size は拒否されます）。各ノードはアドレスファミリーごとに podCIDR を 1 つ受け取ります。",
        },
        steps: &[
            text! {
                en: "kind-worker gets 10.244.1.0/24 and fd00:10:244:1::/64, in --cluster-cidr order.",
                zh: "kind-worker 按 --cluster-cidr 中的顺序拿到 10.244.1.0/24 和 fd00:10:244:1::/64。",
                ja: "kind-worker は --cluster-cidr の順に 10.244.1.0/24 と fd00:10:244:1::/64 を受け取ります。",
            },
            text! {
                en: "kindnet wrote one host-local range set per podCIDR, so CNI ADD reserves one address per family: last_reserved_ip.0 for IPv4, last_reserved_ip.1 for IPv6.",
                zh: "kindnet 为每个 podCIDR 写了一个 host-local range set，所以 CNI ADD 在每个地址族各分配一个地址：IPv4 记在 last_reserved_ip.0，IPv6 记在 last_reserved_ip.1。",
                ja: "kindnet は podCIDR ごとに host-local の range set を 1 つ書いたので、CNI ADD はアドレスファミリーごとにアドレスを 1 つずつ割り当てます。IPv4 は last_reserved_ip.0、IPv6 は last_reserved_ip.1 です。",
            },
            text! {
                en: "containerd reports IPv4 as the primary IP; status.podIPs lists both.",
                zh: "containerd 把 IPv4 报告为主 IP；status.podIPs 里两个地址都有。",
                ja: "containerd は IPv4 をプライマリー IP として報告し、status.podIPs には両方が並びます。",
            },
            text! {
                en: "a's DEL releases both files together, 2.3 s after its object went.",
                zh: "a 的对象消失 2.3 秒后，它的 DEL 把两个文件一起释放。",
                ja: "a のオブジェクトが消えてから 2.3 秒後、DEL が 2 つのファイルをまとめて解放します。",
            },
        ],
        questions: &[
            Question {
                before_step: 0,
                text: text! {
                    en: "The cluster has an IPv4 and an IPv6 cluster CIDR. How many subnets does each node get in spec.podCIDRs?",
                    zh: "集群有两个集群 CIDR：一个 IPv4，一个 IPv6。每个节点的 spec.podCIDRs 中有几个子网？",
                    ja: "クラスターには IPv4 と IPv6 のクラスター CIDR があります。各ノードの spec.podCIDRs に入るサブネットはいくつでしょう？",
                },
                choices: &[
                    text! { en: "One, IPv4", zh: "一个，IPv4", ja: "1 つ（IPv4）" },
                    text! { en: "Two, one per address family", zh: "两个，每个地址族一个", ja: "2 つ（アドレスファミリーごとに 1 つ）" },
                    text! { en: "Two IPv4 subnets", zh: "两个 IPv4 子网", ja: "IPv4 のサブネットを 2 つ" },
                ],
                correct: 1,
                why: text! {
                    en: "The range allocator keeps one cidrset per cluster CIDR and AllocateNext in each; updateCIDRsAllocation patches spec.podCIDRs with one subnet of each family.",
                    zh: "RangeAllocator 为每个集群 CIDR 维护一个 cidrset，并在每个里执行 AllocateNext；updateCIDRsAllocation 用每个地址族各一个子网 PATCH spec.podCIDRs。",
                    ja: "RangeAllocator はクラスター CIDR ごとに cidrset を持ち、それぞれで AllocateNext を行います。updateCIDRsAllocation は各アドレスファミリー 1 つずつのサブネットで spec.podCIDRs を PATCH します。",
                },
            },
            Question {
                before_step: 1,
                text: text! {
                    en: "How many IP files does host-local write for pod a?",
                    zh: "host-local 为 Pod a 写几个 IP 文件？",
                    ja: "host-local は Pod a のために IP ファイルをいくつ書くでしょう？",
                },
                choices: &[
                    text! { en: "One", zh: "一个", ja: "1 つ" },
                    text! { en: "Two, one per IP", zh: "两个，每个 IP 一个", ja: "2 つ（IP ごとに 1 つ）" },
                    text! { en: "None until the pod is Running", zh: "Pod Running 之前一个也没有", ja: "Pod が Running になるまではなし" },
                ],
                correct: 1,
                why: text! {
                    en: "kindnetd's conflist has one range set per family; host-local's Get allocates from each range set and writes one file per IP, each holding the container ID and eth0.",
                    zh: "kindnetd 的 conflist 中每个地址族有一个 range set；host-local 的 Get 从每个 range set 各分配一个地址，每个 IP 写一个文件，内容是容器 ID 和 eth0。",
                    ja: "kindnetd の conflist にはアドレスファミリーごとに range set が 1 つあります。host-local の Get は range set ごとに割り当て、IP ごとにコンテナー ID と eth0 を記したファイルを 1 つ書きます。",
                },
            },
        ],
        sources: &[],
    },
    TourNarration {
        name: "kcm-restart",
        title: text! {
            en: "kube-controller-manager restarts",
            zh: "kube-controller-manager 重启",
            ja: "kube-controller-manager の再起動",
        },
        intro: text! {
            en: "Three nodes in 10.244.0.0/16 split into /24 subnets: node-a, node-b and node-c get indexes 0, 1 and 2, and the cursor stands at 3. Then node-b goes. Press play or step.",
            zh: "10.244.0.0/16 按 /24 划分为节点子网，集群中有三个节点：node-a、node-b、node-c 分到索引 0、1、2，游标停在 3。随后 node-b 被删除。点击播放，或单步执行。",
            ja: "10.244.0.0/16 を /24 のノードサブネットに分割したクラスターに、ノードが 3 台あります。node-a、node-b、node-c がインデックス 0、1、2 を受け取り、カーソルは 3 にあります。その後 node-b が削除されます。再生するか、1 ステップずつ進めてください。",
        },
        steps: &[
            text! {
                en: "node-b is deleted: ReleaseCIDR (range_allocator.go) clears its bit, and 10.244.1.0/24 is free. nextCandidate stays at 3.",
                zh: "node-b 被删除：ReleaseCIDR（range_allocator.go）清除它的位，10.244.1.0/24 空了出来。nextCandidate 仍停在 3。",
                ja: "node-b が削除されます。ReleaseCIDR（range_allocator.go）がそのビットを消し、10.244.1.0/24 が空きます。nextCandidate は 3 のままです。",
            },
            text! {
                en: "node-d joins and gets 10.244.3.0/24, not the freed 10.244.1.0/24: AllocateNext scans from nextCandidate, and index 1 comes back only after the cursor wraps round the /16.",
                zh: "node-d 加入，分到 10.244.3.0/24，而不是刚释放的 10.244.1.0/24：AllocateNext 从 nextCandidate 开始扫描，索引 1 要等游标在 /16 中绕回之后才会再被分配。",
                ja: "node-d が参加し、解放された 10.244.1.0/24 ではなく 10.244.3.0/24 を受け取ります。AllocateNext は nextCandidate から走査するので、インデックス 1 が戻ってくるのはカーソルが /16 を一周した後です。",
            },
            text! {
                en: "kube-controller-manager restarts. The cidrset lives in its memory only: NewCIDRRangeAllocator builds a new one, nextCandidate 0, and occupies the podCIDR each node carries (node-a, node-c, node-d). Whatever else lived in that memory starts over too: the Service range is filtered out again, a subnet a failed PATCH had left marked with no node holding it is free again, and the workqueue's backoff begins anew.",
                zh: "kube-controller-manager 重启。cidrset 只存在于它的内存中：NewCIDRRangeAllocator 新建一个 cidrset（nextCandidate 为 0），并占用各节点已有的 podCIDR（node-a、node-c、node-d）。内存中的其他状态也一并重来：Service 网段被重新过滤掉，某次 PATCH 失败后被标记为已占用、却没有任何节点持有的子网重新变为空闲，工作队列的退避也从头开始。",
                ja: "kube-controller-manager が再起動します。cidrset はメモリーにしかないので、NewCIDRRangeAllocator が新しく作り直し（nextCandidate は 0）、ノードが持つ podCIDR（node-a、node-c、node-d）を使用中にします。メモリーにあったほかの状態も最初からです。Service の範囲はあらためて除外され、PATCH の失敗で使用中のまま残り、どのノードも持っていなかったサブネットは空きに戻り、ワークキューのバックオフも一からやり直しになります。",
            },
            text! {
                en: "node-e joins and gets 10.244.1.0/24: from index 0 the first free subnet is node-b's old one. Before the restart it would have got 10.244.4.0/24; the order in which subnets are handed out depends on the controller's uptime.",
                zh: "node-e 加入，分到 10.244.1.0/24：从索引 0 开始，第一个空闲子网就是 node-b 原来的那个。如果没有重启，它会分到 10.244.4.0/24；子网的分配顺序取决于控制器运行了多久。",
                ja: "node-e が参加し、10.244.1.0/24 を受け取ります。インデックス 0 から見て最初の空きサブネットは node-b が使っていたものです。再起動がなければ 10.244.4.0/24 だったはずで、サブネットが払い出される順序はコントローラーの稼働時間しだいです。",
            },
        ],
        questions: &[
            Question {
                before_step: 1,
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
                before_step: 3,
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
    },
    TourNarration {
        name: "max-pods",
        title: text! {
            en: "max-pods over a small node subnet",
            zh: "小节点子网上的 max-pods",
            ja: "小さなノードサブネットと max-pods",
        },
        intro: text! {
            en: "One node, --node-cidr-mask-size=26, and the kubelet's default --max-pods of 110. 62 pods are created on it at once. Press play or step.",
            zh: "一个节点，--node-cidr-mask-size=26，kubelet 使用默认的 --max-pods 110。一次在它上面创建 62 个 Pod。点击播放，或单步执行。",
            ja: "ノードは 1 台で、--node-cidr-mask-size=26、kubelet の --max-pods はデフォルトの 110 です。そこに 62 個の Pod を一度に作成します。再生するか、1 ステップずつ進めてください。",
        },
        steps: &[
            text! {
                en: "The node gets 10.244.0.0/26: 64 addresses, of which host-local hands out 61 (.2–.62; the network address, the gateway .1 and the broadcast .63 are left out). The capacity planner already says that 110 pods do not fit.",
                zh: "节点分到 10.244.0.0/26：64 个地址，host-local 能分配其中 61 个（.2–.62；不含网络地址、网关 .1 和广播地址 .63）。容量规划器已经提示 110 个 Pod 放不下。",
                ja: "ノードは 10.244.0.0/26 を受け取ります。アドレスは 64 個で、host-local が割り当てられるのはそのうち .2–.62 の 61 個です（ネットワークアドレス、ゲートウェイ .1、ブロードキャスト .63 を除く）。容量プランナーはすでに 110 個の Pod は収まらないと示しています。",
            },
            text! {
                en: "web-1 to web-61 are admitted, get sandboxes and the addresses .2 to .62: the range is full, and last_reserved_ip is .62.",
                zh: "web-1 到 web-61 通过准入，创建了沙箱，分到 .2 到 .62：地址范围已满，last_reserved_ip 是 .62。",
                ja: "web-1 から web-61 が受け入れられ、サンドボックスが作られて .2 から .62 を受け取ります。範囲は満杯で、last_reserved_ip は .62 です。",
            },
            text! {
                en: "web-62 is admitted too: the kubelet counts pods against --max-pods, not addresses. Its sandbox is created, and CNI ADD fails in host-local's Get: FailedCreatePodSandBox with 'no IP addresses available in range set'. The kubelet will retry it.",
                zh: "web-62 也通过了准入：kubelet 按 --max-pods 计算的是 Pod 数，而不是地址数。它的沙箱被创建，CNI ADD 在 host-local 的 Get 中失败：FailedCreatePodSandBox，报“no IP addresses available in range set”。kubelet 之后会重试。",
                ja: "web-62 も受け入れられます。kubelet が --max-pods と比べるのは Pod の数で、アドレスの数ではありません。サンドボックスは作られ、CNI ADD が host-local の Get で失敗します。「no IP addresses available in range set」で FailedCreatePodSandBox になります。kubelet は後で再試行します。",
            },
            text! {
                en: "web-1 is deleted; 2.3 s later CNI DEL releases its .2. Nothing is handed out yet: web-62 waits for its next retry.",
                zh: "web-1 被删除；2.3 秒后 CNI DEL 释放了它的 .2。此时还没有分配给谁：web-62 在等下一次重试。",
                ja: "web-1 が削除され、2.3 秒後に CNI DEL がその .2 を解放します。まだ誰にも割り当てられず、web-62 は次の再試行を待っています。",
            },
            text! {
                en: "On its retry web-62 gets 10.244.0.2: Get starts after last_reserved_ip (.62), wraps to the start of the range and takes the first free address. The fix people use is a node mask that fits --max-pods (a /24 for 110 pods), or a lower --max-pods.",
                zh: "重试时 web-62 拿到 10.244.0.2：Get 从 last_reserved_ip（.62）之后开始，绕回范围开头，取第一个空闲地址。常用的解决办法是让节点掩码容得下 --max-pods（110 个 Pod 用 /24），或调低 --max-pods。",
                ja: "再試行で web-62 は 10.244.0.2 を受け取ります。Get は last_reserved_ip（.62）の次から始め、一周して範囲の先頭に戻り、最初の空きアドレスを取ります。よく使われる対処は、--max-pods が収まるノードマスク（110 Pod なら /24）にするか、--max-pods を下げることです。",
            },
        ],
        questions: &[
            Question {
                before_step: 2,
                text: text! {
                    en: "The range is full and the kubelet admits up to 110 pods. What happens to web-62?",
                    zh: "地址范围已满，而 kubelet 的准入上限是 110 个 Pod。web-62 会怎样？",
                    ja: "範囲は満杯で、kubelet は 110 個まで Pod を受け入れます。web-62 はどうなるでしょう？",
                },
                choices: &[
                    text! { en: "The kubelet rejects it: OutOfpods", zh: "kubelet 拒绝它：OutOfpods", ja: "kubelet が拒否する（OutOfpods）" },
                    text! { en: "FailedCreatePodSandBox with host-local's error, then retries", zh: "FailedCreatePodSandBox，带 host-local 的错误，然后重试", ja: "host-local のエラーで FailedCreatePodSandBox になり、再試行される" },
                    text! { en: "It gets the broadcast .63", zh: "它拿到广播地址 .63", ja: "ブロードキャスト .63 を受け取る" },
                ],
                correct: 1,
                why: text! {
                    en: "Admission (canAdmitPod) counts pods against --max-pods, and 62 is under 110, so the sandbox is created; host-local's Get then walks .2–.62 and fails with 'no IP addresses available in range set'.",
                    zh: "准入（canAdmitPod）按 --max-pods 计算 Pod 数，62 小于 110，所以沙箱会被创建；随后 host-local 的 Get 遍历 .2–.62，失败并报“no IP addresses available in range set”。",
                    ja: "受け入れチェック（canAdmitPod）は Pod の数を --max-pods と比べ、62 は 110 未満なのでサンドボックスが作られます。その後 host-local の Get が .2–.62 を調べ、「no IP addresses available in range set」で失敗します。",
                },
            },
            Question {
                before_step: 4,
                text: text! {
                    en: "web-1's .2 was released and last_reserved_ip is .62. Which address does web-62 get on its retry?",
                    zh: "web-1 的 .2 已被释放，last_reserved_ip 是 .62。web-62 重试时拿到哪个地址？",
                    ja: "web-1 の .2 は解放され、last_reserved_ip は .62 です。web-62 は再試行でどのアドレスを受け取るでしょう？",
                },
                choices: &[
                    text! { en: ".63", zh: ".63", ja: ".63" },
                    text! { en: ".2", zh: ".2", ja: ".2" },
                    text! { en: "None: it stays failed", zh: "没有：它一直失败", ja: "なし：失敗したまま" },
                ],
                correct: 1,
                why: text! {
                    en: "Get starts after last_reserved_ip (.62); .63 is the broadcast, outside the range, so it wraps to the range start and takes .2, the only free address.",
                    zh: "Get 从 last_reserved_ip（.62）之后开始；.63 是广播地址，不在范围内，所以绕回范围开头，取唯一空闲的 .2。",
                    ja: "Get は last_reserved_ip（.62）の次から始めます。.63 はブロードキャストで範囲外なので、一周して範囲の先頭に戻り、唯一の空きアドレス .2 を取ります。",
                },
            },
        ],
        sources: &[
            Source {
                label: "kubernetes-sigs/kubespray#2786",
                url: "https://github.com/kubernetes-sigs/kubespray/pull/2786",
            },
            Source {
                label: "platform9/nodeadm#75",
                url: "https://github.com/platform9/nodeadm/pull/75",
            },
        ],
    },
    stories::REBOOT_LEAK,
    stories::WHY_ROUND_ROBIN,
];

/// Declares [`explain`] and the list of the reasons it covers from one table, so the two cannot drift.
macro_rules! explanations {
    ($($reason:ident => { en: $en:expr, zh: $zh:expr, ja: $ja:expr $(,)? },)*) => {
        /// What an event reason means, one or two sentences for a learner, naming the upstream function
        /// it models.
        pub fn explain(reason: Reason) -> Text {
            match reason {
                $(Reason::$reason => Text::new($en, $zh, $ja),)*
            }
        }

        /// Every reason with its name, in the order of [`explain`]'s table.
        const EXPLAINED: &[(&str, Reason)] = &[$((stringify!($reason), Reason::$reason),)*];
    };
}

explanations! {
    NodeRegistered => {
        en: "A Node object appears in the API: the kubelet registers its node (registerWithAPIServer), or a node is created with spec.podCIDR already set. kcm's node IPAM controller sees it through its informer.",
        zh: "API 中出现了一个 Node 对象：kubelet 注册自己的节点（registerWithAPIServer），或者节点创建时就已带有 spec.podCIDR。kcm 的 node IPAM 控制器通过 informer 看到它。",
        ja: "API に Node オブジェクトが現れます。kubelet が自ノードを登録する（registerWithAPIServer）か、spec.podCIDR を設定済みのノードが作成されます。kcm の node IPAM コントローラーは informer でそれを検知します。",
    },
    NodeDeleted => {
        en: "The Node object is deleted from the API (the generic registry's Delete). The node IPAM controller's delete handler then frees its podCIDR with ReleaseCIDR.",
        zh: "Node 对象从 API 中删除（通用 registry 的 Delete）。随后 node IPAM 控制器的删除处理函数调用 ReleaseCIDR，释放它的 podCIDR。",
        ja: "Node オブジェクトが API から削除されます（汎用 registry の Delete）。続いて node IPAM コントローラーの削除ハンドラーが ReleaseCIDR でその podCIDR を解放します。",
    },
    NodeReboot => {
        en: "The node's machine goes down. Every container, network namespace, veth and /32 route goes with it, and so does /run, a tmpfs. What is on disk stays: the conflist, containerd's sandbox records (unless they were lost), and host-local's IP files if its dataDir is on disk.",
        zh: "节点的机器宕机重启。所有容器、网络命名空间、veth 和 /32 路由都随之消失，tmpfs 上的 /run 也一样。磁盘上的内容会保留：conflist、containerd 的沙箱记录（除非已丢失），以及 dataDir 在磁盘上时 host-local 的 IP 文件。",
        ja: "ノードのマシンが停止します。すべてのコンテナー、ネットワーク名前空間、veth、/32 ルートが消え、tmpfs の /run も消えます。ディスク上のものは残ります。conflist、containerd のサンドボックス記録（失われていなければ）、そして dataDir がディスク上にあれば host-local の IP ファイルです。",
    },
    Rebooted => {
        en: "The kubelet is back and sees a new boot ID (nodestatus.MachineInfo), so it records Rebooted. It syncs its pods: each sandbox is not ready, so SyncPod records SandboxChanged, stops the old ones (containerd runs CNI DEL with an empty CNI_NETNS) and creates new ones, with new addresses. kindnetd starts again too, and writes the conflist anew.",
        zh: "kubelet 重新启动，发现 boot ID 变了（nodestatus.MachineInfo），于是记录 Rebooted。它同步自己的 Pod：每个沙箱都未就绪，SyncPod 记录 SandboxChanged，先停止旧沙箱（containerd 以空的 CNI_NETNS 执行 CNI DEL），再创建新沙箱，拿到新地址。kindnetd 也重新启动，再次写出 conflist。",
        ja: "kubelet が再び起動し、boot ID が変わったことを検知して（nodestatus.MachineInfo）Rebooted を記録します。続いて Pod を同期します。どのサンドボックスも準備ができていないので、SyncPod は SandboxChanged を記録して古いサンドボックスを停止し（containerd は空の CNI_NETNS で CNI DEL を実行します）、新しいサンドボックスを作成して新しいアドレスを割り当てます。kindnetd も起動し直し、conflist をもう一度書きます。",
    },
    NodeIpamStarted => {
        en: "kube-controller-manager starts its node IPAM controller (NewCIDRRangeAllocator): one cidrset per --cluster-cidr entry, the service range filtered out, and the podCIDR of every existing node marked as used.",
        zh: "kube-controller-manager 启动 node IPAM 控制器（NewCIDRRangeAllocator）：--cluster-cidr 的每一项建一个 cidrset，剔除 Service 网段，再把已有节点的 podCIDR 标记为已占用。",
        ja: "kube-controller-manager が node IPAM コントローラーを起動します（NewCIDRRangeAllocator）。--cluster-cidr の要素ごとに cidrset を 1 つ作り、Service の範囲を除外し、既存ノードの podCIDR を使用中にします。",
    },
    CIDRAllocated => {
        en: "AllocateNext (cidr_set.go) hands out the next free node subnet: it scans the bitmap from the cursor nextCandidate, takes the first clear bit and moves the cursor past it — round robin.",
        zh: "AllocateNext（cidr_set.go）分出下一个空闲的节点子网：从游标 nextCandidate 开始扫描位图，取第一个空闲位，再把游标移到它后面——也就是轮询（round robin）。",
        ja: "AllocateNext（cidr_set.go）が次の空きノードサブネットを払い出します。カーソル nextCandidate からビットマップを走査して最初の空きビットを取り、カーソルをその次へ進めます。つまりラウンドロビンです。",
    },
    CIDROccupied => {
        en: "Occupy (cidr_set.go) marks a subnet a node already has as used, for example after a kcm restart or for a preset podCIDR. It never moves the cursor.",
        zh: "Occupy（cidr_set.go）把节点已有的子网标记为已占用，比如 kcm 重启之后，或者节点预设了 podCIDR。它从不移动游标。",
        ja: "Occupy（cidr_set.go）は、ノードがすでに持っているサブネットを使用中にします。kcm の再起動後や、podCIDR が事前に設定されている場合などです。カーソルは動かしません。",
    },
    CIDRReleased => {
        en: "Release (cidr_set.go) clears the bit of a deleted node's subnet. It never moves the cursor, so the subnet is handed out again only when the scan comes round to it.",
        zh: "Release（cidr_set.go）清除已删除节点的子网所对应的位。它不移动游标，所以这个子网要等扫描再次轮到它时才会分配出去。",
        ja: "Release（cidr_set.go）は削除されたノードのサブネットのビットをクリアします。カーソルは動かさないので、このサブネットが再び払い出されるのは、走査の順番がそこに回ってきたときです。",
    },
    PodCIDRPatched => {
        en: "updateCIDRsAllocation (range_allocator.go) writes the allocation to the Node with a PATCH: spec.podCIDR gets the first CIDR and spec.podCIDRs the whole list, one per family.",
        zh: "updateCIDRsAllocation（range_allocator.go）用 PATCH 把分配结果写进 Node：spec.podCIDR 是第一个 CIDR，spec.podCIDRs 是完整列表，每个地址族一个。",
        ja: "updateCIDRsAllocation（range_allocator.go）が割り当て結果を PATCH で Node に書き込みます。spec.podCIDR には最初の CIDR が、spec.podCIDRs にはアドレスファミリーごとに 1 つずつ、リスト全体が入ります。",
    },
    CIDRNotAvailable => {
        en: "The cluster CIDR has no free node subnet left: AllocateNext fails and AllocateOrOccupyCIDR records CIDRNotAvailable on the node. Without a podCIDR, no pod on that node can get an address.",
        zh: "集群 CIDR 已经没有空闲的节点子网：AllocateNext 失败，AllocateOrOccupyCIDR 在节点上记录 CIDRNotAvailable。没有 podCIDR，这个节点上的 Pod 就拿不到地址。",
        ja: "クラスター CIDR に空きノードサブネットが残っていません。AllocateNext が失敗し、AllocateOrOccupyCIDR がノードに CIDRNotAvailable を記録します。podCIDR がなければ、そのノードの Pod はアドレスを得られません。",
    },
    NodeSyncRequeued => {
        en: "processNextNodeWorkItem puts the failed node back on the cidrallocator_node workqueue with per-item exponential backoff (5 ms, doubling up to 1000 s) and no retry limit.",
        zh: "processNextNodeWorkItem 把失败的节点放回 cidrallocator_node 工作队列，按条目做指数退避（从 5 毫秒开始翻倍，最长 1000 秒），不限重试次数。",
        ja: "processNextNodeWorkItem が失敗したノードを cidrallocator_node ワークキューに戻します。項目ごとの指数バックオフ（5 ミリ秒から倍々、最大 1000 秒）で、再試行回数に上限はありません。",
    },
    CNIConfigWritten => {
        en: "kindnetd sees its node's podCIDR and writes /etc/cni/net.d/10-kindnet.conflist (CNIConfigWriter.Write): ptp with one host-local range per podCIDR, then portmap. From now on the runtime's network is ready. A kindnetd that starts again (after a reboot) writes the file anew: the inputs it compares with live in its memory only.",
        zh: "kindnetd 看到本节点的 podCIDR，写出 /etc/cni/net.d/10-kindnet.conflist（CNIConfigWriter.Write）：ptp（host-local 为每个 podCIDR 配一个范围），然后是 portmap。从此容器运行时的网络就绪。kindnetd 重新启动后（例如重启之后）会再写一次这个文件：它用来比较的输入只保存在内存中。",
        ja: "kindnetd が自ノードの podCIDR を見て /etc/cni/net.d/10-kindnet.conflist を書き出します（CNIConfigWriter.Write）。podCIDR ごとに host-local の範囲を 1 つ持つ ptp、続いて portmap です。これ以降、ランタイムのネットワークは準備完了になります。kindnetd が（再起動の後などに）起動し直すと、このファイルをもう一度書きます。比較に使う入力はメモリーにしか持っていないからです。",
    },
    NodeRouteAdded => {
        en: "kindnetd's loop (syncRoute) gives its node a route to every other node's podCIDR through that node's InternalIP, so pods reach pods on other nodes without a tunnel. The kernel picks the device (eth0) from the gateway.",
        zh: "kindnetd 的循环（syncRoute）为本节点添加到其他每个节点 podCIDR 的路由，下一跳是那个节点的 InternalIP，这样 Pod 不经隧道就能访问其他节点上的 Pod。设备（eth0）由内核根据网关选出。",
        ja: "kindnetd のループ（syncRoute）が、ほかの各ノードの podCIDR へのルートを、そのノードの InternalIP 経由で自ノードに追加します。これで Pod はトンネルなしで別ノードの Pod に届きます。デバイス（eth0）はゲートウェイからカーネルが選びます。",
    },
    NodeRouteRemoved => {
        en: "syncRoute found a route to a node's podCIDR through another gateway (the subnet once belonged to a node with another InternalIP) and deletes it before adding the right one. Routes to deleted nodes are never removed.",
        zh: "syncRoute 发现某个节点 podCIDR 的路由经由别的网关（这个子网以前属于另一个 InternalIP 的节点），于是先删除它，再添加正确的路由。指向已删除节点的路由从不清理。",
        ja: "syncRoute が、あるノードの podCIDR へのルートが別のゲートウェイ経由になっているのを見つけ（そのサブネットは以前、別の InternalIP のノードのものでした）、正しいルートを追加する前に削除します。削除されたノードへのルートは消されません。",
    },
    KindnetReconcileFailed => {
        en: "A pass of kindnetd's loop failed, here on another node with no podCIDR (single-stack kindnetd parses \"\" as its CIDR). The pass stops there, so nodes listed after it are not reconciled; upstream retries five times, then exits and is restarted.",
        zh: "kindnetd 的一轮循环失败了，这里是因为另一个节点没有 podCIDR（单栈的 kindnetd 会把 \"\" 当作 CIDR 解析）。这一轮就此中止，排在它后面的节点不会被处理；上游的 kindnetd 会重试五次，然后退出并被重启。",
        ja: "kindnetd の同期ループの今回の処理が失敗しました。ここでは podCIDR のない別ノードが原因です（シングルスタックの kindnetd は \"\" を CIDR として解析します）。今回の処理はそこで打ち切られ、後に並ぶノードは処理されません。アップストリームの kindnetd は 5 回再試行してから終了し、再起動されます。",
    },
    NetworkNotReady => {
        en: "The kubelet's SyncPod will not start the pod: the runtime reports NetworkReady=false because /etc/cni/net.d holds no CNI config yet. It tries again 1–1.5 s later (backOffOnTransientErrorPeriod with jitter).",
        zh: "kubelet 的 SyncPod 不会启动这个 Pod：/etc/cni/net.d 里还没有 CNI 配置，容器运行时报告 NetworkReady=false。kubelet 在 1–1.5 秒后再试（backOffOnTransientErrorPeriod 加上抖动）。",
        ja: "kubelet の SyncPod は Pod を起動しません。/etc/cni/net.d にまだ CNI 設定がないため、ランタイムが NetworkReady=false を報告するからです。kubelet は 1–1.5 秒後に再試行します（backOffOnTransientErrorPeriod にジッターを加えた時間）。",
    },
    PodCreated => {
        en: "A Pod object is created in the API with spec.nodeName already set (PrepareForCreate), so no scheduler is involved: the node's kubelet picks it up.",
        zh: "Pod 对象在 API 中创建，spec.nodeName 已经设好（PrepareForCreate），不经过调度器：由该节点的 kubelet 直接接手。",
        ja: "spec.nodeName を設定済みの Pod オブジェクトが API に作成されます（PrepareForCreate）。スケジューラーは関与せず、そのノードの kubelet が引き受けます。",
    },
    OutOfpods => {
        en: "The kubelet's admission check (canAdmitPod, the predicate admit handler) finds the node already running its --max-pods, 110 by default: the pod is rejected, its phase is Failed, and it never gets a sandbox, a CNI ADD or an address. Deleted pods stop counting when their object goes.",
        zh: "kubelet 的准入检查（canAdmitPod，predicate admit handler）发现节点上已经运行着 --max-pods（默认 110）个 Pod：这个 Pod 被拒绝，阶段为 Failed，永远不会有沙箱、CNI ADD 和地址。已删除的 Pod 在对象消失时就不再计数。",
        ja: "kubelet の受け入れチェック（canAdmitPod、predicate admit handler）が、ノードですでに --max-pods（デフォルト 110）個の Pod が動いていることを見つけます。Pod は拒否されてフェーズが Failed になり、サンドボックスも CNI ADD もアドレスも得ません。削除された Pod はオブジェクトが消えた時点で数えられなくなります。",
    },
    SandboxCreated => {
        en: "The kubelet asks containerd for a sandbox (createPodSandbox → RunPodSandbox); containerd creates the pod's network namespace, /var/run/netns/cni-<uuid>, before any container.",
        zh: "kubelet 请求 containerd 创建沙箱（createPodSandbox → RunPodSandbox）；containerd 在启动任何容器之前，先创建 Pod 的网络命名空间 /var/run/netns/cni-<uuid>。",
        ja: "kubelet が containerd にサンドボックスを要求します（createPodSandbox → RunPodSandbox）。containerd はどのコンテナーよりも先に、Pod のネットワーク名前空間 /var/run/netns/cni-<uuid> を作ります。",
    },
    CNIAdd => {
        en: "containerd runs the conflist with CNI_COMMAND=ADD (AddNetworkList in libcni): the plugins in order, ptp calling host-local, then portmap, with CNI_CONTAINERID set to the sandbox ID and CNI_IFNAME=eth0.",
        zh: "containerd 以 CNI_COMMAND=ADD 执行 conflist（libcni 的 AddNetworkList）：按顺序运行插件，先是 ptp（由它调用 host-local），再是 portmap；CNI_CONTAINERID 是沙箱 ID，CNI_IFNAME=eth0。",
        ja: "containerd が CNI_COMMAND=ADD で conflist を実行します（libcni の AddNetworkList）。プラグインは順番どおり、host-local を呼ぶ ptp、次に portmap です。CNI_CONTAINERID はサンドボックス ID、CNI_IFNAME=eth0 です。",
    },
    IPAMReserve => {
        en: "host-local's allocator (Get) takes the next free address after last_reserved_ip, skipping the gateway, creates a file named after it holding the sandbox ID, \\r\\n and the interface name, and updates last_reserved_ip.",
        zh: "host-local 的分配器（Get）取 last_reserved_ip 之后的下一个空闲地址（跳过网关），创建以该地址命名的文件，内容是沙箱 ID、\\r\\n 和网卡名，并更新 last_reserved_ip。",
        ja: "host-local のアロケーター（Get）が last_reserved_ip の次の空きアドレスを取り（ゲートウェイは飛ばします）、そのアドレスを名前とするファイルにサンドボックス ID、\\r\\n、インターフェース名を書き込み、last_reserved_ip を更新します。",
    },
    VethCreated => {
        en: "ptp's setupContainerVeth creates a veth pair: eth0 inside the pod's network namespace and vethXXXXXXXX on the node. Each end shows @if and its peer's ifindex.",
        zh: "ptp 的 setupContainerVeth 创建一对 veth：Pod 的网络命名空间里是 eth0，节点上是 vethXXXXXXXX。每一端都显示 @if 加对端的 ifindex。",
        ja: "ptp の setupContainerVeth が veth ペアを作ります。Pod のネットワーク名前空間内に eth0、ノード上に vethXXXXXXXX です。どちらの端にも @if と相手の ifindex が表示されます。",
    },
    RouteAdded => {
        en: "ptp's setupHostVeth gives the host veth the gateway address as a /32 and adds the route <podIP>/32 dev vethXXXXXXXX scope host: the node reaches each pod through its own veth, with no bridge.",
        zh: "ptp 的 setupHostVeth 给节点侧 veth 配上网关地址（/32），并添加路由 <podIP>/32 dev vethXXXXXXXX scope host：节点经由各自的 veth 直达每个 Pod，没有网桥。",
        ja: "ptp の setupHostVeth がホスト側 veth にゲートウェイアドレスを /32 で付け、ルート <podIP>/32 dev vethXXXXXXXX scope host を追加します。ノードは各 Pod にそれぞれの veth で直接届き、ブリッジはありません。",
    },
    PodIPsCleared => {
        en: "The kubelet writes the pod's status with no IPs: kuberuntime's GetPodStatus takes them from the latest sandbox only while it is ready, and the old one went with the reboot. The phase stays Running while its containers restart.",
        zh: "kubelet 写入不带 IP 的 Pod 状态：kuberuntime 的 GetPodStatus 只在最新的沙箱就绪时才从中取 IP，而旧沙箱已随重启消失。容器重启期间，阶段仍为 Running。",
        ja: "kubelet が IP のない Pod の状態を書き込みます。kuberuntime の GetPodStatus が IP を取るのは最新のサンドボックスが準備完了のときだけで、古いサンドボックスは再起動で消えました。コンテナーが再起動する間、フェーズは Running のままです。",
    },
    SandboxChanged => {
        en: "The kubelet's SyncPod finds that the pod has a sandbox and that it is not ready (computePodActions), so it records SandboxChanged, 'Pod sandbox changed, it will be killed and re-created.', kills the pod (StopPodSandbox: containerd runs CNI DEL for the old sandbox) and creates a new one. A pod whose old sandbox containerd no longer knows gets no such Event: SyncPod creates its sandbox as for a new pod.",
        zh: "kubelet 的 SyncPod 发现这个 Pod 有沙箱，但沙箱未就绪（computePodActions），于是记录 SandboxChanged（“Pod sandbox changed, it will be killed and re-created.”），先终止 Pod（StopPodSandbox：containerd 为旧沙箱执行 CNI DEL），再创建新沙箱。如果 containerd 已经不知道旧沙箱，就没有这条事件：SyncPod 像对待新 Pod 一样为它创建沙箱。",
        ja: "kubelet の SyncPod は、Pod にサンドボックスがあり、それが準備できていないことを見つけます（computePodActions）。そこで SandboxChanged（「Pod sandbox changed, it will be killed and re-created.」）を記録し、Pod を停止して（StopPodSandbox で containerd が古いサンドボックスの CNI DEL を実行します）新しいサンドボックスを作ります。containerd が古いサンドボックスをもう知らない Pod では、このイベントは出ません。SyncPod は新しい Pod と同じようにサンドボックスを作ります。",
    },
    PodIPsAssigned => {
        en: "The kubelet takes the sandbox's addresses from containerd and writes status.podIP and status.podIPs (generateAPIPodStatus); in dual-stack IPv4 comes first, as the primary address.",
        zh: "kubelet 从 containerd 取得沙箱的地址，写入 status.podIP 和 status.podIPs（generateAPIPodStatus）；双栈时 IPv4 排在最前，作为主地址。",
        ja: "kubelet が containerd からサンドボックスのアドレスを受け取り、status.podIP と status.podIPs に書き込みます（generateAPIPodStatus）。デュアルスタックでは IPv4 が先頭に来て、プライマリーアドレスになります。",
    },
    FailedCreatePodSandBox => {
        en: "The sandbox could not be set up because CNI ADD failed, for example with host-local's 'no IP addresses available in range set' once the node's podCIDR is used up. The kubelet's SyncPod records the Warning, and the kubelet retries 10–15 s later (backOffPeriod with jitter).",
        zh: "沙箱建不起来，因为 CNI ADD 失败了，比如节点的 podCIDR 用完后 host-local 报出“no IP addresses available in range set”。kubelet 的 SyncPod 记录这条 Warning 事件，10–15 秒后重试（backOffPeriod 加上抖动）。",
        ja: "CNI ADD が失敗したため、サンドボックスを用意できませんでした。たとえばノードの podCIDR を使い切ると、host-local が「no IP addresses available in range set」を返します。kubelet の SyncPod は Warning イベントを記録し、10–15 秒後に再試行します（backOffPeriod にジッターを加えた時間）。",
    },
    PodTerminating => {
        en: "A graceful delete: CheckGracefulDelete gives the pod a deletionTimestamp and it shows Terminating. The containers stop first, then CNI DEL runs, and only then does the object go.",
        zh: "优雅删除：CheckGracefulDelete 给 Pod 设上 deletionTimestamp，Pod 显示为 Terminating。先停容器，再执行 CNI DEL，最后对象才消失。",
        ja: "グレースフルな削除です。CheckGracefulDelete が Pod に deletionTimestamp を設定し、Pod は Terminating と表示されます。まずコンテナーが止まり、次に CNI DEL が実行され、その後でようやくオブジェクトが消えます。",
    },
    Killing => {
        en: "The kubelet stops the pod's container (killContainer): SIGTERM, then SIGKILL when the grace period ends — at least 2 s even when the Pod object was deleted at once.",
        zh: "kubelet 停止 Pod 的容器（killContainer）：先发 SIGTERM，宽限期结束时发 SIGKILL——即使 Pod 对象是被立即删除的，宽限期也至少有 2 秒。",
        ja: "kubelet が Pod のコンテナーを停止します（killContainer）。まず SIGTERM、猶予期間が終わると SIGKILL です。Pod オブジェクトが即時削除された場合でも、猶予期間は最低 2 秒です。",
    },
    CNIDel => {
        en: "containerd's StopPodSandbox runs the conflist with CNI_COMMAND=DEL (DelNetworkList in libcni), plugins in reverse order: portmap, then ptp, which calls host-local DEL.",
        zh: "containerd 的 StopPodSandbox 以 CNI_COMMAND=DEL 执行 conflist（libcni 的 DelNetworkList），插件按逆序运行：先 portmap，再 ptp，由 ptp 调用 host-local 的 DEL。",
        ja: "containerd の StopPodSandbox が CNI_COMMAND=DEL で conflist を実行します（libcni の DelNetworkList）。プラグインは逆順で、portmap、次に ptp が動き、ptp が host-local の DEL を呼びます。",
    },
    IPAMRelease => {
        en: "host-local removes the file of each address the container held (ReleaseByID). last_reserved_ip is not touched, so the next pod still gets the address after it, not the freed one.",
        zh: "host-local 删除该容器占用的每个地址的文件（ReleaseByID）。last_reserved_ip 不变，所以下一个 Pod 拿到的仍是 last_reserved_ip 之后的地址，而不是刚释放的这个。",
        ja: "host-local がコンテナーに割り当てられていた各アドレスのファイルを削除します（ReleaseByID）。last_reserved_ip は変わらないので、次の Pod が受け取るのは解放されたアドレスではなく、last_reserved_ip の次のアドレスです。",
    },
    VethDeleted => {
        en: "ptp's cmdDel deletes eth0 inside the pod's network namespace; deleting one end of a veth pair removes the other, so the host veth goes too.",
        zh: "ptp 的 cmdDel 删除 Pod 网络命名空间里的 eth0；删除 veth 的一端，另一端也随之消失，所以节点侧 veth 也没了。",
        ja: "ptp の cmdDel が Pod のネットワーク名前空間内の eth0 を削除します。veth ペアの片端を消すともう片端も消えるので、ホスト側 veth もなくなります。",
    },
    RouteRemoved => {
        en: "The node's /32 route to the pod goes with the host veth it pointed at (ptp's cmdDel): from now on the node has no path to that address.",
        zh: "节点上通往该 Pod 的 /32 路由随它指向的节点侧 veth 一起消失（ptp 的 cmdDel）：此后节点上再没有通往这个地址的路径。",
        ja: "Pod への /32 ルートは、その行き先だったホスト側 veth とともに消えます（ptp の cmdDel）。これ以降、ノードからそのアドレスへの経路はありません。",
    },
    SandboxRemoved => {
        en: "containerd's StopPodSandbox finishes: the sandbox is stopped and its network namespace removed. The kubelet's container GC deletes the sandbox itself later.",
        zh: "containerd 的 StopPodSandbox 完成：沙箱停止，网络命名空间被删除。沙箱本身稍后由 kubelet 的容器 GC 清理。",
        ja: "containerd の StopPodSandbox が完了します。サンドボックスは停止し、ネットワーク名前空間が削除されます。サンドボックス自体は後で kubelet のコンテナー GC が削除します。",
    },
    PodDeleted => {
        en: "The Pod object is gone from the API: at once with grace period 0 (CheckGracefulDelete), after termination by the kubelet's status manager (syncPod), or by podgc when its node is gone (gcOrphaned). After an immediate delete the node's network is cleaned up only later.",
        zh: "Pod 对象从 API 中消失：宽限期为 0 时立即删除（CheckGracefulDelete）；或在终止后由 kubelet 的 status manager 删除（syncPod）；或在节点已不存在时由 podgc 删除（gcOrphaned）。立即删除时，节点上的网络要稍后才清理。",
        ja: "Pod オブジェクトが API から消えます。猶予期間 0 なら即座に（CheckGracefulDelete）、そうでなければ終了後に kubelet の status manager が（syncPod）、ノードがなくなった場合は podgc が（gcOrphaned）削除します。即時削除では、ノード上のネットワークが片付くのはその後です。",
    },
}

/// Every text of this module with a readable name (`tour kind step 3`, `explain CIDRAllocated`), for
/// the tests.
pub fn all() -> Vec<(String, Text)> {
    let mut texts = Vec::new();
    for tour in &TOURS {
        texts.push((format!("tour {} title", tour.name), tour.title));
        texts.push((format!("tour {} intro", tour.name), tour.intro));
        for (index, step) in tour.steps.iter().enumerate() {
            texts.push((format!("tour {} step {}", tour.name, index + 1), *step));
        }
        for (index, question) in tour.questions.iter().enumerate() {
            let key = format!("tour {} question {}", tour.name, index + 1);
            texts.push((key.clone(), question.text));
            for (choice, text) in question.choices.iter().enumerate() {
                texts.push((format!("{key} choice {}", choice + 1), *text));
            }
            texts.push((format!("{key} why"), question.why));
        }
    }
    for &(name, reason) in EXPLAINED {
        texts.push((format!("explain {name}"), explain(reason)));
    }
    texts
}
