//! A file's imports read as rustc resolves them: every `use` (grouped, nested, multi-line) and every
//! `crate::`/`super::`/`self::` path of its code, outside comments and strings, made absolute from its
//! crate's root and kept with its line. `tests/no_import_circles.rs` builds the graph of files from it,
//! `tests/layers.rs` holds each path to the layers of `docs/architecture.md`.

use std::fs;
use std::path::Path;

/// A `use` statement or path as read: the module it is in, its path from the crate's root, whether it
/// re-exports, the path as written and the line it is on.
pub struct Reference {
    pub module: Vec<String>,
    pub path: Vec<String>,
    pub public_use: bool,
    pub text: String,
    pub line: usize,
}

/// A token of code and the line it is on (from 1).
pub struct Token {
    pub text: String,
    pub line: usize,
}

/// What a file's code imports: the module the file is (see [`module_of`]), its inline modules, and
/// every reference in it.
pub struct FileImports {
    pub module: Vec<String>,
    pub inline: Vec<Vec<String>>,
    pub references: Vec<Reference>,
}

/// The imports of the file at `path` (relative to the crate) with `text`; `None` outside `src/`.
pub fn read(path: &str, text: &str) -> Option<FileImports> {
    let module = module_of(path)?;
    let (inline, references) = references_in(&module, &tokens(&strip(text)));
    Some(FileImports {
        module,
        inline,
        references,
    })
}

/// Every `.rs` file under `dir`, sorted, with its path relative to `root` and its text.
pub fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
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

/// The code with comments, strings and character literals blanked out, each line where it was.
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
            let start = i;
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
            keep_lines(&chars[start..i.min(chars.len())], &mut code);
        } else if c == 'r'
            && !before.is_some_and(|b| ident(b) && b != 'b')
            && raw_string_at(&chars, i + 1)
        {
            let start = i;
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
            keep_lines(&chars[start..i.min(chars.len())], &mut code);
        } else if c == '"' {
            let start = i;
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            code.push_str(" \"\" ");
            keep_lines(&chars[start..i.min(chars.len())], &mut code);
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

/// The line breaks of a span blanked out, so what follows stays on its line.
fn keep_lines(blanked: &[char], code: &mut String) {
    code.extend(blanked.iter().filter(|c| **c == '\n'));
}

/// Whether a raw string's `#…"` starts at `at`.
fn raw_string_at(chars: &[char], at: usize) -> bool {
    let hashes = chars
        .get(at..)
        .map_or(0, |rest| rest.iter().take_while(|c| **c == '#').count());
    chars.get(at + hashes) == Some(&'"')
}

/// Identifiers, `::` and single punctuation characters, each with its line.
fn tokens(code: &str) -> Vec<Token> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let text: String = if c.is_whitespace() {
            line += usize::from(c == '\n');
            i += 1;
            continue;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            chars[start..i].iter().collect()
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            i += 2;
            "::".to_string()
        } else {
            i += 1;
            c.to_string()
        };
        tokens.push(Token { text, line });
    }
    tokens
}

/// The inline modules of a file's module, and every `use` and `crate::`/`super::`/`self::` path in it,
/// as absolute paths.
fn references_in(file_module: &[String], tokens: &[Token]) -> (Vec<Vec<String>>, Vec<Reference>) {
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
        match tokens[i].text.as_str() {
            "{" => depth += 1,
            "}" => {
                if open.last().is_some_and(|(_, inside)| *inside == depth) {
                    open.pop();
                }
                depth -= 1;
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t.text == "{") => {
                let name = tokens[i + 1].text.clone();
                let mut inner = module();
                inner.push(name.clone());
                inline.push(inner);
                open.push((name, depth + 1));
            }
            // Not `impl Trait + use<'a>`, which captures lifetimes.
            "use" if tokens.get(i + 1).is_some_and(|t| t.text != "<") => {
                let module = module();
                let end = tokens[i..]
                    .iter()
                    .position(|t| t.text == ";")
                    .map_or(tokens.len(), |n| i + n);
                let statement = &tokens[i + 1..end];
                let public_use = is_public(&tokens[..i]);
                let mut leaves = Vec::new();
                use_tree(statement, &mut 0, Vec::new(), &mut leaves);
                for (leaf, line) in leaves {
                    if let Some(path) = absolute(&module, &leaf) {
                        references.push(Reference {
                            module: module.clone(),
                            path,
                            public_use,
                            text: format!("use {}", leaf.join("::")),
                            line,
                        });
                    }
                }
                i = end;
            }
            "crate" | "super" | "self" if tokens.get(i + 1).is_some_and(|t| t.text == "::") => {
                let module = module();
                let mut leaf = vec![tokens[i].text.clone()];
                let mut at = i + 1;
                while tokens.get(at).is_some_and(|t| t.text == "::")
                    && tokens
                        .get(at + 1)
                        .is_some_and(|t| t.text.chars().all(|c| c.is_alphanumeric() || c == '_'))
                {
                    leaf.push(tokens[at + 1].text.clone());
                    at += 2;
                }
                if let Some(path) = absolute(&module, &leaf) {
                    references.push(Reference {
                        module: module.clone(),
                        path,
                        public_use: false,
                        text: leaf.join("::"),
                        line: tokens[i].line,
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
fn is_public(before: &[Token]) -> bool {
    match before.last().map(|t| t.text.as_str()) {
        Some("pub") => true,
        Some(")") => {
            let open = before.iter().rposition(|t| t.text == "(");
            open.is_some_and(|at| at > 0 && before[at - 1].text == "pub")
        }
        _ => false,
    }
}

/// The paths a use tree names, `prefix` first, each with the line its last segment is on; a group's
/// `self` names the prefix, a glob the module.
fn use_tree(
    tokens: &[Token],
    at: &mut usize,
    prefix: Vec<String>,
    leaves: &mut Vec<(Vec<String>, usize)>,
) {
    let mut path = prefix;
    loop {
        match tokens.get(*at).map(|t| t.text.as_str()) {
            Some("{") => {
                *at += 1;
                while tokens.get(*at).is_some_and(|t| t.text != "}") {
                    use_tree(tokens, at, path.clone(), leaves);
                    if tokens.get(*at).is_some_and(|t| t.text == ",") {
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
                if tokens.get(*at).is_some_and(|t| t.text == "as") {
                    *at += 2;
                    break;
                }
            }
            _ => break,
        }
    }
    let line = at
        .checked_sub(1)
        .and_then(|last| tokens.get(last))
        .map_or(0, |t| t.line);
    leaves.push((path, line));
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
