//! A figure's lesson (`lesson="…"`, or written inside the element): fetched once per address and read
//! and checked once per text ([`Lessons`]), however many figures of the page show it — the figures
//! waiting for one address wait for one fetch, and then share one run.

use crate::playback::figure::Lessons;
use crate::share::figure::LessonFrom;
use crate::tours::Tour;
use std::cell::RefCell;
use yew::Callback;

/// A lesson read, or why it cannot be (its `line N: …` problems, one a line, or why it was not fetched).
pub type Read = Result<&'static Tour, String>;

thread_local! {
    /// The lessons of the page's figures, by text.
    static LESSONS: RefCell<Lessons> = RefCell::new(Lessons::default());
}

/// The lesson `from`, told to `done` once read (at once when it is written in the page, or was read
/// for another figure).
pub fn read(from: &LessonFrom, done: Callback<Read>) {
    match from {
        LessonFrom::Written(text) => done.emit(read_text("lesson", text.as_bytes())),
        LessonFrom::At(at) => fetched::read(at, done),
    }
}

/// The lesson `bytes` (named `name`), read and checked once per text.
fn read_text(name: &str, bytes: &[u8]) -> Read {
    let text = crate::tours::lesson::text_of(bytes).map_err(|problem| problem.to_string())?;
    LESSONS.with(|lessons| lessons.borrow_mut().read(name, text))
}

/// The bytes of the lesson at `at` (a path resolved against the page), or why they could not be
/// fetched, said plainly: a link's lesson (`?lesson=`).
pub async fn fetch(at: &str) -> Result<Vec<u8>, String> {
    fetched::fetch_at(at).await
}

#[cfg(not(target_arch = "wasm32"))]
mod fetched {
    use super::Read;
    use yew::Callback;

    /// Natively nothing is fetched.
    pub async fn fetch_at(at: &str) -> Result<Vec<u8>, String> {
        Err(format!("the lesson {at} is fetched by the browser"))
    }

    /// Natively (the build's first view) no lesson is fetched.
    pub fn read(at: &str, done: Callback<Read>) {
        done.emit(Err(format!("the lesson {at} is fetched by the browser")));
    }
}

#[cfg(target_arch = "wasm32")]
mod fetched {
    use super::{read_text, Read};
    use crate::tours::lesson::address;
    use std::cell::RefCell;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::Response;
    use yew::Callback;

    /// A fetch under way, with the figures waiting for it, or its lesson.
    enum Fetch {
        Waiting(Vec<Callback<Read>>),
        Done(Read),
    }

    thread_local! {
        /// Each address fetched, as the page resolves it.
        static FETCHES: RefCell<Vec<(String, Fetch)>> = const { RefCell::new(Vec::new()) };
    }

    /// The lesson at `at` (a path resolved against the page), fetched once for every figure of it.
    pub fn read(at: &str, done: Callback<Read>) {
        let href = resolve(at);
        let ready = FETCHES.with(|fetches| {
            let mut fetches = fetches.borrow_mut();
            match fetches.iter_mut().find(|(h, _)| *h == href) {
                Some((_, Fetch::Done(read))) => Some(Some(read.clone())),
                Some((_, Fetch::Waiting(waiting))) => {
                    waiting.push(done.clone());
                    Some(None)
                }
                None => {
                    fetches.push((href.clone(), Fetch::Waiting(vec![done.clone()])));
                    None
                }
            }
        });
        match ready {
            Some(Some(read)) => done.emit(read),
            Some(None) => {}
            None => {
                let at = at.to_string();
                wasm_bindgen_futures::spawn_local(async move {
                    let read = match fetch(&href, &at).await {
                        Ok(bytes) => read_text(address::name_of(&at), &bytes),
                        Err(why) => Err(why),
                    };
                    let waiting = FETCHES.with(|fetches| {
                        let mut fetches = fetches.borrow_mut();
                        let entry = fetches.iter_mut().find(|(h, _)| *h == href);
                        match entry.map(|(_, f)| std::mem::replace(f, Fetch::Done(read.clone()))) {
                            Some(Fetch::Waiting(waiting)) => waiting,
                            _ => Vec::new(),
                        }
                    });
                    for done in waiting {
                        done.emit(read.clone());
                    }
                });
            }
        }
    }

    /// The bytes at `at`, resolved against the page.
    pub async fn fetch_at(at: &str) -> Result<Vec<u8>, String> {
        fetch(&resolve(at), at).await
    }

    /// `at` resolved against the page's address (a path on its own site).
    fn resolve(at: &str) -> String {
        let base = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.base_uri().ok().flatten());
        base.and_then(|base| web_sys::Url::new_with_base(at, &base).ok())
            .map_or_else(|| at.to_string(), |url| url.href())
    }

    /// The bytes at `href` (given as `at`), or why they could not be fetched, said plainly.
    async fn fetch(href: &str, at: &str) -> Result<Vec<u8>, String> {
        let window = web_sys::window().ok_or_else(|| address::fetch_failed(at, None))?;
        let response: Response = JsFuture::from(window.fetch_with_str(href))
            .await
            .map_err(|_| address::fetch_failed(at, None))?
            .unchecked_into();
        if !response.ok() {
            let text = response.status_text();
            return Err(address::fetch_failed(at, Some((response.status(), &text))));
        }
        let buffer = match response.array_buffer() {
            Ok(promise) => JsFuture::from(promise).await.ok(),
            Err(_) => None,
        };
        let buffer = buffer.ok_or_else(|| address::fetch_failed(at, None))?;
        Ok(js_sys::Uint8Array::new(&buffer).to_vec())
    }
}
