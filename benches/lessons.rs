//! Criterion benchmark of reading and checking a lesson file.
//!
//! Criterion does not build for wasm32, so the wasm32 build of this target is an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, Criterion};
    use podip::tours::lesson;

    /// The largest built-in lesson, as an author's file is read.
    const KIND: &str = include_str!("../lessons/kind.md");

    /// Budget: reading and checking the largest built-in lesson (its run simulated, every step's event
    /// found) in at most 5 ms.
    fn read_and_check(c: &mut Criterion) {
        c.bench_function("lesson: parse kind.md", |b| {
            b.iter(|| lesson::parse("kind.md", KIND).expect("a built-in lesson reads"))
        });
        c.bench_function("lesson: check kind.md (parse, run, steps found)", |b| {
            b.iter(|| lesson::check("kind.md", KIND).expect("a built-in lesson checks"))
        });
    }

    criterion_group! {
        name = benches;
        config = Criterion::default().sample_size(20);
        targets = read_and_check
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
