//! Bad scenario text fails with `line N: ...` naming what is wrong; `cluster` with kcm's own texts.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::sim::Scenario;

fn error(text: &str) -> String {
    Scenario::parse(text).expect_err("should fail").to_string()
}

const CLUSTER: &str = "cluster --cluster-cidr=10.244.0.0/16\n";

#[test]
fn table_of_bad_lines() {
    let rows: [(&str, String); 26] = [
        ("frob", "line 1: unknown command \"frob\" (expected set, cluster, node, pod or wait)".into()),
        ("node add a", "line 1: no cluster yet: start the scenario with a cluster line".into()),
        (
            "cluster --cluster-cidr=10.0.0.0/26 --node-cidr-mask-size=24",
            "line 1: Controller: Invalid --cluster-cidr, mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family".into(),
        ),
        (
            "cluster --cluster-cidr=10.0.0.0/8,10.1.0.0/16",
            "line 1: len of ClusterCIDRs==2 and they are not configured as dual stack (at least one from each IPFamily".into(),
        ),
        (
            "cluster --cluster-cidr=10.244.0.0/16,fd00::/56 --node-cidr-mask-size=24",
            "line 1: usage of --node-cidr-mask-size is not allowed with dual-stack clusters".into(),
        ),
        // On, the cluster CIDR is required; kcm's ParseCIDRs refuses the empty one.
        (
            "cluster --allocate-node-cidrs=true",
            "line 1: failed to parse cidr value:\"\" with error:invalid CIDR address: ".into(),
        ),
        (
            "cluster --allocate-node-cidrs=yes",
            "line 1: invalid argument \"yes\" for \"--allocate-node-cidrs\" flag: strconv.ParseBool: parsing \"yes\": invalid syntax".into(),
        ),
        ("cluster --allocate-node-cidrs=false --allocate-node-cidrs", "line 1: flag given twice: --allocate-node-cidrs".into()),
        // Tolerations are the scheduler's; a pod with spec.nodeName never meets it.
        (
            &format!("{CLUSTER}node add n\npod add x --node=n --toleration=:NoSchedule"),
            "line 3: usage: pod add NAME [--node=NODE [--ip=IP] | --toleration=KEY[:EFFECT][,KEY[:EFFECT]]] | \
             pod add-many PREFIX --node=NODE --count=N | pod delete NAME [--grace-period=SECONDS] | \
             pod delete-many PREFIX --count=N [--grace-period=SECONDS]".into(),
        ),
        (&format!("{CLUSTER}node exec ghost ip link delete cni0"), "line 2: nodes \"ghost\" not found".into()),
        (&format!("{CLUSTER}{CLUSTER}"), "line 2: cluster given twice".into()),
        (&format!("{CLUSTER}wait 2.3"), "line 2: invalid duration \"2.3\" (use a number and a unit: 500ms, 2.3s, 1m, 1m30s)".into()),
        (&format!("{CLUSTER}wait 0.5ms"), "line 2: duration \"0.5ms\" is finer than the 1ms virtual clock".into()),
        (&format!("{CLUSTER}node delete ghost"), "line 2: nodes \"ghost\" not found".into()),
        (&format!("{CLUSTER}node add a\n# fine\nnode add a"), "line 4: nodes \"a\" already exists".into()),
        (&format!("{CLUSTER}pod add x --node=nowhere"), "line 2: nodes \"nowhere\" not found".into()),
        // Without a node the scheduler binds the pod, but a requested IP is the kubelet's to pass on.
        (&format!("{CLUSTER}node add w\npod add x --ip=10.244.0.9"), "line 3: required flag --node not set".into()),
        (&format!("{CLUSTER}node add w\npod add-many p --count=2"), "line 3: required flag --node not set".into()),
        (&format!("{CLUSTER}node add w\npod add x --node=w --ip=10.0.0.300"), "line 3: invalid --ip \"10.0.0.300\": not an IP address".into()),
        (&format!("{CLUSTER}node add w\npod add x --node=w --ip=10.0.0.3/33"), "line 3: invalid --ip \"10.0.0.3/33\": not an IP address".into()),
        (&format!("{CLUSTER}node add w\npod delete x"), "line 3: pods \"x\" not found".into()),
        ("set del-lag=soon", "line 1: invalid duration \"soon\" (use a number and a unit: 500ms, 2.3s, 1m, 1m30s)".into()),
        // ifindexes the kernel can hand out: 2 (after lo) up to INT_MAX.
        ("set pod-first-ifindex=1", "line 1: pod-first-ifindex: invalid number \"1\"".into()),
        ("set node-first-ifindex=2147483648", "line 1: node-first-ifindex: invalid number \"2147483648\"".into()),
        ("set node-first-ifindex=-3", "line 1: node-first-ifindex: invalid number \"-3\"".into()),
        (&format!("{CLUSTER}node add Bad_Name"), "line 2: metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')".into()),
    ];
    for (text, want) in rows {
        assert_eq!(error(text), want, "{text}");
    }
}

#[test]
fn a_gracefully_deleted_name_stays_taken() {
    let text = format!("{CLUSTER}node add w\npod add a --node=w\npod delete a --grace-period=30\npod add a --node=w");
    assert_eq!(error(&text), "line 5: pods \"a\" already exists");
}

#[test]
fn comments_blank_lines_and_both_flag_forms_are_accepted() {
    let s = Scenario::parse(
        "# header\n\ncluster --cluster-cidr 10.244.0.0/16   # trailing\nnode add w\nwait 1m30s\nwait 500ms\n",
    )
    .expect("parses");
    assert_eq!(s.end.as_millis(), 90_500);
    assert_eq!(s.commands.len(), 2);
}
