//! `load_ipam_config`, row for row from upstream's `config_test.go` ("IPAM config"), plus the
//! validation errors and `CNI_ARGS` behaviour of `LoadIPAMConfig` / `types.LoadArgs`.

// The same tables run natively and, compiled to wasm32, under wasm-bindgen-test in Node.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::ipam::hostlocal::{load_ipam_config, load_ipam_config_from_conflist, IpamConfig};
use std::net::IpAddr;

fn load(json: &str, args: &str) -> IpamConfig {
    load_ipam_config(json.as_bytes(), args)
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn error(json: &str, args: &str) -> String {
    load_ipam_config(json.as_bytes(), args)
        .expect_err("config must be rejected")
        .to_string()
}

fn ips(list: &[&str]) -> Vec<IpAddr> {
    list.iter()
        .map(|s| s.parse().expect("literal IP"))
        .collect()
}

fn sets(conf: &IpamConfig) -> Vec<String> {
    conf.ranges.iter().map(ToString::to_string).collect()
}

/// config_test.go: "Should parse an old-style config".
#[test]
fn old_style_config() {
    let json = r#"{"cniVersion": "0.3.1", "name": "mynet", "type": "ipvlan", "master": "foo0",
        "ipam": {"type": "host-local", "subnet": "10.1.2.0/24", "rangeStart": "10.1.2.9",
                 "rangeEnd": "10.1.2.20", "gateway": "10.1.2.30"}}"#;
    let (conf, version) = load_ipam_config(json.as_bytes(), "").unwrap();
    assert_eq!(version, "0.3.1");
    assert_eq!(conf.name, "mynet");
    assert_eq!(conf.ipam_type, "host-local");
    assert_eq!(sets(&conf), ["10.1.2.9-10.1.2.20"]);
    let range = &conf.ranges[0].ranges()[0];
    assert_eq!(range.gateway.to_string(), "10.1.2.30");
    assert_eq!(range.subnet.to_string(), "10.1.2.0/24");
    assert_eq!(conf.data_dir, "");
}

/// config_test.go: "Should parse a new-style config".
#[test]
fn new_style_config() {
    let json = r#"{"cniVersion": "0.3.1", "name": "mynet", "type": "ipvlan", "master": "foo0",
        "ipam": {"type": "host-local", "ranges": [
            [{"subnet": "10.1.2.0/24", "rangeStart": "10.1.2.9", "rangeEnd": "10.1.2.20", "gateway": "10.1.2.30"},
             {"subnet": "10.1.4.0/24"}],
            [{"subnet": "11.1.2.0/24", "rangeStart": "11.1.2.9", "rangeEnd": "11.1.2.20", "gateway": "11.1.2.30"}]]}}"#;
    let conf = load(json, "");
    assert_eq!(
        sets(&conf),
        [
            "10.1.2.9-10.1.2.20,10.1.4.1-10.1.4.254",
            "11.1.2.9-11.1.2.20"
        ]
    );
    assert_eq!(conf.ranges[0].ranges()[1].gateway.to_string(), "10.1.4.1");
}

/// config_test.go: "Should parse a mixed config with runtime args" — runtimeConfig.ipRanges first,
/// then the legacy range, then ipam.ranges.
#[test]
fn mixed_config_with_runtime_ranges() {
    let json = r#"{"cniVersion": "0.3.1", "name": "mynet", "type": "ipvlan", "master": "foo0",
        "runtimeConfig": {"irrelevant": "a", "ipRanges": [[{"subnet": "12.1.3.0/24"}]]},
        "ipam": {"type": "host-local", "subnet": "10.1.2.0/24", "rangeStart": "10.1.2.9",
                 "rangeEnd": "10.1.2.20", "gateway": "10.1.2.30",
                 "ranges": [[{"subnet": "11.1.2.0/24", "rangeStart": "11.1.2.9", "rangeEnd": "11.1.2.20", "gateway": "11.1.2.30"}]]}}"#;
    assert_eq!(
        sets(&load(json, "")),
        [
            "12.1.3.1-12.1.3.254",
            "10.1.2.9-10.1.2.20",
            "11.1.2.9-11.1.2.20"
        ]
    );
}

const ONE_RANGE: &str = r#"{"cniVersion": "0.3.1", "name": "mynet", "type": "ipvlan", "master": "foo0",
    "ipam": {"type": "host-local", "ranges": [[{"subnet": "10.1.2.0/24", "rangeStart": "10.1.2.9",
             "rangeEnd": "10.1.2.20", "gateway": "10.1.2.30"}]]}}"#;

