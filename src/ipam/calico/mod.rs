//! Calico's IPAM (projectcalico/calico, `libcalico-go/lib/ipam` and `cni-plugin`): IP pools split into
//! blocks, blocks held by nodes through affinities, and addresses borrowed from other nodes' blocks. The
//! node's `spec.podCIDR` plays no part. One module per upstream idea:
//!
//! | module | upstream | what it holds |
//! |---|---|---|
//! | [`go_rand`] | Go's `hash/fnv`, `math/rand`, `math/big` | the generator that picks a node's first block |
//! | [`pool`] | `api/…/v3/ippool.go`, `ipam_block_reader_writer.go` | [`IpPool`], [`RandomBlockGenerator`] |
//! | [`block`] | `backend/model/block.go`, `ipam/ipam_block.go` | [`AllocationBlock`]: next address, release |
//! | [`store`] | `model/block_affinity.go`, `ipam_handle.go`, `ipam_config.go`, `ipam_errors.go` | affinities, handles, config, errors |
//! | [`ipam`] | `ipam/ipam.go`, `ipam_block_reader_writer.go` | [`Ipam::auto_assign`], [`Ipam::release_by_handle`] |
//! | [`plugin`] | `cni-plugin/pkg/ipamplugin/ipam_plugin.go` | [`plugin::cmd_add`], [`plugin::cmd_del`] |
//! | [`dataplane`] | `cni-plugin/internal/pkg/utils/linux/dataplane_linux.go` | `DoNetworking`: the `cali` veth, the pod's `169.254.1.1` routes, the node's `/32` |
//! | [`node`] | `dataplane_linux.go`, `allocateip.go`, `calico.yaml`, `install.go` | veth name, routes, `tunl0`'s address, the conflist |
//!
//! The datastore is one in-memory value, so the compare-and-swap retries of upstream never fire. Left out
//! of the model: IP reservations, Windows' reserved addresses, node and namespace selectors, allowed uses,
//! KubeVirt handles, and the `ipCooldownSeconds` cooldown (its default, 0, frees an address at once: the
//! model frees at once). The wall clock upstream reads is [`Ipam::now_unix_nano`], set by the caller.

pub mod block;
pub mod dataplane;
pub mod go_rand;
pub mod ipam;
pub mod node;
pub mod plugin;
pub mod pool;
pub mod store;

pub use block::{AllocationAttribute, AllocationBlock, BlockError, ReleaseError, ReleaseOptions};
pub use ipam::{AutoAssignArgs, AutoAssignResult, Ipam};
pub use pool::{IpPool, PoolError, PoolPlan, RandomBlockGenerator};
pub use store::{
    BlockAffinity, BlockAffinityState, IpamAssignments, IpamConfig, IpamError, IpamEvent,
    IpamHandle,
};
