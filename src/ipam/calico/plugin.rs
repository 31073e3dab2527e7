//! The `calico-ipam` CNI plugin: a pod's ADD and DEL turned into `AutoAssign` and `ReleaseByHandle`.
//!
//! Models `cni-plugin/pkg/ipamplugin/ipam_plugin.go` (`cmdAdd`, `cmdDel`) and
//! `cni-plugin/internal/pkg/utils/utils.go` (`GetHandleID`).

use super::block::{ATTRIBUTE_NAMESPACE, ATTRIBUTE_NODE, ATTRIBUTE_POD};
use super::ipam::{AutoAssignArgs, Ipam};
use super::store::{IpamAssignments, IpamError};
use crate::order;
use ipnet::IpNet;
use std::collections::BTreeMap;
use std::fmt;

/// The network name of Calico's conflist, the first half of every pod's handle.
pub const NETWORK_NAME: &str = "k8s-pod-network";

/// `GetHandleID(netName, containerID, workload)`: `<network>.<containerID>`.
///
/// # Examples
/// ```
/// use podip::ipam::calico::plugin::{get_handle_id, NETWORK_NAME};
/// assert_eq!(get_handle_id(NETWORK_NAME, "4f1c"), "k8s-pod-network.4f1c");
/// ```
pub fn get_handle_id(net_name: &str, container_id: &str) -> String {
    format!("{net_name}.{container_id}")
}

/// The pod an ADD is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Workload<'a> {
    /// `CNI_CONTAINERID`: the sandbox.
    pub container_id: &'a str,
    /// The node (`nodename`).
    pub node: &'a str,
    /// `K8S_POD_NAMESPACE`.
    pub namespace: &'a str,
    /// `K8S_POD_NAME`.
    pub pod: &'a str,
}

/// The `ipam` section's `assign_ipv4` / `assign_ipv6` (IPv4 on, IPv6 off unless set).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Families {
    /// `assign_ipv4` is not `"false"`.
    pub ipv4: bool,
    /// `assign_ipv6` is `"true"`.
    pub ipv6: bool,
}

impl Default for Families {
    fn default() -> Self {
        Self {
            ipv4: true,
            ipv6: false,
        }
    }
}

/// Why `cmdAdd` failed, in the plugin's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CniError {
    /// `AutoAssign` returned an error.
    Ipam(IpamError),
    /// Fewer addresses than asked: `failed to request IPv4 addresses: Assigned 0 out of 1 …`.
    Partial {
        /// 4 or 6.
        version: u8,
        /// `PartialFulfillmentError`'s text.
        detail: String,
    },
}

impl fmt::Display for CniError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Ipam(error) => error.fmt(f),
            Self::Partial { version, detail } => {
                write!(f, "failed to request IPv{version} addresses: {detail}")
            }
        }
    }
}

impl std::error::Error for CniError {}

/// `cmdAdd` without `ipAddrs` requested: one address per family from `AutoAssign`, each with its block's
/// mask. When one family fails after the other succeeded, the plugin releases the other with `ReleaseIPs`;
/// here the handle is released, which frees the same addresses.
///
/// # Examples
/// ```
/// use podip::ipam::calico::plugin::{cmd_add, Families, Workload};
/// use podip::ipam::calico::{Ipam, IpPool};
/// let pool = IpPool::new("default-ipv4-ippool", "192.168.0.0/16".parse().unwrap(), None).unwrap();
/// let mut ipam = Ipam::new(vec![pool]);
/// let pod = Workload { container_id: "4f1c", node: "kind-worker", namespace: "default", pod: "a" };
/// let ips = cmd_add(&mut ipam, &pod, Families::default()).unwrap();
/// assert_eq!(ips.len(), 1);
/// assert_eq!(ips[0].prefix_len(), 26);
/// ```
pub fn cmd_add(
    ipam: &mut Ipam,
    workload: &Workload<'_>,
    families: Families,
) -> Result<Vec<IpNet>, CniError> {
    let handle_id = get_handle_id(NETWORK_NAME, workload.container_id);
    let attrs: BTreeMap<String, String> = order::map(
        [
            (ATTRIBUTE_NODE, workload.node),
            (ATTRIBUTE_NAMESPACE, workload.namespace),
            (ATTRIBUTE_POD, workload.pod),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string())),
    );
    let args = AutoAssignArgs {
        num4: usize::from(families.ipv4),
        num6: usize::from(families.ipv6),
        handle_id: Some(handle_id.clone()),
        attrs,
        hostname: workload.node.to_string(),
        max_blocks_per_host: 0,
    };
    let result = ipam.auto_assign(&args);
    if let Some(error) = result.error {
        return Err(CniError::Ipam(error));
    }
    let short = |ia: &Option<IpamAssignments>| {
        ia.as_ref()
            .and_then(IpamAssignments::partial_fulfillment_error)
            .map(|detail| (ia.as_ref().map_or(4, |ia| ia.ip_version), detail))
    };
    if let Some((version, detail)) = short(&result.v4).or_else(|| short(&result.v6)) {
        // The other family's addresses go back (upstream: `ReleaseIPs` of them).
        let _ = ipam.release_by_handle(&handle_id);
        return Err(CniError::Partial { version, detail });
    }
    Ok(result
        .v4
        .into_iter()
        .chain(result.v6)
        .flat_map(|ia| ia.ips)
        .collect())
}

/// `cmdDel`: `ReleaseByHandle`, a missing handle ignored ("Asked to release address but it doesn't
/// exist. Ignoring"), so a DEL repeated by the runtime succeeds.
pub fn cmd_del(ipam: &mut Ipam, container_id: &str) -> Result<(), IpamError> {
    match ipam.release_by_handle(&get_handle_id(NETWORK_NAME, container_id)) {
        Err(IpamError::DoesNotExist(_)) | Ok(()) => Ok(()),
        Err(error) => Err(error),
    }
}
