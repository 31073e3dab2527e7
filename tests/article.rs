//! The article's words against the simulation: every number it tells — the kind cluster's subnets and
//! usable addresses, the DEL lag, the measured cluster's addresses and interfaces, the next pod's
//! address — is what podip's runs of those scenarios produce, and each figure is a step of its tour
//! whose question the article asks.
//!
//! Native only: the article is rendered at build time, never in the wasm.
#![cfg(not(target_arch = "wasm32"))]

use podip::article::SECTIONS;
use podip::playback::figure::Runs;
use podip::sim::{builtin, transcript, Scenario, Simulation};
use podip::tours::TourId;

/// The section `id`'s English.
fn section(id: &str) -> String {
    let section = SECTIONS
        .iter()
        .find(|s| s.id == id)
        .unwrap_or_else(|| panic!("no section {id}"));
    section
        .body
        .iter()
        .map(|t| t.en)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A cursor at `figure`'s moment: its tour at its step, all work done.
fn at_figure(figure: podip::article::Figure) -> podip::playback::Cursor {
    let mut cursor = Runs::default()
        .cursor(figure.tour.tour().scenario(), Some(figure.tour))
        .expect("the tour runs");
    cursor.go_to_step(figure.step);
    cursor.finish();
    cursor
}

#[test]
fn the_kind_clusters_subnets_addresses_and_lag_are_the_runs() {
    let mut runs = Runs::default();
    let kind = runs
        .cursor(TourId::Kind.tour().scenario(), Some(TourId::Kind))
        .expect("the kind tour runs");
    let plan = kind.run().capacity_plan();
    let family = &plan.families[0];
    let words = section("cluster-cidr");
    assert!(
        words.contains(&format!(
            "{} of them, of {} addresses each",
            family.node_subnets, family.addresses_per_node
        )),
        "{words}"
    );
    assert!(words.contains(&format!(
        "host-local hands out {} of those",
        family.usable_pod_ips_per_node
    )));
    let lag = kind.run().settings().knobs.del_lag.as_millis();
    assert_eq!(lag, 2_300);
    assert!(section("delete")
        .contains("its route and veth went 2.3 s after its object; podip uses 2.3 s"));
    assert!(section("delete").contains("2.3 s"));
}

#[test]
fn the_measured_clusters_addresses_and_interfaces_are_the_kind_measured_runs() {
    let mut sim = Simulation::new(std::rc::Rc::new(
        Scenario::parse(builtin::KIND_MEASURED).expect("it parses"),
    ));
    let end = sim.end();
    let told = transcript::transcript(&mut sim, end, usize::MAX);
    for (pod, ip) in [("a", "189"), ("b", "190"), ("c", "191"), ("d", "192")] {
        let line = told
            .lines()
            .find(|l| l.contains("PodIPsAssigned") && l.contains(&format!("pod/{pod} ")))
            .unwrap_or_else(|| panic!("pod {pod} gets an address"));
        assert!(
            line.contains(&format!("status.podIP=10.244.1.{ip} ")),
            "{line}"
        );
    }
    assert!(section("delete").contains("a, b and c had 10.244.1.189, .190 and .191, d got .192"));
    let veth = told
        .lines()
        .find(|l| l.contains("VethCreated") && l.contains("eth0@if704"))
        .expect("a pod's eth0@if704");
    assert!(veth.contains("@if11 on the node"), "{veth}");
    assert!(section("delete").contains("eth0@if704 was paired with vethXXXXXXXX@if11 on the node"));
}

#[test]
fn each_figure_is_a_step_of_its_tour_and_the_next_pod_gets_what_the_article_says() {
    for section in SECTIONS {
        let Some(figure) = section.figure else {
            continue;
        };
        let steps = figure.tour.tour().steps.len();
        assert!(
            figure.step < steps,
            "{}: step {} of {steps}",
            section.id,
            figure.step + 1
        );
    }
    let asked: Vec<&str> = SECTIONS
        .iter()
        .filter_map(|s| s.figure)
        .filter_map(|f| f.tour.tour().question_before(f.step))
        .map(|q| q.before.as_str())
        .collect();
    assert_eq!(
        asked,
        [
            "control-plane-subnet",
            "workers-patched",
            "conflist-written",
            "a-reserved",
            "c-running",
            "c-running",
            "b-released",
            "d-gets-the-next",
            "p6-wraps",
            "e-borrows"
        ],
        "each figure asks the question of its step"
    );
    // d's address at the kind tour's last step, which the section "next-address" shows.
    let mut runs = Runs::default();
    let mut cursor = runs
        .cursor(TourId::Kind.tour().scenario(), Some(TourId::Kind))
        .expect("the kind tour runs");
    cursor.go_to_step(9);
    cursor.finish();
    let d = cursor
        .sim()
        .events()
        .iter()
        .rev()
        .map(|e| (e.object.to_string(), e.message.to_string()))
        .find(|(object, message)| object == "pod/d" && message.contains("status.podIP="))
        .expect("d gets an address");
    assert!(d.1.contains("status.podIP=10.244.1.5 "), "{}", d.1);
    assert!(section("next-address").contains("and hands out .5"));
}

#[test]
fn what_the_host_local_section_says_is_on_the_node_at_its_figures_moment() {
    let section_data = SECTIONS
        .iter()
        .find(|s| s.id == "host-local")
        .expect("the section");
    let figure = section_data.figure.expect("its figure");
    let cursor = at_figure(figure);
    let last = podip::sim::shell::Shell::Cat("kind-worker", "last_reserved_ip.0")
        .run(cursor.sim())
        .expect("written");
    // The figure stands right after a's reservation: b and c come later at that moment.
    assert_eq!(last.output, ["10.244.1.2"]);
    assert!(section("host-local").contains("last_reserved_ip.0 holds 10.244.1.2"));
    assert!(podip::sim::shell::Shell::Cat("kind-worker", "10.244.1.3")
        .run(cursor.sim())
        .is_none());
    let file = podip::sim::shell::Shell::Cat("kind-worker", "10.244.1.2")
        .run(cursor.sim())
        .expect("a's file");
    assert_eq!(file.output[1], "eth0");
}

#[test]
fn every_command_under_a_figure_prints_what_an_event_before_its_moment_left() {
    let mut runs = Runs::default();
    for section in SECTIONS {
        let Some(figure) = section.figure else {
            continue;
        };
        let scenario = figure.tour.tour().scenario();
        let mut cursor = runs
            .cursor(scenario, Some(figure.tour))
            .expect("the tour runs");
        cursor.go_to_step(figure.step);
        cursor.finish();
        for command in section.shell {
            let ran = command
                .run(cursor.sim())
                .unwrap_or_else(|| panic!("{}: {command:?} reads nothing", section.id));
            assert!(
                ran.output.iter().any(|line| !line.is_empty()),
                "{}: {} prints nothing at the figure's moment",
                section.id,
                ran.command
            );
            let (reasons, touching) = command.depends_on();
            // Only the events shown: a step stands right after its own event.
            let (index, cause) = cursor
                .sim()
                .events()
                .iter()
                .enumerate()
                .take(cursor.shown_events())
                .filter(|(_, e)| reasons.contains(&e.reason) && touching.matches(e))
                .last()
                .unwrap_or_else(|| {
                    panic!(
                        "{}: no event up to the figure's moment changes what {} prints",
                        section.id, ran.command
                    )
                });
            // What the command prints is what that event left: the same right after it.
            let mut at_cause = Simulation::new(std::rc::Rc::new(
                Scenario::parse(scenario).expect("it parses"),
            ));
            while at_cause.events().len() <= index {
                at_cause
                    .step_until(cause.time_ms)
                    .expect("the event comes again");
            }
            assert_eq!(
                command.run(&at_cause).as_ref(),
                Some(&ran),
                "{}: {} at {} ({:?} {})",
                section.id,
                ran.command,
                cause.time_ms,
                cause.reason,
                cause.object
            );
        }
    }
}

/// Numbers and addresses in a text: `.5`, `2.3`, `10.244.0.0/24`.
fn numbers(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '/' || c == ':'))
        .map(|w| w.trim_end_matches(['.', ':']))
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

