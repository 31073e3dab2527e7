//! The timeline: play / pause / step / step back / speed, a scrubber over virtual time, and the event log
//! in Kubernetes' words with the upstream code each entry models.

use super::state::Action;
use super::view::{LogShown, Shown};
use crate::i18n::{narration, ui as t, Lang};
use crate::playback::views::seconds;
use crate::playback::SPEEDS;
use crate::sim::{limits, EventKind, Scenario, VirtualTime};
use crate::ui::markup::fill_html;
use crate::ui::shared::Shared;
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The transport bar and the scrubber. A view function, not a component: the clock it draws changes on
/// every tick, and each component type costs the wasm its own copy of Yew's lifecycle code.
pub fn transport(shown: &Shown, dispatch: &Callback<Action>, lang: Lang) -> Html {
    let clock = shown.clock;
    let send = |action: fn() -> Action| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(action()))
    };
    let on_speed = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let index = e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .parse()
                .unwrap_or(2);
            dispatch.emit(Action::Speed(index));
        })
    };
    let on_scrub = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: InputEvent| {
            let ms = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse()
                .unwrap_or(0);
            dispatch.emit(Action::Seek(VirtualTime(ms)));
        })
    };
    html! {
        <div class="transport" role="group" aria-label={t::TIMELINE_CONTROLS.get(lang)}>
            // Each over the other's hidden label, so that both are as wide and the controls after them
            // stay put when playing starts or ends.
            if shown.playing {
                <button class="stack" data-testid="pause" onclick={send(|| Action::Pause)} aria-label={t::PAUSE_LABEL.get(lang)} aria-keyshortcuts="Space">
                    <span>{ t::PAUSE.get(lang) }</span><span class="sizer" aria-hidden="true">{ t::PLAY.get(lang) }</span>
                </button>
            } else {
                <button class="stack" data-testid="play" onclick={send(|| Action::Play)} aria-label={t::PLAY_LABEL.get(lang)} aria-keyshortcuts="Space">
                    <span>{ t::PLAY.get(lang) }</span><span class="sizer" aria-hidden="true">{ t::PAUSE.get(lang) }</span>
                </button>
            }
            <button data-testid="step-back" onclick={send(|| Action::StepBack)} aria-label={t::BACK_LABEL.get(lang)} aria-keyshortcuts="ArrowLeft">{ t::BACK.get(lang) }</button>
            <button data-testid="step" onclick={send(|| Action::Step)} aria-label={t::STEP_LABEL.get(lang)} aria-keyshortcuts="ArrowRight">{ t::STEP.get(lang) }</button>
            <label class="speed">
                <span>{ t::SPEED.get(lang) }</span>
                <select data-testid="speed" onchange={on_speed} aria-label={t::SPEED_LABEL.get(lang)}>
                    { for SPEEDS.iter().enumerate().map(|(i, (label, rate))| html! {
                        <option value={i.to_string()} selected={i == shown.speed}>{ if rate.is_some() { *label } else { t::INSTANT.get(lang) } }</option>
                    }) }
                </select>
            </label>
            <input class="scrubber" data-testid="scrubber" type="range" min="0"
                max={clock.horizon.as_millis().to_string()} step="1"
                value={clock.now.as_millis().to_string()} oninput={on_scrub}
                aria-label={t::VIRTUAL_TIME.get(lang)} aria-valuetext={seconds(clock.now)} />
            <output class="clock" data-testid="clock" aria-live="off">
                { format!("t = {} / {}", seconds(clock.now), seconds(clock.horizon)) }
            </output>
            if let Some(at) = clock.halted_at {
                <span class="halted" data-testid="halted" role="status">
                    { t::EVENTS_LIMIT.fill(lang, &[&seconds(at), &limits::MAX_EVENTS.to_string()]) }
                </span>
            }
            if let Some(percent) = clock.progress {
                <span class="progress" data-testid="progress" role="status">
                    <progress max="100" value={percent.to_string()}></progress>
                    { t::SIMULATING.fill(lang, &[&percent.to_string()]) }
                </span>
            }
        </div>
    }
}

/// Props of [`EventLog`].
#[derive(Properties, PartialEq)]
pub struct EventLogProps {
    /// The page's language.
    pub lang: Lang,
    /// The latest rows.
    pub log: Shared<LogShown>,
    /// The pod picked: its entries are marked.
    pub selected_pod: Option<String>,
    /// The node picked on the stage: its entries are marked.
    pub selected_node: Option<String>,
    /// Sends actions.
    pub dispatch: Callback<Action>,
}

