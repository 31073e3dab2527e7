//! The pictures of a page's own figures: a `<podip-figure>` whose scenario is written in the page
//! (`<script type="text/podip">`) has no tour step's SVG for its `<img>` to show before the script
//! draws it, or where scripts are off. The build reads such a page and draws each one's picture from
//! its attributes and its scenario, as `podip figure --scenario` would, to the path its `<img src>`
//! names beside the page.

use super::figure_svg::{figure_svg, BUILD_WIDTH};
use crate::playback::figure::Runs;
use crate::share::figure::FigureSpec;

/// Each figure of `page` with a scenario of its own and an `<img src="….svg">`: the image's path
/// (relative to the page's folder) and its SVG, or why it cannot be drawn.
pub fn own_figures(runs: &mut Runs, page: &str) -> Vec<(String, Result<String, String>)> {
    let page_lang = html_lang(page);
    let mut pictures = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find("<podip-figure") {
        let element = &rest[at + "<podip-figure".len()..];
        let Some(end) = element.find("</podip-figure>") else {
            break;
        };
        rest = &element[end..];
        let element = &element[..end];
        let Some((open, inside)) = element.split_once('>') else {
            continue;
        };
        let (Some(scenario), Some(src)) = (script_text(inside), image_src(inside)) else {
            continue;
        };
        let attributes = attributes(open);
        let picture = within_build(src)
            .ok_or_else(|| format!("<img src=\"{src}\"> is not a path beside the page"))
            .and_then(|_| {
                FigureSpec::read(
                    |name| {
                        attributes
                            .iter()
                            .find(|(n, _)| *n == name)
                            .map(|(_, v)| v.to_string())
                    },
                    Some(scenario),
                    page_lang,
                )
                .map_err(|problem| problem.to_string())
            })
            .and_then(|spec| figure_svg(runs, &spec, BUILD_WIDTH));
        pictures.push((src.trim_start_matches("./").to_string(), picture));
    }
    pictures
}

/// The text of the figure's `<script type="text/podip">`.
fn script_text(inside: &str) -> Option<&str> {
    let at = inside.find("<script type=\"text/podip\">")? + "<script type=\"text/podip\">".len();
    let text = &inside[at..];
    Some(&text[..text.find("</script>")?])
}

/// The `src` of the figure's `<img>`, when it is an SVG.
fn image_src(inside: &str) -> Option<&str> {
    let img = &inside[inside.find("<img")?..];
    let img = &img[..img.find('>')?];
    attributes(img)
        .into_iter()
        .find(|(name, _)| *name == "src")
        .map(|(_, value)| value)
        .filter(|src| src.ends_with(".svg"))
}

/// `<html lang="…">`.
fn html_lang(page: &str) -> Option<&str> {
    let html = &page[page.find("<html")?..];
    attributes(&html[..html.find('>')?])
        .into_iter()
        .find(|(name, _)| *name == "lang")
        .map(|(_, value)| value)
}

/// The attributes of an opening tag (after its name): `name="value"`, or a bare `name` (its value
/// empty, as HTML's boolean attributes). Values with entities are not written by the pages read here.
fn attributes(tag: &str) -> Vec<(&str, &str)> {
    let mut found = Vec::new();
    let mut rest = tag.trim_start_matches(|c: char| c != ' ' && c != '\n');
    loop {
        rest = rest.trim_start_matches([' ', '\n', '\t', '\r', '/']);
        let name_end = rest
            .find(|c: char| c.is_whitespace() || c == '=' || c == '/' || c == '>')
            .unwrap_or(rest.len());
        if name_end == 0 {
            return found;
        }
        let name = &rest[..name_end];
        rest = &rest[name_end..];
        match rest.strip_prefix("=\"").and_then(|r| r.split_once('"')) {
            Some((value, after)) => {
                found.push((name, value));
                rest = after;
            }
            None => found.push((name, "")),
        }
    }
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
    fn attributes_are_read_as_html_writes_them() {
        assert_eq!(
            attributes(r#"<podip-figure t="4s" autoplay controls="full" data-testid="x""#),
            [
                ("t", "4s"),
                ("autoplay", ""),
                ("controls", "full"),
                ("data-testid", "x")
            ]
        );
        assert_eq!(attributes("<img src=\"a.svg\" />"), [("src", "a.svg")]);
        assert_eq!(within_build("./figures/a.svg"), Some("figures/a.svg"));
        for bad in ["/etc/a.svg", "../a.svg", "https://x/a.svg", "a//b.svg"] {
            assert_eq!(within_build(bad), None, "{bad}");
        }
    }
}
