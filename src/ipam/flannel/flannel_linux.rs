//! `flannel_linux.go`: the delegate's configuration (`getDelegateIPAM`, `doCmdAdd`) and DEL through the
//! saved one (`doCmdDel`).

use super::{FlannelError, NetConf, ScratchStore, SubnetEnv};
use crate::ipam::cni::{CniResult, Route};
use serde_json::{json, Map, Value};

/// `getDelegateIPAM`: the flannel configuration's `ipam` (or nothing) with `type` defaulted to
/// `host-local`, `ranges` set to the node's subnets (IPv4 then IPv6) and `routes` to the configured ones
/// followed by one per cluster network — no gateway, so the bridge plugin routes them via the pod's
/// gateway. Other keys (`dataDir`, …) pass through.
pub fn get_delegate_ipam(
    n: &NetConf,
    fenv: &SubnetEnv,
) -> Result<Map<String, Value>, FlannelError> {
    let mut ipam = n.ipam.clone().unwrap_or_default();
    ipam.entry("type").or_insert_with(|| json!("host-local"));
    let ranges: Vec<Value> = [fenv.sn, fenv.ip6_sn]
        .into_iter()
        .flatten()
        .map(|subnet| json!([{ "subnet": subnet.to_string() }]))
        .collect();
    // A nil slice marshals as null: no subnet at all (which subnet.env's checks rule out).
    ipam.insert(
        "ranges".into(),
        if ranges.is_empty() {
            Value::Null
        } else {
            Value::Array(ranges)
        },
    );
    let mut routes: Vec<Route> = match ipam.get("routes") {
        Some(configured) => serde_json::from_value(configured.clone())
            .map_err(|err| FlannelError::Routes(err.to_string()))?,
        None => Vec::new(),
    };
    routes.extend(
        fenv.nws
            .iter()
            .chain(&fenv.ip6_nws)
            .map(|nw| Route { dst: *nw, gw: None }),
    );
    ipam.insert(
        "routes".into(),
        serde_json::to_value(routes).map_err(|err| FlannelError::Routes(err.to_string()))?,
    );
    Ok(ipam)
}

/// `doCmdAdd`'s delegate: the `delegate` keys, then `name` from the network, `type` default `bridge`,
/// `ipMasq` default `!FLANNEL_IPMASQ` (flanneld masquerades, or the bridge must), `mtu` default
/// `FLANNEL_MTU`, for a bridge `isGateway` default true, `cniVersion` when the network has one, and the
/// IPAM of [`get_delegate_ipam`].
pub fn delegate_conf(n: &NetConf, fenv: &SubnetEnv) -> Result<Map<String, Value>, FlannelError> {
    let mut delegate = n.delegate.clone().unwrap_or_default();
    delegate.insert("name".into(), json!(n.name));
    delegate.entry("type").or_insert_with(|| json!("bridge"));
    delegate
        .entry("ipMasq")
        .or_insert_with(|| json!(!fenv.ipmasq));
    delegate.entry("mtu").or_insert_with(|| json!(fenv.mtu));
    if delegate.get("type").and_then(Value::as_str) == Some("bridge") {
        delegate.entry("isGateway").or_insert_with(|| json!(true));
    }
    if !n.cni_version.is_empty() {
        delegate.insert("cniVersion".into(), json!(n.cni_version));
    }
    let ipam = get_delegate_ipam(n, fenv)?;
    delegate.insert("ipam".into(), Value::Object(ipam));
    Ok(delegate)
}

/// `doCmdAdd` and `delegateAdd`: the delegate configuration, marshalled compactly with sorted keys (as
/// Go marshals a map), saved under the container's ID *before* the delegate runs, then the delegate's ADD.
/// A failed ADD leaves the file for the runtime's DEL.
pub fn do_cmd_add(
    n: &NetConf,
    fenv: &SubnetEnv,
    container_id: &str,
    scratch: &mut ScratchStore,
    delegate_add: impl FnOnce(&str, &[u8]) -> Result<CniResult, String>,
) -> Result<CniResult, FlannelError> {
    let delegate = delegate_conf(n, fenv)?;
    let plugin = delegate
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let bytes = serde_json::to_vec(&Value::Object(delegate)).unwrap_or_default();
    scratch.save(container_id, bytes.clone());
    delegate_add(&plugin, &bytes).map_err(FlannelError::DelegateAdd)
}

/// `doCmdDel` (see [`super::cmd_del`]).
pub fn do_cmd_del(
    container_id: &str,
    scratch: &mut ScratchStore,
    delegate_del: impl FnOnce(&str, &[u8]) -> Result<(), String>,
) -> Result<(), String> {
    let Some(bytes) = scratch.read(container_id).map(<[u8]>::to_vec) else {
        return Ok(());
    };
    // `types.NetConf`: the delegate's type is all DEL needs.
    let plugin = match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(conf)) => conf
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        // "Interface will remain in the bridge but will be removed when rebooting the node."
        _ => return Ok(()),
    };
    scratch.remove(container_id);
    delegate_del(&plugin, &bytes)
}
