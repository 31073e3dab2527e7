//! A node's reboot (`node reboot`), against what containerd, the kubelet and host-local do: the old
//! sandboxes get CNI DEL with an empty `CNI_NETNS` when containerd kept its records, never when it lost
//! them; host-local's files outlive the reboot only when its `dataDir` is on disk.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::sim::command::Command;
use podip::sim::grid::CellStatus;
use podip::sim::scenario_error::ScenarioErrorKind;
use podip::sim::{builtin, EventKind, Reason, Scenario, Simulation, State};

fn run(text: &str) -> Simulation {
    let mut sim = Simulation::new(Scenario::parse(text).expect("scenario parses"));
    sim.run_to_end();
    sim
}

/// Five pods on a /28 node whose host-local keeps its files in `data_dir`, then `reboots`.
fn story(data_dir: &str, reboots: &[&str]) -> String {
    let mut text = format!(
        "set ipam-data-dir={data_dir}\ncluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=28\n\
         node add w\nwait 1s\npod add-many p --node=w --count=5\nwait 2s\n"
    );
    for reboot in reboots {
        text.push_str(&format!("node reboot w{reboot}\nwait 30s\n"));
    }
    text
}

fn files(state: &State) -> Vec<String> {
    state.nodes[0].ipam.reserved.keys().cloned().collect()
}

fn addresses(state: &State) -> Vec<String> {
    let mut ips: Vec<String> = state.pods.iter().flat_map(|p| p.ips.clone()).collect();
    ips.sort_by_key(|ip| ip.parse::<std::net::Ipv4Addr>().ok());
    ips
}

/// When each event of `reason` on `object` happened, in milliseconds.
fn times(sim: &Simulation, reason: Reason, object: &str) -> Vec<u64> {
    sim.events()
        .iter()
        .filter(|e| e.reason == reason && e.object == object)
        .map(|e| e.time_ms.as_millis())
        .collect()
}

const DISK: &str = "/var/lib/cni/networks";
const TMPFS: &str = "/run/cni-ipam-state";

#[test]
fn with_containerds_records_kept_the_old_files_go_before_the_new_sandboxes_take_the_next_addresses()
{
    let sim = run(&story(DISK, &[""]));
    let state = sim.state();
    // last_reserved_ip (.6) survived on disk: the walk goes on from .7.
    assert_eq!(
        addresses(&state),
        [
            "10.244.0.7",
            "10.244.0.8",
            "10.244.0.9",
            "10.244.0.10",
            "10.244.0.11"
        ]
    );
    assert_eq!(files(&state).len(), 5);
    // Each pod's old sandbox gets its DEL, with an empty CNI_NETNS, right before its new ADD.
    let after_boot: Vec<(Reason, String)> = sim
        .events()
        .iter()
        .filter(|e| e.object == "pod/p-1" && e.time_ms.as_millis() > 3_000)
        .map(|e| (e.reason, e.message.to_string()))
        .collect();
    let del = after_boot
        .iter()
        .position(|(r, m)| *r == Reason::CNIDel && m.contains("CNI_NETNS= "))
        .expect("a DEL without netns");
    let add = after_boot
        .iter()
        .position(|(r, _)| *r == Reason::CNIAdd)
        .expect("a new ADD");
    assert!(del < add, "{after_boot:?}");
    assert_eq!(after_boot[del + 1].0, Reason::IPAMRelease);
    assert!(after_boot[del + 1].1.contains("10.244.0.2"));
}

#[test]
fn with_the_records_lost_no_del_comes_and_the_files_of_the_old_sandboxes_stay_orphaned() {
    let mut sim =
        Simulation::new(Scenario::parse(&story(DISK, &[" --sandboxes=lost"])).expect("parses"));
    sim.run_to_end();
    let state = sim.state();
    assert_eq!(files(&state).len(), 10);
    assert!(!sim
        .events()
        .iter()
        .any(|e| e.reason == Reason::CNIDel && e.time_ms.as_millis() > 3_000));
    let grid = sim.node_address_grid("w").expect("a grid");
    let orphaned: Vec<&str> = grid
        .cells
        .iter()
        .filter(|c| c.status == CellStatus::Orphaned)
        .map(|c| c.ip.as_str())
        .collect();
    assert_eq!(
        orphaned,
        [
            "10.244.0.2",
            "10.244.0.3",
            "10.244.0.4",
            "10.244.0.5",
            "10.244.0.6"
        ]
    );
}

#[test]
fn on_a_tmpfs_every_boot_starts_from_an_empty_directory_whatever_containerd_remembers() {
    for reboots in [&[""][..], &[" --sandboxes=lost", " --sandboxes=lost"][..]] {
        let state = run(&story(TMPFS, reboots)).state();
        assert_eq!(files(&state).len(), 5, "{reboots:?}");
        assert_eq!(
            addresses(&state),
            [
                "10.244.0.2",
                "10.244.0.3",
                "10.244.0.4",
                "10.244.0.5",
                "10.244.0.6"
            ],
            "{reboots:?}"
        );
    }
}

