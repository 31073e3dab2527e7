//! A node box's rows for its width: as tall as what it holds (a node without pods is short), each
//! label fitted to the box, and fewer rows at a more compact [`Level`].

use super::chips::{flow_chips, route_chip_labels, CHIP_ROWS, CHIP_ROW_H};
use super::keep::Keep;
use super::{bold_width, fit, fit_bold, fit_first, font, label_every, mono_width, text_width};
use crate::playback::stage::{
    RangeStrip, Stage, StageNode, StagePhase, StagePod, MAX_FILES, POD_BOXES,
};

/// The contents' inset from the box's sides.
pub(crate) const INSET: f64 = 16.0;
/// The gap between two pod boxes; a node has room for at least this many.
pub(crate) const POD_GAP: f64 = 10.0;
const MIN_POD_SLOTS: usize = 3;
/// A pod box's narrowest: its name and an IPv4 address at 11 px.
const POD_MIN_W: f64 = 84.0;
/// Pods in rows of boxes (no room for a cable each): the gap between rows.
pub(crate) const GRID_GAP: f64 = 8.0;
/// Below this width a pod box sets its addresses at 11 px rather than 13.
pub(crate) const TIGHT_POD_W: f64 = 120.0;
/// Line heights: the name's row, a small line, a podCIDR line.
const NAME_ROW: f64 = 30.0;
const SMALL_LINE: f64 = 16.0;
const PODCIDR_LINE: f64 = 18.0;
/// host-local's strip (label, cells, their labels); a cell's widest.
const RANGE_H: f64 = 58.0;
const ADDR_MAX_W: f64 = 30.0;
/// The files' label, above their chips ([`super::chips`]).
const FILES_LABEL: f64 = 14.0;
/// The root namespace's band: its label above it, its height, a veth end's top in it; the first route
/// tag's top below the band's, a tag's row; and those of [`Level::Bare`].
const BAND_LABEL: f64 = 18.0;
const BAND: Band = Band {
    h: 40.0,
    veth_y: 14.0,
    route_y: 44.0,
    route_row: 18.0,
};
const BARE_BAND: Band = Band {
    h: 28.0,
    veth_y: 4.0,
    route_y: 30.0,
    route_row: 17.0,
};
/// A veth end's height in the band.
pub(crate) const VETH_END_H: f64 = 20.0;
/// A pod box's rows: name, an address per family, `eth0`, status; and padding.
pub(crate) const POD_NAME_Y: f64 = 18.0;
pub(crate) const POD_LINE: f64 = 16.0;
/// Many pods are drawn as cells this far apart, the first row this far below the band's top.
pub(crate) const CELL_PITCH: f64 = 15.0;
pub(crate) const POD_CELLS_Y: f64 = 52.0;
/// The line under the pods (a sandbox's failure, the whole address of the pod in focus).
const FOOT_LINE: f64 = 18.0;
const BOTTOM: f64 = 12.0;
const BARE_BOTTOM: f64 = 8.0;
/// The name's baseline.
const NAME_Y: f64 = 24.0;

/// How much a node box holds, from all to the least that still tells the story.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// Every row.
    Full,
    /// No files row; the InternalIP beside the name, or left out.
    Compact,
    /// Nor host-local's strip, nor the conflist line.
    Minimal,
    /// Nor the band's label, nor a pod's `eth0` line; the podCIDR beside the name when it fits and
    /// the InternalIP left out; routes closer (a phone on its side).
    Bare,
}

/// The root namespace's band: its height, a veth end's top in it, the first route tag's top below the
/// band's top and a tag's row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Band {
    pub h: f64,
    pub veth_y: f64,
    pub route_y: f64,
    pub route_row: f64,
}

