//! Calico's IPAM client over an in-memory datastore: `AutoAssign`, `ReleaseByHandle`, and releasing a
//! node's affinities.
//!
//! Models `libcalico-go/lib/ipam/ipam.go` (`AutoAssign`, `autoAssign`, `blockAssignState.findOrClaimBlock`,
//! `getBlockFromAffinity`, `assignFromExistingBlock`, `ReleaseByHandle`, `releaseByHandle`,
//! `incrementHandle`, `decrementHandle`, `ReleaseHostAffinities`) and
//! `libcalico-go/lib/ipam/ipam_block_reader_writer.go` (`getAffineBlocks`, `findUsableBlock`,
//! `getPendingAffinity`, `claimAffineBlock`, `confirmAffinity`, `releaseBlockAffinity`, `updateBlock`).
//!
//! One request, for a node:
//! 1. its affine blocks, in the datastore's list order, the first with a free address;
//! 2. else, unless the node holds its block limit, a block claimed: `findUsableBlock` walks each pool from
//!    the node's [`RandomBlockGenerator`] start and takes the first block that does not exist (or, failing
//!    that, an empty block of another node claimed over a minute ago); the affinity is written `pending`,
//!    the block created with `host:<node>`, the affinity `confirmed`;
//! 3. else, unless `strictAffinity`, one address borrowed: the same walk over blocks that exist, of any node.
//!
//! The datastore serialises every write here, so upstream's compare-and-swap retries never fire.

use super::block::{host_affinity, sanitize_handle, AllocationBlock};
use super::pool::{IpPool, RandomBlockGenerator};
use super::store::{
    BlockAffinity, BlockAffinityState, IpamAssignments, IpamConfig, IpamError, IpamEvent,
    IpamHandle, DEFAULT_MAX_BLOCKS_PER_HOST, EMPTY_BLOCK_MIN_RECLAIM_AGE_NANOS,
};
use crate::ipam::goip::{address_bits, net_string};
use ipnet::IpNet;
use rustc_hash::FxHasher;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::hash::BuildHasherDefault;

/// `AutoAssignArgs`, the fields the CNI plugin fills for a pod.
#[derive(Debug, Clone, Default)]
pub struct AutoAssignArgs {
    /// `Num4`.
    pub num4: usize,
    /// `Num6`.
    pub num6: usize,
    /// `HandleID`.
    pub handle_id: Option<String>,
    /// `Attrs`.
    pub attrs: BTreeMap<String, String>,
    /// `Hostname`: the node.
    pub hostname: String,
    /// `MaxBlocksPerHost`: a per-request limit, 0 for none.
    pub max_blocks_per_host: usize,
}

/// What `AutoAssign` returns: each family's assignments, and the error that stopped it, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AutoAssignResult {
    /// The IPv4 assignments, when any were asked for.
    pub v4: Option<IpamAssignments>,
    /// The IPv6 assignments, when any were asked for and IPv4 did not fail.
    pub v6: Option<IpamAssignments>,
    /// The error, as upstream returns it beside the partial results.
    pub error: Option<IpamError>,
}

/// The datastore (blocks, affinities, handles, config, pools) and the client's operations on it.
#[derive(Debug, Clone, Default)]
pub struct Ipam {
    /// The global `IPAMConfiguration`.
    pub config: IpamConfig,
    /// The IP pools, by name (the order the datastore lists them in).
    pools: Vec<IpPool>,
    /// The `IPAMBlock`s, by CIDR.
    blocks: BTreeMap<IpNet, AllocationBlock>,
    /// The `BlockAffinity`s, by node and then by the key's text, the order a list returns them in.
    affinities: BTreeMap<String, BTreeMap<String, BlockAffinity>>,
    /// The `IPAMHandle`s, by ID (looked up at every ADD and DEL, never listed).
    handles: HashMap<String, IpamHandle, BuildHasherDefault<FxHasher>>,
    /// What was written since the last [`Ipam::take_events`].
    events: Vec<IpamEvent>,
    /// The wall clock upstream reads (`newBlock`'s sequence number, `AffinityClaimTime`, the reclaim age,
    /// `determineSeed` for single-address blocks), in Unix nanoseconds; the caller keeps it.
    pub now_unix_nano: i64,
}

/// The text a `BlockAffinity`'s name sorts by: the CIDR with `.`, `:` and `/` as `-`.
fn list_key(cidr: &IpNet) -> String {
    super::store::cidr_to_name(cidr)
}

