//! kube-controller-manager's node-IPAM flags and their validation, in upstream's order and words.
//!
//! Models `cmd/kube-controller-manager/app/core.go` (`startNodeIpamController` → `validateCIDRs`,
//! `processCIDRs`, the service-CIDR block, `setNodeCIDRMaskSizes`), `cmd/kube-controller-manager/app/options/
//! nodeipamcontroller.go` (the `--service-cluster-ip-range` split), `k8s.io/utils/net.ParseCIDRs`,
//! pflag's int32 parsing, and the checks of `NewNodeIpamController` (`node_ipam_controller.go`) and
//! `NewCIDRSet` that make kcm refuse to start the controller.

use super::cidrset::CidrSet;
use super::goip::{net_string, parse_cidr_sloppy, GoQuoted};
use ipnet::IpNet;
use serde::Serialize;
use std::fmt;

/// `defaultNodeMaskCIDRIPv4`.
pub const DEFAULT_NODE_MASK_CIDR_IPV4: u8 = 24;
/// `defaultNodeMaskCIDRIPv6`.
pub const DEFAULT_NODE_MASK_CIDR_IPV6: u8 = 64;

/// The flags as a user types them (`--flag=value`); an empty string means the flag is not set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KcmFlags {
    /// `--cluster-cidr`: one CIDR, or an IPv4 and an IPv6 CIDR separated by a comma.
    pub cluster_cidr: String,
    /// `--node-cidr-mask-size` (single stack only).
    pub node_cidr_mask_size: String,
    /// `--node-cidr-mask-size-ipv4` (default 24).
    pub node_cidr_mask_size_ipv4: String,
    /// `--node-cidr-mask-size-ipv6` (default 64).
    pub node_cidr_mask_size_ipv6: String,
    /// `--service-cluster-ip-range`: one CIDR, or a primary and a secondary of the other family.
    pub service_cluster_ip_range: String,
    /// `--allocate-node-cidrs` as typed; empty: on, as podip runs kube-controller-manager unless told
    /// otherwise. Not a row of [`KcmFlag`]: a switch, not one of the controller's values.
    pub allocate_node_cidrs: String,
}

/// kind's `--cluster-cidr` (its `podSubnet` default).
pub const KIND_CLUSTER_CIDR: &str = "10.244.0.0/16";

/// `--allocate-node-cidrs`: the switch that turns the node IPAM controller on (podip's default; kubeadm
/// passes it only with `--pod-network-cidr`).
pub const ALLOCATE_NODE_CIDRS: &str = "--allocate-node-cidrs";

/// Declares [`KcmFlag`] from one table — per flag: its variant, kube-controller-manager's spelling,
/// the short name links and the settings card use, the field of [`KcmFlags`] holding its value, and
/// its line of help — so the names cannot drift apart.
macro_rules! kcm_flags {
    ($($(#[$doc:meta])* $id:ident => $flag:literal, $short:literal, $field:ident, $describe:literal;)*) => {
        /// One of the node-IPAM flags podip takes: the one table of their names that the scenario's
        /// `cluster` line, links, the command line and the settings card all read.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum KcmFlag {
            $($(#[$doc])* $id,)*
        }

        impl KcmFlag {
            /// Every flag, in the order `cluster` lines and the settings card list them.
            pub const ALL: [KcmFlag; [$($flag),*].len()] = [$(KcmFlag::$id),*];

            /// The flag as kube-controller-manager spells it (`--cluster-cidr`).
            pub const fn flag(self) -> &'static str {
                match self {
                    $(KcmFlag::$id => $flag,)*
                }
            }

            /// The short name a link (and the settings card's field) uses for it (`node-mask`).
            pub const fn short_name(self) -> &'static str {
                match self {
                    $(KcmFlag::$id => $short,)*
                }
            }

            /// What it sets, in a line (the command line's help).
            pub const fn describe(self) -> &'static str {
                match self {
                    $(KcmFlag::$id => $describe,)*
                }
            }

            /// Its value in `flags`, as typed.
            pub fn value(self, flags: &KcmFlags) -> &str {
                match self {
                    $(KcmFlag::$id => &flags.$field,)*
                }
            }

            /// Its value in `flags`, to set.
            pub fn value_mut(self, flags: &mut KcmFlags) -> &mut String {
                match self {
                    $(KcmFlag::$id => &mut flags.$field,)*
                }
            }
        }
    };
}

