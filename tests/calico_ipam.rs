//! Calico IPAM's own tests replayed on the model: `libcalico-go/lib/ipam/ipam_block_test.go` (a block's
//! summary, `release`, `releaseByHandle`, garbage collection) and `ipam_test.go` (the "AutoAssign:
//! requested IPs vs returned IPs" table, "IPAM IP borrowing", "should wrap IP allocations correctly"),
//! with the upstream names of each case. Upstream runs these against a datastore; the model is one.

use podip::ipam::calico::plugin::{cmd_add, cmd_del, Families, Workload};
use podip::ipam::calico::{
    AllocationAttribute, AllocationBlock, AutoAssignArgs, BlockAffinityState, IpPool, Ipam,
    IpamConfig, IpamError, IpamEvent, RandomBlockGenerator, ReleaseError, ReleaseOptions,
};
use podip::ipam::goip::ip_to_u128;
use std::collections::BTreeMap;
use std::net::IpAddr;

/// `makeTestBlock`: `100.64.0.0/24`, fresh.
fn make_test_block() -> AllocationBlock {
    AllocationBlock::new("100.64.0.0/24".parse().unwrap(), 0)
}

/// `testBlock.allocate`: a new attribute with `handle` for `ordinals`, which leave `unallocated`.
fn allocate(block: &mut AllocationBlock, ordinals: &[usize], handle: &str) {
    block.attributes.push(AllocationAttribute {
        handle_id: Some(handle.to_string()),
        active_owner_attrs: BTreeMap::new(),
    });
    let index = block.attributes.len() - 1;
    for &o in ordinals {
        block.allocations[o] = Some(index);
    }
    block.unallocated.retain(|o| !ordinals.contains(o));
}

fn allocated_ordinals(block: &AllocationBlock) -> Vec<usize> {
    (0..block.num_addresses())
        .filter(|&o| block.allocations[o].is_some())
        .collect()
}

/// `testBlock.validate`: attributes all referenced and in range, every address either allocated or
/// listed once as unallocated.
fn validate(block: &AllocationBlock) {
    let referenced: std::collections::BTreeSet<usize> =
        block.allocations.iter().flatten().copied().collect();
    assert!(referenced.iter().all(|&i| i < block.attributes.len()));
    assert_eq!(
        referenced.len(),
        block.attributes.len(),
        "every attribute used"
    );
    let mut free = block.unallocated.clone();
    free.sort_unstable();
    free.dedup();
    assert_eq!(
        free.len(),
        block.unallocated.len(),
        "unallocated has no repeats"
    );
    assert!(free.iter().all(|&o| block.allocations[o].is_none()));
    assert_eq!(
        free.len() + allocated_ordinals(block).len(),
        block.num_addresses()
    );
}

fn ip(s: &str) -> IpAddr {
    s.parse().unwrap()
}

fn release(address: &str, handle: Option<&str>, sequence_number: Option<u64>) -> ReleaseOptions {
    ReleaseOptions {
        address: ip(address),
        handle: handle.map(str::to_string),
        sequence_number,
    }
}

#[test]
fn getting_summary_information_about_a_block() {
    // "identifies an empty block as empty" / "returns no in-use IPs for an empty block"
    let mut block = make_test_block();
    assert!(block.empty());
    assert!(block.in_use_ips().is_empty());
    // "identifies a non-empty block"
    allocate(&mut block, &[32], "alloc");
    assert!(!block.empty());
    // "returns all in-use IPs for a non-empty block" / "returns free addresses with no reservations"
    let mut block = make_test_block();
    allocate(&mut block, &[10, 20], "tens");
    assert_eq!(block.in_use_ips(), [ip("100.64.0.10"), ip("100.64.0.20")]);
    assert_eq!(block.num_free_addresses(), 256 - 2);
}

