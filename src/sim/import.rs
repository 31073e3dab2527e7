//! A cluster of one's own, read from `kubectl get nodes -o json`: the nodes' `spec.podCIDRs` occupied
//! as kube-controller-manager's `NewCIDRRangeAllocator` occupies them at start (in the API's name order;
//! the first bad one stops the controller with its own text), what the nodes without a podCIDR and the
//! next new node would get after a restart (the cursor at 0, so the lowest free subnet), and how many
//! more nodes fit. The import becomes a scenario (`cluster …`, `node add NAME --pod-cidr=…`), so the
//! page's stage and address map draw it with the simulation's own machinery.
//!
//! Only `spec.podCIDR(s)` and `metadata.name` are read; everything else of a Node is ignored, and the
//! text never leaves the caller.

mod node_list;
mod suggest;

pub use node_list::{parse_nodes, ImportError, ImportedNode, MAX_IMPORT_BYTES};
pub use suggest::suggest_flags;

use crate::ipam::capacity::CapacityPlan;
use crate::ipam::goip::net_string;
use crate::ipam::kcm::{KcmFlag, KcmFlags, NodeIpamConfig};
use crate::ipam::range_allocator::{Node, RangeAllocator, RangeAllocatorError};
use crate::sim::ClusterSettings;
use ipnet::IpNet;
use serde::Serialize;
use std::fmt;

/// One node in the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NodeRow {
    /// `metadata.name`.
    pub name: String,
    /// `spec.podCIDRs` as imported.
    pub pod_cidrs: Vec<String>,
    /// For a node without podCIDRs: what the node IPAM controller gives it once it starts, in Go's
    /// string form (empty when a cluster CIDR is full; see [`NodeRow::not_available`]).
    pub gets: Vec<String>,
    /// For a node without podCIDRs that gets none: the controller's `CIDRNotAvailable` text.
    pub not_available: Option<String>,
}

/// One cluster CIDR in the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FamilyRow {
    /// The cluster CIDR, in Go's string form.
    pub cluster_cidr: String,
    /// Its node mask size.
    pub node_mask_size: u8,
    /// How many node subnets it splits into.
    pub node_subnets: u64,
    /// Subnets the nodes' podCIDRs hold.
    pub used_by_nodes: u64,
    /// Subnets the Service range holds (`filterOutServiceRange`).
    pub held_by_service_range: u64,
    /// Subnets still free once the nodes without podCIDRs got theirs.
    pub free: u64,
}

/// What the import shows: the nodes, the subnets used and free, the next node's subnet, how many more
/// nodes fit, and the capacity per node against `--max-pods`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImportReport {
    /// Every node, in name order.
    pub nodes: Vec<NodeRow>,
    /// One row per cluster CIDR, in `--cluster-cidr` order.
    pub families: Vec<FamilyRow>,
    /// The subnets (one per family) a new node gets next, after a controller restart.
    pub next_node: Vec<String>,
    /// Why a new node would get none (`CIDRNotAvailable`'s text), if so.
    pub next_node_not_available: Option<String>,
    /// How many more nodes get a subnet (the fewest free of the families).
    pub more_nodes_fit: u64,
    /// The capacity per node against the kubelet's `--max-pods`.
    pub capacity: CapacityPlan,
}

