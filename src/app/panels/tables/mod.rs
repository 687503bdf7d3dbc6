//! The open and closed tables: virtualized rows over a cached, sorted list of ids.
//!
//! Sorting a million rows takes tens of milliseconds, so the sorted ids are cached and rebuilt
//! only when the step count or the sort changes, and while running at most a few times a second.
//! Drawing touches only the rows on screen.
//!
//! One job a file: [`sorted`] (the cached order of the ids, by the [`Sort`](crate::app::sort)
//! a header click asks for), [`columns`] (each column's header, width and words), [`table`]
//! (the widget), [`row`] (one row, painted: one widget and one accessibility node a row, not one
//! a cell) and [`view`] (what both read besides the rows).

mod columns;
mod id_set;
mod row;
mod sorted;
mod table;
mod view;

pub use sorted::{SortedIds, sorted_ids};
pub use table::show;
pub use view::TableView;

#[cfg(test)]
mod row_tests;
#[cfg(test)]
mod tests;
