//! The cursor over a run: steps, seeks, rewinds and play, on the kind tour's run.

use crate::playback::{Cursor, Player, DEFAULT_SPEED, MOMENT_SHOWN_MS};
use crate::sim::{builtin, VirtualTime};
use crate::tours::TourId;
use std::rc::Rc;

#[test]
fn the_kind_tour_steps_forward_and_names_the_step_it_is_at() {
    let mut cursor = Cursor::new(Player::default().cursor().run().clone());
    assert_eq!(cursor.current_step(), None);
    let times = cursor.run().step_times().to_vec();
    assert!(times.len() >= 2 && times.iter().all(Option::is_some));
    cursor.go_to_step(1);
    cursor.finish();
    assert_eq!(cursor.current_step(), Some(1));
    assert_eq!(Some(cursor.now()), times[1]);
}

/// Two cursors over one run move each on its own.
#[test]
fn cursors_over_one_run_move_on_their_own() {
    let run = Player::default().cursor().run().clone();
    let (mut first, mut second) = (Cursor::new(run.clone()), Cursor::new(run));
    first.seek(VirtualTime(4_000));
    first.finish();
    second.go_to_step(1);
    second.finish();
    assert_eq!(first.now(), VirtualTime(4_000));
    assert_eq!(Some(second.now()), second.run().step_time(1));
    assert!(Rc::ptr_eq(first.run(), second.run()));
}

/// While a rewind is in hand the view keeps its time; a later seek takes over the same run.
#[test]
fn a_rewind_shows_the_old_time_until_it_is_done() {
    let mut cursor = Player::load(builtin::KIND_MEASURED.into(), None)
        .expect("parses")
        .into_cursor();
    cursor.seek(cursor.run().horizon());
    cursor.finish();
    let end = cursor.now();
    cursor.seek(VirtualTime(2_000));
    assert!(!cursor.work(&mut || false));
    assert_eq!(cursor.now(), end);
    cursor.seek(VirtualTime(3_000));
    cursor.finish();
    assert_eq!(cursor.now(), VirtualTime(3_000));
}

/// The files kind-worker's stage shows.
fn worker_files(cursor: &Cursor) -> Vec<String> {
    let stage = cursor.stage(None, None);
    let worker = stage
        .nodes
        .iter()
        .flatten()
        .find(|n| n.name == "kind-worker");
    worker.map(|n| n.files.clone()).unwrap_or_default()
}

/// Steps of one moment stand each right after its own event: at pod a's reservation only a's file
/// (b's and c's come later at that moment), at a's veth no route yet; stepping back within the
/// moment and out of it again shows the same.
#[test]
fn a_step_stands_right_after_its_event_within_its_moment() {
    let mut cursor = Player::default().into_cursor();
    let tour = TourId::Kind.tour();
    let step = |id| tour.step_index(id).expect("a kind step");
    let a_route = |cursor: &Cursor| {
        let stage = cursor.stage(None, None);
        let worker = stage
            .nodes
            .iter()
            .flatten()
            .find(|n| n.name == "kind-worker");
        worker
            .and_then(|n| n.pods.iter().find(|p| p.name == "a"))
            .map(|a| (a.veth.is_some(), a.routes.len()))
    };
    for _ in 0..2 {
        cursor.go_to_step(step("a-reserved"));
        cursor.finish();
        assert_eq!(
            worker_files(&cursor),
            ["10.244.1.2", "last_reserved_ip.0", "lock"]
        );
        assert_eq!(a_route(&cursor), Some((false, 0)));
        cursor.go_to_step(step("a-veth"));
        cursor.finish();
        assert_eq!(a_route(&cursor), Some((true, 0)));
        cursor.go_to_step(step("c-running"));
        cursor.finish();
        assert_eq!(worker_files(&cursor).len(), 5);
    }
    cursor.go_to_step(step("a-route"));
    cursor.finish();
    assert_eq!(a_route(&cursor), Some((true, 1)));
    assert_eq!(cursor.current_step(), Some(step("a-route")));
    assert_eq!(
        worker_files(&cursor).len(),
        3,
        "b's and c's come later at that moment"
    );
}

/// Each step's source line is the upstream function its event models.
#[test]
fn a_steps_source_is_the_upstream_code_of_its_event() {
    let cursor = Player::default().into_cursor();
    let tour = TourId::Kind.tour();
    let source = |id| {
        let index = tour.step_index(id).expect("a kind step");
        cursor.run().step_source(index).expect("a source").function
    };
    assert_eq!(source("a-reserved"), "Get");
    assert_eq!(source("a-veth"), "setupContainerVeth");
}

/// Playing at 1× walks a moment's steps in order, each held on screen, then the rest of the moment:
/// a's file alone, then b's and c's.
#[test]
fn playing_walks_the_steps_of_a_moment_then_the_rest_of_it() {
    let mut cursor = Player::default().into_cursor();
    let tour = TourId::Kind.tour();
    let a_reserved = tour.step_index("a-reserved").expect("a kind step");
    cursor.go_to_step(a_reserved - 1);
    cursor.finish();
    let mut seen: Vec<(Option<usize>, usize)> = Vec::new();
    for _ in 0..400 {
        cursor.play(50.0, DEFAULT_SPEED, cursor.run().horizon(), &mut || true);
        let shown = (cursor.tour_step(), worker_files(&cursor).len());
        if seen.last() != Some(&shown) {
            seen.push(shown);
        }
        if worker_files(&cursor).len() == 5 {
            break;
        }
    }
    let at = |id| tour.step_index(id);
    assert_eq!(
        seen.into_iter()
            .filter(|(step, _)| step.is_some())
            .collect::<Vec<_>>(),
        [
            (at("conflist-written"), 0),
            (at("a-reserved"), 3),
            (at("a-veth"), 3),
            (at("a-route"), 3),
            (at("a-route"), 5),
        ],
        "then the rest of the moment, b's and c's files, under the last step's words"
    );
}

