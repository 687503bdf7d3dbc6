//! The tables' columns: which ones each list shows, their headers, widths, sorts and the
//! words their header tooltips say.

use super::sorted::is_best_first;
use crate::app::sort::SortColumn;
use crate::engine::notebook::Status;
use crate::engine::view::SearchView;
use egui_extras::Column;

/// One column of a table: its header, sort, width and what it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Col {
    Id,
    State,
    G,
    H,
    F,
    Tie,
    Depth,
    Parent,
    Reopened,
}

/// The open list's columns: what a lesson points at (g, h, f and the ties) comes first, so a
/// narrow window scrolls away only the rest.
const OPEN_COLUMNS: [Col; 9] = [
    Col::Id,
    Col::State,
    Col::G,
    Col::H,
    Col::F,
    Col::Tie,
    Col::Depth,
    Col::Parent,
    Col::Reopened,
];

/// The closed list's columns (no ties: closed rows are not picked).
const CLOSED_COLUMNS: [Col; 8] = [
    Col::Id,
    Col::State,
    Col::G,
    Col::H,
    Col::F,
    Col::Depth,
    Col::Parent,
    Col::Reopened,
];

impl Col {
    pub(super) fn label(self) -> &'static str {
        match self {
            Col::Id => "#",
            Col::State => "state",
            Col::G => "g",
            Col::H => "h",
            Col::F => "f",
            Col::Tie => "tie",
            Col::Depth => "depth",
            Col::Parent => "parent",
            Col::Reopened => "reopened",
        }
    }

    pub(super) fn sort(self) -> Option<SortColumn> {
        match self {
            Col::Id => Some(SortColumn::Id),
            Col::G => Some(SortColumn::G),
            Col::H => Some(SortColumn::H),
            Col::F => Some(SortColumn::F),
            Col::Depth => Some(SortColumn::Depth),
            Col::Parent => Some(SortColumn::Parent),
            Col::Reopened => Some(SortColumn::Reopened),
            Col::State | Col::Tie => None,
        }
    }

    /// The state column is as wide as the widest state it shows (`state`, measured by the
    /// caller) so a state reads whole, within a share of the table: it is what tells rows
    /// apart. The numbers keep a narrow width that holds their digits; a window too narrow for
    /// all of them scrolls sideways, the columns a lesson points at (g, h, f) first in view.
    pub(super) fn width(self, state: f32) -> Column {
        match self {
            Col::State => Column::exact(state).clip(true),
            Col::Id | Col::Tie | Col::Parent => Column::initial(48.0).at_least(36.0),
            Col::G | Col::H | Col::F | Col::Depth => Column::initial(38.0).at_least(28.0),
            Col::Reopened => Column::initial(66.0).at_least(36.0),
        }
    }

    /// What the column counts, in words, for its header's tooltip.
    pub(super) fn tip(self, session: &dyn SearchView) -> String {
        let s = session.settings();
        match self {
            Col::Id => "#: the row's number. States are numbered in the order they were stored \
                        (#0 is the start); ▶ marks the state picked next."
                .into(),
            Col::State => "state: the state itself, written in one line.".into(),
            Col::G => "g: the cost of the cheapest route found so far from the start to this \
                       state."
                .into(),
            Col::H => format!(
                "h: the estimate ({}) of the cost still to go from this state to the goal.",
                s.heuristic
            ),
            Col::F if is_best_first(session) => format!(
                "f: the number the open list is ordered by, {} for {}; the lowest f is picked \
                 next.",
                s.algorithm.priority_formula(),
                s.algorithm
            ),
            Col::F => format!(
                "f: {} for {}, shown for comparison; {} picks the top of its stack, not by f.",
                s.algorithm.priority_formula(),
                s.algorithm,
                s.algorithm
            ),
            Col::Tie => format!(
                "tie: rows tied with the next pick (▶). \"= f\": the same f; \"= f, h\": the \
                 same h too. The tie-break rule ({}) decides between them.",
                s.tie_break_words()
            ),
            Col::Depth => "depth: how many moves this state is from the start.".into(),
            Col::Parent => "parent: the row this state was reached from (click it to select \
                            it)."
                .into(),
            Col::Reopened => "reopened: how many times this state was closed and then opened \
                              again because a cheaper route to it was found."
                .into(),
        }
    }
}

/// A state as its column shows it. A Sokoban position's words ("boxes (3,4) (5,6) player
/// (2,3)") come down to its cells ("(3,4) (5,6) @(2,3)"): the box cells and the player's are
/// what tell two positions apart, and the words around them would push those out of a narrow
/// column. Every other state shows as written; the whole text stays in the cell's tooltip.
pub(super) fn state_cell(text: String) -> String {
    match text
        .strip_prefix("boxes ")
        .and_then(|rest| rest.split_once(" player "))
    {
        Some((boxes, player)) => format!("{boxes} @{player}"),
        None => text,
    }
}

/// The name of a table's own order: pick order for the open list, storing order for the
/// closed list.
pub(super) fn own_order_name(status: Status) -> &'static str {
    match status {
        Status::Open => "Pick order",
        Status::Closed => "Storing order",
    }
}

pub(super) fn columns_of(status: Status) -> &'static [Col] {
    match status {
        Status::Open => &OPEN_COLUMNS,
        Status::Closed => &CLOSED_COLUMNS,
    }
}

#[cfg(test)]
mod tests {
    use super::state_cell;

    #[test]
    fn a_sokoban_position_shows_its_cells_and_other_states_as_written() {
        assert_eq!(
            state_cell("boxes (3,4) (5,6) player (2,3)".into()),
            "(3,4) (5,6) @(2,3)"
        );
        assert_eq!(state_cell("542703816".into()), "542703816");
        assert_eq!(state_cell("Arad".into()), "Arad");
    }
}
