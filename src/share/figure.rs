//! A `<podip-figure>` element's attributes, read into the view it draws: a built-in tour (`tour=`), a
//! lesson (`lesson="URL"`, or a child `<script type="text/podip-lesson">`) or a scenario of its own (a
//! child `<script type="text/podip">`), where to show it (`step=` or `t=`),
//! `lang=`, `theme=`, `controls=` (`none`, `step`, `full`), `autoplay` and `caption=` (`step`, `none`).
//! The values a link also carries are read by [`Link::parse`], so a figure accepts what a link
//! accepts; a value it cannot use is refused whole, with the attribute named, and the figure shows why.

use super::{Link, LinkProblem, Theme, MAX_SCENARIO_LEN};
use crate::i18n::Lang;
use crate::ipam::goip::GoQuoted;
use crate::sim::VirtualTime;
use crate::tours::{lesson, TourId};
use std::borrow::Cow;
use std::fmt;

/// What the reader can do with a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Controls {
    /// A picture only (it still plays with `autoplay`).
    None,
    /// Previous and next step (or event), and the step's count.
    #[default]
    Step,
    /// Play and pause as well.
    Full,
}

/// Where a figure's view comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FigureSource {
    /// A built-in tour, with its narration.
    Tour(TourId),
    /// A scenario text of the page's own.
    Scenario(String),
    /// A lesson file (`docs/lessons.md`), read and checked when the figure is built.
    Lesson(LessonFrom),
}

pub use super::LessonFrom;

/// The view a figure draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureSpec {
    /// What it shows.
    pub source: FigureSource,
    /// The tour step shown (from 0), if given.
    pub step: Option<usize>,
    /// The virtual time shown, if given (and no step).
    pub time: Option<VirtualTime>,
    /// Its language (the page's `lang` when the element names none).
    pub lang: Lang,
    /// Its colours; `None` follows the reader's `prefers-color-scheme`.
    pub theme: Option<Theme>,
    /// What the reader can do with it.
    pub controls: Controls,
    /// Plays from its view while on screen.
    pub autoplay: bool,
    /// Shows the tour step's words under the picture.
    pub caption: bool,
    /// Fills the box the page gives the element (an `aspect-ratio` or a height), the stage fitted to
    /// it: the page does not move when the figure takes over from the picture it held.
    pub fit: bool,
}

/// Why a figure cannot be drawn: said in the figure, in place of the picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FigureProblem {
    /// Neither `tour=`, a lesson nor a `<script type="text/podip">` child.
    NoScenario,
    /// More than one of `tour=`, a lesson and a scenario of its own.
    TourAndScenario,
    /// The lesson's address is not one a page fetches from.
    LessonAddress(String),
    /// An attribute's value is not one it accepts: (attribute, value as given, what it accepts).
    BadValue(&'static str, String, Cow<'static, str>),
    /// `step=` past the tour's last step: (step as given, the tour's steps).
    NoSuchStep(usize, usize),
    /// `step=` on a figure whose scenario is its own (it has no steps).
    StepWithoutTour,
    /// The inline scenario is longer than a link carries.
    ScenarioTooLong(usize),
    /// The inline scenario does not read (`line N: …`).
    Scenario(String),
}

impl fmt::Display for FigureProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FigureProblem::NoScenario => f.write_str(
                "a figure needs tour=\"…\", lesson=\"…\" or a <script type=\"text/podip\"> with a scenario inside it",
            ),
            FigureProblem::TourAndScenario => f.write_str(
                "a figure shows one of a tour, a lesson or a scenario of its own, not both",
            ),
            FigureProblem::LessonAddress(why) => f.write_str(why),
            FigureProblem::BadValue(name, value, accepted) => write!(
                f,
                "{name}={} is not valid: {accepted}",
                GoQuoted(value)
            ),
            FigureProblem::NoSuchStep(step, steps) => {
                write!(f, "step={step} is past the tour's last step ({steps})")
            }
            FigureProblem::StepWithoutTour => f.write_str(
                "step= needs a tour or a lesson; a scenario of the figure's own is shown at a time (t=\"4.5s\")",
            ),
            FigureProblem::ScenarioTooLong(len) => write!(
                f,
                "the scenario is {len} bytes long, more than the {MAX_SCENARIO_LEN} accepted"
            ),
            FigureProblem::Scenario(text) => f.write_str(text),
        }
    }
}

