//! The stage's view model at moments of the built-in stories.

use super::*;
use crate::playback::Player;
use crate::sim::{builtin, VirtualDuration, VirtualTime};
use crate::tours::TourId;

fn at(name: &'static str, ms: u64) -> Cursor {
    let mut cursor = Player::load(
        builtin::by_name(name).unwrap().to_string(),
        TourId::from_name(name),
    )
    .expect("a built-in scenario loads")
    .into_cursor();
    cursor.seek(VirtualTime(ms));
    cursor.finish();
    cursor
}

fn node<'a>(stage: &'a Stage, name: &str) -> &'a StageNode {
    stage
        .nodes
        .iter()
        .flatten()
        .find(|n| n.name == name)
        .unwrap_or_else(|| panic!("{name} is drawn"))
}

fn pod<'a>(node: &'a StageNode, name: &str) -> Option<&'a StagePod> {
    node.pods.iter().find(|p| p.name == name)
}

#[test]
fn nodes_keep_the_places_they_register_in_and_join_when_their_object_appears() {
    let early = at("kind", 500).stage(None, None);
    assert_eq!(early.nodes.len(), 3);
    assert_eq!(
        early.nodes[0].as_ref().map(|n| n.name.as_str()),
        Some("kind-control-plane")
    );
    assert!(early.nodes[1].is_none() && early.nodes[2].is_none());
    let later = at("kind", 1_500).stage(None, None);
    let names: Vec<_> = later
        .nodes
        .iter()
        .flatten()
        .map(|n| (n.slot, n.name.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            (0, "kind-control-plane"),
            (1, "kind-worker"),
            (2, "kind-worker2")
        ]
    );
    assert_eq!(node(&later, "kind-worker").pod_cidrs, ["10.244.1.0/24"]);
    assert_eq!(node(&later, "kind-worker").internal_ips, ["172.18.0.3"]);
    assert!(node(&later, "kind-worker").conflist);
    // The worker runs a, b, c and d in the run: it gets the room.
    assert_eq!(later.weights, [3, 7, 3]);
}

#[test]
fn the_node_in_front_is_the_one_picked_else_the_first_running_pods() {
    let playback = at("kind", 2_115);
    assert_eq!(
        playback.stage(None, None).focus.as_deref(),
        Some("kind-worker")
    );
    let picked = playback.stage(None, Some("kind-worker2"));
    assert_eq!(picked.focus.as_deref(), Some("kind-worker2"));
    let gone = playback.stage(None, Some("no-such-node"));
    assert_eq!(gone.focus.as_deref(), Some("kind-worker"));
    assert_eq!(
        at("kind", 500).stage(None, None).focus.as_deref(),
        Some("kind-control-plane")
    );
}

#[test]
fn the_cidrset_strip_shows_each_subnet_its_owner_and_the_cursor() {
    let stage = at("kind", 1_500).stage(None, None);
    let [kcm] = &stage.kcm[..] else {
        panic!("one cidrset, once the node IPAM controller runs")
    };
    assert_eq!(
        (kcm.cluster_cidr.as_str(), kcm.node_mask),
        ("10.244.0.0/16", 24)
    );
    assert_eq!(
        (kcm.used, kcm.max, kcm.next_candidate, kcm.cell_len),
        (3, 256, 3, 1)
    );
    assert_eq!(kcm.cells.len() as u64, STRIP_CELLS);
    assert_eq!(kcm.not_drawn, 256 - STRIP_CELLS);
    let owners: Vec<_> = kcm.cells[..4].iter().map(|c| c.owner.clone()).collect();
    assert_eq!(
        owners,
        [
            Some(("kind-control-plane".to_string(), 0)),
            Some(("kind-worker".to_string(), 1)),
            Some(("kind-worker2".to_string(), 2)),
            None
        ]
    );
    assert_eq!(kcm.cells[1].block, "10.244.1.0/24");
    let cursors: Vec<u64> = kcm
        .cells
        .iter()
        .filter(|c| c.cursor)
        .map(|c| c.index)
        .collect();
    assert_eq!(cursors, [3]);
}

