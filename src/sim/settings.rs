//! Every timing and knob of the simulation, named and documented in one place, with realistic defaults.
//!
//! A scenario changes them with `set NAME=VALUE` (the kebab-case names of [`SimSettings::set`]).

use super::clock::{DurationError, VirtualDuration};
use crate::ipam::capacity::KUBELET_DEFAULT_MAX_PODS;
use crate::ipam::goip::GoQuoted;
use crate::ipam::ptp::netns::MAX_IFINDEX;
use serde::Serialize;
use std::fmt;

/// The simulation's settings. Durations are virtual time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SimSettings {
    /// Seed of every random draw (sandbox IDs, netns names, veth names, MACs). Same seed and scenario →
    /// same run, byte for byte.
    pub seed: u64,
    /// API server → informer → handler: how long a watch event takes to reach a controller or kubelet.
    pub watch_latency: VirtualDuration,
    /// One API request (the node IPAM controller's PATCH of `spec.podCIDRs`, the kubelet's status
    /// update, the status manager's final delete) until it is visible in the API.
    pub api_latency: VirtualDuration,
    /// `cidrallocator_node` workqueue: the first retry delay of a failed node (client-go's
    /// `DefaultControllerRateLimiter`, per item 5 ms doubling; ≥ 1.30 `range_allocator.go`).
    pub node_ipam_backoff_base: VirtualDuration,
    /// The cap of that doubling (1000 s upstream).
    pub node_ipam_backoff_max: VirtualDuration,
    /// How long after its node registers kindnetd (a DaemonSet pod on the host network) runs its first
    /// reconcile and writes the conflist if the node already has a podCIDR.
    pub kindnet_start_delay: VirtualDuration,
    /// kindnetd's main loop sleeps this long between reconciles (`time.Sleep(10 * time.Second)`).
    pub kindnet_resync_period: VirtualDuration,
    /// The node's `eth0` MTU, which kindnetd copies into the conflist (`computeBridgeMTU`). Docker's
    /// default bridge gives 1500; the measured Docker Desktop kind node had 65535.
    pub node_mtu: u32,
    /// The kubelet's `RunPodSandbox` until containerd invokes CNI ADD: pause container created, netns
    /// made (`/var/run/netns/cni-<uuid>`).
    pub sandbox_setup: VirtualDuration,
    /// After a failed sync the pod worker requeues the pod after `backOffPeriod` (10 s in `kubelet.go`),
    /// plus up to half of it again (`wait.Jitter`, drawn from the seed: see `sim::jitter`).
    pub sandbox_retry_period: VirtualDuration,
    /// Immediate delete (`--grace-period=0 --force`): from the Pod object's removal to CNI DEL. The kubelet
    /// kills the container with at least `minimumGracePeriodInSeconds = 2`, then `StopPodSandbox` runs
    /// CNI DEL; measured in kind at 2.2–2.3 s.
    pub del_lag: VirtualDuration,
    /// When a container exits after SIGTERM. `None`: it ignores SIGTERM (like `sleep` as PID 1, the
    /// measured case) and is killed at the end of the grace period, at least 2 s after SIGTERM. Either
    /// way it caps both paths: a graceful delete's wait, and an immediate delete's `del_lag`.
    pub sigterm_exit: Option<VirtualDuration>,
    /// Graceful delete: from the containers' exit to `StopPodSandbox`'s CNI DEL.
    pub sandbox_stop: VirtualDuration,
    /// `podgc` deletes pods bound to a node that no longer exists after this quarantine
    /// (`quarantineTime`, 40 s in `gc_controller.go`).
    pub podgc_quarantine: VirtualDuration,
    /// ifindex of a pod's `eth0`: 2 on a plain kernel; the measured Docker Desktop kernel's per-netns
    /// tunnel devices pushed it to 11.
    pub pod_first_ifindex: u32,
    /// ifindex of the node's own `eth0`; the pods' veths on the node follow it, one new index each (the
    /// kernel does not reuse a freed one until the counter wraps). 2 on a plain kernel.
    pub node_first_ifindex: u32,
    /// The kubelet's `--max-pods` (`maxPods`): how many pods it admits on its node, whatever the node's
    /// range holds (110 by default, `pkg/kubelet/apis/config/v1beta1/defaults.go`).
    pub max_pods: u32,
    /// host-local's `dataDir` in the conflist of nodes added from now on: kind's tmpfs directory, or
    /// host-local's default on disk, which outlives a reboot (see [`IpamDataDir`]).
    pub ipam_data_dir: IpamDataDir,
    /// `node reboot`: from the machine going down to its kubelet and containerd running again.
    /// Machine-specific (a kind node container restarts in seconds, a VM in tens of seconds).
    pub reboot_downtime: VirtualDuration,
}

