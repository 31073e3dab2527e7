//! Words that follow the run. A tour's words are written for its own cluster; a learner who changes
//! the node mask or picks a preset mid-tour keeps the tour, and the step's numbers then come from the
//! run shown: each address, subnet, last part (`.5`), prefix length (`/24`) or count the words name
//! that is a fact of the tour's own run at that step is written as the same fact of the run shown.
//!
//! Facts are paired by the log: both runs are read event by event, and while they tell the same story
//! — the same reason for the same object, the same counts in the message, each address host-local
//! hands out at the same place in its node's range — the addresses the two messages name are the same
//! facts, and so are their node subnets' network, gateway, range ends, broadcast, size and prefix
//! length. A step is retold only when the whole told story happens the same way (words say what comes
//! next), and only if every number in its words is such a fact, one value in the run shown; otherwise
//! its words stay as written and [`Said::own_cluster`] says that they describe the tour's own cluster.
//! Words that name what only the tour's own CNI chain has (kube-flannel's installer, kindnetd, k3s and
//! their paths) are not retold for a run of another chain, whatever their numbers.

mod facts;
mod tokens;

pub use tokens::{tokens, Token};

use super::Run;
use crate::i18n::Lang;
use crate::order;
use crate::sim::{Chain, ClusterSettings, Scenario, Simulation};
use crate::tours::{Tour, TourId};
use facts::{host_length, paired, settings_facts, Fact, Ipam, Value};
use ipnet::IpNet;
use std::collections::BTreeSet;
use std::net::IpAddr;
use std::rc::Rc;

/// Numbers a step's words give of another cluster than the run's — the measured worker's, which the
/// `kind-measured` scenario replays — true whatever the settings: kept as written.
pub const ELSEWHERE: &[(TourId, &str, &[&str])] = &[(TourId::Kind, "d-gets-the-next", &[".192"])];

/// What a tour's own chain has and the run's chain has not: words naming it are the tour's own.
fn foreign_names(own: Chain, shown: Chain) -> Vec<&'static str> {
    let shown = chain_names(shown);
    chain_names(own)
        .iter()
        .filter(|name| !shown.contains(name))
        .copied()
        .collect()
}

/// What words name of a chain alone: its conflist's installer and its paths.
fn chain_names(chain: Chain) -> &'static [&'static str] {
    match chain {
        Chain::Kindnet => &[
            "kindnetd",
            "/etc/cni/net.d",
            "/opt/cni/bin",
            "/run/cni-ipam-state",
        ],
        Chain::Flannel => &[
            "kube-flannel",
            "/etc/cni/net.d",
            "/opt/cni/bin",
            "/var/lib/cni/networks",
        ],
        Chain::K3sFlannel => &["k3s", "/var/lib/rancher", "/var/lib/cni/networks"],
        Chain::Calico => &[
            "calico-node",
            "/etc/cni/net.d",
            "/opt/cni/bin",
            "calico-ipam",
        ],
        Chain::Canal => &[
            "canal",
            "/etc/cni/net.d",
            "/opt/cni/bin",
            "/var/lib/cni/networks",
        ],
    }
}

/// Words as shown for the run, and whether they describe the tour's own cluster instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    /// The text.
    pub text: String,
    /// The words are the tour's, as written for its own cluster: the run shown differs in a way they
    /// cannot follow.
    pub own_cluster: bool,
}

impl Said {
    fn as_written(text: &str, own_cluster: bool) -> Said {
        Said {
            text: text.to_string(),
            own_cluster,
        }
    }
}

/// A step's question, its choices and why, as shown for the run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuestionSaid {
    /// The question.
    pub text: String,
    /// The choices, in order.
    pub choices: Vec<String>,
    /// Why, once answered.
    pub why: String,
    /// As for [`Said::own_cluster`]: all of it as written.
    pub own_cluster: bool,
}

/// Where a step stands in the paired logs.
#[derive(Debug, Clone)]
struct Told {
    /// The number of the step's event (the same in both runs).
    event: usize,
    /// The node of that event.
    node: Option<String>,
}

