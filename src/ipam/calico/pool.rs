//! An IP pool and the order in which a node searches it for a block.
//!
//! Models `api/pkg/apis/projectcalico/v3/ippool.go` (`IPPoolSpec.CIDR`, `BlockSize` and their validation
//! rules) and `libcalico-go/lib/ipam/ipam_block_reader_writer.go` (`determineSeed`, `randomBlockGenerator`).
//!
//! The search is not random in the sense of differing run to run: the generator is seeded with the FNV-1
//! hash of the node's name, so a node named `kind-worker` starts at the same block of `192.168.0.0/16` on
//! every cluster, then walks the pool block by block, wrapping once. Only for blocks of a single address
//! (`/32`, `/128`) does upstream seed with the wall clock; the model takes that time as an argument.

use super::go_rand::{fnv32, GoRand};
use super::store::DEFAULT_MAX_BLOCKS_PER_HOST;
use crate::ipam::goip::{address_bits, ip_to_u128, net_string, u128_to_ip};
use ipnet::IpNet;
use std::fmt;
use std::net::IpAddr;

/// The IPv4 block size when the pool gives none.
pub const DEFAULT_BLOCK_SIZE_V4: u8 = 26;
/// The IPv6 block size when the pool gives none.
pub const DEFAULT_BLOCK_SIZE_V6: u8 = 122;

/// Why a pool is refused, with the texts of the CRD's validation rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PoolError {
    /// The block size is outside 20–32 (IPv4) or 116–128 (IPv6).
    BlockSizeOutOfRange,
    /// The pool is smaller than one block.
    PoolTooSmall,
    /// Not upstream: more than 2^127 blocks, which the model's indexes do not hold (only an IPv6 pool
    /// shorter than /1 of single-address blocks comes near it).
    TooManyBlocks,
}

impl fmt::Display for PoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::BlockSizeOutOfRange => {
                "blockSize must be between 20 and 32 for IPv4 pools, and between 116 and 128 for IPv6 pools"
            }
            Self::PoolTooSmall => {
                "IP pool size is too small for use with Calico IPAM. It must be equal to or greater than the block size."
            }
            Self::TooManyBlocks => "IP pool has more blocks than podip can index (2^127)",
        })
    }
}

impl std::error::Error for PoolError {}

/// `v3.IPPool`, the fields IPAM reads (`spec.cidr`, `spec.blockSize`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IpPool {
    /// `metadata.name` (`default-ipv4-ippool` for the pool calico-node or the operator creates).
    pub name: String,
    /// `spec.cidr`, masked.
    pub cidr: IpNet,
    /// `spec.blockSize`: the prefix length of each block.
    pub block_size: u8,
}

impl IpPool {
    /// A pool, validated as the CRD's rules do; `block_size` `None` takes the family's default.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::calico::IpPool;
    /// let pool = IpPool::new("default-ipv4-ippool", "192.168.0.0/16".parse().unwrap(), None).unwrap();
    /// assert_eq!((pool.block_size, pool.num_blocks()), (26, 1024));
    /// let v6 = IpPool::new("default-ipv6-ippool", "fd00:10:244::/64".parse().unwrap(), None).unwrap();
    /// assert_eq!(v6.block_size, 122);
    /// assert!(IpPool::new("p", "10.0.0.0/28".parse().unwrap(), Some(26)).is_err());
    /// ```
    pub fn new(name: &str, cidr: IpNet, block_size: Option<u8>) -> Result<Self, PoolError> {
        let v4 = matches!(cidr, IpNet::V4(_));
        let block_size = block_size.unwrap_or(if v4 {
            DEFAULT_BLOCK_SIZE_V4
        } else {
            DEFAULT_BLOCK_SIZE_V6
        });
        let range = if v4 { 20..=32 } else { 116..=128 };
        if !range.contains(&block_size) {
            return Err(PoolError::BlockSizeOutOfRange);
        }
        if cidr.prefix_len() > block_size {
            return Err(PoolError::PoolTooSmall);
        }
        if block_size - cidr.prefix_len() > 127 {
            return Err(PoolError::TooManyBlocks);
        }
        Ok(Self {
            name: name.to_string(),
            cidr: cidr.trunc(),
            block_size,
        })
    }

