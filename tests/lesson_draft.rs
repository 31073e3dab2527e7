//! A lesson written in the app (`podip::tours::lesson::draft`): steps added at an event, moved and
//! deleted, questions asked, written as a file that reads back as the same draft; every built-in
//! lesson goes through the draft unchanged.
#![cfg(not(target_arch = "wasm32"))]

use podip::i18n::Lang;
use podip::tours::lesson::draft::{insertion_point, Draft, Edit, Field};
use podip::tours::lesson::{self, Problem};
use podip::tours::TourId;
use proptest::prelude::*;

/// The draft the file `draft` writes reads back as.
fn read_back(draft: &Draft) -> Result<Draft, Vec<Problem>> {
    Draft::read(&draft.write())
}

#[test]
fn every_built_in_lesson_is_the_file_its_draft_writes() {
    for id in TourId::ALL {
        let path = format!("lessons/{}.md", id.name());
        let file = std::fs::read_to_string(&path).expect("a lesson file");
        let draft = Draft::read(&file).unwrap_or_else(|p| panic!("{path}: {p:?}"));
        assert_eq!(draft.write(), file, "{path}");
        assert_eq!(draft, Draft::of(id.tour()), "{path}");
        assert_eq!(read_back(&draft), Ok(draft.clone()), "{path}");
        assert_eq!(Draft::unkept(&draft.kept()), Some(draft), "{path}");
    }
}

/// Two steps and a question, as an author writes them in the app: the file checks against its run
/// and reads back as the draft written.
#[test]
fn a_lesson_written_step_by_step_checks_and_loads_back_identical() {
    let mut draft = Draft::empty();
    draft.edit(Edit::Title("Pod a's address".into()));
    draft.edit(Edit::Intro("host-local hands pod a its address.".into()));
    draft.edit(Edit::AddStep {
        at: 0,
        waits_for: "RouteAdded pod/a".into(),
    });
    // Added before it: its event comes first in the run.
    draft.edit(Edit::AddStep {
        at: 0,
        waits_for: "IPAMReserve pod/a".into(),
    });
    draft.edit(Edit::Words(0, "host-local reserves 10.244.1.2.".into()));
    draft.edit(Edit::Words(1, "ptp adds a /32 route.".into()));
    draft.edit(Edit::Question(0, true));
    draft.edit(Edit::QuestionText(
        0,
        "Which address does pod a get?".into(),
    ));
    draft.edit(Edit::Choice(0, 0, "10.244.1.1".into()));
    draft.edit(Edit::Choice(0, 1, "10.244.1.2".into()));
    draft.edit(Edit::Correct(0, 1));
    draft.edit(Edit::Why(0, "The gateway .1 is skipped.".into()));
    let ids: Vec<&str> = draft.steps.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["a-ipamreserve", "a-routeadded"]);
    let file = draft.write();
    let checked = lesson::check("mine", &file).unwrap_or_else(|p| panic!("{p:?}\n{file}"));
    assert_eq!(checked.lesson.tour.questions[0].before, "a-ipamreserve");
    assert_eq!(checked.lesson.tour.questions[0].correct, 1);
    assert_eq!(read_back(&draft), Ok(draft));
}

/// A bad event name is kept as typed, and the file says where it is.
#[test]
fn a_step_waiting_for_no_such_reason_is_reported_at_its_line() {
    let mut draft = Draft::empty();
    draft.edit(Edit::AddStep {
        at: 0,
        waits_for: "IPAMReserved pod/a".into(),
    });
    draft.edit(Edit::Words(0, "Reserved.".into()));
    assert_eq!(draft.steps[0].waits_for, "IPAMReserved pod/a");
    let problems = Draft::read(&draft.write()).unwrap_err();
    assert_eq!(problems[0].line, 9, "{}", draft.write());
    assert!(problems[0]
        .message
        .starts_with("no event reason IPAMReserved"));
}

