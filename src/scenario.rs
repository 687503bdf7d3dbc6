//! Scenario files: a problem instance plus search settings, in RON.
//!
//! Every field but `problem` may be left out; defaults are resolved against the domain (its
//! first heuristic) and the algorithm (its tie-break policy). Saving writes a temporary file
//! beside the target and renames it over, so a failed save never leaves half a file.

use crate::domains::Malformed;
use crate::domains::graph::{Graph, GraphEdge, GraphNode};
use crate::domains::grid::{Cell as GridCell, Grid, GridMap, Moves};
use crate::domains::movingai;
use crate::domains::queens::NQueens;
use crate::domains::sliding::{self, SlidingPuzzle};
use crate::domains::sokoban::{self, Sokoban, SokobanCost};
use crate::engine::memory::{DEFAULT_MAX_MEMORY, MemorySize};
use crate::engine::problem::{Problem, Refusal};
use crate::engine::search::Search;
use crate::engine::session::Session;
use crate::engine::settings::{
    Algorithm, Candidates, DEFAULT_MAX_STATES, Heuristic, Settings, TieKey,
};
use crate::engine::view::Cell;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub mod grid_edit;
pub mod watch;

/// A problem instance plus search settings. Unknown fields are errors (a misspelled `gaol:`
/// must not silently run with the default), here and in every struct a scenario holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default)]
    pub title: String,
    /// What a learner should watch for.
    #[serde(default)]
    pub notes: String,
    /// The notes' checkable points, shown as a checklist in the Lesson panel.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub watch: Vec<watch::Watch>,
    pub problem: ProblemSpec,
    #[serde(default)]
    pub search: SearchSpec,
    /// The folder relative file names in the problem are read from.
    #[serde(skip)]
    pub base_dir: PathBuf,
}

/// The problem instance, one variant per domain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ProblemSpec {
    SlidingPuzzle {
        width: usize,
        height: usize,
        start: Vec<u8>,
        /// Empty: tiles in order with the blank last.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        goal: Vec<u8>,
    },
    /// N queens on an N×N board, optionally around a queen locked on a square
    /// (`NQueens(size: 8, locked: Some((row: 3, col: 5)))`, counted from 0).
    NQueens {
        #[serde(default = "eight")]
        size: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        locked: Option<Cell>,
    },
    /// A grid map, written inline as rows of text (`map`) or read from a file (`map_file`,
    /// relative to the scenario: a Moving AI `.map`, or plain rows). `moves` defaults to
    /// `Eight`, the Moving AI rule.
    Grid {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        map: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        map_file: Option<String>,
        start: GridCell,
        goal: GridCell,
        #[serde(default)]
        moves: Moves,
    },
    /// An explicit weighted graph: named nodes (position for drawing, h), edges
    /// `("from", "to", cost)`, undirected unless `directed: true`.
    Graph {
        nodes: Vec<GraphNode>,
        edges: Vec<GraphEdge>,
        #[serde(default)]
        directed: bool,
        start: String,
        goal: String,
    },
    /// A Sokoban level, inline (`level`) or from a file (`level_file`, relative to the
    /// scenario); a file with several levels takes `index` (from 1) or `title`. `cost` defaults
    /// to `Pushes`.
    Sokoban {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level_file: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        index: Option<usize>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<String>,
        #[serde(default)]
        cost: SokobanCost,
    },
}

fn eight() -> usize {
    8
}

/// Search settings as written in a file or given on the command line: anything left out takes
/// its default. Also used for overrides, where a given field wins.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchSpec {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<Algorithm>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<Heuristic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<Vec<TieKey>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_states: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth_limit: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forward_checking: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_solutions: Option<bool>,
    /// Generate and test's candidate boards (one queen per row when left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Candidates>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_inadmissible: Option<bool>,
    /// The memory budget: bytes (`536870912`) or words (`"512 MiB"`); 1 GiB when left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_memory: Option<MemorySize>,
}

