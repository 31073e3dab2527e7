//! The ptp CNI plugin (`containernetworking/plugins`, `plugins/main/ptp/ptp.go`): a veth pair per pod, the
//! pod end addressed from IPAM, the node end holding the gateway address and a `/32` route to the pod.
//!
//! Organisation:
//!
//! * this file — the plugin: [`cmd_add`] (`cmdAdd` with `setupContainerVeth`, `setupHostVeth`, and the
//!   helpers it calls: `ip.SetupVeth`/`makeVeth`/`RandomVethName` from `pkg/ip/link_linux.go`,
//!   `ipam.ConfigureIface` from `pkg/ipam/ipam_linux.go`, `ip.AddHostRoute` from `pkg/ip/route_linux.go`),
//!   [`cmd_del`], their errors, and [`Entropy`], the seeded stand-in for every random draw on the way.
//! * [`netns`] — the kernel side: namespaces, their ifindexes, links and addresses, and the main routing
//!   table (`route_table.rs`, private: a namespace is how routes are asked for).
//! * [`links`] — what a link is: its name ([`IfName`]), MAC, kind (loopback or veth) and addresses.
//! * [`routes`] — what a route is ([`Route`], its scope and proto), the kernel's [`routes::Errno`]s and the
//!   order the kernel dumps prefixes in.
//! * [`iproute2`] — the text `ip -o link`, `ip addr`, `ip route`, `ip -6 route` print for a namespace.
//!
//! * [`sysctl`] — the sysctls ptp writes: forwarding per family (`ip.EnableForward`) and `accept_ra=0`
//!   on each host veth (`SetupVethWithName`), as `sysctl` prints them.
//!
//! Not modelled, because nothing on screen depends on it: IPv6 DAD timing, the local routing table, masquerading (`ipMasq`, which kindnet sets to false), and ptp's
//! own IPAM call — the caller runs host-local and passes its result in (and runs host-local DEL if
//! [`cmd_add`] fails, as ptp's deferred `ipam.ExecDel` does).
//!
//! # Examples
//! ```
//! use podip::ipam::cni::{CniResult, IpConfig, Route};
//! use podip::ipam::ptp::{cmd_add, iproute2::ip_route_lines, Entropy, MacAddr, NetNs, Uplink};
//!
//! let mut node = NetNs::node(&Uplink {
//!     addresses: vec!["172.18.0.3/16".parse().unwrap()],
//!     gateways: vec!["172.18.0.1".parse().unwrap()],
//!     mtu: 65535,
//!     mac: MacAddr([0x02, 0x42, 0xac, 0x12, 0x00, 0x03]),
//!     peer_ifindex: 12,
//!     first_free_ifindex: 2,
//! });
//! let mut entropy = Entropy::from_seed(7);
//! let mut pod = NetNs::pod(entropy.netns_name(), 2);
//! let ipam = CniResult {
//!     cni_version: "0.3.1".into(),
//!     interfaces: vec![],
//!     ips: vec![IpConfig {
//!         interface: None,
//!         address: "10.244.1.2/24".parse().unwrap(),
//!         gateway: Some("10.244.1.1".parse().unwrap()),
//!     }],
//!     routes: vec![Route { dst: "0.0.0.0/0".parse().unwrap(), gw: None }],
//! };
//! let result = cmd_add(&mut node, &mut pod, "eth0", ipam.clone(), 65535, &mut entropy).unwrap();
//! assert_eq!(
//!     ip_route_lines(&pod),
//!     [
//!         "default via 10.244.1.1 dev eth0",
//!         "10.244.1.0/24 via 10.244.1.1 dev eth0 src 10.244.1.2",
//!         "10.244.1.1 dev eth0 scope link src 10.244.1.2",
//!     ]
//! );
//! let host_veth = &result.interfaces[0].name;
//! assert!(ip_route_lines(&node).contains(&format!("10.244.1.2 dev {host_veth} scope host")));
//! ```

pub mod iproute2;
pub mod links;
pub mod netns;
mod route_table;
pub mod routes;
pub mod sysctl;