#[test]
fn releasing_ips() {
    // "deallocates a single IP"
    let mut block = make_test_block();
    allocate(&mut block, &[13], "unlucky");
    let (unallocated, count) = block
        .release(&[release("100.64.0.13", Some("unlucky"), None)])
        .unwrap();
    assert!(unallocated.is_empty());
    assert_eq!(count, BTreeMap::from([("unlucky".to_string(), 1)]));
    assert!(allocated_ordinals(&block).is_empty());
    validate(&block);

    // "deallocates one IP leaving its shared attributes behind"
    let mut block = make_test_block();
    allocate(&mut block, &[13, 26, 39], "lucky");
    let (_, count) = block
        .release(&[release("100.64.0.13", None, None)])
        .unwrap();
    assert_eq!(count, BTreeMap::from([("lucky".to_string(), 1)]));
    assert_eq!(allocated_ordinals(&block), [26, 39]);
    validate(&block);

    // "deallocates all IPs with a shared attribute"
    let mut block = make_test_block();
    allocate(&mut block, &[13, 26, 39], "lucky");
    let all = ["100.64.0.13", "100.64.0.26", "100.64.0.39"].map(|a| release(a, None, None));
    let (_, count) = block.release(&all).unwrap();
    assert_eq!(count, BTreeMap::from([("lucky".to_string(), 3)]));
    assert!(allocated_ordinals(&block).is_empty());
    validate(&block);

    // "does nothing when no such IP exists"
    let mut block = make_test_block();
    let (unallocated, count) = block
        .release(&[release("100.64.0.13", Some("unlucky"), None)])
        .unwrap();
    assert_eq!(unallocated, [ip("100.64.0.13")]);
    assert!(count.is_empty());
    validate(&block);

    // "returns an error if the handles do not match"
    let mut block = make_test_block();
    allocate(&mut block, &[100], "newstuff");
    let err = block
        .release(&[release("100.64.0.100", Some("oldstuff"), None)])
        .unwrap_err();
    assert_eq!(err, ReleaseError::UpdateConflict(ip("100.64.0.100")));
    assert_eq!(err.to_string(), "update conflict: 100.64.0.100");
    validate(&block);

    // "returns an error if the sequence numbers do not match"
    let mut block = make_test_block();
    allocate(&mut block, &[13], "unlucky");
    block.sequence_number_for_allocation.insert(13, 10);
    assert!(block
        .release(&[release("100.64.0.13", Some("unlucky"), Some(999))])
        .is_err());
    validate(&block);
}

#[test]
fn releasing_ips_by_handle() {
    // "does nothing when no such handle exists"
    let mut block = make_test_block();
    assert_eq!(block.release_by_handle("nosuchhandle"), 0);
    validate(&block);

    // "removes an existing allocation": the freed ordinal goes to the tail of `unallocated`.
    let mut block = make_test_block();
    allocate(&mut block, &[15], "fifteen");
    allocate(&mut block, &[20], "twenty");
    assert_eq!(block.release_by_handle("fifteen"), 1);
    assert_eq!(allocated_ordinals(&block), [20]);
    assert_eq!(block.unallocated.last(), Some(&15));
    validate(&block);

    // "skips removal if the sequence numbers do not match"
    let mut block = make_test_block();
    for ordinals in [&[15][..], &[16], &[17, 18]] {
        allocate(&mut block, ordinals, "teens");
    }
    for (ordinal, seq) in [(15, 10), (16, 10), (17, 999), (18, 10)] {
        block.sequence_number_for_allocation.insert(ordinal, seq);
    }
    assert_eq!(block.release_by_handle_at("teens", Some(10)), 3);
    assert_eq!(allocated_ordinals(&block), [17]);
    validate(&block);

    // "removes multiple existing allocations with the same handle and different attributes" and "… and
    // attributes": all three at the tail, in ordinal order.
    for split in [true, false] {
        let mut block = make_test_block();
        if split {
            for o in [15, 25, 35] {
                allocate(&mut block, &[o], "several");
            }
        } else {
            allocate(&mut block, &[15, 25, 35], "several");
        }
        assert_eq!(block.release_by_handle("several"), 3);
        assert!(allocated_ordinals(&block).is_empty());
        assert_eq!(
            block.unallocated[block.unallocated.len() - 3..],
            [15, 25, 35]
        );
        validate(&block);
    }
}

