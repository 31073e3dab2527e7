//! What a CKA cohort meets on a kubeadm cluster (docs/upstream-notes.md §27): a pod that tolerates the
//! not-ready taint is scheduled onto a NotReady node, `kubeadm init` without `--pod-network-cidr`
//! leaves flanneld crash-looping on `pod cidr not assigned`, a worker reset and joined again finds its
//! stale `cni0` until `ip link delete cni0`, and a kubeadm lab's nodes sit on 192.168.56.0/24.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::sim::command::Command;
use podip::sim::node_reset::MANUAL_CLEANUP_INSTRUCTIONS;
use podip::sim::{builtin, preset, EventKind, Reason, Scenario, Simulation, State, VirtualTime};

fn run(text: &str) -> Simulation {
    let mut sim = Simulation::new(Scenario::parse(text).expect("scenario parses"));
    sim.run_to_end();
    sim
}

fn at(text: &str, ms: u64) -> State {
    Simulation::at(&Scenario::parse(text).expect("parses"), VirtualTime(ms)).state()
}

/// Each event of `reason`: its time, object and message.
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

/// Each pod: its node and what `kubectl get pods` says.
fn pods(state: &State) -> Vec<(String, String, &'static str)> {
    state
        .pods
        .iter()
        .map(|p| (p.name.clone(), p.node.clone(), p.status))
        .collect()
}

/// A NotReady node (its CNI pod starts 20 s late), a pod that tolerates the not-ready taint as
/// kube-flannel's manifest does (every key, `NoSchedule`), one that names it, and coredns, which
/// tolerates neither.
const NOT_READY: &str = "set cni=flannel
set kindnet-start-delay=20s
cluster --cluster-cidr=10.244.0.0/16
node add control-plane
wait 1s
pod add coredns-1
pod add web --toleration=node.kubernetes.io/not-ready:NoSchedule
pod add agent --toleration=:NoSchedule
pod add daemon-default --toleration=node.kubernetes.io/not-ready:NoExecute
wait 25s
";

#[test]
fn a_pod_tolerating_the_not_ready_taint_is_bound_and_waits_in_container_creating() {
    let early = at(NOT_READY, 10_000);
    assert_eq!(
        pods(&early),
        [
            ("agent".into(), "control-plane".into(), "ContainerCreating"),
            ("coredns-1".into(), String::new(), "Pending"),
            ("daemon-default".into(), String::new(), "Pending"),
            ("web".into(), "control-plane".into(), "ContainerCreating"),
        ]
    );
    let sim = run(NOT_READY);
    let scheduled = events(&sim, Reason::Scheduled);
    let written = events(&sim, Reason::CNIConfigWritten)[0].0;
    // The tolerating pods are bound at once, before the node is Ready; the others only after.
    for (pod, before) in [
        ("web", true),
        ("agent", true),
        ("coredns-1", false),
        ("daemon-default", false),
    ] {
        let (t, _, message) = scheduled
            .iter()
            .find(|(_, object, _)| *object == format!("pod/{pod}"))
            .unwrap_or_else(|| panic!("{pod} scheduled"));
        assert_eq!(*t < written, before, "{pod}");
        assert_eq!(
            *message,
            format!("Successfully assigned default/{pod} to control-plane")
        );
    }
    // Bound to a node without a CNI config, the kubelet waits on the runtime's network.
    let not_ready = events(&sim, Reason::NetworkNotReady);
    assert!(not_ready.iter().any(|(_, object, _)| object == "pod/web"));
    assert!(!not_ready
        .iter()
        .any(|(_, object, _)| object == "pod/coredns-1"));
    let failed: Vec<String> = events(&sim, Reason::FailedScheduling)
        .into_iter()
        .map(|(_, object, _)| object)
        .collect();
    assert_eq!(failed, ["pod/coredns-1", "pod/daemon-default"]);
    assert!(pods(&sim.state())
        .iter()
        .all(|(_, _, status)| *status == "Running"));
}

#[test]
fn tolerations_are_read_as_kubectl_describe_lists_them_and_refused_in_the_api_servers_words() {
    let line = "pod add web --toleration=node.kubernetes.io/not-ready:NoSchedule,:NoExecute";
    let command = Command::parse(line).unwrap().unwrap();
    assert!(
        matches!(&command, Command::PodAddUnbound { tolerations, .. } if tolerations.len() == 2)
    );
    assert_eq!(command.to_string(), line);
    let refused = |line: &str| {
        Scenario::parse(&format!("cluster --cluster-cidr=10.244.0.0/16\n{line}"))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused("pod add web --toleration=node.kubernetes.io/not-ready:NoSchedul"),
        "line 2: invalid --toleration \"node.kubernetes.io/not-ready:NoSchedul\": spec.tolerations[0].effect: \
         Unsupported value: \"NoSchedul\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\""
    );
    // A pod with spec.nodeName set never meets the scheduler, so it has no use for one.
    assert!(refused("pod add web --node=n --toleration=:NoSchedule").contains("pod add NAME"));
    assert!(Command::parse("pod add web --toleration=-bad").is_err());
}

