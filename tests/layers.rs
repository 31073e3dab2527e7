//! The layers of `docs/architecture.md`, held: the table there names each module of `src/` (a folder
//! or a file) and the layers it may use, and the table of `ui`'s products names each folder of
//! `src/ui/` and the parts of `ui` it may use. Every import of a file — `use crate::{a, b::{c, d}}`,
//! a `crate::…` path in code, a `super::…` that climbs out of its folder — is read as rustc resolves
//! it (`tests/common/imports.rs`, the reader `tests/no_import_circles.rs` uses too) and must land in
//! the file's own layer or one its row lists; a module the tables do not name fails too. Each failure
//! is printed with its file and line.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::imports::{collect, read, FileImports};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A table of `docs/architecture.md`: each row's place (its first cell, in backticks) and the names
/// in backticks of its third cell.
type Table = BTreeMap<String, Vec<String>>;

/// The rows of the table whose places start with `prefix` (`src/`, `ui/`), each named by its module
/// (`playback` for `src/playback/`, `order` for `src/order.rs`, `app` for `ui/app/`).
fn table(doc: &str, prefix: &str) -> Table {
    let mut table = BTreeMap::new();
    for line in doc
        .lines()
        .filter(|l| l.starts_with(&format!("| `{prefix}")))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (place, may_use) = (cells[1], cells.get(3).copied().unwrap_or_default());
        let module = place
            .trim_matches('`')
            .trim_start_matches(prefix)
            .trim_end_matches('/')
            .trim_end_matches(".rs");
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

/// The library's layers and `ui`'s products, as `docs/architecture.md` lists them.
struct Architecture {
    layers: Table,
    products: Table,
}

impl Architecture {
    fn of(doc: &str) -> Architecture {
        let mut layers = table(doc, "src/");
        // The binaries are crates of their own over the whole library.
        layers.retain(|module, _| !module.starts_with("bin"));
        Architecture {
            layers,
            products: table(doc, "ui/"),
        }
    }

    fn read() -> Architecture {
        Architecture::of(&fs::read_to_string("docs/architecture.md").expect("docs/architecture.md"))
    }
}

/// Whether a file is the library's: not its root (which declares the layers), the web entry or a
/// binary, which are crates over the whole library.
fn of_the_library(path: &str) -> bool {
    path.starts_with("src/")
        && !matches!(path, "src/lib.rs" | "src/main.rs")
        && !path.starts_with("src/bin/")
}

/// The files of `ui` that are no product's (`src/ui/NAME.rs` but `mod.rs`), by name.
fn shared_parts(files: &[(String, String)]) -> Vec<String> {
    files
        .iter()
        .filter_map(|(path, _)| path.strip_prefix("src/ui/")?.strip_suffix(".rs"))
        .filter(|name| !name.contains('/') && *name != "mod")
        .map(str::to_string)
        .collect()
}

/// Every import of `files` (the library's, as `(path, text)`) that lands outside what its layer may
/// use, or within `ui` outside what its part may use, as `file:line: …`; and how many were read.
fn wrong_uses(files: &[(String, String)], architecture: &Architecture) -> (Vec<String>, usize) {
    let shared = shared_parts(files);
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (path, text) in files.iter().filter(|(path, _)| of_the_library(path)) {
        let Some(FileImports {
            module, references, ..
        }) = read(path, text)
        else {
            continue;
        };
        // `module` is `["lib", layer, part, …]`.
        let Some(layer) = module.get(1) else {
            continue;
        };
        // A layer the table does not name is reported by `unnamed_modules`.
        let Some(may_use) = architecture.layers.get(layer) else {
            continue;
        };
        // Within `ui`, the part a file is of: a product (its folder) or a shared part (its file);
        // `ui/mod.rs`, which starts the app, is neither.
        let part = module.get(2).filter(|_| layer == "ui");
        let part_may_use = part.map(|part| match architecture.products.get(part) {
            Some(row) => row.clone(),
            None => shared.clone(),
        });
        for reference in references {
            let Some(used) = reference.path.get(1) else {
                continue;
            };
            checked += 1;
            let at = format!("{path}:{}", reference.line);
            if used != layer && !may_use.contains(used) {
                wrong.push(format!("{at}: {layer} uses {used}: {}", reference.text));
                continue;
            }
            let (Some(part), Some(part_may_use), "ui") = (part, &part_may_use, used.as_str())
            else {
                continue;
            };
            // `crate::ui` itself, or a part of it.
            let used_part = reference.path.get(2).unwrap_or(used);
            if used_part != part && !part_may_use.contains(used_part) {
                wrong.push(format!(
                    "{at}: ui's {part} uses ui's {used_part}: {}",
                    reference.text
                ));
            }
        }
    }
    (wrong, checked)
}

/// The modules of `src/` (each `NAME/` or `NAME.rs` of `entries`, the root and binaries aside) that the
/// table of layers does not name, the folders of `src/ui/` (`ui_entries`) that the table of products
/// does not name, and the rows that name nothing there.
fn unnamed_modules(
    entries: &[String],
    ui_entries: &[String],
    architecture: &Architecture,
) -> Vec<String> {
    let mut wrong = Vec::new();
    let modules: BTreeSet<&str> = entries
        .iter()
        .filter(|e| !matches!(e.as_str(), "lib.rs" | "main.rs" | "bin/"))
        .filter_map(|e| e.strip_suffix('/').or_else(|| e.strip_suffix(".rs")))
        .collect();
    for module in &modules {
        if !architecture.layers.contains_key(*module) {
            wrong.push(format!(
                "src/{module}: a module docs/architecture.md's table of layers does not name"
            ));
        }
    }
    for layer in architecture.layers.keys() {
        if !modules.contains(layer.as_str()) {
            wrong.push(format!(
                "docs/architecture.md's table of layers names src/{layer}, which is not there"
            ));
        }
    }
    let products: BTreeSet<&str> = ui_entries
        .iter()
        .filter_map(|e| e.strip_suffix('/'))
        .collect();
    for product in &products {
        if !architecture.products.contains_key(*product) {
            wrong.push(format!(
                "src/ui/{product}/: a folder docs/architecture.md's table of ui's products does not name"
            ));
        }
    }
    for product in architecture.products.keys() {
        if !products.contains(product.as_str()) {
            wrong.push(format!(
                "docs/architecture.md's table of ui's products names src/ui/{product}/, which is not there"
            ));
        }
    }
    wrong
}

/// The entries of a folder: `NAME/` for a folder, `NAME.rs` for a Rust file.
fn entries(dir: &str) -> Vec<String> {
    let mut entries: Vec<String> = fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("{dir}: {err}"))
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_str()?.to_string();
            match entry.path().is_dir() {
                true => Some(format!("{name}/")),
                false => name.ends_with(".rs").then_some(name),
            }
        })
        .collect();
    entries.sort();
    entries
}

