//! The sysctls ptp writes on the node, as `sysctl NAME…` prints them (`NAME = VALUE`).
//!
//! * `pkg/ip/ipforward_linux.go` `EnableForward`: `net.ipv4.ip_forward` for an IPv4 address,
//!   `net.ipv6.conf.all.forwarding` for an IPv6 one, set to 1 on every ADD before the veth is made.
//! * `pkg/ip/link_linux.go` `SetupVethWithName`: `net.ipv6.conf.<host veth>.accept_ra = 0`, so router
//!   advertisements never add routes through a pod's veth (its error is ignored, as on a kernel
//!   without IPv6). The value goes with the link at CNI DEL.

use super::netns::NetNs;

/// The sysctls written here, forwarding first, then each link's `accept_ra` in ifindex order.
///
/// # Examples
/// ```
/// use podip::ipam::ptp::{sysctl::sysctl_lines, NetNs};
/// // Nothing written yet: a fresh namespace shows nothing.
/// assert!(sysctl_lines(&NetNs::pod("cni-0", 2)).is_empty());
/// ```
pub fn sysctl_lines(ns: &NetNs) -> Vec<String> {
    let forwarding = ns.forwarding();
    let mut lines = Vec::new();
    if forwarding.ipv4 {
        lines.push("net.ipv4.ip_forward = 1".to_string());
    }
    if forwarding.ipv6 {
        lines.push("net.ipv6.conf.all.forwarding = 1".to_string());
    }
    lines.extend(ns.links().iter().filter_map(|link| {
        link.accept_ra
            .map(|value| format!("net.ipv6.conf.{}.accept_ra = {value}", link.name))
    }));
    lines
}