#[test]
fn block_garbage_collection() {
    // "produces valid block from an empty block"
    let mut block = make_test_block();
    assert!(!block.garbage_collect());
    validate(&block);
    // "Clears unused attributes"
    let mut block = make_test_block();
    for spurious in ["spurious1", "spurious2"] {
        block.attributes.push(AllocationAttribute {
            handle_id: Some(spurious.to_string()),
            active_owner_attrs: BTreeMap::new(),
        });
    }
    allocate(&mut block, &[32], "thirty-two");
    assert!(block.garbage_collect());
    assert_eq!(allocated_ordinals(&block), [32]);
    assert_eq!(block.attributes.len(), 1);
    validate(&block);
}

/// A datastore with `pools` (`(cidr, blockSize)`).
fn ipam_with(pools: &[(&str, u8)]) -> Ipam {
    Ipam::new(
        pools
            .iter()
            .enumerate()
            .map(|(i, (cidr, size))| {
                IpPool::new(&format!("pool-{i}"), cidr.parse().unwrap(), Some(*size)).unwrap()
            })
            .collect(),
    )
}

fn args(host: &str, num4: usize, num6: usize, max_blocks: usize) -> AutoAssignArgs {
    AutoAssignArgs {
        num4,
        num6,
        hostname: host.to_string(),
        max_blocks_per_host: max_blocks,
        attrs: BTreeMap::from([("node".to_string(), host.to_string())]),
        ..AutoAssignArgs::default()
    }
}

/// One row of "AutoAssign: requested IPs vs returned IPs": host, a clean datastore, the pools, the
/// request, then per family (count, msgs), the block limit, strict affinity, the error.
struct AutoAssignRow {
    name: &'static str,
    host: &'static str,
    clean: bool,
    pools: &'static [(&'static str, u8)],
    num4: usize,
    num6: usize,
    v4: Option<(usize, &'static [&'static str])>,
    v6: Option<(usize, &'static [&'static str])>,
    block_limit: usize,
    strict_affinity: bool,
    error: Option<IpamError>,
}

const DEFAULT_POOLS: &[(&str, u8)] = &[("192.168.1.0/24", 26), ("fd80:24e2:f998:72d6::/120", 122)];
const SMALL_POOLS: &[(&str, u8)] = &[("10.0.0.0/25", 26), ("fd80:24e2:f998:72d6::/121", 122)];

