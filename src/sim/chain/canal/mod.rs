//! Canal (`set cni=canal`), RKE2's default: the calico plugin with host-local over the node's
//! `spec.podCIDR` (`"ipam": {"type": "host-local", "subnet": "usePodCidr"}`), so a pod's address *is* in
//! its node's podCIDR, and flannel's vxlan for the routes between nodes. The canal pod's `install-cni`
//! writes `10-canal.conflist` and its flannel container is flanneld, run as on kube-flannel's nodes
//! (`flannel::flanneld`, its `Network` the cluster CIDR as RKE2 writes it); a sandbox's ADD and DEL are
//! [`cni`]'s: host-local, then the calico plugin's `cali` veth, `169.254.1.1` and `/32` route.

pub mod cni;

use super::spec::ChainSpec;

/// Canal's row of data.
pub const SPEC: ChainSpec = ChainSpec {
    name: "canal",
    conflist_path: "/etc/cni/net.d/10-canal.conflist",
    bin_dir: "/opt/cni/bin",
    network: "k8s-pod-network",
    // The ipam section has no `dataDir`: host-local's default under the network's name.
    default_ipam_dir: "/var/lib/cni/networks/k8s-pod-network",
    add_plugins: "calico (→ host-local usePodCidr), portmap, bandwidth",
    del_plugins: "bandwidth, portmap, calico (→ host-local)",
    first_plugin: "calico",
    conflist: None,
    bridged: false,
    flanneld: true,
    flannel_ipv6: false,
    reboot_links: "cali veths, flannel.1 and their routes",
};

/// The canal chart's `cni_network_config` as `install-cni` writes it for `node` (calico with host-local
/// on the node's podCIDR, then portmap and bandwidth).
pub fn canal_conflist(node: &str) -> String {
    format!(
        r#"{{
  "name": "k8s-pod-network",
  "cniVersion": "0.3.1",
  "plugins": [
    {{
      "type": "calico",
      "log_level": "info",
      "datastore_type": "kubernetes",
      "nodename": "{node}",
      "mtu": 1450,
      "ipam": {{
          "type": "host-local",
          "subnet": "usePodCidr"
      }},
      "policy": {{
          "type": "k8s"
      }},
      "kubernetes": {{
          "kubeconfig": "/etc/cni/net.d/calico-kubeconfig"
      }}
    }},
    {{
      "type": "portmap",
      "snat": true,
      "capabilities": {{"portMappings": true}}
    }},
    {{
      "type": "bandwidth",
      "capabilities": {{"bandwidth": true}}
    }}
  ]
}}"#
    )
}