fn source_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect(root, &root.join("src"), &mut files);
    files
}

#[test]
fn every_use_points_down_the_layers_the_architecture_lists() {
    let architecture = Architecture::read();
    let names: Vec<&str> = architecture.layers.keys().map(String::as_str).collect();
    for expected in [
        "ipam", "sim", "i18n", "tours", "share", "playback", "article", "ui",
    ] {
        assert!(
            names.contains(&expected),
            "docs/architecture.md's table has no {expected}: {names:?}"
        );
    }
    let (wrong, checked) = wrong_uses(&source_files(), &architecture);
    assert!(checked > 1500, "only {checked} paths read");
    assert!(
        wrong.is_empty(),
        "uses that docs/architecture.md's tables do not list:\n{}",
        wrong.join("\n")
    );
}

/// `ui` is one folder per product over shared parts: the stage uses none of the products, the figure
/// not the app, the app not the figure, and only the build uses them all.
#[test]
fn ui_is_the_products_the_architecture_lists() {
    let architecture = Architecture::read();
    let names: Vec<&str> = architecture.products.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        ["app", "build", "figure", "stage"],
        "the table of ui's products"
    );
}

#[test]
fn every_module_of_src_is_in_the_architectures_tables() {
    let wrong = unnamed_modules(&entries("src"), &entries("src/ui"), &Architecture::read());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The architecture of a made-up crate: `low` under `high`, `ui` over both with products `a` and
/// `b` (which may use `a`) and a shared part `shared`.
const MADE_UP: &str = "\
| `src/low/` | | | |
| `src/high.rs` | | `low` | |
| `src/ui/` | | `high`, `low` | |
| `ui/a/` | | `shared` |
| `ui/b/` | | `a`, `shared` |
";

/// The check itself, on a made-up crate: grouped and nested uses, paths in code, `super` climbing out
/// of a layer or a product are each seen, on their own line (after comments and strings of several
/// lines too); comments and strings are not code.
#[test]
fn grouped_uses_and_climbing_supers_are_held_to_the_table() {
    let architecture = Architecture::of(MADE_UP);
    let files: Vec<(String, String)> = [
        ("src/lib.rs", "pub mod high;\npub mod low;\npub mod ui;\n"),
        (
            "src/low/mod.rs",
            "use crate::{\n    low::x,\n    high::{y, z},\n};\n// use crate::ui::a;\nfn f() -> &'static str { \"crate::ui::a\" }\n",
        ),
        (
            "src/low/deep.rs",
            "use super::super::high::Y;\nuse super::x;\nconst S: &str = r#\"\nuse crate::ui::a;\n\"#;\n/* crate::ui::b\n */\nfn g(_: crate::ui::a::T) {}\n",
        ),
        (
            "src/high.rs",
            "use crate::{low::{self, deep::Z}, ui::a::W};\nfn f() { let _ = crate::low::N; }\n",
        ),
        ("src/ui/mod.rs", "pub mod a;\npub mod b;\nmod shared;\n"),
        ("src/ui/shared.rs", "use crate::ui::b::B;\n"),
        (
            "src/ui/a/mod.rs",
            "use crate::{high::H, ui::{shared::S, b::B}};\nmod inner {\n    use super::super::b::C;\n}\n",
        ),
        ("src/ui/b/x.rs", "use super::super::{a::A, shared::S};\nuse crate::ui::b::X;\n"),
    ]
    .iter()
    .map(|(path, text)| (path.to_string(), text.to_string()))
    .collect();
    let (wrong, _) = wrong_uses(&files, &architecture);
    assert_eq!(
        wrong,
        [
            "src/low/mod.rs:3: low uses high: use crate::high::y",
            "src/low/mod.rs:3: low uses high: use crate::high::z",
            "src/low/deep.rs:1: low uses high: use super::super::high::Y",
            "src/low/deep.rs:8: low uses ui: crate::ui::a::T",
            "src/high.rs:1: high uses ui: use crate::ui::a::W",
            "src/ui/shared.rs:1: ui's shared uses ui's b: use crate::ui::b::B",
            "src/ui/a/mod.rs:1: ui's a uses ui's b: use crate::ui::b::B",
            "src/ui/a/mod.rs:3: ui's a uses ui's b: use super::super::b::C",
        ]
        .map(String::from),
    );
    let unnamed = unnamed_modules(
        &["bin/", "high.rs", "lib.rs", "low/", "new.rs", "ui/"].map(String::from),
        &["a/", "c/", "mod.rs", "shared.rs"].map(String::from),
        &architecture,
    );
    assert_eq!(
        unnamed,
        [
            "src/new: a module docs/architecture.md's table of layers does not name",
            "src/ui/c/: a folder docs/architecture.md's table of ui's products does not name",
            "docs/architecture.md's table of ui's products names src/ui/b/, which is not there",
        ]
        .map(String::from),
    );
}