#[test]
fn a_pod_adds_then_runs_with_its_cable_route_and_file() {
    // 2.110 s: sandbox, ADD, host-local, veth and route; 2.115 s: status.podIPs.
    let adding = at("kind", 2_110).stage(None, None);
    let a = pod(node(&adding, "kind-worker"), "a")
        .expect("a is drawn")
        .clone();
    assert_eq!(a.phase, StagePhase::Adding);
    assert_eq!(a.ip_files, ["10.244.1.2"]);
    assert!(a
        .veth
        .as_ref()
        .is_some_and(|v| v.pod_end.starts_with("eth0@if")));
    assert_eq!(a.route_prefixes(), ["10.244.1.2/32"]);
    assert_eq!(
        a.routes,
        [format!(
            "10.244.1.2 dev {} scope host",
            a.veth.unwrap().name
        )]
    );
    let running = at("kind", 2_115).stage(None, None);
    let worker = node(&running, "kind-worker");
    let ips: Vec<_> = worker
        .pods
        .iter()
        .map(|p| (p.name.as_str(), p.phase, p.ips.join(",")))
        .collect();
    assert_eq!(
        ips,
        [
            ("a", StagePhase::Running, "10.244.1.2".to_string()),
            ("b", StagePhase::Running, "10.244.1.3".to_string()),
            ("c", StagePhase::Running, "10.244.1.4".to_string())
        ]
    );
    let range = worker.range.as_ref().expect("host-local's range");
    assert_eq!(range.last_reserved_ip.as_deref(), Some("10.244.1.4"));
    let next: Vec<_> = range
        .cells
        .iter()
        .filter(|c| c.next)
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(next, [".5"]);
    let pending = at("kind", 2_050).stage(None, None);
    assert_eq!(
        pod(node(&pending, "kind-worker"), "a").map(|p| p.phase),
        Some(StagePhase::Pending)
    );
}

#[test]
fn a_pod_deleted_at_once_keeps_its_veth_route_and_file_until_cni_del() {
    // b's object goes at 4.000 s; CNI DEL runs 2.3 s later.
    let lag = at("kind", 5_000).stage(None, None);
    let worker = node(&lag, "kind-worker");
    let b = pod(worker, "b").expect("b is drawn as a ghost");
    assert_eq!((b.phase, b.object), (StagePhase::Deleting, false));
    assert_eq!(b.ip_files, ["10.244.1.3"]);
    assert!(b.veth.is_some() && !b.routes.is_empty());
    let (left, fraction) = b.countdown.expect("b counts down to CNI DEL");
    assert_eq!(left, VirtualDuration::from_millis(1_300));
    assert!((fraction - 1_300.0 / 2_300.0).abs() < 1e-9);
    // The Chinese article counts the worker's veths during the lag: its pods' three.
    assert_eq!(worker.pods.iter().filter(|p| p.veth.is_some()).count(), 3);
    let just_after = at("kind", 6_300).stage(None, None);
    let b = pod(node(&just_after, "kind-worker"), "b").expect("b fades out");
    assert_eq!(b.phase, StagePhase::Gone);
    assert!(
        b.veth.is_none() && b.routes.is_empty() && b.ip_files.is_empty() && b.countdown.is_none()
    );
    let later = at("kind", 7_400).stage(None, None);
    let worker = node(&later, "kind-worker");
    assert!(pod(worker, "b").is_none());
    assert_eq!(
        pod(worker, "d").map(|p| p.ips.clone()),
        Some(vec!["10.244.1.5".to_string()])
    );
}

