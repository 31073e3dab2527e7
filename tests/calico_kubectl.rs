//! What learners type on a Calico cluster beside `calicoctl`: `kubectl get ipamblocks.crd.projectcalico.org`
//! and `kubectl get blockaffinities.crd.projectcalico.org`. The CRDs of `manifests/calico.yaml` have no
//! printer columns, so kubectl prints NAME and AGE (cli-runtime's tabwriter: columns padded by 3, at least
//! 6 wide); the names are `names.CIDRToName` (`.`, `:` and `/` as `-`) and, for an affinity, the node's
//! name before it (`ipam_affinity_v1.go`, `parseKey`), listed in name order.
#![cfg(not(target_arch = "wasm32"))]

use podip::sim::{Scenario, Simulation, VirtualTime};

const KIND_CALICO: &str = include_str!("data/kind-calico.podip");

fn at(text: &str, ms: u64) -> Simulation {
    let scenario = Scenario::parse(text).expect("parses");
    Simulation::at(&scenario, VirtualTime(ms))
}

#[test]
fn kubectl_get_ipamblocks_prints_each_blocks_name_and_age() {
    let sim = at(KIND_CALICO, 2_000);
    assert_eq!(
        sim.kubectl_get_ipamblocks(),
        [
            "NAME              AGE",
            "10-244-0-0-26     1s",
            "10-244-0-128-26   0s",
            "10-244-0-64-26    0s",
        ]
    );
}

#[test]
fn kubectl_get_blockaffinities_prints_node_and_block_in_each_name() {
    let sim = at(KIND_CALICO, 125_000);
    assert_eq!(
        sim.kubectl_get_blockaffinities(),
        [
            "NAME                               AGE",
            "kind-control-plane-10-244-0-0-26   2m4s",
            "kind-worker-10-244-0-128-26        2m3s",
            "kind-worker-10-244-0-192-26        114s",
            "kind-worker2-10-244-0-64-26        2m3s",
        ]
    );
}

#[test]
fn before_calico_node_made_its_pool_kubectl_finds_nothing() {
    let sim = at(KIND_CALICO, 0);
    assert_eq!(sim.kubectl_get_ipamblocks(), ["No resources found"]);
    assert_eq!(sim.kubectl_get_blockaffinities(), ["No resources found"]);
}
