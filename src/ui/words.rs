//! Pieces of a tour step's words that the app and the figure both draw: the path of a Pod's address
//! and the line naming the upstream code a step's event models.

use crate::i18n::{ui as t, Lang};
use crate::playback::PathShown;
use crate::sim::upstream::Upstream;
use yew::prelude::*;

/// The path of a Pod's address as a line of stops: `whole`, each stop named (the introduction);
/// else one row with the step's stops lit and named after it (nothing lit before the first step).
pub fn path_map(path: &PathShown, whole: bool, lang: Lang) -> Html {
    let here: Vec<&str> = path
        .hops()
        .filter(|(_, _, lit)| *lit)
        .map(|(_, name, _)| name.get(lang))
        .collect();
    html! {
        <figure class={classes!("path-map", whole.then_some("whole"))} data-testid={if whole { "path-whole" } else { "path-map" }}>
            if whole { <figcaption>{ t::PATH_TITLE.get(lang) }</figcaption> }
            <ol aria-label={t::PATH_TITLE.get(lang)}>
                { for path.hops().map(|(_, name, lit)| (name.get(lang), lit)).map(|(name, lit)| html! {
                    <li class={classes!(lit.then_some("lit"))} title={name} data-lit={lit.to_string()} aria-current={lit.then_some("step")}>
                        <span class="stop" aria-hidden="true"></span>
                        <span class="hop-name">{ name }</span>
                    </li>
                }) }
            </ol>
            if !whole {
                <p class="path-here" aria-hidden="true">{ match here.is_empty() {
                    true => "\u{a0}".to_string(),
                    false => format!("{} {}", t::PATH_HERE.get(lang), here.join(" → ")),
                } }</p>
            }
        </figure>
    }
}

/// The line under a step's words naming the upstream code its event models, linked: the words need
/// not name functions (`cidr_set.go · AllocateNext`).
pub fn source_line(source: Option<&'static Upstream>, lang: Lang) -> Option<Html> {
    let source = source?;
    let file = source.file.rsplit('/').next().unwrap_or(source.file);
    Some(html! {
        <p class="step-source" data-testid="step-source">
            { t::STEP_SOURCE.get(lang) }{ " " }
            <a href={source.url} target="_blank" rel="noopener noreferrer" title={format!("{}/{}", source.repo, source.file)}>
                <code>{ format!("{file} · {}", source.function) }</code>
            </a>
        </p>
    })
}
