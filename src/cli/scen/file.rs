//! A `.scen` file read with its maps, and its queries run one after another.

use super::{Bounds, End, QueryResult, ScenReport};
use crate::cli::SearchArgs;
use crate::cli::live::{self, Progress};
use crate::domains::Malformed;
use crate::domains::grid::{Grid, GridMap, Moves};
use crate::domains::movingai::{self, Query, ScenError};
use crate::engine::search::Search;
use crate::engine::settings::Heuristic;
use crate::files::FileError;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Why a `.scen` file and its maps cannot be run: the file that is wrong, and what is wrong
/// with it (lines counted from 1).
#[derive(Debug, thiserror::Error)]
pub enum ScenFileError {
    /// The `.scen` file or a map it names cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: FileError },
    /// A line of the `.scen` file is not a query.
    #[error("{}: {source}", path.display())]
    Scen { path: PathBuf, source: ScenError },
    /// A map file is not a Moving AI map.
    #[error("{}: {source}", path.display())]
    Map { path: PathBuf, source: Malformed },
    /// A query's map path ends in no file name.
    #[error("line {line}: no map file name in '{map}'")]
    NoMapName { line: usize, map: String },
    /// A query's map size is not the size of the map it names.
    #[error(
        "line {line}: the query is for a {}×{} map but {map} is {}×{}",
        query.0, query.1, found.0, found.1
    )]
    OtherSize {
        line: usize,
        map: String,
        query: (usize, usize),
        found: (usize, usize),
    },
}

/// A `.scen` file read with its maps, every query checked against its map.
pub struct ScenFile {
    pub queries: Vec<Query>,
    pub(super) maps: Vec<(String, GridMap)>,
}

impl ScenFile {
    /// Reads a `.scen` file and the maps beside it that its queries name.
    ///
    /// # Errors
    /// An unreadable or malformed scenario or map file, or a query for a map of another size.
    pub fn load(path: &Path) -> Result<ScenFile, ScenFileError> {
        let read = |p: &Path| {
            crate::files::read_text(p).map_err(|source| ScenFileError::Read {
                path: p.into(),
                source,
            })
        };
        let queries = movingai::parse_scen(&read(path)?).map_err(|source| ScenFileError::Scen {
            path: path.into(),
            source,
        })?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut maps: Vec<(String, GridMap)> = Vec::new();
        for q in &queries {
            if !maps.iter().any(|(name, _)| *name == q.map) {
                let file =
                    Path::new(&q.map)
                        .file_name()
                        .ok_or_else(|| ScenFileError::NoMapName {
                            line: q.line,
                            map: q.map.clone(),
                        })?;
                let map_path = dir.join(file);
                let map = movingai::parse_map(&read(&map_path)?).map_err(|source| {
                    ScenFileError::Map {
                        path: map_path.clone(),
                        source,
                    }
                })?;
                maps.push((q.map.clone(), map));
            }
            let map = &maps
                .iter()
                .find(|(name, _)| *name == q.map)
                .expect("loaded above")
                .1;
            if (map.width, map.height) != (q.width, q.height) {
                return Err(ScenFileError::OtherSize {
                    line: q.line,
                    map: q.map.clone(),
                    query: (q.width, q.height),
                    found: (map.width, map.height),
                });
            }
        }
        Ok(ScenFile { queries, maps })
    }

    /// Cells of the largest map.
    #[must_use]
    pub fn largest_map(&self) -> usize {
        self.maps
            .iter()
            .map(|(_, m)| m.width * m.height)
            .max()
            .unwrap_or(0)
    }

    pub(super) fn map(&self, q: &Query) -> &GridMap {
        &self
            .maps
            .iter()
            .find(|(name, _)| *name == q.map)
            .expect("every query's map is loaded")
            .1
    }

    /// Runs query `q` (one of this file's) within `max_steps` steps and `time_limit`, telling
    /// `progress` how far it is; `None` when Ctrl+C stopped it.
    pub(super) fn run_query(
        &self,
        q: &Query,
        search: &SearchArgs,
        max_steps: Option<u64>,
        time_limit: Option<Duration>,
        progress: &Progress,
    ) -> Option<QueryResult> {
        let map = self.map(q);
        let mut spec = search.spec();
        spec.max_states = spec.max_states.or(Some(map.width * map.height + 1));
        let settings = spec.resolve(Heuristic::Octile);
        let mut s = Search::new(
            Grid::new(Ok(map.clone()), q.start, q.goal, Moves::Eight),
            settings,
        );
        let max_steps = max_steps.unwrap_or(u64::MAX);
        let started = Instant::now();
        // In slices, with a look at the bounds and Ctrl+C between two.
        let end = loop {
            let upto = s.steps().saturating_add(live::SLICE).min(max_steps);
            if let Some(outcome) = s.run(upto) {
                break End::Ended(outcome.clone());
            }
            if s.steps() >= max_steps {
                break End::StepLimit;
            }
            if let Some(limit) = time_limit
                && started.elapsed() >= limit
            {
                break End::TimeLimit(limit);
            }
            if live::interrupted() {
                return None;
            }
            progress.note(|| format!("line {}: {} steps", q.line, s.steps()));
        };
        let cost = s
            .solution()
            .and_then(|route| route.last().copied())
            .map(|id| s.core().notebook.node(id).g.as_f64());
        Some(QueryResult {
            matched: cost.is_some_and(|c| (c - q.optimal).abs() <= q.tolerance),
            query: q.clone(),
            cost,
            end,
            steps: s.steps(),
            states_checked: s.counts().states_checked,
        })
    }

    /// Runs the queries in order within `bounds`, giving each result to `each` as it finishes,
    /// until the last or until Ctrl+C.
    ///
    /// # Errors
    /// What `each` returned.
    pub fn run<E>(
        &self,
        search: &SearchArgs,
        bounds: Bounds,
        progress: &Progress,
        mut each: impl FnMut(&QueryResult) -> Result<(), E>,
    ) -> Result<ScenReport, E> {
        let algorithm = search.spec().resolve(Heuristic::Octile).algorithm;
        let max_steps = bounds.steps(self.largest_map());
        let mut report = ScenReport::new(
            self.queries.len(),
            algorithm.cli_name().to_string(),
            bounds,
            max_steps,
        );
        for (done, q) in self.queries.iter().enumerate() {
            progress.set(done);
            progress.note(|| format!("line {}", q.line));
            let result = (!live::interrupted())
                .then(|| self.run_query(q, search, max_steps, bounds.time_limit, progress))
                .flatten();
            let Some(result) = result else {
                report.interrupted = Some(q.line);
                break;
            };
            report.add(&result);
            each(&result)?;
        }
        progress.set(report.queries);
        Ok(report)
    }
}
