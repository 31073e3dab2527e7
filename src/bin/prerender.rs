//! The app's pages rendered to HTML at build time, with the same Yew components the browser runs:
//! Trunk's post-build hook (`Trunk.toml`) runs it on the staged `index.html`, which becomes the root's
//! page, and writes each language's and tour's page beside it (`ja/index.html`,
//! `tour/kind/index.html`, …), so every page paints before its wasm arrives; the app then draws the
//! same view over it. Each page's stage is a picture beside it (`stage.svg`, `stage-dark.svg`).
//!
//! It also writes the article in each language (`read/`, `ja/read/`, `zh/read/`), each tour step's figure as SVG (`figures/<lang>/<tour>/<step>.svg`, and `-dark.svg`) and what
//! it says step by step (`figures/<lang>/<tour>/steps.json`),
//! the pictures of the example pages' figures with a scenario of their own (`figures-example.html`'s),
//! and the build's file names into the figures' script (`podip-figure.js`).
//!
//!   prerender INDEX_HTML      write every page from the built INDEX_HTML

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: prerender INDEX_HTML");
        std::process::exit(2);
    };
    let fail = |what: &str, err: &dyn std::fmt::Display| -> ! {
        eprintln!("prerender: {what}: {err}");
        std::process::exit(1);
    };
    let template = std::fs::read_to_string(&path).unwrap_or_else(|err| fail(&path, &err));
    let root = std::path::Path::new(&path)
        .parent()
        .unwrap_or(std::path::Path::new("."));
    for page in podip::ui::build::prerender::pages() {
        let Some(built) = podip::ui::build::prerender::page_html(&template, &page) else {
            fail(&path, &format!("no {}", podip::ui::build::prerender::MOUNT));
        };
        let dir = root.join(&page.path);
        std::fs::create_dir_all(&dir).unwrap_or_else(|err| fail(&page.path, &err));
        let file = dir.join("index.html");
        std::fs::write(&file, built.html)
            .unwrap_or_else(|err| fail(&file.display().to_string(), &err));
        for (picture, svg) in built.files {
            let file = root.join(picture);
            std::fs::write(&file, svg)
                .unwrap_or_else(|err| fail(&file.display().to_string(), &err));
        }
    }
    // Each tour step's figure, in each language and theme, for a `<podip-figure>` to hold.
    let mut runs = podip::playback::figure::Runs::default();
    for (file, svg) in podip::ui::build::figure_svg::build_figures(&mut runs) {
        let file = root.join(file);
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir)
                .unwrap_or_else(|err| fail(&dir.display().to_string(), &err));
        }
        match svg {
            Ok(svg) => std::fs::write(&file, svg)
                .unwrap_or_else(|err| fail(&file.display().to_string(), &err)),
            Err(err) => fail(&file.display().to_string(), &err),
        }
    }
    // What a tour's figure says at each step, beside its pictures: `podip-figure.js` draws the figure
    // from them before its engine.
    for (file, json) in podip::ui::build::figure_manifest::build_manifests(&mut runs) {
        let file = root.join(file);
        match json {
            Ok(json) => std::fs::write(&file, json)
                .unwrap_or_else(|err| fail(&file.display().to_string(), &err)),
            Err(err) => fail(&file.display().to_string(), &err),
        }
    }
    // The pictures of the example pages' figures with a scenario of their own, read from each page.
    let pages = std::fs::read_dir(root).unwrap_or_else(|err| fail(&path, &err));
    for page in pages.flatten().map(|entry| entry.path()) {
        let html = page.extension().is_some_and(|e| e == "html");
        let Some(text) = html.then(|| std::fs::read_to_string(&page).ok()).flatten() else {
            continue;
        };
        for (picture, svg) in podip::ui::build::page_figures::own_figures(&mut runs, &text) {
            let file = root.join(&picture);
            let svg =
                svg.unwrap_or_else(|err| fail(&format!("{} {picture}", page.display()), &err));
            if let Some(dir) = file.parent() {
                std::fs::create_dir_all(dir)
                    .unwrap_or_else(|err| fail(&dir.display().to_string(), &err));
            }
            std::fs::write(&file, svg)
                .unwrap_or_else(|err| fail(&file.display().to_string(), &err));
        }
    }
    // The figures' engine by the build's (hashed) file names, which the figures' script is told.
    let files: Vec<String> = std::fs::read_dir(root)
        .unwrap_or_else(|err| fail(&path, &err))
        .flatten()
        .filter_map(|entry| entry.file_name().into_string().ok())
        .collect();
    let engine = podip::ui::build::prerender::figures_engine(&template, &files);
    // The article, in each language, its figures drawn through the same runs.
    for lang in podip::i18n::Lang::ALL {
        let path = podip::ui::build::article::article_path(lang);
        let (html, pictures) = podip::ui::build::article::article_html(&template, lang, &mut runs)
            .unwrap_or_else(|err| fail(&path, &err));
        for (picture, svg) in pictures {
            let file = root.join(picture);
            std::fs::write(&file, svg)
                .unwrap_or_else(|err| fail(&file.display().to_string(), &err));
        }
        let dir = root.join(&path);
        std::fs::create_dir_all(&dir).unwrap_or_else(|err| fail(&path, &err));
        let file = dir.join("index.html");
        std::fs::write(&file, html).unwrap_or_else(|err| fail(&file.display().to_string(), &err));
    }
    let script_path = root.join("podip-figure.js");
    if let Ok(script) = std::fs::read_to_string(&script_path) {
        let Some(engine) = &engine else {
            fail(
                &path,
                &"no figures engine (podip-figures) built, or no stylesheet linked",
            );
        };
        let script = podip::ui::build::prerender::figure_script(&script, engine);
        std::fs::write(&script_path, script)
            .unwrap_or_else(|err| fail(&script_path.display().to_string(), &err));
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
