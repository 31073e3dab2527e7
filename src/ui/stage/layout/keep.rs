//! What a node box keeps at every level of detail: the rows a step's event touched and its words
//! name.

use crate::playback::stage::{StageNode, StagePhase};
use crate::sim::Touched;
use crate::tours::Shows;

/// The rows a step's focus needs on a node, kept at every level of detail: what its words are about.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Keep {
    /// The conflist line (kindnetd wrote it).
    pub conflist: bool,
    /// host-local's strip and files (an address reserved or released, or held by the pod the step
    /// is about).
    pub addresses: bool,
    /// The node's routes to the other nodes (one added or removed).
    pub routes: bool,
    /// A pod's own route (ptp's `/32` on its host veth, which carries the gateway).
    pub pod_route: bool,
    /// The files alone, without host-local's strip, in room for all their rows (a figure's, at every
    /// step: what its steps name).
    pub files: bool,
}

impl Keep {
    /// What `touched` (the selected event's, or the step's own) needs kept on `node`: a deleted pod's
    /// event keeps the files it still holds there, waiting for CNI DEL.
    pub(crate) fn of(touched: Option<&Touched>, node: &StageNode) -> Keep {
        let Some(t) = touched else {
            return Keep::default();
        };
        let holds = t.pod.as_deref().is_some_and(|pod| {
            node.pods
                .iter()
                .any(|p| p.name == pod && p.phase == StagePhase::Deleting && !p.ip_files.is_empty())
        });
        match t.node.as_deref() == Some(node.name.as_str()) {
            true => Keep {
                conflist: t.conflist,
                addresses: t.ip_file.is_some() || holds,
                // A route via another node (kindnetd's), not a pod's own.
                routes: t.route.as_deref().is_some_and(|r| r.contains(" via ")),
                pod_route: t.route.as_deref().is_some_and(|r| !r.contains(" via ")),
                ..Keep::default()
            },
            false => Keep {
                addresses: holds,
                ..Keep::default()
            },
        }
    }
}

impl Keep {
    /// What the step's words name on a node (its [`Shows`]) needs kept there: an IP file its files, a
    /// conflist its line, a pod's `/32` or a host veth's address the band's label, another node's
    /// route kindnetd's chips.
    pub(crate) fn naming<'a>(things: impl IntoIterator<Item = Shows<'a>>) -> Keep {
        let mut keep = Keep::default();
        for thing in things {
            match thing {
                Shows::IpFile(_) => keep.files = true,
                Shows::File(name) if name.ends_with(".conflist") => keep.conflist = true,
                Shows::VethAddress(_) => keep.pod_route = true,
                Shows::Route(prefix) if prefix.ends_with("/32") || prefix.ends_with("/128") => {
                    keep.pod_route = true
                }
                Shows::Route(_) => keep.routes = true,
                _ => {}
            }
        }
        keep
    }

    /// Both kept.
    pub(crate) fn or(self, other: Keep) -> Keep {
        Keep {
            conflist: self.conflist || other.conflist,
            addresses: self.addresses || other.addresses,
            routes: self.routes || other.routes,
            pod_route: self.pod_route || other.pod_route,
            files: self.files || other.files,
        }
    }
}
