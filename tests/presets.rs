//! The presets as a table: each distribution's flags, Service range and kubelet `--max-pods`, with the
//! source that defines or documents them, and what kube-controller-manager makes of them.

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::i18n::ui::preset_note;
use podip::ipam::capacity::CapacityPlan;
use podip::sim::preset::{self, gke_node_mask_size, PodIps};
use podip::sim::ClusterSettings;
use podip::sim::Scenario;

#[test]
fn every_preset_sets_what_its_source_says() {
    // (name, --cluster-cidr, --node-cidr-mask-size, --service-cluster-ip-range, --max-pods,
    //  node subnets, usable pod IPs per node, a source that must be cited)
    type Row<'a> = (&'a str, &'a str, &'a str, &'a str, u32, u64, u128, &'a str);
    let rows: [Row; 8] = [
        // kind pkg/apis/config/v1alpha4/default.go: PodSubnet, ServiceSubnet.
        (
            "kind",
            "10.244.0.0/16",
            "",
            "10.96.0.0/16",
            110,
            256,
            253,
            "kind/blob/main/pkg/apis/config/v1alpha4/default.go",
        ),
        // kubeadm: --pod-network-cidr becomes --cluster-cidr; DefaultServicesSubnet 10.96.0.0/12.
        (
            "kubeadm",
            "10.244.0.0/16",
            "",
            "10.96.0.0/12",
            110,
            256,
            253,
            "cmd/kubeadm/app/apis/kubeadm/v1beta4/defaults.go",
        ),
        // minikube cni.DefaultPodCIDR, constants.DefaultServiceCIDR.
        (
            "minikube",
            "10.244.0.0/16",
            "",
            "10.96.0.0/12",
            110,
            256,
            253,
            "pkg/minikube/cni/cni.go",
        ),
        // k3s server flags: --cluster-cidr 10.42.0.0/16, --service-cidr 10.43.0.0/16.
        (
            "k3s",
            "10.42.0.0/16",
            "",
            "10.43.0.0/16",
            110,
            256,
            253,
            "docs.k3s.io/cli/server",
        ),
        (
            "rke2",
            "10.42.0.0/16",
            "",
            "10.43.0.0/16",
            110,
            256,
            253,
            "docs.rke2.io/reference/server_config",
        ),
        // GKE: a /14 Pod range, 110 pods per node → /24, Service range 34.118.224.0/20.
        (
            "gke",
            "10.4.0.0/14",
            "24",
            "34.118.224.0/20",
            110,
            1024,
            253,
            "flexible-pod-cidr",
        ),
        // AKS kubenet: --pod-cidr 10.244.0.0/16, --service-cidr 10.0.0.0/16, a /24 per node.
        (
            "aks-kubenet",
            "10.244.0.0/16",
            "",
            "10.0.0.0/16",
            110,
            256,
            253,
            "configure-kubenet",
        ),
        // OpenShift: clusterNetwork 10.128.0.0/14, hostPrefix 23, serviceNetwork 172.30.0.0/16, maxPods 250.
        (
            "openshift",
            "10.128.0.0/14",
            "23",
            "172.30.0.0/16",
            250,
            512,
            509,
            "openshift_container_platform",
        ),
    ];
    for (name, cluster, mask, service, max_pods, subnets, usable, source) in rows {
        let preset = preset::by_name(name).unwrap_or_else(|| panic!("{name}: no preset"));
        let flags = preset.flags().unwrap_or_else(|| panic!("{name}: no flags"));
        assert_eq!(
            (
                flags.cluster_cidr.as_str(),
                flags.node_cidr_mask_size.as_str(),
                flags.service_cluster_ip_range.as_str()
            ),
            (cluster, mask, service),
            "{name}"
        );
        assert_eq!(preset.max_pods(), Some(max_pods), "{name}");
        assert!(
            preset.sources.iter().any(|s| s.contains(source)),
            "{name} cites {source}"
        );
        // What kube-controller-manager (and the planner) make of them.
        let base = ClusterSettings::of(&Scenario::default());
        let settings = base
            .draft()
            .with_preset(preset)
            .validate(&base)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(settings.knobs.max_pods, max_pods, "{name}");
        let plan =
            CapacityPlan::from_config(&settings.config).with_max_pods(settings.knobs.max_pods);
        assert_eq!(
            (
                plan.families[0].node_subnets,
                plan.families[0].usable_pod_ips_per_node
            ),
            (subnets, usable),
            "{name}"
        );
        assert!(
            plan.families[0].max_pods_fit,
            "{name}: its own --max-pods fits its node subnets"
        );
    }
}

