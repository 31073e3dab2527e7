//! Shareable links: everything needed to reproduce a view — the scenario (a tour's name or the text
//! itself), the cluster settings, the virtual time, the tour step, the language and the embedding
//! options — in a URL's query string, and back.
//!
//! The common parameters are plain and readable (`?tour=kind&cluster-cidr=10.244.0.0/16&node-mask=24&t=4.5s`);
//! a scenario text of more than [`PLAIN_SCENARIO_MAX`] bytes travels deflated and base64url-encoded in
//! `s=`. A link comes from anywhere, so reading one never fails: each parameter that cannot be used is
//! dropped with a [`LinkProblem`] saying why, and whatever remains is applied. Nothing read here is ever
//! HTML; it is text handed to the same parsers as typed input.

pub mod figure;
pub mod pages;

use crate::i18n::Lang;
use crate::ipam::goip::GoQuoted;
use crate::ipam::kcm::KcmFlag;
use crate::sim::settings::KnobTexts;
use crate::sim::{KnobId, VirtualDuration, VirtualTime};
use crate::tours::lesson;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use std::fmt;

/// A link longer than this is not read at all (a URL has no business being larger; browsers and
/// servers start refusing around 64 KiB too).
pub const MAX_QUERY_LEN: usize = 64 * 1024;
/// A scenario text at most this long goes in the link as plain text (`scenario=`); longer, deflated (`s=`).
pub const PLAIN_SCENARIO_MAX: usize = 200;
/// A deflated scenario may inflate to at most this many bytes (a zip bomb stops here).
pub const MAX_SCENARIO_LEN: usize = 256 * 1024;

/// Light or dark colours; absent means "follow `prefers-color-scheme`".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// Dark text on light.
    Light,
    /// Light text on dark.
    Dark,
}

impl Theme {
    /// The `theme=` value.
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// The kube-controller-manager flags and settings a link overrides (each as typed, validated where used).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Overrides {
    /// One slot per [`KcmFlag`], in [`KcmFlag::ALL`] order; its parameter is [`KcmFlag::short_name`]
    /// (`cluster-cidr=`, `node-mask=` …).
    flags: [Option<String>; KcmFlag::ALL.len()],
    /// The settings a link carries ([`crate::sim::settings::Reach::link`]), by name: `del-lag=` → the
    /// simulation's `del-lag`.
    knobs: KnobTexts,
}

impl Overrides {
    /// Whether the link overrides nothing.
    pub fn is_empty(&self) -> bool {
        *self == Overrides::default()
    }

    /// The value the link gives `flag`, if any.
    pub fn flag(&self, flag: KcmFlag) -> Option<&str> {
        self.flags[flag as usize].as_deref()
    }

    /// Give `flag` a value (or none).
    pub fn set_flag(&mut self, flag: KcmFlag, value: Option<String>) {
        self.flags[flag as usize] = value;
    }

    /// The value the link gives the setting `id`, if any.
    pub fn knob(&self, id: KnobId) -> Option<&str> {
        self.knobs.get(id)
    }

    /// The settings the link gives a value, with it, in the table's order.
    pub fn knobs(&self) -> impl Iterator<Item = (KnobId, &str)> {
        self.knobs.iter().map(|(knob, text)| (knob.id, text))
    }

    /// Give the setting `id` a value (or none); nothing for a setting a link does not carry.
    pub fn set_knob(&mut self, id: KnobId, value: Option<String>) {
        if id.knob().reach.link {
            self.knobs.set(id, value);
        }
    }
}

/// Where a lesson is (a figure's, a link's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LessonFrom {
    /// At an address the page fetches (`lesson="…"`, `?lesson=`, checked by
    /// [`lesson::address::fetchable`]).
    At(String),
    /// Written inside the element (`<script type="text/podip-lesson">`), or carried in the link (`l=`).
    Written(String),
}

