//! A text of a lesson in the languages its file gives: English always, Chinese and Japanese where
//! the author wrote them. A language the lesson lacks is shown in English, and so is a stale
//! translation: one written for an English that has changed since ([`fingerprint`]).

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
    /// For the Chinese and the Japanese, the [`fingerprint`] of the English each was written for,
    /// where it is known (a file's `<!-- zh 1a2b3c4d -->`); a translation whose English has another
    /// fingerprint now is stale.
    #[serde(default)]
    pub of: [Option<u32>; 2],
}

/// The fingerprint of an English text: FNV-1a (32 bits) of its words joined by single spaces, so a
/// text reflowed over other lines keeps it. A translation records it for the English it translates.
pub fn fingerprint(en: &str) -> u32 {
    let mut hash = 0x811c_9dc5_u32;
    for (n, word) in en.split_whitespace().enumerate() {
        let space = (n > 0).then_some(b' ');
        for byte in space.into_iter().chain(word.bytes()) {
            hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
    }
    hash
}

/// Where a translation into `lang` is among [`LessonText::of`] (`None` for English).
fn slot(lang: Lang) -> Option<usize> {
    match lang {
        Lang::En => None,
        Lang::Zh => Some(0),
        Lang::Ja => Some(1),
    }
}

impl LessonText {
    /// A text in English alone.
    pub fn english(en: impl Into<String>) -> LessonText {
        LessonText {
            en: en.into(),
            zh: None,
            ja: None,
            of: [None; 2],
        }
    }

    /// The text as the file writes it in `lang`, if it does, as a translation of its English as it
    /// is now (a stale one is not).
    pub fn written(&self, lang: Lang) -> Option<&str> {
        self.translation(lang).filter(|_| !self.stale(lang))
    }

    /// The text as the file writes it in `lang`, stale or not.
    pub fn translation(&self, lang: Lang) -> Option<&str> {
        match lang {
            Lang::En => Some(&self.en),
            Lang::Zh => self.zh.as_deref(),
            Lang::Ja => self.ja.as_deref(),
        }
    }

    /// Whether the translation into `lang` was written for another English than the text's now.
    pub fn stale(&self, lang: Lang) -> bool {
        let of = slot(lang).and_then(|at| self.of[at]);
        of.is_some_and(|of| of != fingerprint(&self.en)) && self.translation(lang).is_some()
    }

    /// The fingerprint of the English the translation into `lang` was written for, if known.
    pub fn written_for(&self, lang: Lang) -> Option<u32> {
        slot(lang).and_then(|at| self.of[at])
    }

    /// Record that the translation into `lang` was written for the English with fingerprint `of`.
    pub fn set_written_for(&mut self, lang: Lang, of: Option<u32>) {
        if let Some(at) = slot(lang) {
            self.of[at] = of;
        }
    }

    /// Change the English to `en`: a translation not known to be written for another English is
    /// taken as written for the one it had until now, so it is stale once `en` says otherwise.
    pub fn set_english(&mut self, en: String) {
        let before = fingerprint(&self.en);
        for lang in [Lang::Zh, Lang::Ja] {
            if self.translation(lang).is_some() && self.written_for(lang).is_none() {
                self.set_written_for(lang, Some(before));
            }
        }
        self.en = en;
    }

    /// Write the translation into `lang` (a blank one is none), as a translation of the English as
    /// it is now.
    pub fn translate(&mut self, lang: Lang, text: String) {
        let of = (!text.trim().is_empty()).then(|| fingerprint(&self.en));
        if let Some(translation) = self.translation_mut(lang) {
            *translation = of.map(|_| text);
        }
        self.set_written_for(lang, of);
    }

    /// Say the translation into `lang` still says what the English does now (it is not stale).
    pub fn confirm(&mut self, lang: Lang) {
        if self.translation(lang).is_some() {
            self.set_written_for(lang, Some(fingerprint(&self.en)));
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
