//! The open and closed tables: virtualized rows over a cached, sorted list of ids.
//!
//! Sorting a million rows takes tens of milliseconds, so the sorted ids are cached and rebuilt
//! only when the step count or the sort changes, and while running at most a few times a second.
//! Drawing touches only the rows on screen.

use super::command::Command;
use super::pick::tie_marks;
use crate::engine::event::{Fate, Pick};
use crate::engine::frontier::Key;
use crate::engine::session::Session;
use crate::engine::store::{NodeId, Status};
use crate::engine::view::Row;
use eframe::egui;
use egui::{Color32, RichText, Sense, Ui};
use egui_extras::{Column, TableBuilder};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Longest a stale sorted list may be shown while running, in seconds.
const REFRESH_WHILE_RUNNING: f64 = 0.3;

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

/// A table's sort: a column and a direction; ties always in storing order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sort {
    pub column: SortColumn,
    pub descending: bool,
}

impl Sort {
    /// A click on `column`'s header: ascending first, then flip.
    #[must_use]
    pub fn clicked(self, column: SortColumn) -> Sort {
        if self.column == column {
            Sort {
                column,
                descending: !self.descending,
            }
        } else {
            Sort {
                column,
                descending: false,
            }
        }
    }
}

fn sort_key(row: &Row, column: SortColumn) -> i64 {
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

/// A row's place in a sorted list: smaller comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    /// A column value (negated when descending), then the id.
    Value(i64, NodeId),
    /// The best-first open list's own key, which ends in the storing rank.
    Pick(Key),
}

/// How rows are placed: by a column, or (for best-first searches, whose open order is a sort
/// by [`Session::open_key`]) by the algorithm's priority. `None`: only the session knows the
/// order (a stack, an iterative-deepening path), so the list is rebuilt from
/// [`Session::open_order`].
fn placer(session: &dyn Session, status: Status, sort: Sort) -> Option<impl Fn(&Row) -> Place> {
    let by_key = match (status, sort.column, sort.descending) {
        (Status::Open, SortColumn::Priority, true) => return None,
        (Status::Open, SortColumn::Priority, false) => {
            if !is_best_first(session) {
                return None;
            }
            true
        }
        _ => false,
    };
    Some(
        move |row: &Row| match by_key.then(|| session.open_key(row.id)).flatten() {
            Some(key) => Place::Pick(key),
            None => {
                let value = sort_key(row, sort.column);
                Place::Value(if sort.descending { -value } else { value }, row.id)
            }
        },
    )
}

/// Whether rows change only as the log records and the open order is a sort by
/// [`Session::open_key`] (the best-first algorithms).
fn is_best_first(session: &dyn Session) -> bool {
    session.rows() > 0 && session.open_key(0).is_some()
}

/// The ids of the rows with `status`, in `sort` order.
#[must_use]
pub fn sorted_ids(session: &dyn Session, status: Status, sort: Sort) -> Vec<NodeId> {
    let mut list = SortedIds::default();
    list.rebuild(
        session,
        status,
        (session.steps(), session.rows(), sort),
        0.0,
    );
    list.ids
}

/// A sorted id list and what it was built for. After a few steps it is updated from the
/// search's log (only the rows those steps touched move), not rebuilt.
#[derive(Debug, Default)]
pub struct SortedIds {
    ids: Vec<NodeId>,
    /// The place of each id, when the order is known row by row (empty otherwise).
    places: Vec<Place>,
    built_for: Option<(u64, usize, Sort)>,
    built_at: f64,
    /// Seconds the last rebuild or update took.
    cost: f64,
}

impl SortedIds {
    /// The ids in table order, as of the last refresh.
    #[must_use]
    pub fn ids(&self) -> &[NodeId] {
        &self.ids
    }

    /// The step and row count the list is up to date with.
    #[must_use]
    pub fn stamp(&self) -> Option<(u64, usize)> {
        self.built_for.map(|(steps, rows, _)| (steps, rows))
    }

    /// Forgets the list (a new search).
    pub fn clear(&mut self) {
        *self = SortedIds::default();
    }

