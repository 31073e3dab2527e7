//! The `kind` tour: its scenario, its steps (each waiting for an event of the run) and their words,
//! and the questions asked before the steps that answer them.

use super::legacy::{On, Question, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const KIND: Tour = Tour {
    id: TourId::Kind,
    scenario: builtin::KIND,
    title: text! {
        en: "the kind cluster",
        zh: "kind 集群",
        ja: "kind クラスター",
    },
    intro: text! {
        en: "A three-node kind cluster as measured: kube-controller-manager runs with --cluster-cidr=10.244.0.0/16 and no node mask, so every node gets a /24. Below is the path a Pod's address takes, which the steps walk one stop at a time.",
        zh: "按实测还原的三节点 kind 集群：kube-controller-manager 以 --cluster-cidr=10.244.0.0/16 启动，没有指定节点掩码，所以每个节点分到一个 /24。下面画出了 Pod 地址的来路，导览会一站一站地走完它。",
        ja: "実測どおりの 3 ノードの kind クラスターです。kube-controller-manager は --cluster-cidr=10.244.0.0/16 で起動し、ノードのマスク長は指定されていないので、各ノードには /24 が割り当てられます。下の図は Pod のアドレスがたどる経路です。ステップはこれを順にたどります。",
    },
    steps: &[
        Step {
            id: "control-plane-subnet",
            waits_for: (Reason::PodCIDRPatched, "node/kind-control-plane"),
            shows: &[On("kind-control-plane", &[PodCidr("10.244.0.0/24")])],
            command: Some("kubectl get node kind-control-plane -o jsonpath='{.spec.podCIDR}'"),
            words: text! {
                en: "The control-plane node registers first. kube-controller-manager's node IPAM controller scans its bitmap of subnets from nextCandidate 0 and hands out index 0, 10.244.0.0/24, and kube-controller-manager PATCHes it into the node's spec.podCIDR.",
                zh: "控制平面节点最先注册。kube-controller-manager 的 node IPAM 控制器从 nextCandidate 0 开始扫描子网位图，分出索引 0，即 10.244.0.0/24，kube-controller-manager 再用 PATCH 把它写入该节点的 spec.podCIDR。",
                ja: "最初にコントロールプレーンノードが登録されます。kube-controller-manager の node IPAM コントローラーは nextCandidate 0 からサブネットのビットマップを走査してインデックス 0 の 10.244.0.0/24 を払い出し、kube-controller-manager がそれをノードの spec.podCIDR に PATCH で設定します。",
            },
        },
        Step {
            id: "workers-patched",
            waits_for: (Reason::PodCIDRPatched, "node/kind-worker2"),
            shows: &[
                On("kind-worker", &[PodCidr("10.244.1.0/24")]),
                On("kind-worker2", &[PodCidr("10.244.2.0/24")]),
            ],
            command: Some(
                "kubectl get nodes -o custom-columns=NAME:.metadata.name,PODCIDR:.spec.podCIDR",
            ),
            words: text! {
                en: "The workers get 10.244.1.0/24 and 10.244.2.0/24 in the order the controller processes them; kind joins them in parallel, so on another run the two can swap. kube-controller-manager PATCHes spec.podCIDR and spec.podCIDRs of each node; the cursor now points at index 3.",
                zh: "两个工作节点按控制器处理的顺序拿到 10.244.1.0/24 和 10.244.2.0/24；kind 是并行加入工作节点的，换一次运行，两者可能对调。kube-controller-manager 用 PATCH 写入每个节点的 spec.podCIDR 和 spec.podCIDRs；游标现在指向索引 3。",
                ja: "ワーカーは、コントローラーが処理した順に 10.244.1.0/24 と 10.244.2.0/24 を受け取ります。kind はワーカーを並行して参加させるので、別の実行では 2 台が入れ替わることもあります。kube-controller-manager は各ノードの spec.podCIDR と spec.podCIDRs を PATCH で設定します。カーソルはいまインデックス 3 を指しています。",
            },
        },
        Step {
            id: "conflist-written",
            waits_for: (Reason::CNIConfigWritten, "node/kind-worker"),
            shows: &[On(
                "kind-worker",
                &[PodCidr("10.244.1.0/24"), File("10-kindnet.conflist")],
            )],
            command: Some("docker exec kind-worker cat /etc/cni/net.d/10-kindnet.conflist"),
            words: text! {
                en: "kindnetd on kind-worker sees its podCIDR and writes /etc/cni/net.d/10-kindnet.conflist: ptp with host-local over 10.244.1.0/24, then portmap. Until now the node was NotReady (NetworkPluginNotReady: cni plugin not initialized), and no pod could start there.",
                zh: "kind-worker 上的 kindnetd 看到本节点的 podCIDR，写出 /etc/cni/net.d/10-kindnet.conflist：先是 ptp（IPAM 为 host-local，范围 10.244.1.0/24），然后是 portmap。在此之前，节点一直是 NotReady（NetworkPluginNotReady：cni plugin not initialized），这个节点上的 Pod 无法启动。",
                ja: "kind-worker 上の kindnetd が自ノードの podCIDR を見て、/etc/cni/net.d/10-kindnet.conflist を書き出します。中身は 10.244.1.0/24 を範囲とする host-local 付きの ptp、続いて portmap です。それまでノードは NotReady（NetworkPluginNotReady：cni plugin not initialized）で、このノードで Pod は起動できませんでした。",
            },
        },
        Step {
            id: "a-reserved",
            waits_for: (Reason::IPAMReserve, "pod/a"),
            shows: &[On(
                "kind-worker",
                &[Pod("a"), IpFile("10.244.1.2"), IpFile("a")],
            )],
            command: Some("docker exec kind-worker ls /run/cni-ipam-state/kindnet"),
            words: text! {
                en: "Pod a's sandbox starts and containerd runs CNI ADD. host-local has no last_reserved_ip.0 yet, starts at rangeStart, skips the gateway .1 and creates the file 10.244.1.2 — content: the sandbox ID, \\r\\n, eth0. Open it in the listing.",
                zh: "Pod a 的沙箱启动，containerd 执行 CNI ADD。host-local 还没有 last_reserved_ip.0，于是从 rangeStart 开始，跳过网关 .1，创建文件 10.244.1.2——内容是沙箱 ID、\\r\\n、eth0。可以在文件列表里打开看看。",
                ja: "Pod a のサンドボックスが起動し、containerd が CNI ADD を実行します。host-local にはまだ last_reserved_ip.0 がないので rangeStart から始め、ゲートウェイ .1 を飛ばしてファイル 10.244.1.2 を作ります。中身はサンドボックス ID、\\r\\n、eth0 です。一覧から開いてみてください。",
            },
        },
        Step {
            id: "a-veth",
            waits_for: (Reason::VethCreated, "pod/a"),
            shows: &[On("kind-worker", &[Pod("a"), Veth("a")])],
            command: Some("docker exec kind-worker ip -br link show type veth"),
            words: text! {
                en: "ptp makes the veth pair: eth0 in the pod, vethXXXXXXXX on the node; each end's name says @if and the other end's ifindex.",
                zh: "ptp 创建一对 veth：Pod 里是 eth0，节点上是 vethXXXXXXXX；每一端的名字里都带着 @if 和对端的 ifindex，两头互指。",
                ja: "ptp が veth ペアを作ります。Pod の中は eth0、ノード上は vethXXXXXXXX です。どちらの端の名前にも、@if と相手側の ifindex が付いています。",
            },
        },
        Step {
            id: "a-route",
            waits_for: (Reason::RouteAdded, "pod/a"),
            shows: &[On("kind-worker", &[Veth("a"), Route("10.244.1.2/32")])],
            command: Some("docker exec kind-worker ip route"),
            words: text! {
                en: "On the node: a /32 'scope host' route to the pod through its veth — no bridge.",
                zh: "节点上有一条经由 veth 通往该 Pod 的 /32 主机路由（scope host）——没有网桥。",
                ja: "ノード上には、veth を経由して Pod へ向かう /32 の scope host ルートがあります。ブリッジはありません。",
            },
        },
        Step {
            id: "c-running",
            waits_for: (Reason::PodIPsAssigned, "pod/c"),
            shows: &[On(
                "kind-worker",
                &[
                    Pod("a"),
                    Pod("b"),
                    Pod("c"),
                    Address("10.244.1.3"),
                    Address("10.244.1.4"),
                    IpFile("10.244.1.4"),
                    VethAddress("10.244.1.1/32"),
                ],
            )],
            command: Some("kubectl get pods -o wide"),
            words: text! {
                en: "b and c get .3 and .4, one after another; last_reserved_ip.0 now holds 10.244.1.4. The kubelet writes each address to its Pod's status.podIPs, so kubectl get pods -o wide lists a, b and c with .2, .3 and .4. Each of their host veths carries the same gateway address, 10.244.1.1/32.",
                zh: "b 和 c 依次拿到 .3 和 .4；last_reserved_ip.0 现在记录的是 10.244.1.4。kubelet 把每个地址写进对应 Pod 的 status.podIPs，所以 kubectl get pods -o wide 列出 a、b、c，地址分别是 .2、.3 和 .4。它们的节点侧 veth 都带着同一个网关地址 10.244.1.1/32。",
                ja: "b と c が続けて .3 と .4 を受け取り、last_reserved_ip.0 の中身はいま 10.244.1.4 です。kubelet が各アドレスをその Pod の status.podIPs に書き込むので、kubectl get pods -o wide には a が .2、b が .3、c が .4 と表示されます。3 つのホスト側 veth には、どれも同じゲートウェイアドレス 10.244.1.1/32 が付いています。",
            },
        },
        Step {
            id: "b-deleted",
            waits_for: (Reason::PodDeleted, "pod/b"),
            shows: &[On(
                "kind-worker",
                &[Pod("b"), IpFile("b"), Veth("b"), Route("10.244.1.3/32")],
            )],
            command: Some("docker exec kind-worker ls /run/cni-ipam-state/kindnet"),
            words: text! {
                en: "b is deleted with --grace-period=0 --force: its Pod object is gone at once. But its IP file, veth and route are still on the node — watch the countdown.",
                zh: "b 以 --grace-period=0 --force 删除：它的 Pod 对象立刻消失。但它的 IP 文件、veth 和路由还留在节点上——请看倒计时。",
                ja: "b を --grace-period=0 --force で削除します。Pod オブジェクトはすぐに消えます。しかし IP ファイル、veth、ルートはまだノード上に残っています。カウントダウンに注目してください。",
            },
        },
        Step {
            id: "b-released",
            waits_for: (Reason::RouteRemoved, "pod/b"),
            shows: &[On("kind-worker", &[Pod("b")])],
            command: Some("docker exec kind-worker ip route"),
            words: text! {
                en: "2.3 s after the object disappeared, the file 10.244.1.3, the veth and the /32 route go together: the kubelet stopped b's container, then its sandbox, and CNI DEL ran. podip reads the measured lag as a current kubelet's 2 s floor for a container that ignores SIGTERM (kubelets 1.22 to about 1.28 waited the pod's whole terminationGracePeriodSeconds).",
                zh: "对象消失 2.3 秒后，文件 10.244.1.3、veth 和 /32 路由一起消失：kubelet 先停掉 b 的容器，再停止它的沙箱，CNI DEL 随之执行。podip 对实测延迟的解释是：当前的 kubelet 对忽略 SIGTERM 的容器至少等 2 秒（1.22 到 1.28 前后的 kubelet 会等满 Pod 的整个 terminationGracePeriodSeconds）。",
                ja: "オブジェクトが消えてから 2.3 秒後に、ファイル 10.244.1.3、veth、/32 ルートがまとめて消えます。kubelet が b のコンテナを停止し、続いてサンドボックスを停止して、CNI DEL が実行されたのです。podip はこの実測の遅れを、SIGTERM を無視するコンテナを現行の kubelet が最低 2 秒待つことで説明しています（1.22 から 1.28 ごろの kubelet は Pod の terminationGracePeriodSeconds を丸ごと待っていました）。",
            },
        },
        Step {
            id: "d-gets-the-next",
            waits_for: (Reason::PodIPsAssigned, "pod/d"),
            shows: &[On(
                "kind-worker",
                &[Pod("d"), Address("10.244.1.5"), IpFile("10.244.1.5")],
            )],
            command: Some(
                "docker exec kind-worker cat /run/cni-ipam-state/kindnet/last_reserved_ip.0",
            ),
            words: text! {
                en: "d gets 10.244.1.5, not b's .3: host-local continues after last_reserved_ip, and the freed .3 comes back only after the walk wraps past .254. The kubelet writes .5 to d's status.podIPs, and kubectl get pod d -o wide shows it. (On the measured worker, which had run pods before, d got .192: the kind-measured scenario replays it.)",
                zh: "d 拿到的是 10.244.1.5，而不是 b 释放的 .3：host-local 从 last_reserved_ip 之后继续分配，释放的 .3 要等遍历越过 .254、绕回一圈后才会复用。kubelet 把 .5 写进 d 的 status.podIPs，kubectl get pod d -o wide 就能看到它。（实测的工作节点之前跑过 Pod，d 拿到的是 .192：kind-measured 场景重现了这一过程。）",
                ja: "d が受け取るのは 10.244.1.5 で、b の .3 ではありません。host-local は last_reserved_ip の次から割り当てを続け、解放された .3 が再び使われるのは、走査が .254 を越えて一周した後です。kubelet が .5 を d の status.podIPs に書き込み、kubectl get pod d -o wide に表示されます。（以前に Pod が動いていた実測のワーカーでは、d は .192 を受け取りました。kind-measured シナリオで再現できます。）",
            },
        },
    ],
    questions: &[
        Question {
            before: "control-plane-subnet",
            text: text! {
                en: "kube-controller-manager cuts 10.244.0.0/16 into 256 subnets of /24, none handed out yet. kind-control-plane registers first: which does it get?",
                zh: "kube-controller-manager 把 10.244.0.0/16 切成 256 个 /24 子网，还一个都没分出去。kind-control-plane 最先注册：它会分到哪一个？",
                ja: "kube-controller-manager は 10.244.0.0/16 を 256 個の /24 に切り分けました。まだ 1 つも割り当てていません。最初に登録される kind-control-plane が受け取るのはどれでしょう？",
            },
            choices: &[
                text! { en: "10.244.0.0/24", zh: "10.244.0.0/24", ja: "10.244.0.0/24" },
                text! { en: "10.244.1.0/24: the first subnet is kept back", zh: "10.244.1.0/24：第一个子网被保留", ja: "10.244.1.0/24（最初のサブネットは使われない）" },
                text! { en: "One picked at random", zh: "随机选一个", ja: "ランダムに選ばれたもの" },
            ],
            correct: 0,
            why: text! {
                en: "AllocateNext (cidr_set.go) scans the bitmap from nextCandidate, 0 when the controller starts, and takes the first free index: index 0, 10.244.0.0/24. Nothing is kept back unless the service range lies inside the cluster CIDR.",
                zh: "AllocateNext（cidr_set.go）从 nextCandidate 开始扫描位图（控制器启动时为 0），取第一个空闲索引：索引 0，即 10.244.0.0/24。除非服务地址范围落在集群 CIDR 之内，否则没有子网被保留。",
                ja: "AllocateNext（cidr_set.go）は nextCandidate（コントローラーの起動時は 0）からビットマップを走査し、最初の空きインデックスを取ります。インデックス 0、つまり 10.244.0.0/24 です。Service の範囲がクラスター CIDR の中にない限り、初めから使用中のサブネットはありません。",
            },
        },
        Question {
            before: "conflist-written",
            text: text! {
                en: "kind-worker now has spec.podCIDR 10.244.1.0/24. How does host-local on that node learn its range?",
                zh: "kind-worker 现在有了 spec.podCIDR 10.244.1.0/24。这个节点上的 host-local 如何得知自己的地址范围？",
                ja: "kind-worker に spec.podCIDR 10.244.1.0/24 が設定されました。このノードの host-local は自分の範囲をどうやって知るのでしょう？",
            },
            choices: &[
                text! { en: "It asks the API server on every CNI ADD", zh: "每次 CNI ADD 时询问 API 服务器", ja: "CNI ADD のたびに API サーバーに問い合わせる" },
                text! { en: "From the conflist kindnetd writes from the podCIDR", zh: "从 kindnetd 根据 podCIDR 写出的 conflist 中读取", ja: "kindnetd が podCIDR から書く conflist から" },
                text! { en: "kube-controller-manager sends it to the node", zh: "由 kube-controller-manager 发送给节点", ja: "kube-controller-manager がノードに送る" },
            ],
            correct: 1,
            why: text! {
                en: "host-local never talks to the API server. kindnetd reads its node's podCIDR and writes /etc/cni/net.d/10-kindnet.conflist with that subnet as host-local's range; the container runtime hands that configuration to the plugins on every CNI ADD.",
                zh: "host-local 从不与 API 服务器通信。kindnetd 读取本节点的 podCIDR，把这个子网作为 host-local 的地址范围写入 /etc/cni/net.d/10-kindnet.conflist；容器运行时在每次 CNI ADD 时把这份配置传给插件。",
                ja: "host-local は API サーバーとやり取りしません。kindnetd が自ノードの podCIDR を読み、そのサブネットを host-local の範囲として /etc/cni/net.d/10-kindnet.conflist に書きます。コンテナランタイムは CNI ADD のたびにこの設定をプラグインに渡します。",
            },
        },
        Question {
            before: "a-reserved",
            text: text! {
                en: "host-local's range on kind-worker is 10.244.1.0/24 and it has handed out nothing yet. Which address does pod a get?",
                zh: "kind-worker 上 host-local 的地址范围是 10.244.1.0/24，还没有分配过任何地址。Pod a 会拿到哪个地址？",
                ja: "kind-worker の host-local の範囲は 10.244.1.0/24 で、まだ何も割り当てていません。Pod a が受け取るアドレスはどれでしょう？",
            },
            choices: &[
                text! { en: "10.244.1.0", zh: "10.244.1.0", ja: "10.244.1.0" },
                text! { en: "10.244.1.1", zh: "10.244.1.1", ja: "10.244.1.1" },
                text! { en: "10.244.1.2", zh: "10.244.1.2", ja: "10.244.1.2" },
            ],
            correct: 2,
            why: text! {
                en: "With no last_reserved_ip.0 the walk starts at rangeStart, which defaults to the network address + 1: .1. That is the gateway, which host-local skips, so a gets .2. The network address .0 and the broadcast .255 lie outside the range's default bounds.",
                zh: "没有 last_reserved_ip.0 时，遍历从 rangeStart 开始，其默认值是网络地址 + 1，即 .1。.1 是网关，host-local 会跳过它，所以 a 拿到 .2。网络地址 .0 和广播地址 .255 在地址范围的默认边界之外。",
                ja: "last_reserved_ip.0 がないので、走査は rangeStart から始まります。デフォルトはネットワークアドレス + 1 の .1 です。.1 はゲートウェイなので host-local は飛ばし、a は .2 を受け取ります。ネットワークアドレス .0 とブロードキャスト .255 は範囲のデフォルトの境界の外にあります。",
            },
        },
        Question {
            before: "c-running",
            text: text! {
                en: "a, b and c each have a veth pair on kind-worker. Which address does each host-side veth carry?",
                zh: "a、b、c 在 kind-worker 上各有一对 veth。每个节点侧 veth 上配的是什么地址？",
                ja: "a、b、c はそれぞれ kind-worker 上に veth ペアを持っています。各ホスト側 veth に付くアドレスはどれでしょう？",
            },
            choices: &[
                text! { en: "Its pod's own address, /32", zh: "各自 Pod 的地址，/32", ja: "それぞれの Pod のアドレス（/32）" },
                text! { en: "The same gateway, 10.244.1.1/32, on every one", zh: "每个都是同一个网关地址 10.244.1.1/32", ja: "どれも同じゲートウェイ 10.244.1.1/32" },
                text! { en: "None: they hang off a bridge that holds 10.244.1.1/24", zh: "没有地址：它们接在一个持有 10.244.1.1/24 的网桥上", ja: "なし（10.244.1.1/24 を持つブリッジにつながる）" },
            ],
            correct: 1,
            why: text! {
                en: "ptp uses no bridge. It gives every host veth the range's gateway as a /32, 10.244.1.1/32, and adds one route per pod, 10.244.1.X/32 dev vethXXXXXXXX scope host, so the node reaches each pod through its own veth.",
                zh: "ptp 不使用网桥。它给每个节点侧 veth 配上地址范围的网关地址 10.244.1.1/32，并为每个 Pod 添加一条路由 10.244.1.X/32 dev vethXXXXXXXX scope host，节点经由各自的 veth 到达每个 Pod。",
                ja: "ptp はブリッジを使いません。どのホスト側 veth にも範囲のゲートウェイを /32 で付け（10.244.1.1/32）、Pod ごとに 10.244.1.X/32 dev vethXXXXXXXX scope host のルートを追加します。ノードは各 Pod にそれぞれの veth を通って届きます。",
            },
        },
        Question {
            before: "workers-patched",
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
            before: "b-released",
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
                en: "The kubelet first stops b's containers; only then StopPodSandbox runs CNI DEL: host-local's Release removes the file, ptp's cmdDel the veth pair and its /32 route, together. The 2 s is podip's explanation of the measured 2.3 s, not part of the measurement: a current kubelet gives a container that ignores SIGTERM at least minimumGracePeriodInSeconds, 2 s, even on a forced delete; kubelets 1.22 to about 1.28 waited the pod's whole terminationGracePeriodSeconds (kubernetes#113717, #120449).",
                zh: "kubelet 先停止 b 的容器；之后 StopPodSandbox 才执行 CNI DEL：host-local 的 Release 删除文件，ptp 的 cmdDel 删除 veth 对和 /32 路由，三者一起消失。其中的 2 秒是 podip 对实测 2.3 秒的解释，并不是实测本身：当前的 kubelet 即使在强制删除时，也会给忽略 SIGTERM 的容器至少 minimumGracePeriodInSeconds（2 秒）；1.22 到 1.28 前后的 kubelet 则会等满 Pod 的整个 terminationGracePeriodSeconds（kubernetes#113717、#120449）。",
                ja: "kubelet はまず b のコンテナを停止し、その後で StopPodSandbox が CNI DEL を実行します。host-local の Release がファイルを、ptp の cmdDel が veth ペアと /32 ルートを、まとめて削除します。この 2 秒は実測の 2.3 秒に対する podip の説明で、実測そのものではありません。現行の kubelet は強制削除でも、SIGTERM を無視するコンテナに minimumGracePeriodInSeconds（2 秒）以上の猶予を与えます。1.22 から 1.28 ごろの kubelet は、Pod の terminationGracePeriodSeconds を丸ごと待っていました（kubernetes#113717、#120449）。",
            },
        },
        Question {
            before: "d-gets-the-next",
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
};
