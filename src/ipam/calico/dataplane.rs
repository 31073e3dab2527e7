//! The calico CNI plugin's `DoNetworking` (`cni-plugin/internal/pkg/utils/linux/dataplane_linux.go`) on
//! podip's namespaces: the veth pair with the host end named by [`veth_name_for_workload`] and the MAC
//! `ee:ee:ee:ee:ee:ee`, the pod's `/32` on `eth0` with `169.254.1.1` as its on-link gateway and default
//! route, and the node's `<pod IP> dev cali… scope link` route. Proxy ARP on the host end answers for
//! `169.254.1.1` (its sysctls are [`host_veth_sysctls`](super::node::host_veth_sysctls)).

use super::node::{veth_name_for_workload, HOST_SIDE_MAC, POD_GATEWAY};
use crate::ipam::ptp::links::{IfName, LinkKind, MacAddr};
use crate::ipam::ptp::routes::{Route, RouteScope};
use crate::ipam::ptp::{Entropy, NetNs};
use ipnet::IpNet;
use std::net::{IpAddr, Ipv4Addr};

/// The MTU of the pod's veth pair on the manifest install: IP-in-IP's 20 bytes less than a 1500 uplink
/// (Felix writes `/var/lib/calico/mtu`, which the plugin reads when the conflist's `mtu` is 0).
pub const IPIP_VETH_MTU: u32 = 1480;

/// The pair `DoNetworking` made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaliVeth {
    /// The host end's name (`cali` + 11 hex digits).
    pub host_name: IfName,
    /// The host end's ifindex on the node.
    pub host_index: u32,
    /// The pod's `eth0` ifindex.
    pub cont_index: u32,
}

/// Why `DoNetworking` failed, in the kernel's words as the plugin wraps them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataplaneError {
    /// A link named like the host end is already on the node (a sandbox of the same pod not torn down).
    HostVethExists(String),
}

impl std::fmt::Display for DataplaneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::HostVethExists(name) => {
                write!(f, "failed to create veth pair for {name}: file exists")
            }
        }
    }
}

impl std::error::Error for DataplaneError {}

/// `DoNetworking` for an IPv4 pod: the pair, the pod's address, gateway and default route, the node's
/// route to the pod.
pub fn do_networking(
    node: &mut NetNs,
    pod: &mut NetNs,
    namespace: &str,
    pod_name: &str,
    if_name: &str,
    ip: IpAddr,
    entropy: &mut Entropy,
) -> Result<CaliVeth, DataplaneError> {
    let name = veth_name_for_workload(namespace, pod_name);
    let (Some(host_name), Some(cont_name)) = (IfName::new(&name), IfName::new(if_name)) else {
        return Err(DataplaneError::HostVethExists(name));
    };
    if node.link_by_name(&name).is_some() {
        return Err(DataplaneError::HostVethExists(name));
    }
    let cont_mac = entropy.random_mac();
    let host_index = node.add_link(
        host_name,
        LinkKind::Veth {
            peer_ifindex: 0,
            peer_netns: pod.seen_from_peer(),
        },
        IPIP_VETH_MTU,
        host_side_mac(),
    );
    let cont_index = pod.add_link(
        cont_name,
        LinkKind::Veth {
            peer_ifindex: host_index,
            peer_netns: node.seen_from_peer(),
        },
        IPIP_VETH_MTU,
        cont_mac,
    );
    node.set_veth_peer(host_index, cont_index);
    node.carrier_up(host_index);
    pod.carrier_up(cont_index);
    pod.add_addr(cont_index, IpNet::from(ip));
    let gateway = IpAddr::V4(POD_GATEWAY.parse().unwrap_or(Ipv4Addr::new(169, 254, 1, 1)));
    // The gateway first, on-link, then the default route through it (`ip.AddRoute` twice).
    let _ = pod.add_route(
        Route::new(IpNet::from(gateway), None, cont_index, RouteScope::Link),
        true,
    );
    let _ = pod.add_route(
        Route::new(
            IpNet::V4(Default::default()),
            Some(gateway),
            cont_index,
            RouteScope::Universe,
        ),
        true,
    );
    // SetupRoutes: the node's route to the pod, `scope link` through the host end.
    let _ = node.add_route(
        Route::new(IpNet::from(ip), None, host_index, RouteScope::Link),
        true,
    );
    Ok(CaliVeth {
        host_name,
        host_index,
        cont_index,
    })
}

/// `hostSideMAC`: every host end answers with the same MAC.
fn host_side_mac() -> MacAddr {
    let mut bytes = [0u8; 6];
    for (byte, hex) in bytes.iter_mut().zip(HOST_SIDE_MAC.split(':')) {
        *byte = u8::from_str_radix(hex, 16).unwrap_or(0xee);
    }
    MacAddr(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pod_gets_its_address_and_the_link_local_gateway_and_the_node_a_scope_link_route() {
        let mut node = NetNs::node(&crate::ipam::ptp::Uplink {
            addresses: vec!["172.18.0.3/16".parse().unwrap()],
            gateways: vec!["172.18.0.1".parse().unwrap()],
            mtu: 1500,
            mac: MacAddr([2, 0x42, 0xac, 0x12, 0, 3]),
            peer_ifindex: 9,
            first_free_ifindex: 2,
        });
        let mut pod = NetNs::pod("cni-1", 2);
        let mut entropy = Entropy::from_seed(1);
        let ip: IpAddr = "192.168.162.129".parse().unwrap();
        let veth = do_networking(
            &mut node,
            &mut pod,
            "default",
            "a",
            "eth0",
            ip,
            &mut entropy,
        )
        .unwrap();
        assert_eq!(&*veth.host_name, veth_name_for_workload("default", "a"));
        let node_routes = crate::ipam::ptp::iproute2::ip_route_lines(&node);
        assert!(node_routes.contains(&format!(
            "192.168.162.129 dev {} scope link",
            veth.host_name
        )));
        let pod_routes = crate::ipam::ptp::iproute2::ip_route_lines(&pod);
        assert_eq!(
            pod_routes,
            [
                "default via 169.254.1.1 dev eth0",
                "169.254.1.1 dev eth0 scope link"
            ]
        );
        assert!(matches!(
            do_networking(
                &mut node,
                &mut pod,
                "default",
                "a",
                "eth1",
                ip,
                &mut entropy
            ),
            Err(DataplaneError::HostVethExists(_))
        ));
    }
}
