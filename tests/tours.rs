//! Every guided tour is one definition (`src/tours/`): its steps happen in its scenario, in order; its
//! questions are attached to steps by id; its words say what its steps show.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::sim::state::State;
use podip::sim::{Reason, Scenario, Simulation, VirtualTime};
use podip::tours::{Tour, TourId};
use std::rc::Rc;

/// Each tour's steps by id, in order: inserting, removing or reordering a step changes links
/// (`step=N`) and must be done here too, on purpose.
const STEPS: &[(TourId, &[&str])] = &[
    (
        TourId::Kind,
        &[
            "control-plane-subnet",
            "workers-patched",
            "conflist-written",
            "a-reserved",
            "a-veth",
            "a-route",
            "c-running",
            "b-deleted",
            "b-released",
            "d-gets-the-next",
        ],
    ),
    (
        TourId::Planning,
        &[
            "fourth-node",
            "cidr-not-available",
            "node-b-released",
            "node-e-gets-index-1",
        ],
    ),
    (
        TourId::Exhaustion,
        &["p6-fails", "p-2-released", "p6-wraps", "p7-wraps-again"],
    ),
    (
        TourId::DualStack,
        &[
            "both-families-patched",
            "a-reserves-two",
            "a-gets-both",
            "a-released",
        ],
    ),
    (
        TourId::KcmRestart,
        &[
            "node-b-released",
            "node-d-after-cursor",
            "kcm-restarted",
            "node-e-lowest-free",
        ],
    ),
    (
        TourId::MaxPods,
        &[
            "node-gets-a-26",
            "web-61-takes-the-last",
            "web-62-fails",
            "web-1-released",
            "web-62-retried",
        ],
    ),
    (
        TourId::RebootLeak,
        &[
            "five-pods-each",
            "first-reboot",
            "kubelet-back",
            "old-sandbox-deleted",
            "new-addresses",
            "records-lost",
            "ten-files",
            "third-reboot",
            "disk-node-full",
            "tmpfs-node-fine",
            "cleaning",
            "what-else-clears-it",
        ],
    ),
    (
        TourId::WhyRoundRobin,
        &[
            "job-1-gets-2",
            "job-1-released",
            "job-2-gets-3",
            "walk-reaches-end",
            "all-freed",
            "next-1-wraps-to-2",
            "next-2-freed-seconds-ago",
            "freed-seconds-ago",
        ],
    ),
    (
        TourId::NodeNetwork,
        &[
            "web-waits-for-the-network",
            "conflist-written",
            "route-to-kind-worker2",
            "web-running",
            "db-running",
        ],
    ),
    (
        TourId::KubeadmFlannel,
        &[
            "subnet-env",
            "a-bridge",
            "a-reserved",
            "a-gateway",
            "c-running",
            "b-deleted",
            "b-released",
            "d-gets-the-next",
        ],
    ),
    (
        TourId::CalicoBlocks,
        &[
            "control-plane-block",
            "worker-block",
            "worker2-no-block",
            "abc-running",
            "b-released",
            "d-gets-the-next",
            "e-borrows",
        ],
    ),
];

/// The run of `tour`'s scenario and the time of each of its steps.
fn run(tour: &Tour) -> (Rc<Scenario>, Vec<Option<VirtualTime>>) {
    let scenario = Rc::new(Scenario::parse(tour.scenario()).expect("built-in scenarios parse"));
    let (_, events) = Simulation::timeline(scenario.clone());
    let times = tour.step_times(events.iter());
    (scenario, times)
}

#[test]
fn each_tour_has_the_steps_it_is_known_by_in_order() {
    assert_eq!(STEPS.len(), TourId::ALL.len());
    for (id, steps) in STEPS {
        let ids: Vec<&str> = id.tour().steps.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(&ids, steps, "{}", id.name());
    }
    for id in TourId::ALL {
        assert_eq!(id.tour().name, id.name());
        assert_eq!(TourId::from_name(id.name()), Some(id));
        assert_eq!(
            podip::sim::builtin::by_name(id.name()),
            Some(id.tour().scenario())
        );
    }
}

