//! The explanation of each simulation event [`Reason`], in English, Simplified Chinese and Japanese:
//! what it means for a learner, naming the upstream function it models (see `crate::sim::upstream`).
//! The tours' words live with their tours, in [`crate::tours`].

use super::Text;
use crate::sim::{Chain, Reason};

/// What an event means on a node of `chain`: a flannel node's conflist, routes, veths, CNI calls and
/// reboot are flannel's and the bridge plugin's, not kindnetd's and ptp's as [`explain`] tells them.
pub fn explain_event(reason: Reason, chain: Chain) -> Text {
    match (chain, reason) {
        (Chain::Kindnet, _) => explain(reason),
        // Canal's nodes run flanneld: its routes are flannel's.
        (Chain::Canal, Reason::NodeRouteAdded | Reason::NodeRouteRemoved) => {
            explain_flannel(reason).unwrap_or_else(|| explain(reason))
        }
        (Chain::Canal, reason) => {
            super::narration_calico::explain_canal(reason).unwrap_or_else(|| explain(reason))
        }
        (Chain::Calico, reason) => {
            super::narration_calico::explain_calico(reason).unwrap_or_else(|| explain(reason))
        }
        (Chain::K3sFlannel, Reason::CNIConfigWritten) => Text::new(
            "k3s writes the node's conflist itself (createCNIConf): /var/lib/rancher/k3s/agent/etc/cni/net.d/10-flannel.conflist. The conflist's chain is flannel, then portmap and bandwidth: at every ADD flannel reads the node's subnet from /run/flannel/subnet.env and delegates to the bridge plugin (the bridge cni0), with host-local over that subnet. Once the file exists, the runtime's network is ready.",
            "k3s 自己写出节点的 conflist（createCNIConf）：/var/lib/rancher/k3s/agent/etc/cni/net.d/10-flannel.conflist。这份 conflist 的插件链是 flannel，然后是 portmap 和 bandwidth：每次 ADD 时，flannel 从 /run/flannel/subnet.env 读出节点子网，再把 ADD 委托给 bridge 插件（网桥 cni0），IPAM 为以该子网为范围的 host-local。文件一出现，容器运行时的网络就绪。",
            "k3s がノードの conflist を自分で書きます（createCNIConf）。/var/lib/rancher/k3s/agent/etc/cni/net.d/10-flannel.conflist です。この conflist のプラグインチェーンは flannel、続いて portmap と bandwidth です。ADD のたびに flannel が /run/flannel/subnet.env からノードのサブネットを読み、bridge プラグイン（ブリッジ cni0）に委譲します。IPAM はそのサブネットを範囲とする host-local です。ファイルができると、ランタイムのネットワークは準備完了になります。",
        ),
        (_, reason) => explain_flannel(reason).unwrap_or_else(|| explain(reason)),
    }
}

