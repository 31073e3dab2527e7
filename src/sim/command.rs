//! One line of the scenario language as a value: [`Command::parse`] reads a line, `Display` writes it
//! back, so what a learner does in the page (a typed command) and what they type (a line) are one thing.
//!
//! ```text
//! set NAME=VALUE                                # a SimSettings field, e.g. set del-lag=2.3s
//! cluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=24 [--service-cluster-ip-range=10.96.0.0/16]
//! node add NAME [--pod-cidr=CIDR[,CIDR]]        # a preset podCIDR is occupied
//! node delete NAME
//! node reboot NAME [--sandboxes=kept|lost]      # lost: the runtime forgot the old sandboxes
//! kcm restart                                   # kube-controller-manager restarts: the bitmap is rebuilt
//! pod add NAME --node=NODE [--ip=IP]            # --ip: a requested IP, as CNI_ARGS IP=
//! pod add NAME                                  # no node: kube-scheduler binds it to a Ready one
//! pod add-many PREFIX --node=NODE --count=N     # PREFIX-1 … PREFIX-N
//! pod delete NAME [--grace-period=SECONDS]      # default 0: immediate
//! pod delete-many PREFIX --count=N [--grace-period=SECONDS]
//! wait DURATION                                 # 500ms, 2.3s, 1m, 1m30s
//! ```
//!
//! A line is checked on its own here (syntax, names, values, kube-controller-manager's flag validation);
//! what depends on the lines before it (a node that exists, a name taken) is [`super::Scenario`]'s.

use super::clock::VirtualDuration;
use super::limits::MAX_MANY;
use super::reboot::SandboxRecords;
use super::scenario_error::ScenarioErrorKind;
use super::settings::Setting;
use crate::ipam::hostlocal::args::go_pkg_ip;
use crate::ipam::kcm::{KcmFlag, KcmFlags, NodeIpamConfig};
use std::collections::BTreeMap;
use std::fmt;

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
    /// `pod add` without `--node`: a pod the scheduler binds to a Ready node (`spec.nodeName` unset).
    PodAddUnbound {
        /// `metadata.name`.
        name: String,
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

const NODE_USAGE: &str =
    "node add NAME [--pod-cidr=CIDR[,CIDR]] | node delete NAME | node reboot NAME [--sandboxes=kept|lost]";
const POD_USAGE: &str = "pod add NAME [--node=NODE [--ip=IP]] | pod add-many PREFIX --node=NODE --count=N | \
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
                let mut flags = Flags::parse(rest, &KcmFlag::ALL.map(KcmFlag::flag))?;
                if let Some(arg) = flags.positional.first() {
                    return Err(ScenarioErrorKind::UnknownFlag(arg.clone()));
                }
                let mut kcm = KcmFlags::default();
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
            Command::KcmRestart => write!(f, "kcm restart"),
            Command::PodAdd { name, node, ip } => {
                write!(f, "pod add {name} --node={node}")?;
                if let Some(ip) = ip {
                    write!(f, " --ip={ip}")?;
                }
                Ok(())
            }
            Command::PodAddUnbound { name } => write!(f, "pod add {name}"),
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
        _ => Err(ScenarioErrorKind::Usage(NODE_USAGE)),
    }
}

fn parse_pod(words: &[&str]) -> Result<Command, ScenarioErrorKind> {
    let Some((&action, rest)) = words.split_first() else {
        return Err(ScenarioErrorKind::Usage(POD_USAGE));
    };
    let allowed: &[&str] = match action {
        "add" => &["--node", "--ip"],
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
        "add" if !flags.has("--node") && !flags.has("--ip") => Ok(Command::PodAddUnbound { name }),
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

/// `ValidateObjectMeta`'s name check for nodes and pods: `IsDNS1123Subdomain`.
fn validate_name(name: &str) -> Result<(), ScenarioErrorKind> {
    let label_ok = |label: &str| {
        !label.is_empty()
            && label
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    let quoted = crate::ipam::goip::GoQuoted(name);
    if name.len() > 253 {
        return Err(ScenarioErrorKind::InvalidName(format!(
            "metadata.name: Invalid value: {quoted}: must be no more than 253 characters"
        )));
    }
    if !name.split('.').all(label_ok) {
        return Err(ScenarioErrorKind::InvalidName(format!(
            "metadata.name: Invalid value: {quoted}: a lowercase RFC 1123 subdomain must consist of lower \
             case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character \
             (e.g. 'example.com', regex used for validation is \
             '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
        )));
    }
    Ok(())
}

/// `--flag=value` / `--flag value` pairs and positional words of one line.
struct Flags {
    values: BTreeMap<String, String>,
    positional: Vec<String>,
}

impl Flags {
    fn parse(words: &[&str], allowed: &[&str]) -> Result<Flags, ScenarioErrorKind> {
        let mut values = BTreeMap::new();
        let mut positional = Vec::new();
        let mut iter = words.iter();
        while let Some(word) = iter.next() {
            if !word.starts_with("--") {
                positional.push(word.to_string());
                continue;
            }
            let (flag, value) = match word.split_once('=') {
                Some((flag, value)) => (flag, value.to_string()),
                None if allowed.contains(word) => (
                    *word,
                    iter.next()
                        .map(|v| v.to_string())
                        .ok_or_else(|| ScenarioErrorKind::MissingFlagValue(word.to_string()))?,
                ),
                None => (*word, String::new()),
            };
            if !allowed.contains(&flag) {
                return Err(ScenarioErrorKind::UnknownFlag(flag.to_string()));
            }
            if values.insert(flag.to_string(), value).is_some() {
                return Err(ScenarioErrorKind::RepeatedFlag(flag.to_string()));
            }
        }
        Ok(Flags { values, positional })
    }

    fn take(&mut self, flag: &str) -> Option<String> {
        self.values.remove(flag)
    }

    fn has(&self, flag: &str) -> bool {
        self.values.contains_key(flag)
    }

    /// Exactly one positional word: the object name, validated.
    fn single_name(&mut self, usage: &'static str) -> Result<String, ScenarioErrorKind> {
        let [name] = self.positional.as_slice() else {
            return Err(ScenarioErrorKind::Usage(usage));
        };
        validate_name(name)?;
        Ok(name.clone())
    }
}
