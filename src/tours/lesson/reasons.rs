//! Every event reason a step may wait for, by the name the transcript and the log print
//! (`IPAMReserve`, `PodCIDRPatched`): one list, held complete by the compiler (a reason added to the
//! simulation and not here fails the exhaustive match below).

use crate::order;
use crate::sim::Reason;

/// Declares [`REASONS`] from one list, and a match over it that stops compiling when the list misses
/// a reason.
macro_rules! reasons {
    ($($reason:ident)*) => {
        /// Every reason, in the order the simulation declares them.
        pub const REASONS: [Reason; [$(stringify!($reason)),*].len()] = [$(Reason::$reason),*];

        /// The reason's name, as the transcript prints it.
        pub fn name(reason: Reason) -> &'static str {
            match reason {
                $(Reason::$reason => stringify!($reason),)*
            }
        }
    };
}

reasons! {
    NodeRegistered NodeDeleted NodeReboot NodeReset LinkDeleted Rebooted NodeIpamStarted
    CIDRAllocated CIDROccupied CIDRReleased PodCIDRPatched CIDRNotAvailable NodeSyncRequeued
    CNIConfigWritten NodeRouteAdded NodeRouteRemoved KindnetReconcileFailed FlannelLeaseFailed
    VxlanDeviceCreated SubnetEnvWritten NetworkNotReady PodCreated FailedScheduling Scheduled
    OutOfpods SandboxCreated CNIAdd IPAMReserve BridgeCreated BridgeGatewayAdded VethCreated
    RouteAdded PodIPsAssigned PodIPsCleared SandboxChanged FailedCreatePodSandBox PodTerminating
    Killing CNIDel IPAMRelease VethDeleted RouteRemoved SandboxRemoved PodDeleted IPPoolCreated
    BlockAffinity BlockClaimed IPBorrowed TunnelAddressAssigned CalicoNodeFailed
}

/// The reason named `name`.
pub fn by_name(name: &str) -> Option<Reason> {
    REASONS
        .into_iter()
        .find(|&reason| self::name(reason) == name)
}

/// Every reason's name, the nearest to `name` first (by edit distance), for a message.
pub fn nearest_names(name: &str) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = REASONS.into_iter().map(self::name).collect();
    order::sort_by_key(&mut names, |candidate| {
        distance(&name.to_ascii_lowercase(), &candidate.to_ascii_lowercase())
    });
    names
}

/// Levenshtein distance between `a` and `b`, by characters.
pub(super) fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_read_by_the_name_the_transcript_prints() {
        for reason in REASONS {
            assert_eq!(name(reason), format!("{reason:?}"));
            assert_eq!(by_name(name(reason)), Some(reason));
        }
        assert_eq!(by_name("IPAMReserved"), None);
        assert_eq!(nearest_names("IPAMReserved")[0], "IPAMReserve");
    }
}
