//! kubernetes `pkg/controller/nodeipam/ipam/cidrset/cidr_set_test.go`, table rows reproduced as data.
//!
//! Each table names the upstream test it comes from; IPv4 and IPv6 rows sit side by side as upstream has
//! them. Where upstream reads private fields (`used`, `allocatedCIDRs`) we read the public equivalents
//! (`is_used`, `count_used`, `allocated_cidrs`).

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ipnet::IpNet;
use podip::ipam::cidrset::{CidrSet, CidrSetError};
use podip::ipam::goip::{net_string, parse_cidr_sloppy};

/// `netutils.ParseCIDRSloppy(s)`'s network, as upstream's tests build their inputs.
fn cidr(s: &str) -> IpNet {
    parse_cidr_sloppy(s)
        .unwrap_or_else(|e| panic!("test data {s}: {e}"))
        .1
}

fn set(cluster: &str, node_mask: u8) -> CidrSet {
    CidrSet::new(cidr(cluster), node_mask)
        .unwrap_or_else(|e| panic!("NewCIDRSet({cluster}, {node_mask}): {e}"))
}

fn allocate(set: &mut CidrSet) -> String {
    net_string(&set.allocate_next().expect("a free subnet"))
}

#[test]
fn cidr_set_fully_allocated() {
    // cidr_set_test.go TestCIDRSetFullyAllocated: (cluster, node mask, the only subnet)
    let rows = [
        ("127.123.234.0/30", 30, "127.123.234.0/30"), // Fully allocated CIDR with IPv4
        ("beef:1234::/30", 30, "beef:1234::/30"),     // Fully allocated CIDR with IPv6
    ];
    for (cluster, mask, expected) in rows {
        let mut a = set(cluster, mask);
        let p = a.allocate_next().expect("first allocation");
        assert_eq!(net_string(&p), expected, "{cluster}");
        assert_eq!(a.allocate_next(), Err(CidrSetError::RangeNoCidrsRemaining));
        a.release(&p).expect("release");
        assert_eq!(allocate(&mut a), expected, "{cluster} after release");
        assert_eq!(a.allocate_next(), Err(CidrSetError::RangeNoCidrsRemaining));
    }
}

#[test]
fn index_to_cidr_block() {
    // cidr_set_test.go TestIndexToCIDRBlock: (cluster, node mask, index, block)
    let rows = [
        ("127.123.3.0/16", 24, 0, "127.123.0.0/24"), // 1st IP address indexed with IPv4
        ("127.123.0.0/16", 24, 15, "127.123.15.0/24"), // 16th IP address indexed with IPv4
        ("192.168.5.219/28", 32, 5, "192.168.5.213/32"), // 5th IP address indexed with IPv4
        ("2001:0db8:1234:3::/48", 64, 0, "2001:db8:1234::/64"), // 1st with IPv6 /64
        ("2001:0db8:1234::/48", 64, 15, "2001:db8:1234:f::/64"), // 16th with IPv6 /64
        (
            "2001:0db8:85a3::8a2e:0370:7334/50",
            63,
            6425,
            "2001:db8:85a3:3232::/63",
        ), // 6426th /63
        ("2001:0db8::/32", 48, 0, "2001:db8::/48"),  // 1st with IPv6 /48
        ("2001:0db8::/32", 48, 15, "2001:db8:f::/48"), // 16th with IPv6 /48
        (
            "2001:0db8:85a3::8a2e:0370:7334/32",
            48,
            6425,
            "2001:db8:1919::/48",
        ), // 6426th /48
        ("2001:0db8:1234:ff00::/56", 72, 0, "2001:db8:1234:ff00::/72"), // 1st with IPv6 /72
        (
            "2001:0db8:1234:ff00::/56",
            72,
            15,
            "2001:db8:1234:ff00:f00::/72",
        ), // 16th /72
        (
            "2001:0db8:1234:ff00::0370:7334/56",
            72,
            6425,
            "2001:db8:1234:ff19:1900::/72",
        ), // 6426th /72
        (
            "2001:0db8:1234:0:1234::/80",
            96,
            0,
            "2001:db8:1234:0:1234::/96",
        ), // 1st with IPv6 /96
        (
            "2001:0db8:1234:0:1234::/80",
            96,
            15,
            "2001:db8:1234:0:1234:f::/96",
        ), // 16th /96
        (
            "2001:0db8:1234:ff00::0370:7334/80",
            96,
            6425,
            "2001:db8:1234:ff00:0:1919::/96",
        ), // 6426th /96
    ];
    for (cluster, mask, index, block) in rows {
        let a = set(cluster, mask);
        assert_eq!(
            net_string(&a.index_to_cidr_block(index)),
            block,
            "{cluster} /{mask} #{index}"
        );
    }
}

