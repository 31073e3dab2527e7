//! The words of the cluster as drawn: the nodes' cards, the address map and the stage.

use crate::i18n::{texts, Text};
use crate::sim::grid::CellStatus;

texts! {
    // Nodes.
    /// Region label.
    NODES => { en: "nodes", zh: "节点", ja: "ノード" },
    /// No nodes.
    NO_NODES => {
        en: "No nodes yet. Add one, or play a tour.",
        zh: "还没有节点。添加一个，或播放一个导览。",
        ja: "まだノードがありません。追加するか、ツアーを再生してください。",
    },
    /// More nodes than cards: {0} how many.
    MORE_NODES => {
        en: "… and {0} more nodes: see the address map.",
        zh: "……另有 {0} 个节点：请看地址图。",
        ja: "……ほか {0} 台のノード：アドレスマップを参照してください。",
    },
    /// One more node than cards: {0} 1.
    MORE_NODES_ONE => {
        en: "… and {0} more node: see the address map.",
        zh: "……另有 {0} 个节点：请看地址图。",
        ja: "……ほか {0} 台のノード：アドレスマップを参照してください。",
    },
    /// More files than drawn: {0} how many.
    MORE_FILES => { en: "… and {0} more files", zh: "……另有 {0} 个文件", ja: "……ほか {0} 個のファイル" },
    /// One more file: {0} 1.
    MORE_FILES_ONE => { en: "… and {0} more file", zh: "……另有 {0} 个文件", ja: "……ほか {0} 個のファイル" },
    /// More pods than drawn: {0} how many.
    MORE_PODS => { en: "… and {0} more pods", zh: "……另有 {0} 个 Pod", ja: "……ほか {0} 個の Pod" },
    /// One more pod: {0} 1.
    MORE_PODS_ONE => { en: "… and {0} more pod", zh: "……另有 {0} 个 Pod", ja: "……ほか {0} 個の Pod" },
    /// More routes than drawn: {0} how many.
    MORE_ROUTES => { en: "… and {0} more routes", zh: "……另有 {0} 条路由", ja: "……ほか {0} 本のルート" },
    /// One more route: {0} 1.
    MORE_ROUTES_ONE => { en: "… and {0} more route", zh: "……另有 {0} 条路由", ja: "……ほか {0} 本のルート" },
    /// An IP file on a node card, picked in the writer: {0} the file (an address), {1} the node.
    FILE_LABEL => { en: "IP file {0} on node {1}", zh: "节点 {1} 上的 IP 文件 {0}", ja: "ノード {1} の IP ファイル {0}" },
    /// A node card: {0} name.
    NODE_LABEL => { en: "node {0}", zh: "节点 {0}", ja: "ノード {0}" },
    /// Before a node card's podCIDRs (the field stays as the API names it).
    NODE_POD_CIDRS => { en: "spec.podCIDRs: ", zh: "spec.podCIDRs：", ja: "spec.podCIDRs：" },
    /// A Calico node's blocks on its card, beside the podCIDR its IPAM does not read.
    NODE_CALICO_BLOCKS => { en: "calico-ipam blocks: ", zh: "calico-ipam 地址块：", ja: "calico-ipam のブロック：" },
    /// No podCIDR yet.
    NONE_YET => { en: "none yet", zh: "尚未分配", ja: "未割り当て" },
    /// The conflist exists.
    CONFLIST_WRITTEN => { en: "{0} written", zh: "已写入 {0}", ja: "{0} 書き込み済み" },
    /// No conflist yet.
    NO_CNI_CONFIG => { en: "no CNI config yet", zh: "尚无 CNI 配置", ja: "CNI 設定はまだありません" },
    /// The address grid: {0} subnet.
    ADDRESSES_OF => { en: "addresses of {0}", zh: "{0} 的地址", ja: "{0} のアドレス" },
    /// A truncated grid: {0} drawn, {1} subnet.
    FIRST_ADDRESSES => { en: "first {0} addresses of {1}", zh: "{1} 的前 {0} 个地址", ja: "{1} の先頭 {0} 個のアドレス" },
    /// Grid cell: the network address.
    CELL_NETWORK => { en: "network", zh: "网络地址", ja: "ネットワークアドレス" },
    /// Grid cell: the gateway.
    CELL_GATEWAY => { en: "gateway", zh: "网关", ja: "ゲートウェイ" },
    /// Grid cell: the broadcast address.
    CELL_BROADCAST => { en: "broadcast", zh: "广播地址", ja: "ブロードキャスト" },
    /// Grid cell: an IP file exists.
    CELL_RESERVED => { en: "reserved", zh: "已占用", ja: "割り当て済み" },
    /// Grid cell: an IP file whose sandbox a reboot took.
    CELL_ORPHANED => {
        en: "file of a sandbox that is gone",
        zh: "所属沙箱已不存在的文件",
        ja: "サンドボックスがすでに存在しないファイル",
    },
    /// Grid cell: free behind the cursor.
    CELL_FREED => { en: "freed, waits for the wrap", zh: "已释放，需等待绕回", ja: "解放済み、一周するまで再利用不可" },
    /// Grid cell: free.
    CELL_FREE => { en: "free", zh: "空闲", ja: "空き" },
    /// Grid cell: the cursor.
    CELL_NEXT => {
        en: "next candidate after last_reserved_ip",
        zh: "last_reserved_ip 之后的下一个候选",
        ja: "last_reserved_ip の次の候補",
    },
    /// Grid legend label.
    GRID_LEGEND => { en: "address grid legend", zh: "地址格图例", ja: "アドレスグリッドの凡例" },
    /// Open a pod's network view: {0} pod.
    SHOW_POD_NETWORK => { en: "show the network of pod {0}", zh: "显示 Pod {0} 的网络", ja: "Pod {0} のネットワークを表示" },
    /// A veth pair: {0} pod ifindex, {1} host veth, {2} its peer index.
    VETH_PAIR => {
        en: "veth pair eth0@if{0} to {1}@if{2}",
        zh: "veth 对 eth0@if{0} 连接 {1}@if{2}",
        ja: "veth ペア eth0@if{0} ⇔ {1}@if{2}",
    },
    /// Delete button.
    DELETE => { en: "delete", zh: "删除", ja: "削除" },
    /// Delete, for screen readers: {0} pod.
    DELETE_POD => { en: "delete pod {0}", zh: "删除 Pod {0}", ja: "Pod {0} を削除" },
    /// A deleted pod whose DEL is pending.
    OBJECT_GONE => { en: "object gone", zh: "对象已删除", ja: "オブジェクト削除済み" },
    /// The countdown: {0} time left.
    CNI_DEL_IN => { en: "CNI DEL in {0}", zh: "{0} 后执行 CNI DEL", ja: "{0} 後に CNI DEL" },
    /// The run stopped at podip's limit on events: {0} the time, {1} the limit.
    EVENTS_LIMIT => {
        en: "podip stopped this run at {0}: it logged {1} events, the most podip shows.",
        zh: "podip 在 {0} 停止了这次运行：它已记录 {1} 个事件，这是 podip 显示的上限。",
        ja: "podip はこの実行を {0} で止めました。イベントが {1} 件に達し、podip が表示できる上限です。",
    },
    /// While a scenario is simulated in the background: {0} percent done.
    SIMULATING => { en: "Simulating… {0} %", zh: "正在模拟……{0}%", ja: "シミュレーション中……{0}%" },
    /// No netns: {0} pod.
    POD_NO_NETNS => {
        en: "pod {0} has no network namespace now.",
        zh: "Pod {0} 当前没有网络命名空间。",
        ja: "Pod {0} には現在ネットワーク名前空間がありません。",
    },
    /// The pod view's heading: {0} pod, {1} netns path.
    INSIDE_POD => { en: "inside pod {0}: {1}", zh: "Pod {0} 内部：{1}", ja: "Pod {0} の内側：{1}" },
    /// The pod view, for screen readers: {0} pod.
    NETWORK_OF_POD => { en: "network of pod {0}", zh: "Pod {0} 的网络", ja: "Pod {0} のネットワーク" },

    // The address map.
    /// Heading.
    MAP_TITLE => { en: "Address map of --cluster-cidr", zh: "--cluster-cidr 地址图", ja: "--cluster-cidr のアドレスマップ" },
    /// No controller yet.
    MAP_NOT_STARTED => {
        en: "kube-controller-manager's node IPAM controller has not started yet.",
        zh: "kube-controller-manager 的 node IPAM 控制器尚未启动。",
        ja: "kube-controller-manager の node IPAM コントローラーはまだ起動していません。",
    },
    /// Caption: {0} subnets per cell, {1} node mask, {2} used, {3} max, {4} next candidate.
    MAP_CAPTION => {
        en: " — each cell: {0} × /{1} · {2} of {3} used · next candidate: index {4}",
        zh: "——每格：{0} × /{1} · 已占用 {2} / {3} · 下一个候选：索引 {4}",
        ja: "——1 マス：{0} × /{1} · 使用中 {2} / {3} · 次の候補：インデックス {4}",
    },
    /// A cell: {0} block, {1} used, {2} subnets.
    MAP_CELL => {
        en: "{0} — {1} of {2} subnets used",
        zh: "{0}——{2} 个子网中已占用 {1} 个",
        ja: "{0}——{2} 個のサブネットのうち {1} 個使用中",
    },
    /// A cell's holders: {0} nodes.
    MAP_CELL_BY => { en: " by {0}", zh: "，占用者：{0}", ja: "（{0}）" },
    /// A cell overlapping the service range.
    MAP_CELL_SERVICE => { en: ", overlaps the service range", zh: "，与 Service 网段重叠", ja: "、Service の範囲と重複" },
    /// A cell holding the cursor.
    MAP_CELL_CURSOR => { en: ", next candidate of AllocateNext", zh: "，AllocateNext 的下一个候选", ja: "、AllocateNext の次の候補" },
    /// Zoom out.
    ZOOM_OUT => { en: "zoom out", zh: "缩小", ja: "ズームアウト" },
    /// Legend: free.
    LEGEND_FREE => { en: "free", zh: "空闲", ja: "空き" },
    /// Legend: held.
    LEGEND_HELD => { en: "held by a node (colour per node)", zh: "已被节点占用（颜色区分节点）", ja: "ノードが使用中（色はノードごと）" },
    /// Legend: partly held.
    LEGEND_PARTIAL => { en: "partly held (striped)", zh: "部分已占用（条纹）", ja: "一部使用中（斜線）" },
    /// Legend: service overlap.
    LEGEND_SERVICE => {
        en: "overlaps --service-cluster-ip-range (dotted)",
        zh: "与 --service-cluster-ip-range 重叠（点状）",
        ja: "--service-cluster-ip-range と重複（点線）",
    },
    /// Legend: cursor.
    LEGEND_CURSOR => {
        en: "next candidate (round-robin cursor, ringed)",
        zh: "下一个候选（轮询游标，外圈标记）",
        ja: "次の候補（ラウンドロビンのカーソル、枠付き）",
    },

    // The stage.
    /// The stage's accessible name.
    STAGE => {
        en: "The cluster: kube-controller-manager's node subnets, each node's addresses, veth pairs and pods",
        zh: "集群：kube-controller-manager 的节点子网、各节点的地址、veth 对和 Pod",
        ja: "クラスター：kube-controller-manager のノードサブネット、各ノードのアドレス、veth ペアと Pod",
    },
    /// The node switcher and the tiles.
    STAGE_NODES => { en: "nodes", zh: "节点", ja: "ノード" },
    /// Under the stage: why the steps of CNI ADD last a moment.
    STAGE_SLOWED => {
        en: "CNI ADD takes about 5 ms; at 1× and slower each moment something happens is held 0.6 s on screen so every step can be seen.",
        zh: "CNI ADD 只需约 5 毫秒；以 1× 及更慢速度播放时，每个发生变化的时刻在屏幕上保留 0.6 秒，以便看清每一步。",
        ja: "CNI ADD は約 5 ミリ秒で終わります。1× 以下の速度では、変化のあった各時点を画面に 0.6 秒ずつ残し、どの手順も見えるようにしています。",
    },
    /// Before the node IPAM controller runs.
    STAGE_NO_IPAM => { en: "node IPAM controller not started yet", zh: "node IPAM 控制器尚未启动", ja: "node IPAM コントローラーはまだ起動していません" },
    /// The cidrset: {0} cluster CIDR, {1} node mask, {2} used, {3} of, {4} nextCandidate.
    STAGE_CIDRSET => {
        en: "cidrset {0} → /{1} · {2} of {3} used · nextCandidate {4}",
        zh: "cidrset {0} → /{1} · 已占用 {2} / {3} · nextCandidate {4}",
        ja: "cidrset {0} → /{1} · 使用中 {2} / {3} · nextCandidate {4}",
    },
    /// Aggregated strip: {0} node subnets per cell.
    STAGE_PER_CELL => { en: "{0} subnets per cell", zh: "每格 {0} 个子网", ja: "1 マスに {0} 個のサブネット" },
    /// Subnets past the strip: {0} how many.
    STAGE_NOT_DRAWN => { en: "{0} more subnets", zh: "另有 {0} 个子网", ja: "ほか {0} 個のサブネット" },
    /// A node whose machine is down, rebooting.
    STAGE_REBOOTING => { en: "rebooting", zh: "重启中", ja: "再起動中" },
    /// A node without podCIDR.
    STAGE_NO_PODCIDR => { en: "spec.podCIDR not set yet", zh: "spec.podCIDR 尚未设置", ja: "spec.podCIDR は未設定" },
    /// A Calico node's podCIDR, which its IPAM does not read.
    STAGE_PODCIDR_UNUSED => {
        en: "unused by Calico's IPAM (calico-ipam hands out addresses from its blocks)",
        zh: "Calico 的 IPAM 不使用它（calico-ipam 从自己的地址块分配地址）",
        ja: "Calico の IPAM は使わない（calico-ipam は自分のブロックからアドレスを払い出す）",
    },
    /// A Calico node's blocks' label.
    STAGE_BLOCKS => {
        en: "calico-ipam blocks (not the podCIDR)",
        zh: "calico-ipam 地址块（不是 podCIDR）",
        ja: "calico-ipam のブロック（podCIDR ではない）",
    },
    /// Its title.
    STAGE_BLOCKS_TITLE => {
        en: "The blocks affine to this node (BlockAffinity), cut from the IP pool: calico-ipam assigns pod addresses from them, not from spec.podCIDR. calicoctl ipam show --show-blocks",
        zh: "与本节点有亲和性（BlockAffinity）的地址块，从 IP 池切出：calico-ipam 从这些地址块为 Pod 分配地址，而不是从 spec.podCIDR。calicoctl ipam show --show-blocks",
        ja: "このノードにアフィニティ（BlockAffinity）を持つブロックで、IP プールから切り出されます。calico-ipam は Pod のアドレスを spec.podCIDR ではなくこれらのブロックから割り当てます。calicoctl ipam show --show-blocks",
    },
    /// A block: {0} its CIDR, {1} addresses in use, {2} its size, {3} its affinity's state.
    STAGE_BLOCK => {
        en: "block {0}: {1} of {2} addresses in use · affinity {3} · blackhole {0} proto bird",
        zh: "地址块 {0}：已占用 {1} / {2} 个地址 · 亲和性 {3} · blackhole {0} proto bird",
        ja: "ブロック {0}：{2} 個中 {1} 個のアドレスが使用中 · アフィニティ {3} · blackhole {0} proto bird",
    },
    /// tunl0's address on a Calico node (its chip's title): {0} the address.
    STAGE_TUNNEL => {
        en: "tunl0 {0}: the IP-in-IP tunnel's address, which calico-node took from this node's block before any pod (handle ipip-tunnel-addr-<node>)",
        zh: "tunl0 {0}：IP-in-IP 隧道的地址，calico-node 在任何 Pod 之前从本节点的地址块取得（handle ipip-tunnel-addr-<node>）",
        ja: "tunl0 {0}：IP-in-IP トンネルのアドレス。calico-node がどの Pod よりも先にこのノードのブロックから取得しました（handle ipip-tunnel-addr-<node>）",
    },
    /// A pod's address borrowed from another node's block (the badge).
    STAGE_BORROWED => { en: "borrowed", zh: "借用", ja: "借用" },
    /// Its title: {0} the address, {1} the block, {2} the node the block is affine to.
    STAGE_BORROWED_FROM => {
        en: "{0} is borrowed from block {1}, affine to {2}: the pool had no free block for this node",
        zh: "{0} 借用自地址块 {1}（与 {2} 有亲和性）：IP 池中没有可供本节点使用的空闲地址块",
        ja: "{0} はブロック {1}（{2} にアフィニティ）からの借用：IP プールにこのノード用の空きブロックなし",
    },
    /// Calico's IP pool beside kube-controller-manager's strip: {0} name, {1} CIDR, {2} blockSize, {3} blocks claimed, {4} blocks in all.
    STAGE_POOL => {
        en: "IP pool {0} {1} · blockSize {2} · {3} of {4} blocks claimed",
        zh: "IP 池 {0} {1} · blockSize {2} · 已占用 {3} / {4} 个地址块",
        ja: "IP プール {0} {1} · blockSize {2} · {4} 個中 {3} 個のブロックが使用中",
    },
    /// host-local's strip: {0} subnet.
    STAGE_RANGE => { en: "host-local range {0}", zh: "host-local 地址范围 {0}", ja: "host-local の範囲 {0}" },
    /// The node's root network namespace.
    STAGE_ROOT_NETNS => { en: "node network namespace (host veth ends)", zh: "节点网络命名空间（节点侧 veth）", ja: "ノードのネットワーク名前空間（ホスト側 veth）" },
    /// The same where the band is narrow.
    STAGE_ROOT_NETNS_SHORT => { en: "node network namespace", zh: "节点网络命名空间", ja: "ノードのネットワーク名前空間" },
    /// The same where the band is narrower still: `ip netns`' word.
    STAGE_ROOT_NETNS_LEAST => { en: "node netns", zh: "节点 netns", ja: "ノードの netns" },
    /// A flannel node's bridge: {0} its name, {1} its gateway address, {2} its ports, {3} its MTU.
    STAGE_BRIDGE => {
        en: "bridge {0}: gateway {1}, {2} ports (the pods' host veths), mtu {3}",
        zh: "网桥 {0}：网关 {1}，{2} 个端口（各 Pod 的节点侧 veth），mtu {3}",
        ja: "ブリッジ {0}：ゲートウェイ {1}、ポート {2} 個（各 Pod のホスト側 veth）、mtu {3}",
    },
    /// With one port: the same.
    STAGE_BRIDGE_ONE => {
        en: "bridge {0}: gateway {1}, {2} port (a pod's host veth), mtu {3}",
        zh: "网桥 {0}：网关 {1}，{2} 个端口（各 Pod 的节点侧 veth），mtu {3}",
        ja: "ブリッジ {0}：ゲートウェイ {1}、ポート {2} 個（各 Pod のホスト側 veth）、mtu {3}",
    },
    /// The bridge without a port up, drawn dim.
    STAGE_BRIDGE_DOWN => {
        en: "no port up: NO-CARRIER, its connected route linkdown",
        zh: "没有处于 up 状态的端口：NO-CARRIER，直连路由为 linkdown",
        ja: "up のポートなし：NO-CARRIER、直結ルートは linkdown",
    },
    /// A node without pods.
    STAGE_NO_PODS => { en: "no pods", zh: "没有 Pod", ja: "Pod なし" },
    /// Pods drawn as cells: {0} veth pairs.
    STAGE_VETHS => { en: "{0} veth pairs", zh: "{0} 个 veth 对", ja: "veth ペア {0} 組" },
    /// One: {0} 1.
    STAGE_VETHS_ONE => { en: "{0} veth pair", zh: "{0} 个 veth 对", ja: "veth ペア {0} 組" },
    /// Pods the scheduler has not bound: no node, so outside every node box.
    STAGE_UNSCHEDULED => { en: "Pending, no node (unscheduled): ", zh: "Pending，没有节点（未调度）：", ja: "Pending、ノードなし（未スケジュール）：" },
    /// Phase: scheduled, no sandbox.
    STAGE_PENDING => { en: "Pending (no sandbox)", zh: "Pending（尚无沙箱）", ja: "Pending（サンドボックスなし）" },
    /// Phase: sandbox created, CNI ADD running (no ellipsis: on the stage "…" marks a cut label).
    STAGE_ADDING => { en: "in CNI ADD", zh: "CNI ADD 进行中", ja: "CNI ADD 実行中" },
    /// Phase: sandbox torn down a moment ago.
    STAGE_GONE => { en: "CNI DEL done", zh: "CNI DEL 已完成", ja: "CNI DEL 完了" },
}

/// What an address of host-local's range is, in words (the address grid's readout, the stage's
/// tooltips).
pub fn cell_status(status: CellStatus) -> Text {
    match status {
        CellStatus::Network => CELL_NETWORK,
        CellStatus::Gateway => CELL_GATEWAY,
        CellStatus::Broadcast => CELL_BROADCAST,
        CellStatus::Reserved => CELL_RESERVED,
        CellStatus::Orphaned => CELL_ORPHANED,
        CellStatus::Freed => CELL_FREED,
        CellStatus::Free => CELL_FREE,
    }
}
