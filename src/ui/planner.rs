//! The capacity planner: edit kube-controller-manager's flags, see what they mean for the cluster.

use super::ruler::BitRuler;
use crate::ipam::capacity::{CapacityPlan, FamilyCapacity};
use crate::ipam::goip::net_string;
use crate::ipam::kcm::KcmFlags;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Which flag a text field edits.
#[derive(Clone, Copy, PartialEq)]
pub enum Field {
    ClusterCidr,
    NodeMask,
    NodeMaskIpv4,
    NodeMaskIpv6,
    ServiceCidr,
}

/// The planner's state: the flags as typed, the last plan kcm would accept, and its refusal if any.
#[derive(Clone, PartialEq)]
pub struct PlannerState {
    /// What the fields hold.
    pub flags: KcmFlags,
    /// The last valid plan, kept on screen while the fields hold an invalid value.
    pub plan: CapacityPlan,
    /// kube-controller-manager's error for the current fields.
    pub error: Option<String>,
}

/// An edit of one field.
pub struct Edit(pub Field, pub String);

impl Default for PlannerState {
    fn default() -> Self {
        // kind's defaults with the node mask written out, as the issue and the articles show it.
        let flags = KcmFlags {
            node_cidr_mask_size: "24".into(),
            ..KcmFlags::kind_defaults()
        };
        let (plan, error) = match CapacityPlan::from_flags(&flags) {
            Ok(plan) => (plan, None),
            Err(err) => (
                CapacityPlan {
                    families: Vec::new(),
                    max_pods: crate::ipam::capacity::KUBELET_DEFAULT_MAX_PODS,
                    warnings: Vec::new(),
                },
                Some(err.to_string()),
            ),
        };
        Self { flags, plan, error }
    }
}

impl Reducible for PlannerState {
    type Action = Edit;

    fn reduce(self: Rc<Self>, Edit(field, value): Edit) -> Rc<Self> {
        let mut flags = self.flags.clone();
        *match field {
            Field::ClusterCidr => &mut flags.cluster_cidr,
            Field::NodeMask => &mut flags.node_cidr_mask_size,
            Field::NodeMaskIpv4 => &mut flags.node_cidr_mask_size_ipv4,
            Field::NodeMaskIpv6 => &mut flags.node_cidr_mask_size_ipv6,
            Field::ServiceCidr => &mut flags.service_cluster_ip_range,
        } = value;
        match CapacityPlan::from_flags(&flags) {
            Ok(plan) => Rc::new(Self {
                flags,
                plan,
                error: None,
            }),
            Err(err) => Rc::new(Self {
                flags,
                plan: self.plan.clone(),
                error: Some(err.to_string()),
            }),
        }
    }
}

/// The planner card: flags on the left, figures and the bit ruler on the right.
#[function_component(Planner)]
pub fn planner() -> Html {
    let state = use_reducer(PlannerState::default);
    let on_edit = |field: Field| {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            state.dispatch(Edit(field, input.value()));
        })
    };
    let field = |id: &'static str,
                 testid: &'static str,
                 flag: &'static str,
                 value: &str,
                 field: Field,
                 hint: &'static str| {
        html! {
            <label class="flag" for={id}>
                <span class="flag-name">{ flag }</span>
                <input id={id} data-testid={testid} type="text" spellcheck="false" autocomplete="off"
                    value={value.to_string()} oninput={on_edit(field)} aria-describedby="settings-error" />
                <span class="flag-hint">{ hint }</span>
            </label>
        }
    };
    let flags = &state.flags;
    html! {
        <section class="card planner" aria-labelledby="planner-title">
            <h2 id="planner-title">{ "Capacity planner" }</h2>
            <p class="lede">{ "kube-controller-manager's node IPAM controller splits --cluster-cidr into one subnet per node. Edit its flags; every figure below is computed by podip's model of cidr_set.go and host-local." }</p>
            <div class="planner-grid">
                <form class="flags" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                    <code class="cmdline">{ "kube-controller-manager --allocate-node-cidrs=true" }</code>
                    { field("cluster-cidr", "cluster-cidr", "--cluster-cidr", &flags.cluster_cidr, Field::ClusterCidr, "one CIDR, or IPv4,IPv6 for dual-stack") }
                    { field("node-mask", "node-mask", "--node-cidr-mask-size", &flags.node_cidr_mask_size, Field::NodeMask, "single-stack only; empty = per-family default") }
                    { field("node-mask-ipv4", "node-mask-ipv4", "--node-cidr-mask-size-ipv4", &flags.node_cidr_mask_size_ipv4, Field::NodeMaskIpv4, "default 24") }
                    { field("node-mask-ipv6", "node-mask-ipv6", "--node-cidr-mask-size-ipv6", &flags.node_cidr_mask_size_ipv6, Field::NodeMaskIpv6, "default 64") }
                    { field("service-cidr", "service-cidr", "--service-cluster-ip-range", &flags.service_cluster_ip_range, Field::ServiceCidr, "kind: 10.96.0.0/16") }
                    <div id="settings-error" data-testid="settings-error" class={classes!("settings-error", state.error.is_some().then_some("shown"))} role="alert" aria-live="polite">
                        if let Some(error) = &state.error {
                            <span class="error-label">{ "kube-controller-manager refuses these flags:" }</span>
                            <code class="error-text">{ error }</code>
                            <span class="error-note">{ "Still showing the last valid cluster." }</span>
                        }
                    </div>
                </form>
                <div class="figures" data-testid="capacity" aria-live="polite">
                    { for state.plan.warnings.iter().map(|w| html! { <p class="warning">{ w }</p> }) }
                    { for state.plan.families.iter().map(|f| family_view(f, state.plan.max_pods)) }
                </div>
            </div>
        </section>
    }
}

fn family_view(f: &FamilyCapacity, max_pods: u32) -> Html {
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
