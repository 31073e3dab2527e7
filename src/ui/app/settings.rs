//! Cluster settings: a preset of a real distribution, kube-controller-manager's flags, the settings of
//! `sim::settings::KNOBS` the card shows (the kubelet's `--max-pods`, the DEL lag) and the deletion mode,
//! with the capacity they give. The fields are a [`SettingsDraft`]; a valid one is put in force (the core
//! rewrites the scenario's preamble and replays the story); an invalid one shows upstream's text in
//! place and leaves the last valid cluster on screen.

use super::capacity::family_view;
use super::notices::preset_notice;
use super::state::{Action, SettingsEdit};
use super::view::SettingsShown;
use crate::i18n::ui::{knob_words, preset_notes};
use crate::i18n::{ui as t, Lang, Text};
use crate::ipam::kcm::{KcmFlag, ALLOCATE_NODE_CIDRS};
use crate::sim::chain::Chain;
use crate::sim::preset::{self, Preset};
use crate::sim::settings::KnobId;
use crate::sim::{DeletionMode, DraftField, SettingsDraft};
use crate::ui::shared::Shared;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props of the settings card.
#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    /// The page's language.
    pub lang: Lang,
    /// The settings in force and the capacity they give.
    pub settings: Shared<SettingsShown>,
    /// The fields as typed, and why they were refused.
    pub edit: Shared<SettingsEdit>,
    /// Sends actions.
    pub dispatch: Callback<Action>,
}

/// A flag's hint under its field.
fn hint(flag: KcmFlag) -> Text {
    match flag {
        KcmFlag::ClusterCidr => t::HINT_CLUSTER_CIDR,
        KcmFlag::NodeCidrMaskSize => t::HINT_NODE_MASK,
        KcmFlag::NodeCidrMaskSizeIpv4 => t::HINT_NODE_MASK_V4,
        KcmFlag::NodeCidrMaskSizeIpv6 => t::HINT_NODE_MASK_V6,
        KcmFlag::ServiceClusterIpRange => t::HINT_SERVICE,
    }
}

