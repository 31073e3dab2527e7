//! The readable transcript of a run, as `podip run` prints it and the page exports it: each event with
//! its virtual time, and after the steps where it helps, what the real tools would show at that moment
//! (`kubectl get … -o jsonpath`, `ls`/`cat` in host-local's directory, `ip -o link`, `ip route`).

use super::clock::VirtualTime;
use super::event::{Event, EventKind, Reason};
use super::simulation::Simulation;
use crate::ipam::flannel::DEFAULT_SUBNET_FILE;
use crate::ipam::goip::ip_string;
use crate::ipam::hostlocal::Store;
use crate::ipam::ptp::iproute2::{
    bridge_link_lines, ip6_route_lines, ip_link_lines, ip_route_lines,
};
use crate::ipam::ptp::sysctl::sysctl_lines;
use crate::ipam::ptp::{LinkKind, NetNs};
use std::fmt::Write;

/// The transcript of `sim` (a run not yet started) up to `until`: every action due by then, each batch
/// of events followed by the views it calls for, and a closing line. At the scenario's end it is what
/// `podip run` prints; before or after it, the closing line says where the scenario ends. Past
/// `max_len` bytes it stops after the batch that passed them, and its closing line says so: the views
/// grow with the pods on a node, and a run of thousands of pods tells hundreds of megabytes.
///
/// # Examples
/// ```
/// use podip::sim::{transcript, Scenario, Simulation, VirtualTime};
/// let scenario = Scenario::parse(podip::sim::builtin::KIND).unwrap();
/// let text = transcript(&mut Simulation::new(scenario.clone()), scenario.end, usize::MAX);
/// assert!(text.contains("PodCIDRPatched"));
/// assert!(text.ends_with("end of scenario\n"));
/// let early = transcript(&mut Simulation::new(scenario.clone()), VirtualTime(1_000), usize::MAX);
/// assert!(early.ends_with("shown up to here; the scenario ends at 8.000s\n"));
/// let end = scenario.end;
/// let cut = transcript(&mut Simulation::new(scenario), end, 2_000);
/// assert!(cut.len() < text.len());
/// assert!(cut.ends_with("the transcript stops here, past 2000 bytes; podip run prints it whole\n"));
/// ```
pub fn transcript(sim: &mut Simulation, until: VirtualTime, max_len: usize) -> String {
    let mut transcript = Transcript::default();
    let mut seen = 0;
    while sim.step_until(until).is_some() {
        transcript.render_batch(sim, seen);
        seen = sim.events().len();
        if transcript.out.len() > max_len {
            let _ = writeln!(
                transcript.out,
                "{:>10}  the transcript stops here, past {max_len} bytes; podip run prints it whole",
                sim.now().to_string()
            );
            return transcript.out;
        }
    }
    sim.run_to(until);
    transcript.render_end(sim);
    transcript.out
}

/// The text built so far.
#[derive(Default)]
struct Transcript {
    out: String,
    /// The conflist is long: it is shown once, the first time a node gets it.
    conflist_shown: bool,
    /// flanneld's `subnet.env`, likewise shown once.
    subnet_env_shown: bool,
}

impl Transcript {
    /// Print the events from `first` on, then the views they call for.
    fn render_batch(&mut self, sim: &Simulation, first: usize) {
        let batch = sim.events().since(first);
        for event in batch.clone() {
            self.event_line(event);
        }
        for event in batch {
            self.views_after(sim, event);
        }
    }

    /// The closing line: the scenario's end, or where the transcript stops short of it or past it.
    fn render_end(&mut self, sim: &Simulation) {
        let (now, end) = (sim.now(), sim.end());
        let _ = if now == end {
            writeln!(self.out, "{:>10}  end of scenario", now.to_string())
        } else if now < end {
            writeln!(
                self.out,
                "{:>10}  shown up to here; the scenario ends at {end}",
                now.to_string()
            )
        } else {
            writeln!(
                self.out,
                "{:>10}  shown up to here; the scenario ended at {end}",
                now.to_string()
            )
        };
    }

