//! The page's hooks on the browser's keyboard and full screen: shortcuts on the whole document, a
//! presentation remote's keys, and the presenter view filling the screen.

use super::state::Action;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::platform::spawn_local;
use yew::prelude::*;

/// What the keys do depends on: the presenter view, a tour loaded, the shortcuts dialog open.
#[derive(Clone, Copy, PartialEq)]
pub(super) struct Keys {
    pub(super) presenting: bool,
    pub(super) tour: bool,
    pub(super) help: bool,
}

/// Keyboard shortcuts on the whole document (space, ←/→, PageUp/PageDown, +/-, P, ?, Esc, and in the
/// presenter view a remote's keys), except while typing in a field.
#[hook]
pub(super) fn use_shortcuts(dispatch: Callback<Action>, keys: Keys) {
    use_effect_with((dispatch, keys), |(dispatch, keys)| {
        let (
            dispatch,
            Keys {
                presenting,
                tour,
                help,
            },
        ) = (dispatch.clone(), *keys);
        let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            let target = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok());
            let typing = target.as_ref().is_some_and(|el| {
                el.is_content_editable()
                    || matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
            });
            // A focused button handles space and Enter itself.
            let on_button = target
                .as_ref()
                .is_some_and(|el| matches!(el.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY"));
            if typing || e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let action = match e.key().as_str() {
                // A remote's keys (PageDown / PageUp; some send the arrows, space or B and `.` to blank
                // the screen). Space in the presenter view is a press even on a button: a remote must
                // not press the Leave button (the shortcuts dialog's own buttons keep it).
                " " if presenting && !help => Action::Press(true),
                "ArrowDown" if presenting => Action::Press(true),
                "ArrowUp" if presenting => Action::Press(false),
                "." | "b" | "B" if presenting => Action::Blank,
                "c" | "C" if presenting => Action::ToggleCommand,
                // In the page, they walk a tour; without one they scroll it.
                "PageDown" if presenting || tour => Action::Press(true),
                "PageUp" if presenting || tour => Action::Press(false),
                " " if !on_button => Action::TogglePlay,
                "ArrowRight" => Action::Arrow(true),
                "ArrowLeft" => Action::Arrow(false),
                "+" | "=" => Action::SpeedBy(1),
                "-" | "_" => Action::SpeedBy(-1),
                "?" => Action::Help(None),
                "p" | "P" => Action::Present(None),
                "Escape" => Action::Escape,
                _ => return,
            };
            e.prevent_default();
            dispatch.emit(action);
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(document) = &document {
            document
                .add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref())
                .ok();
        }
        move || {
            if let Some(document) = document {
                document
                    .remove_event_listener_with_callback(
                        "keydown",
                        listener.as_ref().unchecked_ref(),
                    )
                    .ok();
            }
        }
    });
}

/// The presenter view fills the screen where the browser allows it (entered by a key or a button; a
/// link's `present=1` has no gesture to allow it, and fills the window). Leaving full screen by the
/// browser's own Escape leaves the presenter view too.
#[hook]
pub(super) fn use_fullscreen(presenting: bool, dispatch: Callback<Action>) {
    // A link's `present=1` is not a gesture: the first view is not asked to fill the screen.
    let mounted = use_mut_ref(|| false);
    use_effect_with(presenting, move |&presenting| {
        let asked_by_learner = std::mem::replace(&mut *mounted.borrow_mut(), true);
        let document = web_sys::window().and_then(|w| w.document());
        let listener = Closure::<dyn Fn()>::new({
            let document = document.clone();
            move || {
                if document
                    .as_ref()
                    .is_some_and(|d| d.fullscreen_element().is_none())
                {
                    dispatch.emit(Action::Present(Some(false)));
                }
            }
        });
        if let Some(document) = &document {
            let full = document.fullscreen_element().is_some();
            if presenting && !full && asked_by_learner {
                if let Some(root) = document.document_element() {
                    request_fullscreen(&root);
                }
            } else if !presenting && full {
                document.exit_fullscreen();
            }
            if presenting {
                document
                    .add_event_listener_with_callback(
                        "fullscreenchange",
                        listener.as_ref().unchecked_ref(),
                    )
                    .ok();
            }
        }
        move || {
            if let Some(document) = document {
                document
                    .remove_event_listener_with_callback(
                        "fullscreenchange",
                        listener.as_ref().unchecked_ref(),
                    )
                    .ok();
            }
        }
    });
}

/// `element.requestFullscreen()`, its refusal (a browser or frame that does not allow it) handled:
/// web-sys's binding drops the promise, whose rejection would be reported as an error of the page.
fn request_fullscreen(element: &web_sys::Element) {
    let request = js_sys::Reflect::get(element, &"requestFullscreen".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let promise = request
        .and_then(|f| f.call0(element).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    if let Some(promise) = promise {
        spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        });
    }
}
