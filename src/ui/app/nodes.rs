//! A card per node, drawn from the core's [`NodeCard`]: its podCIDR(s), host-local's address grid and
//! data directory, its pods joined by veth pairs to the node, the routing table, pending CNI DELs with
//! their countdown; and a pod's own `ip addr` / `ip route` view.

use super::address_grid::AddressGridView;
use super::state::Action;
use super::view::{Cards, PodShown};
use crate::i18n::{ui as t, Lang, Text};
use crate::playback::views::{seconds, NodeCard, MAX_NODE_CARDS, MAX_ROUTE_LINES, MAX_ROWS};
use crate::sim::DeletionMode;
use crate::sim::{Touched, VirtualTime};
use crate::ui::shared::Shared;
use yew::prelude::*;

/// Props of the node cards.
#[derive(Properties, PartialEq)]
pub struct NodesProps {
    /// The page's language.
    pub lang: Lang,
    /// The cards, each kept from the last change when its node did not change.
    pub cards: Shared<Cards>,
    /// What the selected log entry touched.
    pub touched: Option<Touched>,
    /// How the pods' delete buttons delete.
    pub deletion_mode: DeletionMode,
    /// Sends actions.
    pub dispatch: Callback<Action>,
}

/// Every node, in name order (the first [`MAX_NODE_CARDS`]), the one picked on the stage first.
#[function_component(Nodes)]
pub fn nodes(props: &NodesProps) -> Html {
    let NodesProps {
        lang,
        cards,
        touched,
        deletion_mode,
        dispatch,
    } = props;
    let lang = *lang;
    html! {
        <section class="nodes" aria-label={t::NODES.get(lang)}>
            if cards.total == 0 {
                <p class="empty">{ t::NO_NODES.get(lang) }</p>
            }
            { for cards.cards.iter().map(|card| html! {
                // The selected log entry's node, pod, file, veth or route are marked on its node's card.
                <NodeCardView key={card.name.clone()} {lang}
                    card={card.clone()}
                    touched={touched.as_ref().filter(|t| t.node.as_deref() == Some(&*card.name)).cloned()}
                    deletion_mode={*deletion_mode}
                    dispatch={dispatch.clone()} />
            }) }
            if cards.total > MAX_NODE_CARDS {
                <p class="empty">{ t::MORE_NODES.counted(t::MORE_NODES_ONE, lang, cards.total - MAX_NODE_CARDS) }</p>
            }
        </section>
    }
}

/// "… and N more" after the first `shown` of a list of `total`.
fn more(total: usize, shown: usize, (text, one): (Text, Text), lang: Lang) -> Html {
    if total > shown {
        html! { <p class="more">{ text.counted(one, lang, total - shown) }</p> }
    } else {
        html! {}
    }
}

/// Props of one node card: a card whose node did not change is the same `Rc`, so it is not drawn again.
#[derive(Properties, PartialEq)]
pub struct NodeCardProps {
    /// The page's language.
    pub lang: Lang,
    /// What the card draws.
    pub card: Shared<NodeCard>,
    /// What the selected log entry touched, when it happened on this node.
    pub touched: Option<Touched>,
    /// How the pods' delete buttons delete.
    pub deletion_mode: DeletionMode,
    /// Sends actions.
    pub dispatch: Callback<Action>,
}

