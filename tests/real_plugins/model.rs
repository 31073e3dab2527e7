//! podip's side: a CNI chain as podip models it, taking the same calls as the real plugins.
//!
//! A chain is the conflist podip writes for a node and what ADD and DEL do with it: [`Kindnet`]
//! (kindnetd's ptp + host-local + portmap, run as `src/sim/runtime.rs` runs it) and [`Flannel`]
//! (flanneld's `subnet.env`, flannel's plugin delegating to bridge + host-local, then portmap).

use podip::ipam::bridge::{self, CmdArgs};
use podip::ipam::cni::CniResult;
use podip::ipam::flannel::{self, ScratchStore};
use podip::ipam::flanneld::{acquire_lease, vxlan_mtu, write_subnet_file, SubnetConfig};
use podip::ipam::hostlocal::{self, load_ipam_config_from_netconf, Store};
use podip::ipam::kindnet::{compute_cni_config_inputs, CniConfigInputs, CniConfigWriter};
use podip::ipam::ptp::{self, Entropy, NetNs};
use std::collections::BTreeMap;

/// The sandbox interface name containerd asks for.
pub const IF_NAME: &str = "eth0";

/// One pod sandbox, as the runtime names it to CNI.
#[derive(Debug, Clone)]
pub struct Sandbox {
    /// The pod's name (for the report).
    pub pod: String,
    /// `CNI_CONTAINERID`.
    pub container_id: String,
    /// The sandbox's namespace name under `/var/run/netns`.
    pub netns_name: String,
    /// The ifindex its first link gets (2, or more where the kernel adds fallback tunnels).
    pub first_free_ifindex: u32,
    /// `CNI_ARGS`, as containerd writes them.
    pub cni_args: String,
}

/// A CNI chain as podip models it.
pub trait ModelChain {
    /// The conflist podip writes on the node, which the real plugins read.
    fn conflist(&self) -> &str;
    /// CNI ADD. On failure, also the teardown containerd runs (host-local's rollback and the DEL), as
    /// the simulation does; the text is the plugin's error.
    fn add(&mut self, sandbox: &Sandbox) -> Result<CniResult, String>;
    /// CNI DEL.
    fn del(&mut self, sandbox: &Sandbox);
    /// The node's namespace.
    fn node(&self) -> &NetNs;
    /// A sandbox's namespace, by container ID, while it has one.
    fn pod(&self, container_id: &str) -> Option<&NetNs>;
    /// The IPAM data directory's path and its files (name, exact content) as `ls` orders them; `None`
    /// before the plugin first created it.
    fn data_dir(&self) -> (String, Option<Vec<(String, String)>>);
}

/// kindnetd's chain: `10-kindnet.conflist` (ptp + host-local + portmap) over a node's podCIDRs.
pub struct Kindnet {
    /// The conflist's text, as kindnetd's writer renders it.
    conflist: String,
    /// The inputs it was rendered from, with the node's MTU.
    inputs: CniConfigInputs,
    /// The node's namespace.
    node: NetNs,
    /// Each live sandbox's namespace, by container ID.
    pods: BTreeMap<String, NetNs>,
    /// host-local's directory, once the first ADD created it.
    store: Option<Store>,
    /// The model's random draws (veth names, MACs); the bench normalises them against the kernel's.
    entropy: Entropy,
}

impl Kindnet {
    /// kindnetd on a node whose `spec.podCIDRs` are `pod_cidrs` and whose `eth0` has `mtu`, with
    /// host-local's `dataDir` at `data_dir` (the test's own, for kindnet's `/run/cni-ipam-state`).
    pub fn new(pod_cidrs: &[&str], mtu: u32, data_dir: &'static str, node: NetNs) -> Self {
        let cidrs: Vec<String> = pod_cidrs.iter().map(|c| c.to_string()).collect();
        let inputs = CniConfigInputs {
            ipam_data_dir: data_dir,
            ..compute_cni_config_inputs(&cidrs)
        };
        let mut writer = CniConfigWriter::new(mtu);
        let conflist = writer.write(inputs).expect("a first write writes");
        let inputs = writer.written().expect("just written").clone();
        Kindnet {
            conflist,
            inputs,
            node,
            pods: BTreeMap::new(),
            store: None,
            entropy: Entropy::from_seed(1),
        }
    }
}

impl ModelChain for Kindnet {
    fn conflist(&self) -> &str {
        &self.conflist
    }

