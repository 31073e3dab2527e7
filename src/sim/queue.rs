//! The ordered event queue: what happens next, and when.

use super::clock::VirtualTime;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A priority queue of `T` by virtual time with a stable order: items due at the same time come out in
/// the order they were pushed. That is what makes "commands at the same virtual time take effect in file
/// order" hold, and what makes a run replay byte for byte.
///
/// The heap orders small `(time, sequence, slot)` keys and the items wait in slots beside it: a burst
/// of 28,160 pods queues as many actions at once, and sifting the actions themselves through the heap
/// moved several times more bytes per step.
#[derive(Debug, Clone)]
pub struct EventQueue<T> {
    /// Min-heap on (time, insertion sequence); the third field is the item's slot.
    heap: BinaryHeap<Reverse<(VirtualTime, u64, usize)>>,
    /// The waiting items; `None` where one was taken out.
    slots: Vec<Option<T>>,
    /// Slots free for reuse.
    free: Vec<usize>,
    /// The next insertion sequence number.
    next_seq: u64,
}

impl<T> Default for EventQueue<T> {
    fn default() -> Self {
        Self {
            heap: BinaryHeap::new(),
            slots: Vec::new(),
            free: Vec::new(),
            next_seq: 0,
        }
    }
}

impl<T> EventQueue<T> {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Schedule `item` at `time`, after everything already scheduled at that time.
    pub fn push(&mut self, time: VirtualTime, item: T) {
        let seq = self.next_seq;
        self.next_seq += 1;
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slots[slot] = Some(item);
                slot
            }
            None => {
                self.slots.push(Some(item));
                self.slots.len() - 1
            }
        };
        self.heap.push(Reverse((time, seq, slot)));
    }

    /// When the next item is due.
    pub fn peek_time(&self) -> Option<VirtualTime> {
        self.heap.peek().map(|Reverse((time, _, _))| *time)
    }

    /// The next item if it is due at or before `until`.
    pub fn pop_due(&mut self, until: VirtualTime) -> Option<(VirtualTime, T)> {
        if self.peek_time()? > until {
            return None;
        }
        let Reverse((time, _, slot)) = self.heap.pop()?;
        let item = self.slots[slot].take()?;
        self.free.push(slot);
        Some((time, item))
    }

    /// How many items are waiting.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether nothing is waiting.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}
