//! The narration of the stories of things that break in production (a node's reboot leaking
//! host-local's files) and of why the allocators walk round robin, with the user reports they come from.

use super::text;
use super::tour::{Question, Source, TourNarration};

/// `reboot-leak`: host-local's files on disk outlive sandboxes that no CNI DEL will ever come for.
pub const REBOOT_LEAK: TourNarration = TourNarration {
    name: "reboot-leak",
    title: text! {
        en: "a reboot leaks addresses",
        zh: "重启泄漏地址",
        ja: "再起動によるアドレスのリーク",
    },
    intro: text! {
        en: "Two nodes with /28 subnets (13 pod addresses each) and five pods each. One line of their CNI configs differs: disk-worker keeps host-local's files on disk in /var/lib/cni/networks (the plugin's default), tmpfs-worker on a tmpfs in /run/cni-ipam-state (as kind does). Both reboot three times. Press play or step.",
        zh: "两个节点，各有一个 /28 子网（各 13 个 Pod 地址），各运行五个 Pod。两者的 CNI 配置只差一行：disk-worker 把 host-local 的文件放在磁盘上的 /var/lib/cni/networks（插件的默认值），tmpfs-worker 放在 tmpfs 上的 /run/cni-ipam-state（与 kind 相同）。两个节点都会重启三次。点击播放，或单步执行。",
        ja: "/28 のサブネット（Pod 用アドレス各 13 個）を持つノードが 2 台あり、Pod が 5 個ずつ動いています。CNI 設定の違いは 1 行だけで、disk-worker は host-local のファイルをディスク上の /var/lib/cni/networks（プラグインのデフォルト）に、tmpfs-worker は tmpfs 上の /run/cni-ipam-state（kind と同じ）に置きます。どちらも 3 回再起動します。再生するか、1 ステップずつ進めてください。",
    },
    steps: &[
        text! {
            en: "Both nodes run five pods: web-1 to web-5 on .2–.6 of 10.244.0.0/28, api-1 to api-5 on .18–.22 of 10.244.0.16/28. Each address is a file named after it that holds its sandbox's container ID; last_reserved_ip is .6 and .22.",
            zh: "两个节点各运行五个 Pod：web-1 到 web-5 使用 10.244.0.0/28 的 .2–.6，api-1 到 api-5 使用 10.244.0.16/28 的 .18–.22。每个地址是一个以它命名的文件，内容是其沙箱的容器 ID；last_reserved_ip 分别是 .6 和 .22。",
            ja: "両ノードで Pod が 5 個ずつ動いています。web-1 から web-5 は 10.244.0.0/28 の .2–.6、api-1 から api-5 は 10.244.0.16/28 の .18–.22 です。アドレスごとにその名前のファイルがあり、中身はサンドボックスのコンテナー ID です。last_reserved_ip は .6 と .22 です。",
        },
        text! {
            en: "disk-worker reboots, and so does tmpfs-worker. Gone: every container and network namespace, and with them the veths and /32 routes. Left on disk: the conflist, containerd's sandbox records in /var/lib/containerd and, on disk-worker only, host-local's five files and last_reserved_ip. tmpfs-worker's /run/cni-ipam-state comes back empty.",
            zh: "disk-worker 重启，tmpfs-worker 也一样。消失的是所有容器和网络命名空间，以及随之而去的 veth 和 /32 路由。留在磁盘上的是 conflist、/var/lib/containerd 中 containerd 的沙箱记录，以及只有 disk-worker 才有的 host-local 的五个文件和 last_reserved_ip。tmpfs-worker 的 /run/cni-ipam-state 重启后是空的。",
            ja: "disk-worker が再起動し、tmpfs-worker も再起動します。消えるのは、すべてのコンテナーとネットワーク名前空間、そしてそれに伴う veth と /32 ルートです。ディスクに残るのは conflist、/var/lib/containerd にある containerd のサンドボックス記録、そして disk-worker だけにある host-local の 5 個のファイルと last_reserved_ip です。tmpfs-worker の /run/cni-ipam-state は空で戻ってきます。",
        },
        text! {
            en: "The kubelet starts, sees a new boot ID and records Rebooted (nodestatus.MachineInfo). The API still shows the pods Running on their old addresses: nothing has told it otherwise yet.",
            zh: "kubelet 启动，发现 boot ID 变了，记录 Rebooted（nodestatus.MachineInfo）。API 中的 Pod 仍显示为 Running，地址也还是旧的：还没有谁更新过它们。",
            ja: "kubelet が起動し、boot ID が変わったのを見て Rebooted を記録します（nodestatus.MachineInfo）。API 上の Pod はまだ古いアドレスのまま Running です。まだ誰もそれを更新していません。",
        },
        text! {
            en: "The kubelet syncs web-1. Its sandbox is not ready, so SyncPod kills the pod first: StopPodSandbox on the old sandbox. containerd finds its netns closed and runs CNI DEL with an empty CNI_NETNS; ptp hands it to host-local first, which releases 10.244.0.2 by container ID (ReleaseByID). On tmpfs-worker the same DEL finds no file.",
            zh: "kubelet 同步 web-1。它的沙箱未就绪，所以 SyncPod 先终止这个 Pod：对旧沙箱调用 StopPodSandbox。containerd 发现它的网络命名空间已关闭，便以空的 CNI_NETNS 执行 CNI DEL；ptp 先把它交给 host-local，host-local 按容器 ID 释放 10.244.0.2（ReleaseByID）。在 tmpfs-worker 上，同样的 DEL 找不到任何文件。",
            ja: "kubelet が web-1 を同期します。サンドボックスの準備ができていないので、SyncPod はまず Pod を停止し、古いサンドボックスに StopPodSandbox を呼びます。containerd はネットワーク名前空間が閉じているのを見て、空の CNI_NETNS で CNI DEL を実行します。ptp はまず host-local に渡し、host-local はコンテナー ID で 10.244.0.2 を解放します（ReleaseByID）。tmpfs-worker では同じ DEL が見つけるファイルはありません。",
        },
        text! {
            en: "Then new sandboxes and new CNI ADDs: web-1 to web-5 get .7–.11, because last_reserved_ip (.6) survived on disk, while api-1 to api-5 get .18–.22 again from an empty directory. Five files for five pods on each node: no leak, because containerd still knew the old sandboxes.",
            zh: "接着是新的沙箱和新的 CNI ADD：web-1 到 web-5 分到 .7–.11，因为 last_reserved_ip（.6）保存在磁盘上；api-1 到 api-5 则从空目录重新分到 .18–.22。每个节点都是五个 Pod 对应五个文件：没有泄漏，因为 containerd 还记得旧沙箱。",
            ja: "続いて新しいサンドボックスと新しい CNI ADD です。last_reserved_ip（.6）がディスクに残っているので web-1 から web-5 は .7–.11 を受け取り、api-1 から api-5 は空のディレクトリーから再び .18–.22 を受け取ります。どちらのノードも Pod 5 個にファイル 5 個で、リークはありません。containerd が古いサンドボックスを覚えていたからです。",
        },
        text! {
            en: "The second reboot, and this time containerd has lost its records of the old sandboxes, as users reported after unclean shutdowns (CRI-O wiping its storage, state lost in a hard power-off). No one will ever run CNI DEL for them.",
            zh: "第二次重启，这次 containerd 丢失了旧沙箱的记录，正如用户在非正常关机后报告的那样（CRI-O 清空了自己的存储，或硬断电丢失了状态）。再也不会有人为它们执行 CNI DEL。",
            ja: "2 回目の再起動です。今回は containerd が古いサンドボックスの記録を失っています。ユーザーが異常終了の後に報告したとおりです（CRI-O がストレージを消去した、電源断で状態が失われた）。それらに対して CNI DEL が実行されることはもうありません。",
        },
        text! {
            en: "The pods come back on .12, .13 and .14, then the walk wraps to .2 and .3. The files of the old sandboxes (.7–.11) stay with no sandbox behind them: disk-worker holds ten files for five pods. tmpfs-worker again holds five.",
            zh: "Pod 回来后分到 .12、.13、.14，随后遍历绕回，分到 .2 和 .3。旧沙箱的文件（.7–.11）留了下来，背后已没有任何沙箱：disk-worker 上五个 Pod 占着十个文件。tmpfs-worker 仍然是五个。",
            ja: "Pod は .12、.13、.14 で戻り、そこで走査が一周して .2 と .3 になります。古いサンドボックスのファイル（.7–.11）は、裏にサンドボックスがないまま残ります。disk-worker では Pod 5 個にファイル 10 個です。tmpfs-worker は今回も 5 個です。",
        },
        text! {
            en: "The third reboot, records lost again. All ten of disk-worker's files stay.",
            zh: "第三次重启，记录再次丢失。disk-worker 的十个文件全部留着。",
            ja: "3 回目の再起動で、記録はまた失われます。disk-worker の 10 個のファイルはすべて残ります。",
        },
        text! {
            en: "web-1 to web-3 take the last free addresses, .4–.6; web-4 and web-5 fail: 'failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.14'. 13 files and 3 running pods: the node is full although few pods run, and the kubelet retries every 10 s in vain.",
            zh: "web-1 到 web-3 拿走了最后的空闲地址 .4–.6；web-4 和 web-5 失败：“failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.14”。13 个文件，只有 3 个 Pod 在运行：Pod 不多，节点却满了，kubelet 每 10 秒重试一次，毫无结果。",
            ja: "web-1 から web-3 が最後の空きアドレス .4–.6 を取り、web-4 と web-5 は「failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.14」で失敗します。ファイル 13 個に動いている Pod は 3 個。Pod は少ないのにノードは満杯で、kubelet は 10 秒ごとに再試行しますが無駄です。",
        },
        text! {
            en: "tmpfs-worker runs its five pods on .18–.22. With host-local's dataDir on a tmpfs, as kind has it, the files cannot outlive the sandboxes. The cost: last_reserved_ip goes too, so after every boot the addresses are handed out from the start again, and an address can go straight to another pod (see the round-robin tour).",
            zh: "tmpfs-worker 上的五个 Pod 运行在 .18–.22。像 kind 那样把 host-local 的 dataDir 放在 tmpfs 上，文件就不可能比沙箱活得更久。代价是 last_reserved_ip 也一起消失，每次启动后都从头分配地址，一个地址可能立刻交给另一个 Pod（见“为什么要轮询？”导览）。",
            ja: "tmpfs-worker では 5 個の Pod が .18–.22 で動いています。kind のように host-local の dataDir を tmpfs に置けば、ファイルがサンドボックスより長生きすることはありません。代償として last_reserved_ip も消えるので、起動のたびにアドレスは最初から割り当てられ、あるアドレスがすぐ別の Pod に渡ることがあります（ツアー「なぜラウンドロビンか」を参照）。",
        },
        text! {
            en: "disk-worker stays stuck until someone acts. Cleaning the directory (k3s-killall.sh, then rm -rf /var/lib/cni/networks/<network>) frees it, but only with every pod on the node stopped: a file removed under a running pod hands its address out twice.",
            zh: "disk-worker 会一直卡住，直到有人处理。清理目录（先 k3s-killall.sh，再 rm -rf /var/lib/cni/networks/<network>）可以释放地址，但前提是节点上所有 Pod 都已停止：在运行中的 Pod 底下删掉文件，它的地址会被分配两次。",
            ja: "disk-worker は誰かが手を打つまで詰まったままです。ディレクトリーの掃除（k3s-killall.sh の後に rm -rf /var/lib/cni/networks/<network>）で解放できますが、ノード上の Pod をすべて止めたときに限ります。動いている Pod のファイルを消すと、そのアドレスが二重に割り当てられます。",
        },
        text! {
            en: "Or the CNI GC verb: the runtime names the sandboxes it knows, and host-local releases every other file. CRI-O calls it; containerd does not yet, and GC needs a conflist of cniVersion 1.1.0, where kindnet writes 0.3.1.",
            zh: "或者使用 CNI 的 GC 操作：运行时列出它知道的沙箱，host-local 释放其余所有文件。CRI-O 会调用它；containerd 还不会，而且 GC 要求 conflist 的 cniVersion 为 1.1.0，kindnet 写的是 0.3.1。",
            ja: "あるいは CNI の GC です。ランタイムが知っているサンドボックスを伝え、host-local がそれ以外のファイルをすべて解放します。CRI-O は呼び出しますが containerd はまだで、GC には cniVersion 1.1.0 の conflist が必要です。kindnet が書くのは 0.3.1 です。",
        },
    ],
    questions: &[
        Question {
            before_step: 4,
            text: text! {
                en: "web-1 had 10.244.0.2 before the reboot, and its file was just released. Which address does its new sandbox get?",
                zh: "web-1 重启前是 10.244.0.2，它的文件刚刚被释放。它的新沙箱会分到哪个地址？",
                ja: "web-1 は再起動前 10.244.0.2 で、そのファイルはいま解放されました。新しいサンドボックスが受け取るアドレスはどれでしょう？",
            },
            choices: &[
                text! { en: ".2 again", zh: "还是 .2", ja: "また .2" },
                text! { en: ".7", zh: ".7", ja: ".7" },
                text! { en: "None: .2's file is still there", zh: "没有：.2 的文件还在", ja: "なし：.2 のファイルがまだある" },
            ],
            correct: 1,
            why: text! {
                en: "host-local's Get starts after last_reserved_ip, and on disk last_reserved_ip (.6) survived the reboot: .7. On tmpfs-worker the directory is empty, and api-1 gets .18 again.",
                zh: "host-local 的 Get 从 last_reserved_ip 之后开始，而磁盘上的 last_reserved_ip（.6）在重启后还在：所以是 .7。tmpfs-worker 的目录是空的，api-1 又分到 .18。",
                ja: "host-local の Get は last_reserved_ip の次から始まり、ディスク上の last_reserved_ip（.6）は再起動後も残っています。だから .7 です。tmpfs-worker ではディレクトリーが空なので、api-1 は再び .18 を受け取ります。",
            },
        },
        Question {
            before_step: 6,
            text: text! {
                en: "containerd lost its records. How many IP files does disk-worker hold once its five pods run again?",
                zh: "containerd 丢失了记录。disk-worker 的五个 Pod 重新运行后，它有多少个 IP 文件？",
                ja: "containerd は記録を失いました。5 個の Pod が再び動き出したとき、disk-worker の IP ファイルはいくつでしょう？",
            },
            choices: &[
                text! { en: "5", zh: "5", ja: "5" },
                text! { en: "10", zh: "10", ja: "10" },
                text! { en: "13", zh: "13", ja: "13" },
            ],
            correct: 1,
            why: text! {
                en: "No StopPodSandbox, so no CNI DEL for the old sandboxes: their five files (.7–.11) stay, and the new sandboxes take five more. host-local cannot tell them apart: it sees only files (backend/disk).",
                zh: "没有 StopPodSandbox，就没有针对旧沙箱的 CNI DEL：它们的五个文件（.7–.11）留着，新沙箱又占用五个。host-local 分辨不出来：它只看得到文件（backend/disk）。",
                ja: "StopPodSandbox がないので、古いサンドボックスへの CNI DEL もありません。その 5 個のファイル（.7–.11）は残り、新しいサンドボックスがさらに 5 個を使います。host-local には区別できません。見えるのはファイルだけです（backend/disk）。",
            },
        },
        Question {
            before_step: 8,
            text: text! {
                en: "The third reboot, records lost again: 10 files for 5 pods in a range of 13 addresses. What happens?",
                zh: "第三次重启，记录再次丢失：13 个地址的范围里，5 个 Pod 占着 10 个文件。会发生什么？",
                ja: "3 回目の再起動で、記録はまた失われました。13 個のアドレスの範囲に、Pod 5 個でファイル 10 個です。何が起きるでしょう？",
            },
            choices: &[
                text! { en: "All five pods get addresses", zh: "五个 Pod 都拿到地址", ja: "5 個の Pod すべてがアドレスを得る" },
                text! { en: "Three get .4–.6, two fail", zh: "三个分到 .4–.6，两个失败", ja: "3 個が .4–.6 を得て、2 個は失敗" },
                text! { en: "All five fail", zh: "五个全部失败", ja: "5 個すべて失敗" },
            ],
            correct: 1,
            why: text! {
                en: "Get walks the range from after last_reserved_ip and skips every address with a file; after .4, .5 and .6 it finds none: 'no IP addresses available in range set'.",
                zh: "Get 从 last_reserved_ip 之后遍历范围，跳过每个有文件的地址；拿走 .4、.5、.6 之后就再也找不到了：“no IP addresses available in range set”。",
                ja: "Get は last_reserved_ip の次から範囲を走査し、ファイルのあるアドレスをすべて飛ばします。.4、.5、.6 の後は見つからず、「no IP addresses available in range set」になります。",
            },
        },
    ],
    sources: &[
        Source {
            label: "kubernetes/kubernetes#108121",
            url: "https://github.com/kubernetes/kubernetes/issues/108121",
        },
        Source {
            label: "containernetworking/plugins#697",
            url: "https://github.com/containernetworking/plugins/issues/697",
        },
        Source {
            label: "projectcalico/calico#4190",
            url: "https://github.com/projectcalico/calico/issues/4190",
        },
        Source {
            label: "containerd/cri#948",
            url: "https://github.com/containerd/cri/issues/948",
        },
        Source {
            label: "k3s-io/k3s#5885",
            url: "https://github.com/k3s-io/k3s/issues/5885",
        },
        Source {
            label: "cri-o/ocicni#197",
            url: "https://github.com/cri-o/ocicni/pull/197",
        },
        Source {
            label: "containerd/go-cni#131",
            url: "https://github.com/containerd/go-cni/pull/131",
        },
    ],
};

