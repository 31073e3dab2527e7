//! What the views read from a simulation: stepping one action at a time, the light snapshot, a node's pods
//! and what an entry touched.

// The same tests run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::sim::{builtin, Reason, Scenario, Simulation, VirtualTime};

#[test]
fn stepping_one_action_at_a_time_ends_where_run_to_does() {
    let scenario = Scenario::parse(builtin::KIND).expect("built-in parses");
    let target = VirtualTime(6_300);
    let whole = Simulation::at(&scenario, target);
    let mut stepped = Simulation::new(scenario);
    let mut steps = 0;
    while stepped.step_until(target).is_some() {
        steps += 1;
        assert!(stepped.now() <= target);
    }
    assert!(steps > 10, "the kind story is many actions, not one");
    assert_eq!(stepped.events(), whole.events());
    assert_eq!(
        serde_json::to_string(&stepped.state()).expect("serialises"),
        serde_json::to_string(&whole.state()).expect("serialises")
    );
}

#[test]
fn light_snapshot_keeps_names_and_podcidrs_of_every_node_but_details_and_pods_of_the_first() {
    let scenario = Scenario::parse(builtin::KIND).expect("built-in parses");
    let sim = Simulation::at(&scenario, VirtualTime(6_300));
    let full = sim.snapshot();
    let light = sim.snapshot_with_full_nodes(1);
    assert!(light.events.is_empty() && full.events.is_empty());
    assert_eq!(light.nodes.len(), 3);
    assert_eq!(light.nodes[0].routes, full.nodes[0].routes);
    assert_eq!(light.nodes[1].name, "kind-worker");
    assert_eq!(light.nodes[1].pod_cidrs, ["10.244.1.0/24"]);
    assert!(light.nodes[1].routes.is_empty() && !full.nodes[1].routes.is_empty());
    assert!(light.nodes[1].ipam.ls.is_empty() && !full.nodes[1].ipam.ls.is_empty());
    // The kind story's pods all run on kind-worker, the second node in name order.
    assert!(light.pods.is_empty() && !full.pods.is_empty());
    assert_eq!(sim.snapshot_with_full_nodes(2).pods, full.pods);
}

#[test]
fn a_nodes_pods_are_the_full_snapshots_pods_on_it_in_name_order() {
    let scenario = Scenario::parse(builtin::KIND).expect("built-in parses");
    let sim = Simulation::at(&scenario, VirtualTime(8_000));
    let full = sim.snapshot();
    let on_worker = sim.pods_on("kind-worker");
    let names: Vec<&str> = on_worker.iter().map(|p| p.name.as_str()).collect();
    // By 8 s b's object is gone and d was created; a, c and d, listed by name.
    assert_eq!(names, ["a", "c", "d"]);
    assert_eq!(on_worker, full.pods);
    assert_eq!(on_worker[2].ips, ["10.244.1.5"]);
    assert!(sim.pods_on("kind-control-plane").is_empty());
    assert!(sim.pods_on("no-such-node").is_empty());
}

#[test]
fn the_kind_timeline_ends_half_a_second_after_its_last_event() {
    let scenario = Scenario::parse(builtin::KIND).expect("built-in parses");
    let (horizon, events) = Simulation::timeline(std::rc::Rc::new(scenario.clone()));
    let last = events.last().expect("the story has events").time_ms;
    assert_eq!(
        horizon,
        VirtualTime(scenario.end.as_millis().max(last.as_millis()) + 500)
    );
    assert!(events.iter().any(|e| e.object == "pod/d"));
    assert!(events.iter().all(|e| e.time_ms <= horizon));
}

#[test]
fn a_cluster_line_parses_back_to_its_flags() {
    use podip::ipam::kcm::KcmFlags;
    use podip::sim::Command;
    let flags = KcmFlags {
        cluster_cidr: "10.244.0.0/16,fd00:10:244::/56".into(),
        node_cidr_mask_size_ipv4: "25".into(),
        node_cidr_mask_size_ipv6: "64".into(),
        ..KcmFlags::default()
    };
    let line = Command::cluster(flags.clone())
        .expect("valid flags")
        .to_string();
    assert_eq!(
        line,
        "cluster --cluster-cidr=10.244.0.0/16,fd00:10:244::/56 --node-cidr-mask-size-ipv4=25 --node-cidr-mask-size-ipv6=64"
    );
    let scenario = Scenario::parse(&line).expect("the line parses");
    let Command::Cluster { flags: parsed, .. } = &scenario.commands[0].command else {
        panic!("a cluster command");
    };
    assert_eq!(parsed.cluster_cidr, flags.cluster_cidr);
    assert_eq!(parsed.node_cidr_mask_size_ipv4, "25");
    assert_eq!(parsed.node_cidr_mask_size_ipv6, "64");
    assert_eq!(parsed.node_cidr_mask_size, "");
}

