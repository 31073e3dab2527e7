//! The `max-pods` tour: its scenario, its steps (each waiting for an event of the run) and their words,
//! and the questions asked before the steps that answer them.

use super::legacy::{On, Question, Source, Step, Tour};
use super::{Shows::*, TourId};
use crate::i18n::text;
use crate::sim::{builtin, Reason};

pub(super) const MAX_PODS: Tour = Tour {
    id: TourId::MaxPods,
    scenario: builtin::MAX_PODS,
    title: text! {
        en: "max-pods over a small node subnet",
        zh: "小节点子网上的 max-pods",
        ja: "小さなノードサブネットと max-pods",
    },
    intro: text! {
        en: "One node, --node-cidr-mask-size=26, and the kubelet's default --max-pods of 110. 62 pods are created on it at once.",
        zh: "一个节点，--node-cidr-mask-size=26，kubelet 使用默认的 --max-pods 110。一次在它上面创建 62 个 Pod。",
        ja: "ノードは 1 台で、--node-cidr-mask-size=26、kubelet の --max-pods はデフォルトの 110 です。そこに 62 個の Pod を一度に作成します。",
    },
    steps: &[
        Step {
            id: "node-gets-a-26",
            waits_for: (Reason::PodCIDRPatched, "node/kind-worker"),
            shows: &[On("kind-worker", &[PodCidr("10.244.0.0/26")])],
            command: None,
            words: text! {
                en: "The node gets 10.244.0.0/26: 64 addresses, of which host-local hands out 61 (.2–.62; the network address, the gateway .1 and the broadcast .63 are left out). The capacity planner already says that 110 pods do not fit.",
                zh: "节点分到 10.244.0.0/26：64 个地址，host-local 能分配其中 61 个（.2–.62；不含网络地址、网关 .1 和广播地址 .63）。容量规划器已经提示 110 个 Pod 放不下。",
                ja: "ノードは 10.244.0.0/26 を受け取ります。アドレスは 64 個で、host-local が割り当てられるのはそのうち .2–.62 の 61 個です（ネットワークアドレス、ゲートウェイ .1、ブロードキャスト .63 を除く）。容量プランナーはすでに 110 個の Pod は収まらないと示しています。",
            },
        },
        Step {
            id: "web-61-takes-the-last",
            waits_for: (Reason::IPAMReserve, "pod/web-61"),
            shows: &[On("kind-worker", &[Pod("web-1"), Pod("web-61")])],
            command: None,
            words: text! {
                en: "web-1 to web-61 are admitted, get sandboxes and the addresses .2 to .62: the range is full, and last_reserved_ip is .62.",
                zh: "web-1 到 web-61 通过准入，创建了沙箱，分到 .2 到 .62：地址范围已满，last_reserved_ip 是 .62。",
                ja: "web-1 から web-61 が受け入れられ、サンドボックスが作られて .2 から .62 を受け取ります。範囲は満杯で、last_reserved_ip は .62 です。",
            },
        },
        Step {
            id: "web-62-fails",
            waits_for: (Reason::FailedCreatePodSandBox, "pod/web-62"),
            shows: &[On("kind-worker", &[Pod("web-62")])],
            command: None,
            words: text! {
                en: "web-62 is admitted too: the kubelet counts pods against --max-pods, not addresses. Its sandbox is created, and CNI ADD fails in host-local: FailedCreatePodSandBox with 'no IP addresses available in range set'. The kubelet will retry it.",
                zh: "web-62 也通过了准入：kubelet 按 --max-pods 计算的是 Pod 数，而不是地址数。它的沙箱被创建，CNI ADD 在 host-local 中失败：FailedCreatePodSandBox，报“no IP addresses available in range set”。kubelet 之后会重试。",
                ja: "web-62 も受け入れられます。kubelet が --max-pods と比べるのは Pod の数で、アドレスの数ではありません。サンドボックスは作られ、CNI ADD が host-local で失敗します。「no IP addresses available in range set」で FailedCreatePodSandBox になります。kubelet は後で再試行します。",
            },
        },
        Step {
            id: "web-1-released",
            waits_for: (Reason::IPAMRelease, "pod/web-1"),
            shows: &[On("kind-worker", &[Pod("web-1"), Pod("web-62")])],
            command: None,
            words: text! {
                en: "web-1 is deleted; 2.3 s later CNI DEL releases its .2. Nothing is handed out yet: web-62 waits for its next retry.",
                zh: "web-1 被删除；2.3 秒后 CNI DEL 释放了它的 .2。此时还没有分配给谁：web-62 在等下一次重试。",
                ja: "web-1 が削除され、2.3 秒後に CNI DEL がその .2 を解放します。まだ誰にも割り当てられず、web-62 は次の再試行を待っています。",
            },
        },
        Step {
            id: "web-62-retried",
            waits_for: (Reason::IPAMReserve, "pod/web-62"),
            shows: &[On("kind-worker", &[Pod("web-62"), Address("10.244.0.2")])],
            command: None,
            words: text! {
                en: "On its retry web-62 gets 10.244.0.2: host-local starts after last_reserved_ip (.62), wraps to the start of the range and takes the first free address. The fix people use is a node mask that fits --max-pods (a /24 for 110 pods), or a lower --max-pods.",
                zh: "重试时 web-62 拿到 10.244.0.2：host-local 从 last_reserved_ip（.62）之后开始，绕回范围开头，取第一个空闲地址。常用的解决办法是让节点掩码容得下 --max-pods（110 个 Pod 用 /24），或调低 --max-pods。",
                ja: "再試行で web-62 は 10.244.0.2 を受け取ります。host-local は last_reserved_ip（.62）の次から始め、一周して範囲の先頭に戻り、最初の空きアドレスを取ります。よく使われる対処は、--max-pods が収まるノードマスク（110 Pod なら /24）にするか、--max-pods を下げることです。",
            },
        },
    ],
    questions: &[
        Question {
            before: "web-62-fails",
            text: text! {
                en: "The range is full and the kubelet admits up to 110 pods. What happens to web-62?",
                zh: "地址范围已满，而 kubelet 的准入上限是 110 个 Pod。web-62 会怎样？",
                ja: "範囲は満杯で、kubelet は 110 個まで Pod を受け入れます。web-62 はどうなるでしょう？",
            },
            choices: &[
                text! { en: "The kubelet rejects it: OutOfpods", zh: "kubelet 拒绝它：OutOfpods", ja: "kubelet が拒否する（OutOfpods）" },
                text! { en: "FailedCreatePodSandBox with host-local's error, then retries", zh: "FailedCreatePodSandBox，带 host-local 的错误，然后重试", ja: "host-local のエラーで FailedCreatePodSandBox になり、再試行される" },
                text! { en: "It gets the broadcast .63", zh: "它拿到广播地址 .63", ja: "ブロードキャスト .63 を受け取る" },
            ],
            correct: 1,
            why: text! {
                en: "Admission (canAdmitPod) counts pods against --max-pods, and 62 is under 110, so the sandbox is created; host-local's Get then walks .2–.62 and fails with 'no IP addresses available in range set'.",
                zh: "准入（canAdmitPod）按 --max-pods 计算 Pod 数，62 小于 110，所以沙箱会被创建；随后 host-local 的 Get 遍历 .2–.62，失败并报“no IP addresses available in range set”。",
                ja: "受け入れチェック（canAdmitPod）は Pod の数を --max-pods と比べ、62 は 110 未満なのでサンドボックスが作られます。その後 host-local の Get が .2–.62 を調べ、「no IP addresses available in range set」で失敗します。",
            },
        },
        Question {
            before: "web-62-retried",
            text: text! {
                en: "web-1's .2 was released and last_reserved_ip is .62. Which address does web-62 get on its retry?",
                zh: "web-1 的 .2 已被释放，last_reserved_ip 是 .62。web-62 重试时拿到哪个地址？",
                ja: "web-1 の .2 は解放され、last_reserved_ip は .62 です。web-62 は再試行でどのアドレスを受け取るでしょう？",
            },
            choices: &[
                text! { en: ".63", zh: ".63", ja: ".63" },
                text! { en: ".2", zh: ".2", ja: ".2" },
                text! { en: "None: it stays failed", zh: "没有：它一直失败", ja: "なし：失敗したまま" },
            ],
            correct: 1,
            why: text! {
                en: "Get starts after last_reserved_ip (.62); .63 is the broadcast, outside the range, so it wraps to the range start and takes .2, the only free address.",
                zh: "Get 从 last_reserved_ip（.62）之后开始；.63 是广播地址，不在范围内，所以绕回范围开头，取唯一空闲的 .2。",
                ja: "Get は last_reserved_ip（.62）の次から始めます。.63 はブロードキャストで範囲外なので、一周して範囲の先頭に戻り、唯一の空きアドレス .2 を取ります。",
            },
        },
    ],
    sources: &[
        Source {
            label: "kubernetes-sigs/kubespray#2786",
            url: "https://github.com/kubernetes-sigs/kubespray/pull/2786",
        },
        Source {
            label: "platform9/nodeadm#75",
            url: "https://github.com/platform9/nodeadm/pull/75",
        },
    ],
};
