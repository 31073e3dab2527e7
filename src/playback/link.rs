//! The view as a link and back: which tour or scenario, the settings that differ from it, the time and
//! the tour step. Everything a link carries goes through the same parsers as typed input.

use super::{with_preamble, LinkRefusal, Player, Run};
use crate::ipam::kcm::KcmFlag;
use crate::share::figure::LessonFrom;
use crate::share::{Link, Overrides};
use crate::sim::{builtin, ClusterSettings, Scenario, SettingsDraft, VirtualTime, KNOBS};
use crate::tours::{lesson, Told, Tour, TourId};

impl Player {
    /// The player a link describes. Reading and simulating its scenario is work in hand
    /// ([`Player::work`]): a link's scenario may be big. What of the link could not be used is in
    /// [`Player::link_refusals`] once that work is done.
    pub fn from_link(link: &Link) -> Player {
        match &link.lesson {
            Some(LessonFrom::Written(text)) => {
                return Player::from_lesson(link, Ok(text.as_bytes()))
            }
            // Natively nothing is fetched; the web app fetches it and calls `from_lesson`.
            Some(LessonFrom::At(at)) => {
                let why = format!("the lesson {at} is fetched by the browser");
                return Player::from_lesson(link, Err(why));
            }
            None => {}
        }
        // A built-in scenario's name: a tour's, or one with no tour (`kind-measured`).
        let name = link.tour.as_deref();
        let tour = name.and_then(TourId::from_name);
        let text = link
            .scenario
            .clone()
            .or_else(|| name.and_then(builtin::by_name).map(str::to_string));
        let mut player = match text {
            None => Player::default(),
            Some(text) => Player::opening(text, tour),
        };
        if !link.overrides.is_empty() {
            // The settings go over the link's scenario: it is read first.
            player.read_now();
        }
        if !link.overrides.is_empty() && player.error().is_none() {
            let settings = player.settings();
            let mut draft = settings.draft();
            for flag in KcmFlag::ALL {
                if let Some(value) = link.overrides.flag(flag) {
                    draft = draft.with_flag(flag, value.to_string());
                }
            }
            for (id, value) in link.overrides.knobs() {
                draft = draft.with_knob(id, value.to_string());
            }
            match draft.validate(&settings) {
                Ok(settings) => player.set_settings(settings),
                Err(err) => player.refuse_link(LinkRefusal::Settings(err)),
            }
        }
        // A step that does not happen leaves the time the link gives.
        if let Some(time) = link.time {
            player.seek(time);
        }
        player.go_to_link_step(link.step);
        player
    }

    /// Go to a link's step (counted from 0) of the tour or lesson it opens (the kind tour when it
    /// names none); one past its last is refused.
    fn go_to_link_step(&mut self, step: Option<usize>) {
        let steps = self.teller().map_or(0, |told| told.tour().steps.len());
        match step {
            Some(index) if index < steps => self.go_to_step(index),
            Some(index) => self.refuse_link(LinkRefusal::Step {
                given: index + 1,
                steps,
            }),
            None => {}
        }
    }

