//! "Write a lesson": the draft's fields and steps, the file they write with its problems at their
//! lines, and the ways out (play it, download it, copy its link). The draft is kept in the browser's
//! `localStorage` as it changes and taken up again on the next visit. The steps are view functions,
//! not components: each component type costs the wasm its own copy of Yew's lifecycle code.

use super::export::{js_error_text, save};
use super::picture::text_blob;
use super::state::{Action, WriterAction};
use super::view::WriterShown;
use super::writer_texts::{button, field, language_choice, pressing, text_field, typing};
use crate::i18n::{ui as t, Lang};
use crate::playback::stage::Stage;
use crate::playback::writer::{Part, Thing, Writer};
use crate::share::figure::LessonFrom;
use crate::share::{too_long_for_a_link, Link, MAX_QUERY_LEN};
use crate::tours::lesson::draft::{Draft, DraftScenario, DraftStep, Edit, Field};
use crate::tours::lesson::Problem;
use crate::tours::{LessonText, TourId};
use crate::ui::language;
use crate::ui::shared::Shared;
use crate::ui::sharing::view_url;
use crate::ui::stage::StageView;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlSelectElement};
use yew::platform::spawn_local;
use yew::prelude::*;

/// Where the draft is kept in the browser.
const STORAGE_KEY: &str = "podip.lesson-draft";

/// Props of the writer.
#[derive(Properties, PartialEq)]
pub struct WriterProps {
    /// The page's language.
    pub lang: Lang,
    /// The lesson being written and the event picked.
    pub writer: Shared<WriterShown>,
    /// The stage, which the learner's view shows.
    pub stage: Shared<Stage>,
    /// Sends actions.
    pub dispatch: Callback<Action>,
}

/// The "Write a lesson" card.
#[function_component(WriterCard)]
pub fn writer_card(props: &WriterProps) -> Html {
    let (lang, dispatch) = (props.lang, &props.dispatch);
    // The select's value: a built-in's name, `open` (the lesson the theatre tells), empty.
    let from = use_state(String::new);
    let link = use_state(|| None::<Result<String, String>>);
    // The language the texts are written in: English, or a translation beside it.
    let writing = use_state(|| Lang::En);
    {
        // The draft of the last visit, taken up once.
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            let kept = storage()
                .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
                .and_then(|kept| Draft::unkept(&kept));
            if let Some(draft) = kept {
                dispatch.emit(WriterAction::Restore(Box::new(draft)).into());
            }
        });
    }
    let writer = props.writer.writer.clone();
    {
        // Kept as it changes; the author is put in the words of a step just added.
        let link = link.clone();
        use_effect_with(writer.clone(), move |writer| {
            link.set(None);
            let Some(writer) = writer else { return };
            if let Some(storage) = storage() {
                // A full or refused storage keeps nothing: the page works on.
                let _ = storage.set_item(STORAGE_KEY, &writer.draft().kept());
            }
            if let Some(step) = writer.added() {
                focus(&format!("writer-words-{step}"));
            }
        });
    }
    let on_from = {
        let from = from.clone();
        Callback::from(move |e: Event| {
            from.set(e.target_unchecked_into::<HtmlSelectElement>().value())
        })
    };
    let on_start = {
        let (dispatch, from) = (dispatch.clone(), from.clone());
        Callback::from(move |_: MouseEvent| {
            let dispatch = dispatch.clone();
            match TourId::from_name(&from) {
                // Its translations come from the catalogs: both are loaded first (a failure leaves
                // the English alone).
                Some(id) => spawn_local(async move {
                    let _ = language::load(Lang::Zh).await;
                    let _ = language::load(Lang::Ja).await;
                    dispatch.emit(WriterAction::Start(Some(id)).into());
                }),
                None if *from == "open" => dispatch.emit(WriterAction::Open.into()),
                None => dispatch.emit(WriterAction::Start(None).into()),
            }
        })
    };
    let on_node = use_callback(dispatch.clone(), |name, dispatch| {
        dispatch.emit(WriterAction::Pick(Thing::Node(name)).into())
    });
    let on_pod = use_memo(dispatch.clone(), |dispatch| {
        Some(dispatch.reform(|name| WriterAction::Pick(Thing::Pod(name)).into()))
    });
    let on_file = use_memo(dispatch.clone(), |dispatch| {
        Some(dispatch.reform(|(node, file)| WriterAction::Pick(Thing::IpFile(node, file)).into()))
    });
    let on_writing = {
        let writing = writing.clone();
        Callback::from(move |chosen| writing.set(chosen))
    };
    let writing = *writing;
    let shown = &props.writer;
    html! {
        <section class="card writer" aria-labelledby="writer-title" data-testid="writer">
            <h2 id="writer-title">{ t::WRITE_LESSON.get(lang) }</h2>
            <p class="lede">{ t::WRITER_LEDE.get(lang) }</p>
            <div class="writer-start">
                <label for="writer-from">{ t::WRITER_FROM.get(lang) }</label>
                <select id="writer-from" data-testid="writer-from" onchange={on_from}>
                    <option value="" selected={from.is_empty()}>{ t::WRITER_EMPTY.get(lang) }</option>
                    if shown.open {
                        <option value="open" selected={*from == "open"}>{ t::WRITER_OPEN.get(lang) }</option>
                    }
                    { for TourId::ALL.into_iter().map(|id| html! {
                        <option value={id.name()} selected={*from == id.name()}>{ id.tour().title.get(lang) }</option>
                    }) }
                </select>
                { button(t::WRITER_START.get(lang).into(), "writer-start", false, on_start) }
            </div>
            if let Some(writer) = writer {
                <div class="writer-body">
                    { draft_fields(&writer, shown, (writing, on_writing), dispatch, lang) }
                    <div class="writer-side" id="writer-side">
                        { learner_view(&writer, shown, html! {
                            <StageView {lang} stage={props.stage.clone()} {on_node} on_pod={(*on_pod).clone()} on_file={(*on_file).clone()} />
                        }, writing, dispatch, lang) }
                        { file_view(&writer, dispatch, &link, lang) }
                    </div>
                </div>
            }
        </section>
    }
}

