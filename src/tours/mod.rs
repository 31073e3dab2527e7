//! The guided tours, each one definition in a file of its own: its built-in scenario, its steps — each
//! with a stable id, the event of the run it waits for and its words in the three languages — and the
//! questions it asks, each attached to the step that answers it by that step's id.
//!
//! A step is shown from the first event it waits for on, searched after the previous step's, so the
//! narration follows the simulation when a setting changes; it never names a time. Its picture is the
//! stage once every event of that moment is done, so a step waits for the event of the outcome its
//! words tell (`tests/tour_pictures.rs` holds the words to the picture). Links count steps from 1 in
//! the order written here (`?tour=kind&step=8`).
//!
//! The English is the reference; the Chinese and Japanese say the same thing in the terms of
//! `docs/glossary.md`. Kubernetes terms, flags, file names, function names, error texts and numbers stay
//! in their English form in every language, as the tools print them.

mod dual_stack;
mod exhaustion;
mod kcm_restart;
mod kind;
mod kubeadm_flannel;
mod max_pods;
mod node_network;
mod planning;
mod reboot_leak;
mod shows;
mod why_round_robin;

use crate::i18n::Text;
use crate::sim::{Event, Reason, VirtualTime};
pub use shows::{On, Shows};

/// Declares [`TourId`], its one list [`TourId::ALL`], its names and its definitions from one table,
/// so a tour added here reaches the tour chooser, links, pages, figures and the CLI with no other list
/// to edit (`tests/tours.rs` holds them to it).
macro_rules! tours {
    ($($(#[$doc:meta])* $id:ident => $name:literal, $tour:expr;)*) => {
        /// A guided tour, by name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum TourId {
            $($(#[$doc])* $id,)*
        }

        impl TourId {
            /// Every tour, in the order of the tour chooser.
            pub const ALL: [TourId; [$($name),*].len()] = [$(TourId::$id),*];

            /// The tour's definition.
            pub fn tour(self) -> &'static Tour {
                match self {
                    $(TourId::$id => &$tour,)*
                }
            }

            /// The name links and the scenario list use: the built-in scenario's (`kind`,
            /// `reboot-leak`).
            pub fn name(self) -> &'static str {
                match self {
                    $(TourId::$id => $name,)*
                }
            }
        }
    };
}

tours! {
    /// The kind cluster of the measurements: pods a–d, b deleted, d gets the next address.
    Kind => "kind", kind::KIND;
    /// Sizing a cluster: `CIDRNotAvailable` and the round-robin cursor.
    Planning => "planning", planning::PLANNING;
    /// A /29 node: host-local's range exhausted, then the wrap.
    Exhaustion => "exhaustion", exhaustion::EXHAUSTION;
    /// IPv4 and IPv6 side by side.
    DualStack => "dual-stack", dual_stack::DUAL_STACK;
    /// kube-controller-manager restarts and forgets its cursor.
    KcmRestart => "kcm-restart", kcm_restart::KCM_RESTART;
    /// `--max-pods` above what a /26 node range holds.
    MaxPods => "max-pods", max_pods::MAX_PODS;
    /// A node's reboot leaks host-local's files on disk.
    RebootLeak => "reboot-leak", reboot_leak::REBOOT_LEAK;
    /// Why both allocators walk round robin.
    WhyRoundRobin => "why-round-robin", why_round_robin::WHY_ROUND_ROBIN;
    /// A node NotReady until its CNI config exists, then the route to another node's pods.
    NodeNetwork => "node-network", node_network::NODE_NETWORK;
    /// The kind story on kubeadm with kube-flannel: the bridge `cni0`, one connected route.
    KubeadmFlannel => "kubeadm-flannel", kubeadm_flannel::KUBEADM_FLANNEL;
}

impl TourId {
    /// The tour of a built-in scenario's name, if that scenario has one.
    ///
    /// # Examples
    /// ```
    /// use podip::tours::TourId;
    /// assert_eq!(TourId::from_name("reboot-leak"), Some(TourId::RebootLeak));
    /// assert_eq!(TourId::from_name("kind-measured"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<TourId> {
        TourId::ALL.into_iter().find(|id| id.name() == name)
    }

    /// The names of every tour, as help texts and messages list them: `kind, planning, …`.
    pub fn names() -> String {
        TourId::ALL.map(TourId::name).join(", ")
    }
}

