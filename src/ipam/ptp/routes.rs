//! Routes as the kernel holds them in a main table (`include/net/ip_fib.h`, `include/net/ip6_fib.h`),
//! the errors it answers route and link requests with, and the order it dumps prefixes in.

use crate::ipam::goip::ip_to_u128;
use ipnet::IpNet;
use std::cmp::Ordering;
use std::fmt;
use std::net::IpAddr;

/// The `proto` of a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteProto {
    /// `RTPROT_BOOT`, what netlink requests carry by default (vishvananda/netlink `NewRtMsg`); `ip` hides it.
    Boot,
    /// `RTPROT_KERNEL`, routes the kernel adds for addresses.
    Kernel,
}

/// The `scope` of a route (IPv6 routes have none: the kernel reports universe).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteScope {
    /// Reaches beyond the link (routes with a gateway).
    Universe,
    /// On-link destination (`scope link`).
    Link,
    /// This host (`scope host`), ptp's `<podIP>/32` route on the node (`ip.AddHostRoute`).
    Host,
}

/// A route in the main table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// Destination prefix.
    pub dst: IpNet,
    /// Next hop (`via`).
    pub gateway: Option<IpAddr>,
    /// Output device ifindex (`dev`).
    pub dev: u32,
    /// Route scope (printed for IPv4 only).
    pub scope: RouteScope,
    /// Preferred source (`src`).
    pub src: Option<IpAddr>,
    /// Who installed it.
    pub proto: RouteProto,
    /// Priority: 0 for IPv4 requests, 1024 for IPv6 requests (`IP6_RT_PRIO_USER`), 256 for IPv6 kernel
    /// prefix routes (`IP6_RT_PRIO_ADDRCONF`).
    pub metric: u32,
    /// `RTNH_F_ONLINK`: the gateway is taken as on the link without a connected route to it (flannel's
    /// vxlan routes, `10.244.2.0/24 via 10.244.2.0 dev flannel.1 onlink`).
    pub onlink: bool,
}

impl Route {
    /// A route as netlink's `RouteAdd` sends it: proto boot, family-default metric.
    pub fn new(dst: IpNet, gateway: Option<IpAddr>, dev: u32, scope: RouteScope) -> Self {
        Route {
            dst,
            gateway,
            dev,
            scope,
            src: None,
            proto: RouteProto::Boot,
            metric: user_metric(&dst),
            onlink: false,
        }
    }

    /// The same route with `RTNH_F_ONLINK` set.
    pub fn with_onlink(mut self) -> Self {
        self.onlink = true;
        self
    }

    /// The same route with a preferred source address.
    pub fn with_src(mut self, src: IpAddr) -> Self {
        self.src = Some(src);
        self
    }
}

/// `IP6_RT_PRIO_USER` for IPv6; IPv4 routes carry no priority unless asked.
fn user_metric(dst: &IpNet) -> u32 {
    match dst {
        IpNet::V4(_) => 0,
        IpNet::V6(_) => 1024,
    }
}

/// A kernel error number, printed as Go's `syscall.Errno` prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Errno {
    /// `EEXIST`.
    Exist,
    /// `ESRCH`, a route delete that matched nothing.
    NoSuchProcess,
    /// `EINVAL`, e.g. an MTU outside the device's 68…65535.
    InvalidArgument,
    /// `ENETUNREACH`, a gateway no connected route reaches.
    NetworkUnreachable,
    /// `ENODEV`, a route through a device the namespace does not have.
    NoSuchDevice,
}

impl fmt::Display for Errno {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Errno::Exist => "file exists",
            Errno::NoSuchProcess => "no such process",
            Errno::InvalidArgument => "invalid argument",
            Errno::NetworkUnreachable => "network is unreachable",
            Errno::NoSuchDevice => "no such device",
        })
    }
}

impl std::error::Error for Errno {}

/// The order the kernel dumps two prefixes of one family in: IPv4 by the fib trie's key order (network
/// address ascending, a longer prefix before a shorter one on the same address), IPv6 in the post-order
/// walk of the fib6 radix tree (more specific first, `default` last).
pub(super) fn fib_dump_order(a: &IpNet, b: &IpNet) -> Ordering {
    match (a, b) {
        (IpNet::V6(_), IpNet::V6(_)) => {
            // Post-order over the bit strings: compare the shared leading bits, then the more specific first.
            let common = a.prefix_len().min(b.prefix_len());
            let shift = 128 - u32::from(common);
            let (x, y) = if common == 0 {
                (0, 0)
            } else {
                (network_bits(a) >> shift, network_bits(b) >> shift)
            };
            x.cmp(&y).then(b.prefix_len().cmp(&a.prefix_len()))
        }
        _ => network_bits(a)
            .cmp(&network_bits(b))
            .then(b.prefix_len().cmp(&a.prefix_len())),
    }
}

/// `ip_to_u128` of a prefix's network address, for the dump-order comparison.
fn network_bits(net: &IpNet) -> u128 {
    ip_to_u128(net.network())
}
