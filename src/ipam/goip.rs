//! Go's textual forms of IPs and CIDRs, because every address on screen must read as the real tools print it.
//!
//! * `net.IP.String()` / `net.IPNet.String()`: RFC 5952 (lowercase hex, the longest run of two or more zero
//!   groups compressed, a single zero group written out). Rust's `Display` for `Ipv6Addr` follows the same
//!   rules, so [`ip_string`] only has to handle the one difference: Go prints an IPv4-mapped IPv6 address
//!   (`::ffff:a.b.c.d`) in dotted IPv4 form, because `net.IP` stores IPv4 in that 16-byte form.
//! * `net.ParseCIDR`: the result is the *network* (host bits masked off), and the error text is
//!   `invalid CIDR address: <s>`.
//! * `k8s.io/utils/net.ParseCIDRSloppy`: like `net.ParseCIDR`, but IPv4 octets with leading zeros are read as
//!   decimal (`010.244.0.0/16` is `10.244.0.0/16`), as Go did before 1.17.
//! * `%q` / `strconv.Quote` ([`GoQuoted`]), the quoting of values in Go's error texts.

use ipnet::IpNet;
use std::fmt::{self, Write as _};
use std::net::{IpAddr, Ipv4Addr};

/// `net.IP.String()`.
///
/// # Examples
/// ```
/// use podip::ipam::goip::ip_string;
/// assert_eq!(ip_string("10.244.1.2".parse().unwrap()), "10.244.1.2");
/// assert_eq!(ip_string("2001:db8:1:0:ffff::1".parse().unwrap()), "2001:db8:1:0:ffff::1");
/// assert_eq!(ip_string("::ffff:10.0.0.1".parse().unwrap()), "10.0.0.1");
/// ```
pub fn ip_string(ip: IpAddr) -> String {
    GoIp(ip).to_string()
}

/// An address that displays as `net.IP.String()` does, so a message can embed it without first building
/// a `String` of its own (the simulation formats several per pod).
///
/// # Examples
/// ```
/// use podip::ipam::goip::GoIp;
/// assert_eq!(format!("ip {}", GoIp("::ffff:10.0.0.1".parse().unwrap())), "ip 10.0.0.1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoIp(pub IpAddr);

impl fmt::Display for GoIp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => v4.fmt(f),
                None => v6.fmt(f),
            },
            IpAddr::V4(v4) => v4.fmt(f),
        }
    }
}

/// `net.IPNet.String()`: address, `/`, prefix length.
///
/// # Examples
/// ```
/// use podip::ipam::goip::net_string;
/// assert_eq!(net_string(&"10.244.0.0/16".parse().unwrap()), "10.244.0.0/16");
/// assert_eq!(net_string(&"fd00:10:244::/56".parse().unwrap()), "fd00:10:244::/56");
/// ```
pub fn net_string(net: &IpNet) -> String {
    format!("{}/{}", ip_string(net.addr()), net.prefix_len())
}

/// `net.ParseIP` (strict: no leading zeros in IPv4 octets, no zone). Returns `None` like Go's nil.
pub fn parse_ip(s: &str) -> Option<IpAddr> {
    s.parse().ok()
}

/// `k8s.io/utils/net.ParseIPSloppy`: IPv4 octets may carry leading zeros and are read as decimal.
pub fn parse_ip_sloppy(s: &str) -> Option<IpAddr> {
    parse_ip(s).or_else(|| parse_ipv4_leading_zeros(s).map(IpAddr::V4))
}

fn parse_ipv4_leading_zeros(s: &str) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut parts = s.split('.');
    for octet in &mut octets {
        let part = parts.next()?;
        // Go's old parser accepted up to three digits per octet, leading zeros included.
        if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *octet = part.parse().ok()?;
    }
    parts.next().is_none().then_some(Ipv4Addr::from(octets))
}

/// Why a CIDR did not parse: Go's `*net.ParseError` text, `invalid CIDR address: <s>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCidrError {
    /// The text as typed.
    pub input: String,
}

impl std::fmt::Display for ParseCidrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid CIDR address: {}", self.input)
    }
}

impl std::error::Error for ParseCidrError {}

/// `net.ParseCIDR`: returns the address as written and the network (host bits masked off).
///
/// # Examples
/// ```
/// use podip::ipam::goip::parse_cidr;
/// let (ip, net) = parse_cidr("127.123.3.0/16").unwrap();
/// assert_eq!(ip.to_string(), "127.123.3.0");
/// assert_eq!(net.to_string(), "127.123.0.0/16");
/// assert_eq!(parse_cidr("10.244.0.0").unwrap_err().to_string(), "invalid CIDR address: 10.244.0.0");
/// ```
pub fn parse_cidr(s: &str) -> Result<(IpAddr, IpNet), ParseCidrError> {
    parse_cidr_with(s, parse_ip)
}