/// The draft's title, introduction, the event picked and its steps.
fn draft_fields(
    writer: &Writer,
    shown: &WriterShown,
    (writing, on_writing): (Lang, Callback<Lang>),
    dispatch: &Callback<Action>,
    lang: Lang,
) -> Html {
    let draft = writer.draft();
    let picked = shown.picked.as_ref();
    let on_add = dispatch.reform(|_: MouseEvent| WriterAction::AddHere.into());
    let scenario = match &draft.scenario {
        DraftScenario::Builtin(name) => {
            let text = draft.scenario_text().unwrap_or_default().to_string();
            html! {
                <div class="writer-scenario">
                    { field(t::WRITER_SCENARIO.get(lang).into(), "writer-scenario", None, name, 0, typing(dispatch, Edit::ScenarioName)) }
                    { button(t::WRITER_WRITE_OUT.get(lang).into(), "writer-write-out", false, pressing(dispatch, Edit::ScenarioText(text))) }
                </div>
            }
        }
        DraftScenario::Written(text) => field(
            t::WRITER_SCENARIO_TEXT.get(lang).into(),
            "writer-scenario-text",
            None,
            text,
            8,
            typing(dispatch, Edit::ScenarioText),
        ),
    };
    html! {
        <div class="writer-draft">
            { language_choice(writing, on_writing, draft, lang) }
            { text_field(t::WRITER_TITLE.get(lang).into(), "writer-title", None, &draft.title, Field::Title, 0, writing, dispatch, lang) }
            { text_field(t::WRITER_INTRO.get(lang).into(), "writer-intro", None, &draft.intro, Field::Intro, 3, writing, dispatch, lang) }
            { problems_of(writer, Part::Head) }
            { scenario }
            { problems_of(writer, Part::Scenario) }
            <p class="writer-picked" data-testid="writer-picked">{ match picked {
                Some(picked) => t::WRITER_PICKED.fill(lang, &[&picked.waits_for]),
                None => t::WRITER_NO_EVENT.get(lang).into(),
            } }</p>
            { button(t::WRITER_ADD.get(lang).into(), "writer-add", picked.is_none(), on_add) }
            <ol class="writer-steps">
                { for draft.steps.iter().enumerate().map(|(i, step)| step_fields(i, step, writer, writing, dispatch, lang)) }
            </ol>
            { field(t::WRITER_SOURCES.get(lang).into(), "writer-sources", None, &draft.sources_text(), 3, typing(dispatch, Edit::Sources)) }
            { problems_of(writer, Part::Sources) }
        </div>
    }
}

