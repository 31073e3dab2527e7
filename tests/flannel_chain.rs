//! A cluster on flannel's chain (`set cni=flannel`, `k3s-flannel`): flanneld's `subnet.env` and
//! `flannel.1` routes, the bridge `cni0` holding every live pod's veth, host-local in
//! `/var/lib/cni/networks/cbr0`, DEL in the bridge's order with the same lag, and the views and tools'
//! outputs the page and the CLI read.
#![cfg(not(target_arch = "wasm32"))]

use podip::ipam::ptp::LinkKind;
use podip::playback::Player;
use podip::sim::shell::Shell;
use podip::sim::{Chain, Reason, Scenario, Simulation, VirtualTime};
use proptest::prelude::*;

const KIND_FLANNEL: &str = include_str!("data/kind-flannel.podip");

fn at(text: &str, ms: u64) -> Simulation {
    let scenario = Scenario::parse(text).expect("parses");
    Simulation::at(&scenario, VirtualTime(ms))
}

/// The names of the ports of `cni0` on `node`, and of the host veths of its sandboxes.
fn ports_and_veths(sim: &Simulation, node: &str) -> (Vec<String>, Vec<String>) {
    let netns = sim.node_netns(node).expect("the node");
    let ports = netns
        .link_by_name("cni0")
        .map(|bridge| {
            netns
                .ports(bridge.ifindex)
                .map(|l| l.name.to_string())
                .collect()
        })
        .unwrap_or_default();
    let veths = sim
        .node_state(node)
        .expect("the node")
        .veths
        .into_iter()
        .map(|v| v.name)
        .collect();
    (ports, veths)
}

#[test]
fn the_kind_story_on_flannels_bridge() {
    // a, b, c running: .2, .3, .4 in cbr0's directory, three ports on cni0, one connected route.
    let sim = at(KIND_FLANNEL, 3_000);
    let worker = sim.node_state("kind-worker").expect("the worker");
    assert_eq!(worker.cni, Chain::Flannel);
    assert_eq!(
        worker.ipam.dir.as_deref(),
        Some("/var/lib/cni/networks/cbr0")
    );
    assert_eq!(
        worker.subnet_env.as_deref(),
        Some("FLANNEL_NETWORK=10.244.0.0/16\nFLANNEL_SUBNET=10.244.1.1/24\nFLANNEL_MTU=1450\nFLANNEL_IPMASQ=true\n")
    );
    let bridge = worker.bridge.as_ref().expect("cni0");
    assert_eq!((bridge.name.as_str(), bridge.mtu), ("cni0", 1450));
    assert_eq!(bridge.addresses, ["10.244.1.1/24"]);
    assert!(worker
        .routes
        .contains(&"10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1".to_string()));
    assert!(worker
        .routes
        .contains(&"10.244.2.0/24 via 10.244.2.0 dev flannel.1 onlink".to_string()));
    assert!(worker
        .routes
        .contains(&"10.244.0.0/24 via 10.244.0.0 dev flannel.1 onlink".to_string()));
    // No /32 per pod: the node reaches them all through cni0.
    assert!(!worker.routes.iter().any(|r| r.starts_with("10.244.1.2")));
    let (ports, veths) = ports_and_veths(&sim, "kind-worker");
    assert_eq!(ports.len(), 3);
    assert_eq!(ports, veths);
    assert!(worker
        .veths
        .iter()
        .all(|v| v.master.as_deref() == Some("cni0")));
    let a = sim.pod_netns("a").expect("a's namespace");
    let routes = podip::ipam::ptp::iproute2::ip_route_lines(a);
    assert_eq!(
        routes,
        [
            "default via 10.244.1.1 dev eth0",
            "10.244.0.0/16 via 10.244.1.1 dev eth0",
            "10.244.1.0/24 dev eth0 proto kernel scope link src 10.244.1.2",
        ]
    );

    // b deleted at 4 s: its file and veth stay for the DEL lag, then go in the bridge's order.
    let lag = at(KIND_FLANNEL, 5_000);
    assert!(lag
        .node_state("kind-worker")
        .expect("worker")
        .ipam
        .reserved
        .contains_key("10.244.1.3"));
    assert_eq!(ports_and_veths(&lag, "kind-worker").0.len(), 3);
    let end = at(KIND_FLANNEL, 8_000);
    let reasons: Vec<Reason> = end
        .events()
        .iter()
        .filter(|e| e.object == "pod/b" && e.time_ms == VirtualTime(6_300))
        .map(|e| e.reason)
        .collect();
    assert_eq!(
        reasons,
        [
            Reason::CNIDel,
            Reason::VethDeleted,
            Reason::IPAMRelease,
            Reason::SandboxRemoved
        ]
    );
    // d gets .5, not b's .3.
    assert_eq!(
        end.pod_status_ips("d").map(|ips| ips[0].to_string()),
        Some("10.244.1.5".into())
    );
    let (ports, veths) = ports_and_veths(&end, "kind-worker");
    assert_eq!((ports.len(), &ports), (3, &veths));
}

