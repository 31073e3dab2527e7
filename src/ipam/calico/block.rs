//! One IPAM block as Calico stores it (the `IPAMBlock` resource, `ipamblocks.crd.projectcalico.org`) and
//! what IPAM does to it.
//!
//! Models `libcalico-go/lib/backend/model/block.go` (`AllocationBlock`, `AllocationAttribute`, `Host`,
//! `NonAffineAllocations`, `IPToOrdinal`, `OrdinalToIP`) and `libcalico-go/lib/ipam/ipam_block.go`
//! (`newBlock`, `autoAssign`, `releaseByHandle`, `garbageCollect`, `empty`, `findOrAddAttribute`,
//! `NumFreeAddresses`).
//!
//! Which address comes next: the first ordinal of `unallocated`. A new block lists its ordinals in order
//! (0, 1, 2, …, so the first pod of `192.168.171.64/26` gets `.64`: Calico hands out the block's network
//! address too). A released ordinal is appended to the *end* of `unallocated` (`garbageCollect`, "the only
//! place where ordinals are placed on the Unallocated list"), so, like host-local's `last_reserved_ip`, Calico
//! does not give a freed address back until every other free address of the block has been handed out —
//! but the queue is per block and remembers the order of releases, where host-local walks a cursor.

use crate::ipam::goip::{address_bits, ip_to_u128, u128_to_ip, GoIp};
use ipnet::IpNet;
use std::collections::BTreeMap;
use std::fmt;
use std::net::IpAddr;

/// `IPAMAffinityTypeHost`: the prefix of a node's affinity, `host:<node>`.
pub const AFFINITY_TYPE_HOST: &str = "host";
/// `AttributeNode`: the attribute naming the node an address was assigned on.
pub const ATTRIBUTE_NODE: &str = "node";
/// `AttributePod`.
pub const ATTRIBUTE_POD: &str = "pod";
/// `AttributeNamespace`.
pub const ATTRIBUTE_NAMESPACE: &str = "namespace";
/// `AttributeTypeIPIP`: the `type` attribute of a `tunl0` address.
pub const ATTRIBUTE_TYPE_IPIP: &str = "ipipTunnelAddress";

/// `AllocationAttribute`: who holds an address (the handle) and the attributes the CNI plugin wrote.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AllocationAttribute {
    /// `handle_id`: `k8s-pod-network.<containerID>` for a pod.
    pub handle_id: Option<String>,
    /// `secondary` (`ActiveOwnerAttrs`): `node`, `namespace`, `pod`, `timestamp`.
    pub active_owner_attrs: BTreeMap<String, String>,
}

/// Why a block refused an assignment (`allocationBlock.autoAssign`), with upstream's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockError {
    /// Strict affinity, and the block belongs to another node.
    AffinityMismatch {
        /// The block's affinity, `host:<node>`.
        affinity: String,
        /// The node asking.
        host: String,
    },
    /// Strict affinity, and the block has no affinity at all.
    NoAffinity(IpNet),
}

impl fmt::Display for BlockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Upstream prints host and type in this order, the reverse of the affinity's own form.
            Self::AffinityMismatch { affinity, host } => write!(
                f,
                "Block affinity ({affinity}) does not match provided ({host}:{AFFINITY_TYPE_HOST})"
            ),
            Self::NoAffinity(cidr) => {
                write!(f, "Attempt to assign from block {cidr} with no affinity")
            }
        }
    }
}

impl std::error::Error for BlockError {}

/// `ReleaseOptions`: an address to release, optionally only if it still has this handle and sequence
/// number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReleaseOptions {
    /// `Address`.
    pub address: IpAddr,
    /// `Handle`: empty or `None` for any.
    pub handle: Option<String>,
    /// `SequenceNumber`.
    pub sequence_number: Option<u64>,
}

/// Why `allocationBlock.release` refused, with upstream's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReleaseError {
    /// `IPToOrdinal`: the address is not in the block.
    NotInBlock {
        /// The address.
        ip: IpAddr,
        /// The block.
        cidr: IpNet,
    },
    /// `ErrorResourceUpdateConflict` (wrapping `ErrorBadSequenceNumber` or `ErrorBadHandle`, which its
    /// text does not show).
    UpdateConflict(IpAddr),
}

impl fmt::Display for ReleaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotInBlock { ip, cidr } => write!(f, "IP {} not in block {cidr}", GoIp(*ip)),
            Self::UpdateConflict(ip) => write!(f, "update conflict: {}", GoIp(*ip)),
        }
    }
}

impl std::error::Error for ReleaseError {}

