//! `<podip-figure>`: the stage in any page. The page's one script (`static/podip-figure.js`) defines
//! the element, starts this wasm once for every figure on the page, and gives each figure a shadow
//! root with podip's stylesheet; `connect` draws a [`FigureApp`] there, which owns the figure's
//! playback ([`crate::playback::figure`]) over the run its scenario shares with the page's other
//! figures. A figure plays only while on screen (the script tells it) and holds no clock otherwise.
//! A figure of a lesson waits for its lesson (`lesson`: fetched and read once for the page) and shows
//! its problems in place when it is broken.

use crate::i18n::{ui as t, Lang};
use crate::playback::figure::{Figure, Runs};
use crate::playback::views::seconds;
use crate::playback::words::TourWords;
use crate::share::figure::{Controls, FigureSource, FigureSpec};
use crate::ui::shared::Shared;
use crate::ui::stage::StageView;
use crate::ui::timing::{now_ms, FIGURE_TICK_BUDGET_MS, FIGURE_TICK_MS};
use gloo_timers::callback::Interval;
use std::cell::RefCell;
use yew::prelude::*;

thread_local! {
    /// The runs of every figure on the page: figures of one scenario share one.
    static RUNS: RefCell<Runs> = RefCell::new(Runs::default());
}

/// Props of a figure.
#[derive(Properties, PartialEq)]
pub struct FigureProps {
    /// The view it draws, or why it cannot draw one.
    pub spec: Result<FigureSpec, String>,
    /// The language of its words when its view is refused (the page's).
    pub lang: Lang,
    /// The app's address (the script's folder), for "Open in podip ↗".
    pub app_root: String,
    /// The reader asked for reduced motion: autoplay stays at its view.
    pub reduced_motion: bool,
    /// In a reveal.js slide (`static/podip-figure.js` says so, and sizes the element to the room the
    /// slide leaves): the scale a 1024 × 768 projector shows the slide at. The figure then fills its
    /// element, type sized for the room.
    pub slide: Option<f64>,
    /// In a slide, the first and last step its fragments show (from 1): the caption keeps room for
    /// the longest of their words.
    pub slide_steps: Option<(usize, usize)>,
    /// Entered forward by a press (a reveal.js fragment shown): its step's motion plays at 1×.
    pub entered_forward: bool,
    /// It takes the place of its pictures (`static/podip-figure.js` keeps their box's proportions, as
    /// `data-podip-held`): it fills that box, as a `fit` figure fills its own, so nothing moves.
    pub held: bool,
}

/// What a figure is told.
pub enum FigureMessage {
    /// Its language's words are loaded (or could not be: the figure speaks English).
    Ready(Option<String>),
    /// It came on screen, or went off it.
    OnScreen(bool),
    /// The reader's or the clock's move.
    Do(Move),
    /// The view's address in the app is known.
    Address(String),
    /// Its lesson is read (or why it cannot be).
    Lesson(lesson::Read),
}

/// A move of the figure's playback.
pub enum Move {
    /// Play or pause.
    Toggle,
    /// Next (`true`) or previous step.
    Step(bool),
    /// The clock: real ms passed.
    Tick(f64),
    /// A node picked on the stage (shown alone where the nodes do not fit side by side).
    Focus(Option<String>),
}

/// One figure.
pub struct FigureApp {
    /// Its playback, once built; or why it is not (its scenario's `line N: …`).
    figure: Option<Result<Figure, String>>,
    /// What the stage draws, kept while unchanged.
    stage: Option<Shared<crate::playback::stage::Stage>>,
    /// The tour's words for the figure's run, paired once with the tour's own run.
    words: Option<TourWords>,
    /// The node picked.
    focus: Option<String>,
    /// Whether it is on screen.
    on_screen: bool,
    /// The clock, while playing on screen.
    clock: Option<Interval>,
    /// Its view in the app.
    address: String,
    /// Why its language could not be loaded, if it could not.
    unavailable: Option<String>,
    /// A node picked on the stage.
    on_node: Callback<String>,
    /// Something moved it (the reader or autoplay): until then it shows a moment, drawn without the
    /// motion of things appearing (a node that joined seconds before does not fly in).
    moved: bool,
    /// Its words are loaded (or could not be).
    ready: bool,
    /// Its lesson, once read, when it shows one.
    lesson: Option<lesson::Read>,
}