    fn add(&mut self, sandbox: &Sandbox) -> Result<CniResult, String> {
        let (ipam, cni_version) =
            load_ipam_config_from_netconf(&self.inputs.ptp_netconf(), &sandbox.cni_args)
                .map_err(|err| err.to_string())?;
        let store = self
            .store
            .get_or_insert_with(|| Store::new(&ipam.data_dir, &ipam.name));
        let id = sandbox.container_id.as_str();
        let mut pod = NetNs::pod(sandbox.netns_name.as_str(), sandbox.first_free_ifindex);
        let added = hostlocal::cmd_add(&ipam, &cni_version, store, id, IF_NAME)
            .map_err(|err| err.to_string())
            .and_then(|ipam_result| {
                ptp::cmd_add(
                    &mut self.node,
                    &mut pod,
                    IF_NAME,
                    ipam_result,
                    self.inputs.mtu,
                    &mut self.entropy,
                )
                .map_err(|err| err.to_string())
            });
        match added {
            Ok(result) => {
                self.pods.insert(sandbox.container_id.clone(), pod);
                Ok(result)
            }
            Err(text) => {
                // ptp's deferred IPAM DEL, then containerd's teardown DEL of the failed sandbox.
                hostlocal::cmd_del(&ipam, store, id, IF_NAME);
                ptp::cmd_del(&mut self.node, Some(&mut pod), IF_NAME);
                Err(text)
            }
        }
    }

    fn del(&mut self, sandbox: &Sandbox) {
        // The simulation's DEL reads the chain loaded without the sandbox's IP=, which DEL ignores.
        let (ipam, _) =
            load_ipam_config_from_netconf(&self.inputs.ptp_netconf(), "IgnoreUnknown=1")
                .expect("the conflist an ADD loaded loads again");
        if let Some(store) = self.store.as_mut() {
            hostlocal::cmd_del(&ipam, store, &sandbox.container_id, IF_NAME);
        }
        let mut pod = self.pods.remove(&sandbox.container_id);
        ptp::cmd_del(&mut self.node, pod.as_mut(), IF_NAME);
    }

    fn node(&self) -> &NetNs {
        &self.node
    }

    fn pod(&self, container_id: &str) -> Option<&NetNs> {
        self.pods.get(container_id)
    }

    fn data_dir(&self) -> (String, Option<Vec<(String, String)>>) {
        let dir = format!(
            "{}/{}",
            self.inputs.ipam_data_dir,
            self.inputs.ptp_netconf().name
        );
        let files = self.store.as_ref().map(|store| {
            store
                .ls()
                .into_iter()
                .map(|name| {
                    let content = store.cat(&name).unwrap_or_default();
                    (name, content)
                })
                .collect()
        });
        (dir, files)
    }
}

/// flannel's chain on a node: flanneld's `subnet.env` (kube subnet manager, vxlan, `--ip-masq`), kube-flannel's
/// conflist entry (`{"type":"flannel","delegate":{"hairpinMode":true,"isDefaultGateway":true}}`, named
/// `cbr0`) and the bridge it delegates to.
pub struct Flannel {
    /// What the real plugins run: the delegate configuration podip's flannel builds, as the list's first
    /// plugin (flannel itself is not in Debian's package), then portmap.
    conflist: String,
    /// The flannel plugin's own configuration (the conflist's flannel entry, with the list's name and
    /// version), pointing host-local's `dataDir` at the bench's directory.
    flannel_conf: Vec<u8>,
    /// `/run/flannel/subnet.env`, as flanneld writes it.
    subnet_env: String,
    /// `/var/lib/cni/flannel`.
    scratch: ScratchStore,
    /// The node's namespace.
    node: NetNs,
    /// Each live sandbox's namespace, by container ID.
    pods: BTreeMap<String, NetNs>,
    /// host-local's directory, once the first ADD opened it.
    disk: Option<Store>,
    /// host-local's `dataDir`.
    data_dir: String,
    /// The model's random draws.
    entropy: Entropy,
}

