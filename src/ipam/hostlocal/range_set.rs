//! A set of ranges of one family that yields one address (`backend/allocator/range_set.go`).
//!
//! `ipam.ranges` is a list of range sets; each set gives the pod exactly one IP, taken from any of its
//! ranges. Two sets of different families are how host-local does dual-stack.

use super::range::{Range, RangeConfig, RangeError};
use crate::ipam::goip::ip_string;
use std::fmt;
use std::net::IpAddr;

/// A canonicalised range set (`allocator.RangeSet`), in configuration order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeSet {
    /// The ranges; never empty, one family, pairwise non-overlapping (hence private).
    ranges: Vec<Range>,
}

/// Why a range set is invalid: `RangeSet.Canonicalize`'s errors, with upstream's exact text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeSetError {
    /// The set has no ranges.
    Empty,
    /// A range's `rangeStart` has another family than the first range's.
    MixedFamilies,
    /// Two ranges of the set overlap; both print as `<start>-<end>`. Boxed to keep errors small.
    Overlap {
        first: Box<Range>,
        second: Box<Range>,
    },
    /// A range failed `Range.Canonicalize` (its error is passed through unchanged).
    Range(RangeError),
}

impl fmt::Display for RangeSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "empty range set"),
            Self::MixedFamilies => write!(f, "mixed address families"),
            Self::Overlap { first, second } => write!(f, "subnets {first} and {second} overlap"),
            Self::Range(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for RangeSetError {}

impl From<RangeError> for RangeSetError {
    fn from(err: RangeError) -> Self {
        Self::Range(err)
    }
}

/// `RangeSet.RangeFor`'s error: `<ip> not in range set <set>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotInRangeSet {
    /// The address looked for.
    pub ip: IpAddr,
    /// The set's `String()`.
    pub set: String,
}

impl fmt::Display for NotInRangeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} not in range set {}", ip_string(self.ip), self.set)
    }
}

impl std::error::Error for NotInRangeSet {}

impl RangeSet {
    /// `RangeSet.Canonicalize`: canonicalise every range in order (the first failure wins, before the
    /// family check of that range), require one family, then reject any pair of overlapping ranges.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::hostlocal::{RangeConfig, RangeSet};
    /// let set = RangeSet::canonicalize(&[
    ///     RangeConfig::subnet("192.168.0.0/20".parse().unwrap()),
    ///     RangeConfig::subnet("192.168.2.0/24".parse().unwrap()),
    /// ]);
    /// assert_eq!(
    ///     set.unwrap_err().to_string(),
    ///     "subnets 192.168.0.1-192.168.15.254 and 192.168.2.1-192.168.2.254 overlap"
    /// );
    /// let v6 = RangeSet::canonicalize(&[RangeConfig::subnet("2001:db8:1::/64".parse().unwrap())]).unwrap();
    /// assert_eq!(v6.to_string(), "2001:db8:1::1-2001:db8:1:0:ffff:ffff:ffff:ffff");
    /// ```
    pub fn canonicalize(configs: &[RangeConfig]) -> Result<Self, RangeSetError> {
        let mut ranges: Vec<Range> = Vec::with_capacity(configs.len());
        for config in configs {
            let range = Range::canonicalize(config)?;
            if let Some(first) = ranges.first() {
                if first.range_start.is_ipv4() != range.range_start.is_ipv4() {
                    return Err(RangeSetError::MixedFamilies);
                }
            }
            ranges.push(range);
        }
        if ranges.is_empty() {
            return Err(RangeSetError::Empty);
        }
        for (i, first) in ranges.iter().enumerate() {
            if let Some(second) = ranges[i + 1..].iter().find(|r| first.overlaps(r)) {
                return Err(RangeSetError::Overlap {
                    first: Box::new(first.clone()),
                    second: Box::new(second.clone()),
                });
            }
        }
        Ok(Self { ranges })
    }

    /// The ranges, in configuration order.
    pub fn ranges(&self) -> &[Range] {
        &self.ranges
    }

    /// `RangeSet.Contains`: some range contains the address.
    pub fn contains(&self, addr: IpAddr) -> bool {
        self.ranges.iter().any(|r| r.contains(addr))
    }

    /// `RangeSet.RangeFor`: the first range containing the address, with its index.
    pub fn range_for(&self, addr: IpAddr) -> Result<(usize, &Range), NotInRangeSet> {
        self.ranges
            .iter()
            .enumerate()
            .find(|(_, r)| r.contains(addr))
            .ok_or_else(|| NotInRangeSet {
                ip: super::range::canonicalize_ip(addr),
                set: self.to_string(),
            })
    }

    /// `RangeSet.Overlaps`: any range of one set overlaps any range of the other.
    pub fn overlaps(&self, other: &RangeSet) -> bool {
        self.ranges
            .iter()
            .any(|r| other.ranges.iter().any(|o| r.overlaps(o)))
    }

    /// How many distinct addresses `Get` can hand out before `no IP addresses available`: each range's
    /// span minus that range's own gateway (the iterator skips only the current range's gateway).
    pub fn usable_count(&self) -> u128 {
        self.ranges.iter().map(Range::usable_count).sum()
    }

    /// The family of the set (that of its first range's `rangeStart`).
    pub fn is_ipv4(&self) -> bool {
        self.ranges[0].range_start.is_ipv4()
    }
}

/// `RangeSet.String()`: the ranges' `<start>-<end>` joined with `,`.
impl fmt::Display for RangeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, range) in self.ranges.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            range.fmt(f)?;
        }
        Ok(())
    }
}
