//! The network the nodes' machines sit on (`set node-network=…`), which gives each its InternalIP and
//! the uplink its root namespace is built from: a property of the cluster, as presets set it.
//!
//! * [`NodeNetwork::Kind`] — kind's Docker network `kind` (`pkg/cluster/internal/providers/docker/
//!   network.go`): `172.18.0.0/16`, gateway `.1`, the node containers from `.2` in creation order, and
//!   `fc00:f853:ccd:e793::/64` for an IPv6 or dual-stack cluster; Docker's MAC `02:42:ac:12:…`.
//! * [`NodeNetwork::Vagrant`] — a kubeadm lab's VirtualBox VMs on the host-only network
//!   `192.168.56.0/24` (VirtualBox's `vboxnet0`), numbered as the CKA course's Vagrantfile numbers them
//!   (kodekloudhub/certified-kubernetes-administrator-course `kubeadm-clusters/virtualbox/Vagrantfile`:
//!   `IP_NW = "192.168.56."`, the control plane `.11`, worker *n* `.2n`, so the first machine `.11`,
//!   the next `.21`, `.22`, …); VirtualBox's MAC prefix `08:00:27`. The VMs' NAT interface (`10.0.2.15`,
//!   their default route) is not drawn: podip's node has one uplink, `eth0`, here the host-only one,
//!   with no gateway, and no IPv6 address (a host-only network has none unless configured). It is
//!   drawn as kind's is, a veth (`eth0@ifN`), where a VM's NIC has no peer.

use crate::ipam::ptp::{MacAddr, Uplink};
use ipnet::IpNet;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// kind's Docker network's IPv6 prefix, `fc00:f853:ccd:e793::/64`; its gateway is `::1` and the
/// nodes follow from `::2`, as their IPv4 addresses from `172.18.0.2`.
const KIND_NETWORK_IPV6: u128 = 0xfc00_f853_0ccd_e793_0000_0000_0000_0000;

/// Where the nodes' machines are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NodeNetwork {
    /// kind's Docker network, `172.18.0.0/16`.
    #[default]
    Kind,
    /// A kubeadm lab's VirtualBox host-only network, `192.168.56.0/24`.
    Vagrant,
}

/// A machine's place on its network: the addresses of its uplink and the InternalIPs its kubelet
/// registers (IPv4 first).
#[derive(Debug, Clone, PartialEq)]
pub struct Machine {
    /// The uplink the node's root namespace is built from.
    pub uplink: Uplink,
    /// `status.addresses` of type InternalIP.
    pub internal_ips: Vec<IpAddr>,
}

impl NodeNetwork {
    /// Every network, as `set node-network=` names them.
    pub const ALL: [NodeNetwork; 2] = [Self::Kind, Self::Vagrant];

    /// Its name in `set node-network=NAME`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Kind => "kind",
            Self::Vagrant => "vagrant",
        }
    }

    /// The network by name.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|network| network.name() == name)
    }

    /// The `n`-th machine (from 1) on this network, for a cluster of these families: its addresses,
    /// MAC and the ifindex of its peer, with `mtu` and its first free ifindex.
    ///
    /// # Examples
    /// ```
    /// use podip::sim::node_network::NodeNetwork;
    /// let ips = |network: NodeNetwork, n| network.machine(n, (true, false), 1500, 2).internal_ips[0].to_string();
    /// assert_eq!(ips(NodeNetwork::Kind, 2), "172.18.0.3");
    /// assert_eq!([1, 2, 3].map(|n| ips(NodeNetwork::Vagrant, n)), ["192.168.56.11", "192.168.56.21", "192.168.56.22"]);
    /// ```
    pub fn machine(
        self,
        n: u32,
        (has_v4, has_v6): (bool, bool),
        mtu: u32,
        first_free_ifindex: u32,
    ) -> Machine {
        let (ipv4, prefix, gateway, mac) = match self {
            Self::Kind => {
                // Docker's kind network hands out 172.18.0.2, .3, … in creation order.
                let host = 1 + n;
                let octets = [(host >> 8) as u8, host as u8];
                (
                    Ipv4Addr::new(172, 18, octets[0], octets[1]),
                    16,
                    Some(Ipv4Addr::new(172, 18, 0, 1)),
                    MacAddr([0x02, 0x42, 0xac, 0x12, octets[0], octets[1]]),
                )
            }
            Self::Vagrant => {
                // The control plane `.11`, then the workers `.21`, `.22`, …; past `.254`, where the
                // lab's scheme ends, podip goes on in the next /24s from `.1`.
                let host = if n <= 1 { 11 } else { 19 + n };
                let (third, fourth) = ((host - 1) / 254, (host - 1) % 254 + 1);
                let octets = [56u8.wrapping_add(third as u8), fourth as u8];
                (
                    Ipv4Addr::new(192, 168, octets[0], octets[1]),
                    24,
                    None,
                    MacAddr([0x08, 0x00, 0x27, 0x38, octets[0], octets[1]]),
                )
            }
        };
        let mut addresses = vec![IpNet::new(IpAddr::V4(ipv4), prefix).unwrap_or_default()];
        let mut gateways: Vec<IpAddr> = gateway.map(IpAddr::V4).into_iter().collect();
        let mut internal_ips = Vec::new();
        // The kubelet's --node-ip names the node's address of each family the cluster has; a network
        // without IPv6 leaves the IPv4 one.
        if has_v4 || self == Self::Vagrant {
            internal_ips.push(IpAddr::V4(ipv4));
        }
        if has_v6 && self == Self::Kind {
            let ipv6 = IpAddr::V6(Ipv6Addr::from(KIND_NETWORK_IPV6 + u128::from(1 + n)));
            addresses.push(IpNet::new(ipv6, 64).unwrap_or_default());
            gateways.push(IpAddr::V6(Ipv6Addr::from(KIND_NETWORK_IPV6 + 1)));
            internal_ips.push(ipv6);
        }
        Machine {
            uplink: Uplink {
                addresses,
                gateways,
                mtu,
                mac,
                peer_ifindex: 8 + 2 * n,
                first_free_ifindex,
            },
            internal_ips,
        }
    }
}
