//! The ladder a picture too tall for its room climbs down: on a phone, first the two nodes a step
//! names side by side; then each level of detail with room for the run's busiest moment, then for what
//! is on the stage now, then the nodes the step is about without kube-controller-manager's strips, then
//! one node alone, then host-local's files without its strip.

use super::{named_slots, Keep, Layout, Level, BARE_GAP, MAX_W, MIN_W, ONE_NODE_BELOW};
use crate::order;
use crate::playback::stage::Stage;
use crate::sim::Touched;
use crate::tours::Shows;

/// The narrowest share of the width a node named beside others gets on a phone: two nodes on one
/// 390 px wide; narrower, their names and podCIDRs would be cut.
const MIN_SHARE: f64 = 170.0;

impl Layout {
    /// The stage `stage` laid out `measured` units wide (`one_node` forced, the phone's switcher), at
    /// most `max_height` tall if it can be.
    pub(in crate::ui::stage) fn of(
        stage: &Stage,
        measured: f64,
        one_node: bool,
        focus: Option<&str>,
        max_height: Option<f64>,
    ) -> Layout {
        let layout = Layout::climb(stage, measured, one_node, focus, max_height);
        // A step about the inside of a node, drawn alone, goes without kube-controller-manager's
        // strips when the run drops them at the steps that keep a node's addresses: so they do not
        // come and go from step to step. Two families' strips stay: a dual-stack step compares them.
        let alone = match layout.boxes.as_slice() {
            [only] if layout.one_node && layout.strips.len() == 1 => only.slot,
            _ => None,
        };
        let Some(node) = alone.and_then(|slot| stage.nodes[slot].as_ref()) else {
            return layout;
        };
        let crowded = |s: &Stage| {
            Layout::climb(s, measured, one_node, focus, max_height)
                .strips
                .is_empty()
        };
        if !inside_a_node(stage) || !crowded(&keeping_addresses(stage, &node.name)) {
            return layout;
        }
        let width = measured.clamp(MIN_W, MAX_W);
        let now = Stage {
            weights: vec![0; stage.weights.len()],
            ..stage.clone()
        };
        let levels = [Level::Full, Level::Compact, Level::Minimal, Level::Bare];
        let tries = [stage, &now].map(|s| levels.map(|level| (s, level)));
        let found = tries.iter().flatten().find_map(|&(s, level)| {
            let bare =
                Layout::at(s, width, true, Some(&node.name), level, false, None).without_strips();
            max_height
                .is_none_or(|max| bare.height <= max)
                .then_some(bare)
        });
        found.unwrap_or(layout)
    }

