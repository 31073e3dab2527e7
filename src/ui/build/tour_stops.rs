//! A tour page's stops, for the page to step before its engine: each stop (a step, or a question asked
//! before one; `ui::app::stops`) as a `<template>` holding the parts of the page it changes (all of
//! them in one file beside the page, `stops.html`, which the page fetches once it is parsed), rendered by the app's own components, its stage a picture beside the page as the first
//! one is (`stage_picture`). `index.html`'s script puts a stop's parts in place of the page's when a
//! tour control or a remote's key is pressed, and the app, opened at that step, draws the same.

use super::stage_picture::{stage_as_picture_named, Drawn};
use crate::i18n::Lang;
use crate::ui::app::opened::Opened;
use crate::ui::app::stops::{tour_stops, Goes};

/// The parts of the page a stop changes, by their `data-testid`: what the screen reader is told, the
/// transport's time, the words, the stage.
pub const PARTS: [&str; 5] = ["announcer", "scrubber", "clock", "narration", "stage"];

/// A page's stops: their templates, and their stages' pictures by their paths below the app's root.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Stops {
    pub templates: String,
    pub pictures: Vec<(String, String)>,
}

/// The file of a page's stops, in its folder.
pub const STOPS_FILE: &str = "stops.html";

/// The stops of the tour `opened` shows, in `lang`, their pictures in `dir` (the page's folder below
/// the app's root), beside the page's own first picture (`stage.svg`, which the introduction shares).
pub fn page_stops(opened: &Opened, dir: &str, lang: Lang) -> Stops {
    let mut stops = Stops::default();
    // Each picture once: a question is asked over the stage of the step before it.
    let mut drawn: Vec<(String, String)> = Vec::new();
    for stop in tour_stops(opened) {
        let stem = match stop.name.as_str() {
            "0" => "stage".to_string(),
            name => format!("stage-{name}"),
        };
        let rooms = Drawn::rooms(&stop.stage, lang);
        let Some(mut pictured) = stage_as_picture_named(&stop.markup, dir, &stem, lang, &rooms)
        else {
            continue;
        };
        let light = &pictured.files[0].1;
        match drawn.iter().find(|(_, svg)| svg == light) {
            Some((same, _)) => {
                pictured = stage_as_picture_named(&stop.markup, dir, same, lang, &rooms)
                    .expect("drawn before");
            }
            None => {
                drawn.push((stem, light.clone()));
                if stop.name != "0" {
                    stops.pictures.extend(pictured.files.iter().cloned());
                }
            }
        }
        let attribute = |name: &str, goes: &Goes| match goes {
            Goes::To(stop) => format!(" data-{name}=\"{stop}\""),
            Goes::Engine => format!(" data-{name}=\"engine\""),
            Goes::Stays => String::new(),
        };
        stops.templates.push_str(&format!(
            "<template data-stop=\"{}\" data-step=\"{}\"{}{}{}{}{}>",
            stop.name,
            stop.step,
            if stop.asks { " data-asks" } else { "" },
            attribute("next", &stop.next),
            attribute("prev", &stop.prev),
            attribute("down", &stop.down),
            attribute("up", &stop.up),
        ));
        // The introduction's parts are the page's own, which the page's script keeps as they are.
        if stop.name == "0" {
            stops.templates.push_str("</template>");
            continue;
        }
        for part in PARTS {
            let part = element(&pictured.markup, part).unwrap_or_default();
            stops.templates.push_str(&without_sizers(part));
        }
        stops.templates.push_str("</template>");
    }
    stops
}

/// The hidden copies of every step's words that keep the words' box as tall as the longest (the same
/// at every stop, so the page's script keeps the page's own): `part` without them.
fn without_sizers(part: &str) -> String {
    let mut kept = String::with_capacity(part.len());
    let mut rest = part;
    while let Some(at) = rest.find(SIZER) {
        kept.push_str(&rest[..at]);
        let Some(end) = rest[at..].find("</p>") else {
            break;
        };
        rest = &rest[at + end + "</p>".len()..];
    }
    kept.push_str(rest);
    kept
}

