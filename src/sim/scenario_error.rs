//! Why a scenario line was refused: `line N: …`, with upstream's text where upstream has one.

use super::clock::DurationError;
use super::limits::Limit;
use super::settings::SettingError;
use crate::ipam::goip::GoQuoted;
use std::fmt;

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
    /// The line goes over one of podip's limits ([`super::limits`]).
    Limit(Limit),
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
            ScenarioErrorKind::Limit(limit) => limit.fmt(f),
        }
    }
}

impl std::error::Error for ScenarioError {}
