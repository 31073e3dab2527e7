//! The node-subnet bitmap of one cluster CIDR.
//!
//! Models kubernetes `pkg/controller/nodeipam/ipam/cidrset/cidr_set.go` (`CidrSet`, `NewCIDRSet`,
//! `AllocateNext`, `Occupy`, `Release`, `getBeginningAndEndIndices`, `getIndexForIP`, `indexToCIDRBlock`,
//! `getMaxCIDRs`) and the counters of its `metrics.go`.
//!
//! Upstream keeps the bitmap in a `big.Int`, which grows to the highest set bit. We keep it in pages of
//! 2^16 bits that are allocated on first use, so an IPv4 `/8` split into `/32`s (2^24 subnets) costs a few
//! kilobytes until it fills, and even `0.0.0.0/0` into `/32`s (2^32 subnets, which upstream accepts) stays
//! cheap. Full pages are skipped by their counters, so a scan never walks bit by bit through used space.
//!
//! `getIndexForIP` keeps upstream's integer widths: for IPv4 it compares against `uint32(maxCIDRs)`, so in a
//! `0.0.0.0/0` set of `/32`s (where that truncates to 0) every `Occupy` and `Release` of a single node subnet
//! fails with "out of the range of CIDR allocator", while `AllocateNext` still works.

use super::goip::{address_bits, ip_string, ip_to_u128, net_string, u128_to_ip};
use ipnet::IpNet;
use std::fmt;
use std::net::IpAddr;

/// `clusterSubnetMaxDiff`: the largest node-mask minus cluster-mask difference accepted for IPv6.
pub const CLUSTER_SUBNET_MAX_DIFF: u8 = 16;

/// The errors of `cidr_set.go`, with upstream's exact texts (typos included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CidrSetError {
    /// `ErrCIDRSetSubNetTooBig`: an IPv6 node mask more than 16 bits longer than the cluster mask.
    SubNetTooBig,
    /// `ErrCIDRRangeNoCIDRsRemaining`: every node subnet is marked used.
    RangeNoCidrsRemaining,
    /// `getIndexForIP`: the address lies outside the bitmap.
    OutOfAllocatorRange {
        /// The address (already masked to the node mask).
        ip: IpAddr,
        /// The node mask size.
        node_mask_size: u8,
    },
    /// `getBeginningAndEndIndices`: the CIDR and the cluster CIDR do not overlap (or differ in family).
    OutOfClusterRange {
        /// The CIDR given to `Occupy` / `Release`.
        cidr: IpNet,
        /// The cluster CIDR of this set.
        cluster_cidr: IpNet,
    },
    /// Not an upstream error: upstream's flag code rejects a node mask shorter than the cluster mask
    /// before it builds a set, and never checks a node mask longer than the address. We refuse both
    /// here so that no input can overflow the index arithmetic.
    InvalidNodeMaskSize {
        /// The cluster CIDR.
        cluster_cidr: IpNet,
        /// The node mask size asked for.
        node_mask_size: u8,
    },
}

impl fmt::Display for CidrSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::SubNetTooBig => f.write_str("New CIDR set failed; the node CIDR size is too big"),
            Self::RangeNoCidrsRemaining => f.write_str(
                "CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range",
            ),
            Self::OutOfAllocatorRange { ip, node_mask_size } => write!(
                f,
                "CIDR: {}/{} is out of the range of CIDR allocator",
                ip_string(*ip),
                node_mask_size
            ),
            Self::OutOfClusterRange { cidr, cluster_cidr } => write!(
                f,
                "cidr {} is out the range of cluster cidr {}",
                net_string(cidr),
                net_string(cluster_cidr)
            ),
            Self::InvalidNodeMaskSize {
                cluster_cidr,
                node_mask_size,
            } => write!(
                f,
                "node mask size {} must lie between the cluster mask size {} and {}",
                node_mask_size,
                cluster_cidr.prefix_len(),
                cluster_cidr.max_prefix_len()
            ),
        }
    }
}

