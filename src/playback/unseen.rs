//! What the rest of a moment made after the event shown. A tour step stands right after its own event
//! ([`super::Cursor::go_to_step`]), but the action that logged it may have logged more at once: pod
//! a's CNI ADD reserves its address, then makes the veth pair, then the route; kube-controller-manager
//! allocates a subnet, then PATCHes the node. What those later events made is hidden from the views,
//! so the picture is the state right after the step's event.

use crate::ipam::bridge::netconf::DEFAULT_BR_NAME;
use crate::sim::grid::{AddressGrid, CellStatus};
use crate::sim::state::{NodeState, PodState};
use crate::sim::{Event, Reason};

/// What the events after the one shown made, by the names the views know it by.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unseen {
    /// (node, address) of IP files host-local wrote.
    ip_files: Vec<(String, String)>,
    /// Host veths ptp made.
    veths: Vec<String>,
    /// (node, route as `ip route` prints it) of routes added.
    routes: Vec<(String, String)>,
    /// Nodes whose `spec.podCIDRs` were PATCHed.
    pod_cidrs: Vec<String>,
    /// Nodes whose conflist kindnetd wrote.
    conflists: Vec<String>,
    /// Pods whose `status.podIPs` the kubelet wrote.
    pod_ips: Vec<String>,
    /// Nodes whose bridge (`cni0`) the bridge plugin made.
    bridges: Vec<String>,
    /// Nodes whose bridge got its gateway, and with it the connected route (`ensureAddr`).
    bridge_gateways: Vec<String>,
    /// Nodes whose `subnet.env` flanneld wrote.
    subnet_envs: Vec<String>,
}

impl Unseen {
    /// What `later` made (only what they added: a step's words never stand between a removal and
    /// what goes with it, which one DEL does together).
    pub fn of<'a>(later: impl Iterator<Item = &'a Event>) -> Unseen {
        let mut unseen = Unseen::default();
        for event in later {
            let touched = event.touched();
            let node = touched.node.clone().unwrap_or_default();
            match event.reason {
                Reason::IPAMReserve => {
                    unseen.ip_files.extend(touched.ip_file.map(|ip| (node, ip)));
                }
                Reason::VethCreated => unseen.veths.extend(touched.veth),
                Reason::RouteAdded | Reason::NodeRouteAdded => {
                    unseen
                        .routes
                        .extend(touched.route.map(|route| (node, route)));
                }
                Reason::PodCIDRPatched => unseen.pod_cidrs.push(node),
                Reason::CNIConfigWritten => unseen.conflists.push(node),
                Reason::PodIPsAssigned => unseen.pod_ips.extend(touched.pod),
                Reason::BridgeCreated => unseen.bridges.push(node),
                Reason::BridgeGatewayAdded => unseen.bridge_gateways.push(node),
                Reason::SubnetEnvWritten => unseen.subnet_envs.push(node),
                _ => {}
            }
        }
        unseen
    }

    /// Whether nothing is hidden.
    pub fn is_empty(&self) -> bool {
        *self == Unseen::default()
    }

    /// `node` as it was before those events.
    pub fn hide_in_node(&self, node: &mut NodeState) {
        if self.is_empty() {
            return;
        }
        let name = node.name.clone();
        let file = |ip: &str| self.ip_files.iter().any(|(n, f)| *n == name && f == ip);
        node.ipam.reserved.retain(|ip, _| !file(ip));
        node.ipam.ls.retain(|entry| !file(entry));
        node.veths.retain(|veth| !self.veths.contains(&veth.name));
        node.routes
            .retain(|route| !self.routes.iter().any(|(n, r)| *n == name && r == route));
        // ptp's `accept_ra` line names the host veth it was written for.
        node.sysctl
            .retain(|line| !self.veths.iter().any(|veth| line.contains(veth.as_str())));
        if self.pod_cidrs.contains(&name) {
            node.pod_cidrs.clear();
        }
        if self.conflists.contains(&name) {
            node.conflist = None;
        }
        if self.subnet_envs.contains(&name) {
            node.subnet_env = None;
        }
        if self.bridges.contains(&name) {
            node.bridge = None;
        }
        if self.bridges.contains(&name) || self.bridge_gateways.contains(&name) {
            // The gateway on the bridge, and the connected route it brought.
            let dev = format!(" dev {DEFAULT_BR_NAME} ");
            node.routes.retain(|route| !route.contains(&dev));
            if let Some(bridge) = &mut node.bridge {
                bridge.addresses.clear();
            }
        }
    }

    /// `pod` as it was before those events.
    pub fn hide_in_pod(&self, pod: &mut PodState) {
        if self.pod_ips.contains(&pod.name) {
            pod.ips.clear();
        }
    }

    /// Node `node`'s address grid as it was before those events: an address whose file is hidden is
    /// free again.
    pub fn hide_in_grid(&self, node: &str, grid: &mut AddressGrid) {
        for cell in &mut grid.cells {
            if self
                .ip_files
                .iter()
                .any(|(n, ip)| n == node && *ip == cell.ip)
            {
                cell.status = CellStatus::Free;
            }
        }
    }
}
