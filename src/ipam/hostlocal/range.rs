//! One allocation range (`backend/allocator/range.go`: `Range`, `Canonicalize`, `Contains`, `Overlaps`,
//! `String`, and the helpers `canonicalizeIP` and `lastIP`).
//!
//! Upstream keeps one `Range` struct and fills its empty fields in place. Here the two states are two
//! types: [`RangeConfig`] is what the JSON said (every field optional, the subnet address as written), and
//! [`Range`] is the result of [`Range::canonicalize`], where every field is set.

use crate::ipam::goip::{ip_string, ip_to_u128, net_string, u128_to_ip};
use ipnet::IpNet;
use std::fmt;
use std::net::IpAddr;

/// A range as configured (`allocator.Range` before `Canonicalize`): `{subnet, rangeStart?, rangeEnd?,
/// gateway?}`. The subnet keeps the address as written (`types.ParseCIDR` does not mask it), so that
/// canonicalisation can report host bits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RangeConfig {
    /// `subnet`; `None` when the key was absent (Go's nil `Subnet.IP`).
    pub subnet: Option<IpNet>,
    /// `rangeStart`, the first allocatable address, inclusive.
    pub range_start: Option<IpAddr>,
    /// `rangeEnd`, the last allocatable address, inclusive.
    pub range_end: Option<IpAddr>,
    /// `gateway`, skipped by the iterator.
    pub gateway: Option<IpAddr>,
}

impl RangeConfig {
    /// A range with only a subnet, like the upstream tests' `Range{Subnet: mustSubnet(s)}`.
    pub fn subnet(subnet: IpNet) -> Self {
        Self {
            subnet: Some(subnet),
            ..Self::default()
        }
    }
}

/// A canonicalised range: `[range_start, range_end]` of `subnet`, minus `gateway`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    /// The subnet (network form).
    pub subnet: IpNet,
    /// First allocatable address.
    pub range_start: IpAddr,
    /// Last allocatable address.
    pub range_end: IpAddr,
    /// The gateway, skipped by the allocator. Since v0.8.0 it need not lie inside the subnet.
    pub gateway: IpAddr,
}

/// Why a range is invalid: `Range.Canonicalize`'s errors, with upstream's exact text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeError {
    /// The subnet key was missing: `canonicalizeIP` on a nil IP.
    SubnetMissing,
    /// The prefix leaves fewer than two host bits (/31, /32, /127, /128). Holds Go's `IPNet.String()`.
    TooSmall(String),
    /// An IPv4-mapped IPv6 subnet (`::ffff:10.0.0.0/104`): the IP canonicalises to 4 bytes, the mask stays 16.
    MaskVersionMismatch,
    /// The subnet address is not its network address (since v0.8.0).
    HostBitsSet { prefix_len: u8, network: IpAddr },
    /// An explicit `rangeStart` fails `Contains`.
    RangeStartNotInNetwork { ip: IpAddr, subnet: IpNet },
    /// An explicit `rangeEnd` fails `Contains`.
    RangeEndNotInNetwork { ip: IpAddr, subnet: IpNet },
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Go prints a nil net.IP as `<nil>`.
            Self::SubnetMissing => write!(f, "IP <nil> not v4 nor v6"),
            Self::TooSmall(net) => write!(f, "Network {net} too small to allocate from"),
            Self::MaskVersionMismatch => write!(f, "IPNet IP and Mask version mismatch"),
            Self::HostBitsSet { prefix_len, network } => write!(
                f,
                "Network has host bits set. For a subnet mask of length {prefix_len} the network address is {}",
                ip_string(*network)
            ),
            Self::RangeStartNotInNetwork { ip, subnet } => write!(
                f,
                "RangeStart {} not in network {}",
                ip_string(*ip),
                net_string(subnet)
            ),
            Self::RangeEndNotInNetwork { ip, subnet } => write!(
                f,
                "RangeEnd {} not in network {}",
                ip_string(*ip),
                net_string(subnet)
            ),
        }
    }
}

impl std::error::Error for RangeError {}

/// `canonicalizeIP`: an IPv4-mapped IPv6 address becomes plain IPv4, as `net.IP.To4()` does.
pub fn canonicalize_ip(ip: IpAddr) -> IpAddr {
    ip.to_canonical()
}

/// `ip.Cmp` compares addresses as big integers of their canonical bytes, whatever the family.
fn cmp_ip(a: IpAddr, b: IpAddr) -> std::cmp::Ordering {
    ip_to_u128(canonicalize_ip(a)).cmp(&ip_to_u128(canonicalize_ip(b)))
}

/// `Range.Contains`, written over optional bounds because `Canonicalize` calls it while the bounds are
/// still being filled in: a bound already set applies, a missing one does not. That is why `rangeStart`
/// 192.0.2.50 with `rangeEnd` 192.0.2.40 reports `RangeStart ... not in network`.
fn contains_with(subnet: &IpNet, start: Option<IpAddr>, end: Option<IpAddr>, addr: IpAddr) -> bool {
    let addr = canonicalize_ip(addr);
    let same_family = addr.is_ipv4() == subnet.network().is_ipv4();
    same_family
        && subnet.contains(&addr)
        && start.is_none_or(|start| cmp_ip(addr, start).is_ge())
        && end.is_none_or(|end| cmp_ip(addr, end).is_le())
}