/// What an event means on a flannel node, where that differs from [`explain`]'s kind node.
fn explain_flannel(reason: Reason) -> Option<Text> {
    Some(match reason {
        Reason::CNIConfigWritten => Text::new(
            "The node's conflist is in place: kube-flannel's install-cni init container copies cni-conf.json to /etc/cni/net.d/10-flannel.conflist. The conflist's chain is flannel, then portmap: at every ADD flannel reads the node's subnet from /run/flannel/subnet.env and delegates to the bridge plugin (the bridge cni0), with host-local over that subnet. Once the file exists, the runtime's network is ready.",
            "节点的 conflist 已就位：kube-flannel 的 install-cni Init 容器把 cni-conf.json 复制为 /etc/cni/net.d/10-flannel.conflist。这份 conflist 的插件链是 flannel 加 portmap：每次 ADD 时，flannel 从 /run/flannel/subnet.env 读出节点子网，再把 ADD 委托给 bridge 插件（网桥 cni0），IPAM 为以该子网为范围的 host-local。文件一出现，容器运行时的网络就绪。",
            "ノードの conflist がそろいます。kube-flannel の install-cni Init コンテナが cni-conf.json を /etc/cni/net.d/10-flannel.conflist にコピーします。この conflist のプラグインチェーンは flannel と portmap です。ADD のたびに flannel が /run/flannel/subnet.env からノードのサブネットを読み、bridge プラグイン（ブリッジ cni0）に委譲します。IPAM はそのサブネットを範囲とする host-local です。ファイルができると、ランタイムのネットワークは準備完了になります。",
        ),
        Reason::NodeRouteAdded => Text::new(
            "flanneld's vxlan backend (handleSubnetEvents) sees another node's lease and routes that node's subnet through flannel.1, with the other node's flannel.1 address as the gateway (onlink): packets to its pods travel inside VXLAN to that node's InternalIP.",
            "flanneld 的 vxlan 后端（handleSubnetEvents）看到另一个节点的租约，就把那个节点的子网路由到 flannel.1，网关是对方 flannel.1 的地址（onlink）：发往那边 Pod 的数据包封装在 VXLAN 里，送到那个节点的 InternalIP。",
            "flanneld の vxlan バックエンド（handleSubnetEvents）が別ノードのリースを見て、そのノードのサブネットへのルートを flannel.1 に向けます。ゲートウェイは相手の flannel.1 のアドレス（onlink）で、そちらの Pod 宛てのパケットは VXLAN に包まれてそのノードの InternalIP に届きます。",
        ),
        Reason::NodeRouteRemoved => Text::new(
            "flanneld's vxlan backend (handleSubnetEvents) sees a node's lease go, with its Node object, and removes the route to that node's subnet through flannel.1.",
            "flanneld 的 vxlan 后端（handleSubnetEvents）看到某个节点的租约随 Node 对象一起消失，于是删除经由 flannel.1 通往那个节点子网的路由。",
            "flanneld の vxlan バックエンド（handleSubnetEvents）は、ノードが Node オブジェクトごと削除されてそのリースが消えたのを見て、flannel.1 経由でそのノードのサブネットへ向かうルートを削除します。",
        ),
        Reason::CNIAdd => Text::new(
            "containerd runs the conflist with CNI_COMMAND=ADD (AddNetworkList in libcni), with CNI_CONTAINERID set to the sandbox ID and CNI_IFNAME=eth0. flannel comes first: it reads /run/flannel/subnet.env, saves the configuration it builds for the bridge plugin under /var/lib/cni/flannel and delegates to it; the bridge plugin sets up the bridge cni0 and the pod's veth and calls host-local over the node's subnet. Then portmap runs (and bandwidth on k3s).",
            "containerd 以 CNI_COMMAND=ADD 执行 conflist（libcni 的 AddNetworkList），CNI_CONTAINERID 是沙箱 ID，CNI_IFNAME=eth0。先运行 flannel：它读取 /run/flannel/subnet.env，把为 bridge 插件生成的配置保存到 /var/lib/cni/flannel 下，再把 ADD 委托给 bridge 插件；bridge 插件准备好网桥 cni0 和 Pod 的 veth，并以节点子网为范围调用 host-local。然后运行 portmap（k3s 上还有 bandwidth）。",
            "containerd が CNI_COMMAND=ADD で conflist を実行します（libcni の AddNetworkList）。CNI_CONTAINERID はサンドボックス ID、CNI_IFNAME=eth0 です。最初は flannel です。/run/flannel/subnet.env を読み、bridge プラグイン用に組み立てた設定を /var/lib/cni/flannel に保存して、bridge プラグインに委譲します。bridge プラグインはブリッジ cni0 と Pod の veth を用意し、ノードのサブネットを範囲として host-local を呼びます。続いて portmap が動きます（k3s では bandwidth も）。",
        ),
        Reason::CNIDel => Text::new(
            "containerd's StopPodSandbox runs the conflist with CNI_COMMAND=DEL (DelNetworkList in libcni), plugins in reverse order: portmap (after bandwidth on k3s), then flannel, which reads back the configuration it saved at ADD and delegates DEL to the bridge plugin. The bridge plugin deletes the pod's eth0, and its veth pair with it, then calls host-local DEL. The bridge cni0 stays.",
            "containerd 的 StopPodSandbox 以 CNI_COMMAND=DEL 执行 conflist（libcni 的 DelNetworkList），插件按逆序运行：先 portmap（k3s 上在 bandwidth 之后），再 flannel。flannel 读回 ADD 时保存的配置，把 DEL 委托给 bridge 插件。bridge 插件先删除 Pod 的 eth0，veth 对随之消失，再调用 host-local 的 DEL。网桥 cni0 保留。",
            "containerd の StopPodSandbox が CNI_COMMAND=DEL で conflist を実行します（libcni の DelNetworkList）。プラグインは逆順で、まず portmap（k3s では bandwidth の後）、次に flannel です。flannel は ADD のときに保存した設定を読み戻し、DEL を bridge プラグインに委譲します。bridge プラグインは Pod の eth0 を削除し（veth ペアごと消えます）、続いて host-local の DEL を呼びます。ブリッジ cni0 は残ります。",
        ),
        Reason::VethCreated => Text::new(
            "The bridge plugin's setupVeth creates a veth pair: eth0 inside the pod's network namespace and vethXXXXXXXX on the node, the host veth, which it plugs into the bridge cni0 as a port, hairpin on. The host veth carries no address. Each end shows @if and its peer's ifindex.",
            "bridge 插件的 setupVeth 创建一对 veth：Pod 的网络命名空间里是 eth0，节点上是节点侧 veth vethXXXXXXXX。bridge 插件把节点侧 veth 作为端口接到网桥 cni0 上，并打开 hairpin；节点侧 veth 不配地址。每一端都显示 @if 加对端的 ifindex。",
            "bridge プラグインの setupVeth が veth ペアを作ります。Pod のネットワーク名前空間内に eth0、ノード上にホスト側 veth の vethXXXXXXXX です。ホスト側 veth はポートとしてブリッジ cni0 につながり、hairpin が有効になります。ホスト側 veth にアドレスはありません。どちらの端にも @if と相手の ifindex が表示されます。",
        ),
        Reason::VethDeleted => Text::new(
            "The bridge plugin's cmdDel deletes eth0 inside the pod's network namespace; its peer goes with it, so the host veth leaves cni0. The bridge, its gateway address and the node's neighbour entries on cni0 stay.",
            "bridge 插件的 cmdDel 删除 Pod 网络命名空间里的 eth0；对端随之消失，节点侧 veth 也就离开了网桥 cni0。网桥、它的网关地址，以及节点在 cni0 上的邻居表项都保留。",
            "bridge プラグインの cmdDel が Pod のネットワーク名前空間内の eth0 を削除します。相手の端も一緒に消えるので、ホスト側 veth は cni0 から外れます。ブリッジとそのゲートウェイアドレス、そして cni0 上のノードのネイバーエントリーは残ります。",
        ),
        Reason::NodeReboot => Text::new(
            "The node's machine goes down. Every container and network namespace goes with it, and so do the veths, the bridge cni0, flannel.1 and their routes, and /run, a tmpfs, with /run/flannel/subnet.env. What is on disk stays: the conflist, containerd's sandbox records (unless they were lost), the configurations flannel saved in /var/lib/cni/flannel, and host-local's IP files in /var/lib/cni/networks/cbr0.",
            "节点的机器宕机重启。所有容器和网络命名空间都随之消失，veth、网桥 cni0、flannel.1 及其路由也一样；tmpfs 上的 /run 连同 /run/flannel/subnet.env 一起消失。磁盘上的内容会保留：conflist、containerd 的沙箱记录（除非已丢失）、flannel 保存在 /var/lib/cni/flannel 里的配置，以及 host-local 在 /var/lib/cni/networks/cbr0 里的 IP 文件。",
            "ノードのマシンが停止します。すべてのコンテナとネットワーク名前空間が消え、veth、ブリッジ cni0、flannel.1 とそれらのルートも消えます。tmpfs の /run も /run/flannel/subnet.env ごと消えます。ディスク上のものは残ります。conflist、containerd のサンドボックス記録（失われていなければ）、flannel が /var/lib/cni/flannel に保存した設定、そして /var/lib/cni/networks/cbr0 にある host-local の IP ファイルです。",
        ),
        Reason::Rebooted => Text::new(
            "The kubelet is back and sees a new boot ID (nodestatus.MachineInfo), so it records Rebooted. It syncs its pods: each sandbox is not ready, so SyncPod records SandboxChanged, stops the old ones (containerd runs CNI DEL with an empty CNI_NETNS) and creates new ones. flanneld starts again too: it takes the same lease, makes flannel.1 and writes /run/flannel/subnet.env. Until it has, the flannel plugin fails every ADD ('open /run/flannel/subnet.env: no such file or directory') and the kubelet retries.",
            "kubelet 重新启动，发现 boot ID 变了（nodestatus.MachineInfo），于是记录 Rebooted。它同步自己的 Pod：每个沙箱都未就绪，SyncPod 记录 SandboxChanged，先停止旧沙箱（containerd 以空的 CNI_NETNS 执行 CNI DEL），再创建新沙箱。flanneld 也重新启动：拿回同一个租约，创建 flannel.1，写出 /run/flannel/subnet.env。在此之前，flannel 插件的每次 ADD 都会失败（“open /run/flannel/subnet.env: no such file or directory”），kubelet 随后重试。",
            "kubelet が再び起動し、boot ID が変わったことを検知して（nodestatus.MachineInfo）Rebooted を記録します。続いて Pod を同期します。どのサンドボックスも準備ができていないので、SyncPod は SandboxChanged を記録して古いサンドボックスを停止し（containerd は空の CNI_NETNS で CNI DEL を実行します）、新しいサンドボックスを作成します。flanneld も起動し直し、同じリースを受け取って flannel.1 を作り、/run/flannel/subnet.env を書きます。それまでは flannel プラグインの ADD がすべて失敗し（「open /run/flannel/subnet.env: no such file or directory」）、kubelet が再試行します。",
        ),
        Reason::FailedCreatePodSandBox => Text::new(
            "The sandbox could not be set up because CNI ADD failed, for example with the flannel plugin's 'open /run/flannel/subnet.env: no such file or directory' while flanneld has not yet written that file (after a reboot, or before flanneld has its lease). The kubelet's SyncPod records the Warning, and the kubelet retries 10–15 s later (backOffPeriod with jitter).",
            "沙箱建不起来，因为 CNI ADD 失败了。比如 flanneld 还没写出 /run/flannel/subnet.env 时（重启之后，或 flanneld 拿到租约之前），flannel 插件会报出“open /run/flannel/subnet.env: no such file or directory”。kubelet 的 SyncPod 记录这条 Warning 事件，10–15 秒后重试（backOffPeriod 加上抖动）。",
            "CNI ADD が失敗したため、サンドボックスを用意できませんでした。たとえば flanneld がまだ /run/flannel/subnet.env を書いていないとき（再起動の後や、flanneld がリースを得る前）、flannel プラグインは「open /run/flannel/subnet.env: no such file or directory」を返します。kubelet の SyncPod は Warning イベントを記録し、10–15 秒後に再試行します（backOffPeriod にジッターを加えた時間）。",
        ),
        _ => return None,
    })
}

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
        ja: "ノードのマシンが停止します。すべてのコンテナ、ネットワーク名前空間、veth、/32 ルートが消え、tmpfs の /run も消えます。ディスク上のものは残ります。conflist、containerd のサンドボックス記録（失われていなければ）、そして dataDir がディスク上にあれば host-local の IP ファイルです。",
    },
    NodeReset => {
        en: "kubeadm reset runs on the node (its cleanup-node phase): it stops the kubelet, stops and removes every pod sandbox through the CRI, so containerd runs CNI DEL for each, and empties /etc/kubernetes/manifests, /var/lib/kubelet and /etc/kubernetes/pki. It leaves the CNI's files and links, and says so: the conflist in /etc/cni/net.d, the bridge cni0 with its gateway address, flannel.1 and /run/flannel/subnet.env stay. Then the Node object is deleted (kubectl delete node) and kube-controller-manager releases its podCIDR.",
        zh: "节点上执行 kubeadm reset（它的 cleanup-node 阶段）：停止 kubelet，通过 CRI 停止并删除每个 Pod 沙箱，containerd 因此为每个沙箱执行 CNI DEL；再清空 /etc/kubernetes/manifests、/var/lib/kubelet 和 /etc/kubernetes/pki。CNI 的文件和网络接口它都不动，并会提示这一点：/etc/cni/net.d 里的 conflist、带着网关地址的网桥 cni0、flannel.1 和 /run/flannel/subnet.env 都保留。随后 Node 对象被删除（kubectl delete node），kube-controller-manager 释放它的 podCIDR。",
        ja: "ノード上で kubeadm reset が動きます（cleanup-node フェーズ）。kubelet を止め、CRI を通してすべての Pod サンドボックスを停止・削除するので、containerd がそれぞれに CNI DEL を実行します。続いて /etc/kubernetes/manifests、/var/lib/kubelet、/etc/kubernetes/pki を空にします。CNI のファイルとリンクには手を付けず、そのことを表示します。/etc/cni/net.d の conflist、ゲートウェイアドレスの付いたブリッジ cni0、flannel.1、/run/flannel/subnet.env は残ります。その後 Node オブジェクトが削除され（kubectl delete node）、kube-controller-manager がその podCIDR を解放します。",
    },
    LinkDeleted => {
        en: "Someone runs ip link delete on the node. The kernel unregisters the link with its addresses and the routes through it; a bridge such as cni0 frees its ports first. It is the cure for a stale cni0: at the next CNI ADD the bridge plugin creates cni0 anew and puts on it the gateway of the node's current subnet.env.",
        zh: "有人在节点上执行 ip link delete。内核注销这个网络接口，连同它的地址和经由它的路由；像 cni0 这样的网桥会先释放它的端口。这正是修复残留 cni0 的办法：下一次 CNI ADD 时，bridge 插件重新创建 cni0，并在上面配置节点当前 subnet.env 里的网关。",
        ja: "誰かがノードで ip link delete を実行します。カーネルはそのリンクを、アドレスとそこを通るルートごと登録解除します。cni0 のようなブリッジは先にポートを解放します。これが古い cni0 の直し方です。次の CNI ADD で bridge プラグインが cni0 を作り直し、ノードの現在の subnet.env にあるゲートウェイを設定します。",
    },
    Rebooted => {
        en: "The kubelet is back and sees a new boot ID (nodestatus.MachineInfo), so it records Rebooted. It syncs its pods: each sandbox is not ready, so SyncPod records SandboxChanged, stops the old ones (containerd runs CNI DEL with an empty CNI_NETNS) and creates new ones, with new addresses. kindnetd starts again too, and writes the conflist anew.",
        zh: "kubelet 重新启动，发现 boot ID 变了（nodestatus.MachineInfo），于是记录 Rebooted。它同步自己的 Pod：每个沙箱都未就绪，SyncPod 记录 SandboxChanged，先停止旧沙箱（containerd 以空的 CNI_NETNS 执行 CNI DEL），再创建新沙箱；新地址由 host-local 在新沙箱的 CNI ADD 中分配。kindnetd 也重新启动，再次写出 conflist。",
        ja: "kubelet が再び起動し、boot ID が変わったことを検知して（nodestatus.MachineInfo）Rebooted を記録します。続いて Pod を同期します。どのサンドボックスも準備ができていないので、SyncPod は SandboxChanged を記録して古いサンドボックスを停止し（containerd は空の CNI_NETNS で CNI DEL を実行します）、新しいサンドボックスを作成します。新しいアドレスは、新しいサンドボックスの CNI ADD で host-local が割り当てます。kindnetd も起動し直し、conflist をもう一度書きます。",
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
    FlannelLeaseFailed => {
        en: "flanneld's kube subnet manager takes the node's spec.podCIDR as its lease (AcquireLease), and the lease must lie inside net-conf.json's Network: kube-flannel's manifest says 10.244.0.0/16, whatever kubeadm's --pod-network-cidr was. With no podCIDR yet, one outside that Network, or only an IPv6 one under an IPv4 Network, flanneld fails and exits, and the kubelet restarts its container: right away the first time, then after 10 s, 20 s, …… (CrashLoopBackOff). Until it writes /run/flannel/subnet.env, the flannel CNI plugin cannot set up a pod on this node.",
        zh: "flanneld 的 kube subnet manager 把节点的 spec.podCIDR 当作租约（AcquireLease），租约必须落在 net-conf.json 的 Network 之内：不管 kubeadm 的 --pod-network-cidr 是什么，kube-flannel 的清单里写的都是 10.244.0.0/16。节点还没有 podCIDR、podCIDR 不在这个 Network 内，或者在 IPv4 的 Network 下只有 IPv6 的 podCIDR 时，flanneld 都会失败退出，kubelet 随后重启它的容器：第一次立刻重启，之后依次等 10 秒、20 秒……（CrashLoopBackOff）。在它写出 /run/flannel/subnet.env 之前，flannel CNI 插件无法为这个节点上的 Pod 配置网络。",
        ja: "flanneld の kube subnet manager はノードの spec.podCIDR をリースとして使い（AcquireLease）、リースは net-conf.json の Network に収まっていなければなりません。kube-flannel のマニフェストでは、kubeadm の --pod-network-cidr が何であれ 10.244.0.0/16 です。podCIDR がまだないとき、その Network の外にあるとき、または IPv4 の Network なのに IPv6 の podCIDR しかないとき、flanneld は失敗して終了し、kubelet がそのコンテナを再起動します。1 回目はすぐに、その後は 10 秒、20 秒……と待ってから再起動します（CrashLoopBackOff）。/run/flannel/subnet.env が書かれるまで、flannel CNI プラグインはこのノードの Pod のネットワークを設定できません。",
    },
    VxlanDeviceCreated => {
        en: "flanneld takes the node's spec.podCIDR as its lease and makes the vxlan device flannel.1 (RegisterNetwork): its MTU is the uplink's less 50 for the encapsulation, its address the subnet's network address with /32, which the other nodes' routes use as their gateway.",
        zh: "flanneld 把节点的 spec.podCIDR 当作租约，并创建 vxlan 设备 flannel.1（RegisterNetwork）：它的 MTU 是上联网卡的 MTU 减去封装所需的 50，地址是子网的网络地址加 /32，其他节点的路由把它当作网关。",
        ja: "flanneld はノードの spec.podCIDR をリースとして使い、vxlan デバイス flannel.1 を作ります（RegisterNetwork）。MTU はカプセル化のぶんアップリンクより 50 小さく、アドレスはサブネットのネットワークアドレスに /32 を付けたもので、ほかのノードのルートがこれをゲートウェイにします。",
    },
    SubnetEnvWritten => {
        en: "flanneld writes /run/flannel/subnet.env (WriteSubnetFile): the cluster's network, the node's subnet as its gateway address (.1 with the node mask), the MTU and whether flanneld masquerades. The flannel CNI plugin reads it at every ADD to build the bridge plugin's configuration.",
        zh: "flanneld 写出 /run/flannel/subnet.env（WriteSubnetFile）：集群网络、以网关地址表示的节点子网（.1 加节点掩码）、MTU，以及 flanneld 是否做伪装。flannel CNI 插件每次 ADD 都读它，用来生成 bridge 插件的配置。",
        ja: "flanneld が /run/flannel/subnet.env を書き出します（WriteSubnetFile）。クラスターのネットワーク、ゲートウェイアドレスで表したノードのサブネット（.1 とノードのマスク）、MTU、flanneld がマスカレードするかどうかです。flannel CNI プラグインは ADD のたびにこれを読み、bridge プラグインの設定を作ります。",
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
    FailedScheduling => {
        en: "The pod was created without spec.nodeName, so kube-scheduler must pick a node, and none will do: a node without a CNI config is NotReady, and the node lifecycle controller gives it the NoSchedule taint node.kubernetes.io/not-ready, which an ordinary pod does not tolerate. The pod stays Pending with no node, no sandbox and no address; kubectl describe pod shows this Warning. When a node's CNI config appears, the node turns Ready, the taint goes, and the scheduler tries again.",
        zh: "这个 Pod 创建时没有 spec.nodeName，需要 kube-scheduler 为它选一个节点，但没有节点可选：没有 CNI 配置的节点是 NotReady，节点生命周期控制器给它加上效果为 NoSchedule 的污点 node.kubernetes.io/not-ready，普通 Pod 不容忍这个污点。Pod 一直处于 Pending，没有节点、没有沙箱，也没有地址；kubectl describe pod 显示的就是这条 Warning。等某个节点有了 CNI 配置，它变为 Ready，污点被移除，调度器会再试一次。",
        ja: "この Pod は spec.nodeName なしで作成されたので、kube-scheduler がノードを選ぶ必要がありますが、選べるノードがありません。CNI 設定のないノードは NotReady で、ノードライフサイクルコントローラーが効果 NoSchedule の taint node.kubernetes.io/not-ready を付けており、通常の Pod はこれを許容しません。Pod はノードもサンドボックスもアドレスもないまま Pending にとどまり、kubectl describe pod にはこの Warning が表示されます。ノードに CNI 設定ができると、そのノードは Ready になって taint が外れ、スケジューラーが再試行します。",
    },
    Scheduled => {
        en: "kube-scheduler binds the pod to a Ready node, one without the not-ready taint (a Binding sets spec.nodeName). podip picks the Ready node running the fewest pods, as the default scoring spreads pods that request the same resources. From here the node's kubelet takes the pod as it takes one created with spec.nodeName.",
        zh: "kube-scheduler 把 Pod 绑定到一个 Ready 的节点上，也就是没有 not-ready 污点的节点（通过 Binding 设置 spec.nodeName）。podip 选运行 Pod 最少的 Ready 节点，因为对于资源请求相同的 Pod，默认打分会把它们分散开。此后由该节点的 kubelet 接手，和创建时就带 spec.nodeName 的 Pod 一样。",
        ja: "kube-scheduler が Pod を Ready のノード、つまり not-ready の taint がないノードにバインドします（Binding が spec.nodeName を設定します）。podip は動いている Pod が最も少ない Ready のノードを選びます。要求するリソースが同じ Pod は、デフォルトのスコアリングで分散されるからです。ここからは、spec.nodeName 付きで作成された Pod と同じように、そのノードの kubelet が引き受けます。",
    },
    OutOfpods => {
        en: "The kubelet's admission check (canAdmitPod, the predicate admit handler) finds the node already running its --max-pods, 110 by default: the pod is rejected, its phase is Failed, and it never gets a sandbox, a CNI ADD or an address. Deleted pods stop counting when their object goes.",
        zh: "kubelet 的准入检查（canAdmitPod，predicate admit handler）发现节点上已经运行着 --max-pods（默认 110）个 Pod：这个 Pod 被拒绝，阶段为 Failed，永远不会有沙箱、CNI ADD 和地址。已删除的 Pod 在对象消失时就不再计数。",
        ja: "kubelet の受け入れチェック（canAdmitPod、predicate admit handler）が、ノードですでに --max-pods（デフォルト 110）個の Pod が動いていることを見つけます。Pod は拒否されてフェーズが Failed になり、サンドボックスも CNI ADD もアドレスも得ません。削除された Pod はオブジェクトが消えた時点で数えられなくなります。",
    },
    SandboxCreated => {
        en: "The kubelet asks containerd for a sandbox (createPodSandbox → RunPodSandbox); containerd creates the pod's network namespace, /var/run/netns/cni-<uuid>, before any container.",
        zh: "kubelet 请求 containerd 创建沙箱（createPodSandbox → RunPodSandbox）；containerd 在启动任何容器之前，先创建 Pod 的网络命名空间 /var/run/netns/cni-<uuid>。",
        ja: "kubelet が containerd にサンドボックスを要求します（createPodSandbox → RunPodSandbox）。containerd はどのコンテナよりも先に、Pod のネットワーク名前空間 /var/run/netns/cni-<uuid> を作ります。",
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
    BridgeCreated => {
        en: "The first pod's ADD on a flannel node: the bridge plugin makes the bridge cni0 (setupBridge), sets accept_ra to 0 on it and brings it up, with no address yet. The pod's veth pair and host-local come next; the gateway goes on cni0 last. The bridge stays when the last pod goes.",
        zh: "flannel 节点上第一个 Pod 的 ADD：bridge 插件创建网桥 cni0（setupBridge），把它的 accept_ra 设为 0 并启用，此时上面还没有地址。接下来是 Pod 的 veth 对和 host-local；网关地址最后才配到 cni0 上。最后一个 Pod 离开后网桥仍然保留。",
        ja: "flannel ノードで最初の Pod の ADD：bridge プラグインがブリッジ cni0 を作り（setupBridge）、accept_ra を 0 にして有効にします。この時点ではまだアドレスがありません。次に Pod の veth ペアと host-local が続き、ゲートウェイアドレスは最後に cni0 に付きます。最後の Pod がいなくなってもブリッジは残ります。",
    },
    BridgeGatewayAdded => {
        en: "The last step of the bridge plugin's ADD, once host-local has answered and the pod's eth0 is configured: since flannel sets isGateway, it puts the gateway, the subnet's first address with the subnet's mask, on cni0 (ensureAddr), and the kernel adds one connected route for the whole subnet, <subnet> dev cni0 proto kernel scope link, so the node reaches every pod through it instead of a /32 per pod. Then it turns IP forwarding on. Later ADDs find the address there and change nothing.",
        zh: "bridge 插件 ADD 的最后一步：host-local 返回地址、Pod 的 eth0 配置完成之后，由于 flannel 设置了 isGateway，它把网关地址（子网的第一个地址，带子网掩码）配到网桥 cni0 上（ensureAddr），内核随之为整个子网加上一条直连路由 <subnet> dev cni0 proto kernel scope link，节点经由这一条路由到达每个 Pod，而不是每个 Pod 一条 /32。随后它打开 IP 转发。之后的 ADD 发现地址已经在了，什么也不改。",
        ja: "bridge プラグインの ADD の最後の手順です。host-local がアドレスを返し、Pod の eth0 の設定が済んでから、flannel が isGateway を指定しているので、ゲートウェイアドレス（サブネットの最初のアドレス、サブネットのマスク長付き）をブリッジ cni0 に付けます（ensureAddr）。カーネルはサブネット全体への直結ルート <subnet> dev cni0 proto kernel scope link を 1 本追加し、ノードは Pod ごとの /32 ではなくこの 1 本ですべての Pod に届きます。続いて IP フォワーディングを有効にします。以降の ADD ではアドレスがすでにあるので、何も変わりません。",
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
        ja: "kubelet が IP のない Pod の状態を書き込みます。kuberuntime の GetPodStatus が IP を取るのは最新のサンドボックスが準備完了のときだけで、古いサンドボックスは再起動で消えました。コンテナが再起動する間、フェーズは Running のままです。",
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
        ja: "グレースフルな削除です。CheckGracefulDelete が Pod に deletionTimestamp を設定し、Pod は Terminating と表示されます。まずコンテナが止まり、次に CNI DEL が実行され、その後でようやくオブジェクトが消えます。",
    },
    Killing => {
        en: "The kubelet stops the pod's container (killContainer): SIGTERM, then SIGKILL when the grace period ends — at least 2 s even when the Pod object was deleted at once.",
        zh: "kubelet 停止 Pod 的容器（killContainer）：先发 SIGTERM，宽限期结束时发 SIGKILL——即使 Pod 对象是被立即删除的，宽限期也至少有 2 秒。",
        ja: "kubelet が Pod のコンテナを停止します（killContainer）。まず SIGTERM、猶予期間が終わると SIGKILL です。Pod オブジェクトが即時削除された場合でも、猶予期間は最低 2 秒です。",
    },
    CNIDel => {
        en: "containerd's StopPodSandbox runs the conflist with CNI_COMMAND=DEL (DelNetworkList in libcni), plugins in reverse order: portmap, then ptp, which calls host-local DEL.",
        zh: "containerd 的 StopPodSandbox 以 CNI_COMMAND=DEL 执行 conflist（libcni 的 DelNetworkList），插件按逆序运行：先 portmap，再 ptp，由 ptp 调用 host-local 的 DEL。",
        ja: "containerd の StopPodSandbox が CNI_COMMAND=DEL で conflist を実行します（libcni の DelNetworkList）。プラグインは逆順で、portmap、次に ptp が動き、ptp が host-local の DEL を呼びます。",
    },
    IPAMRelease => {
        en: "host-local removes the file of each address the container held (ReleaseByID). last_reserved_ip is not touched, so the next pod still gets the address after it, not the freed one.",
        zh: "host-local 删除该容器占用的每个地址的文件（ReleaseByID）。last_reserved_ip 不变，所以下一个 Pod 拿到的仍是 last_reserved_ip 之后的地址，而不是刚释放的这个。",
        ja: "host-local がコンテナに割り当てられていた各アドレスのファイルを削除します（ReleaseByID）。last_reserved_ip は変わらないので、次の Pod が受け取るのは解放されたアドレスではなく、last_reserved_ip の次のアドレスです。",
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
        ja: "containerd の StopPodSandbox が完了します。サンドボックスは停止し、ネットワーク名前空間が削除されます。サンドボックス自体は後で kubelet のコンテナ GC が削除します。",
    },
    PodDeleted => {
        en: "The Pod object is gone from the API: at once with grace period 0 (CheckGracefulDelete), after termination by the kubelet's status manager (syncPod), or by podgc when its node is gone (gcOrphaned). After an immediate delete the node's network is cleaned up only later.",
        zh: "Pod 对象从 API 中消失：宽限期为 0 时立即删除（CheckGracefulDelete）；或在终止后由 kubelet 的 status manager 删除（syncPod）；或在节点已不存在时由 podgc 删除（gcOrphaned）。立即删除时，节点上的网络要稍后才清理。",
        ja: "Pod オブジェクトが API から消えます。猶予期間 0 なら即座に（CheckGracefulDelete）、そうでなければ終了後に kubelet の status manager が（syncPod）、ノードがなくなった場合は podgc が（gcOrphaned）削除します。即時削除では、ノード上のネットワークが片付くのはその後です。",
    },
    IPPoolCreated => {
        en: "The first calico-node to start creates the default IP pool (configureIPPools). The manifest leaves CALICO_IPV4POOL_CIDR unset, so it reads kubeadm's podSubnet (the cluster CIDR) from the kubeadm-config ConfigMap, else 192.168.0.0/16; the pool is cut into blocks of /26 (64 addresses), handed to nodes by affinity.",
        zh: "第一个启动的 calico-node 创建默认 IP 池（configureIPPools）。清单没有设置 CALICO_IPV4POOL_CIDR，所以它从 kubeadm-config ConfigMap 读取 kubeadm 的 podSubnet（集群 CIDR），没有则用 192.168.0.0/16；IP 池被切成 /26 的地址块（64 个地址），按亲和性分给节点。",
        ja: "最初に起動した calico-node がデフォルトの IP プールを作ります（configureIPPools）。マニフェストは CALICO_IPV4POOL_CIDR を設定していないので、kubeadm-config ConfigMap から kubeadm の podSubnet（クラスター CIDR）を読み、なければ 192.168.0.0/16 を使います。IP プールは /26（64 アドレス）のブロックに分けられ、アフィニティでノードに渡されます。",
    },
    BlockAffinity => {
        en: "A BlockAffinity object ties a block to a node. claimAffineBlock writes it as pending before it creates the block, and confirmed once the block is the node's; a release marks it pendingDeletion, then deletes it. Which block a node gets first is picked at random, seeded by the node's name.",
        zh: "BlockAffinity 对象把一个地址块绑定到一个节点。claimAffineBlock 在创建地址块之前先把它写成 pending，地址块归该节点后改为 confirmed；释放时先标记为 pendingDeletion，再删除。节点拿到的第一个地址块是随机挑的，种子是节点名。",
        ja: "BlockAffinity オブジェクトがブロックをノードに結び付けます。claimAffineBlock はブロックを作る前に pending で書き、ブロックがノードのものになると confirmed にします。解放では pendingDeletion にしてから削除します。ノードが最初に受け取るブロックは、ノード名を種にしてランダムに選ばれます。",
    },
    BlockClaimed => {
        en: "The node claims a block of the pool (claimAffineBlock): an IPAMBlock object with the affinity host:<node> and all its addresses on the unallocated list. The node's calico-node (BIRD) adds a blackhole route for it, and every other node a route to it through tunl0.",
        zh: "节点认领 IP 池里的一个地址块（claimAffineBlock）：一个亲和性指向该节点的 IPAMBlock 对象，所有地址都在未分配列表上。该节点的 calico-node（BIRD）为它加一条 blackhole 路由，其他每个节点加一条经 tunl0 通往它的路由。",
        ja: "ノードが IP プールのブロックを 1 つ取得します（claimAffineBlock）。そのノードへのアフィニティを持つ IPAMBlock オブジェクトで、すべてのアドレスが未割り当てリストにあります。そのノードの calico-node（BIRD）が blackhole ルートを追加し、ほかの各ノードは tunl0 経由でそのブロックへのルートを追加します。",
    },
    IPBorrowed => {
        en: "The node's blocks are full and the pool has no free block left to claim, so AutoAssign borrows: it takes an address from a block affine to another node (strictAffinity is false). The address is the pod's, but the block and its blackhole route stay on the other node; this node adds a /32 route to the pod as usual.",
        zh: "节点的地址块都满了，IP 池里也没有可认领的空闲地址块，于是 AutoAssign 借用：从与其他节点有亲和性的地址块里拿一个地址（strictAffinity 为 false）。地址归这个 Pod，但地址块和它的 blackhole 路由仍在另一个节点上；本节点照常为该 Pod 加一条 /32 路由。",
        ja: "ノードのブロックがすべて埋まり、IP プールにも取得できる空きブロックがないので、AutoAssign は借用します。ほかのノードにアフィニティのあるブロックからアドレスを 1 つ取ります（strictAffinity は false）。アドレスはこの Pod のものですが、ブロックとその blackhole ルートはもう一方のノードに残ります。このノードはいつもどおり Pod への /32 ルートを追加します。",
    },
    TunnelAddressAssigned => {
        en: "calico-node gives the IP-in-IP device tunl0 an address (assignHostTunnelAddr) before any pod: the node's first AutoAssign. When the pool has a free block it claims the node's first block, so the block's first address is tunl0's and the first pod gets the next one; when none is free (strictAffinity false) it borrows an address from another node's block, as a pod would.",
        zh: "calico-node 在任何 Pod 之前给 IP-in-IP 设备 tunl0 分配地址（assignHostTunnelAddr）：这是该节点的第一次 AutoAssign。IP 池里有空闲地址块时，它认领节点的第一个地址块，所以地址块的第一个地址归 tunl0，第一个 Pod 拿到下一个；没有空闲地址块时（strictAffinity 为 false），它像 Pod 一样从别的节点的地址块借用一个地址。",
        ja: "calico-node はどの Pod よりも先に IP-in-IP デバイス tunl0 にアドレスを割り当てます（assignHostTunnelAddr）。これがノードで最初の AutoAssign です。IP プールに空きブロックがあればノードの最初のブロックを取得するので、ブロックの最初のアドレスは tunl0 のもので、最初の Pod はその次のアドレスを受け取ります。空きブロックがなければ（strictAffinity は false）、Pod と同じようにほかのノードのブロックからアドレスを借用します。",
    },
    CalicoNodeFailed => {
        en: "calico-node's startup could not create the default IP pool: Calico's validation refuses a pool smaller than one block (\"IP pool size is too small for use with Calico IPAM. It must be equal to or greater than the block size.\"), and calico-node exits; the kubelet restarts it with back-off and it fails the same way (CrashLoopBackOff). Its install-cni init container had already written the conflist, so the node is Ready and takes pods, but calico-node never writes /var/lib/calico/nodename, and the calico plugin refuses every pod's ADD without it. A cluster CIDR of /26 or wider (or CALICO_IPV4POOL_BLOCK_SIZE) fixes it.",
        zh: "calico-node 启动时无法创建默认 IP 池：Calico 的校验拒绝比一个地址块还小的 IP 池（\"IP pool size is too small for use with Calico IPAM. It must be equal to or greater than the block size.\"），calico-node 随即退出；kubelet 以退避方式重启它，每次都以同样的方式失败（CrashLoopBackOff）。它的 install-cni Init 容器已经写好了 conflist，所以节点是 Ready 的，也会接收 Pod；但 calico-node 始终不会写出 /var/lib/calico/nodename，没有这个文件，calico 插件会拒绝每个 Pod 的 ADD。把集群 CIDR 设为 /26 或更大（或设置 CALICO_IPV4POOL_BLOCK_SIZE）即可解决。",
        ja: "calico-node の起動時にデフォルトの IP プールを作れませんでした。Calico の検証は 1 ブロックより小さい IP プールを拒否し（\"IP pool size is too small for use with Calico IPAM. It must be equal to or greater than the block size.\"）、calico-node は終了します。kubelet はバックオフしながら再起動しますが、毎回同じように失敗します（CrashLoopBackOff）。install-cni Init コンテナがすでに conflist を書いているので、ノードは Ready になり Pod も受け付けますが、calico-node が /var/lib/calico/nodename を書くことはなく、それがないと calico プラグインはすべての Pod の ADD を拒否します。クラスター CIDR を /26 以上にする（または CALICO_IPV4POOL_BLOCK_SIZE を設定する）と直ります。",
    },
}

/// The reasons a flannel node explains its own way ([`explain_event`]).
const FLANNEL_OWN: [Reason; 10] = [
    Reason::CNIConfigWritten,
    Reason::NodeRouteAdded,
    Reason::NodeRouteRemoved,
    Reason::CNIAdd,
    Reason::CNIDel,
    Reason::VethCreated,
    Reason::VethDeleted,
    Reason::NodeReboot,
    Reason::Rebooted,
    Reason::FailedCreatePodSandBox,
];

/// Every explanation with a readable name (`explain CIDRAllocated`, `explain flannel
/// NodeRouteAdded`, `explain k3s-flannel CNIConfigWritten`), for the tests.
pub fn all() -> Vec<(String, Text)> {
    let flannel = FLANNEL_OWN.into_iter().map(|reason| {
        (
            format!("explain flannel {reason:?}"),
            explain_event(reason, Chain::Flannel),
        )
    });
    EXPLAINED
        .iter()
        .map(|&(name, reason)| (format!("explain {name}"), explain(reason)))
        .chain(flannel)
        .chain([(
            "explain k3s-flannel CNIConfigWritten".to_string(),
            explain_event(Reason::CNIConfigWritten, Chain::K3sFlannel),
        )])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words of one chain that are false on the other's node: ptp's /32 routes and kindnetd on a
    /// flannel node, the bridge on a kind node.
    fn foreign(chain: Chain) -> &'static [&'static str] {
        match chain {
            Chain::Kindnet => &["bridge", "cni0", "网桥", "ブリッジ", "flannel"],
            Chain::Flannel | Chain::K3sFlannel => &["ptp", "kindnetd", "/32", "setupContainerVeth"],
            Chain::Canal => &["ptp", "kindnetd", "calico-ipam", "tunl0", "bridge", "cni0"],
            Chain::Calico => &[
                "ptp",
                "kindnetd",
                "bridge",
                "cni0",
                "网桥",
                "ブリッジ",
                "flannel",
                "host-local",
            ],
        }
    }

    /// A node's events are told as its chain's: no explanation of a flannel node names ptp, kindnetd
    /// or a /32 route, none of a kind node the bridge, in any language.
    #[test]
    fn a_nodes_events_are_told_as_its_chains() {
        for chain in Chain::ALL {
            for reason in FLANNEL_OWN {
                let told = explain_event(reason, chain);
                for lang in crate::i18n::Lang::ALL {
                    let text = told.get(lang);
                    for word in foreign(chain) {
                        assert!(
                            !text.contains(word),
                            "{chain} {reason:?} [{lang:?}] names {word}: {text}"
                        );
                    }
                }
            }
        }
        let conflist = |chain| explain_event(Reason::CNIConfigWritten, chain).en;
        assert!(conflist(Chain::Flannel).contains("kube-flannel's install-cni"));
        assert!(conflist(Chain::K3sFlannel).contains("/var/lib/rancher/k3s/agent/etc/cni/net.d"));
        assert!(conflist(Chain::Kindnet).contains("kindnetd"));
        let failed = explain_event(Reason::FailedCreatePodSandBox, Chain::Flannel).en;
        assert!(failed.contains("open /run/flannel/subnet.env"), "{failed}");
    }
}
