//! The stage laid out for widths from a phone's to a projector's: type never below 11 px, labels in
//! their boxes, boxes apart, the picture compact.

use super::*;
use crate::playback::Player;
use crate::sim::builtin;
use crate::sim::VirtualTime;
use crate::tours::Shows;
use crate::tours::TourId;

fn stage_at(name: &'static str, ms: u64) -> Stage {
    let mut cursor = Player::load(
        builtin::by_name(name).unwrap().to_string(),
        TourId::from_name(name),
    )
    .expect("a built-in scenario loads")
    .into_cursor();
    cursor.seek(VirtualTime(ms));
    cursor.finish();
    cursor.stage(None, None)
}

/// Moments worth drawing: the kind tour's three pods, dual stack, a failure, many pods, the end of each.
fn stages() -> Vec<(String, Stage)> {
    let mut stages = vec![
        ("kind at 2.3 s".to_string(), stage_at("kind", 2_300)),
        (
            "kubeadm-flannel at 2.3 s".to_string(),
            stage_at("kubeadm-flannel", 2_300),
        ),
        (
            "dual-stack at 1.5 s".to_string(),
            stage_at("dual-stack", 1_500),
        ),
    ];
    for (name, _) in builtin::ALL {
        stages.push((format!("{name} at the end"), stage_at(name, u64::MAX)));
    }
    stages
}

fn widths() -> impl Iterator<Item = f64> {
    (320..=1600).step_by(20).map(f64::from)
}

#[test]
fn the_stages_type_is_never_below_11_px() {
    let css = include_str!("../../../../static/style.css");
    let sizes: Vec<(&str, f64)> = css
        .lines()
        .filter(|line| line.starts_with(".stage ") || line.starts_with(".stage{"))
        .flat_map(|line| {
            line.split("font-size:").skip(1).filter_map(move |rest| {
                let px = rest.trim().strip_prefix("")?.split("px").next()?;
                Some((line, px.trim().parse::<f64>().ok()?))
            })
        })
        .collect();
    assert!(sizes.len() >= 8, "the stage's rules set sizes: {sizes:?}");
    for (line, size) in sizes {
        assert!(size >= 11.0, "{line}");
    }
    for size in [font::BASE, font::TITLE, font::SMALL, font::PODCIDR] {
        assert!(size >= 11.0);
    }
}

#[test]
fn one_unit_is_one_pixel_up_to_the_widest_design_and_one_node_at_a_time_below_600() {
    let stage = stage_at("kind", 2_300);
    for width in widths() {
        let layout = Layout::of(&stage, width, false, None, None);
        assert_eq!(layout.width, width.min(MAX_W), "at {width}");
        // The worker's four pods of the run in a row, beside the two other nodes and their names, from about 880.
        if !(ONE_NODE_BELOW..900.0).contains(&width) {
            assert_eq!(layout.one_node, width < ONE_NODE_BELOW, "at {width}");
        }
    }
    assert!(
        Layout::of(&stage, 900.0, true, None, None).one_node,
        "the phone's switch forces it"
    );
}

#[test]
fn boxes_lie_inside_the_picture_apart_and_labels_fit_their_cells() {
    for (name, stage) in stages() {
        for width in widths() {
            let layout = Layout::of(&stage, width, false, None, None);
            let at = format!("{name} at {width}");
            let mut right = 0.0;
            for place in &layout.boxes {
                assert!(
                    place.x >= right && place.x + place.w <= layout.width - PAD + 0.5,
                    "{at}: {place:?}"
                );
                assert!(layout.nodes_y + place.h <= layout.height, "{at}");
                right = place.x + place.w;
                let Some(rows) = &place.rows else { continue };
                // The zoomed node of tiles has no slot: the first drawn.
                let node = match place.slot {
                    Some(slot) => stage.nodes[slot].as_ref(),
                    None => stage.nodes.iter().flatten().next(),
                };
                if let Some((_, cell_w, every)) = rows.range {
                    let widest = node.and_then(|n| n.range.as_ref()).map_or(0.0, |r| {
                        r.cells
                            .iter()
                            .map(|c| text_width(&c.label, font::SMALL))
                            .fold(0.0, f64::max)
                    });
                    assert!(
                        every == 0 || every as f64 * (cell_w - 3.0) >= widest,
                        "{at}: addresses' labels"
                    );
                }
                let pods = node.map_or(0, |n| n.pods.len());
                assert!(
                    pods == 0 || rows.pods_as_cells.is_some() || rows.pod_w >= 84.0,
                    "{at}: pod boxes at least as wide as an IPv4 address"
                );
                assert!(
                    bold_width(&rows.name, font::TITLE) <= place.w - 2.0 * INSET + 1.0,
                    "{at}: {}",
                    rows.name
                );
            }
            for (strip, place) in stage.kcm.iter().zip(&layout.strips) {
                let widest = strip.cells[..place.cells]
                    .iter()
                    .map(|c| mono_width(&c.index.to_string(), font::SMALL))
                    .fold(0.0, f64::max);
                assert!(
                    place.label_every == 0
                        || place.label_every as f64 * (place.cell_w - 3.0) >= widest + 2.0,
                    "{at}: cell indexes apart"
                );
                assert!(
                    CELLS_X + place.cells as f64 * place.cell_w <= layout.width - CELLS_X + 0.5,
                    "{at}: cells inside"
                );
            }
        }
    }
}

