//! Reading the network configuration (`backend/allocator/config.go`: `LoadIPAMConfig`, `Net`,
//! `IPAMConfig`, `IPAMEnvArgs`, `IPAMArgs`).
//!
//! host-local receives the whole network config of its calling plugin (for kind, the ptp entry of
//! `10-kindnet.conflist`, with `name` and `cniVersion` copied in by libcni) plus the `CNI_ARGS` string.
//! Loading goes through the same phases as upstream, so the first error reported is upstream's:
//!
//! 1. JSON decoding (serde), including the values Go parses while decoding (CIDRs, IPs);
//! 2. the `ipam` key; `CNI_ARGS` (see [`args`](super::args)); requested IPs from `args.cni.ips` and
//!    `runtimeConfig.ips`;
//! 3. range sets: `runtimeConfig.ipRanges`, then the legacy single range, then `ipam.ranges`;
//! 4. validation of every set, the per-family limit of CNI < 0.3.0, and overlaps between sets.

use super::args::{load_env_ip, ArgsError};
use super::range::{canonicalize_ip, RangeConfig};
use super::range_set::{RangeSet, RangeSetError};
use crate::ipam::cni::Route;
use crate::ipam::goip::{go_quote, parse_cidr, parse_ip};
use ipnet::IpNet;
use serde::Deserialize;
use serde_json::Value;
use std::fmt;
use std::net::IpAddr;

/// The loaded IPAM configuration (`allocator.IPAMConfig` after `LoadIPAMConfig`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IpamConfig {
    /// The network's `name`, copied in because the store directory is `<dataDir>/<name>`.
    pub name: String,
    /// `ipam.type` (`host-local`).
    pub ipam_type: String,
    /// `ipam.routes`, copied into every ADD result.
    pub routes: Vec<Route>,
    /// `ipam.dataDir` as configured; empty means `/var/lib/cni/networks` (applied by [`Store::new`]).
    ///
    /// [`Store::new`]: super::Store::new
    pub data_dir: String,
    /// `ipam.resolvConf`, a path on the node.
    pub resolv_conf: String,
    /// The range sets, in final order; index *n* is the range ID of `last_reserved_ip.<n>`.
    pub ranges: Vec<RangeSet>,
    /// Requested IPs: `CNI_ARGS` `IP=`, then `args.cni.ips`, then `runtimeConfig.ips`.
    pub ip_args: Vec<IpAddr>,
}

/// Why `LoadIPAMConfig` failed, with upstream's exact text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigError {
    /// The JSON did not decode. For values Go parses while decoding (CIDRs, IPs) the text is Go's
    /// (`invalid CIDR address: x`, `invalid IP address: x`); structural errors carry serde's message,
    /// which words them differently from Go's `encoding/json`.
    Decode(String),
    /// No `ipam` key, or `"ipam": null`.
    MissingIpam,
    /// `CNI_ARGS` did not parse.
    Args(ArgsError),
    /// A `null` entry in `args.cni.ips` or `runtimeConfig.ips`: upstream calls a method on the nil
    /// pointer and the plugin crashes. The text is the first line Go prints.
    NilIpPanic,
    /// A requested IP that is empty (`""`): `canonicalizeIP` on a nil IP.
    CannotUnderstandIp,
    /// `rangeFromFile` names a file, and the simulated node has no such file.
    RangeFromFile(String),
    /// No range set at all.
    NoRanges,
    /// Range set `index` failed `RangeSet.Canonicalize`.
    InvalidRangeSet { index: usize, err: RangeSetError },
    /// CNI < 0.3.0 allows one address per family.
    TooManyPerFamily { cni_version: String },
    /// Two range sets overlap.
    RangeSetsOverlap { first: usize, second: usize },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Decode(msg) => f.write_str(msg),
            Self::MissingIpam => write!(f, "IPAM config missing 'ipam' key"),
            Self::Args(err) => err.fmt(f),
            Self::NilIpPanic => write!(
                f,
                "panic: runtime error: invalid memory address or nil pointer dereference"
            ),
            Self::CannotUnderstandIp => write!(f, "cannot understand ip: IP <nil> not v4 nor v6"),
            Self::RangeFromFile(path) => write!(
                f,
                "failed to read rangeFromFile {}: open {path}: no such file or directory",
                go_quote(path)
            ),
            Self::NoRanges => write!(f, "no IP ranges specified"),
            Self::InvalidRangeSet { index, err } => write!(f, "invalid range set {index}: {err}"),
            Self::TooManyPerFamily { cni_version } => write!(
                f,
                "CNI version {cni_version} does not support more than 1 address per family"
            ),
            Self::RangeSetsOverlap { first, second } => {
                write!(f, "range set {first} overlaps with {second}")
            }
        }
    }
}

