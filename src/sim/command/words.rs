//! The words of one line: `--flag=value` / `--flag value` pairs and the object name, each checked on
//! its own (an unknown or repeated flag, a name the API server would refuse).

use crate::ipam::goip::GoQuoted;
use crate::sim::scenario_error::ScenarioErrorKind;
use std::collections::BTreeMap;

/// `ValidateObjectMeta`'s name check for nodes and pods: `IsDNS1123Subdomain`.
pub(super) fn validate_name(name: &str) -> Result<(), ScenarioErrorKind> {
    let label_ok = crate::sim::taints::dns1123_label;
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
pub(super) struct Flags {
    values: BTreeMap<String, String>,
    pub(super) positional: Vec<String>,
}

impl Flags {
    pub(super) fn parse(words: &[&str], allowed: &[&str]) -> Result<Flags, ScenarioErrorKind> {
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

    pub(super) fn take(&mut self, flag: &str) -> Option<String> {
        self.values.remove(flag)
    }

    pub(super) fn has(&self, flag: &str) -> bool {
        self.values.contains_key(flag)
    }

    /// Exactly one positional word: the object name, validated.
    pub(super) fn single_name(&mut self, usage: &'static str) -> Result<String, ScenarioErrorKind> {
        let [name] = self.positional.as_slice() else {
            return Err(ScenarioErrorKind::Usage(usage));
        };
        validate_name(name)?;
        Ok(name.clone())
    }
}
