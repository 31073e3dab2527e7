//! kube-controller-manager's node-IPAM flag handling, as data.
//!
//! * `pkg/controller/nodeipam/node_ipam_controller_test.go` `TestNewNodeIpamControllerWithCIDRMasks`:
//!   its rows for the checks every non-cloud allocator shares, run through our `new_node_ipam_controller`
//!   and, when they pass, through `RangeAllocator::new`.
//! * `cmd/kube-controller-manager/app/core.go` `validateCIDRs` / `setNodeCIDRMaskSizes`: upstream's
//!   `core_test.go` has no table for these (it only tests discovery errors), so the rows below are one per
//!   branch of the newest `setNodeCIDRMaskSizes` and `validateCIDRs`, as read in core.go (docs/upstream-notes.md §15).
//!   `setNodeCIDRMaskSizes` is also called directly, with the one upstream table of it:
//!   cloud-provider-azure's `cmd/cloud-controller-manager/app/core_test.go` `TestSetNodeCIDRMaskSizesDualStack`.

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ipnet::IpNet;
use podip::ipam::goip::parse_cidr_sloppy;
use podip::ipam::kcm::{new_node_ipam_controller, KcmError, KcmFlags, NodeIpamConfig};
use podip::ipam::range_allocator::RangeAllocator;

/// `netutils.ParseCIDRs(strings.Split(s, ","))`, nil (empty) on any error, as the upstream test does.
fn parse_cidrs_or_nil(s: &str) -> Vec<IpNet> {
    s.split(',')
        .map(|c| parse_cidr_sloppy(c).map(|(_, net)| net))
        .collect::<Result<_, _>>()
        .unwrap_or_default()
}

/// `netutils.ParseCIDRSloppy(s)`, nil on error.
fn parse_or_nil(s: &str) -> Option<IpNet> {
    parse_cidr_sloppy(s).ok().map(|(_, net)| net)
}

#[test]
fn new_node_ipam_controller_with_cidr_masks() {
    // node_ipam_controller_test.go TestNewNodeIpamControllerWithCIDRMasks:
    // (desc, clusterCIDR, serviceCIDR, secondaryServiceCIDR, maskSize, expected error or None)
    // The rows for CloudAllocator are left out: kcm no longer runs it (docs/upstream-notes.md §15). The
    // IPAMFromCluster/IPAMFromCloud rows share these checks, so they are kept and run as RangeAllocator,
    // except invalid_serviceCIDR_contains_clusterCIDR, whose failure is the legacy allocator's own
    // (see range_allocator_upstream.rs for what RangeAllocator does with it).
    type Row<'a> = (
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        &'a [i32],
        Option<&'a str>,
    );
    let rows: [Row; 8] = [
        ("valid_range_allocator", "10.0.0.0/21", "10.1.0.0/21", "", &[24], None),
        ("valid_range_allocator_dualstack", "10.0.0.0/21,2000::/48", "10.1.0.0/21", "", &[24, 64], None),
        (
            "valid_range_allocator_dualstack_dualstackservice",
            "10.0.0.0/21,2000::/48",
            "10.1.0.0/21",
            "3000::/112",
            &[24, 64],
            None,
        ),
        ("valid_ipam_from_cluster", "10.0.0.0/21", "10.1.0.0/21", "", &[24], None),
        ("valid_ipam_from_cloud", "10.0.0.0/21", "10.1.0.0/21", "", &[24], None),
        (
            "invalid_cluster_CIDR",
            "",
            "10.1.0.0/21",
            "",
            &[24],
            Some("Controller: Must specify --cluster-cidr if --allocate-node-cidrs is set"),
        ),
        (
            "invalid_CIDR_smaller_than_mask_other_allocators",
            "10.0.0.0/26",
            "10.1.0.0/21",
            "",
            &[24],
            Some("Controller: Invalid --cluster-cidr, mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family"),
        ),
        (
            "invalid_CIDR_mask_size",
            "10.0.0.0/24,2000::/64",
            "10.1.0.0/21",
            "",
            &[24, 48],
            Some("Controller: Invalid --cluster-cidr, mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family"),
        ),
    ];
    for (desc, cluster, service, secondary, masks, expected) in rows {
        let cluster_cidrs = parse_cidrs_or_nil(cluster);
        match (new_node_ipam_controller(&cluster_cidrs, masks), expected) {
            (Ok(node_cidr_mask_sizes), None) => {
                let config = NodeIpamConfig {
                    cluster_cidrs,
                    node_cidr_mask_sizes,
                    service_cidr: parse_or_nil(service),
                    secondary_service_cidr: parse_or_nil(secondary),
                    warnings: Vec::new(),
                    allocate_node_cidrs: true,
                };
                let allocator = RangeAllocator::new(&config, &[]);
                assert!(allocator.is_ok(), "{desc}: {allocator:?}");
            }
            (Err(err), Some(text)) => assert_eq!(err.to_string(), text, "{desc}"),
            (got, _) => panic!("{desc}: unexpected {got:?}"),
        }
    }
}

