//! One node whole: header, host-local's strip, its files, its root namespace with the veth ends, and
//! its pods joined to them by cables (`pod.rs`).

use super::layout::{
    fit, fit_first, fit_mono, flow_chips, font, mono_width, node_route_chips as chip_labels,
    route_chip_labels, NodeRows, CHIP_H, CHIP_ROW_H, CIDR_NOT_AVAILABLE, INSET,
};
use super::svg::{owner, px, rect, text};
use crate::i18n::{ui as t, Lang};
use crate::playback::stage::{RangeStrip, StageCalico, StageChain, StageNode};
use crate::sim::chain::Chain;
use crate::sim::grid::CellStatus;
use crate::sim::runtime::NETWORK_NOT_READY;
use crate::sim::Touched;
use crate::tours::Shows;
use yew::prelude::*;

/// The node lifecycle controller's taint on a node whose `Ready` condition is `False`.
const NOT_READY_TAINT: &str = "node.kubernetes.io/not-ready:NoSchedule";
/// flanneld's file, which the conflist line names on a flannel node.
const SUBNET_FILE: &str = crate::ipam::flannel::DEFAULT_SUBNET_FILE;
/// The PATCH token (the podCIDR flying in from the cidrset): its top above the podCIDR's baseline, its
/// size.
const TOKEN_ABOVE: f64 = 12.0;
const TOKEN_W: f64 = 52.0;
const TOKEN_H: f64 = 16.0;
/// host-local's strip: a cell's top and height below the strip's label.
const ADDR_Y: f64 = 16.0;
const ADDR_H: f64 = 20.0;

/// A node box: what it draws.
pub(super) struct NodeBox<'a> {
    pub node: &'a StageNode,
    /// Its left edge, top and width, and its rows.
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub rows: &'a NodeRows,
    /// Its CNI chain: the conflist's name, flanneld's subnet, the bridge and the node's routes.
    pub chain: Option<&'a StageChain>,
    /// Where the PATCH token starts: the cidrset cell allocated.
    pub token_from: Option<(f64, f64)>,
    /// What the selected event touched, when it is on this node.
    pub touched: Option<Touched>,
    /// A node picked.
    pub on_node: Callback<String>,
    /// A pod picked, where pods are buttons.
    pub on_pod: Option<Callback<String>>,
    /// An IP file picked, where files are buttons: its node and its name.
    pub on_file: Option<Callback<(String, String)>>,
    /// The pods on it the step names, itself or by its address: a cell names them on a line.
    pub named: Vec<String>,
    /// The pods whose veth pair or route the step names: where the band only counts the pairs, it
    /// names theirs after the count.
    pub veths_named: Vec<String>,
    pub lang: Lang,
}