kcm_flags! {
    /// `--cluster-cidr`.
    ClusterCidr => "--cluster-cidr", "cluster-cidr", cluster_cidr,
        "one CIDR, or an IPv4 and an IPv6 CIDR separated by a comma";
    /// `--node-cidr-mask-size`.
    NodeCidrMaskSize => "--node-cidr-mask-size", "node-mask", node_cidr_mask_size,
        "the node subnets' mask size (single-stack clusters)";
    /// `--node-cidr-mask-size-ipv4`.
    NodeCidrMaskSizeIpv4 => "--node-cidr-mask-size-ipv4", "node-mask-ipv4", node_cidr_mask_size_ipv4,
        "the IPv4 node subnets' mask size (default 24)";
    /// `--node-cidr-mask-size-ipv6`.
    NodeCidrMaskSizeIpv6 => "--node-cidr-mask-size-ipv6", "node-mask-ipv6", node_cidr_mask_size_ipv6,
        "the IPv6 node subnets' mask size (default 64)";
    /// `--service-cluster-ip-range`.
    ServiceClusterIpRange => "--service-cluster-ip-range", "service-cidr", service_cluster_ip_range,
        "the Service range: one CIDR, or a primary and a secondary of the other family";
}

impl KcmFlag {
    /// The flag whose [`short_name`](Self::short_name) this is.
    pub fn by_short_name(name: &str) -> Option<KcmFlag> {
        Self::ALL.into_iter().find(|flag| flag.short_name() == name)
    }
}

/// What a valid set of flags configures: the node IPAM controller's inputs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NodeIpamConfig {
    /// The cluster CIDRs in flag order (network form).
    pub cluster_cidrs: Vec<IpNet>,
    /// One node mask size per cluster CIDR, chosen by that CIDR's family.
    pub node_cidr_mask_sizes: Vec<u8>,
    /// The primary service CIDR, if it parsed.
    pub service_cidr: Option<IpNet>,
    /// The secondary service CIDR, if it parsed.
    pub secondary_service_cidr: Option<IpNet>,
    /// What kcm only logs: a service CIDR that does not parse is ignored with a warning.
    pub warnings: Vec<String>,
    /// `--allocate-node-cidrs`: whether the controller runs at all. Off, kcm reads none of the others.
    pub allocate_node_cidrs: bool,
}

