//! Guided tours: the source articles' stories replayed from the built-in scenarios, with the narration of
//! [`crate::i18n::narration`]. Each step is anchored on an event of the simulation
//! ([`builtin::TOURS`]), never on a hard-coded time, so the narration follows the simulation if a
//! setting changes.

use super::studio::{Action, Studio};
use super::timeline::seconds;
use crate::i18n::narration::{self, TourNarration};
use crate::i18n::{ui as t, Lang};
use crate::sim::{builtin, Reason, VirtualTime};
use yew::prelude::*;

/// A tour's anchors and words.
fn tour(name: &str) -> Option<(&'static [(Reason, &'static str)], &'static TourNarration)> {
    let steps = builtin::TOURS.iter().find(|(n, _)| *n == name)?.1;
    let words = narration::TOURS.iter().find(|t| t.name == name)?;
    Some((steps, words))
}

/// When each step of the loaded tour happens in the whole run.
fn step_times(studio: &Studio) -> Vec<Option<VirtualTime>> {
    studio
        .tour
        .and_then(tour)
        .map(|(steps, _)| builtin::tour_step_times(steps, &studio.timeline))
        .unwrap_or_default()
}

/// When step `index` of the loaded tour happens, if it does.
pub fn step_time(studio: &Studio, index: usize) -> Option<VirtualTime> {
    step_times(studio).get(index).copied().flatten()
}

/// The tour buttons (unless `chooser` is false: the embedded player shows only the narration) and,
/// when a tour is loaded, its narration for the current time. A view function, not a component: it
/// draws the studio, which changes on every tick, so a component would re-render with its parent
/// anyway, and each component type costs the wasm its own copy of Yew's lifecycle code.
pub fn tours(studio: &UseReducerHandle<Studio>, lang: Lang, chooser: bool) -> Html {
    let start = |name: &'static str| {
        let studio = studio.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = builtin::by_name(name) {
                studio.dispatch(Action::Load {
                    text: text.to_string(),
                    tour: Some(name),
                });
            }
        })
    };
    let narration = studio.tour.and_then(tour).map(|(_, words)| {
        let times = step_times(studio);
        let now = studio.time();
        // The step navigated to, while the clock stays at its moment; otherwise the last step reached.
        let current = studio
            .tour_step
            .filter(|&i| times.get(i).copied().flatten() == Some(now))
            .or_else(|| times.iter().rposition(|t| t.is_some_and(|t| t <= now)));
        let go = |index: Option<usize>| {
            let studio = studio.clone();
            let target = index.and_then(|i| times.get(i).copied().flatten().map(|t| (i, t)));
            Callback::from(move |_: MouseEvent| match target {
                Some((i, time)) => studio.dispatch(Action::TourStep(i, time)),
                None => studio.dispatch(Action::Seek(VirtualTime::ZERO)),
            })
        };
        let previous = current.and_then(|i| i.checked_sub(1));
        let next = current.map_or(0, |i| i + 1);
        let has_next = times.get(next).copied().flatten().is_some();
        let title = words.title.get(lang);
        html! {
            <div class="narration" data-testid="narration">
                // Over a hidden copy of the last step's line, the longest, so that a line wrapping in two
                // on a phone does not push the narration down as the tour goes on.
                <div class="stack">
                    <p class="step-count" data-testid="step-count">{ match current {
                        Some(i) => t::STEP_OF.fill(lang, &[title, &(i + 1).to_string(), &words.steps.len().to_string(), &seconds(now)]),
                        None => t::INTRODUCTION.fill(lang, &[title]),
                    } }</p>
                    <p class="step-count sizer" aria-hidden="true">{
                        t::STEP_OF.fill(lang, &[title, &words.steps.len().to_string(), &words.steps.len().to_string(), &seconds(studio.horizon)])
                    }</p>
                </div>
                // Every step's text laid in the same grid cell, hidden, under the current one: the box is
                // as tall as the longest, so a step with more lines does not push the page below it down.
                <div class="stack">
                    <p class="step-text" data-testid="step-text" aria-live="polite">
                        { current.and_then(|i| words.steps.get(i)).unwrap_or(&words.intro).get(lang) }
                    </p>
                    { for std::iter::once(&words.intro).chain(words.steps.iter()).map(|text| html! {
                        <p class="step-text sizer" aria-hidden="true">{ text.get(lang) }</p>
                    }) }
                </div>
                <div class="tour-nav">
                    <button data-testid="tour-prev" disabled={current.is_none()} onclick={go(previous)}>{ t::PREV_STEP.get(lang) }</button>
                    <button data-testid="tour-next" disabled={!has_next} onclick={go(Some(next))}>{ t::NEXT_STEP.get(lang) }</button>
                </div>
            </div>
        }
    });
    html! {
        <section class="card tours" aria-labelledby="tours-title">
            <h2 id="tours-title">{ t::GUIDED_TOURS.get(lang) }</h2>
            if chooser {
                <div class="tour-buttons">
                    { for narration::TOURS.iter().map(|words| html! {
                        <button data-testid={format!("tour-{}", words.name)}
                            class={classes!((studio.tour == Some(words.name)).then_some("active"))}
                            aria-pressed={(studio.tour == Some(words.name)).to_string()}
                            onclick={start(words.name)}>{ words.title.get(lang) }</button>
                    }) }
                </div>
            }
            { for narration }
        </section>
    }
}
