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

    /// Schedule all of `items` at `time`, in their order, after everything already scheduled then;
    /// the bucket grows once for all of them.
    pub fn push_all(&mut self, time: VirtualTime, items: impl IntoIterator<Item = T>) {
        let bucket = self.due.entry(time).or_default();
        let before = bucket.len();
        bucket.extend(items);
        self.len += bucket.len() - before;
        if bucket.is_empty() {
            self.due.remove(&time);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `push_all` queues after what waits at that instant, in order, counts what it queued, and an
    /// empty batch leaves no empty bucket behind to stop the queue.
    #[test]
    fn push_all_queues_in_order_after_earlier_items() {
        let (t1, t2) = (VirtualTime(1), VirtualTime(2));
        let mut queue = EventQueue::new();
        queue.push_all(t1, std::iter::empty());
        assert!(queue.is_empty() && queue.peek_time().is_none());
        queue.push(t2, 'z');
        queue.push(t1, 'a');
        queue.push_all(t1, ['b', 'c']);
        queue.push_all(t2, std::iter::empty());
        assert_eq!(queue.len(), 4);
        let mut out = Vec::new();
        while let Some(item) = queue.pop_due(t2) {
            out.push(item);
        }
        assert_eq!(out, [(t1, 'a'), (t1, 'b'), (t1, 'c'), (t2, 'z')]);
        assert!(queue.is_empty());
    }
}
