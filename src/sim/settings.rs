//! Every timing and knob of the simulation in one table, [`KNOBS`]: each entry is a setting's name,
//! its type and default, how its text is read (and written back), and where besides a scenario's
//! `set NAME=VALUE` line it is read — the cluster's settings ([`crate::sim::ClusterSettings`]), the
//! settings card, a link. Adding a setting is one entry below, its words in `i18n::ui::knob_words` when
//! the card shows it, and its row in the README's table of settings.

use super::chain::Chain;
use super::clock::{DurationError, VirtualDuration};
use super::node_network::NodeNetwork;
use crate::ipam::capacity::KUBELET_DEFAULT_MAX_PODS;
use crate::ipam::goip::GoQuoted;
use crate::ipam::ptp::netns::MAX_IFINDEX;
use serde::Serialize;
use std::fmt;

/// Where a setting is read besides a scenario's `set` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    /// Whether the cluster's settings carry it, and when a scenario's preamble written from them has
    /// its `set` line (`None`: only a scenario sets it).
    pub preamble: Option<Written>,
    /// Whether the settings card has a field for it.
    pub card: bool,
    /// Whether a link carries it as a parameter of its own name (otherwise a link whose value differs
    /// from its tour's carries the scenario text).
    pub link: bool,
}

/// When a scenario's preamble has a setting's `set` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// Always, before the others: the scenario shows the value in force.
    Always,
    /// When its value is not the default.
    UnlessDefault,
}

impl Reach {
    /// Only a scenario's `set` line.
    pub const SET: Reach = Reach {
        preamble: None,
        card: false,
        link: false,
    };
}

/// One row of [`KNOBS`].
#[derive(Debug)]
pub struct Knob {
    /// The kebab-case name `set`, the card and links use.
    pub name: &'static str,
    /// Where it is read besides `set`.
    pub reach: Reach,
    /// Its id, which is also its place in [`KNOBS`].
    pub id: KnobId,
}

impl Knob {
    /// The row named `name`.
    pub fn named(name: &str) -> Option<&'static Knob> {
        KNOBS.iter().find(|knob| knob.name == name)
    }

    /// Its value when no scenario sets it.
    pub fn default_value(&self) -> Setting {
        self.get(&SimSettings::default())
    }

    /// Whether `a` and `b` hold different values for it. Compared as text, which names one value
    /// each (`tests/settings_table.rs`), so the page's wasm holds no comparison of every kind of value.
    pub fn differs(&self, a: &SimSettings, b: &SimSettings) -> bool {
        self.get(a).value_text() != self.get(b).value_text()
    }
}

/// Texts for some rows of [`KNOBS`] (a draft's fields, a link's parameters), one slot per row: a
/// map without a map's code in the page's wasm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnobTexts([Option<String>; Knob::COUNT]);

impl Default for KnobTexts {
    fn default() -> Self {
        KnobTexts([const { None }; Knob::COUNT])
    }
}

impl KnobTexts {
    /// The text of the row `id`, if any.
    pub fn get(&self, id: KnobId) -> Option<&str> {
        self.0[id as usize].as_deref()
    }

    /// Give the row `id` a text (or none).
    pub fn set(&mut self, id: KnobId, text: Option<String>) {
        self.0[id as usize] = text;
    }

    /// The rows with a text, and it, in the table's order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static Knob, &str)> {
        KNOBS
            .iter()
            .zip(&self.0)
            .filter_map(|(knob, text)| Some((knob, text.as_deref()?)))
    }
}