/// Where the log's rows lie in the list, kept between renders so that a row, once drawn, keeps its
/// place: the log is oldest first, as `kubectl get events --watch` prints it, new rows come below, and
/// the rows that leave the top (only the latest are drawn) leave a space of their size behind. So nothing
/// the reader sees moves but by scrolling, which follows the newest entry unless the reader scrolled up.
/// A reader who scrolls up gets the space taken away and the list scrolled by as much in the same frame,
/// so the drawn rows stay where they are on screen and no blank stands above them.
#[derive(Default)]
struct LogLayout {
    /// The scenario the places belong to: another one (a load, an edit, an action) starts afresh, each
    /// a reader's doing, so what moves then is no unexpected shift (the browser does not count it).
    scenario: Option<Rc<Scenario>>,
    /// The first event drawn, and the space above it.
    first: usize,
    space: f64,
    /// Each drawn row's top in the list, by event index (NaN: never drawn), and where the last one ended.
    tops: Vec<f64>,
    end: f64,
    /// The reader scrolled away from the newest entry: the list stops following it.
    scrolled_up: bool,
    /// Where to scroll after the next render, which takes the space away (set when the reader scrolls
    /// up: the list's scroll position then, less the space).
    collapse_to: Option<i32>,
    /// Where the list last scrolled itself to follow the newest entry. Its scroll event comes later,
    /// when more rows may have come: found still there, it is the list's own move, not the reader's.
    followed_to: Option<i32>,
}

impl LogLayout {
    /// The space above the rows from `first` on, for the scenario's log.
    fn place(&mut self, scenario: &Rc<Scenario>, first: usize) -> f64 {
        if !self
            .scenario
            .as_ref()
            .is_some_and(|s| Rc::ptr_eq(s, scenario))
        {
            // Following the newest entry again, too.
            *self = LogLayout {
                scenario: Some(scenario.clone()),
                ..LogLayout::default()
            };
        }
        if self.collapse_to.is_some() {
            // Every place moves up by the space; the list scrolls up by as much after this render.
            let space = self.space;
            self.tops.iter_mut().for_each(|top| *top -= space);
            self.end -= space;
        }
        self.space = match self.tops.get(first) {
            // Drawn before: where it was (rows above it leaving, or coming back after a step back).
            Some(top) if !top.is_nan() => top.max(0.0),
            // Never drawn, after every drawn row: it comes where the last one ended.
            _ if self.tops.len() <= first => self.end,
            // Never drawn, above drawn rows (a step back past rows skipped while playing fast): its
            // height is unknown, so start the places afresh.
            _ => {
                self.tops.clear();
                self.end = 0.0;
                0.0
            }
        };
        self.first = first;
        self.space
    }

    /// Record where the drawn rows lie (the list's children after the space, in event order).
    fn measure(&mut self, list: &web_sys::Element) {
        let rows = list.children();
        let Some(origin) = rows.item(0).map(|row| row.get_bounding_client_rect().top()) else {
            return;
        };
        let skip = u32::from(self.space > 0.0);
        for (index, k) in (self.first..).zip(skip..rows.length()) {
            let Some(row) = rows.item(k) else { break };
            let rect = row.get_bounding_client_rect();
            if self.tops.len() <= index {
                self.tops.resize(index + 1, f64::NAN);
            }
            self.tops[index] = rect.top() - origin;
            self.end = rect.bottom() - origin;
        }
    }
}

/// `height: 123.45px`, written with integers: formatting an `f64` would link float formatting into the wasm.
fn height_px(px: f64) -> String {
    let hundredths = (px * 100.0).round() as u64;
    format!("height: {}.{:02}px", hundredths / 100, hundredths % 100)
}