impl ImportReport {
    /// Occupy the nodes' podCIDRs as `NewCIDRRangeAllocator` does, then let the controller serve the
    /// nodes without one and one new node. `Err` is kube-controller-manager's own text: the controller
    /// would not start.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::kcm::KcmFlags;
    /// use podip::sim::import::{parse_nodes, ImportReport};
    /// let nodes = parse_nodes(r#"{"kind":"NodeList","items":[
    ///   {"metadata":{"name":"a"},"spec":{"podCIDRs":["10.244.0.0/24"]}},
    ///   {"metadata":{"name":"b"},"spec":{"podCIDRs":["10.244.2.0/24"]}}]}"#).unwrap();
    /// let config = KcmFlags::kind_defaults().validate().unwrap();
    /// let report = ImportReport::new(&nodes, &config, 110).unwrap();
    /// // After a restart the cursor is at 0: the lowest free subnet comes next.
    /// assert_eq!(report.next_node, ["10.244.1.0/24"]);
    /// assert_eq!(report.more_nodes_fit, 254);
    ///
    /// let outside = parse_nodes(r#"{"kind":"Node","metadata":{"name":"x"},"spec":{"podCIDRs":["10.99.0.0/24"]}}"#).unwrap();
    /// assert!(ImportReport::new(&outside, &config, 110).unwrap_err().contains("is out the range of cluster cidr"));
    /// ```
    pub fn new(
        nodes: &[ImportedNode],
        config: &NodeIpamConfig,
        max_pods: u32,
    ) -> Result<ImportReport, String> {
        let mut allocator = RangeAllocator::new(config, &[]).map_err(|e| e.to_string())?;
        let held_by_service: Vec<u64> = allocator
            .cidr_sets()
            .iter()
            .map(|set| set.allocated_cidrs())
            .collect();
        for node in nodes.iter().filter(|node| !node.pod_cidrs.is_empty()) {
            let api_node = Node::with_pod_cidrs(node.name.as_str(), node.pod_cidrs.iter().cloned());
            allocator
                .occupy_cidrs(&api_node)
                .map_err(|e| RangeAllocatorError::OccupyCidrs(e).to_string())?;
        }
        let used: Vec<u64> = allocator
            .cidr_sets()
            .iter()
            .zip(&held_by_service)
            .map(|(set, service)| set.allocated_cidrs() - service)
            .collect();
        let rows = nodes
            .iter()
            .map(|node| {
                let mut row = NodeRow {
                    name: node.name.clone(),
                    pod_cidrs: node.pod_cidrs.clone(),
                    gets: Vec::new(),
                    not_available: None,
                };
                if node.pod_cidrs.is_empty() {
                    match allocator.allocate_or_occupy_cidr(&Node::new(node.name.as_str())) {
                        Ok(cidrs) => row.gets = strings(&cidrs),
                        Err(err) => row.not_available = Some(err.to_string()),
                    }
                }
                row
            })
            .collect();
        let families: Vec<FamilyRow> = allocator
            .cidr_sets()
            .iter()
            .enumerate()
            .map(|(index, set)| FamilyRow {
                cluster_cidr: net_string(&set.cluster_cidr()),
                node_mask_size: set.node_mask_size(),
                node_subnets: set.max_cidrs(),
                used_by_nodes: used[index],
                held_by_service_range: held_by_service[index],
                free: set.max_cidrs() - set.allocated_cidrs(),
            })
            .collect();
        let (next_node, next_node_not_available) =
            match allocator.allocate_or_occupy_cidr(&Node::new("")) {
                Ok(cidrs) => (strings(&cidrs), None),
                Err(err) => (Vec::new(), Some(err.to_string())),
            };
        Ok(ImportReport {
            nodes: rows,
            more_nodes_fit: families.iter().map(|f| f.free).min().unwrap_or(0),
            families,
            next_node,
            next_node_not_available,
            capacity: CapacityPlan::from_config(config).with_max_pods(max_pods),
        })
    }
}

/// Where an import's cluster CIDR and masks came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClusterSource {
    /// The settings given (a preset or the user's flags).
    Given,
    /// None were given: suggested from the podCIDRs ([`suggest_flags`]).
    Suggested,
}

/// Why an import is not shown: kube-controller-manager's own text (its node IPAM controller would not
/// start), and the flags the podCIDRs suggest instead, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRefused {
    /// kube-controller-manager's text.
    pub kcm: String,
    /// The flags [`suggest_flags`] proposes, when they differ from the ones refused and would start.
    pub suggested: Option<Box<KcmFlags>>,
}

