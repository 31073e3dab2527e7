//! Words that follow the run: every tour, played under two other node masks and under a preset, says
//! at each step only numbers the run holds at that step — or says that its words describe the tour's
//! own cluster; under the tour's own settings its words are as written.
#![cfg(not(target_arch = "wasm32"))]

use podip::i18n::Lang;
use podip::ipam::kcm::KcmFlag;
use podip::playback::words::{tokens, Token, TourWords, ELSEWHERE};
use podip::playback::{with_preamble, Player, Run};
use podip::sim::{preset, Chain, ClusterSettings};
use podip::tours::TourId;
use std::net::IpAddr;
use std::rc::Rc;

/// The run of `tour` under `settings`.
fn run_under(tour: TourId, settings: &ClusterSettings) -> Rc<Run> {
    let text = with_preamble(tour.tour().scenario(), &settings.preamble());
    let player = Player::load(text, Some(tour)).expect("a tour loads under other settings");
    player.cursor().run().clone()
}

/// The tour's own run.
fn own_run(tour: TourId) -> Rc<Run> {
    let player = Player::load(tour.tour().scenario().into(), Some(tour)).expect("a tour loads");
    player.cursor().run().clone()
}

/// The settings a learner may put in force mid-tour: two other node masks, and the k3s preset.
fn other_settings(tour: TourId) -> Vec<(String, ClusterSettings)> {
    let own = own_run(tour).settings().clone();
    let mask = own.config.node_cidr_mask_sizes[0];
    let flag = match own.config.cluster_cidrs.len() {
        1 => KcmFlag::NodeCidrMaskSize,
        _ => KcmFlag::NodeCidrMaskSizeIpv4,
    };
    let masks = [if mask <= 26 { mask + 2 } else { mask - 2 }, mask - 1];
    let mut out: Vec<(String, ClusterSettings)> = masks
        .iter()
        .map(|m| {
            let settings = own
                .draft()
                .with_flag(flag, m.to_string())
                .validate(&own)
                .expect("a valid mask");
            (format!("/{m}"), settings)
        })
        .collect();
    let k3s = preset::by_name("k3s").expect("the k3s preset");
    let settings = own
        .draft()
        .with_preset(k3s)
        .validate(&own)
        .expect("k3s' settings");
    out.push(("k3s".into(), settings));
    out
}

/// Every address or subnet a text writes, found without `tokens` (whatever stands before it:
/// `FLANNEL_SUBNET=10.244.1.1/24` too), with its prefix length if written.
fn addresses(text: &str) -> Vec<(IpAddr, Option<u8>)> {
    text.split(|c: char| !(c.is_ascii_hexdigit() || matches!(c, '.' | ':' | '/')))
        .filter_map(|piece| {
            let piece = piece.trim_end_matches(['.', ':']);
            let (ip, prefix) = piece.split_once('/').unwrap_or((piece, ""));
            let addr: IpAddr = ip.parse().ok()?;
            let dotted = addr.is_ipv6() || ip.split('.').count() == 4;
            let prefix = match prefix {
                "" => None,
                p => Some(p.parse().ok()?),
            };
            dotted.then_some((addr, prefix))
        })
        .collect()
}

/// Whether the run's `values` hold the address or subnet `ip/prefix` as a text writes it: an address, a
/// subnet by its network, or an address with its subnet's prefix length (`10.244.1.1/24`).
fn holds(values: &[Token], ip: IpAddr, prefix: Option<u8>) -> bool {
    let host = if ip.is_ipv4() { 32 } else { 128 };
    match prefix.filter(|p| *p != host) {
        None => values.contains(&Token::Whole(ip, None)),
        Some(p) => {
            values.contains(&Token::Whole(ip, Some(p)))
                || (values.contains(&Token::Whole(ip, None)) && values.contains(&Token::Prefix(p)))
        }
    }
}