#[test]
fn failures_are_drawn_with_upstreams_text() {
    let exhaustion = at("exhaustion", u64::MAX);
    let times = exhaustion.run().step_times();
    let failed = at("exhaustion", times[0].unwrap().0).stage(None, None);
    let p6 = failed
        .nodes
        .iter()
        .flatten()
        .find_map(|n| pod(n, "p6"))
        .expect("p6 is drawn");
    assert_eq!(p6.phase, StagePhase::Pending);
    assert!(p6.failure.as_deref().is_some_and(|f| f
        .starts_with("FailedCreatePodSandBox Failed to create pod sandbox:")
        && f.contains("no IP addresses available in range set")));
    // A pod waiting for its node's network reads the kubelet's Event, which tries no sandbox.
    let node_network = at("node-network", u64::MAX);
    let times = node_network.run().step_times();
    let waiting = at("node-network", times[0].unwrap().0).stage(None, None);
    let web = waiting
        .nodes
        .iter()
        .flatten()
        .find_map(|n| pod(n, "web"))
        .expect("web is drawn");
    assert_eq!(
        web.failure.as_deref(),
        Some(
            "NetworkNotReady network is not ready: container runtime network not ready: \
             NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: \
             cni plugin not initialized"
        )
    );
    let planning = at("planning", u64::MAX);
    let times = planning.run().step_times();
    let refused = at("planning", times[1].unwrap().0).stage(None, None);
    // Five nodes are drawn whole.
    assert!(refused.tiles.is_empty());
    let e = refused.stage_node_named("node-e");
    assert!(e.is_some_and(|e| e.pod_cidrs.is_empty()));
    assert!(e
        .and_then(|n| n.failure.as_deref())
        .is_some_and(|f| f.contains("CIDRNotAvailable")));
}

impl Stage {
    fn stage_node_named(&self, name: &str) -> Option<&StageNode> {
        self.nodes.iter().flatten().find(|n| n.name == name)
    }
}

#[test]
fn a_big_cluster_is_drawn_as_tiles_with_one_node_zoomed_in() {
    let mut text = String::from("cluster --cluster-cidr=10.0.0.0/16 --node-cidr-mask-size=24\n");
    for i in 0..100 {
        text.push_str(&format!("node add n{i:03}\n"));
    }
    text.push_str("wait 2s\npod add-many p --node=n042 --count=20\nwait 2s\n");
    let mut playback = Player::load(text, None).expect("it parses").into_cursor();
    playback.seek(playback.run().horizon());
    playback.finish();
    let stage = playback.stage(None, None);
    assert_eq!(stage.tiles.len(), 100);
    assert!(stage
        .tiles
        .iter()
        .all(|t| t.pod_cidrs.len() == 1 && t.usable == 253));
    let zoomed = stage
        .stage_node_named("n042")
        .expect("the busiest node is zoomed in");
    assert!(zoomed.pods_as_cells);
    assert_eq!(zoomed.pods.len(), 20);
    assert_eq!(stage.tiles[42].held, 20);
    let kcm = stage.kcm.first().expect("kcm");
    // 100 subnets held and the cursor at 100: 128 subnets in blocks of 4.
    assert_eq!(
        (kcm.cell_len, kcm.cells.len() as u64, kcm.not_drawn),
        (4, STRIP_CELLS, 128)
    );
    assert!(kcm.cells[..25].iter().all(|c| c.used == 4));
    assert!(kcm.cells[25].cursor);
    let chosen = playback.stage(None, Some("n007"));
    assert!(chosen.stage_node_named("n007").is_some());
}

mod presentation {
    use super::*;
    use crate::playback::{Player, DEFAULT_SPEED, MOMENT_SHOWN_MS, SPEEDS};
    use crate::sim::VirtualTime;

    /// Frames of 50 ms at `speed` from 2 s in the kind tour: the phases pod a shows, in order, with
    /// how many frames each lasted.
    fn frames_of_a(speed: usize) -> Vec<(StagePhase, usize)> {
        let mut playback = Player::default().into_cursor();
        playback.seek(VirtualTime(2_000));
        playback.finish();
        let mut seen: Vec<(StagePhase, usize)> = Vec::new();
        while playback.now() < VirtualTime(2_500) {
            playback.play(50.0, speed, VirtualTime(2_500), &mut || true);
            let stage = playback.stage(None, None);
            let phase = stage
                .nodes
                .iter()
                .flatten()
                .flat_map(|n| &n.pods)
                .find(|p| p.name == "a")
                .map(|p| p.phase);
            match (phase, seen.last_mut()) {
                (Some(phase), Some((last, n))) if *last == phase => *n += 1,
                (Some(phase), _) => seen.push((phase, 1)),
                (None, _) => {}
            }
        }
        seen
    }

