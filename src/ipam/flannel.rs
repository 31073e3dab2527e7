//! flannel's CNI plugin (`flannel-io/cni-plugin`, `flannel.go`): a meta-plugin. It reads flanneld's
//! `/run/flannel/subnet.env`, turns it and its own `delegate` keys into a bridge configuration, saves that
//! under `/var/lib/cni/flannel/<containerID>`, and hands it to the bridge plugin; on DEL it reads the saved
//! configuration back, so the bridge is torn down with what it was set up with even if `subnet.env`
//! changed or is gone.
//!
//! * this file — `flannel.go`: [`load_flannel_net_conf`], [`load_flannel_subnet_env`], the scratch store
//!   ([`ScratchStore`]: `saveScratchNetConf`, `consumeScratchNetConf`), [`cmd_add`]'s checks of the
//!   `delegate` dictionary, and the errors;
//! * [`flannel_linux`] — `flannel_linux.go`: [`flannel_linux::get_delegate_ipam`], `doCmdAdd` (the
//!   delegate's defaults) and `doCmdDel`.
//!
//! JSON objects are `serde_json` maps, ordered by key as Go's `encoding/json` orders a marshalled
//! `map[string]interface{}`, so the saved file is byte for byte upstream's (Go would also escape `<`, `>`
//! and `&` in strings, which no configuration here holds).
//!
//! # Examples
//! ```
//! use podip::ipam::flannel::{flannel_linux::delegate_conf, load_flannel_net_conf, load_flannel_subnet_env};
//! let conf = load_flannel_net_conf(br#"{"name":"cbr0","cniVersion":"0.3.1","type":"flannel",
//!   "delegate":{"hairpinMode":true,"isDefaultGateway":true}}"#).unwrap();
//! let env = load_flannel_subnet_env(
//!     "/run/flannel/subnet.env",
//!     Some("FLANNEL_NETWORK=10.244.0.0/16\nFLANNEL_SUBNET=10.244.1.1/24\nFLANNEL_MTU=1450\nFLANNEL_IPMASQ=true\n"),
//! ).unwrap();
//! let delegate = delegate_conf(&conf, &env).unwrap();
//! assert_eq!(
//!     serde_json::to_string(&delegate).unwrap(),
//!     r#"{"cniVersion":"0.3.1","hairpinMode":true,"ipMasq":false,"ipam":{"ranges":[[{"subnet":"10.244.1.0/24"}]],"routes":[{"dst":"10.244.0.0/16"}],"type":"host-local"},"isDefaultGateway":true,"isGateway":true,"mtu":1450,"name":"cbr0","type":"bridge"}"#
//! );
//! ```

pub mod flannel_linux;

use crate::ipam::cni::CniResult;
use crate::ipam::goip::parse_cidr;
use ipnet::IpNet;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;

/// `defaultSubnetFile`: where flanneld writes the node's lease.
pub const DEFAULT_SUBNET_FILE: &str = "/run/flannel/subnet.env";

/// `defaultDataDir`: where the plugin keeps each sandbox's delegate configuration.
pub const DEFAULT_DATA_DIR: &str = "/var/lib/cni/flannel";

/// The plugin's own configuration (`NetConf`), the entry of the conflist whose `type` is `flannel`.
#[derive(Debug, Clone, PartialEq)]
pub struct NetConf {
    /// `cniVersion`; copied into the delegate when set.
    pub cni_version: String,
    /// `name`: the network's, which becomes the delegate's (and host-local's directory, `cbr0`).
    pub name: String,
    /// `ipam`: keys the delegate's IPAM starts from (its `type`, `routes`, any other).
    pub ipam: Option<Map<String, Value>>,
    /// `subnetFile`, default [`DEFAULT_SUBNET_FILE`].
    pub subnet_file: String,
    /// `dataDir`, default [`DEFAULT_DATA_DIR`].
    pub data_dir: String,
    /// `delegate`: keys copied into the delegate (kube-flannel: `hairpinMode`, `isDefaultGateway`).
    pub delegate: Option<Map<String, Value>>,
    /// `runtimeConfig`: passed on to the delegate.
    pub runtime_config: Option<Map<String, Value>>,
}

