//! The pages rendered to HTML at build time with Yew's server-side rendering: the same components the
//! browser runs, so the page painted first is the page the app then draws over it. One page per
//! language and per built-in tour's first screen (`share::pages`): `/` is the kind tour before its
//! first step in English, `ja/` the same in Japanese, `tour/reboot-leak/` that tour's start, and so on.

use super::stage_picture::{stage_as_picture, Drawn};
use super::tour_stops::{page_stops, STOPS_FILE};
use crate::i18n::{ui as t, Lang};
use crate::playback::Player;
use crate::share::pages::page_path;
use crate::share::Link;
use crate::tours::TourId;
use crate::ui::app::chrome::page_title;
use crate::ui::app::opened::Opened;
use lol_html::html_content::ContentType;
use lol_html::{element, rewrite_str, RewriteStrSettings};

/// Where the page's markup goes in `index.html`, as written and as Trunk's release build minifies it.
pub const MOUNT: &str = "div#podip";

/// One page rendered at build time: its path below the app's root and the view it opens with.
pub struct Page {
    /// `""`, `ja/`, `tour/kind/`, `zh/tour/kind/`…
    pub path: String,
    /// The view: the language and the tour the path says.
    pub opened: Opened,
}

/// Every page: each language at the root and at each built-in tour.
pub fn pages() -> Vec<Page> {
    let tours = std::iter::once(None).chain(TourId::ALL.into_iter().map(Some));
    tours
        .flat_map(|tour| {
            Lang::ALL.into_iter().map(move |lang| {
                let link = Link {
                    tour: tour.map(|t| t.name().to_string()),
                    lang: (lang != Lang::En).then_some(lang),
                    ..Link::default()
                };
                Page {
                    path: page_path(link.lang, link.tour.as_deref()),
                    opened: Opened::page(link),
                }
            })
        })
        .collect()
}

/// The default view's markup (without hydration markers: the app draws over it).
pub fn render_default_view() -> String {
    render(Opened::default_view())
}

/// A view's markup.
pub fn render(opened: Opened) -> String {
    crate::ui::app::stops::render_opened(opened)
}

/// A page as the build writes it: its HTML, and the files beside it (its stage's pictures and its
/// tour's stops) by their paths below the app's root.
#[derive(Debug, Clone, PartialEq)]
pub struct BuiltPage {
    pub html: String,
    pub files: Vec<(String, String)>,
}

/// `template` (the built `index.html`) as `page`: its language on `<html>`, with the tour it shows
/// and the tours that have pages (which the page's head reads to tell a link that only moves within it,
/// and to send an older `?tour=` link to its page), its title and description in that language, and
/// its markup inside the mount point, the stage as a picture beside it
/// ([`stage_as_picture`]), and the tour's stops in a file beside it, named on `<html>`, for the
/// page to step before the app has loaded ([`page_stops`]); `None` if the template has no mount point.
pub fn page_html(template: &str, page: &Page) -> Option<BuiltPage> {
    let lang = page.opened.lang;
    let tour = page.opened.link.tour.as_deref();
    let title = page_title(lang, tour.and_then(TourId::from_name).map(Into::into));
    let tours = TourId::ALL.map(TourId::name).join(" ");
    let (rendered, stage) = crate::ui::app::stops::first_view(page.opened.clone());
    let rooms = Drawn::rooms(&stage, lang);
    let (rendered, mut pictures) = match stage_as_picture(&rendered, &page.path, lang, &rooms) {
        Some(pictured) => (pictured.markup, pictured.files),
        None => (rendered, Vec::new()),
    };
    // A language's root page walks its default tour, whose page beside it draws the same pictures:
    // its stops name those instead of copies.
    let stops = match tour {
        Some(_) => {
            let mut stops = page_stops(&page.opened, &page.path, lang);
            pictures.append(&mut stops.pictures);
            stops
        }
        None => {
            let tour_page = page_path(page.opened.link.lang, Some(default_tour()));
            page_stops(&page.opened, &tour_page, lang)
        }
    };
    let stops_file = (!stops.templates.is_empty()).then(|| format!("{}{STOPS_FILE}", page.path));
    if let Some(file) = &stops_file {
        pictures.push((file.clone(), stops.templates));
    }
    let mut mounted = false;
    let html = rewrite_str(
        template,
        RewriteStrSettings::new()
            .append_element_content_handler(element!("html", |el| {
                el.set_attribute("lang", lang.tag())?;
                el.set_attribute("data-tour", tour.unwrap_or(default_tour()))?;
                el.set_attribute("data-tours", &tours)?;
                if let Some(file) = &stops_file {
                    el.set_attribute("data-stops", file)?;
                }
                Ok(())
            }))
            .append_element_content_handler(element!("title", |el| {
                el.set_inner_content(&title, ContentType::Text);
                Ok(())
            }))
            .append_element_content_handler(element!("meta[name=description]", |el| {
                el.set_attribute("content", t::TAGLINE.get(lang))?;
                Ok(())
            }))
            .append_element_content_handler(element!(MOUNT, |el| {
                el.set_inner_content(&rendered, ContentType::Html);
                mounted = true;
                Ok(())
            })),
    )
    .ok()?;
    mounted.then_some(BuiltPage {
        html,
        files: pictures,
    })
}

