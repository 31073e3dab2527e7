//! Importing `kubectl get nodes -o json`: real-shaped lists (managed fields, conditions, dual-stack, a
//! node without podCIDR), kube-controller-manager's own texts for podCIDRs it would refuse at start,
//! bad input refused with a message, and the import as a scenario the simulation runs.
#![cfg(not(target_arch = "wasm32"))]

use assert_cmd::Command;
use podip::ipam::kcm::KcmFlags;
use podip::sim::import::{
    parse_nodes, ClusterSource, Import, ImportError, ImportReport, MAX_IMPORT_BYTES,
};
use podip::sim::ClusterSettings;
use podip::sim::{Scenario, Simulation};

const KIND_DUAL: &str = include_str!("data/nodes-kubectl.json");

fn kind_settings() -> ClusterSettings {
    ClusterSettings::of(&Scenario::default())
}

fn settings(cluster_cidr: &str) -> ClusterSettings {
    let base = kind_settings();
    let mut draft = base.draft();
    draft.flags = KcmFlags {
        cluster_cidr: cluster_cidr.into(),
        ..KcmFlags::default()
    };
    draft.validate(&base).expect("valid flags")
}

#[test]
fn a_kubectl_list_is_read_in_name_order_with_its_pod_cidrs() {
    let nodes = parse_nodes(KIND_DUAL).expect("kubectl's List of Nodes");
    let read: Vec<(&str, Vec<&str>)> = nodes
        .iter()
        .map(|n| {
            (
                n.name.as_str(),
                n.pod_cidrs.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (
                "kind-control-plane",
                vec!["10.244.0.0/24", "fd00:10:244::/64"]
            ),
            ("kind-worker2", vec!["10.244.2.0/24", "fd00:10:244:2::/64"]),
            ("kind-worker3", vec![]),
        ]
    );
}

#[test]
fn the_report_shows_used_free_next_and_what_fits() {
    let nodes = parse_nodes(KIND_DUAL).expect("nodes");
    let import = Import::new(nodes, None, &kind_settings()).expect("suggested cluster");
    assert_eq!(
        import.settings.flags.cluster_cidr,
        "10.244.0.0/16,fd00:10:244::/56"
    );
    assert_eq!(import.source, ClusterSource::Suggested);
    let report = &import.report;
    // kind-worker3 has no podCIDR: at start the controller gives it the lowest free subnet, index 1.
    let worker3 = &report.nodes[2];
    assert_eq!(
        worker3
            .gets
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["10.244.1.0/24", "fd00:10:244:1::/64"]
    );
    // The next node: index 3 (0, 1 and 2 held), in both families.
    assert_eq!(
        report
            .next_node
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["10.244.3.0/24", "fd00:10:244:3::/64"]
    );
    for family in &report.families {
        assert_eq!(
            (family.node_subnets, family.used_by_nodes, family.free),
            (256, 2, 253)
        );
        // Invariant: every subnet is used, held by the Service range, given at start, or free.
        let given = report.nodes.iter().filter(|n| !n.gets.is_empty()).count() as u64;
        assert_eq!(
            family.used_by_nodes + family.held_by_service_range + given + family.free,
            family.node_subnets
        );
    }
    assert_eq!(report.more_nodes_fit, 253);
    assert_eq!(report.capacity.max_pods, 110);
}

#[test]
fn the_service_range_inside_the_cluster_cidr_is_held_and_skipped() {
    // kube-controller-manager's filterOutServiceRange occupies 10.244.0.0/22 (4 /24s) before the nodes.
    let nodes = parse_nodes(
        r#"{"kind":"NodeList","items":[{"metadata":{"name":"a"},"spec":{"podCIDRs":["10.244.8.0/24"]}}]}"#,
    )
    .expect("nodes");
    let mut draft = kind_settings().draft();
    draft.flags.service_cluster_ip_range = "10.244.0.0/22".into();
    let given = draft.validate(&kind_settings()).expect("valid");
    let report = ImportReport::new(&nodes, &given.config, 110).expect("starts");
    assert_eq!(
        (
            report.families[0].held_by_service_range,
            report.families[0].used_by_nodes
        ),
        (4, 1)
    );
    assert_eq!(report.next_node[0], "10.244.4.0/24");
}

#[test]
fn pod_cidrs_kcm_would_refuse_at_start_give_its_own_text() {
    // A podCIDR outside the cluster CIDR: cidr_set.go Occupy → getBeginningAndEndIndices.
    let outside = parse_nodes(
        r#"{"kind":"List","items":[{"kind":"Node","metadata":{"name":"old"},"spec":{"podCIDR":"10.99.0.0/24","podCIDRs":["10.99.0.0/24"]}}]}"#,
    )
    .expect("nodes");
    let config = settings("10.244.0.0/16").config;
    assert_eq!(
        ImportReport::new(&outside, &config, 110).unwrap_err(),
        "failed to mark cidr[10.99.0.0/24] at idx [0] as occupied for node: old: cidr 10.99.0.0/24 is out the range of cluster cidr 10.244.0.0/16"
    );
    // The wrong family at index 0.
    let v6 = parse_nodes(
        r#"{"kind":"Node","metadata":{"name":"six"},"spec":{"podCIDRs":["fd00:10:244::/64"]}}"#,
    )
    .expect("node");
    assert!(ImportReport::new(&v6, &config, 110)
        .unwrap_err()
        .ends_with("cidr fd00:10:244::/64 is out the range of cluster cidr 10.244.0.0/16"));
    // Dual-stack podCIDRs on a single-stack cluster: occupyCIDRs' index check.
    let dual = parse_nodes(KIND_DUAL).expect("nodes");
    assert_eq!(
        ImportReport::new(&dual, &config, 110).unwrap_err(),
        "node:kind-control-plane has an allocated cidr: fd00:10:244::/64 at index:1 that does not exist in cluster cidrs configuration"
    );
    // Given settings that do not hold the nodes: refused with kcm's text, and the suggestion offered.
    let refused =
        Import::new(dual, Some(&settings("10.244.0.0/16")), &kind_settings()).unwrap_err();
    assert!(refused.kcm.contains("at index:1"), "{refused}");
    let suggested = refused.suggested.expect("a suggestion");
    assert_eq!(suggested.cluster_cidr, "10.244.0.0/16,fd00:10:244::/56");
    // Nothing to suggest from: no node has a podCIDR.
    let bare = parse_nodes(r#"{"kind":"Node","metadata":{"name":"a"}}"#).expect("node");
    assert!(Import::new(bare, None, &kind_settings())
        .unwrap_err()
        .kcm
        .contains("no node has a podCIDR"));
}

#[test]
fn bad_input_is_refused_with_a_message() {
    /// (input, what the refusal must be)
    type Case<'a> = (&'a str, fn(&ImportError) -> bool);
    let cases: [Case; 7] = [
        ("not json", |e| matches!(e, ImportError::NotJson(_))),
        (
            r#"{"kind":"PodList","items":[]}"#,
            |e| matches!(e, ImportError::NotNodes { kind } if kind == "PodList"),
        ),
        (r#"[1,2]"#, |e| matches!(e, ImportError::NotJson(_))),
        (
            r#"{"kind":"List","items":[{"kind":"Node","metadata":{"name":"a"}},{"kind":"Service","metadata":{"name":"b"}}]}"#,
            |e| matches!(e, ImportError::OtherKind { index: 1, kind } if kind == "Service"),
        ),
        (r#"{"kind":"NodeList","items":[{"spec":{}}]}"#, |e| {
            matches!(e, ImportError::NoName { index: 0 })
        }),
        (
            r#"{"kind":"NodeList","items":[{"metadata":{"name":"a"}},{"metadata":{"name":"a"}}]}"#,
            |e| matches!(e, ImportError::Duplicate(name) if name == "a"),
        ),
        (r#"{"kind":"List","items":[]}"#, |e| {
            matches!(e, ImportError::NoNodes)
        }),
    ];
    for (text, expected) in cases {
        let err = parse_nodes(text).expect_err(text);
        assert!(expected(&err), "{text}: {err:?}");
        assert!(!err.to_string().is_empty());
    }
    let huge = " ".repeat(MAX_IMPORT_BYTES + 1);
    assert_eq!(
        parse_nodes(&huge),
        Err(ImportError::TooLarge {
            bytes: MAX_IMPORT_BYTES + 1
        })
    );
}

