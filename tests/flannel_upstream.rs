//! flannel's CNI plugin against upstream's tests (`flannel-io/cni-plugin`, `flannel_linux_test.go`): the
//! delegate configuration saved per container for each `subnet.env` of the table, DEL removing it (and a
//! second DEL succeeding), `loadFlannelNetConf`'s defaults, `loadFlannelSubnetEnv`'s values and its
//! "missing" error, `getDelegateIPAM` with configured IPAM; and flanneld's side (`subnet.go`, `kube.go`,
//! the vxlan backend).

use podip::ipam::cni::CniResult;
use podip::ipam::flannel::flannel_linux::get_delegate_ipam;
use podip::ipam::flannel::{
    cmd_add, cmd_del, load_flannel_net_conf, load_flannel_subnet_env, ScratchStore,
    DEFAULT_DATA_DIR, DEFAULT_SUBNET_FILE,
};
use podip::ipam::flanneld::{
    acquire_lease, configure_device, vxlan_device, vxlan_mtu, vxlan_route_lines, write_subnet_file,
    Lease, SubnetConfig,
};
use serde_json::{json, Value};

const ONLY_IPV4: &str =
    "\nFLANNEL_NETWORK=10.1.0.0/16\nFLANNEL_SUBNET=10.1.17.1/24\nFLANNEL_MTU=1472\nFLANNEL_IPMASQ=true\n";
const ONLY_IPV6: &str =
    "\nFLANNEL_IPV6_NETWORK=fc00::/48\nFLANNEL_IPV6_SUBNET=fc00::1/64\nFLANNEL_MTU=1472\nFLANNEL_IPMASQ=true\n";
const DUAL_STACK: &str = "\nFLANNEL_NETWORK=10.1.0.0/16\nFLANNEL_SUBNET=10.1.17.1/24\nFLANNEL_IPV6_NETWORK=fc00::/48\nFLANNEL_IPV6_SUBNET=fc00::1/64\nFLANNEL_MTU=1472\nFLANNEL_IPMASQ=true\n";
const TWO_NETWORKS: &str = "\nFLANNEL_NETWORK=10.1.0.0/16,192.168.0.0/16\nFLANNEL_SUBNET=10.1.17.1/24\nFLANNEL_MTU=1472\nFLANNEL_IPMASQ=true\n";

/// `inputTemplate` without IPAM.
const INPUT: &str = r#"{"name": "cni-flannel", "type": "flannel", "subnetFile": "/tmp/subnet.env", "dataDir": "/tmp/dataDir"}"#;

/// "uses dataDir for storing network configuration": (subnet.env, the saved file as JSON).
#[test]
fn the_saved_delegate_for_each_stack() {
    let saved = |routes: Value, ranges: Value| {
        json!({"ipMasq": false, "ipam": {"routes": routes, "ranges": ranges, "type": "host-local"},
               "isGateway": true, "mtu": 1472, "name": "cni-flannel", "type": "bridge"})
    };
    for (env, expected) in [
        (
            ONLY_IPV4,
            saved(
                json!([{"dst": "10.1.0.0/16"}]),
                json!([[{"subnet": "10.1.17.0/24"}]]),
            ),
        ),
        (
            TWO_NETWORKS,
            saved(
                json!([{"dst": "10.1.0.0/16"}, {"dst": "192.168.0.0/16"}]),
                json!([[{"subnet": "10.1.17.0/24"}]]),
            ),
        ),
        (
            ONLY_IPV6,
            saved(
                json!([{"dst": "fc00::/48"}]),
                json!([[{"subnet": "fc00::/64"}]]),
            ),
        ),
        (
            DUAL_STACK,
            saved(
                json!([{"dst": "10.1.0.0/16"}, {"dst": "fc00::/48"}]),
                json!([[{"subnet": "10.1.17.0/24"}], [{"subnet": "fc00::/64"}]]),
            ),
        ),
    ] {
        let mut scratch = ScratchStore::default();
        let mut sent = Vec::new();
        let result = cmd_add(
            INPUT.as_bytes(),
            "some-container-id",
            Some(env),
            &mut scratch,
            |plugin, conf| {
                sent = conf.to_vec();
                assert_eq!(plugin, "bridge");
                Ok(CniResult::default())
            },
        );
        assert!(result.is_ok());
        let file = scratch.read("some-container-id").expect("the file exists");
        assert_eq!(
            file,
            sent.as_slice(),
            "the saved file is what the delegate got"
        );
        let parsed: Value = serde_json::from_slice(file).unwrap();
        assert_eq!(parsed, expected);

        let mut deleted = false;
        cmd_del(
            INPUT.as_bytes(),
            "some-container-id",
            &mut scratch,
            |_, _| {
                deleted = true;
                Ok(())
            },
        )
        .unwrap();
        assert!(deleted && scratch.read("some-container-id").is_none());
        // "calling DEL again": no file, no delegate, no error.
        cmd_del(
            INPUT.as_bytes(),
            "some-container-id",
            &mut scratch,
            |_, _| panic!("no delegate without a file"),
        )
        .unwrap();
    }
}

