//! The command-line interface: argument parsing and text/JSON rendering of the core's answers.

use super::{import_cmd, scenario_cmd};
use clap::{Arg, ArgMatches, Args, FromArgMatches, Parser, Subcommand};
use podip::ipam::capacity::{BitRole, CapacityPlan, FamilyCapacity};
use podip::ipam::goip::net_string;
use podip::ipam::kcm::{KcmFlag, KcmFlags};
use std::process::ExitCode;

/// How Kubernetes gives a Pod its IP address, simulated faithfully.
#[derive(Parser)]
#[command(name = "podip", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Capacity of a cluster CIDR split into node subnets, validated as kube-controller-manager does.
    Capacity {
        /// The cluster: a preset and kube-controller-manager's flags over it (kind's without either).
        #[command(flatten)]
        cluster: import_cmd::ClusterArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The presets: each distribution's flags, Service range and --max-pods, with their sources.
    Presets,
    /// Read `kubectl get nodes -o json` (a file, or `-` for standard input): the nodes' podCIDRs
    /// occupied as kube-controller-manager does at start, what the next node gets, how many more fit.
    Import {
        /// The file, or `-` for standard input.
        file: String,
        /// The cluster: a preset and flags over it; without either, suggested from the podCIDRs.
        #[command(flatten)]
        cluster: import_cmd::ClusterArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Print the scenario that builds this cluster (for `podip run -`) instead.
        #[arg(long, conflicts_with = "json")]
        scenario: bool,
    },
    /// Simulate a scenario and print its transcript: events with their virtual time, and what kubectl,
    /// ls/cat and ip would show along the way.
    Run {
        /// The scenario: a file, `-` for standard input, or `builtin:NAME` (kind, kind-measured, planning,
        /// exhaustion, dual-stack, ipv6, service-overlap, kcm-restart, max-pods, reboot-leak,
        /// why-round-robin).
        scenario: String,
        /// Print the events as JSON Lines instead.
        #[arg(long)]
        json: bool,
    },
    /// Simulate a scenario and print the state at its end as JSON.
    State {
        /// The scenario: a file, `-` for standard input, or `builtin:NAME`.
        scenario: String,
    },
}

/// kube-controller-manager's flags, named by the one table of them ([`KcmFlag`]); only those given.
#[derive(Clone)]
pub struct KcmArgs(pub KcmFlags);

fn long_name(flag: KcmFlag) -> &'static str {
    flag.flag().trim_start_matches("--")
}

impl FromArgMatches for KcmArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = KcmFlags::default();
        for flag in KcmFlag::ALL {
            if let Some(value) = matches.get_one::<String>(long_name(flag)) {
                value.clone_into(flag.value_mut(&mut flags));
            }
        }
        Ok(KcmArgs(flags))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for KcmArgs {
    fn augment_args(mut command: clap::Command) -> clap::Command {
        for flag in KcmFlag::ALL {
            command = command.arg(
                Arg::new(long_name(flag))
                    .long(long_name(flag))
                    .value_name("VALUE")
                    .help(flag.describe()),
            );
        }
        command
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

/// Parse the command line, run the command, and say how it went.
pub fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Run { scenario, json } => print_or_fail(scenario_cmd::run(&scenario, json)),
        Command::State { scenario } => print_or_fail(scenario_cmd::state(&scenario)),
        Command::Capacity { cluster, json } => {
            print_or_fail(cluster.settings_or_kind().and_then(|settings| {
                let plan = CapacityPlan::from_config(&settings.config)
                    .with_max_pods(settings.knobs.max_pods);
                if json {
                    to_json(&plan)
                } else {
                    Ok(render_capacity(&plan))
                }
            }))
        }
        Command::Presets => print_or_fail(Ok(import_cmd::render_presets())),
        Command::Import {
            file,
            cluster,
            json,
            scenario,
        } => print_or_fail(import_cmd::run(&file, &cluster, json, scenario)),
    }
}