/// A node box's rows, from its top.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NodeRows {
    /// The box's height.
    pub height: f64,
    /// The name, fitted (the whole is the head's label and title).
    pub name: String,
    pub name_y: f64,
    /// The InternalIP line, and whether it sits at the end of the name's line.
    pub ip: Option<(f64, String, bool)>,
    /// podCIDR lines' baselines: the first with its label, then one per further family.
    pub podcidr_y: Vec<f64>,
    /// Each podCIDR as drawn on its line (all on the first when they fit).
    pub podcidrs: Vec<String>,
    /// Whether the lines start with their label (`podCIDR `), left out when it would cut a podCIDR;
    /// where they start from the inset (beside the name, or under it).
    pub podcidr_label: bool,
    pub podcidr_x: f64,
    pub conflist_y: Option<f64>,
    /// host-local's strip: its top, a cell's width, labels every Nth (0: none).
    pub range: Option<(f64, f64, usize)>,
    pub files_y: Option<f64>,
    /// The root namespace's band top, its geometry and whether it has its label; the pods' top.
    pub band_y: f64,
    pub band: Band,
    pub band_label: bool,
    pub pods_y: f64,
    /// Pods as boxes: their width; as boxes in rows of this many, without cables (no room for a
    /// cable each); or as cells, in rows of this many.
    pub pod_w: f64,
    pub pod_grid: Option<usize>,
    pub pods_as_cells: Option<usize>,
    /// A pod box's height, whether it has the `eth0` line, and whether its addresses are set at 11 px.
    pub pod_h: f64,
    pub eth0: bool,
    pub tight: bool,
    /// The line under the pods.
    pub foot_y: f64,
    /// Pods drawn as cells: the baseline of the line that names the pods the step names, by name and
    /// address (a cell carries neither).
    pub named_y: Option<f64>,
    /// A flannel node: the bridge `cni0` as a bar in the band, and the node's routes where ptp's
    /// `/32`s go (its connected route on `cni0`; flanneld's through `flannel.1` too, but bare).
    pub bridged: bool,
    pub node_routes: bool,
    /// flanneld's `subnet.env` line.
    pub subnet_y: Option<f64>,
    /// A Calico node's blocks: the label's baseline (the chips below it), and the chips' labels (the
    /// longest whose chips all fit).
    pub blocks_y: Option<f64>,
    pub block_labels: Vec<String>,
    /// kindnetd's routes to the other nodes: the chips' top, and how many fit.
    pub routes_y: Option<f64>,
    pub route_chips: usize,
    /// The band's row of the bridge's neighbour entries.
    pub neighbours_row: Option<usize>,
}

/// A flannel node's band: its routes in `rows` at the top (the node's, in its root namespace), then
/// the bridge's bar holding the veth ends at the bottom, so that the cables drop from the bar to the
/// pods with nothing across them.
fn bridged_band(rows: usize, bare: bool) -> Band {
    let (top, row) = if bare {
        (3.0, BARE_BAND.route_row)
    } else {
        (6.0, BAND.route_row)
    };
    let veth_y = top + rows as f64 * row + if bare { 3.0 } else { 5.0 };
    Band {
        h: veth_y + VETH_END_H + if bare { 4.0 } else { 6.0 },
        veth_y,
        route_y: top,
        route_row: row,
    }
}

/// The width pods need side by side: `pods` boxes at their narrowest, with the box's insets.
pub(crate) fn pods_width(pods: usize) -> f64 {
    match pods {
        0 => 0.0,
        n => 2.0 * INSET + n as f64 * POD_MIN_W + (n - 1) as f64 * POD_GAP,
    }
}

/// What a node's CNI chain adds to its box ([`crate::playback::stage::StageChain`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ChainRows {
    /// A flannel node: the bridge and its routes in the band ([`NodeRows::bridged`]).
    pub bridged: bool,
    /// flanneld's `subnet.env` is written: a line of its own under the conflist's.
    pub subnet_env: bool,
    /// kindnetd's routes to the other nodes as chips (`10.244.2.0/24 via 172.18.0.4`), on a ptp node.
    pub node_routes: Vec<String>,
    /// ptp's host veths carry the gateway (said at the end of the band's label line).
    pub veth_address: bool,
    /// The bridge's neighbour entries, once one outlives its pod: a row of the band.
    pub neighbours: bool,
    /// A Calico node's affine blocks as chips, under their label: their labels, longest first
    /// (`10.244.0.64/26 4/64 confirmed`, shorter, the CIDR alone).
    pub calico_blocks: Option<[Vec<String>; 3]>,
}

