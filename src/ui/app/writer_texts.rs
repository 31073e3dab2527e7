//! "Write a lesson"'s texts in the language chosen to write them in: English, or a translation into
//! Chinese or Japanese beside its English, flagged while it is stale (its English changed after it was
//! written) with a way to say it still matches; and the fields and buttons the writer's card is made of.

use super::state::{Action, WriterAction};
use crate::i18n::{ui as t, Lang};
use crate::tours::lesson::draft::{Draft, Edit, Field};
use crate::tours::LessonText;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The choice of the language the texts are written in, and how much of the lesson that language has.
pub(super) fn language_choice(
    writing: Lang,
    on_choose: Callback<Lang>,
    draft: &Draft,
    lang: Lang,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let tag = e.target_unchecked_into::<HtmlSelectElement>().value();
        on_choose.emit(
            Lang::ALL
                .into_iter()
                .find(|l| l.tag() == tag)
                .unwrap_or(Lang::En),
        )
    });
    let status = (writing != Lang::En).then(|| {
        let texts: Vec<&LessonText> = draft.fields().into_iter().filter_map(|f| draft.text(f)).collect();
        let translated = texts.iter().filter(|text| text.translation(writing).is_some()).count();
        let stale = texts.iter().filter(|text| text.stale(writing)).count();
        let counts = [translated, texts.len(), stale].map(|n| n.to_string());
        html! {
            <p class="writer-translated" data-testid="writer-translated" role="status">
                { t::WRITER_TRANSLATED.fill(lang, &[writing.native_name(), &counts[0], &counts[1], &counts[2]]) }
            </p>
        }
    });
    html! {
        <div class="writer-langs" data-testid="writer-langs">
            <label for="writer-writing">{ t::WRITER_TEXTS_IN.get(lang) }</label>
            <select id="writer-writing" data-testid="writer-writing" {onchange}>
                { for Lang::ALL.into_iter().map(|l| html! {
                    <option value={l.tag()} selected={l == writing}>{ l.native_name() }</option>
                }) }
            </select>
            { for status }
        </div>
    }
}

/// A text's field in the language written in: its English, or its translation under its English.
#[allow(clippy::too_many_arguments)] // One field's label, place and text, and who takes its typing.
pub(super) fn text_field(
    label: String,
    testid: &'static str,
    id: Option<String>,
    text: &LessonText,
    at: Field,
    rows: u32,
    writing: Lang,
    dispatch: &Callback<Action>,
    lang: Lang,
) -> Html {
    if writing == Lang::En {
        return field(
            label,
            testid,
            id,
            &text.en,
            rows,
            typing(dispatch, move |said| Edit::English(at, said)),
        );
    }
    let on_input = typing(dispatch, move |said| Edit::Translate(writing, at, said));
    let oninput = Callback::from(move |e: InputEvent| {
        on_input.emit(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    let value = text.translation(writing).unwrap_or_default().to_string();
    let stale = text.stale(writing);
    html! {
        <div class={classes!("writer-translation", stale.then_some("stale"))} data-testid="writer-translation" data-stale={stale.to_string()}>
            <p class="writer-english" lang="en">{ t::WRITER_ENGLISH.fill(lang, &[&text.en]) }</p>
            <label class="field">
                <span>{ t::WRITER_IN.fill(lang, &[&label, writing.native_name()]) }</span>
                if rows == 0 {
                    <input data-testid={testid} type="text" lang={writing.tag()} {value} {oninput} />
                } else {
                    <textarea {id} data-testid={testid} lang={writing.tag()} rows={rows.to_string()} {value} {oninput} />
                }
            </label>
            if stale {
                <p class="writer-stale" data-testid="writer-stale" role="note">{ t::WRITER_STALE.get(lang) }</p>
                { button(t::WRITER_STILL_SAYS.get(lang).into(), "writer-still-says", false, pressing(dispatch, Edit::StillSays(writing, at))) }
            }
        </div>
    }
}

/// A labelled text field (`rows` lines; 0 for one line) whose typing `on_input` takes.
pub(super) fn field(
    label: String,
    testid: &'static str,
    id: Option<String>,
    value: &str,
    rows: u32,
    on_input: Callback<String>,
) -> Html {
    let oninput = Callback::from(move |e: InputEvent| {
        on_input.emit(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    let value = value.to_string();
    html! {
        <label class="field">
            <span>{ label }</span>
            if rows == 0 {
                <input data-testid={testid} type="text" spellcheck="false" {value} {oninput} />
            } else {
                <textarea {id} data-testid={testid} rows={rows.to_string()} {value} {oninput} />
            }
        </label>
    }
}

/// A button.
pub(super) fn button(
    label: String,
    testid: &'static str,
    disabled: bool,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! { <button data-testid={testid} {disabled} {onclick}>{ label }</button> }
}

/// The callback typing into the draft as `edit` of the text says.
pub(super) fn typing(
    dispatch: &Callback<Action>,
    edit: impl Fn(String) -> Edit + 'static,
) -> Callback<String> {
    dispatch.reform(move |text| WriterAction::Edit(edit(text)).into())
}

/// The callback doing `edit` on a press.
pub(super) fn pressing(dispatch: &Callback<Action>, edit: Edit) -> Callback<MouseEvent> {
    dispatch.reform(move |_| WriterAction::Edit(edit.clone()).into())
}
