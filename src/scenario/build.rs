//! Building the search a scenario describes: the problem from its spec (reading the map or
//! level files it names) and the settings resolved through [`SearchSpec::with_overrides`].

use super::model::{ProblemSpec, Scenario, ScenarioError};
use super::spec::SearchSpec;
use super::watch::Watch;
use crate::domains::graph::Graph;
use crate::domains::grid::{Grid, GridMap};
use crate::domains::movingai;
use crate::domains::queens::NQueens;
use crate::domains::sliding::{self, SlidingPuzzle};
use crate::domains::sokoban::{self, Sokoban};
use crate::domains::{Malformed, search_of};
use crate::engine::problem::{Problem, Refusal};
use crate::present::{Presentation, ShownSession};
use std::path::PathBuf;

impl Scenario {
    /// Builds the search this scenario describes, with `overrides` winning over its settings.
    /// A refused instance still gives a session (already over, with the reason); only settings
    /// that make no sense at all are errors.
    ///
    /// # Errors
    /// A domain file that cannot be read or parsed.
    pub fn session(&self, overrides: &SearchSpec) -> Result<Box<dyn ShownSession>, ScenarioError> {
        let spec = self.search.with_overrides(overrides);
        let resolve = |heuristic| spec.resolve(heuristic);
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
            other => other
                .instance()
                .expect("a domain not written out above is its own type")
                .search(&resolve),
        })
    }

    /// Runs the search a lesson item is about (this scenario with the item's `with` settings)
    /// and checks its claims.
    ///
    /// # Errors
    /// The search could not be built, or the claims that do not hold
    /// ([`ScenarioError::Watch`]).
    pub fn check_watch(&self, item: &Watch) -> Result<(), ScenarioError> {
        let mut session = self.session(&item.with.clone().unwrap_or_default())?;
        Ok(item.check(session.as_mut())?)
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
            // The other domains' instances are written whole in the scenario, read already.
            _ => Ok(()),
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

fn boxed<P>(problem: P, spec: &SearchSpec) -> Box<dyn ShownSession>
where
    P: Presentation + Clone + Send + 'static,
    P::State: Send,
{
    search_of(problem, &|heuristic| spec.resolve(heuristic))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::settings::{Algorithm, Heuristic, TieKey};
    use std::path::Path;

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
}