#[test]
fn a_node_without_pods_is_short_and_the_picture_is_compact() {
    let stage = stage_at("kind", 2_300);
    for width in [900.0, 1000.0] {
        let layout = Layout::of(&stage, width, false, None, None);
        let heights: Vec<f64> = layout.boxes.iter().map(|b| b.h).collect();
        assert!(
            heights[0] < heights[1] - 60.0 && heights[2] < heights[1] - 60.0,
            "at {width}: {heights:?}"
        );
        // With a row for kindnetd's routes to the other nodes.
        assert!(layout.height <= 550.0, "at {width}: {}", layout.height);
    }
    let one = Layout::of(&stage, 700.0, false, Some("kind-worker"), None);
    assert!(
        one.one_node && one.height <= 530.0,
        "one node at 700: {}",
        one.height
    );
    let phone = Layout::of(&stage, 360.0, true, Some("kind-worker"), None);
    // Four pods of the run in two rows of boxes: no room for four in one at 11 px.
    assert!(phone.height <= 600.0, "a phone: {}", phone.height);
    let dual = Layout::of(&stage_at("dual-stack", 1_500), 1000.0, false, None, None);
    assert_eq!(dual.strips.len(), 2, "a strip per family");
    assert!(dual.height <= 650.0, "dual stack: {}", dual.height);
}

#[test]
fn a_short_room_drops_rows_until_the_picture_fits() {
    let stage = stage_at("kind", 2_300);
    let full = Layout::of(&stage, 900.0, false, None, None);
    let fitted = Layout::of(&stage, 900.0, false, None, Some(360.0));
    assert!(
        fitted.height < full.height && fitted.height <= 360.0,
        "{} of {}",
        fitted.height,
        full.height
    );
    let worker = fitted.boxes[1].rows.as_ref().expect("the worker is drawn");
    // host-local's strip goes; the files stay only when the step's words name one there.
    assert!(worker.range.is_none());
    let named = stage.shows.iter().any(|on| {
        on.node == "kind-worker"
            && on
                .things()
                .any(|t| matches!(t, crate::tours::Shows::IpFile(_)))
    });
    assert_eq!(worker.files_y.is_some(), named);
}

/// Built-in scenario `name` (a tour's) at its step `step`, played to the end of its work.
pub(super) fn stage_at_step(name: &'static str, step: usize) -> Stage {
    let mut cursor = Player::load(
        builtin::by_name(name).unwrap().to_string(),
        TourId::from_name(name),
    )
    .expect("a built-in scenario loads")
    .into_cursor();
    cursor.go_to_step(step);
    cursor.finish();
    cursor.stage(None, None)
}

