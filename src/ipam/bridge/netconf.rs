//! The bridge plugin's network configuration (`plugins/main/bridge/bridge.go`: `NetConf`, `loadNetConf`).
//!
//! Keys and defaults are upstream's: `bridge` defaults to `cni0`, every flag to false, `mtu` to 0 (the
//! kernel's 1500). Unknown keys are ignored, as Go's `encoding/json` ignores them.

use serde::Deserialize;
use std::fmt;

/// `defaultBrName`.
pub const DEFAULT_BR_NAME: &str = "cni0";

/// The configuration of one ADD or DEL, as `loadNetConf` leaves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetConf {
    /// `cniVersion`.
    pub cni_version: String,
    /// `name`: the network's name, host-local's directory under its `dataDir`.
    pub name: String,
    /// `bridge`: the bridge's name.
    pub br_name: String,
    /// `isGateway`: the gateway address goes on the bridge, and forwarding on.
    pub is_gw: bool,
    /// `isDefaultGateway`: a default route via the gateway in the pod (and implies `isGateway`).
    pub is_default_gw: bool,
    /// `forceAddress`: replace another address of the family on the bridge instead of failing.
    pub force_address: bool,
    /// `ipMasq`: masquerade traffic leaving the pod subnet (iptables rules, not modelled).
    pub ip_masq: bool,
    /// `mtu`: of the bridge when it is created, and of both veth ends; 0 leaves the kernel's 1500.
    pub mtu: u32,
    /// `hairpinMode`: the pod's port may send frames back where they came from (a pod reaching itself
    /// through a Service).
    pub hairpin_mode: bool,
    /// `promiscMode`: the bridge in promiscuous mode (not modelled beyond its conflict with hairpin).
    pub promisc_mode: bool,
    /// `vlan`: 0 or a VLAN ID (VLANs are not modelled: a non-zero one is refused).
    pub vlan: i64,
    /// `enabledad`: keep IPv6 duplicate address detection on the pod's interface.
    pub enable_dad: bool,
    /// `disableContainerInterface`: leave the pod's interface down (layer 2 only).
    pub disable_container_interface: bool,
    /// `ipam.type`; empty for a layer-2 bridge.
    pub ipam_type: String,
}

/// The JSON as `encoding/json` reads it into `NetConf`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Raw {
    #[serde(default)]
    cni_version: String,
    #[serde(default)]
    name: String,
    #[serde(rename = "bridge")]
    br_name: Option<String>,
    #[serde(rename = "isGateway", default)]
    is_gw: bool,
    #[serde(rename = "isDefaultGateway", default)]
    is_default_gw: bool,
    #[serde(default)]
    force_address: bool,
    #[serde(default)]
    ip_masq: bool,
    #[serde(default)]
    mtu: i64,
    #[serde(default)]
    hairpin_mode: bool,
    #[serde(default)]
    promisc_mode: bool,
    #[serde(default)]
    vlan: i64,
    #[serde(rename = "enabledad", default)]
    enable_dad: bool,
    #[serde(default)]
    disable_container_interface: bool,
    ipam: Option<RawIpam>,
}

/// `types.IPAM`: only its type.
#[derive(Deserialize)]
struct RawIpam {
    #[serde(rename = "type", default)]
    ipam_type: String,
}

/// Why `loadNetConf` refused the configuration. `Display` is upstream's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetConfError {
    /// The JSON did not decode. Upstream's detail is Go's `encoding/json` error; the model's is serde's.
    Load(String),
    /// `vlan` outside 0…4094.
    InvalidVlan(i64),
}

impl fmt::Display for NetConfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetConfError::Load(detail) => write!(f, "failed to load netconf: {detail}"),
            NetConfError::InvalidVlan(vlan) => {
                write!(f, "invalid VLAN ID {vlan} (must be between 0 and 4094)")
            }
        }
    }
}

impl std::error::Error for NetConfError {}

/// `loadNetConf`: the configuration with upstream's defaults, and its `cniVersion`.
///
/// `CNI_ARGS`' `MAC=` and the `args`/`runtimeConfig` MACs are not read: podip's pods take the
/// kernel's random MAC.
///
/// # Examples
/// ```
/// use podip::ipam::bridge::netconf::load_net_conf;
/// let (conf, version) = load_net_conf(br#"{"cniVersion":"0.3.1","name":"cbr0","type":"bridge"}"#).unwrap();
/// assert_eq!((conf.br_name.as_str(), version.as_str()), ("cni0", "0.3.1"));
/// assert_eq!(
///     load_net_conf(br#"{"name":"cbr0","vlan":5000}"#).unwrap_err().to_string(),
///     "invalid VLAN ID 5000 (must be between 0 and 4094)"
/// );
/// ```
pub fn load_net_conf(bytes: &[u8]) -> Result<(NetConf, String), NetConfError> {
    let raw: Raw =
        serde_json::from_slice(bytes).map_err(|err| NetConfError::Load(err.to_string()))?;
    if !(0..=4094).contains(&raw.vlan) {
        return Err(NetConfError::InvalidVlan(raw.vlan));
    }
    let conf = NetConf {
        cni_version: raw.cni_version.clone(),
        name: raw.name,
        br_name: raw.br_name.unwrap_or_else(|| DEFAULT_BR_NAME.to_string()),
        is_gw: raw.is_gw,
        is_default_gw: raw.is_default_gw,
        force_address: raw.force_address,
        ip_masq: raw.ip_masq,
        // A negative or huge MTU reaches the kernel, which refuses it; as u32 it is refused the same way.
        mtu: u32::try_from(raw.mtu).unwrap_or(u32::MAX),
        hairpin_mode: raw.hairpin_mode,
        promisc_mode: raw.promisc_mode,
        vlan: raw.vlan,
        enable_dad: raw.enable_dad,
        disable_container_interface: raw.disable_container_interface,
        ipam_type: raw.ipam.map(|ipam| ipam.ipam_type).unwrap_or_default(),
    };
    Ok((conf, raw.cni_version))
}
