//! `podip presets`, the `--preset` and `--max-pods` of `capacity` and `import`, and `podip import`.

use super::kcm_args::KcmArgs;
use super::output::{render_capacity, to_json};
use clap::Args;
use podip::i18n::ui::{preset_cni_note, preset_note};
use podip::i18n::Lang;
use podip::ipam::kcm::{KcmFlag, KcmFlags};
use podip::sim::import::{
    flags_text, parse_nodes, ClusterSource, Import, ImportReport, MAX_IMPORT_BYTES,
};
use podip::sim::preset::{self, PodIps, Preset};
use podip::sim::{Chain, ClusterSettings, KnobId, Scenario};
use serde::Serialize;
use std::io::Read;

/// A cluster as the command line gives it: a preset, then kube-controller-manager's flags over it.
#[derive(Args, Clone)]
pub struct ClusterArgs {
    /// Start from a distribution's defaults (see `podip presets`).
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// The kubelet's --max-pods (default 110, or the preset's).
    #[arg(long, value_name = "N")]
    max_pods: Option<String>,
    /// The nodes' CNI chain: kindnet, flannel or k3s-flannel (default kindnet, or the preset's).
    #[arg(long, value_name = "CHAIN")]
    cni: Option<String>,
    /// kube-controller-manager's flags.
    #[command(flatten)]
    flags: KcmArgs,
}

impl ClusterArgs {
    /// The settings given, validated as kube-controller-manager and the kubelet would; `None` when
    /// neither a preset nor a flag was given.
    fn settings(&self) -> Result<Option<ClusterSettings>, String> {
        let base = ClusterSettings::of(&Scenario::default());
        let mut draft = base.draft();
        let given_flags = KcmFlag::ALL
            .into_iter()
            .any(|flag| !flag.value(&self.flags.0).is_empty());
        if let Some(name) = &self.preset {
            let preset = preset::by_name(name)
                .ok_or_else(|| format!("unknown preset {name:?} (known: {})", preset::names()))?;
            if preset.pod_ips == PodIps::Elsewhere {
                return Err(format!("{}: {}", preset.title, note(preset)));
            }
            draft = draft.with_preset(preset);
            if let Some(max_pods) = &self.max_pods {
                draft = draft.with_preset_pods(preset, max_pods)?;
            }
        } else if !given_flags && self.max_pods.is_none() && self.cni.is_none() {
            return Ok(None);
        } else {
            draft.flags = KcmFlags::default();
        }
        for flag in KcmFlag::ALL {
            let value = flag.value(&self.flags.0);
            if !value.is_empty() {
                draft = draft.with_flag(flag, value.to_string());
            }
        }
        if draft.flags.cluster_cidr.is_empty() {
            draft.flags.cluster_cidr = KcmFlags::kind_defaults().cluster_cidr;
        }
        if let Some(max_pods) = &self.max_pods {
            draft = draft.with_knob(KnobId::MaxPods, max_pods.clone());
        }
        if let Some(cni) = &self.cni {
            draft = draft.with_knob(KnobId::Cni, cni.clone());
        }
        draft.validate(&base).map(Some)
    }

    /// The settings given, or kind's.
    pub fn settings_or_kind(&self) -> Result<ClusterSettings, String> {
        match self.settings()? {
            Some(settings) => Ok(settings),
            None => Ok(ClusterSettings::of(&Scenario::default())),
        }
    }
}

/// `podip presets`.
pub fn render_presets() -> String {
    preset::ALL
        .iter()
        .map(render_preset)
        .collect::<Vec<_>>()
        .join("\n")
}

fn render_preset(preset: &Preset) -> String {
    let mut out = format!("{}  ({})\n", preset.name, preset.title);
    if let (Some(flags), Some(max_pods)) = (preset.flags(), preset.max_pods()) {
        for flag in KcmFlag::ALL {
            let value = flag.value(&flags);
            if !value.is_empty() {
                out.push_str(&format!("  {}={value}\n", flag.flag()));
            }
        }
        out.push_str(&format!("  kubelet --max-pods={max_pods}\n"));
        out.push_str(&format!("  {}\n", chain_line(preset.cni)));
    }
    out.push_str(&format!("  {}\n", note(preset)));
    if let Some(cni) = preset_cni_note(preset.name) {
        out.push_str(&format!("  {}\n", cni.get(Lang::En)));
    }
    for source in preset.sources {
        out.push_str(&format!("  source: {source}\n"));
    }
    out
}