#[test]
fn the_reboot_leak_story_exhausts_the_disk_node_with_hosts_locals_own_text() {
    let sim = run(builtin::REBOOT_LEAK);
    let failures: Vec<String> = sim
        .events()
        .iter()
        .filter(|e| e.reason == Reason::FailedCreatePodSandBox && e.object == "pod/web-4")
        .map(|e| e.message.to_string())
        .collect();
    assert!(!failures.is_empty());
    assert!(failures.iter().all(|m| m.ends_with(
        "failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.14"
    )));
    let state = sim.state();
    let node = |name: &str| {
        state
            .nodes
            .iter()
            .find(|n| n.name == name)
            .expect("the node")
    };
    assert_eq!(node("disk-worker").ipam.reserved.len(), 13);
    assert_eq!(node("tmpfs-worker").ipam.reserved.len(), 5);
    let running = |prefix: &str| {
        state
            .pods
            .iter()
            .filter(|p| p.name.starts_with(prefix) && !p.ips.is_empty())
            .count()
    };
    assert_eq!((running("web-"), running("api-")), (3, 5));
    // What each file on disk-worker is held by: the three running pods, and ten sandboxes gone.
    let held_by_pods = node("disk-worker")
        .ipam
        .reserved
        .values()
        .filter(|id| {
            state
                .pods
                .iter()
                .any(|p| p.container_id.as_ref() == Some(*id))
        })
        .count();
    assert_eq!(held_by_pods, 3);
}

#[test]
fn a_pod_deleted_while_its_node_is_down_gets_its_del_once_the_node_is_up() {
    let text = story(DISK, &[]).replace(
        "wait 2s\n",
        "wait 2s\nnode reboot w\nwait 1s\npod delete p-1\nwait 30s\n",
    );
    let sim = run(&text);
    let dels = times(&sim, Reason::CNIDel, "pod/p-1");
    // Down from 3 s to 23 s: the DEL comes after the boot, with no netns to enter.
    assert_eq!(dels.len(), 1, "{dels:?}");
    assert!(dels[0] > 23_000, "{dels:?}");
    let state = sim.state();
    assert_eq!(files(&state).len(), 4);
    assert!(!state.nodes[0].ipam.reserved.contains_key("10.244.0.2"));
}

#[test]
fn a_rebooting_node_shows_it_and_its_kubelet_reports_the_new_boot() {
    let text = story(DISK, &[]).replace("wait 2s\n", "wait 2s\nnode reboot w\nwait 30s\n");
    let scenario = Scenario::parse(&text).expect("parses");
    let down = Simulation::at(&scenario, podip::sim::VirtualTime(10_000)).state();
    assert!(down.nodes[0].rebooting);
    let sim = run(&text);
    assert!(!sim.state().nodes[0].rebooting);
    let rebooted: Vec<String> = sim
        .events()
        .iter()
        .filter(|e| e.reason == Reason::Rebooted)
        .map(|e| e.message.to_string())
        .collect();
    assert_eq!(rebooted.len(), 1);
    assert!(rebooted[0].starts_with("Node w has been rebooted, boot id: "));
    let boot_id = rebooted[0].rsplit(' ').next().unwrap_or_default();
    // A random version-4 UUID, as /proc/sys/kernel/random/boot_id.
    assert_eq!(boot_id.len(), 36);
    assert_eq!(boot_id.as_bytes()[14], b'4');
}

#[test]
fn reboot_lines_are_checked_like_the_others() {
    assert_eq!(
        Command::parse("node reboot w --sandboxes=maybe"),
        Err(ScenarioErrorKind::Usage(
            "node add NAME [--pod-cidr=CIDR[,CIDR]] | node delete NAME | node reboot NAME [--sandboxes=kept|lost] | \
             node reset NAME | node exec NAME ip link delete DEVICE"
        ))
    );
    let unknown = Scenario::parse("cluster --cluster-cidr=10.244.0.0/16\nnode reboot ghost\n")
        .expect_err("no such node");
    assert!(unknown.to_string().contains("ghost"), "{unknown}");
    let dir = Scenario::parse("set ipam-data-dir=/tmp/ipam\n").expect_err("not a modelled dir");
    assert!(
        dir.to_string().contains(
            "ipam-data-dir: \"/tmp/ipam\" is not one of /run/cni-ipam-state, /var/lib/cni/networks"
        ),
        "{dir}"
    );
}

