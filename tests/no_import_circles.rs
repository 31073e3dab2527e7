//! Rooms do not import each other in circles: within each directory of [`CHECKED`], no file reaches
//! itself through the `use crate::…`, `use super::…` and `crate::`/`super::` paths of its code.
//!
//! Every crate of the package is read: the library (`src/lib.rs`), the web entry (`src/main.rs`) and
//! each binary of `src/bin/` (`src/bin/NAME.rs` or `src/bin/NAME/main.rs`, with its modules beside
//! it). A path stays in its own crate; `podip::…` from a binary names another crate and is not followed.
//!
//! A module is a file: `src/sim/foo.rs` and `src/sim/foo/mod.rs` are `crate::sim::foo`, and an inline
//! `mod tests { … }` belongs to its file. A path names the file of the deepest module it reaches; a name
//! a parent only re-exports (`pub use`) is followed to the module that defines it, and a parent's own
//! re-exports of its children are no dependency of it (declaring and re-exporting children is what a
//! parent is for).

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::imports::{collect, read, FileImports, Reference};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The directories held to it, relative to the crate; what lies outside them is not reported.
const CHECKED: &[&str] = &["src"];

#[test]
fn no_file_imports_itself_through_others() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect(root, &root.join("src"), &mut files);
    let graph = Graph::read(&files);
    let cycles: Vec<String> = CHECKED
        .iter()
        .filter_map(|dir| graph.cycle_within(dir))
        .collect();
    assert!(
        cycles.is_empty(),
        "files import each other in a circle:\n{}",
        cycles.join("\n\n")
    );
}

/// The reader itself, on a made-up crate: grouped and multi-line uses, `super` from an inline module,
/// a name re-exported by the parent, braces and `use` inside strings and comments.
#[test]
fn the_reader_follows_uses_as_rustc_resolves_them() {
    let files = [
        (
            "src/sim/mod.rs",
            "pub mod a;\npub mod b;\npub mod c;\npub use b::Thing;\npub use c::{Other, More};\n",
        ),
        (
            "src/sim/a.rs",
            "use super::{\n    Thing,\n    c::{self, More},\n};\n// use super::d;\nfn f() { let s = \"{ use crate::sim::d; \"; let c = '{'; }\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::sim::mod_less;\n}\n",
        ),
        ("src/sim/b.rs", "pub struct Thing;\nfn g() -> u8 { super::c::N }\n"),
        ("src/sim/c.rs", "pub struct Other; pub struct More; pub const N: u8 = 1;\nuse crate::other::X;\n"),
        ("src/other.rs", "use crate::sim::a;\npub struct X;\n"),
        ("src/lib.rs", "pub mod other;\npub mod sim;\n"),
    ];
    let graph = made_up(&files);
    let edges = |from: &str| graph.edges_of(from);
    assert_eq!(
        edges("src/sim/a.rs"),
        ["src/sim/b.rs", "src/sim/c.rs", "src/sim/mod.rs"]
    );
    assert_eq!(edges("src/sim/b.rs"), ["src/sim/c.rs"]);
    assert_eq!(edges("src/sim/mod.rs"), Vec::<&str>::new());
    assert_eq!(edges("src/sim/c.rs"), ["src/other.rs"]);
    assert_eq!(graph.cycle_within("src/sim"), None);
    // Through `src/other.rs`, outside the directory: a circle of the crate, but not of this room.
    assert!(graph.cycle_within("src").is_some());
}

/// A binary is a crate of its own: its `super::` and `crate::` reach its own files, not the library's,
/// and two of its files importing each other are a circle.
#[test]
fn a_binary_is_read_as_its_own_crate() {
    let files = [
        (
            "src/lib.rs",
            "pub mod cli;
pub mod output;
",
        ),
        (
            "src/cli.rs",
            "pub fn main() {}
",
        ),
        (
            "src/output.rs",
            "pub fn to_json() {}
",
        ),
        (
            "src/main.rs",
            "mod cli;
fn main() { cli::main() }
",
        ),
        (
            "src/bin/tool/main.rs",
            "mod cli;
mod output;
mod run_cmd;
fn main() { cli::main() }
",
        ),
        (
            "src/bin/tool/cli.rs",
            "use super::run_cmd;
use podip::output::to_json;
pub fn main() { run_cmd::run() }
pub fn to_text() {}
",
        ),
        (
            "src/bin/tool/run_cmd.rs",
            "use super::cli::to_text;
pub fn run() {}
",
        ),
        (
            "src/bin/tool/output.rs",
            "use crate::cli;
",
        ),
        (
            "src/bin/single.rs",
            "mod helper;
fn main() { helper::go() }
",
        ),
        (
            "src/bin/single/helper.rs",
            "use crate::cli;
pub fn go() {}
",
        ),
    ];
    let graph = made_up(&files);
    let edges = |from: &str| graph.edges_of(from);
    assert_eq!(edges("src/bin/tool/cli.rs"), ["src/bin/tool/run_cmd.rs"]);
    assert_eq!(edges("src/bin/tool/output.rs"), ["src/bin/tool/cli.rs"]);
    // A binary's `crate::cli` is its own root's item, never the library's `src/cli.rs`.
    assert_eq!(edges("src/bin/single/helper.rs"), ["src/bin/single.rs"]);
    assert_eq!(edges("src/cli.rs"), Vec::<&str>::new());
    let cycle = graph
        .cycle_within("src/bin/tool")
        .expect("cli.rs ⇄ run_cmd.rs");
    assert!(
        cycle.contains("src/bin/tool/cli.rs → src/bin/tool/run_cmd.rs"),
        "{cycle}"
    );
    assert!(
        cycle.contains("src/bin/tool/run_cmd.rs → src/bin/tool/cli.rs"),
        "{cycle}"
    );
    assert!(graph.cycle_within("src/bin/single").is_none());
}

