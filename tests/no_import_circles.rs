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

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
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

/// Every `.rs` file under `dir`, with its path relative to the crate and its text.
/// The graph of a made-up crate of `(path, text)` files.
fn made_up(files: &[(&str, &str)]) -> Graph {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(path, text)| (path.to_string(), text.to_string()))
        .collect();
    Graph::read(&files)
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let text =
                fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            let relative = path.strip_prefix(root).unwrap_or(&path);
            files.push((relative.to_string_lossy().replace('\\', "/"), text));
        }
    }
}

/// Which file's code names which other file, with the first statement that does.
struct Graph {
    edges: BTreeMap<String, BTreeMap<String, String>>,
}

/// A `use` statement or path as read: the file and module it is in, its path, and whether it re-exports.
struct Reference {
    module: Vec<String>,
    path: Vec<String>,
    public_use: bool,
    text: String,
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
        let library: Vec<(&str, Vec<String>, &str)> = files
            .iter()
            .filter_map(|(path, text)| Some((path.as_str(), module_of(path)?, text.as_str())))
            .collect();
        let mut module_files: BTreeMap<Vec<String>, String> = library
            .iter()
            .map(|(path, module, _)| (module.clone(), path.to_string()))
            .collect();
        let mut references: Vec<(String, Reference)> = Vec::new();
        for (path, module, text) in &library {
            let (inline, read) = references_in(module, &tokens(&strip(text)));
            for inner in inline {
                module_files.insert(inner, path.to_string());
            }
            references.extend(read.into_iter().map(|r| (path.to_string(), r)));
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

/// The module a file is, named from its crate's root: the crate's name first (`lib`, `main`, `bin/NAME`),
/// then the modules. `src/lib.rs` is the library's root, `src/a/mod.rs` and `src/a.rs` its `a`;
/// `src/bin/NAME.rs` and `src/bin/NAME/main.rs` a binary's root, `src/bin/NAME/a.rs` its `a`.
fn module_of(path: &str) -> Option<Vec<String>> {
    let inside = path.strip_prefix("src/")?.strip_suffix(".rs")?;
    let (krate, inside) = match inside.strip_prefix("bin/") {
        Some(binary) => match binary.split_once('/') {
            Some((name, "main")) => (format!("bin/{name}"), ""),
            Some((name, rest)) => (format!("bin/{name}"), rest),
            None => (format!("bin/{binary}"), ""),
        },
        None if inside == "main" => ("main".to_string(), ""),
        None => ("lib".to_string(), inside),
    };
    let mut module = vec![krate];
    module.extend(
        inside
            .split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_string),
    );
    if module.len() > 1 && matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
        module.pop();
    }
    Some(module)
}

/// The code with comments, strings and character literals blanked out.
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let (c, next) = (chars[i], chars.get(i + 1).copied());
        let before = (i > 0).then(|| chars[i - 1]);
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            code.push(' ');
        } else if c == 'r'
            && !before.is_some_and(|b| ident(b) && b != 'b')
            && raw_string_at(&chars, i + 1)
        {
            let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
            i += 2 + hashes;
            while i < chars.len() {
                if chars[i] == '"'
                    && chars[i + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|c| **c == '#')
                        .count()
                        == hashes
                {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            code.push_str(" \"\" ");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            code.push_str(" \"\" ");
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            i += if next == Some('\\') { 3 } else { 2 };
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            code.push_str(" ' ' ");
        } else {
            code.push(c);
            i += 1;
        }
    }
    code
}

/// Whether a raw string's `#…"` starts at `at`.
fn raw_string_at(chars: &[char], at: usize) -> bool {
    let hashes = chars
        .get(at..)
        .map_or(0, |rest| rest.iter().take_while(|c| **c == '#').count());
    chars.get(at + hashes) == Some(&'"')
}

/// Identifiers, `::` and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".to_string());
            i += 2;
        } else {
            tokens.push(c.to_string());
            i += 1;
        }
    }
    tokens
}