/// `SyncPod`'s `SandboxChanged` Event is what tells "records kept" from "records lost" in the log:
/// one per pod whose old sandbox containerd still has, none when it has none.
#[test]
fn sandbox_changed_is_recorded_only_for_pods_whose_old_sandbox_containerd_kept() {
    let kept = run(&story(DISK, &[""]));
    let changed: Vec<String> = kept
        .events()
        .iter()
        .filter(|e| e.reason == Reason::SandboxChanged)
        .map(|e| {
            assert_eq!(e.kind, EventKind::Normal);
            assert_eq!(
                e.message.to_string(),
                "Pod sandbox changed, it will be killed and re-created."
            );
            e.object.to_string()
        })
        .collect();
    assert_eq!(
        changed,
        ["pod/p-1", "pod/p-2", "pod/p-3", "pod/p-4", "pod/p-5"]
    );
    // Before the old sandbox's DEL, in the transcript too.
    let scenario = Scenario::parse(&story(DISK, &[""])).expect("parses");
    let end = scenario.end;
    let transcript =
        podip::sim::transcript::transcript(&mut Simulation::new(scenario), end, usize::MAX);
    let event = transcript
        .find("Normal  SandboxChanged         pod/p-1")
        .expect("the Event in the transcript");
    let del = transcript[event..]
        .find("CNI DEL")
        .expect("the DEL after it");
    assert!(del > 0);

    let lost = run(&story(DISK, &[" --sandboxes=lost"]));
    assert!(!lost
        .events()
        .iter()
        .any(|e| e.reason == Reason::SandboxChanged));
}

/// kindnetd compares with the inputs it holds in memory: a new process after a reboot writes the
/// conflist again, the same content, and nothing else rewrites it.
#[test]
fn a_rebooted_node_gets_its_conflist_written_again() {
    let sim = run(&story(TMPFS, &["", " --sandboxes=lost"]));
    let written = times(&sim, Reason::CNIConfigWritten, "node/w");
    assert_eq!(
        written.len(),
        3,
        "once at the start and once after each boot: {written:?}"
    );
    assert!(written[1] > 3_000 && written[2] > 33_000, "{written:?}");
}

/// Retries spread over the whole of `wait.Jitter`'s 10–15 s, not a fixed period.
#[test]
fn retry_waits_spread_over_the_jitter() {
    let gaps: Vec<u64> = (1..=16u64)
        .flat_map(|seed| {
            let sim = run(&format!(
                "set seed={seed}\ncluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=30\n\
                 node add w\nwait 1s\npod add-many p --node=w --count=2\nwait 40s\n"
            ));
            times(&sim, Reason::FailedCreatePodSandBox, "pod/p-2")
                .windows(2)
                .map(|w| w[1] - w[0])
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(gaps.len() >= 32, "{gaps:?}");
    assert!(
        gaps.iter().all(|g| (10_000..15_000).contains(g)),
        "{gaps:?}"
    );
    assert!(
        gaps.iter().any(|g| *g < 11_000) && gaps.iter().any(|g| *g > 14_000),
        "{gaps:?}"
    );
}

#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Whatever the reboots, once the node settles no file is orphaned unless host-local's files are
        /// on disk and containerd lost its records at some reboot; and every running pod holds one file.
        /// The pod worker waits `wait.Jitter(backOffPeriod, 0.5)` before it syncs a failed pod again:
        /// 10–15 s, drawn from the scenario's seed (the same seed, the same waits).
        #[test]
        fn a_failed_sandbox_is_retried_10_to_15_s_later(seed in any::<u64>()) {
            let text = format!(
                "set seed={seed}\ncluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=30\n\
                 node add w\nwait 1s\npod add-many p --node=w --count=2\nwait 1m\n"
            );
            let failures = |sim: &Simulation| times(sim, Reason::FailedCreatePodSandBox, "pod/p-2");
            let failed_at = failures(&run(&text));
            prop_assert!(failed_at.len() >= 3, "{:?}", failed_at);
            for gap in failed_at.windows(2).map(|w| w[1] - w[0]) {
                prop_assert!((10_000..15_000).contains(&gap), "{} ms between retries", gap);
            }
            prop_assert_eq!(failed_at, failures(&run(&text)));
        }

        #[test]
        fn only_a_disk_data_dir_with_records_lost_leaves_orphaned_files(
            disk in any::<bool>(),
            pods in 1usize..6,
            reboots in prop::collection::vec(any::<bool>(), 1..4),
        ) {
            let lost_any = reboots.iter().any(|lost| *lost);
            let mut text = format!(
                "set ipam-data-dir={}\ncluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=27\n\
                 node add w\nwait 1s\npod add-many p --node=w --count={pods}\nwait 2s\n",
                if disk { DISK } else { TMPFS }
            );
            for lost in &reboots {
                text.push_str(if *lost { "node reboot w --sandboxes=lost\nwait 30s\n" } else { "node reboot w\nwait 30s\n" });
            }
            let sim = run(&text);
            let grid = sim.node_address_grid("w").expect("a grid");
            let orphaned = grid.cells.iter().filter(|c| c.status == CellStatus::Orphaned).count();
            let state = sim.state();
            let running = state.pods.iter().filter(|p| !p.ips.is_empty()).count();
            prop_assert_eq!(running, pods);
            prop_assert_eq!(files(&state).len(), pods + orphaned);
            if !(disk && lost_any) {
                prop_assert_eq!(orphaned, 0);
            } else {
                prop_assert!(orphaned >= pods);
            }
        }
    }
}