/// A phone on its side gives the stage about 554 × 288 px: the picture of a tour's step fits there one
/// unit to a pixel (so its type stays at 11 px or more), whatever detail it drops.
#[test]
fn a_phone_on_its_side_holds_a_tours_node_at_one_unit_per_pixel() {
    let (width, max) = (550.0, 285.0);
    for (name, stage) in [
        ("kind at 2.3 s", stage_at("kind", 2_300)),
        ("reboot-leak step 9", stage_at_step("reboot-leak", 8)),
        ("dual-stack step 3", stage_at_step("dual-stack", 2)),
        (
            "kubeadm-flannel step 4",
            stage_at_step("kubeadm-flannel", 3),
        ),
    ] {
        let layout = Layout::of(&stage, width, false, stage.focus.as_deref(), Some(max));
        assert_eq!(layout.width, width, "{name}");
        assert!(layout.height <= max, "{name}: {}", layout.height);
        let rows = layout.boxes[0].rows.as_ref().expect("the node is drawn");
        let node = stage
            .nodes
            .iter()
            .flatten()
            .find(|n| Some(&n.name) == stage.focus.as_ref());
        // The pods as boxes with their addresses, the podCIDR and its label, the cidrset's cells.
        assert!(rows.pods_as_cells.is_none() && rows.pod_w >= 84.0, "{name}");
        assert!(
            rows.podcidr_label
                && node.is_some_and(|n| rows.podcidrs.join(", ") == n.pod_cidrs.join(", ")),
            "{name}"
        );
        assert!(
            layout
                .strips
                .iter()
                .all(|s| s.cells > 0 && s.label_every > 0),
            "{name}"
        );
    }
}

/// The presenter view gives the stage the room [`PRESENTER_ROOMS`] says (the caption under it): every
/// step of every tour fits there at the presenter's zoom, so no label is drawn below 14 px, and a
/// step whose packet crosses the nodes draws every node it passes.
#[test]
fn the_presenter_view_holds_every_tour_step_with_labels_at_14_px_on_a_projector() {
    let zoom = presenter_zoom((1024.0, 768.0));
    assert!((font::SMALL * zoom - 14.0).abs() < 1e-9, "{zoom}");
    assert!(font::SMALL * presenter_zoom((1920.0, 1080.0)) > 19.0);
    assert_eq!(presenter_zoom((800.0, 600.0)), zoom, "never smaller");
    let mut over = Vec::new();
    for (window, room) in PRESENTER_ROOMS {
        let zoom = presenter_zoom(window);
        let (width, height) = (room.0 / zoom, room.1 / zoom);
        for tour in crate::tours::TourId::ALL {
            for step in 0..tour.tour().steps.len() {
                let stage = stage_at_step(tour.name(), step);
                let layout = Layout::of(&stage, width, false, stage.focus.as_deref(), Some(height));
                let named = named_slots(&stage);
                let drawn_slots: Vec<usize> = layout.boxes.iter().filter_map(|b| b.slot).collect();
                if named.len() > 1 && !named.iter().all(|slot| drawn_slots.contains(slot)) {
                    over.push(format!(
                        "{} step {} at {window:?}: nodes {named:?} named, {drawn_slots:?} drawn",
                        tour.name(),
                        step + 1
                    ));
                }
                let missing = stage.packet.iter().flat_map(|p| p.hops.iter()).any(|hop| {
                    !layout.boxes.iter().any(|b| {
                        b.rows.is_some()
                            && b.slot
                                .and_then(|slot| stage.nodes[slot].as_ref())
                                .is_some_and(|n| n.name == hop.node())
                    })
                });
                if missing {
                    over.push(format!(
                        "{} step {} at {window:?}: a node the packet passes is not drawn",
                        tour.name(),
                        step + 1
                    ));
                }
                // What the words name is kept: an IP file's row of files on its node.
                for on in stage.shows {
                    let names_a_file = on.things().any(|t| matches!(t, Shows::IpFile(_)));
                    let drawn = layout.boxes.iter().find(|b| {
                        b.slot
                            .and_then(|slot| stage.nodes[slot].as_ref())
                            .or_else(|| {
                                stage
                                    .nodes
                                    .iter()
                                    .flatten()
                                    .find(|n| stage.focus.as_deref() == Some(&n.name))
                            })
                            .is_some_and(|n| n.name == on.node)
                    });
                    let rows = drawn.and_then(|b| b.rows.as_ref());
                    if names_a_file && rows.is_some_and(|r| r.files_y.is_none()) {
                        over.push(format!(
                            "{} step {} at {window:?}: {}'s files dropped",
                            tour.name(),
                            step + 1,
                            on.node
                        ));
                    }
                }
                if layout.height > height {
                    over.push(format!(
                        "{} step {} at {window:?}: {} > {height:.0}",
                        tour.name(),
                        step + 1,
                        layout.height
                    ));
                }
            }
        }
    }
    assert!(over.is_empty(), "{over:#?}");
}

