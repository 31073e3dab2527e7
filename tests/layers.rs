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

/// One row of the table of `ui`'s products: the product (`app` for `src/ui/app/`) and the parts of `ui`
/// it may use.
fn products() -> BTreeMap<String, Vec<String>> {
    let doc = fs::read_to_string("docs/architecture.md").expect("docs/architecture.md");
    let mut table = BTreeMap::new();
    for line in doc.lines().filter(|l| l.starts_with("| `ui/")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let product = cells[1].trim_matches('`').trim_start_matches("ui/");
        let uses = cells[3]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        table.insert(product.trim_end_matches('/').to_string(), uses);
    }
    table
}

/// The part of `ui` after each `crate::ui::` of `line`, outside comments; `super::super` (which could
/// reach another product without naming it) as itself.
fn ui_paths(line: &str) -> Vec<&str> {
    let code = line.split("//").next().unwrap_or_default();
    let named = code.match_indices("crate::ui::").map(|(at, _)| {
        let rest = &code[at + "crate::ui::".len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        &rest[..end]
    });
    let climbing = code.match_indices("super::super").map(|_| "super::super");
    named.chain(climbing).collect()
}

/// `ui` is one folder per product over shared parts: the stage uses none of the products, the figure
/// not the app, the app not the figure, and only the build uses them all. The table of products in
/// `docs/architecture.md` says which; a file of a product whose `crate::ui::…` names another part
/// fails, printed with its line. The shared files (`ui/*.rs`) use no product (`mod.rs` starts the app).
#[test]
fn each_product_of_ui_uses_only_what_the_architecture_lists() {
    let products = products();
    let names: Vec<&str> = products.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        ["app", "build", "figure", "stage"],
        "the table of ui's products"
    );
    let mut wrong = Vec::new();
    let mut checked = 0;
    let mut check = |file: &Path, part: &str, may_use: &[String]| {
        let text = fs::read_to_string(file).expect("a source file");
        for (number, line) in text.lines().enumerate() {
            for used in ui_paths(line) {
                checked += 1;
                if used != part && !may_use.iter().any(|m| m == used) {
                    wrong.push(format!(
                        "{}:{}: {part} uses {used}: {}",
                        file.display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    };
    for (product, may_use) in &products {
        let mut files = Vec::new();
        rust_files(&Path::new("src/ui").join(product), &mut files);
        assert!(!files.is_empty(), "src/ui/{product}/ holds no file");
        for file in files {
            check(&file, product, may_use);
        }
    }
    let shared: Vec<String> = fs::read_dir("src/ui")
        .expect("src/ui")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs") && !p.ends_with("mod.rs"))
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .collect();
    for name in &shared {
        check(
            &Path::new("src/ui").join(format!("{name}.rs")),
            name,
            &shared,
        );
    }
    assert!(checked > 40, "only {checked} paths read");
    assert!(
        wrong.is_empty(),
        "uses across ui's products that docs/architecture.md does not list:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_ui_path_is_read_from_code_and_climbing_is_seen() {
    assert_eq!(
        ui_paths("use crate::ui::stage::StageView; // crate::ui::app"),
        ["stage"]
    );
    assert_eq!(ui_paths("use super::super::app::view;"), ["super::super"]);
    assert_eq!(ui_paths("use super::view::Shown;"), Vec::<&str>::new());
}
