//! The address map: aggregated, zoomable, and exact about counts, owners, services and the cursor.

// The same tests run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ipnet::IpNet;
use podip::ipam::address_map::{address_map, zoom_out, MAX_CELLS};
use podip::ipam::cidrset::CidrSet;

fn net(s: &str) -> IpNet {
    s.parse().expect("literal CIDR")
}

#[test]
fn kind_cluster_draws_one_cell_per_node_subnet() {
    let mut set = CidrSet::new(net("10.244.0.0/16"), 24).expect("valid");
    let owners: Vec<(IpNet, String)> = ["kind-control-plane", "kind-worker", "kind-worker2"]
        .iter()
        .map(|n| (set.allocate_next().expect("free"), n.to_string()))
        .collect();
    let map = address_map(&set, set.cluster_cidr(), &owners, &[]).expect("in range");
    assert_eq!((map.cells.len(), map.cell_len), (256, 1));
    assert_eq!(map.cells[1].block.to_string(), "10.244.1.0/24");
    assert_eq!(map.cells[1].owners, vec!["kind-worker".to_string()]);
    assert_eq!(map.cells.iter().map(|c| c.used).sum::<u64>(), 3);
    let cursor: Vec<u64> = map
        .cells
        .iter()
        .filter(|c| c.next_candidate)
        .map(|c| c.first_index)
        .collect();
    assert_eq!(cursor, vec![3]);
}

#[test]
fn sixteen_million_subnets_aggregate_and_zoom() {
    let mut set = CidrSet::new(net("10.0.0.0/8"), 32).expect("valid");
    for _ in 0..70_000 {
        set.allocate_next().expect("free");
    }
    let map = address_map(&set, set.cluster_cidr(), &[], &[]).expect("in range");
    assert_eq!(map.cells.len() as u64, MAX_CELLS);
    assert_eq!(map.cell_len, 65_536);
    assert_eq!(map.cells[0].block.to_string(), "10.0.0.0/16");
    assert_eq!(
        (map.cells[0].used, map.cells[1].used, map.cells[2].used),
        (65_536, 4_464, 0)
    );
    assert!(map.cells[1].next_candidate);

    let zoomed = address_map(&set, map.cells[1].block, &[], &[]).expect("inside");
    assert_eq!((zoomed.cells.len(), zoomed.cell_len), (256, 256));
    assert_eq!(zoomed.cells[17].block.to_string(), "10.1.17.0/24");
    assert_eq!(zoomed.cells[17].used, 112); // 4,464 = 17 × 256 + 112
    assert_eq!(zoom_out(&set, zoomed.window), net("10.0.0.0/12"));
    assert_eq!(zoom_out(&set, net("10.0.0.0/12")), net("10.0.0.0/8"));
}

#[test]
fn service_overlap_is_counted_per_cell() {
    // range_allocator_test.go: cluster 127.123.234.0/24, /30 nodes, service 127.123.234.0/26.
    let mut set = CidrSet::new(net("127.123.234.0/24"), 30).expect("valid");
    let service = net("127.123.234.0/26");
    set.occupy(&service).expect("inside");
    let map = address_map(&set, set.cluster_cidr(), &[], &[service]).expect("in range");
    assert_eq!(map.cells.len(), 64);
    assert_eq!(map.cells.iter().filter(|c| c.service == 1).count(), 16);
    assert_eq!(map.cells[16].service, 0);
}

#[test]
fn ipv6_and_outside_windows() {
    let set = CidrSet::new(net("fd00:10:244::/56"), 64).expect("valid");
    let map = address_map(&set, set.cluster_cidr(), &[], &[]).expect("in range");
    assert_eq!(map.cells[255].block.to_string(), "fd00:10:244:ff::/64");
    assert!(address_map(&set, net("fd00:10:245::/56"), &[], &[]).is_none());
    assert!(address_map(&set, net("fd00:10:244::/72"), &[], &[]).is_none());
}
