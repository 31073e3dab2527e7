//! A figure's picture, steady from step to step: a reveal.js slide's fragments step a figure in place,
//! so what it draws must not jump between two of them. Every node keeps the same rows at every step —
//! its IP files, its conflist and the band's line with a pod's route (what a tour's steps name), not
//! host-local's strip, which the files say too — the level is chosen for the room alone, and every box
//! is drawn as tall as the picture reserves, with room for two rows of files, so a box's frame holds
//! still while its contents change.

use super::rows::reserved_keeping;
use super::{chain_rows, BoxPlace, ChainRows, Keep, Layout, Level, NodeRows, PAD};
use crate::playback::stage::Stage;

/// What every node of a figure keeps at every level.
const KEEP: Keep = Keep {
    conflist: true,
    addresses: false,
    routes: false,
    pod_route: true,
    files: true,
};

/// kindnetd's widest route to another node, as its chip says it.
const ROUTE_CHIP: &str = "10.244.255.0/24 via 172.18.255.255";

/// What it keeps in the least room.
const LEAST: Keep = Keep {
    conflist: false,
    ..KEEP
};

impl Layout {
    /// The stage `stage` laid out steady (this module's rule) `measured` units wide, at most
    /// `max_height` tall if it can be: every level at the width, then the front node alone, then
    /// without kube-controller-manager's strips, then without the conflist's line.
    pub(in crate::ui::stage) fn steady(
        stage: &Stage,
        measured: f64,
        focus: Option<&str>,
        max_height: Option<f64>,
    ) -> Layout {
        let width = measured.clamp(super::MIN_W, super::MAX_W);
        // Laid out as if no step touched anything: the step's own keeps would change rows between steps.
        let untouched = Stage {
            touched: None,
            packet: None,
            ..stage.clone()
        };
        let fits = |layout: &Layout| max_height.is_none_or(|max| layout.height <= max);
        let levels = [Level::Full, Level::Compact, Level::Minimal, Level::Bare];
        let tried = |one_node, level, keep| {
            Layout::at(&untouched, width, one_node, focus, level, false, None)
                .held(stage, level, keep)
        };
        let ladder = [false, true]
            .into_iter()
            .flat_map(|one_node| levels.map(|level| (one_node, level)));
        for (one_node, level) in ladder {
            let layout = tried(one_node, level, KEEP);
            if fits(&layout) {
                return layout;
            }
        }
        // The nodes' story before the cidrset's, and the files before the conflist.
        let mut layout = tried(true, Level::Bare, KEEP).without_strips();
        if !fits(&layout) {
            layout = tried(true, Level::Bare, LEAST).without_strips();
        }
        layout
    }