/// What `subnet.env` says (`subnetEnv`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubnetEnv {
    /// `FLANNEL_NETWORK`: the cluster's IPv4 networks, duplicates dropped.
    pub nws: Vec<IpNet>,
    /// `FLANNEL_SUBNET`: the node's IPv4 subnet, as a network (`10.244.1.1/24` reads as `10.244.1.0/24`).
    pub sn: Option<IpNet>,
    /// `FLANNEL_IPV6_NETWORK`.
    pub ip6_nws: Vec<IpNet>,
    /// `FLANNEL_IPV6_SUBNET`.
    pub ip6_sn: Option<IpNet>,
    /// `FLANNEL_MTU`: the backend's MTU (vxlan: the uplink's less 50).
    pub mtu: u32,
    /// `FLANNEL_IPMASQ`: whether flanneld masquerades (then the bridge need not).
    pub ipmasq: bool,
}

/// Why the plugin failed. `Display` is upstream's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FlannelError {
    /// `loadFlannelNetConf` (detail: serde's words where upstream has Go's `encoding/json`'s).
    NetConf(String),
    /// `loadFlannelSubnetEnv` failed: the file is missing, a value does not parse, or keys are missing.
    SubnetEnv(String),
    /// `delegate.type` is not a string.
    DelegateType,
    /// `delegate` has a `name`.
    DelegateName,
    /// `delegate` has an `ipam`.
    DelegateIpam,
    /// `getDelegateIPAM`: `ipam.routes` did not decode.
    Routes(String),
    /// The delegate's ADD failed (its text).
    DelegateAdd(String),
}

impl fmt::Display for FlannelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlannelError::NetConf(detail) => {
                write!(f, "failed to load flannel netconf file: failed to load netconf: {detail}")
            }
            FlannelError::SubnetEnv(detail) => write!(
                f,
                "failed to load flannel 'subnet.env' file: {detail}. Check the flannel pod log for this node."
            ),
            FlannelError::DelegateType => {
                f.write_str("'delegate' dictionary, if present, must have (string) 'type' field")
            }
            FlannelError::DelegateName => f.write_str(
                "'delegate' dictionary must not have 'name' field, it'll be set by flannel",
            ),
            FlannelError::DelegateIpam => f.write_str(
                "'delegate' dictionary must not have 'ipam' field, it'll be set by flannel",
            ),
            FlannelError::Routes(detail) => write!(
                f,
                "failed to assemble Delegate IPAM: failed to read IPAM routes: failed to parse ipam.routes: {detail}"
            ),
            FlannelError::DelegateAdd(text) => write!(f, "failed to delegate add: {text}"),
        }
    }
}

impl std::error::Error for FlannelError {}

/// `loadFlannelNetConf`: the configuration with `subnetFile` and `dataDir` defaulted.
pub fn load_flannel_net_conf(bytes: &[u8]) -> Result<NetConf, FlannelError> {
    let value: Value =
        serde_json::from_slice(bytes).map_err(|err| FlannelError::NetConf(err.to_string()))?;
    let Value::Object(object) = value else {
        return Err(FlannelError::NetConf("expected a JSON object".to_string()));
    };
    let text = |key: &str, default: &str| -> Result<String, FlannelError> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(default.to_string()),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(other) => Err(FlannelError::NetConf(format!(
                "{key}: expected a string, found {other}"
            ))),
        }
    };
    let map = |key: &str| -> Result<Option<Map<String, Value>>, FlannelError> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Object(m)) => Ok(Some(m.clone())),
            Some(other) => Err(FlannelError::NetConf(format!(
                "{key}: expected an object, found {other}"
            ))),
        }
    };
    Ok(NetConf {
        cni_version: text("cniVersion", "")?,
        name: text("name", "")?,
        ipam: map("ipam")?,
        subnet_file: text("subnetFile", DEFAULT_SUBNET_FILE)?,
        data_dir: text("dataDir", DEFAULT_DATA_DIR)?,
        delegate: map("delegate")?,
        runtime_config: map("runtimeConfig")?,
    })
}

