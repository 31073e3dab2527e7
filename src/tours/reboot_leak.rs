//! The `reboot-leak` tour: its scenario, its steps (each waiting for an event of the run) and their words,
//! and the questions asked before the steps that answer them.

use super::legacy::{On, Question, Source, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const REBOOT_LEAK: Tour = Tour {
    id: TourId::RebootLeak,
    scenario: builtin::REBOOT_LEAK,
    title: text! {
        en: "a reboot leaks addresses",
        zh: "重启泄漏地址",
        ja: "再起動によるアドレスのリーク",
    },
    intro: text! {
        en: "Two nodes with /28 subnets (13 pod addresses each) and five pods each. tmpfs-worker is a kind node: kindnetd's conflist keeps host-local's files on a tmpfs, /run/cni-ipam-state. disk-worker stands for a node of another CNI, such as flannel's or kubenet's cbr0 or Canal's k8s-pod-network, whose host-local keeps them on disk in /var/lib/cni/networks, the plugin's default; podip draws it with kindnet's chain, only that directory changed. Both reboot three times.",
        zh: "两个节点，各有一个 /28 子网（各 13 个 Pod 地址），各运行五个 Pod。tmpfs-worker 是 kind 的节点：kindnetd 写的 conflist 把 host-local 的文件放在 tmpfs 上的 /run/cni-ipam-state。disk-worker 代表使用其他 CNI 的节点，例如 flannel 或 kubenet 的 cbr0、Canal 的 k8s-pod-network，它们的 host-local 把文件放在磁盘上的 /var/lib/cni/networks，也就是插件的默认值；podip 仍用 kindnet 的插件链来画它，只换了这个目录。两个节点都会重启三次。",
        ja: "/28 のサブネット（Pod 用アドレス各 13 個）を持つノードが 2 台あり、Pod が 5 個ずつ動いています。tmpfs-worker は kind のノードで、kindnetd の conflist により host-local のファイルは tmpfs 上の /run/cni-ipam-state に置かれます。disk-worker はほかの CNI のノード（flannel や kubenet の cbr0、Canal の k8s-pod-network など）の代わりで、その host-local はプラグインのデフォルトであるディスク上の /var/lib/cni/networks にファイルを置きます。podip は disk-worker も kindnet のチェーンで描き、変えるのはこのディレクトリーだけです。どちらも 3 回再起動します。",
    },
    steps: &[
        Step {
            id: "five-pods-each",
            waits_for: (Reason::PodIPsAssigned, "pod/web-5"),
            shows: &[
                On(
                    "disk-worker",
                    &[
                        Pod("web-1"),
                        Pod("web-5"),
                        IpFile("10.244.0.2"),
                        IpFile("10.244.0.6"),
                    ],
                ),
                On(
                    "tmpfs-worker",
                    &[
                        Pod("api-1"),
                        Pod("api-5"),
                        IpFile("10.244.0.18"),
                        IpFile("10.244.0.22"),
                    ],
                ),
            ],
            command: None,
            words: text! {
                en: "Both nodes run five pods: web-1 to web-5 on .2–.6 of 10.244.0.0/28, api-1 to api-5 on .18–.22 of 10.244.0.16/28. host-local keeps one file per address, named after it and holding the container ID of its sandbox; last_reserved_ip is .6 on one node and .22 on the other.",
                zh: "两个节点上各跑着五个 Pod：web-1 到 web-5 用的是 10.244.0.0/28 里的 .2–.6，api-1 到 api-5 用的是 10.244.0.16/28 里的 .18–.22。host-local 为每个地址建一个同名文件，文件里写着对应沙箱的容器 ID；last_reserved_ip 分别是 .6 和 .22。",
                ja: "2 台のノードでそれぞれ Pod が 5 個動いています。web-1 から web-5 は 10.244.0.0/28 の .2–.6、api-1 から api-5 は 10.244.0.16/28 の .18–.22 です。host-local はアドレスごとに同じ名前のファイルを作り、中にサンドボックスのコンテナ ID を書きます。last_reserved_ip はそれぞれ .6 と .22 です。",
            },
        },
        Step {
            id: "first-reboot",
            waits_for: (Reason::NodeReboot, "node/tmpfs-worker"),
            shows: &[
                On("disk-worker", &[IpFile("10.244.0.2"), IpFile("10.244.0.6")]),
                On("tmpfs-worker", &[Node("tmpfs-worker")]),
            ],
            command: None,
            words: text! {
                en: "disk-worker reboots, and so does tmpfs-worker. Gone: every container and network namespace, and with them the veths and /32 routes. Still on disk: the conflist, containerd's sandbox records in /var/lib/containerd and, on disk-worker alone, host-local's five files and last_reserved_ip. tmpfs-worker's /run/cni-ipam-state comes back empty.",
                zh: "disk-worker 和 tmpfs-worker 相继重启。所有容器和网络命名空间都没了，veth 和 /32 路由也跟着没了。磁盘上还在的有：conflist、/var/lib/containerd 里 containerd 的沙箱记录，以及只在 disk-worker 上才有的 host-local 的五个文件和 last_reserved_ip。tmpfs-worker 的 /run/cni-ipam-state 重启后是空的。",
                ja: "disk-worker と tmpfs-worker が再起動します。コンテナとネットワーク名前空間はすべて消え、veth と /32 ルートも一緒に消えます。ディスクに残るのは conflist、/var/lib/containerd にある containerd のサンドボックス記録、それに disk-worker にだけある host-local の 5 個のファイルと last_reserved_ip です。tmpfs-worker の /run/cni-ipam-state は空になっています。",
            },
        },
        Step {
            id: "kubelet-back",
            waits_for: (Reason::Rebooted, "node/tmpfs-worker"),
            shows: &[
                On("disk-worker", &[Pod("web-1"), Address("10.244.0.2")]),
                On("tmpfs-worker", &[Pod("api-1"), Address("10.244.0.18")]),
            ],
            command: None,
            words: text! {
                en: "The kubelet starts, sees a new boot ID and records Rebooted. The API still shows the pods Running on their old addresses: nothing has updated them yet.",
                zh: "kubelet 启动后发现 boot ID 变了，记录 Rebooted。API 里的 Pod 仍是 Running，地址也还是旧的：还没有任何组件更新它们。",
                ja: "kubelet が起動し、boot ID が変わったことに気づいて Rebooted を記録します。API 上の Pod はまだ Running で、アドレスも古いままです。まだ何もそれを更新していません。",
            },
        },
        Step {
            id: "old-sandbox-deleted",
            waits_for: (Reason::IPAMRelease, "pod/web-1"),
            shows: &[
                On("disk-worker", &[Pod("web-1")]),
                On("tmpfs-worker", &[Node("tmpfs-worker")]),
            ],
            command: None,
            words: text! {
                en: "The kubelet syncs web-1. Its sandbox is not ready, so it records SandboxChanged, 'Pod sandbox changed, it will be killed and re-created.', and stops the old sandbox. containerd finds its netns closed and runs CNI DEL with an empty CNI_NETNS; ptp hands it to host-local, which releases 10.244.0.2 by container ID. On tmpfs-worker the same DEL finds no file.",
                zh: "kubelet 同步 web-1。它的沙箱没有就绪，于是 kubelet 记录 SandboxChanged（“Pod sandbox changed, it will be killed and re-created.”），并停止旧沙箱。containerd 发现网络命名空间已经关闭，就用空的 CNI_NETNS 执行 CNI DEL；ptp 把 DEL 委托给 host-local，由 host-local 按容器 ID 释放 10.244.0.2。在 tmpfs-worker 上，同样的 DEL 找不到文件。",
                ja: "kubelet が web-1 を同期します。サンドボックスの準備ができていないので、kubelet は SandboxChanged（「Pod sandbox changed, it will be killed and re-created.」）を記録し、古いサンドボックスを停止します。containerd はネットワーク名前空間が閉じていると分かると、空の CNI_NETNS で CNI DEL を実行します。ptp は DEL を host-local に委譲し、host-local がコンテナ ID をもとに 10.244.0.2 を解放します。tmpfs-worker では、同じ DEL が見つけるファイルはありません。",
            },
        },
        Step {
            id: "new-addresses",
            waits_for: (Reason::CNIConfigWritten, "node/tmpfs-worker"),
            shows: &[
                On(
                    "disk-worker",
                    &[Pod("web-1"), Address("10.244.0.7"), Address("10.244.0.11")],
                ),
                On(
                    "tmpfs-worker",
                    &[Pod("api-1"), Address("10.244.0.18"), Address("10.244.0.22")],
                ),
            ],
            command: None,
            words: text! {
                en: "Then new sandboxes and new CNI ADDs: web-1 to web-5 get .7–.11, because last_reserved_ip (.6) survived on disk, while api-1 to api-5 get .18–.22 again from an empty directory. Five files for five pods on each node: no leak, because containerd still knew the old sandboxes. On tmpfs-worker, kindnetd, a new process, writes the same conflist again (CNIConfigWritten).",
                zh: "接着是新的沙箱和新的 CNI ADD：last_reserved_ip（.6）在磁盘上保留了下来，所以 web-1 到 web-5 分到 .7–.11；api-1 到 api-5 则从空目录重新分到 .18–.22。两个节点都是五个 Pod、五个文件：没有泄漏，因为 containerd 还记得旧沙箱。在 tmpfs-worker 上，kindnetd 作为新进程，再次写出同样的 conflist（CNIConfigWritten）。",
                ja: "続いて新しいサンドボックスと新しい CNI ADD です。last_reserved_ip（.6）がディスクに残っていたので web-1 から web-5 は .7–.11 を受け取り、api-1 から api-5 は空のディレクトリーから再び .18–.22 を受け取ります。どちらのノードも Pod 5 個にファイル 5 個で、リークはありません。containerd が古いサンドボックスを覚えていたからです。tmpfs-worker では、kindnetd が新しいプロセスとして、同じ conflist をもう一度書きます（CNIConfigWritten）。",
            },
        },
        Step {
            id: "records-lost",
            waits_for: (Reason::NodeReboot, "node/tmpfs-worker"),
            shows: &[On(
                "disk-worker",
                &[IpFile("10.244.0.10"), IpFile("10.244.0.11")],
            )],
            command: None,
            words: text! {
                en: "The second reboot, and this time podip supposes that containerd lost its records of the old sandboxes. RKE2's known issues blame leftover files on containerd losing track of pods (rancher/rke2#3039), and Harvester nodes ran out of addresses after hard power-offs (harvester/harvester#7471), but neither shows how the records went. Without records, no one ever runs CNI DEL for the old sandboxes.",
                zh: "第二次重启。这一次 podip 假设 containerd 丢失了旧沙箱的记录。RKE2 的已知问题把残留文件归因于 containerd 丢失了对 Pod 的跟踪（rancher/rke2#3039），Harvester 的节点在强制断电后也耗尽了地址（harvester/harvester#7471），但两者都没有说明记录是怎么丢的。没有了记录，就再也不会有人为旧沙箱执行 CNI DEL。",
                ja: "2 回目の再起動です。今回は、containerd が古いサンドボックスの記録を失ったと podip は仮定します。RKE2 の既知の問題はファイルが残る原因を containerd が Pod を見失うことに求め（rancher/rke2#3039）、Harvester のノードは強制的な電源断の後にアドレスが尽きました（harvester/harvester#7471）。しかし、どちらも記録がどう失われたかは示していません。記録がなければ、古いサンドボックスの CNI DEL を実行するものはもうありません。",
            },
        },
        Step {
            id: "ten-files",
            waits_for: (Reason::PodIPsAssigned, "pod/web-5"),
            shows: &[
                On(
                    "disk-worker",
                    &[
                        Address("10.244.0.12"),
                        Address("10.244.0.14"),
                        Address("10.244.0.2"),
                        Address("10.244.0.3"),
                        IpFile("10.244.0.10"),
                        IpFile("10.244.0.11"),
                    ],
                ),
                On("tmpfs-worker", &[Node("tmpfs-worker")]),
            ],
            command: None,
            words: text! {
                en: "No SandboxChanged this time: with no record of an old sandbox, the kubelet creates one as for a new pod. The pods come back on .12, .13 and .14, then the walk wraps to .2 and .3. The old sandboxes' files (.7–.11) stay with no sandbox behind them: disk-worker has ten files for five pods. tmpfs-worker again has five.",
                zh: "这次没有 SandboxChanged：找不到旧沙箱的记录，kubelet 就像对待新 Pod 一样创建沙箱。Pod 先拿到 .12、.13、.14，然后遍历绕回，拿到 .2 和 .3。旧沙箱的文件（.7–.11）留在原地，背后却已没有沙箱：disk-worker 上五个 Pod 对应十个文件。tmpfs-worker 依然是五个。",
                ja: "今回は SandboxChanged が出ません。古いサンドボックスの記録がないので、kubelet は新しい Pod と同じようにサンドボックスを作ります。Pod はまず .12、.13、.14 を受け取り、そこで走査が一周して .2 と .3 を受け取ります。古いサンドボックスのファイル（.7–.11）は、対応するサンドボックスがないまま残ります。disk-worker では Pod 5 個にファイルが 10 個です。tmpfs-worker は今回も 5 個です。",
            },
        },
        Step {
            id: "third-reboot",
            waits_for: (Reason::NodeReboot, "node/tmpfs-worker"),
            shows: &[On(
                "disk-worker",
                &[IpFile("10.244.0.2"), IpFile("10.244.0.14")],
            )],
            command: None,
            words: text! {
                en: "The third reboot, records lost again. All ten of disk-worker's files stay.",
                zh: "第三次重启，记录再次丢失。disk-worker 的十个文件全部留着。",
                ja: "3 回目の再起動で、記録はまた失われます。disk-worker の 10 個のファイルはすべて残ります。",
            },
        },
        Step {
            id: "disk-node-full",
            waits_for: (Reason::PodIPsAssigned, "pod/web-3"),
            shows: &[On(
                "disk-worker",
                &[
                    Pod("web-1"),
                    Pod("web-3"),
                    Pod("web-4"),
                    Pod("web-5"),
                    Address("10.244.0.4"),
                    Address("10.244.0.6"),
                ],
            )],
            command: None,
            words: text! {
                en: "web-1 to web-3 take the last free addresses, .4–.6; web-4 and web-5 fail: 'failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.14'. 13 files and 3 running pods: the node is full although few pods run. The kubelet retries each of them 10–15 s later (backOffPeriod, 10 s, plus jitter), in vain.",
                zh: "web-1 到 web-3 拿走最后三个空闲地址 .4–.6；web-4 和 web-5 失败：“failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.14”。13 个文件，却只有 3 个 Pod 在运行：Pod 不多，节点却满了。kubelet 每次在 10–15 秒后重试（backOffPeriod 的 10 秒再加上抖动），始终失败。",
                ja: "web-1 から web-3 が最後の空きアドレス .4–.6 を取り、web-4 と web-5 は「failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.14」で失敗します。ファイルは 13 個なのに、動いている Pod は 3 個です。Pod は少ないのにノードは満杯です。kubelet は 10–15 秒後（backOffPeriod の 10 秒にジッターを加えた時間）に再試行しますが、成功しません。",
            },
        },
        Step {
            id: "tmpfs-node-fine",
            waits_for: (Reason::PodIPsAssigned, "pod/api-5"),
            shows: &[On(
                "tmpfs-worker",
                &[
                    Pod("api-1"),
                    Pod("api-5"),
                    Address("10.244.0.18"),
                    Address("10.244.0.22"),
                ],
            )],
            command: None,
            words: text! {
                en: "tmpfs-worker runs its five pods on .18–.22. With host-local's dataDir on a tmpfs, as kind has it, the files cannot outlive a reboot. The cost: last_reserved_ip goes too, so after every boot the addresses are handed out from the start again, and an address can go straight to another pod (see the round-robin tour).",
                zh: "tmpfs-worker 上的五个 Pod 运行在 .18–.22。像 kind 那样把 host-local 的 dataDir 放在 tmpfs 上，文件就不可能在重启后留下来。代价是 last_reserved_ip 也一起消失，每次启动后都从头分配地址，一个地址可能立刻分配给另一个 Pod（见“为什么要轮询？”导览）。",
                ja: "tmpfs-worker では 5 個の Pod が .18–.22 で動いています。kind のように host-local の dataDir を tmpfs に置けば、ファイルが再起動を越えて残ることはありません。代償として last_reserved_ip も消えるので、起動のたびにアドレスは最初から割り当てられ、あるアドレスがすぐ別の Pod に渡ることがあります（ツアー「なぜラウンドロビンか」を参照）。",
            },
        },
        Step {
            id: "cleaning",
            waits_for: (Reason::FailedCreatePodSandBox, "pod/web-4"),
            shows: &[On("disk-worker", &[Node("disk-worker")])],
            command: None,
            words: text! {
                en: "disk-worker stays stuck until someone acts. Cleaning the directory (k3s-killall.sh, then rm -rf /var/lib/cni/networks/<network>) frees it, but only with every pod on the node stopped: a file removed under a running pod hands its address out twice.",
                zh: "disk-worker 会一直卡着，直到有人动手。清理目录（先运行 k3s-killall.sh，再 rm -rf /var/lib/cni/networks/<network>）可以释放这些地址，但前提是节点上的 Pod 已全部停止：如果删掉仍在运行的 Pod 的文件，它的地址就会被分配两次。",
                ja: "disk-worker は、誰かが手を打つまで詰まったままです。ディレクトリーを掃除すれば（k3s-killall.sh を実行してから rm -rf /var/lib/cni/networks/<network>）解放できますが、ノード上の Pod をすべて止めてからに限ります。動いている Pod のファイルを消すと、そのアドレスが二重に割り当てられます。",
            },
        },
        Step {
            id: "what-else-clears-it",
            waits_for: (Reason::FailedCreatePodSandBox, "pod/web-4"),
            shows: &[],
            command: None,
            words: text! {
                en: "The CNI GC verb would not clear it: neither ptp nor host-local as released implements it. What helps is libcni's garbage collection of a network: for every attachment in /var/lib/cni/results that the runtime does not name as valid, it runs CNI DEL, which releases the file by container ID. CRI-O calls it; containerd does not (containerd/go-cni#131 is not merged).",
                zh: "CNI 的 GC 操作清理不了它：ptp 和已发布的 host-local 都没有实现它。真正起作用的是 libcni 对网络的垃圾回收：对 /var/lib/cni/results 中的每个 attachment，只要运行时没有把它列为有效，就执行一次 CNI DEL，这次 DEL 会按容器 ID 释放文件。CRI-O 会调用它；containerd 不会（containerd/go-cni#131 尚未合并）。",
                ja: "CNI の GC では片付きません。ptp もリリース済みの host-local もそれを実装していないからです。効くのは libcni によるネットワークのガベージコレクションです。/var/lib/cni/results にある attachment のうち、ランタイムが有効として挙げないものすべてに CNI DEL を実行し、その DEL がコンテナ ID をもとにファイルを解放します。CRI-O はこれを呼びますが、containerd は呼びません（containerd/go-cni#131 は未マージ）。",
            },
        },
    ],
    questions: &[
        Question {
            before: "new-addresses",
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
            before: "ten-files",
            text: text! {
                en: "Suppose containerd lost its records. How many IP files does disk-worker hold once its five pods run again?",
                zh: "假设 containerd 丢失了记录。disk-worker 的五个 Pod 重新运行后，它有多少个 IP 文件？",
                ja: "containerd が記録を失ったとします。5 個の Pod が再び動き出したとき、disk-worker の IP ファイルはいくつでしょう？",
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
            before: "disk-node-full",
            text: text! {
                en: "The third reboot, records lost again: 10 files for 5 pods in a range of 13 addresses. What happens?",
                zh: "第三次重启，记录又丢了。13 个地址的范围里，10 个文件全都泄漏了，而 5 个 Pod 都要重新分配地址。接下来会怎样？",
                ja: "3 回目の再起動でも記録が失われました。13 個のアドレスの範囲に、リークしたファイルが 10 個残っていて、5 個の Pod がアドレスを必要としています。どうなるでしょう？",
            },
            choices: &[
                text! { en: "All five pods get addresses", zh: "五个 Pod 都拿到地址", ja: "5 個の Pod すべてがアドレスを得る" },
                text! { en: "Three get .4–.6, two fail", zh: "三个分到 .4–.6，两个失败", ja: "3 個が .4–.6 を得て、2 個は失敗" },
                text! { en: "All five fail", zh: "五个全部失败", ja: "5 個すべて失敗" },
            ],
            correct: 1,
            why: text! {
                en: "Get walks the range from after last_reserved_ip and skips every address with a file; after .4, .5 and .6 it finds none: 'no IP addresses available in range set'.",
                zh: "Get 从 last_reserved_ip 之后开始遍历范围，跳过所有有文件的地址；分出 .4、.5、.6 之后就再也找不到空闲地址：“no IP addresses available in range set”。",
                ja: "Get は last_reserved_ip の次から範囲を走査し、ファイルのあるアドレスはすべて飛ばします。.4、.5、.6 を割り当てた後は空きが見つからず、「no IP addresses available in range set」になります。",
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
        Source {
            label: "containernetworking/plugins#1289",
            url: "https://github.com/containernetworking/plugins/pull/1289",
        },
        Source {
            label: "rancher/rke2#3039",
            url: "https://github.com/rancher/rke2/pull/3039",
        },
        Source {
            label: "harvester/harvester#7471",
            url: "https://github.com/harvester/harvester/issues/7471",
        },
    ],
};
