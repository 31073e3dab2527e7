//! What the tests of the house's own structure share.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

pub mod imports;
