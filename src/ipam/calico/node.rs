//! The node's side of Calico: the pod's veth and routes, the node's routes, the tunnel address, and the
//! conflist calico-node installs.
//!
//! Models `libcalico-go/lib/backend/k8s/conversion/workload_endpoint_default.go` (`VethNameForWorkload`),
//! `cni-plugin/pkg/dataplane/linux/dataplane_linux.go` (`DoNetworking`, `configureSysctls`,
//! `setupRoutes`), `node/pkg/allocateip/allocateip.go` (`assignHostTunnelAddr`,
//! `generateHandleAndAttributes`), `manifests/calico.yaml` (`cni_network_config`, `CALICO_IPV4POOL_IPIP`)
//! and `cni-plugin/pkg/install/install.go` (the placeholders it fills, `CNI_CONF_NAME`).
//!
//! Encapsulation: the manifest install (`kubectl apply -f calico.yaml`, the one most kubeadm courses use)
//! creates its pool with `CALICO_IPV4POOL_IPIP: Always` and BIRD as the routing daemon, so every other
//! node's block is routed through `tunl0`, and `tunl0` takes an address of the node's first block before
//! any pod does. (The operator's `custom-resources.yaml` says `VXLANCrossSubnet` instead: `vxlan.calico`
//! takes that address, and nodes on one subnet are routed without a tunnel.) The model draws the
//! manifest's IP-in-IP.

use super::block::{ATTRIBUTE_NODE, ATTRIBUTE_TYPE_IPIP};
use super::ipam::{AutoAssignArgs, Ipam};
use super::store::IpamError;
use crate::ipam::goip::GoIp;
use crate::order;
use ipnet::IpNet;
use std::collections::BTreeMap;
use std::fmt;
use std::net::IpAddr;

/// The interface prefix when `FELIX_INTERFACEPREFIX` is unset.
pub const INTERFACE_PREFIX: &str = "cali";
/// The pod's gateway: a link-local address no interface owns; the host end answers for it by proxy ARP.
pub const POD_GATEWAY: &str = "169.254.1.1";
/// The MAC every host-side `cali…` interface gets (`hostSideMAC`).
pub const HOST_SIDE_MAC: &str = "ee:ee:ee:ee:ee:ee";
/// The IP-in-IP device of the manifest install.
pub const IPIP_DEVICE: &str = "tunl0";
/// The file calico-node's `install-cni` writes (`CNI_CONF_NAME`'s default).
pub const CONFLIST_NAME: &str = "10-calico.conflist";

/// `VethNameForWorkload`: `cali` and the first 11 hex digits of SHA-1 of `<namespace>.<pod>`, so a pod's
/// host interface has the same name on every restart.
///
/// # Examples
/// ```
/// use podip::ipam::calico::node::veth_name_for_workload;
/// assert_eq!(veth_name_for_workload("namespace", "podname"), "cali82111e10a96");
/// ```
pub fn veth_name_for_workload(namespace: &str, pod: &str) -> String {
    let digest = sha1_smol::Sha1::from(format!("{namespace}.{pod}"))
        .digest()
        .to_string();
    format!("{INTERFACE_PREFIX}{}", &digest[..11])
}

/// The host-side sysctls `configureSysctls` writes for an IPv4 pod, as `sysctl` names them.
pub fn host_veth_sysctls(host_veth: &str) -> [String; 4] {
    [
        "net.ipv4.ip_forward=1".to_string(),
        format!("net.ipv4.conf.{host_veth}.route_localnet=1"),
        format!("net.ipv4.neigh.{host_veth}.proxy_delay=0"),
        format!("net.ipv4.conf.{host_veth}.proxy_arp=1"),
    ]
}

