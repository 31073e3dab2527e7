//! Work in slices: a simulation run towards a time while its caller has time, and how far work in
//! hand has come.

use crate::sim::{Simulation, VirtualTime};

/// How far work in hand has come: virtual time simulated of the time to simulate (bytes of text, while
/// reading it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Done.
    pub done: VirtualTime,
    /// To do.
    pub total: VirtualTime,
}

impl Progress {
    /// Done, in percent (0–100).
    pub fn percent(&self) -> u64 {
        (self.done.as_millis().saturating_mul(100) / self.total.as_millis().max(1)).min(100)
    }
}

/// Run `sim` towards `target` while there is time; whether it got there. With `through`, only as far
/// as the action that logs event number `through` (at `target`), so the rest of that moment waits.
pub(super) fn run_until(
    sim: &mut Simulation,
    target: VirtualTime,
    through: Option<usize>,
    more_time: &mut dyn FnMut() -> bool,
) -> bool {
    for step in 1u32.. {
        if through.is_some_and(|last| sim.events().len() > last) {
            return true;
        }
        if sim.step_until(target).is_none() {
            sim.run_to(target);
            return true;
        }
        // The clock is asked every few actions: in a browser asking costs more than an action.
        if step % ACTIONS_PER_LOOK == 0 && !more_time() {
            return false;
        }
    }
    false
}

/// How many actions run between two looks at the caller's clock.
const ACTIONS_PER_LOOK: u32 = 32;
