//! Calico's IPAM (projectcalico/calico `libcalico-go/lib/ipam`).

pub mod go_rand;
