//! [`ChainSpec`], a chain's row of data: what is known of it without running it.

/// A chain's facts as files and logs name them: one row per chain, in the chain's folder.
#[derive(Debug)]
pub struct ChainSpec {
    /// Its name in `set cni=NAME`, links and the CLI's `--cni`.
    pub name: &'static str,
    /// Where the conflist is written on a node.
    pub conflist_path: &'static str,
    /// Where containerd finds the plugins.
    pub bin_dir: &'static str,
    /// The conflist's network name (`name`), host-local's directory under its `dataDir`.
    pub network: &'static str,
    /// Where host-local keeps its files, shown before the node's first ADD has written them.
    pub default_ipam_dir: &'static str,
    /// The plugins an ADD runs, in order, as the log tells them.
    pub add_plugins: &'static str,
    /// The plugins a DEL runs, in reverse order.
    pub del_plugins: &'static str,
    /// The first plugin of the list, as libcni names it when its ADD fails (`plugin type="…"`).
    pub first_plugin: &'static str,
    /// The conflist as its installer copies it, when it is a fixed text (kindnetd renders its own).
    pub conflist: Option<&'static str>,
    /// Whether its plugins are flannel's and the bridge's (`cni0`, flanneld's `flannel.1`).
    pub bridged: bool,
    /// Whether flanneld runs on its nodes (`subnet.env`, `flannel.1` and the routes through it).
    pub flanneld: bool,
    /// Whether flanneld runs IPv6 beside IPv4 on a dual-stack cluster.
    pub flannel_ipv6: bool,
    /// What a reboot takes from the node's network namespace besides the pods' ends.
    pub reboot_links: &'static str,
}
