//! Each tour step's picture shows what its words say. For every tour, step and language, what the
//! words name — pods, nodes, addresses and subnets (whole, or by their last part: `.4`, `.4–.6`), the
//! pairing "these pods get these addresses", phases, failures and error names, host-local's files and
//! directories — is what the stage's view model holds when the page shows that step: the cursor at
//! the step's moment, all of that moment's events done (`Cursor::go_to_step`; playing, the step
//! becomes current at the same moment, `Cursor::current_step`).
#![cfg(not(target_arch = "wasm32"))]

#[path = "tour_pictures/picture.rs"]
mod picture;
#[path = "tour_pictures/shown.rs"]
mod shown;
#[path = "tour_pictures/words.rs"]
mod words;

use picture::{holds, Picture};
use podip::i18n::Lang;
use podip::playback::stage::{StageNode, StagePhase};
use podip::playback::Player;
use podip::sim::Reason;
use podip::tours::{On, Shows, TourId};
use std::collections::BTreeSet;
use words::{Clause, FAIL_WORDS, FILE_WORDS, RUNNING_WORDS};

/// What a step's words name as gone, past or a contrast ("not b's .3", "the file 10.244.1.3 goes"):
/// the picture must *not* hold it. Written as the words write it (a range `.2–.14` counts for each
/// address in it); checked in every language.
const NOT_ON_STAGE: &[(TourId, &str, &[&str])] = &[
    // The file CNI DEL removes at this step.
    (TourId::Kind, "b-released", &["10.244.1.3"]),
    // b and its freed .3 as the contrast; .254, where the walk will wrap; the measured cluster's
    // addresses, from another run (kind-measured).
    (
        TourId::Kind,
        "d-gets-the-next",
        &["b", ".3", ".254", ".192"],
    ),
    // The address p-2's DEL frees.
    (TourId::Exhaustion, "p-2-released", &[".3"]),
    // Deleted before this step.
    (TourId::Exhaustion, "p7-wraps-again", &["p-1"]),
    // The node deleted and the subnet that frees.
    (TourId::Planning, "node-b-released", &["node-b"]),
    (
        TourId::KcmRestart,
        "node-b-released",
        &["node-b", "10.244.1.0/24"],
    ),
    // The freed subnet node-d does not get.
    (
        TourId::KcmRestart,
        "node-d-after-cursor",
        &["10.244.1.0/24"],
    ),
    // The node whose subnet node-e gets, deleted earlier; what node-e would have got without the restart.
    (
        TourId::KcmRestart,
        "node-e-lowest-free",
        &["node-b", "10.244.4.0/24"],
    ),
    // The range host-local will hand out, its gateway and broadcast: no pod has started yet.
    (TourId::MaxPods, "node-gets-a-26", &[".2–.62", ".1", ".63"]),
    // The address web-1's DEL frees.
    (TourId::MaxPods, "web-1-released", &[".2"]),
    // The old sandbox's address host-local releases.
    (TourId::RebootLeak, "old-sandbox-deleted", &["10.244.0.2"]),
    // last_reserved_ip as the reboot left it, before the new sandboxes' ADDs moved it.
    (TourId::RebootLeak, "new-addresses", &[".6"]),
    // The file CNI DEL removes.
    (TourId::WhyRoundRobin, "job-1-released", &["10.244.0.2"]),
    // The free address job-2 does not get.
    (TourId::WhyRoundRobin, "job-2-gets-3", &[".2"]),
    // Every file freed (.14 stays as last_reserved_ip, which is not a file of an address).
    (TourId::WhyRoundRobin, "all-freed", &[".2–.14"]),
    // The file CNI DEL removes, and its address, whose neighbour entry outlives it on cni0.
    (TourId::KubeadmFlannel, "b-released", &["10.244.1.3", ".3"]),
    // b and its freed .3 as the contrast; .254, where the walk will wrap.
    (
        TourId::KubeadmFlannel,
        "d-gets-the-next",
        &["b", ".3", ".254"],
    ),
    // The address b's DEL frees.
    (TourId::CalicoBlocks, "b-released", &["10.244.0.66"]),
    // b and its freed .66 as the contrast.
    (TourId::CalicoBlocks, "d-gets-the-next", &["b", ".66"]),
];