impl std::error::Error for ConfigError {}

impl From<ArgsError> for ConfigError {
    fn from(err: ArgsError) -> Self {
        Self::Args(err)
    }
}

/// `LoadIPAMConfig(bytes, envArgs)`: the IPAM config and the conf's `cniVersion`.
///
/// # Examples
/// ```
/// use podip::ipam::hostlocal::load_ipam_config;
/// let conf = br#"{"cniVersion":"0.3.1","name":"kindnet","type":"ptp","ipam":{"type":"host-local",
///   "dataDir":"/run/cni-ipam-state","routes":[{"dst":"0.0.0.0/0"}],
///   "ranges":[[{"subnet":"10.244.1.0/24"}],[{"subnet":"fd00:10:244:1::/64"}]]}}"#;
/// let (ipam, version) = load_ipam_config(conf, "IgnoreUnknown=1;K8S_POD_NAME=web").unwrap();
/// assert_eq!(version, "0.3.1");
/// assert_eq!(ipam.ranges[0].to_string(), "10.244.1.1-10.244.1.254");
/// assert_eq!(ipam.ranges[1].to_string(), "fd00:10:244:1::1-fd00:10:244:1:ffff:ffff:ffff:ffff");
/// let err = load_ipam_config(br#"{"cniVersion":"0.3.1","name":"x"}"#, "").unwrap_err();
/// assert_eq!(err.to_string(), "IPAM config missing 'ipam' key");
/// ```
pub fn load_ipam_config(
    netconf_json: &[u8],
    cni_args: &str,
) -> Result<(IpamConfig, String), ConfigError> {
    load_net(decode(netconf_json)?, cni_args)
}

/// A plugin's network config that never was text: the fields kindnetd's template fills, as the
/// strings its JSON holds (see [`CniConfigInputs::ptp_netconf`]).
///
/// The simulation hands host-local the conflist its own kindnetd wrote; decoding that text again would
/// only give back these strings, and the JSON decoder was the largest part of the page's wasm that
/// nothing else needs. The tests load both forms of the same conflist and compare.
///
/// [`CniConfigInputs::ptp_netconf`]: crate::ipam::kindnet::CniConfigInputs::ptp_netconf
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetConf {
    /// `name`, copied in by libcni from the conflist.
    pub name: String,
    /// `cniVersion`, copied in by libcni from the conflist.
    pub cni_version: String,
    /// `ipam.type`.
    pub ipam_type: String,
    /// `ipam.dataDir`.
    pub data_dir: String,
    /// `ipam.routes[].dst`.
    pub routes: Vec<String>,
    /// `ipam.ranges`: the `subnet` of each range, per range set.
    pub ranges: Vec<Vec<String>>,
}

/// [`load_ipam_config`] of the JSON that `conf` stands for: the same phases from the strings on, so
/// the same result and the same first error.
///
/// # Examples
/// ```
/// use podip::ipam::hostlocal::{load_ipam_config_from_netconf, NetConf};
/// let conf = NetConf {
///     name: "kindnet".into(),
///     cni_version: "0.3.1".into(),
///     ipam_type: "host-local".into(),
///     data_dir: "/run/cni-ipam-state".into(),
///     routes: vec!["0.0.0.0/0".into()],
///     ranges: vec![vec!["10.244.1.0/24".into()]],
/// };
/// let (ipam, _) = load_ipam_config_from_netconf(&conf, "").unwrap();
/// assert_eq!(ipam.ranges[0].to_string(), "10.244.1.1-10.244.1.254");
/// let bad = NetConf { ranges: vec![vec!["10.244.1.0/33".into()]], ..conf };
/// let err = load_ipam_config_from_netconf(&bad, "").unwrap_err();
/// assert_eq!(err.to_string(), "invalid CIDR address: 10.244.1.0/33");
/// ```
pub fn load_ipam_config_from_netconf(
    conf: &NetConf,
    cni_args: &str,
) -> Result<(IpamConfig, String), ConfigError> {
    let some = |s: &String| Some(s.clone());
    let raw = RawNet {
        name: some(&conf.name),
        cni_version: some(&conf.cni_version),
        ipam: Some(RawIpam {
            ipam_type: some(&conf.ipam_type),
            routes: Some(
                conf.routes
                    .iter()
                    .map(|dst| {
                        Some(RawRoute {
                            dst: some(dst),
                            gw: None,
                        })
                    })
                    .collect(),
            ),
            data_dir: some(&conf.data_dir),
            resolv_conf: None,
            ranges: Some(
                conf.ranges
                    .iter()
                    .map(|set| {
                        Some(
                            set.iter()
                                .map(|subnet| {
                                    Some(RawRange {
                                        subnet: Some(some(subnet)),
                                        ..RawRange::default()
                                    })
                                })
                                .collect(),
                        )
                    })
                    .collect(),
            ),
            range_from_file: None,
            legacy: RawRange::default(),
        }),
        runtime_config: None,
        args: None,
    };
    load_net(net_from_raw(raw)?, cni_args)
}

