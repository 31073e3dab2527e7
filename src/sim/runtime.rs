//! containerd and libcni on a node: `RunPodSandbox` makes the netns and runs the conflist's plugins with
//! `CNI_COMMAND=ADD` (ptp, which runs host-local, then portmap); `StopPodSandbox` runs them in reverse
//! with `CNI_COMMAND=DEL`.
//!
//! The conflist is read by host-local's own loader ([`load_ipam_config_from_conflist`]), so a bad file
//! fails with host-local's text. portmap has no port mappings to set up here and passes the result
//! through; it is named in the steps but not modelled further.

use super::cluster::{LoadedChain, Sandbox, Simulation};
use super::event::{EventKind, Name, Reason};
use super::upstream;
use crate::ipam::goip::GoIp;
use crate::ipam::hostlocal::{self, load_ipam_config_from_conflist, Store};
use crate::ipam::ptp::{self, iproute2::route_lines_via, NetNs};
use std::fmt;
use std::net::IpAddr;
use std::rc::Rc;

/// The ifname containerd passes (`CNI_IFNAME`).
pub const IF_NAME: &str = "eth0";

/// Why `RunPodSandbox` failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SandboxError {
    /// No CNI config yet: the runtime reports `NetworkReady=false` and the kubelet does not even try.
    NetworkNotReady,
    /// A plugin failed during ADD; containerd tore the network down again.
    Setup {
        /// The sandbox ID that was tried.
        sandbox_id: String,
        /// libcni's error: `plugin type="ptp" failed (add): <plugin's error>`.
        err: String,
    },
}

impl fmt::Display for SandboxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // kubelet.go's SyncPod error when runtimeState.networkErrors() is set.
            Self::NetworkNotReady => f.write_str(
                "network is not ready: container runtime network not ready: NetworkReady=false \
                 reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized",
            ),
            // kuberuntime_sandbox.go wraps the gRPC error; containerd's sandbox_run.go wraps libcni's.
            Self::Setup { sandbox_id, err } => write!(
                f,
                "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for \
                 sandbox \"{sandbox_id}\": {err}"
            ),
        }
    }
}

/// What libcni says when the first plugin (ptp) failed ADD (`AddNetworkList`, `pluginDescription`: the
/// plugin entry has no `name`, so only its type is shown).
fn ptp_failed(err: impl fmt::Display) -> String {
    format!("plugin type=\"ptp\" failed (add): {err}")
}

/// containerd's `selectPodIPs` with the default `ip_pref` (ipv4): the first IPv4 address is the primary,
/// the others follow in result order.
fn select_pod_ips(ips: &[IpAddr]) -> Vec<IpAddr> {
    match ips.iter().position(IpAddr::is_ipv4) {
        Some(primary) => {
            let mut ordered = vec![ips[primary]];
            ordered.extend(
                ips.iter()
                    .enumerate()
                    .filter(|(i, _)| *i != primary)
                    .map(|(_, ip)| *ip),
            );
            ordered
        }
        None => ips.to_vec(),
    }
}

/// The routes ptp added through a host veth (`ip.AddHostRoute`), leaving out the `fe80::/64` the kernel
/// adds for every link that comes up.
fn ptp_host_routes(node: &NetNs, ifindex: u32) -> Vec<String> {
    route_lines_via(node, ifindex)
        .into_iter()
        .filter(|line| !line.starts_with("fe80::"))
        .collect()
}

