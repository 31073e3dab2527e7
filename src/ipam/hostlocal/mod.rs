//! The host-local IPAM plugin (`containernetworking/plugins`, `plugins/ipam/host-local`).

pub mod range;
