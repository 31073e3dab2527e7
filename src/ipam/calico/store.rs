//! What Calico IPAM keeps in its datastore besides the blocks: the per-node `BlockAffinity`, the
//! `IPAMHandle` per workload and the global `IPAMConfiguration`; and the errors its client returns.
//!
//! Models `libcalico-go/lib/backend/model/block_affinity.go` (`BlockAffinity`, `BlockAffinityState`),
//! `model/ipam_handle.go` with `lib/ipam/ipam_handle.go` (`IPAMHandle`, `incrementBlock`,
//! `decrementBlock`), `model/ipam_config.go` with `lib/ipam/ipam_types.go` (`IPAMConfig`) and
//! `lib/ipam/ipam_errors.go`, `lib/ipam/ipam.go` (`ErrBlockLimit`, `SetIPAMConfig`,
//! `IPAMAssignments.PartialFulfillmentError`).

use crate::ipam::goip::net_string;
use ipnet::IpNet;
use std::collections::BTreeMap;
use std::fmt;

/// `names.CIDRToName` (`libcalico-go/lib/names/cidr.go`): an `IPAMBlock`'s name, the CIDR with `.`,
/// `:` and `/` as `-`.
///
/// # Examples
/// ```
/// use podip::ipam::calico::store::cidr_to_name;
/// assert_eq!(cidr_to_name(&"192.168.171.64/26".parse().unwrap()), "192-168-171-64-26");
/// assert_eq!(cidr_to_name(&"fd00:10:244::/122".parse().unwrap()), "fd00-10-244---122");
/// ```
pub fn cidr_to_name(cidr: &IpNet) -> String {
    net_string(cidr).replace(['.', ':', '/'], "-")
}

/// A `BlockAffinity`'s name in the Kubernetes datastore (`ipam_affinity_v1.go`, `parseKey`): the node,
/// then the block's name. (Upstream shortens and hashes a name of 253 characters or more; a node name
/// that long is not modelled.)
pub fn block_affinity_name(host: &str, cidr: &IpNet) -> String {
    format!("{host}-{}", cidr_to_name(cidr))
}

/// `BlockAffinityState`: a claim moves pending → confirmed; a release confirmed → pendingDeletion →
/// deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockAffinityState {
    /// `pending`: written before the block is created, so a crash leaves a claim that can be finished.
    Pending,
    /// `confirmed`: the block exists with this node's affinity.
    Confirmed,
    /// `pendingDeletion`: the release has begun.
    PendingDeletion,
}

impl fmt::Display for BlockAffinityState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Pending => "pending",
            Self::Confirmed => "confirmed",
            Self::PendingDeletion => "pendingDeletion",
        })
    }
}

/// `BlockAffinity` (key `BlockAffinityKey{Host, AffinityType: host, CIDR}`; the `blockaffinities` resource).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockAffinity {
    /// The node.
    pub host: String,
    /// The block.
    pub cidr: IpNet,
    /// `state`.
    pub state: BlockAffinityState,
}

/// `IPAMHandle`: how many addresses a handle holds in each block (upstream's JSON keys it by the block's
/// CIDR text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IpamHandle {
    /// `HandleID`: `k8s-pod-network.<containerID>` for a pod.
    pub handle_id: String,
    /// `block`.
    pub block: BTreeMap<IpNet, usize>,
}

impl IpamHandle {
    /// `incrementBlock`.
    pub fn increment_block(&mut self, cidr: &IpNet, num: usize) {
        *self.block.entry(*cidr).or_default() += num;
    }

    /// `decrementBlock`; upstream only logs its two refusals, so a miscount leaves the entry as it is.
    pub fn decrement_block(&mut self, cidr: &IpNet, num: usize) {
        let key = *cidr;
        if let Some(current) = self.block.get(&key).copied() {
            match current.checked_sub(num) {
                Some(0) => {
                    self.block.remove(&key);
                }
                Some(left) => {
                    self.block.insert(key, left);
                }
                None => {}
            }
        }
    }
}

/// `IPAMConfig` (the `default` `IPAMConfiguration` resource; without one, its defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpamConfig {
    /// `strictAffinity`: only a block's own node assigns from it (no borrowing).
    pub strict_affinity: bool,
    /// `autoAllocateBlocks`: nodes claim new blocks as they need them.
    pub auto_allocate_blocks: bool,
    /// `maxBlocksPerHost`: 0 for no global limit (`autoAssign` then applies 20).
    pub max_blocks_per_host: usize,
}

impl Default for IpamConfig {
    /// `GetIPAMConfig` with no resource stored.
    fn default() -> Self {
        Self {
            strict_affinity: false,
            auto_allocate_blocks: true,
            max_blocks_per_host: 0,
        }
    }
}

impl IpamConfig {
    /// The checks of `SetIPAMConfig`.
    pub fn validate(&self) -> Result<(), IpamError> {
        if !self.strict_affinity && !self.auto_allocate_blocks {
            return Err(IpamError::StrictAndAutoAllocateOff);
        }
        if self.max_blocks_per_host > 0 && !self.strict_affinity {
            return Err(IpamError::MaxBlocksWithoutStrictAffinity);
        }
        Ok(())
    }
}

/// `autoAssign`'s block limit when neither the request nor the config sets one.
pub const DEFAULT_MAX_BLOCKS_PER_HOST: usize = 20;
/// `EmptyBlockMinReclaimAge`: how long an empty block stays with its node before another node may take it.
pub const EMPTY_BLOCK_MIN_RECLAIM_AGE_NANOS: i64 = 60_000_000_000;

