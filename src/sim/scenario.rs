//! The scenario language: one command per line, `#` comments, commands at the same virtual time in file
//! order.
//!
//! ```text
//! set NAME=VALUE                                # a SimSettings field, e.g. set del-lag=2.3s
//! cluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=24 [--service-cluster-ip-range=10.96.0.0/16]
//! node add NAME [--pod-cidr=CIDR[,CIDR]]        # a preset podCIDR is occupied
//! node delete NAME
//! pod add NAME --node=NODE [--ip=IP]            # --ip: a requested IP, as CNI_ARGS IP=
//! pod add-many PREFIX --node=NODE --count=N     # PREFIX-1 … PREFIX-N
//! pod delete NAME [--grace-period=SECONDS]      # default 0: immediate
//! pod delete-many PREFIX --count=N [--grace-period=SECONDS]
//! wait DURATION                                 # 500ms, 2.3s, 1m, 1m30s
//! ```
//!
//! Parsing also checks what the API server would refuse (a second node or pod of one name, a missing
//! node or pod), so a scenario that parses runs without surprises. `cluster` runs kube-controller-manager's
//! own flag validation and fails with its texts.

use super::clock::{DurationError, VirtualDuration, VirtualTime};
use super::settings::{SettingError, SimSettings};
use crate::ipam::goip::GoQuoted;
use crate::ipam::hostlocal::args::go_pkg_ip;
use crate::ipam::kcm::{KcmFlags, NodeIpamConfig};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A parsed scenario: commands with the virtual time each takes effect.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// Commands in file order (which is also time order).
    pub commands: Vec<TimedCommand>,
    /// The time after the last `wait`: where the scenario ends.
    pub end: VirtualTime,
}

/// One command, where it came from and when it runs.
#[derive(Debug, Clone, PartialEq)]
pub struct TimedCommand {
    /// 1-based line number in the scenario text.
    pub line: usize,
    /// When it takes effect.
    pub at: VirtualTime,
    /// What it does.
    pub command: Command,
}

/// A scenario command (after expanding `add-many` / `delete-many`).
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Change a setting from now on.
    Set {
        /// The kebab-case setting name.
        name: String,
        /// Its value as written.
        value: String,
    },
    /// Start kube-controller-manager's node IPAM controller with these flags.
    Cluster {
        /// The flags as given.
        flags: KcmFlags,
        /// What they validated to.
        config: NodeIpamConfig,
    },
    /// A kubelet registers a node; with `pod_cidrs`, the node already carries them.
    NodeAdd {
        /// `metadata.name`.
        name: String,
        /// A preset `spec.podCIDRs`, as strings.
        pod_cidrs: Vec<String>,
    },
    /// The Node object is deleted.
    NodeDelete {
        /// `metadata.name`.
        name: String,
    },
    /// A pod bound to `node` (`spec.nodeName`) is created.
    PodAdd {
        /// `metadata.name`.
        name: String,
        /// `spec.nodeName`.
        node: String,
        /// A requested IP, passed as `CNI_ARGS` `IP=`.
        ip: Option<String>,
    },
    /// The pod is deleted with this grace period (0: immediately).
    PodDelete {
        /// `metadata.name`.
        name: String,
        /// `--grace-period` in seconds.
        grace_period_seconds: u64,
    },
}

/// A scenario error: the line and what is wrong. Displays as `line N: ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub kind: ScenarioErrorKind,
}

