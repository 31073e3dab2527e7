//! Loading a language's texts: the wasm holds only the English (see [`crate::i18n::Text::new`]), so
//! the page fetches `i18n/<tag>.json` (copied from `static/i18n/` by Trunk) before it shows Chinese
//! or Japanese. The path is relative, so a build served from a sub-path finds its own.

#[cfg(target_arch = "wasm32")]
use crate::i18n::catalog::{self, Catalog};
use crate::i18n::Lang;
#[cfg(target_arch = "wasm32")]
use crate::ipam::goip::GoQuoted;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::JsCast;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_futures::JsFuture;
#[cfg(target_arch = "wasm32")]
use web_sys::Response;

/// Make `lang`'s texts available; on failure, why, to show with the page in English.
pub async fn load(lang: Lang) -> Result<(), String> {
    load_from("", lang).await
}

/// Natively (the build-time rendering) every language is compiled in.
#[cfg(not(target_arch = "wasm32"))]
pub async fn load_from(_base: &str, _lang: Lang) -> Result<(), String> {
    Ok(())
}

/// [`load`] from the app at `base` (empty: the page's own folder; a figure's script gives its own).
#[cfg(target_arch = "wasm32")]
pub async fn load_from(base: &str, lang: Lang) -> Result<(), String> {
    if catalog::is_installed(lang) {
        return Ok(());
    }
    let url = format!("{base}i18n/{}.json", lang.tag());
    let fetched = match web_sys::window() {
        Some(window) => JsFuture::from(window.fetch_with_str(&url)).await.ok(),
        None => None,
    };
    let Some(response) = fetched.map(JsCast::unchecked_into::<Response>) else {
        return Err(format!("{url} could not be fetched"));
    };
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let json = match response.text() {
        Ok(text) => JsFuture::from(text).await.ok().and_then(|t| t.as_string()),
        Err(_) => None,
    };
    let json = json.ok_or_else(|| format!("{url} could not be read"))?;
    catalog::install(
        lang,
        parse_catalog(&json).map_err(|err| format!("{url}: {err}"))?,
    );
    Ok(())
}

/// A catalog file's JSON object of strings, read with the browser's `JSON.parse`: the wasm carries no
/// JSON decoder of its own (see [`crate::ipam::hostlocal::NetConf`]).
#[cfg(target_arch = "wasm32")]
pub fn parse_catalog(json: &str) -> Result<Catalog, String> {
    let value = js_sys::JSON::parse(json).map_err(|err| {
        err.dyn_into::<js_sys::Error>().map_or_else(
            |_| "not JSON".to_string(),
            |err| String::from(err.message()),
        )
    })?;
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err("not a JSON object".to_string());
    }
    // Inserted one by one: collecting a map sorts first, and that sort is compiled per iterator type.
    let mut catalog = Catalog::new();
    for entry in js_sys::Object::entries(value.unchecked_ref()).iter() {
        let entry: js_sys::Array = entry.unchecked_into();
        // Object keys are always strings; a value may be anything.
        let key = entry.get(0).as_string().unwrap_or_default();
        let Some(text) = entry.get(1).as_string() else {
            return Err(format!("the text of {} is not a string", GoQuoted(&key)));
        };
        catalog.insert(key, text);
    }
    Ok(catalog)
}

/// Why `lang`'s texts are missing, in English: the one language the page always has.
pub fn unavailable(lang: Lang, reason: &str) -> String {
    format!(
        "The {} texts could not be loaded ({reason}).",
        lang.native_name()
    )
}
