//! The page: the app waits for its link to be read, then owns the state (the playback and the
//! learner's picks) and ticks it; the page draws what the state shows, part by part, and sends
//! actions. The hooks here tie it to the browser: the keyboard, the address bar.

pub(crate) mod actions;
pub(crate) mod address_grid;
pub(crate) mod capacity;
pub(crate) mod caption;
pub(crate) mod chrome;
pub(crate) mod editor;
pub(crate) mod embed;
pub(crate) mod export;
pub(crate) mod import;
mod keys;
pub(crate) mod map;
pub(crate) mod nodes;
pub(crate) mod notices;
pub(crate) mod opened;
pub(crate) mod picture;
pub(crate) mod settings;
pub(crate) mod state;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod stops;
pub(crate) mod timeline;
pub(crate) mod tours;
pub(crate) mod view;
pub(crate) mod writer;
mod writer_texts;

use self::actions::Actions;
use self::chrome::{announcement, Help, Toolbar};
use self::editor::Editor;
use self::embed::Embedded;
use self::export::ExportMenu;
use self::export::{js_error_text, save};
use self::import::ImportCard;
use self::keys::{use_fullscreen, use_shortcuts, Keys};
use self::map::AddressMapView;
use self::nodes::{pod_view, Nodes};
use self::opened::{link_refusal, Opened};
use self::picture::text_blob;
use self::settings::Settings;
use self::state::{Action, AppState};
use self::timeline::{transport, EventLog};
use self::tours::{narration, tour_chooser};
use self::view::Shown;
use self::writer::WriterCard;
use crate::i18n::{ui as t, Lang};
use crate::playback::Player;
use crate::share::Link;
use crate::tours::Told;
use crate::ui::sharing::view_address;
use crate::ui::stage::StageView;
use crate::ui::timing::{now_ms, APP_TICK_MS, FRAME_SLACK_MS, MAX_TICK_MS};
use gloo_timers::callback::Interval;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::platform::spawn_local;
use yew::prelude::*;

/// Props of the app.
#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// The view it opens with, when known before it starts: the default view, rendered at build time
    /// and drawn over at once. Otherwise the link is read first.
    pub opened: Option<Opened>,
}

/// The whole page, once its link is read (a scenario in `s=` is inflated by the browser, which takes
/// a moment). The app owns the state by value, turns messages into actions on it, and ticks the clock
/// while playing and the work while there is some; it draws `Page` with what the state shows, a
/// plain value.
pub struct App {
    /// What the page was opened with, and the state showing it, once the link is read.
    opened: Option<(Opened, AppState)>,
    /// Sends actions (one callback for the page's life, so props holding it compare equal).
    dispatch: Callback<Action>,
    /// The animation clock, while playing: when it last ticked (real ms).
    clock: Option<f64>,
    /// A slice of work at every turn of the event loop, while there is work.
    worker: Option<Interval>,
    /// An animation frame is asked for: the clock's next tick comes at a frame.
    frame_asked: bool,
    /// A tick moved what the page shows: it is drawn at the next frame, so a frame holds the
    /// simulation's slice and its view models, or their drawing (and the browser's layout and paint
    /// of it), not both.
    draw_due: bool,
}

/// What the app is told.
pub enum AppMessage {
    /// The link is read.
    Opened(Box<Opened>),
    /// An action on the state.
    Action(Action),
    /// An animation frame while playing, at this real time (ms).
    Frame(f64),
}

impl Component for App {
    type Message = AppMessage;
    type Properties = AppProps;

