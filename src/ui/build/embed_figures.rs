//! A figure written in one line of a docs source, `{{#podip tour=kind step=8}}`, made into the element
//! with its picture: `<podip-figure tour="kind" step="8">` holding the SVG `podip figure` draws (as an
//! `<img>`, so its styles stay inside it), and the figure script once after the last. The mdBook
//! preprocessor (`src/bin/mdbook_podip.rs`) runs it on each chapter.
//!
//! `{{#podip lesson=lessons/mine.md step=3}}` reads the lesson file at build time and checks it as
//! `podip lesson check` does (a broken lesson is `FILE:LINE: …`); the figure carries the lesson written
//! inside it, so the book needs no copy of the file, and holds the step's picture.

use super::figure_svg::{figure_file, lesson_figure_file, FigureFile, BUILD_WIDTH};
use super::prerender::escape;
use crate::playback::figure::Runs;
use crate::share::figure::{FigureSpec, ATTRIBUTES};
use crate::tours::{lesson, Tour};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

/// `text` with each `{{#podip …}}` replaced by its figure, and `<script type="module" src=script>`
/// after the last; `text` as it was when it has none. An attribute the element refuses, or one it does
/// not know, is an error in the element's words.
pub fn expand(text: &str, script: &str) -> Result<String, String> {
    expand_with(text, script, &mut |path| {
        Err(format!("lesson={path}: no lesson files here"))
    })
}

/// A lesson file's label for messages (its path as the build names it) and its bytes.
pub type LessonFile = (String, Vec<u8>);

