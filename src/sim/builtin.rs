//! The scenarios shipped with podip (the `.podip` files under `scenarios/`).

/// kind's measured story: three nodes, pods a, b, c, b deleted, d gets the next address.
pub const KIND: &str = include_str!("../../scenarios/kind.podip");
/// A /22 in /24s: four nodes fit, the fifth waits for a released subnet.
pub const PLANNING: &str = include_str!("../../scenarios/planning.podip");
/// A /29 node: exhaustion, `FailedCreatePodSandBox`, recovery and wrap-around.
pub const EXHAUSTION: &str = include_str!("../../scenarios/exhaustion.podip");
/// Dual stack: one podCIDR and one address per family.
pub const DUAL_STACK: &str = include_str!("../../scenarios/dual-stack.podip");
/// IPv6 only.
pub const IPV6: &str = include_str!("../../scenarios/ipv6.podip");
/// A service range inside the cluster CIDR.
pub const SERVICE_OVERLAP: &str = include_str!("../../scenarios/service-overlap.podip");

/// Every built-in scenario by name (the file name without `.podip`).
pub const ALL: [(&str, &str); 6] = [
    ("kind", KIND),
    ("planning", PLANNING),
    ("exhaustion", EXHAUSTION),
    ("dual-stack", DUAL_STACK),
    ("ipv6", IPV6),
    ("service-overlap", SERVICE_OVERLAP),
];

/// A built-in scenario's text by name.
pub fn by_name(name: &str) -> Option<&'static str> {
    ALL.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}
