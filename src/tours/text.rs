//! A text of a lesson in the languages its file gives: English always, Chinese and Japanese where
//! the author wrote them. A language the lesson lacks is shown in English.

use crate::i18n::Lang;

/// One text of a lesson (its title, introduction, a step's words, a question, a choice, a why).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LessonText {
    /// English: every text has it.
    pub en: String,
    /// Simplified Chinese, if written.
    pub zh: Option<String>,
    /// Japanese, if written.
    pub ja: Option<String>,
}

impl LessonText {
    /// A text in English alone.
    pub fn english(en: impl Into<String>) -> LessonText {
        LessonText {
            en: en.into(),
            zh: None,
            ja: None,
        }
    }

    /// The text as the file writes it in `lang`, if it does.
    pub fn written(&self, lang: Lang) -> Option<&str> {
        match lang {
            Lang::En => Some(&self.en),
            Lang::Zh => self.zh.as_deref(),
            Lang::Ja => self.ja.as_deref(),
        }
    }

    /// Where the translation into `lang` goes (`None` for English, which is not a translation).
    pub fn translation_mut(&mut self, lang: Lang) -> Option<&mut Option<String>> {
        match lang {
            Lang::En => None,
            Lang::Zh => Some(&mut self.zh),
            Lang::Ja => Some(&mut self.ja),
        }
    }

    /// The text in `lang`: as written, else (in the browser, where a built-in lesson carries only
    /// its English) the page's catalog's translation, else the English.
    pub fn get(&self, lang: Lang) -> &str {
        self.written(lang)
            .or_else(|| catalog(lang, &self.en))
            .unwrap_or(&self.en)
    }

    /// Whether the text can be shown in `lang` other than as its English.
    pub fn has(&self, lang: Lang) -> bool {
        self.written(lang).is_some() || catalog(lang, &self.en).is_some()
    }
}

/// The catalog's translation of `en` (the wasm's; natively the file holds every language).
#[cfg(target_arch = "wasm32")]
fn catalog(lang: Lang, en: &str) -> Option<&'static str> {
    crate::i18n::catalog::lookup(lang, en)
}

/// The catalog's translation of `en` (the wasm's; natively the file holds every language).
#[cfg(not(target_arch = "wasm32"))]
fn catalog(_: Lang, _: &str) -> Option<&'static str> {
    None
}
