//! The page's chrome: the toolbar (language, theme, copy link, what sits beside it, shortcuts), the shortcuts dialog, and
//! what the live region says for screen readers.

use super::state::Action;
use super::view::Shown;
use crate::i18n::{ui as t, Lang};
use crate::share::{Link, Theme};
use crate::tours::Told;
use crate::ui::language;
use crate::ui::sharing::view_url;
use web_sys::HtmlSelectElement;
use yew::platform::spawn_local;
use yew::prelude::*;

/// Props of the toolbar.
#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    /// The language in use.
    pub lang: Lang,
    /// The theme chosen, `None` to follow the system.
    pub theme: Option<Theme>,
    /// Makes the view's link.
    pub link: Callback<(), Link>,
    /// Sends the language, the theme, the shortcuts dialog and the presenter view.
    pub dispatch: Callback<Action>,
    /// What sits beside "Copy link" (the export menu).
    #[prop_or_default]
    pub children: Html,
}

/// Language and theme switchers, "Copy link" (with the link shown, for when the clipboard is refused),
/// and the shortcuts button.
#[function_component(Toolbar)]
pub fn toolbar(props: &ToolbarProps) -> Html {
    let lang = props.lang;
    let copied = use_state(|| None::<String>);
    // A language is shown once its texts are loaded; if they cannot be, the page and the switcher stay
    // in the language they are in.
    let on_lang = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: Event| {
            let select = e.target_unchecked_into::<HtmlSelectElement>();
            let wanted = Lang::from_tag(&select.value()).unwrap_or_default();
            let dispatch = dispatch.clone();
            spawn_local(async move {
                match language::load(wanted).await {
                    Ok(()) => dispatch.emit(Action::Language(wanted)),
                    Err(reason) => {
                        select.set_value(lang.tag());
                        let why = language::unavailable(wanted, &reason);
                        dispatch.emit(Action::LanguageUnavailable(Some(why)));
                    }
                }
            });
        })
    };
    let on_theme = {
        props.dispatch.reform(|e: Event| {
            Action::Theme(
                match e
                    .target_unchecked_into::<HtmlSelectElement>()
                    .value()
                    .as_str()
                {
                    "light" => Some(Theme::Light),
                    "dark" => Some(Theme::Dark),
                    _ => None,
                },
            )
        })
    };
    let on_copy = {
        let (copied, link) = (copied.clone(), props.link.clone());
        Callback::from(move |_: MouseEvent| {
            let (copied, link) = (copied.clone(), link.emit(()));
            spawn_local(async move {
                let Some(window) = web_sys::window() else {
                    return;
                };
                let url = view_url(link).await;
                // The clipboard may be refused (permissions, an insecure origin); the link is shown either way.
                let _ = window.navigator().clipboard().write_text(&url);
                copied.set(Some(url));
            });
        })
    };
    let on_help = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Help(Some(true))))
    };
    let on_present = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Present(Some(true))))
    };
    let theme_value = props.theme.map_or("system", Theme::as_str);
    html! {
        <div class="toolbar">
            <label class="switch">
                <span>{ t::LANGUAGE.get(lang) }</span>
                <select data-testid="lang" onchange={on_lang}>
                    { for Lang::ALL.iter().map(|l| html! {
                        <option value={l.tag()} lang={l.tag()} selected={*l == lang}>{ l.native_name() }</option>
                    }) }
                </select>
            </label>
            <label class="switch">
                <span>{ t::THEME.get(lang) }</span>
                <select data-testid="theme" onchange={on_theme}>
                    <option value="system" selected={theme_value == "system"}>{ t::THEME_SYSTEM.get(lang) }</option>
                    <option value="light" selected={theme_value == "light"}>{ t::THEME_LIGHT.get(lang) }</option>
                    <option value="dark" selected={theme_value == "dark"}>{ t::THEME_DARK.get(lang) }</option>
                </select>
            </label>
            <button data-testid="copy-link" onclick={on_copy}>{ t::COPY_LINK.get(lang) }</button>
            { props.children.clone() }
            <button data-testid="present" onclick={on_present} aria-keyshortcuts="P">{ t::PRESENT.get(lang) }</button>
            // A narrow toolbar shows the key's own sign: the name stays the button's label.
            <button data-testid="help" onclick={on_help} aria-keyshortcuts="?" aria-label={t::SHORTCUTS.get(lang)}>
                <span class="wide-only">{ t::SHORTCUTS.get(lang) }</span><span class="narrow-only" aria-hidden="true">{ "?" }</span>
            </button>
            if let Some(url) = &*copied {
                <label class="copied">
                    <span role="status">{ t::LINK_COPIED.get(lang) }</span>
                    <input data-testid="link" type="text" readonly=true value={url.clone()} aria-label={t::LINK_FIELD.get(lang)} />
                </label>
            }
        </div>
    }
}

/// Props of the shortcuts dialog.
#[derive(Properties, PartialEq)]
pub struct HelpProps {
    /// The page's language.
    pub lang: Lang,
    /// Closes it.
    pub dispatch: Callback<Action>,
}

/// The keyboard shortcuts, in a modal dialog that takes the focus.
#[function_component(Help)]
pub fn help(props: &HelpProps) -> Html {
    let lang = props.lang;
    let close_button = use_node_ref();
    {
        let close_button = close_button.clone();
        use_effect_with((), move |_| {
            if let Some(button) = close_button.cast::<web_sys::HtmlElement>() {
                button.focus().ok();
            }
        });
    }
    let on_close = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Help(Some(false))))
    };
    let keys = [
        ("Space", t::KEY_SPACE),
        ("← / →", t::KEY_ARROWS),
        ("PgUp / PgDn", t::KEY_PAGES),
        (". / B", t::KEY_BLANK),
        ("C", t::KEY_COMMAND),
        ("− / +", t::KEY_SPEED),
        ("P", t::KEY_PRESENT),
        ("?", t::KEY_HELP),
        ("Esc", t::KEY_ESCAPE),
    ];
    html! {
        <div class="dialog-backdrop">
            <div class="dialog card" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help-dialog">
                <h2 id="help-title">{ t::SHORTCUTS.get(lang) }</h2>
                <dl class="keys">
                    { for keys.iter().map(|(key, text)| html! {
                        <>
                            <dt><kbd>{ *key }</kbd></dt>
                            <dd>{ text.get(lang) }</dd>
                        </>
                    }) }
                </dl>
                <button ref={close_button} onclick={on_close}>{ t::CLOSE.get(lang) }</button>
            </div>
        </div>
    }
}

/// What the live region says: the latest event, once the clock stops on it (while playing, the
/// screen reader would only fall behind).
pub fn announcement(shown: &Shown, lang: Lang) -> String {
    if shown.playing {
        return String::new();
    }
    let Some(row) = shown.log.rows.last() else {
        return String::new();
    };
    t::ANNOUNCE.fill(
        lang,
        &[&row.time, &row.reason, row.object.as_str(), &row.message],
    )
}

/// The title of the page of `tour` (or of none) in `lang`; the app keeps the document's title to it.
pub fn page_title(lang: Lang, tour: Option<Told>) -> String {
    match tour {
        Some(tour) => format!("{} — podip", tour.tour().title.get(lang)),
        None => format!("podip — {}", t::PAGE_TITLE.get(lang)),
    }
}
