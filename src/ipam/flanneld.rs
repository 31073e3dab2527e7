//! flanneld, flannel's node agent (`flannel-io/flannel`), as kube-flannel runs it (`--kube-subnet-mgr
//! --ip-masq`, backend vxlan): it takes the node's subnet from the Node object kube-controller-manager
//! filled in, writes `/run/flannel/subnet.env` for the CNI plugin, and reaches the other nodes' subnets
//! through its `flannel.1` vxlan device. Pure functions of their inputs:
//!
//! * [`acquire_lease`] — `pkg/subnet/kube/kube.go`, `kubeSubnetManager.AcquireLease`: the lease is the
//!   node's `spec.podCIDR(s)`, which must lie inside `net-conf.json`'s `Network`; flannel allocates
//!   nothing itself in this mode. Before that check it annotates the Node
//!   (`flannel.alpha.coreos.com/kube-subnet-manager: "true"`, `public-ip`, `backend-data` with the
//!   VtepMAC), and only an annotated Node is a lease to the other nodes' flanneld
//!   (`handleAddLeaseEvent` skips the others).
//! * [`configure_device`] — `pkg/backend/vxlan/vxlan.go`, `configureDeviceIPv4IPv6`: an enabled family
//!   the lease has no subnet of fails.
//! * [`write_subnet_file`] — `pkg/subnet/subnet.go`, `WriteSubnetFile`: `FLANNEL_SUBNET` is the subnet's
//!   first address with the node's mask (`10.244.1.1/24`), the bridge's gateway to be.
//! * [`vxlan_device`], [`vxlan_route_lines`] — `pkg/backend/vxlan/vxlan.go` (`createVXLANDevice`,
//!   `configureDeviceIPv4IPv6`), `device.go` (`newVXLANDevice`: MTU less 50), `vxlan_network.go`
//!   (`MTU`, `handleSubnetEvents`: one `onlink` route per other node's lease, via that subnet's network
//!   address, which is the other node's `flannel.1` address).
//!
//! # Examples
//! ```
//! use podip::ipam::flanneld::{acquire_lease, vxlan_mtu, write_subnet_file, SubnetConfig};
//! let config = SubnetConfig { network: Some("10.244.0.0/16".parse().unwrap()), ipv6_network: None };
//! let lease = acquire_lease("kind-worker", "10.244.1.0/24", &[], &config).unwrap();
//! assert_eq!(
//!     write_subnet_file(&config, true, &lease, vxlan_mtu(1500)),
//!     "FLANNEL_NETWORK=10.244.0.0/16\nFLANNEL_SUBNET=10.244.1.1/24\nFLANNEL_MTU=1450\nFLANNEL_IPMASQ=true\n"
//! );
//! ```

use crate::ipam::goip::{net_string, parse_cidr};
use crate::ipam::ptp::iproute2::RouteLine;
use crate::ipam::ptp::{IfName, LinkKind, MacAddr, NetNs, Route, RouteScope};
use crate::order;
use ipnet::IpNet;
use std::fmt;
use std::net::IpAddr;

/// `encapOverhead`: what vxlan over IPv4 costs a packet (outer IP, UDP, vxlan and Ethernet headers).
pub const VXLAN_ENCAP_OVERHEAD: u32 = 50;

/// `defaultVNI`: the device is `flannel.<vni>`.
pub const DEFAULT_VNI: u32 = 1;

/// A node's lease: its subnets, one per family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lease {
    /// The IPv4 subnet, e.g. `10.244.1.0/24`.
    pub subnet: Option<IpNet>,
    /// The IPv6 subnet.
    pub ipv6_subnet: Option<IpNet>,
}

/// The cluster's network (`subnet.Config`, from kube-flannel's `net-conf.json`): `Network`
/// (`EnableIPv4`) and `IPv6Network` (`EnableIPv6`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubnetConfig {
    /// `Network`, e.g. `10.244.0.0/16`; `None` when IPv4 is off.
    pub network: Option<IpNet>,
    /// `IPv6Network`; `None` when IPv6 is off.
    pub ipv6_network: Option<IpNet>,
}