fn flags(cluster_cidr: &str, mask: &str, mask_v4: &str, mask_v6: &str) -> KcmFlags {
    KcmFlags {
        cluster_cidr: cluster_cidr.into(),
        node_cidr_mask_size: mask.into(),
        node_cidr_mask_size_ipv4: mask_v4.into(),
        node_cidr_mask_size_ipv6: mask_v6.into(),
        service_cluster_ip_range: String::new(),
        allocate_node_cidrs: String::new(),
    }
}

#[test]
fn set_node_cidr_mask_sizes() {
    // core.go setNodeCIDRMaskSizes, newest form, one row per branch:
    // (--cluster-cidr, --node-cidr-mask-size, -ipv4, -ipv6, masks or error text)
    type Row<'a> = (
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        Result<&'a [u8], &'a str>,
    );
    let rows: [Row; 14] = [
        // Defaults: 24 for IPv4, 64 for IPv6, ordered like --cluster-cidr.
        ("10.244.0.0/16", "", "", "", Ok(&[24])),
        ("fd00:10:244::/56", "", "", "", Ok(&[64])),
        ("10.244.0.0/16,fd00:10:244::/56", "", "", "", Ok(&[24, 64])),
        ("fd00:10:244::/56,10.244.0.0/16", "", "", "", Ok(&[64, 24])),
        // Dual stack: per-family flags override the defaults; the plain flag is refused.
        ("10.244.0.0/16,fd00:10:244::/56", "", "26", "", Ok(&[26, 64])),
        ("fd00:10:244::/56,10.244.0.0/16", "", "26", "60", Ok(&[60, 26])),
        (
            "10.244.0.0/16,fd00:10:244::/56",
            "24",
            "",
            "",
            Err("usage of --node-cidr-mask-size is not allowed with dual-stack clusters"),
        ),
        // Single stack: the plain flag alone is used whatever the family.
        ("10.244.0.0/16", "26", "", "", Ok(&[26])),
        ("fd00:10:244::/56", "60", "", "", Ok(&[60])),
        (
            "10.244.0.0/16",
            "24",
            "24",
            "",
            Err("usage of --node-cidr-mask-size-ipv4 and --node-cidr-mask-size-ipv6 is not allowed if --node-cidr-mask-size is set. For dual-stack clusters please unset it and use IPFamily specific flags"),
        ),
        // Single stack: a per-family flag must match the cluster's family.
        ("10.244.0.0/16", "", "25", "", Ok(&[25])),
        ("fd00:10:244::/56", "", "", "60", Ok(&[60])),
        (
            "fd00:10:244::/56",
            "",
            "24",
            "",
            Err("usage of --node-cidr-mask-size-ipv4 is not allowed for a single-stack IPv6 cluster"),
        ),
        (
            "10.244.0.0/16",
            "",
            "",
            "64",
            Err("usage of --node-cidr-mask-size-ipv6 is not allowed for a single-stack IPv4 cluster"),
        ),
    ];
    for (cluster, mask, v4, v6, expected) in rows {
        let got = flags(cluster, mask, v4, v6).validate();
        match expected {
            Ok(masks) => assert_eq!(
                got.map(|c| c.node_cidr_mask_sizes),
                Ok(masks.to_vec()),
                "{cluster} {mask}/{v4}/{v6}"
            ),
            Err(text) => assert_eq!(
                got.map_err(|e| e.to_string()),
                Err(text.to_string()),
                "{cluster} {mask}/{v4}/{v6}"
            ),
        }
    }
}

