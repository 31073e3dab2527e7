//! What an event means on a Calico node, where that differs from kind's ptp and host-local (Calico's own
//! events, its IP pool, blocks, affinities and borrowing, are in `narration`'s table with the others).

use super::Text;
use crate::sim::Reason;

/// What an event means on a Calico node, where that differs from [`super::narration::explain`].
pub(super) fn explain_calico(reason: Reason) -> Option<Text> {
    Some(match reason {
        Reason::CNIConfigWritten => Text::new(
            "calico-node's install-cni init container writes /etc/cni/net.d/10-calico.conflist: the calico plugin with calico-ipam as its IPAM, then portmap. calico-ipam takes addresses from the IP pool's blocks, not from the node's spec.podCIDR, which kube-controller-manager still sets and nothing reads. Once the file exists, the runtime's network is ready.",
            "calico-node 的 install-cni Init 容器写出 /etc/cni/net.d/10-calico.conflist：calico 插件，IPAM 为 calico-ipam，然后是 portmap。calico-ipam 从 IP 池的地址块里取地址，而不是从节点的 spec.podCIDR 取；kube-controller-manager 仍然会设置 spec.podCIDR，但没有人读它。文件一出现，容器运行时的网络就绪。",
            "calico-node の install-cni Init コンテナが /etc/cni/net.d/10-calico.conflist を書きます。calico プラグインで IPAM は calico-ipam、続いて portmap です。calico-ipam は IP プールのブロックからアドレスを取り、ノードの spec.podCIDR は使いません。spec.podCIDR は kube-controller-manager が今も設定しますが、誰も読みません。ファイルができると、ランタイムのネットワークは準備完了になります。",
        ),
        Reason::CNIAdd => Text::new(
            "containerd runs the conflist with CNI_COMMAND=ADD: the calico plugin asks calico-ipam for an address (AutoAssign, handle k8s-pod-network.<sandbox ID>), then makes the pod's veth pair, then portmap runs.",
            "containerd 以 CNI_COMMAND=ADD 执行 conflist：calico 插件先向 calico-ipam 要一个地址（AutoAssign，句柄为 k8s-pod-network.<沙箱 ID>），再创建 Pod 的 veth 对，然后运行 portmap。",
            "containerd が CNI_COMMAND=ADD で conflist を実行します。calico プラグインが calico-ipam にアドレスを求め（AutoAssign、ハンドルは k8s-pod-network.<サンドボックス ID>）、Pod の veth ペアを作り、続いて portmap が動きます。",
        ),
        Reason::IPAMReserve => Text::new(
            "calico-ipam's AutoAssign looks in the blocks affine to this node first and takes the first ordinal on the block's unallocated list: the lowest free address, since a released one goes to the end of that list. It writes the allocation into the block with the handle and the pod's attributes.",
            "calico-ipam 的 AutoAssign 先在与本节点有亲和性的地址块里找，取该地址块未分配列表上的第一个序号：也就是最小的空闲地址，因为被释放的地址会排到列表末尾。它把这次分配连同句柄和 Pod 的属性写进地址块。",
            "calico-ipam の AutoAssign は、まずこのノードにアフィニティのあるブロックを探し、そのブロックの未割り当てリストの先頭の序数を取ります。解放されたアドレスはリストの末尾に回るので、空いている最小のアドレスです。割り当てはハンドルと Pod の属性とともにブロックに書き込まれます。",
        ),
        Reason::VethCreated => Text::new(
            "The calico plugin's DoNetworking makes the veth pair: eth0 in the pod with its address as a /32, and on the node cali plus the first 11 hex digits of SHA-1 of <namespace>.<pod>, so the name is the same for every sandbox of that pod. The pod's gateway is 169.254.1.1, which no interface has: the host end answers for it by proxy ARP.",
            "calico 插件的 DoNetworking 创建 veth 对：Pod 里是 eth0，地址为 /32；节点上是 cali 加 <namespace>.<pod> 的 SHA-1 的前 11 个十六进制字符，所以同一个 Pod 的每个沙箱都用同一个名字。Pod 的网关是 169.254.1.1，没有任何网卡持有它：由节点侧 veth 通过代理 ARP 应答。",
            "calico プラグインの DoNetworking が veth ペアを作ります。Pod 内は eth0 でアドレスは /32、ノード側は cali に <namespace>.<pod> の SHA-1 の先頭 11 桁の 16 進数を付けた名前なので、同じ Pod のサンドボックスならいつも同じ名前です。Pod のゲートウェイ 169.254.1.1 はどのインターフェースにもなく、ホスト側 veth がプロキシ ARP で応答します。",
        ),
        Reason::RouteAdded => Text::new(
            "The calico plugin adds the route <podIP> dev caliXXXXXXXXXXX scope link on the node: one per pod, beside the blackhole route of the pod's block, which catches the block's addresses that have no pod.",
            "calico 插件在节点上添加路由 <podIP> dev caliXXXXXXXXXXX scope link：每个 Pod 一条，旁边是该 Pod 所在地址块的 blackhole 路由，它接住地址块里没有 Pod 的地址。",
            "calico プラグインがノードにルート <podIP> dev caliXXXXXXXXXXX scope link を追加します。Pod ごとに 1 本で、その隣には Pod のブロックの blackhole ルートがあり、Pod のいないブロック内のアドレスを受け止めます。",
        ),
        Reason::CNIDel => Text::new(
            "containerd's StopPodSandbox runs the conflist with CNI_COMMAND=DEL, plugins in reverse order: portmap, then calico, which deletes the pod's eth0 and has calico-ipam release the handle k8s-pod-network.<sandbox ID>.",
            "containerd 的 StopPodSandbox 以 CNI_COMMAND=DEL 执行 conflist，插件按逆序运行：先 portmap，再 calico；calico 删除 Pod 的 eth0，并让 calico-ipam 释放句柄 k8s-pod-network.<沙箱 ID>。",
            "containerd の StopPodSandbox が CNI_COMMAND=DEL で conflist を実行します。プラグインは逆順で、portmap、次に calico です。calico は Pod の eth0 を削除し、calico-ipam にハンドル k8s-pod-network.<サンドボックス ID> を解放させます。",
        ),
        Reason::IPAMRelease => Text::new(
            "calico-ipam's ReleaseByHandle frees the handle's addresses in their block and puts each at the end of the block's unallocated list, so the next pod on the node gets the next address, not the freed one, until the list comes round to it. The block stays the node's.",
            "calico-ipam 的 ReleaseByHandle 在地址块里释放该句柄的地址，并把每个地址放到地址块未分配列表的末尾，所以节点上的下一个 Pod 拿到的是下一个地址，而不是刚释放的这个，直到列表轮到它为止。地址块仍属于该节点。",
            "calico-ipam の ReleaseByHandle がハンドルのアドレスをブロック内で解放し、それぞれをブロックの未割り当てリストの末尾に置きます。そのため、ノードの次の Pod が受け取るのは解放されたアドレスではなく次のアドレスで、リストが一周してくるまで解放されたアドレスは使われません。ブロックはノードのものとして残ります。",
        ),
        Reason::VethDeleted => Text::new(
            "The calico plugin deletes eth0 inside the pod's network namespace; its cali peer and the node's route to the pod go with it.",
            "calico 插件删除 Pod 网络命名空间里的 eth0；节点上的 cali 对端和通往该 Pod 的路由随之消失。",
            "calico プラグインが Pod のネットワーク名前空間内の eth0 を削除します。ノード側の cali と、その Pod へのルートも一緒に消えます。",
        ),
        Reason::NodeRouteAdded => Text::new(
            "On a Calico node the routes to other nodes are BIRD's (calico-node's BGP daemon): one per block affine to another node, <block> via <that node's InternalIP> dev tunl0 proto bird onlink, so packets to its pods travel inside IP-in-IP; a /32 the same way to each address another node borrowed; and a blackhole route for each of the node's own blocks. Each node's BIRD adds them when a block is claimed or an address borrowed, and all of them when its calico-node starts.",
            "在 Calico 节点上，通往其他节点的路由由 BIRD（calico-node 的 BGP 守护进程）添加：与其他节点有亲和性的每个地址块一条，<block> via <那个节点的 InternalIP> dev tunl0 proto bird onlink，发往那边 Pod 的数据包封装在 IP-in-IP 里；其他节点借用的每个地址也以同样方式有一条 /32 路由；本节点自己的每个地址块还有一条 blackhole 路由。每个节点的 BIRD 在地址块被认领或地址被借用时添加这些路由，在它的 calico-node 启动时一次性全部添加。",
            "Calico ノードでは、ほかのノードへのルートは BIRD（calico-node の BGP デーモン）が追加します。ほかのノードにアフィニティのあるブロックごとに <block> via <そのノードの InternalIP> dev tunl0 proto bird onlink が 1 本で、そちらの Pod 宛てのパケットは IP-in-IP に包まれて届きます。ほかのノードが借用したアドレスにも同じように /32 のルートが 1 本あります。自ノードのブロックにはそれぞれ blackhole ルートがあります。各ノードの BIRD は、ブロックが取得されたりアドレスが借用されたりしたときにルートを追加し、calico-node の起動時にはすべてを追加します。",
        ),
        Reason::NodeRouteRemoved => Text::new(
            "BIRD removes a route when what it exported goes: a block's affinity (the tunl0 route on the other nodes, the blackhole on the block's own node), a borrowed address given back, or a node whose machine goes down or whose Node is deleted (its BGP sessions close, and every route through it goes).",
            "被通告的内容消失时，BIRD 删除相应的路由：地址块的亲和性消失（其他节点上的 tunl0 路由，以及该地址块所属节点上的 blackhole 路由）、借用的地址被归还，或者某个节点的机器宕机、Node 被删除（它的 BGP 会话关闭，经由它的所有路由都被删除）。",
            "BIRD は、広報されていたものがなくなるとルートを削除します。ブロックのアフィニティがなくなったとき（ほかのノードでは tunl0 のルート、ブロックを持つノードでは blackhole ルート）、借用されたアドレスが返されたとき、あるいはノードのマシンが停止したり Node が削除されたりしたとき（その BGP セッションが閉じ、そのノード経由のルートがすべて消えます）です。",
        ),
        Reason::NodeReboot => Text::new(
            "The node's machine goes down. Every container and network namespace goes with it, and so do the cali veths, tunl0 and the routes. Calico's IPAM is in the datastore, not on the node: the node's blocks, their affinities and the pods' allocations stay.",
            "节点的机器宕机重启。所有容器和网络命名空间都随之消失，cali veth、tunl0 和路由也一样。Calico 的 IPAM 在数据存储里，不在节点上：节点的地址块、它们的亲和性以及 Pod 的分配都保留。",
            "ノードのマシンが停止します。すべてのコンテナとネットワーク名前空間が消え、cali veth、tunl0、ルートも消えます。Calico の IPAM はノードではなくデータストアにあるので、ノードのブロック、そのアフィニティ、Pod の割り当ては残ります。",
        ),
        Reason::Rebooted => Text::new(
            "The kubelet is back and sees a new boot ID (nodestatus.MachineInfo), so it records Rebooted. It syncs its pods: each old sandbox is stopped (CNI DEL releases its handle) and a new one created, which calico-ipam gives the next address of the node's block. calico-node starts again and keeps tunl0's address.",
            "kubelet 重新启动，发现 boot ID 变了（nodestatus.MachineInfo），于是记录 Rebooted。它同步自己的 Pod：停止每个旧沙箱（CNI DEL 释放其句柄），再创建新沙箱，calico-ipam 给新沙箱分配节点地址块里的下一个地址。calico-node 也重新启动，tunl0 的地址不变。",
            "kubelet が再び起動し、boot ID が変わったことを検知して（nodestatus.MachineInfo）Rebooted を記録します。続いて Pod を同期します。古いサンドボックスはそれぞれ停止され（CNI DEL がハンドルを解放します）、新しいサンドボックスが作られ、calico-ipam がノードのブロックの次のアドレスを割り当てます。calico-node も起動し直し、tunl0 のアドレスはそのままです。",
        ),
        Reason::FailedCreatePodSandBox => Text::new(
            "The sandbox could not be set up because CNI ADD failed, for example with the calico plugin's 'stat /var/lib/calico/nodename: no such file or directory' while calico-node has not finished its startup (or cannot create its IP pool), or when no block and no address is left to borrow. The kubelet's SyncPod records the Warning and retries 10–15 s later.",
            "沙箱建不起来，因为 CNI ADD 失败了。比如 calico-node 还没完成启动（或者无法创建 IP 池）时，calico 插件报出“stat /var/lib/calico/nodename: no such file or directory”；或者既没有地址块、也没有可借用的地址了。kubelet 的 SyncPod 记录这条 Warning 事件，10–15 秒后重试。",
            "CNI ADD が失敗したため、サンドボックスを用意できませんでした。たとえば calico-node が起動を終えていない（または IP プールを作れない）ときの calico プラグインの「stat /var/lib/calico/nodename: no such file or directory」や、ブロックも借用できるアドレスも残っていない場合です。kubelet の SyncPod は Warning イベントを記録し、10–15 秒後に再試行します。",
        ),
        _ => return None,
    })
}