/// Why `AcquireLease` failed. `Display` is upstream's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaseError {
    /// kube-controller-manager has not given the node a podCIDR yet.
    NotAssigned(String),
    /// More than two podCIDRs.
    TooMany(String),
    /// A podCIDR did not parse (`net.ParseCIDR`).
    Parse(String),
    /// The node's IPv4 podCIDR lies outside `Network`: kube-flannel's `10.244.0.0/16` against another
    /// `--pod-network-cidr`.
    OutsideNetwork {
        /// `Network`.
        network: IpNet,
        /// The node's IPv4 podCIDR.
        pod_cidr: IpNet,
        /// The node.
        node: String,
    },
    /// The node's IPv6 podCIDR lies outside `IPv6Network`.
    OutsideIpv6Network {
        /// `IPv6Network`.
        network: IpNet,
        /// The node's IPv6 podCIDR.
        pod_cidr: IpNet,
        /// The node.
        node: String,
    },
}

impl LeaseError {
    /// Whether `AcquireLease` had annotated the Node before it failed: it checks the podCIDR against
    /// `Network` only after its PATCH.
    pub fn annotated(&self) -> bool {
        matches!(
            self,
            LeaseError::OutsideNetwork { .. } | LeaseError::OutsideIpv6Network { .. }
        )
    }
}

impl fmt::Display for LeaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeaseError::NotAssigned(node) => write!(f, "node {node:?} pod cidr not assigned"),
            LeaseError::TooMany(node) => {
                write!(
                    f,
                    "node {node:?} pod cidrs should be IPv4/IPv6 only or dualstack"
                )
            }
            LeaseError::Parse(text) => f.write_str(text),
            // Go's %q of an `ip.IP4Net` and of a `*net.IPNet`: their String, quoted.
            LeaseError::OutsideNetwork {
                network,
                pod_cidr,
                node,
            } => write!(
                f,
                "subnet \"{}\" specified in the flannel net config doesn't contain \"{}\" PodCIDR of the {node:?} node",
                net_string(network),
                net_string(pod_cidr)
            ),
            LeaseError::OutsideIpv6Network {
                network,
                pod_cidr,
                node,
            } => write!(
                f,
                "subnet \"{}\" specified in the flannel net config doesn't contain \"{}\" IPv6 PodCIDR of the {node:?} node",
                net_string(network),
                net_string(pod_cidr)
            ),
        }
    }
}

impl std::error::Error for LeaseError {}

/// `AcquireLease` of the kube subnet manager for the node `node` with `spec.podCIDR` `pod_cidr` and
/// `spec.podCIDRs` `pod_cidrs`: the legacy field must be set; with no list it alone is the lease, with one
/// or two entries each family takes its entry (the last of a family wins). Host bits are masked off.
/// Each enabled family's subnet must lie inside `config`'s network of that family; a family that is not
/// enabled is left out of the lease.
pub fn acquire_lease(
    node: &str,
    pod_cidr: &str,
    pod_cidrs: &[String],
    config: &SubnetConfig,
) -> Result<Lease, LeaseError> {
    if pod_cidr.is_empty() {
        return Err(LeaseError::NotAssigned(node.to_string()));
    }
    let list: Vec<&str> = if pod_cidrs.is_empty() {
        vec![pod_cidr]
    } else if pod_cidrs.len() < 3 {
        pod_cidrs.iter().map(String::as_str).collect()
    } else {
        return Err(LeaseError::TooMany(node.to_string()));
    };
    let mut lease = Lease {
        subnet: None,
        ipv6_subnet: None,
    };
    for cidr in list {
        let (_, net) = parse_cidr(cidr).map_err(|err| LeaseError::Parse(err.to_string()))?;
        match net {
            IpNet::V4(_) => lease.subnet = Some(net),
            IpNet::V6(_) => lease.ipv6_subnet = Some(net),
        }
    }
    // Here upstream PATCHes the Node's annotations; the checks below fail after it.
    lease.subnet = match (lease.subnet, config.network) {
        (Some(pod_cidr), Some(network)) if !network.contains(&pod_cidr) => {
            return Err(LeaseError::OutsideNetwork {
                network,
                pod_cidr,
                node: node.to_string(),
            })
        }
        (subnet, Some(_)) => subnet,
        (_, None) => None,
    };
    lease.ipv6_subnet = match (lease.ipv6_subnet, config.ipv6_network) {
        (Some(pod_cidr), Some(network)) if !network.contains(&pod_cidr) => {
            return Err(LeaseError::OutsideIpv6Network {
                network,
                pod_cidr,
                node: node.to_string(),
            })
        }
        (subnet, Some(_)) => subnet,
        (_, None) => None,
    };
    Ok(lease)
}

