//! Criterion benchmark of the host-local allocator over the in-memory store.
//!
//! Criterion does not build for wasm32, so the wasm32 build of this target is an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, Criterion};
    use podip::ipam::hostlocal::{IpAllocator, RangeConfig, RangeSet, Store};

    /// Budget: filling a /16 (65,533 `Get` calls: .0.1 is the gateway, .255.255 the broadcast) in at most
    /// 50 ms, each `Get` doing upstream's duplicate check, cursor read, walk and reservation.
    fn fill_slash16(c: &mut Criterion) {
        let subnet = "10.244.0.0/16".parse().expect("literal CIDR");
        let set = RangeSet::canonicalize(&[RangeConfig::subnet(subnet)]).expect("valid range");
        let ids: Vec<String> = (0..65_533u32).map(|i| format!("{i:064x}")).collect();
        c.bench_function("host-local: fill /16 (65,533 Get)", |b| {
            b.iter(|| {
                let mut store = Store::new("/run/cni-ipam-state", "kindnet");
                let mut alloc = IpAllocator::new(&set, &mut store, 0);
                for id in &ids {
                    alloc.get(id, "eth0", None).expect("free address");
                }
                assert!(alloc.get("one-too-many", "eth0", None).is_err());
                store
            })
        });
    }

    criterion_group! {
        name = benches;
        config = Criterion::default().sample_size(10);
        targets = fill_slash16
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
