//! The `dual-stack` tour: its scenario, its steps (each waiting for an event of the run) and their words,
//! and the questions asked before the steps that answer them.

use super::legacy::{On, Question, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const DUAL_STACK: Tour = Tour {
    id: TourId::DualStack,
    scenario: builtin::DUAL_STACK,
    title: text! {
        en: "dual-stack",
        zh: "双栈",
        ja: "デュアルスタック",
    },
    intro: text! {
        en: "Two cluster CIDRs, one per family, with per-family masks (--node-cidr-mask-size is refused with dual-stack). Each node gets one podCIDR per family.",
        zh: "两个集群 CIDR，每个地址族一个，掩码也按地址族分别设置（双栈下 --node-cidr-mask-size 会被拒绝）。每个节点在每个地址族各分到一个 podCIDR。",
        ja: "クラスター CIDR は 2 つで、アドレスファミリーごとに 1 つずつです。マスク長もファミリーごとに設定します（デュアルスタックでは --node-cidr-mask-size は拒否されます）。各ノードはアドレスファミリーごとに podCIDR を 1 つ受け取ります。",
    },
    steps: &[
        Step {
            id: "both-families-patched",
            waits_for: (Reason::PodCIDRPatched, "node/kind-worker"),
            shows: &[On(
                "kind-worker",
                &[PodCidr("10.244.1.0/24"), PodCidr("fd00:10:244:1::/64")],
            )],
            command: None,
            words: text! {
                en: "kind-worker gets 10.244.1.0/24 and fd00:10:244:1::/64, in --cluster-cidr order.",
                zh: "kind-worker 按 --cluster-cidr 中的顺序拿到 10.244.1.0/24 和 fd00:10:244:1::/64。",
                ja: "kind-worker は --cluster-cidr の順に 10.244.1.0/24 と fd00:10:244:1::/64 を受け取ります。",
            },
        },
        Step {
            id: "a-reserves-two",
            waits_for: (Reason::IPAMReserve, "pod/a"),
            shows: &[On(
                "kind-worker",
                &[Pod("a"), IpFile("10.244.1.2"), IpFile("fd00:10:244:1::2")],
            )],
            command: None,
            words: text! {
                en: "kindnet wrote one host-local range set per podCIDR, so CNI ADD reserves one address per family: a gets 10.244.1.2, recorded in last_reserved_ip.0, and fd00:10:244:1::2, in last_reserved_ip.1.",
                zh: "kindnet 为每个 podCIDR 写了一个 host-local range set，所以 CNI ADD 在每个地址族各分配一个地址：a 拿到 10.244.1.2，记在 last_reserved_ip.0；以及 fd00:10:244:1::2，记在 last_reserved_ip.1。",
                ja: "kindnet は podCIDR ごとに host-local の range set を 1 つ書いたので、CNI ADD はアドレスファミリーごとにアドレスを 1 つずつ割り当てます。a は 10.244.1.2（last_reserved_ip.0 に記録）と fd00:10:244:1::2（last_reserved_ip.1 に記録）を受け取ります。",
            },
        },
        Step {
            id: "a-gets-both",
            waits_for: (Reason::PodIPsAssigned, "pod/a"),
            shows: &[On(
                "kind-worker",
                &[Pod("a"), Address("10.244.1.2"), Address("fd00:10:244:1::2")],
            )],
            command: None,
            words: text! {
                en: "containerd reports IPv4 as the primary IP: status.podIP is 10.244.1.2, and status.podIPs lists both, 10.244.1.2 and fd00:10:244:1::2.",
                zh: "containerd 把 IPv4 报告为主 IP：status.podIP 是 10.244.1.2，status.podIPs 里两个地址都有：10.244.1.2 和 fd00:10:244:1::2。",
                ja: "containerd は IPv4 をプライマリー IP として報告します。status.podIP は 10.244.1.2 で、status.podIPs には 10.244.1.2 と fd00:10:244:1::2 の両方が並びます。",
            },
        },
        Step {
            id: "a-released",
            waits_for: (Reason::IPAMRelease, "pod/a"),
            shows: &[On("kind-worker", &[Pod("a")])],
            command: None,
            words: text! {
                en: "a's DEL releases both files together, 2.3 s after its object went.",
                zh: "a 的对象消失 2.3 秒后，它的 DEL 把两个文件一起释放。",
                ja: "a のオブジェクトが消えてから 2.3 秒後、DEL が 2 つのファイルをまとめて解放します。",
            },
        },
    ],
    questions: &[
        Question {
            before: "both-families-patched",
            text: text! {
                en: "The cluster has an IPv4 and an IPv6 cluster CIDR. How many subnets does each node get in spec.podCIDRs?",
                zh: "集群有两个集群 CIDR：一个 IPv4，一个 IPv6。每个节点的 spec.podCIDRs 中有几个子网？",
                ja: "クラスターには IPv4 と IPv6 のクラスター CIDR があります。各ノードの spec.podCIDRs に入るサブネットはいくつでしょう？",
            },
            choices: &[
                text! { en: "One, IPv4", zh: "一个，IPv4", ja: "1 つ（IPv4）" },
                text! { en: "Two, one per address family", zh: "两个，每个地址族一个", ja: "2 つ（アドレスファミリーごとに 1 つ）" },
                text! { en: "Two IPv4 subnets", zh: "两个 IPv4 子网", ja: "IPv4 のサブネットを 2 つ" },
            ],
            correct: 1,
            why: text! {
                en: "The range allocator keeps one cidrset per cluster CIDR and AllocateNext in each; updateCIDRsAllocation patches spec.podCIDRs with one subnet of each family.",
                zh: "RangeAllocator 为每个集群 CIDR 维护一个 cidrset，并在每个里执行 AllocateNext；updateCIDRsAllocation 用每个地址族各一个子网 PATCH spec.podCIDRs。",
                ja: "RangeAllocator はクラスター CIDR ごとに cidrset を持ち、それぞれで AllocateNext を行います。updateCIDRsAllocation は各アドレスファミリー 1 つずつのサブネットで spec.podCIDRs を PATCH します。",
            },
        },
        Question {
            before: "a-reserves-two",
            text: text! {
                en: "How many IP files does host-local write for pod a?",
                zh: "host-local 为 Pod a 写几个 IP 文件？",
                ja: "host-local は Pod a のために IP ファイルをいくつ書くでしょう？",
            },
            choices: &[
                text! { en: "One", zh: "一个", ja: "1 つ" },
                text! { en: "Two, one per IP", zh: "两个，每个 IP 一个", ja: "2 つ（IP ごとに 1 つ）" },
                text! { en: "None until the pod is Running", zh: "Pod Running 之前一个也没有", ja: "Pod が Running になるまではなし" },
            ],
            correct: 1,
            why: text! {
                en: "kindnetd's conflist has one range set per family; host-local's Get allocates from each range set and writes one file per IP, each holding the container ID and eth0.",
                zh: "kindnetd 的 conflist 中每个地址族有一个 range set；host-local 的 Get 从每个 range set 各分配一个地址，每个 IP 写一个文件，内容是容器 ID 和 eth0。",
                ja: "kindnetd の conflist にはアドレスファミリーごとに range set が 1 つあります。host-local の Get は range set ごとに割り当て、IP ごとにコンテナ ID と eth0 を記したファイルを 1 つ書きます。",
            },
        },
    ],
    sources: &[],
};