/// One step's fields and buttons, and its question's.
fn step_fields(
    i: usize,
    step: &DraftStep,
    writer: &Writer,
    writing: Lang,
    dispatch: &Callback<Action>,
    lang: Lang,
) -> Html {
    let id = step.id.as_str();
    let steps = writer.draft().steps.len();
    let shows = step.shows.join(" ");
    let command = step.command.as_deref().unwrap_or_default();
    // Editing a step shows it in the learner's view, a step newly followed from the view's top.
    let onfocusin = dispatch.reform(move |e: FocusEvent| {
        let followed = (e.current_target())
            .and_then(|step| step.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|step| step.class_list().contains("followed"));
        if !followed {
            if let Some(side) = element("writer-side") {
                side.set_scroll_top(0);
            }
        }
        WriterAction::Follow(i).into()
    });
    let question = step.question.as_ref().map(|q| {
        let choices = q.choices.iter().enumerate().map(|(c, choice)| {
            let number = (c + 1).to_string();
            html! {
                <div class="writer-choice">
                    { text_field(t::WRITER_CHOICE.fill(lang, &[&number]), "writer-choice", None, choice, Field::Choice(i, c), 0, writing, dispatch, lang) }
                    <label class="writer-right">
                        <input type="radio" name={format!("writer-right-{i}")} data-testid="writer-right" checked={q.correct == c} onclick={pressing(dispatch, Edit::Correct(i, c))} />
                        <span>{ t::WRITER_RIGHT.fill(lang, &[&number]) }</span>
                    </label>
                </div>
            }
        });
        html! {
            <fieldset class="writer-question">
                <legend>{ t::WRITER_QUESTION.get(lang) }</legend>
                { text_field(t::WRITER_QUESTION.get(lang).into(), "writer-question", None, &q.text, Field::Question(i), 2, writing, dispatch, lang) }
                { for choices }
                { button(t::WRITER_ADD_CHOICE.get(lang).into(), "writer-add-choice", false, pressing(dispatch, Edit::AddChoice(i))) }
                { text_field(t::WRITER_WHY.get(lang).into(), "writer-why", None, &q.why, Field::Why(i), 2, writing, dispatch, lang) }
            </fieldset>
        }
    });
    let asked = step.question.is_some();
    let ask = if asked {
        t::WRITER_UNASK
    } else {
        t::WRITER_ASK
    };
    html! {
        <li class={classes!("writer-step", (writer.following() == Some(i)).then_some("followed"))} data-testid="writer-step" key={i} {onfocusin}>
            <fieldset>
                <legend>{ t::WRITER_STEP.fill(lang, &[&(i + 1).to_string(), id]) }</legend>
                { field(t::WRITER_STEP_ID.get(lang).into(), "writer-step-id", None, id, 0, typing(dispatch, move |text| Edit::StepId(i, text))) }
                { field(t::WRITER_WAITS_FOR.get(lang).into(), "writer-waits-for", None, &step.waits_for, 0, typing(dispatch, move |text| Edit::WaitsFor(i, text))) }
                { text_field(t::WRITER_WORDS.get(lang).into(), "writer-words", Some(format!("writer-words-{i}")), &step.words, Field::Words(i), 3, writing, dispatch, lang) }
                { field(t::WRITER_SHOWS.get(lang).into(), "writer-shows", None, &shows, 0, typing(dispatch, move |text| Edit::Shows(i, text))) }
                { field(t::WRITER_COMMAND.get(lang).into(), "writer-command", None, command, 0, typing(dispatch, move |text| Edit::Command(i, text))) }
                { for question }
                <div class="writer-step-buttons">
                    { button(ask.get(lang).into(), "writer-ask", false, pressing(dispatch, Edit::Question(i, !asked))) }
                    { button(t::WRITER_UP.fill(lang, &[id]), "writer-up", i == 0, pressing(dispatch, Edit::Move(i, true))) }
                    { button(t::WRITER_DOWN.fill(lang, &[id]), "writer-down", i + 1 == steps, pressing(dispatch, Edit::Move(i, false))) }
                    { button(t::WRITER_DELETE.fill(lang, &[id]), "writer-delete", false, pressing(dispatch, Edit::Delete(i))) }
                </div>
                { problems_of(writer, Part::Step(i)) }
            </fieldset>
        </li>
    }
}

