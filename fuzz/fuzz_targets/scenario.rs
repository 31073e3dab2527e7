//! Fuzz the scenario parser, and simulate whatever it accepts (small enough to stay fast).
//!
//! Parsing must never panic on any text; an accepted scenario must run to its end and produce a state
//! without panicking.
#![no_main]

#[path = "../replay/scenario.rs"]
mod scenario;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scenario::replay(data));
