//! The cluster over virtual time, built on [`crate::ipam`]: nodes join and get subnets, pods get sandboxes
//! and addresses, deletions run their two paths, and every step is logged with the upstream code it models.
//!
//! Organisation:
//!
//! * [`clock`] and [`queue`] — virtual time and the stable ordered queue of what happens next.
//! * [`settings`] — every timing, named and documented ([`SimSettings`]).
//! * [`scenario`] — the scenario text language ([`Scenario::parse`]); [`builtin`] holds the shipped ones.
//! * [`cluster`] — [`Simulation`]: objects, machines, dispatch, and the driving API (`step`, `advance`,
//!   `run_to`, [`Simulation::at`] for scrubbing).
//! * the actors: [`node_ipam`] (kube-controller-manager), [`kindnet`] (kindnetd), [`kubelet`] (pods and
//!   their deletion paths), [`runtime`] (containerd and libcni running ptp + host-local).
//! * [`event`] and [`upstream`] — the log and the upstream file/function of each entry.
//! * [`state`] — the serialisable snapshot ([`State`]); [`grid`] — a node's address grid for views.
//!
//! Nothing here reads a clock, spawns a thread or touches a file: the same run happens natively and in
//! the browser.

pub mod builtin;
pub mod clock;
pub mod cluster;
pub mod event;
pub mod grid;
pub mod kindnet;
pub mod kubelet;
pub mod log;
pub mod message;
pub mod name;
pub mod node_ipam;
pub mod objects;
mod pods;
pub mod queue;
pub mod runtime;
pub mod sandbox;
pub mod scenario;
pub mod settings;
pub mod state;
pub mod upstream;

pub use clock::{DurationError, VirtualDuration, VirtualTime};
pub use cluster::{PodPhase, Simulation};
pub use event::{Event, EventKind, Reason, Touched};
pub use log::EventLog;
pub use name::Name;
pub use scenario::{Command, Scenario, ScenarioError, ScenarioErrorKind, TimedCommand};
pub use settings::{SettingError, SimSettings};
pub use state::State;
pub use upstream::Upstream;
