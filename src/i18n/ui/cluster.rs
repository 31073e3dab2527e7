//! The words of the cluster presets (the settings card's preset chooser) and of the "your cluster"
//! card, which reads `kubectl get nodes -o json`.

use crate::i18n::{texts, Text};

texts! {
    /// The preset chooser's label.
    PRESET => { en: "start from", zh: "预设", ja: "プリセット" },
    /// The chooser's entry for flags typed by hand.
    PRESET_OWN => { en: "your own flags", zh: "自己填写的参数", ja: "自分で入力したフラグ" },
    /// Before the preset's source links.
    PRESET_SOURCES => { en: "defined in:", zh: "定义于：", ja: "定義元：" },
    /// The chooser's group of platforms without node subnets.
    PRESET_ELSEWHERE_GROUP => {
        en: "Pod IPs not from node subnets",
        zh: "Pod IP 不来自节点子网",
        ja: "Pod IP をノードサブネットから割り当てない方式",
    },
    /// The --max-pods field's hint.
    HINT_MAX_PODS => { en: "kubelet default: 110", zh: "kubelet 默认值：110", ja: "kubelet のデフォルト：110" },
    /// Capacity note when --max-pods is not the default and fits.
    MAX_PODS_SET_FITS => {
        en: "fits in a node's usable addresses",
        zh: "在节点可用地址数之内",
        ja: "ノードの利用可能アドレス数以内",
    },
    /// Capacity note when --max-pods is not the default and does not fit.
    MAX_PODS_SET_EXCEEDS => {
        en: "more than a node's usable addresses",
        zh: "超过节点可用地址数",
        ja: "ノードの利用可能アドレス数を超過",
    },
    /// Preset note.
    PRESET_NOTE_KUBEADM_CALICO => {
        en: "Calico's quickstart: kubeadm's --pod-network-cidr=192.168.0.0/16 still makes kube-controller-manager give each node a /24 spec.podCIDR, which Calico IPAM does not read; calico.yaml's calico-node makes the same range its IP pool and hands each node /26 blocks by affinity, so a Pod's address is in its node's block, not in its podCIDR.",
        zh: "Calico 的快速入门：kubeadm 的 --pod-network-cidr=192.168.0.0/16 仍然让 kube-controller-manager 给每个节点分配一个 /24 的 spec.podCIDR，而 Calico IPAM 不读它；calico.yaml 的 calico-node 把同一个范围作为 IP 池，按亲和性把 /26 地址块分给节点，所以 Pod 的地址落在节点的地址块里，而不是它的 podCIDR 里。",
        ja: "Calico のクイックスタートです。kubeadm の --pod-network-cidr=192.168.0.0/16 により、kube-controller-manager は今も各ノードに /24 の spec.podCIDR を割り当てますが、Calico IPAM はそれを読みません。calico.yaml の calico-node が同じ範囲を IP プールにし、/26 のブロックをアフィニティで各ノードに渡すので、Pod のアドレスは podCIDR ではなくノードのブロックに入ります。",
    },
    /// Preset note.
    PRESET_NOTE_KIND => {
        en: "kind's podSubnet and serviceSubnet defaults; kube-controller-manager's node IPAM controller splits the Pod range into /24 node subnets.",
        zh: "kind 的 podSubnet 和 serviceSubnet 默认值；kube-controller-manager 的 node IPAM 控制器把 Pod 范围划分为 /24 的节点子网。",
        ja: "kind の podSubnet と serviceSubnet のデフォルト。kube-controller-manager の node IPAM コントローラーが Pod の範囲を /24 のノードサブネットに分割します。",
    },
    /// Preset note.
    PRESET_NOTE_KUBEADM => {
        en: "kubeadm has no Pod range of its own: --pod-network-cidr (here 10.244.0.0/16, as flannel expects) sets --allocate-node-cidrs=true and --cluster-cidr; the Service range is kubeadm's default 10.96.0.0/12.",
        zh: "kubeadm 自身没有 Pod 范围：--pod-network-cidr（这里是 flannel 期望的 10.244.0.0/16）会设置 --allocate-node-cidrs=true 和 --cluster-cidr；Service 范围是 kubeadm 的默认值 10.96.0.0/12。",
        ja: "kubeadm 自体には Pod の範囲がありません。--pod-network-cidr（ここでは flannel が想定する 10.244.0.0/16）が --allocate-node-cidrs=true と --cluster-cidr を設定します。Service の範囲は kubeadm のデフォルト 10.96.0.0/12 です。",
    },
    /// Preset note.
    PRESET_NOTE_MINIKUBE => {
        en: "minikube's DefaultPodCIDR and DefaultServiceCIDR, which it hands to kubeadm.",
        zh: "minikube 的 DefaultPodCIDR 和 DefaultServiceCIDR，由它传给 kubeadm。",
        ja: "minikube の DefaultPodCIDR と DefaultServiceCIDR。minikube が kubeadm に渡します。",
    },
    /// Preset note.
    PRESET_NOTE_K3S => {
        en: "k3s' --cluster-cidr and --service-cidr defaults; its embedded kube-controller-manager splits the Pod range into /24 node subnets.",
        zh: "k3s 的 --cluster-cidr 和 --service-cidr 默认值；它内置的 kube-controller-manager 把 Pod 范围划分为 /24 的节点子网。",
        ja: "k3s の --cluster-cidr と --service-cidr のデフォルト。組み込みの kube-controller-manager が Pod の範囲を /24 のノードサブネットに分割します。",
    },
    /// Preset note.
    PRESET_NOTE_RKE2 => {
        en: "RKE2 keeps k3s' defaults: 10.42.0.0/16 for Pods, 10.43.0.0/16 for Services. It installs Canal: Calico's CNI plugin with host-local over the node's podCIDR gives each Pod a cali veth and a /32 route on the node, and flannel's vxlan carries the traffic between nodes.",
        zh: "RKE2 沿用 k3s 的默认值：Pod 用 10.42.0.0/16，Service 用 10.43.0.0/16。它安装 Canal：Calico 的 CNI 插件通过 host-local 从节点的 podCIDR 分配地址，给每个 Pod 一个 cali veth，并在节点上为它加一条 /32 路由；节点之间的流量由 flannel 的 vxlan 转发。",
        ja: "RKE2 は k3s のデフォルトを引き継ぎます。Pod は 10.42.0.0/16、Service は 10.43.0.0/16 です。Canal を入れ、Calico の CNI プラグインが host-local でノードの podCIDR から割り当て、各 Pod に cali の veth とノード上の /32 ルートを 1 本ずつ用意します。ノード間の通信は flannel の vxlan が運びます。",
    },
    /// Preset note.
    PRESET_NOTE_GKE => {
        en: "GKE gives each node an alias IP range itself, not through kube-controller-manager's cidrset: the mask follows the maximum Pods per node (110 → /24, 32 → /26, 8 → /28), so the order of the subnets here is podip's, not Google's. The Pod range is chosen per cluster (/14 by default).",
        zh: "GKE 自己给每个节点分配别名 IP 范围，不经过 kube-controller-manager 的 cidrset：掩码取决于每节点最大 Pod 数（110 → /24，32 → /26，8 → /28），所以这里子网的顺序是 podip 的，不是 Google 的。Pod 范围按集群选定（默认 /14）。",
        ja: "GKE は kube-controller-manager の cidrset を使わず、各ノードにエイリアス IP 範囲を自ら割り当てます。マスクはノードあたりの最大 Pod 数で決まる（110 → /24、32 → /26、8 → /28）ため、ここでのサブネットの順序は podip のもので、Google のものではありません。Pod の範囲はクラスターごとに選ばれます（デフォルトは /14）。",
    },
    /// Preset note.
    PRESET_NOTE_AKS_KUBENET => {
        en: "AKS with kubenet: each node gets a /24 of --pod-cidr and the virtual network routes to it; kubenet is being retired in favour of Azure CNI Overlay.",
        zh: "使用 kubenet 的 AKS：每个节点从 --pod-cidr 得到一个 /24，由虚拟网络路由过去；kubenet 正在退役，由 Azure CNI Overlay 取代。",
        ja: "kubenet の AKS：各ノードが --pod-cidr から /24 を受け取り、仮想ネットワークがそこへルーティングします。kubenet は廃止予定で、Azure CNI Overlay に置き換えられます。",
    },
    /// Preset note.
    PRESET_NOTE_OPENSHIFT => {
        en: "OpenShift's clusterNetwork 10.128.0.0/14 with hostPrefix 23 (a /23 per node) and maxPods 250; OVN-Kubernetes, not kube-controller-manager, hands out the node subnets.",
        zh: "OpenShift 的 clusterNetwork 10.128.0.0/14，hostPrefix 23（每个节点一个 /23），maxPods 250；节点子网由 OVN-Kubernetes 分配，而不是 kube-controller-manager。",
        ja: "OpenShift の clusterNetwork 10.128.0.0/14、hostPrefix 23（ノードごとに /23）、maxPods 250。ノードサブネットを割り当てるのは kube-controller-manager ではなく OVN-Kubernetes です。",
    },
    /// Preset note.
    PRESET_NOTE_EKS => {
        en: "EKS with the Amazon VPC CNI gives Pods addresses of the VPC's subnets, from network interfaces attached to each node: there are no node subnets to split. Look at aws-node's WARM_IP_TARGET and the instance type's maximum Pods instead.",
        zh: "使用 Amazon VPC CNI 的 EKS 让 Pod 直接使用 VPC 子网的地址，来自挂在每个节点上的网卡：没有可划分的节点子网。请改看 aws-node 的 WARM_IP_TARGET 和实例类型的最大 Pod 数。",
        ja: "Amazon VPC CNI の EKS では、Pod は各ノードに接続したネットワークインターフェースから VPC のサブネットのアドレスを受け取ります。分割するノードサブネットはありません。代わりに aws-node の WARM_IP_TARGET とインスタンスタイプの最大 Pod 数を見てください。",
    },
    /// Preset note.
    PRESET_NOTE_CALICO => {
        en: "Calico IPAM ignores spec.podCIDR: it hands each node blocks (/26 by default) of its IP pool as they fill. The kubeadm + Calico preset draws it: the pool, each node's blocks and calicoctl ipam show --show-blocks.",
        zh: "Calico IPAM 不看 spec.podCIDR：它按需给每个节点分配 IP 池中的地址块（默认 /26）。“kubeadm + Calico”预设会把它画出来：IP 池、各节点的地址块和 calicoctl ipam show --show-blocks。",
        ja: "Calico IPAM は spec.podCIDR を使いません。IP プールのブロック（デフォルトは /26）を必要に応じて各ノードに割り当てます。kubeadm + Calico のプリセットがそれを描きます。IP プール、各ノードのブロック、calicoctl ipam show --show-blocks です。",
    },
    /// Preset note.
    PRESET_NOTE_CILIUM => {
        en: "Cilium's cluster-pool IPAM: its operator gives each node CIDRs in CiliumNode spec.ipam.podCIDRs, not in the Node's spec.podCIDR. Look at kubectl get ciliumnodes instead.",
        zh: "Cilium 的 cluster-pool IPAM：由它的 operator 为每个节点分配 CIDR，写在 CiliumNode 的 spec.ipam.podCIDRs 中，而不是 Node 的 spec.podCIDR。请改看 kubectl get ciliumnodes。",
        ja: "Cilium の cluster-pool IPAM：operator が各ノードの CIDR を Node の spec.podCIDR ではなく CiliumNode の spec.ipam.podCIDRs に書きます。代わりに kubectl get ciliumnodes を見てください。",
    },
    /// The settings card's field for the CNI chain (`set cni=`).
    CNI => { en: "CNI chain", zh: "CNI 插件链", ja: "CNI チェーン" },
    /// That field's hint: the values it takes.
    HINT_CNI => {
        en: "kindnet: ptp, a /32 route per pod; flannel: the bridge cni0",
        zh: "kindnet：ptp，每个 Pod 一条 /32 路由；flannel：网桥 cni0",
        ja: "kindnet：ptp（Pod ごとに /32 ルート）、flannel：ブリッジ cni0",
    },
    /// A preset's CNI note: the chain minikube installs, and the one podip draws.
    PRESET_CNI_MINIKUBE => {
        en: "minikube installs kindnet for several nodes, or on its KIC drivers (docker, podman) with a runtime other than Docker; otherwise its own bridge conflist over the whole Pod range, with the Docker runtime only from Kubernetes 1.24 on. podip draws kindnet's chain.",
        zh: "多节点集群，或者在 KIC 驱动（docker、podman）上搭配 Docker 以外的运行时，minikube 会安装 kindnet；其他情况下安装它自带的 bridge conflist，直接从整个 Pod 范围分配地址（Docker 运行时要求 Kubernetes 1.24 及以上）。podip 画的是 kindnet 的插件链。",
        ja: "minikube は、複数ノードのとき、または KIC ドライバー（docker、podman）で Docker 以外のランタイムを使うときに kindnet を入れます。それ以外では、Pod の範囲全体から割り当てる独自の bridge の conflist を入れます（Docker ランタイムでは Kubernetes 1.24 以降）。podip は kindnet のチェーンを描きます。",
    },
    /// A preset's CNI note: the chain GKE runs, and the one podip draws.
    PRESET_CNI_GKE => {
        en: "GKE without Dataplane V2 writes its own ptp conflist over the node's alias IP range (a /32 route per Pod, as kindnet's); with Dataplane V2 it runs Cilium. podip draws kindnet's chain.",
        zh: "未启用 Dataplane V2 的 GKE 写出自己的 ptp conflist，从节点的别名 IP 范围分配地址（和 kindnet 一样，每个 Pod 一条 /32 路由）；启用 Dataplane V2 时运行的是 Cilium。podip 画的是 kindnet 的插件链。",
        ja: "Dataplane V2 を使わない GKE は、ノードのエイリアス IP 範囲を使う独自の ptp の conflist を書きます（kindnet と同じく Pod ごとに /32 のルート）。Dataplane V2 では Cilium が動きます。podip は kindnet のチェーンを描きます。",
    },
    /// A preset's CNI note: the chain AKS kubenet installs, and the one podip draws.
    PRESET_CNI_AKS_KUBENET => {
        en: "AKS with kubenet puts each node's Pods on a bridge (the bridge plugin, host-local over the node's /24) and routes between nodes in an Azure route table. podip draws flannel's chain: the same bridge, with the routes between nodes through flannel.1 instead.",
        zh: "使用 kubenet 的 AKS 把每个节点的 Pod 接在网桥上（bridge 插件，host-local 从节点的 /24 分配地址）；节点之间的路由写在 Azure 路由表里。podip 画的是 flannel 的插件链：网桥相同，只是节点之间的路由改走 flannel.1。",
        ja: "kubenet の AKS は各ノードの Pod をブリッジにつなぎ（bridge プラグイン、host-local はノードの /24 から割り当て）、ノード間のルートは Azure のルートテーブルに置きます。podip は flannel のチェーンを描きます。ブリッジは同じで、ノード間のルートは代わりに flannel.1 を通ります。",
    },
    /// A preset's CNI note: the chain OpenShift runs, and the one podip draws.
    PRESET_CNI_OPENSHIFT => {
        en: "OpenShift runs OVN-Kubernetes: ovnkube-node gives each Pod an address of its node's /23 and plugs its veth into the Open vSwitch bridge br-int, with no Linux bridge on the node. podip draws kindnet's chain, which has no Linux bridge either (ptp: a veth and a /32 route per Pod), since its flannel chain takes only kube-flannel's 10.244.0.0/16.",
        zh: "OpenShift 运行 OVN-Kubernetes：ovnkube-node 从节点的 /23 中给每个 Pod 分配一个地址，并把 Pod 的 veth 接到 Open vSwitch 网桥 br-int 上，节点上没有 Linux 网桥。由于 podip 的 flannel 插件链只接受 kube-flannel 的 10.244.0.0/16，podip 画的是 kindnet 的插件链，它同样没有 Linux 网桥（ptp：每个 Pod 一个 veth 加一条 /32 路由）。",
        ja: "OpenShift は OVN-Kubernetes を使います。ovnkube-node が各 Pod にノードの /23 のアドレスを割り当て、その veth を Open vSwitch のブリッジ br-int につなぎます。ノードに Linux のブリッジはありません。podip の flannel のチェーンは kube-flannel の 10.244.0.0/16 しか受け付けないため、podip は kindnet のチェーンを描きます。こちらも Linux のブリッジはありません（ptp：Pod ごとに veth と /32 ルートを 1 本ずつ）。",
    },
    /// Under a flannel node's `bridge link`: what its `@eth0` names.
    BRIDGE_LINK_TIP => {
        en: "In bridge link, vethXXXXXXXX@eth0 names the peer's interface, eth0 inside the pod's network namespace, not the node's eth0.",
        zh: "bridge link 里的 vethXXXXXXXX@eth0 指的是对端的网卡名，即 Pod 网络命名空间里的 eth0，而不是节点的 eth0。",
        ja: "bridge link の vethXXXXXXXX@eth0 が示すのは相手の端のインターフェース名、つまり Pod のネットワーク名前空間内の eth0 で、ノードの eth0 ではありません。",
    },
    /// Under a node's sysctls: {0} how many more.
    MORE_SYSCTL => { en: "… and {0} more sysctls", zh: "……另有 {0} 个 sysctl", ja: "……ほか {0} 個の sysctl" },
    /// One more sysctl: {0} 1.
    MORE_SYSCTL_ONE => { en: "… and {0} more sysctl", zh: "……另有 {0} 个 sysctl", ja: "……ほか {0} 個の sysctl" },
    /// The import card's title.
    IMPORT_TITLE => { en: "Your cluster", zh: "你的集群", ja: "お使いのクラスター" },
    /// Under it.
    IMPORT_INTRO => {
        en: "Paste the output of kubectl get nodes -o json, or load it from a file. It is read in this page only: nothing leaves the browser.",
        zh: "粘贴 kubectl get nodes -o json 的输出，或从文件加载。它只在本页面中读取：不会离开浏览器。",
        ja: "kubectl get nodes -o json の出力を貼り付けるか、ファイルから読み込んでください。このページの中だけで読み取り、ブラウザーの外には送りません。",
    },
    /// The text area's label.
    IMPORT_PASTE => {
        en: "output of kubectl get nodes -o json",
        zh: "kubectl get nodes -o json 的输出",
        ja: "kubectl get nodes -o json の出力",
    },
    /// The file picker's label.
    IMPORT_FILE => { en: "load a file", zh: "加载文件", ja: "ファイルから読み込み" },
    /// The button.
    IMPORT_BUTTON => { en: "Show my cluster", zh: "显示我的集群", ja: "クラスターを表示" },
    /// Refusal: {0} size, {1} limit, in bytes.
    IMPORT_TOO_LARGE => {
        en: "{0} bytes: more than podip reads ({1} bytes). Nothing was changed.",
        zh: "{0} 字节：超过 podip 读取的上限（{1} 字节）。没有任何改动。",
        ja: "{0} バイト：podip が読み取る上限（{1} バイト）を超えています。何も変更していません。",
    },
    /// Refusal: {0} the parser's message.
    IMPORT_NOT_JSON => {
        en: "Not JSON ({0}). Nothing was changed.",
        zh: "不是 JSON（{0}）。没有任何改动。",
        ja: "JSON ではありません（{0}）。何も変更していません。",
    },
    /// Refusal: {0} the kind found.
    IMPORT_NOT_NODES => {
        en: "Not a list of nodes (kind \"{0}\"): paste the output of kubectl get nodes -o json. Nothing was changed.",
        zh: "不是节点列表（kind \"{0}\"）：请粘贴 kubectl get nodes -o json 的输出。没有任何改动。",
        ja: "ノードの一覧ではありません（kind \"{0}\"）。kubectl get nodes -o json の出力を貼り付けてください。何も変更していません。",
    },
    /// Refusal: {0} index, {1} kind.
    IMPORT_OTHER_KIND => {
        en: "items[{0}] is a {1}, not a Node. Nothing was changed.",
        zh: "items[{0}] 是 {1}，不是 Node。没有任何改动。",
        ja: "items[{0}] は Node ではなく {1} です。何も変更していません。",
    },
    /// Refusal: {0} index.
    IMPORT_NO_NAME => {
        en: "items[{0}] has no metadata.name. Nothing was changed.",
        zh: "items[{0}] 没有 metadata.name。没有任何改动。",
        ja: "items[{0}] に metadata.name がありません。何も変更していません。",
    },
    /// Refusal: {0} node name.
    IMPORT_DUPLICATE => {
        en: "Node {0} appears twice. Nothing was changed.",
        zh: "节点 {0} 出现了两次。没有任何改动。",
        ja: "ノード {0} が 2 回出てきます。何も変更していません。",
    },
    /// Refusal.
    IMPORT_NO_NODES => {
        en: "The list holds no nodes. Nothing was changed.",
        zh: "列表中没有节点。没有任何改动。",
        ja: "一覧にノードがありません。何も変更していません。",
    },
    /// Before kcm's text when it would not start with these nodes.
    IMPORT_KCM_REFUSED => {
        en: "With these settings and nodes, kube-controller-manager would not start its node IPAM controller (nothing was changed):",
        zh: "在这些设置和节点下，kube-controller-manager 不会启动 node IPAM 控制器（没有任何改动）：",
        ja: "この設定とノードでは、kube-controller-manager は node IPAM コントローラーを起動しません（何も変更していません）：",
    },
    /// Before the scenario's refusal (a podip limit, a node name).
    IMPORT_SCENARIO_REFUSED => {
        en: "podip cannot show this cluster (nothing was changed):",
        zh: "podip 无法显示这个集群（没有任何改动）：",
        ja: "podip はこのクラスターを表示できません（何も変更していません）：",
    },
    /// {0} the cluster CIDR used.
    IMPORT_FROM_SETTINGS => {
        en: "Cluster CIDR from the settings: {0}",
        zh: "集群 CIDR 来自设置：{0}",
        ja: "クラスター CIDR は設定から：{0}",
    },
    /// {0} the cluster CIDR suggested.
    IMPORT_SUGGESTED => {
        en: "Cluster CIDR suggested from the podCIDRs: {0}",
        zh: "根据 podCIDRs 推测的集群 CIDR：{0}",
        ja: "podCIDRs から推測したクラスター CIDR：{0}",
    },
    /// The button under kcm's refusal: {0} the flags the podCIDRs suggest.
    IMPORT_USE_SUGGESTED => {
        en: "Use what the podCIDRs suggest: {0}",
        zh: "改用根据 podCIDRs 推测的参数：{0}",
        ja: "podCIDRs から推測したフラグを使用：{0}",
    },
    /// Table heading.
    IMPORT_NODE => { en: "node", zh: "节点", ja: "ノード" },
    /// A node without podCIDRs: {0} what it gets.
    IMPORT_NO_POD_CIDR => {
        en: "no podCIDR: gets {0} when the node IPAM controller starts",
        zh: "没有 podCIDR：node IPAM 控制器启动后得到 {0}",
        ja: "podCIDR なし：node IPAM コントローラーの起動後の割り当ては {0}",
    },
    /// A node without podCIDRs that gets none.
    IMPORT_NO_POD_CIDR_FULL => { en: "no podCIDR, and none left:", zh: "没有 podCIDR，也没有剩余：", ja: "podCIDR なし、残りもなし：" },
    /// Figure.
    IMPORT_USED => { en: "node subnets used by nodes", zh: "节点已占用的节点子网", ja: "ノードが使用中のノードサブネット" },
    /// Figure.
    IMPORT_SERVICE => { en: "held by the Service range", zh: "被 Service 范围占用", ja: "Service の範囲が使用中" },
    /// Figure.
    IMPORT_FREE => { en: "free node subnets", zh: "空闲的节点子网", ja: "空いているノードサブネット" },
    /// Figure.
    IMPORT_NEXT => { en: "the next node gets", zh: "下一个节点得到", ja: "次のノードのサブネット" },
    /// Its note.
    IMPORT_NEXT_NOTE => {
        en: "after a controller restart the cursor is at index 0: the lowest free subnet",
        zh: "控制器重启后游标位于索引 0：地址最低的空闲子网",
        ja: "コントローラーの再起動後、カーソルはインデックス 0：アドレス順で最初の空きサブネット",
    },
    /// When no node fits.
    IMPORT_NEXT_NONE => { en: "none:", zh: "无：", ja: "なし：" },
    /// Figure.
    IMPORT_MORE_FIT => { en: "more nodes fit", zh: "还能容纳的节点数", ja: "追加できるノード数" },
    /// Under a node subnet's usable addresses: {0} the kubelet's --max-pods, {1} whether they fit.
    IMPORT_MAX_PODS => { en: "kubelet --max-pods {0}: {1}", zh: "kubelet --max-pods {0}：{1}", ja: "kubelet --max-pods {0}：{1}" },

}

