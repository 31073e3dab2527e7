//! The Chinese and Japanese texts in the browser, installed from the JSON catalogs of `static/i18n/`
//! (one per language, English text → translation; `tests/i18n.rs` writes them from the sources and
//! checks they are current). Keyed by the English, a text the catalog lacks (a page newer than its
//! cached catalog) is shown in English rather than as another text's words.

use super::Lang;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// English text → translation.
pub type Catalog = BTreeMap<String, String>;

static ZH: OnceLock<Catalog> = OnceLock::new();
static JA: OnceLock<Catalog> = OnceLock::new();

/// Where `lang`'s catalog goes; English has none.
fn slot(lang: Lang) -> Option<&'static OnceLock<Catalog>> {
    match lang {
        Lang::En => None,
        Lang::Zh => Some(&ZH),
        Lang::Ja => Some(&JA),
    }
}

/// Whether `lang`'s texts can be shown: English always, the others once installed.
pub fn is_installed(lang: Lang) -> bool {
    slot(lang).is_none_or(|slot| slot.get().is_some())
}

/// Install `lang`'s catalog (the first one installed stays).
pub fn install(lang: Lang, catalog: Catalog) {
    if let Some(slot) = slot(lang) {
        let _ = slot.set(catalog);
    }
}

/// The text whose English is `en`, in `lang`.
pub(super) fn translate(lang: Lang, en: &'static str) -> &'static str {
    lookup(lang, en).unwrap_or(en)
}

/// The translation into `lang` of the text whose English is `en`, if the catalog holds it.
pub fn lookup(lang: Lang, en: &str) -> Option<&'static str> {
    slot(lang)
        .and_then(OnceLock::get)
        .and_then(|catalog| catalog.get(en))
        .map(String::as_str)
}
