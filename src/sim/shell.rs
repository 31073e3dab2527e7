//! What the real tools print at a moment of a simulation, one command at a time: `kubectl get … -o
//! jsonpath`, `cat` of the node's conflist (and of flanneld's `subnet.env`), `ls`/`cat` in host-local's
//! directory, `ip -o link`, `ip route`, `bridge link` and `ip link show master cni0` on a node, and
//! `ip addr` / `ip route` in a pod. The same views the transcript prints after its events (`transcript.rs`), for a
//! page that shows one command beside a picture (the article).

use super::event::{Event, Reason};
use super::object::ObjectKind;
use super::simulation::Simulation;
use crate::ipam::bridge::netconf::DEFAULT_BR_NAME;
use crate::ipam::flannel::DEFAULT_SUBNET_FILE;
use crate::ipam::goip::ip_string;
use crate::ipam::ptp::iproute2::{
    bridge_link_lines, ip6_route_lines, ip_addr_lines, ip_link_lines, ip_link_show_master_lines,
    ip_route_lines,
};

/// A command, and where it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shell {
    /// `kubectl get node NODE -o jsonpath='{.spec.podCIDRs}'`.
    PodCidrs(&'static str),
    /// `cat /etc/cni/net.d/10-kindnet.conflist` on a node.
    Conflist(&'static str),
    /// `ls` of host-local's directory on a node.
    Ls(&'static str),
    /// `cat` of a file in host-local's directory on a node (an address, `last_reserved_ip.0`).
    Cat(&'static str, &'static str),
    /// `ip -o link` on a node.
    IpLink(&'static str),
    /// `ip route` on a node.
    IpRoute(&'static str),
    /// `kubectl get pod POD -o jsonpath='{.status.podIPs}'`: the Pod object's status, never the sandbox's.
    PodIps(&'static str),
    /// `cat /run/flannel/subnet.env` on a flannel node.
    SubnetEnv(&'static str),
    /// `bridge link` on a node: the ports of its bridges.
    BridgeLink(&'static str),
    /// `ip link show master cni0` on a node.
    IpLinkMaster(&'static str),
    /// `ip addr` in a pod's network namespace (as `kubectl exec POD -- ip addr` shows it).
    PodIpAddr(&'static str),
    /// `ip route` in a pod's network namespace.
    PodIpRoute(&'static str),
}

/// Which events a command's output depends on: those of one object (`node/x`, `pod/x`), or those that
/// happened on one node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touching {
    /// The object of that kind and name.
    Object(ObjectKind, &'static str),
    /// Any object, on that node.
    Node(&'static str),
}

impl Touching {
    /// Whether `event` is one of them.
    pub fn matches(self, event: &Event) -> bool {
        match self {
            Touching::Object(kind, name) => {
                event.object.kind() == kind && event.object.name() == name
            }
            Touching::Node(node) => event.node.as_deref() == Some(node),
        }
    }
}

/// A command as run: the machine it runs on (empty: a workstation with kubectl), the command line and
/// what it prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ran {
    /// The node it runs on, or empty.
    pub at: String,
    /// The command line.
    pub command: String,
    /// What it prints, line by line.
    pub output: Vec<String>,
}

impl Shell {
    /// The events that change what the command prints: their reasons, and the node they happened on or
    /// the object they name. The article's tests pin each command's moment to one of them.
    pub fn depends_on(self) -> (&'static [Reason], Touching) {
        match self {
            Shell::PodCidrs(node) => (
                &[Reason::PodCIDRPatched],
                Touching::Object(ObjectKind::Node, node),
            ),
            Shell::Conflist(node) => (
                &[Reason::CNIConfigWritten],
                Touching::Object(ObjectKind::Node, node),
            ),
            Shell::Ls(node) | Shell::Cat(node, _) => (
                &[Reason::IPAMReserve, Reason::IPAMRelease],
                Touching::Node(node),
            ),
            Shell::IpLink(node) => (
                &[Reason::VethCreated, Reason::VethDeleted],
                Touching::Node(node),
            ),
            // On a bridge node the connected route comes with cni0's gateway and says `linkdown`
            // while no port (veth) is up.
            Shell::IpRoute(node) => (
                &[
                    Reason::RouteAdded,
                    Reason::RouteRemoved,
                    Reason::NodeRouteAdded,
                    Reason::NodeRouteRemoved,
                    Reason::BridgeGatewayAdded,
                    Reason::VethCreated,
                    Reason::VethDeleted,
                ],
                Touching::Node(node),
            ),
            Shell::PodIps(pod) => (
                &[Reason::PodIPsAssigned, Reason::PodIPsCleared],
                Touching::Object(ObjectKind::Pod, pod),
            ),
            Shell::SubnetEnv(node) => (
                &[Reason::SubnetEnvWritten],
                Touching::Object(ObjectKind::Node, node),
            ),
            Shell::BridgeLink(node) | Shell::IpLinkMaster(node) => (
                &[Reason::VethCreated, Reason::VethDeleted],
                Touching::Node(node),
            ),
            Shell::PodIpAddr(pod) | Shell::PodIpRoute(pod) => (
                &[Reason::VethCreated, Reason::VethDeleted],
                Touching::Object(ObjectKind::Pod, pod),
            ),
        }
    }

    /// The command run on `sim` as it is now; `None` when what it reads is not there (a node not yet
    /// registered, a file not written).
    pub fn run(self, sim: &Simulation) -> Option<Ran> {
        let ran = |at: &str, command: String, output: Vec<String>| Ran {
            at: at.to_string(),
            command,
            output,
        };
        match self {
            Shell::PodCidrs(node) => {
                let cidrs = sim.node_pod_cidrs(node)?;
                let quoted: Vec<String> = cidrs.iter().map(|c| format!("{c:?}")).collect();
                Some(ran(
                    "",
                    format!("kubectl get node {node} -o jsonpath='{{.spec.podCIDRs}}'"),
                    vec![format!("[{}]", quoted.join(","))],
                ))
            }
            Shell::Conflist(node) => {
                let text = sim.node_conflist(node)?;
                let path = sim.node_cni(node)?.conflist_path();
                Some(ran(
                    node,
                    format!("cat {path}"),
                    text.lines().map(str::to_string).collect(),
                ))
            }
            Shell::SubnetEnv(node) => {
                let text = sim.node_subnet_env(node)?;
                Some(ran(
                    node,
                    format!("cat {DEFAULT_SUBNET_FILE}"),
                    text.lines().map(str::to_string).collect(),
                ))
            }
            Shell::BridgeLink(node) => Some(ran(
                node,
                "bridge link".into(),
                bridge_link_lines(sim.node_netns(node)?),
            )),
            Shell::IpLinkMaster(node) => Some(ran(
                node,
                format!("ip link show master {DEFAULT_BR_NAME}"),
                ip_link_show_master_lines(sim.node_netns(node)?, DEFAULT_BR_NAME),
            )),
            Shell::PodIpAddr(pod) => Some(ran(
                "",
                format!("kubectl exec {pod} -- ip addr"),
                ip_addr_lines(sim.pod_netns(pod)?),
            )),
            Shell::PodIpRoute(pod) => {
                let netns = sim.pod_netns(pod)?;
                let mut lines = ip_route_lines(netns);
                lines.extend(
                    ip6_route_lines(netns).into_iter().filter(|line| {
                        !line.starts_with("fe80::") && !line.starts_with("multicast")
                    }),
                );
                Some(ran("", format!("kubectl exec {pod} -- ip route"), lines))
            }
            Shell::Ls(node) => {
                let store = sim.node_store(node)?;
                Some(ran(
                    node,
                    format!("ls {}/", store.dir()),
                    vec![store.ls().join("  ")],
                ))
            }
            Shell::Cat(node, file) => {
                let store = sim.node_store(node)?;
                let content = store.cat(file)?;
                Some(ran(
                    node,
                    format!("cat {}/{file}", store.dir()),
                    content.split("\r\n").map(str::to_string).collect(),
                ))
            }
            Shell::IpLink(node) => Some(ran(
                node,
                "ip -o link".into(),
                ip_link_lines(sim.node_netns(node)?),
            )),
            Shell::IpRoute(node) => Some(ran(node, "ip route".into(), sim.node_ip_routes(node)?)),
            Shell::PodIps(pod) => {
                // What the API holds: jsonpath prints nothing while the kubelet has not posted them.
                let ips = sim.pod_status_ips(pod)?;
                let list: Vec<String> = ips
                    .iter()
                    .map(|ip| format!("{{\"ip\":\"{}\"}}", ip_string(*ip)))
                    .collect();
                Some(ran(
                    "",
                    format!("kubectl get pod {pod} -o jsonpath='{{.status.podIPs}}'"),
                    if list.is_empty() {
                        Vec::new()
                    } else {
                        vec![format!("[{}]", list.join(","))]
                    },
                ))
            }
        }
    }
}

impl std::fmt::Display for Ran {
    /// `NODE$ command` (or `$ command`), then its output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.at.as_str() {
            "" => writeln!(f, "$ {}", self.command)?,
            at => writeln!(f, "{at}$ {}", self.command)?,
        }
        for line in &self.output {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{builtin, Scenario, VirtualTime};
    use std::rc::Rc;

    #[test]
    fn the_kind_worker_after_a_starts() {
        let mut sim = Simulation::new(Rc::new(Scenario::parse(builtin::KIND).expect("parses")));
        sim.run_to(VirtualTime(4_500));
        let ls = Shell::Ls("kind-worker").run(&sim).expect("the directory");
        assert_eq!(ls.command, "ls /run/cni-ipam-state/kindnet/");
        assert!(ls.output[0].contains("10.244.1.2") && ls.output[0].contains("last_reserved_ip.0"));
        let cat = Shell::Cat("kind-worker", "10.244.1.2")
            .run(&sim)
            .expect("the file");
        assert_eq!(cat.output.len(), 2);
        assert_eq!(cat.output[1], "eth0");
        let cidrs = Shell::PodCidrs("kind-worker2").run(&sim).expect("patched");
        assert_eq!(cidrs.output, ["[\"10.244.2.0/24\"]"]);
        assert!(Shell::Ls("nowhere").run(&sim).is_none());
        assert!(
            Ran {
                at: "n".into(),
                command: "ls".into(),
                output: vec!["x".into()]
            }
            .to_string()
                == "n$ ls\nx\n"
        );
    }
}
