//! What the build writes, rendered natively with the same components: a page per language and tour
//! (`prerender.rs`) with its first stage as a picture (`stage_picture.rs`) and its tour's stops to step before the app (`tour_stops.rs`), the article (`article.rs`), a figure's picture as SVG (`figure_svg.rs`) and its words
//! step by step (`figure_manifest.rs`), the
//! figures of a top-level page with a scenario of their own (`page_figures.rs`), and `{{#podip …}}`
//! expanded for the mdBook preprocessor (`embed_figures.rs`).

pub mod article;
pub mod embed_figures;
pub mod figure_manifest;
pub mod figure_svg;
pub mod page_figures;
pub mod prerender;
pub mod stage_picture;
#[cfg(test)]
mod stage_tooltips;
pub mod tour_stops;

use yew::prelude::*;

#[derive(Properties, PartialEq)]
struct MarkupProps {
    html: Html,
}

#[function_component]
fn Markup(props: &MarkupProps) -> Html {
    props.html.clone()
}

/// `html` as the server renders it.
fn rendered(html: Html) -> String {
    let renderer =
        yew::LocalServerRenderer::<Markup>::with_props(MarkupProps { html }).hydratable(false);
    futures::executor::block_on(renderer.render())
}
