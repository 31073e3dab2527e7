//! The bridge CNI plugin (`containernetworking/plugins`, `plugins/main/bridge/bridge.go`): one Linux
//! bridge per node (`cni0`), a veth pair per pod with its host end a port of the bridge, the gateway
//! address on the bridge — so the node reaches every pod through one connected route,
//! `10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1`, where ptp has a `/32` per pod.
//!
//! Organisation:
//!
//! * this file — [`cmd_add`] (`cmdAdd` with `setupBridge`/`ensureBridge`, `setupVeth`, `calcGateways`,
//!   `ensureAddr`), [`cmd_del`] (`cmdDel`), their errors;
//! * [`netconf`] — `NetConf` and `loadNetConf`;
//! * the kernel side is ptp's namespace model ([`crate::ipam::ptp::netns`]) with its bridge devices, and
//!   the veth pair and `ipam.ConfigureIface` are ptp's (`pkg/ip`, `pkg/ipam` are shared upstream too).
//!
//! IPAM is host-local ([`crate::ipam::hostlocal`]), run on the same configuration bytes as upstream's
//! `ipam.ExecAdd(n.IPAM.Type, args.StdinData)`. Not modelled: masquerading (`ipMasq`: iptables rules),
//! VLANs, `macspoofchk`, `promiscMode`, `portIsolation`, a MAC from `CNI_ARGS`, and the DNS of the result.
//! The model follows `main` (see `docs/upstream-notes.md` §24 for where Debian's 1.1.1 differs).

pub mod netconf;

use crate::ipam::cni::{CniResult, Interface, Route as CniRoute};
use crate::ipam::goip::net_string;
use crate::ipam::hostlocal::{self, load_ipam_config, Store};
use crate::ipam::ptp::links::LinkSysctl;
use crate::ipam::ptp::routes::Errno;
use crate::ipam::ptp::{self, Entropy, IfName, LinkKind, NetNs, PtpError};
use ipnet::IpNet;
use netconf::{load_net_conf, NetConf, NetConfError};
use std::fmt;
use std::net::IpAddr;

/// The bridge's MTU bounds (`ETH_MIN_MTU`, `ETH_MAX_MTU`).
const BRIDGE_MTU_RANGE: std::ops::RangeInclusive<u32> = 68..=65535;

/// What the runtime tells a plugin besides its configuration (`skel.CmdArgs`).
#[derive(Debug, Clone, Copy)]
pub struct CmdArgs<'a> {
    /// `CNI_CONTAINERID`.
    pub container_id: &'a str,
    /// `CNI_IFNAME`, `eth0`.
    pub if_name: &'a str,
    /// `CNI_ARGS`, which host-local reads (`IP=`).
    pub args: &'a str,
    /// The configuration on stdin.
    pub stdin: &'a [u8],
}

/// Why bridge ADD failed. `Display` is upstream's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BridgeError {
    /// `loadNetConf`.
    NetConf(NetConfError),
    /// `disableContainerInterface` with an IPAM type.
    IpamWithoutInterface,
    /// `hairpinMode` and `promiscMode` together.
    HairpinAndPromisc,
    /// Not upstream's: a feature the model does not have (VLANs, an IPAM plugin other than host-local).
    NotModelled(&'static str),
    /// `ensureBridge`: the kernel refused the bridge (`could not add`).
    AddBridge { name: String, errno: Errno },
    /// `bridgeByName`: a link of that name exists and is not a bridge.
    NotABridge(String),
    /// `ip.SetupVeth` or `ipam.ConfigureIface`, whose texts ptp shares.
    Link(PtpError),
    /// `setupVeth`: `LinkSetMaster` failed.
    SetMaster {
        veth: String,
        bridge: String,
        errno: Errno,
    },
    /// host-local's error, passed through as `ipam.ExecAdd` returns it.
    Ipam(String),
    /// The IPAM result has no IPs.
    MissingIpConfig,
    /// `ensureAddr`: the bridge has another address of the family (without `forceAddress`).
    BridgeAddr { bridge: String, address: IpNet },
}

