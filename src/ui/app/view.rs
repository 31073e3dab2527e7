//! What the page shows, as a plain value computed once per change of the state (`state/`): the
//! view models of the playback (the stage, each node card, the log's rows, the capacity plan) behind
//! `Rc`, each kept from the last value when equal to it. A component gets only the parts it draws as
//! `PartialEq` props, so Yew skips the ones that did not change, as Yew's `function_todomvc` passes
//! each `Entry`.

use super::state::SettingsEdit;
use crate::i18n::Lang;
use crate::ipam::address_map::{zoom_out, AddressMap};
use crate::ipam::capacity::CapacityPlan;
use crate::playback::caption;
use crate::playback::stage::Stage;
use crate::playback::views::{ActionNames, LogRow, NodeCard, PodNetwork, MAX_NODE_CARDS};
use crate::playback::words::TourWords;
use crate::playback::writer::{Picked, Writer};
use crate::playback::{Cursor, LinkRefusal, PathShown, Run, TourGap};
use crate::share::Link;
use crate::share::Theme;
use crate::sim::upstream::Upstream;
use crate::sim::{Chain, ClusterSettings, DeletionMode};
use crate::sim::{Event, Reason, Scenario, Touched, VirtualTime};
use crate::tours::Told;
use crate::ui::shared::{keep, Memo, Shared};
use ipnet::IpNet;
use std::ops::Range;
use std::rc::Rc;

/// The event log draws at most this many of the latest entries.
pub const MAX_EVENT_ROWS: usize = 50;
/// While playing fast (4× and up) the log scrolls faster than anyone reads: fewer rows are drawn.
pub const MAX_EVENT_ROWS_FAST: usize = 12;

/// A question of the tour, asked before the step that answers it; the answer does not change the
/// simulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asked {
    /// The step that answers it.
    pub step: usize,
    /// How it was answered, once it was.
    pub answer: Option<Answer>,
}

/// How a question was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A choice picked (its index): the answer says whether the prediction held.
    Picked(usize),
    /// Shown by a presenter's press, for the room's predictions: the answer, without a verdict.
    Shown,
}

/// The part of a stop the presenter's caption shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The question and its choices, before the step that answers it.
    Question,
    /// The answer (the right choice marked, its why), with the step that answers it on the stage.
    Answer,
    /// The step's words (or the introduction's).
    Words,
}

/// The presenter's caption: the part of the stop the room sees, and its text a page a press, never
/// in a box that scrolls.
#[derive(Debug, Clone, PartialEq)]
pub struct Caption {
    /// The part of the stop shown.
    pub part: Part,
    /// The page of its text shown.
    pub page: usize,
    /// How the page laid its text out, once it did.
    pub layout: Option<Rc<CaptionLayout>>,
}

/// Where the lines of a caption's text start, as the page laid it out in the caption's box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptionLayout {
    /// The text laid out.
    pub text: String,
    /// The index of the piece ([`caption::pieces`]) each line starts with.
    pub line_starts: Vec<usize>,
    /// How many lines the box holds.
    pub lines: usize,
}

impl CaptionLayout {
    /// The pages of `text`: one, unless it is the text this layout was measured for.
    pub fn pages_of(layout: Option<&Self>, text: &str) -> Vec<Range<usize>> {
        let pieces = caption::pieces(text).len();
        match layout.filter(|layout| layout.text == text) {
            Some(layout) => caption::pages(&layout.line_starts, pieces, layout.lines),
            None => caption::pages(&[0], pieces, 1),
        }
    }
}