/// The agent that installs a chain's conflist, as every language names it: words naming it tell that
/// chain's story.
fn installer(chain: Chain) -> &'static str {
    match chain {
        Chain::Kindnet => "kindnetd",
        Chain::Flannel => "kube-flannel",
        Chain::K3sFlannel => "k3s",
        Chain::Calico => "calico-node",
        Chain::Canal => "canal",
    }
}

#[test]
fn every_number_a_step_says_under_other_settings_is_in_the_run() {
    let mut wrong = Vec::new();
    let mut report = Vec::new();
    for tour in TourId::ALL {
        let steps = &tour.tour().steps;
        let own_chain = own_run(tour).settings().knobs.cni;
        for (label, settings) in other_settings(tour) {
            let run = run_under(tour, &settings);
            let words = TourWords::of(&run);
            let (mut retold, mut shown) = (0, 0);
            for (index, step) in steps.iter().enumerate() {
                if run.step_time(index).is_none() {
                    continue;
                }
                shown += 1;
                let mut told = true;
                for lang in Lang::ALL {
                    let said = words.step(index, lang).expect("a step");
                    if said.own_cluster {
                        assert_eq!(said.text, step.words.get(lang));
                        told = false;
                        continue;
                    }
                    let values = words.shown_values(index).expect("a retold step's values");
                    let elsewhere = ELSEWHERE
                        .iter()
                        .find(|(t, id, _)| *t == tour && *id == step.id)
                        .map_or(&[][..], |(_, _, numbers)| numbers);
                    let step_name = |what: &str| {
                        format!(
                            "{} under {label}, step {} ({}) [{}]: {what} — «{}»",
                            tour.name(),
                            index + 1,
                            step.id,
                            lang.tag(),
                            said.text
                        )
                    };
                    if settings.knobs.cni != own_chain && said.text.contains(installer(own_chain)) {
                        wrong.push(step_name(&format!(
                            "names {} in a {} run",
                            installer(own_chain),
                            settings.knobs.cni
                        )));
                    }
                    for (ip, prefix) in addresses(&said.text) {
                        if !holds(&values, ip, prefix) {
                            let written = prefix.map_or(ip.to_string(), |p| format!("{ip}/{p}"));
                            wrong.push(step_name(&format!("{written} is not in the run")));
                        }
                    }
                    for (range, token) in tokens(&said.text) {
                        let held = match token {
                            Token::Count(_) | Token::Prefix(32 | 128) => true,
                            Token::Whole(ip, prefix) => holds(&values, ip, prefix),
                            token => values.contains(&token),
                        };
                        if !held && !elsewhere.contains(&&said.text[range.clone()]) {
                            wrong.push(format!(
                                "{} under {label}, step {} ({}) [{}]: {} is not in the run — «{}»",
                                tour.name(),
                                index + 1,
                                step.id,
                                lang.tag(),
                                &said.text[range],
                                said.text
                            ));
                        }
                    }
                }
                retold += usize::from(told);
            }
            report.push(format!(
                "{} under {label}: {retold} of {shown} steps retold",
                tour.name()
            ));
        }
    }
    println!("{}", report.join("\n"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The kind tour under a /26 mask is the example: it follows the run at every step.
    assert!(
        report.contains(&"kind under /26: 10 of 10 steps retold".to_string()),
        "{}",
        report.join("\n")
    );
}

#[test]
fn under_its_own_settings_every_tour_says_its_words_as_written() {
    for tour in TourId::ALL {
        let words = TourWords::of(&own_run(tour));
        for lang in Lang::ALL {
            let intro = words.intro(lang).expect("an intro");
            assert_eq!(
                (intro.text.as_str(), intro.own_cluster),
                (tour.tour().intro.get(lang), false)
            );
            for (index, step) in tour.tour().steps.iter().enumerate() {
                let said = words.step(index, lang).expect("a step");
                assert_eq!(
                    (said.text.as_str(), said.own_cluster),
                    (step.words.get(lang), false)
                );
                if let Some(question) = words.question(index, lang) {
                    let written = tour.tour().question_before(index).expect("a question");
                    assert_eq!(question.text, written.text.get(lang));
                    assert!(!question.own_cluster);
                }
            }
        }
    }
}
