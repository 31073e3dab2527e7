//! The playback core: what the page shows and does, with no browser in it, in three types split by
//! what changes when:
//!
//! * [`Run`] (`run.rs`) — a scenario's whole run, immutable once built and shared by `Rc`: the text,
//!   the timeline, the stage's places, the horizon, the tour's step times.
//! * [`Cursor`] (`cursor.rs`) — the simulation of a run at one virtual time, and what the presentation
//!   clock holds on screen; several can move over one run, each on its own.
//! * [`Loader`] (`loader.rs`) — builds the next run in slices (read, probe, replay) and hands it over
//!   whole, with a cursor at the time asked.
//!
//! [`Player`] (`player.rs`) is the page's playback: the cursor shown, the loader in hand, what the
//! learner's last change left; [`Scrap`] takes apart what is done with in slices, and `slices.rs` runs
//! a simulation while its caller has time. View models are
//! computed from a cursor ([`views`], [`stage`], [`export`]), so the Yew front end only renders them,
//! as Yew's `game_of_life` keeps `conway.rs` free of Yew.
//!
//! * [`link`] — the view as a [`crate::share::Link`] and back.
//! * [`Hop`] (`path.rs`) — the path a Pod's address takes, lit at each tour step's hops.
//! * [`writer`] — a lesson being written in the app, checked against its run.
//! * [`words`] — a tour's words for the run shown: its numbers from that run, or said to describe the
//!   tour's own cluster.

pub mod caption;
mod cursor;
pub mod export;
pub mod figure;
mod gap;
pub mod link;
mod loader;
mod path;
mod player;
mod run;
mod scrap;
mod slices;
pub mod stage;
mod unseen;
pub mod views;
pub mod words;
pub mod writer;

use crate::sim::command::Command;
use crate::sim::ClusterSettings;
pub use cursor::{Cursor, Played};
pub use gap::TourGap;
pub use loader::{Loader, Loading};
pub use path::{Hop, PathShown};
pub use player::Player;
pub use run::Run;
pub use scrap::Scrap;
pub use slices::Progress;
pub use unseen::Unseen;

/// Playback speeds offered, as virtual milliseconds per real millisecond; `None` is "instant".
pub const SPEEDS: [(&str, Option<f64>); 7] = [
    ("0.25×", Some(0.25)),
    ("0.5×", Some(0.5)),
    ("1×", Some(1.0)),
    ("2×", Some(2.0)),
    ("4×", Some(4.0)),
    ("8×", Some(8.0)),
    ("instant", None),
];

/// The speed a page starts at (1×).
pub const DEFAULT_SPEED: usize = 2;

/// While playing at 1× or slower, each moment something happens stays on screen at least this many
/// real milliseconds: CNI ADD's steps are milliseconds apart in virtual time and would flash by.
pub const MOMENT_SHOWN_MS: f64 = 600.0;

/// What of a link could not be used, beyond what `Link::parse` already refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkRefusal {
    /// The link's scenario does not parse (`line N: …`); it stays in the editor over the default view.
    Scenario(String),
    /// The link's settings were refused (kube-controller-manager's text).
    Settings(String),
    /// The link's lesson was not fetched, or does not read: why, or its `line N: …` problems, one a
    /// line. The page keeps its default view.
    Lesson(String),
    /// The link's `step=` (counted from 1) is past the last step of its tour or lesson (`steps`, 0
    /// when the link tells no tour): the link opens at its time instead.
    Step { given: usize, steps: usize },
}

/// `text` with the lines [`ClusterSettings::owns`] replaced by `preamble`, put first; the other lines
/// (comments too) keep their order and their words.
pub fn with_preamble(text: &str, preamble: &[Command]) -> String {
    let mut out: String = preamble.iter().map(|c| format!("{c}\n")).collect();
    for line in body_lines(text) {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The lines of a text other than those its settings own.
fn body_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|line| {
        !matches!(Command::parse(line), Ok(Some(command)) if ClusterSettings::owns(&command))
    })
}
