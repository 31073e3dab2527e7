//! The guided tours: each a lesson (`lessons/*.md`, [`lesson`]) with its scenario, its steps — each
//! with a stable id, the event of the run it waits for and its words in the languages it is written in
//! — and the questions it asks, each written before the step that answers it.
//!
//! A step is shown from the first event it waits for on, searched after the previous step's, so the
//! narration follows the simulation when a setting changes; it never names a time. Its picture is the
//! stage once every event of that moment is done, so a step waits for the event of the outcome its
//! words tell (`tests/tour_pictures.rs` holds the words to the picture). Links count steps from 1 in
//! the order written (`?tour=kind&step=8`).
//!
//! The English is the reference; the Chinese and Japanese say the same thing in the terms of
//! `docs/glossary.md`. Kubernetes terms, flags, file names, function names, error texts and numbers stay
//! in their English form in every language, as the tools print them.
//!
//! * this file: [`TourId`], the built-in lessons by name, and [`Tour`], what a lesson tells, with when
//!   each step happens in a run;
//! * [`lesson`] reads and writes a lesson file, and checks it against its run;
//! * `shows.rs` names what a step's picture must show;
//! * `text.rs` is a lesson's text in the languages it gives;
//! * [`english`] cuts a built-in lesson to its English for the wasm.

pub mod english;
pub mod lesson;
mod shows;
mod text;

use crate::i18n::{Lang, Text};
use crate::sim::{Event, Reason, VirtualTime};
pub use shows::{On, Shows};
use std::sync::OnceLock;
pub use text::{fingerprint, LessonText};

