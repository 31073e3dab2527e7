//! `podip figure`: the stage at a tour step or time as SVG, what a `<podip-figure>` shows before its
//! script draws it. The options are the element's attributes, read and refused by the same code.

use super::scenario_cmd::read_text;
use podip::share::figure::FigureSpec;
use podip::sim::playback::figure::Runs;
use podip::ui::figure_svg::figure_svg;

/// The figure's options, as `<podip-figure>` attributes.
pub struct FigureArgs {
    /// `tour=`.
    pub tour: Option<String>,
    /// A scenario of its own: a file, `-` or `builtin:NAME`.
    pub scenario: Option<String>,
    /// `step=`, `t=`, `lang=`, `theme=`.
    pub step: Option<String>,
    pub time: Option<String>,
    pub lang: Option<String>,
    pub theme: Option<String>,
    /// The picture's width in SVG units.
    pub width: u32,
}

/// `podip figure`: the SVG, or why it cannot be drawn.
pub fn run(args: &FigureArgs) -> Result<String, String> {
    let text = match &args.scenario {
        Some(source) => Some(read_text(source)?.1),
        None => None,
    };
    let attribute = |name: &str| match name {
        "tour" => args.tour.clone(),
        "step" => args.step.clone(),
        "t" => args.time.clone(),
        "lang" => args.lang.clone(),
        "theme" => args.theme.clone(),
        _ => None,
    };
    let spec = FigureSpec::read(attribute, text.as_deref(), None)
        .map_err(|problem| problem.to_string())?;
    if !(200..=4096).contains(&args.width) {
        return Err(format!(
            "--width={} is not valid: from 200 to 4096",
            args.width
        ));
    }
    figure_svg(&mut Runs::default(), &spec, args.width)
}
