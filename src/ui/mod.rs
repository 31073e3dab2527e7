//! The Yew front end: a thin view over the core. Components render state from [`crate::sim`] and send
//! actions; no component computes an address or a capacity figure. Words come from [`crate::i18n`] in
//! the page's [`Lang`], passed down in props; the view's link comes from [`crate::share`].

mod actions;
mod capacity;
mod chrome;
mod editor;
pub mod language;
mod map;
mod nodes;
mod ruler;
mod settings;
pub mod sharing;
mod studio;
mod timeline;
mod tours;

use crate::i18n::{ui as t, Lang, Text};
use crate::ipam::goip::GoQuoted;
use crate::share::{Link, LinkProblem, MAX_QUERY_LEN};
use actions::Actions;
use chrome::{announcement, Help, Toolbar};
use editor::Editor;
use gloo_timers::callback::Interval;
use map::AddressMapView;
use nodes::{pod_view, Nodes};
use settings::Settings;
use sharing::{parse_link, view_query};
use std::cell::Cell;
use std::rc::Rc;
use studio::{Action, Studio};
use timeline::{transport, EventLog};
use tours::tours;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::platform::spawn_local;
use yew::prelude::*;

/// How often the clock ticks while playing (real milliseconds).
const TICK_MS: u32 = 50;

/// What the page was opened with: its link, what of it was refused, and the language to start in
/// (with why it is English instead, when that language's texts could not be loaded).
#[derive(Clone, PartialEq)]
struct Opened {
    link: Link,
    problems: Vec<String>,
    lang: Lang,
    unavailable: Option<String>,
}

impl Opened {
    /// Read `location.search`; the language is `?lang=`, else the browser's, else English. Its texts
    /// are loaded before the page shows, so it never flashes in another language.
    async fn from_location() -> Self {
        let window = web_sys::window();
        let query = window
            .as_ref()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let (link, problems) = parse_link(&query).await;
        let browser: Vec<String> = window
            .map(|w| {
                w.navigator()
                    .languages()
                    .iter()
                    .filter_map(|l| l.as_string())
                    .collect()
            })
            .unwrap_or_default();
        let wanted = link
            .lang
            .unwrap_or_else(|| Lang::negotiate(browser.iter().map(String::as_str)));
        let (lang, unavailable) = match language::load(wanted).await {
            Ok(()) => (wanted, None),
            Err(reason) => (Lang::En, Some(language::unavailable(wanted, &reason))),
        };
        Opened {
            problems: problems.iter().map(|p| link_problem(p, lang)).collect(),
            link,
            lang,
            unavailable,
        }
    }
}

/// What was refused of a link, in the page's language (parameter names and values as given).
fn link_problem(problem: &LinkProblem, lang: Lang) -> String {
    match problem {
        LinkProblem::TooLong(len) => {
            t::LINK_TOO_LONG.fill(lang, &[&len.to_string(), &MAX_QUERY_LEN.to_string()])
        }
        LinkProblem::BadBase64 => t::LINK_BAD_BASE64.get(lang).to_string(),
        LinkProblem::BadDeflate => t::LINK_BAD_DEFLATE.get(lang).to_string(),
        LinkProblem::NotUtf8 => t::LINK_NOT_UTF8.get(lang).to_string(),
        LinkProblem::BadValue(name, value) => {
            t::LINK_BAD_VALUE.fill(lang, &[&format!("{name}={}", GoQuoted(value))])
        }
    }
}

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

/// The whole page, once its link is read (a scenario in `s=` is inflated by the browser, which takes
/// a moment).
#[function_component(App)]
pub fn app() -> Html {
    let opened = use_state(|| None::<Opened>);
    {
        let opened = opened.clone();
        use_effect_with((), move |_| {
            spawn_local(async move { opened.set(Some(Opened::from_location().await)) });
        });
    }
    match &*opened {
        Some(opened) => html! { <Page opened={opened.clone()} /> },
        None => Html::default(),
    }
}