#[test]
fn platforms_without_node_subnets_say_so_and_fill_nothing() {
    for name in ["eks-vpc-cni", "calico-ipam", "cilium-cluster-pool"] {
        let preset = preset::by_name(name).unwrap_or_else(|| panic!("{name}: no preset"));
        assert_eq!(preset.pod_ips, PodIps::Elsewhere, "{name}");
        assert_eq!((preset.flags(), preset.max_pods()), (None, None), "{name}");
        let base = ClusterSettings::of(&Scenario::default());
        assert_eq!(
            base.draft().with_preset(preset),
            base.draft(),
            "{name} changes nothing"
        );
    }
}

#[test]
fn every_preset_has_a_note_and_a_source() {
    for preset in preset::ALL {
        assert!(preset_note(preset.name).is_some(), "{}", preset.name);
        assert!(!preset.sources.is_empty(), "{}", preset.name);
        assert!(
            preset.sources.iter().all(|s| s.starts_with("https://")),
            "{}",
            preset.name
        );
    }
    assert_eq!(preset_note("nomad"), None);
}

#[test]
fn gke_node_mask_follows_the_maximum_pods_per_node() {
    // GKE "Configure maximum Pods per node" (flexible-pod-cidr): max pods → the node's range.
    let rows: [(u32, Option<u8>); 12] = [
        (7, None),
        (8, Some(28)),
        (9, Some(27)),
        (16, Some(27)),
        (17, Some(26)),
        (32, Some(26)),
        (33, Some(25)),
        (64, Some(25)),
        (65, Some(24)),
        (110, Some(24)),
        (256, Some(23)),
        (257, None),
    ];
    for (max_pods, mask) in rows {
        assert_eq!(gke_node_mask_size(max_pods), mask, "{max_pods} pods");
    }
    // Invariant: the node's range holds at least twice the pods.
    for max_pods in 8..=256u32 {
        let mask = gke_node_mask_size(max_pods).unwrap_or(0);
        assert!(1u32 << (32 - mask) >= 2 * max_pods, "{max_pods}");
    }
}

#[test]
fn on_gke_the_node_mask_follows_the_maximum_pods_per_node() {
    let gke = preset::by_name("gke").expect("gke");
    let base = ClusterSettings::of(&Scenario::default());
    let draft = base.draft().with_preset_max_pods(gke, 32).expect("32 pods");
    assert_eq!(
        (
            draft.flags.node_cidr_mask_size.as_str(),
            draft.knob(podip::sim::KnobId::MaxPods)
        ),
        ("26", "32")
    );
    // Still GKE in the chooser, with any pods per node it takes.
    assert_eq!(draft.matching_preset().map(|p| p.name), Some("gke"));
    let plan = CapacityPlan::from_config(&draft.validate(&base).expect("valid").config);
    assert_eq!(
        (
            plan.families[0].node_subnets,
            plan.families[0].usable_pod_ips_per_node
        ),
        (4096, 61)
    );
    assert!(base.draft().with_preset_max_pods(gke, 7).is_err());
    // Elsewhere the mask does not depend on it: k3s with 32 pods is no longer k3s' preset.
    let k3s = preset::by_name("k3s").expect("k3s");
    let draft = base.draft().with_preset_max_pods(k3s, 32).expect("k3s");
    assert_eq!(draft.flags.node_cidr_mask_size, "");
    assert_eq!(draft.matching_preset(), None);
}

#[test]
fn a_preset_with_max_pods_is_merged_the_same_for_the_card_and_the_cli() {
    use podip::sim::DraftField;
    let gke = preset::by_name("gke").expect("gke");
    let base = ClusterSettings::of(&Scenario::default());
    let on_gke = base.draft().with_preset(gke);
    // The card: typing 32 pods per node on GKE's values moves the node mask, as --preset=gke
    // --max-pods=32 does on the command line.
    let typed = on_gke
        .clone()
        .edit(DraftField::Knob(podip::sim::KnobId::MaxPods), "32".into());
    let given = on_gke.clone().with_preset_pods(gke, "32").expect("32 pods");
    assert_eq!(typed, given);
    assert_eq!(
        (
            typed.flags.node_cidr_mask_size.as_str(),
            typed.knob(podip::sim::KnobId::MaxPods)
        ),
        ("26", "32")
    );
    // Not a count: the flags stay and the text is refused where it is validated.
    let not_a_count = on_gke.clone().with_preset_pods(gke, "many").expect("kept");
    assert_eq!(not_a_count.flags, on_gke.flags);
    assert_eq!(
        not_a_count.validate(&base).expect_err("refused"),
        "max-pods: invalid number \"many\""
    );
    // More than GKE takes: its refusal, and the card keeps what was typed.
    assert!(on_gke.clone().with_preset_pods(gke, "300").is_err());
    let over = on_gke
        .clone()
        .edit(DraftField::Knob(podip::sim::KnobId::MaxPods), "300".into());
    assert_eq!(
        (&over.flags, over.knob(podip::sim::KnobId::MaxPods)),
        (&on_gke.flags, "300")
    );
}

