//! The cluster's settings as one typed value: kube-controller-manager's flags (validated once, with its
//! texts), the settings of [`KNOBS`] a cluster carries (the kubelet's `--max-pods`, the DEL lag, the
//! seed) and how "delete pod" deletes. A scenario's preamble lines are written from it and read back into
//! it; the settings card, a link and the CLI fill it as a [`SettingsDraft`], text not yet validated.

use crate::ipam::kcm::{KcmFlag, KcmFlags, NodeIpamConfig};
use crate::sim::chain::calico::calico_node::default_pool;
use crate::sim::chain::Chain;
use crate::sim::command::Command;
use crate::sim::preset::{self, PodIps, Preset, Splitter};
use crate::sim::settings::{Knob, KnobId, KnobTexts, SimSettings, Written, KNOBS};
use crate::sim::Scenario;

/// How a pod is deleted by the "delete pod" action.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum DeletionMode {
    /// `kubectl delete pod --grace-period=0 --force`: object first, network `del_lag` later.
    #[default]
    Immediate,
    /// `kubectl delete pod` with `terminationGracePeriodSeconds: 30`: network first, object later.
    Graceful,
}

impl DeletionMode {
    /// The grace period of a graceful delete (the pod spec's default `terminationGracePeriodSeconds`).
    pub const GRACEFUL_SECONDS: u64 = 30;

    /// The command that deletes `pod` this way.
    pub fn delete(self, pod: &str) -> Command {
        Command::PodDelete {
            name: pod.to_string(),
            grace_period_seconds: match self {
                DeletionMode::Immediate => 0,
                DeletionMode::Graceful => Self::GRACEFUL_SECONDS,
            },
        }
    }
}

/// The settings a learner changes in the settings card (or a link's parameters, or the CLI's flags).
#[derive(Clone, PartialEq, Debug)]
pub struct ClusterSettings {
    /// kube-controller-manager's flags as typed.
    pub flags: KcmFlags,
    /// What they validated to.
    pub config: NodeIpamConfig,
    /// The settings a cluster carries ([`crate::sim::settings::Reach::preamble`]); the others stay at
    /// their defaults.
    pub knobs: SimSettings,
    /// How "delete pod" deletes.
    pub deletion_mode: DeletionMode,
}

/// The settings as the card's fields hold them: text, not yet validated.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct SettingsDraft {
    /// kube-controller-manager's flags as typed.
    pub flags: KcmFlags,
    /// The settings a cluster carries, as typed (`2.3s`), by name.
    knobs: KnobTexts,
}

/// A field of the settings card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DraftField {
    /// One of kube-controller-manager's flags.
    Flag(KcmFlag),
    /// One of the settings of [`KNOBS`] the card shows ([`SettingsDraft::card_knobs`]).
    Knob(KnobId),
}

/// The settings a cluster carries, with when a preamble writes each.
fn carried() -> impl Iterator<Item = (&'static Knob, Written)> {
    KNOBS
        .iter()
        .filter_map(|knob| knob.reach.preamble.map(|written| (knob, written)))
}

impl SettingsDraft {
    /// The settings the card shows after kube-controller-manager's flags: the kubelet's `--max-pods`
    /// first, as a preset sets it with them, then the others in the table's order.
    pub fn card_knobs() -> Vec<&'static Knob> {
        let mut knobs = Vec::new();
        for knob in KNOBS.iter().filter(|knob| knob.reach.card) {
            if knob.id == KnobId::MaxPods {
                knobs.insert(0, knob);
            } else {
                knobs.push(knob);
            }
        }
        knobs
    }

    /// The setting `id` as typed (empty for one a cluster does not carry).
    pub fn knob(&self, id: KnobId) -> &str {
        self.knobs.get(id).unwrap_or("")
    }

    /// The settings a cluster carries as typed.
    pub fn knobs(&self) -> impl Iterator<Item = (KnobId, &str)> {
        self.knobs.iter().map(|(knob, text)| (knob.id, text))
    }

    /// This draft with the setting `id` typed as `text` (no change for one a cluster does not carry).
    pub fn with_knob(mut self, id: KnobId, text: String) -> Self {
        if carried().any(|(knob, _)| knob.id == id) {
            self.knobs.set(id, Some(text));
        }
        self
    }

    /// Validate the fields over `base` (what a draft does not hold stays): kube-controller-manager's
    /// text, the setting's, or calico-node's when its pool would be refused.
    pub fn validate(&self, base: &ClusterSettings) -> Result<ClusterSettings, String> {
        let config = self.flags.validate().map_err(|e| e.to_string())?;
        let mut knobs = base.knobs;
        for (knob, text) in self.knobs.iter() {
            knobs.apply(knob.parse(text.trim()).map_err(|err| err.to_string())?);
        }
        // A scenario runs such a cluster (calico-node's crash is in the log); a draft is refused first.
        if knobs.cni == Chain::Calico {
            default_pool(&config.cluster_cidrs).map_err(|err| format!("calico-node: {err}"))?;
        }
        Ok(ClusterSettings {
            flags: trimmed(&self.flags),
            config,
            knobs,
            ..base.clone()
        })
    }

    /// This draft with `text` typed in `field`. On GKE the node mask follows the maximum Pods per node.
    pub fn edit(self, field: DraftField, text: String) -> Self {
        match field {
            DraftField::Flag(flag) => self.with_flag(flag, text),
            DraftField::Knob(KnobId::MaxPods) => match self.matching_preset() {
                Some(preset) => self
                    .clone()
                    .with_preset_pods(preset, &text)
                    .unwrap_or_else(|_| self.with_knob(KnobId::MaxPods, text)),
                None => self.with_knob(KnobId::MaxPods, text),
            },
            DraftField::Knob(id) => self.with_knob(id, text),
        }
    }

    /// This draft with what `preset` sets (its flags, every other flag cleared, `--max-pods`, its CNI
    /// chain and its node network); a platform without node subnets changes nothing.
    pub fn with_preset(self, preset: &Preset) -> Self {
        match preset.max_pods() {
            Some(max_pods) => self
                .clone()
                .with_preset_max_pods(preset, max_pods)
                .unwrap_or(self),
            None => self,
        }
    }

    /// This draft with `preset`'s flags for `max_pods` pods per node (GKE's mask follows them) and
    /// that `--max-pods`; `Err` when the platform would refuse that many.
    pub fn with_preset_max_pods(mut self, preset: &Preset, max_pods: u32) -> Result<Self, String> {
        if let Some(flags) = preset.flags_for(max_pods)? {
            self.flags = flags;
            self = self
                .with_knob(KnobId::MaxPods, max_pods.to_string())
                .with_knob(KnobId::Cni, preset.cni.name().to_string())
                .with_knob(KnobId::NodeNetwork, preset.node_network.name().to_string());
        }
        Ok(self)
    }

    /// `--max-pods` typed as `text` over a draft holding `preset`: the preset's flags for that many pods
    /// (GKE's mask follows them), or these flags while `text` is not a count. `Err` when the platform
    /// would refuse that many.
    pub fn with_preset_pods(self, preset: &Preset, text: &str) -> Result<Self, String> {
        let draft = match text.trim().parse::<u32>() {
            Ok(max_pods) => self.with_preset_max_pods(preset, max_pods)?,
            Err(_) => self,
        };
        Ok(draft.with_knob(KnobId::MaxPods, text.to_string()))
    }

    /// The preset whose values these fields hold, if one does (GKE with any pods per node it takes).
    pub fn matching_preset(&self) -> Option<&'static Preset> {
        let max_pods = self.knob(KnobId::MaxPods).trim().parse::<u32>().ok()?;
        preset::ALL.iter().find(|preset| {
            let same_pods = preset.max_pods() == Some(max_pods)
                || matches!(
                    preset.pod_ips,
                    PodIps::NodeSubnets {
                        splitter: Splitter::GkeCloudAllocator,
                        ..
                    }
                );
            same_pods && self.clone().with_preset_max_pods(preset, max_pods).as_ref() == Ok(self)
        })
    }

    /// This draft with `flag` set to `value`.
    pub fn with_flag(mut self, flag: KcmFlag, value: String) -> Self {
        *flag.value_mut(&mut self.flags) = value;
        self
    }
}