impl Ipam {
    /// An empty datastore with the default config and the given pools.
    pub fn new(pools: Vec<IpPool>) -> Self {
        let mut ipam = Self::default();
        for pool in pools {
            ipam.add_pool(pool);
        }
        ipam
    }

    /// Add (or replace, by name) a pool.
    pub fn add_pool(&mut self, pool: IpPool) {
        self.pools.retain(|p| p.name != pool.name);
        let at = self.pools.partition_point(|p| p.name < pool.name);
        self.pools.insert(at, pool);
    }

    /// `SetIPAMConfig`.
    pub fn set_ipam_config(&mut self, config: IpamConfig) -> Result<(), IpamError> {
        config.validate()?;
        self.config = config;
        Ok(())
    }

    /// The pools.
    pub fn pools(&self) -> &[IpPool] {
        &self.pools
    }

    /// Every block, by CIDR.
    pub fn blocks(&self) -> &BTreeMap<IpNet, AllocationBlock> {
        &self.blocks
    }

    /// Every affinity, by node, in list order.
    pub fn affinities(&self) -> impl Iterator<Item = &BlockAffinity> {
        self.affinities.values().flat_map(BTreeMap::values)
    }

    /// A handle.
    pub fn handle(&self, handle_id: &str) -> Option<&IpamHandle> {
        self.handles.get(handle_id)
    }