impl Range {
    /// `Range.Canonicalize`: validate the subnet, then fill `gateway` (network + 1), `rangeStart`
    /// (network + 1) and `rangeEnd` (last address, minus the broadcast on IPv4) where they are missing.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::hostlocal::{Range, RangeConfig};
    /// let r = Range::canonicalize(&RangeConfig::subnet("192.0.2.0/24".parse().unwrap())).unwrap();
    /// assert_eq!(r.to_string(), "192.0.2.1-192.0.2.254");
    /// let r = Range::canonicalize(&RangeConfig::subnet("2001:db8:1::/64".parse().unwrap())).unwrap();
    /// assert_eq!(r.to_string(), "2001:db8:1::1-2001:db8:1:0:ffff:ffff:ffff:ffff");
    /// let err = Range::canonicalize(&RangeConfig::subnet("192.0.2.12/24".parse().unwrap())).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "Network has host bits set. For a subnet mask of length 24 the network address is 192.0.2.0"
    /// );
    /// ```
    pub fn canonicalize(config: &RangeConfig) -> Result<Self, RangeError> {
        let written = config.subnet.ok_or(RangeError::SubnetMissing)?;
        let ip = canonicalize_ip(written.addr());
        let (ones, mask_bits) = (written.prefix_len(), written.max_prefix_len());
        if ones > mask_bits - 2 {
            return Err(RangeError::TooSmall(too_small_string(ip, ones, mask_bits)));
        }
        if ip.is_ipv4() != (mask_bits == 32) {
            return Err(RangeError::MaskVersionMismatch);
        }
        let subnet = written.trunc();
        if ip != subnet.network() {
            return Err(RangeError::HostBitsSet {
                prefix_len: ones,
                network: subnet.network(),
            });
        }
        let network_plus_one = u128_to_ip(ip_to_u128(subnet.network()) + 1, subnet.network());
        let gateway = config.gateway.map_or(network_plus_one, canonicalize_ip);
        let range_start = match config.range_start.map(canonicalize_ip) {
            Some(start) => {
                if !contains_with(&subnet, Some(start), config.range_end, start) {
                    return Err(RangeError::RangeStartNotInNetwork { ip: start, subnet });
                }
                start
            }
            None => network_plus_one,
        };
        let range_end = match config.range_end.map(canonicalize_ip) {
            Some(end) => {
                if !contains_with(&subnet, Some(range_start), Some(end), end) {
                    return Err(RangeError::RangeEndNotInNetwork { ip: end, subnet });
                }
                end
            }
            None => last_ip(&subnet),
        };
        Ok(Self {
            subnet,
            range_start,
            range_end,
            gateway,
        })
    }

    /// A range with host-local's defaults for `subnet`: start network+1, end the last address (minus one
    /// for the IPv4 broadcast), gateway network+1. `None` when the subnet is too small to allocate from.
    /// Host bits are masked off first, as the capacity planner passes node subnets in any form.
    pub fn with_defaults(subnet: IpNet) -> Option<Self> {
        Self::canonicalize(&RangeConfig::subnet(subnet.trunc())).ok()
    }

    /// `Range.Contains`: same family, inside the subnet, and within `[rangeStart, rangeEnd]`.
    pub fn contains(&self, addr: IpAddr) -> bool {
        contains_with(
            &self.subnet,
            Some(self.range_start),
            Some(self.range_end),
            addr,
        )
    }

    /// `Range.Overlaps`: false across families, else true when either range contains an end of the other.
    pub fn overlaps(&self, other: &Range) -> bool {
        self.range_start.is_ipv4() == other.range_start.is_ipv4()
            && (self.contains(other.range_start)
                || self.contains(other.range_end)
                || other.contains(self.range_start)
                || other.contains(self.range_end))
    }

    /// How many addresses the allocator can hand out: `[range_start, range_end]` minus the gateway.
    ///
    /// Zero for an [inverted](Self::is_inverted) range, although upstream's walk then escapes it.
    pub fn usable_count(&self) -> u128 {
        let span = ip_to_u128(self.range_end)
            .checked_sub(ip_to_u128(self.range_start))
            .map_or(0, |distance| distance + 1);
        span - u128::from(self.contains(self.gateway))
    }

    /// Whether `rangeStart` lies after `rangeEnd`. `Canonicalize` allows exactly one such case: an
    /// explicit IPv4 `rangeStart` at the broadcast address with a default `rangeEnd` (broadcast − 1),
    /// because the default end is never checked. Upstream's `RangeIter` then never meets `rangeEnd`
    /// and hands out the addresses *after* the subnet (`10.0.1.16/28` after `10.0.1.15`); this model
    /// walks the same way.
    pub fn is_inverted(&self) -> bool {
        cmp_ip(self.range_start, self.range_end).is_gt()
    }
}

/// `Range.String()`: `<rangeStart>-<rangeEnd>`.
impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}",
            ip_string(self.range_start),
            ip_string(self.range_end)
        )
    }
}

/// Go's `IPNet.String()` for the too-small error. An IPv4-mapped subnet has a 4-byte IP and a 16-byte
/// mask there; `IP.Mask` then uses the mask's last 4 bytes, so `::ffff:10.0.0.0/127` prints
/// `10.0.0.0/127`.
fn too_small_string(ip: IpAddr, ones: u8, mask_bits: u8) -> String {
    let family_bits = if ip.is_ipv4() { 32 } else { 128 };
    let effective = ones.saturating_sub(mask_bits - family_bits);
    let masked = IpNet::new(ip, effective).map_or(ip, |net| net.network());
    format!("{}/{ones}", ip_string(masked))
}

/// `lastIP`: the subnet's last address, minus one for the IPv4 broadcast (IPv6 has none).
fn last_ip(subnet: &IpNet) -> IpAddr {
    let last = ip_to_u128(subnet.broadcast());
    let end = if subnet.network().is_ipv4() {
        last - 1
    } else {
        last
    };
    u128_to_ip(end, subnet.network())
}
