//! The article "Where does a Pod's IP come from?" (`read/`, `ja/read/`, `zh/read/`): its sections in
//! the three languages, each with the figure of the kind tour's step it tells — drawn by podip's
//! simulation — and the tour's question asked before that step. Pure data, like the tours: the page is
//! rendered from it at build time (`ui::build::article`), and `tests/article.rs` checks its words against
//! the simulation.

use crate::i18n::{text, Text};
use crate::ipam::capacity::{CapacityPlan, FamilyCapacity};
use crate::ipam::kcm::KcmFlag;
use crate::playback::figure::Runs;
use crate::playback::with_preamble;
use crate::sim::shell::Shell;
use crate::sim::{builtin, ClusterSettings, Scenario, VirtualTime};
use crate::tours::TourId;

/// The article's title.
pub const TITLE: Text = text! {
    en: "Where does a Pod's IP come from?",
    zh: "Pod 的 IP 从哪里来？",
    ja: "Pod の IP はどこから来るのか",
};

/// Under the title.
pub const LEDE: Text = text! {
    en: "Two allocators in series give a Pod its address: kube-controller-manager cuts the cluster's range into one subnet per node, and on each node the CNI plugin host-local hands out the addresses of that subnet. This article follows a three-node kind cluster through both. Every figure is podip's simulation at that moment: step it, play it, or open it in podip.",
    zh: "Pod 的地址要经过两个分配器先后分配：先由 kube-controller-manager 把集群的地址范围切成子网，每个节点分一个；再由每个节点上的 CNI 插件 host-local 从本节点的子网里分出具体地址。本文用一个三节点的 kind 集群，把这两步从头走一遍。文中的图都是 podip 对当时状态的模拟，可以单步执行、播放，也可以直接在 podip 中打开。",
    ja: "Pod のアドレスは、2 つのアロケーターを順に経て決まります。まず kube-controller-manager がクラスターのアドレス範囲をノードごとのサブネットに切り分け、次に各ノードで CNI プラグインの host-local がそのサブネットからアドレスを割り当てます。この記事では、3 ノードの kind クラスターを例に、この 2 段階を順に追っていきます。記事中の図はすべて、その時点の状態を podip でシミュレーションしたものです。ステップ実行や再生ができ、podip で開くこともできます。",
};

/// A section's figure: a tour at a step (counted from 1, as in links).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figure {
    /// The tour.
    pub tour: TourId,
    /// Its step: an index from 0, as everywhere inside podip (links and the element count from 1).
    pub step: usize,
}

/// One section of the article.
pub struct Section {
    /// Its anchor (`read/#round-robin`).
    pub id: &'static str,
    /// Its heading.
    pub title: Text,
    /// Its paragraphs.
    pub body: &'static [Text],
    /// The figure beside it, if any; the tour's question before that step is asked above it.
    pub figure: Option<Figure>,
    /// Commands shown under the figure, as the real tools print them at the figure's moment.
    pub shell: &'static [Shell],
}