/// `loadFlannelNetConf`: given and defaulted `subnetFile` and `dataDir`.
#[test]
fn net_conf_defaults() {
    let given = load_flannel_net_conf(INPUT.as_bytes()).unwrap();
    assert_eq!(
        (
            given.name.as_str(),
            given.subnet_file.as_str(),
            given.data_dir.as_str()
        ),
        ("cni-flannel", "/tmp/subnet.env", "/tmp/dataDir")
    );
    let defaulted =
        load_flannel_net_conf(br#"{"name": "cni-flannel", "type": "flannel"}"#).unwrap();
    assert_eq!(defaulted.subnet_file, DEFAULT_SUBNET_FILE);
    assert_eq!(defaulted.data_dir, DEFAULT_DATA_DIR);
}

/// `loadFlannelSubnetEnv`: the values of each file, and `foo=bar`'s error.
#[test]
fn subnet_env_values_and_the_missing_error() {
    let v4 = load_flannel_subnet_env("f", Some(ONLY_IPV4)).unwrap();
    assert_eq!(
        (v4.nws[0].to_string(), v4.sn.unwrap().to_string()),
        ("10.1.0.0/16".into(), "10.1.17.0/24".into())
    );
    assert_eq!((v4.mtu, v4.ipmasq), (1472, true));
    let v6 = load_flannel_subnet_env("f", Some(ONLY_IPV6)).unwrap();
    assert_eq!(
        (v6.ip6_nws[0].to_string(), v6.ip6_sn.unwrap().to_string()),
        ("fc00::/48".into(), "fc00::/64".into())
    );
    let dual = load_flannel_subnet_env("f", Some(DUAL_STACK)).unwrap();
    assert!(dual.sn.is_some() && dual.ip6_sn.is_some());
    let err = load_flannel_subnet_env("f", Some("foo=bar"))
        .unwrap_err()
        .to_string();
    assert!(err.contains(
        "missing FLANNEL_NETWORK, FLANNEL_IPV6_NETWORK, FLANNEL_SUBNET, FLANNEL_IPV6_SUBNET, FLANNEL_MTU, FLANNEL_IPMASQ"
    ));
    // Before flanneld has written the file: the error a pod's events show on a new node.
    assert_eq!(
        load_flannel_subnet_env(DEFAULT_SUBNET_FILE, None).unwrap_err().to_string(),
        "failed to load flannel 'subnet.env' file: open /run/flannel/subnet.env: no such file or directory. \
         Check the flannel pod log for this node."
    );
}

/// `getDelegateIPAM` "when input IPAM is provided": its type and unknown keys kept, its routes first.
#[test]
fn delegate_ipam_with_configured_ipam() {
    let routes = json!([{"dst": "10.96.0.0/12"}, {"dst": "192.168.244.0/24", "gw": "10.1.17.20"}]);
    for (ipam_type, env, pods, ranges) in [
        (
            Some("my-ipam"),
            ONLY_IPV4,
            json!([{"dst": "10.1.0.0/16"}]),
            json!([[{"subnet": "10.1.17.0/24"}]]),
        ),
        (
            Some("my-ipam"),
            ONLY_IPV6,
            json!([{"dst": "fc00::/48"}]),
            json!([[{"subnet": "fc00::/64"}]]),
        ),
        (
            None,
            DUAL_STACK,
            json!([{"dst": "10.1.0.0/16"}, {"dst": "fc00::/48"}]),
            json!([[{"subnet": "10.1.17.0/24"}], [{"subnet": "fc00::/64"}]]),
        ),
    ] {
        let mut ipam = json!({"unknown-param": "unknown-value", "routes": routes});
        if let Some(t) = ipam_type {
            ipam["type"] = json!(t);
        }
        let input = json!({"name": "cni-flannel", "type": "flannel", "ipam": ipam}).to_string();
        let conf = load_flannel_net_conf(input.as_bytes()).unwrap();
        let fenv = load_flannel_subnet_env("f", Some(env)).unwrap();
        let got = Value::Object(get_delegate_ipam(&conf, &fenv).unwrap());
        let mut all_routes = routes.as_array().unwrap().clone();
        all_routes.extend(pods.as_array().unwrap().iter().cloned());
        let expected = json!({"type": ipam_type.unwrap_or("host-local"), "unknown-param": "unknown-value",
                              "routes": all_routes, "ranges": ranges});
        assert_eq!(got, expected);
    }
}

/// The delegate checks of `cmdAdd`.
#[test]
fn delegate_dictionary_checks() {
    for (delegate, want) in [
        (
            json!({"type": 1}),
            "'delegate' dictionary, if present, must have (string) 'type' field",
        ),
        (
            json!({"name": "x"}),
            "'delegate' dictionary must not have 'name' field, it'll be set by flannel",
        ),
        (
            json!({"ipam": {}}),
            "'delegate' dictionary must not have 'ipam' field, it'll be set by flannel",
        ),
    ] {
        let input = json!({"name": "cbr0", "type": "flannel", "delegate": delegate}).to_string();
        let err = cmd_add(
            input.as_bytes(),
            "id",
            Some(ONLY_IPV4),
            &mut ScratchStore::default(),
            |_, _| panic!("no delegate"),
        )
        .unwrap_err();
        assert_eq!(err.to_string(), want);
    }
}

/// flanneld: the lease is the node's podCIDR(s), `subnet.env` names the first address, vxlan takes 50
/// bytes and routes each other node's subnet via its network address, `onlink`.
#[test]
fn flanneld_subnet_env_and_vxlan_routes() {
    let config = SubnetConfig {
        network: Some("10.244.0.0/16".parse().unwrap()),
        ipv6_network: Some("fd00:10:244::/56".parse().unwrap()),
    };
    assert_eq!(
        acquire_lease("kind-worker", "", &[], &config)
            .unwrap_err()
            .to_string(),
        r#"node "kind-worker" pod cidr not assigned"#
    );
    let lease = acquire_lease("w", "10.244.1.0/24", &[], &config).unwrap();
    let dual = acquire_lease(
        "w",
        "10.244.1.0/24",
        &["10.244.1.0/24".into(), "fd00:10:244:1::/64".into()],
        &config,
    )
    .unwrap();
    assert_eq!(
        write_subnet_file(&config, true, &dual, vxlan_mtu(1500)),
        "FLANNEL_NETWORK=10.244.0.0/16\nFLANNEL_SUBNET=10.244.1.1/24\nFLANNEL_IPV6_NETWORK=fd00:10:244::/56\n\
         FLANNEL_IPV6_SUBNET=fd00:10:244:1::1/64\nFLANNEL_MTU=1450\nFLANNEL_IPMASQ=true\n"
    );
    let device = vxlan_device(1, 1500, &lease).unwrap();
    assert_eq!(
        (device.name.as_str(), device.mtu, device.address.to_string()),
        ("flannel.1", 1450, "10.244.1.0/32".into())
    );
    let others: Vec<Lease> = ["10.244.2.0/24", "10.244.0.0/24", "10.244.1.0/24"]
        .iter()
        .map(|c| acquire_lease("n", c, &[], &config).unwrap())
        .collect();
    assert_eq!(
        vxlan_route_lines(&device, &lease, &others),
        [
            "10.244.0.0/24 via 10.244.0.0 dev flannel.1 onlink",
            "10.244.2.0/24 via 10.244.2.0 dev flannel.1 onlink"
        ]
    );
}

/// kube.go `AcquireLease` and vxlan.go `configureDeviceIPv4IPv6` against `net-conf.json`, in upstream's
/// words (`%q` of the networks): a podCIDR outside `Network` fails after the Node is annotated; a
/// family the config does not enable is left out of the lease; an enabled family without a subnet
/// fails when the device is configured.
#[test]
fn flanneld_refuses_a_podcidr_outside_its_network() {
    let kube_flannel = SubnetConfig {
        network: Some("10.244.0.0/16".parse().unwrap()),
        ipv6_network: None,
    };
    let dual = SubnetConfig {
        network: Some("10.42.0.0/16".parse().unwrap()),
        ipv6_network: Some("fd00:42::/56".parse().unwrap()),
    };
    struct Case {
        description: &'static str,
        config: SubnetConfig,
        pod_cidrs: &'static [&'static str],
        want: Result<(Option<&'static str>, Option<&'static str>), &'static str>,
        annotated: bool,
    }
    let cases = [
        Case {
            description:
                "kubeadm's --pod-network-cidr=10.245.0.0/16 under the manifest's 10.244.0.0/16",
            config: kube_flannel,
            pod_cidrs: &["10.245.1.0/24"],
            want: Err(
                r#"subnet "10.244.0.0/16" specified in the flannel net config doesn't contain "10.245.1.0/24" PodCIDR of the "worker-1" node"#,
            ),
            annotated: true,
        },
        Case {
            description: "inside",
            config: kube_flannel,
            pod_cidrs: &["10.244.1.0/24"],
            want: Ok((Some("10.244.1.0/24"), None)),
            annotated: false,
        },
        Case {
            description: "a dual-stack node under a config without IPv6: IPv4 alone",
            config: kube_flannel,
            pod_cidrs: &["10.244.1.0/24", "fd00:10:244:1::/64"],
            want: Ok((Some("10.244.1.0/24"), None)),
            annotated: false,
        },
        Case {
            description: "an IPv6 podCIDR outside IPv6Network",
            config: dual,
            pod_cidrs: &["10.42.1.0/24", "fd00:43:0:1::/64"],
            want: Err(
                r#"subnet "fd00:42::/56" specified in the flannel net config doesn't contain "fd00:43:0:1::/64" IPv6 PodCIDR of the "worker-1" node"#,
            ),
            annotated: true,
        },
        Case {
            description: "an IPv6-only node: the lease has no IPv4 (configureDeviceIPv4IPv6 fails)",
            config: kube_flannel,
            pod_cidrs: &["fd00:10:244:1::/64"],
            want: Ok((None, None)),
            annotated: false,
        },
    ];
    for case in cases {
        let cidrs: Vec<String> = case.pod_cidrs.iter().map(|c| c.to_string()).collect();
        let got = acquire_lease("worker-1", &cidrs[0], &cidrs, &case.config);
        match (&got, case.want) {
            (Ok(lease), Ok((v4, v6))) => {
                assert_eq!(
                    (
                        lease.subnet.map(|n| n.to_string()),
                        lease.ipv6_subnet.map(|n| n.to_string())
                    ),
                    (v4.map(String::from), v6.map(String::from)),
                    "{}",
                    case.description
                );
            }
            (Err(err), Err(want)) => {
                assert_eq!(err.to_string(), want, "{}", case.description);
                assert_eq!(err.annotated(), case.annotated, "{}", case.description);
            }
            (got, want) => panic!("{}: got {got:?}, want {want:?}", case.description),
        }
    }
    let v6_only = acquire_lease(
        "worker-1",
        "fd00:10:244:1::/64",
        &["fd00:10:244:1::/64".into()],
        &kube_flannel,
    )
    .unwrap();
    assert_eq!(
        configure_device(&kube_flannel, &v6_only)
            .unwrap_err()
            .to_string(),
        "failed to configure interface flannel.1: IPv4 is enabled but the lease has no IPv4"
    );
    let v4_only = acquire_lease("worker-1", "10.42.1.0/24", &[], &dual).unwrap();
    assert_eq!(
        configure_device(&dual, &v4_only).unwrap_err().to_string(),
        "failed to configure interface flannel-v6.1: IPv6 is enabled but the lease has no IPv6"
    );
}
