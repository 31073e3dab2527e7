//! The scenarios shipped with podip (the `.podip` files under `scenarios/`) and the guided tours over them.

use super::{Event, Reason, VirtualTime};

/// kind's measured story: three nodes, pods a, b, c, b deleted, d gets the next address.
pub const KIND: &str = include_str!("../../scenarios/kind.podip");
/// The kind story with the measurement's own numbers (.189–.192, `eth0@if704`), after a replayed history.
pub const KIND_MEASURED: &str = include_str!("../../scenarios/kind-measured.podip");
/// A /22 in /24s: four nodes fit, the fifth waits for a released subnet.
pub const PLANNING: &str = include_str!("../../scenarios/planning.podip");
/// A /29 node: exhaustion, `FailedCreatePodSandBox`, recovery and wrap-around.
pub const EXHAUSTION: &str = include_str!("../../scenarios/exhaustion.podip");
/// Dual stack: one podCIDR and one address per family.
pub const DUAL_STACK: &str = include_str!("../../scenarios/dual-stack.podip");
/// IPv6 only.
pub const IPV6: &str = include_str!("../../scenarios/ipv6.podip");
/// kube-controller-manager restarts: its new cursor starts at 0, so a released subnet comes back at once.
pub const KCM_RESTART: &str = include_str!("../../scenarios/kcm-restart.podip");
/// The kubelet's --max-pods over a /26 node: pods admitted beyond host-local's 61 addresses fail in CNI ADD.
pub const MAX_PODS: &str = include_str!("../../scenarios/max-pods.podip");
/// A node reboots while host-local's files are on disk and containerd lost its sandbox records: the files leak.
pub const REBOOT_LEAK: &str = include_str!("../../scenarios/reboot-leak.podip");
/// Pods come and go on one node: a freed address comes back only after the walk wraps.
pub const WHY_ROUND_ROBIN: &str = include_str!("../../scenarios/why-round-robin.podip");
/// A service range inside the cluster CIDR.
pub const SERVICE_OVERLAP: &str = include_str!("../../scenarios/service-overlap.podip");

/// Every built-in scenario by name (the file name without `.podip`).
pub const ALL: [(&str, &str); 11] = [
    ("kind", KIND),
    ("kind-measured", KIND_MEASURED),
    ("planning", PLANNING),
    ("exhaustion", EXHAUSTION),
    ("dual-stack", DUAL_STACK),
    ("ipv6", IPV6),
    ("service-overlap", SERVICE_OVERLAP),
    ("kcm-restart", KCM_RESTART),
    ("max-pods", MAX_PODS),
    ("reboot-leak", REBOOT_LEAK),
    ("why-round-robin", WHY_ROUND_ROBIN),
];

/// A built-in scenario's text by name.
pub fn by_name(name: &str) -> Option<&'static str> {
    ALL.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// The guided tours: a built-in scenario and, for each narrated step, the event it waits for (reason
/// and object). A step is shown from the first such event on, searched after the previous step's, so the
/// narration follows the simulation when a setting changes; it never names a time. The words are in
/// [`crate::i18n::narration`], step for step.
pub const TOURS: [(&str, &[(Reason, &str)]); 8] = [
    (
        "kind",
        &[
            (Reason::CIDRAllocated, "node/kind-control-plane"),
            (Reason::PodCIDRPatched, "node/kind-worker2"),
            (Reason::CNIConfigWritten, "node/kind-worker"),
            (Reason::IPAMReserve, "pod/a"),
            (Reason::VethCreated, "pod/a"),
            (Reason::RouteAdded, "pod/a"),
            (Reason::PodIPsAssigned, "pod/c"),
            (Reason::PodDeleted, "pod/b"),
            (Reason::IPAMRelease, "pod/b"),
            (Reason::PodIPsAssigned, "pod/d"),
        ],
    ),
    (
        "planning",
        &[
            (Reason::PodCIDRPatched, "node/node-d"),
            (Reason::CIDRNotAvailable, "node/node-e"),
            (Reason::CIDRReleased, "node/node-b"),
            (Reason::PodCIDRPatched, "node/node-e"),
        ],
    ),
    (
        "exhaustion",
        &[
            (Reason::FailedCreatePodSandBox, "pod/p6"),
            (Reason::IPAMRelease, "pod/p-2"),
            (Reason::IPAMReserve, "pod/p6"),
            (Reason::IPAMReserve, "pod/p7"),
        ],
    ),
    (
        "dual-stack",
        &[
            (Reason::PodCIDRPatched, "node/kind-worker"),
            (Reason::IPAMReserve, "pod/a"),
            (Reason::PodIPsAssigned, "pod/a"),
            (Reason::IPAMRelease, "pod/a"),
        ],
    ),
    (
        "kcm-restart",
        &[
            (Reason::CIDRReleased, "node/node-b"),
            (Reason::PodCIDRPatched, "node/node-d"),
            (Reason::NodeIpamStarted, "kube-controller-manager"),
            (Reason::PodCIDRPatched, "node/node-e"),
        ],
    ),
    (
        "max-pods",
        &[
            (Reason::PodCIDRPatched, "node/kind-worker"),
            (Reason::IPAMReserve, "pod/web-61"),
            (Reason::FailedCreatePodSandBox, "pod/web-62"),
            (Reason::IPAMRelease, "pod/web-1"),
            (Reason::IPAMReserve, "pod/web-62"),
        ],
    ),
    (
        "reboot-leak",
        &[
            (Reason::PodIPsAssigned, "pod/web-5"),
            (Reason::NodeReboot, "node/disk-worker"),
            (Reason::Rebooted, "node/disk-worker"),
            (Reason::IPAMRelease, "pod/web-1"),
            (Reason::CNIConfigWritten, "node/tmpfs-worker"),
            (Reason::NodeReboot, "node/disk-worker"),
            (Reason::PodIPsAssigned, "pod/web-5"),
            (Reason::NodeReboot, "node/disk-worker"),
            (Reason::FailedCreatePodSandBox, "pod/web-5"),
            (Reason::PodIPsAssigned, "pod/api-5"),
            (Reason::FailedCreatePodSandBox, "pod/web-4"),
            (Reason::FailedCreatePodSandBox, "pod/web-4"),
        ],
    ),
    (
        "why-round-robin",
        &[
            (Reason::PodIPsAssigned, "pod/job-1"),
            (Reason::IPAMRelease, "pod/job-1"),
            (Reason::PodIPsAssigned, "pod/job-2"),
            (Reason::PodIPsAssigned, "pod/batch-11"),
            (Reason::IPAMRelease, "pod/batch-11"),
            (Reason::PodIPsAssigned, "pod/next-1"),
            (Reason::PodIPsAssigned, "pod/next-3"),
        ],
    ),
];

/// When each step of a tour first happens in `events` (each searched after the previous step's),
/// `None` for a step whose event never comes.
pub fn tour_step_times<'a>(
    steps: &[(Reason, &str)],
    mut events: impl Iterator<Item = &'a Event> + Clone,
) -> Vec<Option<VirtualTime>> {
    steps
        .iter()
        .map(|(reason, object)| {
            let mut rest = events.clone();
            let found = rest.find(|e| e.reason == *reason && e.object == *object)?;
            events = rest;
            Some(found.time_ms)
        })
        .collect()
}