    /// Brings the list up to date if the search or the sort moved on; while `running`, at most
    /// every [`REFRESH_WHILE_RUNNING`] seconds of `now`, and never spending more than a tenth
    /// of the time on it. Returns whether it did any work.
    pub fn refresh(
        &mut self,
        session: &dyn Session,
        status: Status,
        sort: Sort,
        now: f64,
        running: bool,
    ) -> bool {
        let wanted = (session.steps(), session.rows(), sort);
        let started = Instant::now();
        match self.built_for {
            Some(built) if built.2 == sort => {
                let moved = built.0 != wanted.0 || built.1 != wanted.1;
                // Rows gone (a step back in time) make the list unusable at once.
                let shrank = wanted.0 < built.0 || wanted.1 < built.1;
                let wait = REFRESH_WHILE_RUNNING.max(10.0 * self.cost);
                if !moved || (running && !shrank && now - self.built_at < wait) {
                    return false;
                }
                if !self.update(session, status, built.0) {
                    self.rebuild(session, status, wanted, now);
                }
                self.built_for = Some(wanted);
                self.built_at = now;
            }
            _ => self.rebuild(session, status, wanted, now),
        }
        self.cost = started.elapsed().as_secs_f64();
        true
    }

    fn rebuild(
        &mut self,
        session: &dyn Session,
        status: Status,
        wanted: (u64, usize, Sort),
        now: f64,
    ) {
        self.places.clear();
        self.ids = match placer(session, status, wanted.2) {
            None => {
                let mut ids = session.open_order();
                if wanted.2.descending {
                    ids.reverse();
                }
                ids
            }
            Some(place) => {
                let rows = NodeId::try_from(session.rows()).expect("ids fit in u32");
                let mut keyed: Vec<(Place, NodeId)> = (0..rows)
                    .filter_map(|id| {
                        let row = session.row(id);
                        (row.status == status).then(|| (place(&row), id))
                    })
                    .collect();
                keyed.sort_unstable();
                self.places = keyed.iter().map(|&(p, _)| p).collect();
                keyed.into_iter().map(|(_, id)| id).collect()
            }
        };
        self.built_for = Some(wanted);
        self.built_at = now;
    }

    /// Moves only the rows touched since step `from` (picked, stored, improved or reopened, as
    /// the log records them). Returns `false` when a rebuild is needed instead: the order is
    /// not known row by row, the log does not reach back, or too much changed.
    fn update(&mut self, session: &dyn Session, status: Status, from: u64) -> bool {
        let Some(sort) = self.built_for.map(|b| b.2) else {
            return false;
        };
        if !is_best_first(session) {
            return false;
        }
        let Some(place) = placer(session, status, sort) else {
            return false;
        };
        let log = session.log();
        let to = session.steps();
        let (Ok(from), Ok(to)) = (usize::try_from(from), usize::try_from(to)) else {
            return false;
        };
        if log.len() != to || from > to || self.places.len() != self.ids.len() {
            return false;
        }
        let mut touched: Vec<NodeId> = Vec::new();
        for step in from..to {
            touched.extend(log.pick(step));
            touched.extend(
                log.successors(step)
                    .filter(|r| matches!(r.fate, Fate::StoredNew | Fate::Improved | Fate::Reopened))
                    .map(|r| r.target),
            );
            if touched.len() > self.ids.len() / 4 + 1024 {
                return false;
            }
        }
        let mut is_touched = vec![false; session.rows()];
        for &id in &touched {
            is_touched[id as usize] = true;
        }
        let mut added: Vec<(Place, NodeId)> = Vec::new();
        for (id, flag) in is_touched.iter().enumerate() {
            if *flag {
                let row = session.row(NodeId::try_from(id).expect("ids fit in u32"));
                if row.status == status {
                    added.push((place(&row), row.id));
                }
            }
        }
        added.sort_unstable();
        self.remove_touched(&is_touched);
        self.merge_in(&added);
        // A guard against a strategy that changes rows the log does not show.
        let counts = session.counts();
        let expected = match status {
            Status::Open => counts.open,
            Status::Closed => counts.closed,
        };
        self.ids.len() as u64 == expected
    }