impl std::error::Error for CidrSetError {}

/// The counters of `cidrset/metrics.go` (prefix `node_ipam_controller_`), for one cluster CIDR.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CidrSetMetrics {
    /// `cidrset_cidrs_allocations_total`: `AllocateNext` calls plus bits newly set by `Occupy`.
    pub allocations_total: u64,
    /// `cidrset_cidrs_releases_total`: bits cleared by `Release`.
    pub releases_total: u64,
    /// `cidrset_allocation_tries_per_request` sample sum: used indices probed, summed over every successful
    /// `AllocateNext` (what upstream's `TestCidrSetMetrics` reads as `allocTries`).
    pub allocation_tries_sum: u64,
    /// `cidrset_allocation_tries_per_request` sample count: one per successful `AllocateNext`.
    pub allocation_tries_count: u64,
}

const PAGE_BITS_LOG2: u32 = 16;
const PAGE_BITS: u64 = 1 << PAGE_BITS_LOG2;

/// One 2^16-bit page of the bitmap and its population count. A page that [`PagedBitmap::set_range`]
/// filled whole keeps no words: occupying a /0 service range in a /0 cluster of /32s sets 2^32 bits,
/// which as words would be 512 MiB (and, bit by bit, a frozen page).
#[derive(Debug, Clone)]
struct Page {
    words: Box<[u64]>,
    set: u64,
}

impl Page {
    /// Every one of `capacity` bits set, without words.
    fn full(capacity: u64) -> Self {
        Page {
            words: Box::new([]),
            set: capacity,
        }
    }

    fn bit(&self, bit: u64) -> bool {
        self.words.is_empty() || self.words[(bit / 64) as usize] & (1 << (bit % 64)) != 0
    }
}

/// A bitmap of `len` bits in lazily allocated pages; an absent page is all clear.
#[derive(Debug, Clone)]
struct PagedBitmap {
    len: u64,
    pages: Vec<Option<Page>>,
}

impl PagedBitmap {
    fn new(len: u64) -> Self {
        let pages = len.div_ceil(PAGE_BITS) as usize;
        Self {
            len,
            pages: vec![None; pages],
        }
    }

    fn page_capacity(&self, page: usize) -> u64 {
        let start = (page as u64) << PAGE_BITS_LOG2;
        (self.len - start).min(PAGE_BITS)
    }

    fn get(&self, index: u64) -> bool {
        let page = (index >> PAGE_BITS_LOG2) as usize;
        let bit = index & (PAGE_BITS - 1);
        self.pages[page].as_ref().is_some_and(|p| p.bit(bit))
    }

    /// Sets or clears a bit; returns whether it changed.
    fn set(&mut self, index: u64, value: bool) -> bool {
        let page_no = (index >> PAGE_BITS_LOG2) as usize;
        let words = self.page_capacity(page_no).div_ceil(64) as usize;
        let bit = index & (PAGE_BITS - 1);
        let slot = &mut self.pages[page_no];
        if slot.is_none() {
            if !value {
                return false;
            }
            *slot = Some(Page {
                words: vec![0; words].into_boxed_slice(),
                set: 0,
            });
        }
        let Some(page) = slot.as_mut() else {
            return false;
        };
        if page.words.is_empty() {
            if value {
                return false;
            }
            // A full page without words gets them, all set, before one is cleared.
            let capacity = page.set;
            let mut full = vec![u64::MAX; words];
            if capacity % 64 != 0 {
                full[words - 1] = (1 << (capacity % 64)) - 1;
            }
            page.words = full.into_boxed_slice();
        }
        let word = &mut page.words[(bit / 64) as usize];
        let mask = 1u64 << (bit % 64);
        if (*word & mask != 0) == value {
            return false;
        }
        *word ^= mask;
        if value {
            page.set += 1;
        } else {
            page.set -= 1;
            if page.set == 0 {
                // Give the memory back: an empty page is the same as an absent one.
                *slot = None;
            }
        }
        true
    }

