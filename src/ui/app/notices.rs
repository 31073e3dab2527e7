//! The one-line notices that say what changed besides what the learner asked for, each with its way
//! back: a preset that replaced fields the learner set (the settings card), a tour that loaded its
//! own cluster over the learner's, and a tour the cluster shown does not tell whole — another CNI
//! chain, steps that never happen — with its two ways on (the narration).

use super::state::{Action, PresetReplaced};
use super::view::TourShown;
use crate::i18n::{ui as t, Lang};
use crate::tours::{Told, TourId};
use yew::prelude::*;

/// Under the preset: which fields the learner set the preset replaced, and the way back.
pub fn preset_notice(replaced: &PresetReplaced, dispatch: &Callback<Action>, lang: Lang) -> Html {
    let fields = replaced.fields.join(", ");
    html! {
        <p class="change-notice" data-testid="preset-replaced" role="status">
            { t::PRESET_REPLACED.fill(lang, &[replaced.preset.name, &fields]) }{ " " }
            <button type="button" data-testid="preset-undo" onclick={dispatch.reform(|_: MouseEvent| Action::UndoPreset)}>
                { t::UNDO.get(lang) }
            </button>
        </p>
    }
}

/// The narration's notices: the tour opened over the learner's cluster, with the way back; and, at
/// the introduction, where a step the run lacks was asked for and beside a step it passes over, what
/// of the tour the cluster shown does not tell, with the tour's own cluster and the same story on
/// the cluster's chain.
pub fn tour_notices(shown: &TourShown, dispatch: &Callback<Action>, lang: Lang) -> Html {
    let replaced = shown.replaced.map(|tour| {
        html! {
            <p class="change-notice" data-testid="tour-replaced" role="status">
                { t::TOUR_REPLACED.fill(lang, &[tour.tour().title.get(lang)]) }{ " " }
                <button type="button" data-testid="restore-cluster" onclick={dispatch.reform(|_: MouseEvent| Action::RestoreCluster)}>
                    { t::RESTORE_CLUSTER.get(lang) }
                </button>
            </p>
        }
    });
    let gap = shown.gap.as_ref().filter(|_| gap_said(shown)).map(|gap| {
        let mut text = Vec::new();
        if let Some(step) = shown.missing_step {
            text.push(t::LINK_STEP_MISSING.fill(lang, &[&(step + 1).to_string()]));
        }
        if gap.own_chain != gap.chain {
            let (own, chain) = (t::chain_words(gap.own_chain), t::chain_words(gap.chain));
            text.push(t::GAP_CHAIN.fill(lang, &[own.get(lang), chain.get(lang)]));
        }
        if !gap.missing.is_empty() {
            text.push(t::missing_steps(&gap.missing, lang));
        }
        // Sentences run on with a space in English, with none after a full-width 。.
        let joiner = if lang == Lang::En { " " } else { "" };
        html! {
            <p class="change-notice" data-testid="tour-gap" role="note" data-missing={gap.missing.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(" ")}>
                { text.join(joiner) }{ " " }
                <button type="button" data-testid="gap-own-cluster" onclick={dispatch.reform(|_: MouseEvent| Action::OwnCluster)}>
                    { t::OWN_CLUSTER_BACK.get(lang) }
                </button>
                { for gap.retold.map(|tour: TourId| html! {
                    <>{ " " }<button type="button" data-testid="gap-retold" data-tour={tour.name()} onclick={dispatch.reform(|_: MouseEvent| Action::Retold)}>
                        { t::RETOLD_ON.fill(lang, &[tour.tour().title.get(lang)]) }
                    </button></>
                }) }
            </p>
        }
    });
    // A lesson English alone may write: what it lacks in the page's language is said once. A built-in's
    // Chinese and Japanese come from the page's catalogs, not its file.
    let english = shown
        .name
        .filter(|told| matches!(told, Told::Lesson(_)))
        .filter(|told| lang != Lang::En && told.tour().shows_english_in(lang))
        .map(|_| {
            html! {
                <p class="change-notice" data-testid="lesson-in-english" role="note">
                    { t::LESSON_IN_ENGLISH.get(lang) }
                </p>
            }
        });
    html! { <>{ for english }{ for replaced }{ for gap }</> }
}

/// Whether the narration says what of the tour the run does not tell: at the introduction, where a
/// step the run lacks was asked for, and beside a step it passes over. Its button to the tour's own
/// cluster is then the one the narration shows.
pub fn gap_said(shown: &TourShown) -> bool {
    // Another chain alone tells the whole tour (a tour about kube-controller-manager): nothing to say.
    let tells_less =
        |gap: &&crate::playback::TourGap| !gap.missing.is_empty() || shown.missing_step.is_some();
    shown.gap.as_ref().filter(tells_less).is_some_and(|gap| {
        let beside = |i: Option<usize>| i.is_some_and(|i| gap.lacks(i));
        match shown.current {
            None => true,
            Some(i) => {
                shown.missing_step.is_some() || beside(i.checked_sub(1)) || beside(Some(i + 1))
            }
        }
    })
}
