//! The table widget: the title line, the sort buttons in the headers and the virtualized rows
//! (each painted by [`super::row`]).

use super::columns::{Col, columns_of, own_order_name};
use super::row;
use super::view::TableView;
use crate::app::command::Command;
use crate::app::sort::Sort;
use crate::engine::notebook::Status;
use eframe::egui;
use egui::{RichText, ScrollArea, Ui};
use egui_extras::TableBuilder;

/// Draws one table under its title line; header clicks and the own-order control change
/// `sort`, row clicks select.
pub fn show(ui: &mut Ui, view: &TableView<'_>, sort: &mut Sort) -> Option<Command> {
    let mut command = None;
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    let columns = columns_of(view.status);
    ui.push_id(view.name, |ui| {
        title_line(ui, view, sort);
        let state_width = state_width(ui, view);
        // The sideways bar always shows: a table wider than its panel says so, and a bar that
        // came and went as the columns settled would cost repaints.
        ScrollArea::horizontal()
            .id_salt("sideways")
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let rows_id = ui.scope_id().with("row");
                // On a touch screen a finger on a column's edge scrolls the rows like anywhere
                // else: a swipe that happened to start there would otherwise only resize the
                // column, and a finger is no tool for a line a few points wide.
                let resizable = !ui.input(|i| i.has_touch_screen());
                // Rows are painted by `row::show`, stripes and selection included, inside the
                // first column's cell; the table keeps the header, the widths and the scrolling.
                let mut table = TableBuilder::new(ui)
                    .id_salt("rows")
                    .resizable(resizable)
                    .auto_shrink([false, false])
                    .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
                for col in columns {
                    table = table.column(col.width(state_width));
                }
                table
                    .header(row_height, |mut header| {
                        for &col in columns {
                            header.col(|ui| header_cell(ui, view, col, sort));
                        }
                    })
                    .body(|mut body| {
                        let spacing = body.ui_mut().spacing().item_spacing.x;
                        let spans = row::spans(body.widths(), spacing);
                        body.rows(row_height, view.ids.len(), |mut table_row| {
                            let at = (view.ids[table_row.index()], table_row.index());
                            table_row.col(|ui| {
                                if let Some(c) = row::show(ui, view, columns, &spans, at, rows_id) {
                                    command = Some(c);
                                }
                            });
                        });
                    });
            });
    });
    command
}

/// Rows measured for the state column's width: the first screenful or so, enough to meet every
/// shape of state a list holds without laying out thousands of rows each frame.
const MEASURED_ROWS: usize = 40;

/// The state column's width: the widest of the first rows' states, with the cell's margins,
/// at least a short stub and at most [`STATE_SHARE`] of the table's width.
fn state_width(ui: &Ui, view: &TableView<'_>) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let widest = view
        .ids
        .iter()
        .take(MEASURED_ROWS)
        .map(|&id| {
            let text = super::columns::state_cell(view.session.state_text(id));
            ui.ctx()
                .fonts_mut(|f| f.layout_no_wrap(text, font.clone(), egui::Color32::WHITE))
                .size()
                .x
        })
        .fold(0.0, f32::max);
    let most = (ui.available_width() * STATE_SHARE).max(MIN_STATE_WIDTH);
    (widest + 2.0 * ui.spacing().item_spacing.x).clamp(MIN_STATE_WIDTH, most)
}

/// The state column's width at least, and at most as a share of the table's.
const MIN_STATE_WIDTH: f32 = 64.0;
const STATE_SHARE: f32 = 0.45;

/// The title, the control back to the table's own order, and the sort in words.
fn title_line(ui: &mut Ui, view: &TableView<'_>, sort: &mut Sort) {
    ui.horizontal(|ui| {
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
            // One line, cut short when narrow, never wrapped: a second line would push the
            // headers down between a hover and a click.
            let words = format!(
                "sorted by {column} {arrow}; equal values in {}",
                own.to_lowercase()
            );
            ui.add(egui::Label::new(RichText::new(&words).weak()).truncate())
                .on_hover_text(words);
        }
    });
}

/// Why sorting is off.
const LOCKED: &str = "Sorting is off during the quiz: any other order would give the answer away.";

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
