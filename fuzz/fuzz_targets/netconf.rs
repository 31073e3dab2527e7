//! Fuzz the host-local netconf loader, and the plugin commands on whatever it accepts.
//!
//! Input: the network config JSON, optionally followed by a NUL byte and a `CNI_ARGS` string.
//! The loader must never panic on any bytes; an accepted config must survive ADD, CHECK and DEL.
#![no_main]

#[path = "../replay/netconf.rs"]
mod netconf;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| netconf::replay(data));
