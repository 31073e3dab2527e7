//! `mdbook-podip`: an mdBook preprocessor that turns `{{#podip tour=kind step=8}}` in a chapter into a
//! `<podip-figure>` holding its picture (the SVG `podip figure` draws, for readers without JavaScript),
//! and adds podip's figure script once to each chapter that has one.
//!
//! mdBook's preprocessor protocol: `mdbook-podip supports <renderer>` answers by its exit status (0:
//! it does, for `html`); otherwise it reads `[context, book]` as JSON on standard input and writes the
//! book back. The script's address is the book's `[preprocessor.podip] script = "…/podip-figure.js"`.
//! The book is read as JSON values, so no version of mdBook's own crate is tied to this one.
//! `{{#podip lesson=lessons/mine.md step=3}}` reads the lesson file relative to its chapter's folder,
//! else to the book's `src`, else to the book's root, and checks it: a broken lesson stops the build.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("supports") {
        let html = args.get(1).map(String::as_str) == Some("html");
        std::process::exit(if html { 0 } else { 1 });
    }
    let mut input = String::new();
    if let Err(err) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut input) {
        fail(&err.to_string());
    }
    match preprocess(&input) {
        Ok(book) => print!("{book}"),
        Err(err) => fail(&err),
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn fail(message: &str) -> ! {
    eprintln!("mdbook-podip: {message}");
    std::process::exit(1);
}

/// `[context, book]` in, the book out, each chapter's `{{#podip …}}` replaced.
#[cfg(not(target_arch = "wasm32"))]
fn preprocess(input: &str) -> Result<String, String> {
    use serde_json::Value;
    let (context, mut book): (Value, Value) = serde_json::from_str(input)
        .map_err(|err| format!("not mdBook's [context, book]: {err}"))?;
    let script = context
        .pointer("/config/preprocessor/podip/script")
        .and_then(Value::as_str)
        .ok_or("book.toml has no [preprocessor.podip] script = \"…/podip-figure.js\"")?
        .to_string();
    let root = std::path::PathBuf::from(
        context
            .pointer("/root")
            .and_then(Value::as_str)
            .unwrap_or("."),
    );
    let src = root.join(
        context
            .pointer("/config/book/src")
            .and_then(Value::as_str)
            .unwrap_or("src"),
    );
    let mut problems = Vec::new();
    // mdBook 0.5 names the chapters `items`; 0.4 named them `sections`.
    let key = if book.get("items").is_some() {
        "items"
    } else {
        "sections"
    };
    let items = book
        .get_mut(key)
        .and_then(Value::as_array_mut)
        .ok_or("the book has no items")?;
    for item in items {
        chapters(item, &mut |name, chapter_path, content| {
            let folder = src.join(chapter_path).parent().map(|p| p.to_path_buf());
            let mut read =
                |path: &str| read_lesson(path, &[folder.as_deref(), Some(&src), Some(&root)]);
            match podip::ui::build::embed_figures::expand_with(content, &script, &mut read) {
                Ok(expanded) => *content = expanded,
                Err(err) => problems.push(format!("{name}: {err}")),
            }
        });
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    serde_json::to_string(&book).map_err(|err| err.to_string())
}

/// The lesson file `path` in the first of `folders` that has it: its path as found, and its bytes (at
/// most one byte past the largest lesson, which the checker refuses by its size).
#[cfg(not(target_arch = "wasm32"))]
fn read_lesson(
    path: &str,
    folders: &[Option<&std::path::Path>],
) -> Result<(String, Vec<u8>), String> {
    use std::io::Read;
    let found = folders
        .iter()
        .flatten()
        .map(|folder| folder.join(path))
        .find(|file| file.is_file())
        .ok_or_else(|| {
            format!(
                "lesson={path}: no such file beside the chapter, in the book's src or at its root"
            )
        })?;
    let mut bytes = Vec::new();
    std::fs::File::open(&found)
        .and_then(|file| {
            file.take(podip::tours::lesson::MAX_FILE_BYTES as u64 + 1)
                .read_to_end(&mut bytes)
        })
        .map_err(|err| format!("{}: {err}", found.display()))?;
    Ok((found.display().to_string(), bytes))
}

/// Every chapter of `item` and its sub-items, with its name, its source path and its content to change.
#[cfg(not(target_arch = "wasm32"))]
fn chapters(item: &mut serde_json::Value, each: &mut dyn FnMut(&str, &str, &mut String)) {
    let Some(chapter) = item.get_mut("Chapter") else {
        return;
    };
    let name = chapter
        .get("name")
        .and_then(|n| n.as_str())
        .unwrap_or_default()
        .to_string();
    let source = chapter
        .get("source_path")
        .and_then(|n| n.as_str())
        .unwrap_or_default()
        .to_string();
    if let Some(serde_json::Value::String(content)) = chapter.get_mut("content") {
        each(&name, &source, content);
    }
    if let Some(subs) = chapter.get_mut("sub_items").and_then(|s| s.as_array_mut()) {
        for sub in subs {
            chapters(sub, each);
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::preprocess;
    use serde_json::{json, Value};

    /// `[context, book]` as mdBook 0.5 sends it (the book's chapters under `items`; 0.4 named them
    /// `sections`): a chapter with a figure and a sub-chapter with another, a separator, a draft.
    fn input(items_key: &str) -> String {
        let chapter = |name: &str, content: &str, sub_items: Value| {
            json!({ "Chapter": { "name": name, "content": content, "number": [1], "sub_items": sub_items,
                "path": format!("{name}.md"), "source_path": format!("{name}.md"), "parent_names": [] } })
        };
        let book = json!({
            items_key: [
                chapter("intro", "# Intro\n\nNo figure.\n", json!([])),
                "Separator",
                chapter("ips", "# IPs\n\n{{#podip tour=kind step=8}}\n", json!([
                    chapter("bridge", "{{#podip tour=kubeadm-flannel step=3 lang=ja}}\n", json!([])),
                ])),
            ],
            "__non_exhaustive": null,
        });
        let context = json!({
            "root": "/book", "renderer": "html", "mdbook_version": "0.5.4",
            "config": { "book": { "title": "t" }, "preprocessor": { "podip": { "script": "https://h/podip-figure.js" } } },
        });
        json!([context, book]).to_string()
    }

    #[test]
    fn each_chapters_figures_are_expanded_and_the_rest_is_left_alone() {
        for key in ["items", "sections"] {
            let book: Value = serde_json::from_str(&preprocess(&input(key)).expect("preprocesses"))
                .expect("JSON");
            let items = book[key].as_array().expect("the chapters");
            assert_eq!(items[0]["Chapter"]["content"], "# Intro\n\nNo figure.\n");
            assert_eq!(items[1], "Separator");
            let ips = items[2]["Chapter"]["content"].as_str().expect("content");
            assert!(
                ips.contains("<podip-figure tour=\"kind\" step=\"8\"><img"),
                "{ips}"
            );
            assert!(
                ips.contains("<script type=\"module\" src=\"https://h/podip-figure.js\"></script>")
            );
            let bridge = items[2]["Chapter"]["sub_items"][0]["Chapter"]["content"]
                .as_str()
                .expect("content");
            assert!(
                bridge.contains("tour=\"kubeadm-flannel\" step=\"3\" lang=\"ja\""),
                "{bridge}"
            );
            assert_eq!(book["__non_exhaustive"], Value::Null);
        }
    }

    #[test]
    fn a_book_without_the_script_or_with_a_bad_figure_is_refused() {
        let without =
            input("items").replace("\"script\":\"https://h/podip-figure.js\"", "\"other\":1");
        assert!(preprocess(&without)
            .expect_err("no script")
            .contains("[preprocessor.podip] script"));
        let bad = input("items").replace("step=8", "step=80");
        let err = preprocess(&bad).expect_err("past the last step");
        assert!(err.starts_with("ips: step=80"), "{err}");
        assert!(preprocess("not json").is_err());
    }
}