#[test]
fn steps_move_and_go_and_an_edit_of_no_step_does_nothing() {
    let mut draft = Draft::empty();
    for event in ["IPAMReserve pod/a", "IPAMReserve pod/a", "RouteAdded pod/b"] {
        let at = draft.steps.len();
        draft.edit(Edit::AddStep {
            at,
            waits_for: event.into(),
        });
    }
    let ids = |d: &Draft| d.steps.iter().map(|s| s.id.clone()).collect::<Vec<_>>();
    assert_eq!(
        ids(&draft),
        ["a-ipamreserve", "a-ipamreserve-2", "b-routeadded"]
    );
    draft.edit(Edit::Move(2, true));
    assert_eq!(
        ids(&draft),
        ["a-ipamreserve", "b-routeadded", "a-ipamreserve-2"]
    );
    let before = draft.clone();
    for edit in [
        Edit::Move(0, true),
        Edit::Move(2, false),
        Edit::Delete(3),
        Edit::Words(7, "x".into()),
    ] {
        draft.edit(edit);
        assert_eq!(draft, before);
    }
    draft.edit(Edit::Delete(0));
    assert_eq!(ids(&draft), ["b-routeadded", "a-ipamreserve-2"]);
}

#[test]
fn a_step_added_at_an_event_goes_after_the_steps_placed_before_it() {
    // (steps' events, the event picked, where the step goes)
    let table: [(&[Option<usize>], usize, usize); 6] = [
        (&[], 5, 0),
        (&[Some(3), Some(8)], 1, 0),
        (&[Some(3), Some(8)], 3, 1),
        (&[Some(3), Some(8)], 5, 1),
        (&[Some(3), Some(8)], 9, 2),
        (&[Some(3), None, Some(8)], 5, 1),
    ];
    for (placed, event, at) in table {
        assert_eq!(insertion_point(placed, event), at, "{placed:?} {event}");
    }
}

/// Events a step may wait for (read, not run: the reader knows reasons, not the run).
const EVENTS: [&str; 4] = [
    "IPAMReserve pod/a",
    "RouteAdded pod/b",
    "PodCIDRPatched node/kind-worker",
    "SandboxCreated pod/web-1",
];

/// What an author does, with the text each typed part holds.
#[derive(Debug, Clone)]
enum Op {
    Add(usize, usize, String),
    Move(usize, bool),
    Delete(usize),
    Ask(usize, String, Vec<String>, usize, String),
    Shows(usize, Vec<usize>),
    Command(usize, String),
    Sources(Vec<(String, u16)>),
    /// Translate the text at an index of the draft's fields into Chinese (`true`) or Japanese.
    Translate(usize, bool, String),
    /// Type the English of the text at an index of the fields.
    Retype(usize, String),
    /// Say the translation of the text at an index of the fields still says what its English does.
    StillSays(usize, bool),
}

/// A translation typed: never the English (which the writer leaves out as no translation), blank
/// now and then (none).
fn translated() -> impl Strategy<Value = String> {
    "[\u{4e00}-\u{4e2f}\u{3042}-\u{3093}]{1,12}|"
}

fn lang(zh: bool) -> Lang {
    if zh {
        Lang::Zh
    } else {
        Lang::Ja
    }
}

/// Things a step's picture may show.
const THINGS: [&str; 4] = [
    "pod:a@kind-worker",
    "ip-file:10.244.1.2@kind-worker",
    "route:10.244.1.2/32@kind-worker",
    "veth:a@kind-worker",
];

/// A text an author types on one line: it may start with what Markdown reads as a list or heading.
fn said() -> impl Strategy<Value = String> {
    (
        "(- |# |1\\. |\\\\|> )?",
        "[A-Za-z0-9][A-Za-z0-9 .,:/`*_()]{0,30}[A-Za-z0-9.]",
    )
        .prop_map(|(start, rest)| format!("{start}{rest}"))
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..6usize, 0..EVENTS.len(), said()).prop_map(|(at, e, words)| Op::Add(at, e, words)),
        (0..6usize, any::<bool>()).prop_map(|(step, earlier)| Op::Move(step, earlier)),
        (0..6usize).prop_map(Op::Delete),
        (
            0..6usize,
            said(),
            prop::collection::vec(said(), 2..4),
            0..4usize,
            said()
        )
            .prop_map(|(step, text, choices, correct, why)| Op::Ask(
                step, text, choices, correct, why
            )),
        (0..6usize, prop::collection::vec(0..THINGS.len(), 0..3))
            .prop_map(|(step, things)| Op::Shows(step, things)),
        (0..6usize, "[a-z][a-z0-9 ./=-]{0,20}[a-z0-9]").prop_map(|(step, c)| Op::Command(step, c)),
        prop::collection::vec(("[a-z]{1,8}/[a-z]{1,8}", any::<u16>()), 0..3).prop_map(Op::Sources),
        (0..20usize, any::<bool>(), translated()).prop_map(|(f, zh, t)| Op::Translate(f, zh, t)),
        (0..20usize, said()).prop_map(|(f, said)| Op::Retype(f, said)),
        (0..20usize, any::<bool>()).prop_map(|(f, zh)| Op::StillSays(f, zh)),
    ]
}

