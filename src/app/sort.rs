//! What a table is sorted by: a column and a direction, and the cycle a header click walks.

use crate::engine::view::Row;
use serde::{Deserialize, Serialize};

/// What a table can be sorted by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SortColumn {
    /// The algorithm's own order (open list: row 1 is the next pick); storing order when closed.
    #[default]
    Priority,
    Id,
    G,
    H,
    F,
    Depth,
    Parent,
    Reopened,
}

/// A table's sort: a column and a direction. Rows with the same value keep the table's own
/// order: pick order on the open list (so the pick comes first among its ties), storing order
/// on the closed list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sort {
    pub column: SortColumn,
    pub descending: bool,
}

impl Sort {
    /// A click on `column`'s header: ascending, then descending, then back to the table's own
    /// order, so three clicks on one header always lead home.
    #[must_use]
    pub fn clicked(self, column: SortColumn) -> Sort {
        match (self.column == column, self.descending) {
            (false, _) => Sort {
                column,
                descending: false,
            },
            (true, false) => Sort {
                column,
                descending: true,
            },
            (true, true) => Sort::default(),
        }
    }

    /// Whether this is the table's own order (pick order on the open list).
    #[must_use]
    pub fn is_own_order(self) -> bool {
        self.column == SortColumn::Priority
    }
}

pub(super) fn sort_key(row: &Row, column: SortColumn) -> i64 {
    match column {
        SortColumn::Priority | SortColumn::Id => i64::from(row.id),
        SortColumn::G => row.g.raw(),
        SortColumn::H => row.h.raw(),
        SortColumn::F => row.f.raw(),
        SortColumn::Depth => i64::from(row.depth),
        SortColumn::Parent => row.parent.map_or(-1, i64::from),
        SortColumn::Reopened => i64::from(row.reopened),
    }
}