impl NodeBox<'_> {
    pub(super) fn view(&self) -> Html {
        let NodeBox {
            node,
            x,
            y,
            w,
            rows,
            token_from,
            on_node,
            lang,
            ..
        } = self;
        let (x, y, w, lang) = (*x, *y, *w, *lang);
        let inner = w - 2.0 * INSET;
        let touched = self.touched.as_ref();
        let touched_file = touched.and_then(|t| t.ip_file.as_deref());
        let select_node = {
            let (on_node, name) = (on_node.clone(), node.name.clone());
            Callback::from(move |_: MouseEvent| on_node.emit(name.clone()))
        };
        let key_node = {
            let (on_node, name) = (on_node.clone(), node.name.clone());
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" {
                    on_node.emit(name.clone())
                }
            })
        };
        let podcidr_y = rows.podcidr_y.first().copied().unwrap_or(0.0);
        // Calico's IPAM hands out addresses from its blocks: the podCIDR kube-controller-manager set is unused.
        let calico = self.chain.is_some_and(|c| c.calico.is_some());
        let token_top = podcidr_y - TOKEN_ABOVE;
        let token_x = x + INSET + rows.podcidr_x;
        let token = token_from.map(|(fx, fy)| (fx - token_x, fy - (y + token_top)));
        html! {
            <g key={node.name.clone()} class={classes!("stage-node", owner(node.slot), touched.is_some().then_some("touched"), node.rebooting.then_some("rebooting"))} data-testid="stage-node" data-node={node.name.clone()} data-shows={Shows::Node(&node.name).to_string()} onclick={select_node}>
                { rect("node-box", x, y, w, rows.height, 10) }
                // The node's name is its button: the pods inside the box are buttons of their own.
                <g class="node-head" tabindex="0" role="button" aria-label={t::NODE_LABEL.fill(lang, &[&node.name])} onkeydown={key_node}>
                    { rect("head-hit", x + 8.0, y + 6.0, w - 16.0, 26.0, 4) }
                    <text class="title" x={px(x + INSET)} y={px(y + rows.name_y)}>
                        if rows.name != node.name {
                            <title>{ &node.name }</title>
                        }
                        { &rows.name }
                    </text>
                </g>
                if node.rebooting {
                    { text("reboot-badge small", x + w - INSET, y + rows.name_y + if rows.ip.as_ref().is_some_and(|ip| ip.2) { 14.0 } else { 0.0 }, "end", t::STAGE_REBOOTING.get(lang).to_string()) }
                }
                { for rows.ip.as_ref().map(|(ip_y, line, beside)| {
                    let (ix, anchor) = if *beside { (x + w - INSET, "end") } else { (x + INSET, "start") };
                    html! {
                        <text class="muted small internal-ip" x={px(ix)} y={px(y + ip_y)} text-anchor={anchor}>
                            <title>{ format!("InternalIP {}", node.internal_ips.join(", ")) }</title>
                            { line }
                        </text>
                    }
                }) }
                if node.pod_cidrs.is_empty() {
                    <text class={classes!("podcidr", node.failure.is_some().then_some("failure"))} x={px(x + INSET)} y={px(y + podcidr_y)}>
                        { for node.failure.as_ref().map(|f| html! { <title>{ f }</title> }) }
                        { fit(if node.failure.is_some() { CIDR_NOT_AVAILABLE } else { t::STAGE_NO_PODCIDR.get(lang) }, inner, font::PODCIDR) }
                    </text>
                } else {
                    <g class={classes!("podcidr-group", calico.then_some("unused"))} key={node.pod_cidrs.join(",")} data-unused={calico.then_some("calico-ipam")}>
                        <title>{ match calico {
                            true => format!("podCIDRs {} · {}", node.pod_cidrs.join(", "), t::STAGE_PODCIDR_UNUSED.get(lang)),
                            false => format!("podCIDRs {}", node.pod_cidrs.join(", ")),
                        } }</title>
                        { for rows.podcidrs.iter().zip(&rows.podcidr_y).enumerate().map(|(i, (cidr, line_y))| html! {
                            <text class="podcidr" x={px(x + INSET + rows.podcidr_x)} y={px(y + line_y)} data-shows={podcidr_shows(&node.pod_cidrs, rows.podcidrs.len(), i)}>
                                if rows.podcidr_label {
                                    <tspan class={classes!("label", (i > 0).then_some("spacer"))}>{ "podCIDR " }</tspan>
                                }
                                { cidr }
                            </text>
                        }) }
                        { for token.map(|(dx, dy)| html! {
                            <g class="patch-token" style={format!("--from-x: {}px; --from-y: {}px", px(dx), px(dy))} aria-hidden="true">
                                { rect("", token_x, y + token_top, TOKEN_W, TOKEN_H, 8) }
                                { text("", token_x + TOKEN_W / 2.0, y + token_top + 12.0, "middle", "PATCH".to_string()) }
                            </g>
                        }) }
                    </g>
                }
                { for rows.conflist_y.map(|conflist_y| if node.conflist {
                    let cni = self.chain.map_or(Chain::Kindnet, |c| c.cni);
                    // A flannel node's plugin reads its subnet from flanneld's subnet.env at every ADD.
                    let line = format!("✓ {}", cni.conflist_name());
                    html! {
                        <text class="conflist small" x={px(x + INSET)} y={px(y + conflist_y)} data-testid="stage-conflist" data-path={cni.conflist_path()}
                            data-shows={Shows::File(cni.conflist_name()).to_string()}>
                            <title>{ cni.conflist_path() }</title>{ fit(&line, inner, font::SMALL) }
                        </text>
                    }
                } else {
                    not_ready(x + INSET, y + conflist_y, inner, lang)
                }) }
                // A flannel node's plugin reads its subnet from flanneld's subnet.env at every ADD.
                { for rows.subnet_y.zip(self.chain.and_then(|c| c.flannel_subnet.as_deref())).map(|(subnet_y, subnet)| {
                    let line = format!("subnet.env FLANNEL_SUBNET={subnet}");
                    let shown = match mono_width(&line, font::SMALL) <= inner {
                        true => line,
                        false => format!("subnet.env {subnet}"),
                    };
                    html! {
                        <text class="conflist small mono" x={px(x + INSET)} y={px(y + subnet_y)} data-testid="stage-subnet-env"
                            data-shows={Shows::list([Shows::File("subnet.env"), Shows::SubnetEnv(subnet)])}>
                            <title>{ format!("{SUBNET_FILE}: FLANNEL_SUBNET={subnet}") }</title>{ fit_mono(&shown, inner, font::SMALL) }
                        </text>
                    }
                }) }
                { for rows.blocks_y.zip(self.chain.and_then(|c| c.calico.as_ref())).map(|(blocks_y, calico)| blocks(calico, x + INSET, y + blocks_y, inner, &rows.block_labels, lang)) }
                { for node.range.as_ref().zip(rows.range).map(|(range, (range_y, cell_w, every))| range_strip(range, x + INSET, y + range_y, (cell_w, every), inner, touched_file, lang)) }
                { for rows.files_y.map(|files_y| files(node, x + INSET, y + files_y, inner, touched_file, self.on_file.as_ref(), lang)) }
                { for rows.routes_y.zip(self.chain).map(|(routes_y, chain)| node_route_chips(chain, x + INSET, y + routes_y, inner)) }
                { self.pods() }
            </g>
        }
    }
}