    fn create(ctx: &Context<Self>) -> Self {
        let opened = ctx.props().opened.clone();
        if opened.is_none() {
            let link = ctx.link().clone();
            spawn_local(async move {
                link.send_message(AppMessage::Opened(Box::new(Opened::from_location().await)))
            });
        }
        App {
            opened: opened.map(state_for),
            dispatch: ctx.link().callback(AppMessage::Action),
            clock: None,
            worker: None,
            frame_asked: false,
            draw_due: false,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, message: AppMessage) -> bool {
        let changed = match (message, &mut self.opened) {
            (AppMessage::Opened(opened), _) => {
                self.opened = Some(state_for(*opened));
                take_prerendered_away();
                true
            }
            (AppMessage::Action(Action::Export(file)), Some((_, state))) => {
                let saved = state
                    .export(file)
                    .map_err(JsValue::from)
                    .and_then(|file| save(&file.file_name, &text_blob(&file.contents, file.mime)?));
                let problem = saved.err().map(|err| js_error_text(&err));
                state.reduce(Action::ExportProblem(problem))
            }
            (AppMessage::Frame(now), Some((_, state))) => {
                self.frame_asked = false;
                match self.clock {
                    // The last tick's picture, in a frame of its own.
                    _ if self.draw_due => true,
                    // A frame's length early is on time: ticks keep to frames.
                    Some(last) if now - last >= APP_TICK_MS - FRAME_SLACK_MS => {
                        self.clock = Some(now);
                        self.draw_due = state.reduce(Action::Tick((now - last).min(MAX_TICK_MS)));
                        false
                    }
                    // A frame between ticks: the bench's, when its turn has come.
                    Some(_) => state.reduce(Action::Bench),
                    None => false,
                }
            }
            (AppMessage::Frame(_), None) => false,
            (AppMessage::Action(action), Some((_, state))) => state.reduce(action),
            (AppMessage::Action(_), None) => false,
        };
        self.keep_ticking(ctx);
        changed
    }

    fn view(&self, _ctx: &Context<Self>) -> Html {
        match &self.opened {
            Some((opened, state)) => html! {
                <Page opened={opened.clone()} shown={state.shown().clone()} dispatch={self.dispatch.clone()} />
            },
            None => Html::default(),
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first_render: bool) {
        // Whatever drew the page drew the last tick's picture too.
        self.draw_due = false;
        self.keep_ticking(ctx);
    }
}

/// The markup rendered at build time, kept on screen while the page's language loaded, makes way for
/// the app's first view, drawn in this same task (so with no paint in between).
fn take_prerendered_away() {
    let document = web_sys::window().and_then(|w| w.document());
    if let Some(kept) = document
        .as_ref()
        .and_then(|d| d.query_selector("#podip > .prerendered").ok().flatten())
    {
        kept.remove();
    }
    if let Some(root) = document.and_then(|d| d.document_element()) {
        root.remove_attribute("data-view").ok();
    }
}

/// Call `draw` at the next animation frame; whether one was asked for.
fn ask_frame(draw: Callback<f64>) -> bool {
    let frame = Closure::once_into_js(move || draw.emit(now_ms()));
    web_sys::window().is_some_and(|window| {
        window
            .request_animation_frame(frame.unchecked_ref())
            .is_ok()
    })
}

/// The state showing what the page was opened with.
fn state_for(opened: Opened) -> (Opened, AppState) {
    let player = match &opened.lesson {
        Some(fetched) => {
            Player::from_lesson(&opened.link, fetched.as_deref().map_err(Clone::clone))
        }
        None => Player::from_link(&opened.link),
    };
    let state = AppState::new(player)
        .in_language(opened.lang, opened.link.theme, opened.unavailable.clone())
        .with_quiz(opened.link.quiz)
        .with_presenting(opened.link.present && !opened.link.embed);
    (opened, state)
}

impl App {
    /// The clock ticks while playing (at animation frames), the work while there is some.
    fn keep_ticking(&mut self, ctx: &Context<Self>) {
        let Some((_, state)) = &self.opened else {
            return;
        };
        if !state.playing {
            self.clock = None;
        } else {
            self.clock.get_or_insert_with(now_ms);
        }
        if (state.playing || self.draw_due) && !self.frame_asked {
            self.frame_asked = ask_frame(ctx.link().callback(AppMessage::Frame));
        }
        if !state.has_work() {
            self.worker = None;
        } else if self.worker.is_none() {
            let work = ctx.link().callback(|()| AppMessage::Action(Action::Work));
            self.worker = Some(Interval::new(0, move || work.emit(())));
        }
    }
}

/// Props of the page.
#[derive(Properties)]
struct PageProps {
    /// What the page was opened with.
    opened: Opened,
    /// What the state shows.
    shown: Shown,
    /// Sends actions to the state.
    dispatch: Callback<Action>,
}

/// Drawn again whenever the app is: it draws only when the state changed, and the parts below compare
/// what they draw.
impl PartialEq for PageProps {
    fn eq(&self, _: &Self) -> bool {
        false
    }
}

/// The page: every part draws what the state shows of it and sends actions.
#[function_component(Page)]
fn page(props: &PageProps) -> Html {
    let PageProps {
        opened,
        shown,
        dispatch,
    } = props;
    let (lang, theme) = (&shown.lang, &shown.theme);
    let painted = use_after_first_paint();
    self::caption::use_caption_layout(
        shown.tour.caption.is_some(),
        shown.tour.caption.as_ref().and_then(|c| c.layout.clone()),
        dispatch.clone(),
    );
    use_shortcuts(
        dispatch.clone(),
        Keys {
            presenting: shown.presenting,
            tour: shown.tour.name.is_some(),
            help: shown.help,
        },
    );
    {
        // The document follows the language and theme: `<html lang>` for fonts and screen readers,
        // `data-theme` over `prefers-color-scheme` when one was chosen.
        let tour = shown.tour.name;
        use_effect_with((*lang, *theme, tour), |(lang, theme, tour)| {
            if let Some(document) = web_sys::window().and_then(|w| w.document()) {
                document.set_title(&self::chrome::page_title(*lang, *tour));
            }
            if let Some(root) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                root.set_attribute("lang", lang.tag()).ok();
                // The crash report's words, for the page's script, which runs when the wasm cannot.
                root.set_attribute("data-crash-text", t::PANIC.get(*lang))
                    .ok();
                root.set_attribute("data-crash-back", t::OPEN_DEFAULT.get(*lang))
                    .ok();
                match theme {
                    Some(theme) => root.set_attribute("data-theme", theme.as_str()).ok(),
                    None => root.remove_attribute("data-theme").ok(),
                };
            }
        });
    }
    {
        // Autoplay once, after the first render.
        let (dispatch, autoplay) = (dispatch.clone(), opened.link.autoplay);
        use_effect_with((), move |_| {
            if autoplay {
                dispatch.emit(Action::Play);
            }
        });
    }
    // The view's link, in the page's language and theme.
    let link = {
        let (view, lang, theme, present) = (shown.link.clone(), *lang, *theme, shown.presenting);
        Callback::from(move |()| Link {
            lang: Some(lang),
            theme,
            present,
            ..(*view).clone()
        })
    };
    use_fullscreen(shown.presenting, dispatch.clone());
    {
        // The address bar keeps the view's link while paused, so reloading or bookmarking keeps it too.
        let (link, embed) = (link.clone(), opened.link.embed);
        let paused_at = (!shown.playing).then(|| shown.link.clone());
        use_effect_with(
            (paused_at, *lang, *theme, shown.presenting),
            move |(paused_at, ..)| {
                // A query still being deflated when the view changes again is not written.
                let current = Rc::new(Cell::new(true));
                if !embed && paused_at.is_some() {
                    let (current, link) = (current.clone(), link.emit(()));
                    spawn_local(async move {
                        let address = view_address(link).await;
                        if current.get() {
                            replace_address(&address);
                        }
                    });
                }
                move || current.set(false)
            },
        );
    }
    let refused: Vec<String> = opened
        .problems
        .iter()
        .cloned()
        .chain(shown.refusals.iter().map(|r| link_refusal(r, *lang)))
        .collect();
    // What of the link was refused stays said until closed; the playback's part of it comes when it
    // has read the link's scenario.
    let problems = (!refused.is_empty() && !shown.link_problem_closed).then(|| {
        problem(
            "link-problem",
            t::LINK_PROBLEM.fill(*lang, &[&refused.join("; ")]),
            dispatch.reform(|_| Action::CloseLinkProblem),
            *lang,
        )
    });
    let language_problem = shown.unavailable.as_ref().map(|message| {
        problem(
            "lang-problem",
            message.clone(),
            dispatch.reform(|_| Action::LanguageUnavailable(None)),
            *lang,
        )
    });
    let live = html! {
        <div class="sr-only" role="status" aria-live="polite" data-testid="announcer">
            { announcement(shown, *lang) }
        </div>
    };
    // Made once (the dispatch is the page's for its life), so the stage's props compare equal and a
    // draw of the page that leaves the picture as it was (the bench's turn) skips the stage.
    let on_node = use_callback(dispatch.clone(), |name, dispatch| {
        dispatch.emit(Action::SelectNode(Some(name)))
    });
    let on_pod = use_memo(dispatch.clone(), |dispatch| {
        Some(dispatch.reform(|name| Action::SelectPod(Some(name))))
    });
    let stage = html! {
        <StageView lang={*lang} stage={shown.stage.shared()} {on_node} on_pod={(*on_pod).clone()} fill={!opened.link.embed} present={shown.presenting} />
    };
    let body = if opened.link.embed {
        html! {
            <Embedded lang={*lang} shown={shown.clone()} dispatch={dispatch.clone()} controls={opened.link.controls} link={link.emit(())}
                problems={html! { <>{ for language_problem.clone() }{ for problems.clone() }</> }}>
                { stage }
            </Embedded>
        }
    } else {
        html! {
            <div class={classes!("app", shown.playing_fast.then_some("fast"), shown.presenting.then_some("presenting"), shown.blank.then_some("blank"))}>
                <header class="masthead">
                    <div class="title">
                        <h1>{ "podip" }</h1>
                        <a class="article-link" data-testid="article-link" href={crate::share::pages::article_path(*lang)}>{ t::ARTICLE_LINK.get(*lang) }</a>
                        <p class="tagline">{ t::TAGLINE.get(*lang) }</p>
                    </div>
                    <Toolbar lang={*lang} theme={*theme} link={link.clone()} dispatch={dispatch.clone()}>
                        <ExportMenu lang={*lang} export={shown.export.clone()} tour={shown.tour.clone()} dispatch={dispatch.clone()} {link} />
                    </Toolbar>
                </header>
                { for language_problem }
                { for problems }
                <div class="timebar">{ transport(shown, dispatch, *lang) }</div>
                // The first screen: the tours, the step's words and the stage, sized to the window.
                <section id="theatre" class={classes!("theatre", shown.tour.name.is_none().then_some("untold"))} aria-labelledby="tours-title">
                    { tour_chooser(shown.tour.name.and_then(Told::builtin), dispatch, *lang) }
                    <div class="theatre-side">{ for narration(&shown.tour, dispatch, *lang) }</div>
                    { stage }
                    if shown.presenting {
                        <button class="leave-present" data-testid="leave-present" onclick={dispatch.reform(|_: MouseEvent| Action::Present(Some(false)))} aria-keyshortcuts="Escape">
                            { t::LEAVE_PRESENT.get(*lang) }
                        </button>
                    }
                </section>
                // The bench: the cards, the log, the settings and the editor, below the first screen.
                <main class="layout">
                    <div class="col-main">
                        { pod_view(shown.pod.as_deref(), dispatch, *lang) }
                        if *painted {
                            <Actions lang={*lang} names={shown.names.shared()} error={shown.editor.error.clone()} dispatch={dispatch.clone()} />
                        }
                        <Nodes lang={*lang} cards={shown.cards.clone()} touched={shown.touched.clone()} deletion_mode={shown.deletion_mode} dispatch={dispatch.clone()} />
                        if *painted {
                            <AddressMapView lang={*lang} map={shown.map.shared()} touched={shown.touched.as_ref().and_then(|t| t.node.clone())} dispatch={dispatch.clone()} />
                        }
                    </div>
                    <div class="col-side">
                        if *painted {
                            <EventLog lang={*lang} log={shown.log.clone()} selected_pod={shown.selected_pod.clone()} selected_node={shown.selected_node.clone()} dispatch={dispatch.clone()} />
                            <Settings lang={*lang} settings={shown.settings.shared()} edit={shown.edit.clone()} dispatch={dispatch.clone()} />
                            <ImportCard lang={*lang} settings={shown.settings.shared()} text={shown.editor.clone()} dispatch={dispatch.clone()} />
                            <Editor lang={*lang} editor={shown.editor.clone()} dispatch={dispatch.clone()} />
                        }
                    </div>
                </main>
                if *painted {
                    <WriterCard lang={*lang} writer={shown.writer.clone()} stage={shown.stage.shared()} dispatch={dispatch.clone()} />
                }
                if shown.help {
                    <Help lang={*lang} dispatch={dispatch.clone()} />
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

/// A problem with how the page was opened, said in place until closed (`kind` is its class and test id).
fn problem(
    kind: &'static str,
    message: String,
    on_close: Callback<MouseEvent>,
    lang: Lang,
) -> Html {
    html! {
        <div class={kind} data-testid={kind} role="alert">
            <p>{ message }</p>
            <button onclick={on_close}>{ t::CLOSE.get(lang) }</button>
        </div>
    }
}

/// Replace the address bar's path and query (no new history entry).
fn replace_address(address: &str) {
    if let Ok(history) = web_sys::window().map_or(Err(JsValue::NULL), |w| w.history()) {
        history
            .replace_state_with_url(&JsValue::NULL, "", Some(address))
            .ok();
    }
}
