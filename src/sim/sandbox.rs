//! What containerd and the CNI plugins did for one sandbox, as the node keeps it and the log tells it.

use super::chain::Chain;
use super::name::Name;
use super::object::ObjectRef;
use crate::ipam::ptp::{IfName, Route};
use std::fmt::{self, Write as _};
use std::net::IpAddr;
use std::rc::Rc;

/// The ifname containerd passes (`CNI_IFNAME`).
pub const IF_NAME: &str = "eth0";

/// What containerd and the CNI plugins did for one sandbox: the node's record of it and what the log's
/// entries about it are written from (see [`Message::Sandbox`](super::message::Message::Sandbox)),
/// shared by both.
#[derive(Debug, PartialEq, Eq)]
pub struct SandboxFacts {
    /// `pod/<name>`, the object of the sandbox's entries (the Pod object may be gone by CNI DEL).
    pub object: ObjectRef,
    /// containerd's sandbox ID, `CNI_CONTAINERID`.
    pub sandbox_id: Name,
    /// The chain its node ran for it.
    pub chain: Chain,
    /// The netns name under [`NETNS_RUN_DIR`](crate::ipam::ptp::netns::NETNS_RUN_DIR).
    pub netns_name: Rc<str>,
    /// `CNI_ARGS` `IP=`, if the pod requested one.
    pub requested_ip: Option<Rc<str>>,
    /// The Pod's `metadata.uid`, `CNI_ARGS` `K8S_POD_UID` (see [`PodUid`]).
    pub pod_uid: PodUid,
    /// host-local's directory on the node.
    pub store_dir: Rc<str>,
    /// The addresses host-local reserved, by range set (the IPAM result's order).
    pub reserved: Vec<IpAddr>,
    /// The pod's IPs in containerd's order (primary first) when that differs from `reserved` (an IPv6
    /// range listed first), else empty, since nearly every sandbox's IPs are `reserved` itself. Read
    /// through [`SandboxFacts::ips`].
    pub(crate) reordered_ips: Vec<IpAddr>,
    /// The host end of the veth pair.
    pub host_veth: IfName,
    /// The bridge it is a port of (`cni0`), on a flannel node.
    pub bridge: Option<IfName>,
    /// Its ifindex on the node.
    pub host_index: u32,
    /// The pod's `eth0` ifindex in its netns.
    pub eth0_index: u32,
    /// The node routes ptp added through the host veth; deleting the veth flushes them.
    pub routes: Vec<Route>,
}

/// A Pod's `metadata.uid`: a random (version 4) UUID the API server gives it. Derived from the run's
/// seed and the pod's place in the run, not drawn from the seeded stream, so the other random names do
/// not depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PodUid(pub u128);

impl PodUid {
    /// The UUID of the `n`th object of a run seeded with `seed`: SplitMix64 twice, with the version
    /// and variant bits set.
    pub fn new(seed: u64, n: u64) -> Self {
        let mut state = seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let bits = (u128::from(next()) << 64) | u128::from(next());
        let (version, variant) = (0xf_u128 << 76, 0x3_u128 << 62);
        PodUid((bits & !version & !variant) | (0x4 << 76) | (0x2 << 62))
    }
}

/// `8-4-4-4-12` lowercase hex, as Kubernetes prints a UID.
impl fmt::Display for PodUid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written digit by digit: no `u128` hex formatting code in the page's wasm for it.
        const HEX: &[u8; 16] = b"0123456789abcdef";
        for (i, nibble) in (0..32).rev().map(|n| (self.0 >> (4 * n)) & 0xf).enumerate() {
            if matches!(i, 8 | 12 | 16 | 20) {
                f.write_str("-")?;
            }
            f.write_char(char::from(HEX[nibble as usize]))?;
        }
        Ok(())
    }
}

/// containerd's `selectPodIPs` with the default `ip_pref` (ipv4): the first IPv4 address is the primary,
/// the others follow in result order. Empty when that is the result order already (see
/// [`SandboxFacts::ips`]).
pub(crate) fn select_pod_ips(ips: &[IpAddr]) -> Vec<IpAddr> {
    match ips.iter().position(IpAddr::is_ipv4) {
        Some(0) | None => Vec::new(),
        Some(primary) => {
            let mut ordered = Vec::with_capacity(ips.len());
            ordered.push(ips[primary]);
            ordered.extend(
                ips.iter()
                    .enumerate()
                    .filter(|(i, _)| *i != primary)
                    .map(|(_, ip)| *ip),
            );
            ordered
        }
    }
}

impl SandboxFacts {
    /// The pod's IPs in containerd's order (primary first): `status.podIPs`.
    pub fn ips(&self) -> &[IpAddr] {
        if self.reordered_ips.is_empty() {
            &self.reserved
        } else {
            &self.reordered_ips
        }
    }

    /// The pod's name.
    pub fn pod(&self) -> &str {
        self.object.name()
    }
}