    /// The player of a link's lesson, given its file's bytes (`fetched`: the link's own, or as
    /// fetched from its address) or why it could not be fetched: the lesson told as a tour, at the
    /// link's time and step; or the default view, with the fetch's failure or the lesson's `line N: …`
    /// problems as the link's refusal.
    pub fn from_lesson(link: &Link, fetched: Result<&[u8], String>) -> Player {
        let name = match &link.lesson {
            Some(LessonFrom::At(at)) => lesson::address::name_of(at),
            _ => "lesson",
        };
        let read = fetched.and_then(|bytes| {
            let text = lesson::text_of(bytes).map_err(|problem| problem.to_string())?;
            lesson::check(name, text).map_err(|problems| {
                let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
                lines.join("\n")
            })
        });
        let tour: &'static Tour = match read {
            // A lesson read is kept for the page's life, as its runs are.
            Ok(checked) => Box::leak(Box::new(checked.lesson.tour)),
            Err(why) => {
                let mut player = Player::default();
                player.refuse_link(LinkRefusal::Lesson(why));
                return player;
            }
        };
        let mut player =
            Player::opening_told(tour.scenario().to_string(), Some(Told::Lesson(tour)));
        if let Some(from) = &link.lesson {
            player.set_lesson(from.clone(), tour);
        }
        if let Some(time) = link.time {
            player.seek(time);
        }
        player.go_to_link_step(link.step);
        player
    }

    /// The link that reproduces this view: a tour by name (with the settings that differ from it), or
    /// the scenario text itself; the time and the tour step.
    pub fn link(&self) -> Link {
        let cursor = self.cursor();
        let what = match self.refused_text() {
            // A text refused stays in the editor over the run shown: the link carries it.
            Some(text) => cursor.run().link_of(text),
            None => cursor.run().link().clone(),
        };
        let now = cursor.now();
        let what = match self.lesson() {
            // A lesson's run links to the lesson, as it was opened.
            Some(from) => Link {
                lesson: Some(from.clone()),
                ..Link::default()
            },
            None => what,
        };
        Link {
            time: (now > VirtualTime::ZERO).then_some(now),
            step: cursor.tour_step(),
            ..what
        }
    }
}

impl Run {
    /// A link to this run with `text` in the editor, without its time: the tour by name (with the
    /// settings that differ from the tour's) when `text` is the tour's scenario under those settings,
    /// else the text itself.
    pub(super) fn link_of(&self, text: &str) -> Link {
        let with_text = || Link {
            tour: self.tour().map(|id| id.name().to_string()),
            scenario: Some(text.to_string()),
            ..Link::default()
        };
        let settings = self.settings();
        let overrides = match self.tour().map(|id| id.tour().scenario()) {
            Some(tour_text) if tour_text == text => Overrides::default(),
            Some(tour_text) => match Scenario::parse(tour_text) {
                Ok(scenario) => {
                    let tour = ClusterSettings::of(&scenario);
                    // Only the flags and the settings a link carries travel as parameters; anything
                    // else, the text.
                    let differs = KNOBS
                        .iter()
                        .any(|knob| !knob.reach.link && knob.differs(&tour.knobs, &settings.knobs));
                    if with_preamble(tour_text, &settings.preamble()) != text || differs {
                        return with_text();
                    }
                    overrides_between(&tour.draft(), &settings.draft())
                }
                Err(_) => return with_text(),
            },
            None => return with_text(),
        };
        Link {
            scenario: None,
            overrides,
            ..with_text()
        }
    }
}

/// The link parameters that turn settings `from` into `to`.
fn overrides_between(from: &SettingsDraft, to: &SettingsDraft) -> Overrides {
    let mut overrides = Overrides::default();
    for (id, value) in to.knobs() {
        overrides.set_knob(id, (from.knob(id) != value).then(|| value.to_string()));
    }
    for flag in KcmFlag::ALL {
        let (a, b) = (flag.value(&from.flags), flag.value(&to.flags));
        overrides.set_flag(flag, (a != b).then(|| b.to_string()));
    }
    overrides
}