    /// Sets or clears bits `first..=last`; returns how many changed. Pages the range covers whole are
    /// filled or dropped at once, so a range of 2^32 bits costs 2^16 page writes.
    fn set_range(&mut self, first: u64, last: u64, value: bool) -> u64 {
        let mut changed = 0;
        let mut index = first;
        while index <= last {
            let page_no = (index >> PAGE_BITS_LOG2) as usize;
            let page_start = (page_no as u64) << PAGE_BITS_LOG2;
            let capacity = self.page_capacity(page_no);
            let page_last = page_start + capacity - 1;
            let upto = page_last.min(last);
            if index == page_start && upto == page_last {
                let slot = &mut self.pages[page_no];
                let was = slot.as_ref().map_or(0, |page| page.set);
                if value {
                    changed += capacity - was;
                    *slot = Some(Page::full(capacity));
                } else {
                    changed += was;
                    *slot = None;
                }
            } else {
                changed += (index..=upto)
                    .map(|i| u64::from(self.set(i, value)))
                    .sum::<u64>();
            }
            index = upto + 1;
        }
        changed
    }

    /// The first clear bit in `lo..hi`, if any.
    fn first_clear_in(&self, lo: u64, hi: u64) -> Option<u64> {
        let mut index = lo;
        while index < hi {
            let page_no = (index >> PAGE_BITS_LOG2) as usize;
            let page_start = (page_no as u64) << PAGE_BITS_LOG2;
            let page_end = (page_start + self.page_capacity(page_no)).min(hi);
            match &self.pages[page_no] {
                None => return Some(index),
                Some(page) if page.set == self.page_capacity(page_no) => {}
                Some(page) => {
                    let mut offset = index - page_start;
                    while page_start + offset < page_end {
                        let word_no = (offset / 64) as usize;
                        let free = !page.words[word_no] & (u64::MAX << (offset % 64));
                        if free != 0 {
                            let found =
                                page_start + (word_no as u64) * 64 + free.trailing_zeros() as u64;
                            return (found < page_end).then_some(found);
                        }
                        offset = (word_no as u64 + 1) * 64;
                    }
                }
            }
            index = page_end.max(page_start + PAGE_BITS);
        }
        None
    }

    /// How many bits are set in `lo..hi` (for drawing an aggregated address map).
    fn count_set_in(&self, lo: u64, hi: u64) -> u64 {
        let mut count = 0;
        let mut index = lo;
        while index < hi {
            let page_no = (index >> PAGE_BITS_LOG2) as usize;
            let page_start = (page_no as u64) << PAGE_BITS_LOG2;
            let page_end = (page_start + self.page_capacity(page_no)).min(hi);
            if let Some(page) = &self.pages[page_no] {
                if index == page_start && page_end == page_start + self.page_capacity(page_no) {
                    count += page.set;
                } else {
                    count += (index..page_end).filter(|&i| self.get(i)).count() as u64;
                }
            }
            index = page_end;
        }
        count
    }
}

/// The node subnets of one cluster CIDR: which are used, and where round-robin allocation goes next.
///
/// Models `CidrSet` in `cidr_set.go`.
#[derive(Debug, Clone)]
pub struct CidrSet {
    /// The cluster CIDR, host bits masked off.
    cluster_cidr: IpNet,
    /// Prefix length of the cluster CIDR.
    cluster_mask_size: u8,
    /// Prefix length of each node subnet.
    node_mask_size: u8,
    /// `2^(node_mask_size - cluster_mask_size)`.
    max_cidrs: u64,
    /// Bit *i* set: subnet *i* is allocated or occupied.
    used: PagedBitmap,
    /// Number of set bits in `used`.
    allocated_cidrs: u64,
    /// Where the next `allocate_next` starts scanning; only `allocate_next` moves it.
    next_candidate: u64,
    /// Counters of `metrics.go`.
    metrics: CidrSetMetrics,
}