#[test]
fn auto_assign_requested_ips_vs_returned_ips() {
    let none: &[&str] = &[];
    let rows = [
        AutoAssignRow { name: "1 v4 1 v6 - tiny block", host: "test-host", clean: true, pools: &[("192.168.1.0/24", 32), ("fd80:24e2:f998:72d6::/120", 128)], num4: 1, num6: 1, v4: Some((1, none)), v6: Some((1, none)), block_limit: 0, strict_affinity: false, error: None },
        AutoAssignRow { name: "1 v4 1 v6 - big block", host: "test-host", clean: true, pools: &[("192.168.0.0/16", 20), ("fd80:24e2:f998:72d6::/110", 116)], num4: 1, num6: 1, v4: Some((1, none)), v6: Some((1, none)), block_limit: 0, strict_affinity: false, error: None },
        AutoAssignRow { name: "1 v4 1 v6 - default block", host: "test-host", clean: true, pools: DEFAULT_POOLS, num4: 1, num6: 1, v4: Some((1, none)), v6: Some((1, none)), block_limit: 0, strict_affinity: false, error: None },
        AutoAssignRow { name: "256 v4 256 v6", host: "test-host", clean: true, pools: DEFAULT_POOLS, num4: 256, num6: 256, v4: Some((256, none)), v6: Some((256, none)), block_limit: 0, strict_affinity: false, error: None },
        AutoAssignRow { name: "256 v4 256 v6 - small blocks", host: "test-host", clean: true, pools: &[("192.168.1.0/24", 30), ("fd80:24e2:f998:72d6::/120", 126)], num4: 256, num6: 256, v4: Some((256, none)), v6: Some((256, none)), block_limit: 256, strict_affinity: false, error: None },
        AutoAssignRow { name: "256 v4 0 v6 block limit", host: "test-host", clean: true, pools: DEFAULT_POOLS, num4: 256, num6: 0, v4: Some((64, &["Need to allocate an IPAM block but could not - limit of 1 blocks reached for this node"])), v6: None, block_limit: 1, strict_affinity: false, error: Some(IpamError::BlockLimit) },
        AutoAssignRow { name: "256 v4 0 v6 block limit 2", host: "test-host", clean: true, pools: DEFAULT_POOLS, num4: 256, num6: 0, v4: Some((128, &["Need to allocate an IPAM block but could not - limit of 2 blocks reached for this node"])), v6: None, block_limit: 2, strict_affinity: false, error: Some(IpamError::BlockLimit) },
        AutoAssignRow { name: "0 v4 256 v6 block limit", host: "test-host", clean: true, pools: DEFAULT_POOLS, num4: 0, num6: 256, v4: None, v6: Some((64, &["Need to allocate an IPAM block but could not - limit of 1 blocks reached for this node"])), block_limit: 1, strict_affinity: false, error: Some(IpamError::BlockLimit) },
        AutoAssignRow { name: "257 v4 0 v6", host: "test-host", clean: true, pools: DEFAULT_POOLS, num4: 257, num6: 0, v4: Some((256, &["No IPs available in pools: [192.168.1.0/24]"])), v6: None, block_limit: 0, strict_affinity: false, error: None },
        AutoAssignRow { name: "0 v4 257 v6", host: "test-host", clean: true, pools: DEFAULT_POOLS, num4: 0, num6: 257, v4: None, v6: Some((256, &["No IPs available in pools: [fd80:24e2:f998:72d6::/120]"])), block_limit: 0, strict_affinity: false, error: None },
        AutoAssignRow { name: "1 v4 0 v6 host-a", host: "host-a", clean: true, pools: SMALL_POOLS, num4: 1, num6: 0, v4: Some((1, none)), v6: None, block_limit: 0, strict_affinity: false, error: None },
        AutoAssignRow { name: "1 v4 0 v6 host-b", host: "host-b", clean: false, pools: SMALL_POOLS, num4: 1, num6: 0, v4: Some((1, none)), v6: None, block_limit: 0, strict_affinity: false, error: None },
        // 63 from host-a's block, then one borrowed from host-b's.
        AutoAssignRow { name: "64 v4 0 v6 host-a", host: "host-a", clean: false, pools: SMALL_POOLS, num4: 64, num6: 0, v4: Some((64, none)), v6: None, block_limit: 0, strict_affinity: false, error: None },
        // Upstream requests the pool 192.168.1.0/26 of two; the model is given that one pool.
        AutoAssignRow { name: "256 v4 0 v6 strict affinity", host: "test-host", clean: true, pools: &[("192.168.1.0/26", 26)], num4: 256, num6: 0, v4: Some((64, &["No more free affine blocks and strict affinity enabled"])), v6: None, block_limit: 0, strict_affinity: true, error: None },
    ];
    let mut ipam = Ipam::default();
    for row in rows {
        if row.clean {
            ipam = ipam_with(row.pools);
        }
        ipam.config.strict_affinity = row.strict_affinity;
        let out = ipam.auto_assign(&args(row.host, row.num4, row.num6, row.block_limit));
        assert_eq!(out.error, row.error, "{}", row.name);
        for (got, want, version) in [(&out.v4, row.v4, 4), (&out.v6, row.v6, 6)] {
            match (got, want) {
                (None, None) => {}
                (Some(ia), Some((count, msgs))) => {
                    assert_eq!(ia.ips.len(), count, "{}", row.name);
                    assert_eq!(
                        (ia.ip_version, ia.msgs.as_slice()),
                        (
                            version,
                            &msgs.iter().map(|m| m.to_string()).collect::<Vec<_>>()[..]
                        ),
                        "{}",
                        row.name
                    );
                }
                _ => panic!(
                    "{}: IPv{version} assignments {got:?}, expected {want:?}",
                    row.name
                ),
            }
        }
    }
    // After "64 v4 0 v6 host-a": host-b's block lent host-a exactly one address.
    let ipam = {
        let mut ipam = ipam_with(SMALL_POOLS);
        for (host, n) in [("host-a", 1), ("host-b", 1), ("host-a", 64)] {
            assert!(ipam.auto_assign(&args(host, n, 0, 0)).error.is_none());
        }
        ipam
    };
    let borrowed: Vec<_> = ipam
        .blocks()
        .values()
        .flat_map(|b| b.non_affine_allocations())
        .collect();
    assert_eq!(borrowed.len(), 1);
}

