//! A scenario: the lines of the scenario language ([`Command`]) read in order, checked against what the
//! API server would refuse at each point (a second node or pod of one name, a missing node or pod), and
//! expanded into the commands the simulation runs, each at its virtual time. Commands at the same
//! virtual time take effect in file order. A scenario that parses runs without surprises.

use super::clock::VirtualTime;
pub use super::command::Command;
use super::limits::{self, Limit};
pub use super::scenario_error::{ScenarioError, ScenarioErrorKind};
use std::collections::{BTreeMap, BTreeSet};

/// A parsed scenario: commands with the virtual time each takes effect.
#[derive(Debug, Clone, PartialEq, Default)]
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
    /// What it does: never a `wait` or a `-many` line, which the scenario expands into these.
    pub command: Command,
}

/// Names the API would hold at each point of the file, to refuse what it would refuse.
#[derive(Default)]
struct Names {
    nodes: BTreeSet<String>,
    /// Machines `kubeadm reset` left without a Node object, which a `node add` of their name rejoins.
    machines: BTreeSet<String>,
    /// Pod name → its node, while its name is taken (pods deleted with a grace period, or orphaned on a
    /// deleted node, keep their object for a while, so their names stay taken in the scenario).
    pods: BTreeMap<String, String>,
}

/// Where reading a scenario is: the time, the names taken, whether the cluster has started. A reader
/// takes a text a line at a time ([`Reader::read_line`]), so a page can read a long one in slices.
#[derive(Default)]
pub struct Reader {
    /// Lines read so far.
    lines: usize,
    at: VirtualTime,
    names: Names,
    cluster: bool,
    commands: Vec<TimedCommand>,
    /// Nodes registered and pods created so far, against [`limits`].
    nodes_added: u64,
    pods_added: u64,
}

impl Reader {
    /// Take one line's command at the current time, expanded, or say what the API would refuse.
    fn take(&mut self, line: usize, command: Command) -> Result<(), ScenarioErrorKind> {
        let names = &mut self.names;
        let mut expanded = Vec::new();
        match command {
            Command::Wait(d) => {
                self.at = VirtualTime(
                    self.at
                        .0
                        .checked_add(d.0)
                        .ok_or(ScenarioErrorKind::TimeOverflow)?,
                );
                if self.at - VirtualTime::ZERO > limits::MAX_DURATION {
                    return Err(ScenarioErrorKind::Limit(Limit::Duration));
                }
            }
            Command::Set(_) => expanded.push(command),
            Command::Cluster { .. } if self.cluster => return Err(ScenarioErrorKind::ClusterTwice),
            Command::Cluster { .. } => {
                self.cluster = true;
                expanded.push(command);
            }
            _ if !self.cluster => return Err(ScenarioErrorKind::NoCluster),
            Command::NodeAdd { ref name, .. } => {
                self.nodes_added += 1;
                if self.nodes_added > limits::MAX_NODES {
                    return Err(ScenarioErrorKind::Limit(Limit::Nodes));
                }
                if !names.nodes.insert(name.clone()) {
                    return Err(already_exists("nodes", name));
                }
                names.machines.remove(name);
                expanded.push(command);
            }
            Command::KcmRestart => expanded.push(command),
            Command::NodeReboot { ref name, .. } => {
                if !names.nodes.contains(name) {
                    return Err(not_found("nodes", name));
                }
                expanded.push(command);
            }
            Command::NodeDelete { ref name } => {
                if !names.nodes.remove(name) {
                    return Err(not_found("nodes", name));
                }
                expanded.push(command);
            }
            Command::NodeReset { ref name } => {
                if !names.nodes.remove(name) {
                    return Err(not_found("nodes", name));
                }
                names.machines.insert(name.clone());
                expanded.push(command);
            }
            Command::LinkDelete { ref node, .. } => {
                if !names.nodes.contains(node) && !names.machines.contains(node) {
                    return Err(not_found("nodes", node));
                }
                expanded.push(command);
            }
            Command::PodAdd {
                ref name, ref node, ..
            } => {
                self.pods_added += 1;
                if self.pods_added > limits::MAX_PODS {
                    return Err(ScenarioErrorKind::Limit(Limit::Pods));
                }
                names.add_pod(name, node)?;
                expanded.push(command);
            }
            Command::PodAddUnbound { ref name, .. } => {
                self.pods_added += 1;
                if self.pods_added > limits::MAX_PODS {
                    return Err(ScenarioErrorKind::Limit(Limit::Pods));
                }
                if names.pods.contains_key(name) {
                    return Err(already_exists("pods", name));
                }
                // No node yet: the name is freed by any delete, as the scheduler's pod has no kubelet.
                names.pods.insert(name.clone(), String::new());
                expanded.push(command);
            }
            Command::PodAddMany {
                prefix,
                node,
                count,
            } => {
                self.pods_added += count;
                if self.pods_added > limits::MAX_PODS {
                    return Err(ScenarioErrorKind::Limit(Limit::Pods));
                }
                for name in many(&prefix, count) {
                    names.add_pod(&name, &node)?;
                    expanded.push(Command::PodAdd {
                        name,
                        node: node.clone(),
                        ip: None,
                    });
                }
            }
            Command::PodDelete {
                ref name,
                grace_period_seconds,
            } => {
                names.delete_pod(name, grace_period_seconds)?;
                expanded.push(command);
            }
            Command::PodDeleteMany {
                prefix,
                count,
                grace_period_seconds,
            } => {
                for name in many(&prefix, count) {
                    names.delete_pod(&name, grace_period_seconds)?;
                    expanded.push(Command::PodDelete {
                        name,
                        grace_period_seconds,
                    });
                }
            }
        }
        let at = self.at;
        self.commands
            .extend(
                expanded
                    .into_iter()
                    .map(|command| TimedCommand { line, at, command }),
            );
        Ok(())
    }
}