/// The pictures the page draws at each step of `tour`.
fn pictures(tour: TourId) -> Vec<Picture> {
    let name = tour.name();
    let text = podip::sim::builtin::by_name(name).expect("a built-in scenario");
    let mut cursor = Player::load(text.to_string(), TourId::from_name(name))
        .expect("a built-in scenario loads")
        .into_cursor();
    (0..tour.tour().steps.len())
        .map(|index| {
            cursor.go_to_step(index);
            cursor.finish();
            assert_eq!(cursor.current_step(), Some(index), "{name} step {index}");
            Picture::of(cursor.stage(None, None))
        })
        .collect()
}

/// The scenario's pods and nodes, by name, from its whole run.
fn names(tour: TourId) -> (Vec<String>, Vec<String>) {
    let scenario = std::rc::Rc::new(
        podip::sim::Scenario::parse(tour.tour().scenario()).expect("built-in scenarios parse"),
    );
    let (_, events) = podip::sim::Simulation::timeline(scenario);
    let mut pods = BTreeSet::new();
    let mut nodes = BTreeSet::new();
    for event in &events {
        if let Some(pod) = event.object.as_pod() {
            pods.insert(pod.to_string());
        } else if let Some(node) = event.object.as_node() {
            nodes.insert(node.to_string());
        }
    }
    (pods.into_iter().collect(), nodes.into_iter().collect())
}

/// What is wrong with `picture` as the picture of words `text`, naming `names` (the scenario's pods
/// and nodes); `gone`: what the words name as gone (`NOT_ON_STAGE`).
fn mismatches(
    picture: &Picture,
    text: &str,
    names: (&[String], &[String]),
    gone: &[&str],
) -> Vec<String> {
    let (text, quotes) = words::unquote(text);
    let mut wrong = Vec::new();
    for clause in words::clauses(&text) {
        let clause = Clause::read(clause, names, gone);
        let checks: [fn(&Picture, &Clause) -> Vec<String>; 7] = [
            names_and_addresses,
            pods_and_their_addresses,
            nodes_and_their_subnets,
            host_local_state,
            running,
            other_phases,
            failures,
        ];
        for check in checks {
            let found = check(picture, &clause);
            let text = clause.text.trim();
            wrong.extend(
                found
                    .into_iter()
                    .map(|what| format!("{what} — in «{text}»")),
            );
        }
    }
    let all = format!("{text} {}", quotes.join(" "));
    wrong.extend(errors_and_files(picture, &all));
    wrong
}

/// What the clause names is drawn; what it names as gone is not (or no longer taken).
fn names_and_addresses(picture: &Picture, clause: &Clause) -> Vec<String> {
    let mut wrong = Vec::new();
    for pod in clause.pods.iter().filter(|p| picture.pod(p).is_none()) {
        wrong.push(format!("pod {pod} is not drawn"));
    }
    for node in clause.nodes.iter().filter(|n| !picture.has_node(n)) {
        wrong.push(format!("node {node} is not drawn"));
    }
    for name in &clause.gone_names {
        if picture.live_pod(name) || picture.has_node(name) {
            wrong.push(format!("{name} is drawn, though named as gone"));
        }
    }
    for address in clause.addresses.iter().filter(|a| !picture.shows(a)) {
        wrong.push(format!("{} is not on the stage", address.written()));
    }
    for address in clause.gone_addresses.iter().filter(|a| picture.takes(a)) {
        wrong.push(format!("{} is still taken", address.written()));
    }
    wrong
}

/// "web-1 to web-3 take .4–.6": the n-th pod holds the n-th address; "status.podIP is 10.244.1.2":
/// a running pod has it.
fn pods_and_their_addresses(picture: &Picture, clause: &Clause) -> Vec<String> {
    let mut wrong = Vec::new();
    let ips: Vec<_> = clause.addresses.iter().filter(|a| !a.is_subnet()).collect();
    if !clause.pods.is_empty() && clause.pods.len() == ips.len() {
        for (pod, address) in clause.pods.iter().zip(ips) {
            if !picture.pod(pod).is_some_and(|p| holds(p, address)) {
                wrong.push(format!("pod {pod} does not hold {}", address.written()));
            }
        }
    }
    if clause.text.contains("status.podIP") {
        for address in &clause.addresses {
            let running = picture
                .pods()
                .any(|p| p.phase == StagePhase::Running && p.ips.iter().any(|ip| address.is(ip)));
            if !running {
                let written = address.written();
                wrong.push(format!("no running pod has {written} in status.podIPs"));
            }
        }
    }
    wrong
}