/// What is wrong with a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScenarioErrorKind {
    /// The first word is not a verb.
    UnknownVerb(String),
    /// The verb needs another form.
    Usage(&'static str),
    /// A flag the command does not take.
    UnknownFlag(String),
    /// A flag given twice.
    RepeatedFlag(String),
    /// A flag with no value.
    MissingFlagValue(String),
    /// A required flag is missing.
    MissingFlag(&'static str),
    /// A bad value.
    InvalidValue {
        /// The flag or argument.
        what: &'static str,
        /// The value given.
        value: String,
        /// Why.
        reason: String,
    },
    /// `wait` with a bad duration.
    Duration(DurationError),
    /// kube-controller-manager refused the flags (its text).
    Kcm(String),
    /// `cluster` given twice.
    ClusterTwice,
    /// `node`/`pod` before `cluster`.
    NoCluster,
    /// A `set` was refused.
    Setting(SettingError),
    /// The name is not a valid object name (the API server's text).
    InvalidName(String),
    /// The API server's `AlreadyExists`.
    AlreadyExists {
        /// `nodes` or `pods`.
        resource: &'static str,
        /// The name.
        name: String,
    },
    /// The API server's `NotFound`.
    NotFound {
        /// `nodes` or `pods`.
        resource: &'static str,
        /// The name.
        name: String,
    },
    /// The scenario's virtual time would overflow.
    TimeOverflow,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            ScenarioErrorKind::UnknownVerb(verb) => write!(
                f,
                "unknown command {} (expected set, cluster, node, pod or wait)",
                GoQuoted(verb)
            ),
            ScenarioErrorKind::Usage(usage) => write!(f, "usage: {usage}"),
            ScenarioErrorKind::UnknownFlag(flag) => write!(f, "unknown flag: {flag}"),
            ScenarioErrorKind::RepeatedFlag(flag) => write!(f, "flag given twice: {flag}"),
            ScenarioErrorKind::MissingFlagValue(flag) => {
                write!(f, "flag needs an argument: {flag}")
            }
            ScenarioErrorKind::MissingFlag(flag) => write!(f, "required flag {flag} not set"),
            ScenarioErrorKind::InvalidValue {
                what,
                value,
                reason,
            } => write!(f, "invalid {what} {}: {reason}", GoQuoted(value)),
            ScenarioErrorKind::Duration(err) => err.fmt(f),
            ScenarioErrorKind::Kcm(text) => f.write_str(text),
            ScenarioErrorKind::ClusterTwice => f.write_str("cluster given twice"),
            ScenarioErrorKind::NoCluster => {
                f.write_str("no cluster yet: start the scenario with a cluster line")
            }
            ScenarioErrorKind::Setting(err) => err.fmt(f),
            ScenarioErrorKind::InvalidName(text) => f.write_str(text),
            ScenarioErrorKind::AlreadyExists { resource, name } => {
                write!(f, "{resource} {} already exists", GoQuoted(name))
            }
            ScenarioErrorKind::NotFound { resource, name } => {
                write!(f, "{resource} {} not found", GoQuoted(name))
            }
            ScenarioErrorKind::TimeOverflow => f.write_str("virtual time overflows"),
        }
    }
}

impl std::error::Error for ScenarioError {}

/// The most pods `add-many` makes in one line (a 256-node cluster at `--max-pods=110` is 28,160).
pub const MAX_MANY: u64 = 100_000;

/// Names the API would hold at each point of the file, to refuse what it would refuse.
#[derive(Default)]
struct Names {
    nodes: BTreeSet<String>,
    /// Pod name → whether its name is still taken (pods deleted with a grace period, or orphaned on a
    /// deleted node, keep their object for a while, so their names stay taken in the scenario).
    pods: BTreeMap<String, String>,
}

/// The `cluster` line that sets these flags (the inverse of parsing that verb): empty flags are left
/// out, values are trimmed. The settings view writes it when a learner edits a flag.
///
/// # Examples
/// ```
/// use podip::ipam::kcm::KcmFlags;
/// use podip::sim::scenario::cluster_line;
/// let flags = KcmFlags { node_cidr_mask_size: "24".into(), ..KcmFlags::kind_defaults() };
/// assert_eq!(
///     cluster_line(&flags),
///     "cluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=24 --service-cluster-ip-range=10.96.0.0/16"
/// );
/// ```
pub fn cluster_line(flags: &KcmFlags) -> String {
    let mut line = String::from("cluster");
    for (flag, value) in [
        ("--cluster-cidr", &flags.cluster_cidr),
        ("--node-cidr-mask-size", &flags.node_cidr_mask_size),
        (
            "--node-cidr-mask-size-ipv4",
            &flags.node_cidr_mask_size_ipv4,
        ),
        (
            "--node-cidr-mask-size-ipv6",
            &flags.node_cidr_mask_size_ipv6,
        ),
        (
            "--service-cluster-ip-range",
            &flags.service_cluster_ip_range,
        ),
    ] {
        if !value.trim().is_empty() {
            line.push_str(&format!(" {flag}={}", value.trim()));
        }
    }
    line
}

/// The lines of a scenario text after its preamble: every line but the `cluster` line and the
/// `set del-lag=…` line, which a settings panel (or a link's settings) owns.
pub fn body_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| {
            let word = line.split_whitespace().next().unwrap_or("");
            word != "cluster" && !(word == "set" && line.contains("del-lag"))
        })
        .collect()
}

/// A scenario text with its preamble (the `cluster` and `set del-lag` lines) replaced by `preamble`,
/// put first; the other lines keep their order.
///
/// # Examples
/// ```
/// use podip::sim::scenario::replace_preamble;
/// let text = "set del-lag=2.3s\ncluster --cluster-cidr=10.244.0.0/16\nnode add a\nwait 1s\n";
/// let lines = ["set del-lag=5s".to_string(), "cluster --cluster-cidr=10.0.0.0/8".to_string()];
/// assert_eq!(
///     replace_preamble(text, &lines),
///     "set del-lag=5s\ncluster --cluster-cidr=10.0.0.0/8\nnode add a\nwait 1s\n"
/// );
/// ```
pub fn replace_preamble(text: &str, preamble: &[String]) -> String {
    format!("{}\n{}\n", preamble.join("\n"), body_lines(text).join("\n"))
}