/// The graph of a made-up crate of `(path, text)` files.
fn made_up(files: &[(&str, &str)]) -> Graph {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(path, text)| (path.to_string(), text.to_string()))
        .collect();
    Graph::read(&files)
}

/// Which file's code names which other file, with the first statement that does.
struct Graph {
    edges: BTreeMap<String, BTreeMap<String, String>>,
}

impl Graph {
    /// The files `from` uses, sorted.
    fn edges_of(&self, from: &str) -> Vec<&str> {
        let mut to: Vec<&str> = self
            .edges
            .get(from)
            .into_iter()
            .flat_map(|edges| edges.keys().map(String::as_str))
            .collect();
        to.sort();
        to
    }

    /// Reads every crate's files; each crate's modules are named from its root, under the crate's name.
    fn read(files: &[(String, String)]) -> Graph {
        let library: Vec<(&str, FileImports)> = files
            .iter()
            .filter_map(|(path, text)| Some((path.as_str(), read(path, text)?)))
            .collect();
        let mut module_files: BTreeMap<Vec<String>, String> = library
            .iter()
            .map(|(path, file)| (file.module.clone(), path.to_string()))
            .collect();
        let mut references: Vec<(String, Reference)> = Vec::new();
        for (path, file) in library {
            for inner in file.inline {
                module_files.insert(inner, path.to_string());
            }
            references.extend(file.references.into_iter().map(|r| (path.to_string(), r)));
        }
        // What each module re-exports by name: `pub use` paths ending in an item.
        let mut reexports: BTreeMap<(Vec<String>, String), Vec<String>> = BTreeMap::new();
        for (_, reference) in &references {
            if let (true, Some(name)) = (reference.public_use, reference.path.last()) {
                if name != "*" {
                    reexports.insert(
                        (reference.module.clone(), name.clone()),
                        reference.path.clone(),
                    );
                }
            }
        }
        let resolver = Resolver {
            module_files,
            reexports,
        };
        let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        for (from, reference) in &references {
            let Some(target) = resolver.resolve(&reference.path, 0) else {
                continue;
            };
            // A parent re-exporting what its children define does not depend on them.
            if reference.public_use && target.starts_with(&reference.module) {
                continue;
            }
            let to = &resolver.module_files[&target];
            if to != from {
                edges
                    .entry(from.clone())
                    .or_default()
                    .entry(to.clone())
                    .or_insert_with(|| reference.text.clone());
            }
        }
        Graph { edges }
    }

    /// A circle among the files under `dir`, written out with the statement behind each step.
    fn cycle_within(&self, dir: &str) -> Option<String> {
        let inside = |file: &str| file.starts_with(&format!("{dir}/"));
        let mut done = BTreeSet::new();
        for start in self.edges.keys().filter(|file| inside(file)) {
            let mut path = Vec::new();
            if let Some(cycle) = self.walk(start, &inside, &mut path, &mut done) {
                return Some(cycle);
            }
        }
        None
    }

    /// Depth-first from `file`; `path` holds the files on the way, `done` those with no circle beyond.
    fn walk<'a>(
        &'a self,
        file: &'a str,
        inside: &dyn Fn(&str) -> bool,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<String> {
        if let Some(at) = path.iter().position(|f| *f == file) {
            let mut steps: Vec<&str> = path[at..].to_vec();
            steps.push(file);
            return Some(
                steps
                    .windows(2)
                    .map(|pair| {
                        format!(
                            "  {} → {}  ({})",
                            pair[0], pair[1], self.edges[pair[0]][pair[1]]
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
        if done.contains(file) {
            return None;
        }
        path.push(file);
        for next in self.edges.get(file).into_iter().flat_map(BTreeMap::keys) {
            if inside(next) {
                if let Some(cycle) = self.walk(next, inside, path, done) {
                    return Some(cycle);
                }
            }
        }
        path.pop();
        done.insert(file);
        None
    }
}

/// What paths resolve against: the file of every module, and the names modules re-export.
struct Resolver {
    module_files: BTreeMap<Vec<String>, String>,
    reexports: BTreeMap<(Vec<String>, String), Vec<String>>,
}

impl Resolver {
    /// The deepest module `path` reaches, following a re-exported name to where it comes from.
    fn resolve(&self, path: &[String], depth: usize) -> Option<Vec<String>> {
        let (krate, path) = path.split_first()?;
        let mut module = vec![krate.clone()];
        let mut rest = path.iter();
        for segment in rest.by_ref() {
            let mut deeper = module.clone();
            deeper.push(segment.clone());
            if self.module_files.contains_key(&deeper) {
                module = deeper;
                continue;
            }
            if depth < 8 {
                if let Some(source) = self.reexports.get(&(module.clone(), segment.clone())) {
                    if let Some(found) = self.resolve(source, depth + 1) {
                        return Some(found);
                    }
                }
            }
            break;
        }
        self.module_files.contains_key(&module).then_some(module)
    }
}