/// Props of the page.
#[derive(Properties, PartialEq)]
struct PageProps {
    /// What the page was opened with.
    opened: Opened,
}

/// The page: one reducer owns the simulation; every part renders it and sends actions.
#[function_component(Page)]
fn page(props: &PageProps) -> Html {
    let opened = &props.opened;
    let lang = use_state(|| opened.lang);
    let theme = use_state(|| opened.link.theme);
    let initial = use_memo((), |_| {
        let (studio, problems) = Studio::from_link(&opened.link, opened.lang);
        (studio, [opened.problems.clone(), problems].concat())
    });
    let refused = use_state(|| initial.1.clone());
    let unavailable = use_state(|| opened.unavailable.clone());
    let studio = use_reducer(|| initial.0.clone());
    let painted = use_after_first_paint();
    use_clock(&studio);
    use_shortcuts(studio.dispatcher());
    {
        // The document follows the language and theme: `<html lang>` for fonts and screen readers,
        // `data-theme` over `prefers-color-scheme` when one was chosen.
        use_effect_with((*lang, *theme), |(lang, theme)| {
            if let Some(root) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                root.set_attribute("lang", lang.tag()).ok();
                match theme {
                    Some(theme) => root.set_attribute("data-theme", theme.as_str()).ok(),
                    None => root.remove_attribute("data-theme").ok(),
                };
            }
        });
    }
    {
        // Autoplay once, after the first render.
        let (studio, autoplay) = (studio.clone(), opened.link.autoplay);
        use_effect_with((), move |_| {
            if autoplay {
                studio.dispatch(Action::Play);
            }
        });
    }
    // The view's link, made when asked for: while playing it changes on every tick, and a long
    // scenario is deflated each time its query is made.
    let link = {
        let (studio, lang, theme) = (studio.clone(), *lang, *theme);
        Callback::from(move |()| Link {
            lang: Some(lang),
            theme,
            ..studio.link()
        })
    };
    {
        // The address bar keeps the view's link while paused, so reloading or bookmarking keeps it too.
        let (link, embed) = (link.clone(), opened.link.embed);
        let paused_at =
            (!studio.playing).then(|| (studio.time(), studio.text.clone(), studio.tour_step));
        use_effect_with((paused_at, *lang, *theme), move |(paused_at, _, _)| {
            // A query still being deflated when the view changes again is not written.
            let current = Rc::new(Cell::new(true));
            if !embed && paused_at.is_some() {
                let (current, link) = (current.clone(), link.emit(()));
                spawn_local(async move {
                    let query = view_query(link).await;
                    if current.get() {
                        replace_query(&query);
                    }
                });
            }
            move || current.set(false)
        });
    }
    let problems = (!refused.is_empty()).then(|| {
        let on_close = {
            let refused = refused.clone();
            Callback::from(move |_: MouseEvent| refused.set(Vec::new()))
        };
        html! {
            <div class="link-problem" data-testid="link-problem" role="alert">
                <p>{ t::LINK_PROBLEM.fill(*lang, &[&refused.join("; ")]) }</p>
                <button onclick={on_close}>{ t::CLOSE.get(*lang) }</button>
            </div>
        }
    });
    let language_problem = unavailable.as_ref().map(|message| {
        let on_close = {
            let unavailable = unavailable.clone();
            Callback::from(move |_: MouseEvent| unavailable.set(None))
        };
        html! {
            <div class="lang-problem" data-testid="lang-problem" role="alert">
                <p>{ message }</p>
                <button onclick={on_close}>{ t::CLOSE.get(*lang) }</button>
            </div>
        }
    });
    let live = html! {
        <div class="sr-only" role="status" aria-live="polite" data-testid="announcer">
            { announcement(&studio, *lang) }
        </div>
    };
    let body = if opened.link.embed {
        html! {
            <Embedded lang={*lang} studio={studio.clone()} controls={opened.link.controls} link={link.emit(())} />
        }
    } else {
        html! {
            <div class={classes!("app", studio.playing_fast().then_some("fast"))}>
                <header class="masthead">
                    <div class="title">
                        <h1>{ "podip" }</h1>
                        <p class="tagline">{ t::TAGLINE.get(*lang) }</p>
                    </div>
                    <Toolbar lang={lang.clone()} unavailable={unavailable.clone()} theme={theme.clone()} {link} dispatch={studio.dispatcher()} />
                </header>
                { for language_problem }
                { for problems }
                <div class="timebar">{ transport(&studio, *lang) }</div>
                <main class="layout">
                    <div class="col-main">
                        { tours(&studio, *lang, true) }
                        if *painted {
                            <Actions lang={*lang} studio={studio.clone()} />
                        }
                        <Nodes lang={*lang} studio={studio.clone()} />
                        { pod_view(&studio, *lang) }
                        if *painted {
                            <AddressMapView lang={*lang} studio={studio.clone()} />
                        }
                    </div>
                    <div class="col-side">
                        if *painted {
                            <EventLog lang={*lang} studio={studio.clone()} />
                            <Settings lang={*lang} studio={studio.clone()} />
                            <Editor lang={*lang} studio={studio.clone()} />
                        }
                    </div>
                </main>
                if studio.help {
                    <Help lang={*lang} dispatch={studio.dispatcher()} />
                }
            </div>
        }
    };
    html! {
        <>
            { live }
            { body }
        </>
    }
}