#[test]
fn the_import_as_a_scenario_builds_the_same_cluster_in_the_simulation() {
    let nodes = parse_nodes(KIND_DUAL).expect("nodes");
    let import = Import::new(nodes, None, &kind_settings()).expect("import");
    let text = import.scenario_text();
    assert!(
        text.contains("node add kind-control-plane --pod-cidr=10.244.0.0/24,fd00:10:244::/64\n"),
        "{text}"
    );
    assert!(text.contains("node add kind-worker3\n"), "{text}");
    let scenario = Scenario::parse(&text).expect("the scenario parses");
    let mut sim = Simulation::new(scenario);
    sim.run_to_end();
    let state = sim.state();
    let cidrs = |name: &str| {
        state
            .nodes
            .iter()
            .find(|n| n.name == name)
            .map(|n| n.pod_cidrs.clone())
            .unwrap_or_default()
    };
    assert_eq!(
        cidrs("kind-worker2"),
        ["10.244.2.0/24", "fd00:10:244:2::/64"]
    );
    // What the report said kind-worker3 would get is what the simulated controller gives it.
    let said: Vec<String> = import.report.nodes[2]
        .gets
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(cidrs("kind-worker3"), said);
}

fn podip() -> Command {
    Command::cargo_bin("podip").expect("the podip binary")
}