pub use links::{BridgePort, IfName, Link, LinkKind, LinkNetns, LinkSysctl, MacAddr};
pub use netns::{Forwarding, NetNs, NetNsId, Uplink};
pub use routes::{Route, RouteScope};

use crate::ipam::cni::{self, CniResult, Interface};
use crate::ipam::goip::{ip_string, net_string, GoQuoted};
use ipnet::IpNet;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use routes::Errno;
use std::fmt;
use std::net::IpAddr;
use std::rc::Rc;

/// How many names `makeVeth` tries before giving up.
const VETH_NAME_TRIES: usize = 10;

/// The veth MTU when the conf sets none (`ether_setup`).
const DEFAULT_MTU: u32 = 1500;

/// The veth driver's MTU bounds (`ETH_MIN_MTU`, `ETH_MAX_MTU`).
const MTU_RANGE: std::ops::RangeInclusive<u32> = 68..=65535;

/// The seeded stand-in for every random draw between "create sandbox" and "pod has an IP": containerd's
/// sandbox ID and netns name (`pkg/netns`, 16 bytes of `crypto/rand`), ptp's host veth name (`ip.RandomVethName`, 4 bytes
/// of `crypto/rand`) and the kernel's veth MACs (`eth_hw_addr_random`). One seed replays a whole scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entropy {
    /// PCG (a 128-bit multiplicative congruential generator with a permuted output): portable (same
    /// stream on wasm32 and native), seedable, and a few hundred bytes of wasm where ChaCha8 was 5 KB.
    rng: Pcg64Mcg,
}

