//! What the page downloads, as files: the scenario, and at the current time the state (as `podip state`
//! prints it), the transcript (as `podip run` prints it) and the stage's picture. "The current time" is
//! the playhead: the state is the simulation shown, and the transcript runs from the start up to it.
//! File names say which story and which time, in the link's `t=` form: `podip-kind-t12.4s.json`.

use super::cursor::Cursor;
use super::run::Run;
use crate::sim::{transcript, Simulation, VirtualDuration};
use crate::tours::TourId;

/// One file to download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Download {
    /// Its name, e.g. `podip-kind-t12.4s.json`.
    pub file_name: String,
    /// Its media type.
    pub mime: &'static str,
    /// Its text.
    pub contents: String,
}

/// The media type of the scenario and the transcript: plain text, which any editor opens.
const TEXT_MIME: &str = "text/plain;charset=utf-8";

/// The most of a transcript the page makes (bytes): the views grow with the pods on a node, and a run
/// of 64 nodes × 110 pods tells 171 MB, more than a page should hold. `kind-measured`, the longest
/// built-in story, tells 18 MB.
pub const TRANSCRIPT_MAX_LEN: usize = 32 << 20;

impl Run {
    /// The story's name in file names: the tour's, or `scenario` for a text of one's own.
    fn story(&self) -> &str {
        self.tour().map_or("scenario", TourId::name)
    }

    /// The scenario, whole (`podip-kind.podip`): opened again, it replays the same story, and at the
    /// same time shows the same state.
    pub fn export_scenario(&self) -> Download {
        Download {
            file_name: format!("podip-{}.podip", self.story()),
            mime: TEXT_MIME,
            contents: self.text().to_string(),
        }
    }
}

impl Cursor {
    /// `podip-kind-t12.4s.EXTENSION`: a file of the view at the current time (the stage's picture
    /// takes this name too).
    pub fn export_file_name(&self, extension: &str) -> String {
        let time = VirtualDuration(self.now().as_millis());
        format!("podip-{}-t{time}.{extension}", self.run().story())
    }

    /// The state shown, as `podip state` prints it at the scenario's end.
    pub fn export_state(&self) -> Result<Download, serde_json::Error> {
        Ok(Download {
            file_name: self.export_file_name("json"),
            mime: "application/json",
            contents: self.state_shown().to_json()?,
        })
    }

    /// The transcript from the start up to the current time, as `podip run` prints it to the
    /// scenario's end (at most [`TRANSCRIPT_MAX_LEN`] and a batch). It is simulated afresh: the run
    /// shown keeps no views of the moments it passed.
    pub fn export_transcript(&self) -> Download {
        let mut sim = Simulation::new(self.run().scenario().clone());
        Download {
            file_name: self.export_file_name("txt"),
            mime: TEXT_MIME,
            contents: transcript(&mut sim, self.now(), TRANSCRIPT_MAX_LEN),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playback::Player;
    use crate::sim::{builtin, VirtualTime};

    fn at(text: &str, tour: Option<TourId>, time: VirtualTime) -> Cursor {
        let mut cursor = Player::load(text.into(), tour)
            .expect("parses")
            .into_cursor();
        cursor.seek(time);
        cursor.finish();
        cursor
    }

    #[test]
    fn a_tour_at_a_time_names_its_files_by_tour_and_time() {
        let playback = at(builtin::KIND, Some(TourId::Kind), VirtualTime(4_500));
        assert_eq!(playback.export_file_name("svg"), "podip-kind-t4.5s.svg");
        assert_eq!(
            playback.run().export_scenario().file_name,
            "podip-kind.podip"
        );
        assert_eq!(
            playback.export_state().expect("serialises").file_name,
            "podip-kind-t4.5s.json"
        );
        assert_eq!(
            playback.export_transcript().file_name,
            "podip-kind-t4.5s.txt"
        );
    }

    #[test]
    fn a_scenario_of_ones_own_is_named_scenario() {
        let text = "cluster --cluster-cidr=10.244.0.0/16\nnode add a\nwait 1s\n";
        let playback = at(text, None, VirtualTime::ZERO);
        assert_eq!(playback.export_file_name("png"), "podip-scenario-t0s.png");
        assert_eq!(playback.run().export_scenario().contents, text);
    }

    #[test]
    fn the_state_is_the_one_shown_and_the_transcript_stops_at_the_playhead() {
        let playback = at(builtin::KIND, Some(TourId::Kind), VirtualTime(2_000));
        let state = playback.export_state().expect("serialises").contents;
        assert!(state.starts_with("{\n  \"time_ms\": 2000,"), "{state}");
        let transcript = playback.export_transcript().contents;
        let last = transcript.lines().last().unwrap_or_default();
        assert_eq!(
            last,
            "    2.000s  shown up to here; the scenario ends at 8.000s"
        );
        // Nothing logged after the playhead is in it.
        assert!(!transcript.contains("Killing"), "{transcript}");
    }
}