/// False until the browser has painted once: the tour's narration, the clock and the nodes come first,
/// and the rest of the page (settings, map, log, editor: most of the first layout's cost) after them.
#[hook]
fn use_after_first_paint() -> UseStateHandle<bool> {
    let painted = use_state(|| false);
    {
        let painted = painted.clone();
        use_effect_with((), move |_| {
            // A frame callback runs just before that frame's paint; a timer set there runs after it.
            let fallback = painted.clone();
            let after_paint = Closure::once_into_js(move || {
                gloo_timers::callback::Timeout::new(0, move || painted.set(true)).forget();
            });
            let requested = web_sys::window()
                .map(|window| window.request_animation_frame(after_paint.unchecked_ref()));
            if !matches!(requested, Some(Ok(_))) {
                // No frames to wait for: show it all at once.
                fallback.set(true);
            }
        });
    }
    painted
}

/// The animation clock: while playing, tell the reducer how much real time passed.
#[hook]
fn use_clock(studio: &UseReducerHandle<Studio>) {
    let studio = studio.clone();
    use_effect_with(studio.playing, move |playing| {
        let ticker = playing.then(|| {
            let mut last = js_sys::Date::now();
            Interval::new(TICK_MS, move || {
                let now = js_sys::Date::now();
                studio.dispatch(Action::Tick(now - last));
                last = now;
            })
        });
        move || drop(ticker)
    });
}

/// Keyboard shortcuts on the whole document (space, ←/→, +/-, ?, Esc), except while typing in a field.
#[hook]
fn use_shortcuts(dispatch: UseReducerDispatcher<Studio>) {
    use_effect_with(dispatch, |dispatch| {
        let dispatch = dispatch.clone();
        let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            let typing = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                });
            // A focused button handles space and Enter itself.
            let on_button = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| matches!(el.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY"));
            if typing || e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let action = match e.key().as_str() {
                " " if !on_button => Action::TogglePlay,
                "ArrowRight" => Action::Step,
                "ArrowLeft" => Action::StepBack,
                "+" | "=" => Action::SpeedBy(1),
                "-" | "_" => Action::SpeedBy(-1),
                "?" => Action::Help(None),
                "Escape" => Action::Help(Some(false)),
                _ => return,
            };
            e.prevent_default();
            dispatch.dispatch(action);
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(document) = &document {
            document
                .add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref())
                .ok();
        }
        move || {
            if let Some(document) = document {
                document
                    .remove_event_listener_with_callback(
                        "keydown",
                        listener.as_ref().unchecked_ref(),
                    )
                    .ok();
            }
        }
    });
}

