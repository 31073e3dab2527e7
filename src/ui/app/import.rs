//! "Your cluster": `kubectl get nodes -o json` pasted or loaded from a file, read by the core
//! ([`crate::sim::import`]) and loaded as a scenario, so the stage and the address map draw it; the
//! card shows the core's report. The text is read in the page only.

use super::capacity::max_pods_note;
use super::state::Action;
use super::view::{EditorShown, SettingsShown};
use crate::i18n::{ui as t, Lang};
use crate::sim::import::{
    flags_text, parse_nodes, ClusterSource, Import, ImportError, MAX_IMPORT_BYTES,
};
use crate::ui::shared::Shared;
use std::rc::Rc;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Props of the import card.
#[derive(Properties, PartialEq)]
pub struct ImportProps {
    /// The page's language.
    pub lang: Lang,
    /// The settings on screen, which an import reads the nodes with.
    pub settings: Shared<SettingsShown>,
    /// The scenario text on screen: the report stays while it is the one the import made.
    pub text: Shared<EditorShown>,
    /// Sends actions.
    pub dispatch: Callback<Action>,
}

/// What the last attempt gave.
#[derive(Clone, PartialEq)]
enum Outcome {
    /// Loaded: the import and the scenario text it became.
    Shown(Rc<Import>, String),
    /// The text was not nodes.
    NotNodes(ImportError),
    /// kube-controller-manager refused, with the flags the podCIDRs suggest (as text), if any.
    Refused(String, Option<String>),
    /// podip's scenario reader refused (a limit, a node name).
    NotShown(String),
}

/// The refusal of a text that is not nodes, in the page's language.
fn refusal(err: &ImportError, lang: Lang) -> String {
    match err {
        ImportError::TooLarge { bytes } => {
            t::IMPORT_TOO_LARGE.fill(lang, &[&bytes.to_string(), &MAX_IMPORT_BYTES.to_string()])
        }
        ImportError::NotJson(detail) => t::IMPORT_NOT_JSON.fill(lang, &[detail]),
        ImportError::NotNodes { kind } => t::IMPORT_NOT_NODES.fill(lang, &[kind]),
        ImportError::OtherKind { index, kind } => {
            t::IMPORT_OTHER_KIND.fill(lang, &[&index.to_string(), kind])
        }
        ImportError::NoName { index } => t::IMPORT_NO_NAME.fill(lang, &[&index.to_string()]),
        ImportError::Duplicate(name) => t::IMPORT_DUPLICATE.fill(lang, &[name]),
        ImportError::NoNodes => t::IMPORT_NO_NODES.get(lang).to_string(),
    }
}

/// Read `text` with the settings on screen (or, `suggested`, with what its podCIDRs suggest) and
/// load it; what happened.
fn import(
    text: &str,
    (settings, dispatch): &(Shared<SettingsShown>, Callback<Action>),
    suggested: bool,
) -> Outcome {
    let nodes = match parse_nodes(text) {
        Ok(nodes) => nodes,
        Err(err) => return Outcome::NotNodes(err),
    };
    let settings = &settings.settings;
    let given = (!suggested).then_some(settings);
    let import = match Import::new(nodes, given, settings) {
        Ok(import) => import,
        Err(refused) => {
            return Outcome::Refused(refused.kcm, refused.suggested.as_deref().map(flags_text))
        }
    };
    match import.scenario() {
        Ok(scenario) => {
            dispatch.emit(Action::Load {
                text: scenario.clone(),
                tour: None,
            });
            Outcome::Shown(Rc::new(import), scenario)
        }
        Err(err) => Outcome::NotShown(err),
    }
}

/// The card.
#[function_component(ImportCard)]
pub fn import_card(props: &ImportProps) -> Html {
    let lang = props.lang;
    let submit_to = &(props.settings.clone(), props.dispatch.clone());
    let draft = use_state(String::new);
    let outcome = use_state(|| None::<Outcome>);
    let on_input = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            draft.set(e.target_unchecked_into::<HtmlTextAreaElement>().value())
        })
    };
    let on_run = {
        let (submit_to, draft, outcome) = (submit_to.clone(), draft.clone(), outcome.clone());
        Callback::from(move |_: MouseEvent| outcome.set(Some(import(&draft, &submit_to, false))))
    };
    let on_suggested = {
        let (submit_to, draft, outcome) = (submit_to.clone(), draft.clone(), outcome.clone());
        Callback::from(move |_: MouseEvent| outcome.set(Some(import(&draft, &submit_to, true))))
    };
    let on_file = {
        let (submit_to, draft, outcome) = (submit_to.clone(), draft.clone(), outcome.clone());
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let Some(file) = input.files().and_then(|files| files.get(0)) else {
                return;
            };
            // Refused by its size before a byte of it is read.
            let bytes = file.size() as usize;
            if bytes > MAX_IMPORT_BYTES {
                outcome.set(Some(Outcome::NotNodes(ImportError::TooLarge { bytes })));
                return;
            }
            let (submit_to, draft, outcome) = (submit_to.clone(), draft.clone(), outcome.clone());
            spawn_local(async move {
                let text = JsFuture::from(file.text())
                    .await
                    .ok()
                    .and_then(|value| value.as_string())
                    .unwrap_or_default();
                outcome.set(Some(import(&text, &submit_to, false)));
                draft.set(text);
            });
        })
    };
    // The report stays while the scenario on screen is the one the import made.
    let report = match &*outcome {
        Some(Outcome::Shown(import, text)) if props.text.text == *text => {
            Some(report_view(import, lang))
        }
        _ => None,
    };
    let error = match &*outcome {
        Some(Outcome::NotNodes(err)) => Some(html! { <p>{ refusal(err, lang) }</p> }),
        Some(Outcome::Refused(text, suggested)) => Some(html! {
            <>
                <p>{ t::IMPORT_KCM_REFUSED.get(lang) }{ " " }<code class="error-text">{ text }</code></p>
                if let Some(flags) = suggested {
                    <button type="button" data-testid="import-suggested" onclick={on_suggested}>
                        { t::IMPORT_USE_SUGGESTED.fill(lang, &[flags]) }
                    </button>
                }
            </>
        }),
        Some(Outcome::NotShown(text)) => Some(html! {
            <p>{ t::IMPORT_SCENARIO_REFUSED.get(lang) }{ " " }<code class="error-text">{ text }</code></p>
        }),
        _ => None,
    };
    html! {
        <section class="card import" aria-labelledby="import-title" data-testid="import">
            <h2 id="import-title">{ t::IMPORT_TITLE.get(lang) }</h2>
            <p class="lede">{ t::IMPORT_INTRO.get(lang) }</p>
            <label class="flag" for="import-text">
                <span class="flag-name">{ t::IMPORT_PASTE.get(lang) }</span>
                <textarea id="import-text" data-testid="import-text" rows="5" spellcheck="false"
                    autocomplete="off" value={(*draft).clone()} oninput={on_input}
                    aria-describedby="import-error" />
            </label>
            <div class="import-actions">
                <button type="button" class="primary" data-testid="import-run" onclick={on_run}>{ t::IMPORT_BUTTON.get(lang) }</button>
                <label class="import-file">
                    { t::IMPORT_FILE.get(lang) }
                    <input type="file" data-testid="import-file" accept=".json,application/json" onchange={on_file} />
                </label>
            </div>
            <div id="import-error" data-testid="import-error" class={classes!("settings-error", error.is_some().then_some("shown"))} role="alert" aria-live="polite">
                { for error }
            </div>
            { for report }
        </section>
    }
}

