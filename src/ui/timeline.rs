//! The timeline: play / pause / step / step back / speed, a scrubber over virtual time, and the event log
//! in Kubernetes' words with the upstream code each entry models.

use super::fill_html;
use super::studio::{Action, Studio, SPEEDS};
use crate::i18n::{narration, ui as t, Lang};
use crate::sim::{EventKind, VirtualTime};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The event log draws at most this many of the latest entries.
const MAX_EVENT_ROWS: usize = 50;
/// While playing fast (4× and up) the log scrolls faster than anyone reads: fewer rows are drawn.
const MAX_EVENT_ROWS_FAST: usize = 12;

/// `12.345 s`: virtual time as a learner reads it.
pub fn seconds(time: VirtualTime) -> String {
    // Integer arithmetic: the same text as `{:.3}` of the seconds, without pulling float formatting into the wasm.
    let ms = time.as_millis();
    format!("{}.{:03} s", ms / 1000, ms % 1000)
}

/// The transport bar and the scrubber. A view function, not a component: it draws the studio, which
/// changes on every tick, so a component would re-render with its parent anyway, and each component
/// type costs the wasm its own copy of Yew's lifecycle code.
pub fn transport(studio: &UseReducerHandle<Studio>, lang: Lang) -> Html {
    let send = |action: fn() -> Action| {
        let studio = studio.clone();
        Callback::from(move |_: MouseEvent| studio.dispatch(action()))
    };
    let on_speed = {
        let studio = studio.clone();
        Callback::from(move |e: Event| {
            let index = e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .parse()
                .unwrap_or(2);
            studio.dispatch(Action::Speed(index));
        })
    };
    let on_scrub = {
        let studio = studio.clone();
        Callback::from(move |e: InputEvent| {
            let ms = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse()
                .unwrap_or(0);
            studio.dispatch(Action::Seek(VirtualTime(ms)));
        })
    };
    html! {
        <div class="transport" role="group" aria-label={t::TIMELINE_CONTROLS.get(lang)}>
            // Each over the other's hidden label, so that both are as wide and the controls after them
            // stay put when playing starts or ends.
            if studio.playing {
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
                        <option value={i.to_string()} selected={i == studio.speed}>{ if rate.is_some() { *label } else { t::INSTANT.get(lang) } }</option>
                    }) }
                </select>
            </label>
            <input class="scrubber" data-testid="scrubber" type="range" min="0"
                max={studio.horizon.as_millis().to_string()} step="1"
                value={studio.time().as_millis().to_string()} oninput={on_scrub}
                aria-label={t::VIRTUAL_TIME.get(lang)} aria-valuetext={seconds(studio.time())} />
            <output class="clock" data-testid="clock" aria-live="off">
                { format!("t = {} / {}", seconds(studio.time()), seconds(studio.horizon)) }
            </output>
        </div>
    }
}

/// The event log, newest first; selecting an entry names the upstream code it models. A view
/// function, as [`transport`] is.
pub fn event_log(studio: &UseReducerHandle<Studio>, lang: Lang) -> Html {
    let sim = studio.sim();
    let events = sim.events();
    let selected = studio.selected_event.filter(|i| *i < events.len());
    // Newest first, so what just happened is at the top while playing; the log of a big cluster runs to
    // tens of thousands of entries, so only the latest are drawn. Rows are keyed by their index: a new
    // event adds a row and the oldest drawn one leaves, instead of every row's text shifting down.
    let drawn = if studio.playing_fast() {
        MAX_EVENT_ROWS_FAST
    } else {
        MAX_EVENT_ROWS
    };
    let rows = (0..events.len()).rev().take(drawn).map(|index| {
        let event = &events[index];
        let on_select = {
            let studio = studio.clone();
            Callback::from(move |_: MouseEvent| studio.dispatch(Action::SelectEvent(Some(index))))
        };
        let (kind, kind_class) = match event.kind {
            EventKind::Normal => ("Normal", "normal"),
            EventKind::Warning => ("Warning", "warning"),
            EventKind::Step => (t::KIND_STEP.get(lang), "step"),
        };
        let selected = selected == Some(index);
        html! {
            <li key={index} class={classes!("event", kind_class, selected.then_some("selected"))}>
                <button onclick={on_select} aria-pressed={selected.to_string()}>
                    <span class="event-time">{ seconds(event.time_ms) }</span>
                    <span class="event-kind">{ kind }</span>
                    <span class="event-reason">{ format!("{:?}", event.reason) }</span>
                    <span class="event-object">{ &*event.object }</span>
                    <span class="event-message">{ event.message.to_string() }</span>
                </button>
            </li>
        }
    });
    html! {
        <section class="card events" aria-labelledby="events-title">
            <h2 id="events-title">{ t::EVENTS.get(lang) }</h2>
            if let Some(event) = selected.and_then(|i| events.get(i)) {
                <div class="upstream" data-testid="upstream" aria-live="polite">
                    <p class="explain" data-testid="explain">{ narration::explain(event.reason).get(lang) }</p>
                    <p>{ fill_html(t::THIS_IS, lang, vec![
                        html! { <code>{ event.upstream.function }</code> },
                        html! {
                            <a href={event.upstream.url} target="_blank" rel="noopener noreferrer">
                                <code>{ format!("{}/{}", event.upstream.repo, event.upstream.file) }</code>
                            </a>
                        },
                    ]) }</p>
                </div>
            } else {
                <p class="hint">{ t::SELECT_EVENT.get(lang) }</p>
            }
            <ol class="event-log" data-testid="event-log" aria-label={t::EVENT_LOG.get(lang)} data-empty={t::NO_EVENTS_YET.get(lang)}>{ for rows }</ol>
            // Always there, empty until the log outgrows the rows drawn, so its line does not appear below
            // the log and push the cards under it down.
            <p class="more">{ (events.len() > drawn).then(|| t::LATEST_EVENTS.fill(lang, &[&drawn.to_string(), &events.len().to_string()])) }</p>
        </section>
    }
}