/// Everything the page draws. Not compared as a whole: the app draws the page again on every change,
/// and each part compares what it draws ([`Shared`]).
#[derive(Clone)]
pub struct Shown {
    /// The page's language.
    pub lang: Lang,
    /// The theme chosen, `None` to follow the system.
    pub theme: Option<Theme>,
    /// Why the language last chosen could not be shown.
    pub unavailable: Option<String>,
    /// The notice of the link's refusals is closed.
    pub link_problem_closed: bool,
    /// The settings card's fields as typed.
    pub edit: Shared<SettingsEdit>,
    /// Playing or paused.
    pub playing: bool,
    /// Playing at 4× or faster: views draw less and animate nothing.
    pub playing_fast: bool,
    /// Index into the speeds.
    pub speed: usize,
    /// Whether the shortcuts dialog is open.
    pub help: bool,
    /// Whether the presenter view is on.
    pub presenting: bool,
    /// Whether the presenter view's screen is blanked.
    pub blank: bool,
    /// The pod whose network view is open.
    pub selected_pod: Option<String>,
    /// The node picked on the stage.
    pub selected_node: Option<String>,
    /// How "delete pod" deletes.
    pub deletion_mode: DeletionMode,
    /// What the selected log entry touched.
    pub touched: Option<Touched>,
    /// The transport's figures.
    pub clock: Clock,
    /// The tour loaded and where it is.
    pub tour: Shared<TourShown>,
    /// The stage's picture, drawn from the run (by its scenario), the time and the events shown (steps
    /// of one moment stand after different events of it), the event and the node picked.
    pub stage: Memo<StageInputs, Stage>,
    /// The node cards.
    pub cards: Shared<Cards>,
    /// The cluster the cards were made from: a card is made again only for a node an event since touched.
    pub(super) cards_from: Cluster,
    /// Ticks since the bench (cards, map, log, names) was last computed.
    pub(super) bench_age: u32,
    /// The event log's rows.
    pub log: Shared<LogShown>,
    /// The selected pod's network view.
    pub pod: Option<Shared<PodShown>>,
    /// The address map, drawn from the cluster and the zoom windows.
    pub map: Memo<(Cluster, Vec<Option<IpNet>>), Vec<MapFamily>>,
    /// The names the actions use next, from the cluster and the node new pods go to.
    pub names: Memo<(Cluster, String), ActionNames>,
    /// The scenario text and why the last one was refused.
    pub editor: Shared<EditorShown>,
    /// The settings in force and the capacity they give.
    pub settings: Memo<ClusterSettings, SettingsShown>,
    /// The view's link.
    pub link: Shared<Link>,
    /// What of the page's link could not be used.
    pub refusals: Shared<Vec<LinkRefusal>>,
    /// The picture's file names (SVG, PNG), and why the last export failed.
    pub export: Shared<ExportShown>,
    /// The lesson being written.
    pub writer: Shared<WriterShown>,
}

/// The transport's figures.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    /// The current virtual time.
    pub now: VirtualTime,
    /// Where the timeline ends.
    pub horizon: VirtualTime,
    /// Where the run halted at podip's limit on events, if it did.
    pub halted_at: Option<VirtualTime>,
    /// Work in hand, in percent.
    pub progress: Option<u64>,
}

/// The tour loaded, where each step happens and which is shown.
#[derive(Debug, Clone)]
pub struct TourShown {
    /// The tour loaded, if any: a built-in one, or a lesson (a link's).
    pub name: Option<Told>,
    /// When each step happens (`None`: it does not).
    pub step_times: Vec<Option<VirtualTime>>,
    /// The step shown, `None` before the first.
    pub current: Option<usize>,
    /// The current time and the horizon, as the narration says them.
    pub now: VirtualTime,
    /// Where the timeline ends.
    pub horizon: VirtualTime,
    /// The question asked now.
    pub asked: Option<Asked>,
    /// The tour's words for the run shown: its numbers, or said to describe the tour's own cluster.
    pub words: Rc<TourWords>,
    /// The upstream code each step's event models (the source line under its words).
    pub sources: Vec<Option<&'static Upstream>>,
    /// The path of a Pod's address: whole in the introduction, lit at the step's hops.
    pub path: PathShown,
    /// In the presenter view, the caption at this stop.
    pub caption: Option<Caption>,
    /// In the presenter view with the C key pressed, the command that shows the step on a real
    /// cluster.
    pub command: Option<&'static str>,
    /// What of the tour the run does not tell as written: another chain, steps that never happen.
    pub gap: Option<TourGap>,
    /// A step gone to (a link's) that the run lacks.
    pub missing_step: Option<usize>,
    /// The tour opened over the learner's changed cluster, while the way back is offered.
    pub replaced: Option<Told>,
}

