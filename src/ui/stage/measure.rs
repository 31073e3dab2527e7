//! The stage's room, measured: the one place the stage reads the browser's layout, so the picture can
//! be laid out one SVG unit to a CSS pixel.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A resize observer and the callback it calls, which must live as long as it observes.
type Observing = (web_sys::ResizeObserver, Closure<dyn Fn(js_sys::Array)>);

/// The width and height in CSS pixels of the element `target` refers to, following them as they
/// change; `None` until measured (and natively, where nothing is laid out). Measured as it mounts when
/// `at_once`; otherwise at the resize observer's first report, after the browser's next layout (a page
/// of many figures is then laid out once, not once per figure).
#[hook]
pub(super) fn use_size(target: NodeRef, at_once: bool) -> Option<(u32, u32)> {
    let width = use_state_eq(|| None::<(u32, u32)>);
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
    width: UseStateHandle<Option<(u32, u32)>>,
    at_once: bool,
) -> Option<Observing> {
    let element = target.cast::<web_sys::Element>()?;
    let measured = element.clone();
    // Rounded down: a picture a fraction wider than its room would be scaled below 1:1.
    let size = move || {
        let rect = measured.get_bounding_client_rect();
        Some((rect.width().max(0.0) as u32, rect.height().max(0.0) as u32))
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
