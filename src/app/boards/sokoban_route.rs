//! A Sokoban route expanded move by move for the route player (no egui, tested headlessly).
//!
//! Each route step is one push whose label reads `walkPUSH: box (x, y) dir` (see
//! `Sokoban::describe_move`). The walk letters start at the state's player cell, which in
//! `Pushes` mode is only a canonical cell of the player's area, not where the player really
//! stands after the previous push; so the walk is followed only when it is legal from the real
//! cell, and otherwise replaced by a shortest walk to the pushing square.

use crate::engine::view::BoardView;
use std::collections::VecDeque;

/// One frame of the played route: where the boxes and the player are after a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub boxes: Vec<usize>,
    pub player: usize,
    /// The move that led here in LURD (lowercase a walk step, uppercase a push); `None` for
    /// the start.
    pub letter: Option<char>,
    /// Pushes made so far.
    pub pushes: usize,
}

const DIRS: [(isize, isize, char); 4] = [(0, -1, 'u'), (1, 0, 'r'), (0, 1, 'd'), (-1, 0, 'l')];

/// The frames of a route from the `start` board through pushes labelled `labels`.
///
/// # Errors
/// The start is not a Sokoban board, or a label names a push that cannot be made.
pub fn expand(start: &BoardView, labels: &[String]) -> Result<Vec<Frame>, String> {
    let BoardView::Sokoban {
        width,
        height,
        walls,
        boxes,
        player,
        ..
    } = start
    else {
        return Err("not a Sokoban board".into());
    };
    let (width, height) = (*width, *height);
    let step = |cell: usize, d: usize| -> Option<usize> {
        let (dx, dy, _) = DIRS[d];
        let x = (cell % width).checked_add_signed(dx)?;
        let y = (cell / width).checked_add_signed(dy)?;
        (x < width && y < height).then_some(y * width + x)
    };
    let mut frames = vec![Frame {
        boxes: boxes.clone(),
        player: *player,
        letter: None,
        pushes: 0,
    }];
    for label in labels {
        let (moves, what) = label
            .split_once(':')
            .ok_or_else(|| format!("\"{label}\" is not a push"))?;
        let push = moves
            .chars()
            .last()
            .filter(char::is_ascii_uppercase)
            .ok_or_else(|| format!("\"{label}\" has no push letter"))?;
        let dir = DIRS
            .iter()
            .position(|d| d.2 == push.to_ascii_lowercase())
            .ok_or_else(|| format!("\"{label}\": unknown push {push}"))?;
        let (x, y) = parse_cell(what).ok_or_else(|| format!("\"{label}\" names no box"))?;
        let cell = y * width + x;
        let last = frames.last().expect("the start is there").clone();
        let free = |c: usize| !walls[c] && !last.boxes.contains(&c);
        let behind = step(cell, (dir + 2) % 4).ok_or("the push starts off the board")?;
        let walk = follow(&moves[..moves.len() - 1], last.player, &step, &free)
            .filter(|&(end, _)| end == behind)
            .map(|(_, letters)| letters)
            .or_else(|| shortest(last.player, behind, width * height, &step, &free))
            .ok_or_else(|| format!("\"{label}\": the player cannot reach the box"))?;
        let mut at = last.player;
        for d in walk {
            at = step(at, d).expect("walked");
            frames.push(Frame {
                player: at,
                letter: Some(DIRS[d].2),
                ..last.clone()
            });
        }
        let to = step(cell, dir).filter(|&c| free(c));
        let slot = last.boxes.iter().position(|&b| b == cell);
        let (Some(to), Some(slot)) = (to, slot) else {
            return Err(format!("\"{label}\": that push is blocked"));
        };
        let mut boxes = last.boxes.clone();
        boxes[slot] = to;
        frames.push(Frame {
            boxes,
            player: cell,
            letter: Some(push),
            pushes: last.pushes + 1,
        });
    }
    Ok(frames)
}