impl Component for FigureApp {
    type Message = FigureMessage;
    type Properties = FigureProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        if let Ok(FigureSpec {
            source: FigureSource::Lesson(from),
            ..
        }) = &props.spec
        {
            lesson::read(from, ctx.link().callback(FigureMessage::Lesson));
        }
        if let Ok(spec) = &props.spec {
            let (lang, link) = (spec.lang, ctx.link().clone());
            let base = props.app_root.clone();
            let view = spec.link();
            let root = props.app_root.clone();
            yew::platform::spawn_local(async move {
                let loaded = crate::ui::language::load_from(&base, lang).await.err();
                link.send_message(FigureMessage::Ready(loaded));
                link.send_message(FigureMessage::Address(
                    crate::ui::sharing::address_below(&root, view).await,
                ));
            });
        }
        let on_node = ctx
            .link()
            .callback(|name| FigureMessage::Do(Move::Focus(Some(name))));
        FigureApp {
            figure: None,
            stage: None,
            words: None,
            focus: None,
            on_screen: false,
            clock: None,
            address: props.app_root.clone(),
            unavailable: None,
            on_node,
            moved: false,
            ready: false,
            lesson: None,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, message: FigureMessage) -> bool {
        let by_hand = matches!(message, FigureMessage::Do(Move::Toggle | Move::Step(_)));
        match message {
            FigureMessage::Ready(unavailable) => {
                self.unavailable = unavailable;
                self.ready = true;
                self.build(ctx);
            }
            FigureMessage::Lesson(read) => {
                self.lesson = Some(read);
                self.build(ctx);
            }
            FigureMessage::OnScreen(on_screen) => {
                self.on_screen = on_screen;
                if on_screen {
                    self.with_figure(Figure::on_screen);
                }
            }
            FigureMessage::Do(Move::Toggle) => {
                self.with_figure(Figure::toggle_play);
            }
            FigureMessage::Do(Move::Step(forward)) => {
                self.with_figure(|f| f.step(forward));
            }
            FigureMessage::Do(Move::Tick(ms)) => {
                let deadline = now_ms() + FIGURE_TICK_BUDGET_MS;
                // Drawn again when the picture moved, or when playing ended (the controls change).
                let changed =
                    self.with_figure(|f| f.tick(ms, &mut || now_ms() < deadline) || !f.playing());
                if changed != Some(true) {
                    self.keep_ticking(ctx);
                    return false;
                }
            }
            FigureMessage::Do(Move::Focus(name)) => self.focus = name,
            FigureMessage::Address(address) => self.address = address,
        }
        self.moved |= by_hand || matches!(&self.figure, Some(Ok(figure)) if figure.playing());
        self.draw_stage();
        self.keep_ticking(ctx);
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let spec = match &props.spec {
            Ok(spec) => spec,
            Err(problem) => return refused(props.lang, problem),
        };
        let lang = if self.unavailable.is_some() {
            Lang::En
        } else {
            spec.lang
        };
        let figure = match &self.figure {
            // Until it is built, what the element holds (its SVG) shows through.
            None => return html! { <slot /> },
            Some(Err(problem)) => return refused(lang, problem),
            Some(Ok(figure)) => figure,
        };
        let cursor = figure.cursor();
        let run = cursor.run();
        let tour = run.told();
        let step = cursor.current_step();
        let now = cursor.now();
        let count = count_of(tour, step, now, lang);
        // The caption's numbers follow the figure's run (a figure may carry other settings).
        let said = self
            .words
            .as_ref()
            .filter(|_| spec.caption && tour.is_some())
            .and_then(|words| match step {
                Some(i) => words.step(i, lang),
                None => words.intro(lang),
            });
        let source = step
            .and_then(|i| run.step_source(i))
            .filter(|_| said.is_some());
        let link = ctx.link();
        let go = |forward: bool| {
            link.callback(move |_: MouseEvent| FigureMessage::Do(Move::Step(forward)))
        };
        let (can_back, can_forward) = figure.can_step();
        let controls = spec.controls;
        let onkeydown = link.batch_callback(move |event: KeyboardEvent| {
            let action = match event.key().as_str() {
                "ArrowRight" if controls != Controls::None => Move::Step(true),
                "ArrowLeft" if controls != Controls::None => Move::Step(false),
                " " | "k" if controls == Controls::Full => Move::Toggle,
                _ => return None,
            };
            // The figure's, not the page's too: a reveal.js deck must not also move.
            event.prevent_default();
            event.stop_propagation();
            Some(FigureMessage::Do(action))
        });
        let playing = figure.playing();
        let fill = spec.fit || props.slide.is_some() || props.held;
        html! {
            <figure class={classes!("podip-figure", (!self.moved).then_some("fast"), fill.then_some("fit"))} data-testid="figure" data-step={step.map(|i| (i + 1).to_string())}
                data-time={now.0.to_string()} data-playing={playing.to_string()}
                tabindex="0" aria-label={t::FIGURE_LABEL.fill(lang, &[&count])} {onkeydown}>
                if let Some(stage) = &self.stage {
                    <StageView {lang} stage={stage.clone()} on_node={self.on_node.clone()} measure_later=true {fill} slide={props.slide} steady=true />
                }
                if let Some(said) = said {
                    <figcaption class={classes!("figure-caption", props.slide.map(|_| "held"))} data-testid="figure-caption">
                        <div class="figure-words">{ words_of(said, source, lang) }</div>
                        { for self.held_words(props.slide_steps, step, lang) }
                    </figcaption>
                }
                <div class="figure-bar">
                    if controls != Controls::None {
                        <button data-testid="figure-prev" disabled={!can_back} onclick={go(false)}
                            aria-label={t::PREV_STEP.get(lang)}>{ "◀" }</button>
                    }
                    if controls == Controls::Full {
                        <button data-testid="figure-play" onclick={link.callback(|_: MouseEvent| FigureMessage::Do(Move::Toggle))}
                            aria-pressed={playing.to_string()}>
                            { if playing { t::PAUSE.get(lang) } else { t::PLAY.get(lang) } }
                        </button>
                    }
                    if controls != Controls::None {
                        <button data-testid="figure-next" disabled={!can_forward} onclick={go(true)}
                            aria-label={t::NEXT_STEP.get(lang)}>{ "▶" }</button>
                    }
                    <span class="figure-count" data-testid="figure-count" aria-live="polite">{ count }</span>
                    <a class="figure-open" data-testid="figure-open" href={self.address.clone()} target="_blank" rel="noopener">
                        { t::OPEN_FULL.get(lang) }
                    </a>
                </div>
            </figure>
        }
    }
}

