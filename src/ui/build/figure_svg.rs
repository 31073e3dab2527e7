//! A figure's picture without a browser: the stage at a tour step or time as a standalone SVG, drawn by
//! the page's own stage component (Yew's server-side rendering) at a given width, with the stage's
//! rules of `static/style.css` inside it in the chosen theme, and the story and the time above it as
//! the app's export has them. `podip figure` prints one; the build writes one per tour step
//! (`figures/<lang>/<tour>/<step>.svg`, `-dark.svg`), which a `<podip-figure>` holds until it is drawn.

use super::prerender::escape;
use crate::i18n::Lang;
use crate::playback::figure::{Figure, Runs};
use crate::share::figure::FigureSpec;
use crate::share::Theme;
use crate::tours::TourId;
use crate::ui::app::export::picture_title;
use crate::ui::shared::Shared;
use crate::ui::stage::{StageProps, StageView};
use yew::prelude::*;

/// The stylesheet the stage's rules are read from.
const STYLE: &str = include_str!("../../../static/style.css");
/// Height of the title band above the stage (two lines), in the stage's SVG units (as the app's export).
const TITLE_H: u32 = 56;
/// The width the build draws figures at: a documentation column, scaled to fit by the page.
pub const BUILD_WIDTH: u32 = 960;

/// The figure `spec` drawn `width` units wide in `theme` (light when `None`), as an SVG file; or why it
/// cannot be drawn (its scenario's `line N: …`).
pub fn figure_svg(runs: &mut Runs, spec: &FigureSpec, width: u32) -> Result<String, String> {
    let figure = Figure::open(runs, spec)?;
    let cursor = figure.cursor();
    let lang = spec.lang;
    let stage = cursor.stage(None, None);
    let props = StageProps {
        lang,
        stage: Shared::new(stage),
        on_node: Callback::noop(),
        on_pod: None,
        fill: false,
        width: Some(width),
        measure_later: false,
        present: false,
    };
    let renderer = yew::LocalServerRenderer::<StageView>::with_props(props).hydratable(false);
    let html = futures::executor::block_on(renderer.render());
    let svg = html
        .find("<svg")
        .zip(html.rfind("</svg>"))
        .map(|(start, end)| &html[start..end])
        .ok_or("the stage drew no picture")?;
    let open_end = svg.find('>').ok_or("the stage drew no picture")?;
    let height = view_height(&svg[..open_end]).ok_or("the stage's picture has no size")?;
    let body = &svg[open_end + 1..];
    let (title, when) = picture_title(
        cursor.run().tour(),
        cursor.current_step(),
        cursor.now(),
        lang,
    );
    let all_h = height + TITLE_H;
    let top = -(TITLE_H as i64);
    Ok(format!(
        concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"stage\" viewBox=\"0 {top} {w} {h}\" width=\"{w}\" height=\"{h}\" xml:space=\"preserve\" lang=\"{lang}\">",
            "<title>{title} · {when}</title><style>{style}</style>",
            "<rect x=\"0\" y=\"{top}\" width=\"{w}\" height=\"{h}\" class=\"figure-back\"/>",
            "<text class=\"title\" x=\"16\" y=\"{title_y}\">{title}</text>",
            "<text class=\"muted\" x=\"16\" y=\"{when_y}\">{when}</text>",
            "{body}</svg>\n"
        ),
        top = top,
        w = width,
        h = all_h,
        lang = lang.tag(),
        title = escape(&title),
        when = escape(&when),
        style = stage_style(spec.theme.unwrap_or(Theme::Light)),
        title_y = top + 24,
        when_y = top + 44,
        body = body,
    ))
}

/// The height of the stage's `viewBox` in its opening tag.
fn view_height(open: &str) -> Option<u32> {
    let at = open.find("viewBox=\"")? + "viewBox=\"".len();
    let value = &open[at..at + open[at..].find('"')?];
    value.split_whitespace().nth(3)?.parse().ok()
}

/// The stage's rules of the stylesheet for a picture of its own: the palette in `theme`, the stage's
/// section, no motion (every animation at its end, as the app's export takes it), no screen-reader text.
pub fn stage_style(theme: Theme) -> String {
    let palette = STYLE
        .split_once(":root, :host {")
        .and_then(|(_, rest)| rest.split_once('}'))
        .map_or("", |(palette, _)| palette);
    let stage = STYLE
        .split_once("/* ---- the stage ---- */")
        .and_then(|(_, rest)| rest.split_once("/* The stage copied for export"))
        .map_or("", |(stage, _)| stage);
    let css = format!(
        "svg{{{palette}}}svg{{font-family:var(--sans);font-size:13px}}.figure-back{{fill:var(--card)}}{stage}\
         *{{animation-duration:0s!important;animation-delay:0s!important;transition:none!important}}.sr-only{{display:none}}"
    );
    let css = chosen(&css, theme);
    // One line per rule, without the comments: the file is for pictures, not for reading.
    strip_comments(&css)
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `css` with each `light-dark(light, dark)` replaced by the colour of `theme`.
fn chosen(css: &str, theme: Theme) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(at) = rest.find("light-dark(") {
        out.push_str(&rest[..at]);
        let inside = &rest[at + "light-dark(".len()..];
        let Some(end) = inside.find(')') else {
            break;
        };
        let (light, dark) = inside[..end]
            .split_once(',')
            .unwrap_or((&inside[..end], ""));
        out.push_str(match theme {
            Theme::Light => light.trim(),
            Theme::Dark => dark.trim(),
        });
        rest = &inside[end + 1..];
    }
    out.push_str(rest);
    out
}

