//! The house rules of the code base, checked on every file so that a break shows in `cargo
//! test` rather than in review: no file over [`MAX_LINES`] lines; no import cycle among sibling
//! modules; no egui in the layers that must run without a window; no public function that
//! answers an error as a bare `String`; and no words about how the work was organised (issue
//! numbers, rounds of work, folders outside the repository).
//!
//! The module graph is read from the sources, not from the compiler: a small reader of module
//! declarations and paths, described at [`graph`].

mod graph;
mod scan;

use std::path::{Path, PathBuf};

/// The most lines a file may have, its tests included: past it a file holds more than one job.
const MAX_LINES: usize = 450;

/// The layers that run headless (the CLI, the web page's worker, the tests): none may name
/// egui or eframe.
const HEADLESS: [&str; 8] = [
    "src/engine",
    "src/domains",
    "src/scenario",
    "src/trace",
    "src/present",
    "src/experiment",
    "src/share",
    "src/files",
];

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under the repository's folder `dir` whose name ends in one of `ends`.
fn files(dir: &str, ends: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![repo().join(dir)];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if ends.iter().any(|end| path.to_string_lossy().ends_with(end)) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn rust_files() -> Vec<PathBuf> {
    ["src", "tests", "benches", "examples"]
        .iter()
        .flat_map(|dir| files(dir, &[".rs"]))
        .collect()
}

fn relative(path: &Path) -> String {
    path.strip_prefix(repo())
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// Fails, naming each of `found` under `what`, unless nothing was found.
fn none_found(found: &[String], what: &str) {
    assert!(found.is_empty(), "{what}\n{}", found.join("\n"));
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn no_file_is_over_the_line_limit() {
    let long: Vec<String> = rust_files()
        .iter()
        .filter_map(|path| {
            let lines = read(path).lines().count();
            (lines > MAX_LINES).then(|| format!("{} has {lines} lines", relative(path)))
        })
        .collect();
    none_found(
        &long,
        &format!("split these along their seams (at most {MAX_LINES} lines a file):"),
    );
}

#[test]
fn sibling_modules_import_each_other_in_one_direction_only() {
    let mut roots = vec![repo().join("src/lib.rs")];
    for dir in ["tests", "benches", "examples"] {
        roots.extend(files(dir, &["/main.rs"]));
    }
    let cycles: Vec<String> = roots
        .iter()
        .flat_map(|root| graph::sibling_cycles(root))
        .collect();
    none_found(&cycles, "sibling modules that import each other:");
}

#[test]
fn the_headless_layers_name_no_egui() {
    let found: Vec<String> = HEADLESS
        .iter()
        .flat_map(|dir| files(dir, &[".rs"]))
        .flat_map(|path| {
            let text = read(&path);
            scan::code_lines(&text)
                .filter(|(_, line)| scan::names_egui(line))
                .map(|(n, _)| format!("{}:{n}", relative(&path)))
                .collect::<Vec<_>>()
        })
        .collect();
    none_found(&found, "egui outside the app:");
}

#[test]
fn public_functions_answer_typed_errors() {
    let found: Vec<String> = files("src", &[".rs"])
        .iter()
        .flat_map(|path| {
            let text = read(path);
            scan::public_string_errors(&text)
                .into_iter()
                .map(|(n, name)| format!("{}:{n}: {name}", relative(path)))
                .collect::<Vec<_>>()
        })
        .collect();
    none_found(
        &found,
        "public functions with a `Result<_, String>` (give them an error type):",
    );
}

#[test]
fn files_describe_the_product_not_the_work() {
    let mut paths = rust_files();
    paths.extend(files("docs", &[".md"]));
    paths.push(repo().join("README.md"));
    let found: Vec<String> = paths
        .iter()
        .flat_map(|path| {
            let text = read(path);
            text.lines()
                .enumerate()
                .filter_map(|(n, line)| {
                    let words = scan::work_words(line, path.parent()?, repo())?;
                    Some(format!("{}:{}: {words}", relative(path), n + 1))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    none_found(&found, "words about the work, not the product:");
}