/// For a preset whose platform runs a CNI chain podip does not model: which chain it runs, and which of
/// podip's chains its nodes are drawn on instead (`sim::preset::Preset::cni`). `None` for a preset
/// podip runs on its own chain (kind, kubeadm, k3s) or that has no node subnets.
pub fn preset_cni_note(name: &str) -> Option<Text> {
    match name {
        "minikube" => Some(PRESET_CNI_MINIKUBE),
        "gke" => Some(PRESET_CNI_GKE),
        "aks-kubenet" => Some(PRESET_CNI_AKS_KUBENET),
        "openshift" => Some(PRESET_CNI_OPENSHIFT),
        _ => None,
    }
}

/// What the settings card says under a preset: its note, then, for a platform whose chain podip does
/// not model, which chain it runs and which podip draws instead.
pub fn preset_notes(name: &str) -> Vec<Text> {
    preset_note(name)
        .into_iter()
        .chain(preset_cni_note(name))
        .collect()
}

/// The one-sentence note of a preset (`sim::preset`), by its name.
pub fn preset_note(name: &str) -> Option<Text> {
    match name {
        "kind" => Some(PRESET_NOTE_KIND),
        "kubeadm" => Some(PRESET_NOTE_KUBEADM),
        "kubeadm-calico" => Some(PRESET_NOTE_KUBEADM_CALICO),
        "minikube" => Some(PRESET_NOTE_MINIKUBE),
        "k3s" => Some(PRESET_NOTE_K3S),
        "rke2" => Some(PRESET_NOTE_RKE2),
        "gke" => Some(PRESET_NOTE_GKE),
        "aks-kubenet" => Some(PRESET_NOTE_AKS_KUBENET),
        "openshift" => Some(PRESET_NOTE_OPENSHIFT),
        "eks-vpc-cni" => Some(PRESET_NOTE_EKS),
        "calico-ipam" => Some(PRESET_NOTE_CALICO),
        "cilium-cluster-pool" => Some(PRESET_NOTE_CILIUM),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::sim::preset;

    /// The card says under every preset its note, and under a platform whose chain podip does not model
    /// which chain podip draws instead, in every language.
    #[test]
    fn the_card_says_which_chain_podip_draws_for_a_platform_it_does_not_model() {
        for p in preset::ALL {
            let notes = preset_notes(p.name);
            assert_eq!(notes.first(), preset_note(p.name).as_ref(), "{}", p.name);
            let own = ["kind", "kubeadm", "kubeadm-calico", "k3s", "rke2"].contains(&p.name)
                || p.flags().is_none();
            assert_eq!(notes.len(), if own { 1 } else { 2 }, "{}", p.name);
            if let Some(cni) = notes.get(1) {
                let drawn = if p.cni.is_flannel() {
                    "flannel"
                } else {
                    "kindnet"
                };
                for lang in Lang::ALL {
                    let said = cni.get(lang);
                    assert!(said.contains("podip") && said.contains(drawn), "{said}");
                }
            }
        }
    }
}