/// The settings card.
#[function_component(Settings)]
pub fn settings(props: &SettingsProps) -> Html {
    let lang = props.lang;
    let (shown, dispatch) = (&props.settings, &props.dispatch);
    let SettingsEdit {
        fields,
        refusal,
        elsewhere,
        replaced,
        ..
    } = &*props.edit;
    let on_edit = |field: DraftField| {
        dispatch.reform(move |e: InputEvent| {
            Action::EditSetting(field, e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let input = |id: &'static str,
                 flag: &'static str,
                 value: &str,
                 field: DraftField,
                 hint: Text| {
        html! {
            <label class="flag" for={id}>
                <span class="flag-name">{ flag }</span>
                <input id={id} data-testid={id} type="text" spellcheck="false" autocomplete="off"
                    value={value.to_string()} oninput={on_edit(field)} aria-describedby="settings-error" />
                <span class="flag-hint">{ hint.get(lang) }</span>
            </label>
        }
    };
    // The chain is one of those podip models: a choice, not a text.
    let chain_select = |label: Text, hint: Text| {
        let on_choose = dispatch.reform(|e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            Action::EditSetting(DraftField::Knob(KnobId::Cni), value)
        });
        let (typed, id) = (fields.knob(KnobId::Cni), KnobId::Cni.name());
        html! {
            <label class="flag" for={id}>
                <span class="flag-name">{ label.get(lang) }</span>
                <select {id} data-testid={id} onchange={on_choose} aria-describedby="settings-error">
                    { for Chain::ALL.into_iter().map(|chain| html! {
                        <option value={chain.name()} selected={typed == chain.name()}>{ chain.name() }</option>
                    }) }
                </select>
                <span class="flag-hint">{ hint.get(lang) }</span>
            </label>
        }
    };
    let flag_input = |flag: KcmFlag| {
        input(
            flag.short_name(),
            flag.flag(),
            flag.value(&fields.flags),
            DraftField::Flag(flag),
            hint(flag),
        )
    };
    let on_mode = dispatch.reform(|e: Event| {
        let mode = match e
            .target_unchecked_into::<HtmlSelectElement>()
            .value()
            .as_str()
        {
            "graceful" => DeletionMode::Graceful,
            _ => DeletionMode::Immediate,
        };
        Action::DeletionMode(mode)
    });
    let on_preset = dispatch
        .reform(|e: Event| Action::Preset(e.target_unchecked_into::<HtmlSelectElement>().value()));
    let chosen = elsewhere.or_else(|| fields.matching_preset());
    let preset_option = |p: &'static Preset| {
        html! { <option value={p.name} selected={chosen.map(|c| c.name) == Some(p.name)}>{ p.title }</option> }
    };
    // The figures follow the cluster on screen (the last valid one), never the refused fields.
    let plan = &shown.capacity;
    let warnings = &shown.settings.config.warnings;
    let deletion_mode = shown.settings.deletion_mode;
    html! {
        <section class="card settings" aria-labelledby="settings-title">
            <h2 id="settings-title">{ t::SETTINGS.get(lang) }</h2>
            <form class="flags" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <label class="flag" for="preset">
                    <span class="flag-name">{ t::PRESET.get(lang) }</span>
                    <select id="preset" data-testid="preset" onchange={on_preset} aria-describedby="preset-note">
                        <option value="" selected={chosen.is_none()}>{ t::PRESET_OWN.get(lang) }</option>
                        { for preset::ALL.iter().filter(|p| p.flags().is_some()).map(preset_option) }
                        <optgroup label={t::PRESET_ELSEWHERE_GROUP.get(lang)}>
                            { for preset::ALL.iter().filter(|p| p.flags().is_none()).map(preset_option) }
                        </optgroup>
                    </select>
                </label>
                // What the preset replaced of the learner's own, with the way back.
                { for replaced.as_ref().map(|replaced| preset_notice(replaced, dispatch, lang)) }
                if let Some(p) = chosen {
                    <div id="preset-note" class="preset-note" data-testid="preset-note">
                        // The platform's note, then which chain podip draws where it runs another.
                        { for preset_notes(p.name).into_iter().map(|note| html! { <p>{ note.get(lang) }</p> }) }
                        <p class="preset-sources">
                            { t::PRESET_SOURCES.get(lang) }
                            { for p.sources.iter().map(|url| html! {
                                <>{ " " }<a href={*url} target="_blank" rel="noopener noreferrer">{ short_url(url) }</a></>
                            }) }
                        </p>
                    </div>
                }
                <code class="cmdline">{ format!("kube-controller-manager {ALLOCATE_NODE_CIDRS}=true") }</code>
                { flag_input(KcmFlag::ClusterCidr) }
                { flag_input(KcmFlag::NodeCidrMaskSize) }
                <div class="flag-pair">
                    { flag_input(KcmFlag::NodeCidrMaskSizeIpv4) }
                    { flag_input(KcmFlag::NodeCidrMaskSizeIpv6) }
                </div>
                { flag_input(KcmFlag::ServiceClusterIpRange) }
                { for SettingsDraft::card_knobs().into_iter().filter_map(|knob| {
                    let (label, hint) = knob_words(knob.id)?;
                    if knob.id == KnobId::Cni {
                        return Some(chain_select(label, hint));
                    }
                    Some(input(knob.name, label.get(lang), fields.knob(knob.id), DraftField::Knob(knob.id), hint))
                }) }
                <label class="flag" for="deletion-mode">
                    <span class="flag-name">{ t::POD_DELETION.get(lang) }</span>
                    <select id="deletion-mode" data-testid="deletion-mode" onchange={on_mode}>
                        <option value="immediate" selected={deletion_mode == DeletionMode::Immediate}>{ t::IMMEDIATE.get(lang) }</option>
                        <option value="graceful" selected={deletion_mode == DeletionMode::Graceful}>{ t::GRACEFUL.get(lang) }</option>
                    </select>
                </label>
                // One slot for both states, with room for a short refusal: one appearing moves nothing below.
                <div class="settings-status">
                    <div id="settings-error" data-testid="settings-error" class={classes!("settings-error", refusal.is_some().then_some("shown"))} role="alert" aria-live="polite">
                        if let Some(error) = refusal {
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
                { for plan.families.iter().map(|family| family_view(family, plan.max_pods, lang)) }
            </div>
        </section>
    }
}

/// A source link's text: the address without its scheme, its host's `www.` and its fragment.
fn short_url(url: &str) -> &str {
    let bare = url.split('#').next().unwrap_or(url);
    bare.trim_start_matches("https://")
        .trim_start_matches("www.")
}