impl From<bool> for ChainRows {
    fn from(bridged: bool) -> ChainRows {
        ChainRows {
            bridged,
            ..ChainRows::default()
        }
    }
}

impl NodeRows {
    /// The rows of `node` in a box `w` wide at `level`, with what `keep` names at any level;
    /// `chain`: what its CNI chain adds (a flannel node's bridge and routes, kindnetd's routes).
    pub(crate) fn of(
        node: &StageNode,
        w: f64,
        level: Level,
        keep: Keep,
        chain: impl Into<ChainRows>,
    ) -> NodeRows {
        let chain: ChainRows = chain.into();
        let bridged = chain.bridged;
        let inner = w - 2.0 * INSET;
        let name_w = bold_width(&node.name, font::TITLE);
        let name = fit_bold(&node.name, inner, font::TITLE);
        let mut y = NAME_ROW;
        let short = node.internal_ips.join(", ");
        let ips = format!("InternalIP {short}");
        let ip = match level {
            // The addresses alone before they are cut (the whole line is the text's title).
            Level::Full => {
                y += SMALL_LINE;
                Some((
                    y - 4.0,
                    fit_first(&[&ips, &short], inner, font::SMALL),
                    false,
                ))
            }
            Level::Bare => None,
            _ => (name_w + 12.0 + text_width(&short, font::SMALL) <= inner)
                .then_some((24.0, short, true)),
        };
        // podCIDRs: all on one line after the label when they fit, else one per line.
        let widest = node
            .pod_cidrs
            .iter()
            .map(|c| text_width(c, font::PODCIDR))
            .fold(0.0, f64::max);
        let podcidr_label = text_width("podCIDR ", font::SMALL) + widest <= inner;
        let label_w = if podcidr_label {
            text_width("podCIDR ", font::SMALL)
        } else {
            0.0
        };
        let all = node.pod_cidrs.join(", ");
        let podcidrs: Vec<String> =
            if label_w + text_width(&all, font::PODCIDR) <= inner || node.pod_cidrs.len() < 2 {
                vec![fit(&all, inner - label_w, font::PODCIDR)]
            } else {
                node.pod_cidrs
                    .iter()
                    .map(|c| fit(c, inner - label_w, font::PODCIDR))
                    .collect()
            };
        // A bare box sets one line of podCIDRs, with their label, at the end of the name's; "not set
        // yet" (or CIDRNotAvailable) keeps a line of its own.
        let beside = (level == Level::Bare
            && !node.pod_cidrs.is_empty()
            && podcidrs.len() == 1
            && podcidr_label)
            .then_some(name_w + 12.0)
            .filter(|at| at + label_w + text_width(&podcidrs[0], font::PODCIDR) <= inner);
        let podcidr_y: Vec<f64> = match beside {
            Some(_) => vec![NAME_Y],
            None => podcidrs
                .iter()
                .map(|_| {
                    y += PODCIDR_LINE;
                    y + 2.0
                })
                .collect(),
        };
        // Bare, the band comes next: a podCIDR line of its own needs its descent clear of it.
        y += match (level, beside) {
            (Level::Bare, Some(_)) => 2.0,
            (Level::Bare, None) => 7.0,
            _ => 4.0,
        };
        // A node without a CNI config says NotReady on this line at every level: the room reads
        // why its pods wait.
        let conflist_y =
            (keep.conflist || !node.conflist || matches!(level, Level::Full | Level::Compact))
                .then(|| {
                    y += SMALL_LINE;
                    y
                });
        // flanneld's subnet.env, which the flannel plugin reads at every ADD: on a line of its own.
        let subnet_y = (chain.subnet_env && (conflist_y.is_some() || level == Level::Minimal))
            .then(|| {
                y += SMALL_LINE;
                y
            });
        // Calico's blocks, which its IPAM hands addresses from in place of the podCIDR: at every level.
        let block_labels = chain.calico_blocks.as_ref().map(|tiers| {
            let fits = |labels: &&Vec<String>| flow_chips(labels, inner).len() == labels.len();
            tiers.iter().find(fits).unwrap_or(&tiers[2]).clone()
        });
        let block_chips = block_labels.as_ref().map(|b| flow_chips(b, inner));
        let blocks_y = block_chips.as_ref().map(|chips| {
            let at = y + FILES_LABEL;
            y = at + 6.0 + CHIP_ROW_H * (chips.last().map_or(0, |c| c.1) + 1) as f64;
            at
        });
        let range = node
            .range
            .as_ref()
            .filter(|_| keep.addresses || matches!(level, Level::Full | Level::Compact))
            .map(|range| {
                let cell_w = (inner / range.cells.len().max(1) as f64).min(ADDR_MAX_W);
                let widest = range
                    .cells
                    .iter()
                    .map(|c| text_width(&c.label, font::SMALL))
                    .fold(0.0, f64::max);
                let top = y + 8.0;
                y = top + RANGE_H;
                (top, cell_w, label_every(cell_w - 3.0, widest))
            });
        // calico-ipam keeps no files on the node: no files row.
        let files_y = (chain.calico_blocks.is_none()
            && (keep.addresses || keep.files || level == Level::Full))
            .then(|| {
                y += FILES_LABEL;
                let at = y;
                let rows = match keep.files {
                    // Kept at every step, the row holds still as files come and go.
                    true => CHIP_ROWS,
                    false => flow_chips(&node.files, inner).last().map_or(0, |c| c.1 + 1),
                };
                y += 8.0 + CHIP_ROW_H * rows as f64;
                at
            });
        let bare = level == Level::Bare;
        // kindnetd's routes to the other nodes, as chips above the band (kept at every level when
        // the step is about a route).
        let routes_kept = keep.routes || matches!(level, Level::Full | Level::Compact);
        let route_chips = match (bridged, routes_kept) {
            (false, true) => flow_chips(&route_chip_labels(&chain.node_routes, inner), inner),
            _ => Vec::new(),
        };
        let routes_y = (!route_chips.is_empty()).then(|| {
            let at = y + 6.0;
            y = at + CHIP_ROW_H * (route_chips.last().map_or(0, |c| c.1) + 1) as f64;
            at
        });
        // A flannel node has one route for all its pods, a row for flanneld's and one for the
        // neighbour entries, at every level: what its steps are about; ptp a route per pod and family.
        let node_routes = bridged;
        let neighbours = bridged && chain.neighbours;
        let band = match (bridged, bare) {
            // The entries keep a row of their own, bare too: beside the connected route and the
            // bridge's label, a phone's box has no room for one.
            (true, _) => bridged_band(2 + usize::from(neighbours), bare),
            (false, true) => BARE_BAND,
            (false, false) => BAND,
        };
        // The label line holds the bridge's gateway, or the address every host veth carries.
        // Bare, a flannel node's bridge label moves to the end of its connected route's row.
        // ptp's: the gateway on every host veth, at the line's end, when the step is about a pod's route.
        let band_label = !bare || (keep.pod_route && chain.veth_address);
        if band_label {
            y += BAND_LABEL;
        } else if (conflist_y.is_some() || subnet_y.is_some())
            && range.is_none()
            && files_y.is_none()
            && routes_y.is_none()
            && blocks_y.is_none()
        {
            // A text line last above the band: its descent clear of the band.
            y += 6.0;
        }
        let band_y = y;
        let pods = node.pods.len();
        // The least a box in a row needs for its lines whole as drawn (a link's name without its
        // peer's `@ifN`, a route tag reaching into the gaps); an address may be cut, with its tip.
        let least = node
            .pods
            .iter()
            .filter(|_| !node.pods_as_cells)
            .flat_map(|p| {
                let device = |name: &str| name.split('@').next().unwrap_or(name).to_string();
                let veth = p.veth.iter().flat_map(|v| {
                    [
                        mono_width(&device(&v.node_end), font::SMALL) + 6.0,
                        mono_width(&device(&v.pod_end), font::SMALL) + 12.0,
                    ]
                });
                let routes = p
                    .route_prefixes()
                    .into_iter()
                    .map(|r| mono_width(&r, font::SMALL) + 12.0 - POD_GAP);
                veth.chain(routes).collect::<Vec<_>>()
            })
            .fold(POD_MIN_W, f64::max);
        let fit_slots = ((inner + POD_GAP) / (least + POD_GAP)).floor().max(1.0) as usize;
        // Boxes in rows, without cables, before cells: a pod's address is what its box is for.
        let grid =
            (!node.pods_as_cells && pods > fit_slots && pods <= 2 * fit_slots).then_some(fit_slots);
        let as_cells = node.pods_as_cells || pods > 2 * fit_slots;
        let width_of = |slots: usize| (inner - (slots as f64 - 1.0) * POD_GAP) / slots as f64;
        // The width a box needs for its lines whole at 11 px: addresses, both veth ends' names
        // (`vethab2667e3@if2`) and the route tags, which may reach into the gaps beside the box.
        // Pods drawn as cells have no boxes: nothing to measure (110 pods' lines at every frame).
        let widest = node
            .pods
            .iter()
            .filter(|_| !as_cells)
            .flat_map(|p| {
                let ips = p.ips.iter().map(|ip| mono_width(ip, font::SMALL) + 10.0);
                let veth = p.veth.iter().flat_map(|v| {
                    [
                        mono_width(&v.node_end, font::SMALL) + 6.0,
                        mono_width(&v.pod_end, font::SMALL) + 12.0,
                    ]
                });
                let routes = p
                    .route_prefixes()
                    .into_iter()
                    .map(|r| mono_width(&r, font::SMALL) + 12.0 - POD_GAP);
                ips.chain(veth).chain(routes).collect::<Vec<_>>()
            })
            .fold(0.0, f64::max);
        // Room for more pods than there are keeps boxes steady as pods join, unless it cuts a line.
        let slots = match grid {
            Some(cols) => cols,
            None => {
                let roomy = pods.max(MIN_POD_SLOTS.min(fit_slots)).max(1);
                if width_of(roomy) < widest {
                    pods.max(1)
                } else {
                    roomy
                }
            }
        };
        let pod_w = width_of(slots);
        let families = node
            .pods
            .iter()
            .map(|p| p.ips.len())
            .max()
            .unwrap_or(1)
            .max(1);
        let routes = node
            .pods
            .iter()
            .map(|p| p.routes.len())
            .max()
            .unwrap_or(0)
            .max(1);
        // A narrow box, or an address its box would cut (IPv6 on a phone): the addresses at 11 px.
        let tight = pod_w < TIGHT_POD_W
            || node
                .pods
                .iter()
                .filter(|_| !as_cells)
                .flat_map(|p| &p.ips)
                .any(|ip| mono_width(ip, font::BASE) > pod_w - 10.0);
        let ip_size = if tight { font::SMALL } else { font::BASE };
        let cut = node
            .pods
            .iter()
            .filter(|_| !as_cells)
            .flat_map(|p| &p.ips)
            .any(|ip| text_width(ip, ip_size) > pod_w - 12.0);
        let failure = node.pods.iter().any(|p| p.failure.is_some());
        let pod_h = POD_NAME_Y
            + POD_LINE * (families + if bare { 1 } else { 2 }) as f64
            + if bare { 6.0 } else { 10.0 };
        let bottom_pad = if bare { BARE_BOTTOM } else { BOTTOM };
        let (pods_y, pods_as_cells, foot_y, bottom) = if pods == 0 {
            let pods_y = band_y + band.h;
            (
                pods_y,
                None,
                pods_y + FOOT_LINE + 4.0,
                pods_y + FOOT_LINE + bottom_pad,
            )
        } else if as_cells {
            let per_row = ((inner / CELL_PITCH).floor() as usize).max(1);
            let rows = pods.div_ceil(per_row) as f64;
            // Below a flannel node's band, taller with its routes.
            let cells_y = POD_CELLS_Y.max(band.h + 12.0);
            let end = band_y + cells_y + rows * CELL_PITCH;
            // The named pods' line, then the failure's.
            let foot = end + 2.0 * FOOT_LINE - 4.0;
            (
                band_y + cells_y,
                Some(per_row),
                foot,
                foot + if failure { bottom_pad } else { 0.0 },
            )
        } else if let Some(cols) = grid {
            let pods_y = band_y + band.h + 12.0;
            let rows = pods.div_ceil(cols) as f64;
            let end = pods_y + rows * (pod_h + GRID_GAP) - GRID_GAP;
            let foot = end + FOOT_LINE - 4.0;
            let bottom = if failure || cut {
                foot + bottom_pad
            } else {
                end + bottom_pad
            };
            (pods_y, None, foot, bottom)
        } else {
            // ptp's routes hang under the band, one row per family; a flannel node's are in it.
            let below = match bridged {
                true => band.h,
                false => band.route_y + routes as f64 * band.route_row,
            };
            let pods_y = band_y + below + if bare { 4.0 } else { 10.0 };
            let end = pods_y + pod_h;
            let foot = end + FOOT_LINE - 4.0;
            let bottom = if failure || cut {
                foot + bottom_pad
            } else {
                end + bottom_pad
            };
            (pods_y, None, foot, bottom)
        };
        NodeRows {
            height: bottom,
            name,
            name_y: NAME_Y,
            ip,
            podcidr_y,
            podcidrs,
            podcidr_label,
            podcidr_x: beside.unwrap_or(0.0),
            conflist_y,
            range,
            files_y,
            band_y,
            band,
            band_label,
            pods_y,
            pod_w,
            pod_grid: grid,
            pods_as_cells,
            pod_h,
            eth0: !bare,
            tight,
            foot_y,
            named_y: pods_as_cells.map(|_| foot_y - FOOT_LINE),
            bridged,
            node_routes,
            subnet_y,
            routes_y,
            route_chips: route_chips.len(),
            blocks_y,
            block_labels: block_labels.unwrap_or_default(),
            neighbours_row: neighbours.then_some(2),
        }
    }
}

