//! The simulation against the behaviours of issue 4 and docs/upstream-notes.md §17, §18, §21: each test is a short
//! scenario and what the cluster shows afterwards.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::sim::{builtin, EventKind, Reason, Scenario, Simulation, State, VirtualTime};

fn run(text: &str) -> Simulation {
    let mut sim = Simulation::new(Scenario::parse(text).expect("scenario parses"));
    sim.run_to_end();
    sim
}

fn at(text: &str, ms: u64) -> State {
    Simulation::at(
        &Scenario::parse(text).expect("scenario parses"),
        VirtualTime(ms),
    )
    .state()
}

fn pod_ips(state: &State, pod: &str) -> Vec<String> {
    state
        .pods
        .iter()
        .find(|p| p.name == pod)
        .map(|p| p.ips.clone())
        .unwrap_or_default()
}

fn node<'a>(state: &'a State, name: &str) -> &'a podip::sim::state::NodeState {
    state
        .nodes
        .iter()
        .find(|n| n.name == name)
        .expect("node exists")
}

fn events_of(sim: &Simulation, reason: Reason) -> Vec<&podip::sim::Event> {
    sim.events().iter().filter(|e| e.reason == reason).collect()
}

#[test]
fn kind_story_nodes_get_consecutive_24s_and_pods_consecutive_ips() {
    let state = run(builtin::KIND).state();
    let cidrs: Vec<(&str, Vec<String>)> = state
        .nodes
        .iter()
        .map(|n| (n.name.as_str(), n.pod_cidrs.clone()))
        .collect();
    assert_eq!(
        cidrs,
        [
            ("kind-control-plane", vec!["10.244.0.0/24".to_string()]),
            ("kind-worker", vec!["10.244.1.0/24".to_string()]),
            ("kind-worker2", vec!["10.244.2.0/24".to_string()]),
        ]
    );
    assert_eq!(pod_ips(&state, "a"), ["10.244.1.2"]);
    assert_eq!(pod_ips(&state, "c"), ["10.244.1.4"]);
    // d gets the next address after last_reserved_ip, not b's freed .3.
    assert_eq!(pod_ips(&state, "d"), ["10.244.1.5"]);
    let worker = node(&state, "kind-worker");
    assert_eq!(worker.ipam.last_reserved_ip["0"], "10.244.1.5");
    assert!(!worker.ipam.reserved.contains_key("10.244.1.3"));
    assert_eq!(
        worker.ipam.ls,
        [
            "10.244.1.2",
            "10.244.1.4",
            "10.244.1.5",
            "last_reserved_ip.0",
            "lock"
        ]
    );
    assert_eq!(worker.veths.len(), 3);
}

#[test]
fn kind_story_b_goes_exactly_del_lag_after_its_object() {
    // b is deleted at 4.000 s (grace period 0): its object is gone at once, its IP file, veth and
    // /32 route stay until 4.000 + 2.300 s.
    let deleted = at(builtin::KIND, 4_000);
    assert!(deleted.pods.iter().all(|p| p.name != "b"));
    let worker = node(&deleted, "kind-worker");
    assert!(worker.ipam.reserved.contains_key("10.244.1.3"));
    let b_veth = worker
        .veths
        .iter()
        .find(|v| v.pod == "b")
        .expect("b's veth is still there")
        .name
        .clone();
    let b_route = format!("10.244.1.3 dev {b_veth} scope host");
    assert!(worker.routes.contains(&b_route));
    assert_eq!(worker.pending_dels[0].at_ms, VirtualTime(6_300));

    let just_before = at(builtin::KIND, 6_299);
    let worker = node(&just_before, "kind-worker");
    assert!(worker.ipam.reserved.contains_key("10.244.1.3"));
    assert!(worker.routes.contains(&b_route));

    let after = at(builtin::KIND, 6_300);
    let worker = node(&after, "kind-worker");
    assert!(!worker.ipam.reserved.contains_key("10.244.1.3"));
    assert!(!worker.routes.contains(&b_route));
    assert!(worker.veths.iter().all(|v| v.name != b_veth));
    assert!(worker.pending_dels.is_empty());
}

/// The Chinese source article's measurement, number for number: a, b, c at 10.244.1.189–.191 and d at
/// .192 (not b's .190); a's `eth0` ifindex 11 paired with the node's veth 704 (`eth0@if704`,
/// `veth…@if11`); b's IP file and d's /32 route gone 2.3 s after their objects.
#[test]
fn kind_measured_has_the_measurements_addresses_ifindexes_and_lag() {
    let story = at(builtin::KIND_MEASURED, 31_000);
    for (pod, ip) in [
        ("a", "10.244.1.189"),
        ("b", "10.244.1.190"),
        ("c", "10.244.1.191"),
    ] {
        assert_eq!(pod_ips(&story, pod), [ip], "{pod}");
    }
    let worker = node(&story, "kind-worker");
    assert_eq!(worker.ipam.last_reserved_ip["0"], "10.244.1.191");
    let a = worker
        .veths
        .iter()
        .find(|v| v.pod == "a")
        .expect("a's veth");
    assert_eq!((a.ifindex, a.peer_ifindex), (704, 11));
    assert!(worker
        .routes
        .contains(&format!("10.244.1.189 dev {} scope host", a.name)));
    // The history left nothing behind but the cursor and the used indexes.
    assert_eq!(worker.veths.len(), 3);
    assert_eq!(worker.ipam.reserved.len(), 3);

    let sim = run(builtin::KIND_MEASURED);
    assert_eq!(
        pod_ips(&at(builtin::KIND_MEASURED, 36_000), "d"),
        ["10.244.1.192"]
    );
    let time_of = |reason, object: &str| {
        sim.events()
            .iter()
            .find(|e| e.reason == reason && e.object == object)
            .map(|e| e.time_ms.0)
            .expect("event happened")
    };
    assert_eq!(
        time_of(Reason::IPAMRelease, "pod/b") - time_of(Reason::PodDeleted, "pod/b"),
        2_300
    );
    assert_eq!(
        time_of(Reason::RouteRemoved, "pod/d") - time_of(Reason::PodDeleted, "pod/d"),
        2_300
    );
}