#[test]
fn ipam_ip_borrowing_respects_strict_affinity_when_it_is_changed() {
    // One /28 pool of one /28 block: the first node claims it, the second can only borrow.
    let mut ipam = ipam_with(&[("10.0.0.0/28", 28)]);
    for host in ["host1", "host2"] {
        assert_eq!(
            ipam.auto_assign(&args(host, 1, 0, 0)).v4.unwrap().ips.len(),
            1
        );
    }
    ipam.set_ipam_config(IpamConfig {
        strict_affinity: true,
        ..IpamConfig::default()
    })
    .unwrap();
    assert_eq!(
        ipam.auto_assign(&args("host1", 1, 0, 0))
            .v4
            .unwrap()
            .ips
            .len(),
        1
    );
    let host2 = ipam.auto_assign(&args("host2", 1, 0, 0)).v4.unwrap();
    assert!(host2.ips.is_empty());
    assert_eq!(
        host2.msgs,
        ["No more free affine blocks and strict affinity enabled"]
    );
    ipam.set_ipam_config(IpamConfig::default()).unwrap();
    for host in ["host1", "host2"] {
        assert_eq!(
            ipam.auto_assign(&args(host, 1, 0, 0)).v4.unwrap().ips.len(),
            1
        );
    }
}

#[test]
fn ipam_ip_borrowing_borrows_and_releases_borrowed_ips_as_normal() {
    let mut ipam = ipam_with(&[("10.0.0.0/28", 28)]);
    for (host, handle) in [("host1", "handle-1"), ("host2", "handle-2")] {
        let mut a = args(host, 1, 0, 0);
        a.handle_id = Some(handle.to_string());
        assert_eq!(ipam.auto_assign(&a).v4.unwrap().ips.len(), 1);
    }
    ipam.release_by_handle("handle-2").unwrap();
    ipam.release_by_handle("handle-1").unwrap();
    assert!(ipam.handle("handle-1").is_none() && ipam.handle("handle-2").is_none());
    // The emptied block stays host1's: a release never gives up an affinity.
    let block = &ipam.blocks()[&"10.0.0.0/28".parse().unwrap()];
    assert!(block.empty());
    assert_eq!(block.affinity.as_deref(), Some("host:host1"));
}

