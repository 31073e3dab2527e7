//! `IpAllocator` and `RangeIter`, row for row from upstream's `allocator_test.go`
//! ("host-local ip allocator"), then the kind story (docs/upstream-notes.md §18).

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::ipam::hostlocal::{IpAllocator, RangeConfig, RangeSet, Store};
use std::net::IpAddr;

fn ip(s: &str) -> IpAddr {
    s.parse().expect("literal IP")
}

fn set(subnets: &[&str]) -> RangeSet {
    let configs: Vec<RangeConfig> = subnets
        .iter()
        .map(|s| RangeConfig::subnet(s.parse().expect("literal CIDR")))
        .collect();
    RangeSet::canonicalize(&configs).expect("valid range set")
}

/// `mkalloc()`: 192.168.1.0/29 with range ID "rangeid".
fn mkalloc_set() -> RangeSet {
    set(&["192.168.1.0/29"])
}

/// A range of `subnet` with the given `rangeStart`, `rangeEnd` and `gateway` (each optional).
fn range(
    subnet: &str,
    start: Option<&str>,
    end: Option<&str>,
    gateway: Option<&str>,
) -> RangeConfig {
    RangeConfig {
        subnet: Some(subnet.parse().expect("literal CIDR")),
        range_start: start.map(ip),
        range_end: end.map(ip),
        gateway: gateway.map(ip),
    }
}

/// A set of the one [`range`].
fn one_range(
    subnet: &str,
    start: Option<&str>,
    end: Option<&str>,
    gateway: Option<&str>,
) -> RangeSet {
    RangeSet::canonicalize(&[range(subnet, start, end, gateway)]).expect("valid range set")
}

/// `newAllocatorWithMultiRanges()`: two /30 ranges with explicit bounds covering network..broadcast.
fn multi_ranges() -> RangeSet {
    // Upstream writes the subnets as 192.168.1.1/30 and ignores Canonicalize's host-bits error;
    // the network form is what it means.
    RangeSet::canonicalize(&[
        range(
            "192.168.1.0/30",
            Some("192.168.1.0"),
            Some("192.168.1.3"),
            None,
        ),
        range(
            "192.168.2.0/30",
            Some("192.168.2.0"),
            Some("192.168.2.3"),
            None,
        ),
    ])
    .unwrap()
}

fn walk(set: &RangeSet, store: &mut Store) -> Vec<String> {
    IpAllocator::with_range_id(set, store, "rangeid")
        .get_iter()
        .map(|(net, _)| net.addr().to_string())
        .collect()
}

/// The addresses `count` ADDs (containers `c0`, `c1`, …) get from a fresh store.
fn hand_out(set: &RangeSet, count: usize) -> Vec<String> {
    let mut store = Store::new("", "net");
    hand_out_with(&mut IpAllocator::new(set, &mut store, 0), count)
}

/// The addresses `count` ADDs (containers `c0`, `c1`, …) get from `alloc`.
fn hand_out_with(alloc: &mut IpAllocator, count: usize) -> Vec<String> {
    (0..count)
        .map(|i| {
            alloc
                .get(&format!("c{i}"), "eth0", None)
                .unwrap()
                .address
                .to_string()
        })
        .collect()
}

/// Context "RangeIter": from the beginning, from the end, from the middle.
#[test]
fn range_iter() {
    let set = mkalloc_set();
    let all = [
        "192.168.1.2",
        "192.168.1.3",
        "192.168.1.4",
        "192.168.1.5",
        "192.168.1.6",
    ];

    let mut store = Store::new("", "net");
    assert_eq!(
        walk(&set, &mut store),
        all,
        "should loop correctly from the beginning"
    );

    let mut store = Store::new("", "net");
    store.reserve("ID", "eth0", ip("192.168.1.6"), "rangeid");
    store.release_by_id("ID", "eth0");
    assert_eq!(
        walk(&set, &mut store),
        all,
        "should loop correctly from the end"
    );

    let mut store = Store::new("", "net");
    store.reserve("ID", "eth0", ip("192.168.1.3"), "rangeid");
    store.release_by_id("ID", "eth0");
    assert_eq!(
        walk(&set, &mut store),
        [
            "192.168.1.4",
            "192.168.1.5",
            "192.168.1.6",
            "192.168.1.2",
            "192.168.1.3"
        ],
        "should loop correctly from the middle"
    );
}

