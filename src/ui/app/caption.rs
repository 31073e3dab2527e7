//! The presenter's caption where the browser laid it out: where the lines of its text start, and how
//! many lines its box holds. Which words make a page is decided by the playback
//! ([`crate::playback::caption`]); this only reads the layout.

use super::state::Action;
use super::view::CaptionLayout;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

/// After every draw of the presenter view (`captioned`: a caption is drawn), measure its caption and
/// say so when it was laid out otherwise than the state knows (another text, width or height).
#[hook]
pub fn use_caption_layout(
    captioned: bool,
    known: Option<Rc<CaptionLayout>>,
    dispatch: Callback<Action>,
) {
    use_effect(move || {
        // Without a caption there is nothing to find: no search of the document at every draw.
        if !captioned {
            return;
        }
        if let Some(measured) = measure().filter(|m| known.as_deref() != Some(m)) {
            dispatch.emit(Action::CaptionLaidOut(measured));
        }
    });
}

/// The caption's text as laid out in its hidden copy, made as wide as the caption's box: a line
/// starts where a piece sits lower than the one before.
fn measure() -> Option<CaptionLayout> {
    let document = web_sys::window()?.document()?;
    let find = |testid: &str| -> Option<HtmlElement> {
        document
            .query_selector(&format!("[data-testid={testid}]"))
            .ok()??
            .dyn_into()
            .ok()
    };
    let (sizer, caption_box) = (find("caption-sizer")?, find("caption-box")?);
    let width = format!("{}px", caption_box.client_width());
    if sizer.style().get_property_value("width").ok()? != width {
        sizer.style().set_property("width", &width).ok()?;
    }
    let pieces = sizer.children();
    let mut line_starts = Vec::new();
    let (mut last_top, mut pitch) = (None, None);
    for index in 0..pieces.length() {
        let Some(piece) = pieces
            .item(index)
            .and_then(|p| p.dyn_into::<HtmlElement>().ok())
        else {
            continue;
        };
        let top = piece.offset_top();
        if last_top != Some(top) {
            if let Some(last) = last_top {
                pitch.get_or_insert(top - last);
            }
            line_starts.push(index as usize);
            last_top = Some(top);
        }
    }
    let lines = match pitch {
        Some(pitch) if pitch > 0 => (caption_box.client_height() / pitch).max(1) as usize,
        _ => 1,
    };
    Some(CaptionLayout {
        text: sizer.get_attribute("data-text")?,
        line_starts,
        lines,
    })
}
