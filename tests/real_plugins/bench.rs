//! The bench: one node's namespace with its uplink, a namespace per sandbox, host-local's `dataDir` in a
//! temporary directory, the real plugins and podip's model side by side. Each step (a sandbox's ADD or
//! DEL) runs on both; then what each holds is compared, and any difference fails with both sides.

use super::compare::{
    differences, model_views, push_dir, push_views, report, without_plugin_veth_qlen, Difference,
    Snapshot, Tokens,
};
use super::kernel::{read_dir, settle, Netns, TempDir};
use super::libcni::{Call, RealChain};
use super::model::{Flannel, Kindnet, ModelChain, Sandbox};
use super::node::{node_with_uplink, real_sysctls, NodeSpec};
use podip::ipam::cni::CniResult;
use podip::ipam::goip::ip_string;
use podip::ipam::ptp::sysctl::sysctl_lines;
use podip::ipam::ptp::{Entropy, NetNs};
use std::path::Path;
use std::time::Duration;

/// How long the kernel may take to finish what a plugin started (a veth's carrier, link-local
/// addresses) before a difference counts.
const SETTLE: Duration = Duration::from_secs(5);

/// A sandbox the runtime has set up and not yet torn down.
struct Live {
    /// What CNI is told about it.
    sandbox: Sandbox,
    /// Its namespace on the machine.
    netns: Netns,
}

/// One node, both sides. Fields drop in order: the sandboxes' namespaces, then the node's, then the
/// directory.
pub struct Bench {
    /// The scenario's name, for namespace names and reports.
    name: &'static str,
    /// Live sandboxes, in the order they were added.
    live: Vec<Live>,
    /// podip's side.
    model: Box<dyn ModelChain>,
    /// The node's namespace, where the plugins run.
    node: Netns,
    /// The namespace at the other end of the node's `eth0` (Docker's network in kind).
    wire: Netns,
    /// host-local's `dataDir`.
    _data_dir: TempDir,
    /// Sandbox IDs and pod UIDs, drawn as containerd and the API server would.
    ids: Entropy,
    /// The real side's random texts, as tokens.
    real_tokens: Tokens,
    /// The model's random texts, as the same tokens.
    model_tokens: Tokens,
    /// Whether this kernel lists `::1 dev lo` in the main IPv6 table.
    kernel_has_lo_v6_route: bool,
    /// Steps run so far.
    steps: usize,
}

impl Bench {
    /// A node running kindnet's chain (ptp + host-local + portmap), as podip's kindnetd writes it.
    pub fn kindnet(name: &'static str, spec: &NodeSpec) -> Bench {
        let data_dir = TempDir::create(name);
        // podip's conflist names its `dataDir` by a `&'static str`; one small string per bench.
        let dir: &'static str = Box::leak(data_dir.0.display().to_string().into_boxed_str());
        let (node, wire, uplink) = node_with_uplink(name, spec);
        let model = Kindnet::new(spec.pod_cidrs, spec.mtu, dir, NetNs::node(&uplink));
        Bench::new(name, Box::new(model), node, wire, data_dir)
    }

    /// A node running flannel's chain (flannel → bridge + host-local, then portmap): flanneld's
    /// `subnet.env` from the node's podCIDRs and the cluster's `network` (and `ipv6_network`), the
    /// delegate configuration podip's flannel plugin builds from it, fed to Debian's bridge. host-local's
    /// `dataDir` (`/var/lib/cni/networks` on a real node) is the bench's directory, through flannel's
    /// `ipam` keys.
    pub fn flannel(
        name: &'static str,
        spec: &NodeSpec,
        network: &str,
        ipv6_network: Option<&str>,
    ) -> Bench {
        let data_dir = TempDir::create(name);
        let dir = data_dir.0.display().to_string();
        let (node, wire, uplink) = node_with_uplink(name, spec);
        let model = Flannel::new(
            spec.pod_cidrs,
            spec.mtu,
            network,
            ipv6_network,
            &dir,
            NetNs::node(&uplink),
        );
        Bench::new(name, Box::new(model), node, wire, data_dir)
    }

    fn new(
        name: &'static str,
        model: Box<dyn ModelChain>,
        node: Netns,
        wire: Netns,
        data_dir: TempDir,
    ) -> Bench {
        let kernel_has_lo_v6_route = node
            .ip(&["-6", "route"])
            .lines()
            .any(|line| line.starts_with("::1 dev lo "));
        let bench = Bench {
            name,
            live: Vec::new(),
            model,
            node,
            wire,
            _data_dir: data_dir,
            ids: Entropy::from_seed(2026),
            real_tokens: Tokens::default(),
            model_tokens: Tokens::default(),
            kernel_has_lo_v6_route,
            steps: 0,
        };
        bench.check("the node before any pod", Vec::new());
        bench
    }

    /// CNI ADD of a new sandbox for `pod`: its addresses, or the chain's error.
    pub fn add(&mut self, pod: &str) -> Result<Vec<String>, String> {
        self.add_sandbox(pod, None)
    }

