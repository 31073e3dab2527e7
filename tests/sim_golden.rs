//! Golden transcripts: `podip run builtin:NAME` (and `--json`, `state`) byte for byte against
//! `tests/golden/`. After an intended change, regenerate with `PODIP_BLESS=1 cargo test --test sim_golden`
//! and read the diff.
#![cfg(not(target_arch = "wasm32"))]

use assert_cmd::Command;
use std::path::PathBuf;

fn golden(args: &[&str], file: &str) {
    let out = Command::cargo_bin("podip")
        .expect("the podip binary is built by cargo test")
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual = String::from_utf8(out.stdout).expect("utf-8");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(file);
    if std::env::var_os("PODIP_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("has a parent")).expect("mkdir");
        std::fs::write(&path, &actual).expect("write golden file");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|err| {
        panic!(
            "{}: {err} (run with PODIP_BLESS=1 to create it)",
            path.display()
        )
    });
    if actual != expected {
        let line = actual
            .lines()
            .zip(expected.lines())
            .position(|(a, e)| a != e)
            .unwrap_or_else(|| actual.lines().count().min(expected.lines().count()));
        panic!(
            "{} differs from the output from line {}:\n  got:  {:?}\n  want: {:?}\n(PODIP_BLESS=1 regenerates)",
            path.display(),
            line + 1,
            actual.lines().nth(line),
            expected.lines().nth(line)
        );
    }
}

#[test]
fn kind_transcript() {
    golden(&["run", "builtin:kind"], "kind.txt");
}

/// The kind story on flannel's chain (`set cni=flannel`): `subnet.env`, `flannel.1`'s routes, the
/// bridge `cni0` and its ports, host-local in `/var/lib/cni/networks/cbr0`.
#[test]
fn kind_flannel_transcript() {
    golden(
        &["run", "tests/data/kind-flannel.podip"],
        "kind-flannel.txt",
    );
}

/// The kind story on Calico (`set cni=calico`): the pool, each node's block claimed (affinity pending,
/// the block, confirmed) when calico-node gives `tunl0` its address, a, b, c from kind-worker's block
/// beside its unused podCIDR, b's address at the end of the unallocated list so d gets the next one,
/// a fourth block claimed, and an address borrowed from another node's block.
#[test]
fn kind_calico_transcript() {
    golden(&["run", "tests/data/kind-calico.podip"], "kind-calico.txt");
}

#[test]
fn max_pods_transcript() {
    golden(&["run", "builtin:max-pods"], "max-pods.txt");
}

#[test]
fn reboot_leak_transcript() {
    golden(&["run", "builtin:reboot-leak"], "reboot-leak.txt");
}

#[test]
fn why_round_robin_transcript() {
    golden(&["run", "builtin:why-round-robin"], "why-round-robin.txt");
}

#[test]
fn node_network_transcript() {
    golden(&["run", "builtin:node-network"], "node-network.txt");
}

/// `kubeadm init` without a CNI: coredns' pods Pending on the not-ready taint (`FailedScheduling`),
/// bound once kube-flannel's conflist makes the node Ready.
#[test]
fn coredns_pending_transcript() {
    golden(&["run", "builtin:coredns-pending"], "coredns-pending.txt");
}

/// The kubeadm + flannel tour: the kind story on the bridge `cni0`, host-local in
/// `/var/lib/cni/networks/cbr0`.
#[test]
fn kubeadm_flannel_transcript() {
    golden(&["run", "builtin:kubeadm-flannel"], "kubeadm-flannel.txt");
}

/// kubeadm's `--pod-network-cidr` outside kube-flannel's `Network`: flanneld's `AcquireLease` error
/// and its restarts, and pod a's ADD failing for want of `subnet.env`.
#[test]
fn kubeadm_flannel_cidr_transcript() {
    golden(
        &["run", "builtin:kubeadm-flannel-cidr"],
        "kubeadm-flannel-cidr.txt",
    );
}

/// `kubeadm init` without `--pod-network-cidr`: the node IPAM controller skipped, flanneld's `pod cidr
/// not assigned` and its restarts, coredns' ADD failing for want of `subnet.env`.
#[test]
fn kubeadm_no_pod_cidr_transcript() {
    golden(
        &["run", "builtin:kubeadm-no-pod-cidr"],
        "kubeadm-no-pod-cidr.txt",
    );
}

/// A worker reset and joined again: what `kubeadm reset` leaves, the stale `cni0`'s failures, and
/// `ip link delete cni0`.
#[test]
fn kubeadm_reset_cni0_transcript() {
    golden(
        &["run", "builtin:kubeadm-reset-cni0"],
        "kubeadm-reset-cni0.txt",
    );
}

#[test]
fn kcm_restart_transcript() {
    golden(&["run", "builtin:kcm-restart"], "kcm-restart.txt");
}

#[test]
fn exhaustion_transcript() {
    golden(&["run", "builtin:exhaustion"], "exhaustion.txt");
}

#[test]
fn dual_stack_transcript() {
    golden(&["run", "builtin:dual-stack"], "dual-stack.txt");
}

#[test]
fn planning_events_as_json_lines() {
    golden(&["run", "--json", "builtin:planning"], "planning.jsonl");
}

#[test]
fn kind_final_state() {
    golden(&["state", "builtin:kind"], "kind.state.json");
}