impl SearchSpec {
    /// `self` with every field `over` gives replaced.
    #[must_use]
    pub fn overridden_by(&self, over: &SearchSpec) -> SearchSpec {
        SearchSpec {
            algorithm: over.algorithm.or(self.algorithm),
            heuristic: over.heuristic.or(self.heuristic),
            tie_break: over.tie_break.clone().or_else(|| self.tie_break.clone()),
            max_states: over.max_states.or(self.max_states),
            weight: over.weight.or(self.weight),
            depth_limit: over.depth_limit.or(self.depth_limit),
            forward_checking: over.forward_checking.or(self.forward_checking),
            all_solutions: over.all_solutions.or(self.all_solutions),
            candidates: over.candidates.or(self.candidates),
            allow_inadmissible: over.allow_inadmissible.or(self.allow_inadmissible),
            max_memory: over.max_memory.or(self.max_memory),
        }
    }

    /// Concrete settings; `default_heuristic` is the domain's.
    #[must_use]
    pub fn resolve(&self, default_heuristic: Heuristic) -> Settings {
        let algorithm = self.algorithm.unwrap_or_default();
        Settings {
            algorithm,
            heuristic: self.heuristic.unwrap_or(default_heuristic),
            tie_break: self
                .tie_break
                .clone()
                .unwrap_or_else(|| algorithm.default_tie_break()),
            max_states: self.max_states.unwrap_or(DEFAULT_MAX_STATES),
            weight: self
                .weight
                .unwrap_or(if algorithm == Algorithm::WeightedAStar {
                    2.0
                } else {
                    1.0
                }),
            depth_limit: self.depth_limit,
            forward_checking: self.forward_checking.unwrap_or(false),
            all_solutions: self.all_solutions.unwrap_or(false),
            candidates: self.candidates.unwrap_or_default(),
            allow_inadmissible: self.allow_inadmissible.unwrap_or(false),
            max_memory: self.max_memory.unwrap_or(DEFAULT_MAX_MEMORY),
        }
    }

    /// The spec that resolves to exactly `settings`.
    #[must_use]
    pub fn from_settings(settings: &Settings) -> SearchSpec {
        SearchSpec {
            algorithm: Some(settings.algorithm),
            heuristic: Some(settings.heuristic),
            tie_break: Some(settings.tie_break.clone()),
            max_states: Some(settings.max_states),
            weight: Some(settings.weight),
            depth_limit: settings.depth_limit,
            forward_checking: Some(settings.forward_checking),
            all_solutions: Some(settings.all_solutions),
            candidates: Some(settings.candidates),
            allow_inadmissible: Some(settings.allow_inadmissible),
            max_memory: Some(settings.max_memory),
        }
    }
}

/// Why a scenario could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    #[error("cannot read {path}: {message}")]
    Read { path: String, message: String },
    #[error("{path}: line {line}, column {column}: {message}")]
    Syntax {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{0}")]
    Invalid(String),
    #[error("cannot save {path}: {message}")]
    Write { path: String, message: String },
}

/// The seed's puzzle, built into the binary: what the app opens on.
pub const BUILT_IN: &str = include_str!("../scenarios/seed_542703816.ron");