/// Why kube-controller-manager would refuse these flags; `Display` is upstream's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KcmError {
    /// pflag could not parse a bool flag (`strconv.ParseBool`).
    InvalidBoolFlag {
        /// The flag name with its dashes.
        flag: &'static str,
        /// The value as typed.
        value: String,
    },
    /// pflag could not parse an int32 flag.
    InvalidIntFlag {
        /// The flag name with its dashes.
        flag: &'static str,
        /// The value as typed.
        value: String,
        /// `invalid syntax` or `value out of range`.
        reason: &'static str,
    },
    /// `--service-cluster-ip-range` with three or more entries (options `Validate`).
    TooManyServiceCidrs,
    /// `k8s.io/utils/net.ParseCIDRs` failed on one element of `--cluster-cidr`.
    ParseClusterCidr {
        /// The element as split (not trimmed).
        value: String,
        /// Go's `net.ParseCIDR` error text.
        err: String,
    },
    /// `validateCIDRs`: several cluster CIDRs of one family.
    NotDualStack(usize),
    /// `validateCIDRs`: more than two cluster CIDRs.
    TooManyClusterCidrs(usize),
    /// Both service CIDRs of one family.
    ServiceCidrsNotDualStack,
    /// `setNodeCIDRMaskSizes`: `--node-cidr-mask-size` with a dual-stack cluster.
    MaskSizeWithDualStack,
    /// `setNodeCIDRMaskSizes`: the plain flag together with a per-family one.
    MaskSizeWithPerFamily,
    /// `setNodeCIDRMaskSizes`: `--node-cidr-mask-size-ipv4` on an IPv6 cluster.
    Ipv4MaskOnIpv6Cluster,
    /// `setNodeCIDRMaskSizes`: `--node-cidr-mask-size-ipv6` on an IPv4 cluster.
    Ipv6MaskOnIpv4Cluster,
    /// `NewNodeIpamController`: no cluster CIDR at all (unreachable from the flags, where an empty
    /// `--cluster-cidr` is already a parse error, but the controller checks it).
    MustSpecifyClusterCidr,
    /// `NewNodeIpamController`: a cluster mask longer than its node mask.
    ClusterMaskLargerThanNodeMask,
    /// Not upstream (which indexes past the end and panics): fewer node masks than cluster CIDRs.
    MissingNodeMaskSize {
        /// The index of the cluster CIDR without a mask.
        index: usize,
    },
    /// Not upstream (which takes it and later fails in confusing ways): a node mask longer than the
    /// address itself.
    NodeMaskTooLong {
        /// The cluster CIDR the mask was chosen for.
        cluster_cidr: IpNet,
        /// The mask size.
        node_mask_size: i32,
    },
    /// `NewCIDRSet` refused the pair (the IPv6 16-bit limit).
    CidrSet(String),
}

