//! The export menu: the scenario, and at the current time the state and the transcript as files (the
//! core makes them, [`crate::playback::export`]), the stage's picture as SVG and PNG (`picture.rs`),
//! and the code that embeds this view in another page.

use super::picture::{document, rasterise, stage_svg, text_blob};
use super::state::{Action, ExportFile};
use super::view::{ExportShown, TourShown};
use crate::i18n::{ui as t, Lang};
use crate::playback::views::seconds;
use crate::share::{embed_code, Link};
use crate::sim::VirtualTime;
use crate::tours::{Told, Tour};
use crate::ui::shared::Shared;
use crate::ui::sharing::view_url;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, HtmlAnchorElement, Url};
use yew::platform::spawn_local;
use yew::prelude::*;

/// Props of the export menu.
#[derive(Properties, PartialEq)]
pub struct ExportProps {
    /// The page's language.
    pub lang: Lang,
    /// The picture's file names, and why the last export failed.
    pub export: Shared<ExportShown>,
    /// The tour and the step the picture's title names.
    pub tour: Shared<TourShown>,
    /// Sends actions (a file to make, a problem to say).
    pub dispatch: Callback<Action>,
    /// Makes the view's link.
    pub link: Callback<(), Link>,
}

/// What the menu says after an export, beside a failure (the state's, [`ExportShown::problem`]).
#[derive(Clone, PartialEq)]
enum Said {
    /// The embed code, copied (and shown, for when the clipboard is refused).
    EmbedCode(String),
}

/// "Export": a menu of downloads and the embed code.
#[function_component(ExportMenu)]
pub fn export_menu(props: &ExportProps) -> Html {
    let lang = props.lang;
    let said = use_state(|| None::<Said>);
    let dispatch = &props.dispatch;
    let fail = {
        let dispatch = dispatch.clone();
        move |err: JsValue| dispatch.emit(Action::ExportProblem(Some(js_error_text(&err))))
    };
    // The state makes the file at the playhead and saves it, or says why it could not.
    let file = |file: ExportFile| {
        let (dispatch, said) = (dispatch.clone(), said.clone());
        Callback::from(move |_: MouseEvent| {
            said.set(None);
            dispatch.emit(Action::Export(file));
        })
    };
    let picture = |png: bool| {
        let (dispatch, said, fail) = (dispatch.clone(), said.clone(), fail.clone());
        let name = if png {
            &props.export.png
        } else {
            &props.export.svg
        }
        .clone();
        let title = picture_title(
            props.tour.name.map(Told::tour),
            props.tour.current,
            props.tour.now,
            lang,
        );
        Callback::from(move |_: MouseEvent| {
            said.set(None);
            dispatch.emit(Action::ExportProblem(None));
            let (name, title) = (name.clone(), title.clone());
            let fail = fail.clone();
            spawn_local(async move {
                let saved = match stage_svg(&title) {
                    Ok((svg, _, _)) if !png => {
                        text_blob(&svg, "image/svg+xml").and_then(|blob| save(&name, &blob))
                    }
                    Ok((svg, width, height)) => match rasterise(&svg, width, height).await {
                        Ok(blob) => save(&name, &blob),
                        Err(err) => Err(err),
                    },
                    Err(err) => Err(err),
                };
                if let Err(err) = saved {
                    fail(err);
                }
            });
        })
    };
    let on_embed = {
        let (said, link, dispatch) = (said.clone(), props.link.clone(), dispatch.clone());
        Callback::from(move |_: MouseEvent| {
            dispatch.emit(Action::ExportProblem(None));
            let said = said.clone();
            let link = Link {
                embed: true,
                ..link.emit(())
            };
            spawn_local(async move {
                let Some(window) = web_sys::window() else {
                    return;
                };
                let code = embed_code(&view_url(link).await);
                // The clipboard may be refused (permissions, an insecure origin); the code is shown either way.
                let _ = window.navigator().clipboard().write_text(&code);
                said.set(Some(Said::EmbedCode(code)));
            });
        })
    };
    html! {
        <details class="export-menu">
            <summary data-testid="export">{ t::EXPORT.get(lang) }</summary>
            <div class="export-items" role="group" aria-label={t::EXPORT_LABEL.get(lang)}>
                <button data-testid="export-scenario" onclick={file(ExportFile::Scenario)}>{ t::EXPORT_SCENARIO.get(lang) }</button>
                <button data-testid="export-state" onclick={file(ExportFile::State)}>{ t::EXPORT_STATE.get(lang) }</button>
                <button data-testid="export-transcript" onclick={file(ExportFile::Transcript)}>{ t::EXPORT_TRANSCRIPT.get(lang) }</button>
                <button data-testid="export-svg" onclick={picture(false)}>{ t::EXPORT_SVG.get(lang) }</button>
                <button data-testid="export-png" onclick={picture(true)}>{ t::EXPORT_PNG.get(lang) }</button>
                <button data-testid="copy-embed" onclick={on_embed}>{ t::COPY_EMBED.get(lang) }</button>
                { match (&*said, &props.export.problem) {
                    (_, Some(why)) => html! {
                        <p class="export-problem" data-testid="export-problem" role="alert">{ t::EXPORT_FAILED.fill(lang, &[why]) }</p>
                    },
                    (Some(Said::EmbedCode(code)), None) => html! {
                        <label class="copied">
                            <span role="status">{ t::EMBED_COPIED.get(lang) }</span>
                            <textarea data-testid="embed-code" readonly=true rows="4" value={code.clone()} aria-label={t::EMBED_FIELD.get(lang)} />
                        </label>
                    },
                    (None, None) => Html::default(),
                } }
            </div>
        </details>
    }
}

/// The picture's title: the tour (by its name) or the scenario; and under it the step (`current`, from
/// 0) and the time. The app's picture and a figure's (`figure_svg.rs`) say the same.
pub(crate) fn picture_title(
    tour: Option<&Tour>,
    current: Option<usize>,
    now: VirtualTime,
    lang: Lang,
) -> (String, String) {
    let now = seconds(now);
    let story = tour.map_or(t::SCENARIO.get(lang), |words| words.title.get(lang));
    let when = match (tour, current) {
        (Some(words), Some(step)) => t::EXPORT_STEP_TIME.fill(
            lang,
            &[
                &(step + 1).to_string(),
                &words.steps.len().to_string(),
                &now,
            ],
        ),
        _ => format!("t = {now}"),
    };
    (format!("podip · {story}"), when)
}

/// The words of a browser's error.
pub(super) fn js_error_text(err: &JsValue) -> String {
    err.as_string()
        .or_else(|| err.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
        .unwrap_or_default()
}

/// Download `blob` as `name`, by a link with `download` clicked.
pub(super) fn save(name: &str, blob: &Blob) -> Result<(), JsValue> {
    let url = Url::create_object_url_with_blob(blob)?;
    let link: HtmlAnchorElement = document()?.create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // The download holds the blob once it started; the URL is let go a moment later.
    gloo_timers::callback::Timeout::new(1_000, move || {
        let _ = Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}