/// The problems at the lines of `part`, each a link to its line in the file.
fn problems_of(writer: &Writer, part: Part) -> Html {
    let problems: Vec<&Problem> = writer.problems_in(part).collect();
    if problems.is_empty() {
        return Html::default();
    }
    html! {
        <ul class="writer-problems wrong" data-testid="writer-part-problems">
            { for problems.iter().map(|p| html! { <li><a href={format!("#writer-line-{}", p.line)}>{ p.to_string() }</a></li> }) }
        </ul>
    }
}

/// The step being edited as a learner sees it — its question, its words, the stage at its event —
/// and what was picked on the stage, for the step to wait for or show.
fn learner_view(
    writer: &Writer,
    shown: &WriterShown,
    stage: Html,
    writing: Lang,
    dispatch: &Callback<Action>,
    lang: Lang,
) -> Html {
    let draft = writer.draft();
    // In the language being written, else the page's; a text missing or stale there is in English.
    let learner = if writing == Lang::En { lang } else { writing };
    let said = |text: &LessonText| text.written(learner).unwrap_or(&text.en).to_string();
    let following = writer.following();
    let step = following.and_then(|i| Some((i, draft.steps.get(i)?)));
    let (heading, words) = match step {
        Some((i, step)) => (
            t::WRITER_STEP_OF.fill(
                lang,
                &[&(i + 1).to_string(), &draft.steps.len().to_string()],
            ),
            said(&step.words),
        ),
        None => (t::WRITER_INTRO.get(lang).to_string(), said(&draft.intro)),
    };
    let question = step.and_then(|(_, step)| step.question.as_ref()).map(|q| html! {
        <div class="quiz" data-testid="writer-learner-question">
            <p class="quiz-question">{ said(&q.text) }</p>
            <ol class="writer-learner-choices">
                { for q.choices.iter().enumerate().map(|(c, choice)| html! {
                    <li class={classes!((c == q.correct).then_some("right"))}>{ said(choice) }</li>
                }) }
            </ol>
            <p class="quiz-why">{ said(&q.why) }</p>
        </div>
    });
    let english = step.map_or(vec![&draft.intro], |(_, step)| {
        let asked = step
            .question
            .iter()
            .flat_map(|q| [&q.text, &q.why].into_iter().chain(&q.choices));
        asked.chain([&step.words]).collect()
    });
    let in_english = (learner != Lang::En && english.iter().any(|text| !text.has(learner))).then(|| html! {
        <p class="change-notice" data-testid="writer-learner-english" role="note" lang={learner.tag()}>
            { t::LESSON_IN_ENGLISH.get(learner) }
        </p>
    });
    let picked = shown.picked.as_ref().filter(|_| shown.runs_here);
    let for_step = following.zip(picked).map(|(i, picked)| {
        let number = (i + 1).to_string();
        let wait = Edit::WaitsFor(i, picked.waits_for.clone());
        html! {
            <div class="writer-step-buttons">
                { button(t::WRITER_WAIT_HERE.fill(lang, &[&number, &picked.waits_for]), "writer-wait-here", false, pressing(dispatch, wait)) }
                { for writer.thing().map(|thing| {
                    let show = Edit::Show(i, thing.to_string());
                    button(t::WRITER_SHOW_HERE.fill(lang, &[&number, thing]), "writer-show-here", false, pressing(dispatch, show))
                }) }
            </div>
        }
    });
    html! {
        <section class="writer-learner" aria-labelledby="writer-learner-title" data-testid="writer-learner">
            <h3 id="writer-learner-title">{ t::WRITER_LEARNER.get(lang) }</h3>
            <p class="step-count" data-testid="writer-learner-step">{ heading }</p>
            { for in_english }
            { for question }
            <p class="step-text" data-testid="writer-learner-words">{ words }</p>
            { for following.map(|i| problems_of(writer, Part::Step(i))) }
            if shown.runs_here {
                <p class="writer-picked">{ t::WRITER_PICK_HINT.get(lang) }</p>
                { stage }
                { for for_step }
            } else {
                <p class="writer-picked">{ t::WRITER_OTHER_RUN.get(lang) }</p>
            }
        </section>
    }
}

