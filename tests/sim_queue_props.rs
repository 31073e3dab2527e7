//! The simulation's event queue against the order it promises: by due time, and items due at the same
//! time in the order they were pushed — also when pushes and pops interleave, as actors schedule new
//! actions while the queue is drained.

#![cfg(not(target_arch = "wasm32"))]

use podip::sim::queue::EventQueue;
use podip::sim::VirtualTime;
use proptest::prelude::*;

/// One step against the queue: push an item due at this time, or pop what is due by this time.
#[derive(Debug, Clone)]
enum Op {
    Push(u64),
    PopDue(u64),
}

fn op() -> impl Strategy<Value = Op> {
    // Few distinct times, so many items share one and their order is what is tested.
    prop_oneof![
        3 => (0u64..8).prop_map(Op::Push),
        2 => (0u64..8).prop_map(Op::PopDue),
    ]
}

proptest! {
    /// Every pop returns the earliest-due item, the first pushed among equals, and only if it is due by
    /// the limit; the length follows.
    #[test]
    fn pops_earliest_then_first_pushed(ops in prop::collection::vec(op(), 0..200)) {
        let mut queue = EventQueue::new();
        // The reference: waiting (time, push sequence) pairs, searched for the minimum each time.
        let mut waiting: Vec<(u64, usize)> = Vec::new();
        for (seq, op) in ops.into_iter().enumerate() {
            match op {
                Op::Push(time) => {
                    queue.push(VirtualTime(time), seq);
                    waiting.push((time, seq));
                }
                Op::PopDue(until) => {
                    let expected = waiting
                        .iter()
                        .copied()
                        .enumerate()
                        .min_by_key(|(_, item)| *item)
                        .filter(|(_, (time, _))| *time <= until);
                    let got = queue.pop_due(VirtualTime(until));
                    match expected {
                        Some((index, (time, seq))) => {
                            waiting.remove(index);
                            prop_assert_eq!(got, Some((VirtualTime(time), seq)));
                        }
                        None => prop_assert_eq!(got, None),
                    }
                }
            }
            prop_assert_eq!(queue.len(), waiting.len());
            prop_assert_eq!(
                queue.peek_time(),
                waiting.iter().map(|(time, _)| VirtualTime(*time)).min()
            );
        }
    }
}
