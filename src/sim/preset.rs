//! Presets: the node-IPAM flags, the Service range and the kubelet's `--max-pods` as real distributions
//! set them, each with where that default is defined or documented — and the platforms whose Pod IPs do
//! not come from the node IPAM controller at all, named so that podip does not pretend they do.
//!
//! A preset only fills the cluster settings ([`crate::sim::SettingsDraft::with_preset`]): the
//! scenario then carries them as its `set max-pods=…` and `cluster …` lines, like settings typed by hand.

use crate::ipam::capacity::KUBELET_DEFAULT_MAX_PODS;
use crate::ipam::kcm::{KcmFlags, KIND_CLUSTER_CIDR};
use crate::sim::chain::Chain;
use crate::sim::node_network::NodeNetwork;

/// Who splits the cluster's Pod range into per-node subnets on this platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Splitter {
    /// kube-controller-manager's node IPAM controller with its `RangeAllocator` (`--allocate-node-cidrs`).
    RangeAllocator,
    /// GKE's own node IPAM (`CloudAllocator`: alias IP ranges on the VM); the node mask follows the
    /// maximum pods per node ([`gke_node_mask_size`]), the order of the subnets is Google's.
    GkeCloudAllocator,
    /// OVN-Kubernetes' cluster manager: `hostPrefix` is the node mask, but it, not kcm, hands the
    /// subnets out.
    OvnKubernetes,
}

/// What a preset fills in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodIps {
    /// Per-node subnets of a cluster CIDR, with these defaults.
    NodeSubnets {
        /// `--cluster-cidr` (or the platform's name for it).
        cluster_cidr: &'static str,
        /// `--node-cidr-mask-size`; empty: kcm's per-family default.
        node_cidr_mask_size: &'static str,
        /// `--service-cluster-ip-range`.
        service_cluster_ip_range: &'static str,
        /// The kubelet's `--max-pods`.
        max_pods: u32,
        /// Who does the split.
        splitter: Splitter,
    },
    /// Pod IPs come from elsewhere (the VPC, the CNI's own IPAM): nothing to fill.
    Elsewhere,
}

/// One platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// The name `podip capacity --preset=NAME` and the settings card use.
    pub name: &'static str,
    /// How the platform calls itself.
    pub title: &'static str,
    /// What it sets.
    pub pod_ips: PodIps,
    /// The CNI chain podip runs its nodes on: the platform's own when podip models it (kind's kindnet,
    /// kubeadm's flannel, k3s' embedded flannel), else the modelled one closest to it that takes the
    /// preset's Pod range (kube-flannel takes only its manifest's 10.244.0.0/16), which
    /// `i18n::ui::preset_cni_note` names in a sentence with the chain the platform really runs.
    pub cni: Chain,
    /// The network the nodes' machines sit on, which gives them their InternalIPs: kind's Docker
    /// network, or a kubeadm lab's VMs (a kind-like Docker network for the platforms podip has no
    /// network of theirs for).
    pub node_network: NodeNetwork,
    /// Where each default is defined or documented.
    pub sources: &'static [&'static str],
}

const fn subnets(
    cluster_cidr: &'static str,
    node_cidr_mask_size: &'static str,
    service_cluster_ip_range: &'static str,
    max_pods: u32,
    splitter: Splitter,
) -> PodIps {
    PodIps::NodeSubnets {
        cluster_cidr,
        node_cidr_mask_size,
        service_cluster_ip_range,
        max_pods,
        splitter,
    }
}

