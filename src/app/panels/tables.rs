//! The open and closed tables: virtualized rows over a cached, sorted list of ids.
//!
//! Sorting a million rows takes tens of milliseconds, so the sorted ids are cached and rebuilt
//! only when the step count or the sort changes, and while running at most a few times a second.
//! Drawing touches only the rows on screen.

use crate::app::command::Command;
use crate::app::panels::pick::tie_marks;
use crate::engine::event::{Fate, Pick};
use crate::engine::frontier::Key;
use crate::engine::store::{NodeId, Status};
use crate::engine::view::Row;
use crate::engine::view::SearchView;
use eframe::egui;
use egui::{Color32, RichText, ScrollArea, Sense, Ui};
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
    /// A column value (negated when descending), then the row's own order.
    Value(i64, Rank),
    /// The row's own order alone.
    Own(Rank),
}

/// A row's rank in its table's own order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    /// The best-first open list's key, which is its pick order (it ends in the storing rank).
    Pick(Key),
    /// The place in an open list only the session can order (a stack, an iterative-deepening
    /// path).
    Listed(u32),
    /// Storing order (closed rows).
    Stored(NodeId),
}

/// Where a row's own rank comes from.
enum Ranks {
    Pick,
    /// Each id's place in [`SearchView::open_order`] (`u32::MAX` for rows not on it).
    Listed(Vec<u32>),
    Stored,
}

/// Places rows for one table and sort.
struct Placer<'a> {
    session: &'a dyn SearchView,
    sort: Sort,
    ranks: Ranks,
}

impl Placer<'_> {
    /// How rows of `status` are placed under `sort`. `None`: the open list in pick order of a
    /// search that only the session can order, which is copied from [`SearchView::open_order`].
    fn new(session: &dyn SearchView, status: Status, sort: Sort) -> Option<Placer<'_>> {
        let ranks = match status {
            Status::Closed => Ranks::Stored,
            Status::Open if is_best_first(session) => Ranks::Pick,
            Status::Open if sort.is_own_order() => return None,
            Status::Open => {
                let mut places = vec![u32::MAX; session.rows()];
                for (place, id) in session.open_order().into_iter().enumerate() {
                    places[id as usize] = u32::try_from(place).expect("places fit in u32");
                }
                Ranks::Listed(places)
            }
        };
        Some(Placer {
            session,
            sort,
            ranks,
        })
    }

    fn place(&self, row: &Row) -> Place {
        let rank = match &self.ranks {
            Ranks::Pick => self
                .session
                .open_key(row.id)
                .map_or(Rank::Stored(row.id), Rank::Pick),
            Ranks::Listed(places) => Rank::Listed(places[row.id as usize]),
            Ranks::Stored => Rank::Stored(row.id),
        };
        if self.sort.is_own_order() {
            return Place::Own(rank);
        }
        let value = sort_key(row, self.sort.column);
        Place::Value(if self.sort.descending { -value } else { value }, rank)
    }
}

/// Whether rows change only as the log records and the open order is a sort by
/// [`SearchView::open_key`] (the best-first algorithms).
fn is_best_first(session: &dyn SearchView) -> bool {
    session.rows() > 0 && session.open_key(0).is_some()
}