proptest! {
    /// Whatever an author adds, moves, deletes, asks, shows, commands and cites, the file the draft
    /// writes reads back as that draft.
    #[test]
    fn a_draft_written_as_a_file_reads_back_identical(ops in prop::collection::vec(op(), 1..16)) {
        let mut draft = Draft::empty();
        for op in ops {
            match op {
                Op::Add(at, event, words) => {
                    draft.edit(Edit::AddStep { at, waits_for: EVENTS[event].into() });
                    let at = at.min(draft.steps.len() - 1);
                    draft.edit(Edit::Words(at, words));
                }
                Op::Move(step, earlier) => draft.edit(Edit::Move(step, earlier)),
                Op::Delete(step) => draft.edit(Edit::Delete(step)),
                Op::Ask(step, text, choices, correct, why) => {
                    draft.edit(Edit::Question(step, true));
                    draft.edit(Edit::QuestionText(step, text));
                    for _ in 2..choices.len() {
                        draft.edit(Edit::AddChoice(step));
                    }
                    for (index, choice) in choices.into_iter().enumerate() {
                        draft.edit(Edit::Choice(step, index, choice));
                    }
                    draft.edit(Edit::Correct(step, correct));
                    draft.edit(Edit::Why(step, why));
                }
                Op::Shows(step, things) => {
                    let names: Vec<&str> = things.into_iter().map(|t| THINGS[t]).collect();
                    draft.edit(Edit::Shows(step, names.join(" ")));
                }
                Op::Command(step, command) => draft.edit(Edit::Command(step, command)),
                Op::Sources(sources) => {
                    let lines: Vec<String> = sources
                        .iter()
                        .map(|(repo, n)| format!("- [{repo}#{n}](https://github.com/{repo}/issues/{n})"))
                        .collect();
                    draft.edit(Edit::Sources(lines.join("\n")));
                }
                Op::Translate(at, zh, text) => {
                    let fields = draft.fields();
                    draft.edit(Edit::Translate(lang(zh), fields[at % fields.len()], text));
                }
                Op::Retype(at, text) => {
                    let fields = draft.fields();
                    draft.edit(Edit::English(fields[at % fields.len()], text));
                }
                Op::StillSays(at, zh) => {
                    let fields = draft.fields();
                    draft.edit(Edit::StillSays(lang(zh), fields[at % fields.len()]));
                }
            }
        }
        // Kept in the browser, it comes back whole, with or without steps.
        prop_assert_eq!(Draft::unkept(&draft.kept()), Some(draft.clone()));
        prop_assume!(!draft.steps.is_empty());
        prop_assert_eq!(read_back(&draft), Ok(draft.clone()), "{}", draft.write());
    }

    /// Any text typed anywhere — line ends, backslashes, the form's own marks — is kept as typed, and
    /// a kept draft cut short or run on is no draft.
    #[test]
    fn a_draft_kept_in_the_browser_comes_back_as_typed(
        texts in prop::collection::vec(r"(\\\\|\\0|\\n|\n|[a-z ]|\\){0,12}", 8),
        cut in 0usize..400,
    ) {
        let mut draft = Draft::empty();
        draft.edit(Edit::AddStep { at: 0, waits_for: texts[0].clone() });
        draft.edit(Edit::Title(texts[1].clone()));
        draft.edit(Edit::Words(0, texts[2].clone()));
        draft.edit(Edit::Command(0, format!("k{}", texts[3])));
        draft.edit(Edit::Question(0, true));
        draft.edit(Edit::QuestionText(0, texts[4].clone()));
        draft.edit(Edit::Choice(0, 1, texts[5].clone()));
        draft.edit(Edit::ScenarioText(texts[6].clone()));
        draft.steps[0].words.zh = Some(texts[7].clone());
        let kept = draft.kept();
        prop_assert_eq!(Draft::unkept(&kept), Some(draft.clone()));
        let lines: Vec<&str> = kept.split('\n').collect();
        let short = lines[..cut.min(lines.len() - 1)].join("\n");
        prop_assert_eq!(Draft::unkept(&short), None);
        prop_assert_eq!(Draft::unkept(&format!("{kept}\nmore")), None);
    }

    /// A translation is stale exactly when its English says something other than what it said when
    /// the translation was written or last said to still say it (a translation read from a file with
    /// no fingerprint was written for the English the file gives); the file and the browser's form
    /// keep that.
    #[test]
    fn a_translation_is_stale_once_its_english_changes_after_it(
        ops in prop::collection::vec((0..4usize, any::<bool>(), "[a-c]{1,2}( [a-c]{1,2})?", translated()), 1..12),
    ) {
        let start = "# a\n\n- scenario: `kind`\n\na b\n\n<!-- zh --> 甲\n\n<!-- ja --> あ\n\n## a\n\n- waits for: `IPAMReserve pod/a`\n\nc";
        let mut draft = Draft::read(start).unwrap();
        // For each language, the English its translation was written for (None: no translation).
        let mut written_for = [Some("a b".to_string()), Some("a b".to_string())];
        for (op, zh, english, text) in ops {
            let slot = usize::from(!zh);
            match op {
                0 | 1 => {
                    draft.edit(Edit::Intro(english.clone()));
                }
                2 => {
                    draft.edit(Edit::Translate(lang(zh), Field::Intro, text.clone()));
                    written_for[slot] = (!text.is_empty()).then(|| draft.intro.en.clone());
                }
                _ => {
                    draft.edit(Edit::StillSays(lang(zh), Field::Intro));
                    if written_for[slot].is_some() {
                        written_for[slot] = Some(draft.intro.en.clone());
                    }
                }
            }
            for (slot, zh) in [(0, true), (1, false)] {
                let stale = written_for[slot].as_ref().is_some_and(|en| *en != draft.intro.en);
                prop_assert_eq!(draft.intro.stale(lang(zh)), stale);
                prop_assert_eq!(draft.intro.written(lang(zh)).is_some(), written_for[slot].is_some() && !stale);
            }
            prop_assert_eq!(read_back(&draft), Ok(draft.clone()), "{}", draft.write());
            prop_assert_eq!(Draft::unkept(&draft.kept()), Some(draft.clone()));
        }
    }
}