/// Allocate every subnet, expect the set full, release all, allocate all again.
fn allocate_all(a: &mut CidrSet, count: usize) -> Vec<IpNet> {
    let cidrs: Vec<IpNet> = (0..count)
        .map(|i| {
            a.allocate_next()
                .unwrap_or_else(|e| panic!("allocation {i}: {e}"))
        })
        .collect();
    assert_eq!(a.allocate_next(), Err(CidrSetError::RangeNoCidrsRemaining));
    cidrs
}

#[test]
fn randomish_allocation() {
    // cidr_set_test.go TestCIDRSet_RandomishAllocation: /24 nodes, 256 of them.
    for cluster in [
        "127.123.234.0/16", // RandomishAllocation with IPv4
        "beef:1234::/16",   // RandomishAllocation with IPv6
    ] {
        let mut a = set(cluster, 24);
        let cidrs = allocate_all(&mut a, 256);
        for c in &cidrs {
            a.release(c).expect("release");
        }
        let again = allocate_all(&mut a, 256);
        assert_eq!(cidrs, again, "{cluster}: re-allocated CIDRs differ");
    }
}

#[test]
fn allocation_occupied() {
    // cidr_set_test.go TestCIDRSet_AllocationOccupied
    for cluster in [
        "127.123.234.0/16", // AllocationOccupied with IPv4
        "beef:1234::/16",   // AllocationOccupied with IPv6
    ] {
        let mut a = set(cluster, 24);
        let cidrs = allocate_all(&mut a, 256);
        for c in &cidrs {
            a.release(c).expect("release");
        }
        for c in &cidrs[128..] {
            a.occupy(c).expect("occupy");
        }
        a.occupy(&cidrs[128]).expect("occupy again");
        let mut again = allocate_all(&mut a, 128);
        again.extend_from_slice(&cidrs[128..]);
        assert_eq!(cidrs, again, "{cluster}");
    }
}

#[test]
fn double_occupy_release() {
    // cidr_set_test.go TestDoubleOccupyRelease on 10.42.0.0/16 with /24: (cidr, occupy?, occupied after)
    let operations = [
        ("10.42.5.0/24", true, 1),  // Occupy 1 element: +1
        ("10.42.9.0/24", true, 2),  // Occupy 1 more element: +1
        ("10.42.8.0/22", true, 5),  // Occupy 4 elements overlapping with one from the above: +3
        ("10.42.9.0/24", true, 5),  // Occupy an already-occupied element: no change
        ("10.42.9.0/24", false, 4), // Release an occupied element: -1
        ("10.42.9.0/24", false, 4), // Release an unoccupied element: no change
        ("10.42.4.0/22", false, 3), // Release 4 elements, only one of which is occupied: -1
    ];
    let mut a = set("10.42.0.0/16", 24);
    for (c, occupy, occupied) in operations {
        if occupy {
            a.occupy(&cidr(c)).expect("occupy");
        } else {
            a.release(&cidr(c)).expect("release");
        }
        assert_eq!(a.allocated_cidrs(), occupied, "after {c}");
    }
    let allocatable = (1 << 8) - 3;
    for i in 0..allocatable {
        assert!(a.allocate_next().is_ok(), "allocation {i}");
    }
    assert!(a.allocate_next().is_err(), "one more than {allocatable}");
}

