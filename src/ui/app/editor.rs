//! The scenario editor: load a built-in scenario, edit any scenario, run it; errors are shown by line.

use super::state::Action;
use super::view::EditorShown;
use crate::i18n::{ui as t, Lang};
use crate::sim::{builtin, limits};
use crate::tours::TourId;
use crate::ui::shared::Shared;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// Props of the editor.
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// The page's language.
    pub lang: Lang,
    /// The scenario text and why the last one was refused.
    pub editor: Shared<EditorShown>,
    /// Sends actions.
    pub dispatch: Callback<Action>,
}

/// The editor card.
#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let lang = props.lang;
    let dispatch = &props.dispatch;
    let (text, error) = (props.editor.text.clone(), props.editor.error.clone());
    let draft = use_state(|| text.clone());
    {
        // Follow the state's text when it changes underneath (tours, actions, settings).
        let draft = draft.clone();
        use_effect_with(text, move |text| draft.set(text.clone()));
    }
    let on_input = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            draft.set(e.target_unchecked_into::<HtmlTextAreaElement>().value())
        })
    };
    let on_run = {
        let (dispatch, draft) = (dispatch.clone(), draft.clone());
        Callback::from(move |_: MouseEvent| {
            dispatch.emit(Action::Load {
                text: (*draft).clone(),
                tour: None,
            })
        })
    };
    let load = |name: &'static str, text: &'static str| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            dispatch.emit(Action::Load {
                text: text.to_string(),
                tour: TourId::from_name(name),
            })
        })
    };
    html! {
        <section class="card editor" aria-labelledby="editor-title">
            <h2 id="editor-title">{ t::SCENARIO.get(lang) }</h2>
            <p class="lede">{ t::EDITOR_LEDE.get(lang) }</p>
            <p class="lede" data-testid="editor-limits">{ t::EDITOR_LIMITS.fill(lang, &[
                &limits::MAX_NODES.to_string(), &limits::MAX_PODS.to_string(),
                &limits::MAX_MANY.to_string(), &limits::MAX_DURATION.to_string(),
            ]) }</p>
            <div class="builtin">
                { for builtin::ALL.iter().map(|(name, text)| html! {
                    <button data-testid={format!("load-{name}")} onclick={load(name, text)}>{ *name }</button>
                }) }
            </div>
            <textarea data-testid="scenario-editor" spellcheck="false" rows="14" aria-label={t::SCENARIO_TEXT.get(lang)}
                value={(*draft).clone()} oninput={on_input} />
            <div class="editor-foot">
                <button data-testid="run-scenario" class="primary" onclick={on_run}>{ t::RUN_SCENARIO.get(lang) }</button>
                <span data-testid="scenario-error" class={classes!("scenario-error", error.is_some().then_some("shown"))} role="alert">
                    { error.unwrap_or_default() }
                </span>
            </div>
        </section>
    }
}