    /// The writes since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<IpamEvent> {
        std::mem::take(&mut self.events)
    }

    /// `AutoAssign`: IPv4 first; IPv6 only if IPv4 did not fail.
    pub fn auto_assign(&mut self, args: &AutoAssignArgs) -> AutoAssignResult {
        let mut result = AutoAssignResult {
            v4: None,
            v6: None,
            error: None,
        };
        for (version, num) in [(4u8, args.num4), (6, args.num6)] {
            if num == 0 {
                continue;
            }
            let (ia, error) = self.auto_assign_version(args, num, version);
            match version {
                4 => result.v4 = Some(ia),
                _ => result.v6 = Some(ia),
            }
            if error.is_some() {
                result.error = error;
                break;
            }
        }
        result
    }

    /// `getAffineBlocks`: the node's blocks of `version`, in list order.
    pub fn affine_blocks(&self, host: &str, version: u8) -> Vec<IpNet> {
        let bits = if version == 4 { 32 } else { 128 };
        self.affinities
            .get(host)
            .into_iter()
            .flat_map(BTreeMap::values)
            .map(|a| a.cidr)
            .filter(|cidr| address_bits(cidr.addr()) == bits)
            .collect()
    }

    /// The node's affinity to `cidr`.
    fn affinity(&self, host: &str, cidr: IpNet) -> Option<&BlockAffinity> {
        self.affinities.get(host)?.values().find(|a| a.cidr == cidr)
    }

    /// Delete the node's affinity to `cidr`.
    fn delete_affinity(&mut self, host: &str, cidr: IpNet) {
        if let Some(of_host) = self.affinities.get_mut(host) {
            of_host.remove(&list_key(&cidr));
            if of_host.is_empty() {
                self.affinities.remove(host);
            }
        }
        self.events.push(IpamEvent::AffinityDeleted {
            host: host.to_string(),
            cidr,
        });
    }

    /// `autoAssign` for one family.
    fn auto_assign_version(
        &mut self,
        args: &AutoAssignArgs,
        num: usize,
        version: u8,
    ) -> (IpamAssignments, Option<IpamError>) {
        let host = args.hostname.as_str();
        let mut ia = IpamAssignments::new(version, num);
        let pools: Vec<IpPool> = self
            .pools
            .iter()
            .filter(|p| (address_bits(p.cidr.addr()) == 32) == (version == 4))
            .cloned()
            .collect();
        if pools.is_empty() {
            return (ia, Some(IpamError::NoPoolsForNode(host.to_string())));
        }
        let mut remaining: VecDeque<IpNet> = self
            .affine_blocks(host, version)
            .into_iter()
            .filter(|cidr| pools.iter().any(|p| p.cidr.contains(cidr)))
            .collect();
        let mut num_blocks_owned = remaining.len();
        let config = self.config;
        let mut max_blocks = args.max_blocks_per_host;
        // The stricter of the request's and the config's limit; the config's when the request has none.
        if (config.max_blocks_per_host > 0 && max_blocks > config.max_blocks_per_host)
            || max_blocks == 0
        {
            max_blocks = config.max_blocks_per_host;
        }
        if max_blocks == 0 {
            max_blocks = DEFAULT_MAX_BLOCKS_PER_HOST;
        }
        let handle_id = args.handle_id.as_deref();

        while ia.ips.len() < num {
            let rem = num - ia.ips.len();
            let allow_new_claim = num_blocks_owned < max_blocks;
            match self.find_or_claim_block(host, &pools, &mut remaining, allow_new_claim) {
                Err(IpamError::NoFreeBlocks) => {
                    if config.strict_affinity {
                        ia.add_msg("No more free affine blocks and strict affinity enabled".into());
                    }
                    break;
                }
                Err(IpamError::BlockLimit) => {
                    ia.add_msg(format!("Need to allocate an IPAM block but could not - limit of {max_blocks} blocks reached for this node"));
                    return (ia, Some(IpamError::BlockLimit));
                }
                Err(error) => return (ia, Some(error)),
                Ok((cidr, newly_claimed)) => {
                    num_blocks_owned += usize::from(newly_claimed);
                    let ips = self.assign_from_existing_block(
                        cidr,
                        rem,
                        handle_id,
                        &args.attrs,
                        host,
                        config.strict_affinity,
                    );
                    match ips {
                        Some(ips) => ia.ips.extend(ips),
                        None => {
                            ia.add_msg("Failed to assign IPs in newly allocated block".into());
                            break;
                        }
                    }
                }
            }
        }

        if !config.strict_affinity && ia.ips.len() < num {
            let mut exhausted = Vec::new();
            for pool in &pools {
                let mut blocks = RandomBlockGenerator::new(pool, host, self.now_unix_nano);
                while ia.ips.len() < num {
                    let Some(cidr) = blocks.next() else {
                        exhausted.push(net_string(&pool.cidr));
                        break;
                    };
                    if !self.blocks.contains_key(&cidr) {
                        continue;
                    }
                    let rem = num - ia.ips.len();
                    if let Some(ips) = self.assign_from_existing_block(
                        cidr,
                        rem,
                        handle_id,
                        &args.attrs,
                        host,
                        false,
                    ) {
                        ia.ips.extend(ips);
                    }
                }
            }
            if !exhausted.is_empty() {
                ia.add_msg(format!(
                    "No IPs available in pools: [{}]",
                    exhausted.join(" ")
                ));
            }
        }
        (ia, None)
    }

    /// `findOrClaimBlock` with `minFreeIps` 1: the block to assign from, and whether it was just claimed.
    fn find_or_claim_block(
        &mut self,
        host: &str,
        pools: &[IpPool],
        remaining: &mut VecDeque<IpNet>,
        allow_new_claim: bool,
    ) -> Result<(IpNet, bool), IpamError> {
        while let Some(cidr) = remaining.pop_front() {
            if self.get_block_from_affinity(host, cidr)
                && self.blocks[&cidr].num_free_addresses() >= 1
            {
                return Ok((cidr, false));
            }
        }
        if !allow_new_claim {
            return Err(IpamError::BlockLimit);
        }
        if !self.config.auto_allocate_blocks {
            return Err(IpamError::FailedToFindOrClaim);
        }
        let subnet = self.find_usable_block(host, pools)?;
        self.get_pending_affinity(host, subnet);
        self.get_block_from_affinity(host, subnet);
        Ok((subnet, true))
    }

    /// `getBlockFromAffinity`: the block an affinity names, created (`claimAffineBlock`) if missing and
    /// the affinity confirmed if it was not. `false` for a stale affinity (block of another node), which is
    /// deleted.
    fn get_block_from_affinity(&mut self, host: &str, cidr: IpNet) -> bool {
        let Some(block) = self.blocks.get_mut(&cidr) else {
            self.write_affinity(host, cidr, BlockAffinityState::Pending);
            let mut block = AllocationBlock::new(cidr, self.now_unix_nano);
            block.affinity = Some(host_affinity(host));
            block.affinity_claim_time = Some(self.now_unix_nano);
            self.blocks.insert(cidr, block);
            self.events.push(IpamEvent::BlockCreated {
                cidr,
                host: host.to_string(),
            });
            self.write_affinity(host, cidr, BlockAffinityState::Confirmed);
            return true;
        };
        if block.host() != Some(host) {
            self.delete_affinity(host, cidr);
            return false;
        }
        if self.affinity(host, cidr).map(|a| a.state) != Some(BlockAffinityState::Confirmed) {
            if let Some(block) = self.blocks.get_mut(&cidr) {
                block.sequence_number += 1;
            }
            self.write_affinity(host, cidr, BlockAffinityState::Pending);
            self.write_affinity(host, cidr, BlockAffinityState::Confirmed);
        }
        true
    }

    /// Write an affinity in `state` (`Create` or `Update`).
    fn write_affinity(&mut self, host: &str, cidr: IpNet, state: BlockAffinityState) {
        let of_host = self.affinities.entry(host.to_string()).or_default();
        match of_host.values_mut().find(|a| a.cidr == cidr) {
            Some(affinity) => affinity.state = state,
            None => {
                let affinity = BlockAffinity {
                    host: host.to_string(),
                    cidr,
                    state,
                };
                of_host.insert(list_key(&cidr), affinity);
            }
        }
        self.events.push(IpamEvent::Affinity {
            host: host.to_string(),
            cidr,
            state,
        });
    }

    /// `getPendingAffinity`: a new affinity `pending`; an existing unconfirmed one rewritten `pending`.
    fn get_pending_affinity(&mut self, host: &str, cidr: IpNet) {
        if self.affinity(host, cidr).map(|a| a.state) != Some(BlockAffinityState::Confirmed) {
            self.write_affinity(host, cidr, BlockAffinityState::Pending);
        }
    }

    /// `findUsableBlock`: the first block of the node's walk that does not exist or is the node's own with
    /// room; else an empty block of another node, claimed at least a minute ago, whose affinity is released.
    fn find_usable_block(&mut self, host: &str, pools: &[IpPool]) -> Result<IpNet, IpamError> {
        let mut empty_blocks = Vec::new();
        for pool in pools {
            for subnet in RandomBlockGenerator::new(pool, host, self.now_unix_nano) {
                match self.blocks.get(&subnet) {
                    None => return Ok(subnet),
                    Some(b) if b.host() == Some(host) && b.num_free_addresses() != 0 => {
                        return Ok(subnet)
                    }
                    Some(b) if b.empty() && b.num_free_addresses() != 0 => empty_blocks.push((
                        subnet,
                        b.host().unwrap_or_default().to_string(),
                        b.affinity_claim_time.unwrap_or(i64::MIN),
                        b.sequence_number,
                    )),
                    Some(_) => {}
                }
            }
        }
        for (subnet, owner, claimed, sequence_number) in empty_blocks {
            if self.now_unix_nano.saturating_sub(claimed) < EMPTY_BLOCK_MIN_RECLAIM_AGE_NANOS {
                continue;
            }
            if self
                .release_block_affinity(&owner, subnet, true, Some(sequence_number))
                .is_ok()
            {
                return Ok(subnet);
            }
        }
        Err(IpamError::NoFreeBlocks)
    }

    /// `assignFromExistingBlock`: the block's `autoAssign`, the handle incremented by `num` (upstream counts
    /// the request, not the addresses given), the block written. `None` if the block refused; an empty
    /// list if it was full.
    fn assign_from_existing_block(
        &mut self,
        cidr: IpNet,
        num: usize,
        handle_id: Option<&str>,
        attrs: &BTreeMap<String, String>,
        host: &str,
        affinity_check: bool,
    ) -> Option<Vec<IpNet>> {
        let block = self.blocks.get_mut(&cidr)?;
        let ips = block
            .auto_assign(num, handle_id, host, attrs, affinity_check)
            .ok()?;
        if ips.is_empty() {
            return Some(Vec::new());
        }
        block.sequence_number += 1;
        let borrowed = block.host() != Some(host);
        if let Some(handle_id) = handle_id {
            match self.handles.get_mut(handle_id) {
                Some(handle) => handle.increment_block(&cidr, num),
                None => {
                    let mut handle = IpamHandle {
                        handle_id: handle_id.to_string(),
                        block: BTreeMap::new(),
                    };
                    handle.increment_block(&cidr, num);
                    self.handles.insert(handle_id.to_string(), handle);
                }
            }
        }
        self.events.push(IpamEvent::Assigned {
            cidr,
            host: host.to_string(),
            ips: ips.clone(),
            borrowed,
        });
        Some(
            ips.into_iter()
                .filter_map(|ip| IpNet::new(ip, cidr.prefix_len()).ok())
                .collect(),
        )
    }

    /// `ReleaseByHandle`: every address of the handle freed, block by block; a block left empty with no
    /// affinity deleted; the handle counted down and deleted when empty. An empty affine block stays the
    /// node's (only another node's reclaim or the node's removal releases it).
    pub fn release_by_handle(&mut self, handle_id: &str) -> Result<(), IpamError> {
        let handle_id = sanitize_handle(handle_id).to_string();
        let Some(handle) = self.handles.get(&handle_id) else {
            return Err(IpamError::DoesNotExist(format!(
                "IPAMHandleKey(id={handle_id})"
            )));
        };
        let blocks: Vec<IpNet> = handle.block.keys().copied().collect();
        for cidr in blocks {
            let Some(block) = self.blocks.get_mut(&cidr) else {
                continue;
            };
            let count = block.release_by_handle(&handle_id);
            if count == 0 {
                continue;
            }
            self.events.push(IpamEvent::Released {
                cidr,
                handle_id: handle_id.clone(),
                count,
            });
            if block.empty() && block.affinity.is_none() {
                self.blocks.remove(&cidr);
                self.events.push(IpamEvent::BlockDeleted(cidr));
            } else {
                block.sequence_number += 1;
            }
            if let Some(handle) = self.handles.get_mut(&handle_id) {
                handle.decrement_block(&cidr, count);
                if handle.block.is_empty() {
                    self.handles.remove(&handle_id);
                }
            }
        }
        Ok(())
    }

    /// `IPsByHandle`.
    pub fn ips_by_handle(&self, handle_id: &str) -> Result<Vec<std::net::IpAddr>, IpamError> {
        let handle = self
            .handles
            .get(handle_id)
            .ok_or_else(|| IpamError::DoesNotExist(format!("IPAMHandleKey(id={handle_id})")))?;
        let mut ips = Vec::new();
        for block in handle.block.keys() {
            if let Some(block) = self.blocks.get(block) {
                ips.extend(block.in_use_ips().into_iter().filter(|ip| {
                    block.attribute_of(*ip).and_then(|a| a.handle_id.as_deref()) == Some(handle_id)
                }));
            }
        }
        Ok(ips)
    }

    /// `releaseBlockAffinity`: the node's affinity to `cidr` marked `pendingDeletion`, the block deleted if
    /// empty or else left without affinity, the affinity deleted.
    pub fn release_block_affinity(
        &mut self,
        host: &str,
        cidr: IpNet,
        require_empty: bool,
        required_sequence_number: Option<u64>,
    ) -> Result<(), IpamError> {
        if host.is_empty() {
            return Err(IpamError::HostnameRequired);
        }
        if self.affinity(host, cidr).is_none() {
            return Err(IpamError::DoesNotExist(format!(
                "BlockAffinityKey(cidr={}, host={host}, affinityType=host)",
                net_string(&cidr)
            )));
        }
        let block = self.blocks.get(&cidr).ok_or_else(|| {
            IpamError::DoesNotExist(format!("BlockKey(cidr={})", net_string(&cidr)))
        })?;
        if required_sequence_number.is_some_and(|s| s != block.sequence_number) {
            return Err(IpamError::BlockUpdated);
        }
        if block.affinity.is_some() && block.host() != Some(host) {
            let affinity = block.affinity.clone();
            self.delete_affinity(host, cidr);
            return Err(IpamError::BlockClaimConflict { cidr, affinity });
        }
        let empty = block.empty();
        if require_empty && !empty {
            return Err(IpamError::BlockNotEmpty(cidr));
        }
        self.write_affinity(host, cidr, BlockAffinityState::PendingDeletion);
        if empty {
            self.blocks.remove(&cidr);
            self.events.push(IpamEvent::BlockDeleted(cidr));
        } else if let Some(block) = self.blocks.get_mut(&cidr) {
            block.affinity = None;
            block.affinity_claim_time = None;
            block.sequence_number += 1;
            self.events.push(IpamEvent::BlockAffinityCleared(cidr));
        }
        self.delete_affinity(host, cidr);
        Ok(())
    }

    /// `ReleaseHostAffinities`: every affinity of the node released (`RemoveIPAMHost` when a node is
    /// deleted passes `must_be_empty` false); blocks still in use stay, without affinity. Under
    /// `must_be_empty` a block in use stays the node's, and the last such refusal is returned after
    /// the other blocks are released (upstream's `storedError`); a conflict or a missing block is
    /// passed over.
    pub fn release_host_affinities(
        &mut self,
        host: &str,
        must_be_empty: bool,
    ) -> Result<(), IpamError> {
        let mut stored = Ok(());
        for version in [4, 6] {
            for cidr in self.affine_blocks(host, version) {
                match self.release_block_affinity(host, cidr, must_be_empty, None) {
                    Ok(())
                    | Err(IpamError::BlockClaimConflict { .. } | IpamError::DoesNotExist(_)) => {}
                    Err(err) => stored = Err(err),
                }
            }
        }
        stored
    }
}