/// How the narration's hidden copy of a step's words opens (`ui::app::tours::narration`).
const SIZER: &str = r#"<p aria-hidden="true" class="step-text sizer">"#;

/// The element of `markup` with `data-testid="{testid}"`, whole; `None` if there is none or it is
/// never closed.
fn element<'a>(markup: &'a str, testid: &str) -> Option<&'a str> {
    let at = markup.find(&format!(" data-testid=\"{testid}\""))?;
    let start = markup[..at].rfind('<')?;
    let tag = markup[start + 1..]
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()?;
    let open_end = start + markup[start..].find('>')? + 1;
    if matches!(tag, "input" | "img" | "br" | "source") {
        return Some(&markup[start..open_end]);
    }
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let mut depth = 1usize;
    let mut at = open_end;
    while depth > 0 {
        let next_close = at + markup[at..].find(&close)?;
        // An element of the same name opened inside it (its name followed by a space or `>`).
        let next_open = markup[at..next_close]
            .match_indices(&open)
            .map(|(i, _)| at + i)
            .find(|&i| matches!(markup.as_bytes().get(i + open.len()), Some(b' ' | b'>')));
        match next_open {
            Some(inner) => {
                depth += 1;
                at = inner + open.len();
            }
            None => {
                depth -= 1;
                at = next_close + close.len();
            }
        }
    }
    Some(&markup[start..at])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::Link;

    #[test]
    fn an_element_is_found_whole_by_its_testid() {
        let markup = r#"<div class="a"><div data-testid="x" class="b"><div>in</div><p>t</p></div><div>out</div></div><input data-testid="i" value="1"><p data-testid="p">1</p>"#;
        assert_eq!(
            element(markup, "x"),
            Some(r#"<div data-testid="x" class="b"><div>in</div><p>t</p></div>"#)
        );
        assert_eq!(
            element(markup, "i"),
            Some(r#"<input data-testid="i" value="1">"#)
        );
        assert_eq!(element(markup, "p"), Some(r#"<p data-testid="p">1</p>"#));
        assert_eq!(element(markup, "none"), None);
        assert_eq!(
            element(r#"<div data-testid="x"><div>"#, "x"),
            None,
            "never closed"
        );
    }

    #[test]
    fn each_stop_holds_the_parts_it_changes_and_its_own_picture() {
        let opened = Opened::page(Link {
            tour: Some("kind".into()),
            lang: Some(Lang::Ja),
            ..Link::default()
        });
        let stops = page_stops(&opened, "ja/tour/kind/", Lang::Ja);
        let templates = stops.templates.matches("<template ").count();
        let kind = crate::tours::TourId::Kind.tour();
        assert_eq!(templates, 1 + kind.steps.len() + kind.questions.len());
        assert!(
            stops.templates.starts_with(
                r#"<template data-stop="0" data-step="0" data-next="q1" data-down="q1"></template>"#
            ),
            "the introduction, its question next"
        );
        for part in PARTS {
            assert_eq!(
                stops
                    .templates
                    .matches(&format!(" data-testid=\"{part}\""))
                    .count(),
                templates - 1,
                "{part} in every stop but the introduction, the page's own"
            );
        }
        assert!(
            !stops.templates.contains("<svg viewBox"),
            "the stage is a picture"
        );
        assert!(
            !stops.templates.contains(SIZER)
                && stops.templates.contains(r#"data-testid="step-text""#),
            "a step's words without the hidden copies of every step's"
        );
        assert!(stops
            .templates
            .contains(r#"src="ja/tour/kind/stage-4.svg""#));
        // Every picture a template names is written, once; the introduction's is the page's own.
        for (path, svg) in &stops.pictures {
            assert!(stops.templates.contains(path.as_str()), "{path} is shown");
            assert!(svg.contains("lang=\"ja\""));
        }
        let names: Vec<&str> = stops.pictures.iter().map(|(p, _)| p.as_str()).collect();
        assert!(
            names.contains(&"ja/tour/kind/stage-4-dark.svg")
                && !names.contains(&"ja/tour/kind/stage.svg")
        );
        assert!(
            !names.iter().any(|n| n.contains("stage-q")),
            "a question shows its step's picture: {names:?}"
        );
    }
}