    /// CNI ADD with a requested IP, as `CNI_ARGS` `IP=` (podip's `pod add --ip`).
    pub fn add_requesting(&mut self, pod: &str, ip: &str) -> Result<Vec<String>, String> {
        self.add_sandbox(pod, Some(ip))
    }

    fn add_sandbox(&mut self, pod: &str, ip: Option<&str>) -> Result<Vec<String>, String> {
        self.steps += 1;
        let step = match ip {
            Some(ip) => format!("step {}: ADD {pod} with IP={ip}", self.steps),
            None => format!("step {}: ADD {pod}", self.steps),
        };
        let netns = Netns::create(&format!("{}-{pod}", self.name));
        let container_id = self.ids.sandbox_id().to_string();
        // containerd's CNI_ARGS; a pod's UID is a version-4 UUID, drawn here as a boot ID is.
        let mut cni_args = format!(
            "IgnoreUnknown=1;K8S_POD_NAMESPACE=default;K8S_POD_NAME={pod};\
             K8S_POD_INFRA_CONTAINER_ID={container_id};K8S_POD_UID={}",
            self.ids.boot_id()
        );
        if let Some(ip) = ip {
            cni_args.push_str(&format!(";IP={ip}"));
        }
        let sandbox = Sandbox {
            pod: pod.to_string(),
            container_id,
            netns_name: netns.name.clone(),
            first_free_ifindex: netns.first_free_ifindex,
            cni_args,
        };
        let path = netns.path();
        let call = Call {
            container_id: &sandbox.container_id,
            netns: &path,
            args: &sandbox.cni_args,
        };
        let real = RealChain::new(&self.node, self.model.conflist()).add(&call);
        let model = self.model.add(&sandbox);

        let mut found = Vec::new();
        match (&real, &model) {
            (Ok(real), Ok(model)) => {
                let real: CniResult = serde_json::from_value(real.clone()).unwrap_or_else(|err| {
                    panic!("{step}: the chain's result is no CNI result ({err}): {real}")
                });
                self.learn_tokens(pod, &real, model);
                // The result's `version` (0.3.x) and empty `dns` are not modelled: podip never shows
                // the result, only what the plugins did.
                let show = |result: &CniResult, tokens: &Tokens| -> Vec<String> {
                    let json = serde_json::to_string_pretty(result).unwrap_or_default();
                    json.lines().map(|line| tokens.apply(line)).collect()
                };
                found.push(Difference {
                    title: "the chain's ADD result".into(),
                    podip: show(model, &self.model_tokens),
                    real: show(&real, &self.real_tokens),
                });
            }
            (Err(real), Err(model)) => found.push(Difference {
                title: "the chain's ADD error".into(),
                podip: vec![model.clone()],
                real: vec![real.text.clone()],
            }),
            _ => found.push(Difference {
                title: "the chain's ADD outcome".into(),
                podip: vec![format!("{model:?}")],
                real: vec![format!("{real:?}")],
            }),
        }
        found.retain(|d| d.podip != d.real);

        if real.is_ok() && model.is_ok() {
            self.live.push(Live { sandbox, netns });
        } else {
            // containerd tears a sandbox whose ADD failed down: CNI DEL, then its namespace goes.
            if let Err(err) = RealChain::new(&self.node, self.model.conflist()).del(&call) {
                found.push(del_failed(&err.plugin, &err.text));
            }
            if model.is_ok() {
                self.model.del(&sandbox);
            }
            drop(netns);
        }
        self.check(&step, found);
        model.map(|result| {
            result
                .ips
                .iter()
                .map(|ip| ip_string(ip.address.addr()))
                .collect()
        })
    }

    /// CNI DEL of `pod`'s sandbox, then its namespace goes, as containerd's `StopPodSandbox` does.
    pub fn del(&mut self, pod: &str) {
        self.steps += 1;
        let step = format!("step {}: DEL {pod}", self.steps);
        let at = self
            .live
            .iter()
            .position(|live| live.sandbox.pod == pod)
            .unwrap_or_else(|| panic!("{step}: no live sandbox of {pod}"));
        let live = self.live.remove(at);
        let path = live.netns.path();
        let call = Call {
            container_id: &live.sandbox.container_id,
            netns: &path,
            args: &live.sandbox.cni_args,
        };
        let mut found = Vec::new();
        if let Err(err) = RealChain::new(&self.node, self.model.conflist()).del(&call) {
            found.push(del_failed(&err.plugin, &err.text));
        }
        self.model.del(&live.sandbox);
        drop(live);
        self.check(&step, found);
    }

    /// The host-local files of the node, as the real plugins left them: `(name, content)`.
    pub fn files(&self) -> Vec<(String, String)> {
        read_dir(Path::new(&self.model.data_dir().0)).unwrap_or_default()
    }

    /// The node's `ip route`, as the kernel prints it.
    pub fn node_routes(&self) -> Vec<String> {
        self.node.ip_views().route
    }