/// The tour of the view a link without one opens.
fn default_tour() -> &'static str {
    Player::default()
        .cursor()
        .run()
        .tour()
        .map_or("", TourId::name)
}

/// Text as HTML (or XML): in an element or an attribute's quotes.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The built files a page of figures loads, by their names in the build (Trunk may hash them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FiguresEngine {
    /// The figures' JavaScript glue (`podip-figures.js`).
    pub glue: String,
    /// Their wasm (`podip-figures_bg.wasm`).
    pub wasm: String,
    /// The stylesheet `index.html` links.
    pub css: String,
}

/// The figures' engine (`podip-figures`, its wasm and JavaScript glue, found among `files`, the
/// build's file names) and the stylesheet that `index` (the built `index.html`) links; `None` if one
/// is missing.
pub fn figures_engine(index: &str, files: &[String]) -> Option<FiguresEngine> {
    // `podip-figures_bg.wasm`, or with a hash when Trunk adds one (`podip-figures-5e6f_bg.wasm`).
    let engine = |suffix: &str| {
        files.iter().find(|name| {
            name.strip_prefix(FIGURES_BIN).is_some_and(|rest| {
                let rest = rest.strip_prefix('-').map_or(rest, |hashed| {
                    hashed.trim_start_matches(|c: char| c.is_ascii_hexdigit())
                });
                rest == suffix
            })
        })
    };
    Some(FiguresEngine {
        wasm: engine("_bg.wasm")?.clone(),
        glue: engine(".js")?.clone(),
        css: stylesheet(index)?,
    })
}

/// `podip-figure.js` told the build's file names of `engine`, and the tours it drew pictures of.
pub fn figure_script(script: &str, engine: &FiguresEngine) -> String {
    let tours: Vec<&str> = crate::tours::TourId::ALL.iter().map(|t| t.name()).collect();
    script
        .replace("__PODIP_GLUE__", &engine.glue)
        .replace("__PODIP_WASM__", &engine.wasm)
        .replace("__PODIP_CSS__", &engine.css)
        .replace("__PODIP_TOURS__", &tours.join(" "))
}

/// The binary a page of figures loads (`src/bin/figures.rs`): the stage and the figure's playback,
/// without the app's bench.
pub const FIGURES_BIN: &str = "podip-figures";

