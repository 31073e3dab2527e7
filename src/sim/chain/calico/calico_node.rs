//! calico-node on a node (`manifests/calico.yaml`'s DaemonSet), `kindnet_start_delay` after its node
//! registers or boots: the `install-cni` init container writes `10-calico.conflist`
//! (`cni-plugin/pkg/install/install.go`), then the container's startup
//! (`node/pkg/lifecycle/startup/startup.go`, `configureIPPools`) creates the default pool if none exists —
//! `CALICO_IPV4POOL_CIDR` is commented out in the manifest, so the pool is kubeadm's `podSubnet` read from
//! the `kubeadm-config` ConfigMap (`extractKubeadmCIDRs`), the cluster CIDR here, else `192.168.0.0/16` —
//! with `blockSize` 26 and `ipipMode: Always`, and `allocateip.go`'s `assignHostTunnelAddr` gives `tunl0`
//! an address: the node's first `AutoAssign`, which claims its first block. After a reboot the address
//! its handle holds is kept (`reconcileTunnelAddrs`).

use super::bird;
use super::told::{tell_ipam_events, tunnel_source};
use super::{unix_nano, Calico};
use crate::ipam::calico::node::{
    assign_host_tunnel_addr, calico_conflist, ipip_tunnel_handle, IPIP_DEVICE,
};
use crate::ipam::calico::{IpPool, Ipam, PoolError};
use crate::ipam::goip::net_string;
use crate::sim::cluster::{Action, Cluster};
use crate::sim::event::{EventKind, Reason};
use crate::sim::object::ObjectRef;
use crate::sim::upstream;
use ipnet::{IpNet, Ipv4Net};
use std::fmt;
use std::net::Ipv4Addr;
use std::rc::Rc;

/// The manifest's default pool's name.
pub const DEFAULT_POOL_NAME: &str = "default-ipv4-ippool";

/// calico-node starts `kindnet_start_delay` from now.
pub(crate) fn start(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    cluster.schedule(
        cluster.settings.kindnet_start_delay,
        Action::CalicoNodeStart {
            node: name.to_string(),
            uid,
            boot,
        },
    );
}

/// The cluster CIDRs as calico-node reads them from kubeadm's `kubeadm-config` (`podSubnet`).
fn cluster_cidrs(cluster: &Cluster) -> &[IpNet] {
    cluster
        .config
        .as_ref()
        .map_or(&[], |c| &c.cluster_cidrs[..])
}

/// Why calico-node's startup could not create the default pool (`createIPPool`: the client's
/// validation refused it), as its log says before it exits (`utils.Terminate`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolCreateError {
    /// The pool's CIDR.
    pub cidr: IpNet,
    /// The validation's reason.
    pub reason: PoolError,
}

impl fmt::Display for PoolCreateError {
    /// `Failed to create default IPv4 IP pool: <cidr>` with logrus' `error=`, the client's
    /// `ErrorValidation` (`error with field IPPool.Spec.CIDR = '<cidr>' (<reason>)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cidr = net_string(&self.cidr);
        write!(
            f,
            "Failed to create default IPv4 IP pool: {cidr} error=error with field IPPool.Spec.CIDR = '{cidr}' ({})",
            self.reason
        )
    }
}

impl std::error::Error for PoolCreateError {}

/// The pool calico-node creates for these cluster CIDRs (kubeadm's `podSubnet`): the first IPv4 one,
/// else `192.168.0.0/16`, in blocks of /26 — or the validation's refusal of a pool smaller than a
/// block (`IPPool.validateAndSetDefaults`), on which calico-node exits. The manifest assigns IPv4 only
/// (`assign_ipv6: "false"`), so an IPv6-only cluster's pods get addresses of `192.168.0.0/16`.
///
/// # Examples
/// ```
/// use podip::sim::chain::calico::calico_node::default_pool;
/// let pool = default_pool(&["10.244.0.0/16".parse().unwrap()]).unwrap();
/// assert_eq!(pool.cidr.to_string(), "10.244.0.0/16");
/// let v6_only = default_pool(&["fd00:10:244::/56".parse().unwrap()]).unwrap();
/// assert_eq!(v6_only.cidr.to_string(), "192.168.0.0/16");
/// let err = default_pool(&["10.0.0.0/27".parse().unwrap()]).unwrap_err();
/// assert!(err.to_string().starts_with("Failed to create default IPv4 IP pool: 10.0.0.0/27 error=error with field"));
/// ```
pub fn default_pool(cluster_cidrs: &[IpNet]) -> Result<IpPool, PoolCreateError> {
    let cidr = cluster_cidrs
        .iter()
        .find(|cidr| matches!(cidr, IpNet::V4(_)))
        .copied()
        .unwrap_or(IpNet::V4(Ipv4Net::new_assert(
            Ipv4Addr::new(192, 168, 0, 0),
            16,
        )));
    IpPool::new(DEFAULT_POOL_NAME, cidr, None).map_err(|reason| PoolCreateError { cidr, reason })
}

