//! A page's first stage as a picture: the stage the build renders into a page is written beside it as
//! an SVG file (light and dark), and the page shows it as an `<img>` until the app draws its own stage
//! over it. The image is lazy, so it is fetched once the page is laid out: the browser paints the
//! page's words first, without the stage's hundreds of elements, and the picture a frame later in the
//! box kept for it; the picture is the same markup, so nothing moves.

//!
//! Below [`NARROW_MEDIA`]'s width the app shows one node at a time, so the picture has a variant drawn
//! narrow from the same stage, which the browser picks there: a phone sees the app's arrangement at
//! a readable size before the app arrives, not the wide picture shrunk.

use super::figure_svg::stage_style;
use crate::i18n::Lang;
use crate::playback::stage::Stage;
use crate::share::Theme;
use crate::ui::stage::file_picture;
use yew::prelude::*;

/// The room the narrow variant is drawn for: a 390 × 844 phone's stage (its rows dropped to fit as
/// the app drops them there; another phone's stage shows it scaled to fit).
pub const NARROW_W: u32 = 356;
pub const NARROW_H: u32 = 370;
/// Where the browser picks the narrow variant: where the app's stage (the window less the phone
/// layout's 34 px of margins and card padding) is narrower than
/// [`ONE_NODE_BELOW`](crate::ui::stage::ONE_NODE_BELOW).
pub const NARROW_MEDIA: &str = "(max-width: 633px)";

/// Where the stage's markup starts in a rendered page.
const CANVAS: &str = r#"<div class="stage-canvas">"#;

/// A rendered page with its stage as a picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Pictured {
    /// The page's markup, the stage an `<img>` of `light` (`dark` when the system prefers it).
    pub markup: String,
    /// The picture's files, by their paths below the app's root: light, then dark; then the narrow
    /// variant's, if it has one.
    pub files: Vec<(String, String)>,
}

/// A stage drawn [`NARROW_W`] wide: its parts' markup and its height.
#[derive(Debug, Clone, PartialEq)]
pub struct Narrow {
    parts: String,
    pub height: u32,
}

impl Narrow {
    /// `stage` drawn narrow, in `lang`.
    pub fn of(stage: &Stage, lang: Lang) -> Narrow {
        let (parts, height) = file_picture(stage, NARROW_W, Some(NARROW_H), lang);
        let renderer =
            yew::LocalServerRenderer::<Parts>::with_props(PartsProps { parts }).hydratable(false);
        Narrow {
            parts: futures::executor::block_on(renderer.render()),
            height,
        }
    }
}

#[derive(Properties, PartialEq)]
struct PartsProps {
    parts: Html,
}

#[function_component]
fn Parts(props: &PartsProps) -> Html {
    props.parts.clone()
}

/// `rendered` (a page's markup) with the stage's `<svg>` replaced by a `<picture>` of files in `dir`
/// (the page's folder below the app's root, `""` or `ja/tour/kind/`), in `lang`; `None` if the page
/// has no stage.
pub fn stage_as_picture(
    rendered: &str,
    dir: &str,
    lang: Lang,
    narrow: Option<&Narrow>,
) -> Option<Pictured> {
    stage_as_picture_named(rendered, dir, "stage", lang, narrow)
}