/// What each attribute a link also carries accepts, as the figure says it.
fn accepted(name: &str) -> Cow<'static, str> {
    match name {
        "tour" => Cow::Owned(format!("one of {}", TourId::names())),
        "step" => "a step of the tour, counted from 1".into(),
        "t" => "a time such as 4.5s, 300ms or 1m".into(),
        "lang" => "en, zh or ja".into(),
        "theme" => "light or dark".into(),
        _ => "".into(),
    }
}

/// The element's attributes, every one [`FigureSpec::read`] reads.
pub const ATTRIBUTES: [&str; 10] = [
    "tour", "lesson", "step", "t", "lang", "theme", "controls", "autoplay", "caption", "fit",
];

impl FigureSpec {
    /// The figure whose attribute `name` is `attribute(name)` and whose own scenario, if it has one, is
    /// `inline`; `page_lang` is the language of the page it is in (`<html lang>`), used when the
    /// figure names none. The scenario is only measured here: it is read when the figure is built.
    pub fn read(
        attribute: impl Fn(&str) -> Option<String>,
        inline: Option<&str>,
        page_lang: Option<&str>,
    ) -> Result<FigureSpec, FigureProblem> {
        FigureSpec::read_with_lesson(attribute, inline, None, page_lang)
    }

    /// [`FigureSpec::read`] of a figure that may also hold a lesson written inside it (`written`).
    pub fn read_with_lesson(
        attribute: impl Fn(&str) -> Option<String>,
        inline: Option<&str>,
        written: Option<&str>,
        page_lang: Option<&str>,
    ) -> Result<FigureSpec, FigureProblem> {
        let mut query = form_urlencoded::Serializer::new(String::new());
        for name in ["tour", "step", "t", "lang", "theme"] {
            if let Some(value) = attribute(name) {
                query.append_pair(name, &value);
            }
        }
        // No `s=` is written above: nothing is inflated (and the inflater stays out of the page's wasm).
        let (link, problems) = Link::parse_with(&query.finish(), |_| Err(LinkProblem::BadDeflate));
        if let Some(problem) = problems.into_iter().next() {
            return Err(match problem {
                LinkProblem::BadValue(name, value) => {
                    FigureProblem::BadValue(name, value, accepted(name))
                }
                other => FigureProblem::Scenario(other.to_string()),
            });
        }
        let inline = inline.map(str::trim).filter(|text| !text.is_empty());
        let lesson = match (
            attribute("lesson"),
            written.filter(|t| !t.trim().is_empty()),
        ) {
            (Some(_), Some(_)) => return Err(FigureProblem::TourAndScenario),
            (Some(at), None) => Some(LessonFrom::At(
                lesson::address::fetchable(&at)
                    .map_err(FigureProblem::LessonAddress)?
                    .to_string(),
            )),
            (None, Some(text)) => Some(LessonFrom::Written(text.to_string())),
            (None, None) => None,
        };
        let tour = link.tour.as_deref().and_then(TourId::from_name);
        let source = match (tour, inline, lesson) {
            (Some(tour), None, None) => FigureSource::Tour(tour),
            (None, Some(text), None) if text.len() > MAX_SCENARIO_LEN => {
                return Err(FigureProblem::ScenarioTooLong(text.len()))
            }
            (None, Some(text), None) => FigureSource::Scenario(format!("{text}\n")),
            (None, None, Some(lesson)) => FigureSource::Lesson(lesson),
            (None, None, None) => return Err(FigureProblem::NoScenario),
            _ => return Err(FigureProblem::TourAndScenario),
        };
        match (&source, link.step) {
            (FigureSource::Scenario(_), Some(_)) => return Err(FigureProblem::StepWithoutTour),
            (FigureSource::Tour(tour), Some(step)) if step >= tour.tour().steps.len() => {
                return Err(FigureProblem::NoSuchStep(step + 1, tour.tour().steps.len()))
            }
            _ => {}
        }
        let controls = match attribute("controls").as_deref().map(str::trim) {
            None | Some("step") => Controls::Step,
            Some("none") => Controls::None,
            Some("full") => Controls::Full,
            Some(other) => {
                return Err(FigureProblem::BadValue(
                    "controls",
                    other.to_string(),
                    "none, step or full".into(),
                ))
            }
        };
        // A boolean attribute: present (`autoplay`, `autoplay=""`) is on, as HTML's own are.
        let flag = |name: &'static str, accepted: &'static str| match attribute(name)
            .as_deref()
            .map(str::trim)
        {
            None | Some("false") => Ok(false),
            Some("" | "true") => Ok(true),
            Some(other) if other == name => Ok(true),
            Some(other) => Err(FigureProblem::BadValue(
                name,
                other.to_string(),
                accepted.into(),
            )),
        };
        let autoplay = flag("autoplay", "present (autoplay) or absent")?;
        let fit = flag("fit", "present (fit) or absent")?;
        let caption = match attribute("caption").as_deref().map(str::trim) {
            None | Some("step") => !matches!(source, FigureSource::Scenario(_)),
            Some("none") => false,
            Some(other) => {
                return Err(FigureProblem::BadValue(
                    "caption",
                    other.to_string(),
                    "step or none".into(),
                ))
            }
        };
        Ok(FigureSpec {
            step: link.step,
            time: link.step.is_none().then_some(link.time).flatten(),
            lang: link
                .lang
                .or_else(|| page_lang.and_then(Lang::from_tag))
                .unwrap_or_default(),
            theme: link.theme,
            source,
            controls,
            autoplay,
            caption,
            fit,
        })
    }