/// Why `configureDeviceIPv4IPv6` failed. `Display` is upstream's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigureError {
    /// `Network` is set but the lease has no IPv4 subnet (an IPv6-only podCIDR under kube-flannel's
    /// manifest).
    NoIpv4Lease,
    /// `IPv6Network` is set but the lease has no IPv6 subnet.
    NoIpv6Lease,
}

impl fmt::Display for ConfigureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigureError::NoIpv4Lease => write!(
                f,
                "failed to configure interface flannel.{DEFAULT_VNI}: IPv4 is enabled but the lease has no IPv4"
            ),
            ConfigureError::NoIpv6Lease => write!(
                f,
                "failed to configure interface flannel-v6.{DEFAULT_VNI}: IPv6 is enabled but the lease has no IPv6"
            ),
        }
    }
}

impl std::error::Error for ConfigureError {}

/// `configureDeviceIPv4IPv6`'s checks: every family `config` enables needs a subnet in `lease`.
pub fn configure_device(config: &SubnetConfig, lease: &Lease) -> Result<(), ConfigureError> {
    if config.network.is_some() && lease.subnet.is_none() {
        return Err(ConfigureError::NoIpv4Lease);
    }
    if config.ipv6_network.is_some() && lease.ipv6_subnet.is_none() {
        return Err(ConfigureError::NoIpv6Lease);
    }
    Ok(())
}

/// `WriteSubnetFile`: per enabled family the network and the subnet's first address with its mask
/// (`sn.IncrementIP()`), then the MTU and whether flanneld masquerades. A family without a lease subnet
/// is written as Go prints an empty `IP4Net`/`IP6Net`.
pub fn write_subnet_file(config: &SubnetConfig, ip_masq: bool, lease: &Lease, mtu: u32) -> String {
    let mut text = String::new();
    if let Some(network) = config.network {
        let subnet = lease
            .subnet
            .map_or_else(|| "0.0.0.0/0".into(), |sn| first_address(&sn));
        text.push_str(&format!(
            "FLANNEL_NETWORK={}\nFLANNEL_SUBNET={subnet}\n",
            net_string(&network)
        ));
    }
    if let Some(network) = config.ipv6_network {
        let subnet = lease
            .ipv6_subnet
            .map_or_else(|| "::/0".into(), |sn| first_address(&sn));
        text.push_str(&format!(
            "FLANNEL_IPV6_NETWORK={}\nFLANNEL_IPV6_SUBNET={subnet}\n",
            net_string(&network)
        ));
    }
    text.push_str(&format!("FLANNEL_MTU={mtu}\nFLANNEL_IPMASQ={ip_masq}\n"));
    text
}

/// The subnet's network address plus one, with the subnet's prefix length.
fn first_address(subnet: &IpNet) -> String {
    let next = match subnet.network() {
        IpAddr::V4(ip) => IpAddr::V4(u32::from(ip).wrapping_add(1).into()),
        IpAddr::V6(ip) => IpAddr::V6(u128::from(ip).wrapping_add(1).into()),
    };
    IpNet::new(next, subnet.prefix_len()).map_or_else(|_| net_string(subnet), |n| net_string(&n))
}

