//! The stage's SVG shapes in whole units, and text cut to a width.

use yew::prelude::*;

/// Owner colours (CSS classes `owner-N`), by a node's slot.
const OWNER_COLOURS: usize = 6;

/// A rectangle, in whole SVG units.
pub(super) fn rect(class: &'static str, x: f64, y: f64, w: f64, h: f64, rx: u8) -> Html {
    html! { <rect class={class} x={px(x)} y={px(y)} width={px(w)} height={px(h)} rx={rx.to_string()} /> }
}

/// A line of text; `anchor` is `start`, `middle` or `end`.
pub(super) fn text(
    class: &'static str,
    x: f64,
    y: f64,
    anchor: &'static str,
    content: String,
) -> Html {
    html! { <text class={class} x={px(x)} y={px(y)} text-anchor={anchor}>{ content }</text> }
}

/// A vertical cable from `y1` down to `y2`, its length 1 so CSS can draw and retract it.
pub(super) fn cable(class: &'static str, x: f64, y1: f64, y2: f64) -> Html {
    html! { <line class={class} x1={px(x)} y1={px(y1)} x2={px(x)} y2={px(y2)} pathLength="1" /> }
}

/// The colour class of a node's slot.
pub(super) fn owner(slot: usize) -> String {
    format!("owner-{}", slot % OWNER_COLOURS)
}

/// A coordinate in whole units: formatting floats would bring float printing into the wasm.
pub(super) fn px(v: f64) -> String {
    (v.round() as i64).to_string()
}

/// A text cut to the width of `chars` Latin characters with an ellipsis (the whole in its title). A
/// Chinese or Japanese character is as wide as two: counted as one, the Japanese label of the node's
/// namespace ran past its card.
pub(super) fn clip(text: &str, chars: f64) -> String {
    let max = chars.max(8.0) as usize;
    let width = |c: char| if is_wide(c) { 2 } else { 1 };
    if text.chars().map(width).sum::<usize>() <= max {
        return text.to_string();
    }
    // One place is the ellipsis's.
    let mut room = max - 1;
    let cut: String = text
        .chars()
        .take_while(|&c| {
            let fits = width(c) <= room;
            room = room.saturating_sub(width(c));
            fits
        })
        .collect();
    format!("{cut}…")
}

/// East Asian wide characters: hangul, CJK and its punctuation, kana, and the full-width forms.
pub(super) fn is_wide(c: char) -> bool {
    matches!(c, '\u{1100}'..='\u{115f}' | '\u{2e80}'..='\u{a4cf}' | '\u{ac00}'..='\u{d7a3}'
        | '\u{f900}'..='\u{faff}' | '\u{fe30}'..='\u{fe4f}' | '\u{ff00}'..='\u{ff60}' | '\u{ffe0}'..='\u{ffe6}')
}

#[cfg(test)]
mod tests {
    use super::clip;

    #[test]
    fn a_clipped_text_fits_its_width_in_latin_and_cjk_characters() {
        assert_eq!(
            clip("node network namespace", 30.0),
            "node network namespace"
        );
        assert_eq!(
            clip("node network namespace (host veth ends)", 12.0),
            "node networ…"
        );
        // 12 Latin widths: five CJK characters and the ellipsis.
        assert_eq!(clip("ノードのネットワーク名前空間", 12.0), "ノードのネ…");
        assert_eq!(clip("节点网络", 8.0), "节点网络");
    }
}
