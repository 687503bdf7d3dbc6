//! Reading and writing scenario RON: syntax errors carry line and column, an unknown field or
//! variant names the nearest valid one. Saving writes a temporary file beside the target and
//! renames it over, so a failed save never leaves half a file.

use super::model::{ProblemSpec, Scenario, ScenarioError};
use ron::extensions::Extensions;
use std::path::Path;

/// The RON dialect of scenario files (and of the traces that embed them), as they are written:
/// `Some` left implicit, and a domain whose instance is its own type written as a variant
/// holding it without a second pair of parentheses (`Missionaries(boat: 3)`).
pub(crate) fn ron_options() -> ron::Options {
    plain().with_default_extension(Extensions::UNWRAP_VARIANT_NEWTYPES)
}

/// The dialect without unwrapped variants, in which an explicit `Some((row: 3, col: 5))`
/// still reads as it always has.
fn plain() -> ron::Options {
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME)
}

/// Reads scenario RON. RON reads a variant holding a domain's own type without its second
/// parentheses only with variant newtypes unwrapped, which also changes how an explicit
/// `Some((…))` reads; so the text is read as before first, and it is read unwrapped only where
/// that first reading stopped right inside such a variant (`Missionaries(` and then not the
/// parentheses it expected). Every other text reads, and fails, exactly as before.
///
/// # Errors
/// The syntax error, with its place.
pub(crate) fn from_ron<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Result<T, ron::error::SpannedError> {
    plain().from_str(text).or_else(|first| {
        if stops_inside_an_instance(text, &first) {
            ron_options().from_str(text)
        } else {
            Err(first)
        }
    })
}

/// Whether `error` sits right after the opening of a variant holding a domain's own type.
fn stops_inside_an_instance(text: &str, error: &ron::error::SpannedError) -> bool {
    let Some(at) = super::ron_words::offset_of(text, error.span.start) else {
        return false;
    };
    let before = &text[..at];
    let Some(opened) = before.trim_end().strip_suffix('(') else {
        return false;
    };
    let opened = opened.trim_end();
    ProblemSpec::INSTANCES.iter().any(|variant| {
        opened
            .strip_suffix(variant)
            .is_some_and(|rest| !rest.ends_with(|c: char| c.is_alphanumeric() || c == '_'))
    })
}

impl Scenario {
    /// Parses scenario text; `origin` names it in error messages, `base_dir` resolves the
    /// relative file names inside it.
    ///
    /// # Errors
    /// A syntax error with its line and column.
    pub fn parse(text: &str, origin: &str, base_dir: &Path) -> Result<Scenario, ScenarioError> {
        let mut scenario: Scenario = from_ron(text).map_err(|e| ScenarioError::Syntax {
            path: origin.to_string(),
            line: e.span.start.line,
            column: e.span.start.col,
            message: super::ron_words::ron_words(&e, text),
        })?;
        scenario.base_dir = base_dir.to_path_buf();
        Ok(scenario)
    }

    /// Reads a scenario file.
    ///
    /// # Errors
    /// The file cannot be read, is not text, or is not a valid scenario.
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let shown = path.display().to_string();
        let text = crate::files::read_text(path).map_err(|e| ScenarioError::Read {
            path: shown.clone(),
            message: e.to_string(),
        })?;
        let base = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        Scenario::parse(&text, &shown, &base)
    }

    /// The scenario as RON text.
    #[must_use]
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().struct_names(true);
        ron_options()
            .to_string_pretty(self, config)
            .expect("scenarios always serialize")
    }

    /// Writes the scenario atomically: a temporary file beside `path`, then a rename.
    ///
    /// # Errors
    /// The file cannot be written; the old file, if any, is untouched.
    pub fn save(&self, path: &Path) -> Result<(), ScenarioError> {
        crate::files::atomic_write(path, self.to_ron().as_bytes()).map_err(|e| {
            ScenarioError::Write {
                path: path.display().to_string(),
                message: e.to_string(),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::settings::Settings;
    use crate::scenario::ron_words::{edit_distance, ron_message, unknown};
    use crate::scenario::spec::SearchSpec;

    #[test]
    fn syntax_errors_give_line_and_column() {
        let err = Scenario::parse(
            "Scenario(problem: SlidingPuzzle(width: 3,\n height: 3, start: [5,4\n",
            "bad.ron",
            Path::new("."),
        )
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("bad.ron: line 2, column 24"), "{err}");
    }

    #[test]
    fn too_deep_nesting_is_said_in_the_users_words() {
        let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        let err = ron_options().from_str::<ron::Value>(&deep).unwrap_err();
        assert!(matches!(err.code, ron::Error::ExceededRecursionLimit));
        let words = ron_message(&err.code);
        assert!(words.starts_with("nesting too deep"), "{words}");
        assert!(!words.contains("recursion_limit"), "{words}");
    }

    #[test]
    fn near_misses_are_one_slip_away() {
        assert_eq!(edit_distance("gaol", "goal"), 1);
        assert_eq!(edit_distance("algoritm", "algorithm"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        let fields = &["title", "notes", "problem", "search"];
        assert!(unknown("field", "titel", fields).ends_with("did you mean `title`?"));
        assert!(unknown("field", "colour", fields).contains("expected one of: title, notes"));
    }

    #[test]
    fn a_domain_of_its_own_type_is_written_without_extra_parentheses() {
        use crate::domains::missionaries::Spec;
        let parse = |text: &str| Scenario::parse(text, "t", Path::new(".")).map(|s| s.problem);
        let three = |boat| {
            ProblemSpec::Missionaries(Spec {
                boat,
                ..Spec::default()
            })
        };
        assert_eq!(
            parse("Scenario(problem: Missionaries(boat: 3))").unwrap(),
            three(3)
        );
        assert_eq!(
            parse("Scenario(problem: Missionaries())").unwrap(),
            three(2)
        );
        let err = parse("Scenario(problem: Missionaries(baot: 3))").unwrap_err();
        assert!(err.to_string().contains("did you mean `boat`?"), "{err}");
        let s = Scenario::parse("Scenario(problem: Missionaries())", "t", Path::new(".")).unwrap();
        let text = s.to_ron();
        assert!(
            text.contains("problem: Missionaries(\n        missionaries: 3,"),
            "{text}"
        );
        let back = Scenario::parse(&text, "t", Path::new(".")).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn other_domains_read_and_fail_as_they_always_have() {
        let parse = |text: &str| Scenario::parse(text, "t", Path::new(".")).map(|s| s.problem);
        let locked = parse("Scenario(problem: NQueens(size: 8, locked: Some((row: 3, col: 5))))");
        assert!(matches!(
            locked,
            Ok(ProblemSpec::NQueens {
                locked: Some(_),
                ..
            })
        ));
        // Unwrapped, this would read; it never did, and still does not.
        let err = parse("Scenario(problem: NQueens(size: 8, locked: Some(row: 3, col: 5)))");
        let err = err.unwrap_err().to_string();
        assert_eq!(
            err,
            "t: line 1, column 49: expected `(` opening its fields, found row"
        );
    }

    #[test]
    fn saved_scenarios_load_back_equal() {
        let dir = std::env::temp_dir().join(format!("frontier-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.ron");
        let mut s = Scenario::built_in();
        s.search = SearchSpec::from_settings(&Settings::default());
        s.save(&path).unwrap();
        let mut back = Scenario::load(&path).unwrap();
        back.base_dir = s.base_dir.clone();
        assert_eq!(back, s);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
