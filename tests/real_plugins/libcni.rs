//! The real plugins, driven as containerd drives them through libcni (`containernetworking/cni`,
//! `libcni/api.go`) and go-cni:
//!
//! * each plugin of the conflist gets its own object with the list's `name` and `cniVersion`
//!   (`buildOneConfig`), the capabilities the runtime has arguments for as `runtimeConfig`
//!   (`injectRuntimeConfig`: containerd always passes `portMappings`, empty for a pod without ports),
//!   and from the second plugin on the previous plugin's result as `prevResult`;
//! * ADD runs the list in order, DEL in reverse order, without `prevResult` at `cniVersion` 0.3.1 (the
//!   cached result is passed only from 0.4.0);
//! * go-cni sets the sandbox's `lo` up with the `loopback` plugin before the list, and runs its DEL
//!   after the list's;
//! * every plugin runs in the node's namespace (the runtime's), `CNI_NETNS` naming the pod's.

use super::kernel::Netns;
use serde_json::{json, Value};

/// Where Debian's `containernetworking-plugins` installs the plugins (`CNI_PATH`).
pub const CNI_PATH: &str = "/usr/lib/cni";

/// One sandbox's part of a CNI call: the `CNI_*` variables besides the command.
pub struct Call<'a> {
    /// `CNI_CONTAINERID`: the sandbox's ID.
    pub container_id: &'a str,
    /// `CNI_NETNS`: the path of the sandbox's namespace.
    pub netns: &'a str,
    /// `CNI_ARGS`.
    pub args: &'a str,
}

/// A plugin's error (`types.Error`): what containerd reports after `plugin type="ptp" failed (add): `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginError {
    /// Which plugin said it.
    pub plugin: String,
    /// `types.Error.Error()`: `msg`, then `; details` when there are any.
    pub text: String,
}

/// A conflist run by the real plugins in a node's namespace.
pub struct RealChain<'a> {
    /// The node's namespace: where the plugins run.
    pub node: &'a Netns,
    /// The parsed conflist.
    conflist: Value,
}

impl<'a> RealChain<'a> {
    /// The chain of `conflist` (the text podip renders) on `node`.
    pub fn new(node: &'a Netns, conflist: &str) -> Self {
        let conflist = serde_json::from_str(conflist)
            .unwrap_or_else(|err| panic!("podip's conflist is not JSON ({err}):\n{conflist}"));
        RealChain { node, conflist }
    }

    /// The conflist's plugin objects.
    fn plugins(&self) -> Vec<Value> {
        self.conflist["plugins"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// `buildOneConfig` and `injectRuntimeConfig` for one plugin of the list.
    fn one_config(&self, plugin: &Value, prev_result: Option<&Value>) -> Value {
        let mut conf = plugin.clone();
        conf["name"] = self.conflist["name"].clone();
        conf["cniVersion"] = self.conflist["cniVersion"].clone();
        let wants_ports = plugin["capabilities"]["portMappings"].as_bool() == Some(true);
        if wants_ports {
            conf["runtimeConfig"] = json!({ "portMappings": [] });
        }
        if let Some(prev) = prev_result {
            conf["prevResult"] = prev.clone();
        }
        conf
    }

    /// CNI ADD: loopback, then the list in order. Returns the last plugin's result.
    pub fn add(&self, call: &Call) -> Result<Value, PluginError> {
        let lo = json!({ "cniVersion": self.conflist["cniVersion"], "name": "cni-loopback", "type": "loopback" });
        self.exec("ADD", &lo, call, "lo")?;
        let mut prev: Option<Value> = None;
        for plugin in self.plugins() {
            let conf = self.one_config(&plugin, prev.as_ref());
            prev = Some(self.exec("ADD", &conf, call, "eth0")?);
        }
        Ok(prev.unwrap_or(Value::Null))
    }

    /// CNI DEL: the list in reverse order, then loopback.
    pub fn del(&self, call: &Call) -> Result<(), PluginError> {
        for plugin in self.plugins().iter().rev() {
            self.exec("DEL", &self.one_config(plugin, None), call, "eth0")?;
        }
        let lo = json!({ "cniVersion": self.conflist["cniVersion"], "name": "cni-loopback", "type": "loopback" });
        self.exec("DEL", &lo, call, "lo").map(|_| ())
    }

    /// Runs one plugin: its result on success (`null` for DEL), its error otherwise.
    fn exec(
        &self,
        command: &str,
        conf: &Value,
        call: &Call,
        ifname: &str,
    ) -> Result<Value, PluginError> {
        let plugin = conf["type"].as_str().unwrap_or_default().to_string();
        let out = self.node.exec(
            &format!("{CNI_PATH}/{plugin}"),
            &[
                ("CNI_COMMAND", command),
                ("CNI_CONTAINERID", call.container_id),
                ("CNI_NETNS", call.netns),
                ("CNI_IFNAME", ifname),
                ("CNI_ARGS", call.args),
                ("CNI_PATH", CNI_PATH),
            ],
            conf.to_string().as_bytes(),
        );
        let stdout: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        if out.status.success() {
            return Ok(stdout);
        }
        let msg = stdout["msg"].as_str().unwrap_or_default();
        let text = match stdout["details"].as_str() {
            Some(details) if !details.is_empty() => format!("{msg}; {details}"),
            _ if msg.is_empty() => format!(
                "exit {:?}, no error JSON; stdout {:?}, stderr {:?}",
                out.status.code(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
            _ => msg.to_string(),
        };
        Err(PluginError { plugin, text })
    }
}
