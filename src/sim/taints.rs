//! Taints and tolerations, as kube-scheduler's `TaintToleration` filter matches them
//! (`pkg/scheduler/framework/plugins/tainttoleration`, `Filter`; `Toleration.ToleratesTaint` in
//! `k8s.io/api/core/v1/toleration.go`).
//!
//! A node without a CNI config is `NotReady`, and the node lifecycle controller taints it
//! `node.kubernetes.io/not-ready:NoSchedule` (`doNoScheduleTaintingPass`). A pod that does not tolerate
//! it is not scheduled there. A DaemonSet's pods get, from the DaemonSet controller
//! (`AddOrUpdateDaemonPodTolerations`), a `not-ready:NoExecute` toleration but none of `NoSchedule`:
//! kube-flannel's pods pass because their manifest tolerates every `NoSchedule` taint
//! (`operator: Exists, effect: NoSchedule`).
//!
//! A toleration is written as `kubectl describe pod` lists it, `KEY[:EFFECT]`, with the operator
//! `Exists`: `node.kubernetes.io/not-ready:NoSchedule`, or `:NoSchedule` for kube-flannel's (every key).
//! `Equal` tolerations, values and `tolerationSeconds` are not modelled: the taint podip draws has no
//! value, and nothing here evicts.

use crate::ipam::goip::GoQuoted;
use std::fmt;

/// `v1.TaintNodeNotReady`.
pub const TAINT_NODE_NOT_READY: &str = "node.kubernetes.io/not-ready";

/// A taint's effect (`v1.TaintEffect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaintEffect {
    /// `NoSchedule`: no new pod that does not tolerate it.
    NoSchedule,
    /// `PreferNoSchedule`: the scheduler avoids the node when it can.
    PreferNoSchedule,
    /// `NoExecute`: no new pod, and running ones that do not tolerate it are evicted.
    NoExecute,
}

impl TaintEffect {
    /// Every effect, in the order the API server's refusal lists them (`validateTaintEffect`).
    pub const ALL: [TaintEffect; 3] = [Self::NoSchedule, Self::PreferNoSchedule, Self::NoExecute];

    /// As the API spells it.
    pub fn name(self) -> &'static str {
        match self {
            Self::NoSchedule => "NoSchedule",
            Self::PreferNoSchedule => "PreferNoSchedule",
            Self::NoExecute => "NoExecute",
        }
    }
}

/// A node's taint; podip's have no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Taint {
    /// `key`.
    pub key: &'static str,
    /// `effect`.
    pub effect: TaintEffect,
}

/// The node lifecycle controller's taint on a `NotReady` node.
pub const NOT_READY: Taint = Taint {
    key: TAINT_NODE_NOT_READY,
    effect: TaintEffect::NoSchedule,
};

/// A toleration with the operator `Exists`: `key` empty tolerates every key, `effect` `None` every effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toleration {
    /// `key`; empty: every key.
    pub key: String,
    /// `effect`; `None`: every effect.
    pub effect: Option<TaintEffect>,
}

impl Toleration {
    /// `ToleratesTaint` for the operator `Exists`: the effect, when given, must be the taint's; the key,
    /// when given, must be the taint's; any value matches.
    ///
    /// # Examples
    /// ```
    /// use podip::sim::taints::{Toleration, TaintEffect, NOT_READY};
    /// let flannel: Toleration = ":NoSchedule".parse().unwrap();
    /// assert!(flannel.tolerates(&NOT_READY));
    /// let daemonset: Toleration = "node.kubernetes.io/not-ready:NoExecute".parse().unwrap();
    /// assert!(!daemonset.tolerates(&NOT_READY));
    /// ```
    pub fn tolerates(&self, taint: &Taint) -> bool {
        self.effect.is_none_or(|effect| effect == taint.effect)
            && (self.key.is_empty() || self.key == taint.key)
    }
}

/// `FindMatchingUntoleratedTaint` with the filter's predicate (`NoSchedule` and `NoExecute` only): the
/// first such taint no toleration tolerates.
pub fn untolerated<'a>(taints: &'a [Taint], tolerations: &[Toleration]) -> Option<&'a Taint> {
    taints
        .iter()
        .filter(|taint| taint.effect != TaintEffect::PreferNoSchedule)
        .find(|taint| !tolerations.iter().any(|t| t.tolerates(taint)))
}

/// Why a toleration was refused: the API server's validation text (`ValidateTolerations`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TolerationError {
    /// The key is not a qualified name (`IsQualifiedName`'s reason).
    Key {
        /// The key as given.
        key: String,
        /// Why.
        reason: &'static str,
    },
    /// The effect is none of the three.
    Effect(String),
}

impl fmt::Display for TolerationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Key { key, reason } => write!(
                f,
                "spec.tolerations[0].key: Invalid value: {}: {reason}",
                GoQuoted(key)
            ),
            Self::Effect(effect) => write!(
                f,
                "spec.tolerations[0].effect: Unsupported value: {}: supported values: {}",
                GoQuoted(effect),
                TaintEffect::ALL
                    .map(|e| GoQuoted(e.name()).to_string())
                    .join(", ")
            ),
        }
    }
}

impl std::error::Error for TolerationError {}

