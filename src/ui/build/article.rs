//! The article's pages (`read/`, `ja/read/`, `zh/read/`), rendered at build time from
//! [`crate::article`] with Yew's server-side rendering: the prose, each section's question as a
//! `<details>` to open once predicted, and each figure as a `<podip-figure>` holding its SVG (so the page
//! reads and prints without JavaScript), which `podip-figure.js` brings alive.

use super::figure_svg::{lang_dir, tour_figure_at, FigureFile};
use super::prerender::escape;
use crate::article::{Figure, Section, LEDE, SECTIONS, STORIES, TITLE};
use crate::i18n::{text, ui as t, Lang, Text};
use crate::playback::figure::Runs;
pub use crate::share::pages::article_path;
use crate::share::pages::page_path;
use crate::share::Theme;
use crate::tours::Question;
use crate::ui::figure::article_parts::{shell, tour_figure, Picture};
use crate::ui::figure::sentence::Sentence;
use lol_html::{element, rewrite_str, RewriteStrSettings};
use yew::prelude::*;

/// The table of contents' heading.
const CONTENTS: Text = text! { en: "Contents", zh: "目录", ja: "目次" };
/// Beside a question: opening it shows the answer.
const ANSWER: Text = text! { en: "the answer", zh: "答案", ja: "答え" };
/// Above the question, inviting a guess.
const PREDICT: Text = text! { en: "Predict first", zh: "先预测一下", ja: "まず予想" };
/// The link back to the app.
const OPEN_APP: Text = text! { en: "podip itself", zh: "podip 本身", ja: "podip 本体" };

/// The article's own words beyond [`crate::article::texts`], for the tests.
pub fn texts() -> Vec<(String, Text)> {
    [
        ("contents", CONTENTS),
        ("answer", ANSWER),
        ("predict", PREDICT),
        ("open app", OPEN_APP),
    ]
    .into_iter()
    .map(|(name, text)| (format!("article {name}"), text))
    .collect()
}

/// The width the article's figures are drawn at: its column's, so the picture before the script and the
/// live figure after it are laid out alike.
const COLUMN_W: u32 = 720;
/// The live figure's rows beyond its stage (the nodes' switcher and the controls), less the SVG's title
/// band: its box is this much taller than the SVG, so the stage gets the SVG's height.
const LIVE_ROWS_H: u32 = 28;
/// A phone's column: its figures are laid out at this width, where the controls take a second line
/// (this much more), so that each figure's box holds its whole stage there too.
const PHONE_W: u32 = 340;
const PHONE_BAR_H: u32 = 32;
/// On a wide screen (a projector) the figures leave the text's column for this width, where the stage
/// sets the nodes side by side; their boxes take the stage's proportions there.
const WIDE_W: u32 = 1080;

/// A section's figure as the build drew it.
#[derive(Clone, PartialEq)]
struct Drawn {
    figure: Figure,
    /// Its picture, whose height holds the figure's place before it loads, and whose words are the
    /// SVG's own title (the story, the step and the time).
    picture: Picture,
    /// The section's commands run at the figure's moment, as printed.
    shell: Vec<String>,
}

#[derive(Properties, PartialEq)]
struct ArticleProps {
    lang: Lang,
    /// Each section's figure as drawn, in order.
    drawn: Vec<Option<Drawn>>,
}

#[function_component(ArticlePage)]
fn article_page(props: &ArticleProps) -> Html {
    let lang = props.lang;
    // The app's page in this language, relative to the `<base>` (the app's root).
    let home = match page_path((lang != Lang::En).then_some(lang), None) {
        path if path.is_empty() => "./".to_string(),
        path => path,
    };
    html! {
        <>
        <header class="article-head">
            <a class="article-home" href={home.clone()}>{ "podip" }</a>
            <nav class="article-langs" aria-label={t::LANGUAGE.get(lang)}>
                { for Lang::ALL.into_iter().map(|other| html! {
                    <a href={article_path(other)} hreflang={other.tag()} lang={other.tag()}
                        aria-current={(other == lang).then_some("page")}>{ other.native_name() }</a>
                }) }
            </nav>
        </header>
        <main class="article" data-testid="article">
            <h1>{ TITLE.get(lang) }</h1>
            <p class="article-lede">{ LEDE.get(lang) }</p>
            <nav class="article-toc" aria-labelledby="article-contents">
                <h2 id="article-contents">{ CONTENTS.get(lang) }</h2>
                <ol>
                    { for SECTIONS.iter().map(|s| html! { <li><a href={format!("#{}", s.id)}>{ s.title.get(lang) }</a></li> }) }
                </ol>
            </nav>
            { for SECTIONS.iter().zip(&props.drawn).map(|(section, drawn)| view_section(section, drawn.as_ref(), lang, &home)) }
        </main>
        </>
    }
}