/// What an event means on a Canal node: the calico plugin's veth and routes, host-local on the node's
/// podCIDR, flanneld's routes.
pub(super) fn explain_canal(reason: Reason) -> Option<Text> {
    match reason {
        Reason::VethCreated | Reason::RouteAdded | Reason::VethDeleted => explain_calico(reason),
        Reason::CNIConfigWritten => Some(Text::new(
            "The canal pod's install-cni writes /etc/cni/net.d/10-canal.conflist: the calico plugin with host-local as its IPAM on the node's podCIDR (subnet usePodCidr), then portmap and bandwidth. Unlike Calico's own IPAM, a Pod's address here is in its node's spec.podCIDR. Once the file exists, the runtime's network is ready.",
            "canal Pod 的 install-cni 写出 /etc/cni/net.d/10-canal.conflist：calico 插件，IPAM 为以节点 podCIDR 为范围的 host-local（subnet 为 usePodCidr），然后是 portmap 和 bandwidth。与 Calico 自己的 IPAM 不同，这里 Pod 的地址就在节点的 spec.podCIDR 里。文件一出现，容器运行时的网络就绪。",
            "canal Pod の install-cni が /etc/cni/net.d/10-canal.conflist を書きます。calico プラグインで、IPAM はノードの podCIDR を範囲とする host-local（subnet は usePodCidr）、続いて portmap と bandwidth です。Calico 自身の IPAM と違い、ここでは Pod のアドレスはノードの spec.podCIDR に入ります。ファイルができると、ランタイムのネットワークは準備完了になります。",
        )),
        Reason::CNIAdd | Reason::CNIDel => Some(Text::new(
            "containerd runs the conflist (ADD in order, DEL in reverse): the calico plugin puts the node's podCIDR in place of usePodCidr and calls host-local, then makes or removes the pod's cali veth and its /32 route; portmap and bandwidth follow.",
            "containerd 执行 conflist（ADD 按顺序，DEL 按逆序）：calico 插件把 usePodCidr 换成节点的 podCIDR 并调用 host-local，再创建或删除 Pod 的 cali veth 和它的 /32 路由；随后是 portmap 和 bandwidth。",
            "containerd が conflist を実行します（ADD は順番どおり、DEL は逆順）。calico プラグインが usePodCidr をノードの podCIDR に置き換えて host-local を呼び、Pod の cali veth とその /32 ルートを作成または削除します。続いて portmap と bandwidth が動きます。",
        )),
        Reason::NodeReboot | Reason::Rebooted | Reason::FailedCreatePodSandBox => Some(Text::new(
            "On a Canal node a reboot takes the cali veths, flannel.1, the routes and /run/flannel/subnet.env; host-local's IP files in /var/lib/cni/networks/k8s-pod-network stay on disk. When the kubelet is back it stops the old sandboxes (CNI DEL) and creates new ones, and flanneld takes its lease again.",
            "在 Canal 节点上，重启会带走 cali veth、flannel.1、路由和 /run/flannel/subnet.env；host-local 在 /var/lib/cni/networks/k8s-pod-network 里的 IP 文件留在磁盘上。kubelet 恢复后先停止旧沙箱（CNI DEL）再创建新沙箱，flanneld 也重新拿回租约。",
            "Canal ノードでは、再起動で cali veth、flannel.1、ルート、/run/flannel/subnet.env が消えます。/var/lib/cni/networks/k8s-pod-network にある host-local の IP ファイルはディスクに残ります。kubelet が戻ると古いサンドボックスを停止し（CNI DEL）、新しいサンドボックスを作り、flanneld もリースを取り直します。",
        )),
        _ => None,
    }
}
