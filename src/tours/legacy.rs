//! The tours as Rust definitions, as they were before lessons: kept only to prove the lesson files
//! (`lessons/*.md`) say exactly what they said, then removed.

use super::{LessonText, ScenarioSource, Shows, TourId};
use crate::i18n::Text;
use crate::sim::{builtin, Reason};

/// One tour, as a Rust definition.
pub struct Tour {
    pub id: TourId,
    pub scenario: &'static str,
    pub title: Text,
    pub intro: Text,
    pub steps: &'static [Step],
    pub questions: &'static [Question],
    pub sources: &'static [Source],
}

/// One step, as a Rust definition.
pub struct Step {
    pub id: &'static str,
    pub waits_for: (Reason, &'static str),
    pub shows: &'static [On],
    pub command: Option<&'static str>,
    pub words: Text,
}

/// A source, as a Rust definition.
pub struct Source {
    pub label: &'static str,
    pub url: &'static str,
}

/// A question, as a Rust definition.
pub struct Question {
    pub before: &'static str,
    pub text: Text,
    pub choices: &'static [Text],
    pub correct: usize,
    pub why: Text,
}

/// What a step's picture must show on node `.0`.
pub struct On(pub &'static str, pub &'static [Shows<'static>]);

fn text(text: Text) -> LessonText {
    #[cfg(not(target_arch = "wasm32"))]
    return LessonText {
        en: text.en.to_string(),
        zh: Some(text.zh.to_string()),
        ja: Some(text.ja.to_string()),
    };
    #[cfg(target_arch = "wasm32")]
    LessonText::english(text.en)
}

/// The Rust definition as a tour.
pub fn converted(tour: &Tour) -> super::Tour {
    let name = tour.id.name();
    let scenario = match builtin::ALL.iter().find(|(_, text)| *text == tour.scenario) {
        Some(&(name, text)) => ScenarioSource::Builtin { name, text },
        None => ScenarioSource::Written(tour.scenario.to_string()),
    };
    super::Tour {
        name: name.to_string(),
        scenario,
        title: text(tour.title),
        intro: text(tour.intro),
        steps: (tour.steps.iter())
            .map(|step| super::Step {
                id: step.id.to_string(),
                waits_for: (step.waits_for.0, step.waits_for.1.to_string()),
                shows: (step.shows.iter())
                    .map(|on| super::On::new(on.0, on.1.iter().copied()))
                    .collect(),
                command: step.command.map(str::to_string),
                words: text(step.words),
            })
            .collect(),
        questions: (tour.questions.iter())
            .map(|q| super::Question {
                before: q.before.to_string(),
                text: text(q.text),
                choices: q.choices.iter().map(|c| text(*c)).collect(),
                correct: q.correct,
                why: text(q.why),
            })
            .collect(),
        sources: (tour.sources.iter())
            .map(|s| super::Source {
                label: s.label.to_string(),
                url: s.url.to_string(),
            })
            .collect(),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::tours::lesson;

    /// `PODIP_EXPORT_LESSONS=1 cargo test --lib export_the_built_in_tours`: writes `lessons/*.md` from
    /// the Rust definitions.
    #[test]
    fn export_the_built_in_tours() {
        if std::env::var_os("PODIP_EXPORT_LESSONS").is_none() {
            return;
        }
        for id in TourId::ALL {
            let path = format!("{}/lessons/{}.md", env!("CARGO_MANIFEST_DIR"), id.name());
            std::fs::write(
                path,
                lesson::write(&converted(crate::tours::definition(id))),
            )
            .expect("written");
        }
    }

    fn same(what: &str, file: &LessonText, rust: Text, wrong: &mut Vec<String>) {
        for lang in Lang::ALL {
            let rust = rust.get(lang);
            if file.get(lang) != rust {
                wrong.push(format!(
                    "{what} ({}): file {:?}, Rust {rust:?}",
                    lang.tag(),
                    file.get(lang)
                ));
            }
        }
    }

    /// Every field of every step, question and source of each file, in all three languages, against
    /// the Rust definition; questions by the step they are asked before (a file writes each just
    /// before its step, so they are listed in the steps' order).
    #[test]
    fn each_lesson_file_reads_as_its_rust_definition() {
        let mut wrong = Vec::new();
        for id in TourId::ALL {
            let path = format!("{}/lessons/{}.md", env!("CARGO_MANIFEST_DIR"), id.name());
            let file = std::fs::read_to_string(&path).expect("a lesson file");
            let tour = match lesson::parse(id.name(), &file) {
                Ok(lesson) => lesson.tour,
                Err(problems) => panic!("{path}: {problems:?}"),
            };
            let rust = crate::tours::definition(id);
            let name = id.name();
            assert_eq!(tour.name, name);
            assert_eq!(tour.scenario(), rust.scenario, "{name}");
            same(
                &format!("{name} title"),
                &tour.title,
                rust.title,
                &mut wrong,
            );
            same(
                &format!("{name} intro"),
                &tour.intro,
                rust.intro,
                &mut wrong,
            );
            assert_eq!(tour.steps.len(), rust.steps.len(), "{name}");
            for (index, (step, was)) in tour.steps.iter().zip(rust.steps).enumerate() {
                let at = format!("{name} step {}", index + 1);
                assert_eq!(step.id, was.id, "{at}");
                assert_eq!(step.waits_for.0, was.waits_for.0, "{at}");
                assert_eq!(step.waits_for.1, was.waits_for.1, "{at}");
                let shows: Vec<super::super::On> = was
                    .shows
                    .iter()
                    .map(|on| super::super::On::new(on.0, on.1.iter().copied()))
                    .collect();
                assert_eq!(step.shows, shows, "{at}");
                let things: Vec<Vec<Shows>> =
                    step.shows.iter().map(|on| on.things().collect()).collect();
                let were: Vec<Vec<Shows>> = was.shows.iter().map(|on| on.1.to_vec()).collect();
                assert_eq!(things, were, "{at}");
                let nodes: Vec<&str> = step.shows.iter().map(|on| on.node.as_str()).collect();
                assert_eq!(
                    nodes,
                    was.shows.iter().map(|on| on.0).collect::<Vec<_>>(),
                    "{at}"
                );
                assert_eq!(step.command.as_deref(), was.command, "{at}");
                same(&at, &step.words, was.words, &mut wrong);
                let asked = tour.question_before(index);
                let was_asked = rust.questions.iter().find(|q| q.before == was.id);
                assert_eq!(asked.is_some(), was_asked.is_some(), "{at}");
                if let (Some(q), Some(was_q)) = (asked, was_asked) {
                    same(&format!("{at} question"), &q.text, was_q.text, &mut wrong);
                    assert_eq!(q.choices.len(), was_q.choices.len(), "{at}");
                    for (c, (choice, was_choice)) in q.choices.iter().zip(was_q.choices).enumerate()
                    {
                        same(
                            &format!("{at} choice {}", c + 1),
                            choice,
                            *was_choice,
                            &mut wrong,
                        );
                    }
                    assert_eq!(q.correct, was_q.correct, "{at}");
                    same(&format!("{at} why"), &q.why, was_q.why, &mut wrong);
                }
            }
            assert_eq!(tour.questions.len(), rust.questions.len(), "{name}");
            let sources: Vec<(&str, &str)> = tour
                .sources
                .iter()
                .map(|s| (s.label.as_str(), s.url.as_str()))
                .collect();
            let were: Vec<(&str, &str)> = rust.sources.iter().map(|s| (s.label, s.url)).collect();
            assert_eq!(sources, were, "{name}");
            // The file is the writer's form of what it holds.
            assert_eq!(lesson::write(&tour), file, "{path}");
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