    fn event_line(&mut self, event: &Event) {
        let kind = match event.kind {
            EventKind::Normal => "Normal ",
            EventKind::Warning => "Warning",
            EventKind::Step => "       ",
        };
        let _ = writeln!(
            self.out,
            "{:>10}  {kind} {:<22} {:<24} {}  [{} {}]",
            event.time_ms.to_string(),
            format!("{:?}", event.reason),
            event.object,
            event.message,
            event
                .upstream
                .file
                .rsplit('/')
                .next()
                .unwrap_or(event.upstream.file),
            event.upstream.function,
        );
    }

    fn views_after(&mut self, sim: &Simulation, event: &Event) {
        let Some(node) = event.node.as_deref() else {
            return;
        };
        let pod = event.object.as_pod();
        match event.reason {
            Reason::PodCIDRPatched => {
                let cidrs = sim.node_pod_cidrs(node).unwrap_or_default();
                let quoted: Vec<String> = cidrs.iter().map(|c| format!("{c:?}")).collect();
                self.command(
                    "",
                    &format!("kubectl get node {node} -o jsonpath='{{.spec.podCIDRs}}'"),
                    &[format!("[{}]", quoted.join(","))],
                );
            }
            Reason::CNIConfigWritten if !self.conflist_shown => {
                if let Some(text) = sim.node_conflist(node) {
                    self.conflist_shown = true;
                    let lines: Vec<String> = text.lines().map(str::to_string).collect();
                    let path = sim.node_cni(node).unwrap_or_default().conflist_path();
                    self.command(node, &format!("cat {path}"), &lines);
                }
            }
            Reason::SubnetEnvWritten if !self.subnet_env_shown => {
                if let Some(text) = sim.node_subnet_env(node) {
                    self.subnet_env_shown = true;
                    let lines: Vec<String> = text.lines().map(str::to_string).collect();
                    self.command(node, &format!("cat {DEFAULT_SUBNET_FILE}"), &lines);
                }
            }
            Reason::VethCreated => {
                let Some(pod) = pod else { return };
                let (Some(netns), Some(store), Some((_, ips))) = (
                    sim.node_netns(node),
                    sim.node_store(node),
                    sim.pod_sandbox(pod),
                ) else {
                    return;
                };
                self.ipam_dir(node, store);
                for ip in ips {
                    let name = ip_string(*ip);
                    let content = store.cat(&name).unwrap_or_default();
                    let lines: Vec<String> = content.split("\r\n").map(str::to_string).collect();
                    self.command(node, &format!("cat {}/{name}", store.dir()), &lines);
                }
                for file in store
                    .ls()
                    .iter()
                    .filter(|f| f.starts_with("last_reserved_ip."))
                {
                    let content = store.cat(file).unwrap_or_default();
                    self.command(node, &format!("cat {}/{file}", store.dir()), &[content]);
                }
                self.ip_views(node, netns);
                if sim.node_cni(node).is_some_and(|chain| chain.is_flannel()) {
                    self.command(node, "bridge link", &bridge_link_lines(netns));
                }
                if let Some(pod_ns) = sim.pod_netns(pod) {
                    self.sysctls(node, netns, pod_ns);
                    let at = format!("{node} (pod {pod}, nsenter)");
                    self.ip_views(&at, pod_ns);
                }
            }
            Reason::BlockClaimed => {
                self.command(
                    "",
                    "calicoctl ipam show --show-blocks",
                    &sim.calico_ipam_show(true),
                );
                self.command(
                    "",
                    "kubectl get ipamblocks.crd.projectcalico.org",
                    &sim.kubectl_get_ipamblocks(),
                );
                self.command(
                    "",
                    "kubectl get blockaffinities.crd.projectcalico.org",
                    &sim.kubectl_get_blockaffinities(),
                );
            }
            Reason::IPBorrowed => {
                if let Some((_, ips)) = pod.and_then(|pod| sim.pod_sandbox(pod)) {
                    for ip in ips {
                        self.command(
                            "",
                            &format!("calicoctl ipam show --ip={}", ip_string(*ip)),
                            &sim.calico_ipam_show_ip(*ip),
                        );
                    }
                }
                if let Some(lines) = sim.node_ip_routes(node) {
                    self.command(node, "ip route", &lines);
                }
            }
            Reason::PodIPsAssigned => {
                let Some(pod) = pod else { return };
                if let Some(ips) = sim.pod_status_ips(pod) {
                    let list: Vec<String> = ips
                        .iter()
                        .map(|ip| format!("{{\"ip\":\"{}\"}}", ip_string(*ip)))
                        .collect();
                    self.command(
                        "",
                        &format!("kubectl get pod {pod} -o jsonpath='{{.status.podIPs}}'"),
                        &[format!("[{}]", list.join(","))],
                    );
                }
            }
            Reason::SandboxRemoved => {
                if let Some(store) = sim.node_store(node) {
                    self.ipam_dir(node, store);
                }
                if let Some(netns) = sim.node_netns(node) {
                    self.routes(node, netns, sim.node_ip_routes(node));
                }
            }
            _ => {}
        }
    }