#[test]
fn kubeadm_without_a_pod_network_cidr_leaves_flanneld_crash_looping_on_pod_cidr_not_assigned() {
    let sim = run(builtin::KUBEADM_NO_POD_CIDR);
    let skipped = events(&sim, Reason::NodeIpamStarted);
    assert_eq!(skipped.len(), 1);
    assert!(skipped[0]
        .2
        .starts_with("\"Warning: skipping controller\" controller=\"node-ipam-controller\""));
    assert!(events(&sim, Reason::CIDRAllocated).is_empty());
    assert!(events(&sim, Reason::SubnetEnvWritten).is_empty());
    for node in ["control-plane", "worker-1"] {
        assert_eq!(sim.node_pod_cidrs(node), Some(&[][..]));
        let exits: Vec<u64> = events(&sim, Reason::FlannelLeaseFailed)
            .into_iter()
            .filter(|(_, object, _)| *object == format!("node/{node}"))
            .map(|(t, _, message)| {
                assert_eq!(
                    message,
                    format!(
                        "Error registering network: failed to acquire lease: node \"{node}\" pod cidr not assigned"
                    )
                );
                t
            })
            .collect();
        // The kubelet restarts the container at its next relist, then after 10 s, 20 s, … (CrashLoopBackOff).
        let gaps: Vec<u64> = exits.windows(2).map(|w| w[1] - w[0]).collect();
        assert_eq!(gaps, [1_000, 10_000, 20_000], "{node}");
    }
    let failures = events(&sim, Reason::FailedCreatePodSandBox);
    assert!(failures.len() >= 4);
    for (_, _, message) in &failures {
        assert!(
            message.ends_with(
                "plugin type=\"flannel\" failed (add): failed to load flannel 'subnet.env' file: open \
                 /run/flannel/subnet.env: no such file or directory. Check the flannel pod log for this node."
            ),
            "{message}"
        );
    }
    // The nodes are Ready (the conflist is there) and coredns is bound, but never gets an address.
    let state = sim.state();
    assert_eq!(
        pods(&state),
        [
            (
                "coredns-1".into(),
                "control-plane".into(),
                "ContainerCreating"
            ),
            ("coredns-2".into(), "worker-1".into(), "ContainerCreating"),
        ]
    );
}

#[test]
fn the_allocate_node_cidrs_switch_is_read_as_pflag_reads_a_bool() {
    for (line, written) in [
        (
            "cluster --allocate-node-cidrs=false",
            "cluster --allocate-node-cidrs=false",
        ),
        (
            "cluster --allocate-node-cidrs --cluster-cidr=10.244.0.0/16",
            "cluster --allocate-node-cidrs=true --cluster-cidr=10.244.0.0/16",
        ),
    ] {
        assert_eq!(Command::parse(line).unwrap().unwrap().to_string(), written);
    }
    assert_eq!(
        Scenario::parse("cluster --allocate-node-cidrs=maybe")
            .unwrap_err()
            .to_string(),
        "line 1: invalid argument \"maybe\" for \"--allocate-node-cidrs\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax"
    );
    // On, the cluster CIDR is required as before.
    assert!(Command::parse("cluster --allocate-node-cidrs=true").is_err());
}

const STALE_CNI0: &str = "\"cni0\" already has an IP address different from 10.244.3.1/24";