impl fmt::Display for BridgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BridgeError::NetConf(err) => write!(f, "{err}"),
            BridgeError::IpamWithoutInterface => {
                f.write_str("cannot use IPAM when DisableContainerInterface flag is set")
            }
            BridgeError::HairpinAndPromisc => {
                f.write_str("cannot set hairpin mode and promiscuous mode at the same time")
            }
            BridgeError::NotModelled(what) => write!(f, "podip does not model {what}"),
            BridgeError::AddBridge { name, errno } => {
                write!(
                    f,
                    "failed to create bridge {name:?}: could not add {name:?}: {errno}"
                )
            }
            BridgeError::NotABridge(name) => write!(
                f,
                "failed to create bridge {name:?}: {name:?} already exists but is not a bridge"
            ),
            BridgeError::Link(err) => write!(f, "{err}"),
            BridgeError::SetMaster {
                veth,
                bridge,
                errno,
            } => write!(f, "failed to connect {veth:?} to bridge {bridge}: {errno}"),
            BridgeError::Ipam(text) => f.write_str(text),
            BridgeError::MissingIpConfig => f.write_str("IPAM plugin returned missing IP config"),
            BridgeError::BridgeAddr { bridge, address } => write!(
                f,
                "failed to set bridge addr: {bridge:?} already has an IP address different from {}",
                net_string(address)
            ),
        }
    }
}

impl std::error::Error for BridgeError {}

/// bridge `cmdAdd`: the bridge (created once, kept), the veth pair with its host end a port of it, then
/// IPAM, the pod's addresses and routes, the gateway on the bridge and forwarding. `disk` is host-local's
/// directory, opened by the first ADD. Returns the result the plugin prints: interfaces `[bridge, host
/// veth, pod interface]`, every IP on interface 2, the IPAM routes then a default route per family when
/// `isDefaultGateway`.
///
/// As upstream, the bridge and the veth pair exist before IPAM runs, so an IPAM failure leaves the pair
/// for the runtime's DEL; a failure after IPAM gives the address back (the deferred `ipam.ExecDel`).
pub fn cmd_add(
    node: &mut NetNs,
    pod: &mut NetNs,
    args: CmdArgs,
    disk: &mut Option<Store>,
    entropy: &mut Entropy,
) -> Result<CniResult, BridgeError> {
    let (mut n, cni_version) = load_net_conf(args.stdin).map_err(BridgeError::NetConf)?;
    let is_layer3 = !n.ipam_type.is_empty();
    if is_layer3 && n.disable_container_interface {
        return Err(BridgeError::IpamWithoutInterface);
    }
    if n.is_default_gw {
        n.is_gw = true;
    }
    if n.hairpin_mode && n.promisc_mode {
        return Err(BridgeError::HairpinAndPromisc);
    }
    if n.vlan != 0 {
        return Err(BridgeError::NotModelled("VLANs"));
    }
    if is_layer3 && n.ipam_type != "host-local" {
        return Err(BridgeError::NotModelled(
            "IPAM plugins other than host-local",
        ));
    }

    let bridge = ensure_bridge(node, &n, entropy)?;
    let veth =
        ptp::make_veth(node, pod, args.if_name, n.mtu, entropy).map_err(BridgeError::Link)?;
    // SetupVethWithName: the host end up, and "we want to own the routes for this interface".
    node.set_accept_ra(veth.host_index, 0);
    node.set_master(veth.host_index, bridge)
        .map_err(|errno| BridgeError::SetMaster {
            veth: veth.host_name.to_string(),
            bridge: n.br_name.clone(),
            errno,
        })?;
    node.set_hairpin(veth.host_index, n.hairpin_mode);

    let mut result = CniResult {
        cni_version,
        interfaces: vec![
            bridge_interface(node, bridge),
            Interface {
                name: veth.host_name.to_string(),
                mac: veth.host_mac.text(),
                sandbox: String::new(),
            },
            Interface {
                name: args.if_name.to_string(),
                mac: veth.cont_mac.text(),
                sandbox: pod.path(),
            },
        ],
        ..CniResult::default()
    };

    if !is_layer3 {
        if !n.disable_container_interface {
            pod.carrier_up(veth.cont_index);
            node.port_carrier_up(veth.host_index);
        }
        return Ok(result);
    }

    let (ipam, ipam_version) = load_ipam_config(args.stdin, args.args)
        .map_err(|err| BridgeError::Ipam(err.to_string()))?;
    let store = disk.get_or_insert_with(|| Store::new(&ipam.data_dir, &ipam.name));
    let ipam_result =
        hostlocal::cmd_add(&ipam, &ipam_version, store, args.container_id, args.if_name)
            .map_err(|err| BridgeError::Ipam(err.to_string()))?;
    let configured = configure(
        node,
        pod,
        &n,
        &veth,
        bridge,
        args.if_name,
        ipam_result,
        &mut result,
    );
    if configured.is_err() {
        // The deferred ipam.ExecDel of a failed ADD.
        hostlocal::cmd_del(&ipam, store, args.container_id, args.if_name);
    }
    configured.map(|()| result)
}

