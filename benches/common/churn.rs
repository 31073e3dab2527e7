//! The churn scenario of the simulation budget, shared by the native benchmark (`benches/sim.rs`) and the
//! Chromium measurement (`tests/sim_wasm_timing.rs`) so both time the same run.

use podip::sim::Scenario;

/// 256 nodes of a /16 in /24s, 110 pods each (28,160), 55 per node deleted at once and 55 new ones
/// created after the DEL lag.
pub fn churn_scenario() -> Scenario {
    churn_scenario_on("kindnet")
}

/// The same churn on the chain `cni` (`set cni=…`): on Calico each node claims two /26 blocks of the
/// pool, 512 of its 1,024.
pub fn churn_scenario_on(cni: &str) -> Scenario {
    let mut text =
        format!("set cni={cni}\ncluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=24\n");
    for n in 0..256 {
        text.push_str(&format!("node add n{n:03}\n"));
    }
    text.push_str("wait 1s\n");
    for n in 0..256 {
        text.push_str(&format!(
            "pod add-many n{n:03}-a --node=n{n:03} --count=110\n"
        ));
    }
    text.push_str("wait 1s\n");
    for n in 0..256 {
        text.push_str(&format!("pod delete-many n{n:03}-a --count=55\n"));
    }
    text.push_str("wait 3s\n");
    for n in 0..256 {
        text.push_str(&format!(
            "pod add-many n{n:03}-b --node=n{n:03} --count=55\n"
        ));
    }
    text.push_str("wait 1s\n");
    Scenario::parse(&text).expect("the churn scenario parses")
}

/// The largest scenario the limits accept, and the costliest: 300 nodes in /29s (5 addresses each), as
/// many pods as a scenario may create (50,000: 110 admitted per node, the rest refused by the kubelet,
/// and most of those admitted left without an address, retrying every 10 s), for 5 minutes. Its run
/// halts at 500,000 events.
pub fn largest_scenario() -> String {
    let mut text = String::from("cluster --cluster-cidr=10.0.0.0/8 --node-cidr-mask-size=29\n");
    for n in 0..300 {
        text.push_str(&format!("node add n{n:03}\n"));
    }
    text.push_str("wait 1s\n");
    let mut pods = 0;
    for n in 0..300 {
        let count = (50_000 - pods).min(167);
        text.push_str(&format!(
            "pod add-many n{n:03}-a --node=n{n:03} --count={count}\n"
        ));
        pods += count;
    }
    text.push_str("wait 4m59s\n");
    text
}
