//! The missionaries-and-cannibals board: the two banks with the river between, the boat at the
//! bank it is on, and the people on each bank as large lettered discs (M for a missionary, C
//! for a cannibal) that read from the back of a room. Below the drawing, each bank's counts in
//! words, which screen readers and the tests find too.

use crate::app::boards::input::BoardInput;
use crate::app::boards::legend::{self, Swatch};
use crate::app::command::Command;
use crate::domains::missionaries::{MissionariesView, Side};
use eframe::egui;
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Sense, Stroke, Ui, pos2, vec2};

const BANK: Color32 = Color32::from_rgb(0x8c, 0xb8, 0x6c);
const RIVER: Color32 = Color32::from_rgb(0x4a, 0x7e, 0xc8);
const BOAT: Color32 = Color32::from_rgb(0x8a, 0x5a, 0x2c);
const MISSIONARY: Color32 = Color32::from_rgb(0xf4, 0xf0, 0xe4);
const CANNIBAL: Color32 = Color32::from_rgb(0xc8, 0x40, 0x30);
const INK: Color32 = Color32::from_rgb(0x20, 0x20, 0x28);

/// Draws the banks, the river and the boat; nothing on it is edited.
pub fn show(ui: &mut Ui, view: &MissionariesView, _: &BoardInput<'_>) -> Option<Command> {
    let width = ui.available_width().clamp(280.0, 560.0);
    let (rect, _) = ui.allocate_exact_size(vec2(width, width * 0.6), Sense::hover());
    let painter = ui.painter_at(rect);
    let bank_width = rect.width() * 0.32;
    let left = Rect::from_min_size(rect.min, vec2(bank_width, rect.height()));
    let right = Rect::from_min_max(pos2(rect.max.x - bank_width, rect.min.y), rect.max);
    let river = Rect::from_min_max(left.right_top(), right.left_bottom());
    painter.rect_filled(left, 4.0, BANK);
    painter.rect_filled(right, 4.0, BANK);
    painter.rect_filled(river, 0.0, RIVER);
    let most = [view.start.0, view.start.1, view.far.0, view.far.1]
        .into_iter()
        .max()
        .unwrap_or(0)
        .max(1);
    let (per_row, radius) = discs(usize::from(most), bank_width, rect.height() / 2.0);
    people(&painter, left, view.start, per_row, radius);
    people(&painter, right, view.far, per_row, radius);
    boat(&painter, river, view.boat, view.capacity);
    legend::show(
        ui,
        [
            (Swatch::Disc(MISSIONARY), "M missionary"),
            (Swatch::Disc(CANNIBAL), "C cannibal"),
            (Swatch::Square(BOAT), "the boat"),
        ],
    );
    let here = |side: Side| {
        if view.boat == side {
            ", the boat here"
        } else {
            ""
        }
    };
    ui.label(format!(
        "Start bank: {}{}",
        counts(view.start),
        here(Side::Start)
    ));
    ui.label(format!("Far bank: {}{}", counts(view.far), here(Side::Far)));
    None
}