/// `model.AllocationBlock`, field for field (`ReleasedAt` cooldowns and `HostAffinity` left out: see the
/// module docs of [`super`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllocationBlock {
    /// `cidr`.
    pub cidr: IpNet,
    /// `affinity`: `host:<node>` while a node holds the block, `None` once the affinity is released
    /// from a block that still has addresses in use.
    pub affinity: Option<String>,
    /// `affinity_claim_time`, in Unix nanoseconds of the model's clock.
    pub affinity_claim_time: Option<i64>,
    /// `allocations`: per ordinal, the index into `attributes` of its holder, or `None` when free.
    pub allocations: Vec<Option<usize>>,
    /// `unallocated`: the free ordinals, in the order they will be handed out.
    pub unallocated: Vec<usize>,
    /// `attributes`: one entry per distinct (handle, attributes) pair in use.
    pub attributes: Vec<AllocationAttribute>,
    /// `sequenceNumber`: started from the clock at creation, incremented on every write.
    pub sequence_number: u64,
    /// `sequenceNumberForAllocation`: per allocated ordinal, the block's sequence number when assigned.
    pub sequence_number_for_allocation: BTreeMap<usize, u64>,
}

impl AllocationBlock {
    /// `newBlock(cidr, nil)`: every ordinal free, in order; the sequence number seeded from the clock. The
    /// CIDR is a block of a validated pool (at most 4,096 addresses); a larger one is cut to its first 2^16.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::calico::AllocationBlock;
    /// let block = AllocationBlock::new("192.168.171.64/26".parse().unwrap(), 0);
    /// assert_eq!(block.unallocated.len(), 64);
    /// assert_eq!(block.ordinal_to_ip(block.unallocated[0]).to_string(), "192.168.171.64");
    /// ```
    pub fn new(cidr: IpNet, now_unix_nano: i64) -> Self {
        let num_addresses = 1usize << (address_bits(cidr.addr()) - cidr.prefix_len()).min(16);
        Self {
            cidr: cidr.trunc(),
            affinity: None,
            affinity_claim_time: None,
            allocations: vec![None; num_addresses],
            unallocated: (0..num_addresses).collect(),
            attributes: Vec::new(),
            sequence_number: now_unix_nano as u64,
            sequence_number_for_allocation: BTreeMap::new(),
        }
    }

    /// `NumAddresses`.
    pub fn num_addresses(&self) -> usize {
        self.allocations.len()
    }

    /// `NumFreeAddresses` (no IP reservations).
    pub fn num_free_addresses(&self) -> usize {
        self.unallocated.len()
    }

    /// `Host`: the node of a `host:` affinity.
    pub fn host(&self) -> Option<&str> {
        self.affinity
            .as_deref()
            .and_then(|a| a.strip_prefix(AFFINITY_TYPE_HOST))
            .and_then(|a| a.strip_prefix(':'))
    }

    /// `OrdinalToIP`.
    pub fn ordinal_to_ip(&self, ordinal: usize) -> IpAddr {
        u128_to_ip(
            ip_to_u128(self.cidr.network()) + ordinal as u128,
            self.cidr.addr(),
        )
    }

    /// `IPToOrdinal`, `None` outside the block.
    pub fn ip_to_ordinal(&self, ip: IpAddr) -> Option<usize> {
        self.cidr
            .contains(&ip)
            .then(|| (ip_to_u128(ip) - ip_to_u128(self.cidr.network())) as usize)
    }

    /// `empty`: no address in use.
    pub fn empty(&self) -> bool {
        self.allocations.iter().all(Option::is_none)
    }

    /// `inUseIPs`, in ordinal order.
    pub fn in_use_ips(&self) -> Vec<IpAddr> {
        (0..self.num_addresses())
            .filter(|&o| self.allocations[o].is_some())
            .map(|o| self.ordinal_to_ip(o))
            .collect()
    }

    /// The attribute of the address at `ip`, if assigned.
    pub fn attribute_of(&self, ip: IpAddr) -> Option<&AllocationAttribute> {
        let index = self.allocations[self.ip_to_ordinal(ip)?]?;
        self.attributes.get(index)
    }

    /// `NonAffineAllocations`: addresses assigned on a node other than the block's, i.e. borrowed, each
    /// with that node.
    pub fn non_affine_allocations(&self) -> Vec<(IpAddr, String)> {
        let my_host = self.host();
        self.allocations
            .iter()
            .enumerate()
            .filter_map(|(o, index)| {
                let attrs = self.attributes.get((*index)?)?;
                let host = attrs
                    .active_owner_attrs
                    .get(ATTRIBUTE_NODE)
                    .cloned()
                    .unwrap_or_default();
                (my_host.is_none() || my_host != Some(host.as_str()))
                    .then(|| (self.ordinal_to_ip(o), host))
            })
            .collect()
    }