#[test]
fn get_bit_for_cidr() {
    // cidr_set_test.go TestGetBitforCIDR: (cluster, node mask, subnet, expected bit or None for error)
    let rows: [(&str, u8, &str, Option<u64>); 14] = [
        ("127.0.0.0/8", 16, "127.0.0.0/16", Some(0)), // Get 0 Bit with IPv4
        ("be00::/8", 16, "be00::/16", Some(0)),       // Get 0 Bit with IPv6
        ("127.0.0.0/8", 16, "127.123.0.0/16", Some(123)), // Get 123rd Bit with IPv4
        ("be00::/8", 16, "beef::/16", Some(0xef)),    // Get xef Bit with IPv6
        ("127.0.0.0/8", 16, "127.168.0.0/16", Some(168)), // Get 168th Bit with IPv4
        ("be00::/8", 16, "be68::/16", Some(0x68)),    // Get x68th Bit with IPv6
        ("127.0.0.0/8", 16, "127.224.0.0/16", Some(224)), // Get 224th Bit with IPv4
        ("be00::/8", 16, "be24::/16", Some(0x24)),    // Get x24th Bit with IPv6
        ("192.168.0.0/16", 24, "192.168.12.0/24", Some(12)), // Get 12th Bit with IPv4
        ("beef::/16", 24, "beef:1200::/24", Some(0x12)), // Get x12th Bit with IPv6
        ("192.168.0.0/16", 24, "192.168.151.0/24", Some(151)), // Get 151st Bit with IPv4
        ("beef::/16", 24, "beef:9700::/24", Some(0x97)), // Get x97st Bit with IPv6
        ("192.168.0.0/16", 24, "127.168.224.0/24", None), // Get error with IPv4
        ("beef::/16", 24, "2001:db00::/24", None),    // Get error with IPv6
    ];
    for (cluster, mask, subnet, expected) in rows {
        let got = set(cluster, mask).get_index_for_ip(cidr(subnet).addr());
        match expected {
            Some(bit) => assert_eq!(got, Ok(bit), "{cluster} {subnet}"),
            None => assert!(
                matches!(got, Err(CidrSetError::OutOfAllocatorRange { .. })),
                "{cluster} {subnet}: {got:?}"
            ),
        }
    }
    // The error text, with the address as Go prints it.
    assert_eq!(
        set("192.168.0.0/16", 24)
            .get_index_for_ip(cidr("127.168.224.0/24").addr())
            .unwrap_err()
            .to_string(),
        "CIDR: 127.168.224.0/24 is out of the range of CIDR allocator"
    );
}

#[test]
fn occupy() {
    // cidr_set_test.go TestOccupy: (cluster, node mask, subnet, first used bit, last used bit)
    let rows = [
        ("127.0.0.0/8", 16, "127.0.0.0/8", 0, 255), // Occupy all Bits with IPv4
        ("2001:beef:1200::/40", 48, "2001:beef:1200::/40", 0, 255), // Occupy all Bits with IPv6
        ("127.0.0.0/8", 16, "127.0.0.0/2", 0, 255), // Occupy every Bit with IPv4
        ("2001:beef:1200::/40", 48, "2001:beef:1234::/34", 0, 255), // Occupy every Bit with IPv6
        ("127.0.0.0/8", 16, "127.0.0.0/16", 0, 0),  // Occupy 1st Bit with IPv4
        ("2001:beef:1200::/40", 48, "2001:beef:1200::/48", 0, 0), // Occupy 1st Bit with IPv6
        ("127.0.0.0/8", 32, "127.0.0.0/16", 0, 65535), // Occupy 65535 Bits with IPv4
        ("2001:beef:1200::/48", 64, "2001:beef:1200::/48", 0, 65535), // Occupy 65535 Bits with IPv6
        ("127.0.0.0/7", 16, "127.0.0.0/15", 256, 257), // Occupy 257th Bit with IPv4
        ("2001:beef:7f00::/39", 48, "2001:beef:7f00::/47", 256, 257), // Occupy 257th Bit with IPv6
        ("127.0.0.0/7", 15, "127.0.0.0/15", 128, 128), // Occupy 128th Bit with IPv4
        ("2001:beef:7f00::/39", 47, "2001:beef:7f00::/47", 128, 128), // Occupy 128th Bit with IPv6
        ("127.0.0.0/7", 18, "127.0.0.0/15", 1024, 1031), // Occupy 1031st Bit with IPv4
        ("2001:beef:7f00::/39", 50, "2001:beef:7f00::/47", 1024, 1031), // Occupy 1031st Bit with IPv6
    ];
    for (cluster, mask, subnet, begin, end) in rows {
        let mut a = set(cluster, mask);
        a.occupy(&cidr(subnet)).expect("occupy");
        // Upstream compares the whole bitmap with one built from begin..=end.
        assert_eq!(a.count_used(begin..end + 1), end + 1 - begin, "{subnet}");
        assert_eq!(
            a.allocated_cidrs(),
            end + 1 - begin,
            "{subnet}: nothing else set"
        );
        assert_eq!(a.count_used(0..a.max_cidrs()), a.allocated_cidrs());
        assert_eq!(a.next_candidate(), 0, "{subnet}: Occupy moved the cursor");
    }
}

