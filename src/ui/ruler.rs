//! The bit ruler: the cluster address bit by bit, coloured by what each bit selects.

use crate::i18n::{ui as t, Lang, Text};
use crate::ipam::capacity::{BitRole, FamilyCapacity};
use yew::prelude::*;

/// Props: one family's capacity (the bits and their roles come from the core).
#[derive(Properties, PartialEq)]
pub struct RulerProps {
    /// The page's language.
    pub lang: Lang,
    /// The family to draw.
    pub family: FamilyCapacity,
}

/// Octets (IPv4) or hextets (IPv6) of bits; cluster-prefix, node-index and pod-host bits in three colours.
#[function_component(BitRuler)]
pub fn bit_ruler(props: &RulerProps) -> Html {
    let lang = props.lang;
    let family = &props.family;
    let group = if family.bits.len() == 32 { 8 } else { 16 };
    let groups = family.bits.chunks(group).enumerate().map(|(g, chunk)| {
        let cells = chunk.iter().enumerate().map(|(i, bit)| {
            let index = g * group + i;
            let (class, letter) = match bit.role {
                BitRole::ClusterPrefix => ("bit cluster", "c"),
                BitRole::NodeIndex => ("bit node", "n"),
                BitRole::PodHost => ("bit pod", "p"),
            };
            let value = if bit.value { "1" } else { "0" };
            html! {
                <span class={class} title={t::BIT.fill(lang, &[&(index + 1).to_string(), role_name(bit.role).get(lang)])}>
                    <span class="bit-value">{ value }</span>
                    <span class="bit-role" aria-hidden="true">{ letter }</span>
                </span>
            }
        });
        html! { <span class="bit-group">{ for cells }</span> }
    });
    html! {
        <figure class="ruler" aria-label={t::RULER.fill(lang, &[
            &family.cluster_mask_size.to_string(), &family.node_index_bits.to_string(), &family.pod_host_bits.to_string()])}>
            <div class="ruler-bits">{ for groups }</div>
            <figcaption class="legend">
                <span class="key cluster">{ t::KEY_CLUSTER.fill(lang, &[&family.cluster_mask_size.to_string()]) }</span>
                <span class="key node">{ t::KEY_NODE.counted(t::KEY_NODE_ONE, lang, family.node_index_bits as usize) }</span>
                <span class="key pod">{ t::KEY_POD.counted(t::KEY_POD_ONE, lang, family.pod_host_bits as usize) }</span>
            </figcaption>
        </figure>
    }
}

fn role_name(role: BitRole) -> Text {
    match role {
        BitRole::ClusterPrefix => t::ROLE_CLUSTER,
        BitRole::NodeIndex => t::ROLE_NODE,
        BitRole::PodHost => t::ROLE_POD,
    }
}
