//! The page's downloads are the CLI's text, byte for byte: each built-in scenario, exported by the
//! playback core at the scenario's end, is what `podip state builtin:NAME` and `podip run builtin:NAME`
//! print; and a downloaded scenario, loaded again, shows the same state at the same time.
#![cfg(not(target_arch = "wasm32"))]

use assert_cmd::Command;
use podip::playback::{Cursor, Player};
use podip::sim::{builtin, VirtualTime};
use podip::tours::TourId;

fn podip(args: &[&str]) -> String {
    let out = Command::cargo_bin("podip")
        .expect("the podip binary is built by cargo test")
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The tour `name` with the playhead at `time`, its work done.
fn tour_at(name: &'static str, time: VirtualTime) -> Cursor {
    let text = builtin::by_name(name).expect("a built-in scenario");
    let mut cursor = Player::load(text.to_string(), TourId::from_name(name))
        .expect("parses")
        .into_cursor();
    cursor.seek(time);
    cursor.finish();
    cursor
}

#[test]
fn at_the_end_the_page_exports_what_the_cli_prints() {
    for (name, _) in builtin::ALL {
        let end = tour_at(name, VirtualTime::ZERO).run().scenario().end;
        let playback = tour_at(name, end);
        assert_eq!(playback.now(), end, "{name}");
        let state = playback.export_state().expect("serialises").contents;
        assert!(
            state == podip(&["state", &format!("builtin:{name}")]),
            "{name}: the exported state differs from `podip state`"
        );
        let transcript = playback.export_transcript().contents;
        assert!(
            transcript == podip(&["run", &format!("builtin:{name}")]),
            "{name}: the exported transcript differs from `podip run`"
        );
    }
}

#[test]
fn a_downloaded_scenario_loads_back_to_the_same_state_at_the_same_time() {
    for (name, time) in [
        ("kind", 4_500),
        ("kcm-restart", 6_000),
        ("dual-stack", 2_100),
    ] {
        let shown = tour_at(name, VirtualTime(time));
        let file = shown.run().export_scenario();
        let mut loaded = Player::load(file.contents, None)
            .expect("the exported text parses")
            .into_cursor();
        loaded.seek(VirtualTime(time));
        loaded.finish();
        assert_eq!(
            loaded.sim().state(),
            shown.sim().state(),
            "{name} at {time} ms"
        );
        assert_eq!(
            loaded.export_transcript().contents,
            shown.export_transcript().contents
        );
    }
}