impl TourShown {
    /// The step after the one shown that happens in the run (from the introduction, the first).
    pub fn next_step(&self) -> Option<usize> {
        let from = self.current.map_or(0, |i| i + 1);
        (from..self.step_times.len()).find(|&i| self.step_times[i].is_some())
    }

    /// The step before the one shown that happens in the run (`None`: the introduction).
    pub fn previous_step(&self) -> Option<usize> {
        let current = self.current?.min(self.step_times.len());
        (0..current).rev().find(|&i| self.step_times[i].is_some())
    }

    /// The text the presenter's caption pages at this stop, in `lang`: the answer's why, or the step's (or the introduction's) words. The question and its choices are not paged.
    pub fn paged_text(&self, part: Part, lang: Lang) -> Option<String> {
        match part {
            Part::Question => None,
            Part::Answer => {
                let asked = self.asked.as_ref()?;
                Some(self.words.question(asked.step, lang)?.why)
            }
            Part::Words => {
                let words = self.name?.tour();
                let said = match self.current {
                    Some(i) => self.words.step(i, lang),
                    None => self.words.intro(lang),
                };
                Some(said.map_or_else(|| words.intro.get(lang).to_string(), |said| said.text))
            }
        }
    }
}

/// The node cards: the first nodes by name, the one picked on the stage first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cards {
    /// At most [`MAX_NODE_CARDS`].
    pub cards: Vec<Shared<NodeCard>>,
    /// How many nodes there are.
    pub total: usize,
}

/// The run shown (by its scenario) with how many of its events are shown: the cluster changes only
/// with an event.
pub type Cluster = (Shared<Scenario>, usize);

/// What the stage is drawn from.
pub type StageInputs = (Cluster, VirtualTime, Option<usize>, Option<String>);

/// The event log's latest rows.
#[derive(Debug, Clone)]
pub struct LogShown {
    /// The scenario they come from (another one starts the list's places afresh).
    pub scenario: Rc<Scenario>,
    /// How many events there are.
    pub total: usize,
    /// The index of the first row.
    pub first: usize,
    /// How many rows are drawn at most.
    pub drawn: usize,
    /// The rows, from `first` on.
    pub rows: Vec<LogRow>,
    /// The selected event: its index, its reason, the upstream code it models and the CNI chain of its
    /// node (which tells it).
    pub selected: Option<(usize, Reason, &'static Upstream, Chain)>,
}

/// The selected pod's network view.
#[derive(Debug, Clone)]
pub struct PodShown {
    /// The pod.
    pub name: String,
    /// Its namespace's `ip addr` and `ip route`, while it has one.
    pub network: Option<PodNetwork>,
}

/// One cluster CIDR's address map.
#[derive(Debug, Clone, PartialEq)]
pub struct MapFamily {
    /// The window's cells.
    pub map: AddressMap,
    /// The colour (node index modulo the palette) of each cell's first owner.
    pub colours: Vec<Option<usize>>,
    /// Whether the window is a block inside the cluster CIDR.
    pub zoomed: bool,
    /// The window one level out.
    pub zoom_out: Option<IpNet>,
    /// `--node-cidr-mask-size`.
    pub node_mask: u8,
    /// `allocatedCIDRs`, `maxCIDRs` and `nextCandidate`.
    pub allocated: u64,
    /// `maxCIDRs`.
    pub max: u64,
    /// `nextCandidate`.
    pub next_candidate: u64,
}

/// The lesson being written, and the event a step added now would wait for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WriterShown {
    /// The writer, once started.
    pub writer: Option<Rc<Writer>>,
    /// The event picked, in the run of the lesson's scenario.
    pub picked: Option<Picked>,
    /// Whether the stage shows the run of the lesson's scenario.
    pub runs_here: bool,
    /// Whether the theatre tells a lesson of someone's own, to start from.
    pub open: bool,
}