    /// The addresses assigned on `host` (its `node` attribute), each with its attribute: what
    /// kube-controllers' IPAM controller indexes per node (`allocationState`) to find leaks.
    pub fn allocations_on(&self, host: &str) -> Vec<(IpAddr, &AllocationAttribute)> {
        self.allocations
            .iter()
            .enumerate()
            .filter_map(|(o, index)| {
                let attrs = self.attributes.get((*index)?)?;
                (attrs
                    .active_owner_attrs
                    .get(ATTRIBUTE_NODE)
                    .map(String::as_str)
                    == Some(host))
                .then(|| (self.ordinal_to_ip(o), attrs))
            })
            .collect()
    }

    /// `findOrAddAttribute`: an equal attribute is shared, otherwise one is appended.
    fn find_or_add_attribute(
        &mut self,
        handle_id: Option<&str>,
        attrs: &BTreeMap<String, String>,
    ) -> usize {
        // Pods' handles share their `k8s-pod-network.` prefix and differ in the container ID: compared
        // from the end, a block's other handles are ruled out at their last byte.
        let same_handle = |a: Option<&str>| match (a, handle_id) {
            (Some(a), Some(b)) => a.len() == b.len() && a.bytes().rev().eq(b.bytes().rev()),
            (a, b) => a == b,
        };
        let equal = |a: &AllocationAttribute| {
            same_handle(a.handle_id.as_deref()) && a.active_owner_attrs == *attrs
        };
        if let Some(index) = self.attributes.iter().position(equal) {
            return index;
        }
        self.attributes.push(AllocationAttribute {
            handle_id: handle_id.map(str::to_string),
            active_owner_attrs: attrs.clone(),
        });
        self.attributes.len() - 1
    }

    /// `allocationBlock.autoAssign`: up to `num` addresses from the front of `unallocated`, each stamped
    /// with the block's current sequence number. With `affinity_check` (strict affinity), a block of
    /// another node or of none refuses.
    pub fn auto_assign(
        &mut self,
        num: usize,
        handle_id: Option<&str>,
        host: &str,
        attrs: &BTreeMap<String, String>,
        affinity_check: bool,
    ) -> Result<Vec<IpAddr>, BlockError> {
        match &self.affinity {
            Some(affinity) if affinity_check && self.host() != Some(host) => {
                return Err(BlockError::AffinityMismatch {
                    affinity: affinity.clone(),
                    host: host.to_string(),
                })
            }
            None if affinity_check => return Err(BlockError::NoAffinity(self.cidr)),
            _ => {}
        }
        let take = num.min(self.unallocated.len());
        if take == 0 {
            return Ok(Vec::new());
        }
        let index = self.find_or_add_attribute(handle_id, attrs);
        let ordinals: Vec<usize> = self.unallocated.drain(..take).collect();
        for &ordinal in &ordinals {
            self.allocations[ordinal] = Some(index);
            self.sequence_number_for_allocation
                .insert(ordinal, self.sequence_number);
        }
        Ok(ordinals.iter().map(|&o| self.ordinal_to_ip(o)).collect())
    }

    /// The sequence number stored for an ordinal (`GetSequenceNumberForOrdinal`: 0 when none).
    pub fn sequence_number_for(&self, ordinal: usize) -> u64 {
        self.sequence_number_for_allocation
            .get(&ordinal)
            .copied()
            .unwrap_or(0)
    }

    /// `allocationBlock.release` (`ReleaseIPs` within one block), then `garbageCollect` with
    /// `IPCooldownSeconds` 0. Returns the addresses that were not allocated and the count released per
    /// handle; a stale sequence number or handle fails the whole request before anything changes.
    pub fn release(
        &mut self,
        addresses: &[ReleaseOptions],
    ) -> Result<(Vec<IpAddr>, BTreeMap<String, usize>), ReleaseError> {
        let unique: BTreeMap<IpAddr, &ReleaseOptions> =
            addresses.iter().map(|o| (o.address, o)).collect();
        let mut unallocated = Vec::new();
        let mut count_by_handle = BTreeMap::new();
        let mut ordinals = Vec::new();
        for (&ip, opts) in &unique {
            let ordinal = self.ip_to_ordinal(ip).ok_or(ReleaseError::NotInBlock {
                ip,
                cidr: self.cidr,
            })?;
            if let Some(requested) = opts.sequence_number {
                if requested != self.sequence_number_for(ordinal) {
                    return Err(ReleaseError::UpdateConflict(ip));
                }
            }
            let Some(index) = self.allocations[ordinal] else {
                unallocated.push(ip);
                continue;
            };
            ordinals.push(ordinal);
            let handle = self.attributes[index]
                .handle_id
                .as_deref()
                .map(sanitize_handle)
                .unwrap_or_default()
                .to_string();
            if opts
                .handle
                .as_deref()
                .is_some_and(|h| !h.is_empty() && h != handle)
            {
                return Err(ReleaseError::UpdateConflict(ip));
            }
            if !handle.is_empty() {
                *count_by_handle.entry(handle).or_insert(0) += 1;
            }
        }
        self.free(|ordinal, _| ordinals.contains(&ordinal));
        Ok((unallocated, count_by_handle))
    }

