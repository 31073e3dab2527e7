//! A card per node: its podCIDR(s), host-local's address grid and data directory, its pods joined by
//! veth pairs to the node, the routing table, pending CNI DELs with their countdown, and a pod's own
//! `ip addr` / `ip route` view.

use super::studio::{Action, DeletionMode, Studio};
use super::timeline::seconds;
use crate::i18n::{ui as t, Lang, Text};
use crate::ipam::kindnet::CNI_CONFIG_PATH;
use crate::ipam::ptp::iproute2::{ip6_route_lines, ip_addr_lines, ip_route_lines};
use crate::sim::grid::{AddressGrid, CellStatus};
use crate::sim::state::{NodeState, PodState};
use crate::sim::{Touched, VirtualTime};
use std::rc::Rc;
use yew::prelude::*;

/// Props: the studio and its dispatcher.
#[derive(Properties, PartialEq)]
pub struct NodesProps {
    /// The page's language.
    pub lang: Lang,
    /// The studio.
    pub studio: UseReducerHandle<Studio>,
}

/// At most this many node cards are drawn; the address map shows every node.
pub const MAX_NODE_CARDS: usize = 8;
/// At most this many pod rows (and listing lines) per node card.
const MAX_ROWS: usize = 16;
/// At most this many `ip route` lines per node card: a pod has two, its /32 and its veth's `fe80::/64`.
const MAX_ROUTE_LINES: usize = 2 * MAX_ROWS;

/// While playing fast, a redraw brings this many node cards up to date, in turn, and the others keep
/// the picture of their last turn (at most three redraws old, a fraction of a second at 4× and up).
/// When eight busy cards all changed on every redraw, restyling and laying them out made each redraw
/// a long task.
const FAST_CARDS_PER_REDRAW: usize = 2;

/// What a node card draws. Shared, not copied: a card kept from an earlier redraw (see
/// [`FAST_CARDS_PER_REDRAW`]) is the same allocation, so handing it on and comparing it cost nothing.
#[derive(PartialEq)]
pub struct CardView {
    node: NodeState,
    pods: Vec<PodState>,
    grid: Option<AddressGrid>,
    files: Vec<(String, String)>,
    now: Option<VirtualTime>,
}

/// The cards as last drawn, and whose turn it is to be brought up to date (see
/// [`FAST_CARDS_PER_REDRAW`]).
#[derive(Default)]
struct DrawnCards {
    turn: usize,
    /// At most [`MAX_NODE_CARDS`], in order.
    cards: Vec<Rc<CardView>>,
}

/// Every node, in name order (the first [`MAX_NODE_CARDS`]).
#[function_component(Nodes)]
pub fn nodes(props: &NodesProps) -> Html {
    let lang = props.lang;
    let studio = &props.studio;
    let drawn = use_mut_ref(DrawnCards::default);
    let nodes = &studio.state.nodes;
    let sim = studio.sim();
    let now = studio.time();
    let fresh = |listed: &NodeState| {
        let node = sim
            .node_state(&listed.name)
            .unwrap_or_else(|| listed.clone());
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
        CardView {
            pods: sim.pods_on(&node.name),
            grid: sim.node_address_grid(&node.name),
            files,
            now: (!node.pending_dels.is_empty()).then_some(now),
            node,
        }
    };
    // The selected log entry's node, pod, file, veth or route are marked on its node's card.
    let touched = studio.touched();
    let mut drawn = drawn.borrow_mut();
    let turns = MAX_NODE_CARDS.div_ceil(FAST_CARDS_PER_REDRAW);
    let turn = drawn.turn % turns;
    let fast = studio.playing_fast();
    let views: Vec<Rc<CardView>> = nodes
        .iter()
        .take(MAX_NODE_CARDS)
        .enumerate()
        .map(|(index, node)| {
            let stale = fast && index / FAST_CARDS_PER_REDRAW != turn;
            let last = drawn.cards.iter().find(|view| view.node.name == node.name);
            match last.filter(|_| stale) {
                Some(view) => Rc::clone(view),
                None => Rc::new(fresh(node)),
            }
        })
        .collect();
    let cards: Vec<Html> = views
        .iter()
        .map(|view| {
            html! {
                <NodeCard key={view.node.name.clone()} {lang}
                    card={Rc::clone(view)}
                    touched={touched.as_ref().filter(|t| t.node.as_deref() == Some(&*view.node.name)).cloned()}
                    deletion_mode={studio.deletion_mode}
                    dispatch={studio.dispatcher()} />
            }
        })
        .collect();
    drawn.turn = if fast { drawn.turn + 1 } else { 0 };
    drawn.cards = views;
    html! {
        <section class="nodes" aria-label={t::NODES.get(lang)}>
            if nodes.is_empty() {
                <p class="empty">{ t::NO_NODES.get(lang) }</p>
            }
            { for cards }
            if nodes.len() > MAX_NODE_CARDS {
                <p class="empty">{ t::MORE_NODES.fill(lang, &[&(nodes.len() - MAX_NODE_CARDS).to_string()]) }</p>
            }
        </section>
    }
}

