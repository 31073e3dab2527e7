//! The scenario language's commands as values: whatever a command writes, the parser reads back to the
//! same command, and any line at all is read or refused without a panic.
#![cfg(not(target_arch = "wasm32"))]

use podip::ipam::kcm::KcmFlags;
use podip::sim::command::Command;
use podip::sim::reboot::SandboxRecords;
use podip::sim::settings::{IpamDataDir, Setting};
use podip::sim::taints::Toleration;
use podip::sim::{Scenario, VirtualDuration};
use proptest::prelude::*;

fn name() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9-]{0,10}[a-z0-9]"
}

fn duration() -> impl Strategy<Value = VirtualDuration> {
    (0u64..10_000_000).prop_map(VirtualDuration::from_millis)
}

fn setting() -> impl Strategy<Value = Setting> {
    prop_oneof![
        any::<u64>().prop_map(Setting::Seed),
        duration().prop_map(Setting::DelLag),
        duration().prop_map(Setting::WatchLatency),
        (1u64..1_000_000)
            .prop_map(|ms| Setting::KindnetResyncPeriod(VirtualDuration::from_millis(ms))),
        proptest::option::of(duration()).prop_map(Setting::SigtermExit),
        (68u32..65_536).prop_map(Setting::NodeMtu),
        (2u32..100_000).prop_map(Setting::PodFirstIfindex),
        prop::sample::select(IpamDataDir::ALL.to_vec()).prop_map(Setting::IpamDataDir),
        duration().prop_map(Setting::RebootDowntime),
    ]
}

fn cluster() -> impl Strategy<Value = Command> {
    let flags = [
        ("10.244.0.0/16", "", "", "", "10.96.0.0/16"),
        ("10.244.0.0/22", "24", "", "", ""),
        (
            "10.244.0.0/16,fd00:10:244::/56",
            "",
            "24",
            "64",
            "10.96.0.0/16,fd00:10:96::/112",
        ),
        ("fd00:10:244::/56", "", "", "", "fd00:10:96::/112"),
        ("10.0.0.0/24", "29", "", "", ""),
    ];
    prop::sample::select(flags.to_vec()).prop_map(|(cidr, mask, v4, v6, service)| {
        Command::cluster(KcmFlags {
            cluster_cidr: cidr.into(),
            node_cidr_mask_size: mask.into(),
            node_cidr_mask_size_ipv4: v4.into(),
            node_cidr_mask_size_ipv6: v6.into(),
            service_cluster_ip_range: service.into(),
            allocate_node_cidrs: String::new(),
        })
        .expect("valid flags")
    })
}

/// kube-controller-manager without its node IPAM controller, as kubeadm runs it without
/// `--pod-network-cidr`.
fn cluster_without_node_ipam() -> impl Strategy<Value = Command> {
    prop::sample::select(vec!["false", "f", "0", "FALSE"]).prop_map(|switch| {
        Command::cluster(KcmFlags {
            allocate_node_cidrs: switch.into(),
            ..KcmFlags::default()
        })
        .expect("valid flags")
    })
}

fn tolerations() -> impl Strategy<Value = Vec<Toleration>> {
    let one = prop::sample::select(vec![
        "node.kubernetes.io/not-ready:NoSchedule",
        ":NoSchedule",
        "node.kubernetes.io/not-ready",
        "example.com/gpu:NoExecute",
        ":PreferNoSchedule",
    ])
    .prop_map(|text| text.parse::<Toleration>().expect("valid toleration"));
    proptest::collection::vec(one, 0..3)
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        setting().prop_map(Command::Set),
        cluster(),
        cluster_without_node_ipam(),
        name().prop_map(|name| Command::NodeReset { name }),
        (
            name(),
            prop::sample::select(vec!["cni0", "flannel.1", "veth1a2b3c4d"])
        )
            .prop_map(|(node, link)| Command::LinkDelete {
                node,
                link: podip::ipam::ptp::IfName::new(link).expect("short name")
            }),
        (name(), tolerations())
            .prop_map(|(name, tolerations)| Command::PodAddUnbound { name, tolerations }),
        (
            name(),
            prop::sample::select(vec![vec![], vec!["10.244.7.0/24".to_string()]])
        )
            .prop_map(|(name, pod_cidrs)| Command::NodeAdd { name, pod_cidrs }),
        name().prop_map(|name| Command::NodeDelete { name }),
        Just(Command::KcmRestart),
        (
            name(),
            prop::sample::select(vec![SandboxRecords::Kept, SandboxRecords::Lost])
        )
            .prop_map(|(name, sandboxes)| Command::NodeReboot { name, sandboxes }),
        (
            name(),
            name(),
            proptest::option::of(prop::sample::select(vec!["10.244.1.9", "fd00::9"]))
        )
            .prop_map(|(name, node, ip)| Command::PodAdd {
                name,
                node,
                ip: ip.map(str::to_string)
            }),
        (name(), name(), 1u64..1000).prop_map(|(prefix, node, count)| Command::PodAddMany {
            prefix,
            node,
            count
        }),
        (name(), 0u64..100).prop_map(|(name, grace_period_seconds)| Command::PodDelete {
            name,
            grace_period_seconds
        }),
        (name(), 1u64..1000, 0u64..100).prop_map(|(prefix, count, grace_period_seconds)| {
            Command::PodDeleteMany {
                prefix,
                count,
                grace_period_seconds,
            }
        }),
        duration().prop_map(Command::Wait),
    ]
}

proptest! {
    /// A command's line reads back to the command.
    #[test]
    fn a_command_reads_back_from_the_line_it_writes(command in command()) {
        let line = command.to_string();
        prop_assert_eq!(Command::parse(&line), Ok(Some(command)), "{}", line);
    }

    /// Any line is read or refused, never a panic; what is read writes a line that reads the same.
    #[test]
    fn any_line_is_read_or_refused(line in "(set|cluster|node|pod|wait|#)? ?[ -~]{0,60}") {
        if let Ok(Some(command)) = Command::parse(&line) {
            prop_assert_eq!(Command::parse(&command.to_string()), Ok(Some(command)));
        }
    }
}

#[test]
fn comments_and_blank_lines_are_no_commands() {
    assert_eq!(Command::parse(""), Ok(None));
    assert_eq!(Command::parse("   # note"), Ok(None));
}

#[test]
fn a_scenario_from_commands_is_the_scenario_of_their_lines() {
    let text = podip::sim::builtin::KIND;
    let commands: Vec<(usize, Command)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, line)| Some((i + 1, Command::parse(line).expect("built-in lines parse")?)))
        .collect();
    let written: String = commands.iter().map(|(_, c)| format!("{c}\n")).collect();
    let from_commands = Scenario::from_commands(commands).expect("valid");
    assert_eq!(Some(from_commands.clone()), Scenario::parse(text).ok());
    assert_eq!(
        Scenario::parse(&written).map(|s| s.end),
        Ok(from_commands.end)
    );
}
