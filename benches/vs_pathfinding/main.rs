//! Frontier against the `pathfinding` crate on the same instances, side by side, with the same
//! answers asserted: A* on Korf's 15-puzzles, breadth-first over all 181,440 8-puzzle states,
//! A* on every query of Moving AI's den101d, arena, lak101d and den312d, and IDA* on Korf #12;
//! then cases the engine was not tuned on, to see how Frontier fares away from them: two more
//! Korf instances, three 8-puzzles of the known ones in `scenarios/eight_puzzle_known.txt` (the
//! app's own 542703816 among them), and Dijkstra and breadth-first search on the grids.
//! Frontier records and explains every step; `pathfinding` does not.
//!
//! `cargo bench --bench vs_pathfinding [-- CASE-SUBSTRING]` prints one table: wall-clock medians
//! of paired runs and their ratio (Frontier / pathfinding); Frontier's bytes per stored state,
//! as its searches count them and, for one-search cases, as the peak resident set of a fresh
//! process grows over one that only sets the case up; and, when `valgrind` is on the path,
//! instruction counts from `callgrind` and their ratio. For those counts the bench runs itself
//! under callgrind once per case and side (the variable `VS_PATHFINDING_RUN` names which), less
//! a run that only sets the case up. `VS_PATHFINDING_CALLGRIND=0` skips them;
//! `VS_PATHFINDING_RUNS` sets the number of paired runs (5).

mod measure;
#[path = "../shared/mod.rs"]
mod shared;

use frontier::domains::grid::{Grid, Moves};
use frontier::domains::movingai::{self, Query};
use frontier::domains::sliding::SlidingPuzzle;
use frontier::domains::sliding::instances::{EIGHTS, KORF, KORF_MORE, Korf, eight_hardest};
use frontier::engine::settings::{Algorithm, Heuristic};
use measure::{RUN_VAR, Side, count, instructions, median, peak_kib, peak_rss, seconds, time};
use pathfinding::directed::{
    astar::astar,
    bfs::{bfs, bfs_reach},
    dijkstra::dijkstra,
    idastar::idastar,
};
use shared::{Plain, cell, goal_cost, octile, run, settings};
use std::hint::black_box;
use std::process::Command;

/// Moving AI maps with their scenario files: (name, map, scenarios).
const MAPS: [(&str, &str, &str); 4] = [
    (
        "den101d",
        include_str!("../../scenarios/maps/den101d.map"),
        include_str!("../../scenarios/maps/den101d.map.scen"),
    ),
    (
        "arena",
        include_str!("../../scenarios/maps/arena.map"),
        include_str!("../../scenarios/maps/arena.map.scen"),
    ),
    (
        "lak101d",
        include_str!("../../scenarios/maps/lak101d.map"),
        include_str!("../../scenarios/maps/lak101d.map.scen"),
    ),
    (
        "den312d",
        include_str!("../../scenarios/maps/den312d.map"),
        include_str!("../../scenarios/maps/den312d.map.scen"),
    ),
];

/// Everything a case needs, built before anything is measured.
enum Input {
    Sliding(SlidingPuzzle<u64>),
    Grid {
        map: frontier::domains::grid::GridMap,
        queries: Vec<Query>,
        plain: Plain,
    },
}

/// One row of the table.
struct Case {
    name: String,
    kind: Kind,
    /// The answer both sides must give: a cost in billionths, or a number of states.
    answer: i64,
    setup: Box<dyn Fn() -> Input>,
}

#[derive(Clone, Copy)]
enum Kind {
    AStar,
    BfsAll,
    /// Every query of a map, by A\*, Dijkstra or breadth-first search (fewest moves).
    Grid(Algorithm),
    IdaStar,
}

/// What one side's run gives: its answer, and for Frontier what it held.
struct Outcome {
    answer: i64,
    memory: Option<Memory>,
}

/// Frontier's memory at the end of a run.
#[derive(Clone, Copy)]
struct Memory {
    /// Bytes the searches counted themselves ([`frontier::engine::search::Search::bytes`]).
    counted: usize,
    stored: u64,
    /// Whether it was one search (so peak RSS over states stored means something).
    one_search: bool,
}

fn korf(id: u32) -> Input {
    Input::Sliding(Korf::get(id).expect("a listed instance").puzzle())
}

/// A map and its queries, for a grid case.
fn grid_input(map: &str, scen: &str) -> Input {
    let map = movingai::parse_map(map).expect("the map parses");
    let queries = movingai::parse_scen(scen).expect("its queries parse");
    let plain = Plain::new(&map);
    Input::Grid {
        map,
        queries,
        plain,
    }
}

fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = KORF
        .iter()
        .map(|&Korf { id, moves, .. }| Case {
            name: format!("A* Korf #{id} ({moves} moves)"),
            kind: Kind::AStar,
            answer: moves * shared::UNIT,
            setup: Box::new(move || korf(id)),
        })
        .collect();
    cases.push(Case {
        name: "BFS all 181,440 8-puzzle states".into(),
        kind: Kind::BfsAll,
        answer: 181_440,
        setup: Box::new(|| Input::Sliding(eight_hardest())),
    });
    cases.extend(MAPS.iter().map(|&(name, map, scen)| Case {
        name: format!("A* every query of {name}"),
        kind: Kind::Grid(Algorithm::AStar),
        answer: 0,
        setup: Box::new(move || grid_input(map, scen)),
    }));
    cases.push(Case {
        name: "IDA* Korf #12 (45 moves)".into(),
        kind: Kind::IdaStar,
        answer: 45 * shared::UNIT,
        setup: Box::new(|| korf(12)),
    });
    cases.extend(KORF_MORE.iter().map(|&korf| Case {
        name: format!("A* Korf #{} ({} moves)", korf.id, korf.moves),
        kind: Kind::AStar,
        answer: korf.moves * shared::UNIT,
        setup: Box::new(move || Input::Sliding(korf.puzzle())),
    }));
    cases.extend(EIGHTS.iter().map(|&eight| Case {
        name: format!("A* 8-puzzle {} ({} moves)", eight.name, eight.moves),
        kind: Kind::AStar,
        answer: eight.moves * shared::UNIT,
        setup: Box::new(move || Input::Sliding(eight.puzzle())),
    }));
    cases.extend(MAPS.iter().map(|&(name, map, scen)| Case {
        name: format!("Dijkstra every query of {name}"),
        kind: Kind::Grid(Algorithm::Dijkstra),
        answer: 0,
        setup: Box::new(move || grid_input(map, scen)),
    }));
    cases.extend(MAPS[..1].iter().map(|&(name, map, scen)| Case {
        name: format!("BFS every query of {name} (fewest moves)"),
        kind: Kind::Grid(Algorithm::BreadthFirst),
        answer: 0,
        setup: Box::new(move || grid_input(map, scen)),
    }));
    cases
}

fn frontier_side(kind: Kind, input: &Input) -> Outcome {
    let one = |counted: usize, stored: u64| {
        Some(Memory {
            counted,
            stored,
            one_search: true,
        })
    };
    match (kind, input) {
        (Kind::AStar | Kind::IdaStar, Input::Sliding(p)) => {
            let algorithm = if matches!(kind, Kind::AStar) {
                Algorithm::AStar
            } else {
                Algorithm::IdaStar
            };
            let s = run(p.clone(), settings(algorithm, Heuristic::Manhattan, false));
            Outcome {
                answer: goal_cost(&s),
                memory: one(s.bytes(), s.counts().states_stored),
            }
        }
        (Kind::BfsAll, Input::Sliding(p)) => {
            let s = run(
                p.clone(),
                settings(Algorithm::BreadthFirst, Heuristic::Manhattan, true),
            );
            let stored = s.counts().states_stored;
            Outcome {
                answer: i64::try_from(stored).expect("small"),
                memory: one(s.bytes(), stored),
            }
        }
        (Kind::Grid(algorithm), Input::Grid { map, queries, .. }) => {
            let (mut answer, mut bytes, mut stored) = (0, 0, 0);
            for q in queries {
                let grid = Grid::new(Ok(map.clone()), q.start, q.goal, Moves::Eight);
                let s = run(grid, settings(algorithm, Heuristic::Octile, false));
                answer += if algorithm == Algorithm::BreadthFirst {
                    moves(s.solution().expect("a route").len())
                } else {
                    goal_cost(&s)
                };
                bytes += s.bytes();
                stored += s.counts().states_stored;
            }
            Outcome {
                answer,
                memory: Some(Memory {
                    counted: bytes,
                    stored,
                    one_search: false,
                }),
            }
        }
        _ => unreachable!("each kind has its input"),
    }
}

