//! `10-kindnet.conflist` as kindnetd's `cniConfigTemplate` renders it (kind `images/kindnetd/cmd/kindnetd/cni.go`),
//! checked byte for byte and as JSON. The measured kind worker (10.244.1.0/24, mtu 65535) is the first case.

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::ipam::hostlocal::{load_ipam_config_from_conflist, load_ipam_config_from_netconf};
use podip::ipam::kindnet::{compute_cni_config_inputs, CniConfigWriter};
use serde_json::{json, Value};

fn cidrs(list: &[&str]) -> Vec<String> {
    list.iter().map(|c| c.to_string()).collect()
}

const SINGLE_STACK_MTU_65535: &str = "
{
\t\"cniVersion\": \"0.3.1\",
\t\"name\": \"kindnet\",
\t\"plugins\": [
\t{
\t\t\"type\": \"ptp\",
\t\t\"ipMasq\": false,
\t\t\"ipam\": {
\t\t\t\"type\": \"host-local\",
\t\t\t\"dataDir\": \"/run/cni-ipam-state\",
\t\t\t\"routes\": [
\t\t\t\t
\t\t\t\t
\t\t\t\t{ \"dst\": \"0.0.0.0/0\" }
\t\t\t],
\t\t\t\"ranges\": [
\t\t\t\t
\t\t\t\t
\t\t\t\t[ { \"subnet\": \"10.244.1.0/24\" } ]
\t\t\t]
\t\t}
\t\t,
\t\t\"mtu\": 65535
\t\t
\t},
\t{
\t\t\"type\": \"portmap\",
\t\t\"capabilities\": {
\t\t\t\"portMappings\": true
\t\t}
\t}
\t]
}
";

const DUAL_STACK_NO_MTU: &str = "
{
\t\"cniVersion\": \"0.3.1\",
\t\"name\": \"kindnet\",
\t\"plugins\": [
\t{
\t\t\"type\": \"ptp\",
\t\t\"ipMasq\": false,
\t\t\"ipam\": {
\t\t\t\"type\": \"host-local\",
\t\t\t\"dataDir\": \"/run/cni-ipam-state\",
\t\t\t\"routes\": [
\t\t\t\t
\t\t\t\t
\t\t\t\t{ \"dst\": \"0.0.0.0/0\" }
\t\t\t\t,
\t\t\t\t{ \"dst\": \"::/0\" }
\t\t\t],
\t\t\t\"ranges\": [
\t\t\t\t
\t\t\t\t
\t\t\t\t[ { \"subnet\": \"10.244.1.0/24\" } ]
\t\t\t\t,
\t\t\t\t[ { \"subnet\": \"fd00:10:244:1::/64\" } ]
\t\t\t]
\t\t}
\t\t
\t},
\t{
\t\t\"type\": \"portmap\",
\t\t\"capabilities\": {
\t\t\t\"portMappings\": true
\t\t}
\t}
\t]
}
";

#[test]
fn single_stack_kind_worker_golden() {
    let inputs = compute_cni_config_inputs(&cidrs(&["10.244.1.0/24"]));
    assert_eq!(inputs.with_mtu(65535).render(), SINGLE_STACK_MTU_65535);
}

#[test]
fn dual_stack_golden_without_mtu() {
    let inputs = compute_cni_config_inputs(&cidrs(&["10.244.1.0/24", "fd00:10:244:1::/64"]));
    assert_eq!(inputs.render(), DUAL_STACK_NO_MTU);
}

#[test]
fn single_stack_parses_to_the_measured_chain() {
    let text = compute_cni_config_inputs(&cidrs(&["10.244.1.0/24"]))
        .with_mtu(65535)
        .render();
    let conf: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        conf,
        json!({
            "cniVersion": "0.3.1",
            "name": "kindnet",
            "plugins": [
                {
                    "type": "ptp",
                    "ipMasq": false,
                    "ipam": {
                        "type": "host-local",
                        "dataDir": "/run/cni-ipam-state",
                        "routes": [{"dst": "0.0.0.0/0"}],
                        "ranges": [[{"subnet": "10.244.1.0/24"}]]
                    },
                    "mtu": 65535
                },
                {"type": "portmap", "capabilities": {"portMappings": true}}
            ]
        })
    );
}

#[test]
fn dual_stack_with_mtu_parses_with_one_range_set_per_pod_cidr() {
    let text = compute_cni_config_inputs(&cidrs(&["10.244.1.0/24", "fd00:10:244:1::/64"]))
        .with_mtu(1500)
        .render();
    let conf: Value = serde_json::from_str(&text).unwrap();
    let ipam = &conf["plugins"][0]["ipam"];
    assert_eq!(
        ipam["ranges"],
        json!([[{"subnet": "10.244.1.0/24"}], [{"subnet": "fd00:10:244:1::/64"}]])
    );
    assert_eq!(
        ipam["routes"],
        json!([{"dst": "0.0.0.0/0"}, {"dst": "::/0"}])
    );
    assert_eq!(conf["plugins"][0]["mtu"], 1500);
}

/// A `ComputeCNIConfigInputs` table row: description, podCIDRs, expected ranges, expected routes.
type InputsCase = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