#[test]
fn each_tour_step_is_anchored_on_an_event_its_scenario_makes_happen_in_order() {
    for id in TourId::ALL {
        let (_, times) = run(id.tour());
        assert!(
            times.iter().all(Option::is_some),
            "{}: a step's event never happens: {times:?}",
            id.name()
        );
        assert!(
            times.windows(2).all(|w| w[0] <= w[1]),
            "{}: steps out of order: {times:?}",
            id.name()
        );
    }
}

#[test]
fn each_tour_asks_at_least_two_questions_each_before_a_step_it_has() {
    for id in TourId::ALL {
        let tour = id.tour();
        assert!(tour.questions.len() >= 2, "{}", id.name());
        for question in &tour.questions {
            let at = tour.step_index(&question.before);
            assert!(at.is_some(), "{}: no step {}", id.name(), question.before);
            assert_eq!(
                tour.question_before(at.unwrap_or_default())
                    .map(|q| &q.before),
                Some(&question.before)
            );
            assert!(question.choices.len() >= 2 && question.correct < question.choices.len());
        }
    }
}

/// A step that waits for a pod's address says which address it is: a step's words moved to
/// another step name another pod's address, or one not handed out yet.
#[test]
fn a_step_shown_at_a_pods_new_address_names_that_address() {
    let mut unnamed: Vec<String> = Vec::new();
    for id in TourId::ALL {
        let tour = id.tour();
        let (scenario, times) = run(tour);
        for (step, time) in tour.steps.iter().zip(times) {
            let (reason, object) = (step.waits_for.0, step.waits_for.1.as_str());
            let Some(pod) = object.strip_prefix("pod/") else {
                continue;
            };
            if !matches!(reason, Reason::IPAMReserve | Reason::PodIPsAssigned) {
                continue;
            }
            let state = Simulation::at(&scenario, time.expect("the step happens")).state();
            let holder = state
                .pods
                .iter()
                .find(|p| p.name == pod)
                .and_then(|p| p.container_id.clone());
            let mut ips: Vec<&String> = state
                .nodes
                .iter()
                .flat_map(|n| n.ipam.reserved.iter())
                .filter(|(_, h)| Some(*h) == holder.as_ref())
                .map(|(ip, _)| ip)
                .collect();
            // calico-ipam keeps no files on the node: the pod's status holds its address.
            if ips.is_empty() {
                let status = state.pods.iter().find(|p| p.name == pod);
                ips.extend(status.into_iter().flat_map(|p| &p.ips));
            }
            assert!(
                !ips.is_empty(),
                "{} {}: {pod} holds no address",
                id.name(),
                step.id
            );
            for ip in ips {
                let last = ip.rsplit(['.', ':']).next().unwrap_or_default();
                let mentioned = step
                    .words
                    .en
                    .match_indices(&format!(".{last}"))
                    .chain(step.words.en.match_indices(&format!(":{last}")))
                    .any(|(at, m)| {
                        !step.words.en[at + m.len()..].starts_with(|c: char| c.is_ascii_hexdigit())
                    });
                if !mentioned {
                    unnamed.push(format!(
                        "{} {}: {pod}'s {ip}: {}",
                        id.name(),
                        step.id,
                        step.words.en
                    ));
                }
            }
        }
    }
    assert!(
        unnamed.is_empty(),
        "the words do not name the address:\n{}",
        unnamed.join("\n")
    );
}

/// The state of `tour` at the moment of its step `step`.
fn at_step(tour: TourId, step: &str) -> State {
    let tour = tour.tour();
    let (scenario, times) = run(tour);
    let index = tour.step_index(step).expect("a step of the tour");
    Simulation::at(&scenario, times[index].expect("the step happens")).state()
}

/// The right answer, in English, of the question asked before step `step`.
fn answer(tour: TourId, step: &str) -> &'static str {
    let question = tour
        .tour()
        .questions
        .iter()
        .find(|q| q.before == step)
        .expect("a question");
    &question.choices[question.correct].en
}

fn pod_ip(state: &State, pod: &str) -> String {
    state
        .pods
        .iter()
        .find(|p| p.name == pod)
        .map(|p| p.ips.join(","))
        .unwrap_or_default()
}

fn pod_cidrs(state: &State, node: &str) -> Vec<String> {
    state
        .nodes
        .iter()
        .find(|n| n.name == node)
        .map(|n| n.pod_cidrs.clone())
        .unwrap_or_default()
}

