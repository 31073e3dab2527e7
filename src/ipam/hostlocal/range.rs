//! One allocation range (`backend/allocator/range.go`).

use crate::ipam::goip::{ip_to_u128, u128_to_ip};
use ipnet::IpNet;
use std::net::IpAddr;

/// A canonicalised range: `[range_start, range_end]` of `subnet`, minus `gateway`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    /// The subnet (network form).
    pub subnet: IpNet,
    /// First allocatable address.
    pub range_start: IpAddr,
    /// Last allocatable address.
    pub range_end: IpAddr,
    /// The gateway, skipped by the allocator.
    pub gateway: IpAddr,
}

impl Range {
    /// A range with host-local's defaults for `subnet`: start network+1, end the last address (minus one
    /// for the IPv4 broadcast), gateway network+1. `None` when the subnet is too small to allocate from.
    pub fn with_defaults(subnet: IpNet) -> Option<Self> {
        let subnet = subnet.trunc();
        if subnet.prefix_len() + 2 > subnet.max_prefix_len() {
            return None;
        }
        let network = ip_to_u128(subnet.network());
        let last = ip_to_u128(subnet.broadcast());
        let end = if matches!(subnet, IpNet::V4(_)) {
            last - 1
        } else {
            last
        };
        Some(Self {
            subnet,
            range_start: u128_to_ip(network + 1, subnet.network()),
            range_end: u128_to_ip(end, subnet.network()),
            gateway: u128_to_ip(network + 1, subnet.network()),
        })
    }

    /// How many addresses the allocator can hand out: `[range_start, range_end]` minus the gateway.
    pub fn usable_count(&self) -> u128 {
        let span = ip_to_u128(self.range_end) - ip_to_u128(self.range_start) + 1;
        let gateway = ip_to_u128(self.gateway);
        let gateway_inside =
            (ip_to_u128(self.range_start)..=ip_to_u128(self.range_end)).contains(&gateway);
        span - u128::from(gateway_inside)
    }
}
