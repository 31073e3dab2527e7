//! `?embed=1`: the compact player for docs and slides, which tells its host page how tall it is.

use super::state::Action;
use super::timeline::transport;
use super::tours::narration;
use super::view::Shown;
use crate::i18n::{ui as t, Lang};
use crate::share::Link;
use crate::ui::sharing::view_address;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::platform::spawn_local;
use yew::prelude::*;

/// Props of the embedded player.
#[derive(Properties)]
pub struct EmbeddedProps {
    /// The page's language.
    pub lang: Lang,
    /// What the state shows.
    pub shown: Shown,
    /// Sends actions.
    pub dispatch: Callback<Action>,
    /// Whether the controls show.
    pub controls: bool,
    /// The same view in the full app.
    pub link: Link,
    /// What of the link could not be used, or the language that did not load: said as the full page
    /// says it, so the page embedding a player sees what its link got wrong.
    pub problems: Html,
    /// The stage.
    pub children: Html,
}

/// Drawn again whenever the app is: it draws only when the state changed, and the parts below compare
/// what they draw.
impl PartialEq for EmbeddedProps {
    fn eq(&self, _: &Self) -> bool {
        false
    }
}

/// `?embed=1`: the tour's narration, the controls and the stage, with a link to the full app; the page
/// tells its host how tall it is, so an `<iframe>` can fit it.
#[function_component(Embedded)]
pub fn embedded(props: &EmbeddedProps) -> Html {
    let lang = props.lang;
    let root = use_node_ref();
    let full_address = use_state(String::new);
    {
        let full_address = full_address.clone();
        use_effect_with(props.link.clone(), move |link| {
            // A query still being deflated when the view changes again is not shown.
            let current = Rc::new(Cell::new(true));
            let (current_then, link) = (current.clone(), link.clone());
            spawn_local(async move {
                let address = view_address(link).await;
                if current_then.get() {
                    full_address.set(address);
                }
            });
            move || current.set(false)
        });
    }
    {
        let root = root.clone();
        use_effect_with((), move |_| {
            let observer = post_height_on_resize(&root);
            move || {
                if let Some((observer, _callback)) = observer {
                    observer.disconnect();
                }
            }
        });
    }
    let (shown, dispatch) = (&props.shown, &props.dispatch);
    html! {
        <div class="embed" ref={root} role="region" aria-label={t::PLAYER.get(lang)}>
            { props.problems.clone() }
            // The picture first, above the fold of a small frame; then the step's words and the controls.
            { props.children.clone() }
            { for narration(&shown.tour, dispatch, lang).map(|words| html! { <section class="card tours">{ words }</section> }) }
            if props.controls {
                <div class="timebar">{ transport(shown, dispatch, lang) }</div>
            }
            <p class="open-full">
                <a href={(*full_address).clone()} target="_blank" rel="noopener">{ t::OPEN_FULL.get(lang) }</a>
            </p>
        </div>
    }
}

/// A resize observer and the callback it calls, which must live as long as it observes.
type Observing = (web_sys::ResizeObserver, Closure<dyn Fn(js_sys::Array)>);

/// Post `{type: "podip:height", height}` to the parent window whenever the player's height changes.
fn post_height_on_resize(root: &NodeRef) -> Option<Observing> {
    let element = root.cast::<web_sys::Element>()?;
    let callback = Closure::<dyn Fn(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        let Some(window) = web_sys::window() else {
            return;
        };
        let height = window
            .document()
            .and_then(|d| d.document_element())
            .map_or(0, |e| e.scroll_height());
        let message = js_sys::Object::new();
        js_sys::Reflect::set(&message, &"type".into(), &"podip:height".into()).ok();
        js_sys::Reflect::set(&message, &"height".into(), &height.into()).ok();
        if let Ok(Some(parent)) = window.parent() {
            parent.post_message(&message, "*").ok();
        }
    });
    let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&element);
    Some((observer, callback))
}