#[test]
fn kind_story_state_has_the_issue_keys_and_64_hex_container_ids() {
    let state = run(builtin::KIND).state();
    let json = serde_json::to_value(&state).expect("serialises");
    for key in ["time_ms", "nodes", "pods", "events"] {
        assert!(json.get(key).is_some(), "{key}");
    }
    let worker = &json["nodes"][1];
    for key in ["name", "pod_cidrs", "ipam", "veths", "routes"] {
        assert!(worker.get(key).is_some(), "{key}");
    }
    assert!(worker["ipam"]["reserved"].is_object());
    assert_eq!(worker["ipam"]["last_reserved_ip"]["0"], "10.244.1.5");
    let veth = &worker["veths"][0];
    for key in ["name", "ifindex", "peer_ifindex", "pod"] {
        assert!(veth.get(key).is_some(), "{key}");
    }
    let pod = &json["pods"][0];
    for key in ["name", "node", "ips", "phase", "container_id"] {
        assert!(pod.get(key).is_some(), "{key}");
    }
    let event = &json["events"][0];
    for key in ["time_ms", "object", "reason", "message"] {
        assert!(event.get(key).is_some(), "{key}");
    }
    for pod in &state.pods {
        let id = pod
            .container_id
            .as_deref()
            .expect("running pods have a sandbox");
        assert_eq!(id.len(), 64);
        assert!(id
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
        assert_eq!(node(&state, &pod.node).ipam.reserved[&pod.ips[0]], id);
    }
    for veth in &node(&state, "kind-worker").veths {
        assert!(veth.name.starts_with("veth") && veth.name.len() == 12);
    }
}

#[test]
fn node_subnet_and_pod_ip_each_within_one_second() {
    let sim = run(builtin::KIND);
    let patched = events_of(&sim, Reason::PodCIDRPatched);
    let registered = events_of(&sim, Reason::NodeRegistered);
    for (reg, patch) in registered.iter().zip(&patched) {
        assert!(patch.time_ms.0 - reg.time_ms.0 < 1_000);
    }
    let created = events_of(&sim, Reason::PodCreated);
    let assigned = events_of(&sim, Reason::PodIPsAssigned);
    for (c, a) in created.iter().zip(&assigned) {
        assert!(a.time_ms.0 - c.time_ms.0 < 1_000, "{c:?} {a:?}");
    }
}

#[test]
fn the_257th_node_of_a_slash_16_in_24s_gets_cidr_not_available() {
    let mut text = String::from("cluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=24\n");
    for i in 1..=257 {
        text.push_str(&format!("node add n{i:03}\n"));
    }
    text.push_str("wait 1s\n");
    let sim = run(&text);
    let state = sim.state();
    assert_eq!(node(&state, "n256").pod_cidrs, ["10.244.255.0/24"]);
    assert!(node(&state, "n257").pod_cidrs.is_empty());
    let warnings = events_of(&sim, Reason::CIDRNotAvailable);
    assert!(!warnings.is_empty());
    assert!(warnings.iter().all(|e| e.object == "node/n257"
        && e.kind == EventKind::Warning
        && e.message == "Node n257 status is now: CIDRNotAvailable"));
    let cluster = state.cluster.expect("kcm runs");
    assert_eq!(cluster.cidr_sets[0].allocated_cidrs, 256);
}

#[test]
fn cidr_not_available_is_retried_with_5ms_doubling_and_recovers_after_a_release() {
    let sim = run(builtin::PLANNING);
    let retries: Vec<u64> = events_of(&sim, Reason::CIDRNotAvailable)
        .iter()
        .map(|e| e.time_ms.0)
        .collect();
    let gaps: Vec<u64> = retries.windows(2).map(|w| w[1] - w[0]).collect();
    assert_eq!(&gaps[..5], [5, 10, 20, 40, 80]);
    let state = sim.state();
    // The cursor wrapped to 0 after node-d; the scan finds node-b's freed index 1.
    assert_eq!(node(&state, "node-e").pod_cidrs, ["10.244.1.0/24"]);
    assert_eq!(state.cluster.expect("kcm").cidr_sets[0].next_candidate, 2);
}

#[test]
fn cidrset_is_round_robin_a_released_subnet_waits_for_the_wrap() {
    let state = run(
        "cluster --cluster-cidr=10.244.0.0/16\nnode add a\nnode add b\nnode add c\nwait 1s\n\
                     node delete a\nwait 1s\nnode add d\nwait 1s\n",
    )
    .state();
    assert_eq!(node(&state, "d").pod_cidrs, ["10.244.3.0/24"]);
}

#[test]
fn preset_pod_cidrs_are_occupied_without_moving_the_cursor() {
    let state = run(
        "cluster --cluster-cidr=10.244.0.0/16\nnode add a --pod-cidr=10.244.0.0/24\n\
                     node add b --pod-cidr=10.244.2.0/24\nnode add c\nnode add d\nwait 1s\n",
    )
    .state();
    assert_eq!(node(&state, "c").pod_cidrs, ["10.244.1.0/24"]);
    assert_eq!(node(&state, "d").pod_cidrs, ["10.244.3.0/24"]);
}

#[test]
fn exhaustion_fails_with_host_local_text_then_recovers_and_wraps() {
    let sim = run(builtin::EXHAUSTION);
    let failures = events_of(&sim, Reason::FailedCreatePodSandBox);
    assert_eq!(failures.len(), 1);
    let message = failures[0].message.to_string();
    assert!(
        message.starts_with(
            "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox \""
        ),
        "{message}"
    );
    assert!(
        message.ends_with("\": plugin type=\"ptp\" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.0.0.1-10.0.0.6"),
        "{message}"
    );
    assert_eq!(failures[0].kind, EventKind::Warning);
    // containerd's RunPodSandbox tears the network down before it returns the error: p6's entries
    // run ADD, DEL, then the kubelet's warning, all for the one sandbox.
    let p6: Vec<Reason> = sim
        .events()
        .iter()
        .filter(|e| e.object == "pod/p6" && e.time_ms == failures[0].time_ms)
        .map(|e| e.reason)
        .collect();
    assert_eq!(
        p6,
        [
            Reason::SandboxCreated,
            Reason::CNIAdd,
            Reason::CNIDel,
            Reason::FailedCreatePodSandBox
        ]
    );
    let state = sim.state();
    // p6's retry (10–15 s later) wraps past .6 to p-2's freed .3; p7 wraps again to p-1's .2.
    assert_eq!(pod_ips(&state, "p6"), ["10.0.0.3"]);
    assert_eq!(pod_ips(&state, "p7"), ["10.0.0.2"]);
    let retry = events_of(&sim, Reason::PodIPsAssigned)
        .into_iter()
        .find(|e| e.object == "pod/p6")
        .expect("p6 got an address");
    // The retry's sync, then the sandbox and status steps' 5 ms.
    let waited = (retry.time_ms - failures[0].time_ms).as_millis() - 5;
    assert!(
        (10_000..15_000).contains(&waited),
        "p6 retried {waited} ms after its failure"
    );
}

#[test]
fn host_local_does_not_reuse_a_freed_ip_until_the_walk_wraps() {
    let state = run(
        "cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\npod add a --node=w\n\
                     wait 1s\npod delete a\nwait 3s\npod add b --node=w\nwait 1s\n",
    )
    .state();
    assert_eq!(pod_ips(&state, "b"), ["10.244.0.3"]);
}

#[test]
fn service_cidr_inside_the_cluster_cidr_is_never_handed_to_a_node() {
    let state = run(builtin::SERVICE_OVERLAP).state();
    assert_eq!(node(&state, "first").pod_cidrs, ["10.0.16.0/24"]);
    assert_eq!(node(&state, "second").pod_cidrs, ["10.0.17.0/24"]);
    assert_eq!(pod_ips(&state, "a"), ["10.0.16.2"]);
}

#[test]
fn dual_stack_nodes_get_one_cidr_per_family_and_pods_an_ipv4_primary() {
    let state = run(builtin::DUAL_STACK).state();
    assert_eq!(
        node(&state, "kind-worker").pod_cidrs,
        ["10.244.1.0/24", "fd00:10:244:1::/64"]
    );
    assert_eq!(pod_ips(&state, "b"), ["10.244.1.3", "fd00:10:244:1::3"]);
    let worker = node(&state, "kind-worker");
    assert_eq!(worker.ipam.last_reserved_ip["0"], "10.244.1.3");
    assert_eq!(worker.ipam.last_reserved_ip["1"], "fd00:10:244:1::3");
    assert!(worker
        .routes
        .iter()
        .any(|r| r.starts_with("fd00:10:244:1::3 dev veth")));
    // a's two files went together with its CNI DEL.
    assert!(!worker.ipam.reserved.contains_key("10.244.1.2"));
    assert!(!worker.ipam.reserved.contains_key("fd00:10:244:1::2"));
}

#[test]
fn dual_stack_partial_failure_leaks_the_first_family_on_every_retry() {
    // One IPv6 /64 only: the second node takes an IPv4 /24, fails on IPv6, and keeps the /24 leaked.
    let sim = run(
        "cluster --cluster-cidr=10.244.0.0/16,fd00::/64 --node-cidr-mask-size-ipv4=24 \
                   --node-cidr-mask-size-ipv6=64\nnode add a\nnode add b\nwait 100ms\n",
    );
    let state = sim.state();
    assert!(node(&state, "b").pod_cidrs.is_empty());
    let failures = events_of(&sim, Reason::CIDRNotAvailable).len() as u64;
    let sets = state.cluster.expect("kcm").cidr_sets;
    assert_eq!(sets[0].allocated_cidrs, 1 + failures);
    assert_eq!(sets[1].allocated_cidrs, 1);
}

#[test]
fn ipv6_only_uses_slash_64s_and_starts_at_2() {
    let state = run(builtin::IPV6).state();
    assert_eq!(
        node(&state, "kind-worker").pod_cidrs,
        ["fd00:10:244:1::/64"]
    );
    assert_eq!(pod_ips(&state, "a"), ["fd00:10:244:1::2"]);
    assert_eq!(pod_ips(&state, "b"), ["fd00:10:244:1::3"]);
}

#[test]
fn requested_ip_is_honoured_and_moves_the_cursor() {
    let sim = run(
        "cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\n\
                   pod add a --node=w --ip=10.244.0.50\nwait 1s\npod add b --node=w\n\
                   pod add c --node=w --ip=10.244.0.50\nwait 1s\n",
    );
    let state = sim.state();
    assert_eq!(pod_ips(&state, "a"), ["10.244.0.50"]);
    assert_eq!(pod_ips(&state, "b"), ["10.244.0.51"]);
    assert!(pod_ips(&state, "c").is_empty());
    let failure = events_of(&sim, Reason::FailedCreatePodSandBox)[0];
    assert!(failure.message.to_string().ends_with(
        "failed to allocate for range 0: requested IP address 10.244.0.50 is not available in range set 10.244.0.1-10.244.0.254"
    ), "{}", failure.message);
}

#[test]
fn a_requested_ip_with_a_prefix_is_taken_without_it_as_host_local_does() {
    // docs/upstream-notes.md §18: `IP=` accepts `<ip>/<prefix>` and drops the prefix.
    let state = run("cluster --cluster-cidr=10.244.0.0/16
node add w
wait 1s
                     pod add x --node=w --ip=10.244.0.60/24
wait 1s
")
    .state();
    assert_eq!(pod_ips(&state, "x"), ["10.244.0.60"]);
}

#[test]
fn graceful_delete_runs_the_network_first_and_the_object_after() {
    let text =
        "cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\npod add a --node=w\nwait 1s\n\
                pod delete a --grace-period=30\nwait 40s\n";
    let terminating = at(text, 20_000);
    let pod = &terminating.pods[0];
    assert_eq!(pod.status, "Terminating");
    assert_eq!(pod.ips, ["10.244.0.2"]);
    let sim = run(text);
    let del = events_of(&sim, Reason::CNIDel)[0].time_ms;
    let gone = events_of(&sim, Reason::PodDeleted)[0].time_ms;
    // 2 s + watch 10 ms + grace 30 s + sandbox stop 100 ms; then the status manager's delete (5 ms).
    assert_eq!(del, VirtualTime(32_110));
    assert_eq!(gone, VirtualTime(32_115));
    assert!(sim.state().pods.is_empty());
}

#[test]
fn a_pod_on_a_node_without_cni_config_waits_for_kindnet() {
    let sim =
        run("cluster --cluster-cidr=10.244.0.0/16\nnode add w\npod add a --node=w\nwait 11s\n");
    let not_ready = events_of(&sim, Reason::NetworkNotReady);
    assert_eq!(not_ready.len(), 1);
    assert!(not_ready[0]
        .message
        .to_string()
        .contains("cni plugin not initialized"));
    assert_eq!(pod_ips(&sim.state(), "a"), ["10.244.0.2"]);
}

#[test]
fn deleting_a_node_releases_its_cidr_and_podgc_removes_its_pods() {
    let state = run(
        "cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\npod add a --node=w\n\
                     wait 1s\nnode delete w\nwait 41s\n",
    )
    .state();
    assert!(state.pods.is_empty());
    assert_eq!(state.cluster.expect("kcm").cidr_sets[0].allocated_cidrs, 0);
}

#[test]
fn every_step_names_its_upstream_file_and_function() {
    let sim = run(builtin::KIND);
    let reserve = events_of(&sim, Reason::CIDRAllocated)[0];
    assert_eq!(reserve.upstream.function, "AllocateNext");
    assert!(reserve.upstream.file.ends_with("cidr_set.go"));
    assert!(reserve
        .upstream
        .url
        .starts_with("https://github.com/kubernetes/kubernetes/blob/"));
    for event in sim.events() {
        assert!(
            !event.upstream.function.is_empty()
                && event.upstream.url.ends_with(event.upstream.file)
        );
    }
}

#[test]
fn same_scenario_same_run_and_a_seed_changes_the_random_names() {
    let first = serde_json::to_string(&run(builtin::KIND).state()).expect("json");
    let second = serde_json::to_string(&run(builtin::KIND).state()).expect("json");
    assert_eq!(first, second);
    let reseeded = format!("set seed=42\n{}", builtin::KIND);
    let other = serde_json::to_string(&run(&reseeded).state()).expect("json");
    assert_ne!(first, other);
}

#[test]
fn scrubbing_equals_running_and_stepping() {
    let scenario = Scenario::parse(builtin::KIND).expect("parses");
    let mut stepped = Simulation::new(scenario.clone());
    while stepped.step().is_some_and(|t| t <= VirtualTime(4_000)) {}
    let scrubbed = Simulation::at(&scenario, stepped.now());
    assert_eq!(scrubbed.events(), stepped.events());
    let mut advanced = Simulation::new(scenario.clone());
    for _ in 0..8 {
        advanced.advance(podip::sim::VirtualDuration::from_millis(500));
    }
    assert_eq!(advanced.now(), VirtualTime(4_000));
    assert_eq!(
        advanced.events(),
        Simulation::at(&scenario, VirtualTime(4_000)).events()
    );
}

#[test]
fn every_builtin_scenario_parses_and_runs() {
    for (name, text) in builtin::ALL {
        let sim = run(text);
        assert!(!sim.events().is_empty(), "{name}");
    }
}

/// containerd's `selectPodIPs`: with the IPv6 cluster CIDR listed first, host-local reserves IPv6 then
/// IPv4 (range order), while `status.podIPs` puts the IPv4 address first (the default `ip_pref`).
#[test]
fn dual_stack_ipv6_first_reports_the_ipv4_address_as_primary() {
    let sim = run(
        "cluster --cluster-cidr=fd00:10:244::/56,10.244.0.0/16\nnode add w\nwait 1s\n\
                   pod add a --node=w\nwait 1s\n",
    );
    let state = sim.state();
    assert_eq!(pod_ips(&state, "a"), ["10.244.0.2", "fd00:10:244::2"]);
    let ipam = &node(&state, "w").ipam;
    assert!(
        ipam.reserved.contains_key("10.244.0.2") && ipam.reserved.contains_key("fd00:10:244::2")
    );
    let status = events_of(&sim, Reason::PodIPsAssigned);
    assert_eq!(
        status[0].message.to_string(),
        "status.podIP=10.244.0.2 status.podIPs=[10.244.0.2,fd00:10:244::2] phase=Running"
    );
}

#[test]
fn preset_pod_cidr_with_host_bits_reaches_host_local_verbatim() {
    // kindnetd copies spec.podCIDR into the conflist as written; kcm occupies its network (ParseCIDRSloppy
    // masks), but host-local's Range.Canonicalize refuses the host bits when the pod's sandbox is set up.
    let sim = run(
        "cluster --cluster-cidr=10.244.0.0/16\nnode add w --pod-cidr=10.244.1.5/24\n\
                   wait 1s\npod add a --node=w\nwait 1s\n",
    );
    assert!(sim
        .node_conflist("w")
        .expect("kindnetd wrote the conflist")
        .contains("\"subnet\": \"10.244.1.5/24\""));
    let failure = events_of(&sim, Reason::FailedCreatePodSandBox)[0]
        .message
        .to_string();
    assert!(
        failure.ends_with(
            "plugin type=\"ptp\" failed (add): invalid range set 0: Network has host bits set. \
             For a subnet mask of length 24 the network address is 10.244.1.0"
        ),
        "{failure}"
    );
    assert!(pod_ips(&sim.state(), "a").is_empty());
}

#[test]
fn node_without_pod_cidr_gets_an_empty_subnet_and_its_pods_fail_until_kindnet_rewrites() {
    // One /24 for two nodes: b gets CIDRNotAvailable, but kindnetd writes b's conflist on its first pass
    // anyway, with "subnet": "". p's ADD fails with host-local's text; once a is deleted, b gets the /24,
    // kindnetd's next pass rewrites the file and p's retry gets an address.
    let sim = run(
        "cluster --cluster-cidr=10.244.0.0/24 --node-cidr-mask-size=24\nnode add a\n\
                   wait 100ms\nnode add b\nwait 1s\npod add p --node=b\nwait 2s\nnode delete a\n\
                   wait 20s\n",
    );
    let written: Vec<String> = events_of(&sim, Reason::CNIConfigWritten)
        .into_iter()
        .filter(|e| e.object == "node/b")
        .map(|e| e.message.to_string())
        .collect();
    assert_eq!(written.len(), 2, "{written:?}");
    assert!(written[0].contains("ranges [\"\"]"), "{}", written[0]);
    assert!(
        written[1].contains("ranges [10.244.0.0/24]"),
        "{}",
        written[1]
    );
    let failure = events_of(&sim, Reason::FailedCreatePodSandBox)[0]
        .message
        .to_string();
    assert!(
        failure.ends_with("plugin type=\"ptp\" failed (add): invalid CIDR address: "),
        "{failure}"
    );
    assert!(events_of(&sim, Reason::NetworkNotReady).is_empty());
    assert_eq!(pod_ips(&sim.state(), "p"), ["10.244.0.2"]);
}

/// The routes kindnetd's `syncRoute` gives a node, to the other nodes' podCIDRs (docs/upstream-notes.md, "Other observations").
fn node_routes_via(state: &State, name: &str) -> Vec<String> {
    node(state, name)
        .routes
        .iter()
        .filter(|line| line.contains(" via ") && !line.starts_with("default"))
        .cloned()
        .collect()
}

#[test]
fn kindnet_routes_each_other_nodes_pod_cidr_via_its_internal_ip() {
    // kind-worker's first pass (1.3 s) sees the three nodes with their podCIDRs.
    let state = at(builtin::KIND, 2_000);
    assert_eq!(
        node_routes_via(&state, "kind-worker"),
        [
            "10.244.0.0/24 via 172.18.0.2 dev eth0",
            "10.244.2.0/24 via 172.18.0.4 dev eth0"
        ]
    );
    // In `ip route`'s order: by prefix, so between the pods' /32s of other prefixes.
    let end = run(builtin::KIND).state();
    let worker = &node(&end, "kind-worker").routes;
    let position = |line: &str| worker.iter().position(|l| l == line).expect(line);
    assert!(
        position("10.244.0.0/24 via 172.18.0.2 dev eth0")
            < position("10.244.1.2 dev vethab2667e3 scope host")
    );
    assert!(
        position("10.244.1.5 dev vethf93a2842 scope host")
            < position("10.244.2.0/24 via 172.18.0.4 dev eth0")
    );
    // The control plane's kindnetd passed at 0.3 s, before the workers joined; it adds their routes
    // on its next pass, 10 s later, not before.
    assert!(node_routes_via(&at(builtin::KIND, 10_000), "kind-control-plane").is_empty());
    assert_eq!(
        node_routes_via(&at(builtin::KIND, 10_400), "kind-control-plane"),
        [
            "10.244.1.0/24 via 172.18.0.3 dev eth0",
            "10.244.2.0/24 via 172.18.0.4 dev eth0"
        ]
    );
    let sim = run(builtin::KIND);
    let added = events_of(&sim, Reason::NodeRouteAdded);
    assert_eq!(
        added[0].message.to_string(),
        "kindnetd syncRoute: to node kind-control-plane's podCIDR via its InternalIP: 10.244.0.0/24 via 172.18.0.2 dev eth0"
    );
    assert_eq!(
        added[0].touched().route.as_deref(),
        Some("10.244.0.0/24 via 172.18.0.2 dev eth0")
    );
}

#[test]
fn kindnet_routes_dual_stack_per_family_via_the_node_ip_of_that_family() {
    let state = run(builtin::DUAL_STACK).state();
    assert_eq!(
        node_routes_via(&state, "kind-worker"),
        [
            "10.244.0.0/24 via 172.18.0.2 dev eth0",
            "fd00:10:244::/64 via fc00:f853:ccd:e793::2 dev eth0 metric 1024 pref medium"
        ]
    );
}

#[test]
fn a_single_stack_kindnetd_stops_its_pass_at_a_node_without_pod_cidr() {
    // A /23 holds two /24s: c gets none. Single-stack kindnetd reads c's empty spec.podCIDR as a CIDR.
    let text = "cluster --cluster-cidr=10.244.0.0/23 --node-cidr-mask-size=24\n\
                node add a\nnode add b\nnode add c\nnode add d\nwait 2s\n";
    let sim = run(text);
    let failed = events_of(&sim, Reason::KindnetReconcileFailed);
    assert_eq!(
        failed[0].message.to_string(),
        "Failed to reconcile routes, retrying after error: invalid CIDR address: "
    );
    assert_eq!(failed[0].kind, EventKind::Warning);
    // Each pass walks a, b, c, d and stops at c; d's own branch is never reached, so d's kindnetd
    // never writes its conflist, while c's writes one with an empty subnet before failing on d.
    let state = sim.state();
    assert!(node(&state, "d").conflist.is_none());
    assert!(node(&state, "c").conflist.is_some());
    assert_eq!(
        node_routes_via(&state, "a"),
        ["10.244.1.0/24 via 172.18.0.3 dev eth0"]
    );
}

#[test]
fn a_pod_cidr_handed_to_a_new_node_has_its_route_moved_to_the_new_internal_ip() {
    // b leaves; its /24 goes to c (the only free one), whose InternalIP differs: a's kindnetd removes
    // the route via b's address and adds one via c's. The route to a deleted node itself stays.
    let text = "cluster --cluster-cidr=10.244.0.0/23 --node-cidr-mask-size=24\n\
                node add a\nnode add b\nwait 1s\nnode delete b\nwait 1s\nnode add c\nwait 20s\n";
    let sim = run(text);
    let removed = events_of(&sim, Reason::NodeRouteRemoved);
    assert_eq!(removed.len(), 1);
    assert_eq!(
        removed[0].touched().route.as_deref(),
        Some("10.244.1.0/24 via 172.18.0.3 dev eth0")
    );
    assert_eq!(
        node_routes_via(&sim.state(), "a"),
        ["10.244.1.0/24 via 172.18.0.4 dev eth0"]
    );
}

#[test]
fn the_kubelet_rejects_a_pod_over_max_pods_and_counts_what_is_deleted_only_once_its_object_goes() {
    // docs/upstream-notes.md §8 and §21: --max-pods 110. The 111th pod is rejected at admission: no sandbox, no address.
    let text = "cluster --cluster-cidr=10.244.0.0/16\nnode add a\nwait 1s\n\
                pod add-many p --node=a --count=111\nwait 1s\n\
                pod delete p-1 --grace-period=30\nwait 1s\npod add q --node=a\nwait 1s\n\
                pod delete p-2\nwait 1s\npod add r --node=a\nwait 1s\n";
    let sim = run(text);
    let rejected = events_of(&sim, Reason::OutOfpods);
    let rejected: Vec<(&str, String)> = rejected
        .iter()
        .map(|e| (e.object.as_str(), e.message.to_string()))
        .collect();
    let message = "Node didn't have enough resource: pods, requested: 1, used: 110, capacity: 110";
    // p-1, Terminating, still counts: q is rejected too. p-2's object goes at once: r is admitted.
    assert_eq!(
        rejected,
        [
            ("pod/p-111", message.to_string()),
            ("pod/q", message.to_string())
        ]
    );
    assert!(events_of(&sim, Reason::OutOfpods)
        .iter()
        .all(|e| e.kind == EventKind::Warning));
    let state = sim.state();
    let phase = |name: &str| {
        state
            .pods
            .iter()
            .find(|p| p.name == name)
            .map(|p| (p.phase, p.status, p.ips.len()))
    };
    assert_eq!(phase("p-111"), Some(("Failed", "OutOfpods", 0)));
    assert_eq!(
        phase("r").map(|(phase, _, ips)| (phase, ips)),
        Some(("Running", 1))
    );
    assert!(!sim
        .events()
        .iter()
        .any(|e| e.object == "pod/p-111" && e.reason == Reason::SandboxCreated));
}

/// When CNI DEL ran for pod `a`, in virtual ms.
fn cni_del_at(sim: &Simulation) -> u64 {
    events_of(sim, Reason::CNIDel)
        .iter()
        .find(|e| e.object == "pod/a")
        .map(|e| e.time_ms.as_millis())
        .expect("a CNI DEL for a")
}

#[test]
fn killcontainer_gives_at_least_2s_and_a_container_that_exits_on_sigterm_ends_either_wait() {
    // docs/upstream-notes.md §21: killContainer raises any grace period to minimumGracePeriodInSeconds = 2.
    let start =
        "cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\npod add a --node=w\nwait 1s\n";
    let graceful_1s = run(&format!("{start}pod delete a --grace-period=1\nwait 5s\n"));
    // Deleted at 2 s; the kubelet sees it 10 ms later, kills after 2 s, StopPodSandbox 100 ms on.
    assert_eq!(cni_del_at(&graceful_1s), 4_110);
    // The measured lag is a container that ignores SIGTERM; one that exits at 200 ms ends it then.
    let immediate = run(&format!("{start}pod delete a\nwait 5s\n"));
    assert_eq!(cni_del_at(&immediate), 4_300);
    let exits = run(&format!(
        "set sigterm-exit=200ms\n{start}pod delete a\nwait 5s\n"
    ));
    assert_eq!(cni_del_at(&exits), 2_310);
}

#[test]
fn deleting_a_terminating_pod_again_can_only_shorten_its_termination() {
    let start =
        "cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\npod add a --node=w\nwait 1s\n\
                 pod delete a --grace-period=30\nwait 1s\n";
    // --force a second later: the object goes then, and the kill restarts with 2 s: DEL at 3 s + 2.3 s.
    let forced = run(&format!("{start}pod delete a --grace-period=0\nwait 40s\n"));
    assert_eq!(cni_del_at(&forced), 5_300);
    // A shorter grace period restarts the kill with it; a longer one changes nothing.
    let shorter = run(&format!(
        "{start}pod delete a --grace-period=5\nwait 1s\npod delete a --grace-period=20\nwait 40s\n"
    ));
    assert_eq!(cni_del_at(&shorter), 8_110);
    assert_eq!(events_of(&shorter, Reason::PodTerminating).len(), 2);
    assert_eq!(events_of(&shorter, Reason::CNIDel).len(), 1);
}

#[test]
fn cni_args_carry_the_pods_uid_a_version_4_uuid_kept_across_sandbox_retries() {
    // docs/upstream-notes.md §21: CNI_ARGS=IgnoreUnknown=1;K8S_POD_NAMESPACE=…;K8S_POD_NAME=…;
    // K8S_POD_INFRA_CONTAINER_ID=…;K8S_POD_UID=…
    let sim = run(builtin::EXHAUSTION);
    let uid_of = |message: &str| -> String {
        let start = message.find("K8S_POD_UID=").expect("K8S_POD_UID") + "K8S_POD_UID=".len();
        message[start..start + 36].to_string()
    };
    let adds: Vec<(String, String)> = events_of(&sim, Reason::CNIAdd)
        .iter()
        .map(|e| (e.object.to_string(), uid_of(&e.message.to_string())))
        .collect();
    for (_, uid) in &adds {
        let groups: Vec<usize> = uid.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12], "{uid}");
        assert_eq!(&uid[14..15], "4", "version 4: {uid}");
        assert!("89ab".contains(&uid[19..20]), "variant: {uid}");
    }
    // One UID per pod, whatever the number of sandboxes it took.
    for (object, uid) in &adds {
        assert!(
            adds.iter().all(|(o, u)| (o == object) == (u == uid)),
            "{object}"
        );
    }
    assert!(adds.iter().filter(|(o, _)| o == "pod/p6").count() > 1);
}