/// Every preset, in the chooser's order: node IPAM first, then the platforms without it.
pub const ALL: [Preset; 12] = [
    Preset {
        name: "kind",
        title: "kind",
        pod_ips: subnets(KIND_CLUSTER_CIDR, "", "10.96.0.0/16", KUBELET_DEFAULT_MAX_PODS, Splitter::RangeAllocator),
        cni: Chain::Kindnet,
        node_network: NodeNetwork::Kind,
        sources: &[
            "https://github.com/kubernetes-sigs/kind/blob/main/pkg/apis/config/v1alpha4/default.go",
            "https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/apis/config/v1beta1/defaults.go",
            "https://github.com/kubernetes-sigs/kind/blob/main/images/kindnetd/cmd/kindnetd/cni.go",
        ],
    },
    Preset {
        name: "kubeadm",
        title: "kubeadm init --pod-network-cidr=10.244.0.0/16",
        pod_ips: subnets("10.244.0.0/16", "", "10.96.0.0/12", KUBELET_DEFAULT_MAX_PODS, Splitter::RangeAllocator),
        cni: Chain::Flannel,
        node_network: NodeNetwork::Vagrant,
        sources: &[
            "https://github.com/kubernetes/kubernetes/blob/master/cmd/kubeadm/app/phases/controlplane/manifests.go",
            "https://github.com/kubernetes/kubernetes/blob/master/cmd/kubeadm/app/apis/kubeadm/v1beta4/defaults.go",
            "https://kubernetes.io/docs/reference/setup-tools/kubeadm/kubeadm-init/",
            "https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/create-cluster-kubeadm/#pod-network",
            "https://github.com/flannel-io/flannel/blob/master/Documentation/kube-flannel.yml",
        ],
    },
    Preset {
        name: "kubeadm-calico",
        title: "kubeadm init --pod-network-cidr=192.168.0.0/16 + Calico",
        pod_ips: subnets("192.168.0.0/16", "", "10.96.0.0/12", KUBELET_DEFAULT_MAX_PODS, Splitter::RangeAllocator),
        cni: Chain::Calico,
        // Kind's network, not the lab's 192.168.56.0/24, which the quickstart pool 192.168.0.0/16 overlaps.
        node_network: NodeNetwork::Kind,
        sources: &[
            "https://docs.tigera.io/calico/latest/getting-started/kubernetes/self-managed-onprem/onpremises",
            "https://github.com/projectcalico/calico/blob/master/manifests/calico.yaml",
            "https://github.com/projectcalico/calico/blob/master/node/pkg/lifecycle/startup/startup.go",
            "https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/create-cluster-kubeadm/#pod-network",
        ],
    },
    Preset {
        name: "minikube",
        title: "minikube",
        pod_ips: subnets("10.244.0.0/16", "", "10.96.0.0/12", KUBELET_DEFAULT_MAX_PODS, Splitter::RangeAllocator),
        cni: Chain::Kindnet,
        node_network: NodeNetwork::Kind,
        sources: &[
            "https://github.com/kubernetes/minikube/blob/master/pkg/minikube/cni/cni.go",
            "https://github.com/kubernetes/minikube/blob/master/pkg/minikube/constants/constants.go",
        ],
    },
    Preset {
        name: "k3s",
        title: "k3s",
        pod_ips: subnets("10.42.0.0/16", "", "10.43.0.0/16", KUBELET_DEFAULT_MAX_PODS, Splitter::RangeAllocator),
        cni: Chain::K3sFlannel,
        node_network: NodeNetwork::Kind,
        sources: &[
            "https://docs.k3s.io/cli/server#networking",
            "https://github.com/k3s-io/k3s/blob/master/pkg/agent/flannel/setup.go",
            "https://github.com/k3s-io/k3s/blob/master/pkg/agent/flannel/setup_linux.go",
        ],
    },
    Preset {
        name: "rke2",
        title: "RKE2",
        pod_ips: subnets("10.42.0.0/16", "", "10.43.0.0/16", KUBELET_DEFAULT_MAX_PODS, Splitter::RangeAllocator),
        cni: Chain::Canal,
        node_network: NodeNetwork::Kind,
        sources: &[
            "https://docs.rke2.io/reference/server_config",
            "https://docs.rke2.io/networking/basic_network_options",
            "https://github.com/rancher/rke2-charts/tree/main/charts/rke2-canal",
        ],
    },
    Preset {
        name: "gke",
        title: "GKE (VPC-native)",
        pod_ips: subnets("10.4.0.0/14", "24", "34.118.224.0/20", KUBELET_DEFAULT_MAX_PODS, Splitter::GkeCloudAllocator),
        cni: Chain::Kindnet,
        node_network: NodeNetwork::Kind,
        sources: &[
            "https://cloud.google.com/kubernetes-engine/docs/how-to/flexible-pod-cidr",
            "https://cloud.google.com/kubernetes-engine/docs/concepts/alias-ips",
        ],
    },
    Preset {
        name: "aks-kubenet",
        title: "AKS (kubenet)",
        pod_ips: subnets("10.244.0.0/16", "", "10.0.0.0/16", KUBELET_DEFAULT_MAX_PODS, Splitter::RangeAllocator),
        cni: Chain::Flannel,
        node_network: NodeNetwork::Kind,
        sources: &[
            "https://learn.microsoft.com/en-us/azure/aks/configure-kubenet",
            "https://learn.microsoft.com/en-us/azure/aks/concepts-network-ip-address-planning",
        ],
    },
    Preset {
        name: "openshift",
        title: "OpenShift (hostPrefix 23)",
        pod_ips: subnets("10.128.0.0/14", "23", "172.30.0.0/16", 250, Splitter::OvnKubernetes),
        cni: Chain::Kindnet,
        node_network: NodeNetwork::Kind,
        sources: &[
            "https://docs.redhat.com/en/documentation/openshift_container_platform/4.17/html/installing_on_bare_metal/installer-provisioned-infrastructure#installation-configuration-parameters-network_ipi-install-installation-workflow",
            "https://docs.redhat.com/en/documentation/openshift_container_platform/4.17/html/nodes/working-with-nodes#nodes-nodes-managing-max-pods-proc_nodes-nodes-managing-max-pods",
            "https://docs.redhat.com/en/documentation/openshift_container_platform/4.17/html/networking/ovn-kubernetes-network-plugin",
        ],
    },
    Preset {
        name: "eks-vpc-cni",
        title: "EKS (Amazon VPC CNI)",
        pod_ips: PodIps::Elsewhere,
        cni: Chain::Kindnet,
        node_network: NodeNetwork::Kind,
        sources: &["https://docs.aws.amazon.com/eks/latest/userguide/managing-vpc-cni.html"],
    },
    Preset {
        name: "calico-ipam",
        title: "Calico IPAM",
        pod_ips: PodIps::Elsewhere,
        cni: Chain::Kindnet,
        node_network: NodeNetwork::Kind,
        sources: &["https://docs.tigera.io/calico/latest/networking/ipam/change-block-size"],
    },
    Preset {
        name: "cilium-cluster-pool",
        title: "Cilium (cluster-pool)",
        pod_ips: PodIps::Elsewhere,
        cni: Chain::Kindnet,
        node_network: NodeNetwork::Kind,
        sources: &["https://docs.cilium.io/en/stable/network/concepts/ipam/cluster-pool/"],
    },
];