    /// Drops the touched rows, in place.
    fn remove_touched(&mut self, is_touched: &[bool]) {
        let mut kept = 0;
        for i in 0..self.ids.len() {
            if !is_touched[self.ids[i] as usize] {
                self.ids[kept] = self.ids[i];
                self.places[kept] = self.places[i];
                kept += 1;
            }
        }
        self.ids.truncate(kept);
        self.places.truncate(kept);
    }

    /// Merges sorted `added` rows in, in place, from the back.
    fn merge_in(&mut self, added: &[(Place, NodeId)]) {
        let old = self.ids.len();
        let Some(&(last_place, last_id)) = added.last() else {
            return;
        };
        self.ids.resize(old + added.len(), last_id);
        self.places.resize(old + added.len(), last_place);
        let (mut i, mut j) = (old, added.len());
        for k in (0..self.ids.len()).rev() {
            let take_old =
                i > 0 && (j == 0 || (self.places[i - 1], self.ids[i - 1]) > added[j - 1]);
            if take_old {
                i -= 1;
                self.ids[k] = self.ids[i];
                self.places[k] = self.places[i];
            } else {
                j -= 1;
                (self.places[k], self.ids[k]) = added[j];
            }
            if j == 0 {
                break;
            }
        }
    }
}

/// What a table needs besides its rows.
pub struct TableView<'a> {
    /// Salt for widget ids (two tables share one window).
    pub name: &'static str,
    /// Where the rows' values come from.
    pub session: &'a dyn Session,
    /// The rows, in table order.
    pub ids: &'a [NodeId],
    /// The next pick, highlighted in every sort order; rows tied with it are marked.
    pub pick: Option<&'a Pick>,
    /// The selected row, highlighted.
    pub selected: Option<NodeId>,
    /// Whether the table has the tie column (the open list).
    pub ties: bool,
    /// Rows whose h broke a promise, with the words: marked in the h column.
    pub warnings: &'a std::collections::BTreeMap<NodeId, String>,
}

/// Highlight of the next pick.
const PICK_COLOR: Color32 = Color32::from_rgb(0x2e, 0x6b, 0x3a);
/// Marks of rows tied with the next pick.
const TIE_COLOR: Color32 = Color32::from_rgb(0xd0, 0xa0, 0x30);

const HEADERS: [(&str, Option<SortColumn>); 9] = [
    ("#", Some(SortColumn::Id)),
    ("state", None),
    ("g", Some(SortColumn::G)),
    ("h", Some(SortColumn::H)),
    ("f", Some(SortColumn::F)),
    ("depth", Some(SortColumn::Depth)),
    ("parent", Some(SortColumn::Parent)),
    ("reopened", Some(SortColumn::Reopened)),
    ("tie", None),
];

