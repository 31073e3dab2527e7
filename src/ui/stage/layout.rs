//! The stage picture's sizes, in SVG units, that its parts place themselves by.

/// The picture's width in SVG units when wide, and when one node is shown at a time (phones).
pub(super) const WIDE: f64 = 1000.0;
pub(super) const NARROW: f64 = 440.0;
/// Heights of the cidrset strip and of a node box; the gap between parts and the picture's margin.
pub(super) const STRIP_H: f64 = 104.0;
pub(super) const NODE_H: f64 = 404.0;
pub(super) const GAP: f64 = 16.0;
pub(super) const PAD: f64 = 8.0;
/// The top of the node boxes (and the tiles).
pub(super) const NODES_Y: f64 = STRIP_H + GAP;
