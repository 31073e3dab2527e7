//! The article's explorable sentence (`<podip-sentence>`): "A cluster of [10.244.0.0/16] cut into node
//! subnets of [/24] has 256 of them, …" with the two values typed in place, and the numbers, the bit
//! ruler, the section's figure and its commands following them: kind's tour while the values are
//! kind's, kind's story under the reader's flags once they are not. kube-controller-manager's own text
//! says why when it would refuse them (the last values it accepted stay). Rendered at build time in the
//! article, and drawn over by the page's figure script, which gives it the wasm's `connect`.

use super::article_parts::{shell, tour_figure, Picture};
use crate::article::{explore, Explored, SECTIONS, SENTENCE, SENTENCE_SLIDER};
use crate::i18n::Lang;
use crate::ui::markup::fill_html;
use crate::ui::ruler::BitRuler;
use yew::prelude::*;

/// The sentence's values when the page opens: kind's cluster.
const CLUSTER_CIDR: &str = "10.244.0.0/16";
const NODE_MASK: &str = "24";

/// Props of the sentence.
#[derive(Properties, PartialEq)]
pub struct SentenceProps {
    /// Its language.
    pub lang: Lang,
    /// The build's picture of the section's figure.
    pub picture: Picture,
    /// The cluster CIDR it opens with: kind's, or what a reader typed into the sentence the build
    /// rendered before the engine drew it.
    #[prop_or_else(|| CLUSTER_CIDR.to_string())]
    pub cidr: String,
    /// The node mask it opens with, the same way.
    #[prop_or_else(|| NODE_MASK.to_string())]
    pub mask: String,
}

/// The explorable sentence, its section's figure and commands.
#[function_component(Sentence)]
pub fn sentence(props: &SentenceProps) -> Html {
    let lang = props.lang;
    let cidr = use_state(|| props.cidr.clone());
    let mask = use_state(|| props.mask.clone());
    // Why the values typed last are refused, if they are; kind's stand until values are accepted.
    let refused = use_state(|| explore(&props.cidr, &props.mask).err());
    let accepted = use_state(|| {
        explore(&props.cidr, &props.mask)
            .or_else(|_| explore(CLUSTER_CIDR, NODE_MASK))
            .ok()
    });
    // Effects run only in the browser: `data-live` tells the sentence drawn by the wasm from the one
    // rendered at build time, whose fields are disabled (without a script they would do nothing).
    let live = use_state(|| false);
    {
        let live = live.clone();
        use_effect_with((), move |_| live.set(true));
    }
    // One of the two values typed (the cluster CIDR, or the mask): the rest follows what the
    // controller accepts.
    let on_input = |typed_cidr: bool| {
        let (cidr, mask) = (cidr.clone(), mask.clone());
        let (accepted, refused) = (accepted.clone(), refused.clone());
        Callback::from(move |event: InputEvent| {
            let value = input_value(&event);
            let (new_cidr, new_mask) = match typed_cidr {
                true => (value.as_str(), mask.as_str()),
                false => (cidr.as_str(), value.as_str()),
            };
            match explore(new_cidr, new_mask) {
                Ok(explored) => {
                    accepted.set(Some(explored));
                    refused.set(None);
                }
                Err(why) => refused.set(Some(why)),
            }
            match typed_cidr {
                true => cidr.set(value),
                false => mask.set(value),
            }
        })
    };
    let (on_cidr, on_mask) = (on_input(true), on_input(false));
    // The slider's end: the family's address length.
    let bits = accepted
        .as_ref()
        .map_or(32, |explored| explored.family.bits.len());
    let number = |value: String| html! { <strong class="sentence-number">{ value }</strong> };
    let (subnets, addresses, usable) = match &*accepted {
        Some(Explored { family, .. }) => (
            family.node_subnets.to_string(),
            family.addresses_per_node.to_string(),
            family.usable_pod_ips_per_node.to_string(),
        ),
        None => Default::default(),
    };
    html! {
        <>
        <div class="sentence" data-testid="sentence" data-live={live.to_string()}>
            <p class="sentence-words">{ fill_html(SENTENCE, lang, vec![
                html! { <input class="sentence-cidr" data-testid="sentence-cidr" aria-label="--cluster-cidr" size="16"
                    spellcheck="false" value={(*cidr).clone()} oninput={on_cidr} disabled={!*live} aria-invalid={refused.is_some().to_string()} /> },
                html! { <span class="sentence-mask">{ "/" }<input data-testid="sentence-mask" type="number" min="1" max="128"
                    aria-label="--node-cidr-mask-size" value={(*mask).clone()} oninput={on_mask.clone()} disabled={!*live} aria-invalid={refused.is_some().to_string()} /></span> },
                number(subnets),
                number(addresses),
                number(usable),
            ]) }</p>
            <label class="sentence-slider">
                <span>{ SENTENCE_SLIDER.get(lang) }</span>
                <input type="range" data-testid="sentence-slider" min="1" max={bits.to_string()} step="1"
                    value={(*mask).clone()} oninput={on_mask} disabled={!*live} />
            </label>
            <p class="sentence-refused" data-testid="sentence-refused" role="status" aria-live="polite">{ (*refused).clone().unwrap_or_default() }</p>
            if let Some(explored) = &*accepted {
                <BitRuler {lang} family={explored.family.clone()} />
            }
        </div>
        if let Some(explored) = &*accepted {
            { view_figure(explored, lang, &props.picture) }
            { shell(&explored.shell) }
        }
        </>
    }
}