/// Everything a link can say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// `tour=`: a built-in scenario (with its narration).
    pub tour: Option<String>,
    /// `scenario=` (plain) or `s=` (deflated, base64url): a scenario text.
    pub scenario: Option<String>,
    /// `lesson=` (an address the page fetches, [`lesson::address::fetchable`]) or `l=` (the lesson
    /// file itself, deflated and base64url-encoded as `s=` is): a lesson told as a tour.
    pub lesson: Option<LessonFrom>,
    /// Settings applied over the scenario's `cluster` and `set` lines.
    pub overrides: Overrides,
    /// `t=`: the virtual time shown (`4.5s`, `1m`, `300ms`).
    pub time: Option<VirtualTime>,
    /// `step=`: the tour step shown, counted from 1 in the link, from 0 here.
    pub step: Option<usize>,
    /// `lang=`.
    pub lang: Option<Lang>,
    /// `theme=`.
    pub theme: Option<Theme>,
    /// `embed=1`: the compact player without page chrome.
    pub embed: bool,
    /// `autoplay=1`: start playing once loaded.
    pub autoplay: bool,
    /// `controls=0` hides the player's controls (default: shown).
    pub controls: bool,
    /// `quiz=0` turns the tours' questions off (default: on).
    pub quiz: bool,
    /// `present=1`: the presenter view (the stage and the step's words, filling the window).
    pub present: bool,
}

impl Default for Link {
    fn default() -> Self {
        Link {
            tour: None,
            scenario: None,
            lesson: None,
            overrides: Overrides::default(),
            time: None,
            step: None,
            lang: None,
            theme: None,
            embed: false,
            autoplay: false,
            controls: true,
            quiz: true,
            present: false,
        }
    }
}

/// Why (part of) a link was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkProblem {
    /// The whole query is longer than [`MAX_QUERY_LEN`] bytes: nothing of it is used.
    TooLong(usize),
    /// `s=` is not base64url.
    BadBase64,
    /// `s=` is base64url but not a deflated text.
    BadDeflate,
    /// `s=` inflates past [`MAX_SCENARIO_LEN`] bytes.
    ScenarioTooLong,
    /// `s=` inflates to bytes that are not UTF-8.
    NotUtf8,
    /// A parameter's value is not one it accepts: (parameter, value as given, truncated).
    BadValue(&'static str, String),
    /// `lesson=` is no address a lesson is fetched from: why ([`lesson::address::fetchable`]'s words).
    LessonAddress(String),
}

impl fmt::Display for LinkProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkProblem::TooLong(len) => write!(
                f,
                "the link is {len} bytes long, more than the {MAX_QUERY_LEN} accepted"
            ),
            LinkProblem::BadBase64 => f.write_str("s= is not base64url"),
            LinkProblem::BadDeflate => f.write_str("s= does not hold a deflated scenario"),
            LinkProblem::ScenarioTooLong => write!(
                f,
                "s= holds a scenario of more than {MAX_SCENARIO_LEN} bytes, the most a link carries"
            ),
            LinkProblem::NotUtf8 => f.write_str("s= does not hold UTF-8 text"),
            LinkProblem::BadValue(name, value) => {
                write!(f, "{name}={} is not valid", GoQuoted(value))
            }
            LinkProblem::LessonAddress(why) => f.write_str(why),
        }
    }
}

/// A value shortened for a message (a hostile link can carry megabytes in one parameter).
fn shown(value: &str) -> String {
    const SHOWN: usize = 40;
    match value.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &value[..cut]),
        None => value.to_string(),
    }
}

/// Deflate and base64url-encode a scenario text for `s=`. The web app gets the same format (a raw
/// deflate stream, RFC 1951) from the browser's `CompressionStream("deflate-raw")` instead, and passes
/// it to [`Link::to_query_deflated`]: the encoder then stays out of the page's wasm.
///
/// # Examples
/// ```
/// use podip::share::{deflate_scenario, inflate_scenario};
/// let text = "cluster --cluster-cidr=10.244.0.0/16\nnode add a\n".repeat(20);
/// let packed = deflate_scenario(&text);
/// assert!(packed.len() < text.len() / 4);
/// assert_eq!(inflate_scenario(&packed).unwrap(), text);
/// ```
pub fn deflate_scenario(text: &str) -> String {
    URL_SAFE_NO_PAD.encode(deflate(text))
}

/// The raw deflate stream of a text, at the best compression.
fn deflate(text: &str) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9)
}