#[test]
fn set_node_cidr_mask_sizes_as_a_function() {
    // The same branches called directly, with the flags as pflag hands them over (int32, 0 = unset),
    // plus the rows of cloud-provider-azure's `TestSetNodeCIDRMaskSizesDualStack` (app/core_test.go, the
    // one upstream table of this function; its copy predates the newest form, which refuses the plain
    // flag on a dual-stack cluster where the older one ignored it — those rows expect the refusal).
    // (description, --cluster-cidr, mask, ipv4Mask, ipv6Mask, masks or error text)
    type Row<'a> = (&'a str, &'a str, i32, i32, i32, Result<&'a [i32], &'a str>);
    const DUAL_PLAIN: &str =
        "usage of --node-cidr-mask-size is not allowed with dual-stack clusters";
    let rows: [Row; 9] = [
        ("azure: should ignore the node cidr mask size", "10.244.0.0/16,fd00::/48", 17, 0, 65, Err(DUAL_PLAIN)),
        ("azure: should set the ipv4 and ipv6 mask sizes as configured", "10.244.0.0/16,fd00::/48", 17, 18, 65, Err(DUAL_PLAIN)),
        ("azure: should set the default ipv4 and ipv6 mask sizes", "10.244.0.0/16,fd00::/48", 17, 0, 0, Err(DUAL_PLAIN)),
        ("azure rows without the plain flag: configured", "10.244.0.0/16,fd00::/48", 0, 18, 65, Ok(&[18, 65])),
        ("azure rows without the plain flag: defaults", "10.244.0.0/16,fd00::/48", 0, 0, 0, Ok(&[24, 64])),
        ("single-stack IPv6: the plain flag", "fd00::/48", 17, 0, 0, Ok(&[17])),
        ("single-stack IPv4: a negative mask passes here (NewCIDRSet refuses it later)", "10.0.0.0/8", -1, 0, 0, Ok(&[-1])),
        ("single-stack IPv4: the plain flag with a per-family one", "10.0.0.0/8", 16, 0, 64,
         Err("usage of --node-cidr-mask-size-ipv4 and --node-cidr-mask-size-ipv6 is not allowed if --node-cidr-mask-size is set. For dual-stack clusters please unset it and use IPFamily specific flags")),
        ("IPv6 first: masks follow --cluster-cidr's order", "fd00::/48,10.0.0.0/8", 0, 20, 0, Ok(&[64, 20])),
    ];
    for (description, cluster, mask, v4, v6, expected) in rows {
        let cidrs = parse_cidrs_or_nil(cluster);
        let got = podip::ipam::kcm::set_node_cidr_mask_sizes(mask, v4, v6, &cidrs)
            .map_err(|e| e.to_string());
        assert_eq!(
            got,
            expected.map(<[i32]>::to_vec).map_err(str::to_string),
            "{description}"
        );
    }
}

#[test]
fn validate_cidrs() {
    // core.go validateCIDRs / processCIDRs: (--cluster-cidr, error text or None)
    let rows = [
        ("10.244.0.0/16", None),
        (" 10.244.0.0/16,fd00:10:244::/56 ", None), // the list is trimmed as a whole
        (
            "10.244.0.0/16, fd00:10:244::/56", // but not each element
            Some("failed to parse cidr value:\" fd00:10:244::/56\" with error:invalid CIDR address:  fd00:10:244::/56"),
        ),
        (
            "010.244.0.0/16", // ParseCIDRSloppy reads leading zeros as decimal
            None,
        ),
        (
            "10.244.0.0/16,10.245.0.0/16",
            Some("len of ClusterCIDRs==2 and they are not configured as dual stack (at least one from each IPFamily"),
        ),
        (
            "fd00::/48,fd01::/48,fd02::/48", // the family check comes before the count check
            Some("len of ClusterCIDRs==3 and they are not configured as dual stack (at least one from each IPFamily"),
        ),
        (
            "10.244.0.0/16,fd00:10:244::/56,10.245.0.0/16",
            Some("length of clusterCIDRs is:3 more than max allowed of 2"),
        ),
    ];
    for (cluster, expected) in rows {
        let got = flags(cluster, "", "", "").validate().map(|_| ());
        assert_eq!(
            got.map_err(|e| e.to_string()),
            expected.map_or(Ok(()), |t| Err(t.to_string())),
            "{cluster}"
        );
    }
}

