//! Actions a learner takes: add or delete a node, add one pod or many (to a chosen node, with an optional
//! requested IP). Each is a typed command the core runs at the current time, as a line of the scenario.

use super::state::Action;
use crate::i18n::{ui as t, Lang};
use crate::playback::views::ActionNames;
use crate::sim::command::Command;
use crate::ui::shared::Shared;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props of the actions bar.
#[derive(Properties, PartialEq)]
pub struct ActionsProps {
    /// The page's language.
    pub lang: Lang,
    /// The names the actions use next, on the node chosen for new pods.
    pub names: Shared<ActionNames>,
    /// Why the last action (or text) was refused.
    pub error: Option<String>,
    /// Sends actions.
    pub dispatch: Callback<Action>,
}

/// The actions bar.
#[function_component(Actions)]
pub fn actions(props: &ActionsProps) -> Html {
    let lang = props.lang;
    let (names, dispatch) = (&props.names, &props.dispatch);
    let requested_ip = use_state(String::new);
    let count = use_state(|| "10".to_string());
    let target = names.target.clone();
    let apply = |commands: Vec<Command>| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Apply(commands.clone())))
    };
    let on_node = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            dispatch.emit(Action::PodNode(
                e.target_unchecked_into::<HtmlSelectElement>().value(),
            ))
        })
    };
    let on_ip = {
        let requested_ip = requested_ip.clone();
        Callback::from(move |e: InputEvent| {
            requested_ip.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_count = {
        let count = count.clone();
        Callback::from(move |e: InputEvent| {
            count.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let ip = requested_ip.trim();
    let add_pod = Command::PodAdd {
        name: names.next_pod.clone(),
        node: target.clone(),
        ip: (!ip.is_empty()).then(|| ip.to_string()),
    };
    let many = names.add_many(&count);
    let add_node = Command::NodeAdd {
        name: names.next_node.clone(),
        pod_cidrs: Vec::new(),
    };
    let delete_node = names
        .nodes
        .last()
        .map(|name| Command::NodeDelete { name: name.clone() });
    html! {
        <section class="card actions" aria-label={t::ACTIONS.get(lang)}>
            <button data-testid="add-node" onclick={apply(vec![add_node])}>{ t::ADD_NODE.fill(lang, &[&names.next_node]) }</button>
            if let Some(command) = delete_node {
                <button data-testid="delete-node" onclick={apply(vec![command])}>{ t::DELETE_NODE.fill(lang, &[names.nodes.last().map_or("", String::as_str)]) }</button>
            }
            <span class="action-group">
                <label>
                    <span>{ t::ON_NODE.get(lang) }</span>
                    <select data-testid="pod-node-select" onchange={on_node} aria-label={t::NODE_FOR_NEW_PODS.get(lang)}>
                        { for names.nodes.iter().map(|n| html! { <option value={n.clone()} selected={*n == target}>{ n }</option> }) }
                    </select>
                </label>
                <label>
                    <span>{ t::REQUESTED_IP.get(lang) }</span>
                    <input class="ip" data-testid="requested-ip" type="text" placeholder={t::REQUESTED_IP_HINT.get(lang)} value={(*requested_ip).clone()} oninput={on_ip} />
                </label>
                <button data-testid="add-pod" disabled={target.is_empty()} onclick={apply(vec![add_pod])}>{ t::ADD_POD.fill(lang, &[&names.next_pod]) }</button>
            </span>
            <span class="action-group">
                <label>
                    <span>{ t::COUNT.get(lang) }</span>
                    <input data-testid="pod-count" type="text" inputmode="numeric" size="4" value={(*count).clone()} oninput={on_count} />
                </label>
                <button data-testid="add-many" disabled={target.is_empty()} onclick={apply(vec![many])}>{ t::ADD_MANY.get(lang) }</button>
            </span>
            if let Some(error) = &props.error {
                <p class="action-error" data-testid="action-error" role="alert"><span class="error-label">{ t::ERROR.get(lang) }</span>{ " " }<code>{ error }</code></p>
            }
        </section>
    }
}
