//! flannel's chains: kube-flannel's manifest (`set cni=flannel`), as the kubeadm docs pair
//! `--pod-network-cidr=10.244.0.0/16` with it — the DaemonSet's `install-cni` init container copies
//! `cni-conf.json` to `/etc/cni/net.d/10-flannel.conflist` (flannel delegating to bridge `cni0` +
//! host-local, then portmap), and flanneld (`--ip-masq --kube-subnet-mgr`, vxlan) writes
//! `/run/flannel/subnet.env` and routes the other nodes' subnets through `flannel.1` ([`flanneld`]) —
//! and k3s' embedded flannel (`set cni=k3s-flannel`, `pkg/agent/flannel/setup.go`, `setup_linux.go`):
//! the same plugins and flanneld, with k3s' conflist (`forceAddress` in the delegate, `bandwidth` after
//! portmap, `cniVersion` 1.0.0) in k3s' own directory, the plugins from k3s' bundle. A sandbox's CNI
//! ADD and DEL go through flannel and the bridge plugin ([`cni`]).

pub mod cni;
pub mod flanneld;

use super::spec::ChainSpec;

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

/// kube-flannel's row of data.
pub const SPEC: ChainSpec = ChainSpec {
    name: "flannel",
    conflist_path: "/etc/cni/net.d/10-flannel.conflist",
    bin_dir: "/opt/cni/bin",
    network: "cbr0",
    // The delegate's IPAM has no `dataDir`: host-local's default under the network's name.
    default_ipam_dir: "/var/lib/cni/networks/cbr0",
    add_plugins: "flannel (→ bridge cni0 → host-local), portmap",
    del_plugins: "portmap, flannel (→ bridge cni0 → host-local)",
    first_plugin: "flannel",
    conflist: Some(KUBE_FLANNEL_CNI_CONF),
    bridged: true,
    flanneld: true,
    // kube-flannel's manifest as shipped has no `IPv6Network`.
    flannel_ipv6: false,
    reboot_links: "veths, the cni0 bridge, flannel.1 and their routes",
};

/// k3s' embedded flannel's row of data.
pub const K3S_SPEC: ChainSpec = ChainSpec {
    name: "k3s-flannel",
    // `CNIConfDir` is `<data-dir>/agent/etc/cni/net.d` (pkg/daemons/agent, embed.go), the data dir
    // `/var/lib/rancher/k3s` for a root agent.
    conflist_path: "/var/lib/rancher/k3s/agent/etc/cni/net.d/10-flannel.conflist",
    // The directory of the `host-local` first in k3s' `PATH`, its own bundle (`CNIBinDir =
    // filepath.Dir(hostLocal)`), reached through `current`, a symlink to the bundle's hash directory.
    bin_dir: "/var/lib/rancher/k3s/data/current/bin",
    add_plugins: "flannel (→ bridge cni0 → host-local), portmap, bandwidth",
    del_plugins: "bandwidth, portmap, flannel (→ bridge cni0 → host-local)",
    conflist: Some(K3S_CNI_CONF),
    // `createFlannelConf` writes `IPv6Network` for a dual-stack cluster CIDR.
    flannel_ipv6: true,
    ..SPEC
};