/// The lesson file with its lines numbered and its problems marked, and the ways out.
fn file_view(
    writer: &Writer,
    dispatch: &Callback<Action>,
    link: &UseStateHandle<Option<Result<String, String>>>,
    lang: Lang,
) -> Html {
    let problems = writer.problems();
    let text = writer.text().to_string();
    let on_play = dispatch.reform(|_: MouseEvent| {
        // The learner's view is the theatre, at the top of the page.
        if let Some(theatre) = element("theatre") {
            theatre.scroll_into_view();
        }
        WriterAction::Play.into()
    });
    let on_download = {
        let text = text.clone();
        dispatch.reform(move |_: MouseEvent| {
            let saved = text_blob(&text, "text/markdown").and_then(|blob| save("lesson.md", &blob));
            Action::ExportProblem(saved.err().map(|err| js_error_text(&err)))
        })
    };
    let on_link = {
        let (link, text) = (link.clone(), text.clone());
        Callback::from(move |_: MouseEvent| {
            let (link, text) = (link.clone(), text.clone());
            spawn_local(async move {
                let carrying = Link {
                    lesson: Some(LessonFrom::Written(text.clone())),
                    lang: Some(lang),
                    ..Link::default()
                };
                let url = view_url(carrying).await;
                let query = url.split_once('?').map_or(0, |(_, query)| query.len() + 1);
                if query > MAX_QUERY_LEN {
                    link.set(Some(Err(too_long_for_a_link(text.len(), query))));
                    return;
                }
                if let Some(window) = web_sys::window() {
                    // The clipboard may be refused; the link is shown either way.
                    let _ = window.navigator().clipboard().write_text(&url);
                }
                link.set(Some(Ok(url)));
            });
        })
    };
    let wrong: Vec<usize> = problems.iter().map(|p| p.line).collect();
    html! {
        <div class="writer-file">
            <h3>{ t::WRITER_FILE.get(lang) }</h3>
            <div data-testid="writer-problems" role="status" class={classes!("writer-problems", (!problems.is_empty()).then_some("wrong"))}>
                if problems.is_empty() {
                    <p>{ t::WRITER_CHECKS.counted(t::WRITER_CHECKS_ONE, lang, writer.draft().steps.len()) }</p>
                } else {
                    <ul>{ for problems.iter().map(|p| html! { <li><a href={format!("#writer-line-{}", p.line)}>{ p.to_string() }</a></li> }) }</ul>
                }
            </div>
            <pre class="writer-text" data-testid="writer-text" tabindex="0" aria-label={t::WRITER_FILE.get(lang)}>
                { for text.lines().enumerate().map(|(n, line)| html! {
                    <span id={format!("writer-line-{}", n + 1)} class={classes!("writer-line", wrong.contains(&(n + 1)).then_some("wrong"))}>
                        <span class="writer-line-number" aria-hidden="true">{ n + 1 }</span>{ line }{ "\n" }
                    </span>
                }) }
            </pre>
            <div class="writer-out">
                { button(t::WRITER_PLAY.get(lang).into(), "writer-play", false, on_play) }
                { button(t::WRITER_DOWNLOAD.get(lang).into(), "writer-download", false, on_download) }
                { button(t::COPY_LINK.get(lang).into(), "writer-copy-link", false, on_link) }
            </div>
            { for link.as_ref().map(|made| match made {
                Ok(url) => html! {
                    <label class="field copied">
                        <span role="status">{ t::LINK_COPIED.get(lang) }</span>
                        <input data-testid="writer-link" type="text" readonly=true value={url.clone()} aria-label={t::WRITER_LINK.get(lang)} />
                    </label>
                },
                Err(why) => html! { <p class="writer-link-problem" role="alert">{ why.clone() }</p> },
            }) }
        </div>
    }
}

/// The browser's `localStorage`, where it may be used.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The element of id `id`.
fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Put the focus in the element of id `id`.
fn focus(id: &str) {
    if let Some(el) = element(id).and_then(|el| el.dyn_into::<HtmlElement>().ok()) {
        let _ = el.focus();
    }
}
