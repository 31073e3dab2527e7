//! `Range` and `RangeSet`, row for row from upstream's `range_test.go` ("IP ranges") and
//! `range_set_test.go` ("range sets"), plus the edges docs/upstream-notes.md §3 + 6 and §18 name.

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::ipam::hostlocal::{Range, RangeConfig, RangeSet};
use std::net::IpAddr;

fn cfg(subnet: &str, start: Option<&str>, end: Option<&str>, gateway: Option<&str>) -> RangeConfig {
    let ip = |s: &str| s.parse::<IpAddr>().expect("literal IP");
    RangeConfig {
        subnet: Some(subnet.parse().expect("literal CIDR")),
        range_start: start.map(ip),
        range_end: end.map(ip),
        gateway: gateway.map(ip),
    }
}

fn ip(s: &str) -> IpAddr {
    s.parse().expect("literal IP")
}

/// range_test.go: "should generate sane defaults …" and "should parse all fields correctly".
#[test]
fn canonicalize_fills_defaults() {
    struct Row {
        upstream: &'static str,
        config: RangeConfig,
        subnet: &'static str,
        start: &'static str,
        end: &'static str,
        gateway: &'static str,
    }
    let rows = [
        Row {
            upstream: "should generate sane defaults for ipv4 with a clean prefix",
            config: cfg("192.0.2.0/24", None, None, None),
            subnet: "192.0.2.0/24",
            start: "192.0.2.1",
            end: "192.0.2.254",
            gateway: "192.0.2.1",
        },
        Row {
            upstream: "should generate sane defaults for a smaller ipv4 subnet",
            config: cfg("192.0.2.0/25", None, None, None),
            subnet: "192.0.2.0/25",
            start: "192.0.2.1",
            end: "192.0.2.126",
            gateway: "192.0.2.1",
        },
        Row {
            upstream: "should generate sane defaults for ipv6 with a clean prefix",
            config: cfg("2001:DB8:1::/64", None, None, None),
            subnet: "2001:db8:1::/64",
            start: "2001:db8:1::1",
            end: "2001:db8:1::ffff:ffff:ffff:ffff",
            gateway: "2001:db8:1::1",
        },
        Row {
            upstream: "should parse all fields correctly",
            config: cfg(
                "192.0.2.0/24",
                Some("192.0.2.40"),
                Some("192.0.2.50"),
                Some("192.0.2.254"),
            ),
            subnet: "192.0.2.0/24",
            start: "192.0.2.40",
            end: "192.0.2.50",
            gateway: "192.0.2.254",
        },
        Row {
            upstream: "(upstream-notes §3 + 6) explicit bounds may include network and broadcast",
            config: cfg("10.0.0.0/30", Some("10.0.0.0"), Some("10.0.0.3"), None),
            subnet: "10.0.0.0/30",
            start: "10.0.0.0",
            end: "10.0.0.3",
            gateway: "10.0.0.1",
        },
        Row {
            upstream: "(upstream-notes §18) a gateway outside the subnet is accepted since v0.8.0",
            config: cfg("10.0.0.0/24", None, None, Some("192.168.0.1")),
            subnet: "10.0.0.0/24",
            start: "10.0.0.1",
            end: "10.0.0.254",
            gateway: "192.168.0.1",
        },
        Row {
            upstream: "(canonicalizeIP) IPv4-mapped bounds become IPv4",
            config: cfg("10.0.0.0/24", Some("::ffff:10.0.0.9"), None, None),
            subnet: "10.0.0.0/24",
            start: "10.0.0.9",
            end: "10.0.0.254",
            gateway: "10.0.0.1",
        },
    ];
    for row in rows {
        let r =
            Range::canonicalize(&row.config).unwrap_or_else(|e| panic!("{}: {e}", row.upstream));
        assert_eq!(r.subnet, row.subnet.parse().unwrap(), "{}", row.upstream);
        assert_eq!(r.range_start, ip(row.start), "{}", row.upstream);
        assert_eq!(r.range_end, ip(row.end), "{}", row.upstream);
        assert_eq!(r.gateway, ip(row.gateway), "{}", row.upstream);
    }
}