fn pathfinding_side(kind: Kind, input: &Input) -> Outcome {
    let answer = match (kind, input) {
        (Kind::AStar | Kind::IdaStar, Input::Sliding(p)) => {
            let start = frontier::engine::problem::Problem::start(p);
            let neighbours = |s: &_| shared::sliding_neighbours(p, s);
            let estimate = |s: &_| shared::sliding_manhattan(p, s);
            let is_goal = |s: &_| frontier::engine::problem::Problem::is_goal(p, s);
            let (_, moves) = if matches!(kind, Kind::AStar) {
                astar(&start, neighbours, estimate, is_goal)
            } else {
                idastar(&start, neighbours, estimate, is_goal)
            }
            .expect("solvable");
            i64::from(moves) * shared::UNIT
        }
        (Kind::BfsAll, Input::Sliding(p)) => {
            let reached = bfs_reach(frontier::engine::problem::Problem::start(p), |s| {
                shared::sliding_neighbours(p, s).into_iter().map(|(n, _)| n)
            })
            .count();
            i64::try_from(reached).expect("small")
        }
        (Kind::Grid(Algorithm::Dijkstra), Input::Grid { queries, plain, .. }) => queries
            .iter()
            .map(|q| {
                let goal = cell(q.goal);
                dijkstra(&cell(q.start), |n| plain.neighbours(n), |n| *n == goal)
                    .expect("a route")
                    .1
            })
            .sum(),
        (Kind::Grid(Algorithm::BreadthFirst), Input::Grid { queries, plain, .. }) => queries
            .iter()
            .map(|q| {
                let goal = cell(q.goal);
                let near = |n: &(i64, i64)| plain.neighbours(n).into_iter().map(|(c, _)| c);
                moves(
                    bfs(&cell(q.start), near, |n| *n == goal)
                        .expect("a route")
                        .len(),
                )
            })
            .sum(),
        (Kind::Grid(Algorithm::AStar), Input::Grid { queries, plain, .. }) => queries
            .iter()
            .map(|q| {
                let goal = cell(q.goal);
                astar(
                    &cell(q.start),
                    |n| plain.neighbours(n),
                    |n| octile(*n, goal),
                    |n| *n == goal,
                )
                .expect("a route")
                .1
            })
            .sum(),
        _ => unreachable!("each kind has its input"),
    };
    Outcome {
        answer,
        memory: None,
    }
}

/// The moves of a route of `cells` cells.
fn moves(cells: usize) -> i64 {
    i64::try_from(cells - 1).expect("short routes")
}

fn run_side(case: &Case, input: &Input, side: Side) -> Option<Outcome> {
    match side {
        Side::Setup => None,
        Side::Frontier => Some(frontier_side(case.kind, input)),
        Side::Pathfinding => Some(pathfinding_side(case.kind, input)),
    }
}

fn main() {
    let cases = cases();
    // A child run under callgrind: one side of one case, once.
    if let Ok(which) = std::env::var(RUN_VAR) {
        let (index, side) = which.split_once(':').expect("index:side");
        let case = &cases[index.parse::<usize>().expect("an index")];
        let side = [Side::Setup, Side::Frontier, Side::Pathfinding]
            .into_iter()
            .find(|s| s.name() == side)
            .expect("a side");
        let input = (case.setup)();
        black_box(run_side(case, &input, side).map(|o| o.answer));
        println!("peak-kib {}", peak_kib().unwrap_or(0));
        return;
    }
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let runs: usize = std::env::var("VS_PATHFINDING_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let callgrind = std::env::var("VS_PATHFINDING_CALLGRIND").as_deref() != Ok("0")
        && Command::new("valgrind").arg("--version").output().is_ok();

    println!(
        "| case | instructions F / P (ratio) | wall median F / P (ratio) | bytes per stored state |"
    );
    println!("|---|---|---|---|");
    for (index, case) in cases.iter().enumerate() {
        if !filter.is_empty() && !filter.iter().any(|f| case.name.contains(f.as_str())) {
            continue;
        }
        let input = (case.setup)();
        let ours = frontier_side(case.kind, &input);
        let theirs = pathfinding_side(case.kind, &input);
        assert_eq!(
            ours.answer, theirs.answer,
            "{}: the answers differ",
            case.name
        );
        if case.answer != 0 {
            assert_eq!(ours.answer, case.answer, "{}: the known answer", case.name);
        }
        // Paired runs: each round times both sides back to back.
        let (mut f, mut p) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            f.push(seconds(|| {
                black_box(run_side(case, &input, Side::Frontier));
            }));
            p.push(seconds(|| {
                black_box(run_side(case, &input, Side::Pathfinding));
            }));
        }
        let (f, p) = (median(f), median(p));
        let counted = callgrind
            .then(|| {
                let base = instructions(index, Side::Setup)?;
                let ours = instructions(index, Side::Frontier)?.saturating_sub(base);
                let theirs = instructions(index, Side::Pathfinding)?.saturating_sub(base);
                Some((ours, theirs))
            })
            .flatten();
        let counted = counted.map_or_else(
            || "–".to_string(),
            |(ours, theirs)| {
                format!(
                    "{} / {} ({:.2})",
                    count(ours),
                    count(theirs),
                    ours as f64 / theirs as f64
                )
            },
        );
        let memory = ours.memory.expect("Frontier reports its memory");
        // Peak RSS grows by whole pages: over a few hundred states it says nothing.
        let rss = (memory.one_search && memory.stored >= 10_000)
            .then(|| {
                let grown =
                    peak_rss(index, Side::Frontier)?.saturating_sub(peak_rss(index, Side::Setup)?);
                Some(format!(", RSS {:.1}", grown as f64 / memory.stored as f64))
            })
            .flatten()
            .unwrap_or_default();
        println!(
            "| {} | {counted} | {} / {} ({:.2}) | counted {:.1}{rss} ({} stored) |",
            case.name,
            time(f),
            time(p),
            f / p,
            memory.counted as f64 / memory.stored as f64,
            memory.stored
        );
    }
}
