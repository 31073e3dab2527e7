//! `podip figure`: the stage at a tour step or time as SVG, what a `<podip-figure>` shows before its
//! script draws it. The options are the element's attributes, read and refused by the same code.

use super::scenario_cmd::read_text;
use podip::playback::figure::Runs;
use podip::share::figure::FigureSpec;
use podip::ui::build::figure_svg::figure_svg;

/// The figure's options, as `<podip-figure>` attributes.
#[derive(clap::Args)]
pub struct FigureArgs {
    #[arg(long, help = format!("A built-in tour ({})", podip::tours::TourId::names()))]
    pub tour: Option<String>,
    /// A scenario of your own instead: a file, `-` for standard input, or `builtin:NAME`.
    #[arg(long)]
    pub scenario: Option<String>,
    /// The tour step, counted from 1.
    #[arg(long)]
    pub step: Option<String>,
    /// The virtual time (`4.5s`, `300ms`); without a step or time, the run's end.
    #[arg(long = "t")]
    pub time: Option<String>,
    /// en, zh or ja.
    #[arg(long)]
    pub lang: Option<String>,
    /// light (the default) or dark.
    #[arg(long)]
    pub theme: Option<String>,
    /// The picture's width, in SVG units (CSS pixels).
    #[arg(long, default_value_t = podip::ui::build::figure_svg::BUILD_WIDTH)]
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