fn report_view(import: &Import, lang: Lang) -> Html {
    let report = &import.report;
    let cluster = &import.settings.flags.cluster_cidr;
    let source = match import.source {
        ClusterSource::Given => t::IMPORT_FROM_SETTINGS.fill(lang, &[cluster]),
        ClusterSource::Suggested => t::IMPORT_SUGGESTED.fill(lang, &[cluster]),
    };
    let source = html! { <p data-testid="import-source">{ source }</p> };
    let node_row = |node: &crate::sim::import::NodeRow| {
        let cidrs = if !node.pod_cidrs.is_empty() {
            html! { <code>{ node.pod_cidrs.join(", ") }</code> }
        } else if let Some(err) = &node.not_available {
            html! { <span class="flagged">{ t::IMPORT_NO_POD_CIDR_FULL.get(lang) }{ " " }<code>{ err }</code></span> }
        } else {
            html! { <span class="flagged">{ t::IMPORT_NO_POD_CIDR.fill(lang, &[&node.gets.join(", ")]) }</span> }
        };
        html! {
            <tr data-node={node.name.clone()}>
                <th scope="row"><code>{ &node.name }</code></th>
                <td>{ cidrs }</td>
            </tr>
        }
    };
    let figure = |label: &'static str, value: String, key: &'static str| {
        html! {
            <tr data-figure={key}>
                <th scope="row">{ label }</th>
                <td class="value">{ value }</td>
            </tr>
        }
    };
    let next = match &report.next_node_not_available {
        Some(err) => html! { <>{ t::IMPORT_NEXT_NONE.get(lang) }{ " " }<code>{ err }</code></> },
        None => html! { <code>{ report.next_node.join(", ") }</code> },
    };
    html! {
        <div class="import-report" data-testid="import-report">
            { source }
            <table class="import-table">
                <thead><tr><th scope="col">{ t::IMPORT_NODE.get(lang) }</th><th scope="col">{ "spec.podCIDRs" }</th></tr></thead>
                <tbody>{ for report.nodes.iter().map(node_row) }</tbody>
            </table>
            <table class="import-table">
                <tbody>
                    { for report.families.iter().map(|f| html! {
                        <>
                            <tr><th colspan="2" scope="rowgroup"><code>{ &f.cluster_cidr }</code>{ t::SPLIT_INTO.fill(lang, &[&f.node_mask_size.to_string()]) }</th></tr>
                            { figure(t::NODE_SUBNETS.get(lang), f.node_subnets.to_string(), "node-subnets") }
                            { figure(t::IMPORT_USED.get(lang), f.used_by_nodes.to_string(), "used") }
                            { figure(t::IMPORT_SERVICE.get(lang), f.held_by_service_range.to_string(), "service") }
                            { figure(t::IMPORT_FREE.get(lang), f.free.to_string(), "free") }
                        </>
                    }) }
                    <tr data-figure="next">
                        <th scope="row">{ t::IMPORT_NEXT.get(lang) }</th>
                        <td class="value">{ next }<div class="note">{ t::IMPORT_NEXT_NOTE.get(lang) }</div></td>
                    </tr>
                    { figure(t::IMPORT_MORE_FIT.get(lang), report.more_nodes_fit.to_string(), "more-fit") }
                </tbody>
            </table>
            <table class="import-table">
                <tbody>
                    { for report.capacity.families.iter().map(|f| html! {
                        <tr data-figure="per-node">
                            <th scope="row">{ t::USABLE_PER_NODE.get(lang) }{ " " }<code>{ format!("/{}", f.node_mask_size) }</code></th>
                            <td class="value">{ f.usable_pod_ips_per_node.to_string() }
                                <div class="note">{ t::IMPORT_MAX_PODS.fill(lang, &[&report.capacity.max_pods.to_string(), max_pods_note(f.max_pods_fit, report.capacity.max_pods).get(lang)]) }</div>
                            </td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}
