//! A deleted node's blocks on Calico: calico-kube-controllers' IPAM controller
//! (`kube-controllers/pkg/controllers/node/ipam.go`) waits for podgc to delete the node's pods, releases
//! their leaked addresses and the node's `tunl0` address, then the node's affinities, so the node when
//! it comes back (its name seeds the same first block) or any other node can claim them; a block another
//! node borrowed from stays until that address is freed. Property: blocks never overlap, no address
//! is held twice, and each node's BIRD routes what the datastore exports, whatever nodes come and go.
#![cfg(not(target_arch = "wasm32"))]

use ipnet::IpNet;
use podip::sim::{EventKind, Reason, Scenario, Simulation, VirtualTime};
use proptest::prelude::*;
use std::collections::BTreeSet;

const KIND_CALICO: &str = include_str!("data/kind-calico.podip");

const HEAD: &str = "set cni=calico\n\
    cluster --cluster-cidr=10.244.0.0/24 --node-cidr-mask-size=26 --service-cluster-ip-range=10.96.0.0/16\n\
    node add kind-control-plane\n\
    wait 1s\n\
    node add kind-worker\n\
    node add kind-worker2\n\
    wait 1s\n";

fn run(text: &str) -> Simulation {
    let scenario = Scenario::parse(text).expect("parses");
    let mut sim = Simulation::at(&scenario, VirtualTime(0));
    sim.run_to_end();
    sim
}

fn blocks_of(sim: &Simulation, node: &str) -> Vec<String> {
    sim.state()
        .calico
        .expect("the datastore")
        .blocks
        .into_iter()
        .filter(|b| b.affinity.as_deref() == Some(node))
        .map(|b| b.cidr)
        .collect()
}

fn messages(sim: &Simulation, reason: Reason) -> Vec<(u64, String)> {
    sim.events()
        .iter()
        .filter(|e| e.reason == reason && e.object == "calico-kube-controllers")
        .map(|e| (e.time_ms.0, e.message.to_string()))
        .collect()
}

#[test]
fn a_deleted_nodes_block_is_released_after_podgc_and_claimed_again_when_it_returns() {
    let text = format!(
        "{HEAD}pod add a --node=kind-worker\npod add b --node=kind-worker\nwait 2s\n\
         node delete kind-worker\nwait 50s\nnode add kind-worker\nwait 2s\n"
    );
    let sim = run(&text);
    let affinity = messages(&sim, Reason::BlockAffinity);
    // Right after the delete its pods still exist: the controller waits.
    assert!(affinity[0]
        .1
        .ends_with("Can't cleanup node yet - IPs still in use on this node"));
    // podgc deletes them 40 s later; then two pods' addresses and tunl0's are released.
    let released = messages(&sim, Reason::IPAMRelease);
    assert_eq!(released.len(), 3);
    assert!(released[0].0 >= 44_000);
    assert!(released[2]
        .1
        .contains("handle ipip-tunnel-addr-kind-worker"));
    assert!(affinity
        .iter()
        .any(|(_, m)| m.contains("Cleaning up IPAM affinities for deleted node kind-worker")));
    assert!(affinity
        .iter()
        .any(|(_, m)| m == "IPAMBlock 10-244-0-128-26 deleted"));
    // The node comes back and its name seeds the same first block.
    assert_eq!(blocks_of(&sim, "kind-worker"), ["10.244.0.128/26"]);
    let tunnel = sim
        .events()
        .iter()
        .rfind(|e| e.reason == Reason::TunnelAddressAssigned)
        .expect("the new tunl0 address");
    assert!(tunnel.message.to_string().contains("10.244.0.128 "));
}

#[test]
fn a_block_another_node_borrowed_from_stays_until_that_address_is_freed() {
    // f on kind-worker2 borrowed from kind-control-plane's block; then kind-control-plane goes.
    let text =
        format!("{KIND_CALICO}node delete kind-control-plane\nwait 45s\npod delete f\nwait 5s\n");
    let sim = run(&text);
    let warnings: Vec<_> = sim
        .events()
        .iter()
        .filter(|e| e.object == "calico-kube-controllers" && e.kind == EventKind::Warning)
        .collect();
    assert_eq!(warnings.len(), 1, "told once, retried quietly");
    assert!(warnings[0].message.to_string().contains(
        "Error cleaning up node, will retry on next sync: block '10.244.0.0/26' is not empty"
    ));
    let deleted_at = sim
        .events()
        .iter()
        .find(|e| e.message == "IPAMBlock 10-244-0-0-26 deleted")
        .expect("the block goes once f's address is freed")
        .time_ms;
    let freed_at = sim
        .events()
        .iter()
        .find(|e| e.reason == Reason::IPAMRelease && e.object == "pod/f")
        .expect("f's DEL")
        .time_ms;
    // The block's update kicks the controller's sync at once, before the retry's back-off is due.
    assert!(deleted_at > freed_at && deleted_at.0 <= freed_at.0 + 10);
    assert!(blocks_of(&sim, "kind-control-plane").is_empty());
}