/// Draws one table; header clicks change `sort`, row clicks select.
pub fn show(ui: &mut Ui, view: &TableView<'_>, sort: &mut Sort) -> Option<Command> {
    let mut command = None;
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    ui.push_id(view.name, |ui| {
        let headers = if view.ties {
            &HEADERS[..]
        } else {
            &HEADERS[..HEADERS.len() - 1]
        };
        let mut table = TableBuilder::new(ui)
            .striped(true)
            .sense(Sense::click())
            .resizable(true)
            .auto_shrink([false, false])
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::initial(64.0).at_least(36.0))
            .column(Column::initial(110.0).at_least(40.0).clip(true));
        for _ in 2..6 {
            table = table.column(Column::initial(48.0).at_least(24.0));
        }
        table = table
            .column(Column::initial(56.0).at_least(24.0))
            .column(Column::initial(72.0).at_least(24.0));
        if view.ties {
            table = table.column(Column::remainder().at_least(30.0));
        }
        table
            .header(row_height, |mut header| {
                for &(label, column) in headers {
                    header.col(|ui| {
                        let Some(column) = column else {
                            ui.strong(label);
                            return;
                        };
                        let arrow = match (sort.column == column, sort.descending) {
                            (false, _) => "",
                            (true, false) => " ▲",
                            (true, true) => " ▼",
                        };
                        let button =
                            egui::Button::new(RichText::new(format!("{label}{arrow}")).strong())
                                .frame(false);
                        if ui
                            .add(button)
                            .on_hover_text(format!("Sort by {label}; click again to reverse"))
                            .clicked()
                        {
                            *sort = sort.clicked(column);
                            ui.ctx().request_repaint();
                        }
                    });
                }
            })
            .body(|body| {
                body.rows(row_height, view.ids.len(), |mut table_row| {
                    let id = view.ids[table_row.index()];
                    let row = view.session.row(id);
                    let warning = view.warnings.get(&id);
                    let is_pick = view.pick.is_some_and(|p| p.id == id);
                    table_row.set_selected(view.selected == Some(id));
                    let marks = match view.pick {
                        Some(pick) if !is_pick && row.status == Status::Open => {
                            tie_marks(pick, &row)
                        }
                        _ => String::new(),
                    };
                    let cells = [
                        if is_pick {
                            format!("▶ {id}")
                        } else {
                            id.to_string()
                        },
                        view.session.state_text(id),
                        row.g.to_string(),
                        match warning {
                            Some(_) => format!("{} {}", super::lesson::WARN_MARK, row.h),
                            None => row.h.to_string(),
                        },
                        row.f.to_string(),
                        row.depth.to_string(),
                    ];
                    for text in cells {
                        table_row.col(|ui| cell(ui, is_pick, text));
                    }
                    table_row.col(|ui| {
                        if let Some(parent) = row.parent
                            && ui.link(format!("#{parent}")).clicked()
                        {
                            command = Some(Command::Select(Some(parent)));
                        }
                    });
                    table_row.col(|ui| cell(ui, is_pick, row.reopened.to_string()));
                    if view.ties {
                        table_row.col(|ui| {
                            if !marks.is_empty() {
                                ui.colored_label(TIE_COLOR, marks);
                            }
                        });
                    }
                    let mut response = table_row.response();
                    if let Some(words) = warning {
                        response = response.on_hover_text(words);
                    }
                    if response.clicked() {
                        command = Some(Command::Select(Some(id)));
                    }
                });
            });
    });
    command
}

