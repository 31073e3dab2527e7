//! How much a scenario may ask for: enough for every story and budget scenario, little enough that
//! whatever is accepted simulates in reasonable time and memory.

/// The most pods `add-many` makes in one line (a 256-node cluster at `--max-pods=110` is 28,160).
pub const MAX_MANY: u64 = 100_000;