/// Read back what [`deflate_scenario`] wrote.
pub fn inflate_scenario(packed: &str) -> Result<String, LinkProblem> {
    let bytes = unpack_scenario(packed)?;
    let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_SCENARIO_LEN)
        .map_err(|err| match err.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkProblem::ScenarioTooLong,
            _ => LinkProblem::BadDeflate,
        })?;
    scenario_text(text)
}

/// The raw deflate stream (RFC 1951) in an `s=` value: [`inflate_scenario`] before it inflates, for a
/// reader that inflates elsewhere (the web app's browser does, see [`Link::parse_with`]).
pub fn unpack_scenario(packed: &str) -> Result<Vec<u8>, LinkProblem> {
    URL_SAFE_NO_PAD
        .decode(packed.trim_end_matches('='))
        .map_err(|_| LinkProblem::BadBase64)
}

/// An inflated `s=` as the scenario text: [`inflate_scenario`] after it inflates.
pub fn scenario_text(inflated: Vec<u8>) -> Result<String, LinkProblem> {
    String::from_utf8(inflated).map_err(|_| LinkProblem::NotUtf8)
}

/// The parameters of a query string (with or without its leading `?`), or the problem that refuses
/// it whole.
fn parameters(query: &str) -> Result<form_urlencoded::Parse<'_>, LinkProblem> {
    let query = query.strip_prefix('?').unwrap_or(query);
    if query.len() > MAX_QUERY_LEN {
        return Err(LinkProblem::TooLong(query.len()));
    }
    Ok(form_urlencoded::parse(query.as_bytes()))
}

impl Link {
    /// Read a query string (with or without its leading `?`). Unknown parameters are ignored, as a
    /// host page may add its own; every parameter that cannot be used is dropped with a problem.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::kcm::KcmFlag;
    /// use podip::share::Link;
    /// use podip::sim::VirtualTime;
    /// let (link, problems) = Link::parse("?tour=kind&node-mask=23&t=4.5s&lang=ja&step=x");
    /// assert_eq!(link.tour.as_deref(), Some("kind"));
    /// assert_eq!(link.overrides.flag(KcmFlag::NodeCidrMaskSize), Some("23"));
    /// assert_eq!(link.time, Some(VirtualTime(4_500)));
    /// assert_eq!(link.lang, Some(podip::i18n::Lang::Ja));
    /// assert_eq!(problems.len(), 1); // step=x
    /// ```
    pub fn parse(query: &str) -> (Link, Vec<LinkProblem>) {
        Link::parse_with(query, inflate_scenario)
    }