fn cell(ui: &mut Ui, is_pick: bool, text: String) {
    if is_pick {
        ui.label(
            RichText::new(text)
                .strong()
                .color(Color32::WHITE)
                .background_color(PICK_COLOR),
        );
    } else {
        ui.label(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::settings::Algorithm;
    use crate::scenario::{LIBRARY, Scenario, SearchSpec};

    fn seed_after(steps: usize) -> Box<dyn Session> {
        let mut session = Scenario::built_in()
            .session(&SearchSpec::default())
            .unwrap();
        for _ in 0..steps {
            session.step();
        }
        session
    }

    #[test]
    fn column_sorts_order_by_value_then_by_id() {
        let session = seed_after(6);
        for column in [
            SortColumn::G,
            SortColumn::H,
            SortColumn::Depth,
            SortColumn::Parent,
        ] {
            for descending in [false, true] {
                let ids = sorted_ids(session.as_ref(), Status::Open, Sort { column, descending });
                let keys: Vec<(i64, NodeId)> = ids
                    .iter()
                    .map(|&id| (sort_key(&session.row(id), column), id))
                    .collect();
                for pair in keys.windows(2) {
                    let (a, b) = (pair[0], pair[1]);
                    let in_order = if descending { a.0 > b.0 } else { a.0 < b.0 };
                    assert!(
                        in_order || (a.0 == b.0 && a.1 < b.1),
                        "{column:?} {descending}: {keys:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_table_lists_exactly_its_rows() {
        let session = seed_after(6);
        let open = sorted_ids(session.as_ref(), Status::Open, Sort::default());
        let closed = sorted_ids(session.as_ref(), Status::Closed, Sort::default());
        let counts = session.counts();
        assert_eq!(open.len() as u64, counts.open);
        assert_eq!(closed.len() as u64, counts.closed);
        assert!(closed.windows(2).all(|w| w[0] < w[1]), "storing order");
        assert!(
            closed
                .iter()
                .all(|&id| session.row(id).status == Status::Closed)
        );
        // Priority order puts the next pick first.
        assert_eq!(open.first().copied(), session.next_pick().map(|p| p.id));
    }

    #[test]
    fn updates_from_the_log_match_a_fresh_sort() {
        // Weighted A* (w = 2) on the 31-move puzzle improves and reopens rows; A* and
        // breadth-first on the seed exercise the pick order and its ties. Each sort is updated
        // step by step, and after jumps of 25 steps.
        let hardest = LIBRARY
            .iter()
            .find(|(n, _)| *n == "hardest_31_moves.ron")
            .unwrap()
            .1;
        let hardest = Scenario::parse(hardest, "hardest", std::path::Path::new(".")).unwrap();
        for (scenario, algorithm) in [
            (hardest, Algorithm::WeightedAStar),
            (Scenario::built_in(), Algorithm::AStar),
            (Scenario::built_in(), Algorithm::BreadthFirst),
        ] {
            let mut session = scenario
                .session(&SearchSpec {
                    algorithm: Some(algorithm),
                    ..SearchSpec::default()
                })
                .unwrap();
            let sorts = [
                (Status::Open, Sort::default()),
                (Status::Open, Sort::default().clicked(SortColumn::H)),
                (
                    Status::Open,
                    Sort::default()
                        .clicked(SortColumn::G)
                        .clicked(SortColumn::G),
                ),
                (Status::Closed, Sort::default()),
                (Status::Closed, Sort::default().clicked(SortColumn::Depth)),
            ];
            let mut lists: Vec<SortedIds> = sorts.iter().map(|_| SortedIds::default()).collect();
            for round in 0..200 {
                let jump = if round % 10 == 9 { 25 } else { 1 };
                for _ in 0..jump {
                    session.step();
                }
                for ((status, sort), list) in sorts.iter().zip(&mut lists) {
                    list.refresh(session.as_ref(), *status, *sort, f64::from(round), false);
                    // A fresh list built the slow way, by sorting every row.
                    let mut fresh: Vec<(i64, NodeId)> = (0..session.rows() as NodeId)
                        .map(|id| session.row(id))
                        .filter(|row| row.status == *status)
                        .map(|row| (sort_key(&row, sort.column), row.id))
                        .collect();
                    fresh.sort_by(|a, b| {
                        let by_value = if sort.descending {
                            b.0.cmp(&a.0)
                        } else {
                            a.0.cmp(&b.0)
                        };
                        by_value.then(a.1.cmp(&b.1))
                    });
                    if sort.column == SortColumn::Priority && *status == Status::Open {
                        assert_eq!(list.ids(), session.open_order().as_slice(), "{algorithm:?}");
                    } else {
                        let fresh: Vec<NodeId> = fresh.into_iter().map(|(_, id)| id).collect();
                        assert_eq!(
                            list.ids(),
                            fresh.as_slice(),
                            "{algorithm:?} {status:?} {sort:?}"
                        );
                    }
                }
            }
            if algorithm == Algorithm::WeightedAStar {
                assert!(session.counts().reopened > 0, "the case reopens rows");
            }
        }
    }

    #[test]
    fn the_cache_waits_while_running_but_not_for_a_new_sort() {
        let mut session = seed_after(1);
        let mut cache = SortedIds::default();
        let sort = Sort::default();
        cache.refresh(session.as_ref(), Status::Open, sort, 0.0, true);
        let before = cache.ids().to_vec();
        session.step();
        cache.refresh(session.as_ref(), Status::Open, sort, 0.1, true);
        assert_eq!(cache.ids(), before.as_slice(), "too soon while running");
        cache.refresh(session.as_ref(), Status::Open, sort, 0.5, true);
        assert_ne!(cache.ids(), before.as_slice());
        let h_sort = Sort::default().clicked(SortColumn::H);
        cache.refresh(session.as_ref(), Status::Open, h_sort, 0.51, true);
        assert_eq!(
            cache.ids(),
            sorted_ids(session.as_ref(), Status::Open, h_sort).as_slice()
        );
    }
}
