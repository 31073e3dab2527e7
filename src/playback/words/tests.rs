use super::*;
use crate::ipam::kcm::KcmFlag;
use crate::playback::{with_preamble, Player};
use crate::sim::{builtin, Chain, SettingsDraft};

/// The kind tour's run under `--node-cidr-mask-size=mask`.
fn kind_under_mask(mask: &str) -> Rc<Run> {
    let own = Player::load(builtin::KIND.into(), Some(TourId::Kind)).expect("kind loads");
    let settings = own
        .settings()
        .draft()
        .with_flag(KcmFlag::NodeCidrMaskSize, mask.into())
        .validate(&own.settings())
        .expect("a valid mask");
    let text = with_preamble(builtin::KIND, &settings.preamble());
    let player = Player::load(text, Some(TourId::Kind)).expect("kind loads under another mask");
    player.cursor().run().clone()
}

fn step(words: &TourWords, id: &str) -> Said {
    let index = TourId::Kind.tour().step_index(id).expect("a kind step");
    words.step(index, Lang::En).expect("a step")
}

#[test]
fn under_the_tours_own_settings_the_words_stand_as_written() {
    let player = Player::load(builtin::KIND.into(), Some(TourId::Kind)).expect("kind loads");
    let words = TourWords::of(player.cursor().run());
    for (index, written) in TourId::Kind.tour().steps.iter().enumerate() {
        let said = words.step(index, Lang::En).expect("a step");
        assert_eq!(said, Said::as_written(&written.words.en, false));
    }
}

#[test]
fn under_a_26_mask_the_kind_tour_names_the_runs_addresses() {
    let run = kind_under_mask("26");
    let words = TourWords::of(&run);
    let d = step(&words, "d-gets-the-next");
    assert!(!d.own_cluster, "{d:?}");
    assert!(
        d.text.starts_with("d gets 10.244.0.69, not b's .67"),
        "{}",
        d.text
    );
    assert!(d.text.contains("past .126"), "{}", d.text);
    let workers = step(&words, "workers-patched");
    assert!(
        workers.text.contains("10.244.0.64/26 and 10.244.0.128/26"),
        "{}",
        workers.text
    );
    // The host veths' shared address is told after the question that asks it, at c running.
    let gateway = step(&words, "c-running");
    assert!(gateway.text.contains("10.244.0.65/32"), "{}", gateway.text);
    // The introduction names the flags: it describes the tour's own cluster.
    assert!(words.intro(Lang::En).expect("an intro").own_cluster);
}

/// The kubeadm-flannel tour's run under `settings`, made from its own.
fn kubeadm_flannel_under(change: impl Fn(SettingsDraft) -> SettingsDraft) -> Rc<Run> {
    let own = Player::load(
        builtin::KUBEADM_FLANNEL.into(),
        Some(TourId::KubeadmFlannel),
    )
    .expect("kubeadm-flannel loads");
    let settings = change(own.settings().draft())
        .validate(&own.settings())
        .expect("valid settings");
    let text = with_preamble(builtin::KUBEADM_FLANNEL, &settings.preamble());
    let player = Player::load(text, Some(TourId::KubeadmFlannel)).expect("loads under them");
    player.cursor().run().clone()
}

#[test]
fn a_setting_written_name_equals_address_follows_the_run() {
    let run = kubeadm_flannel_under(|d| d.with_flag(KcmFlag::NodeCidrMaskSize, "25".into()));
    let words = TourWords::of(&run);
    let index = TourId::KubeadmFlannel
        .tour()
        .step_index("subnet-env")
        .expect("a step");
    let said = words.step(index, Lang::En).expect("a step");
    // worker-1's subnet is 10.244.0.128/25 under /25: subnet.env says its gateway with that mask.
    assert!(!said.own_cluster, "{said:?}");
    assert!(
        said.text.contains("FLANNEL_SUBNET=10.244.0.129/25"),
        "{}",
        said.text
    );
}

#[test]
fn words_naming_kube_flannels_installer_are_not_retold_for_a_k3s_run() {
    let k3s = foreign_names(Chain::Flannel, Chain::K3sFlannel);
    assert!(
        k3s.contains(&"kube-flannel") && k3s.contains(&"/etc/cni/net.d"),
        "{k3s:?}"
    );
    // host-local's default directory is k3s' too.
    assert!(!k3s.contains(&"/var/lib/cni/networks"), "{k3s:?}");
    assert!(foreign_names(Chain::Flannel, Chain::Flannel).is_empty());
    // A run whose steps are retold, read as if it were k3s': the step naming kube-flannel's init
    // container keeps its words and says so; the bridge's story is still told with the run's numbers.
    let run = kubeadm_flannel_under(|d| d.with_flag(KcmFlag::NodeCidrMaskSize, "25".into()));
    let mut words = TourWords::of(&run);
    words.foreign = k3s;
    let tour = TourId::KubeadmFlannel.tour();
    for lang in Lang::ALL {
        let index = tour.step_index("subnet-env").expect("a step");
        let said = words.step(index, lang).expect("a step");
        assert!(said.own_cluster, "{said:?}");
        assert_eq!(said.text, tour.steps[index].words.get(lang));
    }
    let index = tour.step_index("a-reserved").expect("a step");
    let said = words.step(index, Lang::En).expect("a step");
    assert!(
        !said.own_cluster && said.text.contains("10.244.0.130"),
        "{said:?}"
    );
}