impl Reader {
    /// Read the next line of a text.
    pub fn read_line(&mut self, raw: &str) -> Result<(), ScenarioError> {
        self.lines += 1;
        let line = self.lines;
        let fail = |kind| ScenarioError { line, kind };
        // Objects before the cluster are refused before their syntax is looked at.
        let verb = raw
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .next();
        if matches!(verb, Some("node" | "pod")) && !self.cluster {
            return Err(fail(ScenarioErrorKind::NoCluster));
        }
        if let Some(command) = Command::parse(raw).map_err(fail)? {
            self.take(line, command).map_err(fail)?;
        }
        Ok(())
    }

    /// The scenario read.
    pub fn finish(self) -> Scenario {
        Scenario {
            commands: self.commands,
            end: self.at,
        }
    }
}

/// `PREFIX-1` … `PREFIX-N`.
fn many(prefix: &str, count: u64) -> impl Iterator<Item = String> + '_ {
    (1..=count).map(move |i| format!("{prefix}-{i}"))
}

fn already_exists(resource: &'static str, name: &str) -> ScenarioErrorKind {
    ScenarioErrorKind::AlreadyExists {
        resource,
        name: name.to_string(),
    }
}

fn not_found(resource: &'static str, name: &str) -> ScenarioErrorKind {
    ScenarioErrorKind::NotFound {
        resource,
        name: name.to_string(),
    }
}

impl Names {
    fn add_pod(&mut self, name: &str, node: &str) -> Result<(), ScenarioErrorKind> {
        if !self.nodes.contains(node) {
            return Err(not_found("nodes", node));
        }
        if self.pods.contains_key(name) {
            return Err(already_exists("pods", name));
        }
        self.pods.insert(name.to_string(), node.to_string());
        Ok(())
    }

    fn delete_pod(
        &mut self,
        name: &str,
        grace_period_seconds: u64,
    ) -> Result<(), ScenarioErrorKind> {
        let Some(node) = self.pods.get(name) else {
            return Err(not_found("pods", name));
        };
        // A graceful delete, or one on a node that is gone, leaves the object for a while: its name
        // stays taken, and a second delete is harmless but pointless, so only an immediate delete on a
        // live node frees the name.
        if grace_period_seconds == 0 && (node.is_empty() || self.nodes.contains(node)) {
            self.pods.remove(name);
        }
        Ok(())
    }
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
        let mut reader = Reader::default();
        for raw in text.lines() {
            reader.read_line(raw)?;
        }
        Ok(reader.finish())
    }

    /// A scenario of commands already read, each with its 1-based line number.
    pub fn from_commands(
        commands: impl IntoIterator<Item = (usize, Command)>,
    ) -> Result<Scenario, ScenarioError> {
        let mut reader = Reader::default();
        for (line, command) in commands {
            reader
                .take(line, command)
                .map_err(|kind| ScenarioError { line, kind })?;
        }
        Ok(reader.finish())
    }
}