    #[test]
    fn at_1x_each_step_of_cni_add_stays_on_screen_for_a_moment() {
        assert_eq!(SPEEDS[DEFAULT_SPEED].1, Some(1.0));
        let seen = frames_of_a(DEFAULT_SPEED);
        let phases: Vec<StagePhase> = seen.iter().map(|(p, _)| *p).collect();
        assert_eq!(
            phases,
            [StagePhase::Pending, StagePhase::Adding, StagePhase::Running]
        );
        // ADD at 2.110 s, status.podIPs at 2.115 s: 5 ms, held for MOMENT_SHOWN_MS.
        let adding_frames = seen[1].1;
        assert!(adding_frames as f64 * 50.0 >= MOMENT_SHOWN_MS, "{seen:?}");
    }

    #[test]
    fn faster_than_1x_the_clock_is_not_held() {
        let seen = frames_of_a(DEFAULT_SPEED + 2);
        assert!(
            seen.iter().all(|(p, _)| *p != StagePhase::Adding),
            "{seen:?}"
        );
    }
}

mod graceful {
    use super::*;
    use crate::playback::Player;
    use crate::sim::VirtualTime;

    /// `kubectl delete pod` with a grace period: Terminating, the network goes first (CNI DEL), then
    /// the object.
    #[test]
    fn a_graceful_delete_takes_the_network_first_then_the_object() {
        let text = "cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\npod add a --node=w\nwait 1s\npod delete a --grace-period=30\nwait 40s\n";
        let mut playback = Player::load(text.to_string(), None)
            .expect("it parses")
            .into_cursor();
        let mut seen: Vec<(StagePhase, bool, bool)> = Vec::new();
        // Killed after the 30 s grace period: CNI DEL at 32.110 s, the object 5 ms later.
        for ms in [1_500, 2_500, 20_000, 32_110, 32_115, 32_400, 33_500] {
            playback.seek(VirtualTime(ms));
            playback.finish();
            let stage = playback.stage(None, None);
            let a = stage
                .nodes
                .iter()
                .flatten()
                .flat_map(|n| &n.pods)
                .find(|p| p.name == "a")
                .map(|a| (a.phase, a.object, a.veth.is_some()));
            if let Some(a) = a {
                if seen.last() != Some(&a) {
                    seen.push(a);
                }
            }
        }
        assert_eq!(
            seen,
            [
                (StagePhase::Running, true, true),
                (StagePhase::Deleting, true, true),
                (StagePhase::Deleting, true, false),
                (StagePhase::Gone, false, false),
            ],
            "Terminating with its network, then without it, then gone with its object"
        );
    }
}

#[test]
fn dual_stack_draws_both_families_cidrsets_routes_and_addresses() {
    // 1.5 s: both workers' pods run, each with an address of each family.
    let stage = at("dual-stack", 1_500).stage(None, None);
    let strips: Vec<(&str, u8, u64)> = stage
        .kcm
        .iter()
        .map(|k| (k.cluster_cidr.as_str(), k.node_mask, k.used))
        .collect();
    assert_eq!(
        strips,
        [("10.244.0.0/16", 24, 2), ("fd00:10:244::/56", 64, 2)]
    );
    assert_eq!(stage.kcm[1].cells[1].block, "fd00:10:244:1::/64");
    let a = pod(node(&stage, "kind-worker"), "a").expect("a is drawn");
    assert_eq!(a.ips, ["10.244.1.2", "fd00:10:244:1::2"]);
    assert_eq!(
        a.route_prefixes(),
        ["10.244.1.2/32", "fd00:10:244:1::2/128"]
    );
    assert!(a.routes.iter().all(|r| !r.starts_with("fe80:")));
}

