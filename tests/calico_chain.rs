//! A cluster on Calico's chain (`set cni=calico`): the pool from the cluster CIDR, a block per node
//! claimed when calico-node gives `tunl0` its address, pods' addresses from their node's blocks and not
//! from its `spec.podCIDR`, a released address at the end of the unallocated list, a new block when
//! the node's are full, borrowing when the pool has none left, release by handle at CNI DEL, and
//! BIRD's routes in `ip route`.
#![cfg(not(target_arch = "wasm32"))]

use ipnet::IpNet;
use podip::sim::{Event, Reason, Scenario, Simulation, VirtualTime};
use std::net::IpAddr;

const KIND_CALICO: &str = include_str!("data/kind-calico.podip");

fn at(text: &str, ms: u64) -> Simulation {
    let scenario = Scenario::parse(text).expect("parses");
    Simulation::at(&scenario, VirtualTime(ms))
}

/// The run's entries of `reason`, in order.
fn logged(sim: &Simulation, reason: Reason) -> Vec<&Event> {
    sim.events().iter().filter(|e| e.reason == reason).collect()
}

fn ip_of(sim: &Simulation, pod: &str) -> IpAddr {
    sim.pod_status_ips(pod).expect("the pod's IPs")[0]
}

fn node_blocks(sim: &Simulation, node: &str) -> Vec<IpNet> {
    let state = sim.state();
    let node = state
        .nodes
        .iter()
        .find(|n| n.name == node)
        .expect("the node");
    node.calico_blocks
        .iter()
        .map(|b| b.parse().unwrap())
        .collect()
}

#[test]
fn a_pods_address_is_in_its_nodes_block_not_in_its_pod_cidr() {
    let sim = at(KIND_CALICO, 8_000);
    let state = sim.state();
    let worker = state
        .nodes
        .iter()
        .find(|n| n.name == "kind-worker")
        .unwrap();
    let pod_cidr: IpNet = worker.pod_cidrs[0].parse().unwrap();
    let blocks = node_blocks(&sim, "kind-worker");
    assert_eq!(blocks.len(), 1);
    for pod in ["a", "c", "d"] {
        let ip = ip_of(&sim, pod);
        assert!(blocks[0].contains(&ip), "{pod} {ip} in {}", blocks[0]);
        assert!(!pod_cidr.contains(&ip), "{pod} {ip} not in {pod_cidr}");
    }
    // The tunnel holds the block's first address; a, b, c the next ones.
    let first = |n: u32| match blocks[0].network() {
        IpAddr::V4(v4) => IpAddr::V4((u32::from(v4) + n).into()),
        IpAddr::V6(_) => unreachable!(),
    };
    assert_eq!(ip_of(&sim, "a"), first(1));
    assert_eq!(ip_of(&sim, "c"), first(3));
    // b's address went to the end of the unallocated list: d gets the next one.
    assert_eq!(ip_of(&sim, "d"), first(4));
}

#[test]
fn every_node_claims_a_block_of_the_pool_with_the_affinitys_states_in_order() {
    let sim = at(KIND_CALICO, 2_000);
    let pool: IpNet = "10.244.0.0/24".parse().unwrap();
    let mut all = Vec::new();
    for node in ["kind-control-plane", "kind-worker", "kind-worker2"] {
        let blocks = node_blocks(&sim, node);
        assert_eq!(blocks.len(), 1, "{node}");
        assert!(pool.contains(&blocks[0]) && blocks[0].prefix_len() == 26);
        all.extend(blocks);
    }
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 3, "blocks never overlap");
    let states: Vec<String> = sim
        .events()
        .iter()
        .filter(|e| e.reason == Reason::BlockAffinity && e.object == "node/kind-worker")
        .map(|e| e.message.to_string())
        .collect();
    assert_eq!(states.len(), 3);
    assert!(states[0].contains("state pending"));
    assert!(states[1].contains("state pending again"));
    assert!(states[2].contains("state confirmed"));
}

#[test]
fn a_full_node_claims_the_last_free_block_and_then_a_node_borrows() {
    let sim = at(KIND_CALICO, 14_000);
    assert_eq!(node_blocks(&sim, "kind-worker").len(), 2);
    let borrowed: Vec<_> = logged(&sim, Reason::IPBorrowed);
    assert_eq!(borrowed.len(), 1);
    assert_eq!(borrowed[0].object.to_string(), "pod/f");
    let f = ip_of(&sim, "f");
    assert!(node_blocks(&sim, "kind-control-plane")[0].contains(&f));
    let calico = sim.state().calico.expect("the datastore");
    let lent = calico
        .blocks
        .iter()
        .find(|b| !b.borrowed.is_empty())
        .expect("a block lent an address");
    assert_eq!(lent.borrowed, [(f.to_string(), "kind-worker2".to_string())]);
    // BIRD: the borrowing node routes f on its cali veth, the others through tunl0 to it.
    let routes = sim.node_ip_routes("kind-worker").unwrap();
    assert!(routes.contains(&format!("{f} via 172.18.0.4 dev tunl0 proto bird onlink")));
    let own = sim.node_ip_routes("kind-worker2").unwrap();
    assert!(own.iter().any(|r| r.starts_with(&format!("{f} dev cali"))));
    assert!(own.contains(&"blackhole 10.244.0.64/26 proto bird".to_string()));
}