/// `ensureBridge`: `LinkAdd` of the bridge (an existing one is kept, whatever its MTU), checked to be a
/// bridge, `accept_ra = 0`, set up. Returns its ifindex.
fn ensure_bridge(node: &mut NetNs, n: &NetConf, entropy: &mut Entropy) -> Result<u32, BridgeError> {
    let refused = |errno| BridgeError::AddBridge {
        name: n.br_name.clone(),
        errno,
    };
    let existing = node
        .link_by_name(&n.br_name)
        .map(|link| (link.ifindex, matches!(link.kind, LinkKind::Bridge { .. })));
    let bridge = match existing {
        Some((ifindex, true)) => ifindex,
        Some((_, false)) => return Err(BridgeError::NotABridge(n.br_name.clone())),
        None => {
            let name = IfName::new(&n.br_name)
                .filter(|_| ptp::valid_ifname(&n.br_name))
                .ok_or_else(|| refused(Errno::InvalidArgument))?;
            if n.mtu != 0 && !BRIDGE_MTU_RANGE.contains(&n.mtu) {
                return Err(refused(Errno::InvalidArgument));
            }
            node.add_bridge(name, n.mtu, entropy.random_mac())
        }
    };
    node.set_accept_ra(bridge, 0);
    Ok(bridge)
}

/// The bridge as the result lists it: its name and MAC, no sandbox.
fn bridge_interface(node: &NetNs, bridge: u32) -> Interface {
    let link = node.link_by_index(bridge);
    Interface {
        name: link.map(|l| l.name.to_string()).unwrap_or_default(),
        mac: link.map(|l| l.mac.text()).unwrap_or_default(),
        sandbox: String::new(),
    }
}

/// `cmdAdd` after IPAM: `calcGateways`, the pod's sysctls and `ipam.ConfigureIface`, then with
/// `isGateway` the gateways on the bridge (`ensureAddr`) and forwarding per family.
#[allow(clippy::too_many_arguments)]
fn configure(
    node: &mut NetNs,
    pod: &mut NetNs,
    n: &NetConf,
    veth: &ptp::VethPair,
    bridge: u32,
    if_name: &str,
    ipam_result: CniResult,
    result: &mut CniResult,
) -> Result<(), BridgeError> {
    result.ips = ipam_result.ips;
    result.routes = ipam_result.routes;
    if result.ips.is_empty() {
        return Err(BridgeError::MissingIpConfig);
    }
    let gateways = calc_gateways(result, n);

    // Inside the pod, before its addresses: no DAD unless asked, and gratuitous ARP for new addresses.
    if n.enable_dad {
        pod.write_link_sysctl(veth.cont_index, LinkSysctl::AcceptDad, 1);
    } else {
        pod.write_link_sysctl(veth.cont_index, LinkSysctl::AcceptDad, 0);
    }
    pod.write_link_sysctl(veth.cont_index, LinkSysctl::ArpNotify, 1);
    if result.ips.iter().any(|ipc| ipc.address.addr().is_ipv6()) {
        pod.write_link_sysctl(veth.cont_index, LinkSysctl::KeepAddrOnDown, 1);
    }
    // ConfigureIface sets the pod's end up: the pair gets its carrier, the port forwards, and the bridge
    // has a carrier.
    pod.carrier_up(veth.cont_index);
    node.port_carrier_up(veth.host_index);
    ptp::configure_iface(pod, veth.cont_index, if_name, result).map_err(BridgeError::Link)?;

    if n.is_gw {
        for v6 in [false, true] {
            let family: Vec<IpNet> = gateways
                .iter()
                .copied()
                .filter(|gw| gw.addr().is_ipv6() == v6)
                .collect();
            for gw in &family {
                ensure_addr(node, bridge, &n.br_name, *gw, n.force_address)?;
            }
            node.enable_forward(family.iter().map(|gw| gw.addr()));
        }
    }
    Ok(())
}