#[test]
fn the_bridge_stays_when_the_last_pod_goes() {
    let text = format!("{KIND_FLANNEL}pod delete a\npod delete c\npod delete d\nwait 3s\n");
    let scenario = Scenario::parse(&text).expect("parses");
    let mut sim = Simulation::new(scenario);
    sim.run_to_end();
    let worker = sim.node_state("kind-worker").expect("worker");
    let bridge = worker.bridge.expect("cni0 stays");
    assert!(!bridge.carrier);
    assert_eq!(
        bridge.mtu, 1500,
        "an empty bridge's MTU is the kernel's 1500"
    );
    assert!(worker.routes.contains(
        &"10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1 linkdown".to_string()
    ));
    assert_eq!(worker.ipam.ls, ["last_reserved_ip.0", "lock"]);
}

#[test]
fn the_tools_print_flannels_files_and_the_bridges_ports() {
    let sim = at(KIND_FLANNEL, 3_000);
    let env = Shell::SubnetEnv("kind-worker")
        .run(&sim)
        .expect("subnet.env");
    assert_eq!(env.command, "cat /run/flannel/subnet.env");
    assert_eq!(env.output[1], "FLANNEL_SUBNET=10.244.1.1/24");
    let conflist = Shell::Conflist("kind-worker")
        .run(&sim)
        .expect("the conflist");
    assert_eq!(conflist.command, "cat /etc/cni/net.d/10-flannel.conflist");
    assert!(conflist
        .output
        .iter()
        .any(|l| l.contains("\"isDefaultGateway\": true")));
    let ls = Shell::Ls("kind-worker")
        .run(&sim)
        .expect("cbr0's directory");
    assert_eq!(ls.command, "ls /var/lib/cni/networks/cbr0/");
    let bridge = Shell::BridgeLink("kind-worker")
        .run(&sim)
        .expect("bridge link");
    assert_eq!(bridge.output.len(), 3);
    assert!(bridge
        .output
        .iter()
        .all(|l| l.contains("master cni0 state forwarding")));
    let master = Shell::IpLinkMaster("kind-worker")
        .run(&sim)
        .expect("ip link show master");
    assert_eq!(master.command, "ip link show master cni0");
    assert_eq!(master.output.len(), 6);
    let addr = Shell::PodIpAddr("a").run(&sim).expect("a's ip addr");
    assert!(addr
        .output
        .iter()
        .any(|l| l.contains("inet 10.244.1.2/24 brd 10.244.1.255")));
    let route = Shell::PodIpRoute("a").run(&sim).expect("a's ip route");
    assert_eq!(route.output[0], "default via 10.244.1.1 dev eth0");
    // A kindnet node has no subnet.env.
    let kind = at(podip::sim::builtin::KIND, 3_000);
    assert!(Shell::SubnetEnv("kind-worker").run(&kind).is_none());
}

