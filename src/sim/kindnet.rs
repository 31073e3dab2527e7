//! kindnetd as an actor (`images/kindnetd/cmd/kindnetd/main.go`): starts some time after its node
//! registers, then every `kindnet_resync_period` lists the nodes and, for its own node, writes the
//! conflist through `CNIConfigWriter` — from its first pass on, with `"subnet": ""` while kcm has not
//! given the node a podCIDR (the own-node branch of `reconcileNode` has no "has no CIDR" check).
//!
//! Not modelled: the routes kindnetd keeps to other nodes' podCIDRs (`syncRoute`) and its masquerade
//! agent; nothing about a pod's own address depends on them.

use super::cluster::{Action, Simulation};
use super::event::{EventKind, Reason};
use super::upstream;
use crate::ipam::kindnet::{compute_cni_config_inputs, CNI_CONFIG_PATH};

impl Simulation {
    /// One pass of kindnetd's main loop for its own node.
    pub(crate) fn kindnet_reconcile(&mut self, name: &str, uid: u64) {
        let Some(node) = self.nodes.get_mut(name).filter(|n| n.uid == uid) else {
            return;
        };
        if let Some(text) = node
            .writer
            .write(compute_cni_config_inputs(&node.pod_cidrs))
        {
            // An empty subnet (no podCIDR yet) is shown as the file has it, not as no range at all.
            let ranges = node.writer.written().map_or_else(String::new, |inputs| {
                let shown: Vec<&str> = inputs
                    .pod_cidrs
                    .iter()
                    .map(|cidr| if cidr.is_empty() { "\"\"" } else { cidr })
                    .collect();
                shown.join(",")
            });
            node.conflist = Some(text.into());
            node.chain = None;
            self.log(
                format!("node/{name}").into(),
                EventKind::Step,
                Reason::CNIConfigWritten,
                format_args!(
                    "kindnetd wrote {CNI_CONFIG_PATH} (ptp + host-local ranges [{ranges}], portmap)"
                ),
                Some(name.into()),
                &upstream::KINDNET_WRITE,
            );
        }
        self.schedule(
            self.settings.kindnet_resync_period,
            Action::KindnetReconcile {
                node: name.to_string(),
                uid,
            },
        );
    }
}
