use super::*;
use crate::playback::{Player, Run};
use crate::sim::preset;
use std::rc::Rc;

/// Tour `tour` at its start under preset `name`'s settings, as the settings card puts them.
fn under_preset(tour: TourId, name: &str) -> Rc<Run> {
    let mut player = Player::load(tour.tour().scenario().to_string(), Some(tour)).expect("parses");
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
    steps
        .iter()
        .map(|&i| tour.tour().steps[i].id.as_str())
        .collect()
}

#[test]
fn every_tour_on_its_own_chain_tells_every_step() {
    for tour in TourId::ALL {
        let player = Player::load(tour.tour().scenario().to_string(), Some(tour)).expect("parses");
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
    let back: Vec<usize> = std::iter::successors(Some(last), |&i| run.previous_step(i)).collect();
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
