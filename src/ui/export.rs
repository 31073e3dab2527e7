//! The export menu: the scenario, and at the current time the state and the transcript as files (the
//! core makes them, [`crate::sim::playback::export`]), the stage's picture as SVG and PNG, and the
//! code that embeds this view in another page.
//!
//! The picture is the stage on the page, copied: the browser resolves the stage's CSS in the light
//! theme (whatever theme the page shows: a slide or a printout is light) with every animation at its
//! end, and each element gets the result as SVG presentation attributes, which every SVG reader
//! understands without a stylesheet. A title above it says the story and the time; the PNG is the
//! same SVG drawn at twice its size by the browser's canvas.

use super::sharing::view_query;
use super::studio::Studio;
use super::tours::words;
use crate::i18n::{ui as t, Lang};
use crate::share::{embed_code, Link};
use crate::sim::playback::export::Download;
use crate::sim::playback::views::seconds;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, BlobPropertyBag, CanvasRenderingContext2d, CssStyleDeclaration, Document, Element,
    HtmlAnchorElement, HtmlCanvasElement, HtmlImageElement, SvgGeometryElement, SvgsvgElement, Url,
    XmlSerializer,
};
use yew::platform::spawn_local;
use yew::prelude::*;

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
/// Height of the title band above the stage (two lines), in the stage's SVG units.
const TITLE_H: i32 = 56;
/// The PNG's pixels per SVG unit: sharp on a slide projected at full width.
const PNG_SCALE: i32 = 2;
/// The inherited SVG properties the stage's CSS sets, copied as attributes where they change.
const INHERITED: [&str; 13] = [
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-linecap",
    "stroke-opacity",
    "font-family",
    "font-size",
    "font-weight",
    "text-anchor",
    "visibility",
];

/// Props of the export menu.
#[derive(Properties, PartialEq)]
pub struct ExportProps {
    /// The page's language.
    pub lang: Lang,
    /// The studio.
    pub studio: UseReducerHandle<Studio>,
    /// Makes the view's link.
    pub link: Callback<(), Link>,
}

/// What the menu says after an export.
#[derive(Clone, PartialEq)]
enum Said {
    /// The embed code, copied (and shown, for when the clipboard is refused).
    EmbedCode(String),
    /// Why a file could not be made.
    Failed(String),
}

