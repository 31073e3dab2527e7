//! The command each step of the kind, kubeadm-flannel and node-network tours carries, which the presenter
//! view shows under the caption: one line a room can read, run on a node of the tour's own cluster, and
//! naming the files and directories that node has at that step.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::sim::state::State;
use podip::sim::{Scenario, Simulation};
use podip::tours::TourId;

/// The tours a CKA cohort walks on a real cluster beside podip: every step says how to see it there.
const WITH_COMMANDS: [TourId; 3] = [TourId::Kind, TourId::KubeadmFlannel, TourId::NodeNetwork];

/// The longest command the presenter view's one line holds at 1024 × 768.
const LONGEST: usize = 90;

/// The state of `tour` at each of its steps, with the step's command.
fn steps(tour: TourId) -> Vec<(&'static str, Option<&'static str>, State)> {
    let tour = tour.tour();
    let scenario = Scenario::parse(tour.scenario()).expect("built-in scenarios parse");
    let (_, events) = Simulation::timeline(scenario.clone().into());
    let times = tour.step_times(events.iter());
    tour.steps
        .iter()
        .zip(times)
        .map(|(step, at)| {
            let at = at.expect("every step happens");
            (
                step.id.as_str(),
                step.command.as_deref(),
                Simulation::at(&scenario, at).state(),
            )
        })
        .collect()
}

/// The node a command runs on or asks about: `docker exec NODE …`, `ssh NODE …`, `kubectl get node NODE`.
fn node_named(command: &str) -> Option<&str> {
    let words: Vec<&str> = command.split_whitespace().collect();
    match words.as_slice() {
        ["docker", "exec", node, ..] | ["ssh", node, ..] | ["kubectl", "get", "node", node, ..] => {
            Some(node)
        }
        _ => None,
    }
}

#[test]
fn every_step_of_the_cohorts_tours_carries_one_readable_line() {
    for tour in WITH_COMMANDS {
        for (id, command, _) in steps(tour) {
            let command = command.unwrap_or_else(|| panic!("{} {id}: no command", tour.name()));
            assert!(
                command.len() <= LONGEST && !command.contains('\n') && command.is_ascii(),
                "{} {id}: {command:?} is not one short ASCII line",
                tour.name()
            );
        }
    }
}

#[test]
fn a_command_runs_on_a_node_of_the_tours_cluster_and_names_its_files() {
    let mut checked_dirs = 0;
    for tour in WITH_COMMANDS {
        for (id, command, state) in steps(tour) {
            let Some(command) = command else { continue };
            let Some(name) = node_named(command) else {
                continue;
            };
            let node = state.nodes.iter().find(|n| n.name == name);
            let node =
                node.unwrap_or_else(|| panic!("{} {id}: {command:?} names no node", tour.name()));
            // A path under host-local's directory is the one the node's conflist set up.
            if let Some(dir) = node.ipam.dir.as_deref() {
                for path in command.split_whitespace().filter(|w| w.starts_with("/")) {
                    if path.starts_with("/run/cni-ipam-state") || path.starts_with("/var/lib/cni") {
                        assert!(
                            path.starts_with(dir),
                            "{} {id}: {path} is not under {name}'s {dir}",
                            tour.name()
                        );
                        checked_dirs += 1;
                    }
                }
            }
            if command.contains("/run/flannel/subnet.env") {
                assert!(
                    node.subnet_env.is_some(),
                    "{} {id}: no subnet.env yet",
                    tour.name()
                );
            }
            if command.contains("/etc/cni/net.d/") && command.contains(".conflist") {
                assert!(
                    node.conflist.is_some(),
                    "{} {id}: no conflist yet",
                    tour.name()
                );
            }
        }
    }
    // kind's three steps in its files, kubeadm-flannel's two.
    assert!(checked_dirs >= 5, "{checked_dirs} paths checked");
}
