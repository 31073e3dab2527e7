//! The plugin's commands (`plugins/ipam/host-local/main.go`: `cmdAdd`, `cmdDel`, `cmdCheck`).
//!
//! Each command takes an already loaded [`IpamConfig`] and the network's [`Store`]; like upstream's
//! `disk.New`, every command first reopens the store (recreating `lock`).

use super::allocator::{AllocError, IpAllocator};
use super::config::IpamConfig;
use super::store::Store;
use crate::ipam::cni::CniResult;
use crate::ipam::goip::ip_string;
use std::fmt;
use std::net::IpAddr;

/// Why a command failed, with upstream's exact text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PluginError {
    /// `resolvConf` names a file; the simulated node has none, so `parseResolvConf`'s open fails.
    ResolvConf(String),
    /// `Get` failed for range set `index`; what was allocated before was released.
    AllocateForRange { index: usize, err: AllocError },
    /// Requested IPs that no range set contained; everything allocated was released. Upstream lists them
    /// in Go map order (random); here in request order.
    UnusedRequestedIps(Vec<IpAddr>),
    /// CHECK found no file of the container.
    CheckNotFound(String),
}

impl fmt::Display for PluginError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ResolvConf(path) => write!(f, "open {path}: no such file or directory"),
            Self::AllocateForRange { index, err } => {
                write!(f, "failed to allocate for range {index}: {err}")
            }
            Self::UnusedRequestedIps(ips) => {
                f.write_str("failed to allocate all requested IPs:")?;
                ips.iter()
                    .try_for_each(|ip| write!(f, " {}", ip_string(*ip)))
            }
            Self::CheckNotFound(id) => {
                write!(
                    f,
                    "host-local: Failed to find address added by container {id}"
                )
            }
        }
    }
}

impl std::error::Error for PluginError {}

/// `cmdAdd`: one address per range set, in order, each set using at most one requested IP it contains.
/// The result's `cniVersion` is the conf's, as `types.PrintResult` converts it; its routes are
/// `ipam.routes`.
///
/// # Examples
/// ```
/// use podip::ipam::hostlocal::{cmd_add, cmd_del, load_ipam_config, Store};
/// let conf = br#"{"cniVersion":"0.3.1","name":"kindnet","ipam":{"type":"host-local",
///   "dataDir":"/run/cni-ipam-state","ranges":[[{"subnet":"10.244.1.0/24"}]]}}"#;
/// let (ipam, version) = load_ipam_config(conf, "").unwrap();
/// let mut store = Store::new(&ipam.data_dir, &ipam.name);
/// let result = cmd_add(&ipam, &version, &mut store, "c0ffee", "eth0").unwrap();
/// assert_eq!(result.ips[0].address.to_string(), "10.244.1.2/24");
/// assert_eq!(store.cat("10.244.1.2").unwrap(), "c0ffee\r\neth0");
/// cmd_del(&ipam, &mut store, "c0ffee", "eth0");
/// assert_eq!(store.ls(), vec!["last_reserved_ip.0", "lock"]);
/// ```
pub fn cmd_add(
    config: &IpamConfig,
    cni_version: &str,
    store: &mut Store,
    container_id: &str,
    ifname: &str,
) -> Result<CniResult, PluginError> {
    if !config.resolv_conf.is_empty() {
        return Err(PluginError::ResolvConf(config.resolv_conf.clone()));
    }
    store.reopen();
    // Upstream keys requested IPs by their string form, so duplicates collapse.
    let mut requested: Vec<IpAddr> = Vec::new();
    for ip in &config.ip_args {
        if !requested.contains(ip) {
            requested.push(*ip);
        }
    }
    let mut result = CniResult {
        cni_version: cni_version.to_string(),
        ips: Vec::with_capacity(config.ranges.len()),
        ..CniResult::default()
    };
    for (index, rangeset) in config.ranges.iter().enumerate() {
        let requested_ip = requested
            .iter()
            .position(|ip| rangeset.contains(*ip))
            .map(|at| requested.remove(at));
        let mut allocator = IpAllocator::new(rangeset, store, index);
        match allocator.get(container_id, ifname, requested_ip) {
            Ok(ip_config) => result.ips.push(ip_config),
            Err(err) => {
                release_per_allocator(store, index, container_id, ifname);
                return Err(PluginError::AllocateForRange { index, err });
            }
        }
    }
    if !requested.is_empty() {
        release_per_allocator(store, config.ranges.len(), container_id, ifname);
        return Err(PluginError::UnusedRequestedIps(requested));
    }
    result.routes = config.routes.clone();
    Ok(result)
}

/// Upstream's rollback calls `Release` once per allocator used so far. Each call is a store-wide
/// `ReleaseByID`, so the first removes the `<id>\r\n<ifname>` files and any later one, finding none,
/// falls back to removing the container's bare-ID (pre-v0.8.0) files.
fn release_per_allocator(store: &mut Store, allocators: usize, id: &str, ifname: &str) {
    for _ in 0..allocators {
        store.release_by_id(id, ifname);
    }
}

/// `cmdDel`: for every range set, `ReleaseByID(id, ifname)` (with the bare-ID fallback). An unknown ID
/// is success, and `last_reserved_ip` is untouched. Upstream joins per-set errors with `;`; they can
/// only be I/O errors, which the in-memory store does not have. Returns the released IPs.
pub fn cmd_del(
    config: &IpamConfig,
    store: &mut Store,
    container_id: &str,
    ifname: &str,
) -> Vec<IpAddr> {
    store.reopen();
    let mut released = Vec::new();
    for (index, rangeset) in config.ranges.iter().enumerate() {
        released.extend(IpAllocator::new(rangeset, store, index).release(container_id, ifname));
    }
    released
}

/// `cmdCheck`: some file holds `<id>\r\n<ifname>`, or else the bare ID.
pub fn cmd_check(store: &mut Store, container_id: &str, ifname: &str) -> Result<(), PluginError> {
    store.reopen();
    if store.find_by_id(container_id, ifname) {
        Ok(())
    } else {
        Err(PluginError::CheckNotFound(container_id.to_string()))
    }
}
