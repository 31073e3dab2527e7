//! The native `podip` command: figures and errors come out as the core computes them.
#![cfg(not(target_arch = "wasm32"))]

use assert_cmd::Command;

fn podip() -> Command {
    Command::cargo_bin("podip").expect("the podip binary is built by cargo test")
}

#[test]
fn capacity_of_kind_defaults_in_text() {
    let out = podip()
        .args([
            "capacity",
            "--cluster-cidr=10.244.0.0/16",
            "--node-cidr-mask-size=24",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("node subnets             256 (2^8)"),
        "{text}"
    );
    assert!(text.contains("usable pod IPs per node  253"), "{text}");
    assert!(
        text.contains("last node subnet         10.244.255.0/24"),
        "{text}"
    );
    assert!(
        text.contains("  cccccccc.cccccccc.nnnnnnnn.pppppppp\n"),
        "{text}"
    );
}

/// Node subnets too small for host-local (/31, /32): no pod gets an address, and the text says with
/// which error, the one the simulation's ADD returns.
#[test]
fn capacity_of_a_slash_31_names_host_locals_refusal() {
    let out = podip()
        .args([
            "capacity",
            "--cluster-cidr=10.244.0.0/16",
            "--node-cidr-mask-size=31",
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("kubelet --max-pods       110 (no pod gets an address: host-local fails every ADD with \"invalid range set 0: Network 10.244.0.0/31 too small to allocate from\")"),
        "{text}"
    );
}

#[test]
fn capacity_as_json_for_machines() {
    let out = podip()
        .args([
            "capacity",
            "--cluster-cidr=10.0.0.0/8",
            "--node-cidr-mask-size=20",
            "--json",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let plan: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let family = &plan["families"][0];
    assert_eq!(family["node_subnets"], 4096);
    assert_eq!(family["addresses_per_node"], 4096);
    assert_eq!(family["usable_pod_ips_per_node"], 4093);
    assert_eq!(family["first_node_subnet"], "10.0.0.0/20");
    assert_eq!(family["last_node_subnet"], "10.255.240.0/20");
    assert_eq!(plan["max_pods"], 110);
}

#[test]
fn dual_stack_gives_one_family_per_cluster_cidr_in_flag_order() {
    let out = podip()
        .args([
            "capacity",
            "--cluster-cidr=fd00:10:244::/56,10.244.0.0/16",
            "--json",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let plan: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(plan["families"][0]["node_mask_size"], 64);
    assert_eq!(plan["families"][1]["node_mask_size"], 24);
}

#[test]
fn refusal_prints_kube_controller_manager_text_and_fails() {
    let cases = [
        (
            vec!["--cluster-cidr=10.0.0.0/26", "--node-cidr-mask-size=24"],
            "Controller: Invalid --cluster-cidr, mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family",
        ),
        (
            vec!["--cluster-cidr=10.244.0.0/33"],
            "failed to parse cidr value:\"10.244.0.0/33\" with error:invalid CIDR address: 10.244.0.0/33",
        ),
        (
            vec!["--cluster-cidr=fd00::/32"],
            "New CIDR set failed; the node CIDR size is too big",
        ),
        (
            vec!["--cluster-cidr=10.244.0.0/16", "--node-cidr-mask-size=abc"],
            "invalid argument \"abc\" for \"--node-cidr-mask-size\" flag: strconv.ParseInt: parsing \"abc\": invalid syntax",
        ),
    ];
    for (args, expected) in cases {
        let out = podip().arg("capacity").args(&args).output().expect("runs");
        assert!(!out.status.success(), "{args:?} must fail");
        let err = String::from_utf8(out.stderr).expect("utf-8");
        assert_eq!(err.trim_end(), format!("podip: {expected}"), "{args:?}");
    }
}

#[test]
fn run_prints_a_transcript_with_the_real_tools_views() {
    let out = podip()
        .args(["run", "builtin:kind"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("$ kubectl get node kind-worker -o jsonpath='{.spec.podCIDRs}'"),
        "{text}"
    );
    assert!(
        text.contains("kind-worker$ ls /run/cni-ipam-state/kindnet/"),
        "{text}"
    );
    assert!(
        text.contains("kind-worker$ cat /run/cni-ipam-state/kindnet/last_reserved_ip.0"),
        "{text}"
    );
    assert!(text.contains("kind-worker$ ip -o link"), "{text}");
    assert!(text.contains("10.244.1.5 dev veth"), "{text}");
    assert!(text.contains("    6.300s          CNIDel"), "{text}");
}

#[test]
fn run_reads_standard_input_and_prints_json_lines() {
    let out = podip()
        .args(["run", "--json", "-"])
        .write_stdin("cluster --cluster-cidr=10.244.0.0/16\nnode add w\nwait 1s\n")
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    for line in text.lines() {
        let event: serde_json::Value = serde_json::from_str(line).expect("each line is JSON");
        assert!(event["reason"].is_string() && event["upstream"]["url"].is_string());
    }
    assert!(text.contains("\"PodCIDRPatched\""));
}

#[test]
fn state_prints_the_final_state_as_json() {
    let out = podip()
        .args(["state", "builtin:kind"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let state: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(state["time_ms"], 8000);
    assert_eq!(
        state["nodes"][1]["ipam"]["last_reserved_ip"]["0"],
        "10.244.1.5"
    );
}

#[test]
fn bad_scenarios_fail_with_a_clear_message_and_no_panic() {
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["run", "-"],
            "cluster --cluster-cidr=10.0.0.0/8\nnode add a\nwait 1\n",
            "podip: <stdin>: line 3: invalid duration \"1\"",
        ),
        (
            &["state", "-"],
            "pod add x\n",
            "podip: <stdin>: line 1: no cluster yet",
        ),
        (
            &["run", "/nonexistent/x.podip"],
            "",
            "podip: cannot read /nonexistent/x.podip:",
        ),
        (
            &["run", "builtin:nope"],
            "",
            "podip: no built-in scenario \"nope\" (there are: kind, kind-measured, planning",
        ),
    ];
    for (args, stdin, want) in cases {
        let out = podip()
            .args(args)
            .write_stdin(stdin)
            .output()
            .expect("runs");
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8(out.stderr).expect("utf-8");
        assert!(err.starts_with(want), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// `podip figure`: the stage as SVG from the element's attributes as options, refused in the element's
/// words; a scenario of one's own from standard input at a time.
#[test]
fn figure_draws_a_tour_step_or_a_scenario_and_refuses_in_the_elements_words() {
    let out = podip()
        .args(["figure", "--tour", "kind", "--step", "8", "--width", "700"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).expect("utf-8");
    assert!(svg.contains("viewBox=\"0 -56 700 "), "{svg}");
    assert!(svg.contains("step 8 of 10"));
    let refused = podip()
        .args(["figure", "--tour", "kind", "--step", "80"])
        .output()
        .expect("runs");
    assert!(!refused.status.success());
    assert_eq!(
        String::from_utf8_lossy(&refused.stderr),
        "podip: step=80 is past the tour's last step (10)\n"
    );
    let own = podip()
        .args(["figure", "--scenario", "-", "--t", "1s", "--lang", "ja"])
        .write_stdin(
            "cluster --cluster-cidr=10.244.0.0/16\nnode add a\nwait 1s\npod add x --node=a\n",
        )
        .output()
        .expect("runs");
    assert!(
        own.status.success(),
        "{}",
        String::from_utf8_lossy(&own.stderr)
    );
    let svg = String::from_utf8(own.stdout).expect("utf-8");
    assert!(
        svg.contains("lang=\"ja\"") && svg.contains("t = 1.000 s"),
        "{svg}"
    );
}

#[test]
fn the_chain_of_a_preset_or_of_cni_is_printed_and_carried_into_the_scenario() {
    let out = podip()
        .args(["capacity", "--preset=k3s"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains(
            "cni: k3s-flannel (/var/lib/rancher/k3s/agent/etc/cni/net.d/10-flannel.conflist"
        ),
        "{text}"
    );
    let out = podip()
        .args(["capacity", "--cni=weave"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cni: \"weave\" is not one of"));
    let nodes = r#"{"kind":"NodeList","items":[{"metadata":{"name":"a"},"spec":{"podCIDRs":["10.244.0.0/24"]}}]}"#;
    let out = podip()
        .args(["import", "-", "--cni=flannel", "--scenario"])
        .write_stdin(nodes)
        .output()
        .expect("runs");
    let scenario = String::from_utf8(out.stdout).expect("utf-8");
    assert!(scenario.contains("set cni=flannel\n"), "{scenario}");
}

/// A tour is named once, in `TourId`'s table: from there it reaches the CLI's help, the figure
/// element's message for a tour it does not know, the built-in scenarios and its pages. A list of
/// tours written by hand anywhere else goes stale when a tour is added, and fails here.
#[test]
fn every_tour_reaches_the_cli_the_figure_the_scenarios_and_the_pages() {
    use podip::i18n::Lang;
    use podip::share::figure::FigureSpec;
    use podip::share::pages::{page_path, read_page_path};
    use podip::sim::builtin;
    use podip::tours::TourId;
    let help = podip().args(["figure", "--help"]).output().expect("runs");
    let help = String::from_utf8(help.stdout).expect("utf-8");
    let run_help = podip().args(["run", "--help"]).output().expect("runs");
    let run_help = String::from_utf8(run_help.stdout).expect("utf-8");
    let refused = FigureSpec::read(
        |name| (name == "tour").then(|| "no-such-tour".to_string()),
        None,
        None,
    )
    .expect_err("an unknown tour")
    .to_string();
    for id in TourId::ALL {
        let name = id.name();
        assert!(
            help.contains(name),
            "podip figure --help does not name {name}:\n{help}"
        );
        assert!(
            run_help.contains(&format!(" {name}")),
            "podip run --help does not name {name}"
        );
        assert!(
            refused.contains(name),
            "the figure's message does not name {name}: {refused}"
        );
        assert_eq!(
            builtin::by_name(name),
            Some(id.tour().scenario()),
            "{name}'s built-in scenario"
        );
        for lang in Lang::ALL {
            let path = page_path(Some(lang), Some(name));
            assert_eq!(read_page_path(&path).1.as_deref(), Some(name), "{path}");
        }
    }
}

/// `podip lesson check`: a built-in lesson or a file, checked against its run; a broken one fails with
/// every problem, each at its file and line.
#[test]
fn lesson_check_says_what_holds_or_each_problem_at_its_line() {
    let out = podip()
        .args(["lesson", "check", "builtin:kind"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        text,
        "builtin:kind: 10 steps, 7 questions; every step's event comes in its run, in order (the last at 7.115s)\n"
    );
    let lesson = std::fs::read_to_string("lessons/kind.md").expect("a lesson");
    let broken = lesson
        .replace("IPAMReserve pod/a", "IPAMReserved pod/a")
        .replace("RouteRemoved pod/b", "RouteRemoved pod/z");
    let out = podip()
        .args(["lesson", "check", "-"])
        .write_stdin(broken)
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let errors = String::from_utf8(out.stderr).expect("utf-8");
    let lines: Vec<&str> = errors.lines().collect();
    assert_eq!(lines[0], "podip: 2 problem(s)", "{errors}");
    assert!(
        lines[1].starts_with(
            "<stdin>:137: no event reason IPAMReserved (the reasons, nearest first: IPAMReserve,"
        ),
        "{errors}"
    );
    assert!(
        lines[2].starts_with("<stdin>:245: step b-released: pod/z never appears in the run"),
        "{errors}"
    );
}

/// `podip lesson run`: the transcript, each step after the line of its event.
#[test]
fn lesson_run_places_each_step_after_its_event() {
    let out = podip()
        .args(["lesson", "run", "lessons/kind.md"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("── step 8 of 10 · b-deleted ──"))
        .expect("step 8 placed");
    assert!(
        lines[at - 1].contains("PodDeleted") && lines[at - 1].contains("pod/b"),
        "{}",
        lines[at - 1]
    );
    assert!(
        lines[at + 1].starts_with("            b is deleted with --grace-period=0 --force"),
        "{}",
        lines[at + 1]
    );
    assert_eq!(lines.iter().filter(|l| l.contains("── step ")).count(), 10);
}

/// `podip figure --lesson=FILE --step=N` draws a lesson's step as `--tour` draws a built-in tour's: the
/// built-in lesson's file gives the same picture, its packet included; a step it lacks is refused.
#[test]
fn figure_draws_a_lessons_step_as_a_tours() {
    let draw = |args: &[&str]| {
        let out = podip().arg("figure").args(args).output().expect("runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let lesson = draw(&["--lesson=lessons/node-network.md", "--step=5", "--lang=zh"]);
    assert!(
        // Step 5 declares the packet from web to db, which the picture draws.
        lesson.contains("class=\"packet\""),
        "{lesson}"
    );
    assert_eq!(
        lesson,
        draw(&["--tour=node-network", "--step=5", "--lang=zh"])
    );
    let out = podip()
        .args(["figure", "--lesson=lessons/kind.md", "--step=11"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "podip: --step=11 is not valid: a step of the lesson, from 1 to 10\n"
    );
}

/// On Calico the capacity plan is Calico's: kube-controller-manager's split with its podCIDRs marked
/// unused and no host-local figures, then the pool's blocks and what a node runs before it borrows.
#[test]
fn capacity_on_calico_prints_the_pools_plan_instead_of_host_locals() {
    let out = podip()
        .args([
            "capacity",
            "--cni=calico",
            "--cluster-cidr=192.168.0.0/16",
            "--node-cidr-mask-size=24",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(!text.contains("usable pod IPs per node"), "{text}");
    assert!(!text.contains("kubelet --max-pods"), "{text}");
    assert!(
        text.contains("not from spec.podCIDR: calico-ipam"),
        "{text}"
    );
    assert!(text.contains("blocks in the pool       1024"), "{text}");
    assert!(
        text.contains("blocks per node          2 for --max-pods 110"),
        "{text}"
    );
    assert!(
        text.contains("pods per node            110 from its own blocks"),
        "{text}"
    );
    assert!(text.contains("nodes before borrowing   512"), "{text}");
}

/// A cluster CIDR smaller than a block: Calico refuses it in calico-node's words, and nothing is printed.
#[test]
fn capacity_on_calico_refuses_a_pool_smaller_than_a_block() {
    let out = podip()
        .args([
            "capacity",
            "--cni=calico",
            "--cluster-cidr=10.0.0.0/27",
            "--node-cidr-mask-size=28",
        ])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains("IP pool size is too small for use with Calico IPAM."),
        "{err}"
    );
}

/// `podip import --cni=calico`: the nodes' podCIDRs as kube-controller-manager gave them, and Calico's
/// plan in place of host-local's.
#[test]
fn import_on_calico_prints_the_pools_plan() {
    let nodes = r#"{"kind":"List","items":[{"kind":"Node","metadata":{"name":"a"},"spec":{"podCIDR":"192.168.0.0/24","podCIDRs":["192.168.0.0/24"]}}]}"#;
    let out = podip()
        .args([
            "import",
            "-",
            "--cni=calico",
            "--cluster-cidr=192.168.0.0/16",
            "--node-cidr-mask-size=24",
        ])
        .write_stdin(nodes)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("calico-ipam: blocks of the IP pool"),
        "{text}"
    );
    assert!(
        text.contains("Calico IP pool default-ipv4-ippool 192.168.0.0/16"),
        "{text}"
    );
    assert!(!text.contains("usable pod IPs per node"), "{text}");
}