/// The inline modules of a file's module, and every `use` and `crate::`/`super::`/`self::` path in it,
/// as absolute paths.
fn references_in(file_module: &[String], tokens: &[String]) -> (Vec<Vec<String>>, Vec<Reference>) {
    let mut inline = Vec::new();
    let mut references = Vec::new();
    // The inline modules open here, with the brace depth inside each.
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let module = || -> Vec<String> {
            let inner = open.iter().map(|(name, _)| name.clone());
            file_module.iter().cloned().chain(inner).collect()
        };
        match tokens[i].as_str() {
            "{" => depth += 1,
            "}" => {
                if open.last().is_some_and(|(_, inside)| *inside == depth) {
                    open.pop();
                }
                depth -= 1;
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t == "{") => {
                let name = tokens[i + 1].clone();
                let mut inner = module();
                inner.push(name.clone());
                inline.push(inner);
                open.push((name, depth + 1));
            }
            // Not `impl Trait + use<'a>`, which captures lifetimes.
            "use" if tokens.get(i + 1).is_some_and(|t| t != "<") => {
                let module = module();
                let end = tokens[i..]
                    .iter()
                    .position(|t| t == ";")
                    .map_or(tokens.len(), |n| i + n);
                let statement = &tokens[i + 1..end];
                let public_use = is_public(&tokens[..i]);
                let mut leaves = Vec::new();
                use_tree(statement, &mut 0, Vec::new(), &mut leaves);
                for leaf in leaves {
                    if let Some(path) = absolute(&module, &leaf) {
                        references.push(Reference {
                            module: module.clone(),
                            path,
                            public_use,
                            text: format!("use {}", leaf.join("::")),
                        });
                    }
                }
                i = end;
            }
            "crate" | "super" | "self" if tokens.get(i + 1).is_some_and(|t| t == "::") => {
                let module = module();
                let mut leaf = vec![tokens[i].clone()];
                let mut at = i + 1;
                while tokens.get(at).is_some_and(|t| t == "::")
                    && tokens
                        .get(at + 1)
                        .is_some_and(|t| t.chars().all(|c| c.is_alphanumeric() || c == '_'))
                {
                    leaf.push(tokens[at + 1].clone());
                    at += 2;
                }
                if let Some(path) = absolute(&module, &leaf) {
                    references.push(Reference {
                        module: module.clone(),
                        path,
                        public_use: false,
                        text: leaf.join("::"),
                    });
                }
                i = at - 1;
            }
            _ => {}
        }
        i += 1;
    }
    (inline, references)
}

/// Whether the item ending `before` has a `pub` or `pub(…)` visibility.
fn is_public(before: &[String]) -> bool {
    match before.last().map(String::as_str) {
        Some("pub") => true,
        Some(")") => {
            let open = before.iter().rposition(|t| t == "(");
            open.is_some_and(|at| at > 0 && before[at - 1] == "pub")
        }
        _ => false,
    }
}

/// The paths a use tree names, `prefix` first; a group's `self` names the prefix, a glob the module.
fn use_tree(tokens: &[String], at: &mut usize, prefix: Vec<String>, leaves: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        match tokens.get(*at).map(String::as_str) {
            Some("{") => {
                *at += 1;
                while tokens.get(*at).is_some_and(|t| t != "}") {
                    use_tree(tokens, at, path.clone(), leaves);
                    if tokens.get(*at).is_some_and(|t| t == ",") {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            Some("::") => *at += 1,
            Some("*") => {
                *at += 1;
                path.push("*".to_string());
                break;
            }
            Some("self") if !path.is_empty() => *at += 1,
            Some(segment) if segment.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                path.push(segment.to_string());
                *at += 1;
                if tokens.get(*at).is_some_and(|t| t == "as") {
                    *at += 2;
                    break;
                }
            }
            _ => break,
        }
    }
    leaves.push(path);
}

/// `path` as seen from `module` (its crate's name first), from the crate's root; `None` for another
/// crate's.
fn absolute(module: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = module.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.truncate(1);
            rest = &rest[1..];
        }
        Some("super" | "self") => {
            while let Some(step) = rest.first().map(String::as_str) {
                match step {
                    "super" if base.len() > 1 => {
                        base.pop();
                    }
                    "super" => return None,
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        // A name in scope here: a child module of a parent file (or another crate, not followed).
        _ => {}
    }
    base.extend(rest.iter().filter(|s| *s != "*").cloned());
    Some(base)
}
