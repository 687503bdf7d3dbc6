//! Editing a grid scenario's map, start and goal (what the app's board view asks for), on the
//! engine side so it can be tested without a window. A map read from `map_file` becomes an
//! inline `map` on its first edit: the file itself is never written.

use super::model::{ProblemSpec, Scenario, ScenarioError};
use crate::domains::grid::{Cell, GridEdit, GridMap, map_text};
use std::sync::Arc;

impl Scenario {
    /// Applies `edit` to a grid scenario. Returns whether anything changed (painting a wall
    /// where there is one, or moving the start onto a wall or off the map, changes nothing).
    ///
    /// # Errors
    /// The scenario is not a grid, or its map cannot be read or parsed.
    pub fn edit_grid(&mut self, edit: &GridEdit) -> Result<bool, ScenarioError> {
        let ProblemSpec::Grid { map, map_file, .. } = &self.problem else {
            return Err(ScenarioError::Invalid(
                "only a grid map can be painted".into(),
            ));
        };
        let parsed = self.grid_map(map.as_deref(), map_file.as_deref())?;
        let mut grid = parsed.map_err(|why| ScenarioError::Invalid(why.to_string()))?;
        let ProblemSpec::Grid {
            map,
            map_file,
            start,
            goal,
            ..
        } = &mut self.problem
        else {
            unreachable!("checked above");
        };
        let floor = |grid: &GridMap, c: Cell| grid.index(c).filter(|&i| grid.cells[i] > 0);
        let changed = match edit {
            GridEdit::Paint { cells, wall } => {
                let value = u8::from(!*wall);
                let mut changed = false;
                for &c in cells {
                    if c == *start || c == *goal {
                        continue;
                    }
                    if let Some(i) = grid.index(c)
                        && (grid.cells[i] == 0) != *wall
                    {
                        Arc::make_mut(&mut grid.cells)[i] = value;
                        changed = true;
                    }
                }
                changed
            }
            GridEdit::MoveStart(c) => {
                let ok = floor(&grid, *c).is_some() && c != goal && c != start;
                if ok {
                    *start = *c;
                }
                ok
            }
            GridEdit::MoveGoal(c) => {
                let ok = floor(&grid, *c).is_some() && c != start && c != goal;
                if ok {
                    *goal = *c;
                }
                ok
            }
        };
        if changed {
            *map = Some(map_text(&grid));
            *map_file = None;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::library::LIBRARY;
    use std::path::Path;

    fn library(name: &str) -> Scenario {
        let text = LIBRARY.iter().find(|(n, _)| *n == name).unwrap().1;
        Scenario::parse(text, name, Path::new("scenarios")).unwrap()
    }

    fn map_of(s: &Scenario) -> String {
        match &s.problem {
            ProblemSpec::Grid { map, .. } => map.clone().unwrap(),
            _ => panic!("not a grid"),
        }
    }

    #[test]
    fn painting_a_wall_on_a_file_map_makes_it_inline_and_the_search_sees_it() {
        let mut s = library("grid_arena.ron");
        let before = s.session(&Default::default()).unwrap();
        let before_open = {
            let mut b = before;
            b.step();
            b.view().counts().open
        };
        // (2, 7) is floor beside the start (1, 7): walling it removes that successor (and the
        // diagonals past its corners).
        let c = Cell { x: 2, y: 7 };
        assert!(
            s.edit_grid(&GridEdit::Paint {
                cells: vec![c],
                wall: true
            })
            .unwrap()
        );
        let text = map_of(&s);
        assert_eq!(text.lines().nth(7).unwrap().chars().nth(2), Some('#'));
        assert!(matches!(
            &s.problem,
            ProblemSpec::Grid { map_file: None, .. }
        ));
        let mut after = s.session(&Default::default()).unwrap();
        after.step();
        assert!(after.view().counts().open < before_open);
        // Painting it again changes nothing; floor brings it back.
        assert!(
            !s.edit_grid(&GridEdit::Paint {
                cells: vec![c],
                wall: true
            })
            .unwrap()
        );
        assert!(
            s.edit_grid(&GridEdit::Paint {
                cells: vec![c],
                wall: false
            })
            .unwrap()
        );
        assert_eq!(map_of(&s).lines().nth(7).unwrap().chars().nth(2), Some('.'));
    }

    #[test]
    fn start_and_goal_are_never_painted_and_move_only_onto_floor() {
        let mut s = library("grid_open_room.ron");
        let start = Cell { x: 3, y: 7 };
        let wall = Cell { x: 15, y: 5 };
        assert!(
            !s.edit_grid(&GridEdit::Paint {
                cells: vec![start],
                wall: true
            })
            .unwrap()
        );
        assert!(!s.edit_grid(&GridEdit::MoveStart(wall)).unwrap());
        assert!(
            !s.edit_grid(&GridEdit::MoveGoal(Cell { x: 99, y: 0 }))
                .unwrap()
        );
        let to = Cell { x: 20, y: 7 };
        assert!(s.edit_grid(&GridEdit::MoveGoal(to)).unwrap());
        let ProblemSpec::Grid { goal, .. } = &s.problem else {
            panic!()
        };
        assert_eq!(*goal, to);
        // Terrain survives the round trip through text.
        let t = library("grid_terrain.ron");
        let map = map_of_any(&t);
        assert_eq!(map_text(&GridMap::parse(&map).unwrap()), map.trim_end());
    }

    fn map_of_any(s: &Scenario) -> String {
        match &s.problem {
            ProblemSpec::Grid { map: Some(m), .. } => m.clone(),
            ProblemSpec::Grid {
                map_file: Some(f), ..
            } => s.read_file(f).unwrap(),
            _ => panic!("not a grid"),
        }
    }

    #[test]
    fn other_problems_cannot_be_painted() {
        let mut s = Scenario::built_in();
        assert!(
            s.edit_grid(&GridEdit::MoveStart(Cell { x: 0, y: 0 }))
                .is_err()
        );
    }
}
