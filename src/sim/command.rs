//! One line of the scenario language as a value: [`Command::parse`] reads a line, `Display` writes it
//! back, so what a learner does in the page (a typed command) and what they type (a line) are one thing.
//!
//! ```text
//! set NAME=VALUE                                # a SimSettings field, e.g. set del-lag=2.3s
//! cluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=24 [--service-cluster-ip-range=10.96.0.0/16]
//! cluster --allocate-node-cidrs=false           # kubeadm without --pod-network-cidr: no node IPAM
//! node add NAME [--pod-cidr=CIDR[,CIDR]]        # a preset podCIDR is occupied; a reset machine rejoins
//! node delete NAME
//! node reboot NAME [--sandboxes=kept|lost]      # lost: the runtime forgot the old sandboxes
//! node reset NAME                               # kubeadm reset on it, then kubectl delete node
//! node exec NAME ip link delete DEVICE          # on the node's machine, e.g. the stale cni0
//! kcm restart                                   # kube-controller-manager restarts: the bitmap is rebuilt
//! pod add NAME --node=NODE [--ip=IP]            # --ip: a requested IP, as CNI_ARGS IP=
//! pod add NAME [--toleration=KEY[:EFFECT][,…]]  # no node: kube-scheduler binds it to a node it tolerates
//! pod add-many PREFIX --node=NODE --count=N     # PREFIX-1 … PREFIX-N
//! pod delete NAME [--grace-period=SECONDS]      # default 0: immediate
//! pod delete-many PREFIX --count=N [--grace-period=SECONDS]
//! wait DURATION                                 # 500ms, 2.3s, 1m, 1m30s
//! ```
//!
//! A line is checked on its own here (syntax, names, values, kube-controller-manager's flag validation);
//! what depends on the lines before it (a node that exists, a name taken) is [`super::Scenario`]'s.

mod words;

use super::clock::VirtualDuration;
use super::limits::MAX_MANY;
use super::reboot::SandboxRecords;
use super::scenario_error::ScenarioErrorKind;
use super::settings::Setting;
use super::taints::Toleration;
use crate::ipam::hostlocal::args::go_pkg_ip;
use crate::ipam::kcm::{KcmError, KcmFlag, KcmFlags, NodeIpamConfig, ALLOCATE_NODE_CIDRS};
use crate::ipam::ptp::IfName;
use std::fmt;
use words::{validate_name, Flags};

/// One line of a scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `set NAME=VALUE`: change a setting from now on.
    Set(Setting),
    /// `cluster …`: start kube-controller-manager's node IPAM controller with these flags.
    Cluster {
        /// The flags as given.
        flags: KcmFlags,
        /// What they validated to.
        config: NodeIpamConfig,
    },
    /// `node add`: a kubelet registers a node; with `pod_cidrs`, the node already carries them.
    NodeAdd {
        /// `metadata.name`.
        name: String,
        /// A preset `spec.podCIDRs`, as strings.
        pod_cidrs: Vec<String>,
    },
    /// `kcm restart`: kube-controller-manager restarts; its node IPAM controller is built anew from the
    /// nodes' podCIDRs (the cursor back at 0).
    KcmRestart,
    /// `node delete`: the Node object is deleted.
    NodeDelete {
        /// `metadata.name`.
        name: String,
    },
    /// `node reboot`: the machine behind the node restarts.
    NodeReboot {
        /// `metadata.name`.
        name: String,
        /// Whether containerd still knows the sandboxes it ran before.
        sandboxes: SandboxRecords,
    },
    /// `pod add`: a pod bound to `node` (`spec.nodeName`) is created.
    PodAdd {
        /// `metadata.name`.
        name: String,
        /// `spec.nodeName`.
        node: String,
        /// A requested IP, passed as `CNI_ARGS` `IP=`.
        ip: Option<String>,
    },
    /// `node reset`: `kubeadm reset` on the node's machine (its kubelet stopped, every pod sandbox
    /// stopped and removed), then `kubectl delete node`. The machine stays, with what `kubeadm reset`
    /// leaves, for a later `node add` of the same name (`kubeadm join`).
    NodeReset {
        /// `metadata.name`.
        name: String,
    },
    /// `node exec NAME ip link delete DEVICE`: a link of the node's machine is deleted by hand.
    LinkDelete {
        /// The node.
        node: String,
        /// The link, e.g. `cni0`.
        link: IfName,
    },
    /// `pod add` without `--node`: a pod the scheduler binds to a node whose taints it tolerates
    /// (`spec.nodeName` unset).
    PodAddUnbound {
        /// `metadata.name`.
        name: String,
        /// `spec.tolerations`, each with the operator `Exists`.
        tolerations: Vec<Toleration>,
    },
    /// `pod add-many`: pods `PREFIX-1` … `PREFIX-N` on one node.
    PodAddMany {
        /// The names' prefix.
        prefix: String,
        /// `spec.nodeName`.
        node: String,
        /// How many.
        count: u64,
    },
    /// `pod delete`: the pod is deleted with this grace period (0: immediately).
    PodDelete {
        /// `metadata.name`.
        name: String,
        /// `--grace-period` in seconds.
        grace_period_seconds: u64,
    },
    /// `pod delete-many`: pods `PREFIX-1` … `PREFIX-N` deleted.
    PodDeleteMany {
        /// The names' prefix.
        prefix: String,
        /// How many.
        count: u64,
        /// `--grace-period` in seconds.
        grace_period_seconds: u64,
    },
    /// `wait`: the commands after it happen this much later.
    Wait(VirtualDuration),
}