/// "… and N more" after the first `shown` of a list of `total`.
fn more(total: usize, shown: usize, text: Text, lang: Lang) -> Html {
    if total > shown {
        html! { <p class="more">{ text.fill(lang, &[&(total - shown).to_string()]) }</p> }
    } else {
        html! {}
    }
}

/// Props of one node card: everything it draws, compared by value, so that a card whose node did not
/// change between two frames is not rendered again (a cluster of 64 busy nodes plays at 8× only this
/// way).
#[derive(Properties)]
pub struct NodeCardProps {
    /// The page's language.
    pub lang: Lang,
    /// The node, its pods, address grid and files.
    pub card: Rc<CardView>,
    /// What the selected log entry touched, when it happened on this node.
    pub touched: Option<Touched>,
    /// How the pods' delete buttons delete.
    pub deletion_mode: DeletionMode,
    /// Sends actions (stable across frames).
    pub dispatch: UseReducerDispatcher<Studio>,
}

/// A card kept from the last redraw is equal by its address, without comparing ~110 pods' texts.
impl PartialEq for NodeCardProps {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang
            && self.touched == other.touched
            && self.deletion_mode == other.deletion_mode
            && self.dispatch == other.dispatch
            && (Rc::ptr_eq(&self.card, &other.card) || self.card == other.card)
    }
}

