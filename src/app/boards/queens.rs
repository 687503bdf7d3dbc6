//! The N-queens board: queens, the locked queen, attacked squares, the square being tried, the
//! next row's pruned squares (with their reason on hover) and, for generate and test, the
//! pairs of queens that attack each other. On the start board, clicking a square locks, moves
//! or removes the locked queen, and a size control resizes the board; both edit the scenario.

use crate::app::boards::input::BoardInput;
use crate::app::boards::legend::{self, Swatch};
use crate::app::command::Command;
use crate::domains::queens::{Cell, MAX_SIZE, MIN_EDIT_SIZE, QueensEdit, QueensView};
use eframe::egui;
use egui::{
    Align2, Color32, FontId, Pos2, Rect, Role, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo,
    pos2, vec2,
};

const LIGHT: Color32 = Color32::from_rgb(0xee, 0xe2, 0xc8);
const DARK: Color32 = Color32::from_rgb(0xb5, 0x93, 0x6c);
const ATTACKED: Color32 = Color32::from_rgba_premultiplied(0x58, 0x08, 0x08, 0x58);
const QUEEN: Color32 = Color32::from_rgb(0x28, 0x28, 0x30);
const QUEEN_TEXT: Color32 = Color32::from_rgb(0xf0, 0xf0, 0xf0);
const LOCKED: Color32 = Color32::from_rgb(0xd8, 0xa0, 0x10);
const TRYING: Color32 = Color32::from_rgb(0x20, 0x90, 0xff);
const PRUNED: Color32 = Color32::from_rgb(0xc0, 0x20, 0x20);
const CONFLICT: Color32 = Color32::from_rgb(0xff, 0x30, 0x30);

/// The parts of a [`QueensView`] a drawing needs.
struct QueensBoard<'a> {
    pub size: usize,
    pub queens: &'a [Cell],
    pub locked: Option<Cell>,
    pub attacked: &'a [bool],
    pub trying: Option<Cell>,
    pub pruned: &'a [(Cell, String)],
    pub conflicts: &'a [(Cell, Cell)],
}

/// The accessible name of a square (what a click on it is found by, in tests and screen
/// readers): "Square row 3, column 5", counted from 0 as scenario files write it.
#[must_use]
pub fn square_label(cell: Cell) -> String {
    format!("Square row {}, column {}", cell.row, cell.col)
}

/// Draws the board; on an editable board returns the edit a click or the size control asks for.
pub fn show(ui: &mut Ui, view: &QueensView, input: &BoardInput<'_>) -> Option<Command> {
    let board = QueensBoard {
        size: view.size,
        queens: &view.queens,
        locked: view.locked,
        attacked: &view.attacked,
        trying: view.trying,
        pruned: &view.pruned,
        conflicts: &view.conflicts,
    };
    draw(ui, &board, input.editable)
}

