//! The module graph of one crate, read from its sources, and the cycles among sibling modules.
//!
//! **Modules** are found from the crate's root file by its `mod name;` declarations (with a
//! `#[path = "…"]` before one taken relative to the declaring file's folder), as the compiler
//! finds them: `name.rs` or `name/mod.rs` beside a `mod.rs`, `lib.rs` or `main.rs`, and in the
//! folder named after any other file. Test modules (`mod tests;`, `mod row_tests;`, or any
//! declaration under `#[cfg(test)]`) are left out: tests may reach anywhere.
//!
//! **Edges** come from the paths a file names that start with `crate::`, `super::` or
//! `self::`: in `use` declarations (braces expanded, `pub use` included) and written inline in
//! code; comments are skipped. A path is resolved from the file's own module (`crate` is the
//! root, each `super` one step up, `self` here), then down through as many of its next names as
//! are modules; what is left names an item. So `use super::Notebook` inside `notebook::filing`
//! names `notebook`, even when `notebook` only re-exports the item from a child: a re-export
//! counts where it is written, not where the item lives.
//!
//! **Siblings**: an edge from module `a::b::x` to `a::c::y` is an edge from `a::b` to `a::c`,
//! the two children of their nearest common ancestor that hold them, because a module includes
//! its folder. An edge between a module and its own ancestor or descendant (a child naming its
//! parent, a parent its child) joins no siblings and is not counted. A cycle is a set of
//! siblings each reachable from the other along these edges.

use super::scan::code_lines;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// The cycles among the sibling modules of the crate rooted at `root`, one line per edge that
/// is part of a cycle, with where the edge is written.
pub fn sibling_cycles(root: &Path) -> Vec<String> {
    let mut files = BTreeMap::new();
    find_modules(root, Vec::new(), &mut files);
    let mut edges: BTreeMap<(Module, Module), String> = BTreeMap::new();
    for (module, path) in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for (line, named) in paths(&text) {
            let target = resolve(module, &named, &files);
            if let Some(edge) = siblings(module, &target) {
                edges
                    .entry(edge)
                    .or_insert_with(|| format!("{}:{line}", path.display()));
            }
        }
    }
    let mut next: BTreeMap<&Module, BTreeSet<&Module>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().insert(to);
    }
    edges
        .iter()
        .filter(|((from, to), _)| reaches(&next, to, from))
        .map(|((from, to), at)| format!("{} -> {} ({at})", from.join("::"), to.join("::")))
        .collect()
}

/// Records `path` as `module` and every module it declares, recursively.
fn find_modules(path: &Path, module: Module, files: &mut BTreeMap<Module, PathBuf>) {
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let here = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let folder = if ["mod.rs", "lib.rs", "main.rs"].contains(&name) {
        here.to_path_buf()
    } else {
        here.join(name.trim_end_matches(".rs"))
    };
    let (mut path_attr, mut test_only) = (None, false);
    for (_, line) in code_lines(&text) {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("#[path = \"") {
            path_attr = rest.split('"').next().map(|p| here.join(p));
            continue;
        }
        if line == "#[cfg(test)]" {
            test_only = true;
            continue;
        }
        let declared = line
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ")
            .strip_prefix("mod ")
            .and_then(|rest| rest.strip_suffix(';'));
        if let Some(child) = declared
            && !test_only
            && child != "tests"
            && !child.ends_with("_tests")
        {
            let file = path_attr.take().unwrap_or_else(|| {
                let flat = folder.join(format!("{child}.rs"));
                if flat.exists() {
                    flat
                } else {
                    folder.join(child).join("mod.rs")
                }
            });
            let mut inner = module.clone();
            inner.push(child.to_string());
            find_modules(&file, inner, files);
        }
        if !line.starts_with("#[") {
            path_attr = None;
            test_only = false;
        }
    }
    files.insert(module, path.to_path_buf());
}

/// Every path starting with `crate::`, `super::` or `self::` that `text` names, by line.
fn paths(text: &str) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    let mut statement: Option<(usize, String)> = None;
    for (n, line) in code_lines(text) {
        let trimmed = line.trim_start();
        let opens_use = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .find_map(|start| trimmed.strip_prefix(start));
        if statement.is_none()
            && let Some(rest) = opens_use
        {
            statement = Some((n, rest.to_string()));
        } else if let Some((_, s)) = statement.as_mut() {
            s.push_str(trimmed);
        } else {
            found.extend(inline_paths(line).into_iter().map(|p| (n, p)));
            continue;
        }
        if let Some((start, s)) = statement.take_if(|(_, s)| s.contains(';')) {
            let tree = s.split(';').next().unwrap_or("").replace(" as ", "@");
            let tree = tree.replace(char::is_whitespace, "");
            found.extend(expand(&tree).into_iter().map(|p| (start, p)));
        }
    }
    found
        .into_iter()
        .filter(|(_, p)| {
            matches!(
                p.first().map(String::as_str),
                Some("crate" | "super" | "self")
            )
        })
        .collect()
}

/// The paths of a `use` tree (`a::{b, c::{d, e}}` is `a::b`, `a::c::d` and `a::c::e`).
fn expand(tree: &str) -> Vec<Vec<String>> {
    let Some(open) = tree.find('{') else {
        let plain = tree.split('@').next().unwrap_or(tree);
        return vec![plain.split("::").map(str::to_string).collect()];
    };
    let prefix: Vec<String> = tree[..open]
        .trim_end_matches("::")
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|part| !part.is_empty())
        .flat_map(|part| {
            expand(part).into_iter().map(|rest| {
                let mut path = prefix.clone();
                path.extend(rest.into_iter().filter(|s| s != "self"));
                path
            })
        })
        .collect()
}

/// The `crate::…`, `super::…` and `self::…` paths written in a line of code (not `$crate`).
fn inline_paths(line: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in line.match_indices(start) {
            let before = line[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':') {
                continue;
            }
            let path: String = line[at..]
                .chars()
                .take_while(|&c| c.is_alphanumeric() || c == '_' || c == ':')
                .collect();
            found.push(path.split("::").map(str::to_string).collect());
        }
    }
    found
}

/// The module `named` resolves to from `module` (see the module's comment).
fn resolve(module: &Module, named: &[String], files: &BTreeMap<Module, PathBuf>) -> Module {
    let mut at = module.clone();
    let mut names = named.iter().peekable();
    while let Some(first) = names.next_if(|n| ["crate", "super", "self"].contains(&n.as_str())) {
        match first.as_str() {
            "crate" => at.clear(),
            "super" => {
                at.pop();
            }
            _ => {}
        }
    }
    for name in names {
        at.push(name.clone());
        if !files.contains_key(&at) {
            at.pop();
            break;
        }
    }
    at
}

/// The pair of sibling modules an edge from `from` to `to` joins, if any.
fn siblings(from: &Module, to: &Module) -> Option<(Module, Module)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    (common < from.len() && common < to.len())
        .then(|| (from[..=common].to_vec(), to[..=common].to_vec()))
}

/// Whether `to` can be reached from `from` along `next`.
fn reaches(next: &BTreeMap<&Module, BTreeSet<&Module>>, from: &Module, to: &Module) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from];
    while let Some(at) = stack.pop() {
        if at == to {
            return true;
        }
        if seen.insert(at) {
            stack.extend(next.get(at).into_iter().flatten().copied());
        }
    }
    false
}
