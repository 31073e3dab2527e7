//! kube-scheduler for a pod created without a node (docs/upstream-notes.md §26): a node without a CNI
//! config is NotReady and tainted `node.kubernetes.io/not-ready:NoSchedule`, so such a pod stays
//! Pending with `FailedScheduling` until a node is Ready, then is bound to the Ready node running the
//! fewest pods; a pod created with `spec.nodeName` is not scheduled and waits on `NetworkNotReady`.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::sim::command::Command;
use podip::sim::{builtin, EventKind, Reason, Scenario, Simulation, VirtualTime};

fn run(text: &str) -> Simulation {
    let mut sim = Simulation::new(Scenario::parse(text).expect("scenario parses"));
    sim.run_to_end();
    sim
}

fn events(sim: &Simulation, reason: Reason) -> Vec<(u64, String, String)> {
    sim.events()
        .iter()
        .filter(|e| e.reason == reason)
        .map(|e| {
            (
                e.time_ms.0,
                e.object.as_str().to_string(),
                e.message.to_string(),
            )
        })
        .collect()
}

const UNTOLERATED: &str = "0/1 nodes are available: 1 node(s) had untolerated taint \
     {node.kubernetes.io/not-ready: }. preemption: 0/1 nodes are available: 1 Preemption is not \
     helpful for scheduling.";

#[test]
fn pod_add_without_a_node_is_a_pod_for_the_scheduler() {
    let scenario = Scenario::parse("cluster --cluster-cidr=10.244.0.0/16\npod add coredns-1\n")
        .expect("parses");
    let unbound: Vec<String> = scenario
        .commands
        .iter()
        .filter(|c| matches!(c.command, Command::PodAddUnbound { .. }))
        .map(|c| c.command.to_string())
        .collect();
    assert_eq!(unbound, ["pod add coredns-1"]);
    // A requested IP is the kubelet's to pass on: it needs the node.
    assert!(
        Scenario::parse("cluster --cluster-cidr=10.244.0.0/16\npod add x --ip=10.244.0.9\n")
            .is_err()
    );
    // The name is taken all the same.
    assert!(Scenario::parse(
        "cluster --cluster-cidr=10.244.0.0/16\nnode add n\npod add x\npod add x --node=n\n"
    )
    .is_err());
}

#[test]
fn coredns_stays_pending_on_the_not_ready_taint_until_the_conflist_is_written() {
    let sim = run(builtin::COREDNS_PENDING);
    let failed = events(&sim, Reason::FailedScheduling);
    // Once per pod (the recorder counts a repeat on the same Event), upstream's text.
    assert_eq!(
        failed
            .iter()
            .map(|(_, pod, message)| (pod.as_str(), message.as_str()))
            .collect::<Vec<_>>(),
        [
            ("pod/coredns-1", UNTOLERATED),
            ("pod/coredns-2", UNTOLERATED)
        ]
    );
    assert!(sim
        .events()
        .iter()
        .filter(|e| e.reason == Reason::FailedScheduling)
        .all(|e| e.kind == EventKind::Warning && e.node.is_none()));
    let written = events(&sim, Reason::CNIConfigWritten)[0].0;
    let scheduled = events(&sim, Reason::Scheduled);
    assert_eq!(
        scheduled
            .iter()
            .map(|(_, pod, message)| (pod.as_str(), message.as_str()))
            .collect::<Vec<_>>(),
        [
            (
                "pod/coredns-1",
                "Successfully assigned default/coredns-1 to control-plane"
            ),
            (
                "pod/coredns-2",
                "Successfully assigned default/coredns-2 to control-plane"
            ),
        ]
    );
    assert!(scheduled.iter().all(|(t, _, _)| *t > written));
    // Neither pod reached a kubelet before: no sandbox, no NetworkNotReady, no PodCreated on a node.
    assert!(events(&sim, Reason::NetworkNotReady).is_empty());
    assert!(events(&sim, Reason::SandboxCreated)
        .iter()
        .all(|(t, _, _)| *t > written));
    // Pending, unbound, at 10 s; Running with the bridge's .2 and .3 at the end.
    let early = Simulation::at(
        &Scenario::parse(builtin::COREDNS_PENDING).unwrap(),
        VirtualTime(10_000),
    );
    let pending: Vec<(String, String, &str)> = early
        .state()
        .pods
        .iter()
        .map(|p| (p.name.clone(), p.node.clone(), p.status))
        .collect();
    assert_eq!(
        pending,
        [
            ("coredns-1".to_string(), String::new(), "Pending"),
            ("coredns-2".to_string(), String::new(), "Pending"),
        ]
    );
    let state = sim.state();
    let ips = |name: &str| {
        state
            .pods
            .iter()
            .find(|p| p.name == name)
            .map(|p| (p.phase, p.ips.clone()))
    };
    assert_eq!(
        ips("coredns-1"),
        Some(("Running", vec!["10.244.0.2".to_string()]))
    );
    assert_eq!(
        ips("coredns-2"),
        Some(("Running", vec!["10.244.0.3".to_string()]))
    );
}

#[test]
fn the_scheduler_binds_to_the_ready_node_running_the_fewest_pods_first_by_name() {
    // Both nodes Ready (kindnetd's conflist at 300 ms); a runs one pod, b none: x goes to b, then y
    // to a (one pod each, a first by name).
    let text = "cluster --cluster-cidr=10.244.0.0/16\nnode add a\nnode add b\nwait 1s\n\
                pod add p --node=a\nwait 1s\npod add x\nwait 1s\npod add y\nwait 1s\n";
    let sim = run(text);
    let scheduled: Vec<String> = events(&sim, Reason::Scheduled)
        .into_iter()
        .map(|(_, _, message)| message)
        .collect();
    assert_eq!(
        scheduled,
        [
            "Successfully assigned default/x to b",
            "Successfully assigned default/y to a"
        ]
    );
    assert!(events(&sim, Reason::FailedScheduling).is_empty());
}

#[test]
fn a_pod_bound_by_node_name_waits_on_network_not_ready_and_is_never_scheduled() {
    let sim = run(builtin::NODE_NETWORK);
    assert!(!events(&sim, Reason::NetworkNotReady).is_empty());
    assert!(events(&sim, Reason::FailedScheduling).is_empty());
    assert!(events(&sim, Reason::Scheduled).is_empty());
}

#[test]
fn a_pod_deleted_before_it_is_bound_is_never_bound() {
    let text = "cluster --cluster-cidr=10.244.0.0/16\nset kindnet-start-delay=5s\nnode add a\n\
                wait 1s\npod add x\nwait 1s\npod delete x\nwait 10s\npod add x\nwait 1s\n";
    let sim = run(text);
    assert_eq!(events(&sim, Reason::FailedScheduling).len(), 1);
    // The second x, created after the node is Ready, is bound at once.
    let scheduled = events(&sim, Reason::Scheduled);
    assert_eq!(scheduled.len(), 1);
    assert!(scheduled[0].0 > 12_000, "{scheduled:?}");
}
