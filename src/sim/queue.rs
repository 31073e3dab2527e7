//! The ordered event queue: what happens next, and when.

use super::clock::VirtualTime;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A priority queue of `T` by virtual time with a stable order: items due at the same time come out in
/// the order they were pushed. That is what makes "commands at the same virtual time take effect in file
/// order" hold, and what makes a run replay byte for byte.
#[derive(Debug, Clone)]
pub struct EventQueue<T> {
    /// Min-heap on (time, insertion sequence).
    heap: BinaryHeap<Reverse<Entry<T>>>,
    /// The next insertion sequence number.
    next_seq: u64,
}

#[derive(Debug, Clone)]
struct Entry<T> {
    time: VirtualTime,
    seq: u64,
    item: T,
}

impl<T> PartialEq for Entry<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.time, self.seq) == (other.time, other.seq)
    }
}
impl<T> Eq for Entry<T> {}
impl<T> PartialOrd for Entry<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Entry<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.time, self.seq).cmp(&(other.time, other.seq))
    }
}

impl<T> Default for EventQueue<T> {
    fn default() -> Self {
        Self {
            heap: BinaryHeap::new(),
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
        self.heap.push(Reverse(Entry { time, seq, item }));
    }

    /// When the next item is due.
    pub fn peek_time(&self) -> Option<VirtualTime> {
        self.heap.peek().map(|Reverse(entry)| entry.time)
    }

    /// The next item if it is due at or before `until`.
    pub fn pop_due(&mut self, until: VirtualTime) -> Option<(VirtualTime, T)> {
        if self.peek_time()? > until {
            return None;
        }
        self.heap
            .pop()
            .map(|Reverse(entry)| (entry.time, entry.item))
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