/// Replace the address bar's query (no new history entry).
fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let path = window.location().pathname().unwrap_or_default();
    if let Ok(history) = window.history() {
        history
            .replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}{query}")))
            .ok();
    }
}

/// Props of the embedded player.
#[derive(Properties, PartialEq)]
struct EmbeddedProps {
    /// The page's language.
    pub lang: Lang,
    studio: UseReducerHandle<Studio>,
    controls: bool,
    /// The same view in the full app.
    link: Link,
}

/// `?embed=1`: the tour's narration, the controls and the nodes, with a link to the full app; the page
/// tells its host how tall it is, so an `<iframe>` can fit it.
#[function_component(Embedded)]
fn embedded(props: &EmbeddedProps) -> Html {
    let lang = props.lang;
    let root = use_node_ref();
    let full_query = use_state(String::new);
    {
        let full_query = full_query.clone();
        use_effect_with(props.link.clone(), move |link| {
            // A query still being deflated when the view changes again is not shown.
            let current = Rc::new(Cell::new(true));
            let (current_then, link) = (current.clone(), link.clone());
            spawn_local(async move {
                let query = view_query(link).await;
                if current_then.get() {
                    full_query.set(query);
                }
            });
            move || current.set(false)
        });
    }
    {
        let root = root.clone();
        use_effect_with((), move |_| {
            let observer = post_height_on_resize(&root);
            move || {
                if let Some((observer, _callback)) = observer {
                    observer.disconnect();
                }
            }
        });
    }
    let studio = &props.studio;
    let path = web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_default();
    html! {
        <div class="embed" ref={root} role="region" aria-label={t::PLAYER.get(lang)}>
            if studio.tour.is_some() {
                { tours(studio, lang, false) }
            }
            if props.controls {
                <div class="timebar">{ transport(studio, lang) }</div>
            }
            <Nodes {lang} studio={studio.clone()} />
            <p class="open-full">
                <a href={format!("{path}{}", *full_query)} target="_blank" rel="noopener">{ t::OPEN_FULL.get(lang) }</a>
            </p>
        </div>
    }
}

/// A resize observer and the callback it calls, which must live as long as it observes.
type Observing = (web_sys::ResizeObserver, Closure<dyn Fn(js_sys::Array)>);

/// Post `{type: "podip:height", height}` to the parent window whenever the player's height changes.
fn post_height_on_resize(root: &NodeRef) -> Option<Observing> {
    let element = root.cast::<web_sys::Element>()?;
    let callback = Closure::<dyn Fn(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        let Some(window) = web_sys::window() else {
            return;
        };
        let height = window
            .document()
            .and_then(|d| d.document_element())
            .map_or(0, |e| e.scroll_height());
        let message = js_sys::Object::new();
        js_sys::Reflect::set(&message, &"type".into(), &"podip:height".into()).ok();
        js_sys::Reflect::set(&message, &"height".into(), &height.into()).ok();
        if let Ok(Some(parent)) = window.parent() {
            parent.post_message(&message, "*").ok();
        }
    });
    let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&element);
    Some((observer, callback))
}

/// Mount the app on `<body>`, after installing a panic hook that reports in the page, not a blank screen.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        report_panic(&info.to_string());
    }));
    yew::Renderer::<App>::new().render();
}

/// Show a panic in a banner, so a learner sees what happened instead of a frozen page.
fn report_panic(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(banner) = document.create_element("div") else {
        return;
    };
    let lang = document
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or_default();
    banner.set_class_name("panic-banner");
    banner.set_attribute("role", "alert").ok();
    banner.set_text_content(Some(&t::PANIC.fill(lang, &[message])));
    if let Some(body) = document.body() {
        body.prepend_with_node_1(banner.unchecked_ref()).ok();
    }
}