/// Every scenario shipped in `scenarios/`, by file name, for the app's menu.
pub const LIBRARY: &[(&str, &str)] = &[
    ("seed_542703816.ron", BUILT_IN),
    (
        "unsolvable_123456870.ron",
        include_str!("../scenarios/unsolvable_123456870.ron"),
    ),
    (
        "one_move_123456708.ron",
        include_str!("../scenarios/one_move_123456708.ron"),
    ),
    (
        "hardest_31_moves.ron",
        include_str!("../scenarios/hardest_31_moves.ron"),
    ),
    (
        "fifteen_44_moves.ron",
        include_str!("../scenarios/fifteen_44_moves.ron"),
    ),
    ("queens_8.ron", include_str!("../scenarios/queens_8.ron")),
    (
        "queens_8_locked.ron",
        include_str!("../scenarios/queens_8_locked.ron"),
    ),
    ("queens_4.ron", include_str!("../scenarios/queens_4.ron")),
    (
        "backtracking_depth_limit.ron",
        include_str!("../scenarios/backtracking_depth_limit.ron"),
    ),
    ("romania.ron", include_str!("../scenarios/romania.ron")),
    ("tie_graph.ron", include_str!("../scenarios/tie_graph.ron")),
    (
        "grid_open_room.ron",
        include_str!("../scenarios/grid_open_room.ron"),
    ),
    (
        "grid_four_connected.ron",
        include_str!("../scenarios/grid_four_connected.ron"),
    ),
    ("grid_trap.ron", include_str!("../scenarios/grid_trap.ron")),
    (
        "grid_terrain.ron",
        include_str!("../scenarios/grid_terrain.ron"),
    ),
    (
        "grid_arena.ron",
        include_str!("../scenarios/grid_arena.ron"),
    ),
    (
        "grid_den101d.ron",
        include_str!("../scenarios/grid_den101d.ron"),
    ),
    (
        "sokoban_microban_001.ron",
        include_str!("../scenarios/sokoban_microban_001.ron"),
    ),
    (
        "sokoban_microban_005.ron",
        include_str!("../scenarios/sokoban_microban_005.ron"),
    ),
    (
        "sokoban_dead_squares.ron",
        include_str!("../scenarios/sokoban_dead_squares.ron"),
    ),
    (
        "graph_overestimate.ron",
        include_str!("../scenarios/graph_overestimate.ron"),
    ),
];

/// The folder built-in scenarios are parsed against; files they name that are not on disk
/// there are read from [`LIBRARY_FILES`].
pub const LIBRARY_DIR: &str = "scenarios";

/// The data files library scenarios name (maps, levels), built into the binary so the library
/// works from any folder. Paths are relative to `scenarios/`.
pub const LIBRARY_FILES: &[(&str, &str)] = &[
    (
        "maps/arena.map",
        include_str!("../scenarios/maps/arena.map"),
    ),
    (
        "maps/den101d.map",
        include_str!("../scenarios/maps/den101d.map"),
    ),
    (
        "sokoban/microban_001.txt",
        include_str!("../scenarios/sokoban/microban_001.txt"),
    ),
    (
        "sokoban/microban_005.txt",
        include_str!("../scenarios/sokoban/microban_005.txt"),
    ),
];

/// The RON dialect of scenario files (and of the traces that embed them).
pub(crate) fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// A RON error in the user's words: an unknown field or variant names the nearest valid one,
/// too deep a nesting says so (rather than naming parser options).
#[must_use]
pub fn ron_message(code: &ron::Error) -> String {
    match code {
        ron::Error::NoSuchStructField {
            expected, found, ..
        } => unknown("field", found, expected),
        ron::Error::NoSuchEnumVariant {
            expected, found, ..
        } => unknown("variant", found, expected),
        ron::Error::ExceededRecursionLimit => {
            "nesting too deep: brackets and parentheses are nested more deeply than any \
             scenario needs"
                .into()
        }
        other => other.to_string(),
    }
}

/// "unknown field `gaol` — did you mean `goal`?", or the list of valid names when none is
/// close.
fn unknown(what: &str, found: &str, expected: &[&str]) -> String {
    let nearest = expected
        .iter()
        .map(|name| (edit_distance(found, name), *name))
        .min()
        // Close enough to be a slip: a third of the name's letters, at least one, and never the
        // whole name (`z` is no misspelling of `x`).
        .filter(|(d, name)| {
            let len = name.chars().count();
            *d <= (len / 3).max(1) && *d < len
        });
    match nearest {
        Some((_, name)) => format!("unknown {what} `{found}` — did you mean `{name}`?"),
        None if expected.is_empty() => format!("unknown {what} `{found}`"),
        None => format!(
            "unknown {what} `{found}`; expected one of: {}",
            expected.join(", ")
        ),
    }
}

