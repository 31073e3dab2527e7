//! A link's lesson: carried in the link itself and read back, or fetched; a broken one, a failed
//! fetch and a refused address said in place, over the default view.

use crate::playback::{LinkRefusal, Player};
use crate::share::figure::LessonFrom;
use crate::share::{Link, LinkProblem, MAX_QUERY_LEN};
use crate::tours::lesson::address::fetch_failed;
use crate::tours::TourId;

/// The complete lesson of README's "Write a lesson", as written there.
fn docs_lesson() -> String {
    let doc = include_str!("../../../README.md");
    let from = doc.find("## Write a lesson").expect("the section");
    let block = &doc[from..];
    let start = block.find("```markdown\n").expect("its block") + "```markdown\n".len();
    let end = start + block[start..].find("\n```\n").expect("its end");
    format!("{}\n", &block[start..end])
}

fn opened(query: &str) -> Player {
    let (link, problems) = Link::parse(query);
    assert!(problems.is_empty(), "{problems:?}");
    let mut player = Player::from_link(&link);
    player.finish();
    player
}

#[test]
fn a_lesson_carried_in_its_link_opens_at_its_step_and_links_back_the_same() {
    let text = docs_lesson();
    let query = Link::carrying_lesson(&text, Some(1)).expect("it fits");
    assert!(query.starts_with("?l="), "{query}");
    assert!(
        query.len() < text.len(),
        "deflated: {} of {}",
        query.len(),
        text.len()
    );
    let player = opened(&query);
    assert!(
        player.link_refusals().is_empty(),
        "{:?}",
        player.link_refusals()
    );
    let run = player.cursor().run();
    let tour = run.told().expect("told by the lesson");
    assert_eq!(run.tour(), None, "a lesson is no built-in tour");
    assert_eq!(
        tour.title.get(crate::i18n::Lang::En),
        "Where pod a's address comes from"
    );
    assert_eq!(player.cursor().current_step(), Some(1));
    assert_eq!(tour.steps[1].id, "a-reserved");
    // Its view's link carries the lesson again, and opens the same.
    let back = player.link();
    assert_eq!(back.lesson, Some(LessonFrom::Written(text.clone())));
    assert_eq!(back.step, Some(1));
    let again = opened(&back.to_query());
    assert_eq!(again.cursor().now(), player.cursor().now());
    assert_eq!(again.link(), back);
}

#[test]
fn a_lesson_by_address_links_back_by_its_address() {
    let (link, problems) = Link::parse("?lesson=%2Flessons%2Fmine.md&step=3");
    assert!(problems.is_empty());
    assert_eq!(link.lesson, Some(LessonFrom::At("/lessons/mine.md".into())));
    assert_eq!(link.to_query(), "?lesson=%2Flessons%2Fmine.md&step=3");
    let mut player = Player::from_lesson(&link, Ok(docs_lesson().as_bytes()));
    player.finish();
    assert!(player.link_refusals().is_empty());
    assert_eq!(
        player.cursor().run().told().map(|t| t.name.as_str()),
        Some("mine")
    );
    assert_eq!(player.cursor().current_step(), Some(2));
    let back = player.link();
    assert_eq!((back.lesson, back.step), (link.lesson, Some(2)));
}

#[test]
fn a_lesson_too_long_for_a_link_says_so_and_how_to_link_it() {
    // Words no deflate shortens: a lesson of about 200 KB of them.
    let mut seed = 1u64;
    let noise: String = (0..200_000)
        .map(|_| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            char::from(b'a' + ((seed >> 33) % 26) as u8)
        })
        .collect();
    let text = format!("# Noise\n\n- scenario: `kind`\n\n{noise}\n");
    let why = Link::carrying_lesson(&text, None).unwrap_err();
    assert!(why.contains("too long for a link"), "{why}");
    assert!(
        why.contains(&MAX_QUERY_LEN.to_string()) && why.contains("?lesson="),
        "{why}"
    );
}

#[test]
fn a_broken_lesson_and_failed_fetches_are_said_over_the_default_view() {
    let broken = docs_lesson().replace("IPAMReserve pod/a", "IPAMReserved pod/a");
    let query = Link::carrying_lesson(&broken, Some(1)).expect("it fits");
    let player = opened(&query);
    let [LinkRefusal::Lesson(why)] = player.link_refusals() else {
        panic!("{:?}", player.link_refusals());
    };
    assert!(
        why.starts_with("line 33: no event reason IPAMReserved"),
        "{why}"
    );
    assert_eq!(player.cursor().run().tour(), Some(TourId::Kind));

    let (link, _) = Link::parse("?lesson=missing.md&step=2");
    let said = fetch_failed("missing.md", Some((404, "Not Found")));
    let mut player = Player::from_lesson(&link, Err(said.clone()));
    player.finish();
    assert_eq!(player.link_refusals(), [LinkRefusal::Lesson(said)]);
    assert!(
        player.link().lesson.is_none(),
        "the default view links as itself"
    );

    let mut player = Player::from_lesson(&link, Ok(b"# A\n\xff\n".as_slice()));
    player.finish();
    let [LinkRefusal::Lesson(why)] = player.link_refusals() else {
        panic!("{:?}", player.link_refusals());
    };
    assert!(why.starts_with("line 2: the file is not UTF-8"), "{why}");
}

#[test]
fn a_lesson_address_of_another_scheme_is_refused_by_the_link() {
    let (link, problems) = Link::parse("?lesson=javascript:alert(1)&tour=kind");
    assert_eq!(link.lesson, None);
    let [LinkProblem::LessonAddress(why)] = problems.as_slice() else {
        panic!("{problems:?}");
    };
    assert!(why.contains("is javascript:"), "{why}");
    assert_eq!(link.tour.as_deref(), Some("kind"));
}

#[test]
fn a_lessons_step_past_its_last_is_refused_in_place() {
    // README's lesson has three steps.
    let query = Link::carrying_lesson(&docs_lesson(), Some(3)).expect("it fits");
    let player = opened(&query);
    assert_eq!(
        player.link_refusals(),
        [LinkRefusal::Step { given: 4, steps: 3 }]
    );
    assert!(player.cursor().run().told().is_some(), "the lesson is told");
    assert_eq!(player.cursor().current_step(), None);
}