    /// Each box's rows as `keep` has them at `level`, and every box as tall as the tallest the run
    /// reserves.
    fn held(mut self, stage: &Stage, level: Level, keep: Keep) -> Layout {
        let front = stage.focus.as_deref();
        let node_of = |b: &BoxPlace| {
            b.slot
                .and_then(|slot| stage.nodes.get(slot).and_then(Option::as_ref))
                .or_else(|| {
                    let present = || stage.nodes.iter().flatten();
                    present()
                        .find(|n| Some(&*n.name) == front)
                        .or_else(|| present().next())
                })
        };
        let mut tallest = self.height - self.nodes_y - PAD;
        let one_node = self.one_node;
        for b in &mut self.boxes {
            // A box beside others reserves its slot's run; one alone, the busiest slot's.
            let weights = match (b.slot, one_node) {
                (Some(slot), false) => &stage.weights[slot..=slot],
                _ => &stage.weights[..],
            };
            let pods = weights.iter().map(|w| w.saturating_sub(3)).max();
            let pods = pods.unwrap_or(0) as usize;
            let Some(node) = node_of(b).filter(|_| b.rows.is_some()) else {
                continue;
            };
            let chain = chain_rows(stage, node);
            // The band's label line from the first step, before a host veth carries the gateway.
            let chain = ChainRows {
                veth_address: !chain.bridged,
                ..chain
            };
            // At its busiest a ptp node routes to every other node, a route per family; a bridge
            // holds a neighbour entry that outlived its pod.
            let busiest = ChainRows {
                neighbours: chain.bridged,
                node_routes: match chain.bridged {
                    true => Vec::new(),
                    false => vec![
                        ROUTE_CHIP.to_string();
                        stage.nodes.len().saturating_sub(1) * stage.kcm.len().max(1)
                    ],
                },
                ..chain.clone()
            };
            let busiest = reserved_keeping(stage, pods, b.w, level, keep, busiest);
            let rows = NodeRows::of(node, b.w, level, keep, chain);
            tallest = tallest.max(busiest);
            tallest = tallest.max(rows.height);
            b.rows = Some(rows);
        }
        for b in &mut self.boxes {
            b.h = tallest;
            if let Some(rows) = &mut b.rows {
                rows.height = tallest;
            }
        }
        self.height = self.nodes_y + tallest + PAD;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tours::TourId;
    use crate::ui::stage::layout::tests::stage_at_step;

    /// The front node, the picture's height and each box's width and height.
    type Picture = (Option<String>, f64, Vec<(f64, f64)>);

    /// reveal.js scales its default 960 × 700 slide to a 1024 × 768 window less 4 %: 1.024. A slide's
    /// figure is laid out so its 11-unit labels are 14 px there; a slide shown larger is not zoomed.
    #[test]
    fn a_slides_smallest_label_is_14_px_on_a_projector() {
        let scale = 0.96 * (1024.0_f64 / 960.0).min(768.0 / 700.0);
        let zoom = super::super::slide_zoom(scale);
        assert!(
            (super::super::font::SMALL * zoom * scale - 14.0).abs() < 1e-9,
            "{zoom}"
        );
        assert_eq!(super::super::slide_zoom(2.0), 1.0);
        assert_eq!(super::super::slide_zoom(f64::NAN), 1.0);
        assert_eq!(super::super::slide_zoom(0.0), 1.0);
    }

    /// A figure in a slide on a 1024 × 768 projector gives its stage about 761 × 276 units, one 14 px
    /// label per 11 units; a page, 1000 wide and as tall as it needs: at each, the steps of a tour
    /// about one node (once every node has joined) draw the same boxes in a picture of the same height,
    /// the files among each box's rows.
    #[test]
    fn a_figures_picture_holds_still_from_step_to_step_with_the_files_drawn() {
        for (width, max) in [(761.0, Some(276.0)), (1000.0, None), (761.0, Some(420.0))] {
            for tour in [
                TourId::from_name("kind"),
                TourId::from_name("kubeadm-flannel"),
            ] {
                let tour = tour.expect("a built-in tour");
                let mut seen: Option<Picture> = None;
                let mut compared = 0;
                for step in 0..tour.tour().steps.len() {
                    let stage = stage_at_step(tour.name(), step);
                    let layout = Layout::steady(&stage, width, stage.focus.as_deref(), max);
                    let at = format!("{} step {} at {width}", tour.name(), step + 1);
                    assert!(
                        max.is_none_or(|max| layout.height <= max),
                        "{at}: {}",
                        layout.height
                    );
                    let boxes: Vec<(f64, f64)> = layout.boxes.iter().map(|b| (b.w, b.h)).collect();
                    for b in layout.boxes.iter().filter_map(|b| b.rows.as_ref()) {
                        assert!(b.files_y.is_some(), "{at}: the files dropped");
                    }
                    if !stage.nodes.iter().all(Option::is_some) {
                        continue;
                    }
                    let now = (stage.focus.clone(), layout.height, boxes);
                    match &seen {
                        Some(last) if last.0 == now.0 => {
                            assert_eq!(last, &now, "{at}");
                            compared += 1;
                        }
                        _ => seen = Some(now),
                    }
                }
                assert!(compared >= 4, "{}: {compared} steps compared", tour.name());
            }
        }
    }
}
