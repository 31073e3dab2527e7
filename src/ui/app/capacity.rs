//! The capacity figures of one cluster CIDR and its bit ruler, as the core computes them.

use crate::i18n::Text;
use crate::i18n::{ui as t, Lang};
use crate::ipam::capacity::{FamilyCapacity, KUBELET_DEFAULT_MAX_PODS};
use crate::ipam::goip::net_string;
use crate::ui::ruler::BitRuler;
use yew::prelude::*;

/// One family's figures: node subnets, addresses per node, usable pod IPs, first/last subnet, max-pods.
pub fn family_view(f: &FamilyCapacity, max_pods: u32, lang: Lang) -> Html {
    let per_node = if f.pod_host_bits >= 128 {
        "2^128".to_string()
    } else {
        f.addresses_per_node.to_string()
    };
    let excluded = if f.cluster_cidr.max_prefix_len() == 32 {
        t::EXCLUDED_V4
    } else {
        t::EXCLUDED_V6
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
                { t::SPLIT_INTO.fill(lang, &[&f.node_mask_size.to_string()]) }
            </h3>
            <BitRuler {lang} family={f.clone()} />
            <table class="figures-table">
                <tbody>
                    { row(t::NODE_SUBNETS.get(lang), f.node_subnets.to_string(), format!("2^({} − {}) = 2^{}", f.node_mask_size, f.cluster_mask_size, f.node_index_bits), "node-subnets") }
                    { row(t::ADDRESSES_PER_NODE.get(lang), per_node, format!("2^({} − {}) = 2^{}", f.cluster_cidr.max_prefix_len(), f.node_mask_size, f.pod_host_bits), "addresses-per-node") }
                    { row(t::USABLE_PER_NODE.get(lang), f.usable_pod_ips_per_node.to_string(),
                        if f.usable_pod_ips_per_node == 0 { t::TOO_SMALL.get(lang).to_string() } else { excluded.get(lang).to_string() }, "usable-per-node") }
                    { row(t::USABLE_TOTAL.get(lang), f.usable_pod_ips_total.to_string(), t::PER_NODE_TIMES.get(lang).to_string(), "usable-total") }
                    { row(t::FIRST_SUBNET.get(lang), net_string(&f.first_node_subnet), t::INDEX_ZERO.get(lang).to_string(), "first-subnet") }
                    { row(t::LAST_SUBNET.get(lang), net_string(&f.last_node_subnet), t::INDEX_N.fill(lang, &[&(f.node_subnets - 1).to_string()]), "last-subnet") }
                    { row(t::MAX_PODS.get(lang), max_pods.to_string(),
                        max_pods_note(f.max_pods_fit, max_pods).get(lang).to_string(), "max-pods") }
                </tbody>
            </table>
        </article>
    }
}

/// Whether `--max-pods` fits, saying "default" only when it is the kubelet's default.
pub fn max_pods_note(fits: bool, max_pods: u32) -> Text {
    match (fits, max_pods == KUBELET_DEFAULT_MAX_PODS) {
        (true, true) => t::MAX_PODS_FITS,
        (false, true) => t::MAX_PODS_EXCEEDS,
        (true, false) => t::MAX_PODS_SET_FITS,
        (false, false) => t::MAX_PODS_SET_EXCEEDS,
    }
}
