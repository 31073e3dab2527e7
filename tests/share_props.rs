//! Links round-trip, and no link — broken, hostile or huge — can do more than be refused.
#![cfg(not(target_arch = "wasm32"))]

use podip::i18n::Lang;
use podip::ipam::kcm::KcmFlag;
use podip::share::{LessonFrom, Link, LinkProblem, Overrides, Theme, MAX_QUERY_LEN};
use podip::sim::VirtualTime;
use proptest::prelude::*;

/// A flag value as a link gives it back: trimmed, as typed flags are, and absent when blank.
fn as_typed(value: Option<String>) -> Option<String> {
    value
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

fn arb_link() -> impl Strategy<Value = Link> {
    let text = proptest::option::of(".{0,600}");
    let flag = || proptest::option::of("[ -~]{1,30}");
    (
        proptest::option::of(prop::sample::select(vec![
            "kind",
            "planning",
            "exhaustion",
            "dual-stack",
        ])),
        text,
        (flag(), flag(), flag(), flag(), flag(), flag()),
        proptest::option::of(0u64..10_000_000),
        proptest::option::of(0usize..50),
        proptest::option::of(prop::sample::select(Lang::ALL.to_vec())),
        proptest::option::of(prop::sample::select(vec![Theme::Light, Theme::Dark])),
        (
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        ),
        proptest::option::of(prop_oneof![
            "https://example\\.org/[a-z/]{1,20}\\.md".prop_map(LessonFrom::At),
            "[a-z]{1,8}(/[a-z]{1,8}){0,2}\\.md".prop_map(LessonFrom::At),
            ".{0,600}".prop_map(LessonFrom::Written),
        ]),
    )
        .prop_map(
            |(
                tour,
                scenario,
                flags,
                time,
                step,
                lang,
                theme,
                (embed, autoplay, controls, quiz, present),
                lesson,
            )| Link {
                tour: tour.map(str::to_string),
                scenario,
                lesson,
                overrides: {
                    let mut overrides = Overrides::default();
                    overrides.set_knob(podip::sim::KnobId::DelLag, as_typed(flags.5));
                    for (flag, value) in KcmFlag::ALL
                        .into_iter()
                        .zip([flags.0, flags.1, flags.2, flags.3, flags.4])
                    {
                        overrides.set_flag(flag, as_typed(value));
                    }
                    overrides
                },
                time: time.map(VirtualTime),
                step,
                lang,
                theme,
                embed,
                autoplay,
                controls,
                quiz,
                present,
            },
        )
}

proptest! {
    /// Whatever a view holds comes back from its link unchanged.
    #[test]
    fn a_link_reads_back_to_the_view_it_was_made_from(link in arb_link()) {
        let (read, problems) = Link::parse(&link.to_query());
        prop_assert!(problems.is_empty(), "{:?}", problems);
        prop_assert_eq!(&read, &link);
        // Without a deflate at hand, the scenario and the lesson go plain: read back the same.
        let (plain, problems) = Link::parse(&link.to_query_packed(None, None));
        prop_assert!(problems.is_empty(), "{:?}", problems);
        prop_assert_eq!(plain, link);
    }

    /// Any query string at all is read without a panic.
    #[test]
    fn any_query_is_read_without_panicking(query in ".{0,400}") {
        let _ = Link::parse(&query);
    }

    /// Any `s=` value is refused or read, never a panic.
    #[test]
    fn any_packed_scenario_is_read_or_refused(packed in "[A-Za-z0-9_=-]{0,300}") {
        let _ = Link::parse(&format!("s={packed}"));
    }
}

#[test]
fn the_readable_parameters_of_the_issue_are_read() {
    let (link, problems) =
        Link::parse("?cluster-cidr=10.244.0.0%2F16&node-mask=24&tour=kind&t=4.5s");
    assert!(problems.is_empty());
    assert_eq!(
        link.overrides.flag(KcmFlag::ClusterCidr),
        Some("10.244.0.0/16")
    );
    assert_eq!(link.overrides.flag(KcmFlag::NodeCidrMaskSize), Some("24"));
    assert_eq!(link.tour.as_deref(), Some("kind"));
    assert_eq!(link.time, Some(VirtualTime(4_500)));
}

#[test]
fn a_long_scenario_is_deflated_and_a_short_one_stays_readable() {
    let short = Link {
        scenario: Some("node add a\n".into()),
        ..Link::default()
    };
    assert_eq!(short.to_query(), "?scenario=node+add+a%0A");
    let long_text = podip::sim::builtin::KIND.to_string();
    let long = Link {
        scenario: Some(long_text.clone()),
        ..Link::default()
    };
    let query = long.to_query();
    assert!(query.starts_with("?s="), "{query}");
    assert!(
        query.len() < long_text.len(),
        "{} ≥ {}",
        query.len(),
        long_text.len()
    );
}

#[test]
fn hostile_links_are_refused_with_a_reason() {
    // A script in the scenario is just scenario text: it reaches the scenario parser, never the page.
    let (link, problems) = Link::parse("scenario=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    assert!(problems.is_empty());
    assert_eq!(link.scenario.as_deref(), Some("<script>alert(1)</script>"));

    let huge = format!("tour=kind&scenario={}", "a".repeat(1 << 20));
    let (link, problems) = Link::parse(&huge);
    assert_eq!(
        link,
        Link::default(),
        "nothing of an oversized link is used"
    );
    assert_eq!(problems, [LinkProblem::TooLong(huge.len())]);
    assert!(huge.len() > MAX_QUERY_LEN);

    let (link, problems) = Link::parse("tour=kind&s=%%%not-base64!!");
    assert_eq!(
        link.tour.as_deref(),
        Some("kind"),
        "the rest of the link still applies"
    );
    assert_eq!(problems, [LinkProblem::BadBase64]);

    let (_, problems) = Link::parse("s=AAAA");
    assert_eq!(problems, [LinkProblem::BadDeflate]);

    // A deflated zip bomb stops at the limit.
    let bomb = podip::share::deflate_scenario(&"x".repeat(podip::share::MAX_SCENARIO_LEN + 1));
    let (link, problems) = Link::parse(&format!("s={bomb}"));
    assert_eq!(link.scenario, None);
    assert_eq!(problems, [LinkProblem::ScenarioTooLong]);

    let (_, problems) =
        Link::parse("tour=%3Cimg%20src%3Dx%3E&lang=klingon&theme=neon&step=0&t=soon");
    assert_eq!(problems.len(), 5, "{problems:?}");
    assert_eq!(problems[0].to_string(), "tour=\"<img src=x>\" is not valid",);
}
