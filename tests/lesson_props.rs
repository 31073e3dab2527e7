//! A lesson file read and written: any tour the writer writes is read back as that tour, and no file —
//! random text, random bytes, lesson-like lines in any order — makes the reader do more than report
//! its problems.
#![cfg(not(target_arch = "wasm32"))]

use podip::i18n::Lang;
use podip::sim::builtin;
use podip::tours::lesson::{self, reasons::REASONS};
use podip::tours::{LessonText, On, Question, ScenarioSource, Shows, Source, Step, Tour};
use proptest::prelude::*;
use proptest::sample::select;

/// A text as a lesson holds one: one line, no space at either end, not empty.
fn arb_line() -> impl Strategy<Value = String> {
    "[ -~\u{00e9}\u{4e2d}\u{3042}]{1,40}".prop_filter_map("a text", |text| {
        let text = text.trim().to_string();
        (!text.is_empty()).then_some(text)
    })
}

/// A text in English, with a translation or not into each language (one that says the same as the
/// English is left out by the writer, so it is not generated).
fn arb_text() -> impl Strategy<Value = LessonText> {
    (
        arb_line(),
        proptest::option::of(arb_line()),
        proptest::option::of(arb_line()),
    )
        .prop_map(|(en, zh, ja)| LessonText {
            zh: zh.filter(|zh| *zh != en),
            ja: ja.filter(|ja| *ja != en),
            en,
            of: [None; 2],
        })
}

fn arb_name() -> impl Strategy<Value = String> {
    "[a-z0-9][a-z0-9.:/-]{0,9}"
}

/// What one node's picture shows: things named as the stage names them, a packet after them.
fn arb_on() -> impl Strategy<Value = On> {
    let thing = (0usize..15, arb_name(), "[A-Z]{1,6}").prop_map(|(kind, name, state)| match kind {
        0 => format!("node:{name}"),
        1 => format!("pod:{name}"),
        2 => format!("address:{name}"),
        3 => format!("pod-cidr:{name}"),
        4 => format!("ip-file:{name}"),
        5 => format!("veth:{name}"),
        6 => format!("route:{name}"),
        7 => format!("route-dev:{name}"),
        8 => format!("veth-address:{name}"),
        9 => format!("bridge:{name}"),
        10 => format!("gateway:{name}"),
        11 => format!("neighbour:{name}"),
        12 => format!("neighbour-state:{name}:{state}"),
        13 => format!("file:{name}"),
        _ => format!("subnet-env:{name}"),
    });
    (
        "[a-z][a-z0-9-]{0,8}",
        proptest::collection::vec(thing, 1..4),
        proptest::option::of(("[a-z]{1,4}", "[a-z]{1,4}")),
    )
        .prop_map(|(node, things, packet)| {
            let mut shown: Vec<Shows> = things.iter().filter_map(|t| Shows::parse(t)).collect();
            if let Some((from, to)) = &packet {
                shown.push(Shows::Packet(from, to));
            }
            On::new(&node, shown)
        })
}

fn arb_step() -> impl Strategy<Value = Step> {
    (
        select(REASONS.to_vec()),
        "[a-z]{1,9}/[a-z0-9-]{1,9}",
        proptest::collection::vec(arb_on(), 0..3),
        proptest::option::of(arb_line()),
        arb_text(),
    )
        .prop_map(|(reason, object, shows, command, words)| Step {
            id: String::new(),
            waits_for: (reason, object),
            shows,
            command,
            words,
        })
}

fn arb_question() -> impl Strategy<Value = Question> {
    (
        proptest::collection::vec(arb_text(), 2..5),
        any::<prop::sample::Index>(),
        arb_text(),
        arb_text(),
    )
        .prop_map(|(choices, correct, text, why)| Question {
            before: String::new(),
            correct: correct.index(choices.len()),
            choices,
            text,
            why,
        })
}