/// Where host-local keeps its files (`dataDir`), and so whether they outlive a reboot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum IpamDataDir {
    /// kind's `/run/cni-ipam-state`: `/run` is a tmpfs, empty at every boot.
    #[serde(rename = "/run/cni-ipam-state")]
    RunCniIpamState,
    /// host-local's default `/var/lib/cni/networks` (`disk.defaultDataDir`), on disk: kept across reboots.
    #[serde(rename = "/var/lib/cni/networks")]
    VarLibCniNetworks,
}

impl IpamDataDir {
    /// The two directories, as `set ipam-data-dir=` names them.
    pub const ALL: [IpamDataDir; 2] = [Self::RunCniIpamState, Self::VarLibCniNetworks];

    /// The path.
    pub fn path(self) -> &'static str {
        match self {
            Self::RunCniIpamState => "/run/cni-ipam-state",
            Self::VarLibCniNetworks => "/var/lib/cni/networks",
        }
    }

    /// Whether its files are still there after a reboot (everything under `/run` is a fresh tmpfs).
    pub fn survives_reboot(self) -> bool {
        !self.path().starts_with("/run/")
    }
}

impl Default for SimSettings {
    fn default() -> Self {
        Self {
            seed: 1,
            watch_latency: VirtualDuration::from_millis(10),
            api_latency: VirtualDuration::from_millis(5),
            node_ipam_backoff_base: VirtualDuration::from_millis(5),
            node_ipam_backoff_max: VirtualDuration::from_secs(1000),
            kindnet_start_delay: VirtualDuration::from_millis(300),
            kindnet_resync_period: VirtualDuration::from_secs(10),
            node_mtu: 1500,
            sandbox_setup: VirtualDuration::from_millis(100),
            sandbox_retry_period: VirtualDuration::from_secs(10),
            del_lag: VirtualDuration::from_millis(2300),
            sigterm_exit: None,
            sandbox_stop: VirtualDuration::from_millis(100),
            podgc_quarantine: VirtualDuration::from_secs(40),
            pod_first_ifindex: 2,
            node_first_ifindex: 2,
            ipam_data_dir: IpamDataDir::RunCniIpamState,
            reboot_downtime: VirtualDuration::from_secs(20),
            max_pods: KUBELET_DEFAULT_MAX_PODS,
        }
    }
}

/// The shortest period of work that repeats over a whole run (kindnetd's resync, the kubelet's sandbox
/// retry, the node IPAM workqueue's backoff cap).
pub const MIN_PERIOD: VirtualDuration = VirtualDuration::from_secs(1);