/// A node without a CNI config is `NotReady`: the kubelet's `Ready=False` condition, and the node
/// lifecycle controller's `NoSchedule` taint that keeps the scheduler's pods off it.
fn not_ready(x: f64, y: f64, w: f64, lang: Lang) -> Html {
    let line = format!("NotReady · {}", t::NO_CNI_CONFIG.get(lang));
    html! {
        <text class="not-ready small" x={px(x)} y={px(y)} data-testid="stage-not-ready"
            data-shows={format!("condition:NotReady taint:{NOT_READY_TAINT}")}>
            <title>{ format!("Ready False KubeletNotReady {NETWORK_NOT_READY}\nTaints: {NOT_READY_TAINT}") }</title>
            { fit_first(&[&line, "NotReady"], w, font::SMALL) }
        </text>
    }
}

/// host-local's range: the addresses around the cursor, the cursor after `last_reserved_ip`.
fn range_strip(
    range: &RangeStrip,
    x: f64,
    y: f64,
    (cell_w, label_every): (f64, usize),
    w: f64,
    touched_file: Option<&str>,
    lang: Lang,
) -> Html {
    let last = range
        .last_reserved_ip
        .as_ref()
        .map(|ip| format!(" · last_reserved_ip {ip}"))
        .unwrap_or_default();
    let label = format!("host-local {}{last}", range.subnet);
    let shown = fit(&label, w, font::SMALL);
    html! {
        <g class="range" aria-label={t::STAGE_RANGE.fill(lang, &[&range.subnet])}>
            <text class="muted small" x={px(x)} y={px(y + 8.0)}>
                if shown != label {
                    <title>{ &label }</title>
                }
                { shown }
            </text>
            { for range.cells.iter().enumerate().map(|(i, cell)| {
                let cx = x + i as f64 * cell_w;
                let status = match cell.status {
                    CellStatus::Network | CellStatus::Broadcast => "edge",
                    CellStatus::Gateway => "gateway",
                    CellStatus::Reserved => "reserved",
                    CellStatus::Orphaned => "orphaned",
                    CellStatus::Freed => "freed",
                    CellStatus::Free => "free",
                };
                html! {
                    <g key={cell.ip.clone()} class={classes!("addr", status, (touched_file == Some(cell.ip.as_str())).then_some("touched"))} data-ip={cell.ip.clone()}>
                        <title>{ format!("{} · {}", cell.ip, t::cell_status(cell.status).get(lang)) }</title>
                        { rect("", cx + 1.0, y + ADDR_Y, cell_w - 3.0, ADDR_H, 3) }
                        if label_every > 0 && i % label_every == 0 {
                            { text("addr-label", cx + cell_w / 2.0 - 1.0, y + ADDR_Y + ADDR_H + 12.0, "middle", cell.label.clone()) }
                        }
                    </g>
                }
            }) }
            { for range.cells.iter().position(|c| c.next).map(|i| {
                let cx = x + i as f64 * cell_w;
                html! {
                    <rect class="host-cursor" data-testid="stage-host-cursor" width={px(cell_w - 1.0)} height="24" rx="4" x="0" y="0"
                        style={format!("transform: translate({}px, {}px)", px(cx), px(y + ADDR_Y - 2.0))} />
                }
            }) }
        </g>
    }
}