#[derive(Debug, Clone)]
enum Op {
    /// A pod on the n-th worker (modulo).
    Pod(usize),
    /// The n-th pod added so far deleted (modulo).
    DelPod(usize),
    /// The n-th worker deleted.
    DelNode(usize),
    /// The n-th worker added (again).
    AddNode(usize),
    /// Time passes, in seconds.
    Wait(u64),
}

const WORKERS: [&str; 3] = ["kind-worker", "kind-worker2", "kind-worker3"];

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        5 => any::<usize>().prop_map(Op::Pod),
        2 => any::<usize>().prop_map(Op::DelPod),
        1 => (0..WORKERS.len()).prop_map(Op::DelNode),
        1 => (0..WORKERS.len()).prop_map(Op::AddNode),
        2 => (1u64..8).prop_map(Op::Wait),
    ]
}

/// A scenario of `ops` on `pool` in /26 blocks (four, or two so that nodes borrow), three workers
/// at first.
fn scenario(pool: &str, ops: &[Op]) -> String {
    let mut text = format!(
        "set cni=calico\n\
         cluster --cluster-cidr={pool} --node-cidr-mask-size=27 --service-cluster-ip-range=10.96.0.0/16\n\
         node add kind-control-plane\nwait 1s\n",
    );
    let mut up = [true; 3];
    for worker in WORKERS {
        text.push_str(&format!("node add {worker}\n"));
    }
    text.push_str("wait 1s\n");
    let mut pods = 0;
    let mut live: Vec<usize> = Vec::new();
    for op in ops {
        match *op {
            Op::Pod(n) => {
                let workers: Vec<usize> = (0..3).filter(|&w| up[w]).collect();
                if let Some(&w) = workers.get(n % workers.len().max(1)) {
                    text.push_str(&format!("pod add p{pods} --node={}\n", WORKERS[w]));
                    live.push(pods);
                    pods += 1;
                }
            }
            Op::DelPod(n) if !live.is_empty() => {
                let pod = live.remove(n % live.len());
                text.push_str(&format!("pod delete p{pod}\n"));
            }
            Op::DelPod(_) => {}
            Op::DelNode(w) if up[w] => {
                text.push_str(&format!("node delete {}\n", WORKERS[w]));
                up[w] = false;
            }
            Op::AddNode(w) if !up[w] => {
                text.push_str(&format!("node add {}\n", WORKERS[w]));
                up[w] = true;
            }
            Op::DelNode(_) | Op::AddNode(_) => {}
            Op::Wait(s) => text.push_str(&format!("wait {s}s\n")),
        }
    }
    text.push_str("wait 60s\n");
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Whatever nodes come and go: the datastore's blocks lie in the pool and never overlap; no address
    /// is a pod's twice; a block affine to a node that is gone holds an address another node borrowed.
    #[test]
    fn blocks_stay_disjoint_and_addresses_single_across_node_delete_and_readd(
        pool in prop_oneof![Just("10.244.0.0/24"), Just("10.244.0.0/25")],
        ops in prop::collection::vec(op(), 1..30),
    ) {
        let sim = run(&scenario(pool, &ops));
        let state = sim.state();
        let Some(calico) = state.calico else { return Ok(()) };
        let pool: IpNet = pool.parse().unwrap();
        let blocks: Vec<IpNet> = calico.blocks.iter().map(|b| b.cidr.parse().unwrap()).collect();
        for (i, a) in blocks.iter().enumerate() {
            prop_assert!(pool.contains(a));
            for b in &blocks[i + 1..] {
                prop_assert!(!a.contains(b) && !b.contains(a), "{a} overlaps {b}");
            }
        }
        let mut held = BTreeSet::new();
        for pod in &state.pods {
            for ip in &pod.ips {
                prop_assert!(held.insert(ip.clone()), "{ip} held twice");
            }
        }
        let nodes: BTreeSet<&str> = state.nodes.iter().map(|n| n.name.as_str()).collect();
        // Each node's BIRD, as its events built it, routes exactly what the datastore exports now: its
        // own blocks (blackhole), the other nodes' blocks, and addresses other nodes borrowed.
        for node in &state.nodes {
            let routed: BTreeSet<String> = node
                .routes
                .iter()
                .filter(|r| r.contains("proto bird"))
                .map(|r| r.split_whitespace().find(|w| *w != "blackhole").unwrap_or_default().to_string())
                .collect();
            let mut exported = BTreeSet::new();
            for block in &calico.blocks {
                if block.affinity.as_deref().is_some_and(|host| nodes.contains(host)) {
                    exported.insert(block.cidr.clone());
                }
                for (ip, holder) in &block.borrowed {
                    if holder != &node.name && nodes.contains(holder.as_str()) {
                        exported.insert(ip.clone());
                    }
                }
            }
            prop_assert_eq!(&routed, &exported, "BIRD on {}", node.name);
        }
        for block in &calico.blocks {
            if let Some(host) = block.affinity.as_deref() {
                prop_assert!(
                    nodes.contains(host) || !block.borrowed.is_empty(),
                    "{} stays affine to the deleted {host} with nothing borrowed", block.cidr
                );
            }
        }
    }
}