/// The event log, oldest first; selecting an entry names the upstream code it models.
#[function_component(EventLog)]
pub fn event_log(props: &EventLogProps) -> Html {
    let EventLogProps {
        lang,
        log,
        selected_pod,
        selected_node,
        dispatch,
    } = props;
    let lang = *lang;
    let list = use_node_ref();
    let layout = use_mut_ref(LogLayout::default);
    let redraw = use_force_update();
    let selected = log.selected.as_ref();
    // The log of a big cluster runs to tens of thousands of entries: only the latest are drawn. Rows
    // are keyed by their index, so a new event adds a row and the oldest drawn one leaves.
    let (first, drawn, total) = (log.first, log.drawn, log.total);
    let space = layout.borrow_mut().place(&log.scenario, first);
    {
        let (list, layout) = (list.clone(), layout.clone());
        use_effect(move || {
            if let Some(list) = list.cast::<web_sys::Element>() {
                let mut layout = layout.borrow_mut();
                layout.measure(&list);
                // Set, not moved by: the shorter list may have clamped the scroll position already.
                if let Some(to) = layout.collapse_to.take() {
                    list.set_scroll_top(to);
                } else if !layout.scrolled_up {
                    list.set_scroll_top(list.scroll_height());
                    layout.followed_to = Some(list.scroll_top());
                }
            }
        });
    }
    let on_scroll = {
        let layout = layout.clone();
        Callback::from(move |event: Event| {
            let list: web_sys::Element = event.target_unchecked_into();
            let mut layout = layout.borrow_mut();
            if layout.followed_to.take() == Some(list.scroll_top()) {
                return;
            }
            // A pixel or two of rounding still counts as the end.
            layout.scrolled_up =
                list.scroll_top() + list.client_height() < list.scroll_height() - 2;
            if layout.scrolled_up && layout.space > 0.0 && layout.collapse_to.is_none() {
                layout.collapse_to = Some(list.scroll_top() - layout.space.round() as i32);
                redraw.force_update();
            }
        })
    };
    let rows = log.rows.iter().zip(first..).map(|(row, index)| {
        let on_select = {
            let dispatch = dispatch.clone();
            Callback::from(move |_: MouseEvent| dispatch.emit(Action::SelectEvent(Some(index))))
        };
        let (kind, kind_class) = match row.kind {
            EventKind::Normal => ("Normal", "normal"),
            EventKind::Warning => ("Warning", "warning"),
            EventKind::Step => (t::KIND_STEP.get(lang), "step"),
        };
        let selected = selected.is_some_and(|(at, _, _, _)| *at == index);
        // The entries of what was picked on the stage.
        let related = selected_pod.as_ref().is_some_and(|pod| row.object.as_pod() == Some(pod.as_str()))
            || (selected_pod.is_none() && selected_node.is_some() && row.node == *selected_node);
        html! {
            <li key={index} class={classes!("event", kind_class, selected.then_some("selected"), related.then_some("related"))}>
                <button onclick={on_select} aria-pressed={selected.to_string()}>
                    <span class="event-time">{ &row.time }</span>
                    <span class="event-kind">{ kind }</span>
                    <span class="event-reason">{ &row.reason }</span>
                    <span class="event-object">{ row.object.as_str() }</span>
                    <span class="event-message">{ &row.message }</span>
                </button>
            </li>
        }
    });
    html! {
        <section class="card events" aria-labelledby="events-title">
            <h2 id="events-title">{ t::EVENTS.get(lang) }</h2>
            if let Some((_, reason, upstream, chain)) = selected {
                <div class="upstream" data-testid="upstream" aria-live="polite">
                    <p class="explain" data-testid="explain">{ narration::explain_event(*reason, *chain).get(lang) }</p>
                    <p>{ fill_html(t::THIS_IS, lang, vec![
                        html! { <code>{ upstream.function }</code> },
                        html! {
                            <a href={upstream.url} target="_blank" rel="noopener noreferrer">
                                <code>{ format!("{}/{}", upstream.repo, upstream.file) }</code>
                            </a>
                        },
                    ]) }</p>
                </div>
            } else {
                <p class="hint">{ t::SELECT_EVENT.get(lang) }</p>
            }
            <ol ref={list} class="event-log" data-testid="event-log" onscroll={on_scroll} aria-label={t::EVENT_LOG.get(lang)} data-empty={t::NO_EVENTS_YET.get(lang)}>
                if space > 0.0 {
                    <li class="log-space" aria-hidden="true" style={height_px(space)}></li>
                }
                { for rows }
            </ol>
            // Always there, empty until the log outgrows the rows drawn, so its line does not appear below
            // the log and push the cards under it down.
            <p class="more">{ (total > drawn).then(|| t::LATEST_EVENTS.fill(lang, &[&drawn.to_string(), &total.to_string()])) }</p>
        </section>
    }
}