#[test]
fn ipam_ip_borrowing_respects_max_blocks_per_host() {
    let mut ipam = ipam_with(&[("10.0.0.0/28", 30)]);
    let strict = |max| IpamConfig {
        strict_affinity: true,
        auto_allocate_blocks: true,
        max_blocks_per_host: max,
    };
    ipam.set_ipam_config(strict(2)).unwrap();
    for _ in 0..8 {
        assert_eq!(
            ipam.auto_assign(&args("host1", 1, 0, 0))
                .v4
                .unwrap()
                .ips
                .len(),
            1
        );
    }
    let ninth = ipam.auto_assign(&args("host1", 1, 0, 0));
    assert_eq!(
        (ninth.error, ninth.v4.unwrap().ips.len()),
        (Some(IpamError::BlockLimit), 0)
    );
    assert!(ipam.auto_assign(&args("host2", 1, 0, 0)).error.is_none());
    assert_eq!(
        ipam.auto_assign(&args("host1", 1, 0, 0)).error,
        Some(IpamError::BlockLimit)
    );
    // The global limit wins over a looser per-request one, and a stricter per-request one over it.
    assert_eq!(
        ipam.auto_assign(&args("host1", 1, 0, 3)).error,
        Some(IpamError::BlockLimit)
    );
    ipam.set_ipam_config(strict(3)).unwrap();
    assert_eq!(
        ipam.auto_assign(&args("host1", 1, 0, 2)).error,
        Some(IpamError::BlockLimit)
    );
    let out = ipam.auto_assign(&args("host1", 1, 0, 0));
    assert_eq!((out.error, out.v4.unwrap().ips.len()), (None, 1));
}

#[test]
fn set_ipam_config_refuses_what_upstream_refuses() {
    let mut ipam = Ipam::default();
    let err = ipam
        .set_ipam_config(IpamConfig {
            strict_affinity: false,
            auto_allocate_blocks: false,
            max_blocks_per_host: 0,
        })
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Cannot disable 'StrictAffinity' and 'AutoAllocateBlocks' at the same time"
    );
    let err = ipam
        .set_ipam_config(IpamConfig {
            max_blocks_per_host: 2,
            ..IpamConfig::default()
        })
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "MaxBlocksPerHost requires StrictAffinity to be enabled"
    );
}

#[test]
fn release_ips_should_wrap_ip_allocations_correctly() {
    // A /30 block: four assign-and-release rounds, then the fifth gets the first address again.
    let mut ipam = ipam_with(&[("10.0.0.0/24", 30)]);
    let mut order = Vec::new();
    for round in 0..4 {
        let mut a = args("wrap-node", 1, 0, 0);
        a.handle_id = Some(format!("h{round}"));
        let ip = ipam.auto_assign(&a).v4.unwrap().ips[0];
        assert!(!order.contains(&ip), "{ip} was already allocated");
        order.push(ip);
        ipam.release_by_handle(&format!("h{round}")).unwrap();
    }
    let again = ipam
        .auto_assign(&args("wrap-node", 1, 0, 0))
        .v4
        .unwrap()
        .ips[0];
    assert_eq!(again, order[0]);
    // …and they came in block order, from the block's network address up.
    let block = order[0].trunc();
    let offsets: Vec<u128> = order
        .iter()
        .map(|n| ip_to_u128(n.addr()) - ip_to_u128(block.network()))
        .collect();
    assert_eq!(offsets, [0, 1, 2, 3]);
}

