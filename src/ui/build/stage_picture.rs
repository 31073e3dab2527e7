//! A page's first stage as a picture: the stage the build renders into a page is written beside it as
//! an SVG file (light and dark), and the page shows it as an `<img>` until the app draws its own stage
//! over it. The image is lazy, so it is fetched once the page is laid out: the browser paints the
//! page's words first, without the stage's hundreds of elements, and the picture a frame later in the
//! box kept for it; the picture is the same markup, so nothing moves.

use super::figure_svg::stage_style;
use crate::i18n::Lang;
use crate::share::Theme;

/// Where the stage's markup starts in a rendered page.
const CANVAS: &str = r#"<div class="stage-canvas">"#;

/// A rendered page with its stage as a picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Pictured {
    /// The page's markup, the stage an `<img>` of `light` (`dark` when the system prefers it).
    pub markup: String,
    /// The picture's files, by their paths below the app's root: light, then dark.
    pub files: [(String, String); 2],
}

/// `rendered` (a page's markup) with the stage's `<svg>` replaced by a `<picture>` of files in `dir`
/// (the page's folder below the app's root, `""` or `ja/tour/kind/`), in `lang`; `None` if the page
/// has no stage.
pub fn stage_as_picture(rendered: &str, dir: &str, lang: Lang) -> Option<Pictured> {
    stage_as_picture_named(rendered, dir, "stage", lang)
}

/// [`stage_as_picture`] with files named from `stem` (`stage-4`: `stage-4.svg`, `stage-4-dark.svg`).
pub fn stage_as_picture_named(
    rendered: &str,
    dir: &str,
    stem: &str,
    lang: Lang,
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
    let file = |theme: Theme| {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"stage\" \
             viewBox=\"{view_box}\" width=\"{width}\" height=\"{height}\" lang=\"{}\" xml:space=\"preserve\">\
             <style>{}\nsvg.stage{{border:0;padding:0;background:none}}</style>{inner}</svg>\n",
            lang.tag(),
            stage_style(theme)
        )
    };
    let (light, dark) = (format!("{dir}{stem}.svg"), format!("{dir}{stem}-dark.svg"));
    let picture = format!(
        "<picture class=\"stage-picture\"><source srcset=\"{dark}\" media=\"(prefers-color-scheme: dark)\">\
         <img loading=\"lazy\" decoding=\"async\" src=\"{light}\" width=\"{width}\" height=\"{height}\" alt=\"{label}\"></picture>"
    );
    Some(Pictured {
        markup: format!("{}{picture}{}", &rendered[..start], &rendered[end..]),
        files: [(light, file(Theme::Light)), (dark, file(Theme::Dark))],
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
        assert_eq!(stage_as_picture("<p>words</p>", "", Lang::En), None);
        assert_eq!(
            stage_as_picture(&format!("{CANVAS}<p>no svg</p></div>"), "", Lang::En),
            None
        );
        assert_eq!(
            stage_as_picture(
                &format!("{CANVAS}<svg viewBox=\"0 0 10 10\"><g>"),
                "",
                Lang::En
            ),
            None,
            "never closed"
        );
        assert_eq!(
            stage_as_picture(&format!("{CANVAS}<svg><g></g></svg></div>"), "", Lang::En),
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