#[test]
fn stepping_to_the_next_event_logs_something_each_time_and_ends_where_the_run_ends() {
    let scenario = Scenario::parse(builtin::KIND).expect("built-in parses");
    let (horizon, timeline) = Simulation::timeline(std::rc::Rc::new(scenario.clone()));
    let mut sim = Simulation::new(scenario.clone());
    let mut steps = 0;
    while sim.now() < horizon {
        let logged = sim.events().len();
        let reached = sim.run_to_next_event(horizon);
        assert!(
            sim.events().len() > logged || reached == horizon,
            "a step at {reached:?} logged nothing"
        );
        // Each step stops at the first moment that logs, never past it.
        if let Some(first_new) = sim.events().get(logged) {
            assert_eq!(first_new.time_ms, reached);
        }
        steps += 1;
    }
    assert!(steps > 10, "the kind story takes many steps, took {steps}");
    assert!(sim.events().iter().eq(&timeline));
}

#[test]
fn the_address_map_names_each_nodes_subnet_and_the_service_overlap() {
    let scenario = Scenario::parse(builtin::SERVICE_OVERLAP).expect("built-in parses");
    let sim = Simulation::at(&scenario, scenario.end);
    let map = sim.address_map(0, None).expect("the controller runs");
    let state = sim.snapshot();
    assert!(!state.nodes.is_empty());
    for node in &state.nodes {
        for cidr in &node.pod_cidrs {
            assert!(
                map.cells
                    .iter()
                    .any(|cell| cell.owners.contains(&node.name) && cell.used > 0),
                "{} ({cidr}) is on the map",
                node.name
            );
        }
    }
    assert!(map.cells.iter().any(|cell| cell.service > 0));
    assert!(
        sim.address_map(1, None).is_none(),
        "single-stack: one family"
    );
    assert!(Simulation::new(scenario).address_map(0, None).is_none());
}

#[test]
fn an_entry_names_what_it_touched_as_the_nodes_listings_name_it() {
    let scenario = Scenario::parse(builtin::KIND).expect("built-in parses");
    let sim = Simulation::at(&scenario, VirtualTime(8_000));
    let worker = sim.node_state("kind-worker").expect("the worker exists");
    let of_d = |reason: Reason| {
        sim.events()
            .iter()
            .find(|e| e.reason == reason && e.object == "pod/d")
            .unwrap_or_else(|| panic!("d has a {reason:?} entry"))
            .touched()
    };
    let reserved = of_d(Reason::IPAMReserve);
    assert_eq!(reserved.node.as_deref(), Some("kind-worker"));
    assert_eq!(reserved.pod.as_deref(), Some("d"));
    assert_eq!(reserved.ip_file.as_deref(), Some("10.244.1.5"));
    assert!(worker.ipam.ls.contains(&"10.244.1.5".to_string()));
    assert_eq!((reserved.veth, reserved.route), (None, None));
    let veth = of_d(Reason::VethCreated)
        .veth
        .expect("a veth entry names its veth");
    let d_veth = worker
        .veths
        .iter()
        .find(|v| v.pod == "d")
        .expect("d's veth");
    assert_eq!(veth, d_veth.name);
    let route = of_d(Reason::RouteAdded)
        .route
        .expect("a route entry names its route");
    assert_eq!(route, format!("10.244.1.5 dev {} scope host", d_veth.name));
    assert!(
        worker.routes.contains(&route),
        "{route} is a line of {:?}",
        worker.routes
    );
    // A node's entries touch the node only.
    let allocated = sim
        .events()
        .iter()
        .find(|e| e.reason == Reason::CIDRAllocated && e.object == "node/kind-worker")
        .expect("the worker got a podCIDR")
        .touched();
    assert_eq!(allocated.node.as_deref(), Some("kind-worker"));
    assert_eq!(allocated.pod, None);
}