#[test]
fn inputs_follow_compute_cni_config_inputs() {
    let cases: [InputsCase; 8] = [
        (
            "ipv4 single stack",
            &["10.244.0.0/24"],
            &["10.244.0.0/24"],
            &["0.0.0.0/0"],
        ),
        (
            "ipv6 single stack",
            &["fd00:10:244::/64"],
            &["fd00:10:244::/64"],
            &["::/0"],
        ),
        (
            "dual stack, IPv4 first",
            &["10.244.2.0/24", "fd00:10:244:2::/64"],
            &["10.244.2.0/24", "fd00:10:244:2::/64"],
            &["0.0.0.0/0", "::/0"],
        ),
        (
            "dual stack, IPv6 first: ranges keep podCIDRs order, routes do not",
            &["fd00:10:244:2::/64", "10.244.2.0/24"],
            &["fd00:10:244:2::/64", "10.244.2.0/24"],
            &["0.0.0.0/0", "::/0"],
        ),
        // The Node's strings go in as written; isIPv6CIDRString reads them with net.ParseCIDR.
        (
            "host bits kept",
            &["10.244.1.5/24"],
            &["10.244.1.5/24"],
            &["0.0.0.0/0"],
        ),
        (
            "not a CIDR: not IPv6, so the IPv4 route",
            &["not-a-cidr"],
            &["not-a-cidr"],
            &["0.0.0.0/0"],
        ),
        (
            "IPv4-mapped IPv6 is IPv4 to Go (To4)",
            &["::ffff:10.0.0.0/120"],
            &["::ffff:10.0.0.0/120"],
            &["0.0.0.0/0"],
        ),
        (
            "IPv6 with host bits",
            &["fd00:10:244:1::5/64"],
            &["fd00:10:244:1::5/64"],
            &["::/0"],
        ),
    ];
    for (description, pod_cidrs, ranges, routes) in cases {
        let inputs = compute_cni_config_inputs(&cidrs(pod_cidrs));
        assert_eq!(inputs.pod_cidrs, ranges, "{description}");
        assert_eq!(inputs.default_routes, routes, "{description}");
        let conf: Value = serde_json::from_str(&inputs.render()).unwrap();
        assert!(conf["plugins"][0].get("mtu").is_none(), "{description}");
    }
}

/// kindnetd's own node is written before any "has no CIDR" check: a node without a podCIDR gets the
/// legacy empty `spec.podCIDR` as its range, which host-local then refuses.
#[test]
fn node_without_pod_cidr_gets_an_empty_subnet() {
    let inputs = compute_cni_config_inputs(&[]);
    assert_eq!(inputs.pod_cidrs, [""]);
    assert_eq!(inputs.default_routes, ["0.0.0.0/0"]);
    assert!(inputs.render().contains("[ { \"subnet\": \"\" } ]"));
    assert_eq!(
        load_ipam_config_from_netconf(&inputs.ptp_netconf(), "")
            .unwrap_err()
            .to_string(),
        "invalid CIDR address: "
    );
}

#[test]
fn writer_skips_unchanged_inputs_and_rewrites_on_change() {
    let mut writer = CniConfigWriter::new(65535);
    let worker = compute_cni_config_inputs(&cidrs(&["10.244.1.0/24"]));
    assert_eq!(
        writer.write(worker.clone()).as_deref(),
        Some(SINGLE_STACK_MTU_65535)
    );
    assert_eq!(writer.write(worker), None);
    let moved = compute_cni_config_inputs(&cidrs(&["10.244.3.0/24"]));
    let text = writer.write(moved).unwrap();
    assert!(text.contains("\"subnet\": \"10.244.3.0/24\""));
}

/// The simulation hands host-local the writer's values instead of the text
/// (`CniConfigInputs::ptp_netconf`); loading either must give the same config and the same first error.
#[test]
fn ptp_netconf_loads_as_the_rendered_conflist_does() {
    let cases: [(&[&str], u32); 5] = [
        (&["10.244.1.0/24"], 65535),
        (&["fd00:10:244:1::/64"], 1500),
        (&["fd00:10:244:2::/64", "10.244.2.0/24"], 0),
        // Host bits kept in the string, as kindnetd copies what the Node object says.
        (&["10.244.1.7/24"], 1500),
        (&["10.244.1.0/24", "10.244.1.128/25"], 1500),
    ];
    let args = [
        "",
        "IgnoreUnknown=1",
        "IgnoreUnknown=1;K8S_POD_NAME=d;IP=10.244.1.9",
        "IgnoreUnknown=1;IP=not-an-ip",
        "K8S_POD_NAME=d",
    ];
    for (pod_cidrs, mtu) in cases {
        let inputs = compute_cni_config_inputs(&cidrs(pod_cidrs)).with_mtu(mtu);
        for cni_args in args {
            let from_text = load_ipam_config_from_conflist(inputs.render().as_bytes(), 0, cni_args);
            let from_values = load_ipam_config_from_netconf(&inputs.ptp_netconf(), cni_args);
            assert_eq!(from_values, from_text, "{pod_cidrs:?} with {cni_args:?}");
        }
    }
    // Which of them fail, and how, is what the comparison is about.
    let overlap = compute_cni_config_inputs(&cidrs(&["10.244.1.0/24", "10.244.1.128/25"]));
    assert_eq!(
        load_ipam_config_from_netconf(&overlap.ptp_netconf(), "")
            .unwrap_err()
            .to_string(),
        "range set 0 overlaps with 1"
    );
}

#[test]
fn writer_remembers_the_inputs_of_the_file_it_wrote() {
    let mut writer = CniConfigWriter::new(1500);
    assert_eq!(writer.written(), None);
    let inputs = compute_cni_config_inputs(&cidrs(&["10.244.1.0/24"]));
    writer.write(inputs.clone());
    assert_eq!(writer.written(), Some(&inputs.with_mtu(1500)));
}