/// The errors of Calico's IPAM client, with upstream's texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IpamError {
    /// `ErrBlockLimit`.
    BlockLimit,
    /// `prepareAffinityBlocksForHost`: no pool of the family.
    NoPoolsForNode(String),
    /// `findOrClaimBlock` with `autoAllocateBlocks` off and no affine block with room.
    FailedToFindOrClaim,
    /// `noFreeBlocksError`: every block of every pool exists and none can be reclaimed.
    NoFreeBlocks,
    /// `ErrorResourceDoesNotExist` for a handle or an affinity (the backend's own wording follows
    /// upstream's `with error:` and is left out).
    DoesNotExist(String),
    /// `releaseBlockAffinity` with `RequiredBlockSequenceNumber` that no longer matches.
    BlockUpdated,
    /// `errBlockClaimConflict`.
    BlockClaimConflict {
        /// The block.
        cidr: IpNet,
        /// Its affinity, if any.
        affinity: Option<String>,
    },
    /// `errBlockNotEmpty`.
    BlockNotEmpty(IpNet),
    /// `releaseBlockAffinity` for a block of no node.
    HostnameRequired,
    /// `SetIPAMConfig`.
    StrictAndAutoAllocateOff,
    /// `SetIPAMConfig`.
    MaxBlocksWithoutStrictAffinity,
}

impl fmt::Display for IpamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BlockLimit => {
                f.write_str("cannot allocate new block due to per host block limit")
            }
            Self::NoPoolsForNode(host) => write!(f, "no configured Calico pools for node {host}"),
            Self::FailedToFindOrClaim => f.write_str("failed to find or claim a block"),
            Self::NoFreeBlocks => f.write_str("No Free Blocks"),
            Self::DoesNotExist(key) => write!(f, "resource does not exist: {key}"),
            Self::BlockUpdated => f.write_str("IPAM block updated since we last read it"),
            Self::BlockClaimConflict { cidr, affinity } => match affinity {
                Some(affinity) => write!(f, "{} already claimed by {affinity}", net_string(cidr)),
                None => write!(f, "{} already claimed", net_string(cidr)),
            },
            Self::BlockNotEmpty(cidr) => write!(f, "block '{}' is not empty", net_string(cidr)),
            Self::HostnameRequired => {
                f.write_str("Hostname must be specified to release block affinity")
            }
            Self::StrictAndAutoAllocateOff => f.write_str(
                "Cannot disable 'StrictAffinity' and 'AutoAllocateBlocks' at the same time",
            ),
            Self::MaxBlocksWithoutStrictAffinity => {
                f.write_str("MaxBlocksPerHost requires StrictAffinity to be enabled")
            }
        }
    }
}

impl std::error::Error for IpamError {}

/// `IPAMAssignments`: what one family's `autoAssign` gave, and the messages that explain a shortfall.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IpamAssignments {
    /// `IPs`: each address with its block's mask (`192.168.171.64/26`).
    pub ips: Vec<IpNet>,
    /// `IPVersion`.
    pub ip_version: u8,
    /// `NumRequested`.
    pub num_requested: usize,
    /// `Msgs`, without duplicates.
    pub msgs: Vec<String>,
}

impl IpamAssignments {
    /// An empty result for `num_requested` addresses of `ip_version`.
    pub fn new(ip_version: u8, num_requested: usize) -> Self {
        Self {
            ips: Vec::new(),
            ip_version,
            num_requested,
            msgs: Vec::new(),
        }
    }

    /// `AddMsg`.
    pub fn add_msg(&mut self, msg: String) {
        if !self.msgs.contains(&msg) {
            self.msgs.push(msg);
        }
    }

    /// `PartialFulfillmentError`: `None` when every address was assigned.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::calico::IpamAssignments;
    /// let mut ia = IpamAssignments::new(4, 1);
    /// ia.add_msg("No IPs available in pools: [192.168.0.0/16]".into());
    /// assert_eq!(
    ///     ia.partial_fulfillment_error().unwrap(),
    ///     "Assigned 0 out of 1 requested IPv4 addresses; No IPs available in pools: [192.168.0.0/16]"
    /// );
    /// ```
    pub fn partial_fulfillment_error(&self) -> Option<String> {
        if self.ips.len() >= self.num_requested {
            return None;
        }
        let mut text = format!(
            "Assigned {} out of {} requested IPv{} addresses",
            self.ips.len(),
            self.num_requested,
            self.ip_version
        );
        for msg in &self.msgs {
            text.push_str("; ");
            text.push_str(msg);
        }
        Some(text)
    }
}

/// What IPAM wrote, in order: the datastore's side of a claim, an assignment, a release. The simulation
/// turns these into its log; tests read the affinity states from them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IpamEvent {
    /// A `BlockAffinity` written or rewritten in `state`.
    Affinity {
        /// The node.
        host: String,
        /// The block.
        cidr: IpNet,
        /// The state written.
        state: BlockAffinityState,
    },
    /// A `BlockAffinity` deleted.
    AffinityDeleted {
        /// The node.
        host: String,
        /// The block.
        cidr: IpNet,
    },
    /// A block created with `host:<node>` affinity (`claimAffineBlock`).
    BlockCreated {
        /// The block.
        cidr: IpNet,
        /// The node.
        host: String,
    },
    /// A non-empty block's affinity removed (`releaseBlockAffinity`).
    BlockAffinityCleared(IpNet),
    /// A block deleted.
    BlockDeleted(IpNet),
    /// Addresses assigned from a block; `borrowed` when the block belongs to another node or none.
    Assigned {
        /// The block.
        cidr: IpNet,
        /// The node assigning.
        host: String,
        /// The addresses.
        ips: Vec<std::net::IpAddr>,
        /// Whether the block is not the node's own.
        borrowed: bool,
    },
    /// A handle's addresses released from a block.
    Released {
        /// The block.
        cidr: IpNet,
        /// The handle.
        handle_id: String,
        /// How many.
        count: usize,
    },
}