/// A tour's words for one run: the facts of its own run paired with the run's, step by step.
#[derive(Debug)]
pub struct TourWords {
    /// The run's scenario: these words are for it alone.
    scenario: Rc<Scenario>,
    /// The tour: a built-in one or a lesson.
    tour: Option<&'static Tour>,
    /// The run's settings are the tour's own: every word stands as written.
    own_settings: bool,
    /// Each fact with the number of the event from which on it is known.
    facts: Vec<(usize, Fact)>,
    /// The tour's own cluster CIDRs: a last part names an address in one.
    own_cidrs: Vec<IpNet>,
    /// Each step, where it can be retold.
    steps: Vec<Option<Told>>,
    /// What the tour's own chain has and the run's has not: words naming it are the tour's own.
    foreign: Vec<&'static str>,
}

impl TourWords {
    /// The words of `run`'s tour for `run`.
    pub fn of(run: &Run) -> TourWords {
        let tour = run.told();
        let mut words = TourWords {
            scenario: run.scenario().clone(),
            tour,
            own_settings: true,
            facts: Vec::new(),
            own_cidrs: Vec::new(),
            steps: Vec::new(),
            foreign: Vec::new(),
        };
        let Some(tour) = tour else { return words };
        let Ok(own) = Scenario::parse(tour.scenario()) else {
            return words;
        };
        let own_settings = ClusterSettings::of(&own);
        let shown_settings = run.settings();
        if own_settings.preamble() == shown_settings.preamble() {
            return words;
        }
        words.own_settings = false;
        words.steps = vec![None; tour.steps.len()];
        // An author's lesson is told as written: its words describe its own cluster.
        if run.tour().is_none() {
            return words;
        }
        words.own_cidrs = own_settings.config.cluster_cidrs.clone();
        words.foreign = foreign_names(own_settings.knobs.cni, shown_settings.knobs.cni);
        // Timings are words too (2.3 s): under other timings no step is retold.
        let mut knobs = shown_settings.knobs;
        knobs.max_pods = own_settings.knobs.max_pods;
        knobs.cni = own_settings.knobs.cni;
        if knobs != own_settings.knobs {
            return words;
        }
        let (own_config, shown_config) = (&own_settings.config, &shown_settings.config);
        if own_config.cluster_cidrs.len() != shown_config.cluster_cidrs.len() {
            return words;
        }
        words.facts = settings_facts(&own_settings, shown_settings)
            .into_iter()
            .map(|fact| (0, fact))
            .collect();
        let (_, own_events) = Simulation::timeline(Rc::new(own));
        let own_steps = tour.step_events(own_events.iter());
        let Some(last) = own_steps.iter().flatten().map(|(i, _)| *i).max() else {
            return words;
        };
        let own_ipam: Ipam = (&own_config.cluster_cidrs, &own_config.node_cidr_mask_sizes);
        let shown_ipam: Ipam = (
            &shown_config.cluster_cidrs,
            &shown_config.node_cidr_mask_sizes,
        );
        let mut seen = BTreeSet::new();
        for (index, (own, shown)) in own_events.iter().zip(run.timeline().iter()).enumerate() {
            if index > last {
                break;
            }
            let Some(facts) = paired(own, shown, own_ipam, shown_ipam) else {
                // The stories part here: the words, which tell the whole story, are the tour's own.
                return words;
            };
            for fact in facts {
                if seen.insert(fact.clone()) {
                    words.facts.push((index, fact));
                }
            }
        }
        if !consistent(&words.facts) {
            return words;
        }
        for (step, own) in own_steps.iter().enumerate() {
            let shown = run.step_event(step);
            if let (Some((event, _)), Some(at)) = (own, shown) {
                if *event == at {
                    let node = run.timeline().get(at).and_then(|e| e.touched().node);
                    words.steps[step] = Some(Told { event: at, node });
                }
            }
        }
        words
    }

    /// Whether these are the words of `run`.
    pub fn is_of(&self, run: &Run) -> bool {
        Rc::ptr_eq(&self.scenario, run.scenario())
    }

