//! `podip figure`: the stage at a tour step or time as SVG, what a `<podip-figure>` shows before its
//! script draws it. The options are the element's attributes, read and refused by the same code; a
//! lesson's step (`--lesson=FILE --step=N`) is drawn as a built-in tour's is.

use super::lesson_cmd::checked;
use super::scenario_cmd::read_text;
use podip::playback::figure::Runs;
use podip::share::figure::FigureSpec;
use podip::tours::Tour;
use podip::ui::build::figure_svg::{figure_svg, lesson_figure_svg};

/// The figure's options, as `<podip-figure>` attributes.
#[derive(clap::Args)]
pub struct FigureArgs {
    #[arg(long, help = format!("A built-in tour ({})", podip::tours::TourId::names()))]
    pub tour: Option<String>,
    /// A scenario of your own instead: a file, `-` for standard input, or `builtin:NAME`.
    #[arg(long)]
    pub scenario: Option<String>,
    /// A lesson instead (`docs/lessons.md`): a file, `-` for standard input, or `builtin:NAME`;
    /// drawn at its step `--step`.
    #[arg(long, conflicts_with_all = ["tour", "scenario", "time"], requires = "step")]
    pub lesson: Option<String>,
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
    if let Some(source) = &args.lesson {
        return lesson_figure(args, source);
    }
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
    figure_svg(&mut Runs::default(), &spec, width(args)?)
}

/// The picture's width, checked.
fn width(args: &FigureArgs) -> Result<u32, String> {
    match args.width {
        200..=4096 => Ok(args.width),
        width => Err(format!("--width={width} is not valid: from 200 to 4096")),
    }
}

/// `podip figure --lesson=FILE --step=N`: the lesson, checked, drawn at its step.
fn lesson_figure(args: &FigureArgs, source: &str) -> Result<String, String> {
    let checked = checked(source)?;
    // The run keeps its tour for the life of the program, which draws one picture and ends.
    let lesson: &'static Tour = Box::leak(Box::new(checked.lesson.tour));
    let steps = lesson.steps.len();
    let step = args
        .step
        .as_deref()
        .and_then(|step| step.trim().parse::<usize>().ok())
        .filter(|step| (1..=steps).contains(step))
        .ok_or_else(|| {
            format!(
                "--step={} is not valid: a step of the lesson, from 1 to {steps}",
                args.step.as_deref().unwrap_or_default()
            )
        })?;
    let attribute = |name: &str| match name {
        "lang" => args.lang.clone(),
        "theme" => args.theme.clone(),
        _ => None,
    };
    let mut spec = FigureSpec::read(attribute, Some(lesson.scenario()), None)
        .map_err(|problem| problem.to_string())?;
    spec.step = Some(step - 1);
    lesson_figure_svg(&mut Runs::default(), &spec, lesson, width(args)?)
}
