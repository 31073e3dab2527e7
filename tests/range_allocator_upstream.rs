//! kubernetes `pkg/controller/nodeipam/ipam/range_allocator_test.go`, table rows reproduced as data.
//!
//! Upstream drives a fake clientset and waits for the node update; our allocator is pure, so where
//! upstream waits for `spec.podCIDRs` on the updated node we assert the CIDRs `allocate_or_occupy_cidr`
//! reserved and the PATCH `update_cidrs_allocation` decides to send. "White box" pre-occupation
//! (`rangeAllocator.cidrSets[idx].Occupy`) goes through `allocator_with` below.

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ipnet::IpNet;
use podip::ipam::goip::{net_string, parse_cidr_sloppy};
use podip::ipam::kcm::NodeIpamConfig;
use podip::ipam::range_allocator::{
    AllocateError, CidrUpdateDecision, EventType, Node, NodeCidrPatch, RangeAllocator,
    RangeAllocatorError,
};

fn cidr(s: &str) -> IpNet {
    parse_cidr_sloppy(s)
        .unwrap_or_else(|e| panic!("test data {s}: {e}"))
        .1
}

/// `CIDRAllocatorParams` as the upstream tests write them.
fn params(
    cluster_cidrs: &[&str],
    masks: &[u8],
    service: Option<&str>,
    secondary: Option<&str>,
) -> NodeIpamConfig {
    NodeIpamConfig {
        cluster_cidrs: cluster_cidrs.iter().map(|c| cidr(c)).collect(),
        node_cidr_mask_sizes: masks.to_vec(),
        service_cidr: service.map(cidr),
        secondary_service_cidr: secondary.map(cidr),
        warnings: Vec::new(),
        allocate_node_cidrs: true,
    }
}

/// `NewCIDRRangeAllocator` followed by the tests' white-box `cidrSets[idx].Occupy(cidr)`, done through
/// the public API: `occupy_cidrs` on a throwaway node, which makes the same `Occupy` call.
fn allocator_with(
    config: &NodeIpamConfig,
    existing: &[Node],
    preallocated: &[(usize, &str)],
) -> RangeAllocator {
    let mut allocator = RangeAllocator::new(config, existing)
        .unwrap_or_else(|e| panic!("NewCIDRRangeAllocator: {e}"));
    for (index, c) in preallocated {
        // occupy_cidrs puts spec.podCIDRs[i] in set i, so a lone CIDR reaches set 0 only; that is the
        // only set upstream's rows pre-allocate in.
        assert_eq!(*index, 0, "upstream rows only pre-allocate in set 0");
        allocator
            .occupy_cidrs(&Node::with_pod_cidrs("white-box", [*c]))
            .unwrap_or_else(|e| panic!("occupy {c}: {e}"));
    }
    allocator
}

fn strings(cidrs: &[IpNet]) -> Vec<String> {
    cidrs.iter().map(net_string).collect()
}

#[test]
fn occupy_pre_existing_cidr() {
    // range_allocator_test.go TestOccupyPreExistingCIDR: one node "node0".
    // (desc, cluster CIDRs, masks, node0's podCIDRs, creation error text or None)
    let v4 = &["10.10.0.0/16"][..];
    let dual = &["10.10.0.0/16", "ace:cab:deca::/8"][..];
    type Row<'a> = (
        &'a str,
        &'a [&'a str],
        &'a [u8],
        &'a [&'a str],
        Option<&'a str>,
    );
    let rows: [Row; 8] = [
        ("success, single stack no node allocation", v4, &[24], &[], None),
        ("success, dual stack no node allocation", dual, &[24, 24], &[], None),
        ("success, single stack correct node allocation", v4, &[24], &["10.10.0.1/24"], None),
        (
            "success, dual stack both allocated correctly",
            dual,
            &[24, 24],
            &["10.10.0.1/24", "a00::/86"],
            None,
        ),
        (
            "fail, single stack incorrect node allocation",
            v4,
            &[24],
            &["172.10.0.1/24"],
            Some("failed to mark cidr[172.10.0.0/24] at idx [0] as occupied for node: node0: cidr 172.10.0.0/24 is out the range of cluster cidr 10.10.0.0/16"),
        ),
        (
            "fail, dualstack node allocating from non existing cidr",
            v4,
            &[24],
            &["10.10.0.1/24", "a00::/86"],
            Some("node:node0 has an allocated cidr: a00::/86 at index:1 that does not exist in cluster cidrs configuration"),
        ),
        (
            "fail, dualstack node allocating bad v4",
            dual,
            &[24, 24],
            &["172.10.0.1/24", "a00::/86"],
            Some("failed to mark cidr[172.10.0.0/24] at idx [0] as occupied for node: node0: cidr 172.10.0.0/24 is out the range of cluster cidr 10.10.0.0/16"),
        ),
        (
            "fail, dualstack node allocating bad v6",
            dual,
            &[24, 24],
            &["10.10.0.1/24", "cdd::/86"],
            Some("failed to mark cidr[cdd::/86] at idx [1] as occupied for node: node0: cidr cdd::/86 is out the range of cluster cidr a00::/8"),
        ),
    ];
    for (desc, cluster, masks, pod_cidrs, expected) in rows {
        let node = Node::with_pod_cidrs("node0", pod_cidrs.iter().copied());
        let got = RangeAllocator::new(&params(cluster, masks, None, None), &[node]);
        match expected {
            None => assert!(got.is_ok(), "{desc}: {got:?}"),
            Some(text) => assert_eq!(
                got.map(|_| ()).map_err(|e| e.to_string()),
                Err(text.to_string()),
                "{desc}"
            ),
        }
    }
}

