//! calico-node on a node (`manifests/calico.yaml`'s DaemonSet), `kindnet_start_delay` after its node
//! registers or boots: the `install-cni` init container writes `10-calico.conflist`
//! (`cni-plugin/pkg/install/install.go`), then the container's startup
//! (`node/pkg/lifecycle/startup/startup.go`, `configureIPPools`) creates the default pool if none exists —
//! `CALICO_IPV4POOL_CIDR` is commented out in the manifest, so the pool is kubeadm's `podSubnet` read from
//! the `kubeadm-config` ConfigMap (`extractKubeadmCIDRs`), the cluster CIDR here, else `192.168.0.0/16` —
//! with `blockSize` 26 and `ipipMode: Always`, and `allocateip.go`'s `assignHostTunnelAddr` gives `tunl0`
//! an address: the node's first `AutoAssign`, which claims its first block. After a reboot the address
//! its handle holds is kept (`reconcileTunnelAddrs`).

use super::told::tell_ipam_events;
use super::{unix_nano, Calico};
use crate::ipam::calico::node::{
    assign_host_tunnel_addr, calico_conflist, ipip_tunnel_handle, IPIP_DEVICE,
};
use crate::ipam::calico::{IpPool, Ipam};
use crate::sim::cluster::{Action, Cluster};
use crate::sim::event::{EventKind, Reason};
use crate::sim::object::ObjectRef;
use crate::sim::upstream;
use ipnet::IpNet;
use std::rc::Rc;

/// The manifest's default pool's name.
pub const DEFAULT_POOL_NAME: &str = "default-ipv4-ippool";

/// The pool calico-node uses when neither `CALICO_IPV4POOL_CIDR` nor kubeadm's `podSubnet` is set
/// (`DEFAULT_IPV4_POOL_CIDR`).
pub const DEFAULT_IPV4_POOL_CIDR: &str = "192.168.0.0/16";

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

/// The pool's CIDR: the cluster's IPv4 CIDR (kubeadm's `podSubnet`), else Calico's default.
fn pool_cidr(cluster: &Cluster) -> IpNet {
    default_pool(
        cluster
            .config
            .as_ref()
            .map_or(&[], |c| &c.cluster_cidrs[..]),
    )
    .cidr
}

/// The pool calico-node creates for these cluster CIDRs (kubeadm's `podSubnet`): the first IPv4 one,
/// else `192.168.0.0/16`, in blocks of /26.
pub fn default_pool(cluster_cidrs: &[IpNet]) -> IpPool {
    let cidr = cluster_cidrs
        .iter()
        .find(|cidr| matches!(cidr, IpNet::V4(_)))
        .copied()
        .unwrap_or_else(|| DEFAULT_IPV4_POOL_CIDR.parse().unwrap_or_default());
    IpPool::new(DEFAULT_POOL_NAME, cidr, None)
        .or_else(|_| {
            IpPool::new(
                DEFAULT_POOL_NAME,
                DEFAULT_IPV4_POOL_CIDR.parse().unwrap_or_default(),
                None,
            )
        })
        .unwrap_or(IpPool {
            name: DEFAULT_POOL_NAME.to_string(),
            cidr,
            block_size: 26,
        })
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
        let cidr = pool_cidr(cluster);
        let Ok(pool) = IpPool::new(DEFAULT_POOL_NAME, cidr, None) else {
            return;
        };
        let text = format!(
            "calico-node created the IP pool {DEFAULT_POOL_NAME}: cidr {cidr}, blockSize {}, ipipMode Always, natOutgoing true ({} blocks of {} addresses)",
            pool.block_size,
            pool.num_blocks(),
            pool.block_addresses()
        );
        cluster.calico = Some(Box::new(Calico {
            ipam: Ipam::new(vec![pool]),
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
    tell_ipam_events(cluster, &ObjectRef::node(name), name, events, None);
    match assigned {
        Ok(Some(address)) => cluster.log(
            ObjectRef::node(name),
            EventKind::Step,
            Reason::TunnelAddressAssigned,
            format_args!(
                "calico-node gave {IPIP_DEVICE} the address {} (handle ipip-tunnel-addr-{name}): the first address of the node's first block",
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