#[test]
fn cni_del_releases_by_handle_after_the_same_lag() {
    let sim = at(KIND_CALICO, 8_000);
    let released: Vec<_> = logged(&sim, Reason::IPAMRelease);
    assert_eq!(released.len(), 1);
    assert_eq!(released[0].object.to_string(), "pod/b");
    assert!(released[0]
        .message
        .to_string()
        .contains("ReleaseByHandle k8s-pod-network."));
    let deleted = sim
        .events()
        .iter()
        .find(|e| e.reason == Reason::PodDeleted)
        .unwrap();
    assert!(released[0].time_ms > deleted.time_ms);
}

/// Canal: host-local on the node's podCIDR behind the calico plugin's `cali` veth, flanneld's routes.
#[test]
fn canal_gives_the_pod_an_address_of_its_pod_cidr_on_a_cali_veth_with_flannels_routes() {
    let text = KIND_CALICO.replace("set cni=calico", "set cni=canal");
    let sim = at(&text, 8_000);
    let state = sim.state();
    assert!(state.calico.is_none(), "no Calico IPAM datastore on Canal");
    let worker = state
        .nodes
        .iter()
        .find(|n| n.name == "kind-worker")
        .unwrap();
    let pod_cidr: IpNet = worker.pod_cidrs[0].parse().unwrap();
    for pod in ["a", "c", "d"] {
        assert!(pod_cidr.contains(&ip_of(&sim, pod)), "{pod} in {pod_cidr}");
    }
    let routes = sim.node_ip_routes("kind-worker").unwrap();
    let a = ip_of(&sim, "a");
    assert!(routes
        .iter()
        .any(|r| r.starts_with(&format!("{a} dev cali"))));
    assert!(
        routes.iter().any(|r| r.contains("dev flannel.1")),
        "{routes:?}"
    );
    assert_eq!(
        worker.ipam.dir.as_deref(),
        Some("/var/lib/cni/networks/k8s-pod-network")
    );
}

/// A pool smaller than a block: calico-node's `createIPPool` is refused and it exits, in its words; the
/// conflist is written (the node is Ready), but every pod's ADD fails in the calico plugin for want of
/// `/var/lib/calico/nodename`.
#[test]
fn a_pool_smaller_than_a_block_stops_calico_node_and_every_pods_add() {
    let text = "set cni=calico\n\
                cluster --cluster-cidr=10.0.0.0/27 --node-cidr-mask-size=28 --service-cluster-ip-range=10.96.0.0/16\n\
                node add kind-control-plane\n\
                wait 1s\n\
                pod add a --node=kind-control-plane\n\
                wait 5s\n";
    let sim = at(text, 6_000);
    let failed: Vec<_> = logged(&sim, Reason::CalicoNodeFailed);
    assert_eq!(failed.len(), 1);
    assert!(failed[0].message.to_string().starts_with(
        "calico-node: Failed to create default IPv4 IP pool: 10.0.0.0/27 error=error with field \
         IPPool.Spec.CIDR = '10.0.0.0/27' (IP pool size is too small for use with Calico IPAM. \
         It must be equal to or greater than the block size.)"
    ));
    assert!(!sim
        .events()
        .iter()
        .any(|e| e.reason == Reason::IPPoolCreated));
    assert!(sim.state().calico.is_none());
    assert!(sim.pod_status_ips("a").is_none_or(|ips| ips.is_empty()));
    let sandbox_failed = sim
        .events()
        .iter()
        .find(|e| e.reason == Reason::FailedCreatePodSandBox)
        .expect("the sandbox fails");
    assert!(sandbox_failed.message.to_string().contains(
        "plugin type=\"calico\" failed (add): stat /var/lib/calico/nodename: no such file or directory: \
         check that the calico/node container is running and has mounted /var/lib/calico/"
    ));
}

/// The settings card and the CLI refuse such a cluster on Calico before it runs, in calico-node's words.
#[test]
fn a_draft_with_a_pool_smaller_than_a_block_is_refused_on_calico_only() {
    use podip::sim::{ClusterSettings, KnobId};
    let base = ClusterSettings::of(&Scenario::default());
    let draft = base
        .draft()
        .with_flag(podip::ipam::kcm::KcmFlag::ClusterCidr, "10.0.0.0/27".into())
        .with_flag(podip::ipam::kcm::KcmFlag::NodeCidrMaskSize, "28".into());
    assert!(draft.validate(&base).is_ok(), "kindnet takes it");
    let err = draft
        .with_knob(KnobId::Cni, "calico".into())
        .validate(&base)
        .unwrap_err();
    assert!(err.starts_with("calico-node: Failed to create default IPv4 IP pool: 10.0.0.0/27"));
    assert!(err.ends_with("It must be equal to or greater than the block size.)"));
}