#[test]
fn service_cidrs() {
    // core.go's service-CIDR block and options NodeIPAMControllerOptions.Validate:
    // (--service-cluster-ip-range, Ok((primary, secondary, warned?)) or error text)
    type Row<'a> = (
        &'a str,
        Result<(Option<&'a str>, Option<&'a str>, bool), &'a str>,
    );
    let rows: [Row; 6] = [
        ("", Ok((None, None, false))),
        ("10.96.0.0/16", Ok((Some("10.96.0.0/16"), None, false))),
        (
            "10.96.0.0/16,fd00:10:96::/112",
            Ok((Some("10.96.0.0/16"), Some("fd00:10:96::/112"), false)),
        ),
        ("bogus", Ok((None, None, true))), // only logged
        (
            "10.96.0.0/16,10.97.0.0/16",
            Err(
                "serviceCIDR and secondaryServiceCIDR are not dualstack (from different IPfamiles)",
            ),
        ),
        (
            "10.0.0.0/16,244.0.0.0/16,3000::/108", // options_test.go "more than two entries"
            Err("--service-cluster-ip-range can not contain more than two entries"),
        ),
    ];
    for (range, expected) in rows {
        let got = KcmFlags {
            service_cluster_ip_range: range.into(),
            ..KcmFlags::kind_defaults()
        }
        .validate();
        match expected {
            Ok((primary, secondary, warned)) => {
                let config = got.unwrap_or_else(|e| panic!("{range}: {e}"));
                assert_eq!(
                    config.service_cidr,
                    primary.and_then(parse_or_nil),
                    "{range}"
                );
                assert_eq!(
                    config.secondary_service_cidr,
                    secondary.and_then(parse_or_nil),
                    "{range}"
                );
                assert_eq!(!config.warnings.is_empty(), warned, "{range}");
            }
            Err(text) => assert_eq!(
                got.map_err(|e| e.to_string()),
                Err(text.to_string()),
                "{range}"
            ),
        }
    }
}

/// The warning is `startNodeIpamController`'s structured log line (`logger.Info("Warning: unsuccessful
/// parsing of service CIDR", "CIDR", …, "err", err)`), one per range that does not parse, as klog prints it.
#[test]
fn an_unparsable_service_range_is_logged_as_kcm_logs_it() {
    let config = KcmFlags {
        service_cluster_ip_range: "garbage,fd00::/108x".into(),
        ..KcmFlags::kind_defaults()
    }
    .validate()
    .expect("kcm starts");
    assert_eq!(
        config.warnings,
        vec![
            r#""Warning: unsuccessful parsing of service CIDR" CIDR="garbage" err="invalid CIDR address: garbage""#,
            r#""Warning: unsuccessful parsing of service CIDR" CIDR="fd00::/108x" err="invalid CIDR address: fd00::/108x""#,
        ]
    );
}

#[test]
fn cidr_set_limits_stop_the_controller() {
    // docs/upstream-notes.md §16: the IPv6 16-bit limit lives in NewCIDRSet and stops kcm's node IPAM.
    let err = flags("fd00::/32", "", "", "").validate().unwrap_err();
    assert_eq!(
        err.to_string(),
        "New CIDR set failed; the node CIDR size is too big"
    );
    // IPv4 has none: /8 into /32 is 2^24 subnets.
    let config = flags("10.0.0.0/8", "32", "", "")
        .validate()
        .expect("accepted");
    assert_eq!(config.node_cidr_mask_sizes, vec![32]);
    // A negative mask is "smaller" than any cluster mask.
    assert_eq!(
        flags("10.0.0.0/8", "-1", "", "").validate(),
        Err(KcmError::ClusterMaskLargerThanNodeMask)
    );
}
