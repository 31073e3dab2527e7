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
            .find_map(|step| other.step_index(&step.id))
    }
}

/// The CNI chain a tour's scenario runs.
pub fn chain_of(tour: &Tour) -> Chain {
    Scenario::parse(tour.scenario())
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
mod tests;