/// `LoadIPAMConfig` from the decoded config on: `CNI_ARGS`, requested IPs, range sets.
fn load_net(net: Net, cni_args: &str) -> Result<(IpamConfig, String), ConfigError> {
    let ipam = net.ipam.ok_or(ConfigError::MissingIpam)?;

    let mut ip_args = Vec::new();
    if let Some(ip) = load_env_ip(cni_args)? {
        ip_args.push(Some(ip));
    }
    for ip in net.args_ips.into_iter().chain(net.runtime_ips) {
        ip_args.push(ip.ok_or(ConfigError::NilIpPanic)?);
    }
    let ip_args = ip_args
        .into_iter()
        .map(|ip| ip.ok_or(ConfigError::CannotUnderstandIp))
        .collect::<Result<Vec<_>, _>>()?;

    let mut range_configs: Vec<Vec<RangeConfig>> = net.runtime_ip_ranges;
    range_configs.extend(ipam.legacy_range.map(|r| vec![r]));
    range_configs.extend(ipam.ranges);
    if range_configs.is_empty() && !ipam.range_from_file.is_empty() {
        return Err(ConfigError::RangeFromFile(ipam.range_from_file));
    }
    if range_configs.is_empty() {
        return Err(ConfigError::NoRanges);
    }

    let ranges = range_configs
        .iter()
        .enumerate()
        .map(|(index, set)| {
            RangeSet::canonicalize(set).map_err(|err| ConfigError::InvalidRangeSet { index, err })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let v4 = ranges.iter().filter(|set| set.is_ipv4()).count();
    let v6 = ranges.len() - v4;
    if (v4 > 1 || v6 > 1) && !version_at_least_0_3_0(&net.cni_version) {
        return Err(ConfigError::TooManyPerFamily {
            cni_version: net.cni_version,
        });
    }
    for (first, set) in ranges.iter().enumerate() {
        if let Some(offset) = ranges[first + 1..].iter().position(|o| set.overlaps(o)) {
            return Err(ConfigError::RangeSetsOverlap {
                first,
                second: first + 1 + offset,
            });
        }
    }

    Ok((
        IpamConfig {
            name: net.name,
            ipam_type: ipam.ipam_type,
            routes: ipam.routes,
            data_dir: ipam.data_dir,
            resolv_conf: ipam.resolv_conf,
            ranges,
            ip_args,
        },
        net.cni_version,
    ))
}

/// libcni's view of one plugin of a conflist: the plugin's own object with the list's `name` and
/// `cniVersion` inserted (`buildOneConfig`), which is what the plugin, and so host-local, reads.
pub fn load_ipam_config_from_conflist(
    conflist_json: &[u8],
    plugin_index: usize,
    cni_args: &str,
) -> Result<(IpamConfig, String), ConfigError> {
    let list: Value = serde_json::from_slice(conflist_json).map_err(decode_error)?;
    let mut plugin = list
        .get("plugins")
        .and_then(|plugins| plugins.get(plugin_index))
        .cloned()
        .unwrap_or(Value::Null);
    if let Value::Object(fields) = &mut plugin {
        for key in ["name", "cniVersion"] {
            fields.insert(
                key.to_string(),
                list.get(key).cloned().unwrap_or(Value::Null),
            );
        }
    }
    load_ipam_config(plugin.to_string().as_bytes(), cni_args)
}

/// `version.GreaterThanOrEqualTo(v, "0.3.0")`, where a version that does not parse counts as false
/// (upstream ignores the error). An empty version is rejected by `ParseVersion` too.
fn version_at_least_0_3_0(version: &str) -> bool {
    let parts: Vec<&str> = version.split('.').collect();
    if version.is_empty() || parts.len() >= 4 {
        return false;
    }
    // strconv.Atoi: optional sign, decimal digits, 64-bit range; Rust's i64 parser agrees.
    let numbers: Option<Vec<i64>> = parts.iter().map(|p| p.parse().ok()).collect();
    let Some(numbers) = numbers else {
        return false;
    };
    let part = |i: usize| numbers.get(i).copied().unwrap_or(0);
    (part(0), part(1), part(2)) >= (0, 3, 0)
}

// ---- JSON decoding -------------------------------------------------------------------------------

/// The top-level network config (`allocator.Net`), decoded and with its values parsed.
struct Net {
    name: String,
    cni_version: String,
    ipam: Option<Ipam>,
    /// `runtimeConfig.ipRanges`.
    runtime_ip_ranges: Vec<Vec<RangeConfig>>,
    /// `runtimeConfig.ips`; `None` for a JSON null (a nil `*ip.IP`), `Some(None)` for `""`.
    runtime_ips: Vec<Option<Option<IpAddr>>>,
    /// `args.cni.ips`, same convention.
    args_ips: Vec<Option<Option<IpAddr>>>,
}

/// The `ipam` object.
struct Ipam {
    ipam_type: String,
    routes: Vec<Route>,
    data_dir: String,
    resolv_conf: String,
    ranges: Vec<Vec<RangeConfig>>,
    range_from_file: String,
    /// The embedded `*Range` of the legacy form, kept only when it has a subnet.
    legacy_range: Option<RangeConfig>,
}

// The raw serde shapes: strings stay strings so that Go's parse errors can be reproduced afterwards.
// `Option` everywhere because Go treats JSON null like an absent key for these types.

#[derive(Deserialize)]
struct RawNet {
    name: Option<String>,
    #[serde(rename = "cniVersion")]
    cni_version: Option<String>,
    ipam: Option<RawIpam>,
    #[serde(rename = "runtimeConfig")]
    runtime_config: Option<RawRuntimeConfig>,
    args: Option<RawArgs>,
}

#[derive(Deserialize)]
struct RawRuntimeConfig {
    #[serde(rename = "ipRanges")]
    ip_ranges: Option<Vec<Option<Vec<Option<RawRange>>>>>,
    ips: Option<Vec<Option<String>>>,
}

#[derive(Deserialize)]
struct RawArgs {
    cni: Option<RawIpamArgs>,
}

#[derive(Deserialize)]
struct RawIpamArgs {
    ips: Option<Vec<Option<String>>>,
}

#[derive(Deserialize)]
struct RawIpam {
    #[serde(rename = "type")]
    ipam_type: Option<String>,
    routes: Option<Vec<Option<RawRoute>>>,
    #[serde(rename = "dataDir")]
    data_dir: Option<String>,
    #[serde(rename = "resolvConf")]
    resolv_conf: Option<String>,
    ranges: Option<Vec<Option<Vec<Option<RawRange>>>>>,
    #[serde(rename = "rangeFromFile")]
    range_from_file: Option<String>,
    #[serde(flatten)]
    legacy: RawRange,
}

#[derive(Deserialize, Default)]
struct RawRange {
    /// `Some(None)` for `"subnet": null`, which Go hands to `IPNet.UnmarshalJSON` as an empty string.
    #[serde(default, deserialize_with = "present")]
    subnet: Option<Option<String>>,
    #[serde(rename = "rangeStart")]
    range_start: Option<String>,
    #[serde(rename = "rangeEnd")]
    range_end: Option<String>,
    gateway: Option<String>,
}

#[derive(Deserialize)]
struct RawRoute {
    dst: Option<String>,
    gw: Option<String>,
}

/// Distinguishes a present `null` (`Some(None)`) from an absent key (`None`, via `default`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

fn decode_error(err: serde_json::Error) -> ConfigError {
    ConfigError::Decode(err.to_string())
}

fn decode(bytes: &[u8]) -> Result<Net, ConfigError> {
    // Through `Value` first: Go's decoder lets a repeated key overwrite the earlier one, serde's derive
    // would reject it as a duplicate field.
    let value: Value = serde_json::from_slice(bytes).map_err(decode_error)?;
    net_from_raw(RawNet::deserialize(value).map_err(decode_error)?)
}

/// The values Go parses while decoding (CIDRs, IPs), parsed.
fn net_from_raw(raw: RawNet) -> Result<Net, ConfigError> {
    let ipam = raw.ipam.map(ipam_from_raw).transpose()?;
    let runtime = raw.runtime_config;
    let runtime_ip_ranges = match runtime.as_ref().and_then(|r| r.ip_ranges.as_ref()) {
        Some(sets) => range_sets_from_raw(sets)?,
        None => Vec::new(),
    };
    let runtime_ips = ip_args_from_raw(runtime.and_then(|r| r.ips))?;
    let args_ips = ip_args_from_raw(raw.args.and_then(|a| a.cni).and_then(|c| c.ips))?;
    Ok(Net {
        name: raw.name.unwrap_or_default(),
        cni_version: raw.cni_version.unwrap_or_default(),
        ipam,
        runtime_ip_ranges,
        runtime_ips,
        args_ips,
    })
}

fn ipam_from_raw(raw: RawIpam) -> Result<Ipam, ConfigError> {
    let legacy = range_from_raw(&raw.legacy)?;
    Ok(Ipam {
        ipam_type: raw.ipam_type.unwrap_or_default(),
        routes: raw
            .routes
            .unwrap_or_default()
            .iter()
            .flatten()
            .map(route_from_raw)
            .collect::<Result<_, _>>()?,
        data_dir: raw.data_dir.unwrap_or_default(),
        resolv_conf: raw.resolv_conf.unwrap_or_default(),
        ranges: range_sets_from_raw(raw.ranges.as_deref().unwrap_or_default())?,
        range_from_file: raw.range_from_file.unwrap_or_default(),
        legacy_range: legacy.subnet.is_some().then_some(legacy),
    })
}

fn range_sets_from_raw(
    sets: &[Option<Vec<Option<RawRange>>>],
) -> Result<Vec<Vec<RangeConfig>>, ConfigError> {
    sets.iter()
        .map(|set| {
            // A null range set is an empty one; a null range is a zero `Range` (no subnet).
            set.iter()
                .flatten()
                .map(|range| match range {
                    Some(range) => range_from_raw(range),
                    None => Ok(RangeConfig::default()),
                })
                .collect()
        })
        .collect()
}

fn range_from_raw(raw: &RawRange) -> Result<RangeConfig, ConfigError> {
    Ok(RangeConfig {
        subnet: raw
            .subnet
            .as_ref()
            .map(|s| go_ipnet(s.as_deref().unwrap_or_default()))
            .transpose()?,
        range_start: go_net_ip(raw.range_start.as_deref())?,
        range_end: go_net_ip(raw.range_end.as_deref())?,
        gateway: go_net_ip(raw.gateway.as_deref())?,
    })
}

/// A `types.Route` (`dst` and `gw`). A route without `dst` has no counterpart in our result type.
fn route_from_raw(raw: &RawRoute) -> Result<Route, ConfigError> {
    let dst = raw
        .dst
        .as_deref()
        .ok_or_else(|| ConfigError::Decode("route without dst".to_string()))?;
    Ok(Route {
        dst: go_ipnet(dst)?,
        gw: go_net_ip(raw.gw.as_deref())?,
    })
}

/// `types.IPNet.UnmarshalJSON`: `net.ParseCIDR`, keeping the address as written.
fn go_ipnet(s: &str) -> Result<IpNet, ConfigError> {
    let (ip, net) = parse_cidr(s).map_err(|e| ConfigError::Decode(e.to_string()))?;
    IpNet::new(ip, net.prefix_len())
        .map_err(|_| ConfigError::Decode(format!("invalid CIDR address: {s}")))
}

/// `net.IP.UnmarshalText`: empty text is a nil IP; otherwise `net.ParseIP` or `invalid IP address: x`.
fn go_net_ip(s: Option<&str>) -> Result<Option<IpAddr>, ConfigError> {
    match s {
        None | Some("") => Ok(None),
        Some(s) => parse_ip(s)
            .map(|ip| Some(canonicalize_ip(ip)))
            .ok_or_else(|| ConfigError::Decode(format!("invalid IP address: {s}"))),
    }
}

fn ip_args_from_raw(
    ips: Option<Vec<Option<String>>>,
) -> Result<Vec<Option<Option<IpAddr>>>, ConfigError> {
    ips.unwrap_or_default()
        .iter()
        .map(|ip| {
            ip.as_deref()
                .map(|s| super::args::go_pkg_ip(s).map_err(|e| ConfigError::Decode(e.to_string())))
                .transpose()
        })
        .collect()
}