#[test]
fn kcm_start_logs_each_preset_occupy_with_the_count_it_left() {
    // NewCIDRRangeAllocator: the sets, the service range filtered out (one /24), then each existing
    // node's podCIDRs occupied in turn (a /22 is four /24s).
    let sim = run("cluster --cluster-cidr=10.244.0.0/16 --service-cluster-ip-range=10.244.4.0/24\n\
                   node add a --pod-cidr=10.244.8.0/22\nnode add b --pod-cidr=10.244.0.0/24\nwait 1s\n");
    let used = |e: &&podip::sim::Event| {
        let message = e.message.to_string();
        let end = message.find("/256 used").expect("a count");
        let start = message[..end].rfind(' ').expect("a space") + 1;
        message[start..end].to_string()
    };
    let started: Vec<String> = events_of(&sim, Reason::NodeIpamStarted)
        .iter()
        .map(used)
        .collect();
    let occupied: Vec<String> = events_of(&sim, Reason::CIDROccupied)
        .iter()
        .take(2)
        .map(used)
        .collect();
    assert_eq!(started, ["1"]);
    assert_eq!(occupied, ["5", "6"]);
}

/// kcm's `ReleaseCIDR` stops at the first podCIDR its cidrset refuses: a node of `0.0.0.0/0` in /32s
/// holds `0.0.0.0/32`, which upstream's `getBeginningAndEndIndices` puts out of range, so deleting the
/// node logs the error and no release, and the subnet stays counted.
#[test]
fn a_refused_release_logs_the_error_and_no_release() {
    let sim = run(
        "cluster --cluster-cidr=0.0.0.0/0 --node-cidr-mask-size=32\nnode add a\nwait 1s\n\
                   node delete a\nwait 1s\n",
    );
    let released: Vec<String> = events_of(&sim, Reason::CIDRReleased)
        .into_iter()
        .map(|e| e.message.to_string())
        .collect();
    assert_eq!(
        released,
        [
            "Error releasing CIDR for node a: error when releasing CIDR 0.0.0.0/32: \
          CIDR: 0.0.0.0/32 is out of the range of CIDR allocator"
        ]
    );
}

