//! Links as a namespace holds them (`include/linux/netdevice.h`, `struct net_device`): names, hardware
//! addresses, the kind of device, the addresses on it, the bridge it is a port of (`net/bridge/br_if.c`)
//! and the per-link sysctls a plugin wrote.

use ipnet::IpNet;
use std::fmt;
use std::net::{IpAddr, Ipv6Addr};
use std::rc::Rc;

/// A hardware address; the kernel gives every veth end a random one (`eth_hw_addr_random`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MacAddr(pub [u8; 6]);

impl MacAddr {
    /// `eth_random_addr`: random bytes, multicast bit cleared, locally-administered bit set.
    pub fn from_random_bytes(mut bytes: [u8; 6]) -> Self {
        bytes[0] &= 0xfe;
        bytes[0] |= 0x02;
        MacAddr(bytes)
    }

    /// The EUI-64 link-local address the kernel derives (`addrgenmode eui64`): flip the universal/local bit,
    /// insert `ff:fe`, e.g. `36:5b:27:4a:97:ab` → `fe80::345b:27ff:fe4a:97ab`.
    pub fn eui64_link_local(&self) -> Ipv6Addr {
        let m = self.0;
        let mut bytes = [0u8; 16];
        bytes[0] = 0xfe;
        bytes[1] = 0x80;
        bytes[8..16].copy_from_slice(&[m[0] ^ 0x02, m[1], m[2], 0xff, 0xfe, m[3], m[4], m[5]]);
        Ipv6Addr::from(bytes)
    }
}

impl MacAddr {
    /// The address as the kernel prints it (`%pM`): lowercase hex pairs joined by `:`. Written by hand
    /// rather than through `format!`, whose padding machinery is costly: every CNI result carries two.
    fn ascii(&self) -> [u8; 17] {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let mut out = [b':'; 17];
        for (i, byte) in self.0.iter().enumerate() {
            out[3 * i] = DIGITS[usize::from(byte >> 4)];
            out[3 * i + 1] = DIGITS[usize::from(byte & 0xf)];
        }
        out
    }

    /// The address as the kernel prints it, in a string of exactly its length.
    pub fn text(&self) -> String {
        std::str::from_utf8(&self.ascii())
            .unwrap_or_default()
            .to_owned()
    }
}

impl fmt::Display for MacAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Hex digits and colons only: always UTF-8.
        f.write_str(std::str::from_utf8(&self.ascii()).map_err(|_| fmt::Error)?)
    }
}

/// How `ip link` names the namespace a veth's peer lives in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkNetns {
    /// The peer's namespace has no name under `/var/run/netns` (the node's root namespace, seen from a pod):
    /// `link-netnsid <id>`.
    Id(u32),
    /// A named namespace (`cni-<uuid>`, seen from the node): `link-netns <name>`.
    Named(Rc<str>),
}

/// What kind of device a link is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkKind {
    /// `lo`, present in every namespace as ifindex 1.
    Loopback,
    /// One end of a veth pair whose other end is in another namespace (`name@if<peer_ifindex>`).
    Veth {
        /// The peer's ifindex, valid in the peer's namespace only.
        peer_ifindex: u32,
        /// Where the peer lives.
        peer_netns: LinkNetns,
    },
    /// A Linux bridge (`net/bridge/br_device.c`), e.g. the bridge plugin's `cni0`.
    Bridge {
        /// Whether it has a carrier: a bridge has one while a port that has one forwards
        /// (`br_port_carrier_check`); with none, `ip` shows `NO-CARRIER` and `state DOWN`, and its
        /// routes `linkdown`.
        carrier: bool,
    },
    /// A vxlan device (`drivers/net/vxlan`), e.g. flanneld's `flannel.1`: always up, no carrier of its own
    /// to lose (`state UNKNOWN`).
    Vxlan {
        /// The vxlan network identifier (`flannel.<vni>`).
        vni: u32,
    },
}

/// A link's place on a bridge (`struct net_bridge_port`): `master <bridge>` in `ip link`, and the port
/// flags `bridge -d link` and `ip -d link` show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BridgePort {
    /// The bridge's ifindex (`IFLA_MASTER`).
    pub master: u32,
    /// `hairpin on`: the bridge may send a frame back out of the port it came in by
    /// (`BR_HAIRPIN_MODE`, netlink's `LinkSetHairpin`).
    pub hairpin: bool,
}

