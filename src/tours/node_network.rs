//! The `node-network` tour: its scenario, its steps (each waiting for an event of the run) and their
//! words, and the questions asked before the steps that answer them.

use super::legacy::{On, Question, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const NODE_NETWORK: Tour = Tour {
    id: TourId::NodeNetwork,
    scenario: builtin::NODE_NETWORK,
    title: text! {
        en: "a node's pod network: NotReady, then routes",
        zh: "节点的 Pod 网络：NotReady，然后是路由",
        ja: "ノードの Pod ネットワーク：NotReady、そしてルート",
    },
    intro: text! {
        en: "Two kind workers, and two questions a CKA exam asks: why a new node is NotReady, and how a packet reaches a pod on another node. web is created with spec.nodeName=kind-worker before kindnetd has written its CNI configuration: the scheduler would not bind it to a node with the NoSchedule taint node.kubernetes.io/not-ready, so the scenario names the node itself. db runs on kind-worker2.",
        zh: "两个 kind 工作节点，以及 CKA 考试会问的两个问题：新节点为什么是 NotReady，数据包如何到达另一个节点上的 Pod。web 在 kindnetd 写出 CNI 配置之前就以 spec.nodeName=kind-worker 创建：调度器不会把 Pod 绑定到带有 NoSchedule 污点 node.kubernetes.io/not-ready 的节点上，所以场景直接指定了节点。db 运行在 kind-worker2 上。",
        ja: "kind のワーカー 2 台と、CKA 試験で問われる 2 つの疑問です。新しいノードはなぜ NotReady なのか、パケットは別のノードの Pod にどう届くのか。web は kindnetd が CNI の設定を書く前に spec.nodeName=kind-worker で作成されます。スケジューラーは NoSchedule のテイント node.kubernetes.io/not-ready が付いたノードに Pod をバインドしないので、シナリオがノードを直接指定しています。db は kind-worker2 で動きます。",
    },
    steps: &[
        Step {
            id: "web-waits-for-the-network",
            waits_for: (Reason::NetworkNotReady, "pod/web"),
            shows: &[On("kind-worker", &[Pod("web"), PodCidr("10.244.1.0/24")])],
            command: Some("kubectl describe pod web"),
            words: text! {
                en: "web is bound by spec.nodeName=kind-worker, so no scheduler is asked: a pod left to the scheduler would stay Pending (FailedScheduling: untolerated taint node.kubernetes.io/not-ready). kindnetd has not written /etc/cni/net.d/10-kindnet.conflist yet: containerd reports NetworkReady=false (cni plugin not initialized), the node is NotReady, and the kubelet starts no sandbox. kubectl describe pod web: Warning NetworkNotReady, retried 1 to 1.5 s later.",
                zh: "web 由 spec.nodeName=kind-worker 直接绑定，不经过调度器：由调度器调度的 Pod 会一直 Pending（FailedScheduling：untolerated taint node.kubernetes.io/not-ready）。kindnetd 还没有写出 /etc/cni/net.d/10-kindnet.conflist：containerd 报告 NetworkReady=false（cni plugin not initialized），节点是 NotReady，kubelet 不创建沙箱。kubectl describe pod web 显示 Warning NetworkNotReady，1 到 1.5 秒后重试。",
                ja: "web は spec.nodeName=kind-worker で直接バインドされているので、スケジューラーは関わりません。スケジューラーに任せた Pod は Pending のままです（FailedScheduling：untolerated taint node.kubernetes.io/not-ready）。kindnetd はまだ /etc/cni/net.d/10-kindnet.conflist を書いていません。containerd は NetworkReady=false（cni plugin not initialized）を報告し、ノードは NotReady で、kubelet はサンドボックスを作りません。kubectl describe pod web には Warning NetworkNotReady と表示され、1〜1.5 秒後に再試行されます。",
            },
        },
        Step {
            id: "conflist-written",
            waits_for: (Reason::CNIConfigWritten, "node/kind-worker"),
            shows: &[On(
                "kind-worker",
                &[Pod("web"), File("10-kindnet.conflist")],
            )],
            command: Some("docker exec kind-worker ls /etc/cni/net.d"),
            words: text! {
                en: "kindnetd on kind-worker writes the conflist: ptp with host-local over 10.244.1.0/24, then portmap. containerd loads it and reports the network ready, and the kubelet's next node status says Ready. web waits for its retry.",
                zh: "kind-worker 上的 kindnetd 写出 conflist：先是 ptp（IPAM 为 host-local，范围 10.244.1.0/24），然后是 portmap。containerd 加载它并报告网络就绪，kubelet 下一次上报的节点状态就是 Ready。web 在等下一次重试。",
                ja: "kind-worker の kindnetd が conflist を書きます。中身は 10.244.1.0/24 を範囲とする host-local 付きの ptp、続いて portmap です。containerd がそれを読み込んでネットワークの準備完了を報告し、kubelet の次のノードステータスは Ready になります。web は再試行を待っています。",
            },
        },
        Step {
            id: "route-to-kind-worker2",
            waits_for: (Reason::NodeRouteAdded, "node/kind-worker"),
            shows: &[On(
                "kind-worker",
                &[
                    Route("10.244.0.0/24"),
                    Route("10.244.2.0/24"),
                    RouteDev("eth0"),
                ],
            )],
            command: Some("docker exec kind-worker ip route"),
            words: text! {
                en: "kindnetd also routes every other node's podCIDR to that node's InternalIP. On kind-worker: 10.244.0.0/24 via 172.18.0.2 and 10.244.2.0/24 via 172.18.0.4, both dev eth0. The nodes share one network, so a plain route is enough: no tunnel, no overlay.",
                zh: "kindnetd 还把其他每个节点的 podCIDR 路由到该节点的 InternalIP。在 kind-worker 上：10.244.0.0/24 via 172.18.0.2 和 10.244.2.0/24 via 172.18.0.4，都走 dev eth0。节点之间是同一个网络，一条普通路由就够了：没有隧道，也没有 overlay。",
                ja: "kindnetd は、ほかの各ノードの podCIDR をそのノードの InternalIP へルーティングします。kind-worker 上のルート：10.244.0.0/24 via 172.18.0.2 と 10.244.2.0/24 via 172.18.0.4（どちらも dev eth0）。ノード同士は 1 つのネットワークにあるので、普通のルートで足ります。トンネルもオーバーレイもありません。",
            },
        },
        Step {
            id: "web-running",
            waits_for: (Reason::PodIPsAssigned, "pod/web"),
            shows: &[On(
                "kind-worker",
                &[Pod("web"), Address("10.244.1.2"), IpFile("10.244.1.2")],
            )],
            command: Some("kubectl get pod web -o wide"),
            words: text! {
                en: "On the retry web's sandbox starts: host-local gives it 10.244.1.2, and the kubelet writes it to web's status.podIPs. kubectl get pod web -o wide now shows 10.244.1.2 on kind-worker.",
                zh: "重试时 web 的沙箱启动了：host-local 分给它 10.244.1.2，kubelet 把这个地址写进 web 的 status.podIPs。现在 kubectl get pod web -o wide 显示 Pod web 在 kind-worker 上，IP 为 10.244.1.2。",
                ja: "再試行で web のサンドボックスが起動します。host-local が 10.244.1.2 を割り当て、kubelet がそれを web の status.podIPs に書き込みます。kubectl get pod web -o wide は、kind-worker 上の Pod web の IP として 10.244.1.2 を表示します。",
            },
        },
        Step {
            id: "db-running",
            waits_for: (Reason::PodIPsAssigned, "pod/db"),
            shows: &[
                On(
                    "kind-worker",
                    &[
                        Pod("web"),
                        Veth("web"),
                        VethAddress("10.244.1.1/32"),
                        Route("10.244.2.0/24"),
                        Packet("web", "db"),
                    ],
                ),
                On(
                    "kind-worker2",
                    &[
                        Pod("db"),
                        Address("10.244.2.2"),
                        Route("10.244.2.2/32"),
                        Veth("db"),
                    ],
                ),
            ],
            command: Some("docker exec kind-worker ip route get 10.244.2.2"),
            words: text! {
                en: "db on kind-worker2 gets 10.244.2.2. A packet from web to db leaves web's eth0 for its gateway 10.244.1.1, the host veth. kind-worker's route 10.244.2.0/24 via 172.18.0.4 sends it to kind-worker2, whose /32 route 10.244.2.2 scope host puts it into db's veth.",
                zh: "kind-worker2 上的 db 拿到 10.244.2.2。从 web 发往 db 的数据包离开 web 的 eth0，发给网关 10.244.1.1，也就是节点侧 veth。kind-worker 的路由 10.244.2.0/24 via 172.18.0.4 把它送到 kind-worker2，那里的 /32 路由 10.244.2.2 scope host 再把它送进 db 的 veth。",
                ja: "kind-worker2 の db は 10.244.2.2 を受け取ります。web から db へのパケットは eth0 を出ます。行き先はゲートウェイ 10.244.1.1、つまりホスト側 veth です。kind-worker のルート 10.244.2.0/24 via 172.18.0.4 がそれを kind-worker2 に送り、そこで /32 ルート 10.244.2.2 scope host が db の veth に届けます。",
            },
        },
    ],
    questions: &[
        Question {
            before: "web-waits-for-the-network",
            text: text! {
                en: "kind-worker got its podCIDR 90 ms ago, and kindnetd has not written its CNI configuration yet. web is bound to kind-worker now: what happens?",
                zh: "kind-worker 在 90 毫秒前拿到了 podCIDR，kindnetd 还没有写出它的 CNI 配置。此时 web 被绑定到 kind-worker：会怎样？",
                ja: "kind-worker は 90 ミリ秒前に podCIDR を受け取り、kindnetd はまだ CNI の設定を書いていません。いま web が kind-worker にバインドされると、どうなるでしょう？",
            },
            choices: &[
                text! { en: "host-local hands web an address from the podCIDR anyway", zh: "host-local 照样从 podCIDR 里分给 web 一个地址", ja: "host-local がそれでも podCIDR からアドレスを割り当てる" },
                text! { en: "web's sandbox waits: NetworkPluginNotReady, cni plugin not initialized", zh: "web 的沙箱等待：NetworkPluginNotReady，cni plugin not initialized", ja: "web のサンドボックスは待たされる（NetworkPluginNotReady、cni plugin not initialized）" },
                text! { en: "kube-controller-manager gives web an address", zh: "kube-controller-manager 给 web 分配地址", ja: "kube-controller-manager が web にアドレスを割り当てる" },
            ],
            correct: 1,
            why: text! {
                en: "Without a file in /etc/cni/net.d, containerd has no network to run CNI ADD with and reports NetworkReady=false; the node is NotReady and the kubelet retries the pod after about a second. No allocator runs: kube-controller-manager only splits node subnets, and host-local runs only inside CNI ADD.",
                zh: "/etc/cni/net.d 里没有文件时，containerd 没有可以执行 CNI ADD 的网络配置，报告 NetworkReady=false；节点是 NotReady，kubelet 大约一秒后重试这个 Pod。这时没有任何分配器在运行：kube-controller-manager 只切分节点子网，host-local 只在 CNI ADD 中运行。",
                ja: "/etc/cni/net.d にファイルがないと、containerd には CNI ADD を実行するネットワークの設定がなく、NetworkReady=false を報告します。ノードは NotReady で、kubelet は 1 秒ほど後に Pod を再試行します。アロケーターは動きません。kube-controller-manager はノードサブネットを切り分けるだけで、host-local は CNI ADD の中でしか動かないからです。",
            },
        },
        Question {
            before: "db-running",
            text: text! {
                en: "web (10.244.1.2 on kind-worker) sends a packet to db (10.244.2.2 on kind-worker2). Which route on kind-worker carries it?",
                zh: "web（kind-worker 上的 10.244.1.2）向 db（kind-worker2 上的 10.244.2.2）发送数据包。kind-worker 上由哪条路由转发？",
                ja: "web（kind-worker 上の 10.244.1.2）が db（kind-worker2 上の 10.244.2.2）にパケットを送ります。kind-worker でそれを運ぶルートはどれでしょう？",
            },
            choices: &[
                text! { en: "The route 10.244.2.0/24 via 172.18.0.4 dev eth0", zh: "路由 10.244.2.0/24 via 172.18.0.4 dev eth0", ja: "ルート 10.244.2.0/24 via 172.18.0.4 dev eth0" },
                text! { en: "The route 10.244.2.2 dev vethXXXXXXXX scope host", zh: "路由 10.244.2.2 dev vethXXXXXXXX scope host", ja: "ルート 10.244.2.2 dev vethXXXXXXXX scope host" },
                text! { en: "A default route into a tunnel", zh: "一条进入隧道的默认路由", ja: "トンネルへのデフォルトルート" },
            ],
            correct: 0,
            why: text! {
                en: "kindnetd routes each other node's podCIDR via that node's InternalIP. The /32 scope host routes belong to the node that runs the pod: kind-worker2 holds 10.244.2.2's and uses it to put the packet into db's veth.",
                zh: "kindnetd 把其他每个节点的 podCIDR 路由到该节点的 InternalIP。/32 的 scope host 路由属于运行该 Pod 的节点：10.244.2.2 的那条在 kind-worker2 上，由它把数据包送进 db 的 veth。",
                ja: "kindnetd は、ほかの各ノードの podCIDR をそのノードの InternalIP へルーティングします。/32 の scope host ルートは Pod を動かすノードのもので、10.244.2.2 のルートは kind-worker2 にあり、それがパケットを db の veth に届けます。",
            },
        },
    ],
    sources: &[],
};
