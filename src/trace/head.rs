//! The parts of a trace file around its steps: the RON head (format, engine, scenario), the
//! line before the steps and the end line with the outcome.

use crate::engine::settings::Settings;
use crate::scenario::{Scenario, SearchSpec, ron_options};
use serde::{Deserialize, Serialize};
use std::io::Write;

/// The version of the engine that writes traces; a trace from another one is refused.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The layout of trace files (raised when the layout changes).
pub const TRACE_FORMAT: u32 = 2;

/// The line between the head and the steps.
pub(super) const STEPS_LINE: &str = "steps:";
/// What starts the last line.
pub(super) const END_PREFIX: &str = "end: ";

/// The first fields of a trace, read before the rest so another version is named as such
/// instead of failing on fields it may lay out differently.
#[derive(Deserialize)]
#[serde(rename = "Trace")]
pub(super) struct Version {
    pub format: u32,
    pub engine: String,
}

/// The head of a trace file.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Trace")]
pub(super) struct Head {
    pub format: u32,
    pub engine: String,
    pub scenario: Scenario,
}

impl Head {
    /// The head for `scenario` run with `settings`, the settings written out in full.
    pub fn new(scenario: &Scenario, settings: &Settings) -> Head {
        let mut scenario = scenario.clone();
        scenario.search = SearchSpec::from_settings(settings);
        Head {
            format: TRACE_FORMAT,
            engine: ENGINE_VERSION.to_string(),
            scenario,
        }
    }

    pub fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let config = ron::ser::PrettyConfig::new().depth_limit(2);
        let text = ron_options()
            .to_string_pretty(self, config)
            .map_err(std::io::Error::other)?;
        writeln!(out, "{text}\n{STEPS_LINE}")
    }
}

/// Writes the end line: the outcome in words, `None` for a run stopped before an end.
pub(super) fn write_end(out: &mut dyn Write, outcome: Option<&str>) -> std::io::Result<()> {
    let words = ron_options()
        .to_string(&outcome)
        .map_err(std::io::Error::other)?;
    writeln!(out, "{END_PREFIX}{words}")
}
