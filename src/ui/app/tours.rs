//! Guided tours: the source articles' stories replayed from the built-in scenarios, with the words of
//! [`crate::tours`]; where each step happens is the run's ([`crate::playback::Run::step_times`]).

use super::notices::{gap_said, tour_notices};
use super::state::Action;
use super::view::{Answer, Caption, CaptionLayout, Part, TourShown};
use crate::i18n::{ui as t, Lang};
use crate::playback::caption;
use crate::playback::views::seconds;
use crate::playback::words::Said;
use crate::sim::VirtualTime;
use crate::tours::{Told, Tour, TourId};
use crate::ui::words::{path_map, source_line};
use yew::prelude::*;

/// The question asked before the next step: its choices, and once answered, whether the prediction
/// held and why (shown by a presenter's press: the answer and why). The answer changes nothing in the
/// simulation.
fn quiz(
    shown: &TourShown,
    dispatch: &Callback<Action>,
    tour: &Tour,
    lang: Lang,
    paged_why: Option<Html>,
) -> Option<Html> {
    let asked = shown.asked.as_ref()?;
    let question = tour.question_before(asked.step)?;
    // Its numbers, as the step's, follow the run shown.
    let said = shown.words.question(asked.step, lang)?;
    let answered = asked.answer;
    let picked = match answered {
        Some(Answer::Picked(index)) => Some(index),
        _ => None,
    };
    let feedback = answered.map(|answer| {
        let correct = said.choices.get(question.correct).map_or("", String::as_str);
        // A presenter's press shows the answer to the room's predictions, with no verdict.
        let right = picked == Some(question.correct);
        let verdict = match answer {
            Answer::Shown => t::QUIZ_ANSWER.fill(lang, &[correct]),
            Answer::Picked(_) if right => t::QUIZ_RIGHT.get(lang).to_string(),
            Answer::Picked(_) => t::QUIZ_WRONG.fill(lang, &[correct]),
        };
        match paged_why.clone() {
            // In the presenter view the why is a page at a time under its verdict.
            Some(why) => html! {
                <>
                    <p class={classes!("quiz-feedback", "verdict", right.then_some("right"))} data-testid="quiz-feedback" role="status">
                        <strong>{ verdict }</strong>
                    </p>
                    { why }
                </>
            },
            None => html! {
                <p class={classes!("quiz-feedback", right.then_some("right"))} data-testid="quiz-feedback" role="status">
                    <strong>{ verdict }</strong>{ " " }{ said.why.clone() }
                </p>
            },
        }
    });
    Some(html! {
        <div class="quiz" role="group" aria-labelledby="quiz-question">
            <p class="quiz-question" id="quiz-question" data-testid="quiz">{ said.text.clone() }</p>
            <div class="quiz-choices">
                { for said.choices.iter().enumerate().map(|(index, choice)| {
                    let on_pick = {
                        let dispatch = dispatch.clone();
                        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Answer(index)))
                    };
                    let correct = answered.map(|_| (index == question.correct).to_string());
                    let picked = picked == Some(index);
                    html! {
                        <button data-testid="quiz-choice" data-correct={correct} aria-pressed={picked.to_string()}
                            disabled={answered.is_some()} onclick={on_pick}>{ choice.clone() }</button>
                    }
                }) }
            </div>
            { for feedback }
        </div>
    })
}

/// The command that shows the step on a real cluster, on one line under the presenter's caption (the
/// C key): the same in every language.
fn command_line(shown: &TourShown) -> Option<Html> {
    shown.command.map(|command| {
        html! {
            <p class="step-command" data-testid="step-command"><code>{ "$ " }{ command }</code></p>
        }
    })
}

/// A caption's text as the presenter view shows it: the page shown, in a box that never scrolls, and
/// the whole text a piece a span in a hidden copy, where the page measures its lines
/// ([`CaptionLayout`]).
fn paged(caption: &Caption, text: &str, class: &'static str, testid: &'static str) -> (Html, Html) {
    let pieces = caption::pieces(text);
    let pages = CaptionLayout::pages_of(caption.layout.as_deref(), text);
    let page = pages.get(caption.page).cloned().unwrap_or(0..pieces.len());
    let shown = pieces
        .get(page)
        .map(|pieces| pieces.concat())
        .unwrap_or_default();
    let visible = html! {
        <div class="caption-box" data-testid="caption-box" data-page={(caption.page + 1).to_string()} data-pages={pages.len().to_string()}
            data-laid-out={caption.layout.as_ref().is_some_and(|l| l.text == text).to_string()}>
            <p class={class} data-testid={testid} aria-live="polite">{ shown }</p>
        </div>
    };
    let sizer = html! {
        <p class={classes!(class, "caption-sizer")} data-testid="caption-sizer" data-text={text.to_string()} aria-hidden="true">
            { for pieces.iter().map(|piece| html! { <span>{ *piece }</span> }) }
        </p>
    };
    (visible, sizer)
}