/// `cni: NAME (its conflist)`: the chain a cluster's nodes run.
pub fn chain_line(chain: Chain) -> String {
    if chain == Chain::Calico {
        return format!(
            "cni: {chain} ({}, calico-ipam: blocks of the IP pool, not the node's podCIDR)",
            chain.conflist_path()
        );
    }
    format!(
        "cni: {chain} ({}, host-local in {}/{})",
        chain.conflist_path(),
        match chain {
            Chain::Kindnet => "/run/cni-ipam-state",
            _ => "/var/lib/cni/networks",
        },
        chain.network()
    )
}

/// What `podip import --json` prints.
#[derive(Serialize)]
struct ImportJson<'a> {
    cluster_cidr: &'a str,
    source: &'a ClusterSource,
    max_pods: u32,
    cni: Chain,
    report: &'a ImportReport,
}

/// `podip import FILE|-`.
pub fn run(
    file: &str,
    cluster: &ClusterArgs,
    json: bool,
    scenario: bool,
) -> Result<String, String> {
    let text = read(file)?;
    let nodes = parse_nodes(&text).map_err(|err| format!("{file}: {err}"))?;
    let given = cluster.settings()?;
    let base = ClusterSettings::of(&Scenario::default());
    let import =
        Import::new(nodes, given.as_ref(), &base).map_err(|refused| refused.to_string())?;
    if scenario {
        return Ok(import.scenario_text());
    }
    if json {
        return to_json(&ImportJson {
            cluster_cidr: &import.settings.flags.cluster_cidr,
            source: &import.source,
            max_pods: import.settings.knobs.max_pods,
            cni: import.settings.knobs.cni,
            report: &import.report,
        });
    }
    Ok(render_import(&import))
}

/// At most [`MAX_IMPORT_BYTES`] and one byte more, so a bigger input is refused without reading it all.
fn read(file: &str) -> Result<String, String> {
    let limit = u64::try_from(MAX_IMPORT_BYTES).unwrap_or(u64::MAX) + 1;
    let mut bytes = Vec::new();
    let result = if file == "-" {
        std::io::stdin().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(file).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    result.map_err(|err| format!("{file}: {err}"))?;
    if bytes.len() > MAX_IMPORT_BYTES {
        return Err(format!(
            "{file}: more than podip reads ({MAX_IMPORT_BYTES} bytes)"
        ));
    }
    String::from_utf8(bytes).map_err(|err| format!("{file}: not UTF-8: {err}"))
}

fn render_import(import: &Import) -> String {
    let report = &import.report;
    let mut out = String::new();
    let flags = flags_text(&import.settings.flags);
    match import.source {
        ClusterSource::Given => out.push_str(&format!("cluster: {flags}\n")),
        ClusterSource::Suggested => {
            out.push_str(&format!("cluster: {flags} (suggested from the podCIDRs)\n"))
        }
    }
    out.push_str(&format!("{}\n", chain_line(import.settings.knobs.cni)));
    out.push_str(&format!("nodes ({}):\n", report.nodes.len()));
    let width = report.nodes.iter().map(|n| n.name.len()).max().unwrap_or(0);
    for node in &report.nodes {
        let cidrs = if node.pod_cidrs.is_empty() {
            match (&node.not_available, node.gets.as_slice()) {
                (Some(err), _) => format!("no podCIDR: {err}"),
                (None, gets) => format!(
                    "no podCIDR: gets {} when the node IPAM controller starts",
                    gets.join(",")
                ),
            }
        } else {
            node.pod_cidrs.join(",")
        };
        out.push_str(&format!("  {:width$}  {cidrs}\n", node.name));
    }
    for family in &report.families {
        out.push_str(&format!(
            "{} split into /{}: {} node subnets, {} used by nodes, {} held by the Service range, {} free\n",
            family.cluster_cidr,
            family.node_mask_size,
            family.node_subnets,
            family.used_by_nodes,
            family.held_by_service_range,
            family.free
        ));
    }
    match &report.next_node_not_available {
        Some(err) => out.push_str(&format!("next node: none ({err})\n")),
        None => out.push_str(&format!(
            "next node gets: {} (after a controller restart the cursor is at 0: the lowest free subnet)\n",
            report.next_node.join(",")
        )),
    }
    out.push_str(&format!("more nodes fit: {}\n", report.more_nodes_fit));
    out.push_str("capacity per node:\n");
    out.push_str(&render_capacity(
        &report.capacity,
        import.settings.knobs.cni,
    ));
    out
}

/// A preset's note in English (empty for a preset without one).
fn note(preset: &Preset) -> &'static str {
    preset_note(preset.name).map_or("", |text| text.get(Lang::En))
}