/// `value` as pretty JSON, with a newline.
pub fn to_json(value: &impl serde::Serialize) -> Result<String, String> {
    serde_json::to_string_pretty(value)
        .map(|text| text + "\n")
        .map_err(|err| err.to_string())
}

fn print_or_fail(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => fail(&message),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("podip: {message}");
    ExitCode::FAILURE
}

/// The capacity planner's figures as text.
pub fn render_capacity(plan: &CapacityPlan) -> String {
    let mut out = String::new();
    for warning in &plan.warnings {
        out.push_str(&format!("warning: {warning}\n"));
    }
    for family in &plan.families {
        out.push_str(&render_family(family, plan.max_pods));
    }
    out
}

fn render_family(f: &FamilyCapacity, max_pods: u32) -> String {
    let bits = f.cluster_cidr.max_prefix_len();
    let group = if bits == 32 { 8 } else { 16 };
    // IPv4 on one line of octets; IPv6 on two lines of four hextets, so it fits a terminal.
    let per_line = if bits == 32 { 32 } else { 64 };
    let separator = if bits == 32 { "." } else { ":" };
    let ruler: String = f
        .bits
        .chunks(per_line)
        .map(|line| {
            let render = |cell: fn(&podip::ipam::capacity::Bit) -> char| {
                line.chunks(group)
                    .map(|chunk| chunk.iter().map(cell).collect::<String>())
                    .collect::<Vec<_>>()
                    .join(separator)
            };
            let values = render(|b| if b.value { '1' } else { '0' });
            let roles = render(|b| match b.role {
                BitRole::ClusterPrefix => 'c',
                BitRole::NodeIndex => 'n',
                BitRole::PodHost => 'p',
            });
            format!("  {values}\n  {roles}\n")
        })
        .collect();
    let usable_note = if f.usable_pod_ips_per_node == 0 {
        "host-local refuses a subnet this small"
    } else if bits == 32 {
        "host-local: network, gateway and broadcast excluded"
    } else {
        "host-local: network and gateway excluded"
    };
    format!(
        "{cidr} split into /{node} node subnets\n\
         {ruler}\
         \x20 c = cluster prefix ({cm} bits), n = node index ({nb} bits), p = pod host ({pb} bits)\n\
         \x20 node subnets             {subnets} (2^{nb})\n\
         \x20 addresses per node       {per_node} (2^{pb})\n\
         \x20 usable pod IPs per node  {usable} ({usable_note})\n\
         \x20 usable pod IPs in all    {total}\n\
         \x20 first node subnet        {first}\n\
         \x20 last node subnet         {last}\n\
         \x20 kubelet --max-pods       {max_pods} ({fit})\n",
        cidr = net_string(&f.cluster_cidr),
        node = f.node_mask_size,
        cm = f.cluster_mask_size,
        nb = f.node_index_bits,
        pb = f.pod_host_bits,
        subnets = f.node_subnets,
        per_node = power_of_two(f.pod_host_bits, f.addresses_per_node),
        usable = f.usable_pod_ips_per_node,
        total = f.usable_pod_ips_total,
        first = net_string(&f.first_node_subnet),
        last = net_string(&f.last_node_subnet),
        fit = if f.max_pods_fit {
            "fits".to_string()
        } else if f.usable_pod_ips_per_node == 0 {
            format!(
                "no pod gets an address: host-local fails every ADD with \"invalid range set 0: Network {} too small to allocate from\"",
                net_string(&f.first_node_subnet)
            )
        } else {
            "more than the usable addresses: pods beyond them fail with host-local's \"no IP addresses available in range set\"".to_string()
        },
    )
}

/// `2^128` does not fit in a u128; say it as a power.
fn power_of_two(exponent: u8, value: u128) -> String {
    if exponent >= 128 {
        "2^128".to_string()
    } else {
        value.to_string()
    }
}