impl CidrSet {
    /// `NewCIDRSet`: a set of node subnets of `node_mask_size` inside `cluster_cidr`.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::cidrset::CidrSet;
    /// let set = CidrSet::new("10.244.0.0/16".parse().unwrap(), 24).unwrap();
    /// assert_eq!(set.max_cidrs(), 256);
    /// let v6 = CidrSet::new("fd00:10:244::/56".parse().unwrap(), 64).unwrap();
    /// assert_eq!(v6.max_cidrs(), 256);
    /// let err = CidrSet::new("fd00::/32".parse().unwrap(), 64).unwrap_err();
    /// assert_eq!(err.to_string(), "New CIDR set failed; the node CIDR size is too big");
    /// ```
    pub fn new(cluster_cidr: IpNet, node_mask_size: u8) -> Result<Self, CidrSetError> {
        let cluster_cidr = cluster_cidr.trunc();
        let cluster_mask_size = cluster_cidr.prefix_len();
        if matches!(cluster_cidr, IpNet::V6(_))
            && node_mask_size.saturating_sub(cluster_mask_size) > CLUSTER_SUBNET_MAX_DIFF
        {
            return Err(CidrSetError::SubNetTooBig);
        }
        if node_mask_size < cluster_mask_size || node_mask_size > cluster_cidr.max_prefix_len() {
            return Err(CidrSetError::InvalidNodeMaskSize {
                cluster_cidr,
                node_mask_size,
            });
        }
        let max_cidrs = get_max_cidrs(node_mask_size, cluster_mask_size);
        Ok(Self {
            cluster_cidr,
            cluster_mask_size,
            node_mask_size,
            max_cidrs,
            used: PagedBitmap::new(max_cidrs),
            allocated_cidrs: 0,
            next_candidate: 0,
            metrics: CidrSetMetrics::default(),
        })
    }

    /// The cluster CIDR (network address form).
    pub fn cluster_cidr(&self) -> IpNet {
        self.cluster_cidr
    }

    /// Prefix length of the cluster CIDR.
    pub fn cluster_mask_size(&self) -> u8 {
        self.cluster_mask_size
    }

    /// Prefix length of every node subnet.
    pub fn node_mask_size(&self) -> u8 {
        self.node_mask_size
    }

    /// `maxCIDRs`: how many node subnets fit.
    pub fn max_cidrs(&self) -> u64 {
        self.max_cidrs
    }

    /// `allocatedCIDRs`: how many are marked used.
    pub fn allocated_cidrs(&self) -> u64 {
        self.allocated_cidrs
    }

    /// `nextCandidate`: the index the next `allocate_next` scan starts at.
    pub fn next_candidate(&self) -> u64 {
        self.next_candidate
    }

    /// The counters of `metrics.go`.
    pub fn metrics(&self) -> &CidrSetMetrics {
        &self.metrics
    }

    /// `cidrset_usage_cidrs`: `allocatedCIDRs / maxCIDRs`, as the gauge is set after every change.
    pub fn usage(&self) -> f64 {
        self.allocated_cidrs as f64 / self.max_cidrs as f64
    }

    /// Whether subnet `index` is marked used (false past the end).
    pub fn is_used(&self, index: u64) -> bool {
        index < self.max_cidrs && self.used.get(index)
    }

    /// How many subnets in `range` are marked used, clipped to `0..max_cidrs`; for aggregated views.
    pub fn count_used(&self, range: std::ops::Range<u64>) -> u64 {
        let hi = range.end.min(self.max_cidrs);
        if range.start >= hi {
            return 0;
        }
        self.used.count_set_in(range.start, hi)
    }

