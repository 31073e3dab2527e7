//! The bit ruler: the cluster address bit by bit, coloured by what each bit selects.

use crate::ipam::capacity::{BitRole, FamilyCapacity};
use yew::prelude::*;

/// Props: one family's capacity (the bits and their roles come from the core).
#[derive(Properties, PartialEq)]
pub struct RulerProps {
    /// The family to draw.
    pub family: FamilyCapacity,
}

/// Octets (IPv4) or hextets (IPv6) of bits; cluster-prefix, node-index and pod-host bits in three colours.
#[function_component(BitRuler)]
pub fn bit_ruler(props: &RulerProps) -> Html {
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
                <span class={class} title={format!("bit {}: {}", index + 1, role_name(bit.role))}>
                    <span class="bit-value">{ value }</span>
                    <span class="bit-role" aria-hidden="true">{ letter }</span>
                </span>
            }
        });
        html! { <span class="bit-group">{ for cells }</span> }
    });
    html! {
        <figure class="ruler" aria-label={format!(
            "{} cluster-prefix bits, {} node-index bits, {} pod-host bits",
            family.cluster_mask_size, family.node_index_bits, family.pod_host_bits)}>
            <div class="ruler-bits">{ for groups }</div>
            <figcaption class="legend">
                <span class="key cluster">{ format!("c: cluster prefix — {} bits fixed by --cluster-cidr", family.cluster_mask_size) }</span>
                <span class="key node">{ format!("n: node index — {} bits pick one of 2^{} node subnets", family.node_index_bits, family.node_index_bits) }</span>
                <span class="key pod">{ format!("p: pod host — {} bits pick one of 2^{} addresses", family.pod_host_bits, family.pod_host_bits) }</span>
            </figcaption>
        </figure>
    }
}

fn role_name(role: BitRole) -> &'static str {
    match role {
        BitRole::ClusterPrefix => "cluster prefix",
        BitRole::NodeIndex => "node index",
        BitRole::PodHost => "pod host",
    }
}