/// The section's figure: kind's tour at its step, or kind's story under the reader's flags at that
/// step's moment, in the same box (a new element for each story: a figure is drawn from its markup).
fn view_figure(explored: &Explored, lang: Lang, picture: &Picture) -> Html {
    let Some(figure) = SECTIONS[0].figure else {
        return Html::default();
    };
    match &explored.scenario {
        None => tour_figure(figure, lang, picture),
        Some(story) => html! {
            <podip-figure key={story.clone()} lang={lang.tag()} t={explored.moment.to_string()} caption="none" fit=true
                style={picture.style.clone()} data-testid="sentence-figure">
                <script type="text/podip">{ story }</script>
            </podip-figure>
        },
    }
}

/// An input event's field's value.
fn input_value(event: &InputEvent) -> String {
    event
        .target_dyn_into::<web_sys::HtmlInputElement>()
        .map(|input| input.value())
        .unwrap_or_default()
}

/// The sentence's words, which the page's wasm draws (so its catalogs hold their translations).
pub fn texts() -> Vec<(String, crate::i18n::Text)> {
    vec![
        ("article sentence".to_string(), SENTENCE),
        ("article sentence slider".to_string(), SENTENCE_SLIDER),
    ]
}

/// Draw the sentence over `host` (a `<podip-sentence>`, holding the same sentence rendered at build
/// time, with its figure's picture) in the language of the page around it, once that language's words
/// are loaded from the app at `app_root`; what the build rendered stays until then.
#[cfg(target_arch = "wasm32")]
pub fn connect(host: web_sys::Element, app_root: String) {
    let lang = host
        .closest("[lang]")
        .ok()
        .flatten()
        .and_then(|e| e.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or_default();
    let attribute = |selector: &str, name: &str| {
        host.query_selector(selector)
            .ok()
            .flatten()
            .and_then(|e| e.get_attribute(name))
            .unwrap_or_default()
    };
    let picture = Picture {
        src: attribute("podip-figure img", "src"),
        alt: attribute("podip-figure img", "alt"),
        width: attribute("podip-figure img", "width"),
        height: attribute("podip-figure img", "height"),
        style: attribute("podip-figure", "style"),
    };
    wasm_bindgen_futures::spawn_local(async move {
        let lang = match crate::ui::language::load_from(&app_root, lang).await {
            Ok(()) => lang,
            Err(_) => Lang::En,
        };
        use wasm_bindgen::JsCast;
        // What a reader typed meanwhile into the fields the build rendered.
        let typed = |testid: &str, kind: &str| {
            host.query_selector(&format!("[data-testid={testid}]"))
                .ok()
                .flatten()
                .and_then(|field| field.dyn_into::<web_sys::HtmlInputElement>().ok())
                .map_or_else(|| kind.to_string(), |field| field.value())
        };
        let (cidr, mask) = (
            typed("sentence-cidr", CLUSTER_CIDR),
            typed("sentence-mask", NODE_MASK),
        );
        host.set_inner_html("");
        yew::Renderer::<Sentence>::with_root_and_props(
            host.clone(),
            SentenceProps {
                lang,
                picture,
                cidr,
                mask,
            },
        )
        .render();
        // Its figure draws now (the page's script waits for this).
        let _ = host.set_attribute("data-drawn", "");
    });
}