/// One node: podCIDRs, address grid, IPAM directory, pods with veth pairs, pending DELs, routes.
#[function_component(NodeCardView)]
fn node_card_view(props: &NodeCardProps) -> Html {
    let NodeCardProps {
        card,
        touched,
        deletion_mode,
        dispatch,
        lang,
    } = props;
    let lang = *lang;
    let touched = touched.as_ref();
    let marked = |hit: bool| hit.then_some("touched");
    let touched_pod = touched.and_then(|t| t.pod.as_deref());
    let touched_file = touched.and_then(|t| t.ip_file.as_deref());
    let touched_veth = touched.and_then(|t| t.veth.as_deref());
    let touched_route = touched.and_then(|t| t.route.as_deref());
    html! {
        <article class={classes!("card", "node", marked(touched.is_some()))} data-testid="node" data-node={card.name.clone()} aria-label={t::NODE_LABEL.fill(lang, &[&card.name])}>
            <header class="node-head">
                <h3>{ &card.name }</h3>
                <span class="podcidr">
                    { t::NODE_POD_CIDRS.get(lang) }
                    if card.pod_cidrs.is_empty() {
                        <em>{ t::NONE_YET.get(lang) }</em>
                    } else {
                        <code>{ card.pod_cidrs.join(", ") }</code>
                    }
                </span>
                // calico-ipam's blocks beside the podCIDR it does not read: the pods' addresses are theirs.
                if let Some(blocks) = &card.calico_blocks {
                    <span class="podcidr blocks" data-testid="calico-blocks" title={t::STAGE_BLOCKS_TITLE.get(lang)}>
                        { t::NODE_CALICO_BLOCKS.get(lang) }
                        if blocks.is_empty() {
                            <em>{ t::NONE_YET.get(lang) }</em>
                        } else {
                            <code>{ blocks.join(", ") }</code>
                        }
                    </span>
                }
                // The file itself opens under the badge: what kindnetd wrote is what host-local reads.
                if let Some((command, conflist)) = &card.conflist {
                    <details class="conflist written" data-testid="conflist" data-path={card.cni.conflist_path()}>
                        <summary>{ t::CONFLIST_WRITTEN.fill(lang, &[card.cni.conflist_name()]) }</summary>
                        <code class="prompt">{ command }</code>
                        <pre class="cat">{ conflist }</pre>
                    </details>
                } else {
                    <span class="conflist">{ t::NO_CNI_CONFIG.get(lang) }</span>
                }
                // On a flannel node the plugin reads its subnet from flanneld's file at every ADD.
                if let Some((command, env)) = &card.subnet_env {
                    <details class="conflist written" data-testid="subnet-env">
                        <summary>{ t::CONFLIST_WRITTEN.fill(lang, &["subnet.env"]) }</summary>
                        <code class="prompt">{ command }</code>
                        <pre class="cat">{ env }</pre>
                    </details>
                }
            </header>
            if let Some(grid) = &card.grid {
                <AddressGridView {lang} grid={grid.clone()} touched={touched_file.map(str::to_string)} />
            }
            <div class="node-body">
                if let Some(ls_command) = &card.ls_command {
                <div class="ipam-dir" data-testid="ipam-dir">
                    <code class="prompt">{ ls_command }</code>
                    <ul class="files">
                        { for card.files.iter().map(|file| html! {
                            <li class={classes!("file", marked(touched_file == Some(file.name.as_str())))} key={file.name.clone()} data-file={file.name.clone()}>
                                <details>
                                    <summary><code>{ &file.name }</code></summary>
                                    <pre class="cat">{ &file.shown }</pre>
                                </details>
                            </li>
                        }) }
                    </ul>
                    { more(card.files_total, MAX_ROWS, (t::MORE_FILES, t::MORE_FILES_ONE), lang) }
                </div>
                }
                <div class="pods">
                    { for card.pods.iter().map(|pod| {
                        let on_select = {
                            let (dispatch, name) = (dispatch.clone(), pod.name.clone());
                            Callback::from(move |_: MouseEvent| dispatch.emit(Action::SelectPod(Some(name.clone()))))
                        };
                        let on_delete = {
                            let dispatch = dispatch.clone();
                            let command = deletion_mode.delete(&pod.name);
                            Callback::from(move |_: MouseEvent| dispatch.emit(Action::Apply(vec![command.clone()])))
                        };
                        html! {
                            <div key={pod.name.clone()} class={classes!("pod-row", pod.status.to_ascii_lowercase(), marked(touched_pod == Some(pod.name.as_str())))} data-testid="pod" data-pod={pod.name.clone()}>
                                <div class="pod-box">
                                    <button class="pod-name" onclick={on_select} aria-label={t::SHOW_POD_NETWORK.fill(lang, &[&pod.name])}>{ &pod.name }</button>
                                    <span class="pod-status">{ pod.status }</span>
                                    <code class="pod-ip">{ &pod.ips }</code>
                                    if let Some(v) = &pod.veth {
                                        <code class="eth0">{ &v.pod_end }</code>
                                    }
                                </div>
                                if let Some(v) = &pod.veth {
                                    <span class={classes!("veth-wire", marked(touched_veth == Some(&*v.name)))} data-testid="veth" role="img" aria-label={t::VETH_PAIR.fill(lang, &[&v.ifindex.to_string(), &v.name, &v.peer_ifindex.to_string()])}></span>
                                    <code class={classes!("host-veth", marked(touched_veth == Some(&*v.name)))}>{ &v.node_end }</code>
                                }
                                <button class="delete" onclick={on_delete} aria-label={t::DELETE_POD.fill(lang, &[&pod.name])}>{ t::DELETE.get(lang) }</button>
                            </div>
                        }
                    }) }
                    { more(card.pods_total, MAX_ROWS, (t::MORE_PODS, t::MORE_PODS_ONE), lang) }
                    { for card.pending_dels.iter().map(|pending| html! {
                        <div key={format!("del/{}", pending.container_id)} class={classes!("pod-row", "gone", marked(touched_pod == Some(pending.pod.as_str())))} data-testid="pending-del" data-pod={pending.pod.clone()}>
                            <div class="pod-box">
                                <span class="pod-name">{ &pending.pod }</span>
                                <span class="pod-status">{ t::OBJECT_GONE.get(lang) }</span>
                            </div>
                            if let Some(v) = &pending.veth {
                                <span class={classes!("veth-wire", marked(touched_veth == Some(&*v.name)))} data-testid="veth" role="img" aria-label={t::VETH_PAIR.fill(lang, &[&v.ifindex.to_string(), &v.name, &v.peer_ifindex.to_string()])}></span>
                                <code class={classes!("host-veth", marked(touched_veth == Some(&*v.name)))}>{ &v.node_end }</code>
                            }
                            <span class="countdown" data-testid="countdown">
                                { t::CNI_DEL_IN.fill(lang, &[&seconds(VirtualTime(pending.remaining.as_millis()))]) }
                            </span>
                        </div>
                    }) }
                </div>
                // The bridge's ports: every pod's host veth, each leaving it at its CNI DEL.
                if let Some((command, ports)) = &card.bridge_link {
                    <div class="routes bridge-link" data-testid="bridge-link">
                        <code class="prompt">{ command }</code>
                        <pre>{ ports.join("\n") }</pre>
                        <p class="hint" data-testid="bridge-link-tip">{ t::BRIDGE_LINK_TIP.get(lang) }</p>
                    </div>
                }
                <div class="routes">
                    <code class="prompt">{ "$ ip route" }</code>
                    <pre>{ route_lines(&card.routes, touched_route) }</pre>
                    { more(card.routes_total, MAX_ROUTE_LINES, (t::MORE_ROUTES, t::MORE_ROUTES_ONE), lang) }
                </div>
                if !card.sysctl.is_empty() {
                    <div class="sysctl" data-testid="sysctl">
                        <code class="prompt">{ "$ sysctl" }</code>
                        <pre>{ card.sysctl.join("\n") }</pre>
                        { more(card.sysctl_total, MAX_ROUTE_LINES, (t::MORE_SYSCTL, t::MORE_SYSCTL_ONE), lang) }
                    </div>
                }
            </div>
        </article>
    }
}

