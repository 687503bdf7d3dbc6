//! Share links: a scenario and a step in a URL fragment, `…/#scenario=…&at=21`, so a teacher
//! can hand a class one moment of a search. The web page opens the fragment of its own address,
//! the desktop the same text with `frontier open --link`: a link and a file say the same thing.
//!
//! The scenario travels as its RON text (as Save writes it), deflated and written in base64url,
//! with any map or level file it names written inline, so the link needs nothing else. Making a
//! link is deterministic: the same scenario and step always give the same text.

use crate::domains::movingai;
use crate::domains::sokoban;
use crate::engine::view::SearchView;
use crate::scenario::{ProblemSpec, Scenario, ScenarioError};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use std::path::Path;

/// The largest scenario text a link may unpack to: far above any real scenario (a big map is
/// tens of KiB), and a guard against a link made to inflate without end.
const MAX_SCENARIO_BYTES: usize = 16 << 20;

/// The deflate level: the strongest, since links are made rarely and read by people.
const LEVEL: u8 = 9;

/// What a link names: a scenario, and the step to open it at (`u64::MAX`: its end).
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    pub scenario: Scenario,
    pub at: u64,
}

/// The link to `scenario` at step `at`: `address` (the page's, without a fragment; may be
/// empty) followed by `#scenario=…&at=…`.
///
/// # Errors
/// A map or level file the scenario names cannot be read, or does not hold what it should.
pub fn link(address: &str, scenario: &Scenario, at: u64) -> Result<String, ScenarioError> {
    let address = address.split('#').next().unwrap_or_default();
    let text = self_contained(scenario)?.to_ron();
    let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), LEVEL);
    Ok(format!(
        "{address}#scenario={}&at={at}",
        URL_SAFE_NO_PAD.encode(packed)
    ))
}

/// Reads a link (a whole address, or just its fragment, with or without the `#`).
///
/// # Errors
/// What is wrong, in words: no scenario in it, a damaged or oversized one, an unknown key, a
/// step that is not a number, a scenario naming a file (a link's scenario is self-contained),
/// or the scenario's own syntax error with its line and column.
pub fn parse(link: &str) -> Result<Shared, ScenarioError> {
    let link = link.trim();
    // An address without a fragment holds no scenario; text without `://` is the pairs alone.
    let fragment = match link.split_once('#') {
        Some((_, fragment)) => fragment,
        None if link.contains("://") => "",
        None => link,
    };
    let invalid = |why: String| ScenarioError::Invalid(format!("the link {why}"));
    let mut packed = None;
    let mut at = 0;
    for pair in fragment.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("scenario", value)) => packed = Some(value),
            Some(("at", value)) if value.eq_ignore_ascii_case("end") => at = u64::MAX,
            Some(("at", value)) => {
                at = value.parse().map_err(|_| {
                    invalid(format!(
                        "says at={value}: give a whole number of steps (0 or more) or 'end'"
                    ))
                })?;
            }
            _ => {
                let key = pair.split('=').next().unwrap_or_default();
                return Err(invalid(format!(
                    "has `{key}`, which is not part of a link (expected scenario=… and at=…)"
                )));
            }
        }
    }
    let packed = packed.ok_or_else(|| {
        invalid("holds no scenario: a share link ends in #scenario=…&at=…".into())
    })?;
    let bytes = URL_SAFE_NO_PAD
        .decode(packed)
        .map_err(|_| invalid("is damaged: its scenario is not base64url (cut short?)".into()))?;
    let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_SCENARIO_BYTES)
        .map_err(|e| {
            invalid(match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                    format!("unpacks to more than {} MiB", MAX_SCENARIO_BYTES >> 20)
                }
                _ => "is damaged: its scenario cannot be unpacked (cut short?)".into(),
            })
        })?;
    let text = String::from_utf8(text)
        .map_err(|_| invalid("is damaged: its scenario is not text".into()))?;
    let scenario = Scenario::parse(&text, "the link's scenario", Path::new(""))?;
    if let Some(file) = scenario.input_files().first() {
        return Err(invalid(format!(
            "names the file {}: a link's scenario holds its map or level inline",
            file.display()
        )));
    }
    Ok(Shared { scenario, at })
}

/// `scenario` with the map or level file it names written inline, so it needs no file.
fn self_contained(scenario: &Scenario) -> Result<Scenario, ScenarioError> {
    let mut inline = scenario.clone();
    match &mut inline.problem {
        ProblemSpec::Grid { map, map_file, .. } => {
            if let Some(file) = map_file.take() {
                let text = scenario.read_file(&file)?;
                *map = Some(if text.starts_with("type ") {
                    // A Moving AI map: its rows, once its header has been checked.
                    movingai::parse_map(&text).map_err(|m| malformed(scenario, &file, &m))?;
                    text.lines().skip(4).collect::<Vec<_>>().join("\n")
                } else {
                    text
                });
            }
        }
        ProblemSpec::Sokoban {
            level,
            level_file,
            index,
            title,
            ..
        } => {
            if let Some(file) = level_file.take() {
                let text = scenario.read_file(&file)?;
                let picked = sokoban::pick_level(&text, index.take(), title.take().as_deref())
                    .map_err(|why| {
                        ScenarioError::Invalid(format!("{}: {why}", shown(scenario, &file)))
                    })?;
                *level = Some(picked);
            }
        }
        // Every other domain's instance is written whole in the scenario.
        _ => {}
    }
    Ok(inline)
}

fn malformed(scenario: &Scenario, file: &str, m: &crate::domains::Malformed) -> ScenarioError {
    ScenarioError::Syntax {
        path: shown(scenario, file),
        line: m.line,
        column: m.column,
        message: m.message.clone(),
    }
}

fn shown(scenario: &Scenario, file: &str) -> String {
    scenario.base_dir.join(file).display().to_string()
}

/// What a web page sees of the app (`window.frontier.status()`): the scenario's title, the
/// algorithm, the step, the outcome as `frontier run --json` names it (`null` while the search
/// goes on) and the two counts.
#[must_use]
pub fn status(scenario: &Scenario, view: &dyn SearchView) -> serde_json::Value {
    let counts = view.counts();
    serde_json::json!({
        "scenario": scenario.title,
        "algorithm": view.settings().algorithm.cli_name(),
        "step": view.steps(),
        "outcome": view.outcome().map(|o| o.code()),
        "states_checked": counts.states_checked,
        "states_stored": counts.states_stored,
    })
}

#[cfg(test)]
mod tests;
