//! Where the stage draws each node of a run, read once off its timeline: the nodes in the order they
//! first register, so a node joining never moves another one.

use crate::sim::objects::FxHashMap;
use crate::sim::{EventLog, Reason};

/// Pods drawn as namespaces with their cables; more are drawn as cells.
pub const POD_BOXES: usize = 8;

/// Where the stage draws each node of a run, read once off its timeline.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Places {
    /// The nodes in the order they first register: each keeps its place as others join.
    pub slots: Vec<String>,
    /// Each slot's share of the width: 3, plus one per pod created on it, up to [`POD_BOXES`].
    pub weights: Vec<u32>,
}

impl Places {
    /// The places of the run whose events are `timeline`.
    pub fn of(timeline: &EventLog) -> Places {
        let mut slots: Vec<String> = Vec::new();
        let mut index: FxHashMap<&str, usize> = FxHashMap::default();
        let mut pods: Vec<Vec<&str>> = Vec::new();
        for event in timeline.iter() {
            match event.reason {
                Reason::NodeRegistered => {
                    let name = event.object.name();
                    if !index.contains_key(name) {
                        index.insert(name, slots.len());
                        slots.push(name.to_string());
                        pods.push(Vec::new());
                    }
                }
                Reason::PodCreated => {
                    let slot = event
                        .node
                        .as_deref()
                        .and_then(|node| index.get(node).copied());
                    if let Some(on) = slot.map(|i| &mut pods[i]) {
                        if on.len() < POD_BOXES && !on.contains(&event.object.as_str()) {
                            on.push(event.object.as_str());
                        }
                    }
                }
                _ => {}
            }
        }
        Places {
            weights: pods.iter().map(|on| 3 + on.len() as u32).collect(),
            slots,
        }
    }
}

/// The slot of node `name` (0 when it has none).
pub(super) fn slot_of(slots: &[String], name: &str) -> usize {
    slots.iter().position(|s| s == name).unwrap_or(0)
}