/// "should allocate ips in round robin": `AllocatorTestCase{subnets, ipmap, expectResult, lastIP}`.
#[test]
fn get_round_robin_table() {
    struct Case {
        comment: &'static str,
        subnets: &'static [&'static str],
        ipmap: &'static [&'static str],
        expect: &'static str,
        last_ip: Option<&'static str>,
    }
    let cases = [
        Case {
            comment: "fresh start",
            subnets: &["10.0.0.0/29"],
            ipmap: &[],
            expect: "10.0.0.2",
            last_ip: None,
        },
        Case {
            comment: "fresh start v6",
            subnets: &["2001:db8:1::0/64"],
            ipmap: &[],
            expect: "2001:db8:1::2",
            last_ip: None,
        },
        Case {
            comment: "fresh start /30",
            subnets: &["10.0.0.0/30"],
            ipmap: &[],
            expect: "10.0.0.2",
            last_ip: None,
        },
        Case {
            comment: "fresh start, .2 taken",
            subnets: &["10.0.0.0/29"],
            ipmap: &["10.0.0.2"],
            expect: "10.0.0.3",
            last_ip: None,
        },
        Case {
            comment: "next ip of last reserved ip",
            subnets: &["10.0.0.0/29"],
            ipmap: &[],
            expect: "10.0.0.6",
            last_ip: Some("10.0.0.5"),
        },
        Case {
            comment: "next ip of last reserved ip, skipping taken",
            subnets: &["10.0.0.0/29"],
            ipmap: &["10.0.0.4", "10.0.0.5"],
            expect: "10.0.0.6",
            last_ip: Some("10.0.0.3"),
        },
        Case {
            comment: "round robin to the beginning",
            subnets: &["10.0.0.0/29"],
            ipmap: &["10.0.0.6"],
            expect: "10.0.0.2",
            last_ip: Some("10.0.0.5"),
        },
        Case {
            comment: "lastIP is out of range",
            subnets: &["10.0.0.0/29"],
            ipmap: &["10.0.0.2"],
            expect: "10.0.0.3",
            last_ip: Some("10.0.0.128"),
        },
        Case {
            comment: "subnet is completely full except for lastip; wrap around and reserve lastIP",
            subnets: &["10.0.0.0/29"],
            ipmap: &["10.0.0.2", "10.0.0.4", "10.0.0.5", "10.0.0.6"],
            expect: "10.0.0.3",
            last_ip: Some("10.0.0.3"),
        },
        Case {
            comment: "allocate from multiple subnets",
            subnets: &["10.0.0.0/30", "10.0.1.0/30"],
            ipmap: &[],
            expect: "10.0.0.2",
            last_ip: None,
        },
        Case {
            comment: "advance to next subnet",
            subnets: &["10.0.0.0/30", "10.0.1.0/30"],
            ipmap: &[],
            expect: "10.0.1.2",
            last_ip: Some("10.0.0.2"),
        },
        Case {
            comment: "Roll to start subnet",
            subnets: &["10.0.0.0/30", "10.0.1.0/30", "10.0.2.0/30"],
            ipmap: &[],
            expect: "10.0.0.2",
            last_ip: Some("10.0.2.2"),
        },
    ];
    for case in cases {
        let set = set(case.subnets);
        let mut store = Store::new("", "net");
        for taken in case.ipmap {
            store.write_ip_file(ip(taken), "id");
        }
        if let Some(last) = case.last_ip {
            store.write_last_reserved_ip("rangeid", ip(last));
        }
        let got = IpAllocator::with_range_id(&set, &mut store, "rangeid")
            .get("ID", "eth0", None)
            .unwrap_or_else(|e| panic!("{}: {e}", case.comment));
        assert_eq!(
            got.address.addr().to_string(),
            case.expect,
            "{}",
            case.comment
        );
    }
}

/// "should not allocate the broadcast address" and "should allocate in a round-robin fashion".
#[test]
fn get_broadcast_and_round_robin() {
    let set = mkalloc_set();
    let mut store = Store::new("", "net");
    let mut alloc = IpAllocator::with_range_id(&set, &mut store, "rangeid");
    for i in 2..7 {
        let got = alloc.get(&format!("ID{i}"), "eth0", None).unwrap();
        assert_eq!(got.address.to_string(), format!("192.168.1.{i}/29"));
        assert_eq!(got.gateway, Some(ip("192.168.1.1")));
    }
    assert!(alloc.get("ID8", "eth0", None).is_err());

    let mut store = Store::new("", "net");
    let mut alloc = IpAllocator::with_range_id(&set, &mut store, "rangeid");
    assert_eq!(
        alloc.get("ID", "eth0", None).unwrap().address.to_string(),
        "192.168.1.2/29"
    );
    alloc.release("ID", "eth0");
    assert_eq!(
        alloc.get("ID", "eth0", None).unwrap().address.to_string(),
        "192.168.1.3/29"
    );
}