impl Entropy {
    /// A stream determined by `seed`.
    pub fn from_seed(seed: u64) -> Self {
        Entropy {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// `RandomVethName`: `veth` + 4 random bytes as 8 lowercase hex digits (Go's `%x` of a byte slice).
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::ptp::Entropy;
    /// let name = Entropy::from_seed(1).random_veth_name();
    /// assert!(name.starts_with("veth") && name.len() == 12);
    /// assert_eq!(name, Entropy::from_seed(1).random_veth_name());
    /// ```
    pub fn random_veth_name(&mut self) -> IfName {
        let mut bytes = [0u8; 4];
        self.rng.fill_bytes(&mut bytes);
        let mut name = *b"vethxxxxxxxx";
        write_hex(&mut name[4..], &bytes);
        // Twelve ASCII bytes: always a valid name.
        IfName::new(std::str::from_utf8(&name).unwrap_or_default()).unwrap_or(IfName::EMPTY)
    }

    /// A random unicast, locally administered MAC (`eth_random_addr`).
    pub fn random_mac(&mut self) -> MacAddr {
        let mut bytes = [0u8; 6];
        self.rng.fill_bytes(&mut bytes);
        MacAddr::from_random_bytes(bytes)
    }

    /// containerd's sandbox ID (`util.GenerateID`): 32 random bytes as 64 lowercase hex digits. It is
    /// `CNI_CONTAINERID`, so it is also what host-local writes into the IP file. Shared: the pod, the
    /// node's sandbox table and the log's entries all name the sandbox by it.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::ptp::Entropy;
    /// let id = Entropy::from_seed(1).sandbox_id();
    /// assert_eq!(id.len(), 64);
    /// assert!(id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    /// ```
    pub fn sandbox_id(&mut self) -> Rc<str> {
        let mut bytes = [0u8; 32];
        self.rng.fill_bytes(&mut bytes);
        let mut id = [0u8; 64];
        write_hex(&mut id, &bytes);
        shared_ascii(&id)
    }

    /// A Linux boot ID (`/proc/sys/kernel/random/boot_id`): a random version-4 UUID, new at every boot.
    pub fn boot_id(&mut self) -> Rc<str> {
        let mut b = [0u8; 16];
        self.rng.fill_bytes(&mut b);
        b[6] = (b[6] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        uuid_form(b"", &b)
    }

    /// containerd's pod netns name: `cni-` + 16 random bytes as `%x-%x-%x-%x-%x` over 4-2-2-2-6 bytes (no
    /// UUID version bits are set). Shared by the sandbox's record and the namespace it names.
    pub fn netns_name(&mut self) -> Rc<str> {
        let mut b = [0u8; 16];
        self.rng.fill_bytes(&mut b);
        uuid_form(b"cni-", &b)
    }
}

/// `prefix`, then 16 bytes in a UUID's text form: lowercase hex in groups of 4, 2, 2, 2 and 6 bytes.
fn uuid_form(prefix: &[u8], bytes: &[u8; 16]) -> Rc<str> {
    let mut text = prefix.to_vec();
    let groups = [
        &bytes[0..4],
        &bytes[4..6],
        &bytes[6..8],
        &bytes[8..10],
        &bytes[10..],
    ];
    for (i, group) in groups.into_iter().enumerate() {
        if i > 0 {
            text.push(b'-');
        }
        let at = text.len();
        text.resize(at + 2 * group.len(), 0);
        write_hex(&mut text[at..], group);
    }
    shared_ascii(&text)
}

/// Writes Go's `%x` of a byte slice into `out`: two lowercase hex digits per byte.
fn write_hex(out: &mut [u8], bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for (pair, b) in out.chunks_exact_mut(2).zip(bytes) {
        pair[0] = DIGITS[usize::from(b >> 4)];
        pair[1] = DIGITS[usize::from(b & 0xf)];
    }
}

/// ASCII text in one shared allocation of its length.
fn shared_ascii(text: &[u8]) -> Rc<str> {
    Rc::from(std::str::from_utf8(text).unwrap_or_default())
}

/// Why ptp ADD failed. `Display` is upstream's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PtpError {
    /// `cmdAdd`: the IPAM result has no IPs.
    MissingIpConfig,
    /// Not an upstream message: an IP without a gateway. host-local always sets one; ptp would configure
    /// nonsense (a nil-address route), so the model refuses before touching anything.
    MissingGateway {
        /// The address that came without a gateway.
        address: IpNet,
    },
    /// `makeVeth`: the kernel said "exists" and the peer name is not a link in the pod namespace, so no retry.
    VethExists {
        /// The container-side name (`eth0`).
        container: String,
        /// The host-side name tried.
        peer: String,
    },
    /// `makeVeth`: ten names in a row were taken.
    NoUniqueVethName,
    /// `makeVeth`: another kernel refusal (an MTU or name the veth driver rejects).
    MakeVethPair(Errno),
    /// `ConfigureIface`: an IPAM route could not be added.
    ConfigureRoute {
        /// The route's destination.
        dst: IpNet,
        /// The gateway used (`<nil>` if none).
        gw: Option<IpAddr>,
        /// The interface name.
        if_name: String,
        /// The kernel's answer.
        errno: Errno,
    },
    /// `setupContainerVeth`: deleting the kernel's connected route failed.
    DeleteRoute {
        /// netlink's `Route.String()` of the request.
        route: String,
        /// The kernel's answer.
        errno: Errno,
    },
    /// `setupContainerVeth`: a gateway or subnet route could not be added.
    AddRoute {
        /// netlink's `Route.String()` of the request.
        route: String,
        /// The kernel's answer.
        errno: Errno,
    },
    /// `setupHostVeth`: the gateway address is already on the host veth (two IPs sharing a gateway).
    /// Upstream prints the address in Go syntax (`%#v` of a `*net.IPNet`); the model prints it plainly.
    HostAddr {
        /// The address (`<gateway>/32` or `/128`).
        address: IpNet,
        /// The kernel's answer.
        errno: Errno,
    },
}

impl fmt::Display for PtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PtpError::MissingIpConfig => f.write_str("IPAM plugin returned missing IP config"),
            PtpError::MissingGateway { address } => {
                write!(f, "IPAM result has no gateway for {}", net_string(address))
            }
            PtpError::VethExists { container, peer } => write!(
                f,
                "container veth name ({}) peer provided ({}) already exists",
                GoQuoted(container),
                GoQuoted(peer)
            ),
            PtpError::NoUniqueVethName => f.write_str("failed to find a unique veth name"),
            PtpError::MakeVethPair(errno) => write!(f, "failed to make veth pair: {errno}"),
            PtpError::ConfigureRoute {
                dst,
                gw,
                if_name,
                errno,
            } => write!(
                f,
                "failed to add route '{} via {} dev {if_name}': {errno}",
                net_string(dst),
                gw.map_or_else(|| "<nil>".to_string(), ip_string)
            ),
            PtpError::DeleteRoute { route, errno } => {
                write!(f, "failed to delete route {route}: {errno}")
            }
            PtpError::AddRoute { route, errno } => {
                write!(f, "failed to add route {route}: {errno}")
            }
            PtpError::HostAddr { address, errno } => write!(
                f,
                "failed to add IP addr ({}) to veth: {errno}",
                net_string(address)
            ),
        }
    }
}