#[test]
fn cidr_set_v6() {
    // cidr_set_test.go TestCIDRSetv6: (cluster, node mask, Some(first two) or None when NewCIDRSet fails)
    let rows = [
        (
            "127.0.0.0/8",
            32,
            Some(("127.0.0.0/32", "127.0.0.1/32")), // Max cluster subnet size with IPv4
        ),
        ("beef:1234::/32", 49, None), // Max cluster subnet size with IPv6
        (
            "2001:beef:1234:369b::/60",
            64,
            Some(("2001:beef:1234:3690::/64", "2001:beef:1234:3691::/64")), // Allocate a few IPv6
        ),
    ];
    for (cluster, mask, expected) in rows {
        match (CidrSet::new(cidr(cluster), mask), expected) {
            (Ok(mut a), Some((first, second))) => {
                assert_eq!(allocate(&mut a), first, "{cluster}");
                assert_eq!(allocate(&mut a), second, "{cluster}");
            }
            (Err(err), None) => assert_eq!(
                err.to_string(),
                "New CIDR set failed; the node CIDR size is too big"
            ),
            (got, _) => panic!("{cluster} /{mask}: unexpected {got:?}"),
        }
    }
}

#[test]
fn subnet_too_big_is_ipv6_only() {
    // ErrCIDRSetSubNetTooBig: node mask − cluster mask > clusterSubnetMaxDiff (16), IPv6 only
    // (docs/upstream-notes.md §16, IPv6 only). (cluster, node mask, accepted?)
    let rows = [
        ("fd00:10:244::/48", 64, true), // exactly 16: the smallest default-mask IPv6 cluster
        ("fd00:10:244::/47", 64, false), // 17
        ("fd00:10:244::/56", 64, true), // kind's default: 256 node /64s
        ("fd00::/32", 64, false),       // 32
        ("10.0.0.0/8", 32, true),       // IPv4 has no limit: 2^24 subnets
        ("0.0.0.0/0", 32, true),        // not even at 2^32
    ];
    for (cluster, mask, accepted) in rows {
        let result = CidrSet::new(cidr(cluster), mask);
        assert_eq!(result.is_ok(), accepted, "{cluster} /{mask}");
        if !accepted {
            assert_eq!(result.unwrap_err(), CidrSetError::SubNetTooBig);
        }
    }
}

/// (allocations_total, releases_total, usage, tries sample sum) — `testMetrics` of cidr_set_test.go.
fn metrics(a: &CidrSet) -> (u64, u64, f64, u64) {
    let m = a.metrics();
    (
        m.allocations_total,
        m.releases_total,
        a.usage(),
        m.allocation_tries_sum,
    )
}

#[test]
fn cidr_set_metrics() {
    // cidr_set_test.go TestCidrSetMetrics
    let cluster = cidr("10.0.0.0/16");
    let mut a = CidrSet::new(cluster, 24).expect("valid");
    for i in 1..=256u64 {
        a.allocate_next().expect("free");
        assert_eq!(metrics(&a), (i, 0, i as f64 / 256.0, 0), "allocation {i}");
    }
    a.release(&cluster).expect("release all");
    assert_eq!(metrics(&a), (256, 256, 0.0, 0));
    a.occupy(&cluster).expect("occupy all");
    assert_eq!(metrics(&a), (512, 256, 1.0, 0));
}

