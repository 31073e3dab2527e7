//! A figure's picture without a browser: the stage at a tour step or time as a standalone SVG, drawn by
//! the page's own stage component (Yew's server-side rendering) at a given width, with the stage's
//! rules of `static/style.css` inside it in the chosen theme, and the story and the time above it as
//! the app's export has them. `podip figure` prints one; the build writes one per tour step
//! (`figures/<lang>/<tour>/<step>.svg`, `-dark.svg`), which a `<podip-figure>` holds until it is drawn.

use crate::i18n::Lang;
use crate::playback::figure::{Figure, Runs};
use crate::share::figure::FigureSpec;
use crate::share::Theme;
use crate::tours::{Tour, TourId};
use crate::ui::app::export::picture_title;
use crate::ui::stage::file_picture;
use yew::prelude::*;

/// The stylesheet the stage's rules are read from.
const STYLE: &str = include_str!("../../../static/style.css");
/// Height of the title band above the stage (two lines), in the stage's SVG units (as the app's export).
pub const TITLE_H: u32 = 56;
/// The width the build draws figures at: a documentation column, scaled to fit by the page.
pub const BUILD_WIDTH: u32 = 960;

/// A figure drawn as an SVG file, with what a page built around it needs: its title (the picture's
/// alternative text) and its height, in the file's units.
#[derive(Debug, Clone, PartialEq)]
pub struct FigureFile {
    /// The file.
    pub svg: String,
    /// What it shows: the story and the step or time.
    pub title: String,
    /// Its height (its width is the one asked for).
    pub height: u32,
}

/// Props of a figure's file.
#[derive(Properties, PartialEq)]
struct FileProps {
    /// The stage's parts, laid out.
    picture: Html,
    width: u32,
    /// The stage's height, below the title band.
    height: u32,
    lang: Lang,
    /// The story, and the step or time.
    title: String,
    when: String,
    /// The stage's rules in the file's theme.
    style: String,
}

/// A figure's file: the story and the time in a band above the stage, the stage's rules inside it.
#[function_component]
fn FigureFileView(props: &FileProps) -> Html {
    let FileProps {
        picture,
        width,
        height,
        lang,
        title,
        when,
        style,
    } = props;
    let top = -(TITLE_H as i64);
    let all_h = height + TITLE_H;
    let mut file = html! {
        <svg xmlns="http://www.w3.org/2000/svg" class="stage" viewBox={format!("0 {top} {width} {all_h}")}
            width={width.to_string()} height={all_h.to_string()} lang={lang.tag()}>
            <title>{ format!("{title} · {when}") }</title>
            <style>{ style.clone() }</style>
            <rect x="0" y={top.to_string()} width={width.to_string()} height={all_h.to_string()} class="figure-back" />
            <text class="title" x="16" y={(top + 24).to_string()}>{ title.clone() }</text>
            <text class="muted" x="16" y={(top + 44).to_string()}>{ when.clone() }</text>
            { picture.clone() }
        </svg>
    };
    // Labels keep their spaces; `html!` has no syntax for a namespaced attribute.
    if let Html::VTag(svg) = &mut file {
        std::rc::Rc::make_mut(svg).add_attribute("xml:space", "preserve");
    }
    file
}

/// The figure `spec` drawn `width` units wide in `theme` (light when `None`), as an SVG file; or why it
/// cannot be drawn (its scenario's `line N: …`).
pub fn figure_file(runs: &mut Runs, spec: &FigureSpec, width: u32) -> Result<FigureFile, String> {
    Ok(draw(&Figure::open(runs, spec)?, spec, width))
}

/// The figure `spec` of `lesson` — its scenario and the step `spec.step` — drawn as [`figure_file`]
/// draws a built-in tour's.
pub fn lesson_figure_file(
    runs: &mut Runs,
    spec: &FigureSpec,
    lesson: &'static Tour,
    width: u32,
) -> Result<FigureFile, String> {
    let figure = Figure::open_lesson(runs, spec, lesson)?;
    Ok(draw(&figure, spec, width))
}

/// [`lesson_figure_file`]'s SVG.
pub fn lesson_figure_svg(
    runs: &mut Runs,
    spec: &FigureSpec,
    lesson: &'static Tour,
    width: u32,
) -> Result<String, String> {
    lesson_figure_file(runs, spec, lesson, width).map(|file| file.svg)
}

/// The file of `figure`, opened at `spec`'s view.
fn draw(figure: &Figure, spec: &FigureSpec, width: u32) -> FigureFile {
    let cursor = figure.cursor();
    let lang = spec.lang;
    let (picture, height) = file_picture(&cursor.stage(None, None), width, None, lang);
    let (title, when) = picture_title(
        cursor.run().told(),
        cursor.current_step(),
        cursor.now(),
        lang,
    );
    let props = FileProps {
        picture,
        width,
        height,
        lang,
        title: title.clone(),
        when: when.clone(),
        style: stage_style(spec.theme.unwrap_or(Theme::Light)),
    };
    let renderer = yew::LocalServerRenderer::<FigureFileView>::with_props(props).hydratable(false);
    let svg = futures::executor::block_on(renderer.render());
    FigureFile {
        svg: format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{svg}\n"),
        title: format!("{title} · {when}"),
        height: height + TITLE_H,
    }
}

/// [`figure_file`]'s SVG.
pub fn figure_svg(runs: &mut Runs, spec: &FigureSpec, width: u32) -> Result<String, String> {
    figure_file(runs, spec, width).map(|file| file.svg)
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
    tour_figure_at(runs, tour, step, lang, theme, BUILD_WIDTH).map(|file| file.svg)
}

/// [`tour_figure`] drawn `width` units wide.
pub fn tour_figure_at(
    runs: &mut Runs,
    tour: TourId,
    step: usize,
    lang: Lang,
    theme: Theme,
    width: u32,
) -> Result<FigureFile, String> {
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
    figure_file(runs, &spec, width)
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
        assert!(light.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 -56 960 "), "{light}");
        assert!(light.contains("class=\"stage\"") && light.contains("xml:space=\"preserve\""));
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
        // What a page built around it reads is given as values, the same as the file says.
        let file =
            tour_figure_at(&mut runs, TourId::Kind, 7, Lang::En, Theme::Light, 720).expect("drawn");
        assert!(
            file.svg.contains(&format!("<title>{}</title>", file.title)),
            "{}",
            file.title
        );
        assert!(file.title.starts_with("podip · the kind cluster"));
        assert!(file.svg.contains(&format!(" height=\"{}\"", file.height)));
        assert!(file
            .svg
            .contains(&format!("viewBox=\"0 -56 720 {}\"", file.height)));
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
