//! The stage's view model of a Calico cluster: the pool beside kube-controller-manager's strip, each
//! node's affine blocks beside its unused podCIDR, the blackhole per block, a borrowed address marked.

use super::*;
use crate::playback::Player;
use crate::sim::builtin;
use crate::tours::TourId;

/// The calico-blocks tour's stage at its step `id`.
fn at_step(id: &str) -> Stage {
    let tour = TourId::CalicoBlocks;
    let index = tour.tour().step_index(id).expect("the step");
    let text = builtin::by_name(tour.name()).expect("the scenario");
    let mut cursor = Player::load(text.to_string(), Some(tour))
        .expect("loads")
        .into_cursor();
    cursor.go_to_step(index);
    cursor.finish();
    cursor.stage(None, None)
}

fn calico<'a>(stage: &'a Stage, node: &str) -> &'a StageCalico {
    let chain = stage.chains.iter().find(|c| c.node == node).expect("chain");
    chain.calico.as_ref().expect("a Calico node")
}

fn pod<'a>(stage: &'a Stage, node: &str, pod: &str) -> &'a StagePod {
    let node = stage.nodes.iter().flatten().find(|n| n.name == node);
    let pods = &node.expect("the node").pods;
    pods.iter().find(|p| p.name == pod).expect("the pod")
}

#[test]
fn the_pool_is_drawn_with_its_block_size_and_the_blocks_claimed() {
    let stage = at_step("control-plane-block");
    let pool = StagePool {
        name: "default-ipv4-ippool".into(),
        cidr: "10.244.0.0/25".into(),
        block_size: 26,
        blocks: 2,
        claimed: 1,
    };
    assert_eq!(stage.pools, [pool]);
    // kube-controller-manager still splits the cluster CIDR.
    assert_eq!(stage.kcm.len(), 1);
    assert_eq!(at_step("worker2-no-block").pools[0].claimed, 2);
}

#[test]
fn a_node_shows_its_blocks_beside_its_podcidr_and_a_blackhole_for_each() {
    let stage = at_step("abc-running");
    let worker = stage
        .nodes
        .iter()
        .flatten()
        .find(|n| n.name == "kind-worker");
    assert_eq!(worker.expect("drawn").pod_cidrs, ["10.244.0.32/27"]);
    let calico = calico(&stage, "kind-worker");
    let block = StageBlock {
        cidr: "10.244.0.64/26".into(),
        used: 4, // tunl0's .64, a, b, c
        size: 64,
        affinity: "confirmed".into(),
    };
    assert_eq!(calico.blocks, [block]);
    assert_eq!(calico.blackholes, ["blackhole 10.244.0.64/26 proto bird"]);
    assert_eq!(calico.blackhole_prefixes(), ["10.244.0.64/26"]);
    // kind-worker2 has no block: the pool had none left.
    assert!(calico_of_worker2_is_empty(&stage));
    // The pod's cali veth and its /32 scope link route.
    let a = pod(&stage, "kind-worker", "a");
    assert!(a.veth.as_ref().is_some_and(|v| v.name.starts_with("cali")));
    assert_eq!(a.route_prefixes(), ["10.244.0.65/32"]);
    assert!(a.routes[0].ends_with("scope link"), "{:?}", a.routes);
    assert_eq!(a.borrowed, None);
    // BIRD's routes to the other nodes' blocks through tunl0, the blackhole first among the chips.
    let chain = stage.chains.iter().find(|c| c.node == "kind-worker");
    let routes: Vec<&String> = chain.expect("chain").route_lines().collect();
    assert_eq!(routes[0], "blackhole 10.244.0.64/26 proto bird");
    assert!(
        routes[1..].iter().all(|r| r.contains(" dev tunl0 ")),
        "{routes:?}"
    );
}

fn calico_of_worker2_is_empty(stage: &Stage) -> bool {
    calico(stage, "kind-worker2").blocks.is_empty()
}

#[test]
fn a_borrowed_address_names_the_block_and_the_node_it_is_borrowed_from() {
    let stage = at_step("e-borrows");
    let e = pod(&stage, "kind-worker2", "e");
    assert_eq!(e.ips, ["10.244.0.2"]);
    let from = Borrowed {
        block: "10.244.0.0/26".into(),
        from: Some("kind-control-plane".into()),
    };
    assert_eq!(e.borrowed, Some(from));
    // Pods in their own node's block are not marked.
    assert!(stage
        .nodes
        .iter()
        .flatten()
        .flat_map(|n| &n.pods)
        .filter(|p| p.name != "e")
        .all(|p| p.borrowed.is_none()));
}

#[test]
fn a_cluster_without_calico_has_no_pool_and_no_blocks() {
    let mut cursor = Player::load(builtin::KIND.to_string(), Some(TourId::Kind))
        .expect("loads")
        .into_cursor();
    cursor.seek(cursor.run().horizon());
    cursor.finish();
    let stage = cursor.stage(None, None);
    assert!(stage.pools.is_empty());
    assert!(stage.chains.iter().all(|c| c.calico.is_none()));
}

#[test]
fn each_node_shows_tunl0s_address_and_a_node_without_a_block_borrowed_it() {
    let stage = at_step("worker2-no-block");
    let tunnel = |node: &str| calico(&stage, node).tunnel.clone();
    let own = |address: &str| StageTunnel {
        address: address.into(),
        borrowed: None,
    };
    assert_eq!(tunnel("kind-control-plane"), Some(own("10.244.0.0")));
    assert_eq!(tunnel("kind-worker"), Some(own("10.244.0.64")));
    // kind-control-plane's block holds it, so it counts there: its own .0 and this .1 before any pod.
    let borrowed = Borrowed {
        block: "10.244.0.0/26".into(),
        from: Some("kind-control-plane".into()),
    };
    assert_eq!(
        tunnel("kind-worker2"),
        Some(StageTunnel {
            address: "10.244.0.1".into(),
            borrowed: Some(borrowed),
        })
    );
    assert_eq!(calico(&stage, "kind-control-plane").blocks[0].used, 2);
    assert!(calico(&stage, "kind-worker2").blocks.is_empty());
}
