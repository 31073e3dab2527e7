//! The layers of `docs/architecture.md`, held: the table there names each layer of `src/` and the
//! layers it may use; every `crate::…` path in a file of a layer must name itself or one of those. A
//! path that points anywhere else fails the test, printed with its file and line.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// One row of the table: the layer's module (`playback` for `src/playback/`, `order` for
/// `src/order.rs`) and the modules it may use.
fn layers() -> BTreeMap<String, Vec<String>> {
    let doc = fs::read_to_string("docs/architecture.md").expect("docs/architecture.md");
    let mut table = BTreeMap::new();
    for line in doc.lines().filter(|l| l.starts_with("| `src/")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (place, may_use) = (cells[1], cells[3]);
        let module = place
            .trim_matches('`')
            .trim_start_matches("src/")
            .trim_end_matches('/')
            .trim_end_matches(".rs");
        if module.starts_with("bin") {
            continue;
        }
        let uses = may_use
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        table.insert(module.to_string(), uses);
    }
    table
}

fn rust_files(at: &Path, into: &mut Vec<PathBuf>) {
    if at.is_file() {
        into.push(at.to_path_buf());
        return;
    }
    for entry in fs::read_dir(at).expect("a folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// The module names after each `crate::` of `line`, outside comments.
fn crate_paths(line: &str) -> Vec<&str> {
    let code = line.split("//").next().unwrap_or_default();
    code.match_indices("crate::")
        .filter(|(at, _)| !code[..*at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
        .map(|(at, _)| {
            let rest = &code[at + "crate::".len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .filter(|name| !name.is_empty())
        .collect()
}

#[test]
fn every_use_points_down_the_layers_the_architecture_lists() {
    let layers = layers();
    let names: Vec<&str> = layers.keys().map(String::as_str).collect();
    for expected in [
        "ipam", "sim", "i18n", "tours", "share", "playback", "article", "ui",
    ] {
        assert!(
            names.contains(&expected),
            "docs/architecture.md's table has no {expected}: {names:?}"
        );
    }
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (module, may_use) in &layers {
        let dir = Path::new("src").join(module);
        let place = if dir.is_dir() {
            dir
        } else {
            Path::new("src").join(format!("{module}.rs"))
        };
        let mut files = Vec::new();
        rust_files(&place, &mut files);
        for file in files {
            let text = fs::read_to_string(&file).expect("a source file");
            for (number, line) in text.lines().enumerate() {
                for used in crate_paths(line) {
                    checked += 1;
                    if used != module && !may_use.iter().any(|m| m == used) {
                        wrong.push(format!(
                            "{}:{}: {module} uses {used}: {}",
                            file.display(),
                            number + 1,
                            line.trim()
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 200, "only {checked} paths read");
    assert!(
        wrong.is_empty(),
        "uses that do not point down the layers of docs/architecture.md:\n{}",
        wrong.join("\n")
    );
}

/// The check itself: a path in a comment is not a use, one in code is.
#[test]
fn a_crate_path_is_read_from_code_not_comments() {
    assert_eq!(
        crate_paths("use crate::sim::Reason; // see crate::ui"),
        ["sim"]
    );
    assert_eq!(
        crate_paths("let x = podip_crate::ui::y;"),
        Vec::<&str>::new()
    );
    assert_eq!(
        crate_paths("fn f(a: crate::ipam::X, b: crate::order::Y)"),
        ["ipam", "order"]
    );
}
