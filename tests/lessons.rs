//! Lesson files (`docs/lessons.md`): the built-in ones read, check and are in the writer's form; the
//! README's complete lesson reads and checks as written; and each kind of problem is reported at its
//! line, in the words an author can act on.
#![cfg(not(target_arch = "wasm32"))]

use podip::i18n::Lang;
use podip::tours::lesson::{self, MAX_FILE_BYTES, MAX_STEPS, MAX_WORDS_CHARS};
use podip::tours::{english::english_only, TourId};

/// The complete lesson of README's "Write a lesson", as written there.
fn documented_lesson() -> String {
    let doc = std::fs::read_to_string("README.md").expect("README.md");
    let (_, section) = doc.split_once("## Write a lesson").expect("the section");
    let (_, rest) = section
        .split_once("```markdown\n")
        .expect("a ```markdown block");
    let (lesson, _) = rest.split_once("\n```\n").expect("its end");
    format!("{lesson}\n")
}

/// The problems of `text`, as `line: message`.
fn problems(text: &str) -> Vec<String> {
    match lesson::check("test", text) {
        Ok(_) => Vec::new(),
        Err(problems) => problems.iter().map(ToString::to_string).collect(),
    }
}

/// The documented lesson with `from` replaced by `to`.
fn changed(from: &str, to: &str) -> String {
    let text = documented_lesson();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

#[test]
fn every_built_in_lesson_reads_checks_and_is_in_the_writers_form() {
    for id in TourId::ALL {
        let path = format!("lessons/{}.md", id.name());
        let file = std::fs::read_to_string(&path).expect("a lesson file");
        assert_eq!(id.source(), file, "{path} is the file compiled in");
        let checked = lesson::check(id.name(), &file).unwrap_or_else(|p| panic!("{path}: {p:?}"));
        assert_eq!(&checked.lesson.tour, id.tour(), "{path}");
        assert_eq!(lesson::write(&checked.lesson.tour), file, "{path}");
    }
}

/// What the wasm holds of a built-in lesson — its English, the translations cut — reads as the same
/// tour in English, with no translation.
#[test]
fn a_built_in_lesson_without_its_translations_is_its_english() {
    for id in TourId::ALL {
        let english = english_only(id.source());
        let tour = lesson::parse(id.name(), &english)
            .unwrap_or_else(|p| panic!("{p:?}"))
            .tour;
        let whole = id.tour();
        assert_eq!(tour.steps.len(), whole.steps.len());
        let mut texts = vec![(&tour.title, &whole.title), (&tour.intro, &whole.intro)];
        texts.extend(
            tour.steps
                .iter()
                .zip(&whole.steps)
                .map(|(a, b)| (&a.words, &b.words)),
        );
        for (question, was) in tour.questions.iter().zip(&whole.questions) {
            texts.push((&question.text, &was.text));
            texts.push((&question.why, &was.why));
            texts.extend(question.choices.iter().zip(&was.choices));
        }
        for (cut, was) in texts {
            assert_eq!(cut.en, was.en, "{}", id.name());
            assert_eq!(
                (cut.zh.as_deref(), cut.ja.as_deref()),
                (None, None),
                "{}",
                id.name()
            );
        }
        assert!(english.len() < id.source().len() * 2 / 3, "{}", id.name());
    }
}

/// A translation whose marker records another English's fingerprint is stale: the page shows the
/// English (and counts it as not written, so the one-line note is said), and the writer keeps its
/// marker as the file wrote it.
#[test]
fn a_stale_translation_is_shown_as_its_english_and_written_back_as_it_was() {
    use podip::tours::fingerprint;
    let text = documented_lesson();
    let tour = lesson::parse("pod-a", &text).unwrap().tour;
    let (with_ja, _) = tour.written_in(Lang::Ja);
    let words = &tour
        .steps
        .iter()
        .find(|s| s.words.ja.is_some())
        .unwrap()
        .words;
    let ja = words.ja.clone().unwrap();
    let other = format!("{:08x}", fingerprint("an English before this one"));
    let stale = text.replacen(
        &format!("<!-- ja --> {ja}"),
        &format!("<!-- ja {other} --> {ja}"),
        1,
    );
    let current = text.replacen(
        &format!("<!-- ja --> {ja}"),
        &format!("<!-- ja {:08x} --> {ja}", fingerprint(&words.en)),
        1,
    );
    assert_ne!(stale, text);
    for (file, is_stale) in [(&stale, true), (&current, false)] {
        let tour = lesson::parse("pod-a", file).unwrap().tour;
        let step = tour.steps.iter().find(|s| s.words.ja.is_some()).unwrap();
        assert_eq!(step.words.stale(Lang::Ja), is_stale);
        assert_eq!(
            step.words.get(Lang::Ja),
            if is_stale { &step.words.en } else { &ja }
        );
        let written = with_ja - usize::from(is_stale);
        assert_eq!(tour.written_in(Lang::Ja).0, written);
        assert_eq!(tour.stale_in(Lang::Ja), usize::from(is_stale));
        let written = lesson::write(&tour);
        let marker = file
            .lines()
            .find(|l| l.starts_with("<!-- ja ") && l.contains(&ja))
            .unwrap();
        assert!(
            written.lines().any(|l| l == marker),
            "{marker} written back"
        );
        assert_eq!(lesson::parse("pod-a", &written).unwrap().tour, tour);
    }
    // Reflowed over two lines, the English keeps its fingerprint.
    assert_eq!(fingerprint("a b  c"), fingerprint("a\nb c"));
}

#[test]
fn the_documented_lesson_reads_and_checks_as_written() {
    let text = documented_lesson();
    let checked = lesson::check("pod-a", &text).unwrap_or_else(|p| panic!("{p:?}"));
    let tour = &checked.lesson.tour;
    assert_eq!(tour.steps.len(), 3);
    assert_eq!(tour.questions.len(), 1);
    // Of its 7 texts (title, introduction, 3 steps' words, the question and its why), 3 are in
    // Japanese, none in Chinese; every built-in lesson is whole in both.
    assert_eq!(tour.written_in(Lang::Ja), (3, 7));
    assert_eq!(tour.written_in(Lang::Zh), (0, 7));
    for id in TourId::ALL {
        let (written, all) = id.tour().written_in(Lang::Zh);
        assert_eq!(written, all, "{}", id.name());
        assert_eq!(id.tour().written_in(Lang::Ja), (all, all), "{}", id.name());
    }
    assert_eq!(tour.question_before(1).map(|q| q.correct), Some(1));
    // Japanese where it is written, the English where it is not.
    assert_eq!(
        tour.title.get(Lang::Ja),
        "Pod a のアドレスはどこから来るのか"
    );
    assert_eq!(tour.title.get(Lang::Zh), "Where pod a's address comes from");
    assert_eq!(tour.steps[1].words.get(Lang::Ja), tour.steps[1].words.en);
    let transcript = checked.transcript();
    let placed: Vec<&str> = transcript
        .lines()
        .filter(|l| l.contains("── step"))
        .collect();
    assert_eq!(placed.len(), 3, "{transcript}");
    // Each step stands right after the line of its event.
    let lines: Vec<&str> = transcript.lines().collect();
    for (at, line) in lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains("── step 2 of 3"))
    {
        assert!(
            lines[at - 1].contains("IPAMReserve") && lines[at - 1].contains("pod/a"),
            "{line}"
        );
    }
}