/// One node: podCIDRs, address grid, IPAM directory, pods with veth pairs, pending DELs, routes.
#[function_component(NodeCard)]
fn node_card(props: &NodeCardProps) -> Html {
    let NodeCardProps {
        card,
        touched,
        deletion_mode,
        dispatch,
        lang,
    } = props;
    let CardView {
        node,
        pods,
        grid,
        files,
        now,
    } = &**card;
    let lang = *lang;
    let touched = touched.as_ref();
    let marked = |hit: bool| hit.then_some("touched");
    let touched_pod = touched.and_then(|t| t.pod.as_deref());
    let touched_file = touched.and_then(|t| t.ip_file.as_deref());
    let touched_veth = touched.and_then(|t| t.veth.as_deref());
    let touched_route = touched.and_then(|t| t.route.as_deref());
    html! {
        <article class={classes!("card", "node", marked(touched.is_some()))} data-testid="node" data-node={node.name.clone()} aria-label={t::NODE_LABEL.fill(lang, &[&node.name])}>
            <header class="node-head">
                <h3>{ &node.name }</h3>
                <span class="podcidr">
                    { "spec.podCIDRs: " }
                    if node.pod_cidrs.is_empty() {
                        <em>{ t::NONE_YET.get(lang) }</em>
                    } else {
                        <code>{ node.pod_cidrs.join(", ") }</code>
                    }
                </span>
                // The file itself opens under the badge: what kindnetd wrote is what host-local reads.
                if let Some(conflist) = &node.conflist {
                    <details class="conflist written" data-testid="conflist">
                        <summary>{ t::CONFLIST_WRITTEN.get(lang) }</summary>
                        <code class="prompt">{ format!("$ cat {CNI_CONFIG_PATH}") }</code>
                        <pre class="cat">{ conflist }</pre>
                    </details>
                } else {
                    <span class="conflist">{ t::NO_CNI_CONFIG.get(lang) }</span>
                }
            </header>
            if let Some(grid) = grid {
                <AddressGridView {lang} grid={grid.clone()} touched={touched_file.map(str::to_string)} />
            }
            <div class="node-body">
                <div class="ipam-dir" data-testid="ipam-dir">
                    <code class="prompt">{ format!("$ ls {}", node.ipam.dir.clone().unwrap_or_else(|| "/run/cni-ipam-state/kindnet".into())) }</code>
                    <ul class="files">
                        { for files.iter().map(|(name, content)| html! {
                            <li class={classes!("file", marked(touched_file == Some(name.as_str())))} key={name.clone()} data-file={name.clone()}>
                                <details>
                                    <summary><code>{ name }</code></summary>
                                    <pre class="cat">{ show_crlf(content) }</pre>
                                </details>
                            </li>
                        }) }
                    </ul>
                    { more(node.ipam.ls.len(), MAX_ROWS, t::MORE_FILES, lang) }
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
                            <div key={pod.name.clone()} class={classes!("pod-row", pod.status.to_ascii_lowercase(), marked(touched_pod == Some(pod.name.as_str())))} data-testid="pod" data-pod={pod.name.clone()}>
                                <div class="pod-box">
                                    <button class="pod-name" onclick={on_select} aria-label={t::SHOW_POD_NETWORK.fill(lang, &[&pod.name])}>{ &pod.name }</button>
                                    <span class="pod-status">{ pod.status }</span>
                                    <code class="pod-ip">{ pod.ips.join(", ") }</code>
                                    if let Some(v) = veth {
                                        <code class="eth0">{ format!("eth0@if{}", v.ifindex) }</code>
                                    }
                                </div>
                                if let Some(v) = veth {
                                    <span class={classes!("veth-wire", marked(touched_veth == Some(&*v.name)))} data-testid="veth" role="img" aria-label={t::VETH_PAIR.fill(lang, &[&v.ifindex.to_string(), &v.name, &v.peer_ifindex.to_string()])}></span>
                                    <code class={classes!("host-veth", marked(touched_veth == Some(&*v.name)))}>{ format!("{}@if{}", v.name, v.peer_ifindex) }</code>
                                }
                                <button class="delete" onclick={on_delete} aria-label={t::DELETE_POD.fill(lang, &[&pod.name])}>{ t::DELETE.get(lang) }</button>
                            </div>
                        }
                    }) }
                    { more(pods.len(), MAX_ROWS, t::MORE_PODS, lang) }
                    { for node.pending_dels.iter().take(MAX_ROWS).map(|pending| html! {
                        <div key={format!("del/{}", pending.container_id)} class={classes!("pod-row", "gone", marked(touched_pod == Some(pending.pod.as_str())))} data-testid="pending-del" data-pod={pending.pod.clone()}>
                            <div class="pod-box">
                                <span class="pod-name">{ &pending.pod }</span>
                                <span class="pod-status">{ t::OBJECT_GONE.get(lang) }</span>
                            </div>
                            <span class="countdown" data-testid="countdown">
                                { t::CNI_DEL_IN.fill(lang, &[&seconds(VirtualTime(pending.at_ms.as_millis().saturating_sub(now.unwrap_or(VirtualTime::ZERO).as_millis())))]) }
                            </span>
                        </div>
                    }) }
                </div>
                <div class="routes">
                    <code class="prompt">{ "$ ip route" }</code>
                    <pre>{ route_lines(&node.routes[..node.routes.len().min(MAX_ROUTE_LINES)], touched_route) }</pre>
                    { more(node.routes.len(), MAX_ROUTE_LINES, t::MORE_ROUTES, lang) }
                </div>
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

/// A grid cell's role in words.
fn cell_label(status: CellStatus) -> Text {
    match status {
        CellStatus::Network => t::CELL_NETWORK,
        CellStatus::Gateway => t::CELL_GATEWAY,
        CellStatus::Broadcast => t::CELL_BROADCAST,
        CellStatus::Reserved => t::CELL_RESERVED,
        CellStatus::Freed => t::CELL_FREED,
        CellStatus::Free => t::CELL_FREE,
    }
}

/// A grid cell's whole class attribute, as one static string: a card redraws 256 of them, and building
/// a class list per cell was most of a busy card's cost.
fn cell_class(status: CellStatus, next: bool) -> &'static str {
    match (status, next) {
        (CellStatus::Network, false) => "cell network",
        (CellStatus::Network, true) => "cell network cursor",
        (CellStatus::Gateway, false) => "cell gateway",
        (CellStatus::Gateway, true) => "cell gateway cursor",
        (CellStatus::Broadcast, false) => "cell broadcast",
        (CellStatus::Broadcast, true) => "cell broadcast cursor",
        (CellStatus::Reserved, false) => "cell reserved",
        (CellStatus::Reserved, true) => "cell reserved cursor",
        (CellStatus::Freed, false) => "cell freed",
        (CellStatus::Freed, true) => "cell freed cursor",
        (CellStatus::Free, false) => "cell free",
        (CellStatus::Free, true) => "cell free cursor",
    }
}