/// Context "when requesting a specific IP", plus the gateway and not-in-set errors of `Get`.
#[test]
fn get_requested_ip() {
    let set = mkalloc_set();
    let mut store = Store::new("", "net");
    let mut alloc = IpAllocator::with_range_id(&set, &mut store, "rangeid");
    let requested = ip("192.168.1.5");
    assert_eq!(
        alloc
            .get("ID", "eth0", Some(requested))
            .unwrap()
            .address
            .addr(),
        requested
    );
    assert_eq!(
        alloc
            .get("ID", "eth0", Some(requested))
            .unwrap_err()
            .to_string(),
        "requested IP address 192.168.1.5 is not available in range set 192.168.1.1-192.168.1.6",
        "must fail when the requested IP is allocated"
    );
    assert_eq!(
        alloc
            .get("ID", "eth0", Some(ip("192.168.1.1")))
            .unwrap_err()
            .to_string(),
        "requested ip 192.168.1.1 is subnet's gateway"
    );
    assert_eq!(
        alloc
            .get("ID", "eth0", Some(ip("10.0.0.1")))
            .unwrap_err()
            .to_string(),
        "10.0.0.1 not in range set 192.168.1.1-192.168.1.6"
    );
    // The requested path has no duplicate check, and it moves the cursor (docs/upstream-notes.md §18).
    assert_eq!(
        alloc
            .get("ID", "eth0", Some(ip("::ffff:192.168.1.3")))
            .unwrap()
            .address
            .to_string(),
        "192.168.1.3/29"
    );
    drop(alloc);
    assert_eq!(store.last_reserved_ip("rangeid"), Some(ip("192.168.1.3")));

    // "must return an error when the requested IP is after RangeEnd / before RangeStart".
    let bounded = one_range(
        "192.168.1.0/29",
        Some("192.168.1.3"),
        Some("192.168.1.4"),
        None,
    );
    let mut store = Store::new("", "net");
    let mut alloc = IpAllocator::with_range_id(&bounded, &mut store, "rangeid");
    assert!(alloc.get("ID", "eth0", Some(ip("192.168.1.5"))).is_err());
    assert!(alloc.get("ID", "eth0", Some(ip("192.168.1.2"))).is_err());
}

/// Context "when out of ips": "returns a meaningful error".
#[test]
fn get_exhausted() {
    let cases: [(&[&str], &[&str], &str); 3] = [
        (
            &["10.0.0.0/30"],
            &["10.0.0.2"],
            "no IP addresses available in range set: 10.0.0.1-10.0.0.2",
        ),
        (
            &["10.0.0.0/29"],
            &["10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5", "10.0.0.6"],
            "no IP addresses available in range set: 10.0.0.1-10.0.0.6",
        ),
        (
            &["10.0.0.0/30", "10.0.1.0/30"],
            &["10.0.0.2", "10.0.1.2"],
            "no IP addresses available in range set: 10.0.0.1-10.0.0.2,10.0.1.1-10.0.1.2",
        ),
    ];
    for (subnets, taken, want) in cases {
        let set = set(subnets);
        let mut store = Store::new("", "net");
        for t in taken {
            store.write_ip_file(ip(t), "id");
        }
        let err = IpAllocator::with_range_id(&set, &mut store, "rangeid").get("ID", "eth0", None);
        assert_eq!(err.unwrap_err().to_string(), want);
    }
}

/// Contexts "when lastReservedIP is at the end of one of multi ranges" and "when no lastReservedIP".
#[test]
fn start_ip_after_first_next() {
    let set = multi_ranges();
    let mut store = Store::new("", "net");
    assert!(store.reserve("ID", "eth0", ip("192.168.1.3"), "rangeid"));
    let alloc = IpAllocator::with_range_id(&set, &mut store, "rangeid");
    let mut iter = alloc.get_iter();
    assert!(iter.next().is_some());
    assert_eq!(iter.start_ip(), Some(ip("192.168.2.0")));

    let mut store = Store::new("", "net");
    let alloc = IpAllocator::with_range_id(&set, &mut store, "rangeid");
    let mut iter = alloc.get_iter();
    assert!(iter.next().is_some());
    assert_eq!(iter.start_ip(), Some(ip("192.168.1.0")));
}

/// docs/upstream-notes.md §18: duplicate check (not idempotent), other ifname allowed, legacy files count.
#[test]
fn duplicate_allocation() {
    let set = set(&["10.244.1.0/24"]);
    let mut store = Store::new("/run/cni-ipam-state", "kindnet");
    let mut alloc = IpAllocator::new(&set, &mut store, 0);
    alloc.get("c1", "eth0", None).unwrap();
    assert_eq!(
        alloc.get("c1", "eth0", None).unwrap_err().to_string(),
        "10.244.1.2 has been allocated to c1, duplicate allocation is not allowed"
    );
    assert_eq!(
        alloc.get("c1", "net1", None).unwrap().address.to_string(),
        "10.244.1.3/24"
    );
    drop(alloc);
    store.write_ip_file(ip("10.244.1.200"), "legacy");
    let err = IpAllocator::new(&set, &mut store, 0).get("legacy", "eth0", None);
    assert_eq!(
        err.unwrap_err().to_string(),
        "10.244.1.200 has been allocated to legacy, duplicate allocation is not allowed"
    );
}