impl std::error::Error for PtpError {}

/// vishvananda/netlink's `Route.String()` for the requests ptp makes (no multipath, MPLS or encap):
/// `{Ifindex: 2 Dst: 10.244.1.1/32 Src: 10.244.1.2 Gw: <nil> Flags: [] Table: 0 Realm: 0}`.
fn netlink_route_string(route: &Route) -> String {
    let ip = |ip: Option<IpAddr>| ip.map_or_else(|| "<nil>".to_string(), ip_string);
    format!(
        "{{Ifindex: {} Dst: {} Src: {} Gw: {} Flags: [] Table: 0 Realm: 0}}",
        route.dev,
        net_string(&route.dst),
        ip(route.src),
        ip(route.gateway)
    )
}

/// A full-length prefix: `/32` for IPv4, `/128` for IPv6 (Go's `net.CIDRMask(bits, bits)`).
fn host_prefix(ip: IpAddr) -> IpNet {
    IpNet::from(ip)
}

/// ptp `cmdAdd` after IPAM: creates the veth pair and configures both ends. `mtu` is the conf's `mtu`
/// (0 = unset, the kernel's 1500). The IPAM result is taken over and extended, as ptp's
/// `current.NewResultFromResult` converts it into its own. Returns the result ptp prints: `interfaces = [host veth, container if]`
/// and every IP pointed at interface 1.
///
/// On error the namespaces keep whatever was already done, as upstream (which does not remove a half-set-up
/// veth; the runtime's DEL does).
pub fn cmd_add(
    node: &mut NetNs,
    pod: &mut NetNs,
    if_name: &str,
    ipam_result: CniResult,
    mtu: u32,
    entropy: &mut Entropy,
) -> Result<CniResult, PtpError> {
    let veth = cmd_add_setup(node, pod, if_name, &ipam_result, mtu, entropy)?;
    let mut result = ipam_result;
    result.interfaces = vec![
        Interface {
            name: veth.host_name.to_string(),
            mac: veth.host_mac.text(),
            sandbox: String::new(),
        },
        Interface {
            name: if_name.to_string(),
            mac: veth.cont_mac.text(),
            sandbox: pod.path(),
        },
    ];
    for ipc in &mut result.ips {
        ipc.interface = Some(1);
    }
    Ok(result)
}

