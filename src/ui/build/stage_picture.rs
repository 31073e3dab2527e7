//! A page's first stage as a picture: the stage the build renders into a page is written beside it as
//! an SVG file (light and dark), and the page shows it as an `<img>` until the app draws its own stage
//! over it. The image is lazy, so it is fetched once the page is laid out: the browser paints the
//! page's words first, without the stage's hundreds of elements, and the picture a frame later in the
//! box kept for it; the picture is the same markup, so nothing moves.
//!
//! The build lays the picture out 1000 wide; the app lays its stage out for the room it is given, and
//! in a phone's or a 1024 × 768 window that is one node at a time. So the picture also comes drawn
//! for those [`ROOMS`], and the browser takes the one for its window: the app then takes over with
//! the same arrangement, not a wide picture shrunk to small type.

use super::figure_svg::stage_style;
use super::rendered;
use crate::i18n::Lang;
use crate::playback::stage::Stage;
use crate::share::Theme;
use crate::ui::stage::file_picture;

/// A stage's room a page is often given, and the windows that give it or one like it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Room {
    /// The files' suffix (`stage-4-narrow.svg`).
    pub name: &'static str,
    /// The windows, as a media query; the rooms are tried in order, the first that matches taken.
    pub media: &'static str,
    pub width: u32,
    pub height: u32,
}

/// The rooms drawn for besides the build's 1000 wide, from the narrowest.
pub const ROOMS: [Room; 2] = [
    // A 390 × 844 phone's stage. Below 900 px the app's stage is under 600 wide (one node at a time),
    // except the phone layout's 634-760 px, where the picture is shown a little larger.
    Room {
        name: "narrow",
        media: "(max-width: 900px)",
        width: 356,
        height: 370,
    },
    // A 1024 × 768 projector's stage, where a tour's nodes are shown one at a time to fit its height.
    Room {
        name: "projector",
        media: "(max-width: 1199px)",
        width: 701,
        height: 520,
    },
];

/// Where the stage's markup starts in a rendered page.
const CANVAS: &str = r#"<div class="stage-canvas">"#;

/// A rendered page with its stage as a picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Pictured {
    /// The page's markup, the stage an `<img>` of `light` (`dark` when the system prefers it).
    pub markup: String,
    /// The picture's files, by their paths below the app's root: light, then dark; then each room's
    /// drawing's, light and dark.
    pub files: Vec<(String, String)>,
}

/// A stage drawn for a [`Room`]: its parts' markup and its height.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    pub room: Room,
    parts: String,
    pub height: u32,
}

impl Drawn {
    /// `stage` drawn for each of the [`ROOMS`], in `lang`.
    pub fn rooms(stage: &Stage, lang: Lang) -> Vec<Drawn> {
        ROOMS
            .iter()
            .map(|room| {
                let (parts, height) = file_picture(stage, room.width, Some(room.height), lang);
                Drawn {
                    room: *room,
                    parts: rendered(parts),
                    height,
                }
            })
            .collect()
    }
}

/// `rendered` (a page's markup) with the stage's `<svg>` replaced by a `<picture>` of files in `dir`
/// (the page's folder below the app's root, `""` or `ja/tour/kind/`), in `lang`; `None` if the page
/// has no stage.
pub fn stage_as_picture(
    rendered: &str,
    dir: &str,
    lang: Lang,
    rooms: &[Drawn],
) -> Option<Pictured> {
    stage_as_picture_named(rendered, dir, "stage", lang, rooms)
}

/// [`stage_as_picture`] with files named from `stem` (`stage-4`: `stage-4.svg`, `stage-4-dark.svg`,
/// and each room's: `stage-4-narrow.svg`, `stage-4-narrow-dark.svg`).
pub fn stage_as_picture_named(
    rendered: &str,
    dir: &str,
    stem: &str,
    lang: Lang,
    rooms: &[Drawn],
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
    // The browser takes the first source whose media matches.
    let mut sources = String::new();
    for drawn in rooms {
        let (w, h, media) = (
            drawn.room.width.to_string(),
            drawn.height.to_string(),
            drawn.room.media,
        );
        let view_box = format!("0 0 {w} {h}");
        let name = drawn.room.name;
        let (light, dark) = (
            format!("{dir}{stem}-{name}.svg"),
            format!("{dir}{stem}-{name}-dark.svg"),
        );
        sources.push_str(&format!(
            "<source srcset=\"{dark}\" media=\"{media} and (prefers-color-scheme: dark)\" width=\"{w}\" height=\"{h}\">\
             <source srcset=\"{light}\" media=\"{media}\" width=\"{w}\" height=\"{h}\">"
        ));
        files.push((light, file(Theme::Light, &view_box, &w, &h, &drawn.parts)));
        files.push((dark, file(Theme::Dark, &view_box, &w, &h, &drawn.parts)));
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
        assert_eq!(stage_as_picture("<p>words</p>", "", Lang::En, &[]), None);
        assert_eq!(
            stage_as_picture(&format!("{CANVAS}<p>no svg</p></div>"), "", Lang::En, &[]),
            None
        );
        assert_eq!(
            stage_as_picture(
                &format!("{CANVAS}<svg viewBox=\"0 0 10 10\"><g>"),
                "",
                Lang::En,
                &[]
            ),
            None,
            "never closed"
        );
        assert_eq!(
            stage_as_picture(
                &format!("{CANVAS}<svg><g></g></svg></div>"),
                "",
                Lang::En,
                &[]
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