/// `loadFlannelSubnetEnv`: `path`'s content (`None` when the file does not exist — flanneld has not
/// written it yet) line by line, `KEY=VALUE`, unknown keys ignored.
///
/// # Examples
/// ```
/// use podip::ipam::flannel::load_flannel_subnet_env;
/// assert_eq!(
///     load_flannel_subnet_env("/run/flannel/subnet.env", Some("foo=bar")).unwrap_err().to_string(),
///     "failed to load flannel 'subnet.env' file: /run/flannel/subnet.env is missing FLANNEL_NETWORK, \
///      FLANNEL_IPV6_NETWORK, FLANNEL_SUBNET, FLANNEL_IPV6_SUBNET, FLANNEL_MTU, FLANNEL_IPMASQ. \
///      Check the flannel pod log for this node."
/// );
/// ```
pub fn load_flannel_subnet_env(
    path: &str,
    content: Option<&str>,
) -> Result<SubnetEnv, FlannelError> {
    let content = content.ok_or_else(|| {
        FlannelError::SubnetEnv(format!("open {path}: no such file or directory"))
    })?;
    let fail = |detail: String| FlannelError::SubnetEnv(detail);
    let parse_nets = |value: &str| -> Result<Vec<IpNet>, FlannelError> {
        let mut nets = Vec::new();
        for cidr in value.split(',') {
            let (_, net) = parse_cidr(cidr).map_err(|err| fail(err.to_string()))?;
            // isSubnetAlreadyPresent: the same network twice counts once.
            if !nets.contains(&net) {
                nets.push(net);
            }
        }
        Ok(nets)
    };
    let (mut nws, mut sn, mut ip6_nws, mut ip6_sn, mut mtu, mut ipmasq) =
        (Vec::new(), None, Vec::new(), None, None, None);
    for line in content.lines() {
        let (key, value) = match line.split_once('=') {
            Some((key, value)) => (key, Some(value)),
            None => (line, None),
        };
        let known = matches!(
            key,
            "FLANNEL_NETWORK"
                | "FLANNEL_SUBNET"
                | "FLANNEL_IPV6_NETWORK"
                | "FLANNEL_IPV6_SUBNET"
                | "FLANNEL_MTU"
                | "FLANNEL_IPMASQ"
        );
        if !known {
            continue;
        }
        // A known key without `=`: upstream indexes `parts[1]` of a one-element slice and panics.
        let value = value
            .ok_or_else(|| fail("runtime error: index out of range [1] with length 1".into()))?;
        match key {
            "FLANNEL_NETWORK" => nws = parse_nets(value)?,
            "FLANNEL_SUBNET" => sn = Some(parse_cidr(value).map_err(|e| fail(e.to_string()))?.1),
            "FLANNEL_IPV6_NETWORK" => ip6_nws = parse_nets(value)?,
            "FLANNEL_IPV6_SUBNET" => {
                ip6_sn = Some(parse_cidr(value).map_err(|e| fail(e.to_string()))?.1)
            }
            "FLANNEL_MTU" => mtu = Some(parse_uint32(value).map_err(fail)?),
            _ => ipmasq = Some(value == "true"),
        }
    }
    let mut missing = Vec::new();
    if nws.is_empty() && ip6_nws.is_empty() {
        missing.extend(["FLANNEL_NETWORK", "FLANNEL_IPV6_NETWORK"]);
    }
    if sn.is_none() && ip6_sn.is_none() {
        missing.extend(["FLANNEL_SUBNET", "FLANNEL_IPV6_SUBNET"]);
    }
    if mtu.is_none() {
        missing.push("FLANNEL_MTU");
    }
    if ipmasq.is_none() {
        missing.push("FLANNEL_IPMASQ");
    }
    match (mtu, ipmasq) {
        (Some(mtu), Some(ipmasq)) if missing.is_empty() => Ok(SubnetEnv {
            nws,
            sn,
            ip6_nws,
            ip6_sn,
            mtu,
            ipmasq,
        }),
        _ => Err(fail(format!("{path} is missing {}", missing.join(", ")))),
    }
}