/// The scenario text and why the last one was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditorShown {
    /// The text.
    pub text: String,
    /// `line N: …`.
    pub error: Option<String>,
}

/// The settings in force.
#[derive(Debug, Clone)]
pub struct SettingsShown {
    /// The settings (coming into force with the scenario being built, while one is).
    pub settings: ClusterSettings,
    /// The capacity they give.
    pub capacity: CapacityPlan,
}

/// The picture's file names, and why the last export failed.
#[derive(Debug, Clone)]
pub struct ExportShown {
    /// `podip-kind-t12.4s.svg`.
    pub svg: String,
    /// `podip-kind-t12.4s.png`.
    pub png: String,
    /// Why the last export failed.
    pub problem: Option<String>,
}

impl Shown {
    /// Before anything is computed.
    pub(super) fn of_nothing() -> Shown {
        let cursor = Cursor::new(Rc::new(Run::empty()));
        Shown {
            lang: Lang::default(),
            theme: None,
            unavailable: None,
            link_problem_closed: false,
            edit: Shared::new(SettingsEdit::of_settings(cursor.run().settings(), 0)),
            playing: false,
            playing_fast: false,
            speed: 0,
            help: false,
            presenting: false,
            blank: false,
            selected_pod: None,
            selected_node: None,
            deletion_mode: DeletionMode::default(),
            touched: None,
            clock: Clock {
                now: VirtualTime::ZERO,
                horizon: VirtualTime::ZERO,
                halted_at: None,
                progress: None,
            },
            tour: Shared::new(TourShown {
                name: None,
                step_times: Vec::new(),
                current: None,
                now: VirtualTime::ZERO,
                horizon: VirtualTime::ZERO,
                asked: None,
                words: Rc::new(TourWords::of(cursor.run())),
                sources: Vec::new(),
                path: cursor.run().path(),
                caption: None,
                command: None,
                gap: None,
                missing_step: None,
                replaced: None,
            }),
            stage: Memo::of(Default::default(), |_| cursor.stage(None, None)),
            cards: Shared::default(),
            cards_from: Default::default(),
            bench_age: 0,
            log: Shared::new(LogShown {
                scenario: Rc::default(),
                total: 0,
                first: 0,
                drawn: 0,
                rows: Vec::new(),
                selected: None,
            }),
            pod: None,
            map: Memo::of(Default::default(), |_| Vec::new()),
            names: Memo::of(Default::default(), |_| cursor.action_names("")),
            editor: Shared::new(EditorShown {
                text: String::new(),
                error: None,
            }),
            settings: Memo::of(cursor.run().settings().clone(), |settings| SettingsShown {
                settings: settings.clone(),
                capacity: cursor.run().capacity_plan(),
            }),
            link: Shared::default(),
            refusals: Shared::default(),
            export: Shared::new(ExportShown {
                svg: String::new(),
                png: String::new(),
                problem: None,
            }),
            writer: Shared::default(),
        }
    }
}