/// `calcGateways`: points every IP at interface 2, fills in a missing gateway (network + 1) when
/// `isGateway`, appends one default route per family via that family's first gateway when
/// `isDefaultGateway` and the IPAM routes have none with a gateway, and returns the gateway addresses
/// with their IPs' prefix lengths, in IP order.
pub fn calc_gateways(result: &mut CniResult, n: &NetConf) -> Vec<IpNet> {
    let mut gateways = Vec::new();
    let mut default_found = [false, false];
    for ipc in &mut result.ips {
        let v6 = ipc.address.addr().is_ipv6();
        ipc.interface = Some(2);
        if ipc.gateway.is_none() && n.is_gw {
            ipc.gateway = Some(calc_gateway_ip(&ipc.address));
        }
        let found = &mut default_found[usize::from(v6)];
        if n.is_default_gw && !*found {
            let default = default_net(v6);
            *found = result
                .routes
                .iter()
                .any(|route| route.gw.is_some() && route.dst == default);
            if !*found {
                result.routes.push(CniRoute {
                    dst: default,
                    gw: ipc.gateway,
                });
                *found = true;
            }
        }
        if n.is_gw {
            if let Some(gw) = ipc
                .gateway
                .and_then(|gw| IpNet::new(gw, ipc.address.prefix_len()).ok())
            {
                gateways.push(gw);
            }
        }
    }
    gateways
}

/// `calcGatewayIP`: the address's network + 1 (`ip.NextIP`).
fn calc_gateway_ip(address: &IpNet) -> IpAddr {
    match address.network() {
        IpAddr::V4(net) => IpAddr::V4(u32::from(net).wrapping_add(1).into()),
        IpAddr::V6(net) => IpAddr::V6(u128::from(net).wrapping_add(1).into()),
    }
}

/// `0.0.0.0/0` or `::/0`.
fn default_net(v6: bool) -> IpNet {
    if v6 {
        IpNet::V6(Default::default())
    } else {
        IpNet::V4(Default::default())
    }
}

/// `ensureAddr`: nothing if the bridge has `gw` already; another IPv4 address, or an overlapping IPv6 one,
/// is an error unless `forceAddress` (then it is deleted); then the address goes on.
fn ensure_addr(
    node: &mut NetNs,
    bridge: u32,
    bridge_name: &str,
    gw: IpNet,
    force: bool,
) -> Result<(), BridgeError> {
    let existing: Vec<IpNet> = node
        .link_by_index(bridge)
        .map(|link| {
            link.addrs
                .iter()
                .map(|a| a.local)
                .filter(|a| a.addr().is_ipv6() == gw.addr().is_ipv6())
                .collect()
        })
        .unwrap_or_default();
    if existing.contains(&gw) {
        return Ok(());
    }
    for other in existing {
        let conflicts =
            gw.addr().is_ipv4() || other.contains(&gw.addr()) || gw.contains(&other.addr());
        if !conflicts {
            continue;
        }
        if !force {
            return Err(BridgeError::BridgeAddr {
                bridge: bridge_name.to_string(),
                address: gw,
            });
        }
        node.del_addr(bridge, other);
    }
    node.add_addr(bridge, gw);
    Ok(())
}

/// bridge `cmdDel`: in the pod, delete `CNI_IFNAME` (its host end leaves the bridge with it; a missing
/// link or namespace is no error), *then* host-local DEL — upstream's order since
/// containernetworking/plugins#702 (issue #666, commit 7aa07efe, 2022, "call ipam.ExecDel after clean
/// up device in netns"; in v1.1.1 as b03deb63); ptp still runs IPAM DEL first. The bridge stays, with
/// its address, when its last port goes. `pod` is `None` when the runtime passed no namespace or it is
/// gone.
pub fn cmd_del(
    node: &mut NetNs,
    pod: Option<&mut NetNs>,
    args: CmdArgs,
    disk: &mut Option<Store>,
) -> Result<(), BridgeError> {
    let (n, _) = load_net_conf(args.stdin).map_err(BridgeError::NetConf)?;
    ptp::cmd_del(node, pod, args.if_name);
    if !n.ipam_type.is_empty() {
        let (ipam, _) = load_ipam_config(args.stdin, args.args)
            .map_err(|err| BridgeError::Ipam(err.to_string()))?;
        let store = disk.get_or_insert_with(|| Store::new(&ipam.data_dir, &ipam.name));
        hostlocal::cmd_del(&ipam, store, args.container_id, args.if_name);
    }
    Ok(())
}