#[test]
fn after_kubeadm_reset_and_join_the_stale_cni0_fails_every_add_until_it_is_deleted() {
    let sim = run(builtin::KUBEADM_RESET_CNI0);
    let reset = events(&sim, Reason::NodeReset);
    assert_eq!(reset.len(), 1);
    assert!(
        reset[0].2.contains("cni0 with 10.244.1.1/24"),
        "{}",
        reset[0].2
    );
    assert!(reset[0].2.ends_with(MANUAL_CLEANUP_INSTRUCTIONS));
    // The rejoined node gets the cidrset's next subnet, not the one it released.
    let patched: Vec<String> = events(&sim, Reason::PodCIDRPatched)
        .into_iter()
        .filter(|(_, object, _)| object == "node/worker-1")
        .map(|(_, _, message)| message)
        .collect();
    assert_eq!(
        patched,
        [
            "PATCH node worker-1: spec.podCIDR=10.244.1.0/24 spec.podCIDRs=[10.244.1.0/24]",
            "PATCH node worker-1: spec.podCIDR=10.244.3.0/24 spec.podCIDRs=[10.244.3.0/24]",
        ]
    );
    // The failure is b's, at each of its CNI ADDs before the cure, in containerd's and the plugins' words.
    let cured = events(&sim, Reason::LinkDeleted)[0].0;
    let failures = events(&sim, Reason::FailedCreatePodSandBox);
    let adds: Vec<u64> = events(&sim, Reason::CNIAdd)
        .into_iter()
        .filter(|(t, object, _)| object == "pod/b" && *t < cured)
        .map(|(t, _, _)| t)
        .collect();
    assert_eq!(
        failures.iter().map(|(t, _, _)| *t).collect::<Vec<_>>(),
        adds
    );
    assert!(adds.len() >= 2);
    for (_, object, message) in &failures {
        assert_eq!(object, "pod/b");
        assert!(
            message.ends_with(&format!(
                "plugin type=\"flannel\" failed (add): failed to delegate add: failed to set bridge addr: {STALE_CNI0}"
            )),
            "{message}"
        );
    }
    // Deleted, cni0 is made anew with the new gateway at the next retry; b's address follows the ones
    // its failed ADDs had host-local reserve and give back.
    let created: Vec<u64> = events(&sim, Reason::BridgeCreated)
        .into_iter()
        .filter(|(_, _, message)| message.starts_with("bridge cni0"))
        .map(|(t, _, _)| t)
        .collect();
    assert!(created.iter().any(|t| *t > cured));
    assert_eq!(
        sim.pod_status_ips("b").map(|ips| ips[0].to_string()),
        Some("10.244.3.4".into())
    );
    // flanneld's device took the new lease's address alone (EnsureV4AddressOnLink).
    let flannel_1 = sim
        .node_netns("worker-1")
        .and_then(|ns| ns.link_by_name("flannel.1"))
        .expect("flannel.1 kept");
    let v4: Vec<String> = flannel_1
        .addrs
        .iter()
        .filter(|a| a.local.addr().is_ipv4())
        .map(|a| a.local.to_string())
        .collect();
    assert_eq!(v4, ["10.244.3.0/32"]);
}

#[test]
fn reset_and_link_delete_are_refused_for_a_machine_the_scenario_does_not_have() {
    let base = "cluster --cluster-cidr=10.244.0.0/16\nnode add n\n";
    assert!(Scenario::parse(&format!("{base}node reset m\n")).is_err());
    assert!(Scenario::parse(&format!("{base}node exec m ip link delete cni0\n")).is_err());
    // A reset machine is still there to run ip on, and joins again by its name.
    assert!(Scenario::parse(&format!(
        "{base}node reset n\nnode exec n ip link delete cni0\nnode add n\n"
    ))
    .is_ok());
    assert!(Command::parse("node exec n ip link delete a-name-of-16-byt").is_err());
    assert!(Command::parse("node exec n rm -rf /etc/cni/net.d").is_err());
    assert_eq!(
        Command::parse("node exec n ip link del cni0")
            .unwrap()
            .unwrap()
            .to_string(),
        "node exec n ip link delete cni0"
    );
}

/// kubeadm's nodes sit on a lab's host-only network, kind's on Docker's; the preset says which.
#[test]
fn a_kubeadm_labs_nodes_are_on_192_168_56_and_kinds_on_172_18() {
    let internal_ip = |sim: &Simulation, node: &str| {
        events(sim, Reason::NodeRegistered)
            .into_iter()
            .find(|(_, object, _)| *object == format!("node/{node}"))
            .map(|(_, _, message)| message)
            .unwrap_or_default()
    };
    let kubeadm = run(builtin::KUBEADM_FLANNEL);
    for (node, ip) in [
        ("control-plane", "192.168.56.11"),
        ("worker-1", "192.168.56.21"),
        ("worker-2", "192.168.56.22"),
    ] {
        assert_eq!(
            internal_ip(&kubeadm, node),
            format!("Node {node} registered (InternalIP {ip})")
        );
    }
    let kind = run(builtin::KIND);
    assert_eq!(
        internal_ip(&kind, "kind-worker"),
        "Node kind-worker registered (InternalIP 172.18.0.3)"
    );
    assert_eq!(
        preset::by_name("kubeadm").map(|p| p.node_network.name()),
        Some("vagrant")
    );
    assert_eq!(
        Scenario::parse("set node-network=virtualbox")
            .unwrap_err()
            .to_string(),
        "line 1: node-network: \"virtualbox\" is not one of kind, vagrant"
    );
    // The flannel annotation's public-ip is the lab's address too.
    assert!(events(&kubeadm, Reason::VxlanDeviceCreated)
        .iter()
        .any(|(_, _, message)| message.contains("public-ip 192.168.56.21")));
    assert!(kubeadm
        .events()
        .iter()
        .all(|e| e.kind != EventKind::Warning));
}