#[test]
fn occupy_parse_error_prints_the_legacy_field() {
    // occupyCIDRs prints spec.podCIDR (= podCIDRs[0]) whichever entry failed to parse.
    let node = Node::with_pod_cidrs("node0", ["10.10.0.0/24", "not-a-cidr"]);
    let err = RangeAllocator::new(
        &params(&["10.10.0.0/16", "fd00::/48"], &[24, 64], None, None),
        &[node],
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "failed to parse node node0, CIDR 10.10.0.0/24"
    );
    assert!(matches!(err, RangeAllocatorError::OccupyCidrs(_)));
}

#[test]
fn allocate_or_occupy_cidr_success() {
    // range_allocator_test.go TestAllocateOrOccupyCIDRSuccess. Each row updates exactly one node.
    // (desc, cluster CIDRs, masks, service CIDR, pre-allocated in set 0, existing nodes, expected podCIDRs)
    // Upstream leaves the expectation empty for the three dual-stack rows; ours are worked out by hand:
    // 127.123.234.0/8 is 127.0.0.0/8, whose index 0 is not covered by the /26 service range, and
    // ace:cab:deca::/84 is its own network, so index 0 is ace:cab:deca::/98.
    let no_double_counting_nodes = [
        Node::with_pod_cidrs("node0", ["10.10.0.0/24"]),
        Node::with_pod_cidrs("node1", ["10.10.2.0/24"]),
        Node::new("node2"),
    ];
    let node0 = [Node::new("node0")];
    type Row<'a> = (
        &'a str,
        &'a [&'a str],
        &'a [u8],
        Option<&'a str>,
        &'a [(usize, &'a str)],
        &'a [Node],
        &'a [&'a str],
    );
    let rows: [Row; 7] = [
        (
            "When there's no ServiceCIDR return first CIDR in range",
            &["127.123.234.0/24"],
            &[30],
            None,
            &[],
            &node0,
            &["127.123.234.0/30"],
        ),
        (
            "Correctly filter out ServiceCIDR",
            &["127.123.234.0/24"],
            &[30],
            Some("127.123.234.0/26"),
            &[],
            &node0,
            &["127.123.234.64/30"], // it should return first /30 CIDR after service range
        ),
        (
            "Correctly ignore already allocated CIDRs",
            &["127.123.234.0/24"],
            &[30],
            Some("127.123.234.0/26"),
            &[
                (0, "127.123.234.64/30"),
                (0, "127.123.234.68/30"),
                (0, "127.123.234.72/30"),
                (0, "127.123.234.80/30"),
            ],
            &node0,
            &["127.123.234.76/30"],
        ),
        (
            "Dualstack CIDRs v4,v6",
            &["127.123.234.0/8", "ace:cab:deca::/84"],
            &[24, 98],
            Some("127.123.234.0/26"),
            &[],
            &node0,
            &["127.0.0.0/24", "ace:cab:deca::/98"],
        ),
        (
            "Dualstack CIDRs v6,v4",
            &["ace:cab:deca::/84", "127.123.234.0/8"],
            &[98, 24],
            Some("127.123.234.0/26"),
            &[],
            &node0,
            &["ace:cab:deca::/98", "127.0.0.0/24"],
        ),
        (
            "Dualstack CIDRs, more than two",
            &["127.123.234.0/8", "ace:cab:deca::/84", "10.0.0.0/8"],
            &[24, 98, 24],
            Some("127.123.234.0/26"),
            &[],
            &node0,
            &["127.0.0.0/24", "ace:cab:deca::/98", "10.0.0.0/24"],
        ),
        (
            "no double counting",
            &["10.10.0.0/22"],
            &[24],
            None,
            &[],
            &no_double_counting_nodes,
            &["10.10.1.0/24"],
        ),
    ];
    for (desc, cluster, masks, service, preallocated, nodes, expected) in rows {
        let config = params(cluster, masks, service, None);
        // Upstream passes the node list to the constructor, then calls AllocateOrOccupyCIDR on each.
        let mut allocator = allocator_with(&config, nodes, preallocated);
        let mut updates = Vec::new();
        for node in nodes {
            let reserved = allocator
                .allocate_or_occupy_cidr(node)
                .unwrap_or_else(|e| panic!("{desc}: {e}"));
            if node.pod_cidrs.is_empty() {
                updates.push(allocator.update_cidrs_allocation(node, &reserved));
            } else {
                assert!(
                    reserved.is_empty(),
                    "{desc}: an occupied node is not patched"
                );
            }
        }
        let expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            updates,
            vec![CidrUpdateDecision::Patch(NodeCidrPatch {
                pod_cidr: expected[0].clone(),
                pod_cidrs: expected.clone(),
            })],
            "{desc}"
        );
    }
    // "no double counting": re-occupying node0 and node1 did not count them twice.
    let mut allocator = allocator_with(
        &params(&["10.10.0.0/22"], &[24], None, None),
        &no_double_counting_nodes,
        &[],
    );
    for node in &no_double_counting_nodes {
        allocator.allocate_or_occupy_cidr(node).expect("success");
    }
    assert_eq!(allocator.cidr_sets()[0].allocated_cidrs(), 3);
}

