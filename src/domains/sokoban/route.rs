//! A solution played move by move, the player's walks included: what the app's route player
//! shows (the drawing is the app's; the moves are worked out here, with the same directions and
//! walks as the search, and tested headlessly).
//!
//! A route is read from the boards of its states, start first, and played from where the
//! player stands in the level as written. In `Pushes` mode a state's player stands on a
//! canonical cell of its area, not where it really is; so each walk starts where the player
//! really stands (on the level's start, then on the square the last pushed box left) and is the
//! shortest walk from there to the pushing square, as [`super::Sokoban`] walks. Played in order,
//! the walks and pushes are a solution a player can type in: the CLI's move list, its LURD
//! string and the app's route player all come from here, so they agree.

use super::geometry::{Direction, Geometry};
use super::view::SokobanView;
use crate::present::BoardView;

/// One push of a route: the player's walk to the pushing square, then the push of the box on
/// `box_cell` towards `push`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoutePush {
    pub walk: Vec<Direction>,
    pub push: Direction,
    pub box_cell: usize,
}

/// One frame of a played route: where the boxes and the player are after a move.
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

/// Why boards do not make a route: push `n` is the move from board `n - 1` to board `n`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RouteError {
    /// The first board (or there is none) is not Sokoban's.
    #[error("not a Sokoban board")]
    NotSokoban,
    /// A later board is another domain's.
    #[error("board {0} is not a Sokoban board")]
    NotSokobanAt(usize),
    /// Two boards in a row differ by something other than one box moved one square.
    #[error("push {0}: the boards are not one push apart")]
    NotOnePush(usize),
    /// The box moved away from a wall or the edge: no square behind it to push from.
    #[error("push {0}: nowhere to push from")]
    NowhereToPushFrom(usize),
    /// The pushing square is walled off from the player.
    #[error("push {0}: the player cannot reach the box")]
    Unreachable(usize),
}

/// A route as pushes and the walks between them, from its start position.
#[derive(Clone, Debug)]
pub struct Route {
    geometry: Geometry,
    boxes: Vec<usize>,
    player: usize,
    pub pushes: Vec<RoutePush>,
}

impl Route {
    /// The route through `boards`: the start's board, then the board after each push. The
    /// player sets out from the first board's `start` (the level as written), not from the
    /// cell its state keeps.
    ///
    /// # Errors
    /// No boards, a board that is not Sokoban's, two boards that are not one push apart, or a
    /// pushing square the player cannot reach.
    pub fn through(boards: &[BoardView]) -> Result<Route, RouteError> {
        let Some(SokobanView {
            width,
            height,
            walls,
            boxes,
            start: player,
            ..
        }) = boards.first().and_then(BoardView::get)
        else {
            return Err(RouteError::NotSokoban);
        };
        let mut route = Route {
            geometry: Geometry::new(*width, *height, walls.clone()),
            boxes: boxes.clone(),
            player: *player,
            pushes: Vec::new(),
        };
        let (mut boxes, mut player) = (boxes.clone(), *player);
        for (n, board) in boards.iter().enumerate().skip(1) {
            let Some(SokobanView { boxes: after, .. }) = board.get() else {
                return Err(RouteError::NotSokobanAt(n));
            };
            let (box_cell, push, to) = route
                .push_between(&boxes, after)
                .ok_or(RouteError::NotOnePush(n))?;
            let behind = route
                .geometry
                .step(box_cell, push.opposite())
                .ok_or(RouteError::NowhereToPushFrom(n))?;
            let walk = route
                .geometry
                .walk(&boxes, player)
                .path(&route.geometry, behind)
                .ok_or(RouteError::Unreachable(n))?;
            for b in &mut boxes {
                if *b == box_cell {
                    *b = to;
                }
            }
            player = box_cell;
            route.pushes.push(RoutePush {
                walk,
                push,
                box_cell,
            });
        }
        Ok(route)
    }

    /// The whole route in LURD: each walk in lowercase letters, each push in uppercase.
    #[must_use]
    pub fn lurd(&self) -> String {
        let mut text = String::new();
        for push in &self.pushes {
            text.extend(push.walk.iter().map(|d| d.letter()));
            text.push(push.push.letter().to_ascii_uppercase());
        }
        text
    }

    /// Each push in words, its walk first, e.g. `rrrdL: box (4, 2) left`.
    #[must_use]
    pub fn labels(&self) -> Vec<String> {
        self.pushes
            .iter()
            .map(|push| {
                let walk: String = push.walk.iter().map(|d| d.letter()).collect();
                let (x, y) = self.geometry.xy(push.box_cell);
                format!(
                    "{walk}{}: box ({x}, {y}) {}",
                    push.push.letter().to_ascii_uppercase(),
                    push.push.word()
                )
            })
            .collect()
    }

    /// Moves in all: every walk step and every push.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.pushes.iter().map(|p| p.walk.len() + 1).sum()
    }

    /// The box that moved from `before` to `after` (in any order), its direction and where it
    /// went, when exactly one box moved one square.
    fn push_between(&self, before: &[usize], after: &[usize]) -> Option<(usize, Direction, usize)> {
        let gone: Vec<usize> = before
            .iter()
            .copied()
            .filter(|b| !after.contains(b))
            .collect();
        let came: Vec<usize> = after
            .iter()
            .copied()
            .filter(|b| !before.contains(b))
            .collect();
        let ([from], [to]) = (gone.as_slice(), came.as_slice()) else {
            return None;
        };
        let dir = Direction::ALL
            .into_iter()
            .find(|&d| self.geometry.step(*from, d) == Some(*to))?;
        Some((*from, dir, *to))
    }

    /// Every frame of the route, the start first: one per walk step and one per push.
    #[must_use]
    pub fn frames(&self) -> Vec<Frame> {
        let mut frame = Frame {
            boxes: self.boxes.clone(),
            player: self.player,
            letter: None,
            pushes: 0,
        };
        let mut frames = vec![frame.clone()];
        for push in &self.pushes {
            for &d in &push.walk {
                frame.player = self.geometry.step(frame.player, d).expect("walked");
                frame.letter = Some(d.letter());
                frames.push(frame.clone());
            }
            let to = self
                .geometry
                .step(push.box_cell, push.push)
                .expect("checked when read");
            for b in &mut frame.boxes {
                if *b == push.box_cell {
                    *b = to;
                }
            }
            frame.player = push.box_cell;
            frame.letter = Some(push.push.letter().to_ascii_uppercase());
            frame.pushes += 1;
            frames.push(frame.clone());
        }
        frames
    }
}