/// Why `set NAME=VALUE` was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingError {
    /// No setting has that name.
    Unknown(String),
    /// The value is not a duration.
    Duration(DurationError),
    /// A period shorter than podip's limit.
    TooShort {
        /// The setting.
        name: &'static str,
        /// The shortest accepted.
        min: VirtualDuration,
    },
    /// Not one of the directories podip models.
    DataDir(String),
    /// The value is not a number in range.
    Number {
        /// The setting.
        name: &'static str,
        /// What was given.
        value: String,
    },
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unknown(name) => write!(
                f,
                "unknown setting {} (known: {})",
                GoQuoted(name),
                Setting::NAMES.join(", ")
            ),
            Self::Duration(err) => err.fmt(f),
            Self::TooShort { name, min } => {
                write!(
                    f,
                    "{name}: at least {min} (podip's limit: it repeats over the whole run)"
                )
            }
            Self::DataDir(value) => write!(
                f,
                "ipam-data-dir: {} is not one of {}",
                GoQuoted(value),
                IpamDataDir::ALL.map(IpamDataDir::path).join(", ")
            ),
            Self::Number { name, value } => {
                write!(f, "{name}: invalid number {}", GoQuoted(value))
            }
        }
    }
}

impl std::error::Error for SettingError {}

/// One `set NAME=VALUE`, typed: the value is parsed once, where the line is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    /// `seed`.
    Seed(u64),
    /// `watch-latency`.
    WatchLatency(VirtualDuration),
    /// `api-latency`.
    ApiLatency(VirtualDuration),
    /// `node-ipam-backoff-base`.
    NodeIpamBackoffBase(VirtualDuration),
    /// `node-ipam-backoff-max`.
    NodeIpamBackoffMax(VirtualDuration),
    /// `kindnet-start-delay`.
    KindnetStartDelay(VirtualDuration),
    /// `kindnet-resync-period`.
    KindnetResyncPeriod(VirtualDuration),
    /// `node-mtu`.
    NodeMtu(u32),
    /// `sandbox-setup`.
    SandboxSetup(VirtualDuration),
    /// `sandbox-retry-period`.
    SandboxRetryPeriod(VirtualDuration),
    /// `del-lag`.
    DelLag(VirtualDuration),
    /// `sigterm-exit` (`never`: the container ignores SIGTERM).
    SigtermExit(Option<VirtualDuration>),
    /// `sandbox-stop`.
    SandboxStop(VirtualDuration),
    /// `podgc-quarantine`.
    PodgcQuarantine(VirtualDuration),
    /// `pod-first-ifindex`.
    PodFirstIfindex(u32),
    /// `node-first-ifindex`.
    NodeFirstIfindex(u32),
    /// `ipam-data-dir`.
    IpamDataDir(IpamDataDir),
    /// `reboot-downtime`.
    RebootDowntime(VirtualDuration),
    /// `max-pods`: the kubelet's `--max-pods`.
    MaxPods(u32),
}

impl Setting {
    /// `del-lag`, which links and the settings card also name.
    pub const DEL_LAG: &'static str = "del-lag";
    /// `max-pods`, which presets and the settings card also set.
    pub const MAX_PODS: &'static str = "max-pods";

    /// The names `set` accepts.
    pub const NAMES: [&'static str; 19] = [
        "seed",
        "watch-latency",
        "api-latency",
        "node-ipam-backoff-base",
        "node-ipam-backoff-max",
        "kindnet-start-delay",
        "kindnet-resync-period",
        "node-mtu",
        "sandbox-setup",
        "sandbox-retry-period",
        Self::DEL_LAG,
        "sigterm-exit",
        "sandbox-stop",
        "podgc-quarantine",
        "pod-first-ifindex",
        "node-first-ifindex",
        "ipam-data-dir",
        "reboot-downtime",
        Self::MAX_PODS,
    ];