    /// The tour's introduction: as written, said to describe the tour's own cluster under other
    /// settings (it names the flags).
    pub fn intro(&self, lang: Lang) -> Option<Said> {
        let tour = self.tour?;
        Some(Said::as_written(tour.intro.get(lang), !self.own_settings))
    }

    /// Step `index`'s words in `lang`.
    pub fn step(&self, index: usize, lang: Lang) -> Option<Said> {
        let step = self.tour?.steps.get(index)?;
        Some(self.say(index, step.words.get(lang)))
    }

    /// The question asked before step `index`, in `lang`: retold only whole.
    pub fn question(&self, index: usize, lang: Lang) -> Option<QuestionSaid> {
        let question = self.tour?.question_before(index)?;
        let choices: Vec<&str> = question.choices.iter().map(|c| c.get(lang)).collect();
        let (text, why) = (question.text.get(lang), question.why.get(lang));
        let said: Vec<Said> = [text, why]
            .into_iter()
            .chain(choices.iter().copied())
            .map(|t| self.say(index, t))
            .collect();
        let own_cluster = said.iter().any(|s| s.own_cluster);
        let pick = |at: usize, written: &str| match own_cluster {
            true => written.to_string(),
            false => said[at].text.clone(),
        };
        Some(QuestionSaid {
            text: pick(0, text),
            why: pick(1, why),
            choices: choices
                .iter()
                .enumerate()
                .map(|(i, c)| pick(i + 2, c))
                .collect(),
            own_cluster,
        })
    }

    /// `text`, said at step `index`: its numbers written for the run, or as written if one of them
    /// cannot be.
    pub fn say(&self, index: usize, text: &str) -> Said {
        if self.own_settings {
            return Said::as_written(text, false);
        }
        let Some(Some(told)) = self.steps.get(index) else {
            return Said::as_written(text, true);
        };
        if self.foreign.iter().any(|name| text.contains(name)) {
            return Said::as_written(text, true);
        }
        let elsewhere = self
            .tour
            .and_then(|tour| {
                let id = tour.steps.get(index)?.id.as_str();
                ELSEWHERE
                    .iter()
                    .find(|(t, step, _)| std::ptr::eq(t.tour(), tour) && *step == id)
            })
            .map_or(&[][..], |(_, _, numbers)| numbers);
        let mut out = String::with_capacity(text.len());
        let mut written_to = 0;
        for (range, token) in tokens(text) {
            match self.resolve(token, told) {
                Resolved::Unknown if elsewhere.contains(&&text[range.clone()]) => {}
                Resolved::Unknown => return Said::as_written(text, true),
                Resolved::Keep => {}
                Resolved::Write(value) => {
                    out.push_str(&text[written_to..range.start]);
                    out.push_str(&value);
                    written_to = range.end;
                }
            }
        }
        out.push_str(&text[written_to..]);
        Said {
            text: out,
            own_cluster: false,
        }
    }