/// How many discs to a row, and their radius, so that `most` people fit in a block `width` wide
/// and `height` high: the largest discs that fit, no larger than reads well.
#[expect(clippy::cast_precision_loss, reason = "at most 50 people a bank")]
fn discs(most: usize, width: f32, height: f32) -> (usize, f32) {
    (1..=most)
        .map(|per_row| {
            let rows = most.div_ceil(per_row) as f32;
            let across = width / per_row as f32 / 2.0 - 3.0;
            let down = (height - 8.0) / rows / 2.0 - 2.0;
            (per_row, across.min(down).min(26.0))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or((1, 6.0), |(per_row, r)| (per_row, r.max(3.0)))
}

/// "3 missionaries, 1 cannibal".
fn counts((missionaries, cannibals): (u8, u8)) -> String {
    let plural = |n: u8| if n == 1 { "" } else { "s" };
    let missionary = if missionaries == 1 {
        "missionary"
    } else {
        "missionaries"
    };
    format!(
        "{missionaries} {missionary}, {cannibals} cannibal{}",
        plural(cannibals)
    )
}

/// The people of one bank: missionaries in the upper half, cannibals in the lower, `per_row`
/// discs to a row.
#[expect(clippy::cast_precision_loss, reason = "at most 50 people a bank")]
fn people(
    painter: &Painter,
    bank: Rect,
    (missionaries, cannibals): (u8, u8),
    per_row: usize,
    radius: f32,
) {
    let half = bank.height() / 2.0;
    let groups = [
        (missionaries, MISSIONARY, "M", bank.min.y),
        (cannibals, CANNIBAL, "C", bank.min.y + half),
    ];
    let step = bank.width() / per_row as f32;
    for (count, fill, letter, top) in groups {
        for i in 0..usize::from(count) {
            let (row, col) = (i / per_row, i % per_row);
            let centre = Pos2::new(
                bank.min.x + step * (col as f32 + 0.5),
                top + radius + 4.0 + row as f32 * (radius * 2.0 + 4.0),
            );
            painter.circle(centre, radius, fill, Stroke::new(1.5, INK));
            let ink = if fill == MISSIONARY {
                INK
            } else {
                Color32::WHITE
            };
            painter.text(
                centre,
                Align2::CENTER_CENTER,
                letter,
                FontId::proportional(radius * 1.2),
                ink,
            );
        }
    }
}

/// The boat against the bank it is at, with how many it carries.
fn boat(painter: &Painter, river: Rect, side: Side, capacity: u8) {
    let length = (river.width() * 0.6).min(120.0);
    let height = (river.height() * 0.16).clamp(16.0, 36.0);
    let x = match side {
        Side::Start => river.min.x + 6.0,
        Side::Far => river.max.x - 6.0 - length,
    };
    let y = river.center().y - height / 2.0;
    let hull = vec![
        pos2(x, y),
        pos2(x + length, y),
        pos2(x + length - height * 0.6, y + height),
        pos2(x + height * 0.6, y + height),
    ];
    painter.add(egui::Shape::convex_polygon(
        hull,
        BOAT,
        Stroke::new(1.5, INK),
    ));
    painter.text(
        pos2(river.center().x, river.max.y - 6.0),
        Align2::CENTER_BOTTOM,
        format!("boat for {capacity}"),
        FontId::proportional(14.0),
        Color32::WHITE,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::BoardView;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    fn drawn(view: MissionariesView) -> Harness<'static> {
        let board = BoardView::new(view);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1024.0, 768.0))
            .build_ui(move |ui| {
                let input = BoardInput {
                    view: &board,
                    editable: false,
                    parent: None,
                    marks: &[],
                    route: &[],
                    session: None,
                    selected: None,
                    generation: 0,
                    id: egui::Id::unique("missionaries test"),
                    map: 0,
                };
                let command = crate::app::boards::show(ui, &input);
                assert_eq!(command, None);
            });
        h.run();
        h
    }

    #[test]
    fn the_board_shows_each_banks_counts_and_the_boat() {
        let cases = [
            (
                (3, 1),
                (0, 2),
                Side::Far,
                "Start bank: 3 missionaries, 1 cannibal",
                "Far bank: 0 missionaries, 2 cannibals, the boat here",
            ),
            // A crowd still fits its bank.
            (
                (50, 49),
                (0, 1),
                Side::Start,
                "Start bank: 50 missionaries, 49 cannibals, the boat here",
                "Far bank: 0 missionaries, 1 cannibal",
            ),
        ];
        for (start, far, boat, left, right) in cases {
            let h = drawn(MissionariesView {
                start,
                far,
                boat,
                capacity: 2,
            });
            h.get_by_label(left);
            h.get_by_label(right);
        }
    }
}
