//! A stage that mounts shows what is, not how it came: the parts it is first drawn with (every node's
//! PATCH token, chips fading in) would otherwise all play their entrances at once when the app takes
//! over a page's picture at a step, or a figure wakes. Parts that come later animate as they come.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// An element, for `getAnimations`, which web-sys has only behind `web_sys_unstable_apis`.
    type Animatable;

    #[wasm_bindgen(method, js_name = getAnimations)]
    fn get_animations(this: &Animatable, options: &JsValue) -> js_sys::Array;

    type Animation;

    /// Throws for an endless animation (a pulse that marks a state), which keeps running.
    #[wasm_bindgen(method, catch)]
    fn finish(this: &Animation) -> Result<(), JsValue>;
}

/// Finishes the entrances in `target`'s subtree as it mounts and again once it is drawn at its
/// measured size (`measured`), the two draws a reader sees as the stage's first.
#[hook]
pub(super) fn use_entrances_finished(target: NodeRef, measured: bool) {
    use_effect_with(measured, move |_| {
        if let Some(element) = target.cast::<web_sys::Element>() {
            let options = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&options, &"subtree".into(), &true.into());
            let element: &Animatable = element.unchecked_ref();
            for animation in element.get_animations(&options).iter() {
                let _ = animation.unchecked_into::<Animation>().finish();
            }
        }
    });
}
