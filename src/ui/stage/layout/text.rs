//! How wide a label is set, estimated without a browser, and a label cut to fit a width.

/// The estimated width of `text` set at `size` px: a Latin character at most 0.62 em (monospace is
/// 0.6), a Chinese or Japanese one a whole em.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| {
            if super::super::svg::is_wide(c) {
                1.0
            } else {
                0.62
            }
        })
        .sum::<f64>()
        * size
}

/// The width of `text` set in the monospace font at `size` px (addresses, names of files).
pub(crate) fn mono_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * MONO_EM * size
}

/// A monospace character's advance, in em (DejaVu Sans Mono, Menlo and Consolas all are 0.6).
const MONO_EM: f64 = 0.61;

/// `text` cut with an ellipsis to fit `width` at `size` px (the whole goes in a `<title>`).
pub(crate) fn fit(text: &str, width: f64, size: f64) -> String {
    super::super::svg::clip(text, width / (0.62 * size))
}

/// The first of `texts` (longest first) whole within `width` at `size` px, else the last one cut: a
/// label says less before it is cut.
pub(crate) fn fit_first(texts: &[&str], width: f64, size: f64) -> String {
    texts
        .iter()
        .find(|text| text_width(text, size) <= width)
        .map_or_else(
            || fit(texts.last().copied().unwrap_or(""), width, size),
            |text| text.to_string(),
        )
}

/// The estimated width of `text` set bold at `size` px (names: 0.69 em measured for `web-1`).
pub(crate) fn bold_width(text: &str, size: f64) -> f64 {
    text_width(text, size) * BOLD
}

/// `text` set bold cut to fit `width` at `size` px.
pub(crate) fn fit_bold(text: &str, width: f64, size: f64) -> String {
    fit(text, width / BOLD, size)
}

/// How much wider bold type is than the estimate of regular.
const BOLD: f64 = 1.12;

/// `text` in the monospace font cut to fit `width` at `size` px.
pub(crate) fn fit_mono(text: &str, width: f64, size: f64) -> String {
    super::super::svg::clip(text, width / (MONO_EM * size))
}

/// A link's name as `ip link` prints it (`vethab2667e3@if2`) fitted to `width`: whole, else without
/// its peer's `@ifN` (the device's own name, which `ip link show vethab2667e3` takes), else cut.
pub(crate) fn fit_link(name: &str, width: f64, size: f64) -> String {
    let fits = |text: &str| mono_width(text, size) <= width;
    match name.split_once('@') {
        _ if fits(name) => name.to_string(),
        Some((device, _)) if fits(device) => device.to_string(),
        _ => fit_mono(name, width, size),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_drops_its_peers_index_before_it_is_cut() {
        let size = 11.0;
        let whole = mono_width("vethab2667e3@if2", size);
        assert_eq!(
            fit_link("vethab2667e3@if2", whole, size),
            "vethab2667e3@if2"
        );
        let device = mono_width("vethab2667e3", size);
        assert_eq!(fit_link("vethab2667e3@if2", device, size), "vethab2667e3");
        assert!(fit_link("vethab2667e3@if2", device - 10.0, size).ends_with('…'));
    }

    #[test]
    fn a_label_says_less_before_it_is_cut() {
        let (long, short) = (
            "node network namespace (host veth ends)",
            "node network namespace",
        );
        let size = 12.0;
        let whole = text_width(long, size);
        assert_eq!(fit_first(&[long, short], whole, size), long);
        assert_eq!(fit_first(&[long, short], whole - 1.0, size), short);
        let cut = fit_first(&[long, short], text_width("node network", size), size);
        assert_eq!(cut, "node networ…");
    }
}
