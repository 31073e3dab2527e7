//! Picking an address from one range set (`backend/allocator/allocator.go`: `IPAllocator.Get`,
//! `Release`, `GetIter`, `RangeIter.Next`).
//!
//! The strategy is round robin with the cursor on disk: the walk starts just after
//! `last_reserved_ip.<rangeID>`, so a released address comes back only after the walk wraps.

use super::range::canonicalize_ip;
use super::range_set::{NotInRangeSet, RangeSet};
use super::store::{FileContent, Store};
use crate::ipam::cni::IpConfig;
use crate::ipam::goip::{ip_string, ip_to_u128, u128_to_ip};
use ipnet::IpNet;
use std::borrow::Cow;
use std::fmt;
use std::net::IpAddr;

/// Why `IPAllocator.Get` failed, with upstream's exact text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AllocError {
    /// The container (id + ifname, or the legacy bare id) already holds an IP of this range set.
    Duplicate { ip: IpAddr, id: String },
    /// A requested IP lies in no range of the set.
    NotInRangeSet(NotInRangeSet),
    /// A requested IP is its range's gateway.
    RequestedIsGateway(IpAddr),
    /// A requested IP's file already exists.
    RequestedUnavailable { ip: IpAddr, set: String },
    /// The walk came back to its start without reserving anything.
    Exhausted { set: String },
}

impl fmt::Display for AllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Duplicate { ip, id } => write!(
                f,
                "{} has been allocated to {id}, duplicate allocation is not allowed",
                ip_string(*ip)
            ),
            Self::NotInRangeSet(err) => err.fmt(f),
            Self::RequestedIsGateway(ip) => {
                write!(f, "requested ip {} is subnet's gateway", ip_string(*ip))
            }
            Self::RequestedUnavailable { ip, set } => write!(
                f,
                "requested IP address {} is not available in range set {set}",
                ip_string(*ip)
            ),
            Self::Exhausted { set } => write!(f, "no IP addresses available in range set: {set}"),
        }
    }
}

impl std::error::Error for AllocError {}

/// The allocator of one range set over a store (`allocator.IPAllocator`).
#[derive(Debug)]
pub struct IpAllocator<'a> {
    /// The range set addresses come from.
    rangeset: &'a RangeSet,
    /// The network's store, shared by all range sets.
    store: &'a mut Store,
    /// The range set's index as a string, the suffix of `last_reserved_ip.<rangeID>`.
    range_id: Cow<'a, str>,
    /// Where each `Get` builds its `<id>\r\n<ifname>`: reused, so filling a range allocates nothing per
    /// address but the file's own copy.
    content: String,
}

impl<'a> IpAllocator<'a> {
    /// `NewIPAllocator(rangeset, store, id)`.
    pub fn new(rangeset: &'a RangeSet, store: &'a mut Store, range_index: usize) -> Self {
        // A CNI call builds an allocator per range set: the usual one-digit IDs are not formatted
        // each time.
        const DIGITS: &str = "0123456789";
        let range_id = DIGITS
            .get(range_index..=range_index)
            .map_or_else(|| Cow::Owned(range_index.to_string()), Cow::Borrowed);
        Self::with_range_id(rangeset, store, range_id)
    }

    /// An allocator with an arbitrary range ID, as upstream's unit tests build it (`rangeID: "rangeid"`).
    pub fn with_range_id(
        rangeset: &'a RangeSet,
        store: &'a mut Store,
        range_id: impl Into<Cow<'a, str>>,
    ) -> Self {
        Self {
            rangeset,
            store,
            range_id: range_id.into(),
            content: String::new(),
        }
    }

    /// `IPAllocator.Get`: reserve `requested_ip`, or else the next free address of the walk.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::hostlocal::{IpAllocator, RangeConfig, RangeSet, Store};
    /// let set = RangeSet::canonicalize(&[RangeConfig::subnet("10.244.1.0/24".parse().unwrap())]).unwrap();
    /// let mut store = Store::new("/run/cni-ipam-state", "kindnet");
    /// let mut alloc = IpAllocator::new(&set, &mut store, 0);
    /// assert_eq!(alloc.get("pod-a", "eth0", None).unwrap().address.to_string(), "10.244.1.2/24");
    /// alloc.release("pod-a", "eth0");
    /// // Round robin: the freed .2 is not reused until the walk wraps.
    /// assert_eq!(alloc.get("pod-b", "eth0", None).unwrap().address.to_string(), "10.244.1.3/24");
    ///
    /// let set6 = RangeSet::canonicalize(&[RangeConfig::subnet("fd00:10:244:1::/64".parse().unwrap())]).unwrap();
    /// let mut alloc6 = IpAllocator::new(&set6, &mut store, 1);
    /// assert_eq!(alloc6.get("pod-a", "eth0", None).unwrap().address.to_string(), "fd00:10:244:1::2/64");
    /// ```
    pub fn get(
        &mut self,
        id: &str,
        ifname: &str,
        requested_ip: Option<IpAddr>,
    ) -> Result<IpConfig, AllocError> {
        match requested_ip {
            Some(requested) => self.get_requested(id, ifname, canonicalize_ip(requested)),
            None => self.get_next(id, ifname),
        }
    }

