//! What a `<podip-figure>` of a tour says at each step, for `podip-figure.js` to draw the figure from
//! the build's pictures before (and without) its engine: one JSON file per tour and language beside
//! the pictures (`figures/<lang>/<tour>/steps.json`), its words made by the same code the engine's
//! figure runs ([`crate::ui::figure`]), from the same run.

use super::figure_svg::{lang_dir, BUILD_WIDTH, TITLE_H};
use super::rendered;
use crate::i18n::{ui as t, Lang};
use crate::playback::figure::{Figure, Runs};
use crate::playback::words::TourWords;
use crate::share::figure::{FigureSource, FigureSpec};
use crate::share::Theme;
use crate::tours::TourId;
use crate::ui::figure::{count_of, words_of};
use crate::ui::stage::file_picture;
use serde::Serialize;

/// A tour's figure in one language, step by step.
#[derive(Serialize, Debug, PartialEq)]
pub struct Manifest {
    /// The pictures' width and the height of the title band above each picture's stage, in the
    /// pictures' units: the figure shows the stage alone.
    pub width: u32,
    pub band: u32,
    /// The bar's words: its buttons' (their labels) and its link's.
    pub prev: String,
    pub next: String,
    pub play: String,
    pub open: String,
    /// Each step, from the first.
    pub steps: Vec<StepShown>,
}

/// A figure at one step, as the engine's figure shows it.
#[derive(Serialize, Debug, PartialEq)]
pub struct StepShown {
    /// The bar's count: the tour, the step, the time.
    pub count: String,
    /// The figure's label (its `aria-label`).
    pub label: String,
    /// The step's moment, in ms (the figure's `data-time`).
    pub time: String,
    /// Whether its previous and next buttons step.
    pub back: bool,
    pub forward: bool,
    /// The height of the picture's stage, below its title band.
    pub height: u32,
    /// The caption's words, as HTML.
    pub words: String,
    /// "Open in podip ↗" below the app's root: with no `theme`, light and dark.
    pub open: [String; 3],
}

/// The figure of `tour` in `lang`, step by step.
pub fn manifest(runs: &mut Runs, tour: TourId, lang: Lang) -> Result<Manifest, String> {
    let steps = (0..tour.tour().steps.len())
        .map(|i| step_shown(runs, tour, i, lang))
        .collect::<Result<_, _>>()?;
    Ok(Manifest {
        width: BUILD_WIDTH,
        band: TITLE_H,
        prev: t::PREV_STEP.get(lang).to_string(),
        next: t::NEXT_STEP.get(lang).to_string(),
        play: t::PLAY.get(lang).to_string(),
        open: t::OPEN_FULL.get(lang).to_string(),
        steps,
    })
}

fn step_shown(runs: &mut Runs, tour: TourId, i: usize, lang: Lang) -> Result<StepShown, String> {
    let spec = |theme| FigureSpec {
        source: FigureSource::Tour(tour),
        step: Some(i),
        time: None,
        lang,
        theme,
        controls: Default::default(),
        autoplay: false,
        caption: true,
        fit: false,
    };
    let figure = Figure::open(runs, &spec(None))?;
    let cursor = figure.cursor();
    let run = cursor.run();
    let step = cursor.current_step();
    let count = count_of(run.told(), step, cursor.now(), lang);
    let said = step.and_then(|i| TourWords::of(run).step(i, lang));
    let source = step.and_then(|i| run.step_source(i));
    let (back, forward) = figure.can_step();
    let open = [None, Some(Theme::Light), Some(Theme::Dark)].map(|theme| {
        let (path, rest) = spec(theme).link().split_page();
        format!("{path}{}", rest.to_query())
    });
    Ok(StepShown {
        label: t::FIGURE_LABEL.fill(lang, &[&count]),
        count,
        time: cursor.now().0.to_string(),
        back,
        forward,
        height: file_picture(&cursor.stage(None, None), BUILD_WIDTH, None, lang).1,
        words: said.map_or(String::new(), |said| rendered(words_of(said, source, lang))),
        open,
    })
}

/// Every tour's manifest in every language, by its path in the build (`figures/ja/kind/steps.json`).
pub fn build_manifests(
    runs: &mut Runs,
) -> impl Iterator<Item = (String, Result<String, String>)> + '_ {
    TourId::ALL
        .into_iter()
        .flat_map(|tour| Lang::ALL.map(|lang| (tour, lang)))
        .map(|(tour, lang)| {
            let path = format!("figures/{}/{}/steps.json", lang_dir(lang), tour.name());
            let json = manifest(runs, tour, lang).and_then(|manifest| {
                serde_json::to_string(&manifest).map_err(|err| err.to_string())
            });
            (path, json)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::build::figure_svg::tour_figure_at;

    #[test]
    fn each_step_says_what_the_engine_figure_says_and_fits_its_picture() {
        let mut runs = Runs::default();
        let manifest = manifest(&mut runs, TourId::Kind, Lang::En).expect("built");
        assert_eq!(manifest.steps.len(), TourId::Kind.tour().steps.len());
        let eighth = &manifest.steps[7];
        assert!(
            eighth.count.contains("8") && eighth.label.contains(&eighth.count),
            "{eighth:?}"
        );
        assert!(
            !eighth.words.is_empty() && !eighth.words.contains("<script"),
            "{}",
            eighth.words
        );
        assert!((manifest.steps[0].back, manifest.steps[0].forward).1);
        assert_eq!(eighth.open[0], "tour/kind/?step=8");
        assert!(eighth.open[2].contains("theme=dark"), "{}", eighth.open[2]);
        // The stage's height is the picture's, less its title band.
        let file = tour_figure_at(
            &mut runs,
            TourId::Kind,
            7,
            Lang::En,
            Theme::Light,
            BUILD_WIDTH,
        )
        .expect("drawn");
        assert_eq!(eighth.height + TITLE_H, file.height);
        let ja = super::manifest(&mut runs, TourId::Kind, Lang::Ja).expect("built");
        assert_ne!(ja.steps[7].words, eighth.words, "in its language");
        assert_eq!(
            build_manifests(&mut runs).count(),
            TourId::ALL.len() * Lang::ALL.len()
        );
    }
}