    /// How `token` is written for the run at `told`.
    fn resolve(&self, token: Token, told: &Told) -> Resolved {
        let known = || {
            self.facts
                .iter()
                .filter(|(at, _)| *at <= told.event)
                .map(|(_, fact)| fact)
        };
        let agreed = |own: Value| agree(known().filter(|f| f.own == own).map(|f| f.shown));
        match token {
            Token::Whole(ip, prefix) => match prefix.filter(|p| *p != host_length(ip)) {
                None => {
                    let suffix = prefix.map(|p| format!("/{p}")).unwrap_or_default();
                    match agreed(Value::Addr(ip)) {
                        Some(Value::Addr(shown)) => Resolved::Write(format!("{shown}{suffix}")),
                        _ => Resolved::Unknown,
                    }
                }
                Some(prefix) => match IpNet::new(ip, prefix) {
                    Ok(own) if own.network() == ip => match agreed(Value::Net(own)) {
                        Some(Value::Net(shown)) => Resolved::Write(shown.to_string()),
                        _ => Resolved::Unknown,
                    },
                    // An address with its subnet's prefix length (`10.244.1.1/24`, the gateway).
                    Ok(_) => match (agreed(Value::Addr(ip)), agreed(Value::Prefix(prefix))) {
                        (Some(Value::Addr(shown)), Some(Value::Prefix(length))) => {
                            Resolved::Write(format!("{shown}/{length}"))
                        }
                        _ => Resolved::Unknown,
                    },
                    Err(_) => Resolved::Unknown,
                },
            },
            Token::Last(last) => {
                let named = |f: &&Fact| match f.own {
                    Value::Addr(IpAddr::V4(own)) => {
                        own.octets()[3] == last
                            && self.own_cidrs.iter().any(|c| c.contains(&IpAddr::V4(own)))
                    }
                    _ => false,
                };
                let on_node = known()
                    .filter(named)
                    .filter(|f| f.node.is_some() && f.node == told.node);
                let candidates: Vec<&Fact> = match on_node.clone().next() {
                    Some(_) => on_node.collect(),
                    None => known().filter(named).collect(),
                };
                match agree(candidates.iter().map(|f| f.shown)) {
                    Some(Value::Addr(IpAddr::V4(shown))) => {
                        Resolved::Write(format!(".{}", shown.octets()[3]))
                    }
                    _ => Resolved::Unknown,
                }
            }
            Token::Prefix(32 | 128) => Resolved::Keep,
            Token::Prefix(prefix) => match agreed(Value::Prefix(prefix)) {
                Some(Value::Prefix(shown)) => Resolved::Write(format!("/{shown}")),
                _ => Resolved::Unknown,
            },
            Token::Count(count) => {
                if !known().any(|f| f.own == Value::Count(count)) {
                    return Resolved::Keep;
                }
                match agreed(Value::Count(count)) {
                    Some(Value::Count(shown)) => Resolved::Write(shown.to_string()),
                    _ => Resolved::Unknown,
                }
            }
        }
    }

    /// Every value of the run shown the words may name at step `index` — its addresses, subnets,
    /// last parts, prefix lengths and counts — as the words write them; `None` where the step is not
    /// retold. For the tests: what a retold step says is in the run.
    pub fn shown_values(&self, index: usize) -> Option<Vec<Token>> {
        let told = self.steps.get(index)?.as_ref()?;
        let mut out = Vec::new();
        for (_, fact) in self.facts.iter().filter(|(at, _)| *at <= told.event) {
            match fact.shown {
                Value::Addr(ip) => {
                    out.push(Token::Whole(ip, None));
                    if let IpAddr::V4(v4) = ip {
                        out.push(Token::Last(v4.octets()[3]));
                    }
                }
                Value::Net(net) => out.push(Token::Whole(net.network(), Some(net.prefix_len()))),
                Value::Prefix(p) => out.push(Token::Prefix(p)),
                Value::Count(n) => out.push(Token::Count(n)),
            }
        }
        Some(out)
    }
}

/// How a number of the words is written for the run.
enum Resolved {
    /// As written: not a number of the run (a count of the story's own).
    Keep,
    /// In its place.
    Write(String),
    /// Not a fact of the tour's own run, or not one value in the run shown.
    Unknown,
}

/// The one value all of `values` are, if they are one.
fn agree(mut values: impl Iterator<Item = Value>) -> Option<Value> {
    let first = values.next()?;
    values.all(|v| v == first).then_some(first)
}

/// Whether no address of the own run stands for two different values of the run shown (a fact read
/// two ways would make a false sentence whichever is written).
fn consistent(facts: &[(usize, Fact)]) -> bool {
    let mut addresses: Vec<(Value, Value)> = facts
        .iter()
        .filter(|(_, f)| matches!(f.own, Value::Addr(_) | Value::Net(_)))
        .map(|(_, f)| (f.own, f.shown))
        .collect();
    order::sort(&mut addresses);
    addresses.dedup();
    addresses.windows(2).all(|w| w[0].0 != w[1].0)
}

#[cfg(test)]
mod tests;