/// "node-e gets 10.244.1.0/24": a node named alone with subnets holds them.
fn nodes_and_their_subnets(picture: &Picture, clause: &Clause) -> Vec<String> {
    let [node] = clause.nodes.as_slice() else {
        return Vec::new();
    };
    let mut cidrs = picture
        .nodes()
        .find(|n| n.name == *node)
        .map(|n| n.pod_cidrs.clone())
        .unwrap_or_default();
    // A Calico node's blocks are its subnets too.
    let chain = picture.stage.chains.iter().find(|c| c.node == *node);
    let blocks = chain.and_then(|c| c.calico.as_ref()).map(|c| &c.blocks);
    cidrs.extend(blocks.into_iter().flatten().map(|b| b.cidr.clone()));
    let subnets = clause.addresses.iter().filter(|a| a.is_subnet());
    subnets
        .filter(|subnet| !cidrs.iter().any(|c| subnet.is(c)))
        .map(|subnet| format!("node {node} has not {}: {cidrs:?}", subnet.written()))
        .collect()
}

/// "disk-worker has ten files": some node holds that many IP files. "last_reserved_ip is .6 on one
/// node and .22 on the other": the range strips show those.
fn host_local_state(picture: &Picture, clause: &Clause) -> Vec<String> {
    let mut wrong = Vec::new();
    let counts = words::numbers(&clause.text);
    if clause.says(FILE_WORDS) && !counts.is_empty() {
        let files = picture.ip_files_per_node();
        if !files.is_empty() && !files.iter().any(|f| counts.contains(f)) {
            wrong.push(format!(
                "no node holds {counts:?} files: IP files per node {files:?}"
            ));
        }
    }
    if clause.text.contains("last_reserved_ip") {
        let cursors = picture.last_reserved_ips();
        if cursors.is_empty() && !clause.text.contains("last_reserved_ip.1") {
            wrong.push("no last_reserved_ip is shown".to_string());
        }
        // IPv6's last_reserved_ip.1 is not on the strip, which draws the first family.
        for address in clause
            .addresses
            .iter()
            .filter(|a| !a.written().contains(':'))
        {
            if !cursors.iter().any(|ip| address.is(ip)) {
                let written = address.written();
                wrong.push(format!("last_reserved_ip is not {written}: {cursors:?}"));
            }
        }
    }
    wrong
}

/// "tmpfs-worker runs its five pods", "3 running pods": the pods named run; a count of running pods
/// is some node's; else some pod runs.
fn running(picture: &Picture, clause: &Clause) -> Vec<String> {
    let about_pods = !clause.pods.is_empty() || clause.text.to_lowercase().contains("pod");
    if !about_pods || !clause.says(RUNNING_WORDS) {
        return Vec::new();
    }
    let counts = picture.running_per_node();
    let numbers = words::numbers(&clause.text);
    if !clause.pods.is_empty() {
        clause
            .pods
            .iter()
            .filter_map(|pod| {
                let phase = picture.pod(pod).map(|p| p.phase);
                (phase != Some(StagePhase::Running))
                    .then(|| format!("pod {pod} is {phase:?}, not running"))
            })
            .collect()
    } else if !numbers.is_empty() && !counts.iter().any(|c| numbers.contains(c)) {
        vec![format!(
            "no node runs {numbers:?} pods: running per node {counts:?}"
        )]
    } else if numbers.is_empty() && counts.iter().all(|c| *c == 0) {
        vec!["no pod is running".to_string()]
    } else {
        Vec::new()
    }
}

/// "web-4 is Pending", "b is Terminating": the pods named are drawn so.
fn other_phases(picture: &Picture, clause: &Clause) -> Vec<String> {
    let mut wrong = Vec::new();
    for (word, phase) in [
        ("Pending", StagePhase::Pending),
        ("Terminating", StagePhase::Deleting),
    ] {
        if words::find_name(&clause.text, word).is_empty() {
            continue;
        }
        for pod in &clause.pods {
            let drawn = picture.pod(pod).map(|p| p.phase);
            if drawn != Some(phase) {
                wrong.push(format!("pod {pod} is {drawn:?}, not {word}"));
            }
        }
    }
    wrong
}

/// "web-4 and web-5 fail": the pods named show their sandbox's failure.
fn failures(picture: &Picture, clause: &Clause) -> Vec<String> {
    if !clause.says(FAIL_WORDS) {
        return Vec::new();
    }
    let failed = |pod: &String| picture.pod(pod).is_some_and(|p| p.failure.is_some());
    let pods = clause.pods.iter().filter(|pod| !failed(pod));
    pods.map(|pod| format!("pod {pod} shows no failure"))
        .collect()
}

