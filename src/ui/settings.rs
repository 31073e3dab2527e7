//! Cluster settings: kube-controller-manager's flags, the DEL lag and the deletion mode, with the
//! capacity they give. A valid edit rewrites the scenario's `cluster` line and replays the story; an
//! invalid one shows upstream's text in place and leaves the last valid cluster on screen.

use super::capacity::family_view;
use super::studio::{Action, DeletionMode, Studio};
use crate::i18n::{ui as t, Lang, Text};
use crate::ipam::capacity::CapacityPlan;
use crate::ipam::kcm::KcmFlags;
use crate::sim::scenario::cluster_line;
use crate::sim::{Command, Scenario, SimSettings};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props: the studio and its dispatcher.
#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    /// The page's language.
    pub lang: Lang,
    /// The studio.
    pub studio: UseReducerHandle<Studio>,
}

/// The fields as typed.
#[derive(Clone, PartialEq, Default)]
pub(super) struct Fields {
    pub(super) flags: KcmFlags,
    pub(super) del_lag: String,
}

impl Fields {
    /// The scenario's `cluster` flags and the DEL lag in force at its start.
    pub(super) fn from_studio(studio: &Studio) -> Self {
        Self::from_scenario(&studio.scenario)
    }

    /// The flags of a scenario's `cluster` line (kind's defaults without one) and its `del-lag`.
    pub(super) fn from_scenario(scenario: &Scenario) -> Self {
        let flags = scenario
            .commands
            .iter()
            .find_map(|c| match &c.command {
                Command::Cluster { flags, .. } => Some(flags.clone()),
                _ => None,
            })
            .unwrap_or_else(KcmFlags::kind_defaults);
        let del_lag = scenario
            .commands
            .iter()
            .find_map(|c| match &c.command {
                Command::Set { name, value } if name == "del-lag" => Some(value.clone()),
                _ => None,
            })
            .unwrap_or_else(|| format!("{}ms", SimSettings::default().del_lag.as_millis()));
        Self { flags, del_lag }
    }

    /// The scenario lines for these fields, or the first refusal in upstream's words.
    pub(super) fn lines(&self) -> Result<Vec<String>, String> {
        self.flags.validate().map_err(|e| e.to_string())?;
        SimSettings::default()
            .set("del-lag", &self.del_lag)
            .map_err(|e| e.to_string())?;
        Ok(vec![
            format!("set del-lag={}", self.del_lag.trim()),
            cluster_line(&self.flags),
        ])
    }
}

/// Which field an input edits.
#[derive(Clone, Copy)]
enum Field {
    ClusterCidr,
    NodeMask,
    NodeMaskIpv4,
    NodeMaskIpv6,
    ServiceCidr,
    DelLag,
}

