//! The sliding-puzzle board: tiles and the blank; on the start board the tiles next to the
//! blank can be clicked to slide them, and after a move the tile that slid is marked.

use crate::app::boards::input::BoardInput;
use crate::app::boards::legend::{self, Swatch};
use crate::app::command::Command;
use crate::domains::sliding::SlidingView;
use crate::present::BoardView;
use eframe::egui;
use egui::{Align2, Color32, CornerRadius, FontId, Rect, Sense, Stroke, Ui, Vec2, pos2, vec2};

const TILE_COLOR: Color32 = Color32::from_rgb(0xe8, 0xd8, 0xb0);
const TILE_MOVABLE: Color32 = Color32::from_rgb(0xf4, 0xc8, 0x70);
const TILE_TEXT: Color32 = Color32::from_rgb(0x30, 0x28, 0x20);
const BLANK_COLOR: Color32 = Color32::from_rgb(0x40, 0x40, 0x48);
const TILE_MOVED: Color32 = Color32::from_rgb(0x9c, 0xd0, 0x9c);

/// Draws a sliding puzzle; the tile that moved since the parent is marked; a click on a movable
/// tile of an editable board asks to slide it.
pub fn show(ui: &mut Ui, view: &SlidingView, input: &BoardInput<'_>) -> Option<Command> {
    let before = input
        .parent
        .and_then(BoardView::get::<SlidingView>)
        .map(|parent| parent.tiles.as_slice());
    let command = draw(
        ui,
        (view.width, view.height),
        &view.tiles,
        before,
        input.editable,
    );
    if input.editable {
        ui.weak("Click a tile next to the blank to slide it (edits the start).");
    }
    command
}

/// Draws a sliding puzzle; the tile that moved since `before` (the parent) is marked.
#[expect(clippy::cast_precision_loss, reason = "boards are at most 5×5")]
fn draw(
    ui: &mut Ui,
    (width, height): (usize, usize),
    tiles: &[u8],
    before: Option<&[u8]>,
    editable: bool,
) -> Option<Command> {
    let available = ui.available_width().min(ui.available_height().max(120.0));
    let side = (available / width.max(height) as f32).clamp(24.0, 72.0);
    let size = vec2(side * width as f32, side * height as f32);
    let sense = if editable {
        Sense::click()
    } else {
        Sense::hover()
    };
    let (rect, response) = ui.allocate_exact_size(size, sense);
    let painter = ui.painter_at(rect);
    let movable = if editable {
        crate::domains::sliding::slidable(width, height, tiles)
    } else {
        Vec::new()
    };
    let slot_rect = |slot: usize| {
        let min = rect.min + vec2((slot % width) as f32 * side, (slot / width) as f32 * side);
        Rect::from_min_size(min, Vec2::splat(side)).shrink(2.0)
    };
    for (slot, &tile) in tiles.iter().enumerate() {
        let r = slot_rect(slot);
        if tile == 0 {
            painter.rect_filled(r, CornerRadius::same(4), BLANK_COLOR);
            continue;
        }
        let moved = before.is_some_and(|b| b.get(slot) != Some(&tile));
        let fill = if movable.contains(&slot) {
            TILE_MOVABLE
        } else if moved {
            TILE_MOVED
        } else {
            TILE_COLOR
        };
        painter.rect(
            r,
            CornerRadius::same(4),
            fill,
            Stroke::new(1.0, TILE_TEXT),
            egui::StrokeKind::Inside,
        );
        painter.text(
            pos2(r.center().x, r.center().y),
            Align2::CENTER_CENTER,
            tile.to_string(),
            FontId::proportional(side * 0.45),
            TILE_TEXT,
        );
    }
    if before.is_some() {
        legend::show(
            ui,
            [(Swatch::Square(TILE_MOVED), "the tile the last move slid")],
        );
    }
    let clicked = response
        .clicked()
        .then(|| response.interact_pointer_pos())
        .flatten()?;
    movable
        .into_iter()
        .find(|&slot| slot_rect(slot).contains(clicked))
        .map(Command::SlideTile)
}