/// `ip route`'s lines as one text, or, when the selected entry touched one of them, with that line
/// marked (a line element each only then: a busy card redraws its routes often).
fn route_lines(lines: &[String], touched: Option<&str>) -> Html {
    if !touched.is_some_and(|route| lines.iter().any(|line| line == route)) {
        return html! { { lines.join("\n") } };
    }
    lines
        .iter()
        .enumerate()
        .map(|(index, line)| {
            let class = (touched == Some(line.as_str())).then_some("touched");
            html! { <>{ if index > 0 { "\n" } else { "" } }<span {class}>{ line }</span></> }
        })
        .collect()
}

/// `ip addr` and `ip route` inside the selected pod's network namespace. A view function, as
/// [`super::tours::tours`] is.
pub fn pod_view(pod: Option<&PodShown>, dispatch: &Callback<Action>, lang: Lang) -> Html {
    let Some(PodShown { name: pod, network }) = pod else {
        return html! {};
    };
    let Some(network) = network else {
        return html! { <section class="card pod-view"><p>{ t::POD_NO_NETNS.fill(lang, &[pod]) }</p></section> };
    };
    let on_close = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::SelectPod(None)))
    };
    html! {
        <section class="card pod-view" data-testid="pod-view" aria-label={t::NETWORK_OF_POD.fill(lang, &[pod])}>
            <header class="node-head">
                <h3>{ t::INSIDE_POD.fill(lang, &[pod, &network.netns]) }</h3>
                <button onclick={on_close}>{ t::CLOSE.get(lang) }</button>
            </header>
            <code class="prompt">{ "$ ip addr" }</code>
            <pre>{ network.addr.join("\n") }</pre>
            <code class="prompt">{ "$ ip route" }</code>
            <pre>{ network.routes.join("\n") }</pre>
        </section>
    }
}
