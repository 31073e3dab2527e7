use super::*;
use crate::playback::{Player, Run};
use crate::tours::TourId;
use std::rc::Rc;

fn run(id: TourId) -> Rc<Run> {
    let player = Player::load(id.tour().scenario().into(), Some(id)).expect("a tour loads");
    player.cursor().run().clone()
}

/// The kind tour walks the whole path: its steps light, in order of first lighting, every hop but
/// the runtime's and CNI's (the sandbox's start is told in the plugin's step), and it ends with the
/// address in the Pod's status.
#[test]
fn the_kind_tour_walks_the_path_from_the_controller_to_the_pods_status() {
    let run = run(TourId::Kind);
    let lit: Vec<Vec<Hop>> = (0..run.step_times().len())
        .map(|i| run.step_path(i).lit)
        .collect();
    assert_eq!(lit[0], [Hop::Controller, Hop::PodCidr]);
    let mut first_lit: Vec<Hop> = Vec::new();
    for hop in lit.iter().flat_map(|hops| hops.iter()) {
        if !first_lit.contains(hop) {
            first_lit.push(*hop);
        }
    }
    let mut sorted = first_lit.clone();
    sorted.sort();
    assert_eq!(
        first_lit, sorted,
        "the tour goes back along the path before reaching its end"
    );
    assert!(first_lit.contains(&Hop::PodIps), "{first_lit:?}");
    assert!(first_lit.contains(&Hop::Agent) && first_lit.contains(&Hop::Plugins));
}

/// Every step of every tour stands somewhere on the path, named for its run's chain.
#[test]
fn every_step_of_every_tour_lights_a_hop() {
    let mut dark = Vec::new();
    for id in TourId::ALL {
        let run = run(id);
        for i in 0..run.step_times().len() {
            if run.step_path(i).lit.is_empty() {
                dark.push(format!("{} step {}", id.name(), i + 1));
            }
        }
    }
    assert!(dark.is_empty(), "steps that light nothing: {dark:?}");
    let flannel = run(TourId::KubeadmFlannel).step_path(0);
    let names: Vec<&str> = flannel.hops().map(|(_, name, _)| name.en).collect();
    assert!(
        names.contains(&"install-cni → 10-flannel.conflist"),
        "{names:?}"
    );
    assert!(
        names.contains(&"subnet.env → flannel → bridge + host-local"),
        "{names:?}"
    );
}

/// On flannel's chain the conflist is static and `subnet.env` is the plugin's input at every ADD: the
/// conflist is not flanneld's, and `subnet.env` lights the plugins' stop, never the conflist's.
#[test]
fn subnet_env_feeds_the_plugins_and_the_conflist_is_not_flanneld_s() {
    for chain in [Chain::Flannel, Chain::K3sFlannel] {
        assert_eq!(
            Hop::of(Reason::CNIConfigWritten, chain),
            &[Hop::Config],
            "{chain:?}"
        );
        let env = Hop::of(Reason::SubnetEnvWritten, chain);
        assert!(
            env.contains(&Hop::Plugins) && !env.contains(&Hop::Config),
            "{chain:?}"
        );
        assert!(
            !Hop::Agent.label(chain).en.contains("subnet.env"),
            "{chain:?}"
        );
        assert!(
            Hop::Plugins.label(chain).en.starts_with("subnet.env →"),
            "{chain:?}"
        );
    }
    assert_eq!(
        Hop::of(Reason::CNIConfigWritten, Chain::Kindnet),
        &[Hop::Agent, Hop::Config]
    );
}

/// The stops are upstream's names in every language, but k3s' flannel, which is no binary of its own,
/// is said in the page's language; the catalogs hold it ([`Hop::texts`]).
#[test]
fn k3s_flannel_is_named_in_the_pages_language() {
    use crate::i18n::Lang;
    let agent = Hop::Agent.label(Chain::K3sFlannel);
    assert_eq!(agent.en, "k3s' flannel");
    assert!(agent.get(Lang::Zh).contains("内置") && agent.get(Lang::Ja).contains("組み込み"));
    assert!(Hop::texts().iter().any(|(_, text)| *text == agent));
    let kubelet = Hop::Kubelet.label(Chain::K3sFlannel);
    assert!(Lang::ALL.iter().all(|&lang| kubelet.get(lang) == "kubelet"));
}

/// A step lights what it is about: b deleted the file, veth and route its object leaves behind (the
/// plugins' stop), not the status that went with the object; node-network's packet the routes it
/// takes, not the kubelet that ran db.
#[test]
fn a_step_whose_picture_is_elsewhere_lights_what_it_shows() {
    let at = |id: TourId, step: &str| {
        let run = run(id);
        let index = id
            .tour()
            .steps
            .iter()
            .position(|s| s.id == step)
            .expect("the step");
        run.step_path(index).lit
    };
    assert_eq!(at(TourId::Kind, "b-deleted"), [Hop::Plugins]);
    let packet = at(TourId::NodeNetwork, "db-running");
    assert!(
        packet.contains(&Hop::Agent) && packet.contains(&Hop::Plugins),
        "{packet:?}"
    );
    assert!(!packet.contains(&Hop::PodIps), "{packet:?}");
    assert_eq!(
        step_hops(&[Hop::Controller, Hop::PodCidr], &[Hop::PodCidr]),
        [Hop::Controller, Hop::PodCidr]
    );
    assert_eq!(step_hops(&[Hop::PodIps], &[]), [Hop::PodIps]);
}
