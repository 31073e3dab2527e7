//! kind's chain (`set cni=kindnet`): kindnetd ([`kindnetd`]) writes `/etc/cni/net.d/10-kindnet.conflist`
//! (ptp + host-local + portmap) and routes to the other nodes via their InternalIPs; a sandbox's CNI ADD
//! and DEL run ptp, which runs host-local ([`cni`]).

pub mod cni;
pub mod kindnetd;

use super::spec::ChainSpec;

/// kindnet's row of data.
pub const SPEC: ChainSpec = ChainSpec {
    name: "kindnet",
    conflist_path: crate::ipam::kindnet::CNI_CONFIG_PATH,
    bin_dir: "/opt/cni/bin",
    network: "kindnet",
    // kind's tmpfs directory, the conflist's `dataDir`.
    default_ipam_dir: "/run/cni-ipam-state/kindnet",
    add_plugins: "ptp (→ host-local), portmap",
    del_plugins: "portmap, ptp (→ host-local)",
    first_plugin: "ptp",
    conflist: None,
    bridged: false,
    flanneld: false,
    flannel_ipv6: false,
    reboot_links: "veths and /32 routes",
};