/// config_test.go: "Should parse CNI_ARGS env" (without / with prefix), and IgnoreUnknown.
#[test]
fn cni_args_ip() {
    assert_eq!(load(ONE_RANGE, "IP=10.1.2.10").ip_args, ips(&["10.1.2.10"]));
    assert_eq!(
        load(ONE_RANGE, "IP=10.1.2.11/24").ip_args,
        ips(&["10.1.2.11"])
    );
    // kubelet/containerd's CNI_ARGS (docs/upstream-notes.md §21): unknown keys tolerated with IgnoreUnknown=1.
    let containerd = "IgnoreUnknown=1;K8S_POD_NAMESPACE=default;K8S_POD_NAME=web;K8S_POD_INFRA_CONTAINER_ID=abc;K8S_POD_UID=u";
    assert!(load(ONE_RANGE, containerd).ip_args.is_empty());
    assert!(load(ONE_RANGE, "IgnoreUnknown=TRUE;X=1;IP=")
        .ip_args
        .is_empty());
}

/// config_test.go: "Should parse config args" (without / with prefix): CNI_ARGS first, then args.cni.ips.
#[test]
fn config_args_ips() {
    for (env, listed) in [
        (
            "IP=10.1.2.10",
            r#"[ "10.1.2.11", "11.11.11.11", "2001:db8:1::11"]"#,
        ),
        (
            "IP=10.1.2.10/24",
            r#"[ "10.1.2.11/24", "11.11.11.11/24", "2001:db8:1::11/64"]"#,
        ),
    ] {
        let json = format!(
            r#"{{"cniVersion": "0.3.1", "name": "mynet", "args": {{"cni": {{"ips": {listed}}}}},
            "ipam": {{"type": "host-local", "ranges": [
                [{{"subnet": "10.1.2.0/24", "rangeStart": "10.1.2.9", "rangeEnd": "10.1.2.20", "gateway": "10.1.2.30"}}],
                [{{"subnet": "11.1.2.0/24", "rangeStart": "11.1.2.9", "rangeEnd": "11.1.2.20", "gateway": "11.1.2.30"}}],
                [{{"subnet": "2001:db8:1::/64"}}]]}}}}"#
        );
        assert_eq!(
            load(&json, env).ip_args,
            ips(&["10.1.2.10", "10.1.2.11", "11.11.11.11", "2001:db8:1::11"])
        );
    }
}

/// config_test.go: "Should parse custom IPs from runtime configuration".
#[test]
fn runtime_config_ips() {
    let json = r#"{"cniVersion": "0.3.1", "name": "mynet",
        "runtimeConfig": {"ips": ["192.168.0.1", "192.168.0.5/24", "2001:db8::1/64"]},
        "ipam": {"type": "host-local", "subnet": "10.1.2.0/24"}}"#;
    assert_eq!(
        load(json, "").ip_args,
        ips(&["192.168.0.1", "192.168.0.5", "2001:db8::1"])
    );
}

/// config_test.go: "Should allow one v4 and v6 range for 0.2.0".
#[test]
fn one_range_per_family_for_old_versions() {
    let json = r#"{"cniVersion": "0.2.0", "name": "mynet",
        "ipam": {"type": "host-local", "ranges": [[{"subnet": "10.1.2.0/24"}], [{"subnet": "2001:db8:1::/48"}]]}}"#;
    assert_eq!(load(json, "").ranges.len(), 2);
}