    /// `allocationBlock.releaseByHandle` followed by its `garbageCollect` with `IPCooldownSeconds` 0: every
    /// ordinal held by `handle_id` (and, given a sequence number, stamped with it) is freed, appended to
    /// `unallocated` in ordinal order, its sequence number forgotten, and attributes no longer referenced
    /// are dropped (the others renumbered). Returns how many addresses were released.
    pub fn release_by_handle(&mut self, handle_id: &str) -> usize {
        self.release_by_handle_at(handle_id, None)
    }

    /// [`AllocationBlock::release_by_handle`] with `ReleaseOptions.SequenceNumber`.
    pub fn release_by_handle_at(&mut self, handle_id: &str, sequence_number: Option<u64>) -> usize {
        // No sanitized handle holds a `\r`.
        if handle_id.contains('\r') {
            return 0;
        }
        let indexes: Vec<usize> = self
            .attributes
            .iter()
            .enumerate()
            .filter(|(_, a)| {
                a.handle_id
                    .as_deref()
                    .is_some_and(|stored| is_handle(stored, handle_id))
            })
            .map(|(i, _)| i)
            .collect();
        if indexes.is_empty() {
            return 0;
        }
        self.free(|ordinal, block| {
            matches!(block.allocations[ordinal], Some(i) if indexes.contains(&i))
                && sequence_number.is_none_or(|s| s == block.sequence_number_for(ordinal))
        })
    }

    /// Free every allocated ordinal `chosen` picks, in ordinal order, as `garbageCollect` does once their
    /// cooldown is over; returns how many.
    fn free(&mut self, chosen: impl Fn(usize, &Self) -> bool) -> usize {
        let mut released = 0;
        for ordinal in 0..self.num_addresses() {
            if self.allocations[ordinal].is_some() && chosen(ordinal, self) {
                self.allocations[ordinal] = None;
                self.unallocated.push(ordinal);
                self.sequence_number_for_allocation.remove(&ordinal);
                released += 1;
            }
        }
        self.compact_attributes();
        released
    }

    /// `garbageCollect(0)` on a block with nothing in cooldown: drop unreferenced attributes and renumber
    /// the rest; `true` if anything changed.
    pub fn garbage_collect(&mut self) -> bool {
        let before = self.attributes.len();
        self.compact_attributes();
        self.attributes.len() != before
    }

    /// The second half of `garbageCollect`: drop unreferenced attributes and renumber the rest.
    fn compact_attributes(&mut self) {
        let mut used = vec![false; self.attributes.len()];
        for &index in self.allocations.iter().flatten() {
            used[index] = true;
        }
        let mut renumbered = vec![0; self.attributes.len()];
        let mut next = 0;
        for (old, &in_use) in used.iter().enumerate() {
            renumbered[old] = next;
            next += usize::from(in_use);
        }
        let mut old = 0;
        self.attributes.retain(|_| {
            old += 1;
            used[old - 1]
        });
        for index in self.allocations.iter_mut().flatten() {
            *index = renumbered[*index];
        }
    }
}

/// `host:<node>`, the affinity string of a node.
pub fn host_affinity(host: &str) -> String {
    format!("{AFFINITY_TYPE_HOST}:{host}")
}

/// Whether a stored handle, sanitized, is `handle_id` (itself sanitized): without cutting every
/// stored handle a release compares.
fn is_handle(stored: &str, handle_id: &str) -> bool {
    stored
        .strip_prefix(handle_id)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('\r'))
}

/// `sanitizeHandle`: a handle cut at its first `\r` (host-local's `<id>\r\n<ifname>` files migrated into
/// Calico IPAM once wrote such handles).
pub fn sanitize_handle(handle_id: &str) -> &str {
    handle_id.split('\r').next().unwrap_or(handle_id)
}
