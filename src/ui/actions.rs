//! Actions a learner takes: add or delete a node, add one pod or many (to a chosen node, with an optional
//! requested IP). Each becomes a line of the scenario at the current time.

use super::studio::{Action, Studio};
use crate::i18n::{ui as t, Lang};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props: the studio and its dispatcher.
#[derive(Properties, PartialEq)]
pub struct ActionsProps {
    /// The page's language.
    pub lang: Lang,
    /// The studio.
    pub studio: UseReducerHandle<Studio>,
}

/// The actions bar.
#[function_component(Actions)]
pub fn actions(props: &ActionsProps) -> Html {
    let lang = props.lang;
    let studio = &props.studio;
    let chosen_node = use_state(String::new);
    let requested_ip = use_state(String::new);
    let count = use_state(|| "10".to_string());
    let nodes: Vec<String> = studio.state.nodes.iter().map(|n| n.name.clone()).collect();
    let target = if nodes.contains(&*chosen_node) {
        (*chosen_node).clone()
    } else {
        nodes
            .iter()
            .find(|n| n.contains("worker"))
            .or(nodes.first())
            .cloned()
            .unwrap_or_default()
    };
    let next_node_name = (1..)
        .map(|i| format!("node-{i}"))
        .find(|n| !nodes.contains(n))
        .unwrap_or_default();
    // The first name the scenario has not used yet, so repeated clicks never collide.
    let unused = |prefix: &str| {
        (1..)
            .map(|i| format!("{prefix}{i}"))
            .find(|name| !studio.text.contains(&format!(" {name} ")))
            .unwrap_or_default()
    };
    let pod_name = unused("pod-");
    let append = |lines: Vec<String>| {
        let studio = studio.clone();
        Callback::from(move |_: MouseEvent| studio.dispatch(Action::Append(lines.clone())))
    };
    let on_node = {
        let chosen_node = chosen_node.clone();
        Callback::from(move |e: Event| {
            chosen_node.set(e.target_unchecked_into::<HtmlSelectElement>().value())
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
    let add_pod_line = if ip.is_empty() {
        format!("pod add {} --node={target}", pod_name)
    } else {
        format!("pod add {} --node={target} --ip={ip}", pod_name)
    };
    // The scenario parser checks the count and the IP and reports `line N: ...` in the editor panel.
    let many: Vec<String> = vec![format!(
        "pod add-many {} --node={target} --count={}",
        unused("batch"),
        count.trim()
    )];
    let delete_node = nodes.last().map(|n| format!("node delete {n}"));
    html! {
        <section class="card actions" aria-label={t::ACTIONS.get(lang)}>
            <button data-testid="add-node" onclick={append(vec![format!("node add {next_node_name}")])}>{ t::ADD_NODE.fill(lang, &[&next_node_name]) }</button>
            if let Some(line) = delete_node.clone() {
                <button data-testid="delete-node" onclick={append(vec![line])}>{ t::DELETE_NODE.fill(lang, &[nodes.last().map_or("", String::as_str)]) }</button>
            }
            <span class="action-group">
                <label>
                    <span>{ t::ON_NODE.get(lang) }</span>
                    <select data-testid="pod-node-select" onchange={on_node} aria-label={t::NODE_FOR_NEW_PODS.get(lang)}>
                        { for nodes.iter().map(|n| html! { <option value={n.clone()} selected={*n == target}>{ n }</option> }) }
                    </select>
                </label>
                <label>
                    <span>{ t::REQUESTED_IP.get(lang) }</span>
                    <input class="ip" data-testid="requested-ip" type="text" placeholder={t::REQUESTED_IP_HINT.get(lang)} value={(*requested_ip).clone()} oninput={on_ip} />
                </label>
                <button data-testid="add-pod" disabled={target.is_empty()} onclick={append(vec![add_pod_line])}>{ t::ADD_POD.fill(lang, &[&pod_name]) }</button>
            </span>
            <span class="action-group">
                <label>
                    <span>{ t::COUNT.get(lang) }</span>
                    <input data-testid="pod-count" type="text" inputmode="numeric" size="4" value={(*count).clone()} oninput={on_count} />
                </label>
                <button data-testid="add-many" disabled={target.is_empty()} onclick={append(many)}>{ t::ADD_MANY.get(lang) }</button>
            </span>
            if let Some(error) = &studio.error {
                <p class="action-error" data-testid="action-error" role="alert"><span class="error-label">{ t::ERROR.get(lang) }</span>{ " " }<code>{ error }</code></p>
            }
        </section>
    }
}
