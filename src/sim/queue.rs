//! The ordered event queue: what happens next, and when.

use super::clock::VirtualTime;
use std::collections::{BTreeMap, VecDeque};

/// A queue of `T` by virtual time with a stable order: items due at the same time come out in the order
/// they were pushed. That is what makes "commands at the same virtual time take effect in file order"
/// hold, and what makes a run replay byte for byte.
///
/// Items wait in one first-in-first-out bucket per due time. A simulation's actions fall on few distinct
/// times (a burst of 28,160 pods queues that many syncs for one instant), so finding a bucket is a short
/// tree search and taking the next item is a pop from the front — where a binary heap over all waiting
/// items sifted through ~15 levels of a large array per step.
#[derive(Debug, Clone)]
pub struct EventQueue<T> {
    /// Waiting items by due time, each bucket in push order; no bucket is empty.
    due: BTreeMap<VirtualTime, VecDeque<T>>,
    /// How many items wait in all buckets.
    len: usize,
}

impl<T> Default for EventQueue<T> {
    fn default() -> Self {
        Self {
            due: BTreeMap::new(),
            len: 0,
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
        self.due.entry(time).or_default().push_back(item);
        self.len += 1;
    }

    /// When the next item is due.
    pub fn peek_time(&self) -> Option<VirtualTime> {
        self.due.first_key_value().map(|(time, _)| *time)
    }

    /// The next item if it is due at or before `until`.
    pub fn pop_due(&mut self, until: VirtualTime) -> Option<(VirtualTime, T)> {
        let mut bucket = self.due.first_entry()?;
        let time = *bucket.key();
        if time > until {
            return None;
        }
        let item = bucket.get_mut().pop_front()?;
        if bucket.get().is_empty() {
            bucket.remove();
        }
        self.len -= 1;
        Some((time, item))
    }

    /// How many items are waiting.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is waiting.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