    /// [`Layout::of`]'s ladder.
    fn climb(
        stage: &Stage,
        measured: f64,
        one_node: bool,
        focus: Option<&str>,
        max_height: Option<f64>,
    ) -> Layout {
        let width = measured.clamp(MIN_W, MAX_W);
        // A node drawn alone is the one the words name, when they name things on one node only.
        let named = match named_slots(stage).as_slice() {
            [slot] => stage.nodes[*slot].as_ref().map(|n| n.name.as_str()),
            _ => None,
        };
        let focus = named.or(focus);
        let levels = [Level::Full, Level::Compact, Level::Minimal, Level::Bare];
        let fits = |layout: &Layout| max_height.is_none_or(|max| layout.height <= max);
        let first_fit = |stage: &Stage, one_node: bool, focus: Option<&str>| {
            let mut last = None;
            for level in levels {
                let layout = Layout::at(stage, width, one_node, focus, level, false, None);
                if fits(&layout) {
                    return Ok(layout);
                }
                last = Some(layout);
            }
            Err(last.expect("four levels"))
        };
        // Too narrow for the nodes side by side (a phone), a step that names things on several nodes
        // shows those across the width when they fit: one node at a time would hide what it compares.
        let several = named_slots(stage);
        if width < ONE_NODE_BELOW && several.len() > 1 && width / several.len() as f64 >= MIN_SHARE
        {
            let across = levels.into_iter().flat_map(|level| {
                let layout = Layout::at(stage, width, false, focus, level, false, Some(&several));
                [layout.clone(), layout.without_strips()]
            });
            if let Some(layout) = across.into_iter().find(fits) {
                return layout;
            }
        }
        // Room kept for the run's busiest moment, so the picture holds still while it plays.
        let busiest = match first_fit(stage, one_node, focus) {
            Ok(layout) => return layout,
            Err(layout) => layout,
        };
        // Too short for that: room for what is on the stage now, so no label is drawn smaller.
        let now = Stage {
            weights: vec![0; stage.weights.len()],
            ..stage.clone()
        };
        let mut layout = match first_fit(&now, one_node, focus) {
            Ok(layout) => return layout,
            Err(layout) => layout,
        };
        // Still too tall: when the step is about things on a node, that node alone across the width,
        // then without kube-controller-manager's strips, which the step is not about.
        if busiest.height < layout.height {
            layout = busiest;
        }
        // A step about no node goes on to the front node alone, before anything is drawn too small.
        let about_node = about_a_node(stage);
        // A packet crosses the nodes, or the words name things on several (or on another than the
        // step's event): they stay side by side, without the strips.
        let touched = stage.touched.as_ref().and_then(|t| t.node.as_deref());
        let touched = stage
            .nodes
            .iter()
            .position(|n| n.as_ref().is_some_and(|n| Some(n.name.as_str()) == touched));
        let mut about = named_slots(stage);
        about.extend(touched.filter(|slot| !about.contains(slot)));
        // The packet's nodes: where it leaves and where it arrives.
        let hops = stage
            .packet
            .iter()
            .flat_map(|p| p.hops.iter().map(|hop| hop.node()));
        for node in hops {
            let slot = stage
                .nodes
                .iter()
                .position(|n| n.as_ref().is_some_and(|n| n.name == node));
            about.extend(slot.filter(|slot| !about.contains(slot)));
        }
        order::sort(&mut about);
        // Only when they are some of the nodes: all of them share the width by their runs' weights.
        let present = stage.nodes.iter().flatten().count();
        let only = (about.len() < present).then_some(about.as_slice());
        if about.len() > 1 && !one_node && about_node {
            let tries = levels
                .map(|level| (level, false))
                .into_iter()
                .chain([(Level::Bare, true)]);
            for (level, lean) in tries {
                let across =
                    Layout::at(&now, width, false, focus, level, lean, only).without_strips();
                if fits(&across) {
                    return across;
                }
            }
        }
        if !one_node {
            layout = match first_fit(&now, true, focus) {
                Ok(layout) => return layout,
                Err(layout) => layout,
            };
        }
        let layout = layout.without_strips();
        if fits(&layout) {
            return layout;
        }
        // Last, the step's addresses as host-local's files alone, without its strip of cells.
        Layout::at(&now, width, true, focus, Level::Bare, true, None).without_strips()
    }

    /// The picture without kube-controller-manager's strips, the nodes lifted to its top.
    pub(in crate::ui::stage) fn without_strips(mut self) -> Layout {
        let lift = self.nodes_y - BARE_GAP;
        self.strips.clear();
        self.strip_h = 0.0;
        self.nodes_y -= lift;
        self.height -= lift;
        self
    }
}

/// Whether the step shown is about things on a node: its event keeps rows of a node's box, or its
/// words name things on one.
fn about_a_node(stage: &Stage) -> bool {
    keeps_rows(stage) || !named_slots(stage).is_empty()
}

/// Whether the step shown is about the inside of a node (its files, conflist, veths, routes, pods),
/// not its podCIDR, which kube-controller-manager's strips tell.
fn inside_a_node(stage: &Stage) -> bool {
    let named =
        stage.shows.iter().flat_map(|on| on.things()).any(|thing| {
            !matches!(thing, Shows::Node(_) | Shows::PodCidr(_)) && !thing.across_nodes()
        });
    keeps_rows(stage) || named
}

/// Whether the step's event keeps rows of a node's box.
fn keeps_rows(stage: &Stage) -> bool {
    stage.touched.as_ref().is_some_and(|t| {
        t.node
            .as_deref()
            .and_then(|node| stage.nodes.iter().flatten().find(|n| n.name == node))
            .is_some_and(|node| Keep::of(Some(t), node) != Keep::default())
    })
}

/// `stage` as at a step that keeps `node`'s addresses and conflist (host-local's strip and files).
fn keeping_addresses(stage: &Stage, node: &str) -> Stage {
    Stage {
        touched: Some(Touched {
            node: Some(node.to_string()),
            ip_file: Some(String::new()),
            conflist: true,
            ..Touched::default()
        }),
        ..stage.clone()
    }
}
