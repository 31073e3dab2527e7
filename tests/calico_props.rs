//! Invariants of Calico IPAM under any sequence of pod ADDs and DELs on a few nodes, stated in words and
//! checked with proptest.
// Native only: proptest needs an OS entropy source.
#![cfg(not(target_arch = "wasm32"))]

use podip::ipam::calico::plugin::{cmd_add, cmd_del, Families, Workload};
use podip::ipam::calico::{IpPool, Ipam, IpamConfig, IpamEvent};
use podip::ipam::goip::ip_to_u128;
use proptest::prelude::*;
use std::collections::{BTreeMap, VecDeque};
use std::net::IpAddr;

const NODES: [&str; 3] = ["kind-control-plane", "kind-worker", "kind-worker2"];

#[derive(Debug, Clone)]
enum Op {
    /// A pod started on a node.
    Add(usize),
    /// The n-th live pod (modulo their number) deleted.
    Del(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0..NODES.len()).prop_map(Op::Add),
        2 => any::<usize>().prop_map(Op::Del),
    ]
}

/// The pools the runs use: small enough to run out, in both families.
fn pool() -> impl Strategy<Value = IpPool> {
    prop_oneof![
        (28u8..=30)
            .prop_map(|size| IpPool::new("p", "10.0.0.0/26".parse().unwrap(), Some(size)).unwrap()),
        (124u8..=126)
            .prop_map(|size| IpPool::new("p", "fd00::/122".parse().unwrap(), Some(size)).unwrap()),
    ]
}

fn ordinal(block: &ipnet::IpNet, ip: IpAddr) -> usize {
    (ip_to_u128(ip) - ip_to_u128(block.network())) as usize
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn calico_ipam_keeps_its_promises(pool in pool(), strict in any::<bool>(), ops in prop::collection::vec(op(), 1..160)) {
        let v6 = matches!(pool.cidr, ipnet::IpNet::V6(_));
        let families = Families { ipv4: !v6, ipv6: v6 };
        let mut ipam = Ipam::new(vec![pool.clone()]);
        ipam.set_ipam_config(IpamConfig { strict_affinity: strict, ..IpamConfig::default() }).unwrap();
        // Live pods: container ID → (node, address).
        let mut live: BTreeMap<String, (usize, ipnet::IpNet)> = BTreeMap::new();
        // Each block's free ordinals in the order upstream hands them out: all in order at creation,
        // each release appended at the tail.
        let mut queues: BTreeMap<ipnet::IpNet, VecDeque<usize>> = BTreeMap::new();
        for (step, op) in ops.into_iter().enumerate() {
            match op {
                Op::Add(node) => {
                    let id = format!("c{step}");
                    let unclaimed = pool.num_blocks() as usize - ipam.blocks().len();
                    let own_free: usize = ipam.blocks().values().filter(|b| b.host() == Some(NODES[node])).map(|b| b.num_free_addresses()).sum();
                    let all_free: usize = ipam.blocks().values().map(|b| b.num_free_addresses()).sum();
                    let pod = Workload { container_id: &id, node: NODES[node], namespace: "default", pod: &id };
                    match cmd_add(&mut ipam, &pod, families) {
                        Ok(ips) => {
                            prop_assert_eq!(ips.len(), 1);
                            // No address is given twice.
                            prop_assert!(live.values().all(|(_, ip)| ip.addr() != ips[0].addr()), "{} given twice", ips[0]);
                            live.insert(id, (node, ips[0]));
                        }
                        Err(err) => {
                            // An ADD fails only when the node has nowhere left to look.
                            prop_assert_eq!(own_free, 0, "{}", err);
                            prop_assert_eq!(unclaimed, 0, "{}", err);
                            prop_assert!(strict || all_free == 0, "{}", err);
                        }
                    }
                    for event in ipam.take_events() {
                        match event {
                            IpamEvent::BlockCreated { cidr, .. } => {
                                let size = 1usize << (if v6 { 128 } else { 32 } - cidr.prefix_len());
                                prop_assert!(queues.insert(cidr, (0..size).collect()).is_none());
                            }
                            IpamEvent::Assigned { cidr, ips, borrowed, .. } => {
                                // A block gives the head of its queue: freed addresses come back last.
                                let queue = queues.get_mut(&cidr).unwrap();
                                prop_assert_eq!(queue.pop_front(), Some(ordinal(&cidr, ips[0])));
                                // Borrowing only when the node's blocks are full, no block is left
                                // unclaimed, and affinity is not strict.
                                if borrowed {
                                    prop_assert!(!strict && own_free == 0 && unclaimed == 0);
                                }
                            }
                            _ => {}
                        }
                    }
                }
                Op::Del(n) if !live.is_empty() => {
                    let id = live.keys().nth(n % live.len()).unwrap().clone();
                    let (_, ip) = live.remove(&id).unwrap();
                    cmd_del(&mut ipam, &id).unwrap();
                    let block = ipam.blocks().keys().find(|b| b.contains(&ip.addr())).copied();
                    match block {
                        Some(block) => queues.get_mut(&block).unwrap().push_back(ordinal(&block, ip.addr())),
                        None => { queues.remove(&ip.trunc()); }
                    }
                    // The handle is gone with the pod.
                    let handle_id = format!("k8s-pod-network.{id}");
                    prop_assert!(ipam.handle(&handle_id).is_none());
                }
                Op::Del(_) => {}
            }
            // The model's own queues agree with the blocks'.
            for (cidr, block) in ipam.blocks() {
                prop_assert_eq!(&block.unallocated, &queues[cidr].iter().copied().collect::<Vec<_>>());
            }
            // Blocks lie in the pool, have its block size and never overlap.
            let blocks: Vec<_> = ipam.blocks().keys().copied().collect();
            for (i, a) in blocks.iter().enumerate() {
                prop_assert!(pool.cidr.contains(a) && a.prefix_len() == pool.block_size);
                prop_assert!(blocks[i + 1..].iter().all(|b| !a.contains(b) && !b.contains(a)));
            }
            // Every live pod's handle counts one address in its block; every address in use has a pod.
            for (id, (_, ip)) in &live {
                let handle = ipam.handle(&format!("k8s-pod-network.{}", id)).unwrap();
                prop_assert_eq!(handle.block.get(&ip.trunc()), Some(&1));
            }
            let in_use: usize = ipam.blocks().values().map(|b| b.in_use_ips().len()).sum();
            prop_assert_eq!(in_use, live.len());
            // Each node holds only blocks confirmed to it.
            for affinity in ipam.affinities() {
                prop_assert_eq!(affinity.state.to_string(), "confirmed");
                prop_assert_eq!(ipam.blocks()[&affinity.cidr].host(), Some(affinity.host.as_str()));
            }
        }
    }
}