impl FigureApp {
    /// The figure built, once its words are loaded and its lesson (if it shows one) is read.
    fn build(&mut self, ctx: &Context<Self>) {
        let Ok(spec) = &ctx.props().spec else { return };
        let lesson = matches!(spec.source, FigureSource::Lesson(_));
        if !self.ready || self.figure.is_some() || (lesson && self.lesson.is_none()) {
            return;
        }
        let mut spec = spec.clone();
        spec.autoplay &= !ctx.props().reduced_motion;
        let mut figure = RUNS.with(|runs| {
            let runs = &mut runs.borrow_mut();
            match &self.lesson {
                Some(Ok(tour)) => Figure::open_lesson(runs, &spec, tour),
                Some(Err(problem)) => Err(problem.clone()),
                None => Figure::open(runs, &spec),
            }
        });
        if let (Ok(figure), true) = (&mut figure, ctx.props().entered_forward) {
            figure.entered_forward();
        }
        if let (Ok(figure), Some(Ok(tour))) = (&figure, &self.lesson) {
            // "Open in podip ↗": the lesson's scenario at the step's moment.
            let run = figure.cursor().run();
            let at = spec.step.and_then(|step| run.step_time(step));
            let view = spec.lesson_link(tour.scenario(), at.unwrap_or(run.horizon()));
            let (root, link) = (ctx.props().app_root.clone(), ctx.link().clone());
            yew::platform::spawn_local(async move {
                let address = crate::ui::sharing::address_below(&root, view).await;
                link.send_message(FigureMessage::Address(address));
            });
        }
        self.figure = Some(figure);
        if self.on_screen {
            self.with_figure(Figure::on_screen);
        }
    }

