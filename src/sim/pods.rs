//! The Pod objects: kept in slots in the order they were created, with an index by name.
//!
//! The actors' queued work (the kubelet's sync and status write, the status manager's and podgc's
//! deletes) names its pod by slot and uid, so following a pod's life is an array access instead of a
//! hash lookup by name, and the ~28,000 pods a large run creates at once are synced in the order they
//! sit in memory. A slot freed by a deletion is reused; the uid tells its pods apart.

use super::name::Name;
use super::objects::{FxHashMap, PodObj};

/// Where a pod sits, as queued work carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct PodRef {
    /// The slot.
    pub(crate) slot: u32,
    /// The pod's uid: the slot may hold a newer pod by the time the work runs.
    pub(crate) uid: u64,
}

/// Pod objects by slot, and their slots by name.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pods {
    index: FxHashMap<Name, u32>,
    slots: Vec<Option<PodObj>>,
    free: Vec<u32>,
}

impl Pods {
    /// Room for `pods` pods at once.
    pub(crate) fn with_capacity(pods: usize) -> Self {
        Pods {
            index: FxHashMap::with_capacity_and_hasher(pods, Default::default()),
            slots: Vec::with_capacity(pods),
            free: Vec::new(),
        }
    }

    /// The pod of this name.
    /// Drop up to `count` of the last pods; whether any were left to drop.
    pub(crate) fn drop_some(&mut self, count: usize) -> bool {
        let keep = self.slots.len().saturating_sub(count);
        let any = keep < self.slots.len();
        self.slots.truncate(keep);
        any
    }

    pub(crate) fn get(&self, name: &str) -> Option<&PodObj> {
        let slot = *self.index.get(name)?;
        self.slots.get(slot as usize)?.as_ref()
    }

    /// Where the pod of this name sits.
    pub(crate) fn find(&self, name: &str) -> Option<PodRef> {
        let slot = *self.index.get(name)?;
        let pod = self.slots.get(slot as usize)?.as_ref()?;
        Some(PodRef { slot, uid: pod.uid })
    }

    /// The pod at `at`, if it is still there.
    pub(crate) fn at(&self, at: PodRef) -> Option<&PodObj> {
        self.slots
            .get(at.slot as usize)?
            .as_ref()
            .filter(|pod| pod.uid == at.uid)
    }

    /// The pod at `at`, if it is still there.
    pub(crate) fn at_mut(&mut self, at: PodRef) -> Option<&mut PodObj> {
        self.slots
            .get_mut(at.slot as usize)?
            .as_mut()
            .filter(|pod| pod.uid == at.uid)
    }

    /// Adds a pod whose name is free. Returns where it sits.
    pub(crate) fn insert(&mut self, pod: PodObj) -> PodRef {
        let slot = self.free.pop().unwrap_or_else(|| {
            self.slots.push(None);
            // A run holds fewer pods than a u32 counts (memory runs out long before).
            u32::try_from(self.slots.len() - 1).unwrap_or(u32::MAX)
        });
        let at = PodRef { slot, uid: pod.uid };
        if let Some(entry) = self.slots.get_mut(slot as usize) {
            self.index.insert(pod.name.clone(), slot);
            *entry = Some(pod);
        }
        at
    }

    /// Removes the pod at `at`, if it is still there.
    pub(crate) fn remove(&mut self, at: PodRef) -> Option<PodObj> {
        let entry = self.slots.get_mut(at.slot as usize)?;
        if entry.as_ref().is_none_or(|pod| pod.uid != at.uid) {
            return None;
        }
        let pod = entry.take()?;
        self.index.remove(&pod.name);
        self.free.push(at.slot);
        Some(pod)
    }

    /// Every pod with where it sits, in no particular order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (PodRef, &PodObj)> + '_ {
        self.slots
            .iter()
            .zip(0..)
            .filter_map(|(pod, slot)| pod.as_ref().map(|pod| (PodRef { slot, uid: pod.uid }, pod)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::objects::PodPhase;
    use crate::sim::ObjectRef;

    fn pod(name: &str, uid: u64) -> PodObj {
        PodObj {
            uid,
            name: Name::from(name),
            object: ObjectRef::pod(name),
            node: Name::from("n"),
            node_uid: 1,
            requested_ip: None,
            phase: PodPhase::Pending,
            status_sandbox: None,
            sandbox_id: None,
            sync_started: false,
            deletion: None,
        }
    }

    /// A deleted pod's slot is reused, and work queued for the deleted pod no longer finds anything
    /// there: the uid tells the new tenant apart.
    #[test]
    fn a_reused_slot_does_not_answer_for_its_former_pod() {
        let mut pods = Pods::default();
        let a = pods.insert(pod("a", 1));
        let b = pods.insert(pod("b", 2));
        assert_eq!(pods.find("b"), Some(b));
        assert_eq!(pods.remove(a).map(|p| p.uid), Some(1));
        assert!(pods.get("a").is_none() && pods.at(a).is_none() && pods.remove(a).is_none());
        let again = pods.insert(pod("a", 3));
        assert_eq!(again.slot, a.slot);
        assert!(pods.at(a).is_none() && pods.at_mut(a).is_none());
        assert_eq!(pods.at(again).map(|p| p.uid), Some(3));
        assert_eq!(pods.get("a").map(|p| p.uid), Some(3));
        let mut listed: Vec<_> = pods.iter().map(|(at, p)| (at, p.uid)).collect();
        listed.sort();
        assert_eq!(listed, [(again, 3), (b, 2)]);
    }
}