/// `strconv.ParseUint(s, 10, 32)`, with its error text.
fn parse_uint32(s: &str) -> Result<u32, String> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.ParseUint: parsing {s:?}: invalid syntax"));
    }
    s.parse()
        .map_err(|_| format!("strconv.ParseUint: parsing {s:?}: value out of range"))
}

/// The plugin's data directory (`/var/lib/cni/flannel`): one file per sandbox, named by its container
/// ID, holding the delegate configuration sent at ADD.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScratchStore {
    /// File name → content.
    files: BTreeMap<String, Vec<u8>>,
}

impl ScratchStore {
    /// `saveScratchNetConf`: writes (or overwrites) the sandbox's file.
    pub fn save(&mut self, container_id: &str, netconf: Vec<u8>) {
        self.files.insert(container_id.to_string(), netconf);
    }

    /// The sandbox's file, if there is one.
    pub fn read(&self, container_id: &str) -> Option<&[u8]> {
        self.files.get(container_id).map(Vec::as_slice)
    }

    /// Removes the sandbox's file.
    pub fn remove(&mut self, container_id: &str) {
        self.files.remove(container_id);
    }

    /// The files, as `ls` lists them.
    pub fn ls(&self) -> Vec<&str> {
        self.files.keys().map(String::as_str).collect()
    }
}

/// flannel `cmdAdd`: loads its configuration and `subnet.env` (`subnet_env`: the file's content, `None`
/// when it does not exist), checks the `delegate` dictionary, then `doCmdAdd`: the delegate configuration
/// is built, saved in `scratch` and passed to `delegate_add` (the delegate's type, its configuration),
/// whose result is the plugin's.
pub fn cmd_add(
    stdin: &[u8],
    container_id: &str,
    subnet_env: Option<&str>,
    scratch: &mut ScratchStore,
    delegate_add: impl FnOnce(&str, &[u8]) -> Result<CniResult, String>,
) -> Result<CniResult, FlannelError> {
    let mut n = load_flannel_net_conf(stdin)?;
    let fenv = load_flannel_subnet_env(&n.subnet_file, subnet_env)?;
    match &n.delegate {
        None => n.delegate = Some(Map::new()),
        Some(delegate) => {
            if delegate.get("type").is_some_and(|t| !t.is_string()) {
                return Err(FlannelError::DelegateType);
            }
            if delegate.contains_key("name") {
                return Err(FlannelError::DelegateName);
            }
            if delegate.contains_key("ipam") {
                return Err(FlannelError::DelegateIpam);
            }
        }
    }
    if let (Some(runtime), Some(delegate)) = (&n.runtime_config, &mut n.delegate) {
        delegate.insert("runtimeConfig".into(), Value::Object(runtime.clone()));
    }
    flannel_linux::do_cmd_add(&n, &fenv, container_id, scratch, delegate_add)
}

/// flannel `cmdDel` (`doCmdDel`): loads its configuration (a bad one fails with `loadFlannelNetConf`'s
/// text), reads the sandbox's saved delegate configuration and passes it to `delegate_del`. No file is success (DEL is idempotent). The file is removed once it parsed — even when
/// the delegate's DEL fails, since upstream's deferred cleanup reads an `err` the `return` does not set —
/// and kept, with success, when it does not parse.
pub fn cmd_del(
    stdin: &[u8],
    container_id: &str,
    scratch: &mut ScratchStore,
    delegate_del: impl FnOnce(&str, &[u8]) -> Result<(), String>,
) -> Result<(), String> {
    load_flannel_net_conf(stdin).map_err(|err| match err {
        FlannelError::NetConf(detail) => format!("failed to load netconf: {detail}"),
        other => other.to_string(),
    })?;
    flannel_linux::do_cmd_del(container_id, scratch, delegate_del)
}