/// The vxlan network's MTU (`network.MTU`): the uplink's less [`VXLAN_ENCAP_OVERHEAD`]; what
/// `FLANNEL_MTU` says and so the bridge's and every pod's veth's.
pub fn vxlan_mtu(uplink_mtu: u32) -> u32 {
    uplink_mtu.saturating_sub(VXLAN_ENCAP_OVERHEAD)
}

/// The IPv4 vxlan device flanneld makes on a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VxlanDevice {
    /// `flannel.<vni>`.
    pub name: String,
    /// The vxlan network identifier.
    pub vni: u32,
    /// The uplink's MTU less 50.
    pub mtu: u32,
    /// `<subnet's network address>/32`: the node's address on the overlay, which the other nodes'
    /// routes name as their gateway.
    pub address: IpNet,
}

/// `createVXLANDevice` and `configureDeviceIPv4IPv6` for the IPv4 lease: `None` without one.
pub fn vxlan_device(vni: u32, uplink_mtu: u32, lease: &Lease) -> Option<VxlanDevice> {
    let subnet = lease.subnet?;
    Some(VxlanDevice {
        name: format!("flannel.{vni}"),
        vni,
        mtu: vxlan_mtu(uplink_mtu),
        address: IpNet::new(subnet.network(), 32).ok()?,
    })
}

/// `createVXLANDevice` in the node's namespace: the device (`LinkAdd`, kept if one of that name exists),
/// its `<subnet network>/32` (`configureDeviceIPv4IPv6`: `ip.EnsureV4AddressOnLink`, which first
/// removes the IPv4 addresses of an earlier lease, as after a node's reset and join) and, once it is
/// up, the kernel's link-local address. Returns its ifindex.
pub fn create_vxlan_device(node: &mut NetNs, device: &VxlanDevice, mac: MacAddr) -> Option<u32> {
    let ifindex = match node.link_by_name(&device.name) {
        Some(link) => link.ifindex,
        None => node.add_link(
            IfName::new(&device.name)?,
            LinkKind::Vxlan { vni: device.vni },
            device.mtu,
            mac,
        ),
    };
    // Upstream removes those inside the flannel network; flannel.1 holds no other IPv4 address.
    let stale: Vec<IpNet> = node
        .link_by_index(ifindex)
        .map(|link| {
            link.addrs
                .iter()
                .map(|a| a.local)
                .filter(|a| a.addr().is_ipv4() && *a != device.address)
                .collect()
        })
        .unwrap_or_default();
    for address in stale {
        node.del_addr(ifindex, address);
    }
    node.add_addr(ifindex, device.address);
    node.carrier_up(ifindex);
    Some(ifindex)
}

/// The route `handleSubnetEvents` adds through the vxlan device `dev` for another node's IPv4 lease
/// `subnet`: via that subnet's network address (the other node's `flannel.1` address), `onlink`.
pub fn vxlan_route(subnet: IpNet, dev: u32) -> Route {
    Route::new(subnet, Some(subnet.network()), dev, RouteScope::Universe).with_onlink()
}

/// `handleSubnetEvents` on this node: for every other node's IPv4 lease, `<subnet> via <subnet's network
/// address> dev flannel.1 onlink`, in `ip route`'s order (by subnet).
pub fn vxlan_route_lines(device: &VxlanDevice, own: &Lease, others: &[Lease]) -> Vec<String> {
    let mut subnets: Vec<IpNet> = others
        .iter()
        .filter_map(|lease| lease.subnet)
        .filter(|sn| Some(*sn) != own.subnet)
        .collect();
    order::sort(&mut subnets);
    subnets.dedup();
    subnets
        .into_iter()
        .map(|sn| {
            let route = vxlan_route(sn, 0);
            RouteLine {
                route: &route,
                dev: Some(&device.name),
            }
            .to_string()
        })
        .collect()
}