/// The height a node box `w` wide reserves at `level` for a node that runs `pods` in the run: that of
/// the node at its busiest (those pods, up to those drawn as boxes, a podCIDR per family, host-local's
/// strip, two rows of files, a failure's line).
pub(crate) fn reserved(stage: &Stage, pods: usize, w: f64, level: Level) -> f64 {
    let bridged = stage.chains.iter().any(|chain| chain.cni.is_flannel());
    reserved_keeping(stage, pods, w, level, Keep::default(), bridged.into())
}

/// [`reserved`] for a box that keeps `keep` at every step, with the rows `chain` adds.
pub(crate) fn reserved_keeping(
    stage: &Stage,
    pods: usize,
    w: f64,
    level: Level,
    keep: Keep,
    chain: ChainRows,
) -> f64 {
    let pods = pods.min(POD_BOXES);
    let v6 = |cidr: &str| cidr.contains(':');
    let ips: Vec<String> = stage
        .kcm
        .iter()
        .map(|k| match v6(&k.cluster_cidr) {
            true => "fd00:10:244:ff::ffff".to_string(),
            false => "10.244.255.255".to_string(),
        })
        .collect();
    let busiest = StageNode {
        name: String::new(),
        slot: 0,
        internal_ips: Vec::new(),
        pod_cidrs: stage
            .kcm
            .iter()
            .filter_map(|k| k.cells.last().map(|c| c.block.clone()))
            .collect(),
        failure: None,
        rebooting: false,
        conflist: true,
        range: Some(RangeStrip {
            subnet: String::new(),
            cells: Vec::new(),
            last_reserved_ip: None,
            size: 0,
        }),
        dir: String::new(),
        files: vec!["last_reserved_ip.0".to_string(); MAX_FILES],
        files_total: MAX_FILES,
        pods: (0..pods)
            .map(|i| StagePod {
                name: format!("pod-{i}"),
                phase: StagePhase::Pending,
                object: true,
                ips: ips.clone(),
                ip_files: Vec::new(),
                veth: None,
                // A route per family, as wide as a node's first pods' (the widest address would set
                // fewer boxes a row than the run ever needs).
                routes: stage
                    .kcm
                    .iter()
                    .map(|k| match v6(&k.cluster_cidr) {
                        true => "fd00:10:244:1::2".to_string(),
                        false => "10.244.1.2".to_string(),
                    })
                    .collect(),
                host_addresses: Vec::new(),
                countdown: None,
                failure: Some(String::new()),
                borrowed: None,
            })
            .collect(),
        pods_as_cells: false,
        pods_hidden: 0,
    };
    NodeRows::of(&busiest, w, level, keep, chain).height
}
