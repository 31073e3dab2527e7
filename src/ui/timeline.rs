//! The timeline: play / pause / step / step back / speed, a scrubber over virtual time, and the event log
//! in Kubernetes' words with the upstream code each entry models.

use super::studio::{Action, Studio, SPEEDS};
use crate::sim::{EventKind, VirtualTime};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props: the studio and its dispatcher.
#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    /// The studio.
    pub studio: UseReducerHandle<Studio>,
}

/// The event log draws at most this many of the latest entries.
const MAX_EVENT_ROWS: usize = 100;

/// `12.345 s`: virtual time as a learner reads it.
pub fn seconds(time: VirtualTime) -> String {
    // Integer arithmetic: the same text as `{:.3}` of the seconds, without pulling float formatting into the wasm.
    let ms = time.as_millis();
    format!("{}.{:03} s", ms / 1000, ms % 1000)
}

/// The transport bar and the scrubber.
#[function_component(Transport)]
pub fn transport(props: &TimelineProps) -> Html {
    let studio = &props.studio;
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
        <div class="transport" role="group" aria-label="timeline controls">
            if studio.playing {
                <button data-testid="pause" onclick={send(|| Action::Pause)} aria-label="pause">{ "❚❚ pause" }</button>
            } else {
                <button data-testid="play" onclick={send(|| Action::Play)} aria-label="play">{ "▶ play" }</button>
            }
            <button data-testid="step-back" onclick={send(|| Action::StepBack)} aria-label="step back to the previous event">{ "◀ back" }</button>
            <button data-testid="step" onclick={send(|| Action::Step)} aria-label="step to the next event">{ "step ▶" }</button>
            <label class="speed">
                <span>{ "speed" }</span>
                <select data-testid="speed" onchange={on_speed} aria-label="playback speed">
                    { for SPEEDS.iter().enumerate().map(|(i, (label, _))| html! {
                        <option value={i.to_string()} selected={i == studio.speed}>{ *label }</option>
                    }) }
                </select>
            </label>
            <input class="scrubber" data-testid="scrubber" type="range" min="0"
                max={studio.horizon.as_millis().to_string()} step="1"
                value={studio.time().as_millis().to_string()} oninput={on_scrub}
                aria-label="virtual time" aria-valuetext={seconds(studio.time())} />
            <output class="clock" data-testid="clock" aria-live="off">
                { format!("t = {} / {}", seconds(studio.time()), seconds(studio.horizon)) }
            </output>
        </div>
    }
}

/// The event log, newest first; selecting an entry names the upstream code it models.
#[function_component(EventLog)]
pub fn event_log(props: &TimelineProps) -> Html {
    let studio = &props.studio;
    let sim = studio.sim();
    let events = sim.events();
    let selected = studio.selected_event.filter(|i| *i < events.len());
    // Newest first, so what just happened is at the top while playing; the log of a big cluster runs to
    // tens of thousands of entries, so only the latest are drawn.
    let rows = events.iter().enumerate().rev().take(MAX_EVENT_ROWS).map(|(i, event)| {
        let on_select = {
            let studio = studio.clone();
            Callback::from(move |_: MouseEvent| studio.dispatch(Action::SelectEvent(Some(i))))
        };
        let (kind, kind_class) = match event.kind {
            EventKind::Normal => ("Normal", "normal"),
            EventKind::Warning => ("Warning", "warning"),
            EventKind::Step => ("step", "step"),
        };
        html! {
            <li class={classes!("event", kind_class, (selected == Some(i)).then_some("selected"))}>
                <button onclick={on_select} aria-pressed={(selected == Some(i)).to_string()}>
                    <span class="event-time">{ seconds(event.time_ms) }</span>
                    <span class="event-kind">{ kind }</span>
                    <span class="event-reason">{ format!("{:?}", event.reason) }</span>
                    <span class="event-object">{ &*event.object }</span>
                    <span class="event-message">{ &event.message }</span>
                </button>
            </li>
        }
    });
    html! {
        <section class="card events" aria-labelledby="events-title">
            <h2 id="events-title">{ "Events" }</h2>
            if let Some(event) = selected.and_then(|i| events.get(i)) {
                <div class="upstream" data-testid="upstream" aria-live="polite">
                    { "This is " }<code>{ event.upstream.function }</code>{ " in " }
                    <a href={event.upstream.url} target="_blank" rel="noopener noreferrer">
                        <code>{ format!("{}/{}", event.upstream.repo, event.upstream.file) }</code>
                    </a>
                </div>
            }
            <ol class="event-log" data-testid="event-log" aria-label="event log">{ for rows }</ol>
            if events.len() > MAX_EVENT_ROWS {
                <p class="more">{ format!("showing the latest {MAX_EVENT_ROWS} of {} events", events.len()) }</p>
            }
        </section>
    }
}