/// The files' label, `ls /run/cni-ipam-state/kindnet`: without `ls`, then the network's directory
/// alone (`kindnet/`), before it is cut; the whole is its title.
fn files_label(dir: &str, w: f64) -> String {
    let ls = format!("ls {dir}");
    let name = format!(
        "{}/",
        dir.trim_end_matches('/').rsplit('/').next().unwrap_or(dir)
    );
    fit_first(&[&ls, dir, &name], w, font::SMALL)
}

/// host-local's directory: a chip per file.
fn files(
    node: &StageNode,
    x: f64,
    y: f64,
    w: f64,
    touched_file: Option<&str>,
    on_file: Option<&Callback<(String, String)>>,
    lang: Lang,
) -> Html {
    let first_row = y + 8.0;
    let placed: Vec<(&String, f64, f64, f64)> = node
        .files
        .iter()
        .zip(flow_chips(&node.files, w))
        .map(|(file, (fx, row, chip_w))| {
            (file, x + fx, first_row + row as f64 * CHIP_ROW_H, chip_w)
        })
        .collect();
    let more = node.files_total.saturating_sub(placed.len());
    // A file's pod, for a test that looks for a pod's file by the pod's name.
    let holder = |file: &str| {
        node.pods
            .iter()
            .find(|p| p.ip_files.iter().any(|f| f == file))
            .map(|p| p.name.as_str())
    };
    html! {
        <g class="files">
            <text class="muted small" x={px(x)} y={px(y)}>
                <title>{ format!("ls {}", node.dir) }</title>
                { files_label(&node.dir, w - 30.0) }
            </text>
            { for placed.into_iter().map(|(file, fx, fy, chip_w)| {
                // An address's file is a button where files are picked (`last_reserved_ip.0` is none).
                let pick = on_file.filter(|_| file.parse::<std::net::IpAddr>().is_ok()).map(|on_file| {
                    let on_file = on_file.clone();
                    let picked = (node.name.clone(), file.clone());
                    let on_key = on_file.clone();
                    let keyed = picked.clone();
                    (
                        Callback::from(move |e: MouseEvent| {
                            e.stop_propagation();
                            on_file.emit(picked.clone())
                        }),
                        Callback::from(move |e: KeyboardEvent| {
                            if e.key() == "Enter" {
                                e.stop_propagation();
                                on_key.emit(keyed.clone())
                            }
                        }),
                    )
                });
                let button = pick.is_some();
                let (onclick, onkeydown) = pick.unzip();
                html! {
                    <g key={file.clone()} class={classes!("file", (touched_file == Some(file.as_str())).then_some("touched"))} data-testid="stage-file" data-file={file.clone()}
                        data-shows={Shows::list(std::iter::once(Shows::IpFile(file)).chain(holder(file).map(Shows::IpFile)))}
                        tabindex={button.then_some("0")} role={button.then_some("button")}
                        aria-label={button.then(|| t::FILE_LABEL.fill(lang, &[file, &node.name]))} {onclick} {onkeydown}>
                        { rect("", fx, fy, chip_w, CHIP_H, 3) }
                        <text x={px(fx + 5.0)} y={px(fy + 12.0)}>{ file }</text>
                    </g>
                }
            }) }
            if more > 0 {
                { text("muted small", x + w, y, "end", format!("+{more}")) }
            }
        </g>
    }
}

/// kindnetd's routes to the other nodes' podCIDRs via their InternalIPs, a chip each.
fn node_route_chips(chain: &StageChain, x: f64, y: f64, w: f64) -> Html {
    let labels = route_chip_labels(&chip_labels(chain), w);
    let chips = flow_chips(&labels, w);
    // The device they all leave by, after the last chip where its row has room: `dev eth0`.
    let dev = chain.node_route_prefixes().1.and_then(|dev| {
        let (fx, row, chip_w) = *chips.last()?;
        let (line, at) = (format!("dev {dev}"), fx + chip_w + 6.0);
        (at + mono_width(&line, font::SMALL) <= w).then(|| {
            html! {
                <text class="mono small muted" x={px(x + at)} y={px(y + row as f64 * CHIP_ROW_H + 12.0)}
                    data-shows={Shows::RouteDev(&dev).to_string()}>{ line }</text>
            }
        })
    });
    html! {
        <g class="node-routes">
            { for dev }
            { for chain.route_lines().zip(&labels).zip(chips).map(|((route, label), (fx, row, chip_w))| {
                // `blackhole 10.244.0.64/26`: the destination is the second word.
                let mut words = label.split_whitespace().skip_while(|w| *w == "blackhole");
                let prefix = words.next().unwrap_or_default();
                let (cx, cy) = (x + fx, y + row as f64 * CHIP_ROW_H);
                html! {
                    <g class="route to-nodes" data-testid="stage-node-route" data-route={prefix.to_string()}
                        data-shows={Shows::Route(prefix).to_string()}>
                        <title>{ route }</title>
                        { rect("", cx, cy, chip_w, CHIP_H, 8) }
                        <text class="mono small" x={px(cx + 5.0)} y={px(cy + 12.0)}>{ label }</text>
                    </g>
                }
            }) }
        </g>
    }
}