#[test]
fn the_stage_and_the_card_hold_the_bridge_its_ports_and_the_routes() {
    let mut player = Player::load(KIND_FLANNEL.to_string(), None).expect("loads");
    player.finish();
    let mut cursor = player.into_cursor();
    cursor.seek(VirtualTime(3_000));
    cursor.finish();
    let stage = cursor.stage(None, None);
    let chain = stage
        .chains
        .iter()
        .find(|c| c.node == "kind-worker")
        .expect("the worker's chain");
    assert_eq!(chain.cni, Chain::Flannel);
    assert_eq!(chain.conflist_path, "/etc/cni/net.d/10-flannel.conflist");
    assert_eq!(chain.flannel_subnet.as_deref(), Some("10.244.1.1/24"));
    let bridge = chain.bridge.as_ref().expect("cni0");
    assert_eq!(bridge.gateways, ["10.244.1.1/24"]);
    assert_eq!(
        bridge.connected_route.as_deref(),
        Some("10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1")
    );
    assert_eq!(
        chain.node_routes,
        [
            "10.244.0.0/24 via 10.244.0.0 dev flannel.1 onlink",
            "10.244.2.0/24 via 10.244.2.0 dev flannel.1 onlink"
        ]
    );
    let node = stage
        .nodes
        .iter()
        .flatten()
        .find(|n| n.name == "kind-worker")
        .expect("drawn");
    let veths: Vec<&str> = node
        .pods
        .iter()
        .filter_map(|p| p.veth.as_ref())
        .map(|v| v.name.as_str())
        .collect();
    assert_eq!(bridge.ports, veths);
    assert!(
        node.pods.iter().all(|p| p.routes.is_empty()),
        "no /32 per pod on a bridge"
    );
    let card = cursor.node_card("kind-worker").expect("the card");
    assert_eq!(card.cni, Chain::Flannel);
    assert!(card.subnet_env.is_some());
    assert_eq!(card.bridge_link.expect("bridge link").1.len(), 3);
    assert_eq!(
        card.ls_command.as_deref(),
        Some("$ ls /var/lib/cni/networks/cbr0")
    );
    assert_eq!(card.calico_blocks, None);
}

#[test]
fn on_k3s_the_conflist_is_k3s_own_in_its_own_directory() {
    let text = KIND_FLANNEL.replace("set cni=flannel", "set cni=k3s-flannel");
    let sim = at(&text, 3_000);
    let conflist = Shell::Conflist("kind-worker")
        .run(&sim)
        .expect("the conflist");
    assert_eq!(
        conflist.command,
        "cat /var/lib/rancher/k3s/agent/etc/cni/net.d/10-flannel.conflist"
    );
    assert!(conflist
        .output
        .iter()
        .any(|l| l.contains("\"type\":\"bandwidth\"")));
    assert_eq!(
        sim.pod_status_ips("c").map(|ips| ips[0].to_string()),
        Some("10.244.1.4".into())
    );
}

/// The times (ms) and messages of the entries of `reason` on `object`.
fn logged(sim: &Simulation, reason: Reason, object: &str) -> Vec<(u64, String)> {
    sim.events()
        .iter()
        .filter(|e| e.reason == reason && e.object == object)
        .map(|e| (e.time_ms.0, e.message.to_string()))
        .collect()
}

#[test]
fn flanneld_without_a_podcidr_fails_in_its_words_and_restarts() {
    // One /24 in the cluster CIDR: the second node gets none (CIDRNotAvailable), and its flanneld
    // cannot acquire a lease. The kubelet restarts the container at its next relist the first time,
    // then after 10 s, then 20 s; its init container copied the conflist once.
    let text = "set cni=flannel\ncluster --cluster-cidr=10.244.0.0/24 --node-cidr-mask-size=24\nnode add one\nnode add two\nwait 40s\n";
    let sim = at(text, 40_000);
    let failures = logged(&sim, Reason::FlannelLeaseFailed, "node/two");
    let times: Vec<u64> = failures.iter().map(|(t, _)| *t).collect();
    assert_eq!(times, [300, 1_300, 11_300, 31_300]);
    assert_eq!(
        failures[0].1,
        "Error registering network: failed to acquire lease: node \"two\" pod cidr not assigned"
    );
    assert_eq!(logged(&sim, Reason::CNIConfigWritten, "node/two").len(), 1);
    assert!(sim.node_state("one").expect("one").subnet_env.is_some());
    assert!(sim.node_state("two").expect("two").subnet_env.is_none());
}