/// The stage at the step `id` of tour `name`, as the page shows it.
fn at_step(name: &'static str, id: &str) -> Stage {
    let tour = TourId::from_name(name).expect("a tour");
    let index = tour
        .tour()
        .steps
        .iter()
        .position(|s| s.id == id)
        .unwrap_or_else(|| panic!("{name} has step {id}"));
    let mut cursor = Player::load(builtin::by_name(name).unwrap().to_string(), Some(tour))
        .expect("a built-in scenario loads")
        .into_cursor();
    cursor.go_to_step(index);
    cursor.finish();
    cursor.stage(None, None)
}

fn chain<'a>(stage: &'a Stage, name: &str) -> &'a StageChain {
    stage
        .chains
        .iter()
        .find(|c| c.node == name)
        .unwrap_or_else(|| panic!("{name}'s chain"))
}

#[test]
fn the_b_deleted_steps_hold_bs_ip_file_while_it_waits_for_del() {
    for (tour, node_name) in [("kind", "kind-worker"), ("kubeadm-flannel", "worker-1")] {
        let stage = at_step(tour, "b-deleted");
        let b = pod(node(&stage, node_name), "b").expect("b waits for CNI DEL");
        assert_eq!(b.ip_files, ["10.244.1.3"], "{tour}");
        assert!(node(&stage, node_name)
            .files
            .contains(&"10.244.1.3".to_string()));
    }
}

#[test]
fn every_ptp_host_veth_carries_the_gateway_as_a_32() {
    let stage = at_step("kind", "a-route");
    let a = pod(node(&stage, "kind-worker"), "a").expect("a");
    assert_eq!(a.host_addresses, ["10.244.1.1/32"]);
    let stage = at_step("kind", "c-running");
    for name in ["a", "b", "c"] {
        let p = pod(node(&stage, "kind-worker"), name).expect("a pod");
        assert_eq!(p.host_addresses, ["10.244.1.1/32"], "{name}");
    }
    // A bridge's port has no address: the gateway is on cni0.
    let stage = at_step("kubeadm-flannel", "c-running");
    let a = pod(node(&stage, "worker-1"), "a").expect("a");
    assert!(a.host_addresses.is_empty());
}

#[test]
fn kindnetd_routes_other_nodes_podcidrs_via_their_internal_ips() {
    let stage = at_step("node-network", "route-to-kind-worker2");
    let routes = &chain(&stage, "kind-worker").node_routes;
    assert!(
        routes
            .iter()
            .any(|r| r.starts_with("10.244.2.0/24 via 172.18.0.4 dev eth0")),
        "{routes:?}"
    );
    let (prefixes, dev) = chain(&stage, "kind-worker").node_route_prefixes();
    assert!(prefixes.contains(&"10.244.2.0/24".to_string()));
    assert_eq!(dev.as_deref(), Some("eth0"));
}

#[test]
fn the_neighbour_entry_for_bs_address_stays_stale_on_cni0_after_its_veth_goes() {
    let stage = at_step("kubeadm-flannel", "b-released");
    assert!(pod(node(&stage, "worker-1"), "b").is_none_or(|b| b.veth.is_none()));
    let entry = chain(&stage, "worker-1")
        .neighbours
        .iter()
        .find(|n| n.ip == "10.244.1.3")
        .expect("the node's entry for b's .3");
    assert_eq!((entry.dev.as_str(), entry.state), ("cni0", "STALE"));
    assert!(entry.orphan, "no pod holds .3");
    // ptp's entries sit on the pods' own veths: nothing is drawn on a kind node.
    let kind = at_step("kind", "b-released");
    assert!(chain(&kind, "kind-worker").neighbours.is_empty());
}

#[test]
fn node_networks_packet_goes_from_webs_eth0_to_db_through_both_nodes() {
    let stage = at_step("node-network", "db-running");
    let packet = stage.packet.expect("the step tells a packet");
    let at = |node: &str| node.to_string();
    assert_eq!(
        packet.hops,
        [
            Hop::Pod {
                node: at("kind-worker"),
                pod: "web".into()
            },
            Hop::Veth {
                node: at("kind-worker"),
                pod: "web".into()
            },
            Hop::NodeRoute {
                node: at("kind-worker"),
                prefix: "10.244.2.0/24".into()
            },
            Hop::PodRoute {
                node: at("kind-worker2"),
                pod: "db".into(),
                prefix: "10.244.2.2/32".into()
            },
            Hop::Veth {
                node: at("kind-worker2"),
                pod: "db".into()
            },
            Hop::Pod {
                node: at("kind-worker2"),
                pod: "db".into()
            },
        ]
    );
    // Another step tells no packet.
    assert_eq!(at_step("node-network", "web-running").packet, None);
}

