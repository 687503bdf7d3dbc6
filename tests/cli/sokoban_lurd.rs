//! Every Sokoban answer `frontier run` gives is a solution a player can type in: its `lurd`
//! string, played letter by letter on the level by a small simulator of this file's own, walks
//! only into empty floor, pushes every box into free floor and leaves every box on a goal. Each
//! shipped level is solved counting pushes and counting moves; the letters add up to the cost.

use crate::common;

use common::cli::{frontier, json};
use common::temp_dir;
use std::path::{Path, PathBuf};

/// A level as the simulator sees it: walls, goals, boxes and the player, by (x, y).
struct Board {
    walls: Vec<Vec<bool>>,
    goals: Vec<Vec<bool>>,
    boxes: Vec<Vec<bool>>,
    player: (usize, usize),
}

impl Board {
    /// The level's rows: the lines made of level characters only, with at least one wall.
    fn parse(text: &str) -> Board {
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| l.contains('#') && l.chars().all(|c| " #@+$*.-_".contains(c)))
            .collect();
        let width = rows.iter().map(|r| r.len()).max().unwrap();
        let grid = || vec![vec![false; width]; rows.len()];
        let (mut walls, mut goals, mut boxes) = (grid(), grid(), grid());
        let mut player = None;
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                walls[y][x] = c == '#';
                goals[y][x] = matches!(c, '.' | '+' | '*');
                boxes[y][x] = matches!(c, '$' | '*');
                if matches!(c, '@' | '+') {
                    player = Some((x, y));
                }
            }
        }
        Board {
            walls,
            goals,
            boxes,
            player: player.expect("a player"),
        }
    }

    /// The cell one step from `(x, y)` towards `letter`, if it is on the map.
    fn next(&self, (x, y): (usize, usize), letter: char) -> Option<(usize, usize)> {
        let (nx, ny) = match letter.to_ascii_lowercase() {
            'u' => (Some(x), y.checked_sub(1)),
            'd' => (Some(x), Some(y + 1)),
            'l' => (x.checked_sub(1), Some(y)),
            'r' => (Some(x + 1), Some(y)),
            other => panic!("'{other}' is not a LURD letter"),
        };
        let (nx, ny) = (nx?, ny?);
        (ny < self.walls.len() && nx < self.walls[ny].len()).then_some((nx, ny))
    }

    fn free(&self, (x, y): (usize, usize)) -> bool {
        !self.walls[y][x] && !self.boxes[y][x]
    }

    /// Plays one letter; says what went wrong when the move is not allowed.
    fn play(&mut self, letter: char) -> Result<(), String> {
        let to = self.next(self.player, letter).ok_or("walks off the map")?;
        if letter.is_ascii_lowercase() {
            if !self.free(to) {
                return Err(format!("walks into a wall or a box at {to:?}"));
            }
        } else {
            if !self.boxes[to.1][to.0] {
                return Err(format!("pushes at {to:?}, where there is no box"));
            }
            let beyond = self.next(to, letter).ok_or("pushes a box off the map")?;
            if !self.free(beyond) {
                return Err(format!("pushes the box at {to:?} into a wall or a box"));
            }
            self.boxes[to.1][to.0] = false;
            self.boxes[beyond.1][beyond.0] = true;
        }
        self.player = to;
        Ok(())
    }

    fn solved(&self) -> bool {
        self.boxes
            .iter()
            .flatten()
            .zip(self.goals.iter().flatten())
            .all(|(&b, &g)| !b || g)
    }
}

/// The repository's `scenarios/` folder.
fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

/// The text of the first RON string after `key` in `ron`, its escapes read.
fn ron_string(ron: &str, key: &str) -> Option<String> {
    let rest = &ron[ron.find(key)? + key.len()..];
    let mut text = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(text),
            '\\' => match chars.next()? {
                'n' => text.push('\n'),
                other => text.push(other),
            },
            c => text.push(c),
        }
    }
    None
}