    /// `indexToCIDRBlock`: subnet `index` is the cluster address OR `index << (bits - node_mask_size)`.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::cidrset::CidrSet;
    /// let set = CidrSet::new("192.168.5.219/28".parse().unwrap(), 32).unwrap();
    /// assert_eq!(set.index_to_cidr_block(5).to_string(), "192.168.5.213/32");
    /// let set = CidrSet::new("2001:db8:1234:ff00::/56".parse().unwrap(), 72).unwrap();
    /// assert_eq!(set.index_to_cidr_block(6425).to_string(), "2001:db8:1234:ff19:1900::/72");
    /// ```
    pub fn index_to_cidr_block(&self, index: u64) -> IpNet {
        let base = self.cluster_cidr.addr();
        let shift = u32::from(address_bits(base) - self.node_mask_size);
        let offset = u128::from(index).checked_shl(shift).unwrap_or(0);
        let ip = u128_to_ip(ip_to_u128(base) | offset, base);
        // The prefix length is valid by construction (checked in `new`).
        IpNet::new(ip, self.node_mask_size).unwrap_or(self.cluster_cidr)
    }

    /// `getIndexForIP`: `(cluster XOR ip) >> (bits - node_mask_size)`, checked against `max_cidrs`.
    ///
    /// Upstream's integer widths are kept, because they decide which CIDRs are refused: IPv4 works in
    /// `uint32` (so `maxCIDRs = 2^32` truncates to 0 and nothing is in range), IPv6 keeps the low 64 bits of
    /// the shifted `big.Int` (`Uint64()`).
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::cidrset::CidrSet;
    /// let set = CidrSet::new("192.168.0.0/16".parse().unwrap(), 24).unwrap();
    /// assert_eq!(set.get_index_for_ip("192.168.151.0".parse().unwrap()), Ok(151));
    /// let v6 = CidrSet::new("beef::/16".parse().unwrap(), 24).unwrap();
    /// assert_eq!(v6.get_index_for_ip("beef:9700::".parse().unwrap()), Ok(0x97));
    /// assert_eq!(
    ///     v6.get_index_for_ip("2001:db00::".parse().unwrap()).unwrap_err().to_string(),
    ///     "CIDR: 2001:db00::/24 is out of the range of CIDR allocator"
    /// );
    /// ```
    pub fn get_index_for_ip(&self, ip: IpAddr) -> Result<u64, CidrSetError> {
        let out_of_range = || CidrSetError::OutOfAllocatorRange {
            ip,
            node_mask_size: self.node_mask_size,
        };
        if address_bits(ip) != address_bits(self.cluster_cidr.addr()) {
            return Err(out_of_range());
        }
        let shift = u32::from(address_bits(ip) - self.node_mask_size);
        let xor = ip_to_u128(self.cluster_cidr.addr()) ^ ip_to_u128(ip);
        // Go defines a shift by the full width as 0, which is what a /0 node mask needs.
        let shifted = xor.checked_shr(shift).unwrap_or(0);
        let in_range = match ip {
            // `cidrIndex >= uint32(s.maxCIDRs)`: both sides are uint32.
            IpAddr::V4(_) => (shifted as u32) < (self.max_cidrs as u32),
            // `cidrIndexBig.Uint64()` keeps the low 64 bits.
            IpAddr::V6(_) => (shifted as u64) < self.max_cidrs,
        };
        if in_range {
            Ok(shifted as u64)
        } else {
            Err(out_of_range())
        }
    }