    /// How many blocks the pool splits into (`numBlocks` of `randomBlockGenerator`).
    pub fn num_blocks(&self) -> u128 {
        1u128 << (self.block_size - self.cidr.prefix_len())
    }

    /// Addresses per block (`AllocationBlock.NumAddresses`).
    pub fn block_addresses(&self) -> u128 {
        1u128 << (address_bits(self.cidr.addr()) - self.block_size)
    }

    /// The block at `index` within the pool.
    pub fn block(&self, index: u128) -> IpNet {
        let base = ip_to_u128(self.cidr.network());
        let ip = u128_to_ip(base + index * self.block_addresses(), self.cidr.addr());
        IpNet::new(ip, self.block_size).unwrap_or(self.cidr)
    }

    /// The block containing `ip` (`getBlockCIDRForAddress`), if the pool holds it.
    pub fn block_for(&self, ip: IpAddr) -> Option<IpNet> {
        self.cidr
            .contains(&ip)
            .then(|| IpNet::new(ip, self.block_size).map(|net| net.trunc()).ok())
            .flatten()
    }
}

/// What a pool gives nodes before one must borrow: a node claims a block whenever its own are full,
/// and borrows only once no block of the pool is free (`AutoAssign`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PoolPlan {
    /// How many blocks the pool holds.
    pub blocks: u128,
    /// Addresses per block.
    pub block_addresses: u128,
    /// Pods a node's first block holds: `tunl0` takes its first address.
    pub first_block_pods: u128,
    /// Blocks a node claims to run `max_pods` pods.
    pub blocks_per_node: u128,
    /// Nodes that can each run `max_pods` pods before the pool has no free block left.
    pub nodes_before_borrowing: u128,
    /// Pods a node runs from blocks of its own while the pool has free blocks: `max_pods`, or what
    /// `autoAssign`'s default limit of blocks per node holds (`tunl0` takes one address).
    pub pods_per_node: u128,
}

impl IpPool {
    /// The plan for nodes running `max_pods` pods each, `tunl0` holding one address per node.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::calico::IpPool;
    /// let pool = IpPool::new("default-ipv4-ippool", "192.168.0.0/16".parse().unwrap(), None).unwrap();
    /// let plan = pool.plan(110);
    /// assert_eq!((plan.first_block_pods, plan.blocks_per_node, plan.nodes_before_borrowing), (63, 2, 512));
    /// assert_eq!((plan.pods_per_node, pool.plan(2000).pods_per_node), (110, 1279));
    /// ```
    pub fn plan(&self, max_pods: u32) -> PoolPlan {
        let block_addresses = self.block_addresses();
        let needed = u128::from(max_pods) + 1;
        let blocks_per_node = needed.div_ceil(block_addresses).max(1);
        let limit = DEFAULT_MAX_BLOCKS_PER_HOST as u128 * block_addresses;
        PoolPlan {
            pods_per_node: u128::from(max_pods).min(limit.saturating_sub(1)),
            blocks: self.num_blocks(),
            block_addresses,
            first_block_pods: block_addresses.saturating_sub(1),
            blocks_per_node,
            nodes_before_borrowing: self.num_blocks() / blocks_per_node,
        }
    }
}

impl fmt::Display for IpPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&net_string(&self.cidr))
    }
}

/// `determineSeed`: the FNV-1 hash of the host name, or for single-address blocks the wall clock
/// (`time.Now().UnixNano()`), which the model takes as `now_unix_nano`.
pub fn determine_seed(pool: &IpPool, host: &str, now_unix_nano: i64) -> i64 {
    if pool.block_size == address_bits(pool.cidr.addr()) {
        now_unix_nano
    } else {
        i64::from(fnv32(host))
    }
}