    /// `change` on the figure, when it is built.
    fn with_figure<T>(&mut self, change: impl FnOnce(&mut Figure) -> T) -> Option<T> {
        match &mut self.figure {
            Some(Ok(figure)) => Some(change(figure)),
            _ => None,
        }
    }

    /// In a slide, the words of the other steps its fragments show, unseen, in the caption's place: the
    /// caption is as tall at each, so the stage above it keeps its room as the fragments step it.
    fn held_words(
        &self,
        steps: Option<(usize, usize)>,
        shown: Option<usize>,
        lang: Lang,
    ) -> Vec<Html> {
        let (Some(words), Some(Ok(figure)), Some((first, last))) =
            (&self.words, &self.figure, steps)
        else {
            return Vec::new();
        };
        let run = figure.cursor().run();
        let count = run.told().map_or(0, |tour| tour.steps.len());
        let others = (first.max(1) - 1..last.min(count)).filter(|i| Some(*i) != shown);
        others
            .map(Some)
            .filter_map(|i| {
                let said = match i {
                    Some(i) => words.step(i, lang),
                    None => words.intro(lang),
                }?;
                let source = i.and_then(|i| run.step_source(i));
                Some(html! {
                    <div class="figure-words unseen" aria-hidden="true">{ words_of(said, source, lang) }</div>
                })
            })
            .collect()
    }

    /// The stage at the figure's time.
    fn draw_stage(&mut self) {
        if let Some(Ok(figure)) = &self.figure {
            let run = figure.cursor().run();
            if self.words.as_ref().is_none_or(|words| !words.is_of(run)) {
                self.words = Some(TourWords::of(run));
            }
            let stage = figure.cursor().stage(None, self.focus.as_deref());
            if self.stage.as_ref().is_none_or(|last| **last != stage) {
                self.stage = Some(Shared::new(stage));
            }
        }
    }

    /// The clock ticks while the figure plays on screen, and not otherwise.
    fn keep_ticking(&mut self, ctx: &Context<Self>) {
        let playing = matches!(&self.figure, Some(Ok(figure)) if figure.playing());
        if !(playing && self.on_screen) {
            self.clock = None;
        } else if self.clock.is_none() {
            let tick = ctx.link().callback(|ms| FigureMessage::Do(Move::Tick(ms)));
            let mut last = now_ms();
            self.clock = Some(Interval::new(FIGURE_TICK_MS, move || {
                let now = now_ms();
                tick.emit(now - last);
                last = now;
            }));
        }
    }
}

/// What the figure's bar says of its moment: the tour, the step and the time.
pub(crate) fn count_of(
    tour: Option<&crate::tours::Tour>,
    step: Option<usize>,
    now: crate::sim::VirtualTime,
    lang: Lang,
) -> String {
    match (tour, step) {
        (Some(tour), Some(i)) => t::STEP_OF.fill(
            lang,
            &[
                tour.title.get(lang),
                &(i + 1).to_string(),
                &tour.steps.len().to_string(),
                &seconds(now),
            ],
        ),
        (Some(tour), None) => t::INTRODUCTION.fill(lang, &[tour.title.get(lang)]),
        (None, _) => format!("t = {}", seconds(now)),
    }
}

/// A step's words as the caption says them: the text, its upstream source, the note that they are
/// the tour's own cluster's.
pub(crate) fn words_of(
    said: crate::playback::words::Said,
    source: Option<&'static crate::sim::upstream::Upstream>,
    lang: Lang,
) -> Html {
    html! {
        <>
            { said.text }
            { for crate::ui::words::source_line(source, lang) }
            if said.own_cluster {
                <p class="own-cluster" data-testid="own-cluster" role="note">{ t::OWN_CLUSTER.get(lang) }</p>
            }
        </>
    }
}

/// A figure that cannot be drawn says why, in its place.
fn refused(lang: Lang, problem: &str) -> Html {
    html! {
        <div class="podip-figure refused" data-testid="figure" role="alert">
            <p class="figure-problem" data-testid="figure-problem">{ t::FIGURE_PROBLEM.fill(lang, &[problem]) }</p>
        </div>
    }
}