#[test]
fn allocate_or_occupy_cidr_failure() {
    // range_allocator_test.go TestAllocateOrOccupyCIDRFailure: every /30 of 127.123.234.0/28 taken.
    let mut allocator = allocator_with(
        &params(&["127.123.234.0/28"], &[30], None, None),
        &[],
        &[
            (0, "127.123.234.0/30"),
            (0, "127.123.234.4/30"),
            (0, "127.123.234.8/30"),
            (0, "127.123.234.12/30"),
        ],
    );
    let err = allocator
        .allocate_or_occupy_cidr(&Node::new("node0"))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "failed to allocate cidr from cluster cidr at idx:0: CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range"
    );
    let AllocateError::CidrNotAvailable { index, event, .. } = err else {
        panic!("expected CIDRNotAvailable, got {err:?}");
    };
    assert_eq!(index, 0);
    assert_eq!(event.reason, "CIDRNotAvailable");
    assert_eq!(event.message, "Node node0 status is now: CIDRNotAvailable");
    assert_eq!(event.event_type, EventType::Warning);
}

#[test]
fn release_cidr_success() {
    // range_allocator_test.go TestReleaseCIDRSuccess on 127.123.234.0/28 with /30:
    // (desc, pre-allocated, first round or None for failure, CIDRs to release, second round)
    type Row<'a> = (
        &'a str,
        &'a [(usize, &'a str)],
        Option<&'a str>,
        &'a str,
        &'a str,
    );
    let rows: [Row; 2] = [
        (
            "Correctly release preallocated CIDR",
            &[
                (0, "127.123.234.0/30"),
                (0, "127.123.234.4/30"),
                (0, "127.123.234.8/30"),
                (0, "127.123.234.12/30"),
            ],
            None,
            "127.123.234.4/30",
            "127.123.234.4/30",
        ),
        (
            "Correctly recycle CIDR",
            &[
                (0, "127.123.234.4/30"),
                (0, "127.123.234.8/30"),
                (0, "127.123.234.12/30"),
            ],
            Some("127.123.234.0/30"),
            "127.123.234.0/30",
            "127.123.234.0/30",
        ),
    ];
    for (desc, preallocated, first, to_release, second) in rows {
        let mut allocator = allocator_with(
            &params(&["127.123.234.0/28"], &[30], None, None),
            &[],
            preallocated,
        );
        let node0 = Node::new("node0");
        let got = allocator.allocate_or_occupy_cidr(&node0);
        match first {
            Some(c) => assert_eq!(got.map(|r| strings(&r)), Ok(vec![c.to_string()]), "{desc}"),
            None => assert!(got.is_err(), "{desc}: unexpected success"),
        }
        allocator
            .release_cidr(&Node::with_pod_cidrs("node0", [to_release]))
            .unwrap_or_else(|e| panic!("{desc}: {e}"));
        let again = allocator.allocate_or_occupy_cidr(&node0);
        assert_eq!(
            again.map(|r| strings(&r)),
            Ok(vec![second.to_string()]),
            "{desc}"
        );
    }
}