/// `css` without its `/* … */` comments.
fn strip_comments(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(at) = rest.find("/*") {
        out.push_str(&rest[..at]);
        rest = rest[at..]
            .find("*/")
            .map_or("", |end| &rest[at + end + 2..]);
    }
    out.push_str(rest);
    out
}

/// The figure of `tour` at `step` (from 0) in `lang` and `theme`, as the build writes it.
pub fn tour_figure(
    runs: &mut Runs,
    tour: TourId,
    step: usize,
    lang: Lang,
    theme: Theme,
) -> Result<String, String> {
    tour_figure_at(runs, tour, step, lang, theme, BUILD_WIDTH)
}

/// [`tour_figure`] drawn `width` units wide.
pub fn tour_figure_at(
    runs: &mut Runs,
    tour: TourId,
    step: usize,
    lang: Lang,
    theme: Theme,
    width: u32,
) -> Result<String, String> {
    let spec = FigureSpec {
        source: crate::share::figure::FigureSource::Tour(tour),
        step: Some(step),
        time: None,
        lang,
        theme: Some(theme),
        controls: Default::default(),
        autoplay: false,
        caption: false,
        fit: false,
    };
    figure_svg(runs, &spec, width)
}

/// Every tour step's figure in every language and theme, by its path in the build
/// (`figures/ja/kind/8.svg`, `figures/en/kind/8-dark.svg`; the step counted from 1, as in links).
pub fn build_figures(
    runs: &mut Runs,
) -> impl Iterator<Item = (String, Result<String, String>)> + '_ {
    TourId::ALL
        .into_iter()
        .flat_map(move |tour| {
            let steps = tour.tour().steps.len();
            (0..steps)
                .flat_map(move |step| {
                    Lang::ALL.into_iter().flat_map(move |lang| {
                        [(Theme::Light, ""), (Theme::Dark, "-dark")]
                            .map(|(theme, suffix)| (lang, step, theme, suffix))
                    })
                })
                .map(move |(lang, step, theme, suffix)| (tour, lang, step, theme, suffix))
        })
        .map(|(tour, lang, step, theme, suffix)| {
            let path = format!(
                "figures/{}/{}/{}{suffix}.svg",
                lang_dir(lang),
                tour.name(),
                step + 1
            );
            (path, tour_figure(runs, tour, step, lang, theme))
        })
}

/// A language's folder: its primary subtag, as the app's pages use (`ja/`, `zh/`).
pub(super) fn lang_dir(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Zh => "zh",
        Lang::Ja => "ja",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tour_step_is_a_standalone_svg_of_the_stage_in_its_language_and_theme() {
        let mut runs = Runs::default();
        let light = tour_figure(&mut runs, TourId::Kind, 7, Lang::En, Theme::Light).expect("drawn");
        assert!(light.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"stage\" viewBox=\"0 -56 960 "), "{light}");
        assert!(
            light.contains("podip · the kind cluster"),
            "the story above it"
        );
        assert!(light.contains("10.244.1.0/24"), "the stage's own numbers");
        assert!(
            light.contains("--card: #ffffff") && !light.contains("light-dark("),
            "the light palette"
        );
        assert!(light.trim_end().ends_with("</svg>"));
        let dark = tour_figure(&mut runs, TourId::Kind, 7, Lang::Ja, Theme::Dark).expect("drawn");
        assert!(dark.contains("--card: #171b22"), "the dark palette");
        assert!(dark.contains("lang=\"ja\""));
        assert_eq!(runs.len(), 1, "one run for both");
    }

    #[test]
    fn the_stage_rules_are_all_there_without_comments_or_motion() {
        let css = stage_style(Theme::Light);
        assert!(css.contains(".stage .cidr-cell.held rect"));
        assert!(css.contains("@keyframes cable-draw"));
        assert!(!css.contains("/*"));
        assert!(!css.contains(".quiz"), "nothing past the stage's section");
        assert_eq!(
            chosen(
                "a: light-dark(#fff, #000); b: light-dark(#111, #222)",
                Theme::Dark
            ),
            "a: #000; b: #222"
        );
    }
}