    /// The `s=` and `l=` values of a query, in order: what [`Link::parse_with`] will ask to inflate.
    pub fn packed_scenarios(query: &str) -> Vec<String> {
        parameters(query)
            .map(|parameters| {
                parameters
                    .filter(|(name, _)| name == "s" || name == "l")
                    .map(|(_, value)| value.into_owned())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// [`Link::parse`] with each `s=` (and `l=`) value read by `inflate` instead of [`inflate_scenario`]: the web
    /// app inflates [`Link::packed_scenarios`] with the browser's `DecompressionStream` first (it is
    /// asynchronous), then hands the texts over here.
    pub fn parse_with(
        query: &str,
        mut inflate: impl FnMut(&str) -> Result<String, LinkProblem>,
    ) -> (Link, Vec<LinkProblem>) {
        let mut link = Link::default();
        let parameters = match parameters(query) {
            Ok(parameters) => parameters,
            Err(problem) => return (link, vec![problem]),
        };
        let mut problems = Vec::new();
        for (name, value) in parameters {
            let bad = |name: &'static str| LinkProblem::BadValue(name, shown(&value));
            match name.as_ref() {
                "tour" => match crate::sim::builtin::by_name(&value) {
                    Some(_) => link.tour = Some(value.to_string()),
                    None => problems.push(bad("tour")),
                },
                "scenario" => link.scenario = Some(value.to_string()),
                "s" => match inflate(&value) {
                    Ok(text) => link.scenario = Some(text),
                    Err(problem) => problems.push(problem),
                },
                "lesson" => match lesson::address::fetchable(&value) {
                    Ok(at) => link.lesson = Some(LessonFrom::At(at.to_string())),
                    Err(why) => problems.push(LinkProblem::LessonAddress(why)),
                },
                "lesson-text" => link.lesson = Some(LessonFrom::Written(value.to_string())),
                "l" => match inflate(&value) {
                    Ok(text) => link.lesson = Some(LessonFrom::Written(text)),
                    Err(problem) => problems.push(problem),
                },
                "t" => match value.trim().parse::<VirtualDuration>() {
                    Ok(d) => link.time = Some(VirtualTime(d.as_millis())),
                    Err(_) => problems.push(bad("t")),
                },
                "step" => match value.trim().parse::<usize>() {
                    Ok(n) if n >= 1 => link.step = Some(n - 1),
                    _ => problems.push(bad("step")),
                },
                "lang" => match Lang::from_tag(&value) {
                    Some(lang) => link.lang = Some(lang),
                    None => problems.push(bad("lang")),
                },
                "theme" => match value.as_ref() {
                    "light" => link.theme = Some(Theme::Light),
                    "dark" => link.theme = Some(Theme::Dark),
                    _ => problems.push(bad("theme")),
                },
                "embed" => link.embed = value == "1",
                "autoplay" => link.autoplay = value == "1",
                "controls" => link.controls = value != "0",
                "quiz" => link.quiz = value != "0",
                "present" => link.present = value == "1",
                name => {
                    if let Some(kcm_flag) = KcmFlag::by_short_name(name) {
                        link.overrides
                            .set_flag(kcm_flag, Some(value.trim().to_string()));
                    } else if let Some(id) = KnobId::named(name) {
                        link.overrides.set_knob(id, Some(value.trim().to_string()));
                    }
                }
            }
        }
        (link, problems)
    }

    /// The query string (with `?`, or empty) that [`Link::parse`] reads back to `self`.
    ///
    /// # Examples
    /// ```
    /// use podip::share::Link;
    /// use podip::sim::VirtualTime;
    /// let link = Link { tour: Some("kind".into()), time: Some(VirtualTime(4_500)), step: Some(2), ..Link::default() };
    /// assert_eq!(link.to_query(), "?tour=kind&t=4.5s&step=3");
    /// assert_eq!(Link::parse(&link.to_query()).0, link);
    /// ```
    pub fn to_query(&self) -> String {
        self.to_query_packed(
            self.scenario_to_deflate().map(deflate).as_deref(),
            self.lesson_to_deflate().map(deflate).as_deref(),
        )
    }

    /// The lesson file that goes deflated in `l=` (one carried in the link itself), if any.
    pub fn lesson_to_deflate(&self) -> Option<&str> {
        match &self.lesson {
            Some(LessonFrom::Written(text)) => Some(text),
            _ => None,
        }
    }

    /// The link carrying the lesson `text` itself (deflated in `l=`), at step `step`; or, said plainly,
    /// why it cannot: its link would be longer than a link may be ([`MAX_QUERY_LEN`]).
    ///
    /// # Examples
    /// ```
    /// use podip::share::Link;
    /// let text = "# Mine\n\n- scenario: `kind`\n";
    /// let query = Link::carrying_lesson(text, Some(1)).unwrap();
    /// assert!(query.starts_with("?l="));
    /// let (link, problems) = Link::parse(&query);
    /// assert!(problems.is_empty());
    /// assert_eq!(link.lesson_to_deflate(), Some(text));
    /// ```
    pub fn carrying_lesson(text: &str, step: Option<usize>) -> Result<String, String> {
        let link = Link {
            lesson: Some(LessonFrom::Written(text.to_string())),
            step,
            ..Link::default()
        };
        let query = link.to_query();
        match query.len() > MAX_QUERY_LEN {
            true => Err(too_long_for_a_link(text.len(), query.len())),
            false => Ok(query),
        }
    }

    /// The scenario text that goes deflated in `s=` (one longer than [`PLAIN_SCENARIO_MAX`]), if any.
    pub fn scenario_to_deflate(&self) -> Option<&str> {
        self.scenario
            .as_deref()
            .filter(|text| text.len() > PLAIN_SCENARIO_MAX)
    }

    /// [`Link::to_query`] with the raw deflate stream of [`Link::scenario_to_deflate`] made elsewhere
    /// (the web app's browser makes it). Without one, the scenario goes plain in `scenario=`: a longer
    /// link, read back the same.
    ///
    /// # Examples
    /// ```
    /// use podip::share::Link;
    /// let link = Link { scenario: Some("node add a\n".repeat(30)), ..Link::default() };
    /// let plain = link.to_query_deflated(None);
    /// assert!(plain.starts_with("?scenario=node+add+a%0A"));
    /// assert_eq!(Link::parse(&plain).0, link);
    /// ```
    pub fn to_query_deflated(&self, deflated: Option<&[u8]>) -> String {
        self.to_query_packed(deflated, None)
    }

    /// [`Link::to_query_deflated`] with the lesson's raw deflate stream ([`Link::lesson_to_deflate`])
    /// made elsewhere too; without one, the lesson goes plain in `lesson-text=`.
    pub fn to_query_packed(&self, deflated: Option<&[u8]>, lesson: Option<&[u8]>) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        if let Some(tour) = &self.tour {
            query.append_pair("tour", tour);
        }
        let o = &self.overrides;
        for flag in KcmFlag::ALL {
            if let Some(value) = o.flag(flag) {
                query.append_pair(flag.short_name(), value);
            }
        }
        for (id, value) in o.knobs() {
            query.append_pair(id.name(), value);
        }
        if let Some(text) = &self.scenario {
            match deflated.filter(|_| text.len() > PLAIN_SCENARIO_MAX) {
                Some(bytes) => query.append_pair("s", &URL_SAFE_NO_PAD.encode(bytes)),
                None => query.append_pair("scenario", text),
            };
        }
        match (&self.lesson, lesson) {
            (Some(LessonFrom::At(at)), _) => query.append_pair("lesson", at),
            (Some(LessonFrom::Written(_)), Some(bytes)) => {
                query.append_pair("l", &URL_SAFE_NO_PAD.encode(bytes))
            }
            (Some(LessonFrom::Written(text)), None) => query.append_pair("lesson-text", text),
            (None, _) => &mut query,
        };
        if let Some(time) = self.time {
            query.append_pair("t", &VirtualDuration(time.as_millis()).to_string());
        }
        if let Some(step) = self.step {
            query.append_pair("step", &(step + 1).to_string());
        }
        if let Some(lang) = self.lang {
            query.append_pair("lang", lang.tag());
        }
        if let Some(theme) = self.theme {
            query.append_pair("theme", theme.as_str());
        }
        if self.embed {
            query.append_pair("embed", "1");
        }
        if self.autoplay {
            query.append_pair("autoplay", "1");
        }
        if !self.quiz {
            query.append_pair("quiz", "0");
        }
        if !self.controls {
            query.append_pair("controls", "0");
        }
        if self.present {
            query.append_pair("present", "1");
        }
        let query = query.finish();
        if query.is_empty() {
            query
        } else {
            format!("?{query}")
        }
    }
}

/// What is said of a lesson of `bytes` whose link would be `len` bytes long.
pub fn too_long_for_a_link(bytes: usize, len: usize) -> String {
    format!(
        "the lesson ({bytes} bytes) is too long for a link: deflated, its link would be {len} bytes, \
         more than the {MAX_QUERY_LEN} a link carries; put the file on a site and link it with ?lesson=ADDRESS"
    )
}

/// The HTML that embeds the player at `url` (a link with `embed=1`) in another page: an `<iframe>` and
/// the few lines that fit it to the height the player reports (`podip:height`), as the README shows.
///
/// # Examples
/// ```
/// let code = podip::share::embed_code("https://example.org/podip/?embed=1&tour=kind&t=4.5s");
/// assert!(code.starts_with(
///     r#"<iframe src="https://example.org/podip/?embed=1&amp;tour=kind&amp;t=4.5s" title="podip""#
/// ));
/// assert!(code.contains("podip:height"));
/// ```
pub fn embed_code(url: &str) -> String {
    let src = url
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;");
    format!(
        r#"<iframe src="{src}" title="podip" style="width: 100%; height: 640px; border: 0" loading="lazy"></iframe>
<script>
  // Fit each podip frame to the height its player reports.
  addEventListener("message", (e) => {{
    if (e.data?.type !== "podip:height") return;
    for (const f of document.querySelectorAll("iframe"))
      if (f.contentWindow === e.source) f.style.height = `${{Math.ceil(e.data.height) + 2}}px`;
  }});
</script>
"#
    )
}
