//! podip — how Kubernetes gives a Pod its IP address, simulated faithfully.
//!
//! The crate is in layers and data flows one way (`docs/architecture.md` says what each may use, and
//! `tests/layers.rs` holds every file to it):
//!
//! * [`ipam`] — the pure allocators, each modelled on one upstream file: kube-controller-manager's
//!   cidrset and range allocator, the CNI plugins host-local, ptp, bridge and flannel, kindnet's and
//!   flanneld's configuration. No time, no browser.
//! * [`sim`] — the cluster over virtual time, built on `ipam`: a virtual clock and event queue, the actors
//!   (kube-controller-manager's node IPAM, kindnetd or flanneld, the kubelet with containerd and CNI), the scenario
//!   language, and the state snapshot every view draws from. No wall clock, threads or files.
//! * [`i18n`] — every word of the interface in English, Simplified Chinese and Japanese; [`tours`] —
//!   the guided tours (scenario, steps, words); [`share`] — the view as a link (query parameters) and
//!   back. All plain data, tested natively.
//! * [`playback`] — what a page does with a run, natively: the run, a cursor over it, the loader, links,
//!   tour steps and the view models the page draws.
//! * [`article`] — the article's sections, each naming its figure's tour step and commands.
//! * [`ui`] — the Yew front end, a folder per product over the stage they share: the app, the figure
//!   element, and the build's pages and pictures. It runs in the browser (`wasm32`) and is also built
//!   natively, to render the pages and figures at build time (`src/bin/prerender.rs`).
//!
//! The native command-line tool (`src/bin/podip/main.rs`) is another thin view over the same core. Where
//! each upstream behaviour comes from: `docs/upstream-notes.md`.

pub mod article;
pub mod i18n;
pub mod ipam;
mod order;
pub mod playback;
pub mod share;
pub mod sim;
pub mod tours;

pub mod ui;
