//! Every relative link in the project's Markdown resolves: the file or folder it names exists,
//! and an `#anchor` into a Markdown file matches one of that file's headings, as a repository
//! host and mdBook make anchors of them. Links and headings are found with `pulldown-cmark`, the
//! CommonMark parser, so links in code blocks are not links and reference-style links are.
//! Links with a scheme (`https:`, `mailto:`) are not checked.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Documents at the repository's root that are checked when present.
const ROOT_DOCUMENTS: &[&str] = &[
    "README.md",
    "ARCHITECTURE.md",
    "CONTRIBUTING.md",
    "CHANGELOG.md",
];

/// What a Markdown file holds for the check: its links and the anchors of its headings.
struct Document {
    /// Each link's destination, with the line it is on.
    links: Vec<(String, usize)>,
    /// The anchors its headings get.
    anchors: Vec<String>,
}

/// The anchor a heading's text gets: lower case, spaces as hyphens, and every character that is
/// not a letter, a digit, a hyphen or an underscore left out (GitHub's rule, and mdBook's).
fn slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The links and heading anchors of the Markdown `text`. A heading whose anchor was taken
/// before gets `-1`, `-2`, … as on a repository host.
fn read(text: &str) -> Document {
    let mut links = Vec::new();
    let mut anchors = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut heading: Option<String> = None;
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_FOOTNOTES;
    for (event, range) in Parser::new_ext(text, options).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                heading = Some(String::new());
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(&heading.take().unwrap_or_default());
                let count = seen.entry(base.clone()).or_insert(0);
                anchors.push(if *count == 0 {
                    base.clone()
                } else {
                    format!("{base}-{count}")
                });
                *count += 1;
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                links.push((dest_url.to_string(), line_of(range.start)));
            }
            _ => {}
        }
    }
    Document { links, anchors }
}

/// Whether `link` leaves the repository (`https://…`, `mailto:…`, `//host/…`).
fn is_external(link: &str) -> bool {
    if link.starts_with("//") {
        return true;
    }
    link.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    })
}

/// `path` with `.` and `..` taken out, without asking the file system; `None` when it climbs
/// out of the folder it is relative to.
fn normal(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// Every broken link in `documents` (paths relative to `root`), as "file:line: link: why".
fn broken_links(root: &Path, documents: &[PathBuf]) -> Vec<String> {
    let mut read_files: BTreeMap<PathBuf, Document> = BTreeMap::new();
    let mut load = |path: &Path| -> Option<Vec<String>> {
        if !read_files.contains_key(path) {
            let text = std::fs::read_to_string(root.join(path)).ok()?;
            read_files.insert(path.to_path_buf(), read(&text));
        }
        Some(read_files[path].anchors.clone())
    };
    let mut broken = Vec::new();
    for document in documents {
        let text = std::fs::read_to_string(root.join(document))
            .unwrap_or_else(|e| panic!("{}: {e}", document.display()));
        let folder = document.parent().unwrap_or(Path::new(""));
        for (link, line) in read(&text).links {
            if is_external(&link) {
                continue;
            }
            let (target, anchor) = match link.split_once('#') {
                Some((target, anchor)) => (target, Some(anchor)),
                None => (link.as_str(), None),
            };
            let target = target.replace("%20", " ");
            let mut fail = |why: String| {
                broken.push(format!("{}:{line}: {link}: {why}", document.display()));
            };
            let path = if target.is_empty() {
                document.clone()
            } else if let Some(path) = normal(&folder.join(&target)) {
                path
            } else {
                fail("leaves the repository".into());
                continue;
            };
            if !root.join(&path).exists() {
                fail(format!("no file {}", path.display()));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            if path.extension().is_none_or(|e| e != "md") {
                continue;
            }
            match load(&path) {
                Some(anchors) if anchors.iter().any(|a| a == anchor) => {}
                Some(_) => fail(format!("no heading in {} has this anchor", path.display())),
                None => fail(format!("cannot read {}", path.display())),
            }
        }
    }
    broken
}

/// The Markdown files under `folder` (relative to `root`), in a stable order.
fn markdown_under(root: &Path, folder: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root.join(folder)) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let path = folder.join(entry.file_name());
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            markdown_under(root, &path, found);
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
}

/// The project's documents: the root ones that exist, and every Markdown file under `docs/`.
fn project_documents(root: &Path) -> Vec<PathBuf> {
    let mut documents: Vec<PathBuf> = ROOT_DOCUMENTS
        .iter()
        .map(PathBuf::from)
        .filter(|p| root.join(p).is_file())
        .collect();
    markdown_under(root, Path::new("docs"), &mut documents);
    documents
}

#[test]
fn every_relative_link_and_anchor_in_the_documents_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let documents = project_documents(root);
    assert!(
        documents.len() > 10,
        "too few documents found: {documents:?}"
    );
    let broken = broken_links(root, &documents);
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_a_repository_host_makes_them() {
    assert_eq!(slug("Getting started"), "getting-started");
    assert_eq!(
        slug("The search tree (the Tree tab, frontier tree)"),
        "the-search-tree-the-tree-tab-frontier-tree"
    );
    assert_eq!(slug("Measured: a 1024×1024 map"), "measured-a-10241024-map");
    assert_eq!(slug("Time travel — and back"), "time-travel--and-back");
    assert_eq!(slug("`frontier run`"), "frontier-run");
    let doc = read("# Notes\n\n## Notes\n\n## `frontier run` and *ties*\n");
    assert_eq!(doc.anchors, ["notes", "notes-1", "frontier-run-and-ties"]);
}

#[test]
fn links_in_code_are_not_links_and_reference_links_are() {
    let doc = read(
        "See [a](a.md), `[b](b.md)` and [c][c].\n\n```text\n[d](d.md)\n```\n\n[c]: c.md#part\n",
    );
    let links: Vec<&str> = doc.links.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(links, ["a.md", "c.md#part"]);
}

#[test]
fn a_missing_file_and_a_missing_anchor_are_reported() {
    let root = std::env::temp_dir().join(format!("frontier-docs-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("guide")).unwrap();
    std::fs::write(
        root.join("README.md"),
        "# Frontier\n\n[guide](guide/intro.md#first-steps), [gone](guide/gone.md), \
         [here](#frontier), [wrong](#nowhere), \
         [web](https://example.org/#x), [out](../elsewhere.md)\n",
    )
    .unwrap();
    std::fs::write(
        root.join("guide/intro.md"),
        "# Intro\n\n## First steps\n\n[back](../README.md#frontier), [bad](../README.md#intro)\n",
    )
    .unwrap();
    let documents = [PathBuf::from("README.md"), PathBuf::from("guide/intro.md")];
    let broken = broken_links(&root, &documents);
    std::fs::remove_dir_all(&root).unwrap();
    assert_eq!(
        broken,
        [
            "README.md:3: guide/gone.md: no file guide/gone.md",
            "README.md:3: #nowhere: no heading in README.md has this anchor",
            "README.md:3: ../elsewhere.md: leaves the repository",
            "guide/intro.md:5: ../README.md#intro: no heading in README.md has this anchor",
        ]
    );
}