fn last_reserved(state: &State) -> String {
    state.nodes[0]
        .ipam
        .last_reserved_ip
        .get("0")
        .cloned()
        .unwrap_or_default()
}

#[test]
fn the_kind_tour_reaches_d_at_its_last_step() {
    let state = at_step(TourId::Kind, "d-gets-the-next");
    assert_eq!(pod_ip(&state, "d"), "10.244.1.5");
}

#[test]
fn the_right_answers_are_what_the_steps_show() {
    use TourId::*;
    // kind: kind-worker2's subnet; d's address after b's release; b's files go 2.3 s after its object.
    assert_eq!(
        pod_cidrs(&at_step(Kind, "workers-patched"), "kind-worker2"),
        [answer(Kind, "workers-patched")]
    );
    let d = pod_ip(&at_step(Kind, "d-gets-the-next"), "d");
    assert!(d.ends_with(answer(Kind, "d-gets-the-next")), "{d}");
    assert!(answer(Kind, "b-released").contains("2.3 s"));
    // planning: the fifth node gets none at first, then node-b's subnet once it is released.
    assert!(pod_cidrs(&at_step(Planning, "cidr-not-available"), "node-e").is_empty());
    assert_eq!(
        pod_cidrs(&at_step(Planning, "node-e-gets-index-1"), "node-e"),
        [answer(Planning, "node-e-gets-index-1")]
    );
    // exhaustion: p6 gets .3 on its retry (status.podIPs comes 5 ms after host-local's reservation).
    let last = last_reserved(&at_step(Exhaustion, "p6-wraps"));
    assert!(last.ends_with(answer(Exhaustion, "p6-wraps")), "{last}");
    // kcm-restart: node-d gets a fresh subnet; node-e, after the restart, node-b's old one.
    assert_eq!(
        pod_cidrs(&at_step(KcmRestart, "node-d-after-cursor"), "node-d"),
        [answer(KcmRestart, "node-d-after-cursor")]
    );
    assert!(answer(KcmRestart, "node-e-lowest-free")
        .starts_with(&pod_cidrs(&at_step(KcmRestart, "node-e-lowest-free"), "node-e")[0]));
    // max-pods: web-62 admitted but without an address, then .2 on its retry.
    let failed = at_step(MaxPods, "web-62-fails");
    assert!(failed
        .pods
        .iter()
        .any(|p| p.name == "web-62" && p.ips.is_empty()));
    let retried = last_reserved(&at_step(MaxPods, "web-62-retried"));
    assert!(
        retried.ends_with(answer(MaxPods, "web-62-retried")),
        "{retried}"
    );
    // reboot-leak: web-1 comes back on .7; ten files for five pods; three pods get .4–.6, two fail.
    let rebooted = at_step(RebootLeak, "new-addresses");
    assert!(pod_ip(&rebooted, "web-1").ends_with(answer(RebootLeak, "new-addresses")));
    let disk_files = |state: &State| {
        state
            .nodes
            .iter()
            .find(|n| n.name == "disk-worker")
            .map_or(0, |n| n.ipam.reserved.len())
    };
    assert_eq!(
        disk_files(&at_step(RebootLeak, "ten-files")).to_string(),
        answer(RebootLeak, "ten-files")
    );
    let full = at_step(RebootLeak, "disk-node-full");
    let running: Vec<String> = (1..=5)
        .map(|n| pod_ip(&full, &format!("web-{n}")))
        .filter(|ip| !ip.is_empty())
        .collect();
    assert_eq!(running, ["10.244.0.4", "10.244.0.5", "10.244.0.6"]);
    assert!(answer(RebootLeak, "disk-node-full").starts_with("Three get .4–.6"));
    assert_eq!(disk_files(&full), 13);
    // why-round-robin: job-2 gets .3; next-1 wraps to .2.
    assert!(pod_ip(&at_step(WhyRoundRobin, "job-2-gets-3"), "job-2")
        .ends_with(answer(WhyRoundRobin, "job-2-gets-3")));
    assert!(
        pod_ip(&at_step(WhyRoundRobin, "next-1-wraps-to-2"), "next-1")
            .ends_with(answer(WhyRoundRobin, "next-1-wraps-to-2"))
    );
    // kubeadm-flannel: d gets .5 on the bridge, as on kind.
    let d = pod_ip(&at_step(KubeadmFlannel, "d-gets-the-next"), "d");
    assert!(
        d.ends_with(answer(KubeadmFlannel, "d-gets-the-next")),
        "{d}"
    );
    // dual-stack: two podCIDRs per node, two IP files for a.
    assert_eq!(
        pod_cidrs(&at_step(DualStack, "both-families-patched"), "kind-worker").len(),
        2
    );
    let state = at_step(DualStack, "a-gets-both");
    let a = state
        .pods
        .iter()
        .find(|p| p.name == "a")
        .and_then(|p| p.container_id.clone());
    let files = state
        .nodes
        .iter()
        .flat_map(|n| n.ipam.reserved.values())
        .filter(|holder| Some(*holder) == a.as_ref())
        .count();
    assert_eq!(files, 2);
}

