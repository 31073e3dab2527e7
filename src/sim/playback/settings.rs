//! The page's cluster settings as one typed value: kube-controller-manager's flags (validated once,
//! with its texts), the kubelet's `--max-pods`, the DEL lag, the seed and how "delete pod" deletes. The scenario's preamble lines
//! are written from it, and read back into it.

use crate::ipam::kcm::{KcmFlag, KcmFlags, NodeIpamConfig};
use crate::sim::command::Command;
use crate::sim::preset::Preset;
use crate::sim::settings::{Setting, SimSettings};
use crate::sim::{Scenario, VirtualDuration};

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

/// The settings a learner changes in the settings card (or a link's parameters).
#[derive(Clone, PartialEq, Debug)]
pub struct ClusterSettings {
    /// kube-controller-manager's flags as typed.
    pub flags: KcmFlags,
    /// What they validated to.
    pub config: NodeIpamConfig,
    /// The kubelet's `--max-pods`.
    pub max_pods: u32,
    /// From an immediate delete to CNI DEL.
    pub del_lag: VirtualDuration,
    /// Seed of every random draw.
    pub seed: u64,
    /// How "delete pod" deletes.
    pub deletion_mode: DeletionMode,
}

/// The settings as the card's fields hold them: text, not yet validated.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct SettingsDraft {
    /// kube-controller-manager's flags as typed.
    pub flags: KcmFlags,
    /// The DEL lag as typed (`2.3s`).
    pub del_lag: String,
    /// The kubelet's `--max-pods` as typed.
    pub max_pods: String,
}

impl SettingsDraft {
    /// Validate the fields over `base` (the seed and deletion mode stay): kube-controller-manager's
    /// text, or the duration's.
    pub fn validate(&self, base: &ClusterSettings) -> Result<ClusterSettings, String> {
        let config = self.flags.validate().map_err(|e| e.to_string())?;
        let del_lag = match Setting::parse(Setting::DEL_LAG, self.del_lag.trim()) {
            Ok(Setting::DelLag(lag)) => lag,
            Ok(_) => base.del_lag,
            Err(err) => return Err(err.to_string()),
        };
        let max_pods = match Setting::parse(Setting::MAX_PODS, self.max_pods.trim()) {
            Ok(Setting::MaxPods(max_pods)) => max_pods,
            Ok(_) => base.max_pods,
            Err(err) => return Err(err.to_string()),
        };
        Ok(ClusterSettings {
            flags: trimmed(&self.flags),
            config,
            max_pods,
            del_lag,
            ..base.clone()
        })
    }

    /// This draft with what `preset` sets (its flags, every other flag cleared, and `--max-pods`); a
    /// platform without node subnets changes nothing.
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
            self.max_pods = max_pods.to_string();
        }
        Ok(self)
    }

    /// The preset whose values these fields hold, if one does (GKE with any pods per node it takes).
    pub fn matching_preset(&self) -> Option<&'static Preset> {
        let max_pods = self.max_pods.trim().parse::<u32>().ok()?;
        crate::sim::preset::ALL.iter().find(|preset| {
            let same_pods = preset.max_pods() == Some(max_pods)
                || matches!(
                    preset.pod_ips,
                    crate::sim::preset::PodIps::NodeSubnets {
                        splitter: crate::sim::preset::Splitter::GkeCloudAllocator,
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
    let mut out = KcmFlags::default();
    for flag in KcmFlag::ALL {
        *flag.value_mut(&mut out) = flag.value(flags).trim().to_string();
    }
    out
}

impl ClusterSettings {
    /// The settings a scenario starts with: its `cluster` line (kind's defaults without one), its first
    /// `max-pods`, `del-lag` and `seed` (the simulation's defaults without them).
    pub fn of(scenario: &Scenario) -> ClusterSettings {
        let defaults = SimSettings::default();
        let mut flags = None;
        let mut del_lag = None;
        let mut seed = None;
        let mut max_pods = None;
        for timed in &scenario.commands {
            match &timed.command {
                Command::Cluster { flags: f, config } if flags.is_none() => {
                    flags = Some((f.clone(), config.clone()))
                }
                Command::Set(Setting::DelLag(lag)) if del_lag.is_none() => del_lag = Some(*lag),
                Command::Set(Setting::Seed(s)) if seed.is_none() => seed = Some(*s),
                Command::Set(Setting::MaxPods(n)) if max_pods.is_none() => max_pods = Some(*n),
                _ => {}
            }
        }
        let (flags, config) = flags.unwrap_or_else(kind_defaults);
        ClusterSettings {
            flags,
            config,
            max_pods: max_pods.unwrap_or(defaults.max_pods),
            del_lag: del_lag.unwrap_or(defaults.del_lag),
            seed: seed.unwrap_or(defaults.seed),
            deletion_mode: DeletionMode::default(),
        }
    }

    /// The card's fields for these settings.
    pub fn draft(&self) -> SettingsDraft {
        SettingsDraft {
            flags: self.flags.clone(),
            del_lag: self.del_lag.to_string(),
            max_pods: self.max_pods.to_string(),
        }
    }

    /// The scenario lines these settings own: `set del-lag`, `set seed` and `set max-pods` (each when
    /// not the default) and `cluster`, in that order.
    pub fn preamble(&self) -> Vec<Command> {
        let mut lines = vec![Command::Set(Setting::DelLag(self.del_lag))];
        if self.seed != SimSettings::default().seed {
            lines.push(Command::Set(Setting::Seed(self.seed)));
        }
        if self.max_pods != SimSettings::default().max_pods {
            lines.push(Command::Set(Setting::MaxPods(self.max_pods)));
        }
        lines.push(Command::Cluster {
            flags: self.flags.clone(),
            config: self.config.clone(),
        });
        lines
    }

    /// Whether a scenario line is one [`ClusterSettings::preamble`] owns.
    pub fn owns(command: &Command) -> bool {
        matches!(
            command,
            Command::Cluster { .. }
                | Command::Set(Setting::DelLag(_) | Setting::Seed(_) | Setting::MaxPods(_))
        )
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
    });
    (flags, config)
}