#[test]
fn each_problem_is_reported_at_its_line_in_words_an_author_can_act_on() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "IPAMReserve pod/a",
            "IPAMReserved pod/a",
            "line 33: no event reason IPAMReserved (the reasons, nearest first: IPAMReserve, IPAMRelease,",
        ),
        (
            "IPAMReserve pod/a",
            "IPAMReserve pod/z",
            "line 33: step a-reserved: pod/z never appears in the run (its objects, nearest first: pod/a,",
        ),
        (
            "RouteAdded pod/a",
            "BridgeCreated pod/a",
            "line 41: step a-route: BridgeCreated pod/a never comes after step 2 (a-reserved); pod/a gets, nearest first: IPAMReserve at 2.110s,",
        ),
        (
            "PodCIDRPatched node/kind-worker",
            "PodIPsAssigned pod/a",
            "line 33: steps out of order: step a-reserved waits for IPAMReserve pod/a, at 2.110s, which comes before step 1 (worker-subnet) at 2.115s",
        ),
        ("- [x] 10.244.1.2", "- [ ] 10.244.1.2", "line 21: no choice is marked right: mark one `- [x]`"),
        ("- [ ] 10.244.1.0", "- [x] 10.244.1.0", "line 21: 2 choices are marked right; one is"),
        ("- [ ] 10.244.1.1\n- [x] 10.244.1.2\n- [ ] 10.244.1.0", "- [x] 10.244.1.2", "line 21: a question has at least two choices"),
        ("- [ ] 10.244.1.0", "1. 10.244.1.0", "line 27: a numbered list (a question's choices are `- [ ]` items) is not part of a lesson"),
        ("## a-route", "## A route", "line 39: `## A route`: a section is a step's id"),
        ("## a-route", "## worker-subnet", "line 39: a second step worker-subnet (the first is at line 11)"),
        ("- waits for: `IPAMReserve pod/a`", "- wait for: `IPAMReserve pod/a`", "line 33: a step's list item is one of its settings"),
        ("- waits for: `IPAMReserve pod/a`", "- waits for: `IPAMReserve`", "line 33: `waits for: IPAMReserve`: an event is its reason and object"),
        ("- shows: `pod:a@kind-worker`", "- shows: `pod:a`", "line 34: pod:a names no node: write pod:a@NODE"),
        ("- scenario: `kind`", "- scenario: `kinder`", "line 5: no built-in scenario kinder (there are: kind,"),
        ("- scenario: `kind`", "```podip\ncluster --cluster-cidr=10.244.0.0/16\nfrobnicate\n```", "line 7: unknown command \"frobnicate\""),
        ("- scenario: `kind`\n", "", "line 1: no scenario: add `- scenario: NAME`"),
        ("<!-- ja --> Pod a の", "<!-- ja --> Pod a\n\n<!-- ja --> Pod a の", "line 5: a second ja translation of the same text"),
        ("the address is taken.", "the address is taken.\n<!-- zh --> 地址\n被占用了。", "line 39: a translation is one line"),
        ("- [kubernetes-sigs/kind#1014](https://github.com/kubernetes-sigs/kind/issues/1014)", "- kind#1014", "line 49: a source is a link in a list item"),
        ("(https://github.com", "(http://github.com", "line 49: a source links to an https:// address"),
    ];
    for (from, to, expected) in cases {
        let found = problems(&changed(from, to));
        assert!(
            found.iter().any(|p| p.starts_with(expected)),
            "{from} → {to}: expected {expected:?}, found {found:#?}"
        );
    }
    // A question with no step after it: the steps after it are gone.
    let text = documented_lesson();
    let (before, _) = text.split_once("## a-reserved").expect("a step");
    let found = problems(before);
    assert!(
        found
            .iter()
            .any(|p| p.starts_with("line 21: a question before a missing step")),
        "{found:?}"
    );
}