impl Simulation {
    /// `RunPodSandbox` on `node` for `pod`: a sandbox ID and netns, then CNI ADD. On success the sandbox
    /// is recorded on the node and its ID and IPs (containerd's order) are returned.
    pub(crate) fn run_pod_sandbox(
        &mut self,
        node_name: &str,
        pod: &str,
        object: &Name,
        requested_ip: Option<&str>,
    ) -> Result<(String, Vec<IpAddr>), SandboxError> {
        let Some(node) = self.nodes.get(node_name) else {
            return Err(SandboxError::NetworkNotReady);
        };
        let Some(conflist) = node.conflist.clone() else {
            return Err(SandboxError::NetworkNotReady);
        };
        let on_node = node.name.clone();
        let sandbox_id = self.entropy.sandbox_id();
        let netns_name = self.entropy.netns_name();
        let mut pod_netns = NetNs::pod(&netns_name, self.settings.pod_first_ifindex);
        let netns_path = pod_netns.path();
        self.log(
            object.clone(),
            EventKind::Step,
            Reason::SandboxCreated,
            format_args!("RunPodSandbox: sandbox {sandbox_id}, netns {netns_path}"),
            Some(on_node.clone()),
            &upstream::CONTAINERD_RUN_SANDBOX,
        );
        let mut cni_args =
            format!("IgnoreUnknown=1;K8S_POD_NAMESPACE=default;K8S_POD_NAME={pod};K8S_POD_INFRA_CONTAINER_ID={sandbox_id}");
        if let Some(ip) = requested_ip {
            cni_args.push_str(&format!(";IP={ip}"));
        }
        self.log(
            object.clone(),
            EventKind::Step,
            Reason::CNIAdd,
            format_args!(
                "CNI ADD kindnet: CNI_CONTAINERID={sandbox_id} CNI_IFNAME={IF_NAME} CNI_NETNS={netns_path} CNI_ARGS={cni_args}; plugins ptp (→ host-local), portmap"
            ),
            Some(on_node.clone()),
            &upstream::LIBCNI_ADD,
        );
        let setup_failed = |err: String| SandboxError::Setup {
            sandbox_id: sandbox_id.clone(),
            err,
        };

        let chain = match self.load_chain(
            node_name,
            &conflist,
            requested_ip.map(|_| cni_args.as_str()),
        ) {
            Ok(chain) => chain,
            Err(err) => return Err(setup_failed(ptp_failed(err))),
        };
        let Some(node) = self.nodes.get_mut(node_name) else {
            return Err(SandboxError::NetworkNotReady);
        };
        let store = node
            .store
            .get_or_insert_with(|| Store::new(&chain.ipam.data_dir, &chain.ipam.name));
        let ipam_result = match hostlocal::cmd_add(
            &chain.ipam,
            &chain.cni_version,
            store,
            &sandbox_id,
            IF_NAME,
        ) {
            Ok(result) => result,
            Err(err) => {
                // containerd's deferred teardown runs CNI DEL for the failed sandbox; host-local already
                // rolled back, and ptp finds no link.
                hostlocal::cmd_del(&chain.ipam, store, &sandbox_id, IF_NAME);
                return Err(setup_failed(ptp_failed(err)));
            }
        };
        let reserved: Vec<(IpAddr, usize)> = ipam_result
            .ips
            .iter()
            .enumerate()
            .map(|(range, ip)| (ip.address.addr(), range))
            .collect();
        let result = match ptp::cmd_add(
            &mut node.netns,
            &mut pod_netns,
            IF_NAME,
            &ipam_result,
            chain.mtu,
            &mut self.entropy,
        ) {
            Ok(result) => result,
            Err(err) => {
                // ptp's deferred ipam.ExecDel gives the addresses back.
                hostlocal::cmd_del(&chain.ipam, store, &sandbox_id, IF_NAME);
                return Err(setup_failed(ptp_failed(err)));
            }
        };
        let host_veth = result
            .interfaces
            .first()
            .map(|i| i.name.clone())
            .unwrap_or_default();
        let store_dir = store.dir().to_string();
        let host_link = node
            .netns
            .link_by_name(&host_veth)
            .map(|l| (l.ifindex, l.kind.clone()));
        let routes = host_link
            .as_ref()
            .map(|(ifindex, _)| ptp_host_routes(&node.netns, *ifindex))
            .unwrap_or_default();
        let eth0 = pod_netns
            .link_by_name(IF_NAME)
            .map(|l| l.ifindex)
            .unwrap_or_default();
        let ips = select_pod_ips(&reserved.iter().map(|(ip, _)| *ip).collect::<Vec<_>>());
        node.sandboxes.insert(
            sandbox_id.clone(),
            Sandbox {
                pod: pod.to_string(),
                object: object.clone(),
                netns: pod_netns,
                host_veth: host_veth.clone(),
                ips: ips.clone(),
                del_at: None,
            },
        );

        for (ip, range) in reserved {
            let ip = GoIp(ip);
            self.log(
                object.clone(),
                EventKind::Step,
                Reason::IPAMReserve,
                format_args!(
                    "host-local reserved {ip}: {store_dir}/{ip} = \"{sandbox_id}\\r\\n{IF_NAME}\", last_reserved_ip.{range} = {ip}"
                ),
                Some(on_node.clone()),
                &upstream::HOSTLOCAL_GET,
            );
        }
        let host_index = host_link.map(|(ifindex, _)| ifindex).unwrap_or_default();
        self.log(
            object.clone(),
            EventKind::Step,
            Reason::VethCreated,
            format_args!(
                "veth pair: {host_veth}@if{eth0} on the node (ifindex {host_index}) <-> {IF_NAME}@if{host_index} in {netns_name} (ifindex {eth0})"
            ),
            Some(on_node.clone()),
            &upstream::PTP_SETUP_VETH,
        );
        for route in routes {
            self.log(
                object.clone(),
                EventKind::Step,
                Reason::RouteAdded,
                format_args!("node route: {route}"),
                Some(on_node.clone()),
                &upstream::PTP_HOST_ROUTE,
            );
        }
        Ok((sandbox_id, ips))
    }