/// `NewCIDRRangeAllocator` occupies the existing nodes in name order and stops at the first it cannot:
/// the controller does not start, so nothing it logs comes before the error, not even the nodes
/// occupied ahead of the bad one.
#[test]
fn a_preset_pod_cidr_outside_the_cluster_stops_kcm_before_it_logs_anything() {
    let sim = run(
        "cluster --cluster-cidr=10.244.0.0/16\nnode add a --pod-cidr=10.244.3.0/24\n\
                   node add b --pod-cidr=10.0.0.0/24\nnode add c\nwait 1s\n",
    );
    let kcm: Vec<(EventKind, String)> = sim
        .events()
        .iter()
        .filter(|e| matches!(e.reason, Reason::NodeIpamStarted | Reason::CIDROccupied))
        .map(|e| (e.kind, e.message.to_string()))
        .collect();
    assert_eq!(
        kcm,
        [(
            EventKind::Warning,
            "Error starting \"node-ipam-controller\": failed to mark cidr[10.0.0.0/24] at idx [0] as \
             occupied for node: b: cidr 10.0.0.0/24 is out the range of cluster cidr 10.244.0.0/16"
                .to_string()
        )]
    );
    assert!(events_of(&sim, Reason::CIDRAllocated).is_empty());
}

/// kubeadm-flannel-cidr: `--pod-network-cidr=192.168.0.0/16` under kube-flannel's `Network`
/// 10.244.0.0/16. kcm hands out 192.168.x.0/24 as asked, every flanneld fails in `AcquireLease` and
/// is restarted ever later, no node gets subnet.env or a route, and pod a never gets an address.
#[test]
fn kubeadm_flannel_cidr_crash_loops_and_leaves_pods_without_addresses() {
    let sim = run(builtin::KUBEADM_FLANNEL_CIDR);
    let state = sim.state();
    assert_eq!(
        node(&state, "worker-1").pod_cidrs,
        ["192.168.1.0/24".to_string()]
    );
    let failures: Vec<(u64, String)> = events_of(&sim, Reason::FlannelLeaseFailed)
        .iter()
        .filter(|e| e.object == "node/worker-1")
        .map(|e| (e.time_ms.0, e.message.to_string()))
        .collect();
    let times: Vec<u64> = failures.iter().map(|(t, _)| *t).collect();
    assert_eq!(times, [1_300, 2_300, 12_300, 32_300]);
    assert!(failures.iter().all(|(_, m)| m
        == "Error registering network: failed to acquire lease: subnet \"10.244.0.0/16\" specified in \
            the flannel net config doesn't contain \"192.168.1.0/24\" PodCIDR of the \"worker-1\" node"));
    assert!(events_of(&sim, Reason::SubnetEnvWritten).is_empty());
    assert!(events_of(&sim, Reason::NodeRouteAdded).is_empty());
    assert!(pod_ips(&state, "a").is_empty());
    let failed = events_of(&sim, Reason::FailedCreatePodSandBox);
    assert!(failed.len() >= 2);
    assert!(failed.iter().all(|e| e
        .message
        .to_string()
        .contains("failed to load flannel 'subnet.env' file: open /run/flannel/subnet.env")));
}
