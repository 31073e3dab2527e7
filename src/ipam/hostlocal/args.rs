//! `CNI_ARGS` and requested-IP parsing: `types.LoadArgs` (`containernetworking/cni`,
//! `pkg/types/args.go`) into host-local's `IPAMEnvArgs`, and `pkg/ip.ParseIP` (`plugins/pkg/ip/ip.go`),
//! the parser behind `IP=`, `args.cni.ips` and `runtimeConfig.ips`.

use crate::ipam::goip::{go_quote, parse_cidr, parse_ip};
use std::fmt;
use std::net::IpAddr;

/// Why `CNI_ARGS` did not load, with `LoadArgs`'s exact text (including its stray `)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgsError {
    /// A `;`-separated element does not split on `=` into exactly two parts (`a`, `a=b=c`, or the empty
    /// element after a trailing `;`).
    InvalidPair(String),
    /// `CommonArgs=…`: `FieldByName` finds the embedded struct, which has no `UnmarshalText`.
    NotTextUnmarshaler(String),
    /// A known key whose value did not parse.
    ParseValue { pair: String, err: String },
    /// Unknown keys without `IgnoreUnknown=1`.
    Unknown(Vec<String>),
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidPair(pair) => write!(f, "ARGS: invalid pair {}", go_quote(pair)),
            Self::NotTextUnmarshaler(key) => write!(
                f,
                "ARGS: cannot unmarshal into field '{key}' - type '*types.CommonArgs' does not implement encoding.TextUnmarshaler"
            ),
            Self::ParseValue { pair, err } => write!(
                f,
                "ARGS: error parsing value of pair {}: {err})",
                go_quote(pair)
            ),
            Self::Unknown(pairs) => {
                let quoted: Vec<String> = pairs.iter().map(|p| go_quote(p)).collect();
                write!(f, "ARGS: unknown args [{}]", quoted.join(" "))
            }
        }
    }
}

impl std::error::Error for ArgsError {}

/// `types.LoadArgs(envArgs, &IPAMEnvArgs{})` and `e.IP.ToIP()`: the IP requested through `CNI_ARGS`.
/// Only the exact (case-sensitive) field names `IP`, `IgnoreUnknown` and `CommonArgs` are known.
pub fn load_env_ip(args: &str) -> Result<Option<IpAddr>, ArgsError> {
    if args.is_empty() {
        return Ok(None);
    }
    let mut ip = None;
    let mut ignore_unknown = false;
    let mut unknown = Vec::new();
    for pair in args.split(';') {
        let kv: Vec<&str> = pair.split('=').collect();
        let [key, value] = kv[..] else {
            return Err(ArgsError::InvalidPair(pair.to_string()));
        };
        let parse_error = |err: String| ArgsError::ParseValue {
            pair: pair.to_string(),
            err,
        };
        match key {
            "IP" => ip = go_pkg_ip(value).map_err(|e| parse_error(e.to_string()))?,
            "IgnoreUnknown" => {
                ignore_unknown = unmarshallable_bool(value).map_err(parse_error)?;
            }
            "CommonArgs" => return Err(ArgsError::NotTextUnmarshaler(key.to_string())),
            _ => unknown.push(pair.to_string()),
        }
    }
    if !unknown.is_empty() && !ignore_unknown {
        return Err(ArgsError::Unknown(unknown));
    }
    Ok(ip)
}

/// `types.UnmarshallableBool.UnmarshalText`: `1`/`true`/`0`/`false`, any case.
///
/// Go lowers with `strings.ToLower`; ASCII lowering decides the same, because no other rune lowers to
/// an ASCII letter of `true` or `false` (the Kelvin sign, the one that lowers to ASCII at all, lowers
/// to `k`). Only the echo of non-ASCII input in the error differs (docs/upstream-notes.md). Unicode
/// lowering would bring its case tables into the page's wasm: 11 KB gzip.
fn unmarshallable_bool(value: &str) -> Result<bool, String> {
    let lower = value.to_ascii_lowercase();
    match lower.as_str() {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(format!("Boolean unmarshal error: invalid input {lower}")),
    }
}

/// `pkg/ip`'s `IP.UnmarshalText` error: `invalid IP address <s>` (no colon, unlike `net`'s).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidIp(pub String);

impl fmt::Display for InvalidIp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid IP address {}", self.0)
    }
}

impl std::error::Error for InvalidIp {}

/// `pkg/ip.IP.UnmarshalText` then `ToIP`: `<ip>` or `<ip>/<prefix>` (the prefix is dropped), IPv4
/// canonical. Empty text is the empty IP, whose `ToIP` is nil (`Ok(None)`).
///
/// # Examples
/// ```
/// use podip::ipam::hostlocal::args::go_pkg_ip;
/// assert_eq!(go_pkg_ip("10.1.2.11/24").unwrap().unwrap().to_string(), "10.1.2.11");
/// assert_eq!(go_pkg_ip("2001:db8:1::11/64").unwrap().unwrap().to_string(), "2001:db8:1::11");
/// assert_eq!(go_pkg_ip("").unwrap(), None);
/// assert_eq!(go_pkg_ip("foo").unwrap_err().to_string(), "invalid IP address foo");
/// ```
pub fn go_pkg_ip(s: &str) -> Result<Option<IpAddr>, InvalidIp> {
    if s.is_empty() {
        return Ok(None);
    }
    let parsed = if s.contains('/') {
        parse_cidr(s).ok().map(|(ip, _)| ip)
    } else {
        parse_ip(s)
    };
    parsed
        .map(|ip| Some(ip.to_canonical()))
        .ok_or_else(|| InvalidIp(s.to_string()))
}