/// kube.go `handleAddLeaseEvent` skips a Node its own flanneld has not annotated: control-plane routes
/// worker-1's subnet only after worker-1's flanneld has registered, not when kcm gave worker-1 its
/// podCIDR.
#[test]
fn a_nodes_lease_is_routed_once_its_own_flanneld_has_registered() {
    let sim = at(podip::sim::builtin::KUBEADM_FLANNEL, 2_000);
    let registered = logged(&sim, Reason::VxlanDeviceCreated, "node/worker-1");
    assert_eq!(registered.len(), 1);
    assert!(
        registered[0]
            .1
            .contains("annotated node worker-1 (kube-subnet-manager=true, public-ip 192.168.56.21"),
        "{}",
        registered[0].1
    );
    let patched = logged(&sim, Reason::PodCIDRPatched, "node/worker-1")[0].0;
    let route = sim
        .events()
        .iter()
        .find(|e| {
            e.reason == Reason::NodeRouteAdded
                && e.object == "node/control-plane"
                && e.message
                    .to_string()
                    .contains("10.244.1.0/24 via 10.244.1.0 dev flannel.1 onlink")
        })
        .map(|e| e.time_ms.0)
        .expect("control-plane routes worker-1's lease");
    assert_eq!(patched, 1_010);
    assert_eq!(
        route,
        registered[0].0 + 10,
        "watch-latency after the annotation"
    );
    // Before that, nothing on control-plane leads to worker-1's subnet.
    let before = at(podip::sim::builtin::KUBEADM_FLANNEL, registered[0].0 - 1);
    assert!(!before
        .node_state("control-plane")
        .expect("control-plane")
        .routes
        .iter()
        .any(|r| r.starts_with("10.244.1.0/24")));
}

/// k3s' agent writes its conflist (`flannel.Prepare`) before it starts the kubelet: the node is never
/// NotReady for want of one, and a pod synced before flanneld wrote subnet.env fails ADD in the
/// flannel plugin's words, then runs once it is there.
#[test]
fn k3s_writes_its_conflist_before_the_kubelet_starts() {
    let text = "set cni=k3s-flannel\ncluster --cluster-cidr=10.42.0.0/16\nnode add server\npod add a --node=server\nwait 20s\n";
    let sim = at(text, 20_000);
    let node: Vec<Reason> = sim
        .events()
        .iter()
        .filter(|e| e.object == "node/server")
        .map(|e| e.reason)
        .take(2)
        .collect();
    assert_eq!(node, [Reason::CNIConfigWritten, Reason::NodeRegistered]);
    assert!(logged(&sim, Reason::NetworkNotReady, "pod/a").is_empty());
    let failed = logged(&sim, Reason::FailedCreatePodSandBox, "pod/a");
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(
        failed[0].1.ends_with(
            "plugin type=\"flannel\" failed (add): failed to load flannel 'subnet.env' file: \
             open /run/flannel/subnet.env: no such file or directory. Check the flannel pod log for this node."
        ),
        "{}",
        failed[0].1
    );
    assert_eq!(
        sim.pod_status_ips("a").map(|ips| ips[0].to_string()),
        Some("10.42.0.2".into())
    );
    // A reboot: k3s writes it again before the kubelet reports the reboot.
    let text = format!("{text}node reboot server\nwait 30s\n");
    let sim = at(&text, 50_000);
    let after: Vec<Reason> = sim
        .events()
        .iter()
        .filter(|e| e.object == "node/server" && e.time_ms.0 > 20_000)
        .map(|e| e.reason)
        .filter(|r| matches!(r, Reason::CNIConfigWritten | Reason::Rebooted))
        .collect();
    assert_eq!(after, [Reason::CNIConfigWritten, Reason::Rebooted]);
}

/// kube-flannel's `net-conf.json` says `Network: 10.244.0.0/16` whatever `--pod-network-cidr` was:
/// under 10.245.0.0/16 every flanneld fails in `AcquireLease` (after annotating its Node) and restarts,
/// no subnet.env is written, and pods fail ADD for want of it. k3s writes its own Network and runs.
#[test]
fn kube_flannel_fails_under_another_pod_network_cidr_and_k3s_does_not() {
    let scenario = |cni: &str| {
        format!("set cni={cni}\ncluster --cluster-cidr=10.245.0.0/16\nnode add worker-1\nwait 1s\npod add a --node=worker-1\nwait 15s\n")
    };
    let sim = at(&scenario("flannel"), 16_000);
    let failures = logged(&sim, Reason::FlannelLeaseFailed, "node/worker-1");
    assert_eq!(failures.len(), 3, "{failures:?}");
    assert_eq!(
        failures[0].1,
        "Error registering network: failed to acquire lease: subnet \"10.244.0.0/16\" specified in the \
         flannel net config doesn't contain \"10.245.0.0/24\" PodCIDR of the \"worker-1\" node"
    );
    assert!(sim.node_subnet_env("worker-1").is_none());
    assert!(sim.pod_status_ips("a").is_none_or(|ips| ips.is_empty()));
    let failed = logged(&sim, Reason::FailedCreatePodSandBox, "pod/a");
    assert!(!failed.is_empty());
    assert!(failed
        .iter()
        .all(|(_, m)| m.contains("open /run/flannel/subnet.env: no such file or directory")));
    let k3s = at(&scenario("k3s-flannel"), 16_000);
    assert!(logged(&k3s, Reason::FlannelLeaseFailed, "node/worker-1").is_empty());
    assert!(k3s
        .node_subnet_env("worker-1")
        .is_some_and(|env| env.starts_with("FLANNEL_NETWORK=10.245.0.0/16\n")));
    assert_eq!(
        k3s.pod_status_ips("a").map(|ips| ips[0].to_string()),
        Some("10.245.0.2".into())
    );
}

