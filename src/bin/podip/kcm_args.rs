//! kube-controller-manager's flags as command-line options, one for each entry of the one table of them.

use clap::{Arg, ArgMatches, Args, FromArgMatches};
use podip::ipam::kcm::{KcmFlag, KcmFlags};

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
