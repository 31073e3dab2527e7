//! The learner's changes to a scenario: an action becomes lines of its text at the time shown, a
//! setting rewrites its preamble; either builds on the scenario being built when there is one, and
//! replays to the same time and tour step.

use super::{Origin, Player};
use crate::playback::loader::{Loader, Loading};
use crate::playback::with_preamble;
use crate::sim::command::Command;
use crate::sim::{ClusterSettings, VirtualDuration, VirtualTime};
use crate::tours::Told;

/// What a change builds on.
struct Latest<'a> {
    text: &'a str,
    /// The scenario's end.
    end: VirtualTime,
    /// The time shown.
    time: VirtualTime,
    tour: Option<Told>,
    tour_step: Option<usize>,
}

impl Player {
    /// Read a text in hand to its end at once: a change made while one is read builds on it.
    fn settle_reading(&mut self) {
        if let Some((loader, request)) = self.loading.take() {
            match loader.read() {
                Loading::Working(loader) => self.loading = Some((loader, request)),
                Loading::Ready(cursor) => self.show(*cursor, request),
                Loading::Refused(text, err) => self.refuse(text, err, request.origin),
            }
        }
    }

    /// What a change builds on: the scenario being built (its text read), or the one shown.
    fn latest(&self) -> Latest<'_> {
        match &self.loading {
            Some((loader, _)) => Latest {
                text: loader.text(),
                end: loader.scenario_end(),
                time: loader.show_at(),
                tour: loader.teller(),
                tour_step: loader.tour_step(),
            },
            None => Latest {
                text: self.text(),
                end: self.cursor.run().scenario().end,
                time: self.cursor.target(),
                tour: self.cursor.run().teller(),
                tour_step: self.cursor.tour_step(),
            },
        }
    }

    /// Run `commands` at the current time (the end of the scenario, if the learner scrubbed back
    /// before it): they become lines of the scenario, so what a learner did can be replayed. A command
    /// the scenario refuses leaves everything as it was, with the error.
    pub fn apply(&mut self, commands: &[Command]) {
        self.settle_reading();
        let latest = self.latest();
        let end = latest.end;
        let at = latest.time.max(end);
        let mut text = latest.text.trim_end().to_string();
        let gap = at - end;
        let lines = (gap > VirtualDuration::ZERO)
            .then_some(Command::Wait(gap))
            .into_iter()
            .chain(commands.iter().cloned());
        for line in lines {
            text.push('\n');
            text.push_str(&line.to_string());
        }
        text.push('\n');
        let step = latest.tour_step;
        self.change(text, at, None, step);
    }

    /// Put `settings` in force: the scenario's preamble (`set del-lag`, `set seed`, `cluster`) is
    /// written from them, and the story replays to the same time.
    pub fn set_settings(&mut self, settings: ClusterSettings) {
        self.settle_reading();
        self.deletion_mode = settings.deletion_mode;
        if settings.preamble() == self.settings().preamble() {
            return;
        }
        let latest = self.latest();
        let text = with_preamble(latest.text, &settings.preamble());
        let (time, tour, step) = (latest.time, latest.tour, latest.tour_step);
        self.change(text, time, tour, step);
    }

    /// Replace the text (with `tour` still loaded, or none) and replay to `time` at tour step `step`; a
    /// text the scenario refuses leaves everything as it was, with the error.
    fn change(&mut self, text: String, time: VirtualTime, tour: Option<Told>, step: Option<usize>) {
        let loader = Loader::told(text, tour, time).at_step(step);
        self.start(loader, Origin::Change);
    }

    /// Settle a link's scenario at once: its settings go over it.
    pub(in crate::playback) fn read_now(&mut self) {
        self.settle_reading();
    }
}

#[cfg(test)]
mod tests {
    use crate::playback::Player;
    use crate::sim::command::Command;
    use crate::sim::{builtin, DeletionMode, VirtualDuration};
    use crate::tours::TourId;

    #[test]
    fn a_settings_change_rewrites_the_preamble_and_keeps_the_rest() {
        let text = "# a story\nset del-lag=2.3s\ncluster --cluster-cidr=10.244.0.0/16\nnode add a\nwait 1s\n";
        let mut player = Player::load(text.into(), None).expect("parses");
        let mut settings = player
            .settings()
            .draft()
            .with_flag(crate::ipam::kcm::KcmFlag::NodeCidrMaskSize, "23".into())
            .validate(&player.settings())
            .expect("valid");
        settings.knobs.del_lag = VirtualDuration::from_millis(5000);
        player.set_settings(settings);
        player.finish();
        assert_eq!(
            player.text(),
            "set del-lag=5s\ncluster --cluster-cidr=10.244.0.0/16 --node-cidr-mask-size=23\n# a story\nnode add a\nwait 1s\n"
        );
        assert_eq!(player.settings().config.node_cidr_mask_sizes, vec![23]);
    }

    #[test]
    fn an_action_is_a_line_at_the_current_time() {
        let mut player = Player::default();
        player.seek(player.cursor().run().horizon());
        player.finish();
        let run = player.cursor().run();
        let gap = run.horizon() - run.scenario().end;
        player.apply(&[Command::NodeAdd {
            name: "node-1".into(),
            pod_cidrs: Vec::new(),
        }]);
        player.finish();
        assert!(player.error().is_none(), "{:?}", player.error());
        assert!(player
            .text()
            .ends_with(&format!("wait {gap}\nnode add node-1\n")));
        assert_eq!(player.cursor().run().tour(), None);
    }

    #[test]
    fn a_refused_action_changes_nothing() {
        let mut player = Player::default();
        let text = player.text().to_string();
        player.apply(&[Command::NodeDelete {
            name: "nope".into(),
        }]);
        player.finish();
        assert_eq!(player.text(), text);
        assert!(player
            .error()
            .is_some_and(|e| e.contains("nodes \"nope\" not found")));
    }

    /// The deletion mode is the learner's, kept across loads; it writes nothing in the scenario.
    #[test]
    fn the_deletion_mode_outlives_a_load_and_changes_no_text() {
        let mut player = Player::default();
        let text = player.text().to_string();
        let mut settings = player.settings();
        settings.deletion_mode = DeletionMode::Graceful;
        player.set_settings(settings);
        player.finish();
        assert_eq!(player.text(), text);
        player.reload(builtin::PLANNING.into(), Some(TourId::Planning.into()));
        player.finish();
        assert_eq!(player.settings().deletion_mode, DeletionMode::Graceful);
    }
}