/// An IPv6-only cluster under kube-flannel's IPv4 `Network`: the lease has no IPv4 and
/// `configureDeviceIPv4IPv6` fails.
#[test]
fn kube_flannel_on_an_ipv6_only_cluster_has_no_ipv4_lease() {
    let text = "set cni=flannel\ncluster --cluster-cidr=fd00:10:244::/56\nnode add n\nwait 2s\n";
    let sim = at(text, 2_000);
    let failures = logged(&sim, Reason::FlannelLeaseFailed, "node/n");
    assert_eq!(
        failures.first().map(|(_, m)| m.as_str()),
        Some("Error registering network: failed to configure interface flannel.1: IPv4 is enabled but the lease has no IPv4")
    );
    assert!(sim.node_subnet_env("n").is_none());
}

#[test]
fn a_deleted_nodes_route_goes_from_the_others() {
    let text = format!("{KIND_FLANNEL}node delete kind-worker2\nwait 1s\n");
    let scenario = Scenario::parse(&text).expect("parses");
    let mut sim = Simulation::new(scenario);
    sim.run_to_end();
    let worker = sim.node_state("kind-worker").expect("worker");
    assert!(!worker.routes.iter().any(|r| r.starts_with("10.244.2.0/24")));
    assert!(sim
        .events()
        .iter()
        .any(|e| e.reason == Reason::NodeRouteRemoved));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Whatever pods come and go, cni0's ports are exactly the host veths of the node's live
    /// sandboxes, and every flannel.1 link is a vxlan device.
    #[test]
    fn the_bridges_ports_are_the_live_pods_veths(ops in proptest::collection::vec((0u8..3, 0u8..6), 1..24)) {
        let mut text = String::from("set cni=flannel\ncluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=29\nnode add n\nwait 1s\n");
        let mut live: Vec<String> = Vec::new();
        for (n, (op, pick)) in ops.into_iter().enumerate() {
            if op < 2 || live.is_empty() {
                let name = format!("p{n}");
                text.push_str(&format!("pod add {name} --node=n\n"));
                live.push(name);
            } else {
                let name = live.remove(usize::from(pick) % live.len());
                text.push_str(&format!("pod delete {name}\n"));
            }
            text.push_str("wait 700ms\n");
        }
        text.push_str("wait 3s\n");
        let scenario = match Scenario::parse(&text) {
            Ok(scenario) => scenario,
            Err(_) => return Ok(()),
        };
        let mut sim = Simulation::new(scenario);
        while sim.step().is_some() {
            if sim.node_state("n").is_some() {
                let (ports, veths) = ports_and_veths(&sim, "n");
                prop_assert_eq!(ports, veths);
            }
        }
        let netns = sim.node_netns("n").expect("n");
        if let Some(vxlan) = netns.link_by_name("flannel.1") {
            let is_vxlan = matches!(vxlan.kind, LinkKind::Vxlan { vni: 1 });
            prop_assert!(is_vxlan);
        }
    }
}

#[test]
fn a_flannel_nodes_reboot_says_what_its_namespace_held() {
    let text = format!("{KIND_FLANNEL}node reboot kind-worker\nwait 1s\n");
    let sim = at(&text, 20_000);
    let reboot = sim
        .events()
        .iter()
        .find(|e| e.reason == Reason::NodeReboot)
        .map(|e| e.message.to_string())
        .expect("the reboot");
    assert!(reboot.contains("the cni0 bridge, flannel.1"), "{reboot}");
    assert!(!reboot.contains("/32"), "{reboot}");
}

