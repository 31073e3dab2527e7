//! The cluster over virtual time, built on [`crate::ipam`]: nodes join and get subnets, pods get sandboxes
//! and addresses, deletions run their two paths, and every step is logged with the upstream code it models.
//!
//! Organisation (no file reaches itself through what it imports; `tests/no_import_circles.rs` holds
//! every file to that). What the page needs of a run is a layer above, [`crate::playback`].
//!
//! * [`simulation`] — the driver, [`Simulation`]: takes each action off the queue, moves the clock and
//!   hands the action to its actor; the driving API (`step`, `advance`, `run_to`, [`Simulation::at`] for
//!   scrubbing, [`Simulation::timeline`]). [`state`] (the serialisable snapshot, [`State`]) and [`grid`]
//!   (a node's address grid) read views off it; `transcript` is the run told as text, with the real
//!   tools' views, as `podip run` prints it and the page exports it.
//! * the actors, each a function over the cluster or a type of its own: [`kind`] (nodes join and leave
//!   kind's Docker network), [`node_ipam`] (kube-controller-manager), [`kubelet`] (a pod's creation and
//!   sync), [`pod_deletion`] (its two deletion paths, and podgc), [`runtime`] (containerd and libcni
//!   around the chain's plugins).
//! * [`chain`] — the CNI chains, a folder each ([`chain::kindnet`]: kindnetd, ptp + host-local;
//!   [`chain::flannel`]: flanneld, flannel → bridge + host-local), and the seam the node's life calls a
//!   chain through (`chain::actors`: registration, the agent's start, CNI ADD, CNI DEL).
//! * [`cluster`] — what the actors act on: the objects, the clock, the settings, the log and the queue of
//!   actions. [`objects`] — the Node and Pod objects and the machines behind the nodes (the Pods kept in
//!   slots by `pods`); [`sandbox`] — what containerd and the CNI plugins did for one sandbox.
//! * [`event`] (the log's entries), [`message`] (their texts), [`log`] (the log), [`name`] (the shared
//!   names they carry) and [`upstream`] (the upstream file and function of each entry).
//! * [`clock`] and [`queue`] — virtual time and the stable ordered queue of what happens next.
//! * [`settings`] — every timing and knob in one table ([`KNOBS`]): named, documented, read and written
//!   there ([`SimSettings`], a `set` line's value [`Setting`]); [`cluster_settings`] — the settings a
//!   learner changes in the card, a link or the CLI ([`ClusterSettings`]), and a scenario's preamble.
//! * [`command`] — one line of the scenario language as a value; [`scenario`] — a text read in order
//!   ([`Scenario::parse`]), [`scenario_error`] its refusals, [`limits`] how much it may ask for;
//!   [`builtin`] holds the shipped scenarios; [`preset`] the settings real distributions start from;
//!   [`import`] a cluster read from `kubectl get nodes -o json`.
//!
//! Nothing here reads a clock, spawns a thread or touches a file: the same run happens natively and in
//! the browser.

pub mod builtin;
pub mod chain;
pub mod clock;
pub mod cluster;
pub mod cluster_settings;
pub mod command;
pub mod event;
pub mod grid;
pub mod import;
pub mod jitter;
pub mod kind;
pub mod kubelet;
pub mod limits;
pub mod log;
pub mod message;
pub mod name;
pub mod neighbours;
pub mod node_ipam;
pub mod node_network;
pub mod node_reset;
pub mod object;
pub mod objects;
pub mod pod_deletion;
mod pods;
pub mod preset;
pub mod queue;
pub mod reboot;
pub mod runtime;
pub mod sandbox;
pub mod scenario;
pub mod scenario_error;
pub mod scheduler;
pub mod settings;
pub mod shell;
pub mod simulation;
pub mod state;
pub mod taints;
pub mod transcript;
pub mod upstream;

pub use chain::Chain;
pub use clock::{DurationError, VirtualDuration, VirtualTime};
pub use cluster_settings::{ClusterSettings, DeletionMode, DraftField, SettingsDraft};
pub use event::{Event, EventKind, Reason, Touched};
pub use log::EventLog;
pub use name::Name;
pub use object::{ObjectKind, ObjectRef};
pub use objects::PodPhase;
pub use scenario::{Command, Scenario, ScenarioError, ScenarioErrorKind, TimedCommand};
pub use settings::{Knob, KnobId, Setting, SettingError, SimSettings, KNOBS};
pub use simulation::Simulation;
pub use state::State;
pub use transcript::transcript;
pub use upstream::Upstream;