/// The tour chooser: one row of buttons (it scrolls sideways when they do not fit), under the tours'
/// heading.
pub fn tour_chooser(loaded: Option<TourId>, dispatch: &Callback<Action>, lang: Lang) -> Html {
    let start = |id: TourId| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            dispatch.emit(Action::Load {
                text: id.tour().scenario().to_string(),
                tour: Some(id),
            })
        })
    };
    html! {
        <nav class="tour-chooser" aria-labelledby="tours-title">
            <h2 id="tours-title">{ t::GUIDED_TOURS.get(lang) }</h2>
            <div class="tour-buttons">
                { for TourId::ALL.into_iter().map(|id| html! {
                    <button data-testid={format!("tour-{}", id.name())}
                        class={classes!((loaded == Some(id)).then_some("active"))}
                        aria-pressed={(loaded == Some(id)).to_string()}
                        onclick={start(id)}>{ id.tour().title.get(lang) }</button>
                }) }
            </div>
        </nav>
    }
}

/// The loaded tour's narration for the current time: where the tour is, the question asked, the
/// step's words, and the previous / next controls. A view function, not a component: the time it says
/// changes on every tick, and each component type costs the wasm its own copy of Yew's lifecycle code.
pub fn narration(shown: &TourShown, dispatch: &Callback<Action>, lang: Lang) -> Option<Html> {
    shown.name.map(Told::tour).map(|words| {
        let times = &shown.step_times;
        let now = shown.now;
        let current = shown.current;
        let go = |index: Option<usize>| {
            let dispatch = dispatch.clone();
            let target = index.filter(|&i| times.get(i).copied().flatten().is_some());
            Callback::from(move |_: MouseEvent| match target {
                Some(i) => dispatch.emit(Action::TourStep(i)),
                None => dispatch.emit(Action::Seek(VirtualTime::ZERO)),
            })
        };
        // Steps the run lacks (another chain's) are passed over: a tour never stops mid-way.
        let (previous, next) = (shown.previous_step(), shown.next_step());
        let title = words.title.get(lang);
        let said = match current {
            Some(i) => shown.words.step(i, lang),
            None => shown.words.intro(lang),
        };
        let said = said.unwrap_or_else(|| Said {
            text: words.intro.get(lang).to_string(),
            own_cluster: false,
        });
        let asked = shown.asked.as_ref().and_then(|a| shown.words.question(a.step, lang));
        let own_cluster = said.own_cluster || asked.is_some_and(|q| q.own_cluster);
        let (own_words, own_back) = match shown.name.and_then(Told::builtin) {
            Some(_) => (t::OWN_CLUSTER, t::OWN_CLUSTER_BACK),
            None => (t::LESSON_OWN_CLUSTER, t::LESSON_OWN_CLUSTER_BACK),
        };
        // The presenter view shows one part of the stop, its text a page at a time.
        let caption = shown.caption.as_ref();
        let part_text = caption.and_then(|c| Some((c, shown.paged_text(c.part, lang)?)));
        let (paged_words, sizer) = match part_text {
            Some((caption, text)) => {
                let (class, testid) = match caption.part {
                    Part::Answer => ("quiz-why", "quiz-why"),
                    _ => ("step-text", "step-text"),
                };
                let (visible, sizer) = paged(caption, &text, class, testid);
                (Some((caption.part, visible)), Some(sizer))
            }
            None => (None, None),
        };
        let paged_why = paged_words.clone().filter(|(part, _)| *part == Part::Answer).map(|(_, html)| html);
        let show_quiz = caption.is_none_or(|c| c.part != Part::Words);
        let question_number = shown.asked.as_ref().and_then(|asked| {
            let id = &words.steps.get(asked.step)?.id;
            let n = words.questions.iter().position(|q| &q.before == id)?;
            Some((n + 1, words.questions.len()))
        });
        let pages = caption.and_then(|c| {
            let text = shown.paged_text(c.part, lang)?;
            let n = CaptionLayout::pages_of(c.layout.as_deref(), &text).len();
            (n > 1).then(|| format!("{}/{n}", c.page + 1))
        });
        html! {
            <>
            <div class="narration" data-testid="narration" data-part={caption.map(|c| format!("{:?}", c.part).to_lowercase())}
                data-step={current.map_or(0, |i| i + 1).to_string()} data-steps={words.steps.len().to_string()}>
                // Over a hidden copy of the last step's line, the longest, so that a line wrapping in two
                // on a phone does not push the narration down as the tour goes on.
                <div class="stack">
                    <p class="step-count" data-testid="step-count">{ match (caption.map(|c| c.part), question_number) {
                        // The presenter's question and its answer are the question's stops, numbered as such.
                        (Some(Part::Question), Some((n, of))) => t::QUESTION_OF.fill(lang, &[title, &n.to_string(), &of.to_string()]),
                        (Some(Part::Answer), Some((n, of))) => t::ANSWER_OF.fill(lang, &[title, &n.to_string(), &of.to_string(), &seconds(now)]),
                        _ => match current {
                            Some(i) => t::STEP_OF.fill(lang, &[title, &(i + 1).to_string(), &words.steps.len().to_string(), &seconds(now)]),
                            None => t::INTRODUCTION.fill(lang, &[title]),
                        },
                    } }{ for pages.map(|pages| html! { <span class="caption-pages" data-testid="caption-pages">{ pages }</span> }) }</p>
                    <p class="step-count sizer" aria-hidden="true">{
                        t::STEP_OF.fill(lang, &[title, &words.steps.len().to_string(), &words.steps.len().to_string(), &seconds(shown.horizon)])
                    }</p>
                </div>
                // Under the step's heading, where the words' length cannot move it; a line always, empty
                // before the first step, so that the words below never move either.
                { source_line(current.and_then(|i| shown.sources.get(i).copied().flatten()), lang)
                    .unwrap_or_else(|| html! { <p class="step-source" aria-hidden="true">{ "\u{a0}" }</p> }) }
                // The step's stops on the path, lit: a row of one height at every step and before the
                // first, so the words below never move.
                { path_map(&shown.path, false, lang) }
                // The words scroll in their place when the room is short; the controls below stay put.
                <div class="narration-body">
                // What changed besides what was asked (a tour's own cluster, a chain that lacks steps).
                { tour_notices(shown, dispatch, lang) }
                // The question comes first, beside the stage it asks about.
                if show_quiz { { for quiz(shown, dispatch, words, lang, paged_why) } }
                { match paged_words {
                    Some((Part::Words, visible)) => visible,
                    // The question's stops show the question, not the words of the step before it.
                    Some(_) => html! {},
                    None if caption.is_some() => html! {},
                    // Every step's text laid in the same grid cell, hidden, under the current one: the
                    // box is as tall as the longest, so a step with more lines does not push the page
                    // below it down.
                    None => html! {
                        <div class="stack">
                            <p class="step-text" data-testid="step-text" aria-live="polite">{ said.text.clone() }</p>
                            { for std::iter::once(shown.words.intro(lang)).chain((0..words.steps.len()).map(|i| shown.words.step(i, lang))).flatten().map(|said| html! {
                                <p class="step-text sizer" aria-hidden="true">{ said.text }</p>
                            }) }
                        </div>
                    },
                } }
                // The introduction draws the path whole after its words (the row above stays too).
                if current.is_none() { { path_map(&shown.path, true, lang) } }
                if own_cluster {
                    <p class="own-cluster" data-testid="own-cluster" role="note">
                        { own_words.get(lang) }
                        // The chain's notice above has the same button.
                        if !gap_said(shown) {
                            { " " }<button data-testid="own-cluster-back" onclick={dispatch.reform(|_: MouseEvent| Action::OwnCluster)}>{ own_back.get(lang) }</button>
                        }
                    </p>
                }
                </div>
                { for command_line(shown) }
                <div class="tour-nav">
                    <button data-testid="tour-prev" disabled={current.is_none()} onclick={go(previous)}>{ t::PREV_STEP.get(lang) }</button>
                    <button data-testid="tour-next" disabled={next.is_none()} onclick={go(next)}>{ t::NEXT_STEP.get(lang) }</button>
                </div>
                if !words.sources.is_empty() {
                    <details class="tour-sources" data-testid="tour-sources">
                        <summary>{ t::TOUR_SOURCES.fill(lang, &[&words.sources.len().to_string()]) }</summary>
                        { for words.sources.iter().enumerate().map(|(i, source)| html! {
                            <>
                                { if i == 0 { "" } else { " · " } }
                                <a href={source.url.clone()} target="_blank" rel="noopener">{ source.label.clone() }</a>
                            </>
                        }) }
                    </details>
                }
            </div>
            // Outside the narration, where the room never sees it: the caption's text to measure.
            { for sizer }
            </>
        }
    })
}