impl Scenario {
    /// Parse scenario text.
    ///
    /// # Examples
    /// ```
    /// use podip::sim::Scenario;
    /// let s = Scenario::parse("cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\n").unwrap();
    /// assert_eq!(s.end.as_millis(), 1000);
    /// let err = Scenario::parse("cluster --cluster-cidr=10.0.0.0/26 --node-cidr-mask-size=24").unwrap_err();
    /// assert!(err.to_string().starts_with("line 1: Controller: Invalid --cluster-cidr"));
    /// ```
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        let mut commands = Vec::new();
        let mut at = VirtualTime::ZERO;
        let mut names = Names::default();
        let mut cluster = false;
        let mut settings = SimSettings::default();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let err = |kind| ScenarioError { line, kind };
            let code = raw.split('#').next().unwrap_or("");
            let words: Vec<&str> = code.split_whitespace().collect();
            let Some((&verb, rest)) = words.split_first() else {
                continue;
            };
            let mut push = |command| {
                commands.push(TimedCommand { line, at, command });
            };
            match verb {
                "wait" => {
                    let [value] = rest else {
                        return Err(err(ScenarioErrorKind::Usage("wait DURATION")));
                    };
                    let d: VirtualDuration = value
                        .parse()
                        .map_err(|e| err(ScenarioErrorKind::Duration(e)))?;
                    at = VirtualTime(
                        at.0.checked_add(d.0)
                            .ok_or_else(|| err(ScenarioErrorKind::TimeOverflow))?,
                    );
                }
                "set" => {
                    let [assignment] = rest else {
                        return Err(err(ScenarioErrorKind::Usage("set NAME=VALUE")));
                    };
                    let (name, value) = assignment
                        .split_once('=')
                        .ok_or_else(|| err(ScenarioErrorKind::Usage("set NAME=VALUE")))?;
                    settings
                        .set(name, value)
                        .map_err(|e| err(ScenarioErrorKind::Setting(e)))?;
                    push(Command::Set {
                        name: name.to_string(),
                        value: value.to_string(),
                    });
                }
                "cluster" => {
                    if cluster {
                        return Err(err(ScenarioErrorKind::ClusterTwice));
                    }
                    let mut flags = Flags::parse(
                        rest,
                        &[
                            "--cluster-cidr",
                            "--node-cidr-mask-size",
                            "--node-cidr-mask-size-ipv4",
                            "--node-cidr-mask-size-ipv6",
                            "--service-cluster-ip-range",
                        ],
                    )
                    .map_err(err)?;
                    if let Some(arg) = flags.positional.first() {
                        return Err(err(ScenarioErrorKind::UnknownFlag(arg.clone())));
                    }
                    let kcm = KcmFlags {
                        cluster_cidr: flags.take("--cluster-cidr").unwrap_or_default(),
                        node_cidr_mask_size: flags
                            .take("--node-cidr-mask-size")
                            .unwrap_or_default(),
                        node_cidr_mask_size_ipv4: flags
                            .take("--node-cidr-mask-size-ipv4")
                            .unwrap_or_default(),
                        node_cidr_mask_size_ipv6: flags
                            .take("--node-cidr-mask-size-ipv6")
                            .unwrap_or_default(),
                        service_cluster_ip_range: flags
                            .take("--service-cluster-ip-range")
                            .unwrap_or_default(),
                    };
                    let config = kcm
                        .validate()
                        .map_err(|e| err(ScenarioErrorKind::Kcm(e.to_string())))?;
                    cluster = true;
                    push(Command::Cluster { flags: kcm, config });
                }
                "node" | "pod" if !cluster => return Err(err(ScenarioErrorKind::NoCluster)),
                "node" => {
                    for command in parse_node(rest, &mut names).map_err(err)? {
                        push(command);
                    }
                }
                "pod" => {
                    for command in parse_pod(rest, &mut names).map_err(err)? {
                        push(command);
                    }
                }
                other => return Err(err(ScenarioErrorKind::UnknownVerb(other.to_string()))),
            }
        }
        Ok(Scenario { commands, end: at })
    }
}

const NODE_USAGE: &str = "node add NAME [--pod-cidr=CIDR[,CIDR]] | node delete NAME";
const POD_USAGE: &str = "pod add NAME --node=NODE [--ip=IP] | pod add-many PREFIX --node=NODE --count=N | \
                         pod delete NAME [--grace-period=SECONDS] | pod delete-many PREFIX --count=N [--grace-period=SECONDS]";