/// What [`cmd_add`] does to the namespaces, without the result it prints (whose interface list and MAC
/// texts are written afterwards and change nothing here): the simulation runs this for every sandbox
/// and reads only the host veth's name and indexes. Returns the pair it made.
pub(crate) fn cmd_add_setup(
    node: &mut NetNs,
    pod: &mut NetNs,
    if_name: &str,
    ipam_result: &CniResult,
    mtu: u32,
    entropy: &mut Entropy,
) -> Result<VethPair, PtpError> {
    if ipam_result.ips.is_empty() {
        return Err(PtpError::MissingIpConfig);
    }
    // cmdAdd turns forwarding on for the families in use before it touches a veth.
    node.enable_forward(ipam_result.ips.iter().map(|ipc| ipc.address.addr()));
    let mut gateways = Vec::with_capacity(ipam_result.ips.len());
    for ipc in &ipam_result.ips {
        gateways.push(ipc.gateway.ok_or(PtpError::MissingGateway {
            address: ipc.address,
        })?);
    }

    let veth = make_veth(node, pod, if_name, mtu, entropy)?;
    let (host_index, cont_index) = (veth.host_index, veth.cont_index);
    // SetupVethWithName, in the host namespace: "we want to own the routes for this interface".
    node.set_accept_ra(host_index, 0);
    // What each end ends up with: `fe80::/64`, and per address on the node its host route, in the
    // pod its default route (kindnet's conflist has one per family), the route to the gateway and the
    // connected prefix through it.
    let families = ipam_result.ips.len();
    node.reserve_routes(host_index, 1 + families);
    pod.reserve_routes(cont_index, 1 + 3 * families);

    // ConfigureIface sets eth0 up; with the host end already up the pair gets a carrier, and the kernel
    // gives both ends their link-local addresses.
    node.carrier_up(host_index);
    pod.carrier_up(cont_index);
    configure_iface(pod, cont_index, if_name, ipam_result)?;

    for (ipc, gateway) in ipam_result.ips.iter().zip(&gateways) {
        let connected = ipc.address.trunc();
        pod.del_route(connected, cont_index)
            .map_err(|errno| PtpError::DeleteRoute {
                route: netlink_route_string(&Route::new(
                    connected,
                    None,
                    cont_index,
                    RouteScope::Universe,
                )),
                errno,
            })?;
        let src = ipc.address.addr();
        for route in [
            Route::new(host_prefix(*gateway), None, cont_index, RouteScope::Link).with_src(src),
            Route::new(connected, Some(*gateway), cont_index, RouteScope::Universe).with_src(src),
        ] {
            pod.add_route(route.clone(), true)
                .map_err(|errno| PtpError::AddRoute {
                    route: netlink_route_string(&route),
                    errno,
                })?;
        }
    }

    // setupHostVeth: every pod's host veth carries the same gateway address.
    for (ipc, gateway) in ipam_result.ips.iter().zip(&gateways) {
        let address = host_prefix(*gateway);
        if !node.add_addr(host_index, address) {
            return Err(PtpError::HostAddr {
                address,
                errno: Errno::Exist,
            });
        }
        let to_pod = Route::new(
            host_prefix(ipc.address.addr()),
            None,
            host_index,
            RouteScope::Host,
        );
        // ptp ignores "exists" here (os.IsExist), and the add cannot fail otherwise.
        let _ = node.add_route(to_pod, true);
    }

    Ok(veth)
}

/// `makeVeth` / `makeVethPair`: up to ten random host names. The kernel refuses with "exists" if the peer
/// name is taken on the node or `if_name` in the pod; upstream then retries only if a link with the *peer*
/// name exists in the namespace it runs in — the pod's (`peerExists` is called inside `netns.Do`). A name
/// clash on the node alone therefore ends in [`PtpError::VethExists`], not in a retry.
///
/// The bridge plugin makes its pair the same way (`ip.SetupVeth`).
pub(crate) fn make_veth(
    node: &mut NetNs,
    pod: &mut NetNs,
    if_name: &str,
    mtu: u32,
    entropy: &mut Entropy,
) -> Result<VethPair, PtpError> {
    let mtu = if mtu == 0 { DEFAULT_MTU } else { mtu };
    let Some(cont_name) =
        IfName::new(if_name).filter(|_| MTU_RANGE.contains(&mtu) && valid_ifname(if_name))
    else {
        return Err(PtpError::MakeVethPair(Errno::InvalidArgument));
    };
    for _ in 0..VETH_NAME_TRIES {
        let peer_name = entropy.random_veth_name();
        let clash = node.link_by_name(&peer_name).is_some() || pod.link_by_name(if_name).is_some();
        if clash {
            if pod.link_by_name(&peer_name).is_some() {
                continue;
            }
            return Err(PtpError::VethExists {
                container: if_name.to_string(),
                peer: peer_name.to_string(),
            });
        }
        // veth_newlink sets up the peer first, so its random MAC is drawn first.
        let host_mac = entropy.random_mac();
        let cont_mac = entropy.random_mac();
        let host_index = node.add_link(
            peer_name,
            LinkKind::Veth {
                peer_ifindex: 0,
                peer_netns: pod.seen_from_peer(),
            },
            mtu,
            host_mac,
        );
        let cont_index = pod.add_link(
            cont_name,
            LinkKind::Veth {
                peer_ifindex: host_index,
                peer_netns: node.seen_from_peer(),
            },
            mtu,
            cont_mac,
        );
        node.set_veth_peer(host_index, cont_index);
        return Ok(VethPair {
            host_index,
            host_name: peer_name,
            host_mac,
            cont_index,
            cont_mac,
        });
    }
    Err(PtpError::NoUniqueVethName)
}