#[test]
fn a_step_focuses_its_own_node_while_its_motion_plays_on() {
    let tour = TourId::Kind;
    let mut cursor = Player::load(builtin::KIND.to_string(), Some(tour))
        .expect("kind loads")
        .into_cursor();
    for (index, node) in [(1, "kind-worker2"), (2, "kind-worker")] {
        cursor.go_to_step(index);
        cursor.finish();
        assert_eq!(cursor.stage(None, None).focus.as_deref(), Some(node));
        // A press plays the step's motion at 1× towards the next step's moment.
        let at = cursor.run().step_time(index).expect("the step's moment");
        let next = cursor.run().step_time(index + 1).expect("a next step");
        assert!(next.0 > at.0 + 1, "the step has a motion");
        cursor.seek(VirtualTime(next.0 - 1));
        cursor.finish();
        assert_eq!(cursor.current_step(), Some(index));
        assert_eq!(
            cursor.stage(None, None).focus.as_deref(),
            Some(node),
            "step {index} after its moment"
        );
    }
}

#[test]
fn what_a_step_names_stays_marked_and_kept_while_its_motion_plays_on() {
    let tour = TourId::Kind;
    let mut cursor = Player::load(builtin::KIND.to_string(), Some(tour))
        .expect("kind loads")
        .into_cursor();
    let index = tour.tour().step_index("b-deleted").expect("a step");
    cursor.go_to_step(index);
    cursor.finish();
    let at_step = cursor.stage(None, None);
    let b = at_step.touched.as_ref().and_then(|t| t.pod.as_deref());
    assert_eq!(b, Some("b"), "the step's own event touched b");
    assert_eq!(at_step.step, Some(index));
    // Half-way through b's countdown, then a millisecond before CNI DEL: the press's motion.
    let (at, next) = (
        cursor.run().step_time(index).expect("its moment"),
        cursor.run().step_time(index + 1).expect("the next step's"),
    );
    for time in [VirtualTime((at.0 + next.0) / 2), VirtualTime(next.0 - 1)] {
        cursor.seek(time);
        cursor.finish();
        let stage = cursor.stage(None, None);
        assert_eq!(stage.touched, at_step.touched, "at {time:?}");
        assert_eq!(stage.step, Some(index));
        assert_eq!(stage.shows, tour.tour().steps[index].shows);
    }
    // Without a tour nothing is a step's.
    let free = Player::load(builtin::KIND.to_string(), None)
        .expect("kind loads")
        .into_cursor();
    let stage = free.stage(None, None);
    assert_eq!(
        (stage.touched, stage.step, stage.shows.len()),
        (None, None, 0)
    );
}

/// A pod the scheduler has not bound is on no node: the stage lists it apart, with the scheduler's
/// message, until the Ready node takes it into its box.
#[test]
fn an_unscheduled_pod_is_drawn_outside_the_nodes_until_it_is_bound() {
    let pending = at("coredns-pending", 10_000).stage(None, None);
    assert_eq!(pending.unscheduled, ["coredns-1", "coredns-2"]);
    assert_eq!(
        pending.failed_scheduling.as_deref(),
        Some(crate::sim::scheduler::failed_scheduling(1).as_str())
    );
    assert!(node(&pending, "control-plane").pods.is_empty());
    let bound = at("coredns-pending", u64::MAX).stage(None, None);
    assert!(bound.unscheduled.is_empty() && bound.failed_scheduling.is_none());
    let plane = node(&bound, "control-plane");
    assert!(pod(plane, "coredns-1").is_some() && pod(plane, "coredns-2").is_some());
}