#[test]
fn cidr_set_metrics_histogram() {
    // cidr_set_test.go TestCidrSetMetricsHistogram: Occupy does not update nextCandidate, so the next
    // AllocateNext probes the 128 occupied subnets first.
    let mut a = set("10.0.0.0/16", 24);
    a.occupy(&cidr("10.0.0.0/17")).expect("occupy half");
    assert_eq!(metrics(&a), (128, 0, 0.5, 0));
    a.allocate_next().expect("free");
    assert_eq!(metrics(&a), (129, 0, 129.0 / 256.0, 128));
    assert_eq!(a.metrics().allocation_tries_count, 1);
}

#[test]
fn cidr_set_metrics_dual() {
    // cidr_set_test.go TestCidrSetMetricsDual: (cluster, node mask, subnets)
    for (cluster, mask, count) in [("10.0.0.0/16", 24, 256), ("2001:db8::/48", 64, 65536)] {
        let net = cidr(cluster);
        let mut a = CidrSet::new(net, mask).expect("valid");
        a.occupy(&net).expect("occupy all");
        assert_eq!(metrics(&a), (count, 0, 1.0, 0), "{cluster}");
        a.release(&net).expect("release all");
        assert_eq!(metrics(&a), (count, count, 0.0, 0), "{cluster}");
    }
}

#[test]
fn occupy_and_release_keep_the_cursor() {
    // docs/upstream-notes.md §16 (no upstream test of its own; TestCidrSetMetricsHistogram relies on it):
    // a released subnet comes back only after the cursor wraps. (cluster, node mask)
    for (cluster, mask) in [("10.244.0.0/22", 24), ("fd00:10:244::/62", 64)] {
        let mut a = set(cluster, mask);
        let first = a.allocate_next().expect("#0");
        let second = a.allocate_next().expect("#1");
        a.release(&first).expect("release #0");
        assert_eq!(a.next_candidate(), 2, "{cluster}: Release moved the cursor");
        let third = a.allocate_next().expect("#2");
        assert_eq!(third, a.index_to_cidr_block(2), "{cluster}");
        let fourth = a.allocate_next().expect("#3");
        assert_eq!(fourth, a.index_to_cidr_block(3), "{cluster}");
        assert_eq!(
            a.next_candidate(),
            0,
            "{cluster}: cursor wraps after the last index"
        );
        // Only now, after the wrap, does the released subnet come back.
        assert_eq!(a.allocate_next(), Ok(first), "{cluster}");
        assert_ne!(first, second);
    }
}

#[test]
fn out_of_range_texts() {
    // getBeginningAndEndIndices' overlap check, with upstream's typo "out the range".
    let mut a = set("10.42.0.0/16", 24);
    assert_eq!(
        a.occupy(&cidr("10.43.0.0/24")).unwrap_err().to_string(),
        "cidr 10.43.0.0/24 is out the range of cluster cidr 10.42.0.0/16"
    );
    assert_eq!(
        a.release(&cidr("fd00::/64")).unwrap_err().to_string(),
        "cidr fd00::/64 is out the range of cluster cidr 10.42.0.0/16"
    );
}

#[test]
fn slash0_of_slash32_refuses_every_single_subnet() {
    // getIndexForIP compares against uint32(maxCIDRs); with 2^32 subnets that is 0, so nothing is in range.
    let mut a = set("0.0.0.0/0", 32);
    assert_eq!(
        allocate(&mut a),
        "0.0.0.0/32",
        "AllocateNext does not use getIndexForIP"
    );
    assert_eq!(
        a.release(&cidr("0.0.0.0/32")).unwrap_err().to_string(),
        "CIDR: 0.0.0.0/32 is out of the range of CIDR allocator"
    );
    assert!(a.occupy(&cidr("10.0.0.0/24")).is_err());
    // An ordinary /8 of /32s is unaffected.
    let mut b = set("10.0.0.0/8", 32);
    b.occupy(&cidr("10.0.0.0/32")).expect("in range");
}