/// The sections, in order.
pub const SECTIONS: &[Section] = &[
    Section {
        id: "cluster-cidr",
        title: text! {
            en: "One range, cut into node subnets",
            zh: "把一个地址范围切成节点子网",
            ja: "1 つの範囲をノードサブネットに切り分ける",
        },
        body: &[
            text! {
                en: "kube-controller-manager, the first allocator, cuts the cluster's range into node subnets. In kind, kubeadm starts it with --cluster-cidr=10.244.0.0/16 and no --node-cidr-mask-size, so the IPv4 default, 24, applies. The 8 bits between /16 and /24 number the node subnets: 256 of them, of 256 addresses each. On a node, host-local hands out 253 of those: not the network address, the gateway .1 or the broadcast.",
                zh: "第一个分配器是 kube-controller-manager，它把集群的地址范围切成节点子网。kind 通过 kubeadm 启动它，参数里有 --cluster-cidr=10.244.0.0/16，但没有 --node-cidr-mask-size，所以掩码用的是 IPv4 的默认值 24。/16 和 /24 之间的 8 位用来给节点子网编号，一共 256 个子网，每个子网 256 个地址。到了节点上，host-local 能分配的是其中 253 个，网络地址、网关 .1 和广播地址都要去掉。",
                ja: "1 つ目のアロケーターは kube-controller-manager で、クラスターのアドレス範囲をノードサブネットに切り分けます。kind では kubeadm が kube-controller-manager を --cluster-cidr=10.244.0.0/16 付きで起動し、--node-cidr-mask-size は指定しません。そのため、マスク長は IPv4 のデフォルトである 24 になります。/16 と /24 の間の 8 ビットがノードサブネットの番号になり、ノードサブネットは 256 個、それぞれに 256 個のアドレスがあります。このうちノード上で host-local が割り当てるのは 253 個です。ネットワークアドレス、ゲートウェイの .1、ブロードキャストアドレスは使いません。",
            },
            text! {
                en: "Try other masks in the sentence below: one kube-controller-manager cannot use is refused with the error it gives at startup. The figure is the cidrset, the controller's bitmap of the 256 subnets, as the control-plane node registers first: AllocateNext takes index 0, 10.244.0.0/24.",
                zh: "不妨在下面的句子里换几个掩码试试：kube-controller-manager 用不了的掩码会被拒绝，提示的就是它启动时报的那条错误。图里画的是 cidrset，也就是控制器用来记录这 256 个子网的位图。此时控制平面节点第一个注册，AllocateNext 取走索引 0，即 10.244.0.0/24。",
                ja: "下の文のマスクを変えて試してみてください。kube-controller-manager が使えないマスクを入れると、起動時に出るのと同じエラーで拒否されます。図は cidrset、つまりコントローラーが 256 個のサブネットを管理するビットマップです。最初にコントロールプレーンノードが登録されたところで、AllocateNext がインデックス 0、つまり 10.244.0.0/24 を取ります。",
            },
        ],
        figure: Some(Figure {
            tour: TourId::Kind,
            step: 0,
        }),
        shell: &[Shell::PodCidrs("kind-control-plane")],
    },
    Section {
        id: "round-robin",
        title: text! {
            en: "The workers' subnets",
            zh: "工作节点的子网",
            ja: "ワーカーのサブネット",
        },
        body: &[text! {
            en: "Next the two workers register, and the controller gives each a subnet in the order it processes them. AllocateNext (cidr_set.go) scans the bitmap from the cursor, nextCandidate, takes the first free index and moves the cursor past it: a round robin, not a search from 0. The controller then PATCHes each node's spec.podCIDR and spec.podCIDRs; until then no pod on the node can get an address.",
            zh: "接下来两个工作节点注册，控制器按自己处理的先后顺序，给每个节点分一个子网。AllocateNext（cidr_set.go）从游标 nextCandidate 处开始扫描位图，取第一个空闲的索引，然后把游标移到这个索引的下一位。也就是说，它是轮询，并不是每次都从 0 开始找。之后控制器再 PATCH 节点的 spec.podCIDR 和 spec.podCIDRs；在这之前，该节点上的 Pod 都拿不到地址。",
            ja: "次に 2 台のワーカーが登録され、コントローラーは処理した順に各ノードへサブネットを割り当てます。AllocateNext（cidr_set.go）はカーソル nextCandidate の位置からビットマップを走査し、最初に見つかった空きインデックスを取って、カーソルをその次へ進めます。毎回 0 から探すのではなく、ラウンドロビンで割り当てるわけです。その後、コントローラーが各ノードの spec.podCIDR と spec.podCIDRs を PATCH します。PATCH されるまでは、そのノード上の Pod はアドレスを取得できません。",
        }],
        figure: Some(Figure {
            tour: TourId::Kind,
            step: 1,
        }),
        shell: &[
            Shell::PodCidrs("kind-worker"),
            Shell::PodCidrs("kind-worker2"),
        ],
    },
    Section {
        id: "conflist",
        title: text! {
            en: "How the range reaches the node",
            zh: "地址范围如何到达节点",
            ja: "範囲はどうやってノードに届くのか",
        },
        body: &[text! {
            en: "Next, kindnetd on kind-worker turns the podCIDR into a CNI configuration. It reads its node in a loop, and once spec.podCIDR is set it writes /etc/cni/net.d/10-kindnet.conflist: the ptp plugin with host-local over 10.244.1.0/24, then portmap. containerd uses the file for every pod sandbox on the node.",
            zh: "podCIDR 有了之后，由 kind-worker 上的 kindnetd 把它写成 CNI 配置。kindnetd 会循环读取本节点的 Node 对象，一旦发现 spec.podCIDR 已经设置，就生成 /etc/cni/net.d/10-kindnet.conflist：插件链里先是 ptp，它的 IPAM 用 host-local，地址范围是 10.244.1.0/24；后面再接一个 portmap。此后 containerd 在这个节点上为每个 Pod 创建沙箱，用的都是这份配置。",
            ja: "続いて、kind-worker 上の kindnetd が podCIDR をもとに CNI の設定を作ります。kindnetd はループで自ノードの Node オブジェクトを読み、spec.podCIDR が設定されたら /etc/cni/net.d/10-kindnet.conflist を書き出します。プラグインチェーンは、10.244.1.0/24 を範囲とする host-local を IPAM に使う ptp プラグインと、その後ろの portmap です。以降、containerd はこのノードで Pod のサンドボックスを起動するたびに、このファイルを使います。",
        }],
        figure: Some(Figure {
            tour: TourId::Kind,
            step: 2,
        }),
        shell: &[Shell::Conflist("kind-worker")],
    },
    Section {
        id: "host-local",
        title: text! {
            en: "host-local's first address",
            zh: "host-local 分出的第一个地址",
            ja: "host-local の最初のアドレス",
        },
        body: &[text! {
            en: "Now the second allocator hands out its first address. When pod a's sandbox starts, containerd runs CNI ADD and ptp calls host-local. host-local takes the lock in its data directory, /run/cni-ipam-state/kindnet, and reads last_reserved_ip.0; there is none yet, so it starts at the range's start, skips the gateway .1 and creates the file 10.244.1.2, holding the sandbox's container ID, \\r\\n and the interface name, eth0. It writes the address to last_reserved_ip.0 as well, so last_reserved_ip.0 holds 10.244.1.2: the figure stands right there. b and c follow at the same moment with .3 and .4, and by the time anyone runs ls, last_reserved_ip.0 holds 10.244.1.4.",
            zh: "现在轮到第二个分配器分出它的第一个地址。Pod a 的沙箱启动时，containerd 执行 CNI ADD，ptp 再调用 host-local。host-local 先给数据目录 /run/cni-ipam-state/kindnet 加锁，再读 last_reserved_ip.0。这个文件还不存在，于是它从范围的开头找起，跳过网关 .1，创建文件 10.244.1.2，文件内容是沙箱的容器 ID、\\r\\n 和接口名 eth0。它还把这个地址写进 last_reserved_ip.0，此时 last_reserved_ip.0 里是 10.244.1.2，图就停在这一刻。b 和 c 在同一时刻紧接着拿到 .3 和 .4，所以等你去 ls 时，last_reserved_ip.0 里已经是 10.244.1.4 了。",
            ja: "いよいよ 2 つ目のアロケーターが最初のアドレスを割り当てます。Pod a のサンドボックスが起動すると、containerd が CNI ADD を実行し、ptp が host-local を呼び出します。host-local はデータディレクトリー /run/cni-ipam-state/kindnet のロックを取ってから last_reserved_ip.0 を読みます。このファイルはまだないため、範囲の先頭から探し始め、ゲートウェイの .1 を飛ばしてファイル 10.244.1.2 を作ります。ファイルの中身は、サンドボックスのコンテナ ID、\\r\\n、インターフェース名の eth0 です。同時に last_reserved_ip.0 にもこのアドレスを書き込むので、last_reserved_ip.0 の中身は 10.244.1.2 です。図はちょうどこの時点を示しています。b と c も同じ瞬間に続いて .3 と .4 を受け取るため、ls を実行する頃には last_reserved_ip.0 の中身は 10.244.1.4 になっています。",
        }],
        figure: Some(Figure {
            tour: TourId::Kind,
            step: 3,
        }),
        shell: &[
            Shell::Ls("kind-worker"),
            Shell::Cat("kind-worker", "10.244.1.2"),
            Shell::Cat("kind-worker", "last_reserved_ip.0"),
        ],
    },
    Section {
        id: "veth",
        title: text! {
            en: "ptp wires the pod",
            zh: "ptp 把 Pod 接到节点上",
            ja: "ptp が Pod をつなぐ",
        },
        body: &[text! {
            en: "With the address chosen, ptp wires the pod to the node. It creates a veth pair: eth0 in the pod's network namespace and vethXXXXXXXX on the node. ip link shows them as eth0@ifN and vethXXXXXXXX@ifM, where the number after @if is the other end's ifindex. There is no bridge: the host veth gets the gateway address 10.244.1.1/32, as every host veth on the node does, and a /32 route with scope host sends 10.244.1.2 into it.",
            zh: "地址定下来之后，ptp 负责把 Pod 和节点连起来。它会创建一对 veth：一端是 Pod 网络命名空间里的 eth0，另一端是节点侧 veth，名字形如 vethXXXXXXXX。用 ip link 查看，两端分别显示为 eth0@ifN 和 vethXXXXXXXX@ifM，@if 后面的数字就是对端的 ifindex。ptp 不用网桥：节点侧 veth 配的是网关地址 10.244.1.1/32，这个节点上所有的节点侧 veth 都配同一个地址；再加一条 scope host 的 /32 路由，把发往 10.244.1.2 的流量导进这个 veth。",
            ja: "アドレスが決まったら、ptp が Pod をノードにつなぎます。ptp は veth ペアを作り、一方を Pod のネットワーク名前空間の eth0 に、もう一方をホスト側の vethXXXXXXXX にします。ip link ではそれぞれ eth0@ifN、vethXXXXXXXX@ifM と表示され、@if の後ろの数字は対向側の ifindex です。ブリッジは使いません。ホスト側 veth にはゲートウェイアドレス 10.244.1.1/32 が付きます（このノードのホスト側 veth には、どれも同じアドレスが付きます）。そして scope host の /32 ルートによって、10.244.1.2 宛てのパケットがこの veth に送られます。",
        }],
        figure: Some(Figure {
            tour: TourId::Kind,
            step: 6,
        }),
        shell: &[Shell::IpLink("kind-worker"), Shell::IpRoute("kind-worker")],
    },
    Section {
        id: "bridge",
        title: text! {
            en: "The same pods on flannel's bridge",
            zh: "同样的 Pod，换到 flannel 的网桥上",
            ja: "同じ Pod が flannel のブリッジにつながる",
        },
        body: &[text! {
            en: "A kubeadm cluster with kube-flannel runs the same story through another plugin. flanneld writes the node's subnet to /run/flannel/subnet.env, and at the first CNI ADD the bridge plugin creates the bridge cni0 with the gateway 10.244.1.1/24 on it. Each pod's host veth carries no address: it is a port of cni0, as bridge link lists. Nor is there a /32 per pod: one connected route, 10.244.1.0/24 dev cni0, reaches every pod on the node. host-local does not change; it keeps its files in /var/lib/cni/networks/cbr0, on disk.",
            zh: "在装了 kube-flannel 的 kubeadm 集群上，同样的故事换了一个插件来演。flanneld 把节点的子网写进 /run/flannel/subnet.env；第一次 CNI ADD 时，bridge 插件创建网桥 cni0，并把网关地址 10.244.1.1/24 配在它上面。每个 Pod 的节点侧 veth 不配地址，只是 cni0 的一个端口，bridge link 会把它们列出来。也没有每个 Pod 一条的 /32 路由：一条直连路由 10.244.1.0/24 dev cni0 就能到达节点上所有 Pod。host-local 没有变化，只是文件放在磁盘上的 /var/lib/cni/networks/cbr0 里。",
            ja: "kube-flannel を入れた kubeadm クラスターでも、同じ話が別のプラグインで進みます。flanneld がノードのサブネットを /run/flannel/subnet.env に書き、最初の CNI ADD で bridge プラグインがブリッジ cni0 を作って、ゲートウェイ 10.244.1.1/24 をそこに付けます。各 Pod のホスト側 veth にはアドレスがなく、cni0 のポートです。bridge link で一覧できます。Pod ごとの /32 ルートもありません。直結ルート 10.244.1.0/24 dev cni0 の 1 本で、ノード上のすべての Pod に届きます。host-local は変わらず、ファイルをディスク上の /var/lib/cni/networks/cbr0 に置きます。",
        }],
        figure: Some(Figure {
            tour: TourId::KubeadmFlannel,
            step: 4,
        }),
        shell: &[
            Shell::IpRoute("worker-1"),
            Shell::BridgeLink("worker-1"),
            Shell::Ls("worker-1"),
        ],
    },
    Section {
        id: "delete",
        title: text! {
            en: "Deleting a pod",
            zh: "删除一个 Pod",
            ja: "Pod を削除する",
        },
        body: &[
            text! {
                en: "Now b is deleted with kubectl delete --grace-period=0 --force, and the node falls behind the API. The API server removes b's Pod object at once, but the kubelet first stops b's containers, and only then does StopPodSandbox run CNI DEL. Until then b's file, veth and /32 route stay. How long the containers take is podip's explanation, not something the measurement below shows: a current kubelet gives a container that ignores SIGTERM 2 s (minimumGracePeriodInSeconds) even on a forced delete, while kubelets from 1.22 to about 1.28 waited the pod's whole terminationGracePeriodSeconds (kubernetes#113717, #120449).",
                zh: "现在用 kubectl delete --grace-period=0 --force 删除 b，节点上的清理会落后于 API。API 服务器立即移除 b 的 Pod 对象，但 kubelet 要先停止 b 的容器，之后 StopPodSandbox 才执行 CNI DEL。在那之前，b 的文件、veth 和 /32 路由都还在。停止容器要花多久，是 podip 的解释，下面的实测并不能说明：当前的 kubelet 即使在强制删除时，也会给不响应 SIGTERM 的容器 2 秒（minimumGracePeriodInSeconds）；而 1.22 到 1.28 前后的 kubelet 会等满 Pod 的整个 terminationGracePeriodSeconds（kubernetes#113717、#120449）。",
                ja: "ここで b を kubectl delete --grace-period=0 --force で削除します。ノードの後片付けは API より遅れます。API サーバーは b の Pod オブジェクトをすぐに消しますが、kubelet はまず b のコンテナを停止し、その後でようやく StopPodSandbox が CNI DEL を実行します。それまで b のファイル、veth、/32 ルートは残ります。コンテナの停止にかかる時間は podip の説明であって、下の実測からわかるものではありません。現行の kubelet は強制削除でも、SIGTERM に応じないコンテナに 2 秒（minimumGracePeriodInSeconds）を与えますが、1.22 から 1.28 ごろの kubelet は Pod の terminationGracePeriodSeconds を丸ごと待っていました（kubernetes#113717、#120449）。",
            },
            text! {
                en: "On a real kind cluster, b's IP file went 2.2 s after its Pod object, and when d was deleted later, its route and veth went 2.3 s after its object; podip uses 2.3 s. That worker had run pods before, so a, b and c had 10.244.1.189, .190 and .191, d got .192, and a's eth0@if704 was paired with vethXXXXXXXX@if11 on the node. The numbers differ between clusters, the order of events does not; podip's kind-measured scenario replays them.",
                zh: "在一个真实的 kind 集群上实测：b 的 IP 文件在 Pod 对象消失 2.2 秒后被删掉；之后删除 d 时，它的路由和 veth 在对象消失 2.3 秒后才被清理。podip 取的就是 2.3 秒。那个工作节点之前跑过别的 Pod，所以 a、b、c 拿到的是 10.244.1.189、.190 和 .191，d 拿到 .192，a 的 eth0@if704 与节点侧 veth vethXXXXXXXX@if11 成对。具体数字每个集群都不一样，但事件的先后顺序是一样的；podip 的 kind-measured 场景重放的就是这次实测。",
                ja: "実際の kind クラスターで計測すると、b の IP ファイルは Pod オブジェクトが消えてから 2.2 秒後に削除されました。後で d を削除したときは、ルートと veth がオブジェクトの削除から 2.3 秒後に消えました。podip ではこの 2.3 秒を使っています。このワーカーでは以前にも Pod を動かしていたため、a、b、c のアドレスは 10.244.1.189、.190、.191 で、d は .192 を受け取りました。また、a の eth0@if704 の対向は、ノード上のホスト側 veth vethXXXXXXXX@if11 でした。具体的な数字はクラスターごとに異なりますが、イベントの順序は変わりません。podip の kind-measured シナリオは、この計測を再現したものです。",
            },
        ],
        figure: Some(Figure {
            tour: TourId::Kind,
            step: 8,
        }),
        shell: &[Shell::Ls("kind-worker"), Shell::IpRoute("kind-worker")],
    },
    Section {
        id: "next-address",
        title: text! {
            en: "The next pod's address",
            zh: "下一个 Pod 的地址",
            ja: "次の Pod のアドレス",
        },
        body: &[text! {
            en: "Last, pod d starts once b's address is free, and does not get it. host-local's Get does not look for the lowest free address: it starts after last_reserved_ip, .4, and hands out .5. b's .3 comes back only after the walk has passed .254 and wrapped to the start of the range.",
            zh: "最后，b 的地址释放之后 Pod d 启动，但它拿到的并不是这个地址。host-local 的 Get 不会去找最小的空闲地址，而是从 last_reserved_ip（.4）的下一个地址找起，于是分出 .5。b 的 .3 要等遍历越过 .254、绕回范围开头之后，才会再次被分配。",
            ja: "最後に、b のアドレスが解放された後で Pod d が起動します。しかし、d が受け取るのは b のアドレスではありません。host-local の Get は空いている中で最も小さいアドレスを探すのではなく、last_reserved_ip（.4）の次から探すため、.5 を割り当てます。b の .3 が再び割り当てられるのは、走査が .254 を越え、範囲の先頭まで一周した後です。",
        }],
        figure: Some(Figure {
            tour: TourId::Kind,
            step: 9,
        }),
        shell: &[Shell::PodIps("d"), Shell::Ls("kind-worker")],
    },
    Section {
        id: "exhaustion",
        title: text! {
            en: "Running out",
            zh: "地址耗尽",
            ja: "アドレスの枯渇",
        },
        body: &[text! {
            en: "On a /29 node subnet, host-local has only five pod addresses, .2 to .6, and a sixth pod finds none. Its sandbox fails with no IP addresses available in range set, and the kubelet retries it every 10 to 15 s; once p-2's .3 is released, the next retry's walk wraps past .6 and takes it. The range is not the only limit: the kubelet admits up to --max-pods pods (110 by default), whatever the node subnet holds.",
            zh: "节点子网如果是 /29，host-local 手里只有 .2 到 .6 这 5 个 Pod 地址，第 6 个 Pod 就分不到地址了。它的沙箱创建失败，报错 no IP addresses available in range set，kubelet 每隔 10 到 15 秒重试一次。等 p-2 的 .3 被释放，下一次重试时遍历越过 .6 绕回开头，拿到 .3。地址范围也不是唯一的限制：不管节点子网有多大，kubelet 最多只准入 --max-pods 个 Pod（默认 110）。",
            ja: "ノードサブネットが /29 だと、host-local が Pod に割り当てられるアドレスは .2 から .6 までの 5 個しかなく、6 個目の Pod の分はありません。6 個目の Pod のサンドボックスは no IP addresses available in range set というエラーで失敗し、kubelet が 10〜15 秒ごとに再試行します。p-2 の .3 が解放されると、次の再試行で走査が .6 を越えて一周し、.3 を取ります。なお、上限はアドレス範囲だけではありません。kubelet はノードサブネットの大きさとは関係なく、--max-pods（デフォルトは 110）までしか Pod を受け入れません。",
        }],
        figure: Some(Figure {
            tour: TourId::Exhaustion,
            step: 2,
        }),
        shell: &[Shell::Ls("tiny"), Shell::PodIps("p6")],
    },
    Section {
        id: "calico-blocks",
        title: text! {
            en: "Calico: blocks, not the node's podCIDR",
            zh: "Calico：地址块，而不是节点的 podCIDR",
            ja: "Calico：ノードの podCIDR ではなくブロック",
        },
        body: &[text! {
            en: "With Calico's own IPAM the second allocator is another one, and the node's spec.podCIDR, which kube-controller-manager still sets, is simply unused. calico-node makes kubeadm's podSubnet an IP pool cut into blocks of /26; a node claims a block by affinity (BlockAffinity pending, then confirmed) and calico-ipam hands out its pods' addresses from it, the first on the block's unallocated list, where a released address goes last. BIRD puts a blackhole route for each block on its node and routes the blocks to the other nodes through tunl0. When the pool has no free block left, a node borrows single addresses from another node's block. In the figure the pool 10.244.0.0/25 holds two blocks for three nodes: kind-worker's pods get addresses inside kind-worker2's podCIDR, and e on kind-worker2 borrows 10.244.0.2 from kind-control-plane's block.",
            zh: "使用 Calico 自己的 IPAM 时，第二个分配器换成了另一个，kube-controller-manager 仍会设置的节点 spec.podCIDR 就干脆不用了。calico-node 把 kubeadm 的 podSubnet 作为 IP 池，切成 /26 的地址块；节点按亲和性占用地址块（BlockAffinity 先是 pending，再是 confirmed），calico-ipam 从中为节点上的 Pod 分配地址：取地址块未分配列表中的第一个，释放的地址则排到最后。BIRD 在节点上为每个地址块设置一条 blackhole 路由，并经 tunl0 把地址块路由给其他节点。IP 池里没有空闲地址块时，节点就从别的节点的地址块逐个借用地址。图中的 IP 池 10.244.0.0/25 只有两个地址块，却有三个节点：kind-worker 的 Pod 拿到的地址落在 kind-worker2 的 podCIDR 里，而 kind-worker2 上的 e 从 kind-control-plane 的地址块借用了 10.244.0.2。",
            ja: "Calico 自身の IPAM を使うと、2 つ目のアロケーターは別物になり、kube-controller-manager が今も設定するノードの spec.podCIDR は単に使われません。calico-node は kubeadm の podSubnet を IP プールにして /26 のブロックに分けます。ノードはアフィニティでブロックを確保し（BlockAffinity は pending、次に confirmed）、calico-ipam はそこから Pod のアドレスを払い出します。取るのはブロックの未割り当てリストの先頭で、解放されたアドレスは末尾に回ります。BIRD はブロックごとに blackhole ルートをそのノードに置き、tunl0 経由で他のノードへルーティングします。IP プールに空きブロックがなくなると、ノードは他のノードのブロックからアドレスを 1 つずつ借用します。図の IP プール 10.244.0.0/25 には 3 台のノードに対してブロックが 2 つしかありません。kind-worker の Pod は kind-worker2 の podCIDR の中のアドレスを受け取り、kind-worker2 の e は kind-control-plane のブロックから 10.244.0.2 を借用します。",
        }],
        figure: Some(Figure {
            tour: TourId::CalicoBlocks,
            step: 6,
        }),
        shell: &[Shell::PodIps("e"), Shell::IpRoute("kind-worker2")],
    },
    Section {
        id: "next",
        title: text! {
            en: "Where to go next",
            zh: "接下来看什么",
            ja: "次に読むもの",
        },
        body: &[text! {
            en: "Six more stories are tours in podip: kube-controller-manager restarting, a --max-pods larger than the node subnet, a node rebooting with host-local's files on disk, why both allocators walk round robin, a node's pod network as a CKA exam asks about it, and this story on kubeadm with flannel's bridge. In Your cluster, paste the output of kubectl get nodes -o json to see which node subnets are used and which one a new node gets after kube-controller-manager restarts.",
            zh: "另外六个故事在 podip 里做成了导览：kube-controller-manager 重启；--max-pods 比节点子网的容量还大；host-local 的文件留在磁盘上时节点重启；两个分配器为什么都按轮询前进；CKA 考试会问到的节点 Pod 网络；以及在使用 flannel 网桥的 kubeadm 集群上重演的本文故事。在“你的集群”中粘贴 kubectl get nodes -o json 的输出，就能看到已占用的节点子网，以及 kube-controller-manager 重启后新节点会拿到哪个子网。",
            ja: "ほかにも 6 つの事例を podip のツアーにしています。kube-controller-manager の再起動、ノードサブネットより大きい --max-pods、host-local のファイルをディスクに置いたノードの再起動、2 つのアロケーターがどちらもラウンドロビンで進む理由、CKA 試験で問われるノードの Pod ネットワーク、そして flannel のブリッジを使う kubeadm クラスターでのこの記事の物語です。「お使いのクラスター」に kubectl get nodes -o json の出力を貼り付けると、使用中のノードサブネットと、kube-controller-manager が再起動した後に新しいノードが受け取るサブネットを確認できます。",
        }],
        figure: None,
        shell: &[],
    },
];

