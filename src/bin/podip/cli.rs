//! The command-line interface: its commands, and which module answers each.

use super::figure_cmd::{self, FigureArgs};
use super::lesson_cmd::{self, LessonCommand};
use super::output::{render_capacity, to_json};
use super::{import_cmd, scenario_cmd};
use clap::{Parser, Subcommand};
use podip::ipam::capacity::CapacityPlan;
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
        #[arg(help = format!(
            "The scenario: a file, `-` for standard input, or `builtin:NAME` ({})",
            podip::sim::builtin::ALL.map(|(name, _)| name).join(", ")
        ))]
        scenario: String,
        /// Print the events as JSON Lines instead.
        #[arg(long)]
        json: bool,
        /// Run it on this CNI chain (kindnet, flannel, k3s-flannel, calico, canal): `set cni=NAME` first.
        #[arg(long)]
        cni: Option<String>,
    },
    /// Draw the stage at a tour step or time as SVG: what a `<podip-figure>` shows until its script
    /// draws it (and where scripts are off). The options are the element's attributes.
    Figure(FigureArgs),
    /// A lesson file (`docs/lessons.md`): check it against its run, or print the run with its steps.
    #[command(subcommand)]
    Lesson(LessonCommand),
    /// Simulate a scenario and print the state at its end as JSON.
    State {
        /// The scenario: a file, `-` for standard input, or `builtin:NAME`.
        scenario: String,
        /// Run it on this CNI chain (kindnet, flannel, k3s-flannel, calico, canal): `set cni=NAME` first.
        #[arg(long)]
        cni: Option<String>,
    },
}

/// Parse the command line, run the command, and say how it went.
pub fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Run {
            scenario,
            json,
            cni,
        } => print_or_fail(scenario_cmd::run(&scenario, json, cni.as_deref())),
        Command::State { scenario, cni } => {
            print_or_fail(scenario_cmd::state(&scenario, cni.as_deref()))
        }
        Command::Figure(args) => print_or_fail(figure_cmd::run(&args)),
        Command::Lesson(command) => print_or_fail(lesson_cmd::run(&command)),
        Command::Capacity { cluster, json } => {
            print_or_fail(cluster.settings_or_kind().and_then(|settings| {
                let plan = CapacityPlan::from_config(&settings.config)
                    .with_max_pods(settings.knobs.max_pods);
                if json {
                    to_json(&plan)
                } else {
                    let mut text = render_capacity(&plan, settings.knobs.cni);
                    text.push_str(&import_cmd::chain_line(settings.knobs.cni));
                    text.push('\n');
                    Ok(text)
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
