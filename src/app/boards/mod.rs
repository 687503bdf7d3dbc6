//! The board view: a drawing of one state, by domain. One `match` over [`BoardView`]: a new
//! domain adds an arm; until it does, its states show as text.

pub mod camera;
mod graph;
mod grid;
pub mod marks;
mod queens;
pub mod route;
mod sokoban;

use crate::app::command::Command;
use crate::engine::session::Session;
use crate::engine::store::NodeId;
use crate::engine::store::Status;
use crate::engine::view::BoardView;
use eframe::egui;
use egui::{Align2, Color32, CornerRadius, FontId, Id, Rect, Sense, Stroke, Ui, Vec2, pos2, vec2};

const TILE_COLOR: Color32 = Color32::from_rgb(0xe8, 0xd8, 0xb0);
const TILE_MOVABLE: Color32 = Color32::from_rgb(0xf4, 0xc8, 0x70);
const TILE_TEXT: Color32 = Color32::from_rgb(0x30, 0x28, 0x20);
const BLANK_COLOR: Color32 = Color32::from_rgb(0x40, 0x40, 0x48);
const TILE_MOVED: Color32 = Color32::from_rgb(0x9c, 0xd0, 0x9c);

/// What to draw and whether it may be edited.
pub struct BoardInput<'a> {
    /// The state's drawing.
    pub view: &'a BoardView,
    /// The state as text, shown when the domain has no drawing yet.
    pub text: &'a str,
    /// Clicks edit the start (only when the start itself is shown).
    pub editable: bool,
    /// The parent's drawing, to mark what the last move changed.
    pub parent: Option<&'a BoardView>,
    /// Where the open and closed rows stand, one `(place, status)` per place in place order
    /// (map boards; gathered once per step by [`crate::app::boards::marks::PlaceMarks`]).
    pub marks: &'a [(usize, Status)],
    /// The places along the route to the selected (or shown) row, start first.
    pub route: &'a [usize],
    /// The search, for views that colour every stored state (grids) or play a route
    /// (Sokoban); `None` draws the state alone.
    pub session: Option<&'a dyn Session>,
    /// The selected row, whose route a view may colour.
    pub selected: Option<NodeId>,
    /// Changes whenever the search is rebuilt, so a view's caches can tell searches apart.
    pub generation: u64,
    /// Where this board keeps its caches (a map's texture, its camera): each board on screen
    /// has its own, so the live board and the route player's never draw each other's image.
    pub id: Id,
    /// Identifies the map shown: a map view opens fitted to its panel and fits again when
    /// this changes (another scenario), but keeps its zoom when an edit restarts the search.
    pub map: u64,
}

/// Draws the board; a click on a movable tile of an editable board asks to slide it.
pub fn show(ui: &mut Ui, input: &BoardInput<'_>) -> Option<Command> {
    #[allow(
        unreachable_patterns,
        reason = "other domains add BoardView variants; until they draw, they fall back to text"
    )]
    match input.view {
        BoardView::Sliding {
            width,
            height,
            tiles,
        } => {
            let before = match input.parent {
                Some(BoardView::Sliding { tiles, .. }) => Some(tiles.as_slice()),
                _ => None,
            };
            sliding(ui, (*width, *height), tiles, before, input.editable)
        }
        BoardView::Queens {
            size,
            queens,
            locked,
            attacked,
            trying,
            pruned,
            conflicts,
            ..
        } => {
            let board = queens::QueensBoard {
                size: *size,
                queens,
                locked: *locked,
                attacked,
                trying: *trying,
                pruned,
                conflicts,
            };
            queens::show(ui, &board, input.editable)
        }
        BoardView::Graph {
            nodes,
            edges,
            directed,
            start,
            goal,
            at,
        } => {
            let board = graph::GraphBoard {
                nodes,
                edges,
                directed: *directed,
                start: *start,
                goal: *goal,
                at: *at,
                marks: input.marks,
                route: input.route,
            };
            graph::show(ui, &board, input.id);
            None
        }
        BoardView::Grid { .. } => grid::show(ui, input),
        BoardView::Sokoban { .. } => sokoban::show(ui, input),
        _ => {
            ui.monospace(input.text);
            None
        }
    }
}

/// Draws a sliding puzzle; the tile that moved since `before` (the parent) is marked.
#[expect(clippy::cast_precision_loss, reason = "boards are at most 5×5")]
fn sliding(
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
        ui.weak("Green: the tile the last move slid.");
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