    /// The node's links, by name.
    pub fn node_links(&self) -> Vec<String> {
        self.node.links().into_iter().map(|l| l.name).collect()
    }

    /// Compares both sides' state (waiting for the kernel to settle) and fails with `found` and every
    /// difference.
    fn check(&self, step: &str, mut found: Vec<Difference>) {
        let podip = self.model_snapshot();
        let real = settle(SETTLE, || self.real_snapshot(), |real| *real == podip);
        found.extend(differences(&podip, &real));
        if !found.is_empty() {
            panic!(
                "{}",
                report(&format!("{}, {step}", self.name), &found, &self.legend())
            );
        }
    }

    /// Pairs the interfaces of the two results: their random names and MACs become the same tokens.
    fn learn_tokens(&mut self, pod: &str, real: &CniResult, model: &CniResult) {
        for (i, (r, m)) in real.interfaces.iter().zip(&model.interfaces).enumerate() {
            let token = format!("{pod}'s interface {i}");
            if r.name != m.name {
                self.real_tokens.add(&r.name, &format!("«{token}»"));
                self.model_tokens.add(&m.name, &format!("«{token}»"));
            }
            self.real_tokens.add_mac(&r.mac, &token);
            self.model_tokens.add_mac(&m.mac, &token);
        }
    }

    /// What each token stood for on either side.
    fn legend(&self) -> Vec<String> {
        let mut legend: Vec<String> = self
            .model_tokens
            .legend()
            .map(|(token, text)| format!("{token}: podip {text}"))
            .collect();
        legend.extend(
            self.real_tokens
                .legend()
                .map(|(token, text)| format!("{token}: real {text}")),
        );
        legend.sort();
        legend
    }

    /// podip's side, normalised.
    fn model_snapshot(&self) -> Snapshot {
        let mut snapshot = Snapshot::default();
        let (dir, files) = self.model.data_dir();
        push_dir(&mut snapshot, &dir, files);
        let node = self.model.node();
        push_views(&mut snapshot, "node", model_views(node));
        snapshot.push("node: sysctl", sysctl_lines(node));
        for live in &self.live {
            let title = format!("pod {}", live.sandbox.pod);
            match self.model.pod(&live.sandbox.container_id) {
                Some(ns) => {
                    push_views(&mut snapshot, &title, model_views(ns));
                    snapshot.push(format!("{title}: sysctl"), sysctl_lines(ns));
                }
                None => snapshot.push(title, vec!["(no namespace)".into()]),
            }
        }
        let drop_lo_route = !self.kernel_has_lo_v6_route;
        snapshot.map(|title, line| {
            // Kernels differ on whether `::1 dev lo` is in the main table as well as the local one;
            // lo is not the plugins' work, so podip's line stands only where this kernel has it.
            if drop_lo_route && line.starts_with("::1 dev lo ") {
                return None;
            }
            // `ipam.ConfigureIface` writes `keep_addr_on_down = 1` before an IPv6 address since
            // containernetworking/plugins commit 062b3fce (2025-03, in v1.7.0); Debian's 1.1.1
            // predates it.
            if line.contains(".keep_addr_on_down = ") {
                return None;
            }
            Some(without_plugin_veth_qlen(
                title,
                &self.model_tokens.apply(line),
            ))
        })
    }

    /// The real side, normalised.
    fn real_snapshot(&self) -> Snapshot {
        let mut snapshot = Snapshot::default();
        let dir = self.model.data_dir().0;
        push_dir(&mut snapshot, &dir, read_dir(Path::new(&dir)));
        let node = self.node.ip_views();
        let sysctls = real_sysctls(&self.node, &node.link);
        push_views(&mut snapshot, "node", node);
        snapshot.push("node: sysctl", sysctls);
        for live in &self.live {
            let title = format!("pod {}", live.sandbox.pod);
            push_views(&mut snapshot, &title, live.netns.ip_views());
            snapshot.push(format!("{title}: sysctl"), live.netns.pod_sysctls());
        }
        let our_names = [
            format!("link-netns {}", self.node.name),
            format!("link-netns {}", self.wire.name),
        ];
        snapshot.map(|title, line| {
            let mut line = self.real_tokens.apply(line);
            // On a node the pods' peer is the initial namespace and Docker's is unnamed: `ip` prints
            // their ids. Ours have names, so the machine's own namespaces stay untouched.
            for name in &our_names {
                line = line.replace(name, "link-netnsid 0");
            }
            // IPv6 duplicate address detection's passing state: podip shows the settled address.
            line = line.replace(" tentative", "");
            Some(without_plugin_veth_qlen(title, &line))
        })
    }
}

/// A DEL that failed on the real plugins (podip's DEL does not fail).
fn del_failed(plugin: &str, text: &str) -> Difference {
    Difference {
        title: "the chain's DEL".into(),
        podip: vec!["(succeeds)".into()],
        real: vec![format!("{plugin}: {text}")],
    }
}