/// Why a `cluster` line's flags were refused: kube-controller-manager's text.
fn kcm_error(err: impl fmt::Display) -> ScenarioErrorKind {
    ScenarioErrorKind::Kcm(err.to_string())
}

const NODE_USAGE: &str = "node add NAME [--pod-cidr=CIDR[,CIDR]] | node delete NAME | \
                          node reboot NAME [--sandboxes=kept|lost] | node reset NAME | \
                          node exec NAME ip link delete DEVICE";
const POD_USAGE: &str = "pod add NAME [--node=NODE [--ip=IP] | --toleration=KEY[:EFFECT][,KEY[:EFFECT]]] | \
                         pod add-many PREFIX --node=NODE --count=N | \
                         pod delete NAME [--grace-period=SECONDS] | pod delete-many PREFIX --count=N [--grace-period=SECONDS]";
/// The longest grace period accepted (a year).
const MAX_GRACE_PERIOD_SECONDS: u64 = 365 * 24 * 3600;

impl Command {
    /// The command `cluster` builds from flags, validated as kube-controller-manager does (its text).
    pub fn cluster(flags: KcmFlags) -> Result<Command, ScenarioErrorKind> {
        let config = flags.validate().map_err(kcm_error)?;
        Ok(Command::Cluster { flags, config })
    }

    /// Read one line; `None` when it holds only a comment or blanks.
    ///
    /// # Examples
    /// ```
    /// use podip::sim::command::Command;
    /// let line = "pod add d  --node kind-worker   # the next address";
    /// let command = Command::parse(line).unwrap().unwrap();
    /// assert_eq!(command.to_string(), "pod add d --node=kind-worker");
    /// assert_eq!(Command::parse("# just a comment").unwrap(), None);
    /// ```
    pub fn parse(line: &str) -> Result<Option<Command>, ScenarioErrorKind> {
        let code = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = code.split_whitespace().collect();
        let Some((&verb, rest)) = words.split_first() else {
            return Ok(None);
        };
        let command = match verb {
            "wait" => {
                let [value] = rest else {
                    return Err(ScenarioErrorKind::Usage("wait DURATION"));
                };
                Command::Wait(value.parse().map_err(ScenarioErrorKind::Duration)?)
            }
            "set" => {
                let usage = || ScenarioErrorKind::Usage("set NAME=VALUE");
                let [assignment] = rest else {
                    return Err(usage());
                };
                let (name, value) = assignment.split_once('=').ok_or_else(usage)?;
                Command::Set(Setting::parse(name, value).map_err(ScenarioErrorKind::Setting)?)
            }
            "cluster" => {
                // A bool flag never takes the next word as its value (pflag's `NoOptDefVal`).
                let (switch, rest): (Vec<&str>, Vec<&str>) = rest
                    .iter()
                    .partition(|word| word.split('=').next() == Some(ALLOCATE_NODE_CIDRS));
                let allocate_node_cidrs = match switch.as_slice() {
                    [] => String::new(),
                    [word] => match word.split_once('=') {
                        None => "true".to_string(),
                        // An empty string is no bool to strconv.ParseBool either.
                        Some((_, "")) => {
                            return Err(kcm_error(KcmError::InvalidBoolFlag {
                                flag: ALLOCATE_NODE_CIDRS,
                                value: String::new(),
                            }))
                        }
                        Some((_, value)) => value.to_string(),
                    },
                    _ => return Err(ScenarioErrorKind::RepeatedFlag(ALLOCATE_NODE_CIDRS.into())),
                };
                let mut flags = Flags::parse(&rest, &KcmFlag::ALL.map(KcmFlag::flag))?;
                if let Some(arg) = flags.positional.first() {
                    return Err(ScenarioErrorKind::UnknownFlag(arg.clone()));
                }
                let mut kcm = KcmFlags {
                    allocate_node_cidrs,
                    ..KcmFlags::default()
                };
                for flag in KcmFlag::ALL {
                    *flag.value_mut(&mut kcm) = flags.take(flag.flag()).unwrap_or_default();
                }
                Command::cluster(kcm)?
            }
            "node" => parse_node(rest)?,
            "pod" => parse_pod(rest)?,
            "kcm" => match rest {
                ["restart"] => Command::KcmRestart,
                _ => return Err(ScenarioErrorKind::Usage("kcm restart")),
            },
            other => return Err(ScenarioErrorKind::UnknownVerb(other.to_string())),
        };
        Ok(Some(command))
    }
}

