//! Why a trace could not be used: unreadable, damaged (with line and column), from another
//! version, unwritable, or a scenario that cannot be built.

use super::head::{ENGINE_VERSION, TRACE_FORMAT};
use crate::scenario::ScenarioError;

/// Why a trace could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    #[error("cannot read {path}: {message}")]
    Read { path: String, message: String },
    #[error("{path}: line {line}, column {column}: {message} (a damaged or hand-broken trace)")]
    Syntax {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error(
        "{path} was recorded by frontier {found} (trace format {format}); this is frontier \
         {ENGINE_VERSION} (format {TRACE_FORMAT}): record it again with this version"
    )]
    Version {
        path: String,
        found: String,
        format: u32,
    },
    #[error("cannot save {path}: {message}")]
    Write { path: String, message: String },
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
}