    /// `AllocateNext`: the first free subnet at or after the cursor, wrapping; the cursor moves past it.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::cidrset::CidrSet;
    /// let mut set = CidrSet::new("10.244.0.0/16".parse().unwrap(), 24).unwrap();
    /// let first = set.allocate_next().unwrap();
    /// let second = set.allocate_next().unwrap();
    /// set.release(&first).unwrap();
    /// // Round robin: the released subnet waits until the cursor wraps.
    /// assert_eq!(set.allocate_next().unwrap().to_string(), "10.244.2.0/24");
    /// assert_eq!(second.to_string(), "10.244.1.0/24");
    /// ```
    pub fn allocate_next(&mut self) -> Result<IpNet, CidrSetError> {
        if self.allocated_cidrs == self.max_cidrs {
            return Err(CidrSetError::RangeNoCidrsRemaining);
        }
        let candidate = self
            .used
            .first_clear_in(self.next_candidate, self.max_cidrs)
            .or_else(|| self.used.first_clear_in(0, self.next_candidate))
            .ok_or(CidrSetError::RangeNoCidrsRemaining)?;
        let tries = (candidate + self.max_cidrs - self.next_candidate) % self.max_cidrs;
        self.next_candidate = (candidate + 1) % self.max_cidrs;
        self.used.set(candidate, true);
        self.allocated_cidrs += 1;
        self.metrics.allocations_total += 1;
        self.metrics.allocation_tries_sum += tries;
        self.metrics.allocation_tries_count += 1;
        Ok(self.index_to_cidr_block(candidate))
    }

    /// `getBeginningAndEndIndices`: the inclusive index range a CIDR covers.
    ///
    /// A CIDR at least as large as the cluster covers every index; one larger than a node subnet covers
    /// several; one smaller covers the node subnet that contains it.
    pub fn get_beginning_and_end_indices(&self, cidr: &IpNet) -> Result<(u64, u64), CidrSetError> {
        let cidr = cidr.trunc();
        let cluster = self.cluster_cidr;
        let overlaps = address_bits(cidr.addr()) == address_bits(cluster.addr())
            && (cluster.contains(&mask_to(cidr.addr(), self.cluster_mask_size))
                || cidr.contains(&mask_to(cluster.addr(), cidr.prefix_len())));
        if !overlaps {
            return Err(CidrSetError::OutOfClusterRange {
                cidr,
                cluster_cidr: cluster,
            });
        }
        if self.cluster_mask_size >= cidr.prefix_len() {
            return Ok((0, self.max_cidrs - 1));
        }
        let begin = self.get_index_for_ip(mask_to(cidr.network(), self.node_mask_size))?;
        let end = self.get_index_for_ip(mask_to(cidr.broadcast(), self.node_mask_size))?;
        Ok((begin, end))
    }

    /// `Occupy`: mark every subnet the CIDR covers as used. The cursor does not move; only newly set bits
    /// count, so occupying twice is harmless.
    pub fn occupy(&mut self, cidr: &IpNet) -> Result<(), CidrSetError> {
        let (begin, end) = self.get_beginning_and_end_indices(cidr)?;
        // Upstream sets the bits one by one; the count is the same.
        let newly_set = self.used.set_range(begin, end, true);
        self.allocated_cidrs += newly_set;
        self.metrics.allocations_total += newly_set;
        Ok(())
    }

    /// `Release`: clear every subnet the CIDR covers. The cursor does not move; releasing a subnet that
    /// was never allocated is a silent success.
    pub fn release(&mut self, cidr: &IpNet) -> Result<(), CidrSetError> {
        let (begin, end) = self.get_beginning_and_end_indices(cidr)?;
        let cleared = self.used.set_range(begin, end, false);
        self.allocated_cidrs -= cleared;
        self.metrics.releases_total += cleared;
        Ok(())
    }
}

/// `getMaxCIDRs`: `1 << (node_mask_size - cluster_mask_size)`.
fn get_max_cidrs(node_mask_size: u8, cluster_mask_size: u8) -> u64 {
    1u64 << (node_mask_size - cluster_mask_size)
}

/// `ip.Mask(net.CIDRMask(prefix_len, bits))`.
fn mask_to(ip: IpAddr, prefix_len: u8) -> IpAddr {
    IpNet::new(ip, prefix_len)
        .map(|net| net.network())
        .unwrap_or(ip)
}
