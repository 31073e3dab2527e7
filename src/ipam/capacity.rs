//! What `--cluster-cidr` and the node mask sizes mean for a cluster's size: the capacity planner.
//!
//! Every figure comes from the allocators themselves: validation from [`kcm`](super::kcm), the number of
//! node subnets and the first and last subnet from a [`CidrSet`], the usable pod addresses from a
//! host-local [`Range`] with its defaults. So `/16` with `/24` reads as the source articles explain it:
//! 2^(24−16) = 256 node subnets of 2^(32−24) = 256 addresses, of which host-local hands out 253.

use super::cidrset::CidrSet;
use super::hostlocal::range::Range;
use super::kcm::{KcmError, KcmFlags, NodeIpamConfig};
use ipnet::IpNet;
use serde::Serialize;

/// kubelet's default `--max-pods` (`pkg/kubelet/apis/config/v1beta1/defaults.go`).
pub const KUBELET_DEFAULT_MAX_PODS: u32 = 110;

/// The role of one bit of an address in the bit ruler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BitRole {
    /// Fixed by the cluster CIDR's prefix.
    ClusterPrefix,
    /// Chooses the node subnet (the cidrset index).
    NodeIndex,
    /// Chooses the pod address inside a node subnet.
    PodHost,
}

/// One bit of the ruler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bit {
    /// The bit's value in the cluster network address.
    pub value: bool,
    /// What the bit selects.
    pub role: BitRole,
}

/// The capacity of one cluster CIDR (one address family).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FamilyCapacity {
    /// The cluster CIDR in network form.
    pub cluster_cidr: IpNet,
    /// Its prefix length.
    pub cluster_mask_size: u8,
    /// The node mask size chosen for this family.
    pub node_mask_size: u8,
    /// `node_mask_size − cluster_mask_size`: bits that pick the node subnet.
    pub node_index_bits: u8,
    /// `address bits − node_mask_size`: bits that pick the pod address.
    pub pod_host_bits: u8,
    /// `maxCIDRs`: how many nodes can get a subnet.
    pub node_subnets: u64,
    /// Addresses in one node subnet, `2^pod_host_bits`.
    pub addresses_per_node: u128,
    /// Addresses host-local hands out per node with its defaults (network, gateway and, for IPv4, the
    /// broadcast excluded); 0 when the subnet is too small for host-local (`/31`, `/32`, `/127`, `/128`).
    pub usable_pod_ips_per_node: u128,
    /// `usable_pod_ips_per_node × node_subnets`.
    pub usable_pod_ips_total: u128,
    /// Subnet index 0.
    pub first_node_subnet: IpNet,
    /// Subnet index `node_subnets − 1`.
    pub last_node_subnet: IpNet,
    /// Whether the kubelet's `--max-pods` (the plan's [`CapacityPlan::max_pods`]) fits in the usable
    /// addresses of a node.
    pub max_pods_fit: bool,
    /// The cluster network address bit by bit, most significant first, with each bit's role.
    pub bits: Vec<Bit>,
}

/// The planner's answer for a set of flags.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CapacityPlan {
    /// One entry per cluster CIDR, in `--cluster-cidr` order.
    pub families: Vec<FamilyCapacity>,
    /// The kubelet's `--max-pods` the plan is checked against (110 unless [`CapacityPlan::with_max_pods`]).
    pub max_pods: u32,
    /// Warnings kube-controller-manager would only log.
    pub warnings: Vec<String>,
}

impl CapacityPlan {
    /// Validate the flags as kube-controller-manager does, then work out the capacity.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::{capacity::CapacityPlan, kcm::KcmFlags};
    /// let plan = CapacityPlan::from_flags(&KcmFlags::kind_defaults()).unwrap();
    /// let v4 = &plan.families[0];
    /// assert_eq!((v4.node_subnets, v4.addresses_per_node, v4.usable_pod_ips_per_node), (256, 256, 253));
    /// assert_eq!(v4.last_node_subnet.to_string(), "10.244.255.0/24");
    ///
    /// let v6 = KcmFlags { cluster_cidr: "fd00:10:244::/56".into(), ..Default::default() };
    /// let v6 = &CapacityPlan::from_flags(&v6).unwrap().families[0];
    /// assert_eq!((v6.node_subnets, v6.addresses_per_node), (256, 1 << 64));
    /// ```
    pub fn from_flags(flags: &KcmFlags) -> Result<Self, KcmError> {
        flags.validate().map(|config| Self::from_config(&config))
    }

    /// The capacity of an already validated configuration.
    pub fn from_config(config: &NodeIpamConfig) -> Self {
        let families = config
            .cluster_cidrs
            .iter()
            .zip(&config.node_cidr_mask_sizes)
            .filter_map(|(cidr, &mask)| CidrSet::new(*cidr, mask).ok())
            .map(|set| family_capacity(&set))
            .collect();
        Self {
            families,
            max_pods: KUBELET_DEFAULT_MAX_PODS,
            warnings: config.warnings.clone(),
        }
    }

    /// The same plan checked against another kubelet `--max-pods`.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::{capacity::CapacityPlan, kcm::KcmFlags};
    /// let flags = KcmFlags { node_cidr_mask_size: "25".into(), ..KcmFlags::kind_defaults() };
    /// let plan = CapacityPlan::from_flags(&flags).unwrap();
    /// assert_eq!(plan.families[0].usable_pod_ips_per_node, 125);
    /// assert!(plan.families[0].max_pods_fit); // 110 fit
    /// assert!(!plan.with_max_pods(250).families[0].max_pods_fit); // OpenShift's 250 do not
    /// ```
    pub fn with_max_pods(mut self, max_pods: u32) -> Self {
        self.max_pods = max_pods;
        for family in &mut self.families {
            family.max_pods_fit = family.usable_pod_ips_per_node >= u128::from(max_pods);
        }
        self
    }
}

fn family_capacity(set: &CidrSet) -> FamilyCapacity {
    let cluster_cidr = set.cluster_cidr();
    let bits = cluster_cidr.max_prefix_len();
    let (cluster_mask_size, node_mask_size) = (set.cluster_mask_size(), set.node_mask_size());
    let pod_host_bits = bits - node_mask_size;
    let first_node_subnet = set.index_to_cidr_block(0);
    let usable_pod_ips_per_node = Range::with_defaults(first_node_subnet)
        .map(|range| range.usable_count())
        .unwrap_or(0);
    let address = super::goip::ip_to_u128(cluster_cidr.network());
    let ruler = (0..bits)
        .map(|i| Bit {
            value: address >> (bits - 1 - i) & 1 == 1,
            role: if i < cluster_mask_size {
                BitRole::ClusterPrefix
            } else if i < node_mask_size {
                BitRole::NodeIndex
            } else {
                BitRole::PodHost
            },
        })
        .collect();
    FamilyCapacity {
        cluster_cidr,
        cluster_mask_size,
        node_mask_size,
        node_index_bits: node_mask_size - cluster_mask_size,
        pod_host_bits,
        node_subnets: set.max_cidrs(),
        addresses_per_node: 1u128
            .checked_shl(u32::from(pod_host_bits))
            .unwrap_or(u128::MAX),
        usable_pod_ips_per_node,
        usable_pod_ips_total: usable_pod_ips_per_node.saturating_mul(u128::from(set.max_cidrs())),
        first_node_subnet,
        last_node_subnet: set.index_to_cidr_block(set.max_cidrs() - 1),
        max_pods_fit: usable_pod_ips_per_node >= u128::from(KUBELET_DEFAULT_MAX_PODS),
        bits: ruler,
    }
}