/// One section: its heading (a link to itself), the question before its figure's step, its paragraphs,
/// and its figure with its commands; the first section's figure and commands follow its explorable
/// sentence.
fn view_section(section: &Section, drawn: Option<&Drawn>, lang: Lang, home: &str) -> Html {
    let question = section
        .figure
        .and_then(|f| f.tour.tour().question_before(f.step));
    let heading = format!("{}-title", section.id);
    html! {
        <section id={section.id} class="article-section" aria-labelledby={heading.clone()} data-testid={format!("section-{}", section.id)}>
            <h2 id={heading}><a href={format!("#{}", section.id)}>{ section.title.get(lang) }</a></h2>
            // Asked before the prose, which tells the answer.
            { for question.map(|q| view_question(q, lang)) }
            { for section.body.iter().map(|p| html! { <p>{ p.get(lang) }</p> }) }
            if let Some(drawn) = drawn {
                if section.id == SECTIONS[0].id {
                    <podip-sentence><Sentence {lang} picture={drawn.picture.clone()} /></podip-sentence>
                } else {
                    { tour_figure(drawn.figure, lang, &drawn.picture) }
                    if !drawn.shell.is_empty() {
                        { shell(&drawn.shell) }
                    }
                }
            }
            if section.id == "next" {
                <ul class="article-next">
                    { for STORIES.iter().map(|tour| html! {
                        <li><a href={format!("{}tour/{}/", home.trim_start_matches("./"), tour.name())}>{ tour.tour().title.get(lang) }</a></li>
                    }) }
                    <li><a href={format!("{home}#import-title")}>{ t::IMPORT_TITLE.get(lang) }</a></li>
                    <li><a href={home.to_string()}>{ OPEN_APP.get(lang) }</a></li>
                </ul>
            }
        </section>
    }
}

/// A tour's question and its choices, to predict before reading on; "the answer" opens to the right
/// choice and why.
fn view_question(question: &Question, lang: Lang) -> Html {
    html! {
        <div class="article-question" data-testid="question">
            <p class="article-predict">{ PREDICT.get(lang) }</p>
            <p class="article-ask">{ question.text.get(lang) }</p>
            <ol class="article-choices">
                { for question.choices.iter().enumerate().map(|(i, choice)| html! {
                    <li data-correct={(i == question.correct).to_string()}>{ choice.get(lang) }</li>
                }) }
            </ol>
            <details>
                <summary>{ ANSWER.get(lang) }</summary>
                <p><strong>{ "✓ " }{ question.choices[question.correct].get(lang) }</strong></p>
                <p>{ question.why.get(lang) }</p>
            </details>
        </div>
    }
}

/// Where the build writes the article's picture of `figure` in `lang` (below the app's root).
pub fn article_figure_path(lang: Lang, figure: Figure) -> String {
    format!(
        "figures/{}/{}/{}-{COLUMN_W}.svg",
        lang_dir(lang),
        figure.tour.name(),
        figure.step + 1
    )
}

