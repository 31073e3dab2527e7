//! What the page was opened with: its link read, the language chosen and loaded, and what of the link
//! was refused, in the page's language.

use crate::i18n::{ui as t, Lang};
use crate::ipam::goip::GoQuoted;
use crate::playback::LinkRefusal;
use crate::share::figure::LessonFrom;
use crate::share::{Link, LinkProblem, MAX_QUERY_LEN, MAX_SCENARIO_LEN};
use crate::ui::language;
use crate::ui::sharing::{browser_lang, page_below_root, parse_link};

/// What the page was opened with: its link, what of it was refused, and the language to start in
/// (with why it is English instead, when that language's texts could not be loaded).
#[derive(Clone, PartialEq)]
pub struct Opened {
    /// The link.
    pub link: Link,
    /// What of it was refused.
    pub problems: Vec<String>,
    /// The language to start in.
    pub lang: Lang,
    /// Why it is English instead of the language asked for.
    pub unavailable: Option<String>,
    /// The link's lesson fetched from its address (`?lesson=`): its bytes, or why not.
    pub lesson: Option<Result<Vec<u8>, String>>,
}

impl Opened {
    /// The view a link without a query opens in English: the one rendered at build time.
    pub fn default_view() -> Self {
        Opened::page(Link::default())
    }

    /// A page's own view (its language and tour, as rendered at build time), opened without waiting:
    /// English needs nothing loaded, and natively every language is compiled in.
    pub fn page(link: Link) -> Self {
        Opened {
            lang: link.lang.unwrap_or_default(),
            link,
            problems: Vec::new(),
            unavailable: None,
            lesson: None,
        }
    }

    /// Read `location.search` over what the page's path says (`ja/tour/kind/`); the language is
    /// `?lang=`, else the page's, else the browser's, else English. Its texts are loaded before the
    /// page shows, so it never flashes in another language.
    pub async fn from_location() -> Self {
        let query = location_search();
        let (link, problems) = parse_link(&query).await;
        let link = link.on_page(&page_below_root());
        let wanted = link.lang.unwrap_or_else(browser_lang);
        let (lang, unavailable) = match language::load(wanted).await {
            Ok(()) => (wanted, None),
            Err(reason) => (Lang::En, Some(language::unavailable(wanted, &reason))),
        };
        // While the texts loaded, the page may have walked its tour from its stops (index.html): the
        // step is the one its link names now.
        let (link, problems) = match location_search() {
            later if later != query => {
                let (later, problems) = parse_link(&later).await;
                (later.on_page(&page_below_root()), problems)
            }
            _ => (link, problems),
        };
        let lesson = match &link.lesson {
            Some(LessonFrom::At(at)) => Some(crate::ui::figure::lesson::fetch(at).await),
            _ => None,
        };
        Opened {
            lesson,
            problems: problems.iter().map(|p| link_problem(p, lang)).collect(),
            link,
            lang,
            unavailable,
        }
    }
}

/// The page's `location.search`.
fn location_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// What was refused of a link, in the page's language (parameter names and values as given).
fn link_problem(problem: &LinkProblem, lang: Lang) -> String {
    match problem {
        LinkProblem::TooLong(len) => {
            t::LINK_TOO_LONG.fill(lang, &[&len.to_string(), &MAX_QUERY_LEN.to_string()])
        }
        LinkProblem::BadBase64 => t::LINK_BAD_BASE64.get(lang).to_string(),
        LinkProblem::BadDeflate => t::LINK_BAD_DEFLATE.get(lang).to_string(),
        LinkProblem::ScenarioTooLong => {
            t::LINK_SCENARIO_TOO_LONG.fill(lang, &[&MAX_SCENARIO_LEN.to_string()])
        }
        LinkProblem::NotUtf8 => t::LINK_NOT_UTF8.get(lang).to_string(),
        LinkProblem::BadValue(name, value) => {
            t::LINK_BAD_VALUE.fill(lang, &[&format!("{name}={}", GoQuoted(value))])
        }
        // Why in the checker's English, as a figure says it (a lesson is English first).
        LinkProblem::LessonAddress(why) => t::LINK_LESSON_REFUSED.fill(lang, &[why]),
    }
}

/// What the playback refused of a link, in the page's language.
pub fn link_refusal(refusal: &LinkRefusal, lang: Lang) -> String {
    match refusal {
        LinkRefusal::Scenario(err) => err.clone(),
        LinkRefusal::Settings(err) => t::LINK_SETTINGS_REFUSED.fill(lang, &[err]),
        LinkRefusal::Lesson(why) => t::LINK_LESSON_REFUSED.fill(lang, &[why]),
        LinkRefusal::Step { given, steps: 0 } => {
            t::LINK_STEP_NO_TOUR.fill(lang, &[&given.to_string()])
        }
        LinkRefusal::Step { given, steps } => {
            t::LINK_STEP_PAST_END.fill(lang, &[&given.to_string(), &steps.to_string()])
        }
    }
}