/// [`expand`], each `lesson=PATH` read by `read_lesson`.
pub fn expand_with(
    text: &str,
    script: &str,
    read_lesson: &mut dyn FnMut(&str) -> Result<LessonFile, String>,
) -> Result<String, String> {
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
        out.push_str(&figure(inside, &mut runs, read_lesson)?);
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
fn figure(
    inside: &str,
    runs: &mut Runs,
    read_lesson: &mut dyn FnMut(&str) -> Result<LessonFile, String>,
) -> Result<String, String> {
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
    if let Some(path) = get("lesson") {
        return lesson_figure(&path, &attributes, runs, read_lesson(&path)?);
    }
    let spec = FigureSpec::read(get, None, None).map_err(|problem| problem.to_string())?;
    let FigureFile { svg, title, .. } = figure_file(runs, &spec, BUILD_WIDTH)?;
    Ok(format!(
        "\n\n<podip-figure{}>{}</podip-figure>\n\n",
        attributes_of(&attributes),
        poster(&title, &svg)
    ))
}

/// The element's attributes, as written.
fn attributes_of(attributes: &[(String, String)]) -> String {
    attributes
        .iter()
        .map(|(name, value)| match value.is_empty() {
            true => format!(" {name}"),
            false => format!(" {name}=\"{}\"", escape(value)),
        })
        .collect()
}

/// The picture a figure holds: shown until it is drawn, and where scripts are off.
fn poster(title: &str, svg: &str) -> String {
    format!(
        "<img alt=\"{}\" src=\"data:image/svg+xml;base64,{}\">",
        escape(title),
        STANDARD.encode(svg)
    )
}

/// The figure of the lesson file `file` (given as `path`), checked, with the lesson written inside it.
/// Each part is a block of HTML of its own, blank lines between, so that Markdown keeps the lesson's
/// own blank lines inside its `<script>` and passes the whole through as written.
fn lesson_figure(
    path: &str,
    attributes: &[(String, String)],
    runs: &mut Runs,
    (label, bytes): LessonFile,
) -> Result<String, String> {
    let report = |problems: &[lesson::Problem]| {
        let lines: Vec<String> = problems
            .iter()
            .map(|p| format!("{label}:{}: {}", p.line, p.message))
            .collect();
        lines.join("\n")
    };
    let text = lesson::text_of(&bytes).map_err(|problem| report(&[problem]))?;
    let name = lesson::address::name_of(path);
    let checked = lesson::check(name, text).map_err(|problems| report(&problems))?;
    if let Some(at) = text.to_ascii_lowercase().find("</script") {
        let line = 1 + text[..at].matches('\n').count();
        return Err(format!(
            "{label}:{line}: a lesson written in a page cannot hold </script"
        ));
    }
    let others: Vec<(String, String)> = attributes
        .iter()
        .filter(|(name, _)| name != "lesson")
        .cloned()
        .collect();
    let get = |name: &str| {
        others
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let spec = FigureSpec::read_with_lesson(get, None, Some(text), None)
        .map_err(|problem| format!("{label}: {problem}"))?;
    // The build draws a few posters and ends: the lesson is kept as the page's figures keep theirs.
    let tour: &'static Tour = Box::leak(Box::new(checked.lesson.tour));
    let FigureFile { svg, title, .. } = lesson_figure_file(runs, &spec, tour, BUILD_WIDTH)
        .map_err(|problem| format!("{label}: {problem}"))?;
    Ok(format!(
        "\n\n<podip-figure{}>\n\n<script type=\"text/podip-lesson\">\n{}\n</script>\n\n{}\n\n</podip-figure>\n\n",
        attributes_of(&others),
        text.trim_end(),
        poster(&title, &svg)
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

    /// A lesson of two steps on the built-in kind scenario.
    const LESSON: &str = "# Pod a\n\n- scenario: `kind`\n\nA pod gets an address.\n\n## a-reserved\n\n- waits for: `IPAMReserve pod/a`\n\nhost-local reserves .2. Its file is written.\n";

    fn lessons(path: &str) -> Result<LessonFile, String> {
        match path {
            "lessons/mine.md" => Ok(("src/lessons/mine.md".into(), LESSON.as_bytes().to_vec())),
            "lessons/broken.md" => Ok((
                "src/lessons/broken.md".into(),
                LESSON.replace("IPAMReserve", "IPAMReserved").into_bytes(),
            )),
            "lessons/script.md" => Ok((
                "src/lessons/script.md".into(),
                LESSON.replace("Its file", "</SCRIPT> file").into_bytes(),
            )),
            _ => Err(format!("{path}: no such file")),
        }
    }

    #[test]
    fn a_lesson_figure_carries_its_lesson_and_its_steps_picture() {
        let out = expand_with(
            "{{#podip lesson=lessons/mine.md step=1}}",
            "s.js",
            &mut lessons,
        )
        .expect("expands");
        assert!(
            out.contains(
                "\n\n<podip-figure step=\"1\">\n\n<script type=\"text/podip-lesson\">\n# Pod a\n"
            ),
            "{out}"
        );
        // The lesson's blank lines stay inside its script, a block of HTML to Markdown.
        assert!(out.contains("\n\n## a-reserved\n\n- waits for: `IPAMReserve pod/a`\n\nhost-local reserves .2. Its file is written.\n</script>\n\n<img alt=\""), "{out}");
        assert!(out.contains("</podip-figure>") && !out.contains("lesson=\""));
        let svg = STANDARD
            .decode(
                out.split("base64,")
                    .nth(1)
                    .and_then(|s| s.split('"').next())
                    .expect("a picture"),
            )
            .expect("base64");
        let svg = String::from_utf8(svg).expect("UTF-8");
        assert!(svg.contains("Pod a"), "the lesson's title in its poster");
    }

    #[test]
    fn a_broken_lesson_stops_the_build_at_its_file_and_line() {
        let err = expand_with(
            "{{#podip lesson=lessons/broken.md step=1}}",
            "s.js",
            &mut lessons,
        )
        .expect_err("broken");
        assert!(
            err.starts_with("src/lessons/broken.md:9: no event reason IPAMReserved"),
            "{err}"
        );
        let err = expand_with(
            "{{#podip lesson=lessons/mine.md step=2}}",
            "s.js",
            &mut lessons,
        )
        .expect_err("no step 2");
        assert!(
            err.contains("step=2 is past the lesson's last step (1)"),
            "{err}"
        );
        let err = expand_with("{{#podip lesson=lessons/script.md}}", "s.js", &mut lessons)
            .expect_err("</script");
        assert!(err.starts_with("src/lessons/script.md:11: "), "{err}");
        let err = expand_with("{{#podip lesson=lessons/none.md}}", "s.js", &mut lessons)
            .expect_err("no file");
        assert!(err.contains("no such file"), "{err}");
    }
}