/// range_test.go error rows, verbatim texts.
#[test]
fn canonicalize_errors() {
    let rows: [(&str, RangeConfig, &str); 12] = [
        (
            "should reject ipv4 subnet using a masked address",
            cfg("192.0.2.12/24", None, None, None),
            "Network has host bits set. For a subnet mask of length 24 the network address is 192.0.2.0",
        ),
        (
            "should reject ipv6 subnet using a masked address",
            cfg("2001:DB8:1::24:19ff:fee1:c44a/64", None, None, None),
            "Network has host bits set. For a subnet mask of length 64 the network address is 2001:db8:1::",
        ),
        (
            "should reject ipv6 prefix with host bit set",
            cfg("2001:DB8:24:19ff::/63", None, None, None),
            "Network has host bits set. For a subnet mask of length 63 the network address is 2001:db8:24:19fe::",
        ),
        (
            "should reject ipv4 network with host bit set",
            cfg("192.168.127.0/23", None, None, None),
            "Network has host bits set. For a subnet mask of length 23 the network address is 192.168.126.0",
        ),
        (
            "Should reject a network that's too small",
            cfg("192.0.2.0/31", None, None, None),
            "Network 192.0.2.0/31 too small to allocate from",
        ),
        (
            "should reject invalid RangeStart and RangeEnd specifications (start)",
            cfg("192.0.2.0/24", Some("192.0.3.0"), None, None),
            "RangeStart 192.0.3.0 not in network 192.0.2.0/24",
        ),
        (
            "should reject invalid RangeStart and RangeEnd specifications (end)",
            cfg("192.0.2.0/24", None, Some("192.0.4.0"), None),
            "RangeEnd 192.0.4.0 not in network 192.0.2.0/24",
        ),
        (
            "should reject invalid RangeStart and RangeEnd specifications (start after end)",
            cfg("192.0.2.0/24", Some("192.0.2.50"), Some("192.0.2.40"), None),
            "RangeStart 192.0.2.50 not in network 192.0.2.0/24",
        ),
        (
            "(Canonicalize) too small is checked before host bits; the message masks",
            cfg("192.0.2.5/32", None, None, None),
            "Network 192.0.2.5/32 too small to allocate from",
        ),
        (
            "(Canonicalize) /127",
            cfg("2001:db8::/127", None, None, None),
            "Network 2001:db8::/127 too small to allocate from",
        ),
        (
            "(Canonicalize) IPv4-mapped subnet: 4-byte IP, 16-byte mask",
            cfg("::ffff:10.0.0.0/104", None, None, None),
            "IPNet IP and Mask version mismatch",
        ),
        (
            "(Canonicalize) rangeStart of the other family",
            cfg("10.0.0.0/24", Some("2001:db8::1"), None, None),
            "RangeStart 2001:db8::1 not in network 10.0.0.0/24",
        ),
    ];
    for (upstream, config, want) in rows {
        let err = Range::canonicalize(&config).expect_err(upstream);
        assert_eq!(err.to_string(), want, "{upstream}");
    }
    let missing = Range::canonicalize(&RangeConfig::default()).expect_err("no subnet");
    assert_eq!(missing.to_string(), "IP <nil> not v4 nor v6");
}

/// range_test.go: "should accept v4/v6 IPs in range and reject IPs out of range".
#[test]
fn contains() {
    let v4 = Range::canonicalize(&cfg(
        "192.0.2.0/24",
        Some("192.0.2.40"),
        Some("192.0.2.50"),
        Some("192.0.2.254"),
    ))
    .unwrap();
    let v6 = Range::canonicalize(&cfg(
        "2001:DB8:1::/64",
        Some("2001:db8:1::40"),
        Some("2001:db8:1::50"),
        None,
    ))
    .unwrap();
    let rows = [
        (&v4, "192.0.3.0", false),
        (&v4, "192.0.2.39", false),
        (&v4, "192.0.2.40", true),
        (&v4, "192.0.2.50", true),
        (&v4, "192.0.2.51", false),
        (&v4, "::ffff:192.0.2.45", true),
        (&v4, "::c000:22d", false),
        (&v6, "2001:db8:2::", false),
        (&v6, "2001:db8:1::39", false),
        (&v6, "2001:db8:1::40", true),
        (&v6, "2001:db8:1::50", true),
        (&v6, "2001:db8:1::51", false),
    ];
    for (range, addr, want) in rows {
        assert_eq!(range.contains(ip(addr)), want, "{range} contains {addr}");
    }
}

