//! The pictures of a page's own figures: a `<podip-figure>` whose scenario is written in the page
//! (`<script type="text/podip">`) has no tour step's SVG for its `<img>` to show before the script
//! draws it, or where scripts are off. The build reads such a page and draws each one's picture from
//! its attributes and its scenario, as `podip figure --scenario` would, to the path its `<img src>`
//! names beside the page.

use super::figure_svg::{figure_svg, BUILD_WIDTH};
use crate::playback::figure::Runs;
use crate::share::figure::FigureSpec;
use lol_html::{element, rewrite_str, text, RewriteStrSettings};
use std::cell::RefCell;

/// A `<podip-figure>` of a page, as read: its attributes, its scenario's text, its image's `src`.
#[derive(Default)]
struct Read {
    attributes: Vec<(String, String)>,
    scenario: Option<String>,
    src: Option<String>,
}

/// Each figure of `page` with a scenario of its own and an `<img src="….svg">`: the image's path
/// (relative to the page's folder) and its SVG, or why it cannot be drawn.
pub fn own_figures(runs: &mut Runs, page: &str) -> Vec<(String, Result<String, String>)> {
    let (page_lang, figures) = (RefCell::new(None), RefCell::new(Vec::<Read>::new()));
    let last = |f: &mut dyn FnMut(&mut Read)| figures.borrow_mut().last_mut().map(f);
    let read = rewrite_str(
        page,
        RewriteStrSettings::new()
            .append_element_content_handler(element!("html[lang]", |el| {
                *page_lang.borrow_mut() = el.get_attribute("lang");
                Ok(())
            }))
            .append_element_content_handler(element!("podip-figure", |el| {
                let attributes = el.attributes().iter().map(|a| (a.name(), a.value()));
                figures.borrow_mut().push(Read {
                    attributes: attributes.collect(),
                    ..Read::default()
                });
                Ok(())
            }))
            .append_element_content_handler(text!(
                r#"podip-figure > script[type="text/podip"]"#,
                |chunk| {
                    last(&mut |figure| {
                        figure
                            .scenario
                            .get_or_insert_default()
                            .push_str(chunk.as_str())
                    });
                    Ok(())
                }
            ))
            .append_element_content_handler(element!("podip-figure img[src]", |el| {
                let src = el.get_attribute("src");
                last(&mut |figure| figure.src = src.clone());
                Ok(())
            })),
    );
    if read.is_err() {
        return Vec::new();
    }
    let page_lang = page_lang.into_inner();
    let mut pictures = Vec::new();
    for figure in figures.into_inner() {
        let (Some(scenario), Some(src)) =
            (figure.scenario, figure.src.filter(|s| s.ends_with(".svg")))
        else {
            continue;
        };
        let picture = within_build(&src)
            .ok_or_else(|| format!("<img src=\"{src}\"> is not a path beside the page"))
            .and_then(|_| {
                FigureSpec::read(
                    |name| {
                        figure
                            .attributes
                            .iter()
                            .find(|(n, _)| n == name)
                            .map(|(_, v)| v.clone())
                    },
                    Some(&scenario),
                    page_lang.as_deref(),
                )
                .map_err(|problem| problem.to_string())
            })
            .and_then(|spec| figure_svg(runs, &spec, BUILD_WIDTH));
        pictures.push((src.trim_start_matches("./").to_string(), picture));
    }
    pictures
}

/// `src` when it names a file in the page's folder or below (no scheme, no `..`, not absolute).
fn within_build(src: &str) -> Option<&str> {
    let path = src.strip_prefix("./").unwrap_or(src);
    (!path.is_empty()
        && !path.starts_with('/')
        && !path.contains(':')
        && path.split('/').all(|part| !part.is_empty() && part != ".."))
    .then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"<!DOCTYPE html><html lang="ja"><body>
        <podip-figure tour="kind" step="8"><img src="./figures/en/kind/8.svg" alt="" /></podip-figure>
        <podip-figure t="4s" controls="full" data-testid="inline">
          <script type="text/podip">
            cluster --cluster-cidr=10.244.0.0/16
            node add worker
          </script>
          <img src="./figures/own/inline.svg" alt="two nodes" />
        </podip-figure>
        <podip-figure autoplay><script type="text/podip">node add a</script></podip-figure>
        <podip-figure><script type="text/podip">node add a</script><img src="../outside.svg"></podip-figure>
    </body></html>"#;

    #[test]
    fn a_figure_with_its_own_scenario_and_an_image_gets_its_picture() {
        let pictures = own_figures(&mut Runs::default(), PAGE);
        let paths: Vec<&str> = pictures.iter().map(|(path, _)| path.as_str()).collect();
        // The tour's figure has its picture from the build's tour steps; the one without an <img> has
        // nowhere to show one.
        assert_eq!(paths, ["figures/own/inline.svg", "../outside.svg"]);
        let svg = pictures[0].1.as_ref().expect("drawn");
        assert!(svg.contains("10.244.0.0/24"), "the page's own cluster");
        assert!(svg.contains("lang=\"ja\""), "in the page's language");
        assert!(
            pictures[1]
                .1
                .as_ref()
                .is_err_and(|e| e.contains("not a path beside the page")),
            "nothing is written outside the build"
        );
    }

    #[test]
    fn only_a_path_beside_the_page_is_written() {
        assert_eq!(within_build("./figures/a.svg"), Some("figures/a.svg"));
        for bad in ["/etc/a.svg", "../a.svg", "https://x/a.svg", "a//b.svg"] {
            assert_eq!(within_build(bad), None, "{bad}");
        }
    }
}