/// calico-node's pod runs: the conflist, the pool, the tunnel address.
pub(crate) fn run(cluster: &mut Cluster, name: &str, uid: u64, boot: u32) {
    let Some(node) = cluster
        .nodes
        .get_mut(name)
        .filter(|n| n.uid == uid && n.boot == boot && !n.down)
    else {
        return;
    };
    let chain = node.cni;
    node.conflist = Some(Rc::from(calico_conflist(name)));
    cluster.node_ready();
    cluster.log(
        ObjectRef::node(name),
        EventKind::Step,
        Reason::CNIConfigWritten,
        format_args!(
            "calico-node's install-cni wrote {} (calico with calico-ipam, then portmap; nodename {name}) and calico-kubeconfig beside it",
            chain.conflist_path()
        ),
        Some(name.into()),
        &upstream::CALICO_INSTALL_CNI,
    );
    if cluster.calico.is_none() {
        let pool = match default_pool(cluster_cidrs(cluster)) {
            Ok(pool) => pool,
            Err(err) => return failed(cluster, name, &err),
        };
        let cidr = pool.cidr;
        let v6 = cluster_cidrs(cluster)
            .iter()
            .any(|c| matches!(c, IpNet::V6(_)));
        let v4 = cluster_cidrs(cluster)
            .iter()
            .any(|c| matches!(c, IpNet::V4(_)));
        let family = match (v4, v6) {
            (_, false) => "",
            (true, true) => "; IPv4 only: FELIX_IPV6SUPPORT \"false\" makes no IPv6 pool and calico-ipam's assign_ipv6 is off, so pods get no IPv6 address",
            (false, true) => "; the cluster CIDR has no IPv4 range, so the default one: FELIX_IPV6SUPPORT \"false\" makes no IPv6 pool and calico-ipam's assign_ipv6 is off, so pods get IPv4 addresses on this IPv6 cluster",
        };
        let text = format!(
            "calico-node created the IP pool {DEFAULT_POOL_NAME}: cidr {cidr}, blockSize {}, ipipMode Always, natOutgoing true ({} blocks of {} addresses){family}",
            pool.block_size,
            pool.num_blocks(),
            pool.block_addresses()
        );
        cluster.calico = Some(Box::new(Calico {
            ipam: Ipam::new(vec![pool]),
            ..Calico::default()
        }));
        cluster.log(
            ObjectRef::node(name),
            EventKind::Step,
            Reason::IPPoolCreated,
            format_args!("{text}"),
            Some(name.into()),
            &upstream::CALICO_CONFIGURE_IP_POOLS,
        );
    }
    bird::up(cluster, name);
    let now = unix_nano(cluster.now.as_millis());
    let Some(calico) = cluster.calico.as_mut() else {
        return;
    };
    calico.ipam.now_unix_nano = now;
    // reconcileTunnelAddrs keeps an address the node's handle already holds (after a reboot).
    if calico
        .ipam
        .ips_by_handle(&ipip_tunnel_handle(name))
        .is_ok_and(|ips| !ips.is_empty())
    {
        return;
    }
    let assigned = assign_host_tunnel_addr(&mut calico.ipam, name);
    let events = calico.ipam.take_events();
    let source = tunnel_source(&calico.ipam, &events);
    tell_ipam_events(cluster, &ObjectRef::node(name), name, events.clone(), None);
    super::told::written(cluster, &events, true);
    match assigned {
        Ok(Some(address)) => cluster.log(
            ObjectRef::node(name),
            EventKind::Step,
            Reason::TunnelAddressAssigned,
            format_args!(
                "calico-node gave {IPIP_DEVICE} the address {} (handle ipip-tunnel-addr-{name}): {source}",
                address.addr()
            ),
            Some(name.into()),
            &upstream::CALICO_ASSIGN_HOST_TUNNEL_ADDR,
        ),
        Ok(None) => {}
        Err(err) => cluster.log(
            ObjectRef::node(name),
            EventKind::Warning,
            Reason::TunnelAddressAssigned,
            format_args!("calico-node could not give {IPIP_DEVICE} an address: {err}"),
            Some(name.into()),
            &upstream::CALICO_ASSIGN_HOST_TUNNEL_ADDR,
        ),
    }
}

/// calico-node's startup stopped in `configureIPPools` (`utils.Terminate`, exit 1): the kubelet restarts
/// the container with back-off and each start fails the same way (CrashLoopBackOff). `install-cni`
/// already wrote the conflist, so the node is Ready and takes pods, but `WriteNodeConfig` never wrote
/// `/var/lib/calico/nodename`, so every pod's ADD fails in the calico plugin.
fn failed(cluster: &mut Cluster, name: &str, err: &PoolCreateError) {
    cluster.log(
        ObjectRef::node(name),
        EventKind::Warning,
        Reason::CalicoNodeFailed,
        format_args!(
            "calico-node: {err}; Terminating: the container exits 1 and the kubelet restarts it with back-off (CrashLoopBackOff), failing the same way, so /var/lib/calico/nodename is never written"
        ),
        Some(name.into()),
        &upstream::CALICO_CREATE_IP_POOL,
    );
}