/// The node cards, the node picked on the stage first. A card is computed again only when its node may
/// have changed since `last`: an event of the run concerned it, or it counts down to a CNI DEL (the time
/// left changes with the clock), or the cursor went back or is over another run; else `last`'s is kept.
/// Computing every card on every frame was most of a frame's work in a big cluster.
pub(super) fn cards(
    cursor: &Cursor,
    selected_node: Option<&String>,
    (last, seen): (&Cards, &Cluster),
) -> Cards {
    let mut names = cursor.node_names();
    if let Some(at) = names.iter().position(|n| Some(n) == selected_node) {
        let picked = names.remove(at);
        names.insert(0, picked);
    }
    let events = cursor.events();
    let scenario = cursor.run().scenario();
    let (seen_scenario, seen_events) = seen;
    let touched: Option<Vec<&str>> = (*seen_scenario == Shared::from(scenario.clone())
        && *seen_events <= events.len())
    .then(|| {
        let mut touched = Vec::new();
        for node in (*seen_events..events.len()).filter_map(|i| events.get(i).and_then(node_of)) {
            if !touched.contains(&node) {
                touched.push(node);
            }
        }
        touched
    });
    let cards = names
        .iter()
        .take(MAX_NODE_CARDS)
        .filter_map(|name| {
            let before = last.cards.iter().find(|c| c.name == *name);
            let unchanged = |card: &&Shared<NodeCard>| {
                card.pending_dels.is_empty()
                    && touched
                        .as_ref()
                        .is_some_and(|t| !t.contains(&name.as_str()))
            };
            if let Some(before) = before.filter(unchanged) {
                return Some(before.clone());
            }
            let card = cursor.node_card(name)?;
            Some(match before {
                Some(before) => keep(before, card),
                None => Shared::new(card),
            })
        })
        .collect();
    Cards {
        cards,
        total: names.len(),
    }
}

/// The node an event concerns, if any.
fn node_of(event: &Event) -> Option<&str> {
    event.node.as_deref().or_else(|| event.object.as_node())
}

/// The log's latest rows (a big cluster's runs to tens of thousands of entries), or `last` when they are
/// the same: a run's events only grow as its cursor moves forward, and are the same again at the same
/// count after a rewind (the simulation is deterministic).
pub(super) fn log(
    cursor: &Cursor,
    selected_event: Option<usize>,
    playing_fast: bool,
    last: &Shared<LogShown>,
) -> Shared<LogShown> {
    let total = cursor.shown_events();
    let drawn = if playing_fast {
        MAX_EVENT_ROWS_FAST
    } else {
        MAX_EVENT_ROWS
    };
    let scenario = cursor.run().scenario();
    if Rc::ptr_eq(&last.scenario, scenario)
        && (last.total, last.drawn) == (total, drawn)
        && last.selected.map(|(i, _, _, _)| i) == selected_event
    {
        return last.clone();
    }
    let first = total.saturating_sub(drawn);
    Shared::new(LogShown {
        scenario: scenario.clone(),
        total,
        first,
        drawn,
        rows: cursor.log_rows(first..total),
        selected: selected_event.and_then(|i| {
            let event = cursor.events().get(i)?;
            Some((i, event.reason, event.upstream, cursor.event_chain(i)))
        }),
    })
}

/// The address map of each cluster CIDR, over its zoom window.
pub(super) fn map(cursor: &Cursor, windows: &[Option<IpNet>]) -> Vec<MapFamily> {
    let sim = cursor.sim();
    let node_names = cursor.node_names();
    let node_index = |name: &str| node_names.iter().position(|n| n == name).unwrap_or(0);
    sim.cidr_sets()
        .iter()
        .enumerate()
        .filter_map(|(family, set)| {
            let map = sim.address_map(family, windows.get(family).copied().flatten())?;
            Some(MapFamily {
                colours: map
                    .cells
                    .iter()
                    .map(|cell| cell.owners.first().map(|o| node_index(o) % 8))
                    .collect(),
                zoomed: map.window != set.cluster_cidr(),
                zoom_out: Some(zoom_out(set, map.window)).filter(|w| *w != set.cluster_cidr()),
                node_mask: set.node_mask_size(),
                allocated: set.allocated_cidrs(),
                max: set.max_cidrs(),
                next_candidate: set.next_candidate(),
                map,
            })
        })
        .collect()
}
