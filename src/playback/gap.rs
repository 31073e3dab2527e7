//! A tour on a run that does not tell it as written: the learner's settings run another CNI chain than
//! the tour's, or leave some of its steps' events out (ptp's veth and route never happen on a bridge).
//! The narration says so and offers both ways on: the tour's own cluster, or the same story told on
//! the run's kind of chain.

use crate::sim::{Chain, ClusterSettings, Scenario};
use crate::tours::{Tour, TourId};

/// Tours that tell one story on both kinds of chain, kindnet's ptp and flannel's bridge: a learner
/// whose cluster runs the other kind is offered the other telling.
const RETOLD: &[(TourId, TourId)] = &[(TourId::Kind, TourId::KubeadmFlannel)];

/// What of its tour a run does not tell as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TourGap {
    /// The tour.
    pub tour: TourId,
    /// The chain the tour is told on.
    pub own_chain: Chain,
    /// The chain the run's nodes run.
    pub chain: Chain,
    /// The steps whose events never happen in the run.
    pub missing: Vec<usize>,
    /// The tour that tells the same story on the run's kind of chain, if one does.
    pub retold: Option<TourId>,
}

impl TourGap {
    /// The gap of tour `id` on a run of `chain` whose steps happen at `found` (`None`: never); `None`
    /// when the run is on the tour's chain and every step happens.
    pub(super) fn of<T>(id: TourId, chain: Chain, found: &[Option<T>]) -> Option<TourGap> {
        let own_chain = chain_of(id.tour());
        let missing: Vec<usize> = (0..found.len()).filter(|&i| found[i].is_none()).collect();
        (own_chain != chain || !missing.is_empty()).then(|| TourGap {
            tour: id,
            own_chain,
            chain,
            missing,
            retold: retold_on(id, chain),
        })
    }

    /// Whether step `index` never happens in the run.
    pub fn lacks(&self, index: usize) -> bool {
        self.missing.contains(&index)
    }

    /// Where the retold tour stands at step `index` of this one (`None`: the introduction): its step
    /// of the same id, or of the nearest earlier step whose id it shares.
    pub fn retold_step(&self, index: Option<usize>) -> Option<usize> {
        let (own, other) = (self.tour.tour(), self.retold?.tour());
        let last = index?.min(own.steps.len().checked_sub(1)?);
        own.steps[..=last]
            .iter()
            .rev()
            .find_map(|step| other.step_index(step.id))
    }
}

/// The CNI chain a tour's scenario runs.
pub fn chain_of(tour: &Tour) -> Chain {
    Scenario::parse(tour.scenario)
        .map(|scenario| ClusterSettings::of(&scenario).knobs.cni)
        .unwrap_or_default()
}

/// The tour telling `id`'s story on `chain`'s kind of plugins (ptp, or flannel → bridge), when `id`
/// is told on the other kind.
fn retold_on(id: TourId, chain: Chain) -> Option<TourId> {
    let bridged = |id: TourId| chain_of(id.tour()).is_flannel();
    RETOLD
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .find(|&(from, _)| from == id)
        .map(|(_, to)| to)
        .filter(|&to| bridged(id) != chain.is_flannel() && bridged(to) == chain.is_flannel())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playback::{Player, Run};
    use crate::sim::preset;
    use std::rc::Rc;

    /// Tour `tour` at its start under preset `name`'s settings, as the settings card puts them.
    fn under_preset(tour: TourId, name: &str) -> Rc<Run> {
        let mut player =
            Player::load(tour.tour().scenario.to_string(), Some(tour)).expect("parses");
        let preset = preset::by_name(name).expect("a preset");
        let settings = player
            .settings()
            .draft()
            .with_preset(preset)
            .validate(&player.settings());
        player.set_settings(settings.expect("valid"));
        player.finish();
        player.cursor().run().clone()
    }

    fn ids(tour: TourId, steps: &[usize]) -> Vec<&'static str> {
        steps.iter().map(|&i| tour.tour().steps[i].id).collect()
    }

    #[test]
    fn every_tour_on_its_own_chain_tells_every_step() {
        for tour in TourId::ALL {
            let player =
                Player::load(tour.tour().scenario.to_string(), Some(tour)).expect("parses");
            assert_eq!(player.cursor().run().gap(), None, "{}", tour.name());
        }
    }

    #[test]
    fn the_kind_tour_under_k3s_lacks_ptps_veth_and_route_and_goes_on_to_its_end() {
        let run = under_preset(TourId::Kind, "k3s");
        let gap = run.gap().expect("k3s runs another chain than kind's");
        assert_eq!(
            (gap.own_chain, gap.chain),
            (Chain::Kindnet, Chain::K3sFlannel)
        );
        let missing = ids(TourId::Kind, &gap.missing);
        // A bridge's ADD never logs ptp's host veth address nor a /32 route per pod, nor removes one.
        for id in ["a-veth", "a-route", "b-released"] {
            assert!(missing.contains(&id), "{id} not in {missing:?}");
        }
        assert_eq!(gap.retold, Some(TourId::KubeadmFlannel));
        // Each press lands on a step that happens, up to the last.
        let mut step = None;
        let mut seen = Vec::new();
        while let Some(next) = run.next_step(step) {
            assert!(run.step_time(next).is_some() && !gap.lacks(next));
            seen.push(next);
            step = Some(next);
        }
        let last = TourId::Kind.tour().steps.len() - 1;
        assert_eq!(seen.last(), Some(&last), "{seen:?}");
        assert_eq!(seen.len() + gap.missing.len(), last + 1);
        // And back again to the first.
        let back: Vec<usize> =
            std::iter::successors(Some(last), |&i| run.previous_step(i)).collect();
        assert_eq!(back.into_iter().rev().collect::<Vec<_>>(), seen);
    }

    #[test]
    fn the_retold_tour_stands_at_the_same_place_in_the_story() {
        let run = under_preset(TourId::Kind, "k3s");
        let gap = run.gap().expect("a gap");
        let kind = TourId::Kind.tour();
        let at = |id: &str| gap.retold_step(kind.step_index(id));
        let flannel = TourId::KubeadmFlannel.tour();
        // The same step where kubeadm-flannel has it; ptp's veth and route, at the reservation before.
        assert_eq!(at("b-deleted"), flannel.step_index("b-deleted"));
        assert_eq!(at("a-veth"), flannel.step_index("a-reserved"));
        assert_eq!(at("a-route"), flannel.step_index("a-reserved"));
        // Before any step the two share: the introduction.
        assert_eq!(at("control-plane-subnet"), None);
        assert_eq!(gap.retold_step(None), None);
    }

    #[test]
    fn kubeadm_flannel_under_kind_is_retold_by_the_kind_tour() {
        let run = under_preset(TourId::KubeadmFlannel, "kind");
        let gap = run.gap().expect("kindnet is not kube-flannel");
        assert_eq!((gap.own_chain, gap.chain), (Chain::Flannel, Chain::Kindnet));
        assert!(ids(TourId::KubeadmFlannel, &gap.missing).contains(&"a-bridge"));
        assert_eq!(gap.retold, Some(TourId::Kind));
        // A flannel cluster of another flavour has no other telling: kubeadm-flannel is flannel's.
        let k3s = under_preset(TourId::KubeadmFlannel, "k3s");
        assert_eq!(k3s.gap().and_then(|gap| gap.retold), None);
    }
}
