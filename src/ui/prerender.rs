//! The default view rendered to HTML at build time with Yew's server-side rendering: the same
//! components the browser runs, so the page painted first is the page the app then draws over it. The
//! default view is the one a link without a query opens in English: the kind tour before its first step.

use super::opened::Opened;
use super::page::{App, AppProps};

/// Where the page's markup goes in `index.html`, as written and as Trunk's release build minifies it.
pub const MOUNT: &str = r#"<div id="podip"></div>"#;
const MOUNT_MINIFIED: &str = "<div id=podip></div>";

/// The default view's markup (without hydration markers: the app draws over it).
pub fn render_default_view() -> String {
    let renderer = yew::ServerRenderer::<App>::with_props(|| AppProps {
        opened: Some(Opened::default_view()),
    })
    .hydratable(false);
    futures::executor::block_on(renderer.render())
}

/// `page` with `rendered` inside its mount point; `None` if it has none.
pub fn insert(page: &str, rendered: &str) -> Option<String> {
    let (at, mount) = [MOUNT, MOUNT_MINIFIED]
        .into_iter()
        .find_map(|mount| Some((page.find(mount)?, mount)))?;
    let inside = at + mount.len() - "</div>".len();
    Some(format!("{}{rendered}{}", &page[..inside], &page[inside..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_view_holds_the_first_narration_and_the_stage() {
        let html = render_default_view();
        assert!(html.contains(r#"data-testid="narration""#), "{html}");
        assert!(html.contains(r#"data-testid="stage""#));
        assert!(html.contains("kube-controller-manager"));
        let page = insert("<body><div id=\"podip\"></div></body>", &html).expect("a mount point");
        assert!(page.starts_with("<body><div id=\"podip\">") && page.ends_with("</div></body>"));
        assert_eq!(insert("<body></body>", &html), None);
        let minified = insert("<body><div id=podip></div></body>", "x").expect("minified");
        assert_eq!(minified, "<body><div id=podip>x</div></body>");
    }
}