/// The line as the scenario language writes it (flags as `--flag=value`, empty flags left out).
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grace = |f: &mut fmt::Formatter<'_>, seconds: u64| {
            if seconds == 0 {
                Ok(())
            } else {
                write!(f, " --grace-period={seconds}")
            }
        };
        match self {
            Command::Set(setting) => write!(f, "set {setting}"),
            Command::Cluster { flags, .. } => {
                f.write_str("cluster")?;
                let switch = flags.allocate_node_cidrs.trim();
                if !switch.is_empty() {
                    write!(f, " {ALLOCATE_NODE_CIDRS}={switch}")?;
                }
                for flag in KcmFlag::ALL {
                    let value = flag.value(flags).trim();
                    if !value.is_empty() {
                        write!(f, " {}={value}", flag.flag())?;
                    }
                }
                Ok(())
            }
            Command::NodeAdd { name, pod_cidrs } => {
                write!(f, "node add {name}")?;
                if !pod_cidrs.is_empty() {
                    write!(f, " --pod-cidr={}", pod_cidrs.join(","))?;
                }
                Ok(())
            }
            Command::NodeDelete { name } => write!(f, "node delete {name}"),
            Command::NodeReboot { name, sandboxes } => {
                write!(f, "node reboot {name}")?;
                match sandboxes {
                    SandboxRecords::Kept => Ok(()),
                    SandboxRecords::Lost => f.write_str(" --sandboxes=lost"),
                }
            }
            Command::NodeReset { name } => write!(f, "node reset {name}"),
            Command::LinkDelete { node, link } => {
                write!(f, "node exec {node} ip link delete {}", &**link)
            }
            Command::KcmRestart => write!(f, "kcm restart"),
            Command::PodAdd { name, node, ip } => {
                write!(f, "pod add {name} --node={node}")?;
                if let Some(ip) = ip {
                    write!(f, " --ip={ip}")?;
                }
                Ok(())
            }
            Command::PodAddUnbound { name, tolerations } => {
                write!(f, "pod add {name}")?;
                if !tolerations.is_empty() {
                    let list: Vec<String> = tolerations.iter().map(Toleration::to_string).collect();
                    write!(f, " --toleration={}", list.join(","))?;
                }
                Ok(())
            }
            Command::PodAddMany {
                prefix,
                node,
                count,
            } => write!(f, "pod add-many {prefix} --node={node} --count={count}"),
            Command::PodDelete {
                name,
                grace_period_seconds,
            } => {
                write!(f, "pod delete {name}")?;
                grace(f, *grace_period_seconds)
            }
            Command::PodDeleteMany {
                prefix,
                count,
                grace_period_seconds,
            } => {
                write!(f, "pod delete-many {prefix} --count={count}")?;
                grace(f, *grace_period_seconds)
            }
            Command::Wait(duration) => write!(f, "wait {duration}"),
        }
    }
}

/// The words after `node`.
fn parse_node(words: &[&str]) -> Result<Command, ScenarioErrorKind> {
    let Some((&action, rest)) = words.split_first() else {
        return Err(ScenarioErrorKind::Usage(NODE_USAGE));
    };
    match action {
        "add" => {
            let mut flags = Flags::parse(rest, &["--pod-cidr"])?;
            let name = flags.single_name(NODE_USAGE)?;
            let pod_cidrs = flags
                .take("--pod-cidr")
                .map(|list| list.split(',').map(str::to_string).collect())
                .unwrap_or_default();
            Ok(Command::NodeAdd { name, pod_cidrs })
        }
        "delete" => {
            let mut flags = Flags::parse(rest, &[])?;
            let name = flags.single_name(NODE_USAGE)?;
            Ok(Command::NodeDelete { name })
        }
        "reboot" => {
            let mut flags = Flags::parse(rest, &["--sandboxes"])?;
            let name = flags.single_name(NODE_USAGE)?;
            let sandboxes = match flags.take("--sandboxes").as_deref() {
                None | Some("kept") => SandboxRecords::Kept,
                Some("lost") => SandboxRecords::Lost,
                Some(_) => return Err(ScenarioErrorKind::Usage(NODE_USAGE)),
            };
            Ok(Command::NodeReboot { name, sandboxes })
        }
        "reset" => {
            let mut flags = Flags::parse(rest, &[])?;
            let name = flags.single_name(NODE_USAGE)?;
            Ok(Command::NodeReset { name })
        }
        "exec" => {
            let [node, "ip", "link", "delete" | "del", device] = rest else {
                return Err(ScenarioErrorKind::Usage(NODE_USAGE));
            };
            validate_name(node)?;
            // The kernel's limit on a link's name (`IFNAMSIZ`), which iproute2 checks first.
            let link = IfName::new(device).ok_or_else(|| ScenarioErrorKind::InvalidValue {
                what: "DEVICE",
                value: device.to_string(),
                reason: format!("Error: argument {device:?} is wrong: \"dev\" not a valid ifname"),
            })?;
            Ok(Command::LinkDelete {
                node: node.to_string(),
                link,
            })
        }
        _ => Err(ScenarioErrorKind::Usage(NODE_USAGE)),
    }
}