/// One tour: a built-in scenario told step by step.
pub struct Tour {
    /// Which tour.
    pub id: TourId,
    /// Its scenario's text (one of [`crate::sim::builtin`]'s).
    pub scenario: &'static str,
    /// The tour chooser's title.
    pub title: Text,
    /// Said before the first step.
    pub intro: Text,
    /// The steps, in the order they are shown.
    pub steps: &'static [Step],
    /// Questions asked before the steps that answer them.
    pub questions: &'static [Question],
    /// The user reports and upstream threads the story is told from.
    pub sources: &'static [Source],
}

/// One step of a tour.
pub struct Step {
    /// Stable within its tour: questions and tests name the step by it.
    pub id: &'static str,
    /// The event the step is shown at: its reason and object (`pod/b`, `node/kind-worker`).
    pub waits_for: (Reason, &'static str),
    /// What its picture must show, node by node: what its words name (the page lists it in
    /// `data-must-show`; `tests/tour_pictures.rs` finds each in the stage's view model).
    pub shows: &'static [On],
    /// The command that shows it on a real cluster of the tour's kind (`kubectl …`, `docker exec
    /// kind-worker ip route`, `ssh worker-1 cat /run/flannel/subnet.env`), which the presenter view shows
    /// under the caption on demand; the same in every language.
    pub command: Option<&'static str>,
    /// What the step says.
    pub words: Text,
}

/// A user report or upstream thread a story is told from.
pub struct Source {
    /// `owner/repo#number`.
    pub label: &'static str,
    /// Where to read it.
    pub url: &'static str,
}

/// A question the tour asks before the step `before`: the learner predicts, then the step plays and
/// `why` says what happened, naming the upstream function.
pub struct Question {
    /// The id of the step that answers it.
    pub before: &'static str,
    /// The question.
    pub text: Text,
    /// The choices, in the order shown.
    pub choices: &'static [Text],
    /// The index of the right one.
    pub correct: usize,
    /// Why, shown once answered.
    pub why: Text,
}

impl Tour {
    /// When each step first happens in `events` (each searched after the previous step's), `None` for a
    /// step whose event never comes.
    pub fn step_times<'a>(
        &self,
        events: impl Iterator<Item = &'a Event> + Clone,
    ) -> Vec<Option<VirtualTime>> {
        self.step_events(events)
            .into_iter()
            .map(|found| found.map(|(_, time)| time))
            .collect()
    }

    /// The event each step is shown at: its number in `events` and its time (each searched after the
    /// previous step's), `None` for a step whose event never comes. An event logged again at once for
    /// the other address family (a reservation, a route per family) counts as one: the step stands
    /// after the last.
    pub fn step_events<'a>(
        &self,
        events: impl Iterator<Item = &'a Event> + Clone,
    ) -> Vec<Option<(usize, VirtualTime)>> {
        let mut events = events.enumerate();
        self.steps
            .iter()
            .map(|step| {
                let (reason, object) = step.waits_for;
                let waited = |e: &Event| e.reason == reason && e.object == object;
                let mut rest = events.clone();
                let (mut index, found) = rest.find(|(_, e)| waited(e))?;
                let mut after = rest.clone();
                while let Some((next, _)) = after
                    .next()
                    .filter(|(_, e)| waited(e) && e.time_ms == found.time_ms)
                {
                    index = next;
                    rest = after.clone();
                }
                events = rest;
                Some((index, found.time_ms))
            })
            .collect()
    }

    /// The index of the step `id`.
    pub fn step_index(&self, id: &str) -> Option<usize> {
        self.steps.iter().position(|step| step.id == id)
    }

    /// The question asked before step `index`, if any.
    pub fn question_before(&self, index: usize) -> Option<&'static Question> {
        let id = self.steps.get(index)?.id;
        self.questions.iter().find(|q| q.before == id)
    }

    /// Every text of the tour with a readable name (`tour kind step 3`), for the tests.
    pub fn texts(&self) -> Vec<(String, Text)> {
        let name = self.id.name();
        let mut texts = vec![
            (format!("tour {name} title"), self.title),
            (format!("tour {name} intro"), self.intro),
        ];
        for (index, step) in self.steps.iter().enumerate() {
            texts.push((format!("tour {name} step {}", index + 1), step.words));
        }
        for (index, question) in self.questions.iter().enumerate() {
            let key = format!("tour {name} question {}", index + 1);
            texts.push((key.clone(), question.text));
            for (choice, text) in question.choices.iter().enumerate() {
                texts.push((format!("{key} choice {}", choice + 1), *text));
            }
            texts.push((format!("{key} why"), question.why));
        }
        texts
    }
}