impl fmt::Display for ImportRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.kcm)?;
        if let Some(flags) = &self.suggested {
            write!(f, " (the podCIDRs suggest {})", flags_text(flags))?;
        }
        Ok(())
    }
}

/// `--flag=value` for each flag set, as a `cluster` line writes them.
pub fn flags_text(flags: &KcmFlags) -> String {
    KcmFlag::ALL
        .into_iter()
        .filter(|flag| !flag.value(flags).is_empty())
        .map(|flag| format!("{}={}", flag.flag(), flag.value(flags)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// An import ready to show: the settings it runs with, where they came from, the report, the nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct Import {
    /// The settings the scenario starts with.
    pub settings: ClusterSettings,
    /// Where its cluster CIDR came from.
    pub source: ClusterSource,
    /// What it shows.
    pub report: ImportReport,
    /// The nodes, in name order.
    pub nodes: Vec<ImportedNode>,
}

impl Import {
    /// The nodes with the `given` settings (a preset's, the user's); without any, with a cluster CIDR
    /// and masks suggested from the podCIDRs over `base`. A refusal is kube-controller-manager's text,
    /// with the suggestion when the given settings were refused and it would start.
    pub fn new(
        nodes: Vec<ImportedNode>,
        given: Option<&ClusterSettings>,
        base: &ClusterSettings,
    ) -> Result<Import, ImportRefused> {
        if let Some(given) = given {
            return match ImportReport::new(&nodes, &given.config, given.knobs.max_pods) {
                Ok(report) => Ok(Import {
                    settings: given.clone(),
                    source: ClusterSource::Given,
                    report,
                    nodes,
                }),
                Err(kcm) => {
                    let suggested = suggest_flags(&nodes)
                        .filter(|flags| *flags != given.flags)
                        .filter(|flags| Import::suggested(&nodes, flags, given).is_ok())
                        .map(Box::new);
                    Err(ImportRefused { kcm, suggested })
                }
            };
        }
        let flags = suggest_flags(&nodes).ok_or_else(|| ImportRefused {
            kcm: suggest::NONE.to_string(),
            suggested: None,
        })?;
        Import::suggested(&nodes, &flags, base)
            .map(|(settings, report)| Import {
                settings,
                source: ClusterSource::Suggested,
                report,
                nodes,
            })
            .map_err(|kcm| ImportRefused {
                kcm,
                suggested: None,
            })
    }

    /// `flags` over `base`, validated, and the report with them.
    fn suggested(
        nodes: &[ImportedNode],
        flags: &KcmFlags,
        base: &ClusterSettings,
    ) -> Result<(ClusterSettings, ImportReport), String> {
        let mut draft = base.draft();
        draft.flags = flags.clone();
        let settings = draft.validate(base)?;
        let report = ImportReport::new(nodes, &settings.config, settings.knobs.max_pods)?;
        Ok((settings, report))
    }

    /// [`Import::scenario_text`], read as the simulation reads it: `Err` is the scenario's refusal (a
    /// node name the API would refuse, one of podip's limits).
    pub fn scenario(&self) -> Result<String, String> {
        let text = self.scenario_text();
        crate::sim::Scenario::parse(&text)
            .map(|_| text)
            .map_err(|err| err.to_string())
    }

    /// The scenario that builds this cluster: the settings' lines, then one `node add` per node (with
    /// `--pod-cidr` when it has podCIDRs), in name order, and a second for the controller to act.
    pub fn scenario_text(&self) -> String {
        use crate::sim::command::Command;
        let mut lines: Vec<Command> = self.settings.preamble();
        lines.extend(self.nodes.iter().map(|node| Command::NodeAdd {
            name: node.name.clone(),
            pod_cidrs: node.pod_cidrs.clone(),
        }));
        lines.push(Command::Wait(crate::sim::VirtualDuration::from_secs(1)));
        lines.iter().map(|line| format!("{line}\n")).collect()
    }
}

fn strings(nets: &[IpNet]) -> Vec<String> {
    nets.iter().map(net_string).collect()
}
