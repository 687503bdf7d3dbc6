//! Line-level readings of source text: which lines are code, what names egui, which public
//! functions answer `Result<_, String>`, and which words speak of the work instead of the product.

use std::path::Path;

/// The lines of `text` that are code, numbered from 1: comment lines (`//`, `///`, `//!`) are
/// left out, and so is the rest of a line after ` // `.
pub fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(n, line)| {
        let code = line.split(" // ").next().unwrap_or(line);
        (!code.trim_start().starts_with("//")).then_some((n + 1, code))
    })
}

/// Whether a line of code names the egui or eframe crates.
pub fn names_egui(line: &str) -> bool {
    ["egui", "eframe"].iter().any(|name| {
        starts_word(line, &format!("{name}::"))
            || line.trim_start().starts_with(&format!("use {name}"))
            || line.contains(&format!("extern crate {name}"))
    })
}

/// Whether `needle` occurs in `line` at the start of a word (`egui::` but not `my_egui::`).
fn starts_word(line: &str, needle: &str) -> bool {
    line.match_indices(needle).any(|(at, _)| {
        line[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
    })
}

/// The public functions of `text` (`pub fn`, not `pub(crate)` or narrower) whose return type
/// is `Result<T, String>`, by line and name. A signature is read from `pub fn` to its first `{`
/// or `;`, so one spread over several lines counts too.
pub fn public_string_errors(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<(usize, &str)> = code_lines(text).collect();
    let mut found = Vec::new();
    for (i, &(n, line)) in lines.iter().enumerate() {
        let Some(at) = line.find("pub fn ").or_else(|| line.find("pub const fn ")) else {
            continue;
        };
        if at > 0 && !line[..at].trim().is_empty() && !line[..at].trim_end().ends_with("async") {
            continue;
        }
        let mut signature = String::new();
        for &(_, next) in &lines[i..] {
            signature.push_str(next.trim());
            signature.push(' ');
            if next.contains('{') || next.trim_end().ends_with(';') {
                break;
            }
        }
        let signature = signature.split('{').next().unwrap_or("");
        let Some(returns) = signature.rsplit_once("->").map(|(_, r)| r) else {
            continue;
        };
        if result_error(returns).is_some_and(|error| error == "String") {
            let name = signature[signature.find("fn ").map_or(0, |f| f + 3)..]
                .split(['<', '('])
                .next()
                .unwrap_or("")
                .trim()
                .to_string();
            found.push((n, name));
        }
    }
    found
}

/// The error type of a return type `Result<T, E>` (with or without a `where` after it).
fn result_error(returns: &str) -> Option<String> {
    let start = returns.find("Result<")? + "Result<".len();
    let mut depth = 0;
    let mut comma = None;
    for (i, c) in returns[start..].char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '>' if depth == 0 => {
                return comma.map(|c: usize| returns[start + c + 1..start + i].trim().to_string());
            }
            '>' => depth -= 1,
            ',' if depth == 0 => comma = Some(i),
            _ => {}
        }
    }
    None
}

/// Words in `line` about how the work was organised rather than about the product, if any: an
/// issue number (`issue` then `#`), a round of work (the word `round` then a number; a round
/// trip is no round of work), or a folder beside the repository (`..` then `/shared`, where it
/// leads out of the repository from `dir`, the folder of the file holding `line`). The patterns
/// are built in pieces so that this file does not match itself.
pub fn work_words(line: &str, dir: &Path, repo: &Path) -> Option<String> {
    let lower = line.to_lowercase();
    let issue = ["issue", " #"].concat();
    let shared = ["..", "/shared"].concat();
    if let Some(at) = lower.find(&issue) {
        return Some(lower[at..].chars().take(20).collect());
    }
    if let Some(at) = lower.find(&shared) {
        let inside = dir
            .join("..")
            .join("shared")
            .canonicalize()
            .is_ok_and(|p| p.starts_with(repo));
        if !inside {
            return Some(lower[at..].chars().take(20).collect());
        }
    }
    lower.match_indices("round ").find_map(|(at, _)| {
        let word_start = lower[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let numbered = lower[at + "round ".len()..]
            .trim_start_matches('#')
            .starts_with(|c: char| c.is_ascii_digit());
        (word_start && numbered).then(|| lower[at..].chars().take(20).collect())
    })
}