    fn get_requested(
        &mut self,
        id: &str,
        ifname: &str,
        requested: IpAddr,
    ) -> Result<IpConfig, AllocError> {
        let (_, range) = self
            .rangeset
            .range_for(requested)
            .map_err(AllocError::NotInRangeSet)?;
        if requested == range.gateway {
            return Err(AllocError::RequestedIsGateway(requested));
        }
        // No duplicate-ID check on this path: upstream runs it only when no IP is requested.
        if !self.store.reserve(id, ifname, requested, &self.range_id) {
            return Err(AllocError::RequestedUnavailable {
                ip: requested,
                set: self.rangeset.to_string(),
            });
        }
        Ok(ip_config(requested, &range.subnet, range.gateway))
    }

    fn get_next(&mut self, id: &str, ifname: &str) -> Result<IpConfig, AllocError> {
        let mut buffer = std::mem::take(&mut self.content);
        let result = self.get_next_with(FileContent::in_buffer(&mut buffer, id, ifname), id);
        self.content = buffer;
        result
    }

    fn get_next_with(&mut self, content: FileContent, id: &str) -> Result<IpConfig, AllocError> {
        // Not idempotent (since v0.8.2): a second ADD for the same container and ifname is an error.
        let owned = self.store.get_by_content(&content, id);
        if let Some(ip) = owned.into_iter().find(|ip| self.rangeset.contains(*ip)) {
            return Err(AllocError::Duplicate {
                ip,
                id: id.to_string(),
            });
        }
        let mut iter = self.get_iter();
        while let Some((address, gateway)) = iter.next_candidate() {
            if self
                .store
                .reserve_content(&content, address.addr(), &self.range_id)
            {
                return Ok(IpConfig {
                    interface: None,
                    address,
                    gateway: Some(gateway),
                });
            }
        }
        Err(AllocError::Exhausted {
            set: self.rangeset.to_string(),
        })
    }

    /// `IPAllocator.Release`: `Store.ReleaseByID` (all of the container's files, whatever range set).
    /// Returns the released IPs.
    pub fn release(&mut self, id: &str, ifname: &str) -> Vec<IpAddr> {
        self.store.release_by_id(id, ifname)
    }

    /// `IPAllocator.GetIter`: a walk starting after `last_reserved_ip.<rangeID>` if the set contains it,
    /// else at the first range's `rangeStart`. The iterator reads the cursor now and owns no borrow of
    /// the store, so it can be stepped while reserving.
    pub fn get_iter(&self) -> RangeIter<'a> {
        let last = self
            .store
            .last_reserved_ip(&self.range_id)
            .filter(|ip| self.rangeset.contains(*ip));
        match last.and_then(|ip| self.rangeset.range_for(ip).ok().map(|(i, _)| (i, ip))) {
            Some((range_index, ip)) => RangeIter {
                rangeset: self.rangeset,
                range_index,
                cur: Some(ip),
                start_ip: None,
            },
            None => RangeIter {
                rangeset: self.rangeset,
                range_index: 0,
                cur: None,
                start_ip: Some(self.rangeset.ranges()[0].range_start),
            },
        }
    }
}

/// The round-robin walk over a range set (`allocator.RangeIter`).
#[derive(Debug, Clone)]
pub struct RangeIter<'a> {
    /// The set walked.
    rangeset: &'a RangeSet,
    /// Index of the current range.
    range_index: usize,
    /// The current position; `None` before the first step of a walk that starts at `rangeStart`.
    cur: Option<IpAddr>,
    /// The first candidate; arriving here again ends the walk.
    start_ip: Option<IpAddr>,
}

impl RangeIter<'_> {
    /// `RangeIter.Next`: the next candidate with its prefix and its range's gateway, skipping the current
    /// range's gateway; `None` once the walk is back at its first candidate.
    pub fn next_candidate(&mut self) -> Option<(IpNet, IpAddr)> {
        loop {
            let ranges = self.rangeset.ranges();
            let mut range = &ranges[self.range_index];
            let Some(cur) = self.cur else {
                // First step of a fresh walk: rangeStart itself is a candidate.
                self.cur = Some(range.range_start);
                self.start_ip = self.cur;
                if range.range_start == range.gateway {
                    continue;
                }
                return Some((prefixed(range.range_start, &range.subnet), range.gateway));
            };
            let next = if cur == range.range_end {
                self.range_index = (self.range_index + 1) % ranges.len();
                range = &ranges[self.range_index];
                range.range_start
            } else {
                u128_to_ip(ip_to_u128(cur) + 1, cur)
            };
            self.cur = Some(next);
            match self.start_ip {
                None => self.start_ip = Some(next),
                Some(start) if start == next => return None,
                Some(_) => {}
            }
            if next != range.gateway {
                return Some((prefixed(next, &range.subnet), range.gateway));
            }
        }
    }

    /// The walk's first candidate once known (upstream's `startIP`).
    pub fn start_ip(&self) -> Option<IpAddr> {
        self.start_ip
    }
}

impl Iterator for RangeIter<'_> {
    type Item = (IpNet, IpAddr);

    fn next(&mut self) -> Option<Self::Item> {
        self.next_candidate()
    }
}

/// The address with its subnet's prefix length (`net.IPNet{IP, Mask: r.Subnet.Mask}`).
fn prefixed(ip: IpAddr, subnet: &IpNet) -> IpNet {
    IpNet::new(ip, subnet.prefix_len()).unwrap_or(*subnet)
}

fn ip_config(ip: IpAddr, subnet: &IpNet, gateway: IpAddr) -> IpConfig {
    IpConfig {
        interface: None,
        address: prefixed(ip, subnet),
        gateway: Some(gateway),
    }
}