#[test]
fn release_cidr_errors() {
    // ReleaseCIDR's three error texts; earlier podCIDRs are released before the failing one.
    let config = params(&["10.244.0.0/16"], &[24], None, None);
    let node = Node::with_pod_cidrs("n1", ["10.244.0.0/24"]);
    let mut allocator = RangeAllocator::new(&config, std::slice::from_ref(&node)).expect("valid");
    let rows = [
        (
            vec!["garbage"],
            "failed to parse CIDR garbage on Node n1: invalid CIDR address: garbage",
        ),
        (
            vec!["10.244.0.0/24", "fd00::/64"],
            "node:n1 has an allocated cidr: fd00::/64 at index:1 that does not exist in cluster cidrs configuration",
        ),
        (
            vec!["192.168.0.0/24"],
            "error when releasing CIDR 192.168.0.0/24: cidr 192.168.0.0/24 is out the range of cluster cidr 10.244.0.0/16",
        ),
    ];
    for (pod_cidrs, text) in rows {
        let err = allocator
            .release_cidr(&Node::with_pod_cidrs("n1", pod_cidrs))
            .unwrap_err();
        assert_eq!(err.to_string(), text);
    }
    assert_eq!(
        allocator.cidr_sets()[0].allocated_cidrs(),
        0,
        "index 0 was released"
    );
    assert_eq!(
        allocator.release_cidr(&Node::new("n1")),
        Ok(()),
        "no podCIDRs: no-op"
    );
}

#[test]
fn service_range_containing_the_cluster_blocks_every_allocation() {
    // node_ipam_controller_test.go invalid_serviceCIDR_contains_clusterCIDR (10.0.0.0/16, service
    // 10.0.0.0/8): the legacy IPAM fails at start; RangeAllocator starts and then has nothing to give.
    let mut allocator = RangeAllocator::new(
        &params(&["10.0.0.0/16"], &[24], Some("10.0.0.0/8"), None),
        &[],
    )
    .expect("RangeAllocator starts");
    assert_eq!(allocator.cidr_sets()[0].allocated_cidrs(), 256);
    assert!(matches!(
        allocator.allocate_or_occupy_cidr(&Node::new("node0")),
        Err(AllocateError::CidrNotAvailable { index: 0, .. })
    ));
}

#[test]
fn secondary_service_cidr_is_filtered_in_its_own_family() {
    // filterOutServiceRange runs for the primary, then the secondary service CIDR, in every overlapping
    // cluster CIDR only.
    let config = params(
        &["10.0.0.0/16", "fd00:10::/48"],
        &[24, 64],
        Some("10.0.0.0/24"),
        Some("fd00:10::/112"),
    );
    let mut allocator = RangeAllocator::new(&config, &[]).expect("valid");
    let cidrs = allocator
        .allocate_or_occupy_cidr(&Node::new("node0"))
        .expect("free");
    assert_eq!(strings(&cidrs), ["10.0.1.0/24", "fd00:10:0:1::/64"]);
}

#[test]
fn dual_stack_partial_failure_leaks_the_first_family() {
    // docs/upstream-notes.md §17: the second family is full; the first family's CIDR is not given back, and
    // every retry (the workqueue's backoff) leaks one more.
    let config = params(
        &["10.244.0.0/16", "fd00:10:244::/64"],
        &[24, 64],
        None,
        None,
    );
    let mut allocator = RangeAllocator::new(&config, &[]).expect("valid");
    let first = allocator
        .allocate_or_occupy_cidr(&Node::new("a"))
        .expect("free");
    assert_eq!(strings(&first), ["10.244.0.0/24", "fd00:10:244::/64"]);
    for retry in 1..=3u64 {
        let err = allocator
            .allocate_or_occupy_cidr(&Node::new("b"))
            .unwrap_err();
        assert!(err
            .to_string()
            .starts_with("failed to allocate cidr from cluster cidr at idx:1: "));
        assert_eq!(allocator.cidr_sets()[0].allocated_cidrs(), 1 + retry);
    }
}

