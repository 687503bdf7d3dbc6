//! Sokoban against the known Microban optima: every level's cost in pushes and in moves, the
//! move-optimal routes replayed on the level text by a player written here.

use super::{cost, run, scenarios_dir, spec};
use frontier::engine::settings::Algorithm;

/// `(level, optimal moves, optimal pushes)` from known.txt.
fn known_levels() -> Vec<(String, f64, f64)> {
    let text = std::fs::read_to_string(scenarios_dir().join("sokoban/known.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

/// Plays a LURD solution on the level text (lowercase walks, uppercase pushes) and returns
/// whether it is legal and leaves every box on a goal.
fn plays_to_a_solution(level: &str, lurd: &str) -> bool {
    let mut rows: Vec<Vec<char>> = level.lines().map(|l| l.chars().collect()).collect();
    let width = rows.iter().map(Vec::len).max().unwrap();
    for r in &mut rows {
        r.resize(width, ' ');
    }
    let find = |rows: &Vec<Vec<char>>| {
        (0..rows.len())
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .find(|&(x, y)| matches!(rows[y][x], '@' | '+'))
            .unwrap()
    };
    let (mut x, mut y) = find(&rows);
    let under = |c: char| {
        if matches!(c, '+' | '*' | '.') {
            '.'
        } else {
            ' '
        }
    };
    for m in lurd.chars() {
        let (dx, dy): (isize, isize) = match m.to_ascii_lowercase() {
            'u' => (0, -1),
            'd' => (0, 1),
            'l' => (-1, 0),
            _ => (1, 0),
        };
        let (nx, ny) = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
        let next = rows[ny][nx];
        if next == '#' {
            return false;
        }
        let is_box = matches!(next, '$' | '*');
        if is_box != m.is_ascii_uppercase() {
            return false;
        }
        if is_box {
            let (bx, by) = (nx.wrapping_add_signed(dx), ny.wrapping_add_signed(dy));
            match rows[by][bx] {
                ' ' => rows[by][bx] = '$',
                '.' => rows[by][bx] = '*',
                _ => return false,
            }
        }
        rows[y][x] = under(rows[y][x]);
        rows[ny][nx] = if under(next) == '.' { '+' } else { '@' };
        (x, y) = (nx, ny);
    }
    !rows.iter().flatten().any(|&c| c == '$')
}

#[test]
fn microban_levels_cost_their_known_optimal_pushes_and_moves() {
    let levels = known_levels();
    assert_eq!(levels.len(), 16);
    for (name, moves, pushes) in levels {
        for (mode, expected) in [("Pushes", pushes), ("Moves", moves)] {
            let ron = format!(
                "Scenario(problem: Sokoban(level_file: \"sokoban/{name}.txt\", cost: {mode}))"
            );
            let s = run(&ron, &spec(Algorithm::AStar));
            assert_eq!(cost(s.as_ref()), Some(expected), "{name} {mode}");
            if mode == "Moves" {
                // The labels spell the solution; replayed on the level it must solve it in
                // exactly that many moves.
                let route = s.view().solution().unwrap();
                let lurd: String = route
                    .windows(2)
                    .map(|w| {
                        let label = s.shown().move_label(w[0], w[1]);
                        label.split(':').next().unwrap().to_string()
                    })
                    .collect();
                let level =
                    std::fs::read_to_string(scenarios_dir().join(format!("sokoban/{name}.txt")))
                        .unwrap();
                assert_eq!(lurd.len() as f64, expected, "{name}: {lurd}");
                assert!(plays_to_a_solution(&level, &lurd), "{name}: {lurd}");
                assert!(!plays_to_a_solution(&level, &lurd[..lurd.len() - 1]));
            }
        }
    }
}

#[test]
fn breadth_first_over_pushes_finds_the_fewest_pushes_as_in_the_seed() {
    let levels = known_levels();
    for (name, _, pushes) in levels.iter().take(5) {
        let ron =
            format!("Scenario(problem: Sokoban(level_file: \"sokoban/{name}.txt\", cost: Pushes))");
        let s = run(&ron, &spec(Algorithm::BreadthFirst));
        assert_eq!(cost(s.as_ref()), Some(*pushes), "{name}");
    }
}