/// The explorable sentence of the first section: {0} the cluster CIDR, {1} the node mask (both typed
/// in place), {2} node subnets, {3} addresses each, {4} of them host-local hands out.
pub const SENTENCE: Text = text! {
    en: "A cluster of {0} cut into node subnets of {1} has {2} of them, each of {3} addresses, and host-local hands out {4} of each to pods.",
    zh: "把集群的 {0} 切成 {1} 的节点子网，共有 {2} 个子网，每个 {3} 个地址，其中 host-local 能分配给 Pod 的有 {4} 个。",
    ja: "クラスターの {0} を {1} のノードサブネットに切り分けると、サブネットは {2} 個、それぞれのアドレスは {3} 個で、host-local が Pod に割り当てられるのはそのうち {4} 個です。",
};

/// Beside the slider under the sentence, which sets the node mask.
pub const SENTENCE_SLIDER: Text = text! {
    en: "Drag the node mask",
    zh: "拖动节点掩码",
    ja: "ノードのマスクをドラッグ",
};

/// What the first section shows for the cluster CIDR and node mask the reader typed in its sentence.
#[derive(Debug, Clone, PartialEq)]
pub struct Explored {
    /// The sentence's numbers (and the bit ruler's): the node subnets and their addresses.
    pub family: FamilyCapacity,
    /// kind's story under these flags, for the figure; `None` when they configure kind's own
    /// cluster, whose figure is the tour's.
    pub scenario: Option<String>,
    /// When the figure shows it: the moment of the section's step in that story.
    pub moment: VirtualTime,
    /// The section's commands, as printed at that moment.
    pub shell: Vec<String>,
}