/// A per-link sysctl a plugin writes besides `accept_ra` (`/proc/sys/net/ipv{4,6}/conf/<link>/…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkSysctl {
    /// `net.ipv6.conf.<link>.accept_dad`: the bridge plugin writes 0 in the pod unless `enabledad`.
    AcceptDad,
    /// `net.ipv4.conf.<link>.arp_notify`: the bridge plugin writes 1 in the pod, so a new address
    /// announces itself by gratuitous ARP.
    ArpNotify,
    /// `net.ipv6.conf.<link>.keep_addr_on_down`: `ipam.ConfigureIface` writes 1 before adding an IPv6
    /// address (containernetworking/plugins v1.7.0, 062b3fce).
    KeepAddrOnDown,
}

impl LinkSysctl {
    /// The sysctl's name for `link`, as `sysctl` prints it.
    pub fn name(self, link: &str) -> String {
        match self {
            LinkSysctl::AcceptDad => format!("net.ipv6.conf.{link}.accept_dad"),
            LinkSysctl::ArpNotify => format!("net.ipv4.conf.{link}.arp_notify"),
            LinkSysctl::KeepAddrOnDown => format!("net.ipv6.conf.{link}.keep_addr_on_down"),
        }
    }
}

/// An address on a link, as `ip addr` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IfAddr {
    /// The address with its prefix length, e.g. `10.244.1.2/24` (host bits kept).
    pub local: IpNet,
}

impl IfAddr {
    /// The kernel's address scope: `host` for loopback addresses, `link` for `fe80::/10`, else `global`.
    pub fn scope(&self) -> &'static str {
        match self.local.addr() {
            IpAddr::V4(v4) if v4.is_loopback() => "host",
            IpAddr::V6(v6) if v6.is_loopback() => "host",
            IpAddr::V6(v6) if v6.is_unicast_link_local() => "link",
            _ => "global",
        }
    }
}

/// A device name as the kernel stores it: inline, at most `IFNAMSIZ - 1` (15) bytes. Inline because
/// every pod's sandbox names three links (`lo`, `eth0` and the node's veth end), which as strings
/// would be three allocations per pod.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IfName {
    len: u8,
    bytes: [u8; 15],
}

impl IfName {
    /// The name, if it fits the kernel's 15 bytes (`dev_valid_name`'s other rules are the caller's).
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::ptp::IfName;
    /// assert_eq!(IfName::new("veth25040d0e").unwrap(), "veth25040d0e");
    /// assert!(IfName::new("a-name-of-16-byt").is_none());
    /// ```
    pub fn new(name: &str) -> Option<Self> {
        let mut bytes = [0; 15];
        bytes
            .get_mut(..name.len())?
            .copy_from_slice(name.as_bytes());
        Some(IfName {
            len: name.len() as u8,
            bytes,
        })
    }

    /// A name fixed in the source; one over 15 bytes does not compile.
    pub(super) const fn literal(name: &str) -> Self {
        let text = name.as_bytes();
        assert!(text.len() <= 15, "IFNAMSIZ");
        let mut bytes = [0; 15];
        let mut i = 0;
        while i < text.len() {
            bytes[i] = text[i];
            i += 1;
        }
        IfName {
            len: text.len() as u8,
            bytes,
        }
    }

    /// No name: what a failed conversion stands in with.
    pub const EMPTY: IfName = IfName {
        len: 0,
        bytes: [0; 15],
    };

    /// The name's bytes: what the hash and comparisons of a namespace's lookups read, without checking
    /// on every one that they are UTF-8.
    pub(super) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        // Copied from a `&str` whole, so always UTF-8.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl std::ops::Deref for IfName {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for IfName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for IfName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for IfName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for IfName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// A network device in one namespace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// Index, unique within the namespace.
    pub ifindex: u32,
    /// Interface name, unique within the namespace.
    pub name: IfName,
    /// Loopback, veth or bridge.
    pub kind: LinkKind,
    /// MTU in bytes.
    pub mtu: u32,
    /// Hardware address.
    pub mac: MacAddr,
    /// Addresses in the order `ip addr` prints them (IPv4 in insertion order, then IPv6 global before
    /// link-local, newest first within a scope: `ipv6_link_dev_addr`).
    pub addrs: Vec<IfAddr>,
    /// `net.ipv6.conf.<name>.accept_ra` once something wrote it (ptp writes 0 on the host end);
    /// `None`: the kernel's default, which nothing here shows.
    pub accept_ra: Option<u8>,
    /// The bridge this link is a port of, if any.
    pub port: Option<BridgePort>,
    /// Other per-link sysctls written here, in the order they were first written, with their values.
    pub sysctls: Vec<(LinkSysctl, u8)>,
}
