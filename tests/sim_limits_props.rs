//! Invariants of podip's limits, over random scenarios: whatever the language accepts simulates with
//! work proportional to its size (events logged, the run's unit of work, grow at most with the nodes'
//! route mesh and the pods times the run's resync periods), and every line over a limit is refused
//! with its own line number.
#![cfg(not(target_arch = "wasm32"))]

use podip::sim::limits::{MAX_MANY, MAX_NODES, MAX_PODS};
use podip::sim::{Scenario, Simulation};
use proptest::prelude::*;
use std::rc::Rc;

/// A scenario within the limits (small enough to simulate quickly in a debug build): nodes on a
/// cluster of /27 subnets (so some nodes run out of addresses and retry), batches of pods, deletes,
/// waits.
fn scenario() -> impl Strategy<Value = (String, u64, u64)> {
    (
        1u64..12,
        prop::collection::vec((0usize..12, 1u64..60, 0u64..3, 0u64..40), 1..8),
    )
        .prop_map(|(nodes, batches)| {
            let mut text =
                String::from("cluster --cluster-cidr=10.0.0.0/16 --node-cidr-mask-size=27\n");
            for n in 0..nodes {
                text.push_str(&format!("node add n{n}\n"));
            }
            let mut pods = 0;
            for (b, (node, count, action, wait)) in batches.into_iter().enumerate() {
                let node = node as u64 % nodes;
                text.push_str(&format!(
                    "pod add-many b{b} --node=n{node} --count={count}\n"
                ));
                pods += count;
                match action {
                    1 => text.push_str(&format!("pod delete-many b{b} --count={count}\n")),
                    2 => text.push_str(&format!(
                        "pod delete-many b{b} --count={count} --grace-period=5\n"
                    )),
                    _ => {}
                }
                text.push_str(&format!("wait {wait}s\n"));
            }
            (text, nodes, pods)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The events a run logs are bounded by its size: the nodes' route mesh, and each pod's steps
    /// repeated at most once per resync period of the run (a pod without an address retries every
    /// 10 s).
    #[test]
    fn work_grows_with_the_scenarios_size((text, nodes, pods) in scenario()) {
        let scenario = Scenario::parse(&text).expect("within the limits");
        let periods = (scenario.end.as_millis() + 60_000) / 10_000 + 1;
        let (_, events) = Simulation::timeline(Rc::new(scenario));
        let bound = 16 * (nodes * nodes + nodes) + 8 * pods * periods;
        prop_assert!(events.len() as u64 <= bound, "{} events, bound {}", events.len(), bound);
    }

    /// A line over a limit, wherever it comes, is refused with its own line number.
    #[test]
    fn a_line_over_a_limit_is_refused_with_its_number(filler in 0usize..30, which in 0usize..3) {
        let mut lines = vec!["cluster --cluster-cidr=10.0.0.0/8 --node-cidr-mask-size=24".to_string()];
        lines.push("node add a".into());
        lines.extend((0..filler).map(|i| format!("pod add f{i} --node=a")));
        let over = match which {
            0 => {
                lines.extend((1..MAX_NODES).map(|i| format!("node add n{i}")));
                "node add one-too-many".to_string()
            }
            1 => {
                let full = (MAX_PODS - filler as u64) / MAX_MANY;
                lines.extend((0..full).map(|i| format!("pod add-many m{i} --node=a --count={MAX_MANY}")));
                format!("pod add-many last --node=a --count={}", MAX_MANY)
            }
            _ => "wait 5m1s".to_string(),
        };
        lines.push(over);
        lines.push("node add after".into());
        let want = format!("line {}: ", lines.len() - 1);
        let err = match Scenario::parse(&lines.join("\n")) {
            Ok(_) => panic!("accepted, though over a limit"),
            Err(err) => err.to_string(),
        };
        prop_assert!(err.starts_with(&want), "{err}");
    }
}