/// The fewest single-character insertions, deletions, substitutions and swaps of neighbours
/// that turn `a` into `b` (so `gaol` is one step from `goal`).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[k][j]: distance between a[..i-k] and b[..j], for the current row i and the two before.
    let mut rows = [
        vec![0; b.len() + 1],
        vec![0; b.len() + 1],
        (0..=b.len()).collect(),
    ];
    for i in 1..=a.len() {
        rows.rotate_left(1);
        rows[2][0] = i;
        for j in 1..=b.len() {
            let substitute = rows[1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitute.min(rows[1][j] + 1).min(rows[2][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[0][j - 2] + 1);
            }
            rows[2][j] = best;
        }
    }
    rows[2][b.len()]
}

impl Scenario {
    /// Parses scenario text; `origin` names it in error messages, `base_dir` resolves the
    /// relative file names inside it.
    ///
    /// # Errors
    /// A syntax error with its line and column.
    pub fn parse(text: &str, origin: &str, base_dir: &Path) -> Result<Scenario, ScenarioError> {
        let mut scenario: Scenario =
            ron_options()
                .from_str(text)
                .map_err(|e| ScenarioError::Syntax {
                    path: origin.to_string(),
                    line: e.span.start.line,
                    column: e.span.start.col,
                    message: ron_message(&e.code),
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
        let text = crate::read_text(path).map_err(|message| ScenarioError::Read {
            path: shown.clone(),
            message,
        })?;
        let base = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        Scenario::parse(&text, &shown, &base)
    }

    /// The built-in seed scenario.
    #[must_use]
    pub fn built_in() -> Scenario {
        Scenario::parse(BUILT_IN, "built-in", Path::new("scenarios"))
            .expect("the built-in scenario parses (tested)")
    }

    /// A library scenario by file name, parsed against [`LIBRARY_DIR`].
    ///
    /// # Errors
    /// The entry does not parse (the library's own test guards against that).
    #[must_use]
    pub fn from_library(name: &str) -> Option<Result<Scenario, ScenarioError>> {
        LIBRARY
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, text)| Scenario::parse(text, n, Path::new(LIBRARY_DIR)))
    }

    /// The text of a file the problem names, relative to the scenario's folder. A library
    /// scenario whose files are not on disk (the binary run from elsewhere) gets the built-in
    /// copies.
    ///
    /// # Errors
    /// The file cannot be read or is not text.
    pub fn read_file(&self, name: &str) -> Result<String, ScenarioError> {
        let path = self.base_dir.join(name);
        match crate::read_text(&path) {
            Ok(text) => Ok(text),
            Err(message) => {
                if self.base_dir == Path::new(LIBRARY_DIR)
                    && let Some((_, text)) = LIBRARY_FILES.iter().find(|(n, _)| *n == name)
                {
                    return Ok((*text).to_string());
                }
                Err(ScenarioError::Read {
                    path: path.display().to_string(),
                    message,
                })
            }
        }
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
        crate::atomic_write(path, self.to_ron().as_bytes()).map_err(|e| ScenarioError::Write {
            path: path.display().to_string(),
            message: e.to_string(),
        })
    }

