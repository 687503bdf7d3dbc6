//! One table row, painted: each cell's words laid out (egui keeps a layout from one frame to
//! the next while it is used) and drawn with the painter, under one response for clicks and
//! hover and one accessibility node whose label is the whole row in words.
//!
//! A child `Ui`, a label and an accessibility node for every visible cell cost most of a
//! table's frame; a painted row costs one widget.

use super::columns::Col;
use super::view::TableView;
use crate::app::boards::palette::{PICK, TIE};
use crate::app::command::Command;
use crate::app::panels::pick::tie_marks;
use crate::app::words::WARN_MARK;
use crate::engine::notebook::{NodeId, Status};
use crate::engine::view::Row;
use eframe::egui;
use egui::emath::GuiRounding as _;
use egui::text::{LayoutJob, TextFormat, TextWrapping};
use egui::{Color32, CursorIcon, Id, Rangef, Rect, Sense, Stroke, Ui, WidgetInfo, pos2};

/// Where each column of a row lies, as offsets from the row's left edge (the table's column
/// widths with the spacing between them): computed once a frame, used by every row.
pub(super) fn spans(widths: &[f32], spacing: f32) -> Vec<Rangef> {
    let mut left = 0.0;
    widths
        .iter()
        .map(|&width| {
            let span = Rangef::new(left, left + width);
            left += width + spacing;
            span
        })
        .collect()
}

/// How a cell's words look.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    /// The table's text colour (the selection's when the row is selected).
    Plain,
    /// White on green: the next pick's cells.
    Pick,
    /// The tie marks' colour.
    Tie,
    /// A link (the parent): click it to select that row.
    Link,
}

/// A cell's words and look; `None` for an empty cell (no parent, no tie).
fn cell(view: &TableView<'_>, col: Col, row: &Row, is_pick: bool) -> Option<(String, Look)> {
    let plain = if is_pick { Look::Pick } else { Look::Plain };
    let text = match col {
        Col::Id if is_pick => format!("▶ {}", row.id),
        Col::Id => row.id.to_string(),
        Col::State => super::columns::state_cell(view.session.state_text(row.id)),
        Col::G => row.g.to_string(),
        Col::H => match view.warnings.get(&row.id) {
            Some(_) => format!("{} {}", WARN_MARK, row.h),
            None => row.h.to_string(),
        },
        Col::F => row.f.to_string(),
        Col::Depth => row.depth.to_string(),
        Col::Reopened => row.reopened.to_string(),
        Col::Tie => {
            let pick = view
                .pick
                .filter(|_| !is_pick && row.status == Status::Open)?;
            let marks = tie_marks(pick, row);
            return (!marks.is_empty()).then_some((marks, Look::Tie));
        }
        Col::Parent => return row.parent.map(|p| (format!("#{p}"), Look::Link)),
    };
    Some((text, plain))
}