/// The browser's side: each `<podip-figure>` on the page and the app drawn in its shadow root.
pub(crate) mod article_parts;
pub(crate) mod lesson;
pub mod sentence;

#[cfg(target_arch = "wasm32")]
mod element {
    use super::{FigureApp, FigureMessage, FigureProps};
    use crate::i18n::Lang;
    use crate::share::figure::FigureSpec;
    use std::cell::RefCell;
    use wasm_bindgen::JsCast;
    use web_sys::{Element, HtmlElement};
    use yew::AppHandle;

    thread_local! {
        /// The figures drawn, by their element.
        static DRAWN: RefCell<Vec<(HtmlElement, AppHandle<FigureApp>)>> = const { RefCell::new(Vec::new()) };
    }

    /// Draw the figure `host` (a `<podip-figure>`) in `root` (its shadow root's container), its "Open
    /// in podip ↗" below `app_root`; drawn again from its attributes if it already was.
    pub fn connect(host: HtmlElement, root: Element, app_root: String) {
        disconnect(&host);
        let inline = host
            .query_selector(r#":scope > script[type="text/podip"]"#)
            .ok()
            .flatten()
            .and_then(|script| script.text_content());
        let written = host
            .query_selector(r#":scope > script[type="text/podip-lesson"]"#)
            .ok()
            .flatten()
            .and_then(|script| script.text_content());
        let page_lang = host
            .closest("[lang]")
            .ok()
            .flatten()
            .and_then(|e| e.get_attribute("lang"));
        let spec = FigureSpec::read_with_lesson(
            |name| host.get_attribute(name),
            inline.as_deref(),
            written.as_deref(),
            page_lang.as_deref(),
        )
        .map_err(|problem| problem.to_string());
        let lang = page_lang
            .as_deref()
            .and_then(Lang::from_tag)
            .unwrap_or_default();
        let reduced_motion = web_sys::window()
            .and_then(|w| {
                w.match_media("(prefers-reduced-motion: reduce)")
                    .ok()
                    .flatten()
            })
            .is_some_and(|m| m.matches());
        let slide = host
            .get_attribute("data-podip-slide")
            .and_then(|scale| scale.parse::<f64>().ok())
            .filter(|scale| scale.is_finite() && *scale > 0.0);
        let slide_steps = host.get_attribute("data-podip-steps").and_then(|steps| {
            let (first, last) = steps.split_once(' ')?;
            Some((first.parse().ok()?, last.parse().ok()?))
        });
        // Said once, by the script, for the draw a fragment shown forward asks for.
        let entered_forward = host.has_attribute("data-podip-forward") && !reduced_motion;
        host.remove_attribute("data-podip-forward").ok();
        let held = host.has_attribute("data-podip-held");
        root.set_inner_html("");
        let props = FigureProps {
            spec,
            lang,
            app_root,
            reduced_motion,
            slide,
            slide_steps,
            entered_forward,
            held,
        };
        let app = yew::Renderer::<FigureApp>::with_root_and_props(root, props).render();
        DRAWN.with(|drawn| drawn.borrow_mut().push((host, app)));
    }

    /// Take the figure `host` away (it left the page).
    pub fn disconnect(host: &HtmlElement) {
        let app = DRAWN.with(|drawn| {
            let mut drawn = drawn.borrow_mut();
            let at = drawn.iter().position(|(h, _)| h == host)?;
            Some(drawn.swap_remove(at).1)
        });
        if let Some(app) = app {
            app.destroy();
        }
    }

    /// The figure `host` came on screen or went off it.
    pub fn on_screen(host: &HtmlElement, on_screen: bool) {
        DRAWN.with(|drawn| {
            if let Some((_, app)) = drawn.borrow().iter().find(|(h, _)| h == host) {
                app.send_message(FigureMessage::OnScreen(on_screen));
            }
        });
    }

    /// The element as an `HtmlElement` (the script passes `this`).
    pub fn element(value: wasm_bindgen::JsValue) -> Option<HtmlElement> {
        value.dyn_into().ok()
    }
}

#[cfg(target_arch = "wasm32")]
pub use element::{connect, disconnect, element, on_screen};
