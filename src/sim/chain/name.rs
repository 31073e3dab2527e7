//! [`Chain`], the CNI chain a node runs (`set cni=…`), and what is known of it without running it: its
//! row of data, [`ChainSpec`], which its own folder holds (`kindnet::SPEC`, `flannel::SPEC`, …).

use super::calico;
use super::canal;
use super::flannel;
use super::kindnet;
use super::spec::ChainSpec;
use std::fmt;

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
    /// Calico's manifest: the calico plugin with calico-ipam (blocks of an IP pool), IP-in-IP.
    Calico,
    /// Canal (RKE2's): the calico plugin with host-local on the node's podCIDR, flannel's vxlan.
    Canal,
}

impl Chain {
    /// Every chain, as `set cni=` names them.
    pub const ALL: [Chain; 5] = [
        Chain::Kindnet,
        Chain::Flannel,
        Chain::K3sFlannel,
        Chain::Calico,
        Chain::Canal,
    ];

    /// Its row of data (the one `match` on what a chain is; what it does is `seam::actors`).
    pub fn spec(self) -> &'static ChainSpec {
        match self {
            Chain::Kindnet => &kindnet::SPEC,
            Chain::Flannel => &flannel::SPEC,
            Chain::K3sFlannel => &flannel::K3S_SPEC,
            Chain::Calico => &calico::SPEC,
            Chain::Canal => &canal::SPEC,
        }
    }

    /// Its name in `set cni=NAME`, links and the CLI's `--cni`.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The chain named `name`.
    pub fn named(name: &str) -> Option<Chain> {
        Chain::ALL.into_iter().find(|chain| chain.name() == name)
    }

    /// Whether its plugins are flannel's and the bridge's.
    pub fn is_flannel(self) -> bool {
        self.spec().bridged
    }

    /// Whether flanneld runs on its nodes: kube-flannel's, k3s' and Canal's.
    pub fn runs_flanneld(self) -> bool {
        self.spec().flanneld
    }

    /// Whether flanneld runs IPv6 beside IPv4 on a dual-stack cluster: `net-conf.json` says so when k3s
    /// writes it (`createFlannelConf`); kube-flannel's manifest as shipped has no `IPv6Network`.
    pub fn flannel_ipv6(self) -> bool {
        self.spec().flannel_ipv6
    }

    /// Where the conflist is written on a node.
    pub fn conflist_path(self) -> &'static str {
        self.spec().conflist_path
    }

    /// The conflist's file name (`10-kindnet.conflist`, `10-flannel.conflist`).
    pub fn conflist_name(self) -> &'static str {
        let path = self.conflist_path();
        path.rsplit('/').next().unwrap_or(path)
    }

    /// Where containerd finds the plugins.
    pub fn bin_dir(self) -> &'static str {
        self.spec().bin_dir
    }

    /// The conflist's network name (`name`), host-local's directory under its `dataDir`.
    pub fn network(self) -> &'static str {
        self.spec().network
    }

    /// Where host-local keeps its files, shown before the node's first ADD has written them.
    pub fn default_ipam_dir(self) -> &'static str {
        self.spec().default_ipam_dir
    }

    /// The plugins an ADD runs, in order, as the log tells them.
    pub fn add_plugins(self) -> &'static str {
        self.spec().add_plugins
    }

    /// The plugins a DEL runs, in reverse order.
    pub fn del_plugins(self) -> &'static str {
        self.spec().del_plugins
    }

    /// The conflist a flannel chain installs (kindnetd renders its own).
    pub fn flannel_conflist(self) -> Option<&'static str> {
        self.spec().conflist.filter(|_| self.is_flannel())
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
