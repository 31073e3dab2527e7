//! The CNI result types the plugins pass along the chain (`containernetworking/cni`, `pkg/types/100/types.go`).
//!
//! host-local returns IPs and routes; ptp adds the interfaces and points each IP at the pod's `eth0`
//! (`interface: 1`); portmap passes the result through. Field names and JSON keys follow the spec.

use ipnet::IpNet;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;

/// One address of a result (`types100.IPConfig`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IpConfig {
    /// Index into [`CniResult::interfaces`]; host-local leaves it unset, ptp sets it to the pod's eth0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interface: Option<usize>,
    /// The address with the *subnet's* prefix length, e.g. `10.244.1.2/24`.
    pub address: IpNet,
    /// The range's gateway (network + 1 unless configured).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gateway: Option<IpAddr>,
}

/// A route (`types.Route`): `{dst, gw}`; a missing `gw` means "via the family's gateway" to ptp.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Route {
    /// Destination prefix, e.g. `0.0.0.0/0`.
    pub dst: IpNet,
    /// Next hop, if the config names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gw: Option<IpAddr>,
}

/// An interface of a result (`types100.Interface`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interface {
    /// `vethXXXXXXXX` on the node, `eth0` in the pod.
    pub name: String,
    /// The MAC address, as the kernel would print it.
    #[serde(skip_serializing_if = "String::is_empty", default)]
    pub mac: String,
    /// The netns path for an interface inside a sandbox; empty for the host end.
    #[serde(skip_serializing_if = "String::is_empty", default)]
    pub sandbox: String,
}

/// A CNI ADD result (`types100.Result`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CniResult {
    /// `cniVersion` of the network config that produced it.
    #[serde(rename = "cniVersion")]
    pub cni_version: String,
    /// Interfaces created by the chain (empty from host-local).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub interfaces: Vec<Interface>,
    /// One address per range set, in range-set order.
    pub ips: Vec<IpConfig>,
    /// Routes copied from `ipam.routes`.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub routes: Vec<Route>,
}
