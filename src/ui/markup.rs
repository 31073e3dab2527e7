//! Markup helpers shared by the components.

use crate::i18n::{Lang, Text};
use yew::prelude::*;

/// Text with numbered placeholders filled by markup (`This is {0} in {1}` with a link in `{1}`).
pub fn fill_html(text: Text, lang: Lang, parts: Vec<Html>) -> Html {
    let mut out = Vec::new();
    let mut rest = text.get(lang);
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some((close, index)) = after
            .find('}')
            .and_then(|close| Some((close, after[..close].parse::<usize>().ok()?)))
        else {
            break;
        };
        out.push(html! { { &rest[..open] } });
        out.push(parts.get(index).cloned().unwrap_or_default());
        rest = &after[close + 1..];
    }
    out.push(html! { { rest } });
    out.into_iter().collect()
}
