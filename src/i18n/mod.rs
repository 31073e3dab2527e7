//! The words of the interface in English, Simplified Chinese and Japanese — the three languages the
//! source articles this tool teaches from were written in.
//!
//! Every text is a [`Text`] holding all three languages side by side, so a missing translation is a
//! compile error, and the tests (`tests/i18n.rs`) check what the compiler cannot: no text is empty,
//! every `{0}`-style placeholder of the English appears in the others, and the Kubernetes terms, flags,
//! file names and commands of the English (`--cluster-cidr`, `last_reserved_ip.0`, `CIDRNotAvailable`)
//! stay in their original form in every language, as the real tools print them.
//!
//! * [`ui`] — labels, buttons, headings and messages of the page;
//! * [`narration`] — the explanation of each event reason;
//! * the guided tours' words live with their tours, in [`crate::tours`].
//!
//! Pure data: no browser, so the tests run natively too. In the browser only the English is compiled
//! in (see [`Text::new`]): the Chinese and Japanese come from the JSON catalogs in `static/i18n/`,
//! which the page fetches and installs in `catalog` (wasm only) before it shows their language.

#[cfg(target_arch = "wasm32")]
pub mod catalog;
pub mod narration;
mod narration_calico;
pub mod ui;

use serde::Serialize;

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
    /// Japanese.
    Ja,
}

impl Lang {
    /// Every language, in the switcher's order.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Zh, Lang::Ja];

    /// The BCP 47 tag (`lang` attribute, `?lang=` parameter).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
            Lang::Ja => "ja",
        }
    }

    /// The language's own name, for the switcher.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "简体中文",
            Lang::Ja => "日本語",
        }
    }

    /// The language of a BCP 47 tag such as `?lang=` or one of `navigator.languages`: `en*`, `zh*`
    /// (Simplified is what we have; a Traditional reader gets it rather than English) and `ja*`.
    ///
    /// # Examples
    /// ```
    /// use podip::i18n::Lang;
    /// assert_eq!(Lang::from_tag("ja-JP"), Some(Lang::Ja));
    /// assert_eq!(Lang::from_tag("zh-Hans"), Some(Lang::Zh));
    /// assert_eq!(Lang::from_tag("EN"), Some(Lang::En));
    /// assert_eq!(Lang::from_tag("fr"), None);
    /// ```
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            "ja" => Some(Lang::Ja),
            _ => None,
        }
    }

    /// The first supported language of the browser's preferences, English when none is.
    pub fn negotiate<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        preferred
            .into_iter()
            .find_map(Lang::from_tag)
            .unwrap_or_default()
    }
}

/// One text in every language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Text {
    /// English.
    pub en: &'static str,
    /// Simplified Chinese.
    #[cfg(not(target_arch = "wasm32"))]
    pub zh: &'static str,
    /// Japanese.
    #[cfg(not(target_arch = "wasm32"))]
    pub ja: &'static str,
}

impl Text {
    /// A text in the three languages. The wasm keeps only the English: the Chinese and Japanese were
    /// 12 KB of its compressed first load, for a reader who sees one language; the page loads them
    /// from `static/i18n/` (made from these sources by `tests/i18n.rs`) into `catalog` when needed.
    pub const fn new(en: &'static str, zh: &'static str, ja: &'static str) -> Text {
        #[cfg(target_arch = "wasm32")]
        {
            let _ = (zh, ja);
            Text { en }
        }
        #[cfg(not(target_arch = "wasm32"))]
        Text { en, zh, ja }
    }

    /// The text in `lang`.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn get(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Zh => self.zh,
            Lang::Ja => self.ja,
        }
    }

    /// The text in `lang`: its catalog's translation, the English until the catalog is installed.
    #[cfg(target_arch = "wasm32")]
    pub fn get(&self, lang: Lang) -> &'static str {
        catalog::translate(lang, self.en)
    }

    /// The text in `lang` with `{0}`, `{1}`, … replaced by `args` (word order differs between the
    /// languages, so arguments are numbered, not positional).
    ///
    /// # Examples
    /// ```
    /// use podip::i18n::{Lang, Text};
    /// let more = Text::new("… and {0} more {1}", "……还有 {0} 个 {1}", "……ほか {0} 件の {1}");
    /// assert_eq!(more.fill(Lang::En, &["3", "pods"]), "… and 3 more pods");
    /// // In the wasm, the Japanese comes from the catalog the page loads.
    /// #[cfg(not(target_arch = "wasm32"))]
    /// assert_eq!(more.fill(Lang::Ja, &["3", "Pod"]), "……ほか 3 件の Pod");
    /// ```
    pub fn fill(&self, lang: Lang, args: &[&str]) -> String {
        let mut out = String::new();
        let mut rest = self.get(lang);
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}').and_then(|close| {
                let index: usize = after[..close].parse().ok()?;
                Some((close, args.get(index)?))
            }) {
                Some((close, arg)) => {
                    out.push_str(arg);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// This text for a count of `n`, or `one` when `n` is 1: English says "1 more pod", not "1 more
    /// pods" (in Chinese and Japanese the two texts are the same).
    pub fn for_count(&self, one: Text, n: usize) -> Text {
        if n == 1 {
            one
        } else {
            *self
        }
    }

    /// [`Text::for_count`] with the count `n` as `{0}`.
    pub fn counted(&self, one: Text, lang: Lang, n: usize) -> String {
        self.for_count(one, n).fill(lang, &[&n.to_string()])
    }
}

/// A [`Text`], written with its languages named: `text! { en: "…", zh: "…", ja: "…" }`.
macro_rules! text {
    { en: $en:expr, zh: $zh:expr, ja: $ja:expr $(,)? } => {
        $crate::i18n::Text::new($en, $zh, $ja)
    };
}
pub(crate) use text;

/// Declares texts as constants and lists them all (with their names) for the tests.
macro_rules! texts {
    ($($(#[$doc:meta])* $name:ident => { en: $en:expr, zh: $zh:expr, ja: $ja:expr $(,)? },)*) => {
        $($(#[$doc])* pub const $name: $crate::i18n::Text = $crate::i18n::Text::new($en, $zh, $ja);)*
        /// Every text of this module with its name, for the completeness tests.
        pub const ALL: &[(&str, $crate::i18n::Text)] = &[$((stringify!($name), $name),)*];
    };
}
pub(crate) use texts;