/// The words after `pod`.
fn parse_pod(words: &[&str]) -> Result<Command, ScenarioErrorKind> {
    let Some((&action, rest)) = words.split_first() else {
        return Err(ScenarioErrorKind::Usage(POD_USAGE));
    };
    let allowed: &[&str] = match action {
        "add" => &["--node", "--ip", "--toleration"],
        "add-many" => &["--node", "--count"],
        "delete" => &["--grace-period"],
        "delete-many" => &["--grace-period", "--count"],
        _ => return Err(ScenarioErrorKind::Usage(POD_USAGE)),
    };
    let mut flags = Flags::parse(rest, allowed)?;
    let name = flags.single_name(POD_USAGE)?;
    let count = if action.ends_with("-many") {
        let count = flags
            .take("--count")
            .ok_or(ScenarioErrorKind::MissingFlag("--count"))?;
        let n = count
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=MAX_MANY).contains(n))
            .ok_or_else(|| ScenarioErrorKind::InvalidValue {
                what: "--count",
                value: count.clone(),
                reason: format!("want a whole number from 1 to {MAX_MANY}"),
            })?;
        // The longest name the line makes must be a valid name too.
        validate_name(&format!("{name}-{n}"))?;
        n
    } else {
        1
    };
    match action {
        // Without a node and without a requested IP (which only a bound pod's kubelet passes on), the
        // scheduler binds the pod.
        "add" if !flags.has("--node") && !flags.has("--ip") => {
            let tolerations = match flags.take("--toleration") {
                None => Vec::new(),
                Some(list) => list
                    .split(',')
                    .map(|text| {
                        text.parse::<Toleration>()
                            .map_err(|err| ScenarioErrorKind::InvalidValue {
                                what: "--toleration",
                                value: text.to_string(),
                                reason: err.to_string(),
                            })
                    })
                    .collect::<Result<_, _>>()?,
            };
            Ok(Command::PodAddUnbound { name, tolerations })
        }
        // Tolerations are the scheduler's: a pod with `spec.nodeName` set never meets it.
        "add" if flags.has("--toleration") => Err(ScenarioErrorKind::Usage(POD_USAGE)),
        "add" | "add-many" => {
            let node = flags
                .take("--node")
                .ok_or(ScenarioErrorKind::MissingFlag("--node"))?;
            if action == "add-many" {
                return Ok(Command::PodAddMany {
                    prefix: name,
                    node,
                    count,
                });
            }
            let ip = flags.take("--ip");
            // What host-local takes from `CNI_ARGS` `IP=`: an address, or one with a prefix it drops.
            if let Some(ip) = &ip {
                if !matches!(go_pkg_ip(ip), Ok(Some(_))) {
                    return Err(ScenarioErrorKind::InvalidValue {
                        what: "--ip",
                        value: ip.clone(),
                        reason: "not an IP address".into(),
                    });
                }
            }
            Ok(Command::PodAdd { name, node, ip })
        }
        _ => {
            let grace_period_seconds = match flags.take("--grace-period") {
                None => 0,
                Some(value) => value
                    .parse::<u64>()
                    .ok()
                    .filter(|s| *s <= MAX_GRACE_PERIOD_SECONDS)
                    .ok_or_else(|| ScenarioErrorKind::InvalidValue {
                        what: "--grace-period",
                        value: value.clone(),
                        reason: "want whole seconds, 0 for an immediate delete".into(),
                    })?,
            };
            Ok(if action == "delete" {
                Command::PodDelete {
                    name,
                    grace_period_seconds,
                }
            } else {
                Command::PodDeleteMany {
                    prefix: name,
                    count,
                    grace_period_seconds,
                }
            })
        }
    }
}
