//! What the article's page and its explorable sentence both draw: a tour's `<podip-figure>` holding
//! the build's picture of it, and a section's commands as printed.

use crate::article::Figure;
use crate::i18n::Lang;
use yew::prelude::*;

/// The build's picture of a figure, which the element holds until the figure is drawn (and always
/// where scripts are off), and the box it keeps.
#[derive(Clone, PartialEq, Default, Debug)]
pub struct Picture {
    /// The SVG's address, below the app's root.
    pub src: String,
    /// What it shows, in words.
    pub alt: String,
    /// Its width and height, as written.
    pub width: String,
    pub height: String,
    /// The element's `style`: its box's proportions, which the live figure fills.
    pub style: String,
}

/// A tour's live figure at a step, holding its picture; the prose around it is its caption.
pub fn tour_figure(figure: Figure, lang: Lang, picture: &Picture) -> Html {
    let Figure { tour, step } = figure;
    html! {
        <podip-figure key={format!("{}-{step}", tour.name())} tour={tour.name()} step={(step + 1).to_string()} lang={lang.tag()}
            autoplay=true caption="none" fit=true style={picture.style.clone()}>
            <img src={picture.src.clone()} alt={picture.alt.clone()} width={picture.width.clone()}
                height={picture.height.clone()} loading="lazy" decoding="async" />
        </podip-figure>
    }
}

/// A section's commands and what they print.
pub fn shell(lines: &[String]) -> Html {
    html! {
        <pre class="article-shell" data-testid="shell"><code>{ lines.join("\n") }</code></pre>
    }
}