/// `KEY[:EFFECT]`, as `kubectl describe pod` lists a toleration of the operator `Exists`.
impl std::str::FromStr for Toleration {
    type Err = TolerationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (key, effect) = match text.rsplit_once(':') {
            Some((key, effect)) => (key, Some(effect)),
            None => (text, None),
        };
        // An empty key with `Exists` tolerates every key.
        if let Some(reason) = (!key.is_empty())
            .then(|| qualified_name_error(key))
            .flatten()
        {
            return Err(TolerationError::Key {
                key: key.to_string(),
                reason,
            });
        }
        let effect = match effect {
            None | Some("") => None,
            Some(name) => Some(
                TaintEffect::ALL
                    .into_iter()
                    .find(|e| e.name() == name)
                    .ok_or_else(|| TolerationError::Effect(name.to_string()))?,
            ),
        };
        Ok(Toleration {
            key: key.to_string(),
            effect,
        })
    }
}

/// `KEY[:EFFECT]`, read back by `parse`.
impl fmt::Display for Toleration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key)?;
        match self.effect {
            Some(effect) => write!(f, ":{}", effect.name()),
            None => Ok(()),
        }
    }
}

const NAME_PART: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must \
     start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex \
     used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const PREFIX_PART: &str = "prefix part a lowercase RFC 1123 subdomain must consist of lower case \
     alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. \
     'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const QUALIFIED_NAME: &str = "a qualified name must consist of alphanumeric characters, '-', '_' or '.', \
     and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', \
     regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS \
     subdomain prefix and '/' (e.g. 'example.com/MyName')";

/// `IsQualifiedName` (`k8s.io/apimachinery/pkg/util/validation`): an optional DNS-subdomain prefix and
/// `/`, then a name of at most 63 characters, alphanumeric at both ends, `-`, `_` and `.` between. The
/// first of its reasons, or `None`.
fn qualified_name_error(text: &str) -> Option<&'static str> {
    let parts: Vec<&str> = text.split('/').collect();
    let (prefix, name) = match parts.as_slice() {
        [name] => (None, *name),
        [prefix, name] => (Some(*prefix), *name),
        _ => return Some(QUALIFIED_NAME),
    };
    if let Some(prefix) = prefix {
        let label_ok = dns1123_label;
        if prefix.is_empty() {
            return Some("prefix part must be non-empty");
        }
        if prefix.len() > 253 {
            return Some("prefix part must be no more than 253 characters");
        }
        if !prefix.split('.').all(label_ok) {
            return Some(PREFIX_PART);
        }
    }
    let alnum = |c: char| c.is_ascii_alphanumeric();
    if name.is_empty() {
        return Some("name part must be non-empty");
    }
    if name.len() > 63 {
        return Some("name part must be no more than 63 characters");
    }
    let name_ok = name.starts_with(alnum)
        && name.ends_with(alnum)
        && name
            .chars()
            .all(|c| alnum(c) || matches!(c, '-' | '_' | '.'));
    (!name_ok).then_some(NAME_PART)
}

/// A DNS-1123 label (`IsDNS1123Label`'s rule without its length): lower-case letters, digits and `-`,
/// neither first nor last.
pub(crate) fn dns1123_label(label: &str) -> bool {
    !label.is_empty()
        && label
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !label.starts_with('-')
        && !label.ends_with('-')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ToleratesTaint`'s rules against the not-ready taint, upstream's cases by their words.
    #[test]
    fn tolerates_as_upstream_matches() {
        let cases: [(&str, bool); 6] = [
            // kube-flannel's manifest: every key, NoSchedule.
            (":NoSchedule", true),
            // Every key and every effect (kindnet's and kube-proxy's `operator: Exists`).
            ("", true),
            ("node.kubernetes.io/not-ready:NoSchedule", true),
            ("node.kubernetes.io/not-ready", true),
            // The DaemonSet controller's default: not the NoSchedule taint.
            ("node.kubernetes.io/not-ready:NoExecute", false),
            ("node-role.kubernetes.io/control-plane:NoSchedule", false),
        ];
        for (text, tolerated) in cases {
            let toleration: Toleration = text.parse().expect(text);
            assert_eq!(toleration.tolerates(&NOT_READY), tolerated, "{text}");
            assert_eq!(toleration.to_string(), text);
        }
    }

    #[test]
    fn bad_tolerations_are_refused_in_the_api_servers_words() {
        assert_eq!(
            "node.kubernetes.io/not-ready:NoSchedul"
                .parse::<Toleration>()
                .unwrap_err()
                .to_string(),
            "spec.tolerations[0].effect: Unsupported value: \"NoSchedul\": supported values: \
             \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\""
        );
        let refused = |key: &str| match key.parse::<Toleration>() {
            Err(TolerationError::Key { reason, .. }) => reason,
            other => panic!("{key}: {other:?}"),
        };
        assert_eq!(refused("-x"), NAME_PART);
        assert_eq!(refused("a b"), NAME_PART);
        assert_eq!(refused("Node.K8s.io/x"), PREFIX_PART);
        assert_eq!(refused("/x"), "prefix part must be non-empty");
        assert_eq!(refused("x/"), "name part must be non-empty");
        assert_eq!(refused("a/b/c"), QUALIFIED_NAME);
        assert_eq!(
            "-x".parse::<Toleration>().unwrap_err().to_string(),
            format!("spec.tolerations[0].key: Invalid value: \"-x\": {NAME_PART}")
        );
    }

    #[test]
    fn only_noschedule_and_noexecute_taints_keep_a_pod_off() {
        let soft = [Taint {
            key: "x",
            effect: TaintEffect::PreferNoSchedule,
        }];
        assert_eq!(untolerated(&soft, &[]), None);
        assert_eq!(untolerated(&[NOT_READY], &[]), Some(&NOT_READY));
    }
}