    /// Builds the search this scenario describes, with `overrides` winning over its settings.
    /// A refused instance still gives a session (already over, with the reason); only settings
    /// that make no sense at all are errors.
    ///
    /// # Errors
    /// A domain file that cannot be read or parsed.
    pub fn session(&self, overrides: &SearchSpec) -> Result<Box<dyn Session>, ScenarioError> {
        let spec = self
            .search
            .carried_to(overrides.algorithm)
            .overridden_by(overrides);
        Ok(match &self.problem {
            ProblemSpec::SlidingPuzzle {
                width,
                height,
                start,
                goal,
            } => {
                let goal = if goal.is_empty() {
                    sliding::default_goal(*width, *height)
                } else {
                    goal.clone()
                };
                if width.saturating_mul(*height) <= 16 {
                    boxed(
                        SlidingPuzzle::<u64>::new(*width, *height, start.clone(), goal),
                        &spec,
                    )
                } else {
                    boxed(
                        SlidingPuzzle::<u128>::new(*width, *height, start.clone(), goal),
                        &spec,
                    )
                }
            }
            ProblemSpec::NQueens { size, locked } => {
                let forward_checking = spec.forward_checking.unwrap_or(false);
                boxed(
                    NQueens::new(*size, *locked).with_forward_checking(forward_checking),
                    &spec,
                )
            }
            ProblemSpec::Grid {
                map,
                map_file,
                start,
                goal,
                moves,
            } => {
                let parsed = self.grid_map(map.as_deref(), map_file.as_deref())?;
                boxed(
                    Grid::new(parsed.map_err(Refusal::from), *start, *goal, *moves),
                    &spec,
                )
            }
            ProblemSpec::Graph { .. } => boxed(self.graph().expect("a graph problem"), &spec),
            ProblemSpec::Sokoban { cost, .. } => {
                let picked = self.level_text()?;
                boxed(Sokoban::new(picked, *cost), &spec)
            }
        })
    }

    /// Checks the files the problem names and the text it holds (a map, a level, a graph's
    /// names) as input: anything malformed is an error naming the file, with line and column
    /// where the text has them. [`Scenario::session`] instead keeps such a defect as the
    /// instance's refusal, so the app can still show it; the CLI calls this first, so that any
    /// bad file the user gave is unusable input (exit 2). `origin` names the scenario itself.
    ///
    /// # Errors
    /// The first defect found.
    pub fn check_input(&self, origin: &str) -> Result<(), ScenarioError> {
        let located = |path: String, m: Malformed| ScenarioError::Syntax {
            path,
            line: m.line,
            column: m.column,
            message: m.message,
        };
        let inline = |what: &str| format!("{origin} (the inline {what})");
        match &self.problem {
            ProblemSpec::Grid { map, map_file, .. } => self
                .grid_map(map.as_deref(), map_file.as_deref())?
                .map(drop)
                .map_err(|m| {
                    located(
                        map_file
                            .as_ref()
                            .map_or_else(|| inline("map"), |f| self.shown(f)),
                        m,
                    )
                }),
            ProblemSpec::Sokoban { level_file, .. } => {
                let where_ = || {
                    level_file
                        .as_ref()
                        .map_or_else(|| inline("level"), |f| self.shown(f))
                };
                let text = self
                    .level_text()?
                    .map_err(|why| ScenarioError::Invalid(format!("{}: {why}", where_())))?;
                sokoban::check_level(&text).map_err(|m| located(where_(), m))
            }
            ProblemSpec::Graph { .. } => self
                .graph()
                .expect("a graph problem")
                .validate()
                .map_err(|why| ScenarioError::Invalid(format!("{origin}: {why}"))),
            ProblemSpec::SlidingPuzzle { .. } | ProblemSpec::NQueens { .. } => Ok(()),
        }
    }

    /// The graph a `Graph` problem describes (kept with its defect, if it has one).
    fn graph(&self) -> Option<Graph> {
        let ProblemSpec::Graph {
            nodes,
            edges,
            directed,
            start,
            goal,
        } = &self.problem
        else {
            return None;
        };
        Some(Graph::new(nodes, edges, *directed, start, goal))
    }

    /// A file the problem names, as the user would find it (relative to the scenario's folder).
    fn shown(&self, name: &str) -> String {
        self.base_dir.join(name).display().to_string()
    }

    /// Every file on disk the scenario reads besides itself (a map or level file): inputs an
    /// output must never overwrite.
    #[must_use]
    pub fn input_files(&self) -> Vec<PathBuf> {
        match &self.problem {
            ProblemSpec::Grid {
                map_file: Some(f), ..
            }
            | ProblemSpec::Sokoban {
                level_file: Some(f),
                ..
            } => vec![self.base_dir.join(f)],
            _ => Vec::new(),
        }
    }

