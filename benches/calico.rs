//! Criterion benchmark of Calico's IPAM model: a cluster's worth of pod ADDs.
//!
//! Criterion does not build for wasm32, so the wasm32 build of this target is an empty `main`.

/// The allocator the `podip` CLI ships with (see `src/bin/podip/main.rs`).
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, Criterion};
    use podip::ipam::calico::plugin::{cmd_add, Families, Workload};
    use podip::ipam::calico::{IpPool, Ipam};

    /// Budget (the issue's): 256 nodes × 110 pods on the quickstart pool `192.168.0.0/16` (blocks of
    /// /26: each node claims two, 512 of the 1,024) in at most 250 ms, pods started round-robin across
    /// the nodes as a scheduler spreads them, each ADD the plugin's `AutoAssign` with its block search.
    fn nodes_256_pods_110(c: &mut Criterion) {
        let pool = IpPool::new(
            "default-ipv4-ippool",
            "192.168.0.0/16".parse().expect("literal CIDR"),
            None,
        )
        .expect("valid pool");
        let nodes: Vec<String> = (0..256).map(|i| format!("node-{i:03}")).collect();
        let ids: Vec<String> = (0..256 * 110).map(|i| format!("{i:064x}")).collect();
        c.bench_function("calico-ipam: 256 nodes × 110 pods", |b| {
            b.iter(|| {
                let mut ipam = Ipam::new(vec![pool.clone()]);
                for (i, id) in ids.iter().enumerate() {
                    let pod = Workload {
                        container_id: id,
                        node: &nodes[i % 256],
                        namespace: "default",
                        pod: id,
                    };
                    cmd_add(&mut ipam, &pod, Families::default()).expect("free address");
                    ipam.take_events();
                }
                assert_eq!(ipam.blocks().len(), 512);
                ipam
            })
        });
    }

    criterion_group! {
        name = benches;
        config = Criterion::default().sample_size(10);
        targets = nodes_256_pods_110
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
