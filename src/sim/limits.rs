//! How much a scenario may ask for: enough for every story and for the 256-node × 110-pod budget
//! scenario, little enough that whatever is accepted simulates in reasonable time and memory. A line
//! over a limit is refused with `line N: …`, naming the limit.

use super::clock::VirtualDuration;
use std::fmt;

/// The most nodes a scenario registers over its whole run: room for a /16 in /24s filled and one node
/// more (CIDRNotAvailable); kindnetd gives every node a route to every other, so the route mesh grows
/// with the square of this.
pub const MAX_NODES: u64 = 300;
/// The most pods a scenario creates over its whole run (the budget scenario creates 42,240).
pub const MAX_PODS: u64 = 50_000;
/// The most pods one `add-many` or `delete-many` line names.
pub const MAX_MANY: u64 = 10_000;
/// The longest a scenario runs (its last `wait`): periodic resyncs and retries grow with it.
pub const MAX_DURATION: VirtualDuration = VirtualDuration::from_secs(5 * 60);

/// The most events a run logs: past them it halts (a pod without an address retries every 10–15 s, and
/// thousands of them over minutes are more than anyone reads or a page can hold).
pub const MAX_EVENTS: usize = 500_000;

/// Which limit a line went over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// [`MAX_NODES`].
    Nodes,
    /// [`MAX_PODS`].
    Pods,
    /// [`MAX_DURATION`].
    Duration,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Nodes => write!(
                f,
                "more than {MAX_NODES} nodes in one scenario (podip's limit: the route mesh grows with the square of the nodes)"
            ),
            Limit::Pods => write!(f, "more than {MAX_PODS} pods created in one scenario (podip's limit)"),
            Limit::Duration => write!(
                f,
                "the scenario runs longer than {MAX_DURATION} (podip's limit: resyncs and retries grow with time)"
            ),
        }
    }
}