/// `box (x, y) …` → `(x, y)`.
fn parse_cell(text: &str) -> Option<(usize, usize)> {
    let inside = text.split_once('(')?.1.split_once(')')?.0;
    let (x, y) = inside.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// Follows walk letters from `from` over free cells: the end cell and the directions.
fn follow(
    letters: &str,
    from: usize,
    step: &impl Fn(usize, usize) -> Option<usize>,
    free: &impl Fn(usize) -> bool,
) -> Option<(usize, Vec<usize>)> {
    let mut at = from;
    let mut dirs = Vec::new();
    for c in letters.chars() {
        let d = DIRS.iter().position(|d| d.2 == c)?;
        at = step(at, d).filter(|&n| free(n))?;
        dirs.push(d);
    }
    Some((at, dirs))
}

/// A shortest walk from `from` to `to` over free cells (breadth-first, directions in LURD
/// table order, so the same route always plays the same walk).
fn shortest(
    from: usize,
    to: usize,
    cells: usize,
    step: &impl Fn(usize, usize) -> Option<usize>,
    free: &impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    let mut via = vec![usize::MAX; cells];
    let mut queue = VecDeque::from([from]);
    via[from] = 4;
    while let Some(c) = queue.pop_front() {
        if c == to {
            let mut dirs = Vec::new();
            let mut at = to;
            while at != from {
                let d = via[at];
                dirs.push(d);
                at = step(at, (d + 2) % 4).expect("came from there");
            }
            dirs.reverse();
            return Some(dirs);
        }
        for d in 0..4 {
            if let Some(n) = step(c, d).filter(|&n| free(n) && via[n] == usize::MAX) {
                via[n] = d;
                queue.push_back(n);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{LIBRARY, Scenario, SearchSpec};
    use std::path::Path;

    fn solved(name: &str, over: &SearchSpec) -> (BoardView, Vec<String>) {
        let text = LIBRARY.iter().find(|(n, _)| *n == name).unwrap().1;
        let scenario = Scenario::parse(text, name, Path::new("scenarios")).unwrap();
        let mut session = scenario.session(over).unwrap();
        while session.view().outcome().is_none() {
            session.step();
        }
        let route = session.view().solution().expect("solved");
        let labels = route
            .windows(2)
            .map(|w| session.view().move_label(w[0], w[1]))
            .collect();
        (session.view().start_board(), labels)
    }

    fn letters(frames: &[Frame]) -> String {
        frames.iter().filter_map(|f| f.letter).collect()
    }

    fn on_goals(start: &BoardView, frame: &Frame) -> bool {
        let BoardView::Sokoban { goals, .. } = start else {
            return false;
        };
        let mut boxes = frame.boxes.clone();
        let mut goals = goals.clone();
        boxes.sort_unstable();
        goals.sort_unstable();
        boxes == goals
    }

    #[test]
    fn microban_1_plays_the_published_33_moves() {
        let (start, labels) = solved("sokoban_microban_001.ron", &SearchSpec::default());
        let frames = expand(&start, &labels).unwrap();
        // The published move-optimal solution, as the scenario's notes quote it.
        assert_eq!(letters(&frames), "dlUrrrdLullddrUluRuulDrddrruLdlUU");
        assert_eq!(frames.len(), 34);
        assert_eq!(frames.last().unwrap().pushes, 8);
        assert!(on_goals(&start, frames.last().unwrap()));
        assert!(!on_goals(&start, &frames[0]));
    }

    #[test]
    fn a_push_optimal_route_walks_from_where_the_player_really_stands() {
        let (start, labels) = solved("sokoban_microban_005.ron", &SearchSpec::default());
        let frames = expand(&start, &labels).unwrap();
        let BoardView::Sokoban { width, .. } = start else {
            panic!()
        };
        // Every frame moves the player one square to a neighbour.
        for w in frames.windows(2) {
            let (a, b) = (w[0].player, w[1].player);
            assert_eq!(
                (a % width).abs_diff(b % width) + (a / width).abs_diff(b / width),
                1
            );
        }
        assert_eq!(frames.last().unwrap().pushes, labels.len());
        assert!(on_goals(&start, frames.last().unwrap()));
    }

    #[test]
    fn a_label_that_is_no_push_is_an_error() {
        let (start, _) = solved("sokoban_microban_001.ron", &SearchSpec::default());
        assert!(expand(&start, &["north to (1, 2)".into()]).is_err());
        assert!(expand(&start, &["U: box (0, 0) up".into()]).is_err());
    }
}