/// A step is read aloud to a room: an English step holds at most 60 words (a longer story is two
/// steps, each on its own event).
#[test]
fn every_english_step_is_short_enough_to_read_to_a_room() {
    const MAX_WORDS: usize = 60;
    let mut long = Vec::new();
    for tour in TourId::ALL {
        for step in &tour.tour().steps {
            let words = step.words.en.split_whitespace().count();
            if words > MAX_WORDS {
                long.push(format!("{} {}: {words} words", tour.name(), step.id));
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The values a choice names (addresses, subnets, decimals: `10.244.1.1/32`, `.5`, `2.3`), as written,
/// whatever the language's punctuation around them.
fn values(text: &str) -> Vec<&str> {
    let part = |c: char| c.is_ascii_alphanumeric() || ".:/-_".contains(c);
    text.split(|c: char| !part(c))
        .map(|word| word.trim_end_matches(['.', ':', '-']))
        .filter(|word| {
            let ipv6 = word.contains("::")
                && word
                    .chars()
                    .all(|c| c.is_ascii_hexdigit() || ":/".contains(c));
            ipv6 || word.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        })
        .filter(|word| word.chars().any(|c| c.is_ascii_digit()) && word.contains(['.', '/', ':']))
        .collect()
}

/// Values the words just before a question name as its premise, not its answer: the address a DEL
/// freed, which the question asks whether the next pod gets.
const PREMISES: &[(TourId, &str, &str)] = &[
    (TourId::Exhaustion, "p6-wraps", ".3"),
    (TourId::MaxPods, "web-62-retried", ".2"),
    (TourId::WhyRoundRobin, "next-1-wraps-to-2", ".2"),
];

/// A question is asked before the words that answer it: the words the room reads just before it (the
/// previous step's, or the introduction's) name no value that only its right choice names.
#[test]
fn no_words_just_before_a_question_give_its_answer_away() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for id in TourId::ALL {
        let tour = id.tour();
        for question in &tour.questions {
            let at = tour.step_index(&question.before).expect("a step");
            for lang in podip::i18n::Lang::ALL {
                let others: Vec<&str> = (question.choices.iter().enumerate())
                    .filter(|(i, _)| *i != question.correct)
                    .flat_map(|(_, c)| values(c.get(lang)))
                    .collect();
                let right = values(question.choices[question.correct].get(lang));
                let premise = |v: &&str| PREMISES.contains(&(id, question.before.as_str(), *v));
                let only_right = right
                    .into_iter()
                    .filter(|v| !others.contains(v) && !premise(v));
                let before = match at.checked_sub(1) {
                    Some(previous) => tour.steps[previous].words.get(lang),
                    None => tour.intro.get(lang),
                };
                for value in only_right {
                    checked += 1;
                    if values(before).contains(&value) {
                        let start: String = before.chars().take(60).collect();
                        wrong.push(format!(
                            "{} [{}] question before {}: «{value}» is read just before it, in «{start}…»",
                            id.name(),
                            lang.tag(),
                            question.before
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 30, "only {checked} values checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_value_is_read_whole_in_any_language() {
    assert_eq!(
        values("d gets .5, not 1.5 s on cni0, 3 回目"),
        [".5", "1.5"]
    );
    assert_eq!(
        values("同一个网关地址 10.244.1.1/32。（.3）"),
        ["10.244.1.1/32", ".3"]
    );
    assert_eq!(
        values("fd00:10:244:1::2, in last_reserved_ip.1."),
        ["fd00:10:244:1::2"]
    );
}