/// The preset called `name`.
///
/// # Examples
/// ```
/// use podip::sim::preset::{self, PodIps};
/// let k3s = preset::by_name("k3s").unwrap();
/// assert!(matches!(k3s.pod_ips, PodIps::NodeSubnets { cluster_cidr: "10.42.0.0/16", .. }));
/// assert_eq!(preset::by_name("eks-vpc-cni").unwrap().flags(), None);
/// assert!(preset::by_name("nomad").is_none());
/// ```
pub fn by_name(name: &str) -> Option<&'static Preset> {
    ALL.iter().find(|preset| preset.name == name)
}

/// Every preset's name, for help texts and refusals.
pub fn names() -> String {
    ALL.map(|preset| preset.name).join(", ")
}

impl Preset {
    /// kube-controller-manager's flags this preset sets; `None` when the platform does not split a
    /// cluster CIDR into node subnets.
    pub fn flags(&self) -> Option<KcmFlags> {
        match self.pod_ips {
            PodIps::NodeSubnets {
                cluster_cidr,
                node_cidr_mask_size,
                service_cluster_ip_range,
                ..
            } => Some(KcmFlags {
                cluster_cidr: cluster_cidr.into(),
                node_cidr_mask_size: node_cidr_mask_size.into(),
                service_cluster_ip_range: service_cluster_ip_range.into(),
                ..KcmFlags::default()
            }),
            PodIps::Elsewhere => None,
        }
    }

    /// The flags with `max_pods` pods per node: on GKE the node mask follows them
    /// ([`gke_node_mask_size`]); elsewhere the mask does not depend on them. `Err` when GKE would
    /// refuse that many, `Ok(None)` for a platform without node subnets.
    ///
    /// # Examples
    /// ```
    /// use podip::sim::preset;
    /// let gke = preset::by_name("gke").unwrap();
    /// assert_eq!(gke.flags_for(32).unwrap().unwrap().node_cidr_mask_size, "26");
    /// assert!(gke.flags_for(300).is_err());
    /// let k3s = preset::by_name("k3s").unwrap();
    /// assert_eq!(k3s.flags_for(32).unwrap(), k3s.flags());
    /// ```
    pub fn flags_for(&self, max_pods: u32) -> Result<Option<KcmFlags>, String> {
        let Some(mut flags) = self.flags() else {
            return Ok(None);
        };
        if let PodIps::NodeSubnets {
            splitter: Splitter::GkeCloudAllocator,
            ..
        } = self.pod_ips
        {
            let mask = gke_node_mask_size(max_pods).ok_or_else(|| {
                format!(
                    "{}: maximum Pods per node must be between 8 and 256, not {max_pods}",
                    self.title
                )
            })?;
            flags.node_cidr_mask_size = mask.to_string();
        }
        Ok(Some(flags))
    }

    /// The kubelet's `--max-pods` this preset sets.
    pub fn max_pods(&self) -> Option<u32> {
        match self.pod_ips {
            PodIps::NodeSubnets { max_pods, .. } => Some(max_pods),
            PodIps::Elsewhere => None,
        }
    }
}

/// GKE's node mask for a maximum number of pods per node: the smallest range holding at least twice
/// that many addresses (so an address is not reused at once when pods come and go), from GKE's
/// "Configure maximum Pods per node" table (8 → /28, 9–16 → /27, 17–32 → /26, 33–64 → /25,
/// 65–128 → /24, 129–256 → /23). `None` outside the 8–256 GKE accepts.
///
/// # Examples
/// ```
/// use podip::sim::preset::gke_node_mask_size;
/// assert_eq!(gke_node_mask_size(110), Some(24));
/// assert_eq!(gke_node_mask_size(8), Some(28));
/// assert_eq!(gke_node_mask_size(7), None);
/// ```
pub fn gke_node_mask_size(max_pods_per_node: u32) -> Option<u8> {
    if !(8..=256).contains(&max_pods_per_node) {
        return None;
    }
    let addresses = (2 * max_pods_per_node).next_power_of_two();
    u8::try_from(32 - addresses.trailing_zeros()).ok()
}
