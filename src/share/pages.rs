//! The pages a view has a path of its own: each language and each built-in tour's first screen are
//! rendered at build time (`ja/`, `tour/kind/`, `ja/tour/kind/`), so a link carries its language and
//! tour in its path, and the rest of the view in its query.

use super::Link;
use crate::i18n::Lang;

/// The path of a page below the app's root: `zh/` or `ja/` for the language (none for English), then
/// `tour/<name>/` for a tour.
///
/// # Examples
/// ```
/// use podip::i18n::Lang;
/// use podip::share::pages::page_path;
/// assert_eq!(page_path(Some(Lang::Ja), Some("kind")), "ja/tour/kind/");
/// assert_eq!(page_path(Some(Lang::En), None), "");
/// assert_eq!(page_path(None, Some("reboot-leak")), "tour/reboot-leak/");
/// ```
pub fn page_path(lang: Option<Lang>, tour: Option<&str>) -> String {
    let lang = match lang {
        Some(Lang::Zh) => "zh/",
        Some(Lang::Ja) => "ja/",
        Some(Lang::En) | None => "",
    };
    let tour = tour.map(|name| format!("tour/{name}/")).unwrap_or_default();
    format!("{lang}{tour}")
}

/// The path of the article "Where does a Pod's IP come from?" in `lang` below the app's root.
///
/// ```
/// use podip::i18n::Lang;
/// use podip::share::pages::article_path;
/// assert_eq!(article_path(Lang::En), "read/");
/// assert_eq!(article_path(Lang::Ja), "ja/read/");
/// ```
pub fn article_path(lang: Lang) -> String {
    format!("{}read/", page_path(Some(lang), None))
}

/// The language and tour a page's path below the app's root says; what is not a page's path says
/// neither (the app then opens as at its root).
///
/// # Examples
/// ```
/// use podip::i18n::Lang;
/// use podip::share::pages::read_page_path;
/// assert_eq!(read_page_path("ja/tour/kind/"), (Some(Lang::Ja), Some("kind".to_string())));
/// assert_eq!(read_page_path("tour/why-round-robin/index.html"), (None, Some("why-round-robin".to_string())));
/// assert_eq!(read_page_path("zh/"), (Some(Lang::Zh), None));
/// assert_eq!(read_page_path("index.html"), (None, None));
/// assert_eq!(read_page_path("tour/<script>/"), (None, None));
/// ```
pub fn read_page_path(path: &str) -> (Option<Lang>, Option<String>) {
    let parts: Vec<&str> = path
        .trim_end_matches("index.html")
        .split('/')
        .filter(|p| !p.is_empty())
        .collect();
    let (lang, rest) = match parts.split_first() {
        Some((&"zh", rest)) => (Some(Lang::Zh), rest),
        Some((&"ja", rest)) => (Some(Lang::Ja), rest),
        _ => (None, &parts[..]),
    };
    let name_ok = |name: &str| {
        !name.is_empty()
            && name.len() <= 40
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    match rest {
        [] => (lang, None),
        ["tour", name] if name_ok(name) => (lang, Some(name.to_string())),
        _ => (None, None),
    }
}

impl Link {
    /// The link as a page's path and the query of what the path does not say: the language (but
    /// English, which has no prefix) and, for a view of a built-in tour's own scenario, the tour.
    pub fn split_page(&self) -> (String, Link) {
        let tour = self.tour.as_deref().filter(|_| self.scenario.is_none());
        let path = page_path(self.lang, tour);
        let rest = Link {
            lang: None,
            tour: if tour.is_some() {
                None
            } else {
                self.tour.clone()
            },
            ..self.clone()
        };
        (path, rest)
    }

    /// What the page's path says, under what the query says: the query's language and tour win.
    pub fn on_page(mut self, path: &str) -> Link {
        let (lang, tour) = read_page_path(path);
        self.lang = self.lang.or(lang);
        if self.tour.is_none() && self.scenario.is_none() {
            self.tour = tour;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_split_into_its_page_and_query_reads_back_the_same() {
        let (link, _) = Link::parse("?tour=kind&lang=ja&step=3&theme=dark");
        let (path, rest) = link.split_page();
        assert_eq!(path, "ja/tour/kind/");
        assert_eq!(rest.to_query(), "?step=3&theme=dark");
        let (read, problems) = Link::parse(&rest.to_query());
        assert!(problems.is_empty());
        assert_eq!(read.on_page(&path), link);
    }

    #[test]
    fn english_has_no_prefix_and_a_scenario_of_ones_own_keeps_its_query() {
        let (link, _) = Link::parse("?tour=kind&lang=en");
        assert_eq!(link.split_page().0, "tour/kind/");
        let (own, _) = Link::parse("?scenario=node%20add%20a&lang=zh");
        let (path, rest) = own.split_page();
        assert_eq!(path, "zh/");
        assert!(rest.to_query().starts_with("?scenario="));
    }
}