/// On an IPv6-only cluster the manifest's calico-node makes the IPv4 default pool and says so.
#[test]
fn an_ipv6_only_cluster_gets_the_ipv4_default_pool_and_is_told_why() {
    let text = "set cni=calico\n\
                cluster --cluster-cidr=fd00:10:244::/56 --node-cidr-mask-size=64 --service-cluster-ip-range=fd00:10:96::/112\n\
                node add kind-control-plane\n\
                wait 2s\n";
    let sim = at(text, 2_000);
    let created = sim
        .events()
        .iter()
        .find(|e| e.reason == Reason::IPPoolCreated)
        .expect("the pool");
    let message = created.message.to_string();
    assert!(message.contains("cidr 192.168.0.0/16"), "{message}");
    assert!(
        message.contains("pods get IPv4 addresses on this IPv6 cluster"),
        "{message}"
    );
}

#[test]
fn each_bird_route_event_names_the_line_its_node_shows_after_it() {
    let sim = at(KIND_CALICO, 14_000);
    let scenario = Scenario::parse(KIND_CALICO).expect("parses");
    let bird: Vec<_> = sim
        .events()
        .iter()
        .filter(|e| matches!(e.reason, Reason::NodeRouteAdded | Reason::NodeRouteRemoved))
        .collect();
    assert!(bird.len() >= 6, "routes for the blocks, on every node");
    for event in bird {
        let touched = event.touched();
        let (node, route) = (
            touched.node.expect("its node"),
            touched.route.expect("its route"),
        );
        assert!(event.message.to_string().contains(&route), "{route}");
        let after = Simulation::at(&scenario, VirtualTime(event.time_ms.0));
        let shown = after.node_ip_routes(&node).expect("the node");
        assert_eq!(
            shown.contains(&route),
            event.reason == Reason::NodeRouteAdded,
            "{node} at {} ms: {route} in {shown:?}",
            event.time_ms.0
        );
    }
}

#[test]
fn a_calico_nodes_card_shows_its_blocks_and_no_host_local_directory() {
    let player = podip::playback::Player::load(KIND_CALICO.to_string(), None).expect("loads");
    let mut cursor = player.into_cursor();
    cursor.seek(VirtualTime(14_000));
    cursor.finish();
    let card = cursor.node_card("kind-worker").expect("the card");
    assert_eq!(
        card.ls_command, None,
        "calico-ipam keeps no files on the node"
    );
    let sim = at(KIND_CALICO, 14_000);
    let blocks = node_blocks(&sim, "kind-worker");
    let routes = sim.node_ip_routes("kind-worker").expect("the node");
    assert_eq!(blocks.len(), 2);
    assert_eq!(
        card.calico_blocks,
        Some(blocks.iter().map(IpNet::to_string).collect())
    );
    for block in &blocks {
        assert!(routes.contains(&format!("blackhole {block} proto bird")));
    }
    // Its pods' addresses are in those blocks, not in its podCIDR.
    let pod_cidr: IpNet = card.pod_cidrs[0].parse().expect("a CIDR");
    assert!(!card.pods.is_empty());
    for pod in &card.pods {
        let ip: IpAddr = pod.ips.parse().expect("one address");
        assert!(
            blocks.iter().any(|b| b.contains(&ip)) && !pod_cidr.contains(&ip),
            "{ip}"
        );
    }
}

/// A node that finds no free block gives tunl0 an address borrowed from another node's block, and the
/// transcript says so (the calico-blocks tour: two /26 blocks, three nodes); the nodes that claimed a
/// block take its first address.
#[test]
fn a_node_without_a_block_borrows_its_tunnel_address_and_is_told_so() {
    let sim = at(podip::sim::builtin::CALICO_BLOCKS, 2_000);
    let told: Vec<(String, String)> = logged(&sim, Reason::TunnelAddressAssigned)
        .iter()
        .map(|e| (e.object.to_string(), e.message.to_string()))
        .collect();
    let says = |node: &str, address: &str, source: &str| {
        (
            format!("node/{node}"),
            format!("calico-node gave tunl0 the address {address} (handle ipip-tunnel-addr-{node}): {source}"),
        )
    };
    let first = "the first address of the node's first block";
    assert_eq!(
        told,
        [
            says("kind-control-plane", "10.244.0.0", first),
            says("kind-worker", "10.244.0.64", first),
            says(
                "kind-worker2",
                "10.244.0.1",
                "borrowed from block 10.244.0.0/26, affine to node kind-control-plane: no block of the pool was free to claim (strictAffinity false)"
            ),
        ]
    );
}
