//! A card per node: its podCIDR(s), host-local's address grid and data directory, its pods joined by
//! veth pairs to the node, the routing table, pending CNI DELs with their countdown, and a pod's own
//! `ip addr` / `ip route` view.

use super::studio::{Action, DeletionMode, Studio};
use super::timeline::seconds;
use crate::ipam::ptp::iproute2::{ip6_route_lines, ip_addr_lines, ip_route_lines};
use crate::sim::grid::{AddressGrid, CellStatus};
use crate::sim::state::{NodeState, PodState};
use crate::sim::VirtualTime;
use yew::prelude::*;

/// Props: the studio and its dispatcher.
#[derive(Properties, PartialEq)]
pub struct NodesProps {
    /// The studio.
    pub studio: UseReducerHandle<Studio>,
}

/// At most this many node cards are drawn; the address map shows every node.
pub const MAX_NODE_CARDS: usize = 12;
/// At most this many pod rows (and listing or route lines) per node card.
const MAX_ROWS: usize = 16;

/// Every node, in name order (the first [`MAX_NODE_CARDS`]).
#[function_component(Nodes)]
pub fn nodes(props: &NodesProps) -> Html {
    let studio = &props.studio;
    let nodes = &studio.state.nodes;
    let sim = studio.sim();
    let now = studio.time();
    let cards = nodes.iter().take(MAX_NODE_CARDS).map(|node| {
        let store = sim.node_store(&node.name);
        let files: Vec<(String, String)> = node
            .ipam
            .ls
            .iter()
            .take(MAX_ROWS)
            .map(|name| {
                let content = store.and_then(|s| s.cat(name)).unwrap_or_default();
                (name.clone(), content)
            })
            .collect();
        html! {
            <NodeCard key={node.name.clone()}
                node={node.clone()}
                pods={studio.state.pods.iter().filter(|p| p.node == node.name).cloned().collect::<Vec<_>>()}
                grid={sim.node_address_grid(&node.name)}
                {files}
                now={(!node.pending_dels.is_empty()).then_some(now)}
                deletion_mode={studio.deletion_mode}
                dispatch={studio.dispatcher()} />
        }
    });
    html! {
        <section class="nodes" aria-label="nodes">
            if nodes.is_empty() {
                <p class="empty">{ "No nodes yet. Add one, or play a tour." }</p>
            }
            { for cards }
            if nodes.len() > MAX_NODE_CARDS {
                <p class="empty">{ format!("… and {} more nodes: see the address map.", nodes.len() - MAX_NODE_CARDS) }</p>
            }
        </section>
    }
}

/// "… and N more" after the first [`MAX_ROWS`] of a list.
fn more(total: usize, what: &str) -> Html {
    if total > MAX_ROWS {
        html! { <p class="more">{ format!("… and {} more {what}", total - MAX_ROWS) }</p> }
    } else {
        html! {}
    }
}

/// Props of one node card: everything it draws, by value, so that a card whose node did not change
/// between two frames is not rendered again (a cluster of 64 busy nodes plays at 8× only this way).
#[derive(Properties, PartialEq)]
pub struct NodeCardProps {
    /// The node's state.
    pub node: NodeState,
    /// Its pods.
    pub pods: Vec<PodState>,
    /// host-local's address grid of its range, once it has one.
    pub grid: Option<AddressGrid>,
    /// The first files of the IPAM directory and what `cat` shows of each.
    pub files: Vec<(String, String)>,
    /// The virtual time, only while a CNI DEL is pending (the countdown is the only thing it moves).
    pub now: Option<VirtualTime>,
    /// How the pods' delete buttons delete.
    pub deletion_mode: DeletionMode,
    /// Sends actions (stable across frames).
    pub dispatch: UseReducerDispatcher<Studio>,
}