/// The ids of the rows with `status`, in `sort` order.
#[must_use]
pub fn sorted_ids(session: &dyn SearchView, status: Status, sort: Sort) -> Vec<NodeId> {
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
        session: &dyn SearchView,
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
        session: &dyn SearchView,
        status: Status,
        wanted: (u64, usize, Sort),
        now: f64,
    ) {
        self.places.clear();
        self.ids = match Placer::new(session, status, wanted.2) {
            None => session.open_order(),
            Some(placer) => {
                let rows = NodeId::try_from(session.rows()).expect("ids fit in u32");
                let mut keyed: Vec<(Place, NodeId)> = (0..rows)
                    .filter_map(|id| {
                        let row = session.row(id);
                        (row.status == status).then(|| (placer.place(&row), id))
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
    fn update(&mut self, session: &dyn SearchView, status: Status, from: u64) -> bool {
        let Some(sort) = self.built_for.map(|b| b.2) else {
            return false;
        };
        if !is_best_first(session) {
            return false;
        }
        let Some(placer) = Placer::new(session, status, sort) else {
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
                    added.push((placer.place(&row), row.id));
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
    /// The line above the table ("Open list (12) — f = g + h").
    pub title: String,
    /// Which list the table shows (the open list has the tie column and pick order).
    pub status: Status,
    /// Where the rows' values come from.
    pub session: &'a dyn SearchView,
    /// The rows, in table order.
    pub ids: &'a [NodeId],
    /// The next pick, highlighted in every sort order; rows tied with it are marked.
    pub pick: Option<&'a Pick>,
    /// The selected row, highlighted.
    pub selected: Option<NodeId>,
    /// Sorting is off (during the quiz any order but storing order would give the answer away).
    pub sort_locked: bool,
    /// Rows whose h broke a promise, with the words: marked in the h column.
    pub warnings: &'a std::collections::BTreeMap<NodeId, String>,
}

/// Highlight of the next pick.
const PICK_COLOR: Color32 = Color32::from_rgb(0x2e, 0x6b, 0x3a);
/// Marks of rows tied with the next pick.
const TIE_COLOR: Color32 = Color32::from_rgb(0xd0, 0xa0, 0x30);

/// One column of a table: its header, sort, width and what it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
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
    fn label(self) -> &'static str {
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

    fn sort(self) -> Option<SortColumn> {
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

    /// The state column takes what is left and gives it up first (down to a short stub, and
    /// not resized by hand, so it always yields); the others keep their width, and a window
    /// too narrow for them scrolls sideways.
    fn width(self) -> Column {
        match self {
            Col::State => Column::remainder()
                .at_least(64.0)
                .clip(true)
                .resizable(false),
            Col::Id | Col::Tie | Col::Parent => Column::initial(56.0).at_least(36.0),
            Col::G | Col::H | Col::F | Col::Depth => Column::initial(46.0).at_least(28.0),
            Col::Reopened => Column::initial(66.0).at_least(36.0),
        }
    }

    /// What the column counts, in words, for its header's tooltip.
    fn tip(self, session: &dyn SearchView) -> String {
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

/// The name of a table's own order: pick order for the open list, storing order for the
/// closed list.
fn own_order_name(status: Status) -> &'static str {
    match status {
        Status::Open => "Pick order",
        Status::Closed => "Storing order",
    }
}

/// Draws one table under its title line; header clicks and the own-order control change
/// `sort`, row clicks select.
pub fn show(ui: &mut Ui, view: &TableView<'_>, sort: &mut Sort) -> Option<Command> {
    let mut command = None;
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    let columns = columns_of(view.status);
    ui.push_id(view.name, |ui| {
        title_line(ui, view, sort);
        // The sideways bar always shows: a table wider than its panel says so, and a bar that
        // came and went as the columns settled would cost repaints.
        ScrollArea::horizontal()
            .id_salt("sideways")
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let mut table = TableBuilder::new(ui)
                    .id_salt("rows")
                    .striped(true)
                    .sense(Sense::click())
                    .resizable(true)
                    .auto_shrink([false, false])
                    .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
                for col in columns {
                    table = table.column(col.width());
                }
                table
                    .header(row_height, |mut header| {
                        for &col in columns {
                            header.col(|ui| header_cell(ui, view, col, sort));
                        }
                    })
                    .body(|body| {
                        body.rows(row_height, view.ids.len(), |mut table_row| {
                            let id = view.ids[table_row.index()];
                            let row = view.session.row(id);
                            let is_pick = view.pick.is_some_and(|p| p.id == id);
                            table_row.set_selected(view.selected == Some(id));
                            for &col in columns {
                                table_row.col(|ui| {
                                    if let Some(c) = body_cell(ui, view, col, &row, is_pick) {
                                        command = Some(c);
                                    }
                                });
                            }
                            let mut response = table_row.response();
                            if let Some(words) = view.warnings.get(&id) {
                                response = response.on_hover_text(words);
                            }
                            if response.clicked() {
                                command = Some(Command::Select(Some(id)));
                            }
                        });
                    });
            });
    });
    command
}

/// The title, the control back to the table's own order, and the sort in words.
fn title_line(ui: &mut Ui, view: &TableView<'_>, sort: &mut Sort) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(&view.title);
        let own = own_order_name(view.status);
        let tip = match view.status {
            Status::Open => {
                "List the open states in the order the algorithm will pick them: \
                             row 1 is the next pick."
            }
            Status::Closed => "List the closed states in the order they were stored.",
        };
        let button = egui::Button::selectable(sort.is_own_order(), own);
        if ui
            .add_enabled(!view.sort_locked, button)
            .on_hover_text(tip)
            .on_disabled_hover_text(LOCKED)
            .clicked()
        {
            *sort = Sort::default();
        }
        if !sort.is_own_order() {
            let column = columns_of(view.status)
                .iter()
                .find(|c| c.sort() == Some(sort.column))
                .map_or("#", |c| c.label());
            let arrow = if sort.descending { "▼" } else { "▲" };
            ui.weak(format!(
                "sorted by {column} {arrow}; equal values in {}",
                own.to_lowercase()
            ));
        }
    });
}

/// Why sorting is off.
const LOCKED: &str = "Sorting is off during the quiz: any other order would give the answer away.";

fn columns_of(status: Status) -> &'static [Col] {
    match status {
        Status::Open => &OPEN_COLUMNS,
        Status::Closed => &CLOSED_COLUMNS,
    }
}

/// A header: a sort button (▲, then ▼, then back to the own order) with what it counts.
fn header_cell(ui: &mut Ui, view: &TableView<'_>, col: Col, sort: &mut Sort) {
    let tip = col.tip(view.session);
    let Some(column) = col.sort() else {
        ui.strong(col.label()).on_hover_text(tip);
        return;
    };
    let arrow = match (sort.column == column, sort.descending) {
        (false, _) => "",
        (true, false) => " ▲",
        (true, true) => " ▼",
    };
    let next = match sort.clicked(column) {
        after if after.is_own_order() => own_order_name(view.status).to_lowercase(),
        after if after.descending => "▼".into(),
        _ => "▲".into(),
    };
    let button =
        egui::Button::new(RichText::new(format!("{}{arrow}", col.label())).strong()).frame(false);
    if ui
        .add_enabled(!view.sort_locked, button)
        .on_hover_text(format!("{tip}\nClick to sort: {next}."))
        .on_disabled_hover_text(format!("{tip}\n{LOCKED}"))
        .clicked()
    {
        *sort = sort.clicked(column);
        ui.ctx().request_repaint();
    }
}

/// One cell of a row; a click on the parent selects it.
fn body_cell(
    ui: &mut Ui,
    view: &TableView<'_>,
    col: Col,
    row: &Row,
    is_pick: bool,
) -> Option<Command> {
    let text = match col {
        Col::Id if is_pick => format!("▶ {}", row.id),
        Col::Id => row.id.to_string(),
        Col::State => view.session.state_text(row.id),
        Col::G => row.g.to_string(),
        Col::H => match view.warnings.get(&row.id) {
            Some(_) => format!("{} {}", crate::app::panels::lesson::WARN_MARK, row.h),
            None => row.h.to_string(),
        },
        Col::F => row.f.to_string(),
        Col::Depth => row.depth.to_string(),
        Col::Reopened => row.reopened.to_string(),
        Col::Tie => {
            if let Some(pick) = view.pick.filter(|_| !is_pick && row.status == Status::Open) {
                let marks = tie_marks(pick, row);
                if !marks.is_empty() {
                    ui.colored_label(TIE_COLOR, marks);
                }
            }
            return None;
        }
        Col::Parent => {
            let parent = row.parent?;
            return ui
                .link(format!("#{parent}"))
                .clicked()
                .then_some(Command::Select(Some(parent)));
        }
    };
    let response = cell(ui, is_pick, text);
    if col == Col::State {
        // The column may be narrowed to a stub: the whole state is a hover away.
        response.on_hover_ui(|ui| {
            ui.label(view.session.state_text(row.id));
        });
    }
    None
}

fn cell(ui: &mut Ui, is_pick: bool, text: String) -> egui::Response {
    if is_pick {
        ui.label(
            RichText::new(text)
                .strong()
                .color(Color32::WHITE)
                .background_color(PICK_COLOR),
        )
    } else {
        ui.label(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::session::Session;
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

    /// Each id's place in the session's own open order (the fresh, slow way).
    fn pick_places(session: &dyn SearchView) -> Vec<usize> {
        let mut places = vec![usize::MAX; session.rows()];
        for (place, id) in session.open_order().into_iter().enumerate() {
            places[id as usize] = place;
        }
        places
    }

    #[test]
    fn column_sorts_order_by_value_then_by_pick_order() {
        let session = seed_after(6);
        let places = pick_places(session.view());
        for column in [
            SortColumn::G,
            SortColumn::H,
            SortColumn::Depth,
            SortColumn::Parent,
        ] {
            for descending in [false, true] {
                let ids = sorted_ids(session.view(), Status::Open, Sort { column, descending });
                let keys: Vec<(i64, usize)> = ids
                    .iter()
                    .map(|&id| {
                        (
                            sort_key(&session.view().row(id), column),
                            places[id as usize],
                        )
                    })
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
        let open = sorted_ids(session.view(), Status::Open, Sort::default());
        let closed = sorted_ids(session.view(), Status::Closed, Sort::default());
        let counts = session.view().counts();
        assert_eq!(open.len() as u64, counts.open);
        assert_eq!(closed.len() as u64, counts.closed);
        assert!(closed.windows(2).all(|w| w[0] < w[1]), "storing order");
        assert!(
            closed
                .iter()
                .all(|&id| session.view().row(id).status == Status::Closed)
        );
        // Priority order puts the next pick first.
        assert_eq!(
            open.first().copied(),
            session.view().next_pick().map(|p| p.id)
        );
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
                (Status::Open, Sort::default().clicked(SortColumn::F)),
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
                    list.refresh(session.view(), *status, *sort, f64::from(round), false);
                    // A fresh list built the slow way, by sorting every row: equal values in
                    // pick order when open, in storing order when closed.
                    let places = pick_places(session.view());
                    let mut fresh: Vec<(i64, usize, NodeId)> = (0..session.view().rows() as NodeId)
                        .map(|id| session.view().row(id))
                        .filter(|row| row.status == *status)
                        .map(|row| {
                            let then = match status {
                                Status::Open => places[row.id as usize],
                                Status::Closed => row.id as usize,
                            };
                            (sort_key(&row, sort.column), then, row.id)
                        })
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
                        assert_eq!(
                            list.ids(),
                            session.view().open_order().as_slice(),
                            "{algorithm:?}"
                        );
                    } else {
                        let fresh: Vec<NodeId> = fresh.into_iter().map(|(_, _, id)| id).collect();
                        assert_eq!(
                            list.ids(),
                            fresh.as_slice(),
                            "{algorithm:?} {status:?} {sort:?}"
                        );
                    }
                }
            }
            if algorithm == Algorithm::WeightedAStar {
                assert!(
                    session.view().counts().reopened > 0,
                    "the case reopens rows"
                );
            }
        }
    }

    #[test]
    fn header_clicks_cycle_up_down_and_home() {
        let home = Sort::default();
        let up = home.clicked(SortColumn::F);
        assert_eq!((up.column, up.descending), (SortColumn::F, false));
        let down = up.clicked(SortColumn::F);
        assert_eq!((down.column, down.descending), (SortColumn::F, true));
        assert_eq!(down.clicked(SortColumn::F), home);
        assert!(home.is_own_order() && !up.is_own_order());
        // Another header starts again at ▲.
        assert_eq!(down.clicked(SortColumn::G), home.clicked(SortColumn::G));
    }

    #[test]
    fn the_cache_waits_while_running_but_not_for_a_new_sort() {
        let mut session = seed_after(1);
        let mut cache = SortedIds::default();
        let sort = Sort::default();
        cache.refresh(session.view(), Status::Open, sort, 0.0, true);
        let before = cache.ids().to_vec();
        session.step();
        cache.refresh(session.view(), Status::Open, sort, 0.1, true);
        assert_eq!(cache.ids(), before.as_slice(), "too soon while running");
        cache.refresh(session.view(), Status::Open, sort, 0.5, true);
        assert_ne!(cache.ids(), before.as_slice());
        let h_sort = Sort::default().clicked(SortColumn::H);
        cache.refresh(session.view(), Status::Open, h_sort, 0.51, true);
        assert_eq!(
            cache.ids(),
            sorted_ids(session.view(), Status::Open, h_sort).as_slice()
        );
    }
}
