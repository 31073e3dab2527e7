//! A node's neighbour table (`ip neigh`) after the built-in runs: a pod's entry is on the device the
//! node reaches it by, and on a bridge it outlives the pod (containernetworking/plugins#858).
#![cfg(not(target_arch = "wasm32"))]

use podip::sim::{builtin, Scenario, Simulation};

fn at_end(text: &str) -> Simulation {
    let mut sim = Simulation::new(Scenario::parse(text).expect("a built-in scenario"));
    sim.run_to_end();
    sim
}

fn line_for(sim: &Simulation, node: &str, ip: &str) -> Option<String> {
    sim.node_neighbours(node)
        .iter()
        .find(|n| n.ip.to_string() == ip)
        .map(|n| n.line())
}

#[test]
fn on_a_bridge_the_entry_for_a_deleted_pod_stays_stale_on_cni0() {
    let sim = at_end(builtin::KUBEADM_FLANNEL);
    // b's .3 was deleted and its veth went at CNI DEL; a, c and d still run.
    let b = line_for(&sim, "worker-1", "10.244.1.3").expect("b's entry outlives its veth");
    assert!(b.starts_with("10.244.1.3 dev cni0 lladdr "), "{b}");
    assert!(b.ends_with(" STALE"), "{b}");
    for ip in ["10.244.1.2", "10.244.1.4", "10.244.1.5"] {
        let line = line_for(&sim, "worker-1", ip).expect("a running pod's entry");
        assert!(line.contains(" dev cni0 "), "{line}");
    }
}

#[test]
fn on_ptp_the_entry_goes_with_the_host_veth() {
    let sim = at_end(builtin::KIND);
    assert_eq!(line_for(&sim, "kind-worker", "10.244.1.3"), None);
    let a = line_for(&sim, "kind-worker", "10.244.1.2").expect("a's entry");
    let veth = sim
        .node_state("kind-worker")
        .and_then(|n| n.veths.into_iter().find(|v| v.pod == "a"))
        .expect("a's veth");
    assert!(a.contains(&format!(" dev {} ", veth.name)), "{a}");
}

#[test]
fn each_entry_names_its_pods_mac_address() {
    let sim = at_end(builtin::KUBEADM_FLANNEL);
    let entries = sim.node_neighbours("worker-1");
    assert!(entries.iter().all(|n| n.lladdr.0 != [0; 6]));
    let macs: std::collections::BTreeSet<_> = entries.iter().map(|n| n.lladdr.0).collect();
    assert_eq!(macs.len(), entries.len(), "one MAC per pod");
}