/// The row in words, column by column ("#5 (next pick), state …, g 2, h 9, …"): the row's
/// accessibility label, what a screen reader reads and a UI test finds the row by.
pub(super) fn words(view: &TableView<'_>, columns: &[Col], row: &Row, is_pick: bool) -> String {
    columns
        .iter()
        .filter_map(|&col| match col {
            Col::Id if is_pick => Some(format!("#{} (next pick)", row.id)),
            Col::Id => Some(format!("#{}", row.id)),
            _ => cell(view, col, row, is_pick).map(|(text, _)| format!("{} {text}", col.label())),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Paints row `id` (the table's `index`th) across the columns at `spans`, starting at the left
/// of `ui` (the row's first cell); a click selects the row, or its parent when on the parent
/// cell. `rows_id` keeps the rows' widget ids apart from the other table's.
pub(super) fn show(
    ui: &mut Ui,
    view: &TableView<'_>,
    columns: &[Col],
    spans: &[Rangef],
    (id, index): (NodeId, usize),
    rows_id: Id,
) -> Option<Command> {
    // The row reaches past the first cell across every column. Nothing is allocated in the
    // cell: space a cell uses widens its column the next frame.
    let cell_rect = ui.max_rect();
    let left = cell_rect.left();
    let right = spans.last().map_or(cell_rect.right(), |s| left + s.max);
    let rect = Rect::from_x_y_ranges(left..=right, cell_rect.y_range());
    let row = view.session.row(id);
    let is_pick = view.pick.is_some_and(|p| p.id == id);
    let selected = view.selected == Some(id);
    let response = ui.interact(rect, rows_id.with(id), Sense::click());
    response.widget_info(|| {
        WidgetInfo::labeled(egui::Role::Row, true, words(view, columns, &row, is_pick))
    });
    if selected {
        ui.ctx()
            .accesskit_node_builder(response.id, |node| node.set_selected(true));
    }
    // Which column the pointer is over, if any.
    let column_at = |x: f32| {
        spans
            .iter()
            .position(|s| s.contains(x - left))
            .map(|i| columns[i])
    };
    let hovered_col = response.hover_pos().and_then(|p| column_at(p.x));

    paint_background(ui, rect, index, selected, response.hovered());
    let visuals = ui.visuals();
    let plain = if selected {
        visuals.selection.stroke.color
    } else {
        visuals.text_color()
    };
    let font = egui::TextStyle::Body.resolve(ui.style());
    for (&col, span) in columns.iter().zip(spans) {
        let cell_rect =
            Rect::from_x_y_ranges(left + span.min..=left + span.max, cell_rect.y_range());
        if !ui.is_rect_visible(cell_rect) {
            continue;
        }
        let Some((text, look)) = cell(view, col, &row, is_pick) else {
            continue;
        };
        let (color, background) = match look {
            Look::Plain => (plain, Color32::TRANSPARENT),
            Look::Pick => (Color32::WHITE, PICK),
            Look::Tie => (TIE, Color32::TRANSPARENT),
            Look::Link => (visuals.hyperlink_color, Color32::TRANSPARENT),
        };
        let mut job = LayoutJob::single_section(
            text,
            TextFormat {
                font_id: font.clone(),
                color,
                background,
                ..TextFormat::default()
            },
        );
        // A cell narrower than its words ends in "…" (the whole state is in the state
        // column's tooltip, every cell's words in the row's accessibility label).
        job.wrap = TextWrapping::truncate_at_width(span.span());
        let galley = ui.painter().layout_job(job);
        let pos = pos2(
            cell_rect.left(),
            cell_rect.center().y - galley.size().y / 2.0,
        );
        let underline = if look == Look::Link && hovered_col == Some(col) {
            ui.set_cursor_icon(CursorIcon::PointingHand);
            Stroke::new(visuals.widgets.hovered.fg_stroke.width, color)
        } else {
            Stroke::NONE
        };
        ui.painter()
            .add(egui::epaint::TextShape::new(pos, galley, color).with_underline(underline));
    }

    let clicked_col = response
        .clicked()
        .then(|| response.interact_pointer_pos().and_then(|p| column_at(p.x)));
    let warning = view.warnings.get(&id);
    if warning.is_some() || hovered_col == Some(Col::State) {
        // The state column may be narrowed to a stub: the whole state is a hover away.
        response.on_hover_ui(|ui| {
            if let Some(words) = warning {
                ui.label(words);
            }
            if hovered_col == Some(Col::State) {
                ui.label(view.session.state_text(id));
            }
        });
    }
    match clicked_col {
        Some(Some(Col::Parent)) if row.parent.is_some() => Some(Command::Select(row.parent)),
        Some(_) => Some(Command::Select(Some(id))),
        None => None,
    }
}

/// The row's stripe, selection or hover colour, across the whole row with no gaps.
fn paint_background(ui: &Ui, rect: Rect, index: usize, selected: bool, hovered: bool) {
    let visuals = ui.visuals();
    let fill = if selected {
        Some(visuals.selection.bg_fill)
    } else if hovered {
        Some(visuals.widgets.hovered.bg_fill)
    } else if index.is_multiple_of(2) {
        Some(visuals.faint_bg_color)
    } else {
        None
    };
    if let Some(fill) = fill {
        let gapless = rect.expand2(0.5 * ui.spacing().item_spacing).round_ui();
        ui.painter().rect_filled(gapless, 0.0, fill);
    }
}