fn parse_node(words: &[&str], names: &mut Names) -> Result<Vec<Command>, ScenarioErrorKind> {
    let Some((&action, rest)) = words.split_first() else {
        return Err(ScenarioErrorKind::Usage(NODE_USAGE));
    };
    match action {
        "add" => {
            let mut flags = Flags::parse(rest, &["--pod-cidr"])?;
            let name = flags.single_name(NODE_USAGE)?;
            if names.nodes.contains(&name) {
                return Err(ScenarioErrorKind::AlreadyExists {
                    resource: "nodes",
                    name,
                });
            }
            let pod_cidrs = flags
                .take("--pod-cidr")
                .map(|list| list.split(',').map(str::to_string).collect())
                .unwrap_or_default();
            names.nodes.insert(name.clone());
            Ok(vec![Command::NodeAdd { name, pod_cidrs }])
        }
        "delete" => {
            let mut flags = Flags::parse(rest, &[])?;
            let name = flags.single_name(NODE_USAGE)?;
            if !names.nodes.remove(&name) {
                return Err(ScenarioErrorKind::NotFound {
                    resource: "nodes",
                    name,
                });
            }
            Ok(vec![Command::NodeDelete { name }])
        }
        _ => Err(ScenarioErrorKind::Usage(NODE_USAGE)),
    }
}

fn parse_pod(words: &[&str], names: &mut Names) -> Result<Vec<Command>, ScenarioErrorKind> {
    let Some((&action, rest)) = words.split_first() else {
        return Err(ScenarioErrorKind::Usage(POD_USAGE));
    };
    let pod_names = |flags: &mut Flags| -> Result<Vec<String>, ScenarioErrorKind> {
        let name = flags.single_name(POD_USAGE)?;
        if !action.ends_with("-many") {
            return Ok(vec![name]);
        }
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
        let names: Vec<String> = (1..=n).map(|i| format!("{name}-{i}")).collect();
        validate_name(names.last().map_or("", String::as_str))?;
        Ok(names)
    };
    match action {
        "add" | "add-many" => {
            let allowed: &[&str] = if action == "add" {
                &["--node", "--ip"]
            } else {
                &["--node", "--count"]
            };
            let mut flags = Flags::parse(rest, allowed)?;
            let new_names = pod_names(&mut flags)?;
            let node = flags
                .take("--node")
                .ok_or(ScenarioErrorKind::MissingFlag("--node"))?;
            if !names.nodes.contains(&node) {
                return Err(ScenarioErrorKind::NotFound {
                    resource: "nodes",
                    name: node,
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
            let mut commands = Vec::with_capacity(new_names.len());
            for name in new_names {
                if names.pods.contains_key(&name) {
                    return Err(ScenarioErrorKind::AlreadyExists {
                        resource: "pods",
                        name,
                    });
                }
                names.pods.insert(name.clone(), node.clone());
                commands.push(Command::PodAdd {
                    name,
                    node: node.clone(),
                    ip: ip.clone(),
                });
            }
            Ok(commands)
        }
        "delete" | "delete-many" => {
            let allowed: &[&str] = if action == "delete" {
                &["--grace-period"]
            } else {
                &["--grace-period", "--count"]
            };
            let mut flags = Flags::parse(rest, allowed)?;
            let doomed = pod_names(&mut flags)?;
            let grace_period_seconds = match flags.take("--grace-period") {
                None => 0,
                Some(value) => value
                    .parse::<u64>()
                    .ok()
                    .filter(|s| *s <= 365 * 24 * 3600)
                    .ok_or_else(|| ScenarioErrorKind::InvalidValue {
                        what: "--grace-period",
                        value: value.clone(),
                        reason: "want whole seconds, 0 for an immediate delete".into(),
                    })?,
            };
            let mut commands = Vec::with_capacity(doomed.len());
            for name in doomed {
                let Some(node) = names.pods.get(&name).cloned() else {
                    return Err(ScenarioErrorKind::NotFound {
                        resource: "pods",
                        name,
                    });
                };
                // A graceful delete, or one on a node that is gone, leaves the object for a while: its
                // name stays taken, and a second delete is harmless but pointless, so only an immediate
                // delete on a live node frees the name.
                if grace_period_seconds == 0 && names.nodes.contains(&node) {
                    names.pods.remove(&name);
                }
                commands.push(Command::PodDelete {
                    name,
                    grace_period_seconds,
                });
            }
            Ok(commands)
        }
        _ => Err(ScenarioErrorKind::Usage(POD_USAGE)),
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
    let quoted = GoQuoted(name);
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

    /// Exactly one positional word: the object name, validated.
    fn single_name(&mut self, usage: &'static str) -> Result<String, ScenarioErrorKind> {
        let [name] = self.positional.as_slice() else {
            return Err(ScenarioErrorKind::Usage(usage));
        };
        validate_name(name)?;
        Ok(name.clone())
    }
}