/// Dual-stack is flanneld's net-conf.json's: kube-flannel's manifest enables IPv4 alone, so on a
/// dual-stack cluster its pods get an IPv4 address only; k3s enables IPv6 too.
#[test]
fn a_dual_stack_cluster_gets_ipv6_pods_on_k3s_not_on_kube_flannel() {
    let scenario = |cni: &str| {
        format!("set cni={cni}\ncluster --cluster-cidr=10.244.0.0/16,fd00:10:244::/56\nnode add n\nwait 1s\npod add a --node=n\nwait 1s\n")
    };
    let kube_flannel = at(&scenario("flannel"), 2_000);
    let env = kube_flannel.node_subnet_env("n").expect("subnet.env");
    assert!(!env.contains("IPV6"), "{env}");
    assert_eq!(
        kube_flannel.pod_status_ips("a").map(|ips| ips.len()),
        Some(1)
    );
    let k3s = at(&scenario("k3s-flannel"), 2_000);
    let env = k3s.node_subnet_env("n").expect("subnet.env");
    assert!(
        env.contains("FLANNEL_IPV6_NETWORK=fd00:10:244::/56"),
        "{env}"
    );
    assert_eq!(k3s.pod_status_ips("a").map(|ips| ips.len()), Some(2));
}

/// bridge.go's `cmdAdd`: `setupBridge` makes cni0 with no address, then `setupVeth`, IPAM, the pod's
/// interface, and only then `ensureAddr` puts the gateway on cni0, bringing the connected route. A
/// later ADD finds the gateway there and logs no such step.
#[test]
fn the_gateway_goes_on_cni0_last_in_the_first_add() {
    let sim = at(KIND_FLANNEL, 3_000);
    let bridge_steps = |pod: &str| -> Vec<(Reason, &str)> {
        sim.events()
            .iter()
            .filter(|e| e.object == pod)
            .filter(|e| {
                matches!(
                    e.reason,
                    Reason::BridgeCreated
                        | Reason::VethCreated
                        | Reason::IPAMReserve
                        | Reason::BridgeGatewayAdded
                )
            })
            .map(|e| (e.reason, e.upstream.function))
            .collect()
    };
    assert_eq!(
        bridge_steps("pod/a"),
        [
            (Reason::BridgeCreated, "setupBridge"),
            (Reason::VethCreated, "setupVeth"),
            (Reason::IPAMReserve, "Get"),
            (Reason::BridgeGatewayAdded, "ensureAddr"),
        ]
    );
    assert_eq!(
        bridge_steps("pod/b"),
        [
            (Reason::VethCreated, "setupVeth"),
            (Reason::IPAMReserve, "Get")
        ]
    );
    let message = |reason| {
        sim.events()
            .iter()
            .find(|e| e.reason == reason)
            .map(|e| e.message.to_string())
            .expect("logged")
    };
    let created = message(Reason::BridgeCreated);
    assert!(!created.contains("10.244.1.1"), "{created}");
    assert_eq!(
        message(Reason::BridgeGatewayAdded),
        "the bridge plugin put the gateway 10.244.1.1/24 on cni0 (isGateway): \
         10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1"
    );
}

/// The kubeadm-flannel tour's steps show cni0 as the log has it: up with no address at `a-bridge`
/// and `a-reserved`, its gateway and connected route from `a-gateway` on.
#[test]
fn the_tour_shows_cni0_without_its_gateway_until_ensure_addr() {
    let id = podip::tours::TourId::KubeadmFlannel;
    let tour = id.tour();
    let mut player = Player::load(tour.scenario().to_string(), Some(id)).expect("loads");
    player.finish();
    let mut cursor = player.into_cursor();
    let mut bridge_at = |id: &str| {
        cursor.go_to_step(tour.step_index(id).expect("a kubeadm-flannel step"));
        cursor.finish();
        let stage = cursor.stage(None, None);
        let chain = stage.chains.iter().find(|c| c.node == "worker-1")?;
        let bridge = chain.bridge.as_ref()?;
        Some((bridge.gateways.clone(), bridge.connected_route.clone()))
    };
    assert_eq!(bridge_at("a-bridge"), Some((vec![], None)));
    assert_eq!(bridge_at("a-reserved"), Some((vec![], None)));
    assert_eq!(
        bridge_at("a-gateway"),
        Some((
            vec!["10.244.1.1/24".to_string()],
            Some("10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1".to_string())
        ))
    );
}