#[test]
fn restarted_kcm_gives_the_lowest_free_subnet() {
    // docs/upstream-notes.md §7 and §17, at start: existing nodes are occupied without moving the cursor.
    let config = params(&["10.244.0.0/16"], &[24], None, None);
    let existing = [
        Node::with_pod_cidrs("n0", ["10.244.0.0/24"]),
        Node::with_pod_cidrs("n2", ["10.244.2.0/24"]),
        Node::new("n-new"),
    ];
    let mut allocator = RangeAllocator::new(&config, &existing).expect("valid");
    let cidrs = allocator
        .allocate_or_occupy_cidr(&Node::new("n3"))
        .expect("free");
    assert_eq!(strings(&cidrs), ["10.244.1.0/24"]);
}

#[test]
fn update_cidrs_allocation_decisions() {
    // updateCIDRsAllocation: lost acknowledgement, node already has other CIDRs, or patch.
    let config = params(
        &["10.244.0.0/16", "fd00:10:244::/56"],
        &[24, 64],
        None,
        None,
    );
    let mut allocator = RangeAllocator::new(&config, &[]).expect("valid");
    let reserved = allocator
        .allocate_or_occupy_cidr(&Node::new("n1"))
        .expect("free");

    let patched = Node::with_pod_cidrs("n1", ["10.244.0.0/24", "fd00:10:244::/64"]);
    assert_eq!(
        allocator.update_cidrs_allocation(&patched, &reserved),
        CidrUpdateDecision::AlreadyAllocated
    );
    assert_eq!(
        allocator.update_cidrs_allocation(&Node::new("n1"), &reserved),
        CidrUpdateDecision::Patch(NodeCidrPatch {
            pod_cidr: "10.244.0.0/24".into(),
            pod_cidrs: vec!["10.244.0.0/24".into(), "fd00:10:244::/64".into()],
        })
    );
    let elsewhere = Node::with_pod_cidrs("n1", ["10.244.9.0/24", "fd00:10:244:9::/64"]);
    assert_eq!(
        allocator.update_cidrs_allocation(&elsewhere, &reserved),
        CidrUpdateDecision::ReleasedReserved
    );
    assert_eq!(allocator.cidr_sets()[0].allocated_cidrs(), 0);
    assert_eq!(allocator.cidr_sets()[1].allocated_cidrs(), 0);
    assert!(
        allocator.logs()[0].contains("Node already has a CIDR allocated. Releasing the new one")
    );
}

#[test]
fn patch_failure_releases_unless_server_timeout() {
    // updateCIDRsAllocation after cidrUpdateRetries failed PATCHes.
    let config = params(&["10.244.0.0/16"], &[24], None, None);
    for (server_timeout, still_allocated) in [(true, 1), (false, 0)] {
        let mut allocator = RangeAllocator::new(&config, &[]).expect("valid");
        let reserved = allocator
            .allocate_or_occupy_cidr(&Node::new("n1"))
            .expect("free");
        let event = allocator.patch_failed("n1", &reserved, server_timeout);
        assert_eq!(event.reason, "CIDRAssignmentFailed");
        assert_eq!(event.message, "Node n1 status is now: CIDRAssignmentFailed");
        assert_eq!(
            allocator.cidr_sets()[0].allocated_cidrs(),
            still_allocated,
            "server timeout: {server_timeout}"
        );
    }
}

#[test]
fn slash0_of_slash32_cannot_restart_with_nodes() {
    // cidr_set.go getIndexForIP's uint32(maxCIDRs) is 0 for 0.0.0.0/0 into /32: the service range is only
    // logged, but an existing node's /32 stops the controller.
    let config = params(&["0.0.0.0/0"], &[32], Some("10.96.0.0/16"), None);
    let allocator = RangeAllocator::new(&config, &[]).expect("starts without nodes");
    assert_eq!(allocator.logs().len(), 1);
    assert!(
        allocator.logs()[0].starts_with("\"Error filtering out service cidr out cluster cidr\"")
    );
    let err =
        RangeAllocator::new(&config, &[Node::with_pod_cidrs("n", ["0.0.0.5/32"])]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "failed to mark cidr[0.0.0.5/32] at idx [0] as occupied for node: n: CIDR: 0.0.0.5/32 is out of the range of CIDR allocator"
    );
}

#[test]
fn missing_mask_is_an_error_not_a_panic() {
    let config = params(&["10.0.0.0/16", "fd00::/48"], &[24], None, None);
    assert_eq!(
        RangeAllocator::new(&config, &[]).unwrap_err(),
        RangeAllocatorError::MissingNodeMaskSize { index: 1 }
    );
}