/// docs/upstream-notes.md §18, usable addresses: a gateway other than .1 is skipped mid-range and .1 is handed out;
/// IPv6 hands out the all-ones address.
#[test]
fn gateway_skipping_and_ipv6_all_ones() {
    let gateway_3 = one_range("10.0.0.0/29", None, None, Some("10.0.0.3"));
    let mut store = Store::new("", "net");
    let order = walk(&gateway_3, &mut store);
    assert_eq!(
        order,
        ["10.0.0.1", "10.0.0.2", "10.0.0.4", "10.0.0.5", "10.0.0.6"]
    );

    let mut store = Store::new("", "net");
    let got = walk(&set(&["fd00::/120"]), &mut store);
    assert_eq!(got.len(), 254);
    assert_eq!(got.last().map(String::as_str), Some("fd00::ff"));
}

/// The kind story: a /24 where .189, .190, .191 are taken (cursor .191); DEL of .190 then ADD gives
/// .192, and the file holds `<64-hex id>\r\neth0`.
#[test]
fn kind_story() {
    let set = set(&["10.244.1.0/24"]);
    let mut store = Store::new("/run/cni-ipam-state", "kindnet");
    let ids: Vec<String> = (0..4).map(|i| format!("{i:x}").repeat(64)).collect();
    for (i, id) in ids.iter().take(3).enumerate() {
        let requested = ip(&format!("10.244.1.{}", 189 + i));
        IpAllocator::new(&set, &mut store, 0)
            .get(id, "eth0", Some(requested))
            .unwrap();
    }
    assert_eq!(
        store.cat("last_reserved_ip.0").as_deref(),
        Some("10.244.1.191")
    );
    IpAllocator::new(&set, &mut store, 0).release(&ids[1], "eth0");
    let got = IpAllocator::new(&set, &mut store, 0)
        .get(&ids[3], "eth0", None)
        .unwrap();
    assert_eq!(got.address.to_string(), "10.244.1.192/24");
    assert_eq!(
        store.cat("10.244.1.192"),
        Some(format!("{}\r\neth0", ids[3]))
    );
    assert_eq!(
        store.ls(),
        [
            "10.244.1.189",
            "10.244.1.191",
            "10.244.1.192",
            "last_reserved_ip.0",
            "lock"
        ]
    );
    assert_eq!(
        store.path("10.244.1.192"),
        "/run/cni-ipam-state/kindnet/10.244.1.192"
    );
}

/// Upstream quirk: an explicit IPv4 `rangeStart` at the broadcast passes `Canonicalize` (the default
/// `rangeEnd`, broadcast − 1, is never checked), and the walk, never meeting `rangeEnd`, leaves the subnet.
#[test]
fn range_start_at_broadcast_escapes_the_subnet() {
    let inverted = one_range("10.0.1.0/28", Some("10.0.1.15"), None, None);
    assert!(inverted.ranges()[0].is_inverted());
    assert_eq!(inverted.to_string(), "10.0.1.15-10.0.1.14");
    assert_eq!(inverted.usable_count(), 0);
    let got = hand_out(&inverted, 3);
    assert_eq!(got, ["10.0.1.15/28", "10.0.1.16/28", "10.0.1.17/28"]);
}

/// A /29 whose `rangeStart`/`rangeEnd` are set to its network and broadcast addresses: `Canonicalize`
/// only checks that they lie in the subnet, so `Get` hands out `.0` first and `.7` last, skipping only the
/// gateway `.1` (docs/upstream-notes.md, points 3 and 6), then reports the set exhausted.
#[test]
fn explicit_bounds_hand_out_network_and_broadcast() {
    let set = one_range("10.0.1.0/29", Some("10.0.1.0"), Some("10.0.1.7"), None);
    let mut store = Store::new("", "net");
    let mut alloc = IpAllocator::new(&set, &mut store, 0);
    let got = hand_out_with(&mut alloc, 7);
    assert_eq!(
        got,
        [
            "10.0.1.0/29",
            "10.0.1.2/29",
            "10.0.1.3/29",
            "10.0.1.4/29",
            "10.0.1.5/29",
            "10.0.1.6/29",
            "10.0.1.7/29"
        ]
    );
    assert_eq!(
        alloc.get("c7", "eth0", None).unwrap_err().to_string(),
        "no IP addresses available in range set: 10.0.1.0-10.0.1.7"
    );
}