#[test]
fn no_heading_gives_away_the_answer_to_the_question_asked_before_its_figure() {
    for section in SECTIONS {
        let Some(figure) = section.figure else {
            continue;
        };
        let question = figure
            .tour
            .tour()
            .question_before(figure.step)
            .expect("each figure asks its step's question");
        let answer = &question.choices[question.correct].en;
        let told = numbers(answer);
        let heading = section.title.en;
        let given: Vec<String> = numbers(heading)
            .into_iter()
            .filter(|n| told.contains(n))
            .collect();
        assert!(
            given.is_empty(),
            "{}: the heading {heading:?} gives away {given:?} of the answer {answer:?}",
            section.id
        );
        assert!(
            !heading.to_lowercase().contains(&answer.to_lowercase()),
            "{}: the heading {heading:?} is the answer",
            section.id
        );
    }
}

#[test]
fn the_bridge_sections_route_and_ports_are_the_flannel_runs() {
    let section_data = SECTIONS
        .iter()
        .find(|s| s.id == "bridge")
        .expect("the section");
    let figure = section_data.figure.expect("its figure");
    assert_eq!(figure.tour, TourId::KubeadmFlannel);
    let cursor = at_figure(figure);
    let routes = podip::sim::shell::Shell::IpRoute("worker-1")
        .run(cursor.sim())
        .expect("the node's routes");
    let connected: Vec<&String> = routes
        .output
        .iter()
        .filter(|line| line.starts_with("10.244.1."))
        .collect();
    // One route for the node's pods, on the bridge; none per pod.
    assert_eq!(
        connected,
        ["10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1"]
    );
    assert!(section("bridge").contains("one connected route, 10.244.1.0/24 dev cni0"));
    assert!(section("bridge").contains("the gateway 10.244.1.1/24 on it"));
    let ports = podip::sim::shell::Shell::BridgeLink("worker-1")
        .run(cursor.sim())
        .expect("the bridge's ports");
    assert_eq!(ports.output.len(), 3, "a, b and c: {:?}", ports.output);
    let ls = podip::sim::shell::Shell::Ls("worker-1")
        .run(cursor.sim())
        .expect("host-local's files");
    assert_eq!(ls.command, "ls /var/lib/cni/networks/cbr0/");
    assert!(section("bridge").contains("/var/lib/cni/networks/cbr0"));
}