    /// A Sokoban problem's level text: written inline, as it stands; from a file, the level
    /// picked by index or title (the inner result: the level, or why none could be picked).
    ///
    /// # Errors
    /// Both or neither of `level` and `level_file` given, or the file cannot be read.
    fn level_text(&self) -> Result<Result<String, Refusal>, ScenarioError> {
        let ProblemSpec::Sokoban {
            level,
            level_file,
            index,
            title,
            ..
        } = &self.problem
        else {
            return Err(ScenarioError::Invalid("not a Sokoban problem".into()));
        };
        match (level, level_file) {
            (Some(text), None) => Ok(Ok(text.clone())),
            (None, Some(file)) => Ok(sokoban::pick_level(
                &self.read_file(file)?,
                *index,
                title.as_deref(),
            )),
            _ => Err(ScenarioError::Invalid(
                "a Sokoban problem needs exactly one of level (inline) or level_file".into(),
            )),
        }
    }
}

impl Scenario {
    /// A grid's map, written inline (`map`) or read from `map_file` (a Moving AI `.map`, or
    /// plain rows), parsed; the inner result is the map or what is wrong with its text.
    ///
    /// # Errors
    /// Both or neither of `map` and `map_file` given, or the file cannot be read.
    pub fn grid_map(
        &self,
        map: Option<&str>,
        map_file: Option<&str>,
    ) -> Result<Result<GridMap, Malformed>, ScenarioError> {
        match (map, map_file) {
            (Some(text), None) => Ok(GridMap::parse(text)),
            (None, Some(file)) => {
                let text = self.read_file(file)?;
                Ok(if text.starts_with("type ") {
                    movingai::parse_map(&text)
                } else {
                    GridMap::parse(&text)
                })
            }
            _ => Err(ScenarioError::Invalid(
                "a Grid needs exactly one of map (inline rows) or map_file".into(),
            )),
        }
    }
}

impl SearchSpec {
    /// These settings as they carry over to `algorithm` (none: the spec's own). The tie-break
    /// and the weight are chosen for one algorithm (A*'s "lower h → stored first" would make
    /// Dijkstra half A*), so they are dropped when the algorithm changes and the new one takes
    /// its own defaults; the rest (heuristic, limits, options) describe the problem and stay.
    /// The CLI, the app and `compare` all build their searches through [`Scenario::session`],
    /// which applies this, so a switched algorithm runs the same everywhere.
    #[must_use]
    pub fn carried_to(&self, algorithm: Option<Algorithm>) -> SearchSpec {
        match algorithm {
            Some(a) if a != self.algorithm.unwrap_or_default() => SearchSpec {
                algorithm: Some(a),
                tie_break: None,
                weight: None,
                ..self.clone()
            },
            _ => self.clone(),
        }
    }
}

fn boxed<P>(problem: P, spec: &SearchSpec) -> Box<dyn Session>
where
    P: Problem + Clone + Send + 'static,
    P::State: Send,
{
    let settings = spec.resolve(problem.heuristics()[0]);
    Box::new(Search::new(problem, settings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_library_scenario_parses() {
        for (name, text) in LIBRARY {
            let s = Scenario::parse(text, name, Path::new("scenarios"));
            assert!(s.is_ok(), "{name}: {:?}", s.err());
        }
    }

    #[test]
    fn left_out_fields_take_their_defaults() {
        let s = Scenario::parse(
            "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [1,2,3,4,5,6,7,0,8]))",
            "t",
            Path::new("."),
        )
        .unwrap();
        let session = s.session(&SearchSpec::default()).unwrap();
        let settings = session.view().settings();
        assert_eq!(settings.algorithm, Algorithm::AStar);
        assert_eq!(settings.heuristic, Heuristic::Manhattan);
        assert_eq!(
            settings.tie_break,
            vec![TieKey::LowestH, TieKey::FirstStored]
        );
        assert_eq!(settings.max_states, 4096);
    }

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