/// `why-round-robin`: a freed address comes back only after the walk wraps, and why.
pub const WHY_ROUND_ROBIN: TourNarration = TourNarration {
    name: "why-round-robin",
    title: text! {
        en: "why round robin?",
        zh: "为什么要轮询？",
        ja: "なぜラウンドロビンか",
    },
    intro: text! {
        en: "One node with a /28 subnet: host-local's range is .1–.14, the gateway .1 is skipped, so pods get .2–.14. Pods come and go quickly. Press play or step.",
        zh: "一个节点，子网为 /28：host-local 的范围是 .1–.14，跳过网关 .1，所以 Pod 使用 .2–.14。Pod 来去频繁。点击播放，或单步执行。",
        ja: "/28 のサブネットを持つノードが 1 台です。host-local の範囲は .1–.14 で、ゲートウェイ .1 は飛ばされるので Pod は .2–.14 を使います。Pod が次々に作られては消えます。再生するか、1 ステップずつ進めてください。",
    },
    steps: &[
        text! {
            en: "job-1 gets 10.244.0.2, the first address after the gateway .1. last_reserved_ip is now .2.",
            zh: "job-1 分到 10.244.0.2，即网关 .1 之后的第一个地址。last_reserved_ip 现在是 .2。",
            ja: "job-1 はゲートウェイ .1 の次の最初のアドレス 10.244.0.2 を受け取ります。last_reserved_ip は .2 になります。",
        },
        text! {
            en: "job-1 is deleted; 2.3 s later CNI DEL removes the file 10.244.0.2. last_reserved_ip stays .2: host-local's Release removes the file and nothing else.",
            zh: "job-1 被删除；2.3 秒后 CNI DEL 删除文件 10.244.0.2。last_reserved_ip 仍是 .2：host-local 的 Release 只删除文件，别的都不动。",
            ja: "job-1 が削除され、2.3 秒後に CNI DEL がファイル 10.244.0.2 を消します。last_reserved_ip は .2 のままです。host-local の Release が消すのはファイルだけです。",
        },
        text! {
            en: "job-2 gets .3, not the free .2: Get starts at the address after last_reserved_ip and walks forward. .2 is behind the cursor.",
            zh: "job-2 分到 .3，而不是空闲的 .2：Get 从 last_reserved_ip 之后的地址开始向前遍历。.2 在游标后面。",
            ja: "job-2 が受け取るのは空いている .2 ではなく .3 です。Get は last_reserved_ip の次のアドレスから先へ走査します。.2 はカーソルの後ろです。",
        },
        text! {
            en: "Eleven pods walk the rest of the range, .4 to .14: the cursor has reached rangeEnd.",
            zh: "十一个 Pod 把剩下的范围 .4 到 .14 走完：游标到了 rangeEnd。",
            ja: "11 個の Pod が残りの範囲 .4 から .14 を進み、カーソルは rangeEnd に達します。",
        },
        text! {
            en: "job-2 and the eleven are deleted: .2–.14 are all free again, and last_reserved_ip is .14.",
            zh: "job-2 和这十一个 Pod 被删除：.2–.14 再次全部空闲，last_reserved_ip 是 .14。",
            ja: "job-2 と 11 個の Pod が削除され、.2–.14 はすべて空きに戻ります。last_reserved_ip は .14 です。",
        },
        text! {
            en: "next-1 gets .2: after rangeEnd the walk wraps to rangeStart. .2 comes back a whole walk round the range after it was freed.",
            zh: "next-1 分到 .2：越过 rangeEnd 后遍历绕回 rangeStart。.2 在释放之后，要等遍历绕完整个范围一圈才回来。",
            ja: "next-1 は .2 を受け取ります。rangeEnd の後、走査は一周して rangeStart に戻ります。.2 が戻ってくるのは、解放されてから範囲を丸ごと一周した後です。",
        },
        text! {
            en: "next-2 and next-3 get .3 and .4, freed only seconds ago: round robin delays reuse by one walk round the range, not by a time. Why delay at all: other hosts' ARP caches still map the address to the old pod's MAC, conntrack entries keep steering packets to it, and policy or logs aimed at an address would hit the next pod. kube-controller-manager's cidrset walks node subnets the same way from nextCandidate.",
            zh: "next-2 和 next-3 分到 .3 和 .4，而它们几秒前才被释放：轮询把复用推迟的是绕范围一圈，而不是一段时间。为什么要推迟：其他主机的 ARP 缓存仍把该地址映射到旧 Pod 的 MAC，conntrack 表项还在把数据包引向它，针对某个地址的策略或日志会落到下一个 Pod 身上。kube-controller-manager 的 cidrset 也以同样方式从 nextCandidate 遍历节点子网。",
            ja: "next-2 と next-3 は、数秒前に解放されたばかりの .3 と .4 を受け取ります。ラウンドロビンが再利用を遅らせるのは範囲 1 周分であり、時間ではありません。そもそも遅らせる理由は、他ホストの ARP キャッシュがまだそのアドレスを古い Pod の MAC に対応付けていること、conntrack のエントリーがパケットをそこへ送り続けること、アドレスを対象にしたポリシーやログが次の Pod に当たってしまうことです。kube-controller-manager の cidrset も同じように nextCandidate からノードサブネットを走査します。",
        },
    ],
    questions: &[
        Question {
            before_step: 2,
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
                en: "host-local's Get starts at the address after last_reserved_ip (.2), which is .3, and skips any address that has a file; the freed .2 is behind the cursor.",
                zh: "host-local 的 Get 从 last_reserved_ip（.2）之后的地址 .3 开始，跳过有文件的地址；释放的 .2 在游标后面。",
                ja: "host-local の Get は last_reserved_ip（.2）の次のアドレス .3 から始まり、ファイルのあるアドレスは飛ばします。解放された .2 はカーソルの後ろです。",
            },
        },
        Question {
            before_step: 5,
            text: text! {
                en: ".2–.14 are free and last_reserved_ip is .14, the end of the range. Which address does next-1 get?",
                zh: ".2–.14 都空闲，last_reserved_ip 是范围末尾的 .14。next-1 会分到哪个地址？",
                ja: ".2–.14 はすべて空きで、last_reserved_ip は範囲の最後の .14 です。next-1 が受け取るアドレスはどれでしょう？",
            },
            choices: &[
                text! { en: ".2", zh: ".2", ja: ".2" },
                text! { en: ".15", zh: ".15", ja: ".15" },
                text! { en: "None: the walk is at the end", zh: "没有：遍历已到末尾", ja: "なし：走査が終わりにある" },
            ],
            correct: 0,
            why: text! {
                en: "After rangeEnd (.14) Get's iterator wraps to rangeStart (.1); the gateway .1 is skipped, so .2, free since job-1 went. .15 is the broadcast address, outside the range.",
                zh: "越过 rangeEnd（.14）后，Get 的迭代器绕回 rangeStart（.1）；跳过网关 .1，于是是 job-1 走后一直空闲的 .2。.15 是广播地址，不在范围内。",
                ja: "rangeEnd（.14）の後、Get のイテレーターは一周して rangeStart（.1）に戻ります。ゲートウェイ .1 は飛ばすので、job-1 がいなくなってから空いている .2 です。.15 はブロードキャストアドレスで範囲外です。",
            },
        },
        Question {
            before_step: 6,
            text: text! {
                en: "Why does host-local hand a freed address out again only after a whole walk?",
                zh: "为什么 host-local 要等遍历一整圈之后才重新分配释放的地址？",
                ja: "host-local が解放されたアドレスを、範囲を一周した後でしか再び割り当てないのはなぜでしょう？",
            },
            choices: &[
                text! { en: "It cannot see that an address is free until the walk comes back", zh: "遍历回来之前，它看不出地址已经空闲", ja: "走査が戻るまでアドレスが空いたことが分からないから" },
                text! { en: "So that what other hosts remember of the old pod's address can expire first", zh: "让其他主机对旧 Pod 地址的记忆先过期", ja: "他のホストが古い Pod のアドレスについて覚えていることが先に期限切れになるように" },
                text! { en: "To spread pods evenly for routing", zh: "为了让 Pod 均匀分布以便路由", ja: "ルーティングのために Pod を均等に散らすため" },
            ],
            correct: 1,
            why: text! {
                en: "host-local took last_reserved_ip because reusing an address at once hit stale ARP entries (containernetworking/cni#194). It only delays reuse: next-2 got .3 seconds after it was freed, once the walk had wrapped.",
                zh: "host-local 引入 last_reserved_ip，是因为立刻复用地址会撞上过期的 ARP 表项（containernetworking/cni#194）。它只是推迟复用：遍历绕回之后，next-2 在 .3 被释放几秒后就拿到了它。",
                ja: "host-local が last_reserved_ip を持つようになったのは、アドレスをすぐ再利用すると古い ARP エントリーに当たったからです（containernetworking/cni#194）。再利用を遅らせるだけなので、走査が一周した後は、next-2 が解放から数秒で .3 を受け取りました。",
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
