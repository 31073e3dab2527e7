//! A guided tour's steps over the playback: each step is anchored on an event of the run
//! ([`crate::tours`]), never on a hard-coded time, so the narration follows the simulation when a
//! setting changes.

use super::Playback;
use crate::sim::VirtualTime;
use crate::tours::TourId;

impl Playback {
    /// When each step of the loaded tour happens in the whole run (`None`: it does not happen).
    pub fn step_times(&self) -> Vec<Option<VirtualTime>> {
        self.tour
            .and_then(TourId::from_name)
            .map(|id| id.tour().step_times(self.timeline.iter()))
            .unwrap_or_default()
    }

    /// When step `index` of the loaded tour happens, if it does.
    pub fn step_time(&self, index: usize) -> Option<VirtualTime> {
        self.step_times().get(index).copied().flatten()
    }

    /// The step shown: the one navigated to while the clock stays at its moment, otherwise the last
    /// step reached; `None` before the first (the introduction).
    pub fn current_step(&self) -> Option<usize> {
        let times = self.step_times();
        let now = self.now();
        self.tour_step
            .filter(|&i| times.get(i).copied().flatten() == Some(now))
            .or_else(|| times.iter().rposition(|t| t.is_some_and(|t| t <= now)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_tour_steps_forward_and_names_the_step_it_is_at() {
        let mut playback = Playback::default();
        assert_eq!(playback.current_step(), None);
        let times = playback.step_times();
        assert!(times.len() >= 2 && times.iter().all(Option::is_some));
        playback.go_to_step(1);
        playback.finish();
        assert_eq!(playback.current_step(), Some(1));
        assert_eq!(Some(playback.now()), times[1]);
    }
}
