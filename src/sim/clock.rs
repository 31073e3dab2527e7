//! Virtual time: the simulation's only clock. Nothing here reads a wall clock, so a scenario replays
//! identically on every machine and in the browser.

use crate::ipam::goip::GoQuoted;
use serde::Serialize;
use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// A point in virtual time: milliseconds since the scenario started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct VirtualTime(pub u64);

/// A span of virtual time in milliseconds (the clock's resolution).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct VirtualDuration(pub u64);

impl VirtualTime {
    /// The start of every scenario.
    pub const ZERO: VirtualTime = VirtualTime(0);

    /// Milliseconds since the start.
    pub fn as_millis(self) -> u64 {
        self.0
    }
}

impl VirtualDuration {
    /// No time at all.
    pub const ZERO: VirtualDuration = VirtualDuration(0);

    /// A duration of `ms` milliseconds.
    pub const fn from_millis(ms: u64) -> Self {
        VirtualDuration(ms)
    }

    /// A duration of `s` whole seconds.
    pub const fn from_secs(s: u64) -> Self {
        VirtualDuration(s * 1000)
    }

    /// The length in milliseconds.
    pub fn as_millis(self) -> u64 {
        self.0
    }

    /// `self × 2^exponent`, saturating, capped at `max`: the per-item exponential backoff of client-go's
    /// `ItemExponentialFailureRateLimiter` (`baseDelay * 2^failures`, at most `maxDelay`).
    pub fn exponential(self, exponent: u32, max: VirtualDuration) -> VirtualDuration {
        let factor = 1u64.checked_shl(exponent).unwrap_or(u64::MAX);
        VirtualDuration(self.0.saturating_mul(factor).min(max.0))
    }
}

impl Add<VirtualDuration> for VirtualTime {
    type Output = VirtualTime;
    fn add(self, d: VirtualDuration) -> VirtualTime {
        VirtualTime(self.0.saturating_add(d.0))
    }
}

impl AddAssign<VirtualDuration> for VirtualTime {
    fn add_assign(&mut self, d: VirtualDuration) {
        *self = *self + d;
    }
}

impl Add for VirtualDuration {
    type Output = VirtualDuration;
    fn add(self, d: VirtualDuration) -> VirtualDuration {
        VirtualDuration(self.0.saturating_add(d.0))
    }
}

impl Sub for VirtualTime {
    type Output = VirtualDuration;
    /// The time from `earlier` to `self` (zero if `earlier` is later).
    fn sub(self, earlier: VirtualTime) -> VirtualDuration {
        VirtualDuration(self.0.saturating_sub(earlier.0))
    }
}

/// `12.345s`: seconds with millisecond precision, as the transcript's time column shows it.
impl fmt::Display for VirtualTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:03}s", self.0 / 1000, self.0 % 1000)
    }
}

/// Go's `time.Duration.String()` at millisecond resolution: `2.3s`, `500ms`, `1m0s`, `0s`.
impl fmt::Display for VirtualDuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0;
        if ms == 0 {
            return f.write_str("0s");
        }
        if ms < 1000 {
            return write!(f, "{ms}ms");
        }
        let (hours, minutes) = (ms / 3_600_000, ms / 60_000 % 60);
        if hours > 0 {
            write!(f, "{hours}h")?;
        }
        if hours > 0 || minutes > 0 {
            write!(f, "{minutes}m")?;
        }
        let (secs, millis) = (ms / 1000 % 60, ms % 1000);
        if millis == 0 {
            write!(f, "{secs}s")
        } else {
            let frac = format!("{millis:03}");
            write!(f, "{secs}.{}s", frac.trim_end_matches('0'))
        }
    }
}

/// Why a duration did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DurationError {
    /// Not of the form `<number><unit>…` with units `ms`, `s`, `m`, `h`.
    Invalid(String),
    /// Finer than the clock's millisecond.
    SubMillisecond(String),
    /// More than the clock can hold.
    Overflow(String),
}

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid(s) => write!(
                f,
                "invalid duration {} (use a number and a unit: 500ms, 2.3s, 1m, 1m30s)",
                GoQuoted(s)
            ),
            Self::SubMillisecond(s) => {
                write!(
                    f,
                    "duration {} is finer than the 1ms virtual clock",
                    GoQuoted(s)
                )
            }
            Self::Overflow(s) => write!(f, "duration {} is too long", GoQuoted(s)),
        }
    }
}

impl std::error::Error for DurationError {}

impl std::str::FromStr for VirtualDuration {
    type Err = DurationError;

    /// A subset of Go's `time.ParseDuration`: one or more `<decimal><unit>` terms, units `ms`, `s`, `m`,
    /// `h`; no sign. `0` alone is accepted, as in Go.
    ///
    /// # Examples
    /// ```
    /// use podip::sim::VirtualDuration;
    /// assert_eq!("2.3s".parse::<VirtualDuration>().unwrap().as_millis(), 2300);
    /// assert_eq!("1m30s".parse::<VirtualDuration>().unwrap().as_millis(), 90_000);
    /// assert!("2.3".parse::<VirtualDuration>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, DurationError> {
        if s == "0" {
            return Ok(VirtualDuration::ZERO);
        }
        let invalid = || DurationError::Invalid(s.to_string());
        let overflow = || DurationError::Overflow(s.to_string());
        let mut rest = s;
        let mut total: u64 = 0;
        if rest.is_empty() {
            return Err(invalid());
        }
        while !rest.is_empty() {
            let number_len = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .ok_or_else(invalid)?;
            let (number, tail) = rest.split_at(number_len);
            let unit_len = tail
                .find(|c: char| c.is_ascii_digit() || c == '.')
                .unwrap_or(tail.len());
            let (unit, tail) = tail.split_at(unit_len);
            let unit_ms: u64 = match unit {
                "ms" => 1,
                "s" => 1000,
                "m" => 60_000,
                "h" => 3_600_000,
                _ => return Err(invalid()),
            };
            let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
            if (whole.is_empty() && frac.is_empty()) || frac.contains('.') {
                return Err(invalid());
            }
            let whole: u64 = if whole.is_empty() {
                0
            } else {
                whole.parse().map_err(|_| overflow())?
            };
            let mut term = whole.checked_mul(unit_ms).ok_or_else(overflow)?;
            // The fraction in milliseconds must be exact: 2.3s is 2300ms, 0.5ms is refused.
            let mut scale = unit_ms;
            for digit in frac.bytes() {
                let digit = u64::from(digit - b'0');
                if !scale.is_multiple_of(10) {
                    if digit != 0 {
                        return Err(DurationError::SubMillisecond(s.to_string()));
                    }
                    continue;
                }
                scale /= 10;
                term = term.checked_add(digit * scale).ok_or_else(overflow)?;
            }
            total = total.checked_add(term).ok_or_else(overflow)?;
            rest = tail;
        }
        Ok(VirtualDuration(total))
    }
}