/// What the first section shows for a cluster CIDR and a node mask, or kube-controller-manager's
/// text refusing them: kind's cluster with those two flags, validated as the controller does at start,
/// and kind's story run under them to the moment of the section's figure.
pub fn explore(cluster_cidr: &str, node_mask: &str) -> Result<Explored, String> {
    let kind = ClusterSettings::of(&Scenario::parse(builtin::KIND).map_err(|e| e.to_string())?);
    let settings = kind
        .draft()
        .with_flag(KcmFlag::ClusterCidr, cluster_cidr.to_string())
        .with_flag(KcmFlag::NodeCidrMaskSize, node_mask.to_string())
        .validate(&kind)?;
    let family = CapacityPlan::from_config(&settings.config)
        .families
        .into_iter()
        .next()
        .ok_or_else(|| "no cluster CIDR".to_string())?;
    let section = &SECTIONS[0];
    let figure = section.figure.ok_or("the first section has a figure")?;
    let text = with_preamble(figure.tour.tour().scenario(), &settings.preamble());
    // Run as the tour, so that its step is found in this story too.
    let mut cursor = Runs::default().cursor(&text, Some(figure.tour))?;
    cursor.go_to_step(figure.step);
    cursor.finish();
    let shell = section
        .shell
        .iter()
        .filter_map(|command| command.run(cursor.sim()))
        .map(|ran| ran.to_string())
        .collect();
    Ok(Explored {
        family,
        scenario: (settings.config != kind.config).then_some(text),
        moment: cursor.now(),
        shell,
    })
}