    /// The conflist as the plugins read it: cached per node while the file is unchanged, except when a
    /// requested IP makes `CNI_ARGS` matter (then host-local loads it afresh with them).
    fn load_chain(
        &mut self,
        node_name: &str,
        conflist: &str,
        cni_args: Option<&str>,
    ) -> Result<Rc<LoadedChain>, hostlocal::ConfigError> {
        if cni_args.is_none() {
            if let Some(chain) = self.nodes.get(node_name).and_then(|n| n.chain.clone()) {
                return Ok(chain);
            }
        }
        // K8S_* args are ignored thanks to IgnoreUnknown=1, so without IP= the result is the same for
        // every pod and can be kept.
        let (ipam, cni_version) = load_ipam_config_from_conflist(
            conflist.as_bytes(),
            0,
            cni_args.unwrap_or("IgnoreUnknown=1"),
        )?;
        let mtu = serde_json::from_str::<serde_json::Value>(conflist)
            .ok()
            .and_then(|v| v["plugins"][0]["mtu"].as_u64())
            .and_then(|mtu| u32::try_from(mtu).ok())
            .unwrap_or(0);
        let chain = Rc::new(LoadedChain {
            ipam,
            cni_version,
            mtu,
        });
        if cni_args.is_none() {
            if let Some(node) = self.nodes.get_mut(node_name) {
                node.chain = Some(Rc::clone(&chain));
            }
        }
        Ok(chain)
    }

    /// `StopPodSandbox`: CNI DEL (portmap, then ptp, which runs host-local DEL and deletes `eth0`, taking
    /// the host veth and its `/32` route along), then the netns is removed.
    pub(crate) fn stop_pod_sandbox(&mut self, node_name: &str, node_uid: u64, sandbox_id: &str) {
        let Some(node) = self.nodes.get_mut(node_name).filter(|n| n.uid == node_uid) else {
            return;
        };
        let Some(mut sandbox) = node.sandboxes.remove(sandbox_id) else {
            return;
        };
        let chain = node.chain.clone();
        let (object, on_node) = (sandbox.object.clone(), node.name.clone());
        let host_index = node
            .netns
            .link_by_name(&sandbox.host_veth)
            .map(|l| l.ifindex);
        let routes = host_index
            .map(|ifindex| ptp_host_routes(&node.netns, ifindex))
            .unwrap_or_default();
        let released = match (chain.as_deref(), node.store.as_mut()) {
            (Some(chain), Some(store)) => {
                hostlocal::cmd_del(&chain.ipam, store, sandbox_id, IF_NAME)
            }
            _ => Vec::new(),
        };
        let store_dir = node
            .store
            .as_ref()
            .map(|s| s.dir().to_string())
            .unwrap_or_default();
        let gone = ptp::cmd_del(&mut node.netns, Some(&mut sandbox.netns), IF_NAME);
        let netns_path = sandbox.netns.path();
        self.log(
            object.clone(),
            EventKind::Step,
            Reason::CNIDel,
            format_args!(
                "CNI DEL kindnet: CNI_CONTAINERID={sandbox_id} CNI_IFNAME={IF_NAME} CNI_NETNS={netns_path}; plugins portmap, ptp (→ host-local)"
            ),
            Some(on_node.clone()),
            &upstream::LIBCNI_DEL,
        );
        for ip in released {
            self.log(
                object.clone(),
                EventKind::Step,
                Reason::IPAMRelease,
                format_args!(
                    "host-local released {ip}: removed {store_dir}/{ip} (last_reserved_ip unchanged)",
                    ip = GoIp(ip)
                ),
                Some(on_node.clone()),
                &upstream::HOSTLOCAL_RELEASE,
            );
        }
        if let Some(link) = gone {
            self.log(
                object.clone(),
                EventKind::Step,
                Reason::VethDeleted,
                format_args!(
                    "deleted {IF_NAME} in the pod; its peer {} (ifindex {}) went with it",
                    link.name, link.ifindex
                ),
                Some(on_node.clone()),
                &upstream::PTP_DEL,
            );
        }
        for route in routes {
            self.log(
                object.clone(),
                EventKind::Step,
                Reason::RouteRemoved,
                format_args!("node route gone: {route}"),
                Some(on_node.clone()),
                &upstream::PTP_DEL,
            );
        }
        self.log(
            object,
            EventKind::Step,
            Reason::SandboxRemoved,
            format_args!("sandbox {sandbox_id} stopped, netns {netns_path} removed"),
            Some(on_node),
            &upstream::CONTAINERD_STOP_SANDBOX,
        );
    }
}