#[cfg(test)]
mod lesson_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tour_with_changed_settings_links_by_name_and_the_flags_that_differ() {
        let (link, _) = Link::parse("?tour=kind&node-mask=23&step=3");
        let mut playback = Player::from_link(&link);
        playback.finish();
        assert!(
            playback.link_refusals().is_empty(),
            "{:?}",
            playback.link_refusals()
        );
        let back = playback.link();
        assert_eq!(back.tour.as_deref(), Some("kind"));
        assert_eq!(back.scenario, None);
        assert_eq!(back.overrides.flag(KcmFlag::NodeCidrMaskSize), Some("23"));
        assert_eq!(back.overrides.flag(KcmFlag::ClusterCidr), None);
        assert_eq!(back.step, Some(2));
        let mut again = Player::from_link(&back);
        again.finish();
        assert_eq!(again.text(), playback.text());
        assert_eq!(again.cursor().now(), playback.cursor().now());
    }

    #[test]
    fn a_step_past_the_tours_last_is_refused_and_the_link_opens_at_its_time() {
        let steps = TourId::Kind.tour().steps.len();
        let (link, problems) = Link::parse(&format!("?tour=kind&t=2s&step={}", steps + 1));
        assert!(problems.is_empty(), "{problems:?}");
        let mut player = Player::from_link(&link);
        player.finish();
        assert_eq!(
            player.link_refusals(),
            [LinkRefusal::Step {
                given: steps + 1,
                steps
            }]
        );
        assert_eq!(player.cursor().now().as_millis(), 2000);
        assert_eq!(player.link().step, None);

        // The last step itself opens.
        let (link, _) = Link::parse(&format!("?tour=kind&step={steps}"));
        let mut player = Player::from_link(&link);
        player.finish();
        assert!(player.link_refusals().is_empty());
        assert_eq!(player.link().step, Some(steps - 1));

        // A link naming no tour opens the kind tour's step.
        let (link, _) = Link::parse("?step=3");
        let mut player = Player::from_link(&link);
        player.finish();
        assert!(player.link_refusals().is_empty());
        assert_eq!(player.link().step, Some(2));

        // A scenario with no tour has no steps to count.
        let (link, _) = Link::parse(
            "?scenario=cluster%20--cluster-cidr%3D10.244.0.0%2F16%0Anode%20add%20a&step=2",
        );
        let mut player = Player::from_link(&link);
        player.finish();
        assert_eq!(
            player.link_refusals(),
            [LinkRefusal::Step { given: 2, steps: 0 }]
        );
    }

    #[test]
    fn a_preset_on_a_tour_travels_as_the_text_with_its_max_pods() {
        let (link, _) = Link::parse("?tour=kind");
        let mut playback = Player::from_link(&link);
        playback.finish();
        let openshift = crate::sim::preset::by_name("openshift").expect("preset");
        let settings = playback
            .settings()
            .draft()
            .with_preset(openshift)
            .validate(&playback.settings())
            .expect("valid");
        playback.set_settings(settings);
        playback.finish();
        // --max-pods is no link parameter: the link carries the whole text.
        let back = playback.link();
        let text = back.scenario.clone().expect("the text");
        assert!(text.contains("set max-pods=250\n"), "{text}");
        let mut again = Player::from_link(&back);
        again.finish();
        assert_eq!(again.settings().knobs.max_pods, 250);
        assert_eq!(again.settings().flags.node_cidr_mask_size, "23");
    }

    #[test]
    fn refused_settings_keep_the_tour_and_say_why_in_upstream_words() {
        let (link, _) = Link::parse("?tour=kind&node-mask=8");
        let mut playback = Player::from_link(&link);
        playback.finish();
        assert_eq!(playback.text(), builtin::KIND);
        let [LinkRefusal::Settings(why)] = playback.link_refusals() else {
            panic!("{:?}", playback.link_refusals());
        };
        assert!(
            why.starts_with("Controller: Invalid --cluster-cidr"),
            "{why}"
        );
    }

    #[test]
    fn a_scenario_that_does_not_parse_stays_in_the_editor_over_the_default_view() {
        let (link, _) = Link::parse("?scenario=node+add+a");
        let mut playback = Player::from_link(&link);
        playback.finish();
        assert_eq!(playback.text(), "node add a");
        assert!(playback.error().is_some());
        assert!(matches!(
            playback.link_refusals(),
            [LinkRefusal::Scenario(_)]
        ));
        assert_eq!(playback.cursor().run().tour(), Some(TourId::Kind));
    }
}