/// A setting's type: how its text is read, under a rule of the row's, and written back.
trait Value: Sized {
    /// What a row may ask of a value beyond its type.
    type Rule;
    /// Read `text` for the setting `name` (named in the refusal).
    fn read(name: &'static str, text: &str, rule: Self::Rule) -> Result<Self, SettingError>;
    /// As written after `NAME=`.
    fn text(&self) -> String;
}

/// No rule beyond the value's type.
pub struct Any;

/// What a row asks of a duration.
pub enum DurationRule {
    /// Any duration, as in `wait` (`2.3s`).
    Any,
    /// At least 1 ms (0 reads as 1 ms): a zero delay would retry a full cluster at one instant forever.
    Positive,
    /// At least [`MIN_PERIOD`]: a shorter period of work repeated over the whole run multiplies it
    /// past what can be shown.
    Period,
}

/// What a row asks of a count.
pub enum CountRule {
    /// At least this many.
    AtLeast(u32),
    /// What the kernel can hand out (`dev_index_reserve`: up to `INT_MAX`); 1 is always `lo`.
    Ifindex,
}

impl Value for u64 {
    type Rule = Any;
    fn read(name: &'static str, text: &str, _: Any) -> Result<u64, SettingError> {
        text.parse::<u64>().map_err(|_| SettingError::Number {
            name,
            value: text.to_string(),
        })
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

impl Value for u32 {
    type Rule = CountRule;
    fn read(name: &'static str, text: &str, rule: CountRule) -> Result<u32, SettingError> {
        let (min, max) = match rule {
            CountRule::AtLeast(min) => (min, u32::MAX),
            CountRule::Ifindex => (2, MAX_IFINDEX),
        };
        u64::read(name, text, Any).and_then(|n| {
            u32::try_from(n)
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or(SettingError::Number {
                    name,
                    value: text.to_string(),
                })
        })
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

impl Value for VirtualDuration {
    type Rule = DurationRule;
    fn read(name: &'static str, text: &str, rule: DurationRule) -> Result<Self, SettingError> {
        let duration = text
            .parse::<VirtualDuration>()
            .map_err(SettingError::Duration)?;
        match rule {
            DurationRule::Any => Ok(duration),
            DurationRule::Positive => Ok(duration.max(VirtualDuration::from_millis(1))),
            DurationRule::Period if duration < MIN_PERIOD => Err(SettingError::TooShort {
                name,
                min: MIN_PERIOD,
            }),
            DurationRule::Period => Ok(duration),
        }
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

/// A duration, or `never` (a container that ignores SIGTERM).
impl Value for Option<VirtualDuration> {
    type Rule = Any;
    fn read(name: &'static str, text: &str, _: Any) -> Result<Self, SettingError> {
        match text {
            "never" => Ok(None),
            _ => VirtualDuration::read(name, text, DurationRule::Any).map(Some),
        }
    }
    fn text(&self) -> String {
        self.map_or_else(|| "never".to_string(), |duration| duration.to_string())
    }
}

/// One of the directories podip models.
impl Value for IpamDataDir {
    type Rule = Any;
    fn read(_: &'static str, text: &str, _: Any) -> Result<Self, SettingError> {
        IpamDataDir::ALL
            .into_iter()
            .find(|dir| dir.path() == text)
            .ok_or_else(|| SettingError::DataDir(text.to_string()))
    }
    fn text(&self) -> String {
        self.path().to_string()
    }
}

/// One of the chains podip models.
impl Value for Chain {
    type Rule = Any;
    fn read(_: &'static str, text: &str, _: Any) -> Result<Self, SettingError> {
        Chain::named(text).ok_or_else(|| SettingError::Chain(text.to_string()))
    }
    fn text(&self) -> String {
        self.name().to_string()
    }
}

/// One of the node networks podip models.
impl Value for NodeNetwork {
    type Rule = Any;
    fn read(_: &'static str, text: &str, _: Any) -> Result<Self, SettingError> {
        NodeNetwork::named(text).ok_or_else(|| SettingError::NodeNetwork(text.to_string()))
    }
    fn text(&self) -> String {
        self.name().to_string()
    }
}

/// The table: from one entry per setting (its doc, name, variant, field, type, default, the rule its
/// text is read by, and its reach) it makes [`SimSettings`]' field and default, [`Setting`]'s variant,
/// the row of [`KNOBS`], and their arms in the matches that read, write and apply a value.
macro_rules! knobs {
    ($(
        $(#[doc = $doc:literal])*
        $name:literal $variant:ident($field:ident: $ty:ty = $default:expr), read $rule:expr, $reach:expr;
    )*) => {
        /// The simulation's settings, one field per row of [`KNOBS`]. Durations are virtual time.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
        pub struct SimSettings {
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        impl Default for SimSettings {
            fn default() -> Self {
                Self { $( $field: $default, )* }
            }
        }

        /// One `set NAME=VALUE`, typed: the value is parsed once, where the line is read.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Setting {
            $( #[doc = concat!("`", $name, "`.")] $variant($ty), )*
        }

        /// A row of [`KNOBS`] by name: how code names a setting (the text name is for `set`
        /// lines, the card's fields and links).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum KnobId {
            $( #[doc = concat!("`", $name, "`.")] $variant, )*
        }

        impl Knob {
            /// How many rows [`KNOBS`] has.
            pub const COUNT: usize = [$($name),*].len();

            /// Its value in `settings`.
            pub fn get(&self, settings: &SimSettings) -> Setting {
                match self.id { $( KnobId::$variant => Setting::$variant(settings.$field), )* }
            }

            /// Read its value as `set NAME=VALUE` gives it.
            pub fn parse(&self, text: &str) -> Result<Setting, SettingError> {
                match self.id {
                    $( KnobId::$variant => <$ty>::read($name, text, $rule).map(Setting::$variant), )*
                }
            }
        }

        /// Every setting, in the order `set`'s refusal lists them.
        pub static KNOBS: [Knob; Knob::COUNT] = [
            $( Knob {
                name: $name,
                reach: $reach,
                id: KnobId::$variant,
            }, )*
        ];

        impl Setting {
            /// Its kebab-case name.
            pub fn name(&self) -> &'static str {
                match self { $( Setting::$variant(_) => $name, )* }
            }

            /// Where it is read besides `set`.
            pub fn reach(&self) -> Reach {
                match self { $( Setting::$variant(_) => $reach, )* }
            }

            /// Its value as `set` writes it (`2.3s`, `never`, `250`), without `NAME=`.
            pub fn value_text(&self) -> String {
                match self { $( Setting::$variant(value) => value.text(), )* }
            }
        }

        impl SimSettings {
            /// Put one setting in force.
            pub fn apply(&mut self, setting: Setting) {
                match setting { $( Setting::$variant(value) => self.$field = value, )* }
            }
        }
    };
}

knobs! {
    /// Seed of every random draw (sandbox IDs, netns names, veth names, MACs). Same seed and scenario →
    /// same run, byte for byte.
    "seed" Seed(seed: u64 = 1), read Any,
        Reach { preamble: Some(Written::UnlessDefault), ..Reach::SET };
    /// API server → informer → handler: how long a watch event takes to reach a controller or kubelet.
    "watch-latency" WatchLatency(watch_latency: VirtualDuration = VirtualDuration::from_millis(10)),
        read DurationRule::Any, Reach::SET;
    /// One API request (the node IPAM controller's PATCH of `spec.podCIDRs`, the kubelet's status
    /// update, the status manager's final delete) until it is visible in the API.
    "api-latency" ApiLatency(api_latency: VirtualDuration = VirtualDuration::from_millis(5)),
        read DurationRule::Any, Reach::SET;
    /// `cidrallocator_node` workqueue: the first retry delay of a failed node (client-go's
    /// `DefaultControllerRateLimiter`, per item 5 ms doubling; ≥ 1.30 `range_allocator.go`).
    "node-ipam-backoff-base"
        NodeIpamBackoffBase(node_ipam_backoff_base: VirtualDuration = VirtualDuration::from_millis(5)),
        read DurationRule::Positive, Reach::SET;
    /// The cap of that doubling (1000 s upstream).
    "node-ipam-backoff-max"
        NodeIpamBackoffMax(node_ipam_backoff_max: VirtualDuration = VirtualDuration::from_secs(1000)),
        read DurationRule::Period, Reach::SET;
    /// How long after its node registers kindnetd (a DaemonSet pod on the host network) runs its first
    /// reconcile and writes the conflist if the node already has a podCIDR; on a flannel cluster, when
    /// the conflist is installed and flanneld starts.
    "kindnet-start-delay"
        KindnetStartDelay(kindnet_start_delay: VirtualDuration = VirtualDuration::from_millis(300)),
        read DurationRule::Any, Reach::SET;
    /// kindnetd's main loop sleeps this long between reconciles (`time.Sleep(10 * time.Second)`).
    "kindnet-resync-period"
        KindnetResyncPeriod(kindnet_resync_period: VirtualDuration = VirtualDuration::from_secs(10)),
        read DurationRule::Period, Reach::SET;
    /// The node's `eth0` MTU, which kindnetd copies into the conflist (`computeBridgeMTU`). Docker's
    /// default bridge gives 1500; the measured Docker Desktop kind node had 65535.
    "node-mtu" NodeMtu(node_mtu: u32 = 1500), read CountRule::AtLeast(68), Reach::SET;
    /// The kubelet's `RunPodSandbox` until containerd invokes CNI ADD: pause container created, netns
    /// made (`/var/run/netns/cni-<uuid>`).
    "sandbox-setup" SandboxSetup(sandbox_setup: VirtualDuration = VirtualDuration::from_millis(100)),
        read DurationRule::Any, Reach::SET;
    /// After a failed sync the pod worker requeues the pod after `backOffPeriod` (10 s in `kubelet.go`),
    /// plus up to half of it again (`wait.Jitter`, drawn from the seed: see `sim::jitter`).
    "sandbox-retry-period"
        SandboxRetryPeriod(sandbox_retry_period: VirtualDuration = VirtualDuration::from_secs(10)),
        read DurationRule::Period, Reach::SET;
    /// Immediate delete (`--grace-period=0 --force`): from the Pod object's removal to CNI DEL. The kubelet
    /// kills the container with at least `minimumGracePeriodInSeconds = 2`, then `StopPodSandbox` runs
    /// CNI DEL; measured in kind at 2.2–2.3 s.
    "del-lag" DelLag(del_lag: VirtualDuration = VirtualDuration::from_millis(2300)), read DurationRule::Any,
        Reach { preamble: Some(Written::Always), card: true, link: true };
    /// When a container exits after SIGTERM. `None` (`never`): it ignores SIGTERM (like `sleep` as PID 1,
    /// the measured case) and is killed at the end of the grace period, at least 2 s after SIGTERM.
    /// Either way it caps both paths: a graceful delete's wait, and an immediate delete's `del_lag`.
    "sigterm-exit" SigtermExit(sigterm_exit: Option<VirtualDuration> = None), read Any,
        Reach::SET;
    /// Graceful delete: from the containers' exit to `StopPodSandbox`'s CNI DEL.
    "sandbox-stop" SandboxStop(sandbox_stop: VirtualDuration = VirtualDuration::from_millis(100)),
        read DurationRule::Any, Reach::SET;
    /// `podgc` deletes pods bound to a node that no longer exists after this quarantine
    /// (`quarantineTime`, 40 s in `gc_controller.go`).
    "podgc-quarantine" PodgcQuarantine(podgc_quarantine: VirtualDuration = VirtualDuration::from_secs(40)),
        read DurationRule::Any, Reach::SET;
    /// ifindex of a pod's `eth0`: 2 on a plain kernel; the measured Docker Desktop kernel's per-netns
    /// tunnel devices pushed it to 11.
    "pod-first-ifindex" PodFirstIfindex(pod_first_ifindex: u32 = 2), read CountRule::Ifindex, Reach::SET;
    /// ifindex of the node's own `eth0`; the pods' veths on the node follow it, one new index each (the
    /// kernel does not reuse a freed one until the counter wraps). 2 on a plain kernel.
    "node-first-ifindex" NodeFirstIfindex(node_first_ifindex: u32 = 2), read CountRule::Ifindex, Reach::SET;
    /// host-local's `dataDir` in the conflist of nodes added from now on: kind's tmpfs directory, or
    /// host-local's default on disk, which outlives a reboot (see [`IpamDataDir`]).
    "ipam-data-dir" IpamDataDir(ipam_data_dir: IpamDataDir = IpamDataDir::RunCniIpamState),
        read Any, Reach::SET;
    /// `node reboot`: from the machine going down to its kubelet and containerd running again.
    /// Machine-specific (a kind node container restarts in seconds, a VM in tens of seconds).
    "reboot-downtime" RebootDowntime(reboot_downtime: VirtualDuration = VirtualDuration::from_secs(20)),
        read DurationRule::Any, Reach::SET;
    /// The kubelet's `--max-pods` (`maxPods`): how many pods it admits on its node, whatever the node's
    /// range holds (110 by default, `pkg/kubelet/apis/config/v1beta1/defaults.go`). The kubelet refuses
    /// a negative one; 0 would admit nothing, which teaches nothing.
    "max-pods" MaxPods(max_pods: u32 = KUBELET_DEFAULT_MAX_PODS), read CountRule::AtLeast(1),
        Reach { preamble: Some(Written::UnlessDefault), card: true, link: false };
    /// The CNI chain of nodes added from now on (see [`Chain`]): `kindnet` (kind's), `flannel`
    /// (kube-flannel, as kubeadm's docs pair it with `--pod-network-cidr=10.244.0.0/16`) or `k3s-flannel`
    /// (k3s' embedded flannel). A property of the cluster: presets set it, the card and links carry it.
    "cni" Cni(cni: Chain = Chain::Kindnet), read Any,
        Reach { preamble: Some(Written::UnlessDefault), card: true, link: true };
    /// The network the machines of nodes added from now on sit on, which gives each its InternalIP
    /// (see [`NodeNetwork`]): `kind` (Docker's `172.18.0.0/16`) or `vagrant` (a kubeadm lab's
    /// VirtualBox host-only `192.168.56.0/24`). A property of the cluster: presets set it.
    "node-network" NodeNetwork(node_network: NodeNetwork = NodeNetwork::Kind), read Any,
        Reach { preamble: Some(Written::UnlessDefault), card: false, link: false };
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
    /// Not one of the chains podip models.
    Chain(String),
    /// Not one of the node networks podip models.
    NodeNetwork(String),
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
                KNOBS
                    .iter()
                    .map(|knob| knob.name)
                    .collect::<Vec<_>>()
                    .join(", ")
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
            Self::Chain(value) => write!(
                f,
                "cni: {} is not one of {}",
                GoQuoted(value),
                Chain::ALL.map(Chain::name).join(", ")
            ),
            Self::NodeNetwork(value) => write!(
                f,
                "node-network: {} is not one of {}",
                GoQuoted(value),
                NodeNetwork::ALL.map(NodeNetwork::name).join(", ")
            ),
            Self::Number { name, value } => {
                write!(f, "{name}: invalid number {}", GoQuoted(value))
            }
        }
    }
}

impl std::error::Error for SettingError {}

impl KnobId {
    /// Its row of [`KNOBS`].
    pub fn knob(self) -> &'static Knob {
        &KNOBS[self as usize]
    }

    /// Its kebab-case name.
    pub fn name(self) -> &'static str {
        self.knob().name
    }

    /// The row named `name`, if any.
    pub fn named(name: &str) -> Option<KnobId> {
        Knob::named(name).map(|knob| knob.id)
    }
}

impl Setting {
    /// Read `NAME=VALUE`'s parts with the row of [`KNOBS`] named `name`: durations as in `wait`
    /// (`2.3s`), `sigterm-exit=never` for a container that ignores SIGTERM.
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
        let knob = Knob::named(name).ok_or_else(|| SettingError::Unknown(name.to_string()))?;
        knob.parse(value)
    }
}

/// `NAME=VALUE`, as `set` reads it.
impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.name(), self.value_text())
    }
}

impl SimSettings {
    /// Change one setting by its kebab-case name ([`Setting::parse`], then [`SimSettings::apply`]).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SettingError> {
        self.apply(Setting::parse(name, value)?);
        Ok(())
    }
}