    /// [`FigureSpec::read`] with the attributes given as (name, value) pairs (the command line's options).
    pub fn read_pairs(
        attributes: &[(&str, &str)],
        inline: Option<&str>,
        page_lang: Option<&str>,
    ) -> Result<FigureSpec, FigureProblem> {
        let attribute = |name: &str| {
            attributes
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        };
        FigureSpec::read(attribute, inline, page_lang)
    }

    /// The same view in the full app (its "Open in podip ↗").
    pub fn link(&self) -> Link {
        let (tour, scenario) = match &self.source {
            FigureSource::Tour(tour) => (Some(tour.name().to_string()), None),
            FigureSource::Scenario(text) => (None, Some(text.clone())),
            // The lesson's own scenario, once read, is the figure's to give ([`FigureSpec::lesson_link`]).
            FigureSource::Lesson(_) => (None, None),
        };
        Link {
            tour,
            scenario,
            step: self.step,
            time: self.time,
            lang: Some(self.lang),
            theme: self.theme,
            ..Link::default()
        }
    }

    /// The view of a lesson figure in the full app: the lesson's scenario at the step's time
    /// `at` (a lesson of its own is carried by a link of its own, `?lesson=`, not this one).
    pub fn lesson_link(&self, scenario: &str, at: VirtualTime) -> Link {
        Link {
            scenario: Some(scenario.to_string()),
            time: Some(at),
            step: None,
            ..self.link()
        }
    }

