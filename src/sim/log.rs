//! The simulation's event log: entries kept in chunks of a fixed length, so the log grows without ever
//! moving what it holds (a large run logs ~400,000 entries, which one `Vec`'s doublings would copy again).

use super::event::Event;
use std::ops::Index;

/// Entries per chunk: many next to the per-chunk overhead, few next to a big run's log.
const CHUNK_LEN: usize = 8192;

/// Every event so far, in the order they happened.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventLog {
    /// Full chunks of [`CHUNK_LEN`] entries, then the one being filled.
    chunks: Vec<Vec<Event>>,
    /// Entries in all chunks.
    len: usize,
}

impl EventLog {
    /// Drop the newest chunk of entries; whether there was one.
    pub fn drop_chunk(&mut self) -> bool {
        let Some(chunk) = self.chunks.pop() else {
            return false;
        };
        self.len -= chunk.len();
        true
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was logged yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Entry number `index`, if logged.
    pub fn get(&self, index: usize) -> Option<&Event> {
        self.chunks.get(index / CHUNK_LEN)?.get(index % CHUNK_LEN)
    }

    /// The newest entry.
    pub fn last(&self) -> Option<&Event> {
        self.chunks.last()?.last()
    }

    /// The entries, oldest first.
    pub fn iter(&self) -> std::iter::Flatten<std::slice::Iter<'_, Vec<Event>>> {
        self.chunks.iter().flatten()
    }

    /// The entries from number `first` on (none if there are fewer).
    pub fn since(&self, first: usize) -> impl Iterator<Item = &Event> + Clone + '_ {
        let (chunk, offset) = (first / CHUNK_LEN, first % CHUNK_LEN);
        self.chunks
            .get(chunk)
            .map(|c| c.get(offset..).unwrap_or_default())
            .into_iter()
            .flatten()
            .chain(self.chunks.iter().skip(chunk + 1).flatten())
    }

    /// Appends an entry.
    pub(crate) fn push(&mut self, event: Event) {
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < CHUNK_LEN => chunk.push(event),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK_LEN);
                chunk.push(event);
                self.chunks.push(chunk);
            }
        }
        self.len += 1;
    }
}

impl Index<usize> for EventLog {
    type Output = Event;

    fn index(&self, index: usize) -> &Event {
        &self.chunks[index / CHUNK_LEN][index % CHUNK_LEN]
    }
}

impl IntoIterator for EventLog {
    type Item = Event;
    type IntoIter = std::iter::Flatten<std::vec::IntoIter<Vec<Event>>>;

    fn into_iter(self) -> Self::IntoIter {
        self.chunks.into_iter().flatten()
    }
}

impl<'a> IntoIterator for &'a EventLog {
    type Item = &'a Event;
    type IntoIter = std::iter::Flatten<std::slice::Iter<'a, Vec<Event>>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::event::{EventKind, Reason};
    use crate::sim::message::Message;
    use crate::sim::{upstream, VirtualTime};

    fn entry(n: usize) -> Event {
        Event {
            time_ms: VirtualTime(n as u64),
            object: crate::sim::ObjectRef::pod("a"),
            kind: EventKind::Step,
            reason: Reason::Killing,
            message: Message::Static("m"),
            node: None,
            upstream: &upstream::KUBELET_KILL_CONTAINER,
        }
    }

    fn times<'a>(events: impl Iterator<Item = &'a Event>) -> Vec<u64> {
        events.map(|e| e.time_ms.0).collect()
    }

    #[test]
    fn reads_across_chunk_boundaries_as_one_sequence() {
        let total = 2 * CHUNK_LEN + 3;
        let mut log = EventLog::default();
        assert!(log.is_empty() && log.last().is_none() && log.get(0).is_none());
        for n in 0..total {
            log.push(entry(n));
        }
        assert_eq!(log.len(), total);
        assert_eq!(times(log.iter()), (0..total as u64).collect::<Vec<_>>());
        assert_eq!(
            times(log.iter().rev().take(2)),
            [total as u64 - 1, total as u64 - 2]
        );
        for n in [0, CHUNK_LEN - 1, CHUNK_LEN, 2 * CHUNK_LEN, total - 1] {
            assert_eq!(log[n].time_ms.0, n as u64);
            assert_eq!(log.get(n).map(|e| e.time_ms.0), Some(n as u64));
            assert_eq!(
                times(log.since(n)),
                (n as u64..total as u64).collect::<Vec<_>>()
            );
        }
        assert!(log.get(total).is_none());
        assert_eq!(log.since(total).count(), 0);
        assert_eq!(log.since(total + CHUNK_LEN).count(), 0);
        assert_eq!(log.last().map(|e| e.time_ms.0), Some(total as u64 - 1));
        assert_eq!(log.clone().into_iter().count(), total);
    }
}