#[expect(clippy::cast_precision_loss, reason = "boards are at most 32×32")]
fn draw(ui: &mut Ui, board: &QueensBoard<'_>, editable: bool) -> Option<Command> {
    let n = board.size.max(1);
    let mut command = None;
    if editable {
        let mut size = board.size;
        ui.horizontal(|ui| {
            let label = ui.label("Board size");
            let changed = ui
                .add(egui::DragValue::new(&mut size).range(MIN_EDIT_SIZE..=MAX_SIZE))
                .labelled_by(label.id)
                .changed();
            if changed && size != board.size {
                command = Some(Command::EditQueens(QueensEdit::Size(size)));
            }
        });
    }
    let available = ui.available_width().min(ui.available_height().max(160.0));
    let side = (available / n as f32).clamp(8.0, 64.0);
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side * n as f32), Sense::hover());
    let painter = ui.painter_at(rect);
    let square = |c: Cell| {
        Rect::from_min_size(
            rect.min + vec2(c.col as f32 * side, c.row as f32 * side),
            Vec2::splat(side),
        )
    };
    for i in 0..n * n {
        let c = Cell {
            row: i / n,
            col: i % n,
        };
        let r = square(c);
        let fill = if (c.row + c.col).is_multiple_of(2) {
            LIGHT
        } else {
            DARK
        };
        painter.rect_filled(r, 0.0, fill);
        if board.attacked.get(i).copied().unwrap_or(false) {
            painter.rect_filled(r, 0.0, ATTACKED);
        }
    }
    for (c, _) in board.pruned {
        let r = square(*c).shrink(side * 0.25);
        let stroke = Stroke::new((side * 0.08).max(1.5), PRUNED);
        painter.line_segment([r.left_top(), r.right_bottom()], stroke);
        painter.line_segment([r.right_top(), r.left_bottom()], stroke);
    }
    for &(a, b) in board.conflicts {
        painter.line_segment(
            [square(a).center(), square(b).center()],
            Stroke::new((side * 0.08).max(2.0), CONFLICT),
        );
    }
    for &q in board.queens {
        let attacking = board.conflicts.iter().any(|&(a, b)| a == q || b == q);
        queen(&painter, square(q), board.locked == Some(q), attacking);
    }
    if let Some(t) = board.trying {
        painter.rect_stroke(
            square(t).shrink(1.0),
            2.0,
            Stroke::new((side * 0.1).max(2.0), TRYING),
            StrokeKind::Inside,
        );
    }
    // Each square answers on its own: pruned squares explain themselves on hover, and on an
    // editable board every square is a button.
    let mut hovered_reason = None;
    for i in 0..n * n {
        let c = Cell {
            row: i / n,
            col: i % n,
        };
        let reason = board
            .pruned
            .iter()
            .find(|(p, _)| *p == c)
            .map(|(_, why)| why);
        if !editable && reason.is_none() {
            continue;
        }
        let sense = if editable {
            Sense::click()
        } else {
            Sense::hover()
        };
        let response = ui.interact(
            square(c),
            ui.make_persistent_id(("queens_square", i)),
            sense,
        );
        let role = if editable { Role::Button } else { Role::Label };
        response.widget_info(|| WidgetInfo::labeled(role, true, square_label(c)));
        if let Some(why) = reason {
            if response.hovered() {
                hovered_reason = Some(format!("Pruned: {why}"));
            }
            response.clone().on_hover_text(format!("Pruned: {why}"));
        }
        if response.clicked() {
            command = Some(Command::EditQueens(QueensEdit::Square(c)));
        }
    }
    explain(ui, board, editable);
    if let Some(reason) = hovered_reason {
        ui.label(reason);
    }
    command
}

/// A queen: a dark disc with a crown letter; the locked queen is gold with a heavy ring; a
/// queen in a conflicting pair has a red ring.
fn queen(painter: &egui::Painter, r: Rect, locked: bool, attacking: bool) {
    let radius = r.width() * 0.36;
    let (fill, text) = if locked {
        (LOCKED, QUEEN)
    } else {
        (QUEEN, QUEEN_TEXT)
    };
    let ring = if attacking {
        Stroke::new(3.0, CONFLICT)
    } else if locked {
        Stroke::new(3.0, Color32::BLACK)
    } else {
        Stroke::new(1.0, Color32::BLACK)
    };
    painter.circle(r.center(), radius, fill, ring);
    painter.text(
        r.center(),
        Align2::CENTER_CENTER,
        "Q",
        FontId::proportional(radius * 1.2),
        text,
    );
    if locked {
        // A small padlock shackle above the disc.
        let top = r.center() - vec2(0.0, radius);
        let points: Vec<Pos2> = (0..=8)
            .map(|k| {
                let a = std::f32::consts::PI * (k as f32 / 8.0);
                pos2(
                    top.x + radius * 0.35 * a.cos(),
                    top.y - radius * 0.35 * a.sin(),
                )
            })
            .collect();
        painter.add(egui::Shape::line(points, Stroke::new(2.0, Color32::BLACK)));
    }
}

/// How many queens stand, what the colours mean, and what can be done.
fn explain(ui: &mut Ui, board: &QueensBoard<'_>, editable: bool) {
    let placed = board.queens.len();
    let mut words = format!("{placed} of {} queens placed", board.size);
    if board.locked.is_some() {
        words.push_str(" (gold: locked)");
    }
    ui.label(words);
    legend::show(
        ui,
        [
            (Swatch::Square(LIGHT.blend(ATTACKED)), "attacked"),
            (Swatch::Frame(TRYING), "the square tried"),
            (Swatch::Cross(PRUNED), "pruned"),
        ],
    );
    if !board.pruned.is_empty() {
        ui.weak(format!(
            "× {} square(s) of the next row pruned — hover one for why",
            board.pruned.len()
        ));
    }
    if !board.conflicts.is_empty() {
        ui.colored_label(
            CONFLICT,
            format!(
                "{} pair(s) of queens attack each other",
                board.conflicts.len()
            ),
        );
    }
    if editable {
        ui.weak(
            "Click a square to lock the queen there (again to remove it); the search restarts.",
        );
    }
}