    /// The scenario text the figure runs, and its tour; `None` for a lesson, whose scenario is known
    /// once the lesson is read.
    pub fn scenario(&self) -> Option<(&str, Option<TourId>)> {
        match &self.source {
            FigureSource::Tour(tour) => Some((tour.tour().scenario(), Some(*tour))),
            FigureSource::Scenario(text) => Some((text, None)),
            FigureSource::Lesson(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`ATTRIBUTES`] is what `read` asks for, no more and no fewer.
    #[test]
    fn the_attributes_listed_are_the_ones_read() {
        let asked = std::cell::RefCell::new(Vec::new());
        let _ = FigureSpec::read(
            |name| {
                asked.borrow_mut().push(name.to_string());
                (name == "tour").then(|| "kind".to_string())
            },
            None,
            None,
        );
        let mut asked = asked.into_inner();
        asked.sort();
        asked.dedup();
        let mut listed = ATTRIBUTES.map(String::from).to_vec();
        listed.sort();
        assert_eq!(asked, listed);
    }

    fn read(
        attributes: &[(&str, &str)],
        inline: Option<&str>,
    ) -> Result<FigureSpec, FigureProblem> {
        FigureSpec::read_pairs(attributes, inline, Some("en"))
    }

    #[test]
    fn a_tour_step_in_japanese_dark() {
        let spec = read(
            &[
                ("tour", "kind"),
                ("step", "8"),
                ("lang", "ja"),
                ("theme", "dark"),
                ("autoplay", ""),
            ],
            None,
        )
        .expect("a figure");
        assert_eq!(spec.source, FigureSource::Tour(TourId::Kind));
        assert_eq!((spec.step, spec.time), (Some(7), None));
        assert_eq!((spec.lang, spec.theme), (Lang::Ja, Some(Theme::Dark)));
        assert_eq!(
            (spec.controls, spec.autoplay, spec.caption),
            (Controls::Step, true, true)
        );
        assert_eq!(
            spec.link().to_query(),
            "?tour=kind&step=8&lang=ja&theme=dark"
        );
    }

    #[test]
    fn an_inline_scenario_at_a_time_in_the_pages_language() {
        let text = "  node add a\n pod add a x\n";
        let spec = FigureSpec::read(
            |name| (name == "t").then(|| "2s".to_string()),
            Some(text),
            Some("zh-CN"),
        )
        .expect("a figure");
        assert_eq!(
            spec.source,
            FigureSource::Scenario("node add a\n pod add a x\n".into())
        );
        assert_eq!(
            (spec.time, spec.lang, spec.caption),
            (Some(VirtualTime(2_000)), Lang::Zh, false)
        );
        assert_eq!(spec.scenario(), Some(("node add a\n pod add a x\n", None)));
    }

    #[test]
    fn each_bad_attribute_is_refused_by_name() {
        type Case<'a> = (&'a [(&'a str, &'a str)], Option<&'a str>, &'a str);
        let cases: [Case; 9] = [
            (&[], None, "a figure needs tour=\"…\""),
            (&[("tour", "kind")], Some("node add a"), "not both"),
            (
                &[("tour", "nope")],
                None,
                "tour=\"nope\" is not valid: one of kind",
            ),
            (
                &[("tour", "kind"), ("step", "0")],
                None,
                "step=\"0\" is not valid",
            ),
            (
                &[("tour", "kind"), ("step", "99")],
                None,
                "step=99 is past the tour's last step (10)",
            ),
            (&[("step", "2")], Some("node add a"), "step= needs a tour"),
            (
                &[("tour", "kind"), ("controls", "some")],
                None,
                "controls=\"some\" is not valid: none, step or full",
            ),
            (
                &[("tour", "kind"), ("lang", "fr")],
                None,
                "lang=\"fr\" is not valid: en, zh or ja",
            ),
            (
                &[("tour", "kind"), ("t", "soon")],
                None,
                "t=\"soon\" is not valid",
            ),
        ];
        for (attributes, inline, said) in cases {
            let problem = read(attributes, inline).expect_err("refused");
            assert!(
                problem.to_string().contains(said),
                "{attributes:?}: {problem}"
            );
        }
    }

    #[test]
    fn a_step_wins_over_a_time_and_controls_and_caption_read_their_words() {
        let spec = read(
            &[
                ("tour", "planning"),
                ("step", "2"),
                ("t", "9s"),
                ("controls", "none"),
                ("caption", "none"),
            ],
            None,
        )
        .expect("a figure");
        assert_eq!((spec.step, spec.time), (Some(1), None));
        assert_eq!((spec.controls, spec.caption), (Controls::None, false));
        let full = read(&[("tour", "kind"), ("controls", "full")], None).expect("a figure");
        assert_eq!(full.controls, Controls::Full);
        assert!(!full.autoplay);
    }

    #[test]
    fn a_lesson_by_address_or_written_inside_with_its_step_and_caption() {
        let spec = read(&[("lesson", " lessons/mine.md "), ("step", "3")], None).expect("a figure");
        assert_eq!(
            spec.source,
            FigureSource::Lesson(LessonFrom::At("lessons/mine.md".into()))
        );
        assert_eq!(
            (spec.step, spec.caption, spec.scenario()),
            (Some(2), true, None)
        );
        let written = FigureSpec::read_with_lesson(
            |name| (name == "step").then(|| "1".to_string()),
            None,
            Some("# Mine\n"),
            None,
        )
        .expect("a figure");
        assert_eq!(
            written.source,
            FigureSource::Lesson(LessonFrom::Written("# Mine\n".into()))
        );
        let link = written.lesson_link("node add a\n", VirtualTime(2_000));
        assert_eq!(
            (link.scenario.as_deref(), link.time, link.step),
            (Some("node add a\n"), Some(VirtualTime(2_000)), None)
        );
    }

    #[test]
    fn a_lesson_is_refused_beside_a_tour_or_scenario_and_from_elsewhere() {
        let lesson = |attributes: &[(&str, &str)], inline, written| {
            FigureSpec::read_with_lesson(
                |name| {
                    attributes
                        .iter()
                        .find(|(n, _)| *n == name)
                        .map(|(_, v)| v.to_string())
                },
                inline,
                written,
                None,
            )
            .expect_err("refused")
            .to_string()
        };
        let both = "one of a tour, a lesson or a scenario";
        assert!(lesson(&[("lesson", "a.md"), ("tour", "kind")], None, None).contains(both));
        assert!(lesson(&[("lesson", "a.md")], Some("node add a"), None).contains(both));
        assert!(lesson(&[("lesson", "a.md")], None, Some("# A")).contains(both));
        assert!(lesson(&[("lesson", "javascript:alert(1)")], None, None).contains("is javascript:"));
        assert!(lesson(&[("lesson", "http://example.org/a.md")], None, None).contains("is http:"));
    }
}