/// A built-in lesson as the wasm holds it (English alone) takes its translations from the catalogs:
/// every built-in's draft, its translations looked up by its English, is its file again.
#[test]
fn a_built_in_lesson_in_english_alone_takes_its_translations_back() {
    use podip::i18n::Lang;
    use podip::tours::LessonText;
    for id in TourId::ALL {
        let whole = Draft::of(id.tour());
        let mut catalog = std::collections::BTreeMap::new();
        let mut english = whole.clone();
        let mut keep = |text: &mut LessonText| {
            for (lang, said) in [(Lang::Zh, &text.zh), (Lang::Ja, &text.ja)] {
                if let Some(said) = said {
                    catalog.insert((lang.tag(), text.en.clone()), said.clone());
                }
            }
            *text = LessonText::english(text.en.clone());
        };
        keep(&mut english.title);
        keep(&mut english.intro);
        for step in &mut english.steps {
            keep(&mut step.words);
            if let Some(q) = &mut step.question {
                keep(&mut q.text);
                q.choices.iter_mut().for_each(&mut keep);
                keep(&mut q.why);
            }
        }
        assert!(!english.write().contains("<!-- zh -->"), "{}", id.name());
        english.translate(|lang, en| catalog.get(&(lang.tag(), en.to_string())).cloned());
        assert_eq!(english.write(), whole.write(), "{}", id.name());
    }
}
