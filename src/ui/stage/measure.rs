//! The stage's room, measured: the one place the stage reads the browser's layout, so the picture can
//! be laid out one SVG unit to a CSS pixel.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A resize observer and the callback it calls, which must live as long as it observes.
type Observing = (web_sys::ResizeObserver, Closure<dyn Fn(js_sys::Array)>);

/// The room measured, in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Room {
    /// The element's width and height.
    pub width: u32,
    pub height: u32,
    /// The window's width and height (the screen, in the presenter view).
    pub window: (u32, u32),
}

/// The room of the element `target` refers to, following it as it changes; `None` until measured
/// (and natively, where nothing is laid out). Measured as it mounts when `at_once`; otherwise at the
/// resize observer's first report, after the browser's next layout (a page of many figures is then
/// laid out once, not once per figure).
#[hook]
pub(super) fn use_size(target: NodeRef, at_once: bool) -> Option<Room> {
    let width = use_state_eq(|| None::<Room>);
    {
        let width = width.clone();
        use_effect_with(target, move |target| {
            let observing = observe(target, width, at_once);
            move || {
                if let Some((observer, _callback)) = observing {
                    observer.disconnect();
                }
            }
        });
    }
    *width
}

fn observe(
    target: &NodeRef,
    width: UseStateHandle<Option<Room>>,
    at_once: bool,
) -> Option<Observing> {
    let element = target.cast::<web_sys::Element>()?;
    let measured = element.clone();
    // The layout size, not the bounding box: a host that scales its page with a transform (reveal.js
    // slides) must not shrink the picture's room twice. Whole pixels, rounded down.
    let size = move || {
        let window = web_sys::window().map_or((0, 0), |w| {
            let length = |v: Result<wasm_bindgen::JsValue, _>| {
                v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0).max(0.0) as u32
            };
            (length(w.inner_width()), length(w.inner_height()))
        });
        Some(Room {
            width: measured.client_width().max(0) as u32,
            height: measured.client_height().max(0) as u32,
            window,
        })
    };
    // Measured at once as well, so the first frame the browser paints is laid out for its room
    // (the observer's first report can come a frame later on a busy machine).
    if at_once {
        width.set(size());
    }
    let callback = Closure::<dyn Fn(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        width.set(size());
    });
    let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&element);
    Some((observer, callback))
}