/// The file name (without its folder) of the stylesheet `index` links.
fn stylesheet(index: &str) -> Option<String> {
    let mut href = None;
    rewrite_str(
        index,
        RewriteStrSettings::new().append_element_content_handler(element!(
            "link[rel=stylesheet][href]",
            |el| {
                href = href.take().or(el.get_attribute("href"));
                Ok(())
            }
        )),
    )
    .ok()?;
    Some(href?.rsplit('/').next()?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::build::stage_picture::ROOMS;

    #[test]
    fn the_rendered_stage_becomes_a_picture_of_the_same_markup_in_both_themes() {
        let (rendered, stage) = crate::ui::app::stops::first_view(Opened::default_view());
        let rooms = Drawn::rooms(&stage, Lang::Ja);
        let pictured =
            stage_as_picture(&rendered, "ja/tour/kind/", Lang::Ja, &rooms).expect("a stage");
        assert!(!pictured.markup.contains("<svg"), "no inline SVG is left");
        let (narrow_h, projector_h) = (rooms[0].height, rooms[1].height);
        assert!(pictured.markup.contains(&format!(
            r#"<picture class="stage-picture"><source srcset="ja/tour/kind/stage-narrow-dark.svg" media="(max-width: 900px) and (prefers-color-scheme: dark)" width="356" height="{narrow_h}"><source srcset="ja/tour/kind/stage-narrow.svg" media="(max-width: 900px)" width="356" height="{narrow_h}"><source srcset="ja/tour/kind/stage-projector-dark.svg" media="(max-width: 1199px) and (prefers-color-scheme: dark)" width="701" height="{projector_h}"><source srcset="ja/tour/kind/stage-projector.svg" media="(max-width: 1199px)" width="701" height="{projector_h}"><source srcset="ja/tour/kind/stage-dark.svg" media="(prefers-color-scheme: dark)"><img loading="lazy" decoding="async" src="ja/tour/kind/stage.svg" width="1000" height="512" alt="The cluster: "#
        )), "{}", pictured.markup);
        assert!(
            pictured.markup.contains(r#"data-testid="narration""#),
            "the words stay"
        );
        let paths: Vec<&str> = pictured.files.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(
            paths,
            [
                "ja/tour/kind/stage.svg",
                "ja/tour/kind/stage-dark.svg",
                "ja/tour/kind/stage-narrow.svg",
                "ja/tour/kind/stage-narrow-dark.svg",
                "ja/tour/kind/stage-projector.svg",
                "ja/tour/kind/stage-projector-dark.svg"
            ]
        );
        let (light, dark, narrow) = (
            &pictured.files[0].1,
            &pictured.files[1].1,
            &pictured.files[2].1,
        );
        assert!(narrow.contains(&format!(r#"viewBox="0 0 356 {narrow_h}" width="356""#)));
        // Drawn for its room, the app's arrangement there: the kind tour's fifth step shows its three
        // nodes at 1000 wide, one at a time on a phone and in a 1024 × 768 window, within the room's
        // height.
        let nodes = |svg: &str| svg.matches(r#"data-testid="stage-node""#).count();
        let (at_5, stage_5) = crate::ui::app::stops::first_view(Opened::page(Link {
            tour: Some("kind".into()),
            step: Some(5),
            ..Link::default()
        }));
        let rooms_5 = Drawn::rooms(&stage_5, Lang::En);
        let pictured_5 = stage_as_picture(&at_5, "", Lang::En, &rooms_5).expect("a stage");
        let files_5: Vec<usize> = pictured_5.files.iter().map(|f| nodes(&f.1)).collect();
        assert_eq!(files_5, [3, 3, 1, 1, 1, 1]);
        for (drawn, room) in rooms_5.iter().zip(ROOMS) {
            assert!(drawn.height <= room.height, "within {room:?}");
        }
        assert!(light.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"stage\" viewBox=\"0 0 1000 512\" width=\"1000\" height=\"512\" lang=\"ja\""), "{light}");
        assert!(
            light.contains("data-node=\"kind-control-plane\"")
                && light.contains("kube-controller-manager")
        );
        assert!(light.contains("--card: #ffffff") && dark.contains("--card: #171b22"));
        // The stage's markup is moved whole: what was inside its `<svg>` is the file's.
        let canvas = r#"<div class="stage-canvas">"#;
        let inline = &rendered[rendered.find(canvas).expect("a stage") + canvas.len()..];
        let inline = &inline[..inline.find("</svg>").expect("closed")];
        let body = &inline[inline.find('>').expect("an opening tag") + 1..];
        assert!(light.contains(body));
        assert!(light.trim_end().ends_with(&format!("{body}</svg>")));
    }

    #[test]
    fn the_default_view_holds_the_first_narration_and_the_stage() {
        let html = render_default_view();
        assert!(html.contains(r#"data-testid="narration""#), "{html}");
        assert!(html.contains(r#"data-testid="stage""#));
        assert!(html.contains("kube-controller-manager"));
        let page = Page {
            path: String::new(),
            opened: Opened::page(Link::default()),
        };
        let built = page_html(
            r#"<html lang=en><title>x</title><body><div id="podip"></div></body>"#,
            &page,
        )
        .expect("a mount point");
        assert_eq!(
            (built.files[0].0.as_str(), built.files[1].0.as_str()),
            ("stage.svg", "stage-dark.svg"),
            "the stage's picture, light and dark"
        );
        assert_eq!(
            built.files.len(),
            2 * (1 + ROOMS.len()) + 1,
            "and its stops, which name the tour page's pictures"
        );
        let (stops_path, stops) = built.files.last().expect("its stops");
        assert_eq!(stops_path, "stops.html");
        assert!(stops.contains(r#"<template data-stop="4" data-step="4""#));
        assert!(stops.contains(r#"src="tour/kind/stage-4.svg""#), "{stops}");
        // The tour's page writes each of them, the same picture.
        let tour_page = Page {
            path: "tour/kind/".to_string(),
            opened: Opened::page(Link {
                tour: Some("kind".to_string()),
                ..Link::default()
            }),
        };
        let tour_built = page_html(
            r#"<html lang=en><title>x</title><body><div id="podip"></div></body>"#,
            &tour_page,
        )
        .expect("a mount point");
        assert_eq!(
            tour_built.files.len(),
            2 * (1 + ROOMS.len()) * (1 + TourId::Kind.tour().steps.len()) + 1,
            "the tour page's stage, each step's (wide and for each room), and its stops"
        );
        let (_, tour_stops) = tour_built.files.last().expect("its stops");
        assert_eq!(stops.as_str(), tour_stops.as_str(), "the same stops");
        for name in stops
            .split("src=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
        {
            assert!(
                tour_built.files.iter().any(|(path, _)| path == name),
                "{name} is written"
            );
        }
        let built = built.html;
        assert!(built.contains(r#"<div id="podip"><"#) && built.ends_with("</div></body>"));
        assert!(built.contains(r#" data-stops="stops.html">"#));
        assert!(built.contains(&format!(
            "data-tours=\"{}\"",
            TourId::ALL.map(TourId::name).join(" ")
        )));
        assert_eq!(page_html("<body></body>", &page), None, "no mount point");
        let minified = page_html("<body><div id=podip></div></body>", &page)
            .expect("minified")
            .html;
        assert!(minified.starts_with("<body><div id=podip><"));
    }

    #[test]
    fn the_figure_script_gets_the_builds_file_names() {
        let index = r#"<link rel="stylesheet" href="/podip/style-9f8e.css" integrity="x"/><link rel="modulepreload" href="/podip/podip-web-1a2b.js"><script type=module>import init from '/podip/podip-web-1a2b.js';await init({ module_or_path: `/podip/podip-web-3c4d_bg.wasm` })</script>"#;
        let files: Vec<String> = [
            "podip-web-1a2b.js",
            "podip-web-3c4d_bg.wasm",
            "podip-figures-5e6f_bg.wasm",
            "podip-figures-7a8b.js",
            "podip-figure.js",
            "style-9f8e.css",
        ]
        .map(String::from)
        .into();
        let script = r#"const files = { glue: "__PODIP_GLUE__", wasm: "__PODIP_WASM__", css: "__PODIP_CSS__" };"#;
        let engine = figures_engine(index, &files).expect("the figures' engine");
        assert_eq!(
            figure_script(script, &engine),
            r#"const files = { glue: "podip-figures-7a8b.js", wasm: "podip-figures-5e6f_bg.wasm", css: "style-9f8e.css" };"#
        );
        assert_eq!(
            figure_script(r#"const tours = "__PODIP_TOURS__";"#, &engine),
            format!(
                r#"const tours = "kind {}";"#,
                &crate::tours::TourId::ALL[1..]
                    .iter()
                    .map(|t| t.name())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        );
        assert_eq!(figures_engine("<html></html>", &files), None);
        assert_eq!(
            figures_engine(index, &files[..2]),
            None,
            "no figures engine built"
        );
        let unhashed: Vec<String> = [
            "podip-figures_bg.wasm",
            "podip-figures.js",
            "podip-figure.js",
        ]
        .map(String::from)
        .into();
        assert_eq!(
            figures_engine(index, &unhashed)
                .map(|engine| figure_script(script, &engine))
                .as_deref(),
            Some(
                r#"const files = { glue: "podip-figures.js", wasm: "podip-figures_bg.wasm", css: "style-9f8e.css" };"#
            )
        );
    }

    #[test]
    fn each_language_and_tour_has_a_page_in_its_language() {
        let pages = pages();
        assert_eq!(pages.len(), 3 * (1 + TourId::ALL.len()));
        let template = r#"<!doctype html><html lang=en><meta content="podip: x" name=description><title>podip</title><base href=/><div id=podip></div>"#;
        let ja = pages
            .iter()
            .find(|p| p.path == "ja/tour/reboot-leak/")
            .expect("the page");
        let built = page_html(template, ja).expect("a mount point");
        let html = built.html;
        assert!(html.starts_with(r#"<!doctype html><html lang="ja" data-tour="reboot-leak" data-tours="kind planning"#), "{html}");
        assert!(
            html.contains(r#"<meta content="Kubernetes が Pod"#),
            "the description, in its place"
        );
        assert!(html.contains("<title>再起動によるアドレスのリーク — podip</title>"));
        assert!(
            built.files[0].0 == "ja/tour/reboot-leak/stage.svg"
                && built.files[0].1.contains("disk-worker"),
            "the tour's own scenario is drawn, beside the page"
        );
        assert!(html.contains("ガイドツアー"));
        let root = pages.iter().find(|p| p.path.is_empty()).expect("the root");
        assert_eq!(root.opened.lang, Lang::En);
        assert!(
            page_html(template, root)
                .expect("a mount point")
                .html
                .contains(r#"data-tour="kind""#),
            "the default view is the kind tour"
        );
        assert!(page_html(template, root)
            .expect("a mount point")
            .html
            .contains("<title>podip — how Kubernetes gives a Pod its IP</title>"));
    }
}