/// Props of a node's address grid.
#[derive(Properties, PartialEq)]
pub struct AddressGridProps {
    /// The page's language.
    pub lang: Lang,
    /// The grid, as the simulation reads it off the store.
    pub grid: AddressGrid,
    /// The address whose file the selected log entry reserved or released, framed.
    pub touched: Option<String>,
}

/// Addresses per row of the grid.
const GRID_COLUMNS: usize = 32;
/// A cell's side in the grid's SVG units.
const CELL: usize = 10;

/// host-local's range, address by address, with a legend; drawn again only when an address changes
/// (not when, say, a pod only moves from ContainerCreating to Running).
///
/// One SVG with a path per kind of mark, not an element per address: eight cards of 256 addresses
/// changing together while a big cluster plays were thousands of elements for the browser to restyle,
/// lay out and paint on every redraw. Pointing at an address names it below the grid.
#[function_component(AddressGridView)]
fn address_grid_view(props: &AddressGridProps) -> Html {
    let lang = props.lang;
    let grid = &props.grid;
    let hovered = use_state(|| None::<usize>);
    let rows = grid.cells.len().div_ceil(GRID_COLUMNS).max(1);
    let marks = grid_marks(grid);
    let touched = props
        .touched
        .as_ref()
        .and_then(|ip| grid.cells.iter().position(|cell| &cell.ip == ip))
        .map(|index| {
            let (x, y) = (index % GRID_COLUMNS * CELL, index / GRID_COLUMNS * CELL);
            format!("M{x} {y}h{CELL}v{CELL}h-{CELL}z")
        });
    let svg = use_node_ref();
    let on_move = {
        let (hovered, cells, svg) = (hovered.clone(), grid.cells.len(), svg.clone());
        Callback::from(move |e: MouseEvent| {
            // The grid's own box (Yew delegates events, so the event's current target is not the SVG).
            let Some(svg) = svg.cast::<web_sys::Element>() else {
                return;
            };
            let rect = svg.get_bounding_client_rect();
            if rect.width() <= 0.0 || rect.height() <= 0.0 {
                return;
            }
            let column = ((f64::from(e.client_x()) - rect.left()) / rect.width()
                * GRID_COLUMNS as f64)
                .floor();
            let row =
                ((f64::from(e.client_y()) - rect.top()) / rect.height() * rows as f64).floor();
            let index = (column >= 0.0 && row >= 0.0)
                .then(|| row as usize * GRID_COLUMNS + column as usize)
                .filter(|index| *index < cells);
            hovered.set(index);
        })
    };
    let on_leave = {
        let hovered = hovered.clone();
        Callback::from(move |_: MouseEvent| hovered.set(None))
    };
    let readout = hovered.and_then(|index| grid.cells.get(index)).map(|cell| {
        let next = if cell.next {
            format!(" — {}", t::CELL_NEXT.get(lang))
        } else {
            String::new()
        };
        format!("{} — {}{next}", cell.ip, cell_label(cell.status).get(lang))
    });
    html! {
        <>
            <svg ref={svg} class="address-grid" role="img" aria-label={t::ADDRESSES_OF.fill(lang, &[&grid.subnet])}
                viewBox={format!("0 0 {} {}", GRID_COLUMNS * CELL, rows * CELL)} preserveAspectRatio="xMinYMin meet"
                onmousemove={on_move} onmouseleave={on_leave}>
                <path class="mark-free" d={marks.free} />
                <path class="mark-reserved" d={marks.reserved} />
                <path class="mark-freed" d={marks.freed} />
                <path class="mark-hatch" d={marks.hatch} />
                <path class="mark-edge" d={marks.edge} />
                <path class="mark-bars" d={marks.bars} />
                <path class="mark-gateway" d={marks.gateway} />
                <path class="mark-cursor" d={marks.cursor} />
                if let Some(d) = touched {
                    <path class="mark-touched" data-testid="grid-touched" {d} />
                }
            </svg>
            <p class="grid-readout" aria-hidden="true">{ readout.unwrap_or_default() }</p>
            if grid.truncated {
                <p class="grid-note">{ t::FIRST_ADDRESSES.fill(lang, &[&grid.cells.len().to_string(), &grid.subnet]) }</p>
            }
            <p class="grid-legend" aria-label={t::GRID_LEGEND.get(lang)}>
                { for [CellStatus::Network, CellStatus::Gateway, CellStatus::Reserved, CellStatus::Freed, CellStatus::Free, CellStatus::Broadcast].into_iter().map(|status| {
                    let label = cell_label(status);
                    html! { <span class="grid-key"><span class={cell_class(status, false)} aria-hidden="true"></span>{ label.get(lang) }</span> }
                }) }
                <span class="grid-key"><span class="cell free cursor" aria-hidden="true"></span>{ t::CELL_NEXT.get(lang) }</span>
            </p>
        </>
    }
}