    /// Read `NAME=VALUE`'s parts: durations as in `wait` (`2.3s`), `sigterm-exit=never` for a container
    /// that ignores SIGTERM.
    ///
    /// # Examples
    /// ```
    /// use podip::sim::settings::Setting;
    /// use podip::sim::VirtualDuration;
    /// assert_eq!(Setting::parse("del-lag", "2.3s"), Ok(Setting::DelLag(VirtualDuration::from_millis(2300))));
    /// assert_eq!(Setting::DelLag(VirtualDuration::from_millis(2300)).to_string(), "del-lag=2.3s");
    /// assert!(Setting::parse("del-lag", "soon").is_err());
    /// ```
    pub fn parse(name: &str, value: &str) -> Result<Setting, SettingError> {
        let duration = || {
            value
                .parse::<VirtualDuration>()
                .map_err(SettingError::Duration)
        };
        // A zero delay would retry a full cluster at one instant forever.
        let positive = || duration().map(|d| d.max(VirtualDuration::from_millis(1)));
        // Periods that repeat work over the whole run: shorter ones multiply it past what can be shown.
        let period = |name: &'static str| {
            duration().and_then(|d| {
                if d < MIN_PERIOD {
                    Err(SettingError::TooShort {
                        name,
                        min: MIN_PERIOD,
                    })
                } else {
                    Ok(d)
                }
            })
        };
        let number = |name: &'static str| {
            value.parse::<u64>().map_err(|_| SettingError::Number {
                name,
                value: value.to_string(),
            })
        };
        let small = |name: &'static str, min: u64| {
            number(name).and_then(|n| {
                u32::try_from(n)
                    .ok()
                    .filter(|n| u64::from(*n) >= min)
                    .ok_or(SettingError::Number {
                        name,
                        value: value.to_string(),
                    })
            })
        };
        // What the kernel can hand out (`dev_index_reserve`: up to `INT_MAX`); 1 is always `lo`.
        let ifindex = |name: &'static str| {
            small(name, 2).and_then(|n| {
                (n <= MAX_IFINDEX).then_some(n).ok_or(SettingError::Number {
                    name,
                    value: value.to_string(),
                })
            })
        };
        Ok(match name {
            "seed" => Setting::Seed(number("seed")?),
            "watch-latency" => Setting::WatchLatency(duration()?),
            "api-latency" => Setting::ApiLatency(duration()?),
            "node-ipam-backoff-base" => Setting::NodeIpamBackoffBase(positive()?),
            "node-ipam-backoff-max" => {
                Setting::NodeIpamBackoffMax(period("node-ipam-backoff-max")?)
            }
            "kindnet-start-delay" => Setting::KindnetStartDelay(duration()?),
            "kindnet-resync-period" => {
                Setting::KindnetResyncPeriod(period("kindnet-resync-period")?)
            }
            "node-mtu" => Setting::NodeMtu(small("node-mtu", 68)?),
            "sandbox-setup" => Setting::SandboxSetup(duration()?),
            "sandbox-retry-period" => Setting::SandboxRetryPeriod(period("sandbox-retry-period")?),
            Self::DEL_LAG => Setting::DelLag(duration()?),
            "sigterm-exit" if value == "never" => Setting::SigtermExit(None),
            "sigterm-exit" => Setting::SigtermExit(Some(duration()?)),
            "sandbox-stop" => Setting::SandboxStop(duration()?),
            "podgc-quarantine" => Setting::PodgcQuarantine(duration()?),
            "pod-first-ifindex" => Setting::PodFirstIfindex(ifindex("pod-first-ifindex")?),
            "node-first-ifindex" => Setting::NodeFirstIfindex(ifindex("node-first-ifindex")?),
            "ipam-data-dir" => Setting::IpamDataDir(
                IpamDataDir::ALL
                    .into_iter()
                    .find(|dir| dir.path() == value)
                    .ok_or_else(|| SettingError::DataDir(value.to_string()))?,
            ),
            "reboot-downtime" => Setting::RebootDowntime(duration()?),
            // The kubelet refuses a negative maxPods; 0 would admit nothing, which teaches nothing.
            Self::MAX_PODS => Setting::MaxPods(small(Self::MAX_PODS, 1)?),
            _ => return Err(SettingError::Unknown(name.to_string())),
        })
    }

    /// Its kebab-case name.
    pub fn name(&self) -> &'static str {
        Self::NAMES[match self {
            Setting::Seed(_) => 0,
            Setting::WatchLatency(_) => 1,
            Setting::ApiLatency(_) => 2,
            Setting::NodeIpamBackoffBase(_) => 3,
            Setting::NodeIpamBackoffMax(_) => 4,
            Setting::KindnetStartDelay(_) => 5,
            Setting::KindnetResyncPeriod(_) => 6,
            Setting::NodeMtu(_) => 7,
            Setting::SandboxSetup(_) => 8,
            Setting::SandboxRetryPeriod(_) => 9,
            Setting::DelLag(_) => 10,
            Setting::SigtermExit(_) => 11,
            Setting::SandboxStop(_) => 12,
            Setting::PodgcQuarantine(_) => 13,
            Setting::PodFirstIfindex(_) => 14,
            Setting::NodeFirstIfindex(_) => 15,
            Setting::IpamDataDir(_) => 16,
            Setting::RebootDowntime(_) => 17,
            Setting::MaxPods(_) => 18,
        }]
    }
}

