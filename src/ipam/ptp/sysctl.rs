//! The sysctls ptp and the bridge plugin write, as `sysctl NAME…` prints them (`NAME = VALUE`).
//!
//! * `pkg/ip/ipforward_linux.go` `EnableForward`: `net.ipv4.ip_forward` for an IPv4 address,
//!   `net.ipv6.conf.all.forwarding` for an IPv6 one, set to 1 on every ADD before the veth is made.
//! * `pkg/ip/link_linux.go` `SetupVethWithName`: `net.ipv6.conf.<host veth>.accept_ra = 0`, so router
//!   advertisements never add routes through a pod's veth (its error is ignored, as on a kernel
//!   without IPv6). The value goes with the link at CNI DEL.
//! * The bridge plugin besides (`plugins/main/bridge/bridge.go`): `accept_ra = 0` on the bridge
//!   (`ensureBridge`); in the pod `accept_dad = 0` and `arp_notify = 1` on its interface, and
//!   `keep_addr_on_down = 1` before an IPv6 address (`ipam.ConfigureIface`) — each link's after its
//!   `accept_ra`, in the order written ([`crate::ipam::ptp::LinkSysctl`]).

use super::netns::NetNs;

/// The sysctls written here, forwarding first, then each link's in ifindex order (`accept_ra` first).
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
    for link in ns.links() {
        if let Some(value) = link.accept_ra {
            lines.push(format!("net.ipv6.conf.{}.accept_ra = {value}", link.name));
        }
        lines.extend(
            link.sysctls
                .iter()
                .map(|(sysctl, value)| format!("{} = {value}", sysctl.name(&link.name))),
        );
    }
    lines
}