/// range_test.go: DescribeTable "Detecting overlap" (checked both ways, as upstream does).
#[test]
fn overlaps() {
    let rows = [
        (
            "non-overlapping",
            cfg("10.0.0.0/24", None, None, None),
            cfg("10.0.1.0/24", None, None, None),
            false,
        ),
        (
            "different families",
            cfg("0.0.0.0/24", None, None, None),
            cfg("::/24", None, None, None),
            false,
        ),
        (
            "Identical",
            cfg("10.0.0.0/24", None, None, None),
            cfg("10.0.0.0/24", None, None, None),
            true,
        ),
        (
            "Containing",
            cfg("10.0.0.0/20", None, None, None),
            cfg("10.0.1.0/24", None, None, None),
            true,
        ),
        (
            "same subnet, non overlapping start + end",
            cfg("10.0.0.0/24", None, Some("10.0.0.127"), None),
            cfg("10.0.0.0/24", Some("10.0.0.128"), None, None),
            false,
        ),
        (
            "same subnet, overlapping start + end",
            cfg("10.0.0.0/24", None, Some("10.0.0.127"), None),
            cfg("10.0.0.0/24", Some("10.0.0.127"), None, None),
            true,
        ),
    ];
    for (upstream, a, b, want) in rows {
        let (a, b) = (
            Range::canonicalize(&a).unwrap(),
            Range::canonicalize(&b).unwrap(),
        );
        assert_eq!(a.overlaps(&b), want, "{upstream}");
        assert_eq!(b.overlaps(&a), want, "{upstream} (commuted)");
    }
}

/// Which addresses are usable (docs/upstream-notes.md §18).
#[test]
fn usable_counts() {
    let rows = [
        (cfg("10.244.1.0/24", None, None, None), 253),
        (cfg("10.0.0.0/30", None, None, None), 1),
        (
            cfg("10.0.0.0/30", Some("10.0.0.0"), Some("10.0.0.3"), None),
            3,
        ),
        (cfg("10.0.0.0/24", None, None, Some("10.0.0.100")), 253),
        (cfg("10.0.0.0/24", None, None, Some("192.168.0.1")), 254),
        (cfg("fd00:10:244:1::/120", None, None, None), 254),
    ];
    for (config, want) in rows {
        assert_eq!(
            Range::canonicalize(&config).unwrap().usable_count(),
            want,
            "{config:?}"
        );
    }
    assert_eq!(
        Range::with_defaults("10.244.1.7/24".parse().unwrap())
            .unwrap()
            .usable_count(),
        253
    );
    assert!(Range::with_defaults("10.244.1.0/31".parse().unwrap()).is_none());
}

/// range_set_test.go: "should detect set membership correctly".
#[test]
fn range_set_membership() {
    let set = RangeSet::canonicalize(&[
        cfg("192.168.0.0/24", None, None, None),
        cfg("172.16.1.0/24", None, None, None),
    ])
    .unwrap();
    assert!(set.contains(ip("192.168.0.55")));
    let (index, range) = set.range_for(ip("192.168.0.55")).unwrap();
    assert_eq!((index, range), (0, &set.ranges()[0]));
    assert_eq!(
        set.range_for(ip("192.168.99.99")).unwrap_err().to_string(),
        "192.168.99.99 not in range set 192.168.0.1-192.168.0.254,172.16.1.1-172.16.1.254"
    );
}

/// range_set_test.go: "should discover overlaps within a set" / "outside a set", and the other
/// `RangeSet.Canonicalize` errors.
#[test]
fn range_set_errors_and_overlaps() {
    let within = RangeSet::canonicalize(&[
        cfg("192.168.0.0/20", None, None, None),
        cfg("192.168.2.0/24", None, None, None),
    ]);
    assert_eq!(
        within.unwrap_err().to_string(),
        "subnets 192.168.0.1-192.168.15.254 and 192.168.2.1-192.168.2.254 overlap"
    );
    let p1 = RangeSet::canonicalize(&[cfg("192.168.0.0/20", None, None, None)]).unwrap();
    let p2 = RangeSet::canonicalize(&[cfg("192.168.2.0/24", None, None, None)]).unwrap();
    assert!(p1.overlaps(&p2) && p2.overlaps(&p1));

    assert_eq!(
        RangeSet::canonicalize(&[]).unwrap_err().to_string(),
        "empty range set"
    );
    let mixed = RangeSet::canonicalize(&[
        cfg("10.1.0.0/22", None, None, None),
        cfg("2001:db8:5::/64", None, None, None),
    ]);
    assert_eq!(mixed.unwrap_err().to_string(), "mixed address families");
    // A range error comes before the family check of the same range.
    let first_error = RangeSet::canonicalize(&[
        cfg("10.1.0.0/22", None, None, None),
        cfg("2001:db8:5::/127", None, None, None),
    ]);
    assert_eq!(
        first_error.unwrap_err().to_string(),
        "Network 2001:db8:5::/127 too small to allocate from"
    );
}