/// The tours the last section links to (the stories from production).
pub const STORIES: [TourId; 6] = [
    TourId::KcmRestart,
    TourId::MaxPods,
    TourId::RebootLeak,
    TourId::WhyRoundRobin,
    TourId::NodeNetwork,
    TourId::KubeadmFlannel,
];

/// Every text of the article with a readable name, for the tests; the sentence, which the page's wasm
/// draws, is among the interface's texts (`ui::figure::sentence::texts`), whose translations the page loads.
pub fn texts() -> Vec<(String, Text)> {
    let mut all = vec![
        ("article title".to_string(), TITLE),
        ("article lede".to_string(), LEDE),
    ];
    for section in SECTIONS {
        all.push((format!("article {} title", section.id), section.title));
        for (i, text) in section.body.iter().enumerate() {
            all.push((format!("article {} paragraph {}", section.id, i + 1), *text));
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sentence_counts_as_kube_controller_manager_and_host_local_do() {
        let explored = explore("10.244.0.0/16", "24").expect("kind's cluster");
        assert_eq!(explored.scenario, None, "kind's own: the tour's figure");
        let kind = explored.family;
        assert_eq!(
            (
                kind.node_subnets,
                kind.addresses_per_node,
                kind.usable_pod_ips_per_node
            ),
            (256, 256, 253)
        );
        let explored = explore("10.244.0.0/16", "26").expect("a /26");
        let small = explored.family;
        assert_eq!(
            (
                small.node_subnets,
                small.addresses_per_node,
                small.usable_pod_ips_per_node
            ),
            (1024, 64, 61)
        );
        // The figure is kind's story under the reader's flags, at the same step: the control plane's
        // subnet, which the command under it prints.
        let story = explored.scenario.expect("a story of its own");
        assert!(story.contains("--node-cidr-mask-size=26"), "{story}");
        assert!(story.contains("node add kind-worker2"), "{story}");
        let kind = explore("10.244.0.0/16", "24").expect("kind's cluster");
        assert_eq!(explored.moment, kind.moment);
        assert!(
            kind.shell[0].contains("[\"10.244.0.0/24\"]"),
            "{:?}",
            kind.shell
        );
        assert!(
            explored.shell[0].contains("[\"10.244.0.0/26\"]"),
            "{:?}",
            explored.shell
        );
        // IPv6 too: the ruler's 128 bits, the control plane's /64.
        let v6 = explore("fd00:10:244::/56", "64").expect("an IPv6 cluster");
        assert_eq!((v6.family.bits.len(), v6.family.node_subnets), (128, 256));
        assert!(
            v6.shell[0].contains("[\"fd00:10:244::/64\"]"),
            "{:?}",
            v6.shell
        );
        let refused = explore("10.244.0.0/16", "8").expect_err("a mask shorter than the cluster's");
        assert!(
            refused.contains(
                "mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size"
            ),
            "{refused}"
        );
        assert!(explore("10.244.0.0/33", "24").is_err());
        assert!(explore("10.244.0.0/16", "twenty").is_err());
    }
}