/// `k8s.io/utils/net.ParseCIDRSloppy`, the parser kube-controller-manager uses for its CIDR flags.
pub fn parse_cidr_sloppy(s: &str) -> Result<(IpAddr, IpNet), ParseCidrError> {
    parse_cidr_with(s, parse_ip_sloppy)
}

fn parse_cidr_with(
    s: &str,
    parse: fn(&str) -> Option<IpAddr>,
) -> Result<(IpAddr, IpNet), ParseCidrError> {
    let err = || ParseCidrError {
        input: s.to_string(),
    };
    let (addr, prefix) = s.split_once('/').ok_or_else(err)?;
    let ip = parse(addr).ok_or_else(err)?;
    // Go's dtoi: decimal digits only, no sign, no leading '+', at most 0xFFFFFF.
    if prefix.is_empty() || prefix.len() > 3 || !prefix.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err());
    }
    let prefix_len: u8 = prefix.parse().map_err(|_| err())?;
    let net = IpNet::new(ip, prefix_len).map_err(|_| err())?;
    Ok((ip, net.trunc()))
}

/// The address family's width in bits: 32 or 128.
pub fn address_bits(ip: IpAddr) -> u8 {
    match ip {
        IpAddr::V4(_) => 32,
        IpAddr::V6(_) => 128,
    }
}

/// The address as an unsigned integer (IPv4 zero-extended), for bit arithmetic on indices.
pub fn ip_to_u128(ip: IpAddr) -> u128 {
    match ip {
        IpAddr::V4(v4) => u128::from(u32::from(v4)),
        IpAddr::V6(v6) => u128::from(v6),
    }
}

/// The inverse of [`ip_to_u128`] for the given family (IPv4 keeps the low 32 bits).
pub fn u128_to_ip(value: u128, like: IpAddr) -> IpAddr {
    match like {
        IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::from(value as u32)),
        IpAddr::V6(_) => IpAddr::V6(value.into()),
    }
}

/// Go's `%q` (`strconv.Quote`) of a string: double quotes, with `"` and `\` escaped, and non-printable
/// characters as `\n`-style, `\xNN` (ASCII controls) or `\uNNNN` escapes. Go's `unicode.IsPrint` is
/// approximated by "not a control character and not a space other than U+0020". Rust's `{:?}` escapes
/// differently (`\u{1f}`) and brings Unicode tables into the wasm.
///
/// # Examples
/// ```
/// use podip::ipam::goip::GoQuoted;
/// assert_eq!(GoQuoted("a\"b\\\t\u{1}").to_string(), r#""a\"b\\\t\x01""#);
/// ```
pub struct GoQuoted<'a>(pub &'a str);

impl fmt::Display for GoQuoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for c in self.0.chars() {
            match c {
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                '\u{7}' => f.write_str("\\a")?,
                '\u{8}' => f.write_str("\\b")?,
                '\u{c}' => f.write_str("\\f")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                '\u{b}' => f.write_str("\\v")?,
                c if c < ' ' || c == '\u{7f}' => write!(f, "\\x{:02x}", c as u32)?,
                c if c.is_control() || (c.is_whitespace() && c != ' ') => {
                    if (c as u32) < 0x10000 {
                        write!(f, "\\u{:04x}", c as u32)?;
                    } else {
                        write!(f, "\\U{:08x}", c as u32)?;
                    }
                }
                c => f.write_char(c)?,
            }
        }
        f.write_str("\"")
    }
}

/// [`GoQuoted`] as a `String`.
pub fn go_quote(s: &str) -> String {
    GoQuoted(s).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_prints_a_single_zero_group_in_full() {
        // Go's form (docs/upstream-notes.md §22): `2001:db8:1:0:ffff:…`, never `2001:db8:1::ffff:…`.
        let ip: IpAddr = "2001:db8:1:0:ffff:0:0:1".parse().unwrap();
        assert_eq!(ip_string(ip), "2001:db8:1:0:ffff::1");
        let ip: IpAddr = "2001:db8:0:0:1:0:0:1".parse().unwrap();
        assert_eq!(ip_string(ip), "2001:db8::1:0:0:1");
    }

    #[test]
    fn sloppy_parsing_reads_leading_zeros_as_decimal() {
        assert_eq!(
            parse_cidr_sloppy("010.244.000.000/16")
                .unwrap()
                .1
                .to_string(),
            "10.244.0.0/16"
        );
        assert!(parse_cidr("010.244.0.0/16").is_err());
        assert!(parse_cidr_sloppy("10.244.0.0/33").is_err());
        assert!(parse_cidr_sloppy("10.244.0.0/-1").is_err());
        assert!(parse_cidr_sloppy("10.244.0.0/+8").is_err());
        assert!(parse_cidr_sloppy("fd00::/129").is_err());
        assert!(parse_cidr_sloppy("").is_err());
    }
}
