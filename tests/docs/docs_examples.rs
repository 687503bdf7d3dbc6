//! The command examples in README.md, CONTRIBUTING.md and docs/ run, and their shown output is
//! compared with the real output, so an example that no longer matches the program fails.
//!
//! `trycmd` reads the Markdown: a fenced block marked `console` (or with no language at all) is
//! a transcript. `$ frontier …` runs the `frontier` binary built for this test from the
//! repository's root (and `$ cat FILE` shows a file); the lines up to the next `$ ` or the
//! closing fence are its expected output (standard output and standard error together), and
//! `? 2` after a command expects that exit status. In the expected output `[..]` stands for the
//! rest of a line and a line of `...` for any number of lines. Blocks marked `sh`, `text`,
//! `ron`, `json` and the like are not run. `TRYCMD=overwrite cargo test --test docs docs_examples`
//! writes the real output into the files.

use std::path::Path;

/// The Markdown files whose examples run, relative to the repository's root.
const DOCUMENTS: &[&str] = &[
    "README.md",
    "CONTRIBUTING.md",
    "docs/guide/src/*.md",
    "docs/dev/*.md",
];

/// A file an example writes (`frontier run … --trace seed.trace.ron`); removed before and
/// after, so the checkout is left as it was.
const WRITTEN: &[&str] = &["seed.trace.ron", "run.yaml"];

/// Removes the files the examples write when made and when dropped, a failed run included.
struct CleanUp<'a>(&'a Path);

impl CleanUp<'_> {
    fn remove(&self) {
        for file in WRITTEN {
            let _ = std::fs::remove_file(self.0.join(file));
        }
    }
}

impl Drop for CleanUp<'_> {
    fn drop(&mut self) {
        self.remove();
    }
}

#[test]
fn the_documents_examples_give_the_output_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let clean_up = CleanUp(root);
    clean_up.remove();
    let cases = trycmd::TestCases::new();
    cases.register_bin("frontier", Path::new(env!("CARGO_BIN_EXE_frontier")));
    // The scenario chapter shows its example files with `cat` before running them.
    cases.register_bin("cat", Path::new("/bin/cat"));
    for document in DOCUMENTS {
        cases.case(root.join(document));
    }
    cases.run();
}