fn arb_tour() -> impl Strategy<Value = Tour> {
    let scenario =
        (select(builtin::ALL.to_vec()), any::<bool>()).prop_map(|((name, text), written)| {
            match written {
                true => ScenarioSource::Written(text.to_string()),
                false => ScenarioSource::Builtin { name, text },
            }
        });
    let source = ("[a-z0-9/#-]{1,20}", "[a-z]{1,10}").prop_map(|(label, path)| Source {
        label,
        url: format!("https://example.com/{path}"),
    });
    (
        scenario,
        arb_text(),
        arb_text(),
        proptest::collection::vec((arb_step(), proptest::option::of(arb_question())), 1..6),
        proptest::collection::vec(source, 0..3),
    )
        .prop_map(|(scenario, title, intro, steps, sources)| {
            let mut tour = Tour {
                name: "prop".into(),
                scenario,
                title,
                intro,
                steps: Vec::new(),
                questions: Vec::new(),
                sources,
            };
            for (index, (mut step, question)) in steps.into_iter().enumerate() {
                step.id = format!("step-{index}");
                // Things of one node written one after another are one node's.
                let mut shows: Vec<On> = Vec::new();
                for on in step.shows {
                    match shows.last_mut().filter(|last| last.node == on.node) {
                        Some(last) => {
                            *last = On::new(
                                &on.node,
                                last.things().chain(on.things()).collect::<Vec<_>>(),
                            )
                        }
                        None => shows.push(on),
                    }
                }
                step.shows = shows;
                if let Some(mut question) = question {
                    question.before = step.id.clone();
                    tour.questions.push(question);
                }
                tour.steps.push(step);
            }
            tour
        })
}

/// Lines a lesson is made of, and some it is not.
fn arb_lesson_like() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        Just("# Title".to_string()),
        Just("## Question".to_string()),
        Just("## Sources".to_string()),
        Just("## a-step".to_string()),
        Just("### deeper".to_string()),
        Just("- scenario: `kind`".to_string()),
        Just("- waits for: `IPAMReserve pod/a`".to_string()),
        Just("- waits for: IPAMReserve".to_string()),
        Just("- shows: `pod:a@kind-worker` `packet:a>b`".to_string()),
        Just("- command: ``x` y``".to_string()),
        Just("- [x] right".to_string()),
        Just("- [ ] wrong".to_string()),
        Just("- [label](https://example.com)".to_string()),
        Just("<!-- zh --> 中文".to_string()),
        Just("<!-- ja -->".to_string()),
        Just("<!-- open".to_string()),
        Just("```podip".to_string()),
        Just("```".to_string()),
        Just("cluster --cluster-cidr=10.244.0.0/16".to_string()),
        Just(String::new()),
        ".{0,30}",
    ];
    proptest::collection::vec(line, 0..40).prop_map(|lines| lines.join("\n"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any tour the writer writes, the reader reads back as that tour, every language and field.
    #[test]
    fn a_written_tour_is_read_back_as_itself(tour in arb_tour()) {
        let text = lesson::write(&tour);
        match lesson::parse("prop", &text) {
            Ok(lesson) => prop_assert_eq!(lesson.tour, tour, "{}", text),
            Err(problems) => prop_assert!(false, "{:?}\n{}", problems, text),
        }
    }

    /// Random text never panics the reader, and a lesson it reads is written and read back the same.
    #[test]
    fn any_text_is_read_or_refused_with_its_lines(text in prop_oneof![".{0,400}", arb_lesson_like()]) {
        match lesson::parse("any", &text) {
            Ok(lesson) => {
                let again = lesson::parse("any", &lesson::write(&lesson.tour)).map(|l| l.tour);
                prop_assert_eq!(again, Ok(lesson.tour));
            }
            Err(problems) => {
                let lines = text.lines().count().max(1);
                prop_assert!(!problems.is_empty());
                prop_assert!(problems.iter().all(|p| (1..=lines + 1).contains(&p.line)), "{:?}", problems);
            }
        }
    }

    /// Random bytes are read as text or refused as not UTF-8, at a line of the file.
    #[test]
    fn any_bytes_are_read_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = lesson::parse_bytes("bytes", &bytes);
    }

    /// A built-in lesson with lines dropped or repeated is read or refused, never more.
    #[test]
    fn a_damaged_built_in_lesson_is_read_or_refused(
        which in 0usize..10,
        cuts in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..3), 1..8),
    ) {
        let id = podip::tours::TourId::ALL[which];
        let mut lines: Vec<&str> = id.source().lines().collect();
        for (at, how) in cuts {
            let at = at.index(lines.len());
            match how {
                0 => { lines.remove(at); }
                1 => lines.insert(at, lines[at]),
                _ => lines.swap(at, 0),
            }
        }
        let _ = lesson::check(id.name(), &lines.join("\n"));
    }
}

/// The English a lesson lacks in no language: reading with the Chinese gives the English where none is
/// written.
#[test]
fn a_missing_translation_is_the_english() {
    let text = LessonText::english("10.244.1.2");
    for lang in Lang::ALL {
        assert_eq!(text.get(lang), "10.244.1.2");
    }
    assert!(!text.has(Lang::Zh));
}