/// config_test.go error rows, then the other `LoadIPAMConfig` errors.
#[test]
fn errors() {
    let rows: &[(&str, &str, &str, &str)] = &[
        (
            "Should detect overlap between rangesets",
            r#"{"cniVersion": "0.3.1", "name": "mynet", "ipam": {"type": "host-local", "ranges": [
                [{"subnet": "10.1.2.0/24"}, {"subnet": "10.2.2.0/24"}],
                [{"subnet": "10.1.4.0/24"}, {"subnet": "10.1.6.0/24"}, {"subnet": "10.1.8.0/24"}, {"subnet": "10.1.2.0/24"}]]}}"#,
            "",
            "range set 0 overlaps with 1",
        ),
        (
            "Should detect overlap within rangeset",
            r#"{"cniVersion": "0.3.1", "name": "mynet", "ipam": {"type": "host-local", "ranges": [
                [{"subnet": "10.1.0.0/22"}, {"subnet": "10.1.2.0/24"}]]}}"#,
            "",
            "invalid range set 0: subnets 10.1.0.1-10.1.3.254 and 10.1.2.1-10.1.2.254 overlap",
        ),
        (
            "should error on rangesets with different families",
            r#"{"cniVersion": "0.3.1", "name": "mynet", "ipam": {"type": "host-local", "ranges": [
                [{"subnet": "10.1.0.0/22"}, {"subnet": "2001:db8:5::/64"}]]}}"#,
            "",
            "invalid range set 0: mixed address families",
        ),
        (
            "Should should error on too many ranges",
            r#"{"cniVersion": "0.2.0", "name": "mynet", "ipam": {"type": "host-local", "ranges": [
                [{"subnet": "10.1.2.0/24"}], [{"subnet": "11.1.2.0/24"}]]}}"#,
            "",
            "CNI version 0.2.0 does not support more than 1 address per family",
        ),
        (
            "(LoadIPAMConfig) an empty cniVersion counts as < 0.3.0",
            r#"{"name": "mynet", "ipam": {"ranges": [[{"subnet": "10.1.2.0/24"}], [{"subnet": "11.1.2.0/24"}]]}}"#,
            "",
            "CNI version  does not support more than 1 address per family",
        ),
        ("(LoadIPAMConfig) no ipam", r#"{"cniVersion": "0.3.1", "name": "mynet"}"#, "", "IPAM config missing 'ipam' key"),
        ("(LoadIPAMConfig) ipam null", r#"{"name": "mynet", "ipam": null}"#, "", "IPAM config missing 'ipam' key"),
        ("(LoadIPAMConfig) no ranges", r#"{"name": "mynet", "ipam": {"type": "host-local"}}"#, "", "no IP ranges specified"),
        (
            "(LoadIPAMConfig) a legacy range without subnet is ignored",
            r#"{"name": "mynet", "ipam": {"rangeStart": "10.0.0.5"}}"#,
            "",
            "no IP ranges specified",
        ),
        ("(RangeSet.Canonicalize) empty set", r#"{"name": "n", "ipam": {"ranges": [[]]}}"#, "", "invalid range set 0: empty range set"),
        ("(RangeSet.Canonicalize) null set", r#"{"name": "n", "ipam": {"ranges": [null]}}"#, "", "invalid range set 0: empty range set"),
        (
            "(Range.Canonicalize) range without subnet",
            r#"{"name": "n", "ipam": {"ranges": [[{"rangeStart": "10.0.0.5"}]]}}"#,
            "",
            "invalid range set 0: IP <nil> not v4 nor v6",
        ),
        (
            "(Range.Canonicalize) host bits, in the second set",
            r#"{"cniVersion": "0.3.1", "name": "n", "ipam": {"ranges": [[{"subnet": "10.0.0.0/24"}], [{"subnet": "10.0.1.7/24"}]]}}"#,
            "",
            "invalid range set 1: Network has host bits set. For a subnet mask of length 24 the network address is 10.0.1.0",
        ),
        (
            "(types.IPNet) subnet that does not parse",
            r#"{"name": "n", "ipam": {"subnet": "10.0.0.0"}}"#,
            "",
            "invalid CIDR address: 10.0.0.0",
        ),
        (
            "(types.IPNet) null subnet is parsed as the empty string",
            r#"{"name": "n", "ipam": {"ranges": [[{"subnet": null}]]}}"#,
            "",
            "invalid CIDR address: ",
        ),
        (
            "(net.IP) gateway that does not parse",
            r#"{"name": "n", "ipam": {"subnet": "10.0.0.0/24", "gateway": "10.0.0.256"}}"#,
            "",
            "invalid IP address: 10.0.0.256",
        ),
        (
            "(pkg/ip) runtimeConfig ip that does not parse",
            r#"{"name": "n", "runtimeConfig": {"ips": ["foo"]}, "ipam": {"subnet": "10.0.0.0/24"}}"#,
            "",
            "invalid IP address foo",
        ),
        (
            "(LoadIPAMConfig) empty requested IP",
            r#"{"name": "n", "args": {"cni": {"ips": [""]}}, "ipam": {"subnet": "10.0.0.0/24"}}"#,
            "",
            "cannot understand ip: IP <nil> not v4 nor v6",
        ),
        (
            "(LoadIPAMConfig) null requested IP: upstream dereferences a nil *ip.IP",
            r#"{"name": "n", "runtimeConfig": {"ips": [null]}, "ipam": {"subnet": "10.0.0.0/24"}}"#,
            "",
            "panic: runtime error: invalid memory address or nil pointer dereference",
        ),
        (
            "(LoadIPAMConfig) rangeFromFile on a node without that file",
            r#"{"name": "n", "ipam": {"rangeFromFile": "/etc/ranges.conf"}}"#,
            "",
            r#"failed to read rangeFromFile "/etc/ranges.conf": open /etc/ranges.conf: no such file or directory"#,
        ),
        ("(types.LoadArgs) pair without =", ONE_RANGE, "IgnoreUnknown=1;foo", r#"ARGS: invalid pair "foo""#),
        ("(types.LoadArgs) trailing ;", ONE_RANGE, "IP=10.1.2.10;", r#"ARGS: invalid pair """#),
        ("(types.LoadArgs) two =", ONE_RANGE, "K8S_POD_NAME=a=b", r#"ARGS: invalid pair "K8S_POD_NAME=a=b""#),
        (
            "(types.LoadArgs) unknown without IgnoreUnknown",
            ONE_RANGE,
            "K8S_POD_NAME=web;FOO=bar",
            r#"ARGS: unknown args ["K8S_POD_NAME=web" "FOO=bar"]"#,
        ),
        (
            "(types.LoadArgs) bad IP value, with the stray parenthesis",
            ONE_RANGE,
            "IP=foo",
            r#"ARGS: error parsing value of pair "IP=foo": invalid IP address foo)"#,
        ),
        (
            "(types.LoadArgs) bad bool",
            ONE_RANGE,
            "IgnoreUnknown=Yes",
            r#"ARGS: error parsing value of pair "IgnoreUnknown=Yes": Boolean unmarshal error: invalid input yes)"#,
        ),
        (
            "(types.LoadArgs) the embedded struct's name is a field too",
            ONE_RANGE,
            "CommonArgs=1",
            "ARGS: cannot unmarshal into field 'CommonArgs' - type '*types.CommonArgs' does not implement encoding.TextUnmarshaler",
        ),
    ];
    for (upstream, json, args, want) in rows {
        assert_eq!(error(json, args), *want, "{upstream}");
    }
}

/// Decoding: structural JSON errors are reported (serde's wording), and Go's last-key-wins holds.
#[test]
fn decoding() {
    assert!(!error("", "").is_empty());
    assert!(!error("{", "").is_empty());
    assert!(!error(r#"{"name": 5, "ipam": {}}"#, "").is_empty());
    let repeated = r#"{"name": "a", "name": "b", "ipam": {"subnet": "10.0.0.0/24"}}"#;
    assert_eq!(load(repeated, "").name, "b");
    let routes = r#"{"name": "n", "ipam": {"subnet": "10.0.0.0/24", "dataDir": "/run/cni-ipam-state",
        "routes": [{"dst": "0.0.0.0/0"}, {"dst": "192.168.0.0/16", "gw": "10.0.0.254"}]}}"#;
    let conf = load(routes, "");
    assert_eq!(conf.data_dir, "/run/cni-ipam-state");
    assert_eq!(conf.routes.len(), 2);
    assert_eq!(conf.routes[1].gw, Some("10.0.0.254".parse().unwrap()));
}

/// The ptp entry of kindnet's conflist (docs/upstream-notes.md §20), as libcni hands it to the plugin.
#[test]
fn kindnet_conflist_plugin_entry() {
    let conflist = r#"{"cniVersion": "0.3.1", "name": "kindnet", "plugins": [
        {"type": "ptp", "ipMasq": false, "mtu": 1500, "ipam": {"type": "host-local",
         "dataDir": "/run/cni-ipam-state", "routes": [{"dst": "0.0.0.0/0"}, {"dst": "::/0"}],
         "ranges": [[{"subnet": "10.244.1.0/24"}], [{"subnet": "fd00:10:244:1::/64"}]]}},
        {"type": "portmap", "capabilities": {"portMappings": true}}]}"#;
    let (conf, version) = load_ipam_config_from_conflist(conflist.as_bytes(), 0, "").unwrap();
    assert_eq!((conf.name.as_str(), version.as_str()), ("kindnet", "0.3.1"));
    assert_eq!(
        sets(&conf),
        [
            "10.244.1.1-10.244.1.254",
            "fd00:10:244:1::1-fd00:10:244:1:ffff:ffff:ffff:ffff"
        ]
    );
    let portmap = load_ipam_config_from_conflist(conflist.as_bytes(), 1, "");
    assert_eq!(
        portmap.unwrap_err().to_string(),
        "IPAM config missing 'ipam' key"
    );
}