/// One node: podCIDRs, address grid, IPAM directory, pods with veth pairs, pending DELs, routes.
#[function_component(NodeCard)]
fn node_card(props: &NodeCardProps) -> Html {
    let NodeCardProps {
        node,
        pods,
        grid,
        files,
        now,
        deletion_mode,
        dispatch,
    } = props;
    html! {
        <article class="card node" data-testid="node" data-node={node.name.clone()} aria-label={format!("node {}", node.name)}>
            <header class="node-head">
                <h3>{ &node.name }</h3>
                <span class="podcidr">
                    { "spec.podCIDRs: " }
                    if node.pod_cidrs.is_empty() {
                        <em>{ "none yet" }</em>
                    } else {
                        <code>{ node.pod_cidrs.join(", ") }</code>
                    }
                </span>
                <span class={classes!("conflist", node.conflist.is_some().then_some("written"))}>
                    { if node.conflist.is_some() { "10-kindnet.conflist written" } else { "no CNI config yet" } }
                </span>
            </header>
            if let Some(grid) = grid {
                <div class="address-grid" role="img" aria-label={format!("addresses of {}", grid.subnet)}>
                    { for grid.cells.iter().map(|cell| {
                        let (class, label) = match cell.status {
                            CellStatus::Network => ("network", "network"),
                            CellStatus::Gateway => ("gateway", "gateway"),
                            CellStatus::Broadcast => ("broadcast", "broadcast"),
                            CellStatus::Reserved => ("reserved", "reserved"),
                            CellStatus::Freed => ("freed", "freed, waits for the wrap"),
                            CellStatus::Free => ("free", "free"),
                        };
                        html! {
                            <span class={classes!("cell", class, cell.next.then_some("cursor"))}
                                title={format!("{} — {}{}", cell.ip, label, if cell.next { " — next candidate after last_reserved_ip" } else { "" })}></span>
                        }
                    }) }
                    if grid.truncated {
                        <span class="grid-note">{ format!("first {} addresses of {}", grid.cells.len(), grid.subnet) }</span>
                    }
                </div>
            }
            <div class="node-body">
                <div class="ipam-dir" data-testid="ipam-dir">
                    <code class="prompt">{ format!("$ ls {}", node.ipam.dir.clone().unwrap_or_else(|| "/run/cni-ipam-state/kindnet".into())) }</code>
                    <ul class="files">
                        { for files.iter().map(|(name, content)| html! {
                            <li class="file" key={name.clone()} data-file={name.clone()}>
                                <details>
                                    <summary><code>{ name }</code></summary>
                                    <pre class="cat">{ show_crlf(content) }</pre>
                                </details>
                            </li>
                        }) }
                    </ul>
                    { more(node.ipam.ls.len(), "files") }
                </div>
                <div class="pods">
                    { for pods.iter().take(MAX_ROWS).map(|pod| {
                        let veth = node.veths.iter().find(|v| v.pod == pod.name);
                        let on_select = {
                            let (dispatch, name) = (dispatch.clone(), pod.name.clone());
                            Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::SelectPod(Some(name.clone()))))
                        };
                        let on_delete = {
                            let dispatch = dispatch.clone();
                            let line = delete_line(*deletion_mode, &pod.name);
                            Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Append(vec![line.clone()])))
                        };
                        html! {
                            <div key={pod.name.clone()} class={classes!("pod-row", pod.status.to_lowercase())} data-testid="pod" data-pod={pod.name.clone()}>
                                <div class="pod-box">
                                    <button class="pod-name" onclick={on_select} aria-label={format!("show the network of pod {}", pod.name)}>{ &pod.name }</button>
                                    <span class="pod-status">{ pod.status }</span>
                                    <code class="pod-ip">{ pod.ips.join(", ") }</code>
                                    if let Some(v) = veth {
                                        <code class="eth0">{ format!("eth0@if{}", v.ifindex) }</code>
                                    }
                                </div>
                                if let Some(v) = veth {
                                    <span class="veth-wire" data-testid="veth" aria-label={format!("veth pair eth0@if{} to {}@if{}", v.ifindex, v.name, v.peer_ifindex)}></span>
                                    <code class="host-veth">{ format!("{}@if{}", v.name, v.peer_ifindex) }</code>
                                }
                                <button class="delete" onclick={on_delete} aria-label={format!("delete pod {}", pod.name)}>{ "delete" }</button>
                            </div>
                        }
                    }) }
                    { more(pods.len(), "pods") }
                    { for node.pending_dels.iter().take(MAX_ROWS).map(|pending| html! {
                        <div key={format!("del/{}", pending.container_id)} class="pod-row gone" data-testid="pending-del" data-pod={pending.pod.clone()}>
                            <div class="pod-box">
                                <span class="pod-name">{ &pending.pod }</span>
                                <span class="pod-status">{ "object gone" }</span>
                            </div>
                            <span class="countdown" data-testid="countdown">
                                { format!("CNI DEL in {}", seconds(VirtualTime(pending.at_ms.as_millis().saturating_sub(now.unwrap_or(VirtualTime::ZERO).as_millis())))) }
                            </span>
                        </div>
                    }) }
                </div>
                <div class="routes">
                    <code class="prompt">{ "$ ip route" }</code>
                    <pre>{ node.routes.iter().take(MAX_ROWS * 2).cloned().collect::<Vec<_>>().join("\n") }</pre>
                    { more(node.routes.len() / 2, "routes") }
                </div>
            </div>
        </article>
    }
}

/// The scenario line for deleting a pod in the chosen mode.
fn delete_line(mode: DeletionMode, pod: &str) -> String {
    match mode {
        DeletionMode::Immediate => format!("pod delete {pod}"),
        DeletionMode::Graceful => format!("pod delete {pod} --grace-period=30"),
    }
}

/// `cat -A`-style: make the CRLF visible, since it is the surprise.
fn show_crlf(content: &str) -> String {
    content.replace("\r\n", "\\r\\n\n")
}

/// Props of the pod network view.
#[derive(Properties, PartialEq)]
pub struct PodViewProps {
    /// The studio.
    pub studio: UseReducerHandle<Studio>,
}

/// `ip addr` and `ip route` inside the selected pod's network namespace.
#[function_component(PodView)]
pub fn pod_view(props: &PodViewProps) -> Html {
    let studio = &props.studio;
    let Some(pod) = studio.selected_pod.clone() else {
        return html! {};
    };
    let sim = studio.sim();
    let Some(netns) = sim.pod_netns(&pod) else {
        return html! { <section class="card pod-view"><p>{ format!("pod {pod} has no network namespace now.") }</p></section> };
    };
    let on_close = {
        let studio = studio.clone();
        Callback::from(move |_: MouseEvent| studio.dispatch(Action::SelectPod(None)))
    };
    let mut routes = ip_route_lines(netns);
    routes.extend(ip6_route_lines(netns));
    html! {
        <section class="card pod-view" data-testid="pod-view" aria-label={format!("network of pod {pod}")}>
            <header class="node-head">
                <h3>{ format!("inside pod {pod}: {}", netns.path()) }</h3>
                <button onclick={on_close}>{ "close" }</button>
            </header>
            <code class="prompt">{ "$ ip addr" }</code>
            <pre>{ ip_addr_lines(netns).join("\n") }</pre>
            <code class="prompt">{ "$ ip route" }</code>
            <pre>{ routes.join("\n") }</pre>
        </section>
    }
}
