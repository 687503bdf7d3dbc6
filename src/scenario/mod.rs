//! Scenario files: a problem instance plus search settings, in RON.
//!
//! Every field but `problem` may be left out; defaults are resolved against the domain (its
//! first heuristic) and the algorithm (its tie-break policy). One job per file: the data model
//! ([`model`]), the search settings and how a change applies ([`spec`]), the built-in library
//! ([`library`]), reading and writing RON ([`file`]) and its errors in words ([`ron_words`]), building the search a scenario describes
//! ([`build`]), and the app's edits and the lesson's checks ([`grid_edit`], [`watch`]).

pub mod build;
pub mod file;
pub mod grid_edit;
pub mod library;
pub mod model;
pub mod ron_words;
pub mod spec;
pub mod watch;

pub(crate) use file::{from_ron, ron_options};
pub use library::{BUILT_IN, LIBRARY, LIBRARY_DIR, LIBRARY_FILES};
pub use model::{ProblemSpec, Scenario, ScenarioError};
pub use ron_words::ron_message;
pub use ron_words::ron_words;
pub use spec::{SearchSpec, SettingChange};
