//! `mdbook-podip`: an mdBook preprocessor that turns `{{#podip tour=kind step=8}}` in a chapter into a
//! `<podip-figure>` holding its picture (the SVG `podip figure` draws, for readers without JavaScript),
//! and adds podip's figure script once to each chapter that has one.
//!
//! mdBook's preprocessor protocol: `mdbook-podip supports <renderer>` answers by its exit status (0:
//! it does, for `html`); otherwise it reads `[context, book]` as JSON on standard input and writes the
//! book back. The script's address is the book's `[preprocessor.podip] script = "…/podip-figure.js"`.
//! The book is read as JSON values, so no version of mdBook's own crate is tied to this one.

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
        chapters(
            item,
            &mut |name, content| match podip::ui::embed_figures::expand(content, &script) {
                Ok(expanded) => *content = expanded,
                Err(err) => problems.push(format!("{name}: {err}")),
            },
        );
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    serde_json::to_string(&book).map_err(|err| err.to_string())
}

/// Every chapter of `item` and its sub-items, with its name and its content to change.
#[cfg(not(target_arch = "wasm32"))]
fn chapters(item: &mut serde_json::Value, each: &mut dyn FnMut(&str, &mut String)) {
    let Some(chapter) = item.get_mut("Chapter") else {
        return;
    };
    let name = chapter
        .get("name")
        .and_then(|n| n.as_str())
        .unwrap_or_default()
        .to_string();
    if let Some(serde_json::Value::String(content)) = chapter.get_mut("content") {
        each(&name, content);
    }
    if let Some(subs) = chapter.get_mut("sub_items").and_then(|s| s.as_array_mut()) {
        for sub in subs {
            chapters(sub, each);
        }
    }
}
