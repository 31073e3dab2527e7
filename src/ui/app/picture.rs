//! The stage's picture as a file: the stage on the page, copied. The browser resolves the stage's CSS
//! in the light theme (whatever theme the page shows: a slide or a printout is light) with every
//! animation at its end, and each element gets the result as SVG presentation attributes, which every
//! SVG reader understands without a stylesheet. A title above it says the story and the time; the PNG
//! is the same SVG drawn at twice its size by the browser's canvas.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, BlobPropertyBag, CanvasRenderingContext2d, CssStyleDeclaration, Document, Element,
    HtmlCanvasElement, HtmlImageElement, SvgGeometryElement, SvgsvgElement, Url, XmlSerializer,
};

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

/// The page's document.
pub(super) fn document() -> Result<Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from("no document"))
}

/// `text` as a blob of type `mime`.
pub(super) fn text_blob(text: &str, mime: &str) -> Result<Blob, JsValue> {
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    Blob::new_with_str_sequence_and_options(&js_sys::Array::of1(&text.into()), &options)
}

/// The stage on the page as a standalone SVG with `title` and `subtitle` above it; and its width and
/// height. Its coordinates are whole units (formatting floats would bring float printing into the wasm).
pub(super) fn stage_svg(
    (title, subtitle): &(String, String),
) -> Result<(String, i32, i32), JsValue> {
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
pub(super) async fn rasterise(svg: &str, width: i32, height: i32) -> Result<Blob, JsValue> {
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
