//! Criterion benchmarks of the allocators against the budgets of issue 3 (figures in the README).
//!
//! Criterion does not build for wasm32, so the wasm32 build of this target is an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, Criterion};
    use podip::ipam::cidrset::CidrSet;

    /// Budget: every /24 of a /8 (65,536 `allocate_next` calls) in at most 20 ms.
    fn fill_slash8_with_slash24(c: &mut Criterion) {
        let cluster = "10.0.0.0/8".parse().expect("literal CIDR");
        c.bench_function("cidrset: fill /8 with /24 (65,536 AllocateNext)", |b| {
            b.iter(|| {
                let mut set = CidrSet::new(cluster, 24).expect("valid pair");
                while set.allocate_next().is_ok() {}
                set
            })
        });
    }

    /// Budget: constructing a /8 split into /32s (2^24 subnets) in at most 10 ms and 4 MB.
    fn construct_slash8_into_slash32(c: &mut Criterion) {
        let cluster = "10.0.0.0/8".parse().expect("literal CIDR");
        c.bench_function("cidrset: NewCIDRSet /8 into /32 (2^24 subnets)", |b| {
            b.iter(|| CidrSet::new(cluster, 32).expect("valid pair"))
        });
    }

    criterion_group!(
        benches,
        fill_slash8_with_slash24,
        construct_slash8_into_slash32
    );
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