/// The article in `lang` as a whole page, and its figures' pictures by their paths: `template` (the
/// built `index.html`) gives its `<base>`, icon and stylesheet; the figures are drawn through `runs`;
/// their engine is fetched by `podip-figure.js` only when a figure or the sentence needs it.
pub fn article_html(
    template: &str,
    lang: Lang,
    runs: &mut Runs,
) -> Result<(String, Vec<(String, String)>), String> {
    let mut pictures = Vec::new();
    let drawn = SECTIONS
        .iter()
        .map(|section| {
            section
                .figure
                .map(|figure| {
                    // The picture at the column's width; the stage's height at a phone's and a
                    // wide screen's, for their boxes.
                    let mut draw = |width| {
                        tour_figure_at(runs, figure.tour, figure.step, lang, Theme::Light, width)
                    };
                    let FigureFile {
                        svg,
                        title: alt,
                        height,
                    } = draw(COLUMN_W)?;
                    let phone_height = draw(PHONE_W)?.height;
                    let wide_height = draw(WIDE_W)?.height;
                    let mut cursor =
                        runs.cursor(figure.tour.tour().scenario(), Some(figure.tour))?;
                    cursor.go_to_step(figure.step);
                    cursor.finish();
                    let shell = section
                        .shell
                        .iter()
                        .map(|command| {
                            command
                                .run(cursor.sim())
                                .map(|ran| ran.to_string())
                                .ok_or_else(|| {
                                    format!(
                                        "{}: {command:?} prints nothing at step {}",
                                        section.id,
                                        figure.step + 1
                                    )
                                })
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    pictures.push((article_figure_path(lang, figure), svg));
                    Ok::<_, String>(Drawn {
                        figure,
                        picture: Picture {
                            src: article_figure_path(lang, figure),
                            alt,
                            width: COLUMN_W.to_string(),
                            height: height.to_string(),
                            // A phone's box and a wide screen's are the stylesheet's choice, from
                            // their own proportions.
                            style: format!(
                                "aspect-ratio: {COLUMN_W} / {}; --phone-ratio: {PHONE_W} / {}; --wide-ratio: {WIDE_W} / {}",
                                height + LIVE_ROWS_H,
                                phone_height + LIVE_ROWS_H + PHONE_BAR_H,
                                wide_height + LIVE_ROWS_H
                            ),
                        },
                        shell,
                    })
                })
                .transpose()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let renderer =
        yew::LocalServerRenderer::<ArticlePage>::with_props(ArticleProps { lang, drawn })
            .hydratable(false);
    let body = futures::executor::block_on(renderer.render());
    let alternates: String = Lang::ALL
        .into_iter()
        .map(|other| {
            format!(
                "<link rel=\"alternate\" hreflang=\"{}\" href=\"{}\">",
                other.tag(),
                article_path(other)
            )
        })
        .collect();
    let html = format!(
        "<!DOCTYPE html><html lang=\"{tag}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title} — podip</title><meta name=\"description\" content=\"{description}\"><meta property=\"og:type\" content=\"article\"><meta property=\"og:title\" content=\"{title}\"><meta property=\"og:description\" content=\"{description}\"><meta property=\"og:locale\" content=\"{locale}\">{head}{alternates}<script type=\"module\" src=\"podip-figure.js\"></script></head><body class=\"article-page\">{body}</body></html>\n",
        tag = lang.tag(),
        title = escape(TITLE.get(lang)),
        description = escape(LEDE.get(lang)),
        // How a link to the page is previewed: its title, its lede, its language.
        locale = match lang {
            Lang::En => "en_US",
            Lang::Zh => "zh_CN",
            Lang::Ja => "ja_JP",
        },
        head = head_tags(template),
    );
    Ok((html, pictures))
}

/// The `<base>`, the icon and the stylesheet of the built `index.html`, written again from their
/// attributes.
fn head_tags(template: &str) -> String {
    let mut tags = String::new();
    let wanted = "base[href], link[rel=icon][href], link[rel=stylesheet][href]";
    let read = rewrite_str(
        template,
        RewriteStrSettings::new().append_element_content_handler(element!(wanted, |el| {
            let attributes: String = el
                .attributes()
                .iter()
                .map(|a| format!(" {}=\"{}\"", a.name(), escape(&a.value())))
                .collect();
            tags.push_str(&format!("<{}{attributes}>", el.tag_name()));
            Ok(())
        })),
    );
    read.map_or(String::new(), |_| tags)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many of the sections have a figure.
    fn figures() -> usize {
        SECTIONS.iter().filter(|s| s.figure.is_some()).count()
    }

    #[test]
    fn each_language_is_a_page_of_its_own_with_every_section_and_figure() {
        let template = r#"<!doctype html><html lang=en><meta charset=utf-8><title>podip</title><base href=/podip/><link href=/podip/favicon-1.svg rel=icon><link href=/podip/style-2.css rel=stylesheet><script>x</script><body><div id=podip></div>"#;
        let mut runs = Runs::default();
        let (ja, pictures) = article_html(template, Lang::Ja, &mut runs).expect("drawn");
        assert!(
            !ja.contains(".wasm"),
            "the figures' engine is fetched when a figure needs it"
        );
        assert_eq!(pictures.len(), figures());
        assert_eq!(pictures[0].0, "figures/ja/kind/1-720.svg");
        assert!(pictures[0].1.contains("viewBox=\"0 -56 720 "));
        assert!(
            ja.starts_with("<!DOCTYPE html><html lang=\"ja\"><head>"),
            "{ja}"
        );
        assert!(ja.contains("<title>Pod の IP はどこから来るのか — podip</title>"));
        assert!(ja.contains(
            "<meta property=\"og:title\" content=\"Pod の IP はどこから来るのか\"><meta property=\"og:description\" content=\"Pod のアドレスは"
        ));
        assert!(ja.contains("<meta property=\"og:locale\" content=\"ja_JP\">"));
        assert!(ja.contains(r#"<base href="/podip/"><link href="/podip/favicon-1.svg" rel="icon"><link href="/podip/style-2.css" rel="stylesheet">"#), "{ja}");
        assert!(!ja.contains("<script>x</script>"), "not the app's scripts");
        for section in SECTIONS {
            assert!(
                ja.contains(&format!("id=\"{}\"", section.id)),
                "{}",
                section.id
            );
        }
        let drawn = ja.matches("<podip-figure").count();
        assert_eq!(drawn, figures());
        assert!(
            ja.contains(r#"<podip-figure tour="kind" step="9" lang="ja" caption="none" fit="true" style="aspect-ratio: 720 / "#),
            "{ja}"
        );
        assert!(ja.contains(r#"src="figures/ja/kind/9-720.svg""#));
        assert_eq!(
            ja.matches("data-testid=\"question\"").count(),
            figures(),
            "each figure asks the question of its step"
        );
        assert!(
            ja.contains("href=\"ja/tour/reboot-leak/\""),
            "the stories in the reader's language"
        );
        assert!(
            ja.contains("kind-worker$ cat /run/cni-ipam-state/kindnet/10.244.1.2"),
            "the commands at the figure's moment"
        );
        assert_eq!(article_path(Lang::En), "read/");
        assert_eq!(article_path(Lang::Zh), "zh/read/");
    }
}
