//! The host-local IPAM plugin (`containernetworking/plugins`, `plugins/ipam/host-local`), one module per
//! upstream file so a learner can hold ours beside upstream's:
//!
//! | module | upstream | what it holds |
//! |---|---|---|
//! | [`config`] | `backend/allocator/config.go` | [`load_ipam_config`]: network config JSON + `CNI_ARGS` → [`IpamConfig`] |
//! | [`args`] | `cni/pkg/types/args.go`, `plugins/pkg/ip/ip.go` | `CNI_ARGS` parsing, requested-IP syntax |
//! | [`range`] | `backend/allocator/range.go` | [`Range::canonicalize`], `contains`, `overlaps` |
//! | [`range_set`] | `backend/allocator/range_set.go` | [`RangeSet`]: the ranges that yield one address |
//! | [`store`] | `backend/disk/backend.go` | [`Store`]: the `<dataDir>/<network>` directory, in memory (its IP files in `ip_files`) |
//! | [`allocator`] | `backend/allocator/allocator.go` | [`IpAllocator::get`] and the round-robin [`RangeIter`] |
//! | [`plugin`] | `main.go` | [`cmd_add`], [`cmd_del`], [`cmd_check`] |
//!
//! Data flows one way: config → range sets → allocator (one per range set, index = range ID) over the
//! one store → a [`CniResult`](crate::ipam::cni::CniResult). Every error is an enum whose `Display` is
//! upstream's text.

pub mod allocator;
pub mod args;
pub mod config;
mod ip_files;
pub mod plugin;
pub mod range;
pub mod range_set;
pub mod store;

pub use allocator::{AllocError, IpAllocator, RangeIter};
pub use config::{
    load_ipam_config, load_ipam_config_from_conflist, load_ipam_config_from_netconf, ConfigError,
    IpamConfig, NetConf,
};
pub use plugin::{cmd_add, cmd_check, cmd_del, PluginError};
pub use range::{Range, RangeConfig, RangeError};
pub use range_set::{NotInRangeSet, RangeSet, RangeSetError};
pub use store::Store;