impl fmt::Display for KcmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidIntFlag { flag, value, reason } => {
                let (flag, value) = (GoQuoted(flag), GoQuoted(value));
                write!(
                    f,
                    "invalid argument {value} for {flag} flag: strconv.ParseInt: parsing {value}: {reason}"
                )
            }
            Self::InvalidBoolFlag { flag, value } => {
                let (flag, value) = (GoQuoted(flag), GoQuoted(value));
                write!(
                    f,
                    "invalid argument {value} for {flag} flag: strconv.ParseBool: parsing {value}: invalid syntax"
                )
            }
            Self::TooManyServiceCidrs => {
                f.write_str("--service-cluster-ip-range can not contain more than two entries")
            }
            Self::ParseClusterCidr { value, err } => {
                write!(f, "failed to parse cidr value:{} with error:{err}", GoQuoted(value))
            }
            Self::NotDualStack(n) => write!(
                f,
                "len of ClusterCIDRs=={n} and they are not configured as dual stack (at least one from each IPFamily"
            ),
            Self::TooManyClusterCidrs(n) => {
                write!(f, "length of clusterCIDRs is:{n} more than max allowed of 2")
            }
            Self::ServiceCidrsNotDualStack => f.write_str(
                "serviceCIDR and secondaryServiceCIDR are not dualstack (from different IPfamiles)",
            ),
            Self::MaskSizeWithDualStack => {
                f.write_str("usage of --node-cidr-mask-size is not allowed with dual-stack clusters")
            }
            Self::MaskSizeWithPerFamily => f.write_str(
                "usage of --node-cidr-mask-size-ipv4 and --node-cidr-mask-size-ipv6 is not allowed if --node-cidr-mask-size is set. For dual-stack clusters please unset it and use IPFamily specific flags",
            ),
            Self::Ipv4MaskOnIpv6Cluster => f.write_str(
                "usage of --node-cidr-mask-size-ipv4 is not allowed for a single-stack IPv6 cluster",
            ),
            Self::Ipv6MaskOnIpv4Cluster => f.write_str(
                "usage of --node-cidr-mask-size-ipv6 is not allowed for a single-stack IPv4 cluster",
            ),
            Self::MustSpecifyClusterCidr => f.write_str(
                "Controller: Must specify --cluster-cidr if --allocate-node-cidrs is set",
            ),
            Self::MissingNodeMaskSize { index } => write!(
                f,
                "no node mask size for cluster CIDR at index {index} (kube-controller-manager would panic)"
            ),
            Self::ClusterMaskLargerThanNodeMask => f.write_str(
                "Controller: Invalid --cluster-cidr, mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family",
            ),
            Self::NodeMaskTooLong {
                cluster_cidr,
                node_mask_size,
            } => write!(
                f,
                "node mask size {node_mask_size} is longer than the {} bits of {} (kube-controller-manager does not check this; its allocator would fail)",
                cluster_cidr.max_prefix_len(),
                net_string(cluster_cidr)
            ),
            Self::CidrSet(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for KcmError {}

impl KcmFlags {
    /// kind's defaults: `--cluster-cidr=10.244.0.0/16`, `--service-cluster-ip-range=10.96.0.0/16`, masks unset.
    pub fn kind_defaults() -> Self {
        Self {
            cluster_cidr: KIND_CLUSTER_CIDR.into(),
            service_cluster_ip_range: "10.96.0.0/16".into(),
            ..Self::default()
        }
    }

    /// Validate as kube-controller-manager does before it starts the node IPAM controller.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::kcm::KcmFlags;
    /// let flags = KcmFlags { cluster_cidr: "10.244.0.0/16".into(), node_cidr_mask_size: "24".into(), ..Default::default() };
    /// assert_eq!(flags.validate().unwrap().node_cidr_mask_sizes, vec![24]);
    ///
    /// let dual = KcmFlags { cluster_cidr: "10.244.0.0/16,fd00:10:244::/56".into(), ..Default::default() };
    /// assert_eq!(dual.validate().unwrap().node_cidr_mask_sizes, vec![24, 64]);
    ///
    /// let bad = KcmFlags { cluster_cidr: "10.0.0.0/26".into(), node_cidr_mask_size: "24".into(), ..Default::default() };
    /// assert!(bad.validate().unwrap_err().to_string().starts_with("Controller: Invalid --cluster-cidr"));
    ///
    /// // kubeadm without --pod-network-cidr: the controller does not run, whatever else is (not) set.
    /// let off = KcmFlags { allocate_node_cidrs: "false".into(), ..Default::default() };
    /// assert!(!off.validate().unwrap().allocate_node_cidrs);
    /// ```
    pub fn validate(&self) -> Result<NodeIpamConfig, KcmError> {
        // Flag parsing happens before any controller code runs.
        let allocate = parse_bool_flag(ALLOCATE_NODE_CIDRS, &self.allocate_node_cidrs)?;
        let mask = parse_int32_flag(KcmFlag::NodeCidrMaskSize.flag(), &self.node_cidr_mask_size)?;
        let mask_v4 = parse_int32_flag(
            KcmFlag::NodeCidrMaskSizeIpv4.flag(),
            &self.node_cidr_mask_size_ipv4,
        )?;
        let mask_v6 = parse_int32_flag(
            KcmFlag::NodeCidrMaskSizeIpv6.flag(),
            &self.node_cidr_mask_size_ipv6,
        )?;
        let service_list: Vec<&str> = self.service_cluster_ip_range.split(',').collect();
        if service_list.len() > 2 {
            return Err(KcmError::TooManyServiceCidrs);
        }

        // `startNodeIpamController` returns before it reads any of its flags.
        if !allocate {
            return Ok(NodeIpamConfig {
                cluster_cidrs: Vec::new(),
                node_cidr_mask_sizes: Vec::new(),
                service_cidr: None,
                secondary_service_cidr: None,
                warnings: Vec::new(),
                allocate_node_cidrs: false,
            });
        }
        let cluster_cidrs = validate_cidrs(&self.cluster_cidr)?;

        let mut warnings = Vec::new();
        let mut parse_service = |text: &str| {
            if text.trim().is_empty() {
                return None;
            }
            match parse_cidr_sloppy(text) {
                Ok((_, net)) => Some(net),
                Err(err) => {
                    // `startNodeIpamController`'s structured log line, as klog prints it:
                    // `logger.Info("Warning: unsuccessful parsing of service CIDR", "CIDR", …, "err", err)`.
                    warnings.push(format!(
                        "\"Warning: unsuccessful parsing of service CIDR\" CIDR={} err={}",
                        GoQuoted(text),
                        GoQuoted(&err.to_string())
                    ));
                    None
                }
            }
        };
        let service_cidr = parse_service(service_list[0]);
        let secondary_service_cidr = service_list.get(1).and_then(|s| parse_service(s));
        if let (Some(primary), Some(secondary)) = (service_cidr, secondary_service_cidr) {
            if !is_dual_stack(&[primary, secondary]) {
                return Err(KcmError::ServiceCidrsNotDualStack);
            }
        }

        let masks = set_node_cidr_mask_sizes(mask, mask_v4, mask_v6, &cluster_cidrs)?;
        let node_cidr_mask_sizes = new_node_ipam_controller(&cluster_cidrs, &masks)?;

        Ok(NodeIpamConfig {
            cluster_cidrs,
            node_cidr_mask_sizes,
            service_cidr,
            secondary_service_cidr,
            warnings,
            allocate_node_cidrs: true,
        })
    }
}

/// The checks of `NewNodeIpamController` (for every allocator but `CloudAllocator`), then the `NewCIDRSet`
/// calls of `NewCIDRRangeAllocator`: the masks kcm would run the range allocator with, or why it would not
/// start. `node_cidr_mask_sizes` is indexed like `cluster_cidrs`, as `setNodeCIDRMaskSizes` returns it.
///
/// # Examples
/// ```
/// use podip::ipam::kcm::new_node_ipam_controller;
/// let cidrs = ["10.0.0.0/21".parse().unwrap(), "2000::/48".parse().unwrap()];
/// assert_eq!(new_node_ipam_controller(&cidrs, &[24, 64]), Ok(vec![24, 64]));
/// assert!(new_node_ipam_controller(&[], &[24]).is_err());
/// ```
pub fn new_node_ipam_controller(
    cluster_cidrs: &[IpNet],
    node_cidr_mask_sizes: &[i32],
) -> Result<Vec<u8>, KcmError> {
    if cluster_cidrs.is_empty() {
        return Err(KcmError::MustSpecifyClusterCidr);
    }
    let mask_for = |index: usize| {
        node_cidr_mask_sizes
            .get(index)
            .copied()
            .ok_or(KcmError::MissingNodeMaskSize { index })
    };
    // Every cluster mask must be <= its node mask; all are checked before any set is built.
    for (index, cidr) in cluster_cidrs.iter().enumerate() {
        if i32::from(cidr.prefix_len()) > mask_for(index)? {
            return Err(KcmError::ClusterMaskLargerThanNodeMask);
        }
    }
    let mut sizes = Vec::with_capacity(cluster_cidrs.len());
    for (index, cidr) in cluster_cidrs.iter().enumerate() {
        let node_mask = mask_for(index)?;
        let too_long = KcmError::NodeMaskTooLong {
            cluster_cidr: *cidr,
            node_mask_size: node_mask,
        };
        let size = u8::try_from(node_mask).map_err(|_| too_long.clone())?;
        if size > cidr.max_prefix_len() {
            return Err(too_long);
        }
        // NewCIDRRangeAllocator builds one set per cluster CIDR; its errors stop the controller.
        CidrSet::new(*cidr, size).map_err(|e| KcmError::CidrSet(e.to_string()))?;
        sizes.push(size);
    }
    Ok(sizes)
}

/// `validateCIDRs` / `processCIDRs`: split on commas after trimming, parse each, check the families.
pub fn validate_cidrs(cidrs_list: &str) -> Result<Vec<IpNet>, KcmError> {
    let cidrs = cidrs_list
        .trim()
        .split(',')
        .map(|value| {
            parse_cidr_sloppy(value)
                .map(|(_, net)| net)
                .map_err(|err| KcmError::ParseClusterCidr {
                    value: value.to_string(),
                    err: err.to_string(),
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if cidrs.len() > 1 && !is_dual_stack(&cidrs) {
        return Err(KcmError::NotDualStack(cidrs.len()));
    }
    if cidrs.len() > 2 {
        return Err(KcmError::TooManyClusterCidrs(cidrs.len()));
    }
    Ok(cidrs)
}

/// `netutils.IsDualStackCIDRs`: at least one CIDR of each family.
fn is_dual_stack(cidrs: &[IpNet]) -> bool {
    cidrs.iter().any(|c| matches!(c, IpNet::V4(_)))
        && cidrs.iter().any(|c| matches!(c, IpNet::V6(_)))
}

/// `setNodeCIDRMaskSizes` (newest form, `cmd/kube-controller-manager/app/core.go`): the node mask size
/// per cluster CIDR, in `--cluster-cidr` order, from `--node-cidr-mask-size` (`mask`) and its per-family
/// forms (`mask_v4`, `mask_v6`); 0 means "flag not set", as pflag's zero value does upstream.
///
/// # Examples
/// ```
/// use podip::ipam::kcm::set_node_cidr_mask_sizes;
/// let v4: ipnet::IpNet = "10.244.0.0/16".parse().unwrap();
/// let v6: ipnet::IpNet = "fd00:10:244::/56".parse().unwrap();
/// assert_eq!(set_node_cidr_mask_sizes(0, 0, 0, &[v4]), Ok(vec![24]));
/// assert_eq!(set_node_cidr_mask_sizes(0, 26, 0, &[v6, v4]), Ok(vec![64, 26]));
/// assert_eq!(
///     set_node_cidr_mask_sizes(24, 0, 0, &[v4, v6]).unwrap_err().to_string(),
///     "usage of --node-cidr-mask-size is not allowed with dual-stack clusters"
/// );
/// ```
pub fn set_node_cidr_mask_sizes(
    mask: i32,
    mask_v4: i32,
    mask_v6: i32,
    cluster_cidrs: &[IpNet],
) -> Result<Vec<i32>, KcmError> {
    let sorted = |v4: i32, v6: i32| {
        cluster_cidrs
            .iter()
            .map(|c| if matches!(c, IpNet::V6(_)) { v6 } else { v4 })
            .collect()
    };
    let (mut ipv4_mask, mut ipv6_mask) = (
        i32::from(DEFAULT_NODE_MASK_CIDR_IPV4),
        i32::from(DEFAULT_NODE_MASK_CIDR_IPV6),
    );
    if cluster_cidrs.len() > 1 {
        if mask != 0 {
            return Err(KcmError::MaskSizeWithDualStack);
        }
        if mask_v4 != 0 {
            ipv4_mask = mask_v4;
        }
        if mask_v6 != 0 {
            ipv6_mask = mask_v6;
        }
        return Ok(sorted(ipv4_mask, ipv6_mask));
    }
    let single_stack_ipv6 = matches!(cluster_cidrs.first(), Some(IpNet::V6(_)));
    if mask != 0 {
        if mask_v4 != 0 || mask_v6 != 0 {
            return Err(KcmError::MaskSizeWithPerFamily);
        }
        return Ok(sorted(mask, mask));
    }
    if mask_v4 != 0 {
        if single_stack_ipv6 {
            return Err(KcmError::Ipv4MaskOnIpv6Cluster);
        }
        ipv4_mask = mask_v4;
    }
    if mask_v6 != 0 {
        if !single_stack_ipv6 {
            return Err(KcmError::Ipv6MaskOnIpv4Cluster);
        }
        ipv6_mask = mask_v6;
    }
    Ok(sorted(ipv4_mask, ipv6_mask))
}

/// pflag's int32: `strconv.ParseInt(s, 0, 32)` (sign, then `0x`/`0o`/`0b`/`0` prefixes). Empty = unset = 0.
/// pflag's bool flag (`strconv.ParseBool`); empty (not given) is podip's default, on.
fn parse_bool_flag(flag: &'static str, value: &str) -> Result<bool, KcmError> {
    match value {
        "" | "1" | "t" | "T" | "TRUE" | "true" | "True" => Ok(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Ok(false),
        _ => Err(KcmError::InvalidBoolFlag {
            flag,
            value: value.to_string(),
        }),
    }
}

fn parse_int32_flag(flag: &'static str, value: &str) -> Result<i32, KcmError> {
    if value.is_empty() {
        return Ok(0);
    }
    let err = |reason| KcmError::InvalidIntFlag {
        flag,
        value: value.to_string(),
        reason,
    };
    let (negative, digits) = match value.as_bytes()[0] {
        b'-' => (true, &value[1..]),
        b'+' => (false, &value[1..]),
        _ => (false, value),
    };
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = if let Some(rest) = lower.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (8, rest)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (2, rest)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    // Base 0 accepts Go's digit separators ("2_4"), but only where `underscoreOK` allows them.
    let body = if body.contains('_') {
        if !underscore_ok(digits) {
            return Err(err("invalid syntax"));
        }
        body.replace('_', "")
    } else {
        body.to_string()
    };
    if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
        return Err(err("invalid syntax"));
    }
    let magnitude = i64::from_str_radix(&body, radix).map_err(|_| err("value out of range"))?;
    let signed = if negative { -magnitude } else { magnitude };
    i32::try_from(signed).map_err(|_| err("value out of range"))
}

/// `strconv.underscoreOK` (sign already removed): every `_` sits between digits, or right after a
/// `0b`/`0o`/`0x` prefix, and is followed by a digit.
fn underscore_ok(digits: &str) -> bool {
    let lower = digits.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let (mut saw_digit, mut saw_underscore, mut start) = (false, false, 0);
    let hex = lower.starts_with("0x");
    if lower.starts_with("0b") || lower.starts_with("0o") || hex {
        // The base prefix counts as a digit for separator purposes.
        saw_digit = true;
        start = 2;
    }
    for &b in &bytes[start..] {
        if b.is_ascii_digit() || (hex && (b'a'..=b'f').contains(&b)) {
            (saw_digit, saw_underscore) = (true, false);
        } else if b == b'_' {
            if !saw_digit {
                return false;
            }
            (saw_digit, saw_underscore) = (false, true);
        } else {
            if saw_underscore {
                return false;
            }
            saw_digit = false;
        }
    }
    !saw_underscore
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int32_flags_parse_like_pflag() {
        assert_eq!(parse_int32_flag("--f", "24"), Ok(24));
        assert_eq!(parse_int32_flag("--f", "0x18"), Ok(24));
        assert_eq!(parse_int32_flag("--f", "030"), Ok(24));
        assert_eq!(parse_int32_flag("--f", "-1"), Ok(-1));
        assert_eq!(parse_int32_flag("--f", "2_4"), Ok(24));
        assert_eq!(parse_int32_flag("--f", "0x_18"), Ok(24));
        assert_eq!(parse_int32_flag("--f", "0_30"), Ok(24));
        for bad in ["_24", "24_", "2__4", "0x", "+"] {
            assert!(
                parse_int32_flag("--f", bad).is_err(),
                "{bad} should not parse"
            );
        }
        assert_eq!(
            parse_int32_flag("--node-cidr-mask-size", "abc").unwrap_err().to_string(),
            "invalid argument \"abc\" for \"--node-cidr-mask-size\" flag: strconv.ParseInt: parsing \"abc\": invalid syntax"
        );
        assert!(parse_int32_flag("--f", "99999999999")
            .unwrap_err()
            .to_string()
            .ends_with("value out of range"));
    }
}