/// Error names and host-local's messages, quoted or not, host-local's files and directories and
/// kindnet's conflist, named anywhere in the step: on the stage.
fn errors_and_files(picture: &Picture, all: &str) -> Vec<String> {
    let mut wrong = Vec::new();
    let pod_failures: Vec<&String> = picture.pods().filter_map(|p| p.failure.as_ref()).collect();
    let node_failures: Vec<&String> = picture.nodes().filter_map(|n| n.failure.as_ref()).collect();
    for message in ["no IP addresses available", "failed to allocate for range"] {
        if all.contains(message) && !pod_failures.iter().any(|f| f.contains(message)) {
            wrong.push(format!("no pod shows «{message}»: {pod_failures:?}"));
        }
    }
    if all.contains("FailedCreatePodSandBox") && pod_failures.is_empty() {
        wrong.push("no pod shows FailedCreatePodSandBox".to_string());
    }
    let cidr_failure = node_failures.iter().any(|f| f.contains("CIDRNotAvailable"));
    if all.contains("CIDRNotAvailable") && !cidr_failure {
        wrong.push(format!("no node shows CIDRNotAvailable: {node_failures:?}"));
    }
    for file in ["last_reserved_ip.1", "lock"] {
        let listed = picture.nodes().any(|n| n.files.iter().any(|f| f == file));
        if !words::find_name(all, file).is_empty() && !listed {
            wrong.push(format!("no node lists {file}"));
        }
    }
    for dir in ["/var/lib/cni/networks", "/run/cni-ipam-state"] {
        if all.contains(dir) && !picture.nodes().any(|n| n.dir.starts_with(dir)) {
            wrong.push(format!("no node keeps host-local's files in {dir}"));
        }
    }
    if all.contains(".conflist") && !picture.nodes().any(|n| n.conflist) {
        wrong.push("no node has its conflist".to_string());
    }
    // A flannel node's chain: the bridge, flanneld's file and routes, the chain's conflist.
    let chains = &picture.stage.chains;
    if all.contains("cni0") && picture.bridge_ports().is_none() {
        wrong.push("no node draws the bridge cni0".to_string());
    }
    if all.contains("subnet.env") && !chains.iter().any(|c| c.flannel_subnet.is_some()) {
        wrong.push("no node has flanneld's subnet.env".to_string());
    }
    if all.contains("flannel.1")
        && !chains
            .iter()
            .any(|c| c.node_route_prefixes().1.as_deref() == Some("flannel.1"))
    {
        wrong.push("no node routes through flannel.1".to_string());
    }
    for name in ["10-flannel.conflist", "10-kindnet.conflist"] {
        let written = |c: &&podip::playback::stage::StageChain| c.conflist_path.ends_with(name);
        let drawn = chains
            .iter()
            .filter(written)
            .any(|c| picture.nodes().any(|n| n.name == c.node && n.conflist));
        if all.contains(name) && !drawn {
            wrong.push(format!("no node has {name}"));
        }
    }
    wrong
}

