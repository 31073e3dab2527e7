//! The CNI chain a cluster's nodes run (`set cni=…`): which agent writes the node's conflist, where, and
//! which plugins a sandbox's CNI ADD and DEL run.
//!
//! * [`Chain::Kindnet`] — kind's: kindnetd writes `/etc/cni/net.d/10-kindnet.conflist` (ptp +
//!   host-local + portmap) and routes to the other nodes via their InternalIPs (`sim::kindnet`).
//! * [`Chain::Flannel`] — kube-flannel's manifest, as the kubeadm docs pair `--pod-network-cidr=10.244.0.0/16`
//!   with it: the DaemonSet's `install-cni` init container copies `cni-conf.json` to
//!   `/etc/cni/net.d/10-flannel.conflist` (flannel delegating to bridge `cni0` + host-local, then
//!   portmap), and flanneld (`--ip-masq --kube-subnet-mgr`, vxlan) writes `/run/flannel/subnet.env`
//!   and routes the other nodes' subnets through `flannel.1` (`sim::flannel`).
//! * [`Chain::K3sFlannel`] — k3s' embedded flannel (`pkg/agent/flannel/setup.go`, `setup_linux.go`):
//!   the same plugins and flanneld, with k3s' conflist (`forceAddress` in the delegate, `bandwidth`
//!   after portmap, `cniVersion` 1.0.0) in k3s' own directory, the plugins from k3s' bundle.

use std::fmt;

/// kube-flannel's `cni-conf.json` (flannel-io/flannel `Documentation/kube-flannel.yml`, the
/// `kube-flannel-cfg` ConfigMap), as the `install-cni` init container copies it.
pub const KUBE_FLANNEL_CNI_CONF: &str = r#"{
  "name": "cbr0",
  "cniVersion": "0.3.1",
  "plugins": [
    {
      "type": "flannel",
      "delegate": {
        "hairpinMode": true,
        "isDefaultGateway": true
      }
    },
    {
      "type": "portmap",
      "capabilities": {
        "portMappings": true
      }
    }
  ]
}
"#;

/// k3s' `cniConf` (k3s-io/k3s `pkg/agent/flannel/setup_linux.go`), as `createCNIConf` writes it.
pub const K3S_CNI_CONF: &str = r#"{
  "name":"cbr0",
  "cniVersion":"1.0.0",
  "plugins":[
    {
      "type":"flannel",
      "delegate":{
        "hairpinMode":true,
        "forceAddress":true,
        "isDefaultGateway":true
      }
    },
    {
      "type":"portmap",
      "capabilities":{
        "portMappings":true
      }
    },
    {
      "type":"bandwidth",
      "capabilities":{
        "bandwidth":true
      }
    }
  ]
}
"#;

/// Which CNI chain a node runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Chain {
    /// kindnetd's ptp + host-local + portmap, kind's.
    #[default]
    Kindnet,
    /// kube-flannel: flannel → bridge `cni0` + host-local, portmap.
    Flannel,
    /// k3s' embedded flannel: the same plugins, k3s' conflist and paths.
    K3sFlannel,
}

impl Chain {
    /// Every chain, as `set cni=` names them.
    pub const ALL: [Chain; 3] = [Chain::Kindnet, Chain::Flannel, Chain::K3sFlannel];