/// What `SetupVeth` reports about the pair it made.
pub(crate) struct VethPair {
    /// The host end's ifindex in the node namespace.
    pub(crate) host_index: u32,
    /// The host end's random name.
    pub(crate) host_name: IfName,
    /// The host end's MAC.
    pub(crate) host_mac: MacAddr,
    /// The container end's ifindex in the pod namespace.
    pub(crate) cont_index: u32,
    /// The container end's MAC.
    pub(crate) cont_mac: MacAddr,
}

/// `dev_valid_name`: 1–15 bytes, not `.`/`..`, no `/`, `:` or whitespace.
pub(crate) fn valid_ifname(name: &str) -> bool {
    !name.is_empty()
        && name.len() < 16
        && name != "."
        && name != ".."
        && !name
            .chars()
            .any(|c| c == '/' || c == ':' || c.is_whitespace())
}

/// `ipam.ConfigureIface`: addresses on the container interface, then the IPAM routes, a route without `gw`
/// going via the first gateway of its family. The bridge plugin calls it too.
pub(crate) fn configure_iface(
    pod: &mut NetNs,
    ifindex: u32,
    if_name: &str,
    result: &CniResult,
) -> Result<(), PtpError> {
    let mut v4_gw = None;
    let mut v6_gw = None;
    for ipc in &result.ips {
        // A repeated address is a no-op here; host-local never returns one twice.
        pod.add_addr(ifindex, ipc.address);
        match ipc.gateway {
            Some(gw @ IpAddr::V4(_)) => v4_gw = v4_gw.or(Some(gw)),
            Some(gw @ IpAddr::V6(_)) => v6_gw = v6_gw.or(Some(gw)),
            None => {}
        }
    }
    for cni::Route { dst, gw } in &result.routes {
        let gw = gw.or(match dst {
            IpNet::V4(_) => v4_gw,
            IpNet::V6(_) => v6_gw,
        });
        // RouteAddEcmp: no NLM_F_EXCL.
        pod.add_route(Route::new(*dst, gw, ifindex, RouteScope::Universe), false)
            .map_err(|errno| PtpError::ConfigureRoute {
                dst: *dst,
                gw,
                if_name: if_name.to_string(),
                errno,
            })?;
    }
    Ok(())
}

/// ptp `cmdDel` after IPAM DEL: delete the container interface in the pod namespace, which takes the host
/// veth and its routes with it. `pod` is `None` when the netns path is gone; that, like a missing link, is
/// success (DEL must be idempotent). Returns the host veth that went away, if any.
///
/// Only veth links are deleted; asking to delete `lo` leaves it in place.
pub fn cmd_del(node: &mut NetNs, pod: Option<&mut NetNs>, if_name: &str) -> Option<Link> {
    let pod = pod?;
    let (ifindex, peer_ifindex) = match pod.link_by_name(if_name) {
        Some(Link {
            ifindex,
            kind: LinkKind::Veth { peer_ifindex, .. },
            ..
        }) => (*ifindex, *peer_ifindex),
        _ => return None,
    };
    pod.remove_link(ifindex);
    let is_our_peer = matches!(
        node.link_by_index(peer_ifindex),
        Some(Link { kind: LinkKind::Veth { peer_ifindex: back, peer_netns }, .. })
            if *back == ifindex && pod.is_seen_as(peer_netns)
    );
    if is_our_peer {
        node.remove_link(peer_ifindex)
    } else {
        None
    }
}