/// Each preset's nodes run a chain: kind's kindnet, kubeadm's flannel (the kubeadm docs' pairing with
/// --pod-network-cidr=10.244.0.0/16), k3s' own embedded flannel, Calico's quickstart, RKE2's Canal; the
/// others run one podip does not
/// model, named with the chain podip draws instead in one sentence in every language.
#[test]
fn every_preset_runs_its_own_chain_or_says_which_it_draws_instead() {
    use podip::i18n::{ui::preset_cni_note, Lang};
    use podip::sim::Chain;
    let own = [
        ("kind", Chain::Kindnet, "kindnetd/cni.go"),
        ("kubeadm", Chain::Flannel, "kube-flannel.yml"),
        ("k3s", Chain::K3sFlannel, "pkg/agent/flannel/setup.go"),
        ("kubeadm-calico", Chain::Calico, "manifests/calico.yaml"),
        ("rke2", Chain::Canal, "rke2-canal"),
    ];
    for (name, chain, source) in own {
        let preset = preset::by_name(name).expect("a preset");
        assert_eq!(preset.cni, chain, "{name}");
        assert!(
            preset.sources.iter().any(|s| s.contains(source)),
            "{name} cites {source}"
        );
        assert!(preset_cni_note(name).is_none(), "{name} runs its own chain");
        let settings = ClusterSettings::of(&Scenario::default())
            .draft()
            .with_preset(preset)
            .validate(&ClusterSettings::of(&Scenario::default()))
            .expect("valid");
        assert_eq!(settings.knobs.cni, chain, "{name}");
    }
    for preset in preset::ALL.iter().filter(|p| p.flags().is_some()) {
        if own.iter().any(|(name, _, _)| *name == preset.name) {
            continue;
        }
        let note = preset_cni_note(preset.name).expect("a sentence on the chain it runs");
        let drawn = match preset.cni {
            Chain::Kindnet => "kindnet",
            _ => "flannel",
        };
        assert!(
            note.get(Lang::En).contains(drawn),
            "{}: {}",
            preset.name,
            note.get(Lang::En)
        );
        for lang in Lang::ALL {
            assert!(
                note.get(lang).contains("podip"),
                "{} in {lang:?}",
                preset.name
            );
        }
    }
}

/// Every preset's run gives its pods addresses: the page's opening story (the kind tour) under each
/// preset's settings ends with every pod it keeps Running, each with an address of the preset's Pod
/// range, on the chain the preset draws — none left to a chain that refuses the range, as kube-flannel
/// refuses any Network but its manifest's 10.244.0.0/16.
#[test]
fn every_presets_default_run_ends_with_every_pod_running_with_an_address() {
    use podip::playback::with_preamble;
    use podip::sim::{builtin, Simulation};
    let base = ClusterSettings::of(&Scenario::parse(builtin::KIND).expect("the kind tour"));
    let at_end = |text: &str| {
        let mut sim = Simulation::new(Scenario::parse(text).expect("parses"));
        sim.run_to_end();
        sim
    };
    let kinds_pods = at_end(builtin::KIND).snapshot().pods.len();
    assert!(kinds_pods > 0);
    for preset in preset::ALL.iter() {
        let settings = base
            .draft()
            .with_preset(preset)
            .validate(&base)
            .unwrap_or_else(|err| panic!("{}: {err}", preset.name));
        let sim = at_end(&with_preamble(builtin::KIND, &settings.preamble()));
        let range: ipnet::IpNet = match preset.pod_ips {
            PodIps::NodeSubnets { cluster_cidr, .. } => cluster_cidr,
            PodIps::Elsewhere => podip::ipam::kcm::KIND_CLUSTER_CIDR,
        }
        .parse()
        .expect("a CIDR");
        let pods = sim.snapshot().pods;
        assert_eq!(
            pods.len(),
            kinds_pods,
            "{}: the story keeps its pods",
            preset.name
        );
        for pod in &pods {
            assert_eq!(
                (pod.phase, pod.status),
                ("Running", "Running"),
                "{}: {}",
                preset.name,
                pod.name
            );
            assert!(
                !pod.ips.is_empty(),
                "{}: {} has no address",
                preset.name,
                pod.name
            );
            for ip in &pod.ips {
                let ip: std::net::IpAddr = ip.parse().expect("an address");
                assert!(range.contains(&ip), "{}: {ip} outside {range}", preset.name);
            }
        }
        assert_eq!(settings.knobs.cni, preset.cni, "{}", preset.name);
    }
}