/// [`stage_as_picture`] with files named from `stem` (`stage-4`: `stage-4.svg`, `stage-4-dark.svg`,
/// and `stage-4-narrow.svg`, `stage-4-narrow-dark.svg` for `narrow`).
pub fn stage_as_picture_named(
    rendered: &str,
    dir: &str,
    stem: &str,
    lang: Lang,
    narrow: Option<&Narrow>,
) -> Option<Pictured> {
    let start = rendered.find(CANVAS)? + CANVAS.len();
    if !rendered[start..].starts_with("<svg") {
        return None;
    }
    let end = start + svg_end(&rendered[start..])?;
    let svg = &rendered[start..end];
    let open_end = svg.find('>')?;
    let inner = &svg[open_end + 1..svg.len() - "</svg>".len()];
    let view_box = attribute(&svg[..open_end], "viewBox")?;
    // As the renderer escaped it for an attribute, so it goes into the `alt` as it is.
    let label = attribute(&svg[..open_end], "aria-label").unwrap_or_default();
    let [_, _, width, height] = view_box
        .split_whitespace()
        .map(str::parse::<f64>)
        .collect::<Result<Vec<_>, _>>()
        .ok()?
        .try_into()
        .ok()?;
    // The stage's rules draw `.stage` as a card; here the page's card is around the picture already.
    let file = |theme: Theme, view_box: &str, width: &str, height: &str, inner: &str| {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"stage\" \
             viewBox=\"{view_box}\" width=\"{width}\" height=\"{height}\" lang=\"{}\" xml:space=\"preserve\">\
             <style>{}\nsvg.stage{{border:0;padding:0;background:none}}</style>{inner}</svg>\n",
            lang.tag(),
            stage_style(theme)
        )
    };
    let (light, dark) = (format!("{dir}{stem}.svg"), format!("{dir}{stem}-dark.svg"));
    let (width, height) = (width.to_string(), height.to_string());
    let mut files = vec![
        (
            light.clone(),
            file(Theme::Light, view_box, &width, &height, inner),
        ),
        (
            dark.clone(),
            file(Theme::Dark, view_box, &width, &height, inner),
        ),
    ];
    // The most specific first: the browser takes the first source whose media matches.
    let mut sources = String::new();
    if let Some(narrow) = narrow {
        let (w, h) = (NARROW_W.to_string(), narrow.height.to_string());
        let view_box = format!("0 0 {w} {h}");
        let (light, dark) = (
            format!("{dir}{stem}-narrow.svg"),
            format!("{dir}{stem}-narrow-dark.svg"),
        );
        sources = format!(
            "<source srcset=\"{dark}\" media=\"{NARROW_MEDIA} and (prefers-color-scheme: dark)\" width=\"{w}\" height=\"{h}\">\
             <source srcset=\"{light}\" media=\"{NARROW_MEDIA}\" width=\"{w}\" height=\"{h}\">"
        );
        files.push((light, file(Theme::Light, &view_box, &w, &h, &narrow.parts)));
        files.push((dark, file(Theme::Dark, &view_box, &w, &h, &narrow.parts)));
    }
    let picture = format!(
        "<picture class=\"stage-picture\">{sources}<source srcset=\"{dark}\" media=\"(prefers-color-scheme: dark)\">\
         <img loading=\"lazy\" decoding=\"async\" src=\"{light}\" width=\"{width}\" height=\"{height}\" alt=\"{label}\"></picture>"
    );
    Some(Pictured {
        markup: format!("{}{picture}{}", &rendered[..start], &rendered[end..]),
        files,
    })
}

/// Where the `<svg>` element `markup` starts with ends (after its `</svg>`), nested ones counted.
fn svg_end(markup: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut at = 0;
    loop {
        let open = markup[at..].find("<svg").map(|i| at + i);
        let close = markup[at..].find("</svg>").map(|i| at + i)?;
        match open {
            Some(open) if open < close => {
                depth += 1;
                at = open + 4;
            }
            _ => {
                depth = depth.checked_sub(1)?;
                at = close + "</svg>".len();
                if depth == 0 {
                    return Some(at);
                }
            }
        }
    }
}

/// The value of `name="…"` in an element's opening tag, as written there (escaped).
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    Some(&tag[start..start + tag[start..].find('"')?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_without_a_stage_or_with_broken_markup_is_left_alone() {
        assert_eq!(stage_as_picture("<p>words</p>", "", Lang::En, None), None);
        assert_eq!(
            stage_as_picture(&format!("{CANVAS}<p>no svg</p></div>"), "", Lang::En, None),
            None
        );
        assert_eq!(
            stage_as_picture(
                &format!("{CANVAS}<svg viewBox=\"0 0 10 10\"><g>"),
                "",
                Lang::En,
                None
            ),
            None,
            "never closed"
        );
        assert_eq!(
            stage_as_picture(
                &format!("{CANVAS}<svg><g></g></svg></div>"),
                "",
                Lang::En,
                None
            ),
            None,
            "no viewBox"
        );
        assert_eq!(svg_end("<svg><svg></svg></svg>tail"), Some(22));
        assert_eq!(
            attribute(r#"<svg aria-label="a &amp; b &quot;c&quot;""#, "aria-label"),
            Some("a &amp; b &quot;c&quot;")
        );
    }
}