    /// Its name in `set cni=NAME`, links and the CLI's `--cni`.
    pub fn name(self) -> &'static str {
        match self {
            Chain::Kindnet => "kindnet",
            Chain::Flannel => "flannel",
            Chain::K3sFlannel => "k3s-flannel",
        }
    }

    /// The chain named `name`.
    pub fn named(name: &str) -> Option<Chain> {
        Chain::ALL.into_iter().find(|chain| chain.name() == name)
    }

    /// Whether its plugins are flannel's and the bridge's.
    pub fn is_flannel(self) -> bool {
        self != Chain::Kindnet
    }

    /// Whether flanneld runs IPv6 beside IPv4 on a dual-stack cluster: `net-conf.json` says so when k3s
    /// writes it (`createFlannelConf`); kube-flannel's manifest as shipped has no `IPv6Network`.
    pub fn flannel_ipv6(self) -> bool {
        self == Chain::K3sFlannel
    }

    /// Where the conflist is written on a node.
    pub fn conflist_path(self) -> &'static str {
        match self {
            Chain::Kindnet => crate::ipam::kindnet::CNI_CONFIG_PATH,
            Chain::Flannel => "/etc/cni/net.d/10-flannel.conflist",
            // `CNIConfDir` is `<data-dir>/agent/etc/cni/net.d` (pkg/daemons/agent, embed.go), the data
            // dir `/var/lib/rancher/k3s` for a root agent.
            Chain::K3sFlannel => "/var/lib/rancher/k3s/agent/etc/cni/net.d/10-flannel.conflist",
        }
    }

    /// The conflist's file name (`10-kindnet.conflist`, `10-flannel.conflist`).
    pub fn conflist_name(self) -> &'static str {
        let path = self.conflist_path();
        path.rsplit('/').next().unwrap_or(path)
    }

    /// Where containerd finds the plugins: `/opt/cni/bin`, or for k3s the directory of the `host-local`
    /// first in k3s' `PATH`, its own bundle (`CNIBinDir = filepath.Dir(hostLocal)`), reached through
    /// `current`, a symlink to the bundle's hash directory.
    pub fn bin_dir(self) -> &'static str {
        match self {
            Chain::Kindnet | Chain::Flannel => "/opt/cni/bin",
            Chain::K3sFlannel => "/var/lib/rancher/k3s/data/current/bin",
        }
    }

    /// The conflist's network name (`name`), host-local's directory under its `dataDir`.
    pub fn network(self) -> &'static str {
        match self {
            Chain::Kindnet => "kindnet",
            Chain::Flannel | Chain::K3sFlannel => "cbr0",
        }
    }

    /// Where host-local keeps its files, shown before the node's first ADD has written them: kind's
    /// tmpfs directory, or host-local's default `/var/lib/cni/networks` under the network's name.
    pub fn default_ipam_dir(self) -> &'static str {
        match self {
            Chain::Kindnet => "/run/cni-ipam-state/kindnet",
            Chain::Flannel | Chain::K3sFlannel => "/var/lib/cni/networks/cbr0",
        }
    }

    /// The plugins an ADD runs, in order, as the log tells them.
    pub fn add_plugins(self) -> &'static str {
        match self {
            Chain::Kindnet => "ptp (→ host-local), portmap",
            Chain::Flannel => "flannel (→ bridge cni0 → host-local), portmap",
            Chain::K3sFlannel => "flannel (→ bridge cni0 → host-local), portmap, bandwidth",
        }
    }

    /// The plugins a DEL runs, in reverse order.
    pub fn del_plugins(self) -> &'static str {
        match self {
            Chain::Kindnet => "portmap, ptp (→ host-local)",
            Chain::Flannel => "portmap, flannel (→ bridge cni0 → host-local)",
            Chain::K3sFlannel => "bandwidth, portmap, flannel (→ bridge cni0 → host-local)",
        }
    }

    /// The conflist a flannel chain installs (kindnetd renders its own).
    pub fn flannel_conflist(self) -> Option<&'static str> {
        match self {
            Chain::Kindnet => None,
            Chain::Flannel => Some(KUBE_FLANNEL_CNI_CONF),
            Chain::K3sFlannel => Some(K3S_CNI_CONF),
        }
    }

    /// The flannel plugin's stdin as libcni builds it from the conflist: its entry with the list's
    /// `name` and `cniVersion` (`buildOneConfig`).
    pub fn flannel_plugin_conf(self) -> Option<Vec<u8>> {
        let list: serde_json::Value = serde_json::from_str(self.flannel_conflist()?).ok()?;
        let mut entry = list.get("plugins")?.get(0)?.as_object()?.clone();
        entry.insert("name".into(), list.get("name")?.clone());
        entry.insert("cniVersion".into(), list.get("cniVersion")?.clone());
        serde_json::to_vec(&serde_json::Value::Object(entry)).ok()
    }
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flannel_plugin_reads_the_lists_name_and_version_and_its_delegate() {
        for chain in [Chain::Flannel, Chain::K3sFlannel] {
            let conf = chain.flannel_plugin_conf().expect("a flannel chain");
            let n = crate::ipam::flannel::load_flannel_net_conf(&conf).expect("loads");
            assert_eq!(n.name, "cbr0");
            let delegate = n.delegate.expect("a delegate");
            assert_eq!(delegate["hairpinMode"], true);
            assert_eq!(delegate["isDefaultGateway"], true);
        }
        assert_eq!(Chain::Kindnet.flannel_plugin_conf(), None);
        for chain in Chain::ALL {
            assert_eq!(Chain::named(chain.name()), Some(chain));
        }
    }
}