/// The pod's `ip route`: the gateway on-link, then the default route through it.
///
/// # Examples
/// ```
/// use podip::ipam::calico::node::pod_routes;
/// assert_eq!(pod_routes("eth0"), ["default via 169.254.1.1 dev eth0", "169.254.1.1 dev eth0 scope link"]);
/// ```
pub fn pod_routes(ifname: &str) -> [String; 2] {
    [
        format!("default via {POD_GATEWAY} dev {ifname}"),
        format!("{POD_GATEWAY} dev {ifname} scope link"),
    ]
}

/// The pod's address on its interface: always a /32 (/128), whatever the block's size.
pub fn pod_address(ip: IpAddr) -> String {
    let bits = if ip.is_ipv4() { 32 } else { 128 };
    format!("{}/{bits}", GoIp(ip))
}

/// The node's route to one of its pods (`setupRoutes`).
pub fn pod_route(ip: IpAddr, host_veth: &str) -> String {
    format!("{} dev {host_veth} scope link", GoIp(ip))
}

/// Where a route BIRD installs leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BirdHop {
    /// `blackhole <block> proto bird`: a block the node holds; addresses of it that no pod here uses
    /// are dropped, not sent out by a wider route.
    Blackhole,
    /// `<dst> via <node> dev tunl0 proto bird onlink`: another node's block, or an address it borrowed
    /// (a /32), under IP-in-IP `Always`.
    Via(IpAddr),
}

/// A route BIRD installs on a node; it displays as `ip route` prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BirdRoute {
    pub dst: IpNet,
    pub hop: BirdHop,
}

impl fmt::Display for BirdRoute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hop == BirdHop::Blackhole {
            f.write_str("blackhole ")?;
        }
        // `ip route` leaves a host route's prefix length off.
        write!(f, "{}", GoIp(self.dst.addr()))?;
        if self.dst.prefix_len() != self.dst.max_prefix_len() {
            write!(f, "/{}", self.dst.prefix_len())?;
        }
        match self.hop {
            BirdHop::Blackhole => f.write_str(" proto bird"),
            BirdHop::Via(gateway) => write!(
                f,
                " via {} dev {IPIP_DEVICE} proto bird onlink",
                GoIp(gateway)
            ),
        }
    }
}

/// BIRD's route for a block the node holds.
pub fn blackhole_route(block: &IpNet) -> String {
    BirdRoute {
        dst: *block,
        hop: BirdHop::Blackhole,
    }
    .to_string()
}

/// BIRD's route to another node's block.
pub fn ipip_route(block: &IpNet, node_ip: IpAddr) -> String {
    BirdRoute {
        dst: *block,
        hop: BirdHop::Via(node_ip),
    }
    .to_string()
}

/// A node's `ip route` lines for Calico, in the kernel's order (by destination): its blackholes, its pods'
/// /32s and the tunnel routes to every other node's blocks. `pods` are (address, host veth);
/// `other_blocks` are (block, that node's address).
pub fn node_routes(
    ipam: &Ipam,
    node: &str,
    pods: &[(IpAddr, String)],
    other_blocks: &[(IpNet, IpAddr)],
) -> Vec<String> {
    let mut routes: Vec<(IpNet, String)> = ipam
        .affine_blocks(node, 4)
        .into_iter()
        .map(|b| (b, blackhole_route(&b)))
        .collect();
    routes.extend(pods.iter().filter_map(|(ip, veth)| {
        IpNet::new(*ip, if ip.is_ipv4() { 32 } else { 128 })
            .ok()
            .map(|net| (net, pod_route(*ip, veth)))
    }));
    routes.extend(other_blocks.iter().map(|(b, ip)| (*b, ipip_route(b, *ip))));
    order::sort_by_key(&mut routes, |(net, _)| (net.network(), net.prefix_len()));
    routes.into_iter().map(|(_, line)| line).collect()
}

/// `generateHandleAndAttributes` for IP-in-IP: `ipip-tunnel-addr-<node>`.
pub fn ipip_tunnel_handle(node: &str) -> String {
    format!("ipip-tunnel-addr-{node}")
}