impl Flannel {
    /// flanneld and flannel's plugin on a node whose `spec.podCIDRs` are `pod_cidrs` and whose uplink's MTU
    /// is `mtu`, in a cluster whose flannel `Network` is `network` (and `IPv6Network` `ipv6_network`).
    pub fn new(
        pod_cidrs: &[&str],
        mtu: u32,
        network: &str,
        ipv6_network: Option<&str>,
        data_dir: &str,
        node: NetNs,
    ) -> Self {
        let cidrs: Vec<String> = pod_cidrs.iter().map(|c| c.to_string()).collect();
        let config = SubnetConfig {
            network: Some(network.parse().expect("a network")),
            ipv6_network: ipv6_network.map(|n| n.parse().expect("an IPv6 network")),
        };
        let lease =
            acquire_lease("node", &cidrs[0], &cidrs, &config).expect("the node has a podCIDR");
        let subnet_env = write_subnet_file(&config, true, &lease, vxlan_mtu(mtu));
        let flannel_conf = serde_json::json!({
            "cniVersion": "0.3.1",
            "name": "cbr0",
            "type": "flannel",
            "delegate": { "hairpinMode": true, "isDefaultGateway": true },
            "ipam": { "dataDir": data_dir },
        })
        .to_string()
        .into_bytes();
        let n = flannel::load_flannel_net_conf(&flannel_conf).expect("the conf loads");
        let fenv = flannel::load_flannel_subnet_env(&n.subnet_file, Some(&subnet_env))
            .expect("flanneld's subnet.env loads");
        let mut delegate =
            flannel::flannel_linux::delegate_conf(&n, &fenv).expect("the delegate builds");
        // libcni sets the list's name and version on each plugin; the delegate has both already.
        delegate.remove("name");
        delegate.remove("cniVersion");
        let conflist = serde_json::json!({
            "cniVersion": "0.3.1",
            "name": "cbr0",
            "plugins": [delegate, { "type": "portmap", "capabilities": { "portMappings": true } }],
        })
        .to_string();
        Flannel {
            conflist,
            flannel_conf,
            subnet_env,
            scratch: ScratchStore::default(),
            node,
            pods: BTreeMap::new(),
            disk: None,
            data_dir: data_dir.to_string(),
            entropy: Entropy::from_seed(1),
        }
    }

    /// containerd's DEL through the chain: flannel reads back its saved delegate and runs the bridge's DEL.
    fn teardown(&mut self, container_id: &str, cni_args: &str, mut pod: Option<NetNs>) {
        let (node, disk) = (&mut self.node, &mut self.disk);
        let deleted = flannel::cmd_del(
            &self.flannel_conf,
            container_id,
            &mut self.scratch,
            |plugin, conf| {
                assert_eq!(plugin, "bridge");
                let args = CmdArgs {
                    container_id,
                    if_name: IF_NAME,
                    args: cni_args,
                    stdin: conf,
                };
                bridge::cmd_del(node, pod.as_mut(), args, disk).map_err(|err| err.to_string())
            },
        );
        deleted.expect("podip's DEL succeeds");
    }
}

impl ModelChain for Flannel {
    fn conflist(&self) -> &str {
        &self.conflist
    }

    fn add(&mut self, sandbox: &Sandbox) -> Result<CniResult, String> {
        let id = sandbox.container_id.as_str();
        let mut pod = NetNs::pod(sandbox.netns_name.as_str(), sandbox.first_free_ifindex);
        let (node, disk, entropy) = (&mut self.node, &mut self.disk, &mut self.entropy);
        let added = flannel::cmd_add(
            &self.flannel_conf,
            id,
            Some(&self.subnet_env),
            &mut self.scratch,
            |plugin, conf| {
                assert_eq!(plugin, "bridge");
                let args = CmdArgs {
                    container_id: id,
                    if_name: IF_NAME,
                    args: &sandbox.cni_args,
                    stdin: conf,
                };
                bridge::cmd_add(node, &mut pod, args, disk, entropy).map_err(|err| err.to_string())
            },
        );
        match added {
            Ok(result) => {
                self.pods.insert(sandbox.container_id.clone(), pod);
                Ok(result)
            }
            // The real chain is the bridge alone: its error without flannel's "failed to delegate add: ".
            Err(flannel::FlannelError::DelegateAdd(text)) => {
                self.teardown(id, &sandbox.cni_args, Some(pod));
                Err(text)
            }
            Err(err) => panic!("flannel refused the bench's configuration: {err}"),
        }
    }

    fn del(&mut self, sandbox: &Sandbox) {
        let pod = self.pods.remove(&sandbox.container_id);
        self.teardown(&sandbox.container_id, &sandbox.cni_args, pod);
    }

    fn node(&self) -> &NetNs {
        &self.node
    }

    fn pod(&self, container_id: &str) -> Option<&NetNs> {
        self.pods.get(container_id)
    }

    fn data_dir(&self) -> (String, Option<Vec<(String, String)>>) {
        let dir = format!("{}/cbr0", self.data_dir);
        let files = self.disk.as_ref().map(|store| {
            store
                .ls()
                .into_iter()
                .map(|name| {
                    let content = store.cat(&name).unwrap_or_default();
                    (name, content)
                })
                .collect()
        });
        (dir, files)
    }
}
