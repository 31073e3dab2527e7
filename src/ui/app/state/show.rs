//! What the page shows after each change, computed from the state as a plain value ([`Shown`]): each
//! view model kept from the last when its inputs are the same.

use super::AppState;
use crate::ipam::capacity::CapacityPlan;
use crate::playback::words::TourWords;
use crate::tours::Told;
use crate::ui::app::view::{
    cards, log, map, Clock, Cluster, EditorShown, ExportShown, PodShown, SettingsShown, Shown,
    TourShown, WriterShown,
};
use crate::ui::shared::{keep, Shared};
use crate::ui::timing::BENCH_TICKS_PLAYING_FAST;
use std::rc::Rc;

impl AppState {
    /// What the page shows, keeping the parts of `last` that did not change.
    pub(super) fn show(&self, last: &Shown, tick: bool) -> Shown {
        let state = self;
        let player = &self.player;
        let cursor = player.cursor();
        let run = cursor.run();
        let now = cursor.now();
        let touched = state.selected_event.and_then(|i| cursor.touched(i));
        let playing_fast = state.playing_fast();
        let cluster: Cluster = (run.scenario().clone().into(), cursor.shown_events());
        // Playing fast, the bench below the first screen (the cards, the map, the log, the actions'
        // names) is drawn every BENCH_TICKS_PLAYING_FAST ticks, in a frame between ticks
        // ([`Action::Bench`](super::Action::Bench)): no one reads it at that pace, and with the stage
        // it would double a tick's frame. A tick draws it only when no frame came between ticks for
        // twice that long (a machine too slow for one). Anything else draws it at once.
        let bench_due =
            !(tick && playing_fast) || last.bench_age + 1 >= 2 * BENCH_TICKS_PLAYING_FAST;
        let bench_age = if bench_due { 0 } else { last.bench_age + 1 };
        Shown {
            lang: state.lang,
            theme: state.theme,
            unavailable: state.unavailable.clone(),
            link_problem_closed: state.link_problem_closed,
            edit: keep(&last.edit, state.edit.clone()),
            playing: state.playing,
            playing_fast,
            speed: state.speed,
            help: state.help,
            presenting: state.presenting,
            blank: state.blank && state.presenting,
            selected_pod: state.selected_pod.clone(),
            selected_node: state.selected_node.clone(),
            deletion_mode: player.settings().deletion_mode,
            clock: Clock {
                now,
                horizon: run.horizon(),
                halted_at: run.halted_at(),
                progress: player.progress().map(|p| p.percent()),
            },
            tour: Shared::new(TourShown {
                name: run.teller(),
                step_times: run.step_times().to_vec(),
                current: cursor.current_step(),
                now,
                horizon: run.horizon(),
                asked: state.asked.clone(),
                // Paired with the tour's own run once per run: kept while the run is the same.
                words: match last.tour.words.is_of(run) {
                    true => last.tour.words.clone(),
                    false => Rc::new(TourWords::of(run)),
                },
                sources: (0..run.step_times().len())
                    .map(|i| run.step_source(i))
                    .collect(),
                path: match cursor.current_step() {
                    Some(i) => run.step_path(i),
                    None => run.path(),
                },
                caption: state.caption(),
                command: cursor
                    .current_step()
                    .filter(|_| state.show_command && state.presenting)
                    .and_then(|i| run.told()?.steps.get(i)?.command.as_deref()),
                gap: run.gap().cloned(),
                missing_step: player.missing_step(),
                replaced: state
                    .restore
                    .as_ref()
                    .map(|before| before.tour)
                    .filter(|&tour| run.teller() == Some(tour)),
            }),
            stage: last.stage.next(
                (
                    cluster.clone(),
                    now,
                    state.selected_event,
                    state.selected_node.clone(),
                ),
                |(_, _, event, node)| cursor.stage(*event, node.as_deref()),
            ),
            cards: match bench_due {
                true => keep(
                    &last.cards,
                    cards(
                        cursor,
                        state.selected_node.as_ref(),
                        (&last.cards, &last.cards_from),
                    ),
                ),
                false => last.cards.clone(),
            },
            map: match bench_due {
                true => last.map.next(
                    (cluster.clone(), state.map_windows.clone()),
                    |(_, windows)| map(cursor, windows),
                ),
                false => last.map.clone(),
            },
            names: match bench_due {
                true => last.names.next(
                    (cluster.clone(), state.pod_node.clone()),
                    |(_, pod_node)| cursor.action_names(pod_node),
                ),
                false => last.names.clone(),
            },
            cards_from: match bench_due {
                true => cluster,
                false => last.cards_from.clone(),
            },
            log: match bench_due {
                true => log(cursor, state.selected_event, playing_fast, &last.log),
                false => last.log.clone(),
            },
            bench_age,
            pod: state.selected_pod.as_ref().map(|pod| {
                Shared::new(PodShown {
                    name: pod.clone(),
                    network: cursor.pod_network(pod),
                })
            }),
            editor: keep(
                &last.editor,
                EditorShown {
                    text: player.text().to_string(),
                    error: player.error().map(str::to_string),
                },
            ),
            settings: last
                .settings
                .next(player.settings(), |settings| SettingsShown {
                    capacity: CapacityPlan::from_config(&settings.config)
                        .with_max_pods(settings.knobs.max_pods),
                    settings: settings.clone(),
                }),
            link: keep(&last.link, player.link()),
            refusals: match last.refusals.as_slice() == player.link_refusals() {
                true => last.refusals.clone(),
                false => Shared::new(player.link_refusals().to_vec()),
            },
            export: Shared::new(ExportShown {
                svg: cursor.export_file_name("svg"),
                png: cursor.export_file_name("png"),
                problem: state.export_problem.clone(),
            }),
            writer: keep(
                &last.writer,
                WriterShown {
                    writer: state.writer.clone(),
                    picked: (state.writer.as_ref())
                        .and_then(|writer| writer.picked(cursor, state.selected_event)),
                    runs_here: (state.writer.as_ref()).is_some_and(|w| w.runs_here(cursor)),
                    open: matches!(cursor.run().teller(), Some(Told::Lesson(_))),
                },
            ),
            touched,
        }
    }
}
