//! The capacity figures of one cluster CIDR and its bit ruler, as the core computes them.

use super::ruler::BitRuler;
use crate::ipam::capacity::FamilyCapacity;
use crate::ipam::goip::net_string;
use yew::prelude::*;

/// One family's figures: node subnets, addresses per node, usable pod IPs, first/last subnet, max-pods.
pub fn family_view(f: &FamilyCapacity, max_pods: u32) -> Html {
    let per_node = if f.pod_host_bits >= 128 {
        "2^128".to_string()
    } else {
        f.addresses_per_node.to_string()
    };
    let excluded = if f.cluster_cidr.max_prefix_len() == 32 {
        "network, gateway (.1) and broadcast excluded"
    } else {
        "network and gateway (::1) excluded; IPv6 has no broadcast"
    };
    let row = |label: &'static str, value: String, note: String, key: &'static str| {
        html! {
            <tr data-figure={key}>
                <th scope="row">{ label }</th>
                <td class="value">{ value }</td>
                <td class="note">{ note }</td>
            </tr>
        }
    };
    html! {
        <article class="family">
            <h3>
                <code>{ net_string(&f.cluster_cidr) }</code>
                { format!(" split into /{} node subnets", f.node_mask_size) }
            </h3>
            <BitRuler family={f.clone()} />
            <table class="figures-table">
                <tbody>
                    { row("node subnets", f.node_subnets.to_string(), format!("2^({} − {}) = 2^{}", f.node_mask_size, f.cluster_mask_size, f.node_index_bits), "node-subnets") }
                    { row("addresses per node", per_node, format!("2^({} − {}) = 2^{}", f.cluster_cidr.max_prefix_len(), f.node_mask_size, f.pod_host_bits), "addresses-per-node") }
                    { row("usable pod IPs per node", f.usable_pod_ips_per_node.to_string(),
                        if f.usable_pod_ips_per_node == 0 { "host-local: too small to allocate from".to_string() } else { format!("host-local: {excluded}") }, "usable-per-node") }
                    { row("usable pod IPs in all", f.usable_pod_ips_total.to_string(), "per node × node subnets".to_string(), "usable-total") }
                    { row("first node subnet", net_string(&f.first_node_subnet), "index 0: the control-plane node in kind".to_string(), "first-subnet") }
                    { row("last node subnet", net_string(&f.last_node_subnet), format!("index {}", f.node_subnets - 1), "last-subnet") }
                    { row("kubelet --max-pods", max_pods.to_string(),
                        if f.max_pods_fit { "default; fits in a node's usable addresses".to_string() } else { "default; more than a node's usable addresses".to_string() }, "max-pods") }
                </tbody>
            </table>
        </article>
    }
}
