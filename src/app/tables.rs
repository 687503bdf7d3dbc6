//! The open and closed tables: virtualized rows over a cached, sorted list of ids.
//!
//! Sorting a million rows takes tens of milliseconds, so the sorted ids are cached and rebuilt
//! only when the step count or the sort changes, and while running at most a few times a second.
//! Drawing touches only the rows on screen.

use super::command::Command;
use super::pick::tie_marks;
use crate::engine::event::Pick;
use crate::engine::session::Session;
use crate::engine::store::{NodeId, Status};
use crate::engine::view::Row;
use eframe::egui;
use egui::{Color32, RichText, Sense, Ui};
use egui_extras::{Column, TableBuilder};
use serde::{Deserialize, Serialize};

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

/// The ids of the rows with `status`, in `sort` order.
#[must_use]
pub fn sorted_ids(session: &dyn Session, status: Status, sort: Sort) -> Vec<NodeId> {
    if status == Status::Open && sort.column == SortColumn::Priority {
        let mut ids = session.open_order();
        if sort.descending {
            ids.reverse();
        }
        return ids;
    }
    let rows = NodeId::try_from(session.rows()).expect("ids fit in u32");
    let mut keyed: Vec<(i64, NodeId)> = (0..rows)
        .filter_map(|id| {
            let row = session.row(id);
            (row.status == status).then(|| (sort_key(&row, sort.column), id))
        })
        .collect();
    if sort.descending {
        keyed.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    } else {
        keyed.sort_unstable();
    }
    keyed.into_iter().map(|(_, id)| id).collect()
}

/// A sorted id list and what it was built for.
#[derive(Debug, Default)]
pub struct SortedIds {
    ids: Vec<NodeId>,
    built_for: Option<(u64, usize, Sort)>,
    built_at: f64,
}

impl SortedIds {
    #[must_use]
    pub fn ids(&self) -> &[NodeId] {
        &self.ids
    }

    /// Forgets the list (a new search).
    pub fn clear(&mut self) {
        *self = SortedIds::default();
    }

    /// Rebuilds the list if the search or the sort moved on; while `running`, at most every
    /// [`REFRESH_WHILE_RUNNING`] seconds of `now`.
    pub fn refresh(
        &mut self,
        session: &dyn Session,
        status: Status,
        sort: Sort,
        now: f64,
        running: bool,
    ) {
        let wanted = (session.steps(), session.rows(), sort);
        let Some(built) = self.built_for else {
            return self.rebuild(session, status, wanted, now);
        };
        let sort_changed = built.2 != sort;
        let moved = built.0 != wanted.0 || built.1 != wanted.1;
        if sort_changed || (moved && (!running || now - self.built_at >= REFRESH_WHILE_RUNNING)) {
            self.rebuild(session, status, wanted, now);
        }
    }

    fn rebuild(
        &mut self,
        session: &dyn Session,
        status: Status,
        wanted: (u64, usize, Sort),
        now: f64,
    ) {
        self.ids = sorted_ids(session, status, wanted.2);
        self.built_for = Some(wanted);
        self.built_at = now;
    }
}

/// What a table needs besides its rows.
pub struct TableView<'a> {
    /// Salt for widget ids (two tables share one window).
    pub name: &'static str,
    pub session: &'a dyn Session,
    pub ids: &'a [NodeId],
    /// The next pick, highlighted in every sort order; rows tied with it are marked.
    pub pick: Option<&'a Pick>,
    pub selected: Option<NodeId>,
    /// Whether the table has the tie column (the open list).
    pub ties: bool,
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
                        row.h.to_string(),
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
                    if table_row.response().clicked() {
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
    use crate::scenario::{Scenario, SearchSpec};

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