fn trimmed(flags: &KcmFlags) -> KcmFlags {
    let mut out = KcmFlags {
        allocate_node_cidrs: flags.allocate_node_cidrs.trim().to_string(),
        ..KcmFlags::default()
    };
    for flag in KcmFlag::ALL {
        *flag.value_mut(&mut out) = flag.value(flags).trim().to_string();
    }
    out
}

impl ClusterSettings {
    /// The settings a scenario starts with: its `cluster` line (kind's defaults without one) and the
    /// first `set` of each setting a cluster carries (the simulation's defaults without one).
    pub fn of(scenario: &Scenario) -> ClusterSettings {
        let mut flags = None;
        let mut knobs = SimSettings::default();
        // Read from the end, so that the first line of each kind is the one that stays.
        for timed in scenario.commands.iter().rev() {
            match &timed.command {
                Command::Cluster { flags: f, config } => flags = Some((f, config)),
                Command::Set(setting) if setting.reach().preamble.is_some() => {
                    knobs.apply(*setting)
                }
                _ => {}
            }
        }
        let (flags, config) = flags
            .map(|(flags, config)| (flags.clone(), config.clone()))
            .unwrap_or_else(kind_defaults);
        ClusterSettings {
            flags,
            config,
            knobs,
            deletion_mode: DeletionMode::default(),
        }
    }

    /// The card's fields for these settings.
    pub fn draft(&self) -> SettingsDraft {
        let mut knobs = KnobTexts::default();
        for (knob, _) in carried() {
            knobs.set(knob.id, Some(knob.get(&self.knobs).value_text()));
        }
        SettingsDraft {
            flags: self.flags.clone(),
            knobs,
        }
    }

    /// The scenario lines these settings own: the `set` lines always written, those of the settings
    /// not at their defaults, then `cluster`.
    pub fn preamble(&self) -> Vec<Command> {
        let mut lines = Vec::new();
        for written in [Written::Always, Written::UnlessDefault] {
            for (knob, when) in carried() {
                let changed = || knob.differs(&self.knobs, &SimSettings::default());
                if when == written && (written == Written::Always || changed()) {
                    lines.push(Command::Set(knob.get(&self.knobs)));
                }
            }
        }
        lines.push(Command::Cluster {
            flags: self.flags.clone(),
            config: self.config.clone(),
        });
        lines
    }

    /// Whether a scenario line is one [`ClusterSettings::preamble`] owns.
    pub fn owns(command: &Command) -> bool {
        match command {
            Command::Cluster { .. } => true,
            Command::Set(setting) => setting.reach().preamble.is_some(),
            _ => false,
        }
    }
}

/// kind's flags, which always validate.
fn kind_defaults() -> (KcmFlags, NodeIpamConfig) {
    let flags = KcmFlags::kind_defaults();
    let config = flags.validate().unwrap_or_else(|_| NodeIpamConfig {
        cluster_cidrs: Vec::new(),
        node_cidr_mask_sizes: Vec::new(),
        service_cidr: None,
        secondary_service_cidr: None,
        warnings: Vec::new(),
        allocate_node_cidrs: true,
    });
    (flags, config)
}
