//! The house's limit on a file's length (`docs/architecture.md`: a file past ~400 lines is usually two
//! ideas, none goes past ~650): a file of `src/` longer than [`LIMIT`] lines fails, printed with its
//! length, to be split along its ideas.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::imports::collect;
use std::path::Path;

/// The most lines a file of `src/` may have.
const LIMIT: usize = 650;

/// The files of `files` (`(path, text)`) longer than [`LIMIT`] lines, as `path: N lines`.
fn too_long(files: &[(String, String)]) -> Vec<String> {
    files
        .iter()
        .map(|(path, text)| (path, text.lines().count()))
        .filter(|(_, lines)| *lines > LIMIT)
        .map(|(path, lines)| format!("{path}: {lines} lines"))
        .collect()
}

#[test]
fn no_file_of_src_is_longer_than_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect(root, &root.join("src"), &mut files);
    assert!(files.len() > 100, "only {} files read", files.len());
    let long = too_long(&files);
    assert!(
        long.is_empty(),
        "files longer than {LIMIT} lines, each to be split along its ideas:\n{}",
        long.join("\n")
    );
}

#[test]
fn a_file_one_line_past_the_limit_is_too_long() {
    let file = |lines: usize| "fn f() {}\n".repeat(lines);
    let files = [
        ("src/at.rs".to_string(), file(LIMIT)),
        ("src/past.rs".to_string(), file(LIMIT + 1)),
    ];
    assert_eq!(too_long(&files), ["src/past.rs: 651 lines"]);
}