/// The stage's room in the presenter view on a window, in CSS px, as the page gives it with the
/// caption under it (`.present` in style.css; `e2e/fit.test.mjs` holds the page to it).
pub(super) const PRESENTER_ROOMS: [((f64, f64), (f64, f64)); 2] = [
    ((1024.0, 768.0), (950.0, 368.0)),
    ((1920.0, 1080.0), (1846.0, 549.0)),
];

/// Each step's focus — the IP file (with host-local's strip unless the room is least, then the files
/// alone, kube-controller-manager's strips gone), the conflist — is drawn at every level of detail, in
/// a phone's width, a laptop's and the presenter view's, however short the room.
#[test]
fn a_steps_focus_is_drawn_at_every_level_and_size() {
    let zoom = presenter_zoom((1024.0, 768.0));
    let rooms = [
        (360.0, Some(560.0)),
        (550.0, Some(285.0)),
        (1000.0, None),
        (1000.0, Some(300.0)),
        (950.0 / zoom, Some(368.0 / zoom)),
    ];
    let mut checked = 0;
    for tour in crate::tours::TourId::ALL {
        for step in 0..tour.tour().steps.len() {
            let stage = stage_at_step(tour.name(), step);
            let Some(touched) = stage.touched.clone() else {
                continue;
            };
            // A node the step's event took away (deleted) has nothing left to draw.
            let Some(node) = touched
                .node
                .clone()
                .filter(|n| stage.nodes.iter().flatten().any(|drawn| drawn.name == *n))
            else {
                continue;
            };
            // Where the words name things on one node only, that node is the one drawn alone.
            let named = match named_slots(&stage).as_slice() {
                [slot] => stage.nodes[*slot].as_ref().map(|n| n.name.clone()),
                _ => None,
            };
            let (node, event_node) = match named {
                Some(named) if named != node => (named, false),
                _ => (node, true),
            };
            for (width, height) in rooms {
                let layout = Layout::of(&stage, width, false, stage.focus.as_deref(), height);
                let drawn = layout.boxes.iter().find(|b| {
                    b.slot
                        .and_then(|slot| stage.nodes[slot].as_ref())
                        .or_else(|| stage.nodes.iter().flatten().next())
                        .is_some_and(|n| n.name == node)
                });
                let at = format!("{} step {} at {width:.0}", tour.name(), step + 1);
                let rows = drawn.and_then(|b| b.rows.as_ref());
                let rows = rows.unwrap_or_else(|| panic!("{at}: {node} is not drawn"));
                if touched.ip_file.is_some() && event_node {
                    // In the least room the files alone say it; the strip of cells goes first.
                    assert!(
                        rows.range.is_some() || layout.strips.is_empty(),
                        "{at}: host-local's strip dropped"
                    );
                    assert!(rows.files_y.is_some(), "{at}: the files dropped");
                    checked += 1;
                }
                if touched.conflist && event_node {
                    assert!(rows.conflist_y.is_some(), "{at}: the conflist dropped");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} foci checked");
}

/// A flannel node draws the bridge in its band and the node's routes where ptp's `/32`s go (above
/// the bar, in its root namespace): the connected route on `cni0`, one for every pod, and flanneld's
/// through `flannel.1` in a row of their own, left out of a bare box — so at every level it is no
/// taller than a kind node with the same pods but by that row.
#[test]
fn a_flannel_node_holds_its_bridge_and_routes_in_the_rows_of_ptps_routes() {
    let kind = stage_at("kind", 2_300);
    let flannel = stage_at("kubeadm-flannel", 2_300);
    let worker = |stage: &Stage, name: &str| {
        stage
            .nodes
            .iter()
            .flatten()
            .find(|n| n.name == name)
            .cloned()
            .expect("the worker is drawn")
    };
    let (kind_worker, flannel_worker) =
        (worker(&kind, "kind-worker"), worker(&flannel, "worker-1"));
    assert!(layout_bridged(&flannel, "worker-1") && !layout_bridged(&kind, "kind-worker"));
    let chain = flannel
        .chains
        .iter()
        .find(|c| c.node == "worker-1")
        .expect("its chain");
    let bridge = chain.bridge.as_ref().expect("cni0, made by a's ADD");
    assert_eq!(bridge.ports.len(), 3, "a, b and c on the bridge");
    assert!(
        flannel_worker.pods.iter().all(|p| p.routes.is_empty()),
        "no /32 per pod"
    );
    for width in [360.0, 550.0, 1000.0] {
        for level in [Level::Full, Level::Compact, Level::Minimal, Level::Bare] {
            let at = format!("{level:?} at {width}");
            let ptp = NodeRows::of(&kind_worker, width, level, Keep::default(), false);
            let bridged = NodeRows::of(&flannel_worker, width, level, Keep::default(), true);
            assert!(bridged.bridged && !ptp.bridged, "{at}");
            // flannel.1's route is what the flannel steps are about: kept at every level.
            assert!(bridged.node_routes, "{at}");
            let extra = if bridged.node_routes {
                bridged.band.route_row
            } else {
                0.0
            };
            assert!(
                bridged.height <= ptp.height + extra + 0.5,
                "{at}: {} against kind's {}",
                bridged.height,
                ptp.height
            );
            // The routes above the bar, the veth ends on it, the pods below the band.
            let band = bridged.band;
            assert!(
                band.route_y + band.route_row * (1 + usize::from(bridged.node_routes)) as f64
                    <= band.veth_y,
                "{at}"
            );
            assert!(
                band.veth_y + VETH_END_H <= band.h && bridged.band_y + band.h <= bridged.pods_y,
                "{at}"
            );
        }
    }
    // The bridge's label fits beside the band's at a laptop's width, in a box beside the others.
    let layout = Layout::of(&flannel, 1000.0, false, None, None);
    let (place, rows) = layout
        .boxes
        .iter()
        .find_map(|b| {
            let slot = b.slot?;
            (flannel.nodes[slot].as_ref()?.name == "worker-1").then_some((b, b.rows.as_ref()?))
        })
        .expect("worker-1 drawn beside the others");
    let label = format!("{} {}", bridge.name, bridge.gateways.join(" "));
    assert!(rows.band_label && mono_width(&label, font::SMALL) + 40.0 < place.w);
}

fn layout_bridged(stage: &Stage, name: &str) -> bool {
    stage
        .nodes
        .iter()
        .flatten()
        .find(|n| n.name == name)
        .is_some_and(|node| super::chain_rows(stage, node).bridged)
}

/// A bare box sets a node's podCIDR beside its name; "not set yet" has a line of its own, so the two
/// never overlap (the presenter view's introduction drew them on one another).
#[test]
fn a_bare_box_sets_no_unset_podcidr_over_the_name() {
    let stage = stage_at("kind", 0);
    let node = stage
        .nodes
        .iter()
        .flatten()
        .next()
        .cloned()
        .expect("the control plane");
    assert!(node.pod_cidrs.is_empty(), "{node:?}");
    for width in [360.0, 550.0, 1000.0] {
        let rows = NodeRows::of(&node, width, Level::Bare, Keep::default(), false);
        assert!(
            rows.podcidr_y[0] > rows.name_y,
            "at {width}: {:?} over {}",
            rows.podcidr_y,
            rows.name_y
        );
    }
    let later = stage_at("kind", 2_300);
    let set = later
        .nodes
        .iter()
        .flatten()
        .next()
        .cloned()
        .expect("the control plane");
    let rows = NodeRows::of(&set, 1000.0, Level::Bare, Keep::default(), false);
    assert_eq!(
        rows.podcidr_y,
        vec![rows.name_y],
        "a set podCIDR still beside the name"
    );
}

/// A node without a CNI config keeps its NotReady line at every level, and a pod's failure line keeps
/// the Event's reason whole (node-network's first step: web waits on NetworkNotReady), in a phone's
/// width, a laptop's and the presenter view's at 1024 × 768 and 1920 × 1080.
#[test]
fn not_ready_and_a_failures_reason_survive_the_squeeze() {
    let stage = stage_at_step("node-network", 0);
    let worker = stage
        .nodes
        .iter()
        .flatten()
        .find(|n| n.name == "kind-worker")
        .expect("kind-worker is drawn at step 1");
    assert!(!worker.conflist, "kind-worker has no CNI config at step 1");
    let failure = worker
        .pods
        .iter()
        .find_map(|p| p.failure.clone())
        .expect("web fails at step 1");
    assert!(failure.starts_with("NetworkNotReady "), "{failure}");
    for level in [Level::Full, Level::Compact, Level::Minimal, Level::Bare] {
        for w in [200.0, 260.0, 320.0, 480.0] {
            let rows = NodeRows::of(worker, w, level, Keep::default(), ChainRows::default());
            let line_y = rows.conflist_y.expect("NotReady is drawn");
            // Its descent (4 units at 12 px) clear of the band under it.
            assert!(
                rows.band_y - line_y >= 6.0,
                "{level:?} at {w}: NotReady on the band"
            );
            let line = failure_line("web", &failure, w - 2.0 * INSET);
            assert!(
                line.starts_with("web: NetworkNotReady"),
                "{level:?} at {w}: {line}"
            );
            assert!(!line.contains('…') || !line.contains("network"), "{line}");
        }
    }
    // Room enough, the line holds the kubelet's whole message.
    let wide = failure_line("web", &failure, 2000.0);
    assert_eq!(wide, format!("web: {}", failure.replacen(' ', " — ", 1)));
    for (w, h) in [(1024.0, 768.0), (1920.0, 1080.0)] {
        let zoom = presenter_zoom((w, h));
        let focus = stage.focus.as_deref();
        let layout = Layout::of(&stage, 950.0 / zoom, false, focus, Some(368.0 / zoom));
        let drawn = layout.boxes.iter().find(|b| {
            b.slot
                .and_then(|slot| stage.nodes[slot].as_ref())
                .or_else(|| stage.nodes.iter().flatten().next())
                .is_some_and(|n| n.name == "kind-worker")
        });
        let rows = drawn.and_then(|b| b.rows.as_ref());
        let rows = rows.expect("kind-worker is drawn in the presenter view");
        assert!(rows.conflist_y.is_some(), "{w} × {h}: NotReady dropped");
    }
}

/// A pod box in a row, cabled to its veth end, holds its lines as drawn whole — the host veth's name
/// (without its peer's `@ifN`) and its route tags — and a node whose podCIDR failed holds the reason:
/// at every step of every tour in the presenter's rooms and on a page's widths. Where a row would
/// cut them the pods wrap into rows, and where that does not fit, the node the step names is drawn alone.
#[test]
fn a_pods_link_name_and_routes_and_a_nodes_failure_are_never_cut() {
    let mut rooms: Vec<(String, f64, f64)> = PRESENTER_ROOMS
        .iter()
        .map(|(window, room)| {
            let zoom = presenter_zoom(*window);
            (format!("{window:?}"), room.0 / zoom, room.1 / zoom)
        })
        .collect();
    rooms.extend([700.0, 1000.0, 1200.0].map(|w| (format!("page {w}"), w, f64::INFINITY)));
    let mut cut = Vec::new();
    for tour in crate::tours::TourId::ALL {
        for step in 0..tour.tour().steps.len() {
            let stage = stage_at_step(tour.name(), step);
            for (room, width, height) in &rooms {
                let max = height.is_finite().then_some(*height);
                let layout = Layout::of(&stage, *width, false, stage.focus.as_deref(), max);
                let at = format!("{} step {} at {room}", tour.name(), step + 1);
                for b in &layout.boxes {
                    let (Some(rows), Some(node)) =
                        (&b.rows, b.slot.and_then(|s| stage.nodes[s].as_ref()))
                    else {
                        continue;
                    };
                    if node.failure.is_some()
                        && node.pod_cidrs.is_empty()
                        && text_width(CIDR_NOT_AVAILABLE, font::PODCIDR) > b.w - 2.0 * INSET
                    {
                        cut.push(format!("{at}: {}'s {CIDR_NOT_AVAILABLE}", node.name));
                    }
                    if rows.pods_as_cells.is_some() || rows.pod_grid.is_some() {
                        continue;
                    }
                    for pod in &node.pods {
                        let device = pod
                            .veth
                            .as_ref()
                            .map(|v| v.node_end.split('@').next().unwrap_or(""));
                        let veth = device.map_or(0.0, |d| mono_width(d, font::SMALL) + 6.0);
                        let routes = pod
                            .route_prefixes()
                            .iter()
                            .map(|r| mono_width(r, font::SMALL) + 12.0 - POD_GAP)
                            .fold(0.0, f64::max);
                        if veth.max(routes) > rows.pod_w + 0.01 {
                            cut.push(format!(
                                "{at}: {}'s veth or route in {:.0}",
                                pod.name, rows.pod_w
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(cut.is_empty(), "{cut:#?}");
}