#[test]
fn the_limits_are_checked_first() {
    let huge = format!("# Big\n\n{}", "word ".repeat(MAX_FILE_BYTES / 5 + 1));
    assert_eq!(
        problems(&huge),
        ["line 1: the file is 257 KB; a lesson is at most 256 KB"]
    );
    let mut text = documented_lesson().replace("## Sources\n\n- [kubernetes-sigs/kind#1014](https://github.com/kubernetes-sigs/kind/issues/1014)\n", "");
    for n in 0..MAX_STEPS {
        text.push_str(&format!(
            "\n## extra-{n}\n\n- waits for: `RouteAdded pod/a`\n\nAgain.\n"
        ));
    }
    let found = problems(&text);
    assert!(
        found
            .iter()
            .any(|p| p.ends_with("a lesson has at most 100 steps")),
        "{found:?}"
    );
    let long = "word ".repeat(MAX_WORDS_CHARS / 5 + 1);
    let found = problems(&changed(
        "ptp adds a /32 route",
        &format!("{long}ptp adds a /32 route"),
    ));
    assert!(
        found
            .iter()
            .any(|p| p.starts_with("line 45: a step's words are at most 2000 characters")),
        "{found:?}"
    );
    let bytes = [b"# Title\n\nAn intro\xff".as_slice()].concat();
    assert_eq!(
        lesson::parse_bytes("bad", &bytes)
            .map(|_| ())
            .map_err(|p| p[0].to_string()),
        Err("line 3: the file is not UTF-8 text (a lesson is Markdown in UTF-8)".to_string())
    );
}

/// A hostile file is refused in its first problems, quickly: script in every field is text, a step
/// waiting for one event a hundred thousand times is past the size limit.
#[test]
fn hostile_lessons_are_read_as_text_or_refused() {
    let script = "<script>alert(1)</script><img src=x onerror=alert(1)>";
    let text = documented_lesson()
        .replace("Where pod a's address comes from", script)
        .replace("this is how the node reaches the pod", script);
    let checked = lesson::check("hostile", &text).unwrap_or_else(|p| panic!("{p:?}"));
    assert_eq!(checked.lesson.tour.title.en, script);
    let many = "## s\n\n- waits for: `PodCreated pod/a`\n\nw\n".repeat(100_000);
    assert!(problems(&many)[0].contains("a lesson is at most 256 KB"));
}

/// A question's choice whose translation is stale is shown in English, so the page says it shows
/// English even when every text the count covers is written in the language.
#[test]
fn a_stale_choice_makes_the_page_show_english() {
    use podip::tours::fingerprint;
    let lesson = |choice_marker: &str| {
        format!(
            "# A\n\n<!-- ja --> エー\n\n- scenario: `kind`\n\nIntro.\n\n<!-- ja --> はじめ\n\n\
             ## Question\n\nWhich?\n\n<!-- ja --> どれ？\n\n- [x] the first\n  {choice_marker} 最初\n- [ ] 10.244.1.0\n\n\
             Because.\n\n<!-- ja --> なぜなら\n\n\
             ## worker-subnet\n\n- waits for: `PodCIDRPatched node/kind-worker`\n\nWords.\n\n<!-- ja --> 言葉\n"
        )
    };
    let current = format!("<!-- ja {:08x} -->", fingerprint("the first"));
    let stale = format!("<!-- ja {:08x} -->", fingerprint("the second"));
    for (marker, english) in [(current, false), (stale, true)] {
        let file = lesson(&marker);
        let tour = lesson::parse("a", &file)
            .unwrap_or_else(|e| panic!("{e:?}\n{file}"))
            .tour;
        let (written, all) = tour.written_in(Lang::Ja);
        assert_eq!(written, all, "every counted text is written: {file}");
        assert_eq!(tour.questions[0].choices[0].stale(Lang::Ja), english);
        assert_eq!(tour.shows_english_in(Lang::Ja), english, "{file}");
    }
}