/// `randomBlockGenerator`: every block of the pool once, starting at `big.Int.Rand(rand, numBlocks)` drawn
/// from a generator seeded by [`determine_seed`], then in address order, wrapping to the pool's start.
#[derive(Debug, Clone)]
pub struct RandomBlockGenerator<'a> {
    /// The pool walked.
    pool: &'a IpPool,
    /// `i`: the index of the next block.
    index: u128,
    /// `numReturned`.
    returned: u128,
}

impl<'a> RandomBlockGenerator<'a> {
    /// `randomBlockGenerator(pool, hostName)`.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::calico::{IpPool, RandomBlockGenerator};
    /// let pool = IpPool::new("p", "10.10.0.0/24".parse().unwrap(), Some(26)).unwrap();
    /// let blocks: Vec<String> = RandomBlockGenerator::new(&pool, "testHost", 0).map(|b| b.to_string()).collect();
    /// assert_eq!(blocks.len(), 4);
    /// ```
    pub fn new(pool: &'a IpPool, host: &str, now_unix_nano: i64) -> Self {
        let mut rand = GoRand::new(determine_seed(pool, host, now_unix_nano));
        Self {
            pool,
            index: rand.big_int_rand(pool.num_blocks()),
            returned: 0,
        }
    }

    /// The index the walk starts at: which block a node tries first.
    pub fn initial_index(pool: &'a IpPool, host: &str, now_unix_nano: i64) -> u128 {
        Self::new(pool, host, now_unix_nano).index
    }
}

impl Iterator for RandomBlockGenerator<'_> {
    type Item = IpNet;

    fn next(&mut self) -> Option<IpNet> {
        let num_blocks = self.pool.num_blocks();
        if self.returned >= num_blocks {
            return None;
        }
        let block = self.pool.block(self.index);
        self.index = if num_blocks - self.index <= 1 {
            0
        } else {
            self.index + 1
        };
        self.returned += 1;
        Some(block)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `randomblock_test.go`: `poolTest`, each block inside the pool and the count right.
    #[test]
    fn random_block_generator_covers_each_pool_once() {
        let table: [(&str, u8); 6] = [
            ("10.10.0.0/24", 26),
            ("fd80:24e2:f998:72d6::/120", 122),
            ("10.10.0.0/16", 20),
            ("fd80:24e2:f998:72d6::/114", 116),
            ("10.10.0.0/24", 32),
            ("fd80:24e2:f998:72d6::/120", 128),
        ];
        for (cidr, block_size) in table {
            let pool = IpPool::new("p", cidr.parse().unwrap(), Some(block_size)).unwrap();
            let blocks: Vec<IpNet> = RandomBlockGenerator::new(&pool, "testHost", 7).collect();
            let distinct: std::collections::BTreeSet<_> = blocks.iter().collect();
            assert_eq!(blocks.len() as u128, pool.num_blocks(), "{cidr}");
            assert_eq!(distinct.len(), blocks.len(), "{cidr}");
            assert!(blocks.iter().all(|b| pool.cidr.contains(b)), "{cidr}");
        }
    }

    #[test]
    fn block_sizes_out_of_range_are_refused_in_the_crds_words() {
        for (cidr, size) in [("10.0.0.0/16", 19), ("10.0.0.0/16", 33), ("fd00::/64", 115)] {
            let err = IpPool::new("p", cidr.parse().unwrap(), Some(size)).unwrap_err();
            assert_eq!(err, PoolError::BlockSizeOutOfRange);
        }
        assert_eq!(
            IpPool::new("p", "10.0.0.0/27".parse().unwrap(), None)
                .unwrap_err()
                .to_string(),
            "IP pool size is too small for use with Calico IPAM. It must be equal to or greater than the block size."
        );
    }
}