/// The grid's marks as SVG path data, one path per look, in a unit square per address. Each role has
/// a pattern as well as a colour (as the legend's keys): free an outline, reserved solid, freed an
/// outline with diagonal hatching, network and broadcast two bars, the gateway a ring; the next
/// candidate is framed.
#[derive(Default)]
struct GridMarks {
    free: String,
    reserved: String,
    freed: String,
    hatch: String,
    edge: String,
    bars: String,
    gateway: String,
    cursor: String,
}

fn grid_marks(grid: &AddressGrid) -> GridMarks {
    use std::fmt::Write as _;
    let mut marks = GridMarks::default();
    // Writing into a `String` cannot fail. Whole units only (a cell is 10 × 10), so that no float
    // formatting code is linked in for this.
    for (index, cell) in grid.cells.iter().enumerate() {
        let (x, y) = (index % GRID_COLUMNS * CELL, index / GRID_COLUMNS * CELL);
        let square = |d: &mut String| {
            let _ = write!(d, "M{} {}h8v8h-8z", x + 1, y + 1);
        };
        match cell.status {
            CellStatus::Free => square(&mut marks.free),
            CellStatus::Reserved => square(&mut marks.reserved),
            CellStatus::Freed => {
                square(&mut marks.freed);
                let _ = write!(
                    marks.hatch,
                    "M{} {}l6 -6M{} {}l3 -3",
                    x + 2,
                    y + 8,
                    x + 5,
                    y + 8
                );
            }
            CellStatus::Network | CellStatus::Broadcast => {
                square(&mut marks.edge);
                let _ = write!(
                    marks.bars,
                    "M{} {}h6v1h-6zM{} {}h6v1h-6z",
                    x + 2,
                    y + 3,
                    x + 2,
                    y + 6
                );
            }
            CellStatus::Gateway => {
                let _ = write!(
                    marks.gateway,
                    "M{} {}a3 3 0 1 0 6 0a3 3 0 1 0 -6 0",
                    x + 2,
                    y + 5
                );
            }
        }
        if cell.next {
            let _ = write!(marks.cursor, "M{x} {y}h10v10h-10z");
        }
    }
    marks
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

/// `ip addr` and `ip route` inside the selected pod's network namespace. A view function, as
/// [`super::tours::tours`] is.
pub fn pod_view(studio: &UseReducerHandle<Studio>, lang: Lang) -> Html {
    let Some(pod) = studio.selected_pod.clone() else {
        return html! {};
    };
    let sim = studio.sim();
    let Some(netns) = sim.pod_netns(&pod) else {
        return html! { <section class="card pod-view"><p>{ t::POD_NO_NETNS.fill(lang, &[&pod]) }</p></section> };
    };
    let on_close = {
        let studio = studio.clone();
        Callback::from(move |_: MouseEvent| studio.dispatch(Action::SelectPod(None)))
    };
    let mut routes = ip_route_lines(netns);
    routes.extend(ip6_route_lines(netns));
    html! {
        <section class="card pod-view" data-testid="pod-view" aria-label={t::NETWORK_OF_POD.fill(lang, &[&pod])}>
            <header class="node-head">
                <h3>{ t::INSIDE_POD.fill(lang, &[&pod, &netns.path()]) }</h3>
                <button onclick={on_close}>{ t::CLOSE.get(lang) }</button>
            </header>
            <code class="prompt">{ "$ ip addr" }</code>
            <pre>{ ip_addr_lines(netns).join("\n") }</pre>
            <code class="prompt">{ "$ ip route" }</code>
            <pre>{ routes.join("\n") }</pre>
        </section>
    }
}