/// "Export": a menu of downloads and the embed code.
#[function_component(ExportMenu)]
pub fn export_menu(props: &ExportProps) -> Html {
    let lang = props.lang;
    let said = use_state(|| None::<Said>);
    let fail = {
        let said = said.clone();
        move |err: JsValue| {
            let why = err
                .as_string()
                .or_else(|| err.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
                .unwrap_or_default();
            said.set(Some(Said::Failed(why)));
        }
    };
    let file = |make: fn(&Studio) -> Result<Download, String>| {
        let (studio, said, fail) = (props.studio.clone(), said.clone(), fail.clone());
        Callback::from(move |_: MouseEvent| {
            said.set(None);
            let saved = make(&studio)
                .map_err(JsValue::from)
                .and_then(|file| save(&file.file_name, &text_blob(&file.contents, file.mime)?));
            if let Err(err) = saved {
                fail(err);
            }
        })
    };
    let picture = |png: bool| {
        let (studio, said, fail) = (props.studio.clone(), said.clone(), fail.clone());
        Callback::from(move |_: MouseEvent| {
            said.set(None);
            let core = studio.core();
            let name = core.export_file_name(if png { "png" } else { "svg" });
            let title = picture_title(&studio, lang);
            drop(core);
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
        let (said, link) = (said.clone(), props.link.clone());
        Callback::from(move |_: MouseEvent| {
            let said = said.clone();
            let link = Link {
                embed: true,
                ..link.emit(())
            };
            spawn_local(async move {
                let query = view_query(link).await;
                let Some(window) = web_sys::window() else {
                    return;
                };
                let location = window.location();
                let url = format!(
                    "{}{}{query}",
                    location.origin().unwrap_or_default(),
                    location.pathname().unwrap_or_default(),
                );
                let code = embed_code(&url);
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
                <button data-testid="export-scenario" onclick={file(|s| Ok(s.core().export_scenario()))}>{ t::EXPORT_SCENARIO.get(lang) }</button>
                <button data-testid="export-state" onclick={file(|s| s.core().export_state().map_err(|e| e.to_string()))}>{ t::EXPORT_STATE.get(lang) }</button>
                <button data-testid="export-transcript" onclick={file(|s| Ok(s.core().export_transcript()))}>{ t::EXPORT_TRANSCRIPT.get(lang) }</button>
                <button data-testid="export-svg" onclick={picture(false)}>{ t::EXPORT_SVG.get(lang) }</button>
                <button data-testid="export-png" onclick={picture(true)}>{ t::EXPORT_PNG.get(lang) }</button>
                <button data-testid="copy-embed" onclick={on_embed}>{ t::COPY_EMBED.get(lang) }</button>
                { match &*said {
                    Some(Said::EmbedCode(code)) => html! {
                        <label class="copied">
                            <span role="status">{ t::EMBED_COPIED.get(lang) }</span>
                            <textarea data-testid="embed-code" readonly=true rows="4" value={code.clone()} aria-label={t::EMBED_FIELD.get(lang)} />
                        </label>
                    },
                    Some(Said::Failed(why)) => html! {
                        <p class="export-problem" data-testid="export-problem" role="alert">{ t::EXPORT_FAILED.fill(lang, &[why]) }</p>
                    },
                    None => Html::default(),
                } }
            </div>
        </details>
    }
}

/// The picture's title: the tour or the scenario; and under it the step and the time.
fn picture_title(studio: &Studio, lang: Lang) -> (String, String) {
    let core = studio.core();
    let now = seconds(core.now());
    let tour = core.tour().and_then(words);
    let story = tour.map_or(t::SCENARIO.get(lang), |words| words.title.get(lang));
    let when = match (tour, core.current_step()) {
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

fn document() -> Result<Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from("no document"))
}

/// `text` as a blob of type `mime`.
fn text_blob(text: &str, mime: &str) -> Result<Blob, JsValue> {
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    Blob::new_with_str_sequence_and_options(&js_sys::Array::of1(&text.into()), &options)
}

/// Download `blob` as `name`, by a link with `download` clicked.
fn save(name: &str, blob: &Blob) -> Result<(), JsValue> {
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

/// The stage on the page as a standalone SVG with `title` and `subtitle` above it; and its width and
/// height. Its coordinates are whole units (formatting floats would bring float printing into the wasm).
fn stage_svg((title, subtitle): &(String, String)) -> Result<(String, i32, i32), JsValue> {
    let document = document()?;
    let stage: SvgsvgElement = document
        .query_selector("[data-testid=stage] svg")?
        .ok_or_else(|| JsValue::from("no stage on the page"))?
        .unchecked_into();
    let view = stage
        .view_box()
        .base_val()
        .ok_or("the stage has no viewBox")?;
    let whole = |v: f32| v.round() as i32;
    let (x, y, width) = (whole(view.x()), whole(view.y()), whole(view.width()));
    let height = whole(view.height()) + TITLE_H;
    let svg: Element = stage.clone_node_with_deep(true)?.unchecked_into();
    let top = y - TITLE_H;
    svg.set_attribute("viewBox", &format!("{x} {top} {width} {height}"))?;
    svg.set_attribute("width", &width.to_string())?;
    svg.set_attribute("height", &height.to_string())?;
    // Spaces at the ends of a text's parts (`podCIDR ` before the subnet) stay, in every reader.
    svg.set_attribute_ns(Some(XML_NS), "xml:space", "preserve")?;
    let hidden = svg.query_selector_all(".sr-only")?;
    for i in 0..hidden.length() {
        if let Some(node) = hidden.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            node.remove();
        }
    }
    let background = document.create_element_ns(Some(SVG_NS), "rect")?;
    for (name, value) in [("x", x), ("y", top), ("width", width), ("height", height)] {
        background.set_attribute(name, &value.to_string())?;
    }
    background.set_attribute("fill", "#ffffff")?;
    let line = |class: &str, y: i32, text: &str| -> Result<Element, JsValue> {
        let line = document.create_element_ns(Some(SVG_NS), "text")?;
        line.set_attribute("class", class)?;
        line.set_attribute("x", &(x + 16).to_string())?;
        line.set_attribute("y", &y.to_string())?;
        line.set_text_content(Some(text));
        Ok(line)
    };
    let heading = line("title", top + 24, title)?;
    let under = line("muted", top + 44, subtitle)?;
    let label = document.create_element_ns(Some(SVG_NS), "title")?;
    label.set_text_content(Some(&format!("{title} · {subtitle}")));
    let head: js_sys::Array = [label, background, heading, under].into_iter().collect();
    svg.prepend_with_node(&head)?;
    resolve_styles(&document, &svg, width)?;
    let text = XmlSerializer::new()?.serialize_to_string(&svg)?;
    Ok((
        format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{text}\n"),
        width,
        height,
    ))
}

/// Give every element of `svg` (a copy of the stage) its light-theme styles as attributes, resolved by
/// the browser in a hidden stage of `width` where nothing animates (`.stage-export`, style.css).
fn resolve_styles(document: &Document, svg: &Element, width: i32) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let body = document.body().ok_or("no body")?;
    let host = document.create_element("div")?;
    host.set_attribute("class", "stage stage-export")?;
    host.set_attribute("aria-hidden", "true")?;
    host.set_attribute("style", &format!("width: {width}px"))?;
    host.append_child(svg)?;
    body.append_child(&host)?;
    let computed = |element: &Element| window.get_computed_style(element).ok().flatten();
    let elements = svg.query_selector_all("*")?;
    let all = std::iter::once(svg.clone())
        .chain((0..elements.length()).filter_map(|i| elements.item(i)?.dyn_into::<Element>().ok()));
    for element in all {
        if element.closest("title")?.is_some() {
            continue;
        }
        let Some(style) = computed(&element) else {
            continue;
        };
        let parent = (element != *svg)
            .then(|| element.parent_element().as_ref().and_then(computed))
            .flatten();
        for property in INHERITED {
            let value = style.get_property_value(property)?;
            let inherited = match &parent {
                Some(parent) => parent.get_property_value(property)? == value,
                None => false,
            };
            if !inherited {
                element.set_attribute(property, &local_url(&value))?;
            }
        }
        let opacity = style.get_property_value("opacity")?;
        if opacity != "1" {
            element.set_attribute("opacity", &opacity)?;
        }
        absolute_dashes(&element, &style)?;
        // A transform set by CSS (the cursors' moves); one set by an attribute is kept as it is.
        let transform = style.get_property_value("transform")?;
        let attribute = ["transform", "patternTransform"]
            .iter()
            .any(|name| element.has_attribute(name));
        if transform != "none" && !attribute {
            element.set_attribute("transform", &transform)?;
        }
        element.remove_attribute("style")?;
        element.remove_attribute("tabindex")?;
    }
    host.remove();
    Ok(())
}

/// The dashes of a shape drawn along a `pathLength` (a cable drawn or retracted, a countdown ring) in
/// the shape's own units: not every SVG reader scales dashes by `pathLength`.
fn absolute_dashes(element: &Element, style: &CssStyleDeclaration) -> Result<(), JsValue> {
    let (Some(path_length), Some(shape)) = (
        element.get_attribute("pathLength"),
        element.dyn_ref::<SvgGeometryElement>(),
    ) else {
        return Ok(());
    };
    let scale = f64::from(shape.get_total_length()) / js_sys::parse_float(&path_length);
    // A whole dash covers the whole shape (rounded up); offsets are rounded.
    let dash = js_sys::parse_float(&style.get_property_value("stroke-dasharray")?) * scale;
    let offset = js_sys::parse_float(&style.get_property_value("stroke-dashoffset")?) * scale;
    if dash.is_finite() && offset.is_finite() {
        element.set_attribute("stroke-dasharray", &(dash.ceil() as i64).to_string())?;
        element.set_attribute("stroke-dashoffset", &(offset.round() as i64).to_string())?;
        element.remove_attribute("pathLength")?;
    }
    Ok(())
}

/// A computed `url("http://…/#stage-hatch")` as the file's own `url(#stage-hatch)`.
fn local_url(value: &str) -> String {
    match (value.starts_with("url("), value.rfind('#')) {
        (true, Some(hash)) => {
            let id: String = value[hash..]
                .chars()
                .take_while(|c| !matches!(c, '"' | ')'))
                .collect();
            format!("url({id})")
        }
        _ => value.to_string(),
    }
}

/// `svg` (`width` × `height` units) drawn by the browser at [`PNG_SCALE`], as a PNG.
async fn rasterise(svg: &str, width: i32, height: i32) -> Result<Blob, JsValue> {
    let url = Url::create_object_url_with_blob(&text_blob(svg, "image/svg+xml")?)?;
    let image = HtmlImageElement::new()?;
    image.set_src(&url);
    let decoded = JsFuture::from(image.decode()).await;
    Url::revoke_object_url(&url)?;
    decoded?;
    let canvas: HtmlCanvasElement = document()?.create_element("canvas")?.unchecked_into();
    let (w, h) = (width * PNG_SCALE, height * PNG_SCALE);
    canvas.set_width(w.unsigned_abs());
    canvas.set_height(h.unsigned_abs());
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2d canvas")?
        .unchecked_into();
    context.draw_image_with_html_image_element_and_dw_and_dh(
        &image,
        0.0,
        0.0,
        f64::from(w),
        f64::from(h),
    )?;
    let made = js_sys::Promise::new(&mut |resolve, _| {
        let _ = canvas.to_blob(&resolve);
    });
    JsFuture::from(made)
        .await?
        .dyn_into::<Blob>()
        .map_err(|_| JsValue::from("the canvas made no PNG"))
}