/// A Calico node's blocks: the label (the podCIDR unused), then a chip per affine block with its use
/// and its affinity's state, its blackhole route in the chip's title, then tunl0's address.
fn blocks(calico: &StageCalico, x: f64, y: f64, w: f64, labels: &[String], lang: Lang) -> Html {
    let chips = flow_chips(labels, w);
    html! {
        <g class="calico-blocks" data-testid="stage-blocks">
            <text class="muted small" x={px(x)} y={px(y)}>
                <title>{ t::STAGE_BLOCKS_TITLE.get(lang) }</title>
                { fit(t::STAGE_BLOCKS.get(lang), w, font::SMALL) }
            </text>
            { for calico.blocks.iter().zip(labels).zip(chips.iter().copied()).map(|((block, label), (fx, row, chip_w))| {
                let (cx, cy) = (x + fx, y + 6.0 + row as f64 * CHIP_ROW_H);
                let full = block.used == block.size;
                html! {
                    <g key={block.cidr.clone()} class={classes!("block", full.then_some("full"))} data-testid="stage-block" data-block={block.cidr.clone()}
                        data-affinity={block.affinity.clone()} data-shows={Shows::Block(&block.cidr).to_string()}>
                        <title>{ t::STAGE_BLOCK.fill(lang, &[&block.cidr, &block.used.to_string(), &block.size.to_string(), &block.affinity]) }</title>
                        { rect("", cx, cy, chip_w, CHIP_H, 3) }
                        <text class="mono small" x={px(cx + 5.0)} y={px(cy + 12.0)}>{ label }</text>
                    </g>
                }
            }) }
            // tunl0's address after them: on a node without a block of its own, borrowed.
            { for calico.tunnel.as_ref().zip(labels.len().checked_sub(1).and_then(|i| labels.get(i).zip(chips.get(i)))).map(|(tunnel, (label, &(fx, row, chip_w)))| {
                let (cx, cy) = (x + fx, y + 6.0 + row as f64 * CHIP_ROW_H);
                let title = match &tunnel.borrowed {
                    Some(from) => t::STAGE_BORROWED_FROM.fill(lang, &[&tunnel.address, &from.block, from.from.as_deref().unwrap_or("-")]),
                    None => t::STAGE_TUNNEL.fill(lang, &[&tunnel.address]),
                };
                html! {
                    <g class={classes!("block", "tunnel", tunnel.borrowed.is_some().then_some("borrowed"))} data-testid="stage-tunnel" data-address={tunnel.address.clone()}
                        data-borrowed={tunnel.borrowed.as_ref().map(|b| b.block.clone())}>
                        <title>{ title }</title>
                        { rect("", cx, cy, chip_w, CHIP_H, 3) }
                        <text class="mono small" x={px(cx + 5.0)} y={px(cy + 12.0)}>{ label }</text>
                    </g>
                }
            }) }
        </g>
    }
}

/// The podCIDRs line `i` of `lines` names: all of them when they share one line, else its own.
fn podcidr_shows(cidrs: &[String], lines: usize, i: usize) -> String {
    match lines {
        1 => Shows::list(cidrs.iter().map(|c| Shows::PodCidr(c))),
        _ => cidrs
            .get(i)
            .map(|c| Shows::PodCidr(c).to_string())
            .unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_label_says_less_before_it_is_cut() {
        let dir = "/run/cni-ipam-state/kindnet";
        assert_eq!(files_label(dir, 400.0), format!("ls {dir}"));
        assert_eq!(files_label(dir, 190.0), dir);
        assert_eq!(files_label(dir, 120.0), "kindnet/");
        assert!(
            files_label("/var/lib/cni/networks/a-very-long-network-name", 120.0).ends_with('…')
        );
    }
}
