//! apimachinery's `wait.Jitter`, as the kubelet's pod worker uses it to space the retries of a failed
//! sync (`pkg/kubelet/pod_workers.go`, `completeWork`): `backOffPeriod` (10 s) after a failed
//! `SyncPod`, `backOffOnTransientErrorPeriod` (1 s) while the network is not ready, each plus up to
//! `workerBackOffPeriodJitterFactor` (0.5) of itself again.

use super::clock::VirtualDuration;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// `backOffOnTransientErrorPeriod`: the pod worker's wait while the runtime's network is not ready.
pub const BACK_OFF_ON_TRANSIENT_ERROR_PERIOD: VirtualDuration = VirtualDuration::from_secs(1);

/// `workerBackOffPeriodJitterFactor`: a retry waits its period plus up to half of it again.
pub const WORKER_BACK_OFF_PERIOD_JITTER_FACTOR: f64 = 0.5;

/// The draws of `wait.Jitter`, seeded from the scenario's seed. A stream of their own, so that when a
/// retry comes does not change the sandbox IDs, netns and veth names the seed gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Jitter {
    rng: Pcg64Mcg,
}

/// Told apart from the seed of the names' stream (`Entropy`), which takes the seed as it is.
const STREAM: u64 = 0x6a69_7474_6572_0001;

impl Jitter {
    /// The stream of `seed`.
    pub fn from_seed(seed: u64) -> Self {
        Jitter {
            rng: Pcg64Mcg::seed_from_u64(seed ^ STREAM),
        }
    }

    /// `wait.Jitter(duration, maxFactor)`: `duration + rand.Float64()*maxFactor*duration`, to the clock's
    /// millisecond.
    ///
    /// # Examples
    /// ```
    /// use podip::sim::jitter::Jitter;
    /// use podip::sim::VirtualDuration;
    /// let ten = VirtualDuration::from_secs(10);
    /// let wait = Jitter::from_seed(1).jitter(ten, 0.5);
    /// assert!(wait >= ten && wait < VirtualDuration::from_secs(15));
    /// assert_eq!(wait, Jitter::from_seed(1).jitter(ten, 0.5));
    /// ```
    pub fn jitter(&mut self, duration: VirtualDuration, max_factor: f64) -> VirtualDuration {
        // Go's rand.Float64: 53 random bits over 2^53, in [0, 1).
        let unit = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let extra = unit * max_factor * duration.as_millis() as f64;
        // Truncated as Go's time.Duration conversion truncates, here to the millisecond.
        duration + VirtualDuration::from_millis(extra as u64)
    }

    /// The pod worker's wait before it syncs a pod again after a failed sync of `period`.
    pub fn back_off(&mut self, period: VirtualDuration) -> VirtualDuration {
        self.jitter(period, WORKER_BACK_OFF_PERIOD_JITTER_FACTOR)
    }
}
