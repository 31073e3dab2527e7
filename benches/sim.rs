//! The simulation's budgets (issue 4): a 256-node cluster with 110 pods per node created, half deleted
//! and re-created, simulated to the end (≤ 250 ms natively); re-simulating the kind scenario to an
//! arbitrary time for scrubbing (≤ 50 ms).
//!
//! Criterion does not build for wasm32, so the wasm32 build of this target is an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
#[path = "common/churn.rs"]
mod churn;

/// The allocator the `podip` CLI ships with (see `src/bin/podip/main.rs`).
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::churn::{churn_scenario, churn_scenario_on, largest_scenario};
    use criterion::{black_box, criterion_group, Criterion};
    use podip::playback::Player;
    use podip::sim::{builtin, Scenario, Simulation, VirtualTime};
    use std::rc::Rc;
    use std::time::{Duration, Instant};

    fn budgets(c: &mut Criterion) {
        // Shared as the app shares it (`Simulation::new` takes an `Rc<Scenario>`): copying 42,000
        // commands is not part of simulating them.
        let churn = Rc::new(churn_scenario());
        let mut group = c.benchmark_group("sim");
        group.sample_size(10);
        // The budget's figure: simulated to the end. Freeing the run's ~150 MB afterwards is timed apart.
        group.bench_function("256 nodes x 110 pods, half deleted and re-created", |b| {
            b.iter_custom(|iters| {
                let mut simulating = Duration::ZERO;
                for _ in 0..iters {
                    let started = Instant::now();
                    let mut sim = Simulation::new(Rc::clone(&churn));
                    sim.run_to_end();
                    simulating += started.elapsed();
                    black_box(sim.events().len());
                }
                simulating
            })
        });
        // The same budget on Calico: calico-ipam's AutoAssign and block claims, BIRD's routes unread.
        let calico = Rc::new(churn_scenario_on("calico"));
        group.bench_function(
            "256 nodes x 110 pods on Calico, half deleted and re-created",
            |b| {
                b.iter_custom(|iters| {
                    let mut simulating = Duration::ZERO;
                    for _ in 0..iters {
                        let started = Instant::now();
                        let mut sim = Simulation::new(Rc::clone(&calico));
                        sim.run_to_end();
                        simulating += started.elapsed();
                        black_box(sim.events().len());
                    }
                    simulating
                })
            },
        );
        group.bench_function("the same, and the run dropped", |b| {
            b.iter(|| {
                let mut sim = Simulation::new(Rc::clone(&churn));
                sim.run_to_end();
                black_box(sim.events().len())
            })
        });
        // What the page does when it opens the largest scenario the limits accept: its whole run for
        // the timeline (it halts at the most events podip shows), and the run replayed to time 0.
        let largest = largest_scenario();
        group.bench_function("the largest accepted scenario, loaded", |b| {
            b.iter(|| {
                let playback = Player::load(largest.clone(), None).expect("within the limits");
                black_box(playback.cursor().run().timeline().len())
            })
        });
        group.finish();

        let kind = Scenario::parse(builtin::KIND).expect("kind parses");
        c.bench_function("scrub kind scenario to 6.3 s", |b| {
            b.iter(|| black_box(Simulation::at(&kind, VirtualTime(6_300)).state()))
        });
        // The longest built-in: 693 pods of history before the story.
        let measured = Scenario::parse(builtin::KIND_MEASURED).expect("kind-measured parses");
        c.bench_function("scrub kind-measured scenario to 31 s", |b| {
            b.iter(|| black_box(Simulation::at(&measured, VirtualTime(31_000)).state()))
        });

        // What the stage computes on every frame while 64 nodes × 110 pods play.
        let mut text = String::from("cluster --cluster-cidr=10.0.0.0/8 --node-cidr-mask-size=24\n");
        for n in 1..=64 {
            text.push_str(&format!("node add n{n}\n"));
        }
        text.push_str("wait 1s\n");
        for n in 1..=64 {
            text.push_str(&format!("pod add-many p{n} --node=n{n} --count=110\n"));
        }
        text.push_str("wait 5s\n");
        let mut big = Player::load(text, None).expect("it parses").into_cursor();
        big.seek(VirtualTime(3_000));
        big.finish();
        c.bench_function("the stage of 64 nodes x 110 pods", |b| {
            b.iter(|| black_box(big.stage(None, None)))
        });
    }

    criterion_group!(benches, budgets);
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
