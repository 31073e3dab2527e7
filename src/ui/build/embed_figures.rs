//! A figure written in one line of a docs source, `{{#podip tour=kind step=8}}`, made into the element
//! with its picture: `<podip-figure tour="kind" step="8">` holding the SVG `podip figure` draws (as an
//! `<img>`, so its styles stay inside it), and the figure script once after the last. The mdBook
//! preprocessor (`src/bin/mdbook_podip.rs`) runs it on each chapter.

use super::figure_svg::{figure_file, FigureFile, BUILD_WIDTH};
use super::prerender::escape;
use crate::playback::figure::Runs;
use crate::share::figure::{FigureSpec, ATTRIBUTES};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

/// `text` with each `{{#podip …}}` replaced by its figure, and `<script type="module" src=script>`
/// after the last; `text` as it was when it has none. An attribute the element refuses, or one it does
/// not know, is an error in the element's words.
pub fn expand(text: &str, script: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut runs = Runs::default();
    let mut any = false;
    while let Some(at) = rest.find("{{#podip") {
        let end = rest[at..]
            .find("}}")
            .ok_or_else(|| "{{#podip …}} is not closed by }}".to_string())?;
        out.push_str(&rest[..at]);
        let inside = &rest[at + "{{#podip".len()..at + end];
        out.push_str(&figure(inside, &mut runs)?);
        rest = &rest[at + end + 2..];
        any = true;
    }
    out.push_str(rest);
    if any {
        out.push_str(&format!(
            "\n\n<script type=\"module\" src=\"{}\"></script>\n",
            escape(script)
        ));
    }
    Ok(out)
}

/// One figure from the words inside `{{#podip` … `}}`: `name=value` pairs, a value quoted when it
/// holds a space, a name alone for a flag (`autoplay`, `fit`).
fn figure(inside: &str, runs: &mut Runs) -> Result<String, String> {
    let mut attributes: Vec<(String, String)> = Vec::new();
    let mut words = inside.trim();
    while !words.is_empty() {
        let (name, after) = words.split_at(words.find(['=', ' ', '\t']).unwrap_or(words.len()));
        let (value, after) = match after.strip_prefix('=') {
            Some(quoted) if quoted.starts_with('"') => {
                let close = quoted[1..]
                    .find('"')
                    .ok_or(format!("{name}= has no closing quote"))?;
                (&quoted[1..=close], &quoted[close + 2..])
            }
            Some(bare) => bare.split_at(bare.find([' ', '\t']).unwrap_or(bare.len())),
            None => ("", after),
        };
        if !ATTRIBUTES.contains(&name) {
            return Err(format!(
                "{{{{#podip}}}} has no attribute {name}: one of {}",
                ATTRIBUTES.join(", ")
            ));
        }
        attributes.push((name.to_string(), value.to_string()));
        words = after.trim_start();
    }
    let get = |name: &str| {
        attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let spec = FigureSpec::read(get, None, None).map_err(|problem| problem.to_string())?;
    let FigureFile { svg, title, .. } = figure_file(runs, &spec, BUILD_WIDTH)?;
    let attrs: String = attributes
        .iter()
        .map(|(name, value)| match value.is_empty() {
            true => format!(" {name}"),
            false => format!(" {name}=\"{}\"", escape(value)),
        })
        .collect();
    Ok(format!(
        "\n\n<podip-figure{attrs}><img alt=\"{}\" src=\"data:image/svg+xml;base64,{}\"></podip-figure>\n\n",
        escape(&title),
        STANDARD.encode(&svg)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_becomes_the_figure_with_its_picture_and_the_script_once() {
        let text = "# Chapter\n\n{{#podip tour=kind step=8}}\n\nwords\n\n{{#podip tour=\"dual-stack\" step=2 fit}}\n";
        let out = expand(text, "https://example.org/podip/podip-figure.js").expect("expands");
        assert!(
            out.contains("<podip-figure tour=\"kind\" step=\"8\"><img alt=\""),
            "{out}"
        );
        assert!(
            out.contains("<podip-figure tour=\"dual-stack\" step=\"2\" fit><img"),
            "{out}"
        );
        assert!(out.contains("src=\"data:image/svg+xml;base64,"));
        assert_eq!(out.matches("<script type=\"module\" src=\"https://example.org/podip/podip-figure.js\"></script>").count(), 1);
        assert!(out.starts_with("# Chapter\n\n") && out.contains("\n\nwords\n\n"));
    }

    #[test]
    fn a_page_without_figures_is_left_as_it_is() {
        let text = "# Chapter\n\n{{#include other.md}}\n";
        assert_eq!(expand(text, "s.js").as_deref(), Ok(text));
    }

    #[test]
    fn a_bad_figure_is_refused_in_the_elements_words() {
        let err = expand("{{#podip tour=nope}}", "s.js").expect_err("no such tour");
        assert!(
            err.starts_with("tour=\"nope\" is not valid: one of kind,"),
            "{err}"
        );
        let err = expand("{{#podip tour=kind stpe=3}}", "s.js").expect_err("a typo");
        assert!(err.contains("no attribute stpe"), "{err}");
        let err = expand("{{#podip tour=kind step=99}}", "s.js").expect_err("past the end");
        assert!(err.contains("step=99"), "{err}");
        assert!(expand("{{#podip tour=kind", "s.js").is_err());
    }
}