    fn ipam_dir(&mut self, node: &str, store: &Store) {
        self.command(
            node,
            &format!("ls {}/", store.dir()),
            &[store.ls().join("  ")],
        );
    }

    fn ip_views(&mut self, at: &str, netns: &NetNs) {
        self.command(at, "ip -o link", &ip_link_lines(netns));
        self.routes(at, netns, None);
    }

    /// What ptp's ADD wrote on the node: forwarding, and `accept_ra` on this pod's host veth.
    fn sysctls(&mut self, node: &str, netns: &NetNs, pod_ns: &NetNs) {
        let host_veth = pod_ns
            .link_by_name("eth0")
            .and_then(|eth0| match eth0.kind {
                LinkKind::Veth { peer_ifindex, .. } => netns.link_by_index(peer_ifindex),
                LinkKind::Loopback | LinkKind::Bridge { .. } | LinkKind::Vxlan { .. } => None,
            })
            .map(|link| format!("net.ipv6.conf.{}.", link.name));
        let lines: Vec<String> = sysctl_lines(netns)
            .into_iter()
            .filter(|line| {
                !line.contains(".accept_ra")
                    || host_veth
                        .as_deref()
                        .is_some_and(|veth| line.starts_with(veth))
            })
            .collect();
        let names: Vec<&str> = lines.iter().filter_map(|l| l.split(" = ").next()).collect();
        self.command(node, &format!("sysctl {}", names.join(" ")), &lines);
    }

    /// `ip route` (the node's own lines when given: BIRD's on a Calico node), then `ip -6 route` when
    /// it holds more than the kernel's.
    fn routes(&mut self, at: &str, netns: &NetNs, lines: Option<Vec<String>>) {
        let lines = lines.unwrap_or_else(|| ip_route_lines(netns));
        self.command(at, "ip route", &lines);
        let v6 = ip6_route_lines(netns);
        if v6
            .iter()
            .any(|line| !line.starts_with("fe80::") && !line.starts_with("::1 "))
        {
            self.command(at, "ip -6 route", &v6);
        }
    }

    /// `            $ command` (prefixed by the machine it runs on), then its output indented.
    fn command(&mut self, at: &str, command: &str, output: &[String]) {
        let prompt = if at.is_empty() {
            "$".to_string()
        } else {
            format!("{at}$")
        };
        let _ = writeln!(self.out, "            {prompt} {command}");
        for line in output {
            let _ = writeln!(self.out, "              {line}");
        }
    }
}