#[test]
fn cli_import_prints_the_report_as_text_and_json() {
    let out = podip()
        .args(["import", "tests/data/nodes-kubectl.json"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.contains("kind-worker3        no podCIDR: gets 10.244.1.0/24,fd00:10:244:1::/64"),
        "{text}"
    );
    assert!(
        text.contains("next node gets: 10.244.3.0/24,fd00:10:244:3::/64"),
        "{text}"
    );
    assert!(text.contains("more nodes fit: 253"), "{text}");

    let out = podip()
        .args(["import", "--json", "tests/data/nodes-kubectl.json"])
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    assert_eq!(json["report"]["more_nodes_fit"], 253);
    assert_eq!(json["report"]["next_node"][0], "10.244.3.0/24");
    assert_eq!(json["cluster_cidr"], "10.244.0.0/16,fd00:10:244::/56");

    // Settings kcm would not start with: its text, and what the podCIDRs suggest.
    let out = podip()
        .args(["import", "tests/data/nodes-kubectl.json", "--preset=kind"])
        .assert()
        .failure();
    assert_eq!(
        String::from_utf8_lossy(&out.get_output().stderr),
        "podip: node:kind-control-plane has an allocated cidr: fd00:10:244::/64 at index:1 that does not exist \
         in cluster cidrs configuration (the podCIDRs suggest --cluster-cidr=10.244.0.0/16,fd00:10:244::/56)\n"
    );
    let out = podip()
        .args(["import", "-"])
        .write_stdin("{\"kind\":\"List\",\"items\":[{\"kind\":\"Pod\"}]}")
        .assert()
        .failure();
    assert_eq!(
        String::from_utf8_lossy(&out.get_output().stderr),
        "podip: -: items[0] is a Pod, not a Node\n"
    );
}

#[test]
fn cli_presets_fill_capacity_and_platforms_without_node_subnets_say_so() {
    let out = podip()
        .args(["capacity", "--preset=openshift"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.starts_with("10.128.0.0/14 split into /23 node subnets"),
        "{text}"
    );
    assert!(
        text.contains("kubelet --max-pods       250 (fits)"),
        "{text}"
    );
    // An explicit flag goes over the preset's.
    let out = podip()
        .args(["capacity", "--preset=k3s", "--node-cidr-mask-size=26"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.starts_with("10.42.0.0/16 split into /26 node subnets"),
        "{text}"
    );
    assert!(
        text.contains("kubelet --max-pods       110 (more than the usable addresses"),
        "{text}"
    );
    // GKE: the node mask follows the maximum Pods per node.
    let out = podip()
        .args(["capacity", "--preset=gke", "--max-pods=32"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.starts_with("10.4.0.0/14 split into /26 node subnets"),
        "{text}"
    );
    assert!(
        text.contains("kubelet --max-pods       32 (fits)"),
        "{text}"
    );
    let out = podip()
        .args(["capacity", "--preset=calico-ipam"])
        .assert()
        .failure();
    assert!(String::from_utf8_lossy(&out.get_output().stderr)
        .contains("calicoctl ipam show --show-blocks"));
    let out = podip()
        .args(["capacity", "--preset=nomad"])
        .assert()
        .failure();
    assert!(String::from_utf8_lossy(&out.get_output().stderr).contains("unknown preset"));
    let out = podip().args(["presets"]).assert().success();
    assert!(String::from_utf8_lossy(&out.get_output().stdout)
        .contains("source: https://docs.k3s.io/cli/server"));
}

#[test]
fn a_cluster_over_podips_node_limit_is_reported_but_not_simulated() {
    use podip::sim::limits::MAX_NODES;
    let items: Vec<String> = (0..=MAX_NODES)
        .map(|i| {
            format!(
                r#"{{"metadata":{{"name":"n{i:03}"}},"spec":{{"podCIDRs":["10.{}.{}.0/24"]}}}}"#,
                i / 256,
                i % 256
            )
        })
        .collect();
    let text = format!(r#"{{"kind":"NodeList","items":[{}]}}"#, items.join(","));
    let nodes = parse_nodes(&text).expect("nodes");
    let import =
        Import::new(nodes, Some(&settings("10.0.0.0/8")), &kind_settings()).expect("kcm starts");
    // The report is the core's, whatever the size ...
    assert_eq!(import.report.families[0].used_by_nodes, MAX_NODES + 1);
    assert_eq!(
        import.report.next_node,
        [format!(
            "10.{}.{}.0/24",
            (MAX_NODES + 1) / 256,
            (MAX_NODES + 1) % 256
        )]
    );
    // ... but the simulation refuses what is over its limits, in words.
    let err = import.scenario().unwrap_err();
    assert!(err.contains("nodes"), "{err}");
}