/// Declares [`TourId`], its one list [`TourId::ALL`], its names and its lesson files
/// (`lessons/NAME.md`) from one table, so a lesson added here reaches the tour chooser, links, pages,
/// figures and the CLI with no other list to edit (`tests/tours.rs` holds them to it).
macro_rules! tours {
    ($($(#[$doc:meta])* $id:ident => $name:literal;)*) => {
        /// A guided tour, by name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum TourId {
            $($(#[$doc])* $id,)*
        }

        impl TourId {
            /// Every tour, in the order of the tour chooser.
            pub const ALL: [TourId; [$($name),*].len()] = [$(TourId::$id),*];

            /// The tour, read from its lesson file the first time a tour is asked for.
            pub fn tour(self) -> &'static Tour {
                static TOURS: OnceLock<Vec<Tour>> = OnceLock::new();
                &TOURS.get_or_init(|| TourId::ALL.map(TourId::read).into())[self as usize]
            }

            /// The lesson file it is told from (`lessons/kind.md`): whole natively, its English alone
            /// in the wasm, whose page loads the other languages from its catalogs.
            pub fn source(self) -> &'static str {
                match self {
                    $(TourId::$id => english::lesson_file!(concat!("../../lessons/", $name, ".md")),)*
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
    Kind => "kind";
    /// Sizing a cluster: `CIDRNotAvailable` and the round-robin cursor.
    Planning => "planning";
    /// A /29 node: host-local's range exhausted, then the wrap.
    Exhaustion => "exhaustion";
    /// IPv4 and IPv6 side by side.
    DualStack => "dual-stack";
    /// kube-controller-manager restarts and forgets its cursor.
    KcmRestart => "kcm-restart";
    /// `--max-pods` above what a /26 node range holds.
    MaxPods => "max-pods";
    /// A node's reboot leaks host-local's files on disk.
    RebootLeak => "reboot-leak";
    /// Why both allocators walk round robin.
    WhyRoundRobin => "why-round-robin";
    /// A node NotReady until its CNI config exists, then the route to another node's pods.
    NodeNetwork => "node-network";
    /// The kind story on kubeadm with kube-flannel: the bridge `cni0`, one connected route.
    KubeadmFlannel => "kubeadm-flannel";
    /// The kind story on Calico: blocks by affinity, not the node's podCIDR; a node borrows.
    CalicoBlocks => "calico-blocks";
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

    /// The tour its lesson file tells. A built-in lesson that does not read is a bug the tests catch
    /// (`tests/lessons.rs` reads and checks each).
    fn read(self) -> Tour {
        match lesson::parse(self.name(), self.source()) {
            Ok(lesson) => lesson.tour,
            Err(problems) => panic!("lessons/{}.md: {}", self.name(), problems[0]),
        }
    }

    /// The names of every tour, as help texts and messages list them: `kind, planning, …`.
    pub fn names() -> String {
        TourId::ALL.map(TourId::name).join(", ")
    }
}

/// The tour a run tells: a built-in one by name, or a lesson read from a file, kept for the life of
/// the program (an authored lesson is read once and leaked, as the built-ins are parsed once).
#[derive(Debug, Clone, Copy)]
pub enum Told {
    /// A built-in tour.
    Builtin(TourId),
    /// A lesson of someone's own.
    Lesson(&'static Tour),
}

impl Told {
    /// The tour.
    pub fn tour(self) -> &'static Tour {
        match self {
            Told::Builtin(id) => id.tour(),
            Told::Lesson(tour) => tour,
        }
    }

    /// The built-in tour it is, if it is one.
    pub fn builtin(self) -> Option<TourId> {
        match self {
            Told::Builtin(id) => Some(id),
            Told::Lesson(_) => None,
        }
    }
}

/// A built-in tour is itself; a lesson is the one read, not another with the same text.
impl PartialEq for Told {
    fn eq(&self, other: &Told) -> bool {
        match (self, other) {
            (Told::Builtin(a), Told::Builtin(b)) => a == b,
            (Told::Lesson(a), Told::Lesson(b)) => std::ptr::eq(*a, *b),
            _ => false,
        }
    }
}

impl From<TourId> for Told {
    fn from(id: TourId) -> Told {
        Told::Builtin(id)
    }
}

/// One tour: a scenario told step by step.
#[derive(Debug, Clone, PartialEq)]
pub struct Tour {
    /// Its name: a built-in's (`kind`), or its file's.
    pub name: String,
    /// Its scenario.
    pub scenario: ScenarioSource,
    /// The tour chooser's title.
    pub title: LessonText,
    /// Said before the first step.
    pub intro: LessonText,
    /// The steps, in the order they are shown.
    pub steps: Vec<Step>,
    /// Questions asked before the steps that answer them.
    pub questions: Vec<Question>,
    /// The user reports and upstream threads the story is told from.
    pub sources: Vec<Source>,
}

/// Where a tour's scenario comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScenarioSource {
    /// One of [`crate::sim::builtin`]'s, by name, and its text.
    Builtin {
        /// Its name (`kind`).
        name: &'static str,
        /// Its text.
        text: &'static str,
    },
    /// A scenario the lesson writes out.
    Written(String),
}

/// One step of a tour.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// Stable within its tour: questions and tests name the step by it.
    pub id: String,
    /// The event the step is shown at: its reason and object (`pod/b`, `node/kind-worker`).
    pub waits_for: (Reason, String),
    /// What its picture must show, node by node: what its words name (the page lists it in
    /// `data-must-show`; `tests/tour_pictures.rs` finds each in the stage's view model).
    pub shows: Vec<On>,
    /// The command that shows it on a real cluster of the tour's kind (`kubectl …`, `docker exec
    /// kind-worker ip route`, `ssh worker-1 cat /run/flannel/subnet.env`), which the presenter view shows
    /// under the caption on demand; the same in every language.
    pub command: Option<String>,
    /// What the step says.
    pub words: LessonText,
}

/// A user report or upstream thread a story is told from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Source {
    /// `owner/repo#number`.
    pub label: String,
    /// Where to read it.
    pub url: String,
}

/// A question the tour asks before the step `before`: the learner predicts, then the step plays and
/// `why` says what happened, naming the upstream function.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// The id of the step that answers it.
    pub before: String,
    /// The question.
    pub text: LessonText,
    /// The choices, in the order shown.
    pub choices: Vec<LessonText>,
    /// The index of the right one.
    pub correct: usize,
    /// Why, shown once answered.
    pub why: LessonText,
}

impl Tour {
    /// The scenario's text.
    pub fn scenario(&self) -> &str {
        match &self.scenario {
            ScenarioSource::Builtin { text, .. } => text,
            ScenarioSource::Written(text) => text,
        }
    }

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
                let (reason, object) = (step.waits_for.0, step.waits_for.1.as_str());
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

    /// How many of the tour's texts — title, introduction, each step's words, each question and its
    /// why (choices aside: many read the same in every language) — are written in `lang`, and of how
    /// many: the others are shown in English.
    pub fn written_in(&self, lang: Lang) -> (usize, usize) {
        let texts = [&self.title, &self.intro]
            .into_iter()
            .chain(self.steps.iter().map(|step| &step.words))
            .chain(self.questions.iter().flat_map(|q| [&q.text, &q.why]));
        texts.fold((0, 0), |(written, all), text| {
            (written + usize::from(text.written(lang).is_some()), all + 1)
        })
    }

    /// How many of the texts [`Tour::written_in`] counts have a stale translation into `lang`: one
    /// written for an English that has changed since, shown in English.
    pub fn stale_in(&self, lang: Lang) -> usize {
        let texts = [&self.title, &self.intro]
            .into_iter()
            .chain(self.steps.iter().map(|step| &step.words))
            .chain(self.questions.iter().flat_map(|q| [&q.text, &q.why]));
        texts.filter(|text| text.stale(lang)).count()
    }

    /// Whether a page in `lang` shows some of the tour's words in English: a text not written in
    /// `lang`, or a stale translation of any text, a question's choices included.
    pub fn shows_english_in(&self, lang: Lang) -> bool {
        let (written, all) = self.written_in(lang);
        written < all
            || self
                .questions
                .iter()
                .flat_map(|q| &q.choices)
                .any(|choice| choice.stale(lang))
    }

    /// The index of the step `id`.
    pub fn step_index(&self, id: &str) -> Option<usize> {
        self.steps.iter().position(|step| step.id == id)
    }

    /// The question asked before step `index`, if any.
    pub fn question_before(&self, index: usize) -> Option<&Question> {
        let id = &self.steps.get(index)?.id;
        self.questions.iter().find(|q| q.before == *id)
    }

    /// Every text of a built-in tour with a readable name (`tour kind step 3`), for the tests and the
    /// page's catalogs; a language a text lacks is its English.
    pub fn texts(&'static self) -> Vec<(String, Text)> {
        let name = &self.name;
        let text = |text: &'static LessonText| {
            let [en, zh, ja] = Lang::ALL.map(|lang| text.written(lang).unwrap_or(&text.en));
            Text::new(en, zh, ja)
        };
        let mut texts = vec![
            (format!("tour {name} title"), text(&self.title)),
            (format!("tour {name} intro"), text(&self.intro)),
        ];
        for (index, step) in self.steps.iter().enumerate() {
            texts.push((format!("tour {name} step {}", index + 1), text(&step.words)));
        }
        for (index, question) in self.questions.iter().enumerate() {
            let key = format!("tour {name} question {}", index + 1);
            texts.push((key.clone(), text(&question.text)));
            for (choice, said) in question.choices.iter().enumerate() {
                texts.push((format!("{key} choice {}", choice + 1), text(said)));
            }
            texts.push((format!("{key} why"), text(&question.why)));
        }
        texts
    }
}
