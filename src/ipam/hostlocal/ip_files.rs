//! The IP files of host-local's directory as the in-memory [`Store`](super::Store) keeps them: the address
//! each file is named by, and its exact bytes.
//!
//! On disk every file is its own inode. Here the layout follows what `Get` does to the directory, which
//! is to walk addresses in order asking "does this file exist?":
//!
//! * addresses are grouped in pages of 256 consecutive ones (an IPv4 /24), kept in address order, so
//!   the walk and the listings go page by page and slot by slot instead of searching per address;
//! * the contents lie back to back in one buffer and a slot holds where its file's bytes are: filling a
//!   /16 writes 65,533 files, and one heap allocation per file (then one free each when the node goes
//!   away) cost as much as the reservations themselves. A removed file's bytes stay as garbage until the
//!   garbage outweighs the live bytes; the next write then packs the buffer again.
//!
//! Nothing outside this type can tell.

use crate::ipam::goip::{ip_to_u128, u128_to_ip};
use std::collections::BTreeMap;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Addresses per page, and the low bits of an address that pick its slot.
const PAGE_SLOTS: usize = 256;
const SLOT_BITS: u32 = PAGE_SLOTS.trailing_zeros();

/// Below this many bytes of garbage the buffer is never repacked: a handful of pods coming and going on
/// a kind node would otherwise repack on every other delete.
const MIN_GARBAGE_TO_PACK: usize = 4096;

/// Which page an address is on. Ordered as [`IpAddr`] is: every IPv4 address before every IPv6 one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct PageKey {
    v6: bool,
    /// The address without its slot bits.
    base: u128,
}

impl PageKey {
    /// The page of `ip` and its slot there.
    fn of(ip: IpAddr) -> (Self, usize) {
        let bits = ip_to_u128(ip);
        let key = PageKey {
            v6: ip.is_ipv6(),
            base: bits >> SLOT_BITS,
        };
        (key, (bits & (PAGE_SLOTS as u128 - 1)) as usize)
    }

    /// The address in `slot` of this page.
    fn address(self, slot: usize) -> IpAddr {
        let family = if self.v6 {
            IpAddr::V6(Ipv6Addr::UNSPECIFIED)
        } else {
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        };
        u128_to_ip((self.base << SLOT_BITS) | slot as u128, family)
    }
}

/// Where one file's content lies in [`IpFiles::bytes`].
#[derive(Debug, Clone, Copy)]
struct Span {
    start: usize,
    end: usize,
}

/// 256 consecutive addresses: which have a file, and where its content is.
#[derive(Debug, Clone)]
struct Page {
    slots: Box<[Option<Span>; PAGE_SLOTS]>,
    /// How many slots hold a file; an empty page is dropped.
    files: usize,
}

/// The IP files: address → exact content, ascending by address.
#[derive(Clone, Default)]
pub(super) struct IpFiles {
    pages: BTreeMap<PageKey, Page>,
    /// Every live file's content, and removed files' content not yet packed away.
    bytes: String,
    /// How many bytes of `bytes` belong to removed files.
    garbage: usize,
    /// How many files exist.
    len: usize,
}

impl IpFiles {
    /// The content of the address's file, if it exists.
    pub(super) fn get(&self, ip: IpAddr) -> Option<&str> {
        let (key, slot) = PageKey::of(ip);
        let span = self.pages.get(&key)?.slots[slot]?;
        Some(self.content(span))
    }

    /// How many files exist.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Every file with its content, ascending by address.
    pub(super) fn iter(&self) -> impl Iterator<Item = (IpAddr, &str)> {
        self.pages.iter().flat_map(move |(key, page)| {
            page.slots
                .iter()
                .enumerate()
                .filter_map(move |(slot, span)| {
                    span.map(|span| (key.address(slot), self.content(span)))
                })
        })
    }

    /// Exclusive create (`O_CREAT|O_EXCL`): writes the file unless it exists; false if it does.
    pub(super) fn create(&mut self, ip: IpAddr, content: &str) -> bool {
        // Packing first (it moves spans) leaves one search of the pages: a taken slot implies its page.
        self.pack_if_sparse();
        let (key, slot) = PageKey::of(ip);
        let page = self.pages.entry(key).or_insert_with(|| Page {
            slots: Box::new([None; PAGE_SLOTS]),
            files: 0,
        });
        if page.slots[slot].is_some() {
            return false;
        }
        let start = self.bytes.len();
        self.bytes.push_str(content);
        page.slots[slot] = Some(Span {
            start,
            end: self.bytes.len(),
        });
        page.files += 1;
        self.len += 1;
        true
    }

    /// Removes the address's file; returns the content it had.
    pub(super) fn remove(&mut self, ip: IpAddr) -> Option<&str> {
        let (key, slot) = PageKey::of(ip);
        let page = self.pages.get_mut(&key)?;
        let span = page.slots[slot].take()?;
        page.files -= 1;
        if page.files == 0 {
            self.pages.remove(&key);
        }
        self.len -= 1;
        self.garbage += span.end - span.start;
        Some(self.content(span))
    }

    fn content(&self, span: Span) -> &str {
        &self.bytes[span.start..span.end]
    }

    /// Copies the live contents into a fresh buffer once removed files take up more than half of it.
    fn pack_if_sparse(&mut self) {
        if self.garbage < MIN_GARBAGE_TO_PACK || self.garbage * 2 <= self.bytes.len() {
            return;
        }
        let mut packed = String::with_capacity(self.bytes.len() - self.garbage);
        let spans = self
            .pages
            .values_mut()
            .flat_map(|page| page.slots.iter_mut());
        for span in spans.flatten() {
            let start = packed.len();
            packed.push_str(&self.bytes[span.start..span.end]);
            *span = Span {
                start,
                end: packed.len(),
            };
        }
        self.bytes = packed;
        self.garbage = 0;
    }
}

/// Equal when the same addresses have files with the same contents, wherever the bytes lie.
impl PartialEq for IpFiles {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl Eq for IpFiles {}

/// The files ascending by address, as the directory would list them.
impl fmt::Debug for IpFiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::IpFiles;
    use std::net::IpAddr;

    /// Removing most files and writing more packs the buffer; every file keeps its content, the order
    /// stays by address across pages and families, and equality ignores where the bytes lie.
    #[test]
    fn contents_survive_packing() {
        let v4 = |i: u32| IpAddr::from([10, 0, (i >> 8) as u8, i as u8]);
        let mut files = IpFiles::default();
        for i in 0..1_000 {
            assert!(files.create(v4(i), &format!("{i:064x}\r\neth0")));
        }
        assert!(!files.create(v4(7), "other"));
        for i in (0..1_000).filter(|i| i % 10 != 0) {
            assert_eq!(
                files.remove(v4(i)),
                Some(format!("{i:064x}\r\neth0").as_str())
            );
        }
        let v6: IpAddr = "fd00::1".parse().expect("literal address");
        assert!(files.create(v6, "c0ffee"));
        assert!(files.bytes.len() < 1_000 * 70 / 2, "the buffer was packed");

        let mut fresh = IpFiles::default();
        assert!(fresh.create(v6, "c0ffee"));
        for i in (0..1_000).filter(|i| i % 10 == 0).rev() {
            assert!(fresh.create(v4(i), &format!("{i:064x}\r\neth0")));
        }
        assert_eq!(files, fresh);
        assert_eq!(files.len(), 101);
        let order: Vec<IpAddr> = files.iter().map(|(ip, _)| ip).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]) && order.last() == Some(&v6));
    }
}
