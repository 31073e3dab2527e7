//! The `kubeadm-flannel` tour: the kind story on a kubeadm cluster with kube-flannel, told side by
//! side with kind's — the bridge `cni0` and its gateway, one connected route for every pod, host-local's
//! files on disk — and the ARP reason of round robin where it happens, on the bridge.

use super::legacy::{On, Question, Source, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const KUBEADM_FLANNEL: Tour = Tour {
    id: TourId::KubeadmFlannel,
    scenario: builtin::KUBEADM_FLANNEL,
    title: text! {
        en: "kubeadm + flannel",
        zh: "kubeadm + flannel 集群",
        ja: "kubeadm + flannel クラスター",
    },
    intro: text! {
        en: "The kind story on a kubeadm cluster: kubeadm init --pod-network-cidr=10.244.0.0/16, then kube-flannel. kube-controller-manager cuts the cluster CIDR into node subnets as on kind; on each node the pods hang off a bridge, cni0.",
        zh: "把 kind 的故事搬到 kubeadm 集群上：先 kubeadm init --pod-network-cidr=10.244.0.0/16，再装 kube-flannel。kube-controller-manager 和在 kind 上一样把集群 CIDR 切成节点子网；每个节点上的 Pod 都接在网桥 cni0 上。",
        ja: "kind の話を kubeadm クラスターで追います。kubeadm init --pod-network-cidr=10.244.0.0/16 の後に kube-flannel を入れた構成です。kube-controller-manager は kind と同じようにクラスター CIDR をノードサブネットに切り分け、各ノードの Pod はブリッジ cni0 につながります。",
    },
    steps: &[
        Step {
            id: "subnet-env",
            waits_for: (Reason::SubnetEnvWritten, "node/worker-1"),
            shows: &[On(
                "worker-1",
                &[
                    PodCidr("10.244.1.0/24"),
                    File("subnet.env"),
                    SubnetEnv("10.244.1.1/24"),
                    File("10-flannel.conflist"),
                ],
            )],
            command: Some("ssh worker-1 cat /run/flannel/subnet.env"),
            words: text! {
                en: "flanneld on worker-1 takes the node's spec.podCIDR as its lease and writes /run/flannel/subnet.env: FLANNEL_SUBNET=10.244.1.1/24, the gateway with the node's mask. kube-flannel's init container has copied 10-flannel.conflist, which names no subnet: at every CNI ADD the flannel plugin reads subnet.env instead.",
                zh: "worker-1 上的 flanneld 把本节点的 spec.podCIDR 当作自己的租约，写出 /run/flannel/subnet.env：FLANNEL_SUBNET=10.244.1.1/24，即带节点掩码的网关地址。kube-flannel 的 Init 容器已经复制好 10-flannel.conflist，但里面没有写子网：每次 CNI ADD 时，flannel 插件读的是 subnet.env。",
                ja: "worker-1 の flanneld は、ノードの spec.podCIDR を自分のリースとして受け取り、/run/flannel/subnet.env を書き出します。FLANNEL_SUBNET=10.244.1.1/24 は、ノードのマスク長を付けたゲートウェイアドレスです。kube-flannel の Init コンテナがコピーした 10-flannel.conflist にはサブネットが書かれていません。CNI ADD のたびに、flannel プラグインは代わりに subnet.env を読みます。",
            },
        },
        Step {
            id: "a-bridge",
            waits_for: (Reason::BridgeCreated, "pod/a"),
            shows: &[On("worker-1", &[Pod("a"), Bridge("cni0")])],
            command: Some("ssh worker-1 ip -d link show cni0"),
            words: text! {
                en: "Pod a's CNI ADD: flannel delegates to the bridge plugin, with host-local over 10.244.1.0/24. The bridge plugin first creates cni0, once per node, and brings it up with no address yet: the gateway goes on it last, once the pod is set up.",
                zh: "Pod a 的 CNI ADD：flannel 委托 bridge 插件执行，IPAM 用以 10.244.1.0/24 为范围的 host-local。bridge 插件先创建网桥 cni0（每个节点只建一次）并启用它，此时上面还没有地址：网关地址要等 Pod 配置好之后，最后才配上去。",
                ja: "Pod a の CNI ADD です。flannel は bridge プラグインに委譲し、IPAM には 10.244.1.0/24 を範囲とする host-local を指定します。bridge プラグインはまずブリッジ cni0 を作り（ノードごとに 1 回だけ）、有効にします。この時点ではまだアドレスがありません。ゲートウェイアドレスは Pod の設定が済んだ後、最後に付きます。",
            },
        },
        Step {
            id: "a-reserved",
            waits_for: (Reason::IPAMReserve, "pod/a"),
            shows: &[On(
                "worker-1",
                &[
                    Pod("a"),
                    Veth("a"),
                    Bridge("cni0"),
                    Address("10.244.1.2"),
                    IpFile("10.244.1.2"),
                ],
            )],
            command: Some("ssh worker-1 ls /var/lib/cni/networks/cbr0"),
            words: text! {
                en: "The bridge plugin makes a's veth pair and plugs the host end into cni0 as a port, hairpin on. Then host-local walks as on kind: a gets 10.244.1.2. Its file is under /var/lib/cni/networks/cbr0, named after the conflist's network cbr0, on disk rather than kind's tmpfs.",
                zh: "bridge 插件为 a 创建 veth 对，把节点侧一端作为端口接到网桥 cni0 上，并打开 hairpin。接着 host-local 和在 kind 上一样遍历：a 拿到 10.244.1.2。它的文件在 /var/lib/cni/networks/cbr0 下，目录名取自 conflist 的网络名 cbr0，放在磁盘上，而不是 kind 用的 tmpfs。",
                ja: "bridge プラグインが a の veth ペアを作り、ホスト側の端をポートとしてブリッジ cni0 につなぎます（hairpin は有効）。続いて host-local が kind と同じように走査し、a は 10.244.1.2 を受け取ります。ファイルは /var/lib/cni/networks/cbr0 の下にあります。ディレクトリー名は conflist のネットワーク名 cbr0 で、kind の tmpfs ではなくディスク上です。",
            },
        },
        Step {
            id: "a-gateway",
            waits_for: (Reason::BridgeGatewayAdded, "pod/a"),
            shows: &[On(
                "worker-1",
                &[
                    Bridge("cni0"),
                    Gateway("10.244.1.1/24"),
                    Route("10.244.1.0/24"),
                ],
            )],
            command: Some("ssh worker-1 ip -4 addr show cni0"),
            words: text! {
                en: "Only now, with a's eth0 configured, does the bridge plugin put the gateway 10.244.1.1/24 on cni0 (ensureAddr); the kernel adds one connected route, 10.244.1.0/24 dev cni0, for every pod to come. On kind, ptp put the gateway on each host veth as a /32 instead.",
                zh: "直到这时，a 的 eth0 已经配置好，bridge 插件才把网关地址 10.244.1.1/24 配到网桥 cni0 上（ensureAddr）；内核随之加上一条直连路由 10.244.1.0/24 dev cni0，之后所有 Pod 共用。在 kind 上则是 ptp 把网关地址以 /32 配在每个节点侧 veth 上。",
                ja: "a の eth0 の設定が済んだここで初めて、bridge プラグインはゲートウェイ 10.244.1.1/24 をブリッジ cni0 に付けます（ensureAddr）。カーネルは直結ルート 10.244.1.0/24 dev cni0 を 1 本追加し、以後のすべての Pod がこれを使います。kind では、ptp がゲートウェイアドレスを /32 で各ホスト側 veth に付けていました。",
            },
        },
        Step {
            id: "c-running",
            waits_for: (Reason::PodIPsAssigned, "pod/c"),
            shows: &[On(
                "worker-1",
                &[
                    Pod("b"),
                    Pod("c"),
                    Bridge("cni0"),
                    Route("10.244.1.0/24"),
                    Route("10.244.0.0/24"),
                    Route("10.244.2.0/24"),
                    RouteDev("flannel.1"),
                ],
            )],
            command: Some("ssh worker-1 ip route"),
            words: text! {
                en: "b and c get .3 and .4 and run. Three veths on one bridge, and no route per pod: worker-1's ip route holds one route, 10.244.1.0/24 dev cni0, for all three, where kind's holds a /32 for each; beside it flanneld's routes to 10.244.0.0/24 and 10.244.2.0/24 through flannel.1.",
                zh: "b 和 c 拿到 .3 和 .4，开始运行。三个 veth 接在同一个网桥上，没有每个 Pod 一条的路由：worker-1 的 ip route 只用一条 10.244.1.0/24 dev cni0 通往这三个 Pod，而 kind 上是每个 Pod 一条 /32；旁边是 flanneld 经由 flannel.1 通往 10.244.0.0/24 和 10.244.2.0/24 的路由。",
                ja: "b と c が .3 と .4 を受け取り、起動します。3 つの veth が 1 つのブリッジにつながり、Pod ごとのルートはありません。worker-1 の ip route では、3 つの Pod すべてに 10.244.1.0/24 dev cni0 の 1 本を使います。kind では Pod ごとに /32 が 1 本ずつでした。その隣には、flannel.1 を経由して 10.244.0.0/24 と 10.244.2.0/24 へ向かう flanneld のルートがあります。",
            },
        },
        Step {
            id: "b-deleted",
            waits_for: (Reason::PodDeleted, "pod/b"),
            shows: &[On(
                "worker-1",
                &[Pod("b"), IpFile("b"), Veth("b"), Bridge("cni0")],
            )],
            command: Some("ssh worker-1 bridge link show master cni0"),
            words: text! {
                en: "b is deleted with --grace-period=0 --force: its Pod object is gone at once. Its IP file and its veth, still a port of cni0, wait for CNI DEL — watch the countdown.",
                zh: "b 以 --grace-period=0 --force 删除：它的 Pod 对象立刻消失。它的 IP 文件和 veth（仍是 cni0 的端口）要等 CNI DEL——请看倒计时。",
                ja: "b を --grace-period=0 --force で削除します。Pod オブジェクトはすぐに消えます。IP ファイルと veth（まだ cni0 のポート）は CNI DEL を待ちます。カウントダウンに注目してください。",
            },
        },
        Step {
            id: "b-released",
            waits_for: (Reason::IPAMRelease, "pod/b"),
            shows: &[On(
                "worker-1",
                &[
                    Bridge("cni0"),
                    Gateway("10.244.1.1/24"),
                    Neighbour("10.244.1.3"),
                    NeighbourState("10.244.1.3", "STALE"),
                ],
            )],
            command: Some("ssh worker-1 ip neigh show dev cni0"),
            words: text! {
                en: "2.3 s later CNI DEL runs: the bridge plugin deletes b's veth, which leaves cni0, then host-local removes the file 10.244.1.3. cni0 and its gateway stay. So does the node's neighbour entry for .3: it sits on cni0, not on b's veth (containernetworking/cni#88). With kind's ptp it sat on b's host veth and went with it.",
                zh: "2.3 秒后 CNI DEL 执行：bridge 插件删除 b 的 veth，它随之离开网桥 cni0；然后 host-local 删除文件 10.244.1.3。cni0 和它的网关地址都留着。节点上 .3 的邻居表项也留着：它挂在 cni0 上，而不是 b 的 veth 上（containernetworking/cni#88）。在 kind 的 ptp 下，它挂在 b 的节点侧 veth 上，随 veth 一起消失。",
                ja: "2.3 秒後に CNI DEL が実行されます。bridge プラグインが b の veth を削除し、veth はブリッジ cni0 から外れます。続いて host-local がファイル 10.244.1.3 を削除します。cni0 とそのゲートウェイアドレスは残ります。ノードの .3 のネイバーエントリーも残ります。このエントリーは b の veth ではなく cni0 にあるからです（containernetworking/cni#88）。kind の ptp では b のホスト側 veth にあり、veth と一緒に消えていました。",
            },
        },
        Step {
            id: "d-gets-the-next",
            waits_for: (Reason::PodIPsAssigned, "pod/d"),
            shows: &[On(
                "worker-1",
                &[Pod("d"), Address("10.244.1.5"), Neighbour("10.244.1.3")],
            )],
            command: Some("ssh worker-1 cat /var/lib/cni/networks/cbr0/last_reserved_ip.0"),
            words: text! {
                en: "d gets 10.244.1.5, not b's .3: host-local continues after last_reserved_ip whatever the plugin. On a bridge that spares d the node's stale entry for .3, which would send d's first packets to b's old MAC address for seconds (plugins#858); .3 comes back only after the walk wraps past .254.",
                zh: "d 拿到的是 10.244.1.5，而不是 b 的 .3：不管用哪个插件，host-local 都从 last_reserved_ip 之后继续分配。在网桥上，这让 d 避开了节点上 .3 的过期表项——否则发给 d 的前几秒数据包会被送往 b 原来的 MAC 地址（plugins#858）；.3 要等遍历越过 .254、绕回之后才会再分配。",
                ja: "d が受け取るのは 10.244.1.5 で、b の .3 ではありません。プラグインが何であれ、host-local は last_reserved_ip の次から割り当てを続けます。ブリッジではこれにより、d はノードに残った .3 の古いエントリーを避けられます。そうでなければ、d 宛ての最初の数秒のパケットは b の古い MAC アドレスに送られます（plugins#858）。.3 が再び割り当てられるのは、走査が .254 を越えて一周した後です。",
            },
        },
    ],
    questions: &[
        Question {
            before: "subnet-env",
            text: text! {
                en: "On kind, kindnetd writes the node's range into its conflist. kube-flannel's conflist is the same on every node and names no subnet. Where does the plugin on worker-1 find 10.244.1.0/24?",
                zh: "在 kind 上，kindnetd 把节点的地址范围写进 conflist。kube-flannel 的 conflist 在每个节点上都一样，没有写子网。worker-1 上的插件从哪里得知 10.244.1.0/24？",
                ja: "kind では、kindnetd がノードの範囲を conflist に書き込みます。kube-flannel の conflist はどのノードでも同じで、サブネットが書かれていません。worker-1 のプラグインは 10.244.1.0/24 をどこで知るのでしょう？",
            },
            choices: &[
                text! { en: "It asks the API server at every CNI ADD", zh: "每次 CNI ADD 时询问 API 服务器", ja: "CNI ADD のたびに API サーバーに問い合わせる" },
                text! { en: "In /run/flannel/subnet.env, which flanneld writes from spec.podCIDR", zh: "从 flanneld 根据 spec.podCIDR 写出的 /run/flannel/subnet.env 中", ja: "flanneld が spec.podCIDR から書く /run/flannel/subnet.env から" },
                text! { en: "The bridge cni0 holds it", zh: "网桥 cni0 上记着", ja: "ブリッジ cni0 が持っている" },
            ],
            correct: 1,
            why: text! {
                en: "flanneld runs on every node as a DaemonSet pod, takes its node's spec.podCIDR as its lease and writes subnet.env. At every CNI ADD the flannel plugin reads that file and builds the bridge plugin's configuration from it, with host-local over FLANNEL_SUBNET's network.",
                zh: "flanneld 作为 DaemonSet 的 Pod 运行在每个节点上，把本节点的 spec.podCIDR 当作租约，写出 subnet.env。每次 CNI ADD 时，flannel 插件读这个文件，据此生成创建网桥的 bridge 插件的配置，其中 host-local 的范围就是 FLANNEL_SUBNET 所在的网络。",
                ja: "flanneld は DaemonSet の Pod として各ノードで動き、自ノードの spec.podCIDR をリースとして受け取って subnet.env を書きます。CNI ADD のたびに flannel プラグインがこのファイルを読み、そこからブリッジを作る bridge プラグインの設定を作ります。host-local の範囲は FLANNEL_SUBNET のネットワークです。",
            },
        },
        Question {
            before: "a-gateway",
            text: text! {
                en: "On kind every host veth carries the gateway 10.244.1.1 as a /32. On worker-1, where does the gateway address go?",
                zh: "在 kind 上，每个节点侧 veth 都以 /32 配着网关 10.244.1.1。在 worker-1 上，网关地址配在哪里？",
                ja: "kind では、どのホスト側 veth にもゲートウェイ 10.244.1.1 が /32 で付いています。worker-1 では、ゲートウェイアドレスはどこに付くでしょう？",
            },
            choices: &[
                text! { en: "On each host veth, as a /32", zh: "每个节点侧 veth 上，/32", ja: "各ホスト側 veth（/32）" },
                text! { en: "On the bridge cni0, with the node's mask", zh: "网桥 cni0 上，带节点掩码", ja: "ブリッジ cni0（ノードのマスク長付き）" },
                text! { en: "On flannel.1", zh: "flannel.1 上", ja: "flannel.1" },
            ],
            correct: 1,
            why: text! {
                en: "The bridge plugin creates cni0 at the first CNI ADD and, since flannel sets isGateway, puts the subnet's first address on it with the subnet's mask. The kernel then adds the connected route for the whole subnet. The host veths carry no address: they are the bridge's ports.",
                zh: "bridge 插件在第一次 CNI ADD 时创建 cni0；由于 flannel 设置了 isGateway，它把子网的第一个地址连同子网掩码配在 cni0 上。内核随之为整个子网加上直连路由。节点侧 veth 不配地址：它们只是网桥的端口。",
                ja: "bridge プラグインは最初の CNI ADD で cni0 を作り、flannel が isGateway を指定しているので、サブネットの最初のアドレスをサブネットのマスク長で cni0 に付けます。カーネルはサブネット全体への直結ルートを追加します。ホスト側 veth にはアドレスがなく、ブリッジのポートにすぎません。",
            },
        },
        Question {
            before: "c-running",
            text: text! {
                en: "a, b and c run on worker-1. How many routes to them does the node's ip route hold?",
                zh: "a、b、c 运行在 worker-1 上。节点的 ip route 里有几条通往它们的路由？",
                ja: "a、b、c が worker-1 で動いています。ノードの ip route には、これらへのルートが何本あるでしょう？",
            },
            choices: &[
                text! { en: "Three: a /32 for each, as on kind", zh: "三条：每个一条 /32，和 kind 一样", ja: "3 本（kind と同じく各 Pod に /32）" },
                text! { en: "One, on cni0, for the whole subnet", zh: "一条，在 cni0 上，覆盖整个子网", ja: "1 本（cni0 上、サブネット全体）" },
                text! { en: "None: flannel.1 carries them", zh: "没有：由 flannel.1 承载", ja: "なし（flannel.1 が運ぶ）" },
            ],
            correct: 1,
            why: text! {
                en: "The pods share one Ethernet segment, the bridge, so the node reaches all of them by the connected route 10.244.1.0/24 dev cni0 and finds each pod's MAC address by ARP on cni0. flannel.1 carries only the traffic to other nodes' subnets.",
                zh: "这些 Pod 共处一个以太网网段，也就是网桥，所以节点用直连路由 10.244.1.0/24 dev cni0 就能到达所有 Pod，再通过 cni0 上的 ARP 找到每个 Pod 的 MAC 地址。flannel.1 只承载发往其他节点子网的流量。",
                ja: "Pod は 1 つのイーサネットセグメント（ブリッジ）を共有しているので、ノードは直結ルート 10.244.1.0/24 dev cni0 ですべての Pod に届き、各 Pod の MAC アドレスは cni0 上の ARP で調べます。flannel.1 が運ぶのは、ほかのノードのサブネット宛ての通信だけです。",
            },
        },
        Question {
            before: "b-released",
            text: text! {
                en: "At b's CNI DEL its veth leaves cni0. The node has an ARP (neighbour) entry for b's .3, with b's MAC address. What happens to it?",
                zh: "b 执行 CNI DEL 时，它的 veth 离开 cni0。节点上有一条 b 的 .3 的 ARP（邻居）表项，记着 b 的 MAC 地址。它会怎样？",
                ja: "b の CNI DEL で、b の veth は cni0 から外れます。ノードには b の .3 の ARP（ネイバー）エントリーがあり、b の MAC アドレスが入っています。このエントリーはどうなるでしょう？",
            },
            choices: &[
                text! { en: "It goes with b's veth", zh: "随 b 的 veth 一起消失", ja: "b の veth と一緒に消える" },
                text! { en: "It stays on cni0, STALE, after b's veth is gone", zh: "留在 cni0 上，状态 STALE，b 的 veth 没了它还在", ja: "b の veth が消えた後も cni0 に STALE で残る" },
                text! { en: "CNI DEL deletes it", zh: "由 CNI DEL 删除", ja: "CNI DEL が削除する" },
            ],
            correct: 1,
            why: text! {
                en: "A neighbour entry belongs to the device the node reaches the address through: on a bridge network that is cni0, which outlives every pod, and nothing flushes it at DEL (plugins#858 shows 10.244.0.13 dev cni0 … STALE). With ptp the node reaches each pod through its own host veth, so the entry is deleted with the veth.",
                zh: "邻居表项属于节点到达该地址所经过的设备：在网桥网络里就是 cni0，它比每个 Pod 都活得久，CNI DEL 时也没有谁去清除这条表项（plugins#858 里能看到 10.244.0.13 dev cni0 …… STALE）。用 ptp 时，节点经由每个 Pod 自己的节点侧 veth 到达它，所以表项随 veth 一起被删除。",
                ja: "ネイバーエントリーは、ノードがそのアドレスに届くときに通るデバイスに属します。ブリッジのネットワークではそれが cni0 で、どの Pod よりも長く残り、CNI DEL でエントリーを消すものもありません（plugins#858 には 10.244.0.13 dev cni0 …… STALE が載っています）。ptp では、ノードは各 Pod 専用のホスト側 veth を通って届くので、エントリーは veth と一緒に削除されます。",
            },
        },
        Question {
            before: "d-gets-the-next",
            text: text! {
                en: "b's .3 is free; a and c hold .2 and .4. Which address does d get on the bridge: .3, .5 or .2?",
                zh: "b 的 .3 已空闲；a、c 占用 .2 和 .4。在网桥上，d 会拿到哪个地址：.3、.5 还是 .2？",
                ja: "b の .3 は空いていて、a と c には .2 と .4 が割り当てられています。ブリッジで d が受け取るのは .3、.5、.2 のどれでしょう？",
            },
            choices: &[
                text! { en: ".3, the one b freed", zh: ".3，b 释放的地址", ja: ".3（b が解放したアドレス）" },
                text! { en: ".5", zh: ".5", ja: ".5" },
                text! { en: ".2", zh: ".2", ja: ".2" },
            ],
            correct: 1,
            why: text! {
                en: "host-local is the same under ptp and under the bridge: it hands out .5, the next address after last_reserved_ip (.4). Round robin makes reuse rare, not harmless: with fewer than 128 neighbour entries the kernel never collects a STALE one, so when the walk wraps on a small range .3's old entry can still be on cni0 (plugins#858), and the new pod's gratuitous ARP does not replace it (plugins#756).",
                zh: "host-local 在 ptp 和网桥下都一样：分出 last_reserved_ip（.4）之后的下一个地址 .5。轮询让地址复用变得少见，却不能让它无害：邻居表项不到 128 条时，内核从不回收 STALE 表项，所以在小范围上遍历绕回时，cni0 上 .3 的旧表项可能还在（plugins#858），新 Pod 发出的免费 ARP 也不会替换它（plugins#756）。",
                ja: "host-local は ptp でもブリッジでも同じで、last_reserved_ip（.4）の次のアドレス .5 を割り当てます。ラウンドロビンで再利用はまれになりますが、無害になるわけではありません。ネイバーエントリーが 128 個未満のあいだ、カーネルは STALE のエントリーを回収しないため、小さな範囲で走査が一周したとき、cni0 に .3 の古いエントリーが残っていることがあります（plugins#858）。新しい Pod の Gratuitous ARP もそれを置き換えません（plugins#756）。",
            },
        },
    ],
    sources: &[
        Source {
            label: "containernetworking/cni#88",
            url: "https://github.com/containernetworking/cni/issues/88",
        },
        Source {
            label: "containernetworking/plugins#858",
            url: "https://github.com/containernetworking/plugins/issues/858",
        },
        Source {
            label: "containernetworking/plugins#756",
            url: "https://github.com/containernetworking/plugins/issues/756",
        },
    ],
};
