//! A figure's picture, steady from step to step: a reveal.js slide's fragments step a figure in place,
//! so what it draws must not jump between two of them. The node in front keeps its IP files and its
//! conflist at every level of detail (what a tour's steps name), whatever the step is about; the
//! level is chosen for the room alone; and every box is drawn as tall as the picture reserves, with
//! room for two rows of files, so a box's frame holds still while its contents change.

use super::rows::CHIP_ROWS;
use super::{flow_chips, Layout, Level, BARE_GAP, CHIP_ROW_H, INSET, PAD};
use crate::playback::stage::Stage;
use crate::sim::Touched;

impl Layout {
    /// The stage `stage` laid out steady (this module's rule) `measured` units wide, at most
    /// `max_height` tall if it can be: every level at the width, then the front node alone, then
    /// without kube-controller-manager's strips.
    pub(in crate::ui::stage) fn steady(
        stage: &Stage,
        measured: f64,
        focus: Option<&str>,
        max_height: Option<f64>,
    ) -> Layout {
        let width = measured.clamp(super::MIN_W, super::MAX_W);
        let front = focus
            .or(stage.focus.as_deref())
            .or_else(|| stage.touched.as_ref().and_then(|t| t.node.as_deref()));
        // Laid out as if every step touched the front node's files and conflist: the same rows at each.
        let kept = Stage {
            touched: front.map(|node| Touched {
                node: Some(node.to_string()),
                ip_file: Some(String::new()),
                conflist: true,
                ..Touched::default()
            }),
            ..stage.clone()
        };
        let fits = |layout: &Layout| max_height.is_none_or(|max| layout.height <= max);
        let levels = [Level::Full, Level::Compact, Level::Minimal, Level::Bare];
        let mut layout = None;
        'room: for one_node in [false, true] {
            for level in levels {
                let tried = Layout::at(&kept, width, one_node, focus, level).held(&kept, front);
                let done = fits(&tried);
                layout = Some(tried);
                if done {
                    break 'room;
                }
            }
        }
        let mut layout = layout.expect("four levels were tried");
        if !fits(&layout) {
            // The front node's story before the cidrset's, which its steps are not about then.
            let lift = layout.nodes_y - BARE_GAP;
            layout.strips.clear();
            layout.strip_h = 0.0;
            layout.nodes_y -= lift;
            layout.height -= lift;
        }
        layout
    }

    /// Every box as tall as the tallest the run reserves, the front node's with two rows of files.
    fn held(mut self, stage: &Stage, front: Option<&str>) -> Layout {
        let drawn_h = |b: &super::BoxPlace| {
            let node = b
                .slot
                .and_then(|slot| stage.nodes.get(slot).and_then(Option::as_ref))
                .or_else(|| {
                    stage
                        .nodes
                        .iter()
                        .flatten()
                        .find(|n| Some(&*n.name) == front)
                });
            let files_room = match (node, &b.rows) {
                (Some(node), Some(rows)) if rows.files_y.is_some() => {
                    let used = flow_chips(&node.files, b.w - 2.0 * INSET)
                        .last()
                        .map_or(0, |c| c.1 + 1);
                    CHIP_ROWS.saturating_sub(used) as f64 * CHIP_ROW_H
                }
                _ => 0.0,
            };
            b.h + files_room
        };
        let tallest = self
            .boxes
            .iter()
            .map(drawn_h)
            .fold(self.height - self.nodes_y - PAD, f64::max);
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