/// The settings card.
#[function_component(Settings)]
pub fn settings(props: &SettingsProps) -> Html {
    let lang = props.lang;
    let studio = &props.studio;
    let fields = use_state(|| Fields::from_studio(studio));
    let refusal = use_state(|| None::<String>);
    {
        // A new scenario (tour, editor) brings its own flags.
        let (fields, refusal) = (fields.clone(), refusal.clone());
        let snapshot = Fields::from_studio(studio);
        use_effect_with(studio.generation, move |_| {
            fields.set(snapshot);
            refusal.set(None);
        });
    }
    let on_edit = |field: Field| {
        let (fields, refusal, studio) = (fields.clone(), refusal.clone(), studio.clone());
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            let mut edited = (*fields).clone();
            *match field {
                Field::ClusterCidr => &mut edited.flags.cluster_cidr,
                Field::NodeMask => &mut edited.flags.node_cidr_mask_size,
                Field::NodeMaskIpv4 => &mut edited.flags.node_cidr_mask_size_ipv4,
                Field::NodeMaskIpv6 => &mut edited.flags.node_cidr_mask_size_ipv6,
                Field::ServiceCidr => &mut edited.flags.service_cluster_ip_range,
                Field::DelLag => &mut edited.del_lag,
            } = value;
            match edited.lines() {
                Ok(lines) => {
                    refusal.set(None);
                    studio.dispatch(Action::Preamble(lines));
                }
                Err(err) => refusal.set(Some(err)),
            }
            fields.set(edited);
        })
    };
    let input = |id: &'static str, flag: &'static str, value: &str, field: Field, hint: Text| {
        html! {
            <label class="flag" for={id}>
                <span class="flag-name">{ flag }</span>
                <input id={id} data-testid={id} type="text" spellcheck="false" autocomplete="off"
                    value={value.to_string()} oninput={on_edit(field)} aria-describedby="settings-error" />
                <span class="flag-hint">{ hint.get(lang) }</span>
            </label>
        }
    };
    let on_mode = {
        let studio = studio.clone();
        Callback::from(move |e: Event| {
            let mode = match e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .as_str()
            {
                "graceful" => DeletionMode::Graceful,
                _ => DeletionMode::Immediate,
            };
            studio.dispatch(Action::DeletionMode(mode));
        })
    };
    // The figures follow the cluster on screen (the last valid one), never the refused fields.
    let config = Fields::from_studio(studio).flags.validate().ok();
    let plan = config.as_ref().map(CapacityPlan::from_config);
    // While the typed flags are accepted they are the studio's, so these are the typed flags' warnings.
    let warnings = config.map(|c| c.warnings).unwrap_or_default();
    let f = &fields.flags;
    html! {
        <section class="card settings" aria-labelledby="settings-title">
            <h2 id="settings-title">{ t::SETTINGS.get(lang) }</h2>
            <form class="flags" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <code class="cmdline">{ "kube-controller-manager --allocate-node-cidrs=true" }</code>
                { input("cluster-cidr", "--cluster-cidr", &f.cluster_cidr, Field::ClusterCidr, t::HINT_CLUSTER_CIDR) }
                { input("node-mask", "--node-cidr-mask-size", &f.node_cidr_mask_size, Field::NodeMask, t::HINT_NODE_MASK) }
                <div class="flag-pair">
                    { input("node-mask-ipv4", "--node-cidr-mask-size-ipv4", &f.node_cidr_mask_size_ipv4, Field::NodeMaskIpv4, t::HINT_NODE_MASK_V4) }
                    { input("node-mask-ipv6", "--node-cidr-mask-size-ipv6", &f.node_cidr_mask_size_ipv6, Field::NodeMaskIpv6, t::HINT_NODE_MASK_V6) }
                </div>
                { input("service-cidr", "--service-cluster-ip-range", &f.service_cluster_ip_range, Field::ServiceCidr, t::HINT_SERVICE) }
                { input("del-lag", t::DEL_LAG.get(lang), &fields.del_lag, Field::DelLag, t::HINT_DEL_LAG) }
                <label class="flag" for="deletion-mode">
                    <span class="flag-name">{ t::POD_DELETION.get(lang) }</span>
                    <select id="deletion-mode" data-testid="deletion-mode" onchange={on_mode}>
                        <option value="immediate" selected={studio.deletion_mode == DeletionMode::Immediate}>{ t::IMMEDIATE.get(lang) }</option>
                        <option value="graceful" selected={studio.deletion_mode == DeletionMode::Graceful}>{ t::GRACEFUL.get(lang) }</option>
                    </select>
                </label>
                // One slot for both states, with room for a short refusal: one appearing moves nothing below.
                <div class="settings-status">
                    <div id="settings-error" data-testid="settings-error" class={classes!("settings-error", refusal.is_some().then_some("shown"))} role="alert" aria-live="polite">
                        if let Some(error) = &*refusal {
                            <span class="error-label">{ t::REFUSED.get(lang) }</span>
                            <code class="error-text">{ error }</code>
                            <span class="error-note">{ t::STILL_SHOWING.get(lang) }</span>
                        }
                    </div>
                    if refusal.is_none() {
                        <p class="settings-accepted" data-testid="settings-accepted">{ t::ACCEPTED.get(lang) }</p>
                        { for warnings.iter().map(|warning| html! {
                            <p class="settings-warning" data-testid="settings-warning">
                                { t::LOGS_WARNING.get(lang) }{ " " }<code>{ warning }</code>
                            </p>
                        }) }
                    }
                </div>
            </form>
            <div class="figures" data-testid="capacity" aria-live="polite">
                if let Some(plan) = plan {
                    { for plan.families.iter().map(|family| family_view(family, plan.max_pods, lang)) }
                }
            </div>
        </section>
    }
}