/// `assignHostTunnelAddr`: calico-node's first act on a node, before any pod: one address for `tunl0`
/// from `AutoAssign`, which claims the node's first block, so that block's first address is the
/// tunnel's and the first pod gets the next.
pub fn assign_host_tunnel_addr(ipam: &mut Ipam, node: &str) -> Result<Option<IpNet>, IpamError> {
    let attrs = BTreeMap::from([
        (ATTRIBUTE_NODE.to_string(), node.to_string()),
        ("type".to_string(), ATTRIBUTE_TYPE_IPIP.to_string()),
    ]);
    let result = ipam.auto_assign(&AutoAssignArgs {
        num4: 1,
        handle_id: Some(ipip_tunnel_handle(node)),
        attrs,
        hostname: node.to_string(),
        ..AutoAssignArgs::default()
    });
    match result.error {
        Some(error) => Err(error),
        None => Ok(result.v4.and_then(|ia| ia.ips.first().copied())),
    }
}

/// `10-calico.conflist` as `install-cni` writes it from the manifest's `cni_network_config`: the node's
/// name, `mtu` from `veth_mtu` (`"0"`: Felix picks the MTU), the kubeconfig it writes beside it.
///
/// # Examples
/// ```
/// use podip::ipam::calico::node::calico_conflist;
/// let conflist = calico_conflist("kind-worker");
/// assert!(conflist.contains(r#""nodename": "kind-worker","#));
/// assert!(conflist.contains(r#""type": "calico-ipam""#));
/// ```
pub fn calico_conflist(node: &str) -> String {
    format!(
        r#"{{
  "name": "k8s-pod-network",
  "cniVersion": "1.0.0",
  "plugins": [
    {{
      "type": "calico",
      "log_level": "info",
      "log_file_path": "/var/log/calico/cni/cni.log",
      "datastore_type": "kubernetes",
      "nodename": "{node}",
      "mtu": 0,
      "ipam": {{
          "type": "calico-ipam"
      }},
      "policy": {{
          "type": "k8s"
      }},
      "kubernetes": {{
          "kubeconfig": "/etc/cni/net.d/calico-kubeconfig"
      }}
    }},
    {{
      "type": "portmap",
      "snat": true,
      "capabilities": {{"portMappings": true}}
    }}
  ]
}}"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipam::calico::plugin::{cmd_add, Families, Workload};
    use crate::ipam::calico::IpPool;

    #[test]
    fn the_tunnel_takes_the_first_address_and_the_first_pod_the_second() {
        let pool = IpPool::new(
            "default-ipv4-ippool",
            "192.168.0.0/16".parse().unwrap(),
            None,
        )
        .unwrap();
        let mut ipam = Ipam::new(vec![pool]);
        let tunnel = assign_host_tunnel_addr(&mut ipam, "kind-worker")
            .unwrap()
            .unwrap();
        let pod = Workload {
            container_id: "c",
            node: "kind-worker",
            namespace: "default",
            pod: "a",
        };
        let ip = cmd_add(&mut ipam, &pod, Families::default()).unwrap()[0];
        assert_eq!(tunnel.addr(), tunnel.network());
        assert_eq!(ip.trunc(), tunnel.trunc());
        let veth = veth_name_for_workload("default", "a");
        let routes = node_routes(&ipam, "kind-worker", &[(ip.addr(), veth.clone())], &[]);
        assert_eq!(
            routes,
            [
                blackhole_route(&ip.trunc()),
                format!("{} dev {veth} scope link", ip.addr())
            ]
        );
        assert_eq!(pod_address(ip.addr()), format!("{}/32", ip.addr()));
    }

    #[test]
    fn the_conflist_is_json_with_calico_then_portmap() {
        let value: serde_json::Value = serde_json::from_str(&calico_conflist("n1")).unwrap();
        let types: Vec<&str> = value["plugins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["type"].as_str().unwrap())
            .collect();
        assert_eq!(types, ["calico", "portmap"]);
        assert_eq!(value["name"], "k8s-pod-network");
    }
}
