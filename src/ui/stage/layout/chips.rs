//! What a node box shows as chips and one-line notes, fitted to its width: files and routes as chips
//! flowing in rows, and a pod's failure on its line.

use super::{fit, font, mono_width};

/// A row of chips; two rows at most; a chip's height, the gap between chips, and its padding beside
/// the name.
pub(crate) const CHIP_ROW_H: f64 = 20.0;
pub(crate) const CHIP_ROWS: usize = 2;
pub(crate) const CHIP_H: f64 = 16.0;
const CHIP_GAP: f64 = 6.0;
const CHIP_PADDING: f64 = 12.0;

/// `files` as chips flowing left to right in `w`, as wide as their names, wrapping at the edge: each
/// one's left (from the row's start), row and width, as many as fit in [`CHIP_ROWS`].
pub(crate) fn flow_chips(files: &[String], w: f64) -> Vec<(f64, usize, f64)> {
    let (mut x, mut row) = (0.0, 0);
    files
        .iter()
        .map(|file| {
            let chip_w = mono_width(file, font::SMALL) + CHIP_PADDING;
            if x + chip_w > w && x > 0.0 {
                x = 0.0;
                row += 1;
            }
            let at = (x, row, chip_w);
            x += chip_w + CHIP_GAP;
            at
        })
        .take_while(|(x, row, chip_w)| *row < CHIP_ROWS && x + chip_w <= w)
        .collect()
}

/// kindnetd's routes' chips in a box `w` wide: `10.244.2.0/24 via 172.18.0.4` each, or only their
/// destinations when one would not fit whole.
pub(crate) fn route_chip_labels(routes: &[String], w: f64) -> Vec<String> {
    let whole = routes
        .iter()
        .all(|r| mono_width(r, font::SMALL) + CHIP_PADDING <= w);
    routes
        .iter()
        .map(|r| match (whole, r.strip_prefix("blackhole ")) {
            (true, _) => r.clone(),
            // BIRD's blackhole keeps its word: its destination is what follows.
            (false, Some(rest)) => format!("blackhole {}", rest.split(' ').next().unwrap_or(rest)),
            (false, None) => r.split_whitespace().next().unwrap_or(r).to_string(),
        })
        .collect()
}

/// A pod's failure on the line under the pods, `pod: Reason — message`; where the whole would be cut,
/// the Event's reason alone (what `kubectl describe pod` lists), so the reason is never cut.
pub(crate) fn failure_line(pod: &str, failure: &str, w: f64) -> String {
    let whole = format!("{pod}: {}", failure.replacen(' ', " — ", 1));
    if fit(&whole, w, font::SMALL) == whole {
        return whole;
    }
    let reason = failure.split_whitespace().next().unwrap_or(failure);
    fit(&format!("{pod}: {reason}"), w, font::SMALL)
}