/// Every shipped Sokoban level: each level text the Sokoban scenarios hold or name, and each
/// level file the domain ships, by a name for messages.
fn shipped_levels() -> Vec<(String, String)> {
    let mut levels = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(scenarios())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
    {
        let ron = std::fs::read_to_string(path).unwrap();
        if ron.contains("Sokoban(") {
            let text = ron_string(&ron, "level: \"").or_else(|| {
                let file = ron_string(&ron, "level_file: \"")?;
                std::fs::read_to_string(scenarios().join(file)).ok()
            });
            levels.push((path.display().to_string(), text.expect("a level")));
        }
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(scenarios().join("sokoban"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("microban_")
        })
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        levels.push((path.display().to_string(), text));
    }
    levels
}

/// `frontier run --json` on `level` with `cost`, from a scenario written in `dir` (with room
/// for the states a move-optimal search of the larger levels stores).
fn solve(dir: &Path, n: usize, level: &str, cost: &str) -> serde_json::Value {
    let escaped = level.replace('\\', "\\\\").replace('"', "\\\"");
    let file = dir.join(format!("level_{n}_{cost}.ron"));
    std::fs::write(
        &file,
        format!(
            "Scenario(problem: Sokoban(level: \"{escaped}\", cost: {cost}), \
             search: (algorithm: AStar, heuristic: Matching))"
        ),
    )
    .unwrap();
    let file = file.to_str().unwrap();
    json(&frontier(
        dir,
        &["run", file, "--json", "--max-states", "1000000"],
    ))
}

#[test]
fn every_shipped_level_s_lurd_plays_to_the_goal_with_either_cost() {
    let dir = temp_dir("sokoban-lurd");
    let levels = shipped_levels();
    assert!(
        levels.len() >= 19,
        "the levels were found: {}",
        levels.len()
    );
    for (n, (name, text)) in levels.iter().enumerate() {
        for cost in ["Pushes", "Moves"] {
            let out = solve(&dir, n, text, cost);
            assert_eq!(out["outcome"], "goal_found", "{name} {cost}: {out}");
            let lurd = out["lurd"]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: {out}"));
            let mut board = Board::parse(text);
            for (i, letter) in lurd.chars().enumerate() {
                if let Err(why) = board.play(letter) {
                    panic!("{name} {cost}: letter {} of {lurd} {why}", i + 1);
                }
            }
            assert!(
                board.solved(),
                "{name} {cost}: {lurd} leaves a box off a goal"
            );
            let counted = match cost {
                "Moves" => lurd.chars().count(),
                _ => lurd.chars().filter(char::is_ascii_uppercase).count(),
            };
            assert_eq!(out["cost"], counted, "{name} {cost}: {lurd}");
            // The move list reads the same walks and pushes, in the same order.
            let moves: String = out["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().split(':').next().unwrap())
                .collect();
            assert_eq!(moves, lurd, "{name} {cost}");
        }
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn the_shipped_scenarios_print_their_lurd_and_name_each_count() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = |args: &[&str]| frontier(root, args);
    let file = "scenarios/sokoban_microban_001.ron";
    let lurd = json(&run(&["run", file, "--json"]))["lurd"].clone();
    // The published move-optimal solution of Microban 1.
    assert_eq!(lurd, "dlUrrrdLullddrUluRuulDrddrruLdlUU");
    let text = String::from_utf8(run(&["run", file]).stdout).unwrap();
    assert!(
        text.contains("\nLURD: dlUrrrdLullddrUluRuulDrddrruLdlUU\n"),
        "{text}"
    );
    assert!(text.contains("cost 33 moves, 8 pushes: dlU: box"), "{text}");
    let file = "scenarios/sokoban_microban_005.ron";
    let out = json(&run(&["run", file, "--json"]));
    let lurd = out["lurd"].as_str().unwrap();
    let text = String::from_utf8(run(&["run", file]).stdout).unwrap();
    let moves = lurd.chars().count();
    assert!(
        text.contains(&format!("cost 6 pushes, {moves} moves: L: box")),
        "{text}"
    );
    // Only Sokoban has a LURD string.
    let out = json(&run(&["run", "scenarios/romania.ron", "--json"]));
    assert!(out.get("lurd").is_none(), "{out}");
}