/// Play 50 ms ticks at 1× up to `until`: after each tick, whether it moved and what is shown (the
/// time, the step, kind-worker's files), until it stops.
fn ticks_to(
    cursor: &mut Cursor,
    until: VirtualTime,
) -> Vec<(bool, VirtualTime, Option<usize>, usize)> {
    let mut ticks = Vec::new();
    for _ in 0..1_000 {
        let played = cursor.play(50.0, DEFAULT_SPEED, until, &mut || true);
        ticks.push((
            played.moved,
            cursor.now(),
            cursor.current_step(),
            worker_files(cursor).len(),
        ));
        if played.stopped {
            return ticks;
        }
    }
    panic!("never stopped: {ticks:?}");
}

/// A press's motion (b deleted, up to its CNI DEL 2.3 s later) played in 50 ms ticks moves the clock
/// on every tick once the step's moment was held, through many times, and stops at the last
/// millisecond before the next step, still at its own step.
#[test]
fn a_presss_motion_moves_at_every_tick_and_stops_before_the_next_step() {
    let mut cursor = Player::default().into_cursor();
    let tour = TourId::Kind.tour();
    let deleted = tour.step_index("b-deleted").expect("a kind step");
    cursor.go_to_step(deleted);
    cursor.finish();
    let entered = cursor.now();
    let released = cursor.run().step_time(deleted + 1).expect("b is released");
    let until = cursor
        .run()
        .before_step(deleted + 1)
        .expect("b is released");
    assert_eq!(until, VirtualTime(released.as_millis() - 1));
    let ticks = ticks_to(&mut cursor, until);
    assert_eq!(cursor.now(), until);
    assert_eq!(cursor.current_step(), Some(deleted));
    // The step's moment is held on screen first (the kubelet's Killing 10 ms later waits for it).
    let held = ticks
        .iter()
        .take_while(|t| !t.0 || t.1 < VirtualTime(entered.0 + 10))
        .count();
    assert!(
        ticks[..held].iter().all(|t| t.1 == entered),
        "held at its own time: {ticks:?}"
    );
    let held_ms = held as f64 * 50.0;
    assert!(
        (MOMENT_SHOWN_MS - 50.0..=MOMENT_SHOWN_MS + 50.0).contains(&held_ms),
        "{ticks:?}"
    );
    assert!(
        ticks[held..].iter().all(|t| t.0),
        "every tick after the hold moves: {ticks:?}"
    );
    let mut times: Vec<VirtualTime> = ticks.iter().map(|t| t.1).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    times.dedup();
    assert!(times.len() >= 40, "{} times: {times:?}", times.len());
    assert_eq!(
        ticks.iter().filter(|t| t.0).count(),
        times.len() - 1 + usize::from(times[0] != entered),
        "moved exactly when what is shown changed"
    );
}

/// A question's pause stops where a press's motion does, at the last millisecond before its step, at
/// every speed; the clock never passes it.
#[test]
fn playing_to_a_question_stops_before_its_step_at_every_speed() {
    let tour = TourId::Kind.tour();
    let deleted = tour.step_index("b-deleted").expect("a kind step");
    for speed in 0..crate::playback::SPEEDS.len() {
        let mut cursor = Player::default().into_cursor();
        cursor.go_to_step(deleted);
        cursor.finish();
        let until = cursor
            .run()
            .before_step(deleted + 1)
            .expect("b is released");
        let mut ticks = 0;
        loop {
            let played = cursor.play(50.0, speed, until, &mut || true);
            assert!(cursor.now() <= until, "speed {speed}");
            ticks += 1;
            if played.stopped {
                break;
            }
            assert!(ticks < 1_000, "speed {speed} never stopped");
        }
        assert_eq!(cursor.now(), until, "speed {speed}");
        assert_eq!(cursor.current_step(), Some(deleted), "speed {speed}");
        let again = cursor.play(50.0, speed, until, &mut || true);
        assert!(
            again.stopped && !again.moved,
            "speed {speed}: stays stopped"
        );
    }
}

/// A press into a step whose moment holds more (a's route, then b's and c's CNI ADD at the same
/// moment) shows them in turn as playing does: the step alone for a moment's hold, then the rest.
#[test]
fn a_presss_motion_shows_a_moment_in_turn_as_playing_does() {
    let mut cursor = Player::default().into_cursor();
    let tour = TourId::Kind.tour();
    let a_route = tour.step_index("a-route").expect("a kind step");
    cursor.go_to_step(a_route);
    cursor.finish();
    let until = cursor.run().before_step(a_route + 1).expect("c runs");
    assert!(until > cursor.now());
    let ticks = ticks_to(&mut cursor, until);
    let mut seen: Vec<((Option<usize>, usize), usize)> = Vec::new();
    for &(_, _, step, files) in &ticks {
        match seen.last_mut() {
            Some((shown, n)) if *shown == (step, files) => *n += 1,
            _ => seen.push(((step, files), 1)),
        }
    }
    assert_eq!(
        seen.iter().map(|s| s.0).collect::<Vec<_>>(),
        [(Some(a_route), 3), (Some(a_route), 5)],
        "{ticks:?}"
    );
    assert!(
        (seen[0].1 + 1) as f64 * 50.0 >= MOMENT_SHOWN_MS,
        "a's route alone is held: {seen:?}"
    );
    assert!(ticks.iter().any(|t| t.0 && t.3 == 5), "the rest is drawn");
}
