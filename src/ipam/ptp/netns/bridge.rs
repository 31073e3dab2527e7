//! Bridges in a namespace (`net/bridge/`): the device, its ports, and what the kernel does to the bridge
//! as ports come and go — observed with Debian's bridge plugin on Linux 6.18 (`upstream-notes.md` §24):
//!
//! * **Carrier** (`br_port_carrier_check`, `br_stp_enable_port`): a bridge has a carrier while a port
//!   with one forwards (no STP here, so at once). It gets its link-local address the first time; losing
//!   the carrier keeps its addresses and marks its routes `linkdown`.
//! * **MTU** (`br_mtu_auto_adjust`, called by `br_add_if` and `br_del_if`): unless set by the user after
//!   creation, the bridge's MTU follows the smallest of its ports', and `ETH_DATA_LEN` (1500) with none —
//!   so an empty `cni0` created with `mtu 1450` shows 1500 once its last pod is gone.
//! * **MAC**: the bridge keeps the random address it was created with; the plugin's `ensureAddr` sets it
//!   to itself so that it would not follow the ports either.

use super::NetNs;
use crate::ipam::ptp::links::{BridgePort, IfName, Link, LinkKind, LinkSysctl, MacAddr};
use crate::ipam::ptp::routes::{Errno, Route, RouteProto};
use ipnet::IpNet;

/// `ETH_DATA_LEN`: an empty bridge's MTU (`br_mtu_min` with no ports).
const ETH_DATA_LEN: u32 = 1500;

impl NetNs {
    /// `RTM_NEWLINK` of a bridge named `name` with `mtu` (0 = the kernel's 1500) and the random `mac` of
    /// `br_dev_setup`. It has no ports, so no carrier. Returns its ifindex.
    pub(crate) fn add_bridge(&mut self, name: IfName, mtu: u32, mac: MacAddr) -> u32 {
        let mtu = if mtu == 0 { ETH_DATA_LEN } else { mtu };
        self.add_link(name, LinkKind::Bridge { carrier: false }, mtu, mac)
    }

    /// The links that are ports of the bridge `bridge`, by ifindex (`ip link show master <bridge>`).
    pub fn ports(&self, bridge: u32) -> impl Iterator<Item = &Link> + '_ {
        self.links
            .iter()
            .filter(move |l| l.port.is_some_and(|p| p.master == bridge))
    }

    /// `LinkSetMaster` (`br_add_if`): `port` joins `bridge`, whose MTU then follows its ports'. The kernel
    /// refuses a master that is no bridge (`EOPNOTSUPP`, here `EINVAL`) or a link that is not there.
    pub(crate) fn set_master(&mut self, port: u32, bridge: u32) -> Result<(), Errno> {
        let is_bridge = matches!(
            self.link_by_index(bridge).map(|l| &l.kind),
            Some(LinkKind::Bridge { .. })
        );
        if !is_bridge {
            return Err(Errno::InvalidArgument);
        }
        let pos = self.link_position(port).ok_or(Errno::NoSuchDevice)?;
        self.links[pos].port = Some(BridgePort {
            master: bridge,
            hairpin: false,
        });
        self.adjust_bridge_mtu(bridge);
        Ok(())
    }

    /// `LinkSetHairpin`: the port's `hairpin` flag.
    pub(crate) fn set_hairpin(&mut self, port: u32, on: bool) {
        if let Some(pos) = self.link_position(port) {
            if let Some(p) = &mut self.links[pos].port {
                p.hairpin = on;
            }
        }
    }

    /// A bridge port's carrier came up (its veth peer was set up). The bridge gets its carrier first —
    /// and, the first time, its link-local address — then the port its own, the order the kernel's
    /// `fe80::/64` routes show.
    pub(crate) fn port_carrier_up(&mut self, port: u32) {
        let master = self
            .link_by_index(port)
            .and_then(|l| l.port)
            .map(|p| p.master);
        if let Some(bridge) = master {
            if let Some(pos) = self.link_position(bridge) {
                if let LinkKind::Bridge { carrier } = &mut self.links[pos].kind {
                    if !*carrier {
                        *carrier = true;
                        // A link-local address it kept from an earlier carrier is not added twice.
                        self.carrier_up(bridge);
                    }
                }
            }
        }
        self.carrier_up(port);
    }

    /// `br_del_if`: a port of `bridge` went away (its link was deleted). With no port left the bridge
    /// loses its carrier; its MTU follows what ports remain.
    pub(super) fn port_removed(&mut self, bridge: u32) {
        let has_ports = self.ports(bridge).next().is_some();
        if let Some(pos) = self.link_position(bridge) {
            if let LinkKind::Bridge { carrier } = &mut self.links[pos].kind {
                *carrier = has_ports;
            }
        }
        self.adjust_bridge_mtu(bridge);
    }

    /// `br_mtu_auto_adjust`: the smallest MTU of the ports, or 1500 with none.
    fn adjust_bridge_mtu(&mut self, bridge: u32) {
        let mtu = self
            .ports(bridge)
            .map(|l| l.mtu)
            .min()
            .unwrap_or(ETH_DATA_LEN);
        if let Some(pos) = self.link_position(bridge) {
            self.links[pos].mtu = mtu;
        }
    }

    /// Writes a per-link sysctl (`/proc/sys/net/ipv{4,6}/conf/<link>/<name>`).
    pub(crate) fn write_link_sysctl(&mut self, ifindex: u32, sysctl: LinkSysctl, value: u8) {
        let Some(pos) = self.link_position(ifindex) else {
            return;
        };
        let written = &mut self.links[pos].sysctls;
        match written.iter_mut().find(|(s, _)| *s == sysctl) {
            Some((_, v)) => *v = value,
            None => written.push((sysctl, value)),
        }
    }

    /// Whether the link has a carrier: a bridge while a port forwards; every other link here always.
    pub fn has_carrier(&self, ifindex: u32) -> bool {
        !matches!(
            self.link_by_index(ifindex).map(|l| &l.kind),
            Some(LinkKind::Bridge { carrier: false })
        )
    }
}

impl NetNs {
    /// `ip addr del` (`RTM_DELADDR`): the address and the kernel's prefix route it brought, unless
    /// another address of the link keeps that prefix. Returns whether the link had it.
    pub(crate) fn del_addr(&mut self, ifindex: u32, local: IpNet) -> bool {
        let Some(pos) = self.link_position(ifindex) else {
            return false;
        };
        let addrs = &mut self.links[pos].addrs;
        let Some(at) = addrs.iter().position(|a| a.local == local) else {
            return false;
        };
        addrs.remove(at);
        let prefix = local.trunc();
        let still_routed = addrs.iter().any(|a| a.local.trunc() == prefix);
        if !still_routed {
            let kernel_route = |r: &Route| r.dst == prefix && r.proto == RouteProto::Kernel;
            if let Some((link, at)) = self.find_route(ifindex, kernel_route) {
                self.table.remove_at(link, at);
            }
        }
        true
    }
}