#[test]
fn each_steps_picture_holds_what_its_words_name_in_every_language() {
    let mut wrong = Vec::new();
    for tour in TourId::ALL {
        let (pods, nodes) = names(tour);
        let steps = &tour.tour().steps;
        for (index, (step, picture)) in steps.iter().zip(pictures(tour)).enumerate() {
            let not_on_stage = NOT_ON_STAGE
                .iter()
                .find(|(t, id, _)| *t == tour && *id == step.id)
                .map_or(&[][..], |(_, _, tokens)| tokens);
            for lang in Lang::ALL {
                for what in mismatches(
                    &picture,
                    step.words.get(lang),
                    (&pods, &nodes),
                    not_on_stage,
                ) {
                    wrong.push(format!(
                        "{} step {} ({}) [{}]: {what}",
                        tour.name(),
                        index + 1,
                        step.id,
                        lang.tag()
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn each_exception_names_a_step_and_something_its_words_name() {
    for (tour, id, tokens) in NOT_ON_STAGE {
        let step = tour.tour().steps.iter().find(|s| s.id == *id);
        let step = step.unwrap_or_else(|| panic!("{} has no step {id}", tour.name()));
        for token in *tokens {
            assert!(
                step.words.en.contains(token),
                "{} {id}: the words do not name {token}",
                tour.name()
            );
        }
    }
}

/// The converse: a step's picture is the state right after its own event, so nothing on the stage
/// belongs to a later event of its moment — no IP file, host veth, route, podCIDR or `status.podIPs`
/// that an event after the step's, at the same time, made. Playing stands at each of them in turn.
#[test]
fn nothing_on_a_steps_stage_belongs_to_a_later_event_of_its_moment() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for tour in TourId::ALL {
        let name = tour.name();
        let text = podip::sim::builtin::by_name(name).expect("a built-in scenario");
        let mut cursor = Player::load(text.to_string(), TourId::from_name(name))
            .expect("a built-in scenario loads")
            .into_cursor();
        let timeline = cursor.run().timeline();
        let later: Vec<Vec<podip::sim::Event>> = (0..tour.tour().steps.len())
            .map(|index| {
                let (Some(event), Some(time)) = (
                    cursor.run().step_event(index),
                    cursor.run().step_time(index),
                ) else {
                    return Vec::new();
                };
                timeline
                    .iter()
                    .skip(event + 1)
                    .take_while(|e| e.time_ms == time)
                    .cloned()
                    .collect()
            })
            .collect();
        for (index, later) in later.into_iter().enumerate() {
            cursor.go_to_step(index);
            cursor.finish();
            let stage = cursor.stage(None, None);
            let nodes: Vec<&StageNode> = stage.nodes.iter().flatten().collect();
            for event in &later {
                let touched = event.touched();
                let node = nodes
                    .iter()
                    .find(|n| Some(&n.name) == touched.node.as_ref());
                let on_stage = match event.reason {
                    Reason::IPAMReserve => touched
                        .ip_file
                        .as_ref()
                        .is_some_and(|ip| node.is_some_and(|n| n.files.contains(ip))),
                    Reason::VethCreated => touched.veth.as_ref().is_some_and(|veth| {
                        nodes
                            .iter()
                            .flat_map(|n| &n.pods)
                            .any(|p| p.veth.as_ref().is_some_and(|v| v.name == *veth))
                    }),
                    Reason::RouteAdded => touched.route.as_ref().is_some_and(|route| {
                        nodes
                            .iter()
                            .flat_map(|n| &n.pods)
                            .any(|p| p.routes.contains(route))
                    }),
                    Reason::PodCIDRPatched => node.is_some_and(|n| !n.pod_cidrs.is_empty()),
                    Reason::PodIPsAssigned => touched.pod.as_ref().is_some_and(|pod| {
                        nodes
                            .iter()
                            .flat_map(|n| &n.pods)
                            .any(|p| p.name == *pod && p.phase == StagePhase::Running)
                    }),
                    _ => continue,
                };
                checked += 1;
                if on_stage {
                    wrong.push(format!(
                        "{name} step {} ({}): {:?} {} is on the stage",
                        index + 1,
                        tour.tour().steps[index].id,
                        event.reason,
                        event.object
                    ));
                }
            }
        }
    }
    assert!(checked > 0, "no step shares its moment with a later event");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What a step declares its picture shows (`Step::shows`, the page's `data-must-show`) is in the
/// stage's view model at that step, on the node it names.
#[test]
fn what_each_step_declares_its_picture_shows_is_on_the_stage() {
    let mut wrong = Vec::new();
    let mut declared = 0;
    for tour in TourId::ALL {
        let steps = &tour.tour().steps;
        for (index, (step, picture)) in steps.iter().zip(pictures(tour)).enumerate() {
            declared += step.shows.iter().map(On::len).sum::<usize>();
            for name in shown::missing(&picture.stage, &step.shows) {
                let name_of = tour.name();
                wrong.push(format!(
                    "{name_of} step {} ({}): {name}",
                    index + 1,
                    step.id
                ));
            }
        }
    }
    assert!(declared > 100, "only {declared} things declared");
    assert!(wrong.is_empty(), "not on the stage:\n{}", wrong.join("\n"));
}

/// A declaration of something the run does not have at that step fails: another pod, a file already
/// released, the right thing on the wrong node.
#[test]
fn a_declaration_the_run_does_not_have_is_missing() {
    let kind = pictures(TourId::Kind);
    let b_released = &kind[TourId::Kind
        .tour()
        .step_index("b-released")
        .expect("a step")]
    .stage;
    let declared = [
        On::new("kind-worker", [Shows::Pod("a"), Shows::Pod("z")]),
        On::new(
            "kind-worker",
            [Shows::IpFile("10.244.1.3"), Shows::IpFile("10.244.1.2")],
        ),
        On::new("kind-worker2", [Shows::Route("10.244.1.2/32")]),
        On::new("kind-worker", [Shows::Packet("a", "c")]),
    ];
    assert_eq!(
        shown::missing(b_released, &declared),
        [
            "pod:z@kind-worker",
            "ip-file:10.244.1.3@kind-worker",
            "route:10.244.1.2/32@kind-worker2",
            "packet:a>c",
        ]
    );
}