/// `NAME=VALUE`, as `set` reads it.
impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}=", self.name())?;
        match *self {
            Setting::Seed(n) => write!(f, "{n}"),
            Setting::NodeMtu(n)
            | Setting::PodFirstIfindex(n)
            | Setting::NodeFirstIfindex(n)
            | Setting::MaxPods(n) => {
                write!(f, "{n}")
            }
            Setting::SigtermExit(None) => f.write_str("never"),
            Setting::IpamDataDir(dir) => f.write_str(dir.path()),
            Setting::SigtermExit(Some(d))
            | Setting::WatchLatency(d)
            | Setting::ApiLatency(d)
            | Setting::NodeIpamBackoffBase(d)
            | Setting::NodeIpamBackoffMax(d)
            | Setting::KindnetStartDelay(d)
            | Setting::KindnetResyncPeriod(d)
            | Setting::SandboxSetup(d)
            | Setting::SandboxRetryPeriod(d)
            | Setting::DelLag(d)
            | Setting::SandboxStop(d)
            | Setting::PodgcQuarantine(d)
            | Setting::RebootDowntime(d) => write!(f, "{d}"),
        }
    }
}

impl SimSettings {
    /// Put one setting in force.
    pub fn apply(&mut self, setting: Setting) {
        match setting {
            Setting::Seed(n) => self.seed = n,
            Setting::WatchLatency(d) => self.watch_latency = d,
            Setting::ApiLatency(d) => self.api_latency = d,
            Setting::NodeIpamBackoffBase(d) => self.node_ipam_backoff_base = d,
            Setting::NodeIpamBackoffMax(d) => self.node_ipam_backoff_max = d,
            Setting::KindnetStartDelay(d) => self.kindnet_start_delay = d,
            Setting::KindnetResyncPeriod(d) => self.kindnet_resync_period = d,
            Setting::NodeMtu(n) => self.node_mtu = n,
            Setting::SandboxSetup(d) => self.sandbox_setup = d,
            Setting::SandboxRetryPeriod(d) => self.sandbox_retry_period = d,
            Setting::DelLag(d) => self.del_lag = d,
            Setting::SigtermExit(d) => self.sigterm_exit = d,
            Setting::SandboxStop(d) => self.sandbox_stop = d,
            Setting::PodgcQuarantine(d) => self.podgc_quarantine = d,
            Setting::PodFirstIfindex(n) => self.pod_first_ifindex = n,
            Setting::NodeFirstIfindex(n) => self.node_first_ifindex = n,
            Setting::IpamDataDir(dir) => self.ipam_data_dir = dir,
            Setting::RebootDowntime(d) => self.reboot_downtime = d,
            Setting::MaxPods(n) => self.max_pods = n,
        }
    }

    /// Change one setting by its kebab-case name ([`Setting::parse`], then [`SimSettings::apply`]).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SettingError> {
        self.apply(Setting::parse(name, value)?);
        Ok(())
    }
}
