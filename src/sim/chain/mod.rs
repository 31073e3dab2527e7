//! The CNI chains a cluster's nodes run (`set cni=…`), one folder each, and the one seam the node's life
//! and the runtime call them through.
//!
//! * [`kindnet`] — kind's: kindnetd writes `/etc/cni/net.d/10-kindnet.conflist` (ptp + host-local +
//!   portmap) and routes to the other nodes via their InternalIPs.
//! * [`flannel`] — kube-flannel's manifest (`cni=flannel`) and k3s' embedded flannel (`cni=k3s-flannel`):
//!   flannel delegating to bridge `cni0` + host-local, flanneld's `subnet.env` and `flannel.1` routes.
//! * [`calico`] — Calico's manifest (`cni=calico`): calico-node's conflist, pool and `tunl0`; the calico
//!   plugin with calico-ipam's blocks, affinities and borrowing; BIRD's blackhole and tunnel routes.
//! * [`canal`] — RKE2's Canal (`cni=canal`): the calico plugin with host-local on the node's podCIDR,
//!   flanneld's vxlan routes.
//!
//! A chain is two rows: its data, [`ChainSpec`] ([`Chain::spec`]: paths, plugin names, what a reboot
//! takes), and its actors, `seam::Actors` (`actors`: what it does when its node registers or boots,
//! at a sandbox's CNI ADD and DEL). The runtime (`sim::runtime`), node registration (`sim::kind`) and
//! reboots (`sim::reboot`) call a node's chain only through those rows, so a new chain is one folder
//! holding both rows, a variant of [`Chain`] and its arm in each of the two `match`es.

pub mod calico;
pub mod canal;
pub mod flannel;
pub mod kindnet;
mod name;
pub mod seam;
mod spec;

pub use name::Chain;
pub use spec::ChainSpec;

/// What `chain` does at each moment a node's life calls it (the one `match` on what a chain does).
pub(crate) fn actors(chain: Chain) -> &'static seam::Actors {
    match chain {
        Chain::Kindnet => &kindnet::cni::ACTORS,
        Chain::Flannel => &flannel::cni::ACTORS,
        Chain::K3sFlannel => &flannel::cni::K3S_ACTORS,
        Chain::Calico => &calico::cni::ACTORS,
        Chain::Canal => &canal::cni::ACTORS,
    }
}