#[test]
fn a_claim_writes_the_affinity_pending_then_confirmed() {
    let mut ipam = ipam_with(&[("192.168.0.0/16", 26)]);
    let pool = ipam.pools()[0].clone();
    let first = RandomBlockGenerator::new(&pool, "kind-worker", 0)
        .next()
        .unwrap();
    let pod = Workload {
        container_id: "c1",
        node: "kind-worker",
        namespace: "default",
        pod: "a",
    };
    let ips = cmd_add(&mut ipam, &pod, Families::default()).unwrap();
    // The node's first block is where its walk starts, and its first pod gets the block's first address.
    assert_eq!(ips, [first]);
    let states: Vec<String> = ipam
        .take_events()
        .iter()
        .map(|e| match e {
            IpamEvent::Affinity { state, .. } => state.to_string(),
            IpamEvent::BlockCreated { .. } => "block created".into(),
            IpamEvent::Assigned {
                borrowed: false, ..
            } => "assigned".into(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        states,
        [
            "pending",
            "pending",
            "block created",
            "confirmed",
            "assigned"
        ]
    );
    assert_eq!(
        ipam.affinities().next().unwrap().state,
        BlockAffinityState::Confirmed
    );
    let handle = ipam.handle("k8s-pod-network.c1").unwrap();
    assert_eq!(handle.block, BTreeMap::from([(first.trunc(), 1)]));
    cmd_del(&mut ipam, "c1").unwrap();
    // A second DEL finds no handle and succeeds, as the plugin ignores "does not exist".
    cmd_del(&mut ipam, "c1").unwrap();
    assert!(matches!(
        ipam.release_by_handle("k8s-pod-network.c1"),
        Err(IpamError::DoesNotExist(_))
    ));
}

#[test]
fn a_full_pool_fails_the_add_in_the_plugins_words() {
    let mut ipam = ipam_with(&[("10.0.0.0/28", 28)]);
    for (i, node) in ["a", "b", "a"].iter().cycle().take(16).enumerate() {
        let id = format!("c{i}");
        let pod = Workload {
            container_id: &id,
            node,
            namespace: "default",
            pod: &id,
        };
        cmd_add(&mut ipam, &pod, Families::default()).unwrap();
    }
    let pod = Workload {
        container_id: "late",
        node: "b",
        namespace: "default",
        pod: "late",
    };
    let err = cmd_add(&mut ipam, &pod, Families::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "failed to request IPv4 addresses: Assigned 0 out of 1 requested IPv4 addresses; No IPs available in pools: [10.0.0.0/28]"
    );
}

#[test]
fn an_empty_block_of_another_node_is_reclaimed_after_a_minute() {
    // Two /26 blocks: a and b each claim one; b's pod leaves; c finds no free block until a minute on.
    let mut ipam = ipam_with(&[("10.0.0.0/25", 26)]);
    for (id, node) in [("pa", "a"), ("pb", "b")] {
        cmd_add(
            &mut ipam,
            &Workload {
                container_id: id,
                node,
                namespace: "ns",
                pod: id,
            },
            Families::default(),
        )
        .unwrap();
    }
    cmd_del(&mut ipam, "pb").unwrap();
    let before = cmd_add(
        &mut ipam,
        &Workload {
            container_id: "pc",
            node: "c",
            namespace: "ns",
            pod: "pc",
        },
        Families::default(),
    )
    .unwrap();
    let borrowed_from_a_or_b = ipam
        .blocks()
        .values()
        .flat_map(|b| b.non_affine_allocations())
        .count();
    assert_eq!((before.len(), borrowed_from_a_or_b), (1, 1));
    cmd_del(&mut ipam, "pc").unwrap();
    ipam.now_unix_nano += 60_000_000_000;
    ipam.take_events();
    cmd_add(
        &mut ipam,
        &Workload {
            container_id: "pd",
            node: "c",
            namespace: "ns",
            pod: "pd",
        },
        Families::default(),
    )
    .unwrap();
    let c_blocks = ipam.affine_blocks("c", 4);
    assert_eq!(c_blocks.len(), 1);
    assert!(ipam.take_events().iter().any(|e| matches!(e, IpamEvent::Affinity { host, state: BlockAffinityState::PendingDeletion, .. } if host == "b")));
}

/// Evidence that the walk's start is reproduced bit for bit: `node/pkg/status/populators/route_test.go`
/// keeps a BIRD table from a Calico test cluster on the default pool whose node blocks are
/// `192.168.162.128/26` (its own: the blackhole, `tunl0` on `.128`, the first pod `.129`),
/// `192.168.82.0/26` and `192.168.110.128/26` — the first blocks of `kind-worker`, `kind-control-plane`
/// and `kind-worker2`.
#[test]
fn kind_node_names_start_where_calicos_own_test_cluster_did() {
    let pool = IpPool::new(
        "default-ipv4-ippool",
        "192.168.0.0/16".parse().unwrap(),
        None,
    )
    .unwrap();
    for (node, block) in [
        ("kind-worker", "192.168.162.128/26"),
        ("kind-control-plane", "192.168.82.0/26"),
        ("kind-worker2", "192.168.110.128/26"),
    ] {
        let first = RandomBlockGenerator::new(&pool, node, 0).next().unwrap();
        assert_eq!(first.to_string(), block, "{node}");
    }
}
